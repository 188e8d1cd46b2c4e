"""ASL D7.22 against an overrunning AFV: Non-CC Reaction Fire by ordnance, the part the texts and the chart
pack define.

D7.22: non-phasing units in the OVR Location, not broken and without a CC or Melee counter, may fire
ordnance at the overrunning vehicle in the usual way, but To Hit Case A (and Case E) does not apply, and an
ordnance hit on an overrunning AFV automatically strikes its Rear aspect. Built here: the gun (MA) of a
non-phasing vehicle in the OVR Location, offered in the Reaction Fire question after the OVR as
``ord-VEHICLE`` (reaction.offer). The shot is vfire's To Hit and To Kill process at range 0 (``vth``,
``vtk``), with the decision's ``ncr`` argument: no Case A (its turret turns to the target free of it), Rear
aspect whatever the firer's place (hull or turret still by the dice, C3.9 in the pack); the To Kill number
is the chart pack's (chapter C's table, ``ordnance.load_pack``), as for any ordnance. The firer gets its First
Fire counter (D7.2: Reaction Fire counts as First or Final Fire; a firer that already has one is not
offered: ordnance's Subsequent First Fire is chapter C's) and the reaction mark of this OVR.

Not built, each for want of its chapter: a Gun's fire (Guns are chapter C's; D7.23), ordnance SW (ATR,
PSK, PIAT: chapter C), FT and DC against an AFV (C7.34's HE & Flame To Kill table), infantry TPBF against an
AFV (no effect on the AFV itself, A7.211; its CE crew's collateral attack is D.8's and not offered here).
"""

from __future__ import annotations

from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import ncreact
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

PREFIX = "ord-"
ARG = "ncr"  # on the vth/vtk decisions: this shot is D7.22 Non-CC Reaction Fire
BARRED = ("wreck", "abandoned", "shocked", "stunned", "ma_malf", "first_fire", "final_fire", "cc", "melee",
          "broken", ncreact.MARK)


def reacting(decision: Decision) -> bool:
    """Is this vth decision a D7.22 reaction shot?"""
    return decision.arg(ARG) == "1"


def firers(position: Position, vehicle: UnitState, h: Hex) -> list[UnitState]:
    """D7.22: the non-phasing vehicles in the OVR Location whose gun may fire at an overrunning AFV."""
    if not vtype(vehicle).armored:
        return []
    out = []
    for u in position.units_at(h):
        if u.side == vehicle.side or not is_vehicle(u) or u.carrier or any(u.has(m) for m in BARRED):
            continue
        ma = vtype(u).ma
        if ma is not None and ma.kind == "gun":
            out.append(u)
    return sorted(out, key=lambda u: u.id)


def choices(position: Position, vehicle: UnitState, h: Hex) -> tuple[str, ...]:
    return tuple(f"{PREFIX}{u.id}" for u in firers(position, vehicle, h))


def declare(position: Position, vehicle: UnitState, fid: str) -> State:
    """The reaction's To Hit DR, vfire's ``vth`` decision marked ``ncr`` (D7.22)."""
    unit = position.units[fid]
    assert unit.hex is not None and vehicle.hex is not None
    state = position.state.with_unit(unit.mark("first_fire", ncreact.MARK, f"ma_fired:{position.phase.id}",
                                               remove=("mg_only", "rof_kept")))
    prompt = T("{unit} fires its gun at the overrunning {vehicle} in Non-CC Reaction Fire: roll the To Hit DR"
               " (no Case A; a hit is on its Rear, D7.22)", unit=fid, vehicle=vehicle.id)
    return state.push(Decision("roll", unit.side, prompt, "D7.22", "vth", dice="DR", subject=(fid,),
                               target=vehicle.hex, args=(("target", vehicle.id), (ARG, "1"))))
