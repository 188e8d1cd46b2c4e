"""ASL A6.11: a fire declared at a target none of its firers sees.

LOS is checked only once an attack is declared (A6.11). When the check finds it blocked for every firer,
the units that tried count as having fired in all respects (they thought they saw something): they take the
phase's fire counter as for any fire (fire.declare), the shot affects nobody (not the units in the obstacle
that blocked it) and makes nobody DM, but its DR is still rolled for what may happen all the same: breakdown
(A9.7), a MG's multiple ROF (A9.2), and the enemy sniper when it equals his SAN (A14.1: the Original DR of an
IFT attack). A multi-Location fire group with some members out of LOS is A7.52's case (fire.blind:
they drop out, count as having fired, the rest attack).

fire.check accepts such a shot only when a player declares it (``blind_ok``, game.check); the actions the
table lists (fire.generate) and the First Fire windows it opens (fire.can_fire_at) keep to the shots that
see their target, so the table never offers a shot it knows to be blind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def _shooters(position: Position, fire: act.Fire) -> list[UnitState]:
    from hexmate.rules.games.asl import fire as asl_fire

    firers = [position.units[u] for u in fire.firers if u in position.units]
    return [u for u in firers if u.type != asl_fire.LEADER]


def all_blind(position: Position, fire: act.Fire, level: int | None = None) -> bool:
    """Does no firer of ``fire`` see its target (A6.11)? (a DC is thrown, not fired: never)"""
    from hexmate.rules.games.asl import demolition
    from hexmate.rules.games.asl import fire as asl_fire

    shooters = _shooters(position, fire)
    if not shooters or any(demolition.is_dc(u) for u in shooters):
        return False
    return len(asl_fire.blind(position, shooters, fire.target, level)) == len(shooters)


def resolution(position: Position, fire: act.Fire, modes: dict[str, str] | None = None) -> Resolution:
    """The shot's working: the LOS that blocks it, no effect, and what its DR does to its weapons."""
    from hexmate.rules.games.asl import fire as asl_fire

    assert fire.dice is not None
    roll = ASL_DR.from_values(fire.dice)
    shooters = _shooters(position, fire)
    first = shooters[0]
    h = asl_fire.where(position, first)
    assert h is not None
    sight = asl_terrain.line_of_sight(position, h, fire.target, a_level=first.level)
    modes = modes or asl_fire.fire_modes(position, shooters)
    seen = T("{unit} to {hex}: {reason}", unit=first.id, hex=position.label(fire.target), reason=sight.reason)
    lines = [
        Line(T("Line of sight"), seen, "A6.1"),
        Line(T("Blind shot"), T("the firers count as having fired; no effect on any unit, no DM; the DR "
                                "counts for breakdown, rate of fire and the enemy sniper only"), "A6.11"),
        Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                 coloured=roll.coloured, total=roll.total), "A.1"),
        *asl_fire._weapon_lines(position, fire, roll.total, roll.coloured, False, modes),
    ]
    summary = T("{action}: no line of sight, no effect (A6.11)", action=position.action_text(fire))
    return Resolution(fire, "ift", position.charts.label, position.charts.demo, tuple(lines), {}, summary, {})


def resume(game: AslGame, position: Position, decision: Decision, fire: act.Fire) -> State:
    """The blind shot's DR is in: breakdown and ROF as for any fire (A9.2, A9.7, A9.71), nothing else."""
    from hexmate.rules.games.asl import fire as asl_fire
    from hexmate.rules.games.asl import morale as am
    from hexmate.rules.games.asl.aftermath import _weapon_fate, side_number, sniper_decision

    assert fire.dice is not None
    roll = ASL_DR.from_values(fire.dice)
    modes = {k[5:]: v for k, v in decision.args if k.startswith("mode:")} or None
    modes = modes or asl_fire.fire_modes(position, _shooters(position, fire))
    fates, keep = asl_fire._weapon_fates(position, fire, roll.total, roll.coloured, False, modes)
    state = position.state
    marker = asl_fire.FIRE_MARKERS[position.phase.id]
    for sid in keep:  # A9.2: the MG may fire again this phase
        state = state.with_unit(state.units[sid].mark(remove=(marker,)))
    more: list[Decision] = []
    if len(fates) == 1:
        ((sid, fate),) = fates.items()
        state = _weapon_fate(state, sid, fate)
    elif fates:
        more.append(Decision(
            "units", position.units[next(iter(fates))].side,
            T("name the SW Random Selection picks to suffer the breakdown among {weapons}",
              weapons=", ".join(sorted(fates))),
            "A9.71", "malfunction", units=tuple(sorted(fates)), count=0,
            args=tuple(sorted(fates.items())),
        ))
    state = state.replace(resolution=resolution(position, fire, modes))
    side = position.units[fire.firers[0]].side if fire.firers[0] in position.units else position.to_act
    enemy = position.enemy_of(side)
    san = side_number(position, "san", enemy)
    if san is not None and am.sniper_activates(roll.total, san, "ift"):
        more.append(sniper_decision(position, enemy, san))  # A14.1: an IFT attack's Original DR all the same
    return state.push(*more) if more else state

