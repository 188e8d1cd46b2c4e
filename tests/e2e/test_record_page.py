"""The record page in chromium against a real ``hexmate demo``: each player pairs their own browser with the
side's code (two browser contexts: two pages, two Ed25519 keys made by WebCrypto, each registered for its
side by the pairing), one records the result, each signs it from their own page; the table's host page,
which never paired, is refused with the reason; the dice panel and the replay show; after the demo stops
``hexmate record verify`` finds both signatures made with the keys registered at pairing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import Demo


@pytest.fixture
def pg_demo(tmp_path):
    d = Demo(tmp_path, "--game", "pg")
    try:
        d.wait_live()
        yield d
    finally:
        d.output = d.stop()


def _paired_record_page(browser, url: str, code: str):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}pair?code={code}")
    page.wait_for_url("**/play**")  # paired: the token is this browser's, its key registered for the side
    page.goto(url + "record")
    return context, page


def test_result_signed_from_two_paired_pages_verifies(pg_demo, browser) -> None:
    host = browser.new_context()
    codes = {p["key"]: p["code"] for p in host.request.get(pg_demo.url + "api/pairing").json()["pairing"]}
    ger, a = _paired_record_page(browser, pg_demo.url, codes["ger"])
    sov, b = _paired_record_page(browser, pg_demo.url, codes["sov"])
    try:
        a.wait_for_selector("#sign-ger")
        assert a.text_content("#my-key") != b.text_content("#my-key")  # each browser has its own key
        a.wait_for_function("document.getElementById('sign').textContent.includes('registered at pairing')")
        a.select_option("#winner", "sov")
        a.fill("#player-ger", "Anna")
        a.fill("#player-sov", "Boris")
        a.fill("#tournament", "Club night")
        a.click("text=Record the result")
        a.wait_for_function("document.getElementById('result-now').textContent"
                            ".startsWith('Recorded: sov win')")
        # the table's own page (never paired) may record, but not sign for a side
        h = host.new_page()
        h.goto(pg_demo.url + "record")
        h.wait_for_selector("#sign-ger:not([disabled])")
        h.click("#sign-ger")
        h.wait_for_function("document.getElementById('sign-status').textContent"
                            ".includes('only the player paired for a side signs for it')")
        a.click("#sign-ger")
        a.wait_for_selector("text=signed (key")
        b.reload()
        b.wait_for_selector("#sign-sov:not([disabled])")
        b.click("#sign-ger")  # the other side's button: refused, with the reason
        b.wait_for_function("document.getElementById('sign-status').textContent"
                            ".includes('a player signs for their own side only')")
        b.click("#sign-sov")
        b.wait_for_function("document.getElementById('sign').textContent.split('signed (key').length === 3")
        assert not b.is_hidden("#replay")
        assert b.wait_for_selector("#replay-map svg.map")
        assert "step 0 of" in (b.text_content("#step-text") or "")
        csv = b.request.get(pg_demo.url + "record.csv").text()
        assert csv.splitlines()[1].startswith("Club night,") and ",Anna,ger,Boris,sov,sov,sov win" in csv
    finally:
        ger.close()
        sov.close()
        host.close()
    pg_demo.stop()
    entries = [json.loads(x) for x in pg_demo.record.read_text().splitlines()]
    paired = {e["data"]["side"]: e["data"]["public_key"] for e in entries if e["kind"] == "paired"}
    signed = {e["data"]["side"]: e["data"]["public_key"] for e in entries if e["kind"] == "signature"}
    assert set(paired) == {"ger", "sov"} and signed == paired  # each side signed with its paired key
    out = subprocess.run([str(Path(sys.executable).parent / "hexmate"), "record", "verify",
                          str(pg_demo.record)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "result: sov win; signed by: ger, sov" in out.stdout


def test_a_japanese_record_page_says_its_result_statistics_refusals_and_replay_in_japanese(pg_demo,
                                                                                           browser) -> None:
    host = browser.new_context()
    try:
        page = host.new_page()
        page.goto(pg_demo.url + "record?lang=ja")
        page.wait_for_function("document.documentElement.lang === 'ja'")
        page.wait_for_selector("#sign-ger")
        assert page.text_content("#result-now") == "結果はまだ記録されていません。"
        assert page.text_content("#sign-ger") == "ger プレイヤーとして署名"
        assert "鍵" in (page.text_content("#sign") or "") and "key" not in (page.text_content("#sign") or "")
        stats = page.text_content("#stats") or ""
        assert stats == "ボードではまだダイスが振られていません。" or "カイ二乗" in stats, stats
        page.select_option("#winner", "ger")
        page.fill("#result-text", "ger win")
        page.click("#result-form button[type=submit]")
        page.wait_for_function("document.getElementById('result-now').textContent"
                               ".startsWith('記録済み：ger win（勝者 ger')")
        # the table's own page never paired: the API's refusal comes in the page's language
        page.wait_for_selector("#sign-ger:not([disabled])")
        page.click("#sign-ger")
        page.wait_for_function("document.getElementById('sign-status').textContent"
                               ".startsWith('陣営に署名できるのはその陣営でペアリングしたプレイヤーだけです')")
        page.wait_for_selector("#replay-map svg.map")
        page.wait_for_function("document.getElementById('step-text').textContent.startsWith('ステップ 0／')")
        assert "初期配置" in (page.text_content("#step-text") or "")
        assert page.text_content("#prev") == "◀ 戻る"
    finally:
        host.close()
