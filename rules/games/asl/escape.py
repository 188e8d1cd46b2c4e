"""Prisoners' escape at the table (A20.55) and their rearming (A20.551).

At the start of the CCPh, in a Location where prisoners' guard is broken (or where they are already in Melee
with him), the prisoners' owner answers ``escape`` or ``none``. Out of Melee each prisoner first passes a NTC
(A20.55); those that pass, or all of them in Melee, attack the guard in Close Combat, first (A11.33), with
their Unarmed FP of 1 each (A20.5) against his CC FP, -2 against a broken guard (A11.16). Below the Kill
Number the guard is eliminated, at it he is Casualty Reduced. Then the enemy units still in the Location
that may attack (not broken, A11.16; the guard too if he is Good Order) strike back at the escaping
prisoners, one attack at their FP against the prisoners' (1) each: below the Kill Number the escaping
prisoners are eliminated, at it one of them (Random Selection) is Casualty Reduced (A20.55). With no enemy
left the escape succeeds: they are prisoners no more, and one of them rearms as a Green or Conscript unit of
its size and nationality if the guard it eliminated was at least its size (A20.551). Otherwise they stay
prisoners and the Location is in Melee (all its units, as the text's example has it), where the next CCPh's
attempt needs no NTC; prisoners that took no part in the attack are otherwise unaffected. The prisoners
may instead answer ``together`` to attack the guard and the other enemy units with him in one attack
(A20.55). An escape also succeeds by Withdrawal from that Melee (A11.2) or by Infiltration (A11.22):
``escapewd.py``. The guard's side's own units withdrawing from that Melee (A11.2; never the guard, A20.53)
are ``guardwd.py``'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import nations, prisoners
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame



def _guards(position: Position) -> list[UnitState]:
    out = []
    for guard in sorted(position.units.values(), key=lambda u: u.id):
        held = prisoners.prisoners_of(position, guard.id)
        if not held or guard.hex is None:
            continue
        free = any(not nations.escape_barred(position, p) for p in held)  # A20.55, A25.82
        if (guard.has("broken") or guard.has("melee")) and free:  # A20.55
            out.append(guard)
    return out


def offer(game: AslGame, position: Position, state: State) -> State:
    """The escape questions of the CCPh (A20.55), answered before its Close Combats."""
    from hexmate.rules.games.asl import guardwd

    view = position.at(state)
    asks = []
    escaping = _guards(view)
    for guard in sorted(position.units.values(), key=lambda u: u.id):  # A11.2: the guard's side in a Melee
        if guard not in escaping and guard.has("melee") and prisoners.prisoners_of(view, guard.id):
            state, question = guardwd.ask(view.at(state), guard, then="place")  # no escape: no attack comes
            asks += [question] if question is not None else []
    for guard in escaping:
        held = tuple(p.id for p in prisoners.prisoners_of(view, guard.id)
                     if not nations.escape_barred(view, p))
        if guard.side == view.phasing:  # A11.2: the ATTACKER declares its withdrawals first
            state, question = guardwd.ask(view.at(state), guard)
            asks += [question] if question is not None else []
        asks.append(Decision(
            "confirm", view.enemy_of(guard.side),
            T("{units} may try to escape from {guard}: escape, or none", units=", ".join(held),
              guard=guard.id),
            "A20.55", "escape", choices=("escape", "none"), subject=held, target=guard.hex,
            args=(("guard", guard.id),)))
    return state.push(*asks)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl import guardwd

    guard = position.units[decision.arg("guard")]
    if answer.choice != "escape":  # A11.2: the guard's side's withdrawers, unattacked, leave
        if not guard.has("melee"):
            return position.state
        if guard.side == position.phasing:
            return guardwd.place(position, guard.hex, guard.side) if guard.hex is not None else position.state
        state, question = guardwd.ask(position, guard, then="place")
        if question is not None:
            return state.push(question)
        return guardwd.place(position.at(state), guard.hex, guard.side) if guard.hex is not None else state
    if guard.has("melee"):  # A20.55: in Melee no NTC is needed; A11.2: who withdraws is declared first
        from hexmate.rules.games.asl import escapewd

        ask = escapewd.ask_withdraw(position, decision.subject, guard)
        if ask is not None:
            return position.state.push(ask)
        return guardwd.before_attack(position, _attack_roll(position.state, decision.subject, guard), guard)
    n = len(decision.subject)
    return position.state.push(*(Decision(
        "roll", position.units[p].side, T("{unit} takes its NTC to escape", unit=p), "A20.55", "escape_ntc",
        dice="DR", subject=(p,), target=guard.hex, args=(("guard", guard.id), ("last", str(int(i == n - 1)))))
        for i, p in enumerate(decision.subject)))


def resume_ntc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.55: the NTC of one prisoner; after the last, those that passed attack."""
    state = position.state
    unit = state.units[decision.subject[0]]
    dice = answer.dice or (0, 0)
    if am.task_check(unit, (dice[0], dice[1])):
        state = state.with_unit(unit.mark("escaping"))
    if decision.arg("last") != "1":
        return state
    guard = state.units.get(decision.arg("guard"))
    going = tuple(sorted(u.id for u in state.units.values() if u.has("escaping")))
    if guard is None or not going:
        return _clear(state)
    return _attack_roll(state, going, guard)


