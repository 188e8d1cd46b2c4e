"""Units a scenario brings onto the map during play (A2.5-A2.52).

The scenario lists them in ``options.entry``: unit -> ``{"turn": N, "hexes": [edge hex, ...]}`` (its set-up
hex when no hexes are named; ``{"board": id}`` among them: that board's map-edge hexes, its half hexes as A2.3
allows, boardarea.py), read and checked on load through the shared :class:`EntryPlan`
(rules/games/entry.py), as Panzer Grenadier and Fire Team do. Such a unit is off the map (``hex`` None).

Audit of A2.5-A2.52 (paraphrased):

- A2.5 a unit due on a turn must come on that turn: built. It comes on in its side's MPh by a move whose
  first hex is an entry hex, ``move U HEX[-HEX...] as enter`` (offered in legal_actions). The entry may wait
  for the APh (one hex, ``advance U HEX as enter``); the APh may not end while a due unit could still come on.
- A2.5 an entry hex holding a known enemy unit (A4.14) is blocked: the unit comes on one turn later at any
  unblocked edge hex within 4 hexes of its named ones (8 hexes two turns later, and so on): built,
  counted from the turn the scenario names; a unit barred all through its MPh may not come on in that APh
  either (marked at the MPh's end). Blocking by rubble
  or fire (B24, B25) and the river/canal bank restriction (B21) are not in the texts: not built.
- A2.51 entering costs the entry hex's cost as if from off-board Open Ground, then the move goes on with the
  MF left: built (the entry hex's own cost, paid from the unit's MF). The off-board board: built in
  offboard.py (Infantry set up in the RPh on its full hexes within the stacking limit, 1 MF per off-board
  hex crossed before the entry hex, no hex on the map so no LOS/fire across the edge); a unit not set up
  comes on as from the off-board hex next to its entry hex.
- A2.52 an off-board unit does nothing but come on: built (it is never in a stack, so no other action names
  it); its exception, a squad's Deployment in the RPh stacked with a leader on the off-board board, is
  deployment.py's; CE/BU as a vehicle comes on is ventry.py's; a SW dismantled off the map before it comes on
  is dismantle.py's (``off_board_choice``, in offboard.py's set-up window).
- Vehicles come on by ventry.py (A2.5-A2.52 with chapter D's VCA and MP); their passengers and riders start
  off the map with them and come on aboard (A2.52), never by themselves.
- Defensive First Fire may be taken at every hex entered, the entry hex included (A8.1): built (the move
  enters the entry hex as its first step).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, boardarea, offboard
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.entry import EntryPlan
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = "enter"
BARRED = "entry_barred"  # A2.5: every entry hex was barred in its MPh: it comes on a turn later
PLAN = EntryPlan("entry", "hexes", "A2.5", boardarea.board_hexes)  # A2.3: {"board": id} items too
HELD = "held_off"  # D16.8: a DD tank or amphibian set up on the map by the OB, kept off it (ventry.py)
HOLD_PLAN = EntryPlan("dd_off_map", "hexes", "D16.8")  # D16.8: where such a one comes on, the scenario's word
SPREAD = 4  # A2.5: a blocked entry moves this many hexes either way, each turn late
AS = "entry_as:"  # a HS deployed off the map (A2.52, A2.9) arrives as the squad it came from: entry_as:ID


def setup(scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """A2.5: every arrival checked on load (DataError naming file and key); the units start off the map."""
    due = PLAN.validate(scenario, hex_map)
    for unit in list(state.units.values()):
        if unit.id in due or (unit.carrier and unit.carrier in due):  # A2.52: aboard a vehicle coming on
            state = state.with_unit(dataclasses.replace(unit, hex=None))
    return state


def plan_id(unit: UnitState) -> str:
    """The id the scenario's entry plan lists the unit under: its own, or for the second HS of a squad
    deployed off the map (A2.52) or before set-up (A2.9), that squad's."""
    for marker in unit.markers:
        if marker.startswith(AS):
            return marker[len(AS):]
    return unit.id


def off_board(position: Position, unit: UnitState) -> bool:
    return unit.hex is None and (unit.has(HELD)  # D16.8
                                 or plan_id(unit) in PLAN.arrivals(position.scenario))


def aboard_off_board(position: Position, unit: UnitState) -> bool:
    """A2.52: a passenger or rider off the map aboard a vehicle waiting to come on."""
    carrier = position.units.get(unit.carrier) if unit.carrier else None
    return unit.hex is None and carrier is not None and off_board(position, carrier)


