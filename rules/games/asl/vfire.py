"""ASL chapter D in play: vehicles fire ordnance at vehicles, and infantry close-assault them.

A vehicle fires its MA at an enemy vehicle in LOS: the TCA turns to the target (Case A, D3.51), the TH DR,
multiple ROF on the colored die (D3.5), acquisition (D3.51), breakdown (D3.7, D3.71), hit location and
aspect (D3.2), the armor factor, the TK DR and its result (wreck, burning wreck, shock, stun,
immobilization), and the crew survival DR of a destroyed, unburnt vehicle (D5.6); a hit that leaves the
vehicle undestroyed attacks its exposed PRC (D.8A: ``specific_collateral``, the gun's HE equivalent, C8.31).
In the CCPh infantry attack a vehicle in their Location (A11.5). In its own MPh a vehicle fires between its
moves as Bounding First Fire (D3.3: Case C, C4 in Motion; a Bounding Fire counter bars it from the AFPh), and
so do the units aboard it (prcfire.py); chapter C's finer Case C1/C2 (C5.33) are not in the texts and not
built.

D3.3.2 (``refiring``): a gun that kept its multiple ROF through the MPh, nothing else of the vehicle or
aboard having fired, gets no Bounding Fire counter and fires once more in the AFPh, alone (no MG, no FT),
with Case C (C4 in Motion). D1.321, D1.322 (vmg.restricted_turret): an RST or 1MT AFV fires no MA or CMG
while CE. D5.3 (vmg.buttoned_ot): a BU open-topped AFV fires only its BMG or bow FT. D3.7: a disabled MA
Recalls the vehicle unless it carries or tows (vrepair.py, which also repairs weapons in the RPh).

Audit of D1-D5 against the text (the full table is in the d31 report): D1.1x-D1.9 are catalogue values
(vehicles.py; D1.34's SA and D1.84's optional armament are not catalogued: H1.41 and the Vehicle Notes
are not among the texts); D2 is vmove/armour/impulse/vbypass/vmotion; D3 this module with vmg, vmgfire,
vft, prcfire; D4.1-D4.223 vcover/hulldown (D4.222 in hulldown.crest_sides); D5 is vcrew, vcrewhit, vce,
vdriver, crew; D5.32 holds by construction: a gun's targets here are vehicles (and D15.5's riders), never a
vehicle's crew.

D4.3-D4.34 Underbelly Hits are not built: the maps have walls and gullies, but the shot is traced to a
vertex of the crossed hexside (C.5C) and a turret hit becomes an underbelly hit on the top AF (C7.12),
neither in the texts (the catalogue holds no top AF). Each sub-rule only adjusts that shot, so each waits on
it and on its own chapter: D4.31 (intentional immobilization, C5.7, still allowed; a vehicle immobilized or
destroyed by it lies in the hex it was entering, no longer straddling once that MP's fire is resolved),
D4.32 (Cases Q and R, chapter C's, judged in the destination hex; the crossed wall or bocage is no TEM),
D4.33 (no underbelly or intentional-immobilization shot once the crossing or exit bog DR of B9.54 fails:
B9's wall/bocage bog DR is not in the texts), D4.34 (bocage busting, B9.541).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import (
    alhide,
    armorldr,
    crew,
    dugin,
    hulldown,
    mounted,
    nations,
    ncrord,
    prcfire,
    riders,
    vbypass,
    vcapcc,
    vcapture,
    vcover,
    vcrew,
    vcrewhit,
    vdelay,
    vequip,
    vsmccrew,
    wagon,
)
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.armour import (
    FIRE_MARKERS,
    MAX_RANGE,
    WORDS,
    _remark,
    facing_of,
    is_vehicle,
    vtype,
    with_facing,
)
from hexmate.rules.games.asl.vehicles import is_mobile, tca_of, with_tca
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

# --- ordnance fire (D3, D4, D5) ---
BOUNDING = "bounding_fire"  # D3.3: a Bounding Fire counter


def bounding(position: Position, unit: UnitState) -> bool:
    """D3.3: a vehicle of the phasing side firing in its own MPh makes Bounding First Fire."""
    return position.phase.id == "MPh" and unit.side == position.phasing


def refiring(unit: UnitState) -> bool:
    """D3.3.2: a vehicle whose gun made Bounding First Fire in its MPh and ended it with its multiple ROF kept
    and no other weapon fired (no Bounding Fire counter, D3.3) may fire that gun, and only it, once more in
    the AFPh."""
    return "ma_fired:MPh" in unit.markers and not unit.has(BOUNDING)


def stabilized(position: Position, unit: UnitState) -> bool:
    """D11.1: a gyrostabilized gun works only where the SSR (or a DYO purchase) says: the scenario option
    ``"gyro"``, true for every vehicle whose wreck side shows a G (catalogue ``gyro``), or a list of unit
    ids."""
    if not vtype(unit).gyro:
        return False
    say = position.scenario.options.get("gyro", False)
    return say is True or (isinstance(say, list) and unit.id in say)


def fire_marker(position: Position, unit: UnitState) -> str:
    """The fire counter a shot puts on the vehicle: Bounding Fire in its own MPh (D3.3), else the phase's."""
    return BOUNDING if bounding(position, unit) else FIRE_MARKERS[position.phase.id]


def firing_side(position: Position) -> str:
    if position.phase.id == "MPh":
        return position.enemy_of(position.phasing)
    return position.to_act


