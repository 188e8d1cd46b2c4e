"""ASL Human Wave (A25.23-A25.234): declared in the MPh, moved in impulses, ended as the text says.

What is here, paraphrasing the text:

- A25.23: only a nationality whose A25 data says so (``human_wave`` in nationalities.json: Russian; Chinese,
  G18.5; Ethiopian, A25.933) declares a Human Wave in its own MPh (``activate UNITS for human-wave``): MMC
  from a chain of at least three contiguous hexes, at least one MMC in each and on average two or more per
  hex, with at least one leader among them; every unit Good Order, free to move (not pinned, TI, in Melee or
  a prisoner), not yet moved this MPh, no guard, no vehicle rider or passenger, not beside or in the hex of an
  enemy unit; at least one of them sees a Known enemy within 8 hexes (the target).
- A25.231: the phasing player picks the hexrow or hexspine row through the target nearest to the HW units
  (a ``confirm`` decision listing each as its hexes, rear to front); A25.2311: forward (and, along a hexspine,
  side) hexes follow from it.
- A25.23: HW units lose concealment, are exempt from Heat of Battle, PAATC and pin results (morale.py),
  have morale +1 this Player Turn unless broken (units.morale_of: the ``hw_turn`` marker) and are Lax
  (cc.py's ambush dr).
- A25.232: each HW unit has 8 MF, never more, and moves in impulses: one Location each per impulse, into a
  forward Location or a side Location holding an enemy; the impulse costs every HW unit the most any of them
  paid in it; no Assault Movement, Dash, Double Time (``check_move``). A unit that has none of those moves
  spends the impulse where it is.
- A25.2321: a unit that moves farther from the HW row gets a Range marker (``hw_range``) and may not do so
  again until it has come back closer; A25.2322: never into the Location it held at the start of the previous
  impulse nor one adjacent to it.
- A25.233: with a Known armed enemy in a forward Location it may enter and no armed friendly unit there yet
  this impulse, it must go there; entering an enemy Location is allowed (A4.14's exception) and a lone SMC
  there is overrun with no NTC at the ordinary MF, and may not withdraw (ovr.py).
- A25.234: a unit stops being a HW unit when eliminated, broken, out of MF at an impulse's end, or starting an
  impulse in a Location with a Known armed enemy, or a guard; the wave ends with no HW unit left or none able
  to enter a new Location. The MPh does not end while a wave goes on (``check_end``).
- D14.32 (A25.232: HW units use impulse movement, D14.3): First Fire at the wave is declared only at each
  impulse's end, the HW units being one stack in several Locations: no window opens as a HW stack enters
  its Location unless its move ends the impulse (``closing``); in that window every HW unit is a target,
  with FFNAM and FFMO as usual (fire.moving_targets: ``first_fire_targets``), each firer having as many
  shots as the impulse's MF (A9.2; the A25.23 example's MMG: ``impulse_mf``).
- D14.31: what spends no MF (a SW dropped, A4.43) is done in any impulse as usual; A25.232: nothing else
  spends MF (no smoke grenades, no DC placed: ``check_other_mf``; no Search, no recovery: game.py,
  ``check_move``).
- A25.233, A19.12: a Disrupted enemy in a Location a HW unit entered surrenders at the impulse's end (not as
  it is entered), the HW side naming the guard or refusing (``surrenders``; prisoners.resume_surrender);
  unarmed enemies are fought in CC at the impulse's end too (A20.54 with A25.233: ``unarmed_cc``, not as the
  stack enters), every such Location entered in the impulse, one after another (the ATTACKER picks the
  order, A11.12); a HW unit left in Melee with them moves no more (``step_options``).

- D14.33, D14.331, D14.332: HW units that began the MPh beneath one AFV, or an AFV of one AFV platoon,
  move with it in the wave's impulses (Armored Assault, hwaa.py): the vehicles' MP counted apart from the
  wave's MF (``Wave.afv``, ``Wave.platoon``, ``vacted``), the AFVs First Fire targets at the impulse's end
  (``first_fire_targets``), waiting for the wave's end once no HW unit goes with them (``end``:
  hwaa.release), or a lone AFV going first while the wave waits (``Wave.afv_first``).

Not here (said in the report): the First Fire before the first impulse (D14.32's exception cites C5.33, not
among the texts); stairs, wire, panji and entrenchments (chapter B counters; stairs in a building, A2.8,
neither); a leader's rally of a Disrupted unit that would spare it (A19.12). A wounded SMC has 3 MF, holds
back no one and spends its last MF as a Minimum Move, pinned and CX (``step_options``, ``after_move``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import DIRECTIONS, Hex, center, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = "human-wave"
MARKER = "hw"  # a HW unit now (A25.23)
TURN = "hw_turn"  # was part of a HW this Player Turn: morale +1 unless broken, Lax (A25.23)
RANGE = "hw_range"  # A25.2321's Range counter
HW_MF = 8  # A25.232
WOUNDED_MF = 3  # A25.232, A17.2: a wounded SMC's, which does not hold back the others


def _wounded(unit: UnitState) -> bool:
    return unit.type in ("leader", "hero") and unit.has("wounded")


def _allowance(unit: UnitState) -> int:
    from hexmate.rules.games.asl import cavalry

    if cavalry.mounted(unit):
        return cavalry.GALLOP_START_MF  # A13.62: a Cavalry Wave gallops from its declaration (cavwave.py)
    return WOUNDED_MF if _wounded(unit) else HW_MF
TARGET_RANGE = 8  # A25.23
MMC = ("squad", "hs", "crew")
Cost = int | Fraction


@dataclasses.dataclass(frozen=True)
class Wave:
    """A Human Wave under way: its side, its row (``spine``: a hexspine row, ``d`` the first of its two
    forward directions; else a hexrow, ``d`` its forward direction), the row's hexes, the MF its impulses
    have cost, the impulse number and, per unit, the Location at the start of this and of the previous
    impulse, the cost each unit paid in this impulse, and the units still in the wave."""

    side: str
    spine: bool
    d: int
    row: tuple[Hex, ...]
    units: tuple[str, ...]
    spent: Cost = 0
    impulse: int = 1
    starts: tuple[tuple[str, Hex, Hex | None], ...] = ()  # unit -> start of this impulse, of the previous
    acted: tuple[tuple[str, Cost], ...] = ()
    origins: tuple[tuple[str, Hex], ...] = ()  # where each HW unit began the MPh (D14.332)
    afv: str | None = None  # the AFV giving the wave Armored Assault (D14.332, hwaa.py)
    afv_from: Hex | None = None  # its hex at the start of the MPh (D14.332: who began beneath it)
    vacted: Cost | None = None  # the MP the AFV spent in this impulse (D14.33: the vehicles' impulse)
    afv_first: bool = False  # D14.331: the AFV, left by its HW units, finishes its MPh before the wave
    platoon: tuple[str, ...] = ()  # D14.332: with an AFV platoon, all its AFVs (``afv`` the first to move)
    froms: tuple[tuple[str, Hex], ...] = ()  # each of those AFVs' hex at the start of the MPh
    vacts: tuple[tuple[str, Cost], ...] = ()  # the MP each AFV spent in this impulse (its one MP action)
    vspent: Cost = 0  # D14.31: the MP the vehicles' impulses have cost so far (a platoon's allowance)

    def forward(self, h: Hex) -> tuple[Hex, ...]:
        """A25.2311: the hexes ahead of h."""
        dirs = (self.d, (self.d + 1) % 6) if self.spine else ((self.d - 1) % 6, self.d, (self.d + 1) % 6)
        return tuple(h + DIRECTIONS[i] for i in dirs)

    def sides(self, h: Hex) -> tuple[Hex, ...]:
        """A25.2311: along a hexspine row, the two hexes beside the forward ones; a hexrow has none."""
        return tuple(h + DIRECTIONS[i] for i in ((self.d - 1) % 6, (self.d + 2) % 6)) if self.spine else ()

    def row_range(self, h: Hex) -> int:
        return min(distance(h, r) for r in self.row)

    def start_of(self, uid: str) -> tuple[Hex | None, Hex | None]:
        for u, now, before in self.starts:
            if u == uid:
                return now, before
        return None, None


def allowed(position: Position, side: str) -> bool:
    """A25.23: the side's nationality may make a Human Wave (nationalities.json ``human_wave``)."""
    nat = next((s.nationality for s in position.scenario.sides if s.id == side), None)
    return au.nationality(nat).flag("human_wave")


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode == MODE


