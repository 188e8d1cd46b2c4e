"""ASL Close Combat by Location (A2.8, A11.1): a CC is fought in a Location, a hex and a level, so units on
different levels of one building hex are not in the same Close Combat."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import cc

BUILDING = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}


def _u(uid: str, counter: str, side: str, level: int = 0) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": "E5", "level": level}


def test_enemies_on_different_levels_of_a_building_hex_fight_no_close_combat(make_position: Any) -> None:
    """A2.8: the ground level and level 1 of E5 are two Locations; with one side in each there is no CC."""
    pos = make_position("asl", [_u("a-1", "4-6-7", "a"), _u("b-1", "4-4-7", "b", level=1)], "CCPh",
                        hexes={"E5": BUILDING})
    assert cc.locations(pos) == []
    assert pos.decision is None or pos.decision.then != "cc"
    assert not pos.units["a-1"].has("melee") and not pos.units["b-1"].has("melee")


def test_each_level_of_a_building_hex_fights_its_own_close_combat(make_position: Any) -> None:
    """A2.8, A11.1: a German 4-6-7 against a Russian 4-4-7 on the ground level and a German 4-6-7 against a
    Russian 4-4-7 on level 1 of E5 are two Close Combats of 4:4 (1:1) each, not one of 8:8."""
    units = [_u("a-1", "4-6-7", "a"), _u("b-1", "4-4-7", "b"),
             _u("a-2", "4-6-7", "a", level=1), _u("b-2", "4-4-7", "b", level=1)]
    pos = make_position("asl", units, "CCPh", hexes={"E5": BUILDING})
    e5 = pos.units["a-1"].hex
    assert cc.locations(pos) == [e5] and cc.fights(pos) == {e5: [0, 1]}
    fought: list[set[str]] = []
    for _ in range(4):  # two attacks at each level, the ground level first
        top = pos.decision
        assert top is not None and top.then == "cc"
        pos.push_text("answer dice 4,5")  # 4:4 = 1:1, KN 5 (A11.11): 9 is no effect
        res = pos.state.resolution
        assert res is not None and any("4:4, rounded down to 1:1" in line.value for line in res.lines)
        fought.append({*res.action.firers, *res.results})
    assert fought == [{"a-1", "b-1"}, {"a-1", "b-1"}, {"a-2", "b-2"}, {"a-2", "b-2"}]
    assert all(pos.units[u].has("melee") for u in ("a-1", "b-1", "a-2", "b-2"))  # A11.15, per Location
