# MFRC522 and PN5180 drivers over the simulated SPI bus, decoders and register-level chip models.
import mfrc522
import pn5180
import simboard
from mptest import run
from sim_mfrc522 import crc_a_bitwise

BOARD, IO = simboard.build("emu-346")
PN_BOARD, PN_IO = simboard.build("pico-pn5180-346")


def _read(io, cell):
    io.cs.address = cell
    uids = []
    return io.reader.read(uids), [u.hex() for u in uids]


def _reset(io):
    for cards in io.world.cards:
        cards.clear()
    for chip in io.world.chips.values():
        chip.failed = False


def test_crc_a_matches_iso_example_and_bitwise_model():
    assert mfrc522.crc_a(b"\x50\x00", 2) == 0xCD57  # HLTA 50 00 57 CD
    data = b"\x93\x70\x88\x04\xa1\xb2\x9f"
    assert mfrc522.crc_a(data, len(data)) == crc_a_bitwise(data)


def test_every_mfrc522_passes_selftest_with_a_known_version():
    for cell in range(BOARD.n_cells):
        IO.cs.address = BOARD.cs[cell]
        assert IO.reader.init()
    assert IO.reader.version() in mfrc522.VERSIONS


def test_empty_cell_costs_one_exchange():
    _reset(IO)
    before = IO.spi.transfers
    assert _read(IO, 10) == (mfrc522.EMPTY, [])
    assert IO.spi.transfers - before <= 12  # one transceive: 7 writes + IRQ poll + error/level reads


def test_single_tags_of_both_uid_sizes():
    _reset(IO)
    IO.world.command("place 3 04a1b2c3d4e5f6")
    IO.world.command("place 4 deadbeef")
    assert _read(IO, 3) == (mfrc522.TAGS, ["04a1b2c3d4e5f6"])
    assert _read(IO, 4) == (mfrc522.TAGS, ["deadbeef"])
    assert _read(IO, 3) == (mfrc522.TAGS, ["04a1b2c3d4e5f6"])  # halted last time, woken by WUPA now


def test_stack_is_resolved_by_walking_the_anticollision_tree():
    _reset(IO)
    for uid in ("04119988776655", "12345678", "04a1b2c3d4e5f6", "0455aa01020304"):
        IO.world.command("place 7 " + uid)
    status, uids = _read(IO, 7)
    assert status == mfrc522.TAGS
    assert uids == sorted(["04119988776655", "12345678", "04a1b2c3d4e5f6", "0455aa01020304"])
    assert IO.reader.collisions > 0


def test_tags_sharing_their_first_uid_bytes_are_resolved_at_level_two():
    _reset(IO)
    IO.world.command("place 8 04a1b2c3d4e5f6")
    IO.world.command("place 8 04a1b2c4d4e5f7")  # same cascade-level-1 frame
    IO.world.command("place 8 04a1b2c3d4e5f7")  # differs only in the last bit
    assert _read(IO, 8) == (mfrc522.TAGS, ["04a1b2c3d4e5f6", "04a1b2c3d4e5f7", "04a1b2c4d4e5f7"])


def test_garbled_answer_is_uncertain_not_guessed():
    _reset(IO)
    IO.world.command("place 8 04a1b2c3d4e5f6")
    chip = IO.world.chips[8]
    real = chip._iso14443

    def garble(data, bits):
        resp = real(data, bits)
        if resp is not None and data[0] == 0x93 and data[1] == 0x70:
            return bytes([resp[0][0], resp[0][1] ^ 0xFF, resp[0][2]]), 0, -1  # SAK with a broken CRC
        return resp

    chip._iso14443 = garble
    try:
        assert _read(IO, 8) == (mfrc522.UNCERTAIN, [])
    finally:
        chip._iso14443 = real


def test_too_many_tags_is_uncertain():
    _reset(IO)
    for k in range(6):
        IO.world.command("place 9 0" + str(k) + "112233")
    assert _read(IO, 9)[0] == mfrc522.UNCERTAIN


def test_failed_reader_is_dead_and_recovers():
    _reset(IO)
    IO.world.command("place 11 deadbeef")
    IO.world.command("fail 11")
    assert _read(IO, 11)[0] == mfrc522.DEAD
    IO.cs.address = 11
    assert not IO.reader.init()
    IO.world.command("heal 11")
    assert IO.reader.init()
    assert _read(IO, 11) == (mfrc522.TAGS, ["deadbeef"])


def test_pn5180_reads_every_tag_of_a_stack():
    _reset(PN_IO)
    for cell in range(PN_BOARD.n_cells):
        PN_IO.cs.address = cell
        assert PN_IO.reader.init()
    uids = ["e004010000000011", "e004010000000021", "e004010000000031", "e0040100aabbcc02",
            "e0040100aabbcc13"]
    for uid in uids:
        PN_IO.world.command("place 20 " + uid)
    PN_IO.world.command("place 21 e004010012345678")
    assert _read(PN_IO, 20) == (pn5180.TAGS, sorted(uids))
    assert _read(PN_IO, 21) == (pn5180.TAGS, ["e004010012345678"])
    assert _read(PN_IO, 22) == (pn5180.EMPTY, [])
    assert PN_IO.reader.collisions >= 2  # 1-slot probe collided, then slot 1 of the 16-slot round


def test_pn5180_failed_reader_is_dead():
    _reset(PN_IO)
    PN_IO.world.command("fail 30")
    assert _read(PN_IO, 30)[0] == pn5180.DEAD
    PN_IO.cs.address = 30
    assert not PN_IO.reader.init()


def test_reader_type_refuses_tags_it_cannot_read():
    assert IO.world.command("place 1 e004010012345678") is not None  # ISO 15693 UID on an MFRC522 board
    assert PN_IO.world.command("place 1 deadbeef") is not None


run(globals())