def due_turn(position: Position, uid: str) -> int:
    due = PLAN.arrivals(position.scenario)
    unit = position.units.get(uid)
    if uid in due or unit is None:
        return due[uid]
    if unit.has(HELD):
        return 1  # D16.8: held off the map from the start, it may come on in any MPh of its side
    return due[plan_id(unit)]  # a HS deployed off the map comes on as its squad was due (A2.52, A2.9)


def named_hexes(position: Position, unit: UnitState) -> tuple[Hex, ...]:
    """The entry hexes the scenario names for the unit (D16.8: for one held off the map, its own list)."""
    if unit.has(HELD):
        return HOLD_PLAN.entry_hexes(position.scenario, position.map, unit.id)
    return PLAN.entry_hexes(position.scenario, position.map, plan_id(unit))


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Move) and action.mode == MODE


def blocked(position: Position, side: str, h: Hex) -> bool:
    """A2.5, A4.14: a known (not concealed) enemy unit in the hex bars the entry."""
    return any(u.hex == h and u.side != side and not u.concealed and u.type != "sw"
               for u in position.units.values())


def entry_hexes(position: Position, unit: UnitState) -> tuple[Hex, ...]:
    """The unblocked edge hexes ``unit`` may come on at now: its named ones on its turn; each turn later (the
    named ones were blocked, A2.5) any edge hex within 4 more hexes of them."""
    named = named_hexes(position, unit)
    late = position.turn - due_turn(position, unit.id)
    if late < 0:
        return ()
    if late == 0:
        hexes = list(named)
    else:
        reach = SPREAD * late
        hexes = sorted(h for h in position.map.hexes if len(position.map.neighbors(h)) < 6
                       and any(distance(h, n) <= reach for n in named))
    return tuple(h for h in hexes if not blocked(position, unit.side, h))


def waiting(position: Position) -> list[UnitState]:
    """The phasing side's off-board units due now with an entry hex open to them (vehicles' entry is not
    built: they are left to the players)."""
    return [u for u in sorted(position.units.values(), key=lambda u: u.id)
            if u.side == position.phasing and off_board(position, u) and not armour.is_vehicle(u)
            and not aboard_off_board(position, u)
            and not (position.phase.id == "APh" and u.has(BARRED))
            and any(position.phase.id != "APh" or not offboard.approach(u, h)  # A2.51, A4.7
                    for h in entry_hexes(position, u))]


def on_map(position: Position) -> Position | None:
    """The position without the units waiting off the map (None if there are none), for listing what the
    units on the map may do (A2.52)."""
    state = position.state
    off = [u.id for u in state.units.values()
           if u.hex is None and (off_board(position, u) or aboard_off_board(position, u))]
    for uid in off:
        state = state.without_unit(uid)
    return position.at(state) if off else None


def end_of_mph(position: Position) -> State:
    """A2.5: a unit due whose entry hexes were all barred in its MPh comes on a turn later, not in the APh
    (the mark lasts until its side's next MPh ends)."""
    state = position.state
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or not off_board(position, unit):
            continue
        barred = due_turn(position, unit.id) <= position.turn and not entry_hexes(position, unit)
        marked = unit.has(BARRED)
        if barred and not marked:
            state = state.with_unit(unit.mark(BARRED))
        elif marked and not barred:
            state = state.with_unit(unit.mark(remove=(BARRED,)))
    return state


def _placed(position: Position, ids: tuple[str, ...], h: Hex) -> Position:
    state = position.state
    for uid in ids:
        state = state.with_unit(state.units[uid].at(h))
    return position.at(state)


def _units(position: Position, ids: tuple[str, ...]) -> list[UnitState]:
    if not ids:
        raise IllegalAction(T("name at least one unit"), "A2.5")
    units = []
    for uid in ids:
        unit = position.units.get(uid)
        if unit is None or not off_board(position, unit):
            raise IllegalAction(T("{unit} is not waiting off the map to enter (A2.5)", unit=uid))
        if unit.side != position.phasing:
            raise IllegalAction(T("only the phasing side's units enter the map (A2.5)"))
        if aboard_off_board(position, unit):
            raise IllegalAction(T("{unit} comes on aboard its vehicle (A2.52)", unit=uid))
        turn = due_turn(position, uid)
        if position.turn < turn:
            raise IllegalAction(T("{unit} enters on turn {turn} (A2.5)", unit=uid, turn=turn))
        units.append(unit)
    return units


