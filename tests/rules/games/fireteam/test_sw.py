"""Fire Team supplemental weapons: carried [5.15], fired with their holder [6.21], a leader's own SW shot
without his modifier [6.31], abandoned and picked up or destroyed [6.25], an AT SW on the G/M FT [6.5] and
its Ammo number [6.56]."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit

WEAPONS = {
    "lmg": {"type": "sw", "fp": 4, "range": 6},
    "law": {"type": "sw", "fp": 0, "range": 1, "gm": 8, "gm_bands": "1-4", "ammo": "9,10"},
}


def _game(ft: Any, units: list[dict[str, Any]], carry: dict[str, str], **kw: Any) -> Any:
    return ft(units, counters_extra=WEAPONS, options={"carry": carry}, **kw)


def test_ex_6_21_a_squad_fires_its_own_firepower_and_two_sws(ft: Any) -> None:
    units = [unit("s", "D4"), unit("w1", "D4", "lmg"), unit("w2", "D4", "lmg"), unit("w3", "D4", "lmg"),
             unit("x", "H4", "squad5", "b")]
    pos = _game(ft, units, {"w1": "s", "w2": "s", "w3": "s"})
    with pytest.raises(IllegalAction, match=r"6\.21"):
        pos.push_text("fire s,w1,w2,w3 at H4")  # own fire and three SWs: one too many
    pos.push_text("fire s,w1,w2 at H4 dice 10")
    text = pos.last_resolution.text()
    assert "w1 4 = 4" in text and "w2 4 = 4" in text and "column: 14 FP" in text  # 6 + 4 + 4
    assert pos.game.cp(pos.state).cp == 5 - 1.5  # the squad's one Fire activation (demo chart)


def test_ex_6_21_sws_alone_with_their_squads_activation_and_going_with_it(ft: Any) -> None:
    units = [unit("s", "D4"), unit("w1", "D4", "lmg"), unit("x", "L4", "squad5", "b")]
    pos = _game(ft, units, {"w1": "s"})
    pos.push_text("move s D4-E4-F4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["w1"].hex) == "F4" and pos.units["w1"].carrier == "s"  # [5.15] free to carry
    with pytest.raises(IllegalAction, match=r"fires with the unit carrying it"):
        pos.push_text("activate w1 for fire")


def test_ex_6_31_a_leader_firing_his_own_sw_gets_no_modifier_but_another_leader_helps(ft: Any) -> None:
    alone = _game(ft, [unit("l", "D4", "ldr"), unit("w", "D4", "lmg"), unit("x", "H4", "squad5", "b")],
                  {"w": "l"})
    alone.push_text("fire w at H4 dice 10")
    assert "leader" not in alone.last_resolution.text()
    assert alone.game.cp(alone.state).cp == 5 - 1  # a leader acting alone: 1 CP [4.42]
    two = _game(ft, [unit("l", "D4", "ldr"), unit("k", "D4", "ldr"), unit("w", "D4", "lmg"),
                     unit("x", "H4", "squad5", "b")], {"w": "l"})
    two.push_text("fire w,k at H4 dice 10")
    assert "leader k: -1 (6.31)" in two.last_resolution.text()


def test_ex_6_25_an_abandoned_sw_is_picked_up_by_a_friend_and_destroyed_by_an_enemy(ft: Any) -> None:
    units = [unit("s", "D4", "squad", "a", "reduced"), unit("w", "D4", "lmg"), unit("f", "C4"),
             unit("x", "E4", "squad", "b")]
    pos = _game(ft, units, {"w": "s"}, impulse="b")
    pos.push_text("fire x at D4 dice 1")  # adjacent, 12 FP: a 1 on the demo IFT costs the reduced squad
    assert "s" not in pos.units  # its last step
    assert pos.units["w"].carrier is None and pos.label(pos.units["w"].hex) == "D4"  # [6.25] abandoned
    picked = _game(ft, [unit("w", "D4", "lmg"), unit("f", "C4"), unit("x", "L8", "squad", "b")], {})
    picked.push_text("move f C4-D4")
    assert picked.units["w"].carrier == "f"
    lost = _game(ft, [unit("w", "D4", "lmg", "b"), unit("f", "C4"), unit("x", "L8", "squad", "b")], {})
    lost.push_text("move f C4-D4")
    assert "w" not in lost.units


def test_ex_6_56_an_at_sw_fires_on_the_gm_ft_and_goes_on_its_ammo_number(ft: Any) -> None:
    units = [unit("s", "D4"), unit("w", "D4", "law"), unit("t", "F4", "t80", "b")]
    pos = _game(ft, units, {"w": "s"})
    pos.push_text("fire w at F4 dice 10")
    res = pos.last_resolution
    assert res.chart == "gm" and "firepower: w HT 8" in res.text()
    assert "w" not in pos.units  # rolled its Ammo number 10: the SW is removed [6.56]


def test_ex_5_15_a_moving_squad_drops_its_sws_and_a_friend_picks_them_up(ft: Any) -> None:
    units = [unit("s", "D4"), unit("w", "D4", "lmg"), unit("f", "C4"), unit("x", "L8", "squad5", "b")]
    pos = _game(ft, units, {"w": "s"})
    with pytest.raises(IllegalAction, match=r"drops SWs while it moves \(5\.15\)"):
        pos.push_text("unload s")
    pos.push_text("activate s for move")
    pos.push_text("unload s")
    assert pos.units["w"].carrier is None and pos.label(pos.units["w"].hex) == "D4"
    pos.push_text("move s D4-E4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["w"].hex) == "D4"  # left behind
    pos.push_text("move f C4-D4")
    assert pos.units["w"].carrier == "f"  # [6.25] picked up in passing


def test_ex_2_36_an_at_sw_without_ap_firepower_fires_only_at_vehicles(ft: Any) -> None:
    atgm = {"atgm": {"type": "sw", "gm": 12, "gm_bands": "2-20", "missile": 1}}
    pos = ft([unit("s", "D4"), unit("w", "D4", "atgm"), unit("x", "H4", "squad5", "b")],
             counters_extra={**WEAPONS, **atgm}, options={"carry": {"w": "s"}})
    with pytest.raises(IllegalAction, match=r"no AP firepower: it fires only at vehicles \(2\.36\)"):
        pos.push_text("fire w at H4")
    assert pos.game.check_counter(pos.units["w"].counter) is None
