"""Checkpoints of the position: every game's state written as JSON reads back equal; a checkpoint can make
only the rules core's dataclasses and enums; a position resumed from a checkpoint takes back actions played
before it by folding them again, ending where the game folded from its start ends."""

from __future__ import annotations

import json
import random

import pytest
from hexmate.host.game import GameSession
from hexmate.host.game.checkpoint import CheckpointError, decode, encode
from hexmate.host.record import canonical
from hexmate.host.service.build import demo_scenario
from hexmate.rules.games.base import Position


def _played(game: str, n: int, seed: int = 1) -> tuple[GameSession, list[str]]:
    """A demo game with up to ``n`` legal actions played, chosen at random; their texts."""
    session = GameSession.load(game, demo_scenario(game))
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(4 * n):
        legal = list(session.position.legal_actions)[:40]
        if not legal or len(texts) >= n:
            break
        try:
            texts.append(session.push(rng.choice(legal)).text)
        except Exception:  # an action the lazy list offered that the full check refuses: try another
            continue
    return session, texts


@pytest.mark.parametrize("game", ["asl", "pg", "sw", "fireteam"])
def test_every_games_state_reads_back_equal(game: str) -> None:
    session, texts = _played(game, 12)
    assert texts, "the demo offered legal actions"
    state = session.position.state
    written = json.loads(canonical(encode(state)))  # through JSON text, as in the record
    assert decode(written) == state
    assert canonical(encode(decode(written))) == canonical(written)


@pytest.mark.parametrize("bad", [
    {"@c": "os:system", "f": {}},
    {"@c": "builtins:dict", "f": {}},
    {"@e": "subprocess:Popen", "v": 1},
    {"@c": "hexmate.rules.games.base:Position", "f": {}},  # a rules class, but not a dataclass
    {"@x": 1},
    {"a": 1, "b": 2, "c": 3},
])
def test_a_checkpoint_makes_nothing_but_rules_data(bad: dict) -> None:
    with pytest.raises(CheckpointError):
        decode(bad)


def test_a_set_or_a_function_that_json_cannot_hold_is_refused() -> None:
    with pytest.raises(CheckpointError, match="cannot be written"):
        encode(lambda: 0)


def test_a_resumed_position_takes_back_past_its_checkpoint() -> None:
    session, texts = _played("pg", 8, seed=3)
    assert len(texts) >= 4
    pos = session.position
    resumed = Position.resumed(pos.game, pos.scenario, pos.map, pos.charts,
                               decode(encode(pos.state)), texts)
    assert resumed.played == len(texts) and resumed.state == pos.state
    for _ in range(3):  # back before the checkpoint: each step the position the shorter log folds to
        assert resumed.action_text(resumed.pop()) == pos.action_text(pos.pop())
        assert resumed.state == pos.state
    assert resumed.log_texts() == pos.log_texts()
