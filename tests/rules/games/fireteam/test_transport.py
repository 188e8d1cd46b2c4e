"""Fire Team transport, the digest's examples 7.C.2-3 [5.44], [5.45] and the rules around them: capacity and
platoon [5.41], [5.42], riders as one unit with their carrier [5.43], opportunity fire at an unloading
[5.46], [7.14]."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import draw, unit


def settle(pos: Any) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


@pytest.mark.parametrize("squad_moved,left", [(True, 3), (False, 6)])
def test_ex_5_44_loading_a_squad_that_moved_halves_the_carriers_mp(ft: Any, squad_moved: bool,
                                                                     left: int) -> None:
    # [5.44] example: the squad (MA 5) walks 2 MP to a road hex; the M2 (MA 10) drives 2 MP there and pays
    # 2 to load: 6 left, halved to 3 because the squad had moved (6 if it had not)
    units = [unit("s", "D2" if squad_moved else "D4"), unit("v", "D6", "m2"), unit("x", "J8", "squad", "b")]
    pos = ft(units)
    pos.push_text("activate s for move")
    if squad_moved:
        pos.push_text("move s D2-D3-D4")
        settle(pos)
    pos.push_text("move v D6-D5-D4")
    settle(pos)
    assert pos.game.mp_left(pos, [pos.units["v"]]) == 8
    pos.push_text("load s into v")
    assert pos.units["s"].carrier == "v"
    assert pos.game.mp_left(pos, [pos.units["v"]]) == left
    assert pos.game.cp(pos.state).cp == 5 - Fraction(3, 2) - 1  # 1.5 + 1 = 2.5 CP [5.44]


def test_ex_5_45_unloading_a_squad_and_leader_half_ma_with_the_bonus(ft: Any) -> None:
    # [5.45] example: an M2 carrying a squad and a leader moves 3 MP, pays 2 to unload, drives on with 5; the
    # squad moves ceil((5 + 2) / 2) = 4 MP for no CP of its own
    units = [unit("s", "D4"), unit("l", "D4", "ldr"), unit("v", "D4", "m2"), unit("x", "J8", "squad", "b")]
    pos = ft(units)
    pos.push_text("activate l,s for move")
    pos.push_text("activate v for move")
    pos.push_text("load l,s into v")
    assert pos.units["s"].carrier == "v" and pos.units["l"].carrier == "v"
    moves = pos.legal_actions.moves_for({"s"})
    assert not moves  # riders act with their vehicle [5.43]
    pos.push_text("move v D4-D5-D6")
    settle(pos)
    assert pos.label(pos.units["s"].hex) == "D6"  # they ride along
    spent_before = pos.game.cp(pos.state).spent["v"]
    pos.push_text("unload v")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.rule == "7.14"  # fire at the unloading [5.46]
    pos.push_text("answer pass")
    command = pos.game.cp(pos.state)
    assert command.spent["v"] == spent_before + 2
    assert pos.units["s"].carrier is None and pos.label(pos.units["s"].hex) == "D6"
    assert pos.game.mp_left(pos, [pos.units["s"], pos.units["l"]]) == 4
    cp_before = command.cp
    pos.push_text("move l,s D6-D7")  # no CP: the carrier's activation activated them [5.45]
    assert pos.game.cp(pos.state).cp == cp_before


def test_ex_5_41_capacity_and_platoon(ft: Any) -> None:
    units = [unit("s1", "D4"), unit("s2", "D4"), unit("d", "D4", "dragon"), unit("v", "D4", "m2"),
             unit("x", "J8", "squad", "b")]
    pos = ft(units, cp={"a": {"chits": [5, 5]}, "b": {"chits": [5]}})
    pos.push_text("activate v for move")
    pos.push_text("activate s1,s2 for move")
    with pytest.raises(IllegalAction, match=r"5\.41"):
        pos.push_text("load s1,s2 into v")  # one squad at most
    with pytest.raises(IllegalAction, match=r"5\.44"):
        pos.push_text("load d into v")  # not activated


def test_ex_5_43_riders_die_with_their_carrier_and_are_no_target(ft: Any) -> None:
    units = [unit("s", "D4"), unit("v", "D4", "m2"), unit("t", "D8", "t80", "b"),
             unit("x", "J8", "squad", "b")]
    pos = ft(units)
    pos.push_text("activate s for move")
    pos.push_text("activate v for move")
    pos.push_text("load s into v")
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("fire t at D4 dice 1")  # the T-80's gun at the M2
    assert "v" not in pos.units and "s" not in pos.units


def test_ex_5_16_a_heavy_team_moves_only_in_its_carrier(ft: Any) -> None:
    """[5.16], [5.41] A heavy team (the Soviet 120 mm mortar) is activated to move only to board its carrier
    (an MT-LB) in its hex, rides alone, and goes where the carrier goes."""
    extra = {"mortar": {"type": "team", "fp": 10, "range": 20, "ma": 0, "steps": 1, "heavy": 1, "platoon": 3},
             "mtlb": {"type": "vehicle", "fp": 4, "range": 8, "ma": 9, "af": 2, "ao": 1, "platoon": 3,
                      "transport": 1}}
    alone = ft([unit("h", "D4", "mortar"), unit("x", "J8", "squad", "b")], counters_extra=extra)
    with pytest.raises(IllegalAction, match=r"moves only in its own carrier \(5\.16\)"):
        alone.push_text("activate h for move")
    pos = ft([unit("h", "D4", "mortar"), unit("v", "D4", "mtlb"), unit("x", "J8", "squad", "b")],
             counters_extra=extra)
    pos.push_text("activate h for move")
    pos.push_text("activate v for move")
    pos.push_text("load h into v")
    assert pos.units["h"].carrier == "v"
    pos.push_text("move v D4-D5")
    settle(pos)
    assert pos.label(pos.units["h"].hex) == "D5"
