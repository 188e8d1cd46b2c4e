"""ASL Armored Assault with a Human Wave (D14.33, D14.331, D14.332 with D9.31, A25.23); hw.py plays the wave.

What is built, paraphrasing the text (the Japanese rule text is the truth):

- D14.33: impulse movement combines with Armored Assault in a Human Wave; then every unit involved moves by
  impulses, the lone AFV with the wave too. The infantry's impulse and the vehicle's run side by side, each
  priced on its own by D14.31: the HW units' impulse costs the most MF any of them paid in it (hw.py), the
  AFV's the MP it paid; either may cost nothing (the AFV need not move in an impulse).
  ``move AFV,HW[,HW...] A-B as armored-assault``, in the wave's impulse: the AFV enters B as its one MP
  action of the impulse (its D2 MP for that one hex) and the HW units beneath it enter B with it as their one
  MF action (the hex must be among their impulse's Locations, A25.232; their MF for it). They are marked in
  Armored Assault with it (aa.py's ``aa:`` marker), so fire at them in its Location has its +1 TEM (D9.31,
  vcover.tem).
- D14.332: HW units have Armored Assault only moving with one AFV or one AFV platoon (the first joint move
  binds it to the wave: ``Wave.afv``, with its platoon ``Wave.platoon``; another AFV is refused) and only
  those that began their MPh beneath it (``Wave.origins`` against the AFV's hex at the start of the MPh,
  ``Wave.afv_from``, ``Wave.froms``), by moving stacked with it: a HW unit that once entered a Location
  without it has stopped its Armored Assault (``parted``) and gets it no more.
- D14.332, D14.333 with D14.31, D14.21: with a platoon (radioless, moving as one, as aa.py tells) each AFV
  makes its one MP action of the wave's impulse as a joint entry with the HW units beneath it (offered per
  AFV); the vehicles' impulse costs the most MP any AFV spent (``vacted``, per AFV ``vacts``) and every
  non-stopped AFV pays it at the impulse's end (``settle``), so all are First Fire targets then; no entry
  may take the vehicles' impulses (``vspent``) past the slowest AFV's MP (``_check_platoon``); the HW entry
  that ends the wave's impulse must leave the platoon meeting D14.21 (impulse.apart; ``check_formation``).
  Its AFVs make no impulse.py impulses of their own while the wave moves (``bar_impulse``).
- D14.33 with D14.32: the First Fire at the wave at an impulse's end may take the AFV too, if it spent MP in
  that impulse (``afv_targets``; hw.first_fire_targets; vfire's MA fire at it in its hex, a MG's AFV Kill
  attack, mgafv.py). Each attack affects only the units it may (the D14.33 example): an infantry firer has
  a shot at each MF/MP of the impulse, as many as the more either group spent (``shots``); its k-th shot is
  at the k-th MF/MP, so past the HW units' MF it goes at the AFV alone, in the AFV's hex only
  (``check_shot``), and the HW units there are no target of it (``shot_targets``, fire.resolve_attack).
- D14.331: once no HW unit is with the AFV any more, the two go on one after the other, the player picking
  the order. Either the AFV pauses while the wave finishes its impulses, then finishes its own MPh with the
  MP it has left (``release``); or, declared between the wave's impulses with ``move AFV HEX as afv-first``
  (``check_first``, ``go_first``), the AFV finishes its MPh first while the wave waits (``bar_alone``:
  no HW unit moves until the AFV has ended its move), and the wave then goes on to its end. The AFV may
  leave HW units still with it too, between impulses: ``afv-first`` parts them and goes first; ``move AFV
  HEX as afv-part`` parts them and pauses (the HW units stop its Armored Assault either way, so the whole
  wave has, and the HW exception's simultaneous movement is over). A platoon may part (``afv-part``, the
  whole platoon) and wait for the wave's end (``release`` frees all its AFVs), or go first (``afv-first``,
  the whole platoon parting) while the wave waits (``ahead``: until every AFV of it has ended its MPh).
  Either way it is still a platoon (D14.2: it leaves platoon movement only by D14.22, D14.23), so it
  finishes its MPh by platoon movement (D14.21, impulse.py; ``bar_impulse`` lets it), its MP of the wave's
  impulses spent (D14.31), an AFV started in them non-stopped (impulse.moving).
- D14.21: the platoon's one bog DR and one mechanical reliability DR at the wave's impulse's end, before its
  attacks (hwplt.py); a lone AFV rolls its own D2.51 DR as it starts.
- D14.31 with D2.12 (the D14.21 example's first impulse is the platoon's start): a stopped AFV's start is an
  MP action of an impulse of its own, so its joint entry waits for it: ``move AFV HEX as afv-start``
  (``check_start``, ``start``) spends the 1 MP in its hex (``armour.HW_STARTED``: non-stopped, no start MP
  again; Motion at the MPh's end if it never moves on) and a red-MP AFV rolls its D2.51 DR. The HW units
  with it make no MF action in that impulse: they wait beneath it (D14.33: the infantry or the vehicles'
  impulse may cost nothing), so they may still go on with it (D14.332), and keep the Location they held
  (hw.close_impulse: no A25.2322 step back counted for them). If that start ends the impulse, the window
  at the AFV opens in its hex (vinplace), not at a moving target (C.8). D14.331's exception: an AFV of the
  wave's platoon that no HW unit goes with may start too, while a mate still gives HW units Armored Assault
  (``_platoon_goes_on``), so the platoon may end the impulse in formation; it may enter a hex alone too
  (hwplt.py). D14.31 with D2.11: so is a VCA change, one hexspine an impulse (``move AFV HEX as afv-cw`` /
  ``afv-ccw``, 1 MP, 2 in an obstacle), made by a non-stopped AFV the same way; a joint entry goes only
  into a hex of its VCA (forward; its rear ones going on in Reverse Motion, D2.24).
- D14.33 (and A13.62): a Cavalry Wave has no Armored Assault (aa.bar_wave).

- D7.1 with A25.233: a joint entry into a Location of enemy infantry is the AFV's Overrun, its attack at the
  impulse's end (hwovr.py).

Not built (said in the report), with a platoon: an AFV parting from HW units
mid-impulse (only between impulses); a start or VCA change that names only some of the HW units beneath the
AFV (all of them wait with it); whether fire at a started AFV, in the window a later HW entry opens, reads it
as a moving target is untested (C.8: it is not one). Alone entries: hwplt.py.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import aa, armour, carry, hw, hwovr, hwplt, platoon, radioless, vbypass
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

FIRST = "afv-first"  # D14.331: the wave's AFV finishes its MPh before the wave
PART = "afv-part"  # D14.331: the wave's AFV stops its Armored Assault and waits for the wave's end
START = "afv-start"  # D14.31, D2.12: a stopped AFV of the wave spends its start MP as an impulse's MP action
CW, CCW = "afv-cw", "afv-ccw"  # D14.31, D2.11: its VCA one hexspine, as an impulse's MP action
IN_PLACE = (START, CW, CCW)
STARTED = armour.HW_STARTED  # its start MP paid in the wave's impulse, no new hex entered yet (D2.12)


def check(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """D14.33, D14.332 with D9.31: the AFV and the HW units beneath it enter one Location together, the AFV's
    one MP action and the HW units' one MF action of the impulse."""
    wave = hw.wave_of(game, position.state)
    units = [position.units[u] for u in move.units if u in position.units]
    afvs = [u for u in units if armour.is_vehicle(u)]
    men = [u for u in units if not armour.is_vehicle(u) and u.type != "sw"]
    aa.bar_wave(men)  # A13.62: no Cavalry Wave
    if wave is None:
        raise IllegalAction(T("the Human Wave is over"), "A25.234")
    if len(units) != len(move.units):
        raise IllegalAction(T("a unit of the Armored Assault is not on the map"), "D9.31")
    if len(afvs) != 1:
        raise IllegalAction(T("one AFV leads a joint entry, with the HW units beneath it (D14.332)"),
                            "D14.332")
    afv = afvs[0]
    if not men:
        raise IllegalAction(T("Armored Assault needs infantry moving with {afv} (D9.31)", afv=afv.id),
                            "D9.31")
    if afv.side != wave.side or afv.hex is None or not aa._armored(afv) or afv.has("wreck") \
            or afv.has("abandoned"):
        raise IllegalAction(T("{afv} is no AFV: only an AFV covers an Armored Assault (D9.31)", afv=afv.id),
                            "D9.31")
    if wave.afv is not None and afv.id not in afvs_of(wave):
        raise IllegalAction(T("the Human Wave moves with {afv} already: HW units have Armored Assault with "
                              "one AFV or one AFV platoon only (D14.332)", afv=wave.afv), "D14.332")
    crew = _platoon(position, afv) if wave.afv is None else \
        [position.units[m] for m in wave.platoon if m in position.units]
    if wave.afv is None and not crew:
        radioless.bar(position, afv)  # D14.23: a lone radioless AFV moves after a passed NTC
    hwovr.check(position, afv, men, move.path[1])  # D7.1 with A25.233: into enemy infantry, its OVR
    if aa.through(move):
        hwovr.check_through(position, afv, move.path[1])  # D7.1's "may": or without it
    if len(move.path) != 2 or move.path[0] != afv.hex:
        raise IllegalAction(T("in the Human Wave's impulse the AFV and its HW units enter one Location from "
                              "{hex} (D14.31, A25.232)", hex=position.label(afv.hex)), "D14.31")
    if afv.id in dict(wave.vacts):
        raise IllegalAction(T("{afv} has made its one MP action in this impulse (D14.31)", afv=afv.id),
                            "D14.31")
    if not going(afv):
        raise IllegalAction(T("{afv} is stopped: it spends its start MP as its one MP action of an impulse "
                              "first (move {afv} {hex} as afv-start; D14.31, D2.12)", afv=afv.id,
                              hex=position.label(afv.hex)), "D14.31")
    _check_vca(position, afv, move.path[1])
    start = dict(wave.froms).get(afv.id, wave.afv_from)
    if wave.afv is None:  # the first joint move: the AFV (its platoon) has not moved this MPh (D9.31)
        for v in crew or [afv]:
            if v.id in position.state.moved or armour.spent_of(v) > 0 or v.has("entered"):
                why = T("{unit} has already moved this MPh: Armored Assault is by infantry that begin their "
                        "MPh beneath the AFV (D9.31)", unit=v.id)
                raise IllegalAction(why, "D9.31")
        start = afv.hex
    origins = dict(wave.origins)
    for u in men:
        if u.id not in wave.units or not u.has(hw.MARKER):
            raise IllegalAction(T("{unit} is not part of the Human Wave", unit=u.id), "A25.23")
        if u.hex != afv.hex or u.level != afv.level or u.carrier is not None:
            raise IllegalAction(T("{unit} is not beneath {afv}: Armored Assault begins in the AFV's "
                                  "Location (D9.31)", unit=u.id, afv=afv.id), "D9.31")
        if origins.get(u.id) != start:
            raise IllegalAction(T("{unit} did not begin its MPh beneath {afv}: no Armored Assault for it "
                                  "(D14.332)", unit=u.id, afv=afv.id), "D14.332")
        fresh = aa.partner(u) is None and u.hex == start  # a platoon AFV's first: they stayed beneath it
        if wave.afv is not None and aa.partner(u) != afv.id and not fresh:
            raise IllegalAction(T("{unit} has stopped moving with {afv}: it has Armored Assault no more "
                                  "(D14.331, D14.332)", unit=u.id, afv=afv.id), "D14.332")
    hw.check_move(game, position, men, act.Move(tuple(u.id for u in men), move.path))  # A25.232
    driven = armour.check_move(_unmoved(position, afv), act.Move((afv.id,), move.path, None,
                                                                 hwovr.driven_mode(move)))  # D2
    if crew:
        _check_platoon(game, position, wave, crew, afv, move.path[1], driven.cost, {u.id for u in men})
    ids = (afv.id, *carry.with_carried(position.state, sorted(men, key=lambda u: u.id)))
    return act.Move(ids, move.path, driven.cost, move.mode)


