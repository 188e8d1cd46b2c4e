"""Carrying a wounded SMC with Double Time and in a rout (A17.2 with A4.5, A10.5, A10.711). The text's
numbers: a wounded SMC has 3 MF (in the RtPh too) and may not Double Time; a Good Order MMC carries one as
5 PP over its IPC of 3 (each PP over it 1 MF less, A4.42); Double Time gives +2 MF and CX, 8 MF at most
(A4.5), and CX takes 1 from the IPC (A4.52); a wounded leader still gives +2 (A17.2). So a 4-6-7 carrying
its wounded 9-1 Double Timing: min(4 + 2 + 2, 8) - (5 - (3 - 1)) = 5 MF. Demo catalogue counters."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import latedt, mphsw, rout, woundcarry
from hexmate.rules.games.asl import units as au
from hexmate.rules.hexes import distance

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, phase: str = "MPh", squad: tuple[str, ...] = (),
         leader: tuple[str, ...] = ("wounded",), *extra: dict[str, Any]) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", "markers": list(squad)},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1", "markers": list(leader)}, *extra]
    return make_position("asl", units, phase, counters=COUNTERS)


FIVE = "move a-1,a-l C1-D1-E1-F1-G1-H1"  # five Open Ground hexes: 5 MF


def test_a4_5_the_carrier_double_times_with_the_wounded_leader_on_its_back(make_position: Any) -> None:
    pos = _pos(make_position)
    units = [pos.units["a-1"], pos.units["a-l"]]
    assert pos.game.group_budget(units, woundcarry.DT_MODE, pos.state) == 5
    pos.push_text(FIVE + " as carry+cx")
    assert pos.label(pos.units["a-1"].hex) == "H1" and pos.label(pos.units["a-l"].hex) == "H1"
    assert pos.units["a-1"].has("cx")  # A4.5: the carrier is CX
    assert pos.units["a-l"].has(woundcarry.MARKER) and not pos.units["a-l"].has("cx")  # carried, not walking
    assert not pos.units["a-1"].has("pinned")  # 5 MF, within the allowance: no Minimum Move (A4.134)


def test_a4_5_six_hexes_are_one_too_many(make_position: Any) -> None:
    pos = _pos(make_position)
    with pytest.raises(IllegalAction):
        pos.push_text("move a-1,a-l C1-D1-E1-F1-G1-H1-I1 as carry+cx")


def test_a4_5_a_cx_carrier_may_not_double_time(make_position: Any) -> None:
    pos = _pos(make_position, "MPh", ("cx",))
    with pytest.raises(IllegalAction, match="a-1 may not Double Time"):
        pos.push_text("move a-1,a-l C1-D1 as carry+cx")


def test_a17_2_the_wounded_leader_walking_may_not_double_time(make_position: Any) -> None:
    pos = _pos(make_position)
    with pytest.raises(IllegalAction, match="a-l may not Double Time"):
        pos.push_text("move a-1,a-l C1-D1 as cx")


def test_a17_2_a_double_time_carry_needs_the_carry_conditions(make_position: Any) -> None:
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-l"}
    pos = _pos(make_position, "MPh", (), ("wounded",), lmg)
    with pytest.raises(IllegalAction, match="a-l holds a SW"):
        pos.push_text("move a-1,a-l,a-lmg C1-D1 as carry+cx")


def test_a4_7_no_double_time_carry_in_an_advance(make_position: Any) -> None:
    pos = _pos(make_position, "APh")
    with pytest.raises(IllegalAction, match=r"A4\.7"):
        pos.push_text("advance a-1,a-l C1-D1 as carry+cx")


def _rout(make_position: Any, leader: tuple[str, ...]) -> Any:
    """A broken 4-6-7 and a 9-1 at E4 (Open Ground), a Russian 4-4-7 (Known, pinned: no Interdiction) at C4
    in LOS 2 hexes away: the squad must rout; no woods or building anywhere."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4", "markers": ["broken"]},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "E4", "markers": list(leader)},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C4", "markers": ["pinned"]}]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, first_side="a")
    pos.push_text("end")
    if pos.decision is not None and pos.decision.then == "volbreak":
        pos.push_text("answer none")  # A10.41: the Good Order 9-1 does not break to rout
    return pos


