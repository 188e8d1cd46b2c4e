"""ASL fire's aftermath (A7.301-A7.305, A10, A15, A17, A19): the decisions an IFT result opens (casualties
named by Random Selection, MCs, PTCs in the order A7.303 gives), and what each answer does: pins, breaks,
ELR replacement, Casualty Reduction, wounds and their severity, leader loss checks, Heat of Battle. The
arithmetic is morale.py's; this module turns it into state changes and further decisions. Other modules
call ``mc(...)`` to open a Morale Check and ``casualty(...)`` for Random Selection.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import Roll
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import commissar, iift, mounted, nations, recnow
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

LEADER = "leader"
FIRE_MARKERS = ("prep_fire", "first_fire", "final_fire", "advancing_fire")
AFTERMATH = frozenset({"mc", "ptc", "casualty", "wound", "hob", "malfunction", "lltc", "sw_kia"})


def _side_nationality(position: Position, side: str) -> str | None:
    for s in position.scenario.sides:
        if s.id == side:
            return s.nationality or None
    return None


def side_number(position: Position, key: str, side: str) -> int | None:
    """A side's ELR (A19.1) or SAN (A14.1) from the scenario's options ({"elr": {"ger": 3}}); None if not
    given."""
    table = position.scenario.options.get(key)
    if table is None:
        return None
    if not isinstance(table, Mapping):
        raise DataError(f"{position.scenario.name}: options.{key} must map each side to a number")
    got = table.get(side)
    if got is not None and not isinstance(got, int):
        raise DataError(f"{position.scenario.name}: options.{key}.{side} must be a whole number")
    if key == "san" and got is not None:  # A14.4: each sniper eliminated lowers it by one; at 1 none is left
        got -= sum(1 for s in getattr(position.state.game, "snipers_lost", ()) if s == side)
        return got if got >= 2 else None
    if key == "elr" and got is not None:  # A16.21: the ELR lost to Integrity Checks, at once (not below 0)
        from hexmate.rules.games.asl import integrity

        got = max(0, got - integrity.elr_lost(position.state, side))
    return got


def mc(position: Position, uid: str, n: int, rule: str, kind: str = "mc") -> Decision:
    """A Morale Check (NMC when n is 0) the unit's owner rolls (A10.1); kind 'lltc' for a Leader Loss TC."""
    unit = position.units[uid]
    if kind == "lltc":
        prompt = T("{unit} takes a Leader Loss Task Check ({n}TC)", unit=uid, n=n)
    elif n:
        prompt = T("{unit} takes a {n}MC", unit=uid, n=n)
    else:
        prompt = T("{unit} takes a NMC", unit=uid)
    return Decision(
        "roll", unit.side, prompt, rule, kind, dice="DR", subject=(uid,),
        target=unit.hex, args=(("drm", str(n)),),
    )


def decisions_for(position: Position, result: str, ids: list[str], column: str = "") -> list[Decision]:
    state = position.state
    side = state.units[ids[0]].side
    if result == "-":
        return []  # A7.306: no effect
    units = [state.units[u] for u in ids]
    if result == "PTC":
        return [
            Decision("roll", side, T("{unit} takes a pin check (NTC)", unit=u.id), "A7.305", "ptc", dice="DR",
                     subject=(u.id,), target=u.hex)
            for u in am.check_order(units)
            # A20.54: a prisoner is pinned only through its guard
            if not u.has("broken") and am.pinnable(u) and not u.has("prisoner")
        ]
    if result.endswith("MC"):
        n = 0 if result == "NMC" else int(result[:-2])
        return [mc(position, u.id, n, "A7.304" if n else "A7.303") for u in am.check_order(units)]
    if result.startswith("K/") or result.endswith("KIA"):
        k = result.startswith("K/")
        n = int(result[2:]) if k else int(result[:-3])
        return [casualty(position, tuple(ids), "K" if k else "KIA", n, column)]
    raise IllegalAction(T("unknown IFT result {result} in the chart pack", result=repr(result)))


def casualty(position: Position, group: tuple[str, ...], effect: str, n: int, column: str = "") -> Decision:
    """Name the unit Random Selection picks (A.9) for a K or KIA result among the targets."""
    side = position.units[group[0]].side
    rule = "A7.302" if effect == "K" else "A7.301"
    hexes = {position.units[u].hex for u in group}
    what = effect if effect == "K" else f"{n}KIA"
    return Decision(
        "units", side,
        T("name the unit Random Selection picks for the {result} result among {units}", result=what,
          units=", ".join(group)),
        rule, "casualty", units=group, subject=group, target=next(iter(hexes)) if len(hexes) == 1 else None,
        args=(("column", column), ("effect", effect), ("n", str(n))),
    )


