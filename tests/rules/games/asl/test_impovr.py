"""Overrun in platoon impulses (impovr.py: D7.1, D7.13, D7.2 with D14.32), on test_impulse.py's board."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexmate.rules.errors import IllegalAction

from .test_impulse import end, spent, table, texts


def test_d14_32_d7_1_an_overrun_in_an_impulse(tmp_path: Path) -> None:
    """D7.1 with D14.31-D14.32: A in Motion enters Z4, a hex of an enemy squad, for 1 MP plus a quarter of its
    11 MP (FRU): 4, the impulse's cost (B enters AA5 for 1). Its OVR comes at the impulse's end, after the
    bog DRs and Defensive First Fire (none can hurt it here): its IFT DR, then the squad's chance of
    Reaction Fire (D7.2), after which the platoon's next impulse may begin."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion",
                more=({"id": "sq", "counter": "4-4-7", "side": "b", "hex": "3Z4"},))
    assert "move A 3Y5-3Z4 cost 4 as impulse" in texts(pos)
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [4, 4]
    top = pos.decision
    assert top is not None and top.then == "vovr" and top.side == "a"
    assert top.target == pos.map.parse_label("3Z4")
    pos.push_text("answer dice 5,5")  # no effect on 4 FP
    top = pos.decision
    assert top is not None and top.then == "ovr_react" and top.side == "b"
    pos.push_text("answer pass")
    assert pos.decision is None and not pos.units["A"].has("imp_react")
    assert "move B 3AA5 cost 1 as impulse_delay" in texts(pos)


def test_d7_13_no_overrun_in_reverse_in_an_impulse(tmp_path: Path) -> None:
    """D7.13: no Overrun in reverse; it bars the OVR, not the entry (D7.1's "may"). A backs into Y6, an enemy
    squad's hex, at 4 x its open ground 1 MP (D2.21: the demo REV of 4), with no quarter MPA added and no OVR
    at the impulse's end."""
    from hexmate.rules.games.asl import impovr

    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", more=(
        {"id": "sq", "counter": "4-4-7", "side": "b", "hex": "3Y6"},))
    pos.push_text("move A 3Y5 as impulse_start_rev")
    pos.push_text("move B 3Z5 as impulse_start_rev")
    end(pos)
    pos.push_text("answer dice 3,4")
    while pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")
    assert "move A 3Y5-3Y6 cost 4 as impulse_rev" in texts(pos)
    pos.push_text("move A 3Y5-3Y6 as impulse_rev")
    assert pos.decision is None  # a known squad: no A12.41 question
    assert not any(m.startswith(impovr.OVR) for m in pos.units["A"].markers)
    pos.push_text("move B 3Z5-3Z6 as impulse_rev")
    end(pos, quiet=True)
    assert [spent(pos, u) for u in "AB"] == [5, 5]
    assert pos.decision is None or pos.decision.then not in ("vovr", "ovr_react")


def test_d7_1_d7_14_an_impulse_entry_without_the_overrun(tmp_path: Path) -> None:
    """D7.1's "may", hex by hex (D7.14): the same entry of A into Z4 as test above, made ``as
    impulse_through``: 1 MP without the quarter of 11 (the impulse costs 1), and no OVR at its end."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion",
                more=({"id": "sq", "counter": "4-4-7", "side": "b", "hex": "3Z4"},))
    assert "move A 3Y5-3Z4 cost 1 as impulse_through" in texts(pos)
    assert pos.game.listed_move(pos, pos.parse_action("move A 3Y5-3Z4 as impulse_through"))  # on the page
    passing = [t for t in texts(pos) if t.endswith(" as impulse_through")]
    assert passing == ["move A 3Y5-3Z4 cost 1 as impulse_through", "move B 3Z5-3Z4 cost 1 as impulse_through"]
    with pytest.raises(IllegalAction, match=r"would not overrun 3AA5.*D7\.1"):
        pos.push_text("move B 3Z5-3AA5 as impulse_through")  # nobody there: a plain entry
    pos.push_text("move A 3Y5-3Z4 as impulse_through")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [1, 1]
    while pos.decision is not None and pos.decision.then == "vimpulse":  # Defensive First Fire: passed
        assert pos.decision.then != "vovr"
        pos.push_text("answer pass")
    assert pos.decision is None or pos.decision.then not in ("vovr", "ovr_react")
    tank = pos.units["A"]
    assert pos.label(tank.hex) == "3Z4" and not any(m.startswith("imp_ovr") for m in tank.markers)


def test_d7_21_cc_reaction_fire_after_an_impulse_entry_without_the_overrun(tmp_path: Path) -> None:
    """D7.2, D7.21: CC Reaction Fire may follow any MP a vehicle spends in the Location of non-phasing
    infantry, not only an OVR; in impulses the defender's chance comes in the window at the impulse's end
    (D14.32). A enters Z4, the 4-4-7's hex, as impulse_through (no OVR): the window there offers it. The
    4-4-7 takes its PAATC first (A11.6, D7.21): 3,4 = 7 against morale 7, passed. Its CC DR against the
    T-26 (CCV 5, as in the D7.2 example's 4-4-7 alone): +2 for a vehicle in Motion, -1 for one without an MG
    (A11.51): +1, so an original 4 (final 5 = CCV) immobilizes it (A11.5). It survived: the squad gets its CC
    and First Fire counters (D7.21), and the window opens again without the choice (D7.2: it attacked at this
    MP). The OVR entry of the test above offers no such window: its Reaction Fire follows the OVR (D7.1)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion",
                more=({"id": "sq", "counter": "4-4-7", "side": "b", "hex": "3Z4"},))
    pos.push_text("move A 3Y5-3Z4 as impulse_through")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and top.side == "b" and "ccreact" in top.choices
    assert top.target == pos.map.parse_label("3Z4")
    pos.push_text("answer ccreact")
    top = pos.decision
    assert top is not None and top.units == ("sq",)
    pos.push_text("answer units sq")
    pos.push_text("answer dice 3,4")  # PAATC passed
    top = pos.decision
    assert top is not None and top.then == "ovr_cc" and "CCV 5, DRM +1" in str(top.prompt)
    pos.push_text("answer dice 2,2")
    assert pos.units["A"].has("immobilized")
    assert pos.units["sq"].has("cc_reacted") and pos.units["sq"].has("first_fire")
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and "ccreact" not in top.choices
    pos.push_text("answer pass")
    assert pos.decision is None or pos.decision.then not in ("vovr", "ovr_react", "vimpulse")


