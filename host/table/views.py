"""Per-audience views of the table: shared (LEDs, spectators), and each side's owner. Hidden stays hidden.

What the board reads under a concealment counter goes only to the owning side's view. The shared LED frame
and every other view see "a concealed stack": no unit ids, no printed values, no destinations or points
spent (which would betray the movement allowance), only hexes anyone at the table can see anyway.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hexmate.host.table.calibration import Calibration
from hexmate.host.table.events import (
    Difference,
    IllegalPlacement,
    InSync,
    Lifted,
    MoveRecognised,
    OutOfSync,
    PutBack,
    TableEvent,
    UncertainCell,
    UnknownTag,
)
from hexmate.host.table.geometry import Hex
from hexmate.host.table.registry import Registry
from hexmate.host.table.tracker import Phase, Tracker

SHARED = "shared"  # the LEDs and spectators
CONCEALED = "a concealed stack"


@dataclass(frozen=True)
class Light:
    """One hex's LED: a named colour, its RGB and a pattern ('solid', 'blink', 'pulse')."""

    colour: str
    rgb: tuple[int, int, int]
    pattern: str = "solid"
    period_10ms: int = 50


# Colour is never the only carrier of meaning (a colour-blind player, a dim room): lights that may be lit
# together differ in pattern or period too (tests/host/table/test_led_patterns.py). Steady: where a unit may
# go, a line of sight; slow blink (1 s): an end (where a unit started, the ends of a line of sight); fast
# blink: something wrong here; pulses: something to do here, each its own pace.
DESTINATION = Light("green", (0, 160, 0))
ORIGIN = Light("blue", (0, 0, 200), "blink", 100)
TRAIL = Light("blue", (0, 0, 60), "pulse", 150)
ILLEGAL = Light("red", (220, 0, 0), "blink", 25)
DIFFERENCE = Light("amber", (230, 120, 0), "blink", 50)
SETUP_TARGET = Light("white", (160, 160, 160), "pulse", 100)
UNKNOWN = Light("magenta", (200, 0, 200), "pulse", 40)
UNCERTAIN = Light("amber", (230, 120, 0), "pulse", 200)
CHOOSE_HEX = Light("green", (0, 160, 0), "pulse", 100)  # a hex to choose: put the unit on one of them
CHOOSE_UNIT = Light("yellow", (200, 160, 0), "pulse", 100)  # a unit to choose stands here: lift it
SELECTED = Light("blue", (0, 0, 200), "pulse", 60)  # a unit tapped into a fire group
ROLL_FOR = Light("orange", (230, 80, 0), "pulse", 60)  # the hex the open roll is about (a fire's target)
CHANGE = Light("cyan", (0, 150, 160), "blink", 150)  # a change to make on the board here (flip, remove...)
SIGHT = Light("sight", (110, 110, 110))  # a line of sight traced through this hex
SIGHT_BLOCK = Light("red", (220, 0, 0), "blink", 25)  # where the line of sight is blocked
SIGHT_END = Light("blue", (0, 0, 200), "blink", 100)  # the two ends of a line of sight check
SUPPLY = {  # a game's picture on request (Schlieffen's War supply, 8.x): status -> light
    "in": Light("supply", (0, 90, 0)), "hf": Light("supply-hf", (200, 120, 0)),
    "oos": Light("supply-oos", (200, 0, 0), "blink", 50), "source": Light("supply-source", (0, 40, 90)),
    # ASL vehicles (D3.1): ``show arc UNIT`` lights its covered arcs, the vehicle's hex and its VCA and TCA
    "vehicle": Light("arc-vehicle", (90, 90, 90)), "vca": Light("arc-vca", (90, 50, 0)),
    "tca": Light("arc-tca", (0, 50, 90)), "both": Light("arc-both", (60, 0, 90)),
}
MARKS = {  # what a game keeps lit while it lasts (Game.marks): ASL Residual FP (A8.2), Fire Lanes (A9.22)
    "residual": Light("residual", (150, 0, 70)), "lane": Light("lane", (160, 60, 0), "pulse", 150),
}
PATTERN_CODES = {"solid": 0, "blink": 1, "pulse": 2, "sequence": 3}  # hexmate.firmware.wire SOLID/BLINK/...


