"""D5.341 (vrecall.py): a Recalled AFV in Motion carrying riders stops to unload them as soon as it can, then
leaves by the shortest route to its friendly edge. The demo PzKpfw (14 MP, demo-vehicles.json) in Motion in C5
facing east with a 4-6-7 riding; column L is a's friendly edge (test_vrecall's board). The numbers are D2's
and D6.5's: stop 1 MP (D2.13), unloading a quarter of 14 = 4 MP (FRU, D6.5), start 1 MP (D2.12), 1 MP an
open hex, leaving the cost of the edge hex's mirror image (A2.6)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, vcrewhit

from .test_armour import COUNTERS
from .test_vrecall import EDGE, go, path


def make(make_position: Any, *rider: str) -> Any:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5",
              "markers": ["vca0", vcrewhit.RECALLED, "plus1", "motion"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz",
              "markers": [*rider]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}]
    return make_position("asl", units, "MPh", counters=COUNTERS, options=EDGE)


def unload(pos: Any) -> None:
    pos.push_text("unload a-pz")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_d5_341_in_motion_it_stops_to_unload_first(make_position: Any) -> None:
    """D5.341: in Motion with a rider, its move is refused and the MPh does not end; ``unload`` is offered:
    it stops (1 MP) and unloads (4 MP): 5 of 14 MP spent, stopped, the 4-6-7 beneath it in C5."""
    pos = make(make_position)
    with pytest.raises(IllegalAction, match="stops to unload them first") as err:
        pos.push_text(f"move a-pz {path('C5', 'K5')}")
    assert err.value.rule == "D5.341"
    with pytest.raises(IllegalAction, match="stops to unload them first"):
        pos.push_text("end")
    assert act.Unload("a-pz") in pos.legal_actions
    unload(pos)
    pz = pos.units["a-pz"]
    assert not pz.has("motion") and armour.spent_of(pz) == 5
    assert pos.units["a-sq"].carrier is None and pos.units["a-sq"].hex == pz.hex


def test_d5_341_after_unloading_the_forced_exit_with_the_mp_left(make_position: Any) -> None:
    """D5.341: 9 MP left: start 1 + nine hexes + 1 to leave = 11 > 9, so it cannot leave this MPh; it must
    spend what it can on the route: start 1 + eight hexes = 9, to K5 (J5 is short), and ends in Motion; the
    MPh then ends."""
    pos = make(make_position)
    unload(pos)
    with pytest.raises(IllegalAction, match="must go on toward its friendly board edge"):
        pos.push_text(f"move a-pz {path('C5', 'J5')}")
    with pytest.raises(IllegalAction, match="must move off"):
        pos.push_text("end")
    go(pos, f"move a-pz {path('C5', 'K5')}")
    pz = pos.units["a-pz"]
    assert pz.hex == pos.map.parse_label("K5") and pz.has("motion")
    pos.push_text("end")
    assert pos.phase.id != "MPh"


def test_d5_341_when_it_cannot_unload_they_leave_with_it(make_position: Any) -> None:
    """D5.341, D6.5: its rider fired this phase (no unloading then): no stop is offered, and the AFV in Motion
    goes on (it has all 14 MP: nine hexes + 1 to leave = 10) off the map with the rider."""
    pos = make(make_position, "bounding_fire")
    assert act.Unload("a-pz") not in pos.legal_actions
    go(pos, f"move a-pz {path('C5', 'L5')} as exit")
    assert "a-pz" not in pos.units and "a-sq" not in pos.units


def test_d5_341_no_stop_to_unload_once_it_has_moved(make_position: Any) -> None:
    """D5.341 (as soon as possible: before it moves): an AFV in Motion that already moved this MPh is not
    stopped to unload then."""
    pos = make(make_position)
    pos = pos.at(pos.state.replace(moved=("a-pz",)))
    with pytest.raises(IllegalAction, match="before it moves"):
        pos.push_text("unload a-pz")
