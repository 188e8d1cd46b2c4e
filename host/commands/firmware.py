"""``hexmate firmware``: compile-check the board firmware, flash it with mpremote, list the known boards.

    hexmate firmware check                          # every firmware/*.py through mpy-cross, RP2040 and ESP32
    hexmate firmware flash --port /dev/ttyACM0 --board pico_w [--dry-run]
    hexmate firmware list-boards

Flashing compiles each module to .mpy for the board's architecture, copies them with ``mpremote connect PORT
fs cp``, copies the board definition as ``board.json`` and ``main.py`` as source (the board runs main.py
from source at boot), then resets the board. Errors name the port or the file; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import hexmate.firmware

FIRMWARE_DIR = Path(hexmate.firmware.__file__).resolve().parent
BOARDS_DIR = FIRMWARE_DIR.parent / "hardware" / "boards"

# MicroPython port -> mpy-cross -march value (native code emitted for that core; bytecode is portable).
ARCHES = {"rp2": "armv6m", "esp32": "xtensawin"}
# Board JSON "mcu" field -> MicroPython port.
MCU_PORTS = {"rp2040": "rp2", "esp32": "esp32"}

# Files that never go to a board: the package marker of the host-side import name.
_HOST_ONLY = frozenset({"__init__.py"})
_MPREMOTE_TIMEOUT_S = 120.0
_COMPILE_TIMEOUT_S = 60.0


class FirmwareError(Exception):
    """A firmware command failed; the message says where and what to do."""


@dataclass(frozen=True)
class Target:
    """A kind of board we can flash: its MicroPython port and whether it has a BLE radio (aioble)."""

    name: str
    port: str
    ble: bool
    description: str

    @property
    def arch(self) -> str:
        return ARCHES[self.port]


TARGETS = {
    "pico": Target("pico", "rp2", False, "Raspberry Pi Pico (RP2040), USB serial"),
    "pico_w": Target("pico_w", "rp2", True, "Raspberry Pi Pico W (RP2040 + CYW43), USB serial and BLE"),
    "esp32": Target("esp32", "esp32", True, "ESP32 (Xtensa LX6), USB serial and BLE"),
}


@dataclass(frozen=True)
class CompileFailure:
    """One file that mpy-cross refused, with the line it names (0 if it names none)."""

    path: Path
    line: int
    message: str
    arch: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message} [{self.arch}]"


def find_tool(name: str) -> Path:
    """A console tool of this installation (mpy-cross, mpremote, micropython): next to the running Python
    first, so the venv's copy wins, then on PATH."""
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return beside
    found = shutil.which(name)
    if found is None:
        raise FirmwareError(f"{name} not found: install hexmate with its dependencies (pip install -e .)")
    return Path(found)


def firmware_sources(root: Path = FIRMWARE_DIR) -> list[Path]:
    """Every MicroPython source file of the firmware, sorted."""
    return sorted(p for p in root.glob("*.py") if p.is_file())


_FILE_LINE = re.compile(r'File "(?P<file>[^"]*)", line (?P<line>\d+)')


def _parse_mpy_cross_error(path: Path, arch: str, output: str) -> CompileFailure:
    match = _FILE_LINE.search(output)
    line = int(match.group("line")) if match else 0
    lines = [ln.strip() for ln in output.strip().splitlines() if ln.strip()]
    message = lines[-1] if lines else "mpy-cross failed without a message"
    return CompileFailure(path, line, message, arch)


def compile_file(src: Path, arch: str, out: Path | None = None) -> CompileFailure | None:
    """Compile one file with mpy-cross for arch; None on success. Without out, the .mpy is discarded."""
    mpy_cross = find_tool("mpy-cross")
    if out is None:
        target = "/dev/null"
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        target = str(out)
    cmd = [str(mpy_cross), f"-march={arch}", "-s", src.name, "-o", target, str(src)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=_COMPILE_TIMEOUT_S, check=False)
    if proc.returncode == 0:
        return None
    return _parse_mpy_cross_error(src, arch, proc.stderr + proc.stdout)


