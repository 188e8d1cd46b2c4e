"""PG AT fire inside an assault (11.0, 11.5, 12.4, 12.52): before the assault dice, each unit of either side
that may AT-fire at an enemy vehicle in the hex chooses to add its DF to its side's assault total or to fire
AT at one vehicle instead (11.0). AT from a printed value has no AT-table DRM there (12.52); a foot unit's
carried AT weapon (11.5, ``antitank.carried``) first rolls one die: 1-3 it fails and its combat is over, 4-6
it fires with AT 6 (+1 when the hex holds only enemy vehicles). In the optional overrun both take -1: the AT
roll, or the carried weapon's first die (overrun). AT results wait and fall together with the assault's
(12.4: simultaneous), the AT results first, so the assault's steps fall on what is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import antitank as pg_at
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame


def vehicles(position: Position, unit: UnitState, h: Hex) -> tuple[str, ...]:
    """The enemy vehicles in the assault hex ``unit`` may AT-fire at (11.0: trucks, jeeps and AFVs)."""
    return tuple(sorted(u.id for u in position.units_at(h) if u.side != unit.side and pg_at.at_target(u)
                        and u.carrier is None))


def may_fire(position: Position, unit: UnitState, targets: tuple[str, ...]) -> bool:
    """A unit in the assault that may fire AT instead of adding its DF: a printed AT value (11.0), or a
    carried AT weapon not barred by 11.5; never a demoralized unit (14.3) or a carried one (5.67)."""
    if pu.is_leader(unit) or unit.carrier is not None or unit.has("demoralized"):
        return False
    if pu.value(unit, "at") <= 0 and not (pg_at.carried(unit) and pg_at.carried_problem(unit) is None):
        return False
    return bool(targets)


def choices(position: Position, ids: tuple[str, ...], h: Hex,
            leavers: tuple[str, ...] | None = None) -> list[Decision]:
    """One choice per unit that may fire AT in this assault (its owner answers ``assault`` or ``at``); for
    the free shot (12.12) the targets are the leaving vehicles."""
    out = []
    for uid in ids:
        unit = position.units.get(uid)
        if unit is None:
            continue
        if leavers is None:
            targets = vehicles(position, unit, h)
        else:
            targets = tuple(sorted(v for v in leavers if v in position.units and pg_at.at_target(
                position.units[v]) and position.units[v].carrier is None))
        if not may_fire(position, unit, targets):
            continue
        where = position.label(h)
        prompt = (T("{unit} in the assault at {hex}: add its DF to the assault, or fire its carried AT "
                    "weapon at an enemy vehicle (one die first: 4-6 fires)", unit=uid, hex=where)
                  if pg_at.uses_carried(unit) else
                  T("{unit} in the assault at {hex}: add its DF to the assault, or fire AT at an enemy "
                    "vehicle instead", unit=uid, hex=where))
        out.append(Decision("confirm", unit.side, prompt, "11.5" if pg_at.uses_carried(unit) else "11.0",
                            "assault_at", choices=("assault", "at"), subject=(uid,), target=h,
                            args=(("targets", ",".join(targets)),)))
    return out


def resume_choice(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    if answer.choice != "at":
        return state
    assert decision.target is not None
    unit = state.units[decision.subject[0]]
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(assault_at=(*gs.assault_at, unit.id)))
    targets = tuple(v for v in decision.arg("targets").split(",") if v in state.units)
    if not targets:
        return state
    if len(targets) > 1:
        return state.push(Decision("units", unit.side, T("{unit}: choose the vehicle to AT-fire at",
                                                         unit=unit.id),
                                   "11.0", "assault_at_target", units=targets, subject=(unit.id,),
                                   target=decision.target))
    return state.push(_next(position.at(state), unit, targets[0], decision.target))


def resume_target(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    unit = position.units[decision.subject[0]]
    return position.state.push(_next(position, unit, answer.units[0], decision.target))


def _next(position: Position, unit: UnitState, vehicle: str, h: Hex) -> Decision:
    """A carried weapon's first die (11.5), else the AT roll itself."""
    if pg_at.uses_carried(unit):
        return Decision("roll", unit.side, T("{unit}'s carried AT weapon at {vehicle}: one die, 4-6 fires "
                                             "(1-3: its combat is over)", unit=unit.id, vehicle=vehicle),
                        "11.5", "assault_at_gate", dice="1d6", subject=(unit.id,), target=h,
                        args=(("vehicle", vehicle),))
    return _roll(unit, vehicle, h)


