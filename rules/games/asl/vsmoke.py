"""ASL D13 (with A24.4-A24.6): vehicular smoke dispensers (sD, sM, sP, sN) and vehicular smoke grenades.

``smoke VEHICLE at HEX``. The text:

- D13.1: an AFV has a dispenser only when its counter's back shows the kind and a usage number (catalogue
  key ``smoke``: ``{"kind": "sD", "usage": 7}``; an sN's "#4/#5" as ``usage`` and ``usage_1945``, D13.34:
  the left number for scenarios dated July-December 1944, the right one from 1945, by ``options.date``). The
  usage number replaces breakdown and low ammunition; a dispenser is not a weapon.
- D13.2: once per player turn, in an MPh; not when abandoned, its crew stunned, shocked or broken, nor when
  the AFV or its PRC have fired any weapon this player turn. In its own MPh it costs 1 MP, spent only if it
  fires and doubling as no other MP (Defensive First Fire may follow that MP, D3.3). In the enemy MPh it is
  tried after an enemy unit spends MF/MP in its LOS, as Defensive First Fire is (the react window).
- D13.3: a DR at most the usage number fires it (+1 BU, except an sN's HE in CC, not here); else nothing,
  and it may try again in a later player turn.
- D13.31 sD, D13.33 sP (crew CE), D13.34 sN (BU): dispersed white SMOKE at the base level of its own hex.
  D13.32 sM: into a hex in its TCA at range 1-3 and in its LOS; a CA change adds its Case A DRM (the turret
  turns only if it fires); the turn it made carries its Case A DRM to this phase's later Defensive First Fire
  inside the new CA (D3.51: the ``capen`` marker vfire.py and vmg.py read), never to Bounding Fire in its own
  MPh (C5.13: vfire and vmg charge no carried Case A to Bounding Fire); +2 moving or not stopped (C.8: in
  Motion, or it entered a hex this player turn);
  the LOS hindrance to that hex adds; never from inside a building (nor deep jungle, not on these maps). A
  vehicle without a turret turns its hull for it (its CA is its VCA, D.4, D3.1.1): the NT Case A DRM of the
  hexspines turned adds, and the VCA turns only if it fires. In its own MPh a VCA change is bought with MP
  (D2.11: 1 MP a hexspine, 2 in a woods, building or rubble obstacle; D2.11 allows a VCA change as the
  result of fire only outside its own MPh), spent with the sM's 1 MP when it fires (nothing when it does
  not: the CA never changed); in the enemy MPh it costs none. Not a bogged or immobilized vehicle's
  (D.7, D8.5), nor a bypassing one's (D2.33: never a VCA change to fire).
- D13.35 vehicular smoke grenades: an AFV or armed vehicle with an MA on its counter, by its inherent crew
  (never its PRC), under D13.2-D13.3's procedure: a CT AFV's crew must be CE; a dr of 1 for an armed unarmored
  vehicle or a BU OT AFV, 2 or less for a CE AFV (a 6 does nothing more); a grenade SMOKE counter in its own
  Location (A24.11: gone at the end of the MPh it was placed in, the enemy MPh included). Not both devices in
  one MPh: the owner answers which when both may be tried.
- A24.4: dispersed white SMOKE goes at the start of its placer's next PFPh. A24.6 (``wind.py``'s weather):
  rain and heavy winds remove SMOKE at once, mud and heavy snow make it ineffective: no placement then.
  A24.11: no smoke grenades in heavy winds, rain, mud or heavy snow.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import wind as asl_wind
from hexmate.rules.games.asl.armour import (
    FIRE_MARKERS,
    budget,
    facing_of,
    is_vehicle,
    spent_of,
    vtype,
    with_facing,
    with_spent,
)
from hexmate.rules.games.asl.armour import _turn as armour_turn
from hexmate.rules.games.asl.locations import BUILDINGS
from hexmate.rules.games.asl.prcfire import vehicle_fired
from hexmate.rules.games.asl.vbypass import across_of
from hexmate.rules.games.asl.vehicles import VehicleType, is_mobile, tca_of, with_tca
from hexmate.rules.games.asl.vmg import crew_exposed, penalty_marker
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

TRIED = "vsmoke_tried"  # D13.2: once per player turn (and D13.35: not both devices in one MPh)
ROLL = "vsmoke"
PICK = "vsmoke_pick"
DISPENSER, GRENADES = "dispenser", "grenades"
SMOKE_MP = Fraction(1)  # D13.2
BARS = ("abandoned", "wreck", "stunned", "shocked", "broken")
FIRED = (*FIRE_MARKERS.values(), "bounding_fire", "ft_fired", "mg_fired:bmg", "mg_fired:cmg", "mg_fired:aamg")


def usage(vt: VehicleType, date: str = "") -> int:
    """D13.1, D13.34: the usage number (an sN's right-hand number from 1945)."""
    if vt.smoke == "sN" and vt.smoke_usage_late and date[:4].isdigit() and int(date[:4]) >= 1945:
        return vt.smoke_usage_late
    return vt.smoke_usage


def dispenser_drm(vt: VehicleType, markers: frozenset[str], *, moving: bool, case_a: int = 0,
                  hindrance: int = 0) -> int:
    """D13.3, D13.32: +1 BU; an sM +2 moving or not stopped, its CA change's Case A, the LOS hindrance."""
    drm = 1 if vt.armored and not crew_exposed(vt, markers) else 0
    if vt.smoke == "sM":
        drm += 2 * moving + case_a + hindrance
    return drm


def grenade_need(vt: VehicleType, markers: frozenset[str]) -> int:
    """D13.35: the dr to place smoke grenades: 2 or less for a CE AFV, 1 for an armed unarmored vehicle or a
    BU OT AFV; IllegalAction for a CT AFV whose crew is BU, or a vehicle without an MA on its counter."""
    if vt.ma is None:
        raise IllegalAction(T("smoke grenades need a vehicle with an MA on its counter"), "D13.35")
    if not vt.armored:
        return 1
    ce = crew_exposed(vt, markers)
    if not vt.open_topped and not ce:
        raise IllegalAction(T("a CT AFV's crew must be CE to throw smoke grenades"), "D13.35")
    return 2 if ce else 1


def _weather(game: AslGame | None, position: Position, grenades: bool, at: Hex) -> None:
    wind = getattr(position.state.game, "wind", asl_wind.CALM)  # the weather now (wind.py)
    if grenades:
        asl_wind.check_smoke(position, wind, at, at)  # A24.11
    elif wind.force == "heavy winds" or wind.precipitation != "none":
        raise IllegalAction(T("no SMOKE in {weather}: rain and heavy winds remove it at once, mud and heavy "
                              "snow make it useless", weather=wind.text()), "A24.6")


def claims(position: Position, smoke: act.Smoke) -> bool:
    unit = position.units.get(smoke.unit)
    return unit is not None and is_vehicle(unit)


def _moving(unit: UnitState) -> bool:
    return unit.has("motion") or unit.has("entered")


def _when(position: Position, unit: UnitState) -> None:
    """D13.2: in its own MPh between moves with 1 MP left, or in the enemy MPh after an enemy expenditure in
    its LOS (the react window)."""
    state = position.state
    if position.phase.id != "MPh":
        raise IllegalAction(T("vehicular smoke is tried in an MPh"), "D13.2")
    if unit.side == position.phasing:
        if state.moving is not None or state.decision is not None:
            raise IllegalAction(T("{unit} tries its smoke between moves, not while one is under way",
                                  unit=unit.id), "D13.2")
        if unit.id in state.moved:
            raise IllegalAction(T("{unit} has ended its MPh", unit=unit.id), "D13.2")
        if spent_of(unit) + SMOKE_MP > budget(unit):
            raise IllegalAction(T("{unit} has no MP left to spend", unit=unit.id), "D13.2")
        return
    moving, top = state.moving, state.decision
    if moving is None or top is None or top.kind != "react" or top.side != unit.side:
        raise IllegalAction(T("in the enemy MPh a vehicle tries its smoke after an enemy unit spends MF or "
                              "MP in its LOS, as Defensive First Fire"), "D13.2")
    assert unit.hex is not None
    if asl_terrain.line_of_sight(position, unit.hex, moving.here).blocked:
        raise IllegalAction(T("{unit} has no line of sight to {hex}", unit=unit.id,
                              hex=position.label(moving.here)), "D13.2")


def options(game: AslGame | None, position: Position, smoke: act.Smoke) -> list[str]:
    """Which devices may try this placement: ``dispenser``, ``grenades`` (IllegalAction when none)."""
    unit = position.units[smoke.unit]
    vt = vtype(unit)
    if any(unit.has(m) for m in BARS):
        raise IllegalAction(T("{unit} cannot use its smoke: abandoned, or its crew stunned, shocked or "
                              "broken", unit=unit.id), "D13.2")
    if unit.has(TRIED):
        raise IllegalAction(T("{unit} has tried its smoke this player turn", unit=unit.id), "D13.2")
    if any(vehicle_fired(position, unit, m) for m in FIRED):
        raise IllegalAction(T("{unit} or a unit aboard it has fired this player turn: no smoke",
                              unit=unit.id), "D13.2")
    _when(position, unit)
    assert unit.hex is not None
    found: list[str] = []
    first: IllegalAction | None = None
    try:
        _dispenser(game, position, unit, vt, smoke.hex)
        found.append(DISPENSER)
    except IllegalAction as e:
        first = e
    if smoke.hex == unit.hex:
        try:
            grenade_need(vt, unit.markers)
            _weather(game, position, True, unit.hex)
            found.append(GRENADES)
        except IllegalAction as e:
            first = first if vt.smoke else e
    if not found:
        raise first or IllegalAction(T("{unit} has no smoke dispenser", unit=unit.id), "D13.1")
    return found


def _dispenser(game: AslGame | None, position: Position, unit: UnitState, vt: VehicleType, h: Hex) -> int:
    """The checks of a dispenser shot at h; its DRM."""
    if not vt.smoke:
        raise IllegalAction(T("{unit} has no smoke dispenser", unit=unit.id), "D13.1")
    assert unit.hex is not None
    if vt.smoke == "sP" and not crew_exposed(vt, unit.markers):
        raise IllegalAction(T("an sP is fired by a CE crew"), "D13.33")
    if vt.smoke == "sN" and crew_exposed(vt, unit.markers):
        raise IllegalAction(T("an sN is fired by a BU AFV"), "D13.34")
    hindrance, case_a = 0, 0
    if vt.smoke == "sM":
        rng = distance(unit.hex, h)
        if not 1 <= rng <= 3:
            raise IllegalAction(T("an sM places its SMOKE 1 to 3 hexes away"), "D13.32")
        if position.map.terrain(unit.hex) in BUILDINGS:
            raise IllegalAction(T("no sM from inside a building"), "D13.32")
        sight = asl_terrain.line_of_sight(position, unit.hex, h)
        if sight.blocked:
            raise IllegalAction(T("{unit} has no line of sight to {hex}", unit=unit.id,
                                  hex=position.label(h)), "D13.32")
        hindrance = sight.hindrance
        f = facing_of(unit)
        mount = vt.ma.mount if vt.ma is not None else "NT"
        k = fc.hexspines_to(unit.hex, h, tca_of(unit.markers, f) if mount != "NT" else f)
        if k and mount == "NT":
            _check_hull_turn(position, unit, vt, k)
        case_a = od.load_pack().case_a_drm(mount, k) if k else 0
    elif h != unit.hex:
        own_hex = {"sP": "D13.33", "sN": "D13.34"}.get(vt.smoke, "D13.31")  # sD, sP, sN: each its own rule
        raise IllegalAction(T("this dispenser places its SMOKE in the vehicle's own hex"), own_hex)
    _weather(game, position, False, h)
    return dispenser_drm(vt, unit.markers, moving=_moving(unit), case_a=case_a, hindrance=hindrance)


def hull_turn_mp(position: Position, unit: UnitState, vt: VehicleType, k: int) -> Fraction:
    """D13.32 with D2.11: the MP a turretless vehicle's VCA change of ``k`` hexspines for its sM costs: in
    its own MPh 1 MP a hexspine (2 in an obstacle), none in the enemy MPh."""
    if not k or unit.side != position.phasing or unit.hex is None:
        return Fraction(0)
    return Fraction(armour_turn(position, vt, k, unit.hex))


def _check_hull_turn(position: Position, unit: UnitState, vt: VehicleType, k: int) -> None:
    """D13.32: the turretless vehicle may turn its hull toward its sM's hex: mobile, not bypassing, and in its
    own MPh with the MP for the turn and the sM's 1 MP left."""
    if not is_mobile(unit.markers):
        raise IllegalAction(T("{unit} cannot change its VCA: it is immobile", unit=unit.id), "D8.5")
    if across_of(unit) is not None:
        raise IllegalAction(T("{unit} is bypassing: its VCA is its bypass's and changes only as it leaves "
                              "the hexside it straddles, never to fire (D2.33)", unit=unit.id), "D2.33")
    mp = hull_turn_mp(position, unit, vt, k)
    if mp and spent_of(unit) + SMOKE_MP + mp > budget(unit):
        raise IllegalAction(T("{unit} has not the {mp} MP left to turn its hull toward that hex and fire "
                              "its sM (D2.11, D13.32)", unit=unit.id, mp=str(SMOKE_MP + mp)), "D13.32")


def declare(game: AslGame, position: Position, smoke: act.Smoke) -> State:
    found = options(game, position, smoke)
    unit = position.units[smoke.unit]
    if len(found) > 1:
        prompt = T("{unit}: its smoke dispenser or its smoke grenades? (not both this MPh, D13.35)",
                   unit=unit.id)
        return position.state.push(Decision("confirm", unit.side, prompt, "D13.35", PICK,
                                            choices=tuple(found), subject=(unit.id,), target=smoke.hex))
    return attempt(game, position, unit, smoke.hex, found[0])


def attempt(game: AslGame, position: Position, unit: UnitState, h: Hex, device: str) -> State:
    """The DR (a dispenser, D13.3) or dr (grenades, D13.35), the try counted (D13.2)."""
    vt = vtype(unit)
    state = position.state.with_unit(unit.mark(TRIED))
    if device == GRENADES:
        need = grenade_need(vt, unit.markers)
        prompt = T("{unit} tries smoke grenades in {hex}: roll a dr; {need} or less places them (D13.35)",
                   unit=unit.id, hex=position.label(h), need=need)
        args: tuple[tuple[str, str], ...] = (("device", device), ("need", str(need)))
        return state.push(Decision("roll", unit.side, prompt, "D13.35", ROLL, dice="dr", subject=(unit.id,),
                                   target=h, args=args))
    drm = _dispenser(game, position, unit, vt, h)
    n = usage(vt, str(position.scenario.options.get("date", "")))
    prompt = T("{unit} fires its {kind} at {hex}: roll the DR {drm:+d}; {usage} or less fires it (D13.3)",
               unit=unit.id, kind=vt.smoke, hex=position.label(h), drm=drm, usage=n)
    args = (("device", device), ("drm", str(drm)), ("need", str(n)))
    return state.push(Decision("roll", unit.side, prompt, "D13.3", ROLL, dice="DR", subject=(unit.id,),
                               target=h, args=args))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """Placed or not; in its own MPh the 1 MP is spent only when it fires (D13.2); an sM's turret turns to
    the hex only then (D13.32)."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    unit = state.units[decision.subject[0]]
    h = decision.target
    device = decision.arg("device")
    need = int(decision.arg("need", "0"))
    drm = int(decision.arg("drm", "0"))
    total = sum(answer.dice)
    placed = total + drm <= need
    vt = vtype(unit)
    gs = game.gstate(state)
    if placed:
        white = sp.Smoke("ordnance", dispersed=True, side=unit.side)  # D13.31-D13.34: dispersed white SMOKE
        kind = sp.Smoke("grenade") if device == GRENADES else white
        state = state.replace(game=gs.replace(smoke=(*((x, s) for x, s in gs.smoke if x != h), (h, kind))))
        turn_mp = Fraction(0)
        if vt.smoke == "sM" and device == DISPENSER and unit.hex is not None and h != unit.hex:
            f = facing_of(unit)
            mount = vt.ma.mount if vt.ma is not None else "NT"
            now = f if mount == "NT" else tca_of(unit.markers, f)
            k = fc.hexspines_to(unit.hex, h, now)
            t = fc.facing_to(unit.hex, h, now)
            if mount == "NT":  # D13.32, D.4: the hull turns (D2.11: with its MP in its own MPh)
                turn_mp = hull_turn_mp(position, unit, vt, k)
                unit = with_facing(state.units[unit.id], t) if k else state.units[unit.id]
            else:
                unit = dataclasses.replace(state.units[unit.id], markers=with_tca(unit.markers, f, t))
            case_a = od.load_pack().case_a_drm(mount, k) if k else 0
            if case_a:  # D13.32: the CA change carries to this phase's later fire inside the new CA
                carried = penalty_marker(position.phase.id, "sm", case_a)
                unit = unit.mark(carried)
            state = state.with_unit(unit)
        if unit.side == position.phasing:
            now_unit = state.units[unit.id]
            state = state.with_unit(with_spent(now_unit, spent_of(now_unit) + SMOKE_MP + turn_mp))
    rule = "D13.35" if device == GRENADES else "D13.3"
    said = T("SMOKE placed in {hex}: put a SMOKE counter there", hex=position.label(h)) if placed \
        else T("no smoke")
    lines = (Line(T("smoke roll"), str(total), rule), Line(T("smoke DRM"), f"{drm:+d}", rule),
             Line(T("needed"), T("{need} or less", need=need), rule), Line(T("result"), said, rule))
    summary = T("{unit} smoke attempt in {hex}: {result}", unit=unit.id, hex=position.label(h), result=said)
    return state.replace(resolution=Resolution(act.Smoke(unit.id, h), "smoke", "", False, lines,
                                               {unit.id: "placed" if placed else "-"}, summary))


def expire(game: AslGame, state: State, side: str) -> State:
    """A24.4: a side's dispersed white SMOKE goes at the start of its next PFPh."""
    gs = game.gstate(state)
    keep = tuple((h, s) for h, s in gs.smoke if not (s.side == side and s.dispersed and s.kind == "ordnance"))
    return state if keep == gs.smoke else state.replace(game=gs.replace(smoke=keep))


def generate(game: AslGame | None, position: Position) -> Iterator[act.Action]:
    """The vehicular smoke attempts open now: own hex, and an sM's hexes 1-3 away."""
    if position.phase.id != "MPh":
        return
    state = position.state
    side = position.phasing if state.decision is None else state.decision.side
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or not is_vehicle(unit) or unit.hex is None:
            continue
        vt = vtype(unit)
        if not vt.smoke and vt.ma is None:
            continue
        hexes = [unit.hex]
        if vt.smoke == "sM":
            hexes += sorted((h for h in position.map.hexes if 1 <= distance(unit.hex, h) <= 3),
                            key=lambda h: (h.q, h.r))
        for h in hexes:
            smoke = act.Smoke(unit.id, h)
            try:
                options(game, position, smoke)
            except IllegalAction:
                continue
            yield smoke


__all__ = ["DISPENSER", "GRENADES", "PICK", "ROLL", "TRIED", "attempt", "claims", "declare", "dispenser_drm",
           "expire", "generate", "grenade_need", "hull_turn_mp", "options", "resume", "usage"]
