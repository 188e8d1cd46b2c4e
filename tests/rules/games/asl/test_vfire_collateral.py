"""D.8, D.8A: a gun's hit on a vehicle that does not destroy it attacks the vehicle's exposed PRC (the
Specific Collateral attack, vfire.specific_collateral): the gun's HE equivalent IFT FP (C8.31: the demo pack's
75mm row, 12 FP, the one the D15.55 example fixes), the same To Kill DR plus only the CE DRM (+2 for a CE
crew, none for riders, D6.23, nor for a truck's passengers, D6.7); only the riders once the crew is shocked
or stunned; none at all when the vehicle is destroyed (D.8, D5.6); no other unit of the Location (D.8A).
The tests call the To Kill continuation with the Final TK# of the decision (5)."""

from __future__ import annotations

from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vfire

from .test_armour import COUNTERS

TRUCK = {"truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}


def _pos(make_position: Any, *units: dict[str, Any]) -> Position:
    firer = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pos: Position = make_position("asl", [firer, *units], "PFPh", counters={**COUNTERS, **TRUCK})
    return pos


def _tk(pos: Position, target: str, dice: tuple[int, int]) -> Any:
    h = pos.units[target].hex
    decision = Decision("roll", "a", "", "D3", "vtk", dice="DR", subject=("a-pz",), target=h,
                        args=(("target", target), ("tk", "5")))
    return vfire.resume_tk(pos, decision, act.Answer(dice=dice))


def _tank(make_position: Any) -> Position:
    return _pos(make_position,
                {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3", "ce"]},
                {"id": "b-r", "counter": "4-4-7", "side": "b", "hex": "C2", "carrier": "b-t"})


def _ift(pos: Position, final: int) -> str:
    return str(pos.charts.chart("ift").lookup(fp=12, final_dr=final))


def test_d8a_an_undestroyed_tank_ce_crew_and_rider(make_position: Any) -> None:
    """TK DR 4,4 = 8 against TK# 5: no effect; the 12 FP column at the CE crew with 8 + 2 = 10, at the rider
    with 8."""
    pos = _tank(make_position)
    state = _tk(pos, "b-t", (4, 4))
    res = state.resolution
    assert res is not None and res.results["b-t"] == "none"
    assert any(line.rule == "C8.31" and line.value == "12" for line in res.lines)
    d8a = [line.value for line in res.lines if line.rule == "D.8A"]
    assert len(d8a) == 2
    assert "12 column, Original TK DR 8 +2 CE DRM = 10" in str(d8a[0])
    assert f"Specific Collateral attack on b-r: 12 column, Final DR 8 -> {_ift(pos, 8)}" == str(d8a[1])
    assert res.results["b-r"] == _ift(pos, 8)


def test_d8_a_shocked_tank_only_its_rider(make_position: Any) -> None:
    """TK DR 2,3 = 5, the TK# itself: shocked (C7, the pack); the crew is then no target, the rider is."""
    pos = _tank(make_position)
    state = _tk(pos, "b-t", (2, 3))
    res = state.resolution
    assert res is not None and res.results["b-t"] == "shocked"
    d8a = [str(line.value) for line in res.lines if line.rule == "D.8A"]
    assert d8a == [f"Specific Collateral attack on b-r: 12 column, Final DR 5 -> {_ift(pos, 5)}"]


def test_d8_no_collateral_attack_on_a_destroyed_tanks_rider(make_position: Any) -> None:
    """TK DR 2,2 = 4, below the TK# 5: destroyed; the rider rolls its Survival DR (D6.9), no collateral."""
    pos = _tank(make_position)
    state = _tk(pos, "b-t", (2, 2))
    res = state.resolution
    assert res is not None and res.results == {"b-t": "destroyed"}
    assert not any(line.rule in ("D.8A", "C8.31") for line in res.lines)
    assert [d.then for d in state.decisions if d.subject == ("b-r",)] == ["vprc"]


def test_d8a_a_trucks_passengers_not_the_squad_beside_it(make_position: Any) -> None:
    """The Collateral Attack Table: a vehicle-target hit on an unarmored vehicle is S too. TK DR 3,3 = 6 is
    no effect on the truck; its passengers take 12 FP at 6 (no CE DRM); the squad on foot in its hex is not
    attacked (D.8A). TK DR 2,3 = 5 immobilizes it (D6.71): the collateral attack at 5."""
    units = [{"id": "b-tr", "counter": "truck", "side": "b", "hex": "C2", "markers": ["vca3"]},
             {"id": "b-p", "counter": "4-4-7", "side": "b", "hex": "C2", "carrier": "b-tr"},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C2"}]
    pos = _pos(make_position, *units)
    res = _tk(pos, "b-tr", (3, 3)).resolution
    assert res is not None and res.results == {"b-tr": "none", "b-p": _ift(pos, 6)}
    res = _tk(pos, "b-tr", (2, 3)).resolution
    assert res is not None and res.results == {"b-tr": "immobilized", "b-p": _ift(pos, 5)}
