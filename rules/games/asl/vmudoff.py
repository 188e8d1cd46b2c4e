"""ASL D8.23 with A2.51: the mud and deep-snow bog DR for the off-board hexes a vehicle crosses coming on.

A2.51: off the map a unit moves over the off-board board as it would on the map, so in mud or deep snow
(D8.23) each off-board hex a vehicle enters without the benefit of a paved or plowed road hexside counts
toward its one secret bog DR of the MPh like a map hex: the off-board roads are in the state of most of the
adjacent board's roads (offboard.road_state, roadstate.py), and the way across the board is the cheapest
one the set-up search finds (offboard.route; ventry.py prices the same way).

At the table: ``move VEHICLE ENTRY as enter`` (any of ventry.py's forms) of a vehicle whose way on crosses
such off-board hexes first asks the opponent, privately, for the DR and then the dr (vmud.py's prompts,
continuations ``vmud_off`` and ``vmud_off_dr``), before anything is placed: the off-board hexes are the
first it enters (D8.23 counts along its path). A dr naming one of them bogs it there (D8.21: its MP are
over): it stays off the map, bogged, its off-board set-up marker moved to that hex (the ``offbog`` marker
says why it is still off the map, ``status`` prints it). Otherwise it comes on as ventry.py says, the
count going on from the entry hex. In a later MPh of its own it may try Bog Removal there (D8.3, vunbog.py:
``move VEHICLE ENTRY as unbog``, ENTRY one of its entry hexes, since off the map it has no hex) and, freed,
comes on with the MP left, crossing the board from the hex it bogged in (its start MP paid by the
attempt, D8.3). It still comes on at its named entry hexes while one is open (A2.51: a unit named to
enter at a hex enters there unless it is blocked; ventry.entry_hexes), not A2.5's wider band of a late
arrival. Aerosans (D17.24) and motorcycles (D15.47) never bog.

A platoon coming on by impulses (impentry.py) counts the same way: each AFV's off-board hexes crossed
(``hexes``) and then its entry hex, at the impulse it comes on (impmud.came_on, impentry.mud_hexes); the
platoon's one secret DR is rolled at that impulse's end (D14.21), and a dr naming one of the off-board
hexes bogs it there, off the map again, its MPh over (impmud.bog_off; D8.21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import aerosan, armour, moto, offboard, vmud
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ROLL_DR = "vmud_off"  # the DR's continuation; vmud.resume_dr names the dr's ROLL_DR + "_dr"
ROLL_DR1 = "vmud_off_dr"
MARK = "offbog"  # bogged off the map (D8.23, A2.51): it comes on at its named entry hexes once free


def hexes(position: Position, unit: UnitState, off: Hex, g: int | None, reverse: bool) -> list[Hex]:
    """D8.23 with A2.51: the off-board hexes of its way to ``off`` (VCA ``g`` there, None: any) that count
    for the mud and deep-snow bog DR: every one entered, but along an off-board road hexside whose state
    spares it (paved or plowed). Empty in other weather, and for an aerosan (D17.24) or a motorcycle
    (D15.47)."""
    mud, _ = vmud.ground(position.state.game)
    movement = armour.vtype(unit).movement
    if not mud or aerosan.is_aerosan(movement) or moto.is_motorcycle(movement):
        return []
    spared = offboard.road_state(position, unit).spares_bog
    return [h for h, road in offboard.route(position, unit, off, g, reverse) if not (road and spared)]


def _path_arg(path: tuple[Hex, ...]) -> str:
    return ";".join(f"{h.q},{h.r}" for h in path)


def _path_of(text: str) -> tuple[Hex, ...]:
    return tuple(Hex(*(int(v) for v in h.split(","))) for h in text.split(";") if h)


def cross(position: Position, move: act.Move, crossed: list[Hex]) -> tuple[State, bool]:
    """Before a vehicle coming on is placed: the secret DR asked at its first off-board hex entered (D8.23;
    the move waits for it), or, asked, the off-board hexes counted: bogged in one of them (its MPh over,
    off the map). True: the move stops there; False: it comes on, the count going on from the entry hex
    (vmud.entered)."""
    uid = move.units[0]
    state = position.state
    unit = state.units[uid]
    have = vmud.entry_of(state.game, uid)
    if have is None:
        _, deep = vmud.ground(state.game)
        d = vmud.drm(unit, deep=deep)
        state = state.replace(game=vmud.with_entry(state.game, uid, -1, 0))  # counted after the answers
        prompt = T("the ground is {ground}: roll {unit}'s bog DR for its whole MPh in secret ({drm:+d}, 12 "
                   "or more bogs it), then a secret dr; its first {n} hexes are off the map (D8.23, A2.51)",
                   ground=T("deep snow") if deep else T("mud"), unit=uid, drm=d, n=str(len(crossed)))
        args = (("drm", str(d)), ("path", _path_arg(tuple(move.path))), ("mode", move.mode))
        return state.push(Decision("roll", position.enemy_of(unit.side), prompt, "D8.23", ROLL_DR, dice="DR",
                                   subject=(uid,), target=move.path[0], args=args, private=True)), True
    at, count = have
    if 1 <= at - count <= len(crossed):
        return _bog_off(state, unit, crossed[at - count - 1]), True
    return state.replace(game=vmud.with_entry(state.game, uid, at, count + len(crossed))), False


def _bog_off(state: State, unit: UnitState, x: Hex) -> State:
    """D8.23, D8.21: bogged in off-board hex ``x``: it stays off the map there, its MPh over."""
    stuck = offboard.moved_to(unit, x).mark("bogged", MARK)
    return state.with_unit(stuck).replace(moved=(*state.moved, unit.id))


def come_on(game: AslGame, position: Position, decision: Decision) -> State:
    """After the secret DR (and dr): the vehicle's move onto the map, as declared (ventry.begin)."""
    from hexmate.rules.games.asl import ventry

    if position.state.decision is not None and position.state.decision.then == ROLL_DR1:
        return position.state  # the dr is asked next
    move = act.Move(decision.subject, _path_of(decision.arg("path")), None, decision.arg("mode"))
    return ventry.begin(game, position, move)


def where(position: Position, unit: UnitState, x: Hex) -> tuple[Hex, int]:
    """The entry hex of ``unit`` nearest its off-board hex ``x`` (it comes on at one of them, A2.51) and how
    many hexes ``x`` lies from it."""
    from hexmate.rules.games.asl.arrival import named_hexes
    best = min(named_hexes(position, unit) or position.map.hexes, key=lambda h: (distance(h, x), h))
    return best, distance(best, x)


def status(position: Position) -> list[str]:
    """The vehicles bogged off the map, for the Now panel (D8.23, A2.51)."""
    lines: list[str] = []
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        x = offboard.set_up_at(unit)
        if unit.hex is None and x is not None and unit.has(MARK) and (unit.has("bogged")
                                                                      or unit.has("mired")):
            near, k = where(position, unit, x)
            lines.append(T("{unit} is bogged off the map, {k} hexes out from {hex}: Bog Removal in its MPh, "
                           "then it comes on from there (D8.23, D8.3, A2.51)", unit=unit.id, k=str(k),
                           hex=position.label(near)))
    return lines


def cleared(unit: UnitState) -> UnitState:
    """On the map at last: no longer bogged off it."""
    return unit.mark(remove=(MARK,)) if unit.has(MARK) else unit


__all__ = ["MARK", "ROLL_DR", "ROLL_DR1", "cleared", "come_on", "cross", "hexes", "status", "where"]
