"""The ASL armour demo's first turn (tests/e2e/scripts/asl-armour-turn.json) played by the real host on the
emulated table: the tank moved by a lift and a placement, every To Hit, To Kill and crew survival DR pressed
on the board's dice, a Motion attempt (D2.401), the wreck flip confirmed, the surviving crew enrolled
(D5.6), turn 2 reached, and the record folding to the same position."""

from __future__ import annotations

from pathlib import Path

from hexmate.host import script
from hexmate.host.game import GameSession
from hexmate.host.record import entries
from hexmate.host.service.scripted import run_script
from hexmate.rules.games import get_game

SCRIPT = Path(__file__).parents[2] / "e2e" / "scripts" / "asl-armour-turn.json"


async def test_the_armour_turn_plays_on_the_emulated_table(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = await run_script(SCRIPT, record_path=record)
    loaded = script.load(SCRIPT)
    assert loaded.scenario is not None
    game = get_game("asl")
    folded = script.play(game.new_position(game.load_scenario(loaded.scenario)), loaded)
    assert result["position"] == str(folded) and result["turn"] == 2
    assert "rus-t1@DZ9+crew_survived+wreck" in result["position"]  # a wreck keeps no acquisition
    dice = [d for d in entries(record, "dice") if d["used"]]
    assert [d["values"] for d in dice] == [s.data["roll"] for s in loaded.steps if s.gesture == "roll"]
    actions = entries(record, "action")
    moves = [a for a in actions if a["text"].startswith("move ger-pz1")]
    assert moves and moves[0]["source"] == "table" and moves[0]["text"].endswith("cost 5")
    # the facing question answered at the table: touched down on DP9 to turn, set back on DP10 to keep
    facing = [a["text"] for a in actions if a["source"] == "table" and a["text"].startswith("answer hex")]
    assert facing == ["answer hex DP9", "answer hex DP10"]
    assert str(GameSession.from_record(record).position) == result["position"]
    # the covered arcs asked for on the page were lit (D3.1)
    shown = entries(record, "shown")
    assert len(shown) == 1 and shown[0]["what"] == "arc ger-pz1"
    assert shown[0]["hexes"]["DP10"] == "vehicle" and shown[0]["hexes"]["DQ10"] == "both"
    # D2.401: the squad stepped into the Russian tank's LOS and the tank tried for Motion (dr 4 > 1 MF);
    # D5.6: its surviving crew became a counter beneath the wreck, a new tag enrolled on the page
    assert "answer motion-rus-t1" in [a["text"] for a in actions]
    assert "rus-t1-crew@DZ9" in result["position"] and "ger-sq1@DJ6" in result["position"]
    enrolled = entries(record, "enroll")
    assert [(e["unit"], e["uid"]) for e in enrolled] == [("rus-t1-crew", "04C4E70150AA01")]

