"""A7.55's Mandatory Fire Group with vehicles' MGs (D3.5, D6.64), through the game's fire actions.

A7.55: Good Order units and weapons of one Location that fire at the same target in a phase form one fire
group; D3.5 puts a vehicle's MGs under it. Only units that may group at all are forced (D6.64): a CE carrier
or armored halftrack with infantry and CE halftrack passengers; not a tank, a BU halftrack, nor a truck's
passengers with units on foot. Demo counters (demo values); no numbers are at stake, only who may fire."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS

MORE = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
SQ = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}


def make(make_position: Any, *extra: dict[str, Any], ht: str = "ht", markers: tuple[str, ...] = (),
         phase: str = "PFPh") -> Position:
    units = [{"id": "a-ht", "counter": ht, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=MORE)
    return pos


def _finish(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer dice 6,6" if pos.decision.kind == "roll" else "answer pass")


def test_a7_55_halftrack_mgs_then_the_squad_beside_it(make_position: Any) -> None:
    """A7.55, D3.5, D6.64: the CE halftrack's BMG fires alone at F5; the 4-6-7 in its Location may then not
    fire at F5 alone (they fire together or not at all); at another target it still may."""
    other = {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "F4"}
    pos = make(make_position, SQ, other)
    pos.push_text("fire a-ht.bmg at F5")
    _finish(pos)
    with pytest.raises(IllegalAction, match="fire as one fire group") as err:
        pos.push_text("fire a-sq at F5")
    assert err.value.rule == "A7.55"
    assert "fire a-sq at F5" not in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("fire a-sq at F4")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_a7_55_the_squad_then_the_halftracks_mgs(make_position: Any) -> None:
    """A7.55: the other way round: the 4-6-7 fired at F5, the halftrack's MGs may not fire there alone."""
    pos = make(make_position, SQ)
    pos.push_text("fire a-sq at F5")
    _finish(pos)
    with pytest.raises(IllegalAction, match="fire as one fire group"):
        pos.push_text("fire a-ht.bmg at F5")
    with pytest.raises(IllegalAction, match="fire as one fire group"):
        pos.push_text("fire a-ht at F5")


def test_a7_55_two_halftracks_of_one_location(make_position: Any) -> None:
    """A7.55, D6.64: two CE halftracks in C5: once one's BMG fired at F5, the other's does not alone."""
    ht2 = {"id": "a-ht2", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]}
    pos = make(make_position, ht2)
    pos.push_text("fire a-ht.bmg at F5")
    _finish(pos)
    with pytest.raises(IllegalAction, match="fire as one fire group"):
        pos.push_text("fire a-ht2.bmg at F5")


