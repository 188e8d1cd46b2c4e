# The emulated board's random source (sim_world.World.randbytes, world command dice-next) under MicroPython:
# queued pips come out of the firmware's own dice.Dice in order (d6 and d10), then os.urandom takes over
# again; a pip the drawing die does not have is refused, never shown as another face.
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
    io.world.command("dice-next 8")
    fw.dice.arm(10, 0, 1, 10)
    assert fw.dice.press(0) == (10, bytearray([8]))
    errors = io.world.errors
    io.world.command("dice-next 8")  # the firmware tells the world a d6 draws it: refused
    fw.dice.arm(11, 0, 1)
    assert 1 <= fw.dice.press(0)[1][0] <= 6 and io.world.errors == errors + 1


def test_d10_pips_come_out_of_a_d10_roll():
    world, io = _world()
    assert world.command("dice-next 10,1,9,7") is None
    dice = Dice(io.randbytes)
    dice.on_roll = world.rolling
    dice.arm(1, 0, 2, 10)
    assert dice.press(0) == (1, bytearray([10, 1]))
    dice.arm(2, 0, 2, 10)
    assert dice.press(0) == (2, bytearray([9, 7]))
    assert world.errors == 0


class _Out:
    def __init__(self):
        self.lines = []

    def write(self, data):
        self.lines.append(data.decode())


def test_a_pip_the_rolled_die_does_not_have_is_refused_not_shown_as_another_face():
    world, io = _world()
    world.out = _Out()
    dice = Dice(io.randbytes)
    dice.on_roll = world.rolling
    for _ in range(50):  # the refused pip's die is random, whatever byte os.urandom gave first
        world.command("dice-next 9,4")
        world.out.lines = []
        dice.arm(3, 0, 2)  # 2d6: the 9 cannot be shown, the 4 still goes to the second die
        request, values = dice.press(0)
        assert request == 3 and 1 <= values[0] <= 6 and values[1] == 4
        assert world.out.lines == ["error dice-next: pip 9 is not a face of the d6 being rolled; "
                                   "rolled at random instead\n"]
    assert world.errors == 50
    world.command("dice-next 9")  # the same pip fits the d10 that draws it
    dice.arm(4, 0, 1, 10)
    assert dice.press(0) == (4, bytearray([9]))
    assert world.errors == 50


def test_bad_pips_are_an_error_naming_the_command_and_queue_nothing():
    world, _ = _world()
    for line, part in (("dice-next 3,11", "'11'"), ("dice-next 0", "'0'"), ("dice-next 3,x", "'x'"),
                       ("dice-next 3,,4", "''")):
        err = world.command(line)
        assert err is not None and err.startswith("dice-next: pips must be 1..10") and part in err, err
    assert world.command("dice-next").startswith("dice-next takes one comma-separated list")
    assert world.command("dice-next 1 2").startswith("dice-next takes one")
    assert world._pips == []


run(globals())
