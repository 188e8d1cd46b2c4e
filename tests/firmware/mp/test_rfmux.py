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


def _group_of(cell):
    ch = BOARD.cs[cell] % 64
    return [i for i in range(BOARD.n_cells) if BOARD.cs[i] % 64 == ch]


def test_a_channel_read_on_all_tiles_together_matches_reading_one_by_one():
    _reset()
    group = _group_of(20)  # channel of cell 20: one cell on each of the six tiles
    assert len(group) == 6 and sorted(BOARD.cs[i] // 64 for i in group) == [0, 1, 2, 3, 4, 5]
    for uid in STACK:
        IO.world.command("place " + str(group[0]) + " " + uid)  # a stack on tile 0
    IO.world.command("place " + str(group[2]) + " e004010000000077")  # one tag on tile 2
    IO.world.command("fail " + str(group[4]))  # a broken coil on tile 4, a tag on it
    IO.world.command("place " + str(group[4]) + " e004010000000088")
    bufs = [[] for _ in group]
    states = IO.reader.read_group([BOARD.cs[i] for i in group], bufs)
    got = [(states[k], sorted(u.hex() for u in bufs[k])) for k in range(len(group))]
    one_by_one = [_read(i) for i in group]
    assert got == [(s, sorted(u)) for s, u in one_by_one]
    assert got[0] == (pn5180.TAGS, sorted(STACK)) and got[2] == (pn5180.TAGS, ["e004010000000077"])
    assert got[4] == (pn5180.EMPTY, []) and got[1] == (pn5180.EMPTY, [])


def test_a_dead_reader_in_a_group_is_dead_and_the_others_still_read():
    _reset()
    group = _group_of(9)
    IO.world.command("place " + str(group[1]) + " e004010000000001")
    sim = simchip(BOARD.cs[group[3]] // 64)
    sim.failed = True
    try:
        bufs = [[] for _ in group]
        states = list(IO.reader.read_group([BOARD.cs[i] for i in group], bufs))[: len(group)]
        assert states[3] == pn5180.DEAD
        assert states[1] == pn5180.TAGS and [u.hex() for u in bufs[1]] == ["e004010000000001"]
    finally:
        sim.failed = False


def test_the_scanner_reads_the_board_channel_by_channel():
    from scanner import Scanner

    _reset()
    seen = []
    def changed(c, st, u, t):
        seen.append((c, st, sorted(x.hex() for x in u)))

    sc = Scanner(BOARD, IO.reader, IO.cs, changed, lambda c, code: None, debounce_ms=0)
    assert len(sc.groups) == 61 and sc.groups[0] == (0, 6)  # 61 channels in use, six tiles each
    for uid in STACK:
        IO.world.command("place 200 " + uid)
    IO.world.command("place 301 e004010000000301")
    changes = IO.mux.changes
    for a, b in sc.spans():
        sc.read_span(a, b, 0)
    assert IO.mux.changes - changes <= 61
    assert sorted(seen) == [(200, pn5180.TAGS, sorted(STACK)), (301, pn5180.TAGS, ["e004010000000301"])]


def test_every_shipped_switched_coil_board_loads_and_groups_by_channel():
    import board as boardmod
    import boardio
    from scanner import Scanner

    want = {"pico-sw-mux": (1408, 24, 64), "pico-ft-mux": (1300, 28, 56), "pico-pg-mux": (231, 4, 61)}
    for name, (cells, readers, groups) in want.items():
        b = boardmod.load("hardware/boards/" + name + ".json")
        io = boardio.build(b)
        sc = Scanner(b, io.reader, io.cs, lambda *a: None, lambda *a: None)
        assert (b.n_cells, b.n_readers, len(sc.groups)) == (cells, readers, groups), name
        assert max(e - a for a, e in sc.groups) == readers, name  # a channel on every tile at once


def simchip(reader):
    # the PN5180 model behind reader select `reader` (the simulated decoder's table)
    return IO.spi._dec.chips[reader]


run(globals())
