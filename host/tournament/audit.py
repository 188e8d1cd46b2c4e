"""The full check of a tournament record (``hexmate record verify FILE [--board-key KEY]``): the hash chain,
every roll (armed for a decision of this game, authenticated by the board, counted without gaps or replays,
used as rolled) and every player's signature on the result. The first failure names its entry and says why;
what cannot be checked (no board key given, dice typed on a page) is listed as a warning.

A record regenerated wholesale with a valid chain still fails here with the board key: its rolls carry no
authenticator the key accepts (docs/RECORD.md, "What a verified record proves").
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexmate.host.record import GENESIS, Entry, RecordError, canonical, hash_ok
from hexmate.host.sealed import commitment, is_sealed, revealed_by
from hexmate.host.tournament import rolls, signatures
from hexmate.host.tournament.keys import BoardKey


class AuditFailed(RecordError):
    """The record fails a check; ``entry`` is the entry number (the line is entry + 1)."""

    def __init__(self, path: Path, entry: int, why: str) -> None:
        super().__init__(f"record {path} entry {entry} (line {entry + 1}): {why}")
        self.entry = entry
        self.why = why


@dataclass
class Audit:
    path: Path
    entries: int = 0
    head: str = GENESIS
    header: dict[str, Any] = field(default_factory=dict)
    rolls: int = 0  # rolls whose authenticator was checked with the board key
    unchecked_rolls: int = 0  # rolls carrying an authenticator, but no key was given
    signatures: list[str] = field(default_factory=list)  # sides whose signature on the result verified
    checkpoints: int = 0  # checkpoints found equal to the fold of the actions before them
    result: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)
    sealed: int = 0  # entries sealed and not yet revealed (their content is checked once revealed)
    revealed: int = 0  # sealed entries the record's reveal opened, each equal to its commitment


def audit(path: str | Path, board_key: BoardKey | None = None) -> Audit:
    """Check everything; raise AuditFailed (a RecordError) at the first entry that fails."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise RecordError(f"record {p} cannot be read: {e.strerror or e}") from None
    out = Audit(p)
    state = _Rolls(p, board_key, out)
    prev = GENESIS
    first = GENESIS
    text = raw.decode("utf-8", errors="replace")
    if text and not text.endswith("\n"):
        raise AuditFailed(p, text.count("\n"), "torn last line (the host stopped while writing it)")
    hashes: list[str] = []
    folded: list[Entry] = []  # what the position is the fold of, and its checkpoints
    # From the first sealed entry on, entries wait for the record's end (its reveal opens them); a record
    # without any is checked line by line, holding nothing but what folds.
    waiting: list[Entry] | None = None
    for i, line in enumerate(text.splitlines()):
        try:
            obj = json.loads(line)
            n, t, kind, data, got_prev, got = (obj[k] for k in ("n", "t", "kind", "data", "prev", "hash"))
        except (json.JSONDecodeError, KeyError, TypeError):
            raise AuditFailed(p, i, "not a record entry") from None
        if n != i:
            raise AuditFailed(p, i, f"numbered {n} (entries dropped or reordered)")
        if got_prev != prev:
            raise AuditFailed(p, i, "chain broken (the entry before it was changed, dropped or reordered)")
        if not hash_ok(line, n, t, kind, data, prev, got):
            raise AuditFailed(p, i, "hash mismatch (this entry was changed)")
        if i == 0:
            if kind != "header":
                raise AuditFailed(p, i, "the first entry must be the header")
            out.header, first = data, got
            state.game = first
        if waiting is None and isinstance(data, dict) and "sealed" in data and is_sealed(data):
            waiting = []
        if waiting is not None:
            waiting.append(Entry(i, t, kind, data))
        else:
            _check(p, state, i, t, kind, data, hashes, folded)
        hashes.append(got)
        prev = got
    if not hashes:
        raise RecordError(f"record {p} is empty")
    out.entries, out.head = len(hashes), prev
    for ent in _unseal(p, out, waiting or []):
        if is_sealed(ent.data):  # sealed until the game ends: its rolls and fold are checked once revealed
            if ent.kind == "armed":
                state.sealed_requests = True
            continue
        if ent.n == 0:
            out.header = ent.data  # the whole set-up once revealed
        _check(p, state, ent.n, ent.t, ent.kind, ent.data, hashes, folded)
    if not out.sealed and any(e.kind == "checkpoint" for e in folded):
        _checkpoints(p, out, folded)
    if board_key is None and out.unchecked_rolls:
        out.warnings.append(f"{out.unchecked_rolls} rolls carry a board authenticator that was not checked "
                            f"(give --board-key)")
    return out


