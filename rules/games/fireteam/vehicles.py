"""Fire Team vehicles: counters, facing and movement [5.3], armour and Gun/Missile fire on the G/M FT [6.5],
Vehicle Fear [6.34], [6.35].

A vehicle counter has ``ma``, AP ``fp`` and ``range`` [2.35], armour ``af`` (front) and ``ao`` (other
sides) [6.5 B], and optionally a gun or missile: ``gm`` (its firepower), ``gm_bands`` (its range bands,
best column first: "7-40,4-6,1-3", 6.5 E), ``missile`` (1: a missile, depleted on a roll of 1 or 10, 6.56),
``wheeled`` (1: wheeled costs, 5.17), ``platoon``. A tank gun fires either ammunition: ``gm_ht`` and
``gm_hv`` instead of ``gm`` (6.5 A; ``gm_type`` names the kind of a single weapon, HT if unsaid); the armour
against HV is ``hvf``/``hvo`` (front/other, 2.35; the HT values ``af``/``ao`` when a counter has no HV ones).

Facing [5.3]: a vehicle faces a hexside or a hex vertex, twelve facings, held in ``UnitState.facing`` as
0..11 clockwise from north (even: the hexside of direction facing/2; odd: the vertex between two). The
English diagram of arcs (p.9) is not in the text, so hexmate takes as the front arc every direction within
60 degrees of the facing (three front hexes from a hexside, two from a vertex) and as the rear (R) hexes those
straight behind (one from a hexside, two from a vertex): inferred. Moving forward it faces the way it entered
(digest 8.5); backing up [5.33] keeps its facing.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import FT_D10
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of
from hexmate.rules.games.fireteam.fire import LEADER, OPP_FIRE, VEHICLE, VEHICLE_FEAR, fear, reacting
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, center, direction_between, distance, line
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

DIFF_MIN, DIFF_MAX = -1, 8  # [6.5 D] differences below -1 count as -1, above +8 as +8
DEPLETED = "ammo_depleted"  # [6.56]
CAUTIOUS = "cautious"
# [5.17], [5.14], [7.1] example: vehicle terrain costs (tracked, wheeled); the TEC is not printed, so the
# cells without a rule are demo values
TERRAIN_COST: dict[str, tuple[Fraction, Fraction]] = {
    "open": (Fraction(1), Fraction(1)),  # [7.1] example: terrain cost 1
    "woods": (Fraction(3), Fraction(4)),  # [5.17]
    "cover": (Fraction(1), Fraction(2)),  # demo
    "grain": (Fraction(1), Fraction(2)),  # demo
    "orchard": (Fraction(2), Fraction(3)),  # demo
}
CLIMB_PER_LEVEL = 2  # [5.14] vehicles pay +2 per level climbed (doubled for two levels in one hex)


EVADE_SHIFT = 2  # [6.52] the larger shift of a vehicle that sees the missile coming: not printed (demo value)
GUN_DEFILADE = 2  # [18.3] example: a tank gun's shift for a target in defilade is 2 R
MISSILE_DEFILADE = 1  # [6.5] example: a TOW's shift for a target in defilade is 1 R


def has_gm(counter: CounterType) -> bool:
    return any(k in counter.values for k in ("gm", "gm_ht", "gm_hv"))


def weapons(counter: CounterType) -> dict[str, int]:
    """[6.5 A] The ammunition a G/M weapon fires and its firepower: a tank gun both HT and HV (``gm_ht``,
    ``gm_hv``), another weapon one kind (``gm``, of ``gm_type``, HT unless said)."""
    if "gm_ht" in counter.values or "gm_hv" in counter.values:
        return {k.upper()[3:]: int(counter.values[k]) for k in ("gm_ht", "gm_hv") if k in counter.values}
    return {str(counter.values.get("gm_type", "HT")).upper(): int(counter.values["gm"])}


def armour(target: UnitState, ammo: str, front: bool) -> int:
    """[6.5 B] The target's armour against this ammunition, front or other (HV values default to HT)."""
    if ammo == "HV" and "hvf" in target.values:
        return int(target.values["hvf" if front else "hvo"])
    return int(target.values["af" if front else "ao"])


