"""The companion page's Now panel and the virtual table's board buttons in chromium, against a scripted fake
service (the real app.py and static files; the service answers page actions with the next view), checked
with the mouse, the keyboard and axe-core."""

from __future__ import annotations

import asyncio
import copy
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest
import uvicorn
from hexmate.host.service import PageAction
from hexmate.host.web.app import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
HEXES = ["DK3", "DK4", "DL4", "DM4", "DN4", "DO4", "DI5"]

# The view of the ASL demo while the Russians may fire on a German squad entering DO4 (A8.1).
REACT_VIEW: dict[str, Any] = {
    "type": "view",
    "conn": {"state": "live", "detail": "", "counters": {"rx_frames": 3}, "pending": 0, "device": {}},
    "board": "emu-346", "firmware": "0.1",
    "turn": 1, "phase": "Movement Phase", "phase_id": "MPh", "phase_rule": "A3.3", "to_act": "rus",
    "prompt": "ger-sq4 enters DO4: the Russians may fire (A8.1).",
    "notice": {"level": "info", "text": ""},
    "counters": {"DO4": [{"id": "ger-sq4", "label": "4-6-7", "side": "ger"}],
                 "DM5": [{"id": "rus-sq2", "label": "4-4-7", "side": "rus"}]},
    "leds": {}, "blink": [], "lit": [], "last_actions": ["move ger-sq4 DK4-DN4"], "tracker": "idle",
    "setup": None, "unknown": [], "enrol_choices": [], "record": None,
    "decision": {"kind": "react", "side": "rus",
                 "prompt": "Fire on ger-sq4 as it enters DO4, or let it move on", "rule": "A8.1",
                 "units": [{"id": "ger-sq4", "label": "4-6-7"}], "hexes": ["DO4"],
                 "choices": ["pass"], "dice": None, "armed": False},
    "legal": [{"text": "answer pass", "label": "Let it move on"},
              {"text": "fire rus-sq2 at DO4", "label": "Defensive First Fire: rus-sq2 at DO4"}],
    "done": {"text": "answer pass", "label": "Let it move on (A8.1)"},
    "changes": [{"what": "flip", "unit": "ger-sq1", "label": "4-6-7", "hex": "DK3", "rule": "A10.2",
                 "text": "Flip ger-sq1 to its broken side (A10.2)", "confirm": True},
                {"what": "remove", "unit": "ger-sq9", "label": "4-6-7", "hex": "DI5", "rule": "A7.3",
                 "text": "Remove ger-sq9: eliminated (A7.3)", "confirm": False},
                {"what": "place", "unit": "ger-sq1", "label": "DM", "hex": "DK3", "rule": "A10.62",
                 "text": "Place a DM marker on ger-sq1 (A10.62)", "confirm": True}],
    "resolution": {"title": "Fire of rus-sq2 at DN4", "label": "demo values", "result": "PTC",
                   "steps": [{"name": "FP", "text": "4 (A7.2)"},
                             {"name": "DRM", "text": "-2 FFNAM, FFMO (A4.6)"},
                             {"name": "IFT", "text": "final DR 7 on the 4 column: PTC"}]},
    "los": None,
}


