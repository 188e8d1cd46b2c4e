"""ASL A9.73: a SW destroyed or deliberately malfunctioned by its possessor.

Instead of firing it, a unit may destroy a SW it possesses (``activate SW for destroy``: the counter is
removed) or malfunction it on purpose (``activate SW for disable``: it is malfunctioned, A9.7), only in a
PFPh or DFPh in which both it and the weapon could fire: the unit in Good Order, not in Melee, on its side's
turn, the weapon not malfunctioned (for ``disable``) and not yet used this phase. It counts as a use of the
SW (it takes the phase's fire marker) and a unit does so to only as many SW as it could fire (A7.35). The
removed counter is taken off the table as any removed unit is. Not built: A8.4's DFPh limits on a unit that
already fired in the MPh (A9.73 refers to them), and Guns and a vehicle's own weapons, which A9.73 also
names (they are no SW counters here).

D15.5: a riderless motorcycle counts as a SW for its destruction: ``activate CYCLE for destroy`` in the same
phases, by a Good Order friendly infantry unit in its Location (none possesses it), never ``disable``. Its
random destruction (A9.74) by an OVR is swrandom.py's for the SW counters (a riderless motorcycle is no
SW counter there; a KIA on its riders removes it already, D15.51); by indirect fire: not built.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import moto
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.dismantle import PHASE_MARKERS
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

DESTROY = "destroy"
DISABLE = "disable"


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode in (DESTROY, DISABLE)


def check(position: Position, action: act.Activate) -> act.Activate:
    if len(action.units) != 1 or action.units[0] not in position.units:
        raise IllegalAction(T("name one SW: activate SW for {mode}", mode=action.mode), "A9.73")
    sw = position.units[action.units[0]]
    cycle = moto.is_moto_unit(sw)
    if sw.type != au.SW and not cycle:
        raise IllegalAction(T("{unit} is not a support weapon", unit=sw.id), "A9.73")
    phase = position.phase.id
    marker = PHASE_MARKERS.get(phase)
    if marker is None:
        raise IllegalAction(T("a SW is destroyed or malfunctioned on purpose in a Prep or Defensive Fire "
                              "Phase (A9.73)"), "A9.73")
    owner = _cycle_user(position, sw, action.mode) if cycle else position.units.get(sw.carrier or "")
    if cycle and owner is None:
        raise IllegalAction(T("no friendly infantry in Good Order is with {sw} to destroy it (D15.5, A9.73)",
                              sw=sw.id), "A9.73")
    if owner is None or owner.hex is None:
        raise IllegalAction(T("{sw} has no possessor: only the unit possessing it may do that (A9.73)",
                              sw=sw.id), "A9.73")
    if owner.side != position.to_act or (owner.side == position.phasing) != (phase == "PFPh"):
        raise IllegalAction(T("{unit} is not {side}'s to use in the {phase}", unit=owner.id,
                              side=position.to_act, phase=position.phase.name), "A9.73")
    if not au.good_order(owner) or owner.has("melee") or owner.has("berserk"):
        raise IllegalAction(T("{unit} is broken, berserk or in Melee and cannot use {sw} (A9.8)",
                              unit=owner.id, sw=sw.id), "A9.73")
    if sw.has(marker):
        raise IllegalAction(T("{sw} has fired or been used this phase", sw=sw.id), "A9.73")
    if action.mode == DISABLE and sw.has("malfunctioned"):
        raise IllegalAction(T("{sw} has malfunctioned already", sw=sw.id), "A9.73")
    used = sum(1 for w in au.possessed(position.state, owner.id) if w.has(marker))
    if used + 1 > au.sw_fire_limit(owner):
        raise IllegalAction(T("{unit} may use at most {n} SW in a fire phase (A9.8, A7.35)", unit=owner.id,
                              n=au.sw_fire_limit(owner)), "A9.73")
    return action


def _cycle_user(position: Position, cycle: UnitState, mode: str) -> UnitState | None:
    """D15.5: a riderless motorcycle is a SW for its destruction on purpose (A9.73): by a friendly infantry
    unit in its Location (none possesses it; the first that may use a SW now does it). Never malfunctioned
    on purpose: the text makes it a SW for destruction only."""
    if mode != DESTROY:
        raise IllegalAction(T("a riderless motorcycle is a SW only to be destroyed (D15.5, A9.73)"), "D15.5")
    if moto.riders_of(position.state, cycle):
        raise IllegalAction(T("{unit} has riders: only a riderless motorcycle is destroyed as a SW (D15.5)",
                              unit=cycle.id), "D15.5")
    marker = PHASE_MARKERS[position.phase.id]
    if cycle.hex is None:
        return None
    users = [u for u in position.units_at(cycle.hex) if u.side == cycle.side and u.level == cycle.level
             and u.carrier is None and u.type not in (au.SW, "vehicle") and au.good_order(u)
             and not u.has("melee") and not u.has("berserk") and not u.has(marker)]
    return min(users, key=lambda u: u.id) if users else None


def apply(position: Position, action: act.Activate) -> State:
    sw = position.units[action.units[0]]
    if action.mode == DESTROY:
        return position.state.without_unit(sw.id)
    return position.state.with_unit(sw.mark("malfunctioned", PHASE_MARKERS[position.phase.id]))


def generate(position: Position) -> Iterator[act.Action]:
    if position.phase.id not in PHASE_MARKERS or position.state.decision is not None:
        return
    for sw in sorted(position.units.values(), key=lambda u: u.id):
        if moto.is_moto_unit(sw):  # D15.5: a riderless motorcycle, destroyed only
            with contextlib.suppress(IllegalAction):
                yield check(position, act.Activate((sw.id,), DESTROY))
            continue
        if sw.type != au.SW or sw.carrier is None:
            continue
        for mode in (DESTROY, DISABLE):
            action = act.Activate((sw.id,), mode)
            try:
                yield check(position, action)
            except IllegalAction:
                continue


__all__ = ["DESTROY", "DISABLE", "apply", "check", "claims", "generate"]
