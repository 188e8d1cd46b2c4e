"""Per-game terrain tables as data (rules/games/<game>/terrain.json): movement, LOS, TEM, with citations.

Every value in a table is ``{"value": ..., "rule": "<citation>"}`` when the rulebook text states it, or
``{"value": ..., "demo": true, "note": "..."}`` when it does not (the printed charts are publishers' data).
:func:`load_terrain` is the only function that reads a file; problems raise :class:`TerrainError` naming the
file, the entry and the key.

>>> from pathlib import Path
>>> t = load_terrain(Path(__file__).parent / "games" / "asl" / "terrain.json")
>>> t.entry("woods").move.value, t.entry("woods").move.rule
(2, 'A4.3, A4.132 example')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexmate.rules.hexes import Hex
from hexmate.rules.los import LosRules
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import Cost, CostFn

FORMAT = "hexmate-terrain/1"
GAMES_DIR = Path(__file__).resolve().parent / "games"


class TerrainError(ValueError):
    """A malformed terrain table, or a map that uses names the table does not know."""


@dataclass(frozen=True, slots=True)
class Value:
    """One table value with its provenance: a rule citation, or a demo marker with a note."""

    value: Any
    rule: str | None
    demo: bool
    note: str = ""

    def cite(self) -> str:
        return self.rule if self.rule else "demo value"


@dataclass(frozen=True, slots=True)
class Entry:
    """A hex terrain, a hexside feature or a hex feature."""

    name: str
    move: Value | None = None
    obstacle: Value | None = None
    hindrance: Value | None = None
    tem: Value | None = None
    inherent: Value | None = None
    blind_zone: Value | None = None
    depression: Value | None = None
    blocks_along: Value | None = None
    move_exempt_terrain: Value | None = None
    tem_infantry_only: Value | None = None  # the TEM spares infantry only, not vehicles (ASL A7.308 example)


_ENTRY_KEYS = {"move", "obstacle", "hindrance", "tem", "inherent", "blind_zone", "depression", "blocks_along",
               "move_exempt_terrain", "tem_infantry_only"}
_TOP_KEYS = {"format", "game", "provenance", "movers", "aliases", "movement", "los", "terrain", "hexside",
             "features"}
_MOVEMENT_KEYS = {"climb", "climb_cost", "road", "road_ignored_into"}
_LOS_KEYS = {"model", "hindrance_blocks_at", "along_hexside", "hexside_adjacent_exempt",
             "hindrance_same_level_only", "higher_ground_blocks_at"}


@dataclass
class TerrainTable:
    game: str
    source: str
    provenance: str
    movers: tuple[str, ...]
    terrain: dict[str, Entry]
    hexside: dict[str, Entry]
    features: dict[str, Entry]
    movement: dict[str, Value]
    los: dict[str, Value]
    aliases: dict[str, str] = field(default_factory=dict)
    _los_rules: LosRules | None = field(default=None, init=False, repr=False)

    def canonical(self, name: str) -> str:
        return self.aliases.get(name, name)

    def entry(self, terrain: str) -> Entry:
        name = self.canonical(terrain)
        try:
            return self.terrain[name]
        except KeyError:
            raise TerrainError(f"{self.source}: no terrain {terrain!r} in the {self.game} table") from None

    def tem(self, m: HexMap, h: Hex) -> Value | None:
        """The TEM (or combat shift) of h's terrain with its citation, or None when the table has none."""
        return self.entry(m.terrain(h)).tem

    def hexside_tem(self, m: HexMap, a: Hex, b: Hex) -> list[tuple[str, Value]]:
        """TEMs of the features on the hexside between a and b (e.g. ASL wall +2, A8.15), with citations."""
        out: list[tuple[str, Value]] = []
        for f in sorted(m.hexside(a, b)):
            e = self.hexside.get(f)
            if e is not None and e.tem is not None:
                out.append((f, e.tem))
        return out

    def problems(self, m: HexMap) -> list[str]:
        """Names the map uses that this table does not define (empty when the map fits the game)."""
        out: list[str] = []
        for h in sorted(m.hexes):
            t = self.canonical(m.terrain(h))
            if t not in self.terrain:
                out.append(f"{m.source}: hex {m.label(h)}: terrain {m.terrain(h)!r} is not in {self.source}")
            for f in m.features(h):
                if f not in self.features:
                    out.append(f"{m.source}: hex {m.label(h)}: feature {f!r} is not in {self.source}")
        for (a, b), feats in m.hexsides().items():
            for f in feats:
                if f not in self.hexside:
                    where = f"hexside {m.label(a)}-{m.label(b)}"
                    out.append(f"{m.source}: {where}: {f!r} is not in {self.source}")
        return out

    # --- movement

    def cost_fn(self, mover: str | None = None) -> CostFn:
        """Entry cost from the table: terrain cost (or the road rate along a road), doubled or raised for
        climbing per the game, plus hexside costs. None = prohibited (no cost in the table)."""
        mover = mover or self.movers[0]
        if mover not in self.movers:
            raise TerrainError(f"{self.source}: no mover class {mover!r} (have {', '.join(self.movers)})")
        costs: dict[str, Cost | None] = {}
        for name, e in self.terrain.items():
            costs[name] = _cost(e.move.value) if e.move is not None else None
        for alias, name in self.aliases.items():
            costs[alias] = costs.get(name)
        side_costs = {n: _cost(e.move.value) for n, e in self.hexside.items() if e.move is not None}
        # A hexside whose move value is null cannot be crossed (e.g. ASL cliffs, A10.51).
        side_barred = {n for n, e in self.hexside.items() if e.move is not None and e.move.value is None}
        exempt = {n: frozenset(e.move_exempt_terrain.value) for n, e in self.hexside.items()
                  if e.move_exempt_terrain is not None}
        road = self.movement.get("road")
        road_cost = _cost(road.value) if road is not None else None
        no_road = {self.canonical(t) for t in (self.movement["road_ignored_into"].value
                                               if "road_ignored_into" in self.movement else [])}
        climb = self.movement["climb"].value if "climb" in self.movement else "none"
        climb_cost: Cost = 0
        if "climb_cost" in self.movement:
            climb_cost = _cost(self.movement["climb_cost"].value) or 0

        def fn(m: HexMap, a: Hex, b: Hex) -> Cost | None:
            into = m.data(b)
            terrain = into.terrain
            entry_cost = costs.get(terrain)
            if entry_cost is None:
                return None
            base: Cost = entry_cost
            sides = m.hexside(a, b)
            if road_cost is not None and "road" in sides and self.canonical(terrain) not in no_road:
                base = min(base, road_cost)  # ASL A4.132: road cost or terrain cost, the mover's choice
            rise = into.level - m.data(a).level
            if rise > 0:
                if climb == "double":
                    base = base * 2  # ASL A4.133
                elif climb == "per_level":
                    base = base + climb_cost * rise  # Fire Team 5.14: 2 levels in one hex = double the climb
            for feature in sides:
                if feature in side_barred:
                    return None
                extra = side_costs.get(feature)
                if extra is None:
                    continue
                if feature in exempt and (m.terrain(a) in exempt[feature] or terrain in exempt[feature]):
                    continue  # SW 10.5: no river cost into or out of a city
                base = base + extra
            return base

        return fn

    # --- line of sight

    def los_rules(self) -> LosRules:
        """The LOS parameters of this game, built from the table once (one engine, parameterised per game)."""
        if self._los_rules is None:
            self._los_rules = self._build_los_rules()
        return self._los_rules

    def _build_los_rules(self) -> LosRules:
        obstacle: dict[str, tuple[Fraction, str]] = {}
        hindrance: dict[str, tuple[int, str]] = {}
        inherent: set[str] = set()
        blind_zone: set[str] = set()
        depression: set[str] = set()
        names = dict(self.terrain)
        for alias, name in self.aliases.items():
            names[alias] = self.terrain[name]
        for name, e in names.items():
            if e.obstacle is not None:
                obstacle[name] = (Fraction(e.obstacle.value), e.obstacle.cite())
            if e.hindrance is not None:
                hindrance[name] = (int(e.hindrance.value), e.hindrance.cite())
            if e.inherent is not None and e.inherent.value:
                inherent.add(name)
            if e.blind_zone is not None and e.blind_zone.value:
                blind_zone.add(name)
            if e.depression is not None and e.depression.value:
                depression.add(name)
        side_obstacle: dict[str, tuple[Fraction, str]] = {}
        along: set[str] = set()
        for name, e in self.hexside.items():
            if e.obstacle is not None:
                side_obstacle[name] = (Fraction(e.obstacle.value), e.obstacle.cite())
                if e.blocks_along is None or e.blocks_along.value:
                    along.add(name)
        los = self.los

        def get(key: str, default: Any) -> Any:
            return los[key].value if key in los else default

        def cite(key: str) -> str:
            return los[key].cite() if key in los else ""

        return LosRules(
            game=self.game,
            model=get("model", "none"),
            obstacle=obstacle,
            hindrance=hindrance,
            inherent=frozenset(inherent),
            blind_zone=frozenset(blind_zone),
            depression=frozenset(depression),
            hexside_obstacle=side_obstacle,
            hexside_blocks_along=frozenset(along),
            hindrance_blocks_at=get("hindrance_blocks_at", None),
            hindrance_blocks_rule=cite("hindrance_blocks_at"),
            hexside_adjacent_exempt=bool(get("hexside_adjacent_exempt", False)),
            adjacent_exempt_rule=cite("hexside_adjacent_exempt"),
            hindrance_same_level_only=bool(get("hindrance_same_level_only", True)),
            higher_ground_blocks_at=int(get("higher_ground_blocks_at", 1)),
            higher_ground_rule=cite("higher_ground_blocks_at"),
            along_rule=cite("along_hexside"),
            model_rule=cite("model"),
        )


