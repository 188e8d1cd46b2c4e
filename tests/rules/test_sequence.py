"""Sequence-of-play data: every game's file loads; malformed data is rejected with the place named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import sequence as seq
from hexmate.rules.errors import DataError

GAMES = Path(seq.__file__).parent / "games"


def test_asl_player_turn_has_the_eight_phases_in_order() -> None:
    s = seq.load_sequence(GAMES / "asl" / "sequence.json")
    ids = [p.id for p in s.parts[0].phases]
    assert ids == ["RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh"]  # A3
    assert s.phase("DFPh").acts == "non_phasing" and s.phase("MPh").allows("move")
    assert not s.phase("PFPh").allows("move")
    assert s.step_of("MPh", "second").index == 10


@pytest.mark.parametrize("game", ["asl", "pg", "fireteam", "sw"])
def test_each_game_sequence_loads(game: str) -> None:
    s = seq.load_sequence(GAMES / game / "sequence.json")
    assert s.game == game and s.steps
    for step in s.steps:
        assert step.phase.prompt and step.phase.ends


BAD: list[tuple[str, Any, str]] = [
    ("not an object", [], "a sequence of play is a JSON object"),
    ("no parts", {"game": "x", "parts": []}, "needs 'game'"),
    ("bad side", {"game": "x", "parts": [{"side": "third", "phases": []}]}, "part #0: 'side' must be one of"),
    (
        "bad actor",
        {
            "game": "x",
            "parts": [
                {
                    "side": "none",
                    "phases": [
                        {
                            "id": "p",
                            "name": "P",
                            "rule": "1",
                            "acts": "everyone",
                            "actions": [],
                            "ends": "e",
                            "prompt": "p",
                        }
                    ],
                }
            ],
        },
        "part #0 phase #0 (p): 'acts' must be one of",
    ),
    (
        "missing prompt",
        {
            "game": "x",
            "parts": [
                {
                    "side": "none",
                    "phases": [
                        {"id": "p", "name": "P", "rule": "1", "acts": "both", "actions": [], "ends": "e"}
                    ],
                }
            ],
        },
        "(p): 'prompt' must be a non-empty string",
    ),
    (
        "unknown key",
        {
            "game": "x",
            "parts": [
                {
                    "side": "none",
                    "phases": [
                        {
                            "id": "p",
                            "name": "P",
                            "rule": "1",
                            "acts": "both",
                            "actions": [],
                            "ends": "e",
                            "prompt": "p",
                            "x": 1,
                        }
                    ],
                }
            ],
        },
        "unknown key(s) ['x']",
    ),
]


@pytest.mark.parametrize("name,data,expect", BAD, ids=[b[0] for b in BAD])
def test_malformed_sequences(name: str, data: Any, expect: str, tmp_path: Path) -> None:
    path = tmp_path / "seq.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as info:
        seq.load_sequence(path)
    assert str(path) in str(info.value) and expect in str(info.value)
