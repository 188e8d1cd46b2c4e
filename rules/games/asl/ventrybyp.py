"""Vehicles coming on beyond the entry hex by bypass or backing, offered (D2.3 with A2.51, D2.2-D2.22, D2.33).

``move V A4-B4 as enter+bypass``, ``as enter+reverse+bypass`` and ``as enter+reverse`` are checked as typed
by ventry.py; this module offers them in legal_actions, bounded to one path a hex (the page would otherwise
list a path per route), since checking a bypass path searches its headings (vbypass.route):

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
- plain backing (``reverse``): ``enter+reverse`` on past the entry hex (D2.2, D2.22: each hex one of its two
  rear hexes, D2.21: at the reverse multiplier, woods and buildings entered, not bypassed), the same search:
  one path a hex, the cheapest found, within its MP allowance.
- a named hexside (``named``): a forward or backing bypass path ending in a bypassed hex also offered with
  ``:N`` for the other hexside it could end astride there (another CAFP, D2.32), within its MP allowance.

Like the forward offers, none asks for ESB (D2.5: the owner declares it; the offers stop at the MP
allowance); a Minimum Move is one hex (D2.15, D2.24), the entry hex alone (ventry.py offers it forward and
backing); the crew's other status (``enter_ce`` / ``enter_bu``) is offered only for the entry hex alone.
All of these stay typed beyond the entry hex.
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
    for move in sorted(out.values(), key=lambda m: (len(m.path), m.path)):
        yield move
        yield from named(position, move)


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
    played, with ``:N`` where its last hex may be bypassed along either hexside (``named``)."""
    for move in _backed(position, unit, entry, mode, bypass=True):
        yield move
        yield from named(position, move)


def reverse(position: Position, unit: UnitState, entry: Hex, mode: str) -> Iterator[act.Move]:
    """``as enter+reverse`` beyond the entry hex (module docstring): one path a hex, checked as played."""
    yield from _backed(position, unit, entry, mode, bypass=False)


def _backed(position: Position, unit: UnitState, entry: Hex, mode: str, *,
            bypass: bool) -> Iterator[act.Move]:
    """The backing search shared by ``backing`` (``bypass``: every woods or building hex bypassed, at least
    one) and ``reverse`` (each hex entered as usual, D2.21): the cheapest path found to each hex it backs
    into within its MP allowance, backing throughout."""
    if armour.vtype(unit).rev == 0 or unit.has("towing"):
        return  # D2.2, D2.21: no reverse movement
    word = f"{mode}+{ventry.REVERSE}" + (f"+{ventry.BYPASS}" if bypass else "")
    crew = ventry._status(unit, word)
    starts = _backed_on(position, unit, entry, word) if bypass else [
        (mp, ventry.placed(unit, entry, g, mp, word))
        for g, (mp, _) in sorted(ventry.approaches(position, crew, entry, True).items())]
    if not starts:
        return
    limit = min(armour.budget(on) for _, on in starts)  # no ESB offered (D2.5: the owner's to declare)

    def cost(path: tuple[Hex, ...]) -> Fraction | None:
        best: Fraction | None = None
        for mp, on in starts:
            try:
                c = mp + vbypass.route(position, on, path, bypass=bypass, reverse=True)[0]
            except IllegalAction:
                continue
            best = c if best is None else min(best, c)
        return best

    vt = armour.vtype(unit)

    def least(h: Hex, n: Hex) -> Fraction | None:
        """What backing into (or past) ``n`` costs at least, turns left out (D2.21, D2.3)."""
        if bypass and vbypass.is_obstacle(position, n):
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
        if len(path) < 2 or (bypass and not any(vbypass.is_obstacle(position, x) for x in path)):
            continue  # the entry hex alone is ventry's; nothing bypassed: a plain backing entry
        with contextlib.suppress(IllegalAction):
            yield ventry.check(position, act.Move((unit.id,), path, None, word))


def named(position: Position, move: act.Move) -> Iterator[act.Move]:
    """D2.32, D2.34: a path ending in a bypassed woods or building hex leaves the vehicle astride one of the
    two hexsides that hex shares with the hex it came from, and its CAFP (so its VCA, LOS, D2.37, and its
    ways on, D2.33) differs with the side. ``move`` (the plain offer) takes the cheapest side; the other,
    where it may be taken within the MP allowance, is offered named (``:N``); both where they cost the same
    (the plain offer's pick is then not known here)."""
    path = tuple(move.path)
    if len(path) < 2 or path[-2] == path[-1] or not vbypass.is_obstacle(position, path[-1]):
        return
    limit = armour.budget(position.units[move.units[0]])  # no ESB offered (D2.5)
    a = path[-2]
    ahead = Hex(2 * a.q - path[-3].q, 2 * a.r - path[-3].r) if len(path) > 2 else None
    # the hex straight on from the one before is in the pair it meets w with unturned (its VCA pair forward,
    # its rear pair backing), so the plain offer's side where w is not that hex: tried last, one check spared
    sides = sorted((h for h in position.map.neighbors(path[-1]) if distance(h, a) == 1),
                   key=lambda h: h == ahead)
    out: list[act.Move] = []
    for n in sides:
        try:
            out.append(ventry.check(position, act.Move(move.units, path, None,
                                                       f"{move.mode}:{position.label(n)}")))
        except IllegalAction:
            continue
        if out[-1].cost != move.cost:
            break  # the dearer side: the other is the plain offer's
    dearer = [m for m in out if m.cost != move.cost]
    offer = dearer if dearer else out if len(out) > 1 else []
    yield from (m for m in offer if Fraction(m.cost or 0) <= limit)


__all__ = ["backing", "forward", "named", "reverse"]
