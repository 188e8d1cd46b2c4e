"""ASL D8.3, D8.31, D8.4: a bogged vehicle's Bog Removal attempt in play.

D8.3: a vehicle immobile only through Bog (or Mired, D8.31) that did not fire in the PFPh may try at the
start of its MPh: a DR whose unmodified colored dr times its white dr is the MP it spends as its start MP
(doubled for a vehicle that is not armored). Final colored dr (+1 while Mired, D8.31): 1-4 frees it (even
when that start MP exceeds its allowance), still in the bog hex, and it may go on with the MP left, its
start already paid; 5 Mires it; 6 or more immobilizes it (D8.1). D8.4: the attempt's MP expenditure may draw
Defensive First Fire, without Case J (vinplace.py: a window in place).

A vehicle bogged off the map on its way on (D8.23 with A2.51, vmudoff.py) tries there the same way, naming
one of its entry hexes for want of a hex of its own (``move VEHICLE ENTRY as unbog``); off the map no fire
reaches it (A2.51), so no window follows; freed, it comes on with the MP left (ventry.py). It tries
unassisted: a vehicle that could share its off-board hex (one set up there could not, A2.9 with A5.2; one
freed there earlier with no MP left to come on could) is waiting off the map, and A2.52 lets such a unit do
nothing but come on, A2.5 forbids putting its entry off: spending all its MP as delay to assist is refused
(``check_helper``) and not offered.

At the table: ``move VEHICLE HEX as unbog`` (its own hex; listed on the page), then the DR on the board's
dice. D8.3's assist: ``move VEHICLE,HELPER HEX as unbog``: a mobile AFV of the same side stopped in the same
Location, at least 90% of the bogged vehicle's weight, that did not Prep Fire, with its crew CE and all its MP
still unspent, spends them all as delay MP: -1 on the colored dr; both are TI for the player turn (whatever
the result), stopped, their CA unchanged. Only one Armor Leader's leadership counts (the better one here);
either AFV's hidden one is asked about in one private question (D3.41, alhide.ask_rerun with both AFVs).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armorldr, offboard
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.armour import budget, is_vehicle, spent_of, vtype, with_spent
from hexmate.rules.games.asl.vehicles import is_mobile
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

MODE = "unbog"
STARTED = "spent_start"  # D8.3: its start MP is paid (cleared with the MP spent, armour.end_of_mph)
BARS = ("immobilized", "shocked", "stunned", "abandoned", "wreck", "prep_fire")


def is_unbog(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode == MODE and uid in position.units and is_vehicle(position.units[uid])


def check_helper(position: Position, vehicle: UnitState, helper: UnitState) -> None:
    """D8.3: may ``helper`` assist ``vehicle``'s Bog Removal?"""
    from hexmate.rules.games.asl.vmg import crew_exposed

    ht, vt = vtype(helper), vtype(vehicle)
    if not is_vehicle(helper) or helper.side != vehicle.side or not ht.armored:
        raise IllegalAction(T("{unit} is no friendly AFV to assist", unit=helper.id), "D8.3")
    if helper.hex is None:  # A2.52: one waiting off the map does nothing but come on; A2.5: nor puts it off
        raise IllegalAction(T("{unit} waits off the map: it does nothing but come on, and may not put off "
                              "its entry, so it may not assist (A2.52, A2.5)", unit=helper.id), "A2.52")
    if helper.hex != vehicle.hex or helper.level != vehicle.level:
        raise IllegalAction(T("{unit} assists from the same Location", unit=helper.id), "D8.3")
    if not is_mobile(helper.markers) or helper.has("motion"):
        raise IllegalAction(T("{unit} assists only while mobile and stopped", unit=helper.id), "D8.3")
    if 10 * ht.weight < 9 * vt.weight:
        raise IllegalAction(T("{unit} weighs less than 90% of {other}", unit=helper.id, other=vehicle.id),
                            "D8.3")
    if helper.has("prep_fire"):
        raise IllegalAction(T("{unit} fired in the PFPh and may not assist", unit=helper.id), "D8.3")
    if not crew_exposed(ht, helper.markers):
        raise IllegalAction(T("{unit} assists with its crew CE", unit=helper.id), "D8.3")
    if helper.id in position.state.moved or spent_of(helper):
        raise IllegalAction(T("{unit} assists with all its MP, none spent yet", unit=helper.id), "D8.3")