def _attack_roll(state: State, going: tuple[str, ...], guard: UnitState,
                 more: tuple[tuple[str, str], ...] = ()) -> State:
    side = state.units[going[0]].side
    for uid in going:
        state = state.with_unit(state.units[uid].mark("escaping"))
    others = _others(state, guard)
    return state.push(Decision(
        "roll", side,
        T("{units} attack {guard} to escape: roll the CC DR", units=", ".join(going), guard=guard.id),
        "A20.55", "escape_cc", dice="DR", subject=going, target=guard.hex, args=(("guard", guard.id), *more),
        choices=(TOGETHER,) if others else ()))  # A20.55: or the guard and the others in one attack


TOGETHER = "together"


def _others(state: State, guard: UnitState) -> list[UnitState]:
    """The guard's side's other units in his Location that a CC attack may take with him (A20.55)."""
    return sorted((u for u in state.units.values() if u.hex == guard.hex and u.side == guard.side
                   and u.id != guard.id and u.type in prisoners.INFANTRY and not prisoners.is_prisoner(u)),
                  key=lambda u: u.id)


def declare_together(position: Position, decision: Decision) -> State:
    """A20.55: the prisoners attack their guard and the other enemy units there in one attack."""
    prompt = T("{units} attack {guard} and the units with him to escape: roll the CC DR",
               units=", ".join(decision.subject), guard=decision.arg("guard"))
    again = dataclasses.replace(decision, choices=(), args=(*decision.args, ("all", "1")), prompt=prompt)
    return position.state.push(again)


def _clear(state: State) -> State:
    for unit in list(state.units.values()):
        if unit.has("escaping"):
            state = state.with_unit(unit.mark(remove=("escaping",)))
    return state


def _rearmed(position: Position, unit: UnitState) -> CounterType | None:
    """A20.551: a Green or Conscript unit of its size and nationality (scenario counters, else the demo
    catalogue's); only a Conscript one for a nationality whose ``rearm_classes`` say so (A25.72: Finns)."""
    nat = prisoners._nationality(position, unit)
    classes = au.nationality(nat).classes("rearm_classes") or frozenset({"green", "conscript"})
    pool = {**{n: c for n, c in position.scenario.counters.items()},
            **{n: CounterType(n, str(v["type"]), {k: x for k, x in v.items() if k != "type"})
               for n, v in au.demo_catalogue().items() if n not in position.scenario.counters}}
    for name in sorted(pool):
        c = pool[name]
        if c.type == unit.type and c.values.get("nationality") == nat and c.values.get("class") in classes:
            return c
    return None


