# MicroPython side of bench_mux.py: the switched-coil board (emu-asl-mux) under the unix port. SPI
# transactions and switch changes per cell, the scan pass's CPU time with the channel settling taken out,
# and the ISO 15693 exchanges a stack of five costs. Prints one "RESULT <json>" line.
import json
import sys
from time import ticks_diff, ticks_ms, ticks_us

import board as boardmod
import boardio
from scanner import Scanner

name = sys.argv[1] if len(sys.argv) > 1 else "emu-asl-mux"
board = boardmod.load("hardware/boards/" + name + ".json")
io = boardio.build(board)
sc = Scanner(board, io.reader, io.cs, lambda *a: None, lambda *a: None, debounce_ms=40)
sc.selftest()
spi = io.spi
pn = io.reader._pn
result = {"n_cells": board.n_cells, "settle_us": board.mux[3], "readers": board.n_readers}


def count(cell):
    io.cs.address = board.cs[cell]
    t = spi.transfers
    s = pn.collisions
    io.reader.read([])
    return spi.transfers - t, pn.collisions - s


result["spi_empty"] = count(3)[0]
io.world.command("place 4 e004010000000044")
result["spi_one_tag"] = count(4)[0]
stack = ["e004010000000011", "e004010000000021", "e004010000000031", "e0040100aabbcc02", "e0040100aabbcc13"]
for u in stack:
    io.world.command("place 5 " + u)
result["spi_stack_of_5"], result["collisions_stack_of_5"] = count(5)
io.world.command("clear 4")
io.world.command("clear 5")
for k in range(60):  # the demo table's 60 counters, spread, a few stacked (as bench/fw_scan_mp.py)
    io.world.command("place " + str((k * 37) % board.n_cells) + " e00401" + f"{k + 1:010x}")
passes = []
cpu = []
changes = []
for _ in range(15):
    mux = io.mux
    w0 = mux.settle_waits_us
    c0 = mux.changes
    t0 = ticks_us()
    now = ticks_ms()
    for i in range(board.n_cells):
        sc.read_cell(i, now)
    dt = ticks_diff(ticks_us(), t0)
    passes.append(dt)
    cpu.append(dt - (mux.settle_waits_us - w0))
    changes.append(mux.changes - c0)
result["pass_us"] = passes
result["pass_cpu_us"] = cpu
result["switch_changes_per_pass"] = changes
print("RESULT " + json.dumps(result))
