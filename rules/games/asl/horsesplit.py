"""ASL A13.32, A13.31: horse counters split and combined with their riders, and a rider riding along who
dismounts alone (cavalry.py has the counters, their riders and A13.31's costs).

- A13.32 with A1.31: a squad riding a squad's counter (3 horses) deploys: the counter splits into two HS
  counters (2 horses), the first HS keeping it (its id), the second riding the new one (``HORSE.2``, the
  same MPh state). SMC riding along stay on the counter kept (it carries four, A13.32; a Location holds no
  more, A5.5). A squad's counter splits only so (or by a casualty, horsehit.py): a squad leading its
  counter on foot deploys with the counter left to the first HS, like any possession it names.
- A13.32 with A1.32: two HS that combine (carriers.py) while each rides a HS counter become a squad on a
  squad's counter (the first's; the second's leaves the map, its SMC riding along moving to it). One
  mounted and one on foot do not combine (the squad would ride a counter too small or lead one apart).
- A13.32: horse counters led on foot (A13.7) may be combined at any time: ``activate HORSE,HORSE for
  combine``, two HS counters (2 horses) in one Location, each held by a Good Order unit on foot, become one
  squad's counter (3 horses: the first named, held by its holder, within A13.7's three times its size).
  The text allows no other combination and no split of a led counter.
- A13.31: ``activate HORSE,SMC for dismount``: one SMC riding along on the counter gets off alone, in its
  own MPh, at A13.31's cost (1 MF and 1 more per 25% of the horse's allowance ridden, within his basic 4);
  the horse loses 25% of its allowance for it (which it must have), the riders left going on with what is
  left; the counter, having unloaded a unit, is not mounted again in the MPh (A13.31).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cavalry as cav
from hexmate.rules.games.asl import mphsw
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

COMBINE = "combine"  # ``activate HORSE,HORSE for combine`` (A13.32)
DISMOUNT = "dismount"  # ``activate HORSE,SMC for dismount`` (A13.31)


def _ridden(state: State, unit: UnitState) -> UnitState | None:
    """The horse counter the unit holds and rides, or None."""
    horse = cav.horse_of(state, unit) if cav.mounted(unit) else None
    return horse if horse is not None and horse.carrier == unit.id else None


# --- A13.32 with A1.31 and A1.32: the riders' deployment and combination ---


def check_deploy(position: Position, squad: UnitState) -> None:
    """A13.32: a squad riding a squad's counter deploys only where the scenario has a HS counter to split it
    into."""
    horse = _ridden(position.state, squad)
    if horse is not None and cav.horses(horse) == 3 and cav.counter_of(position, 2) is None:
        raise IllegalAction(T("{unit} rides {horse}: deploying splits it into two HS horse counters, and "
                              "this scenario has none (A13.32)", unit=squad.id, horse=horse.id), "A13.32")


def deployed(position: Position, state: State, one_id: str, two_id: str) -> tuple[State, str | None]:
    """A13.32: the deployed squad's counter splits, each HS riding one; returns the state and the counter
    the first HS rides (not among the weapons the two share), or None."""
    one, two = state.units[one_id], state.units[two_id]
    horse = _ridden(state, one)
    if horse is None:
        return state, None
    counter = cav.counter_of(position, 2)
    if cav.horses(horse) != 3 or counter is None:  # nothing to split: the second HS is on foot
        return state.with_unit(two.mark(remove=(cav.MOUNTED, *(m for m in two.markers
                                                               if m.startswith(cav.RIDES))))), horse.id
    kept = horse.as_counter(counter)
    other = dataclasses.replace(kept, id=cav.new_id(state, horse.id), carrier=two_id)
    return state.with_unit(kept).with_unit(other), horse.id


def check_combine(position: Position, a: UnitState, b: UnitState) -> None:
    """A13.32 with A1.32: two HS combine mounted only if both ride HS counters, into a squad's counter the
    scenario has."""
    ha, hb = _ridden(position.state, a), _ridden(position.state, b)
    if cav.mounted(a) != cav.mounted(b):
        raise IllegalAction(T("{a} and {b}: one is mounted, the other on foot: HS combine both mounted or "
                              "both on foot (A13.32)", a=a.id, b=b.id), "A13.32")
    if ha is None or hb is None:
        return
    if cav.counter_of(position, 3) is None:
        raise IllegalAction(T("combining {a} and {b} makes their horse counters a squad's, and this scenario "
                              "has none (A13.32)", a=a.id, b=b.id), "A13.32")


def combined(position: Position, before: State, state: State, a_id: str, b_id: str) -> State:
    """A13.32 with A1.32: the squad rides a squad's counter made of the two HS counters (the first's)."""
    a, b = before.units[a_id], before.units[b_id]
    ha, hb = _ridden(before, a), _ridden(before, b)
    counter = cav.counter_of(position, 3)
    if ha is None or hb is None or counter is None or ha.id not in state.units:
        return state
    state = state.with_unit(dataclasses.replace(state.units[ha.id].as_counter(counter), carrier=a_id))
    for smc in cav.along(before, hb):  # A13.32: a squad's counter carries any number of SMC
        if smc.id in state.units:
            state = state.with_unit(state.units[smc.id].mark(f"{cav.RIDES}{ha.id}",
                                                             remove=(f"{cav.RIDES}{hb.id}",)))
    return state.without_unit(hb.id) if hb.id in state.units else state


# --- A13.32: led counters combined; A13.31: one rider off alone ---


def claims(position: Position, action: act.Action) -> bool:
    if not isinstance(action, act.Activate) or action.mode not in (COMBINE, DISMOUNT) or not action.units:
        return False
    return cav.is_horse(position.units.get(action.units[0]))


def _check_combine(position: Position, action: act.Activate) -> tuple[UnitState, UnitState]:
    if len(action.units) != 2 or any(u not in position.units for u in action.units):
        raise IllegalAction(T("name the two horse counters: activate HORSE,HORSE for combine"), "A13.32")
    first, second = (position.units[u] for u in action.units)
    if not cav.is_horse(second) or cav.horses(first) != 2 or cav.horses(second) != 2:
        raise IllegalAction(T("two HS horse counters (2 horses each) combine into a squad's (A13.32)"),
                            "A13.32")
    if first.side != position.to_act or second.side != first.side or first.hex is None \
            or (first.hex, first.level) != (second.hex, second.level):
        raise IllegalAction(T("{a} and {b} are not friendly horse counters in one Location", a=first.id,
                              b=second.id), "A13.32")
    holders = [position.units.get(h.carrier or "") for h in (first, second)]
    if any(u is None or cav.mounted(u) or u.has("broken") for u in holders):
        raise IllegalAction(T("horse counters combine while led on foot by Good Order units (A13.32, A13.7)"),
                            "A13.32")
    if cav.counter_of(position, 3) is None:
        raise IllegalAction(T("this scenario has no squad's horse counter (3 horses) to combine into "
                              "(A13.32)"),
                            "A13.32")
    holder = holders[0]
    assert holder is not None
    led = sum(cav.horses(h) for h in au.possessed(position.state, holder.id) if cav.is_horse(h)
              and h.id not in action.units) + 3
    size = {"squad": 3, "hs": 2, "crew": 2}.get(holder.type, 1)
    if led > 3 * size:
        raise IllegalAction(T("{unit} leads {n} horses' worth of counters: at most {most} (A13.7)",
                              unit=holder.id, n=led, most=3 * size), "A13.7")
    return first, second


def _check_dismount(position: Position, action: act.Activate) -> tuple[UnitState, UnitState]:
    if len(action.units) != 2 or any(u not in position.units for u in action.units):
        raise IllegalAction(T("name the horse counter and its rider: activate HORSE,SMC for dismount"),
                            "A13.31")
    horse, unit = (position.units[u] for u in action.units)
    if unit not in cav.along(position.state, horse):
        raise IllegalAction(T("{unit} does not ride along on {horse}: only an SMC riding along dismounts "
                              "alone (unload {horse} dismounts everyone on it)", unit=unit.id,
                              horse=horse.id), "A13.32")
    if unit.side != position.phasing or position.phase.id != "MPh":
        raise IllegalAction(T("horses are mounted and dismounted only in the rider's own MPh, never in the "
                              "APh (A13.31)"), "A13.31")
    if unit.id in position.state.moved and mphsw.mf_left(unit) is None:
        raise IllegalAction(T("{unit} has finished its move this MPh", unit=unit.id), "A4.2")
    used = cav.dismount_cost(unit, horse)
    if used > cav.RIDER_MF:
        raise IllegalAction(T("dismounting would take {mf} of {unit}'s basic 4 MF (A13.31)",
                              mf=str(used), unit=unit.id), "A13.31")
    if _left(position.state, unit, horse) < Fraction(cav.allowance(horse), 4):
        raise IllegalAction(T("{horse} has not the 25% of its allowance that dismounting costs it (A13.31)",
                              horse=horse.id), "A13.31")
    return horse, unit


def _left(state: State, unit: UnitState, horse: UnitState) -> Fraction:
    left = mphsw.mf_left(unit)
    return left if left is not None else Fraction(cav.allowance(horse)) - cav._halves(horse, cav.LOST)


def check(position: Position, action: act.Activate) -> act.Activate:
    if action.mode == COMBINE:
        _check_combine(position, action)
    else:
        _check_dismount(position, action)
    return action


def apply(position: Position, action: act.Activate) -> State:
    state = position.state
    if action.mode == COMBINE:  # A13.32: the first named becomes the squad's counter
        first, second = _check_combine(position, action)
        counter = cav.counter_of(position, 3)
        assert counter is not None
        return state.without_unit(second.id).with_unit(first.as_counter(counter))
    horse, unit = _check_dismount(position, action)
    quarter = Fraction(cav.allowance(horse), 4)
    left = cav.RIDER_MF - cav.dismount_cost(unit, horse)
    old = tuple(m for m in unit.markers if m.startswith((cav.INF, cav.RODE, cav.RIDES)))
    rider = unit.mark(remove=(cav.MOUNTED, *old)).mark(cav.DISMOUNTED)
    state = state.with_unit(mphsw._with_left(rider, left).mark(mphsw.PAUSE))
    if unit.id not in state.moved:
        state = state.replace(moved=(*state.moved, unit.id))
    horse = cav._set(horse, cav.LOST, cav._halves(horse, cav.LOST) + quarter).mark(cav.USED)
    state = state.with_unit(horse)
    for other in cav.riders_of(state, horse):  # A13.31: the horse's 25% lost to the dismount
        mf = mphsw.mf_left(other)
        if mf is not None:
            state = state.with_unit(mphsw._with_left(other, max(Fraction(0), mf - quarter)))
    return state


def generate(position: Position) -> Iterator[act.Action]:
    """The lone dismounts and led combinations open now, for the page's buttons."""
    horses = sorted((u for u in position.units.values() if cav.is_horse(u) and u.side == position.to_act),
                    key=lambda u: u.id)
    candidates: list[act.Activate] = []
    for horse in horses:
        candidates += [act.Activate((horse.id, smc.id), DISMOUNT) for smc in cav.along(position.state, horse)]
    for a, b in ((a, b) for i, a in enumerate(horses) for b in horses[i + 1:]):
        candidates.append(act.Activate((a.id, b.id), COMBINE))
    for action in candidates:
        try:
            check(position, action)
        except IllegalAction:
            continue
        yield action


__all__ = ["COMBINE", "DISMOUNT", "apply", "check", "check_combine", "check_deploy", "claims", "combined",
           "deployed", "generate"]
