"""Charts as data packs: typed, validated tables (IFT, DFT, CRT ...) loaded from JSON; see rules/CHARTS.md.

Published charts are the publishers' data, so the project ships only (a) oracle cells fixed by the rulebooks'
worked examples, each cited, and (b) demo packs marked ``"demo": true`` whose values are invented. An owner of
the game may import a pack keyed from their own copy; the same validation applies, and every error
names the file and the cell.

>>> pack = ChartPack.from_dict({"format": FORMAT, "game": "x", "demo": True,
...     "provenance": {"publisher": "p", "edition": "e", "entered_by": "me"},
...     "charts": {"t": {"title": "t", "axes": [{"name": "col", "keys": [1, 4], "select": "floor"},
...                                             {"name": "dr", "keys": [2, 3], "select": "clamp"}],
...                      "cells": [["a", "b"], ["c", "d"]]}}}, source="doc")
>>> pack.chart("t").lookup(col=5, dr=9)
'd'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError

FORMAT = "hexmate-charts/1"
ORACLE_FORMAT = "hexmate-oracles/1"
SELECT_MODES = ("exact", "floor", "clamp")

Key = int | str | Fraction  # a Fraction only on a floor axis (a half-FP column: the ASL IIFT's 2 1/2, A7.37)
Cell = int | str
Number = int | Fraction


@dataclass(frozen=True)
class Axis:
    """One dimension of a chart: its name, its keys in order, and how a value picks a key.

    ``exact``: the value must be one of the keys. ``floor``: the largest key not above the value (an IFT
    or DFT firepower column). ``clamp``: values beyond either end use the end key, values inside must match
    (a DR row).
    """

    name: str
    keys: tuple[Key, ...]
    select: str = "exact"

    def index_of_key(self, key: Key) -> int:
        try:
            return self.keys.index(key)
        except ValueError:
            raise KeyError(f"{self.name}={key!r} is not a key of this axis") from None

    def locate(self, value: Key | Number) -> int | None:
        """Index of the key the value selects, or None if the value falls below a ``floor`` axis."""
        if self.select == "exact":
            if isinstance(value, Fraction):
                value = int(value) if value.denominator == 1 else str(value)
            return self.index_of_key(value)
        if isinstance(value, str):
            raise KeyError(f"{self.name} needs a number, got {value!r}")
        numeric = [k for k in self.keys if isinstance(k, int | Fraction)]
        if self.select == "floor":
            best = None
            for i, k in enumerate(numeric):
                if k <= value:
                    best = i
            return best
        if value <= numeric[0]:
            return 0
        if value >= numeric[-1]:
            return len(numeric) - 1
        if isinstance(value, Fraction) and value.denominator != 1:
            raise KeyError(f"{self.name}={value} is not a whole number")
        return self.index_of_key(int(value))

    def key_at(self, index: int) -> Key:
        return self.keys[index]

    def __len__(self) -> int:
        return len(self.keys)


@dataclass(frozen=True)
class Chart:
    """A table: axes in order, cells nested in the same order, optional allowed results and rule citation."""

    id: str
    title: str
    axes: tuple[Axis, ...]
    cells: Any  # nested lists, depth == len(axes); validated on load
    results: frozenset[str] | None = None
    rule: str = ""
    notes: str = ""

    def axis(self, name: str) -> Axis:
        for axis in self.axes:
            if axis.name == name:
                return axis
        raise KeyError(f"chart {self.id!r} has no axis {name!r}")

    def cell_at(self, *indices: int) -> Cell:
        node: Any = self.cells
        for i in indices:
            node = node[i]
        result: Cell = node
        return result

    def lookup(self, **coords: Key | Number) -> Cell:
        """The cell selected by one value per axis, each located by that axis's select mode."""
        indices = []
        for axis in self.axes:
            if axis.name not in coords:
                raise KeyError(f"chart {self.id!r} lookup needs {axis.name}")
            index = axis.locate(coords[axis.name])
            if index is None:
                raise KeyError(
                    f"chart {self.id!r}: {axis.name}={coords[axis.name]} is below the first column"
                )
            indices.append(index)
        return self.cell_at(*indices)

    def cell(self, **keys: Key) -> Cell:
        """The cell at exact keys (no select mode): how oracles address a cell."""
        return self.cell_at(*(axis.index_of_key(keys[axis.name]) for axis in self.axes))


