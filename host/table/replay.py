"""Recorded sensor streams replayed through calibration, registry, tracker and views in batch mode.

A stream file (JSON) names a board, a map and a registry, gives the expected position and how far units may
move, then lists timed steps: raw cell events as the firmware sends them (``cell``/``state``/``uids``), or
"world" steps (``lift``/``place`` a unit; the replay turns them into the cell events a board would report),
``tick`` (time passes with no event), ``disconnect`` (changes stop reaching the host) and ``snapshot`` (the
full read after a reconnect). The expected TableEvents (as the views render them), the final LED frame and
phase are compared with what the host produced. Like Klipper's regression tests: data in, data out.
"""

from __future__ import annotations

import heapq
import importlib
import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexmate.host.table.calibration import Anchor, Calibration, CalibrationError
from hexmate.host.table.events import MoveRecognised, TableEvent
from hexmate.host.table.geometry import BoardLike, Hex, MapLike
from hexmate.host.table.oracle import PositionOracle
from hexmate.host.table.registry import Registry, RegistryError, load_demo, normalise_uid
from hexmate.host.table.tracker import EMPTY, TAGS, UNCERTAIN, Tracker
from hexmate.host.table.views import SHARED, TableViews, led_frame

STATES = {"empty": EMPTY, "tags": TAGS, "uncertain": UNCERTAIN}
_STREAM_KEYS = {
    "name",
    "description",
    "board",
    "map",
    "registry",
    "calibration",
    "position",
    "movement",
    "quiet_ms",
    "setup",
    "audience",
    "world",
    "markers",
    "oracle",
    "steps",
    "expect",
    "expect_views",
    "expect_leds",
    "expect_phase",
    "expect_position",
}


class ReplayError(Exception):
    """A stream file is malformed; the message names the file and step."""


@dataclass(frozen=True)
class Move:
    """A stand-in for the rules' Move in replays: path (start first) and cost in movement points."""

    units: frozenset[str]
    path: tuple[Hex, ...]
    cost: int


class ScriptedOracle:
    """The tracker's oracle over a fixed position and a simple movement model given in the stream.

    Each hex entered costs ``costs[label]`` (default 1); ``blocked`` hexes cannot be entered; a group may
    spend the smallest ``budget`` among its units (default 4); a hex held by the other side cannot be
    entered. Recognised moves are pushed, as the game session does.
    """

    def __init__(
        self,
        game_map: Any,
        position: Mapping[str, Hex],
        sides: Mapping[str, str],
        movement: Mapping[str, Any],
    ) -> None:
        self.map = game_map
        self.position = dict(position)
        self.sides = dict(sides)
        self.budget = {str(k): int(v) for k, v in dict(movement.get("budget", {})).items()}
        self.default_budget = int(movement.get("default_budget", 4))
        self.costs = {game_map.parse_label(k): int(v) for k, v in dict(movement.get("costs", {})).items()}
        self.blocked = frozenset(game_map.parse_label(k) for k in movement.get("blocked", []))
        self.pushed: list[Move] = []

    def expected(self) -> Mapping[str, Hex]:
        return self.position

    def _budget(self, units: frozenset[str]) -> int:
        return min((self.budget.get(u, self.default_budget) for u in units), default=0)

    def _closed(self, units: frozenset[str]) -> set[Hex]:
        """Hexes the group may not enter: blocked ones and those the other side holds."""
        mine = {self.sides.get(u, "") for u in units}
        return set(self.blocked) | {h for u, h in self.position.items() if self.sides.get(u, "") not in mine}

    def _cost(self, h: Hex) -> int:
        return self.costs.get(h, 1)

    def destinations(self, unit_ids: frozenset[str], start: Hex) -> Mapping[Hex, Move]:
        return {h: mv for h, mv in self._reach(unit_ids, start, self._budget(unit_ids)).items() if h != start}

    def _reach(self, units: frozenset[str], start: Hex, budget: int) -> dict[Hex, Move]:
        best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {start: (0, (start,))}
        queue: list[tuple[int, int, Hex]] = [(0, 0, start)]
        closed = self._closed(units)
        order = 0
        while queue:
            cost, _, h = heapq.heappop(queue)
            if cost > best[h][0]:
                continue
            for n in self.map.neighbors(h):
                if n in closed:
                    continue
                c = cost + self._cost(n)
                if c <= budget and (n not in best or c < best[n][0]):
                    best[n] = (c, (*best[h][1], n))
                    order += 1
                    heapq.heappush(queue, (c, order, n))
        return {h: Move(units, path, c) for h, (c, path) in best.items()}

    def route(self, unit_ids: frozenset[str], waypoints: Sequence[Hex]) -> Move | None:
        """Cheapest legs between consecutive waypoints, within the group's budget; None if illegal."""
        budget = self._budget(unit_ids)
        path: list[Hex] = [waypoints[0]]
        spent = 0
        for a, b in itertools.pairwise(waypoints):
            leg = self._reach(unit_ids, a, budget - spent).get(b)
            if leg is None:
                return None
            path.extend(leg.path[1:])
            spent += leg.cost
        return Move(unit_ids, tuple(path), spent)

    def push(self, move: MoveRecognised) -> None:
        for unit in move.units:
            self.position[unit] = move.path[-1]
        self.budget.update({u: self._budget(frozenset([u])) - int(move.cost) for u in move.units})
        self.pushed.append(Move(move.units, move.path, int(move.cost)))


