"""ASL A9.74 Random SW destruction after an Overrun (overrun.py).

What the text gives (A9.74; the dr itself is aftermath.resume_sw_kia's: read as a Final DR on the attack's IFT
column, KIA destroys the weapon, K malfunctions it, or destroys it if already malfunctioned or with an X#):

- a KIA eliminates units: each SW they possessed takes the dr (aftermath.py, any attack);
- an OVR (as indirect fire) may destroy unpossessed weapons in the target Location too: after an OVR with a
  KIA result, each SW lying there unpossessed takes the dr on the OVR's column;
- after a fully tracked AFV's OVR KIA, each of those dr has a -1 drm (and no DRM of the KIA's own attack);
- a fully tracked AFV that ends its MPh in the Location it overran may take the dr for the abandoned
  weapons there even when the OVR was no KIA (none is in an entrenchment here: entrenchments are chapter B
  counters no map has). "Ends its MPh": the hex is the last of the path the vehicle declared;
- a fully tracked AFV may overrun a Location with no personnel (no infantry or cavalry, aboard a vehicle or
  not) to destroy the SW lying there automatically, no dr (``empty``, ``crush``): its move names the hex
  (``as ovr:D5``, overrun.check_named) and pays the OVR's MP with the entry (D7.1); the hex must hold a SW
  lying unpossessed (an OVR of a Location with nothing in it destroys nothing, so it is refused). The text
  says "may": a move that does not name the hex only enters it. Which side's weapons: the text says none,
  so every SW lying there, friendly or not.

Not built: indirect fire (mortars and OBA are ordnance, chapter C: no indirect fire is built), the Guns of
the text (unmanned, NM, RFNM Guns: C10.2-C10.26; C11.4.52's exception; a Gun in an empty Location is not
destroyed here), and the random destruction in Close Combat (A11.13, cc.py's).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

TRACKED_DRM = "-1"


def abandoned(position: Position, h: Hex) -> list[UnitState]:
    """The SW lying unpossessed in ``h`` (no possessor, not aboard a vehicle)."""
    lying = (u for u in position.units.values() if u.type == au.SW and u.carrier is None and u.hex == h)
    return sorted(lying, key=lambda u: u.id)


def _roll(sw: UnitState, column: str, drm: str, why: T) -> Decision:
    return Decision("roll", sw.side, why, "A9.74", "sw_kia", dice="dr", subject=(sw.id,), target=sw.hex,
                    args=(("column", column), *((("drm", drm),) if drm else ())))


def after_ovr(position: Position, vehicle: UnitState, h: Hex, outcomes: Sequence[tuple[str, Sequence[str]]],
              column: str, decisions: Sequence[Decision]) -> tuple[list[Decision], list[Line]]:
    """The OVR's decisions with A9.74's: the -1 drm for the weapons a tracked AFV's KIA leaves, and a dr for
    each SW lying unpossessed in the overrun Location (after a KIA, or where a tracked AFV ends its MPh)."""
    tracked = vehicle_of(vehicle.values).tracked
    kia = any(result.endswith("KIA") for result, _ in outcomes)
    out = [d.with_args(sw_drm=TRACKED_DRM) if kia and tracked and d.then == "casualty" else d
           for d in decisions]
    moving = position.state.moving
    ends = moving is not None and vehicle.id in moving.units and moving.path[-1] == h
    lying = abandoned(position, h) if column else []
    lines: list[Line] = []
    if lying and (kia or (tracked and ends)):
        drm = TRACKED_DRM if kia and tracked else ""
        names = ", ".join(u.id for u in lying)
        said = T("{sw} lying unpossessed in {hex}: a dr each on the {column} column{drm}", sw=names,
                 hex=position.label(h), column=column, drm=f" ({drm})" if drm else "")
        lines.append(Line(T("Random SW destruction"), said, "A9.74"))
        why = T("the Overrun may destroy the unpossessed weapons in its Location: roll a dr on the same IFT "
                "column (A9.74)")
        out += [_roll(sw, column, drm, why) for sw in lying]
    return out, lines


def empty(position: Position, vehicle: UnitState, h: Hex) -> bool:
    """A9.74: may this fully tracked AFV overrun h to destroy the weapons lying there: no personnel in the
    Location (vehicles and SW only) and at least one SW lying unpossessed."""
    if vehicle.type != "vehicle" or not vehicle_of(vehicle.values).tracked:
        return False
    here = position.units_at(h)
    if any(u.type not in ("vehicle", au.SW) for u in here if u.id != vehicle.id):
        return False
    return bool(abandoned(position, h))


def crush(position: Position, state: State, vehicle: UnitState, h: Hex) -> State:
    """A9.74: the fully tracked AFV's OVR of the empty Location destroys every SW lying there (no dr)."""
    lying = abandoned(position.at(state), h)
    for sw in lying:
        state = state.without_unit(sw.id)
    names = ", ".join(u.id for u in lying)
    said = T("{unit} overruns the empty Location {hex}: {sw} destroyed", unit=vehicle.id,
             hex=position.label(h), sw=names)
    lines = (Line(T("Random SW destruction"), said, "A9.74"),)
    results = {u.id: "destroyed" for u in lying}
    res = Resolution(act.Fire((vehicle.id,), h, ()), "ift", "", False, lines, results, said)
    return state.replace(resolution=res)


__all__ = ["TRACKED_DRM", "abandoned", "after_ovr", "crush", "empty"]
