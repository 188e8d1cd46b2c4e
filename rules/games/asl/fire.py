"""ASL fire (A7-A9) at the table: who may fire (units, their SW and MGs, fire groups), the attack worked out
once into State.resolution (every FP factor and DRM with its rule, the IFT through the chart pack, Cowering),
and its results turned into decisions: the firer's IFT DR; MG rate of fire and breakdown; the casualties to
name (Random Selection, A.9) and the checks each target's owner rolls, in the order A7.303 gives; wounds,
Heat of Battle and leader loss checks after them (morale.py does the arithmetic).

For other modules: ``resolve_attack(game, position, fire, area=...)`` works out any IFT attack (asl-flow's
Subsequent First Fire and FPF pass their Area Fire causes), ``mc(...)`` opens a Morale Check decision.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import (
    afvresid,
    bicycle,
    blindshot,
    cavalry,
    cavfire,
    collateral,
    direct,
    fire_groups,
    floc,
    iift,
    mounted,
    nations,
    oppfire,
    riders,
    selection,
    spray,
    vcover,
    vcrewhit,
    vheight,
    vmg,
)
from hexmate.rules.games.asl import ammo as asl_ammo
from hexmate.rules.games.asl import bump as asl_bump
from hexmate.rules.games.asl import bypass as asl_bypass
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import dash as asl_dash
from hexmate.rules.games.asl import demolition as dc
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import hero as asl_hero
from hexmate.rules.games.asl import hw as asl_hw
from hexmate.rules.games.asl import mgca as asl_mgca
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import prisoners as asl_prisoners
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import road as asl_road
from hexmate.rules.games.asl import smoke as asl_smoke
from hexmate.rules.games.asl import snap as asl_snap
from hexmate.rules.games.asl import sniper as asl_sniper
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import walls as asl_walls
from hexmate.rules.games.asl.aftermath import (
    _break,
    _could_nmc,
    _reduce,
    _side_nationality,
    _weapon_fate,
    apply_morale,
    casualty,
    column_of,
    decisions_for,
    fpf_self_check,
    mc,
    resume_casualty,
    resume_hob,
    resume_lltc,
    resume_malfunction,
    resume_mc,
    resume_ptc,
    resume_sniper,
    resume_sniper_target,
    resume_sw_kia,
    resume_wound,
    side_number,
    sniper_decision,
)
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import stack_groups
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MG_UNDIRECTED = 16  # A9.4: a MG's reach without a leader directing; beyond it, infantry count as concealed
FIRE_MARKERS = {"PFPh": "prep_fire", "MPh": "first_fire", "DFPh": "final_fire", "AFPh": "advancing_fire"}
LEADER = "leader"
# A7.23: the targets seen, and those under "?" (Area Fire)
GROUPS = {"known": T("known targets"), "concealed": T("concealed targets")}
# the same groups as the summary names them ("known 1MC")
SUMMARY_GROUPS = {"known": T("known"), "concealed": T("concealed")}


def _fmt(x: Fraction | int) -> str:
    return fpw.fmt(x)


def _firers(position: Position, fire: act.Fire) -> list[UnitState]:
    out = []
    if len(set(fire.firers)) != len(fire.firers):
        raise InvalidAction(T("a firer is named twice"))
    for uid in fire.firers:
        if uid not in position.units:
            raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        out.append(position.units[uid])
    return out


def firing_side(position: Position) -> str:
    """Who fires now: the ATTACKER in PFPh/AFPh, the DEFENDER in the DFPh and, as First Fire, in the MPh."""
    if position.phase.id == "MPh":
        return position.enemy_of(position.phasing)  # A8.1 Defensive First Fire
    return position.to_act


def moving_targets(position: Position) -> list[UnitState]:
    """A8.1: Defensive First Fire is at the units moving now, in the hex they have just entered; in a Human
    Wave's impulse, at every HW unit, one stack in several Locations (D14.32, A25.232)."""
    moving = position.state.moving
    top = position.state.decision
    if moving is None or top is None or top.kind != "react":
        return []
    game = cast("AslGame", position.game)
    if asl_hw.in_impulse(game, position):
        return asl_hw.first_fire_targets(game, position)
    from hexmate.rules.games.asl import aa

    out = [position.units[u] for u in moving.units if u in position.units]
    from hexmate.rules.games.asl import unarmored

    aside = {u.id: u for u in getattr(position.state.game, "aside", ())}  # armour.infantry_view's trucks
    out += [aside[u] for u in moving.units if u in aside and u not in position.units]
    trucks = {u.id for u in out if unarmored.target_of_small_arms(u)}  # A7.308: a moving unarmored vehicle
    out += [u for u in position.units.values() if u.carrier in trucks and u.type != au.SW and u not in out]
    out += [u for u in riders.bailing(position) if u not in out]  # D6.24: riders that bailed out
    return out + [u for u in aa.bumped_targets(position) if u not in out]  # A12.15: bumped, where they stay


def where(position: Position, unit: UnitState) -> Hex | None:
    """The hex a unit fires from: a SW fires from its possessor's (A7.35)."""
    if unit.type == au.SW:
        owner = position.units.get(unit.carrier or "")
        return owner.hex if owner is not None else None
    return unit.hex


def ft_count(position: Position, unit: UnitState) -> int:
    """A22.4: the FT a personnel unit possesses; each is -1 on the IFT DR of any attack on it (a FT it merely
    carries aboard a vehicle, or a vehicle's own FT, is no such penalty to its PRC)."""
    if unit.type == au.SW or unit.type == "vehicle":
        return 0
    return sum(1 for sw in au.possessed(position.state, unit.id) if shot_of(sw).kind == "ft")


def ft_level_diff(position: Position, ft: UnitState, target: Hex, level: int) -> int:
    """A22.32: the levels from a FT's possessor up (+) or down (-) to the target Location at ``level`` of
    ``target``: each end's ground level plus the level of its Location (A6.1; aboard a vehicle, its ground
    level, floc.py)."""
    owner = position.units[ft.carrier or ""]
    h = where(position, ft)
    assert h is not None
    mine = position.map.level(h) + floc.level_of_unit(position, owner)
    return position.map.level(target) + level - mine


def _split(position: Position, firers: list[UnitState]) -> tuple[list[UnitState], list[UnitState]]:
    """(units firing their inherent FP, weapons fired); a leader has no inherent FP (A7.53), a hero has, and
    so has a heroic leader (A15.21), but not while he fires a SW in this attack or has fired one this Player
    Turn (A15.23, A7.35): then he only directs."""
    weapons = [u for u in firers if u.type == au.SW]
    arming = {w.carrier for w in weapons}
    people = [u for u in firers if u.type != au.SW and (u.type != LEADER or (
        au.heroic_inherent(u) is not None and u.id not in arming and not u.has("no_fire")))]
    return people, weapons


def shot_of(unit: UnitState, owner: UnitState | None = None) -> fpw.Shot:
    """A unit's inherent FP or a SW as a Shot (printed FP and range; A7.36 underlined FP, A7.34 underlined
    range); a SW is pinned when its possessor is (A7.81)."""
    kind = "inherent"
    if unit.type == au.SW:
        kind = {"mg": "mg", "ft": "ft"}.get(str(unit.values.get("sw", "")), "sw")
    fp, reach = au.heroic_inherent(unit) or (int(unit.values.get("fp", 0) or 0),
                                              int(unit.values.get("range", 0) or 0))  # A15.21
    return fpw.Shot(
        unit.id, fp, reach, kind,
        assault_fire=bool(unit.values.get("assault_fire")) and not cavalry.mounted(owner or unit),  # A13.4
        spray=bool(unit.values.get("spray")),
        pinned=(owner or unit).has("pinned"), opportunity=oppfire.holding(owner or unit),
    )