def check_counter(counter: CounterType) -> str | None:
    for key in ("ma", "fp", "range", "af", "ao"):
        if not isinstance(counter.values.get(key), int):
            return f"a vehicle needs whole-number {key!r} [2.35], [6.5]"
    if not all(isinstance(counter.values.get(k, 0), int) for k in ("gm", "gm_ht", "gm_hv", "hvf", "hvo")):
        return "G/M firepower and armour are whole numbers [2.35]"
    if str(counter.values.get("gm_type", "HT")).upper() not in ("HT", "HV"):
        return "gm_type is HT or HV [2.35]"
    if has_gm(counter):
        try:
            bands(counter)
        except ValueError as error:
            return f"gm_bands: {error} [6.5 E]"
    return None


def bands(counter: CounterType) -> list[tuple[int, int]]:
    raw = counter.values.get("gm_bands")
    if not isinstance(raw, str) or not raw:
        raise ValueError("a gun or missile needs its range bands, best column first ('7-40,4-6,1-3')")
    out = []
    for part in raw.split(","):
        lo, _, hi = part.partition("-")
        out.append((int(lo), int(hi or lo)))
    return out


def movement_allowance(unit: UnitState) -> int | Fraction:
    """[6.35] A feared vehicle moves at half its MA (rounded up, 2.7 TN)."""
    ma = int(unit.values["ma"])
    return math.ceil(Fraction(ma, 2)) if unit.has(VEHICLE_FEAR) else ma


def cost_fn(position: Position, units: Sequence[UnitState]) -> CostFn:
    """[5.14], [5.17] Vehicle entry costs: terrain for tracked or wheeled, +2 per level climbed (doubled
    for two levels at once); buildings are not entered (demo: the TEC is not in the text)."""
    wheeled = any(bool(u.values.get("wheeled")) for u in units if u.type == VEHICLE)

    def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
        terrain = m.terrain(b)
        if terrain not in TERRAIN_COST:
            return None
        step = TERRAIN_COST[terrain][1 if wheeled else 0]
        climb = m.level(b) - m.level(a)
        if climb > 0:
            step += CLIMB_PER_LEVEL * climb * (2 if climb >= 2 else 1)
        return step

    return cost


FACINGS = ("N", "NNE", "NE", "E", "SE", "SSE", "S", "SSW", "SW", "W", "NW", "NNW")  # [5.3] 12, by bearing
REVERSE_TIMES = 3  # [5.33] backing up costs three times the hex's cost


def facing_index(name: str) -> int:
    """One of the twelve facings by its name (N, NNE, NE, E, ...); ValueError otherwise."""
    try:
        return FACINGS.index(name.upper())
    except ValueError:
        raise ValueError(T("facing {name}: one of {facings} [5.3]", name=repr(name),
                           facings=", ".join(FACINGS))) from None


def _off(facing: int, direction: int) -> int:
    """How far (in 30-degree steps, 0..6) a hex direction is from a facing."""
    d = abs(2 * direction - facing) % 12
    return min(d, 12 - d)


def front_dirs(facing: int) -> tuple[int, ...]:
    """[5.31] The directions of the front (F) hexes: within 60 degrees of the facing (inferred)."""
    return tuple(d for d in range(6) if _off(facing, d) <= 2)


def rear_dirs(facing: int) -> tuple[int, ...]:
    """[5.33] The directions of the rear (R) hexes: straight behind (inferred)."""
    return tuple(d for d in range(6) if _off(facing, d) >= 5)


def reversing(unit: UnitState, path: Sequence[Hex]) -> bool:
    """Does this move back up [5.33]: its first step goes into a rear hex of the facing it starts with?"""
    return (unit.type == VEHICLE and unit.facing is not None and len(path) > 1
            and direction_between(path[0], path[1]) in rear_dirs(unit.facing))


