"""CC Reaction Fire at a vehicle spending MP in the Location of enemy infantry (ccreact.py; D7.2, D7.21,
D7.213), without an OVR. Numbers from the D7.2 example: the 4-4-7 with the 9-1 attack the BU tank at CCV 6
(5 + 1 for the leader, A11.5) with the leader's -1; here there is no ambush (D7.21: none outside Street
Fighting). Stopped for its delay MP (D2.17), the tank takes no +2 (A11.51): DRM -1, so an original 7 (final 6
= CCV) immobilizes it, 5 or 6 destroy it, 4 or less (final 3 or less, half the CCV) burn it, 8 or more fail.
After its start MP it is not stopped: the 4-4-7 alone at CCV 5, DRM +2 (A11.51), so only an original 2
can harm it (the example's own point about the +2, A11.501). Counters: test_armour's demo Panzer (BU, with
MGs)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import ccreact

from .test_armour import COUNTERS

HEXES = {"E3": {"terrain": "open"}, "E4": {"terrain": "open"}, "E2": {"terrain": "open"}}


def board(make_position: Any, *extra: dict[str, Any], squad: tuple[str, ...] = (), tank: tuple[str, ...] = (),
          leader: bool = True) -> Position:
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "E3", "markers": ["vca3", *tank]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E3", "markers": list(squad)},
        *([{"id": "b-ldr", "counter": "9-1", "side": "b", "hex": "E3"}] if leader else []),
        *extra,
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    return pos


def window(pos: Position) -> tuple[str, ...]:
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b", top
    return top.choices


@pytest.mark.parametrize(("dice", "result"), [("3,4", "immobilized"), ("3,3", "destroyed"),
                                              ("2,3", "destroyed"), ("1,3", "burns"), ("4,4", "none")])
def test_d7_21_delay_mp_in_the_squads_location(make_position: Any, dice: str, result: str) -> None:
    pos = board(make_position)
    pos.push_text("move a-pz E3-E3 as delay")  # D2.17: one MP spent stopped, in the Location of b-sq
    assert ccreact.CHOICE in window(pos)  # D3.3, D7.2: the window opens for it
    pos.push_text("answer ccreact")
    top = pos.decision
    assert top is not None and top.then == ccreact.OFFER and set(top.units) == {"b-sq", "b-ldr"}
    pos.push_text("answer units b-sq")
    top = pos.decision
    assert top is not None and top.then == ccreact.LEADER
    pos.push_text("answer units b-ldr")
    paatc = pos.decision
    assert paatc is not None and paatc.then == "ovr_paatc"  # D7.21, A11.6: against an AFV
    pos.push_text("answer dice 2,3")  # 5 -1 (leader) against morale 7: passed
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc"
    assert (cc.arg("ccv"), cc.arg("drm")) == ("6", "-1")  # no +2: stopped (A11.51, D2.17); no ambush (D7.21)
    pos.push_text(f"answer dice {dice}")
    tank = pos.units["a-pz"]
    if result == "immobilized":
        assert tank.has("immobilized") and not tank.has("wreck")
    elif result == "destroyed":
        assert tank.has("wreck") and not tank.has("burning")
    elif result == "burns":
        assert tank.has("wreck") and tank.has("burning")
    else:
        assert not tank.has("wreck") and not tank.has("immobilized")
    for uid in ("b-sq", "b-ldr"):  # D7.21: First Fire counter; the CC counter if the tank survived
        unit = pos.units[uid]
        assert unit.has("first_fire") and unit.has("cc_reacted") == (result in ("immobilized", "none"))


def test_d7_21_start_mp_non_stopped_and_a_second_reaction_at_final_fire(make_position: Any) -> None:
    """D2.12: the start MP is spent in E3; the tank is no longer stopped (+2, A11.51). The 4-4-7 reacts
    alone: CCV 5, DRM +2. Its PAATC is not asked again against the same tank this phase (D7.21)."""
    pos = board(make_position, leader=False)
    pos.push_text("move a-pz E3-E3 as delay")
    pos.push_text("answer ccreact")
    pos.push_text("answer units b-sq")
    pos.push_text("answer dice 3,3")  # PAATC 6 against 7: passed
    pos.push_text("answer dice 5,5")  # 10 +0: fails; First Fire and CC counters
    while pos.decision is not None:
        pos.push_text("answer pass")
    sq = pos.units["b-sq"]
    assert sq.has("first_fire") and sq.has("cc_reacted")
    pos.push_text("move a-pz E3-E4")
    assert ccreact.CHOICE in window(pos)  # D2.12, D7.2: again, as a sequential attack (Final Fire, D7.2)
    pos.push_text("answer ccreact")
    pos.push_text("answer units b-sq")
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc"  # D7.21: no second PAATC against this tank this phase
    assert (cc.arg("ccv"), cc.arg("drm")) == ("4", "2")  # 5 -1 First Fire counter (D7.213); +2 not stopped
    pos.push_text("answer dice 4,4")
    assert pos.units["b-sq"].has("final_fire")


def test_d7_213_pinned_and_broken_units_may_not_react(make_position: Any) -> None:
    pos = board(make_position, squad=("pinned",), leader=False)
    pos.push_text("move a-pz E3-E3 as delay")
    assert pos.decision is None or ccreact.CHOICE not in pos.decision.choices  # D7.213: pinned
    pos = board(make_position, squad=("broken",), leader=False)
    pos.push_text("move a-pz E3-E3 as delay")
    assert pos.decision is None or ccreact.CHOICE not in pos.decision.choices  # D7.21: broken


def test_d7_21_only_the_non_phasing_side_and_only_in_the_window(make_position: Any) -> None:
    pos = board(make_position)
    with pytest.raises(IllegalAction):
        pos.push_text("answer ccreact")  # no window open
    assert ccreact.choices(pos, "a") == ()


def test_d7_2_not_before_the_ovr_of_the_hex_it_enters(make_position: Any) -> None:
    """D7.1, D7.2: entering a hex of enemy infantry is an OVR; its Reaction Fire follows the OVR
    (reaction.py), so the entry's own window offers no ccreact."""
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "E4", "markers": ["vca0", "motion"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E3"},
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    pos.push_text("move a-pz E4-E3")
    seen, windows = 0, 0
    while pos.decision is not None and seen < 20:
        top = pos.decision
        assert ccreact.CHOICE not in top.choices
        windows += top.kind == "react" or top.then == "ovr_react"
        if top.kind == "react":
            pos.push_text("answer pass")
        elif top.kind == "roll":
            pos.push_text("answer dice 4,6" if top.then == "vovr" else "answer dice 1,2")  # no effect
        elif top.then == "ovr_react":
            pos.push_text("answer pass")
        else:
            break
        seen += 1
    assert windows and pos.label(pos.units["a-pz"].hex) == "E3"  # the OVR happened and was reacted to


def test_d2_11_a_turn_in_place_in_the_squads_location(make_position: Any) -> None:
    """D2.11, D3.3: a tank in Motion in E3 turns in place, one hexspine at a time, before entering E2; each
    hexspine is an MP in b-sq's Location: CC Reaction Fire, not stopped (+2, A11.51): CCV 5, DRM +2."""
    pos = board(make_position, tank=("motion",), leader=False)
    pos.push_text("move a-pz E3-E2")
    top = pos.decision
    assert top is not None and top.kind == "react" and pos.label(top.target) == "E3"
    assert pos.units["a-pz"].facing != 3  # turned one hexspine already (D2.11)
    assert ccreact.CHOICE in window(pos)
    pos.push_text("answer ccreact")
    pos.push_text("answer units b-sq")
    pos.push_text("answer dice 3,3")  # PAATC passed
    cc = pos.decision
    assert cc is not None and (cc.arg("ccv"), cc.arg("drm")) == ("5", "2")


def test_d2_13_a_window_after_the_stop_counts_the_vehicle_stopped() -> None:
    """A11.51's +2 is not for a stopped vehicle: the window after a stop MP (D2.13) says so."""
    from hexmate.rules.decisions import Decision
    from hexmate.rules.text import T

    def made(rule: str) -> Decision:
        prompt = T("{unit} spent MP in {hex} ({what}, {rule}): fire at it now or pass (D3.3)", unit="a-pz",
                   hex="E3", what="x", rule=rule)
        return Decision("react", "b", prompt, "D3.3", "vinplace")

    assert ccreact.stopped_window(made("D2.13")) and not ccreact.stopped_window(made("D2.11"))


def test_d2_13_the_stop_after_an_ovr_is_another_mp_in_the_location(make_position: Any) -> None:
    """D7.2: the OVR's Reaction Fire passed, the tank stops in E3 (D2.13: 1 MP): a new MP in b-sq's Location,
    so CC Reaction Fire again, now at a stopped tank: CCV 5, DRM 0 (no +2, A11.51)."""
    units = [
        {"id": "a-pz", "counter": "pz", "side": "a", "hex": "E4", "markers": ["vca0", "motion"]},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E3"},
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes=HEXES)
    pos.push_text("move a-pz E4-E3")
    while pos.decision is not None and pos.decision.then != "vfacing":
        top = pos.decision
        if top.kind == "roll":
            pos.push_text("answer dice 4,6" if top.then == "vovr" else "answer dice 1,2")
        else:
            pos.push_text("answer pass")
    pos.push_text("answer keep")  # the stop MP (D2.13)
    assert ccreact.CHOICE in window(pos)
    pos.push_text("answer ccreact")
    pos.push_text("answer units b-sq")
    pos.push_text("answer dice 3,3")  # PAATC passed
    cc = pos.decision
    assert cc is not None and (cc.arg("ccv"), cc.arg("drm")) == ("5", "0")


def test_d7_21_a12_41_the_paatc_at_the_entry_counts_for_the_cc_reaction(make_position: Any) -> None:
    """D7.21 with A12.41: the concealed 4-4-7 in D5 took one PAATC (DR 2,2 = 4 against its morale 7: passed)
    as the Panzer entered ``as through`` (no OVR, D7.1); the window after that entry offers CC Reaction Fire
    and the squad attacks with no second PAATC: straight to its CC DR (CCV 5, +2 for the tank not stopped,
    A11.51)."""
    import dataclasses

    from hexmate.rules.games.asl import reaction

    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos = pos.at(pos.state.with_unit(dataclasses.replace(pos.units["b-sq"], concealed=True)))
    pos.push_text("move a-pz C5-D5 as through")
    assert pos.decision is not None and pos.decision.rule == "A12.41" and pos.decision.side == "b"
    pos.push_text("answer paatc")
    pos.push_text("answer dice 2,2")
    assert ccreact.CHOICE in window(pos)
    pos.push_text("answer ccreact")
    pos.push_text("answer units b-sq")
    top = pos.decision
    assert top is not None and top.then == reaction.CC and top.subject == ("b-sq",)


def test_d7_2_a8_31_a_final_fire_unit_reacts_as_fpf_its_dr_also_its_nmc(make_position: Any) -> None:
    """D7.2: a unit reacts as often as it could First or Final Fire; with a Final Fire counter its attack is
    FPF, whose Original DR is also its own NMC (A8.31), outside an Overrun too and at a truck without PRC
    (D7.212's exception only spares it the duty to react). The 4-4-7 (morale 7) with a Final Fire counter
    attacks the truck that spent a delay MP in E3 (stopped: no +2, A11.51; unarmored: no PAATC): CCV 5 - 1
    (D7.213) = 4; DR 5,6 = 11 harms nothing and, as its NMC, breaks it."""
    truck = {"truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "a-tr", "counter": "truck", "side": "a", "hex": "E3", "markers": ["vca3"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E3", "markers": ["final_fire"]}]
    pos: Position = make_position("asl", units, "MPh", counters={**COUNTERS, **truck}, hexes=HEXES)
    pos.push_text("move a-tr E3-E3 as delay")
    pos.push_text("answer ccreact")
    pos.push_text("answer units b-sq")
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc" and cc.arg("ccv") == "4" and cc.arg("fpf") == "b-sq"
    pos.push_text("answer dice 5,6")
    while pos.decision is not None and pos.decision.side == "b" and pos.decision.kind == "roll":
        pos.push_text("answer dice 1,1")
    assert pos.units["b-sq"].has("broken") and not pos.units["a-tr"].has("wreck")


