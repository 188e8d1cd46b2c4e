"""Changes the players owe the board (rules.decisions.Physical), kept the same way at the table and in a
script folded over the rules, so both agree on what the done button means.

- a flip or a replacement **blocks**: once nothing is open, no new action is taken until the board shows
  it or a player confirms it (the board cannot see which side of a counter is up); the done button then
  confirms every blocking change first;
- a marker placed or taken, or a counter turned to a new facing (the rules keep the facing, the readers
  cannot see it), is a **reminder**: confirmable, never blocking, it lapses when play moves on to another
  step;
- a tagged counter taken off the map is **sensed**: it is done when the board no longer reads its tag.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from hexmate.rules.decisions import Physical

# "turn": a vehicle's facing (ASL D2.11); "add": a new counter to put down and enrol (a vehicle's crew, D5.6)
_REMINDERS = ("place", "take", "turn", "add")


@dataclass(frozen=True)
class Change:
    physical: Physical
    confirm: bool  # a player confirms it (else the board shows it by itself)
    step: int = 0  # the sequence step it arose in

    @property
    def blocking(self) -> bool:
        return self.confirm and self.physical.what not in _REMINDERS


class Changes:
    """The list of changes still owed; ``sensed(ph)`` says whether the board can see one by itself."""

    def __init__(self, sensed: Callable[[Physical], bool] = lambda ph: False) -> None:
        self._sensed = sensed
        self.items: list[Change] = []

    def __iter__(self) -> Iterator[Change]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def blocking(self) -> list[Change]:
        return [c for c in self.items if c.blocking]

    def add(self, changes: Iterable[Physical], step: int) -> None:
        """Record what an action asks for; reminders from earlier steps lapse."""
        self.items = [c for c in self.items if c.blocking or not c.confirm or c.step == step]
        turned = {(ph.unit, ph.rule) for ph in changes if ph.what == "turn"}  # only the latest facing counts
        self.items = [c for c in self.items if (c.physical.unit, c.physical.rule) not in turned
                      or c.physical.what != "turn"]
        self.items.extend(Change(ph, confirm=not self._sensed(ph), step=step) for ph in changes)

    def confirm(self, unit: str = "") -> list[Change]:
        """A player says these are made (all confirmable ones, or one unit's); returns what was confirmed."""
        done = [c for c in self.items if c.confirm and (not unit or c.physical.unit == unit)]
        self.items = [c for c in self.items if c not in done]
        return done

    def clear(self) -> None:
        """Forget every change owed (an action taken back: the board is corrected to the position)."""
        self.items = []

    def made(self, done: Callable[[Change], bool]) -> list[Change]:
        """Drop the changes the board shows made (a tagged marker sensed in place); returns them."""
        gone = [c for c in self.items if done(c)]
        self.items = [c for c in self.items if c not in gone]
        return gone

    def seen(self, on_board: Callable[[str], bool]) -> bool:
        """Drop sensed changes the board now shows (a tagged counter no longer on the map); True if any."""
        kept = [c for c in self.items if c.confirm or on_board(c.physical.unit)]
        changed = len(kept) != len(self.items)
        self.items = kept
        return changed


__all__ = ["Change", "Changes"]
