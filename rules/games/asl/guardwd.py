"""The guard's side withdrawing from a Melee with its prisoners (A11.2, A11.21, with A20.5, A20.53, A20.55).

Prisoners attacking their guard put the Location in Melee (A20.55); the enemy there holds only prisoners,
so no ordinary Close Combat is fought there (cc.py) and the Melee is escape.py's. What the text allows the
guard's side, paraphrased:

- A11.2: every unpinned infantry unit in a Melee may try to withdraw from it (never a berserk or Disrupted
  one), declared before either side declares a CC attack, the ATTACKER first. A withdrawing unit makes no CC
  attack; an attack on it is -2, +1 for each friendly unit in the Melee not withdrawing, and that DRM is its
  own when it is attacked together with units that stay. One neither eliminated, Casualty Reduced nor
  captured in that CCPh has withdrawn: it is placed on a Location it could advance into with no Known enemy
  (A11.21; into a concealed enemy it is eliminated and one of them loses its "?").
- The guard himself does not: A20.53 lets him abandon his prisoners only as A20.5 allows, in his own RPh or
  APh and not while in Melee with them, and A20.53 moves prisoners with their guard only in the captor's MPh
  and APh. Leaving them in the CCPh would be an abandonment the text forbids there, so a unit guarding
  prisoners in the Melee is never offered the withdrawal.
- A broken unit in a Melee must try to withdraw (A11.16), unless it is a guard (as above); one that fails
  (reduced, or with nowhere to go) is eliminated for failure to rout (A11.16).
- A20.55: the prisoners may attack a unit other than their guard only together with him in one attack; so a
  withdrawing unit is attacked only by such an attack, at its own withdrawal DRM, and it takes no part in the
  reply. If it withdraws and no other enemy unit is left in the Location, the escape has succeeded.

The question is asked in the escape step at the start of the CCPh (``escape.offer``): first when the guard's
side is the ATTACKER, else after the prisoners' side has said whether (and how) it tries to escape. Those
withdrawing carry the marker ``withdrawing`` until they are placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

WITHDRAWING = "withdrawing"


def _side_here(position: Position, guard: UnitState) -> list[UnitState]:
    """The guard's side's personnel in his Location (no SW, no prisoner of the other side)."""
    return sorted((u for u in position.units.values() if u.hex == guard.hex and u.level == guard.level
                   and u.side == guard.side and u.type in prisoners.INFANTRY and not au.is_sw(u)
                   and not prisoners.is_prisoner(u)), key=lambda u: u.id)


def able(position: Position, guard: UnitState) -> list[UnitState]:
    """A11.2: the units of the guard's side in the Melee that may try to withdraw: in Melee, not pinned,
    berserk or Disrupted, and guarding no prisoner (A20.5, A20.53)."""
    return [u for u in _side_here(position, guard) if u.has("melee")
            and not any(u.has(m) for m in ("pinned", "berserk", "disrupted"))
            and not prisoners.prisoners_of(position, u.id)]


def ask(position: Position, guard: UnitState, then: str = "",
        args: Mapping[str, str] | None = None) -> tuple[State, Decision | None]:
    """The guard's side names its units that try to withdraw (A11.2); a broken one must (A11.16). ``then``
    says what follows the answer: ``place`` (no attack will come: place them now), ``reply`` (the prisoners
    all withdrew: the guard's side's reply, ``args`` its continuation's), or nothing (the attack roll is
    already waiting under this question)."""
    state = position.state
    if not guard.has("melee"):
        return state, None
    units = able(position, guard)
    for unit in units:
        if unit.has("broken"):  # A11.16: a broken unit in Melee must try
            state = state.with_unit(unit.mark(WITHDRAWING))
    free = tuple(u.id for u in units if not u.has("broken"))
    if not free:
        if any(u.has("broken") for u in units) and then:
            return state, _follow_up(position, guard, then, args)
        return state, None
    return state, Decision(
        "units", guard.side,
        T("{side}: name your units that try to withdraw from the Melee with the prisoners of {guard} at "
          "{hex} (the guard may not leave them), or none", side=guard.side, guard=guard.id,
          hex=position.label(guard.hex)),
        "A11.2", "guard_withdraw", units=free, choices=("none",), count=0, target=guard.hex,
        args=(("guard", guard.id), ("then", then), *sorted((args or {}).items())))


def _follow_up(position: Position, guard: UnitState, then: str, args: Mapping[str, str] | None) -> Decision:
    """With only broken units (which must try) nothing is asked: a confirm carries the flow on."""
    return Decision(
        "confirm", guard.side,
        T("{side}: your broken units in the Melee at {hex} must try to withdraw (A11.16)", side=guard.side,
          hex=position.label(guard.hex)),
        "A11.16", "guard_withdraw", choices=("ok",), target=guard.hex,
        args=(("guard", guard.id), ("then", then), *sorted((args or {}).items())))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The named units try to withdraw: marked until placed. Then, as ``then`` says, they are placed at once
    (no attack comes), or the reply to the prisoners' withdrawal follows."""
    from hexmate.rules.games.asl import escape

    state = position.state
    for uid in answer.units:
        if uid in decision.units and uid in state.units:
            state = state.with_unit(state.units[uid].mark(WITHDRAWING))
    view = position.at(state)
    args = {k: v for k, v in decision.args if k not in ("guard", "then")}
    then = decision.arg("then")
    assert decision.target is not None
    if then == "place":
        return place(view, decision.target, decision.side)
    if then == "reply":
        return escape.reply_or_outcome(view, decision.target, decision.side, (), args)
    return state


