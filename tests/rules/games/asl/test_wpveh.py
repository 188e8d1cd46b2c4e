"""ASL WP's NMC for vehicles and what they carry (rules/games/asl/wpveh.py; A24.31 with D5.1, D5.31, D5.34,
D6.23). No worked example in the text: the numbers are the rules'. A24.31 spares only a CT AFV that is not
CE; the CE DRM (+2, D5.31) and the TEM count as negative DRMs (the larger, not both, D5.31), the TEM positive
on a Critical Hit (coloured 6). Demo counters: the American 4-6-7 (morale 7, smoke exponent 2: WP on a dr of
1) of test_wp_grenades places WP in D3; the demo PzKpfw (CT) and halftrack (OT, passengers); the demo crew
morale is 8 (vcrew.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .test_armour import COUNTERS as ARMOUR
from .test_wp_grenades import COUNTERS as WP

COUNTERS = {**WP, **ARMOUR, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}


def place(make_position: Any, *units: dict[str, Any], terrain: str = "open") -> Any:
    """a-1 places WP in D3 with a dr of 1; the checks it opens are on the stack, the first on top."""
    pos = make_position("asl", [{"id": "a-1", "counter": "us", "side": "a", "hex": "C3"}, *units], "MPh",
                        counters=COUNTERS, hexes={"D3": {"terrain": terrain}})
    pos.push_text("smoke a-1 at D3 wp")
    pos.push_text("answer dice 1")
    return pos


def pz(*markers: str, counter: str = "pz") -> dict[str, Any]:
    return {"id": "b-pz", "counter": counter, "side": "b", "hex": "D3", "markers": ["vca0", *markers]}


def aboard(uid: str = "b-s", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": "4-6-7", "side": "b", "hex": "D3", "carrier": "b-pz",
            "markers": list(markers)}


def checks(pos: Any) -> list[tuple[str, str]]:
    return [(d.then, d.subject[0]) for d in reversed(pos.state.decisions) if d.kind == "roll"]


def test_a24_31_a_bu_ct_afv_is_spared(make_position: Any) -> None:
    """A24.31: the BU PzKpfw takes no check; with nobody else in D3 nothing is asked."""
    pos = place(make_position, pz())
    assert checks(pos) == []


def test_a24_31_a_ce_ct_crew_checks_with_the_ce_drm_as_minus_2(make_position: Any) -> None:
    """A24.31, D5.31: the CE PzKpfw's crew, morale 8, CE DRM -2: 5+5 = 10 - 2 = 8 passes."""
    pos = place(make_position, pz("ce"))
    assert checks(pos) == [("wp_crew_nmc", "b-pz")]
    pos.push_text("answer dice 5,5")
    assert "CE DRM, as a negative DRM: -2 (D5.31)" in pos.state.resolution.text()
    assert not pos.units["b-pz"].has("stunned")


def test_a24_31_d5_34_a_failed_crew_nmc_stuns(make_position: Any) -> None:
    """6+5 = 11 - 2 = 9 > 8: the CE crew is stunned and buttons up (D5.34)."""
    pos = place(make_position, pz("ce"))
    pos.push_text("answer dice 6,5")
    got = pos.units["b-pz"]
    assert got.has("stunned") and got.has("bu") and not got.has("ce")
    assert pos.state.resolution.summary == "b-pz's crew WP NMC: failed: stunned"


def test_a24_31_a_critical_hit_turns_the_tem_positive_for_the_crew(make_position: Any) -> None:
    """Woods (TEM +1): normally the CE DRM's -2 (the larger); with a coloured 6 the TEM is +1 and the CE DRM
    stays -2: 4+6 = 10 - 2 + 1 = 9 > 8: stunned (it would pass at 10 - 2 = 8 without the Critical Hit)."""
    pos = place(make_position, pz("ce"), terrain="woods")
    pos.push_text("answer dice 4,6")
    assert pos.units["b-pz"].has("stunned")


def test_a24_31_an_original_12_recalls_the_crew(make_position: Any) -> None:
    """A10.31, D5.341: an Original 12 on the crew's MC is a Recall."""
    pos = place(make_position, pz("ce"))
    pos.push_text("answer dice 6,6")
    assert pos.units["b-pz"].has("recalled")


def test_a24_31_an_ot_halftracks_crew_and_passengers_check(make_position: Any) -> None:
    """The OT halftrack is CE: its crew checks, and the squad inside with the CE DRM's -2 in place of the
    open ground's nothing: 4+5 = 9 - 2 = 7 passes a morale of 7."""
    pos = place(make_position, pz(counter="ht"), aboard())
    assert checks(pos) == [("wp_nmc", "b-s"), ("wp_crew_nmc", "b-pz")]
    pos.push_text("answer dice 4,5")
    assert "CE DRM, as a negative DRM: -2 (D5.31)" in pos.state.resolution.text()
    assert not pos.units["b-s"].has("broken")


