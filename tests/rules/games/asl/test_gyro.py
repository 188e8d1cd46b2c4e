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


def th(tmp_path: Path, make_position: Any, option: Any, *marks: str) -> tuple[int, list[str]]:
    counters = {**COUNTERS, "pz": gyro_panzer(tmp_path)}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *marks]},
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


def test_d11_11_bounding_fire_not_stopped_is_case_c_plus_1(tmp_path: Path, make_position: Any) -> None:
    """D11.11: a stabilized gun firing in its MPh without stopping (in Motion) takes Case C and a further +1
    as its Case C4: one worse than Case C alone; an unstabilized gun in Motion takes Case C4 (D2.42)."""
    plain_stopped, _ = th(tmp_path, make_position, None)
    _, plain_cases = th(tmp_path, make_position, None, "motion")
    stab_motion, stab_cases = th(tmp_path, make_position, True, "motion")
    assert "C4" in plain_cases and "C4" not in stab_cases and {"C", "gyro"} <= set(stab_cases)
    assert stab_motion == plain_stopped - 1


def test_d11_1_only_where_the_ssr_says(tmp_path: Path, make_position: Any) -> None:
    assert th(tmp_path, make_position, ["a-pz"])[0] == th(tmp_path, make_position, True)[0]
    assert th(tmp_path, make_position, ["other"])[0] == th(tmp_path, make_position, None)[0]


def test_d11_13_a_stabilized_cmg_at_the_gun_s_acquired_target_is_not_halved(tmp_path: Path,
                                                                            make_position: Any) -> None:
    """D11.13 with D3.53: in the AFPh the BMG's 2 FP are halved to 1, the stabilized CMG's 2 at the squad the
    gun has acquired stay 2: 3 FP, where an ordinary tank (or one without that acquisition) has 2."""
    counters = {**COUNTERS, "pz": gyro_panzer(tmp_path)}

    def fp(option: Any, acquired: bool) -> str:
        units = [{"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}]
        probe: Position = make_position("asl", units, "AFPh", counters=counters)
        e5 = probe.map.parse_label("E5")
        marks = ["vca0", *([f"acq:b-sq@{e5.q},{e5.r}"] if acquired else [])]
        units.append({"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": marks})
        pos: Position = make_position("asl", units, "AFPh", counters=counters,
                                      options=None if option is None else {"gyro": option})
        pos.push_text("fire a-pz at E5")
        top = pos.decision
        assert top is not None and top.then == "vmg"
        return top.arg("fp")

    assert fp(True, True) == "3"
    assert fp(None, True) == "2" and fp(True, False) == "2"
