"""A placed DC's detonation at a Location holding an unarmored vehicle (A23.4, A7.308, D.8, D.8B, D6.7) in
play.

No example of the text detonates a DC at a truck, so the tests start from the numbers the text fixes: the
DC's 30 FP (A23.1), +1 for a CX placer (A23.4), the A7.308 example's Location (a shellhole, +1 TEM for
infantry only, holding a truck with a HS aboard and a squad) and the Collateral Attack Table's "G" for a DC
against an unarmored vehicle (all the PRC there take a General Collateral attack with the same Original DR).
The 30 column's cells and its Kill number 12 are the demo pack's (demo values). The placer is the A23.3
example's 5-4-8, placing from Open Ground C2 into C1."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import cavalry, unarmored
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}
COUNTERS["t"] = {"type": "vehicle", "vehicle": "demo-t-r"}


def _placed(make_position: Any, *, cx: bool, vehicle: str = "truck", squad: bool = True) -> Any:
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-tr", "counter": vehicle, "side": "b", "hex": "C1", "markers": ["vca3"]},
             {"id": "b-hs", "counter": "2-2-7r", "side": "b", "hex": "C1", "carrier": "b-tr"}]
    if squad:
        units.append({"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C1"})
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C1": "shellhole"})
    pos.push_text("move a-1 C3-C2 as cx" if cx else "move a-1 C3-C2")
    _passes(pos)
    pos.push_text("fire a-dc at C1")
    while pos.decision is not None and pos.decision.then == "dcp_paatc":
        pos.push_text("answer dice 1,1")  # A11.6: passed
    _passes(pos)
    assert pos.units["a-dc"].has("placed_dc")
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")
    assert pos.decision.then == "dcp_blast"
    return pos


def _passes(pos: Any) -> None:
    """The First Fire window passed; a placed DC's counter then put in its target hex (A23.3)."""
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    if pos.decision is not None and pos.decision.then == "dcp_lay":
        pos.push_text(f"answer hex {pos.label(pos.decision.target)}")


@pytest.mark.parametrize(("dice", "cx", "squad", "truck", "hs"), [
    ("5,6", True, "NMC", ("immobilized",), "NMC"),
    ("1,2", False, "2KIA", ("wreck", "burning"), "eliminated"),
    ("4,4", False, "2MC", ("wreck",), "Survival roll"),
])
def test_a7_308_d8b_a_placed_dc_at_a_truck_its_passengers_and_a_squad(
        make_position: Any, dice: str, cx: bool, squad: str, truck: tuple[str, ...], hs: str) -> None:
    """A23.4, A7.308, D.8B (the Collateral Attack Table's G for a DC): 30 FP at the shellhole (+1 for the
    squad only). Original 11 from a CX placer: the squad 13 (NMC), the truck 12, its Kill number:
    immobilized, the HS aboard the same 12 as a General Collateral attack (NMC). Original 3: the squad 4
    (2KIA), the truck 3, at most half of 12: a burning wreck, the HS with it. Original 8: the squad 9
    (2MC), the truck 8 below 12: destroyed, the HS rolls to survive and takes no collateral attack (D.8,
    D6.9)."""
    pos = _placed(make_position, cx=cx)
    pos.push_text(f"answer dice {dice}")
    res = pos.last_resolution
    text = res.text()
    original = sum(int(d) for d in dice.split(","))
    drm = 1 + (1 if cx else 0)
    assert f"30 FP -> 30 column, final DR {original + drm} -> {squad}" in text
    assert f"b-tr: Final DR {original + drm - 1}, Kill number 12:" in text  # no shellhole for the truck
    assert res.results["b-1"] == squad
    assert all(pos.units["b-tr"].has(m) for m in truck)
    if hs == "NMC":
        said = "General Collateral attack on b-hs (DC vs unarmored vehicle: G): 30 column, final DR 12 -> NMC"
        assert said in text
        assert res.results["b-hs"] == "NMC"
        assert [d.then for d in pos.state.decisions if d.subject == ("b-hs",)] == ["mc"]
    else:
        assert "b-tr is destroyed by the same DR on the 30 column: no collateral attack (D.8)" in text
        assert "b-hs" not in res.results
    if hs == "eliminated":
        assert "b-hs" not in pos.units
    if hs == "Survival roll":
        assert [d.then for d in pos.state.decisions if d.subject == ("b-hs",)] == ["vprc"]
    assert "a-dc" not in pos.units


