"""Board definitions: the shipped boards load, match the ASL geometry, and bad files name file and key."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hexmate.hardware.boards import BoardError, available, load_board, parse_board

BOARDS = ["emu-346", "pico-346", "esp32-346", "pico-pn5180-346"]


def test_shipped_boards_are_listed() -> None:
    assert set(BOARDS) <= set(available())


@pytest.mark.parametrize("name", BOARDS)
def test_asl_geometry(name: str) -> None:
    b = load_board(name)
    assert len(b.cells) == 346 and b.leds.count == 346
    labels = [c.label for c in b.cells]
    assert labels[:11] == [f"A{n}" for n in range(1, 11)] + ["B0"]
    assert labels[20] == "B10" and labels[-1] == "GG10"
    assert labels.index("AA1") == 13 * 10 + 13 * 11  # columns A..Z: 13 of 10 hexes, 13 of 11
    pitch = 25.4
    a1, b0 = b.cell_by_label("A1"), b.cell_by_label("B0")
    assert (a1.x_mm, a1.y_mm) == (0.0, pitch)
    assert b0.x_mm == pytest.approx(pitch * math.sqrt(3) / 2, abs=1e-3)
    assert b0.y_mm == pytest.approx(pitch / 2)
    assert [c.reader.cs for c in b.cells] == list(range(346))
    assert [c.leds for c in b.cells] == [(i,) for i in range(346)]
    assert [x.name for x in b.buttons] == ["dice-a", "dice-b", "done"]
    assert [x.name for x in b.dice_buttons] == ["dice-a", "dice-b"]
    assert b.button("done").id == 2 and b.button(1).name == "dice-b" and b.button("0").name == "dice-a"
    with pytest.raises(KeyError, match=r"no button 'start' \(buttons: dice-a \(0\), dice-b \(1\), done \(2"):
        b.button("start")


@pytest.mark.parametrize(("name", "pin"), [("emu-346", 20), ("pico-346", 20), ("pico-pn5180-346", 20),
                                           ("esp32-346", 36)])
def test_done_button_pins(name: str, pin: int) -> None:
    done = load_board(name).button("done")
    assert (done.pin, done.active_low) == (pin, True)


def test_the_generator_writes_the_shipped_boards() -> None:
    from hexmate.hardware.boards.generate import boards

    for name, data in boards().items():
        assert json.loads(Path(load_board(name).source).read_text()) == data, name


def test_adjacent_hexes_are_one_pitch_apart() -> None:
    b = load_board("emu-346")
    c5 = b.cell_by_label("C5")  # odd column: touches B4 and B5
    for other in ("C4", "C6", "B4", "B5", "D4", "D5"):
        o = b.cell_by_label(other)
        assert math.dist((c5.x_mm, c5.y_mm), (o.x_mm, o.y_mm)) == pytest.approx(25.4, abs=0.01), other
    b5 = b.cell_by_label("B5")  # even column: touches A5 and A6
    for other in ("A5", "A6", "C5", "C6"):
        o = b.cell_by_label(other)
        assert math.dist((b5.x_mm, b5.y_mm), (o.x_mm, o.y_mm)) == pytest.approx(25.4, abs=0.01), other


def test_readers_per_board() -> None:
    assert load_board("pico-pn5180-346").readers.type == "pn5180"
    assert load_board("pico-pn5180-346").readers.busy_pin == 13
    assert load_board("esp32-346").mcu == "esp32" and load_board("esp32-346").spi[0].id == 2
    assert load_board("emu-346").mcu == "emulated"


def _raw() -> dict:  # type: ignore[type-arg]
    return json.loads((Path(load_board("emu-346").source)).read_text())


def _write(tmp_path: Path, raw: dict) -> Path:  # type: ignore[type-arg]
    path = tmp_path / "b.json"
    path.write_text(json.dumps(raw))
    return path


@pytest.mark.parametrize(("edit", "message"), [
    (lambda r: r["buttons"][2].update(pin=14), r"pin 14 is both buttons\[0\] \(dice-a\) and buttons\[2\]"),
    (lambda r: r["buttons"][2].update(pin=22), r"pin 22 is both leds.pin and buttons\[2\] \(done\)"),
    (lambda r: r["buttons"][2].update(pin=12), r"pin 12 is both readers.reset_pin and buttons\[2\]"),
    (lambda r: r["buttons"][2].update(pin=4), r"pin 4 is both chip_select.address_pins\[2\] and buttons"),
    (lambda r: r["buttons"][1].update(name="dice-a"), r"buttons\[1\]: name 'dice-a' is already buttons\[0"),
    (lambda r: r["buttons"][2].update(name="7"), r"buttons\[2\]: name '7' would read as a button id"),
])
def test_pin_and_button_conflicts_are_refused(tmp_path: Path, edit: Any, message: str) -> None:
    raw = _raw()
    edit(raw)
    with pytest.raises(BoardError, match=message):
        load_board(str(_write(tmp_path, raw)))


def test_unknown_key_names_file_and_key(tmp_path: Path) -> None:
    raw = _raw()
    raw["cells"][3]["colour"] = "red"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(BoardError, match=r"bad\.json: cells\[3\]: unknown key 'colour'"):
        load_board(path)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("leds"), "missing key 'leds'"),
        (lambda r: r.update(mcu="z80"), "key 'mcu' must be"),
        (lambda r: r["cells"][5].update(id=6), r"cells\[5\]: key 'id' must be 5"),
        (lambda r: r["cells"][5]["reader"].update(cs=4), "reader cs 4 already used by cell 4"),
        (lambda r: r["readers"].update(spi=3), "spi 3 is not defined"),
        (lambda r: r["cells"][2].update(leds=[999]), r"cells\[2\]: leds\[0\] must be an integer"),
        (lambda r: r["buttons"][0].update(active_low="yes"), "must be true or false"),
    ],
)
def test_bad_values_are_named(mutate, message) -> None:  # type: ignore[no-untyped-def]
    raw = _raw()
    mutate(raw)
    with pytest.raises(BoardError, match=message):
        parse_board(raw, "x.json")


def test_missing_board_lists_the_known_ones() -> None:
    with pytest.raises(BoardError, match=r"no such board .*emu-346"):
        load_board("nope")


def test_bad_json(tmp_path: Path) -> None:
    p = tmp_path / "b.json"
    p.write_text("{")
    with pytest.raises(BoardError, match=r"b\.json: not valid JSON"):
        load_board(p)


def test_the_sw_demo_board_is_the_whole_44_by_32_map() -> None:
    b = load_board("emu-sw-1408")
    assert b.mcu == "emulated" and len(b.cells) == b.leds.count == 1408
    labels = [c.label for c in b.cells]
    assert labels[:2] == ["0101", "0102"] and labels[31] == "0132" and labels[-1] == "4432"
    assert len(b.chip_select.address_pins) == 11  # 2048 chip selects for 1408 readers
    assert [x.name for x in b.buttons] == ["dice-a", "dice-b", "done"]
    c0101, c0201 = b.cell_by_label("0101"), b.cell_by_label("0201")
    assert math.dist((c0101.x_mm, c0101.y_mm), (c0201.x_mm, c0201.y_mm)) == pytest.approx(25.4, abs=0.01)
    assert c0201.y_mm > c0101.y_mm  # even columns half a hex lower, as the map's "low": "even"


# --- switched-coil boards at the maps' real pitch (hardware/SENSING.md) -----------------------------------
MUX_BOARDS = ["emu-asl-mux", "pico-asl-mux", "pico-sw-mux", "pico-ft-mux", "pico-pg-mux"]
INCH = 25.4


def _extent(b: Any) -> tuple[float, float]:
    """Width and height of the hexes' outline: centres plus a hex's half width (P/sqrt3) and half height."""
    xs, ys = [c.x_mm for c in b.cells], [c.y_mm for c in b.cells]
    return (max(xs) - min(xs) + 2 * b.pitch_mm / math.sqrt(3), max(ys) - min(ys) + b.pitch_mm)


@pytest.mark.parametrize("name", MUX_BOARDS)
def test_mux_boards_tiles_channels_and_leds(name: str) -> None:
    b = load_board(name)
    assert b.rf_mux is not None and b.readers.type == "pn5180" and b.rf_mux.channels == 64
    assert len(b.rf_mux.address_pins) == 6 and b.rf_mux.settle_us >= 300
    per_tile = {t.reader_cs: [c for c in b.cells if c.reader.cs == t.reader_cs] for t in b.tiles}
    assert sum(len(v) for v in per_tile.values()) == len(b.cells)
    assert all(0 < len(v) <= 64 for v in per_tile.values())
    assert len(b.tiles) <= 1 << len(b.chip_select.address_pins)
    # channel-major numbering: a pass changes the switch channel once per channel for all tiles
    channels = [c.reader.channel for c in b.cells]
    assert channels == sorted(channels)
    # one LED per hex; inside a tile the chain runs from hex to neighbouring hex
    leds = sorted((c.leds[0], c) for c in b.cells)
    assert [i for i, _ in leds] == list(range(len(b.cells))) == list(range(b.leds.count))
    for (_, a), (_, n) in itertools.pairwise(leds):
        if a.reader.cs == n.reader.cs:
            assert math.dist((a.x_mm, a.y_mm), (n.x_mm, n.y_mm)) == pytest.approx(b.pitch_mm, abs=0.01), \
                (a.label, n.label)


def test_asl_mux_board_is_a_geomorphic_board_at_its_real_size() -> None:
    b = load_board("emu-asl-mux")
    assert len(b.cells) == 346 and len(b.tiles) == 6
    assert b.pitch_mm == pytest.approx(8 * INCH / 10)  # 10 rows of hexes down an 8 in board
    xs, ys = [c.x_mm for c in b.cells], [c.y_mm for c in b.cells]
    assert max(ys) - min(ys) == pytest.approx(8 * INCH, abs=0.01)  # half hexes of rows 0 and 10 at the edges
    # columns A and GG are the short edges' half hexes: 32 column spacings along 22 in (within 1 %: the
    # printed hexes are a little flatter than regular ones)
    assert max(xs) - min(xs) == pytest.approx(22 * INCH, rel=0.01)
    c5 = b.cell_by_label("C5")
    for other in ("C4", "C6", "B4", "B5", "D4", "D5"):
        o = b.cell_by_label(other)
        assert math.dist((c5.x_mm, c5.y_mm), (o.x_mm, o.y_mm)) == pytest.approx(20.32, abs=0.01), other
    assert {c.label for c in b.cells} == {c.label for c in load_board("emu-346").cells}


@pytest.mark.parametrize(("name", "cells"), [("pico-sw-mux", 44 * 32), ("pico-ft-mux", 50 * 26)])
def test_sw_and_ft_maps_fit_a_22_by_34_inch_sheet(name: str, cells: int) -> None:
    b = load_board(name)
    assert len(b.cells) == cells
    width, height = _extent(b)
    assert width <= 34 * INCH and height <= 22 * INCH
    assert b.pitch_mm >= 5 / 8 * INCH  # a 5/8 in counter (SW 2.0) fits a hex flat to flat


def test_pg_board_covers_the_hexes_its_examples_name() -> None:
    labels = {c.label for c in load_board("pico-pg-mux").cells}
    assert {"0903", "1205", "0510", "0802", "0404", "0709"} <= labels  # PG worked examples' hexes


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r["cells"][7]["reader"].update(channel=r["cells"][1]["reader"]["channel"],
                                                  cs=r["cells"][1]["reader"]["cs"]),
         r"cells\[7\]: reader cs 1 channel 0 already used by cell 1"),
        (lambda r: r["cells"][3]["reader"].update(channel=64), r"cells\[3\]: reader: key 'channel' must be"),
        (lambda r: r["cells"][3]["reader"].pop("channel"), r"cells\[3\]: reader: missing key 'channel'"),
        (lambda r: r["cells"][3].update(x_mm=9999.0), r"cells\[3\] \(.*\) lies outside tiles\[3\]"),
        (lambda r: r["rf_mux"].update(enable_pin=22), r"pin 22 is both leds.pin and rf_mux.enable_pin"),
        (lambda r: r["rf_mux"].update(channels=65), "65 channels need more than 6 address pins"),
        (lambda r: (r["readers"].update(type="mfrc522"), r["readers"].pop("busy_pin")),
         "switched coils need an ISO 15693 reader"),
        (lambda r: r["tiles"][1].update(reader_cs=0), "two tiles name the same reader_cs"),
    ],
)
def test_bad_mux_boards_are_named(mutate: Any, message: str) -> None:
    raw = json.loads(Path(load_board("emu-asl-mux").source).read_text())
    mutate(raw)
    with pytest.raises(BoardError, match=message):
        parse_board(raw, "m.json")
