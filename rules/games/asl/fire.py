"""ASL fire (A7) in the subset: fire groups, FP modifiers, IFT DRMs, Cowering, the IFT lookup through the
chart pack, and the results (A7.301-A7.306) turned into decisions: the firer's IFT DR, then the casualties
to name and the morale and pin checks each target's owner rolls (A10.1), in the order A7.303 gives.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import stack_groups
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.scenario import CounterType

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

FIRE_MARKERS = {"PFPh": "prep_fire", "MPh": "first_fire", "DFPh": "final_fire", "AFPh": "advancing_fire"}
LEADER = "leader"


def _half(x: Fraction) -> Fraction:
    return x / 2


def _fmt(x: Fraction | int) -> str:
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    whole, rest = divmod(x.numerator, x.denominator)
    return f"{whole} {rest}/{x.denominator}" if whole else f"{rest}/{x.denominator}"


def _firers(position: Position, fire: act.Fire) -> list[UnitState]:
    out = []
    if len(set(fire.firers)) != len(fire.firers):
        raise InvalidAction("a firer is named twice")
    for uid in fire.firers:
        if uid not in position.units:
            raise InvalidAction(f"no unit {uid!r} in this game")
        out.append(position.units[uid])
    return out


def firing_side(position: Position) -> str:
    """Who fires now: the ATTACKER in PFPh/AFPh, the DEFENDER in the DFPh and, as First Fire, in the MPh."""
    if position.phase.id == "MPh":
        return position.enemy_of(position.phasing)  # A8.1 Defensive First Fire
    return position.to_act


def moving_targets(position: Position) -> list[UnitState]:
    """A8.1: Defensive First Fire is at the units moving now, in the hex they have just entered."""
    moving = position.state.moving
    top = position.state.decision
    if moving is None or top is None or top.kind != "react":
        return []
    return [position.units[u] for u in moving.units if u in position.units]


def check(game: AslGame, position: Position, fire: act.Fire) -> act.Fire:
    phase = position.phase.id
    side = firing_side(position)
    firers = _firers(position, fire)
    if not firers:
        raise IllegalAction("name the firing units", "A7.3")
    for unit in firers:
        if unit.side != side:
            raise IllegalAction(
                f"{unit.id} is not {side}'s; in the {position.phase.name} only {side} fires",
                position.phase.rule,
            )
        if unit.hex is None:
            raise IllegalAction(f"{unit.id} is not on the map")
        if unit.has("broken"):
            raise IllegalAction(f"{unit.id} is broken and has no FP", "A1.4")
        if unit.has(FIRE_MARKERS[phase]):
            raise IllegalAction(f"{unit.id} has already fired this phase", "A.15")
        if phase == "AFPh" and unit.has("prep_fire"):
            raise IllegalAction(f"{unit.id} prep fired this Player Turn and may not fire again", "A.15")
    shooters = [u for u in firers if u.type != LEADER]
    if not shooters:
        raise IllegalAction("a leader has no FP of his own; he directs other units' fire", "A7.53")
    shooter_hexes = {u.hex for u in shooters}
    for leader in (u for u in firers if u.type == LEADER):
        if leader.hex not in shooter_hexes:
            raise IllegalAction(
                f"{leader.id} is alone in his Location and may not join the fire group", "A7.5"
            )
    if len(shooter_hexes) > 1:
        for h in shooter_hexes:
            assert h is not None
            if not any(o is not None and distance(h, o) == 1 for o in shooter_hexes if o != h):
                raise IllegalAction(
                    f"fire group member at {position.label(h)} is not adjacent to another member", "A7.5"
                )
    target = fire.target
    if target not in position.map.hexes:
        raise IllegalAction("the target hex is not on the map", "A7.3")
    if not [u for u in position.units_at(target) if u.side != side]:
        raise IllegalAction(f"no enemy unit at {position.label(target)}", "A7.3")
    if phase == "MPh":
        movers = moving_targets(position)
        if not movers or movers[0].hex != target:
            raise IllegalAction(
                "Defensive First Fire is at a moving unit in the hex it has just entered", "A8.1"
            )
    if phase == "DFPh":
        for unit in firers:
            assert unit.hex is not None
            if unit.has("first_fire") and distance(unit.hex, target) > 1:
                raise IllegalAction(
                    f"{unit.id} First Fired: in the DFPh it may fire only at adjacent units", "A8.4"
                )
    for unit in shooters:
        assert unit.hex is not None
        d = distance(unit.hex, target)
        if d == 0:
            raise IllegalAction("fire at one's own Location (TPBF) is outside this subset", "A7.21")
        if d > 2 * int(unit.values["range"]):
            raise IllegalAction(
                f"{unit.id} is {d} hexes from the target, beyond twice its range of {unit.values['range']}",
                "A7.22",
            )
        sight = asl_terrain.line_of_sight(position, unit.hex, target)
        if sight.blocked:
            raise IllegalAction(
                f"{unit.id} has no line of sight to {position.label(target)}: {sight.reason}", "A6.1"
            )
    return fire


def _leadership(position: Position, firers: list[UnitState]) -> tuple[int, str] | None:
    """A7.53/A7.531: a leader directs the fire if there is a Good Order unpinned leader in every firing
    Location; the worst of their modifiers applies."""
    shooters = [u for u in firers if u.type != LEADER]
    leaders = [u for u in firers if u.type == LEADER and not u.has("pinned") and not u.has("broken")]
    if not leaders:
        return None
    best_per_hex = {}
    for h in {u.hex for u in shooters}:
        here = [int(ldr.values["leadership"]) for ldr in leaders if ldr.hex == h]
        if not here:
            return None
        best_per_hex[h] = min(here)
    worst = max(best_per_hex.values())
    names = ", ".join(ldr.id for ldr in leaders)
    return worst, names


def _firer_fp(position: Position, unit: UnitState, target: Hex, area: bool) -> tuple[Fraction, str]:
    """One firer's modified FP and the working (A7.2: fractions kept; doubling and halving combine)."""
    assert unit.hex is not None
    fp = Fraction(int(unit.values["fp"]))
    steps = [f"{unit.id} ({unit.name}) {_fmt(fp)}"]
    d = distance(unit.hex, target)
    if d == 1:
        fp *= 2
        steps.append("x2 point blank A7.21")
    if d > int(unit.values["range"]):
        fp = _half(fp)
        steps.append("x1/2 long range A7.22")
    if area:
        fp = _half(fp)
        steps.append("x1/2 area fire at concealed A7.23")
    phase = position.phase.id
    if phase == "DFPh" and unit.has("first_fire"):
        fp = _half(fp)
        steps.append("x1/2 final fire after First Fire A8.4")
    if phase == "AFPh":
        fp = _half(fp)
        steps.append("x1/2 advancing fire A7.24")
    if unit.has("pinned"):
        fp = _half(fp)
        steps.append("x1/2 pinned A7.8")
    if phase == "AFPh" and unit.values.get("assault_fire") and d <= int(unit.values["range"]):
        fp = Fraction(math.ceil(fp + 1))
        steps.append("+1 assault fire, rounded up A7.36")
    return fp, " ".join(steps) + f" = {_fmt(fp)}"


