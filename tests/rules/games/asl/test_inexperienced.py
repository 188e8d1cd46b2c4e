"""A19.2, A19.3: who is under the Inexperienced restrictions (units.inexperienced, units.restricted), played
through the game. The text: Green and Conscript units are Inexperienced (A19.2; an SMC or crew never is); a
Green MMC stacked with a leader who is not broken is exempt from the restrictions of A19.31-A19.36, a
Conscript or Unarmed unit never (A19.3). The numbers are the rules' own: 3 MF not 4 (A19.31), 6 for a Green
squad moving with a leader, not 5; -1 not +1 to capture (A19.35); Lax +1 (A19.36, A11.18); cowering two
columns, not one (A19.33). Counters from the demo catalogue: 4-3-6 German Green, 4-2-6 Russian Conscript,
8-0 leaders (demo values); the conftest's small map (open ground)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cc as asl_cc
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au

from tests.rules.games.asl.ccsteps import together

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
# a Conscript counter that says so only by its class (no ``inexperienced`` value)
COUNTERS["4-2-6c"] = {k: v for k, v in COUNTERS["4-2-6"].items() if k != "inexperienced"}


def _u(uid: str, counter: str, hex_: str, side: str = "b") -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_}


def _legal(pos: Any, text: str) -> bool:
    try:
        pos.game.check(pos, pos.parse_action(text))
    except IllegalAction:
        return False
    return True


def test_a19_31_mf_by_class_and_the_green_squads_leader_exemption(make_position: Any) -> None:
    """A19.31, A19.3, A4.12: alone, a Green 4-3-6 and a Conscript (by its class alone) have 3 MF, not 4;
    moving with an 8-0, the Green squad is exempt and has 4 + 2 = 6, the Conscript 3 + 2 = 5."""
    units = [_u("b-g", "4-3-6", "F7"), _u("b-gl", "8-0", "F7"), _u("b-c", "4-2-6c", "H7"),
             _u("b-cl", "8-0", "H7"), _u("b-g2", "4-3-6", "D7"), _u("b-c2", "4-2-6c", "B7")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b")
    assert pos.game.mf(pos.units["b-c2"]) == 3 and pos.game.mf(pos.units["b-g2"]) == 3
    assert _legal(pos, "move b-g2 D7-D6-D5-D4") and not _legal(pos, "move b-g2 D7-D6-D5-D4-D3")
    assert _legal(pos, "move b-c2 B7-B6-B5-B4") and not _legal(pos, "move b-c2 B7-B6-B5-B4-B3")
    assert _legal(pos, "move b-g,b-gl F7-F6-F5-F4-F3-F2-F1")
    assert _legal(pos, "move b-c,b-cl H7-H6-H5-H4-H3-H2")
    assert not _legal(pos, "move b-c,b-cl H7-H6-H5-H4-H3-H2-H1")


def _melee(make_position: Any, *defenders: dict[str, Any]) -> Any:
    units = [_u("a-1", "8-3-8", "C3", "a"), *defenders]
    sides = [{"id": "a", "name": "Germans", "nationality": "german"},
             {"id": "b", "name": "Russians", "nationality": "russian"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=sides)
    pos.push_text("end")  # the CCPh (A11.1)
    together(pos)
    pos.push_text("answer capture")
    pos.push_text("answer dice 3,4")
    return pos.state.resolution.text()


def test_a19_35_capture_drm_follows_the_leader_exemption(make_position: Any) -> None:
    """A19.35, A19.3, A20.22: a capture attempt is +1, but -1 against a unit under the restrictions. With an
    8-0 in C3 the Green 4-3-6 is exempt (+1) while the Conscript 4-2-6 is not (-1); without him the Green
    squad is -1 too."""
    text = _melee(make_position, _u("b-g", "4-3-6", "C3"), _u("b-c", "4-2-6", "C3"), _u("b-l", "8-0", "C3"))
    assert "capture attempt on b-g: +1 (A20.22)" in text and "capture attempt on b-c: -1 (A19.35)" in text
    text = _melee(make_position, _u("b-g", "4-3-6", "C3"), _u("b-c", "4-2-6", "C3"))
    assert "capture attempt on b-g: -1 (A19.35)" in text


def test_a19_36_lax_in_the_ambush_dr_unless_a_green_squad_has_a_leader(make_position: Any) -> None:
    """A19.36, A11.18, A11.4: each Lax unit adds +1 to its side's ambush dr: a Green 4-3-6 alone is Lax (+1);
    with an 8-0 it is exempt (0); a Conscript 4-2-6 with the 8-0 is Lax all the same (+1)."""
    def drm(*units: dict[str, Any]) -> int:
        pos = make_position("asl", [_u("a-1", "4-6-7", "F6", "a"), *units], "CCPh", counters=COUNTERS)
        return int(asl_cc.ambush_drm(pos, pos.map.parse_label("F6"), "b")[0])

    assert drm(_u("b-g", "4-3-6", "F6")) == 1
    assert drm(_u("b-g", "4-3-6", "F6"), _u("b-l", "8-0", "F6")) == 0
    assert drm(_u("b-c", "4-2-6", "F6"), _u("b-l", "8-0", "F6")) == 1
    assert drm(_u("b-g", "4-3-6", "F6"), _u("b-l", "8-0", "F6", "a")) == 1  # an enemy leader is no help


@pytest.mark.parametrize(("with_leader", "columns"), [(False, 2), (True, 1)])
def test_a19_33_cowering_two_columns_unless_exempt(make_position: Any, with_leader: bool,
                                                   columns: int) -> None:
    """A19.33, A7.9, A19.3: the Green 4-3-6 fires alone on doubles (2,2), no leader directing: cowering moves
    the attack two columns left; with an 8-0 stacked beside it (not directing), the squad is exempt from the
    Inexperienced restriction and cowers one column, as any squad."""
    units = [_u("a-g", "4-3-6", "C3", "a"), _u("b-1", "4-4-7r", "C4")]
    if with_leader:
        units.append(_u("a-l", "8-0", "C3", "a"))
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-g at C4 dice 2,2")).text()
    assert f"Cowering: doubles, undirected: {columns} column(s) left (A7.9)" in text


def test_a15_1_hob_inexperienced_drm_is_no_a19_3_restriction(make_position: Any) -> None:
    """A15.1: the HoB +1 for Inexperienced is not among the restrictions a leader lifts (A19.31-A19.36): a
    Green 4-3-6 stacked with an 8-0 still takes it; A19.2: an SMC is never Inexperienced."""
    units = [_u("b-g", "4-3-6", "F6"), _u("b-l", "8-0", "F6")]
    pos = make_position("asl", units, "CCPh", counters=COUNTERS)
    green, leader = pos.units["b-g"], pos.units["b-l"]
    assert not au.restricted(green, pos.units.values()) and au.inexperienced(green)
    assert ("Inexperienced", 1) in [(str(t), n) for t, n, _ in am.hob_drm(green)]
    assert not au.inexperienced(leader)


@pytest.mark.parametrize(("with_leader", "broken"), [(False, True), (True, False)])
def test_a19_32_a_green_squads_lmg_breaks_down_one_lower(make_position: Any, with_leader: bool,
                                                         broken: bool) -> None:
    """A19.32, A9.7, A19.3: the German LMG's B12 is 11 in the hands of a Green 4-3-6 alone: an Original DR
    of 11 malfunctions it; with an 8-0 stacked with the squad (not directing), B12 holds and 11 does not."""
    units = [_u("a-g", "4-3-6", "C3", "a"), {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C3",
                                              "carrier": "a-g"}, _u("b-1", "4-4-7r", "C4")]
    if with_leader:
        units.append(_u("a-l", "8-0", "C3", "a"))
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-g,a-lmg at C4 dice 5,6")).text()
    assert ("a-lmg: Original DR 11: malfunctions (B#) (A9.7)" in text) is broken


@pytest.mark.parametrize(("extra", "check"), [((), "1TC"), ((("a-l", "8-0"),), "NTC"),
                                              ((("a-l", "8-0"),), "1TC")])
def test_a19_34_paatc_is_a_1tc_unless_a_green_squad_has_a_leader(make_position: Any,
                                                                 extra: tuple[tuple[str, str], ...],
                                                                 check: str) -> None:
    """A19.34, A11.6, A19.3: advancing into the T's Location, a Green 4-3-6 alone takes a 1TC PAATC; with an
    8-0 advancing beside it, a NTC; a Conscript 4-2-6 with the 8-0 (the third case) a 1TC all the same."""
    squad = "4-2-6" if check == "1TC" and extra else "4-3-6"
    counters = {**COUNTERS, "t": {"type": "vehicle", "vehicle": "demo-t-r"}}
    units = [{"id": "b-t", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3"]},
             _u("a-1", squad, "E4", "a"), *(_u(uid, c, "E4", "a") for uid, c in extra)]
    pos = make_position("asl", units, "APh", counters=counters)
    pos.push_text("advance " + ",".join(["a-1", *(uid for uid, _ in extra)]) + " E4-E5")
    top = pos.decision
    assert top is not None and top.then == "adv_paatc" and top.subject == ("a-1",)
    assert f"takes a PAATC ({check})" in str(top.prompt)


def test_a19_2_no_stealth_for_green_troops_even_with_a_leader(make_position: Any) -> None:
    """A19.2, A11.17, A11.4: a stealthy unit gives its side -1 on the ambush dr; a 4-4-7r an SSR makes
    stealthy does (-1); a Green 4-3-6 so marked never does, even stacked with an 8-0 (0)."""
    def drm(*units: dict[str, Any]) -> int:
        pos = make_position("asl", [_u("a-1", "4-6-7", "F6", "a"), *units], "CCPh", counters=COUNTERS)
        return int(asl_cc.ambush_drm(pos, pos.map.parse_label("F6"), "b")[0])

    assert drm({**_u("b-1", "4-4-7r", "F6"), "markers": ["stealthy"]}) == -1
    assert drm({**_u("b-g", "4-3-6", "F6"), "markers": ["stealthy"]}, _u("b-l", "8-0", "F6")) == 0


def test_a19_31_a_berserk_conscript_has_8_mf(make_position: Any) -> None:
    """A19.31, A15.431: a berserk Inexperienced unit has 8 MF like any berserk unit, and nothing adds to them
    (no leader's +2, no Double Time): the berserk 4-2-6 crosses 7 open hexes, H8 to H1, its unberserk twin
    may not go past 3. (Its charge, A15.43, is at the enemy squad in H1, the nearest Known enemy in LOS.)"""
    units = [{**_u("b-c", "4-2-6", "H8"), "markers": ["berserk"]}, _u("b-l", "8-0", "H8"),
             _u("b-c2", "4-2-6", "D8"), {**_u("a-1", "4-2-6", "H1"), "side": "a"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b")
    g, u = pos.game, pos.units
    assert g.group_budget([u["b-c"]]) == 8 and g.group_budget([u["b-c"]], "cx") == 8
    assert g.group_budget([u["b-c"], u["b-l"]]) == 6  # the group moves at its slowest member: the leader's 6
    assert _legal(pos, "move b-c H8-H7-H6-H5-H4-H3-H2-H1")
    assert not _legal(pos, "move b-c2 D8-D7-D6-D5-D4")
