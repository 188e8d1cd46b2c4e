"""ASL concealment lost by acting in the sight of a Good Order enemy within 16 hexes (A12.141): a concealed
leader who rallies a broken unit, a concealed squad placing smoke grenades; out of such sight both keep the
"?". Counters: the test catalogue's (a 4-6-7 given a smoke exponent of 2: demo values)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "4-6-7s": {**ASL_COUNTERS["4-6-7"], "smoke": 2}}
WALL = {"E2": "woods", "E3": "woods", "E4": "woods", "E5": "woods", "E6": "woods"}


@pytest.mark.parametrize(("hexes", "lost"), [({}, True), (WALL, False)])
def test_a_concealed_leader_rallying_a_broken_unit_in_sight_loses_his_concealment(
        make_position: Any, hexes: dict[str, str], lost: bool) -> None:
    units = [{"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C3", "concealed": True},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "G3"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, hexes=hexes)
    pos.push_text("rally a-1 dice 6,6")
    assert pos.units["a-ldr"].concealed is not lost


@pytest.mark.parametrize(("hexes", "lost"), [({}, True), (WALL, False)])
def test_a_concealed_squad_placing_smoke_grenades_in_sight_loses_its_concealment(
        make_position: Any, hexes: dict[str, str], lost: bool) -> None:
    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3", "concealed": True},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "G3"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes=hexes)
    pos.push_text("smoke a-1 at D3")
    assert pos.units["a-1"].concealed is not lost


def test_a_concealed_leader_wounded_loses_his_concealment_out_of_any_sight() -> None:
    """A12.14: a concealed unit that is wounded loses its "?" whatever the enemy sees (so does one broken or
    Casualty Reduced: aftermath._break, _reduce)."""
    from hexmate.rules.games.asl.aftermath import _reduce
    from hexmate.rules.games.base import State, UnitState
    from hexmate.rules.scenario import CounterType

    leader = UnitState("a-ldr", "a", CounterType("9-1", "leader", {"morale": 9, "leadership": -1}), None,
                       concealed=True)
    state, wounded = _reduce({}, State(1, 0, {"a-ldr": leader}), leader)
    assert wounded is not None and wounded.has("wounded") and not state.units["a-ldr"].concealed
