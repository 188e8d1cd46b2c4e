"""What a DC's detonation does to its Location (A23.1, A23.4, A23.7, A7.308, D.8, D.8B, D6.7). Pure.

A placed DC (placedc.py) and a Set DC (setdc.py) end the same way once their IFT DR is rolled: an Original DR
that malfunctions the DC removes it undetonated (no attack at all, so no collateral attack either: the
Collateral Attack Table's note 6); otherwise the DC attacks every enemy unit in its target Location on the
IFT with the DC's FP and DRMs, and is removed (A23.4, A23.7).

An unarmored vehicle in the Location (a truck, D6.7) is attacked with the same Original DR on the IFT's
vehicle line (A7.308: every non-ordnance attack on a Location holding one, outside Defensive First Fire;
a DC attacks in a friendly fire phase), no more of them than the column's largest KIA, without a TEM that
protects infantry only (the A7.308 example). The units aboard it take a General Collateral attack, the
Collateral Attack Table's "G" for a DC against an unarmored vehicle: the same Original DR on the same
column, modified as if they were the only target (D.8B), unless that DR destroys their vehicle (D.8: a
burning wreck takes them with it, a destroyed one leaves each to its Survival DR, D6.9). An Original DR
of 2 asks for the Unlikely Kill dr (A7.309, unarmored.py).

Cavalry and horses (A13.5, A13.511): the cavalry among the targets reads the same attack at A13.5's -2 (no
minefield's attack here), without the part of the TEM for infantry only (a shellhole's, as fire.py reads
A13.5); a placed or Set DC has no hexside TEM to deny it (A23.1). Every horse counter of the other side in a
ground-level Location, ridden or not, is read on the IFT's vehicle line with the same DR, without the -2
and without that TEM (A13.511, horsehit.read), after the attack's own checks, as a thrown DC's are
(demolition.py). A Set DC's -3 and a CX placer's +1 are the attack's own DRMs and apply to both.

Not here: an AFV, and the units aboard or riding it. A DC affects an AFV only as its declared primary target
(A23.5), and its collateral attack on an AFV's PRC is the table's "S" with the DC Position DR (C7.346):
chapter C, not among the texts. So an AFV's riders and passengers are not attacked by a DC aimed at the
Location.
"""

from __future__ import annotations

from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import Roll
from hexmate.rules.games.asl import cavalry, collateral, horsehit, iift, selection, unarmored, vbypass
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

VEHICLE = "vehicle"


def ground_targets(position: Position, dc: UnitState, h: Hex, level: int) -> list[UnitState]:
    """The enemy units the DC attacks directly: those in its Location (hex and level, A2.8) not aboard a
    vehicle, no SW, no vehicle. A dummy there is attacked too: a check or loss it would take removes it
    (A12.14, game.py's ``_dummy_hit``)."""
    return [u for u in position.units_at(h) if u.type not in (au.SW, VEHICLE) and u.side != dc.side
            and u.carrier is None and u.level == level]


def detonate(position: Position, dc: UnitState, h: Hex, level: int, attack: sp.DcAttack, roll: Roll,
             head: list[Line], *, malfunction: bool, rule: str, label: T, infantry_only: int = 0,
             tem: int = 0) -> State:
    """Remove the DC and work out its detonation in Location (h, level): ``head`` is the caller's working so
    far (FP, DRMs, Original DR), ``malfunction`` whether the Original DR malfunctions it, ``rule`` the rule
    of this kind of DC (A23.4 placed, A23.7 set), ``label`` its attack line's label, ``infantry_only`` the
    part of the attack's DRM a vehicle and those aboard it do not get (A7.308 example), ``tem`` the
    Location's TEM in that DRM (a vehicle bypassing the hex is at its CAFP, outside the obstacle: D2.36)."""
    from hexmate.rules.games.asl.setdc import _sniper as sniper_after

    state = position.state.without_unit(dc.id)
    lines = list(head)
    fire = act.Fire((dc.id,), h, roll.values)
    if malfunction:
        lines.append(Line(T("Breakdown"), T("the DC malfunctions and is removed without detonating"), rule))
        state = state.replace(resolution=Resolution(fire, "ift", position.charts.label, position.charts.demo,
                                                    tuple(lines), {}, T("{sw}: malfunctions", sw=dc.id)))
        return state.push(*sniper_after(position, dc.side, roll.total))
    final = roll.total + attack.drm
    reading = iift.read(position, attack.fp, final)  # A23, A7.37: the DC's attack on the table in use
    column, line = reading.column, reading.standard  # line: the vehicle line's standard column (A7.308)
    assert column is not None and line is not None
    result = reading.result
    targets = ground_targets(position, dc, h, level)
    results: dict[str, str] = {u.id: result for u in targets}
    lines.append(Line(label, reading.said(), reading.cite(rule)))
    horsemen = cavalry.among(targets)
    if horsemen:  # A13.5: -2, and no TEM for infantry only
        ridden = final - infantry_only + cavalry.IFT_DRM
        got = iift.cell(position, column, ridden)
        lines.append(Line(T("cavalry: Final DR {final} -> {result}", final=ridden, result=got),
                          f"{cavalry.IFT_DRM:+d}", "A13.5"))
        results.update({u.id: got for u in horsemen})
    asks: list[Decision] = []
    hidden = {u.id: u.side for u in targets if u.concealed}
    if level == 0:  # vehicles stand at ground level
        state, vlines, more, aboard = _vehicles(position, state, dc, h, column, line, final - infantry_only,
                                                roll.total, tem - infantry_only)
        lines += vlines
        asks += more
        results.update(aboard)
        hidden.update({uid: position.units[uid].side for uid in aboard if position.units[uid].concealed})
    summary = T("{sw} detonates: {result}", sw=dc.id, result=result)
    state = state.replace(resolution=Resolution(fire, "ift", position.charts.label, position.charts.demo,
                                                tuple(lines), results, summary, hidden))
    view = position.at(state)
    decisions: list[Decision] = []
    for got, ids in selection.groups(view, {k: v for k, v in results.items() if k in state.units}):
        # D.8: the PRC's Random Selection apart
        decisions.extend(decisions_for(view, got, ids, reading.shown))
    state = state.push(*decisions, *asks, *sniper_after(position, dc.side, roll.total))
    if level == 0:  # A13.511: the horses there on the vehicle line, after the attack's own checks
        state = horsehit.read(position, state, h, dc.side, line, final - infantry_only)
    return state


