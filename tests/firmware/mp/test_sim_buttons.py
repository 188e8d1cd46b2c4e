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


run(globals())
