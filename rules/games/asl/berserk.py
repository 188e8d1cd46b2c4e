"""ASL berserk charge (A15.43-A15.46): what a berserk unit must do in its own MPh, computed and lit.

What is here, paraphrasing the text:

- A15.43: at the start of its MPh each berserk unit not in Melee must charge the nearest (counted in hexes,
  not MF) Known enemy unit in its LOS and enter that unit's Location in this MPh if its MF allow; enemies
  tied for nearest are the phasing player's pick (here: the path he lifts and places names it). Berserk
  units of one side in one Location move as one stack (A15.43; a wounded SMC, with its 3 MF, apart).
- A15.431: 8 MF that nothing increases (no leader bonus, no Double Time: ``game.group_budget``,
  ``check``); the route is the shortest in MF to the target, Bypass counted (A4.3: a route going round the
  obstacles inside it is a move ``as bypass``, lit and checked as one; wire would count 1 MF, but no wire
  exists in chapter A's terrain here); a Known enemy closer (in hexes) than the target that comes into LOS on
  the way becomes the target from there; with no Known enemy in LOS any more the charge goes on to the old
  target's hex (``Charge.retarget``). The charge is gone hex by hex: its targets are kept on the units
  (``Stored``) and worked out again as each hex is entered, on the facts known then; when what happens on the
  way (a "?" lost to its own fire, A12.14) makes the declared next hex no step of the charge, the move stops
  and the charge goes on from there with the MF left (``off_course``, ``after_move``); a "?" bumped into
  holds it in its Location (game.enter). No Assault Movement, no advance in the APh (``check``,
  ``check_advance``); a Dash across a road is allowed (dash.py checks it).
- A15.432: the charge enters the enemy's Location (an exception to A4.14); a lone Known SMC there is overrun
  at once with no NTC, no extra MF and no withdrawal (ovr.py, game.begin_move); no Prep Fire (``check_fire``);
  Lax in CC (cc.py); no prisoners (capture.py).
- A15.45: the nearest Known enemy whose shortest way is cut (unbridged water, cliffs, fire: terrain no
  infantry move crosses here) gives way to the next nearest, unless the other route to it is still shorter,
  in hexes, than the next nearest's range (``Charge.start_targets``); A15.44: with Known enemies in LOS none
  of which it can reach it gets Battle Hardening instead (``start_of_mph``).
- A15.46: after its charge, a berserk unit with no Known enemy in LOS returns to Good Order at the MPh's end;
  so does one whose Location's CC leaves no enemy there (``end_of_ccph``).
- The phase cannot end while a berserk stack still owes its charge (``check_end``).

A15.431 with A4.3: a cheapest route that enters one obstacle and goes round another (cheaper than entering
every hex and than going round every obstacle) is made in several moves, each of one kind: a plain move up to
where the route goes round an obstacle, a move as bypass ending in the obstacle it enters; the charge goes on
after each with the MF left (``_mixed_moves``, ``Charge.mixed``, ``_stopped_charge``).

A15.431 with A4.34, half way round an obstacle: the charge going round it sees from the vertices of the
hexsides it goes along (bypass.sight, traced from each Known enemy's hex); a Known enemy closer than the
target (in hexes, from the obstacle's hex it is in) that comes into LOS there becomes the target
(``Charge.retarget_round``, in the lit routes and hex by hex). The step round the obstacle is one step here:
the charge leaves it by the hex it was going to, and from there goes on to the new target (``off_course``
stops the move there when its declared rest is no step of the new charge).

A15.431, a retarget whose cheapest route is of the other kind than the move under way (a plain move turned to
a target best reached round an obstacle, or the reverse): the move ends where the charge turns (lit so,
``check`` refusing a move going on in its own kind; hex by hex, ``entered`` marks the charge as one of several
moves and ``off_course`` stops a declared move there), and the charge goes on from there in a move of the
other kind with the MF left (``Charge.kind_targets``, ``Charge.every``). Which Known enemies a retarget may
turn to is judged on the routes of every kind.

AFPh TPBF by a berserk unit is the fire module's ordinary TPBF.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import bypass as asl_bypass
from hexmate.rules.games.asl import commissar, nations
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.common import units_by_hex
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MARKER = "berserk"
Cost = int | Fraction
_LIMIT = 4000  # paths examined when listing the charge's ends for the page


def is_berserk(unit: UnitState) -> bool:
    return unit.has(MARKER)


def charging(units: Iterable[UnitState]) -> bool:
    """Does this moving group hold a berserk unit (A15.43)?"""
    return any(is_berserk(u) for u in units)


def known_enemy(unit: UnitState, side: str) -> bool:
    """A Known enemy unit a berserk unit charges: on the map, not concealed (A12), a unit (no SW or dummy),
    not a prisoner (A20.5) and not aboard a vehicle."""
    return (
        unit.side != side
        and unit.hex is not None
        and not unit.concealed
        and unit.type not in (au.SW, "dummy")
        and unit.carrier is None
        and not unit.has("prisoner")
    )


def enemies_in_los(position: Position, here: Hex, side: str) -> dict[Hex, int]:
    """The hexes of Known enemy units in LOS of ``here`` (A6), with their range in hexes."""
    out: dict[Hex, int] = {}
    for enemy in position.units.values():
        if not known_enemy(enemy, side) or enemy.hex in out:
            continue
        assert enemy.hex is not None
        if enemy.hex == here or not asl_terrain.line_of_sight(position, here, enemy.hex).blocked:
            out[enemy.hex] = distance(here, enemy.hex)
    return out


def _cost_fn(
    game: AslGame, position: Position, units: Sequence[UnitState], enemy: set[Hex]
) -> asl_terrain.CostFn:
    """The group's MF to enter b from a (game.cost_fn), a Known enemy's Location enterable by the charge
    (A15.432, an exception to A4.14) at its ordinary MF (no Overrun's doubling, A15.432)."""
    normal = game.cost_fn(position, list(units))
    base = asl_terrain.infantry_cost_fn(position)

    def cost(hex_map: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
        return base(hex_map, a, b) if b in enemy else normal(hex_map, a, b)

    return cost


def _hex_key(h: Hex) -> tuple[int, int]:
    return (h.q, h.r)


# a step of the charge: the hexes it enters (two when round an obstacle), its MF, the targets it keeps
Step = tuple[tuple[Hex, ...], Cost, tuple[Hex, ...]]


class Charge:
    """The charge of one berserk group: its targets at each hex and the MF routes to them (A15.43-A15.431).

    ``bypass``: the routes of a move ``as bypass`` (A4.3): every building or woods hex inside the path is
    gone round (bypass.plan), none entered; the last hex is entered. Without it, the routes enter every hex
    they cross. ``mixed``: routes that may enter one obstacle and go round another (A15.431 counts Bypass in
    the shortest route, hex by hex); such a charge is made in several moves, each of one kind (a move as
    bypass ends in an obstacle it enters), the charge going on after each (``_stopped_charge``); ``bypass``
    then names the kind of the move under way (``path_cost``)."""

    def __init__(
        self, game: AslGame, position: Position, units: Sequence[UnitState], bypass: bool = False,
        mixed: bool = False,
    ) -> None:
        self.game = game
        self.position = position
        self.units = list(units)
        self.side = units[0].side
        self.bypass = bypass
        self.mixed = mixed
        self.enemy = {
            u.hex for u in position.units.values() if known_enemy(u, self.side) and u.hex is not None
        }
        self.cost = _cost_fn(game, position, units, self.enemy)
        self.budget: Cost = game.group_budget(list(units), "", position.state, position=position)
        self._routes: dict[Hex, dict[Hex, Cost]] = {}
        self._hexes: dict[Hex, dict[Hex, Cost]] = {}
        self._seen: dict[Hex, dict[Hex, int]] = {}
        self._round_seen: dict[tuple[Hex, Hex, Hex], dict[Hex, int]] = {}
        self._every: Charge | None = None

    def every(self) -> Charge:
        """The same charge with steps of every kind (A15.431: Bypass counted, one obstacle entered and another
        gone round): its routes are the cheapest in MF there are."""
        if self.mixed:
            return self
        if self._every is None:
            self._every = Charge(self.game, self.position, self.units, mixed=True)
        return self._every

    def kind_targets(self, here: Hex, targets: tuple[Hex, ...]) -> tuple[Hex, ...]:
        """A15.431: the targets a move of this kind still reaches from ``here`` by a cheapest route in MF,
        Bypass counted (a retarget may turn the charge to one a move of the other kind reaches cheaper)."""
        if self.mixed:
            return targets
        every = self.every()
        return tuple(t for t in targets if here == t
                     or (here in self.route(t) and self.route(t)[here] == every.route(t).get(here)))

    def seen(self, here: Hex) -> dict[Hex, int]:
        """The Known enemies in LOS from ``here``, worked out once per hex for the whole search."""
        if here not in self._seen:
            self._seen[here] = enemies_in_los(self.position, here, self.side)
        return self._seen[here]

    def obstacle(self, h: Hex, target: Hex) -> bool:
        """Is h a hex a move ``as bypass`` goes round (A4.3), not into?"""
        return self.bypass and h != target and self.position.map.terrain(h) in asl_bypass.OBSTACLES

    def enters(self, b: Hex, target: Hex) -> bool:
        """May a step of the charge enter b (not only go round it)?"""
        return self.mixed or not self.obstacle(b, target)

    def rounds(self, o: Hex, target: Hex) -> bool:
        """May a step of the charge go round the obstacle of o (A4.3)?"""
        return (self.bypass or self.mixed) and o != target \
            and self.position.map.terrain(o) in asl_bypass.OBSTACLES

    def round(self, a: Hex, o: Hex, b: Hex) -> Cost | None:
        """MF to go from a round the obstacle of o to b (A4.31: bypass.cost), then into b; None if barred."""
        m = self.position.map
        if o in self.enemy or asl_bypass.why_not(self.position, self.units, o) is not None:
            return None
        way = asl_bypass.route(m, a, o, b)
        step = self.cost(m, o, b)
        if way is None or step is None:
            return None
        return asl_bypass.cost(self.position, a, way) + step

    def edges_into(self, b: Hex, target: Hex) -> Iterable[tuple[Hex, Cost]]:
        """Each hex from which one step of the charge enters b, with its MF (round an obstacle: from the hex
        before it)."""
        m = self.position.map
        if self.enters(b, target):
            for a in m.neighbors(b):
                step = self.cost(m, a, b)
                if step is not None:
                    yield a, step
        if not (self.bypass or self.mixed):
            return
        for o in m.neighbors(b):
            if not self.rounds(o, target) or o not in m.hexes:
                continue
            for a in m.neighbors(o):
                if a == b or distance(a, b) == 0:
                    continue
                step = self.round(a, o, b)
                if step is not None:
                    yield a, step

    def route(self, target: Hex) -> dict[Hex, Cost]:
        """MF from every hex to ``target`` along the cheapest route (Dijkstra run backwards from the target;
        no route runs on through another enemy Location)."""
        if target not in self._routes:
            self._routes[target] = self._search(target, lambda step: step)
        return self._routes[target]

    def hexes(self, target: Hex) -> dict[Hex, Cost]:
        """Hexes from every hex to ``target`` along the shortest route that infantry may take (A15.45)."""
        if target not in self._hexes:
            self._hexes[target] = self._search(target, lambda step: 1)
        return self._hexes[target]

    def _search(self, target: Hex, weight: Callable[[Cost], Cost]) -> dict[Hex, Cost]:
        best: dict[Hex, Cost] = {target: 0}
        heap: list[tuple[Cost, int, Hex]] = [(0, 0, target)]
        n = 0
        while heap:
            d, _, b = heapq.heappop(heap)
            if d > best.get(b, d):
                continue
            if b != target and b in self.enemy:
                continue
            for a, step in self.edges_into(b, target):
                nd = d + weight(step)
                if a not in best or nd < best[a]:
                    best[a] = nd
                    n += 1
                    heapq.heappush(heap, (nd, n, a))
        return best

    def start_targets(self, here: Hex) -> tuple[Hex, ...]:
        """A15.43, A15.45: the nearest Known enemy in LOS (in hexes). One that no infantry route reaches the
        shortest way (water, cliffs, fire on the way) gives way to the next nearest, unless the other route
        to it is still shorter (in hexes) than the next nearest's range; one no route reaches at all is no
        target (A15.44 then)."""
        seen = self.seen(here)
        reach: dict[Hex, tuple[Cost, bool]] = {}
        for h, r in seen.items():
            n = self.hexes(h).get(here)
            if n is not None:
                reach[h] = (n, n > r)  # the route's length in hexes; longer than the range: round the way
        if not reach:
            return ()
        near = min(reach.values())
        return tuple(sorted((h for h, k in reach.items() if k == near), key=_hex_key))

    def retarget(self, here: Hex, targets: tuple[Hex, ...]) -> tuple[Hex, ...]:
        """A15.431: a Known enemy closer (in hexes) than the target, now in LOS, becomes the target; with
        none in LOS the charge keeps to the old target's hex."""
        now = min(distance(here, t) for t in targets)
        seen = {
            h: r
            for h, r in self.seen(here).items()
            if r < now and here in self.every().route(h)
        }
        if not seen:
            return targets
        near = min(seen.values())
        return tuple(sorted((h for h, r in seen.items() if r == near), key=_hex_key))

    def retarget_round(self, came: Hex, o: Hex, leaves: Hex, targets: tuple[Hex, ...]) -> tuple[Hex, ...]:
        """A15.431 with A4.34: half way round the obstacle of ``o`` (from ``came`` to ``leaves``) the charge
        sees from the vertices of the hexsides it goes along; a Known enemy closer (in hexes, from ``o``, the
        hex it is in) than the target that comes into LOS there becomes the target, the charge leaving the
        obstacle by ``leaves`` as it was going (a step round an obstacle is one step here)."""
        key = (came, o, leaves)
        if key not in self._round_seen:
            way = asl_bypass.route(self.position.map, came, o, leaves)
            self._round_seen[key] = {} if way is None else {
                e: distance(o, e) for e in sorted(self.enemy, key=_hex_key)
                if e != o and asl_bypass.sight(self.position, e, way).seen}
        now = min(distance(o, t) for t in targets)
        seen = {h: r for h, r in self._round_seen[key].items() if r < now and leaves in self.every().route(h)}
        if not seen:
            return targets
        near = min(seen.values())
        return tuple(sorted((h for h, r in seen.items() if r == near), key=_hex_key))

    def after_step(self, here: Hex, way: tuple[Hex, ...], targets: tuple[Hex, ...]) -> tuple[Hex, ...]:
        """The targets once a step is made (A15.431): retargeted half way round an obstacle (``way`` of two
        hexes), then at the hex entered."""
        if len(way) > 1 and way[0] not in targets:
            targets = self.retarget_round(here, way[0], way[1], targets)
        b = way[-1]
        return self.retarget(b, targets) if b not in targets else targets

    def steps(self, here: Hex, spent: Cost, targets: tuple[Hex, ...], mf: bool = True) -> list[Step]:
        """Each next step on a cheapest route to one of the targets that the MF left pay for (``mf``), with
        its cost and the targets it keeps (A15.431)."""
        out: dict[tuple[Hex, ...], tuple[Cost, list[Hex]]] = {}
        m = self.position.map
        for t in targets:
            route = self.route(t)
            if here == t or here not in route:
                continue
            for b in m.neighbors(here):
                if b not in route:
                    continue
                ways: list[tuple[tuple[Hex, ...], Cost | None]] = []
                if self.enters(b, t):
                    ways.append(((b,), self.cost(m, here, b)))
                if self.rounds(b, t):
                    ways += [((b, c), self.round(here, b, c)) for c in m.neighbors(b)
                             if c != here and c in route and self.enters(c, t)]
                for way, step in ways:
                    if step is None or route[here] != step + route[way[-1]]:
                        continue
                    if mf and spent + step > self.budget:
                        continue
                    out.setdefault(way, (step, []))[1].append(t)
        return [(way, step, tuple(ts)) for way, (step, ts) in
                sorted(out.items(), key=lambda kv: [_hex_key(h) for h in kv[0]])]

    def done(self, here: Hex, spent: Cost, targets: tuple[Hex, ...]) -> bool:
        """The charge may end here: in a target's Location, or with no MF for the next step (A15.432)."""
        return here in targets or here in self.enemy or not self.steps(here, spent, targets)

    def path_cost(self, path: Sequence[Hex]) -> Cost:
        """The MF of a charge's path (round each obstacle inside it, if ``bypass``)."""
        m = self.position.map
        total: Cost = 0
        i = 0
        while i + 1 < len(path):
            a, b = path[i], path[i + 1]
            if self.bypass and i + 2 < len(path) and m.terrain(b) in asl_bypass.OBSTACLES:
                total += self.round(a, b, path[i + 2]) or 0
                i += 2
                continue
            total += self.cost(m, a, b) or 0
            i += 1
        return total


def charge_of(
    game: AslGame, position: Position, units: Sequence[UnitState]
) -> tuple[Charge, tuple[Hex, ...]]:
    """The charge and its targets from the stack's Location: the nearest Known enemy (A15.43, A15.45), or,
    for a charge that stopped on the way and goes on (``stored``), the target it had, retargeted on the
    facts known now (A15.431)."""
    start = units[0].hex
    assert start is not None
    charge = Charge(game, position, units)
    kept = stored(units[0])
    if kept is not None and go_left(units[0]) is not None:
        targets = kept.targets
        return charge, targets if start in targets else charge.retarget(start, targets)
    return charge, charge.start_targets(start)


def families(
    game: AslGame, position: Position, units: Sequence[UnitState]
) -> list[tuple[Charge, tuple[Hex, ...]]]:
    """The charges whose routes are the cheapest in MF to their targets (A15.431, Bypass counted): the one
    entering every hex, the one going round obstacles (a move ``as bypass``), or both when they tie."""
    plain, targets = charge_of(game, position, units)
    start = units[0].hex
    if not targets or start is None:
        return []
    both = [plain, Charge(game, position, units, bypass=True)]
    mixed = Charge(game, position, units, mixed=True)
    out = []
    cheaper = []  # A15.431: targets whose cheapest route enters one obstacle and goes round another
    for t in targets:
        costs = [c.route(t).get(start) for c in both]
        best = min((c for c in costs if c is not None), default=None)
        got = mixed.route(t).get(start)
        if got is not None and (best is None or got < best):
            cheaper.append(t)
    for charge in both:
        mine = []
        for t in targets:
            costs = [c.route(t).get(start) for c in both]
            best = min((c for c in costs if c is not None), default=None)
            if best is not None and charge.route(t).get(start) == best and t not in cheaper:
                mine.append(t)
        if mine:
            out.append((charge, tuple(mine)))
    if cheaper:
        out.append((mixed, tuple(cheaper)))
    return out


def _mf(spent: Cost) -> Cost:
    return int(spent) if Fraction(spent).denominator == 1 else spent


def moves(
    game: AslGame, position: Position, units: Sequence[UnitState], ids: tuple[str, ...]
) -> dict[Hex, act.Move]:
    """The ends of the charge (A15.43-A15.431), one lit move each: every cheapest route the text allows,
    the tied targets and routes being the phasing player's choice (a route round an obstacle lit as a move
    ``as bypass``)."""
    start = units[0].hex
    assert start is not None
    out: dict[Hex, act.Move] = {}
    for charge, targets in families(game, position, units):
        if charge.mixed:
            _mixed_moves(charge, start, targets, ids, out)
            continue
        mode = "bypass" if charge.bypass else ""
        stack: list[tuple[tuple[Hex, ...], Cost, tuple[Hex, ...], bool, bool]] = [
            ((start,), 0, targets, False, False)]
        seen = 0
        while stack and seen < _LIMIT:
            path, spent, ts, rounded, turned = stack.pop()
            seen += 1
            here = path[-1]
            if len(path) > 1 and (turned or charge.done(here, spent, ts)):
                if charge.bypass and not rounded:
                    continue  # the same route as one entering every hex: lit once, plainly
                old = out.get(here)
                if old is None or (spent, len(path)) < (old.cost or 0, len(old.path)):
                    out[here] = act.Move(ids, path, _mf(spent), mode)
                continue
            for way, step, keep in charge.steps(here, spent, ts):
                nxt = charge.after_step(here, way, keep)
                went = (*path, *way)
                held = nxt if nxt == keep else charge.kind_targets(way[-1], nxt)
                if held != nxt:  # A15.431: turned to a target a move of the other kind reaches more cheaply
                    stack.append((went, spent + step, nxt, rounded or len(way) > 1, True))  # the move ends
                if held:
                    stack.append((went, spent + step, held, rounded or len(way) > 1, False))
    return out


def _mixed_moves(charge: Charge, start: Hex, targets: tuple[Hex, ...], ids: tuple[str, ...],
                 out: dict[Hex, act.Move]) -> None:
    """The moves of a charge whose cheapest route enters one obstacle and goes round another (A15.431): each
    lit move is of one kind, plain (entering every hex) or as bypass (ending in the first obstacle it
    enters); where the route's next step is of the other kind the move ends and the charge goes on from
    there in another move."""
    m = charge.position.map
    stack: list[tuple[tuple[Hex, ...], Cost, tuple[Hex, ...], str]] = [((start,), 0, targets, "")]
    seen = 0

    def keep(path: tuple[Hex, ...], spent: Cost, kind: str) -> None:
        old = out.get(path[-1])
        if old is None or (spent, len(path)) < (old.cost or 0, len(old.path)):
            out[path[-1]] = act.Move(ids, path, _mf(spent), "bypass" if kind == "b" else "")

    while stack and seen < _LIMIT:
        path, spent, ts, kind = stack.pop()
        seen += 1
        here = path[-1]
        if len(path) > 1 and charge.done(here, spent, ts):
            keep(path, spent, kind)
            continue
        for way, step, kept in charge.steps(here, spent, ts):
            b = way[-1]
            nxt = charge.after_step(here, way, kept)
            into = len(way) == 1 and m.terrain(b) in asl_bypass.OBSTACLES and b not in kept
            if (len(way) > 1 and kind == "n") or (into and kind == "b"):
                if into:  # a move as bypass ends in the obstacle it enters
                    keep((*path, *way), spent + step, kind)
                elif len(path) > 1:
                    keep(path, spent, kind)  # the next step is of the other kind: the move ends here
                continue
            stack.append(((*path, *way), spent + step, nxt, "b" if len(way) > 1 else ("n" if into else kind)))


def check(game: AslGame, position: Position, units: Sequence[UnitState], move: act.Move) -> act.Move:
    """A15.43-A15.432: the path is the charge: from the stack's Location along a cheapest route in MF to the
    nearest Known enemy in LOS (retargeting on the way; Bypass counted, as a move ``as bypass``), into its
    Location if the MF allow, else as far as they go; no Assault Movement nor Double Time (a Dash across a
    road is allowed, A4.63)."""
    along = asl_bypass.declared(position, move.mode)
    if move.mode not in ("", "dash") and along is None:
        raise IllegalAction(T("a berserk unit charges: no {mode}", mode=move.mode), "A15.431")
    side = units[0].side
    start = units[0].hex
    assert start is not None
    left_behind = [
        u
        for u in position.units_at(start)
        if u.side == side
        and is_berserk(u)
        and u.id not in move.units
        and u.carrier is None
        and not u.has("melee")
        and u.has("wounded") == units[0].has("wounded")
    ]
    if left_behind:
        raise IllegalAction(
            T(
                "the berserk units in one Location charge as one stack: {unit} too",
                unit=left_behind[0].id,
            ),
            "A15.43",
        )
    found = families(game, position, units)
    if not found:
        raise IllegalAction(
            T("no Known enemy in LOS that a route reaches: nothing to charge"), "A15.43"
        )
    mine = [(c, ts) for c, ts in found if c.mixed or c.bypass == (along is not None)]
    if not mine:
        if along is not None:
            raise IllegalAction(T("the cheapest route of the charge goes round no obstacle: no bypass"),
                                "A15.431")
        raise IllegalAction(
            T("the cheapest route of the charge goes round an obstacle: move as bypass (A4.3)"), "A15.431")
    charge, targets = mine[0]
    spent: Cost = 0
    ts = targets
    i = 0
    path = move.path
    turned = False  # the move ends where the charge turns to a target another kind of move reaches cheaper
    while i + 1 < len(path):
        a = path[i]
        if charge.done(a, spent, ts) and i > 0:
            raise IllegalAction(T("the charge ends at {hex}", hex=position.label(a)), "A15.432")
        nxt = [(way, step, keep) for way, step, keep in charge.steps(a, spent, ts)
               if tuple(path[i + 1:i + 1 + len(way)]) == way]
        if charge.mixed:  # one kind a move (A4.3): round every obstacle inside a bypass path, else enter
            inside = i + 2 < len(path) and position.map.terrain(path[i + 1]) in asl_bypass.OBSTACLES
            nxt = [x for x in nxt if (len(x[0]) > 1) == (along is not None and inside)]
        if not nxt:
            names = ", ".join(position.label(t) for t in ts)
            raise IllegalAction(
                T(
                    "{hex} is not on a shortest route in MF of the charge at {target}",
                    hex=position.label(path[i + 1]),
                    target=names,
                ),
                "A15.431",
            )
        way, step, keep = nxt[0]
        spent += step
        i += len(way)
        b = path[i]
        ts = keep if b in keep else charge.retarget(b, keep)
        held = charge.kind_targets(b, ts) if ts != keep else ts
        if held != ts:  # A15.431: the new target's cheapest route is of the other kind (A4.3)
            turned = i + 1 >= len(path)
            if not held and not turned:
                raise IllegalAction(T("the charge turns at {hex} to {target}, reached more cheaply by a move "
                                      "of the other kind: this move ends there", hex=position.label(b),
                                      target=", ".join(position.label(t) for t in ts)), "A15.431")
            ts = held or ts
    end = move.path[-1]
    if not charge.done(end, spent, ts) and not charge.mixed and not turned:  # it goes on in another move
        raise IllegalAction(
            T(
                "the charge goes on past {hex}: it must enter the enemy's Location if its MF allow",
                hex=position.label(end),
            ),
            "A15.43",
        )
    if along is not None:
        asl_bypass.plan(position, list(units), move.path, along)  # A4.3, A4.31: each way round allowed
    if move.mode == "dash":
        from hexmate.rules.games.asl import dash as asl_dash

        asl_dash.check(position, list(units), move.path)
    return act.Move(move.units, move.path, _mf(spent), move.mode)


def owed(game: AslGame, position: Position) -> list[UnitState]:
    """Berserk units of the phasing side that still owe their charge this MPh (A15.43)."""
    out = []
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if (
            unit.side != position.phasing
            or not is_berserk(unit)
            or unit.hex is None
            or unit.carrier is not None
            or unit.has("melee")
            or game.can_move(position, unit)
        ):
            continue
        targets = charge_of(game, position, [unit])[1]
        # in a Known enemy's Location its charge is made; with no MF for a step it can make none
        if targets and unit.hex not in targets and moves(game, position, [unit], (unit.id,)):
            out.append(unit)
    return out


def check_end(game: AslGame, position: Position) -> None:
    """A15.43: the MPh does not end while a berserk unit still owes its charge."""
    if position.phase.id != "MPh":
        return
    due = owed(game, position)
    if due:
        raise IllegalAction(T("{unit} is berserk and must charge first", unit=due[0].id), "A15.43")


def check_fire(position: Position, firers: Sequence[str]) -> None:
    """A15.432: a berserk unit charges in the MPh, so it never Prep Fires."""
    if position.phase.id == "PFPh" and any(
        u in position.units and is_berserk(position.units[u]) for u in firers
    ):
        raise IllegalAction(T("a berserk unit may not Prep Fire: it charges in the MPh"), "A15.432")


def drop_heavy(state: State, unit: UnitState) -> State:
    """A15.431: before charging, a berserk unit drops every SW of more than 1 PP and the 1-PP ones beyond its
    IPC; the dropped SW stay in its Location, unpossessed (A4.43)."""
    kept = 0
    for sw in sorted(au.possessed(state, unit.id), key=lambda u: u.id):
        pp = int(sw.values.get("pp", 0) or 0)
        if pp > 1 or kept + pp > au.portage_capacity(unit):
            state = state.with_unit(dataclasses.replace(sw, carrier=None))
        else:
            kept += pp
    return state


def start_of_mph(game: AslGame, position: Position) -> State:
    """A15.431: the berserk units drop the SW they may not charge with; A15.45 (A15.44): one whose Known
    enemies in LOS no route reaches becomes Battle Hardened instead (a better unit, or Fanatic:
    units.battle_hardening)."""
    state = position.state
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side == position.phasing and is_berserk(unit) and unit.hex is not None \
                and not unit.has("melee"):
            state = drop_heavy(state, unit)
    position = position.at(state)
    counters = position.scenario.counters
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if (
            unit.side != position.phasing
            or not is_berserk(unit)
            or unit.hex is None
            or unit.has("melee")
            or unit.carrier is not None
        ):
            continue
        if not enemies_in_los(position, unit.hex, unit.side) or charge_of(game, position, [unit])[1]:
            continue
        hardened = unit.mark(remove=(MARKER,))
        better, fanatic, _ = nations.battle_hardening(position, unit, counters)  # A15.3, A25.211, A25.72
        if better is not None:
            hardened = hardened.as_counter(counters[better])
        if fanatic:
            hardened = hardened.mark("fanatic")
        state = state.with_unit(hardened)
    return state


def end_of_mph(position: Position, state: State) -> State:
    """A15.46 (A15.431): after the charge, a berserk unit of the phasing side with no Known enemy in LOS
    returns to Good Order."""
    view = position.at(state)
    for unit in list(state.units.values()):
        if (
            unit.side == position.phasing
            and is_berserk(unit)
            and unit.hex is not None
            and unit.carrier is None
            and not enemies_in_los(view, unit.hex, unit.side)
        ):
            state = state.with_unit(unit.mark(remove=(MARKER,)))
    return state


def end_of_ccph(position: Position, state: State, fought: Iterable[Hex]) -> State:
    """A15.46: a berserk unit whose Location's Close Combat leaves no Known enemy there (and it had at least
    one) returns to Good Order."""
    by_hex: Mapping[Hex, list[UnitState]] = units_by_hex(position.at(state))
    for h in set(fought):
        here = by_hex.get(h, [])
        for unit in here:
            if is_berserk(unit) and not any(known_enemy(e, unit.side) for e in here):
                state = state.with_unit(unit.mark(remove=(MARKER,)))
    return state


def status(game: AslGame, position: Position) -> list[str]:
    """The charges still owed this MPh, with their targets, for the page (A15.43)."""
    if position.phase.id != "MPh":
        return []
    lines: list[str] = []
    for unit in owed(game, position):
        if unit.concealed:  # A15.42: never so; a page must not name a "?" (A12)
            continue
        targets = charge_of(game, position, [unit])[1]
        lines.append(T("{unit} is berserk: it must charge the nearest Known enemy at {target} (A15.43)",
                       unit=unit.id, target=" / ".join(position.label(t) for t in targets)))
    return lines


# --- A15.41: a leader who goes berserk tries to take his Location with him ---


def leader_tc(position: Position, state: State, leader: UnitState) -> State:
    """A15.41: each other friendly unit in the berserk leader's Location (not one that never takes Heat of
    Battle: a crew or hero, A15.1) takes a NTC with his leadership modifier, broken or not, hit or not."""
    if leader.hex is None:
        return state
    drm = au.leadership_of(leader)
    others = [u for u in state.units.values() if u.side == leader.side and u.hex == leader.hex
              and u.id != leader.id and u.type in ("squad", "hs", "leader") and u.carrier is None
              and not is_berserk(u)]
    def lead(u: UnitState) -> int:  # A25.221: none for a commissar, nor beside one who raises its morale
        return drm if commissar.leader_drm_allowed(state.units.values(), u) else 0

    checks = [Decision("roll", leader.side,
                       T("{unit} takes a NTC to go berserk with {leader} ({drm:+d} leadership)", unit=u.id,
                         leader=leader.id, drm=lead(u)), "A15.41", "berserk_tc", dice="DR", subject=(u.id,),
                       args=(("drm", str(lead(u))),))
              for u in sorted(others, key=lambda u: u.id)]
    return state.push(*reversed(checks)) if checks else state


def resume_tc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A15.41: passed, the unit goes berserk (rallied if broken, A15.4; losing CX, TI and its "?", A15.42);
    failed, nothing happens."""
    unit = position.units.get(decision.subject[0])
    if unit is None or not answer.dice:
        return position.state
    final = sum(answer.dice) + int(decision.arg("drm", "0"))
    if final > min(10, au.unit_morale(unit) + commissar.bonus(position.units.values(), unit)):  # A25.221
        return position.state
    gone = ("broken", "pinned", "dm", "cx", "ti")
    state = position.state.with_unit(unit.mark(MARKER, remove=gone).revealed())
    if commissar.is_commissar(unit):  # A25.223: his Location's infantry goes berserk with him
        state = commissar.spread_berserk(state, state.units[unit.id])
    return state


# --- A15.431: a unit that goes berserk in the middle of its own move charges with the MF it has left ---

CHARGING = "charging"  # berserk as its move began: its move is a charge
GO = "chargego"  # chargego<halves>: went berserk mid-move; charges on at once with 8 less the MF it had spent


def go_left(unit: UnitState) -> Fraction | None:
    for m in unit.markers:
        if m.startswith(GO) and m[len(GO):].isdigit():
            return Fraction(int(m[len(GO):]), 2)
    return None


TO = "chargeto"  # chargeto:<halves>:<b|n>:<q>,<r>;...: the charge's MF, its kind and its targets now


@dataclasses.dataclass(frozen=True)
class Stored:
    """What a charge under way goes by (A15.431): its MF as it began, whether it goes round obstacles (a
    move ``as bypass``), and its targets at the hex it has reached."""

    budget: Fraction
    bypass: bool
    targets: tuple[Hex, ...]
    mixed: bool = False  # its route enters one obstacle and goes round another: made in several moves

    def marker(self) -> str:
        hexes = ";".join(f"{h.q},{h.r}" for h in self.targets)
        kind = "b" if self.bypass else "n"
        return f"{TO}:{int(self.budget * 2)}:{kind.upper() if self.mixed else kind}:{hexes}"


def stored(unit: UnitState) -> Stored | None:
    for m in unit.markers:
        parts = m.split(":")
        if parts[0] != TO or len(parts) != 4:
            continue
        targets = tuple(Hex(int(q), int(r)) for q, r in (h.split(",") for h in parts[3].split(";") if h))
        return Stored(Fraction(int(parts[1]), 2), parts[2] in ("b", "B"), targets, parts[2].isupper())
    return None


def _store(state: State, units: Iterable[UnitState], kept: Stored) -> State:
    for unit in units:
        old = tuple(m for m in unit.markers if m.startswith(TO))
        state = state.with_unit(state.units[unit.id].mark(kept.marker(), remove=old))
    return state


def begin(game: AslGame, position: Position, state: State, movers: Sequence[str], mode: str = "") -> State:
    """As a move starts: the berserk movers are charging (a continuation's marker goes); the charge's MF,
    kind and targets are kept on them, to be gone by hex by hex (A15.431)."""
    units = [position.units[u] for u in movers if u in position.units and is_berserk(position.units[u])]
    if not units or units[0].hex is None:
        return state
    targets = charge_of(game, position, units)[1]
    budget = Fraction(game.group_budget(units, "", position.state, position=position))
    mixed = any(c.mixed for c, _ in families(game, position, units))
    kept = Stored(budget, asl_bypass.declared(position, mode) is not None, targets, mixed)
    for unit in units:
        old = tuple(m for m in unit.markers if m.startswith(GO))
        state = state.with_unit(state.units[unit.id].mark(CHARGING, remove=old))
    return _store(state, units, kept) if targets else state


def _under_way(position: Position) -> tuple[list[UnitState], Stored] | None:
    moving = position.state.moving
    if moving is None:
        return None
    units = [position.units[u] for u in moving.units if u in position.units]
    units = [u for u in units if u.type != au.SW]
    kept = stored(units[0]) if units and units[0].has(CHARGING) else None
    return (units, kept) if kept is not None else None


def _rounding(position: Position, kept: Stored, h: Hex) -> bool:
    """Is the charge going round the obstacle of h (inside a move as bypass), not in it?"""
    return kept.bypass and h not in kept.targets and position.map.terrain(h) in asl_bypass.OBSTACLES


def entered(game: AslGame, position: Position, state: State) -> State:
    """A15.431, hex by hex: the charge's targets at the hex it has just entered, on the facts known now (a
    Known enemy closer than the target come into LOS, at the hex it left, after the fire there, or here)."""
    view = position.at(state)
    got = _under_way(view)
    moving = state.moving
    if got is None or moving is None or moving.at == 0:
        return state
    units, kept = got
    charge = Charge(game, view, units, kept.bypass, kept.mixed)
    targets = kept.targets
    for i in (moving.at - 1, moving.at):
        h = moving.path[i]
        if h in targets or h in charge.enemy:
            continue
        if not _rounding(view, kept, h):
            targets = charge.retarget(h, targets)
        elif 0 < i < len(moving.path) - 1:  # A4.34: half way round it, from its vertices
            targets = charge.retarget_round(moving.path[i - 1], h, moving.path[i + 1], targets)
    here, came = moving.path[moving.at], moving.path[moving.at - 1]
    mixed = kept.mixed or (
        not _rounding(view, kept, here) and (targets != kept.targets or _rounding(view, kept, came))
        and charge.kind_targets(here, targets) != targets)  # A15.431: the charge goes on by another kind
    return _store(state, units, dataclasses.replace(kept, targets=targets, mixed=mixed))


def off_course(game: AslGame, position: Position) -> bool:
    """A15.431: the charge goes on from where it stands with the facts known now: if what happened here
    (a "?" lost to its own fire, an enemy now Known and closer, in LOS) makes the declared next hex no step
    of it, the move stops here and the charge goes on from this hex (``after_move``)."""
    got = _under_way(position)
    moving = position.state.moving
    if got is None or moving is None or moving.at + 1 >= len(moving.path):
        return False
    units, kept = got
    here = moving.here
    if _rounding(position, kept, here):
        return False  # half way round an obstacle: on to the hex it leaves it by
    charge = Charge(game, position, units, kept.bypass, kept.mixed)
    if here in kept.targets or here in charge.enemy:
        return False
    targets = charge.retarget(here, kept.targets)
    if charge.kind_targets(here, targets) != targets:
        charge = charge.every()  # A15.431: a target a move of the other kind reaches more cheaply
    rest = tuple(moving.path[moving.at + 1:])
    return not any(rest[:len(way)] == way and _of_kind(position, kept, way, moving.path[-1], targets)
                   for way, _, _ in charge.steps(here, 0, targets, mf=False))


def _of_kind(position: Position, kept: Stored, way: tuple[Hex, ...], last: Hex,
             targets: tuple[Hex, ...]) -> bool:
    """Is this step of the move's own kind (A4.3)? Round an obstacle only in a move as bypass, which enters
    no obstacle but a target or the one it ends in."""
    if len(way) > 1:
        return kept.bypass
    b = way[0]
    return not kept.bypass or b == last or b in targets or position.map.terrain(b) not in asl_bypass.OBSTACLES


def turned(units: Iterable[UnitState]) -> bool:
    """A mover went berserk during this move (Heat of Battle from First Fire at it): its move stops there."""
    return any(is_berserk(u) and not u.has(CHARGING) for u in units)


def after_move(game: AslGame, position: Position, state: State, movers: Sequence[str], spent: Cost) -> State:
    """A15.431: a mover that went berserk during its move charges at once with 8 MF less those it had spent
    (a wounded SMC 3 less them, A17.2); a charge stopped on its way with MF left (``off_course``) goes on
    from there, with those it has left."""
    state = _stopped_charge(game, position, state)
    for uid in movers:
        unit = state.units.get(uid)
        if unit is None or not is_berserk(unit) or unit.has(CHARGING):
            continue
        left = max(Fraction(0), Fraction(game.mf(unit)) - Fraction(spent))
        tag = GO + str(int(left * 2))  # in half MF
        state = state.with_unit(unit.mark(tag))
    return state


def _stopped_charge(game: AslGame, position: Position, state: State) -> State:
    moving = position.state.moving
    got = _under_way(position)
    if got is None or moving is None:
        return state
    split = moving.finished and not moving.stopped and got[1].mixed  # A15.431: one move of a mixed route
    if not split and (moving.finished or not moving.stopped):
        return state
    view = position.at(state)
    units = [view.units[u.id] for u in got[0] if u.id in view.units]
    units = [u for u in units if is_berserk(u) and not u.has("broken") and not u.has("pinned")]
    if not units or units[0].hex is None:
        return state
    kept = stored(units[0])
    assert kept is not None
    charge = Charge(game, view, units, kept.bypass, kept.mixed)
    here = units[0].hex
    if here in charge.enemy:
        return state  # in a Known enemy's Location: its charge is made (A15.432)
    left = kept.budget - Fraction(charge.path_cost(moving.path[: moving.at + 1]))
    targets = kept.targets if here in kept.targets else charge.retarget(here, kept.targets)
    if not any(step <= left for _, step, _ in charge.every().steps(here, 0, targets, mf=False)):
        return state  # no MF for its next step: the charge ends here (A15.432)
    state = _store(state, units, dataclasses.replace(kept, budget=left, targets=targets))
    tag = GO + str(int(left * 2))  # in half MF, as a unit gone berserk mid-move has them
    for unit in units:
        state = state.with_unit(state.units[unit.id].mark(tag))
    return state


def pending(position: Position, side: str) -> list[UnitState]:
    return [u for u in position.units.values() if u.side == side and go_left(u) is not None]


def check_pending(position: Position, units: Sequence[UnitState]) -> None:
    """A4.2 with A15.431: the unit that went berserk mid-move charges on before another unit moves."""
    ids = {u.id for u in units}
    for unit in pending(position, position.phasing):
        if unit.id not in ids:
            raise IllegalAction(
                T("{unit} went berserk during its move and charges on first", unit=unit.id), "A15.431")


def end_of_mph_markers(state: State) -> State:
    for unit in list(state.units.values()):
        old = tuple(m for m in unit.markers if m == CHARGING or m.startswith((GO, TO)))
        if old:
            state = state.with_unit(unit.mark(remove=old))
    return state


def spent_so_far(game: AslGame, position: Position, moving: object) -> Cost:
    """The MF a stopped move had spent up to the Location it stopped in (its steps' costs, A4.13)."""
    path = getattr(moving, "path", ())
    at = getattr(moving, "at", 0)
    units = [position.units[u] for u in getattr(moving, "units", ()) if u in position.units]
    units = [u for u in units if u.type != au.SW]
    if not units or at <= 0:
        return 0
    cost = game.cost_fn(position, units)
    total: Cost = 0
    for a, b in itertools.pairwise(path[: at + 1]):
        step = cost(position.map, a, b)
        total += step if step is not None else 0
    return total


# --- A15.46: Good Order again once its own Location is cleared by its AFPh TPBF ---

FACING = "berserk_facing"  # berserk with a Known enemy in its Location as the AFPh starts (A15.46)


def start_of_afph(position: Position) -> State:
    state = position.state
    for unit in list(state.units.values()):
        if unit.side == position.phasing and is_berserk(unit) and unit.hex is not None and any(
                known_enemy(e, unit.side) for e in position.units_at(unit.hex)):
            state = state.with_unit(unit.mark(FACING))
    return state


def end_of_afph(position: Position, state: State) -> State:
    """A15.46: a berserk unit that fired in the AFPh (TPBF, A15.432) and left no Known enemy in its
    Location, where there was one, is Good Order again."""
    for unit in list(state.units.values()):
        if not unit.has(FACING):
            continue
        cleared = unit.has("advancing_fire") and unit.hex is not None and not any(
            known_enemy(e, unit.side) for e in state.units.values() if e.hex == unit.hex)
        state = state.with_unit(unit.mark(remove=(FACING, MARKER) if cleared else (FACING,)))
    return state
