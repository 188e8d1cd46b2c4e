"""The catalogues: Japanese is complete (every text hexmate may show or say has a translation, with the same
{facts} to fill), a notice is said again in the page's language, and the rulebooks' terms are used."""

from __future__ import annotations

import re

import pytest
from hexmate.host import i18n
from hexmate.host.service import narrator

FACT = re.compile(r"\{(\w+)\}")


def test_japanese_is_complete_with_the_same_facts() -> None:
    ids = i18n.all_msgids()
    ja = i18n.catalogue("ja")
    assert len(ids) > 250
    missing = sorted(ids - set(ja))
    assert missing == [], missing
    for msgid in ids:
        assert sorted(FACT.findall(ja[msgid])) == sorted(FACT.findall(msgid)), msgid
        assert ja[msgid] != msgid or msgid in ("CX", "DM"), f"untranslated: {msgid}"


def test_the_rulebooks_terms_name_the_phases_and_states() -> None:
    # the Japanese ASL rulebook (seeds/000, A3.1-A3.8) names the phases so
    ja = i18n.catalogue("ja")
    assert [ja[p] for p in ("Rally Phase", "Prep Fire Phase", "Movement Phase", "Defensive Fire Phase",
                            "Advancing Fire Phase", "Rout Phase", "Advance Phase", "Close Combat Phase")] == [
        "回復フェイズ", "準備射撃フェイズ", "移動フェイズ", "防御射撃フェイズ",
        "前進射撃フェイズ", "潰走フェイズ", "突撃フェイズ", "白兵戦フェイズ"]
    assert ja["broken"] == "混乱状態" and ja["pinned"] == "釘付け" and ja["Line of sight"] == "照準線"


def test_a_notice_is_said_again_in_another_language_with_its_facts() -> None:
    notice = narrator.say("refused", why="DO4 is out of range (A7.2)")
    assert notice.text == "Not accepted: DO4 is out of range (A7.2). Nothing was changed."
    said = narrator.render(notice, "ja").text
    assert said == "受け付けません：DO4 is out of range (A7.2)。何も変更されていません。"
    assert narrator.render(notice, "en") == notice
    assert narrator.term("first_fire", "ja") == "臨機射撃"


