"""PG's optional hidden units when the scenario names none (17.0 "Hidden units", ``options.hidden_third``).

17.0: when a scenario designates no hidden units, a side the scenario allows to start in foxholes may hide a
third of its units and leaders, rounded up. A scenario offers it with ``options.hidden_third``:
``{"<side>": {"area": [hex labels]}}`` (``area`` optional: any hex). The scenario allows a side to start in
foxholes by setting some of its units up DUG IN (16.2); a side without any, or a scenario that lists
``options.hidden_units``, is refused at load with the file and place named.

At set-up the owner names, on a private decision on his own page, up to that third of his units and leaders
on the board (or ``none``); each one named is then taken off the board and set up as ``hidden.py`` sets up a
listed hidden unit: its hex written down on a private decision, spotted at a quarter of the range, placed when
spotted, when it fires or when it moves. Which units left the board is seen, as the order of battle is at
the table; where they are is not.
"""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import hidden as pg_hidden
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
DUG_IN = "dug_in"  # 16.2: how a scenario sets a unit up in its foxhole


def spec(scenario: Scenario) -> dict[str, list[str]]:
    """``options.hidden_third`` checked (side -> area); DataError naming the file and place."""
    raw: Any = scenario.options.get("hidden_third", {})
    where = f"{scenario.source}: options.hidden_third"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be an object of sides")
    if raw and scenario.options.get("hidden_units"):
        raise DataError(f"{where}: the scenario names its hidden units (options.hidden_units); the one-third "
                        "rule is for scenarios that name none (17.0)")
    out: dict[str, list[str]] = {}
    for side, entry in raw.items():
        if side not in (scenario.first_side, scenario.second_side):
            raise DataError(f"{where}.{side}: not a side of this scenario")
        if not isinstance(entry, dict) or sorted(set(entry) - {"area"}):
            raise DataError(f"{where}.{side}: must be an object with an optional 'area'")
        area = entry.get("area", [])
        if not isinstance(area, list) or not all(isinstance(a, str) for a in area):
            raise DataError(f"{where}.{side}.area: must be a list of hex labels")
        if not any(u.side == side and DUG_IN in u.markers for u in scenario.units):
            raise DataError(f"{where}.{side}: the scenario does not let {side} start in foxholes (no unit "
                            "set up DUG IN), so none of its units may be hidden (17.0)")
        out[side] = list(area)
    return out


def limit(units: int) -> int:
    """17.0: a third of the side's units and leaders, rounded up."""
    return math.ceil(units / 3)


def setup(scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """17.0: each side offered the rule names which of its units to hide, on its own page."""
    asks = []
    for side, area in spec(scenario).items():
        for label in area:
            try:
                hex_map.parse_label(label)
            except (ValueError, KeyError) as e:
                where = f"{scenario.source}: options.hidden_third.{side}.area"
                raise DataError(f"{where}: {label!r} is not a hex of the map ({e})") from e
        mine = tuple(sorted(u.id for u in state.units.values() if u.side == side and u.hex is not None))
        n = limit(len(mine))
        asks.append(Decision("units", side, T("{side}: name up to {n} of your {total} units and leaders to "
                                              "hide, or none (17.0)", side=side, n=n, total=len(mine)),
                             RULE, "hidden_third", units=mine, count=0, choices=("none",),
                             private=True).with_args(side=side, limit=str(n)))
    return state.push(*asks) if asks else state


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """17.0: the units named leave the board, concealed, each with its private set-up decision."""
    if answer.choice == "none":
        return position.state
    chosen = tuple(sorted(answer.units))
    n = int(decision.arg("limit"))
    if len(chosen) > n:
        raise IllegalAction(T("a third of the side's units and leaders, rounded up, may be hidden: at most "
                              "{n} (17.0)", n=n), RULE)
    side = decision.arg("side")
    state = position.state
    area = spec(position.scenario).get(side, [])
    allowed = {position.map.parse_label(a) for a in area} if area else set(position.map.hexes)
    enemy = {u.hex for u in state.units.values() if u.side != side and u.hex is not None}
    hexes = tuple(sorted((h for h in allowed if h not in enemy), key=lambda h: (h.q, h.r)))
    asks = []
    for uid in chosen:
        state = state.with_unit(dataclasses.replace(state.units[uid].at(None).mark(pg_hidden.MARKER),
                                                    concealed=True))
        said = T("{side}: write down where a hidden unit sets up, on your own page (17.0)", side=side)
        asks.append(Decision("hexes", side, said, RULE, "hidden_place", hexes=hexes, units=(uid,),
                             subject=(uid,), private=True))
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(hidden=(*gs.hidden, *((uid, None) for uid in chosen))))
    return state.push(*asks)


__all__ = ["limit", "resume", "setup", "spec"]