def check(game: AslGame, position: Position, fire: act.Fire, *, blind_ok: bool = False) -> act.Fire:
    """Why ``fire`` may not be made now (IllegalAction), else the fire. ``blind_ok``: a player's declared
    fire whose target no firer sees is still made (A6.11, blindshot.py); the shots the table lists are not."""
    phase = position.phase.id
    side = firing_side(position)
    firers = _firers(position, fire)
    if not firers:
        raise IllegalAction(T("name the firing units"), "A7.3")
    state = position.state
    marker = FIRE_MARKERS[phase]
    people, weapons = _split(position, firers)
    named = {u.id for u in firers}
    for unit in firers:
        if unit.side != side:
            raise IllegalAction(
                T("{unit} is not {side}'s; in the {phase} only {side} fires", unit=unit.id, side=side,
                  phase=position.phase.name),
                position.phase.rule,
            )
        if where(position, unit) is None:
            raise IllegalAction(T("{unit} is not on the map", unit=unit.id))
        if unit.type != au.SW and unit.has("broken"):
            raise IllegalAction(T("{unit} is broken and has no FP", unit=unit.id), "A1.4")
        on_bicycle = bicycle.why_not_fire(position, unit)  # D15.6, D15.8
        if on_bicycle is not None:
            raise IllegalAction(*on_bicycle)
        on_horse = cavalry.why_not_fire(position, unit)  # A13.4, A13.7
        if on_horse is not None:
            raise IllegalAction(*on_horse)
        if unit.has(marker) and not (phase == "MPh" and marker == "first_fire") \
                and not (unit.type == LEADER and direct.directed(position, unit) is not None):
            raise IllegalAction(T("{unit} has already fired this phase", unit=unit.id), "A.15")
        if phase == "AFPh" and unit.has("prep_fire"):
            raise IllegalAction(
                T("{unit} prep fired this Player Turn and may not fire again", unit=unit.id), "A.15")
    modes = fire_modes(position, firers, fire.target)
    for unit in people:
        # A7.353: SFF, FPF and Final Fire at adjacent units keep the (halved) inherent FP
        if unit.has("no_fire") and modes[unit.id] not in ("sff", "fpf", "after_first"):
            raise IllegalAction(
                T("{unit} fired a SW and has no inherent FP until the end of the Player Turn",
                  unit=unit.id), "A7.35")
    by_owner: dict[str, int] = {}
    for sw in weapons:
        why = au.check_sw_use(state, sw)
        if why is not None:
            raise IllegalAction(*why)
        asl_mgca.check(position, sw, fire.target)  # A9.21: a MMG/HMG's CA fixed in this phase
        if _sustained(sw, modes[sw.id]) and single_smc(position, sw, firers):
            raise IllegalAction(T("{sw} is fired by a single SMC and may not use Sustained Fire", sw=sw.id),
                                "A9.3")
        owner = state.units[sw.carrier or ""]
        by_owner[owner.id] = by_owner.get(owner.id, 0) + 1
    for oid, n in by_owner.items():
        owner = state.units[oid]
        used = [w for w in au.possessed(state, oid) if w.has(marker) or w.id in named]
        if not au.sw_pair_allowed(used):
            raise IllegalAction(T("{unit} may fire two SW in a phase only if they are of different types "
                                  "(two SW MGs excepted, A9.11)", unit=oid), "A7.351")
        # a SW firing again this phase (SFF, FPF, multiple ROF) is one SW, not two (A7.351)
        fired = sum(1 for w in au.possessed(state, oid) if w.has(marker) and w.id not in named)
        if n + fired > au.sw_fire_limit(owner):
            raise IllegalAction(
                T("{unit} may fire at most {n} SW in a fire phase", unit=oid,
                  n=au.sw_fire_limit(owner)), "A7.35")
        if oid in named and owner.type != LEADER and not au.keeps_inherent_fp(owner, n + fired):
            raise IllegalAction(
                T("{unit} cannot add its inherent FP while firing {n} SW", unit=oid, n=n + fired),
                "A7.35")
    oppfire.check_fire(position, people, weapons)  # A7.25, A4.41
    fts = [w for w in weapons if shot_of(w).kind == "ft"]
    for ft in fts:
        if state.units[ft.carrier or ""].has("pinned"):
            raise IllegalAction(T("a pinned unit may not fire a flamethrower"), "A22.33")
        levels = floc.enemy_levels(position, ft.side, fire.target)
        if levels and not any(sp.ft_level_ok(ft_level_diff(position, ft, fire.target, lv)) for lv in levels):
            raise IllegalAction(T("a flamethrower cannot fire at a target more than two levels above "
                                  "or below it (A22.32)"), "A22.32")
    if fts and len(people) + len(weapons) > 1:
        raise IllegalAction(T("a flamethrower never combines its FP with any other"), "A22.31")
    shooters = people + weapons
    if not shooters:
        raise IllegalAction(T("a leader has no FP of his own; he directs other units' fire"), "A7.53")
    for leader in (u for u in firers if u.type == LEADER):  # A7.53: whom a leader may direct again
        again = leader.has(marker) or (phase in ("MPh", "DFPh") and (leader.has("first_fire")
                                                                      or leader.has("final_fire")))
        why_led = direct.why_not(position, leader, shooters, again)
        if why_led is not None:
            raise IllegalAction(why_led, "A7.53")
    shooter_hexes = {where(position, u) for u in shooters}
    for leader in (u for u in firers if u.type == LEADER):
        if leader.hex not in shooter_hexes:
            raise IllegalAction(
                T("{unit} is alone in his Location and may not join the fire group", unit=leader.id),
                "A7.5")
    if len(shooter_hexes) > 1:
        for h in shooter_hexes:
            assert h is not None
            if not any(o is not None and distance(h, o) == 1 for o in shooter_hexes if o != h):
                raise IllegalAction(
                    T("fire group member at {hex} is not adjacent to another member",
                      hex=position.label(h)), "A7.5")
        if any(u.has("berserk") for u in firers):
            raise IllegalAction(T("a berserk unit may not join a multi-Location fire group"), "A7.54")
        users = people + [state.units[w.carrier or ""] for w in weapons if (w.carrier or "") in state.units]
        barred = nations.multi_location_fg_bar(position, users)  # A25.931: Ethiopians, Elite only
        if barred is not None:
            raise IllegalAction(T("{unit} is not Elite: of its nationality only Elite units join a "
                                  "multi-Location fire group", unit=barred.id), "A25.931")
    target = fire.target
    if target not in position.map.hexes:
        raise IllegalAction(T("the target hex is not on the map"), "A7.3")
    crews = vcrewhit.exposed(position, target, side, shooter_hexes)  # D.8, D5.31: an AFV's exposed crew
    above = not crews and vheight.reaches_crew(position, fire.firers, target, side)  # D5.311, D6.61
    afvs = afvresid.moving_afvs(position, target, side, shooter_hexes)  # A7.307: for its Residual FP (A8.2)
    if not [u for u in position.units_at(target) if u.side != side and u.type != au.SW] and not crews \
            and not above and not afvs \
            and not lone_trucks(position, target, side):  # A7.308: an unarmored vehicle is a target alone
        raise IllegalAction(T("no enemy unit at {hex}", hex=position.label(target)), "A7.3")
    if phase == "MPh":
        movers = moving_targets(position)
        if target not in {m.hex for m in movers} and not crews and not above and not afvs:
            raise IllegalAction(
                T("Defensive First Fire is at a moving unit in the hex it has just entered"), "A8.1")
        for sw in weapons:
            if rfp.lane_bars(position, sw, target):
                raise IllegalAction(T("{sw} keeps a Fire Lane and fires again only in the DFPh, or at units "
                                      "entering its own Location", sw=sw.id), "A9.22")
        _check_subsequent(position, firers, target, side)
    if any(dc.is_dc(u) for u in weapons):  # A23.6: a thrown DC, checked on its own terms
        dc.check(position, firers, target)
        return fire
    located = {u.id: h for u in position.units.values() if u.side == side and (h := where(position, u))}
    why = fire_groups.check_mandatory(position, shooters, target, located)  # A7.55
    if why is not None:
        raise IllegalAction(*why)
    if phase == "DFPh":
        for unit in firers:
            h = where(position, unit)
            assert h is not None
            if unit.has("first_fire") and distance(h, target) > 1:
                raise IllegalAction(
                    T("{unit} First Fired: in the DFPh it may fire only at adjacent units",
                      unit=unit.id), "A8.4")
    directed = _leadership(position, firers) is not None
    for unit in shooters:
        h = where(position, unit)
        assert h is not None
        d = distance(h, target)
        if shot_of(unit).kind == "mg" and d > MG_UNDIRECTED and not directed:
            raise IllegalAction(T("{unit} is {d} hexes from the target: a MG fires beyond 16 hexes only "
                                  "under an infantry leader's direction", unit=unit.id, d=d), "A9.4")
        user = position.units.get(unit.carrier or "", unit) if unit.type == au.SW else unit
        mine = floc.level_of_unit(position, user)  # A2.8: another level of the hex is another Location
        here = [e for e in position.units_at(h) if e.side != side and not e.concealed
                and not e.has("prisoner") and e.type != au.SW  # A20.5: a guard is not bound to his prisoners
                and floc.level_of_unit(position, e) == mine]
        if here and d != 0:
            raise IllegalAction(
                T("{unit} has a known enemy in its own Location and may fire only at it",
                  unit=unit.id), "A7.212")
        shot = shot_of(unit)
        if d > fpw.max_range(shot):
            raise IllegalAction(
                T("{unit} is {d} hexes from the target, beyond twice its range of {range}",
                  unit=unit.id, d=d, range=shot.range), "A7.22")
    for leader in (u for u in firers if u.type == LEADER):
        if not mounted.sees_from_aboard(position, leader, target):  # D6.65, D2.37: from the CAFP
            raise IllegalAction(T("{unit} has no line of sight to {hex}: he directs no fire there",
                                  unit=leader.id, hex=position.label(target)), "D6.65")
    blocked = blind(position, shooters, target)
    if blind_ok and blocked and len(blocked) == len(shooters):
        return fire  # A6.11: declared before the LOS is checked, the shot is fired all the same
    if blocked and (len(shooter_hexes) == 1 or len(blocked) == len(shooters)):
        # A7.52: only members of a multi-Location fire group drop out for want of LOS; alone, no attack
        unit = blocked[0]
        h = where(position, unit)
        assert h is not None
        sight = asl_terrain.line_of_sight(position, h, target, a_level=unit.level)  # A2.8: its Location
        raise IllegalAction(
            T("{unit} has no line of sight to {hex}: {reason}", unit=unit.id,
              hex=position.label(target), reason=sight.reason), "A6.1")
    return fire


