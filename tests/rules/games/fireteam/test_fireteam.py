"""Fire Team: the digest's acceptance tests (section 7) that fit the infantry subset."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.games import get_game

COUNTERS = {
    "squad": {"type": "squad", "fp": 6, "range": 8, "ma": 5, "steps": 2},
    "squad5": {"type": "squad", "fp": 5, "range": 6, "ma": 5, "steps": 2},
    "mg": {"type": "team", "fp": 8, "range": 12, "ma": 4, "steps": 2},
    "ldr": {"type": "leader", "ma": 5, "recovery": 8, "modifier": 1},
    "fastldr": {"type": "leader", "ma": 8, "recovery": 8, "modifier": 1},
}


def _u(uid: str, hex_: str, counter: str = "squad", side: str = "a", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


def _pos(make_position: Any, units: list[dict[str, Any]], **kw: Any) -> Any:
    return make_position("fireteam", units, "action", counters=COUNTERS, **kw)


def test_woods_cost_one_and_a_half_and_climbing(make_position: Any) -> None:
    hexes = {"D3": "woods", "D2": "woods", "E4": {"level": 2}}
    pos = _pos(make_position, [_u("s", "D4"), _u("x", "J8", "squad", "b")], hexes=hexes)
    moves = {pos.map.label(h): m for h, m in pos.legal_actions.moves_for({"s"}).items()}
    assert moves["D3"].cost == Fraction(3, 2)  # [6.65] example: woods 1.5 MP
    assert moves["D2"].cost == 3  # two woods hexes (the [6.65] squad spends 1.5 + 1.5)
    assert moves["E4"].cost == 3  # [5.14] open 1 + climbing two levels 2


def test_leader_bonus_and_stacking(make_position: Any) -> None:
    units = [
        _u("s", "D4"),
        _u("l", "D4", "fastldr"),
        _u("f1", "D5"),
        _u("f2", "D5"),
        _u("f3", "D5"),
        _u("x", "J8", "squad", "b"),
    ]
    pos = _pos(make_position, units)
    # [5.11] a squad moving with a leader the whole way gets +2 MA (the stack still moves at its slowest)
    assert max(m.cost for m in pos.legal_actions.moves_for({"s", "l"}).values()) == 7
    assert max(m.cost for m in pos.legal_actions.moves_for({"s"}).values()) == 5
    assert pos.map.parse_label("D5") not in pos.legal_actions.moves_for({"s"})  # [5.5] 3 squads already


def test_adjacent_fire_doubles_and_building_drm(make_position: Any) -> None:
    pos = _pos(make_position, [_u("s", "D4"), _u("t", "D5", "squad5", "b")], hexes={"D5": "stone-building"})
    res = pos.resolve(act.Fire(("s",), pos.map.parse_label("D5"), (5,)))
    text = res.text()
    assert "s 6 x2 adjacent = 12" in text and "target terrain (stone-building): +4 (17.2)" in text
    assert "final DR: 5 +4 -> 9" in text and "12 FP -> column 12" in text


def test_long_range_halves_and_dr_clamps(make_position: Any) -> None:
    pos = _pos(make_position, [_u("s", "A1"), _u("l", "A1", "ldr"), _u("t", "A8", "squad5", "b")])
    res = pos.resolve(act.Fire(("s", "l"), pos.map.parse_label("A8"), (1,)))
    # 6 at 7 hexes is within range 8: not halved; the -1 leader takes the final DR to 0, clamped to 1 [6.3]
    assert "leader (l): -1 (6.31)" in res.text() and "final DR: 1 -1 -> 1" in res.text()
    pos2 = _pos(make_position, [_u("s", "A1", "squad5"), _u("t", "A8", "squad5", "b")])
    assert "x1/2 long range = 5/2" in pos2.resolve(act.Fire(("s",), pos2.map.parse_label("A8"), (9,))).text()


@pytest.mark.parametrize(
    "die,terrain,final,result",
    [(6, "open", 6, "E"), (7, "open", 7, "1"), (9, "open", 9, "+2"), (8, "wooden-building", 11, "+1")],
)
def test_results_step_fear_and_elimination(
    make_position: Any, die: int, terrain: str, final: int, result: str
) -> None:
    ift = get_game("fireteam").load_charts().chart("ift")
    assert ift.lookup(fp=12, final_dr=final) == result  # the demo pack's cell this case exercises
    units = [_u("s", "D4"), _u("t", "D5", "squad5", "b"), _u("t2", "D5", "squad5", "b")]
    pos = _pos(make_position, units, hexes={"D5": terrain})
    pos.push_text(f"fire s at D5 dice {die}")  # 6 x2 adjacent = 12 FP
    if result == "E":  # [6.33] all eliminated
        assert "t" not in pos.units and "t2" not in pos.units
    elif result == "1":  # each loses a step and gains Fear +1
        assert all(pos.units[u].has("reduced") and pos.units[u].has("fear1") for u in ("t", "t2"))
    else:
        level = int(result[1])
        assert all(pos.units[u].has(f"fear{level}") and not pos.units[u].has("reduced") for u in ("t", "t2"))
    assert pos.to_act == "b"  # impulses alternate in this subset


def test_fear_caps_at_four(make_position: Any) -> None:
    pos = _pos(make_position, [_u("s", "A1"), _u("t", "A8", "squad5", "b", "fear4")])
    from hexmate.rules.games.fireteam.game import fear, with_fear

    unit = pos.units["t"]
    assert fear(unit) == 4 and fear(with_fear(unit, 6)) == 4  # [6.33]


def test_two_passes_end_the_action_phase(make_position: Any) -> None:
    pos = _pos(make_position, [_u("s", "A1"), _u("t", "A8", "squad5", "b")])
    pos.push_text("pass")
    assert pos.to_act == "b"
    pos.push_text("pass")
    assert pos.phase.id == "end"
    pos.push_text("end")
    assert pos.phase.id == "prep" and pos.turn == 2
