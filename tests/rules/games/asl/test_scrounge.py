"""Scrounging small arms (A20.552): an Unarmed unit spends all its MF entering a hex, ends its MPh there and
rolls a Scrounge DR; an Original 2 rearms it as a Green or Conscript unit of its size and nationality
(A20.551). Counters from the demo catalogue (demo values); the MF are A19.31's (3 for an Unarmed unit)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def _pos(make_position: Any) -> Any:
    """An Unarmed Russian squad (no enemy with it: free, A20.5) and another, in the Russian MPh."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "A1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F7", "markers": ["unarmed"]},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "G7", "markers": ["unarmed"]},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "H7"}]
    return make_position("asl", units, "MPh", counters=COUNTERS, sides=SIDES, first_side="b")


def _move(pos: Any, text: str) -> None:
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_a20_552_an_original_2_rearms_it(make_position: Any) -> None:
    """A20.552: b-1 spends its 3 MF entering F4 and rolls 1,1: an Original 2: small arms found; it becomes
    a Green or Conscript Russian squad (A20.551), armed."""
    pos = _pos(make_position)
    _move(pos, "move b-1 F7-F6-F5-F4 as scrounge")
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("scrounge", "b", "A20.552")
    pos.push_text("answer dice 1,1")
    b1 = pos.units["b-1"]
    assert not b1.has("unarmed") and b1.type == "squad"
    assert au.unit_class(b1.values) in ("green", "conscript") and b1.values.get("nationality") == "russian"


def test_a20_552_any_other_dr_finds_nothing(make_position: Any) -> None:
    """A20.552: only a 2: with 1,2 (3) it stays Unarmed."""
    pos = _pos(make_position)
    _move(pos, "move b-1 F7-F6-F5-F4 as scrounge")
    pos.push_text("answer dice 1,2")
    assert pos.units["b-1"].has("unarmed") and pos.units["b-1"].name == "4-4-7r"


def test_a20_552_all_its_mf_must_be_spent(make_position: Any) -> None:
    """A20.552: spending 2 of its 3 MF (A19.31) is no scrounging."""
    pos = _pos(make_position)
    with pytest.raises(IllegalAction) as e:
        pos.game.check(pos, pos.parse_action("move b-1 F7-F6-F5 as scrounge"))
    assert e.value.rule == "A20.552"


def test_a20_552_one_scrounge_dr_per_hex_per_mph(make_position: Any) -> None:
    """A20.552: b-1's Scrounge DR in F4 is the hex's for this MPh; b-2 may not make another there."""
    pos = _pos(make_position)
    _move(pos, "move b-1 F7-F6-F5-F4 as scrounge")
    pos.push_text("answer dice 1,2")
    with pytest.raises(IllegalAction, match="one per hex") as e:
        pos.game.check(pos, pos.parse_action("move b-2 G7-G6-F5-F4 as scrounge"))
    assert e.value.rule == "A20.552"


def test_a20_552_only_unarmed_units_scrounge(make_position: Any) -> None:
    """A20.552 is for Unarmed units: the armed b-3 may not."""
    pos = _pos(make_position)
    with pytest.raises(IllegalAction) as e:
        pos.game.check(pos, pos.parse_action("move b-3 H7-H6-H5-H4-H3 as scrounge"))
    assert e.value.rule == "A20.552"