@dataclass(frozen=True)
class Provenance:
    publisher: str
    edition: str
    entered_by: str
    notes: str = ""


@dataclass(frozen=True)
class ChartPack:
    """All charts of one game from one source. ``demo`` packs hold invented values and say so everywhere."""

    game: str
    demo: bool
    provenance: Provenance
    charts: Mapping[str, Chart]
    source: str = "<memory>"

    def chart(self, chart_id: str) -> Chart:
        try:
            return self.charts[chart_id]
        except KeyError:
            raise DataError(
                f"{self.source}: chart pack for {self.game!r} has no chart {chart_id!r} "
                f"(it has: {', '.join(sorted(self.charts)) or 'none'})"
            ) from None

    @property
    def label(self) -> str:
        """How a result computed from this pack is labelled wherever it is shown or recorded."""
        return "demo values" if self.demo else f"{self.provenance.publisher} {self.provenance.edition}"

    @classmethod
    def from_dict(cls, data: Any, source: str = "<memory>") -> ChartPack:
        where = _Where(source)
        if not isinstance(data, dict):
            raise where.error("a chart pack is a JSON object")
        where.known_keys(data, {"format", "game", "demo", "provenance", "charts"}, "pack")
        if data.get("format") != FORMAT:
            raise where.error(f"format must be {FORMAT!r}, got {data.get('format')!r}")
        game = where.string(data, "game", "pack")
        demo = data.get("demo")
        if not isinstance(demo, bool):
            raise where.error("'demo' must be true or false (say whether these are invented values)")
        prov = data.get("provenance")
        if not isinstance(prov, dict):
            raise where.error("'provenance' must be an object with publisher, edition, entered_by")
        where.known_keys(prov, {"publisher", "edition", "entered_by", "notes"}, "provenance")
        provenance = Provenance(
            where.string(prov, "publisher", "provenance"),
            where.string(prov, "edition", "provenance"),
            where.string(prov, "entered_by", "provenance"),
            str(prov.get("notes", "")),
        )
        raw_charts = data.get("charts")
        if not isinstance(raw_charts, dict) or not raw_charts:
            raise where.error("'charts' must be a non-empty object of chart id -> chart")
        charts = {cid: _chart_from_dict(cid, raw, where) for cid, raw in raw_charts.items()}
        return cls(game, demo, provenance, charts, source)


def load_pack(path: str | Path, game: str | None = None) -> ChartPack:
    """Read and validate a chart pack file; with ``game``, also check it is a pack for that game."""
    pack = ChartPack.from_dict(_read_json(path), source=str(path))
    if game is not None and pack.game != game:
        raise DataError(f"{path}: this chart pack is for {pack.game!r}, not {game!r}")
    return pack


def check_compatible(pack: ChartPack, required: Mapping[str, Sequence[str]]) -> None:
    """Check an imported pack has every chart a game needs, with the axes (by name, in order) it reads."""
    for chart_id, axis_names in required.items():
        chart = pack.chart(chart_id)
        names = [a.name for a in chart.axes]
        if names != list(axis_names):
            raise DataError(
                f"{pack.source}: chart {chart_id!r} has axes {names}, the game reads {list(axis_names)}"
            )


# --- oracles ---


