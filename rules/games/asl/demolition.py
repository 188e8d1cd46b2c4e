"""A thrown demolition charge at the table (A23.1, A23.4, A23.6, A23.61, A23.62): declared like any fire with
the DC as the only weapon (``fire ger-dc at DK4``), it attacks the adjacent target Location at once with 30 FP
at +2, then the thrower's own Location with its own DR at +3; a malfunction on the first DR removes it without
detonating. The arithmetic is special.py's; fire.py calls these for a fire that names a DC.

A23.61: a DC is never thrown into its possessor's own Location, except by a Japanese unit (the nationality
trait ``dc_own_location``) or at an enemy vehicle bypassing that Location. Then the thrown DC's DRMs apply as
ever: the Location is attacked once as the target (+2, its enemy units; an unarmored vehicle there on the
vehicle line, bypassing at its CAFP without the obstacle's TEM, and those aboard it collaterally: dcblast.py,
A7.308, D2.36, D.8B) and once more as the thrower's Location (+3, every unit in it), each with its own DR.
Throwing costs no MF (it is fire, A23.6); the "always 1 MF" of A23.61 is a placement's (placedc.py). An AFV
as the target would need the DC Position DR (A23.5, C7.346: chapter C, not among the texts), so a throw at an
armored vehicle bypassing the Location is refused.

The target Location (A23.6, A2.8): the adjacent hex at the thrower's own level, or its ground level dropped
from higher up (from a building's upper level, say), or the next lower level of the thrower's own building
hex by its stairs; never a Location a level or more higher. Only the units of that Location are attacked;
an enemy unarmored vehicle in a ground-level target Location takes the same DR on the vehicle line and those
aboard it a collateral attack, as any DC's detonation (dcblast.py, A7.308, D.8B). Where both the thrower's
level and the ground level of the adjacent hex hold enemy units, the thrower says which it throws into
(floc.py). A DC dropped two or more levels spares its thrower's Location (A23.6; the rubble of B24.11 and
the Flame of B25.13 that A23.41 names are chapter B, not among the texts).

A13.4: cavalry throws a DC from horseback (cavfire.py): +3 at the target, +4 at its own Location, as from a
moving vehicle (A23.6); the cavalry in either Location reads the IFT at A13.5's -2, the horses in either (at
ground level) the vehicle line (A13.511, horsehit.read).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, cavalry, cavfire, dcblast, horsehit, iift, moto, nations, vbypass
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def is_dc(unit: UnitState) -> bool:
    return unit.type == au.SW and unit.values.get("sw") == "dc"


def _own_allowed(position: Position, owner: UnitState) -> bool:
    """A23.61: may this possessor throw into its very own Location (Japanese, or a vehicle bypassing it)?"""
    try:
        own_location(position, owner)
    except IllegalAction:
        return False
    return True


def target_levels(position: Position, owner: UnitState, target: Hex) -> tuple[int, ...]:
    """A23.6: the levels of ``target`` a DC may be thrown into by ``owner``: in an adjacent hex, its own level
    there and, from higher up, the ground level; in its own building hex, the next lower level by the stairs
    (not its own Location, which is A23.61's). Never a level or more higher."""
    m = position.map
    assert owner.hex is not None
    if target == owner.hex:
        lower = owner.level - 1
        return (lower,) if owner.level >= 1 and loc.has_stairs(m, target) and lower in loc.levels(m, target) \
            else ()
    out: list[int] = []
    if owner.level in loc.levels(m, target) or (owner.level == -1 and _depression(position, target)):
        out.append(owner.level)
    if owner.level > 0 and 0 not in out:
        out.append(0)  # dropped to the ground level from higher up
    return tuple(out)


def _depression(position: Position, h: Hex) -> bool:
    try:
        loc.parse_location(position.map, f"{position.map.label(h)}h-1")
    except (IllegalAction, ValueError):
        return False
    return True


def _enemy_levels(position: Position, dc: UnitState, target: Hex) -> set[int]:
    return {u.level for u in position.units_at(target) if u.side != dc.side and u.type != au.SW
            and u.carrier is None} | {0 for u in position.units_at(target) if u.side != dc.side
                                      and armour.is_vehicle(u)}


def target_level(position: Position, fire: act.Fire, chosen: str = "") -> int:
    """The level of the Location a thrown DC attacks: the thrower's answer (``chosen``) if it gave one, else
    the one legal level holding enemy units, else the first legal level (A23.6)."""
    dc = position.units[fire.firers[0]]
    owner = position.units.get(dc.carrier or "")
    assert owner is not None
    levels = target_levels(position, owner, fire.target)
    if chosen and int(chosen) in levels:
        return int(chosen)
    held = [lv for lv in levels if lv in _enemy_levels(position, dc, fire.target)]
    return (held or list(levels) or [owner.level])[0]


def ambiguous(position: Position, fire: act.Fire) -> tuple[int, ...]:
    """The levels the thrower must choose between (A23.6): more than one legal level holds enemy units."""
    dc = position.units.get(fire.firers[0]) if len(fire.firers) == 1 else None
    if dc is None or not is_dc(dc):
        return ()
    owner = position.units.get(dc.carrier or "")
    if owner is None or owner.hex is None or owner.hex == fire.target:
        return ()
    held = [lv for lv in target_levels(position, owner, fire.target)
            if lv in _enemy_levels(position, dc, fire.target)]
    return tuple(held) if len(held) > 1 else ()


def check(position: Position, firers: list[UnitState], target: Hex) -> None:
    """A23.1, A23.6: a DC attacks alone, thrown by a Good Order, unpinned possessor into an adjacent
    Location in its LOS."""
    dcs = [u for u in firers if is_dc(u)]
    if not dcs:
        return
    if len(firers) != 1:
        raise IllegalAction(T("a demolition charge attacks alone: no other FP joins it"), "A23.1")
    owner = position.units.get(dcs[0].carrier or "")
    if owner is None or owner.hex is None:
        raise IllegalAction(T("{sw} has no possessor and cannot fire", sw=dcs[0].id), "A7.35")
    if owner.has("pinned"):
        raise IllegalAction(T("a pinned unit may not throw a demolition charge"), "A23.6")
    if owner.side != position.phasing and (owner.has("first_fire") or owner.has("final_fire")):
        raise IllegalAction(T("{unit} has a First Fire counter and may not throw a DC, not even as "
                              "Subsequent First Fire or FPF", unit=owner.id), "A23.63")
    if owner.hex == target:
        if not target_levels(position, owner, target) or _own_allowed(position, owner):
            own_location(position, owner)  # A23.61
        return  # else the next lower level by the stairs (A23.6)
    if distance(owner.hex, target) != 1:
        raise IllegalAction(T("a demolition charge is thrown into an adjacent Location"), "A23.6")
    levels = target_levels(position, owner, target)
    if not levels:
        raise IllegalAction(T("a demolition charge is never thrown a level or more higher than its thrower"),
                            "A23.6")
    if all(asl_terrain.line_of_sight(position, owner.hex, target, a_level=owner.level, b_level=lv).blocked
           for lv in levels):
        raise IllegalAction(T("the thrower has no line of sight to {hex}", hex=position.label(target)),
                            "A23.6")


def own_location(position: Position, owner: UnitState) -> None:
    """A23.61: may ``owner`` throw its DC into its own Location? Only a Japanese unit, or at an enemy vehicle
    bypassing that (ground-level) Location; one at an AFV would need chapter C's DC Position DR (A23.5)."""
    assert owner.hex is not None
    if au.nationality_of(owner).flag("dc_own_location"):
        return
    bypassing = [u for u in position.units_at(owner.hex) if u.side != owner.side and armour.is_vehicle(u)
                 and vbypass.across_of(u) is not None and not u.has("wreck")] if owner.level == 0 else []
    if not bypassing:
        raise IllegalAction(T("{unit} may not throw a DC into its own Location: only a Japanese unit may, or "
                              "at an enemy vehicle bypassing it", unit=owner.id), "A23.61")
    if all(armour.vtype(u).armored for u in bypassing):
        raise IllegalAction(T("a DC thrown at {vehicle} would attack it only as its primary target, with the "
                              "DC Position DR of chapter C (not among the texts)", vehicle=bypassing[0].id),
                            "A23.5")


def _own(position: Position, fire: act.Fire) -> tuple[UnitState, UnitState] | None:
    """(DC, thrower) when the DC alone is thrown into its thrower's own hex (A23.61)."""
    dc = position.units.get(fire.firers[0]) if len(fire.firers) == 1 else None
    if dc is None or not is_dc(dc):
        return None
    owner = position.units.get(dc.carrier or "")
    if owner is None or owner.hex != fire.target:
        return None
    lower = target_levels(position, owner, fire.target)
    return (dc, owner) if not lower or _own_allowed(position, owner) else None  # else A23.6's lower level


def thrown(position: Position, fire: act.Fire) -> bool:
    """Is this fire a thrown DC? It is worked out with the vehicles in view (the vehicle line, A7.308)."""
    dc = position.units.get(fire.firers[0]) if len(fire.firers) == 1 else None
    return dc is not None and is_dc(dc)


def thrown_home(position: Position, fire: act.Fire) -> bool:
    """Is this fire a DC thrown into its thrower's own hex (A23.61)? It is checked and resolved with the
    vehicles in view, since an unarmored vehicle bypassing the Location may be what it is thrown at."""
    return _own(position, fire) is not None


def _own_state(position: Position, fire: act.Fire) -> State:
    """A23.61, A23.6: the DC thrown into its thrower's own Location attacks it as the target (+2; its enemy
    units, an unarmored vehicle on the vehicle line: dcblast.py), then, with the roll still to come, as the
    thrower's Location (+3). The thrower's roll is pushed first so that it comes after the target's checks."""
    from hexmate.rules.games.asl import dcblast

    found = _own(position, fire)
    assert found is not None and fire.dice is not None
    dc, owner = found
    h = fire.target
    roll = ASL_DR.from_values(fire.dice)
    targets = dcblast.ground_targets(position, dc, h, owner.level)
    concealed = bool(targets) and all(u.concealed for u in targets)
    attack, _ = sp.dc_thrown(tem=asl_terrain.tem(position, h), cx=owner.has("cx"), concealed=concealed,
                             phase=position.phase.id, from_vehicle=_from_moving(position, owner))
    lines = [Line(T("DC thrown into its own Location"), T("{fp} FP", fp=str(attack.fp)), "A23.61")]
    lines += [Line(label, f"{v:+d}", rule) for label, v, rule in attack.drms]
    lines.append(Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                          coloured=roll.coloured, total=roll.total), "A.1"))
    broken = sp.dc_malfunctions(roll.total, elite=nations.ftdc_elite(position, owner),  # A23.2, A25.74
                                captured=dc.has("captured"))
    state = position.state
    if not broken:
        state = state.push(Decision(
            "roll", dc.side, T("roll the DC's attack on the thrower's own Location"), "A23.6", "dc_thrower",
            dice="DR", subject=(dc.id,), target=h, args=(("owner", owner.id),)))
    return dcblast.detonate(position.at(state), dc, h, owner.level, attack, roll, lines, malfunction=broken,
                            rule="A23.4" if broken else "A23.6", label=T("DC attack"),
                            infantry_only=asl_terrain.infantry_only_tem(position, h),
                            tem=asl_terrain.tem(position, h))


