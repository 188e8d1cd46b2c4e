"""ASL A8.15 Snap Shot: a unit's own Defensive First Fire at a mover crossing a hexside.

What the text gives (A8.15, with A6.12, A8.223, A12.14):

- Who: a non-phasing unit that would Defensive First Fire with small arms (its inherent FP) or a MG. Not a
  Gun or ordnance, nor a weapon firing IFE or canister, nor a MG that would have to change its CA (A9.21):
  here only inherent FP and SW MGs may, every other SW (FT, DC, mortars...) and every vehicle's weapon is
  refused (their Snap Shot is chapters B9.2 and C.5, not among the texts).
- At what: a unit moving into an on-map hex, at the hexside it crossed; the firer needs LOS to the WHOLE
  hexside (los.hexside_sight: even when it sees neither centre dot, even in a blind hex), never at a unit
  entering the firer's own hex. The moving infantry only: a vehicle's Snap Shot needs chapter C.5.
- How: Area Fire (halved, with the firer's other halvings: long range, a Dashing target...), no FFNAM/FFMO
  even across open ground, none of the target hex's TEM (C.5C), but a wall or hedge of the hex left or
  entered that the thread to the hexside crosses modifies it (its TEM), and so does SMOKE in the hex left or
  entered only where the thread crosses that hex before the hexside (the one on the firer's side of it;
  asl/los.py ``sight_to_point``, shown as its own SMOKE line); the rest of the LOS hindrance (SMOKE on the way
  too, A24.2) is the worst of the threads to the whole hexside, and the firer's own DRMs (leader, CX,
  Encirclement, overstacking) as in any fire.
- Afterwards the mover counts as in the Location it entered; a firer snaps at one unit crossing one hexside
  once, however many MF it spends there, and may attack it again after (even otherwise), so the Snap Shot
  is not counted among the shots in that Location (A9.2). It leaves no Residual FP (A8.223) nor Fire Lane,
  and costs a concealed mover its "?" only on a PTC or worse (A12.14, fire.resume_ift).

At the table: the defender's reaction window at the hex entered offers ``snap`` (beside ``pass`` and fire)
while a unit may Snap Shoot the hexside just crossed; choosing it asks for the firers (one unit or a fire
group, with the MGs they fire), declared as a First Fire at the entered hex (markers, ROF, breakdown as
fire.py does) and resolved with the A8.15 rules above; the window then stays open for the ordinary fire.

``snap`` answered where it was not offered is refused with the reason (``refusal``: no hexside crossed, a
vehicle mover, or each of the side's units' own reason).

Not built: the height advantage TEM of the A8.15 example (B10.31, chapter B), the rubble hexside and the
hex-leg the text names beside walls, hedges and SMOKE (B24 rubble, chapter B), a Gun's or a vehicle's Snap
Shot and a Snap Shot at a vehicle (C.5, B9.2).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import los as asl_los
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

CHOICE = "snap"
OFFER = "snap_offer"
ARG = "snap"  # the roll decision's arg: the hexside crossed, "q,r|q,r" (came from, entered)
WALL_TEM = {"wall": 2, "hedge": 1}  # walls.py: a wall +2 (the A8.15 example), a hedge +1


def crossing(position: Position) -> tuple[Hex, Hex] | None:
    """The hexside the movers just crossed (came from, entered), if they entered an on-map hex across one."""
    moving = position.state.moving
    if position.phase.id != "MPh" or moving is None or moving.at < 1:
        return None
    came, here = moving.path[moving.at - 1], moving.here
    if came == here or distance(came, here) != 1 or came not in position.map or here not in position.map:
        return None
    return came, here


def movers(position: Position) -> list[UnitState]:
    moving = position.state.moving
    if moving is None:
        return []
    return [position.units[u] for u in moving.units if u in position.units]


def side_of(value: str) -> tuple[Hex, Hex] | None:
    """The hexside a roll's ``snap`` arg names (None when the roll is no Snap Shot)."""
    if not value:
        return None
    a, b = (Hex(*(int(v) for v in part.split(","))) for part in value.split("|"))
    return a, b


def encode(side: tuple[Hex, Hex]) -> str:
    return "|".join(f"{h.q},{h.r}" for h in side)


def sight(position: Position, unit: UnitState, side: tuple[Hex, Hex]) -> asl_los.AimedSight:
    """LOS from the unit's Location to the whole hexside (A8.15, A6.12)."""
    h = unit.hex if unit.carrier is None else position.units[unit.carrier].hex
    assert h is not None
    level = unit.level if unit.carrier is None else position.units[unit.carrier].level
    return asl_los.hexside_sight(position.map, asl_los.Location(h, level), side[1], side[0],
                                 asl_terrain.smoke_at(position))