@dataclass(frozen=True)
class Oracle:
    """One fact about a published chart fixed by a worked example in the rulebook, with its citation.

    kinds: ``cell`` (the cell at ``at`` holds ``result``), ``cell_in`` (it holds one of ``results``),
    ``shift`` (moving ``by`` columns from key ``start`` along ``axis`` lands on key ``to``), ``key`` (``axis``
    has the key ``start``: an example names a column the chart must have).
    """

    kind: str
    chart: str
    source: str
    at: Mapping[str, Key] = field(default_factory=dict)
    results: tuple[Cell, ...] = ()
    axis: str = ""
    start: Key = 0
    by: int = 0
    to: Key = 0

    def describe(self) -> str:
        if self.kind == "shift":
            return f"{self.chart} {self.axis} {self.start} {self.by:+d} -> {self.to}"
        if self.kind == "key":
            return f"{self.chart} {self.axis} has {self.start}"
        place = ", ".join(f"{k}={v}" for k, v in self.at.items())
        return f"{self.chart}[{place}] in {list(self.results)}"

    def check(self, pack: ChartPack) -> str | None:
        """None if the pack agrees with this oracle, else a message naming the cell and the citation."""
        chart = pack.chart(self.chart)
        try:
            if self.kind == "shift":
                axis = chart.axis(self.axis)
                index = axis.index_of_key(self.start) + self.by
                got: Any = axis.key_at(index) if 0 <= index < len(axis) else None
                ok = got == self.to
            elif self.kind == "key":
                got = [str(k) for k in chart.axis(self.axis).keys]
                ok = self.start in chart.axis(self.axis).keys
            else:
                got = chart.cell(**self.at)
                ok = got in self.results
        except KeyError as err:
            return f"{pack.source}: {self.describe()} ({self.source}): {err}"
        if ok:
            return None
        return f"{pack.source}: {self.describe()} ({self.source}): pack has {got!r}"


def load_oracles(path: str | Path) -> tuple[str, tuple[Oracle, ...]]:
    """Read an oracle file: (game, oracles). Errors name the file and the entry."""
    data = _read_json(path)
    where = _Where(str(path))
    if not isinstance(data, dict) or data.get("format") != ORACLE_FORMAT:
        raise where.error(f"an oracle file is an object with format {ORACLE_FORMAT!r}")
    game = where.string(data, "game", "oracles")
    entries = data.get("oracles")
    if not isinstance(entries, list) or not entries:
        raise where.error("'oracles' must be a non-empty list")
    oracles = []
    for n, raw in enumerate(entries):
        place = f"oracle #{n}"
        if not isinstance(raw, dict):
            raise where.error(f"{place} must be an object")
        kind = raw.get("kind", "cell")
        source = where.string(raw, "source", place)
        chart = where.string(raw, "chart", place)
        if kind == "cell":
            oracles.append(Oracle("cell", chart, source, at=dict(raw["at"]), results=(raw["result"],)))
        elif kind == "cell_in":
            oracles.append(
                Oracle("cell_in", chart, source, at=dict(raw["at"]), results=tuple(raw["results"]))
            )
        elif kind == "shift":
            oracles.append(
                Oracle(
                    "shift",
                    chart,
                    source,
                    axis=raw["axis"],
                    start=raw["from"],
                    by=int(raw["by"]),
                    to=raw["to"],
                )
            )
        elif kind == "key":
            start = raw["key"]
            oracles.append(Oracle("key", chart, source, axis=raw["axis"],
                                  start=_exact(start) if isinstance(start, float) else start))
        else:
            raise where.error(f"{place}: unknown kind {kind!r} (cell, cell_in, shift, key)")
    return game, tuple(oracles)


def check_oracles(pack: ChartPack, oracles: Sequence[Oracle]) -> list[str]:
    """Every disagreement between a pack and the oracle cells, as messages (empty when consistent)."""
    return [msg for msg in (o.check(pack) for o in oracles) if msg is not None]


# --- validation helpers ---


class _Where:
    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, message: str) -> DataError:
        return DataError(f"{self.source}: {message}")

    def string(self, obj: Mapping[str, Any], key: str, place: str) -> str:
        value = obj.get(key)
        if not isinstance(value, str) or not value:
            raise self.error(f"{place}: '{key}' must be a non-empty string")
        return value

    def known_keys(self, obj: Mapping[str, Any], allowed: set[str], place: str) -> None:
        unknown = sorted(set(obj) - allowed)
        if unknown:
            raise self.error(f"{place}: unknown key(s) {unknown} (allowed: {sorted(allowed)})")


def _read_json(path: str | Path) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise DataError(f"{path}: cannot read: {err.strerror or err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise DataError(
            f"{path}: not valid JSON at line {err.lineno} column {err.colno}: {err.msg}"
        ) from None


