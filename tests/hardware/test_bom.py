"""The bill of materials (hardware/bom/switched-coil.csv) is well formed, matches the board definitions (one
coil and one LED per hex, a switch tree of 1 + channels/8 ADG1408 per tile, one reader per tile) and the
totals printed in hardware/BOM.md are the CSV's."""

from __future__ import annotations

import csv
import math
import re
from pathlib import Path

import pytest
from hexmate.hardware.boards import load_board

HW = Path(load_board("emu-346").source).resolve().parents[1]
ROWS = list(csv.DictReader((HW / "bom" / "switched-coil.csv").open(encoding="utf-8")))
BOARDS = ["pico-asl-mux", "pico-pg-mux", "pico-ft-mux", "pico-sw-mux"]


def _multiplier(name: str) -> dict[str, int]:
    b = load_board(name)
    return {"board": 1, "per16tiles": math.ceil(len(b.tiles) / 16), "tile": len(b.tiles), "hex": len(b.cells)}


def test_rows_are_well_formed() -> None:
    assert ROWS
    for i, r in enumerate(ROWS, start=2):
        assert r["per"] in {"board", "per16tiles", "tile", "hex"}, f"line {i}"
        assert int(r["qty"]) > 0 and float(r["unit_usd"]) >= 0, f"line {i}"
        assert r["part"] and r["manufacturer_pn"], f"line {i}"


def test_quantities_follow_the_board_definitions() -> None:
    per_tile = {r["manufacturer_pn"]: int(r["qty"]) for r in ROWS if r["per"] == "tile"}
    per_hex = {r["manufacturer_pn"]: int(r["qty"]) for r in ROWS if r["per"] == "hex"}
    for name in BOARDS:
        b = load_board(name)
        assert b.rf_mux is not None and "ADG1408" in b.rf_mux.part
        assert per_tile["Analog Devices ADG1408YRUZ"] == 1 + b.rf_mux.channels // 8  # root + leaves
        assert per_tile["NXP PN5180A0HN/C3"] == 1 and b.readers.type == "pn5180"
        assert b.leds.count == len(b.cells) and per_hex["Worldsemi WS2812B-2020"] == 1
        per_reader = [sum(1 for c in b.cells if c.reader.cs == t.reader_cs) for t in b.tiles]
        assert max(per_reader) <= b.rf_mux.channels


@pytest.mark.parametrize("name", BOARDS)
def test_bom_md_totals_are_the_csvs(name: str) -> None:
    mult = _multiplier(name)
    total = sum(float(r["unit_usd"]) * int(r["qty"]) * mult[r["per"]] for r in ROWS)
    switches = sum(float(r["unit_usd"]) * int(r["qty"]) * mult[r["per"]] for r in ROWS
                   if "ADG1408" in r["manufacturer_pn"])
    text = (HW / "BOM.md").read_text(encoding="utf-8")
    money = r"\$([\d.]+)"
    line = rf"^\| {re.escape(name)} \| (\d+) \| (\d+) \| {money} \| {money} \| {money} \|$"
    row = re.search(line, text, re.M)
    assert row is not None, name
    tiles, hexes, stated, per_hex, sw_per_hex = row.groups()
    assert (int(tiles), int(hexes)) == (mult["tile"], mult["hex"])
    assert float(stated) == pytest.approx(total, abs=0.005)
    assert float(per_hex) == pytest.approx(total / mult["hex"], abs=0.005)
    assert float(sw_per_hex) == pytest.approx(switches / mult["hex"], abs=0.005)
