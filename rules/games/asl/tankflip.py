"""Ethiopian Tank Flip (A25.935, A25.9351): a joint CC attempt to overturn a light vehicle.

What the text gives and this module plays (paraphrased):

- A25.935: Ethiopians of at least two squad-equivalents (A5.5: SMC count among them, four of them nothing),
  none pinned, may attack a vehicle of 4 tons or less in the CCPh with a joint Tank Flip instead of the
  normal CC attack (A11.5, D7.21). At the table it is the CC attack on the vehicle by several MMC: ``fire
  A,B[,L...] at HEX`` (a normal one is one MMC with at most one SMC, A11.5, so several MMC name the Flip).
  Unless the Ethiopians ambushed (A11.4), the vehicle first attacks them once (if it can: a working CMG or
  CE AAMG, cc.py's A11.62 FP) against their CCVs totalled, ahead of the usual CC order; its result applies
  at once. If two squad-equivalents or more survive, the Flip DR follows.
- A25.9351: a final DR of 7 Immobilizes the vehicle; 6 or less destroys it, a wreck with a Scrounged
  counter (D10.5); more does nothing. Only these DRMs: -1 ambush; the best participating leader's
  leadership (a +1 need not be taken, A10.72); -1 per whole squad-equivalent beyond two; -1 per
  participating hero; -1 if the vehicle is immobile (A11.61); +1 if they are CX; +1 on wire (a ``wire``
  map feature in the Location); +1 per armed Good Order HS or crew of the vehicle's side with it, +2 per
  squad (the personnel escort of A11.51); +2 if the vehicle is in Motion (not when immobile).

The vehicle's weight is its vehicle note's (chapter H, not among the texts): the counter's ``tons`` value;
a vehicle without one is refused for the Flip, saying so.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

TONS = "tons"  # the vehicle's weight, from its note (chapter H): a counter value
MAX_TONS = 4  # A25.935
MMC = ("squad", "hs", "crew")
SMC = ("leader", "hero")


def _se(units: list[UnitState]) -> float:
    """A5.5: a squad 1, a HS or crew 1/2; SMC (a hero too) 1/2 per five, four of them nothing."""
    mmc = sum(1.0 if u.type == "squad" else 0.5 for u in units if u.type in MMC)
    return mmc + (sum(1 for u in units if u.type in SMC) // 5) / 2


def claims(position: Position, fire: act.Fire, vehicle: UnitState | None) -> bool:
    """A CCPh attack on a vehicle by more than one MMC: the Tank Flip (A25.935)."""
    units = [position.units[u] for u in fire.firers if u in position.units]
    return vehicle is not None and sum(1 for u in units if u.type in MMC) >= 2


def why_not(position: Position, fire: act.Fire, vehicle: UnitState) -> T | None:
    from hexmate.rules.games.asl import nations

    units = [position.units[u] for u in fire.firers if u in position.units]
    if len(units) != len(fire.firers) or len(set(fire.firers)) != len(fire.firers):
        return T("name each attacking unit once")
    if any(nations.of(position, u).name != "ethiopian" for u in units):
        return T("only Ethiopians attack a vehicle together by a Tank Flip; otherwise one MMC, with at most "
                 "one SMC, attacks a vehicle (A25.935, A11.5)")
    if any(u.has("pinned") or u.has("broken") or u.has("cc") for u in units):
        return T("a Tank Flip is made by unpinned Good Order units that have not attacked this phase "
                 "(A25.935)")
    if _se(units) < 2:
        return T("a Tank Flip needs two squad-equivalents or more (A25.935, A5.5)")
    tons = vehicle.values.get(TONS)
    if not isinstance(tons, int | float):
        return T("{vehicle}'s weight is not given (its vehicle note, chapter H): no Tank Flip (A25.935)",
                 vehicle=vehicle.id)
    if tons > MAX_TONS:
        return T("{vehicle} weighs {tons} tons: a Tank Flip needs 4 tons or less (A25.935)",
                 vehicle=vehicle.id, tons=str(tons))
    return None


def generate(position: Position) -> list[act.Fire]:
    """The Tank Flips open now (A25.935): all the acting side's able Ethiopians in a Location with a vehicle
    they may flip, together."""
    from hexmate.rules.games.asl import vfire

    out = []
    side = position.to_act
    hexes = sorted({u.hex for u in position.units.values() if u.side == side and u.hex is not None
                    and u.type in MMC}, key=lambda h: (h.q, h.r))
    for h in hexes:
        ids = tuple(sorted(u.id for u in position.units_at(h) if u.side == side and u.type in (*MMC, *SMC)
                           and u.carrier is None and not u.has("broken") and not u.has("pinned")
                           and not u.has("cc")))
        fire = act.Fire(ids, h)
        vehicle = vfire.cc_target(position, fire)
        if vehicle is not None and claims(position, fire, vehicle) \
                and why_not(position, fire, vehicle) is None:
            out.append(fire)
    return out


def check(position: Position, fire: act.Fire, vehicle: UnitState) -> act.Fire:
    why = why_not(position, fire, vehicle)
    if why is not None:
        raise IllegalAction(why, "A25.935")
    return fire


def _ambushed_by(position: Position, ids: tuple[str, ...]) -> bool:
    from hexmate.rules.games.asl import ccstreet

    return ccstreet.ambush_drm(position, ids) < 0  # A11.4: the Ethiopians ambushed


def _vehicle_fp(vehicle: UnitState, targets: list[UnitState]) -> int:
    from hexmate.rules.games.asl import cc

    if vehicle.has("wreck") or vehicle.has("abandoned"):
        return 0
    fp, _, _ = cc._vehicle_strengths(vehicle, targets)
    return int(fp)


def declare(game: AslGame, position: Position, fire: act.Fire, vehicle: UnitState) -> State:
    """The Flip is declared: the vehicle's attack first (unless ambushed or unable), else the Flip DR."""
    state = position.state
    for uid in fire.firers:
        state = state.with_unit(state.units[uid].mark("cc"))
    units = [state.units[u] for u in fire.firers]
    if not _ambushed_by(position, fire.firers) and _vehicle_fp(vehicle, units) > 0:
        return state.push(Decision(
            "roll", vehicle.side,
            T("{vehicle} attacks the Tank Flip units {units} first: roll its CC DR (A25.935)",
              vehicle=vehicle.id, units=", ".join(fire.firers)),
            "A25.935", "tankflip_veh", dice="DR", subject=fire.firers, target=fire.target,
            args=(("target", vehicle.id), ("side", units[0].side))))
    return state.push(_flip_roll(position, units[0].side, fire.firers, vehicle, fire.target))


