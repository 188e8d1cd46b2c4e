"""ASL fire (A7) and its results (A7.301-A7.305, A10): worked examples from the digests as data-driven cases,
then the decisions a fire opens: the IFT DR, the casualties to name and the morale checks to roll."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction, InvalidAction, RulesError
from hexmate.rules.text import T

CASES = json.loads((Path(__file__).parent / "fire_cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["name"][:60] for c in CASES])
def test_fire_case(case: dict[str, Any], make_position: Any) -> None:
    pos = make_position("asl", case["units"], case["phase"], hexes=case.get("hexes"))
    for text in case.get("setup_actions", []):
        pos.push_text(text)
    fire = pos.parse_action(case["fire"])
    if "error" in case:
        with pytest.raises(RulesError) as info:
            pos.push(fire)
        assert case["error"] in str(info.value)
        assert fire not in pos.legal_actions
        return
    assert isinstance(fire, act.Fire)
    assert fire.declared() in pos.legal_actions
    resolution = pos.resolve(fire)
    assert dict(resolution.results) == case["results"]
    text = resolution.text()
    assert "[demo values]" in text and resolution.demo
    for line in case.get("lines", []):
        assert line in text, f"{line!r} not in:\n{text}"
    for line in case.get("lines_absent", []):
        assert line not in text
    pos.push(fire)
    for fragment in case.get("after", []):
        assert fragment in str(pos) + " "


def _basic(make_position: Any, extra: list[dict[str, Any]] | None = None, target_units: int = 2) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"}]
    units += [
        {"id": f"b-{i}", "counter": "4-4-7", "side": "b", "hex": "C3"} for i in range(1, target_units + 1)
    ]
    return make_position("asl", units + (extra or []), "PFPh")


def _checks(pos: Any) -> list[str]:
    """The units whose checks are open, in the order they will be rolled (top of the stack first)."""
    return [d.subject[0] for d in reversed(pos.state.decisions) if d.kind == "roll"]


def test_a_declared_fire_opens_the_firers_roll(make_position: Any) -> None:
    pos = _basic(make_position)
    pos.push_text("fire a-1 at C3")
    top = pos.decision
    assert top.kind == "roll" and top.side == "a" and top.dice == "DR" and top.subject == ("a-1",)
    assert pos.units["a-1"].has("prep_fire") and pos.last_resolution is None
    assert pos.legal_actions.count() == 36  # every DR the two dice can show
    with pytest.raises(IllegalAction, match="first answer the open decision"):
        pos.push_text("end")
    pos.push_text("answer dice 1,4")  # 4 FP, final 5 -> 1MC (A12.13 oracle cell)
    assert pos.last_resolution is not None and pos.last_resolution.results["b-1"] == "1MC"
    assert _checks(pos) == ["b-1", "b-2"] and pos.to_act == "b"


def test_mc_fail_breaks_and_exact_pass_pins(make_position: Any) -> None:
    pos = _basic(make_position)
    pos.push_text("fire a-1 at C3 dice 1,4")  # 4 FP, final 5 -> 1MC (A12.13 oracle cell)
    assert pos.to_act == "b" and _checks(pos) == ["b-1", "b-2"]
    assert pos.decision.subject == ("b-1",) and "b-1 takes a 1MC" in pos.decision_text()
    pos.push_text("answer dice 4,3")  # b-1: 7 + 1 = 8 > 7: broken (A10.3)
    pos.push_text("answer dice 3,3")  # b-2: 6 + 1 = 7: passes exactly, pinned (A7.8)
    assert pos.units["b-1"].has("broken") and pos.units["b-2"].has("pinned")
    assert not pos.state.decisions and pos.to_act == "a"
    assert [c.what for c in pos.changes] == ["place"]  # a pin marker on b-2
    pos.pop()
    # b-1 shows its broken side, with a DM marker: newly broken (A10.62)
    assert [(c.what, c.unit) for c in pos.changes] == [("flip", "b-1"), ("place", "b-1")]


def test_casualty_mc_on_an_original_12(make_position: Any) -> None:
    pos = _basic(make_position, target_units=1)
    pos.push_text("fire a-1 at C3 dice 1,4")
    pos.push_text("answer dice 6,6")  # A10.31: Casualty MC, reduced to its HS and broken
    assert pos.units["b-1"].name == "2-2-7" and pos.units["b-1"].has("broken")
    assert {(c.what, c.unit) for c in pos.changes} == {("replace", "b-1"), ("flip", "b-1"), ("place", "b-1")}
    assert pos.units["b-1"].has("dm")  # A10.62


def test_k_result_reduces_the_chosen_unit_then_everyone_checks(make_position: Any) -> None:
    leader = [{"id": "a-91", "counter": "9-1", "side": "a", "hex": "C1"}]
    pos = _basic(make_position, leader)
    pos.push_text("fire a-1,a-91 at C3 dice 1,2")  # 3 - 1 = 2 on the 4 column: K/2 (A25.23 oracle cell)
    with pytest.raises(IllegalAction, match="Random Selection"):
        pos.push_text("answer dice 1,1")
    assert {a.text() for a in pos.legal_actions} == {"answer units b-1", "answer units b-2"}
    pos.push_text("answer units b-2")  # A7.302: the squad becomes its HS; then every target takes a 2MC
    assert pos.units["b-2"].name == "2-2-7"
    assert _checks(pos) == ["b-1", "b-2"] and pos.decision.arg("drm") == "2"
    pos.push_text("answer dice 2,2")
    pos.push_text("answer dice 3,3")
    assert not pos.units["b-1"].has("broken") and pos.units["b-2"].has("broken")


def test_kia_eliminates_then_survivors_break(make_position: Any) -> None:
    leader = [{"id": "a-92", "counter": "9-2", "side": "a", "hex": "C1"}]
    pos = _basic(make_position, leader)
    pos.push_text("fire a-1,a-92 at C3 dice 1,2")  # 3 - 2 = 1 on the 4 column: 1KIA in the demo pack
    pos.push_text("answer units b-1")
    assert "b-1" not in pos.units and pos.units["b-2"].has("broken")  # A7.301


def test_ptc_pins_on_a_failed_ntc(make_position: Any) -> None:
    pos = _basic(make_position, target_units=1)
    pos.push_text("fire a-1 at C3 dice 3,4")  # final 7 on the 4 column: PTC (A25.23 oracle cell)
    pos.push_text("answer dice 6,2")
    assert pos.units["b-1"].has("pinned") and not pos.units["b-1"].has("broken")


def test_leader_helps_a_morale_check(make_position: Any) -> None:
    leader = [{"id": "b-91", "counter": "9-1", "side": "b", "hex": "C3"}]
    pos = _basic(make_position, leader, target_units=1)
    pos.push_text("fire a-1 at C3 dice 1,4")  # 1MC for both (leader first, A7.303)
    assert _checks(pos) == ["b-91", "b-1"]
    pos.push_text("answer dice 4,3")  # b-91: 7 + 1 = 8 <= 9
    pos.push_text("answer dice 4,3")  # b-1: 7 + 1 - 1 (leader, A10.7) = 7: exact pass, pinned
    assert pos.units["b-1"].has("pinned") and not pos.units["b-1"].has("broken")


def test_a_roll_is_answered_only_with_dice_the_roll_can_show(make_position: Any) -> None:
    pos = _basic(make_position)
    declared = pos.parse_action("fire a-1 at C3")
    assert declared in pos.legal_actions
    with pytest.raises(InvalidAction):
        pos.push_text("fire a-1 at C3 dice 7,1")
    pos.push(declared)
    with pytest.raises(InvalidAction, match="answered with its dice"):
        pos.push_text("answer pass")
    with pytest.raises(InvalidAction):
        pos.push_text("answer dice 3")


def test_fired_units_are_cleared_at_the_right_phase_ends(make_position: Any) -> None:
    pos = _basic(make_position, target_units=1)
    pos.push_text("fire a-1 at C3 dice 6,6")  # no effect on the 4 column
    assert pos.units["a-1"].has("prep_fire")
    pos.push_text("end")
    with pytest.raises(IllegalAction, match="prep fired"):  # A4.1
        pos.push(act.Move(("a-1",), (pos.map.parse_label("C1"), pos.map.parse_label("C2"))))
    for _ in range(2):
        pos.push_text("end")  # to DFPh, AFPh
    assert pos.phase.id == "AFPh" and pos.units["a-1"].has("prep_fire")
    pos.push_text("end")  # A3.5: Prep Fire counters go at the end of the AFPh
    assert pos.phase.id == "RtPh" and pos.decision.then == "volbreak" and pos.decision.rule == "A10.41"
    while pos.decision is not None:
        pos.push_text("answer none")  # each side in the other's view may break (A10.41): none does
    # no unit must rout, so the Rout Phase ends by itself (A10.5) and the Advance Phase begins
    assert pos.phase.id == "APh" and not pos.units["a-1"].has("prep_fire")


def test_legal_fire_declarations_are_enumerated(make_position: Any) -> None:
    pos = _basic(make_position, [{"id": "a-91", "counter": "9-1", "side": "a", "hex": "C1"}])
    fires = sorted(a.text(pos.map.label) for a in pos.legal_actions if isinstance(a, act.Fire))
    # the squad alone, and the squad with its leader (the leader alone has no FP, A7.53)
    assert fires == ["fire a-1 at C3", "fire a-1,a-91 at C3"]


def test_defensive_first_fire_at_a_moving_unit(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "E1"},
        {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C6"},
    ]
    pos = make_position("asl", units, "MPh")
    with pytest.raises(IllegalAction, match=r"just entered"):
        pos.push_text("fire b-1 at C1 dice 3,4")  # A8.1: only at moving units
    pos.push_text("move a-1 C1-C2-C3")
    # A8.1: the move is carried out hex by hex; at each hex entered in view the defender may fire or pass
    assert pos.decision.kind == "react" and pos.to_act == "b" and pos.label(pos.decision.target) == "C2"
    assert pos.label(pos.physical_hex("a-1")) == "C3" and pos.label(pos.units["a-1"].hex) == "C2"
    with pytest.raises(IllegalAction, match="hex it has just entered"):
        pos.push_text("fire b-1 at E1")  # a-2 is not moving
    pos.push_text("answer pass")
    assert pos.decision.kind == "react" and pos.label(pos.decision.target) == "C3"
    fire = pos.parse_action("fire b-1 at C3 dice 2,4")
    assert isinstance(fire, act.Fire)
    text = pos.resolve(fire).text()
    # 4 FP at range 3 on the 4 column; FFNAM -1 and FFMO -1 in Open Ground (A4.6): 6 - 2 = 4
    assert "(FFNAM): -1 (A4.6)" in text and "(FFMO): -1 (A4.6)" in text and "final DR 4" in text
    pos.push(fire)
    assert pos.units["b-1"].has("first_fire")
    pos.push_text("answer dice 1,2")  # a-1's morale check
    assert pos.decision.kind == "react"  # back to the window: another unit could fire, or pass
    with pytest.raises(IllegalAction, match="already fired"):
        pos.push_text("fire b-1 at C3 dice 2,4")
    pos.push_text("answer pass")
    assert pos.decision is None and pos.state.moving is None and pos.state.moved == ("a-1",)


def test_final_fire_after_first_fire_is_adjacent_only_and_halved(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C7"},
        {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C6"},
    ]
    pos = make_position("asl", units, "MPh")
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("answer pass")  # let it enter C3
    # First Fire, no effect; not doubles: a cowering First Fire would be marked Final Fire (A7.9)
    pos.push_text("fire b-1 at C3 dice 6,5")
    pos.push_text("answer pass")  # the move is over
    pos.push_text("end")  # -> DFPh
    with pytest.raises(IllegalAction, match=r"A8\.4"):
        pos.push_text("fire b-1 at C3 dice 3,4")
    fire = pos.parse_action("fire b-1 at C7 dice 3,4")
    assert isinstance(fire, act.Fire)
    assert "x1/2 Area Fire: Final Fire after First Fire (A8.4)" in pos.resolve(fire).text()
    pos.push(fire)
    assert pos.units["b-1"].has("final_fire") and not pos.units["b-1"].has("first_fire")
    while pos.decision is not None:
        pos.push_text("answer dice 1,2")
    pos.push_text("end")
    assert not pos.units["b-1"].has("final_fire")  # A3.4


def test_a_result_does_not_name_concealed_targets_to_the_enemy(make_position: Any) -> None:
    case = CASES[0]  # A12.13: a concealed 4-4-7 and a known 6-2-8 in the woods
    pos = make_position("asl", case["units"], case["phase"], hexes=case.get("hexes"))
    fire = pos.parse_action(case["fire"])
    assert isinstance(fire, act.Fire)
    res = pos.resolve(fire)
    seen_by_firer = res.to_dict(viewer="a")["results"]
    assert seen_by_firer == {"?1": "NMC", "b-628": "1MC"}
    assert res.to_dict(viewer="b")["results"] == {"b-447": "NMC", "b-628": "1MC"}
    assert "b-447" not in res.text()


def test_the_summary_says_each_target_groups_result_as_facts(make_position: Any) -> None:
    """The title of an attack on known and concealed targets: "ACTION: known R, concealed R", whose parts a
    page says in its own language (host/service/views._title)."""
    case = CASES[0]  # A12.13: a concealed 4-4-7 (NMC) and a known 6-2-8 (1MC) in the woods
    pos = make_position("asl", case["units"], case["phase"], hexes=case.get("hexes"))
    fire = pos.parse_action(case["fire"])
    assert isinstance(fire, act.Fire)
    res = pos.resolve(fire)
    assert res.summary == f"{pos.action_text(fire)}: known 1MC, concealed NMC"
    assert isinstance(res.summary, T) and res.summary.msgid == "{action}: {results}"
    assert res.summary.facts["action"] == pos.action_text(fire)
    results = res.summary.facts["results"]
    assert isinstance(results, T) and results.msgid == "{first}, {rest}"
    assert [results.facts["first"].facts["result"], results.facts["rest"].facts["result"]] == ["1MC", "NMC"]


# --- A1.21, A1.22: what the printed FP and range give ---


def _one_shot(make_position: Any, firer: str, target_hex: str, phase: str = "PFPh",
              counters: dict[str, Any] | None = None, *more: dict[str, Any]) -> Any:
    units = [{"id": "a-1", "counter": firer, "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": target_hex}, *more]
    return make_position("asl", units, phase, counters=counters)


def test_a1_22_range_counts_the_target_hex_not_the_firers(make_position: Any) -> None:
    """A1.22: the range is the fewest hexes from the firer's hex (not counted) to the target's (counted). A
    4-4-7 (normal range 4) in C1 fires at C5 at normal range, 4 FP; at C6, 5 hexes, it is Long Range: 2 FP
    (A7.22)."""
    near = _one_shot(make_position, "4-4-7", "C5")
    text = near.resolve(near.parse_action("fire a-1 at C5 dice 6,5")).text()
    assert "Long Range" not in text and "4 FP -> 4 column" in text
    far = _one_shot(make_position, "4-4-7", "C6")
    text = far.resolve(far.parse_action("fire a-1 at C6 dice 6,5")).text()
    assert "4 FP x1/2 Long Range (A7.22) = 2 FP" in text


def test_a1_21_underlined_fp_is_assault_fire_in_the_afph_only(make_position: Any) -> None:
    """A1.21: an underlined FP (the 5-4-8's) may use Assault Fire (A7.36) in the AFPh: 5 x1/2 (Advancing
    Fire) = 2 1/2, +1 = 3 1/2 FP at C3; the 4-6-7's FP is not underlined (2 FP); in the PFPh neither adds."""
    afph = _one_shot(make_position, "5-4-8", "C3", "AFPh")
    assert "+1 Assault Fire" in afph.resolve(afph.parse_action("fire a-1 at C3 dice 6,5")).text()
    plain = _one_shot(make_position, "4-6-7", "C3", "AFPh")
    assert "Assault Fire" not in plain.resolve(plain.parse_action("fire a-1 at C3 dice 6,5")).text()
    prep = _one_shot(make_position, "5-4-8", "C3")
    assert "Assault Fire" not in prep.resolve(prep.parse_action("fire a-1 at C3 dice 6,5")).text()


