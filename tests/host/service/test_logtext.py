"""The game log in words: each action's text form said as a sentence, in English and in Japanese, with the
unit ids, hexes and dice kept as they were written."""

from __future__ import annotations

import pytest
from hexmate.host.i18n import render_text
from hexmate.host.service.logtext import sentence, taken_back
from hexmate.rules import actions as act
from hexmate.rules.hexes import Hex


@pytest.mark.parametrize(("text", "en", "ja"), [
    ("move ger-sq1 DK4-DK5", "ger-sq1: move DK4 → DK5", "ger-sq1 が移動 DK4 → DK5"),
    ("move ger-sq1,ger-ldr1 DK4-DK5-DL5 cost 3 as cx", "ger-sq1,ger-ldr1: move DK4 → DK5 → DL5 (3 MF, as cx)",
     "ger-sq1,ger-ldr1 が移動 DK4 → DK5 → DL5（3MF、cx）"),
    ("advance ger-sq1 DK4-DK5", "ger-sq1: advance DK4 → DK5", "ger-sq1 が突撃移動 DK4 → DK5"),
    ("fire rus-sq2 at DO4 dice 3,4", "rus-sq2: fire at DO4, dice 3,4", "rus-sq2 が DO4 へ射撃、ダイス 3,4"),
    ("attack 1-a,2-b at @3,2", "1-a,2-b: attack @3,2", "1-a,2-b が @3,2 を攻撃"),
    ("rally ger-sq1 dice 2,5", "ger-sq1 tries to rally, dice 2,5", "ger-sq1 が回復を試みる、ダイス 2,5"),
    ("answer dice 6,1", "answered with dice 6,1", "ダイス 6,1 で答えました"),
    ("answer pass by rus", "rus: answered: pass", "rus：答え：pass"),
    ("end", "phase ended", "フェイズを終了しました"),
    ("dice 3+4 = 7", "dice rolled: 3+4 = 7", "ダイスの目：3+4 = 7"),
    ("set-up", "set-up", "初期配置"),
    ("take back: move ger-sq1 DK4-DK5", "taken back: ger-sq1: move DK4 → DK5",
     "取り消し：ger-sq1 が移動 DK4 → DK5"),
])
def test_each_action_is_a_sentence_in_the_pages_language(text: str, en: str, ja: str) -> None:
    said = sentence(text)
    assert said == en and render_text(said, "en") == en
    assert render_text(said, "ja") == ja


def test_the_real_text_forms_are_read_and_an_unknown_one_is_kept() -> None:
    move = act.Move(("ger-sq1",), (Hex(0, 0), Hex(1, 0)), 2)
    assert sentence(move.text()) == "ger-sq1: move @0,0 → @1,0 (2 MF)"
    smoke = act.Smoke("ger-sq1", Hex(1, 1))
    assert sentence(smoke.text()) == "ger-sq1 places smoke at @1,1"
    assert sentence("wobble ger-sq1") == "wobble ger-sq1"
    assert render_text(taken_back("pass"), "ja") == "取り消し：パスしました"
