"""Capture in Close Combat (A20.22): an attack declared as a capture attempt, and what it takes.

At the table the CC DR's roll decision also offers the word ``capture`` (``answer capture``): the attack is
then a capture attempt, rolled next. It is open to a side whose attackers are not all berserk, against
targets none of which is berserk or a vehicle (A20.2, A20.22). The attempt adds +1 to the CC DR against each
target (-1 instead against an Inexperienced one, A19.35); a final DR below the Kill Number captures the unit,
one equal to it captures one unit (a lone squad deploys: one HS captured, the other free). The captured leave
their SW (A20.24) and become prisoners of an attacker able to hold them (A20.51); with none able, they are
released Unarmed (A20.5). Where several units of one attack reach the Kill Number the defender names the one
captured (``cc_capture_pick``).

A20.221 (``void``): when every unit of one side in the CC Location is eliminated or captured by the same
simultaneous CC, that side's captures there this phase are void (the units it captured stay free); when every
non-prisoner unit of both sides goes at once, the prisoners left there rearm as Green or Conscript units
(A20.551; in Melee if both sides' rearm) and every SW there is left unpossessed.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def _here(position: Position, h: Hex) -> list[UnitState]:
    """The units in the Location being fought at ``h``: its level only (A2.8, ``cc.here``)."""
    from hexmate.rules.games.asl import cc

    return cc.here(position, h)

WORD = "capture"


def choices(position: Position, h: Hex, side: str, targets: list[UnitState] | None = None,
            attackers: list[UnitState] | None = None) -> tuple[str, ...]:
    """``("capture",)`` where this side's CC attack at h (by ``attackers``, by default all its units there, on
    ``targets``, by default every enemy unit there) may be a capture attempt (A20.2, A20.22: not by a
    vehicle)."""
    from hexmate.rules.games.asl.armour import is_vehicle

    mine = attackers if attackers is not None else [
        u for u in _here(position, h) if u.side == side and u.type != au.SW and not u.has("broken")]
    if any(is_vehicle(u) for u in mine):
        return ()
    theirs = targets if targets is not None else [
        u for u in _here(position, h) if u.side != side and u.type != au.SW and not u.has("prisoner")]
    if not mine or all(u.has("berserk") for u in mine) or not theirs:
        return ()
    if any(u.has("berserk") or u.type == "vehicle" for u in theirs):
        return ()
    return (WORD,)


def declare(position: Position, decision: Decision) -> State:
    """The attack is a capture attempt: the same CC DR is asked again, now for the capture (A20.22)."""
    again = dataclasses.replace(
        decision, choices=(), args=(*decision.args, ("capture", "1")),
        prompt=T("{side} tries to capture in Close Combat: roll the CC DR", side=decision.side))
    return position.state.push(again)


def _guard_for(position: Position, state: State, side: str, h: Hex | None, need: int) -> UnitState | None:
    """An attacker of ``side`` in h able to guard ``need`` more US# (A20.5, A20.51), the roomiest first."""
    if h is None:
        return None
    view = position.at(state)

    def room(u: UnitState) -> int:
        return prisoners.capacity(u) - sum(au.us_number(p) for p in prisoners.prisoners_of(view, u.id))

    able = [u for u in _here(view, h) if u.side == side and prisoners.armed(u)
            and u.type in prisoners.INFANTRY and not u.has("broken") and not u.has("berserk")
            and room(u) >= need]
    return max(able, key=lambda u: (room(u), u.id), default=None)


def _captured(position: Position, state: State, unit: UnitState) -> State:
    """A20.24: its SW stay behind, unpossessed, kept for A4.44's window once the Location's CC is over
    (A11.13 names the captured unit's SW with the eliminated one's; cc.lost). While its captor stays there, a
    Known armed enemy, no SMC may try: the window opens only where the captor is hidden (A11.4: an ambusher
    that captures all its targets keeps its "?")."""
    from hexmate.rules.games.asl import cc

    held = [sw.id for sw in au.possessed(state, unit.id)]
    for sw in au.possessed(state, unit.id):
        state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=unit.hex, level=unit.level))
    state = cc.lost(cast("AslGame", position.game), state, unit, held)
    guard = _guard_for(position, state, position.enemy_of(unit.side), unit.hex, au.us_number(unit))
    if guard is None:  # A20.5: no guard able to hold it: released Unarmed
        return state.with_unit(unit.revealed().mark(prisoners.UNARMED, remove=("broken", "dm", "pinned")))
    return state.with_unit(dataclasses.replace(prisoners._captive(unit), carrier=guard.id))


