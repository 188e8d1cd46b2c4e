"""PG's optional drumfire (17.0 "Drumfire", ``options.drumfire``).

An on-board artillery unit (or an off-board battery) bombarding, with high explosive, the hex it bombarded the
turn before puts two SPOTTED markers there: the hex is under drumfire for the rest of the turn, and each other
artillery unit or battery bombarding it adds one. The bombardment itself is resolved as usual. Every unit or
leader of either side that enters the hex later this turn is attacked at once by the artillery that placed
the markers, on the Bombardment Table, the movers alone (the units already there are not attacked again, but
count for the three-unit shift, 4.4); a mover failing its check stops there (13.1), one that does not may go
on. Routing units may not enter a drumfire hex, and it is never a safe hex (14.31). A disrupted on-board
firer's drumfire is at half strength (its bombardment value is halved, 14.2); one eliminated, demoralized or
in an assault hex ends the drumfire at once. The markers come off in the Marker Removal Phase.

Smoke and illumination rounds (``smoke.py``) never count as the earlier bombardment. Off-board batteries are
known by the values called (9.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules.decisions import Decision
from hexmate.rules.games.base import Position, State
from hexmate.rules.hexes import Hex

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
MARKERS = 2  # SPOTTED markers a drumfire puts in the hex


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("drumfire"))


def keys(firers: tuple[str, ...], side: str, offboard: str) -> tuple[str, ...]:
    """Who fired: the on-board units, or the off-board battery by its values."""
    return (f"off:{side}:{offboard}",) if offboard else firers


def record(game: PgGame, position: Position, state: State, firers: tuple[str, ...], side: str, h: Hex,
           offboard: str) -> State:
    """After a bombardment of ``h``: remember it for next turn, and start or feed a drumfire."""
    if not enabled(position):
        return state
    gs = game.gstate(state)
    label = position.label(h)
    who = keys(firers, side, offboard)
    turn = position.turn
    shelled = tuple(x for x in gs.shelled if x[2] >= turn - 1)
    again = [k for k in who if (k, label, turn - 1) in shelled]
    shelled = tuple(sorted({*shelled, *((k, label, turn) for k in who)}))
    drums = {lbl: (tuple(f), n, s, x) for lbl, f, n, s, x in gs.drum}
    if label in drums:
        old, n, owner, _ = drums[label]
        new = tuple(k for k in who if k not in old)
        drums[label] = ((*old, *new), n + len(new), owner, h)
    elif again:
        drums[label] = (who, MARKERS + len(who) - 1, side, h)
    drum = tuple((lbl, f, n, s, x) for lbl, (f, n, s, x) in sorted(drums.items()))
    return state.replace(game=gs.replace(shelled=shelled, drum=drum))


def live(game: PgGame, position: Position) -> dict[str, tuple[tuple[str, ...], int, str]]:
    """The drumfire hexes still in force: label -> (firers, markers, side)."""
    out = {}
    for label, firers, n, side, _ in game.gstate(position.state).drum:
        broken = False
        for k in firers:
            if k.startswith("off:"):
                continue
            unit = position.units.get(k)
            if unit is None or unit.has("demoralized") or unit.hex is None or any(
                    u.side != unit.side for u in position.units_at(unit.hex)):
                broken = True  # eliminated, demoralized or assaulted: the drumfire ends at once
        if not broken:
            out[label] = (firers, n, side)
    return out


def hexes(game: PgGame, position: Position) -> frozenset[Hex]:
    if not enabled(position):
        return frozenset()
    return frozenset(position.map.parse_label(label) for label in live(game, position))


def entry(game: PgGame, position: Position, movers: tuple[str, ...], h: Hex) -> list[Decision]:
    """The attack on units entering a drumfire hex (one roll for the movers entering together)."""
    from hexmate.rules.games.pg import bombard as pg_bombard

    if not enabled(position):
        return []
    found = live(game, position).get(position.label(h))
    entering = tuple(u for u in movers if u in position.units and not position.units[u].carrier)
    if found is None or not entering:
        return []
    firers, _, side = found
    onboard = tuple(k for k in firers if not k.startswith("off:"))
    offboard = [k.split(":", 2)[2] for k in firers if k.startswith("off:")]
    out = []
    if onboard:
        out.append(pg_bombard.roll(side, onboard, h, position, drum="1"))
    for values in offboard:
        out.append(pg_bombard.roll(side, (), h, position, offboard=values, drum="1"))
    return out


def clear(game: PgGame, state: State) -> State:
    gs = game.gstate(state)
    return state.replace(game=gs.replace(drum=())) if gs.drum else state


__all__ = ["clear", "enabled", "entry", "hexes", "live", "record"]
