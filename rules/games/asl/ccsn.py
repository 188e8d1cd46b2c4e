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

The checks it calls for are taken first (with whatever they raise), then ``done`` goes on with the CC.
A11.622 names among the targets the exposed PRC and the unarmored vehicles (of either side) in the Location:

- each unarmored vehicle there (not a wreck; at most the 16 column's largest KIA of them, A7.308) reads the
  same Original DR on the IFT's vehicle line (no DRM at all, A11.622): burning wreck, destroyed (its PRC roll
  to survive, D5.6) or immobilized (``unarmored.result``); an Original 2 asks the Unlikely Kill dr (A7.309);
- the exposed PRC are the units aboard an unarmored vehicle (passengers always exposed, D6.7) and the riders
  on any vehicle (D6.2): they take the sN's IFT result like the infantry, unless the same DR destroys or
  burns their vehicle (D.8). Not built: an AFV's own Crew Exposed (CE) crew as a target (its vehicle's
  ``ce`` marker); the sN's AFV is buttoned up and no other vehicle's crew is attacked here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import iift
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


def unarmored_vehicles(position: Position, h: Hex) -> list[UnitState]:
    """A11.622, A7.308: the unarmored vehicles in the Location, of either side, not wrecks."""
    from hexmate.rules.games.asl import armour

    return sorted((u for u in position.units_at(h) if is_vehicle(u) and not armour.vtype(u).armored
                   and not u.has("wreck")), key=lambda u: u.id)


def exposed_prc(position: Position, h: Hex) -> list[UnitState]:
    """A11.622: the exposed PRC: those aboard an unarmored vehicle (D6.7) and riders (D6.2)."""
    from hexmate.rules.games.asl import armour, riders

    out: list[UnitState] = []
    for v in position.units_at(h):
        if not is_vehicle(v) or v.has("wreck"):
            continue
        if not armour.vtype(v).armored:
            out += [u for u in position.units.values() if u.carrier == v.id and not au.is_sw(u)]
        else:
            out += [u for u in riders.carried_riders(position.state, v, riders._passengers(v))
                    if not au.is_sw(u)]
    return sorted(out, key=lambda u: u.id)


def _on_vehicles(position: Position, state: State, sn: UnitState, trucks: list[UnitState],
                 original: int) -> tuple[State, set[str], list[Decision], list[Line]]:
    """A7.308 with the sN's 16 FP and its Original DR (no DRM, A11.622); A7.309 after an Original 2."""
    from hexmate.rules.games.asl import unarmored

    ift = position.charts.chart("ift")
    col = ift.axis("fp").key_at(ift.axis("fp").locate(FP) or 0)
    kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), int(col))
    doomed: set[str] = set()
    asks: list[Decision] = []
    lines: list[Line] = []
    for truck in trucks[:unarmored.most_vehicles(ift, int(col))]:
        got = unarmored.result(original, kill)
        said = T("{vehicle}: Final DR {final}, Kill number {kill}: {result}", vehicle=truck.id,
                 final=original, kill=kill, result=unarmored.SAID[got])
        lines.append(Line(T("Vehicle line"), said, "A7.308"))
        if got in ("destroyed", "burning"):
            doomed.add(truck.id)
        state, more = unarmored._apply(state, truck, got)
        asks += more
        if unarmored.needs_dr(original, got):
            asks.append(Decision("roll", sn.side, T("{vehicle}: Original DR 2 on the vehicle line: roll the "
                                                    "Unlikely Kill dr", vehicle=truck.id),
                                 "A7.309", "unlikely_kill", dice="dr", subject=(truck.id,), target=truck.hex,
                                 args=(("first", got),)))
    return state, doomed, asks, lines


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
    trucks = unarmored_vehicles(position, h)
    targets += exposed_prc(position, h)
    lines = [Line(T("Original DR"), str(roll.total), "A.1"), Line(T("usage number"), str(n), "D13.34")]
    if roll.total > n:
        result = "-"
        lines.append(Line(T("above the usage number"), T("no effect"), "D13.34"))
    else:
        got = iift.read(position, FP, roll.total)  # A7.37: the table in use (16 FP: a standard column)
        result = got.result
        lines.append(Line(T("sN attack"), got.said(), got.cite("A11.622")))
    asks: list[Decision] = []
    if roll.total <= n and trucks:  # A11.622: unarmored vehicles too, on the IFT's vehicle line (A7.308)
        state, doomed, more, said_v = _on_vehicles(position, state, vehicle, trucks, roll.total)
        lines += said_v
        asks += more
        targets = [u for u in targets if u.carrier not in doomed]  # D.8: no attack on those aboard then
    results = {u.id: result for u in targets if u.id in state.units}
    summary = T("{unit}'s sN: {result}", unit=vehicle.id, result=result)
    fire = act.Fire((vehicle.id,), h, answer.dice)
    state = state.replace(resolution=Resolution(fire, "ift", position.charts.label, position.charts.demo,
                                                tuple(lines), results, summary))
    view = position.at(state)
    for side in sorted({u.side for u in targets if u.id in state.units}):
        ids = [u.id for u in targets if u.side == side and u.id in state.units]
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
