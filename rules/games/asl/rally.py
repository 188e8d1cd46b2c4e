"""ASL Rally Phase in the subset (A10.6-A10.64): a broken unit's rally attempt, declared, then its DR rolled
by its owner (a roll decision) and worked out with its modifiers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import commissar, mounted, nations, recnow
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MMC = ("squad", "hs", "crew")
RALLY_TERRAIN = frozenset({"woods", "wooden-building", "stone-building"})  # A10.61: building, woods (-1)


def _helpers(position: Position, unit: UnitState) -> list[UnitState]:
    if commissar.is_commissar(unit):
        return []  # A25.221: a broken commissar self-rallies; no other leader's DRM helps him
    return [
        ldr
        for ldr in position.units.values()
        if ldr.type == "leader"
        and ldr.side == unit.side
        and ldr.hex == unit.hex
        and ldr.level == unit.level  # A10.7, A2.8: a leader helps his own Location only
        and ldr.id != unit.id
        and not ldr.has("broken")
        and not ldr.has("pinned")
        and mounted.may_help(position, ldr, unit)  # D6.651: leaders and units aboard a vehicle
        and nations.leads(ldr, unit)  # A25.24: never across partisans and the others
    ]


def check(game: AslGame, position: Position, rally: act.Rally) -> act.Rally:
    if position.phase.id != "RPh":
        raise IllegalAction(T("rally attempts are made in the Rally Phase"), "A3.1")
    if rally.unit not in position.units:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(rally.unit)))
    unit = position.units[rally.unit]
    if not unit.has("broken"):
        raise IllegalAction(T("{unit} is not broken", unit=unit.id), "A10.6")
    if unit.has("rally_tried"):
        raise IllegalAction(T("{unit} has already had its one Rally Phase action", unit=unit.id), "A3.1")
    if unit.has("disrupted") and not _helpers(position, unit):  # A19.12: whatever its type or nationality
        raise IllegalAction(T("{unit} is Disrupted: no self-rally, only a leader rallies it (A18.11)",
                              unit=unit.id), "A19.12")
    if unit.type != "leader" and not _helpers(position, unit) and not nations.self_rallies(position, unit):
        if unit.side != position.phasing:
            raise IllegalAction(
                T("{unit} needs a Good Order leader in its Location to rally", unit=unit.id), "A10.6"
            )
        if unit.side in game.gstate(position.state).self_rallied:
            raise IllegalAction(T("only the first MMC rally attempt of a friendly Player Turn may be a "
                                  "self-rally, and only one (A18.11)"), "A10.63")
    if unit.side != position.to_act:
        raise IllegalAction(
            T(
                "{unit} is {side}'s: {now} rallies now, then the other side",
                unit=unit.id,
                side=unit.side,
                now=position.to_act,
            ),
            "A3.1",
        )
    return rally


def working(position: Position, unit: UnitState, dice: tuple[int, ...]) -> tuple[int, list[Line]]:
    """The Final rally DR and its modifiers (A10.6: rallies on a Final DR not above the broken morale)."""
    roll = ASL_DR.from_values(dice)
    lines = [Line(T("Original DR"), str(roll.total), "A.1")]
    drm = 0
    helpers = _helpers(position, unit)
    under = commissar.bonus(position.units.values(), unit)
    if under:  # A25.222: a commissar's rally: his 0 only, no other leader's DRM (A25.221), DM ignored
        lines.append(Line(T("commissar in the Location: no other leader's DRM"), "+0", "A25.221"))
    elif helpers:
        # A10.71: the owner picks; A17.2: wounded +1; A10.7: +1 for an ally of another nationality
        best = min(au.leadership_of(h) + am.allied(h, unit, position) for h in helpers)
        drm += best
        lines.append(Line(T("leader in the Location"), f"{best:+d}", "A10.7"))
    else:
        drm += 1
        lines.append(Line(T("self-rally"), "+1", "A10.63"))
    if unit.has("dm") and not under:
        drm += 4
        lines.append(Line(T("Desperation Morale"), "+4", "A10.62"))
    if unit.hex is not None and position.map.terrain(unit.hex) in RALLY_TERRAIN:
        drm -= 1
        lines.append(
            Line(T("rally terrain ({terrain})", terrain=position.map.terrain(unit.hex)), "-1", "A10.61")
        )
    return roll.total + drm, lines


def declare(game: AslGame, position: Position, rally: act.Rally) -> State:
    """The attempt is declared: it is the unit's one Rally Phase action (A3.1); its owner rolls the DR."""
    state = position.state
    unit = state.units[rally.unit]
    gs = game.gstate(state)  # A18.11: the side's first MMC rally attempt of its Player Turn, whatever it is,
    if unit.type in MMC and unit.side == position.phasing and unit.side not in gs.self_rallied:
        state = state.replace(game=gs.replace(self_rallied=(*gs.self_rallied, unit.side)))  # ends the chance
    state = state.with_unit(unit.mark("rally_tried"))
    helpers = sorted(_helpers(position, unit), key=lambda h: (au.leadership_of(h), h.id))
    spot = helpers[0].hex if helpers and helpers[0].concealed else None
    if spot is not None and asl_concealment.seen_by_good_order(position, unit.side, spot):
        state = state.with_unit(state.units[helpers[0].id].revealed())  # A12.141: rallying is an action
    return state.push(
        Decision(
            "roll",
            unit.side,
            T("{unit} tries to rally: roll the DR", unit=unit.id),
            "A10.6",
            "rally",
            dice="DR",
            subject=(unit.id,),
            target=unit.hex,
        )
    )


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl.fire import _reduce

    state = position.state
    unit = state.units[decision.subject[0]]
    dice = answer.dice or ()
    roll = ASL_DR.from_values(dice)
    held = [sw.id for sw in au.possessed(state, unit.id)]
    if roll.total == 12:  # A10.64 Fate: no rally, Casualty Reduction instead
        state, half = _reduce(position.scenario.counters, state, unit)
        return recnow.lost(position.at(state), unit, held) if half is None else state  # A4.44 for its SW
    from hexmate.rules.games.asl import leaders

    if leaders.creates(position, unit, roll.total, not _helpers(position, unit)):  # A18.11
        return state.with_unit(unit.mark(remove=("broken", "dm", "disrupted"))).push(leaders.decision(unit))
    final, _ = working(position, unit, dice)
    under = commissar.bonus(position.units.values(), unit)
    # A10.4 the broken side's morale, as it stands now (A10.8 fanatic +1, A17.2 wounded -1); A25.222 a
    # commissar's +1 (A.18: at most 10)
    if final <= min(10, au.unit_morale(unit) + under):  # A19.12: a rallied unit is Disrupted no more
        return state.with_unit(unit.mark(remove=("broken", "dm", "disrupted")))
    if under:  # A25.222: failing under a commissar costs the unit a step of quality, or its life
        state, fate = commissar.failed_rally(state, unit, position.scenario.counters)
        if fate == "eliminated":  # A4.44: its SW to an SMC there at once (the commissar himself may try)
            return recnow.lost(position.at(state), unit, held)
    return state


def heat_of_battle(position: Position, decision: Decision, answer: act.Answer, state: State) -> State:
    """A15.1: after a rally attempt (``resume``), an Original 2 that was not a self-rally (a leader of the
    Location helped) is followed by a Heat of Battle DR, the broken unit's +1 kept though it rallied."""
    from hexmate.rules.games.asl import aftermath

    unit = position.units.get(decision.subject[0]) if decision.subject else None
    now = state.units.get(unit.id) if unit is not None else None
    if unit is None or now is None or ASL_DR.from_values(answer.dice or ()).total != 2:
        return state
    if not _helpers(position, unit) or aftermath.hob_exempt_at(position, now):
        return state
    return state.push(aftermath.hob_decision(now, was_broken=True))
