"""Recorded sensor streams (tests/host/table/streams/*.json) replayed through the host in batch mode.

Each file carries its own expected events, LED frames, phases and final position; a failure lists every
mismatch. The map is the real rules/maps/demo-asl.json; the board is hardware/boards/emu-346.json through
hexmate.hardware.boards.load_board once that loader exists on this branch, else the same layout built from
BRIEF-INTERFACES by conftest's board factory.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.host.table.replay import Replay, ReplayError, default_resolver

STREAMS = sorted((Path(__file__).parent / "streams").glob("*.json"))


@pytest.fixture
def resolver(board_factory: Any) -> Any:
    if importlib.util.find_spec("hexmate.hardware.boards") is not None:
        return default_resolver
    board = board_factory()

    def resolve(kind: str, name: str) -> Any:
        if kind == "board":
            assert name == "emu-346", name
            return type(board)("emu-346", board.cells)
        return default_resolver(kind, name)

    return resolve


def test_there_are_enough_streams() -> None:
    assert len(STREAMS) >= 25


@pytest.mark.parametrize("path", STREAMS, ids=[p.stem for p in STREAMS])
def test_stream(path: Path, resolver: Any) -> None:
    result = Replay.load(path, resolver).run()
    assert not result.failures, "\n".join([path.name, *result.failures, f"events: {result.events}"])


def test_bad_stream_names_file_and_problem(tmp_path: Path, resolver: Any) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"position": {"ger-sq1": "DZZ99"}}')
    with pytest.raises(ReplayError, match=r"broken\.json: position ger-sq1: .*DZZ99"):
        Replay.load(path, resolver)
    path.write_text('{"steps": [], "colour": 1}')
    with pytest.raises(ReplayError, match=r"broken\.json: unknown key\(s\) colour"):
        Replay.load(path, resolver)
    path.write_text('{"steps": [{"t": 0, "lift": "nobody"}]}')
    with pytest.raises(ReplayError, match=r"broken\.json: step 1: 'nobody' is neither a unit"):
        Replay.load(path, resolver).run()


def test_a_tampered_expectation_is_reported(tmp_path: Path, resolver: Any) -> None:
    doc = json.loads((Path(__file__).parent / "streams" / "02-move-after-quiet-time.json").read_text())
    doc["expect"][1]["path"] = ["DK3", "DL2"]
    doc["expect_leds"] = {"DK3": "blue/solid"}
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(doc))
    failures = Replay.load(path, resolver).run().failures
    assert any("path: got ['DK3', 'DL3'], expected ['DK3', 'DL2']" in f for f in failures)
    assert any(f.startswith("leds: got {}") for f in failures)
