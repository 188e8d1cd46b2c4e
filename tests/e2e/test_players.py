"""The players' pages in chromium on the real demo host: the German player turn of the ASL demo played from
the keyboard alone on the two players' pages (paired with the codes the host page shows), a spectator's
WebSocket watched frame by frame the whole time (no concealed unit's id ever on it), axe-core on every page
in every theme and both languages, and a page of another origin refused.

``HEXMATE_SCREENSHOTS=docs/screenshots`` (``make screenshots``) also saves the pages' pictures for the
docs."""

from __future__ import annotations

import http.server
import os
import re
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from .conftest import get_json

SETTLE_S = 15.0
CONCEALED = re.compile(r"rus-8-1|rus-sq1|rus-sq3|rus-sq5")  # the demo's concealed Russians
SHOTS = os.environ.get("HEXMATE_SCREENSHOTS")


def _codes(host: Any, url: str) -> dict[str, str]:
    """The pairing codes as the host's companion page reads them (loopback). A fresh connection each time:
    the page's request context kept an idle keep-alive one, which the server may close (after uvicorn's
    5 s) just as it is reused, and the read then fails with ECONNRESET."""
    data = get_json(url + "api/pairing")
    return {p["key"]: p["code"] for p in data["pairing"]}


# The browser's voice, recorded at its API (headless chromium has no voices to hear)
VOICE = """Object.defineProperty(window, 'speechSynthesis', {value: {said: [],
    speak(u) { this.said.push([u.text, u.lang]); }, cancel() { this.said.push(['(cancel)']); }}});"""


def _join(browser: Any, url: str, code: str, lang: str = "en", **options: Any) -> Any:
    """A new browser (its own storage, as a phone would be) paired with a code through /pair."""
    context = browser.new_context(**options)
    context.add_init_script(VOICE)
    page = context.new_page()
    page.errors = []  # a script error on a player's page fails the test that opened it
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{url}pair?code={code}&lang={lang}")
    page.wait_for_url("**/play**")
    page.wait_for_selector("#map-svg .hex")
    page.wait_for_function("() => document.querySelector('#guide').textContent.length > 0")
    return page


def _tab_to(page: Any, selector: str, limit: int = 200) -> None:
    """Focus an element with the Tab key alone, as a keyboard user would."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def _go(page: Any, hex_label: str) -> None:
    """From the map, G opens the command box with 'go '; the hex and Enter put the cursor there."""
    _tab_to(page, "#map")
    page.keyboard.press("g")
    page.keyboard.type(hex_label)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelector('#cursor').textContent.startsWith('{hex_label},')")
    assert page.evaluate("() => document.activeElement.id") == "map"


def _pick(page: Any, unit: str) -> None:
    """Space on the map until this unit alone is picked (each unit, then the stack, then none); the page
    says where the picked units may go once the host has answered."""
    for _ in range(5):
        page.keyboard.press(" ")
        page.wait_for_function("""() => { const a = document.querySelector('#answer').textContent;
            return a.includes('legal destinations') || a === 'Nothing picked.'; }""")
        if page.locator("#cursor").inner_text().endswith(f"picked: {unit}"):
            return
    raise AssertionError(f"Space never picked {unit} alone: {page.locator('#cursor').inner_text()}")


class Table:
    """The host's answers (read only: every action below is a key press on a player's page)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def view(self) -> dict[str, Any]:
        return get_json(self.url + "api/view")

    def wait(self, what: str, test: Any) -> dict[str, Any]:
        end = time.monotonic() + SETTLE_S
        v = self.view()
        while time.monotonic() < end:
            v = self.view()
            if test(v):
                return v
            time.sleep(0.05)
        raise AssertionError(f"{what}: the host shows {v['phase_id']} {v['to_act']} to act, decision "
                             f"{v['decision']}; {v['notice']}")

    def decision(self, kind: str, side: str, about: str = "") -> dict[str, Any]:
        return self.wait(f"a {kind} decision for {side} {about}", lambda v: v["decision"] is not None
                         and v["decision"]["kind"] == kind and v["decision"]["side"] == side
                         and about in v["decision"]["prompt"])


def _done(page: Any) -> None:
    page.wait_for_function("() => !document.querySelector('#done-btn').disabled")
    _tab_to(page, "#done-btn")
    page.keyboard.press("Enter")


def _dice(page: Any, pips: str) -> None:
    page.wait_for_selector(".dice-input")
    _tab_to(page, ".dice-input")
    page.keyboard.type(pips)
    page.keyboard.press("Enter")


def _confirm(page: Any, unit: str) -> None:
    page.wait_for_selector(f'button.confirm[data-unit="{unit}"]')
    _tab_to(page, f'button.confirm[data-unit="{unit}"]')
    page.keyboard.press("Enter")