def check(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """An entry: its first hex an open entry hex of every unit named; the entry hex's cost as from
    off-board Open Ground (A2.51), then the rest of the path as any move from that hex."""
    units = _units(position, tuple(move.units))
    phase = position.phase.id
    if phase not in ("MPh", "APh"):
        raise IllegalAction(T("units enter the map in their MPh, or in their APh (A2.5)"))
    if not move.path:
        raise IllegalAction(T("name the entry hex first (A2.5)"))
    first = move.path[0]
    for unit in units:
        if first not in entry_hexes(position, unit):
            raise IllegalAction(T("{hex} is not an open entry hex of {unit} this turn (A2.5)",
                                  hex=position.label(first), unit=unit.id))
    ids = tuple(u.id for u in units)
    here = _placed(position, ids, first)
    placed = [here.units[uid] for uid in ids]
    before = offboard.stack_approach(units, first)  # A2.51: Open Ground crossed off the map first
    if phase == "APh":  # A2.5: the entry waited for the APh: one hex, the entry hex itself (A4.7)
        if len(move.path) != 1:
            raise IllegalAction(T("entering in the APh is one hex, the entry hex (A2.5, A4.7)"))
        if before:
            raise IllegalAction(T("in the APh only a unit set up next to the entry hex enters (A2.51, A4.7)"))
        return act.Advance(ids, move.path, None, MODE)
    if isinstance(move, act.Advance):
        raise IllegalAction(T("units enter the map by moving in the MPh (A2.5)"))
    entry = game.cost_fn(position, placed)(position.map, first, first)  # A2.51: as from Open Ground
    if entry is None:
        raise IllegalAction(T("{hex} may not be entered (A2.51)", hex=position.label(first)))
    budget = game.group_budget(placed, "", position.state, position=position)
    total: int | Fraction = before + entry
    if len(move.path) > 1:
        rest = game.check_move(here, act.Move(ids, move.path, None, ""))
        total = total + (rest.cost if isinstance(rest.cost, (int, Fraction)) else 0)
    if total > budget and (len(move.path) > 1 or before or budget < 1):  # A4.134: one hex whatever it costs
        raise IllegalAction(T("the path costs {cost} MF, the stack has {budget} MF",
                              cost=str(total), budget=str(budget)), "A2.51")
    return act.Move(ids, move.path, total, MODE)


def moves(game: AslGame, position: Position) -> Iterator[act.Move]:
    """Each waiting unit's entries: onto each open entry hex, and on from there with the MF left (A2.51)."""
    phase = position.phase.id
    if position.state.decision is not None or position.state.moving is not None:
        return
    for unit in waiting(position):
        for first in entry_hexes(position, unit):
            before = offboard.approach(unit, first)  # A2.51: Open Ground crossed off the map first
            if phase == "APh":
                if not before:  # A4.7: one hex, from the off-board hex next to it
                    yield act.Advance((unit.id,), (first,), None, MODE)
                continue
            if phase != "MPh":
                continue
            here = _placed(position, (unit.id,), first)
            placed = [here.units[unit.id]]
            cost = game.cost_fn(here, placed)
            step = cost(position.map, first, first)
            if step is None:
                continue
            entry = before + step
            budget = game.group_budget(placed, "", position.state, position=position)
            if before and entry > budget:
                continue
            yield act.Move((unit.id,), (first,), entry, MODE)
            if entry >= budget:
                continue
            for h, r in reachable(position.map, first, budget - entry, cost).items():
                if h != first:
                    yield act.Move((unit.id,), tuple(r.path), entry + r.cost, MODE)


def begin(position: Position, move: act.Move) -> State:
    """The entry hex is the first hex entered (Defensive First Fire may be taken there, A8.1)."""
    path = (move.path[0], *move.path)
    state = position.state
    for uid in move.units:  # on the map from here on: the entry hex is entered first
        state = state.with_unit(state.units[uid].at(move.path[0]))
    return state.replace(moving=Moving(tuple(move.units), path, move.cost or 0))


def place(position: Position, move: act.Move) -> State:
    """A2.5: an entry in the APh: the units put on the entry hex."""
    state = position.state
    for uid in move.units:
        state = state.with_unit(state.units[uid].at(move.path[0]))
    return state.replace(moved=state.moved + tuple(move.units))


def check_end(position: Position) -> None:
    """A2.5: every unit due must come on that turn: its APh may not end while one still could."""
    if position.phase.id != "APh":
        return
    left = waiting(position)
    if left:
        raise IllegalAction(T("{units} must enter the map this turn (A2.5)",
                              units=", ".join(u.id for u in left)))


__all__ = ["AS", "BARRED", "MODE", "PLAN", "aboard_off_board", "begin", "check", "check_end", "claims",
           "end_of_mph", "moves", "off_board", "on_map", "place", "plan_id", "setup", "waiting"]
