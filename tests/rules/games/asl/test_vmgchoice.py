"""The owner chooses which of a vehicle's MGs fire and splits them between targets (D3.5), played through the
game's actions. Counters: catalogues/demo-mg-vehicles.json (demo values: BMG 2, CMG 3, AAMG 1); the DRMs and
the rules are the text's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.hexes import Hex, distance

CAT = "catalogues/demo-mg-vehicles.json"
COUNTERS: dict[str, Any] = {
    "mg4": {"type": "vehicle", "vehicle": "demo-mg4-g", "catalogue": CAT},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
    "5-2-7": {"type": "squad", "fp": 5, "range": 2, "morale": 7, "broken_morale": 7},
    "6-2-8": {"type": "squad", "fp": 6, "range": 2, "morale": 8, "broken_morale": 8},
}
TANK = "F4"


def spots(make_position: Any) -> dict[int, str]:
    """A hex at 2-4 hexes from the tank (VCA = TCA = 0) for each count of hexspines off its arcs (0..3)."""
    pos = make(make_position, "PFPh", {})
    here = pos.map.parse_label(TANK)
    found: dict[int, str] = {}
    for q in range(-6, 7):
        for r in range(-6, 7):
            h = Hex(here.q + q, here.r + r)
            if h in pos.map and 2 <= distance(here, h) <= 4:
                found.setdefault(fc.hexspines_to(here, h, 0), pos.label(h))
    return found


def make(make_position: Any, phase: str, targets: dict[str, str], *markers: str) -> Position:
    units = [{"id": "g-pz", "counter": "mg4", "side": "a", "hex": TANK, "markers": ["vca0", *markers]}]
    units += [{"id": f"r-{c}", "counter": c, "side": "b", "hex": h} for c, h in targets.items()]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def offered(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_d35_example_aamg_and_cmg_at_separate_targets(make_position: Any) -> None:
    """D3.5 example (CE PzIVH, PFPh): the AAMG fires alone at the 5-2-7 outside both CAs with no DRM (D1.83);
    then the CMG alone at the 4-4-7 two hexspines off the TCA: +2 on the IFT DR (D3.52, C5.1)."""
    at = spots(make_position)
    pos = make(make_position, "PFPh", {"5-2-7": at[3], "4-4-7": at[2]}, "ce")
    assert f"fire g-pz.aamg at {at[3]}" in offered(pos)
    assert f"fire g-pz.cmg at {at[2]}" in offered(pos)
    assert f"fire g-pz.bmg at {at[3]}" in offered(pos)  # the owner may pay Case A: the example chose not to
    pos.push_text(f"fire g-pz.aamg at {at[3]}")
    top = pos.decision
    assert top is not None and top.arg("weapons") == "aamg" and top.arg("fp") == "1" and top.arg("drm") == "0"
    pos.push_text("answer dice 6,6")
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text(f"fire g-pz.cmg at {at[2]}")
    top = pos.decision
    assert top is not None and top.arg("weapons") == "cmg" and top.arg("fp") == "3" and top.arg("drm") == "2"
    assert pos.units["g-pz"].has("mg_fired:aamg") and pos.units["g-pz"].has("mg_fired:cmg")
    assert not pos.units["g-pz"].has("mg_fired:bmg")  # the BMG stays free (D3.5)


def test_combined_mgs_take_the_largest_ca_drm(make_position: Any) -> None:
    """D3.5: MGs combined into one attack take the largest CA DRM of those used: the BMG (NT, one hexspine:
    +3, D3.52) with the CMG (T, one hexspine: +1) -> 5 FP at +3."""
    at = spots(make_position)
    pos = make(make_position, "PFPh", {"4-4-7": at[1]})
    pos.push_text(f"fire g-pz.bmg,g-pz.cmg at {at[1]}")
    top = pos.decision
    assert top is not None and top.arg("fp") == "5" and top.arg("drm") == "3"


def test_one_mg_fires_once_a_player_turn(make_position: Any) -> None:
    """D3.5: a vehicle's MG fires once per player turn: the CMG used on one target may not fire at another."""
    at = spots(make_position)
    pos = make(make_position, "PFPh", {"4-4-7": at[0], "5-2-7": at[1]})
    pos.push_text(f"fire g-pz.cmg at {at[0]}")
    # an Original 11: no breakdown (a 12 would malfunction the CMG, D3.7)
    pos.push_text("answer dice 6,5")
    assert f"fire g-pz.cmg at {at[1]}" not in offered(pos)
    with pytest.raises(IllegalAction, match=r"CMG has fired this player turn \(D3.5\)"):
        pos.push_text(f"fire g-pz.cmg at {at[1]}")
    assert f"fire g-pz.bmg at {at[1]}" in offered(pos)  # the BMG goes at another target


def test_mgs_at_one_target_in_a_phase_fire_together(make_position: Any) -> None:
    """D3.5 with A7.55: two MGs of one vehicle firing at the same target in one phase must form one fire
    group: after the CMG fired at the 4-4-7 alone, the BMG may not fire at it separately."""
    at = spots(make_position)
    pos = make(make_position, "PFPh", {"4-4-7": at[0]})
    pos.push_text(f"fire g-pz.cmg at {at[0]}")
    pos.push_text("answer dice 6,6")
    assert f"fire g-pz.bmg at {at[0]}" not in offered(pos)
    with pytest.raises(IllegalAction, match=r"\(A7.55\)"):
        pos.push_text(f"fire g-pz.bmg at {at[0]}")


def test_named_mg_out_of_its_reach_is_refused(make_position: Any) -> None:
    """D1.83: a BU AFV's AAMG does not fire; D3.5: an MG named twice is refused."""
    at = spots(make_position)
    pos = make(make_position, "PFPh", {"4-4-7": at[0]})
    assert f"fire g-pz.aamg at {at[0]}" not in offered(pos)
    with pytest.raises(IllegalAction, match=r"\(D1.83\)"):
        pos.push_text(f"fire g-pz.aamg at {at[0]}")
    with pytest.raises(IllegalAction, match=r"\(D3.5\)"):
        pos.push_text(f"fire g-pz.bmg,g-pz.bmg at {at[0]}")