def wave_of(game: AslGame, state: State) -> Wave | None:
    got = game.gstate(state).hw
    return got if isinstance(got, Wave) else None


def in_wave(units: Iterable[UnitState]) -> bool:
    return any(u.has(MARKER) for u in units)


def _known_armed_enemy(unit: UnitState, side: str) -> bool:
    """A Known enemy unit (as a berserk charge's, berserk.known_enemy) that is armed."""
    from hexmate.rules.games.asl.berserk import known_enemy

    return known_enemy(unit, side) and not au.is_unarmed(unit)


def chains(hexes: set[Hex]) -> bool:
    """Are the hexes one contiguous chain (each reached from the first through adjacent ones)?"""
    todo = [min(hexes)]
    seen = {todo[0]}
    while todo:
        h = todo.pop()
        for d in DIRECTIONS:
            n = h + d
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


def targets(position: Position, units: Sequence[UnitState]) -> tuple[Hex, ...]:
    """A25.23, A25.231: the hexes of the Known enemies nearest (in hexes) to a HW unit that sees them within 8
    hexes (ties: the phasing player's pick); A13.62: a Cavalry Wave's, within 16 MF (cavwave.py)."""
    from hexmate.rules.games.asl import cavalry, cavwave

    side = units[0].side
    if units and all(cavalry.mounted(u) for u in units):
        return cavwave.targets(position, units)
    best: dict[Hex, int] = {}
    for enemy in position.units.values():
        if not _known_armed_enemy(enemy, side):
            continue
        assert enemy.hex is not None
        for u in units:
            assert u.hex is not None
            r = distance(u.hex, enemy.hex)
            if r <= TARGET_RANGE and not asl_terrain.line_of_sight(position, u.hex, enemy.hex).blocked:
                best[enemy.hex] = min(best.get(enemy.hex, r), r)
    if not best:
        return ()
    near = min(best.values())
    return tuple(sorted((h for h, r in best.items() if r == near), key=lambda h: (h.q, h.r)))


