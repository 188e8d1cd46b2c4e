"""VASL board archives -> hexmate boards, checked hex by hex on synthetic archives painted pixel by pixel."""

from __future__ import annotations

import gzip
import io
import struct
import zipfile
from types import ModuleType
from typing import Any

import pytest
from hexmate.rules.hexes import DIRECTION_NAMES
from hexmate.rules.maps import HexMap
from hexmate.rules.maps.vasl import (
    Archive,
    Conversion,
    SharedMetadata,
    VaslError,
    apply_ssr,
    convert,
    parse_archive,
    parse_shared_metadata,
    substitute,
)
from hexmate.rules.terrain import load_game_terrain

HEXMATE_NAME = {"Open Ground": "open", "Woods": "woods", "Grain": "grain", "Orchard": "orchard",
                "Stone Building": "stone-building", "Wooden Building": "wooden-building",
                "Stone Building, 2 Level": "stone-building", "Gully": "gully", "Dirt Road": "open"}


def extras_board(synth: ModuleType) -> Any:
    """A small board in its own geometry (BoardMetadata.xml gives A1 and the hex size) with what hexmate
    cannot map, a multi-level building, metadata building types, slopes and an image overlay."""
    b = synth.Board(name="T2", width=5, height=3, dx=1800 / 64, dy=32.25, geo=False, margin=2.0,
                    wall_half=1.6, road_half=1.6)
    b.set("B2", "Stone Building, 2 Level")
    b.set("C2", "Brush")
    b.set("D2", "Gully")
    b.set("A2", "Wooden Building")
    b.set("E1", "Wooden Building, 1 Level")  # no stairway flag: VASL gives these their stairway by name
    b.sides[(b.cell("C2"), 3)] = "Bocage"
    b.stairways.update({b.cell("B2"), b.cell("C1")})
    b.building_types["A2"] = "Stone Building"
    b.slopes["E2"] = "03"
    b.overlays.append(("OverlayX", "ovrX.gif", 30, 12))
    b.overlay_sets.append(("OverlaySet", [("ovrA.gif", 1, 2), ("ovrB.gif", 3, 4)]))
    return b


@pytest.fixture(scope="session")
def shared(synth: ModuleType) -> SharedMetadata:
    return parse_shared_metadata(synth.shared_metadata_xml(), "SharedBoardMetadata.xml")


@pytest.fixture(scope="session")
def main_archive(main_painted: tuple[Any, Any, bytes]) -> tuple[Any, bytes]:
    return main_painted[0], main_painted[2]


def _convert(data: bytes, shared: SharedMetadata, board_id: str = "T") -> tuple[Archive, Conversion, HexMap]:
    a = parse_archive(data, "bdT.zip")
    conv = convert(a, shared, board_id)
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl", "boards": [conv.board]})
    return a, conv, m


def test_every_hex_terrain_and_level_matches_the_painted_board(
    main_archive: Any, shared: SharedMetadata
) -> None:
    board, data = main_archive
    _, conv, m = _convert(data, shared)
    assert len(m.hexes) == len(board.cells()) == 49
    for cell in board.cells():
        h = m.parse_label("T" + board.label(*cell))
        assert m.terrain(h) == HEXMATE_NAME[board.terrain(cell)], board.label(*cell)
        assert m.level(h) == board.level(cell), board.label(*cell)
    assert conv.unmapped == {}
    assert load_game_terrain("asl").problems(m) == []


def test_hexside_features_match_and_sit_on_the_right_side(main_archive: Any, shared: SharedMetadata) -> None:
    board, data = main_archive
    _, _, m = _convert(data, shared)
    expected = {}
    for (cell, side), name in board.sides.items():
        other = board.neighbour(*cell, side)
        a, b = m.parse_label("T" + board.label(*cell)), m.parse_label("T" + board.label(*other))
        expected[frozenset((a, b))] = name.lower()
    got = {frozenset(k): sorted(f - {"road"}) for k, f in m.hexsides().items() if f - {"road"}}
    assert got == {k: [v] for k, v in expected.items()}
    # Directions spelled out: B3's SE side is the one shared with C4, F4's S side with F5 (ASL grid, A2.2).
    assert m.hexside(m.parse_label("TB3"), m.parse_label("TC4")) == frozenset({"wall"})
    assert m.hexside(m.parse_label("TF4"), m.parse_label("TF5")) == frozenset({"cliff"})


def test_road_exits_follow_the_painted_road(main_archive: Any, shared: SharedMetadata) -> None:
    board, data = main_archive
    _, conv, m = _convert(data, shared)
    for cell in board.cells():
        h = m.parse_label("T" + board.label(*cell))
        want = {DIRECTION_NAMES[s] for s in board.roads.get(cell, [])}
        assert {DIRECTION_NAMES[d] for d in m.road_exits(h)} == want, board.label(*cell)
    # C3 is woods with the road through it: the hex keeps its woods (a woods-road), the centre dot is road.
    assert m.terrain(m.parse_label("TC3")) == "woods"
    assert "road" in m.features(m.parse_label("TC3"))
    woods_road = "road through other terrain in C3, E4 (e.g. a woods-road)"
    assert any(line.startswith(woods_road) for line in conv.report)


