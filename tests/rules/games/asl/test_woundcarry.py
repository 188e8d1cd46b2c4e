"""ASL carrying a wounded SMC (rules/games/asl/woundcarry.py; A17.2). The numbers are the text's: a wounded
SMC has 3 MF and an IPC of 0; a Good Order MMC carries one without a SW as 5 PP; an MMC's IPC is 3 PP and each
PP over it costs 1 MF (A4.42); a wounded leader still gives +2 MF (A4.12, A17.2). So a 4-6-7 (4 MF) with its
wounded 9-1: on foot together 3 MF; carrying him 4 + 2 - (5 - 3) = 4 MF. Demo catalogue counters."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import woundcarry

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, *extra: dict[str, Any], squad: tuple[str, ...] = (),
         leader: tuple[str, ...] = ("wounded",)) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", "markers": list(squad)},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1", "markers": list(leader)},
             *extra]
    return make_position("asl", units, "MPh", counters=COUNTERS)


FOUR = "move a-1,a-l C1-D1-E1-F1-G1"  # four Open Ground hexes: 4 MF


def test_a17_2_together_on_foot_the_stack_has_the_wounded_leaders_3_mf(make_position: Any) -> None:
    pos = _pos(make_position)
    assert pos.game.group_budget([pos.units["a-1"], pos.units["a-l"]], "", pos.state) == 3
    with pytest.raises(IllegalAction):
        pos.push_text(FOUR)


def test_a17_2_carried_as_5_pp_the_stack_has_4_mf(make_position: Any) -> None:
    pos = _pos(make_position)
    assert pos.game.group_budget([pos.units["a-1"], pos.units["a-l"]], "carry", pos.state) == 4
    pos.push_text(FOUR + " as carry")
    assert pos.label(pos.units["a-l"].hex) == "G1" and pos.label(pos.units["a-1"].hex) == "G1"
    assert pos.units["a-l"].has(woundcarry.MARKER)
    assert not pos.units["a-1"].has("pinned")  # 4 MF is within the carry's allowance: no Minimum Move
    with pytest.raises(IllegalAction):
        pos = _pos(make_position)
        pos.push_text("move a-1,a-l C1-D1-E1-F1-G1-H1 as carry")  # 5 MF: one too many


def test_a17_2_the_table_offers_the_carry_where_walking_does_not_reach(make_position: Any) -> None:
    pos = _pos(make_position)
    moves = [a for a in pos.legal_actions if isinstance(a, act.Move) and set(a.units) == {"a-1", "a-l"}]
    carry = {pos.label(m.path[-1]) for m in moves if m.mode == "carry"}
    walk = {pos.label(m.path[-1]) for m in moves if m.mode == ""}
    assert "G1" in carry and "G1" not in walk and "F1" in walk and "F1" not in carry


@pytest.mark.parametrize(("squad", "leader", "extra", "match"), [
    ((), (), (), "no wounded SMC"),
    (("broken",), ("wounded",), (), "Good Order MMC"),
    ((), ("wounded",), ({"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-l"},),
     "a-l holds a SW"),
])
def test_a17_2_a_wrong_carry_is_refused(make_position: Any, squad: tuple[str, ...], leader: tuple[str, ...],
                                        extra: tuple[dict[str, Any], ...], match: str) -> None:
    pos = _pos(make_position, *extra, squad=squad, leader=leader)
    units = [pos.units["a-1"], pos.units["a-l"]]
    assert not woundcarry.may(pos.state, units)
    if "broken" in squad:
        return  # a broken squad does not move at all (A4.1): the move is refused before the carry is read
    with pytest.raises(IllegalAction, match=match):
        pos.push_text("move a-1,a-l" + (",a-lmg" if extra else "") + " C1-D1 as carry")


def test_a17_2_two_mmc_share_two_wounded(make_position: Any) -> None:
    """Each wounded SMC goes to the MMC with the least load: one each, 5 PP apiece."""
    pos = _pos(make_position, {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C1"},
               {"id": "a-m", "counter": "8-0", "side": "a", "hex": "C1", "markers": ["wounded"]})
    units = [pos.units[u] for u in ("a-1", "a-2", "a-l", "a-m")]
    assert woundcarry.loads(units) == {"a-1": 5, "a-2": 5}


def _aph(make_position: Any, *extra: dict[str, Any], leader: tuple[str, ...] = ("wounded",)) -> Any:
    """The 4-6-7 with its wounded 9-1 in C1, next to the woods of D1 (2 MF), in the APh."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1", "markers": list(leader)},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "K8"}, *extra]
    return make_position("asl", units, "APh", counters=COUNTERS, hexes={"D1": "woods"})


