"""``hexmate firmware check / flash / list-boards`` through the real CLI, mpy-cross and mpremote."""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
from hexmate.host import cli
from hexmate.host.commands import firmware as fw


def _board(path: Path, mcu: str, **extra: object) -> Path:
    path.write_text(json.dumps({"format": 1, "name": path.stem, "mcu": mcu, "cells": [{}, {}, {}], **extra}))
    return path


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the real firmware folder, with a main.py if the tree has none yet."""
    root = tmp_path / "firmware"
    shutil.copytree(fw.FIRMWARE_DIR, root, ignore=shutil.ignore_patterns("__pycache__", "*.pyi", "*.md"))
    if not (root / "main.py").exists():
        (root / "main.py").write_text("import wire\nprint(wire.PROTOCOL_VERSION)\n")
    return root


# --- check ----------------------------------------------------------------------------------------------
def test_check_passes_on_the_real_firmware(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["firmware", "check"]) == 0
    out = capsys.readouterr().out
    assert f"{len(fw.firmware_sources())} firmware files compile for armv6m, xtensawin" in out


def test_check_names_file_and_line_of_a_broken_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "good.py").write_text("X = 1\n")
    (tmp_path / "broken.py").write_text("def ok():\n    return 1\n\n\ndef bad(:\n    pass\n")
    assert cli.main(["firmware", "check", "--dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'broken.py'}:5: SyntaxError: invalid syntax [armv6m]" in err
    assert f"{tmp_path / 'broken.py'}:5: SyntaxError: invalid syntax [xtensawin]" in err
    assert "good.py" not in err and "Traceback" not in err


def test_check_reports_every_failure_with_its_own_line(tmp_path: Path) -> None:
    one = tmp_path / "one.py"
    one.write_text("x = 1\nreturn x\n")
    two = tmp_path / "two.py"
    two.write_text("a = 1\nb = 2\nc = = 3\nd = 4\n")
    failures = fw.check([one, two], arches=["armv6m"])
    assert [(f.path, f.line, f.arch) for f in failures] == [(one, 2, "armv6m"), (two, 3, "armv6m")]
    assert "outside function" in failures[0].message


def test_check_with_no_sources_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["firmware", "check", "--dir", str(tmp_path)]) == 1
    assert "no .py files" in capsys.readouterr().err


# --- boards ---------------------------------------------------------------------------------------------
def test_targets_resolve_to_the_board_file_for_their_mcu(tmp_path: Path) -> None:
    _board(tmp_path / "a-emu.json", "emulated")
    esp = _board(tmp_path / "b-esp32.json", "esp32")
    pico = _board(tmp_path / "c-pico.json", "rp2040")
    spec = fw.resolve_board("pico_w", boards_dir=tmp_path)
    got = (spec.target.name, spec.target.arch, spec.target.ble, spec.board_json)
    assert got == ("pico_w", "armv6m", True, pico)
    spec = fw.resolve_board("esp32", boards_dir=tmp_path)
    assert (spec.target.arch, spec.board_json) == ("xtensawin", esp)
    # a board file picks the target from its mcu field
    assert fw.resolve_board(str(pico), boards_dir=tmp_path).target.name == "pico"
    assert fw.resolve_board("b-esp32", boards_dir=tmp_path).target.name == "esp32"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"mcu": "rp2040",}', "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"mcu": "z80"}', "expected one of esp32, rp2040"),
        ('{"mcu": "emulated"}', "emulated board: nothing to flash"),
    ],
)
def test_bad_board_files_are_named(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(fw.FirmwareError, match=message) as info:
        fw.resolve_board(str(path), boards_dir=tmp_path)
    assert str(path) in str(info.value)


def test_target_with_a_board_file_for_another_mcu_is_refused(tmp_path: Path) -> None:
    esp = _board(tmp_path / "esp.json", "esp32")
    with pytest.raises(fw.FirmwareError, match="not for a pico"):
        fw.resolve_board("pico", str(esp), boards_dir=tmp_path)


def test_unknown_board_lists_the_known_ones(tmp_path: Path) -> None:
    _board(tmp_path / "mine.json", "rp2040")
    with pytest.raises(fw.FirmwareError, match="known boards: pico, pico_w, esp32, mine"):
        fw.resolve_board("nosuch", boards_dir=tmp_path)


def test_list_boards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["firmware", "list-boards"]) == 0
    out = capsys.readouterr().out
    for name, arch in (("pico", "armv6m"), ("pico_w", "armv6m"), ("esp32", "xtensawin")):
        assert any(line.split()[:2] == [name, arch] for line in out.splitlines())
    for path in fw.board_files():
        assert path.stem in out


# --- flash ----------------------------------------------------------------------------------------------
def _plan_lines(out: str) -> list[list[str]]:
    return [shlex.split(line) for line in out.splitlines() if line and not line.startswith("#")]


@pytest.mark.parametrize(("board", "mcu", "aioble"), [("pico", "rp2040", False), ("esp32", "esp32", True)])
def test_flash_dry_run_prints_the_exact_mpremote_plan(
    tree: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], board: str, mcu: str, aioble: bool
) -> None:
    board_json = _board(tmp_path / "myboard.json", mcu)
    build = tmp_path / "build"
    argv = ["firmware", "flash", "--port", "/dev/ttyACM7", "--board", board, "--board-json", str(board_json),
            "--dry-run", "--build-dir", str(build), "--firmware-dir", str(tree), "--mpremote", "mpremote"]
    assert cli.main(argv) == 0
    plan = _plan_lines(capsys.readouterr().out)
    modules = sorted(p.stem for p in tree.glob("*.py") if p.name not in ("__init__.py", "main.py")
                     and not p.name.startswith("sim_") and (aioble or p.name != "ble_uart.py"))
    assert "wire" in modules and ("ble_uart" in modules) == aioble
    compiled = [str(build / f"{m}.mpy") for m in modules]
    connect = ["mpremote", "connect", "/dev/ttyACM7"]
    expected = [
        [*connect, "fs", "cp", *compiled, ":"],
        [*connect, "fs", "cp", str(board_json), ":board.json"],
        [*connect, "fs", "cp", str(tree / "main.py"), ":main.py"],
        [*connect, "reset"],
    ]
    if aioble:
        assert plan[0] == [*connect, "mip", "install", "aioble"]
        plan = plan[1:]
    exec_step, *rest = plan
    assert exec_step[:4] == [*connect, "exec"]
    for m in modules:  # stale sources that would shadow the .mpy are removed first
        assert f'"{m}.py"' in exec_step[4]
    assert "main.py" not in exec_step[4]
    assert rest == expected
    # the .mpy files exist, are MicroPython 1.2x bytecode, and main.py is not among them
    for path in compiled:
        assert Path(path).read_bytes()[:2] == b"M\x06"
    assert not (build / "main.mpy").exists()


def test_flash_dry_run_with_a_board_file_and_no_aioble(
    tree: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board_json = _board(tmp_path / "w.json", "rp2040", ble=True)
    argv = ["firmware", "flash", "--port", "COM3", "--board", str(board_json), "--dry-run", "--no-aioble",
            "--build-dir", str(tmp_path / "b"), "--firmware-dir", str(tree), "--mpremote", "mpremote"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "# flash pico_w (armv6m) on COM3" in out
    assert "mip" not in out


def test_flash_refuses_firmware_that_does_not_compile(
    tree: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tree / "wire.py").write_text((tree / "wire.py").read_text() + "\ndef broken(:\n")
    board_json = _board(tmp_path / "p.json", "rp2040")
    argv = ["firmware", "flash", "--port", "/dev/ttyACM0", "--board", str(board_json), "--dry-run",
            "--build-dir", str(tmp_path / "b"), "--firmware-dir", str(tree)]
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert "firmware does not compile" in err and f"{tree / 'wire.py'}:" in err and "Traceback" not in err


def test_flash_to_a_missing_port_runs_mpremote_and_fails_cleanly(
    tree: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board_json = _board(tmp_path / "p.json", "rp2040")
    port = "/dev/ttyHEXMATE-NOPE"
    argv = ["firmware", "flash", "--port", port, "--board", str(board_json),
            "--build-dir", str(tmp_path / "b"), "--firmware-dir", str(tree)]
    assert cli.main(argv) == 1  # the real mpremote ran and failed to open the port
    err = capsys.readouterr().err
    assert err.startswith("hexmate firmware: error: serial port /dev/ttyHEXMATE-NOPE does not exist")
    assert "Traceback" not in err


def test_a_port_that_exists_but_cannot_be_opened_is_called_busy() -> None:
    # /dev/null exists but is no serial port: the real mpremote fails to open it, as with a busy port
    steps = [fw.Step("list files", (str(fw.find_tool("mpremote")), "connect", "/dev/null", "fs", "ls"))]
    with pytest.raises(fw.FirmwareError) as info:
        fw.run_plan("/dev/null", steps, timeout_s=30)
    text = str(info.value)
    assert text.startswith("cannot open serial port /dev/null: it is busy")
    assert "mpremote said: mpremote: failed to access /dev/null" in text


def test_a_missing_mpremote_is_a_clean_error(
    tree: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board_json = _board(tmp_path / "p.json", "rp2040")
    argv = ["firmware", "flash", "--port", "/dev/ttyACM0", "--board", str(board_json), "--mpremote",
            str(tmp_path / "no-mpremote"), "--build-dir", str(tmp_path / "b"), "--firmware-dir", str(tree)]
    assert cli.main(argv) == 1
    assert "no-mpremote not found" in capsys.readouterr().err


def test_flash_dry_run_of_the_real_tree_for_a_pico(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--board pico picks the first RP2040 board file of hardware/boards; simulation files stay home."""
    argv = ["firmware", "flash", "--port", "/dev/ttyACM0", "--board", "pico", "--dry-run",
            "--build-dir", str(tmp_path), "--mpremote", "mpremote"]
    assert cli.main(argv) == 0
    plan = _plan_lines(capsys.readouterr().out)
    expected_json = fw.resolve_board("pico").board_json
    assert expected_json.parent == fw.BOARDS_DIR
    assert json.loads(expected_json.read_text())["mcu"] == "rp2040"
    assert ["mpremote", "connect", "/dev/ttyACM0", "fs", "cp", str(expected_json), ":board.json"] in plan
    copied = next(step for step in plan if step[-1] == ":")
    names = {Path(p).name for p in copied[5:-1]}
    assert "wire.mpy" in names and "main.mpy" not in names and "ble_uart.mpy" not in names
    assert not any(n.startswith("sim_") for n in names)
    main_py = str(fw.FIRMWARE_DIR / "main.py")
    assert ["mpremote", "connect", "/dev/ttyACM0", "fs", "cp", main_py, ":main.py"] in plan


