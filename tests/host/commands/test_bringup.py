"""``hexmate firmware bringup`` against the emulated switched-coil board (real firmware under MicroPython, the
RF switch, PN5180, coil and WS2812 models): every check passes on a good board, and the walk names a broken
coil."""

from __future__ import annotations

from hexmate.hardware.boards import load_board
from hexmate.host.cli import main
from hexmate.host.commands.bringup import bringup


async def test_every_check_passes_on_the_emulated_mux_board() -> None:
    board = load_board("emu-asl-mux")
    checks = await bringup(board, port=None, emulated=True)
    assert [c.name for c in checks] == ["board", "readers", "switch channels (sheet)", "LED chain",
                                        "button dice-a", "button dice-b", "button done"]
    assert all(c.ok for c in checks), "\n".join(map(str, checks))
    assert "6 of 6 PN5180 answer" in checks[1].detail and "3.5" in checks[1].detail
    assert checks[2].detail == "346 of 346 hexes read their tag"


async def test_the_walk_names_a_broken_coil() -> None:
    board = load_board("emu-asl-mux")
    broken = board.cell_by_label("K5")
    checks = await bringup(board, port=None, emulated=True, walk=["A1", "K5", "GG10"], buttons=False,
                           leds=False, world_setup=lambda table: table.world(f"fail {broken.id}"))
    walk = checks[-1]
    assert walk.name == "switch channels (walk)" and not walk.ok
    assert walk.detail == "2 of 3 hexes; K5 silent"


def test_the_command_prints_each_check_and_fails_on_a_bad_hex(capsys) -> None:
    assert main(["firmware", "bringup", "--board", "emu-asl-mux", "--emulated", "--walk", "A1,GG10",
                 "--no-buttons"]) == 0
    out = capsys.readouterr().out
    assert "PASS switch channels (walk): 2 of 2 hexes" in out and "PASS LED chain" in out
    assert "4 of 4 checks passed on emu-asl-mux" in out  # board, readers, walk, LEDs
    assert main(["firmware", "bringup", "--board", "emu-asl-mux", "--emulated", "--walk", "ZZ9"]) == 1
    assert "board emu-asl-mux has no hex 'ZZ9'" in capsys.readouterr().err