def _check_vca(position: Position, afv: UnitState, to: Hex) -> None:
    """D14.31 with D2.11: the wave's AFV enters only a hex of its VCA (its rear ones going on in Reverse
    Motion, D2.24): turning is an MP action of an impulse of its own."""
    assert afv.hex is not None
    back = afv.has(armour.REV_MOTION) or afv.has(armour.BACKED_ON)  # D2.24: going on in reverse
    ahead = (fc.rear_hexes if back else fc.front_hexes)(afv.hex, armour.facing_of(afv))
    if to not in ahead:
        raise IllegalAction(T("{hex} is not in {afv}'s VCA: change it one hexspine as its MP action of an "
                              "impulse first (move {afv} {here} as afv-cw / afv-ccw; D14.31, D2.11)",
                              hex=position.label(to), afv=afv.id, here=position.label(afv.hex)),
                            "D14.31")










def moves(game: AslGame, position: Position, afv: UnitState,
          infantry: tuple[str, ...]) -> dict[Hex, act.Move]:
    """The joint entries on offer this impulse: each Location the HW units beneath the AFV may enter in it
    (A25.232) that the AFV may enter with them (D14.33)."""
    wave = hw.wave_of(game, position.state)
    men = [position.units[u] for u in infantry if u in position.units and position.units[u].type != "sw"]
    if wave is None or not men or afv.hex is None or any(u.id in dict(wave.acted) for u in men):
        return {}
    out: dict[Hex, act.Move] = {}
    for h in hw.step_options(game, position, wave, men[0]):
        try:
            out[h] = check(game, position, act.Move((afv.id, *infantry), (afv.hex, h), None, aa.MODE))
        except IllegalAction:
            continue
    return out


