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
