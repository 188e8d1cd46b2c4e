"""Bog Removal in play (vunbog.py; D8.3, D8.31, D8.4): at the start of its MPh a bogged vehicle rolls; a final
colored dr of 1-4 frees it for colored x white MP spent as its start MP, 5 Mires it, 6+ immobilizes it; the
attempt's MP may be fired at, without Case J. Numbers: T-CBT-17 (the D8.3 table; colored 2, white 5: freed
for 10 MP). Counters: test_armour's demo tanks (the Panzer's 14 MP); b-t in C2 sees C5."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour

from .test_armour import COUNTERS, pass_reactions


def bogged(make_position: Any, *markers: str, enemy: bool = True) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *markers]}]
    if enemy:
        units.append({"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]})
    else:
        units.append({"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"})
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def test_t_cbt_17_freed_for_colored_times_white_mp_as_its_start(make_position: Any) -> None:
    """T-CBT-17, D8.3: colored 2, white 5: final 2, freed; 10 MP spent as its start MP; it may go on."""
    pos = bogged(make_position, "bogged", enemy=False)
    assert "move a-pz C5 as unbog" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("move a-pz C5 as unbog")
    top = pos.decision
    assert top is not None and top.then == "vunbog" and top.rule == "D8.3"
    pos.push_text("answer dice 5,2")  # white 5, colored 2
    tank = pos.units["a-pz"]
    assert not tank.has("bogged") and armour.spent_of(tank) == 10 and pos.label(tank.hex) == "C5"
    move = pos.game.check(pos, pos.parse_action("move a-pz C5-D5"))
    assert move.cost == 1  # no second start MP: one open hex (D8.3)
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    with pytest.raises(IllegalAction):
        pos.push_text("move a-pz D5 as unbog")  # once, at the start of its MPh


def test_d8_3_colored_5_mires_and_6_immobilizes(make_position: Any) -> None:
    for dice, marker in (("1,5", "mired"), ("1,6", "immobilized")):
        pos = bogged(make_position, "bogged", enemy=False)
        pos.push_text("move a-pz C5 as unbog")
        pos.push_text(f"answer dice {dice}")
        tank = pos.units["a-pz"]
        assert tank.has(marker) and not tank.has("bogged") and "a-pz" in pos.state.moved
        assert armour.spent_of(tank) == 0


def test_d8_31_mired_adds_one_to_the_colored_dr(make_position: Any) -> None:
    pos = bogged(make_position, "mired", enemy=False)
    pos.push_text("move a-pz C5 as unbog")
    top = pos.decision
    assert top is not None and top.arg("drm") == "1"
    pos.push_text("answer dice 2,4")  # colored 4 + 1 = 5: Mired still
    assert pos.units["a-pz"].has("mired")
    pos = bogged(make_position, "mired", enemy=False)
    pos.push_text("move a-pz C5 as unbog")
    pos.push_text("answer dice 2,3")  # colored 3 + 1 = 4: freed, 2 x 3 = 6 MP
    tank = pos.units["a-pz"]
    assert not tank.has("mired") and armour.spent_of(tank) == 6


def test_d8_3_only_a_vehicle_immobile_through_bog_that_did_not_prep_fire(make_position: Any) -> None:
    for markers in (("bogged", "prep_fire"), ("bogged", "immobilized"), ()):
        pos = bogged(make_position, *markers, enemy=False)
        with pytest.raises(IllegalAction, match=r"D8\.3"):
            pos.push_text("move a-pz C5 as unbog")


def test_d8_4_the_attempt_draws_fire_without_case_j(make_position: Any) -> None:
    pos = bogged(make_position, "bogged")
    pos.push_text("move a-pz C5 as unbog")
    pos.push_text("answer dice 5,2")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and top.rule == "D3.3"
    pos.push_text("fire b-t at C5")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and not any(str(line.label).startswith("Case J") for line in res.lines)


def test_d8_3_the_freed_tank_draws_no_second_start_window(make_position: Any) -> None:
    """D8.3: the removal's MP were its start MP: the move after it opens no start window (D2.12), only the
    window at the hex entered."""
    pos = bogged(make_position, "bogged")
    pos.push_text("move a-pz C5 as unbog")
    pos.push_text("answer dice 2,1")  # white 2, colored 1: freed for 2 MP
    pass_reactions(pos)  # the removal's own window (D8.4)
    pos.push_text("move a-pz C5-D5")
    top = pos.decision
    assert top is not None and top.kind == "react" and pos.label(top.target) == "D5"
