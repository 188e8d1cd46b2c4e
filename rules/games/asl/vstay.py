"""ASL D2.6: may a vehicle stop (or end its MPh in Motion) in a hex holding an enemy AFV?

The rule: a vehicle may pass through such a hex but not deliberately stop there nor end its MPh there in
Motion, known AFV or not, with two exceptions (D2.6):

1. there is no LOS between the two: the text's case is two vehicles bypassing opposite sides of the hex. Here,
   both bypassing, each is at its CAFP (D2.36, D2.37); the obstacle of the hex (its whole interior, as
   vbypass.sight reads it: the maps carry no artwork outline) blocks the thread between the two points unless
   it runs along the hex's edge, i.e. the two CAFPs are the same vertex or the two ends of one hexside. A
   vehicle inside the hex sees a vehicle bypassing it (same Location): only the two-bypass case is built.
2. in the Location it left to enter the hex, the vehicle was able to attack that AFV (hit chances aside) and
   an unmodified TK DR of 5 would destroy or shock it. Built for its main armament: a working gun of the
   ordnance pack (not malfunctioned; its crew not shocked, stunned or gone), a LOS from that Location to the
   AFV, and the pack's basic TK# of that gun at that range less the armor factor the shot would meet (the
   aspect facing the Location left, hull and turret both: a 5 must do it wherever it hits). The text's
   "ammunition without a Depletion Number" is chapter C's special ammunition (C8), not among the texts: the
   gun's basic TK# is the ammunition it always has. An IFT DR of 5 never destroys or shocks an AFV here (small
   arms do not attack an armored target in this subset, D.8), so a vehicle without such a gun is never
   excepted by it.

Every enemy AFV in the hex must fall under an exception. A vehicle so barred from staying may not attempt ESB
there (D2.6): its move never ends there, so its ESB, declared for a move that ends elsewhere, is not for it.
"""

from __future__ import annotations

import math

from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import vbypass
from hexmate.rules.games.asl.vehicles import tca_of, vehicle_of
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

KILL_DR = 5  # D2.6: an unmodified TK DR of 5


def enemy_afvs(position: Position, side: str, h: Hex) -> list[UnitState]:
    """The enemy AFVs in hex h (not wrecks): armored vehicles (D2.6)."""
    out = []
    for u in position.units_at(h):
        if u.side == side or u.type != "vehicle" or u.has("wreck"):
            continue
        try:
            armored = vehicle_of(u.values).armored
        except Exception:  # a counter the catalogue refuses is reported where it is set up
            continue
        if armored:
            out.append(u)
    return sorted(out, key=lambda u: u.id)


def _facing(unit: UnitState) -> int:
    from hexmate.rules.games.asl.armour import facing_of  # armour imports this module

    return facing_of(unit)


def no_los(mover: UnitState, enemy: UnitState) -> bool:
    """Exception 1: both bypassing the hex, their CAFPs neither one point nor the two ends of one hexside."""
    a, b = vbypass.cafp(mover), vbypass.cafp(enemy)
    if a is None or b is None or mover.hex != enemy.hex or mover.hex is None:
        return False
    from hexmate.rules.hexes import center

    cx, cy = center(mover.hex)
    side = math.dist((cx, cy), a)  # a regular hexagon's side equals its circumradius
    return math.dist(a, b) > side * 1.01


def kills_on_five(position: Position, mover: UnitState, came: Hex, enemy: UnitState) -> bool:
    """Exception 2: from ``came``, could its gun attack the AFV, and would an unmodified TK DR of 5 destroy or
    shock it wherever it hit?"""
    vt = vehicle_of(mover.values)
    if vt.ma is None or vt.ma.kind != "gun" or mover.has("ma_malf"):
        return False
    if any(mover.has(m) for m in ("shocked", "stunned", "abandoned", "wreck")):
        return False
    assert enemy.hex is not None
    rng = distance(came, enemy.hex)
    sight = vbypass.sight(position, came, enemy) or asl_terrain.line_of_sight(position, came, enemy.hex)
    if sight.blocked:
        return False
    pack = od.load_pack()
    gun = f"{vt.ma.calibre}{vt.ma.length}"
    try:
        basic = pack.basic_tk(gun, rng)
    except od.PackError:
        return False
    tv = vehicle_of(enemy.values)
    for where in ("hull", "turret"):
        if vbypass.across_of(enemy) is not None:
            aspect = vbypass.aspect(enemy, came, hull=where == "hull")
        else:
            f = _facing(enemy) if where == "hull" else tca_of(enemy.markers, _facing(enemy))
            aspect = fc.aspect(enemy.hex, f, came)
        result = od.tk_result(pack, KILL_DR, od.final_tk(basic, tv.af(where, aspect)), tv)
        if result not in ("burns", "destroyed", "shocked"):
            return False
    return True


def why_barred(position: Position, mover: UnitState, path: tuple[Hex, ...]) -> T | None:
    """Why ``mover``, placed as it will stand at the end of ``path`` (hex, facing and any bypass hexside set
    by the caller), may not stay there; None when it may (no enemy AFV there, or D2.6's exceptions)."""
    end = path[-1]
    if end == path[0]:
        return None
    came = path[-2]
    for enemy in enemy_afvs(position, mover.side, end):
        if no_los(mover, enemy) or (came != end and kills_on_five(position, mover, came, enemy)):
            continue
        return T("{unit} may pass through {hex} but not stop there: the enemy AFV {afv} is in it, in its "
                 "LOS, and a TK DR of 5 from {came} would neither destroy nor shock it",
                 unit=mover.id, hex=position.label(end), afv=enemy.id, came=position.label(came))
    return None


__all__ = ["KILL_DR", "enemy_afvs", "kills_on_five", "no_los", "why_barred"]
