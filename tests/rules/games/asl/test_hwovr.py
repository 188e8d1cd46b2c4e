"""The Overrun of the Human Wave's AFV entering an enemy Location with its HW units (hwovr.py: D7.1 with
A25.233, D14.33, D14.32), on test_hwaa's board: the Russian wave, its demo tank (16 MP, in Motion) in P1
with the two squads beneath it, the row the hexrow P1-P5; a German 2-4-7 HS in P3. The rule's numbers: 1 MP an
Open Ground hex (D2.1), a quarter of the printed MPA (FRU) for the OVR (D7.1): 16 / 4 = 4; the OVR's FP
(D7.11): 2 for an AFV, doubled to 4 for a gun MA without IFE, plus its MGs' FP tripled (TPBF) and halved:
(2 + 2) x 3 / 2 = 6, 10 FP in all."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, hw

from .test_hwaa import P1, game, state_of, step_on, wave

HS = {"id": "b-2", "counter": "2-4-7", "side": "b", "hex": "P3"}


def in_p2(*more: dict[str, Any]) -> Position:
    """Impulse 1 made: the tank and its squads in P2 (1 MP, 1 MF), the other stacks on."""
    pos = wave(*more, row="hexrow-p1-p2-p3-p4-p5")
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    while state_of(pos).impulse == 1:
        step_on(pos)
    return pos


def rest_of_impulse(pos: Position) -> None:
    """The other HW stacks' entries of the impulse (each into its last lit Location)."""
    while pos.decision is None and state_of(pos).impulse == 2:
        w = state_of(pos)
        todo = [u for u in w.units
                if u not in dict(w.acted) and hw.step_options(game(pos), pos, w, pos.units[u])]
        first = pos.units[todo[0]]
        assert first.hex is not None
        ids = ",".join(u for u in todo if pos.units[u].hex == first.hex)
        to = sorted(hw.step_options(game(pos), pos, w, first), key=lambda h: (h.q, h.r))[-1]
        pos.push_text(f"move {ids} {pos.label(first.hex)}-{pos.label(to)}")


def test_d7_1_a25_233_the_joint_entry_into_enemy_infantry_is_the_afv_s_overrun() -> None:
    """D7.1: the tank entering P3 with its squads overruns the HS: 1 + 4 = 5 MP, the vehicles' impulse's
    (D14.33; 1 + 5 = 6 MP in all), the squads' 1 MF. No attack as it enters: D7.1 puts the First Fire at its
    MP (and at the HW units' MF) first, which D14.32 holds to the impulse's end. There the HS's First Fire
    (A8.312: it must attack the infantry in its Location), and only then the OVR's IFT DR with 10 FP. The
    squads in the HS's Location start the next impulse with a Known armed enemy: HW units no more (A25.234);
    CC follows in the CCPh."""
    pos = in_p2(HS)
    assert f"move a-t,{P1} P2-P3 cost 5 as armored-assault" in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text(f"move a-t,{P1} P2-P3 as armored-assault")
    assert pos.decision is None and not any(d.then == "vovr" for d in pos.state.decisions)
    assert dict(state_of(pos).vacts) == {"a-t": 5} and armour.spent_of(pos.units["a-t"]) == 6
    assert dict(state_of(pos).acted) == {"a-p10": 1, "a-p11": 1}
    rest_of_impulse(pos)
    top = pos.decision
    assert top is not None and top.kind == "react" and top.rule == "D14.32"
    pos.push_text("fire b-2 at P3 dice 5,5")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    ovr = pos.decision
    assert ovr is not None and ovr.then == "vovr" and ovr.subject == ("a-t",)
    assert pos.label(ovr.target) == "P3"
    assert "10 FP" in str(ovr.prompt)
    pos.push_text("answer dice 6,5")
    w = state_of(pos)
    assert w.impulse == 3 and not {"a-p10", "a-p11"} & set(w.units)
    assert all(pos.label(pos.units[u].hex) == "P3" for u in ("a-p10", "a-p11", "b-2"))


@pytest.mark.parametrize(("enemy", "match"), [
    ({"id": "b-pz", "counter": "pz", "side": "b", "hex": "P3", "markers": ["vca3"]},
     r"an enemy AFV is there"),
    ({"id": "b-ldr", "counter": "8-0", "side": "b", "hex": "P3"}, r"only a lone SMC is in P3"),
])
def test_d2_6_a25_233_what_the_joint_entry_is_not_offered_into(enemy: dict[str, Any], match: str) -> None:
    """D2.6: no impulse ends in an enemy AFV's hex; A25.233: a lone SMC's Location is the HW units' own
    infantry Overrun (not built with the AFV): both refused, not offered."""
    pos = in_p2(enemy)
    assert not any("P2-P3" in a.text(pos.label) for a in pos.legal_actions if "a-t," in a.text(pos.label))
    with pytest.raises(IllegalAction, match=match):
        pos.push_text(f"move a-t,{P1} P2-P3 as armored-assault")


def test_d7_1_d7_21_the_joint_entry_without_the_overrun_meets_cc_reaction_fire() -> None:
    """D7.1's "may": the tank enters P3 with its squads without the OVR: 1 MP for the Open Ground hex, no
    quarter of 16, so 1 + 1 = 2 MP spent and the vehicles' impulse costs 1 (the OVR entry at 5 stays on
    offer beside it). No attack as it enters (D14.32); at the impulse's end the window offers the HS CC
    Reaction Fire at the tank (D7.21), and no OVR follows."""
    pos = in_p2(HS)
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert f"move a-t,{P1} P2-P3 cost 1 as armored-assault+through" in offered
    assert f"move a-t,{P1} P2-P3 cost 5 as armored-assault" in offered
    pos.push_text(f"move a-t,{P1} P2-P3 as armored-assault+through")
    assert pos.decision is None and dict(state_of(pos).vacts) == {"a-t": 1}
    assert armour.spent_of(pos.units["a-t"]) == 2 and dict(state_of(pos).acted) == {"a-p10": 1, "a-p11": 1}
    rest_of_impulse(pos)
    window = pos.decision
    assert window is not None and window.kind == "react" and window.rule == "D14.32"
    assert "ccreact" in window.choices
    pos.push_text("answer ccreact")
    pick = pos.decision
    assert pick is not None and pick.rule == "D7.21" and pick.subject == ("a-t",) and pick.units == ("b-2",)
    pos.push_text("answer units b-2")
    pos.push_text("answer dice 2,3")  # the PAATC (A11.6), passed
    pos.push_text("answer dice 6,6")  # the CC DR: no effect
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert not any(d.then == "vovr" for d in pos.state.decisions)
    assert state_of(pos).impulse == 3 and not pos.units["a-t"].has("hw_through")


def test_d7_1_the_joint_entry_without_the_overrun_only_where_it_would_overrun() -> None:
    """D7.1: the choice is the OVR's: into P2 with no enemy there the word is refused and not offered."""
    pos = wave()
    assert not any(a.text(pos.label).endswith("armored-assault+through") for a in pos.legal_actions)
    with pytest.raises(IllegalAction, match=r"a-t would not overrun P2") as no:
        pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault+through")
    assert no.value.rule == "D7.1"
