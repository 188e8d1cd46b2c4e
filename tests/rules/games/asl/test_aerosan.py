"""Aerosans (D17, aerosan.py) moving at the table: D17.2's snow and its own Movement Chart, D17.21's
prohibitions, D17.22's Accident dr, D17.24 (no bog), D17.25's turns (the D17.27 example's 5 MP) and D17.5's
CC DRM. The aerosan is a test catalogue entry (demo values: 20 MP, thin armor); the costs are D17.2's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import vfire
from hexmate.rules.games.asl.vehicles import CatalogueError, parse_vehicle

from .test_armour import COUNTERS

SLED = {"name": "Demo aerosan (Russian, demo values)", "nationality": "russian", "manufacturer": "r",
        "movement": "aerosan", "mp": 20, "ground_pressure": "low",
        "armor": {"hull_front": 0, "hull_side": 0}, "open_topped": True, "size": 1,
        "mg": {"aamg": 4}, "cs": 5, "demo": True, "notes": "demo values"}
ROAD = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}


def catalogue(tmp_path: Path) -> str:
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-aerosan"] = SLED
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def make(make_position: Any, tmp_path: Path, at: str = "C5", vca: int = 0, *, snow: str | None = "snow",
         hexes: dict[str, Any] | None = None, extra: list[dict[str, Any]] | None = None) -> Any:
    counters = {**COUNTERS, "sled": {"type": "vehicle", "vehicle": "demo-aerosan",
                                     "catalogue": catalogue(tmp_path)}}
    units = [{"id": "a-as", "counter": "sled", "side": "a", "hex": at, "markers": [f"vca{vca}"]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}, *(extra or [])]
    options = {"ground_snow": snow} if snow else {}
    return make_position("asl", units, "MPh", counters=counters, options=options, hexes=hexes)


def cost(pos: Any, path: str) -> Any:
    move = pos.game.check(pos, act.Move(("a-as",), tuple(pos.map.parse_label(h) for h in path.split("-"))))
    return move.cost


def test_d17_2_only_in_snow(make_position: Any, tmp_path: Path) -> None:
    """D17.2: without snow or deep snow on the ground an aerosan does not move."""
    pos = make(make_position, tmp_path, snow=None)
    with pytest.raises(IllegalAction, match="snow") as err:
        pos.push_text("move a-as C5-D5")
    assert "D17.2" in str(err.value)


def test_d17_2_open_ground_one_mp_and_no_snow_extra(make_position: Any, tmp_path: Path) -> None:
    """D17.2: open ground 1 MP, no extra MP for snow (the chart's * note): start 1 + 1 + 1 = 3."""
    pos = make(make_position, tmp_path)
    assert cost(pos, "C5-D5-E5") == 3


def test_d17_27_example_two_hexspines_in_place_cost_five(make_position: Any, tmp_path: Path) -> None:
    """D17.25, D17.27 example: a stopped aerosan turning two hexspines before it enters: start, turn, stop,
    start, turn = 5 MP; the hex entered after it 1 more: 6 (C5 facing D5/D4, into B4: two hexspines)."""
    pos = make(make_position, tmp_path)
    assert cost(pos, "C5-B4") == 6


def test_d17_2_terrain_chart(make_position: Any, tmp_path: Path) -> None:
    """D17.2: an orchard 3 MP (and the Accident dr, D17.22); woods, buildings and gullies are not on its chart
    (D17.21 names gullies)."""
    hexes = {"D5": {"terrain": "orchard"}, "D4": {"terrain": "woods"}, "E5": {"terrain": "gully"}}
    pos = make(make_position, tmp_path, hexes=hexes)
    assert cost(pos, "C5-D5") == 4  # start 1 + orchard 3
    for path in ("C5-D4", "C5-D5-E5"):
        with pytest.raises(IllegalAction):
            cost(pos, path)


def test_d17_2_road_into_woods_two_mp_and_an_accident(make_position: Any, tmp_path: Path) -> None:
    """D17.2, D17.22: a woods-road hexside 2 MP; entering by it for 3 MP or less calls for the Accident dr; a
    6 immobilizes the aerosan and ends its move."""
    hexes = {**ROAD, "F5": {"terrain": "woods", "road": ["N", "S"]}}
    pos = make(make_position, tmp_path, at="F6", vca=1, hexes=hexes)
    assert cost(pos, "F6-F5") == 3  # start 1 + woods-road 2
    pos.push_text("move a-as F6-F5-F4")
    top = pos.decision
    assert top is not None and top.then == "vaerosan" and top.dice == "dr" and top.rule == "D17.22"
    pos.push_text("answer dice 6")
    sled = pos.units["a-as"]
    assert sled.has("immobilized") and pos.map.label(sled.hex) == "F5"


def test_d17_22_a_dr_below_six_goes_on(make_position: Any, tmp_path: Path) -> None:
    """D17.22: only a 6 fails."""
    hexes = {"D5": {"terrain": "orchard"}}
    pos = make(make_position, tmp_path, hexes=hexes)
    pos.push_text("move a-as C5-D5-E5")
    assert pos.decision.then == "vaerosan"
    pos.push_text("answer dice 5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert not pos.units["a-as"].has("immobilized")


def test_d17_21_no_reverse_no_bypass(make_position: Any, tmp_path: Path) -> None:
    """D17.21: no reverse (its catalogue rev must be 0), no bypass."""
    pos = make(make_position, tmp_path)
    with pytest.raises(IllegalAction, match="no reverse rate"):
        pos.push_text("move a-as C5-D5 as reverse")
    with pytest.raises(IllegalAction, match=r"D17\.21"):
        pos.push_text("move a-as C5-D5-E5 as bypass")
    with pytest.raises(CatalogueError, match=r"D17\.21"):
        parse_vehicle("test", "sled", {**SLED, "rev": 4})


def test_d17_24_no_bog_in_deep_snow(make_position: Any, tmp_path: Path) -> None:
    """D17.24: in deep snow (D8.23 would call for a bog DR) the aerosan takes none."""
    pos = make(make_position, tmp_path, snow="deep")
    pos.push_text("move a-as C5-D5-E5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.decision is None or pos.decision.then not in ("vbog", "vmud", "vmud_dr")


def test_d17_5_cc_against_an_aerosan_minus_one(make_position: Any, tmp_path: Path) -> None:
    """D17.5: -1 on CC against an aerosan."""
    pos = make(make_position, tmp_path, extra=[{"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C5"}])
    _, _, lines = vfire.cc_vehicle(pos, pos.units["a-as"], ("b-2",), moving=False)
    assert ("aerosan", "-1", "D17.5") in [(str(x.label), str(x.value), x.rule) for x in lines]


def test_d17_2_a_malformed_ground_snow_is_a_clear_error(make_position: Any, tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"options\.ground_snow"):
        make(make_position, tmp_path, snow="slush")


def test_d17_the_page_offers_its_chart_and_turn_costs(make_position: Any, tmp_path: Path) -> None:
    """What the page lights for the aerosan: no woods hex (D17.2); B4 at 6 MP (D17.27 example's 5 + 1)."""
    pos = make(make_position, tmp_path, hexes={"D4": {"terrain": "woods"}})
    offers = pos.game.moves_for(pos, frozenset({"a-as"}))
    assert pos.map.parse_label("D4") not in offers
    assert offers[pos.map.parse_label("B4")].cost == 6
    assert offers[pos.map.parse_label("D5")].cost == 2


def test_d17_25_example_the_nkl26s_overrun() -> None:
    """D17.25 example: the NKL-26 overruns V6 with 8 FP (the AFV's base 2 + its AAMG's 4 x 3/2); its MP: start
    1, a hexspine 1, Y7 1, a hexspine 1, X6 1 + 1, W6 1 + 1, then V6's COT 1 + the OVR's 8 + a hexspine 1 =
    18; the footnote's route without the wire: start-turn-stop-start-turn 5 MP, Y7 and W7 1 each: 7."""
    from hexmate.rules.games.asl import aerosan
    from hexmate.rules.games.asl import vmove as vm

    sled = parse_vehicle("test", "nkl26", SLED)
    assert sled.ovr_fp(ma_working=False) == 8
    turn = aerosan.turn_mp(1)
    assert vm.START_MP + turn + (1 + turn) * 3 + (1 + 8 + turn) == 18
    assert vm.START_MP + aerosan.turn_mp(2) + 1 + 1 == 7
