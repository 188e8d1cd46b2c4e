"""ASL an AFV's own inherent crew as the target of infantry fire, and what stuns and Recalls do (D.8, D5.31,
D5.311, D5.34-D5.343, A7.82).

Who is exposed (``exposed``): an infantry attack on a Location is a General Collateral attack on the inherent
crew of each enemy AFV there (D.8) when that crew is CE (an OT AFV unless BU; a CT AFV under a CE counter,
D5.3), or when the fire comes at an unarmored aspect (D5.311: even a BU crew is then exposed). The aspect is
the hull's as its VCA shows it to the firer and the turret's as its TCA does (D3.2; the colored die's for a
firer in the same hex), and unarmored where the catalogue gives that location's rear no armor (D1.22). A
fire group whose members see different aspects treats the crew as protected unless every firer sees an
unarmored one (the text does not say; C3.9, which would, is not in the texts). A shocked or stunned crew is
BU and takes no collateral attack (D.8 exception).

Its DR (``crew_drm``): the attack's Original DR with the firer's DRMs, none of the target's own (no FFNAM
or FFMO for units in a vehicle, D.6), and +2 for the AFV's partial cover of a CE crew (D5.31; the larger of
it and the hex's TEM, which it does not add to); an unprotected crew (D5.311) gets no CE DRM.

Its result (``after_ift``, then ``resume``):

- a crew with the normal CE DRM takes MC at its morale (D5.1; its Armor Leader's, D3.42; +1 after a stun,
  D5.34): a failure stuns it (D5.34), K or KIA or a Casualty MC (an Original 12, A10.31) Recalls it
  (D5.341), a PTC that pins it buttons a CT AFV up for the rest of the Player Turn and leaves an OT one CE
  under its penalties (A7.82: the PIN counter sits on the vehicle, ``crew_pinned``; its MG FP is halved,
  vmg.py; its Case D To Hit DRM and the bar on ROF are not applied yet);
- an unprotected crew (D5.311) takes the results as infantry: a failed MC breaks it, K or KIA eliminates it
  (a crew has no reduced side); either way the vehicle is Abandoned and stopped, the broken crew beneath it
  (placed there at once rather than in the coming RtPh: the vehicle's Location is where that rout puts it);
  a PTC that pins it gives the OT penalties (A7.82).

A stun (``stun``): BU at once, no fire and no MP for the rest of the Player Turn, stopped if moving or in
Motion (D5.34); a second one (``plus1``, or still stunned) is a Recall instead (D5.342), and so is a stun of a
1MT AFV (D1.322, D5.341). A Recall (``recall``): the stun's effects now, the AFV's Armor Leader removed
(D5.341, not the Inexperienced crew's 6+1, D3.45); a bogged or immobilized AFV is abandoned instead (D5.341).
At the end of the Player Turn a stun turns into its "+1" (``end_player_turn``, D5.34) and a Recall into
"Recall; +1" (``recalled``): +1 to the crew's later DRs (vfire.py, vmg.py, vcrew.py read ``plus1``).
D6.66: broken armored-halftrack passengers take no attack (they are BU), but become DM when an ordnance hit
on their halftrack (vfire.py) or an attack there would have given them at least a NMC had they been CE.

A sniper that strikes a fully armored AFV with a CE crew stuns it on a dr of 2 and Recalls it on a 1
(``sniped``, D5.34, D5.341). The "Recall; +1" AFV's forced exit by the shortest route to its friendly
board edge, in Motion and without ESB, is vrecall.py's (D5.341).

SMC crews (D5.343): the SMC crewing a captured vehicle as its temporary crew (A21.22: off the map, the
vehicle marked ``smc_driver:<id>``, ``vsmccrew.crew_ids``) are wounded by a stun as well (even in a 1MT
AFV) and each rolls the A17.11 severity dr at once (+1 if wounded already; 5 or more kills him,
``resume_wound``), and are eliminated by a Recall, unless that Recall came from its armament being disabled
(D3.7) or from a 1MT stun. A crew all eliminated leaves the vehicle Abandoned (with none to come back
beneath it); two or more SMC of whom one is left crew it as his kind (vsmccrew.kind). An unprotected SMC
crew broken (D5.311) is back beneath the vehicle, broken.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import alhide, armorldr, crew, vcapture, vcrew, vdriver, vsmccrew
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl.armour import facing_of, is_vehicle, vtype
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

CE_DRM = 2  # D5.31
RECALLED = "recalled"  # D5.341: the "Recall; +1" side
WOUND = "smc_crew_wound"  # D5.343, A17.11: the severity dr of a SMC crew wounded by a stun
PINNED = "crew_pinned"  # A7.82: the PIN counter on the vehicle, for the rest of the Player Turn
# the target's own DRMs of an infantry attack, which the crew's collateral attack does not take (D.6, D.8)
TARGET_RULES = frozenset({"A7.6", "A4.61", "A4.34", "A4.132", "A4.6", "D9.3", "A5.131", "A4.62", "A23.7"})


def _has_crew(vehicle: UnitState) -> bool:
    return vcrew.has_crew(vehicle)


def unarmored_aspect(vehicle: UnitState, firer: Hex, coloured: int | None) -> bool:
    """D5.311: does fire from ``firer`` come at an unarmored aspect of the hull (VCA) or turret (TCA)?"""
    vt = vtype(vehicle)
    if vehicle.hex is None:
        return False
    if not vt.rear_unarmored:
        return False
    if firer == vehicle.hex:
        if coloured is None:
            return True  # before the roll: it may (D3.2's colored die)
        hull = turret = fc.same_hex_aspect(coloured)
    else:
        vca = facing_of(vehicle)
        hull = fc.aspect(vehicle.hex, vca, firer)
        turret = fc.aspect(vehicle.hex, tca_of(vehicle.markers, vca), firer)
    turreted = vt.ma is not None and vt.ma.mount != "NT"
    return vt.af("hull", hull) is None or (turreted and vt.af("turret", turret) is None)


def _ce(vehicle: UnitState) -> bool:
    """D5.3: an OT AFV (D1.23) is CE unless BU, shocked or stunned; a CT AFV (D1.24) only under a CE
    counter."""
    if any(vehicle.has(m) for m in ("bu", "shocked", "stunned")):
        return False
    return vtype(vehicle).open_topped or vehicle.has("ce")


def exposed(position: Position, target: Hex, side: str, firers: Iterable[Hex | None],
            coloured: int | None = None) -> list[tuple[UnitState, bool]]:
    """The enemy AFVs in ``target`` whose inherent crew this attack reaches, each with whether it is
    unprotected (D5.311) rather than CE (D5.31); D.8: none while shocked or stunned. In the MPh only the
    vehicle moving now, in the hex it has just entered (A8.1's Defensive First Fire)."""
    moving = position.state.moving
    only = set(moving.units) if position.phase.id == "MPh" and moving is not None else None
    hexes = [h for h in firers if h is not None]
    if position.phase.id == "MPh" and (only is None or moving is None or moving.here != target):
        return []
    if position.phase.id == "MPh" and target in hexes:
        return []  # D7.2: the units in the Location it overruns attack it by Reaction Fire, after the OVR
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}
    pool.update({u.id: u for u in position.units.values() if is_vehicle(u)})
    out: list[tuple[UnitState, bool]] = []
    for vehicle in sorted(pool.values(), key=lambda u: u.id):
        if vehicle.hex != target or vehicle.side == side or not is_vehicle(vehicle):
            continue
        if only is not None and vehicle.id not in only:
            continue
        vt = vtype(vehicle)
        if not vt.armored or vehicle.has("wreck") or not _has_crew(vehicle):
            continue
        if vehicle.has("shocked") or vehicle.has("stunned"):
            continue  # D.8 exception
        bare = bool(hexes) and all(unarmored_aspect(vehicle, h, coloured) for h in hexes)
        if bare or _ce(vehicle):
            out.append((vehicle, bare))
    return out


