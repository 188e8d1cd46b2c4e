"""The Close Defense Weapon System, sN (A11.622): a German AFV's grenade launcher in Close Combat.

What the text says and this module does (paraphrased):

- An AFV whose counter shows "sN" (here: its counter's ``sn`` value, the usage number; the scenario's or the
  catalogue's data) may use it in the CCPh while buttoned up, once its own side's units there (the AFV or the
  infantry with it) have been attacked in this CCPh (A11.31), or at once after its side ambushed (A11.4).
- It is an HE attack on the IFT at 16 FP against every unarmored unit in the Location, of both sides (our
  infantry too); no To Hit DR; an Original DR above the usage number has no effect (D13.34); no TEM, SMOKE or
  LOS hindrance modifies it. It is never combined with other FP.
- At the table the AFV's side answers ``sn`` to its CC designation (``cc_group``) and rolls; the checks the
  result calls for follow; then the same side designates its CC attack as usual (the A11 example's H3: the
  sN attack, then the CMG "again").

The checks it calls for are taken first (with whatever they raise), then ``done`` goes on with the CC. Not
built: unarmored vehicles and exposed crews in the Location as its targets (A7.308 through A11.622).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

WORD = "sn"
FIRED = "sn_fired"
FP = 16  # A11.622


def usage(vehicle: UnitState) -> int | None:
    value = vehicle.values.get("sn")
    return int(value) if isinstance(value, (int, str)) and str(value).isdigit() else None


def armed(position: Position, h: Hex, side: str) -> UnitState | None:
    """The AFV of ``side`` at ``h`` that may fire its sN now (A11.622)."""
    from hexmate.rules.games.asl import ccgroups

    gs = ccgroups._gs(position)
    attacked = ccgroups._attacked(position)
    ours = {u.id for u in position.units_at(h) if u.side == side}
    for v in position.units_at(h):
        if v.side != side or not is_vehicle(v) or usage(v) is None or v.has(FIRED) or v.has("ce"):
            continue
        if any(v.has(m) for m in ("wreck", "abandoned", "shocked", "stunned")):
            continue
        # attacked: a unit of ours a target of a designated attack, or an enemy that attacked a vehicle here
        hit = bool(attacked & ours) or any(u.side != side and u.has("cc") for u in position.units_at(h))
        if gs.cc_ambusher == side or hit:
            return v
    return None


def ask(position: Position, vehicle: UnitState) -> Decision:
    return Decision(
        "roll", vehicle.side,
        T("{unit} fires its sN at every unarmored unit in its Location: 16 FP, no DRM, no effect above its "
          "usage number {n}: roll the DR", unit=vehicle.id, n=usage(vehicle) or 0),
        "A11.622", "cc_sn", dice="DR", subject=(vehicle.id,), target=vehicle.hex)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.asl import ccgroups
    from hexmate.rules.games.asl.aftermath import decisions_for

    assert decision.target is not None and answer.dice is not None
    h = decision.target
    state = position.state
    vehicle = state.units[decision.subject[0]]
    state = state.with_unit(vehicle.mark(FIRED))
    roll = ASL_DR.from_values(answer.dice)
    n = usage(vehicle) or 0
    from hexmate.rules.games.asl import cc

    gone = set(cc.infiltrating(position))  # A11.22: those that have left the CC are not in it any more
    targets = [u for u in position.units_at(h) if not is_vehicle(u) and not au.is_sw(u) and u.carrier is None
               and u.id not in gone]
    lines = [Line(T("Original DR"), str(roll.total), "A.1"), Line(T("usage number"), str(n), "D13.34")]
    chart = position.charts.chart("ift")
    axis = chart.axis("fp")
    if roll.total > n:
        result = "-"
        lines.append(Line(T("above the usage number"), T("no effect"), "D13.34"))
    else:
        col = axis.locate(FP)
        assert col is not None
        result = str(chart.lookup(fp=axis.key_at(col), final_dr=roll.total))
        said = T("{fp} FP -> {column} column, final DR {final} -> {result}", fp=str(FP),
                 column=axis.key_at(col), final=roll.total, result=result)
        lines.append(Line(T("sN attack"), said, "A11.622"))
    results = {u.id: result for u in targets}
    summary = T("{unit}'s sN: {result}", unit=vehicle.id, result=result)
    fire = act.Fire((vehicle.id,), h, answer.dice)
    state = state.replace(resolution=Resolution(fire, "ift", position.charts.label, position.charts.demo,
                                                tuple(lines), results, summary))
    view = position.at(state)
    asks: list[Decision] = []
    for side in sorted({u.side for u in targets}):
        ids = [u.id for u in targets if u.side == side]
        asks += decisions_for(view, result, ids)
    if asks:  # the checks first (and whatever they raise, Heat of Battle...), then the CC goes on
        done = Decision("confirm", vehicle.side,
                        T("the sN attack's checks are taken: done to go on with the CC"),
                        "A11.622", "cc_sn_done", choices=("done",), target=h)
        return state.push(*asks, done)
    return ccgroups.proceed(game, view)


def resume_done(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The sN attack's checks all taken: the same side designates its CC attack (A11.622, A11.31)."""
    from hexmate.rules.games.asl import ccgroups

    return ccgroups.proceed(game, position)
