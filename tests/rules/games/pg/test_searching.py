"""The optional pre-planned fire and searching fire (17.0, ``options.preplanned`` and
``options.searching_fire``).
Pre-planned: an artillery unit that began unlimbered bombards its recorded hex without spotting, and the
friendly-fire roll is +1. Searching: a hex in sight whose units nobody spots may be bombarded; one die:
1-2 no effect, 3-5 half strength, 6 full. The numbers are the text's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import bombard
from hexmate.rules.games.pg.game import MARK

from .conftest import unit as _u

MTR = {"mtr": {"type": "personnel", "bombard": 5, "bombard_range": 8, "ma": 1, "morale": 7, "branch": "MTR",
               "calibre": 81, "steps": 1}}
WOODS = {"E1": {"terrain": "woods"}}  # 4 hexes from A1: its units are hidden beyond 3 (8.21), the hex is not


def _pos(make_position: Any, pg: Any, extra: list[dict[str, Any]] | None = None, **options: Any) -> Any:
    units = [_u("m", "A1", "mtr"), _u("b1", "E1", "inf", "b"), *(extra or [])]
    return pg(make_position, units, counters_extra=MTR, hexes=WOODS, options=options)


def test_without_the_options_an_unspotted_hex_is_not_bombarded(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    with pytest.raises(IllegalAction, match="spots it"):
        pos.push_text("fire m at E1")


def test_searching_fire_1_or_2_no_effect_the_firer_marked(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, searching_fire=True)
    pos.push_text("fire m at E1")
    d = pos.decision
    assert d is not None and d.then == "search" and d.dice == "1d6"
    pos.push_text("answer dice 2")
    assert pos.decision is None and pos.units["m"].has(MARK) and "no effect" in pos.last_resolution.text()


def test_searching_fire_3_to_5_half_strength_6_full(make_position: Any, pg: Any) -> None:
    """Bombardment 5: half is 3 (rounded up, 1.2)."""
    pos = _pos(make_position, pg, searching_fire=True)
    pos.push_text("fire m at E1")
    pos.push_text("answer dice 4")
    assert pos.decision.then == "bombard"
    pos.push_text("answer dice 1,1")
    assert "half strength, rounded up = 3" in pos.last_resolution.text()
    pos = _pos(make_position, pg, searching_fire=True)
    pos.push_text("fire m at E1")
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 1,1")
    assert "half strength" not in pos.last_resolution.text() and "5 -> column" in pos.last_resolution.text()


def test_searching_fire_needs_the_hex_in_sight(make_position: Any, pg: Any) -> None:
    units = [_u("m", "A1", "mtr"), _u("b1", "E1", "inf", "b")]
    hexes = {**WOODS, **{f"C{r}": {"terrain": "woods"} for r in range(1, 4)}}  # a woods screen between
    pos = pg(make_position, units, counters_extra=MTR, hexes=hexes, options={"searching_fire": True})
    with pytest.raises(IllegalAction, match="spots it"):
        pos.push_text("fire m at E1")


def test_a_preplanned_hex_is_bombarded_unspotted_and_friendly_fire_is_plus_1(make_position: Any,
                                                                            pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a2", "E2")], preplanned={"m": "E1"})
    pos.push_text("fire m at E1")
    assert pos.decision.then == "bombard"  # no searching die: the plan needs no spotting
    pos.push_text("answer dice 1,1")
    risks = [d for d in pos.state.decisions if d.then == "ff_check"]
    assert risks and risks[0].arg("planned") == "1"
    # 9.52: 2d6 of 2-5 hits; a 5 is a hit, +1 for the pre-planned hex makes it 6: no hit
    assert bombard.friendly_fire(5, "", False) and not bombard.friendly_fire(5, "", False, planned=True)


def test_a_preplanned_hex_only_for_units_that_began_unlimbered(make_position: Any, pg: Any) -> None:
    units = [_u("m", "A1", "mtr", "a", "limbered"), _u("b1", "E1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=MTR, hexes=WOODS, options={"preplanned": {"m": "E1"}})
    state = pos.state.with_unit(pos.units["m"].mark(remove=("limbered",)))  # unlimbered since
    pos = pos.at(state)
    with pytest.raises(IllegalAction, match="spots it"):
        pos.push_text("fire m at E1")


def test_an_off_board_value_planned_on_a_hex_is_called_there_unspotted(make_position: Any, pg: Any) -> None:
    """17.0: each off-board value may have a pre-planned hex; a leader calls it there without spotting, only
    the planned values fire, and the friendly-fire roll is +1."""
    units = [_u("l", "A1", "ldr"), _u("a2", "E2"), _u("b1", "E1", "inf", "b")]
    off = {"offboard": {"a": [20, 20]}}
    pos = pg(make_position, units, hexes=WOODS, options=off)
    with pytest.raises(IllegalAction, match="spots it"):
        pos.push_text("fire l at E1")
    pos = pg(make_position, units, hexes=WOODS, options={**off, "preplanned": {"a:b2": "E1"}})
    pos.push_text("fire l at E1")
    d = pos.decision
    assert d is not None and d.then == "offboard" and d.choices == ("b2",)
    pos.push_text("answer b2")
    assert pos.decision.then == "bombard" and pos.decision.arg("planned") == "1"
    pos.push_text("answer dice 1,1")
    risks = [x for x in pos.state.decisions if x.then == "ff_check"]
    assert risks and risks[0].arg("planned") == "1"
