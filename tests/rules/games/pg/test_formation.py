"""The optional formation activation (17.0, ``options.formation_activation``): morale 7+, initiative 2+, a
non-demoralized MAJ or higher and no demoralized leader in it; 2d6 at or under the senior leader's morale,
+1 per friendly leader and unit eliminated (trucks, wagons, prime movers not counted), +1 per reduced unit
of the formation, -1 when none is, -1 for the listed nationalities. Success: its units act and are all
marked when the segment ends, and may combine fire from two adjacent hexes without a leader. Failure: the
leaders count as moved/fired, the units do not. The numbers are the text's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import formation
from hexmate.rules.games.pg.game import MARK

from .conftest import unit as _u

EXTRA = {"maj": {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 1, "rank": "MAJ"},
         "lt": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 1, "rank": "LT"},
         "green": {"type": "personnel", "df": 3, "df_range": 2, "ma": 3, "morale": 6, "steps": 2},
         "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1}}
UNITS = [_u("m", "B2", "maj"), _u("a1", "B2"), _u("a2", "B3"), _u("a3", "A6"), _u("b1", "E2", "inf", "b")]


def _pos(make_position: Any, pg: Any, units: list[dict[str, Any]] | None = None, opt: Any = True,
         **kw: Any) -> Any:
    return pg(make_position, units or UNITS, counters_extra=EXTRA, options={"formation_activation": opt},
              **kw)


def test_at_or_under_the_senior_leaders_morale_activates_the_formation(make_position: Any, pg: Any) -> None:
    """5 + 5 = 10, -1 (no reduced unit) = 9, the MAJ's morale 9: activated."""
    pos = _pos(make_position, pg)
    pos.push_text("activate m,a1,a2,a3 for formation")
    d = pos.decision
    assert d is not None and d.then == "formation" and d.dice == "2d6"
    pos.push_text("answer dice 5,5")
    assert "formation is activated" in pos.last_resolution.text()
    assert set(pos.game.gstate(pos.state).active) == {"m", "a1", "a2", "a3"}
    pos.push_text("fire a1,a2 at E2")  # two adjacent hexes, no leader named: the formation's bonus
    while pos.decision is not None:
        d = pos.decision
        pos.push_text("answer dice 3,3" if d.dice == "2d6" else f"answer {d.choices[0]}")
    pos.push_text("pass")  # done: the segment ends
    assert all(pos.units[u].has(MARK) for u in ("m", "a1", "a2", "a3"))  # a3 did nothing, marked too


def test_over_it_fails_and_only_the_leaders_are_marked(make_position: Any, pg: Any) -> None:
    """5 + 6 = 11, -1 = 10 > 9."""
    pos = _pos(make_position, pg)
    pos.push_text("activate m,a1,a2,a3 for formation")
    pos.push_text("answer dice 5,6")
    assert pos.units["m"].has(MARK) and not any(pos.units[u].has(MARK) for u in ("a1", "a2", "a3"))
    assert not pos.game.gstate(pos.state).active


def test_the_drms(make_position: Any, pg: Any) -> None:
    """A reduced unit +1 (and no -1); a leader and a unit eliminated +1 each; a truck lost is not counted;
    an elite side -1."""
    units = [*UNITS, _u("l2", "A8", "lt"), _u("a4", "A7"), _u("t", "A5", "truck")]
    pos = _pos(make_position, pg, units, opt={"elite": ["a"]})
    state = pos.state.with_unit(pos.units["a1"].mark("reduced"))
    for gone in ("l2", "a4", "t"):
        state = state.without_unit(gone)
    pos = pos.at(state)
    mods = formation.modifiers(pos, [pos.units[u] for u in ("m", "a1", "a2")])
    assert sorted(v for _, v in mods) == [-1, 1, 1, 1]  # nationality -1, leaders 1, units 1, reduced 1
    assert formation.losses(pos, "a") == (1, 1)


def test_the_conditions(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, opt=False)
    with pytest.raises(IllegalAction, match="optional rule"):
        pos.push_text("activate m,a1 for formation")
    pos = _pos(make_position, pg, [_u("m", "B2", "lt"), _u("a1", "B2"), _u("b1", "E2", "inf", "b")])
    with pytest.raises(IllegalAction, match="MAJ or higher"):
        pos.push_text("activate m,a1 for formation")
    pos = _pos(make_position, pg, [_u("m", "B2", "maj"), _u("g", "B2", "green"), _u("b1", "E2", "inf", "b")])
    with pytest.raises(IllegalAction, match="morale 7 or more"):
        pos.push_text("activate m,g for formation")
    low = pg(make_position, UNITS, counters_extra=EXTRA,
             options={"formation_activation": True, "initiative": {"a": 1, "b": 0}})
    with pytest.raises(IllegalAction, match="initiative is 1"):
        low.push_text("activate m,a1 for formation")


def test_without_a_formation_two_hexes_need_a_leader(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    with pytest.raises(IllegalAction, match="different hexes"):
        pos.push_text("fire a1,a2 at E2")
