"""Street Fighting in the CCPh (A11.8): infantry coming out of the buildings beside a street to attack an AFV.

What the text says and this module does (paraphrased):

- An AFV in a road hex with buildings adjacent on both sides (``street.is_street``) is open to Street
  Fighting: infantry that advanced into its Location this APh from the ground level of an adjacent building
  hex, and infantry inside the obstacle of a hex the AFV is bypassing (VBM: they need not move), attack it
  with a -1 "Street Fighting ambush" DRM, and the AFV's CC attacks on them take +1, even when the AFV has
  infantry with it. Neither applies when a real ambush happened in the Location (A11.4): the two are never
  added together.
- When all the CC attacks of the Location are resolved, the street fighters that advanced out of a building
  go back to it, unless broken, pinned or on wire (A11.8 says so; the map's ``wire`` feature, the one A4.3's
  Bypass refuses; the rest of wire, B26, is chapter B, not among the texts); as they could then be
  attacked by mines or FFE on the way, the text lets them choose to stay in the street instead, so the
  owner answers ``return`` or ``stay``. Those that stay are in Melee with what is left there (A11.15).
- The PAATC of a unit advancing into an AFV's Location is advpaatc.py's (A11.6: "as usual").
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import street, vbypass
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

WIRE = "wire"  # A11.8: street fighters on wire stay in the street

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

RETURN, STAY = "return", "stay"


def _afv(unit: UnitState) -> bool:
    return is_vehicle(unit) and vtype(unit).armored and not unit.has("wreck")


def _came(position: Position) -> dict[str, Hex]:
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    return dict(gs.cc_from) if isinstance(gs, AslState) else {}


def _ambushed(position: Position) -> bool:
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    return isinstance(gs, AslState) and bool(gs.cc_ambusher)


def _from_building(position: Position, unit: UnitState, h: Hex) -> Hex | None:
    """The adjacent ground-level building hex ``unit`` advanced from into the street Location ``h``."""
    came = _came(position).get(unit.id)
    if came is None or distance(came, h) != 1 or not street._building(position, came):
        return None
    return came if street.is_street(position, h) else None


def fighter(position: Position, unit: UnitState, vehicle: UnitState) -> bool:
    """A11.8: does ``unit`` street-fight the AFV ``vehicle`` in their Location now?"""
    h = vehicle.hex
    if h is None or unit.hex != h or unit.side == vehicle.side or not _afv(vehicle) or _ambushed(position):
        return False
    if unit.type not in ("squad", "hs", "crew", "leader", "hero") or unit.level:
        return False
    if vbypass.across_of(vehicle) is not None and vbypass.is_obstacle(position, h):
        return True  # A11.8: from inside the obstacle of the hex the AFV bypasses
    return _from_building(position, unit, h) is not None


def attack_drm(position: Position, ids: tuple[str, ...], vehicle: UnitState) -> bool:
    """A11.8: the -1 of an attack on the AFV by street fighters."""
    units = [position.units[u] for u in ids if u in position.units]
    return bool(units) and all(fighter(position, u, vehicle) for u in units)


def reply_drm(position: Position, attackers: list[UnitState], target: UnitState) -> bool:
    """A11.8: the +1 of an AFV's CC attack on a street fighter."""
    return bool(attackers) and _afv(attackers[0]) and fighter(position, target, attackers[0])


def ask_return(game: AslGame, position: Position, h: Hex) -> Decision | None:
    """A11.8: after the Location's CC, the street fighters not broken or pinned that came out of a building go
    back to it, or stay in the street."""
    vehicles = [v for v in position.units_at(h) if _afv(v)]
    came = _came(position)
    if WIRE in position.map.features(h):
        return None  # A11.8: on wire they cannot go back (the wire's own rules, B26, are not in the texts)
    back = sorted((u for u in position.units_at(h)
                   if u.id in came and not u.has("broken") and not u.has("pinned")
                   and _from_building(position, u, h) is not None
                   and any(u.side != v.side for v in vehicles)),
                  key=lambda u: u.id)
    if not back:
        return None
    side = back[0].side
    ids = tuple(u.id for u in back if u.side == side)
    return Decision(
        "confirm", side,
        T("{units} fought in the street at {hex}: return to the building they came from, or stay",
          units=", ".join(ids), hex=position.label(h)),
        "A11.8", "cc_street_return", choices=(RETURN, STAY), subject=ids, target=h)


def resume_return(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """Back to their building at ground level, or in the street; either way they are asked no more."""
    from hexmate.rules.games.asl import cc as asl_cc

    state = position.state
    came = _came(position)
    if answer.choice == RETURN:
        for uid in decision.subject:
            if uid in state.units and uid in came:
                state = state.with_unit(dataclasses.replace(state.units[uid], hex=came[uid], level=0))
                for sw in [u for u in state.units.values() if u.carrier == uid]:
                    state = state.with_unit(sw.at(came[uid]))
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(cc_from=tuple((u, h) for u, h in gs.cc_from
                                                        if u not in decision.subject)))
    return asl_cc.finish_location(game, position.at(state))


def ambush_drm(position: Position, ids: tuple[str, ...]) -> int:
    """A11.4 through A11.51: after a real ambush in the Location being fought, -1 to the ambusher's CC attacks
    on a vehicle there, +1 to the ambushed side's."""
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    units = [position.units[u] for u in ids if u in position.units]
    if not isinstance(gs, AslState) or not gs.cc_ambusher or not units or units[0].hex != gs.cc_hex:
        return 0
    return -1 if units[0].side == gs.cc_ambusher else 1
