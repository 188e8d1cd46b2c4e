"""ASL Human Wave with an AFV platoon: its own parts (D14.331's exception, D14.21); hwaa.py the rest.

- D14.331's exception with D14.31: an AFV of the wave's platoon that no HW unit goes with any more goes on
  moving with the wave's impulses while a mate still gives HW units Armored Assault: ``move AFV A-B as
  afv-alone`` (``check_alone``) enters one hex of its VCA as its one MP action of an impulse, priced in the
  vehicles' impulse (D14.33) within the platoon's MP (its slowest AFV's); it is read as the wave's move
  (``alone``, hwaa.joint): no window as it enters (D14.32: fired at at the impulse's end, in its hex), and
  D14.21 holds at the impulse's end. Once no AFV of the platoon gives HW units Armored Assault, the platoon
  waits for the wave's end or goes first (hwaa.py).
- D14.331's exception with D7.1: an alone entry into a hex of enemy units it may overrun is its Overrun
  (nothing in D14.31-D14.333 or A25.232 bars it, and D7.1 foresees an OVR by an AFV whose infantry go with
  it by Human Wave): the entry costs its hex's MP plus a quarter of the AFV's printed MP (FRU, D7.1) in the
  vehicles' impulse. A12.41's question to concealed units' owner comes as it enters (vconceal.py); if it
  leaves no one there, no OVR and no OVR MP (``unspent_ovr``). D7.1 resolves the OVR after the First Fire
  at its MP, which in the wave's impulses is at the impulse's end (D14.32): so its attack comes there, after
  the platoon's DRs and the wave's window (hw.close_impulse with impovr.attacks, as in a platoon's own
  impulses), then the defender's Reaction Fire, CC Reaction Fire among it (D7.2, D7.21: impovr.react), its
  collateral as any OVR's (D7.12, overrun.py). No entry into an enemy AFV's hex (D2.6: the impulse would
  end there).
- D14.31 with D2.3: ``move AFV A-P as afv-alone-bypass``: one hexside of VBM is the AFV's one MP action of
  the impulse instead: round the woods or building obstacle of P, a hex of its VCA, along the hexside
  between its two VCA hexes (D2.32), driven as the vehicle move ``bypass:N`` (vbypass.py: twice the hex's
  non-obstacle cost and its other costs, no bog DR; D7.13: no OVR of units in the obstacle). From a bypass
  it goes on into F (D2.33), its VCA unchanged in place (hwaa.check_start refuses afv-cw there).
- D14.21 with D8.21, D2.51: a platoon AFV's entry in the wave's impulse that calls for a bog DR, and a red-MP
  AFV's start there, roll nothing then (``BOG_DUE``, ``MR_DUE``; ``entry_checks`` takes the entry's own bog
  DR back); the entry or start that ends the wave's impulse rolls the platoon's one bog DR and one
  mechanical reliability DR, before the impulse's attacks (``due_checks``, impulse.platoon_drs: each AFV
  its own DRM, Random Selection if it falls on several). A lone AFV rolls its own as it starts.

- D7.1's "may" (D7.14: hex by hex): ``move AFV A-B as afv-alone-through`` is the same alone entry into a hex
  it may overrun, made without the OVR: the hex's MP only, no quarter MPA, no attack (driven as the vehicle
  move ``through``, moto.py). As after any MP a vehicle spends in their Location, the enemy infantry there may
  attack it by CC Reaction Fire (D7.2, D7.21); in the wave's impulses that chance comes in the window at the
  impulse's end (D14.32), which it opens for that alone (the AFV marked ``impovr.HW_THROUGH`` until the
  impulse closes; ccreact.targets).

Not built: going on round a bypass's CAFP (D2.33, refused as impulse.py does); the DRs due when the wave's
impulse ends other than by an entry or a start (they wait for the next impulse's).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, hw, hwaa, impovr, moto, overrun, vbypass
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ALONE = "afv-alone"  # D14.331's exception: a wave's platoon AFV no HW unit goes with enters a hex alone
BYPASS = "afv-alone-bypass"  # D14.31, D2.3: its one MP action one hexside of VBM instead
THROUGH = "afv-alone-through"  # D7.1's "may": the alone entry into a hex it may overrun, without the OVR
MODES = (ALONE, BYPASS, THROUGH)
ALONE_MARK = "hw_alone"  # its alone entry under way (``joint``: the wave's move, its MP the vehicles')
BOG_DUE = "hw_bog:"  # hw_bog:<DRM>: a platoon AFV's entry in the wave's impulse calls for a bog DR (D8.21)
MR_DUE = "hw_mr"  # its start calls for a mechanical reliability DR (D2.51); both rolled at its end (D14.21)


def is_alone(action: act.Action) -> bool:
    """``move AFV A-B as afv-alone`` (or ``afv-alone-bypass``): a wave's platoon AFV entering a hex without HW
    units (D14.331)."""
    return isinstance(action, act.Move) and action.mode in MODES


def check_alone(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """D14.331's exception with D14.31: an AFV of the wave's platoon that no HW unit goes with any more goes
    on moving with the wave's impulses while a mate still gives HW units Armored Assault: ``move AFV A-B as
    afv-alone`` enters one hex of its VCA as its one MP action of the impulse, priced in the vehicles'
    impulse (D14.33) and kept within the platoon's MP (its slowest AFV's); D14.21 holds at the impulse's
    end (``check_formation``, ``_check_platoon``). Into enemy units it may overrun the entry is its OVR
    (D7.1, ``_check_enemies``); ``afv-alone-bypass`` bypasses the hex instead (D14.31, D2.3)."""
    wave = hw.wave_of(game, position.state)
    if wave is None or wave.afv is None or not wave.platoon or position.phase.id != "MPh" \
            or position.state.moving is not None:
        raise IllegalAction(T("no Human Wave moves with an AFV platoon now"), "D14.331")
    afv = position.units.get(move.units[0])
    if afv is None or len(move.units) != 1 or afv.id not in wave.platoon or afv.hex is None \
            or afv.has("wreck") or len(move.path) != 2 or move.path[0] != afv.hex:
        raise IllegalAction(T("name an AFV of the wave's platoon and the hex it enters from its own: move "
                              "AFV A-B as afv-alone (D14.331)"), "D14.331")
    if hwaa._beneath(position, wave, afv):
        raise IllegalAction(T("HW units still go with {afv}: it enters with them (armored-assault), or parts "
                              "from them between impulses first (afv-part; D14.331)", afv=afv.id), "D14.331")
    if not hwaa._platoon_goes_on(position, wave):
        raise IllegalAction(T("no AFV of the platoon gives HW units Armored Assault any more: the platoon "
                              "waits for the wave's end (D14.331)"), "D14.331")
    if afv.id in dict(wave.vacts):
        raise IllegalAction(T("{afv} has made its one MP action in this impulse (D14.31)", afv=afv.id),
                            "D14.31")
    if not hwaa.going(afv):
        raise IllegalAction(T("{afv} is stopped: it spends its start MP as its one MP action of an impulse "
                              "first (move {afv} {hex} as afv-start; D14.31, D2.12)", afv=afv.id,
                              hex=position.label(afv.hex)), "D14.31")
    to = move.path[1]
    bypass = move.mode == BYPASS
    _check_way(position, afv, to, bypass)
    if not bypass:
        _check_enemies(position, afv, to)
    if move.mode == THROUGH and not (overrun.is_overrun(position, afv.side, to)
                                     and overrun.may_overrun(position, afv)):
        raise IllegalAction(T("{unit} would not overrun {hex}: enter it as afv-alone", unit=afv.id,
                              hex=position.label(to)), "D7.1")
    mode = _bypass_word(position, afv, to) if bypass else moto.THROUGH if move.mode == THROUGH else ""
    driven = armour.check_move(hwaa._unmoved(position, afv), act.Move((afv.id,), move.path, None, mode))  # D2
    crew = [position.units[m] for m in wave.platoon if m in position.units]
    hwaa._check_platoon(game, position, wave, crew, afv, to, driven.cost, set())
    return act.Move((afv.id,), move.path, driven.cost, move.mode)


def _ahead(afv: UnitState) -> tuple[Hex, Hex]:
    """The two hexes an alone entry may go into: its VCA's, or its rear ones going on in reverse (D2.24); from
    a bypass, F and B (D2.33)."""
    assert afv.hex is not None
    back = afv.has(armour.REV_MOTION) or afv.has(armour.BACKED_ON)
    across = vbypass.across_of(afv)
    if across is not None:
        f, b = vbypass.ends(afv.hex, across, armour.facing_of(afv))
        return (b, f) if back else (f, b)
    return (fc.rear_hexes if back else fc.front_hexes)(afv.hex, armour.facing_of(afv))


def _check_way(position: Position, afv: UnitState, to: Hex, bypass: bool) -> None:
    """D2.33: from a bypass the AFV goes on forward into F (in reverse into B), and going on round its CAFP
    is not played in impulses (impulse.py refuses it too); else D14.31 with D2.11: a hex of its VCA."""
    assert afv.hex is not None
    across = vbypass.across_of(afv)
    if across is None:
        hwaa._check_vca(position, afv, to)
        return
    if bypass or to != _ahead(afv)[0]:
        f, b = vbypass.ends(afv.hex, across, armour.facing_of(afv))
        raise IllegalAction(T("from its bypass {unit} goes on forward into {f} or back into {b}; going on "
                              "round its CAFP is not played in impulses", unit=afv.id, f=position.label(f),
                              b=position.label(b)), "D2.33")


def _check_enemies(position: Position, afv: UnitState, to: Hex) -> None:
    """D7.1: an entry into a hex of enemy units it may overrun is its Overrun (its quarter MPA priced with the
    entry, armour.step_mp; its attack at the wave's impulse's end, ``begin_alone``); D2.6: not into an enemy
    AFV's hex, where the impulse would end."""
    enemy = any(e.side != afv.side and e.type != "sw" for e in position.units_at(to))
    if enemy and (overrun.closed(position, afv.side, to) or not overrun.is_overrun(position, afv.side, to)):
        raise IllegalAction(T("{unit} may not end an impulse in {hex}: an enemy AFV is there", unit=afv.id,
                              hex=position.label(to)), "D2.6")


