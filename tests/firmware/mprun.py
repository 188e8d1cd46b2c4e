"""Runs MicroPython test scripts (tests/firmware/mp/*.py) under the real unix port and collects PASS/FAIL.

Each script runs once per session (a first line `# mp-args: ...` adds interpreter options, e.g. a heap
size); every test_* function in it becomes one pytest item asserting its PASS line, so a failure names the
MicroPython test and shows its traceback.
"""

from __future__ import annotations

import os
import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MP_DIR = Path(__file__).resolve().parent / "mp"
MICROPYTHON = ROOT / ".venv" / "bin" / "micropython"


def case_names(script: str) -> list[str]:
    return re.findall(r"^def (test_\w+)\(", (MP_DIR / script).read_text(), re.M)


@cache
def run_script(script: str) -> str:
    env = dict(os.environ, MICROPYPATH=f".frozen:{ROOT / 'firmware'}:{MP_DIR}")
    first = (MP_DIR / script).read_text().splitlines()[0]
    args = first.split(":", 1)[1].split() if first.startswith("# mp-args:") else []
    proc = subprocess.run([str(MICROPYTHON), *args, str(MP_DIR / script)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    out = proc.stdout + proc.stderr
    if "DONE" not in proc.stdout:
        raise AssertionError(f"{script} did not finish (exit {proc.returncode}):\n{out}")
    return out


def check(script: str, name: str) -> None:
    out = run_script(script)
    if f"PASS {name}\n" not in out:
        raise AssertionError(f"{script}::{name} failed under MicroPython:\n{out}")