def _check_subsequent(position: Position, firers: Sequence[UnitState], target: Hex, side: str) -> None:
    """The limits on firing again in the MPh: no more shots at the movers in a hex than the MF they spent
    there (A9.2, A8.14); SFF within normal range and at no farther target than the nearest known armed enemy
    (A8.3); FPF only at adjacent or same-Location movers (A8.31)."""
    from hexmate.rules.games.asl import hwaa

    top = position.state.decision
    allowed = shots_allowed(position)
    hwaa.check_shot(cast("AslGame", position.game), position, [u.id for u in firers], target)  # D14.33
    modes = fire_modes(position, firers, target)
    named = {u.id for u in firers}
    for unit in firers:
        if top is not None and int(top.arg(f"shots:{unit.id}", "0")) >= allowed:
            raise IllegalAction(
                T("{unit} has already fired at the movers here as many times as the MF they spent here ({n})",
                  unit=unit.id, n=allowed), "A8.14, A9.2")
        h = where(position, unit)
        assert h is not None
        d = distance(h, target)
        if modes[unit.id] == "fpf" and d > 1:
            raise IllegalAction(
                T("{unit} has a Final Fire counter: Final Protective Fire only at adjacent movers",
                  unit=unit.id), "A8.31")
        if modes[unit.id] in ("sff", "fpf") and unit.type == au.SW and shot_of(unit).kind != "mg":
            rule = "A8.31" if modes[unit.id] == "fpf" else "A8.3"
            raise IllegalAction(T("{sw}: only small arms, MGs and IFE fire again as Subsequent First Fire or "
                                  "FPF", sw=unit.id), rule)
        if modes[unit.id] == "fpf" and unit.type not in (au.SW, LEADER):
            # A8.31: a unit's FPF takes all its usable MGs along, Final Fire counter or not, up to the SW it
            # may fire (A7.35-A7.353)
            mgs = [w for w in au.possessed(position.state, unit.id)
                   if shot_of(w).kind == "mg" and au.check_sw_use(position.state, w) is None]
            left = [w.id for w in mgs if w.id not in named]
            if len(mgs) - len(left) < min(len(mgs), au.sw_fire_limit(unit)):
                raise IllegalAction(
                    T("{unit} fires Final Protective Fire: its MG ({mgs}) must fire with it", unit=unit.id,
                      mgs=", ".join(left)), "A8.31")
        if modes[unit.id] == "sff" and unit.type != LEADER:
            if d > shot_of(unit).range:
                raise IllegalAction(
                    T("{unit}: Subsequent First Fire only within normal range", unit=unit.id), "A8.3")
            enemies = [e for e in position.units.values() if e.side != side and e.hex is not None
                       and not e.concealed and not e.has("broken") and e.type != au.SW]
            nearest = min((distance(h, e.hex) for e in enemies if e.hex is not None), default=d)
            if d > nearest:
                raise IllegalAction(
                    T("{unit}: Subsequent First Fire not past the nearest known armed enemy", unit=unit.id),
                    "A8.3")


def lone_trucks(position: Position, target: Hex, side: str) -> list[UnitState]:
    """The enemy unarmored vehicles of the target hex, kept aside from the infantry view (armour.py): a target
    of small arms by themselves, on the IFT's vehicle line (A7.308)."""
    from hexmate.rules.games.asl import unarmored

    return sorted((u for u in getattr(position.state.game, "aside", ()) if u.hex == target and u.side != side
                   and unarmored.target_of_small_arms(u)), key=lambda u: u.id)


def blind(position: Position, shooters: Sequence[UnitState], target: Hex,
          level: int | None = None) -> list[UnitState]:
    """The shooters with no LOS to the target (A6.1; ``level``: the target Location's, when named, floc.py);
    in a multi-Location fire group they drop out, count as having fired, and the rest attack (A7.52)."""
    out = []
    bypassed = asl_bypass.at(position, target) if position.phase.id == "MPh" else None
    for unit in shooters:
        h = where(position, unit)
        if h is not None and bypassed is not None:  # A4.34: to a vertex of the hexsides bypassed
            if not asl_bypass.sight(position, h, bypassed).seen:
                out.append(unit)
        elif h is not None and h != target and asl_terrain.line_of_sight(
                position, h, target, a_level=unit.level, b_level=level).blocked:
            out.append(unit)
    return out


def _overstack(units: Sequence[UnitState]) -> int:
    """A5.12/A5.131: squad-equivalents of personnel over the three-squad limit, rounded up (SMC and SW apart:
    four SMC are allowed on top, A5.1)."""
    se = sum((Fraction(1) if u.type == "squad" else Fraction(1, 2) for u in units if u.type in au.MMC),
             Fraction(0))
    return max(0, math.ceil(se - 3))


def _leadership(position: Position, firers: list[UnitState]) -> tuple[int, str] | None:
    """A7.53/A7.531: a leader directs the fire if there is a Good Order unpinned leader in every firing
    Location; the worst of their modifiers applies."""
    people, weapons = _split(position, firers)
    if any(u.has("berserk") for u in people):
        return None  # A15.42: no leadership for a berserk unit, nor so for the others firing with it
    # D6.65: a leader aboard a halftrack that moved directs only the units aboard it
    # A9.12: a leader firing a SW (alone, or with a second SMC of his Location named with him) directs nothing
    owners = [position.units.get(w.carrier or "") for w in weapons]
    users = {o.hex for o in owners if o is not None and o.type == LEADER}
    leaders = [u for u in firers if au.can_direct(u) and mounted.may_direct(position, u, people + weapons)
               and u.hex not in users
               and all(nations.leads(u, p) for p in people if p.type != LEADER)]  # A25.24
    if not leaders:
        return None
    best_per_hex = {}
    for h in {where(position, u) for u in people + weapons}:
        here = [au.leadership_of(ldr) for ldr in leaders if ldr.hex == h]
        if not here:
            return None
        best_per_hex[h] = min(here)
    worst = max(best_per_hex.values())
    names = ", ".join(ldr.id for ldr in leaders)
    return worst, names


def lone_leader_mg(position: Position, sw: UnitState, firers: Sequence[UnitState]) -> bool:
    """A9.12: a leader fires a SW MG as Area Fire, unless a second SMC in his Location fires it with him
    (two stacked SMC fire it at full FP)."""
    if sw.type != au.SW or shot_of(sw).kind != "mg":
        return False
    owner = position.units.get(sw.carrier or "")
    if owner is None or owner.type != LEADER or au.is_hero(owner):  # A15.23: a heroic leader at full FP
        return False
    helpers = [u for u in firers if u.type in ("leader", "hero") and u.id != owner.id and u.hex == owner.hex]
    return not helpers


def single_smc(position: Position, sw: UnitState, firers: Sequence[UnitState]) -> bool:
    """A9.3: is this SW MG fired by one SMC alone (no second SMC of his Location named with him)?"""
    owner = position.units.get(sw.carrier or "")
    if owner is None or owner.type not in au.SMC:
        return False
    return not [u for u in firers if u.type in au.SMC and u.id != owner.id and u.hex == owner.hex]


def cowering_shift(firers: Sequence[UnitState], default_nationality: str | None,
                   others: Iterable[UnitState] = ()) -> int:
    """A7.9: columns an undirected attack on doubles moves left: 0 if every firer is exempt (SMC, berserk,
    fanatic, the classes a nationality exempts), 2 with any firer under the Inexperienced restrictions
    (A19.33; a Green one stacked with a leader not broken, among ``others`` or the firers, is exempt: A19.3),
    else 1. A SW counts as its possessor."""
    if not firers:
        return 0
    if all(au.cowering_exempt(u, au.nationality_of(u, default_nationality)) for u in firers):
        return 0
    stack = [*firers, *others]
    return 2 if any(au.restricted(u, stack) for u in firers) else 1


# A7.9: the counter every unit of a cowering attack takes ("Prep Fire or Final Fire as appropriate"); the
# AFPh has neither, and a Defensive First Fire that cowers ends its firers' MPh as Final Fire
COWERED_MARK = {"PFPh": "prep_fire", "MPh": "final_fire", "DFPh": "final_fire"}


def cowered_marks(position: Position, state: State, firers: Sequence[UnitState]) -> tuple[State, list[Line]]:
    """A7.9: the units of an attack that cowered take the Prep Fire or Final Fire counter of the phase, each
    unit that fired and each possessor of a SW that fired, whether or not it used its own inherent FP; so a
    cowered First Fire flips to Final Fire (no Subsequent First Fire, A8.3; no Final Fire in the DFPh, A8.4)
    and a squad whose SW cowered may not fire its inherent FP at another target this phase (A7.33)."""
    mark = COWERED_MARK.get(position.phase.id)
    if mark is None:
        return state, []
    ids = dict.fromkeys([u.id for u in firers] + [u.carrier for u in firers if u.type == au.SW and u.carrier])
    marked: list[str] = []
    for uid in ids:
        unit = state.units.get(uid or "")
        if unit is None or (unit.has(mark) and not unit.has("first_fire")):
            continue
        state = state.with_unit(unit.mark(mark, remove=("first_fire",)))
        marked.append(unit.id)
    if not marked:
        return state, []
    what = T("Final Fire") if mark == "final_fire" else T("Prep Fire")
    return state, [Line(T("Cowering"), T("{units} marked {counter}", units=", ".join(marked), counter=what),
                        "A7.9")]


def _possessors(position: Position, firers: Sequence[UnitState]) -> list[UnitState]:
    """The personnel behind the attack: every firer, a SW standing for its possessor (A7.9)."""
    out: dict[str, UnitState] = {}
    for u in firers:
        if u.type == au.SW:
            owner = position.units.get(u.carrier or "")
            if owner is not None:
                out[owner.id] = owner
        elif u.type != LEADER:
            out[u.id] = u
    return list(out.values())


def fire_modes(position: Position, firers: Sequence[UnitState], target: Hex | None = None) -> dict[str, str]:
    """How each firer fires, from its fire counters before the fire (A8): in the MPh 'first' (Defensive First
    Fire, A8.1), 'sff' with a First Fire counter (Subsequent First Fire, A8.3) or 'fpf' with a Final Fire
    counter (Final Protective Fire, A8.31); in the DFPh 'final', or 'after_first' with a First Fire counter
    (A8.4); else the phase's own fire. A13.351: Infantry's TPBF at enemy cavalry in the MPh is FPF (with the
    ``target``, cavfire.py)."""
    phase = position.phase.id
    out: dict[str, str] = {}
    for u in firers:
        if cavfire.fpf_at(position, u, target):
            out[u.id] = "fpf"  # A13.351: Infantry's TPBF at cavalry is FPF, so Area Fire
        elif phase == "MPh":
            out[u.id] = "fpf" if u.has("final_fire") else "sff" if u.has("first_fire") else "first"
        elif phase == "DFPh":
            out[u.id] = "after_first" if u.has("first_fire") else "final"
        else:
            out[u.id] = phase
    return out


