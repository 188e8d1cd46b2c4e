"""ASL a Recalled AFV's forced exit (D5.341).

D5.341: once its STUN counter has turned into "Recall; +1" (the end of the Player Turn of the Recall,
vcrewhit.py), the AFV must leave the map by its friendly board edge, moving by the shortest route in MP and
staying in Motion; it may not attempt ESB. Which edge is friendly is the scenario's ``options.friendly_edge``
(pwexit.py, A20.53's definition, used here as D5.341 says "friendly board edge").

At the table (``check``, called for a Recalled AFV's move in its MPh):

- the route: forward only (a switch to reverse costs a stop, D2.23, and the AFV stays in Motion), by the
  chart pack's vehicle costs (armour.step_mp) and 1 MP a hexspine (D2.11); leaving the map from an edge hex
  costs entering its mirror image (A2.6) and needs an off-map hex in its VCA (D2.11);
- the move must lie on a cheapest route to off the map: its cost plus the least MP still needed from where it
  ends equals the least MP to leave from where it began;
- ``move ... as exit`` ending on a friendly-edge hex takes it off the map (no Exit VP, as
  pwexit.by_friendly_edge);
- a move that does not leave must spend all the MP it can on that route (D2.4: it ends in Motion only when
  it cannot pay for the next hex); it then ends in Motion without the facing question (``end_move``);
- its total may not go beyond its MP allowance (no ESB).

Passengers and riders (D5.341: it may stop, or stay stopped, to unload them, and must unload them as soon as
it can): a stopped Recalled AFV carrying them unloads them before it moves (its move is refused until then;
``unload`` as any vehicle, D6.5). One in Motion at the start of its MPh, before it moves, may ``unload``
too: it stops in its hex for 1 MP (D2.13, ``stop_to_unload``) and then unloads as D6.5 says (its quarter of
the MP allowance); while it can so unload, its move is refused and the MPh does not end (as soon as
possible). Once they are off it is a stopped Recalled AFV with nobody aboard: it starts (1 MP, D2.12) and
leaves by the route above with the MP it has left. When it cannot unload (D6.5: its passengers fired or
joined an OVR this phase, or too few MP), they leave the map with it. The MPh does not end while a Recalled
AFV that could move off has not moved (``check_end``). Without ``options.friendly_edge`` the scenario names
no edge to route to and the move is not constrained.
"""

from __future__ import annotations

import heapq
import itertools
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, pwexit
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.vcrewhit import RECALLED
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, distance
from hexmate.rules.text import T

INF = Fraction(10**9)


def forced(unit: UnitState) -> bool:
    """D5.341: a "Recall; +1" AFV (no longer stunned) still with its crew must leave the map."""
    return (armour.is_vehicle(unit) and unit.has(RECALLED) and not unit.has("stunned")
            and not unit.has("abandoned") and not unit.has("wreck"))


def exit_mp(position: Position, unit: UnitState, h: Hex, f: int) -> Fraction | None:
    """A2.6, D2.11: MP to leave the map forward from edge hex ``h`` at VCA ``f`` (its mirror image's cost);
    A2.6's example (2Y1): a road running off the edge through a hexside of its VCA goes on in the mirror
    image, at road rate (D2.16: 1/2 MP, 1 MP for a BU AFV)."""
    off = [n for n in fc.front_hexes(h, f) if n not in position.map.hexes]
    if not off:
        return None
    if any(direction_between(h, n) in position.map.road_exits(h) for n in off):
        return vm.road_mp(buttoned=armour.vtype(unit).armored and not unit.has("ce"))
    cost = armour.vehicle_cost(position.map.terrain(h))
    if cost == "half":
        return Fraction(vm.obstacle_mp(armour.vtype(unit).mp))
    if isinstance(cost, int):
        return Fraction(cost)
    return None


def _turn(position: Position, unit: UnitState, n: int, h: Hex) -> int:
    return int(vm.turn_mp(n, obstacle=armour._obstacle(position, h)))


Table = dict[tuple[Hex, int], Fraction]