def test_d7_2_two_units_attack_at_one_mp(make_position: Any) -> None:
    """D7.2: each unit may react as often as it could First Fire: at the tank's delay MP in E3 the 4-4-7
    attacks (PAATC 3,3 = 6 against 7: passed; CC 5,5 = 10 against CCV 5: nothing), then the window opens
    again and the second 4-4-7 attacks too; the first may not attack again at this MP, and with both done
    the window offers no CC Reaction Fire."""
    second = {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "E3"}
    pos = board(make_position, second, leader=False)
    pos.push_text("move a-pz E3-E3 as delay")
    pos.push_text("answer ccreact")
    assert pos.decision is not None and set(pos.decision.units) == {"b-sq", "b-sq2"}
    pos.push_text("answer units b-sq")
    pos.push_text("answer dice 3,3")
    pos.push_text("answer dice 5,5")
    assert ccreact.CHOICE in window(pos)
    pos.push_text("answer ccreact")
    assert pos.decision is not None and pos.decision.units == ("b-sq2",)
    with pytest.raises(IllegalAction):
        pos.push_text("answer units b-sq")
    pos.push_text("answer units b-sq2")
    pos.push_text("answer dice 3,3")
    pos.push_text("answer dice 5,5")
    assert pos.units["b-sq2"].has("first_fire") and pos.units["b-sq"].has("first_fire")
    assert ccreact.CHOICE not in window(pos)
    pos.push_text("answer pass")