def before_attack(position: Position, state: State, guard: UnitState) -> State:
    """When the prisoners' side is the ATTACKER it declared first (A11.2): the guard's side declares now,
    before the prisoners' attack roll already waiting (pushed on top of it)."""
    if guard.side == position.phasing:
        return state
    state, question = ask(position.at(state), guard)
    return state.push(question) if question is not None else state


def attack_drm(position: Position, unit: UnitState) -> int:
    """A11.2: -2 against a withdrawing unit, +1 for each friendly unit in the Melee not withdrawing."""
    assert unit.hex is not None
    stay = sum(1 for u in position.units_at(unit.hex) if u.side == unit.side and u.level == unit.level
               and not u.has(WITHDRAWING) and u.type in prisoners.INFANTRY and not au.is_sw(u)
               and not prisoners.is_prisoner(u))
    return stay - 2


def reduced(state: State, uid: str) -> State:
    """A11.2: a withdrawing unit Casualty Reduced in this CC has not withdrawn: it stays; a broken one that
    failed to withdraw is eliminated for failure to rout (A11.16, as cc.py does it, when its CC is over)."""
    from hexmate.rules.games.asl.aftermath import _drop_possessions

    unit = state.units.get(uid)
    if unit is not None and unit.has(WITHDRAWING):
        if unit.has("broken"):  # its SW left there (A4.43); A4.44 moot: its side's SMC there are in Melee
            return _drop_possessions(state, unit).without_unit(uid)
        state = state.with_unit(unit.mark(remove=(WITHDRAWING,)))
    return state


def leaving(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The withdrawing units of ``side`` at ``h`` that will leave: those with somewhere to go (A11.21)."""
    from hexmate.rules.games.asl import cc as asl_cc

    going = [u for u in position.units_at(h) if u.side == side and u.has(WITHDRAWING)]
    return going if going and asl_cc.withdraw_to(position, going) else []


def place(position: Position, h: Hex, side: str) -> State:
    """A11.2, A11.21: the withdrawing survivors are placed beside; with nowhere to go they stay (in Melee)."""
    from hexmate.rules.games.asl import cc as asl_cc

    state = position.state
    going = [u for u in position.units_at(h) if u.side == side and u.has(WITHDRAWING)]
    if not going:
        return state
    from hexmate.rules.games.asl.aftermath import _drop_possessions

    ends = asl_cc.withdraw_to(position, going)
    if not ends:  # nowhere to go: they stay in Melee; a broken one is eliminated for failure to rout (A11.16)
        for unit in going:  # its SW left there (A4.43); A4.44 moot: its side's SMC there are in Melee
            state = _drop_possessions(state, unit).without_unit(unit.id) if unit.has("broken") else \
                state.with_unit(unit.mark(remove=(WITHDRAWING,)))
        return state
    return state.push(Decision(
        "hexes", side,
        T("{units} withdraw from the Melee: place them on a lit Location",
          units=", ".join(u.id for u in going)),
        "A11.21", "guard_leave_to", hexes=ends, subject=tuple(u.id for u in going), target=h))


def resume_leave_to(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.21: placed out of the Melee; into a concealed real enemy they are eliminated and one of those
    enemies loses its "?"."""
    from hexmate.rules.games.asl.aftermath import _drop_possessions

    state = position.state
    to = answer.hexes[0]
    hidden = [u for u in position.units_at(to)
              if u.side != decision.side and u.concealed and u.type != "dummy"]
    for uid in decision.subject:
        if uid not in state.units:
            continue
        if hidden:  # with what it carried (A11.21): its SW left there (A4.43); A4.44 moot (Known at once)
            state = _drop_possessions(state, state.units[uid].at(to)).without_unit(uid)
        else:
            state = state.with_unit(state.units[uid].at(to).mark(remove=("melee", WITHDRAWING)))
    if hidden:
        state = state.with_unit(hidden[0].revealed())
    return state


__all__ = ["WITHDRAWING", "able", "ask", "attack_drm", "before_attack", "leaving", "place", "reduced",
           "resume", "resume_leave_to"]
