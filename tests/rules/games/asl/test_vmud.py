"""Bog in mud and deep snow in play (D8.23, D8.21): one secret bog DR by the opponent for the vehicle's MPh
and a secret dr naming the entry it bogs in. Counters: test_armour's demo Panzer (normal ground pressure,
fully armored: demo values), weather from the scenario's options.weather. D8.23 has no worked example; the
DRMs are D8.21's table: +1 normal ground pressure, +1 mud, +1 more for deep snow."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vmud

from .test_armour import COUNTERS, pass_reactions


def make(make_position: Any, weather: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca1"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS,
                                  options={"weather": {"precipitation": weather}})
    return pos


def drive(pos: Position, path: str, rolls_given: list[str]) -> list[str]:
    """The move, answering each secret roll in turn (the opponent's); the rolls' prompts seen."""
    seen: list[str] = []
    pos.push_text(f"move a-pz {path}")
    rolls = iter(rolls_given)
    while pos.decision is not None:
        top = pos.decision
        if top.kind == "react":
            pos.push_text("answer pass")
        elif top.then in ("vmud", "vmud_dr"):
            assert top.private and top.side == "b"
            seen.append(f"{top.then}:{top.arg('drm')}")
            pos.push_text(f"answer dice {next(rolls)}")
        else:
            break
    return seen


def test_mud_bogs_in_the_dr_th_entry(make_position: Any) -> None:
    """D8.23: DR 6+5 +2 = 13 bogs it; secret dr 2: it bogs in the second hex it enters (E5 of C5-D5-E5-F5)."""
    pos = make(make_position, "mud")
    seen = drive(pos, "C5-D5-E5-F5", ["6,5", "2"])
    assert seen == ["vmud:2", "vmud_dr:"]
    tank = pos.units["a-pz"]
    assert tank.has("bogged") and pos.label(tank.hex) == "E5"


def test_mud_no_bog_on_a_low_dr(make_position: Any) -> None:
    """D8.23: DR 3+4 +2 = 9: no bog for the whole MPh; no dr asked."""
    pos = make(make_position, "mud")
    assert drive(pos, "C5-D5-E5-F5", ["3,4"]) == ["vmud:2"]
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert not tank.has("bogged") and pos.label(tank.hex) == "F5"


def test_deep_snow_adds_one_more_and_fewer_entries_do_not_bog(make_position: Any) -> None:
    """D8.21: deep snow +1 more (drm 3); D8.23: a dr of 5 and only 3 entries: no bog."""
    pos = make(make_position, "heavy snow")
    assert drive(pos, "C5-D5-E5-F5", ["5,5", "5"]) == ["vmud:3", "vmud_dr:"]
    assert not pos.units["a-pz"].has("bogged")


def test_clear_weather_asks_nothing(make_position: Any) -> None:
    pos = make(make_position, "none")
    assert drive(pos, "C5-D5-E5", []) == []
    assert vmud.ground(pos.game.gstate(pos.state)) == (False, False)
