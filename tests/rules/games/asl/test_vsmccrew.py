"""SMC as the temporary crew of a captured armed vehicle (vsmccrew.py, A21.22): who enters, what a lone SMC
may do (CE: no move, AAMG only; else BMG or CMG, never both moving and firing in a Player Turn; no MA), two
SMC as a HS, two heroes as an infantry crew, and the SMC back when the vehicle is abandoned. The demo tank
and halftrack of the armour tests (demo values)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vcapture, vdriver, vsmccrew

from .test_vreentry import CREWS

SMCS = {**CREWS, "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1},
        "hero": {"type": "hero", "fp": 1, "morale": 9, "broken_morale": 9}}


def enter(make_position: Any, *who: tuple[str, str]) -> Position:
    """b's SMC ``who`` (id, counter) enter a's demo tank that b captured, in b's MPh."""
    units = [{"id": "a-pz", "counter": "pz", "side": "b", "hex": "C5", "markers": ["vca0", "abandoned",
                                                                                   "captured"]},
             *({"id": uid, "counter": c, "side": "b", "hex": "C5"} for uid, c in who),
             {"id": "a-far", "counter": "4-6-7", "side": "a", "hex": "L8", "markers": ["broken"]}]
    pos: Position = make_position("asl", units, "MPh", counters=SMCS, first_side="b")
    pos.push_text(f"load {','.join(uid for uid, _ in who)} into a-pz")
    while pos.decision is not None:
        pos.push_text("answer pass")
    return pos


def test_a21_22_a_lone_smc_crews_the_captured_tank_off_the_map(make_position: Any) -> None:
    """A21.22: b's 8-1 enters the captured tank: it is its lone-SMC crew (full 14 MP: nothing halves them),
    the leader off the map meanwhile; the captured penalty is the plain one."""
    pos = enter(make_position, ("b-ldr", "8-1"))
    tank = pos.units["a-pz"]
    assert tank.has(vsmccrew.TC_SMC) and not tank.has("abandoned") and vdriver.smc_driver(tank) == "b-ldr"
    assert pos.units["b-ldr"].hex is None and armour.budget(tank) == 14 and vcapture.penalty(tank) == 1


def test_a21_22_two_smc_are_a_hs_two_heroes_an_infantry_crew(make_position: Any) -> None:
    """A21.22: two SMC crew it as an infantry HS (MP halved: 7; penalties doubled); two heroes as an infantry
    crew (MP halved, the plain penalties)."""
    pair = enter(make_position, ("b-ldr", "8-1"), ("b-h", "hero"))
    tank = pair.units["a-pz"]
    assert tank.has(vcapture.TC_HS) and armour.budget(tank) == 7 and vcapture.penalty(tank) == 2
    heroes = enter(make_position, ("b-h1", "hero"), ("b-h2", "hero"))
    tank = heroes.units["a-pz"]
    assert tank.has(vcapture.TC_ICREW) and armour.budget(tank) == 7 and vcapture.penalty(tank) == 1


