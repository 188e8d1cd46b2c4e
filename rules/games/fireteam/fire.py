"""Fire Team AP fire on the IFT [6.3] and its results [6.33]-[6.38] as decisions on the stack.

A fire (the active side's, or opportunity fire at a mover [7.0]) opens the firer's d10 roll; its answer is
worked out once into ``State.resolution`` (firepower, column, DRMs, final DR, result, each a named line) and
the results are applied from it: Fear, step losses, elimination, then the rolls the results call for (a
leader's casualty check [6.38] and each unit's panic check [6.36]), each rolled by the units' owner.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import FT_D10
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, lose_step, stack_groups
from hexmate.rules.hexes import Hex, distance

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

LEADER = "leader"
ACTIVATED = "activated"  # used its activation this Action Phase (the stand-in for the CP budget, 4.22)
OPP_FIRE = "opp_fire"  # the Opportunity Fire marker: once per impulse against ground units [7.21], [7.23]
PANIC_AT = 7  # [6.36] a modified d10 of 7 or more panics
LEADER_HIT = 2  # [6.38] a leader casualty check of 1 or 2 eliminates him


def fear(unit: UnitState) -> int:
    for m in unit.markers:
        if m.startswith("fear"):
            return int(m[4:])
    return 0


def with_fear(unit: UnitState, level: int) -> UnitState:
    """[6.33] Fear adds up to at most 4; leaders are never feared."""
    if unit.type == LEADER:
        return unit
    old = tuple(m for m in unit.markers if m.startswith("fear"))
    level = max(0, min(4, level))
    return unit.mark(*((f"fear{level}",) if level else ()), remove=old)


def panics_on(before: int, added: int) -> bool:
    """[6.36] A unit at Fear 2 taking a further +2, or at Fear 3 or 4 taking any further Fear, checks panic
    (a "1" result adds Fear +1, so it triggers at Fear 3 or 4 as the text reads)."""
    return (before == 2 and added >= 2) or (before >= 3 and added >= 1)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def reacting(position: Position) -> bool:
    """Is this opportunity fire [7.0]: a reaction window at a mover is open?"""
    top = position.state.decision
    return top is not None and top.kind == "react"


def firing_side(position: Position) -> str:
    return position.to_act  # the active side, or in a reaction window the side that may react


def check(game: FireTeamGame, position: Position, fire: act.Fire) -> act.Fire:
    """Who may fire at what [6.2], [6.22], [6.24], [7.0]-[7.21]; IllegalAction citing the rule otherwise."""
    if position.phase.id != "action":
        raise IllegalAction("units fire in the Action Phase", "3.0")
    firers, start = group_of(position, frozenset(fire.firers), "6.24")
    side = firing_side(position)
    opportunity = reacting(position)
    for unit in firers:
        if unit.side != side:
            raise IllegalAction(f"{unit.id} is not {side}'s: only {side} may fire now", "3.0")
        if unit.type == LEADER:
            continue  # a leader lends his modifier [6.31]; he fires no firepower of his own [2.34]
        if opportunity and unit.has(OPP_FIRE):
            raise IllegalAction(f"{unit.id} has already used opportunity fire this impulse", "7.21")
        if not opportunity and unit.has(ACTIVATED):
            raise IllegalAction(f"{unit.id} has already been activated this Action Phase", "4.22")
    shooters = [u for u in firers if u.type != LEADER]
    if not shooters:
        raise IllegalAction("a leader has no firepower of his own", "2.34")
    target = fire.target
    if target not in position.map.hexes or not [u for u in position.units_at(target) if u.side != side]:
        raise IllegalAction("no enemy unit in the target hex", "6.3")
    if opportunity:
        moving = position.state.moving
        if moving is None or moving.here != target:
            raise IllegalAction("opportunity fire is at an enemy in the hex it has just entered", "7.1")
    d = distance(start, target)
    if d == 0:
        raise IllegalAction("fire into one's own hex is close combat, outside the basic rules", "14.1")
    for unit in shooters:
        if d > 2 * int(unit.values["range"]):
            raise IllegalAction(
                f"{unit.id} fires at most twice its range ({unit.values['range']}); the target is {d} away",
                "6.22",
            )
    sight = game.terrain_table().line_of_sight(position.map, start, target)
    if sight.blocked:
        raise IllegalAction(f"no line of sight to {position.label(target)}: {sight.reason}", "6.1")
    return act.Fire(tuple(u.id for u in firers), target, fire.dice)


def declare(game: FireTeamGame, position: Position, fire: act.Fire) -> State:
    """The fire is declared: opportunity firers take the Opportunity Fire marker [7.23], active firers use
    their activation [4.22]; the firer's d10 is asked for."""
    state = position.state
    opportunity = reacting(position)
    for uid in fire.firers:
        unit = state.units[uid]
        if unit.type != LEADER:
            state = state.with_unit(unit.mark(OPP_FIRE if opportunity else ACTIVATED))
    kind = "opportunity fire" if opportunity else "fire"
    return state.push(
        Decision(
            "roll", state.units[fire.firers[0]].side,
            f"{', '.join(fire.firers)} {kind} at {position.label(fire.target)}: roll the d10 on the IFT",
            "7.1" if opportunity else "6.3", "ift", dice="d10", subject=tuple(fire.firers),
            target=fire.target, args=(("opportunity", "yes" if opportunity else ""),),
        )
    )


