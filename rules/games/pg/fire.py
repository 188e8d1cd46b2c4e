"""PG direct fire (7.3-7.6, 10.0) and opportunity fire (13.0-13.2) on the decision stack: a fire is declared,
the firer rolls 2d6 (a roll decision tied to the firers and the target hex), the attack is worked out once
into ``State.resolution`` (every column shift with its rule) and its result becomes decisions: the step
losses the owner allots (7.61) and the morale checks the owner rolls (14.1), leaders first.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, lose_step, stack_groups
from hexmate.rules.games.pg import morale as pg_morale
from hexmate.rules.hexes import Hex, distance

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MARK = pg_morale.MARK
OPP = "opp_fire"  # the second MOVED/FIRED marker a unit carries after its first opportunity fire (13.1)


def opportunity(position: Position) -> bool:
    """Is a fire now opportunity fire at a unit moving through a hex (13.0)?"""
    top = position.state.decision
    return position.state.moving is not None and top is not None and top.kind == "react"


def movers(position: Position) -> list[UnitState]:
    moving = position.state.moving
    if moving is None:
        return []
    return [position.units[u] for u in moving.units if u in position.units]


def may_opportunity_fire(game: PgGame, position: Position, unit: UnitState) -> str | None:
    """13.0, 13.1: a unit not yet activated this turn, or one with its first opportunity fire's second
    marker, may fire at a mover; a demoralized one may not (14.3); once per mover per hex (13.2)."""
    if unit.type == "leader":
        return "leaders have no direct fire of their own (6.42)"
    if unit.has(MARK) and not unit.has(OPP):
        return f"{unit.id} has already acted this turn (13.0)"
    if unit.has("demoralized"):
        return f"{unit.id} is demoralized and may not fire (14.3)"
    if unit.id in game.gstate(position.state).fired_here:
        return f"{unit.id} has already fired at this mover in this hex (13.2)"
    return None


def check(game: PgGame, position: Position, fire: act.Fire) -> act.Fire:
    firers, start = group_of(position, frozenset(fire.firers), "7.33")
    opp = opportunity(position)
    side = position.state.decision.side if opp and position.state.decision else position.to_act
    if any(u.side != side for u in position.units_at(start)):
        raise IllegalAction("units in an assault hex may not fire out of it", "12.52")
    for unit in firers:
        if unit.side != side:
            raise IllegalAction(f"{unit.id} is not {side}'s: {side} fires now", "3.0 B")
        why = may_opportunity_fire(game, position, unit) if opp and unit.type != "leader" else (
            None if opp else game.can_act(position, unit))
        if why:
            raise IllegalAction(why)
        if unit.has("demoralized"):
            raise IllegalAction(f"{unit.id} is demoralized and may not fire", "14.3")
    shooters = [u for u in firers if u.type != "leader"]
    if not shooters:
        raise IllegalAction("leaders have no direct fire of their own", "6.42")
    if fire.target not in position.map.hexes:
        raise IllegalAction("the target hex is not on the map", "7.3")
    if opp:
        moving = position.state.moving
        assert moving is not None
        if fire.target != moving.here:
            raise IllegalAction(
                f"opportunity fire is at the moving unit in the hex it has just entered "
                f"({position.label(moving.here)})", "13.1")
    targets = [u for u in position.units_at(fire.target) if u.side != side]
    if not targets:
        raise IllegalAction("no enemy unit in the target hex", "10.0")
    if any(u.side == side for u in position.units_at(fire.target)):
        raise IllegalAction(
            "no direct fire into a hex holding friendly units (nor an assault hex)", "7.24, 12.53"
        )
    d = distance(start, fire.target)
    for unit in shooters:
        if d > int(unit.values["df_range"]):
            raise IllegalAction(
                f"{unit.id} has range {unit.values['df_range']}, the target is {d} hexes away", "7.32")
    if not pg_morale.spots(game, position, shooters[0], fire.target):  # 8.0: the firers see it themselves
        sight = game.terrain_table().line_of_sight(position.map, start, fire.target)
        why = sight.reason if sight.blocked else "the target is in restrictive terrain beyond 3 hexes (8.21)"
        raise IllegalAction(f"{position.label(fire.target)} is not spotted: {why}", "8.0")
    return fire


def resolve(game: PgGame, position: Position, fire: act.Fire) -> Resolution:
    """The Direct Fire Table (10.0): the firers' DF summed (halved when disrupted, rounded up per unit, 1.2,
    14.2; +1 leader combat modifier each, 6.42), the column shifts capped +3/-2 (10.3), one 2d6 roll."""
    assert fire.dice is not None
    roll = PG_2D6.from_values(fire.dice).total
    opp = opportunity(position)
    firers = [position.units[u] for u in fire.firers]
    side = firers[0].side
    shooters = [u for u in firers if u.type != "leader"]
    leaders = [u for u in firers if u.type == "leader" and not u.has("demoralized")]
    lines = []
    total = 0
    for i, unit in enumerate(shooters):
        df = int(unit.values["df"])
        note = f"{unit.id} {df}"
        if unit.has("disrupted"):
            df = math.ceil(df / 2)
            note += f" halved (disrupted, rounded up) = {df}"
        if i < len(leaders):
            bonus = int(leaders[i].values.get("combat", 0))
            df += bonus
            note += f" + {bonus} ({leaders[i].id}) = {df}"
        total += df
        lines.append(Line("DF", note, "6.42" if i < len(leaders) else "10.0"))
    chart = position.charts.chart("dft")
    axis = chart.axis("df")
    col = axis.locate(total)
    start = firers[0].hex
    assert start is not None
    d = distance(start, fire.target)
    shifts = []
    if d == 1:
        shifts.append(("target adjacent", 2, "10.3"))
    if d >= 3:
        shifts.append(("range 3 or more", -1, "7.33"))
    if opp:
        targets = movers(position)  # 7.64: only the moving unit (and leaders moving with it) is hit
    else:
        targets = [u for u in position.units_at(fire.target) if u.side != side]
        if sum(1 for u in targets if u.type != "leader") >= 3:  # 13.1: never for opportunity fire
            shifts.append(("three combat units in the hex", 1, "4.4"))
    terrain_shift = int(game.terrain_table().fire_shift(position.map, fire.target))
    if terrain_shift:
        shifts.append((f"target terrain ({position.map.terrain(fire.target)})", terrain_shift, "7.5"))
    net = sum(v for _, v, _ in shifts)
    capped = max(-2, min(3, net))  # 10.3
    for label, value, rule in shifts:
        lines.append(Line(label, f"{value:+d}", rule))
    if capped != net:
        lines.append(Line("net shift capped", f"{net:+d} -> {capped:+d}", "10.3"))
    if col is None:
        result = "-"
        lines.append(Line("DFT", f"{total} is below the lowest column", "7.51"))
    else:
        col = max(0, min(len(axis) - 1, col + capped))  # 7.51: never below the lowest column
        result = str(chart.lookup(df=axis.key_at(col), roll=roll))
        lines.append(Line("DFT", f"{total} -> column {axis.key_at(col)}, roll {roll} -> {result}", "10.0"))
    kind = "opportunity fire" if opp else "direct fire"
    return Resolution(
        fire, "dft", position.charts.label, position.charts.demo, tuple(lines),
        {u.id: result for u in targets}, f"{position.action_text(fire)} ({kind}): {result}",
    )


def declare(game: PgGame, position: Position, fire: act.Fire) -> State:
    """The firers are marked (7.46; an opportunity fire's first shot takes two markers, its second leaves
    one, 13.1) and the firing side rolls 2d6."""
    state = position.state
    opp = opportunity(position)
    for uid in fire.firers:
        unit = state.units[uid]
        if opp and unit.type != "leader":
            unit = unit.mark(remove=(OPP,)) if unit.has(OPP) else unit.mark(MARK, OPP)
            state = state.replace(game=game.gstate(state).replace(
                fired_here=(*game.gstate(state).fired_here, uid)))
        else:
            unit = unit.mark(MARK)
        state = state.with_unit(unit)
    names = ", ".join(fire.firers)
    rule = "13.1" if opp else "10.0"
    return state.push(
        Decision(
            "roll", state.units[fire.firers[0]].side,
            f"{names} fire at {position.label(fire.target)}: roll 2d6 on the Direct Fire Table",
            rule, "dft", dice="2d6", subject=tuple(fire.firers), target=fire.target,
        )
    )


def resume_dft(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The roll is in: the attack is worked out once (State.resolution) and its result becomes decisions."""
    assert decision.target is not None and answer.dice is not None
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    resolution = resolve(game, position, fire)
    state = position.state.replace(resolution=resolution)
    ids = sorted(resolution.results)
    result = next(iter(resolution.results.values()), "-")
    if result == "-" or not ids:
        return state
    if result.startswith("M"):  # 7.4: M, M1, M2
        modifier = int(result[1:] or 0)
        order = pg_morale.check_order(state, ids)
        return state.push(*(pg_morale.mc(position, u, modifier, "7.4") for u in order))
    if result.endswith("X"):
        steps = int(result[:-1] or 1)
        return step_loss(game, position.at(state), tuple(ids), steps, steps)
    raise IllegalAction(f"unknown Direct Fire Table result {result!r} in the chart pack")


