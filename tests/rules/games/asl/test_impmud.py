"""Platoon impulses in mud and deep snow (impmud.py: D8.23 with D14.21), on test_impulse.py's board."""

from __future__ import annotations

from pathlib import Path

from hexmate.rules.games.asl import impulse

from .test_impulse import end, table


def test_d8_23_d14_21_one_secret_mud_dr_for_the_platoon(tmp_path: Path) -> None:
    """D8.23 with D14.21: in mud, after A and B's first entries off any road, the opponent rolls one bog DR in
    secret for the platoon's MPh, each AFV with its own DRM (+1 normal ground pressure of the demo values, +1
    mud, D8.21): 6+5 = 11, 13 for both; the secret dr of 2 names the second entry. In the next impulse both
    make their second entry: both would bog, so Random Selection (a dr of 1) bogs A, and B's DR is spent.
    A's MP are over (D8.21), and so are the platoon's (D14.31)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion",
                options={"weather": {"precipitation": "mud"}})
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    top = pos.decision
    assert top is not None and top.then == "vimp_mud" and top.private and top.side == "b"
    assert top.subject == ("A", "B") and top.arg("drm:A") == top.arg("drm:B") == "2"
    pos.push_text("answer dice 6,5")
    top = pos.decision
    assert top is not None and top.then == "vimp_mud_dr" and top.private and top.subject == ("A", "B")
    pos.push_text("answer dice 2")
    assert pos.decision is None and not any(pos.units[u].has("bogged") for u in "AB")
    pos.push_text("move A 3Z4-3AA4 as impulse")
    pos.push_text("move B 3AA5-3BB4 as impulse")
    end(pos)
    top = pos.decision
    assert top is not None and top.then == "vimp_break" and top.subject == ("A", "B")
    pos.push_text("answer dice 1")
    assert pos.units["A"].has("bogged") and not pos.units["B"].has("bogged")
    assert impulse.crew(pos) == [] and all(u in pos.state.moved for u in "AB")


def test_d8_23_a_secret_dr_of_one_bogs_in_the_first_entry(tmp_path: Path) -> None:
    """D8.23: the secret dr of 1 bogs an AFV the DR falls on in its first such entry, at once: A, which
    entered Z4 while B, in Motion, did nothing (D14.31). B has made no entry: the DR does not bog it now."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion",
                options={"weather": {"precipitation": "mud"}})
    pos.push_text("move A 3Y5-3Z4 as impulse")
    end(pos)
    pos.push_text("answer dice 6,6")
    pos.push_text("answer dice 1")
    assert pos.units["A"].has("bogged") and not pos.units["B"].has("bogged")
    assert impulse.crew(pos) == [] and all(u in pos.state.moved for u in "AB")


def test_d14_21_a_mate_first_in_the_mud_later_gets_its_own_dr(tmp_path: Path) -> None:
    """D14.21 applies the impulse's one DR to the AFVs subject to it then; D8.23 gives each vehicle one DR for
    its MP. Impulse 1: only A enters off a road: the secret DR is A's alone (+2: +1 normal ground pressure of
    the demo values, +1 mud, D8.21), 1+1 = 2 bogs nothing. Impulse 2: B's first such entry: its own secret
    DR at that impulse's end, not A's again: 6+5 +2 = 13 (12 or more bogs, D8.21); its dr of 1 names that
    very entry: B bogs, A (its DR spent) does not."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion",
                options={"weather": {"precipitation": "mud"}})
    pos.push_text("move A 3Y5-3Z4 as impulse")
    end(pos)
    top = pos.decision
    assert top is not None and top.then == "vimp_mud" and top.subject == ("A",) and top.arg("drm:A") == "2"
    pos.push_text("answer dice 1,1")
    assert pos.decision is None
    pos.push_text("move A 3Z4-3AA4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    top = pos.decision
    assert top is not None and top.then == "vimp_mud" and top.private and top.side == "b"
    assert top.subject == ("B",) and top.arg("drm:B") == "2" and top.arg("drm:A") == ""
    pos.push_text("answer dice 6,5")
    top = pos.decision
    assert top is not None and top.then == "vimp_mud_dr" and top.subject == ("B",)
    pos.push_text("answer dice 1")
    assert pos.units["B"].has("bogged") and not pos.units["A"].has("bogged")
