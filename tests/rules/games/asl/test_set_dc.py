"""A Set DC through the game (A23.7, A23.71): set in the MPh on a dr at most the setter's US#, detonated in a
later Player Turn's fire phase by its setter 2 to 6 hexes away after a NTC, on the 36+ column at -3 with no
TEM. Counters from the demo catalogue (demo values); the IFT is the demo pack."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def start(make_position: Any, **kw: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C3": "stone-building"}, **kw)


def until(pos: Any, side: str, phase: str) -> None:
    for _ in range(60):
        if pos.phasing == side and pos.phase.id == phase and pos.decision is None:
            return
        if pos.decision is not None and pos.decision.then == "volbreak":
            pos.push_text("answer none")  # A10.41: no voluntary break
            continue
        pos.push_text("answer pass" if pos.decision is not None else "end")
    raise AssertionError(f"never reached {side} {phase}: {pos}")


@pytest.mark.parametrize(("dr", "ok"), [(3, True), (4, False)])
def test_setting_needs_a_dr_at_most_the_us_number_and_ends_the_mph(make_position: Any, dr: int,
                                                                  ok: bool) -> None:
    pos = start(make_position)
    pos.push_text("fire a-dc at C3")
    top = pos.decision  # A23.7, A8.12: the setter spends its MF under b-1's eyes: it may fire first
    assert (top.kind, top.rule, top.subject) == ("react", "A8.12", ("a-1",))
    assert pos.units["a-1"].has("setting_dc")  # Hazardous Movement (A4.62)
    pos.push_text("answer pass")
    assert pos.decision is not None and pos.decision.then == "dc_set" and pos.decision.dice == "dr"
    pos.push_text(f"answer dice {dr}")  # a squad's US# is 3 (A1.6)
    dc = pos.units["a-dc"]
    assert dc.has("set_dc") is ok and (dc.carrier is None) is ok
    with pytest.raises(IllegalAction, match="already moved"):
        pos.push_text("move a-1 C3-D3")  # all its MF (A23.7)


def test_a_set_dc_detonates_in_a_later_player_turn_from_2_to_6_hexes(make_position: Any) -> None:
    pos = start(make_position)
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer pass")
    pos.push_text("answer dice 1")
    until(pos, "a", "APh")
    with pytest.raises(IllegalAction, match="fire is not an action of the Advance Phase"):
        pos.push_text("fire a-dc at C3")
    pos.push_text("advance a-1 C3-D3")
    until(pos, "b", "MPh")
    pos.push_text("move b-1 C6-C5-C4-C3")
    until(pos, "b", "DFPh")
    with pytest.raises(IllegalAction, match=r"2 to 6 hexes.*A23\.7"):
        pos.push_text("fire a-dc at C3")  # a-1 in D3 is beside it
    until(pos, "a", "MPh")
    pos.push_text("move a-1 D3-E3")
    until(pos, "a", "AFPh")
    assert pos.units["b-1"].hex == pos.units["a-dc"].hex
    detonate(pos)


def ready(make_position: Any, **kw: Any) -> Any:
    pos = start(make_position, **kw)
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer pass")
    pos.push_text("answer dice 1")
    until(pos, "a", "APh")
    pos.push_text("advance a-1 C3-D3")
    until(pos, "b", "MPh")
    pos.push_text("move b-1 C6-C5-C4-C3")
    until(pos, "a", "MPh")
    pos.push_text("move a-1 D3-E3")
    until(pos, "a", "AFPh")
    return pos


def test_a_failed_ntc_leaves_it_set_and_11_with_an_enemy_inside_malfunctions_it(make_position: Any) -> None:
    pos = ready(make_position)
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer dice 4,5")  # NTC 9 > morale 7: nothing happens
    assert pos.decision is None and pos.units["a-dc"].has("set_dc")
    pos = ready(make_position)
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 5,6")  # 11, +1 for the enemy squad there: 12 malfunctions (A23.7)
    assert "a-dc" not in pos.units and pos.state.resolution.results == {}
    assert "malfunctions" in pos.state.resolution.text()


def detonate(pos: Any) -> None:
    pos.push_text("fire a-dc at C3")
    assert pos.decision is not None and pos.decision.then == "dc_detonate"
    pos.push_text("answer dice 2,3")  # the setter's NTC: 5 <= morale 7
    assert pos.decision is not None and pos.decision.then == "dc_blast"
    pos.push_text("answer dice 3,4")  # 7 - 3 = 4 on the 36+ column, the stone building's TEM not counted
    res = pos.state.resolution
    text = res.text()
    assert "Set DC: -3 (A23.71)" in text and "36 FP -> 36 column, final DR 4" in text  # the 36+ column
    assert "terrain" not in text  # no TEM (A23.71)
    assert "a-dc" not in pos.units and res.results == {"b-1": "3KIA"}
    assert pos.decision is not None and pos.decision.then == "casualty"


def test_the_detonations_original_dr_equal_to_the_enemy_san_activates_his_sniper(make_position: Any) -> None:
    """A14.1: a Set DC's blast is an IFT attack; the sniper attacks after its results."""
    pos = ready(make_position, options={"san": {"a": 3, "b": 7}})
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 3,4")  # Original 7 = b's SAN
    bottom = pos.state.decisions[0]  # answered after the casualty the blast opened
    assert bottom.then == "sniper" and bottom.side == "b"


