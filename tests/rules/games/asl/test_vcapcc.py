"""An Abandoned AFV in a Location holding both sides' personnel (vcapcc.py, A21.2 with A11.52, A20.22): the
capture attempt offered in the sequential CC, its +1, what it takes; the unmanned AFV's DRMs (A21.2, A11.51,
A11.61). The demo tank (demo values) of the armour tests; the numbers are the text's DRMs."""

from __future__ import annotations

from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vcapcc, vfire

from .test_armour import COUNTERS


def melee(make_position: Any, owner: str = "a", *extra: dict[str, Any]) -> Position:
    """a's demo tank, abandoned in E5, with a's 4-6-7 and b's 4-4-7 there (both sides' personnel)."""
    units = [{"id": "a-pz", "counter": "pz", "side": owner, "hex": "E5", "markers": ["vca0", "abandoned"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "E5"},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}, *extra]
    pos: Position = make_position("asl", units, "CCPh", counters=COUNTERS)
    return pos


def labels(lines: Any) -> set[tuple[str, str, str]]:
    return {(str(line.label), str(line.value), line.rule) for line in lines}


def test_a21_2_an_unmanned_afv_is_attacked_as_ce_immobile_and_without_a_manned_mg(make_position: Any) -> None:
    """A21.2 with A11.51/A11.61: b's 4-4-7 (CCV 5) attacks a's abandoned CT tank escorted by a's 4-6-7:
    no manned MG -1, CE closed-top -1, immobile -1, one armed enemy squad +2: DRM -1. Manned and stopped,
    BU, the same tank takes only the squad's +2."""
    pos = melee(make_position)
    e5 = pos.units["a-pz"].hex
    ccv, drm, lines = vfire.cc_values(pos, act.Fire(("b-sq",), e5), pos.units["a-pz"])
    assert (ccv, drm) == (5, -1)
    got = labels(lines)
    assert ("unmanned AFV: no manned MG", "-1", "A21.2") in got
    assert ("unmanned AFV, counted as CE closed-top", "-1", "A21.2") in got
    assert ("immobile AFV", "-1", "A11.61") in got
    assert ("armed infantry with the vehicle", "+2", "A11.51") in got
    tank = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "E5", "markers": ["vca0"]}
    manned = make_position("asl", [tank,
                                   {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "E5"},
                                   {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}],
                           "CCPh", counters=COUNTERS)
    assert vfire.cc_values(manned, act.Fire(("b-sq",), e5), manned.units["a-pz"])[:2] == (5, 2)


def test_a21_2_both_sides_escort_the_abandoned_afv(make_position: Any) -> None:
    """A21.2: both sides' infantry are its Personnel Escort: a's 4-6-7 attacking its own abandoned tank
    takes +2 for b's armed squad (A11.51), not for itself."""
    pos = melee(make_position)
    e5 = pos.units["a-pz"].hex
    ccv, drm, lines = vfire.cc_values(pos, act.Fire(("a-sq",), e5), pos.units["a-pz"])
    assert (ccv, drm) == (5, -1) and ("armed infantry with the vehicle", "+2", "A11.51") in labels(lines)


def _to_vehicle_attack(pos: Position, side: str, unit: str) -> None:
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == side, top
    assert "a-pz" in top.units
    pos.push_text(f"answer units {unit},a-pz")


def test_a21_2_a_capture_attempt_in_melee_takes_the_afv(make_position: Any) -> None:
    """A21.2, A20.22: b (not its owner) attacks first (A11.31) and answers capture: DRM -1 + 1 = 0 against
    CCV 5; Original DR 5 = CCV: captured (the AFV is the one defending unit, A20.22). The tank is b's,
    captured and still Abandoned; b was first and keeps its place in the CC's order."""
    pos = melee(make_position)
    _to_vehicle_attack(pos, "b", "b-sq")
    top = pos.decision
    assert top is not None and top.then == "vcc" and vcapcc.WORD in top.choices
    pos.push_text("answer capture")
    top = pos.decision
    assert top is not None and top.then == "vcc" and top.arg("capture") == "1" and top.arg("drm") == "0"
    pos.push_text("answer dice 2,3")
    tank = pos.units["a-pz"]
    assert tank.side == "b" and tank.has("captured") and tank.has("abandoned") and not tank.has("wreck")
    res = pos.last_resolution
    assert res is not None and res.results == {"a-pz": "captured"}
    top = pos.decision  # a's turn now (the order kept): it may try to take its tank back
    assert top is not None and top.then == "cc_group" and top.side == "a" and "a-pz" in top.units