def crew_drm(vehicle: UnitState, unprotected: bool, hex_tem: int,
             ce: int | None = None) -> tuple[int, T, str]:
    """The crew's own DRM, its words and its rule: +2 CE DRM, not added to a larger positive TEM (D5.31);
    none for an unprotected crew but the hex's TEM (D5.311). ``ce``: an OT AFV's crew fired on from a height
    advantage beyond the range, exposed even if BU (D5.311), its CE DRM reduced (D5.31, D6.61, vheight.py)."""
    if unprotected and ce is not None:
        said = T("crew exposed from a height advantage beyond the range: CE DRM {drm} (not added to a "
                 "positive TEM)", drm=ce)
        return max(ce, hex_tem), said, "D5.311"
    if unprotected:
        return max(hex_tem, 0), T("unprotected crew: no CE DRM (fire at an unarmored aspect)"), "D5.311"
    return max(CE_DRM, hex_tem), T("CE crew: +2 CE DRM (not added to a positive TEM)"), "D5.31"


def from_above(position: Position, target: Hex, side: str, excess: Callable[[UnitState], int]
               ) -> dict[str, tuple[UnitState, int]]:
    """D5.311, D6.61: the enemy OT AFVs in ``target`` whose crew an attack from a height advantage beyond
    the range reaches, CE or BU, each with that excess (``excess``: vheight's, for this attack's firers);
    D.8: none while shocked or stunned; in the MPh only the vehicle moving now, where it has just entered."""
    moving = position.state.moving
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}  # the infantry view sets them aside
    pool.update({u.id: u for u in position.units.values() if is_vehicle(u)})
    out: dict[str, tuple[UnitState, int]] = {}
    for vehicle in sorted(pool.values(), key=lambda u: u.id):
        if vehicle.hex != target or vehicle.side == side or not is_vehicle(vehicle) \
                or not vtype(vehicle).open_topped:
            continue
        if not vtype(vehicle).armored or vehicle.has("wreck") or not _has_crew(vehicle) \
                or vehicle.has("shocked") or vehicle.has("stunned"):
            continue
        if position.phase.id == "MPh" and (moving is None or moving.here != target
                                           or vehicle.id not in moving.units):
            continue
        over = excess(vehicle)
        if over > 0:
            out[vehicle.id] = (vehicle, over)
    return out