def test_a17_2_a_broken_squad_carries_no_one_and_a_wounded_leader_routs_on_3_mf(make_position: Any) -> None:
    """A17.2: only a Good Order MMC carries a wounded SMC; a broken one routing does not (woundcarry.may).
    A broken wounded 9-1 beside it routs on his own 3 MF (A10.5, A17.2), the squad on 6."""
    pos = _rout(make_position, ("broken", "wounded"))
    assert not woundcarry.may(pos.state, [pos.units["a-1"], pos.units["a-l"]])
    e4 = pos.units["a-1"].hex
    routs = [d for d in pos.state.decisions if d.then == "rout"]
    far = {d.subject[0]: max(distance(h, e4) for h in d.hexes) for d in routs}
    assert far == {"a-1": 6, "a-l": 3}


def test_a10_711_a_wounded_leader_routing_with_the_squad_holds_it_to_his_3_mf(make_position: Any) -> None:
    """A10.711: a Good Order leader routing with a broken unit stays stacked with it the whole RtPh; wounded,
    he has 3 MF (A17.2) and the broken squad may not carry him (not in Good Order): the squad's lit hexes
    are those within 3 MF of E4 (or a Low Crawl). Placed farther, refused."""
    pos = _rout(make_position, ("wounded",))
    top = pos.decision
    assert top is not None and top.then == "rout_leader"
    pos.push_text("answer with")
    top = pos.decision
    assert top is not None and top.then == "rout" and top.subject == ("a-1",)
    e4 = pos.units["a-1"].hex
    assert max(distance(h, e4) for h in top.hexes) == 3
    with pytest.raises(IllegalAction):
        pos.push_text("answer hex I4")  # 4 Open Ground hexes
    pos.push_text("answer hex H4")
    assert pos.label(pos.units["a-1"].hex) == "H4" and pos.label(pos.units["a-l"].hex) == "H4"


def test_a10_711_an_unwounded_leader_goes_the_squads_6_mf(make_position: Any) -> None:
    pos = _rout(make_position, ())
    pos.push_text("answer with")
    top = pos.decision
    assert top is not None and top.then == "rout"
    assert max(distance(h, pos.units["a-1"].hex) for h in top.hexes) == 6
    assert rout.rout_mf(pos.units["a-l"]) == 6


LMG = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"}


def _paused(make_position: Any, *extra: dict[str, Any]) -> Any:
    """The 4-6-7 with its LMG (1 PP) carries its wounded 9-1 (5 PP) one Open Ground hex, C1-D1, and drops the
    LMG there (A4.43: no MF): 4 + 2 - (6 - 3) = 3 MF, 1 spent, 2 left to go on with (A4.4, mphsw.py)."""
    pos = _pos(make_position, "MPh", (), ("wounded",), LMG, *extra)
    ids = ",".join(sorted(u for u in pos.units if u.startswith("a-")))
    pos.push_text(f"move {ids} C1-D1 as carry")
    pos.push_text("drop a-lmg")
    return pos


def test_a4_5_double_time_declared_late_with_a_carry_gives_no_mf(make_position: Any) -> None:
    """A4.5's exception: declared after MF are spent, Double Time adds 1 MF, the usual limits standing; A4.52:
    CX, the squad's IPC is 2, so its 5 PP now cost 3 MF, not 2: 4 + 2 + 1 - (5 - 2) = 4 = 4 + 2 - (5 - 3),
    no MF gained: the 2 MF left stay 2. The squad is CX, the wounded 9-1 carried (not CX)."""
    pos = _paused(make_position)
    units = [pos.units["a-1"], pos.units["a-l"]]
    assert pos.game.group_budget(units, woundcarry.LATE_MODE, pos.state) == 2
    with pytest.raises(IllegalAction):
        pos.push_text("move a-1,a-l D1-E1-F1-G1 as carry+cx1")  # 3 MF: one too many
    pos.push_text("move a-1,a-l D1-E1-F1 as carry+cx1")
    assert pos.label(pos.units["a-1"].hex) == "F1" and pos.label(pos.units["a-l"].hex) == "F1"
    assert pos.units["a-1"].has("cx") and not pos.units["a-l"].has("cx") and pos.units["a-l"].has("carried")
    assert not pos.units["a-1"].has("pinned")  # 2 MF within the allowance: no Minimum Move (A4.134)


