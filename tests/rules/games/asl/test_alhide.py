"""D3.41: an Armor Leader kept hidden until his owner brings him in (alhide.py), on the MA's To Hit DR.

The board is test_armour's: a-pz (demo PzKpfw, BU, stopped) in C5 fires at b-t in J5, range 7: To Hit number
7, Case I +1 (a BU CT AFV, D5.2): TH# 6 (test_gun_fire_rolls_to_hit_to_kill_and_crew_survival); a 9-1 Armor
Leader's -1 (D3.44) makes it 7. The AFV with the Armor Leader, a-al, stands beside it in C6, at the same
range: two AFVs of a side in C5 would be an overstack, +1 on their To Hit DR (A5.2, A5.12)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import alhide, armorldr, armour
from hexmate.rules.text import T

from .test_armorldr import LED
from .test_armour import units

PZ10 = {**LED, "pz-10": {"type": "vehicle", "vehicle": "demo-pz-g", "armor_leader": "10-2"}}


def make(make_position: Any, counter: str = "pz-al") -> Position:
    extra = {"id": "a-al", "counter": counter, "side": "a", "hex": "C6", "markers": ["vca0"]}
    pos: Position = make_position("asl", units(extra), "PFPh", counters=PZ10)
    return pos


def test_d3_41_a_hidden_leader_is_asked_in_private_and_brought_in(make_position: Any) -> None:
    """D3.41, D3.44: DR 3+4 = 7 misses TH# 6 without him; the owner brings the 9-1 in: TH# 7, a hit, and he is
    shown, his -1 on the same roll."""
    pos = make(make_position)
    pos.push_text("fire a-al at J5")
    pos.push_text("answer dice 3,4")
    top = pos.decision
    assert top is not None and top.then == alhide.THEN and top.side == "a" and top.private
    assert top.choices == (alhide.USE, alhide.KEEP) and top.rule == "D3.41"
    assert not pos.units["a-al"].has(armorldr.SHOWN)
    pos.push_text("answer use")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "hit"}
    rules = [(line.value, line.rule) for line in res.lines]
    assert ("-1", "D3.44") in rules and any(rule == "D3.41" for _, rule in rules)
    assert pos.units["a-al"].has(armorldr.SHOWN)
    assert pos.decision is not None and pos.decision.then == "vtk"


def test_d3_41_kept_hidden_the_roll_is_worked_without_him(make_position: Any) -> None:
    """D3.41: the owner keeps him out: DR 7 against TH# 6 misses, no leadership line, and he stays hidden."""
    pos = make(make_position)
    pos.push_text("fire a-al at J5")
    pos.push_text("answer dice 3,4")
    pos.push_text("answer keep")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "miss"}
    assert not any(line.rule in ("D3.44", "D3.41") for line in res.lines)
    assert not pos.units["a-al"].has(armorldr.SHOWN)


def test_d3_41_no_question_when_he_could_change_nothing(make_position: Any) -> None:
    """D3.41: DR 1+5 = 6 hits TH# 6 without him: no question, he stays hidden, his -1 is not applied;
    DR 5+5 = 10 misses even a 10-2's TH# 8: no question either."""
    for dice, result in (("1,5", "hit"), ("5,5", "miss")):
        pos = make(make_position)
        pos.push_text("fire a-al at J5")
        pos.push_text(f"answer dice {dice}")
        res = pos.last_resolution
        assert res is not None and res.results == {"b-t": result}
        assert not any(line.rule == "D3.44" for line in res.lines)
        assert not pos.units["a-al"].has(armorldr.SHOWN)
        assert pos.decision is None or pos.decision.then != alhide.THEN


def test_d3_41_the_opponent_cannot_tell_from_the_question(make_position: Any) -> None:
    """D3.41: a side whose order of battle holds an Armor Leader is asked alike for an AFV without one (a-pz,
    DR 8: a 10-2 could have hit) and for the AFV with a 9-1 that could not change DR 8 (TH# 7): the same
    private question; only the owner's options differ ("keep" alone), and those stay on his page."""
    asked = []
    for firer, dice in (("a-pz", "3,5"), ("a-al", "3,5"), ("a-al", "3,4")):
        pos = make(make_position)
        pos.push_text(f"fire {firer} at J5")
        pos.push_text(f"answer dice {dice}")
        top = pos.decision
        assert top is not None and top.then == alhide.THEN
        asked.append(top)
    for top in asked:
        assert (top.kind, top.side, top.rule, top.private) == ("confirm", "a", "D3.41", True)
        first = asked[0].prompt
        assert isinstance(top.prompt, T) and isinstance(first, T) and top.prompt.msgid == first.msgid
        assert "Armor Leader" in top.prompt and "9-1" not in top.prompt  # the same words for every AFV
    assert [t.choices for t in asked] == [(alhide.KEEP,), (alhide.KEEP,), (alhide.USE, alhide.KEEP)]


