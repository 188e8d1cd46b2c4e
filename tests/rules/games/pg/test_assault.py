"""PG assault (12.0-12.4, 7.63) in its simplest form: led good-order units enter a hex held only by the
enemy, both sides roll, both results are applied together, the first step to the best morale state."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u


def _assault(make_position: Any, pg: Any) -> Any:
    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), _u("b1", "C4", "inf", "b"),
             _u("b2", "C4", "inf4", "b", "disrupted"), _u("b3", "E7", "inf", "b")]
    return pg(make_position, units)


def test_only_led_good_order_units_enter_an_enemy_hex(make_position: Any, pg: Any) -> None:
    pos = _assault(make_position, pg)
    c4 = pos.map.parse_label("C4")
    assert c4 in pos.legal_actions.moves_for({"a1", "al"}) and c4 not in pos.legal_actions.moves_for({"a1"})
    with pytest.raises(IllegalAction, match=r"12\.11"):
        pos.push_text("move a1 C3-C4")


def test_both_sides_roll_and_the_results_fall_together(make_position: Any, pg: Any) -> None:
    pos = _assault(make_position, pg)
    pos.push_text("move a1,al C3-C4")
    top = pos.decision
    assert top.kind == "roll" and top.side == "a" and top.then == "assault" and top.rule == "12.4"
    assert pos.state.moving is None  # 13.2: no opportunity fire at units entering an assault hex
    pos.push_text("answer dice 4,4")
    assert pos.decision.side == "b" and set(pos.decision.subject) == {"b1", "b2"}
    # nothing applied before both have rolled; both sides in an assault hex are SPOTTED (8.2)
    assert pos.units["b1"].markers == frozenset({"spotted"})
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None and res.chart == "assault"
    text = res.text()
    # attacker: a1 5 + leader 1 = 6 on column 6 -> 8 with the leader's +1 (demo chart), roll 8 -> 3 steps
    assert "a1 5 + 1 (al) = 6" in text and "leader present: +1 (12.42, 6.43)" in text
    assert "6 -> column 8, roll 8 -> 3" in text
    # defender: b1 5 + b2 4 halved (disrupted, rounded up) = 2 -> 7 on column 6, roll 6 -> 1 step
    assert "b2 4 halved (disrupted) = 2" in text and "7 -> column 6, roll 6 -> 1" in text
    # 7.63: the first step goes to the unit in the best morale state (b1, in good order); a1 is alone
    assert pos.units["b1"].has("reduced") and not pos.units["b2"].has("reduced")
    assert pos.units["a1"].has("reduced")
    pending = [(d.kind, d.side, d.then) for d in reversed(pos.state.decisions)]
    # the attackers' M2 checks (leader first, 14.1) and then the leader's casualty roll (6.7: his hex lost a
    # step), then the defender's next step to allot
    assert pending == [("roll", "a", "mc"), ("roll", "a", "mc"), ("roll", "a", "casualty"),
                       ("units", "b", "loss")]
    assert pos.units["al"].has("moved_fired") and not pos.units["b1"].has("moved_fired")  # 12.4
    assert str(pos.replay()) == str(pos)


def test_units_in_an_assault_hex_may_not_fire_out(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C4"), _u("b1", "C4", "inf", "b"), _u("b2", "C6", "inf", "b")]
    pos = pg(make_position, units)
    with pytest.raises(IllegalAction, match=r"12\.52"):
        pos.push_text("fire a1 at C6")
    with pytest.raises(IllegalAction, match=r"5\.32"):
        pos.push_text("move a1 C4-C3-C2")


def test_the_last_unit_out_of_an_assault_hex_takes_the_free_shot(make_position: Any, pg: Any) -> None:
    # 12.12: a1 leaves C4 where b1 stays: b1 (not active, no marker needed) rolls once on the Assault table
    # against it, negative shifts ignored; the result falls on the leaver
    units = [_u("a1", "C4"), _u("b1", "C4", "inf", "b"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units)
    pos.push_text("move a1 C4-C3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")  # no opportunity fire
    top = pos.decision
    assert top.then == "free_shot" and top.side == "b" and top.subject == ("a1",) and top.rule == "12.12"
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and res.chart == "assault" and "negative shifts: ignored (12.12)" in res.text()
    assert set(res.results) == {"a1"}


def test_an_hmg_assaulting_without_infantry_fights_at_half(make_position: Any, pg: Any) -> None:
    # 12.44: the HMG (DF 7) with its leader moves in alone: 4 (rounded up) + the leader's 1
    units = [_u("al", "C3", "ldr"), _u("h", "C3", "hmg7"), _u("b1", "C4", "inf", "b")]
    pos = pg(make_position, units)
    pos.push_text("move al,h C3-C4")
    pos.push_text("answer dice 3,3")
    pos.push_text("answer dice 3,3")
    assert "h 7 halved (heavy weapon assaulting without infantry, 12.44) = 4 + 1 (al) = 5" in (
        pos.last_resolution.text())


def test_an_unarmed_transport_adds_no_minimum_strength_to_an_assault(make_position: Any, pg: Any) -> None:
    """12.42: combat units without a DF (a towed gun) fight an assault with 1; an unarmed transport is no
    combat unit (1.2) and adds nothing."""
    from hexmate.rules.games.pg import assault as pg_assault

    extra = {"truck": {"type": "vehicle", "ma": 8, "morale": 7, "transport": 1, "steps": 1},
             "gun": {"type": "gun", "at": 6, "at_range": 6, "ma": 0, "morale": 7, "steps": 2}}
    pos = pg(make_position, [_u("t", "C3", "truck"), _u("g", "C3", "gun"), _u("b1", "C3", "inf", "b")],
             counters_extra=extra)
    lines: list[Any] = []
    units = [pos.units["t"], pos.units["g"]]
    assert pg_assault._strength(pos, units, [pos.units["b1"]], False, lines, "a") == 1
