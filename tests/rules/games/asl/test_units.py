"""units.py: printed values read as the rules use them. A1.6's unit size of vehicles (the demo catalogue's
tank, and the same tank made large in a test catalogue)."""

from __future__ import annotations

import json
from pathlib import Path

from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import UnitState
from hexmate.rules.scenario import CounterType


def test_a1_6_a_vehicle_is_us_4_a_large_one_5(tmp_path: Path) -> None:
    """A1.6: vehicles have US# 4, large and very large ones (a red size: a negative Case P DRM) 5; an SMC 1,
    a HS 2, a squad 3."""
    src = Path(au.__file__).parent / "catalogues" / "demo-vehicles.json"
    doc = json.loads(src.read_text(encoding="utf-8"))
    doc["vehicles"] = {"demo-big": dict(doc["vehicles"]["demo-pz-g"], size=-1)}
    cat = tmp_path / "big.json"
    cat.write_text(json.dumps(doc), encoding="utf-8")
    tank = UnitState("t", "a", CounterType("pz", "vehicle", {"vehicle": "demo-pz-g"}), None)
    large = UnitState("l", "a", CounterType("big", "vehicle", {"vehicle": "demo-big", "catalogue": str(cat)}),
                      None)
    assert au.us_number(tank) == 4 and au.us_number(large) == 5
    people = {t: au.us_number(UnitState(t, "a", CounterType(t, t, {}), None))
              for t in ("leader", "hs", "squad")}
    assert people == {"leader": 1, "hs": 2, "squad": 3}
