"""PG's optional hidden units (17.0 "Hidden units", ``options.hidden_units``: ``{"<side>": {"units": [ids],
"area": [hex labels]}}``, ``area`` optional).

Instead of being placed on the board, a hidden unit's position is written down: here each is set up through
a private decision answered on its owner's page (as ASL's HIP, ``asl/hip.py``), whose options and answer the
host keeps from every other audience. Until revealed the unit stands nowhere in the shared state (``hex``
None, so no page, socket frame, LED picture or expected table position shows it), is concealed, and its
secret hex is in ``PgState.hidden``.

Enemy units looking for it spot it only from a quarter of their normal spotting range, rounded down, at least
one hex (so in the open by day from 3 hexes, in a town only from next to it): once one does (checked after
every action), it is placed on its hex for good. It is also placed when it fires or moves. The text's rule for
scenarios that name no hidden units (a third of a side allowed foxholes at the start) is ``hidden_third.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.common import secret_units_spec
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
MARKER = "hidden"
QUARTER = 4  # enemy spotting range against a hidden unit: a quarter, rounded down, at least 1


def spec(scenario: Scenario) -> dict[str, dict[str, list[Any]]]:
    """``options.hidden_units`` checked: every unit named is the side's; a DataError names the file."""
    return secret_units_spec(scenario, "hidden_units")


def hexes_for(scenario: Scenario, hex_map: HexMap, side: str, state: State) -> tuple[Hex, ...]:
    area = spec(scenario).get(side, {}).get("area", [])
    allowed = {hex_map.parse_label(a) for a in area} if area else set(hex_map.hexes)
    enemy = {u.hex for u in state.units.values() if u.side != side}
    return tuple(sorted((h for h in allowed if h not in enemy), key=lambda h: (h.q, h.r)))


def setup(game: PgGame, scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """The hidden units taken off the map, concealed, each with its private set-up decision."""
    ids = [uid for entry in spec(scenario).values() for uid in entry["units"]]
    if not ids:
        return state
    asks = []
    for uid in ids:
        state = state.with_unit(dataclasses.replace(state.units[uid].at(None).mark(MARKER), concealed=True))
        side = state.units[uid].side
        asks.append(Decision(
            "hexes", side,
            T("{side}: write down where a hidden unit sets up, on your own page (17.0)", side=side),
            RULE, "hidden_place", hexes=hexes_for(scenario, hex_map, side, state), units=(uid,),
            subject=(uid,), private=True))
    gs = game.gstate(state)
    return state.replace(game=gs.replace(hidden=tuple((uid, None) for uid in ids))).push(*reversed(asks))


def resume_place(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    uid = decision.subject[0]
    h = answer.hexes[0] if answer.hexes else None
    if h is None or h not in decision.hexes:
        raise IllegalAction(T("a hidden unit sets up in its side's set-up area, not in an enemy's hex"), RULE)
    gs = game.gstate(position.state)
    placed = tuple((u, h if u == uid else x) for u, x in gs.hidden)
    return position.state.replace(game=gs.replace(hidden=placed))


def hidden(game: PgGame, position: Position) -> Mapping[str, str]:
    return {uid: position.units[uid].side for uid, _ in game.gstate(position.state).hidden
            if uid in position.units}


def reveal(game: PgGame, state: State, uids: Iterable[str]) -> State:
    """Place hidden units on their hexes for good."""
    gs = game.gstate(state)
    secret = dict(gs.hidden)
    uids = [u for u in uids if u in secret]
    if not uids:
        return state
    for uid in uids:
        h = secret[uid]
        if h is None:
            raise IllegalAction(T("{unit} has not been set up yet", unit=uid), RULE)
        state = state.with_unit(state.units[uid].at(h).mark(remove=(MARKER,)).revealed())
    return state.replace(game=gs.replace(hidden=tuple(e for e in gs.hidden if e[0] not in uids)))


def in_action(game: PgGame, position: Position, action: act.Action) -> list[str]:
    """The hidden units an action names as firers or movers (they are placed as they act)."""
    secret = dict(game.gstate(position.state).hidden)
    named: tuple[str, ...] = ()
    if isinstance(action, act.Fire):
        named = action.firers
    elif isinstance(action, act.Move | act.Activate):
        named = action.units
    return [u for u in named if u in secret]


def spotted(game: PgGame, position: Position) -> list[str]:
    """The hidden units an enemy combat unit now spots from a quarter of its range (round down, min 1)."""
    out = []
    for uid, h in game.gstate(position.state).hidden:
        unit = position.units.get(uid)
        if unit is None or h is None:
            continue
        placed = unit.at(h).mark(remove=(MARKER,))
        for enemy in position.units.values():
            if enemy.side == unit.side or enemy.hex is None or not pu.is_combat(enemy):
                continue
            d = distance(enemy.hex, h)
            reach = max(1, pg_spot.spot_range(game, position, enemy, h, placed) // QUARTER)
            if d <= 1 or (d <= reach and pg_spot.sees(game, position, enemy, h, placed)):
                out.append(uid)
                break
    return out


def settle(game: PgGame, position: Position) -> State:
    found = spotted(game, position) if game.gstate(position.state).hidden else []
    return reveal(game, position.state, found) if found else position.state


def fire_options(game: PgGame, position: Position, side: str) -> Iterator[act.Fire]:
    """The fires each hidden unit of ``side`` could declare from its secret hex, alone: listed on its owner's
    page only (``owner_of``), checked as declared."""
    moving = position.state.moving
    if moving is not None:  # opportunity fire at the mover in the hex it has just entered (13.0)
        targets = [moving.here]
        top = position.state.decision
        if top is None or top.kind != "react":
            position = position.at(position.state.push(Decision("react", side, "", "13.0", "move_on")))
    else:
        targets = sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None},
                         key=lambda h: (h.q, h.r))
    for uid, h in sorted(game.gstate(position.state).hidden, key=lambda e: e[0]):
        if h is None or uid not in position.units or position.units[uid].side != side:
            continue
        for target in targets:
            fire = act.Fire((uid,), target)
            try:
                game.check(position, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire


def owner_of(game: PgGame, position: Position, action: act.Action) -> str:
    for uid in in_action(game, position, action):
        return position.units[uid].side
    return ""


__all__ = ["fire_options", "hidden", "in_action", "owner_of", "resume_place", "reveal", "settle", "setup",
           "spec", "spotted"]