DC = {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C1", "carrier": "a-1"}  # 2 PP (demo)


def test_a17_2_an_advance_carrying_the_wounded_leader_is_measured_by_a4_72_on_the_carrier(
        make_position: Any) -> None:
    """A4.72 with A17.2: the 4-6-7 holding a 2 PP DC and carrying the wounded 9-1 (5 PP) has 7 PP, 4 over
    its IPC 3: 4 + 2 (the wounded leader's bonus) - 4 = 2 MF, so the woods' 2 MF are Difficult Terrain and
    it becomes CX (as A4.72's example: 2 MF, a 2 MF hex); the 9-1, carried, spends no MF and is not CX."""
    pos = _aph(make_position, DC)
    units = [pos.units[u] for u in ("a-1", "a-l")]
    assert pos.game.advance_mf(pos, units, "carry") == {"a-1": 2}
    pos.push_text("advance a-1,a-l C1-D1 as carry")
    assert pos.label(pos.units["a-l"].hex) == "D1" and pos.label(pos.units["a-1"].hex) == "D1"
    assert pos.units["a-1"].has("cx") and not pos.units["a-l"].has("cx")


def test_a17_2_walking_beside_him_the_squad_keeps_its_mf(make_position: Any) -> None:
    """Not carried: the 4-6-7 with the 2 PP DC has 6 MF (the leader's +2) and the wounded 9-1 his own 3:
    the woods' 2 MF are less than either: nobody becomes CX."""
    pos = _aph(make_position, DC)
    pos.push_text("advance a-1,a-l C1-D1")
    assert not pos.units["a-1"].has("cx") and not pos.units["a-l"].has("cx")


def test_a17_2_a_carry_with_no_mf_left_is_refused_by_a4_72(make_position: Any) -> None:
    """A 3 PP MMG and the wounded 9-1's 5 PP: 8 PP, 5 over: 6 - 5 = 1 MF, still an advance; a 4 PP HMG:
    9 PP, 6 over: 0 MF, no advance at all (A4.72)."""
    pos = _aph(make_position, {"id": "a-h", "counter": "HMG", "side": "a", "hex": "C1", "carrier": "a-1"})
    with pytest.raises(IllegalAction, match=r"A4\.72"):
        pos.push_text("advance a-1,a-l C1-D1 as carry")
    pos = _aph(make_position, {"id": "a-m", "counter": "MMG", "side": "a", "hex": "C1", "carrier": "a-1"})
    pos.push_text("advance a-1,a-l C1-D1 as carry")
    assert pos.units["a-1"].has("cx")  # 1 MF against the woods' 2


def test_a17_2_the_table_offers_the_carry_where_a_cx_wounded_leader_may_not_advance(
        make_position: Any) -> None:
    """A CX wounded 9-1 (3 MF) may not advance into terrain of 3 MF or more (A4.72); an overstack makes the
    woods cost 2 + 1 (A5.11: three squads there and the 4-6-7 coming): refused on foot; carried, the 9-1
    spends nothing and the 4-6-7 (6 MF) pays 3: offered and allowed."""
    full = [{"id": f"a-{i}", "counter": "4-6-7", "side": "a", "hex": "D1"} for i in (2, 3, 4)]
    pos = _aph(make_position, *full, leader=("wounded", "cx"))
    with pytest.raises(IllegalAction, match=r"A4\.72"):
        pos.game.check(pos, pos.parse_action("advance a-1,a-l C1-D1"))
    offered = [a for a in pos.legal_actions if isinstance(a, act.Advance) and set(a.units) == {"a-1", "a-l"}
               and pos.label(a.path[-1]) == "D1"]
    assert [a.mode for a in offered] == ["carry"]
    pos.push_text("advance a-1,a-l C1-D1 as carry")
    assert pos.label(pos.units["a-l"].hex) == "D1"


def test_a17_2_no_other_way_of_moving_with_an_advance(make_position: Any) -> None:
    pos = _aph(make_position)
    with pytest.raises(IllegalAction, match=r"A4\.7"):
        pos.push_text("advance a-1,a-l C1-D1 as cx")
