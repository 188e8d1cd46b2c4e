"""ASL A21.2 with A11.52 and A20.22: an Abandoned AFV fought over in a Close Combat Location.

What the text gives (paraphrased) and this module does:

- A21.2: an AFV is captured only while Abandoned (D5.42), and only in the CCPh (A11.52). With no enemy
  personnel in its Location the infantry there take it at the CCPh's end (vcapture.end_of_ccph). With enemy
  personnel there it is taken only by a successful CC capture attempt, and either side may make it, even the
  side that abandoned it: both sides' infantry there count as its Personnel Escort until one side holds it.
  So in such a Location an Abandoned AFV is a CC target of both sides (``targets``): the side that does not
  hold it may attack it to capture or to eliminate it (the roll offers ``answer capture``), the side that
  holds it only to capture it (it is not yet theirs to keep while the enemy is there).
- A21.2: any attack on it (capture or not) is an attack on a vehicle without a manned MG (-1, A11.51), and
  it takes A11.61's DRMs as a CE and Immobile AFV (``cc_vehicle`` in vfire.py shows each line); the escort
  DRM (A11.51) counts the attacker's enemies' armed infantry there, since both sides escort it.
- A20.22: the capture attempt adds +1 to the CC DR. An AFV is one defending unit: a Final DR below its
  attacker's CCV (the CC Kill Number against a vehicle, A11.5) captures it, and so does one equal to it
  (A20.22: one defending unit, the defender's choice, is captured; the AFV is the only one). A capture
  attempt never destroys or immobilizes it, so A11.501's further dr is not rolled (it is a chance
  destruction); A11.621's crew small arms never answer an unmanned AFV.
- What the captor gains: the AFV is its side's at once, marked ``captured`` (A21.1; retaken by its first
  owner it loses the marker; the side that abandoned it, taking it back, holds it: ``HELD``) and still
  Abandoned: a temporary crew enters it later (A21.22, vcapture.py).
  A21.2's "until one side controls it": the other side may try to take it back in its own CC turn. The
  sequential CC of the Location keeps its order (``CC_TAKEN``: it was the other side's when the CC began,
  A11.31).
- SW and Guns: A21.1 lets an enemy SW be taken only by Recovery (A4.44), which is barred in a Location
  holding an armed Known enemy: a SW in a Melee is never captured in CC (rphase.py, recover.py). A Gun's
  capture is chapter C (C10), not among the texts.
"""

from __future__ import annotations

import dataclasses

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

WORD = "capture"
CAPTURED = "captured"
CC_TAKEN = "cc_taken"  # captured in this CCPh: the other side's when the Location's CC began (A11.31)
HELD = "cc_held"  # taken back by its own side's capture attempt: it holds it now (A21.2)
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def unmanned(vehicle: UnitState) -> bool:
    """A21.2: an Abandoned AFV that is no wreck (while unmanned it counts as CE and Immobile)."""
    from hexmate.rules.games.asl.vcapture import _afv

    return is_vehicle(vehicle) and vehicle.has("abandoned") and not vehicle.has("wreck") and _afv(vehicle)


def _personnel(position: Position, h: Hex, level: int, side: str) -> list[UnitState]:
    return [u for u in position.units_at(h) if u.side == side and u.type in INFANTRY and u.level == level
            and u.carrier is None and not u.has("prisoner")]


def contested(position: Position, vehicle: UnitState, side: str) -> bool:
    """A21.2: ``side``'s enemy has personnel in the Abandoned AFV's Location: taking it needs a capture
    attempt in CC."""
    if not unmanned(vehicle) or vehicle.hex is None:
        return False
    return bool(_personnel(position, vehicle.hex, vehicle.level, position.enemy_of(side)))


def targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The Abandoned AFVs of ``side``'s own in the Location that it may attack only to capture them back
    (A21.2: even the side that abandoned it), with enemy personnel there."""
    return sorted((v for v in position.units_at(h) if v.side == side and contested(position, v, side)),
                  key=lambda v: v.id)


def must(position: Position, vehicle: UnitState, side: str) -> bool:
    """An attack by ``side`` on its own Abandoned AFV is a capture attempt (A21.2), until it holds it."""
    return vehicle.side == side and not vehicle.has(HELD) and contested(position, vehicle, side)


def may(position: Position, vehicle: UnitState, side: str) -> bool:
    """``side`` may declare its attack on this AFV a capture attempt (A21.2, A11.52, A20.22)."""
    return contested(position, vehicle, side)


def declare(position: Position, decision: Decision) -> State:
    """The attack is a capture attempt: the same CC DR asked again with +1 (A20.22)."""
    drm = int(decision.arg("drm", "0")) + 1
    args = tuple((k, v) for k, v in decision.args if k != "drm")
    again = dataclasses.replace(
        decision, choices=(), args=(*args, ("drm", str(drm)), ("capture", "1")),
        prompt=prompt(decision.subject, decision.arg("target"), int(decision.arg("ccv")), drm))
    return position.state.push(again)


def prompt(units: tuple[str, ...], target: str, ccv: int, drm: int) -> T:
    return T("{units} try to capture the Abandoned {target} in Close Combat: CCV {ccv}, DRM {drm:+d} "
             "with the capture attempt's +1; a Final DR of {ccv} or less captures it (A21.2, A20.22)",
             units=", ".join(units), target=target, ccv=ccv, drm=drm)


def taken(vehicle: UnitState, side: str, *, in_cc: bool = False) -> UnitState:
    """The AFV passes to ``side``: captured (A21.1), or no longer so when its first owner takes it back;
    still Abandoned (A21.22: until a crew enters it)."""
    if vehicle.side == side:  # its holder secured it: no longer to be taken back by it (A21.2)
        return vehicle.mark(HELD)
    if vehicle.has(CAPTURED):
        new = vehicle.mark(remove=(CAPTURED, HELD))
    else:
        new = vehicle.mark(CAPTURED, remove=(HELD,))
    if in_cc:
        new = new.mark(remove=(CC_TAKEN,)) if vehicle.has(CC_TAKEN) else new.mark(CC_TAKEN)
    return dataclasses.replace(new, side=side)


def resolve(position: Position, decision: Decision, dice: tuple[int, ...]) -> State:
    """A20.22 against an AFV: a Final DR at or below the CCV captures it; else no effect."""
    state = position.state
    target = state.units[decision.arg("target")]
    side = decision.side
    ccv, drm = int(decision.arg("ccv")), int(decision.arg("drm"))
    final = sum(dice) + drm
    got = final <= ccv
    if got:
        state = state.with_unit(taken(target, side, in_cc=True))
    word = T("captured") if got else T("no effect")
    lines = (
        Line(T("Close Combat Value"), str(ccv), "A11.5"),
        Line(T("CC DRM, with the capture attempt's +1"), f"{drm:+d}", "A20.22"),
        Line(T("CC DR"), "+".join(str(d) for d in dice), "A11.5"),
        Line(T("Final DR {final} against CCV {ccv}", final=final, ccv=ccv), word, "A21.2"),
    )
    action = act.Fire(decision.subject, decision.target or Hex(0, 0), dice)
    summary = T("{target}: {result}", target=target.id, result=word)
    return state.replace(resolution=Resolution(action, "cc-vehicle", "A21.2", False, lines,
                                               {target.id: "captured" if got else "none"}, summary))


def end_of_ccph(state: State) -> State:
    """The CCPh is over: no AFV is still "taken in this CCPh"."""
    for unit in [u for u in state.units.values() if u.has(CC_TAKEN)]:
        state = state.with_unit(unit.mark(remove=(CC_TAKEN,)))
    return state


__all__ = ["CC_TAKEN", "HELD", "WORD", "contested", "declare", "end_of_ccph", "may", "must", "prompt",
           "resolve", "taken", "targets", "unmanned"]