# --- loading ------------------------------------------------------------------------------------------------

Resolver = Callable[[str, str], Any]  # (kind 'board'|'map', name) -> BoardLike / MapLike


def default_resolver(kind: str, name: str) -> Any:
    """Real loaders: hexmate.hardware.boards.load_board and hexmate.rules.maps.load_map."""
    if kind == "board":
        return importlib.import_module("hexmate.hardware.boards").load_board(name)
    path = Path(name)
    if not path.suffix:
        rules = Path(str(importlib.import_module("hexmate.rules").__path__[0]))
        path = rules / "maps" / f"{name}.json"
    return importlib.import_module("hexmate.rules.maps").load_map(path)


@dataclass
class Result:
    """What a replay produced, rendered for comparison and printing."""

    events: list[dict[str, Any]] = field(default_factory=list)
    views: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    leds: dict[str, str] = field(default_factory=dict)
    phase: str = ""
    position: dict[str, str] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


class World:
    """What physically lies on each cell, so lift/place steps become full cell reports."""

    def __init__(self) -> None:
        self.cells: dict[int, list[str]] = {}

    def where(self, uid: str) -> int | None:
        return next((c for c, uids in self.cells.items() if uid in uids), None)

    def entries(self) -> list[tuple[int, int, list[str]]]:
        return [(c, TAGS, list(uids)) for c, uids in sorted(self.cells.items()) if uids]