# --- provision ------------------------------------------------------------------------------------------
def test_provision_writes_the_host_copy_then_copies_it_to_the_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = tmp_path / "calls.txt"
    fake = tmp_path / "mpremote"  # stands in for mpremote at its command line, the lowest honest boundary
    fake.write_text(f"#!/bin/sh\necho \"$@\" >> {calls}\n")
    fake.chmod(0o755)
    keys = tmp_path / "keys"
    argv = ["firmware", "provision", "--port", "/dev/ttyACM3", "--board-id", "hm-club-07", "--keys-dir",
            str(keys), "--mpremote", str(fake)]
    assert cli.main(argv) == 0
    key_file = keys / "hm-club-07.key"
    lines = key_file.read_text().splitlines()
    assert lines[0] == "hm-club-07" and len(bytes.fromhex(lines[1])) == 32
    assert key_file.stat().st_mode & 0o777 == 0o600  # the director's copy is private
    assert calls.read_text().splitlines() == [f"connect /dev/ttyACM3 fs cp {key_file} :hexmate.key",
                                              "connect /dev/ttyACM3 reset"]
    assert "--board-key" in capsys.readouterr().out
    # a board keeps its key: provisioning the same id again is refused, the key untouched
    assert cli.main(argv) == 1
    assert key_file.read_text().splitlines() == lines
    assert "already exists" in capsys.readouterr().err


def test_provision_dry_run_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["firmware", "provision", "--port", "COM4", "--keys-dir", str(tmp_path), "--dry-run"]
    assert cli.main(argv) == 0
    plan = _plan_lines(capsys.readouterr().out)
    assert plan[0][:5] == ["mpremote", "connect", "COM4", "fs", "cp"] and plan[0][-1] == ":hexmate.key"
    assert not list(tmp_path.iterdir())