def test_d3_41_a_10_2_turns_a_two_short_miss_into_a_hit(make_position: Any) -> None:
    """D3.4, D3.41: a 10-2's -2: DR 3+5 = 8 against TH# 6 hits at TH# 8 once he is brought in."""
    pos = make(make_position, "pz-10")
    pos.push_text("fire a-al at J5")
    pos.push_text("answer dice 3,5")
    assert pos.decision is not None and pos.decision.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer use")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "hit"} and ("-2", "D3.44") in [
        (line.value, line.rule) for line in res.lines]


def test_d3_41_a_side_without_armor_leaders_is_never_asked(make_position: Any) -> None:
    """A side with no Armor Leader in its order of battle: DR 7 simply misses TH# 6."""
    pos: Position = make_position("asl", units(), "PFPh", counters=LED)
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 3,4")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "miss"}
    assert pos.decision is None or pos.decision.then != alhide.THEN


def test_d3_41_a_shown_leader_always_applies(make_position: Any) -> None:
    """D3.41: once in play his -1 applies without asking: DR 7 hits TH# 7."""
    extra = {"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C6", "markers": ["vca0", armorldr.SHOWN]}
    pos: Position = make_position("asl", units(extra), "PFPh", counters=LED)
    pos.push_text("fire a-al at J5")
    pos.push_text("answer dice 3,4")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "hit"}


def _bogged_t_hit(make_position: Any) -> Position:
    """test_vcrew's shot: a-pz hits the bogged b-t (TH# 6, DR 6), TK DR 12 does nothing though an original 5
    would have: its crew (morale 8 given, a hidden 9-1 aboard) takes the Immobilization TC (D5.5, D8.22)."""
    counters = {**LED, "t": {**LED["t"], "crew_morale": 8, "armor_leader": "9-1"}}
    pos: Position = make_position("asl", [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3", "bogged"]},
    ], "PFPh", counters=counters)
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,5")
    pos.push_text("answer dice 6,6")
    return pos


def test_d3_41_d3_42_the_immobilization_tc_at_his_morale_once_brought_in(make_position: Any) -> None:
    """D3.41, D3.42, D5.5: asked at the crew's own 8 while he is hidden (the opponent reads no 9); DR 4+5 = 9
    fails; the owner brings his 9-1 in: 9 or less passes, the crew stays inside, and he is shown."""
    pos = _bogged_t_hit(make_position)
    top = pos.decision
    assert top is not None and top.then == "vitc" and top.arg("need") == "8" and "morale 8" in top.prompt
    pos.push_text("answer dice 4,5")
    top = pos.decision
    assert top is not None and (top.then, top.side, top.private) == (alhide.MC_THEN, "b", True)
    assert top.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer use")
    assert pos.units["b-t"].has(armorldr.SHOWN) and not pos.units["b-t"].has("abandoned")


def test_d3_41_d5_5_kept_hidden_the_crew_fails_at_its_own_morale(make_position: Any) -> None:
    """D3.41, D5.5: the owner keeps him out: DR 9 fails 8, the crew bails out beneath the Abandoned vehicle
    and he stays hidden; DR 11 would fail even a 10-morale leader's check (need 10): no question."""
    pos = _bogged_t_hit(make_position)
    pos.push_text("answer dice 4,5")
    pos.push_text("answer keep")
    assert pos.units["b-t"].has("abandoned") and not pos.units["b-t"].has(armorldr.SHOWN)
    pos = _bogged_t_hit(make_position)
    pos.push_text("answer dice 5,6")
    assert pos.units["b-t"].has("abandoned")
    assert pos.decision is None or pos.decision.then != alhide.MC_THEN