def path_ok(units: Sequence[UnitState], path: Sequence[Hex]) -> str | None:
    """[5.31] A vehicle enters only one of its front hexes; it may turn freely on entering each hex, so only
    the first step is bound by the facing it starts with. [5.33] Backing up, every step goes into a rear hex
    of the unchanged facing."""
    for unit in units:
        if unit.type != VEHICLE or unit.facing is None or len(path) < 2:
            continue
        if reversing(unit, path):
            if any(direction_between(a, b) not in rear_dirs(unit.facing) for a, b in pairwise(path)):
                return T("{unit} backs up only into its rear hex, facing the same way [5.33]", unit=unit.id)
        elif direction_between(path[0], path[1]) not in front_dirs(unit.facing):
            return T("{unit} enters only a hex to its front, or backs up into its rear hex [5.31]",
                     unit=unit.id)
    return None


def face_along(unit: UnitState, a: Hex, b: Hex) -> UnitState:
    return dataclasses.replace(unit, facing=2 * direction_between(a, b))


def _bearing(a: Hex, b: Hex) -> float:
    """Compass bearing from a to b in degrees (north 0, clockwise; the board's y runs down)."""
    ax, ay = center(a)
    bx, by = center(b)
    return math.degrees(math.atan2(bx - ax, ay - by)) % 360


def in_front(unit: UnitState, other: Hex) -> bool:
    """Is ``other`` in the vehicle's front arc (inferred: within 60 degrees either side of its facing)?"""
    if unit.facing is None or unit.hex is None or other == unit.hex:
        return True
    diff = abs((_bearing(unit.hex, other) - 30 * unit.facing + 180) % 360 - 180)
    return diff <= 60 + 1e-9


def defilade(position: Position, firer: Hex, target: Hex) -> bool:
    """[6.32], [6.57] The target is behind a crest hexside: the line enters its hex only across crest
    hexsides (a line down a vertex between a crest and a plain hexside gives none)."""
    trace = line(firer, target)
    before: set[Hex] = set()
    for step in trace.steps:
        if target in step.hexes:
            break
        if step.kind.value != "vertex":
            before = {h for h in step.hexes if distance(h, target) == 1}
    if not before:
        return False
    return all("crest" in position.map.hexside(h, target) for h in before)


def is_gm(position: Position, fire: act.Fire) -> bool:
    """G/M fire: every firer has a gun or missile and the target hex holds enemy vehicles."""
    firers = [position.units.get(u) for u in fire.firers]
    shooters = [u for u in firers if u is not None and u.type != LEADER]
    if not shooters or not all(has_gm(u.counter) for u in shooters):
        return False
    side = shooters[0].side
    return any(u.type == VEHICLE and u.side != side for u in position.units_at(fire.target))


