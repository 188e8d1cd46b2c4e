"""PG foxholes, strongpoints and entrenchments against direct fire and bombardment (16.1, 16.2, 16.4, 7.52).

The text: a unit with DUG IN on top gets the defensive column shift of the combat tables (16.2), only the
units actually in foxholes; with dug-in and other units in the target hex the one roll is read on two columns
(7.52). A leader stacked with friendly dug-in units counts as dug in. A strongpoint is a permanent foxhole for
combat (16.1). An entrenchment gives a favourable shift against direct fire and bombardment, not to AFVs,
cavalry or transports (16.4). The shift itself is on the TEC, not in the text: it is the chart pack's
``works`` chart (the demo pack's -1 foxholes, -2 entrenchment are invented), and an owner's pack overrides it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hexmate.rules.charts import ChartPack
from hexmate.rules.errors import DataError
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.pg import cover

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "mtr": {"type": "personnel", "bombard": 8, "bombard_range": 8, "ma": 2, "morale": 8, "steps": 2,
            "branch": "MTR"},
    "tank": {"type": "vehicle", "ma": 6, "at": 6, "at_range": 4, "df": 4, "df_range": 4, "armor": 4,
             "steps": 2, "morale": 8},
    "sp": {"type": "personnel", "df": 4, "df_range": 3, "ma": 0, "morale": 8, "steps": 1, "strongpoint": 1},
}


def _rolls(pos: Any, dice: str) -> None:
    pos.push_text(f"answer dice {dice}")


def test_direct_fire_reads_the_dug_in_unit_on_its_own_column(make_position: Any, pg: Any) -> None:
    """16.2 and 7.52: INF 5 adjacent (column 4 + 2 = 11); one roll of 6 is an X for the unit in the open
    and, on the dug-in unit's own column (11 - 1 = 7, the demo pack's foxhole shift), an M2; so the step is
    taken from the unit in the open only (7.61), and both then check M2 (7.6)."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C4", "inf", "b"),
                             _u("b2", "C4", "inf", "b", "dug_in")], counters_extra=C)
    pos.push_text("fire a1 at C4")
    _rolls(pos, "3,3")
    res = pos.last_resolution
    assert res is not None and res.results == {"b1": "X", "b2": "M2"}
    text = res.text()
    assert "b2 in foxholes" in text and "-1" in text and "column 7" in text and "column 11" in text
    assert pos.units["b1"].has("reduced")  # the X fell on b1, the only one its column gave an X
    assert not pos.units["b2"].has("reduced")


def test_a_leader_with_dug_in_units_and_a_strongpoint_get_the_foxhole_column(make_position: Any,
                                                                             pg: Any) -> None:
    """16.2 note: a leader stacked with friendly dug-in units is in the foxholes; 16.1: a strongpoint is a
    permanent foxhole. A leader alone, and a unit merely digging (DUG IN under it), are not."""
    pos = pg(make_position, [_u("a1", "C3"), _u("bl", "C4", "ldr", "b"), _u("b2", "C4", "inf", "b", "dug_in"),
                             _u("sp", "E5", "sp", "b"), _u("l2", "E6", "ldr", "b"),
                             _u("b3", "E7", "inf", "b", "digging")], counters_extra=C)
    assert cover.position_of(pos, pos.units["bl"]) == "foxholes"
    assert cover.position_of(pos, pos.units["sp"]) == "foxholes"
    assert cover.position_of(pos, pos.units["l2"]) == ""
    assert cover.position_of(pos, pos.units["b3"]) == ""