def _offers(game: AslGame, position: Position, afv: UnitState, infantry: tuple[str, ...]) -> list[act.Move]:
    """The joint entries on offer; one that is the AFV's OVR offered without it too (D7.1's "may",
    ``armored-assault+through``, hwovr.py)."""
    out: list[act.Move] = []
    for h, move in moves(game, position, afv, infantry).items():
        out.append(move)
        if hwovr.overruns(position, afv, h):
            try:
                out.append(check(game, position, act.Move((afv.id, *infantry), move.path, None,
                                                           aa.MODE + aa.THROUGH)))
            except IllegalAction:
                continue
    return out


def generate(game: AslGame, position: Position) -> list[act.Move]:
    """In the legal actions: the wave's AFV's joint entries with the HW units still with it (D14.33); before
    the first, each friendly AFV's with the HW units beneath it (aa.generate offers those); between
    impulses, its going first and, with HW units still with it, its parting from them (D14.331)."""
    wave = hw.wave_of(game, position.state)
    if wave is not None and wave.afv is None and position.phase.id == "MPh":
        return [*_platoon_offers(game, position, wave), *start_offers(game, position)]
    if wave is None or wave.afv is None or wave.afv not in position.units:
        return []
    out: list[act.Move] = []
    start = dict(wave.froms)
    for afv in (position.units[a] for a in afvs_of(wave) if a in position.units):
        men = [u for u in position.units.values() if u.id in wave.units and u.hex == afv.hex
               and (aa.partner(u) == afv.id or (aa.partner(u) is None and u.hex == start.get(afv.id)
                                                 and dict(wave.origins).get(u.id) == u.hex))]
        if men:
            ids = carry.with_carried(position.state, sorted(men, key=lambda u: u.id))
            out.extend(_offers(game, position, afv, ids))
    if wave.platoon and position.state.moving is None:
        out.extend(hwplt.alone_offers(game, position, wave))  # D14.331's exception
    return [*out, *start_offers(game, position), *first_offer(game, position)]  # D14.31, D14.331


def _platoon_offers(game: AslGame, position: Position, wave: hw.Wave) -> list[act.Move]:
    """Before the first joint move: each platoon AFV's with the HW units beneath it (D14.332; a lone AFV's
    are aa.generate's; impulse.py offers a platoon's own impulses, not these)."""
    out: list[act.Move] = []
    for afv in sorted(position.units.values(), key=lambda u: u.id):
        if afv.side != wave.side or not armour.is_vehicle(afv) or afv.hex is None \
                or not _platoon(position, afv):
            continue
        men = [u for u in hw.units_now(position, wave) if u.hex == afv.hex and u.level == afv.level
               and u.carrier is None]
        if men:
            ids = carry.with_carried(position.state, sorted(men, key=lambda u: u.id))
            out.extend(_offers(game, position, afv, ids))
    return out


def afvs_of(wave: hw.Wave) -> tuple[str, ...]:
    """The AFVs giving the wave Armored Assault: its one AFV, or all its AFV platoon's (D14.332)."""
    return wave.platoon or ((wave.afv,) if wave.afv is not None else ())


def _platoon(position: Position, afv: UnitState) -> list[UnitState]:
    """The AFV's platoon, itself in it, if it moves as one (D14.2, D14.23: radioless, no NTC passed to leave
    it; as aa.py), else none."""
    if not radioless.radioless(afv) or afv.has(radioless.PASSED) or not platoon.in_platoon(position, afv):
        return []
    return sorted([afv, *platoon.mates(position, afv)], key=lambda u: u.id)


