"""Captured equipment through the game (A21.1, A21.11, A21.12): a SW taken by the enemy's recovery, radios
never captured, the captured penalties. Counters from the demo catalogue (demo values); the demo MMG of the
scenario below has no nationality, so only the ``captured`` marker the recovery sets makes it captured."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["MG-x"] = {"type": "sw", "sw": "mg", "fp": 4, "range": 10, "rof": 2, "breakdown": 12, "repair": 3,
                    "pp": 2}
COUNTERS["RADIO"] = {"type": "sw", "sw": "radio", "fp": 0, "range": 0, "pp": 1}


def _rph(make_position: Any, sw: str = "MG-x", *markers: str, owner: str = "b") -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "x-sw", "counter": sw, "side": owner, "hex": "C3", "markers": list(markers)},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    return make_position("asl", units, "RPh", counters=COUNTERS)


def test_a21_1_an_enemy_sw_recovered_is_captured(make_position: Any) -> None:
    """A21.1 (captured only by recovery, A4.44): side a recovers b's malfunctioned MG on a dr of 5 (below 6):
    it is a's now, and captured (so not repaired by a, A9.72: tests/rules/games/asl/test_rphase.py)."""
    pos = _rph(make_position, "MG-x", "malfunctioned")
    assert "transfer x-sw to a-1" in {a.text() for a in pos.legal_actions}
    pos.push_text("transfer x-sw to a-1 dice 5")
    sw = pos.units["x-sw"]
    assert sw.carrier == "a-1" and sw.side == "a" and sw.has("captured")
    assert au.is_captured(sw, pos.units["a-1"])


def test_a21_1_its_own_side_recovering_it_recaptures_it(make_position: Any) -> None:
    """A21.1, A9.72: a MG b had captured (it was a's), lying free, recovered by a: a's own again, no longer
    captured (so a may repair it again)."""
    pos = _rph(make_position, "MG-x", "captured", owner="b")  # b holds it as captured (it was a's)
    pos.push_text("transfer x-sw to a-1 dice 1")
    sw = pos.units["x-sw"]
    assert sw.side == "a" and not sw.has("captured")


def test_a21_1_a_radio_is_never_captured(make_position: Any) -> None:
    pos = _rph(make_position, "RADIO")
    with pytest.raises(IllegalAction, match=r"radio.*A21\.1"):
        pos.push_text("transfer x-sw to a-1 dice 1")


def test_a21_11_12_a_captured_mg_fires_with_b_10_and_rof_1(make_position: Any) -> None:
    """A21.11: B# 12 - 2 = 10 (the original B# its X#, A.11); A21.12: ROF 2 - 1 = 1. The no-nationality MG
    is captured only by its marker."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-mg", "counter": "MG-x", "side": "a", "hex": "C1", "carrier": "a-1",
              "markers": ["captured"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-mg at C4 dice 5,5")).text()
    assert "a-mg: Original DR 10: malfunctions (B#) (A9.7)" in text
    text = pos.resolve(pos.parse_action("fire a-mg at C4 dice 2,2")).text()
    assert "keeps its multiple ROF" not in text
    text = pos.resolve(pos.parse_action("fire a-mg at C4 dice 2,1")).text()
    assert "keeps its multiple ROF" in text


def test_a21_11_no_ammunition_shortage_penalty_on_a_captured_sw() -> None:
    """A21.11: Ammunition Shortage (A19.131, -1) does not apply to a captured SW: only the captured -2."""
    both = au.breakdown({"breakdown": 12}, captured=True, ammo_short=True)
    assert both == au.Breakdown(10, 12, "A21.11, A.11")
    assert au.breakdown({"breakdown": 12}, ammo_short=True) == au.Breakdown(11, 12, "A19.131, A.11")
