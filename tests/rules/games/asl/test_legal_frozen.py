"""The legal actions of three positions from the scripted demos, frozen before the enumeration was made faster
(issues 9, 10): an optimisation of the generators (cached path costs, bypass routes, vehicle look-ups) must
not drop or add an action. The expected lists (legal_frozen.json) were written by the generators as they
stood at 1e8f5576, before any caching; a rules change that changes what is offered rewrites them on purpose.
Rewritten for A2.6 (issue 9): the MPh offers one ``as exit`` move a map-edge hex each Infantry stack reaches
with MF left for the mirror image (33 in the demo, 37 mid-game, none in the armour position).

The positions: the demo's first MPh (asl-turn.json's start), the armour demo's first MPh with its German tank
held off the map, due at DP0 beside woods DQ1 or at woods DQ1 itself (A2.51, D2.3: enter, enter+bypass,
reverse and Minimum Move offers; bench/bench_rules_play.py times the same), and turn 2's German MPh of
asl-two-turns.json (mid-game).

After a rules change that means to change what is offered there, rewrite the lists with
``.venv/bin/python -m tests.rules.games.asl.test_legal_frozen`` and check the diff holds only what was
meant."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hexmate.host import script
from hexmate.rules.games import Position, get_game

HERE = Path(__file__).parent
SCRIPTS = HERE.parents[2] / "e2e" / "scripts"
FROZEN = HERE / "legal_frozen.json"
WAITING = {"ger-pz1": {"turn": 1, "hexes": ["DP0", "DQ1"]}}


def position(name: str) -> Position:
    asl = get_game("asl")
    if name == "demo":
        return asl.new_position(asl.load_scenario(asl.demo_scenario_path))
    if name == "armour-waiting":
        armour = asl.load_scenario(asl.demo_scenario_path.parent / "demo-armour.json")
        pos = asl.new_position(dataclasses.replace(armour, options={**armour.options, "entry": WAITING}))
        while pos.phase.id != "MPh":  # the PFPh ended without Prep Fire
            pos.push(pos.parse_action("end"))
        return pos
    loaded = script.load(SCRIPTS / "asl-two-turns.json")
    pos = asl.new_position(asl.load_scenario(asl.demo_scenario_path))
    for step in loaded.steps:
        if pos.turn == 2 and pos.phase.id == "MPh" and pos.decision is None:
            return pos
        action = None if step.gesture == "expect" else script.action_for(pos, step)
        if action is not None:
            pos.push(action)
    raise AssertionError("the two-turn script never reached turn 2's MPh")


def offered(pos: Position) -> list[str]:
    return sorted(pos.action_text(a) for a in pos.legal_actions)


@pytest.mark.parametrize("name", ["demo", "armour-waiting", "mid-game"])
def test_the_legal_actions_are_the_frozen_ones(name: str) -> None:
    expected = json.loads(FROZEN.read_text(encoding="utf-8"))[name]
    pos = position(name)
    got = offered(pos)
    missing = sorted(set(expected) - set(got))
    extra = sorted(set(got) - set(expected))
    assert (missing, extra) == ([], []), str(pos)
    assert got == expected  # the same count too: no action offered twice where it was once


def test_the_waiting_tank_is_offered_every_way_on() -> None:
    """The armour position is the one the brief names: the tank off the map with enter, enter+bypass from
    DQ1 and beyond it, and reverse offers among its legal actions (so the frozen list covers those paths)."""
    pos = position("armour-waiting")
    assert pos.units["ger-pz1"].hex is None and pos.phase.id == "MPh"
    modes = {m.split(" as ")[-1] for m in offered(pos) if m.startswith("move ger-pz1 ")}
    assert {"enter", "enter+bypass", "enter+reverse"} <= modes


if __name__ == "__main__":  # rewrite the frozen lists (see the module docstring)
    lists = {name: offered(position(name)) for name in ("demo", "armour-waiting", "mid-game")}
    FROZEN.write_text(json.dumps(lists, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