def check(
    sources: Sequence[Path] | None = None, arches: Sequence[str] = tuple(ARCHES.values())
) -> list[CompileFailure]:
    """Compile every source for every architecture; the failures, in file then arch order."""
    files = firmware_sources() if sources is None else list(sources)
    failures = []
    for src in files:
        for arch in arches:
            failure = compile_file(src, arch)
            if failure is not None:
                failures.append(failure)
    return failures


# --- type checking against the MicroPython stubs ------------------------------------------------------
# micropython-rp2-stubs and micropython-esp32-stubs (dev extra) both install machine.pyi, time.pyi, ... at the
# top of site-packages, so in one venv the second overwrites the first. Each port therefore gets its own
# copy, installed by pip with --target at the exact versions in this environment and cached.
STUB_PACKAGES = {"rp2": "micropython-rp2-stubs", "esp32": "micropython-esp32-stubs"}
_STDLIB_STUBS = "micropython-stdlib-stubs"
# Modules whose unannotated function bodies are not yet checked (module-level code, imports and annotated
# functions still are). Each reason is what stops the full check today; shrink this as the code is fixed
# (tests/firmware/test_compile_types.py fails when an entry is no longer needed).
BODIES_NOT_CHECKED = {
    "board": "a streaming JSON reader that reuses one variable as list and None; untyped lists",
    "boardio": "builds its Io record by assigning attributes the class never declares",
    "main": "passes ticks_ms() values (_TicksMs in the stubs) where reliable.pyi says int; untyped lists",
    "scanner": "adds to a ticks_ms() value (scanner.py self-test retry) instead of using ticks_add",
    "mfrc522": "empty lists without element types",
    "pn5180": "empty lists without element types",
    "sim_pn5180": "simulation for the unix port only; an Optional list mypy cannot narrow",
    "sim_mfrc522": "simulation for the unix port only; tuple shapes mypy cannot infer",
    "sim_world": "simulation for the unix port only; stores ticks_ms() values in int fields",
}
_MYPY_ERROR = re.compile(r"^(?P<file>[^:]+\.pyi?):(?P<line>\d+): error: (?P<message>.*)$")