def table(position: Position, unit: UnitState) -> Table:
    """The fewest MP from each (hex, VCA), in Motion, to off the map by the friendly edge, forward (D5.341):
    a Dijkstra from the edge backward over D2.11's turns and the chart pack's entry costs."""
    edge = pwexit.edge(position, unit.side)
    vt = armour.vtype(unit)
    tie = itertools.count()
    heap: list[tuple[Fraction, int, Hex, int]] = []
    for h in edge:
        for g in range(6):
            leave = exit_mp(position, unit, h, g)
            if leave is not None:
                heap.append((leave, next(tie), h, g))
    heapq.heapify(heap)
    dist: Table = {}
    while heap:
        c, _, n, g = heapq.heappop(heap)
        if (n, g) in dist:
            continue
        dist[(n, g)] = c
        for g2 in ((g + 1) % 6, (g - 1) % 6):  # turned from g2 to g in n
            if (n, g2) not in dist:
                heapq.heappush(heap, (c + _turn(position, unit, 1, n), next(tie), n, g2))
        for h in position.map.neighbors(n):  # entered n from h at VCA g
            if (h, g) in dist or n not in fc.front_hexes(h, g):
                continue
            step = armour.step_mp(position, unit, vt, h, n)
            if step is not None and not armour.all_mp(position, unit, h, n):
                heapq.heappush(heap, (c + step, next(tie), h, g))
    return dist


def to_edge(position: Position, unit: UnitState, h: Hex, f: int, *, started: bool,
            dist: Table | None = None) -> Fraction:
    """The fewest MP from hex ``h`` at VCA ``f`` to off the map by the friendly edge (D5.341); a stopped
    AFV pays its start first (D2.12)."""
    dist = table(position, unit) if dist is None else dist
    if (h, f) not in dist:
        return INF
    return dist[(h, f)] + (0 if started else vm.START_MP)


def forward_mp(position: Position, unit: UnitState, path: tuple[Hex, ...]) -> dict[int, Fraction]:
    """The fewest MP for ``path`` forward, by the VCA it ends with (D2.11, D2.12)."""
    vt = armour.vtype(unit)
    f0 = armour.facing_of(unit)
    best = {f0: Fraction(0) if unit.has("motion") else Fraction(vm.START_MP)}
    for a, b in itertools.pairwise(path):
        if distance(a, b) != 1:
            raise IllegalAction(T("{a} and {b} are not adjacent", a=position.label(a), b=position.label(b)),
                                "D2.1")
        step = armour.step_mp(position, unit, vt, a, b)
        if step is None:
            raise IllegalAction(T("{unit} may not enter {hex}", unit=unit.id, hex=position.label(b)), "D2.1")
        nxt: dict[int, Fraction] = {}
        for g in range(6):
            if b in fc.front_hexes(a, g):
                nxt[g] = min(c + _turn(position, unit, fc.turns(f, g), a) for f, c in best.items()) + step
        best = nxt
    return best


