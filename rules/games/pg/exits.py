"""PG units leaving the board (16.5) and flame tanks going off it to refuel (15.5).

16.5: a unit may leave the board only where the scenario allows it. A scenario says where with
``options.exit``: side -> ``{"hexes": ["A1", ...], "destroyed": false}`` (the board-edge hexes that side's
units may leave by; ``destroyed``: the scenario counts them as destroyed, which 16.5 says they are not
unless the scenario says so). A unit leaves by a move declared ``as exit`` whose path ends on one of them:
``move U A3-A2-A1 as exit`` (or ``move U A1 as exit`` from the edge hex itself). Besides the path it pays
one off-board hex, at the class's clear rate, or its road (ridge) rate when the edge hex has a road (is a
ridge hex; 16.5 counts hexes off the board as on it). It never comes back (16.5); a scenario's victory
conditions may count the steps that left (``victory.py``, ``{"side": S, "exit": N}``).

When the enemy holds every exit hex of a side, its units may leave by a board-edge hex next to one of them
instead (16.5 "not the end of the world": entry and exit alike).

Routs (16.5, 14.31): where the scenario lets the side leave the board, off the board is a safe place a
demoralized unit failing recovery may rout to (``rout_exits``): by an exit hex it reaches, with MA left for
the hex off the board, the last step keeping its distance from every threat; when that is as near as the
nearest safe hex (or nearer) the owner may place it on the exit hex, and it leaves the board there like any
exit (not destroyed unless the scenario says so, counted by ``exit`` victory conditions). Where the scenario
allows no exit, a unit is never forced off: the rout ends on the board (16.5 keeps it on the edge hex), and
an exit declared there is refused.

15.5: a flame tank out of fuel may go off the board to refuel, through an edge hex its side controls (1.2),
with the same ``as exit`` move, even where the scenario allows no exit. It stays off six full turns and may
come on again from the seventh turn after the one it left in (left in turn 2: off in turns 3 to 8, back from
turn 9), with its +3 again: it is activated like any unit arriving (``entry.py``, 16.5), and may come on at
any board-edge hex its side controls then.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import assault as pg_assault
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.hexes import neighbors as hex_neighbors
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MODE = "exit"
REFUEL_TURNS = 6  # 15.5: six full turns off the board, back on the seventh


def _spec(scenario: Scenario) -> Mapping[str, Any]:
    raw = scenario.options.get("exit", {})
    where = f"{scenario.source}: options.exit"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: side -> {{hexes, destroyed}} (16.5)")
    for side, entry in raw.items():
        if side not in (scenario.first_side, scenario.second_side):
            raise DataError(f"{where}.{side}: not a side of the scenario (16.5)")
        if not isinstance(entry, dict) or not isinstance(entry.get("hexes"), list) or (
                set(entry) - {"hexes", "destroyed"}):
            raise DataError(f"{where}.{side}: {{\"hexes\": [edge hexes], \"destroyed\": false}} (16.5)")
    return raw


def _hexes(scenario: Scenario, m: HexMap, side: str) -> frozenset[Hex]:
    entry = _spec(scenario).get(side)
    if entry is None:
        return frozenset()
    out = set()
    for i, label in enumerate(entry["hexes"]):
        where = f"{scenario.source}: options.exit.{side}.hexes[{i}]"
        try:
            h = m.parse_label(str(label))
        except Exception as error:  # the map's own error names the label
            raise DataError(f"{where}: {error}") from None
        if h not in m.hexes or len(m.neighbors(h)) >= 6:
            raise DataError(f"{where}: {label} is not a board-edge hex (16.5)")
        out.add(h)
    return frozenset(out)


def exit_hexes(position: Position, side: str) -> frozenset[Hex]:
    """The board-edge hexes the scenario lets ``side`` leave by (16.5), checked: on the board, on its edge.
    16.5 "not the end of the world": when the enemy holds every one of them, the board-edge hexes next to them
    that the enemy does not hold serve instead."""
    allowed = _hexes(position.scenario, position.map, side)
    held = tuple(h for h in allowed if pg_assault.enemy_combat_units(position, h, side))
    if allowed and len(held) == len(allowed):
        from hexmate.rules.games.pg import entry as pg_entry

        return frozenset(pg_entry.next_to(position, tuple(sorted(held, key=lambda h: (h.q, h.r))), side))
    return allowed


def counts_destroyed(position: Position, side: str) -> bool:
    """16.5: units that left count as destroyed only where the scenario says so."""
    return bool(_spec(position.scenario).get(side, {}).get("destroyed", False))


def validate(scenario: Scenario, hex_map: HexMap) -> None:
    """Every side's exit hexes checked when the scenario loads: a DataError names the file and the place."""
    for side in _spec(scenario):
        _hexes(scenario, hex_map, side)