def smoke_drm(position: Position, unit: UnitState, side: tuple[Hex, Hex]) -> int:
    """The SMOKE part of the hindrance of the unit's thread to the whole hexside (A8.15: SMOKE in the hex
    entered or left only where the thread crosses that hex, asl/los.py; A24.2 on the way)."""
    if not asl_terrain.smoke_at(position):
        return 0
    h = unit.hex if unit.carrier is None else position.units[unit.carrier].hex
    assert h is not None
    level = unit.level if unit.carrier is None else position.units[unit.carrier].level
    bare = asl_los.hexside_sight(position.map, asl_los.Location(h, level), side[1], side[0])
    return max(0, sight(position, unit, side).result.hindrance - bare.result.hindrance)


def wall(seen: asl_los.AimedSight) -> tuple[int, str] | None:
    """The best TEM of a wall or hedge of the hexes on either side that the thread to the hexside crosses."""
    found = [(WALL_TEM[f], f) for f in seen.crossed if f in WALL_TEM]
    return max(found) if found else None


def why_not(position: Position, unit: UnitState, side: tuple[Hex, Hex], window: Decision | None) -> T | None:
    """Why ``unit`` (a firer, or a SW it fires) may not Snap Shoot the hexside now (None: it may)."""
    owner = position.units.get(unit.carrier or "") if unit.type == au.SW else unit
    if owner is None or owner.hex is None or armour.is_vehicle(owner):
        return T("{unit}: only infantry small arms and MGs may Snap Shoot; a vehicle's or Gun's Snap Shot is "
                 "chapter C.5's, not built (A8.15)", unit=unit.id)
    if unit.type == au.SW:
        from hexmate.rules.games.asl.fire import shot_of

        if shot_of(unit).kind != "mg":
            return T("{unit} is no MG: only small arms and MGs may Snap Shoot (A8.15)", unit=unit.id)
        from hexmate.rules.games.asl import mgca

        try:
            mgca.check(position, unit, side[1])
        except IllegalAction:
            return T("{unit} would have to change its CA: no Snap Shot (A8.15, A9.21)", unit=unit.id)
    if owner.hex == side[1]:
        return T("{unit} is in the hex the movers enter: no Snap Shot at them (A8.15)", unit=unit.id)
    if window is not None and window.arg(f"snap:{unit.id}"):
        return T("{unit} has already Snap Shot at them crossing this hexside (A8.15)", unit=unit.id)
    if sight(position, unit, side).result.blocked:
        return T("{unit} has no LOS to the whole {a}-{b} hexside: no Snap Shot (A8.15)", unit=unit.id,
                 a=position.label(side[0]), b=position.label(side[1]))
    return None


def _window(position: Position) -> Decision | None:
    """The reaction window of the hex entered (the top, or under the firer question)."""
    return next((d for d in reversed(position.state.decisions) if d.kind == "react" and d.then == "move_on"),
                None)


def candidates(game: AslGame, position: Position, side: str) -> list[UnitState]:
    """The units (and SW MGs) of ``side`` that may Snap Shoot the movers at the hexside just crossed."""
    where = crossing(position)
    mine = movers(position)
    if where is None or not mine or side == position.phasing or mine[0].side == side:
        return []
    if any(armour.is_vehicle(u) for u in mine):
        return []  # C.5: a Snap Shot at a vehicle is not built
    from hexmate.rules.games.asl import fire as asl_fire

    window = _window(position)
    out = []
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or unit.type not in (*au.MMC, *au.SMC, au.SW):
            continue
        if why_not(position, unit, where, window) is not None:
            continue
        try:
            asl_fire.check(game, position, act.Fire((unit.id,), where[1]), blind_ok=True)
        except IllegalAction:
            continue
        out.append(unit)
    return out


