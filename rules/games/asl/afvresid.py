"""ASL A7.307: small arms at a Location holding only AFVs: no effect on them, but Residual FP (A8.2).

Small arms and other non-ordnance fire have no effect on an armored target (A7.307, D1.2; the text excepts
the FT, DC, MOL and ATMM, which attack it on chapter C's To Kill table, not built), yet such an attack may
leave Residual FP (A7.307). So the defender may Defensive First Fire at an AFV that has just entered a
Location, its crew exposed or not, to leave Residual FP there for the infantry that enter after it (A8.2).
What is built:

- When: the attack is declared as any Defensive First Fire, SFF or FPF in the MPh at the AFV moving in the
  Location it has just entered (A8.1: ``moving_afvs``; fire.check). Only that fire leaves Residual FP
  (A8.2), so at a Location holding only AFVs and no exposed PRC any other attack (in a fire phase, or at an
  AFV that is not moving) could do nothing at all and is refused (``check``, citing A7.307 and A8.2), and so
  is a FT, DC or MOL there: the text's exceptions, attacking the AFV on chapter C's To Kill table. An
  exposed PRC makes it an attack on them as infantry (D.8B: fire.py, vcrewhit.py, vheight.py), not this.
- The resolution: the attack's FP and IFT column are worked out as against any target there (range, Area
  Fire, a cowering column shift, A8.224); the AFVs take no result and their line says so with the column
  (fire.resolve_attack).
- Its Residual: half that column, one column less a +1 DRM from outside the target hex (A8.2, A8.26:
  residual.py reads that line among its COLUMN_LINES), none if a weapon broke down (A8.221), a MG that kept
  its ROF leaving none of its own unless its owner gives it up (A8.23). It has no effect on the AFV (A8.222;
  an exposed crew's is vresid.py's) but attacks the infantry entering after it.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, unarmored, vcrewhit, vheight
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T


def armored_only(position: Position, target: Hex, side: str, firers: Iterable[str],
                 firer_hexes: Iterable[Hex | None]) -> bool:
    """A7.307, D1.2: the enemy at ``target`` are AFVs alone (no unarmored vehicle, A7.308; no infantry) and
    the fire reaches none of their PRC (D.8, D5.31, D5.311; from above, D6.61)."""
    enemies = [u for u in position.units_at(target) if u.side != side]
    if not enemies or not all(armour.is_vehicle(u) and not unarmored.target_of_small_arms(u)
                              for u in enemies):
        return False
    hexes = [h for h in firer_hexes if h is not None]
    return not vcrewhit.exposed(position, target, side, hexes) \
        and not vheight.reaches_crew(position, tuple(firers), target, side)


def moving_afvs(position: Position, target: Hex, side: str,
                firer_hexes: Iterable[Hex | None] = ()) -> list[UnitState]:
    """A8.1: the enemy AFVs moving now that have just entered ``target`` (seen in the full position or among
    those ``armour.infantry_view`` set aside), in a First Fire window: the targets of an attack made only for
    its Residual FP (A7.307). None for fire from ``target`` itself: the units of the Location an AFV
    overruns attack it by Reaction Fire, after the OVR (D7.2)."""
    moving = position.state.moving
    top = position.state.decision
    if position.phase.id != "MPh" or moving is None or moving.here != target or top is None \
            or top.kind != "react" or target in set(firer_hexes):
        return []
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}
    pool.update({u.id: u for u in position.units.values() if armour.is_vehicle(u)})
    return sorted((pool[u] for u in moving.units if u in pool and pool[u].side != side
                   and pool[u].hex == target and not unarmored.target_of_small_arms(pool[u])),
                  key=lambda u: u.id)


def check(position: Position, target: Hex, side: str, firers: Iterable[str]) -> None:
    """A7.307, A8.2: an attack on AFVs alone has no effect on them and is worth only its Residual FP, which
    only Defensive First Fire, SFF or FPF in the MPh at the AFV just entering leaves. A FT, DC or MOL is the
    text's exception: it attacks the AFV by its own rules (A22.34, A23.x, A22.611 with C7.34), not built."""
    flame = [u for u in (position.units.get(f) for f in firers) if u is not None
             and (u.has("mol") or (u.type == au.SW and u.values.get("sw") in ("ft", "dc")))]
    if flame:
        raise IllegalAction(T("{unit} attacks an AFV by its own rules (chapter C's HE and Flame To Kill "
                              "table), not built: at an AFV alone it may not fire here", unit=flame[0].id),
                            "A7.307")
    hexes = [u.hex for u in (position.units.get(f) for f in firers) if u is not None]
    if moving_afvs(position, target, side, hexes):
        return
    if moving_afvs(position, target, side):
        raise IllegalAction(T("the units of the Location an AFV overruns attack it by Reaction Fire, after "
                              "the OVR"), "D7.2")
    if position.phase.id == "MPh":
        raise IllegalAction(T("small arms have no effect on an AFV: at one alone they only leave Residual "
                              "FP, by Defensive First Fire at it in the Location it has just entered"),
                            "A7.307")
    raise IllegalAction(T("small arms have no effect on an AFV, and outside the MPh's Defensive First Fire "
                          "they leave no Residual FP: nothing to attack at {hex}",
                          hex=position.label(target)), "A7.307")
