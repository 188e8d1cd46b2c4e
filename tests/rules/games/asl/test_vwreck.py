"""Wrecks removed and scrounged in play (vwreck.py; D10.41, D10.42, D10.5, D10.51, D10.52, A20.552).

Numbers from the text: D10.42's 90% of the wreck's weight and half the MP allowance; D10.5's dr 1-3 and "up
to twice the dr" weapons. Weights and MP are the demo catalogue's (demo values): the demo Russian tank 28 t,
16 MP; the demo Panzer 25 t, 14 MP; the demo halftrack 8 t with a 3 FP BMG."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vwreck

from .test_armour import COUNTERS, pass_reactions


def _pos(make_position: Any, phase: str, units: list[dict[str, Any]], **kw: Any) -> Position:
    pos: Position = make_position("asl", units, phase, counters=kw.pop("counters", COUNTERS), **kw)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


# --- D10.42: pushing ---


def pushing(make_position: Any, *, pusher: str = "t", wreck: str = "pz", enemy: bool = False) -> Position:
    units = [{"id": "a-v", "counter": pusher, "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-w", "counter": wreck, "side": "b", "hex": "C5", "markers": ["vca3", "wreck"]}]
    if enemy:
        units.append({"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]})
    else:
        units.append({"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"})
    return _pos(make_position, "MPh", units)


def test_d10_42_a_tracked_afv_of_90_percent_weight_pushes_for_half_its_mp(make_position: Any) -> None:
    """D10.4, D10.42: the 28 t tank (16 MP) pushes the 25 t wreck: 8 MP, and the wreck goes after the MPh."""
    pos = pushing(make_position)
    assert "move a-v C5 cost 8 as push" in texts(pos)
    move = pos.game.check(pos, pos.parse_action("move a-v C5 as push"))
    assert move.cost == 8
    pos.push_text("move a-v C5 as push")
    assert armour.spent_of(pos.units["a-v"]) == 8 and "b-w" in pos.units  # not before the MPh ends
    with pytest.raises(IllegalAction):  # it must stay in the Location
        pos.game.check(pos, pos.parse_action("move a-v C5-D5"))
    pos.push_text("end")
    assert pos.phase.id != "MPh"
    assert "b-w" not in pos.units
    assert any(c.what == "remove" and c.unit == "b-w" for c in pos.changes)
    assert not any(m.startswith("push:") for m in pos.units["a-v"].markers)


def test_d10_42_a_lighter_afv_may_not_push(make_position: Any) -> None:
    """D10.42: 25 t is under 90% of 28 t (25.2 t): no push."""
    pos = pushing(make_position, pusher="pz", wreck="t")
    assert not any(t.endswith("as push") for t in texts(pos))
    with pytest.raises(IllegalAction, match="90%"):
        pos.game.check(pos, pos.parse_action("move a-v C5 as push"))


def test_d10_42_only_a_tracked_afv_pushes(make_position: Any) -> None:
    """D10.42: a halftrack is not a tracked AFV, whatever its weight."""
    pos = pushing(make_position, pusher="ht", wreck="ht")
    with pytest.raises(IllegalAction, match=r"tracked"):
        pos.game.check(pos, pos.parse_action("move a-v C5 as push"))


def test_d10_42_the_push_draws_defensive_first_fire(make_position: Any) -> None:
    """D3.3 with D10.42: the MP are spent in place, so the enemy tank that sees C5 may fire then."""
    pos = pushing(make_position, enemy=True)
    pos.push_text("move a-v C5 as push")
    assert pos.decision is not None and pos.decision.kind == "react" and pos.decision.side == "b"
    pass_reactions(pos)
    assert pos.decision is None


def test_d10_42_a_pusher_no_longer_mobile_when_the_mph_ends_removes_nothing(make_position: Any) -> None:
    """D10.42: it must still be there and mobile after the MPh: immobilized, the wreck stays."""
    pos = pushing(make_position)
    pos.push_text("move a-v C5 as push")
    state = pos.state.with_unit(pos.units["a-v"].mark("immobilized"))
    after = vwreck.end_of_mph(state)
    assert "b-w" in after.units and not any(m.startswith("push:") for m in after.units["a-v"].markers)
    kept = vwreck.end_of_mph(pos.state)
    assert "b-w" not in kept.units


def test_d10_41_a_wreck_in_a_blaze_is_removed(make_position: Any) -> None:
    """D10.4, D10.41: a wreck in a terrain blaze is removed (the blaze a map feature: B25 is not among the
    texts)."""
    units = [{"id": "b-w", "counter": "pz", "side": "b", "hex": "C5", "markers": ["vca3", "wreck"]},
             {"id": "b-w2", "counter": "pz", "side": "b", "hex": "D5", "markers": ["vca3", "wreck"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "L8"}]
    pos = _pos(make_position, "MPh", units, hexes={"C5": {"terrain": "open", "features": ["blaze"]}})
    pos.push_text("end")
    assert "b-w" not in pos.units and "b-w2" in pos.units


# --- D10.5: scrounging ---


def scrounging(make_position: Any, *markers: str, vehicle: str = "ht", unit: str = "4-6-7",
               vmarkers: tuple[str, ...] = ("wreck",), counters: dict[str, Any] | None = None) -> Position:
    units = [{"id": "a-sq", "counter": unit, "side": "a", "hex": "C5", "markers": list(markers)},
             {"id": "b-ht", "counter": vehicle, "side": "b", "hex": "C5", "markers": ["vca3", *vmarkers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    return _pos(make_position, "RPh", units, counters=counters or COUNTERS,
                sides=[{"id": "a", "name": "A", "nationality": "russian"},
                       {"id": "b", "name": "B", "nationality": "german"}])


def test_d10_5_a_dr_of_3_takes_the_bmg_as_an_lmg_of_the_wreck_s_nationality(make_position: Any) -> None:
    """D10.5, D10.52: dr 3 succeeds; the halftrack's 3 FP BMG comes off as a German LMG; unit and SW TI."""
    pos = scrounging(make_position)
    assert "activate a-sq,b-ht for scrounge" in texts(pos)
    pos.push_text("activate a-sq,b-ht for scrounge")
    top = pos.decision
    assert top is not None and top.then == "vscrounge" and top.dice == "dr" and top.rule == "D10.5"
    pos.push_text("answer dice 3")
    sw = pos.units["b-ht-bmg"]
    assert sw.type == "sw" and sw.carrier == "a-sq" and sw.has("ti") and "LMG" in sw.name
    assert sw.values.get("nationality") == "german"
    assert pos.units["a-sq"].has("ti")
    wreck = pos.units["b-ht"]
    assert wreck.has("scrounged") and wreck.has("bmg_malf")
    assert any(c.what == "add" and c.unit == "b-ht-bmg" for c in pos.changes)
    with pytest.raises(IllegalAction, match="already been scrounged"):
        pos.game.check(pos, pos.parse_action("activate a-sq,b-ht for scrounge"))


