"""Leaders alone in a hex an enemy combat unit moves into (6.71): each rolls 2d6, 9 or more eliminated,
less set down in an adjacent hex free of the enemy (eliminated when there is none). The numbers are the
text's (the digest's T36: a roll of 9 eliminates, less displaces)."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u


def _enter(make_position: Any, pg: Any, *extra: dict[str, Any]) -> Any:
    units = [_u("a1", "C3"), _u("bl", "C4", "ldr", "b"), _u("b9", "K8", "inf", "b"), *extra]
    pos = pg(make_position, units)
    pos.push_text("move a1 C3-C4-C5")
    return pos


def test_t36_a_lone_leader_rolling_9_is_eliminated(make_position: Any, pg: Any) -> None:
    """T36 (6.71): roll 9 -> eliminated."""
    pos = _enter(make_position, pg)
    top = pos.decision
    assert (top.kind, top.side, top.then, top.rule, top.subject) == ("roll", "b", "lone_leader", "6.71",
                                                                     ("bl",))
    pos.push_text("answer dice 4,5")
    assert "bl" not in pos.units and "9: eliminated" in pos.last_resolution.text()


def test_t36_below_9_he_moves_to_an_adjacent_hex_free_of_the_enemy(make_position: Any, pg: Any) -> None:
    """T36 (6.71): roll 8 -> displaced; his owner picks among the adjacent hexes without enemy units."""
    pos = _enter(make_position, pg, _u("x", "D3"))
    while pos.decision is not None and pos.decision.then != "lone_leader":
        pos.push_text("answer pass")
    pos.push_text("answer dice 4,4")
    top = pos.decision
    assert top.then == "lone_leader_hex" and top.side == "b"
    labels = {pos.label(h) for h in top.hexes}
    assert labels == {"B3", "B4", "C3", "C5", "D4"}  # not D3 (x is there), not C4; C3 a1 has left
    pos.push_text("answer hex D4")
    assert pos.label(pos.units["bl"].hex) == "D4"


def test_6_71_with_the_enemy_all_around_he_is_eliminated(make_position: Any, pg: Any) -> None:
    around = [_u(f"x{i}", h) for i, h in enumerate(("B3", "B4", "C5", "D3", "D4"))]
    pos = _enter(make_position, pg, *around, _u("x9", "C3"))
    while pos.decision is not None and pos.decision.then != "lone_leader":
        pos.push_text("answer pass")
    pos.push_text("answer dice 1,1")
    assert "bl" not in pos.units and "every adjacent hex holds the enemy" in pos.last_resolution.text()


def test_5_31_empty_unarmed_transports_alone_are_eliminated_by_a_combat_unit_entering(make_position: Any,
                                                                                      pg: Any) -> None:
    """5.31: a combat unit may move through a hex of enemy trucks alone, and eliminates them; leaders
    there then roll as 6.71 says."""
    truck = {"truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1}}
    units = [_u("a1", "C3"), _u("tk", "C4", "truck", "b"), _u("bl", "C4", "ldr", "b"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=truck)
    pos.push_text("move a1 C3-C4-C5")
    assert "tk" not in pos.units and pos.decision.then == "lone_leader"
