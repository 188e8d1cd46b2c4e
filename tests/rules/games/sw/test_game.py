"""Schlieffen's War movement, morale after moving and the sequence of play (game.py): the rulebook's and the
digest's worked examples that fit the subset, as acceptance tests. Combat is in test_combat.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.hexes import distance

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
    kw.setdefault("options", {"supply": "markers"})  # supply as the markers say (test_supply.py traces it)
    return make_position("sw", units, phase, counters=COUNTERS, default="clear", **kw)


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
    # digest test 27: an MA-4 corps that spends 2 MP drops a level, one that does not move rises one [10.2]
    units = [_u("g", "D3", "corps3"), _u("h", "F3", "corps3"), _u("i", "H3", "corps3", "a", "fatigue"),
             _u("j", "J3", "corps3"), _u("x", "K8", "corps4", "b")]
    pos = _pos(make_position, units, first_side="b")
    pos.push_text("end")  # T1 b's move -> b's combat
    pos.push_text("end")  # -> b's admin
    pos.push_text("end")  # -> a's reorganisation, which turn 1 does not have [5.1] -> a's move
    assert (pos.turn, pos.phase.id, pos.phasing) == (1, "move", "a")
    pos.push_text("move g D3-D4-D5")  # 2 MP of MA 4 = half, rounded up: one level down [10.2]
    pos.push_text("move j J3-J4")  # 1 MP: no change
    pos.push_text("end")
    assert pos.units["g"].has("fatigue")
    assert pos.units["h"].has("elan")  # did not move: up one level [10.2]
    assert not pos.units["i"].has("fatigue") and not pos.units["i"].has("elan")  # fatigue -> normal [9.6]
    assert not pos.units["j"].markers


def test_german_turn_1_exemption(make_position: Any) -> None:
    # digest test 28: a German elan corps spending 4 MP on turn 1 stays elan [10.2, 3.1]; a French one
    # on turn 1, or a German one on turn 2, drops a level
    units = [_u("g", "D3", "corps4", "a", "elan"), _u("f", "F3", "corps3", "a", "elan"),
             _u("x", "K8", "corps4", "b")]
    pos = _pos(make_position, units)
    pos.push_text("move g D3-D4-D5-D6-D7")
    pos.push_text("move f F3-F4-F5-F6-F7")
    assert pos.units["g"].has("elan") and not pos.units["f"].has("elan")
    seen = []
    while (pos.turn, pos.phase.id, pos.phasing) != (2, "move", "a"):
        pos.push_text("end")
        seen.append((pos.phase.id, pos.phasing))
    # b has no reorganisation phase on turn 1 [5.1]; a has one on turn 2; the end of turn runs by itself
    assert seen == [("combat", "a"), ("admin", "a"), ("move", "b"), ("combat", "b"), ("admin", "b"),
                    ("reorg", "a"), ("move", "a")]
    pos.push_text("move g D7-D6-D5")
    assert not pos.units["g"].has("elan")


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
    # [7.1] states the EZOC limits for corps; digest A-11's default applies them to HQs too
    zoc = {n for h in enemy_corps for n in m.neighbors(h)}
    start = unit.hex
    # [10.6] +2 MP by forced march: not fatigued, in supply, not starting in an EZOC, in command (6.7: a
    # same-nation HQ within its CF in hexes)
    hqs = [u for u in pos.units.values() if u.side == unit.side and u.type == "hq"
           and u.values["nation"] == unit.values["nation"] and distance(u.hex, start) <= int(u.values["cf"])]
    forced = not unit.has("fatigue") and not unit.has("oos") and start not in zoc and bool(hqs)
    budget = int(unit.values["ma"]) + (2 if forced else 0)
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
            if c <= budget:
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


def test_the_sequence_follows_5_1_and_has_no_reaction_windows(make_position: Any) -> None:
    seq = get_game("sw").sequence
    # 5.1: each player turn is reorganisation, movement, combat, administration; the German first; then the
    # End-of-Turn Phase (5.6)
    assert [(s.part.side, s.phase.id) for s in seq.steps] == [
        *(("first", p) for p in ("reorg", "move", "combat", "admin")),
        *(("second", p) for p in ("reorg", "move", "combat", "admin")),
        ("none", "end"),
    ]
    assert all(s.phase.acts == "phasing" for s in seq.steps if s.part.side != "none")
    # no rule lets the other side act during a move: a move into an enemy zone is one action, no window
    assert not any(s.phase.reactions for s in seq.steps)
    pos = _pos(make_position, [_u("g", "D3"), _u("f", "D6", "corps3", "b")])
    pos.push_text("move g D3-D4-D5")
    assert pos.decision is None and pos.state.moving is None and pos.label(pos.units["g"].hex) == "D5"
    assert pos.game.done_action(pos) == act.EndPhase()