def void(game: AslGame, position: Position) -> State:
    """A20.221: captures by a side wiped out by the same simultaneous CC are void; both sides wiped out, the
    prisoners there rearm (A20.551)."""
    from hexmate.rules.games.asl import escape

    state = position.state
    gs = game.gstate(state)
    h = gs.cc_hex
    if h is None or not gs.cc_pending:
        return state
    gone = {uid for uid, r in gs.cc_pending if r in ("KIA", "CAP")}
    here = [u for u in _here(position, h) if u.type != au.SW and not prisoners.is_prisoner(u)
            and u.type != "dummy"]
    wiped = {side for side in {u.side for u in here}
             if all(u.id in gone for u in here if u.side == side)}
    if not wiped:
        return state
    units = position.units
    pending = tuple((uid, r) for uid, r in gs.cc_pending
                    if not ((r == "CAP" or r.startswith("CAP1")) and uid in units
                            and position.enemy_of(units[uid].side) in wiped))
    state = state.replace(game=gs.replace(cc_pending=pending))
    if len(wiped) < 2:
        return state
    rearmed: set[str] = set()
    for unit in [u for u in _here(position, h) if prisoners.is_prisoner(u)]:
        counter = escape._rearmed(position, unit)
        freed = dataclasses.replace(unit.mark(remove=(prisoners.PRISONER,)), carrier=None)
        freed = freed.as_counter(counter) if counter is not None else freed.mark(prisoners.UNARMED)
        rearmed |= {unit.side} if counter is not None else set()
        state = state.with_unit(freed)
    for sw in [u for u in _here(position, h) if au.is_sw(u) and u.carrier is not None]:
        state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=h))  # abandoned (A20.221)
    if len(rearmed) > 1:  # both sides rearmed in one Location: Melee
        for unit in [u for u in _here(position.at(state), h) if not au.is_sw(u) and u.id not in gone]:
            state = state.with_unit(unit.mark("melee"))
    return state


def take(game: AslGame, position: Position) -> State:
    """The capture results pending in this CC: every CAP unit is captured; of each attack's CAP1 units one
    is: a lone squad deploys and one HS is captured, among several the defender names the one (A20.22)."""
    state = position.state
    gs = game.gstate(state)
    caps = [uid for uid, r in gs.cc_pending if r == "CAP" and uid in state.units]
    ones: dict[str, list[UnitState]] = {}
    for uid, r in gs.cc_pending:
        if r.startswith("CAP1") and uid in state.units:
            ones.setdefault(r, []).append(state.units[uid])
    if not caps and not ones:
        return state
    for uid in caps:
        state = _captured(position, state, state.units[uid])
    asks = []
    for group in ones.values():
        if len(group) == 1:
            state = _take_one(position, state, group[0])
        else:
            asks.append(Decision(
                "units", group[0].side,
                T("{side}: name the one unit of {units} that is captured", side=group[0].side,
                  units=", ".join(u.id for u in group)),
                "A20.22", "cc_capture_pick", units=tuple(u.id for u in group), target=group[0].hex))
    pending = tuple((uid, r) for uid, r in gs.cc_pending if r != "CAP" and not r.startswith("CAP1"))
    state = state.replace(game=game.gstate(state).replace(cc_pending=pending))
    return state.push(*asks) if asks else state


def _take_one(position: Position, state: State, one: UnitState) -> State:
    """A20.22: the one unit captured at the Kill Number; a lone squad deploys and one HS is captured."""
    to = one.values.get("reduces_to")
    counters = position.scenario.counters
    if one.type == "squad" and isinstance(to, str) and to in counters:
        free = one.as_counter(counters[to])
        from hexmate.rules.games.asl.guards import second_id

        taken = dataclasses.replace(free, id=second_id(state, one.id))  # a name actions can give (A20.5)
        state = state.with_unit(free)
        return _captured(position, state, taken)
    return _captured(position, state, one)


def resume_pick(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.22: the unit the defender named is captured, whole."""
    from hexmate.rules.games.asl import cc

    state = _captured(position, position.state, position.units[answer.units[0]])
    return cc.after_asks(game, position.at(state))


__all__ = ["WORD", "choices", "declare", "resume_pick", "take", "void"]
