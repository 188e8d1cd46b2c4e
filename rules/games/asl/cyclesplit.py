"""ASL D15.44: splitting and combining cycle counters (motorcycles, moto.py; bicycles, bicycle.py, D15.8).

- ``activate CYCLE,SMC for split``: in the MPh an SMC takes one single cycle counter (1 top view, of the same
  kind: the same sidecar or not, nationality and MP) off an MMC cycle counter (2 or 3 top views), to move
  apart from the MMC. The MMC counter keeps its size (D15.1: it carries its MMC and up to four SMC). A
  motorcycle's SMC must be aboard it and rides the new counter from the same hex, facing, Motion and MP
  spent; a bicycle's SMC must be in its Location with no bicycle of his own, and gets the new one (he then
  mounts it, D15.81: hexmate's bicycles carry one unit each, so this is how an SMC rides with a squad).
- A squad on a cycle counter that is replaced by two HS (A19.13, aftermath.py: the second is ``<id>/2``):
  the counter is flipped to its HS side (the same kind with 2 top views) and a second HS counter is made for
  the other HS (``<cycle>-2``), with the first's state (``settle``). A bicycle's squad reduced to a HS
  (D15.52, kept by D15.8) flips its counter to the HS side too (motorcycles' D15.52 is not this module's).
- D15.44 with A1.31: a squad aboard a motorcycle, or riding its bicycle, deploys in its RPh as any squad does
  (deployment.py; a leader riding a motorcycle in the Location directs it); its counter flips to the HS side
  and the second HS gets its own HS counter (``deployed``; the first HS's counter is not among the weapons
  the two share). A kind with no HS counter is refused before the NTC. A guard's deployment (A20.5,
  guards.py) is handled the same way.
- ``activate CYCLE,CYCLE[,CYCLE] for combine``: unridden cycle counters of the same kind in one Location,
  2 or 3 top views in all, become one counter of that size (the first named; the others leave the map).
- D15.44 with A1.32: two HS that combine (carriers.check_combine) while each rides a HS motorcycle counter of
  one kind become a squad on a squad's counter (the first's; the SMC of the second come along, up to four,
  D15.1; one HS aboard and one on foot is refused). Two HS bicycles the squad then holds become its squad
  counter, ridden only if both HS rode (``combined``).

The counters a kind offers: a motorcycle's are the catalogue's motorcycle entries of the same kind (the demo
catalogue's ``demo-moto-g`` / ``demo-moto-hs-g`` / ``demo-moto-1-g``); a bicycle's the scenario's bicycle SW
counters by ``silhouettes`` (demo ``BCY3``/``BCY2``/``BCY1``). A kind without the size needed is refused,
naming what is missing.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from pathlib import Path

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import bicycle
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.vehicles import DATA_DIR, VehicleType, load_catalogue
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

SPLIT, COMBINE = "split", "combine"
SMC = ("leader", "hero")


def claims(position: Position, action: act.Action) -> bool:
    """A split, or a combine of cycle counters (A1.32's combine of two HS is carriers.py's)."""
    if not isinstance(action, act.Activate) or action.mode not in (SPLIT, COMBINE):
        return False
    if action.mode == SPLIT:
        return True
    units = [position.units.get(u) for u in action.units]
    return all(u is not None and (_is_moto(u) or bicycle.is_bicycle(u)) for u in units)


def _is_moto(unit: UnitState) -> bool:
    from hexmate.rules.games.asl import moto

    return moto.is_moto_unit(unit)


def _vt(unit: UnitState) -> VehicleType:
    from hexmate.rules.games.asl.armour import vtype

    return vtype(unit)


def _size(unit: UnitState) -> int:
    return _vt(unit).silhouettes if _is_moto(unit) else bicycle.size(unit)


def _kind(unit: UnitState) -> tuple[object, ...]:
    """What makes two cycle counters 'of the same kind' (D15.44)."""
    if _is_moto(unit):
        vt = _vt(unit)
        return ("moto", vt.sidecar, vt.nationality, vt.mp)
    return ("bicycle", unit.values.get("nationality", ""))


def _counter(position: Position, unit: UnitState, n: int) -> CounterType | None:
    """The counter of ``unit``'s kind with ``n`` top views, or None."""
    if not _is_moto(unit):
        return next((c for _, c in sorted(position.scenario.counters.items())
                     if c.type == au.SW and c.values.get("sw") == bicycle.BICYCLE
                     and int(c.values.get("silhouettes", 1) or 1) == n
                     and c.values.get("nationality", "") == unit.values.get("nationality", "")), None)
    vt = _vt(unit)
    catalogue = str(unit.values.get("catalogue", "catalogues/demo-vehicles.json"))
    entries = load_catalogue(str(Path(DATA_DIR) / catalogue)).vehicles
    vid = next((k for k, v in sorted(entries.items()) if v.movement == vt.movement and v.sidecar == vt.sidecar
                and v.nationality == vt.nationality and v.mp == vt.mp and v.silhouettes == n), None)
    if vid is None:
        return None
    named = next((c for _, c in sorted(position.scenario.counters.items())
                  if c.type == "vehicle" and c.values.get("vehicle") == vid
                  and str(c.values.get("catalogue", "catalogues/demo-vehicles.json")) == catalogue), None)
    return named or CounterType(vid, "vehicle", {"vehicle": vid, "catalogue": catalogue})


