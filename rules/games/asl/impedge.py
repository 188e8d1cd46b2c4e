"""ASL platoon impulses at the map's edge (D14.212, with A2.6 and A26.23); impulse.py plays the impulses.

``move AFV HEX as impulse_exit`` takes a platoon AFV off the map from an edge hex, into the off-map hex of its
VCA (in reverse, of its rear), for the MP of that hex's mirror image: the edge hex's terrain (A2.6,
vrecall.exit_mp), with its towing MP (C10.1's demo value), times its REV in reverse (D2.21). D14.212: at the
impulse's end it counts, for D14.21, as in that off-map hex, with LOS to and from it (nothing off the map
blocks it); then it goes with what it carries, scoring Exit VP by the scenario's exit hexes (A26.23: its
A26.212 VP, its riders' and passengers' A26.211 VP; none for a Recalled AFV or broken infantry), by any
other edge hex counting as eliminated with them for the enemy's CVP (A26.221, edgeexit.record), and stays its
mates' formation partner off the map (the game state's ``imp_away``, read by ``away`` here and by
platoon.in_platoon): one left alone on the map is no lone survivor (D14.22) and moves by impulses in formation
with it, in later MPhs too (the D14 example's tank A), unless an NTC takes it out of the platoon (D14.23).
A mate may enter the hex it left in the same impulse as if it were empty (the example's impulse 7).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, edgeexit, platoon, victory, vrecall
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

OFF = "imp_off:"  # imp_off:q,r: it leaves the map in this impulse, into that off-map hex


def leaving(unit: UnitState) -> Hex | None:
    """The off-map hex this AFV leaves the map into in the impulse now being made, if it does."""
    for m in unit.markers:
        if m.startswith(OFF):
            q, r = m[len(OFF):].split(",")
            return Hex(int(q), int(r))
    return None


def away(position: Position, members: list[UnitState]) -> list[tuple[str, Hex, str]]:
    """The mates of these AFVs that left the map in an earlier impulse (of this MPh or an earlier one): id,
    the off-map hex they went into, their D14.21 status then."""
    names = {platoon.name_of(u) for u in members} - {None}
    gone = getattr(position.state.game, "imp_away", ())
    return [(uid, h, st) for uid, name, h, st in gone if name in names]


def sees(position: Position, a: Hex, b: Hex) -> bool:
    """D14.21's LOS, SMOKE ignored; to and from a hex off the map it is always traced (D14.212)."""
    return a not in position.map or b not in position.map or platoon._sees(position, a, b)


def _off_hexes(unit: UnitState, back: bool) -> tuple[Hex, Hex]:
    assert unit.hex is not None
    f = armour.facing_of(unit)
    return fc.rear_hexes(unit.hex, f) if back else fc.front_hexes(unit.hex, f)


def cost(position: Position, unit: UnitState, *, back: bool) -> Fraction:
    """The MP of leaving the map from its hex now (A2.6), refused where no hex of its VCA (rear) is off the
    map or the edge hex's terrain bars it."""
    assert unit.hex is not None
    f = armour.facing_of(unit)
    mp = vrecall.exit_mp(position, unit, unit.hex, (f + 3) % 6 if back else f)
    if mp is None:
        raise IllegalAction(T("{unit} cannot leave the map from {hex}: no hex of its VCA (in reverse: of its "
                              "rear) is off the map, or the edge hex's terrain bars it", unit=unit.id,
                              hex=position.label(unit.hex)), "A2.6")
    if armour.all_mp(position, unit, unit.hex, unit.hex):
        raise IllegalAction(T("{unit} may not leave the map in an impulse from {hex}", unit=unit.id,
                              hex=position.label(unit.hex)), "D2.1")
    mp += armour.tow_mp(unit)  # C10.1 (the pack's demo value): towing into the mirror image too
    return Fraction(vm.reverse_mp(mp, armour.vtype(unit).rev)) if back else mp


def mark(position: Position, unit: UnitState, *, back: bool) -> UnitState:
    """It goes at the impulse's end, after D14.21 is checked with it in the off-map hex; a moving target."""
    to = next(h for h in _off_hexes(unit, back) if h not in position.map)
    marks = (f"{OFF}{to.q},{to.r}", "entered")
    return unit.mark(*marks)


def leave_map(position: Position, members: list[UnitState], status: Callable[[UnitState], str]) -> State:
    """The AFVs that left the map in this impulse go, with what they carry (the SW their riders carry too,
    A4.43), scoring Exit VP by the scenario's exit hexes; each stays its platoon's mate off the map."""
    state = position.state
    exits = victory.exit_hexes(position, members[0].side) if members else frozenset()
    for u in members:
        to = leaving(state.units[u.id])
        if to is None:
            continue
        unit = state.units[u.id]
        recalled = unit.has(platoon.RECALLED)
        scores = unit.hex in exits and not recalled
        aboard = [r for r in state.units.values() if r.carrier == unit.id]
        gone = [(unit.id, victory.exit_value(unit) if scores else 0)]  # A26.212, A26.211: crew and MA as now
        gone += [(rider.id, victory.exit_value(rider) if scores else 0) for rider in aboard]
        casualty = unit.hex not in exits and not recalled  # A26.221: an exit the VC do not ask for
        carriers = {unit.id, *(r.id for r in aboard)}
        for uid in [r.id for r in state.units.values() if r.carrier in carriers]:
            state = state.without_unit(uid)
        state = state.without_unit(unit.id)
        gs = edgeexit.record(state.game, [] if casualty else gone, [unit, *aboard] if casualty else [])
        name = platoon.name_of(unit) or ""
        off: dict[str, Any] = {"imp_away": (*getattr(gs, "imp_away", ()), (unit.id, name, to, status(unit)))}
        state = state.replace(game=dataclasses.replace(gs, **off))
    return state


__all__ = ["OFF", "away", "cost", "leave_map", "leaving", "mark", "sees"]