def _move(page: Any, unit: str, start: str, to: str) -> None:
    _go(page, start)
    _pick(page, unit)
    _go(page, to)
    assert "reachable, cost" in page.locator("#cursor").inner_text()
    page.keyboard.press("Enter")


def test_the_german_player_turn_played_from_the_keyboard_on_the_players_pages(demo, browser) -> None:
    table = Table(demo.url)
    host = browser.new_page()
    host.goto(demo.url)
    codes = _codes(host, demo.url)
    # the spectator's socket, frame by frame, from the first one on
    watcher = browser.new_context().new_page()
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    watcher.goto(f"{demo.url}pair?code={codes['spectator']}")
    watcher.wait_for_selector("#map-svg .hex")
    ger = _join(browser, demo.url, codes["ger"])
    rus = _join(browser, demo.url, codes["rus"], viewport={"width": 390, "height": 844})  # a phone
    assert ger.locator("#role").inner_text() == "Player: German"
    assert watcher.locator("#role").inner_text().startswith("Spectator")
    # the Russian page names its own concealed units; the German one only knows '?'
    _go(rus, "DR5")
    assert "Russian 4-4-7 squad, concealed" in rus.locator("#cursor").inner_text()
    _go(ger, "DR5")
    assert "Russian concealed unit" in ger.locator("#cursor").inner_text()
    _tab_to(ger, "#speak")
    ger.keyboard.press(" ")  # the browser's voice on
    _tab_to(ger, "#map")
    ger.keyboard.press("n")
    ger.wait_for_function("() => document.querySelector('#answer').textContent.includes('Movement Phase')")
    said = ger.evaluate("() => window.speechSynthesis.said")
    spoken = [(x[0], x[1]) for x in said if len(x) == 2]
    assert any(text.startswith("Movement Phase (A3.3): German to act.") and voice == "en-GB"
               for text, voice in spoken), said
    _shot(ger, "player-page")
    _shot(rus, "player-phone")

    # German MPh (A3.3): ger-sq4 goes to DO4; the Russians may fire at each hex it enters (A8.1)
    _move(ger, "ger-sq4", "DK4", "DO4")
    while True:
        v = table.decision("react", "rus")
        if "entered DO4" in v["decision"]["prompt"]:
            break
        _done(rus)  # let it go on
        table.wait("the next hex", lambda w, before=v: w["decision"] != before["decision"])
    _go(rus, "DS4")
    _pick(rus, "rus-sq2")
    _go(rus, "DO4")
    rus.keyboard.press("Enter")  # a picked unit and an enemy under the cursor: fire (A8.1)
    table.decision("roll", "rus")
    _dice(rus, "2,3")  # K/1 (demo values): the squad is reduced to its half-squad
    table.decision("roll", "ger")
    _dice(ger, "5 4")  # its 1MC: broken (A10.3)
    table.wait("the changes owed", lambda v: {c["unit"] for c in v["changes"] if c["confirm"]} >= {"ger-sq4"})
    _confirm(ger, "ger-sq4")  # the half-squad replaces it, broken side up (A7.302, A10.2)
    _confirm(rus, "rus-sq2")  # its First Fire marker (A8.1)
    table.decision("react", "rus")
    _done(rus)
    table.wait("the move over", lambda v: v["decision"] is None and v["to_act"] == "ger")
    _move(ger, "ger-sq5", "DI4", "DI5")
    while (v := table.wait("the move over",
                           lambda w: w["decision"] is None or w["to_act"] == "rus"))["decision"]:
        _done(rus)
        table.wait("the next hex", lambda w, before=v: w["decision"] != before["decision"])
    _done(ger)  # the end of the German MPh
    table.wait("DFPh", lambda v: v["phase_id"] == "DFPh" and v["to_act"] == "rus")
    _done(rus)
    table.wait("AFPh", lambda v: v["phase_id"] == "AFPh" and v["to_act"] == "ger")
    _done(ger)
    # RtPh: the Russians, in the Germans' view, are asked privately whether any unit breaks voluntarily
    # (A10.41); the German page and the spectator see the question but neither the units nor the answers
    v = table.decision("units", "rus", "break voluntarily")
    assert v["decision"]["units"] == [] and v["decision"]["choices"] == []  # the shared view: nothing private
    rus.wait_for_selector('.legal-act[data-text="answer none"]')
    _tab_to(rus, '.legal-act[data-text="answer none"]')
    rus.keyboard.press("Enter")
    # then whether their "?" in the router's view reveal to interdict it (A10.533): they keep them
    v = table.decision("units", "rus", "reveal concealed units")
    assert v["decision"]["units"] == []
    rus.wait_for_selector('.legal-act[data-text="answer keep"]')
    _tab_to(rus, '.legal-act[data-text="answer keep"]')
    rus.keyboard.press("Enter")
    table.decision("hexes", "ger")  # the broken half-squad must rout (A10.5)
    _go(ger, "DK4")
    assert "one of the hexes to choose" in ger.locator("#cursor").inner_text()
    ger.keyboard.press("Enter")
    # at each Open Ground hex of the route a Russian "?" sees, the Russians are asked again, privately,
    # whether to reveal to interdict there (A10.533, as the router enters): they keep them
    while (v := table.wait("the rout", lambda w: w["phase_id"] == "APh" or (
            w["decision"] or {}).get("rule") == "A10.533"))["phase_id"] != "APh":
        assert v["decision"]["side"] == "rus" and v["decision"]["units"] == []
        rus.wait_for_selector('.legal-act[data-text="answer keep"]')
        _tab_to(rus, '.legal-act[data-text="answer keep"]')
        rus.keyboard.press("Enter")
        table.wait("the next hex", lambda w, before=v: w["decision"] != before["decision"])
    v = table.wait("APh", lambda v: v["phase_id"] == "APh")
    assert any(u["id"] == "ger-sq4" for u in v["counters"]["DK4"])
    _done(ger)  # no advance; the CCPh ends by itself
    table.wait("the Russian player turn", lambda v: v["phase_id"] == "RPh" and v["to_act"] == "rus")
    ger.wait_for_function("() => document.querySelector('#phase').textContent === 'Rally Phase'")
    # the log steps back through past positions (folded from the record), by keyboard
    _tab_to(ger, "#log-back")
    ger.keyboard.press("Enter")
    ger.wait_for_selector("#log-map svg.map")
    first = ger.locator("#log-at").inner_text()
    ger.keyboard.press("Enter")
    ger.wait_for_function("(was) => document.querySelector('#log-at').textContent !== was", arg=first)
    steps = re.match(r"Step (\d+) of (\d+): ", ger.locator("#log-at").inner_text())
    assert steps is not None and int(steps.group(2)) - int(steps.group(1)) == 2, steps
    past = ger.locator("#log-counters").inner_text()
    assert "DR5: ?, ?" in past and not CONCEALED.search(past + ger.locator("#log-map").inner_html())
    _tab_to(ger, "#log-fwd")
    ger.keyboard.press("Enter")
    ger.keyboard.press("Enter")
    ger.wait_for_function("() => document.querySelector('#log-at').textContent === "
                          "'This is the position now.'")
    assert ger.locator("#log-past").is_hidden()
    assert ger.locator("#res-steps li").count() > 0  # the fire's resolution, step by step
    rolls = ger.locator("#dice-log li").all_inner_texts()
    assert rolls[1].startswith("Dice 2,3: roll rus at DO4") and "IFT" in rolls[1], rolls
    assert rolls[0].startswith("Dice 5,4: ") and "ger-sq4" in rolls[0], rolls
    # a player page cannot act for the other side
    assert rus.locator("#done-btn").is_enabled() and not ger.locator("#done-btn").is_enabled()
    for page in (ger, rus):
        assert page.locator("#act-error").inner_text() == ""
        assert page.errors == []
    _go(ger, "DK4")
    cursor = ger.locator("#cursor").inner_text()
    assert cursor == ("DK4, woods, level 0, German 8-0 leader, German 2-4-7 hs, broken (A10.4), "
                      "Desperation Morale (A10.62)")

    # nothing a spectator's socket carried ever named a concealed unit
    watcher.wait_for_function("() => document.querySelector('#phase').textContent === 'Rally Phase'")
    assert len(frames) > 20 and any('"type": "view"' in f or '"type":"view"' in f for f in frames)
    leaks = [m.group(0) for f in frames for m in [CONCEALED.search(f)] if m]
    assert leaks == []
    _shot(ger, "player-page-resolution")
    _shot(watcher, "spectator-page")


