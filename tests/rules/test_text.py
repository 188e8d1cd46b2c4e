"""A rules sentence is plain English to every caller and keeps its template and facts for translation."""

from __future__ import annotations

import copy
import json
import pickle

from hexmate.rules.text import T


def test_a_sentence_is_its_english_text_and_keeps_template_and_facts() -> None:
    said = T("{unit} cannot enter {hex}: it costs {mf} MF (A4.1)", unit="8A", hex="K4", mf=3)
    assert said == "8A cannot enter K4: it costs 3 MF (A4.1)"
    assert said.msgid == "{unit} cannot enter {hex}: it costs {mf} MF (A4.1)"
    assert dict(said.facts) == {"unit": "8A", "hex": "K4", "mf": 3}
    assert json.dumps({"why": said}) == '{"why": "8A cannot enter K4: it costs 3 MF (A4.1)"}'
    assert T("No fire is open (A8.1)") == "No fire is open (A8.1)"


def test_copies_and_pickles_keep_the_template() -> None:
    said = T("{unit} breaks", unit="8A")
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert isinstance(again, T) and again == said and again.msgid == "{unit} breaks"
    assert not isinstance(said + "!", T)  # built from a T by string operations: plain English again


def test_with_facts_keeps_the_template_and_catalogue_and_says_the_new_facts() -> None:
    said = T("{unit} entered {hex}", unit="ger-1", hex="C4")
    said.domain = "rules-asl"
    other = said.with_facts(unit="?")
    assert (str(other), other.msgid, other.domain, dict(other.facts)) == (
        "? entered C4", "{unit} entered {hex}", "rules-asl", {"unit": "?", "hex": "C4"})
    assert str(said) == "ger-1 entered C4"