def check(position: Position, move: act.Move) -> act.Move:
    if len(move.units) not in (1, 2) or len(move.path) != 1:
        raise IllegalAction(T("a Bog Removal names one vehicle and its own hex: move VEHICLE HEX as unbog"),
                            "D8.3")
    vehicle = position.units[move.units[0]]
    if len(move.units) == 2:
        check_helper(position, vehicle, position.units[move.units[1]])
    if position.phase.id != "MPh" or vehicle.side != position.phasing:
        raise IllegalAction(T("a vehicle tries Bog Removal in its own MPh"), "D8.3")
    if vehicle.hex is None:  # bogged off the map (vmudoff.py, A2.51): it names one of its entry hexes
        from hexmate.rules.games.asl import ventry
        if offboard.set_up_at(vehicle) is None or move.path[0] not in ventry.entry_hexes(position, vehicle):
            raise IllegalAction(T("{unit} is off the map: name one of its entry hexes (A2.51)",
                                  unit=vehicle.id), "D8.3")
    elif move.path[0] != vehicle.hex:
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


def _leadership(position: Position, uids: tuple[str, ...]) -> int:
    """D3.44, D8.3: an Armor Leader's leadership, of one vehicle only when two take part (the better); D3.41:
    not one still hidden at his owner's choice (alhide.py asks him when it would change the result)."""
    return min(armorldr.leadership(position.units[u], "bog_removal", withhold=True) for u in uids)


def declare(position: Position, move: act.Move) -> State:
    vehicle = position.units[move.units[0]]
    state = position.state
    helped = len(move.units) == 2
    lead = _leadership(position, move.units)
    drm = (1 if vehicle.has("mired") else 0) + lead - (1 if helped else 0)  # D8.31, D3.44, D8.3
    if helped:  # D8.3: the helper spends all its MP as delay; both TI this player turn, stopped
        helper = position.units[move.units[1]]
        state = state.with_unit(with_spent(helper.mark("ti"), budget(helper)))
        state = state.with_unit(state.units[vehicle.id].mark("ti"))
        state = state.replace(moved=(*state.moved, helper.id))
    prompt = T("{unit} tries Bog Removal: roll the DR; colored dr {drm:+d}: 1-4 frees it for colored x white "
               "MP, 5 Mires it, 6 or more immobilizes it (D8.3)", unit=vehicle.id, drm=drm)
    args = (("drm", str(drm)), ("lead", str(lead)), ("assist", "1" if helped else ""))
    return state.push(Decision("roll", vehicle.side, prompt, "D8.3", "vunbog", dice="DR",
                               subject=move.units, target=vehicle.hex, args=args))


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The DR: white first, colored second (the game's dice order). Freed: the bog marker goes and the
    start MP is spent (D8.3); Mired: the counter flips, its MPh over (D8.31); 6+: immobilized (D8.1)."""
    assert answer.dice is not None
    state = position.state
    uid = decision.subject[0]
    vehicle = state.units[uid]
    white, coloured = answer.dice[0], answer.dice[1]
    result, mp = vm.bog_removal(coloured, white, vtype(vehicle), mired=vehicle.has("mired"),
                                assist=bool(decision.arg("assist")),
                                leadership=_leadership(position, decision.subject))  # D3.44, D8.3
    if result == "freed":
        freed = vehicle.mark(STARTED, remove=("bogged", "mired"))
        return state.with_unit(with_spent(freed, spent_of(vehicle) + Fraction(mp)))
    if result == "mired":
        state = state.with_unit(vehicle.mark("mired", remove=("bogged",)))
    else:
        state = state.with_unit(vehicle.mark("immobilized", remove=("bogged", "mired")))
    return state.replace(moved=(*state.moved, uid))


def _entry_hex(position: Position, vehicle: UnitState) -> Hex | None:
    """A vehicle bogged off the map names its first entry hex (A2.51: off the map it has no hex)."""
    if offboard.set_up_at(vehicle) is None or not (vehicle.has("bogged") or vehicle.has("mired")):
        return None
    from hexmate.rules.games.asl import ventry
    found = ventry.entry_hexes(position, vehicle)
    return found[0] if found else None


def generate(position: Position, *, off_map: bool = False) -> Iterator[act.Action]:
    """Bog Removal attempts open now, for the page's buttons (``off_map``: only those of vehicles bogged off
    the map, vmudoff.py)."""
    if position.phase.id != "MPh" or position.state.decision is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing:
            continue
        if off_map and vehicle.hex is not None:
            continue
        where = vehicle.hex if vehicle.hex is not None else _entry_hex(position, vehicle)
        if where is None:
            continue
        try:
            yield check(position, act.Move((vehicle.id,), (where,), None, MODE))
        except IllegalAction:
            continue
        if vehicle.hex is None:
            continue  # A2.52: no vehicle waiting off the map may assist (check_helper)
        for helper in position.units_at(vehicle.hex):  # D8.3: with a friendly AFV's assist
            if helper.id == vehicle.id or not is_vehicle(helper):
                continue
            try:
                yield check(position, act.Move((vehicle.id, helper.id), (vehicle.hex,), None, MODE))
            except IllegalAction:
                continue


__all__ = ["MODE", "STARTED", "check", "declare", "generate", "is_unbog", "resume"]