def test_a4_5_late_double_time_never_takes_mf_away(make_position: Any) -> None:
    """A4.52 with A4.42: a healthy 8-0 lends the squad its 1 spare IPC; Double Timing, his IPC is 0 and he
    lends none. After the drop the squad has 4 + 2 - (5 - 3 - 1) = 5 MF without Double Time and
    4 + 2 + 1 - (5 - 2) = 4 with it: Double Time adds nothing then, and takes nothing either. The carry
    had 4 + 2 - (6 - 3 - 1) = 4 MF, 1 spent: 3 left, and 3 with the late Double Time."""
    pos = _paused(make_position, {"id": "a-m", "counter": "8-0", "side": "a", "hex": "C1"})
    units = [pos.units["a-1"], pos.units["a-l"], pos.units["a-m"]]
    assert pos.game.group_budget(units, woundcarry.MODE, pos.state) == 3
    assert pos.game.group_budget(units, woundcarry.LATE_MODE, pos.state) == 3


def test_a4_5_the_start_and_the_late_declarations_are_not_mixed(make_position: Any) -> None:
    pos = _paused(make_position)
    with pytest.raises(IllegalAction, match=r"carry\+cx1"):
        pos.push_text("move a-1,a-l D1-E1 as carry+cx")  # MF spent: not +2 now
    pos = _pos(make_position)
    with pytest.raises(IllegalAction, match=r"as carry\+cx "):
        pos.push_text("move a-1,a-l C1-D1 as carry+cx1")  # nothing spent yet: declared at the start


def test_a4_5_the_table_offers_the_double_time_carry_beyond_the_carry(make_position: Any) -> None:
    """Where the carry is offered, so is its Double Time: the carry reaches G1 (4 MF), with Double Time H1
    (5 MF) too (A4.5, A17.2)."""
    pos = _pos(make_position)
    moves = [a for a in pos.legal_actions if isinstance(a, act.Move) and set(a.units) == {"a-1", "a-l"}]
    carry = {pos.label(m.path[-1]) for m in moves if m.mode == woundcarry.MODE}
    double = {m.path[-1] for m in moves if m.mode == woundcarry.DT_MODE}
    labels = {pos.label(h) for h in double}
    assert "G1" in carry and "H1" not in carry
    assert "H1" in labels and "G1" not in labels
    assert {distance(h, pos.units["a-1"].hex) for h in double} == {5}  # Open Ground: 1 MF a hex


def test_a4_5_no_double_time_carry_offered_for_a_cx_carrier(make_position: Any) -> None:
    pos = _pos(make_position, "MPh", ("cx",))
    assert not [a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode == woundcarry.DT_MODE]


def test_a4_5_the_late_carry_gain_is_that_moves_only(make_position: Any) -> None:
    """A4.5's exception with A4.4: the 4-6-7 carrying its wounded 9-1 and two LMG (7 PP: 4 + 2 - (7 - 3) =
    2 MF) walks C1-D1 (1 MF), drops one LMG (1 left), goes on ``carry+cx1`` (CX,
    nothing gained: 1 MF), D1-E1, drops the other: the next segment has the MF left, 0, not a second late
    allowance; the late marker went with the move that declared it (latedt.MARKER, as ``cx1``)."""
    lmg2 = {**LMG, "id": "a-lmg2"}
    pos = _pos(make_position, "MPh", (), ("wounded",), LMG, lmg2)
    pos.push_text("move a-1,a-l,a-lmg,a-lmg2 C1-D1 as carry")
    pos.push_text("drop a-lmg2")
    pos.push_text("move a-1,a-l,a-lmg D1-E1 as carry+cx1")
    assert pos.units["a-1"].has("cx") and not pos.units["a-1"].has("pinned")
    assert not any(m in pos.units["a-1"].markers for m in (latedt.MARKER, "dt_late"))
    assert mphsw.mf_left(pos.units["a-1"]) == 0
    pos.push_text("drop a-lmg")
    units = [pos.units["a-1"], pos.units["a-l"]]
    assert pos.game.group_budget(units, woundcarry.MODE, pos.state) == 0
    with pytest.raises(IllegalAction, match="the stack has 0 MF"):  # going on: no Minimum Move (A4.134)
        pos.push_text("move a-1,a-l E1-F1 as carry")