def _vehicle_targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The enemy vehicles a gun may fire at in h: never a motorcycle (D15.5: fire goes at its riders,
    motoord.py)."""
    from hexmate.rules.games.asl import moto

    return [u for u in position.units_at(h) if u.side != side and is_vehicle(u) and not u.has("wreck")
            and not moto.is_moto_unit(u)]


def afv_hindrance(position: Position, a: Hex, b: Hex) -> tuple[int, list[str]]:
    """D9.4 (vcover.hindrance): +1 for each hex the LOS passes through holding a stopped AFV or an unburnt
    wreck, at the same level, whose centre both ends can see; the hexes by label."""
    drm, where = vcover.hindrance(position, a, b)
    return drm, [position.label(h) for h in where]


def hull_down(position: Position, firer: UnitState, target: UnitState) -> tuple[bool, str | None]:
    """Is the target hull-down to this shot: its HD marker (D4.22), or a wall or hedge hexside the shot
    crosses into its hex (D4.21, vcover.wall_hull_down; that hexside's name)?"""
    assert firer.hex is not None and target.hex is not None
    wall = vcover.wall_hull_down(position, firer.hex, target.hex)
    counter = hulldown.target_hd(position, firer.hex, target, firer)  # D4.221: its HD hexsides, from below
    # D9.53, D9.54: a cupola is never HD, a dug-in AFV always
    hd = dugin.hull_down(target, target.has("hd") or counter or wall is not None)
    return hd, None if dugin.cupola(target) else wall


def check_fire(position: Position, fire: act.Fire) -> act.Fire:
    phase = position.phase.id
    side = firing_side(position)
    if len(fire.firers) != 1:
        raise IllegalAction(T("a vehicle fires alone"), "D3.5")
    if fire.firers[0] not in position.units:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(fire.firers[0])))
    unit = position.units[fire.firers[0]]
    vt = vtype(unit)
    bff = bounding(position, unit)
    if bff:  # D3.3: between its own moves, never while a move is under way or a question is open
        side = unit.side
        if position.state.moving is not None or position.state.decision is not None:
            raise IllegalAction(T("{unit} fires between moves, not while one is under way", unit=unit.id),
                                "D3.3")
        if prcfire.vehicle_fired(position, unit, "prep_fire"):  # D.3, D3.5: one fire phase for them all
            raise IllegalAction(T("{vehicle} or a unit aboard it Prep Fired: no fire from it in the MPh",
                                  vehicle=unit.id), "D.3")
    if unit.side != side:
        raise IllegalAction(
            T("{unit} is not {side}'s; only {side} fires now", unit=unit.id, side=side), position.phase.rule
        )
    if phase not in FIRE_MARKERS:
        raise IllegalAction(T("vehicles fire only in the fire phases and as Defensive First Fire"), "D3.3")
    if unit.has("wreck") or unit.has("shocked") or unit.has("stunned"):
        raise IllegalAction(T("{unit} may not fire: wrecked, shocked or stunned", unit=unit.id), "D5.34")
    if unit.has("abandoned"):
        raise IllegalAction(T("{unit} is abandoned: nobody inside fires it", unit=unit.id), "D5.41")
    vsmccrew.check_ma(position, unit)  # A21.22: a lone SMC crew
    from hexmate.rules.games.asl import vmg

    vmg.restricted_turret(vt, unit.markers, "MA")  # D1.321, D1.322: not while CE
    vmg.buttoned_ot(vt, unit.markers, "MA")  # D5.3: an OT AFV's MA only while CE
    if vt.ma is None or vt.ma.kind != "gun" or unit.has("ma_malf") or unit.has("ma_removed"):
        raise IllegalAction(T("{unit} has no working gun to fire at a vehicle", unit=unit.id), "D3.54")
    if vt.ma.mount == "NT" and vbypass.across_of(unit) is not None and not vbypass.in_vca(unit, fire.target):
        raise IllegalAction(T("{unit} is bypassing: its bow gun fires only inside its bypass VCA",
                              unit=unit.id), "D2.35")
    if phase == "PFPh" and unit.has("motion"):
        raise IllegalAction(
            T("{unit} began its player turn in Motion and may not Prep Fire", unit=unit.id), "D2.4"
        )
    if phase == "AFPh" and refiring(unit) and "ma_fired:AFPh" in unit.markers:
        raise IllegalAction(T("{unit} kept its multiple ROF in its MPh: its gun fires again once in the "
                              "AFPh, no more (D3.3.2)", unit=unit.id), "D3.3.2")
    # D3.5: its MGs alone (mg_only) or a kept multiple ROF (rof_kept) leave the gun free to fire this phase
    again = unit.has("mg_only") or unit.has("rof_kept")
    if phase == "AFPh" and unit.has("prep_fire"):  # D3.3, D3.5: one fire phase for all its weapons
        raise IllegalAction(T("{unit} Prep Fired: no fire from it in the AFPh", unit=unit.id), "D3.3")
    if unit.has(fire_marker(position, unit)) and not again:
        raise IllegalAction(T("{unit} has already fired this phase", unit=unit.id), "D3.5")
    prcfire.afph_bar(position, fire)  # D3.3, D3.5: nor after its PRC's Bounding First Fire
    assert unit.hex is not None  # D3.51: one hex for all its weapons' fire in a phase, but a gun keeping ROF
    if vmg.fired_elsewhere(unit.markers, phase, unit.hex) and not (bff and unit.has("rof_kept")):
        raise IllegalAction(T("{unit}'s weapons fired from another hex this phase: the others fire only from "
                              "that hex", unit=unit.id), "D3.51")
    if phase == "AFPh" and unit.has(BOUNDING):
        raise IllegalAction(T("{unit} made Bounding First Fire: no fire in the AFPh", unit=unit.id), "D3.3")
    if phase == "MPh" and not bff:
        moving = position.state.moving
        top = position.state.decision
        if moving is None or top is None or top.kind != "react" or (
                fire.target != moving.here and not _hw_afv_at(position, fire.target)):
            raise IllegalAction(
                T("Defensive First Fire is at a moving unit in the hex it has just entered"), "A8.1"
            )
    from hexmate.rules.games.asl import motoord

    riders_there = motoord.ridden_cycles(position, fire.target, unit.side)  # D15.5: at the riders
    if not _vehicle_targets(position, fire.target, unit.side) and not riders_there:
        raise IllegalAction(T("no enemy vehicle at {hex}", hex=position.label(fire.target)), "D3.1")
    assert unit.hex is not None
    rng = distance(unit.hex, fire.target)
    if rng > MAX_RANGE or rng == 0:
        raise IllegalAction(T("{hex} is out of this gun's reach", hex=position.label(fire.target)), "C3")
    sight = asl_terrain.line_of_sight(position, unit.hex, fire.target)
    # D2.37: a bypassing target is seen at its CAFP: the fire needs one target it sees
    sights = [vbypass.sight(position, unit.hex, t) or sight
              for t in _vehicle_targets(position, fire.target, unit.side)]
    sight = min(sights or [sight], key=lambda s: s.blocked)
    sight = vbypass.sight(position, fire.target, unit) or sight  # D2.37: a bypassing firer, from its CAFP
    if sight.blocked:
        raise IllegalAction(
            T("{unit} has no line of sight to {hex}", unit=unit.id, hex=position.label(fire.target)),
            "A6.1",
        )
    return fire


