"""Fire Team command points [4]: the chit cup, CP allowance and remaining, saved CP, consecutive impulses and
the end of the Action Phase, as pure functions over a frozen ``Command`` value (part of the game state).

Chits are drawn with the dice (two d10 read as 01-100, 00 = 100, over the cup's chits in a fixed order; a roll
beyond the last whole multiple of the cup's size is drawn again, so every chit is equally likely) and every
draw is an answer in the log, so the game folds from it [4.1]. The Activation Chart and the Consecutive
Impulse table are not printed in the text: ``command.json`` holds the cells the text fixes (cited) and demo
values for the rest.

>>> reduce_chits((5, 4, 3), 3)
(4, 3, 2)
>>> draw_index((3, 7), 5)
1
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from hexmate.rules.errors import DataError
from hexmate.rules.text import T

DATA = Path(__file__).resolve().parent / "command.json"
ZERO = Fraction(0)


@dataclass(frozen=True)
class Cell:
    cp: Fraction
    rule: str  # "" for a demo value

    @property
    def cite(self) -> str:
        return self.rule or "demo value"


@dataclass(frozen=True)
class CommandData:
    activation: Mapping[str, Mapping[str, Cell]]  # nationality -> activation kind -> cost
    consecutive: tuple[tuple[int | None, int, str], ...]  # (allowance up to, limit, rule)
    platoon_range: Mapping[str, int]
    demo: bool

    def cost(self, nationality: str, kind: str) -> Cell:
        chart = self.activation.get(nationality) or self.activation["us"]
        if kind not in chart:
            raise DataError(f"{DATA}: activation.{nationality}: no cell {kind!r}")
        return chart[kind]

    def limit(self, allowance: int) -> tuple[int, str]:
        """[4.14] The consecutive impulse limit for this turn's CP allowance."""
        for up_to, limit, rule in self.consecutive:
            if up_to is None or allowance <= up_to:
                return limit, rule
        raise DataError(f"{DATA}: consecutive: no row for an allowance of {allowance}")


@cache
def load(path: Path = DATA) -> CommandData:
    try:
        raw: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DataError(f"{path}: cannot read the command data: {error}") from None
    activation: dict[str, dict[str, Cell]] = {}
    for nat, cells in raw.get("activation", {}).items():
        activation[nat] = {}
        for kind, cell in cells.items():
            try:
                cp = Fraction(str(cell["cp"]))
            except (KeyError, ValueError, TypeError):
                raise DataError(f"{path}: activation.{nat}.{kind}: 'cp' must be a number") from None
            if not cell.get("demo") and not cell.get("rule"):
                raise DataError(f"{path}: activation.{nat}.{kind}: cite a 'rule' or mark it 'demo'")
            activation[nat][kind] = Cell(cp, str(cell.get("rule", "")))
    rows = tuple(
        (r.get("up_to"), int(r["limit"]), str(r.get("rule", ""))) for r in raw.get("consecutive", [])
    )
    ranges = {k: int(v["hexes"]) for k, v in raw.get("platoon_range", {}).items()}
    return CommandData(activation, rows, ranges, bool(raw.get("demo")))


def reduce_chits(chits: Sequence[int], loss: int) -> tuple[int, ...]:
    """[4.12] Take ``loss`` CP out of a side's chits, largest chit first, giving change as one chit.

    The text's example: a loss of 3 takes a 5 and gives back a 2; with no 5, a 4 and gives back a 1; with no
    4, a 3; with only 2s, two 2s and gives back a 1."""
    left = sorted(chits, reverse=True)
    removed = 0
    while removed < loss and left:
        removed += left.pop(0)
    if removed > loss:
        left.append(removed - loss)
    return tuple(sorted(left, reverse=True))


