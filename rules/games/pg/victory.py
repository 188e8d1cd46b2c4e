"""PG victory (1.2 "victory", 2.3): a scenario's conditions as computed checks.

Hex control (1.2): a hex belongs to the side whose combat units last held it alone; a hex holding both sides
belongs to nobody while they share it; at the start (``initial_control``) every hex belongs to the side that
set up nearer it, all of them to the only side set up on the board, or none when nobody is. Conditions a
scenario lists under ``options.victory``:

- ``{"side": S, "control": [HEX, ...]}``: S controls every listed hex;
- ``{"side": S, "steps": N, "of": E}``: side E has lost N or more steps (a leader counts none, 1.2);
- ``{"side": S, "exit": N}``: S has moved N or more steps off the board where the scenario allows it
  (16.5, ``exits.py``; a leader counts none);
- ``{"side": S, "else": true}``: S wins when no other condition is met at the end.

Units that left the board are not lost steps unless the scenario's ``options.exit`` says they count as
destroyed (16.5).

The first condition met at the end decides (1.2: the level is judged after the last turn; play may stop
early once the result can no longer change, which is left to the players).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position, State
from hexmate.rules.games.pg import exits as pg_exits
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def holder(position: Position, h: Hex) -> str | None:
    """Who holds ``h`` alone now with a combat unit that is not demoralized (1.2), else None."""
    sides = {u.side for u in position.units_at(h) if pu.is_combat(u)}
    if len(sides) != 1:
        return None
    side = sides.pop()
    ok = any(u.side == side and pu.is_combat(u) and not u.has("demoralized") for u in position.units_at(h))
    return side if ok else None


def initial_control(game: PgGame, position: Position) -> State:
    """1.2, at the start: when only one side sets up on the board (the other enters it, 16.5) every hex is
    that side's; when both do, a hex is the side's whose combat unit holds it or stands nearer, a hex as
    near to both going to the side that sets up first (``options.first_setup``, else the scenario's first
    side); when neither does, no hex is anyone's until a side's combat units hold it (``update_control``).
    A scenario's ``options.control`` (hex -> side) says otherwise for the hexes it names."""
    state = position.state
    on_board: dict[str, list[Hex]] = {}
    for u in position.units.values():
        if u.hex is not None and pu.is_combat(u):
            on_board.setdefault(u.side, []).append(u.hex)
    control: dict[str, str] = {}
    hexes = sorted(position.map.hexes, key=position.label)
    if len(on_board) == 1:
        side = next(iter(on_board))
        control = {position.label(h): side for h in hexes}
    elif len(on_board) > 1:
        first = str(position.scenario.options.get("first_setup", position.scenario.first_side))
        for h in hexes:
            near = {side: min(distance(h, x) for x in where) for side, where in on_board.items()}
            best = min(near.values())
            sides = sorted(s for s, d in near.items() if d == best)
            control[position.label(h)] = sides[0] if len(sides) == 1 else first if first in sides else ""
        control = {k: v for k, v in control.items() if v}
    for label, side in dict(position.scenario.options.get("control", {})).items():  # 1.2: unless the
        control[str(label)] = str(side)  # scenario says otherwise
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(control=tuple(sorted(control.items()))))
    return update_control(game, position.at(state))


def update_control(game: PgGame, position: Position) -> State:
    """After a change: every hex held alone passes to its holder; shared hexes belong to nobody (1.2)."""
    state = position.state
    gs = game.gstate(state)
    control = dict(gs.control)
    occupied = {u.hex for u in position.units.values() if u.hex is not None and pu.is_combat(u)}
    for h in occupied:
        sides = {u.side for u in position.units_at(h) if pu.is_combat(u)}
        key = position.label(h)
        if len(sides) > 1:
            control.pop(key, None)
        else:
            side = holder(position, h)
            if side is not None:
                control[key] = side
    return state.replace(game=gs.replace(control=tuple(sorted(control.items()))))


def steps_lost(position: Position, side: str) -> int:
    """Steps the side has lost since the set-up: eliminated units' steps and reductions (leaders none). Units
    that left play out of fuel or ammunition (serious supply shortage, ``supply.py``) do not count."""
    lost = 0
    gone = set(getattr(position.state.game, "supply_out", ()))
    gone |= set(getattr(position.state.game, "undrawn", ()))  # 16.1: left in the set-up cup, never in play
    if not pg_exits.counts_destroyed(position, side):  # 16.5: off the board is not destroyed
        gone |= set(getattr(position.state.game, "exited", ()))
    for setup in position.scenario.units:
        if setup.side != side or setup.id in gone:
            continue
        counter = position.scenario.counters[setup.counter]
        if counter.type == "leader":
            continue
        steps = counter.values.get("steps", 1)
        full = steps if isinstance(steps, int) else 1
        start = full - (1 if "reduced" in setup.markers and full > 1 else 0)
        now = position.units.get(setup.id)
        if now is None:
            lost += start
        elif now.has("reduced") and start == full:
            lost += 1
    return lost


def conditions(position: Position) -> list[Mapping[str, Any]]:
    raw = position.scenario.options.get("victory", [])
    if not isinstance(raw, list) or not all(isinstance(c, dict) and "side" in c for c in raw):
        raise DataError(f"{position.scenario.source}: options.victory: a list of conditions with a 'side'")
    return raw


def met(game: PgGame, position: Position, cond: Mapping[str, Any]) -> bool:
    control = dict(game.gstate(position.state).control)
    if "control" in cond:
        return all(control.get(str(h)) == cond["side"] for h in cond["control"])
    if "steps" in cond:
        return steps_lost(position, str(cond["of"])) >= int(cond["steps"])
    if "exit" in cond:  # 16.5: steps moved off the board
        exited = game.gstate(position.state).exited
        return pg_exits.steps_exited(position, str(cond["side"]), exited) >= int(cond["exit"])
    return bool(cond.get("else"))


def winner(game: PgGame, position: Position) -> tuple[str | None, str]:
    """The first condition met decides; its text for people."""
    for cond in conditions(position):
        if cond.get("else"):
            continue
        if met(game, position, cond):
            return str(cond["side"]), describe(cond)
    fallback = next((c for c in conditions(position) if c.get("else")), None)
    if fallback is not None:
        return str(fallback["side"]), describe(fallback)
    return None, T("no victory condition is met")


def describe(cond: Mapping[str, Any]) -> str:
    if "control" in cond:
        return T(
            "{side} controls {hexes} (1.2)",
            side=str(cond["side"]),
            hexes=", ".join(map(str, cond["control"])),
        )
    if "steps" in cond:
        return T(
            "{side}: {loser} lost {steps} steps or more (1.2)",
            side=str(cond["side"]),
            loser=str(cond["of"]),
            steps=cond["steps"],
        )
    if "exit" in cond:
        return T("{side} moved {steps} steps or more off the board (16.5)", side=str(cond["side"]),
                 steps=cond["exit"])
    return T("{side} wins when no other condition is met (1.2)", side=str(cond["side"]))


__all__ = ["holder", "initial_control", "steps_lost", "update_control", "winner"]