def _flip_roll(position: Position, side: str, ids: tuple[str, ...], vehicle: UnitState,
               h: object) -> Decision:
    return Decision(
        "roll", side,
        T("{units} try to flip {vehicle}: roll the Tank Flip DR (A25.9351)", units=", ".join(ids),
          vehicle=vehicle.id),
        "A25.9351", "tankflip", dice="DR", subject=ids, target=h,  # type: ignore[arg-type]
        args=(("target", vehicle.id), ("side", side)))


def resume_vehicle(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The vehicle's one attack on the declaring units (A25.935, A11.62), applied at once."""
    from hexmate.rules.games.asl import cc

    assert answer.dice is not None and decision.target is not None
    state = position.state
    vehicle = state.units[decision.arg("target")]
    flippers = [state.units[u] for u in decision.subject if u in state.units]
    res, results = cc.work(position, decision.target, vehicle.side, answer.dice, group=([vehicle], flippers))
    state = state.replace(resolution=res)
    gs = game.gstate(state)
    if gs.cc_hex == decision.target and gs.cc_rolled == len(gs.cc_groups):  # A11.12: its one attack, on them
        group = (vehicle.side, (vehicle.id,), tuple(sorted(u.id for u in flippers)))
        state = state.replace(game=gs.replace(cc_groups=(*gs.cc_groups, group), cc_rolled=gs.cc_rolled + 1))
    for uid, result in sorted(results.items()):
        if result == "KIA" and uid in state.units:
            unit = state.units[uid]
            held = [sw.id for sw in au.possessed(state, uid)]
            for sw in au.possessed(state, uid):  # A11.13: left unpossessed in the Location
                state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=unit.hex, level=unit.level))
            state = cc.lost(game, state.without_unit(uid), unit, held)  # A4.44 once the CC there is over
    reduced = [uid for uid, r in sorted(results.items()) if r == "CR" and uid in state.units]
    if len(reduced) == 1:
        state, wound = cc._cc_reduce(position, state, state.units[reduced[0]])
        wound = [dataclasses.replace(w, args=tuple(a for a in w.args if a[0] != "cc")) for w in wound]
        return _go_on(game, position.at(state), decision).push(*wound)
    if reduced:  # A11.11: one of them by Random Selection
        return state.push(Decision(
            "units", state.units[reduced[0]].side,
            T("Random Selection: name the unit of {units} that is Casualty Reduced",
              units=", ".join(reduced)),
            "A11.11", "tankflip_reduce", units=tuple(reduced), subject=decision.subject,
            target=decision.target, args=decision.args))
    return _go_on(game, position.at(state), decision)