def refuels(unit: UnitState) -> bool:
    """15.5: a flame tank out of fuel may go off the board to refuel."""
    return pu.is_flamethrower(unit) and pu.is_afv(unit) and unit.has(pg_assault.FLAME_OUT)


def friendly_edge(game: PgGame, position: Position, side: str) -> tuple[Hex, ...]:
    """15.5: the board-edge hexes ``side`` controls now (1.2)."""
    control = dict(game.gstate(position.state).control)
    m = position.map
    return tuple(sorted((h for h in m.hexes if len(m.neighbors(h)) < 6
                         and control.get(position.label(h)) == side), key=lambda h: (h.q, h.r)))


def check(game: PgGame, position: Position, move: act.Move) -> act.Move:
    """A move ``as exit``: its path (it may be the edge hex alone) ends on an exit hex of the scenario for the
    side (16.5), or, for a flame tank out of fuel, on an edge hex its side controls (15.5); it costs the path
    and one off-board hex (16.5)."""
    for uid in move.units:
        if uid not in position.units:
            raise IllegalAction(T("no unit {unit} in this game", unit=repr(uid)))
    units = [position.units[u] for u in move.units]
    side = units[0].side
    last = move.path[-1]
    troops = [u for u in units if not pu.is_leader(u)]
    refuel = bool(troops) and all(refuels(u) for u in troops)
    allowed = exit_hexes(position, side)
    if last not in allowed and not (refuel and last in friendly_edge(game, position, side)):
        if refuel:
            raise IllegalAction(T("{hex} is not a board-edge hex {side} controls: a flame tank leaves to "
                                  "refuel by its own side's edge (15.5)",
                                  hex=position.label(last), side=side))
        raise IllegalAction(T("{hex} is not a hex {side} may leave the board by in this scenario (16.5)",
                              hex=position.label(last), side=side))
    if pg_assault.enemy_combat_units(position, last, side):
        raise IllegalAction(T("no leaving the board from a hex held by the enemy"), "5.3, 16.5")
    if len(move.path) == 1:
        checked = act.Move(tuple(sorted(move.units)), move.path, 0)
        game._movers(position, frozenset(move.units))  # who may move at all (3.13, 14.2, 14.3, 15.2)
    else:
        checked = game.check_move(position, dataclasses.replace(move, mode=""))
    off = off_board_cost(game, position, units, last)
    if off is None:
        raise IllegalAction(T("{units} cannot move off the board", units=", ".join(move.units)), "5.1, 16.5")
    spent = (checked.cost if checked.cost is not None else 0) + off
    budget = game.budget(units, position)
    minimum = len(move.path) == 1 and not game.entered_now(position, units)  # 5.0: one hex at least
    if spent > budget and not minimum:
        raise IllegalAction(T("leaving the board by {hex} costs {cost} MP (one off-board hex after the "
                              "path), the unit has {ma}", hex=position.label(last), cost=str(spent),
                              ma=str(budget)),
                            "5.0, 16.5")
    return dataclasses.replace(checked, cost=spent, mode=MODE)


def offers(game: PgGame, position: Position, mine: list[UnitState]) -> list[act.Move]:
    """The page's exits (16.5, 15.5): each unit of the side standing on a hex it may leave the board by, with
    the MP to do it, is offered ``move U HEX as exit`` (longer paths are a lift and a placement plus the
    declaration, typed)."""
    out: list[act.Move] = []
    for unit in mine:
        h = unit.hex
        if h is None or pu.is_leader(unit) or len(position.map.neighbors(h)) >= 6:
            continue
        try:
            out.append(check(game, position, act.Move((unit.id,), (h,), mode=MODE)))
        except (IllegalAction, InvalidAction):
            continue
    return out


def off_board_cost(game: PgGame, position: Position, units: list[UnitState],
                   edge: Hex) -> int | Fraction | None:
    """16.5: one hex off the board at the class's clear rate, or its road (ridge) rate when the edge hex has
    a road (is a ridge hex); the slowest of the units decides."""
    from hexmate.rules.games.pg import entry as pg_entry

    way = pg_entry.along(game, position, edge)
    carrier = game.ride(units)
    movers = [carrier] if carrier is not None else [u for u in units if not pu.is_leader(u)] or units
    worst: int | Fraction = 0
    for unit in movers:
        rate = pg_entry._per_hex(game, pu.move_class(unit), way)
        if rate is None:
            return None
        worst = max(worst, rate)
    return worst


