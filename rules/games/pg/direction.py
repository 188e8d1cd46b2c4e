"""Loss of direction (5.8): where a scenario calls for it (``options.loss_of_direction``: the sides that lose
their way, or side -> the terrains where they do), a unit about to enter a hex (not one beginning an
assault) has named it by its declared path; its owner then rolls 2d6 for the hex it really enters. A 7: it
stays, pays the normal cost of its own hex, and may try again with the MP left. A result that would break a
movement rule (off the map, overstacked, prohibited, an enemy hex, more MP than it has) leaves it where it
is, its move over (MOVED/FIRED, 3.13). Led astray into another hex, it names its next hex there (or stops).

The text's diagram (2d6 to a hex) is missing from the transcription: ``movement.json``'s
``loss_of_direction`` holds demo values (hexsides turned from the named one), labelled so; only the 7 is the
text's. Played hex by hex inside the core's move (``PgGame.advance_move``), each roll a decision answered
with the table's dice.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import moves as pg_moves
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, direction_between, neighbor
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


@dataclass(frozen=True)
class Lost:
    hex: Hex  # the hex the unit really tries to enter (its own hex on a 7)
    stays: bool  # 5.8: a 7, pay the current hex's cost without moving


def lost_way(here: Hex, named: Hex, roll: int) -> Lost:
    """5.8: the hex entered for a 2d6 ``roll`` when the unit in ``here`` named the adjacent ``named``."""
    data = pg_moves.table()["loss_of_direction"]
    if not 2 <= roll <= 12:
        raise ValueError(f"a 2d6 roll is 2 to 12, not {roll}")
    if roll == int(data["stay"]):
        return Lost(here, True)
    turn = int(data["turn"][str(roll)])
    return Lost(neighbor(here, (direction_between(here, named) + turn) % 6), False)


def _where(position: Position, side: str) -> list[str] | None:
    """The terrains where ``side`` loses its way ([] everywhere), or None when it does not (5.8)."""
    option = position.scenario.options.get("loss_of_direction")
    if not option:
        return None
    if isinstance(option, list) and all(isinstance(s, str) for s in option):
        return [] if side in option else None
    if isinstance(option, dict) and all(isinstance(v, list) for v in option.values()):
        terrains = option.get(side)
        return None if terrains is None else [str(t) for t in terrains]
    raise DataError(T("scenario {scenario}: options.loss_of_direction must list the sides that lose their "
                      "way, or map each such side to the terrains where it does (5.8)",
                      scenario=position.scenario.name))


def in_play(position: Position, side: str) -> bool:
    """5.8: does the scenario make ``side`` lose its way (anywhere or in some terrains)?"""
    return _where(position, side) is not None


def applies(game: PgGame, position: Position, units: list[UnitState], here: Hex, named: Hex) -> bool:
    """5.8: does this step take a 2d6 roll? Never into an enemy combat unit's hex (beginning an assault)."""
    if not units or any(u.side != units[0].side and pu.is_combat(u) for u in position.units_at(named)):
        return False
    terrains = _where(position, units[0].side)
    if terrains is None:
        return False
    canon = game.terrain_table().table.canonical
    return not terrains or any(canon(position.map.terrain(h)) in terrains for h in (here, named))


def movers(position: Position) -> list[UnitState]:
    moving = position.state.moving
    assert moving is not None
    return [position.units[u] for u in moving.units if u in position.units]


def roll(position: Position, named: Hex, again: bool) -> Decision:
    """The 2d6 for the hex really entered; a second try after a 7 may be given up (``answer stop``)."""
    moving = position.state.moving
    assert moving is not None
    units = movers(position)
    prompt = (T("{units} try again for {hex} (a 7 before): 2d6 for the hex really entered, or stop (5.8)",
                units=", ".join(moving.units), hex=position.label(named)) if again else
              T("{units} head for {hex} and may lose their way: 2d6 for the hex really entered (5.8)",
                units=", ".join(moving.units), hex=position.label(named)))
    return Decision("roll", units[0].side, prompt, "5.8", "lost_way", dice="2d6", subject=moving.units,
                    target=named, choices=("stop",) if again else ())


def next_hex(game: PgGame, position: Position) -> Decision | None:
    """5.8: led astray into a hex with MP left, the unit names the next hex it heads for, or stops."""
    moving = position.state.moving
    assert moving is not None
    units = movers(position)
    if not units:
        return None
    here = moving.here
    left = game.budget(units, position) - Fraction(game.gstate(position.state).lost_spent or "0")
    cost = game.cost_fn(position, units, approach=not game.combat_moves(position, units))
    options = tuple(n for n in position.map.neighbors(here)
                    if (step := cost(position.map, here, n)) is not None and step <= left)
    if not options:
        return None
    return Decision("hexes", units[0].side,
                    T("{units} lost their way into {hex}: name the next hex to head for, or stop (5.8)",
                      units=", ".join(moving.units), hex=position.label(here)), "5.8", "lost_next",
                    hexes=options, choices=("stop",), subject=moving.units, target=here)