def test_an_entrenchment_shifts_fire_but_not_for_afvs(make_position: Any, pg: Any) -> None:
    """16.4: favourable shift for the units in it against DF and bombardment; AFVs, cavalry and transports in
    it get none."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C4", "inf", "b", "entrenched"),
                             _u("bt", "C4", "tank", "b", "entrenched")], counters_extra=C)
    shift = cover.shift(pos, pos.units["b1"], "dft")
    assert shift is not None and shift[1] == -2 and "16.4" in shift[2]  # the demo pack's TEC value
    assert cover.shift(pos, pos.units["bt"], "dft") is None


def test_bombardment_reads_the_dug_in_unit_on_its_own_column(make_position: Any, pg: Any) -> None:
    """16.2 and 7.52 on the Bombardment Table: a mortar's 8 at range 3, roll 7: column 8 gives the unit in
    the open an X; the dug-in unit is read one column left (5, demo value) and takes M2."""
    pos = pg(make_position, [_u("a1", "C3", "mtr"), _u("b1", "C6", "inf", "b"),
                             _u("b2", "C6", "inf", "b", "dug_in")], counters_extra=C)
    pos.push_text("fire a1 at C6")
    _rolls(pos, "3,4")
    res = pos.last_resolution
    assert res is not None and res.chart == "bombardment"
    assert res.results == {"b1": "X", "b2": "M2"}
    assert "b2 in foxholes" in res.text() and "column 5" in res.text()
    assert not pos.units["b2"].has("reduced")


def _owner_pack(foxholes: int) -> ChartPack:
    data = json.loads(get_game("pg").demo_charts_path.read_text(encoding="utf-8"))
    owner = copy.deepcopy(data)
    owner["demo"] = False
    owner["provenance"] = {"publisher": "owner", "edition": "keyed", "entered_by": "test"}
    owner["charts"]["works"]["cells"] = [[foxholes, foxholes], [-2, -2]]
    return ChartPack.from_dict(owner, source="owner.json")


def test_the_owners_pack_gives_the_foxhole_shift(make_position: Any, pg: Any) -> None:
    """The value is the TEC's: an owner's pack with -2 for foxholes reads the dug-in unit two columns left
    (11 - 2 = 4: roll 6 -> M1) where the demo pack's -1 gives M2."""
    pos = pg(make_position, [_u("a1", "C3"), _u("b1", "C4", "inf", "b"),
                             _u("b2", "C4", "inf", "b", "dug_in")], counters_extra=C)
    owned = Position(pos.game, pos.scenario, pos.map, _owner_pack(-2), pos.state)
    owned.push_text("fire a1 at C4")
    owned.push_text("answer dice 3,3")
    res = owned.last_resolution
    assert res is not None and res.results == {"b1": "X", "b2": "M1"} and not res.demo


def test_a_pack_without_the_works_chart_is_refused_by_name(tmp_path: Any) -> None:
    """An imported pack must carry every chart the game reads: the error names the file and the chart."""
    data = json.loads(get_game("pg").demo_charts_path.read_text(encoding="utf-8"))
    del data["charts"]["works"]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match=r"mine.json.*no chart 'works'"):
        get_game("pg").load_charts(path)


def test_an_entrenchment_stays_and_serves_the_next_occupant(make_position: Any, pg: Any) -> None:
    """16.4: placed at the start, it stays when its units leave and serves the next occupant of either side;
    12.41: units that came in while the enemy held it are not in it."""
    units = [_u("a2", "D4"), _u("b1", "C4", "inf", "b"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, options={"entrenchments": ["C4"]})
    assert pos.units["b1"].has("entrenched") and cover.position_of(pos, pos.units["b1"]) == "entrenchment"
    pos = pos.at(pos.state.with_unit(pos.units["b1"].at(pos.map.parse_label("C6"))))
    pos = pos.at(pos.game.settle(pos))
    assert not pos.units["b1"].has("entrenched")
    pos.push_text("move a2 D4-C4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.units["a2"].has("entrenched")


def test_assaulting_into_an_entrenchment_does_not_put_the_attacker_in_it(make_position: Any, pg: Any) -> None:
    """12.41, 16.4: the entrenchment serves the defenders that held it before the enemy came in."""
    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), _u("b1", "C4", "inf", "b"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, options={"entrenchments": ["C4"]})
    pos.push_text("move a1,al C3-C4")
    assert pos.units["b1"].has("entrenched") and not pos.units["a1"].has("entrenched")


@pytest.mark.parametrize("choice", ["stay", "rout"])
def test_entrenched_units_need_not_rout(make_position: Any, pg: Any, choice: str) -> None:
    """14.31: failing recovery in an entrenchment it need not rout; its owner may still choose to."""
    units = [_u("a1", "E4", "inf", "a", "demoralized"), _u("b1", "E6", "inf", "b")]
    pos = pg(make_position, units, hexes={"E1": "woods"}, options={"entrenchments": ["E4"]})
    pos.push_text("rally a1 dice 5,5")
    top = pos.decision
    assert top is not None and top.then == "entrenched_rout" and top.rule == "14.31" and top.side == "a"
    pos.push_text(f"answer {choice}")
    if choice == "stay":
        assert pos.label(pos.units["a1"].hex) == "E4" and pos.decision is None
    else:
        assert pos.decision is not None and pos.decision.then == "rout"
