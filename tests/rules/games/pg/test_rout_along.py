"""PG leaders and commissars going along with a routing unit (rules/games/pg/rout_along.py): 6.53, 6.35,
14.31 (a good-order leader may go; a disrupted one only by demoralizing himself) and 6.63 (the commissar
must go)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

COM = {"com": {"type": "leader", "ma": 4, "morale": 9, "combat": 0, "morale_mod": 0,
               "leader_kind": "commissar"}}


def _fail_recovery(make_position: Any, pg: Any, *leader_markers: str) -> Any:
    """a1 demoralized in E4 with leader al, b1 two hexes off in sight: al is activated, a1 fails (10 is not
    below 8 + 1) and must rout (14.31)."""
    units = [_u("a1", "E4", "inf", "a", "demoralized"), _u("al", "E4", "ldr", "a", *leader_markers),
             _u("b1", "E6", "inf", "b")]
    pos = pg(make_position, units, hexes={"E1": "woods"})
    pos.push_text("activate al")
    pos.push_text("rally a1 dice 5,5")
    return pos


def _place_and_finish(pos: Any) -> str:
    top = pos.decision
    assert top.then == "rout"
    dest = sorted(pos.label(h) for h in top.hexes)[0]
    pos.push_text(f"answer hex {dest}")
    while pos.decision is not None:
        pos.push_text("answer pass")
    return str(dest)


def test_a_good_order_leader_may_go_along_with_the_rout_and_stays_in_good_order(make_position: Any,
                                                                                pg: Any) -> None:
    """6.53 / 14.31: the activated good-order leader of the router's hex may move with it, unchanged."""
    pos = _fail_recovery(make_position, pg)
    top = pos.decision
    assert top.kind == "units" and top.then == "rout_along" and top.units == ("al",) and top.count == 0
    assert "6.53" in top.rule
    pos.push_text("answer units al")
    dest = _place_and_finish(pos)
    assert pos.label(pos.units["al"].hex) == dest == pos.label(pos.units["a1"].hex)
    assert not pos.units["al"].markers & {"disrupted", "demoralized"}


def test_a_leader_may_stay_behind(make_position: Any, pg: Any) -> None:
    """6.53: going along is the owner's choice ("may")."""
    pos = _fail_recovery(make_position, pg)
    pos.push_text("answer none")
    dest = _place_and_finish(pos)
    assert pos.label(pos.units["al"].hex) == "E4" and pos.label(pos.units["a1"].hex) == dest


def test_a_disrupted_leader_demoralizes_himself_to_go_along(make_position: Any, pg: Any) -> None:
    """6.53, 6.35 (1.2 Demoralized): a disrupted leader goes only by swapping DISRUPTED for DEMORALIZED."""
    pos = _fail_recovery(make_position, pg, "disrupted")
    assert pos.decision.then == "rout_along" and pos.decision.units == ("al",)
    pos.push_text("answer units al")
    assert pos.units["al"].has("demoralized") and not pos.units["al"].has("disrupted")
    dest = _place_and_finish(pos)
    assert pos.label(pos.units["al"].hex) == dest


def test_only_activated_leaders_of_the_hex_are_offered(make_position: Any, pg: Any) -> None:
    """6.53: an activated leader in the same hex; a leader elsewhere, or not activated, is not asked."""
    units = [_u("a1", "E4", "inf", "a", "demoralized"), _u("al", "E4", "ldr", "a"),
             _u("b1", "E6", "inf", "b")]
    pos = pg(make_position, units, hexes={"E1": "woods"})
    pos.push_text("activate a1")
    pos.push_text("rally a1 dice 5,5")
    assert pos.decision.then == "rout"  # al was not activated: no question, he stays
    with pytest.raises(IllegalAction):
        pos.push_text("answer units al")


def test_a_commissar_must_go_along_when_his_unit_fails_and_routs(make_position: Any, pg: Any) -> None:
    """6.63: the commissar's failed help costs the unit a step; it routs (14.31) and he must go with it,
    his own morale untouched. Commissar morale 9, roll 5+5 = 10: not below 9, a failure."""
    units = [_u("com", "E4", "com", "a"), _u("a1", "E4", "inf", "a", "demoralized"),
             _u("b1", "E6", "inf", "b")]
    pos = pg(make_position, units, hexes={"E1": "woods"}, counters_extra=COM)
    pos.push_text("activate com")
    pos.push_text("rally a1 dice 5,5")
    assert pos.units["a1"].has("reduced") and pos.units["a1"].has("demoralized")
    assert pos.decision.then == "rout" and pos.decision.arg("along") == "com"  # not asked: bound
    dest = _place_and_finish(pos)
    assert pos.label(pos.units["com"].hex) == dest == pos.label(pos.units["a1"].hex)
    assert not pos.units["com"].markers & {"disrupted", "demoralized"}


def test_a_leader_may_go_along_out_of_an_assault_hex(make_position: Any, pg: Any) -> None:
    """12.1 with 6.53: a demoralized unit failing to recover in an assault hex leaves it, one hex; the
    activated good-order leader with it may go too."""
    units = [_u("a1", "C5", "inf", "a", "demoralized"), _u("al", "C5", "ldr"), _u("b1", "C5", "inf", "b")]
    pos = pg(make_position, units)
    pos.push_text("activate al")
    pos.push_text("rally a1 dice 5,5")
    assert pos.decision.then == "rout_along" and pos.decision.units == ("al",)
    pos.push_text("answer units al")
    top = pos.decision
    assert top.then == "rout" and "12.1" in top.rule
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    shot = pos.decision  # 12.12: the enemy's free shot at the units leaving, the leader among them
    assert shot.kind == "roll" and "a1, al" in str(shot.prompt)
