"""Schlieffen's War: the digest's worked examples (section 8) that fit the subset, as acceptance tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.games.sw.game import column_index

COUNTERS = {
    "corps4": {"type": "corps", "cf": 4, "ma": 4, "reduced_cf": 2, "nation": "GER"},
    "corps9": {"type": "corps", "cf": 9, "ma": 4, "reduced_cf": 4, "nation": "GER"},
    "corps3": {"type": "corps", "cf": 3, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
    "corps1": {"type": "corps", "cf": 1, "ma": 4, "nation": "FRA"},
    "hq": {"type": "hq", "cf": 2, "ma": 4, "nation": "GER"},
}


def _u(uid: str, hex_: str, counter: str = "corps4", side: str = "a", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str = "move", **kw: Any) -> Any:
    return make_position("sw", units, phase, counters=COUNTERS, default="clear", **kw)


@pytest.mark.parametrize("attack,defense,index", [(27, 7, 3), (17, 2, 8), (3, 7, -1), (4, 7, 0), (7, 7, 1)])
def test_odds_columns(attack: int, defense: int, index: int) -> None:
    # [11.8] 27:7 drops fractions to 3:1; [11.9] above 7:1 and below 1:2 are automatic
    assert column_index(attack, defense) == index


def test_forest_across_a_river_costs_3_and_a_city_waives_the_river(make_position: Any) -> None:
    hexes = {"D4": "forest", "D6": "city"}
    sides = [
        {"hex": "D3", "side": "S", "features": ["river"]},
        {"hex": "D5", "side": "S", "features": ["river"]},
    ]
    pos = _pos(make_position, [_u("g", "D3"), _u("h", "D5")], hexes=hexes, hexsides=sides)
    assert pos.legal_actions.moves_for({"g"})[pos.map.parse_label("D4")].cost == 3  # [10.5] example
    assert (
        pos.legal_actions.moves_for({"h"})[pos.map.parse_label("D6")].cost == 1
    )  # [10.5] city: no river cost


def test_ezoc_stops_and_no_ezoc_to_ezoc(make_position: Any) -> None:
    units = [_u("g", "D3"), _u("f", "D6", "corps3", "b")]
    pos = _pos(make_position, units)
    moves = {pos.map.label(h) for h in pos.legal_actions.moves_for({"g"})}
    assert "D5" in moves and "D7" not in moves  # [7.1] stops on entering the EZOC (D5), cannot go on past
    pos2 = _pos(make_position, [_u("g", "D5"), _u("f", "D6", "corps3", "b")])
    moves2 = {pos2.map.label(h): m for h, m in pos2.legal_actions.moves_for({"g"}).items()}
    assert "D4" in moves2
    # [7.1] never straight from one EZOC hex to another: C6 (next to D6) only by first leaving to C5
    assert [pos2.map.label(h) for h in moves2["C6"].path] == ["D5", "C5", "C6"]
    with pytest.raises(IllegalAction):
        pos2.push_text("move g D5-C6")


def test_morale_after_moving(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D3"), _u("h", "F3"), _u("x", "K3", "corps4", "b")], first_side="b")
    pos.push_text("end")  # T1 b's move -> b's combat
    for _ in range(3):
        pos.push_text("end")  # -> a's move phase, turn 1
    assert pos.phase.id == "move" and pos.phasing == "a"
    pos.push_text("move g D3-D4-D5")  # 2 MP of MA 4 = half: one level down [10.2]
    pos.push_text("end")
    assert pos.units["g"].has("fatigue")
    assert pos.units["h"].has("elan")  # did not move: up one level [10.2]


def test_german_turn_1_exemption(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D3", "corps4", "a", "elan"), _u("x", "K3", "corps4", "b")])
    pos.push_text("move g D3-D4-D5-D6-D7")
    assert pos.units["g"].has("elan")  # [10.2] the first side moves freely on turn 1


def _attack_position(
    make_position: Any, att: list[dict[str, Any]], dfn: list[dict[str, Any]], **kw: Any
) -> Any:
    return _pos(make_position, att + dfn, "combat", **kw)


def test_shifts_city_heavy_fortress_river_elan(make_position: Any) -> None:
    # digest test 20: raw 3:1; city + heavy fortress + all attackers across a river; all elan -> 1:1
    hexes = {"D4": {"terrain": "city", "features": ["heavy-fortress"]}}
    sides = [{"hex": "D3", "side": "S", "features": ["river"]}]
    pos = _attack_position(
        make_position,
        [_u("g", "D3", "corps9", "a", "elan")],
        [_u("f", "D4", "corps3", "b")],
        hexes=hexes,
        hexsides=sides,
    )
    res = pos.resolve(act.Attack(("g",), pos.map.parse_label("D4"), (3,)))
    text = res.text()
    assert "9:3 -> 3:1" in text and "CRT: 1:1 column" in text


def test_river_shift_needs_every_attacker_across(make_position: Any) -> None:
    sides = [{"hex": "D3", "side": "S", "features": ["river"]}]
    att = [_u("g", "D3", "corps4"), _u("h", "C4", "corps4", "a"), _u("i", "C4", "corps1", "a")]
    pos = _attack_position(make_position, att, [_u("f", "D4", "corps3", "b")], hexsides=sides)
    res = pos.resolve(act.Attack(("g", "h", "i"), pos.map.parse_label("D4"), (3,)))
    assert "river" not in res.text() and "CRT: 3:1 column, die 3 -> 1/2" in res.text()  # [11.17] oracle cell


def test_automatic_results_need_no_roll(make_position: Any) -> None:
    pos = _attack_position(
        make_position, [_u("g", "D3", "corps9"), _u("h", "D3", "corps9")], [_u("f", "D4", "corps1", "b")]
    )
    res = pos.resolve(act.Attack(("g", "h"), pos.map.parse_label("D4"), (1,)))
    assert res.results == {"attacker": "0", "defender": "3"} and "automatic 0/3" in res.text()
    pos2 = _attack_position(make_position, [_u("g", "D3", "corps1")], [_u("f", "D4", "corps3", "b")])
    res2 = pos2.resolve(act.Attack(("g",), pos2.map.parse_label("D4"), (6,)))
    assert res2.results == {"attacker": "2", "defender": "0"}


def test_failed_attack_costs_morale_and_a_fatigued_corps_a_step(make_position: Any) -> None:
    # digest test 42: the defender holds; a fatigued attacker loses a step, a normal one becomes fatigued
    att = [_u("g", "D3", "corps4", "a", "fatigue"), _u("h", "C4", "corps4")]
    pos = _attack_position(make_position, att, [_u("f", "D4", "corps9", "b")])
    pos.push_text("attack g,h at D4 die 1")
    res_first = pos.log[-1]
    assert isinstance(res_first, act.Attack)
    assert pos.units["h"].has("fatigue") and pos.units["h"].has("attacked")
    # 8:9 is 1:2, one left for the fatigued attacker: below 1:2, automatic 2/0 [11.9]; one step each
    # [11.20], then the already fatigued corps loses its second step instead of a morale level
    assert "g" not in pos.units and pos.units["h"].has("reduced")
    with pytest.raises(IllegalAction, match=r"already attacked"):
        pos.push_text("attack h at D4 die 1")


def test_spreading_rule_on_defender_losses(make_position: Any) -> None:
    dfn = [_u("f1", "D4", "corps3", "b"), _u("f2", "D4", "corps3", "b")]
    pos = _attack_position(make_position, [_u("g", "D3", "corps9"), _u("h", "D3", "corps9")], dfn)
    pos.push_text("attack g,h at D4 die 6")  # 18:6 = 3:1, die 6 -> 0/2 in the demo pack
    assert pos.units["f1"].has("reduced") and pos.units["f2"].has("reduced")  # [11.20] one step each first


def test_attack_eligibility(make_position: Any) -> None:
    units = [_u("g", "D3"), _u("q", "D3", "hq"), _u("far", "H3")]
    pos = _attack_position(make_position, units, [_u("f", "D4", "corps3", "b")])
    with pytest.raises(IllegalAction, match=r"HQ attacks only together"):
        pos.push_text("attack q at D4 die 3")
    with pytest.raises(IllegalAction, match=r"not adjacent"):
        pos.push_text("attack far at D4 die 3")


# --- perft: every legal destination against an independent brute force --------------------------------

# Costs straight from the terrain table's JSON (rules-geo's data), read here without its code.
_TABLE = json.loads((Path(get_game("sw").data_dir) / "terrain.json").read_text())
SW_MP = {name: int(e["move"]["value"]) for name, e in _TABLE["terrain"].items() if "move" in e}
RIVER_MP = int(_TABLE["hexside"]["river"]["move"]["value"])


def _brute(pos: Any, uid: str) -> dict[Any, int]:
    """All simple paths by depth-first search with the SW movement rules written out again ([10.x], [7.1])."""
    m = pos.map
    unit = pos.units[uid]
    enemy_corps = [u.hex for u in pos.units.values() if u.side != unit.side and u.type == "corps"]
    enemy_hexes = {u.hex for u in pos.units.values() if u.side != unit.side}
    # [7.1] states the EZOC limits for corps only (digest A-11): an HQ ignores them here
    zoc = {n for h in enemy_corps for n in m.neighbors(h)} if unit.type == "corps" else set()
    start = unit.hex
    best: dict[Any, int] = {}

    def step(a: Any, b: Any) -> int:
        river = "river" in m.hexside(a, b) and "city" not in (m.terrain(a), m.terrain(b))
        return SW_MP[m.terrain(b)] + (RIVER_MP if river else 0)

    def walk(h: Any, spent: int, seen: set[Any]) -> None:
        if h != start and h in zoc:
            return  # entering an EZOC hex ends the move
        for n in m.neighbors(h):
            if n in seen or n in enemy_hexes:
                continue
            if h == start and start in zoc and n in zoc:
                continue
            c = spent + step(h, n)
            if c <= int(unit.values["ma"]):
                best[n] = min(best.get(n, 99), c)
                walk(n, c, seen | {n})

    walk(start, 0, {start})
    return best


def test_perft_against_brute_force(make_position: Any) -> None:
    hexes = {"D4": "forest", "E4": "rough", "C5": "city", "F3": "marsh", "E6": "forest"}
    sides = [
        {"hex": "D5", "side": "N", "features": ["river"]},
        {"hex": "C5", "side": "S", "features": ["river"]},
        {"hex": "E5", "side": "NE", "features": ["river"]},
    ]
    units = [
        _u("g1", "D5"),
        _u("g2", "E7", "corps4"),
        _u("q", "E7", "hq"),
        _u("f", "G5", "corps3", "b"),
        _u("f2", "B3", "corps1", "b"),
    ]
    pos = _pos(make_position, units, hexes=hexes, hexsides=sides)
    total = 0
    for uid in ("g1", "g2", "q"):
        engine = {h: mv.cost for h, mv in pos.legal_actions.moves_for({uid}).items()}
        assert engine == _brute(pos, uid), uid
        total += len(engine)
    total += len(pos.legal_actions.moves_for({"g2", "q"}))
    moves = [a for a in pos.legal_actions if isinstance(a, act.Move)]
    assert len(moves) == total and pos.legal_actions.count() == total + 1
