"""Towing (vtow.py): the T# (D1.5), the towing MP (C10.1, demo pack values), no reverse (D2.2), +1 bog DRM
(D8.21), hooking up and unhooking, free from a bogged, immobilized or abandoned vehicle (D8.32, D5.41)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vtow
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl.vehicles import CatalogueError, parse_vehicle

from .test_armour import COUNTERS


def halftrack(make_position: Any, *markers: str, hexes: dict[str, Any] | None = None) -> Position:
    units = [{"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=hexes)
    return pos


def cost_of(pos: Position, text: str) -> Fraction:
    move = pos.game.check(pos, pos.parse_action(text))
    assert move.cost is not None
    return Fraction(move.cost)


def test_d1_5_the_t_number_is_a_catalogue_value() -> None:
    vt = parse_vehicle("test", "ht", {"movement": "halftrack", "mp": 13, "tow": 2})
    assert vt.tow == 2
    with pytest.raises(CatalogueError, match=r"'tow'.*D1\.5"):
        parse_vehicle("test", "ht", {"movement": "halftrack", "mp": 13, "tow": "big"})


def test_the_towing_costs_are_a_labelled_chart_pack_value() -> None:
    pack = od.load_pack()
    assert pack.towing == {"entry_mp": 1, "hook_mp": 2, "unhook_mp": 2}
    assert "demo values" in pack.label


def test_c10_1_towing_adds_mp_to_each_hex_and_d2_2_forbids_reverse(make_position: Any) -> None:
    free = halftrack(make_position)
    towing = halftrack(make_position, "towing")
    assert cost_of(free, "move a-ht C5-D5-E5") == 3  # start 1, open 1 + 1
    assert cost_of(towing, "move a-ht C5-D5-E5") == 5  # and 1 more a hex (C10.1, demo value)
    assert cost_of(free, "move a-ht C5-B5 as reverse") == 5  # start 1, reverse 1 x 4
    with pytest.raises(IllegalAction, match=r"D2\.2"):
        cost_of(towing, "move a-ht C5-B5 as reverse")
    reach_free = {towing.label(h) for h in free.legal_actions.moves_for({"a-ht"})}
    reach_tow = {towing.label(h) for h in towing.legal_actions.moves_for({"a-ht"})}
    assert "B5" in reach_free and len(reach_tow) < len(reach_free)


def test_d8_21_towing_adds_one_to_the_bog_dr(make_position: Any) -> None:
    drms = []
    for markers in ((), ("towing",)):
        pos = halftrack(make_position, *markers, hexes={"D5": {"terrain": "woods"}})
        pos.push_text("move a-ht C5-D5")
        while pos.decision is not None and pos.decision.kind == "react":
            pos.push_text("answer pass")
        assert pos.decision is not None and pos.decision.then == "vbog"
        drms.append(int(pos.decision.arg("drm")))
    assert drms == [4, 5]  # normal ground pressure +1, woods +3; towing +1 (D8.21)


def test_hooking_up_costs_mp_before_moving(make_position: Any) -> None:
    pos = halftrack(make_position)
    assert [a.text(pos.label) for a in pos.legal_actions if getattr(a, "mode", "") in vtow.MODES] == [
        "move a-ht C5 cost 2 as hook"]
    pos.push_text("move a-ht C5 as hook")
    ht = pos.units["a-ht"]
    assert vtow.towing(ht) and armour.spent_of(ht) == 2
    assert any(ph.what == "place" and ph.rule == "D1.5" for ph in pos.changes)
    with pytest.raises(IllegalAction, match=r"D2\.1"):
        cost_of(pos, "move a-ht C5-D5-E5-F5-G5-H5-I5")  # 1 + 6 x 2 = 13, and 2 spent: more than 13 MP
    assert cost_of(pos, "move a-ht C5-D5-E5-F5-G5-H5") == 11  # 11 and 2 spent: 13


def test_a_vehicle_without_a_t_number_tows_nothing(make_position: Any) -> None:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match=r"D1\.5"):
        pos.push_text("move a-pz C5 as hook")


@pytest.mark.parametrize("stuck", ["bogged", "immobilized"])
def test_d8_32_unhooking_from_a_stuck_vehicle_is_free(make_position: Any, stuck: str) -> None:
    pos = halftrack(make_position, "towing", stuck)
    assert cost_of(pos, "move a-ht C5 as unhook") == 0
    pos.push_text("move a-ht C5 as unhook")
    assert not vtow.towing(pos.units["a-ht"]) and armour.spent_of(pos.units["a-ht"]) == 0
    assert any(ph.what == "take" and ph.rule == "D8.32" for ph in pos.changes)
    assert cost_of(halftrack(make_position, "towing"), "move a-ht C5 as unhook") == 2  # mobile: C10.1 demo


def test_d5_41_d8_32_the_crew_unhooks_as_it_abandons(make_position: Any) -> None:
    pos = halftrack(make_position, "towing")
    pos.push_text("move a-ht C5 as abandon")
    assert cost_of(pos, "move a-ht C5 as unhook") == 0  # abandoned: free (D8.32)
    pos.push_text("move a-ht C5 as unhook")
    assert not vtow.towing(pos.units["a-ht"]) and "a-ht-crew" in pos.units
