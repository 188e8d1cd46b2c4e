"""Weapon removal (swremove.py; D6.631, D6.83), played through the game's apply: the crew abandoning its own
armored halftrack takes its MG as an MG counter of no more FP than the vehicle's (a 3 FP BMG: the 3 FP LMG,
not the 5 FP MMG); a carrier's HS its 2 FP BMG as a 2 FP MG; the vehicle's weapon is Disabled and the vehicle
not scroungeable (D10.5); a crew re-entering with the counter puts the weapon back (D6.631, D5.42)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import vmg

from .test_armour import pass_reactions


def counters(**more: Any) -> dict[str, Any]:
    out = {name: dict(v) for name, v in au.demo_catalogue().items()}
    out["ht"] = {"type": "vehicle", "vehicle": "demo-ht-g"}
    out["c"] = {"type": "vehicle", "vehicle": "demo-carrier-b"}
    out.update(more)
    return out


def board(make_position: Any, counter: str = "ht", markers: tuple[str, ...] = (), phase: str = "MPh",
          extra: tuple[dict[str, Any], ...] = (), **more: Any) -> Position:
    units = [{"id": "a-v", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=counters(**more))
    return pos


def test_d6_631_the_crew_takes_the_halftrack_s_mg_as_a_counter_of_no_more_fp(make_position: Any) -> None:
    """D6.631: a 3 FP BMG leaves as the 3 FP LMG (not the 5 FP MMG), possessed by the crew beneath the
    Abandoned halftrack, which is marked with the weapon's Disabled counter."""
    pos = board(make_position)
    offered = [pos.action_text(a) for a in pos.legal_actions if a.kind == "move"]
    assert "move a-v C5 cost 0 as abandon-remove" in offered
    pos.push_text("move a-v C5 as abandon-remove")
    pass_reactions(pos)
    ht = pos.units["a-v"]
    assert ht.has("abandoned") and ht.has("bmg_removed")
    sw = pos.units["a-v-bmg"]
    assert sw.carrier == "a-v-crew" and sw.name == "LMG" and sw.values["fp"] == 3
    sq = {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C7"}
    later = board(make_position, markers=("bmg_removed",), phase="PFPh", extra=(sq,))  # crewed, no MG back
    with pytest.raises(IllegalAction, match=r"no working BMG"):
        later.game.check(later, later.parse_action("fire a-v.bmg at C7"))


def test_d6_83_a_carrier_s_hs_takes_its_bmg(make_position: Any) -> None:
    """D6.83 (with D6.631, D6.82): the carrier's HS crew takes the 2 FP BMG as a 2 FP MG counter of its side;
    with no MG counter of 2 FP or less the carrier has nothing to take."""
    lmg = {"type": "sw", "sw": "mg", "nationality": "british", "fp": 2, "range": 6, "rof": 1, "breakdown": 12,
           "repair": 1, "pp": 1}
    none = board(make_position, "c")
    with pytest.raises(IllegalAction, match=r"D6\.631"):
        none.game.check(none, none.parse_action("move a-v C5 as abandon-remove"))
    pos = board(make_position, "c", **{"LMG-b": lmg})
    pos.push_text("move a-v C5 as abandon-remove")
    pass_reactions(pos)
    hs = pos.units["a-v-crew"]
    assert hs.type == "hs" and pos.units["a-v-bmg"].carrier == hs.id and pos.units["a-v-bmg"].name == "LMG-b"


def test_d6_631_not_a_captured_halftrack_and_no_scrounging_after(make_position: Any) -> None:
    """D6.631: only one's own (not a captured) halftrack; D10.5: a vehicle with a removal's Disabled counter
    is not scrounged."""
    captured = board(make_position, markers=("captured",))
    with pytest.raises(IllegalAction, match=r"D6\.631"):
        captured.game.check(captured, captured.parse_action("move a-v C5 as abandon-remove"))
    sq = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}
    rph = board(make_position, markers=("abandoned", "bmg_removed"), phase="RPh", extra=(sq,))
    with pytest.raises(IllegalAction, match=r"Disabled counter"):
        rph.game.check(rph, rph.parse_action("activate a-sq,a-v for scrounge"))


