"""ASL vehicle crews leaving their vehicle: voluntary abandonment (D5.4-D5.411) and the Immobilization Task
Check (D5.5, D8.11, D8.22), each ending with the crew as a counter beneath an Abandoned vehicle (crew.py).

At the table abandonment is a vehicle "move" that goes nowhere, declared with a mode: ``move b-t J5 as
abandon`` (the crew spends all its MF and leaves, D5.41), or ``as abandon-wreck`` (it first makes the vehicle
a non-burning wreck, D5.411). Only in the owner's MPh, by a vehicle that has neither moved nor fired this
Player Turn (a vehicle that began it in Motion must spend MP in its MPh, D2.4, so it has moved by the time it
could be abandoned), and only by an armed vehicle: an unarmed one has a driver who never leaves (D5.1).

The Immobilization TC: the owner rolls a DR against the crew's morale when an attack other than CC
immobilizes the vehicle (D5.5; a further immobilization of an immobile vehicle too, D8.11), or when a
bogged or immobilized vehicle is hit by direct-fire ordnance that an original TK DR of 5 would have
destroyed or shocked and the hit did neither (D5.5, D8.22). Not while the crew is shocked or stunned. A
failure puts the crew beneath the vehicle and marks it Abandoned; a pass leaves the crew inside (it may
abandon voluntarily in its own MPh).

The crew's morale inside its vehicle is the Good Order morale of its nationality's best Elite MMC (an
unarmored vehicle's: the best 1st Line MMC's) unless an Armor Leader commands it or the crew is Inexperienced
(D5.1, D3.42, D3.45): ``crew_morale_of``. Those are National Capabilities, mostly not in the texts: the
nationality data (data/nationalities.json ``crew_morale``) gives them, marking its demo values, and the
prompt says "demo value" when one is used; the scenario's vehicle counter may give its own ``crew_morale``.
A25.55: from December 1943 a Free French crew takes the British values (nations.crew_nationality). A stun's
lasting "+1" counter (``plus1``, D5.34) adds 1 to the TC.

An Overrun is an attack other than CC: when its original 12 immobilizes the overrunning vehicle (D7.17), its
crew takes the TC too (``after_overrun``); an immobilization by CC (A11.5, CC Reaction Fire D7.21, Street
Fighting) calls for none (D5.5). Re-entry by infantry (D5.42) is vreentry.py's.

A crew forced out by a failed TC suffers Hazardous Movement for the rest of the phase (D5.5, A4.62: crew.py's
``hazardous``). The weapons a leaving crew may take (D5.41, D6.631, D6.83): ``as abandon-remove``
(swremove.py).
``as abandon-malf`` (D5.411): the crew malfunctions its vehicle's weapons as it leaves, all of them (MA and
MGs still in it); the rule lets it choose ("a weapon or weapons"): ``as abandon-malf:bmg+cmg`` names the
ones it malfunctions (``ma``, ``bmg``, ``cmg``, ``aamg``, ``rmg``, ``trmg``), the others staying usable. A
crew of its own side back in it may try to repair them in the RPh (D3.7, vrepair.py); an enemy that
captures it may not (A9.72).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import alhide, armorldr, crew, nations, swremove, vdriver
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.armour import is_vehicle, spent_of, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

MODES = ("abandon", "abandon-wreck", "abandon-remove",  # the last: D6.631, D6.83 (swremove.py)
         "abandon-malf")  # D5.411: its weapons malfunctioned as it leaves
DEMO_MORALE = {"armored": 8, "unarmored": 7}  # demo values for a nationality with no crew_morale data (D5.1)
FIRED = ("prep_fire", "first_fire", "final_fire", "advancing_fire")
LEFT = "crew_left"  # its crew left it this Player Turn: no re-entry before the next (D5.42, vreentry.py)


def has_crew(vehicle: UnitState) -> bool:
    """An armed vehicle whose inherent crew is still inside (D5.1: an unarmed one has only a driver)."""
    vt = vtype(vehicle)
    armed = vt.ma is not None or bool(vt.bmg or vt.cmg or vt.aamg)
    gone = ("abandoned", "wreck", "crew_survived", "crew_lost")
    return armed and not any(vehicle.has(m) for m in gone)


@dataclass(frozen=True)
class CrewMorale:
    """An inherent crew's morale and where it comes from: ``source`` is ``armor_leader`` (D3.42, D3.45),
    ``counter`` (the vehicle counter's ``crew_morale``), ``nationality`` (the data of ``nationality``, its
    ``elite`` or ``1st`` value, D5.1; ``rule`` A25.55 when taken as another's) or ``demo``."""

    value: int
    demo: bool
    source: str
    nationality: str = ""
    rule: str = "D5.1"


def crew_morale_of(position: Position, vehicle: UnitState, *, withhold: bool = False) -> CrewMorale:
    """The inherent crew's morale in its vehicle (D5.1). In order: its Armor Leader's (D3.42; the 6 of an
    Inexperienced crew's quasi-leader, D3.45), unless ``withhold`` and he is still hidden at his owner's
    choice (D3.41, alhide.py); the vehicle counter's ``crew_morale`` (the owner's override); the nationality
    data's best Elite MMC morale for an AFV, best 1st Line MMC morale for an unarmored vehicle (D5.1), of the
    nationality the side's crews take it from (A25.55: Free French as British from December 1943); else a
    generic demo value."""
    led = armorldr.morale(vehicle)
    if led is not None and not (withhold and alhide.withheld(vehicle)):
        inexperienced = bool(vehicle.values.get("inexperienced_crew"))  # D3.45: its 6+1 quasi-leader's
        return CrewMorale(led, False, "armor_leader", rule="D3.45" if inexperienced else "D3.42")
    given = vehicle.values.get("crew_morale")
    if isinstance(given, int):
        return CrewMorale(given, False, "counter")
    armored = vtype(vehicle).armored
    name, rule = nations.crew_nationality(position.scenario, vehicle.side)
    data = au.nationality(name).traits.get("crew_morale")
    if isinstance(data, Mapping):
        key = "elite" if armored else "1st"  # D5.1: an AFV's crew, an unarmored vehicle's
        return CrewMorale(int(data[key]), key in data.get("demo", []), "nationality", name, rule or "D5.1")
    return CrewMorale(DEMO_MORALE["armored" if armored else "unarmored"], True, "demo")


def morale_note(got: CrewMorale) -> str:
    """What a crew check's prompt says after the morale: ", as the British (A25.55)" when taken from another
    nationality's data, and ", demo value" when it is one (D5.1's National Capabilities are not in the
    texts)."""
    note = ""
    if got.source == "nationality" and got.rule != "D5.1":
        nation = got.nationality.replace("_", " ").title()
        note = T(", as the {nation} ({rule})", nation=nation, rule=got.rule)
    return note + (T(", demo value") if got.demo else "")


def crew_morale(position: Position, vehicle: UnitState, *, withhold: bool = False) -> tuple[int, bool]:
    """The inherent crew's morale (D5.1) and whether it is a demo value (``crew_morale_of``)."""
    got = crew_morale_of(position, vehicle, withhold=withhold)
    return got.value, got.demo


# --- voluntary abandonment (D5.41) ---
MALF = "abandon-malf"


def chosen_malf(mode: str) -> tuple[str, ...] | None:
    """D5.411: the weapons named in ``abandon-malf:ma+bmg`` (None: not such a choice)."""
    if not mode.startswith(MALF + ":"):
        return None
    return tuple(w for w in mode.removeprefix(MALF + ":").split("+") if w)


def is_abandon(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    chosen = move.mode in MODES or chosen_malf(move.mode) is not None
    return chosen and uid in position.units and is_vehicle(position.units[uid])


def check_abandon(position: Position, move: act.Move) -> act.Move:
    """D5.41: in its own MPh, the crew of a vehicle that has not moved or fired this Player Turn."""
    if len(move.units) != 1 or len(move.path) != 1:
        raise IllegalAction(T("abandonment names one vehicle and its own hex: move VEHICLE HEX as abandon"),
                            "D5.41")
    vehicle = position.units[move.units[0]]
    if position.phase.id != "MPh" or vehicle.side != position.phasing:
        raise IllegalAction(T("a crew abandons its vehicle only in its own MPh"), "D5.41")
    if move.path[0] != vehicle.hex:
        raise IllegalAction(T("{unit} is abandoned where it is, in {hex}", unit=vehicle.id,
                              hex=position.label(vehicle.hex)), "D5.41")
    if not has_crew(vehicle) and vdriver.smc_driver(vehicle) is None:  # A21.21: an SMC driver may leave
        raise IllegalAction(T("{unit} has no crew inside to abandon it (an unarmed vehicle has only a "
                              "driver)", unit=vehicle.id), "D5.1")
    moved = (vehicle.id in position.state.moved or vehicle.has("entered") or vehicle.has("motion")
             or spent_of(vehicle) > 0)
    if moved or any(vehicle.has(m) for m in FIRED):
        raise IllegalAction(T("{unit} has moved or fired this Player Turn: its crew may not abandon it now "
                              "(a vehicle in Motion must first spend MP, D2.4)", unit=vehicle.id), "D5.41")
    if move.mode == swremove.MODE and not any(swremove.counter_for(position, vehicle, w) is not None
                                             for w in swremove.removable(vehicle)):
        raise IllegalAction(T("{unit} has no weapon its crew may take out (an armored halftrack's MG or "
                              "mortar, a carrier's MG, ATR or mortar, of its own side, with a counter for "
                              "it)", unit=vehicle.id), "D6.631")
    chosen = chosen_malf(move.mode)
    if chosen is not None:
        able = [m.removesuffix("_malf") for m in sabotaged(vehicle)]
        wrong = [w for w in chosen if w not in able]
        if not chosen or wrong or len(set(chosen)) != len(chosen):
            raise IllegalAction(T("name the weapons of {unit} its crew malfunctions, each once, among {able} "
                                  "(as abandon-malf:{example})", unit=vehicle.id, able=", ".join(able) or "-",
                                  example="+".join(able[:2]) or "ma"), "D5.411")
    return act.Move(move.units, move.path, 0, move.mode)


def abandon(position: Position, move: act.Move) -> State:
    """The crew leaves, spending all its MF, beneath the vehicle, which is Abandoned (D5.41) and, if its crew
    chose so, a non-burning wreck (D5.411)."""
    vehicle = position.units[move.units[0]]
    marks = ("abandoned", LEFT, "wreck") if move.mode == "abandon-wreck" else ("abandoned", LEFT)
    chosen = chosen_malf(move.mode)
    if move.mode == MALF:  # D5.411: every weapon it has, malfunctioned (repair: vrepair.py, D3.7)
        marks = (*marks, *sabotaged(vehicle))
    elif chosen is not None:  # D5.411: only the weapons its crew chose
        marks = (*marks, *(f"{w}_malf" for w in chosen))
    state = position.state.with_unit(vehicle.mark(*marks, remove=("ce", "motion")))
    if vdriver.smc_driver(vehicle) is not None:  # A21.21: its SMC driver is back beneath it
        return vdriver.release(state, vehicle).replace(moved=(*state.moved, vehicle.id))
    state = crew.bail_out(position.at(state), vehicle)
    if move.mode == swremove.MODE:  # D6.631, D6.83: the crew takes the weapons out
        state, _ = swremove.take(position, state, vehicle, crew.crew_id(vehicle))
    return state.replace(moved=(*state.moved, vehicle.id))


def sabotaged(vehicle: UnitState) -> tuple[str, ...]:
    """D5.411: the malfunction markers of the weapons a leaving crew may put out of action: its MA and each
    MG it has that is not already out (``<mg>_removed`` taken out, D6.631)."""
    vt = vtype(vehicle)
    out = ("ma_malf",) if vt.ma is not None and not vehicle.has("ma_removed") else ()
    return (*out, *(f"{w}_malf" for w in ("bmg", "cmg", "aamg", "rmg", "trmg")
                    if getattr(vt, w) and not vehicle.has(f"{w}_removed")))


def generate(position: Position) -> Iterator[act.Action]:
    """Abandonment open now, for the page's buttons (D5.41)."""
    if position.phase.id != "MPh" or position.state.decision is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        weapons = [m.removesuffix("_malf") for m in sabotaged(vehicle)]
        single = [f"{MALF}:{w}" for w in weapons] if len(weapons) > 1 else []  # D5.411: its choice
        for mode in ("abandon", swremove.MODE, MALF, *single):  # D5.41; D6.631, D6.83; D5.411
            move = act.Move((vehicle.id,), (vehicle.hex,), None, mode)
            try:
                yield check_abandon(position, move)
            except IllegalAction:
                continue


# --- the Immobilization TC (D5.5, D8.11, D8.22) ---
def needs_tc(before: UnitState, result: str, *, shock_on_5: bool) -> bool:
    """Must the crew take the Immobilization TC after a non-CC attack on ``before`` (the vehicle as it was)
    with this result? ``shock_on_5``: an original TK DR of 5 would have destroyed or shocked it."""
    if not has_crew(before) or before.has("shocked") or before.has("stunned"):
        return False
    if result == "immobilized":
        return True  # D5.5; D8.11 if it already was
    immobile = before.has("immobilized") or before.has("bogged") or before.has("mired")
    return result == "none" and immobile and shock_on_5  # D5.5, D8.22


def tc_decision(position: Position, vehicle: UnitState) -> Decision:
    got = crew_morale_of(position, vehicle, withhold=True)  # D3.41: a hidden leader only if brought in
    morale, demo = got.value, got.demo
    drm = 1 if vehicle.has("plus1") else 0  # D5.34: the lasting +1 of an earlier stun
    prompt = (
        T("{unit}'s crew takes the Immobilization Task Check: roll the DR; {need} or less keeps it inside "
          "(morale {morale}, demo value: the scenario gives crew_morale; D5.5)",
          unit=vehicle.id, need=morale - drm, morale=morale)
        if demo else
        T("{unit}'s crew takes the Immobilization Task Check: roll the DR; {need} or less keeps it inside "
          "(morale {morale}{note}; D5.5)", unit=vehicle.id, need=morale - drm, morale=morale,
          note=morale_note(got))
    )
    return Decision("roll", vehicle.side, prompt, "D5.5", "vitc", dice="DR", subject=(vehicle.id,),
                    target=vehicle.hex, args=(("need", str(morale - drm)),))


def resume_tc(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A failed TC: the crew beneath the vehicle, its MF spent, and the vehicle Abandoned (D5.5)."""
    assert answer.dice is not None
    asked = alhide.ask_mc(position, decision, answer)  # D3.41: bring a hidden Armor Leader in?
    if asked is not None:
        return asked
    state = position.state
    vehicle = state.units.get(decision.subject[0])
    if vehicle is None or sum(answer.dice) <= int(decision.arg("need", "0")):
        return state
    state = state.with_unit(vehicle.mark("abandoned", LEFT, remove=("ce", "motion")))
    if vdriver.smc_driver(vehicle) is not None:  # A21.22: its SMC crew is back beneath it
        return vdriver.release(state, vehicle)
    return crew.bail_out(position.at(state), vehicle, hazardous=True)  # D5.5: Hazardous Movement, A4.62


def after_overrun(position: Position, state: State) -> State:
    """D5.5: an Overrun is an attack other than CC; when its original 12 immobilizes the overrunning vehicle
    (D7.17) its crew takes the Immobilization TC at once (D8.11: even if it was already immobile)."""
    res = state.resolution
    if res is None or not isinstance(res.action, act.Fire) or not res.action.firers:
        return state
    immobilized = any(line.rule == "D7.17" and line.value == "12" for line in res.lines)
    before = position.units.get(res.action.firers[0])
    if not immobilized or before is None or not needs_tc(before, "immobilized", shock_on_5=False):
        return state
    return state.push(tc_decision(position.at(state), state.units[before.id]))


__all__ = ["DEMO_MORALE", "LEFT", "MALF", "MODES", "CrewMorale", "abandon", "after_overrun", "check_abandon",
           "chosen_malf", "crew_morale", "crew_morale_of", "generate", "has_crew", "is_abandon",
           "morale_note", "needs_tc", "resume_tc", "tc_decision"]
