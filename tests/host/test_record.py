"""The hash-chained record: what it writes verifies; any edit, drop or reorder is caught with its line."""

from __future__ import annotations

import json

import pytest
from hexmate.host.record import Record, RecordError, verify


def _write(path, n=4):
    rec = Record.create(path, {"game": "asl", "scenario": "demo"})
    for i in range(n):
        rec.append("move", {"units": [f"u{i}"], "path": ["DA1", "DA2"], "cost": 1})
    rec.close()
    return rec.head


def test_written_record_verifies_with_its_head(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    head = _write(path)
    v = verify(path)
    assert v.entries == 5 and v.head == head and v.header["scenario"] == "demo"


def test_edited_entry_is_caught(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    lines = path.read_text().splitlines()
    obj = json.loads(lines[2])
    obj["data"]["cost"] = 0
    lines[2] = json.dumps(obj)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match=r"line 3: hash mismatch"):
        verify(path)


def test_dropped_and_reordered_entries_are_caught(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2] + lines[3:]) + "\n")
    with pytest.raises(RecordError, match=r"line 3: entry number 3, expected 2"):
        verify(path)
    path.write_text("\n".join([lines[0], lines[2], lines[1], *lines[3:]]) + "\n")
    with pytest.raises(RecordError, match=r"line 2"):
        verify(path)


def test_never_overwrites_and_reports_unreadable(tmp_path) -> None:
    path = tmp_path / "g.jsonl"
    _write(path)
    with pytest.raises(RecordError, match="already exists"):
        Record.create(path, {})
    with pytest.raises(RecordError, match="cannot be read"):
        verify(tmp_path / "none.jsonl")
    (tmp_path / "junk.jsonl").write_text("not json\n")
    with pytest.raises(RecordError, match="line 1: not a record entry"):
        verify(tmp_path / "junk.jsonl")


def test_each_line_is_the_canonical_entry_with_its_hash(tmp_path) -> None:
    """The entry is serialised once on the hot path: the line must still be exactly the canonical JSON of
    the entry, and its hash the SHA-256 of that JSON without the hash, whatever the data holds."""
    import hashlib

    from hexmate.host.record import canonical, entry_hash

    path = tmp_path / "r.jsonl"
    rec = Record.create(path, {"game": "asl"})
    awkward = [{"kind": "x", "n": 1, "hash": "y", "prev": "z"}, "quote \" and \\ and ünïcode 日本",
               [1.5, None, True], {}, {"nested": {"hash": "0" * 64}}]
    for data in awkward:
        rec.append("cell", data)
    rec.append("odd \"kind\"", {"a": 1})
    rec.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in lines:
        o = json.loads(line)
        assert line == canonical(o)
        body = canonical({k: v for k, v in o.items() if k != "hash"})
        assert o["hash"] == hashlib.sha256(body.encode()).hexdigest()
        assert o["hash"] == entry_hash(o["n"], o["t"], o["kind"], o["data"], o["prev"])
    assert verify(path).entries == len(awkward) + 2
