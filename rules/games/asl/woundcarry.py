"""ASL carrying a wounded SMC (A17.2): ``move UNITS PATH as carry``.

A17.2: a wounded SMC moves on 3 MF (its IPC 0, no Double Time: game.mf, portage.py, check_mode), but a Good
Order MMC may carry one that carries no SW as 5 PP. Declared with the move: each wounded SMC of the stack is
carried by one of its Good Order MMC (the one with the least load so far; a tie goes to the first by id), the
5 PP counted in that MMC's portage (A4.42: each PP over its IPC costs it 1 MF), and the SMC's own 3 MF no
longer hold the stack back. A wounded leader still gives the MMC moving with him their +2 MF (A4.12, as
A17.2 says). The ``carried`` marker remembers it until the end of the MPh, so the end of the move reads the
same allowance (A4.134's Minimum Move). Refused, citing A17.2: no wounded SMC in the stack, one that
possesses a SW, or no Good Order MMC to carry it.

In the APh (``advance UNITS HEX as carry``, ``in_advance``): an advance is one Location whatever its MF
(A4.7), but A4.72 measures the MF the units have after portage: carried, the wounded SMC's 5 PP count in
its carrier's (no MF left: no advance), and the SMC's own 3 MF neither bar the Location nor make it CX. The
table offers the carry where the plain advance is refused (a CX wounded SMC into Difficult Terrain, A4.72).

Double Time while carrying (``as carry+cx``, ``DT_MODE``): A17.2 bars the wounded man's own Double Time, and
A4.5 that of a wounded unit; it says nothing against his carriers', and carried he is a load, not a mover:
the carriers Double Time (+2 MF, CX, their IPC 1 less by A4.52, so the 5 PP weigh 1 MF more), the wounded
SMC is marked carried, not CX. Its refusals are A4.5's (a carrier CX now or at the MPh's start) and the
carry's; in the APh it is refused as any Double Time is (A4.7).

No carry in a rout: only a Good Order MMC carries (A17.2), and a routing unit is broken. A broken wounded
SMC routs on its own 3 MF (A10.5, A17.2: rout.rout_mf); a Good Order wounded leader routing with a broken
unit (A10.711: stacked with it the whole RtPh) holds its rout to the ends within his 3 MF or a Low Crawl
(rout.resume_leader), refused citing A17.2 when there are none.

Double Time declared late (``as carry+cx1``, ``LATE_MODE``): A4.5's exception lets a unit declare it after
spending MF, for 1 MF more, the usual limits standing. Here MF have been spent when the stack goes on with its
move after a pause (a SW dropped or recovered, mphsw.py): the carriers become CX, and the MF left grow by what
the Double Time adds to their allowance: 1 MF, up to 8 (A4.5), less the portage their IPC, 1 less when CX, now
costs (A4.52), never below nought. A carrier's 5 PP are over any IPC, so that 1 MF is always taken back: late
Double Time with a carry gives no MF, only the CX (the text's arithmetic, not a refusal). The carriers bear
latedt's ``dt1`` marker for that move only: its gain is in the MF left when the move ends, and a move gone on
with afterwards (another SW dropped) reckons from those alone, as ``cx1`` does. ``carry+cx`` on a
stack going on is refused, naming ``carry+cx1``; ``carry+cx1`` on a fresh move, naming ``carry+cx``.

On the pages (game.moves_for): where the carry is offered, the carry with Double Time is too, for the hexes
only it reaches (``carry+cx`` on a fresh move, ``carry+cx1`` going on), when every carrier may Double Time.

Not built: a conveyance's 4 MF (A4.11's reference is to vehicles and bicycles: D15.56 is game.mf's).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import State, UnitState
from hexmate.rules.text import T

MODE = "carry"
DT_MODE = "carry+cx"  # A4.5 with A17.2: the carriers Double Time, the wounded SMC carried does not
LATE_MODE = "carry+cx1"  # A4.5's exception with A17.2: the carriers' Double Time declared after MF are spent
MARKER = "carried"  # on the wounded SMC carried in this MPh's move (A17.2)
PP = 5  # A17.2: a wounded SMC carried counts 5 PP


def is_carry(mode: str) -> bool:
    return mode in (MODE, DT_MODE, LATE_MODE)


def is_dt(mode: str) -> bool:
    """A4.5 with A17.2: a carry whose carriers Double Time, declared at the start or late."""
    return mode in (DT_MODE, LATE_MODE)


def may_double_time(units: Sequence[UnitState]) -> bool:
    """A4.5: every unit walking in the carry (all but the wounded carried) may Double Time."""
    from hexmate.rules.games.asl import latedt

    return not any(latedt.unit_bar(u) is not None for u in walkers(units))


def check_late(units: Sequence[UnitState], mode: str) -> None:
    """A4.5: Double Time declared at the start of the move is ``carry+cx`` (+2 MF); after MF are spent, going
    on after a pause, it is ``carry+cx1`` (+1 MF)."""
    from hexmate.rules.games.asl import mphsw

    going_on = bool(units) and all(mphsw.may_go_on(u) for u in units)
    if mode == DT_MODE and going_on:
        raise IllegalAction(T("MF are spent already: Double Time declared now gives 1 MF, as carry+cx1 "
                              "(A4.5)"), "A4.5")
    if mode == LATE_MODE and not going_on:
        raise IllegalAction(T("no MF spent yet: Double Time declared at the start of the move is as carry+cx "
                              "(A4.5)"), "A4.5")


def late_budget(units: Sequence[UnitState], late: int, plain: int) -> int | Fraction:
    """A4.5's exception with A4.52: the MF left of the move gone on with, plus what Double Time declared now
    adds to the carriers' allowance (``late`` with it, ``plain`` without), never less than nought."""
    from hexmate.rules.games.asl import mphsw

    left = [mphsw.mf_left(u) for u in units]
    if not units or any(x is None for x in left):
        return late
    return min(x for x in left if x is not None) + max(0, late - plain)