def _bypass_word(position: Position, afv: UnitState, to: Hex) -> str:
    """D14.31, D2.3: one hexside of VBM as the AFV's one MP action of the wave's impulse: round the woods or
    building obstacle of ``to``, a hex of its VCA (in reverse, of its rear), along the hexside between its
    two such hexes (D2.32), priced by the driven move ``bypass:N`` (vbypass.cost: twice the hex's
    non-obstacle cost and twice its other costs; no bog DR). Not into an enemy AFV's hex (D2.6)."""
    assert afv.hex is not None
    a, b = _ahead(afv)
    n = b if to == a else a
    if not vbypass.is_obstacle(position, to):
        raise IllegalAction(T("bypass is only around a woods or building obstacle (D2.31)"), "D2.31")
    why = vbypass.why_not(position, afv, to, n, armour.facing_of(afv))
    if why is not None:
        raise IllegalAction(why, "D2.31")
    if overrun.closed(position, afv.side, to):
        raise IllegalAction(T("{unit} may not end an impulse bypassing in {hex}: an enemy AFV is there",
                              unit=afv.id, hex=position.label(to)), "D2.6")
    return f"bypass:{position.label(n)}"  # vbypass.declared


def driven_mode(position: Position, move: act.Move) -> str:
    """The mode of the vehicle move the alone entry is driven as: none, its bypass (``bypass:N``), or its
    entry without the OVR (``through``, D7.1)."""
    afv = position.units[move.units[0]]
    if move.mode == THROUGH:
        return moto.THROUGH
    return _bypass_word(position, afv, move.path[1]) if move.mode == BYPASS else ""


