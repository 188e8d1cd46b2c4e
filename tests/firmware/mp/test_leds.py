# LED state and animation onto a simulated WS2812 chain (solid, blink, pulse, sequence, faults, brightness).
from array import array

from leds import BLINK, PULSE, SEQUENCE, SOLID, Leds
from mptest import run
from sim_hw import SimNeoPixel, SimPin


def make(n_cells=4, per_cell=1, brightness=255):
    first = array("H", [k * per_cell for k in range(n_cells + 1)])
    lst = array("H", range(n_cells * per_cell))
    np = SimNeoPixel(SimPin(22), n_cells * per_cell)
    return np, Leds(np, n_cells, first, lst, brightness)


def px(np, i):
    return tuple(np.shown[3 * i : 3 * i + 3])


def test_solid_is_written_once():
    np, leds = make()
    leds.apply([(1, 10, 20, 30, SOLID, 0)])
    assert leds.render(0)
    assert px(np, 1) == (10, 20, 30) and px(np, 0) == (0, 0, 0)
    assert not leds.render(10) and np.writes == 1  # nothing changed: the strip is not rewritten


def test_blink_toggles_over_its_period():
    np, leds = make()
    leds._epoch = 0
    leds.apply([(2, 255, 0, 0, BLINK, 10)])  # 100 ms period
    leds.render(0)
    assert px(np, 2) == (255, 0, 0)
    leds.render(60)
    assert px(np, 2) == (0, 0, 0)
    leds.render(110)
    assert px(np, 2) == (255, 0, 0)


def test_pulse_ramps():
    np, leds = make()
    leds._epoch = 0
    leds.apply([(0, 200, 100, 0, PULSE, 20)])  # 200 ms
    leds.render(0)
    assert px(np, 0) == (0, 0, 0)
    leds.render(50)
    assert px(np, 0) == (100, 50, 0)
    leds.render(100)
    assert px(np, 0) == (200, 100, 0)


def test_sequence_lights_cells_in_the_order_given():
    np, leds = make()
    leds._epoch = 0
    leds.apply([(3, 0, 0, 9, SEQUENCE, 5), (1, 0, 0, 9, SEQUENCE, 5), (2, 0, 0, 9, SEQUENCE, 5)])
    lit = []
    for t in (0, 50, 100, 150):
        leds.render(t)
        lit.append([c for c in range(4) if px(np, c) != (0, 0, 0)])
    assert lit == [[3], [1], [2], [3]]


def test_fault_overrides_with_red_until_healed():
    np, leds = make()
    leds.apply([(1, 0, 255, 0, SOLID, 0)])
    leds.set_fault(1, True)
    leds.render(0)
    assert px(np, 1) == (255, 0, 0) and leds.logical(1) == (255, 0, 0, SOLID)
    leds.set_fault(1, False)
    leds.render(10)
    assert px(np, 1) == (0, 255, 0)


def test_several_leds_per_cell_and_brightness():
    np, leds = make(n_cells=2, per_cell=3, brightness=128)
    leds.apply([(1, 200, 100, 2, SOLID, 0)])
    leds.render(0)
    assert [px(np, i) for i in range(6)] == [(0, 0, 0)] * 3 + [(100, 50, 1)] * 3


def test_clear_and_bad_entries():
    np, leds = make()
    assert leds.apply([(9, 1, 1, 1, SOLID, 0), (0, 1, 1, 1, 7, 0), (1, 5, 5, 5, SOLID, 0)]) == 2
    leds.render(0)
    assert px(np, 1) == (5, 5, 5) and px(np, 0) == (0, 0, 0)
    leds.clear()
    leds.render(0)
    assert np.shown == bytes(12)


run(globals())
