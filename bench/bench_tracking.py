"""Sensor event -> recognised action -> LED frame: host CPU time per event through tracker + oracle + views.

60 counters on the 346-hex demo ASL map (rules/maps/demo-asl.json), each event a real cell report as the
firmware sends it. Moves go to random legal destinations (so some wait for the quiet time and some resolve
at once), the session side pushes every recognised move, and the shared LED frame plus its LEDS wire
entries are built after every event, as the service does. Target: p99 < 20 ms.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from hexmate.host.table.calibration import Calibration
from hexmate.host.table.events import MoveRecognised
from hexmate.host.table.oracle import PositionOracle
from hexmate.host.table.registry import Counter, Registry
from hexmate.host.table.replay import ScriptedOracle, default_resolver
from hexmate.host.table.tracker import EMPTY, TAGS, Tracker
from hexmate.host.table.views import led_frame, wire_entries
from hexmate.rules.games import get_game
from hexmate.rules.scenario import Scenario

N_UNITS = 60
N_MOVES = 1500
PITCH_MM = 25.4


@dataclass(frozen=True)
class _Cell:
    id: int
    label: str
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class _Board:
    name: str
    cells: tuple[_Cell, ...]


def _board_for(game_map: object) -> object:
    """hardware/boards/emu-346.json when the loader is present, else cells at the map's centres."""
    try:
        return default_resolver("board", "emu-346")
    except Exception:
        hexes = sorted(game_map.hexes, key=game_map.label)
        cells = []
        for i, h in enumerate(hexes):
            x, y = game_map.center(h)
            cells.append(_Cell(i, game_map.label(h), x * PITCH_MM, y * PITCH_MM))
        return _Board("bench-346", tuple(cells))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _rules_oracle(game_map: object, position: dict[str, object], sides: dict[str, str]) -> PositionOracle:
    """A real ASL Position with these units (German 4-6-7s, Russian 4-4-7s) in the German Movement Phase."""
    game = get_game("asl")
    demo = json.loads(Path(game.demo_scenario_path).read_text())
    demo["units"] = [
        {
            "id": u,
            "counter": "4-6-7" if sides[u] == "ger" else "4-4-7",
            "side": sides[u],
            "hex": game_map.label(h),
        }
        for u, h in position.items()
    ]
    scenario = Scenario.from_dict(demo, "bench", base_dir=Path(game.demo_scenario_path).parent)
    return PositionOracle(game.new_position(scenario))


def run(kind: str) -> None:
    rng = random.Random(346)
    game_map = default_resolver("map", "demo-asl")
    board = _board_for(game_map)
    cal = Calibration.default_for(board, game_map)
    registry = Registry()
    hexes = sorted(game_map.hexes, key=game_map.label)
    west = [h for h in hexes if game_map.center(h)[0] < 12]
    east = [h for h in hexes if game_map.center(h)[0] > 16]
    position = {}
    sides = {}
    for i in range(N_UNITS):
        side = "ger" if i % 2 else "rus"
        unit = f"{side}-{i:02d}"
        registry.enroll(f"04{i:010X}80", Counter(f"c{i}", "asl", side, "squad", unit_id=unit))
        pool = west if side == "ger" else east
        position[unit] = pool[(i // 2) * 7 % len(pool)]  # two squads per hex, spread out
        sides[unit] = side
    movers = sorted(u for u in position if sides[u] == "ger")
    oracle: ScriptedOracle | PositionOracle
    if kind == "rules":
        oracle = _rules_oracle(game_map, position, sides)
    else:
        oracle = ScriptedOracle(game_map, position, sides, {"default_budget": 4})
    tracker = Tracker(cal, registry, oracle)
    cells: dict[int, list[str]] = {}
    for unit, h in position.items():
        cells.setdefault(cal.cell_of(h), []).append(registry.uid_of_unit(unit))
    tracker.on_snapshot([(c, TAGS, uids) for c, uids in cells.items()], 0)

    samples: list[float] = []
    recognised = 0
    now = 0

    def step(fn, *args) -> list:
        nonlocal recognised
        t0 = time.process_time_ns()
        events = fn(*args)
        for ev in events:
            if isinstance(ev, MoveRecognised):
                oracle.push(ev)
                recognised += 1
        if any(isinstance(ev, MoveRecognised) for ev in events):
            events += tracker.refresh(now)
        wire_entries(led_frame(tracker), cal)
        samples.append((time.process_time_ns() - t0) / 1e6)
        return events

    for _ in range(N_MOVES):
        # A fresh Movement Phase for every move (outside the timing): ASL lets one unit move at a time (A4.2).
        here = dict(oracle.expected())
        if kind == "rules":
            oracle = _rules_oracle(game_map, here, sides)
            tracker.oracle = oracle
        else:
            oracle.budget.clear()
        unit = rng.choice(movers)
        h = here[unit]
        cell = cal.cell_of(h)
        uid = registry.uid_of_unit(unit)
        cells[cell].remove(uid)
        now += 200
        lifted = step(tracker.on_cell, cell, TAGS if cells[cell] else EMPTY, list(cells[cell]), now)
        dests = next((ev.destinations for ev in lifted if hasattr(ev, "destinations")), {})
        target = rng.choice(sorted(dests, key=game_map.label)) if dests else h
        tcell = cal.cell_of(target)
        cells.setdefault(tcell, []).append(uid)
        now += 300
        step(tracker.on_cell, tcell, TAGS, list(cells[tcell]), now)
        now += 400
        step(tracker.tick, now)
    oracle_name = "ASL rules movement (PositionOracle)" if kind == "rules" else "scripted uniform-cost oracle"
    print(
        f"tracking with {oracle_name}: {N_UNITS} counters on {len(game_map.hexes)} hexes, "
        f"{len(samples)} events, {recognised} moves recognised (board {getattr(board, 'name', '?')})"
    )
    print(
        f"  host CPU per event (tracker + oracle + LED frame): p50 {statistics.median(samples):.3f} ms, "
        f"p99 {pct(samples, 0.99):.3f} ms, max {max(samples):.3f} ms  (target p99 < 20 ms)"
    )


def main() -> None:
    run("rules")
    run("scripted")


if __name__ == "__main__":
    main()
