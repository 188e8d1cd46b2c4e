"""PG's optional limited information (17.0) at the table: the units under the top of a stack no good-order
enemy unit stands next to reach neither the opponent's page nor the spectators', only their owner's. The game
is the PG demo: the German leaders g-ldr (under g-inf1 in DJ3) and g-tl (under g-pz1 in DI6), far from every
Soviet unit."""

from __future__ import annotations

import re
from pathlib import Path

from hexmate.host.service import PageAction, Service
from hexmate.host.web.app import create_app

from .leak_rig import demo_data, service_for, views, write

UNDER = ("g-ldr", "g-tl")



def _views(app: object) -> dict[str, str]:
    return views(app, ("ger", "sov", "spectator"))

def _service(tmp: Path, on: bool) -> Service:
    data = demo_data("pg")
    data["options"]["limited_information"] = on
    return service_for(tmp, "pg", write(tmp, "limited.json", data), record=False)


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