def led_frame(tracker: Tracker) -> dict[Hex, Light]:
    """The shared LED picture of the tracker's state (what every player and spectator sees)."""
    frame: dict[Hex, Light] = {}
    if tracker.phase is Phase.OUT_OF_SYNC or tracker.setup:
        for d in tracker.differences:
            frame[d.hex] = SETUP_TARGET if tracker.setup and d.missing and not d.extra else DIFFERENCE
    elif tracker.origin is not None:
        hidden = bool(tracker.group & tracker.concealed)
        if not hidden:
            for h in tracker.destinations:
                frame[h] = DESTINATION
        for h in tracker.trail:
            frame[h] = TRAIL
        frame[tracker.origin] = ORIGIN
        if tracker.phase is Phase.ILLEGAL and tracker.resting is not None:
            frame[tracker.resting] = ILLEGAL
    for where, _cell in tracker.unknown.values():
        if where is not None:
            frame[where] = UNKNOWN
    for h in tracker.uncertain:
        frame.setdefault(h, UNCERTAIN)
    return frame


def wire_entries(
    frame: Mapping[Hex, Light], calibration: Calibration
) -> list[tuple[int, int, int, int, int, int]]:
    """LEDS message entries (cell, r, g, b, pattern, period_10ms) for hexmate.firmware.wire.pack_leds."""
    out = []
    for h, light in frame.items():
        cell = calibration.cell_of(h)
        if cell is not None:
            out.append((cell, *light.rgb, PATTERN_CODES[light.pattern], light.period_10ms))
    return sorted(out)


class TableViews:
    """Renders events and hex contents for one audience: SHARED or a side name ('german', 'russian')."""

    def __init__(self, tracker: Tracker, registry: Registry) -> None:
        self.tracker = tracker
        self.registry = registry
        self.label = tracker.calibration.map.label

    def _side(self, unit: str) -> str:
        counter = self.registry.counter_of_unit(unit)
        return counter.side if counter is not None else ""

    def hidden_from(self, units: Iterable[str], audience: str) -> bool:
        """True if any of these units is concealed and the audience is not its owner."""
        return any(u in self.tracker.concealed and self._side(u) != audience for u in units)

    def units(self, units: Iterable[str], audience: str) -> list[str] | str:
        shown = sorted(units)
        return CONCEALED if self.hidden_from(shown, audience) else shown

    def hex_contents(self, h: Hex, audience: str) -> list[str] | str:
        return self.units(self.tracker.sensed_units(h), audience)

    def instructions(self, audience: str) -> list[str]:
        """What to put back where while out of sync, in words, with concealed units unnamed."""
        lines = []
        for d in self.tracker.differences:
            if d.missing:
                lines.append(f"put {self._names(d.missing, audience)} on {self.label(d.hex)}")
            if d.extra:
                lines.append(f"take {self._names(d.extra, audience)} off {self.label(d.hex)}")
        return lines

    def _names(self, units: Iterable[str], audience: str) -> str:
        shown = self.units(units, audience)
        return shown if isinstance(shown, str) else ", ".join(shown)

    def difference(self, d: Difference, audience: str) -> dict[str, Any]:
        return {
            "hex": self.label(d.hex),
            "expected": self.units(d.expected, audience),
            "sensed": self.units(d.sensed, audience),
            "put_back": self.units(d.missing, audience),
            "take_away": self.units(d.extra, audience),
        }

    def event(self, event: TableEvent, audience: str) -> dict[str, Any]:
        """A JSON-ready description of one event for one audience."""
        out: dict[str, Any] = {"kind": event.kind}
        if isinstance(event, Lifted):
            hidden = self.hidden_from(event.units, audience)
            out.update(units=self.units(event.units, audience), hex=self.label(event.from_hex))
            out["destinations"] = (
                None
                if hidden
                else {
                    self.label(h): str(mv.cost)
                    for h, mv in sorted(event.destinations.items(), key=lambda kv: self.label(kv[0]))
                }
            )
        elif isinstance(event, MoveRecognised):
            hidden = self.hidden_from(event.units, audience)
            out.update(units=self.units(event.units, audience), path=[self.label(h) for h in event.path])
            out["trail"] = [self.label(h) for h in event.trail]
            out["cost"] = None if hidden else str(event.cost)
        elif isinstance(event, PutBack):
            out.update(units=self.units(event.units, audience), hex=self.label(event.hex))
        elif isinstance(event, IllegalPlacement):
            hidden = self.hidden_from(event.units, audience)
            out.update(units=self.units(event.units, audience), hex=self.label(event.hex))
            out["reason"] = "not a legal destination" if hidden else event.reason
        elif isinstance(event, OutOfSync):
            out.update(
                setup=event.setup, differences=[self.difference(d, audience) for d in event.differences]
            )
        elif isinstance(event, InSync):
            out.update(setup=event.setup)
        elif isinstance(event, UnknownTag):
            out.update(
                uid=event.uid, hex=self.label(event.hex) if event.hex is not None else None, cell=event.cell
            )
        elif isinstance(event, UncertainCell):
            out.update(hex=self.label(event.hex) if event.hex is not None else None, cell=event.cell)
        return out
