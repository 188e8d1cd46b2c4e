"""PG step losses and what follows them (7.6-7.63, 6.7, 6.71), as decisions the owner answers.

A direct fire or bombardment X (2X, 3X) costs one (two, three) steps in each of two categories (7.61):
category 1 a combat unit other than a closed-top AFV (if an open-topped AFV is there, at least one step falls
on it), category 2 a wagon, truck or sled; the owner chooses within each. Then every closed-top AFV in the hex
checks M, every other survivor M2 (7.6, 7.61), leaders first by rank (14.1); once every check is rolled, each
leader of a hex whose friends lost steps rolls 2d6 less the steps lost: 2 or less kills him (6.7). A hex of
leaders alone loses one leader per step (6.71). In an assault (7.63) category 1 is any combat unit, AFVs
included (one step at least on an AFV when one is there), and the first step of each category falls on a
unit in the best morale state. A unit carried by a transport or an APC is never picked on its own: it shares
its carrier's fate (5.65, 7.25).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.common import lose_step
from hexmate.rules.games.pg import morale as pg_morale
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def _state_rank(unit: UnitState) -> int:
    return 2 if unit.has("demoralized") else 1 if unit.has("disrupted") else 0


def category(unit: UnitState, mode: str) -> int:
    """1 or 2 (7.61, 7.63); 0 for a unit no step of this fire may fall on (leaders, closed-top AFVs)."""
    if pu.is_transport(unit):
        return 2
    if not pu.is_combat(unit):
        return 0
    if mode != "assault" and pu.is_closed_top(unit):
        return 0
    return 1


def allocate(
    game: PgGame,
    position: Position,
    targets: tuple[str, ...],
    steps: int,
    mode: str = "df",
    eligible: tuple[str, ...] | None = None,
) -> State:
    """Start allocating ``steps`` per category among ``targets`` (``eligible``: the units whose own column
    gave the X, 7.52; default all)."""
    state = position.state
    units = [state.units[u] for u in targets if u in state.units]
    combat = [u for u in units if not pu.is_leader(u)]
    if steps > 0 and not combat:  # 6.71: a hex of leaders alone loses one leader per step
        leaders = [u.id for u in units]
        if len(leaders) <= steps:
            for uid in leaders:
                state = state.without_unit(uid)
            return state
        return state.push(
            Decision(
                "units",
                units[0].side,
                T("choose the {steps} leader(s) lost: one per step to a hex of leaders alone", steps=steps),
                "6.71",
                "lone_leaders",
                units=tuple(leaders),
                count=steps,
                subject=targets,
                target=units[0].hex,
            )
        )
    args = {
        "c1": str(steps),
        "c2": str(steps),
        "mode": mode,
        "lost": "0",
        "steps": str(steps),
        "eligible": ",".join(eligible if eligible is not None else targets),
        "first1": "1",
        "first2": "1",
        "air_pick": "1",
    }
    return _next(game, position, targets, args)


def _candidates(state: State, targets: tuple[str, ...], args: dict[str, str], cat: int) -> tuple[str, ...]:
    mode = args["mode"]
    eligible = set(args["eligible"].split(","))
    units = [state.units[u] for u in targets if u in state.units and (cat == 2 or u in eligible)]
    cands = [u for u in units if category(u, mode) == cat and not _cargo(state, u)]
    first = args[f"first{cat}"] == "1"
    if cat == 1:
        armour = [u for u in cands if _armour(u, mode)]
        if armour and int(args["steps"]) >= 2 and int(args["c1"]) == 1 and args.get("armour_hit") != "1":
            cands = armour  # 7.61, 7.63: one step at least on an (open-topped) AFV: the last step if not yet
    if mode == "assault" and first and cands:
        best = min(_state_rank(u) for u in cands)
        if best < 2:
            cands = [u for u in cands if _state_rank(u) == best]  # 7.63: the best morale state first
    return tuple(sorted(u.id for u in cands))


def _cargo(state: State, unit: UnitState) -> bool:
    """5.65: a unit carried by a wagon, truck or sled shares its transport's fate and takes no step of its
    own (the transport's category 2 step, if it is eliminated, takes it too, 7.6); 7.25: an APC's cargo is
    covered by its armour likewise. Tank riders (17.0) are exposed as the charts say: they stay eligible."""
    carrier = state.units.get(unit.carrier) if unit.carrier is not None else None
    return carrier is not None and (pu.is_transport(carrier) or pu.is_apc(carrier))


def _air_pick(state: State, targets: tuple[str, ...], args: dict[str, str]) -> tuple[str, ...]:
    """15.1: an air attack's X lets the aircraft's owner put the step on an open-topped AFV; a 2X or 3X lets
    him put one step on any AFV (closed-topped too). The AFVs he may pick now (none: the usual allocation)."""
    if args["mode"] != "air" or args.get("air_pick") != "1" or int(args["c1"]) <= 0:
        return ()
    eligible = set(args["eligible"].split(","))
    units = [state.units[u] for u in targets if u in state.units and u in eligible]
    steps = int(args["steps"])
    return tuple(sorted(u.id for u in units if (pu.is_open_top(u) if steps == 1 else pu.is_afv(u))))


def _next(game: PgGame, position: Position, targets: tuple[str, ...], args: dict[str, str]) -> State:
    state = position.state
    picks = _air_pick(state, targets, args)
    if picks:
        owner = state.units[picks[0]].side
        firer = next((s for s in position.sides if s != owner), owner)
        return state.push(Decision(
            "units", firer,
            T("air attack: you may put a step on {units}, or answer owner to let its owner allot it",
              units=", ".join(picks)),
            "15.1", "loss_air", units=picks, choices=("owner",), subject=targets,
            target=state.units[picks[0]].hex, args=tuple(sorted(args.items()))))
    for cat in (1, 2):
        while int(args[f"c{cat}"]) > 0:
            cands = _candidates(state, targets, args, cat)
            if not cands:
                args[f"c{cat}"] = "0"
                break
            if len(cands) > 1:
                owner = state.units[cands[0]].side
                rule = "7.63" if args["mode"] == "assault" else "7.61"
                n = int(args["steps"]) - int(args[f"c{cat}"]) + 1
                return state.push(
                    Decision(
                        "units",
                        owner,
                        T(
                            "choose the unit that takes category {cat} step {n} of {steps}",
                            cat=cat,
                            n=n,
                            steps=args["steps"],
                        ),
                        rule,
                        "loss",
                        units=cands,
                        subject=targets,
                        target=state.units[cands[0]].hex,
                        args=tuple(sorted({**args, "cat": str(cat)}.items())),
                    )
                )
            state = _lose(state, cands[0], args, cat)
    return checks(game, position.at(state), targets, int(args["lost"]), args["mode"])


def _armour(unit: UnitState, mode: str) -> bool:
    return pu.is_afv(unit) if mode == "assault" else pu.is_open_top(unit)


def _lose(state: State, uid: str, args: dict[str, str], cat: int) -> State:
    if _armour(state.units[uid], args["mode"]):
        args["armour_hit"] = "1"
    args[f"c{cat}"] = str(int(args[f"c{cat}"]) - 1)
    args[f"first{cat}"] = "0"
    args["lost"] = str(int(args["lost"]) + 1)
    return lose_step(state, state.units[uid])


def resume_loss_air(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """15.1: the aircraft's owner picked the AFV that loses the step, or left it to the owner."""
    args = dict(decision.args)
    args["air_pick"] = "0"
    state = position.state
    if answer.units:
        uid = answer.units[0]
        if uid not in decision.units:
            raise IllegalAction(T("name one of: {units}", units=", ".join(decision.units)), "15.1")
        state = _lose(state, uid, args, 1)
    return _next(game, position.at(state), decision.subject, args)


def resume_loss(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    args = dict(decision.args)
    cat = int(args.pop("cat"))
    state = _lose(position.state, answer.units[0], args, cat)
    return _next(game, position.at(state), decision.subject, args)


def resume_lone_leaders(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    for uid in answer.units:
        state = state.without_unit(uid)
    return state


def checks(game: PgGame, position: Position, targets: tuple[str, ...], lost: int, mode: str) -> State:
    """7.6, 7.61: closed-top AFVs check M, every other survivor M2 (leaders first, 14.1); then each leader
    rolls for his life if his hex lost steps (6.7)."""
    state = position.state
    alive = [u for u in targets if u in state.units]
    order = pg_morale.check_order(state, alive)
    tests = []
    for uid in order:
        unit = state.units[uid]
        carrier = state.units.get(unit.carrier) if unit.carrier is not None else None
        if carrier is not None and pu.is_transport(carrier):
            continue  # 5.65: a transport's check is its own alone; what it carries shares the result
        if mode != "assault" and pu.is_closed_top(unit):
            tests.append(pg_morale.mc(position.at(state), uid, 0, "7.61"))
        else:
            tests.append(pg_morale.mc(position.at(state), uid, 2, "7.6"))
    if lost:
        for uid in order:
            if pu.is_leader(state.units[uid]):
                tests.append(casualty_check(position.at(state), uid, lost))
    return state.push(*tests)


def casualty_check(position: Position, uid: str, lost: int) -> Decision:
    unit = position.units[uid]
    return Decision(
        "roll",
        unit.side,
        T(
            "{leader} rolls 2d6 - {lost} (steps lost in his hex): 2 or less, he is killed",
            leader=uid,
            lost=lost,
        ),
        "6.7",
        "casualty",
        dice="2d6",
        subject=(uid,),
        target=unit.hex,
        args=(("lost", str(lost)),),
    )


def leader_killed(roll: int, lost: int) -> bool:
    """6.7: 2d6 less the friendly steps lost in the hex; 2 or less kills the leader."""
    return roll - lost <= 2


def resume_casualty(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    uid = decision.subject[0]
    if uid not in state.units:
        return state
    if leader_killed(PG_2D6.from_values(answer.dice or ()).total, int(decision.arg("lost", "0"))):
        return game.leader_lost(position, uid)
    return state


__all__ = ["allocate", "casualty_check", "category", "checks", "leader_killed"]
