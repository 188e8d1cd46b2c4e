"""ASL Rally Phase actions besides rallying (A3.1): repairing a malfunctioned SW (A9.72), passing a SW to
another unit of its Location (A4.431) and recovering an unpossessed one (A4.44). Prisoners are passed
between guards the same way (A20.5, prisoners.py).

Both sides act in the RPh, the phasing side first (sequence.json). A3.1: each unit makes one attempt in a
RPh: a repair (of as many malfunctioned SW as it may fire in one phase, A9.72) or a recovery (A4.44) is that
attempt, as a rally is. A transfer is not an attempt: A4.431 only limits it to Good Order, unpinned units in
one Location and to the RPh (or the start of the APh), and forbids passing on in a phase a SW recovered in it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction, InvalidAction
from hexmate.rules.games.asl import mounted, nations
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

TRIED = "rally_tried"  # A3.1: the unit's one RPh attempt is made (rally.py uses the same marker)
REPAIRING = "repairing"  # A9.72: its attempt is repairing SW: it may still try its other malfunctioned SW
REPAIR_TRIED = "repair_tried"  # A9.72: this SW had its repair dr this RPh
RECOVERED = "recovered"  # A4.44: recovered this phase, so not passed on in it
RECOVERING = "recovering"  # A4.44: its RPh attempt is a recovery (made at the start of the RPh)


def _rph(position: Position) -> None:
    if position.phase.id != "RPh":
        raise IllegalAction(T("SW are repaired and passed on in the Rally Phase"), "A3.1")


def _unit(position: Position, uid: str) -> UnitState:
    if uid not in position.units:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
    return position.units[uid]


def _turn(position: Position, unit: UnitState) -> None:
    if unit.side != position.to_act:
        raise IllegalAction(T("{unit} is {side}'s: {now} acts now, then the other side", unit=unit.id,
                              side=unit.side, now=position.to_act), "A3.1")


def _able(unit: UnitState, rule: str) -> None:
    """A4.431, A4.44, A9.72: only a Good Order unit that is not pinned takes part."""
    if unit.has("broken") or unit.has("pinned") or unit.has("melee"):
        raise IllegalAction(T("{unit} must be Good Order and not pinned", unit=unit.id), rule)


# --- repair (A9.72) ---


def check_repair(game: AslGame, position: Position, repair: act.Repair) -> act.Repair:
    _rph(position)
    sw = _unit(position, repair.sw)
    if sw.type != au.SW:
        raise IllegalAction(T("{unit} is not a support weapon", unit=sw.id), "A9.72")
    if not sw.has("malfunctioned"):
        raise IllegalAction(T("{sw} has not malfunctioned", sw=sw.id), "A9.72")
    if sw.carrier is None or sw.carrier not in position.units:
        raise IllegalAction(T("{sw} has no possessor to repair it: recover it first", sw=sw.id), "A9.72")
    owner = position.units[sw.carrier]
    _turn(position, owner)
    if not au.good_order(owner):
        raise IllegalAction(T("{owner} is broken: only a Good Order unit repairs a SW", owner=owner.id),
                            "A9.72")
    if nations.is_captured(position, sw, owner):
        raise IllegalAction(T("{sw} is captured: it is repaired only once its own side recaptures it",
                              sw=sw.id), "A9.72")
    if sw.has(REPAIR_TRIED):
        raise IllegalAction(T("{sw} has had its repair dr this Rally Phase", sw=sw.id), "A9.72")
    if owner.has(TRIED) and not owner.has(REPAIRING):
        raise IllegalAction(T("{unit} has already had its one Rally Phase action", unit=owner.id), "A3.1")
    tried = sum(1 for w in au.possessed(position.state, owner.id) if w.has(REPAIR_TRIED))
    if tried >= au.repairs_allowed(owner):
        raise IllegalAction(T("{owner} may try to repair only as many SW as it may fire in one phase ({n})",
                              owner=owner.id, n=au.repairs_allowed(owner)), "A9.72")
    return act.Repair(sw.id)


def declare_repair(game: AslGame, position: Position, repair: act.Repair) -> State:
    state = position.state
    sw = state.units[repair.sw]
    assert sw.carrier is not None
    owner = state.units[sw.carrier]
    state = state.with_unit(sw.mark(REPAIR_TRIED)).with_unit(owner.mark(TRIED, REPAIRING))
    return state.push(Decision(
        "roll", sw.side,
        T("{owner} tries to repair {sw} (repair number {r}): roll the dr", owner=owner.id, sw=sw.id,
          r=au._int(sw.values, "repair")),
        "A9.72", "repair", dice="dr", subject=(sw.id,), target=owner.hex))


def resume_repair(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.72: a dr at most the repair number repairs the SW, a 6 eliminates it, else no change."""
    state = position.state
    sw = state.units[decision.subject[0]]
    dr = (answer.dice or (0,))[0]
    r = au._int(sw.values, "repair")
    got = au.repair(dr, sw.values)
    if got == "repaired":
        state, said = state.with_unit(sw.mark(remove=("malfunctioned",))), T("repaired")
    elif got == "eliminated":
        state, said = state.without_unit(sw.id), T("eliminated")
    else:
        said = T("still malfunctioned")
    lines = (Line(T("repair dr"), str(dr), "A9.72"), Line(T("repair number"), str(r), "A9.72"),
             Line(T("result"), said, "A9.72"))
    summary = T("{sw}: repair dr {dr}, repair number {r}: {result}", sw=sw.id, dr=dr, r=r, result=said)
    return state.replace(resolution=Resolution(act.Repair(sw.id, (dr,)), "repair", "", False, lines,
                                               {sw.id: got}, summary))