def test_d10_5_a_dr_of_4_takes_nothing_but_the_wreck_is_scrounged_all_the_same(make_position: Any) -> None:
    """D10.5: dr 4 fails; the Scrounged counter and the TI come regardless."""
    pos = scrounging(make_position)
    pos.push_text("activate a-sq,b-ht for scrounge")
    pos.push_text("answer dice 4")
    assert not any(u.type == "sw" for u in pos.units.values())
    assert pos.units["b-ht"].has("scrounged") and pos.units["a-sq"].has("ti")


@pytest.mark.parametrize(
    ("markers", "vmarkers", "match"),
    [(("broken",), ("wreck",), "broken"), (("melee",), ("wreck",), "Melee"),
     ((), ("wreck", "burning"), "not burning"), ((), (), "neither abandoned")],
)
def test_d10_5_who_may_scrounge_what(make_position: Any, markers: tuple[str, ...], vmarkers: tuple[str, ...],
                                     match: str) -> None:
    """D10.5: not broken or in Melee; from an abandoned vehicle or a wreck that is not burning."""
    pos = scrounging(make_position, *markers, vmarkers=vmarkers)
    with pytest.raises(IllegalAction, match=match):
        pos.game.check(pos, pos.parse_action("activate a-sq,b-ht for scrounge"))


