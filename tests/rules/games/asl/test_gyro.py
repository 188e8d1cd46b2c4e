"""D11.1, D11.11: a gyrostabilized gun (the catalogue's ``gyro``, working only when the scenario's SSR says,
option ``gyro``) takes Case B + 1 (total +3, D11.11's own figure) for Bounding First Fire after stopping,
instead of Case C (+4 in the demo pack, the D3.3 example's). The tank is test_armour's demo Panzer made
G-capable; the target the demo Russian tank in J5."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import vfire, vwreck

from .test_armour import COUNTERS


def gyro_panzer(tmp_path: Path) -> dict[str, Any]:
    demo = json.loads((Path(vwreck.__file__).parent / "catalogues" / "demo-vehicles.json").read_text())
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test",
                                "vehicles": {"demo-pz-g": {**demo["vehicles"]["demo-pz-g"], "gyro": True}}}))
    return {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": str(path)}


def th(tmp_path: Path, make_position: Any, option: Any) -> tuple[int, list[str]]:
    counters = {**COUNTERS, "pz": gyro_panzer(tmp_path)}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=counters,
                                  options=None if option is None else {"gyro": option})
    number, steps, _, _ = vfire.to_hit_of(pos, pos.units["a-pz"], pos.units["b-t"])
    return number, [s.name for s in steps]


def test_d11_11_stopped_bounding_fire_is_case_b_plus_1(tmp_path: Path, make_position: Any) -> None:
    plain, plain_cases = th(tmp_path, make_position, None)
    stab, stab_cases = th(tmp_path, make_position, True)
    assert "C" in plain_cases and "C" not in stab_cases and {"B", "gyro"} <= set(stab_cases)
    assert stab - plain == 4 - 3  # Case C +4 replaced by Case B + 1 = +3: one better


def test_d11_1_only_where_the_ssr_says(tmp_path: Path, make_position: Any) -> None:
    assert th(tmp_path, make_position, ["a-pz"])[0] == th(tmp_path, make_position, True)[0]
    assert th(tmp_path, make_position, ["other"])[0] == th(tmp_path, make_position, None)[0]