_FOLDED = ("action", "takeback", "checkpoint")


def _check(p: Path, state: _Rolls, i: int, t: str, kind: str, data: Any, hashes: list[str],
           folded: list[Entry]) -> None:
    try:
        state.entry(i, kind, data, hashes)
    except (KeyError, TypeError, ValueError) as err:
        raise AuditFailed(p, i, f"malformed {kind} entry ({type(err).__name__}: {err})") from None
    if kind in _FOLDED:
        folded.append(Entry(i, t, kind, data))


def _unseal(p: Path, out: Audit, chained: list[Entry]) -> list[Entry]:
    """The entries with the sealed ones opened by the record's reveal, each checked against its commitment
    (AuditFailed naming the entry); before a reveal they stay sealed and are counted."""
    try:
        revealed = revealed_by(p, chained)
    except RecordError:
        at = next(e.n for e in reversed(chained) if e.kind == "reveal")
        raise AuditFailed(p, at, "a malformed reveal entry") from None
    reveal_at = next((e.n for e in reversed(chained) if e.kind == "reveal"), None)
    out_entries: list[Entry] = []
    for e in chained:
        if not is_sealed(e.data):
            out_entries.append(e)
            continue
        if revealed is None or (reveal_at is not None and e.n > reveal_at):
            out.sealed += 1
            out_entries.append(e)
            continue
        got = revealed.get(e.n)
        if got is None:
            raise AuditFailed(p, e.n, f"sealed, and the reveal at entry {reveal_at} does not open it")
        salt, data = got
        try:
            ok = commitment(salt, data) == e.data["sealed"]
        except ValueError:
            ok = False
        if not ok:
            raise AuditFailed(p, e.n, f"the reveal at entry {reveal_at} does not match this entry's "
                                      f"commitment (the data or its salt differs from what was sealed)")
        out.revealed += 1
        out_entries.append(Entry(e.n, e.t, e.kind, data))
    return out_entries


def _checkpoints(p: Path, out: Audit, folded: list[Entry]) -> None:
    """Fold the record from its start and find every checkpoint equal to the position at that point (a
    checkpoint is a shortcut for resuming, never the truth: the position is the fold of the actions)."""
    from hexmate.host.game import GameSession, SessionError
    from hexmate.host.game.checkpoint import CheckpointError, decode, encode
    from hexmate.rules.errors import RulesError

    header = out.header
    try:
        session = GameSession.load(str(header.get("game", "")),
                                   str(header.get("scenario_path") or header.get("scenario")))
    except SessionError as bad:
        out.warnings.append(f"the checkpoints were not checked: the game cannot be loaded here ({bad})")
        return
    pos = session.position
    for e in folded:
        try:
            if e.kind == "action":
                pos.push_text(str(e.data["text"]))
            elif e.kind == "takeback":
                pos.pop()
            elif int(e.data["actions"]) != pos.played:
                raise AuditFailed(p, e.n, f"the checkpoint counts {e.data['actions']} actions; the record "
                                          f"has {pos.played} at that point")
            elif canonical(e.data["state"]) != canonical(encode(pos.state)) and decode(e.data["state"]) != \
                    pos.state:
                raise AuditFailed(p, e.n, f"the checkpoint is not the position the {pos.played} actions "
                                          f"before it fold to")
            else:
                out.checkpoints += 1
        except (RulesError, CheckpointError, KeyError, TypeError, ValueError) as err:
            why = f"'{e.data.get('text')}' does not replay" if e.kind == "action" else f"bad {e.kind}"
            raise AuditFailed(p, e.n, f"{why}: {err}") from None