class Replay:
    """One stream loaded and ready to run: ``Replay.load(path).run()``."""

    def __init__(self, doc: Mapping[str, Any], source: str, resolver: Resolver = default_resolver) -> None:
        self.doc = doc
        self.source = source
        bad = set(doc) - _STREAM_KEYS
        if bad:
            raise ReplayError(f"{source}: unknown key(s) {', '.join(sorted(bad))}")
        try:
            self.board: BoardLike = resolver("board", str(doc.get("board", "emu-346")))
            self.map: MapLike = resolver("map", str(doc.get("map", "demo-asl")))
        except Exception as exc:
            raise ReplayError(f"{source}: cannot load board/map: {exc}") from exc
        self.cell_by_label: dict[str, int] = {c.label: c.id for c in self.board.cells}
        self.registry = self._registry(doc.get("registry", "demo"))
        self.calibration = self._calibration(doc.get("calibration"))
        sides = {c.unit_id: c.side for _, c in self.registry if c.unit_id}
        self.oracle: ScriptedOracle | PositionOracle
        if "oracle" in doc:  # the real rules: a game and a scenario in rules/games/<game>/scenarios/
            self.oracle = PositionOracle(self._rules_position(doc["oracle"]))
            position = dict(self.oracle.expected())
        else:
            position = {u: self._hex(h, f"position {u}") for u, h in dict(doc.get("position", {})).items()}
            self.oracle = ScriptedOracle(self.map, position, sides, doc.get("movement", {}))
        self.tracker = Tracker(
            self.calibration, self.registry, self.oracle, quiet_ms=int(doc.get("quiet_ms", 350))
        )
        self.views = TableViews(self.tracker, self.registry)
        self.world = World()
        world = doc.get("world", {})
        if world == "position":  # every unit of the position on its hex, as set up before play
            world = {self.map.label(h): [] for h in position.values()}
            for unit, h in position.items():
                world[self.map.label(h)].append(unit)
        for label, units in {**dict(world)}.items():
            cell = self._cell(label, "world")
            self.world.cells.setdefault(cell, []).extend(self._uid(u, "world") for u in units)
        for label, counters in dict(doc.get("markers", {})).items():
            cell = self._cell(label, "markers")
            self.world.cells.setdefault(cell, []).extend(self._uid(u, "markers") for u in counters)
        self.step_failures: list[str] = []

    @classmethod
    def load(cls, path: str | Path, resolver: Resolver = default_resolver) -> Replay:
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ReplayError(f"{path}: cannot read stream: {exc}") from exc
        if not isinstance(doc, Mapping):
            raise ReplayError(f"{path}: a stream is a JSON object")
        return cls(doc, str(path), resolver)

    def _rules_position(self, spec: Any) -> Any:
        try:
            games = importlib.import_module("hexmate.rules.games")
            game = games.get_game(spec["game"])
            rules_dir = Path(str(importlib.import_module("hexmate.rules").__path__[0]))
            path = rules_dir / "games" / spec["game"] / "scenarios" / f"{spec.get('scenario', 'demo')}.json"
            position = game.new_position(game.load_scenario(path))
            for text in spec.get("actions", []):
                position.push_text(text)
            return position
        except Exception as exc:
            raise ReplayError(f"{self.source}: oracle {spec!r}: {exc}") from exc

    def _registry(self, spec: Any) -> Registry:
        try:
            if spec == "demo":
                reg = load_demo()
            elif isinstance(spec, str):
                reg = Registry.load(Path(self.source).parent / spec)
            else:
                reg = Registry.from_json(spec, f"{self.source}: registry")
            return reg
        except RegistryError as exc:
            raise ReplayError(str(exc)) from exc

    def _calibration(self, spec: Any) -> Calibration:
        try:
            if spec is None:
                return Calibration.default_for(self.board, self.map)
            anchors = [
                Anchor(self._cell(a["cell"], "calibration"), self._hex(a["hex"], "calibration"))
                for a in spec["anchors"]
            ]
            return Calibration.fit(self.board, self.map, anchors, float(spec.get("tolerance", 0.3)))
        except CalibrationError as exc:
            raise ReplayError(f"{self.source}: {exc}") from exc

    def _hex(self, label: str, where: str) -> Hex:
        try:
            found: Hex = self.map.parse_label(label)
            return found
        except Exception as exc:
            raise ReplayError(f"{self.source}: {where}: {exc}") from exc

    def _cell(self, ref: Any, where: str) -> int:
        """A cell id, a board cell label ('K3') or a map hex label ('DK3': the cell under that hex)."""
        if isinstance(ref, int):
            return ref
        if isinstance(ref, str) and ref in self.cell_by_label:
            return self.cell_by_label[ref]
        try:
            cell = self.calibration.cell_of(self.map.parse_label(str(ref)))
        except Exception:
            cell = None
        if cell is not None:
            return cell
        raise ReplayError(f"{self.source}: {where}: board {self.board.name} has no cell {ref!r}")

    def _uid(self, ref: str, where: str) -> str:
        """A unit id or counter id from the registry, or a raw UID."""
        uid = self.registry.uid_of_unit(ref)
        if uid is not None:
            return uid
        for u, counter in self.registry:
            if counter.counter_id == ref:
                return u
        try:
            return normalise_uid(ref)
        except RegistryError as exc:
            raise ReplayError(
                f"{self.source}: {where}: {ref!r} is neither a unit, a counter nor a UID"
            ) from exc

    # --- running ------------------------------------------------------------------------------------------

    def run(self) -> Result:
        result = Result()
        audiences = [SHARED, *self.doc.get("expect_views", {})]
        produced: list[TableEvent] = []

        def take(events: list[TableEvent]) -> None:
            for ev in events:
                produced.append(ev)
                if isinstance(ev, MoveRecognised):
                    try:  # the session accepts the move, as host-spine's service does
                        self.oracle.push(ev)
                    except Exception as exc:
                        raise ReplayError(f"{self.source}: the rules refused a move: {exc}") from None
            if any(isinstance(ev, MoveRecognised) for ev in events):
                produced.extend(self.tracker.refresh(now))

        now = 0
        connected = True
        if self.world.cells:
            take(self.tracker.on_snapshot(self.world.entries(), 0))
        if self.doc.get("setup"):
            take(self.tracker.begin_setup(0))
        for i, step in enumerate(self.doc.get("steps", [])):
            where = f"step {i + 1}"
            now = int(step.get("t", now))
            if "enroll" in step:
                from hexmate.host.table.registry import Counter

                spec = dict(step["enroll"])
                self.registry.enroll(spec.pop("uid"), Counter(**spec))
                take(self.tracker.refresh(now))
            if step.get("disconnect"):
                connected = False
            if "cell" in step:
                cell = self._cell(step["cell"], where)
                state = STATES[step.get("state", "tags" if step.get("uids") else "empty")]
                uids = [self._uid(u, where) for u in step.get("uids", [])]
                take(self.tracker.on_cell(cell, state, uids, now))
            for verb in ("lift", "place"):
                if verb in step:
                    self._world_step(verb, step, where, take, now, connected)
            if step.get("snapshot"):
                connected = True
                take(self.tracker.on_snapshot(self.world.entries(), now))
            if step.get("tick"):
                take(self.tracker.tick(now))
            if "check_leds" in step:
                leds = self._leds()
                if leds != step["check_leds"]:
                    self.step_failures.append(f"{where}: leds {leds}, expected {step['check_leds']}")
            if "check_leds_some" in step:
                leds = self._leds()
                wrong = {k: leds.get(k) for k, v in step["check_leds_some"].items() if leds.get(k) != v}
                if wrong:
                    self.step_failures.append(f"{where}: leds {wrong}, expected {step['check_leds_some']}")
            if "check_phase" in step and self.tracker.phase.value != step["check_phase"]:
                self.step_failures.append(
                    f"{where}: phase {self.tracker.phase.value}, expected {step['check_phase']}"
                )
        for ev in produced:
            result.events.append(self.views.event(ev, self.doc.get("audience", SHARED)))
            for audience in audiences:
                result.views.setdefault(audience, []).append(self.views.event(ev, audience))
        result.leds = {
            self.map.label(h): f"{light.colour}/{light.pattern}"
            for h, light in led_frame(self.tracker).items()
        }
        result.phase = self.tracker.phase.value
        result.position = {u: self.map.label(h) for u, h in sorted(self.oracle.expected().items())}
        self._compare(result)
        return result

    def _leds(self) -> dict[str, str]:
        frame = led_frame(self.tracker)
        return {
            self.map.label(h): f"{light.colour}/{light.pattern}"
            for h, light in sorted(frame.items(), key=lambda kv: self.map.label(kv[0]))
        }

    def _world_step(
        self,
        verb: str,
        step: Mapping[str, Any],
        where: str,
        take: Callable[[list[TableEvent]], None],
        now: int,
        connected: bool,
    ) -> None:
        refs = step[verb] if isinstance(step[verb], list) else [step[verb]]
        uids = [self._uid(r, where) for r in refs]
        if verb == "lift":
            touched = set()
            for uid in uids:
                cell = self.world.where(uid)
                if cell is None:
                    raise ReplayError(f"{self.source}: {where}: {uid} is not on the table")
                self.world.cells[cell].remove(uid)
                touched.add(cell)
        else:
            cell = self._cell(step["on"], where)
            self.world.cells.setdefault(cell, []).extend(uids)
            touched = {cell}
        if connected:
            for cell in sorted(touched):
                current = self.world.cells.get(cell, [])
                take(self.tracker.on_cell(cell, TAGS if current else EMPTY, list(current), now))

    def _compare(self, result: Result) -> None:
        result.failures.extend(self.step_failures)

        def match(kind: str, got: list[dict[str, Any]], want: list[dict[str, Any]]) -> None:
            if len(got) != len(want):
                result.failures.append(
                    f"{kind}: expected {len(want)} events, got {len(got)}: {[g['kind'] for g in got]}"
                )
            for n, (g, w) in enumerate(zip(got, want, strict=False)):
                wrong = {k: (g.get(k), v) for k, v in w.items() if g.get(k) != v}
                if wrong:
                    result.failures.append(
                        f"{kind} event {n + 1} ({g['kind']}): "
                        + "; ".join(f"{k}: got {gv!r}, expected {wv!r}" for k, (gv, wv) in wrong.items())
                    )

        if "expect" in self.doc:
            match("events", result.events, self.doc["expect"])
        for audience, want in self.doc.get("expect_views", {}).items():
            match(f"view {audience}", result.views.get(audience, []), want)
        if "expect_leds" in self.doc and result.leds != self.doc["expect_leds"]:
            result.failures.append(f"leds: got {result.leds}, expected {self.doc['expect_leds']}")
        if "expect_phase" in self.doc and result.phase != self.doc["expect_phase"]:
            result.failures.append(f"phase: got {result.phase}, expected {self.doc['expect_phase']}")
        for unit, label in dict(self.doc.get("expect_position", {})).items():
            if result.position.get(unit) != label:
                result.failures.append(f"position {unit}: got {result.position.get(unit)}, expected {label}")
