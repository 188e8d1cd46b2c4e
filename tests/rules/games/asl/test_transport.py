"""transport.py's loading limits from the text: D6.1's PP count with the SW carried, D6.2's riders from 1943
(the Russians' earlier) and one SMC with at most 2 PP on a vehicle without riding capacity, and D6.3: carrying
passengers never cuts the vehicle's MP allowance; A7.821: a pinned passenger is carried and unloads,
pinned."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour

from .test_armour import COUNTERS, pass_reactions

LMG = {"type": "sw", "sw": "mg", "fp": 2, "range": 6, "breakdown": 12, "pp": 1}
HMG = {"type": "sw", "sw": "mg", "fp": 6, "range": 12, "breakdown": 12, "pp": 3}
ALL = {**COUNTERS, "LMG": LMG, "HMG": HMG, "lt": {"type": "vehicle", "vehicle": "demo-lt-r"}}


def make(make_position: Any, vehicle: str, *extra: dict[str, Any], nationality: str = "german",
         date: str | None = None) -> Position:
    units = [{"id": "a-v", "counter": vehicle, "side": "a", "hex": "C5", "markers": ["vca0"]}, *extra]
    sides = [{"id": "a", "name": "A", "nationality": nationality}, {"id": "b", "name": "B"}]
    pos: Position = make_position("asl", units, "MPh", counters=ALL, sides=sides,
                                  options={"date": date} if date else None)
    return pos


SQUAD = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}
LEADER = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5"}


def test_d6_1_the_sw_carried_counts_against_the_pp(make_position: Any) -> None:
    """D6.1: the demo halftrack's 10 PP take a squad (10 PP) but not a squad with a LMG (11 PP)."""
    pos = make(make_position, "ht", SQUAD)
    pos.push_text("load a-sq into a-v")
    assert pos.units["a-sq"].carrier == "a-v"
    armed = make(make_position, "ht", SQUAD, {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5",
                                              "carrier": "a-sq"})
    with pytest.raises(IllegalAction) as err:
        armed.push_text("load a-sq into a-v")
    assert err.value.rule == "D6.1"


def test_d6_2_one_smc_with_2_pp_rides_a_vehicle_without_riding_capacity(make_position: Any) -> None:
    """D6.2: the demo light tank has no riding capacity: a leader with a LMG (1 PP) rides it; a squad does
    not, nor a leader with a HMG (3 PP), nor two leaders."""
    pos = make(make_position, "lt", LEADER, {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5",
                                             "carrier": "a-ldr"})
    pos.push_text("load a-ldr into a-v")
    assert pos.units["a-ldr"].carrier == "a-v"
    for extra in ([SQUAD], [LEADER, {"id": "a-hmg", "counter": "HMG", "side": "a", "hex": "C5",
                                     "carrier": "a-ldr"}], [LEADER, {**LEADER, "id": "a-ldr2"}]):
        refused = make(make_position, "lt", *extra)
        with pytest.raises(IllegalAction) as err:
            refused.push_text(f"load {','.join(u['id'] for u in extra if u['counter'] != 'HMG')} into a-v")
        assert err.value.rule == "D6.2"


def test_d6_2_no_riders_before_1943_but_russian_ones(make_position: Any) -> None:
    """D6.2: a German squad may not ride the tank in a scenario dated 1942-06; from 1943-01 it may; a Russian
    side may in 1942 too."""
    early = make(make_position, "pz", SQUAD, date="1942-06")
    with pytest.raises(IllegalAction) as err:
        early.push_text("load a-sq into a-v")
    assert err.value.rule == "D6.2"
    late = make(make_position, "pz", SQUAD, date="1943-01")
    late.push_text("load a-sq into a-v")
    assert late.units["a-sq"].carrier == "a-v"
    russian = make(make_position, "pz", SQUAD, date="1942-06", nationality="russian")
    russian.push_text("load a-sq into a-v")
    assert russian.units["a-sq"].carrier == "a-v"
    passengers = make(make_position, "ht", SQUAD, date="1940-05")  # passengers inside: no date limit
    passengers.push_text("load a-sq into a-v")
    assert passengers.units["a-sq"].carrier == "a-v"


def test_d6_3_passengers_never_cut_the_mp_allowance(make_position: Any) -> None:
    """D6.3: the halftrack set up with a squad aboard has its whole MP allowance to spend."""
    pos = make(make_position, "ht", {**SQUAD, "carrier": "a-v"})
    ht = pos.units["a-v"]
    assert armour.budget(ht) == armour.vtype(ht).mp


def test_a7_821_a_pinned_passenger_rides_on_and_unloads_pinned(make_position: Any) -> None:
    """A7.821: a pinned 4-6-7 inside the halftrack is still carried (the halftrack moves C5-D5 with it) and
    may unload; it is pinned where it unloads."""
    pos = make(make_position, "ht", {**SQUAD, "carrier": "a-v", "markers": ["pinned"]})
    pos.push_text("move a-v C5-D5")
    pass_reactions(pos)
    pos.push_text("answer keep")  # stop in D5
    pass_reactions(pos)
    assert pos.units["a-sq"].carrier == "a-v" and pos.label(pos.units["a-sq"].hex) == "D5"
    pos.push_text("unload a-v")
    sq = pos.units["a-sq"]
    assert sq.carrier is None and pos.label(sq.hex) == "D5" and sq.has("pinned")
