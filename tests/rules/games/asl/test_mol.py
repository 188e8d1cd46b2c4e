"""Molotov cocktails through the game (A22.6, A22.61, A22.611, A22.62): where the scenario gives them, a
PBF/TPBF attack waits for the firer's MOL check; a final dr of 1-3 adds 4 FP after every other FP modifier.
The IFT is the demo pack; counters from the test catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import units as au

from tests.rules.games.conftest import ASL_COUNTERS

UNITS = [{"id": "a-1", "counter": "4-4-7", "side": "a", "hex": "C3"},
         {"id": "a-2", "counter": "2-2-7", "side": "a", "hex": "C3"},
         {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C4"}]


def pfph(make_position: Any, mol: list[str] | None = None) -> Any:
    return make_position("asl", UNITS, "PFPh", options={"mol": mol} if mol is not None else None)


@pytest.mark.parametrize(("user", "dr", "used"), [("a-1", 2, True), ("a-1", 3, False), ("a-2", 1, True),
                                                  ("a-2", 2, False)])
def test_the_mol_check_dr_and_its_drm(make_position: Any, user: str, dr: int, used: bool) -> None:
    """+1 a non-AFV target for all; +1 more for a HS (A22.611): a squad needs 1-2, a HS 1."""
    pos = pfph(make_position, ["a"])
    pos.push_text("fire a-1,a-2 at C4")  # PBF: adjacent
    top = pos.decision
    assert top is not None and top.then == "mol_user" and top.rule == "A22.611"
    assert top.units == ("a-1", "a-2")
    pos.push_text(f"answer units {user}")
    assert pos.decision is not None and pos.decision.then == "mol_check"
    pos.push_text(f"answer dice {dr}")
    assert pos.units[user].has("mol") is used
    assert pos.decision is not None and pos.decision.then == "ift"
    pos.push_text("answer dice 3,4")
    text = pos.state.resolution.text()
    assert ("MOL: +4 FP (A22.611)" in text) is used
    # PBF doubles 4 + 2 = 12 FP, the MOL then adds 4: the 16 column (A7.21, A22.611); a HS using the MOL
    # adds the MOL's 4 but not its own 2 (A7.352): 8 + 4 = 12
    assert (("16 FP -> 16 column" if user == "a-1" else "12 FP -> 12 column") in text) is used
    # failed: a squad still fires its 4 FP (12 with a-2's); a HS that failed adds none: a-1's 8 (A22.611)
    assert used or f"{12 if user == 'a-1' else 8} FP -> {12 if user == 'a-1' else 8} column" in text
    assert not pos.units[user].has("mol")  # used up with the attack


def test_no_mol_question_without_the_scenarios_mol_or_beyond_one_hex(make_position: Any) -> None:
    pos = pfph(make_position)
    pos.push_text("fire a-1 at C4")
    assert pos.decision is not None and pos.decision.then == "ift"
    pos = make_position("asl", [*UNITS[:2], {**UNITS[2], "hex": "C6"}], "PFPh", options={"mol": ["a"]})
    pos.push_text("fire a-1 at C6")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_none_answers_the_question_and_the_attack_goes_on(make_position: Any) -> None:
    pos = pfph(make_position, ["a"])
    pos.push_text("fire a-1 at C4")
    pos.push_text("answer none")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_a22_6111_a_coloured_6_breaks_the_user_and_takes_its_fp_and_the_mol_out(make_position: Any) -> None:
    """A22.6111 (and its example's "coloured dr 6" cases): the MOL user a-1 breaks, its FP and the MOL's 4
    leave the attack, the rest of the FG still fires: a-2's 2 FP x2 PBF = 4 FP, the 4 column (A7.21)."""
    pos = pfph(make_position, ["a"])
    pos.push_text("fire a-1,a-2 at C4")
    pos.push_text("answer units a-1")
    pos.push_text("answer dice 1")  # the MOL check passed
    pos.push_text("answer dice 1,6")
    text = pos.state.resolution.text()
    assert "coloured dr 6: a-1 breaks" in text and "4 FP -> 4 column" in text and "+4 FP" not in text
    assert pos.units["a-1"].has("broken") and not pos.units["a-2"].has("broken")


def test_a22_6111_a_lone_users_attack_is_cancelled(make_position: Any) -> None:
    """The example: the lone partisan squad breaks on a coloured 6 and its fire is cancelled."""
    pos = pfph(make_position, ["a"])
    pos.push_text("fire a-1 at C4")
    pos.push_text("answer units a-1")
    pos.push_text("answer dice 1")
    pos.push_text("answer dice 1,6")
    text = pos.state.resolution.text()
    assert "no column left, no effect" in text
    assert pos.units["a-1"].has("broken") and not pos.units["b-1"].has("broken")


LEAFY = [("woods", "woods", False), ("orchard", "orchard", False), ("woods", "orchard", True),
         ("open", "woods", True)]


@pytest.mark.parametrize(("here", "there", "asked"), LEAFY)
def test_a22_611_no_mol_through_a_woods_or_orchard_hexside(make_position: Any, here: str, there: str,
                                                           asked: bool) -> None:
    """A22.611 (its example: X8-X9 is a woods hexside, so no MOL at X9): between two woods hexes, or two
    orchard hexes, no MOL check is offered; across other hexsides it is."""
    pos = make_position("asl", UNITS, "PFPh", options={"mol": ["a"]},
                        hexes={"C3": {"terrain": here}, "C4": {"terrain": there}})
    pos.push_text("fire a-1 at C4")
    assert pos.decision is not None and (pos.decision.then == "mol_user") is asked


def test_a22_611_a_squad_firing_a_sw_is_no_mol_user(make_position: Any) -> None:
    """A22.611: a squad making the MOL check fires no other SW (its inherent FP it must add): a-1 firing its
    LMG with the group is not offered the check, a-2 is."""
    units = [*UNITS, {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1"}]
    counters = {**ASL_COUNTERS, "LMG": dict(au.demo_catalogue()["LMG"])}
    pos = make_position("asl", units, "PFPh", options={"mol": ["a"]}, counters=counters)
    pos.push_text("fire a-1,a-lmg,a-2 at C4")
    assert pos.decision is not None and pos.decision.then == "mol_user" and pos.decision.units == ("a-2",)


def test_a22_611_a_hs_failing_its_mol_check_adds_no_fp_and_has_no_other_attack(make_position: Any) -> None:
    """A22.611: the MOL check is a SW use, so the HS a-2 (2-2-7) failing it (dr 2 +1 HS +1 non-AFV = 4, not
    1-3) has used its one attack (A7.352): the FG still attacks, without the HS: a-1's 4 FP x2 PBF = 8 FP, the
    8 column (A7.21); and the HS may not fire again this Player Turn."""
    pos = pfph(make_position, ["a"])
    pos.push_text("fire a-1,a-2 at C4")
    pos.push_text("answer units a-2")
    pos.push_text("answer dice 2")  # 2 + 1 (HS) + 1 (not an AFV) = 4 > 3: failed
    assert not pos.units["a-2"].has("mol")
    pos.push_text("answer dice 5,6")
    text = pos.state.resolution.text()
    assert "a-2: none, its MOL check failed" in text and "8 FP -> 8 column" in text
    assert "+4 FP" not in text and pos.decision is None  # 11 on the 8 column: no effect
    assert not pos.units["a-2"].has("mol_failed")  # only for that attack
    assert pos.units["a-2"].has("no_fire")  # A7.352: its inherent FP lost until the Player Turn's end


def test_a22_611_a_squad_failing_its_mol_check_still_fires_its_own_fp(make_position: Any) -> None:
    """A22.611: a squad that made the check must add its inherent FP: 4 + 2 = 6 FP x2 PBF = 12 (A7.21)."""
    pos = pfph(make_position, ["a"])
    pos.push_text("fire a-1,a-2 at C4")
    pos.push_text("answer units a-1")
    pos.push_text("answer dice 3")  # 3 + 1 (not an AFV) = 4 > 3: failed
    pos.push_text("answer dice 3,4")
    assert "12 FP -> 12 column" in pos.state.resolution.text()
    assert not pos.units["a-1"].has("no_fire")


def test_a22_611_a_hs_passing_its_mol_check_adds_the_mols_fp_not_its_own(make_position: Any) -> None:
    """A22.611 with A7.352: the MOL is a SW, and a HS firing a SW loses its inherent FP (only a squad making
    the check must add its own). a-2 (2-2-7) passes (dr 1 +1 HS +1 non-AFV = 3): a-1's 4 FP x2 PBF = 8, then
    the MOL's +4 = 12 FP, the 12 column, not (4 + 2) x2 + 4 = 16; and a-2 has no inherent FP after."""
    pos = pfph(make_position, ["a"])
    pos.push_text("fire a-1,a-2 at C4")
    pos.push_text("answer units a-2")
    pos.push_text("answer dice 1")
    assert pos.units["a-2"].has("mol")
    pos.push_text("answer dice 5,4")
    text = pos.state.resolution.text()
    assert "a-2: the MOL's FP only" in text and "12 FP -> 12 column" in text, text
    assert pos.units["a-2"].has("no_fire")


def test_a22_61_a_pinned_unit_makes_no_mol_check(make_position: Any) -> None:
    """A22.61: only an unpinned Good Order (or berserk) unit uses a MOL: pinned a-1 is not offered the check,
    a-2 beside it is."""
    units = [{**UNITS[0], "markers": ["pinned"]}, *UNITS[1:]]
    pos = make_position("asl", units, "PFPh", options={"mol": ["a"]})
    pos.push_text("fire a-1,a-2 at C4")
    top = pos.decision
    assert top is not None and top.then == "mol_user" and top.units == ("a-2",)


@pytest.mark.parametrize(("dr", "used"), [(2, True), (3, False)])
def test_a22_62_leadership_modifies_no_mol_check_but_the_groups_ift_dr(make_position: Any, dr: int,
                                                                       used: bool) -> None:
    """A22.62: a 9-1 directing a-1's PBF does not lower its MOL check: a squad still needs a final 1-3 with
    the +1 for a target not an AFV (A22.611), so a dr of 3 fails; the group's 8 FP (more than the MOL's 4)
    IFT DR does take his -1."""
    units = [*UNITS[:1], {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C3"}, UNITS[2]]
    pos = make_position("asl", units, "PFPh", options={"mol": ["a"]})
    pos.push_text("fire a-1,a-l at C4")
    pos.push_text("answer units a-1")
    assert pos.decision is not None and pos.decision.then == "mol_check"
    pos.push_text(f"answer dice {dr}")
    assert pos.units["a-1"].has("mol") is used
    pos.push_text("answer dice 3,4")
    text = pos.state.resolution.text()
    assert ("MOL: +4 FP (A22.611)" in text) is used
    assert "leadership (a-l): -1 (A7.53)" in text and "Final DR: 7 -1 = 6 (A7.3)" in text
