"""``hexmate record verify --board-key``: a game played on the emulated table (the real firmware under
MicroPython, with its key in the simulated filesystem) verifies with every roll authenticated; a record
regenerated wholesale with a valid chain but changed or invented rolls fails at the roll's entry; changed
entries, a wrong key and a torn line are each reported with the entry and the reason."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hexmate.host import cli
from hexmate.host.game import GameSession, SessionError
from hexmate.host.record import GENESIS, RecordError, entry_hash, read, verify
from hexmate.host.tournament.audit import AuditFailed, audit
from hexmate.host.tournament.keys import new_key, read_key, write_key


def _regenerate(src: Path, dst: Path, change: Callable[[str, dict], None]) -> None:
    """Rewrite a record entry by entry with a fresh, valid chain (what anyone could do without the key)."""
    prev, lines = GENESIS, []
    for e in read(src):
        data = json.loads(json.dumps(e.data))
        change(e.kind, data)
        h = entry_hash(e.n, e.t, e.kind, data, prev)
        lines.append(json.dumps({"n": e.n, "t": e.t, "kind": e.kind, "data": data, "prev": prev, "hash": h}))
        prev = h
    dst.write_text("\n".join(lines) + "\n")


def test_a_game_on_the_emulated_board_verifies_with_its_key(played) -> None:
    record, key_file = played
    result = audit(record, read_key(key_file))
    assert result.rolls == 3 and not result.warnings  # the two rolls played and the stale one
    rolled = [e.data for e in read(record) if e.kind == "rolled"]
    assert [r["counter"] for r in rolled] == [1, 2, 3] and all(r["mac"] for r in rolled)
    dice = [e.data for e in read(record) if e.kind == "dice"]
    assert [(d["used"], d.get("side")) for d in dice] == [(True, "ger"), (True, "sov"), (False, None)]
    without = audit(record)
    assert without.rolls == 0 and "not checked" in without.warnings[0]
    assert result.checkpoints == 2  # one after each roll played, each the fold of the actions before it


def test_a_checkpoint_that_is_not_the_fold_fails_and_resume_uses_the_last(played, tmp_path: Path) -> None:
    record, key_file = played
    entries = read(record)
    checkpoints = [e for e in entries if e.kind == "checkpoint"]
    assert [c.data["actions"] for c in checkpoints] == [1, 2]
    full = GameSession.from_entries(entries, record, checkpoints=False)
    resumed = GameSession.from_record(record)
    assert resumed.position.state == full.position.state and resumed.position.played == 2
    assert resumed.take_back() == full.take_back()  # taking back across the checkpoint folds again
    assert resumed.position.state == full.position.state

    def one_turn_on(kind: str, data: dict) -> None:  # the last checkpoint claims another turn
        if kind == "checkpoint" and data["actions"] == 2:
            data["state"]["f"]["turn"] += 1
    forged = tmp_path / "forged.jsonl"
    _regenerate(record, forged, one_turn_on)
    with pytest.raises(AuditFailed, match="not the position the 2 actions before it fold to") as err:
        audit(forged, read_key(key_file))
    assert err.value.entry == checkpoints[1].n

    def miscounted(kind: str, data: dict) -> None:
        if kind == "checkpoint" and data["actions"] == 1:
            data["actions"] = 0
    _regenerate(record, forged, miscounted)
    with pytest.raises(AuditFailed, match="counts 0 actions; the record has 1"):
        audit(forged)
    with pytest.raises(SessionError, match=r"checkpoint\): it counts 0 actions"):
        GameSession.from_entries(read(forged)[: checkpoints[0].n + 1], forged)


def test_a_regenerated_record_with_changed_pips_fails_at_the_roll(played, tmp_path: Path) -> None:
    record, key_file = played

    def better(kind: str, data: dict) -> None:  # every die shows another face
        if kind in ("rolled", "dice"):
            data["values"] = [v % 6 + 1 for v in data["values"]]
    forged = tmp_path / "forged.jsonl"
    _regenerate(record, forged, better)
    verify(forged)  # the chain alone is valid
    first_roll = next(e.n for e in read(forged) if e.kind == "rolled")
    with pytest.raises(AuditFailed, match="was not authenticated by board hm-emu-test") as err:
        audit(forged, read_key(key_file))
    assert err.value.entry == first_roll


def test_a_regenerated_record_with_invented_rolls_fails(played, tmp_path: Path) -> None:
    record, key_file = played

    def unsign(kind: str, data: dict) -> None:
        if kind == "rolled":
            for k in ("mac", "epoch", "counter"):
                data.pop(k, None)
    forged = tmp_path / "invented.jsonl"
    _regenerate(record, forged, unsign)
    with pytest.raises(AuditFailed, match="carries no authenticator"):
        audit(forged, read_key(key_file))


def test_another_boards_key_fails(played, tmp_path: Path) -> None:
    record, _ = played
    other = tmp_path / "other.key"
    write_key(other, new_key("hm-emu-test"))  # same id, another secret
    with pytest.raises(AuditFailed, match="not authenticated"):
        audit(record, read_key(other))


def test_cli_names_the_entry_and_the_reason(
    played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, key_file = played
    assert cli.main(["record", "verify", str(record), "--board-key", str(key_file)]) == 0
    out = capsys.readouterr().out
    assert "rolls: 3 authenticated by board hm-emu-test" in out and "result: ger win" in out
    lines = record.read_text().splitlines()
    obj = json.loads(lines[5])
    obj["data"]["tampered"] = True
    lines[5] = json.dumps(obj)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert cli.main(["record", "verify", str(bad)]) == 1
    assert "entry 5 (line 6): hash mismatch" in capsys.readouterr().err
    bad.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    assert cli.main(["record", "verify", str(bad)]) == 1
    assert "entry 3 (line 4): torn last line" in capsys.readouterr().err
    assert cli.main(["record", "verify", str(record), "--board-key", str(tmp_path / "none.key")]) == 2
    assert "none.key cannot be read" in capsys.readouterr().err


def test_an_empty_record_is_refused(tmp_path: Path) -> None:
    (tmp_path / "e.jsonl").write_text("")
    with pytest.raises(RecordError, match="is empty"):
        audit(tmp_path / "e.jsonl")