def resolve(game: AslGame, position: Position, fire: act.Fire) -> Resolution:
    assert fire.dice is not None
    roll = ASL_DR.from_values(fire.dice)
    firers = _firers(position, fire)
    shooters = [u for u in firers if u.type != LEADER]
    side = firers[0].side
    targets = [u for u in position.units_at(fire.target) if u.side != side]
    chart = position.charts.chart("ift")
    lines: list[Line] = []
    # DRMs (A7.3 step 5; all cumulative, A.17); worst hindrance of any member for the whole group (A7.52).
    drms: list[tuple[str, int, str]] = []
    led = _leadership(position, firers)
    if led is not None:
        drms.append((f"leadership ({led[1]})", led[0], "A7.53"))
    tem = asl_terrain.tem(position, fire.target)
    if tem:
        drms.append((f"target terrain ({position.map.terrain(fire.target)})", tem, "A7.6"))
    hindrance = max(
        asl_terrain.line_of_sight(position, u.hex, fire.target).hindrance
        for u in shooters
        if u.hex is not None
    )
    if hindrance:
        drms.append(("LOS hindrance", hindrance, "A6.7"))
    if any(u.has("cx") for u in firers):
        drms.append(("CX firer", 1, "A4.51"))
    if position.phase.id == "MPh":
        moving = {u.id for u in moving_targets(position)}
        movers = [u for u in targets if u.id in moving]
        targets = movers  # A8.1: First Fire affects only the units that are moving
        if not any(u.has("pinned") for u in movers):  # A7.83: a pinned unit loses FFNAM and FFMO
            if not all(u.has("assault") for u in movers):  # A4.61: Assault Movement has FFMO, no FFNAM
                drms.append(("First Fire at a moving unit (FFNAM)", -1, "A4.6"))
            if position.map.terrain(fire.target) == "open" and not tem and not hindrance:
                drms.append(("moving in Open Ground (FFMO)", -1, "A4.6"))
    drm = sum(v for _, v, _ in drms)
    final = roll.total + drm
    fp_lines: list[Line] = []
    for label, value, rule in drms:
        lines.append(Line(label, f"{value:+d}", rule))
    lines.append(Line("Original DR", f"{roll.white} white + {roll.coloured} coloured = {roll.total}", "A.1"))
    lines.append(Line("Final DR", f"{roll.total} {drm:+d} = {final}", "A7.3"))
    # A7.9 Cowering: doubles on an attack no leader directs, unless every firer is an SMC.
    shift = 0
    if roll.doubles and led is None and shooters:
        shift = 2 if any(u.values.get("inexperienced") for u in shooters) else 1
        lines.append(Line("Cowering", f"doubles, undirected: {shift} column(s) left", "A7.9"))
    results: dict[str, str] = {}
    summary_parts = []
    groups = [
        ("known", [u for u in targets if not u.concealed], False),
        ("concealed", [u for u in targets if u.concealed], True),
    ]
    for name, group, area in groups:
        if not group:
            continue
        total = Fraction(0)
        for unit in shooters:
            fp, working = _firer_fp(position, unit, fire.target, area)
            total += fp
            fp_lines.append(Line(f"FP vs {name}", working, "A7.2"))
        axis = chart.axis("fp")
        col = axis.locate(total)
        if col is not None:
            col -= shift
        if col is None or col < 0:
            result = "-"
            lines.append(Line(f"IFT vs {name}", f"{_fmt(total)} FP: no column left, no effect", "A7.9"))
        else:
            result = str(chart.lookup(fp=axis.key_at(col), final_dr=final))
            lines.append(
                Line(
                    f"IFT vs {name}",
                    f"{_fmt(total)} FP -> {axis.key_at(col)} column, final DR {final} -> {result}",
                    "A7.3",
                )
            )
        for unit in group:
            results[unit.id] = result
        summary_parts.append(f"{name} {result}")
    lines = fp_lines + lines
    summary = f"{position.action_text(fire)}: " + ", ".join(summary_parts)
    hidden = {u.id: u.side for u in targets if u.concealed}
    return Resolution(
        fire, "ift", position.charts.label, position.charts.demo, tuple(lines), results, summary, hidden
    )