def test_d3_41_the_crew_mc_kept_hidden_stuns(make_position: Any) -> None:
    """D3.41, D5.34: test_armorldr's CE crew 1MC (need 7 at the crew's 8 while the 9-1 is hidden): DR 4+4 = 8
    fails; kept hidden, the crew is stunned and the leader stays unseen."""
    extra = {"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C6", "markers": ["vca0", "ce"]}
    pos: Position = make_position("asl", units(extra, {"id": "b-sq", "counter": "4-4-7", "side": "b",
                                                       "hex": "F6"}), "DFPh", counters=LED)
    pos.push_text("fire b-sq at C6 dice 1,2")
    pos.push_text("answer dice 4,4")
    pos.push_text("answer keep")
    assert pos.units["a-al"].has("stunned") and not pos.units["a-al"].has(armorldr.SHOWN)


def _ovr(make_position: Any, counter: str, dice: str = "2,3") -> Position:
    """test_armorldr's OVR: a-x overruns the 4-4-7 in open D5 (10 FP, the 8 column, FFMO -1), DR 2+3 = 5."""
    units = [{"id": "a-x", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "a-al", "counter": "pz-al", "side": "a", "hex": "C7", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=LED)
    pos.push_text("move a-x C5-D5")
    pos.push_text(f"answer dice {dice}")
    return pos


def test_d3_41_the_ovr_kept_hidden_is_worked_without_him(make_position: Any) -> None:
    """D3.41, D3.44, D7.15: kept out, the 9-1's OVR is Final DR 5 - 1 = 4 on the 8 column, no leadership
    line."""
    pos = _ovr(make_position, "pz-al")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private and top.side == "a"
    pos.push_text("answer keep")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-sq": str(pos.charts.chart("ift").lookup(fp=8, final_dr=4))}
    assert not any(line.rule == "D3.44" for line in res.lines) and not pos.units["a-x"].has(armorldr.SHOWN)


def test_d3_41_an_ovr_without_a_leader_is_asked_alike(make_position: Any) -> None:
    """D3.41: a-x carries no Armor Leader, but its side's OB holds one (a-al): a 10-2's Final DR 2 would give
    another result than 4, so the same private question comes, offering only "keep"."""
    pos = _ovr(make_position, "pz")
    chart = pos.charts.chart("ift")
    assert chart.lookup(fp=8, final_dr=4) != chart.lookup(fp=8, final_dr=2)
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.choices == (alhide.KEEP,) and top.private
    pos.push_text("answer keep")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-sq": str(chart.lookup(fp=8, final_dr=4))}


def test_d3_41_no_ovr_question_when_no_leader_could_change_it(make_position: Any) -> None:
    """D3.41: DR 1+1 = 2, Final 1 on the 8 column, and a 10-2's Final -1 give the same result: no question;
    the 9-1 stays hidden and his -1 is not applied."""
    pos = _ovr(make_position, "pz-al", "1,1")
    chart = pos.charts.chart("ift")
    assert chart.lookup(fp=8, final_dr=1) == chart.lookup(fp=8, final_dr=-1)
    assert pos.decision is None or pos.decision.then != alhide.RERUN_THEN
    res = pos.last_resolution
    assert res is not None and res.results == {"b-sq": str(chart.lookup(fp=8, final_dr=1))}
    assert not pos.units["a-x"].has(armorldr.SHOWN)


def test_d3_41_the_afvs_cc_attack_kept_hidden_is_worked_without_him(make_position: Any,
                                                                     tmp_path: Any) -> None:
    """D3.41, D3.44, A11.62: test_cc_aamg's CE PzV (9-1 hidden) attacks the 4-4-7 in CC with DR 3+3; his -1
    would change the result, his owner keeps him out: no leadership line, he stays hidden."""
    from hexmate.rules.games.asl import units as au

    from .test_cc_aamg import SIDES
    from .test_cc_vehicle import _catalogue

    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["pz5"] = {"type": "vehicle", "vehicle": "pz5", "catalogue": _catalogue(tmp_path),
                       "armor_leader": "9-1"}
    units = [{"id": "a-pz", "counter": "pz5", "side": "a", "hex": "H3", "markers": ["ce"]},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos: Position = make_position("asl", units, "CCPh", counters=counters, sides=SIDES)
    for _ in range(12):
        top = pos.decision
        assert top is not None
        if top.then == "cc_group" and top.side == "a":
            break
        if top.kind == "roll":
            pos.push_text("answer dice 6" if top.dice == "dr" else "answer dice 3,4")
        elif top.then == "cc_group":
            pos.push_text("answer done")
        else:
            pos.push_text(f"answer {(top.choices or ('done',))[0]}")
    pos.push_text("answer units a-pz,b-2")
    pos.push_text("answer dice 3,3")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private
    assert top.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer keep")
    res = pos.last_resolution
    assert res is not None and not any(line.rule == "D3.44" for line in res.lines)
    assert not pos.units["a-pz"].has(armorldr.SHOWN)


def test_d3_41_bog_removal_kept_hidden_immobilizes(make_position: Any) -> None:
    """D3.41, D3.44, D8.3: the bogged AFV's hidden 10-2 would turn colored 6 into 4 (freed); his owner keeps
    him out: colored 6 immobilizes it (D8.1), and he stays hidden."""
    units = [{"id": "a-x", "counter": "pz-10", "side": "a", "hex": "C5", "markers": ["vca0", "bogged"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=PZ10)
    pos.push_text("move a-x C5 as unbog")
    assert pos.decision is not None and pos.decision.arg("drm") == "0"  # the public prompt: no hidden -2
    pos.push_text("answer dice 1,6")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private
    pos.push_text("answer keep")
    tank = pos.units["a-x"]
    assert tank.has("immobilized") and not tank.has(armorldr.SHOWN)


def _hd(make_position: Any) -> Position:
    """test_hulldown's attempt: a-pz (a hidden 9-1 aboard) enters crest hex E5 and tries the HD Maneuver, BU
    German: drm +1 without him (the public prompt); dr 3 +1 = 4: none (D4.22); with his -1, 3: one hexside."""
    from .test_hulldown import HILL, to_crest
    from .test_vft import FLAME

    counters = {**FLAME, "pz": {**FLAME["pz"], "armor_leader": "9-1"}}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "D5", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "A5", "markers": ["vca1"]}]
    pos: Position = make_position("asl", units, "MPh", counters=counters, hexes=HILL)
    to_crest(pos)
    pos.push_text("answer hd")
    assert pos.decision is not None and pos.decision.arg("drm") == "1"
    pos.push_text("answer dice 3")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private
    assert top.choices == (alhide.USE, alhide.KEEP)
    return pos


def test_d3_41_d4_22_the_hd_maneuver_with_him_brought_in(make_position: Any) -> None:
    """D3.41, D3.44, D4.22, D4.221: brought in, dr 3 + 1 - 1 = 3: one of E5's two crest hexsides, picked by
    the owner; he is shown."""
    from hexmate.rules.games.asl import hulldown

    pos = _hd(make_position)
    pos.push_text("answer use")
    assert pos.units["a-pz"].has(armorldr.SHOWN)
    top = pos.decision
    assert top is not None and top.then == hulldown.PICK and top.arg("n") == "1"


def test_d3_41_d4_22_the_hd_maneuver_kept_hidden_fails(make_position: Any) -> None:
    """D3.41, D4.22: kept out, dr 3 + 1 = 4: no HD; he stays hidden."""
    from hexmate.rules.games.asl import hulldown

    pos = _hd(make_position)
    pos.push_text("answer keep")
    tank = pos.units["a-pz"]
    assert not hulldown.hd_sides(tank) and not tank.has(armorldr.SHOWN)


def test_d3_41_d5_34_a_ce_crews_collateral_mc_at_his_morale_once_brought_in(make_position: Any) -> None:
    """D3.41, D3.42, D.8B, D5.34: test_vmgveh's collateral 1MC on r-v's CE crew, a 9-1 hidden aboard: asked
    at the crew's own 8 (demo): 7 or less; DR 4+4 = 8 fails; brought in, his 9 makes it 8: passed, not
    stunned."""
    from .test_vmgveh import COUNTERS

    counters = {**COUNTERS, "t": {**COUNTERS["t"], "armor_leader": "9-1"}}
    units = [{"id": "g-ag", "counter": "mg8", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "r-v", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3", "ce"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("fire g-ag.bmg,g-ag.cmg at E5")
    pos.push_text("answer dice 2,2")
    top = pos.decision
    assert top is not None and top.then == "vcrew_mc" and top.arg("need") == "7"
    pos.push_text("answer dice 4,4")
    top = pos.decision
    assert top is not None and top.then == alhide.MC_THEN and top.side == "b" and top.private
    pos.push_text("answer use")
    tank = pos.units["r-v"]
    assert tank.has(armorldr.SHOWN) and not tank.has("stunned")


def test_d3_41_d14_23_the_radioless_ntc_at_his_morale_once_brought_in(make_position: Any) -> None:
    """D3.41, D3.42, D14.23: test_radioless's lone radioless T-26 (crew morale 7) with a hidden 8-1 aboard:
    the NTC asks 7 or less; DR 4+4 = 8 fails; brought in, his 8 passes it and it may move; kept, it stops."""
    from .test_radioless import LT

    counters = {**LT, "lt": {**LT["lt"], "armor_leader": "8-1"}}
    for answer, passed in (("use", True), ("keep", False)):
        units = [{"id": "x-lt", "counter": "lt", "side": "a", "hex": "C5", "markers": ["vca0"]},
                 {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C2", "markers": ["vca0"]}]
        pos: Position = make_position("asl", units, "MPh", counters=counters)
        pos.push_text("move x-lt C5 as ntc")
        assert pos.decision is not None and pos.decision.arg("need") == "7"
        pos.push_text("answer dice 4,4")
        top = pos.decision
        assert top is not None and top.then == alhide.MC_THEN and top.private
        pos.push_text(f"answer {answer}")
        lt = pos.units["x-lt"]
        assert lt.has("ntc_failed") != passed and lt.has(armorldr.SHOWN) == passed


def test_d3_41_the_question_goes_on_once_his_afv_has_left_play(make_position: Any) -> None:
    """D3.41: the OB's Armor Leader is read from the scenario: with a-al gone from play, a-pz's DR 8 (a 10-2
    could have hit TH# 6) is still asked, offering only "keep", so the questions' stopping tells nothing."""
    pos = make(make_position)
    pos = pos.at(pos.state.without_unit("a-al"))
    assert "a-al" not in pos.units
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 3,5")
    top = pos.decision
    assert top is not None and top.then == alhide.THEN and top.choices == (alhide.KEEP,)


def _assisted(make_position: Any, helper: str) -> Position:
    """D8.3's assist: the bogged a-x (no Armor Leader) and the CE helper a-h of the same weight in C5; the
    helper's -1 is public (the prompt's DRM -1)."""
    units = [{"id": "a-x", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "bogged"]},
             {"id": "a-h", "counter": helper, "side": "a", "hex": "C5", "markers": ["vca0", "ce"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=PZ10)
    pos.push_text("move a-x,a-h C5 as unbog")
    assert pos.decision is not None and pos.decision.arg("drm") == "-1"
    return pos


def test_d3_41_d8_3_the_assisting_afvs_hidden_leader_is_asked_and_frees_it(make_position: Any) -> None:
    """D3.41, D3.44, D8.3: the assisting AFV's hidden 10-2 is asked about: colored 6 - 1 (assist) = 5 would
    Mire a-x; with his -2 it is 3: freed, for the unmodified colored 6 x white 1 = 6 MP. He is shown, and
    only he (a-x has none)."""
    pos = _assisted(make_position, "pz-10")
    pos.push_text("answer dice 1,6")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private
    assert top.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer use")
    tank = pos.units["a-x"]
    assert not tank.has("bogged") and not tank.has("mired") and armour.spent_of(tank) == 6
    assert pos.units["a-h"].has(armorldr.SHOWN) and not tank.has(armorldr.SHOWN)


def test_d3_41_d8_3_kept_hidden_the_assisted_attempt_mires(make_position: Any) -> None:
    """D3.41: kept out, colored 6 - 1 = 5 Mires a-x (D8.31) and the helper's leader stays hidden."""
    pos = _assisted(make_position, "pz-10")
    pos.push_text("answer dice 1,6")
    pos.push_text("answer keep")
    assert pos.units["a-x"].has("mired") and not pos.units["a-h"].has(armorldr.SHOWN)


def test_d3_41_d8_3_an_assist_without_a_leader_is_asked_alike(make_position: Any) -> None:
    """D3.41: the side's order of battle holds an Armor Leader (pz-10 in the counters' set-up is not enough:
    a third AFV carries one), so the assisted attempt with none aboard is asked the same private question,
    with "keep" alone."""
    units = [{"id": "a-x", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "bogged"]},
             {"id": "a-h", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "ce"]},
             {"id": "a-y", "counter": "pz-10", "side": "a", "hex": "C8", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=PZ10)
    pos.push_text("move a-x,a-h C5 as unbog")
    pos.push_text("answer dice 1,6")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private and top.choices == (alhide.KEEP,)