def _check_platoon(game: AslGame, position: Position, wave: hw.Wave, crew: list[UnitState], afv: UnitState,
                   to: Hex, cost: object, movers: set[str]) -> None:
    """D14.31 with D14.33: the vehicles' impulse costs the most MP any AFV of the platoon spent in it, and no
    impulse may take the platoon past its slowest AFV's MP; D14.21: the entry that ends the wave's impulse
    leaves the platoon in formation (each AFV in or next to a mate's hex with LOS, all stopped or all not)."""
    from hexmate.rules.games.asl import impulse

    now = max(wave.vacted or 0, cost if isinstance(cost, int | Fraction) else 0)
    mp = platoon.allowance(int(armour.budget(u)) for u in crew)
    if wave.vspent + now > mp:
        raise IllegalAction(T("the platoon's impulses would cost {n} MP, past its {mp} (its slowest AFV's, "
                              "D14.31)", n=str(wave.vspent + now), mp=mp), "D14.31")
    acted = dict(wave.acted)
    if not all(u.id in acted or u.id in movers or not hw.step_options(game, position, wave, u)
               for u in hw.units_now(position, wave)):
        return  # D14.21 holds at the impulse's end only
    moved = dataclasses.replace(afv, hex=to).mark("motion")
    view = _as_going(position.at(position.state.with_unit(moved)), crew)
    out = impulse.apart(view, [view.units[u.id] for u in crew if u.id in view.units])
    if out:
        _apart(out)


def _apart(out: list[str]) -> None:
    raise IllegalAction(T("the impulse would end with {afvs} of the platoon out of formation: each AFV in or "
                          "next to a mate's hex, with LOS, all stopped or all not (D14.21)",
                          afvs=", ".join(out)), "D14.21")


def check_formation(game: AslGame, position: Position, move: act.Move) -> None:
    """D14.21: a HW stack's own entry that ends the wave's impulse leaves the wave's AFV platoon in
    formation."""
    wave = hw.wave_of(game, position.state)
    if wave is None or not wave.platoon or aa.claims(move):
        return
    crew = [position.units[m] for m in wave.platoon if m in position.units]
    acted = dict(wave.acted)
    movers = set(move.units)
    if not all(u.id in acted or u.id in movers or not hw.step_options(game, position, wave, u)
               for u in hw.units_now(position, wave)):
        return
    from hexmate.rules.games.asl import impulse

    view = _as_going(position, crew)
    out = impulse.apart(view, [view.units[u.id] for u in crew])
    if out:
        _apart(out)


def _as_going(position: Position, crew: list[UnitState]) -> Position:
    """D14.21's status: an AFV started in the wave's impulses (``STARTED``) is non-stopped, as one in
    Motion."""
    state = position.state
    for u in crew:
        unit = state.units.get(u.id)
        if unit is not None and unit.has(STARTED) and not unit.has("motion"):
            state = state.with_unit(unit.mark("motion"))
    return position.at(state)


def settle(state: State, wave: hw.Wave) -> State:
    """D14.31 at the impulse's end: every non-stopped AFV of the platoon has spent the vehicles' impulse's MP
    (the most any of them spent), though it made no MP action or a cheaper one."""
    cost = wave.vacted or 0
    own = dict(wave.vacts)
    for uid in wave.platoon:
        unit = state.units.get(uid)
        if unit is None or not going(unit) or own.get(uid, 0) >= cost:
            continue
        more = Fraction(cost) - own.get(uid, 0)
        state = state.with_unit(armour.with_spent(unit, armour.spent_of(unit) + more))
    return state


def _unmoved(position: Position, afv: UnitState) -> Position:
    """D14.31: the AFV moves again in each impulse of the wave, though it has moved: its MP so far still
    count (armour.spent_of), so it is checked as not yet done with its MPh."""
    moved = tuple(u for u in position.state.moved if u != afv.id)
    return position.at(position.state.replace(moved=moved))


def joint(game: AslGame, position: Position) -> bool:
    """Is the move under way the wave's AFV with HW units (D14.33)?"""
    wave = hw.wave_of(game, position.state)
    moving = position.state.moving
    return wave is not None and moving is not None and moving.units[0] in afvs_of(wave) \
        and (any(u in wave.units for u in moving.units[1:]) or hwplt.alone(game, position))




def entered(game: AslGame, position: Position, state: State) -> State:
    """After the joint move (game.end_move, the vehicle's branch): the HW units' MF recorded for their
    impulse (hw.after_move), the AFV's MP for the vehicle's (D14.33)."""
    moving = position.state.moving
    wave = hw.wave_of(game, state)
    if moving is None or wave is None or not joint(game, position):
        return state
    men = [u for u in moving.units[1:] if u in position.units and u in wave.units]
    if not men:
        return after_entry(game, position, state)  # D14.331: an alone entry, the vehicles' impulse only
    return hw.after_move(game, position, state, men, mf=joint_mf(game, position))


def joint_mf(game: AslGame, position: Position) -> hw.Cost:
    """The MF the HW units of the joint move pay for their entry (A25.232), not the AFV's MP (D14.33)."""
    moving = position.state.moving
    wave = hw.wave_of(game, position.state)
    if moving is None or wave is None or len(moving.path) < 2:
        return 0
    men = [position.units[u] for u in moving.units[1:] if u in position.units and u in wave.units]
    return max((hw.entry_mf(game, position, u, moving.path[0], moving.path[1]) for u in men), default=0)


def end_entry(position: Position) -> State:
    """D14.33, D14.31: the AFV's entry was its one MP action of the impulse; it neither stops nor turns
    after it (each is an MP action of an impulse of its own, D2.13, D2.11): it goes on non-stopped (Motion),
    its MP noted."""
    state = position.state
    moving = state.moving
    assert moving is not None
    unit = state.units.get(moving.units[0])
    if unit is None:
        return state
    cost = Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0)
    unit = armour.with_spent(unit, armour.spent_of(unit) + cost)
    return state.with_unit(unit.mark("motion", remove=(STARTED, hwplt.ALONE_MARK)))


def bind(game: AslGame, position: Position, state: State, move: act.Move) -> State:
    """At the first joint move the AFV (with its platoon, each AFV's hex) joins the wave (D14.332) with its
    hex at the MPh's start."""
    wave = hw.wave_of(game, state)
    afv = position.units[move.units[0]]
    if wave is None or wave.afv is not None:
        return state
    crew = _platoon(position, afv)
    froms = tuple((u.id, u.hex) for u in crew if u.hex is not None)
    wave = dataclasses.replace(wave, afv=afv.id, afv_from=afv.hex, platoon=tuple(u.id for u in crew),
                               froms=froms)
    return state.replace(game=game.gstate(state).replace(hw=wave))


