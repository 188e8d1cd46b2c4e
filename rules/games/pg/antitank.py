"""PG anti-tank fire (11.0-11.3, 7.42): one firer at one vehicle it spots itself; 2d6 + AT - armour + DRMs on
the AT chart (a modified 10 or more damages or destroys, 1.1). A vehicle without armour counts -1 (11.1);
crossfire +2 against a vehicle already AT-fired at this turn that has not moved since, when the new line keeps
clear of the hexes next to the first (11.1); at 100-150% of its range a unit with AT 2 or more fires at half
its AT, rounded up (11.3); night -1 (1.2). Tank superiority (11.2) gives a full-strength AFV marked
``superior`` two AT shots a turn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules import los
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import lose_step
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def at_value(unit: UnitState, d: int) -> int | None:
    """11.3: the AT strength at range ``d`` (halved, rounded up, between 100% and 150% of the printed range,
    for AT 2 or more); None out of range. A range-0 weapon fires only in its own hex (11.5)."""
    at, rng = pu.value(unit, "at"), pu.value(unit, "at_range")
    if at <= 0:
        return None
    if d <= rng:
        return at
    if at >= 2 and d <= math.ceil(rng * 3 / 2):
        return math.ceil(at / 2)
    return None


def at_targets(game: PgGame, position: Position, firer: UnitState, h: Hex) -> tuple[str, ...]:
    """The enemy vehicles in ``h`` this firer may AT-fire at: in (extended) range and spotted by it (8.0)."""
    if firer.hex is None or pu.value(firer, "at") <= 0:
        return ()
    d = distance(firer.hex, h)
    if at_value(firer, d) is None:
        return ()
    out = [
        u.id
        for u in position.units_at(h)
        if u.side != firer.side and pu.is_vehicle(u) and pg_spot.sees_unit(game, position, firer, u)
    ]
    return tuple(sorted(out))


def superior(unit: UnitState) -> bool:
    """11.2: a full-strength AFV the scenario marks ``superior`` (German AFVs; Soviet Guards 1943+; US,
    Commonwealth, Free French and Polish 1944+) fires AT twice a turn."""
    return pu.is_afv(unit) and pu.value(unit, "superior") == 1 and not unit.has("reduced")


def line_hexes(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes a fire line runs through or along, ends left out."""
    out = []
    for _kind, cells, _ in los.trace_elements(a, b):
        for c in cells:
            h = Hex(a.q + c[0], a.r + c[1])
            if h not in (a, b) and h not in out:
                out.append(h)
    return tuple(out)


def crossfire(first_from: Hex, now_from: Hex, target: Hex) -> bool:
    """11.1: the second line may not touch the first line's hexes, its firer's hex, or any hex next to
    them (a hexside between such a hex and another counts as touching)."""
    first = set(line_hexes(first_from, target)) | {first_from}
    near = set(first)
    for h in first:
        near |= {Hex(h.q + dq, h.r + dr) for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))}
    near.discard(target)
    return not any(h in near for h in (*line_hexes(now_from, target), now_from))


def ask_target(
    position: Position, firer: UnitState, h: Hex, vehicles: tuple[str, ...], df_too: bool
) -> Decision:
    return Decision(
        "units",
        firer.side,
        T("{unit}: choose the vehicle to AT-fire at (or answer df for direct fire at the hex)", unit=firer.id)
        if df_too
        else T("{unit}: choose the vehicle to AT-fire at", unit=firer.id),
        "11.0",
        "at_target",
        units=vehicles,
        choices=("df",) if df_too else (),
        subject=(firer.id,),
        target=h,
    )


def roll(firer: UnitState, vehicle: str, h: Hex) -> Decision:
    return Decision(
        "roll",
        firer.side,
        T(
            "{unit} fires AT at {vehicle}: roll 2d6 on the Anti-Tank Fire Table",
            unit=firer.id,
            vehicle=vehicle,
        ),
        "11.1",
        "at",
        dice="2d6",
        subject=(firer.id,),
        target=h,
        args=(("vehicle", vehicle),),
    )


