"""Every text the table says lives in the narrator's catalogue, with a level, and formats from its facts."""

from __future__ import annotations

import string

import pytest
from hexmate.host.service import narrator


@pytest.mark.parametrize("key", sorted(narrator.TEXTS))
def test_every_text_has_a_level_and_formats_from_its_named_facts(key: str) -> None:
    level, text = narrator.TEXTS[key]
    assert level in narrator.LEVELS
    facts = {name: f"<{name}>" for _, name, _, _ in string.Formatter().parse(text) if name}
    notice = narrator.say(key, **facts)
    assert notice.key == key and notice.level == level
    assert all(f"<{name}>" in notice.text for name in facts)


def test_a_missing_fact_is_a_bug_named_by_its_key() -> None:
    with pytest.raises(KeyError):
        narrator.say("refused")
    with pytest.raises(KeyError):
        narrator.say("no-such-text")
