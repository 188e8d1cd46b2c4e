"""ASL D10.4-D10.52: wrecks removed (a terrain blaze, pushed aside) and scrounged.

D10.41: a wreck in a terrain blaze is removed. Blazes are chapter B's (B25), not among the texts; a hex the
map marks ``blaze`` (or ``fire``/``burning``, as vbypass.py reads them) is taken as one, checked at the end
of every phase (``blazes``).

D10.42 (Pushing): a tracked AFV weighing at least 90% of the wreck spends half its MP allowance in the
wreck's Location, besides whatever it paid to enter, only to clear it; if it is still there and mobile when
the MPh itself ends, the wreck is removed. At the table: ``move VEHICLE HEX as push`` (its own hex; listed on
the page). The MP are spent in place, so the defender may fire then (D3.3, vinplace.py). The pusher is then
done moving: it must stay. The weights are the catalogue's ``weight`` (tonnes, the owner's Vehicle Notes);
a vehicle or wreck without one cannot be judged and is refused with the catalogue named. No start MP is
charged for it: the text asks only the half allowance.

D10.5 (Scrounging): in its own RPh an infantry MMC not in Melee, broken or berserk may try to take the
working SW off an abandoned vehicle or a wreck that is not burning in its Location, once per vehicle: not one
already scrounged or bearing the disabled counter of a removal (D6.631, swremove.py). A dr of
1-3 succeeds; with more than one SW to take it takes up to twice the dr, picked by Random Selection (the
players name them, as for a K result). Whatever the dr, the vehicle is then marked scrounged and all it had
to scrounge is unusable, and the unit (and any SW it took) is TI for the rest of the Player Turn. What may be
taken (D10.51): the BMG (not a fixed-mount one, D1.81), the AAMG, the SW its Vehicle Note lists (catalogue
``sw``), a CMG the Vehicle Note lets replace an AAMG (``cmg_aamg``), a mortar MA; never Ordnance, another
CMG, smoke dispensers, a FT or any other MA. D10.52: each MG comes as an LMG of the vehicle's nationality
(an American one as a British LMG counter, with no captured-use penalty); the scenario's counter named
``LMG-<nationality>`` (or ``LMG``) if it defines one, else a built-in LMG labelled demo values. A mortar MA
comes as the scenario's ``MTR<calibre>`` counter, else a demo one. D10.52 (and A9.8): a MG or mortar comes
off dismantled whenever it can be, that is when its counter is dismantlable (dismantle.py); an LMG never is.
Rearming (D10.5 with A20.552): an Unarmed unit that scrounges successfully is armed again as A20.551 gives
(a Green or Conscript counter of its size and nationality: rearm.py); an Unarmed squad becomes one armed and
one Unarmed HS at once, without a Deployment. The text names an Unarmed SMC among those the small arms rearm,
so an Unarmed SMC may try it too (only for that).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Physical
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import dismantle, vinplace, vmgbreak
from hexmate.rules.games.asl.armour import budget, is_vehicle, spent_of, vtype, with_spent
from hexmate.rules.games.asl.vehicles import CatalogueError, is_mobile
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

PUSH = "push"  # the Move mode of D10.42
PUSHING = "push:"  # + the wreck's id: the pusher's marker until the MPh ends
SCROUNGE = "scrounge"  # the Activate mode of D10.5
SCROUNGED = "scrounged"
BLAZE = frozenset({"blaze", "fire", "burning"})
MMC = ("squad", "hs", "crew")
SMC = ("leader", "hero")
BARS = ("broken", "melee", "berserk", "prisoner")
DEMO_LMG = CounterType("LMG (demo values)", "sw", {"sw": "mg", "fp": 2, "range": 6, "rof": 1, "breakdown": 11,
                                                   "repair": 3, "pp": 1, "source": "demo values"})


# --- D10.41: a terrain blaze ---


def blazes(position: Position, state: State) -> State:
    """D10.41: wrecks in a blazing hex are removed."""
    m = position.map
    for unit in list(state.units.values()):
        h = unit.hex
        if unit.has("wreck") and h is not None and h in m.hexes and m.features(h) & BLAZE:
            state = state.without_unit(unit.id)
    return state


# --- D1.9, D10.1: a vehicle with no wreck side ---


def no_wreck_side(state: State) -> State:
    """D1.9, D10.1: a destroyed vehicle whose counter shows no wreck on its back leaves none: once the
    destruction's rolls are answered (its crew's survival, D5.6), it is taken off the map, with any fire (a
    "burn" lights none; its PRC already died without a survival roll, vfire)."""
    if state.decisions:
        return state
    for unit in list(state.units.values()):
        if is_vehicle(unit) and unit.has("wreck") and not vtype(unit).wreck:
            state = state.without_unit(unit.id)
    return state


# --- D10.42: pushing ---


def wrecks_at(state: State, unit: UnitState) -> list[UnitState]:
    return sorted((u for u in state.units.values() if u.id != unit.id and u.has("wreck") and u.hex == unit.hex
                   and u.hex is not None and u.level == unit.level), key=lambda u: u.id)


def is_push(position: Position, move: act.Move) -> bool:
    uid = move.units[0] if move.units else ""
    return move.mode == PUSH and uid in position.units and is_vehicle(position.units[uid])


def _weight(unit: UnitState) -> int:
    vt = vtype(unit)
    if vt.weight <= 0:
        raise CatalogueError(unit.values.get("catalogue", "catalogues/demo-vehicles.json").__str__(),
                             "no weight given: D10.42 compares weights", vehicle=vt.id, key="weight")
    return vt.weight


def push_cost(vehicle: UnitState) -> Fraction:
    """D10.42: half its MP allowance."""
    return Fraction(vtype(vehicle).mp, 2)


def check_push(position: Position, move: act.Move) -> act.Move:
    if len(move.units) != 1 or len(move.path) != 1:
        raise IllegalAction(T("a push names one vehicle and its own hex: move VEHICLE HEX as push"), "D10.42")
    vehicle = position.units[move.units[0]]
    if position.phase.id != "MPh" or vehicle.side != position.phasing:
        raise IllegalAction(T("a vehicle pushes a wreck aside in its own MPh"), "D10.42")
    if move.path[0] != vehicle.hex:
        raise IllegalAction(T("{unit} pushes a wreck in its own Location, {hex}", unit=vehicle.id,
                              hex=position.label(vehicle.hex)), "D10.42")
    vt = vtype(vehicle)
    if not (vt.tracked and vt.armored):
        raise IllegalAction(T("only a tracked AFV pushes a wreck aside"), "D10.42")
    if not is_mobile(vehicle.markers) or vehicle.has("prep_fire"):
        raise IllegalAction(T("{unit} is not free to move now", unit=vehicle.id), "D10.42")
    if any(m.startswith(PUSHING) for m in vehicle.markers):
        raise IllegalAction(T("{unit} is already pushing a wreck this MPh", unit=vehicle.id), "D10.42")
    wrecks = wrecks_at(position.state, vehicle)
    if not wrecks:
        raise IllegalAction(T("there is no wreck in {unit}'s Location to push", unit=vehicle.id), "D10.42")
    pushed = {m[len(PUSHING):] for u in position.units.values() for m in u.markers if m.startswith(PUSHING)}
    heavy = [w for w in wrecks if w.id not in pushed and 10 * _weight(vehicle) >= 9 * _weight(w)]
    if not heavy:
        raise IllegalAction(T("{unit} ({mine} t) weighs less than 90% of every wreck there", unit=vehicle.id,
                              mine=_weight(vehicle)), "D10.42")
    cost = push_cost(vehicle)
    if spent_of(vehicle) + cost > budget(vehicle):
        raise IllegalAction(T("{unit} has not the {cost} MP a push costs (half its allowance)",
                              unit=vehicle.id, cost=cost), "D10.42")
    return act.Move(move.units, move.path, cost, PUSH)


def push(position: Position, move: act.Move) -> State:
    """The half allowance is spent in place on the heaviest-qualifying wreck's removal (the first by id)."""
    vehicle = position.units[move.units[0]]
    pushed = {m[len(PUSHING):] for u in position.units.values() for m in u.markers if m.startswith(PUSHING)}
    wreck = next(w for w in wrecks_at(position.state, vehicle)
                 if w.id not in pushed and 10 * _weight(vehicle) >= 9 * _weight(w))
    done = with_spent(vehicle.mark(PUSHING + wreck.id), spent_of(vehicle) + push_cost(vehicle))
    state = position.state.with_unit(done)
    state = state.replace(moved=(*(u for u in state.moved if u != vehicle.id), vehicle.id))  # it stays
    return vinplace.open_window(position, state, vehicle.id, T("pushing a wreck aside"), "D10.42")  # D3.3