def test_an_unknown_language_is_english_and_a_bad_catalogue_names_its_file(tmp_path, monkeypatch) -> None:
    assert i18n.lang_of("fr") == "en" and i18n.lang_of("ja") == "ja"
    with pytest.raises(i18n.CatalogueError, match="no language 'fr'"):
        i18n.catalogue("fr")
    bad = tmp_path / "ja" / "LC_MESSAGES"
    bad.mkdir(parents=True)
    (bad / "hexmate.po").write_text('msgid "a"\ngarbage here\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n.catalogue.cache_clear()
    try:
        with pytest.raises(i18n.CatalogueError, match=r"hexmate\.po"):
            i18n.catalogue("ja")
    finally:
        monkeypatch.undo()
        i18n.catalogue.cache_clear()


def test_a_rules_sentence_is_said_in_the_pages_language_with_its_facts_translated(monkeypatch) -> None:
    from hexmate.rules.text import T

    ja = {"{unit} is {state} (A10.6)": "{unit}は{state}です（A10.6）", "broken": "混乱状態"}
    monkeypatch.setattr(i18n, "catalogue", lambda lang, domain="hexmate": ja)
    said = T("{unit} is {state} (A10.6)", unit="8A", state=T("broken"))
    assert i18n.render_text(said, "en") == "8A is broken (A10.6)"
    assert i18n.render_text(said, "ja") == "8Aは混乱状態です（A10.6）"
    assert i18n.render_text("broken", "ja") == "混乱状態"  # a plain term, by the catalogue
    assert i18n.render_text(T("Not in the catalogue {x}", x=1), "ja") == "Not in the catalogue 1"


def test_rules_templates_are_found_in_the_source_by_game(tmp_path) -> None:
    game = tmp_path / "games" / "pg"
    game.mkdir(parents=True)
    (game / "fire.py").write_text('from x import T\nraise E(T("{u} is out of range (8.1)", u=u))\n')
    (tmp_path / "los.py").write_text('T("No line of sight")\n')
    assert i18n.rules_msgids(tmp_path) == {"rules-pg": {"{u} is out of range (8.1)"},
                                           "rules": {"No line of sight"}}
    (tmp_path / "bad.py").write_text("T(template)\n")
    with pytest.raises(i18n.CatalogueError, match=r"bad\.py:1: T\(\) needs its template as a string literal"):
        i18n.rules_msgids(tmp_path)


def test_each_rules_template_is_translated_in_its_own_games_catalogue() -> None:
    from babel.messages.pofile import read_po

    for domain, templates in i18n.rules_msgids().items():
        path = i18n.LOCALE / "ja" / "LC_MESSAGES" / f"{domain}.po"
        assert path.exists(), f"{sorted(templates)[:3]}... need {path}"
        with path.open("rb") as f:
            have = {str(m.id) for m in read_po(f, locale="ja") if m.id and m.string}
        assert sorted(templates - have) == [], path
        ja = i18n.catalogue("ja", domain)
        for msgid in templates:
            assert sorted(FACT.findall(ja[msgid])) == sorted(FACT.findall(msgid)), (path, msgid)


def test_no_rules_catalogue_keeps_a_template_the_rules_no_longer_say() -> None:
    """A template (an entry with a {fact}) that no ``T()`` in the rules uses any more is a stale entry: a
    message changed or removed, its old translation left behind (merges keep both sides). Plain words stay:
    they translate facts ("Location", a state) that no template names."""
    from babel.messages.pofile import read_po

    for domain, templates in i18n.rules_msgids().items():
        path = i18n.LOCALE / "ja" / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as f:
            stale = {str(m.id) for m in read_po(f, locale="ja") if m.id and "{" in str(m.id)} - templates
        assert sorted(stale) == [], path


def test_two_games_may_say_one_english_word_two_ways(monkeypatch) -> None:
    from hexmate.rules.text import T, domain_of

    assert domain_of("hexmate.rules.games.asl.fire") == "rules-asl"
    assert domain_of("hexmate.rules.los") == "rules"
    books = {"rules-asl": {"front": "前面"}, "rules-fireteam": {"front": "正面"}}
    monkeypatch.setattr(i18n, "catalogue", lambda lang, domain="hexmate": books.get(domain, {}))
    said = T("front")
    said.domain = "rules-fireteam"
    assert i18n.render_text(said, "ja") == "正面"
    said.domain = "rules-asl"
    assert i18n.render_text(said, "ja") == "前面"


def test_a_bad_hex_typed_on_a_page_is_refused_in_its_language() -> None:
    from hexmate.rules.errors import InvalidAction
    from hexmate.rules.games import get_game
    from hexmate.rules.labels import Grid, LabelError

    game = get_game("asl")
    position = game.new_position(game.load_scenario(game.demo_scenario_path))
    with pytest.raises(InvalidAction) as bad:
        position.parse_action("move ger-sq3 DK3-ZZ99")
    notice = narrator.say("refused", why=bad.value)
    assert notice.text == "Not accepted: 'ZZ99' is not a hex of this map. Nothing was changed."
    assert narrator.render(notice, "ja").text == (
        "受け付けません：'ZZ99' はこのマップのヘクスではありません。何も変更されていません。")
    with pytest.raises(LabelError) as label:  # a printed label's own check, a T raised as a ValueError
        Grid("asl", 1, 10, "even", (1, 10), (1, 10)).parse("7Q")
    said = narrator.say("refused", why=label.value)
    assert narrator.render(said, "ja").text.startswith(
        "受け付けません：'7Q' はヘクス番号ではありません（英字のあとに")
