"""D6.651: an infantry leader and the units aboard a vehicle: who helps whose MC (and rally, and LLMC). The
armored halftrack's CE passengers take Original DR 3 +2 CE DRM = Final 5: 1MC on the demo IFT's 4 column;
the 4-6-7 (morale 7) rolls 7: 7 +1 = 8 fails alone, 7 +1 -1 = 7 passes with the 9-1's -1."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import mounted

from .test_mounted import MORE


def make(make_position: Any, *ht: str, leader_aboard: bool = True) -> Position:
    ldr: dict[str, Any] = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5"}
    if leader_aboard:
        ldr["carrier"] = "a-v"
    units = [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *ht]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"},
        ldr,
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"},
    ]
    pos: Position = make_position("asl", units, "DFPh", counters=MORE)
    return pos


def squad_after_1mc(pos: Position) -> bool:
    """Fire for the 1MC and roll 7 for the squad (4 for every other check): is the squad still unbroken?"""
    pos.push_text("fire b-sq at C5 dice 1,2")
    for _ in range(8):
        top = pos.decision
        if top is None:
            break
        who = top.subject[0] if top.subject else ""
        if top.kind != "roll":
            pos.push_text("answer pass")
        elif top.dice == "dr":
            pos.push_text("answer dice 3")
        else:
            pos.push_text("answer dice 3,4" if who == "a-sq" else "answer dice 2,2")
    return not pos.units["a-sq"].has("broken")


@pytest.mark.parametrize(("ht", "aboard", "helped"), [
    ((), True, True),           # a CE leader aboard his stopped halftrack helps the unit aboard
    (("motion",), True, False),  # not while it is in Motion
    (("bu",), True, False),     # nor BU (his halftrack's passengers are CE unless BU, D6.62)
    ((), False, True),          # a leader outside helps units aboard a vehicle that has not moved
    (("motion",), False, False),  # but not aboard one in Motion (C.8)
])
def test_d6_651_who_helps_the_mc_of_a_unit_aboard(make_position: Any, ht: tuple[str, ...], aboard: bool,
                                                  helped: bool) -> None:
    pos = make(make_position, *ht, leader_aboard=aboard)
    if "bu" in ht:  # BU passengers are no target (D6.61): check the rule itself
        assert not mounted.may_help(pos, pos.units["a-ldr"], pos.units["a-sq"])
        return
    assert mounted.may_help(pos, pos.units["a-ldr"], pos.units["a-sq"]) is helped
    assert squad_after_1mc(pos) is helped


def test_d6_651_an_aboard_leader_does_not_help_units_on_foot(make_position: Any) -> None:
    """D6.651: the leader aboard the halftrack helps only units aboard the same vehicle; his loss or break
    makes only them check (A10.2), not a squad on foot in the same Location."""
    units = [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "a-foot", "counter": "4-6-7", "side": "a", "hex": "C5"},
    ]
    pos: Position = make_position("asl", units, "DFPh", counters=MORE)
    ldr, aboard, foot = pos.units["a-ldr"], pos.units["a-sq"], pos.units["a-foot"]
    assert mounted.may_help(pos, ldr, aboard) and not mounted.may_help(pos, ldr, foot)
    assert mounted.lose_leader_to(pos, ldr, [aboard, foot]) == [aboard]


def _broken_aboard(make_position: Any) -> Position:
    units = [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v", "markers": ["broken"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"},
    ]
    pos: Position = make_position("asl", units, "DFPh", counters=MORE)
    return pos


def test_d6_66_broken_passengers_become_dm_when_the_attack_would_reach_them_ce(make_position: Any) -> None:
    """D6.66: the broken squad aboard the CE halftrack is BU and takes no attack; Original DR 4 +2 (as if CE)
    = Final 6: NMC on the 4 column: it becomes DM. Original DR 6 +2 = 8: nothing on that column: no DM."""
    pos = _broken_aboard(make_position)
    pos.push_text("fire b-sq at C5 dice 1,3")
    res = pos.last_resolution
    assert res is not None and "a-sq" not in res.results
    assert any(x.rule == "D6.66" for x in res.lines)
    assert pos.units["a-sq"].has("dm")
    pos = _broken_aboard(make_position)
    pos.push_text("fire b-sq at C5 dice 3,3")
    assert not pos.units["a-sq"].has("dm")


def test_d6_66_an_ordnance_hit_on_the_halftrack_makes_its_broken_passengers_dm(make_position: Any) -> None:
    """D6.66: the PzKpfw's MA hits the halftrack (To Hit DR 2); whatever the To Kill DR does (12: nothing),
    the broken squad aboard becomes DM."""
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-v", "counter": "ht", "side": "b", "hex": "G5", "markers": ["vca3"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "G5", "carrier": "b-v", "markers": ["broken"]},
    ]
    pos: Position = make_position("asl", units, "PFPh", counters=MORE)
    pos.push_text("fire a-pz at G5")
    assert pos.decision is not None and pos.decision.then == "vth"
    pos.push_text("answer dice 1,1")
    assert pos.decision is not None and pos.decision.then == "vtk"
    assert not pos.units["b-sq"].has("dm")
    pos.push_text("answer dice 6,6")
    assert pos.units["b-sq"].has("dm")


def _rph(make_position: Any, sw_at: dict[str, Any], *extra: dict[str, Any]) -> Position:
    units = [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "a-lmg", "counter": "LMG", "side": "a", **sw_at},
        *extra,
    ]
    pos: Position = make_position("asl", units, "RPh", counters=MORE)
    return pos


def test_d6_31_a_unit_aboard_recovers_only_a_sw_inside_its_vehicle(make_position: Any) -> None:
    """D6.31: the squad aboard the halftrack may not recover the LMG lying in C5 outside; one left inside
    the halftrack it recovers with the recovery dr (A4.44: below 6); a squad on foot may not."""
    pos = _rph(make_position, {"hex": "C5"})
    with pytest.raises(IllegalAction) as err:
        pos.push_text("transfer a-lmg to a-sq")
    assert err.value.rule == "D6.31"
    pos = _rph(make_position, {"hex": "C5", "carrier": "a-v"},
               {"id": "a-foot", "counter": "4-6-7", "side": "a", "hex": "C5"})
    with pytest.raises(IllegalAction) as err:
        pos.push_text("transfer a-lmg to a-foot")
    assert err.value.rule == "D6.31"
    pos.push_text("transfer a-lmg to a-sq")
    pos.push_text("answer dice 2")
    assert pos.units["a-lmg"].carrier == "a-sq"


def test_d6_31_possessions_pass_within_a_vehicle_or_to_its_location_not_between_vehicles(
        make_position: Any) -> None:
    """D6.31: the squad aboard passes its LMG to a friendly squad on foot in its Location; a squad aboard
    another vehicle there may not take it."""
    two = [{"id": "a-v2", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
           {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v2"},
           {"id": "a-foot", "counter": "4-6-7", "side": "a", "hex": "C5"}]
    pos = _rph(make_position, {"hex": "C5", "carrier": "a-sq"}, *two)
    with pytest.raises(IllegalAction) as err:
        pos.push_text("transfer a-lmg to a-sq2")
    assert err.value.rule == "D6.31"
    pos.push_text("transfer a-lmg to a-foot")
    assert pos.units["a-lmg"].carrier == "a-foot"


def test_d6_651_rally_aboard(make_position: Any) -> None:
    """D6.651: the broken squad aboard the stopped CE halftrack rallies under its leader aboard (A10.6 needs
    one: it is the non-phasing side's); in Motion the halftrack's leader helps it not, so it may not try."""
    def rph(*ht: str) -> Position:
        units = [
            {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *ht]},
            {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v",
             "markers": ["broken"]},
            {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-v"},
            {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"},
        ]
        pos: Position = make_position("asl", units, "RPh", counters=MORE, first_side="b")
        pos.push_text("end")  # b, phasing, rallies first (A3.1)
        assert pos.to_act == "a"
        return pos

    pos = rph()
    pos.push_text("rally a-sq dice 2,2")
    assert not pos.units["a-sq"].has("broken")
    with pytest.raises(IllegalAction) as err:
        rph("motion").push_text("rally a-sq dice 2,2")
    assert err.value.rule == "A10.6"


@pytest.mark.parametrize(("ht", "leader", "directs"), [
    ((), (), True),               # the CE leader aboard his stopped halftrack directs the unit aboard
    (("bu",), (), False),         # not once it is BU: its passengers are not CE (D6.62)
    (("stunned",), (), False),    # nor while it is stunned (D6.62: its passengers are then BU)
    (("shocked",), (), False),    # nor shocked
    ((), ("pinned",), False),     # nor pinned himself (D6.62)
])
def test_d6_65_only_a_ce_leader_aboard_directs(make_position: Any, ht: tuple[str, ...],
                                              leader: tuple[str, ...], directs: bool) -> None:
    """D6.65: a CE (or exposed) infantry leader aboard directs the fire of the others aboard; D6.62: a
    passenger must be CE to direct an attack."""
    pos = make(make_position, *ht)
    ldr = pos.units["a-ldr"]
    if leader:
        ldr = ldr.mark(*leader)
        pos = pos.at(pos.state.with_unit(ldr))
    assert mounted.may_direct(pos, ldr, [pos.units["a-sq"]]) is directs