# --- transfer (A4.431) and recovery (A4.44) ---


def check_transfer(game: AslGame, position: Position, transfer: act.Transfer) -> act.Transfer:
    item = _unit(position, transfer.item)
    if item.type != au.SW:
        from hexmate.rules.games.asl import prisoners

        return prisoners.check_transfer(game, position, transfer)
    to = _unit(position, transfer.to)
    if to.type in (au.SW, "dummy") or to.hex is None:
        raise IllegalAction(T("{unit} cannot possess a SW", unit=to.id), "A4.43")
    _turn(position, to)
    holder = position.units.get(item.carrier) if item.carrier else None
    inside = holder if holder is not None and holder.type == "vehicle" else None  # D6.4: left in the vehicle
    holder = mounted.sw_hands(position, item, to, holder)  # D6.31
    if holder is None and item.side != to.side and item.values.get("sw") == "radio":
        raise IllegalAction(T("{sw} is a radio: the enemy cannot capture it (A21.1)", sw=item.id), "A21.1")
    if holder is None and item.has("set_dc"):  # setdc.SET
        raise IllegalAction(T("{sw} is a Set DC: it cannot be recovered (A23.72)", sw=item.id), "A23.72")
    if holder is None:  # recovery
        if position.phase.id == "MPh":
            from hexmate.rules.games.asl import mphsw

            return mphsw.check_recover(game, position, item, to)  # A4.44: 1 MF and a dr in the MPh
        if position.phase.id != "RPh":
            raise IllegalAction(T("an unpossessed SW is recovered in the RPh (or for 1 MF in the MPh)"),
                                "A4.44")
        if (inside.hex if inside is not None else item.hex) != to.hex:
            raise IllegalAction(T("{sw} is not in {unit}'s Location", sw=item.id, unit=to.id), "A4.44")
        _able(to, "A4.44")
        if to.has(TRIED):
            raise IllegalAction(T("{unit} has already had its one Rally Phase action", unit=to.id), "A3.1")
        if any(u.side == to.side and u.has(TRIED) and not u.has(RECOVERING) for u in position.units.values()):
            raise IllegalAction(T("an unpossessed SW is recovered at the start of the RPh, before any rally "
                                  "or repair of that side"), "A4.44")
        if enemy_bars(position, to):
            raise IllegalAction(T("a Known armed enemy unit is in the Location"), "A4.44")
        return act.Transfer(item.id, to.id)
    if (position.phase.id == "MPh" and holder.has("broken") and to.type in au.SMC and holder.side == to.side
            and holder.hex == to.hex):
        from hexmate.rules.games.asl import mphsw

        return mphsw.check_take(game, position, item, to)  # A4.44: an SMC takes it, with a dr, for no MF
    if position.phase.id not in ("RPh", "APh") or (position.phase.id == "APh" and position.state.moved):
        raise IllegalAction(T("a SW changes hands only in the RPh or at the start of the APh"), "A4.431")
    if holder.id == to.id:
        raise IllegalAction(T("{unit} already possesses {sw}", unit=to.id, sw=item.id), "A4.431")
    if holder.side != to.side or holder.hex != to.hex:
        raise IllegalAction(T("{sw} passes only to a friendly unit in its possessor's Location", sw=item.id),
                            "A4.431")
    if holder.has("broken") and to.type in au.SMC and position.phase.id == "RPh":
        return _smc_takes(position, holder, item, to)
    _able(holder, "A4.431")
    _able(to, "A4.431")
    if item.has(RECOVERED):
        raise IllegalAction(T("{sw} was recovered this phase and may not be passed on in it", sw=item.id),
                            "A4.44")
    return act.Transfer(item.id, to.id)