def check(position: Position, move: act.Move, dist: Table | None = None) -> act.Move:
    """D5.341: the Recalled AFV's move: on a cheapest route off its friendly edge, in Motion, no ESB."""
    unit = position.units[move.units[0]]
    edge = pwexit.edge(position, unit.side)
    if not edge:
        return armour.check_move(position, move)  # the scenario names no friendly edge (module docstring)
    if armour.can_move(position, unit) is not None:
        return armour.check_move(position, move)
    aboard = [u for u in position.units.values() if u.carrier == unit.id and u.type != "sw"]
    if aboard and not unit.has("motion"):  # D5.341: stopped, it unloads them first, as soon as it can
        why = T("{unit} is Recalled: it unloads its passengers and riders first (unload {unit}), then leaves "
                "(D5.341)", unit=unit.id)
        raise IllegalAction(why, "D5.341")
    if aboard and _can_stop_to_unload(position, unit):  # D5.341: in Motion, it stops to unload them first
        raise IllegalAction(_stop_first(unit), "D5.341")
    if move.mode not in ("", "exit"):
        raise IllegalAction(T("{unit} is Recalled: it moves forward in Motion by the shortest route to its "
                              "friendly board edge (D5.341)", unit=unit.id), "D5.341")
    if len(move.path) < 2 or move.path[0] != unit.hex:
        raise IllegalAction(T("the path must start at the vehicle's hex {hex}", hex=position.label(unit.hex)),
                            "D2.1")
    assert unit.hex is not None
    dist = table(position, unit) if dist is None else dist
    whole = to_edge(position, unit, unit.hex, armour.facing_of(unit), started=unit.has("motion"), dist=dist)
    mp = armour.budget(unit) - armour.spent_of(unit)
    last = move.path[-1]
    ends = forward_mp(position, unit, move.path)
    if move.mode == "exit":
        leave = [c + x for g, c in ends.items() if last in edge
                 and (x := exit_mp(position, unit, last, g)) is not None]
        if not leave:
            why = T("{hex} is not a hex of {side}'s friendly board edge that {unit} can leave by (D5.341)",
                    hex=position.label(last), side=unit.side, unit=unit.id)
            raise IllegalAction(why, "D5.341")
        cost = min(leave)
        if cost != whole:
            raise IllegalAction(_shortest(unit, whole), "D5.341")
        if cost > mp:
            raise IllegalAction(T("leaving costs {cost} MP, {unit} has {mp} MP; it may not attempt ESB "
                                  "(D5.341)", cost=cost, unit=unit.id, mp=mp), "D5.341")
        return act.Move(move.units, move.path, cost, "exit")
    options = [(c, c + to_edge(position, unit, last, g, started=True, dist=dist)) for g, c in ends.items()]
    on_route = [c for c, total in options if total == whole]
    if not on_route:
        raise IllegalAction(_shortest(unit, whole), "D5.341")
    cost = min(on_route)
    if cost > mp:
        raise IllegalAction(T("the path costs {cost} MP, {unit} has {mp} MP; it may not attempt ESB (D5.341)",
                              cost=cost, unit=unit.id, mp=mp), "D5.341")
    if whole <= mp:
        raise IllegalAction(T("{unit} can leave the map this MPh ({whole} MP): it must, by its friendly "
                              "board edge (move ... as exit, D5.341)", unit=unit.id, whole=whole), "D5.341")
    nxt = min((c2 for g, c in ends.items() if c == cost
               for c2 in [_next_step(position, unit, last, g, whole - cost, dist)]), default=INF)
    if nxt <= mp - cost:
        raise IllegalAction(T("{unit} must go on toward its friendly board edge: it has {left} MP left and "
                              "stays in Motion (D5.341, D2.4)", unit=unit.id, left=mp - cost), "D5.341")
    return act.Move(move.units, move.path, cost, "")


def _next_step(position: Position, unit: UnitState, h: Hex, f: int, rest: Fraction, dist: Table) -> Fraction:
    """The MP of the next hex (with its turns) on a cheapest route from ``h`` at VCA ``f``."""
    vt = armour.vtype(unit)
    best = INF
    for g in range(6):
        turns = _turn(position, unit, fc.turns(f, g), h)
        for n in fc.front_hexes(h, g):
            step = armour.step_mp(position, unit, vt, h, n)
            if step is None or armour.all_mp(position, unit, h, n):
                continue
            if turns + step + to_edge(position, unit, n, g, started=True, dist=dist) == rest:
                best = min(best, turns + step)
    return best


def _shortest(unit: UnitState, whole: Fraction) -> T:
    return T("{unit} is Recalled: it must take a shortest route to its friendly board edge ({whole} MP to "
             "leave the map, D5.341)", unit=unit.id, whole=whole)


def moves(position: Position, unit: UnitState) -> dict[Hex, act.Move]:
    """What the page offers a Recalled AFV: the reachable hexes on a cheapest route off its friendly edge,
    and the edge hexes it can leave by this MPh (``as exit``), D5.341."""
    out: dict[Hex, act.Move] = {}
    dist = table(position, unit)
    for h, move in armour.moves_for(position, unit).items():
        for mode in ("exit", ""):
            try:
                out[h] = check(position, act.Move(move.units, move.path, None, mode), dist)
                break
            except IllegalAction:
                continue
    return out


def _stop_first(unit: UnitState) -> T:
    return T("{unit} is Recalled with passengers or riders aboard: it stops to unload them first (unload "
             "{unit}: 1 MP to stop, then the unloading), then leaves (D5.341, D2.13)", unit=unit.id)


