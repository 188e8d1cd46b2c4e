"""ASL A12.15: infantry bumped back by a concealed enemy are First Fire targets where they stay. Pure.

A12.15: a unit (not an Armored Assault's: aa.py) that tries to enter a Location holding a concealed enemy in
the MPh stays in the Location it left, loses its own "?" (a dummy among the movers is removed, as A12.14 has
it), and its MPh ends there; the MF it spent trying to enter count as spent in that Location, so it may be
Defensive First Fired there (A8.1). ``mark`` does the first part as the bump is made (game.enter); once the
move is over, ``window`` stands the movers "in place" (a ``Moving`` of one step from their hex to itself, as
inplace.py does for A8.12) and opens the defender's reaction window at them, so fire.py's First Fire limits
and DRMs apply: FFNAM (not after Assault Movement, A4.61) and, in Open Ground, FFMO (A4.6). The unit revealed
in the Location they tried to enter may fire too (it is no longer concealed); they are not attacked in that
Location (game.enter never moves them into it). ``resume``: the window closed, their MPh is over.

A12.15: units bumped back into a shellhole Location claim no shellhole TEM against that First Fire (they do
against Final Fire and later attacks); without it the hex is Open Ground for FFMO, as A10.53's example treats
a shellhole hex entered without its TEM (``denied_tem``). Entrenchments (B27), named by the same sentence, are
chapter B terrain no map has.

A12.15 with A8.22: the Residual FP in the Location they stay in, and each Fire Lane through it (a lane's
residual is Residual FP, A9.222), attack them there again, even if they attacked them there this phase
(``residual.forget``: A8.22's once per Location does not hold), before any other First Fire (A8.22), without
the shellhole TEM as above (the Residual's attack is one of the Defensive First Fire at them). With no enemy
able to First Fire, those attacks are made all the same, with no window after them.

An Armored Assault's bumped infantry meet the Residual where they stay again through the same
``residual.again`` (aa.py); a routing unit bumped is rout.py's (A10.533).

A12.15's berserk exception, with A15.431: the MPh of a unit bumped back ends where it stays unless it goes
berserk first (Heat of Battle, A15.2, from the First Fire or Residual at it there, or a berserk leader's
Location following him, A15.41). Then it charges at once, as any unit gone berserk during its move, with 8 MF
(a wounded SMC's 3, A17.2) less those it had spent, the MF spent trying to enter counted (``SPENT``, kept on
it from the bump; ``turned``, after each action: berserk.GO). The same holds for an Armored Assault's
infantry bumped back (aa.py). A berserk unit that tries to enter a concealed enemy's Location is not bumped
at all: it reveals them and stays there to attack them (A15.431; game.enter, berserk.charging).

Not built: A12.15's FFE and minefield attacks made again there (no FFE or minefield is built).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.games.asl import berserk, residual
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

BUMPED = "bump_ff"  # A12.15: bumped back, a First Fire target where it stays until its window closes
SPENT = "bumpmf"  # bumpmf<halves>: the MF it had spent, the try to enter counted (A12.15), for A15.431
THEN = "bump_ff"
SHELLHOLE = "shellhole"


def mark(state: State, movers: tuple[str, ...], spent: int | Fraction = 0) -> State:
    """A12.15: the movers bumped back lose their "?" (a dummy among them is removed, A12.14) and are marked
    as First Fire targets where they stay, with the MF they had spent, the try to enter counted."""
    for uid in movers:
        unit = state.units.get(uid)
        if unit is None:
            continue
        if unit.type == "dummy":
            state = state.without_unit(uid)
            continue
        if unit.concealed:
            unit = unit.revealed()
        state = state.with_unit(unit.mark(BUMPED, spent_marker(spent)) if unit.type != "sw" else unit)
    return state


def spent_marker(spent: int | Fraction) -> str:
    """The marker that keeps on a unit bumped back the MF it had spent (A12.15), in half MF."""
    return f"{SPENT}{int(Fraction(spent) * 2)}"


def _spent(unit: UnitState) -> Fraction | None:
    for m in unit.markers:
        if m.startswith(SPENT) and m[len(SPENT):].isdigit():
            return Fraction(int(m[len(SPENT):]), 2)
    return None


def turned(game: AslGame, position: Position, state: State) -> State:
    """A12.15 with A15.431: a unit bumped back that has gone berserk (since the bump, before its MPh ended)
    charges on at once with 8 MF less those it had spent, the try to enter counted (a wounded SMC 3 less
    them, A17.2), as a unit gone berserk during its move does (berserk.after_move)."""
    if position.phase.id != "MPh":
        return state
    for unit in list(state.units.values()):
        spent = _spent(unit)
        if spent is None or unit.side != position.phasing or not berserk.is_berserk(unit):
            continue
        if unit.has(berserk.CHARGING) or berserk.go_left(unit) is not None:
            continue
        left = max(Fraction(0), Fraction(game.mf(unit)) - spent)
        state = state.with_unit(unit.mark(berserk.GO + str(int(left * 2)), remove=(spent_marker(spent),)))
    return state


def bumped(position: Position) -> list[UnitState]:
    """The phasing units bumped back (A12.15) still waiting for the First Fire at them."""
    return sorted((u for u in position.units.values() if u.has(BUMPED) and u.side == position.phasing
                   and u.hex is not None), key=lambda u: u.id)


def window(game: AslGame, position: Position) -> State:
    """A12.15, A8.1: the move is over; the defender may First Fire at the units bumped back, where they stay.
    No window when it could not fire at them (their marker goes at once)."""
    state = position.state
    units = bumped(position)
    if position.phase.id != "MPh" or not units or state.moving is not None:
        return clear(state)
    here = units[0].hex
    assert here is not None
    alive = tuple(u.id for u in units if u.hex == here)
    base, attacks = residual.again(position, state, alive, here)  # A12.15, A8.22: before any other First Fire
    base = base.replace(moving=Moving(alive, (here, here), 0, at=1))
    view = position.at(base)
    reactor = view.enemy_of(units[0].side)
    if not game.can_react(view, reactor):
        if not attacks:
            return clear(state)
        # no First Fire window: the Residual's rolls alone (the mark stays for their shellhole DRM until the
        # next move begins or the MPh ends)
        return base.replace(moving=None).push(*attacks)
    said = T("{units} bumped back into {hex} by a concealed enemy (A12.15): First Fire at it there or pass",
             units=", ".join(alive), hex=view.label(here))
    react = Decision("react", reactor, said, "A12.15", THEN, subject=alive, target=here)
    return base.push(*attacks, react)



def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The window closed: their MPh is over (A12.15)."""
    return clear(position.state).replace(moving=None)


def clear(state: State) -> State:
    """The bumped units are no longer First Fire targets (their window closed, another move began, or the
    MPh ended: A8.1)."""
    for unit in [u for u in state.units.values() if u.has(BUMPED) or _spent(u) is not None]:
        spent = tuple(m for m in unit.markers if m.startswith(SPENT))
        state = state.with_unit(unit.mark(remove=(BUMPED, *spent)))
    return state


def denied_tem(position: Position, targets: list[UnitState], target: Hex) -> int:
    """A12.15: the shellhole TEM the units bumped back into ``target`` may not claim against the First Fire
    at them there (0 if any target is not such a unit, or the hex is no shellhole)."""
    if position.phase.id != "MPh" or not targets or not all(u.has(BUMPED) for u in targets):
        return 0
    if position.map.terrain(target) != SHELLHOLE:
        return 0
    return asl_terrain.infantry_only_tem(position, target)


__all__ = ["BUMPED", "SPENT", "THEN", "bumped", "clear", "denied_tem", "mark", "resume", "spent_marker",
           "turned", "window"]