def declare(game: AslGame, position: Position, fire: act.Fire) -> State:
    """The fire is declared: its firers are marked (and lose concealment, A12.14) and the firer rolls."""
    state = position.state
    marker = FIRE_MARKERS[position.phase.id]
    for uid in fire.firers:
        unit = state.units[uid]
        if marker == "final_fire":
            unit = unit.mark(remove=("first_fire",))  # A8.4: the First Fire counter flips to Final Fire
        # A12.14: a unit loses "?" when it fires (in LOS of a Good Order enemy; here, always).
        state = state.with_unit(unit.mark(marker).revealed())
    names = ", ".join(fire.firers)
    return state.push(
        Decision(
            "roll", state.units[fire.firers[0]].side,
            f"{names} fire at {position.label(fire.target)}: roll the IFT DR",
            "A7.3", "ift", dice="DR", subject=tuple(fire.firers), target=fire.target,
        )
    )


def resume_ift(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The IFT DR is in: the attack is worked out once (State.resolution) and its results become decisions."""
    assert decision.target is not None and answer.dice is not None
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    resolution = resolve(game, position, fire)
    state = position.state
    decisions: list[Decision] = []
    by_result: dict[str, list[str]] = {}
    for uid, result in resolution.results.items():
        by_result.setdefault(result, []).append(uid)
    for result, ids in by_result.items():
        decisions.extend(_decisions_for(position, result, ids))
    state = state.replace(resolution=resolution)
    if decisions and decisions[0].then == "casualty" and len(decisions[0].units) == 1:
        # Random Selection among one unit picks it (A.9): no question to ask.
        only, rest = decisions[0], decisions[1:]
        state = resume_casualty(game, position.at(state.push(*rest)), only, act.Answer(units=only.units))
        return state
    return state.push(*decisions)


def _mc_order(state: State, ids: list[str]) -> list[str]:
    # A7.303: each target checks separately, the best leader first.
    def key(uid: str) -> tuple[int, int, str]:
        unit = state.units[uid]
        return (0 if unit.type == LEADER else 1, -int(unit.values["morale"]), uid)

    return sorted(ids, key=key)


def mc(position: Position, uid: str, n: int, rule: str) -> Decision:
    """A Morale Check (NMC when n is 0) the unit's owner rolls (A10.1)."""
    unit = position.units[uid]
    what = f"{n}MC" if n else "NMC"
    return Decision(
        "roll", unit.side, f"{uid} takes a {what}", rule, "mc", dice="DR", subject=(uid,),
        target=unit.hex, args=(("drm", str(n)),),
    )


def _decisions_for(position: Position, result: str, ids: list[str]) -> list[Decision]:
    state = position.state
    side = state.units[ids[0]].side
    if result == "-":
        return []
    if result == "PTC":
        return [
            Decision("roll", side, f"{u} takes a pin check (NTC)", "A7.305", "ptc", dice="DR", subject=(u,),
                     target=state.units[u].hex)
            for u in _mc_order(state, ids)
            if not state.units[u].has("broken")
        ]
    if result.endswith("MC"):
        n = 0 if result == "NMC" else int(result[:-2])
        return [mc(position, u, n, "A7.304" if n else "A7.303") for u in _mc_order(state, ids)]
    if result.startswith("K/") or result.endswith("KIA"):
        k = result.startswith("K/")
        n = int(result[2:]) if k else int(result[:-3])
        return [casualty(position, tuple(ids), "K" if k else "KIA", n)]
    raise IllegalAction(f"unknown IFT result {result!r} in the chart pack")


def casualty(position: Position, group: tuple[str, ...], effect: str, n: int) -> Decision:
    """Name the unit Random Selection picks (A.9) for a K or KIA result among the targets."""
    side = position.units[group[0]].side
    rule = "A7.302" if effect == "K" else "A7.301"
    hexes = {position.units[u].hex for u in group}
    return Decision(
        "units", side,
        f"name the unit Random Selection picks for the {effect if effect == 'K' else str(n) + 'KIA'} result "
        f"among {', '.join(group)}",
        rule, "casualty", units=group, subject=group, target=next(iter(hexes)) if len(hexes) == 1 else None,
        args=(("effect", effect), ("n", str(n))),
    )


def resume_casualty(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units[answer.units[0]]
    group = tuple(u for u in decision.units if u != unit.id and u in state.units)
    effect, n = decision.arg("effect"), int(decision.arg("n", "1"))
    if effect == "KIA":
        state = state.without_unit(unit.id)
        if n > 1 and group:
            return state.push(casualty(position.at(state), group, "KIA", n - 1))
        for uid in group:  # A7.301: every survivor breaks (a broken one is Casualty Reduced instead)
            state = _break(position.scenario.counters, state, state.units[uid])
        return state
    state, reduced = _reduce(position.scenario.counters, state, unit)
    checks = list(group) + ([reduced.id] if reduced is not None and reduced.type != LEADER else [])
    view = position.at(state)
    return state.push(*(mc(view, u, n, decision.rule) for u in _mc_order(state, checks) if u in state.units))


def _reduce(
    counters: Mapping[str, CounterType], state: State, unit: UnitState
) -> tuple[State, UnitState | None]:
    """Casualty Reduction (A7.302): a squad becomes its HS, a HS or crew is eliminated, an SMC is wounded."""
    if unit.type == LEADER:
        wounded = unit.mark("wounded")
        return state.with_unit(wounded), wounded
    to = unit.values.get("reduces_to")
    if unit.type == "squad" and isinstance(to, str) and to in counters:
        half = unit.as_counter(counters[to]).revealed()
        return state.with_unit(half), half
    return state.without_unit(unit.id), None


def _break(counters: Mapping[str, CounterType], state: State, unit: UnitState) -> State:
    if unit.has("broken"):
        return _reduce(counters, state, unit)[0]
    return state.with_unit(unit.revealed().mark("broken", remove=("pinned", "cx")))


def _leader_drm(state: State, unit: UnitState) -> int:
    helpers = [
        int(ldr.values["leadership"])
        for ldr in state.units.values()
        if ldr.type == LEADER
        and ldr.hex == unit.hex
        and ldr.id != unit.id
        and ldr.side == unit.side
        and not ldr.has("broken")
        and not ldr.has("pinned")
    ]
    return min(helpers) if helpers else 0  # A10.7: the leader's DRM helps


def resume_ptc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    roll = ASL_DR.from_values(answer.dice or ())
    morale = int(unit.values["broken_morale" if unit.has("broken") else "morale"])
    if roll.total + _leader_drm(state, unit) > morale:
        state = state.with_unit(unit.mark("pinned"))  # A7.305
    return state


def resume_mc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:  # eliminated meanwhile (a later KIA)
        return state
    counters = position.scenario.counters
    roll = ASL_DR.from_values(answer.dice or ())
    broken = unit.has("broken")
    morale = int(unit.values["broken_morale" if broken else "morale"])
    final = roll.total + int(decision.arg("drm", "0")) + _leader_drm(state, unit)
    if roll.total == 12:  # A10.31 Casualty MC
        if broken:
            return state.without_unit(unit.id)
        state, reduced = _reduce(counters, state, unit)
        return _break(counters, state, reduced) if reduced is not None else state
    if final > morale:
        return _break(counters, state, unit)  # A10.3: a failed MC breaks the unit
    if final == morale and not broken:
        return state.with_unit(unit.mark("pinned"))  # A7.8: passing exactly pins
    return state


def can_fire_at(game: AslGame, position: Position, target: Hex) -> bool:
    """Could any one unit of the firing side fire at ``target`` now? (opens a First Fire window, A8.1)"""
    side = firing_side(position)
    marker = FIRE_MARKERS[position.phase.id]
    for unit in position.units.values():
        if unit.side != side or unit.hex is None or unit.type == LEADER or unit.has("broken"):
            continue
        if unit.has(marker) or distance(unit.hex, target) > 2 * int(unit.values["range"]):
            continue
        try:
            check(game, position, act.Fire((unit.id,), target))
        except (IllegalAction, InvalidAction):
            continue
        return True
    return False


def generate(game: AslGame, position: Position) -> Iterator[act.Action]:
    side = firing_side(position)
    marker = FIRE_MARKERS[position.phase.id]
    enemy_hexes = sorted(
        {u.hex for u in position.units.values() if u.side != side and u.hex is not None},
        key=lambda h: (h.q, h.r),
    )
    movers = moving_targets(position)
    if position.phase.id == "MPh":
        enemy_hexes = [movers[0].hex] if movers and movers[0].hex is not None else []

    def eligible(u: UnitState) -> bool:
        return (
            u.side == side
            and not u.has("broken")
            and not u.has(marker)
            and not (position.phase.id == "AFPh" and u.has("prep_fire"))
        )

    for group in stack_groups(position, eligible):
        for target in enemy_hexes:
            fire = act.Fire(tuple(sorted(group)), target)
            try:
                check(game, position, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire
