"""Delay MP (D2.17, D3.3; vdelay.py): a stopped vehicle spends one MP in place, the defender may fire at it
after that MP (a stopped target: no Case J), and it may then go on: another delay MP, Bounding First Fire or
its move, with that MP gone from its allowance. Counters: test_armour's demo tanks (the Panzer's 14 MP)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour

from .test_bounding_fire import mph


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_d2_17_a_delay_mp_draws_defensive_first_fire_and_leaves_the_vehicle_free(make_position: Any) -> None:
    pos = mph(make_position)
    # D3.12: the same delay MP may turn its turret to any other hexspine (test_armour_tca.py)
    turret = [f"move a-pz C5-C5 cost 1 as delay:tca{k}" for k in range(1, 6)]
    assert [t for t in texts(pos) if "delay" in t] == ["move a-pz C5-C5 cost 1 as delay", *turret]
    pos.push_text("move a-pz C5-C5 as delay")
    window = pos.decision
    assert window is not None and window.kind == "react" and window.side == "b"  # D3.3: after each MP
    assert "fire b-t at C5" in texts(pos)
    pos.push_text("fire b-t at C5")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and not any(str(line.label).startswith("Case J") for line in res.lines)
    while pos.decision is not None:
        pos.push_text("answer pass")
    tank = pos.units["a-pz"]
    assert armour.spent_of(tank) == Fraction(1) and not tank.has("motion")
    assert pos.label(tank.hex) == "C5" and "a-pz" not in pos.state.moved
    pos.push_text("move a-pz C5-C5 as delay")  # and another, one at a time (D3.3)
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert armour.spent_of(pos.units["a-pz"]) == Fraction(2)
    moves = pos.legal_actions.moves_for(frozenset({"a-pz"}))
    assert moves and all(m.cost is not None and m.cost <= 14 - 2 for m in moves.values())


def test_d2_17_only_while_stopped_and_in_place(make_position: Any) -> None:
    pos = mph(make_position, "motion")
    assert not [t for t in texts(pos) if "delay" in t]
    with pytest.raises(IllegalAction, match=r"in Motion.*D2\.17"):
        pos.push_text("move a-pz C5-C5 as delay")
    pos = mph(make_position)
    with pytest.raises(IllegalAction, match=r"D2\.17"):
        pos.push_text("move a-pz C5-C4 as delay")


def test_d3_3_bounding_first_fire_after_delay_mp(make_position: Any) -> None:
    pos = mph(make_position)
    pos.push_text("move a-pz C5-C5 as delay")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert "fire a-pz at C2" in texts(pos)
