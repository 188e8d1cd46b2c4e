"""The scripted table: each demo's first turn (tests/e2e/scripts/<game>-turn.json) played by the real host on
the emulated table under MicroPython, through the pty: every phase, fire or combat resolved by the board's
dice, a decision answered by a placement, the next turn reached; then the game restarted from its record
folds to the same position (state = fold(record)), and bad scripts fail naming the step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hexmate.host import script
from hexmate.host.game import GameSession
from hexmate.host.record import entries
from hexmate.host.service.scripted import ScriptFailed, run_script
from hexmate.rules.games import get_game

SCRIPTS = Path(__file__).parents[2] / "e2e" / "scripts"


@pytest.mark.parametrize("game", ["asl", "pg", "fireteam", "sw"])
async def test_the_demo_turn_plays_on_the_emulated_table(game: str, tmp_path: Path) -> None:
    path = SCRIPTS / f"{game}-turn.json"
    record = tmp_path / "game.jsonl"
    result = await run_script(path, record_path=record)
    # the same script folded over the rules alone ends where the table ended
    g = get_game(game)
    folded = script.play(g.new_position(g.load_scenario(g.demo_scenario_path)), script.load(path))
    assert result["position"] == str(folded) and result["turn"] == folded.turn >= 2
    assert result["record"] == str(record)
    # every die came from the board's buttons, each tied to the roll it answered
    dice = entries(record, "dice")
    rolls = [s for s in script.load(path).steps if s.gesture == "roll"]
    assert [d["values"] for d in dice if d["used"]] == [s.data["roll"] for s in rolls]
    assert all(d["for"].startswith("roll ") for d in dice if d["used"])
    # placements on lit hexes answered decisions at the table
    actions = entries(record, "action")
    # a private answer (A10.41's question) is sealed in the record until the game ends: no text there
    assert any(a.get("text", "").startswith("answer hex") and a["source"] == "table" for a in actions)
    # restarted from its record, the game folds to the same position
    again = GameSession.from_record(record)
    assert str(again.position) == result["position"]
    if game == "sw":
        # the supply picture asked for on the page was lit (8.x), and the victory check shown (4.x, 5.6)
        shown = entries(record, "shown")
        assert len(shown) == 1 and shown[0]["what"] == "supply ger"
        assert set(shown[0]["hexes"].values()) == {"in", "source"}
        assert "0 out of supply" in shown[0]["summary"]
        assert "End of turn 1: no victory yet (4.2-4.4); German VP 1 (4.6)" in result["status"]
        # the depot's rail move and the advance into the city are in the record
        texts = [a["text"] for a in actions]
        assert "move g-dep2 2912-2812 cost 1" in texts and "answer hex 2411" in texts


async def test_a_refused_gesture_fails_the_script_naming_the_step(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "asl", "scenario": None, "steps": [
        {"expect": {"phase": "MPh"}},
        {"roll": [3, 4], "note": "no roll is open in the Movement Phase"}]}))
    with pytest.raises(ScriptFailed, match=r"bad.json: step 2 \(roll\): the host did not open a roll"):
        await run_script(bad)


async def test_an_expect_that_does_not_match_names_the_step_and_what_differs(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "asl", "scenario": None, "steps": [
        {"press": "done"}, {"expect": {"phase": "RtPh"}}]}))
    with pytest.raises(ScriptFailed, match=r"step 2 \(expect\): phase DFPh, expected RtPh"):
        await run_script(bad)