def check(game: AslGame, position: Position, action: act.Activate) -> act.Activate:
    """A25.23: the prerequisites of a Human Wave declaration."""
    if position.phase.id != "MPh" or position.state.moving is not None:
        raise IllegalAction(T("a Human Wave is declared in the phasing player's MPh"), "A25.23")
    if wave_of(game, position.state) is not None:
        raise IllegalAction(T("a Human Wave is already under way"), "A25.23")
    units = [position.units[u] for u in action.units if u in position.units]
    if len(units) != len(action.units) or not units:
        raise IllegalAction(T("name the units of the Human Wave"), "A25.23")
    side = position.phasing
    if not allowed(position, side):
        raise IllegalAction(
            T("only Russians, Chinese (G18.5) and Ethiopians (A25.933) make a Human Wave"), "A25.23"
        )
    enemy_near = {
        n
        for e in position.units.values()
        if e.side != side and e.hex is not None
        for n in (e.hex, *position.map.neighbors(e.hex))
    }
    for u in units:
        why = game.can_move(position, u)
        if u.side != side or u.hex is None or why is not None or u.id in position.state.moved:
            raise IllegalAction(
                T(
                    "{unit} may not join a Human Wave: not a Good Order unit of the phasing side "
                    "free to move and not yet moved",
                    unit=u.id,
                ),
                "A25.23",
            )
        if (
            u.type not in (*MMC, "leader", "hero")
            or u.carrier is not None
            or any(p.carrier == u.id and p.has("prisoner") for p in position.units.values())
            or u.has("prisoner")
        ):
            raise IllegalAction(
                T(
                    "{unit} may not join a Human Wave: infantry on foot only, no guard or passenger",
                    unit=u.id,
                ),
                "A25.23",
            )
        if u.hex in enemy_near:
            raise IllegalAction(
                T("{unit} is beside or in the hex of an enemy unit: not in a Human Wave", unit=u.id), "A25.23"
            )
        if u.has("mounted"):  # A13.62: cavalry makes a Cavalry Wave, never with infantry (cavwave.py)
            raise IllegalAction(T("{unit} is cavalry: no cavalry in a Human Wave (A13.62)", unit=u.id),
                                "A13.62")
    hexes = {u.hex for u in units if u.hex is not None}
    mmc = [u for u in units if u.type in MMC]
    if len(hexes) < 3 or not chains(hexes):
        raise IllegalAction(T("a Human Wave needs a chain of at least 3 contiguous hexes"), "A25.23")
    if any(not any(u.hex == h for u in mmc) for h in hexes) or len(mmc) < 2 * len(hexes):
        raise IllegalAction(
            T(
                "a Human Wave needs an MMC in each hex of the chain and on average 2 or more "
                "a hex: {n} MMC in {k} hexes",
                n=len(mmc),
                k=len(hexes),
            ),
            "A25.23",
        )
    if not any(u.type == "leader" for u in units):
        raise IllegalAction(T("a Human Wave needs a leader in its chain"), "A25.23")
    if not targets(position, units):
        raise IllegalAction(T("no HW unit sees a Known enemy within 8 hexes"), "A25.23")
    return action


def _line(m: HexMap, t: Hex, step: Hex, e: Hex | None) -> tuple[Hex, ...]:
    """The hexes of the row through t along ``step`` (with its twin hexes at ``e`` along a hexspine)."""
    n = 60  # more than any board's span
    out = [t + Hex(step.q * k, step.r * k) for k in range(-n, n + 1)]
    if e is not None:
        out += [h + e for h in out]
    return tuple(out)


def _sense(spine: bool, d: int) -> Hex:
    return DIRECTIONS[d] + DIRECTIONS[(d + 1) % 6] if spine else DIRECTIONS[d]


