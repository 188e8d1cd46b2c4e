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

Not yet: Low Crawl (A10.52), Interdiction (A10.53), Known enemies met during the rout (A10.51's memory),
voluntary rout of DM units and leaders routing with others (issue "ASL chapter A in full").
"""

from __future__ import annotations

import heapq
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
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
    return not unit.has("broken")  # A10.5: an unbroken enemy (a leader counts as armed for rout)


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
            and d <= normal
            and not asl_terrain.line_of_sight(position, enemy.hex, unit.hex).blocked
        ):
            return True
    return False


def destinations(position: Position, unit: UnitState) -> tuple[Hex, ...]:
    """The legal end hexes of this unit's rout (A10.51), nearest shelter first if any is reachable."""
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
                tick += 1
                heapq.heappush(queue, (total, tick, nxt))
    ends = {h: c for h, c in best.items() if h != start and h not in danger}
    near = min((distance(start, e.hex) for e in enemies if e.hex is not None), default=0)

    def farther(h: Hex) -> bool:
        return min((distance(h, e.hex) for e in enemies if e.hex is not None), default=1) > near

    shelter = {h: c for h, c in ends.items() if position.map.terrain(h) in SHELTER and farther(h)}
    if shelter:
        nearest = min(shelter.values())
        ends = {h: c for h, c in shelter.items() if c == nearest}
    return tuple(sorted(ends, key=lambda h: (ends[h], h.q, h.r)))


def decisions(position: Position) -> list[Decision]:
    """One rout decision per broken unit that must rout: the ATTACKER's first (A10.5), then the DEFENDER's."""
    phasing = position.phasing
    order = sorted(
        (u for u in position.units.values() if must_rout(position, u)),
        key=lambda u: (u.side != phasing, u.id),
    )
    return [
        Decision(
            "hexes",
            u.side,
            T("{unit} is broken and must rout: place it on one of the lit hexes", unit=u.id),
            "A10.5",
            "rout",
            hexes=destinations(position, u),
            subject=(u.id,),
            target=u.hex,
        )
        for u in order
    ]


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    return state.with_unit(unit.at(answer.hexes[0]))


def failure(position: Position, decision: Decision) -> State:
    """No legal rout destination: eliminated for failure to rout (A10.5)."""
    return position.state.without_unit(decision.subject[0])