def end_of_mph(state: State) -> State:
    """D10.42: after the MPh, each wreck whose pusher is still in its Location and mobile is removed."""
    for unit in list(state.units.values()):
        marks = tuple(m for m in unit.markers if m.startswith(PUSHING))
        if not marks:
            continue
        for m in marks:
            wreck = state.units.get(m[len(PUSHING):])
            here = wreck is not None and wreck.hex == unit.hex and wreck.level == unit.level
            if wreck is not None and here and wreck.has("wreck") and is_mobile(unit.markers) \
                    and not unit.has("broken"):
                state = state.without_unit(wreck.id)
        if unit.id in state.units:
            state = state.with_unit(state.units[unit.id].mark(remove=marks))
    return state


def push_generate(position: Position) -> Iterator[act.Action]:
    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        return
    for vehicle in sorted(position.units.values(), key=lambda u: u.id):
        if not is_vehicle(vehicle) or vehicle.side != position.phasing or vehicle.hex is None:
            continue
        try:
            yield check_push(position, act.Move((vehicle.id,), (vehicle.hex,), None, PUSH))
        except (IllegalAction, CatalogueError):
            continue


# --- D10.5-D10.52: scrounging ---


def scroungeable(vehicle: UnitState) -> list[str]:
    """D10.51: what may be taken off it (working weapons only), as the weapons' names."""
    vt = vtype(vehicle)
    out: list[str] = []
    if vt.bmg and not vt.bmg_fixed and not vehicle.has("bmg_malf"):
        out.append("bmg")
    if vt.aamg and not vehicle.has("aamg_malf"):
        out.append("aamg")
    if vt.cmg and vt.cmg_aamg and not vehicle.has("cmg_malf"):
        out.append("cmg")
    if vt.ma is not None and vt.ma.kind == "MTR" and not vehicle.has("ma_malf"):
        out.append("ma")
    out.extend(f"sw{i}" for i in range(len(vt.sw)))
    return out


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode == SCROUNGE