def resolve(
    game: PgGame, position: Position, firer: UnitState, vehicle: UnitState, dice: tuple[int, ...]
) -> Resolution:
    assert firer.hex is not None and vehicle.hex is not None
    total = PG_2D6.from_values(dice).total
    d = distance(firer.hex, vehicle.hex)
    at = at_value(firer, d) or 0
    lines = [Line(T("roll"), str(total), "11.1")]
    printed = pu.value(firer, "at")
    if at != printed:
        note = T(
            "{unit} AT {printed} halved at range {range} (extended range, rounded up) = {at}",
            unit=firer.id,
            printed=printed,
            range=d,
            at=at,
        )
    else:
        note = T("{unit} AT {at}", unit=firer.id, at=at)
    lines.append(Line(T("AT"), note, "11.3" if at != printed else "11.1"))
    armour = pu.armor(vehicle)
    lines.append(
        Line(
            T("armour"),
            T("{vehicle} {armour}", vehicle=vehicle.id, armour=armour)
            if pu.is_afv(vehicle)
            else T("{vehicle} {armour} (no armour: -1)", vehicle=vehicle.id, armour=armour),
            "11.1",
        )
    )
    drm = 0
    gs = game.gstate(position.state)
    first = next((Hex(q, r) for v, q, r in gs.at_fired if v == vehicle.id), None)
    if first is not None and crossfire(first, firer.hex, vehicle.hex):
        drm += 2
        lines.append(Line(T("crossfire"), "+2", "11.1"))
    if game.night(position):
        drm -= 1
        lines.append(Line(T("night"), "-1", "1.2"))
    if game.supply_level(position, firer.side):  # optional fog of war: supply shortage, AT -1
        drm -= 1
        lines.append(Line(T("supply shortage"), "-1", "3.0 B"))
    modified = total + at - armour + drm
    chart = position.charts.chart("at")
    result = str(chart.lookup(total=modified))
    lines.append(
        Line(
            T("AT table"),
            T(
                "{roll} + {at} - {armour} {drm} = {total} -> {result}",
                roll=total,
                at=at,
                armour=armour,
                drm=f"{drm:+d}",
                total=modified,
                result=result,
            ),
            "11.1",
        )
    )
    fire = act.Fire((firer.id,), vehicle.hex, dice)
    return Resolution(
        fire,
        "at",
        position.charts.label,
        position.charts.demo,
        tuple(lines),
        {vehicle.id: result},
        T("{unit} AT fire at {vehicle}: {result}", unit=firer.id, vehicle=vehicle.id, result=result),
    )


def resume_roll(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The AT roll: the result falls on the vehicle alone (7.42); its cargo shares its fate (5.65)."""
    state = position.state
    firer = state.units[decision.subject[0]]
    vehicle = state.units.get(decision.arg("vehicle"))
    if vehicle is None:
        return state
    resolution = resolve(game, position, firer, vehicle, tuple(answer.dice or ()))
    assert firer.hex is not None
    gs = game.gstate(state)
    fired = (*(x for x in gs.at_fired if x[0] != vehicle.id), (vehicle.id, firer.hex.q, firer.hex.r))
    if any(x[0] == vehicle.id for x in gs.at_fired):
        fired = gs.at_fired  # 11.1: the crossfire is measured against the first shot
    state = state.replace(resolution=resolution, game=gs.replace(at_fired=fired))
    result = resolution.results[vehicle.id]
    if result == "X":
        for cargo in [u for u in state.units.values() if u.carrier == vehicle.id]:
            state = state.without_unit(cargo.id)
        return state.without_unit(vehicle.id)
    if result.isdigit():
        for _ in range(int(result)):
            if vehicle.id in state.units:
                state = lose_step(state, state.units[vehicle.id])
        if vehicle.id in state.units:
            from hexmate.rules.games.pg import morale as pg_morale

            return state.push(pg_morale.mc(position.at(state), vehicle.id, 2, "7.6"))
    return state


__all__ = ["at_targets", "at_value", "crossfire", "resolve", "superior"]
