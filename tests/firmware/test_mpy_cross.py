"""Every firmware file compiles with mpy-cross (what a board would import)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for p in (ROOT / "firmware").glob("*.py") if p.name != "__init__.py")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_compiles(path: Path, tmp_path: Path) -> None:
    out = tmp_path / (path.stem + ".mpy")
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "mpy-cross"), "-o", str(out), str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 0
