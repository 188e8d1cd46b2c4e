"""Who directs a fire group holding a halftrack's MGs (D3.4's exception, D3.44, D3.45, D6.65, A7.53, A7.531),
through the game's fire actions. The text has no numeric example: the counters are demo values (the demo
halftrack's BMG 3 FP, a 4-6-7, a 9-1 leader) and the numbers are A7.5's sum and A10.7's leadership DRM."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import alhide

from .test_armour import COUNTERS

MORE = {**COUNTERS,
        "ht-al": {"type": "vehicle", "vehicle": "demo-ht-g", "armor_leader": "9-1"},
        "ht-in": {"type": "vehicle", "vehicle": "demo-ht-g", "inexperienced_crew": 1}}

ABOARD_SQ = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht"}
ABOARD_LDR = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-ht"}
FOOT_SQ = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C5"}
FOOT_LDR = {"id": "a-ldr2", "counter": "9-1", "side": "a", "hex": "C5"}


def make(make_position: Any, *extra: dict[str, Any], ht: str = "ht", phase: str = "PFPh",
         markers: tuple[str, ...] = ()) -> Position:
    units = [{"id": "a-ht", "counter": ht, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=MORE)
    return pos


def _final(pos: Position) -> str:
    res = pos.last_resolution
    assert res is not None
    ift = [line for line in res.lines if str(line.label) == "IFT"]
    return str(ift[0].value)


def test_d6_65_a_ce_leader_aboard_directs_the_group(make_position: Any) -> None:
    """D6.65, D3.4: the CE 9-1 aboard the halftrack directs its BMG (3) and the passenger 4-6-7 (4, no
    mounted-fire halving aboard an armored halftrack, D6.63): 7 FP at -1; offered on the page; the leader
    takes the Prep Fire counter (A7.531). DR 4,3 = 7, -1 -> Final DR 6 on the 6 column."""
    pos = make(make_position, ABOARD_SQ, ABOARD_LDR)
    offered = [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    assert "fire a-ht.bmg,a-sq,a-ldr at F5" in offered
    pos.push_text("fire a-ht.bmg,a-sq,a-ldr at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "7" and roll.arg("drm") == "-1"
    assert "a-ldr, aboard" in str(roll.prompt)
    assert pos.units["a-ldr"].has("prep_fire") and pos.units["a-sq"].has("prep_fire")
    pos.push_text("answer dice 4,3")
    assert "final DR 6" in _final(pos) and "6 column" in _final(pos)
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D6.65" and line.value == "-1" for line in res.lines)


def test_d3_4_an_infantry_leader_on_foot_directs_no_vehicle_weapon(make_position: Any) -> None:
    """D3.4: infantry leaders do not affect vehicles' weapons; only the halftrack's Armor Leader or an
    infantry leader aboard it directs a group with its MGs. A leader on foot named with them is refused, and
    the same group without him fires at 0."""
    pos = make(make_position, FOOT_SQ, FOOT_LDR)
    with pytest.raises(IllegalAction, match="not aboard the group's halftrack"):
        pos.push_text("fire a-ht.bmg,a-sq2,a-ldr2 at F5")
    assert "fire a-ht.bmg,a-sq2,a-ldr2 at F5" not in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("fire a-ht.bmg,a-sq2 at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("drm") == "0"


def test_d6_65_not_the_halftracks_attack_alone(make_position: Any) -> None:
    """D6.65: the leader aboard directs the other passengers' fire, not the halftrack's own attack alone."""
    pos = make(make_position, ABOARD_LDR)
    with pytest.raises(IllegalAction, match="not the vehicle's own attack alone"):
        pos.push_text("fire a-ht.bmg,a-ldr at F5")


def test_d6_65_moved_halftrack_leader_directs_only_those_aboard(make_position: Any) -> None:
    """D6.65: once his halftrack is in Motion, the leader aboard directs no unit outside it in the hex: a
    group with the 4-6-7 on foot is refused; with the passenger it stands at -1. FP: the BMG's 3 halved in
    the AFPh (D3.53) and for Motion (D2.42) = 3/4; the passenger's 4 halved in the AFPh (D6.63, D3.31) and
    for Motion (D2.42) = 1; 7/4 in all."""
    pos = make(make_position, ABOARD_SQ, ABOARD_LDR, FOOT_SQ, phase="AFPh", markers=("motion",))
    with pytest.raises(IllegalAction, match="directs only units aboard it"):
        pos.push_text("fire a-ht.bmg,a-sq2,a-ldr at F5")
    pos.push_text("fire a-ht.bmg,a-sq,a-ldr at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("drm") == "-1" and roll.arg("fp") == "7/4"


def test_d3_44_the_armor_leader_directs_his_halftracks_group(make_position: Any) -> None:
    """D3.44 ("a halftrack FG"), D6.65, D3.41: the halftrack's hidden 9-1 Armor Leader is left out of the
    declared group (DRM 0, no name in the prompt); DR 4,3 = 7 on the 6 column would be Final DR 6 with his
    -1, so his owner is asked in private; brought in, he directs the group of its BMG and the 4-6-7 on foot
    (-1) and enters play. The BMG firing alone gets no leadership (D3.44: no MG other than the MA outside
    an OVR)."""
    pos = make(make_position, FOOT_SQ, ht="ht-al")
    pos.push_text("fire a-ht.bmg,a-sq2 at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("drm") == "0" and "Armor Leader" not in str(roll.prompt)
    assert not pos.units["a-ht"].has("armor_leader_shown")
    pos.push_text("answer dice 4,3")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private and top.side == "a"
    assert top.choices == (alhide.USE, alhide.KEEP)
    assert "9-1" not in str(top.prompt)
    pos.push_text("answer use")
    assert "final DR 6" in _final(pos)
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D3.44" and line.value == "-1" for line in res.lines)
    assert pos.units["a-ht"].has("armor_leader_shown")
    alone = make(make_position, FOOT_SQ, ht="ht-al")
    alone.push_text("fire a-ht.bmg at F5")
    roll = alone.decision
    assert roll is not None and roll.arg("drm") == "0"
    assert not alone.units["a-ht"].has("armor_leader_shown")


def test_d3_41_the_groups_hidden_armor_leader_kept_out(make_position: Any) -> None:
    """D3.41: kept out, the same DR 4,3 is Final DR 7, without a leadership line; he stays hidden."""
    pos = make(make_position, FOOT_SQ, ht="ht-al")
    pos.push_text("fire a-ht.bmg,a-sq2 at F5")
    pos.push_text("answer dice 4,3")
    pos.push_text("answer keep")
    assert "final DR 7" in _final(pos)
    res = pos.last_resolution
    assert res is not None and not any(line.rule == "D3.44" for line in res.lines)
    assert not pos.units["a-ht"].has("armor_leader_shown")


def test_d3_41_a_group_without_an_armor_leader_is_asked_alike(make_position: Any) -> None:
    """D3.41: a side whose order of battle holds an Armor Leader (aboard another halftrack, in C8) is asked
    the same private question for a group whose halftrack has none: "keep" alone."""
    other = {"id": "a-ht2", "counter": "ht-al", "side": "a", "hex": "C8", "markers": ["vca0"]}
    pos = make(make_position, FOOT_SQ, other)
    pos.push_text("fire a-ht.bmg,a-sq2 at F5")
    pos.push_text("answer dice 4,3")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private and top.choices == (alhide.KEEP,)
    pos.push_text("answer keep")
    assert "final DR 7" in _final(pos)


def test_d3_41_a_shown_armor_leader_is_in_the_declared_group(make_position: Any) -> None:
    """D3.41: once shown, his -1 is public: in the declared DRM and prompt, and no question is asked."""
    pos = make(make_position, FOOT_SQ, ht="ht-al", markers=("armor_leader_shown",))
    pos.push_text("fire a-ht.bmg,a-sq2 at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("drm") == "-1" and "Armor Leader of a-ht (9-1)" in str(roll.prompt)
    pos.push_text("answer dice 4,3")
    assert "final DR 6" in _final(pos)


def test_a7_531_a_leader_in_every_location(make_position: Any) -> None:
    """A7.531: a group of two Locations takes a leader's DRM only with a leader in each: the Armor Leader in
    C5 and a 4-6-7 in D5 without one fire at 0; a named leader aboard is refused for the same group."""
    near = {"id": "a-sq3", "counter": "4-6-7", "side": "a", "hex": "D5"}
    pos = make(make_position, near, ht="ht-al")
    pos.push_text("fire a-ht.bmg,a-sq3 at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("drm") == "0"
    assert not pos.units["a-ht"].has("armor_leader_shown")
    pos = make(make_position, near, ABOARD_LDR)
    with pytest.raises(IllegalAction, match="leader in each"):
        pos.push_text("fire a-ht.bmg,a-sq3,a-ldr at F5")


def test_d3_45_the_inexperienced_crews_6_plus_1_must_be_used(make_position: Any) -> None:
    """D3.45: an Inexperienced crew's 6+1 quasi-Armor Leader is used wherever an Armor Leader's modifier could
    be: the halftrack's group takes +1."""
    pos = make(make_position, FOOT_SQ, ht="ht-in")
    pos.push_text("fire a-ht.bmg,a-sq2 at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("drm") == "1"


def test_a7_53_a_leader_directs_once_a_phase(make_position: Any) -> None:
    """A7.53: the leader who directed the group has his Prep Fire counter and directs no second attack."""
    second = {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "F4"}
    hs = {"id": "a-sq4", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht"}
    pos = make(make_position, ABOARD_SQ, ABOARD_LDR, hs, second)
    pos.push_text("fire a-ht.bmg,a-sq,a-ldr at F5")
    pos.push_text("answer dice 6,6")
    while pos.decision is not None:
        pos.push_text("answer pass") if pos.decision.kind == "react" else pos.push_text("answer dice 1,1")
    with pytest.raises(IllegalAction, match="a-ldr has already fired"):
        pos.push_text("fire a-sq4,a-ldr at F4")
    fresh = make(make_position, ABOARD_SQ, ABOARD_LDR, hs, second)
    fresh.push_text("fire a-sq4,a-ldr at F4")  # the same attack is open before he directs the group
    assert fresh.decision is not None and fresh.decision.then == "ift"


def test_d6_65_the_leaders_los_from_a_bypassing_halftracks_cafp(make_position: Any) -> None:
    """D6.65, D2.37: the halftrack bypasses woods H3 along its hexside with I4 (its CAFP the H3-I4-H4
    corner). The leader aboard sees H6 from the CAFP, but not H1 beyond the woods (though H3's centre sees
    H1 across open H2): he directs the group at H6 and not at H1."""
    from hexmate.rules.hexes import direction_between

    def start(target: str) -> Position:
        probe: Position = make(make_position)
        h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
        units = [{"id": "a-ht", "counter": "ht", "side": "a", "hex": "H3",
                  "markers": ["vca4", f"byp{direction_between(h3, i4)}"]},
                 dict(ABOARD_SQ, hex="H3"), dict(ABOARD_LDR, hex="H3"),
                 {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": target}]
        pos: Position = make_position("asl", units, "PFPh", counters=MORE, hexes={"H3": {"terrain": "woods"}})
        return pos

    pos = start("H6")
    pos.push_text("fire a-ht.bmg,a-sq,a-ldr at H6")
    assert pos.decision is not None and pos.decision.arg("drm") == "-1"
    pos = start("H1")
    with pytest.raises(IllegalAction, match="he directs no fire there") as err:
        pos.push_text("fire a-ht.bmg,a-sq,a-ldr at H1")
    assert err.value.rule == "D6.65"
    with pytest.raises(IllegalAction, match="he directs no fire there"):  # nor the passenger's own fire
        pos.push_text("fire a-sq,a-ldr at H1")
    pos = start("H6")
    pos.push_text("fire a-sq,a-ldr at H6")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_d3_41_use_shows_only_the_leader_who_changes_the_result(make_position: Any) -> None:
    """D3.41: two halftracks in C5, each with a hidden Armor Leader (a-ht a 9-1, a-ht2 a 10-2), fire with the
    4-6-7 on foot: 3 + 3 + 4 = 10 FP, the 8 column, +1 for two vehicles in one Location (A5.12). At a DR his
    -2 changes and a -1 does not (read from the demo IFT), "use" shows the 10-2 only (A7.531: the best
    leader of the Location), never the 9-1 who changed nothing; the -2 stands in the resolution."""
    counters = {**MORE, "ht-10": {"type": "vehicle", "vehicle": "demo-ht-g", "armor_leader": "10-2"}}
    units = [{"id": "a-ht", "counter": "ht-al", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "a-ht2", "counter": "ht-10", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}, FOOT_SQ]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    chart = pos.charts.chart("ift")
    col = chart.axis("fp").keys[chart.axis("fp").locate(10)]
    assert col == 8

    def result(final: int) -> str:
        return str(chart.lookup(fp=col, final_dr=final))

    dr = next(d for d in range(3, 12) if result(d + 1) == result(d) != result(d - 1))
    pos.push_text("fire a-ht.bmg,a-ht2.bmg,a-sq2 at F5")
    roll = pos.decision
    assert roll is not None and roll.arg("fp") == "10" and roll.arg("drm") == "0"
    white = max(1, dr - 6)
    pos.push_text(f"answer dice {white},{dr - white}")
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer use")
    assert f"final DR {dr - 1}" in _final(pos)
    assert pos.units["a-ht2"].has("armor_leader_shown") and not pos.units["a-ht"].has("armor_leader_shown")