MODE_AREA = {
    "sff": (T("Subsequent First Fire"), "A8.3"),
    "fpf": (T("Final Protective Fire"), "A8.31"),
    "after_first": (T("Final Fire after First Fire"), "A8.4"),
}


def _sustained(unit: UnitState, mode: str) -> bool:
    """A9.3: a MG using SFF or FPF, or firing in the DFPh with a First Fire counter, uses Sustained Fire."""
    return shot_of(unit).kind == "mg" and mode in MODE_AREA


def resolve_attack(game: AslGame, position: Position, fire: act.Fire,
                   area: Sequence[tuple[T, str]] = (), modes: Mapping[str, str] | None = None,
                   level: int | None = None, snap: tuple[Hex, Hex] | None = None,
                   shot: int | None = None) -> Resolution:
    """Work out an IFT attack once: each shot's FP, the DRMs, the column, Cowering and each target group's
    result. ``modes``: how each firer fires (``fire_modes``, worked out before the fire counters change;
    SFF, FPF and Final Fire after First Fire are Area Fire, A8.3, A8.31, A8.4); ``area`` adds Area Fire
    causes the caller knows besides (a Snap Shot, A8.15); ``level`` the target Location's level when the
    firer named it (A7.4: that Location's units only, floc.py); ``snap`` the hexside (came from, entered) of
    a Snap Shot (A8.15, snap.py): LOS to the whole hexside, no TEM of the hex nor FFNAM/FFMO, but a wall or
    hedge the thread crosses. ``shot``: the firers' shot in a Human Wave's window (D14.33), if declared
    (else the one they would make next)."""
    assert fire.dice is not None
    if any(dc.is_dc(u) for u in _firers(position, fire)):
        return dc.resolve(position, fire)
    modes = dict(modes) if modes is not None else fire_modes(position, _firers(position, fire), fire.target)
    roll = ASL_DR.from_values(fire.dice)
    firers = _firers(position, fire)
    people, weapons = _split(position, firers)
    shooters = people + weapons
    dropped = blind(position, shooters, fire.target, level) if snap is None else [
        u for u in shooters if asl_snap.sight(position, u, snap).result.blocked]  # A8.15
    shooters = [u for u in shooters if u not in dropped]
    side = firers[0].side
    targets = [u for u in position.units_at(fire.target) if u.side != side and u.type != au.SW
               and (level is None or floc.level_of_unit(position, u) == level)]  # A7.4: the target Location
    targets += asl_prisoners.fired_on(position, fire.target, side)  # A20.54: the prisoners there too
    if position.phase.id == "MPh" and position.state.moving is not None and asl_hw.in_impulse(game, position):
        from hexmate.rules.games.asl import hwaa  # D14.33 example: a later shot at the AFV's later MP only

        k = shot if shot is not None else hwaa.next_shot(position, fire.firers)
        wave = {u.id for u in moving_targets(position)}
        hit = {u.id for u in hwaa.shot_targets(game, position, moving_targets(position), k)}
        targets = [u for u in targets if u.id not in wave or u.id in hit]
    phase = position.phase.id
    lines: list[Line] = []
    # DRMs (A7.3 step 5; all cumulative, A.17); worst hindrance of any member for the whole group (A7.52).
    drms: list[tuple[T, int, str]] = []
    ft_attack = any(shot_of(u).kind == "ft" for u in weapons)
    led = None if ft_attack else _leadership(position, firers)  # A22.2: no leadership for a FT
    if led is not None and asl_hero.hero_instead(position, people, weapons, fire.target, led[1].split(", "),
                                                 led[0]):
        led = None  # A15.21: a heroic leader's hero -1 rather than his 0 or +1 leadership, never both
    if led is not None:
        drms.append((T("leadership ({leaders})", leaders=led[1]), led[0], "A7.53"))
    tem = asl_terrain.tem(position, fire.target)
    bypassed = asl_bypass.at(position, fire.target) if phase == "MPh" else None
    views = [asl_bypass.sight(position, h, bypassed) for h in {where(position, u) for u in shooters}
             if h is not None and bypassed is not None]
    road_from = asl_road.entered_by_road(position, fire.target) if phase == "MPh" else None
    if road_from is not None:  # A4.132: on the road, not in the woods or building
        tem = 0
    if snap is not None:  # A8.15 (C.5C): none of the target hex's TEM at the hexside, but walls and hedges
        tem, bypassed, views, road_from = 0, None, [], None
    # A12.15: units bumped back into a shellhole claim no shellhole TEM against the First Fire there
    denied = asl_bump.denied_tem(position, [u for u in moving_targets(position) if u.hex == fire.target],
                                 fire.target) if phase == "MPh" and snap is None else 0
    if denied:
        tem -= denied
        drms.append((T("no shellhole TEM: bumped back into it by a concealed enemy"), 0, "A12.15"))
    infantry_only = 0  # A7.308 example: a TEM for infantry only (a shellhole) spares no truck nor its riders
    wall = None  # A4.61 example 3: a wall or hedge on the target's hexside the fire crosses (walls.py)
    wall_gain = 0  # what the wall or hedge adds over the hex's own TEM
    if bypassed is None and road_from is None and not ft_attack and all(u.level == 0 for u in targets):
        wall = asl_walls.crossed(position, {where(position, u) for u in shooters}, fire.target) \
            if snap is None else max((w for u in shooters
                                      if (w := asl_snap.wall(asl_snap.sight(position, u, snap))) is not None),
                                     default=None)
        wall = wall if wall is not None and wall[0] > tem else None
    if bypassed is not None:  # A4.34: outside the obstacle; a wall or hedge of the hex crossed gives its TEM
        tem = max((v.tem for v in views if v.seen), default=0)
        if tem and not ft_attack:
            feature = next(v.cover for v in views if v.tem == tem)
            drms.append((T("{feature} of the bypassed hex", feature=feature), tem, "A4.34"))
    elif wall is not None and snap is not None:  # A8.15: a wall or hedge the thread to the hexside crosses
        wall_gain, tem = wall[0], wall[0]
        drms.append((T("{feature} crossed on the way to the hexside", feature=vcover.WALL_WORDS[wall[1]]),
                     tem, "A8.15"))
    elif wall is not None:  # its TEM stands in for the hex's lower one
        wall_gain, tem = wall[0] - tem, wall[0]  # A13.5: not for cavalry
        drms.append((T("{feature} on the hexside the fire crosses into {hex}",
                       feature=vcover.WALL_WORDS[wall[1]], hex=position.label(fire.target)), tem, "A4.61"))
    elif tem and not ft_attack:  # A22.1: a FT attack ignores TEM
        infantry_only = asl_terrain.infantry_only_tem(position, fire.target)
        drms.append((T("target terrain ({terrain})", terrain=position.map.terrain(fire.target)), tem, "A7.6"))
    infantry = [u for u in targets if u.type != "vehicle"]  # a vehicle (or wreck) there is no bailed-out unit
    cover, why = vcover.tem(position, fire.target, (where(position, u) for u in shooters), other_tem=tem,
                            side=targets[0].side if targets else "", units=infantry)
    if cover and not ft_attack and why is not None and snap is None:  # D9.3: an AFV or wreck there
        drms.append((why, cover, "D9.3"))
        tem += cover
    hindrance = max(
        (asl_terrain.line_of_sight(position, h, fire.target, b_level=level).hindrance
         + vcover.hindrance(position, h, fire.target)[0]  # D9.4: AFVs and wrecks on the way
         for h in {where(position, u) for u in shooters} if h is not None and h != fire.target),
        default=0,
    ) if snap is None else max((asl_snap.sight(position, u, snap).result.hindrance for u in shooters),
                               default=0)  # A8.15: the worst thread to the whole hexside
    # the LOS hindrance already counts SMOKE (asl/los.py, by level); its SMOKE part is shown on its own line
    smoke = min(hindrance, asl_smoke.fire_drm(game, position, {where(position, u) for u in shooters},
                                              fire.target) if snap is None
                else max((asl_snap.smoke_drm(position, u, snap) for u in shooters), default=0))  # A8.15
    if hindrance - smoke:
        drms.append((T("LOS hindrance"), hindrance - smoke, "A6.7"))
    if smoke:  # A24.2, A24.8; A8.15: in the hex entered or left where the thread to the hexside crosses it
        drms.append((T("SMOKE"), smoke, "A24.2" if snap is None else "A8.15"))
    directors = firers if led is not None else shooters
    if any(u.has("cx") for u in directors):
        drms.append((T("CX firer"), 1, "A4.51"))
    drms += asl_hero.fire_drms(position, people, weapons, firers, fire.target, ft_attack=ft_attack,
                               led=led is not None)  # A15.24: -1 each, cumulative; A15.23: +1 alone with a MG
    if any(u.has("encircled") for u in _possessors(position, firers)):
        drms.append((T("encircled firer"), 1, "A7.7"))
    firing_here = {where(position, u) for u in shooters}
    # A5.3: PRC (and prisoners, A20.51, whose carrier is their guard) count for no Location's stacking
    over = max((_overstack([u for u in position.units_at(h) if u.side == side and u.carrier is None])
                for h in firing_here if h is not None), default=0)
    if over:
        drms.append((T("firer overstacked by {n} squad-equivalent(s)", n=over), over, "A5.12"))
    under = _overstack([u for u in position.units_at(fire.target) if u.side != side and u.carrier is None
                        and (level is None or floc.level_of_unit(position, u) == level)])  # A5.131, A5.3
    if under:
        drms.append((T("target overstacked by {n} squad-equivalent(s)", n=under), -under, "A5.131"))
    # A4.62 (D5.5, D5.6, D6.9): a crew or PRC forced out of its vehicle is under Hazardous Movement this
    # phase: -2 while unpinned, in every fire phase, and then no FFNAM/FFMO
    hazardous = bool(infantry) and all((u.has("hazardous") or u.has("setting_dc")) and not u.has("pinned")
                                       for u in infantry)  # A23.7: setting a DC is Hazardous Movement
    if hazardous and all(u.has("setting_dc") for u in infantry):
        drms.append((T("Hazardous Movement (setting a DC)"), -2, "A23.7"))
    elif hazardous:
        drms.append((T("Hazardous Movement (forced out of its vehicle)"), -2, "A4.62"))
    no_ff: list[Line] = []  # A4.6, D.6: why no FFNAM/FFMO is shown at all
    if phase == "MPh" and not cavalry.charging(people):  # A13.6: a Charge's attack is at its target
        moving = {u.id for u in moving_targets(position)}
        movers = [u for u in targets if u.id in moving]
        targets = movers  # A8.1: First Fire affects only the units that are moving
        # A4.6, D.6: a moving truck is no moving infantry, nor are the units aboard it: no FFNAM/FFMO at all
        carrying = sorted(t.id for t in lone_trucks(position, fire.target, side)
                          if t.id in moving) if level in (None, 0) else []
        aboard_only = bool(carrying) and all(u.carrier in carrying for u in movers)
        for vid in carrying if aboard_only else ():
            no_ff.append(Line(T("FFNAM/FFMO"), T("none for the moving vehicle {vehicle}", vehicle=vid),
                              "A4.6"))
            if any(u.carrier == vid for u in movers):
                no_ff.append(Line(T("FFNAM/FFMO"), T("none for the units aboard {vehicle}", vehicle=vid),
                                  "D.6"))
        # A7.83: pinned, no FFNAM/FFMO; D.6: nor for a moving vehicle's crew (no infantry moving)
        if movers and not aboard_only and not hazardous and snap is None \
                and not any(u.has("pinned") for u in movers):  # A8.15
            # A4.61: Assault Movement has FFMO, no FFNAM (the AFV its infantry move with in an Armored
            # Assault, D9.31, is no walker: their Assault Movement is theirs alone)
            walkers = [u for u in movers if u.type != "vehicle"] or movers
            if not all(u.has("assault") for u in walkers):
                drms.append((T("First Fire at a moving unit (FFNAM)"), -1, "A4.6"))
            if bypassed is not None:  # A4.34: FFMO when the view to a vertex is clear of TEM and hindrance
                if views and all(v.ffmo for v in views if v.seen) and not hindrance:
                    drms.append((T("moving in Open Ground (FFMO)"), -1, "A4.34"))
            elif road_from is not None:  # A4.132: FFMO for a view of the road's crossing point
                seen = [asl_road.ffmo(position, h, road_from, fire.target) for h in firing_here if h]
                if not hindrance and all(seen):
                    drms.append((T("moving in Open Ground (FFMO)"), -1, "A4.132"))
            elif (position.map.terrain(fire.target) == "open" or denied) and not tem and not hindrance \
                    and not smoke \
                    and not all(u.has(riders.BAILING) for u in walkers):  # D6.24: FFNAM only
                drms.append((T("moving in Open Ground (FFMO)"), -1, "A4.6"))
    # D.6: units aboard a vehicle get no FFNAM or FFMO
    first_fire_drm = sum(v for _, v, rule in drms if rule in ("A4.6", "A4.34", "A4.132") and v == -1)
    drm = sum(v for _, v, _ in drms)
    final = roll.total + drm
    for label, value, rule in drms:
        lines.append(Line(label, f"{value:+d}", rule))
    lines += no_ff
    lines.append(Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                          coloured=roll.coloured, total=roll.total), "A.1"))
    lines.append(Line(T("Final DR"), f"{roll.total} {drm:+d} = {final}", "A7.3"))
    # A7.9 Cowering: doubles on an attack no leader directs; exempt firers never cower.
    shift = 0
    if roll.doubles and led is None:
        shift = cowering_shift(_possessors(position, firers), _side_nationality(position, side),
                               position.units.values())
        if shift:
            lines.append(Line(T("Cowering"), T("doubles, undirected: {n} column(s) left", n=shift), "A7.9"))
    results: dict[str, str] = {}
    summary_parts: list[T] = []
    fp_lines: list[Line] = []
    # D6.7, D.8B: the units aboard an unarmored vehicle take a General Collateral attack of their own
    riding = collateral.aboard(position, targets, side)
    unreached, ce_aboard = vmg.afv_aboard(position, targets)  # D6.61, D5.31, D6.62; riders stay (D6.23)
    from hexmate.rules.games.asl import moto

    cycles = moto.rider_groups(position, targets)  # D15.5: motorcycle riders, a group of their own
    cyclists = bicycle.riders_among(targets)  # D15.85: bicycle riders, infantry with -1 on the IFT DR
    horsemen = cavalry.among(targets)  # A13.5: cavalry, -2 on the IFT DR
    carried = {u.id for units in (*riding.values(), *ce_aboard.values(), *cycles.values(), cyclists, horsemen)
               for u in units}
    carried |= unreached
    spots = [(u, h) for u in shooters if (h := where(position, u)) is not None]
    from_above = vheight.reached(position, spots, unreached)  # D6.61: BU passengers below a height advantage
    groups: list[tuple[T, T, list[UnitState], bool, int]] = []
    for key, hidden_ in (("known", False), ("concealed", True)):
        alike = [u for u in targets if u.concealed == hidden_ and u.id not in carried]
        plain = [u for u in alike if not ft_count(position, u)]
        groups.append((GROUPS[key], SUMMARY_GROUPS[key], plain, hidden_, final))
        for n in sorted({ft_count(position, u) for u in alike} - {0}):  # A22.4: -1 a FT possessed
            groups.append((T("{group} possessing {n} FT (-{n} IFT DRM)", group=GROUPS[key], n=n),
                           SUMMARY_GROUPS[key], [u for u in alike if ft_count(position, u) == n], hidden_,
                           final - n))
    for vid, units in sorted(riding.items()):
        groups.append((T("units aboard {vehicle}", vehicle=vid), T("aboard {vehicle}", vehicle=vid), units,
                       all(u.concealed for u in units), final - infantry_only - first_fire_drm))
    for vid, units in sorted(cycles.items()):  # D15.5: no FFMO/FFNAM, -1 IFT DRM
        groups.append((T("riders of {vehicle} (-1 IFT DRM, no FFMO/FFNAM)", vehicle=vid),
                       T("aboard {vehicle}", vehicle=vid), units, all(u.concealed for u in units),
                       final - first_fire_drm + moto.RIDER_IFT_DRM))
    if cyclists:  # D15.85: FFMO/FFNAM as for any infantry, and -1
        groups.append((T("riders on bicycles (-1 IFT DRM)"), T("on bicycles"), cyclists,
                       all(u.concealed for u in cyclists), final + bicycle.IFT_DRM))
    if horsemen:  # A13.5: -2 in place of FFMO/FFNAM, no infantry-only TEM (shellholes), no wall/hedge TEM
        groups.append((T("cavalry (-2 IFT DRM, no FFMO/FFNAM)"), T("cavalry"), horsemen,
                       all(u.concealed for u in horsemen),
                       final - first_fire_drm - infantry_only - wall_gain + cavalry.IFT_DRM))
    for vid, units in sorted(ce_aboard.items()):  # D5.31: +2 CE DRM, not on top of a positive TEM; no FFNAM
        carrier = mounted.carrier_of(position, units[0]) or units[0]
        over = vheight.excess(position, spots, carrier)  # D5.31, D6.61: the CE DRM less from above
        label = T("CE units aboard {vehicle} (+2 CE DRM)", vehicle=vid) if not over else \
            T("CE units aboard {vehicle} (CE DRM {drm}: {levels} level(s) of height advantage beyond the "
              "range, D6.61)", vehicle=vid, drm=vheight.ce_drm(over), levels=over)
        ce_final = final - first_fire_drm - max(tem, 0) + max(vheight.ce_drm(over), tem)
        groups.append((label, T("aboard {vehicle}", vehicle=vid), units, False, ce_final))
    for vid, (units, drm_up) in sorted(from_above.items()):  # D6.61: reached from above, the CE DRM less
        label = T("BU passengers of {vehicle}, reached from a height advantage beyond the range (CE DRM "
                  "{drm}, D6.61)", vehicle=vid, drm=drm_up)
        groups.append((label, T("aboard {vehicle}", vehicle=vid), units, False,
                       final - first_fire_drm - max(tem, 0) + max(drm_up, tem)))
    crews = vcrewhit.exposed(position, fire.target, side, firing_here, roll.coloured)
    aspect = {v.id for v, b in crews if b}  # D5.311: at an unarmored aspect, no CE DRM at all
    above = vcrewhit.from_above(position, fire.target, side, lambda v: vheight.excess(position, spots, v))
    crews = [(v, b or v.id in above) for v, b in crews]  # D5.311: from above an OT AFV's crew is exposed
    crews += [(v, True) for vid, (v, _) in above.items() if vid not in {c.id for c, _ in crews}]
    for vehicle, bare in crews:  # D.8, D5.31, D5.311: an AFV's own exposed crew, a General Collateral attack
        height = vehicle.id in above and vehicle.id not in aspect
        ce = vheight.ce_drm(above[vehicle.id][1]) if height else None
        crew_dr, said, rule = vcrewhit.crew_final(final, drms, vehicle, bare, ce)  # D5.31, D6.61: less
        lines.append(Line(T("{vehicle}'s crew", vehicle=vehicle.id), said, rule))
        groups.append((T("the crew of {vehicle}", vehicle=vehicle.id),
                       T("crew of {vehicle}", vehicle=vehicle.id), [vehicle], False, crew_dr))
    for vid, units in sorted(vcrewhit.broken_ht_passengers(position, targets).items()):  # D6.66: DM only
        as_ce = final - first_fire_drm - max(tem, 0) + max(vmg.CE_DRM, tem)
        groups.append((T("broken passengers of {vehicle}, as if CE", vehicle=vid),
                       T("aboard {vehicle}", vehicle=vid), units, False, as_ce))
    trucks = lone_trucks(position, fire.target, side) if level in (None, 0) else []
    if phase == "MPh":  # A7.308, A8.1: Defensive First Fire is at the moving vehicle only
        moving_ids = {u.id for u in moving_targets(position)}
        trucks = [t for t in trucks if t.id in moving_ids]
    if trucks and not any(g[2] for g in groups):  # A7.308: the vehicle line alone needs the attack's column
        # A4.6: FFNAM and FFMO are for moving infantry, not the vehicle; nor a TEM for infantry only
        groups.append((T("unarmored vehicles"), T("unarmored vehicles"), trucks, False,
                       final - first_fire_drm - infantry_only))
    afvs = afvresid.moving_afvs(position, fire.target, side, firing_here) \
        if not any(g[2] for g in groups) else []
    if afvs:  # A7.307: no effect on them; the column is worked out for the Residual FP it leaves (A8.2)
        groups.append((T("armored vehicles"), T("armored vehicles"), afvs, False, final))
    for group_label, summary_label, group, concealed, final in groups:
        if not group:
            continue
        total = Fraction(0)
        causes = list(area) + ([(T("concealed target"), "A7.23")] if concealed else [])
        for unit in shooters:
            h = where(position, unit)
            assert h is not None
            if unit.has("mol") and roll.coloured == 6:  # A22.6111: the MOL user's FP leaves the attack
                continue
            if unit.has("mol_failed"):  # A22.611: its MOL check failed, a SW use: no FP of its own here
                fp_lines.append(Line(T("FP vs {group}", group=group_label),
                                     T("{unit}: none, its MOL check failed", unit=unit.id), "A22.611"))
                continue
            if unit.has("mol") and not au.keeps_inherent_fp(unit, 1):  # A22.611 with A7.352: the MOL is a SW
                fp_lines.append(Line(T("FP vs {group}", group=group_label),  # a HS, crew or SMC fires
                                     T("{unit}: the MOL's FP only; a HS, crew or SMC using a SW adds none of "
                                       "its own", unit=unit.id), "A7.352"))
                continue
            mine = list(causes)
            if phase == "MPh" and asl_dash.halves(position, h, fire.target):  # A4.63: per firer's view
                mine.append((T("at a Dashing unit"), "A4.63"))
            if (not concealed and group[0].carrier not in riding and shot_of(unit).kind == "mg"
                    and group[0].type != "vehicle"
                    and distance(h, fire.target) > MG_UNDIRECTED and not under
                    and not any(u.has("broken") or u.has("berserk") for u in group)):
                mine.append((T("MG beyond 16 hexes: infantry treated as concealed"), "A9.4"))
            if lone_leader_mg(position, unit, firers):
                mine.append((T("a leader alone firing a MG"), "A9.12"))
            mode = modes.get(unit.id, "")
            if mode in MODE_AREA and not (mode == "after_first" and shot_of(unit).kind == "mg"):
                mine.append(MODE_AREA[mode])
            # A9.3: a MG's Sustained Fire halves it, once: as the Area Fire of A8.4 in the DFPh, or of SFF/FPF
            owner = position.units.get(unit.carrier or "") if unit.type == au.SW else None
            reach = _reach(position, owner or unit, h, fire.target, group)  # A7.21 with A2.8
            climb = 0
            if shot_of(unit).kind == "ft":  # A22.32: at most two levels up or down, halved at two
                climb = ft_level_diff(position, unit, fire.target,
                                      level if level is not None else floc.level_of_unit(position, group[0]))
                if not sp.ft_level_ok(climb):
                    raise IllegalAction(T("a flamethrower cannot fire at a target more than two levels above "
                                          "or below it (A22.32)"), "A22.32")
            fp, steps = fpw.shot_fp(shot_of(unit, owner), reach, phase=phase, area=mine,
                                    level_diff=climb,
                                    sustained=mode == "after_first" and _sustained(unit, mode),
                                    aboard=[*mounted.halvings(position, unit),  # D6.1, D6.22, D2.42
                                            *cavalry.halvings(unit)])  # A13.4
            total += fp
            label = T("FP vs {group}", group=group_label)
            fp_lines.append(Line(label, fpw.working(unit.id, unit.name, steps), "A7.2"))
        mol_user = next((u for u in people if u.has("mol")), None)
        if mol_user is not None and roll.coloured == 6:  # A22.6111: the user breaks, its FP and the MOL's out
            fp_lines.append(Line(T("MOL"), T("coloured dr 6: {unit} breaks; its FP and the MOL's leave the "
                                             "attack; a Flame in its Location if burnable (B25)",
                                             unit=mol_user.id), "A22.6111"))
        elif mol_user is not None:  # A22.611: +4 FP after every other FP modifier
            total = sp.mol_fp(total)
            fp_lines.append(Line(T("MOL"), T("+4 FP"), "A22.611"))
            if roll.coloured == 1:
                fp_lines.append(Line(T("MOL"), T("coloured dr 1: a Flame in the target Location if burnable "
                                                 "(B25)"), "A22.6111"))
        got = iift.read(position, total, final, shift)  # A7.3, A7.37: the table in use, A7.371's shifts
        col = got.column
        label = T("IIFT vs {group}", group=group_label) if got.table == "IIFT" else T("IFT vs {group}",
                                                                                       group=group_label)
        lost = {} if got.standard is None or group[0].carrier not in riding else collateral.doomed(
            position, fire.target, side, got.standard, final,  # D.6, A4.6: no FFNAM/FFMO
            among={u.id for u in moving_targets(position)} if phase == "MPh" else None)
        if col is not None and group[0].carrier in lost:  # D.8: none when the same DR destroys the vehicle
            lines.append(Line(label,
                              T("{vehicle} is destroyed by the same DR on the {column} column: no collateral "
                                "attack", vehicle=group[0].carrier, column=got.shown), "D.8"))
            continue
        if group[0].carrier in riding:  # D.8B: the DR as if they were the only target, less what isn't theirs
            said = T("General Collateral attack on {units}: Final DR {final}",
                     units=", ".join(u.id for u in group), final=final)
            lines.append(Line(group_label, said, "D.8B"))
            if first_fire_drm:
                lines.append(Line(group_label, T("no FFNAM/FFMO aboard a vehicle: {drm:+d} taken off",
                                                 drm=-first_fire_drm), "D.6"))
            if infantry_only:
                lines.append(Line(group_label, T("no TEM for infantry only: {drm:+d} taken off",
                                                 drm=-infantry_only), "A7.308"))
        if group is afvs:  # A7.307: no result on an armored target, whatever the column
            said = T("{fp} FP: no column left, no effect", fp=_fmt(total)) if col is None else T(
                "{fp} FP -> {column} column: no effect on {vehicles}, an armored target; it may leave "
                "Residual FP", fp=_fmt(total), column=got.key,
                vehicles=", ".join(u.id for u in afvs))  # read by residual.highest_column (COLUMN_LINES)
            lines.append(Line(label, said, "A7.307"))
            continue
        if group is trucks and col is not None:  # A7.308: only the column and the Final DR count here
            said = T("{fp} FP -> {column} column, final DR {final}: read on the vehicle line", fp=_fmt(total),
                     column=got.key, final=final)
            lines.append(Line(label, said, "A7.308"))
            continue
        result = got.result
        if col is None:
            lines.append(Line(label, T("{fp} FP: no column left, no effect", fp=_fmt(total)), "A7.9"))
        else:
            lines.append(Line(label, got.said(), got.rule))
        if result == "PTC" and group[0].carrier in cycles:  # D15.54: a pin means nothing to riders
            lines.append(Line(group_label, T("PTC: no effect on motorcycle riders"), "D15.54"))
            result = "-"
        if result == "PTC" and group is horsemen:  # A13.52: cavalry takes no PTC
            lines.append(Line(group_label, T("PTC: no effect on cavalry"), "A13.52"))
            result = "-"
        if getattr(group_label, "msgid", "") == "broken passengers of {vehicle}, as if CE":
            if vcrewhit.at_least_nmc(result):  # D6.66: read back by vcrewhit.after_ift
                lines.append(vcrewhit.dm_line(str(group[0].carrier)))
            continue
        if group is trucks:  # A7.308: no column left, no vehicle line either
            continue
        if group[0].type == "vehicle":  # D5.34, D5.311: read back by vcrewhit.after_ift
            bare = any(v.id == group[0].id and b for v, b in crews)
            lines.append(vcrewhit.result_line(group[0], result, bare))
        else:
            for unit in group:
                results[unit.id] = result
        summary_parts.append(T("{group} {result}", group=summary_label, result=result))
    drop_lines = [Line(T("No LOS"), T("{unit} drops out of the fire group and counts as having fired",
                                        unit=u.id), "A7.52") for u in dropped]
    weapon_lines = _weapon_lines(position, fire, roll.total, roll.coloured, shift > 0, modes)
    lines = drop_lines + fp_lines + lines + weapon_lines
    enemy = position.enemy_of(side)
    san, idle = asl_sniper.activation(position, roll.total, enemy)
    if san is not None:
        lines.append(Line(T("Sniper"), T("Original DR {dr} equals {side}'s SAN: {side}'s sniper attacks "
                                         "after this attack", dr=roll.total, side=enemy), "A14.1"))
    elif idle is not None:  # A14.1, A14.31: the DR matched, but no attack
        lines.append(Line(T("Sniper"), idle, "A14.1"))
    summary = fpw.summary(position.action_text(fire), summary_parts)
    hidden = {u.id: u.side for u in targets if u.concealed}
    return Resolution(
        fire, "ift", position.charts.label, position.charts.demo, tuple(lines), results, summary, hidden
    )


