"""ASL Hidden Initial Placement (A12.3-A12.32): units set up in secret, off the table until revealed.

A scenario gives a side HIP units (A12.3: by SSR) in ``options.hip``: ``{"<side>": {"units": [ids], "area":
[hex labels]}}`` (``area`` optional: the side's set-up hexes, whole boards ``{"board": id}`` among them as
A2.3 allows, boardarea.py; HIP is only in concealment terrain, A12.3). The
scenario's own hex of a HIP unit is not used: each is placed through a private decision (``Decision.private``,
as Fire Team's secret plots) answered on its owner's page, whose options and answer the host keeps from every
other audience. Until revealed a HIP unit stands nowhere in the shared state (``hex`` None: no page, socket
frame, LED picture or expected table position shows it); it is concealed (a HIP unit is treated as concealed,
A12.3), carries the ``hip`` marker, and its secret hex is in ``AslState.hip`` (unit id -> hex, None until
placed). ``hidden(position)`` names the HIP units and their sides: what the record keeps from its header.

It is revealed (A12.31: never to be HIP again):
- when it fires: placed on its hex, fully Known (no "?", A12.31);
- when it moves (A12.32): first placed on its hex under a "?", then concealment goes on as usual;
- when an enemy unit enters its Location in the MPh or APh: placed under a "?" there, and A12.15 (the
  mover's bump, Random Selection of the unit shown) or the CC that the advance brings goes on as usual
  (A12.31 names A12.15 and A11.19 among the cases where a revealed HIP unit keeps its "?");
- when the scenario ends: placed on its hex, Known, its control declared then (A26.15, victory.at_end).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import boardarea
from hexmate.rules.games.asl.concealment import CONCEALMENT_TERRAIN
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.common import secret_units_spec
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MARKER = "hip"


def spec(scenario: Scenario) -> dict[str, dict[str, list[Any]]]:
    """``options.hip`` checked: every unit named is the side's; DataError naming the file and the key. An area
    item may name a whole board, ``{"board": id}`` (its half hexes as A2.3 allows, boardarea.py)."""
    return secret_units_spec(scenario, "hip", boards=True)


def hexes_for(scenario: Scenario, hex_map: HexMap, side: str, state: State) -> tuple[Hex, ...]:
    """Where the side may set up a HIP unit: concealment terrain (A12.3) holding no enemy unit, in its area
    if the scenario says."""
    area = spec(scenario).get(side, {}).get("area", [])
    where = f"{scenario.source}: options.hip.{side}.area"
    allowed = set(boardarea.resolve(hex_map, area, where)) if area else set(hex_map.hexes)
    enemy = {u.hex for u in state.units.values() if u.side != side}
    return tuple(sorted((h for h in allowed if hex_map.terrain(h) in CONCEALMENT_TERRAIN and h not in enemy),
                        key=lambda h: (h.q, h.r)))


def setup(game: AslGame, scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """The HIP units taken off the map, concealed, each with its private set-up decision (A12.3)."""
    ids = [uid for entry in spec(scenario).values() for uid in entry["units"]]
    if not ids:
        return state
    asks = []
    for uid in ids:  # A12.3: HIP is a form of concealment
        state = state.with_unit(dataclasses.replace(state.units[uid].at(None).mark(MARKER), concealed=True))
        side = state.units[uid].side
        asks.append(Decision(
            "hexes", side,
            T("{side}: set up a unit hidden (HIP) on your own page: name its hex", side=side),
            "A12.3", "hip_place", hexes=hexes_for(scenario, hex_map, side, state), units=(uid,),
            subject=(uid,), private=True,
        ))
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(hip=tuple((uid, None) for uid in ids)))
    return state.push(*reversed(asks))  # the first unit's question on top


def resume_place(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    uid = decision.subject[0]
    h = answer.hexes[0]
    if h not in decision.hexes:
        raise IllegalAction(T("a HIP unit sets up in concealment terrain of its side's set-up area"), "A12.3")
    gs = game.gstate(position.state)
    from hexmate.rules.games.asl import setuplimits  # A2.9: not overstacked, the other HIP units there too

    setuplimits.check_placed(position, uid, h, [u for u, x in gs.hip if x == h])
    return position.state.replace(game=gs.replace(hip=tuple((u, h if u == uid else x) for u, x in gs.hip)))


def hidden(position: Position) -> Mapping[str, str]:
    """The units still HIP, each with its side: the record keeps them out of its header until the end."""
    from hexmate.rules.games.asl.game import AslGame

    return {uid: position.units[uid].side for uid, _ in AslGame.gstate(position.state).hip
            if uid in position.units}


def set_up(game: AslGame, position: Position, side: str) -> bool:
    """Has the side a HIP unit set up on the map?"""
    return any(x is not None and uid in position.units and position.units[uid].side == side
               for uid, x in game.gstate(position.state).hip)


def where(position: Position, uid: str) -> Hex | None:
    from hexmate.rules.games.asl.game import AslGame

    return dict(AslGame.gstate(position.state).hip).get(uid)


def reveal(game: AslGame, state: State, uids: Iterable[str], keep_concealed: bool) -> State:
    """Place HIP units on their hexes, no longer HIP (A12.31): under a "?" or fully Known."""
    gs = game.gstate(state)
    secret = dict(gs.hip)
    uids = [u for u in uids if u in secret]
    if not uids:
        return state
    for uid in uids:
        h = secret[uid]
        if h is None:
            raise IllegalAction(T("{unit} has not been set up yet", unit=uid), "A12.3")
        unit = state.units[uid].at(h).mark(remove=(MARKER,))
        state = state.with_unit(unit if keep_concealed else unit.revealed())
    return state.replace(game=gs.replace(hip=tuple(e for e in gs.hip if e[0] not in uids)))


def at(game: AslGame, position: Position, h: Hex, side: str) -> list[str]:
    """The HIP units of the side's enemy set up in ``h``."""
    return [uid for uid, x in game.gstate(position.state).hip
            if x == h and uid in position.units and position.units[uid].side != side]


