"""An abandoned AFV captured at the end of the CCPh (vcapture.py, A21.2), then crewed by the captor's MMC
(A21.22 through D5.42's re-entry). Vehicles are the demo catalogue's (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import vcapture

from .test_armour import make
from .test_vreentry import CREWS


def ccph(make_position: Any, *extra: dict[str, Any], tank: tuple[str, ...] = ("abandoned",)) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *tank]},
             {"id": "a-far", "counter": "4-6-7", "side": "a", "hex": "L8"},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5"}, *extra]
    pos: Position = make_position("asl", units, "CCPh", counters=CREWS)
    return pos


def end_ccph(pos: Position) -> None:
    for _ in range(10):
        if pos.phase.id != "CCPh":
            return
        top = pos.decision
        assert top is None or "done" in top.choices, top
        pos.push_text("answer done" if top is not None else "end")
    raise AssertionError("the CCPh did not end")


def test_a21_2_infantry_alone_with_an_abandoned_enemy_afv_capture_it_when_the_ccph_ends(
        make_position: Any) -> None:
    """A21.2: no a personnel in C5 at the end of the CCPh: b's squad there captures a's abandoned tank; it is
    b's, captured (A21.1) and still Abandoned (nobody crews it yet)."""
    pos = ccph(make_position)
    assert pos.units["a-pz"].side == "a"  # not before the CCPh ends
    end_ccph(pos)
    tank = pos.units["a-pz"]
    assert tank.side == "b" and tank.has("captured") and tank.has("abandoned")


def test_a21_2_a_crewed_or_wrecked_afv_is_not_captured(make_position: Any) -> None:
    """A21.2: only an Abandoned AFV is captured; a wreck is no vehicle to take."""
    for tank in ((), ("abandoned", "wreck")):
        pos = ccph(make_position, tank=tank)
        end_ccph(pos)
        assert pos.units["a-pz"].side == "a" and not pos.units["a-pz"].has("captured")


def test_a21_2_with_the_owner_s_personnel_there_it_is_not_captured_automatically(
        make_position: Any) -> None:
    """A21.2: enemy personnel in the Location at the CCPh's end: no automatic capture (the capture attempt
    in CC, A11.52, is not built)."""
    pos = ccph(make_position, {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5",
                               "markers": ["melee"]})
    assert vcapture.end_of_ccph(pos.state).units["a-pz"].side == "a"
    alone = ccph(make_position)
    assert vcapture.end_of_ccph(alone.state).units["a-pz"].side == "b"  # the same call does capture