def test_d10_5_an_abandoned_vehicle_may_be_scrounged_in_its_own_side_s_rph_only(make_position: Any) -> None:
    """D10.5: in the friendly RPh: B's squad beside the abandoned vehicle may not scrounge in A's RPh."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "b-ht", "counter": "ht", "side": "b", "hex": "C5", "markers": ["vca3", "abandoned"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5", "markers": ["melee"]}]
    pos = _pos(make_position, "RPh", units)
    assert "activate a-sq,b-ht for scrounge" in texts(pos)
    pos.push_text("end")  # A is done; B acts in A's RPh
    assert pos.to_act == "b"
    with pytest.raises(IllegalAction, match="own side's Rally Phase"):
        pos.game.check(pos, pos.parse_action("activate b-sq,b-ht for scrounge"))


def _catalogue(tmp_path: Path, vehicles: dict[str, Any]) -> str:
    path = tmp_path / "cat.json"
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test", "vehicles": vehicles}))
    return str(path)


def test_d10_51_what_may_be_taken(tmp_path: Path, make_position: Any) -> None:
    """D10.51: BMG, AAMG, listed SW, a mortar MA and an AAMG-replaceable CMG; never a fixed BMG, Ordnance, an
    ordinary CMG or a non-mortar MA."""
    base = {"movement": "tracked", "mp": 12, "armor": {"hull_front": 4, "hull_side": 2}}
    cat = _catalogue(tmp_path, {
        "fixed": {**base, "ma": {"calibre": 75}, "mg": {"bmg": 2, "cmg": 2, "aamg": 1}, "bmg_fixed": True},
        "mortar": {**base, "ma": {"calibre": 81, "kind": "MTR"}, "mg": {"cmg": 2}, "cmg_aamg": True,
                   "sw": ["PSK"]},
    })
    counters = {**COUNTERS, "fx": {"type": "vehicle", "vehicle": "fixed", "catalogue": cat},
                "mo": {"type": "vehicle", "vehicle": "mortar", "catalogue": cat}}
    fixed = scrounging(make_position, vehicle="fx", counters=counters)
    mortar = scrounging(make_position, vehicle="mo", counters=counters)
    assert vwreck.scroungeable(fixed.units["b-ht"]) == ["aamg"]
    assert vwreck.scroungeable(mortar.units["b-ht"]) == ["cmg", "ma", "sw0"]


def test_d10_5_more_weapons_than_twice_the_dr_are_picked_by_random_selection(tmp_path: Path,
                                                                            make_position: Any) -> None:
    """D10.5: three weapons and a dr of 1: up to two, named by Random Selection; all three unusable after."""
    cat = _catalogue(tmp_path, {"v": {"movement": "halftrack", "mp": 12, "armor": {"hull_front": 1,
                                                                                   "hull_side": 0},
                                      "mg": {"bmg": 3, "aamg": 2}, "sw": ["PSK"], "nationality": "german"}})
    counters = {**COUNTERS, "v": {"type": "vehicle", "vehicle": "v", "catalogue": cat},
                "PSK": {"type": "sw", "sw": "psk", "source": "demo values"}}
    pos = scrounging(make_position, vehicle="v", counters=counters)
    pos.push_text("activate a-sq,b-ht for scrounge")
    pos.push_text("answer dice 1")
    top = pos.decision
    assert top is not None and top.then == "vscrounge_pick"
    assert set(top.choices) == {"bmg-aamg", "bmg-sw0", "aamg-sw0"}
    pos.push_text("answer aamg-sw0")
    taken = sorted(u.id for u in pos.units.values() if u.type == "sw")
    assert taken == ["b-ht-aamg", "b-ht-sw0"] and pos.units["b-ht-sw0"].name == "PSK"
    assert {"bmg_malf", "aamg_malf", "scrounged"} <= pos.units["b-ht"].markers


def test_d10_5_an_unarmed_squad_becomes_an_armed_and_an_unarmed_hs(make_position: Any) -> None:
    """D10.5 with A20.552: an Unarmed squad that scrounges successfully is one armed and one Unarmed HS at
    once; the armed one a Green HS of its nationality (A20.551)."""
    counters = {**COUNTERS,
                "4-5-8": {"type": "squad", "fp": 4, "range": 5, "morale": 8, "broken_morale": 8,
                          "reduces_to": "2-3-8", "nationality": "russian"},
                "2-3-8": {"type": "hs", "fp": 2, "range": 3, "morale": 8, "broken_morale": 8,
                          "nationality": "russian"},
                "2-2-6": {"type": "hs", "fp": 2, "range": 2, "morale": 6, "broken_morale": 6,
                          "nationality": "russian", "class": "green"}}
    pos = scrounging(make_position, "unarmed", unit="4-5-8", counters=counters)
    pos.push_text("activate a-sq,b-ht for scrounge")
    pos.push_text("answer dice 2")
    half = pos.units["a-sq"]
    armed = pos.units["a-sq.1"]
    assert half.name == "2-3-8" and half.has("unarmed")
    assert armed.name == "2-2-6" and not armed.has("unarmed")
    assert armed.hex == half.hex and pos.label(armed.hex) == "C5"
    assert pos.units["b-ht-bmg"].carrier == "a-sq.1"  # the armed HS takes the LMG


# --- D1.9, D10.1: no wreck side ---


def _no_wreck_tank(tmp_path: Path) -> dict[str, Any]:
    demo = json.loads((Path(vwreck.__file__).parent / "catalogues" / "demo-vehicles.json").read_text())
    entry = {**demo["vehicles"]["demo-t-r"], "wreck": False}
    return {"type": "vehicle", "vehicle": "demo-t-r", "catalogue": _catalogue(tmp_path, {"demo-t-r": entry})}


@pytest.mark.parametrize(("tk_dice", "cs_dice"), [("1,2", "3,3"), ("1,1", "")])
def test_d1_9_a_destroyed_vehicle_without_a_wreck_side_is_taken_off_the_map(
        tmp_path: Path, make_position: Any, tk_dice: str, cs_dice: str) -> None:
    """D1.9, D10.1: the same shot that leaves test_crew's wreck (TH 6 hit, TK 5 destroyed; the crew's 6
    survives) leaves nothing of a counter with no wreck side once the crew's roll is made; a burn lights no
    fire: the vehicle is simply gone."""
    counters = {**COUNTERS, "t": _no_wreck_tank(tmp_path)}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    pos = _pos(make_position, "PFPh", units, counters=counters)
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,5")  # a hit
    pos.push_text(f"answer dice {tk_dice}")
    if cs_dice:
        assert pos.units["b-t"].has("wreck")  # until its crew's survival roll is answered (D5.6)
        pos.push_text(f"answer dice {cs_dice}")
        assert "b-t-crew" in pos.units
    assert "b-t" not in pos.units
    assert any(c.what == "remove" and c.unit == "b-t" for c in pos.changes)


def test_d1_9_a_wreck_side_is_the_catalogue_default(make_position: Any) -> None:
    pos = _pos(make_position, "PFPh", [{"id": "b-w", "counter": "t", "side": "b", "hex": "J5",
                                        "markers": ["vca3", "wreck"]},
                                       {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}])
    assert vwreck.no_wreck_side(pos.state) is pos.state
