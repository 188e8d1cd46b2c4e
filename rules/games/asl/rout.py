"""ASL Rout Phase (A10.5-A10.51) in its first form: which broken units must rout, and where each may go.

At the start of each Rout Phase every broken unit that must rout gets a ``hexes`` decision for its owner: the
legal end hexes of its rout, lit on the table and answered by placing the counter there. The ATTACKER's units
rout first, one at a time (A10.5). What is computed (paraphrasing the rules):

- must rout (A10.5): a broken unit in the same or an adjacent Location as a Known, unbroken, armed enemy unit,
  or in Open Ground in the LOS and normal range of a Known enemy unit;
- it has 6 MF for the rout and may not Bypass (A10.5, A4.3);
- no step may bring it closer to an armed Known enemy unit it could see at the start of the phase, and it may
  not end adjacent to or in the Location of a Known unbroken armed enemy (A10.51);
- if a building or woods Location can be reached within its MF, it must rout to the nearest such (by MF)
  that is farther from the Known enemy than where it started (A10.51);
- a unit that must rout and has nowhere legal to go is eliminated for failure to rout (A10.5).

- a DM unit that need not rout may (A10.5), or stay;
- an adjacent end hex is a Low Crawl: one Location, toward the nearest shelter, never interdicted (A10.52);
- otherwise the unit routs along its cheapest legal route, and at the first Open Ground hex in the clear LOS
  and normal range of a Good Order enemy able to fire it takes an Interdiction NMC (A10.53).

- a concealed enemy met on the route is revealed, and the router, ending its rout beside it, is eliminated;
  dummies met are removed (A10.533, A12.15);
- a Good Order leader stacked with a routing unit may rout with it, adds his leadership to its Interdiction
  NMC and is eliminated if it fails (A10.711).

Not yet: Known enemies met during the rout (A10.51's memory), rout through concealed units (A10.533).
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ROUT_MF = 6  # A10.5: every broken unit has 6 MF to rout with
SHELTER = frozenset({"woods", "wooden-building", "stone-building"})  # A10.51: building or woods Locations


def known_enemies(position: Position, unit: UnitState) -> list[UnitState]:
    """Known (not concealed) enemy units on the map (A10.51 speaks of Known Enemy Units)."""
    return [
        e for e in position.units.values() if e.side != unit.side and e.hex is not None and not e.concealed
    ]


def _armed(unit: UnitState) -> bool:
    # A10.5: an unbroken enemy (a leader counts as armed for rout); a prisoner is unarmed (A20.5)
    return not unit.has("broken") and not unit.has("prisoner") and not unit.has("unarmed")


def must_rout(position: Position, unit: UnitState) -> bool:
    if not unit.has("broken") or unit.hex is None or unit.has("melee"):
        return False  # A11.16: a broken unit in Melee may not rout
    for enemy in known_enemies(position, unit):
        assert enemy.hex is not None
        d = distance(enemy.hex, unit.hex)
        if d <= 1 and _armed(enemy):
            return True
        normal = int(enemy.values.get("range", 0) or 0)
        if (
            position.map.terrain(unit.hex) == "open"
            and enemy.type != "leader"
            and not enemy.has("melee")  # A10.5: a Known enemy not in Melee
            and d <= normal
            and not asl_terrain.line_of_sight(position, enemy.hex, unit.hex).blocked
        ):
            return True
    return False


def _search(
    position: Position, unit: UnitState
) -> tuple[dict[Hex, int | Fraction], dict[Hex, Hex], set[Hex]]:
    """Every hex the unit may rout through within its 6 MF (A10.51's limits), the cheapest cost to each, the
    step before it on that route, and the hexes it may not end in (same as or beside a Known armed enemy)."""
    start = unit.hex
    assert start is not None
    enemies = [e for e in known_enemies(position, unit) if _armed(e)]
    seen = [
        e.hex
        for e in enemies
        if e.hex is not None and not asl_terrain.line_of_sight(position, e.hex, start).blocked
    ]
    danger = {n for e in enemies if e.hex is not None for n in (e.hex, *position.map.neighbors(e.hex))}
    cost_fn = asl_terrain.infantry_cost_fn(position)
    best: dict[Hex, int | Fraction] = {start: 0}
    prev: dict[Hex, Hex] = {}
    queue: list[tuple[int | Fraction, int, Hex]] = [(0, 0, start)]
    tick = 0
    while queue:
        spent, _, here = heapq.heappop(queue)
        if spent > best.get(here, spent):
            continue
        for nxt in position.map.neighbors(here):
            step = cost_fn(position.map, here, nxt)
            if step is None:
                continue
            total = spent + step
            if total > ROUT_MF and here != start:
                continue
            # A10.51: never closer to a Known enemy it could see; never into a Known enemy's Location.
            if any(distance(nxt, s) < distance(here, s) for s in seen if s is not None):
                continue
            if any(e.hex == nxt for e in enemies):
                continue
            if nxt not in best or total < best[nxt]:
                best[nxt] = total
                prev[nxt] = here
                tick += 1
                heapq.heappush(queue, (total, tick, nxt))
    return best, prev, danger


def _shelter(
    position: Position, unit: UnitState, ends: dict[Hex, int | Fraction]
) -> dict[Hex, int | Fraction]:
    """A10.51: the building or woods hexes among ``ends`` farther from the Known enemy than the start."""
    start = unit.hex
    assert start is not None
    enemies = [e for e in known_enemies(position, unit) if _armed(e)]
    near = min((distance(start, e.hex) for e in enemies if e.hex is not None), default=0)

    def farther(h: Hex) -> bool:
        return min((distance(h, e.hex) for e in enemies if e.hex is not None), default=1) > near

    return {h: c for h, c in ends.items() if position.map.terrain(h) in SHELTER and farther(h)}


def destinations(position: Position, unit: UnitState) -> tuple[Hex, ...]:
    """The legal end hexes of this unit's rout (A10.51), nearest shelter first if any is reachable, and the
    adjacent hexes it may Low Crawl to (A10.52: one Location, toward that shelter)."""
    start = unit.hex
    assert start is not None
    best, prev, danger = _search(position, unit)
    ends = {h: c for h, c in best.items() if h != start and h not in danger}
    shelter = _shelter(position, unit, ends)
    if shelter:
        nearest = min(shelter.values())
        ends = {h: c for h, c in shelter.items() if c == nearest}
    crawl = {h: best[h] for h in low_crawl(position, unit, best, prev, danger, shelter)}
    out = {**crawl, **ends}
    return tuple(sorted(out, key=lambda h: (out[h], h.q, h.r)))


def low_crawl(
    position: Position,
    unit: UnitState,
    best: dict[Hex, int | Fraction],
    prev: dict[Hex, Hex],
    danger: set[Hex],
    shelter: dict[Hex, int | Fraction],
) -> list[Hex]:
    """A10.52: adjacent hexes a Low Crawl may end in: not out of a Location holding an enemy, not where the
    rout may not end, and a step on a cheapest route to the nearest shelter when one is in reach."""
    start = unit.hex
    assert start is not None
    if any(e.side != unit.side for e in position.units_at(start)):
        return []
    firsts: set[Hex] | None = None
    if shelter:
        nearest = min(shelter.values())
        firsts = {_route(prev, start, h)[1] for h, c in shelter.items() if c == nearest}
    return [
        h
        for h in position.map.neighbors(start)
        if h in best and h not in danger and (firsts is None or h in firsts)
    ]


def _route(prev: dict[Hex, Hex], start: Hex, end: Hex) -> list[Hex]:
    path = [end]
    while path[-1] != start:
        path.append(prev[path[-1]])
    return path[::-1]


def interdicted(position: Position, unit: UnitState, h: Hex) -> bool:
    """A10.53: a routing unit entering Open Ground in the normal range (16 hexes at most, A10.532) and clear
    LOS of a Good Order enemy that could fire at it with full FP is interdicted. Pinned, CX or Melee units
    and leaders (no range of their own) cannot interdict; a hindrance in the LOS prevents it."""
    if position.map.terrain(h) != "open":
        return False
    for enemy in known_enemies(position, unit):
        assert enemy.hex is not None
        if enemy.type == "leader" or enemy.has("broken") or enemy.has("pinned") or enemy.has("cx"):
            continue
        if enemy.has("melee"):
            continue
        reach = min(int(enemy.values.get("range", 0) or 0), 16)
        if distance(enemy.hex, h) > reach:
            continue
        sight = asl_terrain.line_of_sight(position, enemy.hex, h)
        if not sight.blocked and not sight.hindrance:
            return True
    return False


def decisions(position: Position) -> list[Decision]:
    """One rout decision per broken unit that must rout, and per DM unit that may (answered ``stay`` to
    stay): the ATTACKER's first (A10.5), then the DEFENDER's; before each, whether a leader stacked with it
    routs with it (A10.711)."""
    phasing = position.phasing
    out: list[Decision] = []
    for u in sorted(position.units.values(), key=lambda u: (u.side != phasing, u.id)):
        must = must_rout(position, u)
        may = u.has("broken") and u.has("dm") and not u.has("melee") and u.hex is not None
        if not must and not may:
            continue
        ends = destinations(position, u)
        if not must and not ends:
            continue
        if ends:
            out.extend(_leader_choices(position, u))
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
        and not any(ldr.has(m) for m in ("broken", "pinned", "berserk", "melee"))
    ]


def resume_leader(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The leader's choice: with the unit, he goes where it goes (the rout decision below remembers him), and
    he may go with no other unit."""
    state = position.state
    if answer.choice != "with":
        return state
    leader, unit = decision.subject
    kept = []
    for d in state.decisions:
        if d.then == "rout_leader" and d.subject[0] == leader:
            continue  # he routs with one unit only
        if d.then == "rout" and d.subject == (unit,):
            d = dataclasses.replace(d, args=(("leader", leader),))
        kept.append(d)
    return state.replace(decisions=tuple(kept))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The unit routs to the hex placed on: along the cheapest legal route (a Low Crawl when it is one
    adjacent hex, A10.52); at the first Open Ground hex where it is interdicted, its owner rolls an NMC
    (A10.53)."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None or unit.hex is None:
        return state
    if answer.choice == "stay":  # a DM unit that need not rout stays (A10.5)
        return state
    leader = decision.arg("leader")
    end = answer.hexes[0]
    if end in position.map.neighbors(unit.hex):
        path = [unit.hex, end]  # Low Crawl: not interdicted (A10.52)
    else:
        _, prev, _ = _search(position, unit)
        path = _route(prev, unit.hex, end)
    for i, (before, h) in enumerate(itertools.pairwise(path)):
        state, met = _meet(state, unit, h)
        if met:  # A10.533: the router ends its rout beside a revealed enemy: eliminated
            return _with_leader(state.without_unit(unit.id), leader, before)
        if len(path) == 2:
            continue
        if interdicted(position, unit, h):
            return _with_leader(state.with_unit(unit.at(h)), leader, h).push(
                Decision(
                    "roll",
                    unit.side,
                    T("{unit} is interdicted at {hex}: roll its NMC", unit=unit.id, hex=position.label(h)),
                    "A10.53",
                    "rout_nmc",
                    dice="DR",
                    subject=(unit.id,),
                    target=h,
                    hexes=tuple(path[i + 2 :]) or (h,),
                    args=(("leader", leader),) if leader else (),
                )
            )
    return _with_leader(state.with_unit(unit.at(end)), leader, end)


def _meet(state: State, unit: UnitState, h: Hex) -> tuple[State, bool]:
    """Entering h: a concealed real enemy there is revealed (True: the router may not go on, A10.533);
    dummies alone lose their "?" and are removed (A12.15)."""
    hidden = [u for u in state.units.values() if u.hex == h and u.side != unit.side and u.concealed]
    real = [u for u in hidden if u.type != "dummy"]
    for enemy in real:
        state = state.with_unit(enemy.revealed())
    if not real:
        for dummy in hidden:
            state = state.without_unit(dummy.id)
    return state, bool(real)


def _go_on(state: State, unit: UnitState, leader: str, here: Hex, rest: tuple[Hex, ...]) -> State:
    """The rest of a rout after an Interdiction NMC, meeting what concealed units stand in the way."""
    for h in rest:
        state, met = _meet(state, unit, h)
        if met:
            return _with_leader(state.without_unit(unit.id), leader, here)
        here = h
    return _with_leader(state.with_unit(state.units[unit.id].at(here)), leader, here)


def _with_leader(state: State, leader: str, h: Hex) -> State:
    if leader and leader in state.units:
        return state.with_unit(state.units[leader].at(h))
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
        final += int(helper.values["leadership"])  # A10.711: he may add his leadership to the NMC
    morale = int(unit.values["broken_morale"])
    here = decision.target
    assert here is not None
    rest = tuple(h for h in decision.hexes if h != here)
    if final > morale:
        if helper is not None:
            state = state.without_unit(helper.id)  # A10.711: eliminated if the unit fails it
        state, half = _reduce(position.scenario.counters, state, unit)
        return _go_on(state, half, "", here, rest) if half is not None else state
    if final == morale:
        beside = any(
            e.hex is not None and e.hex in (here, *position.map.neighbors(here)) and _armed(e)
            for e in known_enemies(position, unit)
        )
        return state.without_unit(unit.id) if beside else state
    return _go_on(state, unit, leader, here, rest)


def failure(position: Position, decision: Decision) -> State:
    """No legal rout destination: eliminated for failure to rout (A10.5)."""
    return position.state.without_unit(decision.subject[0])
