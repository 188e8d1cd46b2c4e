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
from hexmate.rules.games import get_game
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

def _unit(kind: str, values: dict[str, int | str] | None = None, *markers: str) -> UnitState:
    return UnitState("u", "a", CounterType(kind, kind, values or {}), None, markers=frozenset(markers))


def test_a1_11_a1_12_a1_121_leaders_and_heroes_are_smc_squads_hs_and_crews_mmc() -> None:
    """A1.11: the SMC are of two kinds, leaders and heroes; A1.12: the MMC of three, squads (A1.121), HS and
    crews. A vehicle and a SW are neither."""
    kinds = ("leader", "hero", "squad", "hs", "crew", "vehicle", "sw")
    assert [k for k in kinds if au.is_smc(_unit(k))] == ["leader", "hero"]
    assert [k for k in kinds if au.is_mmc(_unit(k))] == ["squad", "hs", "crew"]


def test_a1_1_a1_2_a_counter_is_a_known_kind_and_an_mmc_has_its_three_values() -> None:
    """A1.1: a personnel counter is of a known kind (an unknown type is refused); A1.2: an MMC carries FP,
    normal range and morale (A1.21-A1.23), so a squad lacking its range is refused. A leader has neither FP
    nor normal range (A1.21, A1.22) and needs none."""
    game = get_game("asl")
    bad = game.check_counter(CounterType("x", "platoon", {}))
    assert bad is not None and "(A1.1)" in bad
    squad = {"fp": 4, "range": 6, "morale": 7, "broken_morale": 8}
    assert game.check_counter(CounterType("4-6-7", "squad", squad)) is None
    no_range = {k: v for k, v in squad.items() if k != "range"}
    short = game.check_counter(CounterType("4-6-?", "squad", no_range))
    assert short is not None and "range" in short and "(A1.2)" in short
    assert game.check_counter(CounterType("8-0", "leader", {"morale": 8, "broken_morale": 7,
                                                              "leadership": 0})) is None


def test_a1_25_the_printed_class_symbol_names_the_class() -> None:
    """A1.25: E, 1, 2, G, C: Elite, 1st Line, 2nd Line, Green, Conscript (the 1 and 2 read as 1st and 2nd)."""
    got = [au.unit_class({"class": c}) for c in ("elite", 1, 2, "1", "2", "green", "conscript")]
    assert got == ["elite", "1st", "2nd", "1st", "2nd", "green", "conscript"]


def test_a10_4_a_broken_unit_checks_against_its_broken_side_and_is_not_in_good_order() -> None:
    """A10.4: a broken unit is flipped; every MC, TC and Rally it takes uses the morale printed on its broken
    side (a 4-6-7: 7 unbroken, 8 broken), until it rallies."""
    values: dict[str, int | str] = {"fp": 4, "range": 6, "morale": 7, "broken_morale": 8}
    fresh, broken = _unit("squad", values), _unit("squad", values, "broken")
    assert (au.unit_morale(fresh), au.unit_morale(broken)) == (7, 8)
    assert au.good_order(fresh) and not au.good_order(broken)


def test_a9_1_a_mg_counter_is_a_sw_printed_fp_range() -> None:
    """A9.1: a MG counter is a SW with two values, "FP-range": the demo LMG is a SW, 3-8 (demo values); a SW
    counter lacking its range is refused."""
    lmg = au.demo_catalogue()["LMG"]
    assert au.is_sw(_unit(str(lmg["type"]))) and lmg["sw"] == "mg" and (lmg["fp"], lmg["range"]) == (3, 8)
    bad = get_game("asl").check_counter(CounterType("LMG?", "sw", {"fp": 2}))
    assert bad is not None and "range" in bad
