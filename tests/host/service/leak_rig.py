"""What the hidden-information tests of the service share: a demo scenario changed for the test, the real
service on a scripted link (the record kept in the test's directory), each paired page's view frame, and
what the LED frame lights.

Each leak test (HIP, PG hidden units and hidden thirds, the drawn strongpoints and minefields, Fire Team's
secret plot) then asks the same question of the same outputs: does the secret reach any page, socket, LED
frame, notice or record entry that may not see it?
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hexmate.host.game import GameSession
from hexmate.host.record import Record
from hexmate.host.service import Service
from hexmate.host.service.build import demo_scenario
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.registry import Registry, demo_registry_path
from hexmate.host.table.tracker import Tracker
from hexmate.host.table.views import CHOOSE_HEX

from ..conftest import ScriptedLink
from .test_core import _board

OPTIONS = {"sync_retry_ms": 60_000, "resend_ms": 60_000}


def demo_data(game: str) -> dict[str, Any]:
    """The game's demo scenario as data, its map path made absolute so the changed copy loads anywhere."""
    src = demo_scenario(game)
    data: dict[str, Any] = json.loads(src.read_text(encoding="utf-8"))
    data["map"] = str((src.parents[3] / data["map"]).resolve())  # rules/maps/
    return data


def write(tmp: Path, name: str, data: dict[str, Any]) -> Path:
    path = tmp / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def service_for(tmp: Path, game: str, scenario: Path, *, registry: Path | None = None,
                record: bool = True) -> Service:
    """The real service on a scripted link for ``scenario``, its record (if any) in ``tmp/r.jsonl``."""
    session = GameSession.load(game, scenario)
    board = _board(session)
    reg = Registry.load(registry or demo_registry_path(game))
    tracker = Tracker(Calibration.default_for(board, session.map), reg, session, quiet_ms=100)
    kept = Record.create(tmp / "r.jsonl", {"game": game, "scenario_path": str(scenario)}) if record else None
    return Service(ScriptedLink(), board=board, session=session, tracker=tracker, registry=reg, record=kept,
                   connection_options=OPTIONS)


def views(app: Any, who: Iterable[str]) -> dict[str, str]:
    """The raw text of the view frame each LAN page gets (role, map, view), by pairing code name."""
    lan = TestClient(app, client=("192.168.1.20", 5000))
    codes = app.state.pairing.codes()
    out = {}
    for name in who:
        token = lan.post("/api/pair", json={"code": codes[name]}).json()["token"]
        with lan.websocket_connect(f"/ws?token={token}") as ws:
            frames = [ws.receive_text() for _ in range(3)]
        assert '"type": "view"' in frames[2] or '"type":"view"' in frames[2]
        out[name] = frames[2]
    return out


def chosen(service: Service) -> set[Any]:
    """The hexes the LED frame (or the frame the overlay would give) lights as hexes to choose from."""
    return {h for h, light in service._overlay().items() if light == CHOOSE_HEX} | {
        h for h, light in service._frame.items() if light == CHOOSE_HEX}


def lit(service: Service) -> set[str]:
    return {service.session.label(h) for h in service._frame}