def begin_alone(position: Position, move: act.Move) -> State:
    """The alone entry is under way: the AFV is marked so the move is read as the wave's (``joint``): no
    window as it enters (D14.32: First Fire at the impulse's end), its MP the vehicles' impulse's. An entry
    that overruns is marked with the hex (impovr.mark): D7.1 resolves the OVR after the First Fire at its MP,
    which in the wave's impulses comes at the impulse's end (D14.32), so its attack waits for it (hw.py,
    close_impulse: impovr.attacks, as a platoon's in its own impulses). A bypass overruns no one (D7.13). An
    entry without the OVR into enemy infantry is marked ``impovr.HW_THROUGH``: their CC Reaction Fire at it
    comes in the window at the impulse's end (D7.21, D14.32)."""
    unit = position.units[move.units[0]].mark(ALONE_MARK)
    if move.mode == ALONE:
        unit = impovr.mark(position, unit, move.path[1])
    elif move.mode == THROUGH:
        unit = unit.mark(impovr.HW_THROUGH)
    return position.state.with_unit(unit)


def unspent_ovr(position: Position) -> State:
    """D7.1 with A12.41: into a Location of concealed units only, the OVR's MP are spent once their owner's
    answer (reveal, or one PAATC) is given as the AFV enters; when it leaves no one there to overrun (dummies
    gone, A12.14) the alone entry makes no OVR and costs no OVR MP (as impulse._unspent_ovr)."""
    state = position.state
    moving = state.moving
    unit = state.units.get(moving.units[0]) if moving is not None else None
    marks = tuple(m for m in unit.markers if m.startswith(impovr.OVR)) if unit is not None else ()
    if moving is None or unit is None or not marks or overrun.is_overrun(position, unit.side, moving.here):
        return state
    cost = Fraction(moving.cost) if isinstance(moving.cost, int | Fraction) else Fraction(0)
    left = max(Fraction(0), cost - overrun.extra_mp(armour.vtype(unit).mp))
    return state.with_unit(unit.mark(remove=marks)).replace(moving=dataclasses.replace(moving, cost=left))