def _roll(unit: UnitState, vehicle: str, h: Hex) -> Decision:
    return Decision("roll", unit.side, T("{unit} fires AT at {vehicle} in the assault: roll 2d6 on the "
                                         "Anti-Tank Fire Table", unit=unit.id, vehicle=vehicle),
                    "12.52", "assault_at_roll", dice="2d6", subject=(unit.id,), target=h,
                    args=(("vehicle", vehicle),))


def resume_gate(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """11.5: 1-3 the weapon fails and the unit's part in the assault is over; 4-6 it fires (overrun: the
    die -1)."""
    assert decision.target is not None
    state = position.state
    unit = state.units[decision.subject[0]]
    die = PG_1D6.from_values(answer.dice or ()).total
    over = pg_at.overrun_at(game, position, decision.target)
    modified = die - 1 if over else die
    fires = modified >= 4
    outcome = T("fires") if fires else T("fails: its combat is over")
    note = (T("{die} - 1 (overrun) = {total}: {outcome}", die=die, total=modified, outcome=outcome) if over
            else T("{die}: {outcome}", die=die, outcome=outcome))
    line = Line(T("{unit} carried AT weapon", unit=unit.id), note, "11.5")
    state = state.replace(resolution=Resolution(
        act.Answer(dice=tuple(answer.dice or ())), "at", T("carried AT weapon (11.5)"), False, (line,), {},
        T("{unit} carried AT weapon: {die}", unit=unit.id, die=die)))
    if not fires:
        gs = game.gstate(state)
        return state.replace(game=gs.replace(assault_hits=(*gs.assault_hits, (unit.id, "", "fail"))))
    return state.push(_roll(unit, decision.arg("vehicle"), decision.target))


def resume_roll(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The AT roll inside the assault: worked out now, applied with the assault's results (12.4)."""
    state = position.state
    firer = state.units[decision.subject[0]]
    vehicle = state.units.get(decision.arg("vehicle"))
    if vehicle is None:
        return state
    assert decision.target is not None
    enemies = [u for u in position.units_at(decision.target) if u.side != firer.side]
    if vehicle.hex != decision.target:  # 12.12: the free shot at the leavers
        enemies = [u for u in position.units.values() if u.side != firer.side and u.hex == vehicle.hex]
    resolution = pg_at.resolve(game, position, firer, vehicle, tuple(answer.dice or ()), assault=enemies)
    state = pg_at.note_fired(game, state.replace(resolution=resolution), firer, vehicle.id)
    gs = game.gstate(state)
    hit = (firer.id, vehicle.id, resolution.results[vehicle.id])
    return state.replace(game=gs.replace(assault_hits=(*gs.assault_hits, hit)))


def lines(game: PgGame, position: Position, firers: set[str] | None = None) -> tuple[Line, ...]:
    """The AT fire of this assault (of ``firers`` only, with first fire), for its resolution."""
    out = []
    for firer, vehicle, result in game.gstate(position.state).assault_hits:
        if firers is not None and firer not in firers:
            continue
        if not vehicle:
            out.append(Line(T("{unit} carried AT weapon", unit=firer), T("failed"), "11.5"))
        else:
            out.append(Line(T("{unit} AT fire", unit=firer),
                            T("at {vehicle}: {result}, applied with the assault", vehicle=vehicle,
                              result=result), "11.0, 12.4"))
    return tuple(out)


def apply(game: PgGame, position: Position, firers: set[str] | None = None, last: bool = True) -> State:
    """The waiting AT results fall (then the assault's own). With first fire (12.43) only those of
    ``firers`` fall now; the rest wait, and at the ``last`` step those of attackers that did not survive it
    in shape to fire are dropped; then the assault's AT bookkeeping is cleared."""
    state = position.state
    hits = game.gstate(state).assault_hits
    now = [h for h in hits if firers is None or h[0] in firers]
    keep = () if last else tuple(h for h in hits if h not in now)
    state = state.replace(game=game.gstate(state).replace(
        assault_hits=keep, assault_at=game.gstate(state).assault_at if not last else ()))
    for _firer, vehicle, result in now:
        if vehicle:
            state = pg_at.apply_result(game, position.at(state), vehicle, result)
    return state


__all__ = ["apply", "choices", "lines", "may_fire", "resume_choice", "resume_gate", "resume_roll"]