def test_d6_64_no_group_is_forced_where_none_may_form(make_position: Any) -> None:
    """D6.64: a tank's MGs, a BU halftrack's, and a truck's passengers form no group with infantry on foot,
    so A7.55 forces none: the 4-6-7 fires at F5 after each of them."""
    for ht, marks in (("pz", ()), ("ht", ("bu",))):
        pos = make(make_position, SQ, ht=ht, markers=marks)
        pos.push_text("fire a-ht at F5")
        _finish(pos)
        pos.push_text("fire a-sq at F5")
        assert pos.decision is not None and pos.decision.then == "ift", ht
    rider = {"id": "a-hs", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht"}
    pos = make(make_position, SQ, rider, ht="truck")
    pos.push_text("fire a-hs at F5")
    _finish(pos)
    pos.push_text("fire a-sq at F5")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_a7_55_in_the_mph_at_the_same_movers(make_position: Any) -> None:
    """A7.55 in Defensive First Fire: the defender's CE halftrack in F5 fires its BMG at the 4-6-7 that has
    just entered D5; the 4-4-7 beside the halftrack may then not fire at the same movers alone. Together,
    in a fresh game, they fire as one group (D6.64): 3 + 4 FP."""
    mover = {"id": "a-mv", "counter": "4-6-7", "side": "a", "hex": "C5"}

    def start() -> Position:
        units = [mover, {"id": "b-ht", "counter": "ht", "side": "b", "hex": "F5", "markers": ["vca3"]},
                 {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}]
        pos: Position = make_position("asl", units, "MPh", counters=MORE)
        pos.push_text("move a-mv C5-D5")
        d5 = pos.map.parse_label("D5")
        while pos.state.moving is not None and pos.state.moving.here != d5:
            pos.push_text("answer pass")
        return pos

    pos = start()
    pos.push_text("fire b-ht.bmg at D5")
    _finish(pos)
    assert pos.state.moving is not None
    with pytest.raises(IllegalAction, match="fire as one fire group"):
        pos.push_text("fire b-sq at D5")
    pos = start()
    pos.push_text("fire b-ht.bmg,b-sq at D5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "7"


def test_a7_55_an_afvs_aamg_and_its_riders(make_position: Any) -> None:
    """A7.55 with D6.64: an AFV's riders may group with its AAMG, so once the CE tank's AAMG fired alone at
    F5 its rider may not fire there alone; its BMG, which forms no group with them, forces nothing: after
    the BMG alone the rider fires at F5."""
    counters = {**MORE, "mg4": {"type": "vehicle", "vehicle": "demo-mg4-g",
                                "catalogue": "catalogues/demo-mg-vehicles.json"}}
    tank = {"id": "a-tk", "counter": "mg4", "side": "a", "hex": "C5", "markers": ["vca0", "ce"]}
    rider = {"id": "a-rd", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-tk"}
    target = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}
    pos: Position = make_position("asl", [tank, rider, target], "PFPh", counters=counters)
    pos.push_text("fire a-tk.aamg at F5")
    _finish(pos)
    with pytest.raises(IllegalAction, match="fire as one fire group"):
        pos.push_text("fire a-rd at F5")
    pos = make_position("asl", [tank, rider, target], "PFPh", counters=counters)
    pos.push_text("fire a-rd at F5")
    _finish(pos)
    with pytest.raises(IllegalAction, match="fire as one fire group"):
        pos.push_text("fire a-tk.aamg at F5")
    pos = make_position("asl", [tank, rider, target], "PFPh", counters=counters)
    pos.push_text("fire a-tk.bmg at F5")
    _finish(pos)
    pos.push_text("fire a-rd at F5")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_a8_2_the_groups_defensive_first_fire_leaves_residual_fp(make_position: Any) -> None:
    """A8.2, A7.372: the halftrack's BMG (3) and the 4-4-7 (4) in F5 fire as one group at the 4-6-7 that has
    just entered D5: 7 FP on the 6 column, no DRM from outside D5 (the BMG's VCA covers it: no Case A); the
    6 column leaves 2 Residual FP in D5. DR 6,5 (no doubles: no Cowering): no result, the Residual stands."""
    from hexmate.rules.games.asl import residual

    mover = {"id": "a-mv", "counter": "4-6-7", "side": "a", "hex": "C5"}
    units = [mover, {"id": "b-ht", "counter": "ht", "side": "b", "hex": "F5", "markers": ["vca3"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}]
    pos: Position = make_position("asl", units, "MPh", counters=MORE)
    pos.push_text("move a-mv C5-D5")
    d5 = pos.map.parse_label("D5")
    while pos.state.moving is not None and pos.state.moving.here != d5:
        pos.push_text("answer pass")
    pos.push_text("fire b-ht.bmg,b-sq at D5")
    roll = pos.decision
    assert roll is not None and roll.arg("drm") == "0" and roll.arg("fp") == "7"
    pos.push_text("answer dice 6,5")
    left = [(r.hex, r.fp, r.side) for r in residual.residuals(pos.state)]
    assert left == [(d5, 2, "b")]
    res = pos.last_resolution
    assert res is not None and any(line.rule == "A8.2" for line in res.lines)