def _unarmed(unit: UnitState) -> bool:
    return unit.has("unarmed")


def check(position: Position, action: act.Activate) -> act.Activate:
    if len(action.units) != 2 or any(u not in position.units for u in action.units):
        raise IllegalAction(T("name the unit and the vehicle: activate UNIT,VEHICLE for scrounge"), "D10.5")
    unit, vehicle = (position.units[u] for u in action.units)
    if position.phase.id != "RPh" or unit.side != position.phasing or unit.side != position.to_act:
        raise IllegalAction(T("a unit scrounges in its own side's Rally Phase"), "D10.5")
    if unit.type not in MMC and not (unit.type in SMC and _unarmed(unit)):
        raise IllegalAction(T("{unit} is not an infantry MMC: only they scrounge (an Unarmed SMC only to "
                              "rearm)", unit=unit.id), "D10.5")
    if any(unit.has(m) for m in BARS):
        raise IllegalAction(T("{unit} is broken, berserk, in Melee or a prisoner: it may not scrounge",
                              unit=unit.id), "D10.5")
    if not is_vehicle(vehicle) or vehicle.hex != unit.hex or vehicle.level != unit.level or unit.hex is None:
        raise IllegalAction(T("{unit} scrounges from a vehicle or wreck in its own Location", unit=unit.id),
                            "D10.5")
    if not (vehicle.has("abandoned") or vehicle.has("wreck")) or vehicle.has("burning"):
        raise IllegalAction(T("{unit} is neither abandoned nor a wreck that is not burning", unit=vehicle.id),
                            "D10.5")
    if vehicle.has(SCROUNGED):
        raise IllegalAction(T("{unit} has already been scrounged", unit=vehicle.id), "D10.5")
    if any(m.endswith("_removed") for m in vehicle.markers):  # D10.5: bearing a removal's Disabled counter
        raise IllegalAction(T("{unit} bears the Disabled counter of a weapon removal (D6.631)",
                              unit=vehicle.id), "D10.5")
    if not scroungeable(vehicle) and not _unarmed(unit):
        raise IllegalAction(T("{unit} has nothing that may be scrounged", unit=vehicle.id), "D10.51")
    return action


