"""ASL support weapons picked up and dropped during the MPh (A4.4, A4.43, A4.44).

A4.44: besides its RPh attempt, an infantry unit may try to recover an unpossessed SW in the MPh: it spends
one more MF, then rolls a recovery dr, the SW its own on a final dr below 6 (+1 CX, A4.44); one attempt per
unit per SW per MPh; only a Good Order, unpinned, not bypassing unit in the SW's Location, with no Known armed
enemy unit there. A4.4: a Good Order unit may pick up or drop equipment at any time during its move while it
has the MF; a SW carried for even one MF keeps its portage cost for the rest of the MPh. A4.43: dropping costs
no MF (carry.py checks it).

At the table a move is one lift and one placement, so a move with a stop in it is played as two moves: the
first to where the unit picks up or drops the SW, the SW action, then the rest of the move. The unit's MF left
after its move is remembered (``mfleft<halves>``) until another unit moves (A4.2: a unit finishes its move
before another starts); a drop or a recovery then lets it go on (``sw_pause``) with those MF less the
recovery's one. The pause is no end of the move for the stack the unit moved with (A4.4: equipment is
picked up or dropped during the move): the units that moved with it may go on too, together (the group at its
slowest) or apart. A unit that tries a recovery before it moves has that MF taken from its move (``swmf<n>``),
and a SW it recovered is carried from the start, its PP counted as usual (portage.py).

An SMC may also take a SW from a broken friendly unit of its Location in the MPh, with a recovery dr and no
MF (A4.44: ``transfer SW to SMC``). A4.4: a SW one infantry unit carried in a move is carried by no other in
the MPh (``swcarried:<unit>``); its ride aboard a vehicle is no such carry (infantry and vehicle portage
combine in a phase).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import rphase
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

PAUSE = "sw_pause"  # the unit dropped or recovered a SW after its move: it may go on with it (A4.43, A4.44)
LEFT = "mfleft"  # mfleft<halves>: the MF left of the unit's move, while no other unit has moved (A4.2)
SPENT = "swmf"  # swmf<n>: MF spent on recovery attempts before the unit moved (A4.44)
TRY = "rectry:"  # rectry:<sw>: this unit has tried to recover that SW this MPh (A4.44)
RECOVERED = "recovered"  # rphase.RECOVERED: not passed on in the phase recovered (A4.44)
CONVOY = "convoy:"  # convoy:<vehicle or platoon>: unloaded from it this MPh; no other unit between (D6.5)
CARRIED = "swcarried:"  # swcarried:<unit>: the SW was carried by that infantry unit in this MPh (A4.4)
KEPT = "swppkept"  # swppkept<n>: PP of the SW dropped in the move, still its portage for the MPh (A4.4)

Cost = int | Fraction


def _number(unit: UnitState, prefix: str) -> int | None:
    for m in unit.markers:
        if m.startswith(prefix) and m[len(prefix):].isdigit():
            return int(m[len(prefix):])
    return None


def mf_left(unit: UnitState) -> Fraction | None:
    """The MF left of the unit's move this MPh, while it may still go on with it; None otherwise."""
    halves = _number(unit, LEFT)
    return None if halves is None else Fraction(halves, 2)


def kept_pp(unit: UnitState) -> int:
    """A4.4: the PP of the SW the unit dropped after moving with it this MPh: its portage cost stays (read
    when Double Time declared late lowers the IPC, A4.52: latedt.py)."""
    return _number(unit, KEPT) or 0


def spent_before(unit: UnitState) -> int:
    """MF spent on recovery attempts before the unit moved (A4.44): out of its move's MF."""
    return _number(unit, SPENT) or 0


def _with_left(unit: UnitState, left: Cost) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith(LEFT))
    tag = LEFT + str(max(0, int(Fraction(left) * 2)))
    return unit.mark(remove=old).mark(tag)


def may_go_on(unit: UnitState) -> bool:
    """A unit that has moved may move again only to go on with its move after a SW dropped or recovered."""
    return unit.has(PAUSE) and mf_left(unit) is not None