def resolve(position: Position, fire: act.Fire, chosen: str = "") -> Resolution:
    """The thrown DC's attack on the target Location: 30 FP (halved if every target is concealed), its TEM,
    +2, +1 in the AFPh, +1 CX; no leadership, no hindrance, no Cowering (A23.1, A23.4, A23.6, A23.62,
    A7.9). An Original DR of 12 malfunctions it (10 for a captured DC; a non-Elite user's penalty, A23.2).
    Only the units of the target Location (``target_level``) are attacked; an unarmored vehicle there is
    ``resume``'s (the vehicle line)."""
    return _attack(position, fire, chosen)[0]


def _attack(position: Position, fire: act.Fire, chosen: str = ""
            ) -> tuple[Resolution, int, int | Fraction, int]:
    """(the resolution, the target level, the IFT column (0 on a malfunction), the Final DR)."""
    assert fire.dice is not None
    if _own(position, fire) is not None:
        resolution = _own_state(position, fire).resolution
        assert resolution is not None
        return resolution, -99, 0, 0
    roll = ASL_DR.from_values(fire.dice)
    dc = position.units[fire.firers[0]]
    owner = position.units.get(dc.carrier or "")
    assert owner is not None and owner.hex is not None
    level = target_level(position, fire, chosen)
    targets = dcblast.ground_targets(position, dc, fire.target, level)  # A2.8: that Location's; A12.14
    concealed = bool(targets) and all(u.concealed for u in targets)
    attack, _ = sp.dc_thrown(tem=asl_terrain.tem(position, fire.target), cx=owner.has("cx"),
                             concealed=concealed, phase=position.phase.id,
                             from_vehicle=_from_moving(position, owner))
    final = roll.total + attack.drm
    lines = []
    if level != owner.level or fire.target == owner.hex or loc.upper_levels(position.map, fire.target):
        lines.append(Line(T("target Location"), loc.label(position.map, loc.Location(fire.target, level)),
                          "A23.6"))
    lines += [Line(label, f"{v:+d}", rule) for label, v, rule in attack.drms]
    lines.append(Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                          coloured=roll.coloured, total=roll.total), "A.1"))
    broken = sp.dc_malfunctions(roll.total, elite=nations.ftdc_elite(position, owner),  # A23.2, A25.74
                                captured=dc.has("captured"))
    results: dict[str, str] = {}
    column: int | Fraction = 0
    if broken:
        why = T("the DC malfunctions and is removed without detonating")
        lines.append(Line(T("Breakdown"), why, "A23.4"))
        summary = fpw.summary(position.action_text(fire), [T("DC malfunctions")])
    else:
        got = iift.read(position, attack.fp, final)  # A23.6, A7.37: on the table in use
        assert got.column is not None
        column, result = got.column, got.result
        lines.append(Line(T("DC attack"), got.said(), got.cite("A23.6")))
        results = {u.id: result for u in targets}
        _cavalry(lambda dr: iift.cell(position, column, dr), final, targets, results, lines)
        summary = fpw.summary(position.action_text(fire), [result])
    hidden = {u.id: u.side for u in targets if u.concealed}
    return (Resolution(fire, "ift", position.charts.label, position.charts.demo, tuple(lines), results,
                       summary, hidden), level, column, final)


