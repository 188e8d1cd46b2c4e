"""ASL chapter D: Bounding First Fire by the passengers and riders of a vehicle in their own MPh (D3.3), and
the fire-phase bars that come with it (D.3, D3.3, D3.5, D6.5).

D3.3 lets a vehicle *and its passengers and riders* move and fire in their own MPh, in either order. Here the
units aboard a vehicle of the phasing side fire on the IFT between moves (never while a move is under way or
a question is open), at any enemy in their LOS, as the vehicle fires its gun (vfire.bounding). The attack is
worked out as the phasing side's fire of the Player Turn outside the MPh (the PFPh's arithmetic: no FFNAM or
FFMO, for the target is not moving; no AFPh halving), with the halvings of firing from aboard (mounted.py:
mounted fire, D6.1, D6.22, D6.72; a rider's quarter on an AFV that moved, D6.22; Motion, D2.42; and a
passenger's Bounding Fire halving once its vehicle has moved this phase, D6.63, D6.1). From a bypassing
vehicle they need a LOS from its CAFP too (D2.37, as D6.65 traces a passenger leader's). The firers take a
Bounding Fire counter (D3.3).

The bars, from the text:

- D6.5: infantry never fire and move under their own power in one phase: units that loaded this MPh do not
  fire in it, and once units aboard have fired the vehicle does not unload them this phase (transport.py);
- D.3, D3.5: a vehicle or PRC that Prep Fired bars the other from the MPh, all non-CC fire of a vehicle and
  its PRC being in one fire phase;
- D3.3: a Bounding Fire counter on the vehicle bars it and its PRC from the AFPh; D3.5 (and D3.32): once
  its PRC fired in the MPh, the vehicle does not fire in the AFPh, nor do the PRC.

Delay MP (D2.17: MP spent without moving, while stopped, to build up MP spent in the target's LOS for Case C
instead of C1/C2) are not needed for this fire: the text makes them the owner's choice, never a condition of
the fire, and what they buy (Case C against C1/C2) is chapter C's (C5.33, not among the texts). The delay MP
themselves are vdelay.py's.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import blindshot, mounted, vbypass
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from collections.abc import Iterator

    from hexmate.rules.games.asl.game import AslGame

BOUNDING = "bounding_fire"  # D3.3 (vfire.BOUNDING)
ARG = "bff"  # the IFT roll of a PRC's Bounding First Fire


def _aboard(position: Position, unit: UnitState) -> UnitState | None:
    return mounted.carrier_of(position, unit)


def claims(position: Position, fire: act.Fire) -> bool:
    """An infantry fire of the phasing side in its own MPh by units aboard its vehicles (D3.3)."""
    if position.phase.id != "MPh":
        return False
    firers = [position.units.get(u) for u in fire.firers]
    if not firers or any(u is None or is_vehicle(u) or u.side != position.phasing for u in firers):
        return False
    return any(_aboard(position, u) is not None for u in firers if u is not None)


def view(position: Position) -> Position:
    """The position seen from the PFPh of this Player Turn: the phasing side's fire at a target that does not
    move, the arithmetic D3.3's Bounding First Fire shares (no FFNAM/FFMO, no AFPh halving)."""
    steps = position.game.sequence.steps
    here = steps[position.state.step]
    step = next(i for i, s in enumerate(steps) if s.part is here.part and s.phase.id == "PFPh")
    return position.at(position.state.replace(step=step))


def _swap(state: State, ids: tuple[str, ...], old: str, new: str) -> State:
    for uid in ids:
        unit = state.units.get(uid)
        if unit is not None and unit.has(old):
            state = state.with_unit(unit.mark(new, remove=(old,)))
    return state


def vehicle_fired(position: Position, vehicle: UnitState, marker: str) -> bool:
    """Has the vehicle, or a unit aboard it (or a SW they hold), this fire counter?"""
    if vehicle.has(marker):
        return True
    return any(u.has(marker) for u in position.units.values()
               if u.type != "vehicle" and (v := _aboard(position, u)) is not None and v.id == vehicle.id)


