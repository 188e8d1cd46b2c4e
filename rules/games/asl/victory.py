"""ASL victory (A26): Location and building control, Casualty VP and Exit VP, computed as play goes on.

A scenario states its conditions in ``options.victory`` (checked when the game starts)::

    {"buildings": {"village-R5": ["DR5"], ...},   # building name -> its hexes (A26.14)
     "control": {"rus": ["village-R5", ...]},     # what each side controls at the start (A26.1)
     "win": {"side": "ger", "buildings": 3}}      # the side that must control at least N buildings

Control (A26.1, A26.14): an armed, Good Order Infantry MMC in any hex of a building with no armed enemy ground
unit there gains it, even in the middle of a move; control lasts until the enemy gains it. Dummies never gain
it (A26.15). CVP (A26.22, A26.211): each enemy unit eliminated scores its VP: squad or crew 2, HS 1, leader 1
plus the size of a negative leadership modifier; a squad Casualty Reduced to its HS has lost 1 of its 2.
Exit VP (A26.23): ``"exit": {"side": "ger", "hexes": [edge hexes], "vp": 6}``; a Good Order unit that moves
off the map from one of those hexes (``move ... as exit``, A2.6) scores its VP value then, and is not a
casualty (A26.221).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MMC = ("squad", "hs", "crew")


def vp(counter_type: str, values: Mapping[str, int | str]) -> int:
    """A26.211: squad and crew 2, HS 1, a leader 1 + the size of a negative leadership modifier, hero 1."""
    if counter_type in ("squad", "crew"):
        return 2
    if counter_type == "dummy":
        return 0
    if counter_type == "leader":
        lead = int(values.get("leadership", 0) or 0)
        return 1 + max(0, -lead)
    return 1


def vehicle_vp(armored: bool, armor: list[int | None], working_ma: bool) -> int:
    """A26.212: a vehicle is worth 1 VP, +1 with a working (not malfunctioned or disabled) MA, and an AFV +1
    per 5 of its highest AF, fractions rounded up (an AF of 0: +1). Its PRC count as A26.211 says."""
    out = 1 + (1 if working_ma else 0)
    if armored:
        top = max((a for a in armor if a is not None), default=0)
        out += max(1, -(-top // 5))
    return out


def check(options: Mapping[str, Any], hexes: Mapping[str, Hex], source: str) -> None:
    """A clear error naming the scenario and key for a malformed ``options.victory``."""
    raw = options.get("victory")
    if raw is None:
        return
    where = f"{source}: options.victory"
    if not isinstance(raw, dict):
        raise DataError(f"{where} must be an object")
    unknown = set(raw) - {"buildings", "control", "win", "exit"}
    if unknown:
        raise DataError(f"{where}: unknown key(s) {sorted(unknown)}")
    buildings = raw.get("buildings", {})
    for name, cells in buildings.items():
        for label in cells:
            if label not in hexes:
                raise DataError(f"{where}.buildings.{name}: {label!r} is not a hex of the map")
    exit_spec = raw.get("exit", {})
    if not isinstance(exit_spec, dict) or set(exit_spec) - {"side", "hexes", "vp"}:
        raise DataError(f"{where}.exit: an object with side, hexes and vp")
    for label in exit_spec.get("hexes", []):
        if label not in hexes:
            raise DataError(f"{where}.exit.hexes: {label!r} is not a hex of the map")
    for side, names in raw.get("control", {}).items():
        for name in names:
            if name not in buildings:
                raise DataError(f"{where}.control.{side}: {name!r} is not one of the buildings")


def exit_hexes(position: Position, side: str) -> frozenset[Hex]:
    spec = _spec(position).get("exit", {})
    if not isinstance(spec, dict) or spec.get("side") != side:
        return frozenset()
    labels = {position.label(h): h for h in position.map.hexes}
    return frozenset(labels[c] for c in spec.get("hexes", []) if c in labels)


def exit_vp(game: AslGame, position: Position, side: str) -> int:
    """A26.23: the VP this side's units had when they left the map through the exit hexes."""
    owners = {u.id: u.side for u in position.scenario.units}
    return sum(vp for uid, vp in game.gstate(position.state).exited if owners.get(uid) == side)


def _spec(position: Position) -> Mapping[str, Any]:
    spec = position.scenario.options.get("victory", {})
    return spec if isinstance(spec, dict) else {}


def buildings(position: Position) -> dict[str, tuple[Hex, ...]]:
    labels = {position.label(h): h for h in position.map.hexes}
    return {
        name: tuple(labels[c] for c in cells) for name, cells in _spec(position).get("buildings", {}).items()
    }


