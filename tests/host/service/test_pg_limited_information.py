"""PG's optional limited information (17.0) at the table: the units under the top of a stack no good-order
enemy unit stands next to reach neither the opponent's page nor the spectators', only their owner's. The game
is the PG demo: the German leaders g-ldr (under g-inf1 in DJ3) and g-tl (under g-pz1 in DI6), far from every
Soviet unit."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hexmate.host.game import GameSession
from hexmate.host.service import PageAction, Service
from hexmate.host.service.build import demo_scenario
from hexmate.host.table.calibration import Calibration
from hexmate.host.table.registry import Registry, demo_registry_path
from hexmate.host.table.tracker import Tracker
from hexmate.host.web.app import create_app

from ..conftest import ScriptedLink
from .test_core import _board
from .test_pg_hidden_secret import _views

UNDER = ("g-ldr", "g-tl")


def _service(tmp: Path, on: bool) -> Service:
    src = demo_scenario("pg")
    data = json.loads(src.read_text(encoding="utf-8"))
    data["map"] = str((src.parents[3] / data["map"]).resolve())
    data["options"]["limited_information"] = on
    path = tmp / "limited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    session = GameSession.load("pg", path)
    board = _board(session)
    registry = Registry.load(demo_registry_path("pg"))
    tracker = Tracker(Calibration.default_for(board, session.map), registry, session, quiet_ms=100)
    return Service(ScriptedLink(), board=board, session=session, tracker=tracker, registry=registry,
                   connection_options={"sync_retry_ms": 60_000, "resend_ms": 60_000})


def test_the_units_under_the_top_reach_only_their_owner(tmp_path: Path) -> None:
    service = _service(tmp_path, True)
    service.handle(PageAction("act", {"text": "answer dice 6"}, side="ger"))  # initiative (3.0 A)
    service.handle(PageAction("act", {"text": "answer dice 1"}, side="sov"))
    views = _views(create_app(service))
    for uid in UNDER:
        pattern = re.compile(rf"\b{uid}\b")
        assert pattern.search(views["ger"]), uid
        for who in ("sov", "spectator"):
            assert not pattern.search(views[who]), (who, uid)
    assert re.search(r"\bg-inf1\b", views["sov"])  # the top of the stack is on the table for all to see


def test_without_the_option_every_unit_is_shown(tmp_path: Path) -> None:
    service = _service(tmp_path, False)
    views = _views(create_app(service))
    assert all(re.search(rf"\b{uid}\b", views["sov"]) for uid in UNDER)
