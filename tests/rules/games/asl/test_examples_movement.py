"""The movement examples of A4.42, A4.52, A4.72 and A4.134 from the rulebook's numbers: portage (the PP a
unit carries over its IPC cost MF, a leader lends his IPC, Double Time lowers the IPC), Difficult Terrain in
the APh with a load, and a Minimum Move under a load. SW from the demo catalogue: HMG 4 PP, Russian HMG 5 PP,
LMG 1 PP (demo values; the examples give only the PP totals)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import portage
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _u(uid: str, hex_: str, counter: str, side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _budget(pos: Any, ids: list[str], mode: str = "") -> int:
    return int(pos.game.group_budget([pos.units[u] for u in ids], mode, pos.state))


def test_a4_42_example_a_squad_carrying_4_pp(make_position: Any) -> None:
    units = [_u("a-1", "F4", "4-6-7"), _u("a-hmg", "F4", "HMG", carrier="a-1"),  # 4 PP on a squad
             _u("a-2", "D4", "4-6-7"), _u("a-hmg2", "D4", "HMG", carrier="a-2"), _u("a-l", "D4", "8-1"),
             _u("a-3", "B4", "4-6-7"), _u("a-hmg3", "B4", "HMG", carrier="a-3"), _u("a-l3", "B4", "8-1"),
             _u("a-lmg", "B4", "LMG", carrier="a-l3")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    assert _budget(pos, ["a-1"]) == 3  # 4 PP, one over its IPC of 3: 3 MF (A4.42)
    assert _budget(pos, ["a-2", "a-l"]) == 6  # with a leader: his IPC added, and his +2 MF (A4.12)
    assert _budget(pos, ["a-3", "a-l3"]) == 5  # the leader carries 1 PP himself: nothing to lend
    moves = pos.legal_actions.moves_for(frozenset({"a-1"})).values()
    assert max(m.cost for m in moves if len(m.path) > 2 and not m.mode) == 3  # no path of more than 3 MF


def test_a4_52_examples_double_time_lowers_the_ipc(make_position: Any) -> None:
    units = [_u("a-1", "F4", "4-6-7"), _u("a-hmg", "F4", "HMG", carrier="a-1"),
             _u("a-hs", "D4", "2-4-7"), _u("a-hmgr", "D4", "HMGr", carrier="a-hs"), _u("a-l", "D4", "8-1")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    assert _budget(pos, ["a-1"]) == 3 and _budget(pos, ["a-1"], "cx") == 4  # 4 + 2 - 2 (A4.52)
    assert _budget(pos, ["a-hs"]) == 2  # a HS carrying 5 PP: 4 - 2 (its IPC is 3, A4.42)
    assert _budget(pos, ["a-hs", "a-l"]) == 5  # with a leader: 4 + 2 - 1
    hs, leader = pos.units["a-hs"], pos.units["a-l"]
    # only the HS Double Times, with the leader: 4 + 2 + 2 - (5 - 2 - 1) = 6; both do: 4 + 2 + 2 - 3 = 5
    base = {"a-hs": 8, "a-l": 8}
    only_hs = portage.allowances(pos.state, [hs, leader], lambda u: base[u.id], ["a-hs"])
    assert only_hs["a-hs"] == 6
    both = portage.allowances(pos.state, [hs, leader], lambda u: base[u.id], ["a-hs", "a-l"])
    assert both["a-hs"] == 5


def test_a4_72_example_advancing_with_a_load(make_position: Any) -> None:
    # a Russian squad carrying 5 PP (2 MF) advances into a 2-MF hex: CX; with a leader (5 MF) it does not
    hexes = {"E5": "woods", "G5": "woods"}
    units = [_u("r-1", "E4", "4-4-7r"), _u("r-hmg", "E4", "HMGr", carrier="r-1"),
             _u("r-2", "G4", "4-4-7r"), _u("r-hmg2", "G4", "HMGr", carrier="r-2"), _u("r-l", "G4", "8-1"),
             _u("r-3", "C4", "4-4-7r", markers=["cx"]), _u("r-hmg3", "C4", "HMGr", carrier="r-3"),
             _u("b-1", "K8", "4-6-7", "b")]
    pos = make_position("asl", units, "APh", counters=COUNTERS, hexes={**hexes, "C5": "woods"})
    pos.push_text("advance r-1 E4-E5")
    assert pos.units["r-1"].has("cx")
    pos.push_text("advance r-2,r-l G4-G5")
    assert not pos.units["r-2"].has("cx")
    with pytest.raises(IllegalAction, match=r"Difficult Terrain"):
        pos.push_text("advance r-3 C4-C5")  # already CX: the advance is illegal (A4.72)


def test_a4_134_example_a_minimum_move_under_a_load(make_position: Any) -> None:
    # a CX squad carrying a HMG lacks the 4 MF that the woods a level up cost: a Minimum Move there, then
    # pinned and CX, and deemed to have spent the 4 MF
    hexes = {"F3": {"terrain": "woods", "level": 1}}
    units = [_u("a-1", "F4", "4-6-7", markers=["cx"]), _u("a-hmg", "F4", "HMG", carrier="a-1"),
             _u("b-1", "K8", "4-4-7r", "b")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=hexes)
    move = pos.parse_action("move a-1 F4-F3")
    assert pos.game.check(pos, move).cost == 4
    pos.push(move)
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.units["a-1"].has("pinned") and pos.units["a-1"].has("cx")
    assert any(a.text(pos.label) == "move a-1,a-hmg F4-F3 cost 4" for a in pos.log)  # its HMG with it (A4.43)
