"""PG anti-tank fire (11.0-11.3, 7.42): one firer at one vehicle it spots itself; 2d6 + AT - armour + DRMs on
the AT chart (a modified 10 or more damages or destroys, 1.1). A vehicle without armour counts -1 (11.1);
crossfire +2 against a vehicle already AT-fired at this turn that has not moved since, when the new line keeps
clear of the hexes next to the first (11.1); at 100-150% of its range a unit with AT 2 or more fires at half
its AT, rounded up (11.3); night -1 (1.2); a disrupted firer's AT is halved, rounded up (14.2). Tank
superiority (11.2, ``superior``) gives the full-strength AFVs of the text's list two AT shots a turn.

Inside an assault hex (firer and vehicle in one hex) no AT-table DRM applies (12.52); the optional overrun
takes -1 (overrun). A foot unit the scenario marks ``carried_at`` has a carried AT weapon (11.5): AT 6, range
0, in an assault only, not when reduced, disrupted or demoralized; its one DRM is +1 when the hex holds enemy
vehicles and no enemy personnel (mortars are not personnel). ``assault_at.py`` fires it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules import los
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import lose_step
from hexmate.rules.games.pg import mines as pg_mines
from hexmate.rules.games.pg import smoke as pg_smoke
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import strategic as pg_strategic
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


CARRIED_AT = 6  # 11.5: the AT value of a carried AT weapon (range 0)


def carried(unit: UnitState) -> bool:
    """11.5: a foot unit the scenario gives a carried AT weapon (``carried_at: 1``)."""
    return unit.type == "personnel" and pu.move_class(unit) == "foot" and pu.value(unit, "carried_at") == 1


def carried_problem(unit: UnitState) -> T | None:
    """11.5: reduced, disrupted and demoralized units do not fire their carried AT weapons."""
    for marker, why in (("reduced", T("reduced")), ("disrupted", T("disrupted")),
                        ("demoralized", T("demoralized"))):
        if unit.has(marker):
            return T("{unit} is {state}: no carried AT fire (11.5)", unit=unit.id, state=why)
    return None


def uses_carried(unit: UnitState) -> bool:
    """Fires its carried weapon (11.5) rather than a printed AT value."""
    return carried(unit) and pu.value(unit, "at") <= 0


def only_vehicles(units: list[UnitState]) -> bool:
    """11.5: the enemy in the hex is vehicles alone, no personnel (mortars do not count as personnel;
    leaders do not fight)."""
    def mortar(u: UnitState) -> bool:
        return u.type == "personnel" and (pu.branch(u) == "MTR" or pu.value(u, "bombard") > 0)

    troops = [u for u in units if not pu.is_leader(u)]
    return any(pu.is_vehicle(u) for u in troops) and all(pu.is_vehicle(u) or mortar(u) for u in troops)


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
        if u.side != firer.side and at_target(u) and pg_spot.sees_unit(game, position, firer, u, fire=True)
    ]
    return tuple(sorted(out))


def at_target(unit: UnitState) -> bool:
    """11.0: AT fire targets trucks, jeeps and AFVs only (the engined vehicles): not horse-drawn wagons or
    sleds (``transport_kind: wagon``), unless a game's special rule makes a unit one (``at_target: 1``)."""
    if pu.value(unit, "at_target") == 1:
        return True
    return pu.is_vehicle(unit) and (pu.is_afv(unit) or pu.text(unit, "transport_kind", "truck") != "wagon")


GUARDS_FROM = 1943  # 11.2: Soviet Guards AFVs in scenarios of 1943 on
WESTERN_FROM = 1944  # 11.2: US, Commonwealth, Free French and Polish AFVs in scenarios of 1944 on
WESTERN = frozenset({"american", "british", "commonwealth", "canadian", "australian", "new-zealand", "indian",
                     "south-african", "free-french", "polish"})


def scenario_year(position: Position) -> int | None:
    """The scenario's year (``options.year``), which 11.2's list reads; None when the scenario gives none."""
    year = position.scenario.options.get("year")
    if year is None:
        return None
    if not isinstance(year, int) or isinstance(year, bool):
        raise DataError(f"{position.scenario.source}: options.year: a year such as 1943 (11.2)")
    return year