def crew_final(final: int, drms: Sequence[tuple[T, int, str]], vehicle: UnitState, unprotected: bool,
               ce: int | None = None) -> tuple[int, T, str]:
    """The crew's Final DR from the attack's Final DR and DRMs: the target's DRMs out (D.6), its own in."""
    own = sum(v for _, v, rule in drms if rule in TARGET_RULES)
    hex_tem = sum(v for _, v, rule in drms if rule in ("A7.6", "A4.61") or (rule == "A4.34" and v > 0))
    drm, said, rule = crew_drm(vehicle, unprotected, hex_tem, ce)
    return final - own + drm, said, rule


def result_line(vehicle: UnitState, result: str, unprotected: bool) -> Line:
    """The line ``after_ift`` reads back: the crew's IFT result (D5.34 or D5.311)."""
    return Line(T("crew of {vehicle}", vehicle=vehicle.id), T("result {result}", result=result),
                "D5.311" if unprotected else "D5.34")


# --- D6.66: broken armored-halftrack passengers become DM ---
def broken_ht_passengers(position: Position, targets: Sequence[UnitState]) -> dict[str, list[UnitState]]:
    """The broken passengers among the targets, by armored halftrack: BU by being broken (D6.66), they take
    no attack, but become DM if it would have given at least a NMC had they been CE (D6.66)."""
    from hexmate.rules.games.asl import mounted

    out: dict[str, list[UnitState]] = {}
    for unit in targets:
        vehicle = mounted.carrier_of(position, unit)
        if vehicle is not None and unit.has("broken") and mounted.role(vehicle) == mounted.HT_PASSENGER:
            out.setdefault(vehicle.id, []).append(unit)
    return out


def at_least_nmc(result: str) -> bool:
    return result not in ("-", "PTC")


def dm_line(vehicle: str) -> Line:
    return Line(T("broken passengers of {vehicle}", vehicle=vehicle),
                T("DM: the attack would have given them at least a NMC had they been CE"), "D6.66")


