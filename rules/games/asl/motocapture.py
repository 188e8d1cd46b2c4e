"""ASL D15.7: a motorcycle has no inherent crew, so it is never captured as a vehicle is (A21.2, vcapture.py
takes only Abandoned AFVs); it is recovered as a SW is (A4.44), and a captured one is used with no penalty.

``transfer CYCLE to UNIT``: infantry in the Location of a riderless enemy motorcycle try to recover it, as
a SW: in the MPh for 1 MF and a dr (mphsw.py's checks and MF), in the RPh as the unit's one action at its
start (rphase.py's order); a final dr below 6 (+1 CX) succeeds. The motorcycle then becomes the recoverer's
side's, with no ``captured`` marker (D15.7: no restriction on its use); its riders then mount it as usual
(D15.41). A friendly motorcycle needs no recovery. Bicycles are SW already (D15.8): rphase.py recovers them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import rphase
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def _cycle(position: Position, uid: str) -> UnitState | None:
    from hexmate.rules.games.asl import moto

    unit = position.units.get(uid)
    return unit if unit is not None and moto.is_moto_unit(unit) else None


def claims(position: Position, action: act.Action) -> bool:
    return isinstance(action, act.Transfer) and bool(action.to) and _cycle(position, action.item) is not None


def is_cycle_decision(position: Position, decision: Decision) -> bool:
    return bool(decision.subject) and _cycle(position, decision.subject[0]) is not None


def check(game: AslGame, position: Position, transfer: act.Transfer) -> act.Transfer:
    from hexmate.rules.games.asl import moto, mphsw

    cycle = _cycle(position, transfer.item)
    unit = position.units.get(transfer.to)
    assert cycle is not None
    if unit is None or unit.type not in (*au.MMC, *au.SMC) or unit.carrier:
        raise IllegalAction(T("{unit} is not infantry on the ground to recover {sw}", unit=transfer.to,
                              sw=cycle.id), "D15.7")
    if moto.riders_of(position.state, cycle):
        raise IllegalAction(T("{unit} has riders: only a riderless motorcycle is recovered", unit=cycle.id),
                            "D15.7")
    if cycle.side == unit.side:
        raise IllegalAction(T("{unit} is already {side}'s: mount it (D15.41)", unit=cycle.id, side=unit.side),
                            "D15.7")
    if position.phase.id == "MPh":
        without = position.at(position.state.without_unit(cycle.id))  # the cycle is no enemy unit in the way
        return mphsw.check_recover(game, without, cycle, unit)  # A4.44: 1 MF and a dr
    if position.phase.id != "RPh" or unit.side != position.to_act:
        raise IllegalAction(T("a motorcycle is recovered as a SW: in the RPh, or for 1 MF in the MPh"),
                            "D15.7")
    if (cycle.hex, cycle.level) != (unit.hex, unit.level):
        raise IllegalAction(T("{sw} is not in {unit}'s Location", sw=cycle.id, unit=unit.id), "A4.44")
    if unit.has("broken") or unit.has("pinned") or unit.has("melee"):
        raise IllegalAction(T("{unit} must be Good Order and not pinned", unit=unit.id), "A4.44")
    if unit.has(rphase.TRIED):
        raise IllegalAction(T("{unit} has already had its one Rally Phase action", unit=unit.id), "A3.1")
    if any(u.side == unit.side and u.has(rphase.TRIED) and not u.has(rphase.RECOVERING)
           for u in position.units.values()):
        raise IllegalAction(T("an unpossessed SW is recovered at the start of the RPh, before any rally "
                              "or repair of that side"), "A4.44")
    if any(e.side != unit.side and e.hex == unit.hex and e.type != au.SW and au.good_order(e)
           and not e.concealed and e.id != cycle.id for e in position.units.values()):
        raise IllegalAction(T("a Known armed enemy unit is in the Location"), "A4.44")
    return transfer


def declare(game: AslGame, position: Position, transfer: act.Transfer) -> State:
    from hexmate.rules.games.asl import mphsw

    if position.phase.id == "MPh":
        return mphsw.declare(game, position, transfer)  # A4.44: the MF spent, the dr asked
    state = position.state
    unit = state.units[transfer.to]
    state = state.with_unit(unit.mark(rphase.TRIED, rphase.RECOVERING))
    return state.push(Decision(
        "roll", unit.side,
        T("{unit} tries to recover {sw}: roll the recovery dr (below 6 succeeds)", unit=unit.id,
          sw=transfer.item),
        "D15.7", "recover", dice="dr", subject=(transfer.item, unit.id), target=unit.hex))


def resume(position: Position, decision: Decision, answer: act.Answer, mf: str | None) -> State:
    """A final dr below 6 (+1 CX, +1 night, A4.44): the motorcycle is the recoverer's side's, no penalty."""
    state = position.state
    cycle, unit = state.units[decision.subject[0]], state.units[decision.subject[1]]
    dr = (answer.dice or (0,))[0]
    drm = rphase.recovery_drm(position, unit)
    ok = dr + drm < 6
    if ok:
        state = state.with_unit(dataclasses.replace(cycle, side=unit.side))
    said = T("recovered") if ok else T("not recovered")
    lines = [Line(T("MF spent"), mf, "A4.44")] if mf is not None else []
    lines.append(Line(T("recovery dr"), str(dr), "A4.44"))
    lines.extend(rphase.recovery_lines(position, unit))
    lines.append(Line(T("result"), said, "D15.7"))
    summary = T("{unit} tries to recover {sw}: final dr {final}: {result}", unit=unit.id, sw=cycle.id,
                final=dr + drm, result=said)
    return state.replace(resolution=Resolution(act.Transfer(cycle.id, unit.id, (dr,)), "recovery", "", False,
                                               tuple(lines), {cycle.id: "recovered" if ok else "-"}, summary))


def generate(game: AslGame, position: Position) -> list[act.Action]:
    """The recoveries open now, for the page's buttons (MPh and RPh)."""
    if position.phase.id not in ("MPh", "RPh") or position.state.decision is not None:
        return []
    out: list[act.Action] = []
    for cycle in sorted(position.units.values(), key=lambda u: u.id):
        if _cycle(position, cycle.id) is None or cycle.hex is None:
            continue
        for unit in position.units_at(cycle.hex):
            action = act.Transfer(cycle.id, unit.id)
            try:
                check(game, position, action)
            except IllegalAction:
                continue
            out.append(action)
    return out


__all__ = ["check", "claims", "declare", "generate", "is_cycle_decision", "resume"]
