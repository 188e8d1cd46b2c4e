"""ASL concealment gained at the end of a Player Turn (A12.12, A12.121, A12.122).

At the end of its own Player Turn, a non-concealed Good Order infantry unit (not broken, berserk or in Melee)
may gain a "?". The Concealment Table itself is not in the text; what the text and its examples fix is used:

- in the LOS of an unbroken enemy ground unit within 16 hexes: no concealment (NA);
- in concealment terrain and out of the LOS of every unbroken enemy ground unit: gained at once (case J);
- in concealment terrain, in the LOS of an unbroken enemy but 17 or more hexes from all (case I), or out of
  concealment terrain, within 16 hexes of an unbroken enemy but out of the LOS of all (case K): each unit
  rolls a dr and gains it on a Final dr of 5 or less, with the best leader of its Location (not for himself),
  +1 Lax (every Inexperienced unit is), -1 stealthy (A11.17, A11.18) and minus the Location's TEM;
- any other case is the table's, not the text's: no concealment here.

The unit-size drm of the table (its "US#") is not in the text and is not applied.

A12.2 (Case H): a vehicle or a unit aboard one, out of concealment terrain and in the LOS of a Good Order
enemy ground unit at any range, loses its "?" at once and cannot gain one there (T-12.14a: a truck and its
HS in a cemetery stay Known with the nearest such enemy 18 hexes away). ``sweep`` applies it when a move
enters a hex and when an attack is declared; ``case`` refuses the gain. A12.2's loss for a vehicle that
moves or goes into Motion in LOS within 16 hexes (Cases B, D) is conceal58.py's.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import armour, nations
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

# A12.12: terrain whose name the Terrain Chart prints in red, of the kinds on hexmate's maps
CONCEALMENT_TERRAIN = frozenset({"woods", "wooden-building", "stone-building", "grain", "brush"})
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def case(position: Position, unit: UnitState) -> str:
    """The Concealment Table case the text fixes: "J" (gained), "I" or "K" (a dr), or "" (none)."""
    here = unit.hex
    assert here is not None
    enemies = [
        e.hex
        for e in position.units.values()
        if e.side != unit.side and e.hex is not None and not e.has("broken")
    ]
    in_los = [h for h in enemies if not asl_terrain.line_of_sight(position, h, here).blocked]
    if any(distance(h, here) <= 16 for h in in_los) or case_h(position, unit):
        return ""
    shelter = position.map.terrain(here) in CONCEALMENT_TERRAIN
    if shelter and not in_los:
        return "J"
    if shelter:
        return "I"
    if any(distance(h, here) <= 16 for h in enemies):
        return "K"
    return ""


def good_order_enemy(unit: UnitState, side: str) -> bool:
    """A12.14: a Good Order enemy ground unit, not merely an unbroken one: no dummy (A12.16: a dummy stack is
    not Good Order), no prisoner, no SW; a HIP unit stands nowhere (hip.py) until its owner drops HIP
    (A12.32)."""
    return (unit.side != side and unit.hex is not None and unit.type not in ("dummy", "sw")
            and not unit.has("broken") and not unit.has("prisoner"))


def seen_by_good_order(position: Position, side: str, here: Hex, within: int | None = 16) -> bool:
    """A12.14: is ``here`` in the LOS of a Good Order enemy ground unit of ``side``'s enemy, within ``within``
    hexes (None: at any range)? What costs a "?" when the unit fires, moves or enters Open Ground there."""
    for enemy in position.units.values():
        if not good_order_enemy(enemy, side):
            continue
        assert enemy.hex is not None
        if within is not None and distance(enemy.hex, here) > within:
            continue
        if enemy.hex == here or not asl_terrain.line_of_sight(position, enemy.hex, here).blocked:
            return True
    return False


def _aboard(position: Position, unit: UnitState) -> bool:
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}
    pool.update(position.units)
    carrier = pool.get(unit.carrier or "")
    return carrier is not None and armour.is_vehicle(carrier)


def case_h(position: Position, unit: UnitState) -> bool:
    """A12.2 (Case H): a vehicle or a unit aboard one, out of concealment terrain, in the LOS of a Good Order
    enemy ground unit at any range."""
    if unit.hex is None or not (armour.is_vehicle(unit) or _aboard(position, unit)):
        return False
    if position.map.terrain(unit.hex) in CONCEALMENT_TERRAIN:
        return False
    return seen_by_good_order(position, unit.side, unit.hex, within=None)


def acted(position: Position, state: State, uids: tuple[str, ...] | list[str]) -> State:
    """A12.141: a concealed unit that performs an action (an LLTC or LLMC, setting a DC, directing an action
    other than a PAATC...) in the LOS of a Good Order enemy ground unit within 16 hexes (the A12.14 list it
    belongs to) loses its "?"."""
    for uid in uids:
        unit = state.units.get(uid)
        if unit is None or not unit.concealed or unit.hex is None or unit.type == "dummy":
            continue
        if seen_by_good_order(position.at(state), unit.side, unit.hex):
            state = state.with_unit(unit.revealed())
    return state


def sweep(position: Position, state: State) -> State:
    """A12.2: every concealed vehicle or unit aboard one that Case H exposes loses its "?" now."""
    view = position.at(state)
    for unit in [u for u in state.units.values() if u.concealed]:
        if case_h(view, unit):
            state = state.with_unit(unit.revealed())
    return state


def eligible(position: Position, unit: UnitState) -> bool:
    return (
        unit.hex is not None
        and unit.type in INFANTRY
        and not unit.concealed
        and not any(unit.has(m) for m in ("broken", "berserk", "melee"))
    )


def drm(position: Position, unit: UnitState) -> int:
    """A12.122: leadership, Lax +1, stealthy -1, minus the Location's TEM."""
    assert unit.hex is not None
    out = 0
    leaders = [
        int(u.values["leadership"])
        for u in position.units_at(unit.hex)
        if u.type == "leader" and u.side == unit.side and u.id != unit.id and not u.has("broken")
    ]
    if leaders:
        out += min(leaders)
    if nations.lax(position, unit):  # A11.18, A19.36, A19.3, A25.64
        out += 1
    if au.stealthy(unit, position.units_at(unit.hex), nations.of(position, unit)):  # A11.17, A19.2, A25
        out -= 1
    return out - asl_terrain.tem(position, unit.hex)


def end_of_turn(game: AslGame, position: Position) -> State:
    """The phasing side's units gain "?" (case J) or roll for it (cases I and K), one dr each."""
    state = position.state
    asks = []
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or not eligible(position, unit):
            continue
        which = case(position, unit)
        if which == "J":
            state = state.with_unit(_conceal(unit))
        elif which:
            asks.append(
                Decision(
                    "roll",
                    unit.side,
                    T("{unit} may gain concealment: roll a dr (5 or less)", unit=unit.id),
                    "A12.122",
                    "conceal",
                    dice="dr",
                    subject=(unit.id,),
                    target=unit.hex,
                    args=(("case", which),),
                )
            )
    return state.push(*asks) if asks else state


def _conceal(unit: UnitState) -> UnitState:
    return dataclasses.replace(unit, concealed=True)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None or answer.dice is None:
        return state
    if answer.dice[-1] + drm(position, unit) <= 5:
        return state.with_unit(_conceal(unit))
    return state