THEMES = ("default", "contrast", "large")


def _themed(page: Any, theme: str) -> None:
    page.select_option("#theme", theme)
    page.wait_for_function(f"() => document.body.dataset.theme === '{theme}'")


def _shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def test_a_refused_move_reads_in_japanese_with_its_rule_on_a_japanese_page(demo, browser) -> None:
    host = browser.new_page()
    host.goto(demo.url)
    ger = _join(browser, demo.url, _codes(host, demo.url)["ger"], "ja")
    en = _join(browser, demo.url, _codes(host, demo.url)["spectator"], "en")
    ger.fill("#cmd", "move ger-sq4,ger-sq5 DK4-DK5")  # two Locations: one stack moves together (A4.2)
    ger.keyboard.press("Enter")
    said = ("受け付けません：共に行動するユニットは同じ区域から始めなければなりません（A4.2）。"
            "何も変更されていません。")
    ger.wait_for_function(f"() => document.querySelector('#notice').textContent === '{said}'")
    en.wait_for_function("() => document.querySelector('#notice').textContent === 'Not accepted: units "
                         "acting together must start in the same Location (A4.2). Nothing was changed.'")
    _shot(ger, "player-refusal-ja")
    # a move played: the game log's line in each page's language, its unit and hexes as printed
    ger.fill("#cmd", "move ger-sq4 DK4-DK5")
    ger.keyboard.press("Enter")
    ger.wait_for_function("() => document.querySelector('#log').textContent.includes('DK4 → DK5（')")
    en.wait_for_function("() => document.querySelector('#log').textContent.includes('DK4 → DK5 (')")
    assert ger.errors == [] and en.errors == []


