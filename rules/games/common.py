"""Helpers several games share: naming a group of units, stacks as activation groups, dice, step losses,
the scenario option that names units set up in secret."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from hexmate.rules.dice import DiceSpec
from hexmate.rules.errors import DataError, IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T


def group_of(
    position: Position, unit_ids: frozenset[str] | tuple[str, ...], rule: str, place: str = "hex"
) -> tuple[list[UnitState], Hex]:
    """The named units, which must all be on the map in one hex; errors say which rule wants that.

    ``place`` is the game's word for where a stack stands ("Location" in ASL, A2.8)."""
    if not unit_ids:
        raise IllegalAction(T("name at least one unit"), rule)
    if len(set(unit_ids)) != len(unit_ids):
        raise InvalidAction(T("a unit is named twice"))
    units = []
    for uid in sorted(unit_ids):
        if uid not in position.units:
            raise InvalidAction(T("no unit {ref} in this game", ref=repr(uid)))
        units.append(position.units[uid])
    hexes = {u.hex for u in units}
    if len(hexes) != 1 or None in hexes:
        raise IllegalAction(T("units acting together must start in the same {place}", place=place), rule)
    start = units[0].hex
    assert start is not None
    return units, start



def check_dice(spec: DiceSpec, values: Sequence[int] | None, need_dice: bool, missing: str) -> None:
    """Dice may be left off while an attack is only being declared; given dice must fit the game's roll."""
    if values is None:
        if need_dice:
            raise InvalidAction(missing)
    else:
        spec.from_values(values)


def stack_groups(position: Position, eligible: Callable[[UnitState], bool]) -> Iterator[frozenset[str]]:
    """Each eligible unit alone, then each hex's eligible units together (when more than one)."""
    stacks: dict[Hex, list[str]] = {}
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.hex is not None and eligible(unit):
            stacks.setdefault(unit.hex, []).append(unit.id)
    for ids in stacks.values():
        for uid in ids:
            yield frozenset([uid])
        if len(ids) > 1:
            yield frozenset(ids)


def lose_step(state: State, unit: UnitState) -> State:
    """A two-step unit flips to its reduced side; a reduced or one-step unit is eliminated."""
    steps = unit.values.get("steps", 1)
    if isinstance(steps, int) and steps >= 2 and not unit.has("reduced"):
        return state.with_unit(unit.mark("reduced"))
    return state.without_unit(unit.id)


def enemy_units_at(position: Position, h: Hex, side: str) -> list[UnitState]:
    return [u for u in position.units_at(h) if u.side != side]


def units_by_hex(position: Position) -> dict[Hex, list[UnitState]]:
    """Units grouped by hex, built once so a movement search does not rescan every unit at every step."""
    out: dict[Hex, list[UnitState]] = {}
    for unit in position.units.values():
        if unit.hex is not None:
            out.setdefault(unit.hex, []).append(unit)
    return out


def passing(units: Iterable[UnitState], check: Callable[[UnitState], object]) -> list[str]:
    """The ids of ``units`` for which ``check`` raises no IllegalAction: what a page may offer them (the
    check itself stays the one authority on legality)."""
    out = []
    for unit in units:
        try:
            check(unit)
        except IllegalAction:
            continue
        out.append(unit.id)
    return out


def secret_units_spec(scenario: Scenario, key: str, boards: bool = False) -> dict[str, dict[str, list[Any]]]:
    """A scenario option naming units each side sets up in secret (ASL HIP, A12.3; PG hidden units, 17.0):
    ``{side: {"units": [ids], "area": [hex labels]}}``, every unit the side's own; a DataError names the
    file and the key. With ``boards`` an area item may be a whole board, ``{"board": id}`` (ASL A2.3)."""
    raw: Any = scenario.options.get(key, {})
    where = f"{scenario.source}: options.{key}"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be an object of sides")
    sides = {u.id: u.side for u in scenario.units}
    out: dict[str, dict[str, list[Any]]] = {}
    for side, entry in raw.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("units"), list):
            raise DataError(f"{where}.{side}: needs 'units', a list of unit ids")
        extra = sorted(set(entry) - {"units", "area"})
        if extra:
            raise DataError(f"{where}.{side}: unknown key(s) {extra}")
        for uid in entry["units"]:
            if sides.get(uid) != side:
                raise DataError(f"{where}.{side}: {uid!r} is not a unit of side {side!r}")
        area = entry.get("area", [])
        if not isinstance(area, list) or not all(isinstance(a, str) or (boards and isinstance(a, dict))
                                                 for a in area):
            raise DataError(f"{where}.{side}.area: must be a list of hex labels"
                            + (" and {\"board\": id}" if boards else ""))
        out[side] = {"units": list(entry["units"]), "area": list(area)}
    return out
