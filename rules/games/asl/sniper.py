"""The Sniper Check at the table (A14.4): after a sniper attack that had an effect (a sniper dr of 1 or 2),
the units of the Location it struck may try to eliminate the sniper.

Who may: the Good Order, armed, unpinned infantry of the struck side in that Location that have neither fired
nor moved this Player Turn (no fire counter; not moved this phase). They check together with one DR (its
owner answers ``check``, or ``none``), its DRM morale.py's (leadership unless the leader is alone, -1 a hero,
-1 a HS-equivalent). A final DR of 2 or less eliminates the enemy sniper: his side's SAN drops by one for the
rest of the scenario, and at 1 he has no sniper left (A14.4, A14.1); a 3 pins him (recorded and shown).
The checking units become TI (A4.8): no move or fire for the rest of the Player Turn; gone at the CCPh's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

FIRED = ("prep_fire", "first_fire", "final_fire", "advancing_fire")


def checkers(position: Position, h: Hex, side: str) -> list[UnitState]:
    return sorted(
        (u for u in position.units_at(h)
         if u.side == side and u.type in (*au.MMC, *au.SMC) and au.good_order(u) and not u.has("pinned")
         and not au.is_unarmed(u) and not u.has("ti")
         and not any(u.has(m) for m in FIRED) and u.id not in position.state.moved),
        key=lambda u: u.id)


def offer(position: Position, state: State, h: Hex | None, struck_side: str, sniper_side: str) -> State:
    """After an effective sniper attack on Location h: the Sniper Check question, if any unit may make it."""
    if h is None:
        return state
    units = checkers(position.at(state), h, struck_side)
    if not units:
        return state
    ids = tuple(u.id for u in units)
    return state.push(Decision(
        "confirm", struck_side,
        T("Sniper Check by {units} against {side}'s sniper: check, or none", units=", ".join(ids),
          side=sniper_side),
        "A14.4", "sniper_check_ask", choices=("check", "none"), subject=ids, target=h,
        args=(("sniper", sniper_side),)))


def resume_ask(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    if answer.choice != "check":
        return position.state
    return position.state.push(Decision(
        "roll", decision.side, T("roll the Sniper Check DR"), "A14.4", "sniper_check", dice="DR",
        subject=decision.subject, target=decision.target, args=decision.args))


def resume_check(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A14.4: the check's final DR: 2 or less eliminates the sniper (SAN -1), 3 pins him."""
    state = position.state
    units = [state.units[u] for u in decision.subject if u in state.units]
    roll = ASL_DR.from_values(answer.dice or ())
    drm = am.sniper_check_drm(units)
    final = roll.total + drm
    got = am.sniper_check_result(final)
    sniper = decision.arg("sniper")
    gs = game.gstate(state)
    if got == "eliminated":
        state = state.replace(game=gs.replace(snipers_lost=(*gs.snipers_lost, sniper)))
        said = T("{side}'s sniper is eliminated: his SAN drops by one", side=sniper)
    elif got == "pinned":
        state = state.replace(game=gs.replace(snipers_pinned=(*gs.snipers_pinned, sniper)))
        said = T("{side}'s sniper is pinned", side=sniper)
    else:
        said = T("no effect")
    lines = (Line(T("Original DR"), str(roll.total), "A.1"),
             Line(T("Sniper Check DRM"), f"{drm:+d}", "A14.4"), Line(T("result"), said, "A14.4"))
    summary = T("Sniper Check: final DR {final}: {result}", final=final, result=said)
    for unit in units:  # A14.4: every unit that checked is TI (A4.8)
        state = state.with_unit(unit.mark("ti"))
    assert decision.target is not None
    return state.replace(resolution=Resolution(act.Fire(decision.subject, decision.target, answer.dice),
                                               "sniper_check", "", False, lines, {}, summary))