def resume_cc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.55: the escaping prisoners' CC attack on their guard (and, answered ``together``, the other enemy
    units with him), and what follows."""
    from hexmate.rules.games.asl import cc as asl_cc
    from hexmate.rules.games.asl import guardwd
    from hexmate.rules.games.asl.aftermath import _drop_possessions, _reduce

    if answer.choice == TOGETHER:
        return declare_together(position, decision)
    state = position.state
    guard = state.units[decision.arg("guard")]
    targets = [guard, *(_others(state, guard) if decision.arg("all") == "1" else [])]
    going = [state.units[u] for u in decision.subject if u in state.units]
    roll = ASL_DR.from_values(answer.dice or ())
    attack = Fraction(len(going))  # A20.5: an Unarmed unit's FP is (1)
    defence = Fraction(sum(asl_cc.cc_fp(u) for u in targets))
    chart = position.charts.chart("cct")
    column = asl_cc.odds_column(chart.axis("odds").keys, asl_cc.odds(attack, defence))
    kill = int(chart.lookup(odds=column)) if column else 0
    lines = [Line(T("odds"), f"{attack}:{defence}", "A11.11"),
             Line(T("Kill Number"), str(kill), "A11.11")]
    results: dict[str, str] = {}
    for unit in targets:
        drm = -2 if unit.has("broken") else 0  # A11.16
        if drm:
            lines.append(Line(T("{unit} is broken", unit=unit.id), "-2", "A11.16"))
        if unit.has(guardwd.WITHDRAWING):  # A11.2: its own DRM in an attack on it with others
            wd = guardwd.attack_drm(position, unit)
            drm += wd
            lines.append(Line(T("{unit} withdrawing", unit=unit.id), f"{wd:+d}", "A11.2"))
        final = roll.total + drm
        results[unit.id] = "KIA" if final < kill else "CR" if final == kill else "-"
        lines.append(Line(T("Final DR against {unit}", unit=unit.id), f"{final}: {results[unit.id]}",
                          "A20.55"))
    gone: list[tuple[UnitState, list[str]]] = []  # A4.44: the units the prisoners eliminate, their SW
    for unit in targets:
        if results[unit.id] == "KIA":
            gone.append((unit, [sw.id for sw in au.possessed(state, unit.id)]))
            state = _drop_possessions(state, unit).without_unit(unit.id)
    reduced = [u for u in targets if results[u.id] == "CR"]
    if len(reduced) == 1:
        held = [sw.id for sw in au.possessed(state, reduced[0].id)]
        state, half = _reduce(position.scenario.counters, state, reduced[0])
        gone += [(reduced[0], held)] if half is None else []
        state = guardwd.reduced(state, reduced[0].id)  # A11.2: reduced, it has not withdrawn
    result = results[guard.id]
    summary = T("escape from {guard}: final DR {final}: {result}", guard=guard.id,
                final=roll.total - (2 if guard.has("broken") else 0), result=result)
    assert decision.target is not None
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    state = state.replace(resolution=Resolution(fire, "cct", position.charts.label, position.charts.demo,
                                                tuple(lines), results, summary))
    args = (*((k, v) for k, v in decision.args if k in ("withdraw",)), ("guard", guard.id),
            ("guard_us", str(au.us_number(guard))), ("killed", "1" if result == "KIA" else "0"),
            ("orig", str(roll.total)))
    if len(reduced) > 1:  # A11.11: Random Selection names the one reduced, then the reply
        return state.push(Decision(
            "units", guard.side,
            T("Random Selection: name the unit of {units} that is Casualty Reduced",
              units=", ".join(u.id for u in reduced)),
            "A11.11", "escape_pick", units=tuple(u.id for u in reduced), subject=decision.subject,
            target=decision.target, args=args))
    state = _after_attack(position.at(state), decision.target, guard.side, decision.subject, dict(args))
    return _lost(position.at(state), gone)


def _lost(position: Position, gone: list[tuple[UnitState, list[str]]]) -> State:
    """A4.44: the SW of the guard's side's units the escapers eliminated lie unpossessed in the Location
    (A11.13); a friendly SMC there may try at once, before the reply (the Unarmed prisoners bar no one; an
    SMC already in Melee there may not, recnow.able). The prisoners the reply eliminates left their SW when
    they surrendered (A20.24): none to offer."""
    from hexmate.rules.games.asl import recnow

    state = position.state
    for unit, held in reversed(gone):
        state = recnow.lost(position.at(state), unit, held)
    return state


def resume_pick(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl import guardwd
    from hexmate.rules.games.asl.aftermath import _reduce

    unit = position.units[answer.units[0]]
    held = [sw.id for sw in au.possessed(position.state, unit.id)]
    state, half = _reduce(position.scenario.counters, position.state, unit)
    state = guardwd.reduced(state, answer.units[0])  # A11.2: reduced, it has not withdrawn
    assert decision.target is not None
    side = position.enemy_of(position.units[decision.subject[0]].side)
    state = _after_attack(position.at(state), decision.target, side, decision.subject, decision.argmap)
    return _lost(position.at(state), [(unit, held)] if half is None else [])


def _after_attack(position: Position, h: Hex, side: str, subject: tuple[str, ...],
                  args: Mapping[str, str]) -> State:
    """After the prisoners' attack: an Original 2 lets them leave at once (A11.22); else the reply."""
    from hexmate.rules.games.asl import escapewd

    args = {**args, "going": ",".join(subject)}
    ask = escapewd.infiltration(position, h, subject, args, stage="attack")
    if ask is not None:
        return position.state.push(ask)
    return reply_or_outcome(position, h, side, subject, args)


