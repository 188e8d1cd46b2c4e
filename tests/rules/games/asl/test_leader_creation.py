"""ASL leader creation through the game (A18.11, A18.2): a friendly-RPh MMC self-rally with an Original DR
of 2 rallies and rolls on the Leader Creation Table. Numbers from the A18.2 example: a Russian 4-2-6's drm
is +3 (morale 6 or less, broken, Russian). Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Russians", "nationality": "russian"},
         {"id": "b", "name": "Germans", "nationality": "german"}]


def rallying(make_position: Any, *markers: str) -> Any:
    units = [{"id": "a-1", "counter": "4-2-6", "side": "a", "hex": "C3", "markers": ["broken", *markers]},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "J3"}]
    return make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)


@pytest.mark.parametrize(("dr", "leader"), [(1, "7-0"), (2, "7-0"), (3, "6+1"), (4, None)])
def test_the_a18_2_example_russian_self_rally_on_an_original_2(make_position: Any, dr: int,
                                                                leader: str | None) -> None:
    """A18.1, A18.11, A18.2: the first of A18.1's two ways to create a leader, a self-rally on an Original 2;
    the example's Russian 4-2-6 creates a 7-0 on a dr of 1-2, a 6+1 on 3, none on 4 (final dr 4, 5, 6, 7)."""
    pos = rallying(make_position)
    pos.push_text("rally a-1 dice 1,1")  # Original 2: rallies whatever the DRMs (A18.11)
    assert not pos.units["a-1"].has("broken")
    assert pos.decision is not None and pos.decision.then == "leader_creation" and pos.decision.dice == "dr"
    pos.push_text(f"answer dice {dr}")
    created = [u for u in pos.units.values() if u.id.startswith("a-created")]
    assert [u.name for u in created] == ([leader] if leader else [])
    if created:
        assert created[0].hex == pos.units["a-1"].hex and created[0].type == "leader"
    assert f"final dr {dr + 3}" in pos.state.resolution.summary  # +1 morale 6-, +1 broken, +1 Russian


def test_no_leader_creation_for_a_disrupted_unit_or_another_original_dr(make_position: Any) -> None:
    pos = rallying(make_position, "disrupted")
    with pytest.raises(IllegalAction, match="Disrupted"):  # A19.12: a Disrupted unit never self-rallies
        pos.push_text("rally a-1 dice 1,1")
    assert pos.decision is None or pos.decision.then != "leader_creation"
    pos = rallying(make_position)
    pos.push_text("rally a-1 dice 1,2")  # Original 3: an ordinary self-rally, +1: 4 <= 6 rallies
    assert not pos.units["a-1"].has("broken") and pos.decision is None