def after_entry(game: AslGame, position: Position, state: State) -> State:
    """D14.33: the AFV's MP for its joint entry, the vehicles' impulse (hw.after_move calls this): with a
    platoon, the most any AFV spent in it (D14.31)."""
    wave = hw.wave_of(game, state)
    moving = position.state.moving
    if wave is None or moving is None or moving.units[0] not in afvs_of(wave):
        return state
    cost = Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0)
    vacts = tuple(sorted({**dict(wave.vacts), moving.units[0]: cost}.items()))
    wave = dataclasses.replace(wave, vacted=max(wave.vacted or 0, cost), vacts=vacts)
    return state.replace(game=game.gstate(state).replace(hw=wave))


def parted(state: State, movers: list[str]) -> State:
    """D14.331, D14.332: HW units that entered a Location without the AFV have stopped its Armored
    Assault."""
    for uid in movers:
        unit = state.units.get(uid)
        if unit is not None and aa.partner(unit) is not None:
            state = state.with_unit(unit.mark(remove=(aa.marker(aa.partner(unit) or ""),)))
    return state


def afv_targets(game: AslGame, position: Position) -> list[UnitState]:
    """D14.33 with D14.32: the AFVs that are targets of the First Fire at the wave's impulse's end: the one
    AFV if it spent MP in that impulse (entering now with its HW units, or earlier in it); a platoon's every
    non-stopped AFV once any spent MP in it, each having spent the vehicles' impulse's MP (D14.31)."""
    wave = hw.wave_of(game, position.state)
    if wave is None or wave.afv is None:
        return []
    moving = position.state.moving
    now = moving is not None and moving.units[0] in afvs_of(wave)
    if not now and wave.vacted is None:
        return []
    out = []
    for uid in afvs_of(wave):
        unit = position.units.get(uid)
        if unit is None or unit.has("wreck"):
            continue
        if uid in dict(wave.vacts) or (now and moving is not None and moving.units[0] == uid) \
                or (wave.platoon and going(unit)):
            out.append(unit)
    return out


def _seen_afvs(game: AslGame, position: Position) -> list[UnitState]:
    """afv_targets, in the infantry modules' view too (armour.infantry_view keeps the vehicles aside)."""
    from hexmate.rules.games.asl import vcover

    wave = hw.wave_of(game, position.state)
    if wave is None or wave.afv is None or all(a in position.units for a in afvs_of(wave)):
        return afv_targets(game, position)
    state = position.state
    for v in vcover.vehicles(position):
        if v.id in afvs_of(wave) and v.id not in position.units:
            state = state.with_unit(v)
    return afv_targets(game, position.at(state))


def afv_mp(game: AslGame, position: Position) -> hw.Cost:
    """D14.33: the MP of the vehicles' impulse so far (the joint entry under way, or made; with a platoon the
    most any AFV spent, D14.31), priced apart from the HW units' MF; none if no AFV is a target of the
    impulse's First Fire."""
    wave = hw.wave_of(game, position.state)
    if wave is None or not _seen_afvs(game, position):
        return 0
    moving = position.state.moving
    if moving is not None and moving.units[0] in afvs_of(wave) and isinstance(moving.cost, int | Fraction):
        return max(moving.cost, wave.vacted or 0)
    return wave.vacted or 0


def _reach(cost: hw.Cost) -> int:
    """How many shots an expenditure gives (FRD, A9.2), at least one."""
    return max(1, math.floor(cost))


def shots(game: AslGame, position: Position) -> int:
    """D14.33 (example) with A9.2: a firer's shots at the wave at an impulse's end are at its 1st, 2nd...
    MF or MP: as many as the more either group spent in it, the HW units' MF or their AFV's MP."""
    mp = afv_mp(game, position)
    return max(_reach(hw.impulse_mf(game, position)), _reach(mp) if mp else 0)


def shot_targets(game: AslGame, position: Position, units: Sequence[UnitState], shot: int) -> list[UnitState]:
    """D14.33 (example): the ``shot``-th shot of a firer in the impulse is at its ``shot``-th MF/MP, so it
    attacks only the units of the group that spent as many: past the HW units' MF, the AFV alone."""
    wave = hw.wave_of(game, position.state)
    if wave is None:
        return list(units)
    mf = _reach(hw.impulse_mf(game, position))
    mp = afv_mp(game, position)
    ids = afvs_of(wave)
    return [u for u in units if (u.id in ids and mp and shot <= _reach(mp))
            or (u.id not in ids and shot <= mf)]


def next_shot(position: Position, firers: Sequence[str]) -> int:
    """The number of the shot these firers are about to make in the window (fire._count_shots counts them)."""
    top = position.state.decision
    if top is None or top.kind != "react":
        return 1
    return 1 + max((int(top.arg(f"shots:{u}", "0")) for u in firers), default=0)


def check_shot(game: AslGame, position: Position, firers: Sequence[str], target: Hex) -> None:
    """D14.33 (example): a shot past the HW units' MF is at the AFV's later MP: only at the AFV's hex."""
    if not hw.in_impulse(game, position):
        return
    k = next_shot(position, firers)
    afvs = _seen_afvs(game, position)
    if k > _reach(hw.impulse_mf(game, position)) and target not in {a.hex for a in afvs}:
        afv = afvs[0] if afvs else None
        raise IllegalAction(T("shot {n} at the Human Wave is at its MP {n}: only {afv} spent so many in this "
                              "impulse, in {hex} (D14.33)", n=k, afv=", ".join(a.id for a in afvs) or "-",
                              hex=position.label(afv.hex if afv is not None else None)), "D14.33")


def window_hex(game: AslGame, position: Position, target: Hex) -> bool:
    """Is ``target`` the AFV's hex in the First Fire window at a wave's impulse's end (D14.33)?"""
    if not hw.in_impulse(game, position):
        return False
    return any(a.hex == target for a in afv_targets(game, position))