# --- cavalry (D7.21: infantry and cavalry react; A13.4, A13.52) ---

CAVALRY = {**COUNTERS, "HORSE3": {"type": "sw", "sw": "horse", "fp": 0, "range": 0, "pp": 0, "horses": 3}}


def mounted(make_position: Any) -> Position:
    """b-sq rides b-horse in E3 (A13.1); no leader there."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "E3", "markers": ["vca3"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E3", "markers": ["mounted"]},
             {"id": "b-horse", "counter": "HORSE3", "side": "b", "hex": "E3", "carrier": "b-sq"}]
    pos: Position = make_position("asl", units, "MPh", counters=CAVALRY, hexes=HEXES)
    pos.push_text("move a-pz E3-E3 as delay")
    pos.push_text("answer ccreact")
    return pos


def test_d7_21_mounted_cavalry_reacts_at_its_squads_ccv(make_position: Any) -> None:
    """D7.21: cavalry may attack by CC Reaction Fire; A13.4: its FP (so its CCV, A11.5) is not halved in CC:
    the squad's 5, the stopped tank's DRM 0."""
    pos = mounted(make_position)
    top = pos.decision
    assert top is not None and top.then == ccreact.OFFER and set(top.units) == {"b-sq"}
    pos.push_text("answer units b-sq")
    assert pos.decision is not None and pos.decision.then == "ovr_paatc"  # A11.6: an MMC against an AFV
    pos.push_text("answer dice 3,3")  # 6 against morale 7: passed
    cc = pos.decision
    assert cc is not None and cc.then == "ovr_cc" and (cc.arg("ccv"), cc.arg("drm")) == ("5", "0")


def test_a13_52_cavalry_failing_its_paatc_is_not_pinned_and_does_not_attack(make_position: Any) -> None:
    pos = mounted(make_position)
    pos.push_text("answer units b-sq")
    pos.push_text("answer dice 5,5")  # 10 against morale 7: failed
    assert not pos.units["b-sq"].has("pinned")  # A13.52: cavalry is never pinned
    assert pos.decision is None or pos.decision.then != "ovr_cc"  # D7.21: no attack after a failed PAATC
