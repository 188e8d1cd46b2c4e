"""Tag UID -> counter: which cardboard counter carries which RFID tag (Certabo's piece calibration, per tag).

UIDs are upper-case hex strings without separators (4, 7 or 10 bytes: ISO 14443; 8 bytes: ISO 15693). A
counter is either a unit of the scenario (``unit_id`` set), a concealment marker (``kind == "concealment"``,
hides the stack under it from the opponent), or a calibration counter (``kind == "calibration"``). Unknown
tags are never dropped: the tracker announces them and the page offers ``Registry.enroll``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "hexmate-registry"
KINDS = ("unit", "concealment", "calibration", "marker")
_UID = re.compile(r"^(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{16}|[0-9A-F]{20})$")
_ENTRY_KEYS = {"uid", "counter_id", "game", "side", "unit_type", "values", "unit_id", "kind"}


class RegistryError(Exception):
    """A registry file or enrollment is invalid; the message names the file and entry."""


def normalise_uid(uid: str | bytes) -> str:
    """'04:a2:1b:...' / b'\\x04\\xa2...' -> '04A21B...'; raises RegistryError if it is not a 4/7/10-byte
    (ISO 14443) or 8-byte (ISO 15693) UID.

    >>> normalise_uid("04:a2:1b:3c:4d:5e:80")
    '04A21B3C4D5E80'
    """
    text = uid.hex() if isinstance(uid, bytes | bytearray) else uid.replace(":", "").replace(" ", "")
    text = text.upper()
    if not _UID.match(text):
        raise RegistryError(f"tag UID {uid!r} is not 4, 7 or 10 bytes of hex (ISO 14443) nor 8 (ISO 15693)")
    return text


@dataclass(frozen=True)
class Counter:
    """One physical counter. ``values``: its printed values ('4-6-7', morale 7 ...) as the game reads them."""

    counter_id: str
    game: str
    side: str = ""
    unit_type: str = ""
    values: Mapping[str, Any] = field(default_factory=dict)
    unit_id: str | None = None
    kind: str = "unit"

    def describe(self) -> str:
        """How the page and speech name it: 'german 4-6-7 squad (ge1)'."""
        printed = self.values.get("printed") if isinstance(self.values, Mapping) else None
        parts = [p for p in (self.side, str(printed) if printed else "", self.unit_type) if p]
        ident = self.unit_id or self.counter_id
        return f"{' '.join(parts) or self.kind} ({ident})"


class Registry:
    """UID -> Counter with reverse lookup by unit id.

    >>> reg = Registry()
    >>> reg.enroll("04A21B3C4D5E80", Counter("ge-467-1", "asl", "german", "squad", unit_id="ge1"))
    >>> reg.unit_of("04a21b3c4d5e80")
    'ge1'
    """

    def __init__(self, counters: Mapping[str, Counter] | None = None) -> None:
        self._by_uid: dict[str, Counter] = {}
        self._uid_of_unit: dict[str, str] = {}
        for uid, counter in (counters or {}).items():
            self.enroll(uid, counter)

    def __len__(self) -> int:
        return len(self._by_uid)

    def __iter__(self) -> Iterator[tuple[str, Counter]]:
        return iter(sorted(self._by_uid.items()))

    def lookup(self, uid: str | bytes) -> Counter | None:
        try:
            return self._by_uid.get(normalise_uid(uid))
        except RegistryError:
            return None

    def unit_of(self, uid: str | bytes) -> str | None:
        counter = self.lookup(uid)
        return counter.unit_id if counter is not None and counter.kind == "unit" else None

    def uid_of_unit(self, unit_id: str) -> str | None:
        return self._uid_of_unit.get(unit_id)

    def counter_of_unit(self, unit_id: str) -> Counter | None:
        uid = self._uid_of_unit.get(unit_id)
        return self._by_uid.get(uid) if uid is not None else None

    def enroll(self, uid: str | bytes, counter: Counter, replace: bool = False) -> None:
        """Bind a tag to a counter (the page calls this after an UnknownTag)."""
        key = normalise_uid(uid)
        if counter.kind not in KINDS:
            raise RegistryError(f"tag {key}: kind {counter.kind!r} is not one of {', '.join(KINDS)}")
        if counter.kind == "unit" and not counter.unit_id:
            raise RegistryError(f"tag {key}: a unit counter needs the unit_id it plays in the scenario")
        old = self._by_uid.get(key)
        if old is not None and old != counter and not replace:
            raise RegistryError(f"tag {key} is already enrolled as {old.describe()}")
        if counter.unit_id and counter.kind == "unit":
            other = self._uid_of_unit.get(counter.unit_id)
            if other is not None and other != key:
                if not replace:
                    raise RegistryError(
                        f"unit {counter.unit_id} already has tag {other}; use replace to re-tag it"
                    )
                del self._by_uid[other]
            self._uid_of_unit[counter.unit_id] = key
        if old is not None and old.unit_id and old.unit_id != counter.unit_id:
            self._uid_of_unit.pop(old.unit_id, None)
        self._by_uid[key] = counter

    def remove(self, uid: str | bytes) -> Counter:
        key = normalise_uid(uid)
        counter = self._by_uid.pop(key, None)
        if counter is None:
            raise RegistryError(f"tag {key} is not enrolled")
        if counter.unit_id and self._uid_of_unit.get(counter.unit_id) == key:
            del self._uid_of_unit[counter.unit_id]
        return counter

    # --- JSON -------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        entries = []
        for uid, counter in self:
            entry = {"uid": uid, **asdict(counter)}
            entry["values"] = dict(counter.values)
            if entry["unit_id"] is None:
                del entry["unit_id"]
            entries.append(entry)
        return {"format": FORMAT, "version": 1, "counters": entries}

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any, source: str = "<registry>") -> Registry:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise RegistryError(f'{source}: not a hexmate registry (expected "format": "{FORMAT}")')
        unknown = set(data) - {"format", "version", "counters", "comment"}
        if unknown:
            raise RegistryError(f"{source}: unknown key(s) {', '.join(sorted(unknown))}")
        counters = data.get("counters")
        if not isinstance(counters, list):
            raise RegistryError(f'{source}: "counters" must be a list')
        reg = cls()
        for i, entry in enumerate(counters):
            where = f"{source}: entry {i + 1}"
            if not isinstance(entry, Mapping):
                raise RegistryError(f"{where}: must be an object")
            if isinstance(entry.get("uid"), str):
                where += f" (uid {entry['uid']})"
            bad = set(entry) - _ENTRY_KEYS
            if bad:
                raise RegistryError(f"{where}: unknown key(s) {', '.join(sorted(bad))}")
            for key in ("uid", "counter_id", "game"):
                if not isinstance(entry.get(key), str) or not entry[key]:
                    raise RegistryError(f'{where}: "{key}" must be a non-empty string')
            values = entry.get("values", {})
            if not isinstance(values, Mapping):
                raise RegistryError(f'{where}: "values" must be an object')
            counter = Counter(
                counter_id=entry["counter_id"],
                game=entry["game"],
                side=str(entry.get("side", "")),
                unit_type=str(entry.get("unit_type", "")),
                values=dict(values),
                unit_id=entry.get("unit_id"),
                kind=str(entry.get("kind", "unit")),
            )
            try:
                reg.enroll(entry["uid"], counter)
            except RegistryError as exc:
                raise RegistryError(f"{where}: {exc}") from exc
        return reg

    @classmethod
    def load(cls, path: str | Path) -> Registry:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise RegistryError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno})") from exc
        except OSError as exc:
            raise RegistryError(f"{path}: cannot read: {exc.strerror or exc}") from exc
        return cls.from_json(data, str(path))


DEMO_REGISTRY = Path(__file__).with_name("data") / "demo-registry.json"


def default_registry_path() -> Path:
    """Where the player's registry lives: $HEXMATE_REGISTRY, else $XDG_DATA_HOME/hexmate/registry.json.

    One place for every command, so a registry imported with `hexmate registry import` is the one that
    `hexmate run` plays with and enrolment on the page writes to.
    """
    env = os.environ.get("HEXMATE_REGISTRY")
    if env:
        return Path(env)
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "hexmate" / "registry.json"


DEMO_GAMES = ("asl", "pg", "fireteam", "sw")


def vicinity_uid(uid: str) -> str:
    """The ISO 15693 stand-in of a demo tag for boards that read vicinity tags (PN5180): E0, then the
    7-byte demo UID (whose first byte is NXP's manufacturer code 04, where ISO 15693 puts it), or
    E0 04 00 00 and a 4-byte one. Demo values, like the demo UIDs themselves.

    >>> vicinity_uid("04E1FE52492780")
    'E004E1FE52492780'
    """
    key = normalise_uid(uid)
    if len(key) == 16:
        return key
    if len(key) == 14:
        return "E0" + key
    if len(key) == 8:
        return "E0040000" + key
    raise RegistryError(f"tag UID {uid!r} has no ISO 15693 stand-in")


def as_vicinity(registry: Registry) -> Registry:
    """The same counters under their ISO 15693 stand-in UIDs (:func:`vicinity_uid`): the demo registries
    on a board that reads ISO 15693 tags."""
    return Registry({vicinity_uid(uid): counter for uid, counter in registry})


def demo_registry_path(game: str = "asl") -> Path:
    """The demo registry of a game: ASL's is hand-made; the others are written by ``demo_registries.py``."""
    if game not in DEMO_GAMES:
        raise RegistryError(f"no demo registry for game {game!r} (demo games: {', '.join(DEMO_GAMES)})")
    return DEMO_REGISTRY if game == "asl" else DEMO_REGISTRY.with_name(f"demo-registry-{game}.json")


def load_demo(game: str = "asl") -> Registry:
    """The registry for a game's demo scenario: one tag per unit (ASL's also concealment and calibration
    counters)."""
    return Registry.load(demo_registry_path(game))