def _reach(position: Position, shooter: UnitState, h: Hex, target: Hex, group: Sequence[UnitState]) -> int:
    """The range that sets PBF and TPBF (A7.21): another level of the firer's own hex is another Location
    (A2.8), ADJACENT to it, so PBF (x2), not TPBF; TPBF (x3) is for the firer's own Location only."""
    d = distance(h, target)
    if d == 0 and group and floc.level_of_unit(position, shooter) != floc.level_of_unit(position, group[0]):
        return 1
    return d


def resolve(game: AslGame, position: Position, fire: act.Fire) -> Resolution:
    if blindshot.all_blind(position, fire):
        return blindshot.resolution(position, fire)  # A6.11
    return resolve_attack(game, position, fire)


def _modes_of(decision: Decision) -> dict[str, str]:
    return {k[5:]: v for k, v in decision.args if k.startswith("mode:")}


def _weapon_fates(position: Position, fire: act.Fire, original: int, coloured: int, cowered: bool,
                  modes: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
    """The SW of an attack after its Original DR: ({sw: 'b'|'x'} breakdown candidates, MGs that keep their
    rate of fire). A9.2: a MG keeps it on a coloured dr at most its ROF (not with Sustained Fire, A9.3, nor
    when the attack cowered, A7.9); A9.7: at or above B# it malfunctions, at or above X# it is removed."""
    named = [position.units[u] for u in fire.firers if u in position.units]
    weapons = [u for u in named if u.type == au.SW]
    breaks: dict[str, au.Breakdown] = {}
    keep: list[str] = []
    for sw in weapons:
        owner = position.units.get(sw.carrier or "")
        inexp = owner is not None and au.restricted_in(position, owner)  # A19.32, A19.3
        captured = nations.is_captured(position, sw, owner)
        sustained = _sustained(sw, modes.get(sw.id, ""))
        weak = owner is not None and not captured and nations.weak_heavy_mg(position, sw, owner)  # A25.936
        breaks[sw.id] = au.breakdown(sw.values, sustained=sustained, captured=captured, inexperienced=inexp,
                                     ammo_short=asl_ammo.short(position, sw.side),  # A19.131
                                     non_elite_ethiopian=weak)
        if shot_of(sw).kind == "ft":  # A22.5: out of fuel from 10, 8 for a non-Elite user (A22.3)
            elite = nations.ftdc_elite(position, owner)  # A25.74: Finnish 1st Line as Elite
            out_at = next(n for n in range(2, 14) if sp.ft_out_of_fuel(n, elite=elite, captured=captured))
            breaks[sw.id] = au.Breakdown(out_at, out_at, "A22.5")
        rof = au.rate_of_fire(sw.values, captured=captured, non_elite_ethiopian=weak)
        pinned = owner is not None and owner.has("pinned")  # A7.8: a pinned unit has no multiple ROF
        if shot_of(sw).kind == "mg" and not cowered and not pinned and oppfire.keeps_rof(position, sw) \
                and au.keeps_rof(coloured, rof, sustained=sustained):  # A4.41: in the AFPh only A7.25's
            keep.append(sw.id)
    fates = au.malfunctions(original, breaks)
    return fates, [k for k in keep if k not in fates]


def _weapon_lines(position: Position, fire: act.Fire, original: int, coloured: int, cowered: bool,
                  modes: Mapping[str, str]) -> list[Line]:
    fates, keep = _weapon_fates(position, fire, original, coloured, cowered, modes)
    out: list[Line] = []
    for sid in keep:
        out.append(Line(T("Rate of fire"), T("{sw} keeps its multiple ROF (coloured dr {dr}) and may fire "
                                             "again", sw=sid, dr=coloured), "A9.2"))
    for sid, fate in sorted(fates.items()):
        what = T("removed (X#)") if fate == "x" else T("malfunctions (B#)")
        out.append(Line(T("Breakdown"), T("{sw}: Original DR {dr}: {what}", sw=sid, dr=original, what=what),
                        "A9.7"))
    if len(fates) > 1:
        out.append(Line(T("Breakdown"), T("Random Selection picks which SW suffer it"), "A9.71"))
    return out


def declare(game: AslGame, position: Position, fire: act.Fire) -> State:
    """The fire is declared: its firers are marked (and lose concealment, A12.14) and the firer rolls. A HS,
    crew or SMC that fires a SW, and a squad that fires two, loses its inherent FP for now (A7.35)."""
    state = position.state
    marker = FIRE_MARKERS[position.phase.id]
    firers = _firers(position, fire)
    modes = fire_modes(position, firers, fire.target)
    _, weapons = _split(position, firers)
    for uid in fire.firers:
        unit = state.units[uid]
        mark = marker
        if marker == "final_fire" or modes[uid] in ("sff", "fpf"):
            # A8.3, A8.4: the First Fire counter flips to Final Fire
            unit, mark = unit.mark(remove=("first_fire",)), "final_fire"
        # A12.14 (Case B): a unit loses "?" when it fires or directs fire in the LOS of a Good Order enemy
        # ground unit within 16 hexes; else it only shows itself for the shot (A12.14 example)
        h = where(position, unit)
        seen = h is not None and asl_concealment.seen_by_good_order(position, unit.side, h)
        state = state.with_unit(unit.mark(mark).revealed() if seen else unit.mark(mark))
        if modes[uid] in ("sff", "fpf") and unit.type != au.SW:  # A8.3, A8.31: and all its SW
            for sw in au.possessed(state, uid):
                state = state.with_unit(sw.mark("final_fire", remove=("first_fire",)))
    state = _count_shots(position, state, fire)
    if _leadership(position, firers) is not None:  # A7.53: what each directing leader directed
        state = direct.record(position, state, [u.id for u in firers if u.type == LEADER],
                              [u.id for u in firers if u.type != LEADER])
    state = asl_mgca.record(position, state, weapons, fire.target)  # A9.21
    state = rfp.cancel_on_fire(position, state, weapons, fire.target)  # A9.223: TPBF ends its lane
    state = fire_groups.record(position, state, fire)  # A7.55
    for oid in {w.carrier for w in weapons if w.carrier}:
        assert oid is not None
        owner = state.units[oid]
        fired = sum(1 for w in au.possessed(state, oid) if w.has(marker))
        if not au.keeps_inherent_fp(owner, fired):
            at = owner.hex
            seen = at is not None and asl_concealment.seen_by_good_order(position, owner.side, at)
            state = state.with_unit(owner.mark("no_fire").revealed() if seen else owner.mark("no_fire"))
    names = ", ".join(fire.firers)
    numbered: list[tuple[str, str]] = []
    if position.state.moving is not None and asl_hw.in_impulse(game, position):
        from hexmate.rules.games.asl import hwaa

        numbered = [("hw_shot", str(hwaa.next_shot(position, fire.firers)))]  # D14.33: which MF/MP it is at
    # A9.22: a MG that may lay a Fire Lane says so before the DR
    sightless = blindshot.all_blind(position, fire)  # A6.11: no lane, no spray for a blind shot
    lanes = [rfp.lane_question(position, w, fire.target) for w in weapons
             if position.phase.id == "MPh" and not sightless
             and rfp.may_lay(position, w, fire.target, modes[w.id])]
    # A9.5: a fire that may spray asks for its second Location before the DR
    people, _ = _split(position, firers)
    sprayed = None if sightless else spray.question(position, people + weapons, fire.target)
    return state.push(
        *lanes,
        *([sprayed] if sprayed is not None and not any(dc.is_dc(w) for w in weapons) else []),
        Decision(
            "roll", state.units[fire.firers[0]].side,
            T("{firers} fire at {hex}: roll the IIFT DR (A7.37)", firers=names,
              hex=position.label(fire.target))
            if iift.enabled(position)
            else T("{firers} fire at {hex}: roll the IFT DR", firers=names, hex=position.label(fire.target)),
            "A7.3", "ift", dice="DR", subject=tuple(fire.firers), target=fire.target,
            args=tuple(sorted([*((f"mode:{k}", v) for k, v in modes.items()), *numbered])),
        ),
    )


def _count_shots(position: Position, state: State, fire: act.Fire) -> State:
    """A9.2/A8.14: in the MPh, the shots of each firer at the movers in the hex they entered are counted on
    the reaction window of that hex (a new hex opens a new window)."""
    top = state.decision
    if position.phase.id != "MPh" or top is None or top.kind != "react":
        return state
    more = {f"shots:{u}": str(int(top.arg(f"shots:{u}", "0")) + 1) for u in fire.firers}
    return state.replace(decisions=(*state.decisions[:-1], top.with_args(**more)))


def shots_allowed(position: Position) -> int:
    """A9.2: a unit or weapon fires at movers in one Location no more times than the MF they spent there
    (FRD), but always once."""
    moving = position.state.moving
    game = cast("AslGame", position.game)
    if moving is not None and asl_hw.in_impulse(game, position):  # A25.23 example: the impulse's MF
        from hexmate.rules.games.asl import hwaa

        return hwaa.shots(game, position)  # D14.33 example: or its AFV's MP, the later shots at it alone
    if moving is None or moving.at == 0 or moving.path[moving.at - 1] == moving.here:
        return 1  # A4.44: a recovery's 1 MF spent in place (recover.py)
    step = asl_terrain.infantry_cost_fn(position)(position.map, moving.path[moving.at - 1], moving.here)
    return max(1, math.floor(step)) if step is not None else 1


def resume_ift(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The IFT DR is in: the attack is worked out once (State.resolution) and its results become decisions."""
    assert decision.target is not None and answer.dice is not None
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    if any(dc.is_dc(u) for u in _firers(position, fire)):
        return dc.resume(position, fire, decision.arg("level"))  # A23.6: the Location named, if any
    snap = asl_snap.side_of(decision.arg(asl_snap.ARG))  # A8.15: a Snap Shot at the hexside crossed
    if snap is None and blindshot.all_blind(position, fire, floc.chosen(decision)):
        return blindshot.resume(game, position, decision, fire)  # A6.11: breakdown and ROF only
    modes = _modes_of(decision) or None
    other = spray.second(decision.argmap)
    modes = modes or fire_modes(position, _firers(position, fire), fire.target)
    snapped = [(T("Snap Shot"), "A8.15")] if snap is not None else []  # resolved as Area Fire
    shot = int(decision.arg("hw_shot", "0")) or None  # D14.33: the shot's number in a wave's window
    resolution = here = resolve_attack(game, position, fire, modes=modes, level=floc.chosen(decision),
                                       area=snapped, snap=snap, shot=shot)
    if other is not None:  # A9.5: the second Location with the same DR (a level of the hex, vertically)
        resolution, here, sprayed = spray.resolve(game, position, fire, other, modes, floc.chosen(decision),
                                                  spray.second_level(decision.argmap))
    roll = ASL_DR.from_values(answer.dice)
    state = position.state
    firers = _firers(position, fire)
    ft_attack = any(u.type == au.SW and shot_of(u).kind == "ft" for u in firers)
    led = None if ft_attack else _leadership(position, firers)  # A22.2
    nat = _side_nationality(position, firers[0].side)
    cowering = (cowering_shift(_possessors(position, firers), nat, position.units.values())
                    if led is None else 0)
    cowered = roll.doubles and cowering > 0
    fates, keep = _weapon_fates(position, fire, roll.total, roll.coloured, cowered, modes)
    grains = {k[5:]: v for k, v in decision.args if k.startswith("lane:") and v in rfp.LANE_GRAINS}
    laying = list(grains)
    keep = [k for k in keep if k not in laying]  # A9.22: a MG laying a lane keeps its First Fire counter
    # A7.7: the attack joins the run of attacks on this target; Encirclement marks before the checks
    people, weapons = _split(position, firers)
    dropped = blind(position, people + weapons, fire.target, floc.chosen(decision))
    seen = [(u, h, shot_of(u).range) for u in people + weapons
            if u not in dropped and (h := where(position, u)) is not None]
    entries = fire_groups.qualifying(position, resolution, seen, cowering if led is None else 0)
    state, circled = fire_groups.after_attack(position, state, fire.target, firers[0].side, entries)
    if circled:
        resolution = dataclasses.replace(resolution, lines=resolution.lines + tuple(circled))
    marker = FIRE_MARKERS[position.phase.id]
    for sid in keep:  # A9.2: the MG may fire again this phase
        state = state.with_unit(state.units[sid].mark(remove=(marker,)))
    if cowered:  # A7.9: every unit of the attack, and each possessor of a SW in it, takes its counter
        state, marks = cowered_marks(position, state, firers)
        resolution = dataclasses.replace(resolution, lines=resolution.lines + tuple(marks))
    decisions: list[Decision] = []
    if len(fates) == 1:
        ((sid, fate),) = fates.items()
        state = _weapon_fate(state, sid, fate)
    elif fates:
        owner_side = position.units[next(iter(fates))].side
        decisions.append(Decision(
            "units", owner_side,
            T("name the SW Random Selection picks to suffer the breakdown among {weapons}",
              weapons=", ".join(sorted(fates))),
            "A9.71", "malfunction", units=tuple(sorted(fates)), count=0,  # A9.71: one, or more on a tie
            args=tuple(sorted(fates.items())),
        ))
    state, short_lines, short_asks = asl_ammo.after_attack(position, state, people, roll.total)  # A19.131
    decisions.extend(short_asks)
    if short_lines:
        resolution = dataclasses.replace(resolution, lines=resolution.lines + tuple(short_lines))
    view = position.at(state)
    targets = [position.units[u] for u in resolution.results if u in position.units]
    could_nmc = _could_nmc(view, resolution, roll.total, cowering if roll.doubles else 0, cowering)
    for unit in targets:  # A10.62: a broken unit under fire that could give an NMC becomes DM
        if am.becomes_dm(unit, could_nmc=could_nmc):
            state = state.with_unit(state.units[unit.id].mark("dm"))
    for unit in targets:  # A12.14: a PTC or worse in the LOS of a Good Order enemy, any range, costs the "?"
        spot = unit.hex  # (a dummy's check removes it instead, game.resume_mc)
        if (unit.concealed and unit.type != "dummy" and resolution.results.get(unit.id, "-") != "-"
                and spot is not None and asl_concealment.seen_by_good_order(position, unit.side, spot, None)):
            state = state.with_unit(state.units[unit.id].revealed())
    view = position.at(state)
    for result, ids in selection.groups(position, resolution.results):  # A7.302, D.8: PRC apart
        decisions.extend(decisions_for(view, result, ids, column_of(resolution)))
    # A8.2: the Residual FP it leaves (none after a malfunction, A8.221); A9.22: the lane counter placed
    area = [spray.CAUSE] if other is not None else []
    spoilt = bool(fates) or asl_ammo.spoils_residual(position, people, roll.total)  # A8.221, A19.131
    if snap is None:  # A8.223: a Snap Shot leaves no Residual FP
        state = rfp.left_by(game, position, state, fire, here, modes, keep, laying, spoilt, area)
    if other is not None and position.phase.id == "MPh":  # A9.52: no mover there, but its Residual FP
        state = spray.untargeted_residual(game, position, state, fire, other, sprayed, modes, keep, laying,
                                          spoilt)
    elif other is not None:  # A8.24: and in the second Location, when an attack there was worked out
        state = rfp.left_by(game, position, state, act.Fire(fire.firers, other, fire.dice), sprayed, modes,
                            keep, laying, spoilt, area)
    decisions.extend(rfp.counter_question(position, position.units[m], fire.target, grains[m]) for m in laying
                     if m not in fates and not cowered)  # A9.22: no lane after its user cowered
    if keep and other is None and not fates and snap is None:  # A8.23: or give the ROF up for the Residual
        decisions.extend(rfp.rof_question(game, position, fire, resolution, modes, keep, laying))
    state = state.replace(resolution=resolution)
    fpf = [u for u in firers if modes.get(u.id) == "fpf" and u.type != au.SW]
    if fpf:
        state = fpf_self_check(position, state, fpf + [u for u in firers if u.type == LEADER], roll)
    enemy = position.enemy_of(firers[0].side)
    san, _ = asl_sniper.activation(position, roll.total, enemy)
    if san is not None:
        # A14.1: the sniper attacks right after all of this attack's results
        decisions.append(sniper_decision(position, enemy, san))
    cas = [d for d in decisions if d.then == "casualty"]
    if cas and len(cas[0].units) == 1 and decisions and decisions[0] is cas[0]:
        # Random Selection among one unit picks it (A.9): no question to ask.
        only, rest = decisions[0], decisions[1:]
        return resume_casualty(game, position.at(state.push(*rest)), only, act.Answer(units=only.units))
    return state.push(*decisions)


def can_fire_at(game: AslGame, position: Position, target: Hex) -> bool:
    """Could any one unit of the firing side fire at ``target`` now? (opens a First Fire window, A8.1)"""
    side = firing_side(position)
    marker = FIRE_MARKERS[position.phase.id]
    again = position.phase.id == "MPh"  # A8.3, A8.31: SFF and FPF; check() says whether it may
    for unit in position.units.values():
        if unit.side != side or unit.type == LEADER or (unit.has(marker) and not again):
            continue
        h = where(position, unit)
        if h is None or (unit.type != au.SW and unit.has("broken")):
            continue
        if distance(h, target) > fpw.max_range(shot_of(unit)):
            continue
        # A9.4: a MG beyond 16 hexes fires only directed: try it with a leader of its Location too
        leaders = tuple(u.id for u in position.units_at(h) if u.side == side and u.type == LEADER)
        groups = [(unit.id,)] + ([(unit.id, ldr) for ldr in leaders] if shot_of(unit).kind == "mg" else [])
        for group in groups:
            try:
                check(game, position, act.Fire(group, target))
            except (IllegalAction, InvalidAction):
                continue
            return True
    return False


def generate(game: AslGame, position: Position) -> Iterator[act.Action]:
    side = firing_side(position)
    marker = FIRE_MARKERS[position.phase.id]
    enemy_hexes = sorted(
        {u.hex for u in position.units.values() if u.side != side and u.hex is not None and u.type != au.SW},
        key=lambda h: (h.q, h.r),
    )
    movers = moving_targets(position)
    if position.phase.id == "MPh":
        moving = position.state.moving
        afvs = afvresid.moving_afvs(position, moving.here, side) if moving is not None else []
        enemy_hexes = sorted({m.hex for m in [*movers, *afvs] if m.hex is not None},  # A7.307: for Residual
                             key=lambda h: (h.q, h.r))

    def eligible(u: UnitState) -> bool:
        return (
            u.side == side
            and u.type != au.SW
            and not u.has("broken")
            and not (u.has(marker) and position.phase.id != "MPh")
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


# the aftermath functions are re-exported: game.py, rally.py and rout.py reach them through this module
__all__ = [
    "FIRE_MARKERS",
    "LEADER",
    "_break",
    "_reduce",
    "_side_nationality",
    "apply_morale",
    "can_fire_at",
    "casualty",
    "check",
    "cowering_shift",
    "decisions_for",
    "declare",
    "fire_modes",
    "firing_side",
    "fpf_self_check",
    "generate",
    "mc",
    "moving_targets",
    "resolve",
    "resolve_attack",
    "resume_casualty",
    "resume_hob",
    "resume_ift",
    "resume_lltc",
    "resume_malfunction",
    "resume_mc",
    "resume_ptc",
    "resume_sniper",
    "resume_sniper_target",
    "resume_sw_kia",
    "resume_wound",
    "shot_of",
    "shots_allowed",
    "side_number",
    "sniper_decision",
    "where",
]