def _installed_version(package: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        raise FirmwareError(f"{package} is not installed: pip install -e '.[dev]'") from None


def _cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "hexmate"


def stub_dir(port: str) -> Path:
    """A folder holding the stubs of one port only (plus MicroPython's stdlib stubs), made once."""
    if port not in STUB_PACKAGES:
        raise FirmwareError(f"no stubs for port {port!r}; known: {', '.join(STUB_PACKAGES)}")
    version = _installed_version(STUB_PACKAGES[port])
    std_version = _installed_version(_STDLIB_STUBS)
    dest = _cache_root() / "stubs" / f"{port}-{version}-std{std_version}"
    if (dest / ".complete").exists():
        return dest
    partial = dest.with_name(dest.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(partial),
           f"{STUB_PACKAGES[port]}=={version}", f"{_STDLIB_STUBS}=={std_version}"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    if proc.returncode != 0:
        reason = proc.stderr.strip()[-400:]
        raise FirmwareError(f"could not install {STUB_PACKAGES[port]}=={version}: {reason}")
    if not (partial / "aioble").exists():
        # aioble is frozen into the Pico W build, so only the rp2 stubs carry it; ESP32 boards get the same
        # micropython-lib package through `mpremote mip install aioble` (see flash), so borrow its stubs.
        shutil.copytree(stub_dir("rp2") / "aioble", partial / "aioble")
    (partial / ".complete").write_text(f"{STUB_PACKAGES[port]}=={version}\n")
    shutil.rmtree(dest, ignore_errors=True)
    partial.rename(dest)
    return dest


def _fallback_lines(src: Path) -> set[int]:
    """Lines inside `except ImportError:` handlers: the CPython fallbacks (const, ticks_diff) that a board
    never runs, where mypy objects to the redefinition of a name the stubs already define."""
    import ast

    lines: set[int] = set()
    for node in ast.walk(ast.parse(src.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Try):
            for handler in node.handlers:
                names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
                if any(isinstance(n, ast.Name) and n.id == "ImportError" for n in names):
                    end = handler.end_lineno or handler.lineno
                    lines.update(range(handler.lineno, end + 1))
    return lines


def _run_mypy(
    port: str, stubs: Path, check: Sequence[Path], visible: Sequence[Path], shallow: Sequence[str]
) -> list[str]:
    """mypy over `check` (module bodies included, --check-untyped-defs), with `visible` importable too."""
    import tempfile

    stub_modules = sorted(p.stem for p in stubs.glob("*.pyi"))
    for package in sorted(stubs.glob("*/__init__.pyi")):
        stub_modules += [package.parent.name, f"{package.parent.name}.*"]
    with tempfile.TemporaryDirectory(prefix="hexmate-mypy-") as tmp:
        # A flat folder without firmware/__init__.py, so that modules are `wire`, `main`, ... as on a board.
        tree = Path(tmp) / "fw"
        tree.mkdir()
        by_name: dict[str, Path] = {}
        for src in [*check, *visible]:
            (tree / src.name).symlink_to(src.resolve())
            by_name[src.name] = src
        config = Path(tmp) / "mypy.ini"
        config.write_text(
            "[mypy]\n"
            "python_version = 3.11\n"
            "no_site_packages = True\n"
            f"custom_typeshed_dir = {stubs}\n"
            f"mypy_path = {tree}:{stubs}\n"
            "check_untyped_defs = True\n"
            "show_error_codes = True\n"
            "hide_error_context = True\n"
            # third-party stub files are not ours to fix: report nothing inside them
            f"[mypy-{','.join(stub_modules)}]\nignore_errors = True\n"
            + (f"[mypy-{','.join(shallow)}]\ncheck_untyped_defs = False\n" if shallow else ""),
            encoding="utf-8",
        )
        cache = _cache_root() / "mypy" / port
        cmd = [sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir", str(cache),
               *(str(tree / src.name) for src in check)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False, cwd=tmp)
        if proc.returncode not in (0, 1) or (proc.returncode == 1 and "error: " not in proc.stdout):
            raise FirmwareError(f"mypy did not run: {(proc.stderr or proc.stdout).strip()[-400:]}")
        errors = []
        fallbacks = {src.name: _fallback_lines(src) for src in check if src.suffix == ".py"}
        for line in proc.stdout.splitlines():
            m = _MYPY_ERROR.match(line)
            if m is None:
                continue
            name = Path(m.group("file")).name
            lineno = int(m.group("line"))
            if name in by_name:
                if lineno not in fallbacks.get(name, ()):
                    errors.append(f"{by_name[name]}:{lineno}: {m.group('message')}")
            else:
                errors.append(line)  # outside the firmware (should not happen with ignore_errors)
        return errors


def typecheck(
    port: str, sources: Sequence[Path] | None = None, bodies_not_checked: Collection[str] = BODIES_NOT_CHECKED
) -> list[str]:
    """mypy over the firmware with one port's stubs; the errors as "file:line: message [code]".

    Function bodies are checked even where unannotated (--check-untyped-defs), except in the modules named
    in bodies_not_checked (default BODIES_NOT_CHECKED). A module with a hand-written
    stub beside it (wire.pyi, reliable.pyi) is checked on its own, and its importers are checked against
    the stub, which is the typed contract. Errors inside `except ImportError:` fallbacks are dropped.
    """
    files = [p for p in (firmware_sources() if sources is None else sources) if p.name not in _HOST_ONLY]
    stubs = stub_dir(port)
    stubbed = [p for p in files if p.with_suffix(".pyi").exists()]
    others = [p for p in files if p not in stubbed]
    shallow = sorted(set(bodies_not_checked) & {p.stem for p in files})
    errors = []
    if stubbed:
        errors += _run_mypy(port, stubs, stubbed, [], shallow)
    if others:
        errors += _run_mypy(port, stubs, others, [p.with_suffix(".pyi") for p in stubbed], shallow)
    return errors


# --- boards ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FlashSpec:
    """What to flash: the target kind and the board definition copied as board.json."""

    target: Target
    board_json: Path


def board_files(boards_dir: Path = BOARDS_DIR) -> list[Path]:
    return sorted(boards_dir.glob("*.json")) if boards_dir.is_dir() else []


def _read_board_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise FirmwareError(f"board definition {path}: cannot read it ({e.strerror})") from None
    except json.JSONDecodeError as e:
        raise FirmwareError(f"board definition {path}:{e.lineno}: not valid JSON ({e.msg})") from None
    if not isinstance(data, dict):
        raise FirmwareError(f"board definition {path}: expected a JSON object at the top")
    return data


def _target_for_board(path: Path, data: dict[str, Any]) -> Target:
    mcu = str(data.get("mcu", "")).lower()
    if mcu == "emulated":
        raise FirmwareError(f"board definition {path} describes the emulated board: nothing to flash")
    if mcu not in MCU_PORTS:
        known = ", ".join(sorted(MCU_PORTS))
        raise FirmwareError(
            f"board definition {path}: \"mcu\" is {mcu or 'missing'!r}; expected one of {known}"
        )
    port = MCU_PORTS[mcu]
    ble = bool(data.get("ble", port == "esp32"))
    variant = str(data.get("variant", "")).lower()
    for t in TARGETS.values():
        if t.port == port and t.ble == ble and (not variant or t.name == variant):
            return t
    return Target(path.stem, port, ble, f"board definition {path.name}")


def _default_board_json(target: Target, boards_dir: Path) -> Path:
    """The first board definition (by name) made for the target's microcontroller."""
    for path in board_files(boards_dir):
        try:
            data = _read_board_json(path)
        except FirmwareError:
            continue
        if MCU_PORTS.get(str(data.get("mcu", "")).lower()) == target.port:
            return path
    raise FirmwareError(
        f"no board definition in {boards_dir} is for a {target.name} ({target.port}); "
        "pass --board-json FILE (see `hexmate firmware list-boards`)"
    )


def resolve_board(spec: str, board_json: str | None = None, boards_dir: Path = BOARDS_DIR) -> FlashSpec:
    """--board pico|pico_w|esp32 (with --board-json FILE, by default the first hardware/boards file for
    that microcontroller) or a board JSON (a path, or a file name in hardware/boards) whose "mcu" picks
    the target."""
    if spec in TARGETS:
        target = TARGETS[spec]
        if board_json:
            path = Path(board_json)
            if not path.is_file():
                raise FirmwareError(f"board definition {path} does not exist")
        else:
            path = _default_board_json(target, boards_dir)
        data = _read_board_json(path)  # fail now, not after half the files are on the board
        if MCU_PORTS.get(str(data.get("mcu", "")).lower()) != target.port:
            raise FirmwareError(
                f"board definition {path} is for mcu {data.get('mcu')!r}, not for a {target.name} "
                f"({target.port} port)"
            )
        return FlashSpec(target, path)
    path = Path(spec)
    if not path.is_file():
        path = boards_dir / (spec if spec.endswith(".json") else f"{spec}.json")
    if not path.is_file():
        names = ", ".join([*TARGETS, *(p.stem for p in board_files(boards_dir))])
        raise FirmwareError(f"unknown board {spec!r}: not a board file; known boards: {names}")
    data = _read_board_json(path)
    target = _target_for_board(path, data)
    if board_json:
        raise FirmwareError("--board-json goes with --board pico|pico_w|esp32, not with a board file")
    return FlashSpec(target, path)


# --- flashing -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One mpremote invocation of a flash plan, with what it does in words."""

    what: str
    argv: tuple[str, ...]

    def shell(self) -> str:
        return shlex.join(self.argv)


def default_build_dir(arch: str) -> Path:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "hexmate" / "mpy" / arch


def wanted_on_board(src: Path, target: Target) -> bool:
    """Simulated hardware (sim_*.py) runs only on the unix port; the BLE link only on boards with a radio."""
    if src.name.startswith("sim_"):
        return False
    return target.ble or src.name != "ble_uart.py"


def build(spec: FlashSpec, build_dir: Path, sources: Sequence[Path] | None = None) -> list[Path]:
    """Compile every module except main.py to build_dir/<name>.mpy; raise FirmwareError on any failure."""
    files = firmware_sources() if sources is None else list(sources)
    outputs = []
    failures = []
    for src in files:
        if src.name in _HOST_ONLY or src.name == "main.py" or not wanted_on_board(src, spec.target):
            continue
        out = build_dir / f"{src.stem}.mpy"
        failure = compile_file(src, spec.target.arch, out)
        if failure is None:
            outputs.append(out)
        else:
            failures.append(failure)
    if failures:
        raise FirmwareError("firmware does not compile:\n" + "\n".join(f"  {f}" for f in failures))
    return outputs


def flash_plan(
    port: str, spec: FlashSpec, compiled: Sequence[Path], main_py: Path, mpremote: str = "mpremote",
    install_aioble: bool = True,
) -> list[Step]:
    """The mpremote invocations that put the firmware on the board, in order."""
    connect = (mpremote, "connect", port)
    names = sorted(p.stem for p in compiled)
    # A stale foo.py on the board would shadow the new foo.mpy (MicroPython tries .py first).
    stale = ",".join(f'"{n}.py"' for n in names)
    remove = f"import os;[os.remove(f) for f in os.listdir() if f in ({stale},)]"
    steps = []
    if spec.target.ble and install_aioble:
        steps.append(Step("install aioble (BLE) into /lib", (*connect, "mip", "install", "aioble")))
    steps += [
        Step("remove stale .py copies of the compiled modules", (*connect, "exec", remove)),
        Step("copy the compiled modules", (*connect, "fs", "cp", *(str(p) for p in compiled), ":")),
        Step("copy the board definition as board.json", (*connect, "fs", "cp", str(spec.board_json),
                                                          ":board.json")),
        Step("copy main.py as source", (*connect, "fs", "cp", str(main_py), ":main.py")),
        Step("reset the board", (*connect, "reset")),
    ]
    return steps


def _explain_mpremote_failure(port: str, step: Step, output: str, code: int) -> str:
    last = next((ln.strip() for ln in reversed(output.splitlines()) if ln.strip()), "no output")
    if port.startswith("/dev/") and not os.path.exists(port):
        return (
            f"serial port {port} does not exist: is the board plugged in? "
            "(`mpremote connect list` shows the ports)"
        )
    if "failed to access" in output or "could not open" in output.lower() or "busy" in output.lower():
        return (
            f"cannot open serial port {port}: it is busy (close `hexmate run`, a serial monitor or Thonny) "
            f"or you lack permission (join the dialout group); mpremote said: {last}"
        )
    return f"mpremote failed while trying to {step.what} (exit status {code}): {last}"


def run_plan(port: str, steps: Sequence[Step], timeout_s: float = _MPREMOTE_TIMEOUT_S) -> None:
    for step in steps:
        try:
            proc = subprocess.run(step.argv, capture_output=True, text=True, timeout=timeout_s, check=False)
        except FileNotFoundError:
            raise FirmwareError(f"{step.argv[0]} not found: install mpremote (pip install mpremote)") \
                from None
        except subprocess.TimeoutExpired:
            raise FirmwareError(
                f"mpremote did not finish within {timeout_s:.0f} s while trying to {step.what} on {port}: "
                "is a program running on the board that blocks the REPL? Press reset and try again."
            ) from None
        if proc.returncode != 0:
            output = proc.stdout + proc.stderr
            raise FirmwareError(_explain_mpremote_failure(port, step, output, proc.returncode))


# --- command line -----------------------------------------------------------------------------------------
def register(subparsers: Any) -> None:
    fw = subparsers.add_parser("firmware", help="check, flash and list the board firmware")
    sub = fw.add_subparsers(dest="firmware_command", metavar="ACTION", required=True)

    chk = sub.add_parser("check", help="compile every firmware file for RP2040 (armv6m), ESP32 (xtensawin)")
    chk.add_argument("--dir", type=Path, default=FIRMWARE_DIR, help="firmware folder (default: installed)")
    chk.add_argument("--types", action="store_true",
                     help="also run mypy with the rp2 and the esp32 MicroPython stubs (dev extra)")
    chk.add_argument("--all-bodies", action="store_true",
                     help="with --types: check every function body, ignoring BODIES_NOT_CHECKED")
    chk.set_defaults(func=_cmd_check)

    fl = sub.add_parser("flash", help="compile to .mpy and copy the firmware to a board with mpremote")
    fl.add_argument("--port", required=True, help="serial port of the board, e.g. /dev/ttyACM0")
    fl.add_argument("--board", required=True, help="pico, pico_w, esp32, or a board JSON file / name")
    fl.add_argument("--board-json", help="board definition to copy for pico/pico_w/esp32")
    fl.add_argument("--dry-run", action="store_true", help="print the mpremote commands instead of running")
    fl.add_argument("--build-dir", type=Path, help="where the .mpy files go (default: ~/.cache/hexmate/mpy)")
    fl.add_argument("--no-aioble", action="store_true", help="do not install aioble on BLE boards")
    fl.add_argument("--mpremote", default=None, help="mpremote executable (default: the one installed)")
    fl.add_argument("--firmware-dir", type=Path, default=FIRMWARE_DIR, help="firmware folder to flash")
    fl.set_defaults(func=_cmd_flash)

    pv = sub.add_parser("provision", help="give a flashed board its own roll key (hexmate.key): its rolls "
                                          "are then authenticated; the host keeps a copy for record checks")
    pv.add_argument("--port", required=True, help="serial port of the board, e.g. /dev/ttyACM0")
    pv.add_argument("--board-id", help="the board's id (default: hm- and 8 random hex digits)")
    pv.add_argument("--keys-dir", type=Path, help="where the host's copy goes (default: "
                                                  "$XDG_DATA_HOME/hexmate/keys)")
    pv.add_argument("--dry-run", action="store_true", help="print the plan, write nothing")
    pv.add_argument("--mpremote", default=None, help="mpremote executable (default: the one installed)")
    pv.set_defaults(func=_cmd_provision)

    ls = sub.add_parser("list-boards", help="list flash targets and the board definitions")
    ls.set_defaults(func=_cmd_list_boards)

    bu = sub.add_parser("bringup", help="check a newly built board: readers, switch channels, LED chain, "
                                        "buttons (hardware/BUILD.md)")
    bu.add_argument("--board", required=True, help="board definition (name or JSON file)")
    where = bu.add_mutually_exclusive_group(required=True)
    where.add_argument("--port", help="serial port of the board, e.g. /dev/ttyACM0")
    where.add_argument("--emulated", action="store_true", help="run the checks on the emulated board")
    bu.add_argument("--walk", metavar="HEX,HEX,...",
                    help="walk one test tag over these hexes (or 'all') instead of the tag sheet")
    bu.add_argument("--no-buttons", action="store_true", help="skip the button presses")
    bu.set_defaults(func=_cmd_bringup)


def _error(text: str) -> int:
    print(f"hexmate firmware: error: {text}", file=sys.stderr)
    return 1


def _cmd_check(args: argparse.Namespace) -> int:
    root: Path = args.dir
    try:
        sources = firmware_sources(root)
        if not sources:
            return _error(f"no .py files in {root}")
        failures = check(sources)
    except FirmwareError as e:
        return _error(str(e))
    for f in failures:
        print(f, file=sys.stderr)
    arches = ", ".join(ARCHES.values())
    if failures:
        n_files = len({f.path for f in failures})
        print(f"{len(failures)} compile failure(s) in {n_files} file(s)", file=sys.stderr)
        return 1
    print(f"{len(sources)} firmware files compile for {arches}")
    if not args.types:
        return 0
    status = 0
    skipped = () if args.all_bodies else BODIES_NOT_CHECKED
    for port in STUB_PACKAGES:
        try:
            errors = typecheck(port, sources, skipped)
        except FirmwareError as e:
            return _error(str(e))
        for error in errors:
            print(f"{error} [{port} stubs]", file=sys.stderr)
        if errors:
            status = 1
        else:
            print(f"firmware type-checks against the {port} stubs")
    shallow = sorted(set(skipped) & {p.stem for p in sources})
    if shallow:
        print(f"function bodies not checked in: {', '.join(shallow)} (--all-bodies shows why)")
    return status


def _cmd_flash(args: argparse.Namespace) -> int:
    try:
        spec = resolve_board(args.board, args.board_json)
        root: Path = args.firmware_dir
        main_py = root / "main.py"
        if not main_py.is_file():
            return _error(f"{main_py} is missing: nothing would run at boot")
        build_dir = args.build_dir or default_build_dir(spec.target.arch)
        compiled = build(spec, build_dir, firmware_sources(root))
        mpremote = args.mpremote or str(find_tool("mpremote"))
        steps = flash_plan(args.port, spec, compiled, main_py, mpremote, install_aioble=not args.no_aioble)
        if args.dry_run:
            print(f"# flash {spec.target.name} ({spec.target.arch}) on {args.port} with {spec.board_json}")
            for step in steps:
                print(f"# {step.what}")
                print(step.shell())
            return 0
        run_plan(args.port, steps)
    except FirmwareError as e:
        return _error(str(e))
    print(f"flashed {spec.target.name} firmware to {args.port}; the board has been reset")
    return 0


def provision_plan(port: str, key_file: Path, mpremote: str = "mpremote") -> list[Step]:
    """Copy the key file to the board as hexmate.key (read by firmware/rollauth.py at boot), then reset."""
    connect = (mpremote, "connect", port)
    return [Step("copy the roll key to the board as hexmate.key", (*connect, "fs", "cp", str(key_file),
                                                                  ":hexmate.key")),
            Step("reset the board", (*connect, "reset"))]


def _cmd_provision(args: argparse.Namespace) -> int:
    from hexmate.host.tournament.keys import BoardKeyError, keys_dir, new_key, write_key

    key = new_key(args.board_id)
    key_file = (args.keys_dir or keys_dir()) / f"{key.board_id}.key"
    try:
        steps = provision_plan(args.port, key_file, args.mpremote or "mpremote")
        if args.dry_run:
            print(f"# provision board {key.board_id} on {args.port}; host copy {key_file}")
            for step in steps:
                print(f"# {step.what}")
                print(step.shell())
            return 0
        write_key(key_file, key)
        if not args.mpremote:
            steps = provision_plan(args.port, key_file, str(find_tool("mpremote")))
        run_plan(args.port, steps)
    except (FirmwareError, BoardKeyError) as e:
        return _error(str(e))
    print(f"board {key.board_id} on {args.port} has its roll key; the host's copy is {key_file} (keep it: "
          f"`hexmate record verify FILE --board-key {key_file}`)")
    return 0


def _cmd_list_boards(args: argparse.Namespace) -> int:
    print("targets (--board NAME):")
    for t in TARGETS.values():
        print(f"  {t.name:8} {t.arch:10} {t.description}")
    files = board_files()
    print(f"board definitions ({BOARDS_DIR}):")
    if not files:
        print("  (none)")
    for path in files:
        try:
            data = _read_board_json(path)
            if str(data.get("mcu", "")).lower() == "emulated":
                print(f"  {path.stem:16} {'-':8} emulated board (unix port), not flashable")
                continue
            target = _target_for_board(path, data)
        except FirmwareError as e:
            print(f"  {path.stem:16} not flashable: {e}")
            continue
        cells = data.get("cells")
        n_cells = len(cells) if isinstance(cells, list) else "?"
        print(f"  {path.stem:16} {target.name:8} {n_cells} cells  {data.get('name', '')}")
    return 0


def _cmd_bringup(args: argparse.Namespace) -> int:
    import asyncio

    from hexmate.hardware.boards import BoardError, load_board
    from hexmate.host.commands.bringup import BringupError, bringup
    from hexmate.host.link.base import LinkError

    try:
        board = load_board(args.board)
    except BoardError as e:
        return _error(str(e))
    walk: list[str] = []
    if args.walk:
        walk = [c.label for c in board.cells] if args.walk == "all" else args.walk.split(",")
        unknown = [w for w in walk if w not in {c.label for c in board.cells}]
        if unknown:
            return _error(f"board {board.name} has no hex {unknown[0]!r}")

    def confirm(question: str) -> bool:
        return input(question + " [y/n] ").strip().lower().startswith("y")

    try:
        checks = asyncio.run(bringup(board, port=args.port, emulated=args.emulated, walk=walk,
                                     buttons=not args.no_buttons, confirm=None if args.emulated else confirm))
    except (BringupError, LinkError, OSError) as e:
        return _error(f"bring-up of {board.name}: {e}")
    for check in checks:
        print(check)
    failed = [c for c in checks if not c.ok]
    print(f"{len(checks) - len(failed)} of {len(checks)} checks passed on {board.name}")
    return 1 if failed else 0