def resolve(game: FireTeamGame, position: Position, fire: act.Fire) -> Resolution:
    """[6.3] steps 1-4: each firer's modified firepower (multipliers cumulative), the highest IFT column not
    above the total, the DRMs, the final DR clamped to 1..14, the result for every unit in the hex."""
    assert fire.dice is not None
    roll = FT_D10.from_values(fire.dice).total
    firers = [position.units[u] for u in fire.firers]
    shooters = [u for u in firers if u.type != LEADER]
    side = firers[0].side
    start = firers[0].hex
    assert start is not None
    d = distance(start, fire.target)
    lines: list[Line] = []
    total = Fraction(0)
    for unit in shooters:
        fp = Fraction(int(unit.values["fp"]))
        note = f"{unit.id} {fp}"
        if d == 1:
            fp *= 2
            note += " x2 adjacent"
        if d > int(unit.values["range"]):
            fp /= 2
            note += " x1/2 beyond its range"
        total += fp
        lines.append(Line("firepower", f"{note} = {_fmt(fp)}", "6.22"))
    chart = position.charts.chart("ift")
    axis = chart.axis("fp")
    col = axis.locate(total)  # [6.3] step 2: the highest column not above the total
    column = axis.key_at(col) if col is not None else None
    lines.append(Line("column", f"{_fmt(total)} FP -> {column if column is not None else 'none'}", "6.3"))
    drms: list[tuple[str, int, str]] = []
    leaders = [u for u in firers if u.type == LEADER]
    if leaders:  # [6.31] one leader stacked with the firers lends his modifier
        best = max(leaders, key=lambda ldr: int(ldr.values.get("modifier", 0)))
        drms.append((f"leader {best.id}", -int(best.values.get("modifier", 0)), "6.31"))
    worst_fear = max(fear(u) for u in shooters)
    if worst_fear:
        drms.append(("firer Fear", worst_fear, "6.35"))
    tem = game.terrain_table().tem(position.map, fire.target)
    if tem:
        drms.append((f"target terrain {position.map.terrain(fire.target)}", tem, "17.2"))
    for label, value, rule in drms:
        lines.append(Line(label, f"{value:+d}", rule))
    drm = sum(v for _, v, _ in drms)
    final = max(1, min(14, roll + drm))  # [6.3] step 4: below 1 counts as 1, above 14 as 14
    lines.append(Line("final DR", f"{roll} {drm:+d} -> {final}", "6.3"))
    result = "-" if column is None else str(chart.lookup(fp=column, final_dr=final))
    lines.append(Line("result", result, "6.33"))
    targets = [u for u in position.units_at(fire.target) if u.side != side]
    return Resolution(
        fire, "ift", position.charts.label, position.charts.demo, tuple(lines),
        {u.id: result for u in targets}, f"{position.action_text(fire)}: {result}",
    )


