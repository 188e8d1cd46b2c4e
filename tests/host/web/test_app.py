"""The web app: pages served, /table only when emulated, WebSocket sends map + view, checks actions."""

from __future__ import annotations

import doctest
import json
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hexmate.host.service import PageAction
from hexmate.host.web import app as app_module
from hexmate.host.web.app import BadPageMessage, _parse_action, create_app


class FakeService:
    def __init__(self, table: Any = None) -> None:
        self.table = table
        self.submitted: list[PageAction] = []

    session = SimpleNamespace(scenario=SimpleNamespace(sides=(SimpleNamespace(id="ger", name="German"),
                                                              SimpleNamespace(id="rus", name="Russian"))))

    def view(self, audience: str = "shared", lang: str = "en") -> dict[str, Any]:
        return {"type": "view", "prompt": "Movement: german to act."}

    def map_data(self) -> dict[str, Any]:
        return {"type": "map", "hexes": [{"id": "DA1", "x": 0, "y": 1, "terrain": "open"}]}

    def board_data(self) -> dict[str, Any]:
        return {"type": "board", "cells": [], "tray": []}

    def table_view(self) -> dict[str, Any]:
        return {"type": "table", "cells": {}, "leds": {}}

    def subscribe(self, audience: str = "shared", lang: str = "en", *, host: bool = True) -> Any:
        import asyncio

        return asyncio.Queue()

    def unsubscribe(self, q: Any) -> None:
        pass

    def submit(self, action: PageAction) -> None:
        self.submitted.append(action)


def test_companion_page_and_assets_are_served() -> None:
    client = TestClient(create_app(FakeService()))  # type: ignore[arg-type]
    page = client.get("/")
    assert page.status_code == 200
    assert 'aria-live="polite"' in page.text and "/static/companion.js" in page.text
    for asset in ("common.js", "companion.js", "table.js", "style.css"):
        assert client.get(f"/static/{asset}").status_code == 200


def test_virtual_table_exists_only_when_emulated() -> None:
    assert TestClient(create_app(FakeService())).get("/table").status_code == 404  # type: ignore[arg-type]
    page = TestClient(create_app(FakeService(table=object()))).get("/table")  # type: ignore[arg-type]
    assert page.status_code == 200 and "/static/table.js" in page.text


def test_websocket_streams_map_and_view_and_accepts_checked_actions() -> None:
    service = FakeService(table=object())
    client = TestClient(create_app(service))  # type: ignore[arg-type]
    with client.websocket_connect("/ws") as ws:
        kinds = [ws.receive_json()["type"] for _ in range(5)]
        assert kinds == ["role", "map", "view", "board", "table"]
        ws.send_text('{"type": "place", "cell": 12, "uid": "04a1b2c3"}')
        ws.send_text('{"type": "place", "cell": "x", "uid": "zz"}')
        assert ws.receive_json() == {"type": "error",
                                     "text": "place: 'uid' must be the tag's UID in hex digits"}
    assert service.submitted == [PageAction("place", {"cell": 12, "uid": "04A1B2C3"})]


def refused(text: str) -> str:
    with pytest.raises(BadPageMessage) as e:
        _parse_action(text)
    return str(e.value)


def test_action_parsing_rejects_junk_saying_what_is_wrong() -> None:
    assert "not JSON" in refused("not json")
    assert "JSON object" in refused("[1, 2]")
    assert "no 'type'" in refused('{"text": "end"}')
    assert "unknown page message type 'explode'" in refused('{"type": "explode"}')
    assert refused('{"type": "lift", "cell": 3}') == "lift: 'uid' must be the tag's UID in hex digits"
    assert refused('{"type": "place", "cell": "x", "uid": "04a1"}') == "place: 'cell' must be an integer"
    assert refused('{"type": "place", "uid": "04a1"}') == "place: 'cell' is missing"
    assert refused('{"type": "press", "button": true}') == "press: 'button' must be an integer"
    assert _parse_action('{"type": "press", "button": 1}') == PageAction("press", {"button": 1})
    assert _parse_action('{"type": "sync"}') == PageAction("sync")


def test_enroll_action_is_parsed_and_left_to_the_service_to_check() -> None:
    assert _parse_action('{"type": "enroll", "uid": "04c0ffee123456", "unit": "ger-sq1"}') == PageAction(
        "enroll", {"uid": "04c0ffee123456", "unit": "ger-sq1"})
    assert "'unit'" in refused('{"type": "enroll", "uid": "04c0ffee123456"}')
    assert "'uid'" in refused('{"type": "enroll", "uid": 4, "unit": "ger-sq1"}')


def test_act_done_confirm_and_los_are_parsed() -> None:
    assert _parse_action('{"type": "act", "text": "fire rus-sq2 at DO4"}') == PageAction(
        "act", {"text": "fire rus-sq2 at DO4"})
    assert _parse_action('{"type": "act", "text": "  answer hex DK4 "}') == PageAction(
        "act", {"text": "answer hex DK4"})
    assert _parse_action('{"type": "done"}') == PageAction("done")
    assert _parse_action('{"type": "takeback"}') == PageAction("takeback")
    assert _parse_action('{"type": "confirm", "unit": "ger-sq4"}') == PageAction(
        "confirm", {"unit": "ger-sq4"})
    assert _parse_action('{"type": "los", "from": "DK4", "to": "DO4"}') == PageAction(
        "los", {"from": "DK4", "to": "DO4"})


