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


def test_merging_into_a_catalogue_changes_only_the_lines_of_the_entries_given(tmp_path: Path) -> None:
    """Every other line stays byte for byte (a Babel rewrite would refold the long entries and touch the
    header): the real ASL catalogue, one translation replaced (a folded one) and one entry added."""
    po = tmp_path / "ja" / "LC_MESSAGES" / "rules-asl.po"
    po.parent.mkdir(parents=True)
    original = (ROOT / "host/locale/ja/LC_MESSAGES/rules-asl.po").read_text(encoding="utf-8")
    po.write_text(original, encoding="utf-8")
    with po.open("rb") as f:
        folded = next(m for m in read_po(f, locale="ja") if m.id and len(str(m.string)) > 60)
    merge("ja", {str(folded.id): "置き換え \"引用\"", "a brand-new message": "新しい"}, "rules-asl",
          root=tmp_path)
    after = po.read_text(encoding="utf-8").split("\n")
    before = original.split("\n")
    gone = [line for line in before if line not in after]
    assert all(line.startswith(("msgstr ", '"')) for line in gone) and gone
    assert after[-3:] == ['msgid "a brand-new message"', 'msgstr "新しい"', ""]
    got = dict(entries(po))
    assert got[str(folded.id)] == '置き換え "引用"' and got["a brand-new message"] == "新しい"
    assert len(got) == len(dict(entries(ROOT / "host/locale/ja/LC_MESSAGES/rules-asl.po"))) + 1
    merge("ja", {"a brand-new message": "新しい"}, "rules-asl", root=tmp_path)  # given again unchanged
    assert po.read_text(encoding="utf-8").split("\n") == after
