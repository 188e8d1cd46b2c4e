"""ASL berserk charge (A15.43-A15.46): what a berserk unit must do in its own MPh, computed and lit.

What is here, paraphrasing the text:

- A15.43: at the start of its MPh each berserk unit not in Melee must charge the nearest (counted in hexes,
  not MF) Known enemy unit in its LOS and enter that unit's Location in this MPh if its MF allow; enemies
  tied for nearest are the phasing player's pick (here: the path he lifts and places names it). Berserk
  units of one side in one Location move as one stack (A15.43; a wounded SMC, with its 3 MF, apart).
- A15.431: 8 MF that nothing increases (no leader bonus, no Double Time: ``game.group_budget``,
  ``check``); the route is the shortest in MF to the target (Bypass may be part of it; wire would count
  1 MF, but no wire exists in chapter A's terrain here); a Known enemy closer (in hexes) than the target that
  comes into LOS on the way becomes the target from there; with no Known enemy in LOS any more the charge
  goes on to the old target's hex (``_targets``). No Assault Movement, no advance in the APh (``check``,
  ``check_advance``); a Dash across a road is allowed (dash.py checks it).
- A15.432: the charge enters the enemy's Location (an exception to A4.14); a lone Known SMC there is overrun
  at once with no NTC, no extra MF and no withdrawal (ovr.py, game.begin_move); no Prep Fire (``check_fire``);
  Lax in CC (cc.py); no prisoners (capture.py).
- A15.44/A15.45: a berserk unit with Known enemies in LOS none of which it can reach (unbridged water, cliffs
  and fire are terrain no infantry move crosses here) gets Battle Hardening instead (``start_of_mph``).
- A15.46: after its charge, a berserk unit with no Known enemy in LOS returns to Good Order at the MPh's end;
  so does one whose Location's CC leaves no enemy there (``end_of_ccph``).
- The phase cannot end while a berserk stack still owes its charge (``check_end``).

Not here (said in the report): a unit going berserk in the middle of its own move (8 MF less those spent,
A15.431); SW over the IPC dropped at the MPh's start (A15.431) is left to the players; AFPh TPBF by a berserk
unit is the fire module's ordinary TPBF.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
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


def _to_target(position: Position, cost: asl_terrain.CostFn, target: Hex, enemy: set[Hex]) -> dict[Hex, Cost]:
    """MF from every hex to ``target`` along the cheapest route (Dijkstra run backwards from the target; no
    route runs on through another enemy Location)."""
    m = position.map
    best: dict[Hex, Cost] = {target: 0}
    heap: list[tuple[Cost, int, Hex]] = [(0, 0, target)]
    n = 0
    while heap:
        d, _, b = heapq.heappop(heap)
        if d > best.get(b, d):
            continue
        if b != target and b in enemy:
            continue
        for a in m.neighbors(b):
            step = cost(m, a, b)
            if step is None:
                continue
            nd = d + step
            if a not in best or nd < best[a]:
                best[a] = nd
                n += 1
                heapq.heappush(heap, (nd, n, a))
    return best


class Charge:
    """The charge of one berserk group: its targets at each hex and the MF routes to them (A15.43-A15.431)."""

    def __init__(self, game: AslGame, position: Position, units: Sequence[UnitState]) -> None:
        self.position = position
        self.side = units[0].side
        self.enemy = {
            u.hex for u in position.units.values() if known_enemy(u, self.side) and u.hex is not None
        }
        self.cost = _cost_fn(game, position, units, self.enemy)
        self.budget: Cost = game.group_budget(list(units), "", position.state)
        self._routes: dict[Hex, dict[Hex, Cost]] = {}
        self._seen: dict[Hex, dict[Hex, int]] = {}

    def seen(self, here: Hex) -> dict[Hex, int]:
        """The Known enemies in LOS from ``here``, worked out once per hex for the whole search."""
        if here not in self._seen:
            self._seen[here] = enemies_in_los(self.position, here, self.side)
        return self._seen[here]

    def route(self, target: Hex) -> dict[Hex, Cost]:
        if target not in self._routes:
            self._routes[target] = _to_target(self.position, self.cost, target, self.enemy)
        return self._routes[target]

    def start_targets(self, here: Hex) -> tuple[Hex, ...]:
        """A15.43, A15.45: the nearest Known enemies in LOS (in hexes) that a route reaches; if the nearest
        cannot be reached, the next nearest (unless... the text's exception is a matter of the MF route, which
        ``route`` already measures)."""
        seen = self.seen(here)
        reachable = {h: r for h, r in seen.items() if here in self.route(h)}
        if not reachable:
            return ()
        near = min(reachable.values())
        return tuple(sorted((h for h, r in reachable.items() if r == near), key=lambda h: (h.q, h.r)))

    def retarget(self, here: Hex, targets: tuple[Hex, ...]) -> tuple[Hex, ...]:
        """A15.431: a Known enemy closer (in hexes) than the target, now in LOS, becomes the target; with
        none in LOS the charge keeps to the old target's hex."""
        now = min(distance(here, t) for t in targets)
        seen = {
            h: r
            for h, r in self.seen(here).items()
            if r < now and here in self.route(h)
        }
        if not seen:
            return targets
        near = min(seen.values())
        return tuple(sorted((h for h, r in seen.items() if r == near), key=lambda h: (h.q, h.r)))

    def steps(
        self, here: Hex, spent: Cost, targets: tuple[Hex, ...]
    ) -> list[tuple[Hex, Cost, tuple[Hex, ...]]]:
        """Each next hex on a cheapest route to one of the targets that the MF left pay for, with its cost and
        the targets it keeps (A15.431)."""
        out: dict[Hex, tuple[Cost, list[Hex]]] = {}
        m = self.position.map
        for t in targets:
            route = self.route(t)
            if here == t or here not in route:
                continue
            for b in m.neighbors(here):
                step = self.cost(m, here, b)
                if step is None or b not in route or route[here] != step + route[b]:
                    continue
                if spent + step > self.budget:
                    continue
                out.setdefault(b, (step, []))[1].append(t)
        return [
            (b, step, tuple(ts)) for b, (step, ts) in sorted(out.items(), key=lambda kv: (kv[0].q, kv[0].r))
        ]

    def done(self, here: Hex, spent: Cost, targets: tuple[Hex, ...]) -> bool:
        """The charge may end here: in a target's Location, or with no MF for the next step (A15.432)."""
        return here in targets or here in self.enemy or not self.steps(here, spent, targets)


