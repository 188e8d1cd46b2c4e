"""ASL platoon movement by impulses, played at the table (D14.2-D14.22, D14.3-D14.32).

A platoon (platoon.py: 2 or 3 AFVs of one side, formed at set-up or at the start of the MPh, meeting D14.21)
moves in its MPh by impulses (D14.21, D14.3). Each AFV makes at most one MP action in an impulse (D14.31), one
action at a time, none declared in advance:

- ``move AFV A-B as impulse``: it enters one hex of its VCA (D2.11), forward, for that hex's MP (D2.1);
  ``... as impulse_rev`` one of its rear hexes in reverse, at its reverse rate (D2.2-D2.22), once started
  with ``impulse_start_rev`` (switching direction takes a stop and a start, D2.23);
- ``move AFV A-B as impulse_through``: the same entry into a hex it would overrun, made without the OVR
  and its quarter MPA (D7.1: the mover's choice, hex by hex, D7.14; impovr.py);
- ``move AFV HEX as impulse_start`` / ``impulse_stop``: its start MP (D2.12) / stop MP (D2.13);
- ``move AFV HEX as impulse_cw`` / ``impulse_ccw``: its VCA one hexspine clockwise / counterclockwise (D2.11);
- ``move AFV HEX as impulse_delay``: 1 delay MP (D2.17: allowed in platoon movement);
- ``move AFV A-P as impulse_bypass``: one hexside of VBM (D14.31, D2.3): round the woods or building of P, a
  hex of its VCA (in reverse, of its rear), along the hexside between the two, for vbypass.cost (no bog DR).
  From bypass it goes on into F, or back into B, as an entry (D2.33); no VCA change in place;
- ``move AFV HEX as impulse_exit``: off the map from an edge hex (D14.212, A2.6: impedge.py, which also
  keeps the AFVs gone off the map as their mates' formation partners).

An AFV that does nothing pays the impulse's MP too. ``move AFV,AFV[,AFV] HEX as impulse_end`` (the platoon,
the first AFV's hex) declares the impulse over (D14.31): it costs every AFV the most MP any spent in it; it is
refused when that would take the platoon past its allowance, the slowest AFV's MP (D14.31, D14 example), and
when the platoon does not meet D14.21 then (each AFV in or next to a mate's hex with LOS, SMOKE ignored, all
in the same stopped / non-stopped status), but while two survivors re-conform after a loss (D14.22). Then,
before any attack (D14.21), one bog DR for all the AFVs whose entries call for one, and one mechanical
reliability DR for the red-MP AFVs that started (D2.51), each AFV taking its own DRM; a result falling on
several is given to one by Random Selection (a dr). Then the defender's Defensive First Fire (D14.32): the
AFVs are one stack whose MP were spent together, so a window opens at each hex they hold, and a firer has
one shot at the platoon for each MP the impulse cost: at its 1st, 2nd... MP (the D14 example's AT Gun, which
may not fire again in a 1 MP impulse; the D14.33 example's second shot, at the 2nd MP). A Motion attempt is
offered in those windows only (vmotion.py), counting every impulse's MP the AFV spent in the vehicle's LOS
(D2.401 with D14.31: ``log_mp``). Armored Assault infantry moving with the platoon (D14.33,
D14.331, D14.333: impaa.py) make their own impulses beside it; ``move AFV,INF... A-B as impulse``, ``move
INF... HEX as impulse_part``.

``move AFV,AFV[,AFV] HEX as impulse_done`` ends the platoon's MPh between impulses; it also ends when no
impulse of 1 MP is left (D14.31), or with the phase. Its MP left count as spent; non-stopped AFVs end it in
Motion (the D14 example). While a platoon moves nothing else of its side moves (D14.3: one stack, A4.2), and
its own Bounding First Fire waits for the impulse's end (D14.32). No ESB (none is offered) nor Minimum Move
(D14.21).

D14.22: a destroyed, recalled or immobilized AFV leaves the platoon (a bogged, mired, shocked or stunned one
stays, immobile, D.7: its MP are over, D8.21, D5.34, and so are the platoon's, D14.31); if two of three remain
apart they may end impulses apart while they re-conform, and must do it at the earliest impulse end they can:
an impulse end is refused while they are apart though one AFV's entry of a VCA hex within its MP left would
have brought them together; meeting D14.21 ends the re-conforming. Ending the MPh apart breaks the platoon up
at the phase's end (platoon.broken_up). The last AFV left moves freely for the rest of the MPh (no NTC, no
impulses).

Towing (vtow.py): each entry costs its towing MP too (armour.step_mp), never in reverse (D2.2). ``unload AFV``
(D6.5) is a stopped platoon AFV's one MP action of an impulse, a quarter of its MP paid with the impulse's
cost (``check_unload``, ``unloaded``); the units unloaded go on with their MF left once the platoon's MPh is
over (D14.3: till then nothing else moves), apart, as the platoon's (``convoy``); loading waits for the
platoon's MPh's end (D6.4: its AFVs have spent MP). Mud and deep snow: one secret bog DR for the platoon's
MPh (D8.23 with D14.21: impmud.py). An entry into
a hex of enemy infantry is an Overrun, attacking at the impulse's end (D7.1 with D14.32: impovr.py); backing
into one is none (D7.13 bars the OVR, not the entry): no OVR, no OVR MP. Any hex entry but by bypass into a
Location of concealed enemy units puts A12.41's question to their owner (reveal, or one PAATC) before the next
action (vconceal.py, asked by game.begin_move as for a lone vehicle's entry); an OVR of such a Location
waits for the answer (D7.1), and costs no OVR MP when it leaves no one there (dummies gone: ``_unspent_ovr``).

D2.24: an AFV ending the platoon's MPh non-stopped in reverse is in Reverse Motion (armour.REV_MOTION, as a
lone vehicle's move leaves it), and goes on in reverse in its next MPh, by impulses (``backing``, D14.21's
reverse status) or alone; a stop ends it.

D14.212: an AFV of the platoon waiting off the map comes on in an impulse (``move AFV ENTRY as impulse_in``,
backing on ``as impulse_in_rev``, impentry.py).

Not built: going on round a bypass's CAFP (D2.33: refused), a stall's one delay DR (D14.21: stalls come from
chapter H's vehicle notes, not among the texts). A platoon moving with a Human Wave moves in the wave's
impulses instead (D14.332: hwaa.py); once all of it has parted from the wave it goes on here (D14.331), an
AFV started in the wave's impulses non-stopped (``moving``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import math
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import (
    armour,
    axisred,
    carry,
    ccreact,
    hulldown,
    impaa,
    impedge,
    impentry,
    impmud,
    impovr,
    moto,
    mphsw,
    overrun,
    platoon,
    radioless,
    riders,
    vbypass,
    vequip,
    vfire,
    vmotion,
    vsmoke,
)
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.vehicles import is_mobile
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, distance, opposite
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ENTER = "impulse"
START, STOP, CW, CCW, DELAY = "impulse_start", "impulse_stop", "impulse_cw", "impulse_ccw", "impulse_delay"
REV, START_REV = "impulse_rev", "impulse_start_rev"  # D2.2: reverse movement
EXIT = "impulse_exit"  # D14.212, A2.6: off the map from an edge hex
BYPASS = "impulse_bypass"  # D14.31, D2.3: one hexside of Vehicular Bypass Movement
THROUGH = "impulse_through"  # D7.1: an entry into a hex it may overrun, made without the OVR (impovr.py)
END, DONE = "impulse_end", "impulse_done"
PART = impaa.PART  # D14.331: Armored Assault infantry stop it
FIRST = impaa.FIRST  # D14.331: ... and finish their MPh first, the platoon waiting
ENTRIES = (ENTER, REV, BYPASS, THROUGH)  # one hex entered (a bypass's: A12.41 asks no one, vconceal.py)
ACTS = (ENTER, START, STOP, CW, CCW, DELAY, REV, START_REV, EXIT, BYPASS, THROUGH)
MODES = (*ACTS, END, DONE, PART, FIRST, *impentry.MODES)  # D14.212: impentry.py's coming on from off the map

ON = "imp_on"  # in platoon movement this MPh
GO = "imp_go"  # started: non-stopped in platoon movement (D14.21's status); Motion once its MPh is over
BACK = "imp_rev"  # started in reverse (D2.2): D14.21's status tells forward from reverse
MP = "imp_mp"  # imp_mp<half MP>: what this AFV spent in the impulse now being made (D14.31)
FROM = "imp_from:"  # imp_from:q,r,f: its hex and VCA as the impulse began (its bog DR, D8.21; D14.22)
STARTED = "imp_started"  # its start MP in this impulse (D2.51)
REFORM = "imp_reform"  # D14.22: two survivors re-conforming
WINDOW = "vimpulse"  # the continuation of the impulse's Defensive First Fire windows (game.resume_vimpulse)
BOG, BREAK = "vimp_bog", "vimp_break"  # the one DR, and Random Selection (game.resume_vimp_bog / _pick)
TEMP = (MP, FROM, STARTED, impedge.OFF)


def _hx(h: Hex) -> str:
    return f"{h.q},{h.r}"


def _parse(text: str) -> Hex:
    q, r = text.split(",")
    return Hex(int(q), int(r))


def acted(unit: UnitState) -> Fraction | None:
    """The MP this AFV spent in the impulse now being made (None: it has not acted in it)."""
    for m in unit.markers:
        if m.startswith(MP) and m[len(MP):].isdigit():
            return Fraction(int(m[len(MP):]), 2)
    return None


def crew(position: Position) -> list[UnitState]:
    """The AFVs of the platoon whose impulse movement is under way (D14.22: those still part of it)."""
    return sorted((u for u in position.units.values() if u.has(ON) and u.side == position.phasing
                   and platoon._in_play(u)), key=lambda u: u.id)


def under_way(position: Position) -> bool:
    return position.phase.id == "MPh" and bool(crew(position))


def in_impulse(position: Position) -> bool:
    """Has an AFV acted in an impulse not yet declared over?"""
    return any(acted(u) is not None for u in crew(position))


def moving(unit: UnitState) -> bool:
    """Non-stopped (D14.21's status): started, in Motion, or started in a Human Wave's impulse (D2.12 with
    D14.31, hwaa.py: its platoon goes on by platoon movement after parting from the wave, D14.331)."""
    return unit.has(GO) or unit.has("motion") or unit.has(armour.HW_STARTED)


def backing(unit: UnitState) -> bool:
    """D2.2, D2.24: in reverse: started so in this platoon movement, or in Reverse Motion since its last MPh
    (armour.REV_MOTION: it goes on in reverse, D2.23's stop and start to go forward)."""
    return unit.has(BACK) or (unit.has("motion") and unit.has(armour.REV_MOTION))


def status(unit: UnitState) -> str:
    """D14.21: stopped, or not (a started AFV or one in Motion), forward or in reverse."""
    return ("reverse" if backing(unit) else "moving") if moving(unit) else "stopped"


def allowance(members: list[UnitState]) -> int:
    """D14 example: the platoon's MP are its slowest AFV's (D14.31: no impulse past any AFV's MP)."""
    return int(platoon.allowance(int(armour.budget(u)) for u in members))


def spent(members: list[UnitState]) -> Fraction:
    """D14.31: every AFV has spent what the platoon spent (the most of them, MP spent before moving too)."""
    return max((armour.spent_of(u) for u in members), default=Fraction(0))


def _sees(position: Position, a: Hex, b: Hex) -> bool:
    return platoon._sees(position, a, b)


def apart(position: Position, members: list[UnitState]) -> list[str]:
    """D14.21 at an impulse's end: the AFVs out of formation (empty: the platoon meets it). D14.212: an AFV
    off the map (leaving it now, or gone in an earlier impulse) is in the off-map hex it went into, and LOS to
    and from it is traced (nothing off the map blocks it)."""
    where = {u.id: impedge.leaving(u) or u.hex for u in members if u.hex is not None}
    states = {u.id: status(u) for u in members}
    for uid, h, st in impedge.away(position, members):
        where[uid], states[uid] = h, st
    # an AFV off the map needs its mate next to it too
    return platoon.conforms(where, states, lambda a, b: impedge.sees(position, a, b))


def is_impulse(move: act.Move) -> bool:
    return move.mode in MODES


def _members_of(position: Position, unit: UnitState) -> list[UnitState]:
    """The platoon this AFV would move with now: the one under way, or its own if it meets D14.21."""
    if unit.has(ON):
        return crew(position)
    mates = platoon.mates(position, unit)
    if mates:
        return sorted([unit, *mates], key=lambda u: u.id)
    return [unit] if platoon.in_platoon(position, unit) else []  # D14.212: its mates off the map


def _base(position: Position, move: act.Move) -> None:
    state = position.state
    if position.phase.id != "MPh" or state.decision is not None or state.moving is not None:
        raise IllegalAction(T("platoon movement is made in its own MPh, with no question open"), "D14.21")


def _cost(position: Position, unit: UnitState, move: act.Move) -> Fraction:
    """The MP of the AFV's one action in this impulse (D14.31), refused as its own rule says."""
    assert unit.hex is not None
    vt = armour.vtype(unit)
    here = unit.hex
    mode = move.mode
    if mode in (START, START_REV):
        if mode == START_REV and (vt.rev == 0 or unit.has("towing")):
            raise IllegalAction(T("{unit} has no reverse movement now", unit=unit.id), "D2.2")
        if moving(unit):
            raise IllegalAction(T("{unit} is not stopped: it has no start MP to spend", unit=unit.id),
                                "D2.12")
        return Fraction(vm.START_MP)
    if mode == STOP:
        if not moving(unit):
            raise IllegalAction(T("{unit} is stopped already", unit=unit.id), "D2.13")
        return Fraction(vm.STOP_MP)
    if mode in (CW, CCW):
        if vbypass.across_of(unit) is not None:
            raise IllegalAction(T("{unit} is bypassing: its VCA changes only as it leaves the hexside it "
                                  "straddles", unit=unit.id), "D2.33")
        return Fraction(armour._turn(position, vt, 1, here))  # D2.11: one hexspine an impulse (D14.31)
    if mode == DELAY:
        return Fraction(1)  # D2.17
    if mode == EXIT:
        return _exit_cost(position, unit)
    if len(move.path) != 2 or distance(move.path[0], move.path[1]) != 1:
        raise IllegalAction(T("an AFV enters one hex an impulse: move AFV A-B as impulse"), "D14.31")
    to = move.path[1]
    if not moving(unit):
        raise IllegalAction(T("{unit} is stopped: it spends its start MP in an impulse first", unit=unit.id),
                            "D2.12")
    back = mode == REV or (mode == BYPASS and backing(unit))
    if back != backing(unit):  # D2.23: from forward to reverse (or back) takes a stop and a start
        raise IllegalAction(T("{unit} moves {way}: switching takes a stop and a start", unit=unit.id,
                              way=T("in reverse") if backing(unit) else T("forward")), "D2.23")
    f = armour.facing_of(unit)
    across = vbypass.across_of(unit)
    if across is not None:  # D2.33: from bypass, on into F or back into B
        fh, bh = vbypass.ends(here, across, f)
        if mode == BYPASS or to != (bh if back else fh):
            raise IllegalAction(T("from its bypass {unit} goes on forward into {f} or back into {b}; going "
                                  "on round its CAFP is not played in impulses", unit=unit.id,
                                  f=position.label(fh), b=position.label(bh)), "D2.33")
    elif to not in _entries(here, f, back):
        raise IllegalAction(T("{hex} is not one of {unit}'s hexes to enter: its VCA (forward) or rear "
                              "hexes (reverse); change its VCA one hexspine an impulse first",
                              hex=position.label(to), unit=unit.id), "D2.11")
    if mode == BYPASS:
        return _bypass_cost(position, unit, to)
    enemy = any(u.side != unit.side for u in position.units_at(to))
    if enemy and (overrun.closed(position, unit.side, to) or not overrun.is_overrun(position, unit.side, to)):
        raise IllegalAction(T("{unit} may not end an impulse in {hex}: an enemy AFV is there",
                              unit=unit.id, hex=position.label(to)), "D2.6")
    if mode == THROUGH:  # D7.1: the OVR is the mover's choice, entry by entry
        if not overrun.is_overrun(position, unit.side, to) or not overrun.may_overrun(position, unit):
            raise IllegalAction(T("{unit} would not overrun {hex}: enter it as impulse", unit=unit.id,
                                  hex=position.label(to)), "D7.1")
        unit = unit.mark(moto.THROUGH)  # its cost without the OVR's quarter MPA (overrun.may_overrun)
    elif back:  # D7.13 bars the OVR in reverse, not the entry: it backs in without the OVR and its MP
        unit = unit.mark(moto.THROUGH)
    view = position.state
    for gone in [u for u in position.units_at(to) if impedge.leaving(u) is not None]:
        view = view.without_unit(gone.id)  # D14.212: a mate that left the map from there in this impulse
    step = armour.step_mp(position.at(view), unit, vt, here, to)
    if step is None or armour.all_mp(position, unit, here, to):
        raise IllegalAction(T("{unit} may not enter {hex} in an impulse", unit=unit.id,
                              hex=position.label(to)), "D2.1")
    return Fraction(vm.reverse_mp(step, vt.rev)) if back else Fraction(step)  # D2.21


def _bypass_cost(position: Position, unit: UnitState, to: Hex) -> Fraction:
    """D2.3, D14.31: one hexside of VBM, into a woods or building hex of its VCA (in reverse, of its rear)
    along the hexside between the two, for twice its open-ground cost and twice its other costs (vbypass.cost;
    in reverse times its REV, D2.21). No bog DR (D2.3). An enemy AFV's hex is not bypassed into here: the
    impulse would end there (D2.6)."""
    assert unit.hex is not None
    back = backing(unit)
    f = armour.facing_of(unit)
    a, b = _entries(unit.hex, f, back)
    if not vbypass.is_obstacle(position, to):
        raise IllegalAction(T("bypass is only around a woods or building obstacle (D2.31)"), "D2.31")
    why = vbypass.why_not(position, unit, to, b if to == a else a, f)
    if why is not None:
        raise IllegalAction(why, "D2.31")
    if any(u.side != unit.side and armour.is_vehicle(u) for u in position.units_at(to)):
        raise IllegalAction(T("{unit} may not end an impulse bypassing in {hex}: an enemy AFV is there",
                              unit=unit.id, hex=position.label(to)), "D2.6")
    cost = vbypass.cost(position, unit, unit.hex, to)
    return cost * armour.vtype(unit).rev if back else cost


def _exit_cost(position: Position, unit: UnitState) -> Fraction:
    """D14.212: leaving the map in Motion, not from a bypass (impedge.cost: A2.6)."""
    if not moving(unit):
        raise IllegalAction(T("{unit} is stopped: it spends its start MP in an impulse first", unit=unit.id),
                            "D2.12")
    if vbypass.across_of(unit) is not None:
        raise IllegalAction(T("{unit} is bypassing: its VCA changes only as it leaves the hexside it "
                              "straddles", unit=unit.id), "D2.33")
    return impedge.cost(position, unit, back=backing(unit))


def _entries(h: Hex, f: int, back: bool) -> tuple[Hex, Hex]:
    """D2.11, D2.22: forward into the VCA's two hexes, in reverse into the two rear ones."""
    return fc.rear_hexes(h, f) if back else fc.front_hexes(h, f)


def check(position: Position, move: act.Move) -> act.Move:
    """An AFV's action in an impulse, the impulse's end, or the platoon's MPh's end (D14.21, D14.31)."""
    _base(position, move)
    units = [position.units[u] for u in move.units if u in position.units]
    if len(units) != len(move.units) or not units:
        raise IllegalAction(T("name the platoon's AFVs: move AFV,AFV[,AFV] HEX as {mode}", mode=move.mode),
                            "D14.2")
    if move.mode in (END, DONE):
        return _check_end(position, move, units)
    if move.mode in impentry.MODES:  # D14.212: an AFV of the platoon comes on from off the map
        members = crew(position)
        now = {u.id: acted(u) or Fraction(0) for u in members}
        return impentry.check(position, move, members, allowance(members) if members else 99, spent(members),
                              now)
    if move.mode in (PART, FIRST):  # D14.331
        return impaa.check_part(position, move, [u.id for u in crew(position)])
    if move.mode == ENTER and len(units) > 1 and armour.is_vehicle(units[0]):  # D14.33: with its infantry
        alone = check(position, act.Move(move.units[:1], move.path, None, move.mode))
        impaa.check_enter(position, move, units[0], [u.id for u in _members_of(position, units[0])])
        return act.Move(move.units, move.path, alone.cost, move.mode)
    if len(units) != 1:
        raise IllegalAction(T("one AFV acts at a time in an impulse: move AFV HEX as {mode}", mode=move.mode),
                            "D14.31")
    unit = units[0]
    one_hex = move.mode in (ENTER, REV, BYPASS, THROUGH) or len(move.path) == 1
    if unit.hex is None or move.path[0] != unit.hex or not one_hex:
        raise IllegalAction(T("the move starts at {unit}'s own hex", unit=unit.id), "D14.31")
    if unit.side != position.phasing or not armour.is_vehicle(unit) or platoon.name_of(unit) is None:
        raise IllegalAction(T("{unit} is not an AFV of a platoon of the moving side", unit=unit.id), "D14.2")
    if unit.id in position.state.moved or not platoon._in_play(unit):
        raise IllegalAction(T("{unit} has moved this MPh or is no longer part of its platoon", unit=unit.id),
                            "D14.22")
    members = _members_of(position, unit)
    if not members:
        raise IllegalAction(T("{unit}'s platoon does not meet D14.21 now: it moves only as D14.23 allows",
                              unit=unit.id), "D14.21")
    if not unit.has(ON):
        other = crew(position)
        if other:
            raise IllegalAction(T("the platoon of {units} is moving: its MPh is over first",
                                  units=", ".join(u.id for u in other)), "D14.3")
        if any(u.id in position.state.moved or u.has(radioless.FAILED) for u in members):
            raise IllegalAction(T("a platoon moves together: {units} has moved this MPh",
                                  units=", ".join(u.id for u in members)), "D14.21")
        stuck = [u.id for u in members if not is_mobile(u.markers)]
        if stuck:  # D14.22 keeps it in the platoon; D14.31: no impulse unless every AFV can spend its MP
            raise IllegalAction(T("{units} of the platoon is immobile and can spend no MP: the platoon makes "
                                  "no impulse (an AFV leaves it only by D14.23's non-platoon movement)",
                                  units=", ".join(stuck)), "D14.31")
    if acted(unit) is not None:
        raise IllegalAction(T("{unit} has made its one MP action in this impulse (D14.31): declare the "
                              "impulse's end", unit=unit.id), "D14.31")
    if not is_mobile(unit.markers):
        raise IllegalAction(T("{unit} is immobile (bogged, mired, shocked or stunned): it spends no MP in an "
                              "impulse", unit=unit.id), "D.7")
    cost = _cost(position, unit, move)
    now = {u.id: acted(u) or Fraction(0) for u in members}
    now[unit.id] = cost
    go = platoon.PlatoonMove(allowance(members), spent(members))
    go.impulse(now)  # D14.31: past the slowest AFV's MP, refused
    return act.Move(move.units, move.path, cost, move.mode)


def _check_end(position: Position, move: act.Move, units: list[UnitState]) -> act.Move:
    members = crew(position)
    if not members or sorted(u.id for u in units) != [u.id for u in members]:
        raise IllegalAction(T("name the moving platoon's AFVs: {units}",
                              units=", ".join(u.id for u in members) or "-"), "D14.31")
    if move.path != (members[0].hex,):
        raise IllegalAction(T("name the first AFV's hex: move {units} {hex} as {mode}",
                              units=",".join(u.id for u in members), hex=position.label(members[0].hex),
                              mode=move.mode), "D14.31")
    costs = [acted(u) for u in members]
    if move.mode == DONE:
        if any(c is not None for c in costs):
            raise IllegalAction(T("an impulse is being made: declare its end first"), "D14.31")
        impentry.check_done(position, members)  # D14.212, A2.5: the AFVs due come on first
        return act.Move(move.units, move.path, None, move.mode)
    if all(c is None for c in costs):
        raise IllegalAction(T("no AFV of the platoon has spent MP in this impulse"), "D14.31")
    out = apart(position, members)
    if out and (len(members) > 1 or impedge.away(position, members)):
        if not members[0].has(REFORM):
            raise IllegalAction(T("{units} would end the impulse out of formation: each in or next to a "
                                  "mate's hex with LOS, all stopped or all non-stopped",
                                  units=", ".join(out)), "D14.21")
        could = _could_meet(position, members)
        if could:
            raise IllegalAction(T("{units} must re-conform at the earliest impulse end: {how} would have "
                                  "done it", units=", ".join(u.id for u in members), how=could), "D14.22")
    return act.Move(move.units, move.path, None, move.mode)


def _could_meet(position: Position, members: list[UnitState]) -> str:
    """D14.22: from where the two stood at this impulse's start (hex and VCA), would one entry each into a
    VCA hex (or staying), within the MP left, have met D14.21 with a new hex entered? The first such way, or
    ""."""
    if len(members) != 2:
        return ""
    left = allowance(members) - spent(members)
    options: list[list[tuple[Hex, Fraction]]] = []
    for u in members:
        frm, f = _before(u)
        here = [(frm, Fraction(0))]
        if moving(u) and is_mobile(u.markers) and frm in position.map:  # (off it: came on, impentry.py)
            for to in _entries(frm, f, backing(u)):
                if to not in position.map or any(x.side != u.side for x in position.units_at(to)):
                    continue
                step = armour.step_mp(position, u, armour.vtype(u), frm, to)
                if step is not None and backing(u):
                    step = vm.reverse_mp(step, armour.vtype(u).rev)
                if step is not None and step <= left and not armour.all_mp(position, u, frm, to):
                    here.append((to, step))
        options.append(here)
    starts = [o[0][0] for o in options]
    for combo in itertools.product(*options):
        where = {u.id: h for u, (h, _) in zip(members, combo, strict=True)}
        if list(where.values()) == starts or max(c for _, c in combo) > left:
            continue
        states = {u.id: status(u) for u in members}
        if not platoon.conforms(where, states, lambda a, b: impedge.sees(position, a, b)):
            return ", ".join(f"{u.id} {position.label(frm)}-{position.label(h)}"
                             for u, frm, (h, _) in zip(members, starts, combo, strict=True) if h != frm)
    return ""


def _before(unit: UnitState) -> tuple[Hex, int]:
    """Its hex and VCA at the impulse's start."""
    for m in unit.markers:
        if m.startswith(FROM):
            q, r, f = m[len(FROM):].split(",")
            return Hex(int(q), int(r)), int(f)
    assert unit.hex is not None
    return unit.hex, armour.facing_of(unit)


def act_one(position: Position, move: act.Move) -> State:
    """The AFV's one action in the impulse (D14.31); the platoon's movement begins with the first."""
    state = _forget_last(position.state)  # D14.33: the last impulse's expenditures are past
    unit = state.units[move.units[0]]
    if not unit.has(ON):
        for u in _members_of(position, unit):
            state = state.with_unit(state.units[u.id].mark(ON))
        unit = state.units[unit.id]
    cost = Fraction(move.cost) if isinstance(move.cost, int | Fraction) else Fraction(0)
    assert unit.hex is not None
    marks = (MP + str(int(2 * cost)), f"{FROM}{_hx(unit.hex)},{armour.facing_of(unit)}")
    unit = unit.mark(*marks)
    if move.mode == START:
        unit = hulldown.without_hd(unit).mark(GO, STARTED)  # D2.12; D4.221: the HD counter goes
    elif move.mode == START_REV:
        unit = hulldown.without_hd(unit).mark(GO, BACK, STARTED)  # D2.12, D2.2
    elif move.mode == STOP:
        unit = unit.mark(remove=(GO, BACK, "motion", armour.REV_MOTION, armour.HW_STARTED))  # D2.13
    elif move.mode == EXIT:  # D14.212: it goes at the impulse's end, after D14.21 is checked with it
        unit = impedge.mark(position, unit, back=backing(unit))
    elif move.mode in (CW, CCW):
        f = armour.facing_of(unit)
        unit = armour.with_facing(unit, (f + (-1 if move.mode == CW else 1)) % 6)  # D2.11 (facings go ccw)
    elif move.mode in (ENTER, REV, BYPASS, THROUGH):
        to = move.path[1]
        frm = move.path[0]
        pair = _entries(frm, armour.facing_of(unit), backing(unit))
        d = direction_between(frm, to)
        road = d in position.map.road_exits(frm) and opposite(d) in position.map.road_exits(to)
        # a firer that moves loses its aim (but D11.12); D11.22: Schuerzen stripped; a moving target (D2.1)
        unit = vequip.after_entry(position, unit, to, road=road).at(to).mark("entered")
        # D2.3: astride the hexside between its two VCA (rear) hexes; D2.33: an entry ends a bypass
        n = (pair[1] if pair[0] == to else pair[0]) if move.mode == BYPASS else None
        unit = vbypass.with_across(unit, n)
        on_top = riders.carried_riders(state, unit, armour.vtype(unit).passengers)
        if on_top and move.mode != BYPASS and riders.barred(position.map.terrain(to), road=road):
            state = riders.bail_out(position.at(state), on_top, frm, "D6.21")  # before the woods or building
        for rider in [u for u in state.units.values() if u.carrier == unit.id]:  # aboard, along (D6.1)
            state = state.with_unit(rider.at(to))
        if move.mode == ENTER:
            unit = impovr.mark(position, unit, to)  # D7.1: its OVR, at the impulse's end
        state = impmud.entry(position, state, unit.id, frm, to)  # D8.23
        paths = dict(getattr(state.game, "vpath", ()))  # D2.401: where it went, for Motion attempts
        went: dict[str, Any] = {"vpath": tuple((*(p for p in paths.items() if p[0] != unit.id),
                                               (unit.id, (*paths.get(unit.id, (frm,)), to))))}
        state = state.replace(game=dataclasses.replace(state.game, **went))
    return state.with_unit(unit)


def _forget_last(state: State) -> State:
    for u in [u for u in state.units.values() if any(m.startswith(impaa.LAST) for m in u.markers)]:
        state = state.with_unit(impaa.strip(u, impaa.LAST))
    return state


def _unspent_ovr(position: Position) -> State:
    """D7.1 with A12.41: into a Location of concealed units only, the OVR's MP are spent once their PAATC is
    resolved: an AFV whose entry's A12.41 question left no one there to overrun (a dummy stack revealed and
    gone, A12.14) makes no OVR and spends no OVR MP in the impulse."""
    state = position.state
    for u in crew(position):
        marks = tuple(m for m in u.markers if m.startswith(impovr.OVR))
        now = acted(u)
        if not marks or now is None:
            continue
        if overrun.is_overrun(position, u.side, _parse(marks[0][len(impovr.OVR):])):
            continue
        left = max(Fraction(0), now - overrun.extra_mp(armour.vtype(u).mp))
        was, now_mp = MP + str(int(2 * now)), MP + str(int(2 * left))
        state = state.with_unit(u.mark(remove=(*marks, was)).mark(now_mp))
    return state


def end_impulse(position: Position, move: act.Move) -> State:
    """D14.31: every AFV pays the impulse's cost; D14.21's one bog / breakdown DR; then D14.32's windows."""
    position = position.at(_unspent_ovr(position))  # D7.1, A12.41
    state = position.state
    members = crew(position)
    cost = platoon.impulse_cost({u.id: acted(u) or 0 for u in members})
    total = spent(members) + cost
    together = not apart(position, members)
    state = impaa.end_impulse(_forget_last(state), [u.id for u in members])  # D14.33: theirs, apart
    for u in members:
        unit = armour.with_spent(state.units[u.id], total).mark(f"{impaa.LAST}{int(2 * cost)}")
        if together:
            unit = unit.mark(remove=(REFORM,))  # D14.22: re-conformed
        state = state.with_unit(unit)
    state = log_mp(state, members, cost)  # D2.401: the impulse's MP where each AFV spent them
    state = impedge.leave_map(position.at(state), members, status)
    ids = ",".join(u.id for u in members)
    members = [state.units[u.id] for u in members if u.id in state.units]
    state, due = _mud_now(position.at(state), ids)  # D8.23: a secret dr already rolled comes due
    checks = [*due, *_checks(position.at(state), members)]
    state = _clear(state)
    if checks:
        return state.push(*checks)
    return after_checks(position.at(state), ids)


def log_mp(state: State, members: list[UnitState], cost: Fraction) -> State:
    """D2.401 with D14.31: each AFV of the platoon spent the impulse's MP (its cost, the most any spent in it)
    in the hex it holds at the impulse's end (an entry's MP are spent entering it); kept with the hex it began
    its MPh in (None: off the map, A2.51), so a Motion attempt in a later impulse's window counts all the MP
    it spent in the enemy vehicle's LOS (vmotion.spent_in_log)."""
    game: Any = state.game
    if not hasattr(game, "imp_mp"):
        return state
    logs = {uid: (start, spent) for uid, start, spent in game.imp_mp}
    paths = dict(getattr(game, "vpath", ()))
    for u in members:
        unit = state.units.get(u.id)
        if unit is None or unit.hex is None:
            continue
        if unit.id in logs:
            start, done = logs[unit.id]
        else:  # its first impulse: where its MPh began
            came = vmotion.came_on(unit) is not None
            start, done = (None if came else paths.get(unit.id, (u.hex,))[0]), ()
        logs[unit.id] = (start, (*done, (unit.hex, cost)))
    kept = tuple((uid, start, done) for uid, (start, done) in logs.items())
    return state.replace(game=dataclasses.replace(game, imp_mp=kept))


def _clear(state: State) -> State:
    for u in list(state.units.values()):
        old = tuple(m for m in u.markers if m.startswith(TEMP))
        if old:
            state = state.with_unit(u.mark(remove=old))
    return state


def _checks(position: Position, members: list[UnitState]) -> list[Decision]:
    """D14.21: before any attack, one DR for each situation that calls for one, each AFV its own DRM."""
    out: list[Decision] = []
    if not members:
        return out  # all of them left the map (D14.212)
    ids = ",".join(u.id for u in members)
    bog: dict[str, int] = {}
    for u in members:
        frm = _before(u)[0]
        if u.hex is not None and frm != u.hex and vbypass.across_of(u) is None:  # D2.3: no bog in bypass
            d = armour.bog_check(position, u, frm, u.hex, off_board=frm not in position.map)  # (impentry.py)
            if d is not None:
                bog[u.id] = int(d.arg("drm", "0"))
    red = {u.id: 0 for u in members if u.has(STARTED) and axisred.red_mp(position, u)}
    side = members[0].side
    mud = impmud.check(position, members)  # D8.23
    if mud is not None:
        out.append(mud)
    return [*out, *platoon_drs(side, ids, bog, red)]


def platoon_drs(side: str, ids: str, bog: dict[str, int], red: dict[str, int],
                more: tuple[tuple[str, str], ...] = ()) -> list[Decision]:
    """D14.21: the platoon's one bog DR and one mechanical reliability DR (D2.51), each for the AFVs whose
    actions call for one (AFV id -> its own DRM); ``more``: the caller's args (hwaa.py: ``wave``, whose
    windows are its own, not ``after_checks``')."""
    out: list[Decision] = []
    for what, rule, subjects in (("bog", "D8.21", bog), ("breakdown", "D2.51", red)):
        if not subjects:
            continue
        drms = ", ".join(f"{k} {v:+d}" for k, v in sorted(subjects.items()))
        prompt = (T("the platoon's one bog DR for {units} (D14.21, D8.21): 12 or more, each with its own "
                    "DRM, bogs one", units=drms) if what == "bog" else
                  T("the platoon's one mechanical reliability DR for {units} (D14.21, D2.51): 12 immobilizes "
                    "one", units=drms))
        out.append(Decision("roll", side, prompt, rule, BOG, dice="DR", subject=tuple(sorted(subjects)),
                            args=(("crew", ids), ("what", what),
                                  *((f"drm:{k}", str(v)) for k, v in sorted(subjects.items())), *more)))
    return out


def resume_mud(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D8.23: the platoon's secret DR (impmud.py); bogging none, its DR is spent for the MPh."""
    hit = impmud.hit_by(decision, answer)
    if hit:
        return impmud.ask_dr(position, decision, hit)
    state = impmud.record(position.state, impmud.rolled_for(decision), set(), 0)
    return _mud_bogs(position.at(state), decision)


def resume_mud_dr(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    state = impmud.record(position.state, impmud.rolled_for(decision), set(decision.subject),
                           answer.dice[0])
    return _mud_bogs(position.at(state), decision)


def _mud_now(position: Position, ids: str) -> tuple[State, list[Decision]]:
    """D8.23: an AFV whose count of entries reached the secret dr bogs in that hex (its MPh over, D8.21);
    several at once, a Random Selection dr names one (D14.21)."""
    state, due = impmud.due(position.state, ids)
    if len(due) > 1:
        prompt = T("the DR falls on {units}: Random Selection names one, roll a dr (D14.21)",
                   units=", ".join(due))
        return state, [Decision("roll", state.units[due[0]].side, prompt, "D14.21", BREAK, dice="dr",
                                subject=tuple(due), args=(("crew", ids), ("what", "bog")))]
    if due:
        state = _fall(state, due[0], "bog")
    return state, []


def _mud_bogs(position: Position, decision: Decision) -> State:
    state, more = _mud_now(position, decision.arg("crew"))
    if more:
        return state.push(*more)
    return _next(position.at(state), decision)


def resume_check(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The one DR: the AFVs it falls on; more than one, Random Selection names which (D14.21)."""
    assert answer.dice is not None
    dr = sum(answer.dice)
    hit = [u for u in decision.subject if dr + int(decision.arg(f"drm:{u}", "0")) >= 12]
    state = position.state
    if len(hit) > 1:
        prompt = T("the DR falls on {units}: Random Selection names one, roll a dr (D14.21)",
                   units=", ".join(hit))
        return state.push(Decision("roll", decision.side, prompt, "D14.21", BREAK, dice="dr",
                                   subject=tuple(hit), args=decision.args))
    if hit:
        state = _fall(state, hit[0], decision.arg("what"))
    return _next(position.at(state), decision)


def resume_pick(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D14.21: Random Selection among the AFVs the DR fell on (a dr shared out evenly)."""
    assert answer.dice is not None
    hit = decision.subject[(answer.dice[0] - 1) * len(decision.subject) // 6]
    return _next(position.at(_fall(position.state, hit, decision.arg("what"))), decision)


def _fall(state: State, uid: str, what: str) -> State:
    off = impmud.bog_off(state, uid) if what == "bog" else None  # D8.23 with A2.51: in an off-board hex
    if off is not None:  # off the map again: no longer in the impulses (its MPh over, D8.21)
        u = off.units[uid]
        drop = tuple(m for m in u.markers if m.startswith((*TEMP, impovr.OVR, vmotion.CAME, impaa.LAST))
                     or m in (ON, GO, BACK, REFORM, "entered", "motion"))
        moved = off.moved if uid in off.moved else (*off.moved, uid)
        return off.with_unit(u.mark(remove=drop)).replace(moved=moved)
    result = "bogged" if what == "bog" else "immobilized"  # D8.21, D2.51
    return state.with_unit(state.units[uid].mark(result))


def _next(position: Position, decision: Decision) -> State:
    if any(d.then in (BOG, BREAK, impmud.MUD, impmud.MUD_DR) for d in position.state.decisions):
        return position.state  # the other DR is still to roll
    if decision.arg("wave"):
        return position.state  # a Human Wave's platoon (hwaa.py): the wave's own window comes next
    return after_checks(position, decision.arg("crew"))


def after_checks(position: Position, ids: str) -> State:
    """D14.32: a Defensive First Fire window at each hex the platoon holds, one after another."""
    members = [position.units[u] for u in ids.split(",") if u in position.units]
    hexes: list[Hex] = []
    for u in members:
        if u.hex is not None and u.hex not in hexes and platoon._in_play(u):
            hexes.append(u.hex)
    return _window(position, position.state, ids, hexes, "")


def _window(position: Position, state: State, ids: str, hexes: list[Hex], shot: str) -> State:
    """Open the next window that an enemy could use (vehicle fire, a Motion attempt, smoke); past the last,
    what the impulse's losses and MP leave (``_settle``)."""
    members = [state.units[u] for u in ids.split(",") if u in state.units]
    while hexes and members:
        h, hexes = hexes[0], hexes[1:]
        here = tuple(u.id for u in members if u.hex == h and platoon._in_play(u))
        here += tuple(u.id for u in impaa.infantry(state, [m.id for m in members])
                      if u.hex == h and u.type != "sw")  # D14.33: both groups, one stack (D14.32)
        if not here:
            continue
        reactor = position.enemy_of(members[0].side)
        prompt = T("the platoon's impulse is over: {units} in {hex} spent their MP with it; fire at them now "
                   "or pass (D14.32)", units=", ".join(here), hex=position.label(h))
        react = Decision("react", reactor, prompt, "D14.32", WINDOW, subject=here, target=h,
                         args=(("crew", ids), ("rest", ";".join(_hx(x) for x in hexes)), ("shot", shot),
                               (ccreact.MOST, str(_allowed(state, ids)))))  # D7.2: CC Reaction at each MP
        probe = state.replace(moving=Moving(here, (h,), 0)).push(react)
        view = position.at(probe)
        # D2.401 a Motion attempt; D7.21 CC Reaction Fire at an AFV that spent MP in the defender's Location
        extra = (*vmotion.choices(view, reactor), *ccreact.choices(view, reactor))
        if extra or any(True for _ in vsmoke.generate(None, view)) or _infantry_fire(view, here) or any(
                _shots(shot, f.firers) < _allowed(state, ids, here) for f in vfire.generate(view)
                if isinstance(f, act.Fire)):
            react = dataclasses.replace(react, choices=(*react.choices, *extra))
            # under a question still open (a Motion dr asked in the last window): answered after it
            return state.replace(moving=Moving(here, (h,), 0), decisions=(react, *state.decisions))
    return _overruns(position.at(state), ids)


def _overruns(position: Position, ids: str) -> State:
    """D7.1, D14.32: after the windows, the OVRs of the impulse (impovr.py), then what its MP leave."""
    state, attacks = impovr.attacks(position, ids)
    state = _settle(position.at(state), ids)
    return state.push(*attacks) if attacks else state


def _infantry_fire(view: Position, here: tuple[str, ...]) -> bool:
    """D14.33: with Armored Assault infantry in the window, any fire the defender has at them opens it."""
    if all(armour.is_vehicle(view.units[u]) for u in here if u in view.units):
        return False
    from hexmate.rules.games.asl import fire as asl_fire

    game = cast("AslGame", view.game)
    return any(isinstance(f, act.Fire) for f in asl_fire.generate(game, view))


def resume_window(position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state.replace(moving=None)
    rest = [_parse(x) for x in decision.arg("rest").split(";") if x]
    return _window(position, state, decision.arg("crew"), rest, decision.arg("shot"))


def _shots(shot: str, firers: tuple[str, ...]) -> int:
    """How many times these firers have fired at the platoon in this impulse (the most of any of them)."""
    made = [x for x in shot.split(",") if x]
    return max((made.count(f) for f in firers), default=0)


def _allowed(state: State, ids: str, infantry: tuple[str, ...] = ()) -> int:
    """D14.32, D14.33 example: a firer has a shot at each MP (MF) the impulse cost either group (its 1st,
    2nd... MP: the AFVs spent each MP together, so one shot each), at least one."""
    units = [state.units[u] for u in (*ids.split(","), *infantry) if u in state.units]
    return max(1, math.ceil(max((impaa.last(u) for u in units), default=Fraction(0))))


def note_fire(position: Position, fire: act.Fire) -> State:
    """D14.32: a firer at the platoon in this impulse is remembered on the window (one shot at each MP of the
    impulse); D14.33: its k-th shot is at the k-th MP/MF, so it attacks only the units that spent as many."""
    state = position.state
    top = state.decision
    if top is None or top.then != WINDOW:
        return state
    k = _shots(top.arg("shot"), fire.firers) + 1
    shot = ",".join(sorted([*(x for x in top.arg("shot").split(",") if x), *fire.firers]))
    state = state.pop().push(top.with_args(shot=shot))
    if state.moving is not None:
        hit = impaa.targets(state, top.subject, k)
        state = state.replace(moving=dataclasses.replace(state.moving, units=hit or top.subject))
    return state


def check_fire(position: Position, fire: act.Fire) -> None:
    """D14.32: a firer fires at the platoon once for each MP of the impulse (its AFVs spent each MP together;
    D14.33 example: the 2nd shot is at the 2nd MP); the moving side's Bounding First Fire only between
    impulses."""
    top = position.state.decision
    if top is not None and top.then == WINDOW:
        if _shots(top.arg("shot"), fire.firers) >= _allowed(position.state, top.arg("crew"), top.subject):
            raise IllegalAction(T("{units} fired at the platoon in this impulse at each MP it cost: its AFVs "
                                  "spent their MP together", units=", ".join(fire.firers)), "D14.32")
    elif in_impulse(position) and top is None:
        raise IllegalAction(T("the platoon's Bounding First Fire waits for the impulse's end"), "D14.32")


def check_unload(position: Position, unload: act.Unload) -> None:
    """D6.5 in an impulse (D14.31): a stopped platoon AFV unloads as its one MP action, for a quarter of its
    MP allowance (FRU), within the platoon's MP; transport.check_unload checks the rest of D6.5."""
    _base(position, act.Move((unload.carrier,), (), None, END))
    unit = position.units[unload.carrier]
    if acted(unit) is not None:
        raise IllegalAction(T("{unit} has made its one MP action in this impulse (D14.31): declare the "
                              "impulse's end", unit=unit.id), "D14.31")
    if moving(unit):
        raise IllegalAction(T("a vehicle unloads only while stopped in its own MPh"), "D6.5")
    members = crew(position)
    now = {u.id: acted(u) or Fraction(0) for u in members}
    now[unit.id] = Fraction(vm.unloading(armour.vtype(unit).mp, armour.spent_of(unit))[1])
    platoon.PlatoonMove(allowance(members), spent(members)).impulse(now)  # D14.31


def unloaded(position: Position, state: State, carrier: str) -> State:
    """After transport.apply_unload: the AFV's unloading MP are its action in the impulse, paid with the
    impulse's cost at its end (D14.31), not at once."""
    unit = position.units[carrier]
    if not unit.has(ON) or unit.hex is None:
        return state
    cost = armour.spent_of(state.units[carrier]) - armour.spent_of(unit)
    after = armour.with_spent(state.units[carrier], armour.spent_of(unit))
    marks = (MP + str(int(2 * cost)), f"{FROM}{_hx(unit.hex)},{armour.facing_of(unit)}")
    after = after.mark(*marks)
    return state.with_unit(after)


def _settle(position: Position, ids: str) -> State:
    """After the windows: a lone survivor moves on freely (D14.22); a platoon with no impulse of 1 MP left
    ends its MPh (D14.31)."""
    state = position.state
    members = [state.units[u] for u in ids.split(",") if u in state.units and state.units[u].has(ON)
               and platoon._in_play(state.units[u])]
    lost = [u for u in ids.split(",") if u in state.units and u not in {m.id for m in members}]
    if lost and members:  # D14.331: infantry whose AFV is gone wait for the platoon
        state = impaa.orphans(position.at(state), [u.id for u in members])
    if lost and len(members) == 2 and apart(position.at(state), members):
        for u in members:
            state = state.with_unit(state.units[u.id].mark(REFORM))  # D14.22: re-conform
    alone = len(members) == 1 and not impedge.away(position.at(state), members)
    if alone:  # D14.22: free for the rest of the MPh, in the status it has
        state = impaa.release(position.at(state), [members[0].id])  # no impulses left: they go on alone
        lone = state.units[members[0].id]
        rev = (armour.REV_MOTION,) if backing(lone) else ()  # D2.24: it goes on in reverse
        lone = lone.mark("motion", radioless.PASSED, *rev, remove=(ON, GO, BACK)) if lone.has(GO) else \
            lone.mark(radioless.PASSED, remove=(ON,))
        return state.with_unit(lone)
    if members and platoon.PlatoonMove(allowance(members), spent(members)).over:
        return finish(state, [u.id for u in members])
    if any(not is_mobile(u.markers) for u in members):  # D8.21 / stun: its MP are over, and so the platoon's
        return finish(state, [u.id for u in members])  # (D14.31: an impulse needs every AFV's MP)
    return state


def finish(state: State, ids: list[str]) -> State:
    """The platoon's MPh is over: its MP left count as spent; a non-stopped AFV is in Motion (D14 example)."""
    state = impaa.finish(_forget_last(state), ids)  # D14.331: the infantry's MPh too
    members = [state.units[u] for u in ids if u in state.units]
    for u in members:
        temps = (m for m in u.markers if m.startswith(TEMP))
        unit = u.mark(remove=(ON, GO, BACK, REFORM, armour.REV_MOTION, *temps))
        if u.has(GO) and is_mobile(u.markers):  # stunned: it stops at once (D5.34); bogged: its MP end
            unit = unit.mark("motion")
        if unit.has("motion") and backing(u):  # D2.24: Reverse Motion, into its next MPh (armour.py)
            unit = unit.mark(armour.REV_MOTION)
        unit = armour.with_spent(unit, max(armour.spent_of(u), armour.budget(u)))  # each its own MP (D2.1)
        state = state.with_unit(unit)
    return state.replace(moved=(*state.moved, *(u.id for u in members if u.id not in state.moved)))


def done(position: Position, move: act.Move) -> State:
    return finish(position.state, list(move.units))


def end_of_mph(position: Position) -> State:
    """The MPh ends with the platoon still moving: its MPh is over too (an impulse half made costs its MP)."""
    state = position.state
    if position.phase.id != "MPh":
        return state
    members = crew(position)
    if not members:
        return state
    cost = platoon.impulse_cost({u.id: acted(u) or 0 for u in members})
    for u in members:
        state = state.with_unit(armour.with_spent(state.units[u.id], spent(members) + cost))
    state = impedge.leave_map(position.at(state), members, status)
    return finish(state, [u.id for u in members])


def convoy(vehicle: UnitState) -> str:
    """D6.5 with D14.3: whose unloaded units these are: a platoon AFV's in its impulses are the platoon's (one
    stack: they go on once its MPh is over, apart, any of its AFVs' moves between theirs), else the
    vehicle's own (mphsw.unloaded)."""
    name = platoon.name_of(vehicle)
    return f"{platoon.PLATOON}{name}" if vehicle.has(ON) and name is not None else vehicle.id


def apply(position: Position, move: act.Move) -> State:
    lead = position.units.get(move.units[0])  # A4.2, D6.5: the platoon acts, another vehicle's unloaded
    if lead is not None and lead.type == "vehicle":  # units have finished their moves
        ids = [u.id for u in _members_of(position, lead)] or [lead.id]
        keys = {f"{platoon.PLATOON}{n}" for u in ids if (n := platoon.name_of(position.units[u])) is not None}
        position = position.at(mphsw.vehicle_acts(position.state, *keys, *ids))
    if move.mode == END:
        return end_impulse(position, move)
    ids = [u.id for u in crew(position)]
    if move.mode == PART:
        return impaa.part(position, move, ids)  # D14.331
    if move.mode == FIRST:
        return impaa.go_first(position, move, ids)  # D14.331: the platoon waits for them
    # D14.331: the platoon acts again: infantry that went first are done; at a new impulse's first action,
    # those their AFV left behind in the last impulse wait for the platoon
    position = position.at(impaa.resume(position.state))
    if not in_impulse(position):
        position = position.at(impaa.deserted(position, ids))
    if move.mode == DONE:
        return done(position, move)
    if move.mode in impentry.MODES:  # D14.212: on from off the map, its one action of the impulse
        members = crew(position)
        state = _forget_last(position.state)
        cost = Fraction(move.cost) if isinstance(move.cost, int | Fraction) else Fraction(0)
        if not members:  # the platoon's first action: its AFVs on the map move with it
            name = platoon.name_of(position.units[move.units[0]]) or ""
            for u in platoon.roster(state, name, position.phasing):
                state = state.with_unit(u.mark(ON))
        back = (BACK,) if move.mode == impentry.IN_REV else ()  # D2.2: backing on, in reverse (D14.21)
        marks = (ON, GO, *back, MP + str(int(2 * cost)))  # in platoon movement, non-stopped, its MP now
        state = impentry.apply(position.at(state), move, members, spent(members), marks)
        came = impentry.came_from(position, position.units[move.units[0]], move.path[0], bool(back))  # bog DR
        unit = state.units[move.units[0]]
        if move.mode == impentry.IN:  # D7.1 with A12.41: its OVR of concealed infantry there
            unit = impovr.mark(position.at(state), unit, move.path[0])
        state = state.with_unit(unit.mark(f"{FROM}{_hx(came)},{armour.facing_of(unit)}"))
        before = position.units[move.units[0]]
        crossed, counts = impentry.mud_hexes(position, before, move.path[0], bool(back))
        return impmud.came_on(position, state, unit.id, crossed, counts)  # D8.23 with A2.51
    if len(move.units) > 1:  # D14.33: the AFV's entry, its Armored Assault infantry with it
        afv = position.units[move.units[0]]
        ids = [u.id for u in _members_of(position, afv)]
        cost = impaa.check_enter(position, move, afv, ids)
        state = act_one(position, act.Move(move.units[:1], move.path, move.cost, move.mode))
        return impaa.entered(position, state, move, cost)
    return act_one(position, move)


def generate(position: Position) -> Iterator[act.Move]:
    """What the moving side may do in platoon movement now: each AFV's one action, the impulse's end, the
    platoon's MPh's end; before it begins, the first actions of each platoon meeting D14.21."""
    state = position.state
    if position.phase.id != "MPh" or state.decision is not None or state.moving is not None:
        return
    members = crew(position)
    if not members:
        seen: set[str] = set()
        for unit in sorted(position.units.values(), key=lambda u: u.id):
            name = platoon.name_of(unit)
            if unit.side == position.phasing and name is not None and name not in seen:
                group = _members_of(position, unit)
                if group:
                    seen.add(name)
                    for u in group:
                        yield from _options(position, u)
                        yield from _with_infantry(position, u)
        return
    for u in members:
        yield from _options(position, u)
        yield from _with_infantry(position, u)
    engaged = tuple(x.id for x in impaa.infantry(position, [m.id for m in members]))
    where = position.units[engaged[0]].hex if engaged else None
    if where is not None:  # D14.331: they wait for the platoon, or go first
        for mode in (PART, FIRST):
            with contextlib.suppress(IllegalAction):
                yield check(position, act.Move(engaged, (where,), None, mode))
    assert members[0].hex is not None
    ids = tuple(u.id for u in members)
    for mode in (END, DONE):
        try:
            yield check(position, act.Move(ids, (members[0].hex,), None, mode))
        except IllegalAction:
            continue


def _options(position: Position, unit: UnitState) -> Iterator[act.Move]:
    if unit.hex is None:
        return
    tries = [act.Move((unit.id,), (unit.hex,), None, m)
             for m in (START, START_REV, STOP, CW, CCW, DELAY, EXIT)]
    back = backing(unit)
    across = vbypass.across_of(unit)
    if across is None:
        tries += [act.Move((unit.id,), (unit.hex, h), None, mode)
                  for h in _entries(unit.hex, armour.facing_of(unit), back) if h in position.map
                  for mode in ((REV,) if back else (ENTER, THROUGH)) + (BYPASS,)]
    else:  # D2.33: from bypass, into F or B
        tries += [act.Move((unit.id,), (unit.hex, h), None, REV if back else ENTER)
                  for h in vbypass.ends(unit.hex, across, armour.facing_of(unit)) if h in position.map]
    for move in tries:
        try:
            yield check(position, move)
        except IllegalAction:
            continue


def _with_infantry(position: Position, unit: UnitState) -> Iterator[act.Move]:
    """D14.33: the AFV's entries with the infantry beneath it (its Armored Assault stack, or one that may
    become it)."""
    if unit.hex is None:
        return
    men = [u for u in position.units_at(unit.hex) if u.side == unit.side and u.level == unit.level
           and u.carrier is None and u.type != "sw" and not armour.is_vehicle(u)]
    if not men:
        return
    ids = (unit.id, *carry.with_carried(position.state, sorted(men, key=lambda u: u.id)))
    for m in _options(position, unit):
        if m.mode == ENTER:
            try:
                yield check(position, act.Move(ids, m.path, None, ENTER))
            except IllegalAction:
                continue


def moves(position: Position, unit: UnitState) -> dict[Hex, act.Move]:
    """At the table: the hexes this platoon AFV may enter in the impulse now, one lift and one placement
    (D14.31); its actions in place and the impulse's end are on the page."""
    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        return {}
    return {m.path[1]: m for m in _options(position, unit) if m.mode in (ENTER, REV)}


def leading(position: Position) -> frozenset[str]:
    """D14.331: the infantry that parted to finish their MPh first, the platoon waiting, while they may."""
    return frozenset(u for u in impaa.leaders(position) if mphsw.may_go_on(position.units[u]))


def bar_other(position: Position, action: act.Action) -> None:
    """D14.3: the platoon moves as one stack; nothing else of its side moves until its MPh is over. Loading
    waits too: a platoon AFV has spent MP in its impulses, and D6.4 loads only a vehicle that has not moved
    this MPh. Unloading from a platoon AFV is its one MP action of an impulse (``check_unload``)."""
    if isinstance(action, act.Load) and under_way(position):
        raise IllegalAction(T("no loading while a platoon moves by impulses: its AFVs have spent MP (D6.4) "
                              "and nothing else of its side moves (D14.3)"), "D14.3")
    if isinstance(action, act.Unload) and under_way(position):
        if action.carrier not in {u.id for u in crew(position)}:
            raise IllegalAction(T("the platoon of {units} is moving by impulses: nothing else of its side "
                                  "unloads until its MPh is over",
                                  units=", ".join(u.id for u in crew(position))), "D14.3")
        check_unload(position, action)
    if isinstance(action, act.Move) and not is_impulse(action) and under_way(position):
        lead = set(impaa.leaders(position))
        sws = {u.id for u in position.units.values() if u.type == "sw" and u.carrier in lead}
        if lead and set(action.units) <= lead | sws:
            return  # D14.331: the parted infantry finish their MPh first, the platoon waiting
        raise IllegalAction(T("the platoon of {units} is moving by impulses: end its MPh first (move {ids} "
                              "{hex} as impulse_done)", units=", ".join(u.id for u in crew(position)),
                              ids=",".join(u.id for u in crew(position)),
                              hex=position.label(crew(position)[0].hex)), "D14.3")


__all__ = [
    "DONE",
    "END",
    "EXIT",
    "FIRST",
    "MODES",
    "WINDOW",
    "acted",
    "after_checks",
    "allowance",
    "apart",
    "apply",
    "bar_other",
    "check",
    "check_fire",
    "check_unload",
    "convoy",
    "crew",
    "end_of_mph",
    "finish",
    "generate",
    "in_impulse",
    "is_impulse",
    "leading",
    "log_mp",
    "moves",
    "note_fire",
    "platoon_drs",
    "resume_check",
    "resume_mud",
    "resume_mud_dr",
    "resume_pick",
    "resume_window",
    "spent",
    "under_way",
    "unloaded",
]
