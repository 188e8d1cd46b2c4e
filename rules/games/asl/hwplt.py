"""ASL Human Wave with an AFV platoon: its own parts (D14.331's exception, D14.21); hwaa.py the rest.

- D14.331's exception with D14.31: an AFV of the wave's platoon that no HW unit goes with any more goes on
  moving with the wave's impulses while a mate still gives HW units Armored Assault: ``move AFV A-B as
  afv-alone`` (``check_alone``) enters one hex of its VCA as its one MP action of an impulse, priced in the
  vehicles' impulse (D14.33) within the platoon's MP (its slowest AFV's); it is read as the wave's move
  (``alone``, hwaa.joint): no window as it enters (D14.32: fired at at the impulse's end, in its hex), and
  D14.21 holds at the impulse's end. Once no AFV of the platoon gives HW units Armored Assault, the platoon
  waits for the wave's end or goes first (hwaa.py).
- D14.21 with D8.21, D2.51: a platoon AFV's entry in the wave's impulse that calls for a bog DR, and a red-MP
  AFV's start there, roll nothing then (``BOG_DUE``, ``MR_DUE``; ``entry_checks`` takes the entry's own bog
  DR back); the entry or start that ends the wave's impulse rolls the platoon's one bog DR and one
  mechanical reliability DR, before the impulse's attacks (``due_checks``, impulse.platoon_drs: each AFV
  its own DRM, Random Selection if it falls on several). A lone AFV rolls its own as it starts.

Not built: an alone entry into a hex of enemy units (its Overrun) or by bypass (D2.3). The text bars
neither: D14.31 names one hexside of VBM among the one MP actions of an impulse; D7.1 resolves an Overrun
after the fire at its MP, or at the MP of infantry going with it by Human Wave or Armored Assault, so it
foresees one there; A25.232's limits bind the HW units, not the AFV. So both are refused here as not built
(the OVR's attack would wait for the wave's impulse end, after its First Fire, as impovr.py does for a
platoon), never as barred. Nor the DRs due when the wave's impulse ends other than by an entry or a start
(they wait for the next impulse's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, hw, hwaa
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.base import Position, State
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ALONE = "afv-alone"  # D14.331's exception: a wave's platoon AFV no HW unit goes with enters a hex alone
ALONE_MARK = "hw_alone"  # its alone entry under way (``joint``: the wave's move, its MP the vehicles')
BOG_DUE = "hw_bog:"  # hw_bog:<DRM>: a platoon AFV's entry in the wave's impulse calls for a bog DR (D8.21)
MR_DUE = "hw_mr"  # its start calls for a mechanical reliability DR (D2.51); both rolled at its end (D14.21)


def is_alone(action: act.Action) -> bool:
    """``move AFV A-B as afv-alone``: a wave's platoon AFV entering a hex without HW units (D14.331)."""
    return isinstance(action, act.Move) and action.mode == ALONE


def check_alone(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """D14.331's exception with D14.31: an AFV of the wave's platoon that no HW unit goes with any more goes
    on moving with the wave's impulses while a mate still gives HW units Armored Assault: ``move AFV A-B as
    afv-alone`` enters one hex of its VCA as its one MP action of the impulse, priced in the vehicles'
    impulse (D14.33) and kept within the platoon's MP (its slowest AFV's); D14.21 holds at the impulse's
    end (``check_formation``, ``_check_platoon``)."""
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
    if any(e.side != afv.side and e.type != "sw" for e in position.units_at(move.path[1])):
        raise IllegalAction(T("{hex} holds enemy units: D7.1 lets an AFV alone in the Human Wave's impulses "
                              "overrun them, but that is not built yet (D14.331)",
                              hex=position.label(move.path[1])), "D7.1")
    hwaa._check_vca(position, afv, move.path[1])
    driven = armour.check_move(hwaa._unmoved(position, afv), act.Move((afv.id,), move.path, None, ""))  # D2
    crew = [position.units[m] for m in wave.platoon if m in position.units]
    hwaa._check_platoon(game, position, wave, crew, afv, move.path[1], driven.cost, set())
    return act.Move((afv.id,), move.path, driven.cost, ALONE)


def begin_alone(position: Position, move: act.Move) -> State:
    """The alone entry is under way: the AFV is marked so the move is read as the wave's (``joint``): no
    window as it enters (D14.32: First Fire at the impulse's end), its MP the vehicles' impulse's."""
    unit = position.units[move.units[0]]
    return position.state.with_unit(unit.mark(ALONE_MARK))


def alone_offers(game: AslGame, position: Position, wave: hw.Wave) -> list[act.Move]:
    """The alone entries on offer: each hex of the VCA of each platoon AFV no HW unit goes with (D14.331)."""
    out: list[act.Move] = []
    for afv in (position.units[a] for a in wave.platoon if a in position.units):
        if afv.hex is None or not hwaa.going(afv) or hwaa._beneath(position, wave, afv):
            continue
        back = afv.has(armour.REV_MOTION) or afv.has(armour.BACKED_ON)
        for h in (fc.rear_hexes if back else fc.front_hexes)(afv.hex, armour.facing_of(afv)):
            if h not in position.map:
                continue
            try:
                out.append(check_alone(game, position, act.Move((afv.id,), (afv.hex, h), None, ALONE)))
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
    "alone",
    "alone_offers",
    "begin_alone",
    "check_alone",
    "due_checks",
    "entry_checks",
    "is_alone",
]