def rows(position: Position, units: Sequence[UnitState], target: Hex) -> list[Wave]:
    """A25.231: the hexrows and hexspine rows through the target nearest to the HW units, each in the sense
    that carries the units towards the target."""
    side = units[0].side
    ids = tuple(u.id for u in units)
    found: list[tuple[int, Wave]] = []
    for spine in (False, True):
        for d in range(6):
            step = _sense(spine, d)
            twins = (DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]) if spine else (None,)
            for e in twins:
                row = _line(position.map, target, step, e)
                wave = Wave(side, spine, d, row, ids)
                nearer = sum(
                    distance(u.hex, target) - distance(u.hex + step, target)
                    for u in units
                    if u.hex is not None
                )
                if nearer <= 0:
                    continue  # the row's other sense: away from the target
                found.append((min(wave.row_range(u.hex) for u in units if u.hex is not None), wave))
    if not found:
        return []
    best = min(r for r, _ in found)
    return [w for r, w in found if r == best]


def row_text(position: Position, wave: Wave, target: Hex) -> str:
    """The row as the hexes of it on the map within 2 hexes of the target, rear to front (A25.231)."""
    step = _sense(wave.spine, wave.d)
    sx, sy = center(step)
    near = [h for h in set(wave.row) if distance(h, target) <= 2 and h in position.map.hexes]
    near.sort(key=lambda h: center(h)[0] * sx + center(h)[1] * sy)
    kind = "hexspine" if wave.spine else "hexrow"
    return f"{kind}-{'-'.join(position.label(h) for h in near)}".lower()  # an answer word


def choices(position: Position, units: Sequence[UnitState]) -> dict[str, Wave]:
    out: dict[str, Wave] = {}
    for t in targets(position, units):
        for wave in rows(position, units, t):
            out.setdefault(row_text(position, wave, t), wave)
    return out


def apply(game: AslGame, position: Position, action: act.Activate) -> State:
    """The declaration: the units join the wave (revealed, A25.23) and the row is asked for (A25.231)."""
    state = position.state
    for uid in action.units:
        state = state.with_unit(state.units[uid].mark(MARKER, TURN).revealed())
    units = [state.units[u] for u in action.units]
    options = tuple(sorted(choices(position.at(state), units)))
    return state.push(
        Decision(
            "confirm",
            position.phasing,
            T("Human Wave: pick its row through the target, nearest to the HW units"),
            "A25.231",
            "hw_row",
            choices=options,
            subject=tuple(action.units),
        )
    )


