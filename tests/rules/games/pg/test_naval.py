"""Naval and amphibious movement (5.1): a naval unit moves on water only and never into a hex that is part
land, part water; an amphibious unit is a naval unit in a water hex and a land vehicle on land. The text
gives no naval MP (the TEC is not printed): the naval rate is movement.json's demo 1 MP a hex. On these
boards the all-water hexes are the major-river ones (as for 15.2's flotillas)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "boat": {"type": "vehicle", "ma": 5, "morale": 7, "naval": 1, "steps": 1},
    "amtruck": {"type": "vehicle", "ma": 8, "morale": 7, "amphibious": 1, "transport": 1, "steps": 1},
    "truck": {"type": "vehicle", "ma": 8, "morale": 7, "transport": 1, "steps": 1},
}


def _pos(make_position: Any, pg: Any, units: list[dict[str, Any]]) -> Any:
    water = {f"E{r}": {"terrain": "major-river"} for r in range(1, 9)}
    return pg(make_position, [*units, _u("b1", "L8", "inf", "b")], counters_extra=C,
              hexes={**water, "G4": {"terrain": "minor-river"}})


def test_5_1_a_naval_unit_moves_on_water_only(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("n1", "E4", "boat")])
    reach = {pos.label(h) for h in pos.legal_actions.moves_for({"n1"})}
    assert reach and all(label.startswith("E") for label in reach)  # the water hexes, nothing on land
    with pytest.raises(IllegalAction, match=r"step E4-D4 is not allowed"):
        pos.push_text("move n1 E4-D4")
    done = pos.push_text("move n1 E4-E5-E6")
    assert done.cost == 2  # the demo naval rate, 1 MP a hex


def test_5_1_part_land_part_water_is_closed_to_a_naval_unit(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("n1", "F4", "boat")])  # set up on land: it may not go to the stream
    assert "G4" not in {pos.label(h) for h in pos.legal_actions.moves_for({"n1"})}


def test_5_1_an_amphibian_is_naval_in_the_water_and_a_land_vehicle_ashore(
        make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("am", "D4", "amtruck"), _u("tr", "D5", "truck")])
    with pytest.raises(IllegalAction, match=r"step D5-E5 is not allowed"):  # 5.72: a truck needs a bridge
        pos.push_text("move tr D5-E5")
    done = pos.push_text("move am D4-E4-F4")
    assert done.cost == 1 + 2  # into the water at the naval rate, ashore at the motorized clear 2 (16.5)
    assert pos.label(pos.units["am"].hex) == "F4"