def _need(position: Position, unit: UnitState, n: int) -> CounterType:
    counter = _counter(position, unit, n)
    if counter is None:
        raise IllegalAction(T("there is no counter of {unit}'s kind with {n} top views to use (D15.44)",
                              unit=unit.id, n=n), "D15.44")
    return counter


def _riders(state: State, cycle: UnitState) -> list[UnitState]:
    if _is_moto(cycle):
        return sorted((u for u in state.units.values() if u.carrier == cycle.id and u.type != au.SW),
                      key=lambda u: u.id)
    owner = state.units.get(cycle.carrier or "")
    return [owner] if owner is not None and bicycle.riding(owner) else []


def _cycle(position: Position, uid: str) -> UnitState:
    unit = position.units.get(uid)
    if unit is None or not (_is_moto(unit) or bicycle.is_bicycle(unit)):
        raise IllegalAction(T("{unit} is not a motorcycle or bicycle counter", unit=uid), "D15.44")
    return unit


def _in_mph(position: Position, unit: UnitState) -> None:
    side = unit.side if _is_moto(unit) else (position.units.get(unit.carrier or "") or unit).side
    if position.phase.id != "MPh" or side != position.phasing:
        raise IllegalAction(T("cycle counters are split or combined in their side's own MPh"), "D15.44")


def check(position: Position, action: act.Activate) -> act.Activate:
    if action.mode == SPLIT:
        _check_split(position, action)
    else:
        _check_combine(position, action)
    return action


def _check_split(position: Position, action: act.Activate) -> tuple[UnitState, UnitState, CounterType]:
    if len(action.units) != 2:
        raise IllegalAction(T("name the cycle counter and the SMC: activate CYCLE,SMC for split"), "D15.44")
    cycle = _cycle(position, action.units[0])
    smc = position.units.get(action.units[1])
    _in_mph(position, cycle)
    if smc is None or smc.type not in SMC:
        raise IllegalAction(T("only an SMC splits a single cycle off an MMC's counter"), "D15.44")
    if _size(cycle) < 2:
        raise IllegalAction(T("{unit} is already a single cycle", unit=cycle.id), "D15.44")
    if _is_moto(cycle):
        if smc.carrier != cycle.id:
            raise IllegalAction(T("{smc} is not aboard {unit}", smc=smc.id, unit=cycle.id), "D15.44")
    else:
        owner = position.units.get(cycle.carrier or "")
        if owner is None or owner.type in SMC or owner.hex != smc.hex or owner.side != smc.side:
            raise IllegalAction(T("{smc} must be in the Location of the MMC that possesses {unit}",
                                  smc=smc.id, unit=cycle.id), "D15.44")
        if bicycle.bicycle_of(position.state, smc) is not None or smc.has("broken") or smc.carrier:
            why = T("{smc} already has a bicycle, is broken or is aboard", smc=smc.id)
            raise IllegalAction(why, "D15.44")
    return cycle, smc, _need(position, cycle, 1)


def apply_split(position: Position, action: act.Activate) -> State:
    """The SMC's single counter: a motorcycle's copies the cycle's hex, facing, markers (Motion, MP spent);
    a bicycle's is possessed by the SMC."""
    cycle, smc, counter = _check_split(position, action)
    new_id = f"{cycle.id}-{smc.id}"
    state = position.state
    if _is_moto(cycle):
        single = dataclasses.replace(cycle, id=new_id, counter=counter)
        state = state.with_unit(single).with_unit(dataclasses.replace(smc, carrier=new_id))
        return state
    single = UnitState(new_id, smc.side, counter, smc.hex, carrier=smc.id)
    return state.with_unit(single)


