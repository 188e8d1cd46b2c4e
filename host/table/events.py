"""What the tracker tells the game session: table events (values; hexes are map hexes, units are unit ids)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hexmate.host.table.geometry import Hex, MoveLike


@dataclass(frozen=True, eq=True)
class Difference:
    """One hex where the table differs from the expected position."""

    hex: Hex
    expected: frozenset[str]
    sensed: frozenset[str]

    @property
    def missing(self) -> frozenset[str]:
        """Units that should be here and are not (put them back here)."""
        return self.expected - self.sensed

    @property
    def extra(self) -> frozenset[str]:
        """Units sensed here that belong elsewhere (take them away)."""
        return self.sensed - self.expected


@dataclass(frozen=True)
class Lifted:
    """A group left its hex and is in the player's hand; ``destinations`` are its legal moves from there."""

    units: frozenset[str]
    from_hex: Hex
    destinations: Mapping[Hex, MoveLike] = field(compare=False, hash=False)
    kind: str = field(default="lifted", init=False)


@dataclass(frozen=True)
class MoveRecognised:
    """The group rests on a legal destination: ``path`` starts at the origin, ``cost`` is what it spent.

    ``trail`` lists the hexes the group touched on the way (placed briefly, slid across), in order.
    """

    units: frozenset[str]
    path: tuple[Hex, ...]
    cost: Any
    trail: tuple[Hex, ...] = ()
    mode: str = ""  # the way of moving the lit destination was for (ASL Double Time "cx", a carry...)
    kind: str = field(default="move", init=False)


@dataclass(frozen=True)
class PutBack:
    """The group came back to where it started: no action."""

    units: frozenset[str]
    hex: Hex
    kind: str = field(default="put-back", init=False)


@dataclass(frozen=True)
class IllegalPlacement:
    units: frozenset[str]
    hex: Hex
    reason: str
    kind: str = field(default="illegal", init=False)


@dataclass(frozen=True)
class OutOfSync:
    """The table does not match the position; ``differences`` say what to put where. ``setup``: setting up."""

    differences: tuple[Difference, ...]
    setup: bool = False
    kind: str = field(default="out-of-sync", init=False)


@dataclass(frozen=True)
class InSync:
    setup: bool = False
    kind: str = field(default="in-sync", init=False)


@dataclass(frozen=True)
class UnknownTag:
    """A tag not in the registry (enroll it, or remove the counter); ``hex`` is None on an off-map cell."""

    uid: str
    hex: Hex | None
    cell: int
    kind: str = field(default="unknown-tag", init=False)


@dataclass(frozen=True)
class UncertainCell:
    """Something lies on this hex but the reader could not tell the tags apart (anticollision failed)."""

    hex: Hex | None
    cell: int
    kind: str = field(default="uncertain", init=False)


TableEvent = (
    Lifted | MoveRecognised | PutBack | IllegalPlacement | OutOfSync | InSync | UnknownTag | UncertainCell
)