def test_a24_31_a_rider_checks_and_bails_out_when_broken(make_position: Any) -> None:
    """A rider on the BU PzKpfw (no passenger room: a rider, D6.2) checks although the AFV is spared: 5+4 = 9
    > 7 breaks it, and a broken rider bails out beneath the AFV (D6.23)."""
    pos = place(make_position, pz(), aboard())
    assert checks(pos) == [("wp_nmc", "b-s")]
    pos.push_text("answer dice 5,4")
    got = pos.units["b-s"]
    assert got.has("broken") and got.carrier is None


def test_a24_31_a_trucks_passengers_check(make_position: Any) -> None:
    """D6.7: an unarmored vehicle's passengers are exposed: the squad in the truck checks."""
    pos = place(make_position, pz(counter="truck"), aboard())
    assert ("wp_nmc", "b-s") in checks(pos)


def test_a24_31_a_concealed_afv_seen_by_the_placer_loses_its_concealment(make_position: Any) -> None:
    """A24.31: the check costs the "?" of a unit in the LOS of a Good Order enemy ground unit (a-1, next
    door)."""
    unit = {**pz("ce"), "concealed": True}
    pos = place(make_position, unit)
    assert pos.units["b-pz"].concealed
    pos.push_text("answer dice 3,3")
    assert not pos.units["b-pz"].concealed


# --- an unarmored vehicle's own crew: A24.31 is silent; read with D5.311 and D6.7 (wpveh.py's note) ---
def _armed_truck(tmp_path: Path) -> dict[str, Any]:
    """An armed unarmored truck: the demo truck with an MG, so it has an inherent crew (D5.1)."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-mgtruck"] = {**data["vehicles"]["demo-truck-r"], "mg": {"aamg": 2},
                                        "name": "Demo armed truck (demo values)"}
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return {"type": "vehicle", "vehicle": "demo-mgtruck", "catalogue": str(path)}


def truck_place(make_position: Any, tmp_path: Path, terrain: str = "open") -> Any:
    counters = {**COUNTERS, "mgtruck": _armed_truck(tmp_path)}
    units = [{"id": "a-1", "counter": "us", "side": "a", "hex": "C3"},
             {"id": "b-t", "counter": "mgtruck", "side": "b", "hex": "D3", "markers": ["vca0"]}]
    pos = make_position("asl", units, "MPh", counters=counters, hexes={"D3": {"terrain": terrain}})
    pos.push_text("smoke a-1 at D3 wp")
    pos.push_text("answer dice 1")
    return pos


def test_a24_31_an_unarmored_vehicles_crew_checks_unprotected(make_position: Any, tmp_path: Path) -> None:
    """The armed truck's crew (demo morale 7 for an unarmored vehicle's crew, D5.1) checks, with no CE DRM
    (D5.311): 4+3 = 7 passes; the truck stays crewed."""
    pos = truck_place(make_position, tmp_path)
    assert checks(pos) == [("wp_crew_nmc", "b-t")]
    assert "exposed" in str(pos.decision.prompt)
    pos.push_text("answer dice 4,3")
    text = pos.state.resolution.text()
    assert "passed" in text and "CE DRM" not in text
    assert not pos.units["b-t"].has("abandoned")


def test_a24_31_a_failed_unarmored_crew_breaks_out_and_is_dm(make_position: Any, tmp_path: Path) -> None:
    """In woods (TEM +1, a negative DRM): 5+4 = 9 - 1 = 8 > 7 fails: the crew breaks and leaves the truck,
    which is Abandoned (D5.311); broken by WP, the crew is DM (A10.62). (4+4 = 8 - 1 = 7 would pass.)"""
    pos = truck_place(make_position, tmp_path, terrain="woods")
    pos.push_text("answer dice 5,4")
    assert pos.units["b-t"].has("abandoned")
    crews = [u for u in pos.units.values() if u.side == "b" and u.type == "crew"]
    assert len(crews) == 1 and crews[0].has("broken") and crews[0].has("dm")
    assert pos.label(crews[0].hex) == "D3"


def test_a24_31_the_unarmored_crew_passes_on_its_morale_after_the_tem(make_position: Any,
                                                                      tmp_path: Path) -> None:
    pos = truck_place(make_position, tmp_path, terrain="woods")
    pos.push_text("answer dice 4,4")
    assert not pos.units["b-t"].has("abandoned")
    assert "TEM, as a negative DRM: -1 (A24.31)" in pos.state.resolution.text()


def test_a24_31_an_unarmed_trucks_driver_takes_no_check(make_position: Any) -> None:
    """D5.1: an unarmed vehicle has a driver, not a crew: only its passengers check (D6.7)."""
    pos = place(make_position, pz(counter="truck"), aboard())
    assert checks(pos) == [("wp_nmc", "b-s")]