def declare_fire(position: Position, fire: act.Fire) -> State:
    state = position.state
    unit = state.units[fire.firers[0]]
    assert unit.hex is not None
    state = state.with_unit(unit.mark(fire_marker(position, unit), f"ma_fired:{position.phase.id}",  # D1.82
                                      f"vfrom:{position.phase.id}@{unit.hex.q},{unit.hex.r}",  # D3.51
                                      remove=("mg_only", "rof_kept")))
    return state.push(
        Decision(
            "roll",
            unit.side,
            T(
                "{unit} fires its gun at {hex}: roll the To Hit DR (D3)",
                unit=unit.id,
                hex=position.label(fire.target),
            ),
            "D3",
            "vth",
            dice="DR",
            subject=(unit.id,),
            target=fire.target,
        )
    )


def to_hit_of(position: Position, firer: UnitState, target: UnitState,
              reaction: bool = False, *, withhold: bool = False) -> tuple[int, list[od.Step], int, int]:
    """The modified TH#, its steps, the TCA after the shot and the Case A hexspines (D3.51). ``reaction``:
    D7.22's Non-CC Reaction Fire at an overrunning AFV, without Case A (ncrord.py). ``withhold``: a hidden
    Armor Leader's leadership is left out until his owner brings him in (D3.41, alhide.py)."""
    pack = od.load_pack()
    assert firer.hex is not None and target.hex is not None
    vt, tv = vtype(firer), vtype(target)
    assert vt.ma is not None
    f = facing_of(firer)
    tca = tca_of(firer.markers, f)
    k = fc.hexspines_to(firer.hex, target.hex, tca)
    new_tca = fc.facing_to(firer.hex, target.hex, tca)
    bow = vt.ma.mount == "NT"
    drm_a = od.case_a(pack, vt.ma.mount, turret_turns=0 if bow else k, hull_turns=k if bow else 0, bow=bow)
    if k == 0 and not bow and not bounding(position, firer):  # D3.51: the CMG turned the turret this phase
        from hexmate.rules.games.asl import vmg

        drm_a += vmg.carried_penalty(firer.markers, position.phase.id, "ma")
    if vbypass.across_of(firer) is not None and not bow:  # D2.321: four TCA points, wider side arcs
        k, side, new_tca = vbypass.turret_case_a(firer, tca, target.hex,
                                                 acquired=acquisition(target) in firer.markers)
        drm_a = od.case_a(pack, vt.ma.mount, turret_turns=k, bypass_side=side)
    if reaction:
        drm_a = 0  # D7.22: no Case A for Non-CC Reaction Fire at an overrunning vehicle
    cases: list[str] = []
    if (vt.armored and not vt.open_topped and not firer.has("ce")) or dugin.cupola(firer):
        cases.append("I")  # D5.2: a BU CT AFV; D9.51: a cupola always
    moving = position.state.moving
    if (
        target.has("motion")
        or (moving is not None and target.id in moving.units and moving.at > 0  # D2.11, D2.12: not in place
            and not vdelay.delaying(position.state))  # D2.17
        or (position.phase.id in ("MPh", "DFPh") and target.has("entered"))
    ):
        cases.append("J")  # a moving or Motion target (D2.1, D2.41)
    if firer.has("motion") and bounding(position, firer) and stabilized(position, firer):
        cases.extend(("C", "gyro"))  # D11.11: a stabilized gun not stopped: Case C and +1 as its Case C4
    elif firer.has("motion"):
        cases.append("C4")  # D2.42
    elif bounding(position, firer) and stabilized(position, firer):
        cases.extend(("B", "gyro"))  # D11.11: a stabilized gun stopped: Case B + 1 instead of C
    elif bounding(position, firer):
        cases.append("C")  # D3.3: Bounding First Fire (C1/C2 are chapter C's finer cases: not in the texts)
    elif position.phase.id == "AFPh" and refiring(firer):
        cases.append("C")  # D3.3.2: its MPh's gun firing again, not in Motion: Case C, not Case B
    elif position.phase.id == "AFPh" and firer.has("entered"):
        cases.append("B")  # fire after moving (D3.32)
    if firer.has("plus1"):
        cases.append("plus1")  # D5.34
    if target.concealed:
        cases.append("K")  # A12.13 (the D3.3 example's Case K): ordnance at a concealed unit
    if acquisition(target) in firer.markers and k == 0:
        cases.append("acquired")  # D3.51 example: the same target again, acquired (C6.5)
    hindrance, hinder_hexes = afv_hindrance(position, firer.hex, target.hex)
    hd, wall = hull_down(position, firer, target)
    sight = asl_terrain.line_of_sight(position, firer.hex, target.hex)
    # D2.37: to or from a bypassing vehicle the LOS runs to its CAFP
    sight = vbypass.sight(position, firer.hex, target) or vbypass.sight(position, target.hex, firer) or sight
    # D2.38: a bypassing vehicle is in the open part of its hex, without the obstacle's TEM
    tem = 0 if target.has("motion") or vbypass.across_of(target) else asl_terrain.tem(position, target.hex)
    if position.map.level(target.hex) > position.map.level(firer.hex):
        cases.append("height")  # D4.22, B10.31
    th, steps = od.to_hit(
        pack,
        target_type="vehicle",
        rng=distance(firer.hex, target.hex),
        cases=tuple(cases),
        case_a_drm=drm_a,
        size=wagon.target_size(target, dugin.size(target, tv.size)),  # D9.53, D9.54; D12.3
        tem=tem,
        hindrance=hindrance + sight.hindrance,
        hd=hd,
        # D3.44: the MA's To Hit DR; D3.41: not while hidden at his owner's choice (alhide.py)
        leadership=0 if withhold and alhide.withheld(firer) else armorldr.leadership(firer, "ma"),
        captured=firer.has("captured"),  # A21.12: a captured AFV's MA: red TH#, Case H +2
        overstack=_overstack(position, firer),  # A5.12: +1 a vehicle or squad-equivalent over the limit
        red=nations.red_to_hit(position, firer, vt.ma.kind),  # A25.242, A25.32, A25.83: red TH#
    )
    notes: list[od.Step] = []
    if hinder_hexes:
        said = T("of the hindrance, AFVs or wrecks in {hexes}", hexes=", ".join(hinder_hexes))
        notes.append(od.Step("afv_hindrance", hindrance, "D9.4", said))
    if wall is not None:
        said = T("hull-down behind the {wall} hexside: a hull hit misses", wall=vcover.WALL_WORDS[wall])
        notes.append(od.Step("hd", 0, "D4.21", said))
    return th, [*steps[:-1], *notes, steps[-1]], new_tca, k


