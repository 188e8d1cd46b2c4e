"""Prisoners leaving their guard's Melee (A20.55): by Withdrawal (A11.2, A11.21) or by Infiltration (A11.22).

A20.55 lets an escape succeed three ways: no enemy unit is left in the Location (``escape._outcome``), the
prisoner withdraws from the Melee, or it infiltrates out. What this module does, paraphrasing the text:

- Withdrawal (A11.2): once the prisoners are in Melee with their guard, their owner names, before any CC
  attack there, the prisoners that try to withdraw (not pinned; a prisoner is pinned only with its guard,
  A20.54). They make no attack; the others attack as usual (``escape.py``). The guard's side then names
  whom its reply attacks, the withdrawing ones among them at -2, +1 for each friendly unit in the Melee
  not withdrawing (A11.2; A20.55's example: 0 with two prisoners staying). A withdrawing prisoner neither
  eliminated nor Casualty Reduced in that CC has withdrawn (A11.2).
- Infiltration (A11.22): an Original CC DR of 2 on the prisoners' attack lets the attackers not pinned leave
  at once, before the reply, unattacked; an Original 12 on the reply lets the attacked prisoners it did not
  eliminate leave.
- Those leaving are placed by their owner on a Location they could advance into with no Known enemy; into a
  concealed enemy they are eliminated and one of those enemies loses its "?" (A11.21). They are prisoners no
  more: unarmed units free to act until recaptured (A20.55, A20.5); they do not rearm (A20.551 asks for an
  eliminated or captured armed enemy, or a Location cleared of enemies).

The continuations keep what the flow needs in the decisions' ``args``: ``withdraw`` (the withdrawing
prisoners), ``leave`` (those infiltrating out), ``going`` (those that attacked), ``reduced``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def ids(args: Mapping[str, str], key: str) -> list[str]:
    return [u for u in args.get(key, "").split(",") if u]


def pack(args: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, v) for k, v in args.items()))


def may_withdraw(unit: UnitState) -> bool:
    """A11.2: unpinned infantry in Melee (A20.54: a prisoner is pinned only with its guard)."""
    return unit.has("melee") and not unit.has("pinned")


def ask_withdraw(position: Position, held: tuple[str, ...], guard: UnitState) -> Decision | None:
    """A11.2: before the CC attacks, the prisoners' owner names those that try to withdraw from the Melee."""
    able = tuple(u for u in held if u in position.units and may_withdraw(position.units[u]))
    if not able:
        return None
    return Decision(
        "units", position.units[able[0]].side,
        T("name the prisoners of {units} that try to withdraw from the Melee with {guard} (they do not "
          "attack), or none", units=", ".join(held), guard=guard.id),
        "A11.2", "escape_withdraw", units=able, choices=("none",), count=0, subject=held, target=guard.hex,
        args=(("guard", guard.id),))


