"""PG overstacking's consequences (rules/games/pg/overstack.py; 4.1, 5.66) and the 12.1 exits within the
stacking limit."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import morale

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "spw": {"type": "vehicle", "ma": 7, "morale": 8, "armor": 0, "transport": 1, "df": 2, "df_range": 2,
            "steps": 1},
}


def _thrown_out(make_position: Any, pg: Any, extra: list[dict[str, Any]] | None = None) -> Any:
    """5.66 -> 4.1: i1 rides the SPW in C3 beside three INF (3 combat units: the limit); the SPW is
    disrupted, i1 is set down at once: four combat units, one over."""
    units = [_u("spw", "C3", "spw"), {**_u("i1", "C3"), "carrier": "spw"}, _u("i2", "C3"), _u("i3", "C3"),
             _u("i4", "C3"),
             *(extra or [_u("b2", "J8", "inf", "b")])]
    pos = pg(make_position, units, counters_extra=C)
    assert pos.units["i1"].carrier == "spw" and pos.decision is None  # within the limit so far
    shaken = pos.state.with_unit(pos.units["spw"].mark("disrupted"))
    pos._states[-1] = pos.game.settle(pos.at(shaken))
    return pos


def test_an_overstacked_hex_is_disrupted_and_the_opponent_moves_the_excess(make_position: Any,
                                                                           pg: Any) -> None:
    """4.1: every unit of the offending stack disrupted at once; the opponent moves excess units to adjacent
    hexes until the limit holds."""
    pos = _thrown_out(make_position, pg)
    assert all(pos.units[u].has("disrupted") for u in ("i1", "i2", "i3", "i4", "spw"))
    top = pos.decision
    assert top.kind == "units" and top.side == "b" and top.then == "overstack_pick" and top.rule == "4.1"
    assert set(top.units) == {"i1", "i2", "i3", "i4"}  # the combat units are the excess kind
    with pytest.raises(IllegalAction):
        pos.push_text("answer units spw")
    pos.push_text("answer units i2")
    place = pos.decision
    assert place.then == "overstack_place" and place.side == "b"
    assert all(pos.label(h) != "C3" for h in place.hexes) and len(place.hexes) == 6
    pos.push_text("answer hex C4")
    assert pos.label(pos.units["i2"].hex) == "C4"
    assert pos.decision is None or pos.decision.then not in ("overstack_pick", "overstack_kill")
    assert sum(1 for u in pos.units_at(pos.map.parse_label("C3")) if u.type == "personnel") == 3


def test_with_the_enemy_all_around_the_owner_eliminates_the_excess(make_position: Any, pg: Any) -> None:
    """4.1: no adjacent hex fit to take the excess (the enemy all around): its owner picks the unit lost."""
    probe = pg(make_position, [_u("x", "C3"), _u("b2", "J8", "inf", "b")])
    ring = [probe.label(n) for n in probe.map.neighbors(probe.map.parse_label("C3"))]
    enemies = [_u(f"b{n}", label, "inf", "b") for n, label in enumerate(ring)]
    pos = _thrown_out(make_position, pg, enemies)
    top = pos.decision
    assert top.then == "overstack_kill" and top.side == "a" and set(top.units) == {"i1", "i2", "i3", "i4"}
    pos.push_text("answer units i4")
    assert "i4" not in pos.units
    assert pos.decision is None or pos.decision.then not in ("overstack_pick", "overstack_kill")


def test_the_12_1_exits_keep_within_the_stacking_limit(make_position: Any, pg: Any) -> None:
    """12.1 with 4.1: a demoralized unit leaving an assault hex may not go where its side already has three
    combat units."""
    units = [_u("a1", "C5", "inf", "a", "demoralized"), _u("b1", "C5", "inf", "b"),
             _u("f1", "C6"), _u("f2", "C6"), _u("f3", "C6")]
    pos = pg(make_position, units)
    exits = {pos.label(h) for h in morale.assault_exits(pos.game, pos, pos.units["a1"])}
    assert "C6" not in exits and "C4" in exits and len(exits) == 5
