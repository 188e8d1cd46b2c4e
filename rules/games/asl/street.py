"""ASL Street Fighting as CC Reaction Fire (A11.8, D7.211): infantry in a building beside a street attacking
an enemy vehicle as it spends MP there, during the enemy's MPh.

Where (A11.8): a vehicle in a road hex that has buildings adjacent on both sides of the road. The maps give
a hex's road exits; the road's two sides are read from them: the neighbours of the hex that are not on the
road fall into arcs between consecutive road exits (a straight road: two arcs of two hexes; a bend: one hex
and three), and the hex is a street when buildings stand in at least two of those arcs (a junction has
three or more arcs: any two of them count). A vehicle bypassing a woods or building hex is open to Street
Fighting from the infantry inside that obstacle, in the hex itself (A11.8), wherever the road is.

Who (D7.211 with D7.21, D7.213, A11.8): non-phasing infantry (squad, half-squad, crew, or a leader) at ground
level of a building hex adjacent to that street hex, not broken, pinned, unarmed, in Melee, aboard a vehicle
or prisoners, without a CC Reaction counter, and neither they nor a SW they possess carrying a First,
Final, Intensive or No Fire counter (D7.211: so the D7.2 example's units that reacted in E3, First-Fire
marked, cannot street-fight the tank again in D3; an ATR fired at the tank bars its owner too).

At the table: the defender's reaction window at the hex the vehicle entered offers ``street`` (beside
``pass``, a fire, or ``motion-...``). Choosing it closes the window (no other fire at that hex here), and asks
which unit attacks (tap it, or done to pass), then whether a leader of the same hex attacks beside it
(A11.5). The attack is reaction.py's CC Reaction Fire (a PAATC first against an AFV, A11.6, as A11.8 says:
"PAATC as usual"; the CC DR on the CCT) with the Street Fighting ambush -1 DRM (A11.8; instead of, never
added to, an ambush, and there is no other ambush in CC Reaction Fire, D7.21). The vehicle does not attack
back (A11.8, D7.213). Afterwards the attackers have a First Fire counter, and the CC Reaction counter if the
vehicle survived (D7.21). They go back to their building: the counters stay there; the Residual FP in the
street and in their own Location attacks them on the way in and back (D7.211, streetrfp.py; minefields and
FFE are chapters B and C, not among the texts), and the vehicle cannot fire as it moves until their attack is
over, which it is before the move goes on here.
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import reaction, vbypass
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, neighbor
from hexmate.rules.text import T

CHOICE = "street"
OFFER, LEADER = "sf_offer", "sf_leader"
BUILDINGS = ("wooden-building", "stone-building", "building")
BARRED = ("first_fire", "final_fire", "intensive_fire", "no_fire")  # D7.211


def _building(position: Position, h: Hex) -> bool:
    return h in position.map.hexes and position.map.terrain(h) in BUILDINGS


def street_sides(position: Position, h: Hex) -> list[list[Hex]]:
    """The neighbours of road hex ``h`` on each side of its road: the arcs between consecutive road exits
    (A11.8). No road, or a road ending in the hex: no sides."""
    exits = sorted(position.map.road_exits(h))
    if len(exits) < 2:
        return []
    arcs: list[list[Hex]] = []
    for i, d in enumerate(exits):
        nxt = exits[(i + 1) % len(exits)] if i + 1 < len(exits) else exits[0] + 6
        arcs.append([neighbor(h, k % 6) for k in range(d + 1, nxt)])
    return [a for a in arcs if a]


def is_street(position: Position, h: Hex) -> bool:
    """A11.8: a road hex with buildings adjacent on both sides."""
    return sum(1 for arc in street_sides(position, h) if any(_building(position, n) for n in arc)) >= 2


def may_street_fight(position: Position, unit: UnitState) -> bool:
    """D7.211, D7.21, D7.213: one unit's own conditions (its hex is judged by ``candidates``)."""
    if unit.type not in (*reaction.MMC, "leader") or unit.carrier or unit.level:
        return False
    if any(unit.has(m) for m in ("broken", "pinned", "melee", "unarmed", "prisoner", reaction.REACTED)):
        return False
    owned = au.possessed(position.state, unit.id)
    return not any(u.has(m) for u in (unit, *owned) for m in BARRED)


