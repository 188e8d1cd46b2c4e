"""Strongpoints drawn from a cup and placed at set-up like minefield markers (16.1, 16.6).

16.1: strongpoints are drawn and placed the way minefield markers are (16.6): unless the scenario says
otherwise, the side puts all its strongpoint counters in an opaque cup, draws at random as many as the
scenario gives, looks at them, and places them where the scenario allows. A scenario says so with
``options.strongpoint_cup``: ``{"<side>": {"cup": [unit ids], "draw": N, "area": [hex labels]}}`` (``area``
optional: any hex). Each id is one of the side's strongpoint units (a counter with ``strongpoint: 1``); the
cup's units start off the board (``hex`` None, so no page, LED frame or expected table position shows them),
and those not drawn take no part in the game.

As for minefields (``minecup``), the rules core reads no random source: the owner rolls two dice on a private
decision per strongpoint (``minecup.draw_index``: each counter left equally likely), then a private ``hexes``
decision places it. What was drawn, the dice and the hexes it may go to reach the owner's page and the
record's sealed sidecar only. Once placed the strongpoint is a unit on the board like any other: the table is
told to put it there (a change owed, lit on the LEDs). A minefield marker's face (attack points or DECOY)
stays hidden once laid; a strongpoint is a unit counter, and 16.1 gives it no hidden face, so it is placed
face up: what the draw keeps secret is which counters were drawn and where they may go until placed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import cups
from hexmate.rules.games.pg.minecup import draw_index
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "16.1"


def spec(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """``options.strongpoint_cup`` checked (cups.py); DataError naming the file and place."""
    units = {u.id: u for u in scenario.units}

    def strongpoints(where: str, side: str, cup: list[Any]) -> None:
        if not all(isinstance(u, str) for u in cup) or len(set(cup)) != len(cup):
            raise DataError(f"{where}: must be a list of different unit ids")
        for uid in cup:
            unit = units.get(uid)
            if unit is None or unit.side != side:
                raise DataError(f"{where}: {uid!r} is not a unit of side {side!r}")
            if scenario.counters[unit.counter].values.get("strongpoint") != 1:
                raise DataError(f"{where}: {uid!r} is not a strongpoint (16.1)")

    return cups.read(scenario, "strongpoint_cup", "units", strongpoints)


def _ask_draw(side: str, cup: Sequence[str], left: int) -> Decision:
    said = T("{side}: draw a strongpoint from the cup, in secret (16.1, 16.6)", side=side)
    return Decision("roll", side, said, RULE, "strongpoint_draw", dice="2d6", private=True).with_args(
        side=side, cup=",".join(cup), left=str(left))


def setup(scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """16.1: the cup's strongpoints off the board; each side with a cup draws its first (the rest follow as
    each is placed)."""
    cups = spec(scenario)
    for side, entry in cups.items():
        for label in entry["area"]:
            try:
                hex_map.parse_label(label)
            except (ValueError, KeyError) as e:
                where = f"{scenario.source}: options.strongpoint_cup.{side}.area"
                raise DataError(f"{where}: {label!r} is not a hex of the map ({e})") from e
        for uid in entry["cup"]:
            state = state.with_unit(state.units[uid].at(None))
    asks = [_ask_draw(side, entry["cup"], entry["draw"]) for side, entry in cups.items()]
    return state.push(*reversed(asks)) if asks else state


def resume_draw(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """16.6 at random: the two dice pick one of the cup's strongpoints left; its owner then places it."""
    side = decision.arg("side")
    cup = [u for u in decision.arg("cup").split(",") if u]
    values = [PG_1D6.from_values((d,)).total for d in tuple(answer.dice or ())]
    i = draw_index(values, len(cup))
    if i is None:  # this roll draws nothing: roll again
        return position.state.push(decision)
    uid = cup.pop(i)
    area = spec(position.scenario)[side]["area"]
    allowed = [position.map.parse_label(a) for a in area] if area else list(position.map.hexes)
    enemy = {u.hex for u in position.units.values() if u.side != side and u.hex is not None}
    hexes = tuple(sorted((h for h in allowed if h not in enemy), key=lambda h: (h.q, h.r)))
    place = Decision("hexes", side, T("{side}: you drew {secret}; place it where the scenario allows (16.1)",
                                      side=side, secret=uid),
                     RULE, "strongpoint_place", hexes=hexes, private=True).with_args(
        side=side, cup=",".join(cup), left=decision.arg("left"), unit=uid)
    return position.state.push(place)


def resume_place(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """16.1: the drawn strongpoint goes on the board; when the last is placed, those left in the cup are out
    of the game."""
    h = answer.hexes[0] if answer.hexes else None
    if h is None or h not in decision.hexes:
        raise IllegalAction(T("a strongpoint goes in a hex the scenario allows, not an enemy's (16.1)"), RULE)
    uid = decision.arg("unit")
    state = position.state.with_unit(position.state.units[uid].at(h))
    left = int(decision.arg("left")) - 1
    cup = [u for u in decision.arg("cup").split(",") if u]
    if left > 0:
        return state.push(_ask_draw(decision.arg("side"), cup, left))
    for other in cup:  # 16.6 "as many as the scenario gives": the rest stay in the cup
        state = state.without_unit(other)
    gs = game.gstate(state)  # never in play: not losses for victory (7.6) nor formation activation (17.0)
    return state.replace(game=gs.replace(undrawn=tuple(sorted({*gs.undrawn, *cup}))))


def placed(before: State, after: State) -> list[str]:
    """The strongpoint the owner's answer put on the board between two states (for the table)."""
    top = before.decision
    if top is None or top.then != "strongpoint_place":
        return []
    uid = top.arg("unit")
    unit = after.units.get(uid)
    return [uid] if unit is not None and unit.hex is not None and before.units[uid].hex is None else []


__all__ = ["placed", "resume_draw", "resume_place", "setup", "spec"]
