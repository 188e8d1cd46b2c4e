"""PG's optional excess initiative (17.0 "Excess initiative", ``options.excess_initiative``).

A side whose initiative win gives it three or more action segments before the other side's first may keep
one of them back (asked when the Action Phase opens) and spend it later in the turn to take two segments in
a row: as each of its later segments closes, it is asked whether to take the kept one now, before the other
side acts (it may never interrupt the other side's segment). It may still be taken after a fog-of-war roll
has ended the turn (that roll ends the turn once the kept segment is done).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.base import Line, Position, Resolution, State
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
LEAST = 3  # segments before the other side's first needed to keep one back


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("excess_initiative"))


def offer(game: PgGame, position: Position) -> list[Decision]:
    """At the start of the Action Phase: the winner with 3+ opening segments may keep one back."""
    gs = game.gstate(position.state)
    if not enabled(position) or gs.segments < LEAST or not gs.winner:
        return []
    return [Decision("confirm", gs.winner,
                     T("{side} has {n} segments first: keep one back to take two in a row later this turn? "
                       "(17.0)", side=gs.winner, n=gs.segments), RULE, "bank", choices=("keep", "no"))]


def resume_bank(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    if answer.choice != "keep":
        return state
    gs = game.gstate(state)
    flow = dataclasses.replace(state.flow, segments=max(1, state.flow.segments - 1))
    text = T("{side} keeps one segment back (17.0)", side=decision.side)
    return _note(state.replace(flow=flow, game=gs.replace(banked=decision.side)), text)


def ask_use(game: PgGame, position: Position, side: str, fog: bool = False) -> list[Decision]:
    """As one of the keeping side's segments closes (or the fog of war ends the turn): take it now?"""
    gs = game.gstate(position.state)
    if not enabled(position) or gs.banked != side:
        return []
    prompt = (T("the fog of war ends the turn: {side} may still take its kept segment now (17.0)", side=side)
              if fog else T("{side} may take its kept segment now, a second one in a row (17.0)", side=side))
    return [Decision("confirm", side, prompt, RULE, "use_bank", choices=("take", "later"),
                     args=(("fog", "1" if fog else ""),))]


def resume_use(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    gs = game.gstate(state)
    fog = bool(decision.arg("fog"))
    if answer.choice != "take":
        return state
    side = decision.side
    flow = state.flow
    if flow.active == side:
        flow = dataclasses.replace(flow, segments=flow.segments + 1, busy=False, passes=0)
    else:
        flow = dataclasses.replace(flow, active=side, segments=1, busy=False, passes=0)
    # after a fog-of-war end, this is the turn's last segment (fog_last: the turn ends when it closes)
    game_state = gs.replace(banked="", fog_end=False, fog_last=True) if fog else gs.replace(banked="")
    return _note(state.replace(flow=flow, game=game_state),
                 T("{side} takes its kept segment (17.0)", side=side))


def _note(state: State, text: T) -> State:
    line = Line(T("excess initiative"), text, RULE)
    return state.replace(resolution=Resolution(act.Answer(), "excess", T("excess initiative"), False, (line,),
                                               {}, text))


__all__ = ["ask_use", "enabled", "offer", "resume_bank", "resume_use"]
