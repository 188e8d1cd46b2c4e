"""PG rules computed here as tested rule functions: stacking limits (4.1, 5.74), the HMG split's limits
(7.23, played at the table in ``fire.py``), surrender (14.6), the minefield dice (16.6, played as a unit
enters in ``game.py``), a leader overrun in his hex (6.71, played in ``lone_leaders.py``), air strikes (15.1,
the abort dice and the shift; played in ``air.py``), BM-13 and portee flips (5.63), and the optional rules'
numbers (smoke and illumination missions, hidden units, the fog of war's 16, played in ``game.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T


def stacking_problem(units: Sequence[UnitState], river: bool = False) -> str | None:
    """4.1, 5.74: per side and hex, 3 combat units (APCs and strongpoints apart) and 3 transports (APCs
    included), leaders without limit; in a river hex one engineer more does not count. None if legal."""
    combat = [u for u in units if pu.counts_for_stack(u)]
    if river:
        engineers = [u for u in combat if pu.branch(u) == "ENG"]
        if engineers:
            combat = [u for u in combat if u.id != engineers[0].id]
    carriers = [u for u in units if pu.is_apc(u) or pu.is_transport(u)]
    if len(combat) > 3:
        return T("{count} combat units: 3 a side per hex (4.1)", count=len(combat))
    if len(carriers) > 3:
        return T("{count} transports and APCs: 3 a side per hex (4.1)", count=len(carriers))
    return None


def shift_units(units: Sequence[UnitState]) -> int:
    """4.4, 5.74: the combat units counted for the three-unit +1 (a river engineer counts)."""
    return sum(1 for u in units if pu.counts_for_stack(u))


def hmg_split(df: int, parts: Sequence[int], opportunity: bool = False) -> None:
    """7.23: an HMG may split its DF between targets, each part 3 or more, never in opportunity fire."""
    if opportunity and len(parts) > 1:
        raise IllegalAction(T("no split fire in opportunity fire"), "7.23")
    if sum(parts) > df:
        raise IllegalAction(
            T("the parts add up to {total}, more than the DF {df}", total=sum(parts), df=df), "7.23"
        )
    if len(parts) > 1 and min(parts) < 3:
        raise IllegalAction(T("each part of a split fire is 3 or more"), "7.23")


def surrenders(roll: int, highest_morale: int) -> bool:
    """14.6: the non-active player's 2d6 above the highest morale in the hex (same-hex leaders may raise
    it) makes every unit and leader there surrender."""
    return roll > highest_morale


@dataclass(frozen=True)
class MineResult:
    steps: int
    demoralized: bool
    stop: bool


def minefield_dice(points: int, engineers_with: bool, engineers_only: bool) -> int:
    """16.6: one die per attack point; one fewer with an engineer entering or already there, two fewer when
    only engineers enter; at 0 the minefield is ignored."""
    return max(0, points - (2 if engineers_only else 1 if engineers_with else 0))


def minefield(dice: Sequence[int], steps: int = 2, full: bool = True,
              demoralized: bool = False) -> MineResult:
    """16.6: each 6 a step, demoralized and stopped; a 5 demoralized and stopped; 3-4 stopped; 1-2 nothing.
    Two 6s eliminate a full two-step unit; each pair of 5s costs a step (demoralized twice, 14.12), and
    each 5 does against a unit already demoralized (14.12: demoralized again, a step)."""
    sixes = sum(1 for d in dice if d == 6)
    fives = sum(1 for d in dice if d == 5)
    lost = sixes + (fives if demoralized else fives // 2)
    if sixes >= 2 and full and steps == 2:
        lost = steps
    return MineResult(min(lost, steps), bool(sixes or fives), any(d >= 3 for d in dice))


def leader_overrun(roll: int) -> bool:
    """6.71: enemy combat units entering a hex of leaders alone: each leader rolls 2d6, 9 or more he is
    eliminated (else he is placed in an adjacent friendly or enemy-free hex)."""
    return roll >= 9


def air_strike(aborts: Sequence[int], aa_within_3: bool) -> tuple[int, int]:
    """15.1: each aircraft rolls one die, 1-2 loses its target (and risks friendly fire, 9.5), 3-6 attacks;
    the strike is read on the DFT with +2, -1 once if enemy AA is within 3 hexes. (attacking, shift)."""
    attacking = sum(1 for d in aborts if d >= 3)
    return attacking, 2 - (1 if aa_within_3 else 0)


PORTEE_FLIP_MP = 2  # 5.63: a BM-13 or portee flips either way for 2 MP


def portee_may(sequence: Sequence[str]) -> bool:
    """5.63: in one activation a BM-13 may move then unlimber, or limber then move, but never unlimber then
    fire or fire then limber (firing takes a whole activation)."""
    s = tuple(sequence)
    return not ("fire" in s and ("unlimber" in s or "limber" in s))


def smoke_missions(turns: int) -> int:
    """Optional smoke and illumination: 10% of the scenario's turns, rounded up, per side."""
    return math.ceil(turns / 10)


def hidden_range(normal: int) -> int:
    """Optional hidden units: spotted at a quarter of the normal range, rounded down, at least 1."""
    return max(1, normal // 4)


def hidden_solo(units: int) -> tuple[int, int]:
    """Optional solitaire hiding: a third of the units hidden (rounded up), on twice as many places."""
    hidden = math.ceil(units / 3)
    return hidden, 2 * hidden


def fog_of_war_ends(total: int, night: bool) -> bool:
    """Optional fog of war: 3d6 (+1 at night) of 16 or more ends the turn at once."""
    return total + (1 if night else 0) >= 16


__all__ = ["air_strike", "fog_of_war_ends", "hmg_split", "minefield", "stacking_problem", "surrenders"]
