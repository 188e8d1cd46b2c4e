"""ASL's two demo game turns (tests/e2e/scripts/asl-two-turns.json) played by the real host on the emulated
table: the Close Combat's drs and DRs pressed on the board's dice buttons, its Random Selection answered by
lifting the counter, the eliminated counters taken off; the table ends where the rules fold ends, and the
record folds back to the same position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.host.game import GameSession
from hexmate.host.record import entries
from hexmate.host.service.scripted import run_script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[2] / "e2e" / "scripts" / "asl-two-turns.json"


async def test_two_asl_turns_play_on_the_emulated_table(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = await run_script(SCRIPT, record_path=record)
    g = get_game("asl")
    folded = script.play(g.new_position(g.load_scenario(g.demo_scenario_path)), script.load(SCRIPT))
    assert result["position"] == str(folded) and result["turn"] == 3
    dice = [d for d in entries(record, "dice") if d["used"]]
    assert [d["values"] for d in dice] == [
        s.data["roll"] for s in script.load(SCRIPT).steps if s.gesture == "roll"
    ]
    # in the CCPh: two ambush drs, two CC DRs and a concealment dr (A11.4, A11.11, A12.122)
    assert sum(1 for d in dice if d["phase"] == "Close Combat Phase") == 5
    actions = entries(record, "action")
    assert any(a.get("text") == "answer units ger-sq1" and a["source"] == "table" for a in actions)
    assert "ger controls 1 building(s): R5 (A26.14)" in result["status"]
    for gained in ("ger-sq5@DI5?", "ger-sq6@DJ4?", "rus-7-0@DU4?", "rus-sq4@DU4?"):  # at turn ends (A12.122)
        assert gained in result["position"]
    assert str(GameSession.from_record(record).position) == result["position"]
