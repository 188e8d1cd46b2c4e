"""Guided prompts for every phase of every game's sequence data and every kind of decision, in both
verbosities and both languages: who acts, what can be done, what ends the phase, each with its rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexmate.host.game import GameSession
from hexmate.host.game.guide import ACTION_HELP, DECISION_HELP, guide, phase_guide
from hexmate.rules.decisions import KINDS, Decision
from hexmate.rules.sequence import load_sequence

GAMES = Path(__file__).parents[3] / "rules" / "games"
SEQUENCES = sorted(GAMES.glob("*/sequence.json"))


@pytest.mark.parametrize("path", SEQUENCES, ids=lambda p: p.parent.name)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_phase_of_every_game_is_guided_with_its_rule(path: Path, lang: str) -> None:
    seq = load_sequence(path)
    assert seq.steps
    for step in seq.steps:
        phase = step.phase
        g = phase_guide(phase, None, "German", True, lang)
        assert phase.rule in g["expert"] and phase.rule in g["beginner"]
        assert len(g["beginner"]) > len(g["expert"])
        kinds = {s["kind"] for s in g["steps"]}
        reactions = {"reaction"} if phase.reactions else set()
        assert kinds == {k for k in ACTION_HELP if phase.allows(k)} | reactions
        if lang == "en":
            assert phase.prompt in g["beginner"] and phase.ends in g["beginner"]
            assert g["expert"].startswith(f"{phase.name} ({phase.rule}): German to act.")
        else:  # translated from the catalogue, never left in English
            assert phase.prompt not in g["beginner"] and phase.name not in g["expert"]
        waiting = phase_guide(phase, None, "Russian", False, lang)
        assert ("Waiting for Russian." if lang == "en" else "Russianを待っています。") in waiting["expert"]
        assert not waiting["yours"]


def test_every_decision_kind_of_the_rules_has_its_explanation() -> None:
    assert set(DECISION_HELP) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(DECISION_HELP))
def test_every_kind_of_decision_is_explained_with_its_rule(kind: str) -> None:
    phase = load_sequence(GAMES / "asl" / "sequence.json").phase("MPh")
    d = Decision(kind, "rus", "Defensive First Fire at the unit entering DL4?", "A8.1", "react")
    g = phase_guide(phase, d, "Russian", True)
    assert g["steps"] == [{"kind": kind, "text": DECISION_HELP[kind], "rule": "A8.1"}]
    assert g["expert"] == "Movement Phase (A3.3): Russian decides (A8.1). Your turn to act."
    assert "Defensive First Fire at the unit entering DL4? (A8.1)" in g["beginner"]
    ja = phase_guide(phase, d, "ソ連軍", True, "ja")
    assert ja["expert"] == "移動フェイズ（A3.3）：ソ連軍が決定します（A8.1）。あなたの行動する番です。"


def test_the_guide_follows_the_game_and_names_the_last_action() -> None:
    session = GameSession.load("asl", GAMES / "asl" / "scenarios" / "demo.json")
    g = guide(session, "ger", owed=["flip ger-sq4"], last="move ger-sq4 DK4-DL4")
    assert g["who"] == "ger" and g["yours"] and g["side"] == "German"
    assert g["steps"][0]["text"] == "First the board: flip ger-sq4; then press done."
    assert g["last"] == "Last action: move ger-sq4 DK4-DL4."
    assert not guide(session, "rus")["yours"] and not guide(session, "shared")["yours"]
    session.push_text("end")
    assert guide(session, "rus", "ja")["expert"].startswith("防御射撃フェイズ（A3.4）：ソ連軍の行動です。")
