"""D3.12 (the text's 3.1.2): a turreted vehicle turns its TCA with an MP it spends in its MPh, without that
MP costing more: here with the stop MP, at the facing question (``answer turretK``). A turret that turns
throws its riders off (D6.21). Counters: test_armour's demo tanks (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl.vehicles import tca_of

from .test_armour import make, pass_reactions


def test_d3_12_the_turret_turns_with_the_stop_mp(make_position: Any) -> None:
    """The tank moves C5-D5 (2 MP: start and entry), then at the facing question turns its turret to
    hexspine 2 with its stop MP: TCA 2, VCA unchanged, 3 MP spent, stopped, not in Motion."""
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing"
    assert "turret2" in top.choices and "turret0" not in top.choices  # its TCA is at 0 now
    pos.push_text("answer turret2")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert tca_of(tank.markers, tank.facing) == 2 and tank.facing == 0
    assert armour.spent_of(tank) == 3 and not tank.has("motion") and pos.decision is None


def test_d3_12_riders_bail_out_when_the_turret_turns(make_position: Any) -> None:
    """D6.21: riders on the tank bail out as its turret turns (a NMC beneath it)."""
    rider = {"id": "a-r", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz"}
    pos = make(make_position, "MPh", rider)
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    pos.push_text("answer turret3")
    rider_now = pos.units["a-r"]
    assert rider_now.carrier is None and rider_now.has("bailed") and pos.label(rider_now.hex) == "D5"


def test_d3_12_no_turret_turn_offered_in_woods(make_position: Any) -> None:
    """Not offered in woods (C5.11 doubles that MP there; chapter C is not among the texts)."""
    pos = make(make_position, "MPh", hexes={"D5": {"terrain": "woods"}})
    pos.push_text("move a-pz C5-D5")
    while pos.decision is not None and pos.decision.then != "vfacing":
        pos.push_text("answer dice 1,1" if pos.decision.dice else "answer pass")
    top = pos.decision
    assert top is not None and not any(c.startswith("turret") for c in top.choices)
