"""PG units coming onto the board during play (16.5).

A scenario names them in ``options.entry``: unit -> ``{"turn": N, "hexes": ["A1", ...]}`` (the board-edge
hexes it may come on at; its set-up hex if none are given). Such a unit is off the board (``hex`` None) until
it enters. From its turn on, its side activates it as usual (16.5: as if the hex rows went on off the board,
grouped around leaders): ``activate UNIT [LEADER...]`` for units that wait off the board together, then the
player puts the counters on one of their entry hexes (a table gesture: the counter placed on the hex).

The cost (16.5): the entry hex's own cost for the unit's class, plus one off-board hex for each stack that
came on through that hex before it this turn; an off-board hex costs the class's clear rate, or its road
rate when the entry hex has a road, or the ridge's when it is a ridge hex (the ridge MP is a demo value: the
TEC is not in the text). The 16.5 example: six trucks by a road pay 1/2 then 1; off the road 2 then 4.
What is left of the MA is the unit's move from the entry hex, in the same activation.

Units a normal leader brings on in good order may enter an enemy-held edge hex straight away: an assault
(16.5, 12.1). When the enemy holds every one of their entry hexes, they may come on at a board-edge hex next
to one of them instead, one turn after their own (16.5 "not the end of the world"; ``next_to``).
A flame tank that went off the board to refuel (15.5, ``exits.py``) comes back the same way from the seventh
turn after it left, at any board-edge hex its side controls then. Leaving the board: ``exits.py``.
Not modelled here (said so): opportunity fire at the moment of placement (13.0 fires as the unit
enters its next hexes).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.entry import EntryPlan
from hexmate.rules.games.pg import assault as pg_assault
from hexmate.rules.games.pg import exits as pg_exits
from hexmate.rules.games.pg import moves as pg_moves
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

Cost = int | Fraction


PLAN = EntryPlan("entry", "hexes", "16.5")
arrivals = PLAN.arrivals
validate = PLAN.validate


def entry_hexes(scenario: Scenario, hex_map: HexMap, uid: str) -> tuple[Hex, ...]:
    """The board-edge hexes the unit may come on at, checked: on the map and on its edge (16.5)."""
    return PLAN.entry_hexes(scenario, hex_map, uid)


def off_board(position: Position, uid: str) -> bool:
    """Waiting off the board to come on: a scenario's arrival (16.5), or a flame tank refuelling (15.5)."""
    unit = position.units.get(uid)
    waiting = dict(getattr(position.state.game, "refuel", ()))
    refuelling = unit is not None and unit.hex is None and uid in waiting
    return refuelling or PLAN.off_board(position, uid)


def _due(game: PgGame, position: Position, uid: str) -> int:
    """The first turn the unit may come on: 15.5's seventh turn off for a refuelling flame tank, else 16.5's
    scenario turn."""
    back = pg_exits.refuel_due(game, position, uid)
    return back if back is not None else arrivals(position.scenario)[uid]


def _hexes(game: PgGame, position: Position, ids: tuple[str, ...]) -> tuple[Hex, ...]:
    """Where they may come on: a refuelled flame tank by any board-edge hex its side controls (15.5), else
    the entry hexes every one of them may use (16.5)."""
    if all(pg_exits.refuel_due(game, position, u) is not None for u in ids):
        return pg_exits.friendly_edge(game, position, position.units[ids[0]].side)
    return PLAN.common_hexes(position, ids)


def check(game: PgGame, position: Position, ids: tuple[str, ...]) -> tuple[Hex, ...]:
    """``activate`` naming units waiting off the board: the entry hexes they may all use now."""
    side = position.to_act
    for uid in ids:
        if not off_board(position, uid):
            raise IllegalAction(T("{unit} is on the board: units off it are activated apart (16.5)",
                                  unit=uid))
        unit = position.units[uid]
        if unit.side != side:
            raise IllegalAction(T("{unit} is not the active side's (3.0 B)", unit=uid))
        turn = _due(game, position, uid)
        if position.turn < turn:
            raise IllegalAction(T("{unit} comes on from turn {turn} (16.5)", unit=uid, turn=turn))
        if unit.has("moved_fired"):
            raise IllegalAction(T("{unit} has a MOVED/FIRED marker: activated once a turn", unit=uid),
                                "3.13, 6.2")
    if sum(1 for u in ids if pu.counts_for_stack(position.units[u])) > 3:
        raise IllegalAction(T("{count} combat units: 3 a side per hex (4.1)", count=len(ids)))
    common = _hexes(game, position, ids)
    units = [position.units[u] for u in ids]
    led = any(pu.is_leader(u) and pu.leader_kind(u) == "normal" and not u.has("demoralized") for u in units)
    assaults = pg_assault.may_assault(units, led) is None  # 16.5, 12.1: straight into an enemy edge hex
    free = tuple(h for h in common if assaults or not pg_assault.enemy_combat_units(position, h, side))
    held = [h for h in common if pg_assault.enemy_combat_units(position, h, side)]
    if common and len(held) == len(common):  # 16.5 "not the end of the world": every entry hex is held
        due = max(_due(game, position, u) for u in ids)
        beside = next_to(position, tuple(held), side)
        if position.turn > due:  # one turn late, they may come on next to the enemy instead
            free = (*free, *(h for h in beside if h not in free))
        elif not free:
            raise IllegalAction(T("the enemy holds every entry hex of theirs: from turn {turn} they may come "
                                  "on next to it instead (16.5)", turn=due + 1))
    if not free:
        raise IllegalAction(T("no entry hex of theirs is free of the enemy (16.5)"))
    return free


