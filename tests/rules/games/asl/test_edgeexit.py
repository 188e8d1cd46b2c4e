"""Leaving the map by any map-edge hex (A2.6) and its CVP (A26.221), edgeexit.py. The map is conftest's 12 x 8
board (Open Ground unless given): column L is its east edge. Squads are 4-6-7s (A26.211: 2 VP); the demo
PzKpfw has 14 MP and 1 MP an open hex (as test_vrecall)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import edgeexit

from .test_armour import COUNTERS


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _go(pos: Any, text: str) -> None:
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


EXIT_A = {"victory": {"exit": {"side": "a", "hexes": ["L1"], "vp": 4}}}


def test_a26_221_a_squad_leaving_by_any_edge_gives_the_enemy_its_cvp(make_position: Any) -> None:
    """A2.6: the squad in J4 leaves from L4 (no exit hex, no exit side here): 2 MF to L4 and 1 for the
    mirror image of its Open Ground; A26.221: it counts as eliminated, its 2 VP to side b."""
    pos = make_position("asl", [_u("a-1", "J4"), _u("b-1", "A1", side="b")], "MPh")
    _go(pos, "move a-1 J4-K4-L4 as exit")
    assert pos.state.game.exited == (("a-1", 0),)
    status = pos.game.status(pos)
    assert "b: 2 CVP (A26.22)" in status and "a: 0 CVP (A26.22)" in status


def test_a26_23_the_exit_side_off_its_exit_hex_scores_exit_vp_elsewhere_cvp(make_position: Any) -> None:
    """A26.23: side a's squad leaving by its exit hex L1 scores 2 Exit VP and is no casualty; its other
    squad leaving from L5, no exit hex, scores no Exit VP and gives b 2 CVP (A26.221)."""
    units = [_u("a-1", "K1"), _u("a-2", "K5"), _u("b-1", "A1", side="b")]
    pos = make_position("asl", units, "MPh", options=EXIT_A)
    _go(pos, "move a-1 K1-L1 as exit")
    status = pos.game.status(pos)
    assert "a: 2 Exit VP of 4 (A26.23)" in status and "b: 0 CVP (A26.22)" in status
    _go(pos, "move a-2 K5-L5 as exit")
    status = pos.game.status(pos)
    assert "a: 2 Exit VP of 4 (A26.23)" in status and "b: 2 CVP (A26.22)" in status


def test_a2_6_the_mirror_image_of_woods_costs_woods(make_position: Any) -> None:
    """A2.6's example (W1: the COT of its terrain beyond the edge): from K4 into woods L4 (2 MF) and off
    into the mirror image of L4's woods (2 MF more) is 4 MF of the squad's 4; from J4 it would be 5."""
    hexes = {"L4": {"terrain": "woods"}}
    pos = make_position("asl", [_u("a-1", "K4"), _u("a-2", "J4"), _u("b-1", "A1", side="b")], "MPh",
                        hexes=hexes)
    with pytest.raises(IllegalAction, match="costs 5 MF"):
        pos.game.check(pos, pos.parse_action("move a-2 J4-K4-L4 as exit"))
    assert pos.game.check(pos, pos.parse_action("move a-1 K4-L4 as exit")).cost == 4


def test_a2_6_never_in_the_rtph_and_never_back(make_position: Any) -> None:
    """A2.6: no leaving in the RtPh; a unit that left is gone for good (it cannot be moved again)."""
    units = [_u("a-1", "L4", markers=["broken"]), _u("b-1", "A1", side="b")]
    rtph = make_position("asl", units, "RtPh")
    assert not any(getattr(a, "mode", "") == "exit" for a in rtph.legal_actions)
    with pytest.raises(IllegalAction):
        rtph.game.check(rtph, rtph.parse_action("move a-1 L4-L4 as exit"))
    pos = make_position("asl", [_u("a-1", "K4"), _u("b-1", "A1", side="b")], "MPh")
    _go(pos, "move a-1 K4-L4 as exit")
    with pytest.raises(Exception, match="a-1"):
        pos.push_text("move a-1 L4-K4")


def test_a2_6_the_page_offers_an_exit_from_each_edge_hex_reached(make_position: Any) -> None:
    """One ``as exit`` offer a map-edge hex the squad reaches with MF left for the mirror: from K4 (4 MF) the
    edge hexes of column L within 3 MF (L2-L6) and none inside the map."""
    pos = make_position("asl", [_u("a-1", "K4"), _u("b-1", "A1", side="b")], "MPh")
    exits = [a for a in pos.legal_actions if getattr(a, "mode", "") == "exit"]
    assert exits and all(edgeexit.on_edge(pos.map, a.path[-1]) for a in exits)
    assert all(a.cost is not None and a.cost <= 4 for a in exits)
    assert len({a.path[-1] for a in exits}) == len(exits)


def test_a2_6_a_squad_advances_off_any_edge_in_the_aph(make_position: Any) -> None:
    """A2.6 in the APh: the squad on L4 (no exit hex) advances off; A26.221: 2 CVP to b."""
    pos = make_position("asl", [_u("a-1", "L4"), _u("b-1", "A1", side="b")], "APh")
    assert any(a.kind == "advance" and getattr(a, "mode", "") == "exit" for a in pos.legal_actions)
    pos.push_text("move a-1 L4 as exit")
    assert "a-1" not in pos.units and "b: 2 CVP (A26.22)" in pos.game.status(pos)


def test_a2_6_a_tank_leaves_by_any_edge_and_counts_as_eliminated(make_position: Any) -> None:
    """A2.6 for a vehicle in its MPh: the PzKpfw in I5 facing east: start 1 + J5, K5, L5 1 each + the mirror
    of L5's Open Ground 1 = 5 MP; A26.221: it counts as eliminated for b's CVP (its A26.212 VP)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "I5", "markers": ["vca0"]},
             _u("b-1", "A1", side="b")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    move = pos.game.check(pos, pos.parse_action("move a-pz I5-J5-K5-L5 as exit"))
    assert move.cost == 5
    from hexmate.rules.games.asl import victory

    vp = victory.unit_vp(pos.units["a-pz"])
    assert vp > 0
    _go(pos, "move a-pz I5-J5-K5-L5 as exit")
    assert "a-pz" not in pos.units and f"b: {vp} CVP (A26.22)" in pos.game.status(pos)


