"""ASL Double Time declared late, without a carry (A4.5's exception, A4.52): ``move UNITS PATH as cx1``.

A4.5: Double Time is declared as a unit starts its MPh (``as cx``: CX, +2 MF, 8 at most, a Conscript's 7), but
a unit may declare it after it has spent MF; it then gains only 1 MF, the usual limits standing. A unit has
spent MF here when it goes on with its move after a pause (a SW dropped or recovered, a bicycle mounted, an
Armored Assault parted: mphsw.may_go_on) or tried a recovery before moving (A4.44: mphsw.spent_before).

What it gains: its allowance grows by 1 (capped as above) and, CX, its IPC is 1 less (A4.52): each PP over
that lowered IPC takes 1 MF back, the PP of a SW dropped earlier in the move counting still (A4.4: a SW
carried for one MF keeps its portage cost for the MPh). Going on, the MF left grow by the allowance with it
less the allowance without it, never below nought: so a squad with 4 PP gains nothing (A4.52's example:
4 + 2 - 2 = 4 at the start; late, 4 + 1 - 2 = 3 = 4 - 1). After a recovery before moving, the move's
allowance is reckoned with +1 instead of +2, the recovery's MF off it as usual.

The ``dt1`` marker says, for the move under way, that its allowance is the late Double Time's (the end of the
move reads it for A4.134's Minimum Move and the MF left); it goes when that move ends, so a move gone on with
afterwards has only the MF left it carried on (mphsw.py), the gain counted once.

Refused, citing A4.5: ``cx1`` with no MF spent (``cx`` is the start's), ``cx`` with MF spent (``cx1``); a unit
CX now or at the start of the MPh (A4.51's ``no_dt``), wounded, or aboard a vehicle now or that boarded, rode
or unloaded from one this Player Turn (``CONVEYED``, set by transport.py and moto.py, riders.py's bail-outs
and survivors too, D6.24, D6.9; unloading at once from a ride begun in the enemy's Player Turn is unloading in
this one; gone at the end of the CCPh: A4.5 bars the whole Player Turn; a bicycle is no such conveyance, A4.5
naming bicycle troops among those who may Double Time); mounted cavalry (its own way to go faster once moved
is the gallop, A13.36). The carry's Double Time (woundcarry.py) asks the same of its walkers (``unit_bar``).

On the pages (game.moves_for): where every unit may, ``cx`` is offered on a fresh move and ``cx1`` where MF
are spent, each for the hexes only it reaches (one offer a hex).

The carry's own late Double Time, ``carry+cx1`` (woundcarry.py), uses the same ``dt1`` marker: its gain is
counted once, in the MF left of the move it was declared with.

Not built: the bar on units that move beneath Wire (B26.46).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import mphsw
from hexmate.rules.games.base import State, UnitState
from hexmate.rules.text import T

MODE = "cx1"  # A4.5's exception: Double Time declared after MF are spent, +1 MF
MARKER = "dt1"  # on the movers of the move under way declared ``cx1`` or ``carry+cx1`` (A4.5): late allowance
CONVEYED = "conveyed"  # boarded, rode or unloaded from a vehicle this Player Turn: no Double Time (A4.5)

Cost = int | Fraction


def going_on(units: Sequence[UnitState]) -> bool:
    """The stack goes on with a move after a pause (mphsw.py): all its MF left are known."""
    return bool(units) and all(mphsw.may_go_on(u) for u in units)


def spent(units: Sequence[UnitState]) -> bool:
    """A4.5: MF are spent already: the stack goes on with its move, or a unit tried a recovery (A4.44)."""
    return going_on(units) or any(mphsw.spent_before(u) for u in units)


def unit_bar(unit: UnitState) -> T | None:
    """A4.5: why this unit may not Double Time at all this MPh, or None."""
    if unit.has("cx") or unit.has("no_dt") or unit.has("wounded"):
        return T("{unit} may not Double Time: CX now or at the start of this MPh, or wounded", unit=unit.id)
    if unit.has(CONVEYED):
        return T("{unit} boarded, rode or unloaded from a vehicle this Player Turn: no Double Time (A4.5)",
                 unit=unit.id)
    return None


def why_not(units: Sequence[UnitState], mode: str) -> T | None:
    """A4.5: who may Double Time (``cx`` or ``cx1``), and which of the two the spent MF call for."""
    for unit in units:
        bad = unit_bar(unit)
        if bad is not None:
            return bad
    if mode == MODE and any(u.has("mounted") for u in units):
        return T("cavalry declares no Double Time once moved: it may gallop as it goes on (A13.36)")
    if mode == "cx" and spent(units):
        return T("MF are spent already: Double Time declared now gives 1 MF, as cx1 (A4.5)")
    if mode == MODE and not spent(units):
        return T("no MF spent yet: Double Time declared at the start of the move is as cx (A4.5)")
    return None


def check(units: Sequence[UnitState], mode: str) -> None:
    bad = why_not(units, mode)
    if bad is not None:
        raise IllegalAction(bad, "A4.5")


def may(units: Sequence[UnitState]) -> bool:
    """Whether the page may offer ``cx1`` to this stack."""
    return spent(units) and why_not(units, MODE) is None


def may_fresh(units: Sequence[UnitState]) -> bool:
    """Whether the page may offer ``cx`` to this stack: no MF spent, every unit may (mounted cavalry's own
    checks are cavalry.py's, asked by the page)."""
    return why_not(units, "cx") is None


def conveyed(state: State, unit_ids: Iterable[str]) -> State:
    """A4.5: these units boarded, rode or unloaded from a vehicle: no Double Time for the Player Turn."""
    for uid in unit_ids:
        if uid in state.units:
            state = state.with_unit(state.units[uid].mark(CONVEYED))
    return state


def budget(units: Sequence[UnitState], late: Mapping[str, int], plain: Mapping[str, int],
           computed: Cost) -> Cost:
    """A4.5's exception, A4.52: going on, each unit's MF left plus what the late Double Time adds to its
    allowance (``late`` with it, ``plain`` without, after portage), never less than nought; the group at its
    slowest. Not going on (a recovery tried first), the ``computed`` allowance with +1 is the move's."""
    if not going_on(units):
        return computed
    left = {u.id: mphsw.mf_left(u) for u in units}
    return min(x + max(0, late[uid] - plain[uid]) for uid, x in left.items() if x is not None)
