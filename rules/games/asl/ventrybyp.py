"""Vehicles coming on by bypass, offered beyond the entry hex (D2.3 with A2.51, D2.2-D2.22, D2.33).

``move V A4-B4 as enter+bypass`` and ``as enter+reverse+bypass`` are checked as typed by ventry.py; this
module offers them in legal_actions, bounded to one path a hex (the page would otherwise list a path per
route), since checking a bypass path searches its headings (vbypass.route):

- forward (``forward``): from a bypassed woods or building entry hex on to each hex its move from that bypass
  reaches (armour.moves_for: out into the VCA's hex, D2.33) with no woods or building hex after the entry
  hex, the cheapest path, where entering the entry hex instead costs more; and each woods or building hex
  beyond the entry hex bypassed at the path's end, the cheapest offered path to a hex beside it first.
- backing (``backing``): D2.2 lets it back on, D2.3 bypass the woods and building hexes it backs past. It
  backs throughout (D2.23: a switch to forward needs a stop and a start, so such a move is typed as two), its
  rear toward the map: a bypass only along the hexside between its two rear hexes (D2.22), out of bypass in
  reverse only into the rear hex at the CAFP's other end (D2.33), each MP at its reverse multiplier (D2.21,
  the bypass's twice Open Ground cost multiplied too). A path is offered to each hex, the cheapest found (a
  hex settled once, by the cheapest path reaching it first), within its MP allowance and with at least one
  hex bypassed (else it is a plain ``enter+reverse``). For a tracked AFV (x4) few hexes are in reach, so few
  paths are checked.

A named hexside (``:N``), the crew's other status (``enter_ce`` / ``enter_bu``), Minimum Move and the ESB
stay typed beyond the entry hex.
"""

from __future__ import annotations

import contextlib
import heapq
from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, vbypass, ventry
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex, distance


def forward(position: Position, unit: UnitState, entry: Hex, mode: str,
            found: dict[tuple[Hex, ...], Fraction]) -> Iterator[act.Move]:
    """``as enter+bypass`` beyond the entry hex (module docstring); ``found``: the plain entry's paths and
    costs, the bar a bypass path must beat."""
    word = f"{mode}+{ventry.BYPASS}"
    out: dict[Hex, act.Move] = {}
    if vbypass.is_obstacle(position, entry):
        crew = ventry._status(unit, mode)
        with contextlib.suppress(IllegalAction):
            for total, g, n, _, _ in ventry._bypass_entries(position, crew, entry, word, None):
                on = vbypass.with_across(ventry.placed(unit, entry, g, total, mode), n)
                for m in armour.moves_for(position.at(position.state.with_unit(on)), on).values():
                    cost = total + Fraction(m.cost if isinstance(m.cost, int | Fraction) else 0)
                    h = m.path[-1]
                    if any(vbypass.is_obstacle(position, x) for x in m.path[1:]) or cost > armour.budget(on) \
                            or cost >= min((c for p, c in found.items() if p[-1] == h), default=cost + 1):
                        continue
                    if h not in out or cost < Fraction(out[h].cost or 0):
                        out[h] = act.Move((unit.id,), m.path, cost, word)
    paths = sorted(found.items(), key=lambda kv: (kv[1], len(kv[0]), kv[0]))
    for w in sorted(h for h in position.map.hexes if h != entry and vbypass.is_obstacle(position, h)):
        for p in [p for p, _ in paths if distance(p[-1], w) == 1 and w not in p][:1]:
            try:
                move = ventry.check(position, act.Move((unit.id,), (*p, w), None, word))
            except IllegalAction:
                continue
            if w not in out or Fraction(move.cost or 0) < Fraction(out[w].cost or 0):
                out[w] = move
    yield from sorted(out.values(), key=lambda m: (len(m.path), m.path))


def _backed_on(position: Position, unit: UnitState, entry: Hex,
               word: str) -> list[tuple[Fraction, UnitState]]:
    """Each way it may back onto the entry hex (the MP so far, the vehicle placed there in Motion backing):
    by bypass of a woods or building entry hex (D2.3, D2.22), else into it (D2.2)."""
    crew = ventry._status(unit, word)
    out: list[tuple[Fraction, UnitState]] = []
    with contextlib.suppress(IllegalAction):
        if vbypass.is_obstacle(position, entry):
            for total, g, n, _, _ in ventry._bypass_entries(position, crew, entry, word, None):
                out.append((total, vbypass.with_across(ventry.placed(unit, entry, g, total, word), n)))
        else:
            for g, (mp, _) in sorted(ventry.approaches(position, crew, entry, True).items()):
                out.append((mp, ventry.placed(unit, entry, g, mp, word)))
    return out


def backing(position: Position, unit: UnitState, entry: Hex, mode: str) -> Iterator[act.Move]:
    """``as enter+reverse+bypass`` beyond the entry hex (module docstring): one path a hex, each checked as
    played."""
    if armour.vtype(unit).rev == 0 or unit.has("towing"):
        return  # D2.2, D2.21: no reverse movement
    word = f"{mode}+{ventry.REVERSE}+{ventry.BYPASS}"
    starts = _backed_on(position, unit, entry, word)
    if not starts:
        return
    limit = min(armour.budget(on) for _, on in starts)  # no ESB offered (D2.5: the owner's to declare)

    def cost(path: tuple[Hex, ...]) -> Fraction | None:
        best: Fraction | None = None
        for mp, on in starts:
            try:
                c = mp + vbypass.route(position, on, path, bypass=True, reverse=True)[0]
            except IllegalAction:
                continue
            best = c if best is None else min(best, c)
        return best

    vt = armour.vtype(unit)

    def least(h: Hex, n: Hex) -> Fraction | None:
        """What backing into (or past) ``n`` costs at least, turns left out (D2.21, D2.3)."""
        if vbypass.is_obstacle(position, n):
            return vbypass.cost(position, unit, h, n) * vt.rev
        step = armour.step_mp(position, unit, vt, h, n)
        return None if step is None else step * vt.rev

    settled: dict[Hex, tuple[Hex, ...]] = {}
    frontier: list[tuple[Fraction, tuple[Hex, ...]]] = [(min(mp for mp, _ in starts), (entry,))]
    while frontier:
        spent, path = heapq.heappop(frontier)
        if path[-1] in settled:
            continue
        settled[path[-1]] = path
        for n in sorted(position.map.neighbors(path[-1])):
            if n in settled or n in path:
                continue
            lower = least(path[-1], n)
            if lower is None or spent + lower > limit:
                continue  # out of reach: no route searched
            c = cost((*path, n))
            if c is not None and c <= limit:
                heapq.heappush(frontier, (c, (*path, n)))
    for path in sorted(settled.values(), key=lambda p: (len(p), p)):
        if len(path) < 2 or not any(vbypass.is_obstacle(position, x) for x in path):
            continue  # nothing bypassed: a plain backing entry
        with contextlib.suppress(IllegalAction):
            yield ventry.check(position, act.Move((unit.id,), path, None, word))


__all__ = ["backing", "forward"]
