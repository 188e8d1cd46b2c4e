"""ASL DD tanks on land (D16.1-D16.12).

A DD tank's flotation screen is a marker on it: ``screen`` while raised (the scenario sets the tank up with
it, D16.8's entry from off the map being the usual way one arrives; raising it again is not in chapter D).
On land, which is every hex here (water, B21, and wading, G13.42, are not among the texts):

- D16.11: in its own MPh the screen may be lowered at will, from inside, at no cost: ``move TANK HEX as
  lower`` (its own hex; on the page with the vehicle's actions). Lowered, the tank is an ordinary tank.
- D16.12: with the screen raised it moves only CE; it may not fire, use bypass (VBM) or carry riders; it may
  not enter a building, rubble, woods, brush or orchard hex but by a woods-road or orchard-road hexside; and
  every land hex costs it 1 MP more (``entry``, used by armour.step_mp). No riders: none may board it while
  the screen is raised (``check_load``, transport.py), and it may not move with any aboard.

Not built: D16.1's screen ruined by a non-dud HE or HEAT hit on land (ammunition types are chapter C's, C8,
not among the texts: vfire.py models no HE or HEAT). D16.8's holding off the map is built (arrival.py).

Everything else of D16 happens in a Water Obstacle, which is chapter B's terrain (B21, B16.42 for marsh):
the terrain table and the maps have no water hex and the catalogue no amphibious MP, so none is built:
- D16.2: amphibious and land MP traded within one MPh; always in Motion in water unless stunned or shocked.
- D16.21: entering a Water Obstacle (not marsh, B16.42) costs 1 amphibious MP; leaving over an all-water
  hexside is B21.13's.
- D16.22: drifting with the current in the APh (B21.121), immobilized or not.
- D16.23: a bog check (D8.2) in the shoreline hex on coming out of the water.
- D16.3: in water always Very Small (+2, D1.75) and HD, save against a firer whose height advantage exceeds
  the range.
- D16.4: DD tanks and unarmored amphibians in water defend as unarmored on the IFT against halved
  non-ordnance FP; other amphibious AFVs ignore small arms (not their exposed PRC) and sink only by the AFV
  To Kill tables (chapter C) or indirect fire.
- D16.5: destroyed in water, it sinks: no wreck, its crew and passengers are eliminated.
- D16.6: in water it is no LOS hindrance.
- D16.7: in water it carries no riders.
"""

from __future__ import annotations

from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, opposite
from hexmate.rules.text import T

SCREEN = "screen"
MODE = "lower"
BARRED = ("wooden-building", "stone-building", "building", "rubble", "woods", "brush", "orchard")
ROAD_OK = ("woods", "orchard")  # D16.12: woods-road and orchard-road


def raised(unit: UnitState) -> bool:
    return unit.has(SCREEN)


def entry(position: Position, unit: UnitState, a: Hex, b: Hex) -> int | None:
    """D16.12: the screen's extra MP to enter b (1), or None where a raised screen may not go."""
    if not raised(unit):
        return 0
    terrain = position.map.terrain(b)
    if terrain in BARRED:
        d = direction_between(a, b)
        road = d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b)
        if not (road and terrain in ROAD_OK):
            return None
    return 1


def check_move(position: Position, move: act.Move, bypass: bool) -> None:
    """D16.12: a DD tank with its screen raised moves CE, not in bypass, with no riders."""
    unit = position.units[move.units[0]]
    if not raised(unit):
        return
    if not unit.has("ce"):
        raise IllegalAction(T("{unit} has its DD screen raised: it moves only CE (D16.12)", unit=unit.id),
                            "D16.12")
    if bypass:
        raise IllegalAction(T("{unit} has its DD screen raised: no bypass movement (D16.12)", unit=unit.id),
                            "D16.12")
    if any(u.carrier == unit.id and u.type != "sw" for u in position.units.values()):
        raise IllegalAction(T("{unit} has its DD screen raised: it carries no riders (D16.12)", unit=unit.id),
                            "D16.12")


def check_load(vehicle: UnitState) -> None:
    """D16.12: with its screen raised a DD tank carries no riders, so none board it (a tank's only load)."""
    if raised(vehicle):
        raise IllegalAction(T("{unit} has its DD screen raised: it carries no riders (D16.12)",
                              unit=vehicle.id), "D16.12")


def check_fire(position: Position, firers: tuple[str, ...]) -> None:
    """D16.12: no fire from a DD tank with its screen raised."""
    for uid in firers:
        unit = position.units.get(uid)
        if unit is not None and raised(unit):
            raise IllegalAction(T("{unit} has its DD screen raised: it may not fire (D16.12)", unit=unit.id),
                                "D16.12")


def is_lower(position: Position, move: act.Move) -> bool:
    return move.mode == MODE and len(move.units) == 1 and move.units[0] in position.units


def check_lower(position: Position, move: act.Move) -> act.Move:
    """D16.11: in its own MPh, where it is, at no MP."""
    unit = position.units[move.units[0]]
    if not raised(unit):
        raise IllegalAction(T("{unit} has no DD screen raised to lower", unit=unit.id), "D16.11")
    if position.phase.id != "MPh" or unit.side != position.phasing:
        raise IllegalAction(T("a DD screen is lowered only in its own MPh (D16.11)"), "D16.11")
    if len(move.path) != 1 or move.path[0] != unit.hex:
        raise IllegalAction(T("{unit} lowers its screen where it is, in {hex}", unit=unit.id,
                              hex=position.label(unit.hex)), "D16.11")
    return act.Move(move.units, move.path, 0, MODE)


def generate(position: Position) -> Iterator[act.Action]:
    """The screens that may be lowered now, for the page's buttons (D16.11)."""
    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        return
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if raised(unit) and unit.side == position.phasing and unit.hex is not None:
            yield act.Move((unit.id,), (unit.hex,), 0, MODE)


def lower(position: Position, move: act.Move) -> State:
    return position.state.with_unit(position.units[move.units[0]].mark(remove=(SCREEN,)))


__all__ = ["MODE", "SCREEN", "check_fire", "check_load", "check_lower", "check_move", "entry", "generate",
           "is_lower", "lower", "raised"]