def test_a23_4_a_malfunction_attacks_neither_the_truck_nor_those_aboard(make_position: Any) -> None:
    """A23.4 and the Collateral Attack Table's note 6: an Original 12 malfunctions the DC: no attack on the
    truck, no collateral attack on its HS."""
    pos = _placed(make_position, cx=False)
    pos.push_text("answer dice 6,6")
    assert pos.last_resolution.results == {} and "malfunctions" in pos.last_resolution.text()
    assert not pos.units["b-tr"].markers or "wreck" not in pos.units["b-tr"].markers
    assert not [d for d in pos.state.decisions if d.subject == ("b-hs",)]


def test_a7_308_a_truck_alone_in_the_location_is_still_attacked(make_position: Any) -> None:
    """A7.308: the DC attacks the Location; a truck with a HS aboard and no other unit there: Original 9 from
    a CX placer, final 10 below the Kill number 12 (no shellhole TEM for it): destroyed, the HS rolls to
    survive (D6.9)."""
    pos = _placed(make_position, cx=True, squad=False)
    pos.push_text("answer dice 4,5")
    assert "b-tr: Final DR 10, Kill number 12: destroyed" in pos.last_resolution.text()
    assert pos.units["b-tr"].has("wreck")
    assert [d.then for d in pos.state.decisions if d.subject == ("b-hs",)] == ["vprc"]


def test_a23_5_an_afv_and_those_aboard_it_are_not_attacked_by_a_dc_at_its_location(
        make_position: Any) -> None:
    """A23.5: a DC affects an AFV only as its declared primary target (chapter C's DC column); the table's
    "S" for a DC against an AFV gives no General Collateral attack: the HS aboard the AFV is not attacked,
    the squad there is (Original 8, final 9: 2MC)."""
    pos = _placed(make_position, cx=False, vehicle="t")
    pos.push_text("answer dice 4,4")
    res = pos.last_resolution
    assert res.results == {"b-1": "2MC"}
    assert "Vehicle line" not in res.text() and not pos.units["b-tr"].has("wreck")


# --- A13.5, A13.511: cavalry and horses where a placed or Set DC detonates ---


