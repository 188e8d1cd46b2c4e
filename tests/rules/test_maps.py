"""Map format: demo maps, labels both ways, board joins and rotation, overlays, and the validator's errors."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.labels import Grid
from hexmate.rules.maps import HexMap, MapError, load_map

MAPS = Path(__file__).resolve().parents[2] / "rules" / "maps"


@pytest.fixture(scope="module")
def demo() -> HexMap:
    return load_map(MAPS / "demo-asl.json")


def test_demo_asl_has_the_sensor_board_geometry(demo: HexMap) -> None:
    """BRIEF-INTERFACES emu-346: 33 columns, odd 1..10, even 0..10, centres per the mm formula."""
    assert len(demo.hexes) == 346
    grid = Grid.asl()
    pitch = 25.4
    for column, row in grid.cells():
        h = demo.parse_label(f"D{grid.format(column, row)}")
        x, y = demo.center(h)
        assert math.isclose(x * pitch, (column - 1) * pitch * math.sqrt(3) / 2, abs_tol=1e-9)
        expected_y = row * pitch if column % 2 else (row + 0.5) * pitch
        assert math.isclose(y * pitch, expected_y, abs_tol=1e-9)


def test_demo_asl_adjacency_is_the_interface_rule(demo: HexMap) -> None:
    """Hex n of column c touches n+-1 in c; n-1, n in c+-1 when c is odd; n, n+1 when c is even."""
    grid = Grid.asl()
    for column, row in grid.cells():
        h = demo.parse_label(f"D{grid.format(column, row)}")
        rows = (row - 1, row) if column % 2 else (row, row + 1)
        expected = {(column, row - 1), (column, row + 1)} | {(column + dc, n) for dc in (-1, 1) for n in rows}
        expected = {c for c in expected if grid.contains(*c)}
        got = {grid.parse(demo.label(n)[1:]) for n in demo.neighbors(h)}
        assert got == expected, demo.label(h)


def test_every_demo_label_round_trips(demo: HexMap) -> None:
    for h in demo.hexes:
        assert demo.parse_label(demo.label(h)) == h
    assert demo.label(demo.parse_label("da1")) == "DA1"
    assert demo.label(demo.parse_label("DGG10")) == "DGG10"


def test_demo_asl_content(demo: HexMap) -> None:
    terrains = {demo.terrain(h) for h in demo.hexes}
    assert {"woods", "stone-building", "wooden-building", "orchard", "grain", "open"} <= terrains
    assert {demo.level(h) for h in demo.hexes} == {0, 1, 2}
    sides = set().union(*demo.hexsides().values())
    assert {"wall", "hedge", "road"} <= sides
    assert sum("road" in demo.features(h) for h in demo.hexes) > 40


def test_demo_sw_map() -> None:
    m = load_map(MAPS / "demo-sw.json")
    grid = Grid.ccrr(1, 44, 1, 32, low="even")
    assert len(m.hexes) == 44 * 32 >= 40 * 30
    for h in m.hexes:
        assert m.parse_label(m.label(h)) == h
        assert len(m.label(h)) == 4
    assert {"forest", "city", "clear"} <= {m.terrain(h) for h in m.hexes}
    assert any("heavy-fortress" in m.features(h) for h in m.hexes)
    # SW 2.1 errata river hexsides are present and join adjacent hexes.
    for a, b in [("1413", "1513"), ("1212", "1313"), ("1010", "1111"), ("1810", "1910")]:
        assert "river" in m.hexside(m.parse_label(a), m.parse_label(b))
    assert m.label(grid.to_hex(8, 12)) == "0812"  # Antwerp's number in 2.1


# --- small purpose-made maps -------------------------------------------------------------------------------


def tiny(**board: Any) -> dict[str, Any]:
    b: dict[str, Any] = {"id": "T", "grid": {"kind": "asl", "columns": 3, "rows": 3}}
    b.update(board)
    return {"format": "hexmate-map/1", "name": "tiny", "game": "asl", "boards": [b]}


def test_joined_boards_share_their_half_hexes() -> None:
    """A2.2: a southern board's row-0 half hexes join the northern board's bottom row half hexes."""
    north = {"id": "1", "grid": {"kind": "asl", "columns": 3, "rows": 3}, "hexes": {"B3": "woods"}}
    south = {"id": "2", "grid": {"kind": "asl", "columns": 3, "rows": 3}, "at": [0, 3],
             "hexes": {"B0": "open"}}
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "j", "game": "asl", "boards": [north, south]})
    assert len(m.hexes) == 10 + 10 - 1  # 3 columns: A1-3, B0-3, C1-3; only B's half hex joins
    joined = m.parse_label("1B3")
    assert m.parse_label("2B0") == joined and m.label(joined) == "1B3"
    assert m.terrain(joined) == "woods"  # A2.3: open half + woods half = woods
    assert m.parse_label("2A1") in m.neighbors(m.parse_label("1A3"))
    assert distance(m.parse_label("2C1"), m.parse_label("1C3")) == 1


def test_boards_end_to_end() -> None:
    west = {"id": "1", "grid": {"kind": "asl", "columns": 33, "rows": 10}}
    east = {"id": "2", "grid": {"kind": "asl", "columns": 33, "rows": 10}, "at": [32, -16]}
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "e", "game": "asl", "boards": [west, east]})
    assert m.parse_label("2A5") == m.parse_label("1GG5")
    assert len(m.hexes) == 346 * 2 - 10


def test_conflicting_joined_halves_are_an_error() -> None:
    north = {"id": "1", "grid": {"kind": "asl", "columns": 3, "rows": 3}, "hexes": {"B3": "woods"}}
    south = {"id": "2", "grid": {"kind": "asl", "columns": 3, "rows": 3}, "at": [0, 3],
             "hexes": {"B0": "grain"}}
    with pytest.raises(MapError, match="hex 1B3"):
        HexMap.from_dict({"format": "hexmate-map/1", "name": "j", "game": "asl", "boards": [north, south]})


def test_rotated_board_turns_sides_and_roads() -> None:
    plain = HexMap.from_dict(tiny(hexsides=[{"hex": "B2", "side": "N", "features": ["wall"]}]))
    turned = HexMap.from_dict(tiny(rotation=180, hexsides=[{"hex": "B2", "side": "N", "features": ["wall"]}]))
    b2, b2r = plain.parse_label("TB2"), turned.parse_label("TB2")
    assert plain.hexside(b2, b2 + Hex(0, -1)) == {"wall"}
    assert turned.hexside(b2r, b2r + Hex(0, 1)) == {"wall"}  # the printed N side now faces map south
    # A1 and C3 swap places on the map (relative to B2).
    d, dr = plain.parse_label("TA1") - b2, turned.parse_label("TA1") - b2r
    assert (d.q, d.r) == (-dr.q, -dr.r)


def test_overlay_replaces_hexes_and_their_inner_hexsides() -> None:
    doc = tiny(hexsides=[{"hex": "B1", "side": "S", "features": ["wall"]}])
    doc["overlays"] = [{"id": "x", "hexes": {"TB1": {"terrain": "woods", "level": 1}, "TB2": "woods"},
                        "hexsides": [{"hex": "TB2", "side": "SE", "features": ["hedge"]}]}]
    m = HexMap.from_dict(doc)
    b1, b2 = m.parse_label("TB1"), m.parse_label("TB2")
    assert m.terrain(b1) == "woods" and m.level(b1) == 1
    assert m.hexside(b1, b2) == frozenset()  # A2.74: only the overlay's hexsides count inside it
    assert m.hexside(b2, m.parse_label("TC3")) == {"hedge"}


def test_roads_make_road_hexsides() -> None:
    roads = {"A1": {"road": ["S"]}, "A2": {"road": ["N", "SE"]}, "B2": {"road": ["NW"]}}
    m = HexMap.from_dict(tiny(hexes=roads))
    a1, a2, b2 = (m.parse_label(x) for x in ("TA1", "TA2", "TB2"))
    assert "road" in m.hexside(a1, a2) and "road" in m.hexside(a2, b2)
    assert "road" in m.features(a2)


# --- the validator names file, hex and key -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d.update(colour="red"), "key 'colour'"),
        (lambda d: d.update(format="x"), "key 'format'"),
        (lambda d: d["boards"][0].update(rotation=90), "key 'rotation'"),
        (lambda d: d["boards"][0].update(hexes={"B2": {"level": "high"}}), "hex TB2: key 'level'"),
        (lambda d: d["boards"][0].update(hexes={"B2": {"height": 1}}), "hex TB2: key 'height'"),
        (lambda d: d["boards"][0].update(hexes={"Z9": "woods"}), "hex TZ9"),
        (lambda d: d["boards"][0].update(hexes={"B2": {"road": ["N"]}}), "hex TB2: key 'road'"),
        (lambda d: d["boards"][0].update(hexes={"B2": {"road": ["UP"]}}), "hex TB2: key 'road'"),
        (lambda d: d["boards"][0].update(hexsides=[{"hex": "A1", "side": "N", "features": ["wall"]}]),
         "hex TA1: key 'side'"),
        (lambda d: d["boards"][0].update(hexsides=[{"hex": "A1", "side": "S", "features": []}]),
         "hex TA1: key 'features'"),
        (lambda d: d["boards"][0].update(grid={"kind": "hexes"}), "key 'kind'"),
        (lambda d: d.update(overlays=[{"hexes": {"XX1": "woods"}}]), "hex XX1"),
    ],
)
def test_malformed_maps_name_the_place(mutate: Any, expected: str) -> None:
    doc = copy.deepcopy(tiny())
    mutate(doc)
    with pytest.raises(MapError) as info:
        HexMap.from_dict(doc, source="bad.json")
    assert str(info.value).startswith("bad.json")
    assert expected in str(info.value)


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="cannot read"):
        load_map(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{\"format\": ", encoding="utf-8")
    with pytest.raises(MapError, match=r"broken.json: not valid JSON \(line 1"):
        load_map(broken)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(tiny()), encoding="utf-8")
    assert len(load_map(good).hexes) == 10


def test_unknown_label_and_hex() -> None:
    m = HexMap.from_dict(tiny())
    with pytest.raises(MapError, match="no hex is labelled 'TD1'"):
        m.parse_label("TD1")
    with pytest.raises(MapError):
        m.terrain(Hex(100, 100))
