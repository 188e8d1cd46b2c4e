"""Fire Team reinforcements coming on from off the map [11.2], [11.24] and units leaving it for victory
points [11.17].

A scenario names its reinforcements in ``options.reinforcements``: unit -> ``{"turn": N, "enter": [hex]}``
(the hexes of the map edge it may come on at; its set-up hex if none are given). The unit is off the map
(``hex`` None) until it enters: on its turn or later its side activates it to move [11.21], [4.39], and the
player puts the counter on one of its entry hexes, paying that hex's cost as if there were hexes off the map
[11.24]; up to four vehicles come on through one hex at no extra cost, each further one pays one more hex's
cost (the 11.24 example). It then moves on with what it has left.

``options.victory.exit``: side -> ``{"hexes": [...], "vp": {"squad": 2, ...}, "default": 1}``: a unit of
that side that ends a move on one of those edge hexes with enough MP left to pay the hex's cost again may
leave the map [11.17]; its victory points count for its side at the end (an exited unit costs no CP, 4.12).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.entry import EntryPlan
from hexmate.rules.games.fireteam.why import T, Why
from hexmate.rules.hexes import Hex

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

# [11.24] stacking holds as units come on, as if there were hexes off the map: four vehicles (six
# non-leader infantry, three of them squads, 5.5) come on through one edge hex at its cost; the next queue
# a hex back
LIMITS = {"vehicle": 4, "infantry": 6, "squad": 3}
FREE_PER_HEX = LIMITS["vehicle"]


# [11.2] the scenario's reinforcements, read and checked as PG's board entry is (rules/games/entry.py)
PLAN = EntryPlan("reinforcements", "enter", "11.2")
arrivals = PLAN.arrivals
validate = PLAN.validate


def entry_hexes(position: Position, uid: str) -> tuple[Hex, ...]:
    """The edge hexes a reinforcement may come on at (its set-up hex if the scenario names none)."""
    return PLAN.entry_hexes(position.scenario, position.map, uid)


def off_map(position: Position, unit: UnitState) -> bool:
    return PLAN.off_board(position, unit.id)


def why_not(position: Position, unit: UnitState) -> Why | None:
    """Why an off-map reinforcement may not come on now (None if it may)."""
    turn = arrivals(position.scenario)[unit.id]
    if position.turn < turn:
        return Why(T("{unit} arrives on turn {turn}", unit=unit.id, turn=turn), "11.2")
    return None


def as_if_entering(position: Position, units: list[UnitState]) -> list[UnitState]:
    """Off-map units as if on their first entry hex, so a group's make-up can be checked [4.39]."""
    return [dataclasses.replace(u, hex=entry_hexes(position, u.id)[0]) if off_map(position, u) else u
            for u in units]


def entry_decision(position: Position, ids: tuple[str, ...]) -> Decision:
    side = position.units[ids[0]].side
    hexes = PLAN.common_hexes(position, ids)
    return Decision(
        "hexes", side, T("{ids} come on from off the map: put them on an entry hex",
                         ids=', '.join(ids)), "11.21",
        "enter_map", hexes=hexes, subject=ids,
    )


def counts(units: list[UnitState]) -> dict[str, int]:
    return {"vehicle": sum(1 for u in units if u.type == "vehicle"),
            "infantry": sum(1 for u in units if u.type in ("squad", "team", "observer")),
            "squad": sum(1 for u in units if u.type == "squad")}


def enter_cost(game: FireTeamGame, position: Position, units: list[UnitState], where: Hex,
               entered_before: int | dict[str, int]) -> int | Fraction:
    """[11.24] The entry hex's cost (as if there were hexes off the map), one hex more for each full stack
    that came on through it before them this impulse (the fifth vehicle pays one hex more)."""
    cost = game.cost_fn(position, units)(position.map, where, where)
    if cost is None:
        return Fraction(-1)
    before = entered_before if isinstance(entered_before, dict) else {"vehicle": entered_before}
    mine = counts(units)
    back = max(((before.get(k, 0) + n - 1) // LIMITS[k] for k, n in mine.items() if n), default=0)
    return cost * (1 + back)


def exits(position: Position, side: str) -> tuple[frozenset[Hex], Mapping[str, Any]]:
    """The exit hexes of ``side`` and its VP table [11.17] (none when the scenario has no exit)."""
    raw = position.scenario.options.get("victory", {}).get("exit", {}).get(side)
    if raw is None:
        return frozenset(), {}
    if not isinstance(raw, dict) or not isinstance(raw.get("hexes"), list):
        raise DataError(f"{position.scenario.source}: options.victory.exit.{side}: {{hexes, vp}} (11.17)")
    hexes = frozenset(position.map.parse_label(str(h)) for h in raw["hexes"])
    return hexes, raw


def exit_vp(position: Position, unit: UnitState) -> int:
    _, raw = exits(position, unit.side)
    vp = raw.get("vp", {}).get(unit.type, raw.get("default", 1))
    return int(vp)


def exit_decision(game: FireTeamGame, position: Position, ids: tuple[str, ...]) -> Decision | None:
    """After a move: leave the map [11.17]? Only on an exit hex, with the hex's cost left to pay."""
    units = [position.units[u] for u in ids if u in position.units]
    if not units or units[0].hex is None:
        return None
    hexes, _ = exits(position, units[0].side)
    here = units[0].hex
    if here not in hexes:
        return None
    cost = game.cost_fn(position, units)(position.map, here, here)
    if cost is None or game.mp_left(position, units) < cost:
        return None
    return Decision(
        "confirm", units[0].side, T("{ids} may leave the map here for victory points",
                                    ids=', '.join(ids)), "11.17",
        "exit", choices=("exit", "stay"), subject=tuple(u.id for u in units), target=here,
    )


def resume_exit(game: FireTeamGame, position: Position, decision: Decision, choice: str) -> State:
    state = position.state
    if choice != "exit":
        return state
    gs = game.gstate(state)
    gained = dict(gs.exited)
    gone = set(gs.gone)
    for uid in decision.subject:
        unit = state.units.get(uid)
        if unit is None:
            continue
        gained[unit.side] = gained.get(unit.side, 0) + exit_vp(position, unit)
        gone.add(uid)
        for rider in [u for u in state.units.values() if u.carrier == uid]:
            gained[unit.side] += exit_vp(position, rider)
            gone.add(rider.id)
            state = state.without_unit(rider.id)
        state = state.without_unit(uid)
    return state.replace(game=game.gstate(state).replace(exited=gained, gone=frozenset(gone)))


__all__ = ["arrivals", "entry_decision", "entry_hexes", "exit_decision", "exits", "off_map", "resume_exit"]