def check(game: FireTeamGame, position: Position, fire: act.Fire) -> act.Fire:
    """[6.5], [6.51], [6.55], [6.56] One firer, one target vehicle, within its bands, in LOS."""
    firers, start = group_of(position, frozenset(fire.firers), "6.51")
    shooters = [u for u in firers if u.type != LEADER]
    if len(shooters) != 1:
        raise IllegalAction(T("G/M fire is never combined: each weapon fires alone"), "6.51")
    unit = shooters[0]
    side = unit.side
    if side != position.to_act:
        raise IllegalAction(T("{unit} is not {to_act}'s", unit=unit.id, to_act=position.to_act), "3.0")
    if unit.has(DEPLETED):
        raise IllegalAction(T("{unit}'s missile is out of ammunition", unit=unit.id), "6.56")
    if reacting(position):
        if unit.has(OPP_FIRE):
            raise IllegalAction(T("{unit} has already used opportunity fire this impulse",
                                  unit=unit.id), "7.22")
        moving = position.state.moving
        top = position.state.decision
        if top is None or top.target != fire.target:
            raise IllegalAction(T("opportunity fire is at an enemy in the hex it has just entered"), "7.1")
        entered = moving.path[1:moving.at + 1] if moving is not None else ()
        # [7.24] a missile needs two hexes in sight, but not against an unloading (7.14)
        missile = unit.values.get("missile")
        if moving is not None and missile and sighted_run(game, position, start, entered) < 2:
            raise IllegalAction(
                T("{unit}'s missile needs a target seen moving through 2 hexes in a row",
                  unit=unit.id), "7.24"
            )
    if not targets_in(position, fire):
        raise IllegalAction(T("no known enemy there: hidden units are not on the map for you yet"), "11.3")
    d = distance(start, fire.target)
    if not any(lo <= d <= hi for lo, hi in bands(unit.counter)):
        raise IllegalAction(T("{unit}'s weapon does not reach {d} hexes", unit=unit.id, d=d), "6.55")
    sight = game.los(position, start, fire.target)
    if sight.blocked:
        raise IllegalAction(T("no line of sight to {hex}: {reason}",
                              hex=position.label(fire.target), reason=sight.reason), "6.1")
    from hexmate.rules.games.fireteam import night

    night.beyond_sight(game, position, [start], targets_in(position, fire))
    if reacting(position):
        from hexmate.rules.games.fireteam import command as cmd
        from hexmate.rules.games.fireteam import fire as ft_fire

        command = game.cp(position.state)
        cost, _ = ft_fire.opportunity_cost(position, fire, command.leaders_used)
        if unit.type == VEHICLE and not in_front(unit, fire.target):
            cost = max(cost, Fraction(1))  # [7.11] turning to fire always costs 1
        if cmd.pay_reaction(command, side, cost, [unit.id]) is None:
            raise IllegalAction(T("opportunity fire costs {cp} CP", cp=cmd.fmt(cost)), "7.11")
    return act.Fire(tuple(u.id for u in firers), fire.target, fire.dice)


def sighted_run(game: FireTeamGame, position: Position, firer: Hex, path: Sequence[Hex]) -> int:
    """[7.24] How many of the hexes entered (``path``), in a row up to the one just entered, the mover has
    been seen in by the firer (a hex out of sight starts the count again)."""
    run = 0
    for h in reversed(path):
        if h != firer and game.los(position, firer, h).blocked:
            break
        run += 1
    return run


def targets_in(position: Position, fire: act.Fire) -> list[UnitState]:
    """The enemy vehicles in the target hex the firer knows of (hidden ones are not there for it, 11.3)."""
    side = position.units[fire.firers[0]].side
    return sorted((u for u in position.units_at(fire.target) if u.type == VEHICLE and u.side != side
                   and not u.concealed), key=lambda u: u.id)


def target_of(position: Position, fire: act.Fire, aim: str = "") -> UnitState:
    """[6.51] The one vehicle the weapon fires at: the one declared (``aim``), else the only one there."""
    tanks = targets_in(position, fire)
    chosen = [u for u in tanks if u.id == aim]
    return chosen[0] if chosen else tanks[0]


def evades(game: FireTeamGame, position: Position, target: UnitState, firer: Hex) -> bool:
    """[6.52] The target sees the missile coming: it, or a vehicle of its platoon within 3 hexes, has the
    firer in its front arc and in LOS; never a target with Vehicle Fear."""
    if target.has(VEHICLE_FEAR) or target.hex is None:
        return False
    plt = target.values.get("platoon")
    for watcher in position.units.values():
        if watcher.type != VEHICLE or watcher.side != target.side or watcher.hex is None:
            continue
        if watcher.id != target.id and (plt is None or watcher.values.get("platoon") != plt
                                        or distance(watcher.hex, target.hex) > 3):
            continue
        if in_front(watcher, firer) and not game.los(position, watcher.hex, firer).blocked:
            return True
    return False


