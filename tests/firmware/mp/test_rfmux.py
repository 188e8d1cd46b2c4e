# Switched-coil boards (emu-asl-mux): RfMux + MuxReader over the simulated switch pins, SPI bus, PN5180 model
# and coils (sim_rfmux.py). Five ISO 15693 counters stacked on one hex are read completely; a driver that
# does not wait for the channel to settle misses the tags; a broken coil reads as an empty hex.
import pn5180
import simboard
from mptest import run
from rfmux import MuxReader, RfMux
from sim_rfmux import TAG_POWER_UP_US

BOARD, IO = simboard.build("emu-asl-mux")
STACK = ["e004010000000011", "e004010000000021", "e004010000000031", "e0040100aabbcc02", "e0040100aabbcc13"]


def _reset():
    for cards in IO.world.cards:
        cards.clear()
    for coil in IO.world.chips.values():
        coil.failed = False
    for r in range(BOARD.n_readers):  # field on, ISO 15693 configured (what the boot self-test does)
        IO.reader.sel.address = r * 64
        assert IO.reader.init()


def _read(cell, reader=None):
    r = reader or IO.reader
    r.sel.address = BOARD.cs[cell]
    uids = []
    return r.read(uids), [u.hex() for u in uids]


def test_board_is_six_readers_of_up_to_64_channels_in_channel_major_order():
    assert (BOARD.n_cells, BOARD.n_readers, BOARD.mux[2]) == (346, 6, 64)
    assert [BOARD.cs[i] % 64 for i in range(6)] == [0] * 6  # channel 0 of every tile first
    assert [BOARD.cs[i] // 64 for i in range(6)] == [0, 1, 2, 3, 4, 5]
    assert BOARD.mux[3] > TAG_POWER_UP_US  # the board waits longer than the tag model needs


def test_every_reader_passes_selftest_with_its_version():
    for cell in range(BOARD.n_cells):
        IO.reader.sel.address = BOARD.cs[cell]
        assert IO.reader.init()
    assert sorted(IO.reader.versions) == [0, 1, 2, 3, 4, 5]
    assert set(IO.reader.versions.values()) == {0x0305}


def test_a_stack_of_five_is_read_completely():
    _reset()
    for uid in STACK:
        assert IO.world.command("place 20 " + uid) is None
    IO.world.command("place 26 e004010012345678")  # the same channel on the next tile
    before = IO.reader.collisions
    assert _read(20) == (pn5180.TAGS, sorted(STACK))
    assert _read(26) == (pn5180.TAGS, ["e004010012345678"])
    assert _read(21) == (pn5180.EMPTY, [])
    assert IO.reader.collisions - before >= 2  # the 1-slot probe and a 16-slot slot collided


def test_each_hex_reads_only_its_own_coil():
    _reset()
    IO.world.command("place 7 e004010000000077")
    for cell in range(BOARD.n_cells):
        st, uids = _read(cell)
        if cell == 7:
            assert (st, uids) == (pn5180.TAGS, ["e004010000000077"])
        else:
            assert st == pn5180.EMPTY, cell


def test_without_settling_the_tags_on_a_new_coil_are_missed():
    _reset()
    IO.world.command("place 40 e004010000000040")
    hasty = MuxReader(IO.reader._pn, IO.reader._dec, RfMux(IO.mux._pins, IO.mux._en, 0), 64)
    hasty.sel.address = BOARD.cs[0]
    hasty.read([])
    assert BOARD.cs[40] % 64 != BOARD.cs[0] % 64
    assert _read(40, hasty) == (pn5180.EMPTY, [])  # switched and asked at once: the tag is still powering up
    assert _read(40) == (pn5180.TAGS, ["e004010000000040"])  # the board's settle_us is waited


def test_settling_is_waited_once_per_channel_change():
    _reset()
    mux = IO.mux
    mux.select(63)
    changes = mux.changes
    for cell in range(6):  # channel 0 on all six tiles
        _read(cell)
    assert mux.changes == changes + 1
    assert IO.switch.channel == 0


def test_a_broken_coil_reads_empty_and_the_others_still_read():
    _reset()
    IO.world.command("place 30 e004010000000030")
    IO.world.command("place 31 e004010000000031")
    IO.world.command("fail 30")
    assert _read(30) == (pn5180.EMPTY, [])
    assert _read(31) == (pn5180.TAGS, ["e004010000000031"])
    IO.world.command("heal 30")
    assert _read(30) == (pn5180.TAGS, ["e004010000000030"])


def test_a_reader_that_does_not_answer_is_dead():
    _reset()
    sim = simchip(BOARD.cs[2] // 64)
    sim.failed = True
    try:
        assert _read(2)[0] == pn5180.DEAD
        IO.reader.sel.address = BOARD.cs[2]
        assert not IO.reader.init()
    finally:
        sim.failed = False


def simchip(reader):
    # the PN5180 model behind reader select `reader` (the simulated decoder's table)
    return IO.spi._dec.chips[reader]


run(globals())
