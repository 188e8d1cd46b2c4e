# Dice (unbiased d6 from os.urandom, one roll per armed press) and debounced buttons over simulated pins.
import os

from buttons import Buttons
from dice import ANY_BUTTON, Dice, d6
from mptest import run
from sim_hw import SimPin


def test_d6_covers_one_to_six_evenly():
    counts = [0] * 7
    n = 6000
    for _ in range(n):
        counts[d6()] += 1
    assert counts[0] == 0
    for face in range(1, 7):
        assert 800 < counts[face] < 1200, counts  # ~6 sigma around 1000


def test_d6_rejects_the_biased_top_bytes():
    stream = [255, 254, 253, 252, 251, 0, 5, 6]
    pos = [0]

    def fake(n):
        pos[0] += 1
        return bytes([stream[pos[0] - 1]])

    assert d6(fake) == 251 % 6 + 1  # 252..255 were thrown away
    assert pos[0] == 5
    assert [d6(fake), d6(fake), d6(fake)] == [1, 6, 1]


def test_armed_press_rolls_what_was_armed_once():
    dice = Dice()
    assert dice.press(0) is None  # nothing armed
    dice.arm(7, 0, 2)
    request, values = dice.press(0)
    assert request == 7 and len(values) == 2 and all(1 <= v <= 6 for v in values)
    assert dice.press(0) is None  # one roll per arming
    dice.arm(8, 1, 1)
    assert dice.press(0) is None
    request, values = dice.press(1)
    assert request == 8 and len(values) == 1
    dice.arm(9, ANY_BUTTON, 2)
    assert dice.press(1)[0] == 9


def test_any_button_arms_only_the_dice_buttons():
    dice = Dice(any_buttons=[0, 1])  # button 2 is the board's done button
    dice.arm(5, ANY_BUTTON, 1)
    assert not dice.armed(2) and dice.press(2) is None  # done is reported, never rolled
    assert dice.armed(1) and dice.press(1)[0] == 5
    dice.arm(6, 2, 1)  # armed by its own id, any button rolls (the host's choice)
    assert dice.press(2)[0] == 6


def test_both_dice_use_separate_draws():
    seen_diff = False
    dice = Dice()
    for r in range(200):
        dice.arm(r, 0, 2)
        _, values = dice.press(0)
        if values[0] != values[1]:
            seen_diff = True
    assert seen_diff


def _buttons():
    pins = [SimPin(14, value=1), SimPin(15, value=1)]
    return pins, Buttons(pins, [True, True], debounce_ms=20)


def test_held_button_gives_one_press():
    pins, b = _buttons()
    events = []
    pins[0].drive(0)
    for t in range(0, 2000, 5):
        b.poll(t, events)
    assert events == [(0, 1)]
    pins[0].drive(1)
    for t in range(2000, 2100, 5):
        b.poll(t, events)
    assert events == [(0, 1), (0, 0)]


def test_bounces_shorter_than_the_debounce_are_ignored():
    pins, b = _buttons()
    events = []
    t = 0
    for level in (0, 1, 0, 1, 0, 1):  # contact bounce, 5 ms per level
        pins[1].drive(level)
        b.poll(t, events)
        t += 5
    for _ in range(10):
        b.poll(t, events)
        t += 5
    assert events == []
    pins[1].drive(0)
    for _ in range(10):
        b.poll(t, events)
        t += 5
    assert events == [(1, 1)]


def test_pin_irq_only_sets_a_flag():
    pins, b = _buttons()
    assert not b.edge_flag
    pins[0].drive(0)
    assert b.edge_flag and b.stable[0] == 0  # no state change until the sampler runs
    b.poll(0, [])
    assert not b.edge_flag


def test_urandom_is_the_source():
    assert len(os.urandom(4)) == 4


run(globals())