def bar_alone(game: AslGame, position: Position, action: act.Action) -> None:
    """D14.331: the AFV no HW unit goes with any more pauses while the wave finishes its impulses, unless it
    was declared to finish its MPh first; then the wave waits until it has."""
    wave = hw.wave_of(game, position.state)
    if wave is None or wave.afv is None or not isinstance(action, act.Move) or aa.claims(action) \
            or is_declared(action):
        return
    if wave.afv_first and ahead(position, wave):
        if any(u in wave.units for u in action.units):
            raise IllegalAction(T("the Human Wave waits while {afv} finishes its MPh (D14.331)",
                                  afv=wave.afv), "D14.331")
        return
    if any(a in action.units for a in afvs_of(wave)) and not wave.afv_first:
        afv = position.units.get(wave.afv)
        if afv is not None and afv.hex is not None and _may_go_first(game, position, wave) is None:
            why = T("{afv} goes on alone: declare that it finishes its MPh first while the wave waits "
                    "(move {afv} {hex} as afv-first), or it waits for the wave's end (D14.331)",
                    afv=wave.afv, hex=position.label(afv.hex))
            raise IllegalAction(why, "D14.331")
        raise IllegalAction(T("{afv} moves with the Human Wave: alone, it waits until the wave has finished "
                              "its impulses (D14.331)", afv=wave.afv), "D14.331")


def bar_impulse(game: AslGame, position: Position, action: act.Action) -> None:
    """D14.33: the AFVs of a platoon moving with a Human Wave make their MP actions in the wave's impulses
    (their joint entries), not in platoon impulses of their own (impulse.py)."""
    from hexmate.rules.games.asl import impulse

    wave = hw.wave_of(game, position.state)
    if wave is None or not wave.platoon or not isinstance(action, act.Move) or not impulse.is_impulse(action):
        return
    if wave.afv_first:
        return  # D14.331 with D14.21: the platoon that goes first finishes its MPh by platoon movement
    for uid in action.units:
        if uid in wave.platoon:
            raise IllegalAction(T("{afv} moves in the Human Wave's impulses, with the HW units beneath it "
                                  "(D14.33, D14.332)", afv=uid), "D14.332")


def without_wave_platoon(game: AslGame, position: Position,
                         offers: Iterable[act.Move]) -> Iterator[act.Move]:
    """A platoon's impulse offers (impulse.generate) but those of the wave's platoon (``bar_impulse``)."""
    wave = hw.wave_of(game, position.state)
    for m in offers:
        if wave is None or wave.afv_first or not any(u in wave.platoon for u in m.units):
            yield m


def is_declared(action: act.Action) -> bool:
    """A D14.331 declaration between the wave's impulses, ``afv-first`` or ``afv-part``, or a wave's AFV's
    start (``afv-start``, D14.31): none moves a unit to a new hex."""
    return isinstance(action, act.Move) and action.mode in (FIRST, PART, *IN_PLACE)


def _with_it(position: Position, wave: hw.Wave) -> list[UnitState]:
    """The HW units still in Armored Assault with the wave's AFV, or an AFV of its platoon (D14.332)."""
    return [u for u in hw.units_now(position, wave) if aa.partner(u) in afvs_of(wave)]


def ahead(position: Position, wave: hw.Wave) -> bool:
    """D14.331: is the AFV that goes first (an AFV of the platoon that goes first) still making its MPh (the
    wave waiting for it)?"""
    return any(afv.id not in position.state.moved and not afv.has("wreck") and afv.hex is not None
               for afv in (position.units[a] for a in afvs_of(wave) if a in position.units))


def _may_go_first(game: AslGame, position: Position, wave: hw.Wave, mode: str = FIRST) -> T | None:
    """Why the wave's AFV may not finish its MPh first (``mode`` FIRST) or part from its HW units (PART)
    now (D14.331), or None."""
    if wave.afv_first:
        return T("{afv} has gone first already (D14.331)", afv=wave.afv or "-")
    if wave.acted or wave.vacted is not None or position.state.moving is not None:
        return T("an impulse of the Human Wave is being made: {afv} goes first between impulses (D14.331)",
                 afv=wave.afv or "-")
    return None


