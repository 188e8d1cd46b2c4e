"""PG transport across segments (5.6, 5.61, 5.65, 5.67) and the digest's T11: a German SPW 251 carrying an
INF assaults with its own DF only; the next turn it unloads as a move action, after which neither it nor the
INF may assault that turn."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "spw": {"type": "vehicle", "ma": 7, "morale": 8, "armor": 0, "transport": 1, "df": 2, "df_range": 2,
            "steps": 1},
    "cpl": {"type": "leader", "ma": 4, "morale": 8, "combat": 0, "morale_mod": 1, "rank": "CPL"},
}


def _pos(make_position: Any, pg: Any) -> Any:
    units = [_u("spw", "C3", "spw"), _u("i1", "C3"), _u("al", "C3", "cpl"), _u("b1", "C5", "inf", "b"),
             _u("b2", "J8", "inf", "b")]
    return pg(make_position, units, counters_extra=C)


def test_a_passenger_boards_rides_along_and_may_not_fire(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    pos.push_text("load i1 into spw")
    assert pos.units["i1"].carrier == "spw" and pos.units["i1"].has("moved_fired")  # 5.61: its move action
    top = pos.decision  # 13.3: boarding by choice draws opportunity fire from b1 (C5), like entering a hex
    assert top.kind == "react" and top.side == "b" and top.rule == "13.3"
    assert set(top.subject) == {"spw", "i1"}
    pos.push_text("answer pass")
    assert pos.to_act == "a"
    assert pos.game.budget([pos.units["spw"]], pos) == 6  # 5.61: boarding cost the SPW (MA 7) 1 MP
    with pytest.raises(IllegalAction, match=r"i1 rides in spw: it acts once unloaded \(5\.67\)"):
        pos.push_text("fire i1 at C5")
    pos.push_text("move spw C3-C4")
    assert pos.label(pos.units["i1"].hex) == "C4"  # 5.6: it goes where the transport goes


def test_t11_a_loaded_spw_assaults_with_its_own_df_and_unloads_next_turn(make_position: Any, pg: Any) -> None:
    units = [_u("spw", "C4", "spw"), _u("i1", "C4"), _u("al", "C4", "cpl"), _u("b1", "C5", "inf", "b"),
             _u("b2", "J8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("load i1 into spw")
    pos.push_text("answer pass")  # 13.3: b1 next door lets the boarding go
    pos.push_text("activate al")
    pos.push_text("move spw,al C4-C5")  # into the enemy hex: an assault (12.11), the passenger aboard
    assert pos.decision.then == "assault"
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    text = pos.last_resolution.text()
    assert "spw 2" in text and "i1" not in text.split("defender")[0]  # 5.67: only the APC's DF counts
    while pos.decision is not None:  # whatever the checks ask
        pos.push_text("answer dice 1,1" if pos.decision.kind == "roll" else "answer pass")
    while pos.turn == 1:
        pos.push_text("pass" if pos.decision is None else "answer dice 3")
    while pos.decision is not None:
        pos.push_text("answer dice 6" if pos.decision.side == "a" else "answer dice 1")
    assert pos.turn == 2 and pos.to_act == "a"
    pos.push_text("unload spw")  # 5.67: the APC's move action
    assert pos.units["i1"].carrier is None and pos.label(pos.units["i1"].hex) == "C5"
    for uid in ("spw", "i1"):  # neither may act again, so neither assaults this turn
        assert pos.units[uid].has("moved_fired")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("move i1 C5-C6")


def test_no_loading_next_to_nor_in_an_enemy_hex_and_one_unit_a_transport(make_position: Any, pg: Any) -> None:
    units = [_u("spw", "C5", "spw"), _u("i1", "C5"), _u("b1", "C5", "inf", "b"), _u("i2", "C3"),
             _u("spw2", "C3", "spw"), _u("i3", "C3")]
    pos = pg(make_position, units, counters_extra=C)
    with pytest.raises(IllegalAction, match=r"5\.67"):
        pos.push_text("load i1 into spw")
    with pytest.raises(IllegalAction, match=r"5\.6"):
        pos.push_text("load i2,i3 into spw2")


def test_passengers_share_their_transports_fate(make_position: Any, pg: Any) -> None:
    # 5.65: eliminated with it; 5.66: disrupted or demoralized with it, and set down at once
    units = [_u("spw", "C3", "spw"), _u("i1", "C3"), _u("b1", "C5", "inf", "b"), _u("b2", "J8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("load i1 into spw")
    shaken = pos.state.with_unit(pos.units["spw"].mark("disrupted"))
    state = pos.game.settle(pos.at(shaken))
    assert state.units["i1"].has("disrupted") and state.units["i1"].carrier is None
    gone = pos.state.without_unit("spw")
    assert "i1" not in pos.game.settle(pos.at(gone)).units
