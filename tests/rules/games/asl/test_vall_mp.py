"""D2.7: entering a hex the Terrain Chart says takes all MP: the start (and turns) may still be paid, the stop
after it too, beyond the allowance; no further movement, even by ESB. The chart is chapter B's, not among the
texts, and the demo pack names no such terrain: the test gives the map's "gully" that cost in the pack, a
stand-in (data only: not the gully's real cost).
Counters: test_armour's demo Panzer (14 MP) in C5, VCA on D4-D5."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import ordnance as od

from .test_armour import make, pass_reactions


@pytest.fixture
def gully_all_mp(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(od.load_pack().vehicle_terrain, "gully", "all")  # type: ignore[arg-type]


def test_d2_7_entering_takes_all_mp_and_ends_the_move(make_position: Any, gully_all_mp: None) -> None:
    pos = make(make_position, "MPh", hexes={"E5": {"terrain": "gully"}})
    assert pos.game.check(pos, pos.parse_action("move a-pz C5-D5-E5")).cost == 14
    reach = pos.legal_actions.moves_for({"a-pz"})
    assert reach[pos.map.parse_label("E5")].cost == 14
    with pytest.raises(IllegalAction, match=r"D2\.7|no further"):
        pos.game.check(pos, pos.parse_action("move a-pz C5-D5-E5-F5"))


def test_d2_7_the_stop_mp_may_still_be_spent(make_position: Any, gully_all_mp: None) -> None:
    """D2.7: in the gully with no MP left it may still pay the 1 stop MP (beyond its 14) and be stopped."""
    pos = make(make_position, "MPh", hexes={"E5": {"terrain": "gully"}})
    pos.push_text("move a-pz C5-D5-E5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and set(top.choices) == {"keep", "motion"}
    pos.push_text("answer keep")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert not tank.has("motion") and armour.spent_of(tank) == 15


def test_d2_7_or_it_stays_in_motion(make_position: Any, gully_all_mp: None) -> None:
    pos = make(make_position, "MPh", hexes={"E5": {"terrain": "gully"}})
    pos.push_text("move a-pz C5-D5-E5")
    pass_reactions(pos)
    pos.push_text("answer motion")
    assert pos.units["a-pz"].has("motion")
