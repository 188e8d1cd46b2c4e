"""Ethiopian Tank Flip (tankflip.py, A25.935, A25.9351): the table's numbers (7 Immobilizes, 6 or less
destroys; the DRMs listed) and the attempt through the CCPh: designated as a CC attack on the vehicle by
several Ethiopian MMC, the vehicle's one attack first, then the Flip DR. The vehicle's weight (chapter H's
vehicle note) is a counter value here; the vehicle entries are the demo catalogue's (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import tankflip

SQUAD = {"type": "squad", "fp": 3, "range": 3, "morale": 7, "broken_morale": 6, "nationality": "ethiopian",
         "class": "1st"}
COUNTERS: dict[str, Any] = {
    "3-3-7e": SQUAD,
    "1-2-7e": {**SQUAD, "type": "hs", "fp": 1, "range": 2},
    "3-4-7i": {**SQUAD, "range": 4, "nationality": "italian"},
    "9-1": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": -1},
    "hero": {"type": "hero", "fp": 1, "morale": 9, "broken_morale": 9},
    "cv": {"type": "vehicle", "vehicle": "demo-pz-g", "tons": 3},  # a light tank: its weight from its note
    "heavy": {"type": "vehicle", "vehicle": "demo-pz-g", "tons": 20},
    "unknown": {"type": "vehicle", "vehicle": "demo-pz-g"},
}
SIDES = [{"id": "a", "name": "Ethiopians", "nationality": "ethiopian"},
         {"id": "b", "name": "Italians", "nationality": "italian"}]


def _u(uid: str, counter: str, side: str, hex_: str = "J5", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _pos(make_position: Any, *extra: dict[str, Any], vehicle: str = "cv",
         markers: tuple[str, ...] = ()) -> Position:
    units = [_u("b-v", vehicle, "b", markers=["vca3", *markers]), _u("a-1", "3-3-7e", "a"),
             _u("a-2", "3-3-7e", "a"), *extra]
    pos: Position = make_position("asl", units, "CCPh", counters=COUNTERS, sides=SIDES)
    return pos


@pytest.mark.parametrize(("final", "result"), [(2, "destroyed"), (6, "destroyed"), (7, "immobilized"),
                                                (8, "none"), (12, "none")])
def test_a25_9351_seven_immobilizes_six_or_less_destroys(final: int, result: str) -> None:
    assert tankflip.result(final) == result


def test_a25_9351_the_drms_three_squads_a_9_1_and_a_hero(make_position: Any) -> None:
    """Three squads (one squad-equivalent beyond two: -1), a 9-1 (-1), a hero (-1), against a stopped
    vehicle with no escort: -3."""
    pos = _pos(make_position, _u("a-3", "3-3-7e", "a"), _u("a-l", "9-1", "a"), _u("a-h", "hero", "a"))
    parts = tankflip.drm(pos, ("a-1", "a-2", "a-3", "a-l", "a-h"), pos.units["b-v"])
    assert sorted(v for _, v, _ in parts) == [-1, -1, -1]
    moving = _pos(make_position, _u("b-1", "3-4-7i", "b"), markers=("motion",))
    parts = tankflip.drm(moving, ("a-1", "a-2"), moving.units["b-v"])
    assert sorted(v for _, v, _ in parts) == [2, 2]  # an escorting squad +2, in Motion +2
    stopped = _pos(make_position, _u("a-3", "1-2-7e", "a", markers=["cx"]), markers=("immobilized",))
    parts = tankflip.drm(stopped, ("a-1", "a-2", "a-3"), stopped.units["b-v"])
    assert sorted(v for _, v, _ in parts) == [-1, 1]  # 2.5 squad-equivalents: nothing beyond 2; immobile; CX


def _flip(pos: Position) -> None:
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "a"
    pos.push_text("answer units a-1,a-2,b-v")


def test_a25_935_the_vehicle_attacks_first_then_the_flip_destroys_it(make_position: Any) -> None:
    pos = _pos(make_position)
    _flip(pos)
    top = pos.decision
    assert top is not None and top.then == "tankflip_veh" and top.side == "b" and top.rule == "A25.935"
    pos.push_text("answer dice 6,6")  # the vehicle's CMG misses
    assert pos.units["a-1"] and pos.units["a-2"]
    top = pos.decision
    assert top is not None and top.then == "tankflip" and top.side == "a" and top.rule == "A25.9351"
    pos.push_text("answer dice 3,3")  # final 6 (no DRM): destroyed, a Scrounged wreck
    vehicle = pos.units["b-v"]
    assert vehicle.has("wreck") and vehicle.has("scrounged")
    res = pos.state.resolution
    assert res is not None and res.results == {"b-v": "destroyed"}


def test_a25_935_a_final_7_immobilizes(make_position: Any) -> None:
    pos = _pos(make_position)
    _flip(pos)
    pos.push_text("answer dice 6,6")
    pos.push_text("answer dice 3,4")
    assert pos.units["b-v"].has("immobilized") and not pos.units["b-v"].has("wreck")


def test_a25_935_the_vehicle_has_made_its_one_attack(make_position: Any) -> None:
    """A11.12 with A25.935: the vehicle's attack on the declaring units is its attack of this CCPh; a Flip DR
    of 12 does nothing, and the Italians are not asked to attack with the vehicle again."""
    pos = _pos(make_position)
    _flip(pos)
    pos.push_text("answer dice 6,6")
    pos.push_text("answer dice 6,6")
    assert not any(pos.units["b-v"].has(m) for m in ("wreck", "immobilized"))
    top = pos.decision
    assert top is None or not (top.then == "cc_group" and top.side == "b" and "b-v" in top.units)


def test_a25_935_fewer_than_two_squad_equivalents_left_make_no_flip(make_position: Any) -> None:
    pos = _pos(make_position)
    _flip(pos)
    pos.push_text("answer dice 1,1")  # the vehicle's attack at its Kill Number: one is Casualty Reduced
    top = pos.decision
    assert top is not None and top.then == "tankflip_reduce" and top.rule == "A11.11"
    pos.push_text("answer units a-1")  # Random Selection: a-1; one squad and less left
    assert "a-2" in pos.units and ("a-1" not in pos.units or pos.units["a-1"].type == "hs")
    assert pos.decision is None or pos.decision.then != "tankflip"
    assert not pos.units["b-v"].has("wreck")


@pytest.mark.parametrize(("vehicle", "extra", "units", "match"), [
    ("heavy", (), "a-1,a-2", r"weighs 20 tons.*A25\.935"),
    ("unknown", (), "a-1,a-2", r"weight is not given.*chapter H"),
    ("cv", ({"id": "a-3", "counter": "1-2-7e", "side": "a", "hex": "J5"},), "a-1,a-3",
     r"two squad-equivalents"),
    ("cv", ({"id": "a-3", "counter": "3-3-7e", "side": "a", "hex": "J5", "markers": ["pinned"]},),
     "a-1,a-3", r"unpinned"),
])
def test_a25_935_wrong_flips_are_refused(make_position: Any, vehicle: str, extra: tuple[dict[str, Any], ...],
                                         units: str, match: str) -> None:
    pos = _pos(make_position, *extra, vehicle=vehicle)
    with pytest.raises(IllegalAction, match=match):
        pos.push_text(f"answer units {units},b-v")


def test_a25_935_only_ethiopians_flip(make_position: Any) -> None:
    units = [_u("a-v", "cv", "a", markers=["vca3"]), _u("b-1", "3-4-7i", "b"), _u("b-2", "3-4-7i", "b")]
    sides = [{"id": "a", "name": "Ethiopians", "nationality": "ethiopian"},
             {"id": "b", "name": "Italians", "nationality": "italian"}]
    pos = make_position("asl", units, "CCPh", counters=COUNTERS, sides=sides)
    top = pos.decision
    assert top is not None and top.then == "cc_group"
    if top.side != "b":
        pytest.skip("the Italians do not designate first here")
    with pytest.raises(IllegalAction, match=r"only Ethiopians.*A25\.935"):
        pos.push_text("answer units b-1,b-2,a-v")


def test_a25_935_after_their_ambush_no_vehicle_attack_and_minus_1(make_position: Any) -> None:
    """Unless there was an Ambush the vehicle attacks first (A25.935); after the Ethiopians' ambush it does
    not, and the Flip DR takes -1 (A25.9351): DR 4,4 = 8, final 7: Immobilized."""
    pos = _pos(make_position)
    gs = pos.game.gstate(pos.state)
    assert gs.cc_hex == pos.units["b-v"].hex
    pos = pos.at(pos.state.replace(game=gs.replace(cc_ambusher="a")))
    _flip(pos)
    top = pos.decision
    assert top is not None and top.then == "tankflip" and top.side == "a"
    pos.push_text("answer dice 4,4")
    assert pos.units["b-v"].has("immobilized")
    res = pos.state.resolution
    assert res is not None
    assert ("ambush", "-1", "A25.9351") in [(str(x.label), x.value, x.rule) for x in res.lines]
