# MicroPython side of bench_fw_scan: times scanner passes over a simulated board (run by bench_fw_scan.py).
import sys
from time import sleep_ms, ticks_diff, ticks_ms, ticks_us

import board as boardmod
import boardio
from scanner import Scanner

name = sys.argv[1]
board = boardmod.load("hardware/boards/" + name + ".json")
io = boardio.build(board)
sc = Scanner(board, io.reader, io.cs, lambda *a: None, lambda *a: None, debounce_ms=40)
sc.selftest()
uid_len = 8 if board.reader_type == "pn5180" else 7
for k in range(60):  # 60 counters spread over the board, a few stacked
    cell = (k * 37) % board.n_cells
    uid = ("e00401" if uid_len == 8 else "04") + f"{k + 1:010x}"
    io.world.command("place " + str(cell) + " " + uid[: 2 * uid_len])
passes = []
for _ in range(30):
    t0 = ticks_us()
    now = ticks_ms()
    for i in range(board.n_cells):
        sc.read_cell(i, now)
    passes.append(ticks_diff(ticks_us(), t0))
sleep_ms(1600)  # let the neighbourhoods of the counters placed above cool down
sc.rescan_hot()
io.world.command("place 100 " + ("04a1b2c3d4e5f6" if uid_len == 7 else "e004010012345678"))
sc.read_cell(100, ticks_ms())
hot = []
for _ in range(200):
    t0 = ticks_us()
    n = sc.rescan_hot()
    hot.append(ticks_diff(ticks_us(), t0))
print("RESULT", name, n, " ".join(str(x) for x in passes), "|", " ".join(str(x) for x in hot))