def resume_withdraw(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The withdrawing prisoners make no attack (A11.2); the others attack their guard (A20.55)."""
    from hexmate.rules.games.asl import escape, guardwd

    away = tuple(u for u in answer.units if u in decision.units)
    guard = position.units[decision.arg("guard")]
    going = tuple(u for u in decision.subject if u not in away and u in position.units)
    more = (("withdraw", ",".join(away)),) if away else ()
    if going:  # A11.2: the guard's side, not the ATTACKER, declares its own withdrawals now (guardwd.py)
        return guardwd.before_attack(position, escape._attack_roll(position.state, going, guard, more), guard)
    assert decision.target is not None
    args = {"guard": guard.id, "guard_us": "0", "killed": "0", "withdraw": ",".join(away)}
    if guard.side != position.phasing:
        state, question = guardwd.ask(position, guard, then="reply", args=args)
        if question is not None:
            return state.push(question)
        position = position.at(state)
    return escape.reply_or_outcome(position, decision.target, guard.side, (), args)


def infiltration(position: Position, h: Hex, units: tuple[str, ...], args: Mapping[str, str],
                 stage: str) -> Decision | None:
    """A11.22: after an Original CC DR of 2 on their own attack (``stage`` "attack") or of 12 on the reply
    (``reply``), the prisoners concerned not eliminated and not pinned may leave the Melee at once."""
    dr = args.get("orig" if stage == "attack" else "reply", "")
    if dr != ("2" if stage == "attack" else "12"):
        return None
    who = tuple(u for u in units if u in position.units and not position.units[u].has("pinned"))
    if not who:
        return None
    side = position.units[who[0]].side
    return Decision(
        "confirm", side,
        T("{side}: Original CC DR {dr}: {units} may leave the Close Combat at {hex} now, unattacked; "
          "infiltrate or stay", side=side, dr=dr, units=", ".join(who), hex=position.label(h)),
        "A11.22", "escape_infiltrate", choices=("infiltrate", "stay"), subject=who, target=h,
        args=pack({**args, "stage": stage}))


def resume_infiltrate(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl import escape

    args = dict(decision.argmap)
    stage = args.pop("stage", "attack")
    if answer.choice == "infiltrate":
        args["leave"] = ",".join(sorted({*ids(args, "leave"), *decision.subject}))
    assert decision.target is not None
    guard_side = position.enemy_of(position.units[decision.subject[0]].side)
    if stage == "attack":
        return escape.reply_or_outcome(position, decision.target, guard_side, tuple(ids(args, "going")), args)
    return finish(position, decision.target, guard_side, args)


def after_reply(position: Position, h: Hex, side: str, targets: tuple[str, ...],
                args: Mapping[str, str]) -> State:
    """After the reply: an Original 12 lets the attacked prisoners it did not eliminate leave (A11.22)."""
    left = tuple(u for u in targets if u in position.units)
    ask = infiltration(position, h, left, args, stage="reply")
    if ask is not None:
        return position.state.push(ask)
    return finish(position, h, side, args)


def finish(position: Position, h: Hex, side: str, args: Mapping[str, str]) -> State:
    """A20.55: the outcome for those still there (``escape._outcome``), then the leavers are placed."""
    from hexmate.rules.games.asl import cc as asl_cc
    from hexmate.rules.games.asl import escape

    state = position.state
    reduced = set(ids(args, "reduced"))
    leaving = [u for u in ids(args, "leave") if u in state.units]
    # A11.2: a withdrawing unit not eliminated, Casualty Reduced or captured in this CC has withdrawn
    leaving += [u for u in ids(args, "withdraw")
                if u in state.units and u not in reduced and u not in leaving]
    going = [state.units[u] for u in ids(args, "going") if u in state.units and u not in leaving]
    state = escape._outcome(position, h, side, args, going)
    if not leaving:
        return state
    view = position.at(state)
    movers = [view.units[u] for u in leaving]
    ends = asl_cc.withdraw_to(view, movers)
    if not ends:  # A11.21: with nowhere to go they stay, in Melee
        return state
    owner = movers[0].side
    return state.push(Decision(
        "hexes", owner,
        T("{units} escape from the Melee: place them on a lit Location", units=", ".join(leaving)),
        "A11.21", "escape_leave_to", hexes=ends, subject=tuple(leaving), target=h))


def resume_leave_to(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.55: the leavers have escaped: unarmed, free (A20.5); into a concealed enemy they are eliminated and
    one of those enemies loses its "?" (A11.21)."""
    state = position.state
    to = answer.hexes[0]
    side = position.units[decision.subject[0]].side
    hidden = [u for u in position.units_at(to) if u.side != side and u.concealed and u.type != "dummy"]
    for uid in decision.subject:
        if uid not in state.units:
            continue
        if hidden:
            state = state.without_unit(uid)
            continue
        unit = state.units[uid].mark(prisoners.UNARMED, remove=(prisoners.PRISONER, "escaping", "melee"))
        state = state.with_unit(dataclasses.replace(unit.at(to), carrier=None))
    if hidden:
        state = state.with_unit(hidden[0].revealed())
    h = decision.target
    if h is not None and not any(u.side == side and u.hex == h for u in state.units.values()):
        for unit in [u for u in state.units.values() if u.hex == h and u.has("melee")]:
            state = state.with_unit(unit.mark(remove=("melee",)))  # A11.15: nobody left to hold them
    return state
