"""PG's solitaire procedure for hidden units (17.0 "Hidden units", solo play; ``options.hidden_solo``).

17.0: playing hidden units alone, the player marks twice as many possible places as there are hidden units
(fewer when some would stack: the text's example hides 4 of 12 units on 8 places) with SPOTTED markers, and
puts the hidden units in a cup with as many MOVED/FIRED markers. When one of his moving units brings a
possible place into its LOS and spotting range, he draws from the cup: a unit is placed there, revealed, and
may take its opportunity fire as usual; a MOVED/FIRED marker is thrown away. Either way the place's SPOTTED
marker comes off.

A scenario offers it with ``options.hidden_solo``: ``{"<side>": {"units": [unit ids], "places": [...],
"cups": "one" | "separate"}}`` (the side whose units hide). A place is a hex label, or ``{"hex": label,
"count": n, "cup": "at" | "df"}``: the text lets a marker stand for units that may be stacked (fewer markers
then), so ``count`` is the number of possible positions the place stands for, and all the places together
stand for at most twice as many positions as there are hidden units. When the place is searched, ``count``
counters are drawn, one roll each ("one or more counters, as the hidden units were deployed"). With
``"cups": "separate"`` (the text's option: separate cups for anti-tank and direct-fire units), units with
an AT value go in the AT cup, the others (leaders too) in the DF cup, each with as many MOVED/FIRED markers
as it has units, and every place names the cup it draws from. The units start off the board (``hex`` None);
the player sets the SPOTTED markers on the places as the scenario lists them, and the table is told to take
each off as it is searched. The draw is a two-dice roll over what is left in that cup
(``minecup.draw_index``: each counter equally likely), played in the open: solitaire has no one to hide it
from.

A drawn counter that is a unit able to fire is placed, revealed, and may take its opportunity fire; a
MOVED/FIRED marker is thrown away. The text names only those two cases; a leader drawn (the text lets
leaders hide too) cannot fire (1.2) and cannot go back in the cup: he is placed, revealed, with no fire
offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg.minecup import draw_index
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
BLANK = "-"  # a MOVED/FIRED marker in the cup


CUPS = ("at", "df")  # 17.0: the optional separate cups for anti-tank and direct-fire units


def _key(side: str, cup: str) -> str:
    """The cup a counter is in: ``side`` (one cup) or ``side/at``, ``side/df`` (separate cups)."""
    return f"{side}/{cup}" if cup else side


def _side(key: str) -> str:
    return key.split("/")[0].split("|")[0]


def _place(key: str) -> tuple[str, int]:
    """A place's cup key and how many counters it stands for (``side/cup|n``; plain: one)."""
    cup, _, count = key.partition("|")
    return cup, int(count) if count else 1