def in_action(position: Position, action: act.Action) -> list[str]:
    """The HIP units an action names as firers or movers."""
    from hexmate.rules.games.asl.game import AslGame

    secret = dict(AslGame.gstate(position.state).hip)
    named: tuple[str, ...] = ()
    if isinstance(action, act.Fire):
        named = action.firers
    elif isinstance(action, act.Move):
        named = action.units
    return [u for u in named if u in secret]


def fire_options(game: AslGame, position: Position) -> Iterator[act.Fire]:
    """The fire each HIP unit of the side firing now could declare from its secret hex, alone (A12.31: it is
    placed as it fires). Only its owner's page lists them (``secret_of``); they are checked as declared."""
    from hexmate.rules.games.asl import blindshot
    from hexmate.rules.games.asl import fire as asl_fire
    from hexmate.rules.games.asl import units as au

    side = asl_fire.firing_side(position)
    movers = asl_fire.moving_targets(position)
    if position.phase.id == "MPh":
        targets = [movers[0].hex] if movers and movers[0].hex is not None else []
    else:
        enemy = [u for u in position.units.values() if u.side != side and u.type != au.SW]
        targets = sorted({u.hex for u in enemy if u.hex is not None}, key=lambda h: (h.q, h.r))
    for uid, h in sorted(game.gstate(position.state).hip, key=lambda e: e[0]):
        if h is None or uid not in position.units or position.units[uid].side != side:
            continue
        for target in targets:
            fire = act.Fire((uid,), target)
            try:
                game.check(position, fire)
            except (IllegalAction, InvalidAction):
                continue
            placed = position.at(reveal(game, position.state, in_action(position, fire), False))
            if blindshot.all_blind(placed, fire):
                continue  # A6.11: a declared blind shot is fired, but the table lists none
            yield fire


def owner_of(game: AslGame, position: Position, action: act.Action) -> str:
    """The side whose HIP unit an action names: listing it to anyone else would show the unit (A12.3)."""
    for uid in in_action(position, action):
        return position.units[uid].side
    return ""
