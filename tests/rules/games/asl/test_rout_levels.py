"""Rout by Location through a building's levels (A2.8, A.8 ADJACENT, A10.5, A10.51): T-10.51, the A10.51
example, on an analogue of board 3 (M2, N1, N2 one stone building with levels 1 and 2, its stairs in M2;
M3 Open Ground), with the level asked on the page after the placement."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import get_game
from hexmate.rules.games.asl import rout
from hexmate.rules.games.asl.locations import Location
from hexmate.rules.scenario import Scenario

from ..conftest import ASL_COUNTERS, scenario_dict, small_map

UPPER = ["building-level-1", "building-level-2"]
BUILDING = {"M2": {"terrain": "stone-building", "features": [*UPPER, "stairway"]},
            "N1": {"terrain": "stone-building", "features": UPPER},
            "N2": {"terrain": "stone-building", "features": UPPER}}


def _pos(broken_level: int = 0, markers: tuple[str, ...] = ("broken", "dm")) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "M3"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "M2", "level": broken_level,
              "markers": list(markers)}]
    scen = Scenario.from_dict(scenario_dict("asl", units, ASL_COUNTERS, "RtPh"), source="test-scenario")
    return get_game("asl").new_position(scen, hex_map=small_map("asl", BUILDING, columns=16, rows=6))


def test_t10_51_upper_levels_are_not_adjacent_to_the_next_hex() -> None:
    """T-10.51 (A.8, A4.7): M2's and N2's levels 1 and 2 are not ADJACENT to the squad in M3 (no advance goes
    across and up at once); M2's ground level and N2's are, and the levels of M2 are ADJACENT to each other
    by its stairs; N1 has no stairs."""
    pos = _pos()
    m = pos.map
    m2, m3, n1, n2 = (m.parse_label(x) for x in ("M2", "M3", "N1", "N2"))
    enemy = Location(m3)
    assert rout.adjacent(m, Location(m2), enemy) and rout.adjacent(m, Location(n2), enemy)
    assert not any(rout.adjacent(m, Location(h, lv), enemy) for h in (m2, n2) for lv in (1, 2))
    assert rout.adjacent(m, Location(m2, 0), Location(m2, 1))
    assert not rout.adjacent(m, Location(m2), Location(m2, 2))  # two levels apart
    assert not rout.adjacent(m, Location(n1, 0), Location(n1, 1))  # no stairs in N1
    assert rout.adjacent(m, Location(m2, 2), Location(n1, 2))  # along level 2 of the building


def test_t10_51_the_broken_unit_routs_up_the_stairs_or_along_the_upper_levels() -> None:
    """T-10.51 (A10.51 example): the broken unit on M2's ground level beside the Good Order squad in M3 must
    rout; it may climb to M2 level 1 and stop there, or go on to N1 level 1, or by M2 level 2 to N1 level 2
    (none of them ADJACENT to M3)."""
    pos = _pos()
    m = pos.map
    m2, n1, n2 = (m.parse_label(x) for x in ("M2", "N1", "N2"))
    unit = pos.units["b-1"]
    assert rout.must_rout(pos, unit)
    ends = set(rout.locations(pos, unit))
    assert {Location(m2, 1), Location(n1, 1), Location(n1, 2), Location(m2, 2)} <= ends
    assert Location(m2, 0) not in ends and Location(n2, 0) not in ends  # ADJACENT to M3
    top = pos.decision
    assert top is not None and top.then == "rout" and {m2, n1} <= set(top.hexes)
    pos.push_text("answer hex M2")  # the counter put back on M2: which level?
    top = pos.decision
    assert top is not None and top.then == "rout_level" and top.choices == ("h1", "h2")
    pos.push_text("answer h1")
    assert pos.units["b-1"].hex == m2 and pos.units["b-1"].level == 1


def test_t10_51_along_level_2_to_n1() -> None:
    """T-10.51: by M2 level 2 on to N1 level 2 (2 levels by the stairs, 1 MF each, then 2 MF into N1)."""
    pos = _pos()
    n1 = pos.map.parse_label("N1")
    assert rout.locations(pos, pos.units["b-1"])[Location(n1, 2)] == 4
    pos.push_text("answer hex N1")
    assert pos.decision is not None and pos.decision.choices == ("h0", "h1", "h2")
    pos.push_text("answer h2")
    assert pos.units["b-1"].hex == n1 and pos.units["b-1"].level == 2


def test_a10_5_a_broken_unit_upstairs_need_not_rout_from_the_squad_next_door() -> None:
    """A10.5 by Location (the A10.51 example): at M2 level 1 the broken unit is not ADJACENT to the squad in
    M3, so it need not rout; with DM it may (A10.5)."""
    pos = _pos(broken_level=1, markers=("broken",))
    assert not rout.must_rout(pos, pos.units["b-1"])
    assert pos.decision is None or pos.decision.subject != ("b-1",)


def test_a_broken_unit_upstairs_routs_down_the_stairs() -> None:
    """A10.5 by Location: at M2 level 2, ADJACENT along level 2 to the squad at N1 level 2 (A.8), the broken
    unit must rout; down the stairs costs 1 MF a level (the A10.5 example's stairs), so M2's ground level is
    2 MF away and M3 beyond it 3 MF; it ends at ground level there."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "N1", "level": 2},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "M2", "level": 2, "markers": ["broken"]}]
    scen = Scenario.from_dict(scenario_dict("asl", units, ASL_COUNTERS, "RtPh"), source="test-scenario")
    pos = get_game("asl").new_position(scen, hex_map=small_map("asl", BUILDING, columns=16, rows=6))
    m2, m3 = pos.map.parse_label("M2"), pos.map.parse_label("M3")
    unit = pos.units["b-1"]
    assert rout.must_rout(pos, unit)
    ends = rout.locations(pos, unit)
    assert ends[Location(m2, 0)] == 2 and ends[Location(m3, 0)] == 3 and Location(m2, 2) not in ends
    pos.push_text("answer hex M3")
    assert pos.units["b-1"].hex == m3 and pos.units["b-1"].level == 0


def test_a4_431_a_broken_router_leaves_what_it_cannot_carry() -> None:
    """A4.42: a broken unit carries no more than its own IPC (3 PP for a squad), leader or not; A4.431: the SW
    it cannot carry as it routs stays in its Location, unpossessed. A squad with an MMG (3 PP) and an LMG
    (1 PP) names one to leave; with the LMG left it routs with the MMG alone (3 PP)."""
    from hexmate.rules.games.asl import units as au

    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "M3"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "M2", "markers": ["broken"]},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "M2", "carrier": "b-1"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "M2", "carrier": "b-1"}]
    scen = Scenario.from_dict(scenario_dict("asl", units, counters, "RtPh"), source="test-scenario")
    pos = get_game("asl").new_position(scen, hex_map=small_map("asl", BUILDING, columns=16, rows=6))
    m2, n1 = pos.map.parse_label("M2"), pos.map.parse_label("N1")
    top = pos.decision
    assert top is not None and top.then == "rout_leave" and top.rule == "A4.431"
    assert set(top.units) == {"b-mmg", "b-lmg"} and "1 PP over its IPC" in top.prompt
    pos.push_text("answer units b-lmg")
    assert pos.units["b-lmg"].carrier is None and pos.decision is not None and pos.decision.then == "rout"
    pos.push_text("answer hex N1")
    pos.push_text("answer h0")
    assert pos.units["b-1"].hex == n1 and pos.units["b-mmg"].hex == n1
    assert pos.units["b-lmg"].hex == m2 and pos.units["b-lmg"].carrier is None
