"""PG 8.4's vertex rule, held for the turn.

8.4: a line of sight through a hex vertex (here: a centre-to-centre line that runs along a hexside, entering
and leaving it at its two vertices) passes through one of the hexes beside it, the spotting player's choice,
and that choice stays in force for the rest of the turn. The LOS engine alone judges every look afresh (the
obstacle must be on both sides, the side most favourable to the spotter). Here the first time a side's unit
spots along such a line (it fires or a recce unit marks a target: the looks that commit the side), the side it
took is recorded for the line, in either direction (LOS is reciprocal, 8.4), and every later look along that
line this turn (spotting, the friendly-units check of 10.1, smoke) passes through that side only. The record
lives in the turn's game state and goes when the next turn's Initiative Phase starts.

The spotting player's choice is taken as the side that lets the spotter see (the text gives no reason to take
the other); when both sides are clear, the first of the pair in the line's direction. A choice is per hexside
of the line: a line along several hexsides records one hex for each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import los as los_engine
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.terrain_view import Sight
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def key(a: Hex, b: Hex) -> str:
    """The line between two hex centres, the same both ways (8.4: LOS is reciprocal)."""
    ends = sorted(((a.q, a.r), (b.q, b.r)))
    return ";".join(f"{q},{r}" for q, r in ends)


def sides(a: Hex, b: Hex) -> list[tuple[Hex, Hex]]:
    """The hexsides the line a-b runs along, each as its two hexes (absolute), in the line's order."""
    out: list[tuple[Hex, Hex]] = []
    for kind, cells, _ in los_engine.trace_elements(a, b):
        if kind == "along":
            (q1, r1), (q2, r2) = cells
            out.append((Hex(a.q + q1, a.r + r1), Hex(a.q + q2, a.r + r2)))
    return out


def chosen(game: PgGame, state: State, a: Hex, b: Hex) -> tuple[Hex, ...]:
    """The hexes recorded this turn for the line a-b (empty: no choice made yet)."""
    k = key(a, b)
    return tuple(h for line, h in game.gstate(state).vertex if line == k)


def _forced(a: Hex, b: Hex, picks: tuple[Hex, ...]) -> tuple[los_engine.Element, ...]:
    """The line's elements with each hexside run along replaced by the chosen hex, crossed (8.4)."""
    out: list[los_engine.Element] = []
    for kind, cells, rng in los_engine.trace_elements(a, b):
        if kind == "along":
            absolute = [(a.q + q, a.r + r) for q, r in cells]
            pick = next(((q, r) for q, r in absolute if Hex(q, r) in picks), None)
            if pick is not None:
                out.append(("hex", ((pick[0] - a.q, pick[1] - a.r),), rng))
                continue
        out.append((kind, cells, rng))
    return tuple(out)


def _judge(game: PgGame, position: Position, a: Hex, b: Hex, lift: int,
           picks: tuple[Hex, ...]) -> Sight:
    view = game.terrain_table()
    if not picks:
        plain: Sight = view.line_of_sight(position.map, a, b, lift)
        return plain
    prepared = los_engine.prepare(position.map, view.table.los_rules())
    result = los_engine.evaluate(prepared, view.table.los_rules(), a, b, _forced(a, b, picks), lift,
                                 origin=a)
    reason = T("{reason}, through {hexes} as chosen this turn (8.4)", reason=result.reason,
               hexes=", ".join(position.label(h) for h in picks))
    return Sight(bool(result.blocked), int(result.hindrance), reason)


def _smoky(game: PgGame, position: Position, picks: tuple[Hex, ...]) -> bool:
    return any(h in game.gstate(position.state).smoke for h in picks)


def choose(game: PgGame, position: Position, a: Hex, b: Hex, lift: int = 0) -> tuple[Hex, ...]:
    """The spotting player's choice for a line not chosen yet: hexside by hexside, the side that leaves the
    line clear of terrain and smoke if one does (the first when both do)."""
    picks: tuple[Hex, ...] = ()
    for c1, c2 in sides(a, b):
        for pick in (c1, c2):
            trial = (*picks, pick)
            if not _judge(game, position, a, b, lift, trial).blocked and not _smoky(game, position, trial):
                break
        else:
            pick = c1
        picks = (*picks, pick)
    return picks


def sight(game: PgGame, position: Position, a: Hex, b: Hex, lift: int = 0) -> Sight:
    """The LOS a-b under 8.4's vertex rule: through the sides chosen this turn, if any; else the engine's
    verdict (the spotter may still take the side it likes)."""
    return _judge(game, position, a, b, lift, chosen(game, position.state, a, b))


def smoke_on_line(game: PgGame, position: Position, a: Hex, b: Hex) -> bool:
    """Optional smoke (17.0): smoke in the hexes crossed, or in the side of a hexside chosen this turn; before
    any choice, smoke on one side of a hexside leaves the other (the spotter's choice, 8.4)."""
    smoke = game.gstate(position.state).smoke
    if not smoke:
        return False
    picks = chosen(game, position.state, a, b)
    for kind, cells, _ in los_engine.trace_elements(a, b):
        absolute = [Hex(a.q + q, a.r + r) for q, r in cells]
        if any(h in (a, b) for h in absolute):
            continue
        if kind == "hex" and absolute[0] in smoke:
            return True
        if kind == "along":
            taken = [h for h in absolute if h in picks] if picks else absolute
            if taken and all(h in smoke for h in taken):
                return True
    return False


def line_hexes(game: PgGame, state: State, a: Hex, b: Hex) -> list[Hex]:
    """The hexes the line crosses plus the side chosen this turn of each hexside it runs along (10.1's
    friendly-units check; unchosen hexsides are the firer's free choice and count for nothing)."""
    picks = chosen(game, state, a, b)
    out: list[Hex] = []
    for kind, cells, _ in los_engine.trace_elements(a, b):
        absolute = [Hex(a.q + q, a.r + r) for q, r in cells]
        if kind == "hex":
            out.append(absolute[0])
        elif kind == "along":
            out += [h for h in absolute if h in picks]
    return out


def record(game: PgGame, position: Position, state: State, a: Hex, b: Hex, lift: int = 0) -> State:
    """The first look along a-b this turn fixes the sides taken (8.4); later looks keep them."""
    if a == b or not sides(a, b) or chosen(game, state, a, b):
        return state
    picks = choose(game, position.at(state), a, b, lift)
    gs = game.gstate(state)
    k = key(a, b)
    return state.replace(game=gs.replace(vertex=(*gs.vertex, *((k, h) for h in picks))))


__all__ = ["choose", "chosen", "key", "line_hexes", "record", "sides", "sight", "smoke_on_line"]
