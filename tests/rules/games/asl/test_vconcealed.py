"""D1.76 (with A12.2): a concealed vehicle's target size DRM is told only when it turns the To Hit DR's
result; a hit on the To Hit Table takes its "?" (and its PRC's); a small-size DRM that makes a hit a miss
leaves it concealed. The shot is test_crew's (the demo Panzer at the demo Russian tank in J5: TH 6) with the
target made Small (Case P +1, D1.74): TH 5; concealed, Case K +2 too (A12.13; the D3.3 example): TH 3, or 4
without the size."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vwreck

from .test_armour import COUNTERS


def small_tank(tmp_path: Path) -> dict[str, Any]:
    demo = json.loads((Path(vwreck.__file__).parent / "catalogues" / "demo-vehicles.json").read_text())
    entry = {**demo["vehicles"]["demo-t-r"], "size": 1}
    path = tmp_path / "small.json"
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test",
                                "vehicles": {"demo-t-r": entry}}))
    return {"type": "vehicle", "vehicle": "demo-t-r", "catalogue": str(path)}


def shot(tmp_path: Path, make_position: Any, dice: str, *, concealed: bool = True) -> Position:
    counters = {**COUNTERS, "t": small_tank(tmp_path)}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"],
              "concealed": concealed}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("fire a-pz at J5")
    pos.push_text(f"answer dice {dice}")
    return pos


def _labels(pos: Position) -> str:
    res = pos.last_resolution
    assert res is not None
    return " | ".join(str(line.label) for line in res.lines)


def test_a12_2_a_hit_takes_the_question_mark_and_the_size_is_not_told(tmp_path: Path,
                                                                       make_position: Any) -> None:
    """DR 3: a hit with or without the +1: the "?" goes; the size DRM, which changed nothing, is not told."""
    pos = shot(tmp_path, make_position, "1,2")
    assert not pos.units["b-t"].concealed
    assert pos.decision is not None and pos.decision.then == "vtk"
    assert "target size" not in _labels(pos)


def test_a12_2_a_small_size_that_makes_the_hit_a_miss_is_told_and_keeps_it_concealed(
        tmp_path: Path, make_position: Any) -> None:
    """DR 4: a hit at TH 4, a miss at TH 3: the +1 is told, and the tank keeps its "?"."""
    pos = shot(tmp_path, make_position, "1,3")
    assert pos.units["b-t"].concealed
    assert "target size" in _labels(pos) and "Case K" in _labels(pos)


def test_a_known_target_s_size_is_always_told(tmp_path: Path, make_position: Any) -> None:
    """DR 4 at TH 5: a hit; no Case K at a Known target."""
    pos = shot(tmp_path, make_position, "1,3", concealed=False)
    assert "target size" in _labels(pos) and "Case K" not in _labels(pos)
    assert pos.decision is not None and pos.decision.then == "vtk"
