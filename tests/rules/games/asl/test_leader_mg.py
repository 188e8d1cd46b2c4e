"""A leader firing a SW MG (A9.12) through the game: Area Fire alone, full FP with a second SMC, and no
leadership DRM either way. Counters from the demo catalogue (demo values): German LMG 3 FP, 9-1 and 8-1
leaders (-1)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, *extra: dict[str, Any]) -> Any:
    units = [{"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-l"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}, *extra]
    return make_position("asl", units, "PFPh", counters=COUNTERS)


def test_a9_12_a_lone_leader_fires_a_mg_as_area_fire_without_his_leadership(make_position: Any) -> None:
    """A9.12: the 9-1 fires the 3 FP LMG alone: Area Fire, 3 x 1/2 = 1.5 FP, and no -1 leadership DRM."""
    pos = _pos(make_position)
    text = pos.resolve(pos.parse_action("fire a-l,a-lmg at C4 dice 4,1")).text()
    assert "a-lmg (LMG): 3 FP x1/2 Area Fire: a leader alone firing a MG (A9.12) = 1 1/2 FP" in text
    assert "leadership" not in text


def test_a9_12_two_smc_fire_it_at_full_fp(make_position: Any) -> None:
    """A9.12: with the 8-1 stacked and firing with him, the LMG has its full 3 FP; still no leadership DRM."""
    pos = _pos(make_position, {"id": "a-l2", "counter": "8-1", "side": "a", "hex": "C1"})
    text = pos.resolve(pos.parse_action("fire a-l,a-l2,a-lmg at C4 dice 4,1")).text()
    assert "a-lmg (LMG): 3 FP = 3 FP" in text and "a leader alone firing a MG" not in text
    assert "leadership" not in text
