"""ASL D14 in play: a radioless AFV alone or leaving its platoon (D14.1, D14.2, D14.22-D14.24).

D14.1: an AFV whose counter's back has no R symbol has a radio (catalogue key ``radioless``: true for those
with it). D14.2: a radioless AFV moves in a platoon or takes D14.23's penalties. A scenario forms platoons
with the marker ``platoon:<name>`` (platoon.py); a platoon moves by impulses (impulse.py, D14.21,
D14.3-D14.32); alone, a radioless AFV moves as follows:

- D14.23: a mobile radioless AFV on the map that is alone at the start of its MPh (not meeting D14.21 with a
  platoon mate), or that wants to leave its platoon (only then), moves in that MPh only after passing an NTC
  (``move VEHICLE HEX as ntc``, a DR at most its crew's morale, ``vcrew.crew_morale``). Taking it is choosing
  non-platoon movement: the AFV leaves its platoon (D14.22). Failing it, it stops at once if it is not
  stopped and spends the rest of its MP as delay MP; it does nothing else that MPh but unload its passengers
  or riders (``transport``, which checks its own rules). Without a passed NTC the vehicle's moves and delay
  MP are refused with this rule.
- D14.24: a radio-equipped AFV in a platoon leaves it without an NTC: its move takes it out (game.py).
- D14.23: a radioless AFV alone needs no NTC for a Motion attempt (D2.401), but its dr takes +1; a platoon's
  takes +the number of its AFVs (D14.211) (``vmotion``).
- D14.22: a radioless AFV that was recalled behaves as radio-equipped from then on (the marker
  ``recalled``, set by vcrewhit.py), and leaves its platoon.
- D14.1: an AFV's radio never serves OBA or indirect fire observation, nor does a radio counter replace it
  (no OBA at the table).
"""

from __future__ import annotations

from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import platoon, vcrew
from hexmate.rules.games.asl.armour import budget, is_vehicle, spent_of, vtype, with_spent
from hexmate.rules.games.asl.vehicles import is_mobile
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

MODE = "ntc"
PASSED = "ntc_passed"  # D14.23: this MPh
FAILED = "ntc_failed"  # D14.23: this MPh
RECALLED = "recalled"  # D14.22


def radioless(unit: UnitState) -> bool:
    """A radioless AFV (D14.1), not turned radio-equipped by a Recall (D14.22)."""
    vt = vtype(unit)
    return vt.radioless and vt.armored and not unit.has(RECALLED)


def lone(position: Position, unit: UnitState) -> bool:
    """A radioless AFV alone: in no platoon meeting D14.21 now (D14.23)."""
    return radioless(unit) and not platoon.in_platoon(position, unit)


def motion_drm(position: Position, unit: UnitState) -> int:
    """D14.211: a platoon's Motion dr adds the number of its AFVs; D14.23: +1 for a radioless AFV alone."""
    return platoon.motion_platoon_drm(position, unit) or (1 if lone(position, unit) else 0)


def bar(position: Position, unit: UnitState) -> None:
    """D14.23: a lone radioless AFV's move or delay MP in its MPh waits for a passed NTC."""
    if position.phase.id != "MPh" or unit.side != position.phasing or not radioless(unit) or unit.has(PASSED):
        return
    if unit.has(FAILED):
        raise IllegalAction(T("{unit} failed its NTC: it does nothing more this MPh but unload",
                              unit=unit.id), "D14.23")
    if platoon.in_platoon(position, unit):  # D14.21, D14.3: it moves with its platoon by impulses
        raise IllegalAction(T("{unit} is in a platoon: it moves with it by impulses (move {unit} {hex} as "
                              "impulse_start, ...), or alone after leaving it with an NTC (move {unit} {hex} "
                              "as ntc)", unit=unit.id, hex=position.label(unit.hex)), "D14.23")
    raise IllegalAction(T("{unit} is a radioless AFV alone: it moves only after an NTC (move {unit} {hex} as "
                          "ntc)", unit=unit.id, hex=position.label(unit.hex)), "D14.23")


def barred(position: Position, unit: UnitState) -> bool:
    try:
        bar(position, unit)
    except IllegalAction:
        return True
    return False


def is_ntc(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode == MODE and uid in position.units and is_vehicle(position.units[uid])


def check(position: Position, move: act.Move) -> act.Move:
    unit = position.units[move.units[0]]
    if len(move.units) != 1 or move.path != (unit.hex,):
        raise IllegalAction(T("the NTC names one vehicle and its own hex: move VEHICLE HEX as ntc"), "D14.23")
    if position.phase.id != "MPh" or unit.side != position.phasing:
        raise IllegalAction(T("a radioless AFV takes its NTC at the start of its own MPh"), "D14.23")
    if not radioless(unit):
        raise IllegalAction(T("{unit} has a radio: no NTC to move", unit=unit.id), "D14.23")
    if unit.has(PASSED) or unit.has(FAILED):
        raise IllegalAction(T("{unit} has taken its NTC this MPh", unit=unit.id), "D14.23")
    if not is_mobile(unit.markers) or unit.id in position.state.moved or spent_of(unit):
        raise IllegalAction(T("{unit} takes its NTC at the start of its MPh, mobile and before spending MP",
                              unit=unit.id), "D14.23")
    return act.Move(move.units, move.path, None, MODE)


def declare(position: Position, move: act.Move) -> State:
    unit = position.units[move.units[0]]
    morale, _ = vcrew.crew_morale(position, unit, withhold=True)  # D3.41: a hidden AL only if brought in
    if platoon.in_platoon(position, unit):
        prompt = T("{unit} leaves its platoon: its crew takes an NTC to move; roll the DR, {need} or less "
                   "(D14.22, D14.23)", unit=unit.id, need=morale)
    else:
        prompt = T("{unit} is a radioless AFV alone: its crew takes an NTC to move; roll the DR, {need} or "
                   "less (D14.23)", unit=unit.id, need=morale)
    state = platoon.leave(position.state, unit)  # D14.22: non-platoon movement chosen
    return state.push(Decision("roll", unit.side, prompt, "D14.23", "vntc", dice="DR",
                                        subject=(unit.id,), target=unit.hex, args=(("need", str(morale)),)))


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """Passed: it may move. Failed: stopped, the rest of its MP spent as delay MP, its MPh over (D14.23)."""
    assert answer.dice is not None
    state = position.state
    unit = state.units[decision.subject[0]]
    if sum(answer.dice) <= int(decision.arg("need", "0")):
        return state.with_unit(unit.mark(PASSED))
    stopped = with_spent(unit.mark(FAILED, remove=("motion",)), budget(unit))
    state = state.with_unit(stopped)
    return state.replace(moved=(*state.moved, unit.id))


def generate(position: Position) -> Iterator[act.Action]:
    state = position.state
    if position.phase.id != "MPh" or state.decision is not None or state.moving is not None:
        return
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or not is_vehicle(unit) or unit.hex is None:
            continue
        try:
            yield check(position, act.Move((unit.id,), (unit.hex,), None, MODE))
        except IllegalAction:
            continue


__all__ = ["FAILED", "MODE", "PASSED", "bar", "barred", "check", "declare", "generate", "is_ntc", "lone",
           "motion_drm", "radioless", "resume"]
