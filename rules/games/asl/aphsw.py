"""ASL support weapons in the Advance Phase (A4.4, A4.42, A4.43, A4.431, A4.44, A4.52, A4.7, A4.72).

What the text lets an advancing unit do with its SW (A4.7: its IPC in the APh is its IPC of the MPh, A4.72
apart):

- A4.43: a Good Order possessor drops a SW for no MF at any time of the APh (carry.py's ``drop``). Dropped
  before it advances, the SW counts as never carried by it in the phase: its PP weigh nothing on A4.72.
- A4.431: possession passes between Good Order, unpinned units of one Location only at the start of the APh
  (read as: before any unit has advanced; rphase.check_transfer).
- A4.44: recovery is an act of the RPh or the MPh: no unpossessed SW is picked up in the APh, not even in the
  Location advanced into (rphase.check_transfer).
- A4.4: a SW is carried once a phase. The SW a unit advanced with are marked with it
  (``swcarried:<unit>``, mphsw.py's marker) until the APh ends, and are given to no other unit in it
  (``check_once``) nor named in another advance (``check_again``).
- A4.42, A4.52, A4.72: A4.72 weighs the MF the unit would have in the MPh without Double Time: one less for
  each PP over its IPC, that IPC one lower while the unit is CX (A4.52); a unit with no MF left advances not
  at all, and an SMC carrying more than 2 PP does not advance (A4.42).

The page offers the drops and, at the start of the APh, the transfers (``generate``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import mphsw
from hexmate.rules.games.asl import portage as asl_portage
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

DROP = ""  # carry.DROP: a Transfer to no one is a drop (A4.43)


def lowered(units: Iterable[UnitState]) -> list[str]:
    """A4.52 with A4.7: the advancing units whose IPC is one lower, the CX ones."""
    return [u.id for u in units if u.has("cx")]


def check_load(state: State, units: Sequence[UnitState]) -> None:
    """A4.42: an SMC never carries more than 2 PP, in the APh as in the MPh."""
    for unit in units:
        pp = asl_portage.carried(state, unit)
        if unit.type in asl_portage.SMC and pp > asl_portage.SMC_MAX_PP:
            raise IllegalAction(T("{unit} carries {pp} PP: an SMC carries no more than 2 PP and may not "
                                  "advance; drop one first", unit=unit.id, pp=pp), "A4.42")


def carried(state: State, movers: Sequence[str]) -> State:
    """A4.4: the SW the movers advanced with are marked with their possessor for the rest of the APh."""
    return mphsw.carry_done(state, movers)


def check_once(position: Position, transfer: act.Transfer) -> None:
    """A4.4: a SW a unit advanced with this APh goes to no other unit in it."""
    sw = position.units.get(transfer.item)
    if position.phase.id != "APh" or sw is None or sw.type != au.SW or transfer.to == DROP:
        return
    by = mphsw.carried_by(sw)
    if by is not None and by != transfer.to:
        raise IllegalAction(T("{sw} was carried by {unit} this phase: a SW is carried only once a phase",
                              sw=sw.id, unit=by), "A4.4")


def check_again(unit: UnitState) -> None:
    """A4.4: a SW advanced with this APh is named in no other advance of it (its carrier advances only once,
    A4.7, and no other unit carries it)."""
    by = mphsw.carried_by(unit) if unit.type == au.SW else None
    if by is not None:
        raise IllegalAction(T("{sw} was carried by {unit} this phase: a SW is carried only once a phase",
                              sw=unit.id, unit=by), "A4.4")


def generate(position: Position) -> Iterator[act.Action]:
    """The APh's SW choices of the side advancing: a drop by each possessor (A4.43), and, at the start of the
    APh, each transfer to another unit of the possessor's Location (A4.431); only those legal now."""
    for sw in sorted(position.units.values(), key=lambda u: u.id):
        owner = position.units.get(sw.carrier or "")
        if sw.type != au.SW or owner is None or owner.hex is None or owner.side != position.phasing \
                or owner.type == "vehicle":
            continue
        offers: list[act.Action] = [act.Transfer(sw.id, DROP)]
        if not position.state.moved:  # A4.431: at the start of the APh only
            offers += [act.Transfer(sw.id, u.id) for u in position.units_at(owner.hex)
                       if u.side == owner.side and u.id != owner.id and u.type in (*au.MMC, *au.SMC)]
        yield from (a for a in offers if a in position.legal_actions)


def end_of_aph(state: State) -> State:
    """A4.4: which unit carried a SW is the APh's only."""
    for unit in list(state.units.values()):
        gone = tuple(m for m in unit.markers if m.startswith(mphsw.CARRIED))
        if gone:
            state = state.with_unit(unit.mark(remove=gone))
    return state


__all__ = ["carried", "check_again", "check_load", "check_once", "end_of_aph", "generate", "lowered"]
