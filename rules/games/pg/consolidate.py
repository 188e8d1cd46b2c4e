"""PG's optional consolidation (17.0 "Consolidation", ``options.consolidation``).

Two step-reduced units of the same nationality (side), the same type (counter) and the same morale state,
starting the activation in one hex, activated by a leader of MAJ or higher, spend their whole MA to become
one full-strength unit: ``activate LEADER,U1,U2 for consolidate`` takes U2 off and flips U1 to its full side
under a MOVED/FIRED marker (the leader's activation is spent too). The leader must reach their hex (his own
or, in good order, an adjacent one, 3.12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import activation as pg_act
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
MODE = "consolidate"
SENIOR_RANK = pu.RANKS.index("MAJ")


def _state(unit: UnitState) -> str:
    return "demoralized" if unit.has("demoralized") else "disrupted" if unit.has("disrupted") else "good"


def check(game: PgGame, position: Position, ids: tuple[str, ...]) -> tuple[UnitState, UnitState, UnitState]:
    """(leader, the unit kept, the unit taken off), or why not."""
    if not position.scenario.options.get("consolidation"):
        raise IllegalAction(T("consolidation is an optional rule this scenario does not use (17.0)"), RULE)
    named = []
    for uid in ids:
        if uid not in position.units:
            raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        named.append(position.units[uid])
    for unit in named:
        why = game.can_act(position, unit)
        if why:
            raise IllegalAction(why)
    leaders = [u for u in named if pu.is_leader(u)]
    troops = sorted((u for u in named if not pu.is_leader(u)), key=lambda u: u.id)
    leader = max(leaders, key=pu.rank, default=None)
    if leader is None or pu.rank(leader) < SENIOR_RANK or len(leaders) != 1 or len(troops) != 2:
        raise IllegalAction(T("consolidation names one leader of MAJ or higher and two reduced units (17.0)"),
                            RULE)
    keep, gone = troops
    reach = pg_act.reach(leader)
    if keep.hex is None or keep.hex != gone.hex or leader.hex is None or reach is None or distance(
            leader.hex, keep.hex) > reach:
        raise IllegalAction(T("the two units start in one hex, within the leader's reach (17.0, 3.12)"), RULE)
    if not (keep.has("reduced") and gone.has("reduced")) or keep.counter != gone.counter or (
            keep.side != gone.side) or _state(keep) != _state(gone):
        raise IllegalAction(T("consolidation takes two reduced units of one type and one morale state "
                              "(17.0)"), RULE)
    return leader, keep, gone


def apply(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    from hexmate.rules.games.pg.game import MARK

    leader, keep, gone = check(game, position, ids)
    state = position.state.without_unit(gone.id)
    state = state.with_unit(keep.mark(MARK, remove=("reduced",))).with_unit(leader.mark(MARK))
    text = T("{gone} joins {keep}: one full-strength unit (17.0)", gone=gone.id, keep=keep.id)
    line = Line(T("consolidation"), text, RULE)
    done = act.Activate(tuple(sorted(ids)), MODE)
    return state.replace(resolution=Resolution(done, "consolidation", T("consolidation"), False, (line,), {},
                                               text))


__all__ = ["MODE", "apply", "check"]