def test_a2_6_a_road_off_the_edge_goes_on_in_the_mirror_image(make_position: Any) -> None:
    """A2.6's example (2Y1: off by road movement): the CE PzKpfw in F3 along the road north to the edge hex
    F0 and off it: start 1 + F2, F1, F0 at road rate 1/2 each + the mirror image's road 1/2 = 3 MP (D2.12,
    D2.16); the same hexes with no road: 1 + 1 + 1 + 1 + the mirror's Open Ground 1 = 5."""
    road = {"F0": {"road": ["N", "S"]}, "F1": {"road": ["N", "S"]}, "F2": {"road": ["N", "S"]},
            "F3": {"road": ["N"]}}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "F3", "markers": ["vca1", "ce"]},
             _u("b-1", "A8", side="b")]
    on_road = make_position("asl", units, "MPh", counters=COUNTERS, hexes=road)
    assert on_road.game.check(on_road, on_road.parse_action("move a-pz F3-F2-F1-F0 as exit")).cost == 3
    open_ground = make_position("asl", units, "MPh", counters=COUNTERS)
    plain = open_ground.parse_action("move a-pz F3-F2-F1-F0 as exit")
    assert open_ground.game.check(open_ground, plain).cost == 5


def test_d2_5_a_tank_may_leave_by_esb(make_position: Any) -> None:
    """D2.5: ESB's extra MP may be spent in any hex, so on leaving too. The 14-MP PzKpfw in C5 facing east:
    start 1 + woods D5 7 + E5-L5 8 + the mirror of L5's Open Ground 1 = 17 MP, 3 over its 14, as many as a
    quarter of 14 (FRD) allows: it asks 3 by ESB (+3, +2 German); its DR 2 + 5 passes, the bog DR in D5
    too, and it is gone. From B5, 18 MP, is more than ESB gives."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             _u("b-1", "A1", side="b")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"D5": {"terrain": "woods"}})
    path = "move a-pz C5-D5-E5-F5-G5-H5-I5-J5-K5-L5 as exit"
    assert pos.game.check(pos, pos.parse_action(path)).cost == 17
    pos.push_text(path)
    top = pos.decision
    assert top is not None and top.then == "vesb" and top.arg("drm") == "5"
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    _go(pos, "answer pass")
    assert "a-pz" not in pos.units and pos.state.game.exited
    back = [{**units[0], "hex": "B5"}, units[1]]
    further = make_position("asl", back, "MPh", counters=COUNTERS, hexes={"D5": {"terrain": "woods"}})
    with pytest.raises(IllegalAction, match="costs 18 MP"):
        further.game.check(further, further.parse_action(path.replace("C5-", "B5-C5-")))


WOODS_D0 = {"D0": {"terrain": "woods"}}  # the board's top edge: D0 a half hex, C0 off the map, C1 on it


def test_a2_6_example_a_squad_bypasses_the_edge_hex_off_the_map(make_position: Any) -> None:
    """A2.6's example (2X1 bypassing X0 to the vertex X0-W1-W0, which is off the map, 1 MF, then 1 MF more
    into the Open Ground mirror image of W1), here D1 round the woods half hex D0 along its hexside with C1
    to the vertex D0-C1-C0: 1 + 1 = 2 MF, where entering D0 and leaving into its woods' mirror is 2 + 2;
    A26.221: the squad counts as eliminated, 2 CVP to b."""
    pos = make_position("asl", [_u("a-1", "D1"), _u("b-1", "A8", side="b")], "MPh", hexes=WOODS_D0)
    assert pos.game.check(pos, pos.parse_action("move a-1 D1-D0 as exit+bypass:C1")).cost == 2
    assert pos.game.check(pos, pos.parse_action("move a-1 D1-D0 as exit")).cost == 4
    _go(pos, "move a-1 D1-D0 as exit+bypass:C1")
    assert "a-1" not in pos.units and pos.state.game.exited == (("a-1", 0),)
    assert "b: 2 CVP (A26.22)" in pos.game.status(pos)
    assert not pos.state.game.bypass


def test_a2_6_the_bypass_exit_needs_one_mf_beyond_the_bypass(make_position: Any) -> None:
    """A2.6: the unit must have 1 MF more than the Bypass cost. From G2 by F2, E2, D1 (3 MF) round D0
    (1 MF) the squad's 4 MF reach the edge vertex but do not take it off: 5 MF; from F2 it is 4."""
    pos = make_position("asl", [_u("a-1", "G2"), _u("b-1", "A8", side="b")], "MPh", hexes=WOODS_D0)
    with pytest.raises(IllegalAction, match="costs 5 MF"):
        pos.game.check(pos, pos.parse_action("move a-1 G2-F2-E2-D1-D0 as exit+bypass"))
    near = make_position("asl", [_u("a-1", "F2"), _u("b-1", "A8", side="b")], "MPh", hexes=WOODS_D0)
    assert near.game.check(near, near.parse_action("move a-1 F2-E2-D1-D0 as exit+bypass")).cost == 4