def _overstack(position: Position, firer: UnitState) -> int:
    """A5.12: the firer's Location over its side's stacking limits (A5.1 personnel, A5.2 vehicles)."""
    from hexmate.rules.games.asl import vmgfire

    return vmgfire.overstacked(position, firer.hex, firer.side, vehicles=True) if firer.hex is not None else 0


def _target(position: Position, decision: Decision, side: str) -> UnitState:
    assert decision.target is not None
    targets = _vehicle_targets(position, decision.target, side)
    if decision.arg("target"):
        return position.units[decision.arg("target")]
    return sorted(targets, key=lambda u: u.id)[0]


def acquisition(target: UnitState) -> str:
    """The marker of a target acquired by a firer's shots: lost when the target leaves that hex (C6.5) or
    the firer moves."""
    assert target.hex is not None
    return f"acq:{target.id}@{target.hex.q},{target.hex.r}"


def turn_ma(position: Position, state: State, firer: UnitState, new_tca: int) -> tuple[State, UnitState]:
    """The MA turned to the TCA of its shot: a non-turreted gun turns the whole vehicle (its VCA), a turret
    its TCA; a turret that turns throws off the riders on the vehicle (D6.21). Returns the state (with any
    riders thrown off) and the firer turned, for the caller to place."""
    vt = vtype(firer)
    home = firer.hex
    assert vt.ma is not None and home is not None
    if vt.ma.mount == "NT":
        return state, with_facing(firer, new_tca)
    turned = new_tca != tca_of(firer.markers, facing_of(firer))
    firer = _remark(firer, with_tca(firer.markers, facing_of(firer), new_tca))
    on_top = riders.carried_riders(state, firer, vt.passengers) if turned else []
    if on_top:  # D6.21: a turret that turns throws its riders off
        state = riders.bail_out(position.at(state.with_unit(firer)), on_top, home, "D6.21")
    return state, firer