def charge_of(
    game: AslGame, position: Position, units: Sequence[UnitState]
) -> tuple[Charge, tuple[Hex, ...]]:
    start = units[0].hex
    assert start is not None
    charge = Charge(game, position, units)
    return charge, charge.start_targets(start)


def moves(
    game: AslGame, position: Position, units: Sequence[UnitState], ids: tuple[str, ...]
) -> dict[Hex, act.Move]:
    """The ends of the charge (A15.43-A15.431), one lit move each: every cheapest route the text allows,
    the tied targets and routes being the phasing player's choice."""
    charge, targets = charge_of(game, position, units)
    start = units[0].hex
    assert start is not None
    out: dict[Hex, act.Move] = {}
    if not targets:
        return out
    stack: list[tuple[tuple[Hex, ...], Cost, tuple[Hex, ...]]] = [((start,), 0, targets)]
    seen = 0
    while stack and seen < _LIMIT:
        path, spent, ts = stack.pop()
        seen += 1
        here = path[-1]
        if len(path) > 1 and charge.done(here, spent, ts):
            old = out.get(here)
            if old is None or len(path) < len(old.path):
                out[here] = act.Move(ids, path, int(spent) if Fraction(spent).denominator == 1 else spent)
            continue
        for b, step, keep in charge.steps(here, spent, ts):
            nxt = charge.retarget(b, keep) if b not in keep else keep
            stack.append(((*path, b), spent + step, nxt))
    return out


def check(game: AslGame, position: Position, units: Sequence[UnitState], move: act.Move) -> act.Move:
    """A15.43-A15.432: the path is the charge: from the stack's Location along a cheapest route in MF to the
    nearest Known enemy in LOS (retargeting on the way), into its Location if the MF allow, else as far as
    they go; no Assault Movement nor Double Time (a Dash across a road is allowed, A4.63)."""
    if move.mode not in ("", "dash"):
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
    charge, targets = charge_of(game, position, units)
    if not targets:
        raise IllegalAction(
            T("no Known enemy in LOS that a route reaches: nothing to charge"), "A15.43"
        )
    spent: Cost = 0
    ts = targets
    for i, (a, b) in enumerate(zip(move.path, move.path[1:], strict=False)):
        if charge.done(a, spent, ts) and i > 0:
            raise IllegalAction(T("the charge ends at {hex}", hex=position.label(a)), "A15.432")
        nxt = {h: (step, keep) for h, step, keep in charge.steps(a, spent, ts)}
        if b not in nxt:
            names = ", ".join(position.label(t) for t in ts)
            raise IllegalAction(
                T(
                    "{hex} is not on a shortest route in MF of the charge at {target}",
                    hex=position.label(b),
                    target=names,
                ),
                "A15.431",
            )
        step, keep = nxt[b]
        spent += step
        ts = keep if b in keep else charge.retarget(b, keep)
    end = move.path[-1]
    if not charge.done(end, spent, ts):
        raise IllegalAction(
            T(
                "the charge goes on past {hex}: it must enter the enemy's Location if its MF allow",
                hex=position.label(end),
            ),
            "A15.43",
        )
    if move.mode == "dash":
        from hexmate.rules.games.asl import dash as asl_dash

        asl_dash.check(position, list(units), move.path)
    return act.Move(
        move.units, move.path, int(spent) if Fraction(spent).denominator == 1 else spent, move.mode
    )


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


def begin(state: State, movers: Iterable[str]) -> State:
    """As a move starts: the berserk movers are charging (a continuation's marker goes)."""
    for uid in movers:
        unit = state.units.get(uid)
        if unit is not None and is_berserk(unit):
            old = tuple(m for m in unit.markers if m.startswith(GO))
            state = state.with_unit(unit.mark(CHARGING, remove=old))
    return state


def turned(units: Iterable[UnitState]) -> bool:
    """A mover went berserk during this move (Heat of Battle from First Fire at it): its move stops there."""
    return any(is_berserk(u) and not u.has(CHARGING) for u in units)


def after_move(game: AslGame, position: Position, state: State, movers: Sequence[str], spent: Cost) -> State:
    """A15.431: a mover that went berserk during its move charges at once with 8 MF less those it had spent
    (a wounded SMC 3 less them, A17.2)."""
    for uid in movers:
        unit = state.units.get(uid)
        if unit is None or not is_berserk(unit) or unit.has(CHARGING):
            continue
        left = max(Fraction(0), Fraction(game.mf(unit)) - Fraction(spent))
        tag = GO + str(int(left * 2))  # in half MF
        state = state.with_unit(unit.mark(tag))
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
        old = tuple(m for m in unit.markers if m == CHARGING or m.startswith(GO))
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
