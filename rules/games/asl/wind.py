"""The wind and the weather at the table, as far as chapter A plays them (A24.1, A24.11, A24.6, A24.62).

A scenario may give its weather in ``options.weather``:

    {"wind": "mild breeze", "blows_to": "SE", "gusts": false, "precipitation": "none", "wind_change": true}

``wind`` is one of ``none``, ``mild breeze``, ``heavy winds``; ``blows_to`` the compass direction the wind
blows towards (downwind, one of N NE SE S SW NW; also kept while there is no wind, for when one rises);
``precipitation`` one of ``none``, ``rain``, ``mud``, ``heavy snow``. Without it: no wind and no weather.

What chapter A makes of it:
- A24.1: smoke grenades go into an adjacent Location only with no wind or a mild breeze, and in a mild breeze
  not into the three adjacent hexes upwind of the placing squad;
- A24.11: no smoke grenades at all in heavy winds, rain, mud or heavy snow;
- A24.6: rain or heavy winds remove every SMOKE counter at once;
- A24.62: while gusts blow, at the start of the RPh and again at the start of the next AFPh, dispersed SMOKE
  goes and the rest is flipped to its dispersed side.
Drifting smoke (A24.61) comes only from source smoke that ordnance or OBA lays, which the table does not play
yet; grenade smoke never drifts (A24.61) and is gone by the end of its MPh (A24.11).

The wind itself changes by the Wind Change DR of chapter B (B25.65), which is not among the texts: with
``wind_change`` the phasing player rolls it at the start of each RPh and the chart pack's ``wind_change``
chart says what it does (hexmate's demo pack has invented values, labelled as such; a pack without that chart
never asks for the DR). Its results: ``no change``, ``stronger``/``weaker`` (one step along none, mild breeze,
heavy winds), ``veers``/``backs`` (the direction turns one hexspine clockwise / anticlockwise) and ``gusts``
(for this Player Turn).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State
from hexmate.rules.hexes import DIRECTION_NAMES, Hex, direction_between, opposite
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

FORCES = ("none", "mild breeze", "heavy winds")
PRECIPITATION = ("none", "rain", "mud", "heavy snow")
RESULTS = ("no change", "stronger", "weaker", "veers", "backs", "gusts")
CHART = "wind_change"  # B25.65: not among the texts; a chart pack may carry it
KEYS = frozenset({"wind", "blows_to", "gusts", "precipitation", "wind_change"})
SAID = {"mild breeze": T("mild breeze"), "heavy winds": T("heavy winds"), "rain": T("rain"), "mud": T("mud"),
        "heavy snow": T("heavy snow"), "no change": T("no change"), "stronger": T("the wind rises"),
        "weaker": T("the wind drops"), "veers": T("the wind veers"), "backs": T("the wind backs"),
        "gusts": T("gusts")}


@dataclass(frozen=True)
class Wind:
    """The weather now: the wind's force, the direction it blows towards (0-5, N first), gusts this Player
    Turn, precipitation, and whether a Wind Change DR is made each RPh."""

    force: str = "none"
    blows_to: int = 0
    gusts: bool = False
    precipitation: str = "none"
    changes: bool = False

    def text(self) -> T:
        if self.force == "none":
            said = T("no wind")
        else:
            said = T("{force} blowing towards {direction}", force=SAID[self.force],
                     direction=DIRECTION_NAMES[self.blows_to])
        if self.gusts:
            said = T("{wind}, gusts", wind=said)
        if self.precipitation != "none":
            said = T("{wind}, {weather}", wind=said, weather=SAID[self.precipitation])
        return said


CALM = Wind()


def from_options(options: Any, where: str) -> Wind:
    """The scenario's ``options.weather``, checked; a clear error naming the scenario and the key."""
    raw = options.get("weather") if isinstance(options, dict) else None
    if raw is None:
        return CALM
    place = f"{where}: options.weather"
    if not isinstance(raw, dict):
        raise DataError(f"{place} must be an object, got {raw!r}")
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise DataError(f"{place}: unknown key(s) {', '.join(unknown)} (known: {', '.join(sorted(KEYS))})")
    force = raw.get("wind", "none")
    if force not in FORCES:
        raise DataError(f"{place}.wind must be one of {', '.join(FORCES)}, got {force!r}")
    to = raw.get("blows_to", "N")
    if not isinstance(to, str) or to.upper() not in DIRECTION_NAMES:
        raise DataError(f"{place}.blows_to must be one of {', '.join(DIRECTION_NAMES)}, got {to!r}")
    rain = raw.get("precipitation", "none")
    if rain not in PRECIPITATION:
        raise DataError(f"{place}.precipitation must be one of {', '.join(PRECIPITATION)}, got {rain!r}")
    for key in ("gusts", "wind_change"):
        if not isinstance(raw.get(key, False), bool):
            raise DataError(f"{place}.{key} must be true or false, got {raw[key]!r}")
    return Wind(force, DIRECTION_NAMES.index(to.upper()), bool(raw.get("gusts", False)), rain,
                bool(raw.get("wind_change", False)))