def test_a7_308_a_set_dc_at_a_truck_burns_it_with_the_hs_aboard(make_position: Any) -> None:
    """A23.71, A7.308, D.8 (the shared detonation, dcblast.py): the DC is set in Open Ground C3 beside an
    enemy truck with a HS aboard; b-1 later comes in. Original 8 (8 + 2 enemy infantry there: no malfunction,
    A23.7), -3, no TEM: final 5 on the 36+ column: 2KIA for b-1; the truck's Kill number on that column is 13
    (demo pack): 5 is at most half of it, a burning wreck, and the HS dies with it (no collateral attack)."""
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-tr", "counter": "truck", "side": "b", "hex": "C3"},
             {"id": "b-hs", "counter": "2-2-7r", "side": "b", "hex": "C3", "carrier": "b-tr"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer pass")
    pos.push_text("answer dice 1")
    until(pos, "a", "APh")
    pos.push_text("advance a-1 C3-D3")
    until(pos, "b", "MPh")
    pos.push_text("move b-1 C6-C5-C4-C3")
    until(pos, "a", "MPh")
    pos.push_text("move a-1 D3-E3")
    until(pos, "a", "AFPh")
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer dice 2,3")  # the setter's NTC: passed
    pos.push_text("answer dice 4,4")
    res = pos.state.resolution
    text = res.text()
    assert "36 FP -> 36 column, final DR 5 -> 2KIA" in text
    assert "b-tr: Final DR 5, Kill number 13: a burning wreck (A7.308)" in text
    assert res.results == {"b-1": "2KIA"} and "b-hs" not in pos.units
    assert pos.units["b-tr"].has("burning")


@pytest.mark.parametrize("owner", ["a", "b"])
def test_a23_72_a_set_dc_is_never_recovered(make_position: Any, owner: str) -> None:
    """A23.72: a Set DC goes by its malfunction or its removal (B24.75), never by recovery (A4.44): not in the
    RPh by either side, nor for 1 MF in the MPh."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-dc", "counter": "DC", "side": owner, "hex": "C3", "markers": ["set_dc"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS)
    assert "transfer a-dc to a-1" not in {a.text() for a in pos.legal_actions}
    with pytest.raises(IllegalAction, match=r"Set DC: it cannot be recovered.*A23\.72"):
        pos.push_text("transfer a-dc to a-1 dice 1")
    units[0]["hex"] = "C2"
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match=r"no unpossessed SW lies in C3.*A4\.44"):
        pos.push_text("move a-1 C2-C3-C3 as recover")