def resume_ift(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The d10 is in: the fire is worked out once and its results applied from the resolution."""
    assert decision.target is not None and answer.dice is not None
    resolution = resolve(game, position, act.Fire(decision.subject, decision.target, answer.dice))
    state = position.state.replace(resolution=resolution)
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(fired_at=gs.fired_at | frozenset(resolution.results)))  # [8.2]
    if decision.arg("opportunity") and state.moving is not None:
        hit = [
            u for u, r in resolution.results.items()
            if u in state.moving.units and (r in ("1", "E") or (r != "-" and state.units[u].type != LEADER))
        ]
        if hit:  # [7.33] a mover feared (or worse) by opportunity fire ends its move in that hex; a leader
            # is never feared [6.33], so a "+1" or "+2" does not stop him
            gs = game.gstate(state)
            state = state.replace(game=gs.replace(halted=gs.halted + tuple(hit)))
    return apply_results(position.at(state), resolution)


def apply_results(position: Position, resolution: Resolution) -> State:
    """[6.33] applied from the resolution: E eliminates all; 1 costs every infantry unit a step and Fear +1
    and every leader a casualty check; +1/+2 add Fear. Panic checks follow for the units they trigger."""
    state = position.state
    casualty_checks: list[Decision] = []
    panic_checks: list[Decision] = []
    for uid, result in sorted(resolution.results.items()):
        unit = state.units.get(uid)
        if unit is None or result == "-":
            continue
        if result == "E":
            state = state.without_unit(uid)
        elif unit.type == LEADER:
            if result == "1":
                casualty_checks.append(_casualty_check(position, unit))
        elif result == "1":
            before = fear(unit)
            state = lose_step(state, unit)  # [6.37] full -> reduced -> eliminated
            if uid in state.units:
                state = state.with_unit(with_fear(state.units[uid], before + 1))
                if panics_on(before, 1):
                    panic_checks.append(_panic_check(position, unit, "1"))
        elif result in ("+1", "+2"):
            before, added = fear(unit), int(result[1])
            state = state.with_unit(with_fear(unit, before + added))
            if panics_on(before, added):
                panic_checks.append(_panic_check(position, unit, result))
        else:
            raise IllegalAction(f"unknown IFT result {result!r} in the chart pack", "6.33")
    return state.push(*casualty_checks, *panic_checks)


def _casualty_check(position: Position, leader: UnitState) -> Decision:
    return Decision(
        "roll", leader.side, f"{leader.id}: leader casualty check, 1-2 eliminates him", "6.38", "casualty",
        dice="d10", subject=(leader.id,), target=leader.hex,
    )


def _panic_check(position: Position, unit: UnitState, trigger: str) -> Decision:
    return Decision(
        "roll", unit.side, f"{unit.id}: panic check, 7 or more loses a step", "6.36", "panic",
        dice="d10", subject=(unit.id,), target=unit.hex, args=(("trigger", trigger),),
    )


def leader_modifier(state: State, unit: UnitState) -> tuple[int, str]:
    """The best modifier among the friendly leaders in the unit's hex (one leader applies), and his id."""
    leaders = [
        u for u in state.units.values() if u.type == LEADER and u.side == unit.side and u.hex == unit.hex
    ]
    if not leaders:
        return 0, ""
    best = max(leaders, key=lambda ldr: (int(ldr.values.get("modifier", 0)), ldr.id))
    return int(best.values.get("modifier", 0)), best.id


def resume_casualty(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[6.38] A leader rolling 1 or 2 is eliminated; every infantry unit in his hex gains Fear +1 for him."""
    state = position.state
    leader = state.units.get(decision.subject[0])
    roll = FT_D10.from_values(answer.dice or ()).total
    if leader is None or roll > LEADER_HIT:
        return state
    state = state.without_unit(leader.id)
    checks = []
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.hex == leader.hex and unit.type != LEADER:
            before = fear(unit)
            state = state.with_unit(with_fear(unit, before + 1))
            if panics_on(before, 1):
                checks.append(_panic_check(position, unit, "1"))
    return state.push(*checks)


def resume_panic(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[6.36] d10 - one leader's modifier in the hex (+1 when a "+2" set it off): 7 or more loses a step."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    roll = FT_D10.from_values(answer.dice or ()).total
    modifier, _ = leader_modifier(state, unit)
    final = roll - modifier + (1 if decision.arg("trigger") == "+2" else 0)
    if final >= PANIC_AT:
        state = lose_step(state, unit)
    return state


def can_fire_at(game: FireTeamGame, position: Position, side: str, target: Hex) -> bool:
    """Could any one unit of ``side`` fire at ``target`` now? (opens an opportunity fire window, 7.1)"""
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or unit.hex is None or unit.type == LEADER or unit.has(OPP_FIRE):
            continue
        if distance(unit.hex, target) > 2 * int(unit.values["range"]):
            continue
        try:
            check(game, position, act.Fire((unit.id,), target))
        except (IllegalAction, InvalidAction):
            continue
        return True
    return False


def generate(game: FireTeamGame, position: Position) -> Iterator[act.Action]:
    side = firing_side(position)
    moving = position.state.moving
    if reacting(position):
        targets = [moving.here] if moving is not None else []
    else:
        targets = sorted(
            {u.hex for u in position.units.values() if u.side != side and u.hex is not None},
            key=lambda h: (h.q, h.r),
        )

    def eligible(u: UnitState) -> bool:
        return u.side == side

    for group in stack_groups(position, eligible):
        if all(position.units[u].type == LEADER for u in group):
            continue
        for target in targets:
            fire = act.Fire(tuple(sorted(group)), target)
            try:
                yield check(game, position, fire)
            except (IllegalAction, InvalidAction):
                continue


__all__ = [
    "ACTIVATED", "OPP_FIRE", "apply_results", "can_fire_at", "check", "declare", "fear", "generate",
    "leader_modifier", "panics_on", "resolve", "resume_casualty", "resume_ift", "resume_panic",
    "with_fear",
]
