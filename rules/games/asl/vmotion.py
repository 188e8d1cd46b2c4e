"""ASL Motion attempts in play (D2.401): a non-phasing vehicle going into Motion during the enemy's MPh.

At the table: when an enemy ground unit that began its move out of a vehicle's LOS enters a hex in that
LOS, the reaction window (the defender's "fire or pass" at each hex entered) also offers the choice
``motion-<vehicle>`` for each vehicle that may try. Choosing it closes the window (the move goes on after
the dr; this subset does not also fire at that hex) and asks the vehicle's owner for the Motion dr: it
succeeds on a dr no more than the MF/MP the mover has spent in the vehicle's LOS this MPh (D2.401). On a
success a red-MP vehicle first rolls its mechanical reliability DR (12: immobilized, and no Motion, D2.51);
then it gets its Motion counter and may turn freely once: the owner touches it down on the neighbouring hex
its front should face, or sets it back to keep its facing (D2.401; no bog check for that turn is built).

A vehicle tries once per enemy MPh (``motion_tried``, removed at the end of the MPh) and not with a First or
Final Fire counter. "Began out of LOS" is judged for the unit now moving from the hex its move began in
(units that moved earlier in the phase and stopped in LOS are not tracked). Once in Motion it is a moving
target (Case J, D2.41), fires with Case C (D2.42), gives no TEM or hindrance (vcover.py), and starts its
next MPh without the start MP (armour.py).

D14.211: choosing any AFV of a platoon (platoon.py) makes the whole platoon try with one dr, adding the
number of its AFVs, against the most MF/MP spent in any one AFV's LOS; a success puts all of them in Motion
after one mechanical reliability DR for its red-MP AFVs (D14.21: a 12 immobilizes one, picked by a dr).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import aerosan, axisred, conceal58, hulldown, platoon, radioless, vbypass
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.armour import facing_of, is_vehicle, route, spent_of, vtype, with_facing
from hexmate.rules.games.asl.vehicles import is_mobile
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

CHOICE = "motion-"
TRIED = "motion_tried"


def _sees(position: Position, a: Hex, b: Hex) -> bool:
    return a == b or not asl_terrain.line_of_sight(position, a, b).blocked


def spent_in_los(position: Position, vehicle: UnitState) -> Fraction:
    """MF/MP the unit now moving has spent in the vehicle's LOS this MPh, or 0 where it began its move in
    that LOS (D2.401). Each hex entered in LOS counts its own entry cost (for a vehicle mover, the MP its
    route spent to get there from the hex before, turns and the start included)."""
    moving = position.state.moving
    assert vehicle.hex is not None
    if moving is None or not moving.units or moving.units[0] not in position.units:
        return Fraction(0)
    mover = position.units[moving.units[0]]
    logs = {uid: (start, spent) for uid, start, spent in getattr(position.state.game, "imp_mp", ())}
    if any(u in logs for u in moving.units):  # D14.31: impulses, each AFV's MP where it spent them
        return max(spent_in_log(position, vehicle, *logs[u]) for u in moving.units if u in logs)
    done = dict(getattr(position.state.game, "vpath", ()))
    if len(moving.path) == 1 and mover.id in done and is_vehicle(mover):
        return _after_move(position, vehicle, mover, done[mover.id])
    came = came_on(mover)  # A2.51: it came on this MPh from off the map, out of every LOS (ventry.py)
    if came is None and _sees(position, vehicle.hex, moving.path[0]):
        return Fraction(0)
    path = moving.path[: moving.at + 1]
    total = came if came is not None and _sees(position, vehicle.hex, path[0]) else Fraction(0)
    if is_vehicle(mover):
        before = Fraction(0)
        for i in range(1, len(path)):
            upto = route(position, mover, path[: i + 1])[0]
            if _sees(position, vehicle.hex, path[i]):
                total += upto - before
            before = upto
        return total
    cost = asl_terrain.infantry_cost_fn(position)
    for a, b in itertools.pairwise(path):
        if _sees(position, vehicle.hex, b):
            step = cost(position.map, a, b)
            total += Fraction(step) if isinstance(step, int | Fraction) else Fraction(1)
    return total


def spent_in_log(position: Position, vehicle: UnitState, start: Hex | None,
                 spent: tuple[tuple[Hex, Fraction], ...]) -> Fraction:
    """D2.401 with D14.31: the MP a platoon AFV spent in the vehicle's LOS this MPh, impulse by impulse (each
    impulse's cost where it spent it: impulse.log_mp), or 0 where it began its MPh in that LOS; one that came
    on from off the map (``start`` None) began out of every LOS (A2.51)."""
    assert vehicle.hex is not None
    if start is not None and _sees(position, vehicle.hex, start):
        return Fraction(0)
    return sum((mp for h, mp in spent if _sees(position, vehicle.hex, h)), Fraction(0))


def _after_move(position: Position, vehicle: UnitState, mover: UnitState, path: tuple[Hex, ...]) -> Fraction:
    """An MP the mover spent in place after its move this MPh (a stop, a turn, an HD attempt, smoke,
    unloading: a window of vinplace.py): the MP its move spent entering hexes in the vehicle's LOS, plus all
    it has spent in its last hex since, when that hex is in LOS; 0 if it began its move in that LOS."""
    assert vehicle.hex is not None
    came = came_on(mover)  # A2.51: it began off the map, out of every LOS; its entry hex's MP first
    if came is None and _sees(position, vehicle.hex, path[0]):
        return Fraction(0)
    total = came if came is not None and _sees(position, vehicle.hex, path[0]) else Fraction(0)
    before = Fraction(0)
    for i in range(1, len(path)):
        upto = route(position, mover, path[: i + 1])[0]
        if _sees(position, vehicle.hex, path[i]):
            total += upto - before
        before = upto
    if _sees(position, vehicle.hex, path[-1]):
        total += max(Fraction(0), spent_of(mover) - (came or 0) - before)
    return total


CAME = "came_on"  # came_on<half MP>: it came on from off the map this MPh, this many MP for the entry hex


def came_on(unit: UnitState) -> Fraction | None:
    """The MP a vehicle paid for its entry hex coming on from off the map this MPh (None: it did not)."""
    for m in unit.markers:
        if m.startswith(CAME) and m[len(CAME):].isdigit():
            return Fraction(int(m[len(CAME):]), 2)
    return None


def candidates(position: Position, side: str) -> list[UnitState]:
    """The vehicles of ``side`` that may try for Motion now (D2.401): non-phasing, mobile, not wrecked,
    shocked or stunned, without a First or Final Fire counter, not tried this MPh, and the mover has spent
    MF/MP in their LOS after beginning out of it."""
    if position.phase.id != "MPh" or side == position.phasing or position.state.moving is None:
        return []
    out: list[UnitState] = []
    for u in position.units.values():
        if u.side != side or not is_vehicle(u) or u.hex is None or not is_mobile(u.markers):
            continue
        if any(u.has(m) for m in ("wreck", "shocked", "stunned", "first_fire", "final_fire", TRIED)):
            continue
        if spent_in_los(position, u) > 0:
            out.append(u)
    return out


def choices(position: Position, side: str) -> tuple[str, ...]:
    return tuple(CHOICE + u.id for u in candidates(position, side))


def attempt(position: Position, answer: act.Answer) -> State:
    """The owner chose ``motion-<vehicle>`` in the reaction window: ask for the Motion dr (D2.401)."""
    uid = answer.choice[len(CHOICE):]
    vehicle = position.units.get(uid)
    if vehicle is None or vehicle not in candidates(position, vehicle.side):
        raise IllegalAction(T("{unit} may not attempt Motion now", unit=uid), "D2.401")
    # D14.211: a platoon tries as one, with one dr, the MF/MP spent in LOS of any one of its AFVs counting
    crew = [vehicle, *(u for u in platoon.mates(position, vehicle) if _may_try(u))]
    need = max(spent_in_los(position, u) for u in crew) - radioless.motion_drm(position, vehicle)  # D14.23
    state = position.state
    for u in crew:
        state = state.with_unit(state.units[u.id].mark(TRIED))
    prompt = T(
        "{unit} attempts Motion: roll a dr; {need} or less succeeds (MF/MP spent in its LOS, D2.401)",
        unit=uid,
        need=need,
    )
    if len(crew) > 1:
        prompt = T("the platoon {units} attempts Motion with one dr, +{afvs}: {need} or less succeeds "
                   "(D2.401, D14.211)", units=", ".join(u.id for u in crew), afvs=len(crew), need=need)
    return state.push(
        Decision("roll", vehicle.side, prompt, "D2.401", "vmotion", dice="dr",
                 subject=tuple(u.id for u in crew), target=vehicle.hex, args=(("need", str(need)),))
    )


def resume_motion(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The Motion dr: a failure costs nothing else (D2.401); a success puts a red-MP vehicle to its
    mechanical reliability DR (D2.51), else straight into Motion."""
    assert answer.dice is not None
    state = position.state
    vehicle = state.units[decision.subject[0]]
    if answer.dice[0] > Fraction(decision.arg("need", "0")):
        return state
    if len(decision.subject) > 1:
        return _platoon_motion(position, decision.subject)  # D14.211
    if axisred.red_mp(position, vehicle):  # D2.51, D2.52
        prompt = T("{unit} goes into Motion: roll its mechanical reliability DR; 12 immobilizes it (D2.51)",
                   unit=vehicle.id)
        return state.push(Decision("roll", vehicle.side, prompt, "D2.51", "vmotion_mr", dice="DR",
                                   subject=(vehicle.id,), target=vehicle.hex))
    return into_motion(position, vehicle)