def after(position: Position, state: State, fire: act.Fire,
          resolution: Resolution) -> tuple[State, Decision | None]:
    """After the thrown DC's first attack: the DC is spent (removed, A23.4) and, unless it malfunctioned,
    the thrower's own Location is attacked with a DR of its own (A23.6)."""
    dc = position.units[fire.firers[0]]
    state = state.without_unit(dc.id) if dc.id in state.units else state
    if resolution.summary.endswith("DC malfunctions"):
        return state, None
    owner = position.units.get(dc.carrier or "")
    assert owner is not None
    return state, Decision(
        "roll", dc.side, T("roll the DC's attack on the thrower's own Location"), "A23.6", "dc_thrower",
        dice="DR", subject=(dc.id,), target=owner.hex, args=(("owner", owner.id),))


def _from_moving(position: Position, owner: UnitState) -> bool:
    """A23.6: thrown from a vehicle not stopped or in Motion (a sidecar's riders, D15.6), or from horseback
    (A13.4, cavfire.py): +1 on both attacks."""
    from hexmate.rules.games.asl import mounted

    if cavfire.dc_drm(owner):
        return True
    vehicle = mounted.carrier_of(position, owner)
    return vehicle is not None and mounted.not_stopped(position, vehicle)


def _cavalry(chart_lookup: Callable[[int], str], final: int, targets: Sequence[UnitState],
             results: dict[str, str], lines: list[Line]) -> None:
    """A13.5: the cavalry among a thrown DC's targets reads the IFT at -2 (no minefield's attack)."""
    horsemen = cavalry.among(targets)
    if not horsemen:
        return
    got = chart_lookup(final + cavalry.IFT_DRM)
    lines.append(Line(T("cavalry: Final DR {final} -> {result}", final=final + cavalry.IFT_DRM, result=got),
                      f"{cavalry.IFT_DRM:+d}", "A13.5"))
    results.update({u.id: got for u in horsemen})