def check(game: AslGame, position: Position, fire: act.Fire) -> act.Fire:
    state = position.state
    if state.moving is not None or state.decision is not None:
        raise IllegalAction(T("units aboard a vehicle fire between moves, not while one is under way"),
                            "D3.3")
    firers = [position.units[u] for u in fire.firers]
    for unit in firers:
        vehicle = _aboard(position, unit)
        if vehicle is None:
            raise IllegalAction(T("{unit} is on foot: in its own MPh only units aboard a vehicle fire",
                                  unit=unit.id), "D3.3")
        if unit.has(BOUNDING):
            raise IllegalAction(T("{unit} has already fired this phase", unit=unit.id), "D3.3")
        if unit.type != au.SW and unit.id in state.moved:
            raise IllegalAction(T("{unit} moved under its own power this phase (loading): infantry never "
                                  "move and fire in one phase", unit=unit.id), "D6.5")
        if vehicle_fired(position, vehicle, "prep_fire"):
            raise IllegalAction(T("{vehicle} or a unit aboard it Prep Fired: no fire from it in the MPh",
                                  vehicle=vehicle.id), "D.3")
    checked = game.check(view(position), fire)
    assert isinstance(checked, act.Fire)
    vehicle = _aboard(position, firers[0])
    sight = vbypass.sight(position, fire.target, vehicle) if vehicle is not None else None
    if sight is not None and sight.blocked:  # D2.37, D6.65: a bypassing vehicle's PRC see from its CAFP
        raise IllegalAction(T("{unit} rides a bypassing vehicle and has no line of sight from its CAFP to "
                              "{hex}", unit=firers[0].id, hex=position.label(fire.target)), "D2.37")
    return checked


def declare(game: AslGame, position: Position, fire: act.Fire) -> State:
    """The fire as the PFPh would declare it, its counters Bounding Fire ones (D3.3), its roll marked."""
    state = game.apply(view(position), fire)
    state = _swap(state, fire.firers, "prep_fire", BOUNDING)
    decisions = tuple(d.with_args(**{ARG: "1"}) if d.then == "ift" and d.subject == fire.firers else d
                      for d in state.decisions)
    return state.replace(step=position.state.step, decisions=decisions)


def is_bff(decision: Decision) -> bool:
    return decision.then == "ift" and decision.arg(ARG) == "1"


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The IFT DR of a PRC's Bounding First Fire, worked out as the PFPh's; a MG that keeps its rate of fire
    loses its counter and may fire again (D3.3, A9.2)."""
    ids = decision.subject
    seen = view(position.at(_swap(position.state, ids, BOUNDING, "prep_fire")))
    plain = dataclasses.replace(decision, args=tuple(a for a in decision.args if a[0] != ARG))
    state = game.resume_ift(seen, plain, answer)
    state = _swap(state, ids, "prep_fire", BOUNDING)
    return state.replace(step=position.state.step)


def afph_bar(position: Position, fire: act.Fire) -> None:
    """D3.3, D3.5, D3.31: in the AFPh, a vehicle with a Bounding Fire counter, or whose PRC fired in the MPh,
    fires no more, nor do its PRC."""
    if position.phase.id != "AFPh":
        return
    for uid in fire.firers:
        unit = position.units.get(uid)
        if unit is None:
            continue
        vehicle = unit if is_vehicle(unit) else _aboard(position, unit)
        if vehicle is None:
            continue
        if vehicle_fired(position, vehicle, BOUNDING):
            raise IllegalAction(T("{vehicle} or a unit aboard it made Bounding First Fire: neither fires in "
                                  "the AFPh", vehicle=vehicle.id), "D3.3")


def generate(game: AslGame, position: Position) -> Iterator[act.Action]:
    """The Bounding First Fire open to units aboard the phasing side's vehicles between moves (D3.3): each
    vehicle's load as one fire group and each unit alone, at each enemy hex in reach."""
    state = position.state
    if state.moving is not None or state.decision is not None:
        return
    by_vehicle: dict[str, list[str]] = {}
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or unit.type in (au.SW, "vehicle") or unit.has("broken"):
            continue
        vehicle = _aboard(position, unit)
        if vehicle is not None:
            by_vehicle.setdefault(vehicle.id, []).append(unit.id)
    if not by_vehicle:
        return
    enemy = sorted({u.hex for u in position.units.values() if u.side != position.phasing and u.hex is not None
                    and u.type not in (au.SW, "vehicle")}, key=lambda h: (h.q, h.r))
    for ids in by_vehicle.values():
        groups = [tuple(ids)] + ([(i,) for i in ids] if len(ids) > 1 else [])
        for group in groups:
            for h in enemy:
                fire = act.Fire(group, h)
                try:
                    check(game, position, fire)
                except (IllegalAction, InvalidAction):
                    continue
                if blindshot.all_blind(view(position), fire):
                    continue  # A6.11: a declared blind shot is fired, but the table lists none
                yield fire


__all__ = [
    "ARG",
    "BOUNDING",
    "afph_bar",
    "check",
    "claims",
    "declare",
    "generate",
    "is_bff",
    "resume",
    "vehicle_fired",
    "view",
]
