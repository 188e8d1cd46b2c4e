"""ASL A13.351 and A13.4: the fire at cavalry that is FPF, and what cavalry may use from horseback.

- A13.351: non-phasing Infantry firing TPBF at cavalry fires FPF, so Area Fire (A8.31), with FPF's NMC for
  the firers after the attack and its MGs taken along (fire.py). TPBF is fire into the firer's own Location
  (A7.21): from another level of the cavalry's hex it is PBF at an ADJACENT Location, not TPBF, so not FPF.
  Only Infantry (Passengers and Riders too): a vehicle's own weapons at cavalry in its hex are no FPF. The
  Charge's cavalry entering the Location is owed this attack at once (A8.312, mandtpbf.py) and makes its own
  attack after it (A13.6, cavalry.after_charge).
  Read for the MPh only: FPF is by definition fire at units moving in the phasing player's MPh (A8.31), so a
  TPBF at cavalry left in the Location after its Charge (A13.61) in the DFPh is Final Fire as ever.
- A13.4: cavalry uses no SW (cavalry.why_not_fire) but a MOL (A22.6) and a thrown DC (A23.6). A DC thrown
  from horseback attacks its target at +3 and the thrower's own Location at +4 instead of +2 and +3 (A23.6,
  demolition.py); the cavalry in either Location takes A13.5's -2, its horses the vehicle line (A13.511).
  A DC is never placed (A23.3) nor set (A23.7) from horseback: only the throw is excepted. Nor Assault Fire
  (A7.36), Spraying Fire (A7.34) or smoke (smoke.py).

Not built: Infantry manning a Gun use Anti-Overrun fire (C5.64) at cavalry in their Location as if it were
an Overrunning vehicle (A13.351), and a Gun's crew adding its inherent FP to FPF (A8.311): Guns are chapter
C's, not among the texts.

A placed or Set DC detonating where cavalry is reads A13.5's -2 for it and the horses' vehicle line (A13.511)
as the thrown DC's attacks do (dcblast.py, demolition.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import floc
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.cavalry import among, mounted
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

INFANTRY = frozenset({"squad", "hs", "crew", "leader", "hero"})
DC_DRM = 1  # A23.6: +3 (not +2) at the target, +4 (not +3) at the thrower's Location, thrown from cavalry


def _firer(position: Position, unit: UnitState) -> UnitState | None:
    """The unit whose fire this is: a SW's possessor, else the unit itself."""
    return position.units.get(unit.carrier or "") if unit.type == au.SW else unit


def fpf_at(position: Position, unit: UnitState, target: Hex | None) -> bool:
    """A13.351: is ``unit`` (a unit or a SW its possessor fires) Infantry firing TPBF at enemy cavalry in
    its own Location in the MPh, so FPF?"""
    if target is None or position.phase.id != "MPh":
        return False
    firer = _firer(position, unit)
    if firer is None or firer.hex != target or firer.type not in INFANTRY:
        return False
    level = floc.level_of_unit(position, firer)
    return any(c.side != firer.side and floc.level_of_unit(position, c) == level
               for c in among(position.units_at(target)))


def dc_drm(owner: UnitState) -> int:
    """A23.6: a DC thrown from horseback is +1 more on both its attacks."""
    return DC_DRM if mounted(owner) else 0


def check_placing(owner: UnitState, rule: str = "A23.3") -> None:
    """A13.4: of the DC, cavalry may only throw it: no placement (A23.3), no Set DC (A23.7)."""
    if mounted(owner):
        raise IllegalAction(T("{unit} is mounted: cavalry may throw a DC but never place or set one (A13.4)",
                              unit=owner.id), f"A13.4, {rule}")


def no_spraying(shooters: Sequence[UnitState]) -> bool:
    """A13.4: cavalry may not use Spraying Fire."""
    return any(mounted(u) for u in shooters if u.type != au.SW)
