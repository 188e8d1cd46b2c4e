"""A Recalled AFV's forced exit (D5.341, vrecall.py): in Motion, by the shortest route in MP to its friendly
board edge (``options.friendly_edge``, pwexit.py), no ESB. The map is conftest's 12 x 8 open board (demo
vehicle costs: 1 MP an open hex); column L is its east edge, the Germans' friendly edge here. The demo
PzKpfw has 14 MP (demo-vehicles.json). Every number below is D2's arithmetic: start 1 MP (D2.12), 1 MP a
hexspine (D2.11), 1 MP an open hex, leaving the map the cost of the edge hex's mirror image (A2.6)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import vcrewhit, vrecall

from .test_armour import COUNTERS

EDGE = {"friendly_edge": {"a": [f"L{r}" for r in range(1, 9)]}}
ROW5 = "-".join(f"{c}5" for c in "ABCDEFGHIJKL")


def make(make_position: Any, at: str, vca: int, *markers: str, options: Any = EDGE) -> Any:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": at,
              "markers": [f"vca{vca}", vcrewhit.RECALLED, "plus1", *markers]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}]
    return make_position("asl", units, "MPh", counters=COUNTERS, options=options)


def go(pos: Any, text: str) -> None:
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def path(start: str, end: str) -> str:
    return ROW5[ROW5.index(start): ROW5.index(end) + 2]


def test_d5_341_the_recalled_afv_leaves_by_the_shortest_route(make_position: Any) -> None:
    """D5.341: the PzKpfw in C5 facing east: start 1 + nine open hexes to L5 + 1 to leave = 11 MP of its 14;
    it leaves by its friendly edge (no Exit VP, no casualty)."""
    pos = make(make_position, "C5", 0)
    pz = pos.units["a-pz"]
    assert vrecall.forced(pz)
    assert vrecall.to_edge(pos, pz, pz.hex, 0, started=False) == 11
    go(pos, f"move a-pz {path('C5', 'L5')} as exit")
    assert "a-pz" not in pos.units
    assert ("a-pz", 0) in pos.game.gstate(pos.state).exited


def test_d5_341_it_may_not_stop_short_when_it_can_leave(make_position: Any) -> None:
    """D5.341: with 11 of its 14 MP enough to leave, a move to D5 alone (or any stop) is refused."""
    pos = make(make_position, "C5", 0)
    with pytest.raises(IllegalAction, match="must, by its friendly board edge") as err:
        pos.push_text("move a-pz C5-D5")
    assert err.value.rule == "D5.341"


def test_d5_341_no_detour(make_position: Any) -> None:
    """D5.341: turning north to C4 is off every shortest route (it would cost 2 MP for no progress)."""
    pos = make(make_position, "C5", 0)
    with pytest.raises(IllegalAction, match="shortest route") as err:
        pos.push_text("move a-pz C5-C4")
    assert err.value.rule == "D5.341"


def test_d5_341_too_far_it_goes_as_far_as_it_can_in_motion_no_esb(make_position: Any) -> None:
    """D5.341, D2.4: in A5 facing west (off the map, not its edge): start 1 + three hexspines 3 + eleven hexes
    + 1 to leave = 16 MP > 14, and no ESB. It goes ten hexes to K5 (1 + 3 + 10 = 14), ends in Motion with no
    facing question; stopping at J5 with 1 MP left (the next hex costs 1) is refused."""
    pos = make(make_position, "A5", 3)
    pz = pos.units["a-pz"]
    assert vrecall.to_edge(pos, pz, pz.hex, 3, started=False) == 16
    with pytest.raises(IllegalAction, match="may not attempt ESB"):
        pos.push_text(f"move a-pz {path('A5', 'L5')} as exit")
    with pytest.raises(IllegalAction, match="must go on"):
        pos.push_text(f"move a-pz {path('A5', 'J5')}")
    go(pos, f"move a-pz {path('A5', 'K5')}")
    pz = pos.units["a-pz"]
    assert pos.map.label(pz.hex) == "K5" and pz.has("motion")
    assert pos.decision is None or pos.decision.then != "vfacing"


def test_d5_341_in_motion_next_mph_no_start(make_position: Any) -> None:
    """D2.4, D5.341: in Motion in K5 facing east: no start MP; L5 1 + leaving 1 = 2 MP."""
    pos = make(make_position, "K5", 0, "motion")
    pz = pos.units["a-pz"]
    assert vrecall.to_edge(pos, pz, pz.hex, 0, started=True) == 2
    go(pos, "move a-pz K5-L5 as exit")
    assert "a-pz" not in pos.units


def test_d5_341_a_stunned_recall_waits_for_the_turn_end(make_position: Any) -> None:
    """D5.341: in the Player Turn of the Recall it is stunned (no MP, D5.34); only "Recall; +1" must go."""
    pos = make(make_position, "C5", 0, "stunned")
    assert not vrecall.forced(pos.units["a-pz"])


def test_d5_341_without_a_friendly_edge_the_move_is_not_forced(make_position: Any) -> None:
    """The scenario names no friendly edge: the text gives none to route to; the AFV moves as any other."""
    pos = make(make_position, "C5", 0, options={})
    go(pos, "move a-pz C5-D5")
    assert pos.map.label(pos.units["a-pz"].hex) == "D5"


def test_d5_341_the_page_offers_only_the_way_off(make_position: Any) -> None:
    """D5.341: from C5 facing east with 14 MP the page lights only the edge hexes it can leave by this MPh
    (11 MP by L5 straight on; L4 and L6 are as near in MP), each ``as exit``; nothing short of the edge."""
    pos = make(make_position, "C5", 0)
    offers = pos.game.moves_for(pos, frozenset({"a-pz"}))
    assert offers and all(m.mode == "exit" and m.cost == 11 for m in offers.values())
    assert all(pos.map.label(h)[0] == "L" for h in offers)
    assert pos.map.parse_label("L5") in offers


def test_d5_341_a_stopped_recalled_afv_unloads_first(make_position: Any) -> None:
    """D5.341: the stopped PzKpfw carries a squad as riders: it must unload them before it leaves; once they
    are off (D6.5's unloading MP spent), it leaves by the shortest route as before."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "I5",
              "markers": ["vca0", vcrewhit.RECALLED, "plus1"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "I5", "carrier": "a-pz"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "A1"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, options=EDGE)
    with pytest.raises(IllegalAction, match="unloads its passengers and riders first"):
        pos.push_text(f"move a-pz {path('I5', 'L5')} as exit")
    pos.push_text("unload a-pz")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.units["a-sq"].carrier is None
    go(pos, f"move a-pz {path('I5', 'L5')} as exit")
    assert "a-pz" not in pos.units and "a-sq" in pos.units


def test_d5_341_the_mph_does_not_end_before_the_recalled_afv_moves(make_position: Any) -> None:
    """D5.341: ending the MPh with the Recalled PzKpfw in C5 not yet moved is refused; once it has left by
    its friendly edge the MPh ends."""
    pos = make(make_position, "C5", 0)
    with pytest.raises(IllegalAction, match=r"a-pz is Recalled: it must move off.*\(D5\.341\)"):
        pos.push_text("end")
    assert pos.phase.id == "MPh"
    go(pos, f"move a-pz {path('C5', 'L5')} as exit")
    pos.push_text("end")
    assert pos.phase.id != "MPh"


def test_d5_341_without_a_friendly_edge_the_mph_ends(make_position: Any) -> None:
    """D5.341 (vrecall.py): a scenario naming no friendly edge does not constrain the Recalled AFV: the MPh
    ends without its move."""
    pos = make(make_position, "C5", 0, options={})
    pos.push_text("end")
    assert pos.phase.id != "MPh"
