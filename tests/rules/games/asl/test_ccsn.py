"""The sN in Close Combat (A11.622) against what its text names besides infantry: the unarmored vehicles in
the Location (read on the IFT's vehicle line, A7.308) and the exposed PRC (those aboard an unarmored vehicle,
D6.7). The sN and its Original DR 7 are the A11 comprehensive example's (H3: 16 FP, no DRM, a 2MC on the
4-4-7); the truck and its HS are an analogue added to it; the vehicle line's Kill number for 16 FP, 9, is a
demo value (charts/demo.json)."""

from __future__ import annotations

from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games.asl import ccsn
from hexmate.rules.games.asl import units as au

from .test_cc_vehicle import _catalogue

SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def test_a11_622_the_sn_destroys_an_unarmored_truck_and_spares_those_aboard(
        make_position: Any, tmp_path: Any) -> None:
    """A11 comprehensive example H3's sN attack (Original DR 7, not above the usage number 8): 16 FP with no
    DRM, a 2MC on the Russian 4-4-7 (as in the example). A Russian truck in the Location (analogue) reads the
    same DR on the vehicle line: 7 is below the Kill number 9 and above half of it: destroyed (A7.308), so
    the HS aboard takes no IFT result but its Survival DR (D.8, D5.6); the truck is a wreck."""
    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["pz5"] = {"type": "vehicle", "vehicle": "pz5", "catalogue": _catalogue(tmp_path), "sn": 8}
    counters["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}
    units = [{"id": "a-pz", "counter": "pz5", "side": "a", "hex": "H3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H3"},
             {"id": "b-tr", "counter": "truck", "side": "b", "hex": "H3"},
             {"id": "b-3", "counter": "2-2-7r", "side": "b", "hex": "H3", "carrier": "b-tr"}]
    pos = make_position("asl", units, "CCPh", counters=counters, sides=SIDES)
    assert [u.id for u in ccsn.exposed_prc(pos, pos.units["a-pz"].hex)] == ["b-3"]  # D6.7
    assert [u.id for u in ccsn.unarmored_vehicles(pos, pos.units["a-pz"].hex)] == ["b-tr"]
    decision = ccsn.ask(pos, pos.units["a-pz"])
    view = pos.at(pos.state.replace(decisions=()).push(decision))
    state = pos.game.resume_cc_sn(view.at(view.state.pop()), decision, act.Answer(dice=(3, 4)))
    res = state.resolution
    assert res is not None
    said = {(str(line.label), str(line.value), line.rule) for line in res.lines}
    assert ("Vehicle line", "b-tr: Final DR 7, Kill number 9: destroyed", "A7.308") in said
    assert res.results.get("b-2") == "2MC" and "b-3" not in res.results
    assert state.units["b-tr"].has("wreck")
    pending = [(d.then, d.subject) for d in state.decisions]
    assert any(subject == ("b-2",) for _, subject in pending)  # its 2MC
    assert any("b-3" in subject for _, subject in pending)  # its Survival DR (D5.6)