def test_every_page_passes_axe_in_every_theme_and_both_languages(demo, browser, axe) -> None:
    checked: dict[str, list[Any]] = {}
    for lang in ("en", "ja"):
        host = browser.new_context().new_page()
        host.goto(f"{demo.url}?lang={lang}")
        host.wait_for_selector("#map .hex")
        host.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        host.locator("#pairing summary").click()
        host.wait_for_selector("#pairing-list .qr svg")
        for theme in THEMES:
            _themed(host, theme)
            checked[f"host {lang} {theme}"] = axe(host)
            if theme == "default":
                _shot(host, f"host-{lang}")
        if lang == "ja":
            assert host.locator("#now-h").inner_text() == "現在"
            assert host.locator("#legal-h").inner_text() == "今できること"
        table = host.context.new_page()
        table.goto(f"{demo.url}table?lang={lang}")
        table.wait_for_selector("#board .cell .chip")
        table.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        for theme in THEMES:
            _themed(table, theme)
            checked[f"table {lang} {theme}"] = axe(table)
            if theme == "contrast":
                _shot(table, f"virtual-table-{theme}-{lang}")
        if lang == "ja":
            assert table.locator("#tray-h").inner_text() == "カウンター"
        record = host.context.new_page()
        record.goto(f"{demo.url}record?lang={lang}")
        record.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        for theme in THEMES:
            _themed(record, theme)
            checked[f"record {lang} {theme}"] = axe(record)
        codes = _codes(host, demo.url)
        for theme in THEMES:
            pair = browser.new_context().new_page()
            pair.goto(f"{demo.url}pair?lang={lang}&theme={theme}")
            pair.wait_for_function(f"() => document.documentElement.lang === '{lang}' "
                                   f"&& document.body.dataset.theme === '{theme}'")
            checked[f"pair {lang} {theme}"] = axe(pair)
        for role, code in (("rus", codes["rus"]), ("spectator", codes["spectator"])):
            page = _join(browser, demo.url, code, lang)
            codes = _codes(host, demo.url)  # a side's code works once
            for theme in THEMES:
                _themed(page, theme)
                checked[f"{role} {lang} {theme}"] = axe(page)
                if role == "rus" and theme != "default":
                    _shot(page, f"player-{theme}-{lang}")
            if lang == "ja":
                assert page.locator("#now-h").inner_text() == "現在"
                assert page.locator("#phase").inner_text() == "移動フェイズ"
    assert len(checked) == 6 * 2 * 3  # host, table, record, pair, two players' pages; 2 languages, 3 themes
    bad = {name: [(x["id"], x["nodes"][:3]) for x in v] for name, v in checked.items() if v}
    assert bad == {}, "\n".join(f"{k}: {v}" for k, v in bad.items())


def test_a_page_of_another_origin_is_refused(demo, browser, tmp_path) -> None:
    port = demo.port
    probe = f"""<!doctype html><html lang="en"><title>another site</title><script>
      window.result = new Promise((done) => {{
        const got = [];
        const ws = new WebSocket("ws://127.0.0.1:{port}/ws");
        ws.onmessage = (e) => got.push(e.data);
        ws.onclose = (e) => done({{closed: true, code: e.code, got: got.length}});
        setTimeout(() => done({{closed: false, got: got.length}}), 8000);
      }});
    </script>"""
    (tmp_path / "probe.html").write_text(probe)
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/probe.html")
        result = page.evaluate("() => window.result")
        assert result["closed"] and result["got"] == 0, result  # refused at the handshake: nothing sent
        # the same probe from the host's own origin is answered: the check is the origin, not the probe
        own = browser.new_page()
        own.goto(demo.url)
        answered = own.evaluate(f"""() => new Promise((done) => {{
            const ws = new WebSocket("ws://127.0.0.1:{port}/ws");
            ws.onmessage = () => {{ ws.close(); done(true); }};
            ws.onclose = () => done(false); }})""")
        assert answered
    finally:
        server.shutdown()