def _morale_state(unit: UnitState) -> int:
    return 2 if unit.has("demoralized") else 1 if unit.has("disrupted") else 0


def step_loss(game: PgGame, position: Position, targets: tuple[str, ...], left: int, of: int,
              best_first: bool = False) -> State:
    """7.61: each step of an X result falls on a combat unit of the hex the owner chooses (one to choose from:
    no question); then every survivor checks morale at M2 (7.6), leaders first (14.1). In an assault the
    first step falls on a unit in the best morale state (7.63)."""
    state = position.state
    alive = [u for u in targets if u in state.units]
    candidates = tuple(u for u in alive if state.units[u].type != "leader")
    if left <= 0 or not candidates:
        return state.push(*(pg_morale.mc(position, u, 2, "7.6") for u in pg_morale.check_order(state, alive)))
    rule = "7.61"
    if best_first and left == of:
        best = min(_morale_state(state.units[u]) for u in candidates)
        candidates = tuple(u for u in candidates if _morale_state(state.units[u]) == best)
        rule = "7.63"
    if len(candidates) == 1:
        state = lose_step(state, state.units[candidates[0]])
        return step_loss(game, position.at(state), targets, left - 1, of, best_first)
    owner = state.units[candidates[0]].side
    return state.push(
        Decision(
            "units", owner,
            f"choose the unit that takes step loss {of - left + 1} of {of}", rule, "step",
            units=candidates, subject=targets, target=state.units[candidates[0]].hex,
            args=(("best_first", "1" if best_first else ""), ("left", str(left)), ("of", str(of))),
        )
    )


