"""A Human Wave with an AFV platoon, the platoon's own parts (hwplt.py: D14.331's exception, D14.21).

On test_hwaa's board (test_hw's wave, the hexrow P7-P10, every hex Open Ground but where said): the radioless
platoon A (a T-26S M37, 11 MP) stopped in P1 and B (a T-26 M33, 12 MP) stopped in Q2, both red MP, VCA
towards P2/Q3 (test_impulse's D14 example values), each with the two squads that begin the MPh beneath it.
The rule's numbers: 1 MP to start (D2.12), 1 MP an Open Ground hex, half the MP into woods with a bog DR of
+3 and the AFV's own DRM (D2.1, D8.21); a mechanical reliability DR of 12 immobilizes (D2.51)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, hwaa, hwplt, vbypass

from .test_hwaa import P1, Q2, REST, game, platoon_started, platoon_wave, started, state_of, the_rest


def test_d14_331_a_platoon_afv_no_hw_unit_goes_with_enters_a_hex_alone_with_the_wave(tmp_path: Path) -> None:
    """D14.331's exception with D14.31: B, whose squads left it in impulse 1, goes on moving in the wave's
    impulses while A still gives its squads Armored Assault. Impulse 2: A enters P2 with its squads (1 MP,
    Open Ground, D2.1) and B enters Q3 of its VCA alone (1 MP), each its one MP action; no window as B
    enters (D14.32: the impulse's end); the vehicles' impulse costs 1 MP: 2 MP each in all, both in Motion,
    P2 next to Q3 (D14.21). A, with its squads, enters only with them; B makes one MP action an impulse."""
    pos = platoon_wave(tmp_path)
    pos.push_text(f"move {Q2} Q2-Q3")
    started(pos, "move A P1 as afv-start")
    started(pos, "move B Q2 as afv-start")
    the_rest(pos, *REST)
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move B Q2-Q3 cost 1 as afv-alone" in offered
    assert not any(a.startswith("move A ") and "afv-alone" in a for a in offered)
    with pytest.raises(IllegalAction, match=r"HW units still go with A.*D14\.331\)"):
        pos.push_text("move A P1-P2 as afv-alone")
    with pytest.raises(IllegalAction, match=r"not in B's VCA.*D14\.31, D2\.11\)"):
        pos.push_text("move B Q2-R2 as afv-alone")
    pos.push_text(f"move A,a-l,{P1} P1-P2 as armored-assault")
    pos.push_text("move B Q2-Q3 as afv-alone")
    assert pos.decision is None  # D14.32: no window mid-impulse
    assert pos.label(pos.units["B"].hex) == "Q3" and pos.units["B"].has("motion")
    assert dict(state_of(pos).vacts) == {"A": 1, "B": 1}
    with pytest.raises(IllegalAction, match=r"B has made its one MP action in this impulse \(D14\.31\)"):
        pos.push_text("move B Q3-Q4 as afv-alone")
    pos.push_text("move a-o10,a-o11 O2-O3")
    pos.push_text("move a-q20,a-q21 Q3-Q4")
    pos.push_text("move a-r20,a-r21 R3-R4")  # the impulse's end: its First Fire may take B in Q3 too
    assert pos.decision is not None and pos.decision.kind == "react"
    assert [u.id for u in hwaa.afv_targets(game(pos), pos)] == ["A", "B"]
    assert hwaa.window_hex(game(pos), pos, pos.map.parse_label("Q3"))
    while pos.decision is not None:
        pos.push_text("answer pass")
    w = state_of(pos)
    assert (w.impulse, w.vspent) == (3, 2) and [armour.spent_of(pos.units[t]) for t in "AB"] == [2, 2]
    pos.push_text("move A P2 as afv-part")  # D14.331: the whole platoon has stopped its Armored Assault
    with pytest.raises(IllegalAction, match=r"no AFV of the platoon gives HW units Armored Assault"):
        pos.push_text("move B Q3-Q4 as afv-alone")


def test_d14_21_the_wave_s_platoon_rolls_one_mechanical_reliability_dr_before_the_impulse_s_fire(
        tmp_path: Path) -> None:
    """D14.21 with D2.51: A and B (red MP) start in the wave's impulse 1; no DR as each starts: at the
    impulse's end, before its attacks (D14.32), one DR for both, each with its DRM (0). A 12 falls on both:
    Random Selection (a dr, shared out evenly: 1-3 the first) names A, immobilized (D8.1); B goes on."""
    pos = platoon_wave(tmp_path)
    pos.push_text("move A P1 as afv-start")
    pos.push_text("move B Q2 as afv-start")
    assert pos.decision is None and all(pos.units[t].has(hwplt.MR_DUE) for t in "AB")
    pos.push_text(REST[0])
    pos.push_text(REST[1])  # the impulse's last entry
    top = pos.decision
    assert top is not None and (top.kind, top.rule, top.subject) == ("roll", "D2.51", ("A", "B"))
    assert not any(pos.units[t].has(hwplt.MR_DUE) for t in "AB")
    pos.push_text("answer dice 6,6")
    top = pos.decision
    assert top is not None and (top.rule, top.subject) == ("D14.21", ("A", "B"))
    pos.push_text("answer dice 2")
    assert pos.units["A"].has("immobilized") and not pos.units["B"].has("immobilized")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert state_of(pos).impulse == 2


def test_d14_21_the_wave_s_platoon_rolls_its_bog_dr_at_the_impulse_s_end(tmp_path: Path) -> None:
    """D14.21 with D8.21: A's joint entry into the woods of P2 (half its MP) calls for a bog DR; it waits
    for the impulse's end, the platoon's one bog DR (A's own DRM with it); a DR short of 12 bogs none."""
    pos = platoon_wave(tmp_path, {"P2": {"terrain": "woods"}})
    platoon_started(pos)
    pos.push_text(f"move A,a-l,{P1} P1-P2 as armored-assault")
    assert pos.decision is None and any(m.startswith(hwplt.BOG_DUE) for m in pos.units["A"].markers)
    pos.push_text(f"move B,{Q2} Q2-Q3 as armored-assault")
    pos.push_text("move a-o10,a-o11 O2-O3")
    pos.push_text("move a-r20,a-r21 R3-R4")
    top = pos.decision
    assert top is not None and (top.kind, top.rule, top.subject) == ("roll", "D8.21", ("A",))
    assert int(top.arg("drm:A")) >= 3  # D8.21: +3 entering woods, and the AFV's own
    pos.push_text("answer dice 2,3")
    assert not pos.units["A"].has("bogged")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert state_of(pos).impulse == 3


HID = {"id": "b-hid", "counter": "4-6-7", "side": "b", "hex": "A10", "concealed": True}
DUMMY = {"id": "b-dm", "counter": "dummy", "side": "b", "hex": "A10", "concealed": True}
PZ = {"id": "b-pz", "counter": "pz", "side": "b", "hex": "A10", "markers": ["vca1"]}
IMPULSE_2 = ("move a-o10,a-o11 O2-O3", "move a-q20,a-q21 R2-R3", "move a-r20,a-r21 R3-R4")


def alone_going(tmp_path: Path, hexes: dict[str, Any] | None = None, *enemy: dict[str, Any]) -> Position:
    """Impulse 1: B's squads leave it for R2 (D14.331), A and B start (1 MP, D2.12), the rest enter O2, R3;
    the ``enemy`` (set up far off, as no HW unit may begin beside one, A25.23) are now in Q3, B's VCA hex;
    impulse 2 is to be made, A entering P2 with its squads."""
    pos = platoon_wave(tmp_path, hexes, *enemy)
    pos.push_text(f"move {Q2} Q2-R2")
    started(pos, "move A P1 as afv-start")
    started(pos, "move B Q2 as afv-start")
    the_rest(pos, *REST)
    for e in enemy:
        pos = pos.at(pos.state.with_unit(pos.units[e["id"]].at(pos.map.parse_label("Q3"))))
    pos.push_text(f"move A,a-l,{P1} P1-P2 as armored-assault")
    return pos


def test_d14_331_d7_1_an_alone_afv_overruns_at_the_wave_s_impulse_s_end(tmp_path: Path) -> None:
    """D7.1: B (12 MP) entering Q3, the concealed German squad's Location, overruns it: 1 MP for the Open
    Ground hex plus a quarter of 12 (3), 4 MP, the vehicles' impulse's (D14.33). A12.41 first: the owner
    takes one PAATC as B enters (DR 2: passed, the "?" stays). No window then (D14.32); at the impulse's end
    the wave's First Fire window, and only then the OVR's IFT DR (D7.1: after the First Fire at its MP): B's
    4 FP (D7.11: 2, doubled for a gun MA without IFE, no MG). DR 11 does nothing; the squad may then attack
    B by CC Reaction Fire (D7.2, D7.21). B has spent 1 + 4 = 5 MP, the platoon's impulses 5 (D14.31)."""
    pos = alone_going(tmp_path, None, HID)
    assert "move B Q2-Q3 cost 4 as afv-alone" in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("move B Q2-Q3 as afv-alone")
    ask = pos.decision
    assert ask is not None and ask.rule == "A12.41" and ask.side == "b"
    pos.push_text("answer paatc")
    pos.push_text("answer dice 1,1")
    assert pos.units["b-hid"].concealed and pos.decision is None
    assert dict(state_of(pos).vacts) == {"A": 1, "B": 4}
    pos.push_text(IMPULSE_2[0])
    pos.push_text(IMPULSE_2[1])
    assert pos.decision is None and not any(d.then == "vovr" for d in pos.state.decisions)
    pos.push_text(IMPULSE_2[2])
    order = []
    while pos.decision is not None and pos.decision.kind == "react":
        order.append(pos.decision.rule)
        pos.push_text("answer pass")
    ovr = pos.decision
    assert order == ["D14.32"]
    assert ovr is not None and ovr.then == "vovr" and ovr.subject == ("B",) and pos.label(ovr.target) == "Q3"
    assert "4 FP" in str(ovr.prompt)
    pos.push_text("answer dice 6,5")
    react = pos.decision
    assert react is not None and react.then == "ovr_react" and react.rule == "D7.21" and react.side == "b"
    w = state_of(pos)
    assert (w.impulse, w.vspent) == (3, 5) and armour.spent_of(pos.units["B"]) == 5


def test_d14_331_a12_41_an_alone_entry_into_a_dummy_only_location_spends_no_ovr_mp(tmp_path: Path) -> None:
    """A12.41 with D7.1: the OVR's MP are spent once the owner's answer is given; he reveals the dummy in Q3
    and it is removed (A12.14): no one to overrun, so B has spent the hex's 1 MP alone (1 + 1 = 2 MP), the
    vehicles' impulse costs 1, and no OVR attack comes at the impulse's end."""
    pos = alone_going(tmp_path, None, DUMMY)
    pos.push_text("move B Q2-Q3 as afv-alone")
    pos.push_text("answer reveal")
    assert "b-dm" not in pos.units and pos.decision is None
    assert dict(state_of(pos).vacts) == {"A": 1, "B": 1} and armour.spent_of(pos.units["B"]) == 2
    the_rest(pos, *IMPULSE_2)
    assert pos.decision is None and state_of(pos).vspent == 2


def test_d14_331_d2_6_no_alone_entry_into_an_enemy_afv_s_hex(tmp_path: Path) -> None:
    """D2.6: an enemy AFV in Q3 (its crew not exposed, nothing to overrun, D7.12): the impulse would end
    there, so the entry is refused (and not offered)."""
    pos = alone_going(tmp_path, None, PZ)
    assert not any(a.text(pos.label).startswith("move B Q2-Q3") for a in pos.legal_actions)
    with pytest.raises(IllegalAction, match=r"B may not end an impulse in Q3: an enemy AFV is there") as no:
        pos.push_text("move B Q2-Q3 as afv-alone")
    assert no.value.rule == "D2.6"


def test_d14_31_d2_3_an_alone_afv_bypasses_one_hexside_an_impulse(tmp_path: Path) -> None:
    """D14.31 names one hexside of VBM among an impulse's one-MP actions: B bypasses the woods of Q3 along
    the hexside it shares with P2 (its two VCA hexes), for twice the Open Ground cost (D2.3: 2 MP, no bog
    DR), straddling that hexside. Next impulse it goes on into P3, F at its CAFP, for 1 MP (D2.33); a VCA
    change in place and a bypass round its CAFP are refused (D2.33). Entering Q3's woods instead would cost
    half its MP, 6 (D2.1)."""
    pos = alone_going(tmp_path, {"Q3": {"terrain": "woods"}})
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert {"move B Q2-Q3 cost 2 as afv-alone-bypass", "move B Q2-Q3 cost 6 as afv-alone"} <= set(offered)
    with pytest.raises(IllegalAction, match=r"bypass is only around a woods or building obstacle") as no:
        pos.push_text("move B Q2-P2 as afv-alone-bypass")
    assert no.value.rule == "D2.31"
    pos.push_text("move B Q2-Q3 as afv-alone-bypass")
    b = pos.units["B"]
    assert pos.decision is None and pos.label(b.hex) == "Q3"
    assert vbypass.across_of(b) == pos.map.parse_label("P2")  # D2.32: astride the Q3-P2 hexside
    assert dict(state_of(pos).vacts) == {"A": 1, "B": 2}
    the_rest(pos, *IMPULSE_2)
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert (state_of(pos).vspent, armour.spent_of(pos.units["B"])) == (3, 3)
    for text in ("move B Q3 as afv-cw", "move B Q3-Q4 as afv-alone-bypass"):
        with pytest.raises(IllegalAction) as no:
            pos.push_text(text)
        assert no.value.rule == "D2.33"
    assert "move B Q3-P3 cost 1 as afv-alone" in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("move B Q3-P3 as afv-alone")
    assert pos.label(pos.units["B"].hex) == "P3" and vbypass.across_of(pos.units["B"]) is None


SQUAD = {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "A10"}


def test_d7_1_d7_21_an_alone_afv_may_enter_without_its_ovr_and_meets_cc_reaction_fire(tmp_path: Path) -> None:
    """D7.1's "may": B (12 MP) enters Q3, the German squad's Location, without the OVR: 1 MP for the Open
    Ground hex, no quarter of 12, so B has spent 1 + 1 = 2 MP and the vehicles' impulse costs 1 (beside it the
    OVR entry at 4 stays on offer). Into a hex with no one to overrun the word is refused. No window as B
    enters (D14.32); at the impulse's end the wave's window offers the squad CC Reaction Fire at B (D7.21):
    PAATC DR 5 passed (A11.6), then CCV 5 (a squad, A11.5), -1 no working MG, +2 B not stopped (A11.51): a CC
    DR of 2,2 makes 5, equal to the CCV: B is immobilized (A11.5). No OVR attack follows, and B may overrun
    again in a later impulse (its ``through`` is that entry's only, D7.14)."""
    pos = alone_going(tmp_path, None, SQUAD)
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move B Q2-Q3 cost 1 as afv-alone-through" in offered
    assert "move B Q2-Q3 cost 4 as afv-alone" in offered
    assert not any(a.startswith("move B Q2-P2") and a.endswith("afv-alone-through") for a in offered)
    with pytest.raises(IllegalAction, match=r"B would not overrun P2: enter it as afv-alone") as no:
        pos.push_text("move B Q2-P2 as afv-alone-through")
    assert no.value.rule == "D7.1"
    pos.push_text("move B Q2-Q3 as afv-alone-through")
    assert pos.decision is None and pos.label(pos.units["B"].hex) == "Q3"
    assert dict(state_of(pos).vacts) == {"A": 1, "B": 1} and armour.spent_of(pos.units["B"]) == 2
    the_rest(pos, *IMPULSE_2[:2])
    pos.push_text(IMPULSE_2[2])
    window = pos.decision
    assert window is not None and window.rule == "D14.32" and "ccreact" in window.choices
    pos.push_text("answer ccreact")
    pick = pos.decision
    assert pick is not None and pick.rule == "D7.21" and pick.subject == ("B",) and pick.units == ("b-sq",)
    pos.push_text("answer units b-sq")
    pos.push_text("answer dice 2,3")  # the PAATC (A11.6)
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert res is not None
    lines = {(str(line.label), str(line.value)) for line in res.lines}
    assert {("Close Combat Value", "5"), ("no working MG", "-1"),
            ("the vehicle is in Motion or not stopped", "+2"), ("CC DRM", "+1")} <= lines
    assert pos.units["B"].has("immobilized")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.decision is None and state_of(pos).impulse == 3
    assert not pos.units["B"].has("through") and not pos.units["B"].has("hw_through")