def test_a21_2_its_first_owner_takes_it_back(make_position: Any) -> None:
    """A21.1/A21.2: a tank b had captured, abandoned with only a's squad there: a's again, not captured."""
    units = [{"id": "b-pz", "counter": "pz", "side": "b", "hex": "C5", "markers": ["vca0", "abandoned",
                                                                                   "captured"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "b-far", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "CCPh", counters=CREWS)
    end_ccph(pos)
    assert pos.units["b-pz"].side == "a" and not pos.units["b-pz"].has("captured")


def test_a21_22_the_captor_s_mmc_crews_it_in_its_mph(make_position: Any) -> None:
    """A21.22 with D5.42: b's squad that captured the tank enters it in b's MPh and is removed as its crew;
    the tank is no longer Abandoned."""
    units = [{"id": "a-pz", "counter": "pz", "side": "b", "hex": "C5", "markers": ["vca0", "abandoned",
                                                                                   "captured"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5"},
             {"id": "a-far", "counter": "4-6-7", "side": "a", "hex": "L8", "markers": ["broken"]}]
    pos: Position = make_position("asl", units, "MPh", counters=CREWS, first_side="b")
    pos.push_text("load b-sq into a-pz")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert "b-sq" not in pos.units and not pos.units["a-pz"].has("abandoned")
    assert pos.units["a-pz"].side == "b" and pos.units["a-pz"].has("captured")


def test_a21_12_a_captured_afv_s_ma_uses_the_red_th_number_and_case_h(make_position: Any) -> None:
    """A21.12: the captured tank's MA fires with the red TH# (the demo pack's red row at range 7: 6, demo
    values) and Case H's +2; with the BU CT firer's Case I +1 (D5.2) it hits on 3 or less. The same tank
    not captured starts from the ordinary TH# 7."""
    pack = od.load_pack()
    assert pack.base_th("vehicle", 7, red=True) == 6 and pack.base_th("vehicle", 7) == 7
    plain = make(make_position, "PFPh")
    plain.push_text("fire a-pz at J5")
    plain.push_text("answer dice 2,2")  # 4 <= 7 - 1: a hit
    assert plain.last_resolution is not None and plain.last_resolution.results.get("b-t") == "hit"
    captured = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "captured"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}], "PFPh", counters=CREWS)
    captured.push_text("fire a-pz at J5")
    captured.push_text("answer dice 2,2")  # 4 > 3: a miss
    res = captured.last_resolution
    assert res is not None and res.results.get("b-t") != "hit"
    labels = [line.label for line in res.lines]
    assert labels[:3] == ["red To Hit number 6 at range 7 (captured, A21.12)",
                          "Case H, captured ordnance: +2 (A21.12)", "Case I: +1"]
    assert "hits on a DR of 3 or less" in labels


def test_a21_11_a_captured_afv_s_ma_breaks_down_two_sooner(make_position: Any) -> None:
    """A21.11 (with A.11): the MA's B# 12 becomes 10 when captured: a TH DR of 10 malfunctions it; the same
    DR leaves it working in its owner's hands."""
    fates = [od.captured_breakdown(n) for n in (9, 10, 11, 12)]
    assert fates == ["", "malfunction", "malfunction", "disabled"]
    plain = make(make_position, "PFPh")
    plain.push_text("fire a-pz at J5")
    plain.push_text("answer dice 4,6")
    assert not plain.units["a-pz"].has("ma_malf")
    captured = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "captured"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}], "PFPh", counters=CREWS)
    captured.push_text("fire a-pz at J5")
    captured.push_text("answer dice 4,6")
    assert captured.units["a-pz"].has("ma_malf")


def test_a21_12_a_captured_afv_s_ma_loses_one_rof(make_position: Any) -> None:
    """A21.12: the demo tank's MA has ROF 1 (demo values): a colored 1 keeps it in its owner's hands;
    captured, its ROF is 0 and nothing keeps it."""
    plain = make(make_position, "PFPh")
    plain.push_text("fire a-pz at J5")
    plain.push_text("answer dice 6,1")  # 7: a miss at TH 6; colored 1 <= ROF 1
    assert plain.units["a-pz"].has("rof_kept")
    captured = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "captured"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}], "PFPh", counters=CREWS)
    captured.push_text("fire a-pz at J5")
    captured.push_text("answer dice 6,1")
    assert not captured.units["a-pz"].has("rof_kept")


TC_COUNTERS = {**CREWS,
               "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7,
                         "reduces_to": "2-2-7"},
               "2-2-7": {"type": "hs", "fp": 2, "range": 2, "morale": 7, "broken_morale": 7},
               "vehicle-crew": {"type": "crew", "fp": 1, "range": 2, "morale": 7, "broken_morale": 7}}


def crewing(make_position: Any, who: str) -> Position:
    """b captured a's demo tank (14 MP, demo values); b's ``who`` enters it in b's MPh."""
    units = [{"id": "a-pz", "counter": "pz", "side": "b", "hex": "C5", "markers": ["vca0", "abandoned",
                                                                                   "captured"]},
             {"id": "b-in", "counter": who, "side": "b", "hex": "C5"},
             {"id": "a-far", "counter": "4-6-7", "side": "a", "hex": "L8", "markers": ["broken"]}]
    pos: Position = make_position("asl", units, "MPh", counters=TC_COUNTERS, first_side="b")
    pos.push_text("load b-in into a-pz")
    while pos.decision is not None:
        pos.push_text("answer pass")
    return pos