def resume_thrower(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A23.6: the thrower's Location takes the second attack; its results open checks like any IFT result."""
    from hexmate.rules.games.asl.aftermath import decisions_for

    assert answer.dice is not None and decision.target is not None
    owner = position.units.get(decision.arg("owner"))
    state = position.state
    if owner is None:
        return state
    h = decision.target
    cycles = {u.id for u in position.units_at(h) if moto.is_moto_unit(u)}  # D15.5: never attacked itself
    vehicles = {u.id for u in position.units_at(h) if armour.is_vehicle(u)} - cycles
    carriers = vehicles | cycles
    targets = [u for u in position.units_at(h) if u.type != au.SW and u.id not in carriers
               and (u.carrier or "") not in carriers and u.level == owner.level]  # A2.8: its Location
    riders = [u for u in position.units_at(h) if u.type != au.SW and (u.carrier or "") in cycles]
    attack = sp.dc_thrown(tem=0, thrower_tem=asl_terrain.tem(position, decision.target), cx=owner.has("cx"),
                          phase=position.phase.id, from_vehicle=_from_moving(position, owner))[1]
    roll = ASL_DR.from_values(answer.dice)
    final = roll.total + attack.drm
    reading = iift.read(position, attack.fp, final)  # A23.6, A7.37: on the table in use
    column = reading.column
    assert column is not None and reading.standard is not None
    result = reading.result
    lines = [Line(label, f"{v:+d}", rule) for label, v, rule in attack.drms]
    lines.append(Line(T("DC attack on the thrower's Location"), reading.said(), reading.cite("A23.6")))
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    results = {u.id: result for u in targets}
    _cavalry(lambda dr: iift.cell(position, column, dr), final, targets, results, lines)
    if riders:  # D15.5: the attack falls on motorcycle riders, with -1 on the IFT as non-ordnance fire
        ridden = final + moto.RIDER_IFT_DRM
        got = iift.cell(position, column, ridden)
        lines.append(Line(T("motorcycle riders: Final DR {final} -> {result}", final=ridden, result=got),
                          f"{moto.RIDER_IFT_DRM:+d}", "D15.5"))
        results.update({u.id: got for u in riders})
    hidden = {u.id: u.side for u in targets if u.concealed}
    asks: list[Decision] = []
    if owner.level == 0 and vehicles:  # A7.308, D.8B: an enemy unarmored vehicle there, as dcblast.py's
        from hexmate.rules.games.asl import dcblast

        infantry_only = asl_terrain.infantry_only_tem(position, h)
        state, vlines, asks, aboard = dcblast.vehicle_line(
            position, state, owner, h, column, final - infantry_only, roll.total,
            asl_terrain.tem(position, h) - infantry_only)
        lines += vlines
        results.update(aboard)
        hidden.update({uid: position.units[uid].side for uid in aboard if position.units[uid].concealed})
    resolution = Resolution(fire, "ift", position.charts.label, position.charts.demo, tuple(lines),
                            results, f"DC thrower's Location: {result}", hidden)
    state = state.replace(resolution=resolution)
    by_result: dict[str, list[str]] = {}
    for uid, got in results.items():
        by_result.setdefault(got, []).append(uid)
    view = position.at(state)
    decisions: list[Decision] = []
    for res, ids in by_result.items():
        decisions.extend(decisions_for(view, res, ids))
    state = state.push(*decisions, *asks)
    if owner.level == 0:  # A13.511: every horse there, the thrower's own too, on the vehicle line
        ground = final - asl_terrain.infantry_only_tem(position, h)
        state = horsehit.read(position, state, h, "", reading.standard, ground)
    return state


def resume(position: Position, fire: act.Fire, chosen: str = "") -> State:
    """A23.6: the thrown DC's results (an unarmored vehicle in a ground-level target Location on the vehicle
    line, those aboard it collaterally: dcblast.py, A7.308, D.8B), then the roll of its attack on the
    thrower's own Location, unless the DC was dropped two or more levels."""
    from hexmate.rules.games.asl.aftermath import decisions_for

    if _own(position, fire) is not None:
        return _own_state(position, fire)  # A23.61
    resolution, level, column, final = _attack(position, fire, chosen)
    state = position.state
    asks: list[Decision] = []
    dc = position.units[fire.firers[0]]
    owner = position.units[dc.carrier or ""]
    if column and level == 0:  # vehicles stand at ground level
        assert fire.dice is not None
        infantry_only = asl_terrain.infantry_only_tem(position, fire.target)
        state, vlines, asks, aboard = dcblast.vehicle_line(
            position, state, dc, fire.target, column, final - infantry_only, sum(fire.dice),
            asl_terrain.tem(position, fire.target) - infantry_only)
        hidden = {**resolution.hidden, **{uid: position.units[uid].side for uid in aboard
                                          if position.units[uid].concealed}}
        resolution = dataclasses.replace(resolution, lines=resolution.lines + tuple(vlines),
                                         results={**resolution.results, **aboard}, hidden=hidden)
    state, thrower = after(position, state.replace(resolution=resolution), fire, resolution)
    if thrower is not None and owner.level - level >= 2:  # A23.6: dropped from two levels or more
        thrower = None
        spared = Line(T("thrower's Location"), T("dropped two levels or more: not attacked"), "A23.6")
        resolution = dataclasses.replace(resolution, lines=(*resolution.lines, spared))
        state = state.replace(resolution=resolution)
    view = position.at(state)
    decisions: list[Decision] = []
    by_result: dict[str, list[str]] = {}
    for uid, result in resolution.results.items():
        if uid in state.units:
            by_result.setdefault(result, []).append(uid)
    for result, ids in by_result.items():
        decisions.extend(decisions_for(view, result, ids))
    decisions += asks
    if thrower is not None:
        decisions.append(thrower)
    state = state.push(*decisions)
    if column and level == 0:  # A13.511: the horses there on the vehicle line, as the vehicles
        ground = final - asl_terrain.infantry_only_tem(position, fire.target)
        state = horsehit.read(position, state, fire.target, dc.side,
                              iift.vehicle_column(position, column) or 0, ground)  # A7.308
    return state

