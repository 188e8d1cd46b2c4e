"""ASL vehicles passing concealment (A12.4-A12.42).

A12.4: concealed units never stop an enemy vehicle entering their Location (game.enter: a vehicle is not
bumped back as infantry is, A12.15).

A12.41 (``entered``): when a vehicle that is not "broken" in A12.1's sense (one with its inherent crew, or
with passengers or riders aboard) enters a Location of concealed enemy units other than by bypass or by a
woods-road, HIP units there are first placed under a "?" (A12.31, as A12.15 places them), then their owner
decides for them all: reveal them (A12.14), or one PAATC for the whole stack (a 1TC when any of them would
take a 1PAATC, A11.6, A19.34, A25), checked against the lowest morale among them with the best Good Order,
unpinned leader's modifier there (A10.72: even a lone +1), a stack of dummies alone at morale 7. Failed: all
of them are revealed (dummies removed, A12.14) and pinned. Passed: they keep their "?", and count as having
passed their PAATC against that vehicle this phase (D7.21's once per vehicle and phase, reaction.py). Units
that take no PAATC (SMC, fanatic, berserk: A11.6) neither reveal nor check. The question comes before the
vehicle spends its next MP, so an Overrun there waits for it as A12.41 asks; an answer that leaves no one
there (a dummy stack revealed, or failing, and removed) leaves nothing to overrun: the OVR's attack and its
quarter MPA go (overrun.unspent), so the vehicle has spent only the hex's entry (D7.1 with A12.41).

A12.42 (``end_of_mph``): a vehicle bypassing a Location makes no one reveal (HIP units stay hidden), but
every concealed enemy unit in the bypassed hex loses its "?" when the vehicle ends its MPh there in bypass
(a "broken" vehicle never costs a "?"). Units in the hex across the bypassed hexside are not affected (the
vehicle is only in the bypassed hex, D2.36). A12.42 names the passengers and riders too: those unloaded from
the vehicle in the bypassed hex (D2.36: they get off there, marked ``unloaded``, done moving, D6.5) end their
MPh in that Location, so its concealed enemy units lose their "?" at the MPh's end though the vehicle went on
(a "broken" vehicle's exception is the vehicle's only: the unloaded infantry are not broken).

Audit of A10-A12 against the text (where each rule lives; "now" = built with this module's commits):

- A10.1-A10.31 checks and their results: morale.py, aftermath.py. A10.2 leader loss: now only at the
  leader's level, never in CC, never vehicles, only his moving stack under DFF (aftermath._loss_group).
- A10.21/A10.72 one leader's DRM, the owner's pick, a lone non-zero one forced: now (morale.leader_drm_for,
  rally.working, concealment.drm, cc ambush); a +1 need not lead an attack (cc.leader_drm, vfire CC);
  A10.21 no other leader in a LLMC/LLTC: now. A10.22: morale.py. A10.7 a leader at another level helps no
  one, an ally's modifier one worse: now; A17.2 a wound everywhere leadership is read: now.
- A10.4: units.py, rout.py (A4.431). A10.41: volbreak.py. A10.5-A10.52: rout.py. A10.53/A10.532 who
  interdicts: now not Encircled, a leader only with a SW, no loose or malfunctioned SW (rout.py).
  A10.533: rtreveal.py; now also a "?" in the LOS of a router may reveal at the RtPh start.
- A10.6-A10.64: rally.py; A18.11 the side's first MMC rally attempt only may self-rally, never a Disrupted
  unit (A19.12): now. A10.62 DM: fire.py, game.py, rtreveal.py; now also an armed Known enemy passing
  ADJACENT (rout.dm_beside) and a CC attack. A10.71: rally.py. A10.711: rout.py (now his own Location).
- A10.8 fanaticism: units.morale_of; now the broken morale in rally and Interdiction, and an SMC born of a
  fanatic MMC (leaders.inherit).
- A11.1-A11.8: cc.py, ccgroups.py, ccleader.py, ccsn.py, ccstreet.py, ambushwd.py, escape*.py, vfire.py,
  vcapcc.py, reaction.py. A11.612 (no AF in CC): vfire.cc_vehicle reads no armour factor.
- A12.1-A12.16: concealment.py, search.py, hip.py, bypass.py, game.enter; A12.2: conceal58.py.
- A12.33 fortifications (chapter B counters) and A12.34 hidden Guns (chapter C) are not units of this game.
- A12.4-A12.42: this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import armour, nations, vbypass
from hexmate.rules.games.asl import hip as asl_hip
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, opposite
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

THEN, ROLL = "vconceal", "vconceal_paatc"
REVEAL, PAATC = "reveal", "paatc"
DUMMY_MORALE = 7  # A12.41: a stack of dummies checks at morale 7
PERSONNEL = ("squad", "hs", "crew", "leader", "hero", "dummy")
GONE = ("abandoned", "wreck", "crew_survived", "crew_lost")


def broken_for_concealment(position: Position, vehicle: UnitState) -> bool:
    """A12.1: a vehicle without its inherent crew and with no passenger or rider counts as broken for
    concealment: it costs no one a "?"."""
    aboard = any(u.carrier == vehicle.id for u in position.units.values() if u.type != "sw")
    return any(vehicle.has(m) for m in GONE) and not aboard


def exempt(unit: UnitState) -> bool:
    """A11.6: SMC, fanatic and berserk units take no PAATC (and so A12.41 leaves them alone)."""
    return unit.type in ("leader", "hero") or unit.has("fanatic") or unit.has("berserk")


def _by_woods_road(position: Position, src: Hex, dst: Hex) -> bool:
    if src == dst or position.map.terrain(dst) != "woods":
        return False
    d = direction_between(src, dst)
    if src not in position.map.hexes:  # A2.51: coming on, the off-board half hex carries the edge hex's road
        return opposite(d) in position.map.road_exits(dst)
    return d in position.map.road_exits(src) and opposite(d) in position.map.road_exits(dst)


def _concealed(position: Position, side: str, h: Hex) -> list[UnitState]:
    return [u for u in position.units_at(h)
            if u.side != side and u.concealed and u.type in PERSONNEL and not exempt(u)]


def entered(game: AslGame, position: Position, vid: str, came_from: Hex) -> State:
    """A12.41: the question to the owner of the concealed units where the vehicle ``vid`` just entered."""
    state = position.state
    vehicle = state.units.get(vid)
    if vehicle is None or vehicle.hex is None or not armour.is_vehicle(vehicle):
        return state
    here = vehicle.hex
    if here == came_from:
        return state  # a step in place (a turn, on round the same hex): no new entry
    if vbypass.across_of(vehicle) is not None or _by_woods_road(position, came_from, here):
        return state  # A12.41, A12.42: by bypass or a woods-road, no one need reveal
    if broken_for_concealment(position, vehicle):
        return state  # A12.1
    state = asl_hip.reveal(game, state, asl_hip.at(game, position, here, vehicle.side), keep_concealed=True)
    position = position.at(state)
    stack = _concealed(position, vehicle.side, here)
    if not stack:
        return state
    ids = tuple(sorted(u.id for u in stack))
    prompt = T("{vehicle} enters the Location of your concealed units at {hex}: reveal them, or take one "
               "PAATC for them all (A12.41)", vehicle=vid, hex=position.label(here))
    return state.push(Decision("confirm", stack[0].side, prompt, "A12.41", THEN, choices=(REVEAL, PAATC),
                               subject=ids, target=here, args=(("vehicle", vid),)))


def _drop(state: State, units: list[UnitState], *, pin: bool) -> State:
    """A12.14: a dummy that loses its "?" is removed; a real unit is revealed (pinned, A12.41)."""
    for unit in units:
        if unit.type == "dummy":
            state = state.without_unit(unit.id)
        else:
            shown = unit.revealed()
            state = state.with_unit(shown.mark("pinned") if pin else shown)
    return state


def _unspent(position: Position, decision: Decision, state: State) -> State:
    """A12.41, D7.1: no one left there (dummies gone): no OVR, nor its MP (overrun.unspent)."""
    from hexmate.rules.games.asl import overrun

    if decision.target is None:
        return state
    return overrun.unspent(position.at(state), decision.arg("vehicle"), decision.target)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The owner's choice: revealed at once, or the one PAATC's DR."""
    stack = [position.units[u] for u in decision.subject if u in position.units]
    if answer.choice == REVEAL:
        return _unspent(position, decision, _drop(position.state, stack, pin=False))
    if answer.choice != PAATC:
        return position.state
    real = [u for u in stack if u.type != "dummy"]
    n = max((nations.paatc_tc(position, u) for u in real), default=0)
    prompt = T("one PAATC ({n}TC) for the concealed units at {hex} (A12.41)", n=n or "N",
               hex=position.label(decision.target) if decision.target is not None else "?")
    return position.state.push(Decision("roll", decision.side, prompt, "A12.41", ROLL, dice="DR",
                                        subject=decision.subject, target=decision.target, args=decision.args))


