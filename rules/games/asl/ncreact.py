"""ASL D7.22: Non-CC Reaction Fire against an overrunning vehicle, the part the texts define: TPBF on the
IFT against an unarmored vehicle (its vehicle line, A7.308, A7.309).

D7.22: non-phasing units in the OVR Location, not broken and without a CC or Melee counter, may fire at the
overrunning vehicle as they normally could: TPBF, ordnance, FT, DC placement. Of these only the infantry's
own TPBF is worked out from the texts: against an unarmored vehicle the IFT's vehicle line decides (A7.308:
the attack's FP column gives a Kill number; below it destroyed, equal immobilized, half or less burning;
A7.309's Unlikely Kill after an Original 2). Not built, each for want of its chapter: TPBF against an AFV
(no effect on the vehicle; its exposed crew and PRC take chapter A/D collateral attacks, D.8, A7.211, not in
play), ordnance (chapter C's To Hit), FT, MOL and DC against an AFV (C7.34's HE & Flame To Kill table,
A22.34), a Gun's crew (D7.23, chapter C's Guns).

At the table: the defender's Reaction Fire question after the OVR (reaction.offer) lists ``tpbf-UNIT``
beside the units to tap for CC; the unit's owner rolls its IFT DR. The FP: the unit's inherent FP, x3 TPBF
(A7.21), halved when pinned (A7.8), halved as Area Fire when it is the unit's Subsequent First Fire (a First
Fire counter, A8.3) or its Final Protective Fire (a Final Fire counter, A8.31, D7.221: its DR is then also
its NMC; an FPF unit overrun by an unarmored vehicle with PRC must react, by CC or by this TPBF, D7.212,
D7.221). The vehicle line reads the DR as modified for the vehicle (A7.308): the Location's TEM but a part
that protects infantry only (the example's shellhole), and the SMOKE of the Location (A24.2, +1 more as the
TPBF is traced within it, A24.8), the same Final DR its passengers take. Afterwards the
unit has a First Fire counter, or a Final Fire one if it had any, as after any Reaction Fire (D7.2).

The units aboard (a truck's passengers are always exposed, D6.7) take the same DR as a General Collateral
attack on the same column, as if they were its only target (D.8B: the Location's TEM but one for infantry
only, A7.308; no FFNAM or FFMO, D.6), unless it destroys or burns the vehicle (D.8); their checks come after
the vehicle's Unlikely Kill dr (A7.309), which withdraws them if it destroys it after all.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import collateral, iift, unarmored
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.aftermath import fpf_self_check
from hexmate.rules.games.asl.armour import vtype
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

PREFIX = "tpbf-"
THEN = "ncr_tpbf"
MARK = "ncr"  # reacted to the OVR under way (reaction.clear takes it off when its reactions are over)
MMC = ("squad", "hs", "crew")


def choices(vehicle: UnitState, units: Sequence[UnitState]) -> tuple[str, ...]:
    """``tpbf-UNIT`` for each MMC that may fire TPBF at an unarmored overrunning vehicle (D7.22; with a Final
    Fire counter as FPF, D7.221)."""
    if vtype(vehicle).armored:
        return ()
    return tuple(f"{PREFIX}{u.id}" for u in units if u.type in MMC and not u.has("no_fire")
                 and int(u.values.get("fp", 0) or 0) > 0)


def mode_of(unit: UnitState) -> str:
    """D7.2: Reaction Fire as often as the unit could First or Final Fire: its first as First Fire, then
    Subsequent First Fire (A8.3), then Final Protective Fire (A8.31, D7.221)."""
    return "fpf" if unit.has("final_fire") else "sff" if unit.has("first_fire") else "first"


def fp_of(unit: UnitState) -> tuple[Fraction, list[Line]]:
    fp = Fraction(int(unit.values.get("fp", 0) or 0))
    lines = [Line(T("FP"), T("{unit}: {fp} FP x3 Triple Point Blank Fire", unit=unit.id, fp=fp), "A7.21")]
    fp *= 3
    mode = mode_of(unit)
    if mode == "sff":
        fp /= 2
        lines.append(Line(T("FP"), T("x1/2 Area Fire: {why}", why=T("Subsequent First Fire")), "A8.3"))
    elif mode == "fpf":
        fp /= 2
        lines.append(Line(T("FP"), T("x1/2 Area Fire: {why}", why=T("Final Protective Fire")), "A8.31"))
    if unit.has("pinned"):
        fp /= 2
        lines.append(Line(T("FP"), T("x1/2 pinned"), "A7.8"))
    return fp, lines


def smoke_drm(position: Position, here: Hex) -> int:
    """A7.308: the DR at the vehicle is the one for infantry in its Location, so SMOKE there counts (A24.2:
    its counters' DRM, at most +3), +1 more as the firer's LOS is within it (A24.8)."""
    counters = [s for s in asl_terrain.smoke_at(position).get(here, ()) if s.level == 0]  # ground level
    return sp.smoke_los_drm([counters], firer_in_smoke=bool(counters))


def declare(position: Position, vehicle: UnitState, uid: str) -> State:
    unit = position.units[uid]
    fp, _ = fp_of(unit)
    prompt = T("{unit} fires TPBF at {vehicle} in Non-CC Reaction Fire with {fp} FP: roll the IFT DR (D7.22)",
               unit=uid, vehicle=vehicle.id, fp=fp)
    return position.state.push(Decision("roll", unit.side, prompt, "D7.22", THEN, dice="DR", subject=(uid,),
                                        target=vehicle.hex, args=(("target", vehicle.id),)))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The IFT DR on the vehicle line (A7.308, A7.309); the firer's counter (D7.2)."""
    assert answer.dice is not None
    state = position.state
    unit = state.units[decision.subject[0]]
    vehicle = state.units[decision.arg("target")]
    fp, lines = fp_of(unit)
    on = iift.at(position, fp)  # A7.37: the column on the table in use
    col = iift.vehicle_column(position, on)  # A7.308: the vehicle line's standard column
    original = sum(answer.dice)
    lines.append(Line(T("Original DR"), str(original), "A.1"))
    got = "none"
    asks: list[Decision] = []
    results: dict[str, str] = {}
    checks: list[Decision] = []
    if col is None or on is None:
        lines.append(Line(T("IFT"), T("{fp} FP: no column left, no effect", fp=fp), "A7.9"))
    else:
        kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), col)
        # A7.308: the DR as modified for the vehicle: the Location's TEM but one for infantry only
        here = vehicle.hex
        tem = 0
        if here is not None:
            tem = asl_terrain.tem(position, here) - asl_terrain.infantry_only_tem(position, here)
        if tem and here is not None:
            terrain = T("target terrain ({terrain})", terrain=position.map.terrain(here))
            lines.append(Line(terrain, f"{tem:+d}", "A7.308"))
        smoke = smoke_drm(position, here) if here is not None else 0
        if smoke:  # A24.2, A24.8: TPBF is traced within the SMOKE of the firer's and the vehicle's Location
            lines.append(Line(T("SMOKE"), f"{smoke:+d}", "A24.8"))
            tem += smoke
        got = unarmored.result(original + tem, kill)
        said = T("{vehicle}: Final DR {final}, Kill number {kill}: {result}", vehicle=vehicle.id,
                 final=original + tem, kill=kill, result=unarmored.SAID[got])
        lines.append(Line(T("Vehicle line"), said, "A7.308"))
        if got not in ("destroyed", "burning") and here is not None:  # D.8: else none
            # D6.7, D.8B: its passengers as if the only target: the same TEM, no FFMO nor FFNAM (D.6)
            more, results, checks = collateral.general_aboard(position, state, vehicle, on,
                                                              original + tem)
            lines += more
        state, asks = unarmored._apply(state, vehicle, got)
        if unarmored.needs_dr(original, got):
            ask = T("{vehicle}: Original DR 2 on the vehicle line: roll the Unlikely Kill dr",
                    vehicle=vehicle.id)
            asks.append(Decision("roll", unit.side, ask,
                                 "A7.309", "unlikely_kill", dice="dr", subject=(vehicle.id,),
                                 target=vehicle.hex, args=(("first", got),)))
        asks += checks  # D.8: after the vehicle's own Unlikely Kill dr, which may withdraw them
    mode = mode_of(unit)
    fire = "first_fire" if mode == "first" else "final_fire"
    gone = ("first_fire",) if fire == "final_fire" else ()
    state = state.with_unit(state.units[unit.id].mark(fire, MARK, remove=gone))
    if mode == "fpf" and unit.id in state.units:  # D7.221, A8.31: the DR is also the firer's NMC
        state = fpf_self_check(position.at(state), state, [state.units[unit.id]],
                               ASL_DR.from_values(answer.dice))
    summary = T("Non-CC Reaction Fire: {vehicle} {result}", vehicle=vehicle.id, result=unarmored.SAID[got])
    action = act.Fire(decision.subject, decision.target or Hex(0, 0), answer.dice)
    res = Resolution(action, "ift", position.charts.label, position.charts.demo, tuple(lines),
                     {vehicle.id: got, **results}, summary)
    state = state.replace(resolution=res)
    if state.units[vehicle.id].has("wreck"):
        from hexmate.rules.games.asl import reaction  # reaction imports this module

        state = reaction.clear(state)
    elif got == "immobilized" and state.moving is not None and vehicle.id in state.moving.units:
        import dataclasses

        why = T("immobilized by Non-CC Reaction Fire (D7.22)")
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=why))
    return state.push(*asks)


__all__ = ["MARK", "PREFIX", "THEN", "choices", "declare", "fp_of", "mode_of", "resume", "smoke_drm"]
