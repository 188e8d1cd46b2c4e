"""units.py: printed values read as the rules use them. A1.6's unit size of vehicles (the demo catalogue's
tank, and the same tank made large in a test catalogue); A1.122's broken morale of every half-squad of the
demo catalogue (data/counters.json) against its squads'. The nationality data's D5.1 crew morale entries:
a malformed one is a DataError naming the file and the entry's place."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from hexmate.rules.errors import DataError
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


def _a1_122_breaches(catalogue: Mapping[str, Mapping[str, int | str]]) -> tuple[list[str], int]:
    """A1.122: a HS's broken morale is at least 1 below that of a squad of its class and nationality (the
    Japanese Elite and 1st Line HS: the squad's own). The breaches found, and the number of pairs checked."""
    squads = [(n, v) for n, v in catalogue.items() if v.get("type") == "squad"]
    breaches, pairs = [], 0
    for hs, h in catalogue.items():
        if h.get("type") != "hs":
            continue
        for squad, sq in squads:
            if (sq.get("nationality"), au.unit_class(sq)) != (h.get("nationality"), au.unit_class(h)):
                continue
            pairs += 1
            same = h.get("nationality") == "japanese" and au.unit_class(h) in ("elite", "1st")
            most = int(sq["broken_morale"]) - (0 if same else 1)
            if int(h["broken_morale"]) > most:
                breaches.append(f"{hs} ({h['broken_morale']}) against {squad} ({sq['broken_morale']})")
    return breaches, pairs


def test_a1_122_every_demo_hs_breaks_at_least_1_below_its_squads() -> None:
    catalogue = au.demo_catalogue()
    breaches, pairs = _a1_122_breaches(catalogue)
    hs = [n for n, v in catalogue.items() if v.get("type") == "hs"]
    assert breaches == [] and pairs >= len(hs) > 0  # every HS meets at least one squad of its kind


def test_a1_122_the_check_flags_a_hs_breaking_as_high_as_its_squad() -> None:
    """A German Elite 8-3-8 with broken morale 8: its 3-3-8 HS breaks to 7 at most; 8 is a breach. Japanese
    Elite HS may break as high as their squad (A1.122's exception), not higher."""
    squad = {"type": "squad", "nationality": "german", "class": "elite", "broken_morale": 8}
    hs = {"type": "hs", "nationality": "german", "class": "elite", "broken_morale": 8}
    assert _a1_122_breaches({"8-3-8": squad, "3-3-8": hs})[0] == ["3-3-8 (8) against 8-3-8 (8)"]
    assert _a1_122_breaches({"8-3-8": squad, "3-3-8": {**hs, "broken_morale": 7}}) == ([], 1)
    jp = {"nationality": "japanese"}
    assert _a1_122_breaches({"sq": {**squad, **jp}, "hs": {**hs, **jp}}) == ([], 1)
    assert _a1_122_breaches({"sq": {**squad, **jp}, "hs": {**hs, **jp, "broken_morale": 9}})[0] != []


def _nationalities(tmp_path: Path, name: str, **traits: object) -> Path:
    """The shipped nationality data with ``traits`` set on ``name``'s entry, written to a test file."""
    doc = json.loads((au.DATA / "nationalities.json").read_text(encoding="utf-8"))
    doc["nationalities"][name].update(traits)
    path = tmp_path / "nationalities.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_d5_1_the_shipped_crew_morale_data_loads() -> None:
    """Every nationality but the partisans (never Elite, A25.24) gives its D5.1 crew morale."""
    table = au.load_nationalities(au.DATA / "nationalities.json")["nationalities"]
    assert sorted(n for n, t in table.items() if "crew_morale" not in t) == ["partisan"]


@pytest.mark.parametrize(("traits", "place"), [
    ({"crew_morale": {"elite": "eight", "1st": 7}}, r"nationalities\.german\.crew_morale\.elite: a morale"),
    ({"crew_morale": {"elite": 8}}, r"nationalities\.german\.crew_morale\.1st: a morale"),
    ({"crew_morale": {"elite": 8, "1st": 7, "second": 6}}, r"nationalities\.german\.crew_morale: unknown"),
    ({"crew_morale": {"elite": 8, "1st": 7, "demo": ["2nd"]}}, r"nationalities\.german\.crew_morale\.demo"),
    ({"crew_as": "martian"}, r"nationalities\.german\.crew_as: a nationality"),
    ({"crew_from": "Dec 1943"}, r"nationalities\.german\.crew_from: a date"),
])
def test_d5_1_a_malformed_crew_entry_names_the_file_and_place(tmp_path: Path, traits: dict[str, object],
                                                             place: str) -> None:
    path = _nationalities(tmp_path, "german", **traits)
    with pytest.raises(DataError, match=re.escape(str(path)) + ": " + place):
        au.load_nationalities(path)
