"""ASL D3.7: a vehicle's malfunctioned weapons repaired in the RPh, and a disabled MA. Pure.

- D3.7: in each RPh the owner may roll one dr for each malfunctioned weapon of a vehicle (MA, BMG, CMG,
  AAMG, hull or turret RMG): 1 repairs it (its malfunction marker goes), 6 disables it for good, 2-5 changes
  nothing. It takes the vehicle's own inherent crew, neither shocked nor stunned (a broken crew has left,
  D5.311; a lone SMC crew counts, A21.22); the AAMG only a CE crew or a hero aboard (D1.83, A15.23). A
  captured vehicle's weapons wait until its own side recaptures it (A9.72, as for a SW or Gun).
- D3.7: a vehicle whose MA (and every SA: no catalogue holds an SA, D1.34) is disabled is Recalled at once
  (D5.341), unless it may carry passengers (a PP capacity, D1.5/D6.1) or tow (a T#, D1.5). That applies
  whether the MA was disabled by a repair dr of 6 or by its To Hit DR (an X# reached, D3.71/A.11): the fire
  resolutions call ``disable_ma``. A disabled MA keeps its ``ma_malf`` marker and gains ``disabled``.

At the table: ``repair VEHICLE.WEAPON`` (``repair a-pz.ma``, ``repair a-pz.cmg``) in the RPh by the side
acting, then the dr on the board's dice. A weapon has one dr per RPh.
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import vcrewhit, vmg
from hexmate.rules.games.asl.armour import is_vehicle, vtype
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.text import T

WEAPONS = ("ma", "bmg", "cmg", "aamg", "rmg", "trmg")
NAMES = {"ma": "MA", **vmg.NAMES}
DISABLED = "disabled"  # D3.7: the MA is disabled for good (its malfunction counter flipped)
TRIED = tuple(f"vrepair_tried:{w}" for w in WEAPONS)  # D3.7: one dr per weapon per RPh (gone at its end)


def _tried(weapon: str) -> str:
    return f"vrepair_tried:{weapon}"


def parse(position: Position, repair: act.Repair) -> tuple[UnitState, str] | None:
    """The vehicle and weapon a ``repair VEHICLE.WEAPON`` names, or None when it names no vehicle's weapon."""
    uid, dot, weapon = repair.sw.rpartition(".")
    unit = position.units.get(uid) if dot else None
    if unit is None or not is_vehicle(unit):
        return None
    return unit, weapon


def claims(position: Position, action: act.Action) -> bool:
    return isinstance(action, act.Repair) and parse(position, action) is not None


def malfunctioned(vehicle: UnitState, weapon: str) -> bool:
    """Is ``weapon`` malfunctioned and not disabled for good (D3.7)?"""
    if weapon == "ma":
        return vehicle.has("ma_malf") and not vehicle.has(DISABLED)
    return vehicle.has(f"{weapon}_malf") and not vehicle.has(f"{weapon}_disabled") \
        and not vehicle.has(f"{weapon}_removed") and not vehicle.has("scrounged")


def _hero_aboard(position: Position, vehicle: UnitState) -> bool:
    return any(u.carrier == vehicle.id and u.type == "hero" and not u.has("broken")
               for u in position.units.values())


def check(position: Position, repair: act.Repair) -> act.Repair:
    got = parse(position, repair)
    assert got is not None
    vehicle, weapon = got
    if weapon not in WEAPONS:
        raise InvalidAction(T("name the weapon to repair: ma, bmg, cmg, aamg, rmg or trmg"))
    if position.phase.id != "RPh":
        raise IllegalAction(T("a vehicle's weapons are repaired in the Rally Phase (D3.7)"), "D3.7")
    if vehicle.side != position.to_act:
        raise IllegalAction(T("{unit} is {side}'s: {now} acts now, then the other side", unit=vehicle.id,
                              side=vehicle.side, now=position.to_act), "A3.1")
    name = NAMES[weapon]
    if not malfunctioned(vehicle, weapon):
        raise IllegalAction(T("{unit}'s {weapon} is not malfunctioned, or is disabled for good (D3.7)",
                              unit=vehicle.id, weapon=name), "D3.7")
    if vehicle.has("captured"):
        raise IllegalAction(T("{unit} is captured: its weapons are repaired only once its own side "
                              "recaptures it (A9.72)", unit=vehicle.id), "A9.72")
    if not vcrewhit.has_crew(vehicle) or vehicle.has("shocked") or vehicle.has("stunned"):
        raise IllegalAction(T("{unit} has no inherent crew able to repair: none left, shocked or stunned "
                              "(D3.7)", unit=vehicle.id), "D3.7")
    if weapon == "aamg" and not vmg.crew_exposed(vtype(vehicle), vehicle.markers) \
            and not _hero_aboard(position, vehicle):
        raise IllegalAction(T("{unit}'s AAMG is repaired only by a CE crew or a hero aboard (D3.7)",
                              unit=vehicle.id), "D3.7")
    if vehicle.has(_tried(weapon)):
        raise IllegalAction(T("{unit}'s {weapon} has had its repair dr this Rally Phase (D3.7)",
                              unit=vehicle.id, weapon=name), "D3.7")
    return act.Repair(repair.sw)