def _chart_from_dict(chart_id: str, raw: Any, where: _Where) -> Chart:
    place = f"chart {chart_id!r}"
    if not isinstance(raw, dict):
        raise where.error(f"{place} must be an object")
    where.known_keys(raw, {"title", "rule", "notes", "axes", "results", "cells"}, place)
    title = where.string(raw, "title", place)
    raw_axes = raw.get("axes")
    if not isinstance(raw_axes, list) or not raw_axes:
        raise where.error(f"{place}: 'axes' must be a non-empty list")
    axes = tuple(_axis_from_dict(a, f"{place} axis #{i}", where) for i, a in enumerate(raw_axes))
    if len({a.name for a in axes}) != len(axes):
        raise where.error(f"{place}: axis names repeat")
    results = raw.get("results")
    allowed: frozenset[str] | None = None
    if results is not None:
        if not isinstance(results, list) or not all(isinstance(r, str) for r in results):
            raise where.error(f"{place}: 'results' must be a list of strings")
        allowed = frozenset(results)
    cells = raw.get("cells")
    _check_cells(cells, axes, 0, (), allowed, place, where)
    return Chart(chart_id, title, axes, cells, allowed, str(raw.get("rule", "")), str(raw.get("notes", "")))


def _axis_from_dict(raw: Any, place: str, where: _Where) -> Axis:
    if not isinstance(raw, dict):
        raise where.error(f"{place} must be an object")
    where.known_keys(raw, {"name", "keys", "select"}, place)
    name = where.string(raw, "name", place)
    keys = raw.get("keys")
    select = raw.get("select", "exact")
    if select not in SELECT_MODES:
        raise where.error(f"{place} ({name}): select must be one of {SELECT_MODES}, got {select!r}")
    if not isinstance(keys, list) or not keys:
        raise where.error(f"{place} ({name}): 'keys' must be a non-empty list")
    if select == "floor":  # a column between whole FP (an IIFT's 2 1/2): a decimal number, kept exact
        keys = [_exact(k) if isinstance(k, float | Fraction) else k for k in keys]
    for key in keys:
        if isinstance(key, bool) or not isinstance(key, int | str | Fraction):
            raise where.error(f"{place} ({name}): key {key!r} must be a whole number or a string"
                              + (" (a floor axis may also have decimal keys)" if select != "floor" else ""))
    if len(set(keys)) != len(keys):
        raise where.error(f"{place} ({name}): keys repeat")
    if select != "exact":
        if not all(isinstance(k, int | Fraction) for k in keys):
            raise where.error(f"{place} ({name}): a {select} axis needs numeric keys")
        if keys != sorted(keys):
            raise where.error(f"{place} ({name}): a {select} axis needs keys in ascending order")
    if select == "clamp" and keys != list(range(keys[0], keys[-1] + 1)):
        raise where.error(f"{place} ({name}): a clamp axis needs every whole number from first to last key")
    return Axis(name, tuple(keys), select)


def _exact(key: float | Fraction) -> int | Fraction:
    """A decimal key as written (2.5 -> 5/2, never a binary float); a whole one as an int."""
    value = Fraction(str(key)) if isinstance(key, float) else key
    return int(value) if value.denominator == 1 else value


def _check_cells(
    node: Any,
    axes: tuple[Axis, ...],
    depth: int,
    prefix: tuple[Key, ...],
    allowed: frozenset[str] | None,
    place: str,
    where: _Where,
) -> None:
    axis = axes[depth]
    here = ", ".join(f"{a.name}={k}" for a, k in zip(axes, prefix, strict=False))
    if not isinstance(node, list) or len(node) != len(axis.keys):
        got = len(node) if isinstance(node, list) else type(node).__name__
        raise where.error(
            f"{place} cells{' at ' + here if here else ''}: expected {len(axis.keys)} entries "
            f"(one per {axis.name} key), got {got}"
        )
    for key, child in zip(axis.keys, node, strict=True):
        if depth + 1 < len(axes):
            _check_cells(child, axes, depth + 1, (*prefix, key), allowed, place, where)
            continue
        cell_place = ", ".join(f"{a.name}={k}" for a, k in zip(axes, (*prefix, key), strict=True))
        if isinstance(child, bool) or not isinstance(child, int | str):
            raise where.error(
                f"{place} cell {cell_place}: {child!r} is not a result (string or whole number)"
            )
        if allowed is not None and isinstance(child, str) and child not in allowed:
            raise where.error(f"{place} cell {cell_place}: result {child!r} is not one of {sorted(allowed)}")
