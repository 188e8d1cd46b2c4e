"""PG off-board artillery (9.2, 9.3, 3.14): the scenario gives a side bombardment values off the board
(``options.offboard``: ``{"us": [20, 20, 20]}``). Each fires once a turn at any range on a hex a friendly
normal, non-demoralized leader spots (9.1: activated or not, MOVED/FIRED or not; never a tank leader); up to
three values combine in one bombardment, never with units on the board (9.3); a segment with off-board fire
is a whole segment (3.14: no activation in it).

At the table the spotting leader calls it: ``fire LEADER at HEX`` (a leader has no fire of his own, 6.42),
then the side chooses the values (``answer b1-b2``), then rolls; the bombardment and its friendly-fire risk
(9.52, the firer never spots the target itself) go as for artillery on the board (``bombard.py``).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def values(position: Position, side: str) -> tuple[int, ...]:
    """The side's off-board values in the scenario's order (named b1, b2... at the table)."""
    raw = position.scenario.options.get("offboard", {}).get(side, [])
    return tuple(int(v) for v in raw)


def unused(game: PgGame, position: Position, side: str) -> list[int]:
    """Indices (from 1) of the values not yet fired this turn (9.2: once a turn each)."""
    used = {i for s, i in game.gstate(position.state).offboard_used if s == side}
    return [i for i in range(1, len(values(position, side)) + 1) if i not in used]


def combos(idx: list[int]) -> tuple[str, ...]:
    """9.3: one to three values together: the answer words b1, b1-b2, b1-b2-b3..."""
    out = []
    for k in (1, 2, 3):
        for group in itertools.combinations(idx, k):
            out.append("-".join(f"b{i}" for i in group))
    return tuple(out)


def is_call(position: Position, fire: act.Fire) -> bool:
    """A fire declared by leaders alone, for a side that has off-board values: a call for artillery."""
    named = [position.units.get(u) for u in fire.firers]
    return bool(named) and all(u is not None and pu.is_leader(u) for u in named) and bool(
        values(position, named[0].side if named[0] is not None else ""))


def check(game: PgGame, position: Position, fire: act.Fire, opp: bool) -> None:
    leaders = [position.units[u] for u in fire.firers]
    side = leaders[0].side
    if opp:
        raise IllegalAction(T("off-board artillery never fires at movers: only mortars do"), "13.2")
    if leaders[0].side != position.to_act:
        raise IllegalAction(T("{unit} is not the active side's (3.0 B)", unit=leaders[0].id))
    if game.gstate(position.state).active:
        raise IllegalAction(T("off-board fire takes a whole segment: no activation may be open"), "3.14")
    if not unused(game, position, side):
        raise IllegalAction(T("every off-board value of {side} has fired this turn", side=side), "9.2")
    enemies = [u for u in position.units_at(fire.target) if u.side != side]
    if not enemies:
        raise IllegalAction(T("no enemy unit in the target hex"), "10.0")
    from hexmate.rules.games.pg import searching as pg_search

    planned = set(pg_search.planned_values(position, side, fire.target)) & set(unused(game, position, side))
    if not planned and not any(_spots(game, position, ldr, enemies) for ldr in leaders):  # pre-planned (17.0)
        raise IllegalAction(T("{hex}: no friendly normal leader in good standing spots it",
                              hex=position.label(fire.target)), "9.1")


def _spots(game: PgGame, position: Position, leader: UnitState, enemies: list[UnitState]) -> bool:
    if pu.leader_kind(leader) != "normal" or leader.has("demoralized") or leader.hex is None:
        return False  # 9.1: no tank leader, no demoralized leader
    if any(u.side != leader.side for u in position.units_at(leader.hex)) and enemies[0].hex != leader.hex:
        return False  # 9.1: from an assault hex he spots only that hex
    return any(pg_spot.sees_unit(game, position, leader, e) for e in enemies)


def declare(game: PgGame, position: Position, fire: act.Fire) -> State:
    """The side chooses which unused values fire together (9.3)."""
    from hexmate.rules.games.pg import searching as pg_search

    side = position.units[fire.firers[0]].side
    idx = unused(game, position, side)
    enemies = [u for u in position.units_at(fire.target) if u.side != side]
    if not any(_spots(game, position, position.units[u], enemies) for u in fire.firers):
        idx = [i for i in idx if i in pg_search.planned_values(position, side, fire.target)]  # 17.0: planned
    vals = values(position, side)
    offer = ", ".join(f"b{i}={vals[i - 1]}" for i in idx)
    return position.state.push(Decision(
        "confirm", side,
        T("{leader} calls off-board artillery on {hex}: choose up to three values to fire together ({offer})",
          leader=fire.firers[0], hex=position.label(fire.target), offer=offer),
        "9.2, 9.3", "offboard", choices=combos(idx), subject=tuple(fire.firers), target=fire.target))


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The chosen values are spent for the turn; the side rolls on the Bombardment Table."""
    from hexmate.rules.games.pg import bombard as pg_bombard
    from hexmate.rules.games.pg import searching as pg_search

    assert decision.target is not None
    chosen = [int(b[1:]) for b in answer.choice.split("-")]
    side = decision.side
    gs = game.gstate(position.state)
    state = position.state.replace(game=gs.replace(
        offboard_used=(*gs.offboard_used, *((side, i) for i in chosen))))
    vals = values(position, side)
    strength = ",".join(str(vals[i - 1]) for i in chosen)
    planned = set(chosen) <= set(pg_search.planned_values(position, side, decision.target))  # 17.0: +1 (9.52)
    return state.push(pg_bombard.roll(side, decision.subject, decision.target, position, offboard=strength,
                                      planned="1" if planned else ""))


def parse_strength(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split(",") if v)


__all__ = ["check", "combos", "declare", "is_call", "resume", "unused", "values"]
