"""D9.31 with A12.31: the Armored Assault infantry enter each hex as infantry do, so a HIP enemy unit there is
placed on it under a "?", also where the AFV comes by a woods-road (which alone makes no one show, A12.41).
Counters: test_armour's demo Panzer and squads; b-hip set up hidden in F5 (woods, on the road from F6)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import hip

from .test_armour import COUNTERS

WOODS_ROAD = {"F6": {"road": ["N"]}, "F5": {"terrain": "woods", "road": ["S"]}}


def board(make_position: Any, *, with_squad: bool) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "F6", "markers": ["vca1"]},
             {"id": "b-hip", "counter": "4-6-7", "side": "b", "hex": "B1"}]
    if with_squad:
        units.append({"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F6"})
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=WOODS_ROAD,
                                  options={"hip": {"b": {"units": ["b-hip"], "area": ["F5"]}}})
    pos.push_text("answer hex F5")  # its owner sets it up in secret (A12.3)
    return pos


def test_d9_31_the_infantry_with_the_afv_meet_the_hip_unit(make_position: Any) -> None:
    """Placed under a "?" as the infantry enter (A12.31), the 4-6-7 then bars them as any "?" does (A12.15:
    aa.bumped): it shows itself and the squad stays in F6; the Panzer goes on into F5 (A12.4)."""
    pos = board(make_position, with_squad=True)
    assert hip.hidden(pos) == {"b-hip": "b"}
    pos.push_text("move a-pz,a-sq F6-F5 as armored-assault")
    unit = pos.units["b-hip"]
    assert hip.hidden(pos) == {} and pos.label(unit.hex) == "F5" and not unit.concealed
    assert pos.label(pos.units["a-sq"].hex) == "F6" and pos.label(pos.units["a-pz"].hex) == "F5"


def test_a12_41_the_afv_alone_by_the_woods_road_makes_no_one_show(make_position: Any) -> None:
    pos = board(make_position, with_squad=False)
    pos.push_text("move a-pz F6-F5")
    assert hip.hidden(pos) == {"b-hip": "b"}
