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