def test_stairway_and_half_hexes(main_archive: Any, shared: SharedMetadata) -> None:
    _board, data = main_archive
    _, _, m = _convert(data, shared)
    assert m.features(m.parse_label("TG2")) == frozenset({"stairway"})
    # Half hexes on every edge exist and read their terrain from the pixels on the board: B0, I5, A1, B5.
    for label in ("B0", "B5", "I1", "A1", "H0"):
        assert m.terrain(m.parse_label("T" + label)) == "open"


def test_extras_building_levels_metadata_types_and_the_report(
    synth: ModuleType, shared: SharedMetadata
) -> None:
    board = extras_board(synth)
    _, conv, m = _convert(synth.archive(board), shared)
    b2 = m.parse_label("TB2")
    assert m.terrain(b2) == "stone-building"
    assert m.features(b2) == frozenset({"building-level-1", "building-level-2", "stairway"})
    e1 = m.parse_label("TE1")
    assert (m.terrain(e1), m.features(e1)) == ("wooden-building", frozenset({"building-level-1", "stairway"}))
    # BoardMetadata.xml's buildingType for A2 overrides the wooden building the pixels show.
    assert m.terrain(m.parse_label("TA2")) == "stone-building"
    assert m.terrain(m.parse_label("TD2")) == "gully"
    # Brush and Bocage have no hexmate names: written as open / no feature, and listed, never silent.
    assert m.terrain(m.parse_label("TC2")) == "open"
    assert conv.unmapped == {"Brush": ["C2"], "Bocage": ["C2/C3"]}
    text = "\n".join(conv.report)
    assert "'Brush' in 1 place(s): C2" in text and "'Bocage' in 1 place(s): C2/C3" in text
    assert "stairway flag on Open Ground" in text and "hex C1" in text
    assert "multi-level buildings in B2, E1" in text
    assert "slope hexsides 03" in text and "OverlayX" in text and "ovrX.gif at pixel 30,12" in text
    assert "'OverlaySet' (ovrA.gif at pixel 1,2)" in text and "'OverlaySet' (ovrB.gif at pixel 3,4)" in text


def test_ssr_terrain_changes_apply_to_the_pixels(main_archive: Any, shared: SharedMetadata) -> None:
    _board, data = main_archive
    a = parse_archive(data, "bdT.zip")
    report: list[str] = []
    apply_ssr(a, shared, ["NoGrain", "Level2ToLevel1", "NoWalls", "NoStairwells", "WallsOnly"], report)
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl",
                          "boards": [convert(a, shared, "T").board]})
    assert m.terrain(m.parse_label("TH2")) == m.terrain(m.parse_label("TH3")) == "open"
    assert m.level(m.parse_label("TF3")) == 1
    assert m.hexside(m.parse_label("TB3"), m.parse_label("TC4")) == frozenset()
    assert m.hexside(m.parse_label("TG3"), m.parse_label("TG4")) == frozenset({"hedge"})  # hedges stay
    assert "stairway" not in m.features(m.parse_label("TG2"))
    assert any(line.startswith("SSR NoGrain: Grain -> Open Ground (") for line in report)
    assert any("WallsOnly" in line and "nothing to do" in line for line in report)


def test_ssr_terrain_to_level_and_level_to_terrain(main_archive: Any, shared: SharedMetadata) -> None:
    _, data = main_archive
    a = parse_archive(data, "bdT.zip")
    apply_ssr(a, shared, ["WoodsToLevel1"], [])
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl",
                          "boards": [convert(a, shared, "T").board]})
    c2 = m.parse_label("TC2")
    assert (m.terrain(c2), m.level(c2)) == ("open", 1)
    a = parse_archive(data, "bdT.zip")
    apply_ssr(a, shared, ["Level1ToWoods"], [])
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl",
                          "boards": [convert(a, shared, "T").board]})
    d3 = m.parse_label("TD3")
    assert (m.terrain(d3), m.level(d3)) == ("woods", 0)


def test_terrain_substitution_orchards_are_grain(main_archive: Any, shared: SharedMetadata) -> None:
    _, data = main_archive
    a = parse_archive(data, "bdT.zip")
    report: list[str] = []
    substitute(a, shared, [("Orchard", "Grain")], report)
    m = HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl",
                          "boards": [convert(a, shared, "T").board]})
    assert m.terrain(m.parse_label("TC5")) == "grain"
    assert report[0].startswith("terrain substitution Orchard -> Grain (")


def test_unsupported_ssrs_are_errors_naming_the_rule(main_archive: Any, shared: SharedMetadata) -> None:
    _, data = main_archive
    a = parse_archive(data, "bdT.zip")
    with pytest.raises(VaslError, match="LOSSSRule BridgeToFord: type 'customCode' needs VASL's own code"):
        apply_ssr(a, shared, ["BridgeToFord"], [])
    with pytest.raises(VaslError, match="no LOSSSRule named 'NoSuchThing'"):
        apply_ssr(a, shared, ["NoSuchThing"], [])
    with pytest.raises(VaslError, match="--ssr-terrain: no terrain type named 'Jungle'"):
        substitute(a, shared, [("Woods", "Jungle")], [])