def joined(units: Sequence[UnitState], moved: Sequence[str]) -> bool:
    """A4.2: a unit going on with its move and one not yet moved form no stack: the moving stack's units
    finish their moves before another unit starts its own. Cavalry mounting mid-move rides on with the
    counter's other riders (A13.31, A13.32: cavalry.py's)."""
    if any(u.has("mounted") for u in units):
        return False
    return any(may_go_on(u) for u in units) and any(u.id not in moved for u in units)


def budget(units: list[UnitState], computed: Cost) -> Cost:
    """The MF of a group: those left of its move when it goes on with it, else the move's own (A4.4)."""
    left = [mf_left(u) for u in units]
    if units and all(x is not None and u.has(PAUSE) for x, u in zip(left, units, strict=True)):
        return min(x for x in left if x is not None)
    return computed


def convoy(unit: UnitState) -> str | None:
    """D6.5: the vehicle the unit unloaded from this MPh, None if none."""
    return next((m[len(CONVOY):] for m in unit.markers if m.startswith(CONVOY)), None)


def unloaded(unit: UnitState, vehicle: str, left: int) -> UnitState:
    """D6.5: a unit just unloaded may go on moving from the vehicle's Location with the MF it has left, as
    part of that vehicle's MPh (``vehicle_acts``, ``after_move``: only the vehicle and the units unloaded
    from it move until they are all done)."""
    return _with_left(unit, max(0, left)).mark(PAUSE, CONVOY + vehicle)


def vehicle_acts(state: State, *vehicles: str) -> State:
    """A4.2, D6.5: a vehicle moves or unloads: the units unloaded from another vehicle have finished their
    moves (no other unit's move comes between those of a vehicle and the units unloaded from it). A platoon
    acts as one stack (D14.3): ``vehicles`` names it and its AFVs (impulse.convoy)."""
    for unit in list(state.units.values()):
        if convoy(unit) not in (None, *vehicles) and (mf_left(unit) is not None or unit.has(PAUSE)):
            old = tuple(m for m in unit.markers if m.startswith(LEFT))
            state = state.with_unit(unit.mark(remove=(*old, PAUSE)))
    return state


def after_move(state: State, movers: list[str], left: Cost | None) -> State:
    """At the end of a move: its units remember their MF left (None: the move was stopped); every other unit
    forgets its own, since another unit has now moved (A4.2), but for those unloaded from the same vehicle as
    a mover: they need not move as a stack, and may go on apart (D6.5)."""
    convoys = {c for uid in movers if uid in state.units and (c := convoy(state.units[uid])) is not None}
    for unit in list(state.units.values()):
        if unit.id in movers and convoy(unit) is not None:  # D6.5: gone on from where it unloaded: its
            unit = unit.mark(remove=("unloaded",))  # own move now (D9.3's exception no longer its, A25.212)
            state = state.with_unit(unit)
        if unit.id in movers and left is not None:
            state = state.with_unit(_with_left(unit, left).mark(remove=(PAUSE,)))
        elif unit.id not in movers and convoy(unit) in convoys:
            continue
        elif any(m.startswith(LEFT) for m in unit.markers) or unit.has(PAUSE):
            old = tuple(m for m in unit.markers if m.startswith(LEFT))
            state = state.with_unit(unit.mark(remove=(*old, PAUSE)))
    return state


def dropped(state: State, owner_id: str, pp: int = 0) -> State:
    """A4.43, A4.4: a SW dropped after its possessor moved: the possessor may go on (its MF left as they were:
    the SW's portage cost is not regained, and its ``pp`` are remembered for the MPh), and so may the units
    that moved with it (``go_on_together``)."""
    owner = state.units.get(owner_id)
    if owner is None or mf_left(owner) is None:
        return state
    if pp:
        old = tuple(m for m in owner.markers if m.startswith(KEPT))
        tag = KEPT + str(kept_pp(owner) + pp)
        owner = owner.mark(remove=old).mark(tag)
    return go_on_together(state.with_unit(owner.mark(PAUSE)), owner)


