"""Motion attempts in play (vmotion.py, D2.401): offered in the reaction window when an enemy unit that
began out of the vehicle's LOS spends MF in it; the dr against those MF; Motion, a free turn, once a MPh."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vmotion

from .test_armour import COUNTERS

HIDDEN = {"F3": "stone-building"}  # hides C3 from the Russian tank in J5, not D3 (checked below)


def make(make_position: Any, *extra: dict[str, Any], hexes: dict[str, Any] | None = None) -> Position:
    units = [
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]},
        *extra,
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS,
                                  hexes=HIDDEN if hexes is None else hexes)
    return pos


def test_entering_its_los_offers_a_motion_attempt_on_the_mf_spent_there(make_position: Any) -> None:
    pos = make(make_position)
    J5, C3, D3 = (pos.map.parse_label(x) for x in ("J5", "C3", "D3"))
    assert vmotion.asl_terrain.line_of_sight(pos, J5, C3).blocked
    assert not vmotion.asl_terrain.line_of_sight(pos, J5, D3).blocked
    pos.push_text("move a-sq C3-D3")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and top.choices == ("motion-b-t",)
    pos.push_text("answer motion-b-t")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.side == "b" and top.arg("need") == "1"
    pos.push_text("answer dice 1")  # 1 MF spent in its LOS (open ground, A4.31): a dr of 1 succeeds
    assert pos.units["b-t"].has("motion") and pos.units["b-t"].has(vmotion.TRIED)
    top = pos.decision
    assert top is not None and top.then == "vmotion_face"
    pos.push_text("answer hex J4")  # a free turn toward J4 (D2.401): no MP to pay
    assert pos.units["b-t"].facing != 3
    assert pos.units["a-sq"].hex == D3 and pos.state.moving is None  # the squad's move went on and ended
    # once per enemy MPh: the second squad's entry into the LOS offers no attempt
    pos.push_text("move a-sq2 C3-D3")
    assert pos.decision is None or "motion-b-t" not in pos.decision.choices
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("end")
    assert pos.phase.id == "DFPh" and not pos.units["b-t"].has(vmotion.TRIED)
    assert pos.units["b-t"].has("motion")  # it stays in Motion (D2.4) and is a moving target (D2.41)


def test_a_failed_attempt_changes_nothing_else(make_position: Any) -> None:
    pos = make(make_position)
    pos.push_text("move a-sq C3-D3")
    pos.push_text("answer motion-b-t")
    pos.push_text("answer dice 2")  # 2 > 1 MF
    assert not pos.units["b-t"].has("motion") and pos.units["b-t"].has(vmotion.TRIED)
    assert pos.decision is None and pos.units["a-sq"].hex == pos.map.parse_label("D3")


def test_no_attempt_when_it_began_in_los_or_has_fired(make_position: Any) -> None:
    pos = make(make_position, hexes={})  # no building: the squad began in the tank's LOS
    pos.push_text("move a-sq C3-D3")
    assert pos.decision is None or not any(c.startswith("motion-") for c in pos.decision.choices)
    fired = {"id": "b-t2", "counter": "t", "side": "b", "hex": "J6", "markers": ["vca3", "first_fire"]}
    pos = make(make_position, fired)
    pos.push_text("move a-sq C3-D3")
    assert pos.decision is not None and pos.decision.choices == ("motion-b-t",)  # not b-t2 (D2.401)


def test_a_red_mp_vehicle_rolls_its_reliability_after_a_successful_attempt(
    make_position: Any, tmp_path: Any
) -> None:
    # D2.51: a red-MP AFV that succeeds in a Motion attempt rolls its mechanical reliability DR: 12
    # immobilizes it, and it does not go into Motion
    import json

    cat = tmp_path / "red.json"
    red = {"movement": "tracked", "mp": 12, "red_mp": True, "armor": {"hull_front": 4, "hull_side": 2},
           "ma": {"calibre": 37, "length": "L"}}
    data = {"format": "hexmate-asl-vehicles/1", "vehicles": {"red": red}}
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = dict(COUNTERS, red={"type": "vehicle", "vehicle": "red", "catalogue": str(cat)})
    units = [
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "b-red", "counter": "red", "side": "b", "hex": "J5", "markers": ["vca3"]},
    ]
    for dice, broke in (("6,6", True), ("6,5", False)):
        pos: Position = make_position("asl", units, "MPh", counters=counters, hexes=HIDDEN)
        pos.push_text("move a-sq C3-D3")
        pos.push_text("answer motion-b-red")
        pos.push_text("answer dice 1")
        top = pos.decision
        assert top is not None and top.then == "vmotion_mr" and top.rule == "D2.51"
        pos.push_text(f"answer dice {dice}")
        red_tank = pos.units["b-red"]
        assert red_tank.has("immobilized") == broke and red_tank.has("motion") == (not broke)