def _check_combine(position: Position, action: act.Activate) -> tuple[list[UnitState], CounterType]:
    cycles = [_cycle(position, uid) for uid in action.units]
    if len(cycles) < 2 or len(set(action.units)) != len(action.units):
        raise IllegalAction(T("name two or three cycle counters: activate CYCLE,CYCLE for combine"), "D15.44")
    _in_mph(position, cycles[0])
    where = {(c.hex, c.level) for c in cycles}
    if len(where) != 1 or len({_kind(c) for c in cycles}) != 1:
        raise IllegalAction(T("only cycle counters of the same kind in one Location combine"), "D15.44")
    ridden = next((c for c in cycles if _riders(position.state, c)), None)
    if ridden is not None:
        raise IllegalAction(T("{unit} is ridden: only unridden cycles combine", unit=ridden.id), "D15.44")
    total = sum(_size(c) for c in cycles)
    if total not in (2, 3):
        raise IllegalAction(T("{n} top views in all make no counter (a HS's is 2, a squad's 3)", n=total),
                            "D15.44")
    return cycles, _need(position, cycles[0], total)


def apply_combine(position: Position, action: act.Activate) -> State:
    cycles, counter = _check_combine(position, action)
    state = position.state.with_unit(cycles[0].as_counter(counter))
    for other in cycles[1:]:
        state = state.without_unit(other.id)
    return state


def apply(position: Position, action: act.Activate) -> State:
    return apply_split(position, action) if action.mode == SPLIT else apply_combine(position, action)


def settle(position: Position, state: State) -> State:
    """D15.44 with A19.13: a squad's cycle counter carrying two HS (a squad's bicycle possessed by the first
    HS of a squad replaced, the second ``<id>/2`` without one) is flipped to its HS side and a second HS
    counter made for the other HS."""
    for cycle in [u for u in state.units.values() if _is_moto(u) or bicycle.is_bicycle(u)]:
        if _is_moto(cycle):
            mmc = [u for u in _riders(state, cycle) if u.type not in SMC]
            if len(mmc) != 2 or _size(cycle) != 3:
                continue
            second = mmc[1]
        else:
            owner = state.units.get(cycle.carrier or "")
            if owner is None or bicycle.size(cycle) != 3 or owner.type not in ("hs", "crew") \
                    or not owner.has(bicycle.RIDING):  # a squad's counter under a HS riding it
                continue
            second_ = state.units.get(f"{owner.id}/2")
            hs = _counter(position.at(state), cycle, 2)
            if hs is None:
                continue
            state = state.with_unit(cycle.as_counter(hs))  # D15.52 (D15.8): a squad reduced, its counter too
            if second_ is None or bicycle.bicycle_of(state, second_) is not None:
                continue
            extra = UnitState(f"{cycle.id}-2", cycle.side, hs, second_.hex, carrier=second_.id)
            state = state.with_unit(extra)
            continue
        hs = _counter(position.at(state), cycle, 2)
        if hs is None:
            continue  # a kind with no HS counter: nothing to flip to (the catalogue's; said in the docs)
        state = state.with_unit(cycle.as_counter(hs))
        new_id = f"{cycle.id}-2"
        state = state.with_unit(dataclasses.replace(cycle, id=new_id, counter=hs))
        state = state.with_unit(dataclasses.replace(second, carrier=new_id))
    return state


# --- D15.44 with A1.31 and A1.32: riders who deploy or combine aboard their cycles ---


def ridden(state: State, unit: UnitState) -> UnitState | None:
    """The cycle counter ``unit`` rides: the motorcycle it is aboard, or its own bicycle while it rides it."""
    if unit.carrier is not None:
        cycle = state.units.get(unit.carrier)
        return cycle if cycle is not None and _is_moto(cycle) else None
    return bicycle.bicycle_of(state, unit) if bicycle.riding(unit) else None


def check_deploy(position: Position, squad: UnitState) -> None:
    """D15.44 with A1.31: a squad on a cycle counter deploys on it; its counter then flips to its HS side and
    a second HS counter is made, so the kind must have one."""
    cycle = ridden(position.state, squad)
    if cycle is not None and _size(cycle) == 3:
        _need(position, cycle, 2)


def _free_id(state: State, base: str) -> str:
    n = 2
    while f"{base}-{n}" in state.units:
        n += 1
    return f"{base}-{n}"


