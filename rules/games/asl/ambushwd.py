"""Ambush withdrawal (A11.41): the infantry of a side that has ambushed (not pinned, berserk or disrupted)
may withdraw to a Location it could advance into, either at once, before any CC attack there is resolved,
or after all the attacks there are resolved; never once in Melee.

At the table the ambusher answers ``withdraw`` or ``stay`` right after the ambush dr (its units then leave
unattacked and make no attack, placed like a withdrawal, A11.21), and again, if it stayed and is still
facing the enemy, once the Location's attacks are resolved (instead of being held in Melee). The question
names no unit: the ambusher may be under "?" (A11.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

CHOICES = ("withdraw", "stay")
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def eligible(game: AslGame, position: Position) -> list[UnitState]:
    """The ambusher's infantry in the Location that may withdraw (A11.41)."""
    from hexmate.rules.games.asl import cc

    gs = game.gstate(position.state)
    h = gs.cc_hex
    if h is None or not gs.cc_ambusher:
        return []
    gone = {*gs.cc_infiltrate, *gs.cc_withdraw}
    return [u for u in cc.here(position, h)
            if u.side == gs.cc_ambusher and cc._personnel(u) and u.type in INFANTRY and u.id not in gone
            and not any(u.has(m) for m in ("pinned", "berserk", "disrupted", "melee"))]


def ask(game: AslGame, position: Position, after: bool) -> Decision | None:
    """The ambusher's question, before the attacks or (``after``) once they are resolved."""
    gs = game.gstate(position.state)
    if not eligible(game, position) or gs.cc_hex is None:
        return None
    when = T("now, before any attack, unattacked") if not after else T("now that the attacks are resolved")
    return Decision(
        "confirm", gs.cc_ambusher,
        T("{side}: your ambush at {hex} lets your infantry withdraw {when}, or stay", side=gs.cc_ambusher,
          hex=position.label(gs.cc_hex), when=when),
        "A11.41", "cc_ambush_withdraw", choices=CHOICES, target=gs.cc_hex,
        args=(("after", "1" if after else "0"),))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl import cc

    state = position.state
    gs = game.gstate(state)
    if answer.choice == CHOICES[0]:  # they leave like an infiltration: unattacked, placed at the end (A11.21)
        ids = tuple(sorted({*gs.cc_infiltrate, *(u.id for u in eligible(game, position))}))
        state = state.replace(game=gs.replace(cc_infiltrate=ids))
    if decision.arg("after") == "1":
        return cc.finish_location(game, position.at(state))
    return cc.declarations(game, position.at(state))


__all__ = ["CHOICES", "ask", "eligible", "resume"]
