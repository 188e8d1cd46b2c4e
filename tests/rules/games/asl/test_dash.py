"""ASL Dash (A4.63) in play. The A4.63 example is on board 4 (a 4-6-7 Dashes from CC8 through the road hex
BB7 to AA7; a 4-4-7 fires from Y9, a 6-2-8 from CC6); its figure is missing, so it runs on an analogue on the
test board: a road down column F, the 4-6-7 in the woods of G5 Dashing through F5 to E6, woods in D7 hiding E6
from the 4-4-7 in D8, and the 6-2-8 in G3 seeing E6 as Open Ground. Counters from the demo catalogue (demo
values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
ROAD = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}


def board(make_position: Any, extra: list[dict[str, Any]] | None = None,
          hexes: dict[str, Any] | None = None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "G5"},
             {"id": "b-447", "counter": "4-4-7r", "side": "b", "hex": "D8"},
             {"id": "b-628", "counter": "6-2-8", "side": "b", "hex": "G3"}, *(extra or [])]
    return make_position("asl", units, "MPh", counters=COUNTERS,
                         hexes={**ROAD, "G5": "woods", "D7": "woods", **(hexes or {})})


def test_dash_is_two_hexes_across_a_road(make_position: Any) -> None:
    pos = board(make_position)
    assert pos.game.check(pos, pos.parse_action("move a-1 G5-F5-E6 as dash")).cost == 2
    with pytest.raises(IllegalAction, match=r"a Dash is two hexes.*\(A4\.63\)"):
        pos.game.check(pos, pos.parse_action("move a-1 G5-F5-E6-D6 as dash"))
    with pytest.raises(IllegalAction, match=r"G6 is not a road hex"):
        pos.game.check(pos, pos.parse_action("move a-1 G5-G6-G7 as dash"))
    with pytest.raises(IllegalAction, match=r"F6 does not face G5 across the road"):
        pos.game.check(pos, pos.parse_action("move a-1 G5-F5-F6 as dash"))
    # A4.63: the two entries' normal cost may not exceed the MF allowance (woods 2 + woods one level up 4)
    pos = board(make_position, hexes={"E6": {"terrain": "woods", "level": 1}})
    with pytest.raises(IllegalAction, match=r"costs 5 MF, the stack has 4 MF"):
        pos.game.check(pos, pos.parse_action("move a-1 G5-F5-E6 as dash"))


def test_a4_63_example_fire_halved_per_firer(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 G5-F5-E6 as dash")
    assert pos.label(pos.decision.target) == "F5"
    # the 4-4-7 sees neither end as Open Ground (G5 woods, E6 out of its LOS): its fire is Area Fire
    text = pos.resolve(pos.parse_action("fire b-447 at F5 dice 3,4")).text()
    assert "x1/2 Area Fire: at a Dashing unit (A4.63) = 2 FP" in text
    assert "FFNAM" in text and "FFMO" in text  # still apply (A4.63)
    # the 6-2-8 sees E6 as Open Ground: no Dash halving for it
    text = pos.resolve(pos.parse_action("fire b-628 at F5 dice 3,4")).text()
    assert "Dashing" not in text
    # if the 4-4-7 fires after the 6-2-8, its fire is still halved
    pos.push_text("fire b-628 at F5 dice 6,6")
    text = pos.resolve(pos.parse_action("fire b-447 at F5 dice 3,4")).text()
    assert "at a Dashing unit" in text


def test_fire_at_the_destination_is_not_halved(make_position: Any) -> None:
    # A4.63 example: even were AA7 a building, fire there is not halved: the unit Dashes only in the road hex
    pos = board(make_position, hexes={"E6": "stone-building"})
    pos.push_text("move a-1 G5-F5-E6 as dash")
    pos.push_text("answer pass")
    assert pos.label(pos.decision.target) == "E6"
    text = pos.resolve(pos.parse_action("fire b-628 at E6 dice 3,4")).text()
    assert "Dashing" not in text


def test_a_pinned_dasher_stops_in_the_road_and_loses_the_dash(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 G5-F5-E6 as dash")
    pos.push_text("fire b-628 at F5 dice 4,4")
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 4,4")
    assert pos.units["a-1"].has("pinned")
    pos.push_text("answer pass")
    assert pos.label(pos.units["a-1"].hex) == "F5"  # stopped in the road hex (A4.63)