def resume_step(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    state = lose_step(state, state.units[answer.units[0]])
    left, of = int(decision.arg("left", "1")) - 1, int(decision.arg("of", "1"))
    return step_loss(game, position.at(state), decision.subject, left, of, bool(decision.arg("best_first")))


def can_react(game: PgGame, position: Position, side: str) -> bool:
    """Could any one unit of ``side`` fire at the mover in the hex it has just entered (13.0)? Never at
    units entering an assault hex (13.2)."""
    moving = position.state.moving
    if moving is not None and any(u.side == side for u in position.units_at(moving.here)):
        return False
    return any(True for _ in generate(game, position, side, singles_only=True))


def generate(game: PgGame, position: Position, side: str, singles_only: bool = False) -> Iterator[act.Fire]:
    """Fires ``side`` could declare now: at the mover's hex in a reaction window, else at any enemy hex."""
    moving = position.state.moving
    opp = moving is not None
    if opp:
        assert moving is not None
        targets = [moving.here]
    else:
        targets = sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None},
                         key=lambda h: (h.q, h.r))
    probe = position
    if opp and (position.state.decision is None or position.state.decision.kind != "react"):
        probe = position.at(position.state.push(Decision("react", side, "", "13.0", "move_on")))

    def eligible(u: UnitState) -> bool:
        if u.side != side or u.has("demoralized"):
            return False
        if opp:
            return u.type == "leader" or may_opportunity_fire(game, probe, u) is None
        return game.can_act(probe, u) is None

    for group in stack_groups(probe, eligible):
        if singles_only and len(group) > 1:
            continue
        for target in targets:
            if not _near(probe, group, target):
                continue
            fire = act.Fire(tuple(sorted(group)), target)
            try:
                check(game, probe, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire


def _near(position: Position, group: frozenset[str], target: Hex) -> bool:
    units = [position.units[u] for u in group]
    reach = max((int(u.values.get("df_range", 0)) for u in units if u.type != "leader"), default=0)
    here = units[0].hex
    return here is not None and distance(here, target) <= reach
