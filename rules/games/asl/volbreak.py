"""ASL Voluntary Break (A10.41): breaking at the start of the RtPh in order to rout.

At the start of the RtPh, before the DM counters of A10.62 and any rout or surrender, each side (the ATTACKER
first) is asked which of its units break voluntarily. A unit may, even pinned, when it is in the LOS and
within the normal range of a Known, unbroken, armed enemy ground unit, or ADJACENT to an unbroken enemy
ground unit (a "?" counts, a dummy's too: the breaking player cannot tell them apart, A12.1); never when
breaking would at once reduce or eliminate it (a unit already broken, a berserk unit
or a hero: aftermath._break reduces those, A7.301, A15.42, A15.2). Normal range is that of any of the enemy's
weapons, and no more than 16 hexes (A10.532). A unit that breaks so is broken and DM like any other newly
broken unit (A10.62) and then routs under A10.5. The question is private to its owner, and a side is asked
whenever it has a unit that may break or a "?" (a dummy's too) where one could, so that being asked shows
nothing a "?" does not; the break itself is seen on the board.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import rout as asl_rout
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

THEN = "volbreak"  # the continuation (game.resume_volbreak)
NONE = "none"
INTERDICTION_CAP = 16  # A10.532: no weapon reaches past its normal range or 16 hexes, whichever is less
GROUND = frozenset({"squad", "hs", "crew", "leader", "hero"})


def _normal_range(position: Position, enemy: UnitState) -> int:
    ranges = [int(enemy.values.get("range", 0) or 0)]
    ranges += [int(sw.values.get("range", 0) or 0) for sw in au.possessed(position.state, enemy.id)
               if au.good_order(enemy)]
    return min(max(ranges), INTERDICTION_CAP)


def _threatened(position: Position, unit: UnitState) -> bool:
    assert unit.hex is not None
    for enemy in position.units.values():
        if enemy.side == unit.side or enemy.hex is None or enemy.carrier:
            continue
        if enemy.type not in GROUND and not (enemy.type == "dummy" and enemy.concealed):
            continue  # a "?" counts as its opponent sees it: a dummy cannot be told from a unit (A12.1)
        if enemy.has("broken"):
            continue
        if asl_rout.adjacent(position.map, asl_rout.where(enemy), asl_rout.where(unit)):
            return True  # A10.41: ADJACENT to an unbroken enemy ground unit, Known or not
        if enemy.concealed or au.is_unarmed(enemy):
            continue
        if distance(enemy.hex, unit.hex) > _normal_range(position, enemy):
            continue
        if enemy.hex == unit.hex or not asl_terrain.line_of_sight(
                position, enemy.hex, unit.hex, enemy.level, unit.level).blocked:
            return True
    return False


def why_not(position: Position, unit: UnitState) -> T | None:
    """Why ``unit`` may not break voluntarily now (A10.41), or None."""
    if unit.type not in GROUND or unit.hex is None or unit.carrier is not None:
        return T("{unit} is not infantry on the map (A10.41)", unit=unit.id)
    if unit.has("broken") or unit.has("berserk") or unit.type == "hero" or unit.has("melee"):
        return T("{unit} cannot break voluntarily: breaking would reduce it, or it could not rout (A10.41)",
                 unit=unit.id)
    if not _threatened(position, unit):
        return T("{unit} is neither in the LOS and normal range of a Known armed enemy nor ADJACENT to an "
                 "enemy (A10.41)", unit=unit.id)
    return None


def candidates(position: Position, side: str) -> tuple[str, ...]:
    return tuple(sorted(u.id for u in position.units.values()
                        if u.side == side and why_not(position, u) is None))


def _asked(position: Position, side: str) -> bool:
    """Is ``side`` asked? When it has a unit that may break, or a "?" (a dummy's too) where a real unit could:
    so the question, private to its owner, tells the opponent nothing a "?" does not already show (A12.1)."""
    if candidates(position, side):
        return True
    return any(u.side == side and u.concealed and u.hex is not None and u.carrier is None
               and u.type in (*GROUND, "dummy") and not u.has("broken") and _threatened(position, u)
               for u in position.units.values())


def start(game: AslGame, position: Position) -> State | None:
    """The questions, the ATTACKER's first; None when no side is asked."""
    sides = sorted(position.sides, key=lambda s: s != position.phasing)
    asks = [Decision(
        "units", side,
        T("{side}: name the units that break voluntarily in order to rout (A10.41), or none", side=side),
        "A10.41", THEN, units=candidates(position, side), choices=(NONE,), count=0, private=True)
        for side in sides if _asked(position, side)]
    if not asks:
        return None
    asks[-1] = dataclasses.replace(asks[-1], args=(("last", "1"),))
    return position.state.push(*asks)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> tuple[State, bool]:
    """Break the named units (broken and DM, their "?" gone, A10.62); (state, the last answer?)."""
    state = position.state
    for uid in answer.units:
        unit = state.units.get(uid)
        if unit is None or uid not in decision.units:
            continue
        state = state.with_unit(unit.revealed().mark("broken", "dm", remove=("pinned", "cx")))
    return state, decision.arg("last") == "1"
