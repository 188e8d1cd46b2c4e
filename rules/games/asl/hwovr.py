"""ASL the Overrun of an AFV entering an enemy Location with its HW units (D7.1 with A25.233, D14.33, D9.31).

What the text gives (paraphrased) and this module does:

- D7.1 names the case itself: the defensive fire at the MP of an OVR, or at the MF of the infantry going with
  the vehicle by Human Wave (A25.23) or Armored Assault (D9.31), comes before the OVR's attack. So the wave's
  AFV (one AFV, or an AFV of its platoon) may enter, as its joint entry with the HW units beneath it (hwaa.py,
  ``move AFV,HW... A-B as armored-assault``), a Location of enemy infantry it may overrun: that entry is its
  OVR, declared as it enters, its quarter printed MPA (FRU) paid with the hex's MP (armour.step_mp) in the
  vehicles' impulse (D14.33). A12.41 first: concealed units' owner is asked as the AFV enters (vconceal.py);
  if no one is left there the OVR and its MP go (hwplt.unspent_ovr).
- D14.32: the First Fire at the wave, the AFV among its targets, comes at the impulse's end; then the OVR's
  IFT DR (impovr.attacks, as a platoon's own impulses and hwplt.py's alone entry do), then the defender's
  Reaction Fire (D7.2, impovr.react; its CC Reaction Fire, D7.21, among it).
- A25.233: the HW units' own entry into the enemy Location is as any HW entry there (hw.py: the Location
  must be one of their impulse's, and a forward one with a Known armed enemy is where they must go). They
  are in the enemy's Location, which the text marks with a CC counter: the CC follows in the CCPh (A25.234:
  they start the next impulse with the enemy, so they are HW units no more); a Disrupted or unarmed enemy
  there is dealt with at the impulse's end as for any HW entry (hw.surrenders, hw.unarmed_cc).

- D7.1's "may" (as hwplt.py's ``afv-alone-through`` for a lone AFV): ``move AFV,HW... A-B as
  armored-assault+through`` is the same joint entry made without the OVR, offered beside it wherever the
  entry would overrun: the hex's MP only (``driven_mode``: no quarter MPA), no attack. The enemy infantry
  there may attack the AFV by CC Reaction Fire (D7.2, D7.21) in the window at the impulse's end (D14.32;
  the AFV marked ``impovr.HW_THROUGH`` until the impulse closes, ccreact.targets).

Not built (refused, said in the report): the joint entry into a Location whose only enemy is a lone SMC
(A25.233 makes the HW units' entry there an automatic infantry Overrun, A4.15, and says nothing of an AFV
entering with them: the HW units enter it on their own), into enemy units the AFV may not overrun (a Bounding
Fire counter, D7.13), and into an enemy AFV's hex (D2.6).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import aa, impovr, moto, overrun
from hexmate.rules.games.asl import ovr as infantry_ovr
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T


def overruns(position: Position, afv: UnitState, to: Hex) -> bool:
    """D7.1, D7.13: the joint entry into ``to`` would be the AFV's OVR (enemy units it may overrun there)."""
    return overrun.is_overrun(position, afv.side, to) and overrun.may_overrun(position, afv)


def driven_mode(move: act.Move) -> str:
    """The AFV's part of the joint entry is driven as a plain entry (its OVR's quarter MPA priced with it,
    armour.step_mp) or, ``armored-assault+through``, without the OVR (``through``: the hex's MP only)."""
    return moto.THROUGH if aa.through(move) else ""


def check(position: Position, afv: UnitState, men: Sequence[UnitState], to: Hex) -> None:
    """D7.1 with A25.233: a joint entry into a Location holding enemy units is the AFV's OVR, or (D7.1's
    "may", ``check_through``) its entry without the OVR; either only where it could overrun."""
    if not any(e.side != afv.side and e.type != "sw" for e in position.units_at(to)):
        return
    where = position.label(to)
    if overrun.closed(position, afv.side, to):
        raise IllegalAction(T("{unit} may not end an impulse in {hex}: an enemy AFV is there", unit=afv.id,
                              hex=where), "D2.6")
    if men and infantry_ovr.lone_smc(position, afv.side, to) is not None:
        raise IllegalAction(T("only a lone SMC is in {hex}: the HW units overrun him on their own (A25.233); "
                              "their joint entry with {afv} there is not offered", hex=where, afv=afv.id),
                            "A25.233")
    if not overruns(position, afv, to):
        raise IllegalAction(T("{afv} would not overrun {hex} (D7.1, D7.13): HW units enter it on their own "
                              "(A25.233)", afv=afv.id, hex=where), "D7.1")


def check_through(position: Position, afv: UnitState, to: Hex) -> None:
    """``armored-assault+through`` only into a Location it could overrun (D7.1: the choice is the OVR's)."""
    if not overruns(position, afv, to):
        raise IllegalAction(T("{afv} would not overrun {hex}: the joint entry there is a plain one "
                              "(armored-assault)", afv=afv.id, hex=position.label(to)), "D7.1")


def begin(position: Position, move: act.Move) -> State:
    """The joint entry under way: the AFV entering enemy infantry is marked with the hex it overruns; its
    attack waits for the impulse's First Fire (D7.1, D14.32: hw.close_impulse with impovr.attacks)."""
    afv = position.units.get(move.units[0])
    if afv is None or len(move.path) < 2:
        return position.state
    if aa.through(move):  # D7.21 with D14.32: their CC Reaction Fire at it in the impulse's end window
        return position.state.with_unit(afv.mark(impovr.HW_THROUGH))
    return position.state.with_unit(impovr.mark(position, afv, move.path[-1]))


__all__ = ["begin", "check"]
