"""The A11 comprehensive Close Combat example (p. A33), its cases without vehicles, on an analogue of the open
test board (the example's hexes are named in each docstring; the board's own art is not needed: what counts
is the terrain of the CC Location and who is beside it). Dice and odds are the text's; the Kill Numbers are
the demo pack's cells the examples fix (1:2 -> 4, 1:1 -> 5, 3:2 -> 6)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import cc
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["3-3-8"] = {"type": "hs", "nationality": "german", "class": "elite", "fp": 3, "range": 3,
                     "morale": 8, "broken_morale": 8}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def _advance_into(make_position: Any, units: list[dict[str, Any]], mover: str, hexes: dict[str, str]) -> Any:
    """The German APh: ``mover`` advances from E4 into E5, where the Russians are; then the CCPh."""
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES, hexes=hexes)
    pos.push_text(f"advance {mover} E4-E5")
    pos.push_text("end")
    assert pos.phase.id == "CCPh"
    return pos


def _lines(pos: Any) -> set[tuple[str, str, str]]:
    return {(line.label, line.value, line.rule) for line in pos.state.resolution.lines}


def test_a11_comprehensive_g2_g3_capture_of_a_lax_conscript_squad(make_position: Any) -> None:
    """A11 comprehensive example, G2->G3: a German 4-6-7 advances into a building with a Russian 4-2-6. Ambush
    drs: German 3 (drm 0), Russian 2 +1 (Inexperienced, so Lax) = 3: none. The Germans try to capture at 1:1
    (4:4) with -1 (against Inexperienced, A19.35); Original 6 -> 5 = Kill Number: the 4-2-6 deploys and one
    2-2-6 is captured. The Russians' 1:1, Original 9: no effect. The survivors are in Melee."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "b-1", "counter": "4-2-6", "side": "b", "hex": "E5"}]
    pos = _advance_into(make_position, units, "a-1", {"E5": "stone-building"})
    assert pos.decision is not None and pos.decision.then == "cc_ambush" and pos.decision.side == "a"
    pos.push_text("answer dice 3")
    pos.push_text("answer dice 2")
    assert ("ambush", "none", "A11.4") in _lines(pos)
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "a" and top.choices == ("capture",)
    pos.push_text("answer capture")
    pos.push_text("answer dice 3,3")
    lines = _lines(pos)
    assert ("capture attempt on b-1", "-1", "A19.35") in lines
    assert ("Final DR against b-1", "5: CAP1", "A11.11") in lines
    assert any(value == "4:4, rounded down to 1:1" for _, value, _ in lines)
    pos.push_text("answer dice 4,5")  # the Russian 1:1: 9, no effect
    units_now = pos.units
    assert units_now["b-1"].name == "2-2-6" and not units_now["b-1"].has("prisoner")
    assert units_now["b-1.2"].name == "2-2-6" and units_now["b-1.2"].has("prisoner")
    assert units_now["b-1.2"].carrier == "a-1"
    assert units_now["a-1"].has("melee") and units_now["b-1"].has("melee")  # A11.15


