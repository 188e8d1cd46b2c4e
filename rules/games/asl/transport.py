"""ASL chapter D in play: passengers and riders load into and unload from vehicles (D6.1-D6.5).

D6.1: PP aboard, SW carried included; D6.2: riders only from 1943 (the Russians earlier; the scenario's
``options.date``, no check without one), one SMC with at most 2 PP on a vehicle without riding capacity;
D6.3: the load never cuts the vehicle's MP allowance (armour.budget), loading and unloading cost MP (D6.4,
D6.5), units aboard ride on the vehicle (``carrier``) and those beneath it are on the ground. D6.5: units
unloaded go on moving with the MF they have left (mphsw.unloaded), but from a vehicle that Prep Fired; from a
bypassing vehicle from the bypassed hex (D2.36); from a platoon AFV once the platoon's MPh is over (D14.3)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import aerosan, bicycle, carriers, ddtank, latedt, moto, mphsw
from hexmate.rules.games.asl import portage as asl_portage
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.armour import budget, is_vehicle, spent_of, vtype, with_spent
from hexmate.rules.games.asl.riders import RIDING
from hexmate.rules.games.asl.vehicles import VehicleType
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

# --- passengers and riders: loading and unloading (D6.1, D6.2, D6.4, D6.5) ---
PP = {"squad": 10, "hs": 5, "crew": 5}  # D6.1; up to four SMC together count 10 PP


def load_pp(units: list[UnitState]) -> int:
    """D6.1: a squad is 10 PP, a HS or crew 5, and up to four SMC together 10."""
    smc = sum(1 for u in units if u.type == "leader")
    return sum(PP.get(u.type, 10) for u in units if u.type != "leader") + 10 * -(-smc // 4)


def capacity(vt: VehicleType) -> int:
    """PP the vehicle carries: its passengers, else 14 PP of riders if it may carry riders (D6.2)."""
    return vt.passengers or (14 if vt.riders else 0)


LOADING_MF = 4  # A4.11: an infantry unit that loads, rides or unloads this Player Turn has 4 MF, whatever
LOAD_MF = 1  # D6.4: boarding from the vehicle's Location costs 1 MF


def loading_mf(state: State, units: list[UnitState]) -> dict[str, int]:
    """A4.11: each loading unit's MF: 4 for every infantry unit (an SMC's 6 cut to 4, a wounded SMC's 3 and an
    Inexperienced MMC's 3 raised to 4), no leader bonus (D6.4, A4.12), less the PP it carries over its IPC
    (A4.42, an SMC's spare IPC lent to another loader: portage.allowances)."""
    return asl_portage.allowances(state, units, lambda _u: LOADING_MF, ())


def check_load(position: Position, load: act.Load) -> act.Load:
    """D6.4: infantry in a stopped vehicle's Location board it before it has moved this MPh, within its PP."""
    if bicycle.is_bicycle(position.units.get(load.carrier)):
        return bicycle.check_mount(position, load)  # D15.81
    if load.carrier not in position.units or not is_vehicle(position.units[load.carrier]):
        raise IllegalAction(T("{unit} is not a vehicle", unit=load.carrier), "D6.4")
    vehicle = position.units[load.carrier]
    if moto.is_moto_unit(vehicle):
        return moto.check_mount(position, load)  # D15.41
    if vehicle.side != position.phasing or position.phase.id != "MPh":
        raise IllegalAction(T("the ATTACKER loads in his own MPh"), "D6.4")
    ddtank.check_load(vehicle)  # D16.12: no riders while its screen is raised
    if vehicle.has("motion") or vehicle.id in position.state.moved or vehicle.has("wreck"):
        raise IllegalAction(
            T("{unit} must be stopped and not yet moved this MPh to load", unit=vehicle.id), "D6.4"
        )
    aboard = [u for u in position.units.values() if u.carrier == vehicle.id]
    for uid in load.units:
        unit = position.units.get(uid)
        if unit is None or unit.side != vehicle.side or unit.hex != vehicle.hex or is_vehicle(unit):
            raise IllegalAction(
                T("{unit} is not friendly infantry in the vehicle's Location", unit=uid), "D6.4"
            )
        if unit.has("broken") or unit.has("pinned") or uid in position.state.moved or unit.carrier:
            raise IllegalAction(
                T("{unit} may not load now: broken, pinned, moved or aboard", unit=uid), "D6.4"
            )
        if bicycle.bicycle_of(position.state, unit) is not None:  # D15.4, D15.8: no vehicle carries cycles
            raise IllegalAction(T("{unit} has a bicycle: vehicles carry no cycles", unit=uid), "D15.4")
        aboard.append(unit)
    vt = vtype(vehicle)
    if vt.carrier:  # D6.81: SMC and SW inside (4 PP), MMC outside as riders (8 PP)
        carriers.check_load(vt, vehicle, [position.units[u] for u in load.units], aboard, position, load_pp)
        return load
    if aerosan.is_aerosan(vt.movement):
        aerosan.ride_room(position, vehicle, [position.units[u] for u in load.units])  # D17.3
        return load
    if not vt.passengers:
        _riders_dated(position, vehicle)  # D6.2
    pp = aboard_pp(position, aboard)
    if not capacity(vt):  # D6.2: one SMC with at most 2 PP of possessions rides any vehicle
        people = [u for u in aboard if u.type != "sw"]
        if len(people) == 1 and people[0].type in SMC and pp - load_pp(people) <= SMC_RIDE_PP:
            return load
        raise IllegalAction(T("{unit} carries no riders but one SMC with at most {pp} PP", unit=vehicle.id,
                              pp=SMC_RIDE_PP), "D6.2")
    if pp > capacity(vt):
        raise IllegalAction(
            T("{unit} carries {cap} PP, not {pp}", unit=vehicle.id, cap=capacity(vt), pp=pp),
            "D6.1",
        )
    return load


SMC = ("leader", "hero")
SMC_RIDE_PP = 2  # D6.2: what one SMC may carry on a vehicle without riding capacity
RIDERS_FROM = (1943, 1)  # D6.2: no riders on AFVs before 1943 but the Russians'


def aboard_pp(position: Position, aboard: list[UnitState]) -> int:
    """D6.1: the PP aboard: squads 10, HS and crews 5, up to four SMC 10, and every SW aboard or carried by
    them (any mix within the capacity)."""
    people = [u for u in aboard if u.type != "sw"]
    loose = sum(int(u.values.get("pp", 0) or 0) for u in aboard if u.type == "sw")  # left in a HT (D6.4)
    return load_pp(people) + loose + carriers.load_pp(position, people)


def _riders_dated(position: Position, vehicle: UnitState) -> None:
    """D6.2: in a scenario dated before 1943 only the Russians put riders on a vehicle (no date: no check)."""
    from hexmate.rules.games.asl import nations

    date = nations.scenario_date(position.scenario)
    nat = next((s.nationality for s in position.scenario.sides if s.id == vehicle.side), None)
    if date is not None and date < RIDERS_FROM and (nat or "").lower() != "russian":
        raise IllegalAction(T("no riders before 1943 but the Russians' (the scenario is dated {date})",
                              date=str(position.scenario.options.get("date"))), "D6.2")


def apply_load(position: Position, load: act.Load) -> State:
    """The loaders spend 1 MF (D6.4) and ride from now on; the vehicle keeps a quarter of its MP allowance per
    MF they have left (``mpq<k>``)."""
    if bicycle.is_bicycle(position.units.get(load.carrier)):
        return bicycle.apply_mount(position, load)  # D15.81
    if moto.is_moto_unit(position.units[load.carrier]):
        return moto.apply_mount(position, load)  # D15.41
    state = position.state
    left = min(loading_mf(state, [state.units[u] for u in load.units]).values()) - LOAD_MF
    for uid in load.units:  # inside unless seated outside (D17.3: aerosan.seat)
        boarding = state.units[uid].mark(remove=(RIDING,))
        state = state.with_unit(dataclasses.replace(boarding, carrier=load.carrier))
    vehicle = state.units[load.carrier]
    old = tuple(m for m in vehicle.markers if m.startswith("mpq"))
    state = state.with_unit(vehicle.mark(f"mpq{min(4, left)}", remove=old))
    state = state.replace(moved=state.moved + tuple(load.units))
    state = latedt.conveyed(state, load.units)  # A4.5: no Double Time this Player Turn
    if aerosan.is_aerosan(vtype(vehicle).movement):
        return aerosan.seat(position.at(state), vehicle, load.units)  # D17.3: inside or riding
    return state


def check_unload(position: Position, unload: act.Unload) -> act.Unload:
    """D6.5: a stopped vehicle unloads in its own MPh for a quarter of its MP allowance, not after spending
    more than three quarters of it."""
    if bicycle.is_bicycle(position.units.get(unload.carrier)):
        return bicycle.check_dismount(position, unload)  # D15.81, D15.43
    vehicle = position.units.get(unload.carrier)
    if vehicle is None or not is_vehicle(vehicle):
        raise IllegalAction(T("{unit} is not a vehicle", unit=unload.carrier), "D6.5")
    if moto.is_moto_unit(vehicle):
        return moto.check_dismount(position, unload)  # D15.41, D15.43
    if vehicle.side != position.phasing or position.phase.id != "MPh" or vehicle.has("motion"):
        raise IllegalAction(T("a vehicle unloads only while stopped in its own MPh"), "D6.5")
    if not any(u.carrier == vehicle.id for u in position.units.values()):
        raise IllegalAction(T("{unit} carries nobody", unit=vehicle.id), "D6.5")
    if any(u.carrier == vehicle.id and u.has("ovr_fp") for u in position.units.values()):
        raise IllegalAction(T("its infantry added their FP to an Overrun: no unloading this phase"), "D6.5")
    if any(u.carrier == vehicle.id and u.has("bounding_fire") for u in position.units.values()):
        raise IllegalAction(T("its infantry fired this phase: no unloading this phase"), "D6.5")
    mpa = vtype(vehicle).mp
    _, cost = vm.unloading(mpa, spent_of(vehicle))
    if spent_of(vehicle) + cost > budget(vehicle):
        raise IllegalAction(
            T("{unit} has not the {cost} MP unloading costs", unit=vehicle.id, cost=cost), "D6.5"
        )
    return unload


def apply_unload(position: Position, unload: act.Unload) -> State:
    """D6.5: those aboard are placed beneath the vehicle, each having spent 1 MF plus 1 MF per quarter (FRU)
    of the MP allowance the vehicle spent before, of its 4 MF (A4.11); it may go on with the rest
    (mphsw.py's pause), apart from the others, as part of the vehicle's MPh."""
    if bicycle.is_bicycle(position.units.get(unload.carrier)):
        return bicycle.apply_dismount(position, unload)  # D15.81
    if moto.is_moto_unit(position.units[unload.carrier]):
        return moto.apply_dismount(position, unload)  # D15.41
    state = position.state
    vehicle = state.units[unload.carrier]
    used, cost = vm.unloading(vtype(vehicle).mp, spent_of(vehicle))
    off = [u for u in state.units.values() if u.carrier == vehicle.id]
    mf = loading_mf(state, off)  # A4.11: 4 MF for a unit that unloads, less its PP over its IPC (A4.42)
    from hexmate.rules.games.asl import impulse  # impulse.py imports this module's neighbours

    # D6.5: no going on from a vehicle that Prep Fired. From a bypass position they go on from the bypassed
    # hex, where they are (D2.36: fired at in the CAFP's terrain, then in the obstacle's). From a platoon AFV
    # in its impulses they wait for the platoon's MPh's end (D14.3: one stack, nothing else moves till then)
    # and go on as the platoon's unloaded units (``impulse.convoy``: any of its AFVs' moves are theirs)
    stays = vehicle.has("prep_fire")
    key = impulse.convoy(vehicle)
    state = mphsw.vehicle_acts(state, key)  # A4.2: another stack's move left unfinished ends here
    # A7.821: a pinned passenger rides on and may unload, keeping its PIN counter where it unloads
    for unit in off:  # placed beneath the vehicle, counted as having used MF (D6.5)
        off_unit = unit.mark("unloaded", remove=(RIDING,))  # D9.3: keeps its TEM (vcover.UNLOADED)
        off_unit = dataclasses.replace(off_unit, carrier=None, hex=vehicle.hex)
        if not stays:  # D6.5: it may go on from there with the MF it has left, in the vehicle's MPh
            off_unit = mphsw.unloaded(off_unit, key, mf[unit.id] - used)
        state = state.with_unit(off_unit)
    state = state.with_unit(with_spent(vehicle, spent_of(vehicle) + cost))
    state = latedt.conveyed(state, [u.id for u in off])  # A4.5: rode and unloaded: no Double Time this PT
    return state.replace(moved=state.moved + tuple(u.id for u in off))


def load_generate(position: Position) -> Iterator[act.Action]:
    """Loading and unloading open now (D6.4, D6.5), for the page's buttons."""
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        options: list[act.Action] = [act.Unload(vehicle.id)]
        options += [
            act.Load((u.id,), vehicle.id) for u in position.units_at(vehicle.hex) if not is_vehicle(u)
        ]
        for action in options:
            try:
                if isinstance(action, act.Load):
                    check_load(position, action)
                else:
                    assert isinstance(action, act.Unload)
                    check_unload(position, action)
            except (IllegalAction, InvalidAction):
                continue
            yield action