def _smc_takes(position: Position, holder: UnitState, sw: UnitState, smc: UnitState) -> act.Transfer:
    """A4.44: an SMC may take a SW from a broken friendly unit with a recovery dr, as his RPh attempt, under a
    recovery's limits: in its Location, no Known armed enemy there."""
    _able(smc, "A4.44")
    if holder.level != smc.level:
        raise IllegalAction(T("{sw} is not in {unit}'s Location", sw=sw.id, unit=smc.id), "A4.44")
    if enemy_bars(position, smc):
        raise IllegalAction(T("a Known armed enemy unit is in the Location"), "A4.44")
    if smc.has(TRIED):
        raise IllegalAction(T("{unit} has already had its one Rally Phase action", unit=smc.id), "A3.1")
    return act.Transfer(sw.id, smc.id)


NIGHT = "night"  # the scenario option of a night scenario (its rules, E1, are not in the text): A4.44's +1


def check_night(options: Mapping[str, Any], where: str) -> None:
    """``options.night`` is true or false (a night scenario: A4.44's +1; its other rules, E1, are not
    built)."""
    if NIGHT in options and not isinstance(options[NIGHT], bool):
        raise DataError(f"{where}: options.night: true or false (A4.44: +1 to a recovery dr at night)")


def recovery_drms(position: Position, unit: UnitState) -> list[tuple[str, int]]:
    """A4.44: +1 for a CX recoverer, +1 at night (``options.night``; A4.51 names the CX one too)."""
    out: list[tuple[str, int]] = [(T("CX"), 1)] if unit.has("cx") else []
    if position.scenario.options.get(NIGHT) is True:
        out.append((T("night"), 1))
    return out


def recovery_drm(position: Position, unit: UnitState) -> int:
    """The recovery dr's modifiers summed (A4.44)."""
    return sum(n for _, n in recovery_drms(position, unit))


def recovery_lines(position: Position, unit: UnitState) -> list[Line]:
    """A4.44: one working line per recovery drm."""
    return [Line(what, f"+{n}", "A4.44") for what, n in recovery_drms(position, unit)]


def enemy_bars(position: Position, unit: UnitState) -> bool:
    """A4.44: a Known (not concealed) armed enemy unit in the recoverer's Location bars it, broken or not (the
    text asks only that it be armed and Known; an Unarmed unit or a prisoner is not armed, A20.5)."""
    return any(e.side != unit.side and e.hex == unit.hex and e.level == unit.level and e.type != au.SW
               and not e.concealed and not au.is_unarmed(e)
               for e in position.units.values())