def declare(game: FireTeamGame, position: Position, fire: act.Fire) -> State:
    state = position.state
    opportunity = reacting(position)
    if opportunity:
        from hexmate.rules.games.fireteam import command as cmd
        from hexmate.rules.games.fireteam import fire as ft_fire

        command = game.cp(state)
        cost, _leader = ft_fire.opportunity_cost(position, fire, command.leaders_used)
        shooter = next(state.units[u] for u in fire.firers if state.units[u].type != LEADER)
        if shooter.type == VEHICLE and not in_front(shooter, fire.target):
            cost = max(cost, Fraction(1))
        paid = cmd.pay_reaction(command, shooter.side, cost, [shooter.id])
        assert paid is not None
        state = game.with_cp(state, paid)
        state = state.with_unit(shooter.mark(OPP_FIRE))
    from hexmate.rules.games.fireteam import night

    state = night.flash(game, position, state, fire.firers)
    side = state.units[fire.firers[0]].side
    shooter = next(state.units[u] for u in fire.firers if state.units[u].type != LEADER)
    tanks = targets_in(position, fire)
    kinds = weapons(shooter.counter)
    asks = []
    args = [("opportunity", "yes" if opportunity else "")]
    if len(tanks) > 1:  # [6.51] the firer names the one vehicle it fires at
        asks.append(Decision(
            "units", side, T("{shooter}: which vehicle in {hex} does it fire at?",
                             shooter=shooter.id, hex=position.label(fire.target)),
            "6.51", "gmtarget", units=tuple(u.id for u in tanks), subject=tuple(fire.firers),
            target=fire.target))
    else:
        args.append(("aim", tanks[0].id))
    if len(kinds) > 1:  # [6.5 A] a tank gun chooses its ammunition first
        asks.append(Decision(
            "confirm", side, T("{shooter}: fire HT or HV ammunition?", shooter=shooter.id), "6.5", "ammo",
            choices=tuple(k.lower() for k in sorted(kinds, reverse=True)), subject=tuple(fire.firers),
            target=fire.target))
    else:
        args.append(("ammo", next(iter(kinds))))
    return state.push(
        *asks,
        Decision(
            "roll", side,
            T("{firers} G/M fire at {hex}: roll the d10 (kill number or less destroys)",
              firers=", ".join(fire.firers), hex=position.label(fire.target)),
            "6.5", "gm", dice="d10", subject=tuple(fire.firers), target=fire.target,
            args=tuple(sorted(args)),
        ),
    )


def _with_roll_arg(state: State, **more: str) -> State:
    """The G/M roll waiting under the question just answered, with the answer added to it."""
    decisions = list(state.decisions)
    for i in range(len(decisions) - 1, -1, -1):
        if decisions[i].then == "gm":
            decisions[i] = decisions[i].with_args(**more)
            break
    return state.replace(decisions=tuple(decisions))


def resume_target(position: Position, decision: Decision, answer: act.Answer) -> State:
    return _with_roll_arg(position.state, aim=answer.units[0])


def resume_ammo(position: Position, decision: Decision, answer: act.Answer) -> State:
    return _with_roll_arg(position.state, ammo=answer.choice.upper())


