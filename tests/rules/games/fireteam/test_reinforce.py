"""Fire Team reinforcements from off the map [11.2], [11.21], [11.24] (digest 7.C.7) and units leaving the
map for victory points [11.17]."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.fireteam import reinforce

from .conftest import unit


def settle(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def _with_reinforcements(ft: Any, turn: int = 1, extra: list[dict[str, Any]] | None = None) -> Any:
    units = [unit("r", "A4", "squad"), unit("x", "L8", "squad", "b"), *(extra or [])]
    plan = {"r": {"turn": turn, "enter": ["A3", "A4"]}}
    for u in extra or []:
        plan[u["id"]] = {"turn": turn, "enter": ["A4"]}
    return ft(units, options={"reinforcements": plan})


def test_ex_11_2_a_reinforcement_is_off_the_map_until_its_turn(ft: Any) -> None:
    pos = _with_reinforcements(ft, turn=2)
    assert pos.units["r"].hex is None
    with pytest.raises(IllegalAction, match=r"arrives on turn 2 \(11\.2\)"):
        pos.push_text("activate r for move")


def test_ex_11_21_it_comes_on_at_an_entry_hex_paying_its_cost_and_moves_on(ft: Any) -> None:
    pos = _with_reinforcements(ft)
    pos.push_text("activate r for move")
    assert pos.decision is not None and pos.decision.then == "enter_map"
    assert {pos.label(h) for h in pos.decision.hexes} == {"A3", "A4"}
    assert pos.game.cp(pos.state).cp == 5 - 1.5  # a US squad's move activation (4.4 example)
    pos.push_text("answer hex A3")
    assert pos.label(pos.units["r"].hex) == "A3"
    assert pos.game.cp(pos.state).spent["r"] == 1  # open ground, as if a hex off the map [11.24]
    done = pos.push_text("move r A3-B3-C3-D3-E3")  # MA 5: 1 paid coming on, 4 left
    assert done.cost == 4
    with pytest.raises(IllegalAction):
        pos.push_text("move r E3-F3")


def test_ex_11_24_four_vehicles_come_on_through_one_hex_the_fifth_pays_a_hex_more(ft: Any) -> None:
    """Digest 7.C.7: vehicles 1-4 coming on at one edge hex pay its cost; the 5th pays one hex more."""
    tanks = [unit(f"v{n}", "A4", "m2") for n in range(1, 6)]
    pos = _with_reinforcements(ft, extra=tanks)
    paid = []
    for n in range(1, 6):
        pos.push_text(f"activate v{n} for move")
        pos.push_text("answer hex A4")
        paid.append(pos.game.cp(pos.state).spent[f"v{n}"])
        pos.push_text(f"move v{n} " + "-".join(f"{c}4" for c in "ABCDEFG"[:n + 2]))  # on past the others
        settle(pos)
    assert paid == [1, 1, 1, 1, 2]  # five 1-CP activations in one 5-CP impulse: the fifth pays A4 twice
    assert pos.game.cp(pos.state).cp == 0
    assert reinforce.enter_cost(pos.game, pos, [pos.units["v5"]], pos.map.parse_label("A4"), 3) == 1


def _exit_game(ft: Any) -> Any:
    return ft([unit("s", "K4", "squad"), unit("x", "A8", "squad", "b")],
              options={"victory": {"exit": {"a": {"hexes": ["L4", "L5"], "vp": {"squad": 3}}}}})


def test_ex_11_17_a_unit_on_an_exit_hex_with_mp_left_may_leave_for_vp(ft: Any) -> None:
    pos = _exit_game(ft)
    pos.push_text("move s K4-L4")
    settle(pos)
    assert pos.decision is not None and pos.decision.then == "exit"
    pos.push_text("answer exit")
    gs = pos.game.gstate(pos.state)
    assert "s" not in pos.units and gs.exited == {"a": 3} and "s" in gs.gone


def test_ex_11_17_staying_keeps_the_unit_and_no_mp_left_means_no_exit(ft: Any) -> None:
    pos = _exit_game(ft)
    pos.push_text("move s K4-L4")
    settle(pos)
    pos.push_text("answer stay")
    assert pos.label(pos.units["s"].hex) == "L4"
    late = ft([unit("s", "G4", "squad"), unit("x", "A8", "squad", "b")],
              options={"victory": {"exit": {"a": {"hexes": ["L4"], "vp": {"squad": 3}}}}})
    late.push_text("move s G4-H4-I4-J4-K4")
    settle(late)
    assert late.decision is None or late.decision.then != "exit"  # not on an exit hex


def test_ex_11_24_infantry_past_the_stacking_limit_queue_a_hex_back_too(ft: Any) -> None:
    """[11.24]: 'the same holds for infantry': a fourth squad through one edge hex pays one hex more."""
    pos = _with_reinforcements(ft)
    squad = [pos.units["r"]]
    h = pos.map.parse_label("A4")
    assert reinforce.enter_cost(pos.game, pos, squad, h, {"squad": 2, "infantry": 2}) == 1
    assert reinforce.enter_cost(pos.game, pos, squad, h, {"squad": 3, "infantry": 3}) == 2
