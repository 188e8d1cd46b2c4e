"""Scenarios as JSON (see rules/SCENARIOS.md): map, sides, counter types, units and their setup, turn limit.

``load_scenario(path)`` reads and checks the file on its own; ``Scenario.place(map)`` then checks every setup
hex against the map. Every error names the file and the place (``units[3] (ger-sq4): ...``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap

FORMAT = "hexmate-scenario/1"
RULES_DIR = Path(__file__).resolve().parent
Value = int | str


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    nationality: str = ""


@dataclass(frozen=True)
class CounterType:
    """The printed values of one kind of counter (a 4-6-7 squad, a 9-1 leader, a CF-4 corps)."""

    name: str
    type: str
    values: Mapping[str, Value]

    def value(self, key: str, default: Value | None = None) -> Value:
        if key in self.values:
            return self.values[key]
        if default is None:
            raise KeyError(f"counter {self.name!r} has no printed value {key!r}")
        return default

    def number(self, key: str, default: int | None = None) -> int:
        got = self.values.get(key, default)
        if not isinstance(got, int):
            raise KeyError(f"counter {self.name!r} has no whole-number value {key!r}")
        return got


@dataclass(frozen=True)
class UnitSetup:
    id: str
    counter: str
    side: str
    hex: str
    concealed: bool = False
    markers: tuple[str, ...] = ()
    carrier: str | None = None  # the unit that possesses or carries it (a support weapon's owner)
    level: int = 0  # its Location's level in the hex (ASL building levels, A2.8; the game checks it)


@dataclass(frozen=True)
class Scenario:
    game: str
    name: str
    title: str
    map_path: Path
    sides: tuple[Side, ...]
    first_side: str
    first_phase: str
    turns: int
    counters: Mapping[str, CounterType]
    units: tuple[UnitSetup, ...]
    notes: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    source: str = "<memory>"

    def side(self, side_id: str) -> Side:
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)

    @property
    def second_side(self) -> str:
        return next(s.id for s in self.sides if s.id != self.first_side)

    def place(self, hex_map: HexMap) -> dict[str, Hex]:
        """Setup hex of every unit on this map; DataError naming the unit for a hex not on the map."""
        placed = {}
        for n, unit in enumerate(self.units):
            try:
                h = hex_map.parse_label(unit.hex)
            except Exception as err:  # the map's own error names the label; add the file and the unit
                raise DataError(
                    f"{self.source}: units[{n}] ({unit.id}): setup hex {unit.hex!r}: {err}"
                ) from None
            if h not in hex_map.hexes:
                raise DataError(
                    f"{self.source}: units[{n}] ({unit.id}): setup hex {unit.hex!r} is not on the map"
                )
            placed[unit.id] = h
        return placed

    @classmethod
    def from_dict(cls, data: Any, source: str = "<memory>", base_dir: Path | None = None) -> Scenario:
        def err(place: str, msg: str) -> DataError:
            return DataError(f"{source}: {place}: {msg}")

        if not isinstance(data, dict):
            raise DataError(f"{source}: a scenario is a JSON object")
        allowed = {
            "format",
            "game",
            "name",
            "title",
            "map",
            "sides",
            "first_side",
            "first_phase",
            "turns",
            "counters",
            "units",
            "notes",
            "options",
        }
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise err("scenario", f"unknown key(s) {unknown}")
        if data.get("format") != FORMAT:
            raise err("format", f"must be {FORMAT!r}")
        for key in ("game", "name", "title", "map", "first_side", "first_phase"):
            if not isinstance(data.get(key), str) or not data[key]:
                raise err(key, "must be a non-empty string")
        turns = data.get("turns")
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
            raise err("turns", "must be a whole number of turns, at least 1")
        sides = []
        for n, raw in enumerate(data.get("sides") or []):
            if (
                not isinstance(raw, dict)
                or not isinstance(raw.get("id"), str)
                or not isinstance(raw.get("name"), str)
            ):
                raise err(f"sides[{n}]", "needs 'id' and 'name'")
            sides.append(Side(raw["id"], raw["name"], str(raw.get("nationality", ""))))
        if len(sides) != 2 or sides[0].id == sides[1].id:
            raise err("sides", "needs exactly two sides with different ids")
        side_ids = {s.id for s in sides}
        if data["first_side"] not in side_ids:
            raise err("first_side", f"{data['first_side']!r} is not one of the sides {sorted(side_ids)}")
        counters: dict[str, CounterType] = {}
        raw_counters = data.get("counters")
        if not isinstance(raw_counters, dict) or not raw_counters:
            raise err("counters", "must be an object of counter name -> printed values")
        for name, raw in raw_counters.items():
            if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
                raise err(f"counters[{name!r}]", "needs a 'type' (squad, leader, corps, ...)")
            values = {k: v for k, v in raw.items() if k != "type"}
            for key, value in values.items():
                if isinstance(value, bool) or not isinstance(value, int | str):
                    raise err(f"counters[{name!r}].{key}", f"{value!r} must be a whole number or a string")
            counters[name] = CounterType(name, raw["type"], values)
        units = []
        seen: set[str] = set()
        for n, raw in enumerate(data.get("units") or []):
            place = f"units[{n}]"
            if not isinstance(raw, dict):
                raise err(place, "must be an object")
            extra = sorted(set(raw) - {"id", "counter", "side", "hex", "concealed", "markers", "carrier",
                                    "level"})
            if extra:
                raise err(place, f"unknown key(s) {extra}")
            for key in ("id", "counter", "side", "hex"):
                if not isinstance(raw.get(key), str) or not raw[key]:
                    raise err(place, f"'{key}' must be a non-empty string")
            place = f"{place} ({raw['id']})"
            if raw["id"] in seen:
                raise err(place, "unit id repeats")
            seen.add(raw["id"])
            if raw["counter"] not in counters:
                raise err(place, f"counter {raw['counter']!r} is not in 'counters'")
            if raw["side"] not in side_ids:
                raise err(place, f"side {raw['side']!r} is not one of {sorted(side_ids)}")
            concealed = raw.get("concealed", False)
            if not isinstance(concealed, bool):
                raise err(place, "'concealed' must be true or false")
            markers = raw.get("markers", [])
            if not isinstance(markers, list) or not all(isinstance(m, str) for m in markers):
                raise err(place, "'markers' must be a list of strings")
            carrier = raw.get("carrier")
            if carrier is not None and (not isinstance(carrier, str) or not carrier):
                raise err(place, "'carrier' must be a unit id")
            level = raw.get("level", 0)
            if not isinstance(level, int) or isinstance(level, bool):
                raise err(place, "'level' must be a whole number (a building level, A2.8)")
            units.append(
                UnitSetup(raw["id"], raw["counter"], raw["side"], raw["hex"], concealed, tuple(markers),
                          carrier, level)
            )
        if not units:
            raise err("units", "needs at least one unit")
        by_id = {u.id: u for u in units}
        for u in units:
            if u.carrier is None:
                continue
            owner = by_id.get(u.carrier)
            if owner is None or owner.id == u.id:
                raise err(f"units ({u.id})", f"carrier {u.carrier!r} is not another unit of the scenario")
            # a prisoner's carrier is its guard, an enemy unit (ASL A20.5)
            if (owner.side != u.side and "prisoner" not in u.markers) or owner.hex != u.hex:
                raise err(f"units ({u.id})", f"carrier {u.carrier!r} must be a unit of its side in {u.hex}")
        map_path = resolve_map_path(data["map"], base_dir)
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise err("options", "must be an object")
        return cls(
            data["game"],
            data["name"],
            data["title"],
            map_path,
            tuple(sides),
            data["first_side"],
            data["first_phase"],
            turns,
            counters,
            tuple(units),
            str(data.get("notes", "")),
            options,
            source,
        )


def resolve_map_path(name: str, base_dir: Path | None) -> Path:
    """A map named in a scenario: relative to the scenario file first, then to the rules package."""
    candidates = [base_dir / name] if base_dir is not None else []
    candidates.append(RULES_DIR / name)
    for path in candidates:
        if path.exists():
            return path
    return candidates[0]


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise DataError(f"{path}: cannot read: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise DataError(
            f"{path}: not valid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    return Scenario.from_dict(data, source=str(path), base_dir=path.parent)
