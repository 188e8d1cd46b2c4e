"""Colour is never the only carrier of meaning on the LEDs: lights that may be lit at the same time differ
in their pattern (steady, blink, pulse) or its period, so a player who cannot tell red from green still reads
the board."""

from __future__ import annotations

from itertools import combinations

from hexmate.host.table import views
from hexmate.host.table.views import Light

LIGHTS = {name: value for name, value in vars(views).items() if isinstance(value, Light)}
# Pairs never lit together: one decision is open at a time (a hex or a unit to choose), a fire group is
# undone when a roll opens, a LOS check and a lifted unit are different moments of play, and set-up comes
# before any decision.
NEVER_TOGETHER = {frozenset(p) for p in [("CHOOSE_HEX", "CHOOSE_UNIT"), ("SELECTED", "ROLL_FOR"),
                                         ("SIGHT_BLOCK", "ILLEGAL"), ("SIGHT_END", "ORIGIN"),
                                         ("SIGHT", "DESTINATION"), ("SIGHT", "TRAIL"), ("SIGHT_END", "TRAIL"),
                                         ("CHOOSE_HEX", "SETUP_TARGET"), ("CHOOSE_UNIT", "SETUP_TARGET")]}


def _motion(light: Light) -> tuple[str, int]:
    return (light.pattern, 0 if light.pattern == "solid" else light.period_10ms)


def _colour_only(lights: dict[str, Light]) -> list[tuple[str, str]]:
    return [(a, b) for (a, la), (b, lb) in combinations(sorted(lights.items()), 2)
            if la.colour != lb.colour and _motion(la) == _motion(lb)
            and frozenset((a, b)) not in NEVER_TOGETHER]


def test_lights_that_may_be_lit_together_differ_by_more_than_colour() -> None:
    assert len(LIGHTS) >= 16
    assert _colour_only(LIGHTS) == []


def test_the_check_catches_a_colour_only_difference() -> None:
    twin = Light("purple", (120, 0, 120), LIGHTS["ILLEGAL"].pattern, LIGHTS["ILLEGAL"].period_10ms)
    assert ("ILLEGAL", "TWIN") in _colour_only({**LIGHTS, "TWIN": twin})