def _placed_at_cavalry(make_position: Any, *, cx: bool = False) -> Any:
    """The A23.3 example's 5-4-8 places a DC from C2 into the shellhole C1 (+1 TEM for infantry only, the
    A7.308 example) holding a 4-4-7 on foot, a 4-4-7 mounted on a squad's horse counter and an unridden HS
    counter (A13.1)."""
    units = [{"id": "a-1", "counter": "5-4-8", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C1"},
             {"id": "b-cav", "counter": "4-4-7r", "side": "b", "hex": "C1", "markers": [cavalry.MOUNTED]},
             {"id": "b-h", "counter": "HORSE3", "side": "b", "hex": "C1", "carrier": "b-cav"},
             {"id": "b-h2", "counter": "HORSE2", "side": "b", "hex": "C1"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C1": "shellhole"})
    pos.push_text("move a-1 C3-C2 as cx" if cx else "move a-1 C3-C2")
    _passes(pos)
    pos.push_text("fire a-dc at C1")
    _passes(pos)
    assert pos.units["a-dc"].has("placed_dc")
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")
    assert pos.decision.then == "dcp_blast"
    return pos


def test_a13_5_a13_511_a_placed_dc_at_cavalry_and_horses(make_position: Any) -> None:
    """A23.1/A23.4: 30 FP with the shellhole's +1. Original 9: the 4-4-7 on foot 10; the cavalry 9 - 2 = 7
    with no shellhole TEM (A13.5); the horses 9 on the vehicle line (A13.511: no -2, no shellhole TEM), below
    the 30 column's Kill number 12: both counters go (no more of them than the column's highest KIA number,
    A7.308), and the cavalry's rider bails out (D6.24) after the attack's own check."""
    pos = _placed_at_cavalry(make_position)
    ift = pos.charts.chart("ift")
    kill = unarmored.kill_number(pos.charts.chart("ift_vehicle"), 30)
    assert kill == 12
    pos.push_text("answer dice 4,5")
    res = pos.state.resolution
    text = res.text()
    assert "30 FP -> 30 column, final DR 10" in text
    assert f"cavalry: Final DR 7 -> {ift.lookup(fp=30, final_dr=7)}" in text
    assert res.results == {"b-1": str(ift.lookup(fp=30, final_dr=10)),
                           "b-cav": str(ift.lookup(fp=30, final_dr=7))}
    assert "horses: Final DR 9, Kill number 12: b-h, b-h2 removed" in text
    assert "b-h" not in pos.units and "b-h2" not in pos.units
    rules = [d.rule for d in pos.state.decisions]
    assert "A13.511" in rules  # the rider's bail-out NMC (D6.24), under the attack's own checks
    assert rules.index("A13.511") < max(i for i, d in enumerate(pos.state.decisions)
                                        if d.subject and d.subject[0] in ("b-1", "b-cav")
                                        and d.rule != "A13.511")


def test_a13_511_a_placed_dc_at_the_kill_number_hits_one_horse_counter(make_position: Any) -> None:
    """A13.511: the horses' Final DR equal to the Kill number 12 (Original 11, +1 a CX placer, A23.4; the
    shellhole's +1 is not theirs): one of the two counters suffers a casualty, named by Random Selection
    (A.9, a dr each, the owner's); the HS counter's dr is higher, so it (a HS's counter) is removed; the
    squad's stays."""
    pos = _placed_at_cavalry(make_position, cx=True)
    pos.push_text("answer dice 5,6")
    said = "horses: Final DR 12, Kill number 12: one of b-h, b-h2 suffers a casualty"
    assert said in pos.state.resolution.text()
    picks = 0
    while pos.decision is not None and pos.decision.then == "horse_pick":
        pos.push_text(f"answer dice {6 if pos.decision.subject[0] == 'b-h2' else 2}")
        picks += 1
    assert picks == 2
    assert "b-h2" not in pos.units and pos.units["b-h"].values.get("horses") == 3


def test_a13_5_a_set_dc_at_cavalry(make_position: Any) -> None:
    """A23.71: a Set DC at cavalry that rode into its Open Ground Location: 36+ column at -3, no TEM.
    Original 8 (+1 for the enemy squad there: no malfunction, A23.7): the cavalry 8 - 3 - 2 = 3 (A13.5), its
    horses 5 on the vehicle line (A13.511: the -3 is the attack's, the -2 is not theirs), below the 36
    column's Kill number 13: the counter goes."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-cav", "counter": "4-4-7r", "side": "b", "hex": "C6", "markers": [cavalry.MOUNTED]},
             {"id": "b-h", "counter": "HORSE3", "side": "b", "hex": "C6", "carrier": "b-cav"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer pass")
    pos.push_text("answer dice 1")
    _until(pos, "a", "APh")
    pos.push_text("advance a-1 C3-D3")
    _until(pos, "b", "MPh")
    pos.push_text("move b-cav C6-C5-C4-C3")
    _until(pos, "a", "MPh")
    pos.push_text("move a-1 D3-E3")
    _until(pos, "a", "AFPh")
    assert pos.units["b-cav"].hex == pos.units["a-dc"].hex
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer dice 2,3")  # the setter's NTC: passed
    pos.push_text("answer dice 4,4")
    ift = pos.charts.chart("ift")
    res = pos.state.resolution
    text = res.text()
    assert "36 FP -> 36 column, final DR 5" in text
    assert res.results == {"b-cav": str(ift.lookup(fp=36, final_dr=3))}
    assert "horses: Final DR 5, Kill number 13: b-h removed" in text and "b-h" not in pos.units


def _until(pos: Any, side: str, phase: str) -> None:
    for _ in range(60):
        if pos.phasing == side and pos.phase.id == phase and pos.decision is None:
            return
        if pos.decision is not None and pos.decision.then == "volbreak":
            pos.push_text("answer none")  # A10.41: no voluntary break
            continue
        pos.push_text("answer pass" if pos.decision is not None else "end")
    raise AssertionError(f"never reached {side} {phase}: {pos}")
