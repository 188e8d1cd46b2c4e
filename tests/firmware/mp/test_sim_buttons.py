# The emulated world's buttons under MicroPython: `press`/`release` by name (`done`) or id, on every board.
import simboard
from mptest import run


def test_press_by_name_or_id_drives_that_pin():
    _, io = simboard.build()
    done = io.buttons[2]
    assert done.value() == 1  # active low, idle high
    assert io.world.command("press done") is None
    assert done.value() == 0
    assert io.world.command("release 2") is None
    assert done.value() == 1
    assert io.world.command("press dice-b") is None and io.buttons[1].value() == 0


def test_every_board_has_a_done_button():
    for name in ("emu-346", "pico-346", "esp32-346", "pico-pn5180-346", "emu-sw-1408"):
        b = simboard.load(name)
        assert b.button_names == ["dice-a", "dice-b", "done"], name


def test_an_unknown_button_is_an_error_naming_the_command_and_the_buttons():
    _, io = simboard.build()
    for line in ("press start", "press 3", "release -1"):
        err = io.world.command(line)
        assert err == line.split()[0] + ": no button " + line.split()[1] + \
            " (buttons: dice-a = 0, dice-b = 1, done = 2)", err
    assert [p.value() for p in io.buttons] == [1, 1, 1]


def test_a_click_is_seen_once_however_late_the_sampler_reads():
    # a starved emulator may sample its buttons long after the world's press and release arrived: a click
    # holds the pin down for two reads and 60 ms of them, then up as long, so every click is one press
    from time import sleep_ms, ticks_ms

    from buttons import Buttons

    _, io = simboard.build()
    buttons = Buttons(io.buttons, [True, True, True])
    assert io.world.command("click done") is None
    assert io.world.command("click done") is None  # a second click waits for the first to end
    events = []
    for _ in range(40):
        buttons.poll(ticks_ms(), events)
        sleep_ms(10)
    assert events == [(2, 1), (2, 0), (2, 1), (2, 0)], events
    assert io.buttons[2].value() == 1
    # a sampler starved for longer than the click: the first late read still finds it pressed
    assert io.world.command("click done") is None
    events = []
    buttons.poll(ticks_ms(), events)
    sleep_ms(150)
    buttons.poll(ticks_ms(), events)
    assert events == [(2, 1)], events
    for _ in range(3):
        sleep_ms(150)
        buttons.poll(ticks_ms(), events)
    assert events == [(2, 1), (2, 0)], events
    err = io.world.command("click start")
    assert err == "click: no button start (buttons: dice-a = 0, dice-b = 1, done = 2)", err


run(globals())