def declare(position: Position, repair: act.Repair) -> State:
    got = parse(position, repair)
    assert got is not None
    vehicle, weapon = got
    state = position.state.with_unit(vehicle.mark(_tried(weapon)))
    return state.push(Decision(
        "roll", vehicle.side,
        T("{unit} tries to repair its {weapon}: roll the dr (1 repairs it, 6 disables it; D3.7)",
          unit=vehicle.id, weapon=NAMES[weapon]),
        "D3.7", "vrepair", dice="dr", subject=(vehicle.id,), target=vehicle.hex, args=(("weapon", weapon),)))


def disable_ma(position: Position, vehicle: UnitState) -> State:
    """D3.7: the MA disabled for good; with no SA (none is catalogued) the vehicle is Recalled at once
    (D5.341; its lone SMC crew spared, D5.343) unless it may carry passengers or tow."""
    vehicle = vehicle.mark("ma_malf", DISABLED)
    state = position.state.with_unit(vehicle)
    vt = vtype(vehicle)
    if vt.passengers or vt.tow or not vcrewhit.has_crew(vehicle):
        return state
    return vcrewhit.recall(position.at(state), vehicle, smc_spared=True)


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    vehicle = position.units[decision.subject[0]]
    weapon = decision.arg("weapon")
    dr = (answer.dice or (0,))[0]
    got = od.repair(dr)
    name = NAMES[weapon]
    state = position.state
    if got == "repaired":
        malf = "ma_malf" if weapon == "ma" else f"{weapon}_malf"
        state = state.with_unit(vehicle.mark(remove=(malf,)))
        said = T("repaired")
    elif got == "disabled" and weapon == "ma":
        state = disable_ma(position, vehicle)
        vt = vtype(vehicle)
        said = T("disabled for good") if vt.passengers or vt.tow \
            else T("disabled for good: no MA left, the vehicle is Recalled (D5.341)")
    elif got == "disabled":
        state = state.with_unit(vehicle.mark(f"{weapon}_disabled"))
        said = T("disabled for good")
    else:
        said = T("still malfunctioned")
    lines = (Line(T("repair dr"), str(dr), "D3.7"), Line(T("result"), said, "D3.7"))
    summary = T("{unit}'s {weapon}: repair dr {dr}: {result}", unit=vehicle.id, weapon=name, dr=dr,
                result=said)
    done = act.Repair(f"{vehicle.id}.{weapon}", (dr,))
    return state.replace(resolution=Resolution(done, "repair", "", False, lines, {vehicle.id: got or "none"},
                                               summary))


def generate(position: Position) -> list[act.Action]:
    """D3.7: the repairs open to the side acting in the RPh."""
    out: list[act.Action] = []
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if vehicle.side != position.to_act or not is_vehicle(vehicle):
            continue
        for weapon in WEAPONS:
            if not malfunctioned(vehicle, weapon):
                continue
            repair = act.Repair(f"{vehicle.id}.{weapon}")
            try:
                check(position, repair)
            except (IllegalAction, InvalidAction):
                continue
            out.append(repair)
    return out


__all__ = ["DISABLED", "TRIED", "WEAPONS", "check", "claims", "declare", "disable_ma", "generate",
           "malfunctioned", "resume"]