def _cost(v: Any) -> Cost | None:
    if v is None:
        return None
    f = Fraction(v)
    return int(f) if f.denominator == 1 else f


def load_terrain(path: str | Path) -> TerrainTable:
    p = Path(path)
    src = str(p)
    try:
        doc = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TerrainError(f"{src}: cannot read the file ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise TerrainError(f"{src}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return terrain_from_dict(doc, src)


def load_game_terrain(game: str) -> TerrainTable:
    """The shipped table of a game: rules/games/<game>/terrain.json."""
    return load_terrain(GAMES_DIR / game / "terrain.json")


def terrain_from_dict(doc: Any, source: str = "<terrain>") -> TerrainTable:
    def fail(where: str, message: str) -> TerrainError:
        return TerrainError(f"{source}: {where}: {message}")

    if not isinstance(doc, dict):
        raise fail("top level", "must be a JSON object")
    for k in doc:
        if k not in _TOP_KEYS:
            raise fail(f"key {k!r}", f"unknown key (allowed: {', '.join(sorted(_TOP_KEYS))})")
    if doc.get("format") != FORMAT:
        raise fail("key 'format'", f"expected {FORMAT!r}")
    game = doc.get("game")
    if not isinstance(game, str) or not game:
        raise fail("key 'game'", "must name the game")

    def value(v: Any, where: str) -> Value:
        if not isinstance(v, dict) or "value" not in v:
            raise fail(where, "must be {\"value\": ..., \"rule\": ...} or {\"value\": ..., \"demo\": true}")
        extra = set(v) - {"value", "rule", "demo", "note"}
        if extra:
            raise fail(where, f"unknown key {sorted(extra)[0]!r}")
        rule, demo = v.get("rule"), v.get("demo", False)
        if (rule is None) == (demo is not True):
            raise fail(where, "give either a rule citation or \"demo\": true (exactly one)")
        if rule is not None and (not isinstance(rule, str) or not rule.strip()):
            raise fail(where, "the rule citation must be a non-empty string")
        return Value(v["value"], rule, demo is True, str(v.get("note", "")))

    def entries(section: str) -> dict[str, Entry]:
        raw = doc.get(section, {})
        if not isinstance(raw, dict):
            raise fail(f"key {section!r}", "must be an object of named entries")
        out: dict[str, Entry] = {}
        for name, body in raw.items():
            if not isinstance(body, dict):
                raise fail(f"{section} {name!r}", "must be an object")
            fields: dict[str, Value] = {}
            for k, v in body.items():
                if k not in _ENTRY_KEYS:
                    allowed = ", ".join(sorted(_ENTRY_KEYS))
                    raise fail(f"{section} {name!r}: key {k!r}", f"unknown (allowed: {allowed})")
                fields[k] = value(v, f"{section} {name!r}: key {k!r}")
            for k in ("move", "obstacle"):
                if k in fields and fields[k].value is not None:
                    try:
                        Fraction(fields[k].value)
                    except (TypeError, ValueError):
                        where = f"{section} {name!r}: key {k!r}"
                        raise fail(where, "value must be a number or 'a/b'") from None
            out[name] = Entry(name, **fields)
        return out

    def section(key: str, allowed: set[str]) -> dict[str, Value]:
        raw = doc.get(key, {})
        if not isinstance(raw, dict):
            raise fail(f"key {key!r}", "must be an object")
        out: dict[str, Value] = {}
        for k, v in raw.items():
            if k not in allowed:
                raise fail(f"{key}: key {k!r}", f"unknown (allowed: {', '.join(sorted(allowed))})")
            out[k] = value(v, f"{key}: key {k!r}")
        return out

    terrain = entries("terrain")
    movers = doc.get("movers", ["default"])
    if not (isinstance(movers, list) and movers and all(isinstance(x, str) for x in movers)):
        raise fail("key 'movers'", "must be a non-empty list of names")
    aliases = doc.get("aliases", {})
    if not isinstance(aliases, dict):
        raise fail("key 'aliases'", "must map names to terrain names")
    for alias, target in aliases.items():
        if target not in terrain:
            raise fail(f"aliases {alias!r}", f"{target!r} is not a terrain of this table")
    return TerrainTable(
        game=game,
        source=source,
        provenance=str(doc.get("provenance", "")),
        movers=tuple(movers),
        terrain=terrain,
        hexside=entries("hexside"),
        features=entries("features"),
        movement=section("movement", _MOVEMENT_KEYS),
        los=section("los", _LOS_KEYS),
        aliases=dict(aliases),
    )


def check_map_terrain(m: HexMap, table: TerrainTable) -> list[str]:
    return table.problems(m)


def tables() -> Mapping[str, Path]:
    """Shipped terrain tables by game name."""
    return {p.parent.name: p for p in sorted(GAMES_DIR.glob("*/terrain.json"))}