def leave(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    """The move ``as exit`` reached its edge hex: its units leave the board (16.5), with what their transports
    carry or tow (5.6). A flame tank out of fuel waits off it to come back (15.5); any other unit is out of
    play for good."""
    state = position.state
    gs = game.gstate(state)
    riders = tuple(u.id for u in state.units.values() if u.carrier in ids and u.id not in ids)
    ids = (*ids, *sorted(riders))  # 5.6: what a transport carries or tows leaves with it
    gone: list[str] = []
    back: list[tuple[str, int]] = []
    troops = [state.units[u] for u in ids if u in state.units and not pu.is_leader(state.units[u])]
    refuel = bool(troops) and all(refuels(u) for u in troops)  # leaders along come back with it
    for uid in ids:
        unit = state.units.get(uid)
        if unit is None:
            continue
        if refuel:
            back.append((uid, position.turn + REFUEL_TURNS + 1))
            state = state.with_unit(dataclasses.replace(unit, hex=None))
        else:
            gone.append(uid)
            state = state.without_unit(uid)
    return state.replace(game=game.gstate(state).replace(
        exited=(*gs.exited, *gone), refuel=(*gs.refuel, *back)))


def rout_exits(game: PgGame, position: Position, unit: UnitState, reach: Mapping[Hex, Any],
               foes: list[UnitState]) -> dict[Hex, tuple[int | Fraction, tuple[Hex, ...]]]:
    """16.5, 14.31: where the scenario lets the routing unit's side leave the board, off the board is out of
    every enemy's sight and fire, so a rout may end there: by each exit hex it reaches (``reach``: the rout's
    own reachable hexes, each step away from the threats) with MA left for the hex off the board (16.5's
    cost), when that last step too keeps its distance from every threat (14.31). Exit hex -> (MP to leave
    by it, the path on the board). Where the scenario allows no exit, none: the unit stays on the board
    (16.5)."""
    allowed = exit_hexes(position, unit.side)
    if not allowed:
        return {}
    m = position.map
    ma = pu.value(unit, "ma")
    out: dict[Hex, tuple[int | Fraction, tuple[Hex, ...]]] = {}
    for edge in sorted(allowed, key=lambda h: (h.q, h.r)):
        r = reach.get(edge)
        if r is None or pg_assault.enemy_combat_units(position, edge, unit.side):
            continue
        outside = [n for n in hex_neighbors(edge) if n not in m.hexes]
        if not any(all(distance(f.hex, n) >= distance(f.hex, edge) for f in foes if f.hex is not None)
                   for n in outside):
            continue  # 14.31: the step off the board would close on a threat
        off = off_board_cost(game, position, [unit], edge)
        if off is None or r.cost + off > ma:
            continue
        out[edge] = (r.cost + off, tuple(r.path))
    return out


def steps_exited(position: Position, side: str, exited: tuple[str, ...]) -> int:
    """The steps of ``side``'s units that left the board (a leader counts none, 1.2)."""
    total = 0
    for setup in position.scenario.units:
        if setup.side != side or setup.id not in exited:
            continue
        counter = position.scenario.counters[setup.counter]
        if counter.type == "leader":
            continue
        steps = counter.values.get("steps", 1)
        full = steps if isinstance(steps, int) else 1
        total += full - (1 if "reduced" in setup.markers and full > 1 else 0)
    return total


def refuel_due(game: PgGame, position: Position, uid: str) -> int | None:
    """15.5: the turn a unit that went off to refuel may come back from (None: it is not waiting)."""
    unit = position.units.get(uid)
    if unit is None or unit.hex is not None:
        return None
    return dict(game.gstate(position.state).refuel).get(uid)


def back_on(state: State, ids: tuple[str, ...]) -> State:
    """15.5: refuelled, a flame tank coming back on has its +3 again."""
    for uid in ids:
        unit = state.units.get(uid)
        if unit is not None and unit.has(pg_assault.FLAME_OUT):
            state = state.with_unit(unit.mark(remove=(pg_assault.FLAME_OUT,)))
    return state


__all__ = ["MODE", "back_on", "check", "counts_destroyed", "exit_hexes", "friendly_edge", "leave", "offers",
           "refuel_due", "refuels", "rout_exits", "steps_exited", "validate"]