def spec(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """``options.hidden_solo`` checked; DataError naming the file and place. A place is a hex label, or
    ``{"hex": label, "count": n, "cup": "at"|"df"}``: ``count`` possible positions stacked there (17.0: fewer
    markers when units may stack), ``cup`` the cup it draws from when ``"cups": "separate"``."""
    raw: Any = scenario.options.get("hidden_solo", {})
    where = f"{scenario.source}: options.hidden_solo"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be an object of sides")
    side_of = {u.id: u.side for u in scenario.units}
    out: dict[str, dict[str, Any]] = {}
    for side, entry in raw.items():
        if side not in (scenario.first_side, scenario.second_side):
            raise DataError(f"{where}.{side}: not a side of this scenario")
        if not isinstance(entry, dict) or sorted(set(entry) - {"units", "places", "cups"}):
            raise DataError(f"{where}.{side}: must be an object with 'units', 'places' and maybe 'cups'")
        units, places = entry.get("units"), entry.get("places")
        separate = entry.get("cups", "one")
        if separate not in ("one", "separate"):
            raise DataError(f"{where}.{side}.cups: 'one' or 'separate' (AT and DF units apart, 17.0)")
        if not isinstance(units, list) or not units or any(side_of.get(u) != side for u in units):
            raise DataError(f"{where}.{side}.units: must be a list of {side}'s unit ids")
        if not isinstance(places, list) or not places:
            raise DataError(f"{where}.{side}.places: must be a list of hex labels")
        rows: list[tuple[str, int, str]] = []
        for i, place in enumerate(places):
            at = f"{where}.{side}.places[{i}]"
            if isinstance(place, str):
                place = {"hex": place}
            if not isinstance(place, dict) or not isinstance(place.get("hex"), str) or sorted(
                    set(place) - {"hex", "count", "cup"}):
                raise DataError(f"{at}: a hex label or an object with 'hex', 'count' and 'cup'")
            count = place.get("count", 1)
            if not isinstance(count, int) or count < 1:
                raise DataError(f"{at}.count: a whole number of 1 or more")
            cup = place.get("cup", "")
            if separate == "separate" and cup not in CUPS:
                raise DataError(f"{at}.cup: 'at' or 'df', the cup this place draws from (17.0)")
            if separate == "one" and cup:
                raise DataError(f"{at}.cup: only with \"cups\": \"separate\"")
            rows.append((place["hex"], count, cup))
        if sum(c for _, c, _ in rows) > 2 * len(units) or len({h for h, _, _ in rows}) != len(rows):
            raise DataError(f"{where}.{side}.places: at most twice as many different places as hidden units "
                            f"({2 * len(units)}, 17.0)")
        if 2 * len(units) > 36:
            raise DataError(f"{where}.{side}.units: at most 18 (two dice draw from the cup)")
        out[side] = {"units": list(units), "places": rows, "separate": separate == "separate"}
    return out


def cup_of(unit: UnitState) -> str:
    """17.0's separate cups: a unit with an anti-tank value goes in the AT cup, any other (leaders too) in
    the DF cup."""
    return "at" if pu.value(unit, "at") > 0 else "df"


def setup(game: PgGame, scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """17.0: the hidden units go in the cup (or the AT and DF cups) with as many MOVED/FIRED markers; the
    places are noted with the counters each stands for."""
    cups = spec(scenario)
    if not cups:
        return state
    places: list[tuple[str, Hex]] = []
    cup: list[tuple[str, str]] = []
    for side, entry in cups.items():
        for label, count, which in entry["places"]:
            try:
                h = hex_map.parse_label(label)
            except (ValueError, KeyError) as e:
                where = f"{scenario.source}: options.hidden_solo.{side}.places"
                raise DataError(f"{where}: {label!r} is not a hex of the map ({e})") from e
            places.append((_key(side, which) + (f"|{count}" if count > 1 else ""), h))
        for uid in entry["units"]:
            state = state.with_unit(state.units[uid].at(None))
            key = _key(side, cup_of(state.units[uid]) if entry["separate"] else "")
            cup += [(key, uid), (key, BLANK)]
        if entry["separate"]:
            named = {w for _, _, w in entry["places"]}
            for which in named:
                if not any(k == _key(side, which) and u != BLANK for k, u in cup):
                    raise DataError(f"{scenario.source}: options.hidden_solo.{side}.places: a place draws "
                                    f"from the {which} cup, which holds no unit (17.0)")
    cup.sort(key=lambda c: c[1] == BLANK)  # units first, then the markers (the order is the table's)
    gs = game.gstate(state)
    return state.replace(game=gs.replace(solo_places=tuple(places), solo_cup=tuple(cup)))


def entered(game: PgGame, position: Position, movers: tuple[str, ...]) -> tuple[State, list[Decision]]:
    """17.0: each possible place a moving unit now has in its LOS and spotting range is searched: its mark
    comes off and as many draws from its cup follow as counters it stands for."""
    gs = game.gstate(position.state)
    if not gs.solo_places:
        return position.state, []
    seen: list[tuple[str, Hex]] = []
    for key, h in gs.solo_places:
        cup, _ = _place(key)
        side = _side(key)
        stand_in = next((position.state.units[u] for k, u in gs.solo_cup if k == cup and u != BLANK), None)
        for uid in movers:
            unit = position.units.get(uid)
            if unit is None or unit.hex is None or unit.side == side:
                continue
            target = stand_in.at(h) if stand_in is not None else None
            if pg_spot.sees(game, position, unit, h, target):
                seen.append((key, h))
                break
    if not seen:
        return position.state, []
    state = position.state.replace(game=gs.replace(
        solo_places=tuple(p for p in gs.solo_places if p not in seen)))
    asks = []
    for key, h in seen:
        cup, count = _place(key)
        for n in range(1, count + 1):
            label = position.label(h)
            said = (T("a possible hidden place in {hex} is in sight: draw from the cup (17.0)", hex=label)
                    if count == 1 else
                    T("a possible hidden place in {hex} is in sight: draw {n} of its {count} counters "
                      "from the cup (17.0)", hex=label, n=n, count=count))
            asks.append(Decision("roll", _side(key), said, RULE, "solo_draw", dice="2d6", target=h)
                        .with_args(side=_side(key), cup=cup))
    return state, asks


def resume_draw(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """17.0: a unit drawn is placed in the possible place, revealed, and one that can fire may take its
    opportunity fire; a MOVED/FIRED marker is thrown away. A leader drawn (he cannot fire, 1.2, and cannot go
    back in the cup) is placed all the same, with no fire offered."""
    key = decision.arg("cup") or decision.arg("side")
    side = _side(key)
    gs = game.gstate(position.state)
    cup = [c for c in gs.solo_cup if c[0] == key]
    if not cup:  # the cup is empty: nothing left to draw
        return position.state
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
    unit = state.units[drawn[1]]
    state = state.with_unit(unit.at(decision.target).revealed())
    moving = state.moving
    window = any(d.kind == "react" and d.then == "move_on" for d in state.decisions)
    if (moving is None or window or not pu.has_fire(unit) or pu.is_leader(unit)
            or not game.can_react(position.at(state), side)):
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


__all__ = ["BLANK", "CUPS", "cup_of", "entered", "resume_draw", "searched", "setup", "spec"]