def alone_offers(game: AslGame, position: Position, wave: hw.Wave) -> list[act.Move]:
    """The alone entries on offer: each hex of the VCA of each platoon AFV no HW unit goes with, entered or
    bypassed (D14.331, D14.31)."""
    out: list[act.Move] = []
    for afv in (position.units[a] for a in wave.platoon if a in position.units):
        if afv.hex is None or not hwaa.going(afv) or hwaa._beneath(position, wave, afv):
            continue
        for h in _ahead(afv):
            for mode in MODES:
                if h not in position.map:
                    continue
                try:
                    out.append(check_alone(game, position, act.Move((afv.id,), (afv.hex, h), None, mode)))
                except IllegalAction:
                    continue
    return out


def alone(game: AslGame, position: Position) -> bool:
    """Is the move under way a wave's platoon AFV's alone entry (D14.331's exception; ``check_alone``)?"""
    moving = position.state.moving
    lead = position.units.get(moving.units[0]) if moving is not None else None
    return lead is not None and lead.has(ALONE_MARK) and hw.wave_of(game, position.state) is not None


def due_checks(game: AslGame, position: Position, state: State) -> State:
    """D14.21 at the wave's impulse's end, before its attacks (D14.32): the platoon's one bog DR and one
    mechanical reliability DR (impulse.platoon_drs: Random Selection if it falls on several) for the AFVs
    whose entries or starts in the impulse called for one (``BOG_DUE``, ``MR_DUE``)."""
    from hexmate.rules.games.asl import impulse

    wave = hw.wave_of(game, position.state)
    names = wave.platoon if wave is not None else ()
    bog: dict[str, int] = {}
    red: dict[str, int] = {}
    for uid in names:
        unit = state.units.get(uid)
        if unit is None:
            continue
        for m in unit.markers:
            if m.startswith(BOG_DUE):
                bog[uid] = int(m[len(BOG_DUE):])
        if unit.has(MR_DUE):
            red[uid] = 0
        due = tuple(m for m in unit.markers if m.startswith(BOG_DUE) or m == MR_DUE)
        if due:
            state = state.with_unit(unit.mark(remove=due))
    if not bog and not red:
        return state
    side = state.units[next(iter({**bog, **red}))].side
    ids = ",".join(u for u in names if u in state.units)
    return state.push(*reversed(impulse.platoon_drs(side, ids, bog, red, (("wave", "1"),))))


def entry_checks(game: AslGame, position: Position, state: State) -> State:
    """After an entry (game.advance_move): a wave's platoon AFV's own bog DR waits for the impulse's end
    (``BOG_DUE``); the entry that ends the wave's impulse rolls the platoon's DRs then (D14.21)."""
    wave = hw.wave_of(game, state)
    before, moving = position.state.moving, state.moving
    if wave is None or not wave.platoon or before is None or moving is None or moving.at != before.at + 1:
        return state
    lead = moving.units[0]
    if lead in wave.platoon and lead in state.units:
        kept = []
        for d in state.decisions[len(position.state.decisions):]:
            if d.then == "vbog" and d.subject == (lead,):  # armour.bog_check's, rolled as the platoon's
                drm = d.arg("drm", "0")
                state = state.with_unit(state.units[lead].mark(BOG_DUE + drm))
                continue
            kept.append(d)
        state = state.replace(decisions=(*state.decisions[:len(position.state.decisions)], *kept))
    view = position.at(state)
    if hw.in_impulse(game, view) and hw.closing(game, view):
        return due_checks(game, view, state)
    return state


__all__ = [
    "ALONE",
    "ALONE_MARK",
    "BOG_DUE",
    "MR_DUE",
    "THROUGH",
    "alone",
    "alone_offers",
    "begin_alone",
    "check_alone",
    "due_checks",
    "entry_checks",
    "is_alone",
]
