"""PG 5.63 in one segment: a truck that moves and then unhooks its gun (unhooking costs neither unit MP; the
gun, towed this segment, has not its whole segment left to unlimber, so it stays limbered until a later
one), and the BM-13/portee flip (2 MP either way: move then unlimber, or limber then move, in one turn;
never unlimber then fire, or fire then limber)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction, InvalidAction

from .conftest import unit as _u
from .test_towing import C

BM: dict[str, dict[str, Any]] = {
    **C,
    "bm13": {"type": "vehicle", "ma": 6, "morale": 7, "bombard": 16, "bombard_range": 30, "steps": 1,
             "portee": 1},
    "portee": {"type": "vehicle", "ma": 6, "morale": 7, "at": 4, "at_range": 6, "df": 2, "df_range": 4,
               "steps": 1, "portee": 1},
}


def _towing(make_position: Any, pg: Any, gun: str = "atgun", enemy: str = "L8") -> Any:
    units = [{**_u("g", "C3", gun, "a", "limbered"), "carrier": "tr"}, _u("tr", "C3", "truck"),
             _u("b1", enemy, "inf", "b")]
    return pg(make_position, units, counters_extra=BM)


def test_a_truck_moves_then_unhooks_its_gun_in_the_same_segment(make_position: Any, pg: Any) -> None:
    """5.63: motorized clear 2 MP a hex (demo), so C3-C4-C5 costs 4 of the truck's 8; the unhook is 0 MP.
    The gun is left limbered in C5, marked: it was towed this segment (3.13) and unlimbering needs its whole
    segment, so it cannot unlimber now."""
    pos = _towing(make_position, pg)
    done = pos.push_text("move tr C3-C4-C5 as unhook")
    assert done.cost == 4 and pos.action_text(done).endswith("as unhook")
    g, tr = pos.units["g"], pos.units["tr"]
    assert g.carrier is None and pos.label(g.hex) == "C5" and g.has("limbered") and g.has("moved_fired")
    assert pos.label(tr.hex) == "C5" and tr.has("moved_fired")
    assert pos.state.flow.active == "a" and pos.state.flow.segments == 2  # one segment used, not two
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("unload g")


def test_the_unhooked_gun_unlimbers_in_a_later_segment(make_position: Any, pg: Any) -> None:
    """5.63: next turn (markers off) the gun spends its whole segment unlimbering."""
    pos = _towing(make_position, pg)
    pos.push_text("move tr C3-C4 as unhook")
    pos.push_text("pass")
    pos.push_text("pass")  # 3.0 C: markers off, a new turn
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 1")
    pos.push_text("unload g")
    assert not pos.units["g"].has("limbered") and pos.units["g"].has("moved_fired")


def test_the_unhook_after_a_move_draws_opportunity_fire(make_position: Any, pg: Any) -> None:
    """13.3: unhooking by choice is fired at like a move into a hex; the window names both units."""
    pos = _towing(make_position, pg, enemy="C7")
    pos.push_text("move tr C3-C4 as unhook")
    while pos.decision is not None and pos.decision.kind == "react" and pos.decision.rule != "13.3":
        pos.push_text("answer pass")  # the windows at the hex entered
    top = pos.decision
    assert top is not None and top.rule == "13.3" and set(top.subject) == {"tr", "g"}
    pos.push_text("answer pass")
    assert pos.units["g"].carrier is None


def test_a_towed_mortar_is_never_unhooked_after_a_move(make_position: Any, pg: Any) -> None:
    """5.63: a mortar's unhooking takes all the MP of both units and the whole segment."""
    pos = _towing(make_position, pg, gun="mortar")
    with pytest.raises(IllegalAction, match=r"5\.63"):
        pos.push_text("move tr C3-C4 as unhook")


def test_an_unknown_way_of_moving_is_refused(make_position: Any, pg: Any) -> None:
    pos = _towing(make_position, pg)
    with pytest.raises(InvalidAction, match="as unhook"):
        pos.push_text("move tr C3-C4 as dash")
    with pytest.raises(IllegalAction, match="tows no gun"):
        pos2 = pg(make_position, [_u("tr", "C3", "truck"), _u("b1", "L8", "inf", "b")], counters_extra=BM)
        pos2.push_text("move tr C3-C4 as unhook")