def draw_index(dice: Sequence[int], size: int) -> int | None:
    """Which of ``size`` chits two d10 (tens, units; a 0 reads as 0, and 00 as 100) draw, or None: a roll
    above the last whole multiple of ``size`` is drawn again, so each chit is equally likely."""
    if size <= 0:
        return None
    tens, units = (d % 10 for d in dice)
    value = tens * 10 + units or 100
    if value > size * (100 // size):
        return None
    return (value - 1) % size


def ceil_half(x: Fraction) -> int:
    return math.ceil(x)


def fear_surcharge(fear: int) -> int:
    """[6.35] Half the Fear, rounded up: +1 CP for Fear 1-2, +2 for Fear 3-4."""
    return math.ceil(Fraction(fear, 2))


def with_leader(cost: Fraction, modifier: int) -> Fraction:
    """[4.4], [7.11] A leader takes his modifier off a cost but never below 1 (a cost of 0 stays 0)."""
    if cost <= 0:
        return cost
    return max(Fraction(1), cost - modifier)


@dataclass(frozen=True)
class Command:
    """The command points of both sides this turn: chits each side owns (reduced by losses, 4.12), the cup,
    CP remaining [4.13], the impulse now (side, CP received and not yet spent), the run of consecutive
    impulses [4.14], saved CP by unit [4.5], who activated this impulse [4.22], and the leaders whose modifier
    is used this impulse [4.41], [7.23]."""

    chits: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    allowance: Mapping[str, int] = field(default_factory=dict)
    remaining: Mapping[str, Fraction] = field(default_factory=dict)
    limit: Mapping[str, int] = field(default_factory=dict)
    cup: tuple[tuple[str, int], ...] = ()
    drawn: tuple[tuple[str, int], ...] = ()
    active: str = ""
    impulse: int = 0
    cp: Fraction = ZERO
    run: tuple[str, int] = ("", 0)
    saved: Mapping[str, Fraction] = field(default_factory=dict)
    keep_saved: frozenset[str] = frozenset()
    activated: Mapping[str, str] = field(default_factory=dict)  # unit -> move | fire | any, this impulse
    used: frozenset[str] = frozenset()  # units whose activation is over this impulse (moved, or fired)
    mover: tuple[str, ...] = ()  # the units moving now: they may go on, or make Moving Fire [5.12], [6.6]
    spent: Mapping[str, Fraction] = field(default_factory=dict)  # MP spent on their move activation [5.1]
    moving_fired: frozenset[str] = frozenset()  # units that made Moving Fire this impulse [6.6]
    leaders_used: frozenset[str] = frozenset()
    rallied: frozenset[str] = frozenset()  # units that tried to recover this impulse [8.12]
    present: frozenset[str] = frozenset()  # units on the map as the Action Phase began (for 4.12 losses)
    over: bool = False
    barrages: Mapping[str, int] = field(default_factory=dict)  # "side:battery" -> fires this turn [9.42]

    def replace(self, **changes: Any) -> Command:
        return dataclasses.replace(self, **changes)

    def switch_mover(self, ids: tuple[str, ...]) -> Command:
        """[5.12] Another unit acts: the one that was moving has finished its move."""
        if self.mover and self.mover != ids:
            return self.replace(used=self.used | set(self.mover), mover=())
        return self

    def left(self, side: str) -> Fraction:
        return self.remaining.get(side, ZERO)

    def saved_on(self, unit: str) -> Fraction:
        return self.saved.get(unit, ZERO)

    def with_saved(self, unit: str, amount: Fraction) -> Command:
        saved = dict(self.saved)
        if amount > 0:
            saved[unit] = amount
        else:
            saved.pop(unit, None)
        return self.replace(saved=saved)

    def text(self) -> str:
        rem = " ".join(f"{s}={_fmt(v)}" for s, v in sorted(self.remaining.items()))
        return (f"impulse {self.impulse} {self.active or '-'} cp={_fmt(self.cp)} remaining {rem} "
                f"cup={len(self.cup)} run={self.run[0]}x{self.run[1]}")


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def fmt(x: Fraction | int) -> str:
    return _fmt(Fraction(x))


def _take_saved(saved_cp: Mapping[str, Fraction], due: Fraction,
                savers: Sequence[str]) -> dict[str, Fraction] | None:
    """The saved CP left once ``due`` is taken from ``savers`` in order [4.38]; None if they fall short."""
    saved = dict(saved_cp)
    for unit in savers:
        if due <= 0:
            break
        take = min(saved.get(unit, ZERO), due)
        if take:
            saved[unit] -= take
            due -= take
            if not saved[unit]:
                del saved[unit]
    return None if due > 0 else saved


def pay(command: Command, cost: Fraction, savers: Sequence[str]) -> Command | None:
    """Pay ``cost`` from the impulse's CP first, then from saved CP on ``savers`` in order [4.38], [4.52];
    None if they cannot cover it. The text's example [4.54]: 1.5 CP as 1 from the chit and 0.5 saved."""
    from_impulse = min(command.cp, cost)
    due = cost - from_impulse
    saved = _take_saved(command.saved, due, savers)
    if saved is None:
        return None
    return command.replace(cp=command.cp - from_impulse, saved=saved)


def pay_reaction(command: Command, side: str, cost: Fraction, savers: Sequence[str]) -> Command | None:
    """[7.11], [4.13] Opportunity fire is paid from the side's CP remaining, or from the firers' saved CP."""
    rem = command.left(side)
    from_rem = min(rem, cost)
    due = cost - from_rem
    saved = _take_saved(command.saved, due, savers)
    if saved is None:
        return None
    remaining = {**command.remaining, side: rem - from_rem}
    return command.replace(remaining=remaining, saved=saved)


def start_turn(
    command: Command, losses: Mapping[str, int], side_of: Mapping[str, str], data: CommandData
) -> Command:
    """[4.12], [4.54], [4.14] The Action Phase's cup: each side's chits less its losses of last turn (and,
    if it keeps its saved CP on the map, less their total rounded up, or else they come off); CP remaining;
    the consecutive limit from the allowance. ``side_of`` names the side of each unit on the map (saved CP
    on a unit no longer there is gone, 4.51)."""
    chits: dict[str, tuple[int, ...]] = {}
    allowance: dict[str, int] = {}
    remaining: dict[str, Fraction] = {}
    limit: dict[str, int] = {}
    saved = {u: v for u, v in command.saved.items() if u in side_of}
    cup: list[tuple[str, int]] = []
    for side, own in command.chits.items():
        loss = losses.get(side, 0)
        own = reduce_chits(own, loss) if loss else own
        chits[side] = own
        allowance[side] = sum(own)
        limit[side] = data.limit(allowance[side])[0]
        kept = sum((v for u, v in saved.items() if side_of[u] == side), ZERO)
        in_cup = own
        if kept and side in command.keep_saved:
            in_cup = reduce_chits(own, math.ceil(kept))
        elif kept:
            saved = {u: v for u, v in saved.items() if side_of[u] != side}
        remaining[side] = Fraction(sum(in_cup))
        cup.extend((side, v) for v in in_cup)
    return command.replace(
        chits=chits, allowance=allowance, remaining=remaining, limit=limit, cup=tuple(sorted(cup)), drawn=(),
        active="", impulse=0, cp=ZERO, run=("", 0), saved=saved, keep_saved=frozenset(), activated={},
        used=frozenset(), leaders_used=frozenset(), rallied=frozenset(), over=False,
    )


@dataclass(frozen=True)
class Draw:
    """What one draw from the cup did: ``impulse`` (the side takes an impulse of ``received`` CP), ``back``
    (over the consecutive limit: the chit goes back, 4.14), ``ignored`` (its side has no CP left, 4.15),
    ``barrage`` (an off-board battery's chit, a negative value: it fires, 9.42) or ``again`` (the dice fell
    beyond the cup: roll again)."""

    what: str
    chit: tuple[str, int] | None
    received: Fraction = ZERO
    rule: str = "4.1"


def draw(command: Command, dice: Sequence[int]) -> tuple[Command, Draw]:
    """[4.1], [4.13]-[4.15] Draw one chit with the dice and take its impulse, put it back, or ignore it."""
    index = draw_index(dice, len(command.cup))
    if index is None:
        return command, Draw("again", None)
    chit = command.cup[index]
    side, value = chit
    cup = command.cup[:index] + command.cup[index + 1:]
    if value < 0:  # [9.42] an off-board battery's chit: back in the cup after its first fire, then aside
        key = f"{side}:{-value}"
        fired = command.barrages.get(key, 0) + 1
        keep = command.cup if fired < 2 else cup
        return (command.replace(cup=keep, barrages={**command.barrages, key: fired}),
                Draw("barrage", chit, rule="9.42"))
    others = [s for s in command.remaining if s != side]
    if command.left(side) <= 0:
        return command.replace(cup=cup, drawn=(*command.drawn, chit)), Draw("ignored", chit, rule="4.15")
    run_side, run_len = command.run
    over_limit = run_side == side and run_len >= command.limit.get(side, 99)
    if over_limit and any(command.left(o) > 0 for o in others):
        return command, Draw("back", chit, rule="4.14")
    received = min(Fraction(value), command.left(side))
    remaining = {**command.remaining, side: command.left(side) - received}
    run = (side, run_len + 1) if run_side == side else (side, 1)
    command = command.replace(
        cup=cup, drawn=(*command.drawn, chit), remaining=remaining, active=side, impulse=command.impulse + 1,
        cp=received, run=run, activated={}, used=frozenset(), leaders_used=frozenset(), rallied=frozenset(),
        mover=(), spent={}, moving_fired=frozenset(),
    )
    return command, Draw("impulse", chit, received, "4.13")


def phase_over(command: Command) -> tuple[bool, str]:
    """[4.15] Is the Action Phase over (checked between impulses)? Both sides at 0 CP remaining; or one at 0
    and the other has run its consecutive limit (hexmate counts the run as it stands, impulses taken before
    the first side reached 0 included: the text leaves that open); or no chit of a side with CP is left."""
    sides = list(command.remaining)
    live = [s for s in sides if command.left(s) > 0]
    if not live:
        return True, T("both sides have used their command points (4.15)")
    if not any(s in live for s, v in command.cup if v > 0):
        return True, T("no chit of a side with command points is left in the cup (4.15)")
    if len(live) == 1 and len(sides) > 1:
        run_side, run_len = command.run
        if run_side == live[0] and run_len >= command.limit.get(run_side, 99):
            return True, T("{side} has taken {count} impulses in a row after the enemy ran out (4.15)",
                           side=run_side, count=run_len)
    return False, ""