def test_a21_22_a_squad_crews_it_as_a_hs_and_drives_it_at_half_mp(make_position: Any) -> None:
    """A21.22: the capturing squad becomes a HS (one HS stays, one is the crew); a HS crew has half the MP
    (14 / 2 = 7)."""
    from hexmate.rules.games.asl import armour

    pos = crewing(make_position, "4-4-7")
    assert pos.units["b-in"].type == "hs" and pos.units["b-in"].name == "2-2-7"
    tank = pos.units["a-pz"]
    assert tank.has("tc_hs") and not tank.has("abandoned")
    assert armour.budget(tank) == 7


def test_a21_22_a_vehicle_crew_drives_it_with_red_mp(make_position: Any) -> None:
    """A21.22 with D2.51: a vehicle crew has all its MP but red MP: starting, it rolls for mechanical
    reliability."""
    from hexmate.rules.games.asl import armour, axisred

    pos = crewing(make_position, "vehicle-crew")
    tank = pos.units["a-pz"]
    assert "b-in" not in pos.units and tank.has("tc_vcrew") and armour.budget(tank) == 14
    assert axisred.red_mp(pos, tank)


def test_a21_22_a_hs_crew_doubles_the_captured_penalties(make_position: Any) -> None:
    """A21.22, A21.13: a HS temporary crew: the MA's B# 12 - 4 = 8 (a TH DR of 8 malfunctions it)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5",
              "markers": ["vca0", "captured", "tc_hs"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos = make_position("asl", units, "PFPh", counters=CREWS)
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 4,4")
    assert pos.units["a-pz"].has("ma_malf")
    assert od.captured_breakdown(7, cut=4) == "" and od.captured_breakdown(8, cut=4) == "malfunction"


def _driven(make_position: Any, nationality: str = "german") -> Position:
    """b's HS crews the captured tank (tc_hs), in b's MPh, at C5 with its VCA on the way to D5."""
    units = [{"id": "a-pz", "counter": "pz", "side": "b", "hex": "C5",
              "markers": ["vca0", "captured", "tc_hs"]},
             {"id": "a-far", "counter": "4-6-7", "side": "a", "hex": "L8", "markers": ["broken"]}]
    pos: Position = make_position("asl", units, "MPh", counters=TC_COUNTERS, first_side="b",
                                  sides=[{"id": "a", "name": "A", "nationality": "german"},
                                         {"id": "b", "name": "B", "nationality": nationality}])
    pos.push_text("move a-pz C5-D5")
    return pos


@pytest.mark.parametrize(("nationality", "dr", "moved", "bogged"), [
    ("german", 4, True, False),  # 4 or less: it starts
    ("german", 5, False, False),  # 5: no move this phase
    ("german", 6, False, True),  # 6: bogged
    ("russian", 4, False, False),  # +1 for Soviet captors: 5
    ("ethiopian", 4, False, True),  # +2 for Ethiopian captors (A25.937): 6
])
def test_a21_22_the_temporary_crew_s_start_dr(make_position: Any, nationality: str, dr: int, moved: bool,
                                              bogged: bool) -> None:
    """A21.22: a HS temporary crew rolls a start dr: 4 or less goes, 5 stays (counted as moved), 6+ bogs;
    Soviet or Japanese captors add 1."""
    pos = _driven(make_position, nationality)
    top = pos.decision
    assert top is not None and top.then == "vtcstart" and top.rule == "A21.22"
    pos.push_text(f"answer dice {dr}")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    tank = pos.units["a-pz"]
    assert (pos.label(tank.hex) == "D5") is moved
    assert tank.has("bogged") is bogged
