"""ASL Rout Phase (A3.6, A10.5-A10.51) in its first form: which broken units must rout, and where each may go.

A3.6 in short: both sides rout, the phasing side (the ATTACKER) first; a broken unit need not rout unless it
is beside a Known unbroken enemy or in Open Ground in the LOS and normal range of a Known enemy, a unit aboard
a vehicle aside (D6.1: ``must_rout``; passrout.py has the rout beneath a vehicle whose crew is gone).

At the start of each Rout Phase every broken unit that must rout gets a ``hexes`` decision for its owner: the
legal end hexes of its rout, lit on the table and answered by placing the counter there. The ATTACKER's units
rout first, one at a time (A10.5). What is computed (paraphrasing the rules):

- must rout (A10.5): a broken unit in the same or an adjacent Location as a Known, unbroken, armed enemy unit,
  or in Open Ground in the LOS and normal range of a Known enemy unit;
- it has 6 MF for the rout (a wounded SMC 3, A17.2) and may not Bypass (A10.5, A4.3);
- no step may bring it closer to an armed Known enemy unit (broken or not) in whose LOS it has been, at its
  start or at any Location of its route so far, and it may not end adjacent to or in the Location of a Known
  unbroken armed enemy (A10.51);
- if a building or woods Location can be reached within its MF, it must rout to the nearest such (by MF)
  that is farther from the Known enemy than where it started (A10.51);
- a unit that must rout and has nowhere legal to go is eliminated for failure to rout (A10.5).

- a DM unit that need not rout may (A10.5), or stay;
- an adjacent end hex is a Low Crawl: one Location, toward the nearest shelter, never interdicted (A10.52);
- otherwise the unit routs along its cheapest legal route, and at the first Open Ground hex in the clear LOS
  and normal range of a Good Order enemy able to fire it takes an Interdiction NMC (A10.53).

- a concealed real enemy met on the route bars it: one shows itself (Random Selection among several), the
  router goes back to the Location it left and, ending its rout there beside a Known enemy, is captured if
  it may surrender to a Good Order armed enemy infantry unit beside it (A20.21), else eliminated (A10.533,
  A12.15: ``bumped``); dummies met are removed (A12.15). Its stack-mates share no fate with it: broken units
  rout one at a time (A10.5), so the routs still owed are worked out again with the enemy shown Known
  (``refresh``; after a mid-rout reveal too, rtreveal.py); a broken unit that has not routed yet and now must
  (beside the enemy shown, or in its view in Open Ground) is owed a rout then, after those of its side still
  owed; one whose rout is over (``ROUTED``) routs no more and is not eliminated, though it ends the RtPh
  beside the enemy shown (the A10.533 example: the Russian at H3);
- a Good Order leader stacked with a routing unit may rout with it, adds his leadership to its Interdiction
  NMC and is eliminated if it fails (A10.711).

By Location (A2.8, the A10.51 example): the rout is worked out between Locations, a building's levels
included: up and down the stairs at 1 MF a level, along an upper level into the next hex of the building.
"Same or ADJACENT Location" is A.8's ADJACENT (:func:`adjacent`): the upper levels of a building hex are not
ADJACENT to the hex next to it, since no advance goes across and up at once (A4.7). The destination is a hex
placed on, then its level asked on the page when the rout may end at more than one of them.

Where to stop (A10.51): the nearest building or woods Location (by MF) farther from the Known enemy than the
start; one no farther may be ignored, or chosen; and from a building or woods Location it reached the unit
may go straight on into the next one (the A10.51 example: M2 level 2 on to N1 level 2).

On the way (A10.51, :func:`_may_step`): ADJACENT to an armed Known enemy, no step into another hex ADJACENT
to it; no step ADJACENT to a Known enemy the router can see (in its LOS at the start, or from the Location it
steps from) unless it leaves a Location holding a Known enemy (the A10.5 example: L2 to L3, ADJACENT to an
unseen K4, then on to M4). ADJACENT includes A.8's LOS between the Locations, SMOKE aside.

A DM unit that chooses to rout leaves what it cannot carry, as a forced router does (A10.5, A4.431).

A10.533 as the router goes: a "?" in its LOS may reveal to interdict it at each Open Ground hex it enters that
no Known enemy interdicts (``walk``, rtreveal.mid_rout); revealed able to, the NMC follows there.

A10.533 as the rout ends: before the next rout begins, a "?" beside its end may reveal and make it rout on
(``end_window``, rtreveal.at_end).

A "?" revealed mid-rout in the router's LOS (A10.533) forces its route when the rest of the route placed
would bring it closer to, or beside, the armed units revealed (A10.51): rtreveal.reroute asks a new end
from where it stands, with the MF it has left, remembering those enemies, those it saw along its route
so far (``seen_along``) and those it sees from there for the rest of the rout (A10.51).

A10.51's memory along a route nothing interrupts: the search (``_search``) is over (Location, enemies seen)
pairs, so a Known enemy first seen from a Location passed through binds every step after it, though the
router leaves its LOS again.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import disrupt, mounted, recnow, vinterdict
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.locations import Location
from hexmate.rules.games.asl.los import location_los
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

Cost = int | Fraction
BUMP = "rout_bump"  # A12.15: the concealed unit that shows itself to bar a router, named by Random Selection
ROUTED = "routed"  # A10.5, the A10.533 example: its one rout this RtPh begun (cleared as the phase ends)
ROUT_MF = 6  # A10.5: every broken unit has 6 MF to rout with
WOUNDED_ROUT_MF = 3  # A17.2, A10.5: a wounded SMC's, in the RtPh too
SHELTER = frozenset({"woods", "wooden-building", "stone-building"})  # A10.51: building or woods Locations


def known_enemies(position: Position, unit: UnitState) -> list[UnitState]:
    """Known (not concealed) enemy units on the map (A10.51 speaks of Known Enemy Units)."""
    return [
        e for e in position.units.values() if e.side != unit.side and e.hex is not None and not e.concealed
    ]


def _armed(unit: UnitState) -> bool:
    # A10.5: an unbroken enemy (a leader counts as armed for rout); a prisoner is unarmed (A20.5)
    return not unit.has("broken") and not au.is_unarmed(unit)


def where(unit: UnitState) -> Location:
    assert unit.hex is not None
    return Location(unit.hex, unit.level)


def adjacent(m: HexMap, a: Location, b: Location) -> bool:
    """A.8 ADJACENT: Locations an infantry unit could advance between in the APh (A4.7): the level above or
    below in a hex with stairs, or the same level of an adjacent hex (ground level, or an upper level both
    hexes' buildings have), with a LOS between them, SMOKE not counted (A.8: a rowhouse wall or a crest
    between two adjacent hexes leaves them adjacent but not ADJACENT)."""
    if a.hex == b.hex:
        near_by = abs(a.level - b.level) == 1 and loc.has_stairs(m, a.hex)
    elif distance(a.hex, b.hex) != 1 or a.level != b.level:
        return False
    else:
        near_by = a.level <= 0 or a.level <= min(loc.upper_levels(m, a.hex), loc.upper_levels(m, b.hex))
    return near_by and not location_los(m, a, b).blocked  # no SMOKE map given: A.8 leaves it out


def near(m: HexMap, a: Location, b: Location) -> bool:
    """The same or an ADJACENT Location (A10.5)."""
    return a == b or adjacent(m, a, b)


def dm_beside(position: Position, state: State, movers: tuple[str, ...] | list[str]) -> State:
    """A10.62: a broken unit becomes DM as soon as an armed Known enemy unit is ADJACENT to it (or in its
    Location), even if that enemy does not stay there to the end of the phase: called as units move or
    advance. A concealed mover is not Known; a broken, unarmed or SW mover is not armed; a vehicle counts
    while its inherent crew is in it."""
    from hexmate.rules.games.asl import vcrew

    after = position.at(state)
    for uid in movers:
        mover = state.units.get(uid)
        if mover is None or mover.hex is None or mover.concealed or mover.type in (au.SW, "dummy"):
            continue
        if mover.type == "vehicle":
            if not vcrew.has_crew(mover):
                continue
        elif not _armed(mover):
            continue
        for unit in after.units.values():
            if unit.side == mover.side or not unit.has("broken") or unit.has("dm") or unit.hex is None:
                continue
            if distance(unit.hex, mover.hex) <= 1 and near(after.map, where(mover), where(unit)):
                state = state.with_unit(state.units[unit.id].mark("dm"))
    return state


def must_rout(position: Position, unit: UnitState) -> bool:
    """A3.6, A10.5: a broken unit must rout beside a Known unbroken armed enemy, or in Open Ground in the LOS
    and normal range of a Known enemy; never in Melee (A11.16), nor aboard a vehicle (A3.6's exception, D6.1:
    a broken passenger is not forced out by an enemy beside it or in its Location; passrout.py has the
    case of a vehicle whose crew is gone)."""
    if not unit.has("broken") or unit.hex is None or unit.has("melee"):
        return False  # A11.16: a broken unit in Melee may not rout
    if mounted.carrier_of(position, unit) is not None:
        return False  # A3.6, D6.1
    for enemy in known_enemies(position, unit):
        assert enemy.hex is not None
        d = distance(enemy.hex, unit.hex)
        if near(position.map, where(enemy), where(unit)) and _armed(enemy):
            return True
        normal = int(enemy.values.get("range", 0) or 0)
        if (
            position.map.terrain(unit.hex) == "open"
            and enemy.type != "leader"
            and not enemy.has("melee")  # A10.5: a Known enemy not in Melee
            and d <= normal
            and not asl_terrain.line_of_sight(position, enemy.hex, unit.hex, enemy.level, unit.level).blocked
        ):
            return True
    return False


def _steps(position: Position, cost_fn: asl_terrain.CostFn, here: Location) -> list[tuple[Location, Cost]]:
    """The Locations one step from ``here`` and their MF: up or down the stairs (1 MF a level, A10.5
    example), or into an adjacent hex at the same level (an upper level only where that hex's building has
    it: A10.5 example, M2 level 2 on to N1 level 2)."""
    m = position.map
    out: list[tuple[Location, Cost]] = []
    if loc.has_stairs(m, here.hex):
        out += [(Location(here.hex, lv), loc.STAIR_MF) for lv in (here.level - 1, here.level + 1)
                if lv in loc.levels(m, here.hex)]
    for n in m.neighbors(here.hex):
        if here.level < 0 or here.level > loc.upper_levels(m, n):
            continue  # down the stairs first
        step = cost_fn(m, here.hex, n)
        if step is not None:
            out.append((Location(n, here.level), step))
    return out


def rout_mf(unit: UnitState) -> int:
    """A10.5: every broken unit has 6 MF to rout with, never more; A17.2 (A10.5's exception): a wounded SMC
    has 3, in the RtPh too."""
    return WOUNDED_ROUT_MF if unit.type in au.SMC and unit.has("wounded") else ROUT_MF


def _in_sight(position: Position, at: Location, enemies: list[UnitState]) -> frozenset[Hex]:
    """The hexes of the armed Known enemies (broken ones too, A10.51) in whose LOS ``at`` is."""
    return frozenset(
        e.hex for e in enemies
        if e.hex is not None
        and not asl_terrain.line_of_sight(position, e.hex, at.hex, e.level, at.level).blocked)


def _search(
    position: Position, unit: UnitState, mf: Cost | None = None, remembered: tuple[Hex, ...] = ()
) -> tuple[dict[Location, Cost], dict[Location, list[Location]], set[Location]]:
    """Every Location the unit may rout through within its MF (A10.51's limits), the cheapest cost to each,
    the cheapest legal route to it, and the Locations it may not end in (the same as or ADJACENT to a Known
    armed enemy's, A10.5).

    A10.51's memory: a step may not bring the router closer to an armed Known enemy (broken or not) in whose
    LOS it has been at any Location of its route so far, the start included; what it sees changes as it goes,
    so the search is over (Location, enemies seen) pairs, a pair seeing fewer at no more MF making another
    needless. Mid-rout (rtreveal.reroute): ``mf`` the MF it has left (None: the whole allowance, from the
    start), ``remembered`` the hexes of armed Known enemies it saw earlier in this RtPh."""
    start = where(unit)
    full = mf is None
    limit: Cost = rout_mf(unit) if mf is None else mf
    enemies = [e for e in known_enemies(position, unit) if _armed(e)]
    watchers = [e for e in known_enemies(position, unit) if not au.is_unarmed(e)]  # A10.51: broken too
    sight: dict[Location, frozenset[Hex]] = {}

    def seen_at(at: Location) -> frozenset[Hex]:
        if at not in sight:
            sight[at] = _in_sight(position, at, watchers)
        return sight[at]

    danger = {x for e in enemies for x in _around(position.map, where(e))}
    cost_fn = asl_terrain.infantry_cost_fn(position)
    first = frozenset(remembered) | seen_at(start)
    best: dict[Location, Cost] = {start: 0}
    routes: dict[Location, list[Location]] = {start: [start]}
    kept: dict[Location, list[tuple[frozenset[Hex], Cost]]] = {start: [(first, 0)]}
    queue: list[tuple[Cost, int, Location, frozenset[Hex], list[Location]]] = [(0, 0, start, first, [start])]
    tick = 0
    taken = {where(e) for e in enemies}
    known = [where(e) for e in known_enemies(position, unit)]
    watched = _watched(position, start, known)
    armed = [where(e) for e in enemies]
    while queue:
        spent, _, here, seen, route = heapq.heappop(queue)
        for nxt, step in _steps(position, cost_fn, here):
            total = spent + step
            if total > limit and (here != start or not full):
                continue  # a first step is always allowed: at worst a Low Crawl (A10.52)
            # A10.51: never closer to an armed Known enemy it has seen; never into a Known enemy's Location.
            if any(distance(nxt.hex, s) < distance(here.hex, s) for s in seen):
                continue
            if nxt in taken or not _may_step(position, here, nxt, known, watched, armed):
                continue
            after = seen | seen_at(nxt)
            if any(old <= after and c <= total for old, c in kept.get(nxt, [])):
                continue
            kept.setdefault(nxt, []).append((after, total))
            if nxt not in best or total < best[nxt]:
                best[nxt] = total
                routes[nxt] = [*route, nxt]
            tick += 1
            heapq.heappush(queue, (total, tick, nxt, after, [*route, nxt]))
    return best, routes, danger


def seen_along(position: Position, unit: UnitState, path: list[Location]) -> tuple[Hex, ...]:
    """A10.51: the hexes of the armed Known enemies in whose LOS the router has been along ``path``: it may
    not get closer to them for the rest of the RtPh (rtreveal.reroute)."""
    watchers = [e for e in known_enemies(position, unit) if not au.is_unarmed(e)]
    out: set[Hex] = set()
    for at in dict.fromkeys(path):
        out |= _in_sight(position, at, watchers)
    return tuple(sorted(out, key=lambda h: (h.q, h.r)))


def _watched(position: Position, start: Location, known: list[Location]) -> set[Location]:
    """The Known enemies' Locations in the router's LOS at the start of its rout (A10.51)."""
    m = position.map
    return {k for k in known if not location_los(m, start, k).blocked}


def _may_step(position: Position, here: Location, nxt: Location, known: list[Location],
              watched: set[Location], armed: list[Location]) -> bool:
    """A10.51's two ADJACENT limits on a step of a rout (the text, with the A10.5 example):
    - ADJACENT to an armed Known enemy, it may not rout to another hex ADJACENT to the same enemy;
    - it may not rout ADJACENT to a Known enemy, unless it is leaving a Location holding a Known enemy.
    The second binds, like the first sentence of A10.51, for the enemies the router can see: those in its
    LOS at the start of the rout or from the Location it steps from. The A10.5 example's unit, L2 to L3,
    "finds itself" ADJACENT to K4, which it could not see from L2 (else L3, one hex closer to K4, were barred
    too), and routs on to M4; ending ADJACENT is barred in every case (A10.5)."""
    m = position.map
    for e in armed:
        if nxt.hex != here.hex and adjacent(m, here, e) and adjacent(m, nxt, e):
            return False
    if here in known:
        return True  # leaving a Location with a Known enemy in it
    for k in known:
        if adjacent(m, nxt, k) and (k in watched or not location_los(m, here, k).blocked):
            return False
    return True


def _around(m: HexMap, at: Location) -> set[Location]:
    """A Location and those ADJACENT to it (A.8)."""
    out = {at}
    for lv in (at.level - 1, at.level + 1):
        if lv in loc.levels(m, at.hex) and adjacent(m, at, Location(at.hex, lv)):
            out.add(Location(at.hex, lv))
    for n in m.neighbors(at.hex):
        if adjacent(m, at, Location(n, at.level)):
            out.add(Location(n, at.level))
    return out


def _sheltered(position: Position, at: Location) -> bool:
    return position.map.terrain(at.hex) in SHELTER


def _ends(
    position: Position, unit: UnitState, best: dict[Location, Cost], danger: set[Location], limit: Cost
) -> tuple[dict[Location, Cost], dict[Location, Cost]]:
    """A10.51: (the Locations the rout may end in, the nearest building or woods Locations it must head for).
    It must reach the nearest building or woods Location farther from the Known enemy than its start; one no
    farther it may ignore or end in; from one it reached it may go straight on into the next building or woods
    Location, and stop there (the A10.51 example). With none it must reach, any Location will do."""
    start = where(unit)
    reach = {x: c for x, c in best.items() if x != start and x not in danger}
    enemies = [e for e in known_enemies(position, unit) if _armed(e)]
    closest = min((distance(start.hex, e.hex) for e in enemies if e.hex is not None), default=0)

    def farther(x: Location) -> bool:
        return min((distance(x.hex, e.hex) for e in enemies if e.hex is not None), default=1) > closest

    shelter = {x: c for x, c in best.items() if x != start and _sheltered(position, x)}
    must = {x: c for x, c in shelter.items() if farther(x) and x not in danger}
    if not must:
        return reach, {}
    nearest = min(must.values())
    goal = {x: c for x, c in must.items() if c == nearest}
    ends = {**goal, **{x: c for x, c in shelter.items() if not farther(x) and c <= nearest and x in reach}}
    # straight on from building to building (or woods) Location, within the 6 MF
    cost_fn = asl_terrain.infantry_cost_fn(position)
    queue = [(c, i, x) for i, (x, c) in enumerate(sorted(ends.items(), key=lambda kv: kv[1]))]
    heapq.heapify(queue)
    tick = len(queue)
    chain = dict(ends)
    while queue:
        spent, _, here = heapq.heappop(queue)
        for nxt, step in _steps(position, cost_fn, here):
            total = spent + step
            if total > limit or nxt not in best or not _sheltered(position, nxt):
                continue
            if nxt not in chain or total < chain[nxt]:
                chain[nxt] = total
                tick += 1
                heapq.heappush(queue, (total, tick, nxt))
    return {x: c for x, c in chain.items() if x in reach}, goal


def locations(position: Position, unit: UnitState, mf: Cost | None = None,
              remembered: tuple[Hex, ...] = ()) -> dict[Location, Cost]:
    """The Locations this unit's rout may end in (A10.51), with the adjacent Locations it may Low Crawl to
    (A10.52: one Location, toward the nearest shelter it must reach; never mid-rout, ``mf`` given)."""
    best, prev, danger = _search(position, unit, mf, remembered)
    ends, goal = _ends(position, unit, best, danger, rout_mf(unit) if mf is None else mf)
    if mf is not None:
        return ends
    crawl = {x: best[x] for x in low_crawl(position, unit, best, prev, danger, goal)}
    if not disrupt.may_low_crawl(position, unit):  # A19.12: no Low Crawl for a Disrupted unit (A20.3 aside)
        crawl = {x: c for x, c in crawl.items() if x in ends}
    return {**crawl, **ends}


def destinations(position: Position, unit: UnitState) -> tuple[Hex, ...]:
    """The hexes of the legal end Locations of this unit's rout (A10.51, A10.52), nearest first: placed on at
    the table, the level asked after when there are several there."""
    out: dict[Hex, Cost] = {}
    for x, c in locations(position, unit).items():
        out[x.hex] = min(c, out.get(x.hex, c))
    return tuple(sorted(out, key=lambda h: (out[h], h.q, h.r)))


def destinations_left(position: Position, unit: UnitState, mf: Cost,
                      remembered: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """Mid-rout (A10.533, A10.51): the hexes a rout forced onto a new route may end in, with ``mf`` left and
    the ``remembered`` enemies' hexes, nearest first."""
    out: dict[Hex, Cost] = {}
    for x, c in locations(position, unit, mf, remembered).items():
        out[x.hex] = min(c, out.get(x.hex, c))
    return tuple(sorted(out, key=lambda h: (out[h], h.q, h.r)))


def path_left(position: Position, unit: UnitState, end: Hex, mf: Cost,
              remembered: tuple[Hex, ...]) -> list[Location]:
    """The cheapest legal route on from the unit's Location to the nearest end Location in ``end`` (empty:
    none within ``mf``)."""
    ends = [x for x in locations(position, unit, mf, remembered) if x.hex == end]
    if not ends:
        return []
    best, prev, _ = _search(position, unit, mf, remembered)
    return _route(prev, where(unit), min(ends, key=lambda x: best[x]))


def low_crawl(
    position: Position,
    unit: UnitState,
    best: dict[Location, Cost],
    prev: dict[Location, list[Location]],
    danger: set[Location],
    shelter: dict[Location, Cost],
) -> list[Location]:
    """A10.52: the Locations one step away a Low Crawl may end in: not out of a Location holding an enemy,
    not where the rout may not end, and a step on a cheapest route to the nearest shelter when one is in
    reach."""
    start = where(unit)
    if any(e.side != unit.side and e.level == start.level for e in position.units_at(start.hex)):
        return []
    firsts: set[Location] | None = None
    if shelter:
        firsts = {_route(prev, start, x)[1] for x in shelter}
    cost_fn = asl_terrain.infantry_cost_fn(position)
    return [
        x
        for x, _ in _steps(position, cost_fn, start)
        if x in best and x not in danger and (firsts is None or x in firsts)
    ]


def _route(routes: dict[Location, list[Location]], start: Location, end: Location) -> list[Location]:
    """The cheapest legal route the search found from ``start`` to ``end``."""
    return routes.get(end, [start, end])


def path_to(position: Position, unit: UnitState, end: Hex) -> list[Hex]:
    """The hexes of the unit's cheapest legal rout to the nearest Location in ``end`` (A10.51)."""
    best, prev, _ = _search(position, unit)
    there = [x for x in best if x.hex == end]
    if not there:
        return [where(unit).hex, end]
    path = [x.hex for x in _route(prev, where(unit), min(there, key=lambda x: best[x]))]
    return [h for i, h in enumerate(path) if i == 0 or h != path[i - 1]]


def interdicted(position: Position, unit: UnitState, h: Hex) -> bool:
    """A10.53: a routing unit entering Open Ground in the normal range (16 hexes at most, A10.532) and clear
    LOS of a Good Order enemy that could fire at it with full FP is interdicted (who may:
    :func:`_interdiction_reach`; a vehicle by its MGs, vinterdict.py); a hindrance in the LOS prevents it."""
    if position.map.terrain(h) != "open":
        return False
    for enemy in known_enemies(position, unit):
        assert enemy.hex is not None
        if enemy.type == "vehicle":
            if not vinterdict.weapons(enemy, h):  # A10.532: an AFV's MGs, within their CA (vinterdict.py)
                continue
        else:
            reach = _interdiction_reach(position, enemy)
            if reach is None or distance(enemy.hex, h) > reach:
                continue
        sight = asl_terrain.line_of_sight(position, enemy.hex, h)
        if not sight.blocked and not sight.hindrance:
            return True
    return False


CANNOT_INTERDICT = ("broken", "pinned", "cx", "melee", "encircled")  # A10.532 (pinned: FP halved)


def _interdiction_reach(position: Position, enemy: UnitState) -> int | None:
    """A10.532: how far this Known enemy interdicts, or None. A ground unit with at least 1 FP, not broken,
    pinned, CX, Encircled or in Melee, reaches its normal range and that of each functioning SW it
    possesses, 16 hexes at most; a leader only with a SW (he has no range of his own); a SW counter only
    through its possessor, never on its own; an unarmed unit never (A20.5)."""
    if enemy.type in (au.SW, "vehicle", "dummy") or au.is_unarmed(enemy):
        return None  # a vehicle's reach depends on the rout hex and its CA: vinterdict.py (A10.532)
    if any(enemy.has(m) for m in CANNOT_INTERDICT):
        return None
    own = 0 if enemy.type == "leader" else int(enemy.values.get("range", 0) or 0)
    if enemy.type != "leader" and not int(enemy.values.get("fp", 0) or 0):
        own = 0
    arms = [int(sw.values.get("range", 0) or 0) for sw in au.possessed(position.state, enemy.id)
            if not sw.has("malfunctioned") and not sw.has("disabled")]
    reach = max([own, *arms])
    return min(reach, 16) if reach else None


def decisions(position: Position) -> list[Decision]:
    """One rout decision per broken unit that must rout, and per DM unit that may (answered ``stay`` to
    stay): the ATTACKER's first (A10.5), then the DEFENDER's; before each, whether a leader stacked with it
    routs with it (A10.711)."""
    phasing = position.phasing
    out: list[Decision] = []
    for u in sorted(position.units.values(), key=lambda u: (u.side != phasing, u.id)):
        out.extend(_owed(position, u))
    return out


def _owed(position: Position, u: UnitState) -> list[Decision]:
    """The unit's rout decision, after its leader's choice (A10.711) and the SW it leaves (A4.431); none when
    it neither must nor may rout, or has routed this RtPh already (A10.5: one rout each)."""
    if u.has("routed_beneath") or u.has(ROUTED):
        return []  # D6.1: it routed beneath its crewless vehicle this phase (passrout.py)
    if mounted.carrier_of(position, u) is not None:
        from hexmate.rules.games.asl import passrout

        return passrout.offer(position, u)  # D6.1: beneath its stopped vehicle, or stay aboard
    must = must_rout(position, u)
    may = u.has("broken") and u.has("dm") and not u.has("melee") and u.hex is not None \
        and disrupt.may_choose_rout(u)  # A19.12: a Disrupted unit routs only when it must
    if not must and not may:
        return []
    ends = destinations(position, u)
    if not must and not ends:
        return []
    out: list[Decision] = []
    if ends:
        out.extend(_leader_choices(position, u))
        if must:
            out.extend(_leave(position, u))  # A4.42, A4.431: what it cannot carry stays
    out.append(
        Decision(
            "hexes",
            u.side,
            T("{unit} is broken and must rout: place it on one of the lit hexes", unit=u.id)
            if must
            else T("{unit} has DM and may rout: place it on a lit hex, or stay", unit=u.id),
            "A10.5",
            "rout",
            hexes=ends,
            choices=() if must else ("stay",),
            subject=(u.id,),
            target=u.hex,
        )
    )
    return out


def _leave(position: Position, unit: UnitState, args: tuple[tuple[str, str], ...] = ()) -> list[Decision]:
    """A4.42: a broken unit carries no more than its own IPC; A4.431: a SW it cannot carry as it routs is
    left in its Location. Its owner names the SW to leave, one at a time until the rest fits. ``args`` carry
    the end hex a DM unit chose (A10.5) when its rout is to go on once the SW are left."""
    over = au.excess_pp(position.state, unit)
    sws = tuple(sw.id for sw in au.possessed(position.state, unit.id))
    if over <= 0 or not sws:
        return []
    return [Decision(
        "units", unit.side,
        T("{unit} is broken and carries {over} PP over its IPC: name a SW it leaves in its Location",
          unit=unit.id, over=over),
        "A4.431", "rout_leave", units=sws, subject=(unit.id,), target=unit.hex, args=args)]


LEFT = "left"  # the rout_leave decision's record of the SW left so far (A4.44: one is offered to an SMC)


def resume_leave(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The SW named is left unpossessed in the router's Location (A4.431); another is asked while the rest
    is still over its IPC (A4.42). A DM unit that chose to rout (A10.5) then routs to the hex placed on; a
    friendly SMC in the Location may at once try to recover one of the SW left (A4.44, recnow.py)."""
    state = position.state
    sw = state.units[answer.units[0]]
    state = state.with_unit(dataclasses.replace(sw, carrier=None))
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    left = [*(x for x in decision.arg(LEFT).split(",") if x), sw.id]
    args = (*((k, v) for k, v in decision.args if k != LEFT), (LEFT, ",".join(left)))
    more = _leave(position.at(state), unit, args)
    if more:
        return state.push(*more)
    # A10.711: a leader routing with it carries only the SW he has: he is no candidate
    routing = decision.arg("leader") or next((d.arg("leader") for d in state.decisions
                                              if d.then == "rout" and d.subject == (unit.id,)), "")
    if decision.arg("end"):
        end = position.map.parse_label(decision.arg("end"))
        state = _rout_to_hex(position.at(state), unit, end, decision.arg("leader"))
    return recnow.offer(position.at(state), unit, left, but=(routing,))  # A4.44: an SMC there, at once


def _leader_choices(position: Position, unit: UnitState) -> list[Decision]:
    """A10.711: a Good Order, unpinned, not berserk leader stacked with the broken unit may rout with it."""
    assert unit.hex is not None
    return [
        Decision(
            "confirm",
            unit.side,
            T("{leader} may rout with {unit}: answer with, or stay", leader=ldr.id, unit=unit.id),
            "A10.711",
            "rout_leader",
            choices=("with", "stay"),
            subject=(ldr.id, unit.id),
            target=unit.hex,
        )
        for ldr in position.units_at(unit.hex)
        if ldr.type == "leader"
        and ldr.side == unit.side
        and ldr.level == unit.level  # A10.711: stacked with it, in its Location (A2.8)
        and not any(ldr.has(m) for m in ("broken", "pinned", "berserk", "melee"))
    ]


def resume_leader(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The leader's choice: with the unit, he goes where it goes (the rout decision below remembers him), and
    he may go with no other unit."""
    state = position.state
    if answer.choice != "with":
        return state
    leader, unit = decision.subject
    reach = _with_wounded(position, leader, unit)
    kept = []
    for d in state.decisions:
        if d.then == "rout_leader" and d.subject[0] == leader:
            continue  # he routs with one unit only
        if d.then == "rout" and d.subject == (unit,):
            hexes = d.hexes if reach is None else tuple(h for h in d.hexes if h in reach)
            d = dataclasses.replace(d, args=(("leader", leader),), hexes=hexes)
        kept.append(d)
    return state.replace(decisions=tuple(kept))


def _with_wounded(position: Position, leader: str, unit: str) -> set[Hex] | None:
    """A10.711 with A17.2: a leader routing with a broken unit stays stacked with it the whole RtPh; wounded,
    he has 3 MF, and the broken unit may not carry him (only a Good Order MMC does): the rout's ends are
    then those within his 3 MF, or a Low Crawl (one Location, all MF). None: he is not wounded. Refused,
    citing A17.2, when none of its ends is within them."""
    ldr, router = position.units.get(leader), position.units.get(unit)
    if ldr is None or router is None or rout_mf(ldr) == ROUT_MF:
        return None
    start = where(router)
    reach = {x.hex for x, c in locations(position, router).items()
             if c <= rout_mf(ldr) or (x.hex in position.map.neighbors(start.hex) and x.level == start.level)}
    if not reach:
        raise IllegalAction(T("{leader} is wounded: with his 3 MF he cannot stay with {unit} to any end of "
                              "its rout, and a broken unit carries no one (A10.711, A17.2)",
                              leader=leader, unit=unit), "A17.2")
    return reach


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The unit routs to the hex placed on, at the level asked next if it may end at several there (A2.8):
    along the cheapest legal route (a Low Crawl when it is one Location away, A10.52); at the first Open
    Ground hex where it is interdicted, its owner rolls an NMC (A10.53)."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None or unit.hex is None:
        return state
    if answer.choice == "stay":  # a DM unit that need not rout stays (A10.5)
        return state
    end = answer.hexes[0]
    if not must_rout(position, unit):  # A10.5, A4.431: a DM router leaves what it cannot carry
        args = (("end", position.label(end)), ("leader", decision.arg("leader")))
        leave = _leave(position, unit, args)
        if leave:
            return state.push(*leave)
    return _rout_to_hex(position, unit, end, decision.arg("leader"), decision.args)


def _rout_to_hex(position: Position, unit: UnitState, end: Hex, leader: str,
                 args: tuple[tuple[str, str], ...] = ()) -> State:
    """The rout to the hex placed on, its level asked when it may end at several there (A2.8)."""
    state = position.state
    if not args and leader:
        args = (("leader", leader),)
    levels = sorted(x.level for x in locations(position, unit) if x.hex == end)
    if len(levels) > 1:  # the board cannot tell a level: asked on the page, like the MPh's (stairs.py)
        return state.push(Decision(
            "confirm", unit.side,
            T("{unit} routs to {hex}: which level? {choices} (A10.51 example: the stairs, 1 MF a level)",
              unit=unit.id, hex=position.label(end), choices=", ".join(f"h{lv}" for lv in levels)),
            "A10.51", "rout_level", choices=tuple(f"h{lv}" for lv in levels), subject=(unit.id,),
            target=end, args=args, private=unit.concealed))
    return rout_to(position, unit, Location(end, levels[0] if levels else 0), leader)


def resume_level(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The level of the rout's end, answered on the page (A2.8)."""
    unit = position.state.units.get(decision.subject[0])
    if unit is None or decision.target is None:
        return position.state
    return rout_to(position, unit, Location(decision.target, int(answer.choice[1:])), decision.arg("leader"))


def rout_to(position: Position, unit: UnitState, end: Location, leader: str) -> State:
    """The rout to ``end`` carried out: Low Crawl (A10.52), meeting concealed units (A10.533), the first
    Interdiction NMC (A10.53)."""
    unit = unit.mark(ROUTED)  # A10.5: its rout, one only; a reveal once it is over asks no other of it
    state = position.state.with_unit(unit)
    start = where(unit)
    cost_fn = asl_terrain.infantry_cost_fn(position)
    if end in {x for x, _ in _steps(position, cost_fn, start)}:
        path = [start, end]  # Low Crawl: not interdicted (A10.52)
    else:
        _, prev, _ = _search(position, unit)
        path = _route(prev, start, end)
    return walk(position, state, unit, leader, path, crawl=len(path) == 2)


def walk(position: Position, state: State, unit: UnitState, leader: str, path: list[Location], *,
         crawl: bool = False, spent: Cost = 0, end_asked: bool = False) -> State:
    """The router, at ``path[0]``, goes on along ``path``: meeting concealed units (A10.533), the first
    Interdiction NMC (A10.53) unless it Low Crawls (A10.52); before it goes on from an Open Ground hex no
    Known enemy interdicts, a "?" in its LOS may reveal to interdict it there (A10.533: rtreveal.mid_rout).
    At its end, before the next rout begins, a "?" beside it may reveal and make it rout on (A10.533's
    example: ``end_window``), unless that was asked at the end hex already (``end_asked``)."""
    from hexmate.rules.games.asl import rtreveal

    end = path[-1]
    cost_fn = asl_terrain.infantry_cost_fn(position)
    for i, (before, here) in enumerate(itertools.pairwise(path)):
        step = loc.STAIR_MF if here.hex == before.hex else cost_fn(position.map, before.hex, here.hex)
        spent += step or 0  # the MF used so far (A10.533: a reroute goes on with the rest)
        if here.hex != before.hex:
            state, met = _meet(state, unit, here.hex)
            if met:  # A10.533, A12.15: bumped back, it ends its rout beside a revealed enemy
                return bumped(position.at(state), unit, leader, before, here.hex)
        if crawl or here.hex == before.hex:
            continue
        rest = tuple(dict.fromkeys(x.hex for x in path[i + 2 :] if x.hex != here.hex))
        view = position.at(state)
        seen = seen_along(view, unit, path[: i + 2])
        if interdicted(view, unit, here.hex):
            return interdiction(view, unit, leader, here, rest, end.level, spent, seen)
        ask = rtreveal.mid_rout(view, unit, leader, here.hex, rest, end.level, spent, seen)
        if ask is not None:  # A10.533: asked with the router where the table placed it, its rout's end
            return _with_leader(state.with_unit(_placed(unit, end)), leader, end).push(ask)
    state = _with_leader(state.with_unit(_placed(unit, end)), leader, end)
    if end_asked:
        return state
    used = rout_mf(unit) if crawl else spent  # A10.52: a Low Crawl takes all its MF
    return end_window(position.at(state), unit.id, leader, used, seen_along(position.at(state), unit, path))


def end_window(position: Position, uid: str, leader: str, spent: Cost, seen: tuple[Hex, ...]) -> State:
    """A10.533's example (the Russian at H3): the rout over, a "?" beside the router may still reveal before
    the next unit begins its rout; the question (rtreveal.at_end) is put on top of the routs still owed."""
    from hexmate.rules.games.asl import rtreveal

    unit = position.units.get(uid)
    if unit is None or unit.hex is None:
        return position.state
    ask = rtreveal.at_end(position, unit, leader, spent, seen)
    return position.state.push(ask) if ask is not None else position.state


def interdiction(position: Position, unit: UnitState, leader: str, at: Location, rest: tuple[Hex, ...],
                 level: int, spent: Cost = 0, seen: tuple[Hex, ...] = (),
                 watch: tuple[Hex, ...] = ()) -> State:
    """A10.53: the router stops at ``at`` for its Interdiction NMC; ``rest``: the hexes it goes on to, the
    last at ``level``; ``spent``: the MF it has used to get there; ``seen``: the armed Known enemies in whose
    LOS it has been (A10.51); ``watch``: those just revealed there (A10.533), the rest of its route checked
    against them once the NMC leaves it free to go on (``resume_nmc``)."""
    args: tuple[tuple[str, str], ...] = (("leader", leader),) if leader else ()
    args = (*args, ("spent", str(spent)), ("seen", ",".join(position.label(x) for x in seen)),
            ("watch", ",".join(position.label(x) for x in watch)))
    state = _with_leader(position.state.with_unit(_placed(unit, at)), leader, at)
    return state.push(
        Decision(
            "roll",
            unit.side,
            T("{unit} is interdicted at {hex}: roll its NMC", unit=unit.id, hex=position.label(at.hex)),
            "A10.53",
            "rout_nmc",
            dice="DR",
            subject=(unit.id,),
            target=at.hex,
            hexes=rest or (at.hex,),
            args=(*args, ("level", str(level))),
        )
    )


def _placed(unit: UnitState, at: Location) -> UnitState:
    return dataclasses.replace(unit, hex=at.hex, level=at.level)


def _meet(state: State, unit: UnitState, h: Hex) -> tuple[State, bool]:
    """Entering h: True if a concealed real enemy there bars the router (A10.533: ``bumped`` reveals one);
    dummies alone lose their "?" and are removed (A12.15)."""
    hidden = [u for u in state.units.values() if u.hex == h and u.side != unit.side and u.concealed]
    if any(u.type != "dummy" for u in hidden):
        return state, True
    for dummy in hidden:
        state = state.without_unit(dummy.id)
    return state, False


def bumped(position: Position, unit: UnitState, leader: str, back: Location, h: Hex) -> State:
    """A10.533, A12.15: the router tried to enter ``h``, where concealed real enemy units are: their owner
    reveals one (Random Selection among several: he names it, ``resume_bump``), and the router goes back to
    ``back``, the Location it last held, where its rout ends; beside the enemy now Known, it is captured or
    eliminated (``ends_beside``). Its leader (A10.711) stays there with it."""
    state = _with_leader(position.state.with_unit(_placed(unit, back)), leader, back)
    real = sorted((u for u in state.units.values() if u.hex == h and u.side != unit.side and u.concealed
                   and u.type != "dummy"), key=lambda u: u.id)
    if len(real) == 1:
        return refresh(position.at(ends_beside(position.at(state.with_unit(real[0].revealed())), unit.id)))
    ids = tuple(u.id for u in real)
    return state.push(Decision(
        "units", real[0].side,
        T("Random Selection: name the concealed unit at {hex} that shows itself", hex=position.label(h)),
        "A12.15", BUMP, units=ids, subject=ids, target=h, args=(("router", unit.id),)))


def resume_bump(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A12.15: the unit named shows itself; the router bumped back then ends its rout beside it."""
    state = position.state.with_unit(position.units[answer.units[0]].revealed())
    return refresh(position.at(ends_beside(position.at(state), decision.arg("router"))))


def refresh(position: Position) -> State:
    """A10.5: broken units rout one at a time, each on the facts known as it routs; it shares no stack's fate
    (only a leader routing with it, A10.711, stays with it). An enemy shown by a bump (A12.15) is Known to
    every rout still to come: a unit now beside it is DM (A10.62), and the lit ends of the routs still owed
    are worked out again (A10.51: never into its Location nor beside it, never closer to it in view). A unit
    that must rout and now has nowhere to go surrenders to a Known enemy beside it if it may (A20.21), else is
    eliminated for failure to rout (A10.5); a DM unit with nowhere left to go just stays."""
    from hexmate.rules.games.asl import prisoners

    state = position.state
    for unit in list(state.units.values()):  # A10.62: now beside a Known enemy, it must rout: DM
        if must_rout(position.at(state), unit) and not unit.has("dm"):
            state = state.with_unit(unit.mark("dm"))
    view = position.at(state)
    stack: list[Decision] = []
    routs: list[Decision] = []
    for d in state.decisions:
        if d.then != "rout" or d.kind != "hexes":
            stack.append(d)
            continue
        router = view.units.get(d.subject[0])
        if router is None or router.hex is None:
            continue
        hexes = destinations(view, router)
        leader = d.arg("leader")
        reach = _with_wounded(view, leader, router.id) if leader else None
        if reach is not None:
            hexes = tuple(h for h in hexes if h in reach)
        fresh = dataclasses.replace(d, hexes=hexes, target=router.hex)
        stack.append(fresh)
        routs.append(fresh)
    groups: list[list[Decision]] = []
    for unit in _newly_owed(view, state.decisions):  # A10.5: not routed yet, it must rout now
        groups.append(_owed(view, unit))
        routs.append(groups[-1][-1])
    for group in groups:
        stack = _insert(stack, group, view.phasing)
    game = cast("AslGame", position.game)
    kept, offers = prisoners.rout_surrenders(game, view, routs)
    gone = {uid for d in routs if d not in kept for uid in d.subject}
    for d in kept:
        if d.hexes:
            continue
        gone.add(d.subject[0])
        if not d.choices:  # A10.5: it must rout and cannot: eliminated for failure to rout
            state = failure(view.at(state), d)
    out = tuple(d for d in stack if not (d.then in ("rout", "rout_leave") and d.subject[0] in gone)
                and not (d.then == "rout_leader" and d.subject[1] in gone))
    return state.replace(decisions=out).push(*offers)


ROUT_STEPS = ("rout", "rout_leader", "rout_leave", "rout_level")


def _newly_owed(position: Position, decisions: tuple[Decision, ...]) -> list[UnitState]:
    """A10.5: the broken units that must rout now, the facts having changed in this RtPh (an enemy shown
    Known beside it or in view of its Open Ground), that have not routed yet in it (``ROUTED``), have no rout
    or surrender still owed, and are no prisoner: the ATTACKER's first, as at the RtPh's start."""
    waiting = {uid for d in decisions if d.then in (*ROUT_STEPS, "surrender") for uid in d.subject}
    return [u for u in sorted(position.units.values(), key=lambda u: (u.side != position.phasing, u.id))
            if u.id not in waiting and u.carrier is None and not u.has(ROUTED)
            and not u.has("routed_beneath") and must_rout(position, u)]


def _insert(stack: list[Decision], group: list[Decision], phasing: str) -> list[Decision]:
    """A newly owed rout's decisions (answered in the order given) among the routs still owed: after those of
    its side, the ATTACKER's before the DEFENDER's (A10.5); beneath whatever the rout under way still asks."""
    side = group[-1].side
    routs = [i for i, d in enumerate(stack) if d.then in ROUT_STEPS]
    mine = [i for i in routs if stack[i].side == side]
    if mine:
        at = min(mine)
    elif routs and side == phasing:
        at = max(routs) + 1
    else:
        at = min(routs, default=0)
    return [*stack[:at], *reversed(group), *stack[at:]]


def ends_beside(position: Position, uid: str) -> State:
    """A12.15, A10.533: a router bumped back ends its RtPh beside a Known enemy, so cannot rout: it is
    captured or eliminated. Captured (A20.21) when it may surrender (prisoners.may_surrender) and a Known,
    Good Order, armed enemy infantry unit is beside it: that enemy's owner names the guard or refuses
    quarter (prisoners.resume_surrender); otherwise eliminated."""
    from hexmate.rules.games.asl import prisoners

    unit = position.units.get(uid)
    if unit is None:
        return position.state
    game = cast("AslGame", position.game)
    guards = tuple(c.id for c in prisoners.captors(position, unit))
    if not guards or not prisoners.may_surrender(game, position, unit):
        return recnow.remove(position, position.state, unit)  # A4.44: its SW to an SMC there at once
    return position.state.push(Decision(
        "units", position.enemy_of(unit.side),
        T("{units} surrender: name the guard, or refuse (No Quarter)", units=uid),
        "A20.21", "surrender", units=guards, choices=("refuse",), subject=(uid,), target=unit.hex))


def _go_on(position: Position, state: State, unit: UnitState, leader: str, here: Hex, rest: tuple[Hex, ...],
           level: int = 0, spent: Cost = 0, seen: tuple[Hex, ...] = ()) -> State:
    """The rest of a rout after an Interdiction NMC, meeting what concealed units stand in the way; it ends
    at ``level`` of its last hex, where a "?" beside it may still reveal (A10.533: ``end_window``, with the
    MF ``spent`` by then and the enemies ``seen``)."""
    cost_fn = asl_terrain.infantry_cost_fn(position)
    path = [Location(here)]
    for h in rest:
        state, met = _meet(state, unit, h)
        if met:  # A10.533, A12.15: bumped back
            return bumped(position.at(state), state.units[unit.id], leader, Location(here), h)
        spent += cost_fn(position.map, here, h) or 0
        here = h
        path.append(Location(h))
    end = Location(here, level if rest else 0)
    state = _with_leader(state.with_unit(_placed(state.units[unit.id], end)), leader, end)
    view = position.at(state)
    seen = tuple(dict.fromkeys((*seen, *seen_along(view, unit, path))))
    return end_window(view, unit.id, leader, spent, seen)


def _with_leader(state: State, leader: str, at: Location) -> State:
    if leader and leader in state.units:
        return state.with_unit(_placed(state.units[leader], at))
    return state


def resume_nmc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A10.53: a failed Interdiction NMC Casualty Reduces the unit (a surviving HS routs on); passing it on
    the nose pins it, ending its rout there (eliminated if that is beside a Known armed enemy)."""
    from hexmate.rules.games.asl.fire import _reduce

    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    leader = decision.arg("leader")
    helper = state.units.get(leader) if leader else None
    final = ASL_DR.from_values(answer.dice or ()).total
    if helper is not None:
        final += au.leadership_of(helper)  # A10.711: he may add his leadership to the NMC (A17.2 wound)
    morale = au.unit_morale(unit.mark("broken"))  # A10.53: its broken morale now (A10.8 fanatic +1)
    here = decision.target
    assert here is not None
    rest = tuple(h for h in decision.hexes if h != here)
    level = int(decision.arg("level") or 0)
    if final > morale:
        if helper is not None:  # A10.711: eliminated if the unit fails it
            state = recnow.remove(position, state, helper)
        held = [sw.id for sw in au.possessed(state, unit.id)]
        state, half = _reduce(position.scenario.counters, state, unit)
        if half is None:
            return recnow.lost(position.at(state), unit, held)  # A4.44: an SMC there may try at once
        unit, leader = half, ""
    elif final == morale:
        beside = any(
            e.hex is not None and near(position.map, where(e), Location(here)) and _armed(e)
            for e in known_enemies(position, unit)
        )
        return recnow.remove(position, state, unit) if beside else state  # A4.44 after it
    return _after_nmc(position.at(state), unit, leader, decision, here, rest, level)


def _after_nmc(position: Position, unit: UnitState, leader: str, decision: Decision, here: Hex,
               rest: tuple[Hex, ...], level: int) -> State:
    """A10.533 with A10.51: the NMC a reveal brought on passed (or a HS left), the rest of the route placed is
    checked against the units just revealed: closer to, or ending beside, one of them, the route is forced
    from here with the MF left (rtreveal.reroute); else the router goes on along it (``_go_on``)."""
    from hexmate.rules.games.asl import rtreveal

    spent = Fraction(decision.arg("spent") or "0")
    used = int(spent) if spent.denominator == 1 else spent
    seen = tuple(position.map.parse_label(x) for x in decision.arg("seen").split(",") if x)
    watch = tuple(position.map.parse_label(x) for x in decision.arg("watch").split(",") if x)
    if watch and not rtreveal.keeps_away(here, rest, watch):
        return rtreveal.reroute(position, unit, leader, here, spent, tuple(dict.fromkeys((*watch, *seen))))
    return _go_on(position, position.state, unit, leader, here, rest, level, used, seen)


def failure(position: Position, decision: Decision) -> State:
    """No legal rout destination: eliminated for failure to rout (A10.5); A4.44 for its SW."""
    unit = position.state.units.get(decision.subject[0])
    return position.state if unit is None else recnow.remove(position, position.state, unit)
