"""Climbing the stairs in the MPh is entering new Locations (A2.8, A8.1): each opens a First Fire window.

A2.8: each level of a building hex is a Location of its own; A8.1: the DEFENDER may fire at a moving unit
each time it enters a new Location or spends MF in its own, seen from where the firer is, at the level the
mover has reached. A move typed with its level (``F4-E4-E4 as h2``) is carried out Location by Location by
game.enter (stairs.levels_of). At the table the level is only known after the placement (stairs.ask_level):
the answer is then carried out as a move of its own up or down the stairs of that hex, one Location per
level, so the DEFENDER may fire at each level reached (with LOS from it, asl/los.py by Location).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import carry
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.base import Position, State
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def resume_level(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The level chosen on the page after a placement (A2.8): the climb to it is a move, one Location a
    level, each a new Location for Defensive First Fire (A8.1)."""
    state = position.state
    level = int(answer.choice[1:]) if answer.choice[:1] == "h" and answer.choice[1:].isdigit() else -1
    if f"h{level}" not in decision.choices:
        raise IllegalAction(T("answer one of {choices}", choices=", ".join(decision.choices)), "A2.8")
    movers = [state.units[u] for u in decision.subject if u in state.units]
    h = decision.target
    if not movers or h is None:
        return state
    start = movers[0].level
    if level == start:
        return state
    step = 1 if level > start else -1
    levels = tuple(range(start, level + step, step))  # every level on the way is a Location entered
    ids = carry.with_carried(state, movers)
    gs = game.gstate(state)
    return state.replace(
        moving=Moving(ids, (h,) * len(levels), 0),
        moved=tuple(u for u in state.moved if u not in ids),  # end_move marks them again
        game=gs.replace(move_levels=levels),
    )


def expand(m: HexMap, path: Sequence[Hex], levels: Sequence[int]) -> tuple[tuple[Hex, ...], tuple[int, ...]]:
    """The move Location by Location (A2.8): a climb or a descent of several levels by the stairs enters each
    level on the way, so each is a First Fire window of its own (A8.1). ``levels`` is stairs.levels_of's
    (the level of each hex of the path); a unit leaves a hex at a level the next one has, or goes down to its
    ground level first (locations.path_levels)."""
    out_p, out_l = [path[0]], [levels[0]]

    def walk(h: Hex, frm: int, to: int) -> None:
        step = 1 if to > frm else -1
        for lv in range(frm + step, to + step, step) if frm != to else ():
            out_p.append(h)
            out_l.append(lv)

    for b, lb in zip(path[1:], levels[1:], strict=True):
        a, la = out_p[-1], out_l[-1]
        if a == b:
            walk(a, la, lb)
            continue
        enter = la if 0 <= la <= loc.upper_levels(m, b) else 0
        walk(a, la, enter)  # down the stairs of a first (A10.5 example)
        out_p.append(b)
        out_l.append(enter)
        walk(b, enter, lb)
    return tuple(out_p), tuple(out_l)


def window_prompt(position: Position, decision: Decision) -> Decision:
    """A react window's prompt names the Location with its level (A2.2: ``E4 level 2``)."""
    moving = position.state.moving
    if moving is None or (decision.kind, decision.then, decision.target) != ("react", "move_on", moving.here):
        return decision
    alive = [position.units[u] for u in moving.units if u in position.units]
    if not alive or not alive[0].level:
        return decision
    where = loc.label(position.map, loc.Location(moving.here, alive[0].level))
    units = ", ".join(moving.units)
    left = len(moving.path) - 1 - moving.at
    prompt = (T("{units} entered {hex}: fire at it now or pass; {left} more hex(es) to go", units=units,
                hex=where, left=left) if left else
              T("{units} entered {hex}: fire at it now or pass", units=units, hex=where))
    return dataclasses.replace(decision, prompt=prompt)


__all__ = ["expand", "resume_level", "window_prompt"]