def reply_or_outcome(position: Position, h: Hex, side: str, subject: tuple[str, ...],
                     args: Mapping[str, str]) -> State:
    """A20.55: the surviving enemy units there strike back at the escaping prisoners (those that attacked and
    did not infiltrate away, and those withdrawing, A11.2); else the outcome."""
    from hexmate.rules.games.asl import escapewd

    state = position.state
    leaving = set(escapewd.ids(args, "leave"))
    going = [u for u in subject if u in state.units and u not in leaving]
    away = [u for u in escapewd.ids(args, "withdraw") if u in state.units and u not in leaving]
    able = [u for u in position.units_at(h) if u.side == side and _may_strike(u)]
    more = escapewd.pack({**args, "going": ",".join(going)})
    if able and (going or away):
        if away:  # the reply may take the withdrawing prisoners, the others, or both (A20.55's example)
            return state.push(Decision(
                "units", side,
                T("{units}: name the prisoners your reply attacks (withdrawing: {away})",
                  units=", ".join(u.id for u in able), away=", ".join(away)),
                "A20.55", "escape_targets", units=tuple(sorted({*going, *away})), count=0, subject=subject,
                target=h, args=more))
        return state.push(_reply_roll(able, going, h, side, more))
    return escapewd.finish(position, h, side, dict(more))


def _reply_roll(able: list[UnitState], targets: list[str], h: Hex, side: str,
                args: tuple[tuple[str, str], ...]) -> Decision:
    return Decision(
        "roll", side,
        T("{units} strike back at the escaping {prisoners}: roll the CC DR",
          units=", ".join(u.id for u in able), prisoners=", ".join(targets)),
        "A20.55", "escape_reply", dice="DR", subject=tuple(targets), target=h, args=args)