def deployed(position: Position, state: State, one_id: str, two_id: str) -> tuple[State, str | None]:
    """D15.44: the squad's cycle counter, now carrying its two HS, is flipped to its HS side and a second HS
    counter (``<cycle>-2``) carries the second HS, in the same state (hex, facing, Motion, MP spent). Returns
    the state and the id of the first HS's counter, which is not among the weapons the HS share (A1.31)."""
    one, two = state.units[one_id], state.units[two_id]
    cycle = ridden(state, one)
    if cycle is None or _size(cycle) != 3:
        return state, None
    hs = _counter(position.at(state), cycle, 2)
    if hs is None:  # a kind with no HS counter (A1.31's deployment was refused for it: check_deploy)
        return state, None
    state = state.with_unit(cycle.as_counter(hs))
    new_id = _free_id(state, cycle.id)
    if _is_moto(cycle):
        state = state.with_unit(dataclasses.replace(cycle, id=new_id, counter=hs))
        return state.with_unit(dataclasses.replace(two, carrier=new_id)), cycle.id
    state = state.with_unit(UnitState(new_id, cycle.side, hs, two.hex, carrier=two.id))
    return state.with_unit(two.mark(bicycle.RIDING)), cycle.id  # he rides his own, as the squad did


def check_combine_riders(position: Position, a: UnitState, b: UnitState) -> bool:
    """D15.44 with A1.32: two HS aboard motorcycles combine when each rides a HS counter of one kind in their
    Location (the two then become the squad's counter, with the SMC of both: up to four, D15.1). True when
    they ride; neither aboard: False; one aboard, or counters that make no squad's, is refused."""
    ca, cb = (position.units.get(u.carrier or "") for u in (a, b))
    moto_a, moto_b = (c is not None and _is_moto(c) for c in (ca, cb))
    if not moto_a and not moto_b:
        return False
    if ca is None or cb is None or not (moto_a and moto_b) or ca.id == cb.id \
            or _kind(ca) != _kind(cb) or _size(ca) != 2 or _size(cb) != 2:
        raise IllegalAction(T("{a} and {b} combine aboard motorcycles only when each rides a HS counter of "
                              "one kind (D15.44)", a=a.id, b=b.id), "D15.44")
    smc = [u for c in (ca, cb) for u in _riders(position.state, c) if u.type in SMC]
    if len(smc) > 4:
        raise IllegalAction(T("a squad's motorcycle counter carries up to four SMC, not {n} (D15.1)",
                              n=len(smc)), "D15.1")
    _need(position, ca, 3)
    return True


def combined(position: Position, before: State, state: State, a_id: str, b_id: str) -> State:
    """D15.44 with A1.32: the HS combined into a squad (``a_id``, ``b_id`` gone): the motorcycles they rode
    become one squad counter (the first's), carrying the second's SMC too; two HS bicycles the squad now
    possesses become its squad counter, ridden if both HS rode."""
    a, b = before.units[a_id], before.units[b_id]
    ca, cb = (before.units.get(u.carrier or "") for u in (a, b))
    if ca is not None and cb is not None and _is_moto(ca) and _is_moto(cb):
        state = state.with_unit(state.units[ca.id].as_counter(_need(position.at(state), ca, 3)))
        for unit in _riders(state, state.units[cb.id]):
            state = state.with_unit(dataclasses.replace(unit, carrier=ca.id))
        return state.without_unit(cb.id)
    squad = state.units.get(a_id)
    if squad is None:
        return state
    if not (bicycle.riding(a) and bicycle.riding(b)) and squad.has(bicycle.RIDING):
        state = state.with_unit(squad.mark(remove=(bicycle.RIDING, bicycle.BONUS)))
    halves = [u for u in au.possessed(state, a_id) if bicycle.is_bicycle(u) and bicycle.size(u) == 2]
    for first, second in itertools.combinations(halves, 2):
        if _kind(first) == _kind(second) and _counter(position.at(state), first, 3) is not None:
            counter = _need(position.at(state), first, 3)
            return state.with_unit(state.units[first.id].as_counter(counter)).without_unit(second.id)
    return state


def generate(position: Position) -> Iterator[act.Action]:
    """Splits open now, for the page's buttons (combining is typed: ``activate C1,C2 for combine``)."""
    if position.phase.id != "MPh":
        return
    for cycle in sorted(position.units.values(), key=lambda u: u.id):
        if not (_is_moto(cycle) or bicycle.is_bicycle(cycle)) or cycle.hex is None:
            continue
        for smc in position.units_at(cycle.hex):
            if smc.type not in SMC:
                continue
            action = act.Activate((cycle.id, smc.id), SPLIT)
            try:
                check(position, action)
            except IllegalAction:
                continue
            yield action


__all__ = ["COMBINE", "SPLIT", "apply", "check", "check_combine_riders", "check_deploy", "claims", "combined",
           "deployed", "generate", "ridden", "settle"]