def refusal(game: AslGame, position: Position, side: str) -> T:
    """Why no unit of ``side`` may Snap Shoot now (``snap`` not offered): the first thing the text asks that
    is missing (A8.15), or each of the side's units' own reason."""
    where = crossing(position)
    mine = movers(position)
    if where is None or not mine:
        return T("no Snap Shot now: it is made at a unit that has just crossed a hexside into an on-map hex "
                 "in its MPh (A8.15)")
    if side == position.phasing or mine[0].side == side:
        return T("no Snap Shot at your own units: it is the non-phasing side's Defensive First Fire (A8.15)")
    if any(armour.is_vehicle(u) for u in mine):
        return T("no Snap Shot at {units}: a Snap Shot at a vehicle is chapter C.5's, not built (A8.15)",
                 units=", ".join(u.id for u in mine))
    from hexmate.rules.games.asl import fire as asl_fire

    window = _window(position)
    reasons: T | None = None
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or unit.type not in (*au.MMC, *au.SMC, au.SW):
            continue
        why = why_not(position, unit, where, window)
        if why is None:
            try:
                asl_fire.check(game, position, act.Fire((unit.id,), where[1]), blind_ok=True)
            except IllegalAction as error:
                why = T("{unit}: {why}", unit=unit.id, why=error.said)
        if why is not None:
            reasons = why if reasons is None else T("{reason}; {more}", reason=reasons, more=why)
    return T("no unit may Snap Shoot {units} crossing the {a}-{b} hexside (A8.15): {reasons}",
             units=", ".join(u.id for u in mine), a=position.label(where[0]), b=position.label(where[1]),
             reasons=reasons or T("no infantry or MG of the side to fire"))


def choices(game: AslGame, position: Position, side: str) -> tuple[str, ...]:
    return (CHOICE,) if candidates(game, position, side) else ()


def offer(game: AslGame, position: Position, window: Decision) -> State:
    """``snap`` chosen in the window: the window stays open under the question of the firers."""
    position = position.at(position.state.push(window))  # judged with the window open, as it was offered
    where = crossing(position)
    units = candidates(game, position, window.side)
    if where is None or not units:
        raise IllegalAction(refusal(game, position, window.side), "A8.15")
    prompt = T("Snap Shot at {units} crossing the {a}-{b} hexside: tap the firers (a unit, or a fire group "
               "and the MGs it fires), or pass (A8.15)", units=", ".join(window.subject),
               a=position.label(where[0]), b=position.label(where[1]))
    ask = Decision("units", window.side, prompt, "A8.15", OFFER, units=tuple(u.id for u in units), count=0,
                   choices=("pass",), subject=window.subject, target=where[1], args=((ARG, encode(where)),))
    return position.state.pop().push(ask, window)


def check(game: AslGame, position: Position, firers: tuple[str, ...], side: tuple[Hex, Hex]) -> None:
    """Refuse a Snap Shot its firers may not make, citing the rule."""
    from hexmate.rules.games.asl import fire as asl_fire

    if not firers:
        raise IllegalAction(T("name the firing units"), "A8.15")
    window = _window(position)
    for uid in firers:
        unit = position.units.get(uid)
        if unit is None:
            raise IllegalAction(T("{unit} is not on the map", unit=uid), "A8.15")
        why = why_not(position, unit, side, window)
        if why is not None:
            raise IllegalAction(why, "A8.15")
    asl_fire.check(game, position, act.Fire(firers, side[1]), blind_ok=True)


def resume_offer(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The firers named: declared as First Fire at the hex entered (markers, fire groups, concealment,
    fire.declare), without counting among the shots in the Location (A9.2) and without a Fire Lane or Spraying
    Fire question; the roll carries the hexside for the A8.15 resolution."""
    from hexmate.rules.games.asl import fire as asl_fire

    if answer.choice == "pass":
        return position.state
    side = side_of(decision.arg(ARG))
    assert side is not None
    firers = tuple(answer.units)
    check(game, position, firers, side)
    before = position.state
    n = len(before.decisions)
    window = before.decision
    state = asl_fire.declare(game, position, act.Fire(firers, side[1]))
    extra = state.decisions[n:]
    roll = next((d for d in reversed(extra) if d.then == "ift"), None)
    assert roll is not None and window is not None
    marks = {f"snap:{u}": "yes" for u in firers}
    for uid in firers:  # the firers' SW MGs fired with them count as well
        marks.update({f"snap:{sw.id}": "yes" for sw in au.possessed(state, uid) if sw.id in firers})
    window = window.with_args(**marks)  # A8.15: once per hexside; not a shot in the Location (A9.2)
    if not candidates(game, position.at(before.pop().push(window)), window.side):
        window = dataclasses.replace(window, choices=tuple(c for c in window.choices if c != CHOICE))
    roll = roll.with_args(**{ARG: encode(side)})
    roll = dataclasses.replace(roll, rule="A8.15", prompt=T(
        "Snap Shot by {firers} at the {a}-{b} hexside: roll the IFT DR (A8.15)", firers=", ".join(firers),
        a=position.label(side[0]), b=position.label(side[1])))
    return state.replace(decisions=(*before.decisions[:n - 1], window, roll))


__all__ = ["ARG", "CHOICE", "OFFER", "WALL_TEM", "candidates", "check", "choices", "crossing", "encode",
           "movers", "offer", "refusal", "resume_offer", "side_of", "sight", "smoke_drm", "wall", "why_not"]
