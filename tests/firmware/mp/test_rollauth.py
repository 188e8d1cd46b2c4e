# Roll authentication under MicroPython: HMAC-SHA256 built on hashlib.sha256 matches RFC 4231's test vectors;
# the signer counts the rolls of one boot and signs the context with them; key files are read or refused.
import struct

from mptest import run
from rollauth import Signer, hmac_sha256, message, read_key


def _hex(b):
    return "".join(f"{x:02x}" for x in b)


def test_hmac_rfc4231_case_1():
    key = bytes([0x0B] * 20)
    got = hmac_sha256(key, b"Hi There")
    assert _hex(got) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", _hex(got)


def test_hmac_rfc4231_case_6_key_longer_than_a_block():
    key = bytes([0xAA] * 131)
    got = hmac_sha256(key, b"Test Using Larger Than Block-Size Key - Hash Key First")
    assert _hex(got) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54", _hex(got)


def test_signer_counts_and_binds_the_context():
    s = Signer("hm-1", bytes(32), lambda n: b"\x01\x02\x03\x04")
    a = s.sign(7, 0, [3, 4], b"c" * 16)
    b = s.sign(8, 0, [3, 4], b"c" * 16)
    assert struct.unpack("<II", a[:8]) == (0x04030201, 1)
    assert struct.unpack("<II", b[:8]) == (0x04030201, 2)
    assert len(a) == 40 and a[8:] != b[8:]
    want = hmac_sha256(bytes(32), message("hm-1", 0x04030201, 1, 7, 0, [3, 4], b"c" * 16))
    assert a[8:] == want
    other = hmac_sha256(bytes(32), message("hm-1", 0x04030201, 1, 7, 0, [3, 4], b"d" * 16))
    assert other != want


def test_key_files_are_read_or_refused():
    with open("/tmp/hexmate-mp-test.key", "w") as f:
        f.write("hm-abc\n" + "0f" * 32 + "\n")
    assert read_key("/tmp/hexmate-mp-test.key") == ("hm-abc", bytes([15] * 32))
    with open("/tmp/hexmate-mp-test.key", "w") as f:
        f.write("hm-abc\nshort\n")
    try:
        read_key("/tmp/hexmate-mp-test.key")
        raise AssertionError("a malformed key file was accepted")
    except ValueError as e:
        assert "64-hex-digit" in str(e)
    assert read_key("/tmp/no-such-hexmate.key") is None


run(globals())