def resolve(game: FireTeamGame, position: Position, fire: act.Fire, aim: str = "",
            ammo: str = "") -> Resolution:
    """[6.5] A-I: the ammunition's firepower less the target's armour against it facing the firer (front or
    other), clamped to -1..+8; the weapon's range column; right shifts (defilade, cautious, woods for a
    missile, larger if the target evades it, 6.52; smoke, night; firer's Fear or Vehicle Fear, turning to
    fire) and left shifts (a leader with a team, 6.53); past the right edge no effect; d10 at most the kill
    number destroys. A vehicle's missile is depleted on a 1 or 10 [6.56]."""
    assert fire.dice is not None
    roll = FT_D10.from_values(fire.dice).total
    firers = [position.units[u] for u in fire.firers]
    shooter = next(u for u in firers if u.type != LEADER)
    assert shooter.hex is not None
    target = target_of(position, fire, aim)
    front = in_front(target, shooter.hex)
    kinds = weapons(shooter.counter)
    kind = ammo if ammo in kinds else next(iter(kinds))
    fp = kinds[kind]
    armour_value = armour(target, kind, front)
    diff = max(DIFF_MIN, min(DIFF_MAX, fp - armour_value))
    lines = [
        Line(T("firepower"), f"{shooter.id} {kind} {fp}", "6.5 A"),
        Line(T("armour"), T("{target} {kind} {side} {armour}", target=target.id, kind=kind,
                            side=T("front") if front else T("other"), armour=armour_value), "6.5 B"),
        Line(T("difference"), f"{fp} - {armour_value} = {fp - armour_value} -> {diff:+d}", "6.5 D"),
    ]
    d = distance(shooter.hex, fire.target)
    column = next(i + 1 for i, (lo, hi) in enumerate(bands(shooter.counter)) if lo <= d <= hi)
    lines.append(Line(T("range column"), T("{d} hexes: column {column}", d=d, column=column), "6.5 E"))
    shifts: list[tuple[str, int, str]] = []
    missile = bool(shooter.values.get("missile"))
    evading = missile and evades(game, position, target, shooter.hex)
    per = EVADE_SHIFT if evading else 1
    if evading:
        lines.append(Line(T("missile evasion"),
                          T("{target} sees the firer: the larger shifts (demo value)", target=target.id),
                          "6.52"))
    if defilade(position, shooter.hex, fire.target):
        base = per if missile else GUN_DEFILADE
        cut = height_cut(position, shooter.hex, fire.target)
        if cut:
            lines.append(Line(T("height advantage"), T("defilade {cut} shift(s) less", cut=cut), "18.3"))
        if base - cut > 0:
            shifts.append((T("target in defilade"), base - cut, "6.57"))
    if target.has(CAUTIOUS):
        shifts.append((T("target cautious"), per, "5.2"))
    if missile and position.map.terrain(fire.target) == "woods":
        shifts.append((T("target in woods"), per, "6.52"))
    if position.scenario.options.get("advanced"):  # [18.2], [18.22] the detailed range modifiers
        from hexmate.rules.games.fireteam import advanced

        top = max(hi for _, hi in bands(shooter.counter))
        if missile and advanced.missile_range_shift(top, d):
            shifts.append((T("missile beyond half its range"), 1, "18.2"))
        if kind == "HV" and advanced.hv_range_shift(d):
            shifts.append((T("HV at long range"), advanced.hv_range_shift(d), "18.22"))
    if game.night(position):
        from hexmate.rules.games.fireteam import night

        shifts.append((T("night"), night.GM_SHIFT, "15.4"))
        if night.beyond_sight(game, position, [shooter.hex], [target]):
            shifts.append((T("at a Gun Flash beyond sighting range"), night.FLASH_SHIFT, "15.6"))
    smoked = game.gstate(position.state).smoke
    if shooter.hex in smoked or fire.target in smoked:
        shifts.append((T("smoke (demo value)"), 1, "10.32"))
    if shooter.has(CAUTIOUS):
        shifts.append((T("firer cautious (demo value)"), 3, "6.23"))
    if shooter.type == VEHICLE and shooter.has(VEHICLE_FEAR):
        shifts.append((T("firer Vehicle Fear"), 1, "6.35"))
    elif shooter.type != VEHICLE and fear(shooter):
        shifts.append((T("firer Fear {fear}", fear=fear(shooter)), fear(shooter), "6.54"))
    if shooter.id in game.cp(position.state).moving_fired:
        shifts.append((T("Moving Fire"), 3, "6.61"))  # turning to fire is not added to it
    elif shooter.type == VEHICLE and not in_front(shooter, fire.target):
        shifts.append((T("turning to fire"), 2, "6.43"))
    leaders = [u for u in firers if u.type == LEADER]
    if leaders and shooter.type != VEHICLE:
        mod = max(int(u.values.get("modifier", 0)) for u in leaders)
        shifts.append((T("leader -{mod}", mod=mod), -mod, "6.53"))
    for label, value, rule in shifts:
        lines.append(Line(label, f"{abs(value)} {'R' if value > 0 else 'L'}", rule))
    col = max(1, column + sum(v for _, v, _ in shifts))
    chart = position.charts.chart("gm_kill")
    width = len(chart.axis("column").keys)
    if col > width:
        kill = 0
        lines.append(Line(T("kill number"), T("shifted off the right edge: no effect"), "6.5 G"))
    else:
        cell = chart.lookup(differential=diff, column=col - 1)
        kill = int(cell) if str(cell).isdigit() else 0
        lines.append(Line(T("kill number"), T("column {col}: {cell}", col=col, cell=cell), "6.5 H"))
    result = "K" if kill and roll <= kill else "-"
    lines.append(Line(T("roll"), T("{roll} <= {kill}: destroyed", roll=roll, kill=kill) if result == "K"
                      else T("{roll} > {kill}: no effect", roll=roll, kill=kill), "6.5 I"))
    results = {target.id: result}
    if shooter.type == VEHICLE and shooter.values.get("missile") and roll in (1, 10):
        lines.append(Line(T("ammunition"),
                          T("{shooter}'s missile is depleted (rolled {roll})",
                            shooter=shooter.id, roll=roll), "6.56"))
        results[shooter.id] = "AD"
    ammo = str(shooter.values.get("ammo", ""))
    if shooter.type != VEHICLE and ammo and str(roll) in ammo.split(","):
        lines.append(Line(T("ammunition"),
                          T("{shooter} rolled its Ammo number {roll}: removed",
                            shooter=shooter.id, roll=roll), "6.56"))
        results[shooter.id] = "AR"
    return Resolution(fire, "gm", position.charts.label, position.charts.demo, tuple(lines), results,
                      T("{action}: {target} killed", action=position.action_text(fire), target=target.id)
                      if result == "K" else
                      T("{action}: {target} no effect", action=position.action_text(fire), target=target.id))