def test_d6_631_re_entry_with_the_counter_puts_the_mg_back(make_position: Any) -> None:
    """D6.631 with D5.42: a crew re-entering with the MG counter returns it to the halftrack: the counter is
    gone and the Disabled mark off."""
    crew = {"id": "a-cr", "counter": "2-2-8", "side": "a", "hex": "C5"}
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C5", "carrier": "a-cr"}
    pos = board(make_position, markers=("abandoned", "bmg_removed"), extra=(crew, lmg))
    pos.push_text("load a-cr into a-v")
    pass_reactions(pos)
    ht = pos.units["a-v"]
    assert not ht.has("abandoned") and not ht.has("bmg_removed") and "a-lmg" not in pos.units


def test_d6_631_an_mg_ma_with_its_fp_leaves_as_an_mg_counter(tmp_path: Path, make_position: Any) -> None:
    """D6.631 with D3.5: an MG MA whose FP the catalogue gives (4) leaves as the MG counter of no more FP
    (the 3 FP LMG, not the 5 FP MMG), besides the BMG; the MA is marked removed."""
    demo = json.loads((Path(vmg.__file__).parent / "catalogues" / "demo-vehicles.json").read_text())
    entry = demo["vehicles"]["demo-ht-g"]
    path = tmp_path / "ht.json"
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test", "vehicles": {
        "demo-ht-g": {**entry, "ma": {**entry["ma"], "fp": 4}}}}))
    pos = board(make_position, "hm", hm={"type": "vehicle", "vehicle": "demo-ht-g", "catalogue": str(path)})
    pos.push_text("move a-v C5 as abandon-remove")
    pass_reactions(pos)
    assert pos.units["a-v"].has("ma_removed")
    sw = pos.units["a-v-ma"]
    assert sw.carrier == "a-v-crew" and sw.name == "LMG" and sw.values["fp"] == 3


def _sm_g(tmp_path: Path) -> dict[str, Any]:
    """The demo halftrack with the SPW 251/sMG's Vehicle Note stand-in: its passengers may take out its BMG
    (catalogue ``passenger_remove``)."""
    demo = json.loads((Path(vmg.__file__).parent / "catalogues" / "demo-vehicles.json").read_text())
    path = tmp_path / "smg.json"
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test", "vehicles": {
        "demo-ht-g": {**demo["vehicles"]["demo-ht-g"], "passenger_remove": ["bmg"]}}}))
    return {"type": "vehicle", "vehicle": "demo-ht-g", "catalogue": str(path)}


def test_d6_631_passengers_take_out_the_weapon_their_vehicle_note_allows_as_they_unload(
        tmp_path: Path, make_position: Any) -> None:
    """D6.631's last sentence: a weapon passengers may remove (the SPW 251/sMG's) is taken out when they pay
    the normal unloading cost (D6.5). The squad unloads from the stopped halftrack: asked, it takes the 3 FP
    BMG as the 3 FP LMG (no more FP than the vehicle's, as for the crew), the BMG is Disabled; the crew stays
    aboard. A halftrack without the note asks nothing."""
    sq = {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "C5", "carrier": "a-v"}
    pos = board(make_position, "sm", extra=(sq,), sm=_sm_g(tmp_path))
    pos.push_text("unload a-v")
    top = pos.decision
    assert top is not None and top.then == "sw_unload" and top.units == ("a-sq",) and top.rule == "D6.631"
    pos.push_text("answer units a-sq")
    sw = pos.units["a-v-bmg"]
    assert sw.carrier == "a-sq" and sw.name == "LMG" and sw.values["fp"] == 3
    assert pos.units["a-v"].has("bmg_removed") and not pos.units["a-v"].has("abandoned")
    plain = board(make_position, extra=(sq,))
    plain.push_text("unload a-v")
    assert plain.decision is None or plain.decision.then != "sw_unload"