def _bm(make_position: Any, pg: Any, *markers: str) -> Any:
    units = [_u("bm", "C3", "bm13", "a", *markers), _u("b1", "L8", "inf", "b")]
    return pg(make_position, units, counters_extra=BM)


def test_a_bm13_moves_then_unlimbers_for_2_mp(make_position: Any, pg: Any) -> None:
    """T52 (5.63): a BM-13 moves (C3-C4, 2 MP) and flips to its MA 0 face (2 MP): legal, 4 of 6 MP."""
    pos = _bm(make_position, pg, "limbered")
    done = pos.push_text("move bm C3-C4 as unlimber")
    bm = pos.units["bm"]
    assert done.cost == 4 and pos.label(bm.hex) == "C4" and not bm.has("limbered") and bm.has("moved_fired")


def test_the_flip_leaves_no_fire_that_turn(make_position: Any, pg: Any) -> None:
    """T52 (5.63): flip and fire in the same turn is illegal: the flipped unit is marked (3.13)."""
    pos = _bm(make_position, pg, "limbered")
    pos.push_text("move bm C3-C4 as unlimber")  # a has three segments: this is its first
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("fire bm at L8")


def test_the_flip_is_paid_from_the_ma(make_position: Any, pg: Any) -> None:
    """5.63: 2 MP for the flip: C3-C4-C5 (4 MP) and the flip are 6, C3 to C6 (6 MP) and the flip 8 > 6."""
    pos = _bm(make_position, pg, "limbered")
    with pytest.raises(IllegalAction, match="2 MP"):
        pos.push_text("move bm C3-C4-C5-C6 as unlimber")
    assert pos.push_text("move bm C3-C4-C5 as unlimber").cost == 6


def test_on_its_ma_0_face_it_limbers_then_moves(make_position: Any, pg: Any) -> None:
    """5.63: on the MA 0 face it moves only by flipping first (2 MP), then goes on with the rest; a limbered
    BM-13 does not fire."""
    pos = _bm(make_position, pg)
    assert not pos.legal_actions.moves_for(frozenset({"bm"}))  # MA 0: not even the 5.0 one hex
    with pytest.raises(IllegalAction, match=r"5\.63"):
        pos.push_text("move bm C3-C4")
    with pytest.raises(IllegalAction, match="already"):
        pos.push_text("move bm C3-C4 as unlimber")
    assert pos.push_text("move bm C3-C4-C5 as limber").cost == 6
    bm = pos.units["bm"]
    assert bm.has("limbered") and pos.label(bm.hex) == "C5"


def test_a_limbered_portee_does_not_fire(make_position: Any, pg: Any) -> None:
    """5.62, 5.63: on its travel face the portee's gun does not fire."""
    units = [_u("p", "C3", "portee", "a", "limbered"), _u("b1", "C5", "inf", "b")]
    pos = pg(make_position, units, counters_extra=BM)
    with pytest.raises(IllegalAction, match="limbered"):
        pos.push_text("fire p at C5")


def test_a_bm13_unlimbers_in_place_and_the_page_offers_it(make_position: Any, pg: Any) -> None:
    """5.63: the flip without a move (``unload BM``, listed among the actions) is its action for the turn,
    so it does not fire after it; 13.3: it is fired at like an unlimbering gun."""
    pos = _bm(make_position, pg, "limbered")
    assert "unload bm" in {pos.action_text(a) for a in pos.legal_actions}
    pos.push_text("unload bm")
    bm = pos.units["bm"]
    assert not bm.has("limbered") and bm.has("moved_fired")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("fire bm at L8")


def test_the_flip_before_a_move_draws_opportunity_fire_in_its_own_hex(make_position: Any, pg: Any) -> None:
    """13.3: limbering by choice is fired at, as entering a hex is: ``as limber`` opens a window in the hex
    it flips in, before it moves off."""
    units = [_u("bm", "C3", "bm13"), _u("b1", "C6", "inf", "b")]
    pos = pg(make_position, units, counters_extra=BM)
    pos.push_text("move bm C3-B3 as limber")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.rule == "13.3"
    assert top.target == pos.map.parse_label("C3") and pos.label(pos.units["bm"].hex) == "C3"
    assert pos.units["bm"].has("limbered")
    pos.push_text("answer pass")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["bm"].hex) == "B3"
