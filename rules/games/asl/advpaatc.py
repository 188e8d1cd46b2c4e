"""The PAATC before advancing into an AFV's Location (A11.6).

An MMC that advances into a Location holding a Known enemy AFV that is not abandoned must first pass a
Pre-AFV Advance/Attack Task Check: a NTC, a 1TC if it is Inexperienced, with the leadership of a leader in
its own Location (SMC, fanatic and berserk units take none). A unit that passes advances at once (it may not
wait for the others' results); one that fails is pinned and stays where it was, with its SW. A unit in the
same Location as the AFV in the CCPh needs no further PAATC to attack it (the CC against a vehicle asks
none), and a pass is remembered for the phase (``AslState.paatc``, shared with Reaction Fire, reaction.py).

At the table the group was already lifted and put down in the new hex: a unit that fails is owed back to its
hex, which the table asks for like any other change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import commissar, nations
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

THEN = "adv_paatc"
MMC = ("squad", "hs", "crew")


def afv_in(position: Position, h: Hex, side: str) -> UnitState | None:
    """A Known, not abandoned, enemy AFV in the Location advanced into (A11.6)."""
    for u in position.units_at(h):
        if (u.side != side and u.type == "vehicle" and not u.concealed and not u.has("wreck")
                and not u.has("abandoned") and vehicle_of(u.values).armored):
            return u
    return None


def due(game: AslGame, position: Position, adv: act.Advance) -> tuple[UnitState, UnitState] | None:
    """The next advancing MMC that owes a PAATC, and the AFV; None when none does."""
    to = adv.path[-1]
    movers = [position.units[u] for u in adv.units if u in position.units]
    if not movers or adv.path[0] == to:
        return None
    afv = afv_in(position, to, movers[0].side)
    if afv is None:
        return None
    passed = game.gstate(position.state).paatc
    for unit in movers:
        if unit.type in MMC and not unit.has("fanatic") and not unit.has("berserk") \
                and f"{unit.id}>{afv.id}" not in passed:
            return unit, afv
    return None


def decision(position: Position, adv: act.Advance, unit: UnitState, afv: UnitState) -> Decision:
    n = nations.paatc_tc(position, unit)  # A19.34, A19.3, A25.65, A25.81, A25.91
    return Decision(
        "roll", unit.side,
        T("{unit} takes a PAATC ({n}TC) before advancing into {hex}, where {vehicle} is (A11.6)",
          unit=unit.id, n=n or "N", hex=position.label(adv.path[-1]), vehicle=afv.id),
        "A11.6", THEN, dice="DR", subject=(unit.id,), target=adv.path[-1],
        args=(("vehicle", afv.id), ("units", ",".join(adv.units)), ("mode", adv.mode),
              ("from", f"{adv.path[0].q},{adv.path[0].r}")))


def resume(game: AslGame, position: Position, dec: Decision, answer: act.Answer) -> State:
    """The PAATC's DR: passed, the unit goes on with the advance; failed, it is pinned and stays, with the SW
    it carries; then the rest of the advance (the next PAATC, or the advance itself)."""
    assert answer.dice is not None and dec.target is not None
    state = position.state
    unit = state.units[dec.subject[0]]
    vehicle = dec.arg("vehicle")
    n = nations.paatc_tc(position, unit)  # A19.34, A19.3, A25.65, A25.81, A25.91
    drm = am.leader_drm_for(unit, position.units_at(unit.hex) if unit.hex is not None else [], position)
    plus = commissar.bonus(state.units.values(), unit)  # A25.221: a commissar's +1 morale
    ok = am.task_check(unit, (answer.dice[0], answer.dice[1]), n=n, drm=drm, bonus=plus)
    morale = min(10, au.unit_morale(unit) + plus)
    outcome = T("passed: it advances") if ok else T("failed: pinned, it stays")
    lines = (Line(T("PAATC"), T("DR {dr} {drm:+d} against morale {morale}: {outcome}", dr=sum(answer.dice),
                                drm=n + drm, morale=morale, outcome=outcome), "A11.6"),)
    res = Resolution(act.Fire(dec.subject, dec.target, answer.dice), "task-check", "A11.6", False, lines,
                     {unit.id: "pass" if ok else "pinned"},
                     T("{unit} PAATC: {outcome}", unit=unit.id, outcome=outcome))
    state = state.replace(resolution=res)
    gs = game.gstate(state)
    if ok:
        state = state.replace(game=gs.replace(paatc=(*gs.paatc, f"{unit.id}>{vehicle}")))
    else:
        state = state.with_unit(unit.mark("pinned"))
    ids = [u for u in dec.arg("units").split(",") if u in state.units]
    failed = {u for u in ids if state.units[u].has("pinned")}
    going = tuple(u for u in ids if u not in failed and state.units[u].carrier not in failed)
    if not any(state.units[u].type != au.SW for u in going):
        return state
    q, r = (int(x) for x in dec.arg("from").split(","))
    adv = act.Advance(going, (Hex(q, r), dec.target), 0, dec.arg("mode"))
    return game.apply(position.at(state), adv)
