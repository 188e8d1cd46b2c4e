"""A carrier's or armored halftrack's MGs in one fire group with infantry (D6.64, A7.5, A7.52; vfg.py through
the game's fire actions). The text has no numeric example; the FP are the counters' (demo values: the demo
halftrack's BMG 3, a 4-6-7) summed as A7.5 sums a group's FP."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS

LMG = {"type": "sw", "sw": "mg", "nationality": "german", "fp": 3, "range": 8, "rof": 1, "breakdown": 12,
       "repair": 1, "pp": 1}  # the demo catalogue's German LMG
MORE = {**COUNTERS, "LMG": LMG, "mg8": {"type": "vehicle", "vehicle": "demo-mg8-g",
                            "catalogue": "catalogues/demo-mg-vehicles.json"}}


def make(make_position: Any, *extra: dict[str, Any], ht: str = "ht",
         markers: tuple[str, ...] = ()) -> Position:
    units = [{"id": "a-ht", "counter": ht, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}, *extra]
    pos: Position = make_position("asl", units, "PFPh", counters=MORE)
    return pos


def test_d6_64_ce_halftrack_bmg_and_squad_fire_as_one_group(make_position: Any) -> None:
    """D6.64, A7.5: the CE halftrack's BMG (3 FP) and the squad beside it (4 FP) at F5, range 3, both within
    normal range: one attack of 7 FP, offered on the page; the squad gets its Prep Fire counter and the BMG
    is marked fired (D3.5)."""
    pos = make(make_position)
    assert "fire a-ht.bmg,a-sq at F5" in [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    pos.push_text("fire a-ht.bmg,a-sq at F5")
    roll = pos.decision
    assert roll is not None and roll.then == "vmg" and roll.arg("fp") == "7" and roll.rule == "D6.64"
    assert pos.units["a-sq"].has("prep_fire")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and "b-sq" in res.results
    with pytest.raises(IllegalAction):
        pos.push_text("fire a-sq at F5")  # it fired in the group


def test_d6_64_only_a_ce_carrier_or_armored_halftrack(make_position: Any) -> None:
    """D6.64: a BU halftrack's MGs, or another AFV's, join no group."""
    pos = make(make_position, markers=("bu",))
    with pytest.raises(IllegalAction, match="CE"):
        pos.push_text("fire a-ht.bmg,a-sq at F5")
    pos = make(make_position, ht="mg8")
    with pytest.raises(IllegalAction, match="armored halftrack"):
        pos.push_text("fire a-ht.bmg,a-sq at F5")


def test_a7_5_members_adjacent(make_position: Any) -> None:
    """A7.5: a squad in D5 (adjacent) may join; one in C7, two hexes away, may not."""
    near = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "D5"}
    far = {"id": "a-sq3", "counter": "4-6-7", "side": "a", "hex": "C7"}
    pos = make(make_position, near, far)
    pos.push_text("fire a-ht.bmg,a-sq2 at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "7"  # 3 + 4 (range 2)
    pos = make(make_position, near, far)
    with pytest.raises(IllegalAction, match="adjacent"):
        pos.push_text("fire a-ht.bmg,a-sq3 at F5")


def test_a7_9_a_cowering_group_marks_the_possessor_of_its_sw(make_position: Any) -> None:
    """A7.9: the halftrack's BMG and the squad's LMG fire as one group; undirected doubles cower it (the
    vehicle's own fire is exempt, the LMG's is not), so the squad, whose LMG cowered, takes its Prep Fire
    counter and keeps no inherent FP for another target."""
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-sq"}
    pos = make(make_position, lmg)
    pos.push_text("fire a-ht.bmg,a-lmg at F5")
    assert not pos.units["a-sq"].has("prep_fire")
    pos.push_text("answer dice 2,2")
    assert "Cowering: a-sq marked Prep Fire (A7.9)" in pos.last_resolution.text()
    assert pos.units["a-sq"].has("prep_fire")