def resume_targets(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The prisoners the guard side's reply attacks (A20.55)."""
    assert decision.target is not None
    able = [u for u in position.units_at(decision.target) if u.side == decision.side and _may_strike(u)]
    return position.state.push(_reply_roll(able, list(answer.units), decision.target, decision.side,
                                           decision.args))


def _may_strike(unit: UnitState) -> bool:
    """A unit that may attack in CC: armed personnel, not broken (A11.16, A20.5)."""
    return (unit.type in prisoners.INFANTRY and prisoners.armed(unit) and not unit.has("broken")
            and not au.is_sw(unit) and not unit.has("withdrawing"))  # A11.2: a withdrawing unit makes none


def resume_reply(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.55: the enemy's reply to the escaping prisoners, after their attack (A11.33); a withdrawing one
    is attacked at -2, +1 for each friendly unit in the Melee not withdrawing (A11.2)."""
    from hexmate.rules.games.asl import cc as asl_cc
    from hexmate.rules.games.asl import escapewd
    from hexmate.rules.games.asl.aftermath import _reduce

    assert decision.target is not None
    h = decision.target
    state = position.state
    side = decision.side
    able = [u for u in position.units_at(h) if u.side == side and _may_strike(u)]
    targets = [state.units[u] for u in decision.subject if u in state.units]
    away = set(escapewd.ids(decision.argmap, "withdraw"))
    roll = ASL_DR.from_values(answer.dice or ())
    attack = Fraction(sum(asl_cc.cc_fp(u) for u in able))
    defence = Fraction(len(targets))  # A20.5: (1) FP each
    chart = position.charts.chart("cct")
    column = asl_cc.odds_column(chart.axis("odds").keys, asl_cc.odds(attack, defence))
    kill = int(chart.lookup(odds=column)) if column else 0
    lines = [Line(T("odds"), f"{attack}:{defence}", "A11.11"), Line(T("Kill Number"), str(kill), "A11.11"),
             Line(T("Original DR"), str(roll.total), "A.1")]
    results: dict[str, str] = {}
    for unit in targets:
        drm = 0
        if unit.id in away:  # A11.2: -2, +1 per friendly unit in the Melee not withdrawing
            stay = sum(1 for u in position.units_at(h) if u.side == unit.side and u.id not in away
                       and not au.is_sw(u))
            drm = stay - 2
            lines.append(Line(T("{unit} withdrawing", unit=unit.id), f"{drm:+d}", "A11.2"))
        final = roll.total + drm
        results[unit.id] = "KIA" if final < kill else "CR" if final == kill else "-"
        lines.append(Line(T("Final DR against {unit}", unit=unit.id), f"{final}: {results[unit.id]}",
                          "A20.55"))
    for unit in targets:
        if results[unit.id] == "KIA":
            state = state.without_unit(unit.id)
    reduced = [u for u in targets if results[u.id] == "CR"]
    args = {**decision.argmap, "reply": str(roll.total)}
    if len(reduced) == 1:
        state, _ = _reduce(position.scenario.counters, state, reduced[0])
        args["reduced"] = reduced[0].id
    summary = T("the reply to the escape: final DR {final}: {result}", final=roll.total,
                result=", ".join(f"{u} {r}" for u, r in sorted(results.items())))
    fire = act.Fire(tuple(u.id for u in able), h, answer.dice)
    state = state.replace(resolution=Resolution(fire, "cct", position.charts.label, position.charts.demo,
                                                tuple(lines), results, summary))
    if len(reduced) > 1:  # A11.11: Random Selection names the one reduced
        return state.push(Decision(
            "units", side,
            T("Random Selection: name the unit of {units} that is Casualty Reduced",
              units=", ".join(u.id for u in reduced)),
            "A11.11", "escape_reduce", units=tuple(u.id for u in reduced), subject=decision.subject,
            target=h, args=escapewd.pack(args)))
    return escapewd.after_reply(position.at(state), h, side, decision.subject, args)


def resume_reduce(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl import escapewd
    from hexmate.rules.games.asl.aftermath import _reduce

    state, _ = _reduce(position.scenario.counters, position.state, position.units[answer.units[0]])
    assert decision.target is not None
    args = {**decision.argmap, "reduced": answer.units[0]}
    return escapewd.after_reply(position.at(state), decision.target, decision.side, decision.subject, args)


def _outcome(position: Position, h: Hex, side: str, args: Mapping[str, str], going: list[UnitState]) -> State:
    """A20.55: with no enemy left in the Location the escape succeeds (A20.551: one rearms if the guard it
    eliminated was at least its size); otherwise the Location is in Melee."""
    from hexmate.rules.games.asl import guardwd

    state = position.state
    gid = args.get("guard", "")
    away = {u.id for u in guardwd.leaving(position, h, side)}  # A11.2: the guard's side's withdrawers
    left = [u for u in state.units.values() if u.hex == h and u.side == side and u.type != au.SW
            and not u.has(prisoners.PRISONER) and u.id not in away]
    if not left:
        for unit in going + [u for u in state.units.values() if u.carrier == gid and u.has("prisoner")]:
            if unit.id not in state.units:
                continue
            unit = state.units[unit.id]
            state = state.with_unit(dataclasses.replace(
                unit.mark(prisoners.UNARMED, remove=(prisoners.PRISONER, "escaping", "melee")), carrier=None))
        big = [u for u in going if au.us_number(u) <= int(args.get("guard_us", "0")) and u.id in state.units]
        counter = _rearmed(position, big[0]) if big and args.get("killed") == "1" else None
        if counter is not None:  # A20.551: one of them rearms
            armed = state.units[big[0].id].as_counter(counter)
            state = state.with_unit(armed.mark(remove=(prisoners.UNARMED,)))
    else:  # A20.55: the Location is in Melee: every unit there (its example: the next attempt is by all 3)
        for unit in [u for u in state.units.values() if u.hex == h and not au.is_sw(u)]:
            state = state.with_unit(unit.mark("melee"))
    return guardwd.place(position.at(_clear(state)), h, side)  # A11.21: the withdrawers placed
