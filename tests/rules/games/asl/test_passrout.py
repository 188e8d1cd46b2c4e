"""Broken passengers and their vehicle's crew (passrout.py, D6.1, A3.6): they must rout beneath the vehicle
when its inherent crew is eliminated, broken or abandons it; otherwise they may stay aboard, an enemy beside
them or not."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position

from .test_armour import COUNTERS


def _pos(make_position: Any, *vehicle_markers: str, enemy: str = "J5") -> Position:
    # a broken 4-6-7 inside the demo German halftrack (passengers, D6.1) at C5, its crew as the markers say;
    # no enemy in sight, so nothing else makes it rout (A10.5)
    units = [
        {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *vehicle_markers]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht",
         "markers": ["broken"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": enemy},
    ]
    p: Position = make_position("asl", units, "AFPh", counters=COUNTERS, first_side="a")
    return p


def test_d6_1_broken_passengers_of_an_abandoned_vehicle_rout_beneath_it(make_position: Any) -> None:
    # D6.1: its crew abandoned it (or broke: D5.311 marks it Abandoned too), so the broken squad must rout
    # beneath it: off the vehicle, in its hex, its rout for this RtPh done
    pos = _pos(make_position, "abandoned")
    pos.push_text("end")
    sq = pos.units["a-sq"]
    assert sq.carrier is None and pos.label(sq.hex) == "C5"
    # beside a Known armed enemy (D5) it would have to rout on (A10.5): its rout beneath is that rout
    pos = _pos(make_position, "abandoned", enemy="D5")
    pos.push_text("end")
    assert pos.phase.id == "APh"  # no rout asked of it: the RtPh is over
    assert pos.units["a-sq"].carrier is None and pos.label(pos.units["a-sq"].hex) == "C5"
    assert not pos.units["a-sq"].has("routed_beneath")  # the marker lasts that RtPh only


def test_d6_1_with_its_crew_inside_a_broken_passenger_may_stay_aboard(make_position: Any) -> None:
    pos = _pos(make_position)
    pos.push_text("end")
    top = pos.decision  # D6.1: its crew in, the vehicle stopped: beneath it or stay, its owner's choice
    assert top is not None and top.then == "rout_beneath" and top.side == "a" and top.subject == ("a-sq",)
    assert set(top.choices) == {"beneath", "stay"}
    pos.push_text("answer stay")
    assert pos.units["a-sq"].carrier == "a-ht" and pos.phase.id == "APh"
    pos = _pos(make_position, "crew_lost")  # its crew eliminated (D5.6): beneath it
    pos.push_text("end")
    assert pos.units["a-sq"].carrier is None


def test_a3_6_a_broken_passenger_beside_a_known_enemy_need_not_rout(make_position: Any) -> None:
    """A3.6's exception for passengers, D6.1: with its crew inside, a broken 4-6-7 aboard the halftrack at C5,
    a Known armed 4-4-7 ADJACENT at D5, is not forced to rout: not Desperation Morale (A10.62), no rout nor
    surrender asked (A20.21); it stays aboard. The same squad on foot there must rout."""
    pos = _pos(make_position, enemy="D5")
    pos.push_text("end")
    assert pos.decision is not None and pos.decision.then == "rout_beneath"  # its free choice (D6.1) only
    pos.push_text("answer stay")
    assert pos.phase.id == "APh"
    sq = pos.units["a-sq"]
    assert sq.carrier == "a-ht" and not sq.has("dm")
    on_foot = make_position("asl", [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5",
                                     "markers": ["broken"]},
                                    {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}],
                            "AFPh", counters=COUNTERS, first_side="a")
    on_foot.push_text("end")
    assert on_foot.phase.id == "RtPh" and on_foot.units["a-sq"].has("dm")
    assert on_foot.decision is not None and on_foot.decision.subject == ("a-sq",)


def test_d6_1_d5_311_a_broken_passenger_routs_beneath_its_stopped_vehicle(make_position: Any) -> None:
    """D6.1 with D5.311: it chooses to rout beneath the stopped halftrack: off it, in C5, its rout for this
    RtPh done (no other rout asked of it, though a Known armed enemy is beside it in D5)."""
    pos = _pos(make_position, enemy="D5")
    pos.push_text("end")
    pos.push_text("answer beneath")
    sq = pos.units["a-sq"]
    assert sq.carrier is None and pos.label(sq.hex) == "C5"
    assert pos.phase.id == "APh"


def test_d6_1_inside_a_vehicle_in_motion_a_broken_passenger_stays_aboard(make_position: Any) -> None:
    """D6.1: only beneath a stopped vehicle: in Motion, nothing is asked and it stays."""
    pos = _pos(make_position, "motion")
    pos.push_text("end")
    assert pos.phase.id == "APh" and pos.units["a-sq"].carrier == "a-ht"
