"""ASL whole-board areas in a scenario (A2.3): "anywhere on board X" for set-up, entry and victory.

A scenario names an area as a list whose items are hex labels (``"DR5"``) or whole boards
(``{"board": "D"}``). The boards of one list make one area, so the half hexes where two of them join are in
it.

A2.3 (paraphrased): edge half hexes are playable like whole hexes. A unit that may set up or enter anywhere on
a board may use its half hexes only where the half hex joins another board it may also use, or joins no other
half hex (the map's edge, or a board edge that meets nothing). A half hex counts for a victory condition about
occupying a board only when it does not join a half hex of a board outside that condition. Both clauses come
to the same test: a half hex belongs to the area when every board it lies on is named (:func:`area`). The
joined hex's terrain (an Open Ground half takes the other half's terrain) is the map's (rules/maps).

Where the areas are read: ``options.setup`` (each side's set-up area, checked against every unit the side sets
up on the map), ``options.hip.<side>.area`` (hip.py), ``options.entry.<unit>.hexes`` (the area's map-edge
hexes, arrival.py), ``options.victory.areas`` with ``win.clear`` / ``win.occupy``, ``options.victory.hexes``
(every hex of the area) and ``options.victory.exit.hexes`` (the area's map-edge hexes; victory.py).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from hexmate.rules.errors import DataError
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap, MapError
from hexmate.rules.scenario import Scenario

KEY = "board"
V = TypeVar("V")


_MEMO: dict[tuple[int, str], tuple[HexMap, Any]] = {}
_MEMO_SIZE = 256


def memo(hex_map: HexMap, key: str, make: Callable[[], V]) -> V:
    """``make()`` kept per map and key: areas are read on every change and every view (the victory lines),
    and a board's area takes a walk over the whole map. The map is held so that its id is never reused."""
    hit = _MEMO.get((id(hex_map), key))
    if hit is not None and hit[0] is hex_map:
        value: V = hit[1]
        return value
    value = make()
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[(id(hex_map), key)] = (hex_map, value)
    return value


def area(hex_map: HexMap, boards: Collection[str]) -> frozenset[Hex]:
    """A2.3: every hex of the named boards; a half hex only if each board it lies on is named (a half hex
    joining nothing lies on one board only)."""
    named = frozenset(hex_map.board(b).id for b in boards)

    def make() -> frozenset[Hex]:
        return frozenset(h for h in hex_map.hexes
                         if {b.id for b in hex_map.boards_at(h)} & named
                         and all(b.id in named or not b.half_hex(h) for b in hex_map.boards_at(h)))

    return memo(hex_map, "area:" + ",".join(sorted(named)), make)


def board_hexes(hex_map: HexMap, boards: list[str], where: str) -> frozenset[Hex]:
    """:func:`area` for a scenario's board ids; a DataError naming ``where`` for a board not on the map."""
    try:
        return area(hex_map, boards)
    except MapError as error:
        raise DataError(f"{where}: {error}") from None


def resolve(hex_map: HexMap, items: Any, where: str) -> frozenset[Hex]:
    """A scenario's area list -> its hexes; DataError naming ``where`` (file and key) and the item at fault:
    an unknown board, a label not on the map, an item neither a label nor ``{"board": id}``."""
    if not isinstance(items, list):
        raise DataError(f"{where}: a list of hex labels and {{\"board\": id}} (A2.3)")
    boards: list[str] = []
    hexes: set[Hex] = set()
    for i, item in enumerate(items):
        place = f"{where}[{i}]"
        if isinstance(item, dict):
            if set(item) != {KEY} or not isinstance(item[KEY], str):
                raise DataError(f"{place}: a whole board is {{\"board\": id}} (A2.3)")
            board_hexes(hex_map, [item[KEY]], f"{place}.board")  # an unknown board named here
            boards.append(item[KEY])
        elif isinstance(item, str):
            try:
                hexes.add(hex_map.parse_label(item))
            except MapError as error:
                raise DataError(f"{place}: {error}") from None
        else:
            raise DataError(f"{place}: a hex label or {{\"board\": id}} (A2.3)")
    return frozenset(hexes) | (board_hexes(hex_map, boards, where) if boards else frozenset())


def setup_areas(scenario: Scenario, hex_map: HexMap) -> Mapping[str, frozenset[Hex]]:
    """``options.setup``: side -> its set-up area, checked (the side is the scenario's)."""
    raw = scenario.options.get("setup", {})
    where = f"{scenario.source}: options.setup"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: side -> a list of hex labels and {{\"board\": id}} (A2.3)")
    sides = {s.id for s in scenario.sides}
    out = {}
    for side, items in raw.items():
        if side not in sides:
            raise DataError(f"{where}.{side}: not one of the sides {sorted(sides)}")
        out[side] = resolve(hex_map, items, f"{where}.{side}")
    return out


def check_setup(scenario: Scenario, hex_map: HexMap) -> None:
    """Every unit a side with a set-up area sets up on the map stands in it (A2.3 for its half hexes). Units
    coming on later (``options.entry``) and HIP units (their own page) are checked where they are placed."""
    areas = setup_areas(scenario, hex_map)
    if not areas:
        return
    later = set(scenario.options.get("entry", {}) or {})
    later |= {uid for e in (scenario.options.get("hip", {}) or {}).values() if isinstance(e, dict)
              for uid in e.get("units", [])}
    for n, unit in enumerate(scenario.units):
        allowed = areas.get(unit.side)
        if allowed is None or unit.id in later or unit.carrier in later:
            continue
        try:
            h = hex_map.parse_label(unit.hex)
        except MapError:
            continue  # Scenario.place names a hex not on the map
        if h not in allowed:
            raise DataError(f"{scenario.source}: units[{n}] ({unit.id}): {unit.hex} is outside side "
                            f"{unit.side!r}'s set-up area (options.setup.{unit.side}; A2.3 for half hexes)")


__all__ = ["KEY", "area", "board_hexes", "check_setup", "memo", "resolve", "setup_areas"]
