"""The rules core's errors: an illegal action names its rule exactly once."""

from __future__ import annotations

import pytest
from hexmate.rules.errors import IllegalAction, cites
from hexmate.rules.text import T


def test_a_reason_without_its_rule_gets_it_appended() -> None:
    err = IllegalAction("the squad has no MF left", "A4.1")
    assert str(err) == "the squad has no MF left (A4.1)"
    assert err.rule == "A4.1"


def test_a_reason_that_already_cites_its_rule_is_not_given_it_twice() -> None:
    reason = T("{unit} is in a Cavalry Wave: no Armored Assault for it (D14.33, A13.62)", unit="8A")
    err = IllegalAction(reason, "A13.62")
    assert str(err) == "8A is in a Cavalry Wave: no Armored Assault for it (D14.33, A13.62)"
    assert str(err).count("A13.62") == 1
    assert isinstance(err.said, T)  # still translatable as the rules wrote it


@pytest.mark.parametrize(("text", "rule", "expected"), [
    ("no Bypass here (A4.3)", "A4.3", True),
    ("as A4.12 says", "A4.12", True),
    ("a leader's bonus (A4.12).", "A4.12", True),
    ("a leader's bonus (A4.12)", "A4.1", False),  # a longer number is another rule
    ("a leader's bonus (A4.121)", "A4.12", False),
    ("see A14.12", "A4.12", False),  # a different chapter number ending alike
    ("see 14.3", "4.3", False),
    ("no rule here", "A10.5", False),
])
def test_cites_matches_the_rule_number_itself(text: str, rule: str, expected: bool) -> None:
    assert cites(text, rule) is expected
