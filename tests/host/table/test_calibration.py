"""Calibration: similarity fit from two counters, nearest-hex assignment, off-map cells, errors, JSON."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hexmate.host.table.calibration import Anchor, Calibration, CalibrationError, Similarity


def test_similarity_fit_recovers_scale_rotation_translation() -> None:
    m = complex(math.cos(0.3), math.sin(0.3)) * 0.5
    t = complex(3, -2)
    a, b = complex(1, 2), complex(-4, 7)
    sim = Similarity.fit(a, m * a + t, b, m * b + t)
    assert sim.scale == pytest.approx(0.5)
    assert sim.rotation_deg == pytest.approx(math.degrees(0.3))
    x, y = sim.apply(10, 10)
    z = m * complex(10, 10) + t
    assert (x, y) == (pytest.approx(z.real), pytest.approx(z.imag))


def test_default_for_a_board_built_for_the_map(geo_board: Any, geo_map: Any) -> None:
    cal = Calibration.default_for(geo_board, geo_map)
    assert len(cal.cell_to_hex) == 346
    assert cal.off_map == frozenset()
    cell = {c.label: c.id for c in geo_board.cells}
    assert geo_map.label(cal.hex_of(cell["A1"])) == "DA1"
    assert geo_map.label(cal.hex_of(cell["B0"])) == "DB0"
    assert geo_map.label(cal.hex_of(cell["GG10"])) == "DGG10"
    assert cal.cell_of(geo_map.parse_label("DC5")) == cell["C5"]
    assert cal.transform.scale == pytest.approx(1 / 25.4)


def test_board_turned_round_under_the_map_calibrated_by_two_counters(geo_board: Any, geo_map: Any) -> None:
    cell = {c.label: c.id for c in geo_board.cells}
    # The board lies turned by 180 degrees: the counter on cell A1 sits on the map's far corner DGG10.
    cal = Calibration.fit(
        geo_board,
        geo_map,
        [
            Anchor(cell["A1"], geo_map.parse_label("DGG10")),
            Anchor(cell["GG10"], geo_map.parse_label("DA1")),
        ],
    )
    assert abs(cal.transform.rotation_deg) == pytest.approx(180, abs=1e-6)
    assert geo_map.label(cal.hex_of(cell["A2"])) == "DGG9"
    assert geo_map.label(cal.hex_of(cell["B0"])) == "DFF10"
    assert len(cal.cell_to_hex) == 346


def test_skewed_and_shifted_board_definition(geo_map: Any, board_factory: Any) -> None:
    board = board_factory(angle_deg=-30, dx=120, dy=-40)  # readers laid out at an angle, origin elsewhere
    cell = {c.label: c.id for c in board.cells}
    cal = Calibration.fit(
        board,
        geo_map,
        [Anchor(cell["C3"], geo_map.parse_label("DC3")), Anchor(cell["X8"], geo_map.parse_label("DX8"))],
    )
    assert cal.transform.rotation_deg == pytest.approx(30)
    assert all(geo_map.label(cal.hex_of(c.id)) == "D" + c.label for c in board.cells)


def test_map_with_bigger_hexes_leaves_cells_off_map(geo_board: Any, map_factory: Any) -> None:
    # The same board under a map printed with hexes twice the board's pitch: every other cell in a column
    # lies under a hex centre, the others fall between centres (off-map).
    big = map_factory(columns=17)
    cell = {c.label: c.id for c in geo_board.cells}
    cal = Calibration.fit(
        geo_board,
        big,
        [
            Anchor(cell["A2"], big.parse_label("DA1")),
            Anchor(cell["A10"], big.parse_label("DA5")),
        ],
    )
    assert cal.transform.scale == pytest.approx(0.5 / 25.4)
    assert geo_map_label(big, cal, cell["A4"]) == "DA2"
    assert cal.hex_of(cell["A3"]) is None and cell["A3"] in cal.off_map
    assert len(cal.cell_to_hex) + len(cal.off_map) == 346


def geo_map_label(m: Any, cal: Calibration, cell: int) -> str | None:
    h = cal.hex_of(cell)
    return m.label(h) if h is not None else None


def test_two_cells_on_one_hex_is_an_error_naming_them(geo_board: Any, map_factory: Any) -> None:
    small = map_factory(columns=33)
    cell = {c.label: c.id for c in geo_board.cells}
    # Nine cell pitches on the board span three hexes of the map: the map's hexes are three times larger,
    # so neighbouring cells crowd onto one hex.
    with pytest.raises(CalibrationError, match=r"cells A1 and A2 both lie on hex DA1"):
        Calibration.fit(
            geo_board,
            small,
            [
                Anchor(cell["A1"], small.parse_label("DA1")),
                Anchor(cell["A10"], small.parse_label("DA4")),
            ],
            tolerance=0.4,
        )


def test_fit_errors(geo_board: Any, geo_map: Any) -> None:
    with pytest.raises(CalibrationError, match="exactly two"):
        Calibration.fit(geo_board, geo_map, [Anchor(0, geo_map.parse_label("DA1"))])
    with pytest.raises(CalibrationError, match="no cell 999"):
        Calibration.fit(geo_board, geo_map, [Anchor(999, (0, 1)), Anchor(0, (0, 2))])
    with pytest.raises(CalibrationError, match="same point"):
        Calibration.fit(geo_board, geo_map, [Anchor(0, (0, 1)), Anchor(0, (0, 2))])
    other = type(geo_board)(
        "other", tuple(c.__class__(c.id, f"cell-{c.id}", c.x_mm, c.y_mm) for c in geo_board.cells)
    )
    with pytest.raises(CalibrationError, match="not built for this map"):
        Calibration.default_for(other, geo_map)


def test_json_round_trip_and_errors(tmp_path: Path, geo_map: Any, board_factory: Any) -> None:
    board = board_factory(angle_deg=90, dx=500)
    cell = {c.label: c.id for c in board.cells}
    cal = Calibration.fit(
        board,
        geo_map,
        [Anchor(cell["C3"], geo_map.parse_label("DC3")), Anchor(cell["K7"], geo_map.parse_label("DK7"))],
    )
    path = tmp_path / "cal.json"
    cal.save(path)
    again = Calibration.load(path, board, geo_map)
    assert again.cell_to_hex == cal.cell_to_hex
    data = json.loads(path.read_text())
    assert data["anchors"] == [{"cell": "C3", "hex": "DC3"}, {"cell": "K7", "hex": "DK7"}]
    with pytest.raises(CalibrationError, match=r"cal\.json: made for board 'emu-geo'"):
        Calibration.load(path, type(board)("emu-other", board.cells), geo_map)
    data["colour"] = "red"
    path.write_text(json.dumps(data))
    with pytest.raises(CalibrationError, match=r"cal\.json: unknown key\(s\) colour"):
        Calibration.load(path, board, geo_map)
    path.write_text("{")
    with pytest.raises(CalibrationError, match=r"cal\.json: cannot read calibration"):
        Calibration.load(path, board, geo_map)


def test_from_calibration_counters_on_the_board(geo_board: Any, geo_map: Any) -> None:
    from hexmate.host.table.registry import load_demo

    reg = load_demo()
    uid = {c.counter_id: u for u, c in reg}
    cell = {c.label: c.id for c in geo_board.cells}
    # The board is turned round: the player put calibration-1 on DA1 (over cell GG10) and calibration-2 on
    # DGG10 (over cell A1); a squad lies elsewhere.
    readings = [
        (cell["GG10"], 1, [uid["calibration-1"]]),
        (cell["A1"], 1, [uid["calibration-2"]]),
        (cell["K3"], 1, [uid["asl-ger-sq1"]]),
    ]
    placements = {"calibration-1": geo_map.parse_label("DA1"), "calibration-2": geo_map.parse_label("DGG10")}
    cal = Calibration.from_counters(geo_board, geo_map, readings, reg, placements)
    assert geo_map.label(cal.hex_of(cell["K3"])) == "DW8"
    with pytest.raises(CalibrationError, match="calibration-2 is not on the board; put it on DGG10"):
        Calibration.from_counters(geo_board, geo_map, readings[:1], reg, placements)
    twice = [*readings, (cell["B0"], 1, [uid["calibration-1"]])]
    with pytest.raises(CalibrationError, match="calibration-1 is read on cells GG10, B0"):
        Calibration.from_counters(geo_board, geo_map, twice, reg, placements)