def initial_control(position: Position) -> tuple[tuple[str, str], ...]:
    """A26.1: what each side controls at the start, as the scenario says."""
    out = [(name, side) for side, names in _spec(position).get("control", {}).items() for name in names]
    return tuple(sorted(out))


def _gains(unit: UnitState) -> bool:
    """A26.1: an armed, Good Order Infantry MMC (not a dummy: it has printed FP)."""
    return unit.type in MMC and not unit.has("broken") and not unit.has("melee") and not unit.has("prisoner")


def _armed(unit: UnitState) -> bool:
    # A26.15: dummies neither gain nor block; nor do prisoners (A20.5: unarmed)
    return not unit.has("broken") and unit.type != "dummy" and not unit.has("prisoner")


def update(game: AslGame, position: Position) -> State:
    """Control after a change: a building is gained by a side whose armed GO MMC stands in it with no armed
    enemy there (A26.1, A26.14); otherwise it stays as it was."""
    state = position.state
    gs = game.gstate(state)
    held = dict(gs.control)
    for name, cells in buildings(position).items():
        units = [u for u in state.units.values() if u.hex in cells]
        for side in position.sides:
            if any(u.side == side and _gains(u) for u in units) and not any(
                u.side != side and _armed(u) for u in units
            ):
                held[name] = side
    control = tuple(sorted(held.items()))
    if control == gs.control:
        return state
    return state.replace(game=gs.replace(control=control))


def cvp(position: Position, side: str) -> int:
    """A26.22: the VP of every unit of the enemy eliminated so far (a squad reduced to its HS has lost 1)."""
    total = 0
    counters = position.scenario.counters
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    gone = {uid for uid, _ in gs.exited} if isinstance(gs, AslState) else set()
    for setup in position.scenario.units:
        if setup.side == side:
            continue
        start = counters[setup.counter]
        now = position.units.get(setup.id)
        if now is None:
            if setup.id not in gone:  # A26.221: a unit exiting as the VC ask is no casualty
                total += vp(start.type, start.values)
        elif now.has("prisoner"):  # A20.1: a guarded prisoner counts twice its VP
            held = vp(now.type, now.values)
            total += max(0, vp(start.type, start.values) - held) + 2 * held
        else:
            total += max(0, vp(start.type, start.values) - vp(now.type, now.values))
    return total


def status(game: AslGame, position: Position) -> list[str]:
    """The Now panel's victory lines, updated as play goes on."""
    gs = game.gstate(position.state)
    spec = _spec(position)
    lines: list[str] = []
    held = dict(gs.control)
    if spec.get("buildings"):
        for side in position.sides:
            names = sorted(n for n, s in held.items() if s == side)
            lines.append(
                T(
                    "{side} controls {n} building(s): {names} (A26.14)",
                    side=side,
                    n=str(len(names)),
                    names=", ".join(names) or "-",
                )
            )
    for side in position.sides:
        lines.append(T("{side}: {cvp} CVP (A26.22)", side=side, cvp=str(cvp(position, side))))
    exit_spec = spec.get("exit")
    if isinstance(exit_spec, dict) and exit_spec.get("side"):
        side = str(exit_spec["side"])
        lines.append(
            T(
                "{side}: {vp} Exit VP of {need} (A26.23)",
                side=side,
                vp=str(exit_vp(game, position, side)),
                need=str(exit_spec.get("vp", 0)),
            )
        )
    win = spec.get("win")
    if isinstance(win, dict) and "buildings" in win:
        side = str(win.get("side", ""))
        need = int(win["buildings"])
        have = sum(1 for s in held.values() if s == side)
        lines.append(
            T(
                "{side} needs {need} building(s) at the end and holds {have} (A26.1)",
                side=side,
                need=str(need),
                have=str(have),
            )
        )
    return lines


def winner(game: AslGame, position: Position) -> tuple[str, str] | None:
    """At the end: the side named by ``win`` if it meets its condition, else the other side (A26.3)."""
    win = _spec(position).get("win")
    if not isinstance(win, dict) or "buildings" not in win:
        return None
    side = str(win.get("side", ""))
    have = sum(1 for s in dict(game.gstate(position.state).control).values() if s == side)
    need = int(win["buildings"])
    if have >= need:
        return side, T(
            "{side} controls {have} of the buildings it needs ({need}) (A26.1)",
            side=side,
            have=str(have),
            need=str(need),
        )
    other = position.enemy_of(side)
    return other, T(
        "{side} holds only {have} building(s) of {need}: {other} wins by preventing it (A26.3)",
        side=side,
        have=str(have),
        need=str(need),
        other=other,
    )