class ScriptedService:
    """Stands in for host.service.Service: a view that page actions change, as the real one will."""

    def __init__(self, view: dict[str, Any], *, table: bool = False) -> None:
        self.table = self if table else None  # the emulated world's one call from the pages: dice_next
        self.loaded: list[list[int]] = []
        self.current = copy.deepcopy(view)
        self.submitted: list[PageAction] = []
        self.answers: dict[str, Callable[[dict[str, Any]], None]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: set[asyncio.Queue[dict[str, Any]]] = set()

    session = SimpleNamespace(scenario=SimpleNamespace(sides=(SimpleNamespace(id="ger", name="German"),
                                                              SimpleNamespace(id="rus", name="Russian"))))

    def view(self, audience: str = "shared", lang: str = "en") -> dict[str, Any]:
        return copy.deepcopy(self.current)

    def map_data(self) -> dict[str, Any]:
        hexes = [{"id": h, "x": 0.866 * (ord(h[1]) - ord("I")),
                  "y": int(h[2:]) + (0.5 if h[1] in "JLN" else 0),
                  "terrain": "woods" if h == "DK3" else "open"} for h in HEXES]
        return {"type": "map", "hexes": hexes}

    def board_data(self) -> dict[str, Any]:
        cells = [{"id": i, "label": h[1:], "x": 22.0 * i, "y": 0.0} for i, h in enumerate(HEXES)]
        return {"type": "board", "name": "emu", "cells": cells, "tray": [],
                "buttons": [{"id": 0, "name": "dice-a"}, {"id": 1, "name": "dice-b"},
                            {"id": 2, "name": "done"}]}

    def dice_next(self, pips: list[int]) -> None:
        self.loaded.append(pips)

    def table_view(self) -> dict[str, Any]:
        return {"type": "table", "cells": {}, "leds": {}, "conn": "live"}

    def subscribe(self, audience: str = "shared", lang: str = "en", *,
                  host: bool = True) -> asyncio.Queue[dict[str, Any]]:
        self.loop = asyncio.get_running_loop()
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.queues.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[dict[str, Any]]) -> None:
        self.queues.discard(q)

    def submit(self, action: PageAction) -> None:  # on the server's loop, as in the real service
        self.submitted.append(action)
        answer = self.answers.get(_key(action))
        if answer is None:
            why = f"not a legal action now (A3.3): {action.kind}"
            self.current["notice"] = {"level": "error", "text": why}
        else:
            self.current["notice"] = {"level": "info", "text": ""}
            answer(self.current)
        for q in self.queues:
            q.put_nowait(self.view())

    def push(self, change: Callable[[dict[str, Any]], None]) -> None:
        """Change the view from the test's thread and send it, as a table gesture would."""
        assert self.loop is not None

        def apply() -> None:
            change(self.current)
            for q in self.queues:
                q.put_nowait(self.view())
        self.loop.call_soon_threadsafe(apply)