def height_cut(position: Position, firer: Hex, target: Hex) -> int:
    """[18.3] A firer 2 levels above the target takes 1 off the defilade, 3 or more levels 2."""
    rise = position.map.level(firer) - position.map.level(target)
    return 2 if rise >= 3 else 1 if rise == 2 else 0


def resume_gm(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.fireteam import fire as ft_fire

    assert decision.target is not None and answer.dice is not None
    resolution = resolve(game, position, act.Fire(decision.subject, decision.target, answer.dice),
                         decision.arg("aim"), decision.arg("ammo"))
    state = ft_fire.uncautious(position.state.replace(resolution=resolution), decision.subject)
    gs = game.gstate(state)
    targets = frozenset(u for u, r in resolution.results.items() if r in ("K", "-"))  # [8.3] fired at
    state = state.replace(game=gs.replace(fired_at=gs.fired_at | targets))
    for uid, result in resolution.results.items():
        if result == "AD" and uid in state.units:
            state = state.with_unit(state.units[uid].mark(DEPLETED))
        if result == "AR" and uid in state.units:
            state = state.without_unit(uid)  # [6.56] a team's or SW's Ammo number: it is removed
    if decision.arg("opportunity"):
        state = ft_fire.halt_hit(game, state, resolution.results)
    hits = {u: r for u, r in resolution.results.items() if r == "K"}
    return ft_fire.apply_results(position.at(state), dataclasses.replace(resolution, results=hits))


__all__ = [
    "CAUTIOUS", "DEPLETED", "VEHICLE_FEAR", "bands", "check", "check_counter", "cost_fn", "declare",
    "defilade", "face_along", "in_front", "is_gm", "movement_allowance", "path_ok", "resolve", "resume_gm",
]