def superior(position: Position, unit: UnitState) -> bool:
    """11.2: tank superiority, two AT shots a turn, for the full-strength (not reduced) AFVs with an AT value
    of the text's list: every German AFV; Soviet Guards AFVs (``guards: 1``) from 1943; US, Commonwealth, Free
    French and Polish AFVs from 1944 (the side's nationality, the scenario's ``options.year``); and those a
    game's special rule names (``superior: 1``; ``superior: 0`` withholds it)."""
    if not pu.is_afv(unit) or unit.has("reduced") or pu.value(unit, "at") <= 0:
        return False
    if "superior" in unit.values:
        return pu.value(unit, "superior") == 1
    nation = next((s.nationality for s in position.scenario.sides if s.id == unit.side), "").lower()
    year = scenario_year(position)
    if nation == "german":
        return True
    if nation == "soviet" and pu.value(unit, "guards") == 1:
        return year is not None and year >= GUARDS_FROM
    return nation in WESTERN and year is not None and year >= WESTERN_FROM


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
    game: PgGame, position: Position, firer: UnitState, vehicle: UnitState, dice: tuple[int, ...],
    assault: list[UnitState] | None = None,
) -> Resolution:
    """``assault``: AT fire in an assault, with the enemy units it faces there (the free shot's leavers,
    12.12); without it, fire in the firer's own hex is assault fire too (12.52)."""
    assert firer.hex is not None and vehicle.hex is not None
    total = PG_2D6.from_values(dice).total
    d = distance(firer.hex, vehicle.hex)
    inside = assault is not None or firer.hex == vehicle.hex  # 12.52: AT fire inside an assault hex
    if assault is None and inside:
        assault = [u for u in position.units_at(vehicle.hex) if u.side != firer.side]
    lines = [Line(T("roll"), str(total), "11.1")]
    if inside and uses_carried(firer):
        at = printed = CARRIED_AT
        note = T("{unit} carried AT weapon {at}", unit=firer.id, at=at)
    else:
        at = at_value(firer, d) or 0
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
    lines.append(Line(T("AT"), note, "11.5" if inside and uses_carried(firer) else
                      "11.3" if at != printed else "11.1"))
    if firer.has("disrupted") and not uses_carried(firer):
        at = math.ceil(at / 2)  # 14.2: every fire value of a disrupted unit is halved (rounded up, 1.2)
        lines.append(Line(T("disrupted"), T("{unit} AT halved, rounded up = {at}", unit=firer.id, at=at),
                          "14.2"))
    armour = pu.armor(vehicle)
    if vehicle.has("bogged"):  # optional mire (17.0): a bogged unit's armour is 1 less
        armour -= 1
        lines.append(Line(T("bogged"), T("{vehicle} armour -1", vehicle=vehicle.id), "17.0"))
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
    if assault is not None:
        drm = _assault_drm(game, position, firer, assault, lines)
    else:
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
        if game.gstate(position.state).moving_fire[:1] == (firer.id,):  # optional moving fire (17.0): -1
            drm -= 1
            lines.append(Line(T("moving fire"), "-1", "17.0"))
        if pg_strategic.ambush(game, position, [firer]):  # optional (17.0): hidden at a strategic mover
            drm += 2
            lines.append(Line(T("hidden unit at a strategic move"), "+2", "17.0"))
        mined = pg_mines.shift(game, position, vehicle.hex, "at")
        if mined is not None:  # 16.6: a unit fired on in a minefield hex; the value is the TEC's
            drm += mined[1]
            lines.append(Line(mined[0], f"{mined[1]:+d}", mined[2]))
        for where, label in ((vehicle.hex, T("target in smoke")), (firer.hex, T("firing from smoke"))):
            if pg_smoke.in_smoke(game, position, where):  # optional smoke (17.0): AT -1 each
                drm -= 1
                lines.append(Line(label, "-1", "17.0"))
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


def overrun_at(game: PgGame, position: Position, h: Hex) -> bool:
    """Is the optional overrun's assault being fought in ``h`` now?"""
    plan = game.gstate(position.state).overrun
    return bool(plan) and plan[0] == position.label(h)


def _assault_drm(game: PgGame, position: Position, firer: UnitState, enemies: list[UnitState],
                 lines: list[Line]) -> int:
    """12.52: no AT-table DRM inside an assault hex. A carried weapon's one DRM is +1 when the hex holds
    enemy vehicles and no enemy personnel (11.5); the overrun's -1 falls on the other AT fire (overrun: the
    carried weapon's -1 is on its first die instead)."""
    lines.append(Line(T("assault hex"), T("no AT-table DRMs"), "12.52"))
    if uses_carried(firer):
        if only_vehicles(enemies):
            lines.append(Line(T("only enemy vehicles in the hex"), "+1", "11.5"))
            return 1
        return 0
    if firer.hex is not None and overrun_at(game, position, firer.hex):
        lines.append(Line(T("overrun"), "-1", "overrun"))
        return -1
    return 0


def resume_roll(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The AT roll: the result falls on the vehicle alone (7.42); its cargo shares its fate (5.65)."""
    state = position.state
    firer = state.units[decision.subject[0]]
    vehicle = state.units.get(decision.arg("vehicle"))
    if vehicle is None:
        return state
    resolution = resolve(game, position, firer, vehicle, tuple(answer.dice or ()))
    state = note_fired(game, state.replace(resolution=resolution), firer, vehicle.id)
    return apply_result(game, position.at(state), vehicle.id, resolution.results[vehicle.id])


def note_fired(game: PgGame, state: State, firer: UnitState, vehicle: str) -> State:
    """11.1: the vehicle has been AT-fired at this turn; a crossfire is measured against the first shot."""
    assert firer.hex is not None
    gs = game.gstate(state)
    if any(x[0] == vehicle for x in gs.at_fired):
        return state
    return state.replace(game=gs.replace(at_fired=(*gs.at_fired, (vehicle, firer.hex.q, firer.hex.r))))


def apply_result(game: PgGame, position: Position, vehicle_id: str, result: str) -> State:
    """An AT result on one vehicle: X destroys it with its cargo, a number is that many steps and then a
    morale check (7.6)."""
    state = position.state
    vehicle = state.units.get(vehicle_id)
    if vehicle is None:
        return state
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


__all__ = ["apply_result", "at_target", "at_targets", "at_value", "carried", "crossfire", "resolve",
           "superior"]
