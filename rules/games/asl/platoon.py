"""ASL platoon movement of radioless AFVs by impulses (D14.2-D14.31): pure arithmetic and checks, each
citing its rule. Not wired into play: hexmate moves a vehicle alone (armour.py); these functions are the
accounting a platoon move would use, tested on chapter D's two D14 examples.

- The platoon's MP allowance is its slowest AFV's (the D14 example: 11 MP, the T-26S M37's).
- An impulse costs every AFV the most MP any of them spent in it, also an AFV that did nothing (D14.31).
- An impulse that would take the running total past the allowance cannot be made: the MPh ends (D14.31).
- At each impulse's end every AFV is in or next to a hex of another, with LOS, all in the same stopped /
  Motion / forward-reverse status (D14.21).
- A platoon's Motion attempt adds the number of its AFVs to the dr (D14.211); a lone radioless AFV adds 1
  (D14.23).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T


def allowance(mpas: Iterable[int]) -> int:
    """The platoon's MP allowance: its slowest AFV's (D14 example)."""
    return min(mpas)


def impulse_cost(spent: Mapping[str, Fraction | int]) -> Fraction:
    """D14.31: the impulse costs every AFV the most any one of them spent in it."""
    return max((Fraction(v) for v in spent.values()), default=Fraction(0))


@dataclass(frozen=True)
class PlatoonMove:
    """One MPh of a platoon: the allowance and the impulses made so far."""

    mpa: int
    spent: Fraction = Fraction(0)
    impulses: tuple[Fraction, ...] = ()

    def impulse(self, spent: Mapping[str, Fraction | int]) -> PlatoonMove:
        """Make one impulse (each AFV's MP in it); refused past the allowance (D14.31)."""
        cost = impulse_cost(spent)
        if self.spent + cost > self.mpa:
            raise IllegalAction(
                T(
                    "the platoon has spent {spent} of {mpa} MP: an impulse of {cost} MP would go past it",
                    spent=self.spent,
                    mpa=self.mpa,
                    cost=cost,
                ),
                "D14.31",
            )
        return PlatoonMove(self.mpa, self.spent + cost, (*self.impulses, cost))

    @property
    def over(self) -> bool:
        """No impulse of even 1 MP is left: the MPh ends (D14.31)."""
        return self.spent + 1 > self.mpa


def conforms(
    where: Mapping[str, Hex], status: Mapping[str, str], sees: Callable[[Hex, Hex], bool]
) -> list[str]:
    """D14.21 at an impulse's end: the AFVs that are not in or next to another's hex with LOS to it, or are
    not in the others' status (empty: the platoon conforms)."""
    out: list[str] = []
    statuses = set(status.values())
    for a, ha in sorted(where.items()):
        mate = any(b != a and distance(ha, hb) <= 1 and sees(ha, hb) for b, hb in where.items())
        if not mate or len(statuses) > 1:
            out.append(a)
    return out


def motion_drm(afvs: int, *, radioless_alone: bool = False) -> int:
    """D14.211: a platoon's one Motion dr adds the number of its AFVs; D14.23: a lone radioless AFV adds 1."""
    return afvs if afvs > 1 else (1 if radioless_alone else 0)


__all__ = ["PlatoonMove", "allowance", "conforms", "impulse_cost", "motion_drm"]