def _key(action: PageAction) -> str:
    return action.kind + json.dumps(dict(action.data), sort_keys=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def serve() -> Iterator[Callable[[ScriptedService], str]]:
    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(service: ScriptedService) -> str:
        port = _free_port()
        server = uvicorn.Server(uvicorn.Config(create_app(service), host="127.0.0.1", port=port,  # type: ignore[arg-type]
                                               log_level="warning", ws="websockets"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        servers.append((server, thread))
        end = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < end, "uvicorn did not start"
            time.sleep(0.02)
        return f"http://127.0.0.1:{port}/"

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _open(browser: Any, url: str) -> Any:
    page = browser.new_page()
    page.goto(url)
    page.wait_for_selector("#legal .legal-act")
    return page


def _wait_submitted(service: ScriptedService, n: int) -> list[PageAction]:
    end = time.monotonic() + 5
    while len(service.submitted) < n:
        assert time.monotonic() < end, f"the page sent {service.submitted}, expected {n} actions"
        time.sleep(0.02)
    return service.submitted


def test_now_panel_shows_turn_phase_decision_changes_and_resolution(serve, browser) -> None:
    service = ScriptedService(REACT_VIEW)
    page = _open(browser, serve(service))
    assert page.locator("#turn").inner_text() == "Turn 1"
    assert page.locator("#phase").inner_text() == "Movement Phase"
    assert page.locator("#phase-rule").inner_text() == "(MPh, A3.3)"
    assert page.locator("#to-act").inner_text() == "rus to act"
    assert page.locator("#decision").is_visible()
    assert page.locator("#decision-h").inner_text() == "React or pass (A8.1)"
    assert page.locator("#decision-who").inner_text() == "rus decides, rule A8.1."
    assert page.locator("#decision-prompt").inner_text() == REACT_VIEW["decision"]["prompt"]
    assert page.locator("#decision-live").get_attribute("aria-live") == "polite"
    assert page.locator("#dice-armed").is_hidden()
    assert "Hexes: DO4" in page.locator("#decision-options").inner_text()
    # the legal actions as buttons named by their label, with the text form to learn from
    buttons = page.locator("#legal .legal-act")
    texts = buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.text)")
    assert texts == ["answer pass", "fire rus-sq2 at DO4"]
    assert buttons.nth(1).inner_text().splitlines() == [
        "Defensive First Fire: rus-sq2 at DO4", "fire rus-sq2 at DO4"]
    assert page.locator("#done-btn").inner_text() == "Done: Let it move on (A8.1)"
    assert page.locator("#done-btn").is_enabled()
    # the physical changes: a confirm button only where the board cannot sense the change
    # (the service confirms by unit, so one button per unit, after its last change, names them all)
    items = page.locator("#changes-list li")
    assert items.count() == 3
    assert items.nth(0).inner_text() == "Flip ger-sq1 to its broken side (A10.2) (DK3)"
    assert items.nth(1).inner_text() == (
        "Remove ger-sq9: eliminated (A7.3) (DI5) (the table sees it when it is made)")
    assert items.nth(2).locator("button.confirm").inner_text() == "Done: I made these changes"
    assert items.nth(2).locator("button.confirm").get_attribute("aria-label") == (
        "Done: I made these changes: Flip ger-sq1 to its broken side (A10.2) (DK3); "
        "Place a DM marker on ger-sq1 (A10.62) (DK3)")
    assert page.locator("#changes-list button").count() == 1
    # the last resolution as named steps, labelled with its demo values
    assert page.locator("#resolution-title").inner_text() == "Fire of rus-sq2 at DN4"
    assert page.locator("#resolution-label").inner_text() == "demo values"
    steps = page.locator("#resolution-steps li").all_inner_texts()
    assert steps == ["FP: 4 (A7.2)", "DRM: -2 FFNAM, FFMO (A4.6)", "IFT: final DR 7 on the 4 column: PTC"]
    assert page.locator("#resolution-result").inner_text() == "Result: PTC"
    # the decision's hexes and the changes' hexes on the map
    assert page.locator('#map .hex.decision').evaluate_all("(gs) => gs.map((g) => g.dataset.hex)") == ["DO4"]
    assert sorted(page.locator('#map .hex.change').evaluate_all("(gs) => gs.map((g) => g.dataset.hex)")) == [
        "DI5", "DK3"]


def test_buttons_and_the_text_box_send_actions_and_a_refusal_shows_next_to_the_box(serve, browser) -> None:
    service = ScriptedService(REACT_VIEW)

    def fired(v: dict[str, Any]) -> None:
        v["decision"] = {"kind": "roll", "side": "rus", "prompt": "Roll the IFT DR for rus-sq2 at DO4",
                         "rule": "A7.3", "units": [], "hexes": [], "choices": [], "dice": "DR", "armed": True}
        v["legal"] = [{"text": "answer dice 1,1", "label": "DR 1,1"}]
        v["done"] = None
        v["last_actions"] = ["fire rus-sq2 at DO4", *v["last_actions"]]

    service.answers[_key(PageAction("act", {"text": "fire rus-sq2 at DO4"}))] = fired
    page = _open(browser, serve(service))

    # a typed action the rules refuse: the service's reason appears beside the box, the text stays to correct
    page.locator("#act-text").fill("fire rus-sq2 at DK9")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#act-error').textContent !== ''")
    assert page.locator("#act-error").inner_text() == "not a legal action now (A3.3): act"
    assert page.locator("#act-error").get_attribute("aria-live") == "assertive"
    assert page.locator("#act-text").get_attribute("aria-invalid") == "true"
    assert page.locator("#act-text").input_value() == "fire rus-sq2 at DK9"
    assert _wait_submitted(service, 1)[0] == PageAction("act", {"text": "fire rus-sq2 at DK9"})

    # the same action refused twice: the notice does not change, the error is still shown
    page.locator("#act-text").press("Enter")
    page.wait_for_function("() => document.querySelector('#act-error').textContent !== ''", timeout=5000)

    # the keyboard: Tab from the box back to the legal action's button, Enter plays it
    page.locator('#legal .legal-act[data-text="fire rus-sq2 at DO4"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#decision[data-kind="roll"]')
    assert service.submitted[-1] == PageAction("act", {"text": "fire rus-sq2 at DO4"})
    assert page.locator("#act-error").inner_text() == ""
    armed = page.locator("#dice-armed").inner_text()
    assert armed == "The dice are armed for this DR: press the dice button on the table."
    assert page.locator("#decision-h").inner_text() == "Roll the dice (A7.3)"
    assert page.locator("#done-btn").is_disabled()
    assert page.locator("#done-btn").inner_text() == "Done (nothing to end now)"


def test_done_confirm_and_los_are_sent_and_their_results_shown(serve, browser) -> None:
    service = ScriptedService(REACT_VIEW)

    def flipped(v: dict[str, Any]) -> None:
        v["changes"] = [c for c in v["changes"] if c["unit"] != "ger-sq1"]

    def traced(v: dict[str, Any]) -> None:
        v["los"] = {"from": "DK4", "to": "DO4", "clear": False, "hexes": ["DK4", "DL4", "DM4", "DN4", "DO4"],
                    "blocked_at": "DM4", "reason": "the woods in DM4 are a Level 1 obstacle", "rule": "A6.2"}

    def passed(v: dict[str, Any]) -> None:
        v["phase"], v["phase_id"], v["phase_rule"] = "Defensive Fire Phase", "DFPh", "A3.4"
        v["decision"], v["legal"] = None, []
        v["done"] = {"text": "end", "label": "End the Defensive Fire Phase (A3.4)"}

    service.answers[_key(PageAction("confirm", {"unit": "ger-sq1"}))] = flipped
    service.answers[_key(PageAction("los", {"from": "DK4", "to": "DO4"}))] = traced
    service.answers[_key(PageAction("done"))] = passed
    page = _open(browser, serve(service))

    page.locator('#changes-list button.confirm[data-unit="ger-sq1"]').click()
    page.wait_for_function("() => document.querySelectorAll('#changes-list li').length === 1")
    assert _wait_submitted(service, 1)[-1] == PageAction("confirm", {"unit": "ger-sq1"})

    # LOS by keyboard: type both hexes, Enter; the traced hexes and the blocking point go on the map
    page.locator("#los-from").fill("dk4")
    page.locator("#los-to").fill("DO4")
    page.locator("#los-to").press("Enter")
    page.wait_for_function("() => document.querySelector('#los-result').textContent !== ''")
    assert page.locator("#los-result").inner_text() == (
        "LOS from DK4 to DO4: blocked at DM4: the woods in DM4 are a Level 1 obstacle (A6.2). "
        "Traced through DK4, DL4, DM4, DN4, DO4.")
    assert page.locator("#los-result").get_attribute("aria-live") == "polite"
    assert page.locator("#map .hex.los").count() == 5
    assert page.locator("#map .hex.los-block").get_attribute("data-hex") == "DM4"
    assert page.locator("#map line.los-line.blocked").count() == 1

    # a hex label app.py refuses: its reason comes back and shows under the LOS form
    page.locator("#los-from").fill("DK4;")
    page.locator("#los-from").press("Enter")
    page.wait_for_function("() => document.querySelector('#los-result').classList.contains('error')")
    assert page.locator("#los-result").inner_text() == (
        "los: 'from' is 'DK4;', which is not a hex label such as DK4")

    page.locator("#done-btn").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#phase').textContent === 'Defensive Fire Phase'")
    assert page.locator("#phase-rule").inner_text() == "(DFPh, A3.4)"
    assert page.locator("#decision").is_hidden()
    assert page.locator("#legal-none").is_visible()
    assert page.locator("#done-btn").inner_text() == "Done: End the Defensive Fire Phase (A3.4)"
    assert service.submitted[-1] == PageAction("done")

    # a correction: the last action taken back, by keyboard
    sent = len(service.submitted)
    page.locator("#takeback-btn").focus()
    page.keyboard.press("Enter")
    assert _wait_submitted(service, sent + 1)[-1] == PageAction("takeback")


def test_a_view_pushed_by_the_table_keeps_the_keyboard_focus(serve, browser) -> None:
    service = ScriptedService(REACT_VIEW)
    page = _open(browser, serve(service))
    page.locator('#legal .legal-act[data-text="answer pass"]').focus()

    def heartbeat(v: dict[str, Any]) -> None:
        v["conn"]["counters"] = {"rx_frames": 4}
    service.push(heartbeat)

    def new_prompt(v: dict[str, Any]) -> None:
        v["legal"] = [*v["legal"], {"text": "fire rus-sq3 at DO4", "label": "Defensive First Fire: rus-sq3"}]
    service.push(new_prompt)
    page.wait_for_function("() => document.querySelectorAll('#legal .legal-act').length === 3")
    assert page.evaluate("() => document.activeElement.dataset.text") == "answer pass"


def test_companion_page_with_a_decision_open_passes_axe(serve, browser, axe) -> None:
    service = ScriptedService(REACT_VIEW)
    page = _open(browser, serve(service))
    violations = axe(page)
    assert violations == [], violations
    # the check can fail: an unlabelled text box is reported
    page.evaluate("() => document.querySelector('#act-form').append(document.createElement('input'))")
    assert "label" in {v["id"] for v in axe(page)}


@pytest.mark.parametrize("state", ["live", "syncing", "connecting", "lost", "silent", "off"])
def test_the_connection_badge_passes_axe_in_every_state(serve, browser, axe, state: str) -> None:
    """The badge's colour changes with the link's state; each must keep WCAG's 4.5:1 for its white text
    (axe's color-contrast). A run under load caught "syncing" at 3.88:1 (white on #c46a00)."""
    service = ScriptedService(copy.deepcopy(REACT_VIEW))
    page = _open(browser, serve(service))

    def to(view: dict[str, Any]) -> None:
        view["conn"]["state"] = state

    service.push(to)
    page.wait_for_function(f"() => document.querySelector('.conn').dataset.state === {json.dumps(state)}")
    contrast = [v for v in axe(page) if v["id"] == "color-contrast"]
    assert contrast == [], contrast


def test_virtual_table_shows_every_board_button_by_name_and_presses_by_keyboard(serve, browser, axe) -> None:
    service = ScriptedService(REACT_VIEW, table=True)
    page = browser.new_page()
    page.goto(serve(service) + "table")
    page.wait_for_selector("#dice .board-button")
    buttons = page.locator("#dice .board-button")
    assert buttons.all_inner_texts() == ["Dice A", "Dice B", "Done"]
    names = buttons.evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-label'))")
    assert names == ["Press the board's Dice A button (dice-a)", "Press the board's Dice B button (dice-b)",
                     "Press the board's Done button (done)"]
    page.locator('#dice .board-button[data-name="done"]').focus()
    page.keyboard.press("Enter")
    page.locator('#dice .board-button[data-name="dice-b"]').focus()
    page.keyboard.press("Space")
    assert _wait_submitted(service, 2) == [
        PageAction("press", {"button": 2}), PageAction("press", {"button": 1})]
    assert page.locator("#armed").inner_text() == "No roll open: the dice are not armed."

    def roll_open(v: dict[str, Any]) -> None:
        v["decision"] = {"kind": "roll", "side": "ger", "prompt": "1MC for ger-sq4", "rule": "A10.3",
                         "units": [], "hexes": [], "choices": [], "dice": "DR", "armed": True}
    service.push(roll_open)
    page.wait_for_selector("#dice .board-button.armed")
    assert page.locator("#armed").inner_text() == "Dice armed for DR: 1MC for ger-sq4"
    assert page.locator("#dice .board-button.armed").count() == 2
    assert axe(page) == []


def test_virtual_table_loads_the_next_dice(serve, browser) -> None:
    service = ScriptedService(REACT_VIEW, table=True)
    page = browser.new_page()
    page.goto(serve(service) + "table")
    page.wait_for_selector("#dice .board-button")
    page.locator("#load-pips").fill("3, 11")
    page.locator("#load-pips").press("Enter")
    assert page.locator("#load-result").inner_text() == (
        "Give die faces from 1 to 10 (a d10's 0 is 10), for example 3,4.")
    page.locator("#load-pips").fill("2,3")
    page.locator("#load-pips").press("Enter")
    page.wait_for_function("() => document.querySelector('#load-result').textContent.startsWith('Loaded')")
    assert page.locator("#load-result").inner_text() == "Loaded: the next dice show 2, 3."
    assert service.loaded == [[2, 3]]
