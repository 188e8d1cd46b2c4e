"""CI gate: every firmware file compiles with mpy-cross for RP2040 (armv6m) and ESP32 (xtensawin)."""

from hexmate.host.commands import firmware as fw


def test_every_firmware_file_compiles_for_both_boards() -> None:
    sources = fw.firmware_sources()
    names = {p.name for p in sources}
    assert {"wire.py", "reliable.py", "ble_uart.py"} <= names  # the check really sees the firmware tree
    failures = fw.check(sources, arches=["armv6m", "xtensawin"])
    assert failures == [], "\n".join(str(f) for f in failures)