def resume_reduce(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl import cc

    state, wound = cc._cc_reduce(position, position.state, position.units[answer.units[0]])
    wound = [dataclasses.replace(w, args=tuple(a for a in w.args if a[0] != "cc")) for w in wound]
    return _go_on(game, position.at(state), decision).push(*wound)


def _go_on(game: AslGame, position: Position, decision: Decision) -> State:
    """After the vehicle's attack: the Flip DR if two squad-equivalents or more are left (A25.935)."""
    from hexmate.rules.games.asl import ccgroups

    side = decision.arg("side")
    vehicle = position.units[decision.arg("target")]
    left = tuple(u for u in decision.subject if u in position.units)
    if _se([position.units[u] for u in left]) >= 2:
        return position.state.push(_flip_roll(position, side, left, vehicle, decision.target))
    return ccgroups.after_vehicle_attack(game, position, dataclasses.replace(decision, side=side))


def drm(position: Position, ids: tuple[str, ...], vehicle: UnitState) -> list[tuple[T, int, str]]:
    """A25.9351's DRMs, and only these."""
    from hexmate.rules.games.asl import ccstreet
    from hexmate.rules.games.asl.vehicles import is_mobile

    units = [position.units[u] for u in ids if u in position.units]
    out: list[tuple[T, int, str]] = []
    if _ambushed_by(position, ids):
        out.append((T("ambush"), -1, "A25.9351"))
    leaders = [au.leadership_of(u) for u in units if u.type == "leader"]
    if leaders and min(leaders) < 0:  # A10.72: a +1 need not be taken
        out.append((T("best leader's leadership"), min(leaders), "A25.9351"))
    extra = math.floor(_se(units) - 2)
    if extra > 0:
        out.append((T("{n} squad-equivalent(s) beyond two", n=extra), -extra, "A25.9351"))
    heroes = sum(1 for u in units if u.type == "hero")
    if heroes:
        out.append((T("{n} hero(es) taking part", n=heroes), -heroes, "A25.9351"))
    immobile = not is_mobile(vehicle.markers)
    if immobile:
        out.append((T("immobile vehicle"), -1, "A25.9351"))
    if any(u.has("cx") for u in units):
        out.append((T("CX"), 1, "A25.9351"))
    assert vehicle.hex is not None
    if ccstreet.WIRE in position.map.features(vehicle.hex):
        out.append((T("on wire"), 1, "A25.9351"))
    escort = sum(2 if u.type == "squad" else 1 for u in position.units_at(vehicle.hex)
                 if u.side == vehicle.side and u.type in MMC
                 and u.carrier is None and not u.has("broken") and not u.has("pinned"))
    if escort:
        out.append((T("personnel escort"), escort, "A25.9351"))
    if vehicle.has("motion") and not immobile:
        out.append((T("vehicle in Motion"), 2, "A25.9351"))
    return out


def result(final: int) -> str:
    """A25.9351: 7 Immobilizes, 6 or less destroys (a Scrounged wreck), more: nothing."""
    return "immobilized" if final == 7 else "destroyed" if final <= 6 else "none"


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The Flip DR with its DRMs, read (A25.9351)."""
    from hexmate.rules.games.asl import ccgroups

    assert answer.dice is not None
    state = position.state
    vehicle = state.units[decision.arg("target")]
    parts = drm(position, decision.subject, vehicle)
    total = sum(answer.dice) + sum(v for _, v, _ in parts)
    got = result(total)
    if got == "immobilized":
        state = state.with_unit(vehicle.mark("immobilized", remove=("motion",)))
    elif got == "destroyed":
        state = state.with_unit(vehicle.mark("wreck", "scrounged", remove=("motion",)))
        for rider in [u for u in state.units.values() if u.carrier == vehicle.id]:  # A11.611: PRC with it
            for sw in [u for u in state.units.values() if u.carrier == rider.id]:
                state = state.without_unit(sw.id)
            state = state.without_unit(rider.id)
    words = {"immobilized": T("Immobilized"), "destroyed": T("destroyed: a Scrounged wreck"),
             "none": T("no effect")}
    lines = (Line(T("Original DR"), str(sum(answer.dice)), "A.1"),
             *(Line(label, f"{v:+d}", rule) for label, v, rule in parts),
             Line(T("Final DR"), str(total), "A25.9351"),
             Line(T("result"), words[got], "A25.9351"))
    action = act.Fire(decision.subject, vehicle.hex or decision.target, answer.dice)  # type: ignore[arg-type]
    summary = T("Tank Flip on {vehicle}: {result}", vehicle=vehicle.id, result=words[got])
    state = state.replace(resolution=Resolution(action, "tank-flip", "A25.9351", False, lines,
                                                {vehicle.id: got}, summary))
    return ccgroups.after_vehicle_attack(game, position.at(state), decision)