def go_on_together(state: State, owner: UnitState) -> State:
    """A4.4: a Good Order unit picks up or drops equipment at any time during its move; the pause is no end
    of the move for the stack it moves with. Those that moved with it (in its Location, their MF left still
    known: no other unit has moved since, A4.2) may go on with it, the group at its slowest (``budget``), or
    alone: each has its own MF left."""
    for unit in list(state.units.values()):
        if (unit.id != owner.id and unit.side == owner.side and unit.carrier is None and unit.hex is not None
                and (unit.hex, unit.level) == (owner.hex, owner.level) and mf_left(unit) is not None):
            state = state.with_unit(unit.mark(PAUSE))
    return state


def check_take(game: AslGame, position: Position, sw: UnitState, smc: UnitState) -> act.Transfer:
    """A4.44: in the MPh an SMC may take a SW from a broken friendly unit of its Location with a recovery dr,
    spending no MF; the other limits are a recovery's."""
    return check_recover(game, position, sw, smc, free=True)


def check_recover(game: AslGame, position: Position, sw: UnitState, unit: UnitState,
                  free: bool = False) -> act.Transfer:
    """A4.44 in the MPh: who may try, where, and with what MF (none for an SMC taking a SW from a broken
    friend: ``free``)."""
    if unit.side != position.phasing:
        raise IllegalAction(T("only the moving side recovers a SW in the MPh"), "A4.44")
    if unit.type not in (*au.MMC, *au.SMC):
        raise IllegalAction(T("{unit} cannot possess a SW", unit=unit.id), "A4.43")
    if not au.good_order(unit) or unit.has("pinned") or unit.has("melee"):
        raise IllegalAction(T("{unit} must be Good Order and not pinned", unit=unit.id), "A4.44")
    if unit.has("mounted"):
        raise IllegalAction(T("{unit} is cavalry: cavalry recovers no SW (A13.33)", unit=unit.id), "A13.33")
    if any(uid == unit.id for uid, _, _ in game.gstate(position.state).bypass):
        raise IllegalAction(T("{unit} is bypassing: it may not recover a SW", unit=unit.id), "A4.44")
    if free and unit.id in position.state.moved and mf_left(unit) is None:
        raise IllegalAction(T("{unit} has finished its move: another unit has moved since (A4.2)",
                              unit=unit.id), "A4.44")
    if (sw.hex, sw.level) != (unit.hex, unit.level):
        raise IllegalAction(T("{sw} is not in {unit}'s Location", sw=sw.id, unit=unit.id), "A4.44")
    if rphase.enemy_bars(position, unit):
        raise IllegalAction(T("a Known armed enemy unit is in the Location"), "A4.44")
    tried = TRY + sw.id
    if unit.has(tried):
        raise IllegalAction(T("{unit} has already tried to recover {sw} this MPh", unit=unit.id, sw=sw.id),
                            "A4.44")
    if free:
        return act.Transfer(sw.id, unit.id)
    if unit.id in position.state.moved:
        left = mf_left(unit)
        if left is None:
            raise IllegalAction(T("{unit} has finished its move: another unit has moved since (A4.2)",
                                  unit=unit.id), "A4.44")
    else:
        left = Fraction(game.group_budget([unit], "", position.state, position=position))
    if left < 1:
        raise IllegalAction(T("{unit} has no MF left to recover {sw}: it costs 1 MF", unit=unit.id, sw=sw.id),
                            "A4.44")
    return act.Transfer(sw.id, unit.id)


def declare_take(game: AslGame, position: Position, transfer: act.Transfer) -> State:
    """A4.44: an SMC's try at a broken friend's SW: no MF; the dr is asked."""
    state = position.state
    sw, smc = state.units[transfer.item], state.units[transfer.to]
    tried = TRY + sw.id
    smc = smc.mark(tried)
    if mf_left(smc) is not None:
        smc = smc.mark(PAUSE)
    return state.with_unit(smc).push(Decision(
        "roll", smc.side,
        T("{unit} tries to take {sw} from a broken unit, for no MF: roll the recovery dr (below 6 succeeds)",
          unit=smc.id, sw=sw.id),
        "A4.44", "recover_sw", dice="dr", subject=(sw.id, smc.id), target=smc.hex, args=(("mf", "0"),)))