def check_first(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """D14.331: ``move AFV HEX as afv-first``: the AFV finishes its MPh first while the wave waits (the other
    order being the wave's end first, ``release``); HW units still with it stop their Armored Assault, so the
    whole wave has (its exception, simultaneous movement until then, holds no more). ``move AFV HEX as
    afv-part``: the AFV stops the Armored Assault of the HW units still with it and waits for the wave's end
    (or declares ``afv-first`` at a later pause)."""
    if move.mode in IN_PLACE:
        return check_start(game, position, move)  # D14.31, D2.12, D2.11
    wave = hw.wave_of(game, position.state)
    if wave is None or wave.afv is None or position.phase.id != "MPh":
        raise IllegalAction(T("no Human Wave moves with an AFV now"), "D14.331")
    afv = position.units.get(wave.afv)
    if afv is None or afv.hex is None or afv.has("wreck") or tuple(move.units) != (afv.id,) \
            or move.path != (afv.hex,):
        raise IllegalAction(T("name the wave's AFV and its hex: move {afv} HEX as afv-first", afv=wave.afv),
                            "D14.331")
    why = _may_go_first(game, position, wave, move.mode)
    if why is not None:
        raise IllegalAction(why, "D14.331")
    if move.mode == PART and not _with_it(position, wave):
        raise IllegalAction(T("no HW unit goes with {afv} any more: it has no Armored Assault to stop "
                              "(D14.331)", afv=wave.afv), "D14.331")
    return act.Move(move.units, move.path, None, move.mode)


def go_first(game: AslGame, position: Position, move: act.Move) -> State:
    """D14.331: the HW units still with the AFV stop its Armored Assault (``parted``); with ``afv-first``
    the wave's MPh is suspended and the AFV goes on with its own MPh, with the MP it has left (non-stopped,
    as it went with the wave); with ``afv-part`` it pauses until the wave's end (``bar_alone``,
    ``release``). Nothing moves yet."""
    if move.mode in IN_PLACE:
        return start(game, position, move)  # D14.31, D2.12, D2.11
    state = position.state
    wave = hw.wave_of(game, state)
    assert wave is not None and wave.afv is not None
    state = parted(state, [u.id for u in _with_it(position, wave)])
    if move.mode == PART:
        return state
    state = state.replace(moved=tuple(u for u in state.moved if u not in afvs_of(wave)))  # the platoon too
    return state.replace(game=game.gstate(state).replace(hw=dataclasses.replace(wave, afv_first=True)))


def going(unit: UnitState) -> bool:
    """Is the AFV non-stopped: in Motion, or started in an impulse of the wave (D2.12, D14.31)?"""
    return unit.has("motion") or unit.has(STARTED)


def _beneath(position: Position, wave: hw.Wave, afv: UnitState) -> list[UnitState]:
    """The HW units with the AFV, that may still have Armored Assault with it (D14.332): in its Location,
    either already with it or never parted and still where the MPh began, beneath it."""
    at = afv.hex if wave.afv is None else dict(wave.froms).get(afv.id, wave.afv_from)
    origins = dict(wave.origins)
    return [u for u in hw.units_now(position, wave) if u.hex == afv.hex and u.level == afv.level
            and u.carrier is None and u.type != "sw"
            and (aa.partner(u) == afv.id
                 or (aa.partner(u) is None and u.hex == at and origins.get(u.id) == at))]


def _platoon_goes_on(position: Position, wave: hw.Wave) -> bool:
    """D14.331's exception: an AFV of the wave's platoon that no HW unit goes with moves on with the wave's
    impulses while any AFV of its platoon still gives HW units Armored Assault."""
    return wave.afv is not None and bool(wave.platoon) and any(
        _beneath(position, wave, position.units[m]) for m in wave.platoon if m in position.units)


def check_start(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """D14.31 with D2.12 (and the D14.21 example's first impulse): ``move AFV HEX as afv-start``: a stopped
    AFV of the wave spends its start MP as its one MP action of the wave's impulse, in its hex; with D2.11,
    ``afv-cw`` / ``afv-ccw``: a non-stopped one changes its VCA one hexspine. The HW units
    with it make no MF action in that impulse: they stay beneath it (D14.33: either group's impulse may
    spend nothing), so they may still go on with it (D14.332)."""
    wave = hw.wave_of(game, position.state)
    if wave is None or position.phase.id != "MPh" or position.state.moving is not None:
        raise IllegalAction(T("no Human Wave moves now"), "D14.33")
    afv = position.units.get(move.units[0])
    if afv is None or len(move.units) != 1 or afv.hex is None or move.path != (afv.hex,):
        raise IllegalAction(T("name the AFV and its hex: move AFV HEX as afv-start"), "D14.31")
    if afv.side != wave.side or not armour.is_vehicle(afv) or not aa._armored(afv) \
            or any(afv.has(m) for m in ("wreck", "abandoned", "immobilized")):
        raise IllegalAction(T("{afv} is no AFV: only an AFV covers an Armored Assault (D9.31)", afv=afv.id),
                            "D9.31")
    if wave.afv is not None and afv.id not in afvs_of(wave):
        raise IllegalAction(T("the Human Wave moves with {afv} already: HW units have Armored Assault with "
                              "one AFV or one AFV platoon only (D14.332)", afv=wave.afv), "D14.332")
    if going(afv) and move.mode == START:
        raise IllegalAction(T("{afv} is not stopped: it has no start MP to spend (D2.12)", afv=afv.id),
                            "D2.12")
    if not going(afv) and move.mode != START:
        raise IllegalAction(T("{afv} is stopped: it spends its start MP in an impulse before it changes its "
                              "VCA (D2.12)", afv=afv.id), "D2.12")
    if move.mode != START and vbypass.across_of(afv) is not None:  # D2.33, as impulse.py's
        raise IllegalAction(T("{unit} is bypassing: its VCA changes only as it leaves the hexside it "
                              "straddles", unit=afv.id), "D2.33")
    cost = Fraction(vm.START_MP) if move.mode == START else \
        Fraction(armour._turn(position, armour.vtype(afv), 1, afv.hex))  # D2.11: 1 MP, 2 in an obstacle
    if afv.id in dict(wave.vacts):
        raise IllegalAction(T("{afv} has made its one MP action in this impulse (D14.31)", afv=afv.id),
                            "D14.31")
    crew = _platoon(position, afv) if wave.afv is None else \
        [position.units[m] for m in wave.platoon if m in position.units]
    if wave.afv is None:
        if not crew:
            radioless.bar(position, afv)  # D14.23
        for v in crew or [afv]:
            if v.id in position.state.moved or armour.spent_of(v) > 0 or v.has("entered"):
                why = T("{unit} has already moved this MPh: Armored Assault is by infantry that begin their "
                        "MPh beneath the AFV (D9.31)", unit=v.id)
                raise IllegalAction(why, "D9.31")
    men = _beneath(position, wave, afv)
    if not men and not _platoon_goes_on(position, wave):
        raise IllegalAction(T("no HW unit that began its MPh beneath {afv} is with it: it gives the wave no "
                              "Armored Assault (D14.332)", afv=afv.id), "D14.332")
    acted = dict(wave.acted)
    done = [u.id for u in men if u.id in acted]
    if done:
        raise IllegalAction(T("{unit} has made its MF action in this impulse: the HW units with {afv} stay "
                              "beneath it while it starts (D14.31, D14.33)", unit=done[0], afv=afv.id),
                            "D14.31")
    if armour.spent_of(afv) + cost > armour.budget(afv):
        raise IllegalAction(T("{afv} has not the {n} MP left for it (D2.12, D2.11)", afv=afv.id, n=str(cost)),
                            "D14.31")
    if crew:
        mp = platoon.allowance(int(armour.budget(u)) for u in crew)
        now = max(wave.vacted or 0, cost)
        if wave.vspent + now > mp:
            why = T("the platoon's impulses would cost {n} MP, past its {mp} (its slowest AFV's, D14.31)",
                    n=str(wave.vspent + now), mp=mp)
            raise IllegalAction(why, "D14.31")
        waiting = {**acted, **{u.id: 0 for u in men}}
        if all(u.id in waiting or not hw.step_options(game, position, wave, u)
               for u in hw.units_now(position, wave)):
            from hexmate.rules.games.asl import impulse  # D14.21: this start ends the impulse

            view = _as_going(position.at(position.state.with_unit(afv.mark(STARTED))), crew)  # as it ends
            out = impulse.apart(view, [view.units[u.id] for u in crew if u.id in view.units])
            if out:
                _apart(out)
    return act.Move(move.units, move.path, cost, move.mode)


def start(game: AslGame, position: Position, move: act.Move) -> State:
    """D14.31, D2.12: the AFV's start MP, its MP action of the wave's impulse (the vehicles' impulse costs at
    least 1 MP now, ``after_entry``); the HW units with it have made theirs, spending nothing; a red-MP AFV
    rolls its mechanical reliability DR (D2.51). If that ends the impulse (every HW unit has acted), it is
    closed (hw.close_impulse) and the defender may fire at the AFV in its hex, not a moving target (D2.12,
    C.8; vinplace)."""
    from hexmate.rules.games.asl import axisred, vinplace

    state = bind(game, position, position.state, move)
    wave = hw.wave_of(game, state)
    afv = position.units[move.units[0]]
    assert wave is not None
    men = _beneath(position, wave, afv)
    cost = Fraction(move.cost) if isinstance(move.cost, int | Fraction) else Fraction(vm.START_MP)
    unit = armour.with_spent(afv, armour.spent_of(afv) + cost)
    if move.mode == START:
        unit = unit.mark(STARTED)
    else:  # D2.11: one hexspine (facings go counterclockwise)
        unit = armour.with_facing(unit, (armour.facing_of(unit) + (-1 if move.mode == CW else 1)) % 6)
    state = state.with_unit(unit)
    vacts = tuple(sorted({**dict(wave.vacts), afv.id: cost}.items()))
    acted = tuple(sorted({**dict(wave.acted), **{u.id: 0 for u in men}}.items()))
    wave = dataclasses.replace(wave, vacted=max(wave.vacted or 0, cost), vacts=vacts, acted=acted)
    state = state.replace(game=game.gstate(state).replace(hw=wave))
    view = position.at(state)
    closed = hw.impulse_over(game, view)
    if closed:
        state = hw.close_impulse(game, view)
        what = T("its start MP") if move.mode == START else T("a VCA change")
        state = vinplace.open_window(position.at(state), state, afv.id, what,
                                     "D2.12" if move.mode == START else "D2.11")
    if move.mode == START and axisred.red_mp(position, afv) and wave.platoon:  # D14.21: the platoon's one DR
        state = state.with_unit(state.units[afv.id].mark(hwplt.MR_DUE))
    elif move.mode == START and axisred.red_mp(position, afv):  # D2.51, asked before the impulse's fire
        why = T("{unit} starts: roll its mechanical reliability DR; 12 immobilizes it (D2.51)", unit=afv.id)
        state = state.push(Decision("roll", afv.side, why, "D2.51", "vesb", dice="DR", subject=(afv.id,),
                                    target=afv.hex, args=(("drm", "0"),)))
    return hwplt.due_checks(game, position, state) if closed and wave.platoon else state






def start_offers(game: AslGame, position: Position) -> list[act.Move]:
    """The starts on offer (D14.31, D2.12): each stopped AFV that may give the wave Armored Assault."""
    wave = hw.wave_of(game, position.state)
    if wave is None or position.state.moving is not None:
        return []
    pool = [position.units[a] for a in afvs_of(wave) if a in position.units] if wave.afv is not None else \
        sorted((u for u in position.units.values() if u.side == wave.side and armour.is_vehicle(u)),
               key=lambda u: u.id)
    out = []
    for afv in pool:
        for mode in ((CW, CCW) if going(afv) else (START,)):
            if afv.hex is None:
                continue
            try:
                out.append(check_start(game, position, act.Move((afv.id,), (afv.hex,), None, mode)))
            except IllegalAction:
                continue
    return out


def first_offer(game: AslGame, position: Position) -> list[act.Move]:
    """The declaration, offered on the page while it may be made (D14.331)."""
    wave = hw.wave_of(game, position.state)
    if wave is None or wave.afv is None or wave.afv not in position.units:
        return []
    afv = position.units[wave.afv]
    if afv.hex is None or afv.has("wreck"):
        return []
    go = _may_go_first(game, position, wave) is None
    first = [act.Move((afv.id,), (afv.hex,), None, FIRST)] if go else []
    part = [act.Move((afv.id,), (afv.hex,), None, PART)] if _with_it(position, wave) \
        and _may_go_first(game, position, wave, PART) is None else []
    return [*first, *part]


def release(state: State, wave: hw.Wave | None) -> State:
    """D14.331: the wave is over, so the AFV (the platoon's AFVs) that paused while it finished (or moved with
    it to its end) finishes its own MPh with the MP it has left; one that went first has finished it."""
    if wave is None or wave.afv is None or wave.afv_first:
        return state
    return state.replace(moved=tuple(u for u in state.moved if u not in afvs_of(wave)))


__all__ = [
    "CCW",
    "CW",
    "FIRST",
    "IN_PLACE",
    "PART",
    "START",
    "STARTED",
    "after_entry",
    "afv_mp",
    "afv_targets",
    "afvs_of",
    "ahead",
    "bar_alone",
    "bar_impulse",
    "bind",
    "check",
    "check_first",
    "check_formation",
    "check_shot",
    "check_start",
    "end_entry",
    "entered",
    "first_offer",
    "generate",
    "go_first",
    "going",
    "is_declared",
    "joint",
    "joint_mf",
    "moves",
    "next_shot",
    "parted",
    "release",
    "settle",
    "shot_targets",
    "shots",
    "start",
    "start_offers",
    "window_hex",
    "without_wave_platoon",
]
