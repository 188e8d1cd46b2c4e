"""Minefields drawn from a cup and laid face down at set-up (16.6).

16.6: unless the scenario says otherwise, the side with minefields puts all its minefield markers in an
opaque cup and draws at random as many as the scenario gives; then its owner looks at their attack points and
places them face down (number or DECOY side hidden) where the scenario allows. A scenario says so with
``options.minefield_cup``: ``{"<side>": {"cup": [attack points, 0 for a DECOY], "draw": N, "area": [hex
labels]}}`` (``area`` optional: any hex). ``options.minefields`` (markers the scenario lays itself) keeps
working beside it.

The rules core reads no random source, so the cup is drawn with dice: for each marker the owner rolls two
dice on a private decision (its answer, like every private answer, reaches the owner's page and the record's
sealed sidecar only, so a replay draws the same markers). The two dice read 0-35; a number at or above the
last whole multiple of what is left in the cup is rolled again, so each marker left is equally likely. Then
a private ``hexes`` decision places that marker face down. The drawn values live in ``PgState.mines_laid``
(never on a page: the views read units, not this) until entering units flip a marker (16.6).

Where a marker lies is no secret: it lies face down on the board, seen by both sides. Once placed, the table
is told to put a minefield marker face down in that hex (a change owed, lit on the LEDs and said to every
page); only its face (attack points or DECOY) stays the owner's. A hex's minefields are one owner's: the
placement offers no hex of the other side's minefields, and ``options.minefields`` with two owners in one
hex is refused at load.
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
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "16.6"


def spec(scenario: Scenario) -> dict[str, dict[str, Any]]:
    """``options.minefield_cup`` checked (cups.py); DataError naming the file and place."""

    def points(where: str, side: str, cup: list[Any]) -> None:
        if not all(isinstance(p, int) and p >= 0 for p in cup):
            raise DataError(f"{where}: must be a list of attack points (0 for a DECOY)")

    return cups.read(scenario, "minefield_cup", "markers", points)


def draw_index(dice: Sequence[int], size: int) -> int | None:
    """Which of ``size`` markers two dice draw, or None (roll again): (a-1)*6 + (b-1) reads 0-35, and a number
    at or above the last whole multiple of ``size`` is rolled again, so each is equally likely."""
    if len(dice) != 2 or not 0 < size <= 36:
        return None
    value = (dice[0] - 1) * 6 + (dice[1] - 1)
    if value >= size * (36 // size):
        return None
    return value % size


def _ask_draw(side: str, cup: Sequence[int], left: int) -> Decision:
    return Decision("roll", side, T("{side}: draw a minefield marker from the cup, in secret (16.6)",
                                    side=side), RULE, "mine_draw", dice="2d6", private=True).with_args(
        side=side, cup=",".join(str(p) for p in cup), left=str(left))


def laid_owners(scenario: Scenario) -> dict[str, str]:
    """16.6: the owner of each hex's minefields that ``options.minefields`` lays (hex label -> side). A hex
    holds one owner's minefields only: 16.6 has "the owner" roll the dice for "the minefields" of a hex
    entered, and set them off or not against leaders, so two owners in one hex are refused (DataError
    naming the file and the hex)."""
    raw: Any = scenario.options.get("minefields", {})
    where = f"{scenario.source}: options.minefields"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be an object of hexes")
    out: dict[str, str] = {}
    for label, entry in raw.items():
        found = entry if isinstance(entry, list) else [entry]
        sides = {str(f.get("side")) for f in found if isinstance(f, dict)}
        if len(sides) > 1:
            two = ", ".join(sorted(sides))
            raise DataError(f"{where}.{label}: minefields of two owners ({two}) in one hex; a hex's "
                            "minefields are one player's (16.6)")
        if sides:
            out[label] = sides.pop()
    return out


def owner_of(game: PgGame, position: Position, label: str) -> str | None:
    """16.6: whose minefields lie in hex ``label`` (the scenario's or drawn from a cup), or None."""
    side = laid_owners(position.scenario).get(label)
    if side is not None:
        return side
    return next((s for where, s, _ in gs_laid(game, position) if where == label), None)


def gs_laid(game: PgGame, position: Position) -> tuple[tuple[str, str, int], ...]:
    """16.6: the markers drawn and laid so far (hex label, owner, attack points)."""
    return game.gstate(position.state).mines_laid


def setup(scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """16.6: each side with a cup draws its first marker (the rest follow as each is placed)."""
    laid_owners(scenario)  # 16.6: one owner a hex
    cups = spec(scenario)
    for side, entry in cups.items():
        for label in entry["area"]:
            try:
                hex_map.parse_label(label)
            except (ValueError, KeyError) as e:
                where = f"{scenario.source}: options.minefield_cup.{side}.area"
                raise DataError(f"{where}: {label!r} is not a hex of the map ({e})") from e
    asks = [_ask_draw(side, entry["cup"], entry["draw"]) for side, entry in cups.items()]
    return state.push(*reversed(asks)) if asks else state


def resume_draw(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    side = decision.arg("side")
    cup = [int(p) for p in decision.arg("cup").split(",") if p]
    dice = tuple(answer.dice or ())
    values = [PG_1D6.from_values((d,)).total for d in dice]
    i = draw_index(values, len(cup))
    if i is None:  # 16.6 at random: this roll draws nothing, roll again
        return position.state.push(decision)
    points = cup.pop(i)
    entry = spec(position.scenario)[side]
    area = entry["area"]
    allowed = [position.map.parse_label(a) for a in area] if area else list(position.map.hexes)
    enemy = {u.hex for u in position.units.values() if u.side != side and u.hex is not None}
    owners = {**laid_owners(position.scenario), **{where: s for where, s, _ in gs_laid(game, position)}}
    theirs = {position.map.parse_label(where) for where, s in owners.items() if s != side}  # one owner a hex
    hexes = tuple(sorted((h for h in allowed if h not in enemy | theirs), key=lambda h: (h.q, h.r)))
    what = T("a DECOY") if points == 0 else T("{points} attack points", points=points)
    place = Decision("hexes", side, T("{side}: you drew {secret}; place it face down where the scenario "
                                      "allows (16.6)", side=side, secret=what),
                     RULE, "mine_place", hexes=hexes, private=True).with_args(
        side=side, cup=",".join(str(p) for p in cup), left=decision.arg("left"), points=str(points))
    return position.state.push(place)


def resume_place(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    h = answer.hexes[0] if answer.hexes else None
    if h is None or h not in decision.hexes:
        raise IllegalAction(T("a minefield marker goes face down in a hex the scenario allows (16.6)"), RULE)
    side = decision.arg("side")
    other = owner_of(game, position, position.label(h))
    if other is not None and other != side:
        raise IllegalAction(T("{hex} holds the other side's minefield: a hex's minefields are one player's "
                              "(16.6)", hex=position.label(h)), RULE)
    gs = game.gstate(position.state)
    laid = (*gs.mines_laid, (position.label(h), side, int(decision.arg("points"))))
    state = position.state.replace(game=gs.replace(mines_laid=tuple(laid), mines_at=(*gs.mines_at, h)))
    left = int(decision.arg("left")) - 1
    if left > 0:
        cup = [int(p) for p in decision.arg("cup").split(",") if p]
        state = state.push(_ask_draw(side, cup, left))
    return state


def drawn(game: PgGame, position: Position, label: str) -> dict[str, Any] | None:
    """The drawn minefield laid face down in hex ``label`` (as ``options.minefields`` gives one), or None."""
    for where, side, points in game.gstate(position.state).mines_laid:
        if where == label:
            return {"side": side, "points": points}
    return None


__all__ = ["draw_index", "drawn", "laid_owners", "owner_of", "resume_draw", "resume_place", "setup", "spec"]
