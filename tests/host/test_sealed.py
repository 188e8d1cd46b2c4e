"""The sealed record (host/sealed.py) on its own: what is sealed, the owner-only sidecar, resume from it (and
the clear errors when it is missing or altered), the reveal checked by ``hexmate record verify``, and records
written before sealing existed still verifying."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest
from hexmate.host.record import Record, RecordError, read, verify
from hexmate.host.sealed import SEALED_NOTE, Sealer, commitment, sidecar_path
from hexmate.host.tournament.audit import AuditFailed, audit

HEADER = {"game": "asl", "scenario": "demo.json", "position": "asl T1 | ger-sq1@DJ3 rus-sq1@DR5?"}
PUBLIC = {"game": "asl", "scenario": "demo.json", "position": "asl T1 | ger-sq1@DJ3 ?@DR5"}


def _record(tmp: Path, hidden: frozenset[str] = frozenset({"rus-sq1", "04a1b2c3"})) -> Record:
    path = tmp / "g.jsonl"
    rec = Record.create(path, HEADER, sealer=Sealer(path, public_header=PUBLIC))
    assert rec.sealer is not None
    rec.sealer.hidden = lambda: hidden
    rec.append("action", {"text": "move ger-sq1 DJ3 DK3"})  # public
    rec.append("action", {"text": "move rus-sq1 DR5 DR6"})  # names a hidden unit
    rec.append("cell", {"cell": 7, "uids": ["04a1b2c3"]})  # a hidden unit's tag
    rec.append("action", {"text": "answer hex DC4", "private": True})  # a private answer
    rec.commit()
    return rec


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_sealed_entries_hold_only_a_commitment_and_the_sidecar_is_the_owners(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    rec.close()
    raw = rec.path.read_text(encoding="utf-8")
    for word in ("rus-sq1", "04a1b2c3", "DC4", "DR6"):
        assert word not in raw, word
    lines = _lines(rec.path)
    assert lines[0]["data"]["position"] == PUBLIC["position"] and len(lines[0]["data"]["sealed"]) == 64
    assert lines[1]["data"] == {"text": "move ger-sq1 DJ3 DK3"}
    assert [set(x["data"]) for x in lines[2:]] == [{"sealed"}] * 3
    side = sidecar_path(rec.path)
    assert stat.S_IMODE(side.stat().st_mode) == 0o600  # owner-only
    opened = {x["n"]: x for x in _lines(side)}
    assert sorted(opened) == [0, 2, 3, 4] and opened[0]["data"] == HEADER
    for n in (0, 2, 3, 4):  # each commitment is SHA-256 of its salt and data
        assert lines[n]["data"]["sealed"] == commitment(opened[n]["salt"], opened[n]["data"])
    # read: sealed for anyone; opened from the sidecar for the host
    assert read(rec.path)[2].data == lines[2]["data"]
    assert read(rec.path, sidecar=True)[2].data == {"text": "move rus-sq1 DR5 DR6"}
    assert audit(rec.path).sealed == 4


def test_resume_reads_the_sidecar_and_names_it_when_missing_or_altered(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    rec.close()
    side = sidecar_path(rec.path)
    kept = side.read_bytes()
    again = Record.resume(rec.path)
    assert [e.data for e in again.found][2:5] == [{"text": "move rus-sq1 DR5 DR6"},
                                                   {"cell": 7, "uids": ["04a1b2c3"]},
                                                   {"text": "answer hex DC4", "private": True}]
    again.close()
    side.unlink()
    with pytest.raises(RecordError, match=f"sealed sidecar {side} is missing"):
        Record.resume(rec.path)
    side.write_bytes(kept.replace(b"DR6", b"DR7"))  # the hidden data changed
    with pytest.raises(RecordError, match=rf"line 3: sealed sidecar {side} does not match its commitment"):
        Record.resume(rec.path)
    side.write_bytes(kept[: kept.index(b"\n") + 1])  # lines lost
    with pytest.raises(RecordError, match=rf"line 3: sealed sidecar {side} does not open this sealed entry"):
        Record.resume(rec.path)


def test_a_sidecar_line_the_record_never_committed_is_cut_off(tmp_path: Path) -> None:
    """The sidecar is synced before the record's lines: a crash between them leaves a sidecar line for an
    entry the record does not hold (never acknowledged); resume cuts it off and numbers on from the record."""
    rec = _record(tmp_path)
    rec.close()
    side = sidecar_path(rec.path)
    with side.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"n": 6, "salt": "00" * 16, "data": {"text": "lost"}}) + "\n")
        f.write('{"n": 7, "sa')  # torn
    again = Record.resume(rec.path)  # entry 5 is the resume entry
    assert again.n == 6 and b"lost" not in side.read_bytes()
    again.append("action", {"text": "move rus-sq1 DR6 DR7"})
    again.sealer.hidden = lambda: frozenset({"rus-sq1"})  # type: ignore[union-attr]
    again.append("action", {"text": "move rus-sq1 DR7 DR8"})
    again.close()
    assert [e.data["text"] for e in read(rec.path, sidecar=True)[6:]] == ["move rus-sq1 DR6 DR7",
                                                                         "move rus-sq1 DR7 DR8"]


def test_the_reveal_opens_every_sealed_entry_and_verify_checks_it(tmp_path: Path) -> None:
    rec = _record(tmp_path)
    before = audit(rec.path)
    assert before.sealed == 4 and before.revealed == 0 and before.header == PUBLIC | {
        "sealed": _lines(rec.path)[0]["data"]["sealed"]}
    assert rec.reveal()
    rec.append("action", {"text": "move rus-sq1 DR5 DR6"})  # the game is over: nothing is sealed now
    assert not rec.reveal()  # once
    rec.close()
    after = audit(rec.path)
    assert after.sealed == 0 and after.revealed == 4 and after.header == HEADER
    assert [e.data for e in read(rec.path)][:5] == [HEADER, {"text": "move ger-sq1 DJ3 DK3"},
                                                    {"text": "move rus-sq1 DR5 DR6"},
                                                    {"cell": 7, "uids": ["04a1b2c3"]},
                                                    {"text": "answer hex DC4", "private": True}]
    assert "rus-sq1" in _lines(rec.path)[-1]["data"]["text"]
    # a reveal that does not open what was sealed fails, naming the entry: rewrite the record with a
    # valid chain but another plotted hex in the reveal
    lines = _lines(rec.path)
    reveal = next(x for x in lines if x["kind"] == "reveal")
    for item in reveal["data"]["entries"]:
        if item[2].get("private"):
            item[2]["text"] = "answer hex DD4"
    forged = tmp_path / "forged.jsonl"
    out = Record.create(forged, lines[0]["data"])
    for x in lines[1:]:
        out.append(x["kind"], x["data"])
    out.close()
    with pytest.raises(AuditFailed, match=r"entry 4 .*: the reveal at entry 5 does not match"):
        audit(forged)
    with pytest.raises(RecordError, match="line 5: the record's reveal does not match its commitment"):
        read(forged)


def test_records_without_sealing_still_verify_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    rec = Record.create(path, HEADER)  # as every record was before: no sealer, no sidecar
    rec.append("action", {"text": "move rus-sq1 DR5 DR6"})
    rec.close()
    assert not sidecar_path(path).exists()
    assert verify(path).entries == 2 and audit(path).sealed == 0
    again = Record.resume(path)
    assert again.found[1].data == {"text": "move rus-sq1 DR5 DR6"}
    again.close()


def test_verify_says_the_set_up_is_sealed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hexmate.host.cli import main

    rec = _record(tmp_path)
    rec.close()
    assert main(["record", "verify", str(rec.path)]) == 0
    out = capsys.readouterr().out
    assert f"{SEALED_NOTE}: 4 entries sealed" in out


def test_dice_statistics_skip_what_is_still_sealed(tmp_path: Path) -> None:
    from hexmate.host.tournament.stats import dice_stats

    rec = _record(tmp_path)
    rec.append("armed", {"request": 1, "count": 2, "sides": 6, "for": "fire rus-sq1 at DJ3"})  # sealed
    rec.append("dice", {"request": 1, "values": [3, 4], "used": True, "side": "rus", "firer": ["rus-sq1"]})
    rec.append("dice", {"request": 2, "values": [6, 6], "used": True, "side": "ger"})
    rec.close()
    assert [(fc.who, fc.counts) for fc in dice_stats(read(rec.path))] == [("ger", (0, 0, 0, 0, 0, 2)),
                                                                         ("game", (0, 0, 0, 0, 0, 2))]
    opened = dice_stats(read(rec.path, sidecar=True))  # the host's own page: every roll
    assert [(fc.who, fc.counts) for fc in opened][-1] == ("game", (0, 0, 1, 1, 0, 2))


def test_a_sidecar_left_without_its_record_is_not_continued(tmp_path: Path) -> None:
    """A create that crashed after syncing the sidecar but before linking the record leaves an orphan
    sidecar: a new record of that name starts its own."""
    side = sidecar_path(tmp_path / "g.jsonl")
    side.write_text(json.dumps({"n": 0, "salt": "00" * 16, "data": {"old": True}}) + "\n")
    rec = _record(tmp_path)
    rec.close()
    assert [x["n"] for x in _lines(side)] == [0, 2, 3, 4] and "old" not in side.read_text()
    assert Record.resume(rec.path).found[0].data == HEADER