def resume_row(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    units = [position.units[u] for u in decision.subject if u in position.units]
    wave = choices(position, units)[answer.choice]
    starts = tuple((u.id, u.hex, None) for u in units if u.hex is not None)
    origins = tuple((u.id, u.hex) for u in units if u.hex is not None)  # D14.332: not moved yet this MPh
    state = position.state.replace(
        game=game.gstate(position.state).replace(hw=dataclasses.replace(wave, starts=starts, origins=origins))
    )
    return close_impulse(game, position.at(state)) if impulse_over(game, position.at(state)) else state


def _cost_fn(game: AslGame, position: Position, units: Sequence[UnitState]) -> asl_terrain.CostFn:
    """A25.232: enemy Locations may be entered at their ordinary MF (A4.14's exception; a lone SMC is overrun
    at no extra MF, A25.233)."""
    from hexmate.rules.games.asl import cavalry

    normal = game.cost_fn(position, list(units))
    base = asl_terrain.infantry_cost_fn(position)
    extra = 0
    if cavalry.group_mounted(units):  # A13.62: a Cavalry Wave enters them as a Charge, 3 MF more (A13.6)
        base, extra = cavalry.cost_fn(position, True), cavalry.CHARGE_MF
    side = units[0].side
    enemy = {u.hex for u in position.units.values() if _known_armed_enemy(u, side)}

    def cost(hex_map: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
        if b not in enemy:
            return normal(hex_map, a, b)
        step = base(hex_map, a, b)
        return None if step is None else step + extra

    return cost


def entry_mf(game: AslGame, position: Position, unit: UnitState, a: Hex, b: Hex) -> Cost:
    """The MF this HW unit pays to enter b from a (A25.232), 0 where it may not."""
    return _cost_fn(game, position, [unit])(position.map, a, b) or 0


def _must_attack(game: AslGame, position: Position, wave: Wave, unit: UnitState) -> tuple[Hex, ...]:
    """A25.233: forward Locations it may enter holding a Known armed enemy and no armed friendly unit (one
    of the wave that entered this impulse releases the others)."""
    assert unit.hex is not None
    cost = _cost_fn(game, position, [unit])
    out = []
    for h in wave.forward(unit.hex):
        if h not in position.map.hexes or cost(position.map, unit.hex, h) is None:
            continue
        here = position.units_at(h)
        if any(_known_armed_enemy(e, unit.side) and not e.has("disrupted") for e in here) and not any(
            f.side == unit.side and f.type in (*MMC, "leader") for f in here
        ):
            out.append(h)
    return tuple(out)


def step_options(game: AslGame, position: Position, wave: Wave, unit: UnitState) -> dict[Hex, Cost]:
    """The Locations this HW unit may enter in this impulse, with their MF (A25.232-A25.233)."""
    assert unit.hex is not None
    if any(p.carrier == unit.id and p.has("prisoner") for p in position.units.values()):
        return {}  # A25.234: a guard now (A19.12, A20.5): out of the wave at the impulse's end
    if unit.has("melee"):
        return {}  # A20.54: unarmed enemies neither eliminated nor recaptured: it moves no more
    if au.excess_pp(position.state, unit) > 0:
        return {}  # A25.232: it may not move so laden; it spends the impulses in place until it drops a SW
    here = unit.hex
    cost = _cost_fn(game, position, [unit])
    _, before = wave.start_of(unit.id)
    enemy = {
        h
        for h in position.map.neighbors(here)
        if any(_known_armed_enemy(e, unit.side) for e in position.units_at(h))
    }
    out: dict[Hex, Cost] = {}
    for h in (*wave.forward(here), *(s for s in wave.sides(here) if s in enemy)):
        if h not in position.map.hexes:
            continue
        if before is not None and (h == before or distance(h, before) == 1):
            continue  # A25.2322: the Location held at the start of the previous impulse (the text's word)
        if unit.has(RANGE) and wave.row_range(h) > wave.row_range(here):
            continue  # A25.2321
        step = cost(position.map, here, h)
        if step is None:
            continue
        if wave.spent + step > _allowance(unit) and not (_wounded(unit) and wave.spent < WOUNDED_MF):
            continue  # A25.232: a wounded SMC with MF left spends them all on its next action (A4.134)
        out[h] = step
    must = [h for h in _must_attack(game, position, wave, unit) if h in out]
    if must:
        return {h: out[h] for h in must}
    return out


def units_now(position: Position, wave: Wave) -> list[UnitState]:
    return [position.units[u] for u in wave.units if u in position.units]


def check_move(game: AslGame, position: Position, units: Sequence[UnitState], move: act.Move) -> act.Move:
    """A25.232: a HW stack enters one Location of its impulse; no Assault Movement, Dash or Double Time."""
    wave = wave_of(game, position.state)
    if wave is None:
        raise IllegalAction(T("the Human Wave is over"), "A25.234")
    if move.mode:
        raise IllegalAction(T("a HW unit moves in impulses only: no {mode}", mode=move.mode), "A25.232")
    if len(move.path) != 2:
        raise IllegalAction(T("a HW unit enters one Location an impulse"), "A25.232")
    acted = dict(wave.acted)
    worst: Cost = 0
    for u in units:
        if not u.has(MARKER) or u.id not in wave.units:
            raise IllegalAction(T("{unit} is not part of the Human Wave", unit=u.id), "A25.23")
        if u.id in acted:
            raise IllegalAction(T("{unit} has moved in this impulse", unit=u.id), "A25.232")
        if au.excess_pp(position.state, u) > 0:
            raise IllegalAction(T("{unit} carries more than its IPC: no HW unit does (drop a SW first)",
                                  unit=u.id), "A25.232")
        options = step_options(game, position, wave, u)
        if move.path[1] not in options:
            names = ", ".join(position.label(h) for h in options) or "-"
            raise IllegalAction(
                T("{unit} may enter only {hexes} in this impulse", unit=u.id, hexes=names), "A25.232"
            )
        worst = max(worst, options[move.path[1]])
    from hexmate.rules.games.asl import cavwave

    cavwave.check_charge_due(game, position, wave, units, move.path[1], worst)  # A13.62: one must Charge
    return act.Move(move.units, move.path, worst)


def check_other_mf(game: AslGame, position: Position, units: Iterable[str]) -> None:
    """A25.232: a HW unit spends MF on nothing but its impulse's entry (smoke grenades, A24.1, or a DC
    placed, A23.3, are not among them); what spends no MF it does in any impulse as usual (D14.31: a SW
    dropped, A4.43: carry.check_drop)."""
    if wave_of(game, position.state) is None:
        return
    for uid in units:
        unit = position.units.get(uid)
        if unit is not None and unit.has(MARKER):
            raise IllegalAction(
                T("{unit} is in a Human Wave: it spends MF only to enter its impulse's Location", unit=uid),
                "A25.232")


def may_go_on(game: AslGame, position: Position, unit: UnitState) -> bool:
    """A HW unit moves again in each impulse though it has moved (A25.232)."""
    wave = wave_of(game, position.state)
    return wave is not None and unit.has(MARKER) and unit.id in wave.units and unit.id not in dict(wave.acted)


def moves(
    game: AslGame, position: Position, units: Sequence[UnitState], ids: tuple[str, ...]
) -> dict[Hex, act.Move]:
    """The lit moves of a HW stack this impulse."""
    wave = wave_of(game, position.state)
    if wave is None or any(u.id in dict(wave.acted) for u in units) or units[0].hex is None:
        return {}
    out: dict[Hex, act.Move] = {}
    for h in step_options(game, position, wave, units[0]):
        try:
            out[h] = check_move(game, position, units, act.Move(ids, (units[0].hex, h)))
        except IllegalAction:
            continue
    return out


def after_move(game: AslGame, position: Position, state: State, movers: Sequence[str],
               mf: Cost | None = None) -> State:
    """A HW stack has entered its Location (A25.232): its cost recorded (``mf``: the MF of HW units that
    entered with their AFV, whose move costs MP, D14.33); A25.2321 Range markers; the impulse closes once no
    HW unit has a move left in it. HW units that entered without the AFV have stopped its Armored Assault
    (D14.331)."""
    from hexmate.rules.games.asl import hwaa

    wave = wave_of(game, state)
    if wave is None:
        return state
    view = position.at(state)
    moving = position.state.moving
    cost = moving.cost if moving is not None and isinstance(moving.cost, int | Fraction) else 0
    cost = cost if mf is None else mf
    acted = dict(wave.acted)
    if mf is None:
        state = hwaa.parted(state, [u for u in movers if u in wave.units])
    for uid in movers:
        if uid in wave.units:
            acted[uid] = cost
            unit = state.units.get(uid)
            if unit is not None and _wounded(unit) and wave.spent + cost > WOUNDED_MF:
                # A25.232: as a Minimum Move (A4.134): all its MF spent, pinned and CX, out of the wave
                unit = unit.mark("pinned", "cx", remove=(MARKER, RANGE))
                state = state.with_unit(unit)
            start, _ = wave.start_of(uid)
            if unit is not None and unit.hex is not None and start is not None:
                if wave.row_range(unit.hex) > wave.row_range(start):
                    state = state.with_unit(unit.mark(RANGE))
                elif wave.row_range(unit.hex) < wave.row_range(start):
                    state = state.with_unit(unit.mark(remove=(RANGE,)))
    wave = dataclasses.replace(wave, acted=tuple(sorted(acted.items())))
    state = state.replace(game=game.gstate(state).replace(hw=wave))
    state = hwaa.after_entry(game, position, state)  # D14.33: the AFV's MP in the vehicles' impulse
    return close_impulse(game, position.at(state)) if impulse_over(game, view.at(state)) else state


def in_impulse(game: AslGame, position: Position) -> bool:
    """Is the move under way a HW stack's, in an impulse of the wave (D14.3)?"""
    wave = wave_of(game, position.state)
    moving = position.state.moving
    return wave is not None and moving is not None and any(u in wave.units for u in moving.units)


def closing(game: AslGame, position: Position) -> bool:
    """D14.31: does the HW stack moving now make the impulse's last MF expenditure (every other HW unit has
    made its own, or has none it may make)?"""
    wave = wave_of(game, position.state)
    moving = position.state.moving
    if wave is None or moving is None:
        return False
    acted = dict(wave.acted)
    return all(u.id in acted or u.id in moving.units or not step_options(game, position, wave, u)
               for u in units_now(position, wave))


def first_fire_targets(game: AslGame, position: Position) -> list[UnitState]:
    """D14.32 (A25.232): the HW units are one stack for First Fire, declared at the impulse's end only: every
    unit of the wave, in whichever Location it is; D14.33: with the AFV giving them Armored Assault, if it
    spent MP in the impulse (hwaa.afv_targets: a platoon's non-stopped AFVs, D14.31)."""
    from hexmate.rules.games.asl import hwaa

    wave = wave_of(game, position.state)
    if wave is None:
        return []
    return units_now(position, wave) + hwaa.afv_targets(game, position)


def impulse_mf(game: AslGame, position: Position) -> Cost:
    """The MF of the impulse so far: the most any HW unit paid in it (A25.232), for A9.2's shots. D14.33
    example: an AFV with the wave that spent more MP gives no more shots at the HW units."""
    from hexmate.rules.games.asl import hwaa

    wave = wave_of(game, position.state)
    moving = position.state.moving
    now = moving.cost if moving is not None and isinstance(moving.cost, int | Fraction) else 0
    if hwaa.joint(game, position):
        now = hwaa.joint_mf(game, position)  # D14.33: the HW units' MF, not the AFV's MP
    return max([now, *(c for _, c in wave.acted)]) if wave is not None else now


def impulse_over(game: AslGame, position: Position) -> bool:
    wave = wave_of(game, position.state)
    if wave is None:
        return False
    acted = dict(wave.acted)
    return all(u.id in acted or not step_options(game, position, wave, u) for u in units_now(position, wave))


def close_impulse(game: AslGame, position: Position) -> State:
    """A25.232, A25.234: the impulse costs each HW unit the most any paid; units out of MF, broken, gone, or
    starting the next impulse with a Known armed enemy leave the wave; the wave ends with none left or none
    able to enter a new Location."""
    from hexmate.rules.games.asl import hwaa, impovr

    state = position.state
    wave = wave_of(game, state)
    assert wave is not None
    hurt = {u.id for u in units_now(position, wave) if _wounded(u)}  # A25.232: they hold back no one
    spent = wave.spent + max((c for u, c in wave.acted if u not in hurt), default=0)
    keep: list[str] = []
    starts = []
    offers = surrenders(game, position, wave)
    entered = [(u, h) for u, _ in wave.acted if u in position.units
               for h in (position.units[u].hex,) if h is not None]  # A25.233: unarmed_cc
    giving_up = {u for d in offers for u in d.subject}  # A19.12: gone at this impulse's end, as prisoners
    for unit in units_now(position, wave):
        enemy_here = (
            any(_known_armed_enemy(e, unit.side) and e.id not in giving_up
                for e in position.units_at(unit.hex))
            if unit.hex is not None
            else False
        )
        guard = any(p.carrier == unit.id and p.has("prisoner") for p in position.units.values())
        enemy_here = enemy_here and not unit.has("mounted")  # A13.62: charging cavalry need not stop there
        if unit.has("broken") or spent >= _allowance(unit) or enemy_here or unit.hex is None \
                or not unit.has(MARKER) or guard:  # A25.234: a guard now (A20.5) leaves the wave too
            state = state.with_unit(unit.mark(remove=(MARKER, RANGE)))
            continue
        now, before = wave.start_of(unit.id)
        keep.append(unit.id)
        if dict(wave.acted).get(unit.id) == 0 and unit.hex == (now or unit.hex):
            starts.append((unit.id, unit.hex, before))  # D14.33: it waited beneath its AFV: no Location left
        else:
            starts.append((unit.id, unit.hex, now))
    state = hwaa.settle(state, wave)  # D14.31: each platoon AFV pays the vehicles' impulse's MP
    for uid in hwaa.afvs_of(wave):  # D7.21, D14.32: the impulse end's window had its CC Reaction Fire
        if uid in state.units and state.units[uid].has(impovr.HW_THROUGH):  # D7.14: each entry chooses
            state = state.with_unit(state.units[uid].mark(remove=(impovr.HW_THROUGH, "through")))
    # D7.1 with D14.32: the OVRs of the AFVs' entries (joint, hwovr.py; a platoon AFV's alone, hwplt.py),
    # after the impulse's First Fire
    state, attacks = impovr.attacks(position.at(state), ",".join(hwaa.afvs_of(wave)))
    wave = dataclasses.replace(
        wave, units=tuple(keep), spent=spent, impulse=wave.impulse + 1, starts=tuple(starts), acted=(),
        vacted=None, vacts=(), vspent=wave.vspent + (wave.vacted or 0))
    state = state.replace(game=game.gstate(state).replace(hw=wave))
    view = position.at(state)
    if not any(step_options(game, view, wave, u) for u in units_now(view, wave)):
        state = end(game, view)
    state = unarmed_cc(game, position.at(state), entered)
    state = state.push(*attacks) if attacks else state
    return state.push(*reversed(offers)) if offers else state


def unarmed_cc(game: AslGame, position: Position, entered: Sequence[tuple[str, Hex]]) -> State:
    """A25.233, A20.54: the CC against unarmed enemy units in each Location HW units entered in the impulse,
    fought at its end (unarmed.start_cc), not as they entered. With several such Locations each is fought in
    turn, the ATTACKER picking which next as in the CCPh (A11.12, cc.next_location); the other Locations
    wait for the CCPh (ovr.end_of_phase puts their bookkeeping back)."""
    from hexmate.rules.games.asl import cc as asl_cc
    from hexmate.rules.games.asl import unarmed

    fights: list[tuple[list[str], Hex]] = []
    for h in sorted({h for _, h in entered}, key=lambda h: (h.q, h.r)):
        movers = [u for u, at in entered if at == h and u in position.units and position.units[u].hex == h]
        if movers and unarmed.only_unarmed(position.units_at(h), position.units[movers[0]].side):
            fights.append((movers, h))
    if len(fights) < 2:
        return unarmed.start_cc(game, position, *fights[0]) if fights else position.state
    state = position.state
    gs = game.gstate(state)
    if gs.ovr_cc is None:  # what the CCPh will need, kept (as unarmed.start_cc keeps it)
        gs = gs.replace(ovr_cc=fights[0][1], ovr_saved=(gs.cc_done, gs.conceal_done))
    wanted = {h for _, h in fights}
    others = tuple(x for x in asl_cc.locations(position) if x not in wanted and x not in gs.cc_done)
    state = state.replace(game=gs.replace(cc_done=(*gs.cc_done, *others), conceal_done=True))
    return asl_cc.next_location(game, position.at(state))


def guard_leaves(game: AslGame, state: State, guard: str) -> State:
    """A25.234: the HW unit named guard of the surrendered is a HW unit no more, at once."""
    wave = wave_of(game, state)
    unit = state.units.get(guard)
    if wave is None or unit is None or guard not in wave.units:
        return state
    state = state.with_unit(unit.mark(remove=(MARKER, RANGE)))
    wave = dataclasses.replace(wave, units=tuple(u for u in wave.units if u != guard),
                               starts=tuple(s for s in wave.starts if s[0] != guard))
    return state.replace(game=game.gstate(state).replace(hw=wave))


def surrenders(game: AslGame, position: Position, wave: Wave) -> list[Decision]:
    """A25.233, A19.12: at the impulse's end a Disrupted enemy unit in a Location a HW unit entered in it
    surrenders (not one that never does: prisoners.may_surrender, No Quarter A20.3); the HW side names the
    guard among its Good Order, Known, armed infantry there, or refuses (prisoners.resume_surrender). The
    guard leaves the wave (A25.234)."""
    from hexmate.rules.games.asl import prisoners

    entered = {position.units[u].hex for u, _ in wave.acted if u in position.units}
    offers = []
    for h in sorted((h for h in entered if h is not None), key=lambda h: (h.q, h.r)):
        here = position.units_at(h)
        gone = [e for e in here if e.side != wave.side and e.has("disrupted")
                and not e.has(prisoners.PRISONER) and e.carrier is None
                and prisoners.may_surrender(game, position, e)]
        guards = [f for f in here if f.side == wave.side and not f.concealed and f.type in prisoners.INFANTRY
                  and au.good_order(f) and prisoners.armed(f) and not f.has("berserk") and not f.has("melee")]
        if not gone or not guards:
            continue
        ids = tuple(sorted(e.id for e in gone))
        offers.append(Decision(
            "units", wave.side,
            T("{units} are Disrupted and surrender to the Human Wave: name the guard, or refuse (No Quarter)",
              units=", ".join(ids)),
            "A19.12", "surrender", units=tuple(sorted(f.id for f in guards)), choices=("refuse",),
            subject=ids, target=h))
    return offers


def end(game: AslGame, position: Position) -> State:
    """A25.234: the wave is over; its units keep this Player Turn's morale +1 and Lax (``hw_turn``)."""
    from hexmate.rules.games.asl import hwaa

    state = position.state
    for unit in list(state.units.values()):
        if unit.has(MARKER) or unit.has(RANGE):
            state = state.with_unit(unit.mark(remove=(MARKER, RANGE)))
    state = hwaa.release(state, wave_of(game, state))  # D14.331: the AFV finishes its MPh after the wave
    return state.replace(game=game.gstate(state).replace(hw=None))


def check_end(game: AslGame, position: Position) -> None:
    """The MPh does not end while a wave still has units to move (A25.232: each does one thing an impulse)."""
    wave = wave_of(game, position.state)
    if wave is not None and position.phase.id == "MPh":
        raise IllegalAction(T("the Human Wave goes on: move its units, impulse by impulse"), "A25.232")


def end_of_player_turn(state: State) -> State:
    """A25.23: the morale +1 and Lax last the Player Turn."""
    for unit in list(state.units.values()):
        if unit.has(TURN):
            state = state.with_unit(unit.mark(remove=(TURN,)))
    return state


def groups(position: Position, eligible: Sequence[UnitState]) -> Iterable[tuple[str, ...]]:
    """The ids of the units in each set of contiguous hexes the eligible units hold (a wave's chain, A25.23;
    a Cavalry Wave's too, cavwave.generate)."""
    hexes = {u.hex for u in eligible if u.hex is not None}
    while hexes:
        group = {min(hexes)}
        todo = list(group)
        while todo:
            h = todo.pop()
            for n in position.map.neighbors(h):
                if n in hexes and n not in group:
                    group.add(n)
                    todo.append(n)
        hexes -= group
        yield tuple(sorted(u.id for u in eligible if u.hex in group))


def generate(game: AslGame, position: Position) -> Iterable[act.Action]:
    """The declaration offered on the page: each contiguous group of the phasing side's eligible units that
    meets A25.23, as one Human Wave."""
    if (
        position.phase.id != "MPh"
        or wave_of(game, position.state) is not None
        or not allowed(position, position.phasing)
    ):
        return
    eligible = [
        u
        for u in position.units.values()
        if u.side == position.phasing
        and u.hex is not None
        and u.carrier is None
        and u.type in (*MMC, "leader")
        and game.can_move(position, u) is None
        and u.id not in position.state.moved
    ]
    for ids in groups(position, eligible):
        action = act.Activate(ids, MODE)
        try:
            check(game, position, action)
        except IllegalAction:
            continue
        yield action
