"""A guard squad deploying (A20.5) and a prisoner squad split into two prisoner HS (A20.51).

A20.5: a guard squad not broken may deploy into two HS at any time, whatever its nationality (even a Russian
one, A25.2) and with no leader; A20.51: two prisoner HS or crews make one unarmed squad, and the other way
round (``prisoners.py`` swaps two HS for a squad). At the table:

- ``activate SQUAD for deploy``, by the side acting, in any phase that takes an action (every phase but the
  RtPh): a guard squad becomes two HS of its ``reduces_to`` counter (the one keeps its id, the other is
  ``ID.2``, as capture.py names the HS a lone squad deploys into); a prisoner squad of a guard of the acting
  side becomes two prisoner HS of that guard (A20.51: its former class is lost, so any HS counter it
  reduces to);
- in the RtPh, where no action is taken, a squad that has just accepted a surrender is asked at once
  ``deploy`` or ``keep`` (the A10 rout example, G1: the Russian guard squad at K1 may deploy at once);
- "at any time" (A20.5) reaches into the enemy's phases too: ``activate SQUAD for deploy`` is the guard's
  side's action whoever is acting (``owner_of``: its page lists it, the host takes it out of turn), in every
  phase but the RtPh whenever no decision is open, and in the enemy's MPh in each Defensive First Fire
  window (A8.1), which then stays open for its fire or pass. Not while a decision (a roll, a check) is
  being answered: the deployment comes before or after it;
- ``drop PRISONER``: in his side's RPh or APh a guard not in Melee with them abandons prisoners like a SW
  (A20.5, A20.53): they are Unarmed, no longer guarded, and marked ``abandoned_pw``: if the abandoning side
  later eliminates one (by a fire or a CC attack of its own), that is a massacre at once (A20.53, A20.4: the
  enemy's ELR +1, and it has refused quarter, A20.3; ``after_play``). A guard leaving the map takes his
  prisoners with him (A20.53, ``exit_with``);
- a deploying guard's prisoners stay with the HS that keeps its id, unless the captor names those the new HS
  guards (``answer units ...`` or ``none``); each HS guards at most five times its US# (A20.51): what one
  cannot hold goes to the other, and what neither can is released Unarmed where it stands (A20.5: the
  former owner moves the excess as if unguarded).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

DEPLOY = "deploy"


def second_id(state: State, uid: str) -> str:
    """The id of the second HS a squad deploys into: ``ID.2`` (``ID.3``... if taken), a unit id an action may
    name."""
    n = 2
    while f"{uid}.{n}" in state.units:
        n += 1
    return f"{uid}.{n}"


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode == DEPLOY


def _half(position: Position, squad: UnitState) -> str | None:
    to = squad.values.get("reduces_to")
    return to if isinstance(to, str) and to in position.scenario.counters else None


def check(game: AslGame, position: Position, action: act.Activate) -> act.Activate:
    if len(action.units) != 1 or action.units[0] not in position.units:
        raise IllegalAction(T("name one squad to deploy"), "A20.5")
    unit = position.units[action.units[0]]
    if unit.type != "squad":
        raise IllegalAction(T("{unit} is not a squad: only a squad deploys", unit=unit.id), "A20.5")
    if _half(position, unit) is None:
        raise IllegalAction(T("no half-squad counter for {unit} in this scenario", unit=unit.id), "A20.5")
    if prisoners.is_prisoner(unit):  # A20.51: the captor splits an unarmed squad into two HS
        guard = position.units.get(unit.carrier or "")
        if guard is None or guard.side != position.to_act:
            raise IllegalAction(T("the captor swaps his prisoners' counters when he acts"), "A20.51")
        if guard.has("melee"):
            raise IllegalAction(T("{unit} is in Melee with its prisoners", unit=guard.id), "A20.51")
        return act.Activate((unit.id,), DEPLOY)
    if not prisoners.prisoners_of(position, unit.id):
        raise IllegalAction(T("{unit} guards no prisoners: only a guard deploys at will (A20.5); other "
                              "deployment is A1.31's", unit=unit.id), "A20.5")
    if unit.has("broken"):
        raise IllegalAction(T("{unit} is broken: a broken guard does not deploy", unit=unit.id), "A20.5")
    return act.Activate((unit.id,), DEPLOY)


def apply(game: AslGame, position: Position, action: act.Activate) -> State:
    return deploy(position, position.units[action.units[0]])


def deploy(position: Position, squad: UnitState) -> State:
    """The squad becomes two HS (A20.5, A20.51); a guard's prisoners are then shared between them."""
    name = _half(position, squad)
    assert name is not None
    counter = position.scenario.counters[name]
    one = squad.as_counter(counter)
    two = dataclasses.replace(one, id=second_id(position.state, squad.id))
    state = position.state.with_unit(one).with_unit(two)
    from hexmate.rules.games.asl import cyclesplit

    state, _ = cyclesplit.deployed(position, state, one.id, two.id)  # D15.44: each HS on its own cycle
    from hexmate.rules.games.asl import horsesplit

    state, _ = horsesplit.deployed(position, state, one.id, two.id)  # A13.32: each HS on its own horses
    held = prisoners.prisoners_of(position, squad.id)
    if prisoners.is_prisoner(squad) or not held:
        return state
    return state.push(Decision(
        "units", squad.side,
        T("{unit} has deployed: name the prisoners {other} guards, or none (each HS holds at most five times "
          "its US#)", unit=squad.id, other=two.id),
        "A20.5", "guard_split", units=tuple(p.id for p in held), choices=("none",), count=0,
        subject=(one.id, two.id), target=squad.hex))