def check(position: Position, stack: list[UnitState], dice: tuple[int, ...]) -> tuple[bool, int, int]:
    """A12.41: (passed, final DR, morale checked against) of the stack's one PAATC."""
    real = [u for u in stack if u.type != "dummy"]
    total = ASL_DR.from_values(dice).total
    if not real:
        return total <= DUMMY_MORALE, total, DUMMY_MORALE
    weakest = min(real, key=lambda u: (au.unit_morale(u), u.id))
    n = max(nations.paatc_tc(position, u) for u in real)
    here = weakest.hex
    drm = am.leader_drm_for(weakest, position.units_at(here) if here is not None else [], position)
    final = total + n + drm
    return final <= au.unit_morale(weakest), final, au.unit_morale(weakest)


def resume_paatc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """Passed: every "?" stays (D7.21: their PAATC against this vehicle is passed); failed: shown, pinned."""
    dice = answer.dice or ()
    stack = [position.units[u] for u in decision.subject if u in position.units]
    ok, final, morale = check(position, stack, dice)
    state = position.state
    vid = decision.arg("vehicle")
    if ok:
        gs = game.gstate(state)
        keys = tuple(f"{u.id}>{vid}" for u in stack if u.type != "dummy")
        state = state.replace(game=gs.replace(paatc=(*gs.paatc, *keys)))
    else:
        state = _unspent(position, decision, _drop(state, stack, pin=True))
    outcome = T("passed: they stay concealed") if ok else T("failed: revealed and pinned")
    # the morale checked against is the owner's secret while they stay concealed (A12.1)
    said = T("Final DR {final}: {outcome}", final=final, outcome=outcome) if ok else \
        T("Final DR {final} against morale {morale}: {outcome}", final=final, morale=morale, outcome=outcome)
    lines = (Line(T("PAATC"), said, "A12.41"),)
    summary = T("concealed units' PAATC against {vehicle}: {outcome}", vehicle=vid, outcome=outcome)
    res = Resolution(act.Fire(decision.subject, decision.target or Hex(0, 0), dice), "task-check", "A12.41",
                     False, lines, {u.id: "pass" if ok else "pinned" for u in stack}, summary,
                     hidden={u.id: u.side for u in stack} if ok else {})
    return state.replace(resolution=res)


def end_of_mph(position: Position) -> State:
    """A12.42: a vehicle of the phasing side ending its MPh in bypass of a hex strips every concealed enemy
    unit in that hex of its "?" (none across the bypassed hexside); so do the passengers or riders unloaded in
    a hex (in its Location: their level) as they end their MPh there, the vehicle gone on or not."""
    state = position.state
    for vehicle in list(state.units.values()):
        if (not armour.is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None
                or vbypass.across_of(vehicle) is None or broken_for_concealment(position, vehicle)):
            continue
        here = [u for u in position.at(state).units_at(vehicle.hex)
                if u.side != vehicle.side and u.concealed and u.type in PERSONNEL]
        state = _drop(state, here, pin=False)
    for unit in list(state.units.values()):  # A12.42: its passengers or riders unloaded there
        if (unit.side != position.phasing or not unit.has("unloaded") or unit.carrier is not None
                or unit.hex is None or unit.type not in PERSONNEL):
            continue
        here = [u for u in position.at(state).units_at(unit.hex)
                if u.side != unit.side and u.concealed and u.type in PERSONNEL and u.level == unit.level]
        state = _drop(state, here, pin=False)
    return state
