# The emulated board's random source (sim_world.World.randbytes, world command dice-next) under MicroPython:
# queued pips come out of the firmware's own dice.Dice in order, then os.urandom takes over again.
import simboard
from dice import Dice
from main import Firmware
from mptest import run


class _NoLink:
    def read(self):
        return b""

    def write(self, data):
        pass


def _world():
    _, io = simboard.build()
    return io.world, io


def test_dice_next_sets_the_next_draws_in_order():
    world, io = _world()
    assert world.command("dice-next 6,1,3") is None
    dice = Dice(io.randbytes)
    dice.arm(1, 0, 2)
    assert dice.press(0) == (1, bytearray([6, 1]))
    dice.arm(2, 1, 1)
    assert dice.press(1) == (2, bytearray([3]))


def test_after_the_queue_the_random_source_takes_over():
    world, io = _world()
    world.command("dice-next 2")
    dice = Dice(io.randbytes)
    seen = set()
    for r in range(300):
        dice.arm(r, 0, 1)
        seen.add(dice.press(0)[1][0])
    assert seen == {1, 2, 3, 4, 5, 6}  # 300 random draws after the one queued 2


def test_a_new_dice_next_replaces_what_is_left():
    world, io = _world()
    world.command("dice-next 1,1,1")
    world.command("dice-next 5,4")
    dice = Dice(io.randbytes)
    dice.arm(1, 0, 2)
    assert dice.press(0)[1] == bytearray([5, 4])


def test_the_firmware_rolls_through_the_world_source():
    board, io = simboard.build()
    fw = Firmware(board, io, _NoLink())
    io.world.command("dice-next 4,4")
    fw.dice.arm(9, 0, 2)
    assert fw.dice.press(0) == (9, bytearray([4, 4]))


def test_bad_pips_are_an_error_naming_the_command_and_queue_nothing():
    world, _ = _world()
    for line, part in (("dice-next 3,7", "'7'"), ("dice-next 0", "'0'"), ("dice-next 3,x", "'x'"),
                       ("dice-next 3,,4", "''")):
        err = world.command(line)
        assert err is not None and err.startswith("dice-next: pips must be 1..6") and part in err, err
    assert world.command("dice-next").startswith("dice-next takes one comma-separated list")
    assert world.command("dice-next 1 2").startswith("dice-next takes one")
    assert world._pips == []


run(globals())
