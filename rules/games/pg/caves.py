"""Caves (16.7): a unit in a cave hex is either in the cave (under the cave marker, ``in_cave``) or outside
it; stacking is as usual.

- Cave markers are the scenario's (``options.caves``: hex labels, or hex label -> the side that may use it,
  as 16.7 lets a scenario restrict which side enters; a map hex whose terrain names a cave is one too); they
  never move. The text does not say how a unit gets under the marker: here a unit in a cave hex goes in, or
  comes out, as its whole action (``activate UNIT for cave``, a move action of 3.13: MOVED/FIRED).
- No direct fire or bombardment into or out of a cave: units in it are attacked only by assault (so AT fire
  and air attacks do not reach them either); fire at the hex touches only the units outside.
- An attacker assaulting units in the cave takes -2 against them (``assault_shifts.json``, the text's value).
- Forced out: when in an assault in a cave hex one side suffers more step losses than it inflicted (checks
  do not count), all its units and leaders leave the hex as from an assault hex (one hex, never into an
  enemy's, 12.1) and take the free shot (12.12). With no such hex they are eliminated, as a demoralized
  unit that must leave an assault hex is (12.1).
- No foxholes in a cave hex (``works.check_dig``).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import passing
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules import actions as act
    from hexmate.rules.games.pg.game import PgGame

IN_CAVE = "in_cave"
MARK = "moved_fired"


def caves(position: Position) -> dict[str, str]:
    """Cave hex label -> the side that may enter it ("" for both)."""
    raw = position.scenario.options.get("caves", [])
    if isinstance(raw, dict):
        return {str(k): str(v) for k, v in raw.items()}
    return {str(x): "" for x in raw}


def is_cave(position: Position, h: Hex | None) -> bool:
    if h is None:
        return False
    return position.label(h) in caves(position) or "cave" in str(position.map.terrain(h))


def in_cave(unit: UnitState) -> bool:
    return unit.has(IN_CAVE)


def fire_problem(position: Position, shooters: list[UnitState], target: Hex, side: str) -> T | None:
    """16.7: no DF or bombardment out of a cave, nor at a hex whose enemy units are all in its cave."""
    if any(in_cave(u) for u in shooters):
        return T("no direct fire or bombardment out of a cave (16.7)")
    enemies = [u for u in position.units_at(target) if u.side != side]
    if enemies and all(in_cave(u) for u in enemies):
        return T("units in a cave are attacked only by assault (16.7)")
    return None


def exposed(units: list[UnitState]) -> list[UnitState]:
    """16.7: the targets of fire at a cave hex: the units outside the cave."""
    return [u for u in units if not in_cave(u)]


def check_toggle(game: PgGame, position: Position, ids: tuple[str, ...]) -> None:
    """16.7: units in a cave hex go into the cave or come out of it, as their action."""
    if not ids:
        raise IllegalAction(T("name the units that go into or out of the cave"), "16.7")
    for uid in ids:
        if uid not in position.units:
            raise IllegalAction(T("no unit {unit} in this game", unit=repr(uid)))
        unit = position.units[uid]
        why = game.can_act(position, unit)
        if why:
            raise IllegalAction(why)
        if not is_cave(position, unit.hex):
            raise IllegalAction(T("{unit} is not in a cave hex (16.7)", unit=uid), "16.7")
        assert unit.hex is not None
        allowed = caves(position).get(position.label(unit.hex), "")
        if allowed and allowed != unit.side and not in_cave(unit):
            raise IllegalAction(T("the scenario lets only {side} into this cave (16.7)", side=allowed),
                                "16.7")
        if any(u.side != unit.side for u in position.units_at(unit.hex)):
            raise IllegalAction(T("{unit} is in an assault hex: it assaults or leaves the hex (16.7, 12.1)",
                                  unit=uid), "16.7")
        if unit.carrier is not None or pu.is_vehicle(unit):
            raise IllegalAction(T("{unit} cannot go into a cave (16.7)", unit=uid), "16.7")


def offers(game: PgGame, position: Position, units: list[UnitState]) -> list[str]:
    """The units of ``units`` that may go into or out of a cave now (16.7), for the page's actions."""
    inside = [u for u in units if is_cave(position, u.hex)]
    return passing(inside, lambda u: check_toggle(game, position, (u.id,)))


def toggle(position: Position, ids: tuple[str, ...]) -> State:
    state = position.state
    for uid in ids:
        unit = state.units[uid]
        unit = unit.mark(MARK, remove=(IN_CAVE,)) if in_cave(unit) else unit.mark(MARK, IN_CAVE)
        state = state.with_unit(unit)
    return state