def resume_th(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The TH DR is in: turn the turret, hit or miss, and on a hit the TK DR (D3, D4.2)."""
    assert answer.dice is not None and decision.target is not None
    asked = alhide.ask_th(position, decision, answer)  # D3.41: bring a hidden Armor Leader in?
    if asked is not None:
        return asked
    pack = od.load_pack()
    state = position.state
    firer = state.units[decision.subject[0]]
    target = _target(position, decision, firer.side)
    vt = vtype(firer)
    assert vt.ma is not None and firer.hex is not None and target.hex is not None
    reaction = ncrord.reacting(decision)  # D7.22
    th, steps, new_tca, turned_k = to_hit_of(position, firer, target, reaction, withhold=True)
    own_a = next((s.value for s in steps if s.name == "A"), 0)
    if turned_k and own_a and not bounding(position, firer):  # D3.51: the other turret weapons pay it too
        from hexmate.rules.games.asl import vmg

        penalty = vmg.penalty_marker(position.phase.id, "ma", own_a)
        firer = firer.mark(penalty)
    state, firer = turn_ma(position, state, firer, new_tca)
    dr = (answer.dice[0], answer.dice[1])
    hd_now = hull_down(position, firer, target)[0]
    size = sum(s.value for s in steps if s.name == "P")
    # D1.76, A12.2: a concealed target's size DRM is told only when it turned a hit into a miss or back
    told = not target.concealed or (od.hits(dr, th, hd=hd_now, pack=pack)
                                     != od.hits(dr, th + size, hd=hd_now, pack=pack))
    lines = [Line(s.text, str(s.value), s.rule) for s in steps if told or s.name != "P"]
    lines.append(Line(T("To Hit DR"), f"{dr[0]}+{dr[1]}={sum(dr)}", "D3"))
    from hexmate.rules.games.asl import ammo  # A19.131: a B# circled and one lower under Ammunition Shortage

    b, circled, marker = ammo.vehicle_breakdown(position, firer.side, vt.ma.b, vt.ma.low_ammo,
                                                firer.has("low_ammo"))
    broke = od.breakdown(sum(dr), b, low_ammo=circled, low_ammo_marker=marker)
    cut = vcapture.penalty(firer)  # A21.11-A21.13: 1 captured, 2 doubled (a HS temporary crew, A21.22)
    if cut:  # A21.11 (A.11): B# 2 (4) lower, the original B# its X#; A21.12: ROF 1 (2) lower
        broke = od.captured_breakdown(sum(dr), vt.ma.b, cut=2 * cut) or broke
    rof = max(0, vt.ma.rof - cut) if vt.ma.rof else vt.ma.rof
    if broke:
        # D3.7: a disabled MA is marked ``disabled`` too (vrepair.disable_ma recalls the vehicle below)
        firer = firer.mark({"malfunction": "ma_malf", "low_ammo": "low_ammo", "disabled": "ma_malf"}[broke],
                           *(("disabled",) if broke == "disabled" else ()))
        lines.append(Line(T("the gun: {what}", what=WORDS[broke]), str(sum(dr)), "D3.7"))
    elif rof and dr[1] <= rof:  # the colored die keeps multiple ROF: it may fire again (D3.5)
        sole = not any(m.startswith("mg_fired:") for m in firer.markers)
        if fire_marker(position, firer) == BOUNDING and sole:  # D3.3: the sole gun kept ROF: no counter
            firer = firer.mark("rof_kept", remove=(BOUNDING,))  # D3.51: it may fire again from another hex
        else:  # D3.3, D3.5: the phase's fire counter stays (it bars the AFPh); the gun may fire again now
            firer = firer.mark("rof_kept")
        lines.append(Line(T("keeps its rate of fire"), str(dr[1]), "D3.5"))
    acquired = tuple(m for m in firer.markers if m.startswith("acq:"))
    if vequip.acquires(position, firer):  # D11.12: not in Motion or not stopped, unless stabilized
        firer = firer.mark(acquisition(target), remove=acquired)
    else:
        firer = firer.mark(remove=acquired)
    state = state.with_unit(firer)
    if broke == "disabled":  # D3.7: no MA (nor SA) left: Recalled at once, unless it carries or tows
        from hexmate.rules.games.asl import vrepair

        state = vrepair.disable_ma(position.at(state), firer)
        if state.units[firer.id].has("recalled"):
            lines.append(Line(T("no MA left: the vehicle is Recalled (D5.341)"), "", "D3.7"))
    hit = od.hits(dr, th, hd=hull_down(position, firer, target)[0], pack=pack)
    if not hit:
        summary = T("{unit} misses {target}", unit=firer.id, target=target.id)
        results = {target.id: "miss"}
        res = Resolution(
            act.Fire((firer.id,), decision.target, answer.dice),
            "ordnance",
            pack.label,
            True,
            tuple(lines),
            results,
            summary,
        )
        from hexmate.rules.games.asl import vstackhit  # A5.132: another vehicle of an overstack hit?

        return vstackhit.after_miss(position.at(state), firer, target, dr, th, state.replace(resolution=res))
    return hit_on(position, state, firer, target, dr, lines, decision.target, answer.dice, reaction)


def hit_on(position: Position, state: State, firer: UnitState, target: UnitState, dr: tuple[int, int],
           lines: list[Line], at: Hex, dice: tuple[int, ...], reaction: bool = False) -> State:
    """A hit on ``target`` with the To Hit DR ``dr``: its "?" goes, the hit location and aspect, the Final TK#
    and the To Kill DR asked (D3.2, D1.6); ``lines`` are the attack's so far."""
    pack = od.load_pack()
    vt = vtype(firer)
    assert vt.ma is not None and firer.hex is not None and target.hex is not None
    if target.concealed:  # A12.2 (D1.76): hit on the To Hit Table in a Good Order enemy's LOS: the "?" goes
        state = state.with_unit(state.units[target.id].revealed())
        for prc in [u for u in state.units.values() if u.carrier == target.id and u.concealed]:
            state = state.with_unit(prc.revealed())  # A12.2: its PRC with it
    where = "turret" if dugin.cupola(target) else od.location(pack, dr)  # D9.53: no hit location
    assert firer.hex is not None
    f = facing_of(target) if where == "hull" else tca_of(target.markers, facing_of(target))
    aspect = fc.aspect(target.hex, f, firer.hex) if firer.hex != target.hex else fc.same_hex_aspect(dr[1])
    if vbypass.across_of(target) is not None:  # D2.32: the firer's hex decides; same hex, a hull hit is Side
        aspect = vbypass.aspect(target, firer.hex, coloured=dr[1], hull=where == "hull")
    if reaction and vtype(target).armored:
        aspect = "rear"  # D7.22: a reaction hit on an overrunning AFV is automatically on its Rear
    tv = vtype(target)
    af = tv.af(where, aspect)
    gun = f"{vt.ma.calibre}{vt.ma.length}"
    tk = od.final_tk(pack.basic_tk(gun, distance(firer.hex, target.hex)), af)
    lines.append(
        Line(
            T("hit on the {where}, {aspect} aspect (C3.9, D3.2)", where=WORDS[where], aspect=WORDS[aspect]),
            str(af if af is not None else "-"),
            "D3.2",
        )
    )
    lines.append(Line(T("Final TK# (basic less armor)"), str(tk), "D1.6"))
    summary = T(
        "{unit} hits {target}: roll the To Kill DR, {tk} or less kills",
        unit=firer.id,
        target=target.id,
        tk=tk,
    )
    res = Resolution(
        act.Fire((firer.id,), at, dice),
        "ordnance",
        pack.label,
        True,
        tuple(lines),
        {target.id: "hit"},
        summary,
    )
    return state.replace(resolution=res).push(
        Decision(
            "roll",
            firer.side,
            summary,
            "D3",
            "vtk",
            dice="DR",
            subject=(firer.id,),
            target=at,
            args=(("target", target.id), ("tk", str(tk))),
        )
    )


def resume_tk(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The TK DR is in: its result on the vehicle, and a destroyed crew's survival DR (D5.6)."""
    assert answer.dice is not None
    pack = od.load_pack()
    state = position.state
    target = state.units[decision.arg("target")]
    tk = int(decision.arg("tk"))
    dr = sum(answer.dice)
    result = od.tk_result(pack, dr, tk, vtype(target))
    if mounted.role(target) == mounted.HT_PASSENGER:
        state = vcrewhit.dm_aboard(state, target.id)  # D6.66: an ordnance hit on their halftrack
    prev = state.resolution
    lines = (
        *(prev.lines if prev is not None else ()),
        Line(T("To Kill DR"), str(dr), "C7"),
        Line(T("result"), WORDS[result], "C7"),
    )
    marks = {
        "burns": ("wreck", "burning"),
        "destroyed": ("wreck",),
        "shocked": ("shocked",),
        "stunned": (),  # vcrewhit.stun below
        "immobilized": ("immobilized",),
        "none": (),
    }[result]
    shaken = target.has("shocked") or target.has("stunned")
    prc_checks: list[Decision] = []
    if "burning" in marks:  # D6.9, D9.2: no survival from a burning vehicle
        for rider in [u for u in state.units.values() if u.carrier == target.id]:
            for sw in [u for u in state.units.values() if u.carrier == rider.id]:
                state = state.without_unit(sw.id)
            state = state.without_unit(rider.id)
    elif "wreck" in marks:  # D6.9: each unit aboard rolls its own survival DR
        prc_checks = riders.survival_checks(state, target, vtype(target).cs)
    gone = (
        ("motion", *(m for m in target.markers if m.startswith("acq:"))) if "wreck" in marks else ("motion",)
    )
    state = state.with_unit(target.mark(*marks, remove=gone if marks else ()))
    if dugin.cupola(target) and "wreck" in marks:
        state = state.without_unit(target.id)  # D9.52: a cupola leaves no wreck
    if result == "stunned":  # D5.34: BU, stopped; a second stun or a 1MT one is a Recall (D5.342, D5.341)
        state = vcrewhit.stun(position.at(state), target)
    results = {target.id: result}
    if "wreck" not in marks and target.id in state.units:  # D.8: none on a destroyed vehicle's PRC
        state, more, got, collateral_checks = specific_collateral(
            position, state, state.units.get(decision.subject[0]), state.units[target.id], dr)
        lines = (*lines, *more)
        results.update(got)
        prc_checks += collateral_checks
    summary = T("{target}: {result}", target=target.id, result=WORDS[result])
    action = act.Fire(decision.subject, decision.target or Hex(0, 0), answer.dice)
    state = state.replace(
        resolution=Resolution(action, "ordnance", pack.label, True, lines, results, summary)
    ).push(*prc_checks)  # D6.9: after the crew's own roll
    if dugin.cupola(target):
        return state  # D9.51: no CS# (its crew goes with it) and no Immobilization TC
    shock_on_5 = od.tk_result(pack, 5, tk, vtype(target)) in ("burns", "destroyed", "shocked")
    # D5.5, D8.11, D8.22; D9.51 with D9.54: a dug-in AFV takes no Immobilization TC either
    if not dugin.dug_in(target) and vcrew.needs_tc(target, result, shock_on_5=shock_on_5):
        state = state.push(vcrew.tc_decision(position, state.units[target.id]))
    if result == "destroyed" and not vtype(target).cs_lower:
        return state.push(
            Decision(
                "roll",
                target.side,
                T(
                    "{target} is destroyed: roll for its crew's survival, {cs} or less survives (D5.6)",
                    target=target.id,
                    cs=vtype(target).cs - (1 if shaken else 0),
                ),
                "D5.6",
                "vcs",
                dice="DR",
                subject=(target.id,),
                target=target.hex,
                args=(("shaken", "1" if shaken else ""),),
            )
        )
    return state


def specific_collateral(position: Position, state: State, firer: UnitState | None, target: UnitState, dr: int
                        ) -> tuple[State, list[Line], dict[str, str], list[Decision]]:
    """D.8A and the Collateral Attack Table (a vehicle-target type, S at an AFV and at an unarmored vehicle
    alike): the gun's hit that leaves the vehicle undestroyed attacks its exposed PRC at the IFT FP of the
    gun's HE equivalent (C8.31, the motoord pack) with the To Kill DR plus only the CE DRM
    (collateral.specific). A gun of no known calibre attacks nobody."""
    from hexmate.rules.games.asl import collateral, iift, motoord

    ma = vtype(firer).ma if firer is not None and is_vehicle(firer) else None
    if ma is None or not ma.calibre:
        return state, [], {}, []
    fp = motoord.he_fp(ma.calibre)
    column = iift.at(position, fp)  # A7.37: the HE equivalent's column on the table in use
    if column is None:
        return state, [], {}, []
    state, lines, results, asks = collateral.specific(position, state, target, column, dr)
    if not lines:
        return state, [], {}, []
    said = Line(T("HE equivalent of a {calibre}mm gun", calibre=ma.calibre), str(fp), "C8.31")
    return state, [said, *lines], results, asks


def resume_cs(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    state = position.state
    target = state.units[decision.subject[0]]
    ok = od.crew_survives(sum(answer.dice), vtype(target), shaken=bool(decision.arg("shaken")))
    state = state.with_unit(target.mark("crew_survived" if ok else "crew_lost"))
    # D5.6: a crew counter beneath it, under Hazardous Movement for the rest of the phase (A4.62)
    return crew.bail_out(position.at(state), target, hazardous=True) if ok else state


def generate(position: Position) -> Iterator[act.Action]:
    phase = position.phase.id
    if phase not in FIRE_MARKERS:
        return
    side = firing_side(position)
    moving = position.state.moving
    if phase == "MPh" and moving is None:  # D3.3: the phasing side's Bounding First Fire between moves
        side = position.phasing
        targets = sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None
                          and is_vehicle(u) and not u.has("wreck")}, key=lambda h: (h.q, h.r))
    elif phase == "MPh":
        assert moving is not None
        targets = [moving.here, *(h for h in _hw_afv_hex(position) if h != moving.here)]
    else:
        targets = sorted(
            {
                u.hex
                for u in position.units.values()
                if u.side != side and u.hex is not None and is_vehicle(u) and not u.has("wreck")
            },
            key=lambda h: (h.q, h.r),
        )
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or not is_vehicle(unit):
            continue
        for h in targets:
            fire = act.Fire((unit.id,), h)
            try:
                check_fire(position, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire


def _hw_afv_hex(position: Position) -> list[Hex]:
    """D14.33: at a Human Wave's impulse's end, the hexes of the AFVs moving with it, targets too."""
    from hexmate.rules.games.asl import hwaa

    game = cast("AslGame", position.game)
    afvs = hwaa.afv_targets(game, position) if position.state.moving is not None else []
    return [a.hex for a in afvs if a.hex is not None]


def _hw_afv_at(position: Position, target: Hex) -> bool:
    return target in _hw_afv_hex(position)


def can_react(position: Position) -> bool:
    """Could a vehicle of the non-moving side fire at the vehicle that just entered a hex (A8.1, D3.3)?"""
    return any(True for _ in generate(position))


# --- Close Combat against vehicles in the CCPh (A11.5, A11.501, A11.51) ---
MMC = ("squad", "hs", "crew")
def cc_target(position: Position, fire: act.Fire) -> UnitState | None:
    """The enemy vehicle a CCPh attack is against: infantry attack a vehicle in their own Location."""
    firers = [position.units[u] for u in fire.firers if u in position.units]
    if position.phase.id != "CCPh" or not firers or any(u.hex != fire.target for u in firers):
        return None
    targets = _vehicle_targets(position, fire.target, firers[0].side)
    return sorted(targets, key=lambda u: u.id)[0] if targets else None


def cc_values(position: Position, fire: act.Fire, target: UnitState) -> tuple[int, int, list[Line]]:
    """The attackers' CCV and the CC DRM against the vehicle in the CCPh, with their lines (A11.5, A11.51,
    A11.61)."""
    from hexmate.rules.games.asl import ccstreet

    street = ccstreet.attack_drm(position, fire.firers, target)  # A11.8 in the CCPh
    ccv, drm, lines = cc_vehicle(position, target, fire.firers, moving=target.has("motion"), street=street)
    amb = ccstreet.ambush_drm(position, fire.firers)
    if amb:  # A11.51: a real ambush's -1/+1 applies to CC against a vehicle too (A11.4)
        drm += amb
        lines.insert(-1, Line(T("ambush"), f"{amb:+d}", "A11.4"))
        lines[-1] = Line(T("CC DRM"), f"{drm:+d}", "A11.51")
    return ccv, drm, lines


def _buttoned_up(position: Position, unit: UnitState) -> bool:
    """D6.61: the BU passengers of an armored halftrack give no escort DRM (A11.51)."""
    carrier = mounted.carrier_of(position, unit)
    ht = carrier is not None and mounted.role(carrier) == mounted.HT_PASSENGER
    return ht and carrier is not None and not mounted.exposed(carrier)


def _leaving(position: Position) -> set[str]:
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    return {*gs.cc_infiltrate, *gs.cc_withdraw} if isinstance(gs, AslState) else set()


def cc_vehicle(position: Position, vehicle: UnitState, ids: tuple[str, ...], *, moving: bool,
               street: bool = False) -> tuple[int, int, list[Line]]:
    """The CCV and CC DRM of an attack on a vehicle, each part with its rule (A11.5, A11.51, A11.61, and
    D7.213's -1 for a First or Final Fire counter in CC Reaction Fire, reaction.py). ``moving``: the vehicle
    is in Motion or not stopped (A11.51: +2, not while it is immobile)."""
    firers = [position.units[u] for u in ids]
    mmc = [u for u in firers if u.type in MMC]
    smc = [u for u in firers if u.type in ("leader", "hero")]  # A11.5: an SMC; a hero too (A15.24)
    unit = mmc[0] if mmc else smc[0]
    lines: list[Line] = []
    halvings = 0
    if unit.has("pinned"):
        halvings += 1
        lines.append(Line(T("pinned: CCV"), "-1", "A11.5"))
    if unit.has("first_fire") or unit.has("final_fire"):
        halvings += 1
        lines.append(Line(T("First or Final Fire counter: CCV"), "-1", "D7.213"))
    inexperienced = au.restricted_in(position, unit)  # A19.34, A19.3: CCV -1
    kind = "leader" if unit.type == "hero" else unit.type  # A11.5: an SMC's CCV
    ccv = od.ccv(kind, with_smc=bool(smc and mmc), inexperienced=inexperienced, halvings=halvings)
    if smc and mmc:
        lines.append(Line(T("a leader attacks with it: CCV"), "+1", "A11.5"))
    vt = vtype(vehicle)
    unmanned = vcapcc.unmanned(vehicle)  # A21.2: an Abandoned AFV counts as CE and Immobile, no manned MG
    parts: list[tuple[T, int, str]] = []
    if not vt.armored:
        parts.append((T("unarmored vehicle"), -3, "A11.51"))
    elif vt.open_topped or vt.rear_unarmored:
        parts.append((T("open-topped or partially armored AFV"), -2, "A11.61"))
    elif unmanned:
        parts.append((T("unmanned AFV, counted as CE closed-top"), -1, "A21.2"))
    elif vehicle.has("ce"):
        parts.append((T("CE closed-top AFV"), -1, "A11.61"))
    if unmanned:
        parts.append((T("unmanned AFV: no manned MG"), -1, "A21.2"))
    elif (vt.bmg + vt.cmg + vt.aamg == 0) or vehicle.has("shocked") or vehicle.has("stunned"):
        parts.append((T("no working MG"), -1, "A11.51"))
    assert vehicle.hex is not None
    gone = _leaving(position)  # A11.22, A11.2: units leaving the CC no longer escort it
    # A11.51: the attacker's enemies' armed infantry (A21.2: both sides escort an Abandoned AFV)
    escort = sum(2 if u.type == "squad" else 1 for u in position.units_at(vehicle.hex)
                 if u.side != unit.side and u.type in MMC and not u.has("broken") and not u.has("pinned")
                 and not _buttoned_up(position, u) and u.id not in gone)
    if escort:
        parts.append((T("armed infantry with the vehicle"), escort, "A11.51"))
    immobile = not is_mobile(vehicle.markers) or vehicle.has("wreck") or unmanned
    if vt.armored and immobile:
        parts.append((T("immobile AFV"), -1, "A11.61"))
    if moving and not immobile:
        parts.append((T("the vehicle is in Motion or not stopped"), 2, "A11.51"))
    if smc and mmc:
        lead = au.leadership_of(smc[0]) if smc[0].type == "leader" else 0  # A17.2: a wound, one worse
        if lead < 0:  # A10.72: an attacker need not use a leader's +1
            parts.append((T("leadership ({unit})", unit=smc[0].id), lead, "A11.51"))
    for hero in (u for u in smc if u.type == "hero"):  # A11.51: the hero's DRM applies against vehicles too
        parts.append((T("hero ({unit})", unit=hero.id), -1, "A15.24"))
    if vehicle.has("plus1"):
        parts.append((T("recalled or stunned before"), 1, "D5.34"))
    if vt.movement == "aerosan":
        parts.append((T("aerosan"), -1, "D17.5"))
    if street:  # A11.8: the Street Fighting ambush, the only ambush in CC Reaction Fire (D7.21, D7.211)
        parts.append((T("Street Fighting ambush"), -1, "A11.8"))
    drm = sum(v for _, v, _ in parts)
    lines.append(Line(T("Close Combat Value"), str(ccv), "A11.5"))
    lines += [Line(label, f"{v:+d}", rule) for label, v, rule in parts]
    lines.append(Line(T("CC DRM"), f"{drm:+d}", "A11.51"))
    return ccv, drm, lines


def check_cc(position: Position, fire: act.Fire, target: UnitState) -> act.Fire:
    side = position.to_act
    firers = [position.units[u] for u in fire.firers if u in position.units]
    if len(firers) != len(fire.firers) or len(set(fire.firers)) != len(fire.firers):
        raise InvalidAction("name each attacking unit once")
    if any(u.side != side for u in firers):
        raise IllegalAction(T("only {side} attacks now", side=side), "A11.5")
    mmc = [u for u in firers if u.type in ("squad", "hs", "crew")]
    smc = [u for u in firers if u.type in ("leader", "hero")]
    if (
        len(firers) > 2
        or len(smc) > 1
        or any(is_vehicle(u) for u in firers)
        or (len(firers) == 2 and not smc)
    ):
        raise IllegalAction(T("a vehicle is attacked by one unit, with at most one SMC beside it"), "A11.5")
    if any(u.has("broken") or u.has("cc") for u in firers):
        raise IllegalAction(T("broken units and units that have attacked this phase may not attack"), "A11.5")
    if not mmc and not smc:
        raise IllegalAction(T("name the attacking unit"), "A11.5")
    return fire


def declare_cc(position: Position, fire: act.Fire, target: UnitState) -> State:
    state = position.state
    for uid in fire.firers:
        state = state.with_unit(state.units[uid].mark("cc"))
    ccv, drm, _ = cc_values(position, fire, target)
    side = state.units[fire.firers[0]].side
    ask = Decision(
        "roll",
        side,
        T(
            "{units} attack {target} in Close Combat: CCV {ccv}, DRM {drm:+d}; roll the CC DR (A11.5)",
            units=", ".join(fire.firers),
            target=target.id,
            ccv=ccv,
            drm=drm,
        ),
        "A11.5",
        "vcc",
        dice="DR",
        subject=tuple(fire.firers),
        target=fire.target,
        args=(("ccv", str(ccv)), ("drm", str(drm)), ("target", target.id)),
        choices=(vcapcc.WORD,) if vcapcc.may(position, target, side) else (),  # A21.2: answer capture
    )
    if vcapcc.must(position, target, side):  # A21.2: its own side only takes it back by capture
        return vcapcc.declare(position.at(state), ask)
    return state.push(ask)


def _cc_apply(position: Position, decision: Decision, result: str, dice: tuple[int, ...]) -> State:
    state = position.state
    target = state.units[decision.arg("target")]
    marks = {
        "burns": ("wreck", "burning"),
        "destroyed": ("wreck",),
        "immobilized": ("immobilized",),
        "none": (),
    }[result]
    state = state.with_unit(target.mark(*marks, remove=("motion",) if marks else ()))
    if "wreck" in marks:  # A11.5: the vehicle's passengers and riders are eliminated with it
        for rider in [u for u in state.units.values() if u.carrier == target.id]:
            for sw in [u for u in state.units.values() if u.carrier == rider.id]:
                state = state.without_unit(sw.id)
            state = state.without_unit(rider.id)
    ccv, drm = int(decision.arg("ccv")), int(decision.arg("drm"))
    lines = (
        Line(T("Close Combat Value"), str(ccv), "A11.5"),
        Line(T("CC DRM"), f"{drm:+d}", "A11.51"),
        Line(T("CC DR"), "+".join(str(d) for d in dice), "A11.5"),
        Line(T("result"), WORDS[result], "A11.5"),
    )
    action = act.Fire(decision.subject, decision.target or Hex(0, 0), dice)
    summary = T("{target}: {result}", target=target.id, result=WORDS[result])
    # no crew survival roll for a vehicle eliminated in CC (D5.6)
    return state.replace(
        resolution=Resolution(action, "cc-vehicle", "A11.5", False, lines, {target.id: result}, summary)
    )


def resume_cc(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.5: below the CCV destroys (burns at half or less), equal immobilizes; an original 2 rolls a further
    dr that may still burn, destroy or immobilize it (A11.501)."""
    assert answer.dice is not None
    if decision.arg("capture") == "1":  # A21.2, A20.22: a capture attempt on an Abandoned AFV
        return vcapcc.resolve(position, decision, answer.dice)
    original = sum(answer.dice)
    if original == 2:
        return position.state.push(
            Decision(
                "roll",
                decision.side,
                T("an original 2: roll a further dr for a chance kill (A11.501)"),
                "A11.501",
                "vcc2",
                dice="dr",
                subject=decision.subject,
                target=decision.target,
                args=decision.args,
            )
        )
    result = od.cc_result(original, int(decision.arg("drm")), int(decision.arg("ccv")))
    return _cc_apply(position, decision, result, answer.dice)


def resume_cc2(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    result = od.cc_result(2, int(decision.arg("drm")), int(decision.arg("ccv")), extra_dr=answer.dice[0])
    return _cc_apply(position, decision, result, (1, 1, answer.dice[0]))


def cc_generate(position: Position) -> Iterator[act.Action]:
    """The CC attacks against vehicles open now: each good-order MMC of the side acting, alone or with one
    leader of its Location, against an enemy vehicle there (A11.5)."""
    side = position.to_act
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or unit.hex is None or unit.type not in ("squad", "hs", "crew"):
            continue
        if unit.has("broken") or unit.has("cc"):
            continue
        if not _vehicle_targets(position, unit.hex, side):
            continue
        yield act.Fire((unit.id,), unit.hex)
        for ldr in position.units_at(unit.hex):
            if ldr.side == side and ldr.type == "leader" and not ldr.has("broken") and not ldr.has("cc"):
                yield act.Fire((unit.id, ldr.id), unit.hex)
