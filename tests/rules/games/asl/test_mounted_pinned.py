"""D6.62: an armored halftrack's passengers are CE unless broken, shocked, pinned or under a BU counter: a
pinned passenger is BU, so it neither fires (D6.61, D6.62) nor is attacked apart from the halftrack (D6.61).
Demo counters (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS


def test_d6_62_a_pinned_passenger_is_bu_and_does_not_fire(make_position: Any) -> None:
    """D6.62: the pinned 4-6-7 aboard the CE halftrack may not fire; the unpinned one beside it may."""
    units = [{"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht",
              "markers": ["pinned"]},
             {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht"},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match="pinned aboard a halftrack") as err:
        pos.push_text("fire a-sq at F5")
    assert err.value.rule == "D6.62"
    assert "fire a-sq at F5" not in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("fire a-sq2 at F5")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_d6_62_a_pinned_passenger_is_not_attacked_apart(make_position: Any) -> None:
    """D6.61, D6.62: fire at the halftrack's hex reaches its unpinned CE passenger (+2 CE DRM, D5.31) but not
    the pinned one, BU inside it."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "b-ht", "counter": "ht", "side": "b", "hex": "E5", "markers": ["vca3"]},
             {"id": "b-p", "counter": "4-4-7", "side": "b", "hex": "E5", "carrier": "b-ht",
              "markers": ["pinned"]},
             {"id": "b-c", "counter": "4-4-7", "side": "b", "hex": "E5", "carrier": "b-ht"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-sq at E5")
    pos.push_text("answer dice 1,2")
    res = pos.last_resolution
    assert res is not None and "b-c" in res.results and "b-p" not in res.results