def target(position: Position, side: str) -> UnitState | None:
    """The enemy vehicle now spending MP in a street (A11.8), if ``side`` is the non-phasing side."""
    moving = position.state.moving
    if position.phase.id != "MPh" or side == position.phasing or moving is None or not moving.at:
        return None
    vehicle = position.units.get(moving.units[0]) if moving.units else None
    if vehicle is None or not is_vehicle(vehicle) or vehicle.side == side or vehicle.hex is None:
        return None
    if vehicle.has("wreck"):
        return None
    if vbypass.across_of(vehicle) is not None:  # A11.8: from inside the obstacle it bypasses
        return vehicle
    return vehicle if is_street(position, vehicle.hex) else None


def candidates(position: Position, side: str) -> list[UnitState]:
    """The units of ``side`` that may attack the vehicle in the street by Street Fighting now."""
    vehicle = target(position, side)
    if vehicle is None or vehicle.hex is None:
        return []
    if vbypass.across_of(vehicle) is not None:  # A11.8: the infantry in the obstacle of the bypassed hex
        places = [vehicle.hex] if vbypass.is_obstacle(position, vehicle.hex) else []
    else:
        places = [n for n in position.map.neighbors(vehicle.hex) if _building(position, n)]
    out = [u for n in places for u in position.units_at(n)
           if u.side == side and may_street_fight(position, u)]
    return sorted(out, key=lambda u: u.id)


def choices(position: Position, side: str) -> tuple[str, ...]:
    return (CHOICE,) if candidates(position, side) else ()


def offer(position: Position, side: str) -> State:
    """The defender chose Street Fighting in the reaction window: which unit attacks (D7.211)."""
    vehicle = target(position, side)
    units = candidates(position, side)
    if vehicle is None or not units:
        raise IllegalAction(T("no unit may attack by Street Fighting here (A11.8, D7.211)"), "D7.211")
    prompt = T(
        "{vehicle} is in the street at {hex}: choose a unit in an adjacent building to attack it by Street "
        "Fighting, or pass (A11.8, D7.211)",
        vehicle=vehicle.id,
        hex=position.label(vehicle.hex),
    )
    ids = tuple(u.id for u in units)
    return position.state.push(Decision("units", side, prompt, "D7.211", OFFER, units=ids, choices=("pass",),
                                        subject=(vehicle.id,), target=vehicle.hex))


def resume_offer(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The attacker chosen: a leader of its hex may attack beside an MMC (A11.5)."""
    state = position.state
    if answer.choice == "pass":
        return state
    vehicle = state.units[decision.subject[0]]
    unit = state.units[answer.units[0]]
    leaders = tuple(u.id for u in candidates(position, unit.side) if u.type == "leader" and u.hex == unit.hex)
    if unit.type in reaction.MMC and leaders:
        prompt = T("a leader may attack beside {unit}: tap him, or press done to attack alone (A11.5)",
                   unit=unit.id)
        return state.push(Decision("units", unit.side, prompt, "A11.5", LEADER, units=leaders,
                                   choices=(reaction.ALONE,), subject=(vehicle.id, unit.id),
                                   target=decision.target))
    return reaction.attack(position, vehicle, (unit.id,), street=True)


def resume_leader(position: Position, decision: Decision, answer: act.Answer) -> State:
    vehicle = position.units[decision.subject[0]]
    one = decision.subject[1]
    ids = (one,) if answer.choice == reaction.ALONE else (one, answer.units[0])
    return reaction.attack(position, vehicle, ids, street=True)


__all__ = ["CHOICE", "LEADER", "OFFER", "candidates", "choices", "is_street", "may_street_fight", "offer",
           "resume_leader", "resume_offer", "street_sides", "target"]