def before_step(game: PgGame, position: Position) -> State | None:
    """Before the core enters the next hex of a 5.8 move: ask its roll (or, led astray, the next hex).
    None lets the core go on."""
    state = position.state
    gs = game.gstate(state)
    moving = state.moving
    if moving is None or not gs.lost_spent or moving.stopped or not game.can_continue(position):
        return None
    if moving.finished:
        if not gs.lost_ask:
            return None
        state = state.replace(game=gs.replace(lost_ask=False))
        ask = next_hex(game, position.at(state))
        return state.push(ask) if ask is not None else state
    if gs.lost_ok == moving.at:
        return None
    named = moving.path[moving.at + 1]
    if not applies(game, position, movers(position), moving.here, named):
        return None
    return state.push(roll(position, named, False))


def own_cost(game: PgGame, position: Position, units: list[UnitState], here: Hex) -> int | Fraction:
    """5.8: on a 7 the unit pays the normal cost of its own hex: its terrain's, not a road's (the dearest
    entry over a hexside without a road)."""
    klass = "foot" if all(pu.is_leader(u) for u in units) else next(
        pu.move_class(u) for u in units if not pu.is_leader(u))
    carrier = game.ride(units)
    fn = pg_moves.cost_fn(game, pu.move_class(carrier) if carrier is not None else klass)
    m = position.map
    costs = [c for n in m.neighbors(here) if "road" not in m.hexside(n, here)
             and (c := fn(m, n, here) if fn is not None else None) is not None]
    return max(costs, default=0)


def _halt(game: PgGame, position: Position, state: State) -> State:
    for u in movers(position):
        state = game.halt_mover(position.at(state), u.id)
    return state


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """5.8: the roll read: stay and pay (7), enter the named hex, or the hex it was led into."""
    state = position.state
    moving = state.moving
    assert moving is not None and decision.target is not None
    gs = game.gstate(state)
    units = movers(position)
    if answer.choice == "stop" or not units:
        return _halt(game, position, state)
    total = PG_2D6.from_values(answer.dice or ()).total
    here, named = moving.here, decision.target
    lost = lost_way(here, named, total)
    m = position.map
    cost = game.cost_fn(position, units, approach=not game.combat_moves(position, units))
    budget = game.budget(units, position)
    spent = Fraction(gs.lost_spent or "0")
    label = position.label
    if lost.stays:
        spent += own_cost(game, position, units, here)
        step = cost(m, here, named)
        again = step is not None and spent + step <= budget
        text = T("{total}: stays in {hex} and pays its cost ({spent} of {budget} MP spent)", total=total,
                 hex=label(here), spent=spent, budget=budget)
        state = _said(state.replace(game=gs.replace(lost_spent=str(spent))), answer, named, text, position)
        return state.push(roll(position.at(state), named, True)) if again else _halt(game, position, state)
    target = lost.hex
    step = cost(m, here, target) if target in m.hexes else None
    first = spent == 0 and moving.at == 0  # 5.0: a unit may always move one hex
    if step is None or (spent + step > budget and not first):
        text = T("{total}: {hex} would break a movement rule: it stays in {here} (5.8)", total=total,
                 hex=label(target) if target in m.hexes else T("off the map"), here=label(here))
        return _halt(game, position, _said(state, answer, named, text, position))
    spent += step
    astray = target != named
    stops = game.river_stop(position, units)(here, target)
    path = (*moving.path[:moving.at + 1], target) if astray else moving.path
    text = (T("{total}: led astray into {hex}", total=total, hex=label(target)) if astray else
            T("{total}: enters {hex} as named", total=total, hex=label(target)))
    state = state.replace(moving=dataclasses.replace(moving, path=path),
                          game=gs.replace(lost_spent=str(spent), lost_ok=moving.at,
                                          lost_ask=astray and not stops and spent < budget))
    return _said(state, answer, named, text, position)


def resume_next(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """5.8: the next hex named after being led astray (its own roll follows), or the move ends here."""
    state = position.state
    moving = state.moving
    assert moving is not None
    if answer.choice == "stop" or not answer.hexes:
        return _halt(game, position, state)
    return state.replace(moving=dataclasses.replace(moving, path=(*moving.path, answer.hexes[0])))


def _said(state: State, answer: act.Answer, named: Hex, text: T, position: Position) -> State:
    line = Line(T("loss of direction"), text, "5.8")
    return state.replace(resolution=Resolution(
        act.Answer(dice=tuple(answer.dice or ())), "lost_way", T("loss of direction (5.8)"),
        True, (line,), {}, T("loss of direction toward {hex}: {text}", hex=position.label(named), text=text)))


__all__ = ["Lost", "applies", "before_step", "in_play", "lost_way", "next_hex", "own_cost", "resume",
           "resume_next", "roll"]