def declare(position: Position, action: act.Activate) -> State:
    unit, vehicle = (position.units[u] for u in action.units)
    what = scroungeable(vehicle)
    prompt = T("{unit} scrounges {vehicle}: roll the dr; 1-3 takes up to twice the dr of {weapons} (D10.5)",
               unit=unit.id, vehicle=vehicle.id, weapons=", ".join(what) or "-")
    return position.state.push(Decision("roll", unit.side, prompt, "D10.5", "vscrounge", dice="dr",
                                        subject=(unit.id, vehicle.id), target=unit.hex))


def _disabled(vehicle: UnitState, what: list[str]) -> UnitState:
    """D10.5: scrounged, and all it had to scrounge unusable from now on."""
    marks = [SCROUNGED, *(f"{w}_malf" for w in what if w in ("bmg", "aamg", "cmg", "ma"))]
    return vehicle.mark(*marks)


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    dr = answer.dice[0]
    state = position.state
    uid, vid = decision.subject
    vehicle = state.units[vid]
    what = scroungeable(vehicle)
    state = state.with_unit(_disabled(vehicle, what)).with_unit(state.units[uid].mark("ti"))
    if dr > 3:
        return state
    state, uid = _rearm(position, state, state.units[uid])  # the SW go to the armed unit
    take = min(len(what), 2 * dr)
    if take >= len(what):
        return _taken(position, state, uid, vehicle, what)
    combos = tuple("-".join(c) for c in itertools.combinations(what, take))
    prompt = T("Random Selection: name the {n} of {weapons} that {unit} takes (D10.5)", n=take,
               weapons=", ".join(what), unit=uid)
    return state.push(Decision("confirm", decision.side, prompt, "D10.5", "vscrounge_pick", choices=combos,
                               subject=(uid, vid), target=vehicle.hex))


def resume_pick(position: Position, decision: Decision, answer: act.Answer) -> State:
    uid, vid = decision.subject
    picked = (answer.choice or "").split("-")
    return _taken(position, position.state, uid, position.state.units[vid], picked)


def _counter(position: Position, vehicle: UnitState, weapon: str) -> CounterType:
    """D10.52: the counter a scrounged weapon becomes."""
    vt = vtype(vehicle)
    counters = position.scenario.counters
    nat = vt.nationality
    if weapon.startswith("sw"):
        name = vt.sw[int(weapon[2:])]
        if name not in counters:
            raise CatalogueError(str(vehicle.values.get("catalogue", "catalogues/demo-vehicles.json")),
                                 f"its SW {name!r} is no counter of the scenario", vehicle=vt.id, key="sw")
        return counters[name]
    if weapon == "ma":
        assert vt.ma is not None
        for key in (f"MTR{vt.ma.calibre}-{nat}", f"MTR{vt.ma.calibre}"):
            if key in counters:
                return counters[key]
        return CounterType(f"{vt.ma.calibre}mm mortar (demo values)", "sw",
                           {"sw": "mortar", "nationality": nat, "source": "demo values"})
    keys = [f"LMG-{nat}", "LMG"] if nat != "american" else ["LMG-british", f"LMG-{nat}", "LMG"]
    for key in keys:
        if key in counters:
            c = counters[key]
            return CounterType(c.name, c.type, {**c.values, "nationality": nat}) if nat else c
    values = {**DEMO_LMG.values, "nationality": nat} if nat else DEMO_LMG.values
    return CounterType(DEMO_LMG.name, "sw", values)