def stops_to_unload(position: Position, unload: act.Unload) -> bool:
    """D5.341: is this the unloading of a Recalled AFV in Motion (it stops first)?"""
    unit = position.units.get(unload.carrier)
    return unit is not None and forced(unit) and unit.has("motion") and unit.hex is not None


def _stopped(position: Position, unit: UnitState) -> Position:
    """D2.13: the AFV stopped in its hex for 1 MP, no longer in Motion."""
    stopped = armour.with_spent(unit, armour.spent_of(unit) + vm.STOP_MP).mark(remove=("motion",))
    return position.at(position.state.with_unit(stopped))


def check_unload(position: Position, unload: act.Unload) -> act.Unload:
    """D5.341: a Recalled AFV in Motion stops in its hex (1 MP, D2.13) to unload, at the start of its MPh
    before it moves (as soon as possible), then unloads as D6.5 says."""
    from hexmate.rules.games.asl import transport

    unit = position.units[unload.carrier]
    if unit.side != position.phasing or position.phase.id != "MPh" or unit.id in position.state.moved:
        raise IllegalAction(T("{unit} in Motion stops to unload only in its own MPh, before it moves "
                              "(D5.341)", unit=unit.id), "D5.341")
    if armour.spent_of(unit) + vm.STOP_MP > armour.budget(unit):
        raise IllegalAction(T("{unit} has no MP left to stop (D2.13)", unit=unit.id), "D2.13")
    transport.check_unload(_stopped(position, unit), unload)  # D6.5, once stopped
    return unload


def _can_stop_to_unload(position: Position, unit: UnitState) -> bool:
    try:
        check_unload(position, act.Unload(unit.id))
    except IllegalAction:
        return False
    return True


def stop_to_unload(position: Position, unload: act.Unload) -> Position:
    """D5.341, D2.13: before a Recalled AFV in Motion unloads, it stops (the position to unload from);
    any other unloading's position is returned as it is."""
    if not stops_to_unload(position, unload):
        return position
    return _stopped(position, position.units[unload.carrier])


def unload_offers(position: Position) -> list[act.Unload]:
    """What the page offers: the stop and unloading of each Recalled AFV in Motion that may (D5.341)."""
    out: list[act.Unload] = []
    if position.phase.id != "MPh":
        return out
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side == position.phasing and forced(unit) and unit.has("motion") \
                and _can_stop_to_unload(position, unit):
            out.append(act.Unload(unit.id))
    return out


def check_end(position: Position) -> None:
    """D5.341: the MPh does not end while a Recalled AFV of the phasing side that could move on its way off
    the friendly edge has not moved this phase."""
    if position.phase.id != "MPh":
        return
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or not forced(unit) or unit.hex is None \
                or unit.id in position.state.moved:
            continue
        if unit.has("motion") and _can_stop_to_unload(position, unit):  # D5.341: as soon as possible
            raise IllegalAction(_stop_first(unit), "D5.341")
        if not pwexit.edge(position, unit.side) or unit.has("immobilized") or unit.has("bogged"):
            continue
        if moves(position, unit):
            raise IllegalAction(T("{vehicle} is Recalled: it must move off by the friendly board edge before "
                                  "the MPh ends", vehicle=unit.id), "D5.341")


def end_move(position: Position, state: State, uid: str) -> State:
    """D5.341: a Recalled AFV that has not left ends its move in Motion, with no facing question; one that
    moved ``as exit`` is off the map (no Exit VP, pwexit.by_friendly_edge)."""
    unit = state.units.get(uid)
    if unit is None or not pwexit.edge(position, unit.side):
        return state  # the scenario names no friendly edge: the move is not constrained (module docstring)
    if state.decision is not None and state.decision.then == "vfacing" and state.decision.subject == (uid,):
        state = state.replace(decisions=state.decisions[:-1])
    return state.with_unit(armour.with_spent(unit, armour.budget(unit)).mark("motion", remove=("exiting",)))


__all__ = ["Table", "check", "check_end", "check_unload", "end_move", "exit_mp", "forced", "forward_mp",
           "moves", "stop_to_unload", "stops_to_unload", "table", "to_edge", "unload_offers"]
