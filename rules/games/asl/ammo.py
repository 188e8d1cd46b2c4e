"""ASL Ammunition Shortage (A19.131): which sides suffer it, from the scenario (an SSR), and what it does.

The scenario's option ``"ammo_shortage": ["ger"]`` names the sides whose OB suffers it (A19.131: an SSR says
so). A mapping ``{"ger": true}`` is read the same way; anything else is a data error naming the option.

Its effects, each where the rule acts:

- every SW's B# and X# one lower (not a DC; not a captured SW, A21.11), the original B# becoming the X#
  (A.11), cumulative with Sustained Fire and the rest (``units.breakdown``; fire.py, mgafv.py);
- an MMC using its inherent FP whose attack has an Original IFT DR of 12 is Replaced after the attack (one of
  them, by Random Selection, after the SW breakdowns), or breaks when it cannot be (unless berserk); not on a
  To Hit DR (``after_attack``; fire.py);
- such an attack leaves no Residual FP (A8.221; fire.py);
- no Fire Lane may be laid (``no_lane``; residual.py): A.7 counts a SW under it out of Good Order, and A9.22
  asks a Good Order SW MG for a lane (``sw_good_order`` gives the reading);
- a vehicle's or Gun's B# counts as circled one lower (D3.71); one already circled starts with Low Ammo
  (``vehicle_breakdown``; vfire.py).

No effect on CC, sniper or Residual FP attacks (A19.131): nothing here touches them. Not built: the lowered
Depletion Numbers of special ammunition (chapter C, not among the texts), and Guns (chapter C).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import nations
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.text import T

OPTION = "ammo_shortage"


def sides(position: Position) -> frozenset[str]:
    """The sides under Ammunition Shortage (A19.131)."""
    return listed_sides(position, OPTION, "under Ammunition Shortage (A19.131)")


def listed_sides(position: Position, option: str, what: str) -> frozenset[str]:
    """The sides a scenario option names for an SSR: a list of sides or a mapping side -> true/false; none
    when absent. ``what`` ends the data error's message (e.g. "under Ammunition Shortage (A19.131)")."""
    got = position.scenario.options.get(option)
    if got is None:
        return frozenset()
    if isinstance(got, Mapping):
        if not all(isinstance(v, bool) for v in got.values()):
            raise DataError(f"{position.scenario.name}: options.{option} maps each side to true or false")
        return frozenset(str(k) for k, v in got.items() if v)
    if isinstance(got, list | tuple) and all(isinstance(s, str) for s in got):
        return frozenset(got)
    raise DataError(f"{position.scenario.name}: options.{option} must list the sides {what}")


def short(position: Position, side: str) -> bool:
    """Is this side's OB under Ammunition Shortage (A19.131)?"""
    return side in sides(position)


def sw_short(position: Position, sw: UnitState) -> bool:
    """Is this SW under Ammunition Shortage: its side's OB is (A19.131), and it is not a captured SW, which
    never suffers it (A21.11)?"""
    owner = position.units.get(sw.carrier or "")
    return short(position, sw.side) and not nations.is_captured(position, sw, owner)


def sw_good_order(position: Position, sw: UnitState) -> bool:
    """A.7: a SW is in Good Order when a Good Order unit possesses it, it is not malfunctioned and it is not
    under Ammunition Shortage (A19.131).

    The reading of A.7 beside A19.131: A19.131 has a SW under Ammunition Shortage fire on (its B# and X#
    one lower, A.11), so "not in Good Order" cannot bar its fire; the text has a SW's Good Order matter only
    where a rule asks for a Good Order SW, and among the texts here that is A9.22's Fire Lane (a Good Order
    SW MG), which is exactly A19.131's "no Fire Lane". So a short SW fires, with the lowered numbers, and
    is not in Good Order for A9.22 (``no_lane``)."""
    owner = position.units.get(sw.carrier or "")
    if owner is None or not au.good_order(owner) or sw.has("malfunctioned"):
        return False
    return not sw_short(position, sw)


