"""The web app: pages served, /table only when emulated, WebSocket sends map + view, checks actions."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from hexmate.host.service import PageAction
from hexmate.host.web.app import _parse_action, create_app


class FakeService:
    def __init__(self, table: Any = None) -> None:
        self.table = table
        self.submitted: list[PageAction] = []

    def view(self) -> dict[str, Any]:
        return {"type": "view", "prompt": "Movement: german to act."}

    def map_data(self) -> dict[str, Any]:
        return {"type": "map", "hexes": [{"id": "DA1", "x": 0, "y": 1, "terrain": "open"}]}

    def board_data(self) -> dict[str, Any]:
        return {"type": "board", "cells": [], "tray": []}

    def table_view(self) -> dict[str, Any]:
        return {"type": "table", "cells": {}, "leds": {}}

    def subscribe(self) -> Any:
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
        kinds = [ws.receive_json()["type"] for _ in range(4)]
        assert kinds == ["map", "view", "board", "table"]
        ws.send_text('{"type": "place", "cell": 12, "uid": "04a1b2c3"}')
        ws.send_text('{"type": "place", "cell": "x", "uid": "zz"}')
        assert ws.receive_json() == {"type": "error", "text": "unrecognised page action"}
    assert service.submitted == [PageAction("place", {"cell": 12, "uid": "04A1B2C3"})]


def test_action_parsing_rejects_junk() -> None:
    assert _parse_action("not json") is None
    assert _parse_action('{"type": "explode"}') is None
    assert _parse_action('{"type": "lift", "cell": 3}') is None
    assert _parse_action('{"type": "press", "button": 1}') == PageAction("press", {"button": 1})
    assert _parse_action('{"type": "sync"}') == PageAction("sync")


def test_enroll_action_is_parsed_and_left_to_the_service_to_check() -> None:
    assert _parse_action('{"type": "enroll", "uid": "04c0ffee123456", "unit": "ger-sq1"}') == PageAction(
        "enroll", {"uid": "04c0ffee123456", "unit": "ger-sq1"})
    assert _parse_action('{"type": "enroll", "uid": "04c0ffee123456"}') is None
    assert _parse_action('{"type": "enroll", "uid": 4, "unit": "ger-sq1"}') is None
