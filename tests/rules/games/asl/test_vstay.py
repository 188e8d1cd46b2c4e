"""D2.6's two exceptions to "a vehicle may pass through but not stop in an enemy AFV's hex" (vstay.py): no LOS
between the two (the text's case: bypassing opposite sides of the hex), and a vehicle whose gun, from the
Location it left, could attack the AFV with an unmodified TK DR of 5 destroying or shocking it. The TK numbers
are the ordnance pack's demo values (75L basic TK 17 at range 1, less the demo T's armor 8 front / 4 side:
a Final TK# of 9 or 13, so a 5 destroys it wherever it hits)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing, vbypass, vstay
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.hexes import direction_between, neighbor

from .test_armour import COUNTERS
from .test_vbypass import far_enemy, settle


def tanks(make_position: Any, *mover_markers: str, mover: str = "pz") -> Position:
    units = [{"id": "a-v", "counter": mover, "side": "a", "hex": "C5", "markers": ["vca0", *mover_markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "D4", "markers": ["vca3"]}, far_enemy()]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def test_the_pack_numbers_the_test_rests_on() -> None:
    pack = od.load_pack()
    assert pack.basic_tk("75L", 1) == 17
    assert od.final_tk(17, 8) == 9 and 5 < 9  # a TK DR of 5 below the Final TK#: destroyed (C7, pack)


def test_d2_6_a_tank_that_would_kill_the_afv_on_a_tk_dr_of_5_may_stop_in_its_hex(make_position: Any) -> None:
    pos = tanks(make_position)
    D4 = pos.map.parse_label("D4")
    assert D4 in pos.legal_actions.moves_for(frozenset({"a-v"}))
    pos.push_text("move a-v C5-D4")
    settle(pos)
    assert pos.units["a-v"].hex == D4
    C5 = pos.map.parse_label("C5")
    assert vstay.kills_on_five(pos, pos.units["a-v"], C5, pos.units["b-t"])


def test_d2_6_without_a_working_gun_it_may_not(make_position: Any) -> None:
    for pos in (tanks(make_position, "ma_malf"), tanks(make_position, mover="ht")):  # gun out; an MG MA
        assert pos.map.parse_label("D4") not in pos.legal_actions.moves_for(frozenset({"a-v"}))
        with pytest.raises(IllegalAction, match=r"not stop there.*D2\.6"):
            pos.push_text("move a-v C5-D4")


def _bypassing_enemy(make_position: Any, side_of: str) -> tuple[Position, Any]:
    """A halftrack (no gun: only the no-LOS exception can let it stay) about to bypass woods I5, where the
    enemy T bypasses the hexside opposite to the one the halftrack's move ends along (or the same hex's
    centre when ``side_of`` is 'inside')."""
    probe: Position = make_position("asl", [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "J5", "markers": ["vca2", "motion"]}, far_enemy()],
        "MPh", counters=COUNTERS, hexes={"I5": {"terrain": "woods"}})
    probe.push_text("move a-v J5-I5 as bypass")
    settle(probe)
    mine = probe.units["a-v"]
    across = vbypass.across_of(mine)
    assert mine.hex is not None and across is not None
    d = (direction_between(mine.hex, across) + 3) % 6
    n = neighbor(mine.hex, d)
    f = next(g for g in range(6) if vbypass.parallel(mine.hex, n, g))
    enemy = {"id": "b-t", "counter": "t", "side": "b", "hex": "I5",
             "markers": [f"vca{f}", f"byp{d}"] if side_of == "opposite" else ["vca0"]}
    pos: Position = make_position("asl", [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "J5", "markers": ["vca2", "motion"]}, enemy,
        far_enemy()], "MPh", counters=COUNTERS, hexes={"I5": {"terrain": "woods"}})
    return pos, mine


def test_d2_6_no_los_bypassing_opposite_sides_lets_it_stay(make_position: Any) -> None:
    pos, mine = _bypassing_enemy(make_position, "opposite")
    assert vstay.no_los(mine, pos.units["b-t"])
    pos.push_text("move a-v J5-I5 as bypass")
    settle(pos)
    assert pos.label(pos.units["a-v"].hex) == "I5" and vbypass.across_of(pos.units["a-v"]) is not None


def test_d2_6_an_afv_inside_the_hex_sees_the_bypassing_vehicle(make_position: Any) -> None:
    pos, _ = _bypassing_enemy(make_position, "inside")
    with pytest.raises(IllegalAction, match=r"D2\.6"):
        pos.push_text("move a-v J5-I5 as bypass")


def _heavy(make_position: Any, tmp_path: Any, enemy_facing: int) -> Position:
    """The German tank in C5 and, in D4, an enemy AFV whose front (AF 18) no 75L TK DR of 5 gets through
    (basic TK 17 at range 1, Final TK# -1), while its side (AF 4) it does (Final TK# 13): D2.6's second
    exception from the side, not from the front."""
    cat = tmp_path / "heavy.json"
    heavy = {"movement": "tracked", "mp": 10, "armor": {"hull_front": 18, "hull_side": 4},
             "ma": {"calibre": 76, "length": "L"}}
    cat.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "vehicles": {"heavy": heavy}}),
                   encoding="utf-8")
    counters = dict(COUNTERS, heavy={"type": "vehicle", "vehicle": "heavy", "catalogue": str(cat)})
    units = [{"id": "a-v", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-h", "counter": "heavy", "side": "b", "hex": "D4", "markers": [f"vca{enemy_facing}"]},
             far_enemy()]
    pos: Position = make_position("asl", units, "MPh", counters=counters)
    return pos


def test_d2_6_the_move_list_finds_a_dearer_approach_that_lets_it_stop(make_position: Any,
                                                                     tmp_path: Any) -> None:
    """D2.6: the kill-or-shock exception is judged from the Location the vehicle left to enter the hex; the
    listed move to the AFV's hex is the cheapest approach from which it holds, not merely the cheapest."""
    for f in range(6):  # the enemy faces C5 with its front
        pos = _heavy(make_position, tmp_path, f)
        C5, D4 = pos.map.parse_label("C5"), pos.map.parse_label("D4")
        if facing.aspect(D4, f, C5) == "front":
            break
    enemy = pos.units["b-h"]
    assert not vstay.kills_on_five(pos, pos.units["a-v"], C5, enemy)  # front: 17 - 18, a 5 does nothing
    with pytest.raises(IllegalAction, match=r"not stop there.*D2\.6"):
        pos.push_text("move a-v C5-D4")  # the cheapest way in (start 1 + 1 MP) is from the front
    sides = [n for n in pos.map.neighbors(D4) if facing.aspect(D4, f, n) != "front"
             and vstay.kills_on_five(pos, pos.units["a-v"], n, enemy)]
    assert sides  # from its side or rear a 5 destroys or shocks it
    move = pos.legal_actions.moves_for(frozenset({"a-v"})).get(D4)
    assert move is not None and move.path[-2] in sides and move.cost is not None and move.cost > 2
    pos.push_text(pos.action_text(move))
    settle(pos)
    while pos.decision is not None and pos.decision.then == "vfacing":
        pos.push_text("answer keep")
        settle(pos)
    assert pos.units["a-v"].hex == D4
