"""Dice as logged facts: typed rolls built from reported pips, never drawn here.

Rules code never rolls. A die button on the table (or a player typing "3,4") produces pips; they enter the
game log as a field of an action, and these types check and describe them. Each game names its rolls in
its own vocabulary (ASL: DR = two dice, white + coloured, both kept; dr = one die; PG: 2d6 / 1d6;
Fire Team: d10).

>>> spec = ASL_DR
>>> roll = spec.from_values((3, 4))
>>> roll.total, roll.coloured, roll.doubles
(7, 4, False)
>>> parse_values("5,5")
(5, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from hexmate.rules.errors import DiceError
from hexmate.rules.text import T


@dataclass(frozen=True)
class Die:
    """One physical die of a roll: its role (colour) and number of faces."""

    colour: str
    sides: int = 6


@dataclass(frozen=True)
class DiceSpec:
    """A kind of roll a game uses: its name in the game's own words and the dice that make it up."""

    name: str
    dice: tuple[Die, ...]
    rule: str = ""

    @property
    def count(self) -> int:
        return len(self.dice)

    def from_values(self, values: Sequence[int]) -> Roll:
        """Build a roll from reported pips, in the order of ``dice`` (ASL: white first, then coloured)."""
        values = tuple(values)
        if len(values) != self.count:
            raise DiceError(T("a {roll} is {count} die/dice, got {n} value(s): {values}", roll=self.name,
                              count=self.count, n=len(values), values=values))
        for die, pips in zip(self.dice, values, strict=True):
            if isinstance(pips, bool) or not isinstance(pips, int):
                raise DiceError(T("{roll}: {colour} die value {pips} is not a whole number",
                                  roll=self.name, colour=die.colour, pips=repr(pips)))
            if not 1 <= pips <= die.sides:
                raise DiceError(T("{roll}: {colour} die shows {pips}, a d{sides} shows 1..{sides}",
                                  roll=self.name,
                                  colour=die.colour, pips=pips, sides=die.sides))
        return Roll(self, values)


@dataclass(frozen=True)
class Roll:
    """The pips of one roll, each die kept (several rules read one die alone or compare them)."""

    spec: DiceSpec
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        """The Original DR/dr: raw pips added, before any modifier (ASL A.1)."""
        return sum(self.values)

    def die(self, colour: str) -> int:
        for die, pips in zip(self.spec.dice, self.values, strict=True):
            if die.colour == colour:
                return pips
        raise DiceError(T("{roll} has no {colour} die", roll=self.spec.name, colour=colour))

    @property
    def coloured(self) -> int:
        """The coloured die alone (ASL: ROF A9.2, Flame, subsidiary checks)."""
        return self.die("coloured")

    @property
    def white(self) -> int:
        return self.die("white")

    @property
    def doubles(self) -> bool:
        """All dice equal (ASL Cowering A7.9 keys on an Original DR of doubles)."""
        return len(self.values) > 1 and len(set(self.values)) == 1

    def text(self) -> str:
        return ",".join(str(v) for v in self.values)


def parse_values(text: str) -> tuple[int, ...]:
    """Parse "3,4" / "3 4" / "3+4" into pips; raise DiceError naming the bad part."""
    parts = [p for p in text.replace("+", ",").replace(" ", ",").split(",") if p]
    if not parts:
        raise DiceError(T("no dice values in {text}", text=repr(text)))
    values = []
    for part in parts:
        try:
            values.append(int(part))
        except ValueError:
            raise DiceError(T("dice value {part} in {text} is not a number",
                              part=repr(part), text=repr(text))) from None
    return tuple(values)


def _spec(name: str, colours: Iterable[str], sides: int = 6, rule: str = "") -> DiceSpec:
    return DiceSpec(name, tuple(Die(c, sides) for c in colours), rule)


# ASL A.1: a DR is a white and a coloured die, total used; a dr is one die; a third die is a subsidiary dr.
ASL_DR = _spec("DR", ("white", "coloured"), rule="A.1")
ASL_DR_SINGLE = _spec("dr", ("coloured",), rule="A.1")
ASL_SUBSIDIARY = _spec("subsidiary dr", ("subsidiary",), rule="A.1")
# PG 4th ed.: fire tables, morale and initiative use 2d6 or 1d6 (9.4, 10.2, 14.1, 3.0 A).
PG_2D6 = _spec("2d6", ("first", "second"), rule="9.4")
PG_1D6 = _spec("1d6", ("die",), rule="3.0")
# Fire Team: AP fire and G/M fire use one ten-sided die [6.3], [6.5].
FT_D10 = _spec("d10", ("die",), sides=10, rule="6.3")
# Fire Team's chit cup drawn with the dice: two d10 read as 01-100 over the chits in the cup [4.1].
FT_D100 = _spec("chit", ("tens", "units"), sides=10, rule="4.1")
# Schlieffen's War: combat and attrition use one six-sided die [11.17].
SW_D6 = _spec("die", ("die",), rule="11.17")

VOCABULARY: Mapping[str, Mapping[str, DiceSpec]] = {
    "asl": {"DR": ASL_DR, "dr": ASL_DR_SINGLE, "subsidiary": ASL_SUBSIDIARY},
    "pg": {"2d6": PG_2D6, "1d6": PG_1D6},
    "fireteam": {"d10": FT_D10, "chit": FT_D100},
    "sw": {"d6": SW_D6},
}
