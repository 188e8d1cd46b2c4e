# Test helper: the emu-346 board with its simulated I/O, as the firmware builds it.
import board as boardmod
import boardio

_BOARDS = {}


def load(name="emu-346"):
    if name not in _BOARDS:
        _BOARDS[name] = boardmod.load("hardware/boards/" + name + ".json")
    return _BOARDS[name]


def build(name="emu-346"):
    b = load(name)
    return b, boardio.build(b)
