"""ASL Rally Phase in the subset (A10.6-A10.64): a broken unit's rally attempt with the reported DR."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, State, UnitState

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

RALLY_TERRAIN = frozenset({"woods", "wooden-building", "stone-building"})  # A10.61: building, woods (-1)


def _helpers(position: Position, unit: UnitState) -> list[UnitState]:
    return [
        ldr
        for ldr in position.units.values()
        if ldr.type == "leader"
        and ldr.side == unit.side
        and ldr.hex == unit.hex
        and ldr.id != unit.id
        and not ldr.has("broken")
        and not ldr.has("pinned")
    ]


def check(game: AslGame, position: Position, rally: act.Rally, need_dice: bool) -> act.Rally:
    if position.phase.id != "RPh":
        raise IllegalAction("rally attempts are made in the Rally Phase", "A3.1")
    if rally.unit not in position.units:
        raise InvalidAction(f"no unit {rally.unit!r} in this game")
    unit = position.units[rally.unit]
    if not unit.has("broken"):
        raise IllegalAction(f"{unit.id} is not broken", "A10.6")
    if unit.has("rally_tried"):
        raise IllegalAction(f"{unit.id} has already had its one Rally Phase action", "A3.1")
    if unit.type != "leader" and not _helpers(position, unit):
        if unit.side != position.phasing:
            raise IllegalAction(f"{unit.id} needs a Good Order leader in its Location to rally", "A10.6")
        if unit.side in position.state.extra.get("self_rallied", ()):
            raise IllegalAction("only one MMC may self-rally per friendly Player Turn", "A10.63")
    if rally.dice:
        ASL_DR.from_values(rally.dice)
    elif need_dice:
        raise InvalidAction("a rally attempt needs its DR: 'rally UNIT dice W,C'")
    return rally


def working(position: Position, rally: act.Rally) -> tuple[int, list[Line]]:
    """The Final rally DR and its modifiers (A10.6: rallies on a Final DR not above the broken morale)."""
    unit = position.units[rally.unit]
    roll = ASL_DR.from_values(rally.dice)
    lines = [Line("Original DR", str(roll.total), "A.1")]
    drm = 0
    helpers = _helpers(position, unit)
    if helpers:
        best = min(int(h.values["leadership"]) for h in helpers)
        drm += best
        lines.append(Line("leader in the Location", f"{best:+d}", "A10.7"))
    else:
        drm += 1
        lines.append(Line("self-rally", "+1", "A10.63"))
    if unit.hex is not None and position.map.terrain(unit.hex) in RALLY_TERRAIN:
        drm -= 1
        lines.append(Line(f"rally terrain ({position.map.terrain(unit.hex)})", "-1", "A10.61"))
    return roll.total + drm, lines


def apply(game: AslGame, position: Position, rally: act.Rally) -> State:
    from hexmate.rules.games.asl.fire import _reduce

    state = position.state
    unit = state.units[rally.unit]
    extra = dict(state.extra)
    if unit.type != "leader" and not _helpers(position, unit):
        extra["self_rallied"] = (*extra.get("self_rallied", ()), unit.side)
    state = state.replace(extra=extra)
    roll = ASL_DR.from_values(rally.dice)
    if roll.total == 12:  # A10.64 Fate: no rally, Casualty Reduction instead
        state, reduced = _reduce(state, unit)
        return state.with_unit(reduced.mark("rally_tried")) if reduced is not None else state
    final, _ = working(position, rally)
    if final <= int(unit.values["broken_morale"]):
        return state.with_unit(unit.mark("rally_tried", remove=("broken",)))
    return state.with_unit(unit.mark("rally_tried"))
