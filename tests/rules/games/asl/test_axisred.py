"""D2.52: in a North African scenario up to September 1941 (the scenario's ``axis_red_mp`` option: F11.2,
which defines the theatre, is not among the texts) every Axis vehicle but a motorcycle counts as red MP
and so rolls its mechanical reliability DR as it starts (D2.51); a DR of 12 immobilizes it. The German
demo Panzer is not red MP in its catalogue; the Russian demo tank is not Axis."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import axisred

from .test_armour import COUNTERS, pass_reactions

SIDES = [{"id": "a", "name": "A", "nationality": "german"},
         {"id": "b", "name": "B", "nationality": "russian"}]


def start(make_position: Any, option: bool, counter: str = "pz") -> Position:
    units = [{"id": "a-v", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J3"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, sides=SIDES,
                                  options={axisred.OPTION: True} if option else None)
    pos.push_text("move a-v C5-D5")
    return pos


def test_d2_52_an_axis_vehicle_rolls_its_mechanical_reliability_dr(make_position: Any) -> None:
    pos = start(make_position, True)
    top = pos.decision
    assert top is not None and top.rule == "D2.51"
    pos.push_text("answer dice 6,6")
    pass_reactions(pos)
    assert pos.units["a-v"].has("immobilized") and pos.label(pos.units["a-v"].hex) == "C5"


def test_d2_52_not_without_the_scenario_s_option_nor_for_a_non_axis_vehicle(make_position: Any) -> None:
    for pos in (start(make_position, False), start(make_position, True, counter="t")):
        assert pos.decision is None or pos.decision.rule != "D2.51"
