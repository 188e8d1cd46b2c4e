"""Advancing by Location in a building (A4.7, A2.8): across to the next hex or up/down a level, never both.

A4.7: in the APh an infantry unit moves one hex across, or one Location up or down in its hex (an ADJACENT
building level, A.8: by the stairs), never both at once. So an advance across keeps the level it starts at
(an upper level only into the next hex of the building that has it, the A10.5 example's M2 level 2 on to
N1 level 2); an advance up or down names the same hex twice (``advance U M2-M2 as h1``). At the table the
counter is lifted and put back on its hex: the level is then asked on the page when it could go either way
(like the MPh's level question, stairs.ask_level).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.asl.stairs import split_mode
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T


def start_level(units: Sequence[UnitState]) -> int:
    levels = {u.level for u in units}
    if len(levels) != 1:
        raise IllegalAction(T("units at different levels are in different Locations and advance apart"),
                            "A2.8")
    return levels.pop()


def choices(position: Position, h: Hex, level: int) -> tuple[int, ...]:
    """The levels ADJACENT to ``level`` in h by its stairs (A.8, A4.7)."""
    m = position.map
    if not loc.has_stairs(m, h):
        return ()
    return tuple(lv for lv in (level - 1, level + 1) if lv in loc.levels(m, h))


def target(position: Position, units: Sequence[UnitState], adv: act.Advance) -> int | None:
    """The level the advance ends at (A4.7), None when the page must ask it (up or down); IllegalAction for
    an advance that is not one Location."""
    m = position.map
    a, b = adv.path[0], adv.path[-1]
    now = start_level(units)
    _, named = split_mode(adv.mode)
    if a != b:
        if named is not None and named != now:
            raise IllegalAction(T("an advance changes its hex or its level, not both: {hex} stays at level "
                                  "{level}", hex=position.label(b), level=now), "A4.7")
        if now > loc.upper_levels(m, b) or now < 0:
            raise IllegalAction(T("{hex} has no level {level}: an advance cannot go across and down at once",
                                  hex=position.label(b), level=now), "A4.7")
        return now
    up_down = choices(position, a, now)
    if not up_down:
        raise IllegalAction(T("{hex} has no stairs to another level: an advance is one hex or one level",
                              hex=position.label(a)), "A4.7")
    if named is None:
        return up_down[0] if len(up_down) == 1 else None
    if named not in up_down:
        raise IllegalAction(T("an advance changes level by one, by the stairs: {choices}",
                              choices=", ".join(f"h{lv}" for lv in up_down)), "A4.7")
    return named


def ask(position: Position, units: Sequence[str], h: Hex, levels: Sequence[int]) -> Decision:
    side = position.units[units[0]].side
    return Decision(
        "confirm", side,
        T("{units} advance up or down the stairs of {hex}: which level? {choices}", units=", ".join(units),
          hex=position.label(h), choices=", ".join(f"h{lv}" for lv in levels)),
        "A4.7", "advance_level", choices=tuple(f"h{lv}" for lv in levels), subject=tuple(units), target=h,
        private=any(position.units[u].concealed for u in units),
    )


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl.stairs import set_level

    return set_level(position.state, decision.subject, int(answer.choice[1:]))


__all__ = ["ask", "choices", "resume", "start_level", "target"]