def _vehicles(position: Position, state: State, dc: UnitState, h: Hex, column: int | Fraction, line: int,
              base: int, original: int, obstacle: int
              ) -> tuple[State, list[Line], list[Decision], dict[str, str]]:
    """A7.308, A7.309, D.8, D.8B: the unarmored vehicles of the Location on the vehicle line, then the units
    aboard each one not destroyed by that DR: (state, lines, decisions, {unit aboard: result}). ``base``:
    the Final DR for a vehicle; a bypassing one has no ``obstacle`` TEM (D2.36: it is at the CAFP).
    ``column``: the attack's, on the table in use (A7.37); ``line``: the vehicle line's standard column
    (A7.308)."""
    lines: list[Line] = []
    asks: list[Decision] = []
    results: dict[str, str] = {}
    kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), line)
    cap = unarmored.most_vehicles(position.charts.chart("ift"), line)
    shown = fpw.fmt(column)
    for truck in collateral.trucks(position, h, dc.side)[:cap]:
        final = base
        if obstacle and vbypass.across_of(truck) is not None:
            final -= obstacle
            lines.append(Line(T("{vehicle} bypassing", vehicle=truck.id),
                              T("at its CAFP, outside the obstacle: no {tem:+d} TEM", tem=obstacle), "D2.36"))
        got = unarmored.result(final, kill)
        said = T("{vehicle}: Final DR {final}, Kill number {kill}: {result}", vehicle=truck.id, final=final,
                 kill=kill, result=unarmored.SAID[got])
        lines.append(Line(T("Vehicle line"), said, "A7.308"))
        aboard = sorted((u for u in state.units.values() if u.carrier == truck.id and u.side != dc.side),
                        key=lambda u: u.id)
        if got in ("destroyed", "burning"):
            if aboard:
                lines.append(Line(T("DC vs units aboard {vehicle}", vehicle=truck.id),
                                  T("{vehicle} is destroyed by the same DR on the {column} column: no "
                                    "collateral attack", vehicle=truck.id, column=shown), "D.8"))
        elif aboard:
            cell = iift.cell(position, column, final)  # D.8B: the DC's column, A7.37
            lines.append(Line(T("DC vs units aboard {vehicle}", vehicle=truck.id),
                              T("General Collateral attack on {units} (DC vs unarmored vehicle: G): {column} "
                                "column, final DR {final} -> {result}",
                                units=", ".join(u.id for u in aboard), column=shown, final=final,
                                result=cell), "D.8B"))
            results.update({u.id: cell for u in aboard})
        state, more = unarmored._apply(state, truck, got)
        asks += more
        if unarmored.needs_dr(original, got):
            asks.append(Decision("roll", position.enemy_of(truck.side),
                                 T("{vehicle}: Original DR 2 on the vehicle line: roll the Unlikely Kill dr",
                                   vehicle=truck.id), "A7.309", "unlikely_kill", dice="dr",
                                 subject=(truck.id,), target=h, args=(("first", got),)))
    return state, lines, asks, results


def vehicle_line(position: Position, state: State, side_of: UnitState, h: Hex, column: int | Fraction,
                 base: int, original: int, obstacle: int
                 ) -> tuple[State, list[Line], list[Decision], dict[str, str]]:
    """The vehicle line of a DC attack on Location h by ``side_of``'s side: the thrown DC's second DR at the
    thrower's own Location (A23.6, A23.61) attacks an enemy unarmored vehicle there as any DC does;
    ``column`` the attack's on the table in use (A7.37)."""
    line = iift.vehicle_column(position, column)  # A7.308: the vehicle line's standard column
    assert line is not None
    return _vehicles(position, state, side_of, h, column, line, base, original, obstacle)


__all__ = ["detonate", "ground_targets", "vehicle_line"]