def dm_aboard(state: State, vehicle: str) -> State:
    """D6.66: the broken passengers aboard the armored halftrack become DM."""
    for unit in list(state.units.values()):
        if unit.carrier == vehicle and unit.has("broken") and not unit.has("dm"):
            state = state.with_unit(unit.mark("dm"))
    return state


# --- results (after the infantry attack) ---
def _mc_number(result: str) -> int | None:
    if result == "NMC":
        return 0
    if result.endswith("MC") and result[:-2].isdigit():
        return int(result[:-2])
    if result.startswith("K/") and result[2:].isdigit():
        return int(result[2:])
    return None


def after_ift(position: Position, state: State) -> State:
    """The crews' results of the attack just worked out: their checks as decisions, or their K/KIA now."""
    res = state.resolution
    if res is None:
        return state
    asks: list[Decision] = []
    for line in res.lines:
        if line.rule == "D6.66" and getattr(line.label, "msgid", "") == "broken passengers of {vehicle}":
            state = dm_aboard(state, str(getattr(line.label, "facts", {}).get("vehicle", "")))
            continue
        if getattr(line.label, "msgid", "") != "crew of {vehicle}":
            continue
        vid = str(getattr(line.label, "facts", {}).get("vehicle", ""))
        result = str(getattr(line.value, "facts", {}).get("result", "-"))
        vehicle = state.units.get(vid)
        if vehicle is None or result == "-":
            continue
        bare = line.rule == "D5.311"
        if result.endswith("KIA") or result.startswith("K/"):
            state = _lost(position.at(state), vehicle) if bare else recall(position.at(state), vehicle)
            continue
        n = _mc_number(result)
        kind = "ptc" if result == "PTC" else "mc"
        asks.append(check_decision(position.at(state), state.units[vid], kind, n or 0, bare))
    return state.push(*reversed(asks)) if asks else state


def check_decision(position: Position, vehicle: UnitState, kind: str, n: int, bare: bool) -> Decision:
    got = vcrew.crew_morale_of(position, vehicle, withhold=True)  # D5.1, D3.42, D3.45; D3.41; A25.55
    morale = got.value
    plus = 1 if vehicle.has("plus1") else 0  # D5.34
    need = morale - n - plus
    what = T("Pin Task Check") if kind == "ptc" else T("{n}MC", n=n) if n else T("NMC")
    prompt = T("{unit}'s crew takes a {check}: roll the DR; {need} or less passes (morale {morale}{demo}; "
               "{rule})", unit=vehicle.id, check=what, need=need, morale=morale,
               demo=vcrew.morale_note(got), rule="D5.311" if bare else "D5.34")
    return Decision("roll", vehicle.side, prompt, "D5.311" if bare else "D5.34", "vcrew_check", dice="DR",
                    subject=(vehicle.id,), target=vehicle.hex,
                    args=(("need", str(need)), ("kind", kind), ("bare", "1" if bare else "")))


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The crew's MC or PTC DR is in (D5.34, D5.311, A7.82)."""
    assert answer.dice is not None
    asked = alhide.ask_mc(position, decision, answer)  # D3.41: bring a hidden Armor Leader in?
    if asked is not None:
        return asked
    state = position.state
    vehicle = state.units.get(decision.subject[0])
    bare = bool(decision.arg("bare", ""))
    if vehicle is not None and decision.arg("kind", "mc") == "mc" and sum(answer.dice) == 12:
        # A10.31: an Original 12 on a MC is a Casualty MC: a Recall for a crew with the normal CE DRM
        # (D5.341); an unprotected crew is reduced as infantry, which eliminates a crew (D5.311)
        return _lost(position, vehicle) if bare else recall(position, vehicle)
    if vehicle is None or sum(answer.dice) <= int(decision.arg("need", "0")):
        return state
    if decision.arg("kind", "mc") == "ptc":
        # A7.82: a pinned CE crew of a CT AFV is BU for the rest of the Player Turn; an OT AFV's (or one hit
        # at an unarmored aspect) stays CE under the pin's penalties; the PIN counter sits on the vehicle
        ct = not vtype(vehicle).open_topped and not bare
        return state.with_unit(vehicle.mark(PINNED, *(("bu",) if ct else ()), remove=("ce",) if ct else ()))
    if bare:
        return _broken(position, vehicle)  # D5.311
    return stun(position, vehicle)  # D5.34