# --- bad archives: clear errors naming the file and the place --------------------------------------------


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


def _corrupt_member() -> bytes:
    data = bytearray(_zip({"LOSData": b"x" * 64}))
    data[data.index(b"xxxx")] = ord("y")  # the stored bytes no longer match their CRC
    return bytes(data)


def _stream(payload: bytes) -> bytes:
    return gzip.compress(b"\xac\xed\x00\x05" + bytes([0x77, len(payload)]) + payload)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not a zip", r"bad\.zip: not a zip archive"),
        (_zip({"bd1.gif": b""}), r"bad\.zip: no LOSData entry"),
        (_zip({"LOSData": b"plain"}), r"bad\.zip:LOSData: not gzip data"),
        (_zip({"LOSData": gzip.compress(b"\x00\x01")}), r"bad\.zip:LOSData: not a Java object stream"),
        (_zip({"LOSData": _stream(struct.pack(">3i", 1, 1, 1))}),
         r"bad\.zip:LOSData: data ends at byte 12 while reading the header"),
        (_zip({"LOSData": _stream(struct.pack(">4i", 2, 2, 3, 3) + b"\x00" * 10)}),
         r"data ends at byte 26 while reading the 3 x 3 pixel grids"),
        (_zip({"LOSData": gzip.compress(b"\xac\xed\x00\x05\x73\x72")}),
         r"LOSData: byte 4: unexpected stream element 0x73"),
        (_zip({"LOSData": _stream(struct.pack(">4i", 0, 2, 3, 3))}), r"implausible header: 0 x 2 hexes"),
        (_zip({"LOSData": _stream(struct.pack(">4i", 1, 1, 1, 1) + b"\x00\x00" + b"\x00\x07")}),
         r"1 unexpected bytes after the stairway flags"),
        (_zip({"LOSData": _stream(struct.pack(">4i", 2, 2, 1, 1) + b"\x00\x00" + b"\x00" * 4)}),
         r"stairway flags hold 4 hexes, as many in every column: VASL's equal-row-count boards"),
        (_zip({"LOSData": _stream(struct.pack(">4i", 1, 1, 1, 1) + b"\x00\x00\x00"),
               "BoardMetadata.xml": b"<boardMetadata width='x' height='1'"}),
         r"bad\.zip:BoardMetadata\.xml: not well-formed XML \(line 1, column"),
        (_zip({"LOSData": _stream(struct.pack(">4i", 1, 1, 1, 1) + b"\x00\x00\x00"),
               "BoardMetadata.xml": b"<boardMetadata width='x' height='1'/>"}),
         r"BoardMetadata\.xml: boardMetadata: attribute width='x' is not an integer"),
        (_zip({"LOSData": _stream(struct.pack(">4i", 1, 1, 1, 1) + b"\x00\x00\x00"),
               "BoardMetadata.xml": b"<boardMetadata width='33' height='10'/>"}),
         r"bad\.zip: BoardMetadata\.xml says 33 x 10 hexes but LOSData says 1 x 1"),
        (_corrupt_member(), r"bad\.zip:LOSData: the zip entry cannot be read"),
    ],
)
def test_bad_archives_name_the_file_and_place(data: bytes, message: str) -> None:
    with pytest.raises(VaslError, match=message):
        parse_archive(data, "bad.zip")


def test_unknown_terrain_code_names_the_hex(synth: ModuleType, shared: SharedMetadata) -> None:
    board = synth.Board(width=3, height=2)
    elev, terr = board.paint()
    cx, cy = board.center(*board.cell("B1"))
    terr[int(cx) * board.grid_size[1] + int(cy)] = 200
    a = parse_archive(synth.archive(board, (elev, terr)), "bdX.zip")
    with pytest.raises(VaslError, match=r"bdX\.zip: hex B1 centre: terrain code 200 is not in "):
        convert(a, shared, "X")


def test_shared_metadata_errors(synth: ModuleType) -> None:
    with pytest.raises(VaslError, match=r"s\.xml: root element is <colors>"):
        parse_shared_metadata("<colors/>", "s.xml")
    with pytest.raises(VaslError, match=r"s\.xml: no <terrainTypes> element"):
        parse_shared_metadata("<sharedBoardMetadata/>", "s.xml")
    with pytest.raises(VaslError, match=r"s\.xml: terrainType #1: attribute 'typeCode' is missing"):
        parse_shared_metadata("<sharedBoardMetadata><terrainTypes><terrainType name='W'/></terrainTypes>"
                              "</sharedBoardMetadata>", "s.xml")
    shared = parse_shared_metadata(synth.shared_metadata_xml())
    assert shared.terrain[1].name == "Woods" and shared.terrain[1].height == 1
    assert shared.terrain[7].half_level and shared.terrain[2].inherent
    assert shared.rules["NoGrain"].type == "terrainMap"
