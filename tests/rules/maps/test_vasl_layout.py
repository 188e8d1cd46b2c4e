"""Full-size geomorphic VASL boards (33 x 10, VASL's 1800 x 645 pixel geometry) converted and joined."""

from __future__ import annotations

from types import ModuleType

import pytest
from hexmate.rules.hexes import DIRECTION_NAMES
from hexmate.rules.maps import HexMap
from hexmate.rules.maps.vasl import convert, parse_archive, parse_shared_metadata
from hexmate.rules.maps.vasl_layout import build_map, parse_layout, place_boards


@pytest.fixture(scope="module")
def geo_board(synth: ModuleType) -> tuple[object, bytes]:
    b = synth.Board(name="G", width=33, height=10)
    b.set("GG5", "Woods")  # a half hex on the east edge: its centre dot lies on the last pixel column
    b.set("A1", "Open Ground", 1)  # west edge half hex, on a hill
    b.set("B0", "Grain")  # north edge half hex
    b.set("FF10", "Orchard")  # south edge half hex
    b.sides[(b.cell("GG3"), 3)] = "Wall"  # GG3/GG4: a half hexside on the east edge
    b.road("A5 B5 C6")
    return b, synth.archive(b)


def test_full_size_board_reads_its_edge_half_hexes(
    synth: ModuleType, geo_board: tuple[object, bytes]
) -> None:
    _, data = geo_board
    shared = parse_shared_metadata(synth.shared_metadata_xml())
    a = parse_archive(data, "bdG.zip")
    assert (a.los.width, a.los.height, a.los.grid_width, a.los.grid_height) == (33, 10, 1800, 645)
    conv = convert(a, shared, "G")
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "g", "game": "asl", "boards": [conv.board]})
    assert len(m.hexes) == 346
    got = {m.label(h): (m.terrain(h), m.level(h)) for h in m.hexes}
    got = {label: v for label, v in got.items() if v != ("open", 0)}
    assert got == {"GGG5": ("woods", 0), "GA1": ("open", 1), "GB0": ("grain", 0), "GFF10": ("orchard", 0)}
    assert m.hexside(m.parse_label("GGG3"), m.parse_label("GGG4")) == frozenset({"wall"})
    assert {DIRECTION_NAMES[d] for d in m.road_exits(m.parse_label("GB5"))} == {"NW", "SE"}


def test_two_full_boards_end_to_end_and_a_turned_one_below(
    synth: ModuleType, geo_board: tuple[object, bytes]
) -> None:
    _, data = geo_board
    shared = parse_shared_metadata(synth.shared_metadata_xml())
    convs = [convert(parse_archive(data, f"bd{i}.zip"), shared, i) for i in ("2", "3", "4", "5")]
    doc = build_map(convs, "2 3/4r 5", "four")
    m = HexMap.from_dict(doc)
    assert len(m.hexes) == 4 * 346 - 2 * 10 - 2 * 16  # A2.2: GG on A (10 hexes), 10 on 0 (16 half hexes)
    # 2GG5 (woods) and 3A5 (open, road) are one hex: woods, with 3A5's road exit (A2.3: the open half yields).
    h = m.parse_label("3A5")
    assert m.parse_label("2GG5") == h and m.terrain(h) == "woods"
    assert {DIRECTION_NAMES[d] for d in m.road_exits(h)} == {"SE"}
    # 3A1 is on a level 1 hill; 2GG1's open level 0 half takes it (A2.3).
    assert m.level(m.parse_label("2GG1")) == 1
    # Board 4 is turned below board 2: its printed bottom edge now meets 2's bottom edge, mirrored, so 2FF10
    # (orchard) is 4B10 (open) and 2B10 (open) is 4FF10 (orchard): the open halves yield (A2.3).
    assert m.parse_label("2FF10") == m.parse_label("4B10") and m.terrain(m.parse_label("4B10")) == "orchard"
    assert m.parse_label("2B10") == m.parse_label("4FF10") and m.terrain(m.parse_label("2B10")) == "orchard"
    # Board 5 is not turned: its B0 grain half hex lies on 3's B10.
    assert m.parse_label("3B10") == m.parse_label("5B0") and m.terrain(m.parse_label("3B10")) == "grain"


def test_layout_text() -> None:
    rows = parse_layout("2 3/4r 5r", ["2", "3", "4", "5"])
    assert rows == [[("2", False), ("3", False)], [("4", True), ("5", True)]]
    placed = place_boards(rows, {k: (33, 10) for k in "2345"})
    assert [p["id"] for p in placed] == ["3", "2", "5", "4"]  # north row first, east board first (A2.2)
    for text, ids, message in [
        ("2 3/4", "234", "same number of boards"),
        ("2 2", "23", "appears twice"),
        ("2", "23", "does not place board\\(s\\) 3"),
        ("2 3 9", "23", "'9' is not one of"),
        ("2 3//4 5", "2345", "an empty row"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_layout(text, list(ids))
