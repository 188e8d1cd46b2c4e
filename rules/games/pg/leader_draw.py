"""Choosing leaders by random draw (6.1), a set-up step.

Unless the scenario says otherwise, each side puts all its leaders of the ranks the scenario names into an
opaque cup, draws one, tosses it like a coin (each face of a leader counter is a different leader) and uses
the face that lands up, until it has the number the scenario gives for each rank. The cup and the coin are
on the table, not in the program: the scenario lists the pool (``options.leader_draw``: side -> a list of
``{"pool": [unit ids], "count": n}``, the pool's counters set up where the drawn leaders are to stand), the
owner names the counters drawn and then the face each toss shows (``back_*`` values: the other face). The
leaders not drawn leave play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def groups(position: Position) -> list[tuple[str, tuple[str, ...], int]]:
    """(side, pool, count) for each draw the scenario asks (6.1)."""
    out = []
    for side, raw in sorted(position.scenario.options.get("leader_draw", {}).items()):
        for group in raw if isinstance(raw, list) else [raw]:
            if isinstance(group, dict):
                pool = tuple(sorted(str(u) for u in group.get("pool", ()) if str(u) in position.units))
                if pool:
                    out.append((str(side), pool, min(int(group.get("count", 1)), len(pool))))
    return out


def draws(position: Position) -> list[Decision]:
    """6.1: at set-up, each side draws its leaders from the cup: it names the counters drawn."""
    return [Decision("units", side, T("{side} draws {count} leader(s) from the cup of {units}: name the "
                                      "counters drawn (6.1)", side=side, count=count, units=", ".join(pool)),
                     "6.1", "leader_draw", units=pool, count=count)
            for side, pool, count in groups(position)]


def resume_draw(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """6.1: the drawn leaders stay (each then tossed like a coin); the rest of the cup leaves play."""
    picked = tuple(answer.units)
    if len(picked) != decision.count or len(set(picked)) != len(picked) or not set(picked) <= set(
            decision.units):
        raise IllegalAction(T("name {count} of the leaders in the cup: {units} (6.1)", count=decision.count,
                              units=", ".join(decision.units)), "6.1")
    state = position.state
    left = set(decision.units) - set(picked)
    state = state.replace(units={k: v for k, v in state.units.items() if k not in left})
    gs = game.gstate(state)  # never in play, so never eliminated (formation losses, victory: as 16.1's cup)
    state = state.replace(game=gs.replace(undrawn=tuple(sorted({*gs.undrawn, *left}))))
    tosses = [Decision("confirm", decision.side, T("toss leader {unit} like a coin: which face is up (6.1)?",
                                                   unit=uid), "6.1", "leader_face", choices=("front", "back"),
                       subject=(uid,))
              for uid in sorted(picked) if any(k.startswith("back_") for k in position.units[uid].values)]
    return state.push(*tosses) if tosses else state


def resume_face(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """6.1: the face up is the leader used all game (its ``back_*`` values on the other face)."""
    unit = position.units[decision.subject[0]]
    return position.state.with_unit(unit.mark(pu.BACK) if answer.choice == "back" else unit)



__all__ = ["draws", "groups", "resume_draw", "resume_face"]
