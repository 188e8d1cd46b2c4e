"""ASL Residual FP and Fire Lanes at an AFV's exposed crew (D.8, D5.31, D5.311, A8.2, A9.22).

A vehicle entering a Location that holds the enemy's Residual FP (A8.2) or one of his MG Fire Lanes (A9.22)
exposes its inherent crew to it as to any attack on the Location: a General Collateral attack (D.8) on a crew
that is CE (D5.3) or, for a lane, one the lane reaches at an unarmored aspect (D5.311). Which aspect:

- Residual FP that is not a Fire Lane has no firer to see an aspect from: D5.31 gives the crew the CE DRM of
  its side aspect (+2, the AFV's partial cover; the owner's Vehicle Note may give another, not modelled); a
  crew is unprotected by it only when that side is unarmored (D5.311);
- a Fire Lane's residual comes from its MG's Location: the aspect is the hull's by the VCA and the turret's by
  the TCA as seen from there (D3.2, vcrewhit.unarmored_aspect), and at an unarmored one the crew is exposed
  even BU and gets no CE DRM (D5.311 names fire-lane residual expressly).

The attack: the Residual's (or lane's) FP, the lane's hindrances as DRMs (A9.222), the crew's own DRM
(vcrewhit.crew_drm: +2 not added to a positive TEM; the TEM alone for an unprotected crew); no FFNAM or FFMO
(D.6: units in a vehicle); its result is read back as for any attack on the crew (vcrewhit.after_ift: stun,
Recall, MC, PTC; D5.34, D5.341, D5.311). A Residual attacks a crew once a Location (A8.22); a lane's
Original DR at or above its MG's B# malfunctions it (A9.223). A shocked or stunned crew takes none (D.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import iift, lanelos, residual, vcrewhit
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslState

THEN = "vresidual"


def side_unprotected(vehicle: UnitState) -> bool:
    """D5.31, D5.311: non-lane Residual comes at the side aspect: unprotected only where that is unarmored."""
    vt = vtype(vehicle)
    turreted = vt.ma is not None and vt.ma.mount != "NT"
    return vt.af("hull", "side") is None or (turreted and vt.af("turret", "side") is None)


def _crews(position: Position, here: Hex, side: str, origin: Hex | None) -> list[tuple[UnitState, bool]]:
    """The moving AFV's crew this Residual (``origin`` None) or lane (from ``origin``) reaches, and whether
    it is unprotected (D5.311)."""
    if origin is not None:
        return vcrewhit.exposed(position, here, side, [origin])
    return [(v, side_unprotected(v)) for v, _ in vcrewhit.exposed(position, here, side, [])]


def entered(position: Position, state: State) -> State:
    """The moving vehicle entered ``moving.here``: the enemy's Residual there, then each of his lanes through
    it, attack its exposed crew (A8.22, A9.222, D.8)."""
    moving = state.moving
    if moving is None or moving.stopped or moving.at == 0:
        return state
    view = position.at(state)
    vehicle = view.units.get(moving.units[0])
    if vehicle is None or not is_vehicle(vehicle):
        return state
    here = moving.here
    gs = cast("AslState", state.game)
    hit = dict(gs.residual_hit)
    key = f"{here.q},{here.r}"
    checks: list[Decision] = []
    for r in gs.residual:
        if r.hex != here or r.side == vehicle.side or int(hit.get(f"{vehicle.id}@{key}", "0")) >= r.fp:
            continue
        for crew, bare in _crews(view, here, r.side, None):
            checks.append(_ask(view, crew, bare, r.side, r.fp, "residual", ""))
    for lane in residual.lanes(view):
        if lane.side == vehicle.side or here not in lane.hexes:
            continue
        for crew, bare in _crews(view, here, lane.side, lane.origin):
            checks.append(_ask(view, crew, bare, lane.side, lane.fp_at(here), "lane", lane.mg))
    return state.push(*checks)


def _ask(view: Position, vehicle: UnitState, bare: bool, side: str, fp: int, kind: str, mg: str) -> Decision:
    what = T("Fire Lane") if kind == "lane" else T("Residual FP")
    prompt = T("{vehicle} entered {what} ({fp} FP) at {hex}: its exposed crew is attacked; roll the IFT DR "
               "({rule})", vehicle=vehicle.id, what=what, fp=fp, hex=view.label(vehicle.hex),
               rule="D5.311" if bare else "D5.31")
    return Decision("roll", side, prompt, "D5.311" if bare else "D5.31", THEN, dice="DR",
                    subject=(vehicle.id,), target=vehicle.hex,
                    args=(("fp", str(fp)), ("kind", kind), ("mg", mg), ("bare", "1" if bare else "")))


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The crew's IFT DR: FP, the lane's hindrance, the crew's DRM (D5.31/D5.311); result read back by
    vcrewhit.after_ift."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    vehicle = state.units.get(decision.subject[0])
    here = decision.target
    if vehicle is None or vehicle.hex != here:
        return state
    roll = ASL_DR.from_values(answer.dice)
    fp = int(decision.arg("fp"))
    lane = decision.arg("kind") == "lane"
    bare = bool(decision.arg("bare", ""))
    drms: list[tuple[T, int, str]] = []
    mg = state.units.get(decision.arg("mg", "")) if lane else None
    if mg is not None and mg.carrier in state.units:
        origin = state.units[mg.carrier or ""].hex
        if origin is not None:
            hindrance, _ = lanelos.lane(position, origin, here)
            if hindrance:
                drms.append((T("LOS hindrance from the MG"), hindrance, "A9.222"))
    crew_drm, said, rule = vcrewhit.crew_drm(vehicle, bare, asl_terrain.tem(position, here))
    drms.append((said, crew_drm, rule))
    drm = sum(v for _, v, _ in drms)
    final = roll.total + drm
    label = T("Fire Lane") if lane else T("Residual FP")
    lines = [Line(label, T("{fp} FP left in {hex} this MPh", fp=fp, hex=position.label(here)),
                  "A9.22" if lane else "A8.2")]
    lines += [Line(name, f"{value:+d}", r) for name, value, r in drms]
    lines.append(Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                          coloured=roll.coloured, total=roll.total), "A.1"))
    lines.append(Line(T("Final DR"), f"{roll.total} {drm:+d} = {final}", "A7.3"))
    got = iift.read(position, fp, final)  # A7.37: the table in use; a Residual FP is a standard column
    result = got.result
    if got.column is not None:
        lines.append(Line(got.label(), got.said(), got.rule))
    if mg is not None and roll.total >= au.breakdown(mg.values).b:
        lines.append(Line(T("Breakdown"), T("{sw}: Original DR {dr}: the MG malfunctions and its Fire Lane "
                                            "ends", sw=mg.id, dr=roll.total), "A9.223"))
        state = state.with_unit(mg.mark("malfunctioned"))
    lines.append(vcrewhit.result_line(vehicle, result, bare))
    summary = T("{what} at the crew of {vehicle}: {result}", what=label, vehicle=vehicle.id, result=result)
    fire = act.Fire((vehicle.id,), here, answer.dice)
    res = Resolution(fire, "ift", position.charts.label, position.charts.demo, tuple(lines),
                     {}, summary, {})
    if not lane:  # A8.22: once a Location
        gs = cast("AslState", state.game)
        hit = dict(gs.residual_hit)
        hit[f"{vehicle.id}@{here.q},{here.r}"] = str(fp)
        state = state.replace(game=gs.replace(residual_hit=tuple(sorted(hit.items()))))
    return vcrewhit.after_ift(position.at(state), state.replace(resolution=res))


__all__ = ["THEN", "entered", "resume", "side_unprotected"]
