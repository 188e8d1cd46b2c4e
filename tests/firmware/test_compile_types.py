"""Firmware type-checks with mypy against the MicroPython stubs of each port (micropython-rp2-stubs and
micropython-esp32-stubs), function bodies included; see host/commands/firmware.typecheck."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hexmate.host.commands import firmware as fw


@pytest.mark.parametrize("port", ["rp2", "esp32"])
def test_firmware_type_checks_against_the_port_stubs(port: str) -> None:
    errors = fw.typecheck(port)
    assert errors == [], "\n".join(errors)


@pytest.fixture
def bad_tree(tmp_path: Path) -> Path:
    shutil.copy(fw.FIRMWARE_DIR / "wire.py", tmp_path)
    shutil.copy(fw.FIRMWARE_DIR / "wire.pyi", tmp_path)
    (tmp_path / "blinky.py").write_text(
        "# deliberately wrong for the stubs\n"
        "import time\n"
        "import wire\n"
        "try:\n"
        "    from micropython import const\n"
        "except ImportError:\n"
        "    def const(x):\n"
        "        return x\n"
        "_PERIOD_MS = const(100)\n"
        "\n"
        "\n"
        "def deadline():\n"
        "    return time.ticks_ms() + _PERIOD_MS\n"  # ticks wrap: ticks_add is the only right way
        "\n"
        "\n"
        "def checksum():\n"
        "    return wire.crc16(12)\n"
    )
    (tmp_path / "pio.py").write_text("import rp2\n\nSM = rp2.StateMachine(0)\n")
    return tmp_path


def test_errors_name_file_and_line_and_respect_the_port(bad_tree: Path) -> None:
    sources = fw.firmware_sources(bad_tree)
    rp2 = fw.typecheck("rp2", sources)
    esp32 = fw.typecheck("esp32", sources)
    blinky = bad_tree / "blinky.py"
    for errors in (rp2, esp32):
        assert any(e.startswith(f"{blinky}:13: Unsupported operand types for +") for e in errors), errors
        assert any(e.startswith(f"{blinky}:17: Argument 1 to \"crc16\"") for e in errors), errors
        # the CPython fallback for const() is not device code: no complaint about its redefinition
        assert not any(e.startswith(f"{blinky}:7:") for e in errors)
    # rp2 exists only in the RP2040 stubs
    assert not any("pio.py" in e for e in rp2)
    assert any(e.startswith(f"{bad_tree / 'pio.py'}:1:") and '"rp2"' in e for e in esp32), esp32


def test_every_module_spared_the_body_check_still_needs_it() -> None:
    """BODIES_NOT_CHECKED may only name modules that exist and still fail the full check (rp2 stubs)."""
    sources = fw.firmware_sources()
    names = {p.stem for p in sources}
    assert set(fw.BODIES_NOT_CHECKED) <= names, set(fw.BODIES_NOT_CHECKED) - names
    errors = fw.typecheck("rp2", sources, bodies_not_checked=())
    failing = {Path(e.split(":", 1)[0]).stem for e in errors}
    assert set(fw.BODIES_NOT_CHECKED) <= failing, (
        f"now type-check fully, remove from BODIES_NOT_CHECKED: {set(fw.BODIES_NOT_CHECKED) - failing}"
    )
