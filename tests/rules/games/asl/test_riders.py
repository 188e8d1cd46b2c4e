"""Riders' limits in play (riders.py, D6.21, D6.24): riders on a tank bail out before it enters woods or a
building (not across a road hexside) and when its turret turns; bailing out is a NMC beneath the AFV and no
more move or fire that phase. Passengers in a halftrack stay aboard."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import riders

from .test_armour import COUNTERS


def make(make_position: Any, phase: str, *extra: dict[str, Any], **kw: Any) -> Position:
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
        *extra,
    ]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, **kw)
    return pos


def test_riders_bail_out_before_the_woods(make_position: Any) -> None:
    pos = make(make_position, "MPh", hexes={"E5": "woods"})
    pos.push_text("load a-sq into a-pz")
    pos.push_text("move a-pz C5-D5-E5")
    top = pos.decision
    while top is not None and top.then != "mc":
        pos.push_text("answer dice 1,1" if top.kind == "roll" else "answer pass")  # the bog DR: no bog
        top = pos.decision
    assert top is not None and top.subject == ("a-sq",) and top.rule == "D6.21"  # the bail-out NMC (D6.24)
    sq = pos.units["a-sq"]
    assert sq.carrier is None and pos.label(sq.hex) == "D5"  # left beneath it in the hex before the woods
    assert sq.has("prep_fire") and "a-sq" in pos.state.moved  # no more move or fire this phase (D6.24)
    pos.push_text("answer dice 3,3")  # passes its NMC
    assert not pos.units["a-sq"].has("broken") and pos.label(pos.units["a-pz"].hex) in ("D5", "E5")


def test_a_road_hexside_keeps_them_aboard(make_position: Any) -> None:
    road = {"C5": {"terrain": "open", "road": ["SE"]}, "D5": {"terrain": "woods", "road": ["NW"]}}
    pos = make(make_position, "MPh", hexes=road)
    assert riders.barred("woods", road=False) and not riders.barred("woods", road=True)
    assert riders.barred("stone-building", road=False) and not riders.barred("open", road=False)
    pos.push_text("load a-sq into a-pz")
    pos.push_text("move a-pz C5-D5")  # into the woods along the road: no bog DR, no bail-out (D6.21)
    assert not any(d.then == "mc" for d in pos.state.decisions)
    assert pos.units["a-sq"].carrier == "a-pz" and pos.label(pos.units["a-sq"].hex) == "D5"


def test_a_turning_turret_throws_its_riders_off(make_position: Any) -> None:
    enemy = {"id": "b-t", "counter": "t", "side": "b", "hex": "C1", "markers": ["vca4"]}
    aboard = {"id": "a-sq3", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz"}
    pos = make(make_position, "PFPh", enemy, aboard)
    pos.push_text("fire a-pz at C1")  # C1 lies outside the turret's arc: the turret turns (Case A)
    pos.push_text("answer dice 6,6")  # a miss
    sq = pos.units["a-sq3"]
    assert sq.carrier is None and sq.hex == pos.units["a-pz"].hex  # beneath the tank (D6.21, D6.24)
    assert any(d.then == "mc" and d.subject == ("a-sq3",) for d in pos.state.decisions)


def test_passengers_stay_aboard_in_the_woods(make_position: Any) -> None:
    ht = {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pos = make(make_position, "MPh", ht, hexes={"D5": "woods"})
    pos.push_text("load a-sq into a-ht")
    pos.push_text("move a-ht C5-D5")
    assert not any(d.then == "mc" for d in pos.state.decisions)  # D6.1: passengers ride inside
    assert pos.units["a-sq"].carrier == "a-ht"


def _shoot(make_position: Any, tk: str) -> Position:
    target = {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}
    aboard = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5", "carrier": "b-t"}
    pos = make(make_position, "PFPh", target, aboard)
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,5")  # a hit (test_armour: TH 6)
    pos.push_text(f"answer dice {tk}")
    return pos


def test_d6_9_each_unit_aboard_rolls_to_survive(make_position: Any) -> None:
    """D9.2: the hit that destroys the tank without burning it makes no attack of its own on those aboard:
    each rolls for survival instead (D6.9), the crew first (D5.6)."""
    pos = _shoot(make_position, "1,2")  # destroyed, not burning
    assert pos.decision is not None and pos.decision.then == "vcs"  # the crew first (D5.6)
    pos.push_text("answer dice 6,6")  # the crew is lost
    top = pos.decision
    assert top is not None and top.then == "vprc" and top.subject == ("b-sq",) and top.side == "b"
    pos.push_text("answer dice 3,3")  # 6 <= CS 6: it survives beneath the wreck
    sq = pos.units["b-sq"]
    assert sq.carrier is None and pos.label(sq.hex) == "J5"
    assert sq.has("hazardous")  # A4.62 names D6.9: Hazardous Movement for the rest of the phase
    pos = _shoot(make_position, "1,2")
    pos.push_text("answer dice 6,6")
    pos.push_text("answer dice 4,3")  # 7 > 6
    assert "b-sq" not in pos.units
    assert riders.survives(6, 6, broken=False) and not riders.survives(6, 6, broken=True)  # +1 if broken


def test_d6_9_nobody_survives_a_burning_vehicle(make_position: Any) -> None:
    """D9.2 gives the survival DR only to a vehicle destroyed but not burned; D6.9: from a burning one nobody
    aboard survives."""
    pos = _shoot(make_position, "1,1")  # 2, less 1 for the red CS# (D5.7): it burns
    assert pos.units["b-t"].has("burning") and "b-sq" not in pos.units


def test_a_11_5_units_aboard_die_with_a_vehicle_destroyed_in_cc(make_position: Any) -> None:
    target = {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}
    aboard = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5", "carrier": "b-t"}
    attacker = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "J5"}
    pos = make(make_position, "CCPh", target, aboard, attacker)
    pos.push_text("answer units a-sq2,b-t")  # A11.31: a's CC turn in the tank's Location
    pos.push_text("answer dice 1,1")  # 2 + 2 (the rider guards it, A11.51) = 4 < CCV 5: destroyed
    pos.push_text("answer dice 6")  # the original 2's further dr (A11.501): nothing more
    res = pos.last_resolution
    assert res is not None and res.results["b-t"] in ("destroyed", "burns")
    assert "b-sq" not in pos.units and (pos.decision is None or pos.decision.then != "cc")


def test_d6_23_a_pinned_or_broken_rider_bails_out(make_position: Any) -> None:
    # applied after each MC and pin check (game.resume_mc, resume_ptc)
    aboard = {"id": "a-sq3", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz"}
    pos = make(make_position, "PFPh", aboard)
    assert riders.shaken_off(pos, "a-sq3").units["a-sq3"].carrier == "a-pz"  # in good order: stays aboard
    for marker in ("pinned", "broken"):
        state = pos.state.with_unit(pos.units["a-sq3"].mark(marker))
        after = riders.shaken_off(pos.at(state), "a-sq3")
        sq = after.units["a-sq3"]
        assert sq.carrier is None and sq.hex == pos.units["a-pz"].hex
        assert after.decisions[-1].then == "mc" and after.decisions[-1].rule == "D6.23"  # the bail-out NMC
    ht = {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]}
    inside = dict(aboard, carrier="a-ht")
    pos = make(make_position, "PFPh", ht, inside)
    state = pos.state.with_unit(pos.units["a-sq3"].mark("pinned"))
    assert riders.shaken_off(pos.at(state), "a-sq3").units["a-sq3"].carrier == "a-ht"  # a passenger stays


LMG = {"type": "sw", "sw": "mg", "fp": 2, "range": 6, "breakdown": 12, "pp": 1}
XSW = {"type": "sw", "sw": "ft", "fp": 12, "range": 1, "x": 10, "pp": 1}


def _bail_with_sw(make_position: Any, nmc: str, sw_dr: str, *, counter: str = "LMG",
                  broken: bool = False) -> Position:
    """The squad rides a-pz with a SW; the tank enters the woods in E5 (D6.21): the rider bails out in D5."""
    from .test_armour import COUNTERS as BASE

    counters = {**BASE, "LMG": LMG, "XSW": XSW}
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz",
         "markers": ["broken"] if broken else []},
        {"id": "a-sw", "counter": counter, "side": "a", "hex": "C5", "carrier": "a-sq"},
    ]
    pos: Position = make_position("asl", units, "MPh", counters=counters, hexes={"E5": "woods"})
    pos.push_text("move a-pz C5-D5-E5")
    top = pos.decision
    while top is not None and top.then != "vfacing":  # the tank's facing question ends the move
        if top.then == "mc":
            pos.push_text(f"answer dice {nmc}")
        elif top.then == riders.SW_THEN:
            pos.push_text(f"answer dice {sw_dr}")
        else:
            pos.push_text("answer dice 1,1" if top.kind == "roll" else "answer pass")  # no bog, no reaction
        top = pos.decision
    return pos


def test_d6_24_a_rider_s_sw_bails_out_with_it_and_may_malfunction(make_position: Any) -> None:
    """D6.24: a rider that passes its NMC takes its SW off; a dr of 1-3 leaves it, 4-6 malfunctions it."""
    kept = _bail_with_sw(make_position, "3,3", "3")
    assert kept.units["a-sw"].carrier == "a-sq" and not kept.units["a-sw"].has("malfunctioned")
    broke = _bail_with_sw(make_position, "3,3", "4")
    assert broke.units["a-sw"].has("malfunctioned")


def test_d6_24_an_x_sw_is_eliminated_and_a_broken_rider_loses_its_sw(make_position: Any) -> None:
    """D6.24: a malfunction eliminates a SW with an X#; a rider the NMC breaks (5,5 against morale 7) loses
    its SW whatever the dr."""
    assert "a-sw" not in _bail_with_sw(make_position, "3,3", "6", counter="XSW").units
    lost = _bail_with_sw(make_position, "5,5", "1")
    assert lost.units["a-sq"].has("broken") and "a-sw" not in lost.units


def test_d6_24_a_rider_broken_before_it_bails_out_loses_its_sw_at_once(make_position: Any) -> None:
    pos = _bail_with_sw(make_position, "1,1", "1", broken=True)
    assert "a-sw" not in pos.units and pos.units["a-sq"].carrier is None


def test_d6_24_first_fire_at_a_bailing_rider_with_ffnam(make_position: Any) -> None:
    """D6.24: for Defensive First Fire a rider that bails out has spent all its MF, with FFNAM. The Panzer
    carries a 4-6-7 from C5 into the woods of E5: the squad bails out in D5 (D6.21) and passes its NMC; the
    window after the tank's entry offers the 4-4-7 in D3 a First Fire at D5 (4 FP at 2 hexes): DR 3,3 = 6,
    -1 FFNAM = 5, and no FFMO though D5 is open ground (the text names FFNAM only). The next move ends it."""
    aboard = {"id": "a-sq3", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz"}
    enemy = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D3"}
    pos = make(make_position, "MPh", aboard, enemy, hexes={"E5": "woods"})
    pos.push_text("move a-pz C5-D5-E5")
    pos.push_text("answer dice 3,3")  # the bog DR: 6 + 4, not bogged (D8.21)
    assert pos.decision is not None and pos.decision.subject == ("a-sq3",) and pos.decision.rule == "D6.21"
    pos.push_text("answer dice 3,3")  # the bail-out NMC: passed
    assert [u.id for u in riders.bailing(pos)] == ["a-sq3"]
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b"
    assert "fire b-sq at D5" in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("fire b-sq at D5")
    while pos.decision is not None and pos.decision.then != "ift":
        pos.push_text("answer pass")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None
    said = [(line.rule, line.value) for line in res.lines]
    assert ("A4.6", "-1") in said and not any("FFMO" in str(line.label) for line in res.lines)
    assert any("final DR 5" in str(line.value) for line in res.lines)
    quiet = make(make_position, "MPh", aboard, enemy, hexes={"E5": "woods"})
    quiet.push_text("move a-pz C5-D5-E5")
    while quiet.decision is not None:
        d = quiet.decision
        quiet.push_text("answer dice 3,3" if d.kind == "roll" else "answer keep" if d.kind == "hexes"
                        else "answer pass")
    quiet.push_text("move a-sq C5-C4")
    assert not riders.bailing(quiet) and not quiet.units["a-sq3"].has(riders.BAILING)
