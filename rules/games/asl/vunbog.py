"""ASL D8.3, D8.31, D8.4: a bogged vehicle's Bog Removal attempt in play.

D8.3: a vehicle immobile only through Bog (or Mired, D8.31) that did not fire in the PFPh may try at the
start of its MPh: a DR whose unmodified colored dr times its white dr is the MP it spends as its start MP
(doubled for a vehicle that is not armored). Final colored dr (+1 while Mired, D8.31): 1-4 frees it (even
when that start MP exceeds its allowance), still in the bog hex, and it may go on with the MP left, its
start already paid; 5 Mires it; 6 or more immobilizes it (D8.1). D8.4: the attempt's MP expenditure may draw
Defensive First Fire, without Case J (vinplace.py: a window in place).

At the table: ``move VEHICLE HEX as unbog`` (its own hex; listed on the page), then the DR on the board's
dice. Not built: the -1 of another AFV assisting with all its MP (D8.3: it needs the 90% weight rule and both
TI; left for the page to offer), and an Armor Leader's leadership (D3.44, armorldr.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armorldr
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.armour import is_vehicle, spent_of, vtype, with_spent
from hexmate.rules.games.base import Position, State
from hexmate.rules.text import T

MODE = "unbog"
STARTED = "spent_start"  # D8.3: its start MP is paid (cleared with the MP spent, armour.end_of_mph)
BARS = ("immobilized", "shocked", "stunned", "abandoned", "wreck", "prep_fire")


def is_unbog(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode == MODE and uid in position.units and is_vehicle(position.units[uid])


def check(position: Position, move: act.Move) -> act.Move:
    if len(move.units) != 1 or len(move.path) != 1:
        raise IllegalAction(T("a Bog Removal names one vehicle and its own hex: move VEHICLE HEX as unbog"),
                            "D8.3")
    vehicle = position.units[move.units[0]]
    if position.phase.id != "MPh" or vehicle.side != position.phasing:
        raise IllegalAction(T("a vehicle tries Bog Removal in its own MPh"), "D8.3")
    if move.path[0] != vehicle.hex:
        raise IllegalAction(T("{unit} tries Bog Removal where it is, in {hex}", unit=vehicle.id,
                              hex=position.label(vehicle.hex)), "D8.3")
    if not (vehicle.has("bogged") or vehicle.has("mired")):
        raise IllegalAction(T("{unit} is not bogged", unit=vehicle.id), "D8.3")
    if any(vehicle.has(m) for m in BARS):
        raise IllegalAction(T("{unit} may not try Bog Removal: immobile for another reason, or it fired in "
                              "the PFPh", unit=vehicle.id), "D8.3")
    if vehicle.id in position.state.moved or spent_of(vehicle) or vehicle.has(STARTED):
        raise IllegalAction(T("{unit} tries Bog Removal at the start of its MPh, before spending MP",
                              unit=vehicle.id), "D8.3")
    return act.Move(move.units, move.path, None, MODE)


def declare(position: Position, move: act.Move) -> State:
    vehicle = position.units[move.units[0]]
    drm = (1 if vehicle.has("mired") else 0) + armorldr.leadership(vehicle, "bog_removal")  # D3.44
    prompt = T("{unit} tries Bog Removal: roll the DR; colored dr {drm:+d}: 1-4 frees it for colored x white "
               "MP, 5 Mires it, 6 or more immobilizes it (D8.3)", unit=vehicle.id, drm=drm)
    return position.state.push(Decision("roll", vehicle.side, prompt, "D8.3", "vunbog", dice="DR",
                                        subject=(vehicle.id,), target=vehicle.hex, args=(("drm", str(drm)),)))


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The DR: white first, colored second (the game's dice order). Freed: the bog marker goes and the
    start MP is spent (D8.3); Mired: the counter flips, its MPh over (D8.31); 6+: immobilized (D8.1)."""
    assert answer.dice is not None
    state = position.state
    uid = decision.subject[0]
    vehicle = state.units[uid]
    white, coloured = answer.dice[0], answer.dice[1]
    result, mp = vm.bog_removal(coloured, white, vtype(vehicle), mired=vehicle.has("mired"),
                                leadership=armorldr.leadership(vehicle, "bog_removal"))  # D3.44
    if result == "freed":
        freed = vehicle.mark(STARTED, remove=("bogged", "mired"))
        return state.with_unit(with_spent(freed, spent_of(vehicle) + Fraction(mp)))
    if result == "mired":
        state = state.with_unit(vehicle.mark("mired", remove=("bogged",)))
    else:
        state = state.with_unit(vehicle.mark("immobilized", remove=("bogged", "mired")))
    return state.replace(moved=(*state.moved, uid))


def generate(position: Position) -> Iterator[act.Action]:
    """Bog Removal attempts open now, for the page's buttons."""
    if position.phase.id != "MPh" or position.state.decision is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        try:
            yield check(position, act.Move((vehicle.id,), (vehicle.hex,), None, MODE))
        except IllegalAction:
            continue


__all__ = ["MODE", "STARTED", "check", "declare", "generate", "is_unbog", "resume"]