def test_d7_21_d14_32_two_platoon_afvs_in_the_defenders_hex_the_defender_picks_one(tmp_path: Path) -> None:
    """D14.32: the platoon's AFVs are one stack and spent the impulse's MP together; the D14 example's AT Gun
    fires at one of them in a 1 MP impulse and may not fire at another. A and B start in Z4 with the 4-4-7
    (the squad there from an earlier phase) and each turns its VCA one hexspine (1 MP). The window offers CC
    Reaction Fire at either (A11.5: each CC attack is at one vehicle): the defender picks B. PAATC 3,4 = 7
    against morale 7: passed; CC DR 6,6, no effect. Then the window opens again without the choice: the
    squad attacked at the impulse's one MP (D7.2: as often as it could First Fire), A is not offered."""
    pos = table(tmp_path, {"A": "Z4", "B": "Z4"}, "vca1", "motion",
                more=({"id": "sq", "counter": "4-4-7", "side": "b", "hex": "3Z4"},))
    pos.push_text("move A 3Z4 as impulse_cw")
    pos.push_text("move B 3Z4 as impulse_cw")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [1, 1]
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and "ccreact" in top.choices
    pos.push_text("answer ccreact")
    top = pos.decision
    assert top is not None and top.then == "ccr_pick" and top.units == ("A", "B")
    pos.push_text("answer units B")
    top = pos.decision
    assert top is not None and top.then == "ccr_offer" and top.subject == ("B",) and top.units == ("sq",)
    pos.push_text("answer units sq")
    pos.push_text("answer dice 3,4")  # PAATC passed
    top = pos.decision
    assert top is not None and top.then == "ovr_cc" and "CCV 5" in str(top.prompt)
    pos.push_text("answer dice 6,6")  # no effect
    assert pos.units["sq"].has("first_fire")
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and "ccreact" not in top.choices


def test_d7_21_d14_32_a_squad_attacks_at_each_mp_of_the_impulse(tmp_path: Path) -> None:
    """The D14.33 example: in an impulse of 2 MP a second attack at the platoon is at its 2nd MP. A enters Z4,
    the 4-4-7's hex, as impulse_through (1 MP) while B bypasses the woods of AA5 (2 MP): the impulse costs
    2, and the squad may attack A by CC Reaction Fire twice (D7.2: as often as it could First Fire). The
    first: PAATC 3,4 passed, CC DR 6,6 no effect; it now has a First Fire counter. The second: no second
    PAATC against the same vehicle this phase (D7.21), CCV 5 -1 for the First Fire counter (D7.213) = 4.
    After it the window offers no third."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion", woods=("AA5",),
                more=({"id": "sq", "counter": "4-4-7", "side": "b", "hex": "3Z4"},))
    pos.push_text("move A 3Y5-3Z4 as impulse_through")
    pos.push_text("move B 3Z5-3AA5 as impulse_bypass")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [2, 2]
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and "ccreact" in top.choices
    pos.push_text("answer ccreact")
    pos.push_text("answer units sq")
    pos.push_text("answer dice 3,4")  # PAATC passed
    top = pos.decision
    assert top is not None and top.then == "ovr_cc" and "CCV 5" in str(top.prompt)
    pos.push_text("answer dice 6,6")
    assert pos.units["sq"].has("first_fire")
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and "ccreact" in top.choices
    pos.push_text("answer ccreact")
    pos.push_text("answer units sq")
    top = pos.decision
    assert top is not None and top.then == "ovr_cc" and "CCV 4" in str(top.prompt)
    pos.push_text("answer dice 6,6")
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and "ccreact" not in top.choices
