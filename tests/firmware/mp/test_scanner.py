# Scanner over the simulated emu-346 board: place/lift/stack/uncertain, debounce of a slide, faults, re-scans.
import simboard
from mptest import run
from scanner import FAULT_NO_ANSWER, FAULT_RECOVERED, FAULT_SELFTEST, TAGS, UNCERTAIN, Scanner

EMPTY = 0


class Recorder:
    def __init__(self):
        self.changes = []
        self.faults = []

    def change(self, cell, state, uids, t):
        self.changes.append((cell, state, [u.hex() for u in uids], t))

    def fault(self, cell, code):
        self.faults.append((cell, code))


def make(debounce_ms=40):
    board, io = simboard.build()
    rec = Recorder()
    sc = Scanner(board, io.reader, io.cs, rec.change, rec.fault, debounce_ms=debounce_ms)
    assert sc.selftest() == []
    return board, io, sc, rec


def full_pass(sc, now):
    for i in range(sc.n):
        sc.read_cell(i, now)


def test_place_is_reported_once_after_the_debounce():
    _board, io, sc, rec = make()
    full_pass(sc, 0)
    io.world.command("place 40 04a1b2c3d4e5f6")
    full_pass(sc, 1000)
    assert rec.changes == []  # seen once, not yet stable
    sc.read_cell(40, 1020)
    assert rec.changes == []
    sc.read_cell(40, 1041)
    assert rec.changes == [(40, TAGS, ["04a1b2c3d4e5f6"], 1000)]  # stamped when first seen
    full_pass(sc, 1100)
    assert len(rec.changes) == 1


def test_lift_and_stack_changes():
    _board, io, sc, rec = make(debounce_ms=0)
    io.world.command("place 41 deadbeef")
    full_pass(sc, 0)
    io.world.command("place 41 04a1b2c3d4e5f6")
    full_pass(sc, 10)
    io.world.command("lift 41 deadbeef")
    io.world.command("lift 41 04a1b2c3d4e5f6")
    full_pass(sc, 20)
    assert rec.changes == [(41, TAGS, ["deadbeef"], 0), (41, TAGS, ["04a1b2c3d4e5f6", "deadbeef"], 10),
                           (41, EMPTY, [], 20)]


def test_unreadable_cell_reports_uncertain():
    _board, io, sc, rec = make(debounce_ms=0)
    for k in range(6):  # more tags than the reader resolves
        io.world.command("place 42 0" + str(k) + "112233")
    full_pass(sc, 0)
    assert rec.changes == [(42, UNCERTAIN, [], 0)]
    assert sc.uncertain_reads == 1


def test_a_slide_across_cells_reports_only_where_the_counter_stops():
    _board, io, sc, rec = make(debounce_ms=40)
    full_pass(sc, 0)
    uid = "04a1b2c3d4e5f6"
    path = [43, 44, 45, 46]  # E2..E5, 15 ms on each
    t = 100
    prev = None
    for cell in path:
        if prev is not None:
            io.world.command("lift " + str(prev) + " " + uid)
        io.world.command("place " + str(cell) + " " + uid)
        for _ in range(3):
            for c in list(sc._hot) or [cell]:
                sc.read_cell(c, t)
            t += 5
        prev = cell
    for _ in range(20):
        for c in list(sc._hot):
            sc.read_cell(c, t)
        t += 5
    assert rec.changes == [(46, TAGS, [uid], 145)], rec.changes


def test_change_heats_its_neighbourhood():
    board, io, sc, _rec = make()
    full_pass(sc, 0)
    io.world.command("place 100 deadbeef")
    sc.read_cell(100, 10)
    hot = sorted(sc._hot)
    assert 100 in hot and 6 <= len(hot) <= 7  # the cell and its neighbours
    for c in hot:
        if c != 100:
            d2 = (board.x[c] - board.x[100]) ** 2 + (board.y[c] - board.y[100]) ** 2
            assert d2 < (1.01 * board.pitch_mm) ** 2


def test_reader_that_stops_answering_is_faulted_then_recovers():
    _board, io, sc, rec = make(debounce_ms=0)
    io.world.command("place 60 deadbeef")
    full_pass(sc, 0)
    io.world.command("fail 60")
    for t in (10, 20, 30):
        sc.read_cell(60, t)
    assert rec.faults == [(60, FAULT_NO_ANSWER)]
    assert rec.changes[-1] == (60, UNCERTAIN, [], 30)
    assert sc.failed_count() == 1 and sc.reader_errors == 3
    sc.read_cell(60, 40)  # not retried before retry_ms
    assert sc.reader_errors == 3
    io.world.command("heal 60")
    sc.read_cell(60, 30 + sc.retry_ms)
    assert rec.faults[-1] == (60, FAULT_RECOVERED)
    assert rec.changes[-1][:3] == (60, TAGS, ["deadbeef"])
    assert sc.failed_count() == 0


def test_selftest_reports_dead_readers():
    _board, io, sc, rec = make()
    io.world.command("fail 5")
    io.world.command("fail 300")
    assert sc.selftest() == [5, 300]
    assert rec.faults == [(5, FAULT_SELFTEST), (300, FAULT_SELFTEST)]
    assert [c[:2] for c in rec.changes] == [(5, UNCERTAIN), (300, UNCERTAIN)]


def test_a_pass_over_empty_cells_allocates_nothing():
    import gc

    _board, _io, sc, _rec = make()
    full_pass(sc, 0)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        full_pass(sc, 10)
        assert gc.mem_alloc() - before == 0  # driver, decoder and scanner hot path (and the chip model)
    finally:
        gc.enable()


run(globals())
