"""The changes the players owe the board (host/game/changes.py): a vehicle turned to a new facing is a
reminder the player confirms, never blocking, and only its latest facing is owed."""

from __future__ import annotations

from hexmate.host.game.changes import Changes
from hexmate.rules.decisions import Physical


def turn(unit: str, to: str, rule: str = "D2.11") -> Physical:
    return Physical("turn", unit, f"turn {unit} to {to}", rule, None, to)


def test_a_turn_is_a_reminder_and_only_the_latest_counts() -> None:
    owed = Changes()
    owed.add([turn("pz", "vca1")], step=3)
    owed.add([turn("pz", "vca2"), turn("pz", "tca4", "D3.12"), turn("t", "vca0")], step=3)
    assert [(c.physical.unit, c.physical.to) for c in owed] == [("pz", "vca2"), ("pz", "tca4"), ("t", "vca0")]
    assert all(c.confirm and not c.blocking for c in owed)
    assert [c.physical.to for c in owed.confirm("t")] == ["vca0"]
    owed.add([], step=4)  # play moved on to another step: the reminders lapse
    assert len(owed) == 0


def test_a_flip_still_blocks_beside_a_turn() -> None:
    owed = Changes()
    owed.add([turn("pz", "vca1"), Physical("flip", "sq", "flip sq", "A10.1", None, "broken")], step=1)
    assert [c.physical.what for c in owed.blocking] == ["flip"]
