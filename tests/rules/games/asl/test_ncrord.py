"""Non-CC Reaction Fire by a gun at an overrunning AFV (D7.22, ncrord.py through reaction.offer and vfire).

D7.22: no Case A, and an ordnance hit on the overrunning AFV is automatically on its Rear. The text gives no
worked example with numbers; the To Hit and To Kill numbers are the ordnance chart pack's (demo values):
range 0, the pack's first row. Counters: test_armour's demo tanks."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ncrord, overrun, vfire
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl.armour import vtype
from hexmate.rules.games.asl.reaction import OFFER

from .test_armour import COUNTERS


def overrun_with_tank_there(make_position: Any, *tank: str) -> Position:
    """a-pz (VCA toward D5) overruns b-sq in D5, where b-t stands facing away (VCA 3, its Front to C5)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "D5", "markers": ["vca3", *tank]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-pz C5-D5")
    while pos.decision is not None and pos.decision.then != OFFER:
        top = pos.decision
        if top.kind == "react":
            pos.push_text("answer pass")
        elif top.then == overrun.OVR:
            pos.push_text("answer dice 5,6")  # the OVR misses (no 12: no breakdown, D7.17)
        else:
            pos.push_text("answer dice 6,6")
    return pos


def test_d7_22_the_gun_in_the_location_is_offered_and_hits_the_rear(make_position: Any) -> None:
    """D7.22: b-t's gun is offered; its To Hit has no Case A (none positive in the steps); the hit with a
    colored 3 strikes a-pz's Rear, where a plain same-hex shot (Case E's colored die, fc.same_hex_aspect)
    would take 3 as its Side; the TK# is the pack's 76L row at range 0 less a-pz's rear hull AF."""
    pos = overrun_with_tank_there(make_position)
    offer = pos.decision
    assert offer is not None and "ord-b-t" in offer.choices
    pos.push_text("answer ord-b-t")
    top = pos.decision
    assert top is not None and top.then == "vth" and ncrord.reacting(top)
    _th, steps, _, _ = vfire.to_hit_of(pos, pos.units["b-t"], pos.units["a-pz"], True)
    assert not any(s.name == "A" and s.value for s in steps)
    assert fc.same_hex_aspect(3) == "side"
    pos.push_text("answer dice 1,3")  # 4: hull (colored not below white), within any TH# of the pack here
    res = pos.last_resolution
    assert res is not None and res.results == {"a-pz": "hit"}
    assert any("rear" in line.label for line in res.lines)
    top = pos.decision
    assert top is not None and top.then == "vtk"
    pack = od.load_pack()
    rear = vtype(pos.units["a-pz"]).af("hull", "rear")
    assert int(top.arg("tk")) == od.final_tk(pack.basic_tk("76L", 0), rear)  # the pack's TK at range 0, D7.22
    assert pos.units["b-t"].has("first_fire")


def test_d7_22_no_gun_offered_once_it_reacted_or_against_a_truck(make_position: Any) -> None:
    """D7.2: a gun with a First Fire counter already is not offered (no ordnance SFF here)."""
    pos = overrun_with_tank_there(make_position, "first_fire")
    offer = pos.decision
    assert offer is not None and not any(c.startswith(ncrord.PREFIX) for c in offer.choices)
