"""ASL D15.44: splitting and combining cycle counters (motorcycles, moto.py; bicycles, bicycle.py, D15.8).

- ``activate CYCLE,SMC for split``: in the MPh an SMC takes one single cycle counter (1 top view, of the same
  kind: the same sidecar or not, nationality and MP) off an MMC cycle counter (2 or 3 top views), to move
  apart from the MMC. The MMC counter keeps its size (D15.1: it carries its MMC and up to four SMC). A
  motorcycle's SMC must be aboard it and rides the new counter from the same hex, facing, Motion and MP
  spent; a bicycle's SMC must be in its Location with no bicycle of his own, and gets the new one (he then
  mounts it, D15.81: hexmate's bicycles carry one unit each, so this is how an SMC rides with a squad).
- A squad on a cycle counter that is replaced by two HS (A19.13, aftermath.py: the second is ``<id>/2``):
  the counter is flipped to its HS side (the same kind with 2 top views) and a second HS counter is made for
  the other HS (``<cycle>-2``), with the first's state (``settle``). Deployment (A1.31) is not built in
  hexmate, so that case arises only from A19.13. A bicycle's squad reduced to a HS (D15.52, kept by D15.8)
  flips its counter to the HS side too (motorcycles' D15.52 is not this module's).
- ``activate CYCLE,CYCLE[,CYCLE] for combine``: unridden cycle counters of the same kind in one Location,
  2 or 3 top views in all, become one counter of that size (the first named; the others leave the map). The
  combining of riders into a squad (A1.32) is not built in hexmate, so that case does not arise.

The counters a kind offers: a motorcycle's are the catalogue's motorcycle entries of the same kind (the demo
catalogue's ``demo-moto-g`` / ``demo-moto-hs-g`` / ``demo-moto-1-g``); a bicycle's the scenario's bicycle SW
counters by ``silhouettes`` (demo ``BCY3``/``BCY2``/``BCY1``). A kind without the size needed is refused,
naming what is missing.
"""

from __future__ import annotations

import dataclasses
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


__all__ = ["COMBINE", "SPLIT", "apply", "check", "claims", "generate", "settle"]