def crewed(make_position: Any, phase: str, *markers: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "b", "hex": "C5",
              "markers": ["vca0", "captured", vsmccrew.TC_SMC, "smc_driver:b-ldr", *markers]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C7"},
             {"id": "a-t", "counter": "t", "side": "a", "hex": "J5", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, phase, counters=SMCS, first_side="b")
    return pos


def test_a21_22_a_ce_lone_smc_neither_moves_nor_fires_but_the_aamg(make_position: Any) -> None:
    """A21.22: CE, the lone SMC's tank may not move; its BMG/CMG do not fire (it has no AAMG: nothing
    fires); its MA never does."""
    pos = crewed(make_position, "MPh", "ce")
    with pytest.raises(IllegalAction, match="may not move"):
        pos.push_text("move a-pz C5-D5")
    fire = crewed(make_position, "PFPh", "ce")
    with pytest.raises(IllegalAction, match=r"A21\.22"):
        fire.push_text("fire a-pz.cmg at C7")
    with pytest.raises(IllegalAction, match=r"A21\.22"):
        fire.push_text("fire a-pz at J5")


def test_a21_22_not_ce_it_fires_one_of_bmg_or_cmg_and_then_may_not_move(make_position: Any) -> None:
    """A21.22: not CE, the lone SMC fires its CMG (or its BMG), not both together; having fired in the PFPh
    it may not move in the MPh (D.3 says so too), and the MA stays silent."""
    pos = crewed(make_position, "PFPh")
    with pytest.raises(IllegalAction, match="either its BMG or its CMG"):
        pos.push_text("fire a-pz.bmg,a-pz.cmg at C7")
    with pytest.raises(IllegalAction, match="MA does not fire"):
        pos.push_text("fire a-pz at J5")
    pos.push_text("fire a-pz.cmg at C7")
    assert pos.decision is not None and pos.decision.then == "vmg"


def test_a21_22_having_moved_it_does_not_fire_in_the_afph(make_position: Any) -> None:
    """A21.22: the lone SMC's tank that moved this Player Turn (smc_moved after its MPh) may not fire its
    CMG in the AFPh; with no move it may."""
    moved = crewed(make_position, "AFPh", vsmccrew.SMC_MOVED)
    with pytest.raises(IllegalAction, match="has moved this Player Turn"):
        moved.push_text("fire a-pz.cmg at C7")
    still = crewed(make_position, "AFPh")
    still.push_text("fire a-pz.cmg at C7")
    assert still.decision is not None and still.decision.then == "vmg"


def test_a21_22_the_smc_comes_back_when_the_tank_is_abandoned(make_position: Any) -> None:
    """A21.22 with D5.41: the lone SMC abandons the tank in b's MPh: the 8-1 is back beneath it."""
    pos = enter(make_position, ("b-ldr", "8-1"))
    nxt = pos.at(pos.state.replace(moved=()))  # the next MPh of b's: the crewed tank has not moved
    nxt.push_text("move a-pz C5 as abandon")
    assert nxt.units["a-pz"].has("abandoned") and nxt.label(nxt.units["b-ldr"].hex) == "C5"
    assert not nxt.units["a-pz"].has(vsmccrew.TC_SMC)


def test_a21_22_a_one_man_turret_s_ma_fires_for_a_lone_smc_not_ce(tmp_path: Path, make_position: Any) -> None:
    """A21.22's exception with D1.322: in a one-man turret AFV the lone SMC, not CE, may fire its MA (the
    text's "CMG/MA of a 1MT AFV"); CE it may not (D1.322: no MA or CMG fire while CE in a 1MT)."""
    cat = tmp_path / "cat.json"
    cat.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test", "vehicles": {
        "1mt": {"movement": "tracked", "mp": 12, "armor": {"hull_front": 4, "hull_side": 2},
                "ma": {"calibre": 37, "kind": "gun", "mount": "1MT"}, "mg": {"cmg": 2}}}}))
    counters = {**SMCS, "lt": {"type": "vehicle", "vehicle": "1mt", "catalogue": str(cat)}}

    def tank(*markers: str) -> Position:
        pos: Position = make_position("asl", [
            {"id": "a-lt", "counter": "lt", "side": "b", "hex": "C5",
             "markers": ["vca0", "captured", vsmccrew.TC_SMC, *markers]},
            {"id": "a-t", "counter": "t", "side": "a", "hex": "J5", "markers": ["vca3"]}], "PFPh",
            counters=counters, first_side="b")
        return pos

    vsmccrew.check_ma(tank(), tank().units["a-lt"])  # no refusal
    ce = tank("ce")
    with pytest.raises(IllegalAction, match="MA does not fire"):
        vsmccrew.check_ma(ce, ce.units["a-lt"])


def test_a21_22_a_lone_ce_smc_attacks_in_cc_with_the_aamg_only(make_position: Any) -> None:
    """A21.22 (its "attacks" only with the AAMG) with A11.62: b's captured demo tank (CMG 2, no AAMG, demo
    values), crewed by a lone CE SMC, has 0 FP against a's squad in CC; not CE it has its CMG's 2."""
    from hexmate.rules.games.asl import cc

    def fp(*markers: str) -> object:
        pos: Position = make_position("asl", [
            {"id": "a-pz", "counter": "pz", "side": "b", "hex": "C5",
             "markers": ["vca0", "captured", vsmccrew.TC_SMC, *markers]},
            {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}], "CCPh", counters=SMCS)
        return cc._vehicle_strengths(pos.units["a-pz"], [pos.units["a-sq"]])[0]

    assert fp("ce") == 0 and fp() == 2