def test_a11_comprehensive_g2_g3_a_russian_original_4_eliminates_the_german(make_position: Any) -> None:
    """The same case's aside: a Russian Original 4 at 1:1 (Kill Number 5) would have eliminated the 4-6-7."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "b-1", "counter": "4-2-6", "side": "b", "hex": "E5"}]
    pos = _advance_into(make_position, units, "a-1", {"E5": "stone-building"})
    pos.push_text("answer dice 3")
    pos.push_text("answer dice 2")
    pos.push_text("answer dice 5,6")  # the German attack, not a capture: 11, no effect
    pos.push_text("answer dice 2,2")
    assert "a-1" not in pos.units


def test_a11_comprehensive_j2_a_concealed_half_squad_ambushes_a_broken_one(make_position: Any) -> None:
    """A11 comprehensive example, J2: a concealed German 3-3-8 advances into the building where a broken
    Russian 2-2-7 routed. Ambush drms: Russian +1 (broken), German -2 (concealed); both roll 5: 6 against 3,
    the Germans ambush. Their attack is 3:2 (3 FP against 2) with -3 (ambush -1, broken -2); Original 11 -> 8:
    no effect. Having failed to eliminate, the 3-3-8 loses its "?" but may still withdraw (A11.41); staying,
    it is in Melee with the 2-2-7."""
    units = [{"id": "a-1", "counter": "3-3-8", "side": "a", "hex": "E4", "concealed": True},
             {"id": "b-1", "counter": "2-2-7r", "side": "b", "hex": "E5", "markers": ["broken"]}]
    pos = _advance_into(make_position, units, "a-1", {"E5": "wooden-building"})
    pos.push_text("answer dice 5")
    pos.push_text("answer dice 5")
    lines = _lines(pos)
    assert ("ambush dr (a)", "3", "A11.4") in lines and ("ambush dr (b)", "6", "A11.4") in lines
    assert ("ambush", "a", "A11.4") in lines
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_ambush_withdraw", "a")
    pos.push_text("answer stay")
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "a"
    pos.push_text("answer dice 5,6")
    lines = _lines(pos)
    assert any(value == "3:2, rounded down to 3:2" for _, value, _ in lines)
    assert ("ambush", "-1", "A11.4") in lines and ("b-1 is broken", "-2", "A11.16") in lines
    assert ("Final DR against b-1", "8: -", "A11.11") in lines
    assert not pos.units["a-1"].concealed  # it did not eliminate its target (A11.4, A11.19)
    top = pos.decision  # the broken 2-2-7 makes no attack; the ambusher may still withdraw (A11.41)
    assert top is not None and (top.then, top.side, top.arg("after")) == ("cc_ambush_withdraw", "a", "1")
    pos.push_text("answer stay")
    assert pos.units["a-1"].has("melee") and pos.units["b-1"].has("melee")


def test_a11_comprehensive_g6_g5_the_ambusher_withdraws_into_a_hidden_enemy(make_position: Any) -> None:
    """A11 comprehensive example, G6->G5: a concealed German 2-4-7 advances onto a concealed Russian 4-4-7.
    Both drms -2; drs 2 and 5 -> 0 and 3: the 2-4-7 ambushes and the 4-4-7 loses its "?". Attacking would be
    1:2 (2:4) with -1; instead it withdraws before any attack (A11.41) into the hex next door, where enemy
    units are hidden: it is eliminated and one of them is revealed (A11.21). (In the text a HIP gun and crew
    are there; here a concealed crew stands for them.)"""
    units = [{"id": "a-1", "counter": "2-4-7", "side": "a", "hex": "E4", "concealed": True},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "E5", "concealed": True},
             {"id": "b-crew", "counter": "2-2-8", "side": "b", "hex": "E6", "concealed": True}]
    pos = _advance_into(make_position, units, "a-1", {"E5": "woods"})  # it keeps its "?" (A12.14)
    pos.push_text("answer dice 2")
    pos.push_text("answer dice 5")
    assert ("ambush", "a", "A11.4") in _lines(pos)
    assert not pos.units["b-1"].concealed and pos.units["a-1"].concealed
    e5 = pos.units["b-1"].hex
    attack, defence, _ = cc.strengths(pos, e5, "a", ([pos.units["a-1"]], [pos.units["b-1"]]))
    assert (attack, defence) == (2, 4)  # the 1:2 it could have made
    pos.push_text("answer withdraw")
    top = pos.decision  # no attack on it: the Russians have nothing to attack; it is placed (A11.21)
    assert top is not None and (top.then, top.side) == ("cc_withdraw_to", "a")
    e6 = pos.units["b-crew"].hex
    assert e6 in top.hexes
    pos.push_text(f"answer hex {pos.label(e6)}")
    assert "a-1" not in pos.units and not pos.units["b-crew"].concealed
    assert not pos.units["b-1"].has("melee")


def _russian_odds(pos: Any, *names: str) -> str:
    from hexmate.rules import actions as act
    from hexmate.rules.games.asl import ccgroups

    top = pos.decision
    own, theirs = ccgroups.group_of(pos, top, act.Answer(units=names))
    attack, defence, _ = cc.strengths(pos, top.target, "b", (own, theirs))
    return cc.odds_column(pos.charts.chart("cct").axis("odds").keys, cc.odds(attack, defence))


def test_a11_comprehensive_k4_a_leader_withdraws_from_the_melee_covered_by_his_squad(
    make_position: Any,
) -> None:
    """A11 comprehensive example, K4 (the Melee's second turn): the 4-6-7 attacks the 4-4-7 at 1:1; the 8-1
    alone declares a withdrawal. The Russians (4-4-7 and 5-2-7) may attack both at 3:2 (9:5), 0 against the
    squad and -1 against the leader (-2 withdrawing, +1 for the squad staying), or the squad at 1:1 and the
    leader at 4:1 (5:1). German Original 12: no effect, and the 4-4-7 may infiltrate before attacking: it
    leaves. The 5-2-7 alone attacks both at 1:1 (5:5): Original 6: the leader's 5 is the Kill Number: wounded;
    severity dr 5: eliminated; no LLMC (A11.141). The 4-6-7 and the 5-2-7 stay in Melee."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "E4", "markers": ["melee"]},
             {"id": "a-81", "counter": "8-1", "side": "a", "hex": "E4", "markers": ["melee"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "E4", "markers": ["melee"]},
             {"id": "b-2", "counter": "5-2-7", "side": "b", "hex": "E4", "markers": ["melee"]}]
    pos = make_position("asl", units, "CCPh", counters=COUNTERS, sides=SIDES)
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_withdraw", "a")
    pos.push_text("answer units a-81")  # the leader alone withdraws (A11.2)
    pos.push_text("answer stay")  # the Russians stay
    assert pos.state.game.cc_withdraw == ("a-81",)
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "a") and "a-81" not in top.units
    pos.push_text("answer units a-sq,b-1")  # 4:4 = 1:1
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "b")
    assert _russian_odds(pos, "b-1", "b-2", "a-sq", "a-81") == "3:2"  # 9:5
    assert _russian_odds(pos, "b-1", "a-sq") == "1:1" and _russian_odds(pos, "b-2", "a-81") == "4:1"  # 5:1
    pos.push_text("answer together")
    pos.push_text("answer dice 6,6")  # the German attack: 12, no effect
    top = pos.decision
    assert top is not None and (top.then, top.side, top.subject) == ("cc_infiltrate", "b", ("b-1",))
    pos.push_text("answer infiltrate")
    pos.push_text("answer dice 3,3")  # the 5-2-7 alone: 5:5 = 1:1, Kill Number 5
    lines = _lines(pos)
    assert any(value == "5:5, rounded down to 1:1" for _, value, _ in lines)
    assert ("a-81 withdrawing", "-1", "A11.2") in lines
    assert pos.state.resolution.results == {"a-sq": "-", "a-81": "CR"}
    top = pos.decision
    assert top is not None and top.then == "wound" and top.subject == ("a-81",)
    pos.push_text("answer dice 5")  # the severity dr: eliminated (A17.11)
    assert "a-81" not in pos.units
    assert not any(d.rule == "A10.2" for d in pos.state.decisions)  # no LLMC in CC (A11.141)
    top = pos.decision  # the 4-4-7 is placed next door (A11.22, A11.21)
    assert top is not None and (top.then, top.side) == ("cc_withdraw_to", "b")
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    assert pos.units["a-sq"].has("melee") and pos.units["b-2"].has("melee")
    assert not pos.units["b-1"].has("melee")
