# mp-args: -X heapsize=120K
# The firmware's board loader: compact arrays from any JSON layout, in a heap too small for json.load.
import gc
import json

import board as boardmod
from mptest import run

PATH = "hardware/boards/emu-346.json"


def test_loads_the_emulated_board_into_arrays():
    b = boardmod.load(PATH)
    assert (b.name, b.mcu, b.n_cells, b.n_leds, b.reader_type) == ("emu-346", "emulated", 346, 346, "mfrc522")
    assert list(b.cs) == list(range(346))
    assert b.buttons == [(0, 14, True), (1, 15, True), (2, 20, True)]
    assert b.button_names == ["dice-a", "dice-b", "done"]
    assert abs(b.y[0] - 25.4) < 1e-3 and abs(b.y[10] - 12.7) < 1e-3
    assert [b.led_list[k] for k in range(b.led_first[20], b.led_first[21])] == [20]


def test_neighbourhood_is_the_cell_and_its_six_neighbours():
    b = boardmod.load(PATH)
    assert sorted(b.neighbourhood(25, 1.1, [])) == [14, 15, 24, 25, 26, 35, 36]  # C5: B4 B5 C4 C5 C6 D4 D5


def test_small_heap_is_enough():
    gc.collect()
    before = gc.mem_alloc()
    b = boardmod.load(PATH)
    gc.collect()
    assert gc.mem_alloc() - before < 12000  # the arrays that remain
    assert b.n_cells == 346


def _rewrite(path, text):
    with open(path, "w") as f:
        f.write(text)


def _header():
    """The emu-346 header as a dict (the lines before "cells"; small enough for json.loads)."""
    text = []
    with open(PATH) as f:
        for line in f:
            if line.strip().startswith('"cells"'):
                break
            text.append(line)
    return json.loads("".join(text) + '"cells": []}')


def test_any_json_layout_gives_the_same_board():
    a = boardmod.load(PATH)
    d = _header()
    d["cells"] = [{"id": i, "label": "c" + str(i), "x_mm": a.x[i], "y_mm": a.y[i], "leds": [a.led_list[i]],
                   "reader": {"cs": a.cs[i]}} for i in range(40)]
    d["leds"]["count"] = 40
    _rewrite("/tmp/hexmate-board-oneline.json", json.dumps(d))
    pretty = json.dumps(d).replace("{", "{\n").replace(", ", ",\n  ")
    _rewrite("/tmp/hexmate-board-pretty.json", pretty)
    for path in ("/tmp/hexmate-board-oneline.json", "/tmp/hexmate-board-pretty.json"):
        b = boardmod.load(path)
        assert b.n_cells == 40 and b.name == a.name and b.address_pins == a.address_pins
        assert list(b.cs) == list(a.cs)[:40] and list(b.x) == list(a.x)[:40]
        assert list(b.led_list) == list(a.led_list)[:40]


def test_cells_out_of_order_are_an_error_naming_the_file():
    _rewrite("/tmp/hexmate-board-bad.json", '{"name": "x", "cells": [\n{"id": 1}\n]}')
    try:
        boardmod.load("/tmp/hexmate-board-bad.json")
    except boardmod.BoardFileError as e:
        assert "hexmate-board-bad.json" in str(e) and "id 1" in str(e)
    else:
        raise AssertionError("no error")


run(globals())
