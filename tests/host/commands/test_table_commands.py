"""The table CLI through hexmate.host.cli.main: registry import/export/list, replay, calibrate."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from hexmate.host.cli import main

STREAMS = Path(__file__).parents[1] / "table" / "streams"
HAVE_BOARDS = importlib.util.find_spec("hexmate.hardware.boards") is not None


def test_registry_import_list_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reg = tmp_path / "reg.json"
    assert main(["registry", "--registry", str(reg), "import", "demo"]) == 0
    assert "24 tags imported" in capsys.readouterr().out
    assert main(["registry", "--registry", str(reg), "list"]) == 0
    out = capsys.readouterr().out
    assert "ger 4-6-7 squad (ger-sq1)" in out and out.rstrip().endswith("24 tags")
    exported = tmp_path / "out.json"
    assert main(["registry", "--registry", str(reg), "export", str(exported)]) == 0
    assert len(json.loads(exported.read_text())["counters"]) == 24


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


@pytest.mark.skipif(not HAVE_BOARDS, reason="runs once fw-core's board loader is merged on this branch")
def test_replay_and_calibrate_with_real_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "replay", str(STREAMS / "04-multi-hex-trail.json"), "--events"]) == 0
    out = capsys.readouterr().out
    assert "04-multi-hex-trail.json: ok" in out and '"path": ["DK3", "DL3", "DM3", "DN3"]' in out
    cal = tmp_path / "cal.json"
    assert main(["calibrate", "--anchor", "A1=DGG10", "--anchor", "GG10=DA1", "-o", str(cal)]) == 0
    assert "346 cells on map hexes, 0 off-map" in capsys.readouterr().out
    assert json.loads(cal.read_text())["anchors"][0] == {"cell": "A1", "hex": "DGG10"}
    assert main(["calibrate", "--anchor", "A1=DZZ99", "--anchor", "GG10=DA1"]) == 1
    assert "--anchor 'A1=DZZ99'" in capsys.readouterr().err
