"""PG air strikes (15.1): aircraft counters the scenario gives a side (units of type ``aircraft``) wait off
the board; each strikes at most one hex a turn, at any range, up to three aircraft on one hex in a segment.

At the table the side to act names them: ``fire AIR1[,AIR2] at HEX`` (a segment of its own: ground units and
off-board artillery do not act in a segment with aircraft attacking). The target hex must hold an enemy
unit, and an enemy unit in restrictive terrain only if it is spotted (by a SPOTTED marker or a friendly unit
seeing it). Then one die per aircraft: 1-2 loses the target (that aircraft is spent for the turn), 3-6
attacks (``special.air_strike``). The attackers' DF are summed and read on the Direct Fire Table with +2
(the adjacent-hex shift) and one column down if a non-demoralized, non-limbered enemy AA unit is within 3
hexes (once, even with several; a MOVED/FIRED marker does not matter). The results are applied as for
direct fire (losses, morale checks).

Not modelled (the players carry them out by hand): drawing aircraft from a cup and tossing the counter for
its side (the scenario's units are the ones drawn), the firer's choice of an open-top AFV for an X (and of
any AFV for 2X/3X), the aircraft's own AT dice (11.4), and the friendly-fire check of an aborting aircraft
(9.5 with the Bombardment Table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MAX_PER_HEX = 3  # 15.1: up to three aircraft on one hex in a segment
AA_REACH = 3  # 15.1: enemy AA within 3 hexes of the target hex


def is_aircraft(unit: UnitState | None) -> bool:
    return unit is not None and unit.type == "aircraft"


def is_strike(position: Position, fire: act.Fire) -> bool:
    named = [position.units.get(u) for u in fire.firers]
    return bool(named) and all(is_aircraft(u) for u in named)


def check(game: PgGame, position: Position, fire: act.Fire, opp: bool) -> None:
    planes = [position.units[u] for u in fire.firers]
    side = planes[0].side
    if opp:
        raise IllegalAction(T("aircraft never fire at movers"), "15.1, 13.0")
    if side != position.to_act or any(p.side != side for p in planes):
        raise IllegalAction(T("{unit} is not the active side's (3.0 B)", unit=planes[0].id))
    if game.gstate(position.state).active:
        raise IllegalAction(T("an air strike takes a whole segment: no activation may be open"), "15.1")
    if len(planes) > MAX_PER_HEX:
        raise IllegalAction(T("{count} aircraft: at most 3 on one hex in a segment", count=len(planes)),
                            "15.1")
    used = set(game.gstate(position.state).air_used)
    for plane in planes:
        if plane.id in used:
            raise IllegalAction(T("{unit} has flown its one strike this turn", unit=plane.id), "15.1")
        if pu.value(plane, "df") <= 0:
            raise IllegalAction(T("{unit} has no direct fire value", unit=plane.id), "15.1")
    enemies = [u for u in position.units_at(fire.target) if u.side != side]
    if not enemies:
        raise IllegalAction(T("no enemy unit in the target hex"), "10.0")
    if not any(_may_attack(game, position, e) for e in enemies):
        raise IllegalAction(T("{hex}: aircraft do not attack unspotted enemy units in restrictive terrain",
                              hex=position.label(fire.target)), "15.1")


def _may_attack(game: PgGame, position: Position, enemy: UnitState) -> bool:
    """15.1: an enemy unit out of restrictive terrain, or spotted (its marker, or a friendly unit sees it)."""
    assert enemy.hex is not None
    terrain = game.terrain_table().table.canonical(position.map.terrain(enemy.hex))
    if pg_spot.restrictive_range(terrain) is None or enemy.has(pg_spot.SPOTTED):
        return True
    return any(u.side != enemy.side and u.hex is not None and pu.is_combat(u)
               and pg_spot.sees_unit(game, position, u, enemy) for u in position.units.values())


def declare(game: PgGame, position: Position, fire: act.Fire) -> State:
    """The aircraft are spent for the turn; one die each decides whether it finds its target."""
    gs = game.gstate(position.state)
    state = position.state.replace(game=gs.replace(air_used=(*gs.air_used, *fire.firers)))
    side = position.units[fire.firers[0]].side
    n = len(fire.firers)
    return state.push(Decision(
        "roll", side,
        T("{units} strike {hex}: roll one die per aircraft, in their order (1-2 loses the target)",
          units=", ".join(fire.firers), hex=position.label(fire.target)),
        "15.1", "air_abort", dice=f"{n}d6", subject=tuple(fire.firers), target=fire.target))


def aa_within(position: Position, side: str, h: Hex) -> bool:
    """15.1: a non-demoralized, non-limbered enemy AA unit (MOVED/FIRED or not) within 3 hexes."""
    return any(u.side != side and u.hex is not None and pu.branch(u) == "AA" and not u.has("demoralized")
               and not u.has("limbered") and distance(u.hex, h) <= AA_REACH
               for u in position.units.values())


def resume_abort(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """15.1: each aircraft's die: 1-2 it loses the target, 3-6 it attacks; the attackers roll on the DFT."""
    from hexmate.rules.games.pg import special

    assert decision.target is not None and answer.dice is not None
    dice = tuple(answer.dice)
    planes = decision.subject
    attacking = tuple(p for p, d in zip(planes, dice, strict=True) if d >= 3)
    count, _ = special.air_strike(dice, False)
    assert count == len(attacking)
    lines = tuple(Line(T("aircraft {unit}", unit=p), T("die {die}: attacks", die=d) if d >= 3 else
                       T("die {die}: loses its target", die=d), "15.1")
                  for p, d in zip(planes, dice, strict=True))
    if not attacking:
        return position.state.replace(resolution=Resolution(
            act.Fire(planes, decision.target), "air", position.charts.label, position.charts.demo, lines, {},
            T("air strike on {hex}: every aircraft lost its target", hex=position.label(decision.target))))
    return position.state.push(Decision(
        "roll", decision.side,
        T("{units} attack {hex}: roll 2d6 on the Direct Fire Table", units=", ".join(attacking),
          hex=position.label(decision.target)),
        "15.1", "air_dft", dice="2d6", subject=attacking, target=decision.target))


def resume_dft(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The attackers' DF summed on the DFT, +2 for an air attack and one column down for enemy AA near."""
    from hexmate.rules.games.pg import fire as pg_fire

    assert decision.target is not None and answer.dice is not None
    side = decision.side
    extra: list[tuple[T, int, str]] = [(T("air attack (as at an adjacent hex)"), 2, "15.1")]
    if aa_within(position, side, decision.target):
        extra.append((T("enemy AA within 3 hexes"), -1, "15.1"))
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    resolution = pg_fire.resolve(game, position, fire, tuple(extra))
    state = position.state.replace(resolution=resolution)
    return pg_fire.apply_results(game, position.at(state), dict(resolution.results), "df")


__all__ = ["aa_within", "check", "declare", "is_aircraft", "is_strike", "resume_abort", "resume_dft"]