def _may_try(u: UnitState) -> bool:
    """D2.401's bars on a Motion attempt (mobile, not wrecked, shocked, stunned, fired or tried)."""
    return u.hex is not None and is_mobile(u.markers) and not any(
        u.has(m) for m in ("wreck", "shocked", "stunned", "first_fire", "final_fire", TRIED))


def _platoon_motion(position: Position, ids: tuple[str, ...]) -> State:
    """D14.211, D14.21: the platoon goes into Motion; its red-MP AFVs take one mechanical reliability DR
    together (D2.51), which a later answer applies."""
    red = tuple(u for u in ids if axisred.red_mp(position, position.units[u]))
    if red:
        first = position.units[red[0]]
        prompt = T("the platoon {units} goes into Motion: one mechanical reliability DR for {red}; 12 "
                   "immobilizes one of them (D2.51, D14.21)", units=", ".join(ids), red=", ".join(red))
        return position.state.push(Decision("roll", first.side, prompt, "D14.21", "vmotion_mr", dice="DR",
                                            subject=ids, target=first.hex, args=(("red", ",".join(red)),)))
    return _all_into_motion(position, ids)


def _all_into_motion(position: Position, ids: tuple[str, ...]) -> State:
    state = position.state
    for uid in reversed(ids):  # the first named turns first (its question on top)
        if uid in state.units and is_mobile(state.units[uid].markers):
            state = into_motion(position.at(state), state.units[uid])
    return state