def test_a2_6_a_bypass_exit_only_round_an_edge_building_or_woods_hex(make_position: Any) -> None:
    """A2.6 with A4.3: the bypassed last hex is on the map's edge (D1 is not) and a woods or building hex (an
    Open Ground D0 is left from, not bypassed); a blocked hexside leaves no way round (A4.31)."""
    woods = {"D0": {"terrain": "woods"}, "D1": {"terrain": "woods"}}
    pos = make_position("asl", [_u("a-1", "D2"), _u("b-1", "A8", side="b")], "MPh", hexes=woods)
    with pytest.raises(IllegalAction, match=r"A2\.6"):
        pos.game.check(pos, pos.parse_action("move a-1 D2-D1 as exit+bypass"))
    plain = make_position("asl", [_u("a-1", "D1"), _u("b-1", "A8", side="b")], "MPh")
    with pytest.raises(IllegalAction, match=r"A2\.6"):
        plain.game.check(plain, plain.parse_action("move a-1 D1-D0 as exit+bypass"))
    sides = [{"hex": "D0", "side": "SW", "features": ["bypass-blocked"]},
             {"hex": "D0", "side": "SE", "features": ["bypass-blocked"]}]
    blocked = make_position("asl", [_u("a-1", "D1"), _u("b-1", "A8", side="b")], "MPh", hexes=WOODS_D0,
                            hexsides=sides)
    with pytest.raises(IllegalAction, match="no way round D0"):
        blocked.game.check(blocked, blocked.parse_action("move a-1 D1-D0 as exit+bypass"))


def test_a2_6_with_d2_3_a_tank_bypasses_the_edge_hex_off_the_map(make_position: Any) -> None:
    """A2.6 (MF/MP: a vehicle too) with D2.3: the PzKpfw in D1, its VCA on D0 and C1, bypasses the woods
    half hex D0 forward along its hexside with C1 to the CAFP D0-C1-C0 on the map's edge: start 1 + VBM twice
    Open Ground's 1 = 3 MP, and 1 MP more to leave: 4; A26.221: it counts as eliminated."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "D1", "markers": ["vca2"]},
             _u("b-1", "A8", side="b")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=WOODS_D0)
    assert pos.game.check(pos, pos.parse_action("move a-pz D1-D0 as exit+bypass:C1")).cost == 4
    _go(pos, "move a-pz D1-D0 as exit+bypass:C1")
    assert "a-pz" not in pos.units and pos.state.game.exited == (("a-pz", 0),)
    inland = make_position("asl", [{**units[0], "hex": "D3"}, units[1]], "MPh", counters=COUNTERS,
                           hexes={"D2": {"terrain": "woods"}})
    with pytest.raises(IllegalAction, match=r"A2\.6"):
        inland.game.check(inland, inland.parse_action("move a-pz D3-D2 as exit+bypass"))