def declare(game: AslGame, position: Position, transfer: act.Transfer) -> State:
    """The MF is spent and the attempt made (A4.44); the dr is asked."""
    state = position.state
    sw, unit = state.units[transfer.item], state.units[transfer.to]
    tried = TRY + sw.id
    unit = unit.mark(tried)
    moved = unit.id in state.moved
    if moved:
        left = mf_left(unit)
        assert left is not None
        unit = _with_left(unit, left - 1).mark(PAUSE)
    else:
        old = tuple(m for m in unit.markers if m.startswith(SPENT))
        tag = SPENT + str(spent_before(unit) + 1)
        unit = unit.mark(remove=old).mark(tag)
    state = state.with_unit(unit)
    if moved:  # A4.4: its stack may wait for it and go on with it
        state = go_on_together(state, unit)
    return state.push(Decision(
        "roll", unit.side,
        T("{unit} spends 1 MF to recover {sw}: roll the recovery dr (below 6 succeeds)", unit=unit.id,
          sw=sw.id),
        "A4.44", "recover_sw", dice="dr", subject=(sw.id, unit.id), target=unit.hex))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A4.44: recovered on a final dr below 6 (+1 CX). A unit that recovers it after moving carries it for
    the rest of its move: PP over its IPC cost it MF from there (A4.42)."""
    unit = position.units[decision.subject[1]]
    before = au.excess_pp(position.state, unit)
    state = rphase.resume_recover(game, position, decision, answer, mf=decision.arg("mf", "1"))
    if state.units[decision.subject[0]].carrier == unit.id:  # recovered
        extra = au.excess_pp(state, unit) - before
        left = mf_left(unit)
        if left is not None and extra > 0:
            state = state.with_unit(_with_left(unit, left - extra))
    return state


def carried_by(sw: UnitState) -> str | None:
    """A4.4: the infantry unit that carried this SW in a move this MPh, None if none did."""
    return next((m[len(CARRIED):] for m in sw.markers if m.startswith(CARRIED)), None)


def carried_again(state: State, movers: Sequence[UnitState]) -> tuple[str, str] | None:
    """A4.4: (a SW the movers possess, the other unit that carried it in a move this MPh), None if none."""
    ids = {u.id for u in movers}
    for sw in state.units.values():
        by = carried_by(sw) if sw.type == au.SW and sw.carrier in ids else None
        if by is not None and by != sw.carrier:
            return sw.id, by
    return None


def check_once(state: State, movers: Sequence[UnitState]) -> None:
    """A4.4: a SW is carried no more than once a phase: one another infantry unit carried in a move this MPh
    is not carried again (riding a vehicle is no infantry carry: infantry and vehicle portage combine)."""
    again = carried_again(state, movers)
    if again is not None:
        raise IllegalAction(T("{sw} was carried by {unit} this phase: a SW is carried only once a phase",
                              sw=again[0], unit=again[1]), "A4.4")


def carry_done(state: State, movers: Sequence[str]) -> State:
    """A4.4: the SW the movers carried in this move are marked with their carrier for the rest of the MPh."""
    for sw in list(state.units.values()):
        if sw.type == au.SW and sw.carrier in movers and carried_by(sw) is None:
            state = state.with_unit(sw.mark(CARRIED + (sw.carrier or "")))
    return state


def end_of_mph(state: State) -> State:
    """The MPh's MF and attempts are forgotten at its end."""
    for unit in list(state.units.values()):
        gone = tuple(m for m in unit.markers
                     if m == PAUSE or m.startswith((LEFT, SPENT, TRY, KEPT, CONVOY, CARRIED)))
        if gone:
            state = state.with_unit(unit.mark(remove=gone))
    return state


__all__ = ["after_move", "budget", "carried_again", "carried_by", "carry_done", "check_once", "check_recover",
           "convoy", "declare", "dropped", "end_of_mph", "go_on_together", "joined", "may_go_on", "mf_left",
           "resume", "spent_before", "unloaded", "vehicle_acts"]