def now(game: AslGame, state: State) -> Wind:
    return game.gstate(state).wind


def check_smoke(position: Position, wind: Wind, placer: Hex, target: Hex) -> None:
    """A24.1, A24.11: may a smoke grenade go from ``placer`` into ``target`` in this weather?"""
    if wind.force == "heavy winds" or wind.precipitation != "none":
        raise IllegalAction(T("no smoke grenades in {weather} (A24.11)", weather=wind.text()), "A24.11")
    if target == placer:
        return
    if wind.force == "mild breeze" and direction_between(placer, target) in upwind(wind):
        raise IllegalAction(T("in a mild breeze smoke grenades do not go into the three hexes upwind of the "
                              "squad: {hex} is upwind", hex=position.label(target)), "A24.1")


def upwind(wind: Wind) -> frozenset[int]:
    """The three directions of the adjacent hexes the wind comes from (A24.1)."""
    back = opposite(wind.blows_to)
    return frozenset({back, (back + 1) % 6, (back + 5) % 6})


def clear_smoke(game: AslGame, state: State) -> State:
    """A24.6: rain or heavy winds remove every SMOKE counter at once."""
    wind = now(game, state)
    gs = game.gstate(state)
    if gs.smoke and (wind.force == "heavy winds" or wind.precipitation == "rain"):
        return state.replace(game=gs.replace(smoke=()))
    return state


def gust(game: AslGame, state: State) -> State:
    """A24.62: while gusts blow, dispersed SMOKE goes and the rest is flipped to its dispersed side (at the
    start of the RPh and of the following AFPh)."""
    gs = game.gstate(state)
    if not now(game, state).gusts or not gs.smoke:
        return state
    kept = tuple((h, dataclasses.replace(s, dispersed=True)) for h, s in gs.smoke if not s.dispersed)
    return state.replace(game=gs.replace(smoke=kept))


def start_rph(game: AslGame, position: Position) -> State:
    """The start of the RPh: the phasing player rolls the Wind Change DR when the scenario has one and the
    chart pack says what it does (B25.65); else gusts the scenario gives blow now (A24.62)."""
    state = position.state
    wind = now(game, state)
    if not wind.changes or CHART not in position.charts.charts:
        return gust(game, state)
    return state.push(Decision(
        "roll", position.phasing,
        T("Wind Change DR: roll it (B25.65; the wind now: {wind})", wind=wind.text()),
        "B25.65", "wind_change", dice="DR"))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The Wind Change DR's result from the chart pack, applied; SMOKE follows the new weather (A24.6,
    A24.62)."""
    state = position.state
    roll = ASL_DR.from_values(answer.dice or ())
    chart = position.charts.chart(CHART)
    result = str(chart.lookup(dr=roll.total))
    if result not in RESULTS:
        raise DataError(f"{position.charts.source}: chart {CHART!r} gives {result!r} for DR {roll.total}; "
                        f"expected one of {', '.join(RESULTS)}")
    before = now(game, state)
    force = FORCES.index(before.force)
    after = dataclasses.replace(before, gusts=result == "gusts")
    if result == "stronger":
        after = dataclasses.replace(after, force=FORCES[min(force + 1, len(FORCES) - 1)])
    elif result == "weaker":
        after = dataclasses.replace(after, force=FORCES[max(force - 1, 0)])
    elif result == "veers":
        after = dataclasses.replace(after, blows_to=(before.blows_to + 1) % 6)
    elif result == "backs":
        after = dataclasses.replace(after, blows_to=(before.blows_to + 5) % 6)
    state = state.replace(game=game.gstate(state).replace(wind=after))
    smoke_before = len(game.gstate(state).smoke)
    state = gust(game, clear_smoke(game, state))
    lines = [Line(T("Wind Change DR"), str(roll.total), "B25.65"),
             Line(T("result"), SAID[result], "B25.65"),
             Line(T("the wind now"), after.text(), "B25.65")]
    if smoke_before != len(game.gstate(state).smoke):
        lines.append(Line(T("SMOKE removed"), str(smoke_before - len(game.gstate(state).smoke)), "A24.6"))
    summary = T("Wind Change DR {dr}: {result}; the wind now: {wind}", dr=roll.total, result=SAID[result],
                wind=after.text())
    return state.replace(resolution=Resolution(act.Answer(dice=answer.dice), CHART, position.charts.label,
                                               position.charts.demo, tuple(lines), {}, summary))


def status(game: AslGame, position: Position) -> list[str]:
    wind = now(game, position.state)
    if wind == CALM:
        return []
    return [T("Weather: {wind} (A24)", wind=wind.text())]
