"""A SW destroyed or malfunctioned on purpose by its possessor (swdestroy.py, A9.73), through the game.
Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, phase: str = "PFPh") -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    return make_position("asl", units, phase, counters=COUNTERS)


def test_a9_73_the_possessor_destroys_its_sw_in_the_pfph(make_position: Any) -> None:
    """A9.73: offered in the PFPh; the LMG is removed and its counter comes off the table."""
    pos = _pos(make_position)
    texts = {pos.action_text(a) for a in pos.legal_actions}
    assert {"activate a-mg for destroy", "activate a-mg for disable"} <= texts
    pos.push_text("activate a-mg for destroy")
    assert "a-mg" not in pos.units
    assert any(c.what == "remove" and c.unit == "a-mg" for c in pos.changes)


def test_a9_73_malfunctioning_it_is_its_use_for_the_phase(make_position: Any) -> None:
    """A9.73: disabled, it is malfunctioned and used (it may not then fire, nor be destroyed this phase)."""
    pos = _pos(make_position)
    pos.push_text("activate a-mg for disable")
    assert pos.units["a-mg"].has("malfunctioned") and pos.units["a-mg"].has("prep_fire")
    with pytest.raises(IllegalAction, match="used this phase"):
        pos.game.check(pos, pos.parse_action("activate a-mg for destroy"))


@pytest.mark.parametrize(("phase", "markers", "match"), [
    ("MPh", (), "Prep or Defensive Fire"),
    ("AFPh", (), "Prep or Defensive Fire"),
    ("PFPh", ("broken",), "broken"),
])
def test_a9_73_only_when_unit_and_weapon_could_fire(make_position: Any, phase: str, markers: tuple[str, ...],
                                                    match: str) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", "markers": list(markers)},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, phase, counters=COUNTERS)
    with pytest.raises(IllegalAction, match=match):
        pos.game.check(pos, pos.parse_action("activate a-mg for destroy"))


def _cycle(make_position: Any, *aboard: str, phase: str = "PFPh") -> Any:
    counters = {**COUNTERS, "mc": {"type": "vehicle", "vehicle": "demo-moto-g"}}
    rider = {"carrier": "a-mc"} if aboard else {}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", **rider},
             {"id": "a-mc", "counter": "mc", "side": "a", "hex": "C1", "markers": ["vca0"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    return make_position("asl", units, phase, counters=counters)


def test_d15_5_a_riderless_motorcycle_is_destroyed_as_a_sw(make_position: Any) -> None:
    """D15.5 with A9.73: a riderless motorcycle counts as a SW for its destruction: the squad beside it
    destroys it in the PFPh (its use of a SW then); never malfunctioned on purpose; not with riders aboard,
    nor in the MPh."""
    pos = _cycle(make_position)
    texts = {pos.action_text(a) for a in pos.legal_actions}
    assert "activate a-mc for destroy" in texts and "activate a-mc for disable" not in texts
    with pytest.raises(IllegalAction, match=r"only to be destroyed"):
        pos.game.check(pos, pos.parse_action("activate a-mc for disable"))
    pos.push_text("activate a-mc for destroy")
    assert "a-mc" not in pos.units
    ridden = _cycle(make_position, "a-1")
    with pytest.raises(IllegalAction, match=r"has riders"):
        ridden.game.check(ridden, ridden.parse_action("activate a-mc for destroy"))
    moving = _cycle(make_position, phase="MPh")
    with pytest.raises(IllegalAction, match=r"A9\.73"):
        moving.game.check(moving, moving.parse_action("activate a-mc for destroy"))
