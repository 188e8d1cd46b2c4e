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

Not built (refused, said in the report): the joint entry into a Location whose only enemy is a lone SMC
(A25.233's infantry Overrun on entry: the HW units enter it on their own), into enemy units the AFV may not
overrun (a Bounding Fire counter, D7.13; without its OVR, ``through``), and into an enemy AFV's hex (D2.6).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import impovr, overrun
from hexmate.rules.games.asl import ovr as infantry_ovr
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T


def check(position: Position, afv: UnitState, men: Sequence[UnitState], to: Hex) -> None:
    """D7.1 with A25.233: a joint entry into a Location holding enemy units must be the AFV's OVR."""
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
    if not overrun.is_overrun(position, afv.side, to) or not overrun.may_overrun(position, afv):
        raise IllegalAction(T("{afv} would not overrun {hex} (D7.1, D7.13): HW units enter it on their own "
                              "(A25.233)", afv=afv.id, hex=where), "D7.1")


def begin(position: Position, move: act.Move) -> State:
    """The joint entry under way: the AFV entering enemy infantry is marked with the hex it overruns; its
    attack waits for the impulse's First Fire (D7.1, D14.32: hw.close_impulse with impovr.attacks)."""
    afv = position.units.get(move.units[0])
    if afv is None or len(move.path) < 2:
        return position.state
    return position.state.with_unit(impovr.mark(position, afv, move.path[-1]))


__all__ = ["begin", "check"]
