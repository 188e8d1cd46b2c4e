"""The table CLI through hexmate.host.cli.main: registry import/export/list, replay, calibrate."""

from __future__ import annotations

import importlib.util
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hexmate.host.cli import main
from hexmate.host.commands import table as table_command
from hexmate.host.table.replay import default_resolver

STREAMS = Path(__file__).parents[1] / "table" / "streams"


@dataclass(frozen=True)
class _Cell:
    id: int
    label: str
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class _Board:
    name: str
    cells: tuple[_Cell, ...]


def _emu_346() -> _Board:
    """The emu-346 layout of BRIEF-INTERFACES (used until fw-core's loader is on this branch)."""
    cells = []
    for c in range(1, 34):
        letters = chr(ord("A") + (c - 1) % 26) * (1 if c <= 26 else 2)
        for n in range(1, 11) if c % 2 else range(0, 11):
            y = (n if c % 2 else n + 0.5) * 25.4
            cells.append(_Cell(len(cells), f"{letters}{n}", (c - 1) * 25.4 * math.sqrt(3) / 2, y))
    return _Board("emu-346", tuple(cells))


@pytest.fixture
def boards(monkeypatch: pytest.MonkeyPatch) -> None:
    if importlib.util.find_spec("hexmate.hardware.boards") is not None:
        return

    def resolve(kind: str, name: str) -> Any:
        return _emu_346() if kind == "board" else default_resolver(kind, name)

    monkeypatch.setattr(table_command, "default_resolver", resolve)


def test_registry_import_list_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reg = tmp_path / "reg.json"
    # the ASL demo tags: 16 infantry units, the German MMG, the armour demo's two tanks and the DC page test's
    # DC, 6 concealment counters, 2 calibration counters, 6 marker counters
    n = 20 + 6 + 2 + 6
    assert main(["registry", "--registry", str(reg), "import", "demo"]) == 0
    assert f"{n} tags imported" in capsys.readouterr().out
    assert main(["registry", "--registry", str(reg), "list"]) == 0
    out = capsys.readouterr().out
    assert "ger 4-6-7 squad (ger-sq1)" in out and out.rstrip().endswith(f"{n} tags")
    exported = tmp_path / "out.json"
    assert main(["registry", "--registry", str(reg), "export", str(exported)]) == 0
    assert len(json.loads(exported.read_text())["counters"]) == n


def test_registry_import_conflict_and_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reg = tmp_path / "reg.json"
    main(["registry", "--registry", str(reg), "import", "demo"])
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "hexmate-registry", "counters": [
        {"uid": "04000000000009", "counter_id": "x", "game": "asl", "unit_id": "ger-sq1"}]}))
    capsys.readouterr()
    assert main(["registry", "--registry", str(reg), "import", str(other)]) == 1
    assert "other.json: unit ger-sq1 already has tag" in capsys.readouterr().err
    assert main(["registry", "--registry", str(reg), "import", str(other), "--replace"]) == 0
    other.write_text("{oops")
    assert main(["registry", "--registry", str(reg), "import", str(other)]) == 1
    assert "other.json: not valid JSON" in capsys.readouterr().err


def test_replay_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "replay", str(tmp_path / "nope.json")]) == 1
    err = capsys.readouterr().err
    assert "nope.json: cannot read stream" in err and "Traceback" not in err


@pytest.mark.usefixtures("boards")
def test_replay_and_calibrate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "replay", str(STREAMS / "04-multi-hex-trail.json"), "--events"]) == 0
    out = capsys.readouterr().out
    assert "04-multi-hex-trail.json: ok" in out and '"path": ["DK3", "DL3", "DM3", "DN3"]' in out
    cal = tmp_path / "cal.json"
    assert main(["calibrate", "--anchor", "A1=DGG10", "--anchor", "GG10=DA1", "-o", str(cal)]) == 0
    assert "346 cells on map hexes, 0 off-map" in capsys.readouterr().out
    assert json.loads(cal.read_text())["anchors"][0] == {"cell": "A1", "hex": "DGG10"}
    assert main(["calibrate", "--anchor", "A1=DZZ99", "--anchor", "GG10=DA1"]) == 1
    assert "--anchor 'A1=DZZ99'" in capsys.readouterr().err
