"""PG overrun (蹂躙攻撃), an optional rule: off unless the scenario sets ``options.overrun``.

An overrun is a move activation (paraphrased from the optional rules' "Overrun", cited as "overrun"):

* AFVs (an APC with passengers too, never a tank carrying riders) a tank leader activated, or cavalry a
  cavalry leader activated (6.91), in good order;
* from two or three hexes away, never from next to the target; the target must be in their line of sight
  from the start, and they move along it: every hex of the path lies on a shortest way to the target and
  sees it (the text's "follow the LOS", read so on a hex grid), none holds the enemy;
* the target holds enemy combat units and is not already an assault hex (no friendly unit in it);
* before moving they name one exit hex beyond the target (next to it, no enemy in it) and must have the MP
  to get there: the exit is a ``hexes`` decision answered before the move goes on;
* the enemy may fire at them in every hex they enter before the target (13.0: ``can_react`` as usual);
* in the target the assault is fought as usual (12.4) except that both sides read one column lower;
* then: an overrunner demoralized stops there (the hex stays an assault hex); one disrupted goes on to the
  exit hex and stops; otherwise it goes on to the exit hex and may move on in the same activation with the MP
  the path and the exit hex left (its MOVED/FIRED marker comes off until that move ends; the MP spent are
  kept with the 16.5 entry costs, ``entry_spent``). The step to the exit hex is a move like any other: the
  enemy may opportunity-fire at it there (13.0), and a mover failing its check stops in the exit hex marked
  (13.1). It is not a withdrawal from an assault hex, so it draws no free shot (12.12).

The other -1s (an AT DRM -1, and -1 on the carried AT weapon's first die, 11.5) fall on the AT fire inside
the hex (``assault_at.py``, ``antitank.py``).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import activation as pg_act
from hexmate.rules.games.pg import assault as pg_assault
from hexmate.rules.games.pg import moves as pg_moves
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg.activation import MARK
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "overrun"
Cost = int | Fraction


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("overrun"))


def kind(units: list[UnitState]) -> str:
    troops = [u for u in units if not pu.is_leader(u)]
    if troops and all(pu.is_afv(u) for u in troops):
        return "afv"
    if troops and all(pu.branch(u) == "CAV" for u in troops):
        return "cavalry"
    return ""


def eligible(game: PgGame, position: Position, units: list[UnitState]) -> T | None:
    """Who may overrun: AFVs a tank leader activated or cavalry a cavalry leader activated, in good order,
    no tank carrying riders. None if they may."""
    what = kind(units)
    troops = [u for u in units if not pu.is_leader(u)]
    if not what:
        return T("only AFVs or cavalry overrun (overrun)")
    gs = game.gstate(position.state)
    leaders = [position.units[u] for u in gs.act_leaders if u in position.units]

    def leads(ldr: UnitState) -> bool:
        right = pu.leader_kind(ldr) == "tank" if what == "afv" else pu.value(ldr, "cavalry") == 1
        return right and all(pg_act.commands(ldr, u) for u in troops)

    if not any(leads(ldr) for ldr in leaders) or not all(u.id in gs.combat for u in troops):
        return T("an overrun needs a tank leader's activation for AFVs, a cavalry leader's for cavalry "
                 "(overrun, 6.91)")
    riders = [u.id for u in troops if not pu.is_apc(u)
              and any(o.carrier == u.id for o in position.units.values())]
    if riders:
        return T("{units} carries riders and may not overrun (overrun)", units=", ".join(riders))
    return pg_assault.may_assault(units, True)


def path_cost(game: PgGame, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> Cost | None:
    """The terrain cost of the path for the slowest class among them (no enemy rule: the target is entered
    to overrun it)."""
    total: Cost = 0
    for a, b in itertools.pairwise(path):
        worst: Cost = 0
        for unit in units:
            if pu.is_leader(unit):
                continue
            fn = pg_moves.cost_fn(game, pu.move_class(unit))
            step = None if fn is None else fn(position.map, a, b)
            if step is None:
                return None
            worst = max(worst, step)
        total += worst
    return total


def problem(game: PgGame, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> T | None:
    """Is ``path`` (start ... target) an overrun these units may make? None if it is."""
    if not enabled(position):
        return T("overrun is an optional rule this scenario does not use")
    why = eligible(game, position, units)
    if why:
        return why
    start, target = path[0], path[-1]
    side = units[0].side
    if distance(start, target) not in (2, 3) or len(path) - 1 != distance(start, target):
        return T("an overrun starts two or three hexes from its target, never next to it, and goes straight "
                 "at it (overrun)")
    if any(u.side == side for u in position.units_at(target)):
        return T("{hex} is already an assault hex: no overrun into it (overrun)", hex=position.label(target))
    los = game.terrain_table().line_of_sight
    for i, h in enumerate(path[:-1]):
        if i and (distance(path[i - 1], h) != 1 or distance(h, target) != distance(path[i - 1], target) - 1):
            return T("an overrun goes straight at its target (overrun)")
        if i and any(u.side != side for u in position.units_at(h)):
            return T("an overrun passes through hexes free of the enemy (overrun)")
        if los(position.map, h, target).blocked:
            return T("an overrun follows its line of sight to the target: {hex} does not see it (overrun)",
                     hex=position.label(h))
    if not exits(game, position, units, path):
        return T("no exit hex beyond {hex} they have the MP to reach (overrun)", hex=position.label(target))
    return None


def offers(game: PgGame, position: Position, units: list[UnitState], start: Hex
           ) -> dict[Hex, tuple[Hex, ...]]:
    """Every enemy hex two or three hexes off they may overrun, with the first straight path that works (so
    a counter set down on the target at the table is read as the overrun)."""
    side = units[0].side
    out: dict[Hex, tuple[Hex, ...]] = {}
    for target in {u.hex for u in position.units.values() if u.side != side and u.hex is not None}:
        if distance(start, target) not in (2, 3) or not pg_assault.enemy_combat_units(position, target, side):
            continue
        for path in _straight(position, start, target):
            if problem(game, position, units, path) is None:
                out[target] = path
                break
    return out


def _straight(position: Position, start: Hex, target: Hex) -> list[tuple[Hex, ...]]:
    """The shortest paths from ``start`` to ``target`` (two or three steps: a handful)."""
    paths: list[tuple[Hex, ...]] = [(start,)]
    for _ in range(distance(start, target)):
        paths = [(*p, n) for p in paths for n in position.map.neighbors(p[-1])
                 if distance(n, target) == distance(p[-1], target) - 1]
    return sorted(paths, key=lambda p: [(h.q, h.r) for h in p])


def exits(game: PgGame, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """The exit hexes they may name: next to the target, not on the path, free of the enemy, within the MP
    left after the target."""
    cost = path_cost(game, position, units, path)
    if cost is None:
        return ()
    budget = game.budget(units, position)
    side = units[0].side
    target = path[-1]
    out = []
    for n in position.map.neighbors(target):
        if n in path or any(u.side != side for u in position.units_at(n)):
            continue
        more = path_cost(game, position, units, (target, n))
        if more is not None and cost + more <= budget:
            out.append(n)
    return tuple(sorted(out, key=lambda h: (h.q, h.r)))


def exit_decision(game: PgGame, position: Position, move: act.Move) -> Decision:
    units = [position.units[u] for u in move.units]
    path = tuple(move.path)
    hexes = exits(game, position, units, path)
    prompt = T("{units} overrun {hex}: name the exit hex beyond it first", units=", ".join(move.units),
               hex=position.label(path[-1]))
    cost = path_cost(game, position, units, path)
    return Decision("hexes", units[0].side, prompt, RULE, "overrun_exit", hexes=hexes,
                    subject=tuple(move.units), target=path[-1], args=(("cost", str(cost)),))


def resume_exit(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    where = answer.hexes[0] if answer.hexes else None
    if where is None or where not in decision.hexes:
        raise IllegalAction(T("name one of the exit hexes: {hexes}",
                              hexes=", ".join(position.label(h) for h in decision.hexes)), RULE)
    assert decision.target is not None
    gs = game.gstate(position.state)
    units = [position.units[u] for u in decision.subject]
    more = path_cost(game, position, units, (decision.target, where)) or 0
    spent = Fraction(decision.arg("cost", "0")) + more
    plan = (position.label(decision.target), position.label(where), str(spent), *decision.subject)
    return position.state.replace(game=gs.replace(overrun=plan))


def at(game: PgGame, position: Position, h: Hex) -> bool:
    """Is an overrun being fought in ``h`` now (both sides one column lower)?"""
    plan = game.gstate(position.state).overrun
    return bool(plan) and plan[0] == position.label(h)


def after_decision(position: Position, ids: tuple[str, ...], target: Hex) -> Decision:
    side = position.units[ids[0]].side
    return Decision("confirm", side, T("overrun at {hex}: once the assault is fought, the overrunners go on "
                                       "to their exit hex unless demoralized", hex=position.label(target)),
                    RULE, "overrun_after", choices=("exit",), subject=ids, target=target)


def resume_after(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """Demoralized: they stay (an assault hex); otherwise on to the exit hex, a step the enemy may fire at
    (13.0), where a disrupted overrunner stops and a good-order one may move on (``finish_exit``)."""
    state = position.state
    gs = game.gstate(state)
    plan = gs.overrun
    state = state.replace(game=gs.replace(overrun=()))
    alive = [state.units[u] for u in decision.subject if u in state.units]
    if not plan or not alive:
        return state
    where = position.map.parse_label(plan[1])
    troops = [u for u in alive if not pu.is_leader(u)]
    if any(u.has("demoralized") for u in troops):
        text = T("demoralized: they stop in {hex} (overrun)", hex=plan[0])
    else:
        assert decision.target is not None
        more = path_cost(game, position, troops, (decision.target, where)) or 0
        go = "stop" if any(u.has("disrupted") for u in troops) else "on"
        state = state.replace(moving=Moving(tuple(u.id for u in alive), (decision.target, where), more),
                              game=game.gstate(state).replace(overrun_exit=(go, plan[2])))
        if go == "stop":
            text = T("disrupted: they go on to {hex} and stop there (overrun)", hex=plan[1])
        else:  # the MP spent are kept with the 16.5 entry costs (``entry_spent``) for the move on
            spent = Fraction(plan[2])
            gs2 = game.gstate(state)
            state = state.replace(game=gs2.replace(entry_spent=(
                *((u, c) for u, c in gs2.entry_spent if u not in decision.subject),
                *((u.id, int(spent) if spent.denominator == 1 else spent) for u in alive))))
            text = T("they go on to {hex} and may move on with {mp} MP left (overrun)", hex=plan[1],
                     mp=max(Fraction(0), Fraction(game.budget(troops, position.at(state)))))
    line = Line(T("overrun"), text, RULE)
    return state.replace(resolution=Resolution(act.Answer(choice="exit"), "overrun", T("overrun"), False,
                                               (line,), {}, text))


def finish_exit(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    """The step to the exit hex is over: a good-order overrunner still in good order there (no failed check
    on the way, 13.1) may move on with the MP left (its MOVED/FIRED marker off until that move ends); any
    other stays marked."""
    state = position.state
    gs = game.gstate(state)
    exit_plan = gs.overrun_exit
    state = state.replace(game=gs.replace(overrun_exit=()))
    alive = [state.units[u] for u in ids if u in state.units]
    if not exit_plan or exit_plan[0] != "on" or not alive:
        return state
    if any(u.has("disrupted") or u.has("demoralized") for u in alive if not pu.is_leader(u)):
        return state
    for unit in alive:
        state = state.with_unit(state.units[unit.id].mark(remove=(MARK,)))
    return state


__all__ = ["after_decision", "enabled", "exit_decision", "finish_exit", "problem", "resume_after",
           "resume_exit"]