def test_a1_22_underlined_range_may_spray(make_position: Any) -> None:
    """A1.22: a squad with underlined range may use Spraying Fire (A7.34): asked whether it sprays C4, next to
    its target C3, as well; the same squad with its range not underlined is not asked."""
    from tests.rules.games.conftest import ASL_COUNTERS

    other = {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C4"}
    counters = {**ASL_COUNTERS, "6-6-6s": {**ASL_COUNTERS["4-6-7"], "fp": 6, "spray": 1}}
    spray = _one_shot(make_position, "6-6-6s", "C3", "PFPh", counters, other)
    spray.push_text("fire a-1 at C3")
    assert spray.decision is not None and spray.decision.then == "spray"
    plain = _one_shot(make_position, "4-6-7", "C3", "PFPh", None, other)
    plain.push_text("fire a-1 at C3")
    assert plain.decision is not None and plain.decision.then == "ift"


def test_a6_6_units_between_neither_block_the_shot_nor_are_hit(make_position: Any) -> None:
    """A6.6: personnel in a hex the fire passes through do not block it, and a direct fire attack does nothing
    to them: the 4-4-7 in C1 fires at C5 past a friendly squad in C2 and an enemy one in C3; only C5 is
    attacked."""
    more = [{"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
            {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C3"}]
    pos = _one_shot(make_position, "4-4-7", "C5", "PFPh", None, *more)
    res = pos.resolve(pos.parse_action("fire a-1 at C5 dice 2,2"))
    assert "no line of sight" not in res.text() and set(res.results) == {"b-1"}


def test_a7_1_a_unit_fires_in_one_fire_phase_of_a_player_turn(make_position: Any) -> None:
    """A7.1 (A.15): a unit fires its inherent FP in only one fire phase of a Player Turn: the 4-6-7 that prep
    fired may not fire in the AFPh; one that did not may."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", "markers": ["prep_fire"]},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "D1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "AFPh")
    with pytest.raises(IllegalAction, match=r"prep fired this Player Turn") as got:
        pos.game.check(pos, pos.parse_action("fire a-1 at C3 dice 6,5"))
    assert got.value.rule == "A.15"
    pos.game.check(pos, pos.parse_action("fire a-2 at C3 dice 6,5"))


def test_a7_31_a7_32_an_attacks_results_come_before_the_next_attack_declared_after_it(
        make_position: Any) -> None:
    """A7.31: a target may be attacked again in the phase, but the IFT result is resolved before another
    attack on it: with the MC still to roll, a second fire is refused; A7.32: nothing is planned ahead, the
    second attack is declared once the first one's result is known."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "D1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh")
    pos.push_text("fire a-1 at C3 dice 2,3")
    assert pos.decision is not None and pos.decision.side == "b"  # the defender's MC is open
    with pytest.raises(IllegalAction, match=r"first answer the open decision"):
        pos.push_text("fire a-2 at C3 dice 6,5")
    while pos.decision is not None:
        pos.push_text("answer dice 1,1")
    pos.push_text("fire a-2 at C3 dice 6,5")
    assert pos.units["a-2"].has("prep_fire")


def test_a7_54_a_berserk_unit_joins_no_multi_location_fire_group(make_position: Any) -> None:
    """A7.54: a berserk unit may not be part of a multi-Location Fire Group (here the defender's, in the
    DFPh); with a unit of its own Location it may fire as one."""
    units = [{"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C1", "markers": ["berserk"]},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "D1"},
             {"id": "b-3", "counter": "4-6-7", "side": "b", "hex": "C1"},
             {"id": "a-1", "counter": "4-4-7", "side": "a", "hex": "C3"}]
    pos = make_position("asl", units, "DFPh")
    with pytest.raises(IllegalAction, match=r"berserk unit may not join a multi-Location fire group"):
        pos.game.check(pos, pos.parse_action("fire b-1,b-2 at C3 dice 6,5"))
    pos.game.check(pos, pos.parse_action("fire b-1,b-3 at C3 dice 6,5"))


def test_a8_13_ffnam_and_ffmo_only_in_defensive_first_fire(make_position: Any) -> None:
    """A8.13: the -1 of FFNAM and of FFMO apply only to Defensive First Fire: the 4-6-7 moving into the open
    C3 is attacked at -2 in the MPh; the same unit there in the DFPh at +0."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C6"}]
    mph = make_position("asl", units, "MPh")
    mph.push_text("move a-1 C1-C2-C3")
    mph.push_text("answer pass")  # C2
    text = mph.resolve(mph.parse_action("fire b-1 at C3 dice 6,5")).text()
    assert "(FFNAM): -1" in text and "(FFMO): -1" in text and "Final DR: 11 -2 = 9" in text
    dfph = make_position("asl", [{**units[0], "hex": "C3"}, units[1]], "DFPh")
    text = dfph.resolve(dfph.parse_action("fire b-1 at C3 dice 6,5")).text()
    assert "FFNAM" not in text and "FFMO" not in text and "Final DR: 11 +0 = 11" in text


def _fpf_window(make_position: Any, beside: dict[str, Any]) -> Any:
    """a-1 moves C1-C2-C3, next to C4, where b-1 holds a Final Fire counter (so any fire is FPF, A8.31) and
    ``beside`` stands; b-2 in C6 keeps the windows open."""
    from hexmate.rules.games.asl import units as au

    counters = {**{n: dict(v) for n, v in au.demo_catalogue().items()},
                "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4", "markers": ["final_fire"]},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C6"},
             {**beside, "side": "a", "hex": "C4"}]
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("move a-1 C1-C2-C3")
    pos.push_text("answer pass")  # C2
    assert pos.decision is not None and "C3" in pos.decision.prompt
    return pos


def test_a8_311_no_fpf_at_an_adjacent_unit_with_a_known_enemy_to_fire_tpbf_at(make_position: Any) -> None:
    """A8.311 (A7.212): a unit that could fire TPBF at a known enemy unit in its own Location may not fire
    FPF at an adjacent one; a lone unarmed unarmored vehicle (a truck) there does not bind it."""
    squad = _fpf_window(make_position, {"id": "a-2", "counter": "4-6-7"})
    with pytest.raises(IllegalAction, match=r"known enemy in its own Location") as got:
        squad.game.check(squad, squad.parse_action("fire b-1 at C3 dice 6,5"))
    assert got.value.rule == "A7.212"
    truck = _fpf_window(make_position, {"id": "a-t", "counter": "truck"})
    truck.game.check(truck, truck.parse_action("fire b-1 at C3 dice 6,5"))