def resume_reliability(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D2.51 after a successful Motion attempt: 12 immobilizes it, and it does not go into Motion."""
    assert answer.dice is not None
    vehicle = position.state.units[decision.subject[0]]
    if len(decision.subject) > 1:  # D14.21: the platoon's one DR
        red = tuple(decision.arg("red", "").split(","))
        if sum(answer.dice) == 12 and len(red) > 1:
            prompt = T("12: one of {red} is immobilized; roll a dr to pick it at random, 1-6 split evenly "
                       "among them in that order (D14.21)", red=", ".join(red))
            return position.state.push(Decision("roll", vehicle.side, prompt, "D14.21", "vmotion_pick",
                                                dice="dr", subject=decision.subject, target=vehicle.hex,
                                                args=decision.args))
        state = position.state
        if sum(answer.dice) == 12:
            state = state.with_unit(state.units[red[0]].mark("immobilized"))  # D2.51: no Motion for it
        return _all_into_motion(position.at(state), decision.subject)
    if sum(answer.dice) == 12:
        return position.state.with_unit(vehicle.mark("immobilized"))
    return into_motion(position, vehicle)


def resume_pick(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D14.21: the random selection of the one red-MP AFV a platoon's 12 immobilizes."""
    assert answer.dice is not None
    red = decision.arg("red", "").split(",")
    hit = red[(answer.dice[0] - 1) * len(red) // 6]
    state = position.state.with_unit(position.state.units[hit].mark("immobilized"))
    return _all_into_motion(position.at(state), decision.subject)


def into_motion(position: Position, vehicle: UnitState) -> State:
    """The Motion counter, then one free turn of its VCA (D2.401)."""
    assert vehicle.hex is not None
    from hexmate.rules.games.asl.armour import REV_MOTION  # armour imports this module

    # D4.221: entering Motion takes the HD counter off; D2.401's Motion is forward, no Reverse Motion
    moved = hulldown.without_hd(vehicle).mark("motion", remove=(REV_MOTION,))
    state = position.state.with_unit(moved)
    state = conceal58.moved(position, state, (vehicle.id,), (vehicle.hex,))  # A12.2: Case D, Motion seen
    if vbypass.across_of(vehicle) is not None:
        return state  # D2.33: a bypassing vehicle changes its VCA only as it leaves the hexside
    ahead = fc.front_hexes(vehicle.hex, facing_of(vehicle))
    front = "-".join(sorted(position.label(h) for h in ahead if h in position.map))
    prompt = T(
        "{unit} is in Motion and may turn freely (D2.401): touch it down on the neighbouring hex to face, or "
        "set it back on its hex to keep facing {front}",
        unit=vehicle.id,
        front=front,
    )
    hexes: tuple[Hex, ...] = (*position.map.neighbors(vehicle.hex), vehicle.hex)
    if aerosan.is_aerosan(vtype(vehicle).movement):  # D17.25: outside its MPh, one hexspine only
        hexes = aerosan.motion_turn(position, vehicle, hexes)
        prompt = T("{unit} is in Motion and may turn one hexspine, no more (D2.401, D17.25): touch it down "
                   "on the neighbouring hex to face, or set it back on its hex to keep facing {front}",
                   unit=vehicle.id, front=front)
    return state.push(
        Decision("hexes", vehicle.side, prompt, "D2.401", "vmotion_face",
                 hexes=hexes, choices=("keep",), subject=(vehicle.id,), target=vehicle.hex)
    )


def resume_face(position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    vehicle = state.units[decision.subject[0]]
    if answer.choice or not answer.hexes or answer.hexes[0] == vehicle.hex:
        return state
    assert vehicle.hex is not None
    g = fc.turn_toward(facing_of(vehicle), vehicle.hex, answer.hexes[0])
    return state.with_unit(with_facing(vehicle, g))


__all__ = ["CAME", "CHOICE", "TRIED", "attempt", "came_on", "candidates", "choices", "resume_face",
           "resume_motion", "resume_pick", "resume_reliability", "spent_in_log", "spent_in_los"]