def _taken(position: Position, state: State, uid: str, vehicle: UnitState, weapons: list[str]) -> State:
    """The weapons become SW counters possessed by the scrounger, TI with it (D10.5)."""
    unit = state.units[uid]
    for w in weapons:
        sid = f"{vehicle.id}-{w}"
        n = 1
        while sid in state.units:
            n += 1
            sid = f"{vehicle.id}-{w}.{n}"
        counter = _counter(position, vehicle, w)
        marks = {"ti"}
        if vmgbreak.scrounged_captured(position, unit, vehicle):  # A21.1: another army's: captured
            marks.add("captured")
        if counter.values.get("sw") in ("mg", "mortar") and dismantle.dismantlable(counter):
            counter = dismantle.dm_counter(counter, position.scenario.counters)  # D10.52, A9.8
            marks.add(dismantle.DISMANTLED)
        sw = UnitState(sid, unit.side, counter, unit.hex, markers=frozenset(marks), level=unit.level,
                       carrier=unit.id)
        state = state.replace(units={**state.units, sid: sw})
    return state


def _rearm(position: Position, state: State, unit: UnitState) -> tuple[State, str]:
    """D10.5, A20.552: an Unarmed unit is armed again; an Unarmed squad becomes an armed and an Unarmed HS.
    Returns the state and the unit that takes the scrounged SW (the armed one)."""
    from hexmate.rules.games.asl import escape

    if not _unarmed(unit):
        return state, unit.id
    if unit.type in SMC:
        return state.with_unit(unit.mark(remove=("unarmed",))), unit.id
    if unit.type != "squad":
        counter = escape._rearmed(position, unit)
        if counter is None:
            return state, unit.id
        return state.with_unit(unit.as_counter(counter).mark(remove=("unarmed",))), unit.id
    half = unit.values.get("reduces_to")
    if not isinstance(half, str) or half not in position.scenario.counters:
        return state, unit.id
    hs = unit.as_counter(position.scenario.counters[half])
    armed = escape._rearmed(position, hs)
    if armed is None:
        return state, unit.id
    n = 1
    while f"{unit.id}.{n}" in state.units:
        n += 1
    new = dataclasses.replace(hs.as_counter(armed).mark(remove=("unarmed",)), id=f"{unit.id}.{n}")
    state = state.with_unit(hs)
    return state.replace(units={**state.units, new.id: new}), new.id


def changes(before: State, after: State) -> list[Physical]:
    """A scrounged SW or a new HS is a counter the owner puts on the table and enrols (D10.5)."""
    out: list[Physical] = []
    where = {v.hex for v in after.units.values() if v.has(SCROUNGED) and v.id in before.units
             and not before.units[v.id].has(SCROUNGED)}
    for uid, unit in sorted(after.units.items()):
        if uid in before.units or unit.hex is None or unit.hex not in where:
            continue
        text = T("put a {counter} counter with {owner} and enrol its tag as {unit} (D10.5)",
                 counter=unit.counter.name, owner=unit.carrier or uid, unit=uid)
        out.append(Physical("add", uid, text, "D10.5", unit.hex, unit.counter.name))
    return out


def generate(position: Position) -> Iterator[act.Action]:
    """Scrounging open now, for the page's buttons."""
    if position.phase.id != "RPh" or position.state.decision is not None:
        return
    vehicles = [v for v in position.units.values() if is_vehicle(v) and v.hex is not None]
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or unit.type not in (*MMC, *SMC):
            continue
        for v in vehicles:
            if v.hex != unit.hex:
                continue
            action = act.Activate((unit.id, v.id), SCROUNGE)
            try:
                yield check(position, action)
            except (IllegalAction, CatalogueError):
                continue


__all__ = ["PUSH", "SCROUNGE", "SCROUNGED", "blazes", "changes", "check", "check_push", "claims", "declare",
           "end_of_mph", "generate", "no_wreck_side", "push", "push_generate", "resume", "resume_pick",
           "scroungeable"]
