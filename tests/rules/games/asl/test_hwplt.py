"""A Human Wave with an AFV platoon, the platoon's own parts (hwplt.py: D14.331's exception, D14.21).

On test_hwaa's board (test_hw's wave, the hexrow P7-P10, every hex Open Ground but where said): the radioless
platoon A (a T-26S M37, 11 MP) stopped in P1 and B (a T-26 M33, 12 MP) stopped in Q2, both red MP, VCA
towards P2/Q3 (test_impulse's D14 example values), each with the two squads that begin the MPh beneath it.
The rule's numbers: 1 MP to start (D2.12), 1 MP an Open Ground hex, half the MP into woods with a bog DR of
+3 and the AFV's own DRM (D2.1, D8.21); a mechanical reliability DR of 12 immobilizes (D2.51)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, hwaa, hwplt

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


def test_d14_331_d7_1_an_alone_entry_into_enemy_units_is_refused_as_not_built(tmp_path: Path) -> None:
    """D7.1 foresees an Overrun by an AFV whose infantry go with it by Human Wave, and nothing in D14.331-
    D14.333 or A25.232 bars B, alone in the wave's impulses, from one: the entry into Q3 holding the Russian
    squad b-1 is refused as not built (citing D7.1, not as barred) and not offered."""
    pos = platoon_wave(tmp_path)
    pos.push_text(f"move {Q2} Q2-Q3")
    started(pos, "move A P1 as afv-start")
    started(pos, "move B Q2 as afv-start")
    the_rest(pos, *REST)
    pos = pos.at(pos.state.with_unit(pos.units["b-1"].at(pos.map.parse_label("Q3"))))
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert not any(a.startswith("move B Q2-Q3") for a in offered)
    with pytest.raises(IllegalAction, match=r"Q3 holds enemy units: D7\.1 lets .* not built yet") as refused:
        pos.push_text("move B Q2-Q3 as afv-alone")
    assert refused.value.rule == "D7.1"
