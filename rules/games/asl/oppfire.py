"""ASL Opportunity Fire (A7.25) and the AFPh's limits on weapons (A4.41).

A7.25: in its PFPh a Good Order infantry unit that has not fired in this Player Turn and is not TI may be
marked for Opportunity Fire (the Bounding Fire counter): ``activate UNITS for opportunity``. It then loses its
"?" if a Good Order enemy ground unit within 16 hexes sees it (A12.14), fires no more in the PFPh and does
not move in the MPh; in the AFPh, if it is not broken (nor pinned, to use a FT, DC or MOL), it fires without
the AFPh's halving (A7.24), and it is the only unit whose weapons may keep multiple ROF there. A Gun fires
Opportunity Fire only when infantry fires it, which is all this module marks.

A4.41: a MMG, HMG, mortar, SW INF/RCL or non-vehicular Gun that moved in the MPh (its possessor moved it,
not merely recovered it, A4.44) does not fire in the AFPh that follows; a German dismantled MMG/HMG still
fires as a LMG (A9.8). A weapon firing in the AFPh fires once, whatever its ROF, unless it is an Opportunity
Fire unit's (A4.41, A7.25). Marked at the MPh's end (``end_of_mph``), both markers go at the AFPh's end.
"""

from __future__ import annotations

from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import concealment, dismantle
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

MODE = "opportunity"
MARKER = "opportunity"  # A7.25: the Bounding Fire counter on a unit keeping its fire for the AFPh
MOVED = "sw_moved"  # A4.41: a heavy weapon moved in this Player Turn's MPh
INFANTRY = frozenset({"squad", "hs", "crew", "leader", "hero"})
HEAVY_SW = frozenset({"mortar", "inf", "rcl"})


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode == MODE


def why_not(position: Position, unit: UnitState) -> T | None:
    """Why ``unit`` may not be marked for Opportunity Fire now (A7.25), or None."""
    if position.phase.id != "PFPh":
        return T("Opportunity Fire is declared in the PFPh (A7.25)")
    if unit.side != position.phasing:
        return T("only the ATTACKER marks units for Opportunity Fire (A7.25)")
    if unit.type not in INFANTRY or unit.hex is None or unit.carrier is not None:
        return T("{unit} is not infantry on the map: only infantry uses Opportunity Fire (A7.25)",
                 unit=unit.id)
    if unit.has(MARKER):
        return T("{unit} is already marked for Opportunity Fire (A7.25)", unit=unit.id)
    if not au.good_order(unit) or unit.has("berserk"):
        return T("{unit} is not in Good Order (A7.25)", unit=unit.id)
    if unit.has("ti"):
        return T("{unit} is TI and may not use Opportunity Fire (A7.25)", unit=unit.id)
    if unit.has("prep_fire") or unit.has("no_fire") or any(
            sw.has("prep_fire") for sw in au.possessed(position.state, unit.id)):
        return T("{unit} has fired in this Player Turn: no Opportunity Fire (A7.25)", unit=unit.id)
    return None


def check(position: Position, action: act.Activate) -> act.Activate:
    if not action.units:
        raise IllegalAction(T("name the units to mark for Opportunity Fire"), "A7.25")
    for uid in action.units:
        unit = position.units.get(uid)
        if unit is None:
            raise IllegalAction(T("no unit {unit}", unit=uid))
        why = why_not(position, unit)
        if why is not None:
            raise IllegalAction(why, "A7.25")
    return action


def apply(position: Position, action: act.Activate) -> State:
    """Mark the units; each seen by a Good Order enemy ground unit within 16 hexes loses its "?" (A12.14)."""
    state = position.state
    for uid in action.units:
        state = state.with_unit(state.units[uid].mark(MARKER))
    return concealment.acted(position, state, action.units)


def generate(position: Position) -> Iterator[act.Action]:
    """One offer a unit that may be marked, in the PFPh."""
    if position.phase.id != "PFPh":
        return
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side == position.phasing and why_not(position, unit) is None:
            yield act.Activate((unit.id,), MODE)


def holding(unit: UnitState) -> bool:
    """Is ``unit`` (or a weapon's possessor) marked for Opportunity Fire?"""
    return unit.has(MARKER)


def check_fire(position: Position, people: list[UnitState], weapons: list[UnitState]) -> None:
    """The phase limits of A7.25 and A4.41 on a fire's units and weapons."""
    phase = position.phase.id
    owners = [position.units[w.carrier] for w in weapons
              if w.carrier is not None and w.carrier in position.units]
    if phase == "PFPh":
        for unit in (*people, *owners):
            if unit.has(MARKER):
                raise IllegalAction(
                    T("{unit} is marked for Opportunity Fire: it fires in the AFPh, not now", unit=unit.id),
                    "A7.25")
    if phase != "AFPh":
        return
    for sw in weapons:
        if sw.has(MOVED) and not (dismantle.is_dismantled(sw) and dismantle.fires_as_lmg(sw.values)):
            raise IllegalAction(
                T("{sw} moved in the MPh and may not fire in the AFPh", sw=sw.id), "A4.41")
    for unit in (*people, *owners):
        if unit.has(MARKER):
            uses_flame = any(str(w.values.get("sw", "")) in ("ft", "dc", "mol") for w in weapons
                             if w.carrier == unit.id)
            if uses_flame and unit.has("pinned"):
                raise IllegalAction(
                    T("{unit} is pinned: an Opportunity Fire unit uses a FT, DC or MOL only unpinned",
                      unit=unit.id), "A7.25")


def keeps_rof(position: Position, sw: UnitState) -> bool:
    """A4.41, A7.25: may this weapon keep multiple ROF in this phase? In the AFPh only an Opportunity Fire
    unit's."""
    if position.phase.id != "AFPh":
        return True
    owner = position.units.get(sw.carrier or "")
    return owner is not None and owner.has(MARKER)


def heavy(sw: UnitState) -> bool:
    """A4.41: a MMG, HMG, mortar, SW INF/RCL, or a non-vehicular Gun."""
    kind = str(sw.values.get("sw", ""))
    if sw.type == "gun":
        return True
    if sw.type != au.SW:
        return False
    return (kind == "mg" and sw.name.startswith(("MMG", "HMG"))) or kind in HEAVY_SW


def end_of_mph(state: State) -> State:
    """A4.41: every heavy weapon moved in this MPh (it went along in a move: ``state.moved``)."""
    for uid in state.moved:
        unit = state.units.get(uid)
        if unit is not None and heavy(unit):
            state = state.with_unit(unit.mark(MOVED))
    return state


def cannot_move(unit: UnitState) -> T | None:
    """A7.25: a unit marked for Opportunity Fire does not move in the MPh."""
    if unit.has(MARKER):
        return T("{unit} is marked for Opportunity Fire and may not move (A7.25)", unit=unit.id)
    return None