def _below_attack(state: State, *decisions: Decision) -> State:
    """Open decisions that come after the rest of the attack's results (A10.2: leader loss checks follow the
    attack's resolution): under the run of aftermath decisions on top of the stack."""
    stack = list(state.decisions)
    i = len(stack)
    while i > 0 and stack[i - 1].then in AFTERMATH:
        i -= 1
    new = stack[:i] + list(reversed(decisions)) + stack[i:]
    return state.replace(decisions=tuple(new))


IN_CC = ("melee", "cc")  # A10.2, A11.141: units in CC neither cause nor take a LLMC/LLTC


def _loss_group(position: Position, state: State, leader: UnitState) -> list[UnitState]:
    """A10.2: the units a leader's loss or break may check: his Location's personnel at his level (A2.8), not
    in CC (A11.141) nor prisoners (A20.54); under Defensive First Fire only the stack moving with him."""
    if leader.level is None or any(leader.has(m) for m in IN_CC):
        return []
    moving = position.state.moving
    with_him = moving.units if moving is not None and leader.id in moving.units else None
    return [u for u in state.units.values()
            if u.hex == leader.hex and u.level == leader.level and u.type not in (au.SW, "vehicle", "dummy")
            and not u.has("prisoner") and not any(u.has(m) for m in IN_CC)
            and (with_him is None or u.id in with_him)]


def _leader_lost(position: Position, state: State, leader: UnitState) -> State:
    """A10.2: a leader eliminated: each friendly unit in his Location with lower morale takes a LLMC."""
    others = _loss_group(position, state, leader)
    view = position.at(state)
    was = position.units.get(leader.id, leader)  # aboard what he was (D6.651, D15.55)
    others = mounted.lose_leader_to(view, was, others)  # D6.651: aboard, only his vehicle's units
    checks = [mc(view, uid, n, "A10.2") for uid, n in am.llmc(leader, others, view) if uid in state.units]
    return _below_attack(state, *checks) if checks else state


def _leader_broke(position: Position, state: State, leader: UnitState) -> State:
    """A10.2: a Good Order leader broken: unbroken lower-morale units with him take a LLTC."""
    others = _loss_group(position, state, leader)
    view = position.at(state)
    others = mounted.lose_leader_to(view, leader, others)  # D6.651: aboard, only his vehicle's units
    checks = [mc(view, uid, n, "A10.2", "lltc") for uid, n in am.lltc(leader, others, view)
              if uid in state.units]
    return _below_attack(state, *checks) if checks else state


def _wound_decision(unit: UnitState, rule: str, worse: bool) -> Decision:
    """A17.11: the severity dr of a wound, +1 when the SMC was already wounded (or a hero or berserk leader
    wounded by a Casualty MC, A10.31)."""
    return Decision("roll", unit.side, T("{unit} is wounded: roll the wound severity dr", unit=unit.id), rule,
                    "wound", dice="dr", subject=(unit.id,), target=unit.hex,
                    args=(("worse", "1" if worse else "0"),))