def resume_split(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.5, A20.51: the named prisoners go to the new HS; what a HS cannot hold goes to the other; what
    neither can is released Unarmed."""
    state = position.state
    one, two = (position.units[u] for u in decision.subject)
    to_two = set(answer.units)
    room = {one.id: prisoners.capacity(one), two.id: prisoners.capacity(two)}
    held = sorted((position.units[p] for p in decision.units if p in position.units),
                  key=lambda p: (p.id not in to_two, -au.us_number(p), p.id))
    placed: dict[str, str] = {}
    for wanted in (two.id, one.id):  # first those named for the new HS, then the rest for the first
        for p in held:
            if p.id in placed or (wanted == two.id) != (p.id in to_two):
                continue
            for guard in (wanted, one.id if wanted == two.id else two.id):
                if au.us_number(p) <= room[guard]:
                    room[guard] -= au.us_number(p)
                    placed[p.id] = guard
                    break
    for p in held:
        if p.id in placed:
            state = state.with_unit(dataclasses.replace(p, carrier=placed[p.id]))
        else:  # A20.5: more than the guards may hold: released, Unarmed
            freed = p.mark(prisoners.UNARMED, remove=(prisoners.PRISONER,))
            state = state.with_unit(dataclasses.replace(freed, carrier=None))
    return state


def after_surrender(position: Position, state: State, guard_id: str) -> State:
    """A20.5 in the RtPh (no action is taken there): a squad that has just taken prisoners may deploy at
    once."""
    guard = state.units.get(guard_id)
    view = position.at(state)
    if guard is None or guard.type != "squad" or guard.has("broken") or _half(view, guard) is None:
        return state
    if not prisoners.prisoners_of(view, guard_id):
        return state
    return state.push(Decision(
        "confirm", guard.side,
        T("{unit} guards prisoners: deploy it into two HS now, or keep it", unit=guard_id),
        "A20.5", "guard_deploy", choices=(DEPLOY, "keep"), subject=(guard_id,), target=guard.hex))


def resume_deploy(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    if answer.choice != DEPLOY:
        return position.state
    return deploy(position, position.units[decision.subject[0]])


def generate(position: Position) -> Iterator[act.Activate]:
    """What the pages list: each Good Order guard squad may deploy, whoever is acting (A20.5 "at any time";
    ``owner_of`` lists it on its side's page only)."""
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if (unit.type == "squad" and not unit.has("broken") and not prisoners.is_prisoner(unit)
                and prisoners.prisoners_of(position, unit.id) and _half(position, unit) is not None):
            yield act.Activate((unit.id,), DEPLOY)


def owner_of(position: Position, action: act.Action) -> str:
    """A20.5 "at any time": a guard's deployment is its side's action whoever is acting; its page lists it and
    the host takes it from that side out of turn (as HIP given up, A12.14)."""
    if not claims(action):
        return ""
    assert isinstance(action, act.Activate)
    unit = position.units.get(action.units[0]) if len(action.units) == 1 else None
    if unit is None or prisoners.is_prisoner(unit):
        return ""
    return unit.side


def in_window(position: Position, action: act.Action) -> bool:
    """A20.5: in the enemy's MPh a Defensive First Fire window (A8.1) takes a guard's deployment too."""
    top = position.state.decision
    if top is None or top.kind != "react" or not claims(action):
        return False
    assert isinstance(action, act.Activate)
    unit = position.units.get(action.units[0]) if len(action.units) == 1 else None
    return unit is not None and unit.side == top.side  # the side whose window it is


def exit_with(state: State, guards: list[str]) -> State:
    """A20.53: a guard leaving the map takes his prisoners with him, not released. The guard is no casualty
    (A26.221 names him among its exceptions; end_move records him as exited); the prisoners, units that left
    the map, count as eliminated for the captor's CVP (A26.221's rule) at their VP: A20.1's doubling asks
    for prisoners still guarded at the end, and this reads the ones taken off the map as out of play."""
    for unit in list(state.units.values()):
        if prisoners.is_prisoner(unit) and unit.carrier in guards:
            state = state.without_unit(unit.id)
    return state


def claims_drop(position: Position, action: act.Action) -> bool:
    """``drop PRISONER``: a guard abandons a prisoner (A20.5, A20.53)."""
    if not isinstance(action, act.Transfer) or action.to:
        return False
    unit = position.units.get(action.item)
    return unit is not None and prisoners.is_prisoner(unit)


def check_drop(position: Position, drop: act.Transfer) -> act.Transfer:
    """A20.5: in his side's RPh or APh, a guard not in Melee with his prisoners may drop them like a SW."""
    prisoner = position.units[drop.item]
    guard = position.units.get(prisoner.carrier or "")
    if guard is None:
        raise IllegalAction(T("{unit} has no guard to pass it on", unit=prisoner.id), "A20.5")
    if position.phase.id not in ("RPh", "APh") or guard.side not in (position.to_act, position.phasing) \
            or position.to_act != position.phasing:
        raise IllegalAction(T("a guard abandons prisoners in his side's RPh or APh"), "A20.5")
    if guard.has("melee"):
        raise IllegalAction(T("{unit} is in Melee with its prisoners", unit=guard.id), "A20.5")
    return drop


def drop(position: Position, transfer: act.Transfer) -> State:
    """A20.5, A20.53: the abandoned prisoner is Unarmed where it stands, no longer guarded (its owner moves it
    when no enemy shares its Location, A20.5)."""
    unit = position.units[transfer.item].mark(prisoners.UNARMED, ABANDONED, remove=(prisoners.PRISONER,))
    return position.state.with_unit(dataclasses.replace(unit, carrier=None))


ABANDONED = "abandoned_pw"  # not D5.4's "abandoned" (a vehicle's)


def after_play(game: AslGame, position: Position, done: act.Action, state: State) -> State:
    """A20.53: abandoned prisoners stay under A20.3-A20.4: if the side that abandoned them later eliminates
    them, that is a massacre at once (its enemy's ELR +1, and it has refused quarter). Who eliminated them is
    the side of the attack being worked out: a fire's firers, a Close Combat attack's side (the side of the
    CC decision answered)."""
    from hexmate.rules.games.asl.game import AslState

    gs = state.game
    if not isinstance(gs, AslState):
        return state
    top = position.state.decision
    side = gs.attack_side
    if isinstance(done, act.Fire) and done.firers and done.firers[0] in position.units:
        side = position.units[done.firers[0]].side
    elif isinstance(done, act.Answer) and top is not None and top.then.startswith(("cc", "vcc")):
        side = top.side
    if side != gs.attack_side:
        gs = gs.replace(attack_side=side)
        state = state.replace(game=gs)
    exited = {uid for uid, _ in gs.exited}
    own = tuple(u.id for u in position.units.values()  # A26.222: a guarded prisoner killed by its own side
                if u.has(prisoners.PRISONER) and u.id not in state.units and u.id not in exited
                and side == u.side)
    if own:
        gs = gs.replace(pw_own_fire=(*gs.pw_own_fire, *own))
        state = state.replace(game=gs)
    for unit in position.units.values():
        if not unit.has(ABANDONED) or unit.id in state.units or unit.id in exited:
            continue
        if side and side == position.enemy_of(unit.side):
            if side not in gs.massacred:
                gs = gs.replace(massacred=(*gs.massacred, side))
            if side not in gs.no_quarter:
                gs = gs.replace(no_quarter=(*gs.no_quarter, side))
            state = state.replace(game=gs)
    return state