def keep(position: Position) -> State:
    """16.7: a unit that has left the cave hex is out of the cave."""
    state = position.state
    for unit in list(state.units.values()):
        if in_cave(unit) and not is_cave(position, unit.hex):
            state = state.with_unit(unit.mark(remove=(IN_CAVE,)))
    return state


def _steps(position: Position, h: Hex) -> dict[str, int]:
    """Steps each side's units (not leaders) in the hex have now: 2 full two-step, else 1."""
    out: dict[str, int] = {}
    for u in position.units_at(h):
        if pu.is_leader(u):
            continue
        n = 1 if u.has("reduced") else int(u.values.get("steps", 1))
        out[u.side] = out.get(u.side, 0) + n
    return out


def mark_assault(game: PgGame, position: Position, h: Hex, depth: int) -> State:
    """An assault begins in ``h``: in a cave hex, note each side's steps and the decision stack's depth, to
    compare once its results have fallen (``settle``)."""
    state = position.state
    if not is_cave(position, h):
        return state
    steps = _steps(position, h)
    record = (position.label(h), depth, tuple(sorted(steps.items())))
    gs = game.gstate(state)
    return state.replace(game=gs.replace(cave_fights=(*gs.cave_fights, record)))


def settle(game: PgGame, position: Position) -> State:
    """16.7: once an assault's results have fallen (the stack back to its depth), the side that lost more
    steps than it inflicted is forced out of the cave hex, with the free shot."""
    state = position.state
    gs = game.gstate(state)
    if not gs.cave_fights:
        return state
    label, depth, before_items = gs.cave_fights[-1]
    if len(state.decisions) > depth:
        return state
    state = state.replace(game=gs.replace(cave_fights=gs.cave_fights[:-1]))
    h = position.map.parse_label(label)
    before = dict(before_items)
    now = _steps(position.at(state), h)
    lost = {side: before.get(side, 0) - now.get(side, 0) for side in before}
    sides = list(before)
    if len(sides) != 2:
        return state
    a, b = sides
    loser = a if lost[a] > lost[b] else b if lost[b] > lost[a] else ""
    if not loser:
        return state
    leavers = tuple(sorted(u.id for u in position.at(state).units_at(h) if u.side == loser))
    if not leavers:
        return state
    line = Line(T("cave"), T("{side} lost {lost} steps and inflicted {inflicted}: all its units leave {hex}",
                             side=loser, lost=lost[loser], inflicted=lost[b if loser == a else a], hex=label),
                "16.7")
    res = state.resolution
    if res is not None:
        state = state.replace(resolution=dataclasses.replace(res, lines=(*res.lines, line)))
    view = position.at(state)
    havens = tuple(sorted((n for n in position.map.neighbors(h)
                           if not any(u.side != loser and not _harmless(u) for u in view.units_at(n))),
                          key=lambda x: (x.q, x.r)))
    if not havens:  # 12.1: leaving an assault hex with the enemy in every adjacent hex: eliminated
        for uid in leavers:
            state = state.without_unit(uid)
        return state
    return state.push(Decision("hexes", loser, T("{units} are forced out of the cave hex {hex}: choose the "
                                                 "adjacent hex they go to (the free shot follows)",
                                                 units=", ".join(leavers), hex=label),
                               "16.7", "cave_exit", hexes=havens, subject=leavers, target=h))


def _harmless(unit: UnitState) -> bool:
    """12.1: unarmed transports carrying nothing and leaders are not enemies a unit may not leave into."""
    return pu.is_leader(unit) or pu.is_transport(unit)


def resume_exit(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """16.7, 12.12: the forced-out units go to the chosen hex; the enemy left in the cave hex takes its free
    shot at all of them."""
    from hexmate.rules.games.pg import assault as pg_assault

    assert decision.target is not None
    if not answer.hexes or answer.hexes[0] not in decision.hexes:
        raise IllegalAction(T("choose one of the lit hexes"), "16.7")
    state = position.state
    to = answer.hexes[0]
    alive = tuple(u for u in decision.subject if u in state.units)
    for uid in alive:
        state = state.with_unit(dataclasses.replace(state.units[uid].mark(remove=(IN_CAVE,)), hex=to))
    state = state.replace(resolution=Resolution(
        answer, "cave", T("forced out of a cave (16.7)"), False,
        (Line(T("cave"), T("{units} leave {hex} for {to}", units=", ".join(alive),
                           hex=position.label(decision.target), to=position.label(to)), "16.7"),), {},
        T("{units} forced out of the cave hex", units=", ".join(alive))))
    return state.push(*pg_assault.free_shot_decisions(position.at(state), alive, decision.target))


__all__ = ["IN_CAVE", "caves", "check_toggle", "exposed", "fire_problem", "in_cave", "is_cave",
           "keep", "mark_assault", "offers", "resume_exit", "settle", "toggle"]
