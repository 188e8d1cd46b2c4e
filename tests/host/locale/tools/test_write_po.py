"""write_po merges translations into a catalogue without reordering it, so parallel branches merge cleanly."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[4]
merge = runpy.run_path(str(ROOT / "host/locale/tools/write_po.py"))["merge"]


def entries(path: Path) -> list[tuple[str, str]]:
    with path.open("rb") as f:
        return [(str(m.id), str(m.string)) for m in read_po(f, locale="ja") if m.id]


def test_new_entries_are_appended_and_old_ones_keep_their_place(tmp_path: Path) -> None:
    merge("ja", {"zebra": "シマウマ", "apple": "リンゴ"}, "rules-x", root=tmp_path)
    out = merge("ja", {"mango": "マンゴー", "zebra": "縞馬"}, "rules-x", root=tmp_path)
    assert out == tmp_path / "ja" / "LC_MESSAGES" / "rules-x.po"
    assert entries(out) == [("zebra", "縞馬"), ("apple", "リンゴ"), ("mango", "マンゴー")]


def test_an_unknown_catalogue_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no catalogue 'bad name'"):
        merge("ja", {"a": "b"}, "bad name", root=tmp_path)
    assert not any(tmp_path.iterdir())