def wounded(units: Sequence[UnitState]) -> list[UnitState]:
    return [u for u in units if u.type in au.SMC and u.has("wounded")]


def carriers(units: Sequence[UnitState]) -> list[UnitState]:
    """A17.2: the Good Order MMC of the stack."""
    return [u for u in units if u.type in au.MMC and au.good_order(u) and not u.has("berserk")]


def may(state: State, units: Sequence[UnitState]) -> bool:
    """Whether the stack may move as a carry: a wounded SMC without a SW, a Good Order MMC to carry it."""
    return why_not(state, units) is None


def why_not(state: State, units: Sequence[UnitState]) -> T | None:
    hurt = wounded(units)
    if not hurt:
        return T("no wounded SMC moves with this stack: there is nobody to carry (A17.2)")
    for smc in hurt:
        if au.possessed(state, smc.id):
            return T("{unit} holds a SW: a wounded SMC is carried only without one (A17.2)", unit=smc.id)
    if not carriers(units):
        return T("only a Good Order MMC carries a wounded SMC (A17.2)")
    return None


def check(state: State, units: Sequence[UnitState]) -> None:
    bad = why_not(state, units)
    if bad is not None:
        raise IllegalAction(bad, "A17.2")


def loads(units: Sequence[UnitState]) -> dict[str, int]:
    """A17.2: the PP each carrying MMC takes on: 5 for each wounded SMC given to it."""
    out = {u.id: 0 for u in sorted(carriers(units), key=lambda u: u.id)}
    for _ in wounded(units):
        least = min(out, key=lambda uid: (out[uid], uid))
        out[least] += PP
    return out


def walkers(units: Sequence[UnitState]) -> list[UnitState]:
    """The movers whose own MF count: all but the wounded SMC carried."""
    hurt = {u.id for u in wounded(units)}
    return [u for u in units if u.id not in hurt]


def in_advance(state: State, units: Sequence[UnitState], mode: str) -> bool:
    """A17.2 in the APh: whether the advance is declared ``as carry`` (checked as in the MPh); any other way
    of moving named with an advance is refused (A4.7: Double Time and the rest are the MPh's)."""
    from hexmate.rules.games.asl.stairs import split_mode

    rest, _ = split_mode(mode)
    if rest in ("", "exit"):
        return False
    if rest != MODE:
        raise IllegalAction(T("{mode} is not a way of advancing: an advance is one Location, or carrying a "
                              "wounded SMC (A4.7, A17.2)", mode=rest), "A4.7")
    check(state, units)
    return True


def declared(units: Sequence[UnitState]) -> bool:
    """A move under way (or just ended) was declared as a carry."""
    return any(u.has(MARKER) for u in units)
