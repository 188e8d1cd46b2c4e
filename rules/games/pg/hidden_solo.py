"""PG's solitaire procedure for hidden units (17.0 "Hidden units", solo play; ``options.hidden_solo``).

17.0: playing hidden units alone, the player marks twice as many possible places as there are hidden units
(fewer when some would stack: the text's example hides 4 of 12 units on 8 places) with SPOTTED markers, and
puts the hidden units in a cup with as many MOVED/FIRED markers. When one of his moving units brings a
possible place into its LOS and spotting range, he draws from the cup: a unit is placed there, revealed, and
may take its opportunity fire as usual; a MOVED/FIRED marker is thrown away. Either way the place's SPOTTED
marker comes off.

A scenario offers it with ``options.hidden_solo``: ``{"<side>": {"units": [unit ids], "places": [hex
labels]}}`` (the side whose units hide; at most twice as many places as units). The units start off the
board (``hex`` None); the player sets the SPOTTED markers on the places as the scenario lists them, and
the table is told to take each off as it is searched. The draw is a
two-dice roll over what is left in the cup (``minecup.draw_index``: each counter equally likely), played in
the open: solitaire has no one to hide it from.

Read as built: one counter is drawn per place (the text's "one or more, as the hidden units were deployed"
is for places standing for stacks, which the scenario data does not model); a drawn unit that cannot fire
(a leader) is placed all the same, as it cannot go back in the cup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg.minecup import draw_index
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
BLANK = "-"  # a MOVED/FIRED marker in the cup


def spec(scenario: Scenario) -> dict[str, dict[str, list[str]]]:
    """``options.hidden_solo`` checked; DataError naming the file and place."""
    raw: Any = scenario.options.get("hidden_solo", {})
    where = f"{scenario.source}: options.hidden_solo"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be an object of sides")
    side_of = {u.id: u.side for u in scenario.units}
    out: dict[str, dict[str, list[str]]] = {}
    for side, entry in raw.items():
        if side not in (scenario.first_side, scenario.second_side):
            raise DataError(f"{where}.{side}: not a side of this scenario")
        if not isinstance(entry, dict) or sorted(set(entry) - {"units", "places"}):
            raise DataError(f"{where}.{side}: must be an object with 'units' and 'places'")
        units, places = entry.get("units"), entry.get("places")
        if not isinstance(units, list) or not units or any(side_of.get(u) != side for u in units):
            raise DataError(f"{where}.{side}.units: must be a list of {side}'s unit ids")
        if not isinstance(places, list) or not places or not all(isinstance(p, str) for p in places):
            raise DataError(f"{where}.{side}.places: must be a list of hex labels")
        if len(places) > 2 * len(units) or len(set(places)) != len(places):
            raise DataError(f"{where}.{side}.places: at most twice as many different places as hidden units "
                            f"({2 * len(units)}, 17.0)")
        if 2 * len(units) > 36:
            raise DataError(f"{where}.{side}.units: at most 18 (two dice draw from the cup)")
        out[side] = {"units": list(units), "places": list(places)}
    return out


def setup(game: PgGame, scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """17.0: the hidden units go in the cup with as many MOVED/FIRED markers; the places are noted."""
    cups = spec(scenario)
    if not cups:
        return state
    places: list[tuple[str, Hex]] = []
    cup: list[tuple[str, str]] = []
    for side, entry in cups.items():
        for label in entry["places"]:
            try:
                places.append((side, hex_map.parse_label(label)))
            except (ValueError, KeyError) as e:
                where = f"{scenario.source}: options.hidden_solo.{side}.places"
                raise DataError(f"{where}: {label!r} is not a hex of the map ({e})") from e
        for uid in entry["units"]:
            state = state.with_unit(state.units[uid].at(None))
            cup.append((side, uid))
        cup += [(side, BLANK)] * len(entry["units"])
    gs = game.gstate(state)
    return state.replace(game=gs.replace(solo_places=tuple(places), solo_cup=tuple(cup)))


def entered(game: PgGame, position: Position, movers: tuple[str, ...]) -> tuple[State, list[Decision]]:
    """17.0: each possible place a moving unit now has in its LOS and spotting range is searched: its mark
    comes off and a draw from the cup follows."""
    gs = game.gstate(position.state)
    if not gs.solo_places:
        return position.state, []
    seen: list[tuple[str, Hex]] = []
    for side, h in gs.solo_places:
        stand_in = next((position.state.units[u] for s, u in gs.solo_cup if s == side and u != BLANK), None)
        for uid in movers:
            unit = position.units.get(uid)
            if unit is None or unit.hex is None or unit.side == side:
                continue
            target = stand_in.at(h) if stand_in is not None else None
            if pg_spot.sees(game, position, unit, h, target):
                seen.append((side, h))
                break
    if not seen:
        return position.state, []
    state = position.state.replace(game=gs.replace(
        solo_places=tuple(p for p in gs.solo_places if p not in seen)))
    asks = [Decision("roll", side, T("a possible hidden place in {hex} is in sight: draw from the cup (17.0)",
                                     hex=position.label(h)), RULE, "solo_draw", dice="2d6", target=h)
            .with_args(side=side) for side, h in seen]
    return state, asks


def resume_draw(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """17.0: a unit drawn is placed in the possible place, revealed; a MOVED/FIRED marker is thrown away."""
    side = decision.arg("side")
    gs = game.gstate(position.state)
    cup = [c for c in gs.solo_cup if c[0] == side]
    values = [PG_1D6.from_values((d,)).total for d in tuple(answer.dice or ())]
    i = draw_index(values, len(cup))
    if i is None:  # this roll draws nothing: roll again
        return position.state.push(decision)
    drawn = cup[i]
    rest = list(gs.solo_cup)
    rest.remove(drawn)
    state = position.state.replace(game=gs.replace(solo_cup=tuple(rest)))
    if drawn[1] == BLANK:
        return state
    assert decision.target is not None
    state = state.with_unit(state.units[drawn[1]].at(decision.target).revealed())
    moving = state.moving
    window = any(d.kind == "react" and d.then == "move_on" for d in state.decisions)
    if moving is None or window or not game.can_react(position.at(state), side):
        return state
    return state.push(Decision(  # 13.0: the unit placed may fire at the mover in the hex it has entered
        "react", side, T("{units} entered {hex}: fire at it now or pass", units=", ".join(moving.units),
                         hex=position.label(moving.here)), "13.0", "move_on", subject=moving.units,
        target=moving.here))


def searched(game: PgGame, before: State, after: State) -> list[Hex]:
    """The possible places searched between two states (their SPOTTED markers come off)."""
    now = set(game.gstate(after).solo_places)
    return sorted((h for p in game.gstate(before).solo_places if p not in now for h in (p[1],)),
                  key=lambda h: (h.q, h.r))


__all__ = ["BLANK", "entered", "resume_draw", "searched", "setup", "spec"]
