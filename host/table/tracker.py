"""From cell events to game actions: the host's model of the real table.

Like PicoChess's ``legal_fens`` matching, the tracker compares the whole sensed position with the expected
one after every change and classifies the difference:

- nothing differs: in sync (a group that was in hand came back: PutBack);
- one group is missing from one hex: it is in the player's hand (Lifted, with its legal destinations);
- that whole group rests on one other hex: a placement; legal -> MoveRecognised, else IllegalPlacement;
- anything else (two groups moved, a stack knocked over, tags swapped): OutOfSync after the quiet time,
  with the hexes to fix, until the table matches again (InSync). Certabo/DGT "correction mode".

Debouncing (PicoChess's MoveDebouncer idea): a placement is held back for ``quiet_ms`` only if it is
"extendable" (the group could still be on its way: some legal destination lies beyond it) or illegal (a
slide passing over a cell). A group lifted again from a held-back hex extends the trail. The firmware
already debounces each cell; this quiet time covers sequences across cells. A snapshot is a settled full
read, so it resolves at once.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from hexmate.host.table.calibration import Calibration
from hexmate.host.table.events import (
    Difference,
    IllegalPlacement,
    InSync,
    Lifted,
    MoveRecognised,
    OutOfSync,
    PutBack,
    TableEvent,
    UncertainCell,
    UnknownTag,
)
from hexmate.host.table.geometry import Hex, MoveLike
from hexmate.host.table.registry import Registry, RegistryError, normalise_uid

EMPTY, TAGS, UNCERTAIN = 0, 1, 2  # cell states, as hexmate.firmware.wire numbers them
DEFAULT_QUIET_MS = 350  # PicoChess uses 350 ms for Certabo/Chessnut; 500 ms suits BLE


class Oracle(Protocol):
    """What the tracker asks the game: where units should be, and where a group may go."""

    def expected(self) -> Mapping[str, Hex]: ...

    def destinations(self, unit_ids: frozenset[str], start: Hex) -> Mapping[Hex, MoveLike]: ...


@runtime_checkable
class RouteOracle(Protocol):
    """Optional: the move along these waypoints (gaps filled by cheapest legs), or None if illegal."""

    def route(self, unit_ids: frozenset[str], waypoints: Sequence[Hex]) -> MoveLike | None: ...


@runtime_checkable
class ConcealOracle(Protocol):
    """Optional: the units the rules hold concealed now. When the oracle answers it, the rules are the one
    authority for concealment (a unit the rules reveal is shown everywhere); else what the board senses under
    concealment counters counts (replays of recorded streams)."""

    def concealed_units(self) -> frozenset[str]: ...


@runtime_checkable
class ExplainOracle(Protocol):
    """Optional: why ``target`` is not a legal destination of the group (the rules' reason, rule cited)."""

    def explain(self, unit_ids: frozenset[str], start: Hex, target: Hex) -> str: ...


class Phase(enum.Enum):
    IDLE = "idle"  # table matches the position
    HELD = "held"  # one group in hand
    PENDING = "pending"  # the held group rests on a hex, waiting for the quiet time
    ILLEGAL = "illegal"  # the held group rests on an illegal hex
    AWAITING = "awaiting"  # a move was recognised; waiting for the position to reflect it
    MESSY = "messy"  # an unexplained difference, waiting for the quiet time
    OUT_OF_SYNC = "out-of-sync"


class Tracker:
    """Feeds on cell events and snapshots; emits TableEvents. Owned by the host's one event loop.

    ``tick(t_ms)`` must be called when ``deadline_ms`` passes with no new event (the service schedules it).
    After the session pushes a recognised move (or enrolls a tag), ``refresh(t_ms)`` re-reads the oracle.
    All ``t_ms`` arguments come from one monotonic clock: the host loop's, not the device's ``t_ms``, which
    restarts when the board reboots (a clock that jumps back restarts a running quiet time).
    """

    def __init__(
        self,
        calibration: Calibration,
        registry: Registry,
        oracle: Oracle,
        *,
        quiet_ms: int = DEFAULT_QUIET_MS,
    ) -> None:
        self.calibration = calibration
        self.registry = registry
        self.oracle = oracle
        self.quiet_ms = quiet_ms
        self.setup = False
        self.phase = Phase.IDLE
        self.deadline_ms: int | None = None
        # sensed model
        self._cells: dict[int, tuple[int, tuple[str, ...]]] = {}
        self._hex_units: dict[Hex, frozenset[str]] = {}
        self._hex_markers: dict[Hex, frozenset[str]] = {}  # counter ids of concealment/other markers
        self._unit_hex: dict[str, Hex] = {}
        self.uncertain: dict[Hex, int] = {}
        self.unknown: dict[str, tuple[Hex | None, int]] = {}
        self.sensed_concealed: set[str] = set()  # sticky: a unit seen under its side's concealment marker
        # move in progress
        self.group: frozenset[str] = frozenset()
        self.origin: Hex | None = None
        self.trail: list[Hex] = []
        self.destinations: Mapping[Hex, MoveLike] = {}
        self._through: frozenset[Hex] = frozenset()  # hexes some legal path passes through
        self.resting: Hex | None = None  # where the held group lies (PENDING / ILLEGAL)
        self.illegal_reason = ""
        self.differences: tuple[Difference, ...] = ()
        self._awaiting: tuple[frozenset[str], Hex] | None = None

    # --- inputs ----------------------------------------------------------------------------------------

    def on_cell(self, cell: int, state: int, uids: Iterable[bytes | str], t_ms: int) -> list[TableEvent]:
        if self.deadline_ms is not None and t_ms < self.deadline_ms - self.quiet_ms:
            self.deadline_ms = t_ms + self.quiet_ms  # the clock went back: restart the quiet time
        events = self.tick(t_ms)
        events += self._apply_cell(cell, state, uids)
        events += self._evaluate(t_ms, settled=False)
        return events

    def on_snapshot(
        self, entries: Iterable[tuple[int, int, Iterable[bytes | str]]], t_ms: int = 0
    ) -> list[TableEvent]:
        """A full read (after boot or SYNC): supersedes every earlier cell event; resolves at once."""
        events: list[TableEvent] = []
        seen: set[int] = set()
        for cell, state, uids in entries:
            seen.add(cell)
            events += self._apply_cell(cell, state, uids)
        for cell in [c for c in self._cells if c not in seen]:
            events += self._apply_cell(cell, EMPTY, ())
        events += self._evaluate(t_ms, settled=True)
        return events

    def tick(self, t_ms: int) -> list[TableEvent]:
        """Resolve a held-back placement or an unexplained difference once the quiet time has passed."""
        if self.deadline_ms is None or t_ms < self.deadline_ms:
            return []
        self.deadline_ms = None
        return self._evaluate(t_ms, settled=True)

    def refresh(self, t_ms: int) -> list[TableEvent]:
        """Re-read the oracle (after the session pushed an action or the registry changed)."""
        for uid, (_, cell) in list(self.unknown.items()):
            if self.registry.lookup(uid) is not None:
                del self.unknown[uid]
                state, uids = self._cells.get(cell, (EMPTY, ()))
                self._apply_cell(cell, state, uids, force=True)
        return self._evaluate(t_ms, settled=True)

    def reread(self, t_ms: int) -> list[TableEvent]:
        """Re-read every sensed cell through the registry (after a tag was enrolled or re-tagged).

        What the new reading differs by is never taken for a move: the table is compared with the game as
        after a reject (in sync, or out of sync with what to put where)."""
        events: list[TableEvent] = []
        for uid in [u for u in self.unknown if self.registry.lookup(u) is not None]:
            del self.unknown[uid]
        for cell, (state, uids) in sorted(self._cells.items()):
            events += self._apply_cell(cell, state, uids, force=True)
        self._clear_move()
        self.phase = Phase.OUT_OF_SYNC
        self.differences = ()
        return events + self._evaluate(t_ms, settled=True)

    def reject(self, t_ms: int = 0) -> list[TableEvent]:
        """The session refused the recognised move: the table is out of sync until it matches again."""
        if self.phase is not Phase.AWAITING:
            return []
        self._clear_move()
        self.phase = Phase.OUT_OF_SYNC
        self.differences = ()
        return self._evaluate(t_ms, settled=True)

    def begin_setup(self, t_ms: int = 0) -> list[TableEvent]:
        """Setting up a scenario: expected = its setup; LEDs show targets until the table matches."""
        self.setup = True
        self._clear_move()
        self.phase = Phase.OUT_OF_SYNC
        self.differences = ()
        return self._evaluate(t_ms, settled=True)

    # --- sensed model ----------------------------------------------------------------------------------

    def sensed_hex(self, unit: str) -> Hex | None:
        """Where the board reads this unit now (None while it is in a hand or off the map)."""
        return self._unit_hex.get(unit)

    def sensed_units(self, h: Hex) -> frozenset[str]:
        return self._hex_units.get(h, frozenset())

    def markers(self, h: Hex) -> frozenset[str]:
        return self._hex_markers.get(h, frozenset())

    def _apply_cell(
        self, cell: int, state: int, raw_uids: Iterable[bytes | str], force: bool = False
    ) -> list[TableEvent]:
        events: list[TableEvent] = []
        uids: list[str] = []
        for raw in raw_uids:
            try:
                uids.append(normalise_uid(raw))
            except RegistryError:
                state = UNCERTAIN  # a garbled UID is as good as a failed anticollision
        reading = (state, tuple(sorted(uids)))
        if not force and self._cells.get(cell) == reading:
            return events
        if state == EMPTY and not uids:
            self._cells.pop(cell, None)
        else:
            self._cells[cell] = reading
        h = self.calibration.hex_of(cell)
        for uid in [u for u, (_, c) in self.unknown.items() if c == cell and u not in uids]:
            del self.unknown[uid]
        if h is not None:
            for unit in self._hex_units.get(h, frozenset()):
                if self._unit_hex.get(unit) == h:
                    del self._unit_hex[unit]
            self._hex_units.pop(h, None)
            self._hex_markers.pop(h, None)
            if state == UNCERTAIN:
                if h not in self.uncertain:
                    events.append(UncertainCell(h, cell))
                self.uncertain[h] = cell
                return events
            self.uncertain.pop(h, None)
        elif state == UNCERTAIN:
            return [UncertainCell(None, cell)]
        units: set[str] = set()
        markers: dict[str, str] = {}
        for uid in uids:
            counter = self.registry.lookup(uid)
            if counter is None:
                if uid not in self.unknown or self.unknown[uid][1] != cell:
                    events.append(UnknownTag(uid, h, cell))
                self.unknown[uid] = (h, cell)
            elif counter.kind == "unit" and counter.unit_id:
                units.add(counter.unit_id)
            else:
                markers[counter.counter_id] = counter.side if counter.kind == "concealment" else ""
        if h is None:
            return events
        if units:
            self._hex_units[h] = frozenset(units)
            for unit in units:
                self._unit_hex[unit] = h
        if markers:
            self._hex_markers[h] = frozenset(markers)
            concealing = {side for side in markers.values() if side}
            for unit in units:
                counter = self.registry.counter_of_unit(unit)
                if counter is not None and counter.side in concealing:
                    self.sensed_concealed.add(unit)
        return events

    @property
    def concealed(self) -> frozenset[str]:
        """Units hidden from their enemy: the rules' word when the oracle gives it, else what was sensed."""
        if isinstance(self.oracle, ConcealOracle):
            return self.oracle.concealed_units()
        return frozenset(self.sensed_concealed)

    def reveal(self, unit_ids: Iterable[str]) -> None:
        """The game revealed these units (concealment lost); views may show them to everyone again."""
        self.sensed_concealed.difference_update(unit_ids)

    # --- classification ---------------------------------------------------------------------------------

    def _diff(self) -> tuple[dict[str, Hex], dict[Hex, Difference]]:
        """-> (units away from their expected hex, differing hexes); uncertain cells count as holding them."""
        expected = self.oracle.expected()
        moved: dict[str, Hex] = {}
        diffs: dict[Hex, tuple[set[str], set[str]]] = {}
        for unit, h in expected.items():
            where = self._unit_hex.get(unit)
            if where == h or (where is None and h in self.uncertain):
                continue
            moved[unit] = h
            diffs.setdefault(h, (set(), set()))[0].add(unit)
            if where is not None:
                diffs.setdefault(where, (set(), set()))[1].add(unit)
        for unit, where in self._unit_hex.items():
            if unit not in expected:  # a counter the position does not hold (eliminated, not in scenario)
                diffs.setdefault(where, (set(), set()))[1].add(unit)
        result: dict[Hex, Difference] = {}
        for h, (missing, extra) in diffs.items():
            exp = frozenset(u for u, eh in expected.items() if eh == h)
            result[h] = Difference(h, exp, self.sensed_units(h) if (missing or extra) else exp)
        return moved, result

    def _evaluate(self, t_ms: int, settled: bool) -> list[TableEvent]:
        moved, diffs = self._diff()
        if self.setup or self.phase is Phase.OUT_OF_SYNC:
            return self._correction(diffs)
        if self._awaiting is not None:
            group, h = self._awaiting
            if not moved:
                self._awaiting = None
                self.phase = Phase.IDLE
                return []
            if set(moved) == set(group) and all(self._unit_hex.get(u) == h for u in group):
                return []  # the session has not pushed the move yet
            self._awaiting = None
            self.phase = Phase.IDLE
        if not moved and not any(d.extra for d in diffs.values()):
            return self._back_in_place()
        if not moved and (arrived := self._arrival(diffs)) is not None:
            return arrived
        origins = set(moved.values())
        places = {self._unit_hex.get(u) for u in moved}
        group = frozenset(moved)
        extra_elsewhere = any(d.extra - group for d in diffs.values())
        if len(origins) == 1 and not extra_elsewhere:
            origin = next(iter(origins))
            if places == {None}:
                return self._lifted(group, origin)
            if len(places) == 1:
                place = next(iter(places))
                assert place is not None
                return self._placed(group, origin, place, t_ms, settled)
            if None in places and len(places) == 2 and self.phase is not Phase.IDLE:
                return []  # part of the stack is down, the rest still in hand: wait for it
        return self._messy(diffs, t_ms, settled)

    def _arrival(self, diffs: Mapping[Hex, Difference]) -> list[TableEvent] | None:
        """Counters the position holds off the board (a unit coming on, PG 16.5), put down on one hex: the
        placement answering the open entry question when the game offers that hex (path: the hex itself)."""
        where = [d for d in diffs.values() if d.extra]
        if len(where) != 1 or where[0].missing:
            return None
        h, group = where[0].hex, where[0].extra
        arrival = self.oracle.destinations(group, h).get(h)
        if arrival is None:
            return None
        self._clear_move()
        self.phase, self._awaiting = Phase.AWAITING, (group, h)
        mode = str(getattr(arrival, "mode", "") or "")
        return [MoveRecognised(group, tuple(arrival.path), arrival.cost, (), mode)]

    def _back_in_place(self) -> list[TableEvent]:
        events: list[TableEvent] = []
        if self.phase in (Phase.HELD, Phase.PENDING, Phase.ILLEGAL) and self.origin is not None:
            events.append(PutBack(self.group, self.origin))
        self._clear_move()
        self.phase = Phase.IDLE
        return events

    def _lifted(self, group: frozenset[str], origin: Hex) -> list[TableEvent]:
        if self.phase in (Phase.PENDING, Phase.ILLEGAL) and group == self.group and origin == self.origin:
            if self.phase is Phase.PENDING and self.resting is not None:
                self.trail.append(self.resting)  # placed on the way, lifted again: the trail grows
            self.phase, self.resting, self.deadline_ms = Phase.HELD, None, None
            return []
        if self.phase is Phase.HELD and group == self.group and origin == self.origin:
            return []
        if self.origin != origin or self.phase not in (Phase.HELD, Phase.PENDING, Phase.ILLEGAL):
            self.trail = []
        self.group, self.origin = group, origin
        self.destinations = self.oracle.destinations(group, origin)
        self._through = frozenset(h for mv in self.destinations.values() for h in list(mv.path)[1:-1])
        self.phase, self.resting, self.deadline_ms = Phase.HELD, None, None
        return [Lifted(group, origin, self.destinations)]

    def _placed(
        self, group: frozenset[str], origin: Hex, h: Hex, t_ms: int, settled: bool
    ) -> list[TableEvent]:
        events: list[TableEvent] = []
        if group != self.group or origin != self.origin or self.phase is Phase.IDLE:
            events += self._lifted(group, origin)  # lifted and placed between two reads: never saw it in hand
        if self.phase is Phase.ILLEGAL and self.resting == h and not settled:
            return events
        move = self._candidate(group, origin, h)
        # still on its way: a hex some cheapest path goes through, or any hex once a trail is being shown
        # (a player showing the path hex by hex may leave the cheapest paths)
        extendable = move is not None and (h in self._through or bool(self.trail))
        if not settled and (move is None or extendable):
            if self.phase is not Phase.PENDING or self.resting != h:
                self.phase, self.resting = Phase.PENDING, h
                self.deadline_ms = t_ms + self.quiet_ms
            return events
        self.deadline_ms = None
        if move is None:
            if self.phase is Phase.ILLEGAL and self.resting == h:
                return events
            self.phase, self.resting = Phase.ILLEGAL, h
            self.illegal_reason = self._why_illegal(h)
            return [*events, IllegalPlacement(group, h, self.illegal_reason)]
        trail = tuple(self.trail)
        mode = str(getattr(move, "mode", "") or "")  # the way of moving its lit hex was for (Double Time)
        events.append(MoveRecognised(group, tuple(move.path), move.cost, trail, mode))
        self._clear_move()
        self.phase = Phase.AWAITING
        self._awaiting = (group, h)
        return events

    def _candidate(self, group: frozenset[str], origin: Hex, h: Hex) -> MoveLike | None:
        if h not in self.destinations:
            return None
        if self.trail and isinstance(self.oracle, RouteOracle):
            # The path the player showed, if legal; a slide across a hex the unit may not enter falls back to
            # the cheapest path (transients on the way are debounced, not held against the player).
            along = self.oracle.route(group, [origin, *self.trail, h])
            if along is not None:
                return along
        return self.destinations[h]

    def _why_illegal(self, h: Hex) -> str:
        label = self.calibration.map.label
        if self.origin is not None and isinstance(self.oracle, ExplainOracle):
            return self.oracle.explain(self.group, self.origin, h)
        if self.origin is not None and not self.destinations:
            return f"the group cannot move from {label(self.origin)} now"
        return f"{label(h)} is not among the {len(self.destinations)} hexes this group can reach" + (
            f" from {label(self.origin)}" if self.origin is not None else ""
        )

    def _messy(self, diffs: Mapping[Hex, Difference], t_ms: int, settled: bool) -> list[TableEvent]:
        if not settled:
            self.phase = Phase.MESSY
            self.deadline_ms = t_ms + self.quiet_ms  # quiet time counts from the last change
            return []
        self._clear_move()
        self.phase = Phase.OUT_OF_SYNC
        return self._correction(diffs)

    def _correction(self, diffs: Mapping[Hex, Difference]) -> list[TableEvent]:
        ordered = tuple(sorted(diffs.values(), key=lambda d: self.calibration.map.label(d.hex)))
        if not ordered:
            was_setup = self.setup
            self.setup = False
            self.phase = Phase.IDLE
            self.differences = ()
            self.deadline_ms = None
            return [InSync(setup=was_setup)]
        self.phase = Phase.OUT_OF_SYNC
        if ordered == self.differences:
            return []
        self.differences = ordered
        return [OutOfSync(ordered, setup=self.setup)]

    def _clear_move(self) -> None:
        self.group, self.origin, self.trail = frozenset(), None, []
        self.destinations, self._through = {}, frozenset()
        self.resting, self.deadline_ms, self.illegal_reason = None, None, ""
        self._awaiting = None

    # --- for views and the page --------------------------------------------------------------------------

    def snapshot_state(self) -> dict[str, Any]:
        """A compact description for logs and replay results."""
        label = self.calibration.map.label
        return {
            "phase": self.phase.value,
            "setup": self.setup,
            "group": sorted(self.group),
            "origin": label(self.origin) if self.origin is not None else None,
            "trail": [label(h) for h in self.trail],
        }
