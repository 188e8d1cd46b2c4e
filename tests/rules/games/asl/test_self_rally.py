"""ASL self-rally by a unit whose broken morale is boxed (A10.63): in any RPh, without counting as the one MMC
a side may self-rally in its Player Turn; still +1 for rallying alone."""

from __future__ import annotations

from typing import Any

from tests.rules.games.conftest import ASL_COUNTERS

BOXED = {"5-4-8b": {"type": "squad", "fp": 5, "range": 4, "morale": 8, "broken_morale": 8, "self_rally": 1}}


def test_a_boxed_morale_unit_self_rallies_in_the_enemys_turn_too(make_position: Any) -> None:
    units = [
        {"id": "b-1", "counter": "5-4-8b", "side": "b", "hex": "C3", "markers": ["broken"]},
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C8", "markers": ["broken"]},
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "E8", "markers": ["broken"]},
    ]
    pos = make_position("asl", units, "RPh", counters={**ASL_COUNTERS, **BOXED})
    pos.push_text("rally a-1 dice 3,4")  # the phasing side's one MMC self-rally: 7 + 1 = 8 <= 8
    pos.push_text("end")
    assert pos.to_act == "b"
    pos.push_text("rally b-1 dice 3,3")  # not its Player Turn, but its morale is boxed: 6 + 1 = 7 <= 8
    assert not pos.units["b-1"].has("broken") and not pos.units["a-1"].has("broken")


def test_a18_11_only_the_first_mmc_rally_attempt_may_be_the_self_rally(make_position: Any) -> None:
    """A18.11: a-2 rallies first with the 9-1 at E8, so a-1 alone at C8 may no longer self-rally."""
    import pytest
    from hexmate.rules.errors import IllegalAction

    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C8", "markers": ["broken"]},
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "E8", "markers": ["broken"]},
        {"id": "a-l", "counter": "9-1", "side": "a", "hex": "E8"},
    ]
    pos = make_position("asl", units, "RPh")
    pos.push_text("rally a-2 dice 5,5")  # 10 - 1 = 9 > 8: not rallied, but the attempt was made
    with pytest.raises(IllegalAction, match="first MMC rally attempt"):
        pos.push_text("rally a-1 dice 1,2")
    first = make_position("asl", units, "RPh")
    first.push_text("rally a-1 dice 3,4")  # the first MMC attempt: a self-rally, 7 + 1 = 8 <= 8
    first.push_text("rally a-2 dice 3,4")  # the leader's rallies go on
    assert not first.units["a-1"].has("broken") and not first.units["a-2"].has("broken")