def no_lane(position: Position, mg: UnitState) -> bool:
    """A9.22 with A.7: a Fire Lane is laid only by a Good Order SW MG, which a SW under Ammunition Shortage
    is not (A19.131: no Fire Lane under it; a captured MG is not short, A21.11)."""
    return not sw_good_order(position, mg)


def spoils_residual(position: Position, firers: Sequence[UnitState], original: int) -> bool:
    """A8.221: an Original IFT DR of 12 by a small-arms attack of units under Ammunition Shortage leaves no
    Residual FP."""
    return original == 12 and any(short(position, u.side) for u in firers)


def inherent_users(position: Position, firers: Sequence[UnitState]) -> list[UnitState]:
    """The MMC of an attack that use their own inherent FP (A19.131: only they are Replaced)."""
    return sorted((u for u in firers if u.type in au.MMC and not u.has("no_fire")), key=lambda u: u.id)


def after_attack(position: Position, state: State, firers: Sequence[UnitState], original: int
                 ) -> tuple[State, list[Line], list[Decision]]:
    """A19.131: after an attack with an Original IFT DR of 12, one MMC that used its inherent FP and whose
    side is under Ammunition Shortage is Replaced (picked by Random Selection when there are more, after the
    SW breakdowns, which the caller has applied); the lines said and any question."""
    if original != 12:
        return state, [], []
    users = [u for u in inherent_users(position, firers) if short(position, u.side) and u.id in state.units]
    if not users:
        return state, [], []
    if len(users) > 1:
        names = ", ".join(u.id for u in users)
        prompt = T("Ammunition Shortage: name the unit Random Selection picks to be Replaced among {units}",
                   units=names)
        ask = Decision("units", users[0].side, prompt, "A19.131", PICK, units=tuple(u.id for u in users))
        said = T("Original DR 12 under Ammunition Shortage: one of {units} is Replaced (Random Selection)",
                 units=", ".join(u.id for u in users))
        return state, [Line(T("Ammunition Shortage"), said, "A19.131")], [ask]
    state, said = replace(position, state, state.units[users[0].id])
    return state, [Line(T("Ammunition Shortage"), said, "A19.131")], []


PICK = "ammo_pick"


def replace(position: Position, state: State, unit: UnitState) -> tuple[State, T]:
    """A19.131 with A19.13: the unit is Replaced by its lower-quality counter(s) in the same state; a MMC that
    cannot be (none lower, or one A19.11 exempts from Replacement) breaks instead, unless berserk."""
    from hexmate.rules.games.asl.aftermath import _break

    counters = position.scenario.counters
    repl = au.replacement(unit, counters)
    if repl is not None and repl.to and not repl.disrupt:
        first = unit.as_counter(counters[repl.to[0]])
        state = state.with_unit(first)
        for i, name in enumerate(repl.to[1:], start=2):
            extra = dataclasses.replace(first.as_counter(counters[name]), id=f"{unit.id}/{i}")
            state = state.with_unit(extra)
        return state, T("{unit} is Replaced by {to}", unit=unit.id, to=", ".join(repl.to))
    if unit.has("berserk"):
        return state, T("{unit} cannot be Replaced and is berserk: no effect", unit=unit.id)
    return _break(counters, state, unit), T("{unit} cannot be Replaced by a lower-quality unit: it breaks",
                                            unit=unit.id)


def resume_pick(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A19.131: the unit Random Selection picked is Replaced."""
    state = position.state
    uid = answer.units[0] if answer.units else ""
    if uid not in decision.units or uid not in state.units:
        return state
    return replace(position, state, state.units[uid])[0]


def vehicle_breakdown(position: Position, side: str, b: int, circled: bool,
                      marker: bool) -> tuple[int, bool, bool]:
    """A19.131 with D3.71: (B#, circled, Low Ammo marker) of a vehicle's gun for this shot: under Ammunition
    Shortage an uncircled B# counts as circled and one lower; a circled one plays as if its Low Ammo counter
    were on from the start."""
    if not short(position, side):
        return b, circled, marker
    if circled:
        return b, True, True
    return b - 1, True, marker