class _Rolls:
    """Follows the rolls and the result through the record."""

    def __init__(self, p: Path, key: BoardKey | None, out: Audit) -> None:
        self.p = p
        self.key = key
        self.out = out
        self.game = GENESIS
        self.armed: dict[int, tuple[int, str]] = {}  # request -> (entry, context hex)
        self.epochs: dict[int, int] = {}  # epoch -> last counter seen
        self.last_rolled: tuple[int, int, list[int]] | None = None  # (entry, request, values)
        self.last_dice: list[int] | None = None
        self.result_entry: tuple[int, dict[str, Any]] | None = None
        self.paired: dict[str, str] = {}  # side -> the key registered when its player paired
        self.sealed_requests = False  # some dice were armed in a sealed entry (not revealed yet)

    def fail(self, i: int, why: str) -> None:
        raise AuditFailed(self.p, i, why)

    def entry(self, i: int, kind: str, data: Any, hashes: list[str]) -> None:
        if kind == "armed":
            ctx = rolls.context(self.game, int(data["step"]), str(data["for"])).hex()
            if data["context"] != ctx:
                self.fail(i, "the dice were armed with a commitment that is not this game's decision")
            self.armed[int(data["request"])] = (i, ctx)
        elif kind == "rolled":
            self._rolled(i, data)
        elif kind == "dice":
            self._dice(i, data)
        elif kind == "action":
            answered = str(data.get("answered") or "")
            if answered.startswith("roll "):
                if self.last_dice is None:
                    self.out.warnings.append(f"entry {i}: dice for '{data['text']}' were typed on the "
                                             f"{data.get('source', 'page')}, not rolled by the board")
                self.last_dice = None
        elif kind == "result":
            self.result_entry = (i, data)
            self.out.result = data
        elif kind == "signature":
            self._signature(i, data, hashes)
        elif kind == "paired":
            signed, key = data["signed"], str(data["public_key"])
            if signed != signatures.pairing_statement(str(signed.get("code"))) or \
                    not signatures.valid(key, canonical(signed), str(data["proof"])):
                self.fail(i, f"the key registered for the {data['side']} player at pairing carries no valid "
                             f"proof that the paired page holds it")
            self.paired[str(data["side"])] = str(data["public_key"])
        elif kind == "resume" and (data["entries"] != i or data["head"] != (hashes[i - 1] if i else "")):
            self.fail(i, "the resume entry does not name the entries before it")

    def _rolled(self, i: int, data: Any) -> None:
        request, values = int(data["request"]), [int(v) for v in data["values"]]
        self.last_rolled = (i, request, values)
        if "mac" not in data:
            if self.key is not None:
                self.fail(i, f"roll {values} carries no authenticator: not rolled by board "
                             f"{self.key.board_id}")
            return
        armed = self.armed.get(request)
        if armed is None and self.sealed_requests:
            return  # armed in an entry sealed until the game ends: checked once it is revealed
        if armed is None:
            self.fail(i, f"roll for dice request {request}, which was never armed in this record")
            return
        if data["context"] != armed[1]:
            self.fail(i, f"roll signed for another decision than the one armed at entry {armed[0]}")
        epoch, counter = int(data["epoch"]), int(data["counter"])
        last = self.epochs.get(epoch, 0)
        if counter <= last:
            self.fail(i, f"roll counter {counter} of board boot {epoch:08x} repeats or goes back "
                         f"(last {last})")
        self.epochs[epoch] = counter
        if self.key is None:
            self.out.unchecked_rolls += 1
            return
        ok = rolls.authentic(self.key.key, self.key.board_id, epoch, counter, request, int(data["button"]),
                             values, bytes.fromhex(data["context"]), bytes.fromhex(data["mac"]))
        if not ok:
            self.fail(i, f"roll {values} (board boot {epoch:08x}, roll {counter}) was not authenticated by "
                         f"board {self.key.board_id}: changed, invented or rolled by another board")
        self.out.rolls += 1

    def _dice(self, i: int, data: Any) -> None:
        if not data.get("used"):
            return
        values = [int(v) for v in data["values"]]
        rolled = self.last_rolled
        if rolled is None or rolled[1] != int(data["request"]) or rolled[2] != values:
            self.fail(i, f"dice {values} used for '{data.get('for')}' do not match the roll the board sent")
        self.last_dice = values
        self.last_rolled = None

    def _signature(self, i: int, data: Any, hashes: list[str]) -> None:
        if self.result_entry is None:
            self.fail(i, "a signature with no result before it")
            return
        at, result = self.result_entry
        signed = signatures.statement(self.game, hashes[at], result, str(data["side"]))
        if data["signed"] != signed:
            self.fail(i, f"the {data['side']} player's signature is over another statement than the result "
                         f"at entry {at}")
        if not signatures.valid(str(data["public_key"]), canonical(signed), str(data["signature"])):
            self.fail(i, f"the {data['side']} player's signature does not verify")
        registered = self.paired.get(str(data["side"]))
        if registered is None:
            self.fail(i, f"the {data['side']} player's signing key was not registered when that player "
                         f"paired (no pairing of that side holds it)")
        elif registered != data["public_key"]:
            self.fail(i, f"the {data['side']} player signed with a key other than the one registered when "
                         f"that player paired")
        self.out.signatures.append(str(data["side"]))