def _abandon(state: State, vehicle: UnitState) -> State:
    """The crew gone, the vehicle Abandoned (and stopped); SMC crew still named on it are eliminated."""
    now = state.units[vehicle.id]
    for uid in vsmccrew.crew_ids(now):
        if uid in state.units:
            state = state.without_unit(uid)  # D5.343: the SMC crew is eliminated
    gone = ("ce", "motion", vdriver.DRIVER, *vcapture.TEMP_CREWS, *_driver_marks(now))
    return state.with_unit(now.mark("abandoned", vcrew.LEFT, remove=gone))


def _driver_marks(vehicle: UnitState) -> tuple[str, ...]:
    return tuple(m for m in vehicle.markers if m.startswith(vdriver.SMC_DRIVER))


def _broken(position: Position, vehicle: UnitState) -> State:
    """D5.311: the broken crew leaves its vehicle, which stops and is Abandoned; the crew beneath it."""
    smcs = vsmccrew.crew_ids(vehicle)
    if smcs:  # A21.22: the SMC crew is back beneath it, broken
        state = position.state.with_unit(vehicle.mark("abandoned", vcrew.LEFT, remove=("ce", "motion")))
        state = vdriver.release(state, vehicle)
        for uid in smcs:
            if uid in state.units:
                state = state.with_unit(state.units[uid].mark("broken"))
        return state
    state = _abandon(position.state, vehicle)
    state = crew.bail_out(position.at(state), vehicle)
    uid = crew.crew_id(vehicle)
    if uid in state.units:
        state = state.with_unit(state.units[uid].mark("broken", remove=("bailed",)))
    return state


def _lost(position: Position, vehicle: UnitState) -> State:
    """D5.311: K or KIA eliminates the unprotected crew; the vehicle is Abandoned (and stopped)."""
    return _abandon(position.state, vehicle)


def stun(position: Position, vehicle: UnitState, *, one_man: bool | None = None) -> State:
    """D5.34: stunned: BU, no fire and no MP this Player Turn, stopped; a second stun (D5.342) or a 1MT AFV's
    (D1.322, D5.341) is a Recall. D5.343: a SMC crew is wounded by the stun, the severity dr asked at once."""
    ma = vtype(vehicle).ma
    one_man = (ma is not None and ma.mount == "1MT") if one_man is None else one_man
    state = position.state
    smcs = vsmccrew.crew_ids(vehicle)
    recalled = one_man or vehicle.has("plus1") or vehicle.has("stunned")
    if smcs and (one_man or not recalled):  # a Recall that spares no SMC eliminates them before their dr
        state = _wound(position, state, vehicle, smcs)
        vehicle = state.units[vehicle.id]
    if recalled:
        return recall(position.at(state), vehicle, smc_spared=one_man)
    return state.with_unit(vehicle.mark("stunned", "bu", remove=("ce", "motion")))


def _wound(position: Position, state: State, vehicle: UnitState, smcs: tuple[str, ...]) -> State:
    """D5.343: each SMC of the crew is wounded (a hero shows his wounded side) and rolls the A17.11
    severity dr at once, +1 if he was wounded already (``resume_wound``)."""
    from hexmate.rules.games.asl.aftermath import _reduce, _wound_decision

    asks = []
    for uid in sorted(smcs):  # asked in the order of their ids
        smc = state.units.get(uid)
        if smc is None:
            continue
        before = smc.has("wounded")
        state, wounded = _reduce(position.scenario.counters, state, smc)
        if wounded is not None:
            ask = _wound_decision(wounded, "A17.11", before).with_args(crew=vehicle.id)
            asks.append(dataclasses.replace(ask, then=WOUND))
    return state.push(*asks)