def declare_transfer(game: AslGame, position: Position, transfer: act.Transfer) -> State:
    state = position.state
    item = state.units[transfer.item]
    if item.type != au.SW:
        from hexmate.rules.games.asl import prisoners

        return prisoners.declare_transfer(game, position, transfer)
    to = state.units[transfer.to]
    holder = state.units.get(item.carrier) if item.carrier else None
    if holder is not None and holder.type == "vehicle":
        holder = None  # D6.31: a SW left in a vehicle is recovered by the units aboard it
    if holder is None and position.phase.id == "MPh":
        from hexmate.rules.games.asl import mphsw

        return mphsw.declare(game, position, transfer)  # A4.44
    if holder is not None and holder.has("broken") and position.phase.id == "MPh":
        from hexmate.rules.games.asl import mphsw

        return mphsw.declare_take(game, position, transfer)  # A4.44
    if holder is not None and not holder.has("broken"):  # A4.431: a free change of possession
        return state.with_unit(dataclasses.replace(item, carrier=to.id, hex=to.hex))
    mark = (TRIED, RECOVERING) if holder is None else (TRIED,)  # A4.44: the unit's one RPh attempt
    state = state.with_unit(to.mark(*mark))
    return state.push(Decision(
        "roll", to.side,
        T("{unit} tries to recover {sw}: roll the recovery dr (below 6 succeeds)", unit=to.id, sw=item.id),
        "A4.44", "recover", dice="dr", subject=(item.id, to.id), target=to.hex))


def resume_recover(game: AslGame, position: Position, decision: Decision, answer: act.Answer,
                   mf: str | None = None) -> State:
    """A4.44: the recovery succeeds on a final dr below 6 (in the RPh, or in the MPh for ``mf`` MF: the
    recovered SW joins its possessor's Location, level included)."""
    state = position.state
    sw, unit = state.units[decision.subject[0]], state.units[decision.subject[1]]
    dr = (answer.dice or (0,))[0]
    drm = recovery_drm(position, unit)
    ok = dr + drm < 6
    if ok:
        if sw.side != unit.side:  # A21.1: taken by the enemy's recovery it is captured; its own side's
            taken = sw.mark(remove=("captured",)) if sw.has("captured") else sw.mark("captured")
            sw = dataclasses.replace(taken, side=unit.side)  # recovery takes it back (two sides: a recapture)
        state = state.with_unit(dataclasses.replace(sw.mark(RECOVERED), carrier=unit.id, hex=unit.hex,
                                                    level=unit.level))
    said = T("recovered") if ok else T("not recovered")
    lines = [Line(T("MF spent"), mf, "A4.44")] if mf is not None else []
    lines.append(Line(T("recovery dr"), str(dr), "A4.44"))
    lines.extend(recovery_lines(position, unit))
    lines.append(Line(T("result"), said, "A4.44"))
    summary = T("{unit} tries to recover {sw}: final dr {final}: {result}", unit=unit.id, sw=sw.id,
                final=dr + drm, result=said)
    return state.replace(resolution=Resolution(act.Transfer(sw.id, unit.id, (dr,)), "recovery", "", False,
                                               tuple(lines), {sw.id: "recovered" if ok else "-"}, summary))


def generate(position: Position) -> list[act.Action]:
    """The RPh's SW actions open to the side acting: repairs, transfers and recoveries."""
    out: list[act.Action] = []
    for sw in sorted(position.units.values(), key=lambda u: u.id):
        guard = position.units.get(sw.carrier or "") if sw.has("prisoner") else None
        if guard is not None and guard.hex is not None:  # A20.5: a prisoner is passed like a SW
            others = [u for u in position.units_at(guard.hex)
                      if u.side == guard.side and u.id != guard.id and u.type != au.SW]
            out.extend(t for t in (act.Transfer(sw.id, u.id) for u in others) if t in position.legal_actions)
            continue
        if sw.type != au.SW:
            continue
        candidates: list[act.Action] = [act.Repair(sw.id)]
        owner = position.units.get(sw.carrier) if sw.carrier else None
        here = sw.hex if owner is None else owner.hex
        for unit in position.units_at(here) if here is not None else []:
            if unit.type != au.SW and unit.id != sw.carrier:
                candidates.append(act.Transfer(sw.id, unit.id))
        out.extend(a for a in candidates if a in position.legal_actions)
    return out


PHASE_END_MARKERS = (REPAIRING, REPAIR_TRIED, RECOVERED, RECOVERING)