def resume_casualty(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units[answer.units[0]]
    group = tuple(u for u in decision.units if u != unit.id and u in state.units)
    effect, n = decision.arg("effect"), int(decision.arg("n", "1"))
    counters = position.scenario.counters
    if effect == "KIA":
        weapons = au.possessed(state, unit.id)
        state = _drop_possessions(state, unit)
        state = state.without_unit(unit.id)
        lost = [x for x in decision.arg("lost").split(";") if x]
        if unit.type == LEADER and unit.hex is not None:
            lost.append(f"{unit.id}:{unit.side}:{unit.counter.name}:{unit.hex.q},{unit.hex.r}")
        column, sw_drm = decision.arg("column"), decision.arg("sw_drm")
        sw_rolls = recnow.tagged(unit, [sw.id for sw in weapons],  # A4.44 once the A9.74 rolls are done
                                 [_sw_kia_decision(position, sw, column, sw_drm) for sw in weapons])
        if n > 1 and group:
            more = casualty(position.at(state), group, "KIA", n - 1, decision.arg("column"))
            drm = decision.arg("sw_drm")  # A9.74: a tracked AFV's OVR, for every unit its KIA eliminates
            more = more.with_args(lost=";".join(lost), **({"sw_drm": drm} if drm else {}))
            return state.push(*sw_rolls, more)
        for uid in group:  # A7.301: every survivor breaks (one that cannot is Casualty Reduced instead)
            state = _break(counters, state, state.units[uid], "A7.301")
        for entry in lost:  # A10.2: after the attack's eliminations, each lost leader's LLMC
            uid, side, name, at = entry.split(":")
            q, r = (int(v) for v in at.split(","))
            was = position.units.get(uid)  # his level and whether he was in CC (A10.2, A2.8, A11.141)
            gone = UnitState(uid, side, counters[name], Hex(q, r), level=was.level if was else 0,
                             markers=was.markers & frozenset(IN_CC) if was else frozenset())
            state = _leader_lost(position, state, gone)
        return state.push(*sw_rolls)
    before = unit.has("wounded")
    held = [sw.id for sw in au.possessed(state, unit.id)]
    state, reduced = _reduce(counters, state, unit)
    checks = list(group) + ([reduced.id] if reduced is not None and reduced.type not in au.SMC else [])
    view = position.at(state)
    out = state.push(*(mc(view, u.id, n, decision.rule)
                       for u in am.check_order(state.units[c] for c in checks if c in state.units)))
    if reduced is None:  # A7.302: a HS or crew eliminated; its SW take no A9.74 roll (no KIA): A4.44 at once
        return recnow.lost(position.at(out), unit, held)
    if reduced.type in au.SMC:  # A17.11: the wound's severity at once
        out = out.push(_wound_decision(reduced, "A17.11", before))
    return out


def column_of(resolution: Resolution | None) -> str:
    """The IFT column an attack was read on, from its resolution's lines ('' if none)."""
    for line in resolution.lines if resolution is not None else ():
        facts = getattr(line.value, "facts", {})
        if "column" in facts:
            return str(facts["column"])
    return ""


def _sw_kia_decision(position: Position, sw: UnitState, column: str, drm: str = "") -> Decision:
    """A9.74: each SW of a unit eliminated by a KIA takes a dr on the attack's IFT column (``drm``: -1 after a
    fully tracked AFV's OVR, swrandom.py)."""
    prompt = T("{sw}'s possessor was killed: roll a dr on the same IFT column", sw=sw.id)
    return Decision("roll", sw.side, prompt, "A9.74", "sw_kia", dice="dr", subject=(sw.id,), target=sw.hex,
                    args=(("column", column), *((("drm", drm),) if drm else ())))


def resume_sw_kia(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.74: the dr read as a final DR on the attack's column: KIA destroys the SW, K malfunctions it (or
    destroys it if already malfunctioned or it has an X#). After the last of a unit's, A4.44's window for
    what is left (recnow.rolled)."""
    state = _sw_kia(position, decision, answer)
    return recnow.rolled(position.at(state), decision)


def _sw_kia(position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    sw = state.units.get(decision.subject[0])
    column = decision.arg("column")
    if sw is None or not column:
        return state
    final = max(0, (answer.dice or (0,))[0] + int(decision.arg("drm") or 0))  # A9.74: a tracked OVR's -1
    result = iift.lookup(position, column, final)  # A7.37: the IIFT's column when it is in use
    if result.endswith("KIA"):
        return state.without_unit(sw.id)
    if result.startswith("K/"):
        if sw.has("malfunctioned") or "x" in sw.values:
            return state.without_unit(sw.id)
        return state.with_unit(sw.mark("malfunctioned"))
    return state


def _drop_possessions(state: State, unit: UnitState) -> State:
    """A unit gone leaves its SW unpossessed in its Location (A4.43)."""
    for sw in au.possessed(state, unit.id):
        state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=unit.hex, level=unit.level))
    return state


def _reduce(
    counters: Mapping[str, CounterType], state: State, unit: UnitState
) -> tuple[State, UnitState | None]:
    """Casualty Reduction (A7.302): a squad becomes its HS, a HS or crew is eliminated, an SMC is wounded
    (the severity dr follows, A17.11; a hero shows his wounded side, A15.2)."""
    if unit.type in au.SMC:
        wounded = unit.mark("wounded").revealed()  # A12.14: a wounded unit loses its "?" wherever it is
        side_name = unit.values.get("wounded_as")
        if unit.type == "hero" and isinstance(side_name, str) and side_name in counters:
            wounded = wounded.as_counter(counters[side_name])
        return state.with_unit(wounded), wounded
    to = unit.values.get("reduces_to")
    if unit.type == "squad" and isinstance(to, str) and to in counters:
        half = unit.as_counter(counters[to]).revealed()
        return state.with_unit(half), half
    state = _drop_possessions(state, unit)
    return state.without_unit(unit.id), None


def _break(counters: Mapping[str, CounterType], state: State, unit: UnitState, rule: str = "A17.11") -> State:
    """A unit breaks (A10.3, marked DM as newly broken, A10.62); one that cannot (already broken, berserk, a
    hero: A7.301, A15.42, A15.2) is Casualty Reduced instead. An SMC so reduced is wounded and rolls the
    severity dr at once, +1 if he was wounded already (A7.302, A17.11): an already wounded hero is not
    eliminated outright here, as he is only when he fails an MC (A15.2, which morale.morale_check gives)."""
    if unit.has("broken") or unit.has("berserk") or au.is_hero(unit):  # A15.2: a hero never breaks
        worse = unit.has("wounded")
        state, reduced = _reduce(counters, state, unit)
        if reduced is not None and reduced.type in au.SMC:
            state = state.push(_wound_decision(reduced, rule, worse))
        return state
    return state.with_unit(unit.revealed().mark("broken", "dm", remove=("pinned", "cx")))


def _helpers(position: Position, state: State, unit: UnitState) -> list[UnitState]:
    """Leaders who may help this unit's check: A10.22, a moving unit under First Fire only by leaders moving
    with it."""
    moving = position.state.moving
    group = [u for u in state.units.values() if u.type == LEADER]
    if moving is not None and unit.id in moving.units:
        group = [u for u in group if u.id in moving.units]
    view = position.at(state)
    return [u for u in group if mounted.may_help(view, u, unit)]  # D6.651: leaders and units aboard


def _replace(counters: Mapping[str, CounterType], state: State, unit: UnitState,
             repl: au.Replacement) -> tuple[State, UnitState]:
    """A19.13: put the lower-quality unit(s) in its place (a second HS gets the id '<id>/2')."""
    if repl.disrupt or not repl.to:
        unit = unit.mark("disrupted")
        return state.with_unit(unit), unit
    first = unit.as_counter(counters[repl.to[0]])
    state = state.with_unit(first)
    for i, name in enumerate(repl.to[1:], start=2):
        extra = dataclasses.replace(first.as_counter(counters[name]), id=f"{unit.id}/{i}")
        state = state.with_unit(extra)
    return state, first


def resume_mc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """An MC is rolled (A10.1): passed, pinned (A7.8), broken (A10.3; ELR replacement A19.13, leader loss
    A10.2), Casualty MC (A10.31), wounds (A17) and the Heat of Battle DR on an Original 2 (A15.1)."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:  # eliminated meanwhile (a later KIA)
        return state
    counters = position.scenario.counters
    dice = answer.dice or ()
    lead = am.leader_drm_for(unit, _helpers(position, state, unit), position)
    if decision.rule == "A10.2":
        lead = 0  # A10.21: a LLMC takes the lost leader's reversed modifier only, no other leader's
    elr = nations.elr(position, unit)  # A25.12, A25.24, A25.31, A25.42: a fixed ELR
    elr = elr if elr is not None else side_number(position, "elr", unit.side)
    if elr is not None and position.enemy_of(unit.side) in getattr(position.state.game, "massacred", ()):
        elr = min(6, elr + 1)  # A20.4: the enemy massacred prisoners: ELR one higher, once, at most 6
    res = am.morale_check(unit, (dice[0], dice[1]), n=int(decision.arg("drm", "0")), drm=lead, elr=elr,
                          ift=decision.rule.startswith("A7"), counters=counters,
                          bonus=commissar.bonus(state.units.values(), unit),  # A25.221
                          ssr_elr=nations.ssr_elr(position, unit))  # A19.132
    return apply_morale(position, state, unit, res)


def apply_morale(position: Position, state: State, unit: UnitState, res: am.MoraleResult) -> State:
    from hexmate.rules.games.asl import prisoners as asl_prisoners

    counters = position.scenario.counters
    out = asl_prisoners.morale_outcome(unit, res.outcome)  # A20.54: prisoners and unarmed units do not break
    was_good = not unit.has("broken")
    was_wounded = unit.has("wounded")
    wound: Decision | None = None
    if out == "pin":
        state = state.with_unit(unit.mark("pinned"))
        state = asl_prisoners.pin_with_guard(position, state, unit)  # A20.54: its prisoners with it
    elif out in ("break", "casualty"):
        repl = res.replaced
        if repl is not None and not (repl.disrupt and nations.never_disrupted(position, unit)):  # A19.12
            state, unit = _replace(counters, state, unit, repl)
        # A10.31: Casualty Reduction, then it breaks; A19.13: a squad's Replacement is already its HS
        if out == "casualty" and not (repl is not None and repl.reduced):
            weapons = [w.id for w in au.possessed(state, unit.id)]
            state, reduced = _reduce(counters, state, unit)
            if reduced is None:
                return recnow.offer(position.at(state), unit, weapons)  # A4.44: an SMC may try at once
            if reduced.type in au.SMC:
                wound = _wound_decision(reduced, "A10.31", was_wounded)
            unit = reduced
        weapons = [w.id for w in au.possessed(state, unit.id)]
        state = _break(counters, state, state.units[unit.id])
        now = state.units.get(unit.id)
        if now is None:  # A10.31: a unit that cannot break (berserk) is eliminated; A4.44 at once
            return recnow.offer(position.at(state), unit, weapons)
        if unit.type == LEADER and was_good and now.has("broken"):  # A17.3: a hero's wound makes no LLTC
            state = _leader_broke(position, state, now)
    elif out == "reduce":
        weapons = [w.id for w in au.possessed(state, unit.id)]
        state, reduced = _reduce(counters, state, unit)
        if reduced is None:
            state = recnow.offer(position.at(state), unit, weapons)  # A4.44: an SMC may try at once
        if reduced is not None and reduced.type in au.SMC:
            wound = _wound_decision(reduced, "A17.11", was_wounded)
    elif out == "eliminated":
        weapons = [w.id for w in au.possessed(state, unit.id)]
        state = _drop_possessions(state, unit).without_unit(unit.id)
        if unit.type == LEADER:
            state = _leader_lost(position, state, unit)
        return recnow.offer(position.at(state), unit, weapons)  # A4.44: an SMC may try at once
    elif out == "wound":
        state, wounded = _reduce(counters, state, unit)
        if wounded is not None:
            wound = _wound_decision(wounded, "A17.11", was_wounded or res.worse)
    if wound is not None:
        state = state.push(wound)
    if res.hob and unit.id in state.units and not hob_exempt_at(position, unit):
        return state.push(hob_decision(unit))
    return state


def hob_exempt_at(position: Position, unit: UnitState) -> bool:
    """A15.1: no Heat of Battle for the units morale.hob_exempt names, nor for PRC (aboard a vehicle)."""
    return am.hob_exempt(unit) or mounted.carrier_of(position, unit) is not None


def hob_decision(unit: UnitState, *, was_broken: bool = False) -> Decision:
    """A15.1: the Heat of Battle DR after an Original 2 on an MC or a (not self-) rally; ``was_broken``: it
    rallied on that 2, and its HoB DR still takes the broken unit's +1."""
    return Decision(
        "roll", unit.side, T("{unit} rolled an Original 2: roll for Heat of Battle", unit=unit.id),
        "A15.1", "hob", dice="DR", subject=(unit.id,), target=unit.hex,
        args=(("was_broken", "1"),) if was_broken else ())


def resume_lltc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A10.2 LLTC: a failure pins instead of breaking."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None or unit.has("broken"):
        return state
    dice = answer.dice or ()
    lead = 0  # A10.21: a LLTC takes the broken leader's reversed modifier only, no other leader's
    if not am.task_check(unit, (dice[0], dice[1]), n=int(decision.arg("drm", "0")), drm=lead,
                         bonus=commissar.bonus(state.units.values(), unit)):  # A25.221
        state = state.with_unit(unit.mark("pinned"))
    return state


def resume_ptc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    dice = answer.dice or ()
    lead = am.leader_drm_for(unit, _helpers(position, state, unit), position)
    res = am.pin_task_check(unit, (dice[0], dice[1]), drm=lead,
                            bonus=commissar.bonus(state.units.values(), unit))  # A25.221
    if res.outcome == "pin":
        state = state.with_unit(unit.mark("pinned"))  # A7.305
        from hexmate.rules.games.asl import prisoners as asl_prisoners

        state = asl_prisoners.pin_with_guard(position, state, unit)  # A20.54: its prisoners with it
    return state


def resume_wound(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A17.11: the wound severity dr (+1 if already wounded before this wound): 5 or more kills the SMC."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    dr = (answer.dice or (0,))[0]
    if am.wound_severity(dr, decision.arg("worse") == "1") == "kia":
        held = [sw.id for sw in au.possessed(state, unit.id)]
        state = _drop_possessions(state, unit).without_unit(unit.id)
        if unit.type == LEADER and decision.arg("cc") != "1":  # A11.141: no LLMC for units in CC
            state = _leader_lost(position, state, unit)
        if decision.arg("cc") == "1":
            from hexmate.rules.games.asl import cc

            state = cc.lost(game, state, unit, held)  # A4.44 once the Location's CC is over
            if decision.arg("kill"):  # A11.13: killed by a CC DR's coloured 1
                kill = int(decision.arg("kill"))
                state = state.push(*(cc.sw_loss_roll(position, state.units[sw], unit, kill)
                                     for sw in held if sw in state.units))
            return state
        return recnow.lost(position.at(state), unit, held)  # A4.44: an SMC may try at once
    return _wounded_on_the_move(game, position, state, unit)


WOUND_PIN_MF = 4  # A17.2: the MF an SMC had spent when wounded that pins it


def _wounded_on_the_move(game: AslGame, position: Position, state: State, unit: UnitState) -> State:
    """A17.2 (A15.22): a Good Order or berserk SMC wounded during its move (Defensive First Fire) after
    spending 4 MF or more is pinned, a hero too (A15.2 names this exception to his never being pinned)."""
    from hexmate.rules.games.asl import berserk as asl_berserk

    moving = position.state.moving
    now = state.units.get(unit.id)
    if (now is None or moving is None or unit.id not in moving.units or position.phase.id != "MPh"
            or (now.has("broken") and not now.has("berserk"))):
        return state
    if asl_berserk.spent_so_far(game, position, moving) < WOUND_PIN_MF:
        return state
    return state.with_unit(now.mark("pinned"))


def _known_enemy_in_los(position: Position, unit: UnitState) -> bool:
    if unit.hex is None:
        return False
    for enemy in position.units.values():
        if enemy.side == unit.side or enemy.hex is None or enemy.concealed or enemy.type == au.SW:
            continue
        if enemy.hex == unit.hex or not asl_terrain.line_of_sight(position, enemy.hex, unit.hex).blocked:
            return True
    return False


BH_THEN = "hob_bh"
BH_ACCEPT, BH_REFUSE = "accept", "refuse"


def ask_bh(position: Position, decision: Decision, state: State) -> State:
    """A15.3: Battle Hardening may be refused. After the HoB DR of ``decision`` (``position`` before it), a
    unit it hardened (a better counter, or Fanatic) is asked whether its owner keeps that."""
    uid = decision.subject[0] if decision.subject else ""
    before, after = position.units.get(uid), state.units.get(uid)
    if before is None or after is None:
        return state
    better, fanatic, _ = nations.battle_hardening(position, before, position.scenario.counters)
    changed = (better is not None and after.name == better and before.name != better) or (
        fanatic and after.has("fanatic") and not before.has("fanatic"))
    if not changed:
        return state
    ask = T("{unit}: Battle Hardening, it becomes {to}: accept, or refuse (A15.3)", unit=uid,
            to=better if better is not None else T("Fanatic"))
    was = (("was", before.name), ("marks", ",".join(sorted(before.markers))))
    return state.push(Decision("confirm", after.side, ask, "A15.3", BH_THEN, choices=(BH_ACCEPT, BH_REFUSE),
                               subject=(uid,), target=after.hex, args=was))


def resume_hob_bh(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A15.3: accepted, the hardened unit stays; refused, it is its old counter again with its old state
    (broken, pinned, DM; not Fanatic), save what the same DR's other result gave it (a leader turned heroic
    has rallied, A15.21)."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    was = decision.arg("was")
    if unit is None or answer.choice != BH_REFUSE or was not in position.scenario.counters:
        return state
    marks = set(decision.arg("marks").split(",")) - {""}
    back = unit.as_counter(position.scenario.counters[was])
    if "fanatic" not in marks:
        back = back.mark(remove=("fanatic",))
    if not (back.has("heroic") and "heroic" not in marks):
        back = back.mark(*(m for m in ("broken", "pinned", "dm") if m in marks))
    return state.with_unit(back)


def resume_hob(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A15.1: the Heat of Battle DR and its results: a hero appears (A15.21, if the scenario has a hero
    counter), Battle Hardening (A15.3: a better unit, not broken or pinned, or Fanatic), Berserk (A15.4:
    rallied, morale 10) or Surrender (A15.5: broken and Disrupted)."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    dice = answer.dice or ()
    enemy_nat = _side_nationality(position, position.enemy_of(unit.side))
    seen = _known_enemy_in_los(position, unit)
    rolled = unit.mark("broken") if decision.arg("was_broken") == "1" else unit  # A15.1: +1 though rallied
    own = _side_nationality(position, unit.side)
    refused = position.enemy_of(unit.side) in getattr(state.game, "no_quarter", ())  # A20.3, A15.5
    got, _ = am.heat_of_battle(rolled, (dice[0], dice[1]), known_enemy_in_los=seen,
                               enemy_nationality=enemy_nat, default_nationality=own, no_quarter=refused)
    counters = position.scenario.counters
    if "hero" in got and unit.type == LEADER:  # A15.21: the leader himself becomes heroic, and rallies
        unit = unit.mark("heroic", remove=("broken", "pinned", "dm"))
        state = state.with_unit(unit)
    elif "hero" in got:
        hero = next((c for c in counters.values() if c.type == "hero" and not c.values.get("wounded")), None)
        if hero is not None and unit.hex is not None:
            n = sum(1 for u in state.units if u.startswith(f"{unit.side}-hero"))
            new = UnitState(f"{unit.side}-hero{n + 1}", unit.side, hero, unit.hex,
                            markers=unit.markers & frozenset(FIRE_MARKERS))
            from hexmate.rules.games.asl import leaders

            state = state.with_unit(leaders.inherit(unit, new))  # A10.8: a fanatic MMC's hero is fanatic
    if "bh" in got:
        better, fanatic, _ = nations.battle_hardening(position, unit, counters)  # A15.3, A25.211, A25.72
        hardened = unit.mark(remove=("broken", "pinned", "dm"))
        if better is not None:
            hardened = hardened.as_counter(counters[better])
        if fanatic:
            hardened = hardened.mark("fanatic")
        state = state.with_unit(hardened)
    if "berserk" in got:
        # A15.42: it also loses CX, TI and concealment at once
        gone = ("broken", "pinned", "dm", "cx", "ti")
        state = state.with_unit(unit.mark("berserk", remove=gone).revealed())
        if commissar.is_commissar(unit):  # A25.223: his Location's infantry goes berserk with him, no NTC
            state = commissar.spread_berserk(state, state.units[unit.id])
        elif unit.type == LEADER:  # A15.41: the units of his Location test to follow him
            from hexmate.rules.games.asl import berserk as asl_berserk

            state = asl_berserk.leader_tc(position, state, state.units[unit.id])
    if "surrender" in got:
        state = state.with_unit(unit.mark("broken", "disrupted", remove=("pinned",)))
    return state




# --- snipers (A14) ---


def sniper_decision(position: Position, side: str, san: int) -> Decision:
    """A14.1: the enemy's sniper is activated; its owner rolls the sniper dr (a 1 or 2 attacks, A14.3)."""
    return Decision("roll", side, T("{side}'s sniper is activated (SAN {san}): roll the sniper dr", side=side,
                                    san=san), "A14.1", "sniper", dice="dr", args=(("san", str(san)),))


def resume_sniper(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A14.3: on a sniper dr of 1 or 2 the sniper attacks: A14.2's placement (done with the sniper counter at
    the table) picks the Location and Random Selection the unit there, which its owner names here."""
    state = position.state
    dr = (answer.dice or (0,))[0]
    if dr not in (1, 2):
        return state
    from hexmate.rules.games.asl import sniper as asl_sniper

    targets = tuple(sorted(u.id for u in state.units.values() if asl_sniper.targetable(u, decision.side)))
    enemy = position.enemy_of(decision.side)
    words = (asl_sniper.AIM_SNIPER,) if side_number(position, "san", enemy) is not None else ()  # A14.31
    if any(asl_sniper.bare_vehicle(state.units[t]) for t in targets):
        words = (*words, asl_sniper.AIM_VEHICLE)  # A14.33: at an unarmored vehicle itself
    words = (*words, asl_sniper.RELOCATE)  # A14.2: or give the attack up to move the counter
    if not targets and not words:
        return state
    return state.push(Decision(
        "units", decision.side,
        T("sniper dr {dr}: place the sniper counter (A14.2) and name the unit it attacks (A14.22), or sniper "
          "to attack the enemy sniper (A14.31), or relocate to move the counter instead (A14.2)", dr=dr),
        "A14.3", "sniper_target", units=targets, choices=words, args=(("dr", str(dr)),)))


def resume_sniper_target(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A14.3: the sniper's effect on the unit named, and every broken enemy unit in its Location is DM."""
    state = position.state
    unit = state.units[answer.units[0]]
    effect = am.sniper_effect(unit, int(decision.arg("dr", "0")))
    counters = position.scenario.counters
    if unit.type == "dummy":  # A14.3: a dummy stack struck by a 1 or a 2 is eliminated
        from hexmate.rules.games.asl import sniper as asl_sniper

        return asl_sniper.dummies_hit(state, unit)
    held = [sw.id for sw in au.possessed(state, unit.id)]
    gone = False
    if effect == "eliminated":
        state = _drop_possessions(state, unit).without_unit(unit.id)
        gone = True
        if unit.type == LEADER:
            state = _leader_lost(position, state, unit)
    elif effect == "broken":
        state = _break(counters, state, unit)
        if unit.type == LEADER:
            state = _leader_broke(position, state, state.units[unit.id])
    elif effect == "reduced":
        state, half = _reduce(counters, state, unit)
        gone = half is None
    elif effect == "pinned":
        state = state.with_unit(unit.mark("pinned"))
    elif effect == "wounded":
        worse = unit.has("wounded")
        state, wounded = _reduce(counters, state, unit)
        if wounded is not None:
            state = state.push(_wound_decision(wounded, "A14.3", worse))
    for other in list(state.units.values()):
        if other.hex == unit.hex and other.side == unit.side and other.has("broken"):
            state = state.with_unit(other.mark("dm"))
    return recnow.lost(position.at(state), unit, held) if gone else state  # A4.44: an SMC may try at once


# --- after the IFT DR: the firers' own checks and weapons (A8.31, A9.7, A10.62) ---


def fpf_self_check(position: Position, state: State, units: Sequence[UnitState], roll: Roll) -> State:
    """A8.31: straight after a FPF attack its Original DR, modified by leadership only (a leader never by his
    own), is a NMC for every FPF firer and the leader directing it."""
    dice = (roll.white, roll.coloured)
    for unit in am.check_order(units):
        now = state.units.get(unit.id)
        if now is None or now.has("broken"):
            continue
        helpers = [u for u in state.units.values() if u.type == LEADER and u.id in {f.id for f in units}]
        res = am.morale_check(now, dice, drm=am.leader_drm_for(now, helpers, position), ift=True,
                              counters=position.scenario.counters,
                              bonus=commissar.bonus(state.units.values(), now))  # A25.221
        state = apply_morale(position, state, now, res)
    return state


def _could_nmc(position: Position, resolution: Resolution, original: int, shown_shift: int,
               cowering: int) -> bool:
    """A10.62: could this attack (its column and DRM) have given at least an NMC with some DR, Cowering
    counted? Read from the resolution's IFT lines (the column before Cowering is the one shown plus the
    shift when it cowered)."""
    chart = position.charts.chart("ift")
    axis = chart.axis("fp")
    for line in resolution.lines:
        facts = getattr(line.value, "facts", {})
        if "column" in facts and "final" in facts and line.rule == "A7.37":  # an IIFT attack
            return iift.could_give_nmc(position, iift.parse(str(facts["fp"])), int(facts["final"]) - original,
                                       cowering)
        if "column" in facts and "final" in facts:
            try:
                col = axis.index_of_key(facts["column"])
            except (KeyError, ValueError, DataError):
                continue
            return am.could_give_nmc(chart, col + shown_shift, int(facts["final"]) - original, cowering)
    return False


def _weapon_fate(state: State, sid: str, fate: str) -> State:
    sw = state.units.get(sid)
    if sw is None:
        return state
    if fate == "x":
        return state.without_unit(sid)  # A9.7: at or above X# the SW is removed
    return state.with_unit(sw.mark("malfunctioned"))  # A9.7: flipped to its malfunctioned side


def resume_malfunction(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.71: the SW Random Selection picked suffer their breakdown (one, or more when its dr ties)."""
    state = position.state
    for sid in answer.units:
        state = _weapon_fate(state, sid, decision.arg(sid, "b"))
    return state