def test_a21_2_a_failed_attempt_leaves_it_and_a_kill_attack_can_destroy_it(make_position: Any) -> None:
    """A20.22: capture DRM 0 against CCV 5: Original DR 6 fails: nothing happens to the tank. The same
    attack not declared a capture (DRM -1): DR 5 -> 4 < 5 destroys it (A11.5)."""
    pos = melee(make_position)
    _to_vehicle_attack(pos, "b", "b-sq")
    pos.push_text("answer capture")
    pos.push_text("answer dice 3,3")
    assert pos.units["a-pz"].side == "a" and not pos.units["a-pz"].has("wreck")
    kill = melee(make_position)
    _to_vehicle_attack(kill, "b", "b-sq")
    kill.push_text("answer dice 2,3")
    assert kill.units["a-pz"].has("wreck") and kill.units["a-pz"].side == "a"


def test_a21_2_the_side_that_abandoned_it_must_capture_it_back(make_position: Any) -> None:
    """A21.2: "even the side that abandoned it": a's squad names its own abandoned tank; the attack is a
    capture attempt at once (no choice): DRM -1 + 1 = 0; DR 4 <= 5 takes it back, not captured (A21.1)."""
    pos = melee(make_position, "a")
    top = pos.decision
    assert top is not None and top.side == "b"
    pos.push_text("answer done")  # b passes its first turn
    _to_vehicle_attack(pos, "a", "a-sq")
    top = pos.decision
    assert top is not None and top.then == "vcc" and top.arg("capture") == "1" and not top.choices
    pos.push_text("answer dice 2,2")
    tank = pos.units["a-pz"]
    assert tank.side == "a" and not tank.has("captured") and tank.has(vcapcc.HELD)
    assert not vcapcc.must(pos, tank, "a")  # held: a has nothing more to take back


def test_a21_2_without_enemy_personnel_no_attempt_is_offered(make_position: Any) -> None:
    """A21.2: with no a personnel in E5 b takes a's abandoned tank at the CCPh's end without a roll; an
    attack on it there is only to destroy it (no capture choice)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "E5", "markers": ["vca0", "abandoned"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"},
             {"id": "a-far", "counter": "4-6-7", "side": "a", "hex": "L8"}]
    pos: Position = make_position("asl", units, "CCPh", counters=COUNTERS, first_side="b")
    assert not vcapcc.may(pos, pos.units["a-pz"], "b")
    e5 = pos.units["a-pz"].hex
    pos.push_text(f"fire b-sq at {pos.label(e5)}")
    top = pos.decision
    assert top is not None and top.then == "vcc" and not top.choices


def test_a21_2_the_capture_stands_when_the_ccph_ends(make_position: Any) -> None:
    """A21.2: b captures the tank in the Melee; both sides then pass; the CCPh ends with the tank b's,
    captured and Abandoned (a temporary crew enters it later, A21.22), the CC's order marker gone, and the
    infantry of both sides in Melee."""
    pos = melee(make_position)
    _to_vehicle_attack(pos, "b", "b-sq")
    pos.push_text("answer capture")
    pos.push_text("answer dice 2,3")
    for _ in range(12):
        if pos.phase.id != "CCPh":
            break
        top = pos.decision
        pos.push_text("answer done" if top is not None and "done" in top.choices else
                      "answer pass" if top is not None else "end")
    assert pos.phase.id != "CCPh"
    tank = pos.units["a-pz"]
    assert tank.side == "b" and tank.has("captured") and tank.has("abandoned")
    assert not tank.has(vcapcc.CC_TAKEN)
    assert pos.units["a-sq"].has("melee") and pos.units["b-sq"].has("melee")
