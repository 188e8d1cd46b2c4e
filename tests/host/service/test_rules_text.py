"""The rules' own sentences (``T``) reach each page in its language: a refusal with its rule number, the
prompt, the open decision, the status lines and the board changes, in Japanese on a Japanese page and in
English on an English one, from one played position (the ASL demo through the service; Schlieffen's War
through a session)."""

from __future__ import annotations

from hexmate.host.game import GameSession
from hexmate.host.i18n import render_text
from hexmate.host.service import PageAction, narrator
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import sw
from hexmate.rules.text import T

from .test_play import PlayRig, play  # noqa: F401  (the fixture: the ASL demo, live and in sync)

SW_DEMO = sw.__path__[0] + "/scenarios/demo.json"


async def test_a_refused_move_reads_in_each_pages_language_with_its_rule(play: PlayRig) -> None:  # noqa: F811 (the fixture)
    await play.page("act", text="move ger-sq4,ger-sq5 DK4-DK5")  # two hexes: A4.2 wants one Location
    en = play.service.view("ger", "en")["notice"]
    ja = play.service.view("ger", "ja")["notice"]
    assert en == {"level": "error", "text": "Not accepted: units acting together must start in the same "
                                            "Location (A4.2). Nothing was changed."}
    assert ja == {"level": "error", "text": "受け付けません：共に行動するユニットは同じ区域から"
                                            "始めなければなりません（A4.2）。何も変更されていません。"}
    assert play.service.view("rus", "ja")["notice"] == ja  # the shared notice, said in the page's language


async def test_the_prompt_and_an_open_decision_read_in_japanese(play: PlayRig) -> None:  # noqa: F811 (the fixture)
    view = play.service.view("ger", "ja")
    assert view["prompt"].startswith("移動フェイズ（A3.3）：ドイツ軍の行動です。"), view["prompt"]
    await play.page("act", text="answer hex DK4")  # no decision open (A3)
    assert play.service.view("ger", "ja")["notice"]["text"] == (
        "受け付けません：答えるべき決定はありません（A3）。何も変更されていません。")


def test_a_physical_change_and_a_refusal_keep_their_template_through_the_narrator() -> None:
    never = T("{unit} never moves [2.5]", unit="f-fort")
    never.domain = "rules-sw"  # as rules/games/sw/game.py writes it (a T knows its game's catalogue)
    why = IllegalAction(never, "10.0")
    notice = narrator.say("refused", why=why.said)
    assert notice.text == "Not accepted: f-fort never moves [2.5] (10.0). Nothing was changed."
    assert narrator.render(notice, "ja").text == (
        "受け付けません：f-fort は移動しません [2.5]（10.0）。何も変更されていません。")
    flip = T("flip {unit} to its {side} side", unit="ger-sq4", side=T("Good Order"))
    assert render_text(flip, "ja") == "ger-sq4 を統制状態の面に裏返してください"


def test_schlieffens_war_refusals_and_status_read_in_japanese_with_their_rules() -> None:
    s = GameSession.load("sw", SW_DEMO)
    assert [render_text(line, "ja") for line in s.status()][1:3] == [
        "ドイツ軍 VP 0（都市 11 個中、4.6。1 以下で協商国の勝利、2 までは引き分け、4.7）",
        "パリはまだ危険にさらされていない（4.1）"]
    try:
        s.push_text("move g-I 2811-1811")  # ten hexes west: beyond the corps' MA of 4 (10.0)
    except IllegalAction as e:
        said = e.said
    else:
        raise AssertionError("a move beyond the MA was accepted")
    assert said == ("1811 is not reachable within MA 4: terrain, river, enemy units, zones of control, the "
                    "Belgian area or stacking (10.0)")
    assert render_text(said, "ja") == ("1811 には移動力 4 で到達できません：地形、川、敵ユニット、支配地域、"
                                       "ベルギー地域またはスタック制限（10.0）")


def test_a_line_of_sights_reason_reads_in_japanese(tmp_path) -> None:
    from .test_core import Rig

    rig = Rig(tmp_path)
    rig.service.handle(PageAction("los", {"from": "DJ3", "to": "DS4"}))  # the woods of DK4 block (A6.2)
    assert rig.service.view("ger", "en")["los"]["reason"] == (
        "blocked at DK4: woods, Level 1 obstacle (A6.2 example)")
    ja = rig.service.view("ger", "ja")["los"]["reason"]
    assert ja == "DK4で遮断：森、レベル 1 の障害物（A6.2 example）"
    assert rig.service.view("rus", "ja")["notice"]["text"] == (
        "DJ3からDS4への照準線：遮断。DK4で遮断：森、レベル 1 の障害物（A6.2 example）")


def test_an_asl_fire_resolutions_title_reads_in_japanese_with_its_chart_codes_as_printed() -> None:
    from hexmate.host.game import GameSession
    from hexmate.host.service.build import demo_scenario
    from hexmate.host.service.views import resolution

    session = GameSession.load("asl", demo_scenario("asl"))
    session.push_text("end")  # the German MPh ends: the Russians' Defensive Fire (A3.4)
    session.push_text("fire rus-sq2 at DK4 dice 3,4")
    r = session.position.state.resolution
    assert r is not None and str(r.summary).startswith("fire rus-sq2 at DK4 dice 3,4: ")
    results = str(r.summary).partition(": ")[2]
    assert results.startswith("known ")  # the known targets' group and its chart code, as facts
    code = results.removeprefix("known ")
    assert resolution(r, "en")["title"] == r.summary
    assert resolution(r, "ja")["title"] == f"rus-sq2 が DK4 へ射撃、ダイス 3,4：確認状態 {code}"
    # the summary is facts, not a string the page splits: the action and each group's result
    assert isinstance(r.summary, T) and r.summary.facts["action"] == "fire rus-sq2 at DK4 dice 3,4"



def test_an_asl_units_markers_read_as_cited_phrases_in_the_pages_language(tmp_path) -> None:
    from hexmate.host.service.views import unit_card

    from .test_core import Rig

    rig = Rig(tmp_path)
    rig.session.push_text("end")  # the German MPh ends: the Russians' Defensive Fire (A3.4)
    rig.session.push_text("fire rus-sq2 at DK4 dice 3,4")
    en = unit_card(rig.service, "rus-sq2", "rus", "en")
    assert "Final Fire (A8.4)" in en["state"] and "final_fire" in en["state_ids"]
    assert "最終射撃 (A8.4)" in unit_card(rig.service, "rus-sq2", "rus", "ja")["state"]