@pytest.mark.parametrize(("message", "why"), [
    ({"type": "act"}, "act: 'text' is missing (an action such as 'answer hex DK4')"),
    ({"type": "act", "text": 7}, "act: 'text' must be a string"),
    ({"type": "act", "text": "   "},
     "act: the action text is empty; type an action such as 'answer hex DK4'"),
    ({"type": "act", "text": "x" * 201}, "act: the action text is 201 characters long (at most 200)"),
    ({"type": "act", "text": "end\u0007"}, "act: the action text holds control characters"),
    ({"type": "act", "text": "answer\nyes"}, "act: the action text holds control characters"),
    ({"type": "confirm"}, "confirm: 'unit' is missing (a unit id such as ger-sq4)"),
    ({"type": "confirm", "unit": ["ger-sq4"]},
     "confirm: 'unit' must be a string (a unit id such as ger-sq4)"),
    ({"type": "confirm", "unit": ""}, "confirm: 'unit' is empty (a unit id such as ger-sq4)"),
    ({"type": "confirm", "unit": "u" * 65}, "confirm: 'unit' is 65 characters long (at most 64)"),
    ({"type": "confirm", "unit": "ger sq4"},
     "confirm: 'unit' is 'ger sq4', which is not a unit id such as ger-sq4"),
    ({"type": "los", "to": "DO4"}, "los: 'from' is missing (a hex label such as DK4)"),
    ({"type": "los", "from": "DK4"}, "los: 'to' is missing (a hex label such as DK4)"),
    ({"type": "los", "from": 4, "to": "DO4"}, "los: 'from' must be a string (a hex label such as DK4)"),
    ({"type": "los", "from": "DK4", "to": " "}, "los: 'to' is empty (a hex label such as DK4)"),
    ({"type": "los", "from": "DK4", "to": "D" * 13}, "los: 'to' is 13 characters long (at most 12)"),
    ({"type": "dice-next"}, "dice-next: 'pips' must be a list of die faces such as [3, 4]"),
    ({"type": "dice-next", "pips": "3,4"}, "dice-next: 'pips' must be a list of die faces such as [3, 4]"),
    ({"type": "dice-next", "pips": [3, 11]}, "dice-next: pips must be 1..10, got [3, 11]"),
    ({"type": "dice-next", "pips": [True]}, "dice-next: pips must be 1..10, got [True]"),
    ({"type": "dice-next", "pips": [1] * 13}, "dice-next: 13 pips (at most 12)"),
    ({"type": "los", "from": "DK4;", "to": "DO4"},
     "los: 'from' is 'DK4;', which is not a hex label such as DK4"),
])
def test_malformed_new_messages_are_refused_with_the_reason(message: dict[str, Any], why: str) -> None:
    assert refused(json.dumps(message)) == why


def test_websocket_answers_a_malformed_message_with_its_reason_and_submits_good_ones() -> None:
    service = FakeService()
    client = TestClient(create_app(service))  # type: ignore[arg-type]
    with client.websocket_connect("/ws") as ws:
        assert [ws.receive_json()["type"] for _ in range(3)] == ["role", "map", "view"]
        ws.send_text('{"type": "los", "from": "DK4"}')
        assert ws.receive_json() == {"type": "error",
                                     "text": "los: 'to' is missing (a hex label such as DK4)"}
        ws.send_text('{"type": "act", "text": "answer hex DK4"}')
        ws.send_text('{"type": "done"}')
        ws.send_text('{"type": "confirm", "unit": "ger-sq4"}')
        ws.send_text('{"type": "los", "from": "DK4", "to": "DO4"}')
        ws.send_text('{"type": "act"}')  # answered after the four above were handed over, in order
        assert ws.receive_json()["type"] == "error"
    assert service.submitted == [
        PageAction("act", {"text": "answer hex DK4"}), PageAction("done"),
        PageAction("confirm", {"unit": "ger-sq4"}), PageAction("los", {"from": "DK4", "to": "DO4"})]


def test_docstring_examples_run() -> None:
    assert doctest.testmod(app_module).failed == 0


class FakeTable:
    def __init__(self) -> None:
        self.loaded: list[list[int]] = []

    def dice_next(self, pips: list[int]) -> None:
        self.loaded.append(pips)


def test_dice_next_loads_the_emulated_dice_and_is_refused_without_an_emulated_table() -> None:
    table = FakeTable()
    service = FakeService(table=table)
    with TestClient(create_app(service)).websocket_connect("/ws") as ws:  # type: ignore[arg-type]
        assert [ws.receive_json()["type"] for _ in range(5)] == ["role", "map", "view", "board", "table"]
        ws.send_text('{"type": "dice-next", "pips": [2, 3]}')
        assert ws.receive_json() == {"type": "dice-next", "pips": [2, 3]}
    assert table.loaded == [[2, 3]] and service.submitted == []
    with TestClient(create_app(FakeService())).websocket_connect("/ws") as ws:  # type: ignore[arg-type]
        assert [ws.receive_json()["type"] for _ in range(3)] == ["role", "map", "view"]
        ws.send_text('{"type": "dice-next", "pips": [2, 3]}')
        assert ws.receive_json() == {"type": "error",
                                     "text": "dice-next: only an emulated table's dice can be loaded"}
