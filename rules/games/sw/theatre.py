"""The Schlieffen's War theatre: what the rules ask of the map beyond terrain (digest 9.2). Countries (3.3
control at the start, 8.x supply, 10.8 the Belgian area, 4.x victory), the rail net as links between adjacent
hexes (8.x, 9.5, 10.7), city names, ports (8.4, 9.2, 9.5), the Paris hexes and final defence zone (4.1, 4.2),
and the map edges the supply sources lie on (8.3-8.6).

A theatre is a JSON object (``hexmate-sw-theatre/1``), in a file beside the map file, named by the scenario's
``options.theatre``, or inline there (tests). Labels are the map's printed labels; every error names the
file and the key."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap

NATIONS = ("GER", "BEL", "LUX", "FRA", "NEU")  # NEU: the Netherlands and Switzerland (3.2), never entered
EDGES = ("east", "west", "north", "south")
_KEYS = {"format", "notes", "countries", "default_country", "rail", "names", "paris", "paris_zone", "ports",
         "edges"}


@dataclass(frozen=True)
class Theatre:
    country: Mapping[Hex, str] = field(default_factory=dict)  # hexes not listed are ``default_country``
    default_country: str = "FRA"
    rail: frozenset[frozenset[Hex]] = frozenset()  # rail links between adjacent hexes
    names: Mapping[Hex, str] = field(default_factory=dict)
    paris: frozenset[Hex] = frozenset()
    paris_zone: frozenset[Hex] = frozenset()
    ports: frozenset[Hex] = frozenset()
    edges: Mapping[str, frozenset[Hex]] = field(default_factory=dict)

    def nation(self, h: Hex) -> str:
        return self.country.get(h, self.default_country)

    def on_rail(self, h: Hex) -> bool:
        return any(h in link for link in self.rail)

    def rail_link(self, a: Hex, b: Hex) -> bool:
        return frozenset((a, b)) in self.rail

    def rail_neighbours(self, h: Hex) -> list[Hex]:
        return [next(iter(link - {h})) for link in self.rail if h in link]

    def edge(self, name: str) -> frozenset[Hex]:
        return self.edges.get(name, frozenset())

    def name(self, h: Hex, label: str) -> str:
        return f"{self.names[h]} ({label})" if h in self.names else label

    def belgian_area(self, h: Hex, reach: int) -> bool:
        """10.8 (digest A-9): Belgium, and French or Luxembourg hexes within ``reach`` hexes of Belgium."""
        if self.nation(h) == "BEL":
            return True
        if self.nation(h) not in ("FRA", "LUX"):
            return False
        return any(n == "BEL" and distance(h, b) <= reach for b, n in self.country.items())

    @classmethod
    def from_dict(cls, doc: Any, source: str, m: HexMap) -> Theatre:
        if not isinstance(doc, dict):
            raise DataError(f"{source}: a theatre is a JSON object")
        unknown = sorted(set(doc) - _KEYS)
        if unknown:
            raise DataError(f"{source}: unknown key(s) {unknown}")

        def hexes(value: Any, key: str) -> list[Hex]:
            if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                raise DataError(f"{source}: {key}: must be a list of hex labels")
            out = []
            for label in value:
                try:
                    h = m.parse_label(label)
                except Exception as e:
                    raise DataError(f"{source}: {key}: {label!r}: {e}") from None
                if h not in m:
                    raise DataError(f"{source}: {key}: {label!r} is not on the map")
                out.append(h)
            return out

        country: dict[Hex, str] = {}
        countries = doc.get("countries", {})
        if not isinstance(countries, dict):
            raise DataError(f"{source}: countries: must be an object of nation -> hex labels")
        for nation, labels in countries.items():
            if nation not in NATIONS:
                raise DataError(f"{source}: countries.{nation}: not one of {', '.join(NATIONS)}")
            for h in hexes(labels, f"countries.{nation}"):
                country[h] = nation
        default = doc.get("default_country", "FRA")
        if default not in NATIONS:
            raise DataError(f"{source}: default_country: not one of {', '.join(NATIONS)}")
        rail: set[frozenset[Hex]] = set()
        lines = doc.get("rail", [])
        if not isinstance(lines, list):
            raise DataError(f"{source}: rail: must be a list of lines (lists of adjacent hex labels)")
        for i, line in enumerate(lines):
            hs = hexes(line, f"rail[{i}]")
            for a, b in itertools.pairwise(hs):
                if distance(a, b) != 1:
                    raise DataError(f"{source}: rail[{i}]: {m.label(a)} and {m.label(b)} are not adjacent")
                rail.add(frozenset((a, b)))
        names_raw = doc.get("names", {})
        if not isinstance(names_raw, dict):
            raise DataError(f"{source}: names: must be an object of hex label -> name")
        names = dict(zip(hexes(list(names_raw), "names"), (str(v) for v in names_raw.values()), strict=True))
        edges_raw = doc.get("edges")
        edges: dict[str, frozenset[Hex]] = {}
        if edges_raw is None:
            edges = geometric_edges(m)
        else:
            if not isinstance(edges_raw, dict):
                raise DataError(f"{source}: edges: must be an object of edge -> hex labels")
            for name, labels in edges_raw.items():
                if name not in EDGES:
                    raise DataError(f"{source}: edges.{name}: not one of {', '.join(EDGES)}")
                edges[name] = frozenset(hexes(labels, f"edges.{name}"))
        return cls(
            country=country, default_country=default, rail=frozenset(rail), names=names,
            paris=frozenset(hexes(doc.get("paris", []), "paris")),
            paris_zone=frozenset(hexes(doc.get("paris_zone", []), "paris_zone")),
            ports=frozenset(hexes(doc.get("ports", []), "ports")), edges=edges,
        )


def geometric_edges(m: HexMap) -> dict[str, frozenset[Hex]]:
    """The hexes on each edge of a rectangular map, by their centres."""
    centres = {h: m.center(h) for h in m.hexes}
    if not centres:
        return {}
    xs = [c[0] for c in centres.values()]
    ys = [c[1] for c in centres.values()]
    far = {"east": (0, max(xs)), "west": (0, min(xs)), "south": (1, max(ys)), "north": (1, min(ys))}
    return {
        name: frozenset(h for h, c in centres.items() if abs(c[axis] - value) < 0.6)
        for name, (axis, value) in far.items()
    }


def load_theatre(options: Mapping[str, Any], scenario_source: str, m: HexMap, base: Path) -> Theatre:
    """The scenario's theatre: ``options.theatre`` a file name (beside the map file) or an object."""
    raw = options.get("theatre")
    if raw is None:
        return Theatre(edges=geometric_edges(m))
    if isinstance(raw, dict):
        return Theatre.from_dict(raw, f"{scenario_source}: options.theatre", m)
    if not isinstance(raw, str):
        raise DataError(f"{scenario_source}: options.theatre: a file name or an object")
    path = base / raw
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        why = e.strerror or e
        raise DataError(f"{scenario_source}: options.theatre: cannot read {path}: {why}") from None
    except json.JSONDecodeError as e:
        raise DataError(f"{path}: not valid JSON at line {e.lineno}: {e.msg}") from None
    if not isinstance(doc, dict) or doc.get("format") != "hexmate-sw-theatre/1":
        raise DataError(f"{path}: format: must be 'hexmate-sw-theatre/1'")
    return Theatre.from_dict(doc, str(path), m)