def resume_wound(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A17.11 for a SMC crewing a captured vehicle (D5.343): a severity dr of 5 or more (+1 if he was wounded
    already) kills him. None of the crew left, the vehicle is Abandoned (nobody comes back beneath it); one
    left of two, he crews it as his kind (A21.22). Inside the vehicle, off the map, his loss checks nobody
    (A10.2: his Location's units; the text does not put the vehicle's other SMC there). One already back
beneath an abandoned vehicle (a bogged 1MT AFV's Recall, D5.341) rolls as any wounded SMC (aftermath.py)."""
    from hexmate.rules.games.asl import aftermath
    from hexmate.rules.games.asl import morale as am

    state = position.state
    uid = decision.subject[0]
    smc, vehicle = state.units.get(uid), state.units.get(decision.arg("crew"))
    inside = vehicle is not None and uid in vsmccrew.crew_ids(vehicle)
    if smc is not None and not inside:
        return aftermath.resume_wound(game, position, decision, answer)
    if smc is None or vehicle is None or am.wound_severity((answer.dice or (0,))[0],
                                                           decision.arg("worse") == "1") != "kia":
        return state
    state = state.without_unit(uid)
    left = [state.units[u] for u in vsmccrew.crew_ids(vehicle) if u != uid and u in state.units]
    if not left:
        return _abandon(state, vehicle)
    now = vehicle.mark(vsmccrew.kind(left), remove=(f"{vdriver.SMC_DRIVER}{uid}", *vcapture.TEMP_CREWS))
    return state.with_unit(now)


def recall(position: Position, vehicle: UnitState, *, smc_spared: bool = False) -> State:
    """D5.341: a Recall: stunned for the rest of the Player Turn, then "Recall; +1"; its Armor Leader is
    removed (D3.45: not an Inexperienced crew's); a bogged or immobilized AFV is abandoned instead. D5.343: a
    SMC crew is eliminated (``smc_spared``: a Recall by disabled armament or a 1MT stun spares it)."""
    state = position.state
    if vsmccrew.crew_ids(vehicle) and not smc_spared:
        return _abandon(state, vehicle)  # D5.343: the SMC crew is eliminated
    vehicle = armorldr.on_recall(vehicle)
    if any(vehicle.has(m) for m in ("bogged", "mired", "immobilized")):
        state = state.with_unit(vehicle.mark("stunned", "bu", remove=("ce", "motion")))
        if vsmccrew.crew_ids(vehicle):  # D5.343 spared it: the SMC crew is back beneath it (A21.22)
            state = state.with_unit(state.units[vehicle.id].mark("abandoned", vcrew.LEFT))
            return vdriver.release(state, vehicle)
        state = _abandon(state, state.units[vehicle.id])  # D5.341: its crew need not leave the map
        return crew.bail_out(position.at(state), vehicle)
    return state.with_unit(vehicle.mark("stunned", RECALLED, "bu", remove=("ce", "motion")))


def sniped(position: Position, vehicle: UnitState, dr: int) -> State:
    """D5.34, D5.341: a sniper dr of 2 stuns the CE crew of a fully armored AFV, a 1 Recalls it. A BU crew,
    or one of an AFV that is not fully armored (D5.311 excepts the sniper from the unprotected crews), is
    left alone here."""
    vt = vtype(vehicle)
    fully = vt.armored and not vt.rear_unarmored  # D1.22: partially armored are not
    if not fully or not _ce(vehicle) or not _has_crew(vehicle) or dr not in (1, 2):
        return position.state
    return recall(position, vehicle) if dr == 1 else stun(position, vehicle)


# the sniper's attack on a vehicle (sniper.vehicle_hit, A14.3) asks the same and breaks the crew alike
has_crew = _has_crew
is_ce = _ce
crew_broken = _broken


def end_player_turn(state: State) -> State:
    """D5.34: at the Player Turn's end a STUN counter flips to "+1" (D5.341: Recall's to "Recall; +1")."""
    for unit in list(state.units.values()):
        if is_vehicle(unit) and unit.has("stunned"):
            state = state.with_unit(unit.mark("plus1", remove=("stunned",)))
        if is_vehicle(unit) and unit.has(PINNED):  # A7.82: for that Player Turn
            state = state.with_unit(state.units[unit.id].mark(remove=(PINNED,)))
    return state