def next_to(position: Position, held: tuple[Hex, ...], side: str) -> tuple[Hex, ...]:
    """16.5 "not the end of the world": the board-edge hexes next to the enemy-held entry hexes that the
    enemy does not hold, where units come on one turn late."""
    m = position.map
    out: list[Hex] = []
    for h in held:
        for n in m.neighbors(h):
            if (n not in out and n not in held and len(m.neighbors(n)) < 6
                    and not pg_assault.enemy_combat_units(position, n, side)):
                out.append(n)
    return tuple(out)


def decision(position: Position, ids: tuple[str, ...], hexes: tuple[Hex, ...]) -> Decision:
    side = position.units[ids[0]].side
    return Decision(
        "hexes", side, T("{ids} come on from off the board: put them on an entry hex ({hexes})",
                         ids=", ".join(ids), hexes=", ".join(position.label(h) for h in hexes)),
        "16.5", "enter_board", hexes=hexes, subject=ids,
    )


def cost(game: PgGame, position: Position, ids: tuple[str, ...], where: Hex, before: int) -> Cost | None:
    """16.5: the entry hex's cost for the slowest class among them, plus ``before`` off-board hexes (the
    stacks that came on through it earlier this turn), each at the clear rate, or the road (ridge) rate when
    they come on along a road (a ridge)."""
    m = position.map
    way = along(game, position, where)
    road = way == "road"
    worst: Cost = 0
    for uid in ids:
        unit = position.units[uid]
        klass = pu.move_class(unit)
        fn = pg_moves.cost_fn(game, klass)
        if fn is None:
            return None  # 5.1: a towed unit does not move by itself
        per_hex = _per_hex(game, klass, way)
        no_road = set(pg_moves.table()["road_ignored_into"])
        terrain = game.terrain_table().table.canonical(m.terrain(where))
        # 5.2, 16.5: along the road into the entry hex (never into a town or village: its own rate)
        here = per_hex if road and terrain not in no_road else fn(m, where, where)
        if here is None or per_hex is None:
            return None
        worst = max(worst, here + per_hex * before)
    return worst


def along(game: PgGame, position: Position, edge: Hex) -> str:
    """16.5: what a unit comes on (or leaves) along at a board-edge hex: ``road`` when the hex has a road,
    else ``ridge`` when it is a ridge hex, else ``clear``."""
    m = position.map
    if any("road" in m.hexside(edge, n) for n in m.neighbors(edge)):
        return "road"
    table = game.terrain_table().table
    return "ridge" if table.canonical(m.terrain(edge)) == "ridge" else "clear"


def _per_hex(game: PgGame, klass: str, way: str) -> Cost | None:
    """16.5: an off-board hex costs the class's clear rate, or its road or ridge rate when the unit comes on
    (leaves) along a road or ridge (``way``, from ``along``)."""
    if klass == "foot":
        table = game.terrain_table().table
        if way == "road" and "road" in table.movement:
            return pg_moves._cost(table.movement["road"].value)
        entry = table.entry(way if way == "ridge" else "clear").move
        return pg_moves._cost(entry.value if entry is not None else None)
    rates = pg_moves.table()["classes"].get(klass, {})
    return pg_moves._cost(rates[way] if way in rates else rates.get("clear"))


def resume(game: PgGame, position: Position, dec: Decision, answer: act.Answer) -> State:
    """The counters go on the chosen entry hex; the entry cost is spent from this activation's MA."""
    where = answer.hexes[0] if answer.hexes else None
    if where is None or where not in dec.hexes:
        raise IllegalAction(T("put them on one of their entry hexes: {hexes}",
                              hexes=", ".join(position.label(h) for h in dec.hexes)), "16.5")
    gs = game.gstate(position.state)
    label = position.label(where)
    before = dict(gs.entered).get(label, 0)
    spent = cost(game, position, dec.subject, where, before)
    if spent is None:
        raise IllegalAction(T("they cannot enter {hex}", hex=label), "5.1, 16.5")
    state = position.state
    for uid in dec.subject:
        state = state.with_unit(dataclasses.replace(state.units[uid], hex=where))
    state = pg_exits.back_on(state, dec.subject)  # 15.5: refuelled, its +3 again
    refuel = tuple(x for x in gs.refuel if x[0] not in dec.subject)
    entered = (*((k, v) for k, v in gs.entered if k != label), (label, before + 1))
    leaders = tuple(u for u in dec.subject if pu.is_leader(position.units[u]))
    combat = dec.subject if leaders else ()  # 5.4: grouped around a leader, activated by him
    state = state.replace(game=gs.replace(
        refuel=refuel, entered=entered, entry_spent=(*gs.entry_spent, *((u, spent) for u in dec.subject)),
        active=tuple(sorted(dec.subject)), combat=tuple(sorted(combat)), act_leaders=tuple(sorted(leaders))))
    side = position.units[dec.subject[0]].side
    if pg_assault.enemy_combat_units(position, where, side):  # 16.5: entering straight into an assault
        for uid in dec.subject:
            state = state.with_unit(state.units[uid].mark("moved_fired"))
        return pg_assault.begin(game, position.at(state), dec.subject, where)
    return state


__all__ = ["arrivals", "check", "cost", "decision", "entry_hexes", "off_board", "resume", "validate"]
