"""PG's serious supply shortage (optional rule "Logistics and supply", with the fog of war).

A side whose second fog-of-war roll of 3 or 4 came on a later turn is seriously short of supply for the rest
of the game (``PgGame.supply_roll``). Then:

* each time one of its mechanized or motorized units moves or fires, and each time one of its weapon units
  fires, its owner rolls one die: on 1 or 2 the unit has run out of fuel or ammunition and is removed from
  play once it has moved or fired (the roll is answered after the move or the fire has been resolved);
* every other unit of the side fights at half its fire value for the rest of the game (rounded up here, as
  disruption's halving is: the text does not say how to round);
* a unit removed this way does not count for victory conditions (``victory.steps_lost`` skips it).

"Weapon unit" is read as a unit with a bombardment value or a gun, and HMGs (the text's 火器ユニット); a
weapon unit that only moves does not roll. Aircraft (flying in from off the board, 15.1) are neither halved
nor rolled for. The halving is of the fire value in direct fire (``fire.fire_strength``); assault is left as
it is, since the plain shortage's text exempts it. The text also says units removed this way count for the
initiative reduction (3.0); hexmate has no per-loss initiative reduction to count them in (a scenario's
initiative is fixed), so this has nothing to do there.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "3.0 B"  # the optional fog-of-war rules the supply shortage belongs to
SERIOUS = 2


def serious(game: PgGame, position: Position, side: str) -> bool:
    return game.supply_level(position, side) >= SERIOUS


def motor(unit: UnitState) -> bool:
    return pu.move_class(unit) in ("mechanized", "motorized")


def weapon(unit: UnitState) -> bool:
    return pu.is_artillery(unit) or pu.is_hmg_like(unit)


def rolls_for(unit: UnitState, fired: bool) -> bool:
    """Does this unit roll for running out? Mechanized and motorized units when they move or fire; weapon
    units when they fire."""
    return not pu.is_leader(unit) and (motor(unit) or (fired and weapon(unit)))


def halved(game: PgGame, position: Position, unit: UnitState) -> bool:
    """Seriously short of supply: a unit that does not roll for running out fights at half strength."""
    return (serious(game, position, unit.side) and not pu.is_leader(unit) and not motor(unit)
            and not weapon(unit) and unit.type != "aircraft")


def decisions(game: PgGame, position: Position, ids: tuple[str, ...], fired: bool) -> list[Decision]:
    out = []
    for uid in ids:
        unit = position.state.units.get(uid)
        if unit is None or not serious(game, position, unit.side) or not rolls_for(unit, fired):
            continue
        did = T("fired") if fired else T("moved")
        out.append(Decision(
            "roll", unit.side,
            T("serious supply shortage: {unit} {did}: roll one die, 1 or 2 and it is out of fuel or "
              "ammunition and leaves play", unit=uid, did=did),
            RULE, "supply_out", dice="1d6", subject=(uid,)))
    return out


def under(before: State, after: State, extra: list[Decision]) -> State:
    """Put ``extra`` beneath the decisions ``after`` pushed over ``before``'s, so they are answered once the
    move or the fire has been resolved (the first of ``extra`` first among them)."""
    if not extra:
        return after
    n = 0  # beneath everything the action opened: after the decisions both states share from the bottom
    for old, new in zip(before.decisions, after.decisions, strict=False):
        if old != new:
            break
        n += 1
    return after.replace(decisions=after.decisions[:n] + tuple(reversed(extra)) + after.decisions[n:])


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    die = PG_1D6.from_values(answer.dice or ()).total
    uid = decision.subject[0]
    out = die <= 2
    if out and uid in state.units:
        for rider in [u for u in state.units.values() if u.carrier == uid]:
            # the passengers stay where it stopped: only the vehicle has run dry (5.65 does not apply)
            state = state.with_unit(dataclasses.replace(rider, carrier=None, hex=state.units[uid].hex))
        state = state.without_unit(uid)
        gs = game.gstate(state)
        state = state.replace(game=gs.replace(supply_out=(*gs.supply_out, uid)))
    text = (T("{die}: {unit} is out of fuel or ammunition and leaves play (not counted for victory)",
              die=die, unit=uid) if out else T("{die}: {unit} carries on", die=die, unit=uid))
    line = Line(T("serious supply shortage"), text, RULE)
    return state.replace(resolution=Resolution(act.Answer(dice=tuple(answer.dice or ())), "supply",
                                               T("serious supply shortage"), False, (line,), {}, text))


__all__ = ["decisions", "halved", "resume", "rolls_for", "serious", "under"]
