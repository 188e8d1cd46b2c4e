"""ASL D15 in play: motorcycles as vehicles ridden by infantry (catalogue ``movement: "motorcycle"``).

D15.1: a motorcycle is a vehicle that carries riders and spends MP; the counter has 1-3 top views
(``silhouettes``): 3 carry a squad and up to four SMC, 2 a HS or crew and up to four SMC, 1 up to two SMC
(three on a sidecar, ``sidecar: true``). D15.2: a sidecar counter carries 3/2/1 PP of SW (``portage``); a
plain cycle none. D15.1 (chapter B's Terrain Chart, not among the texts): its MP costs are the chart's
motorcycle column: the pack ``charts/motorcycle-demo.json`` (labelled demo values; road 1/2 MP is the D15.41
example's).

- D15.4: it has no driver: it moves only with riders aboard, and a counter moves only with riders no smaller
  than the unit it is made for (a squad counter needs a squad; the extra SMC do not count).
- D15.41: mounting or dismounting costs the rider 1 of his basic 4 MF and the cycle a quarter of its MP
  allowance (kept in half MP, rounded up); while he rides he loses 1 MF per quarter of the allowance the
  cycle spends (FRU), and when his 4 MF are gone the cycle stops. For riders that mount before moving that
  is the cycle's allowance itself (a quarter to mount plus at most three quarters ridden), and dismounting
  takes one more quarter, so it needs the quarter left: the same arithmetic as the D15.41 example
  (dspecial.py's ride_mf). Mounting is one Load of all the riders, before they or the cycle have moved.
- D15.42: no reverse (catalogue ``rev`` 0), no extra MP for wrecks or vehicles in the hex entered, and the
  usual start, stop and VCA-change MP. D15.3: a motorcycle costs no other vehicle MP (armour.step_mp), and
  for stacking only its riders count, as units on the ground do (``stacks``: A5.11's overstack MF and MP;
  ``overstack_mp``: the cycle entering pays 1 MP per squad-equivalent over with its riders counted).
- D15.43: no voluntary dismounting in a Location with a known (unconcealed) enemy unit.
- D15.45: riders stay aboard whatever terrain the cycle enters (the chart's NA bars the entry itself).
- D15.46: a Wreck Check dr for a cycle with riders entering a shellhole or stream hex, or (not across a road
  hexside) crossing a Double Crest line (a ``double-crest`` hexside) or changing more than one level: a 6
  breaks the riders and sets them down, with the cycle, in the hex being left (the hex entered if its base
  level is lower), before any Defensive First Fire; no bailing out; the cycle stays usable.
- D15.47: a motorcycle never bogs (armour.bog_check, vmud).

Fire at riders (D15.5): infantry fire at the Location attacks them, never the cycle (no vehicle line, no
collateral attack), with -1 on the IFT DR and no FFMO/FFNAM (fire.py's group of riders); D15.54: a PTC does
nothing to them; D15.51: a KIA that takes all its riders removes the cycle (no wreck); D15.53: a rider that
breaks on a stopped cycle dismounts at once, on one moving or in Motion bails out (riders.py, D6.24).

Ordnance at riders (D15.5, the D15.55 example) is motoord.py's. D15.52: a casualty among the riders shrinks
the counter to the size its remaining riders need (``shrink``, a ``cycles<n>`` marker); D15.53: an MMC
that broke and left a MMC cycle leaves its SMC on a one-cycle counter of their own (``split_smc``), and two
SMC on one cycle bail out together when one breaks (``both_off``); D15.55: riders neither take nor cause an
LLMC/LLTC (mounted.lose_leader_to).

D15.43: a ridden motorcycle enters an enemy Location and may stay there; a cycle passes through, a sidecar
overruns it (``overruns``: overrun.py's OVR, the riders adding a quarter of their FP, TPBF) or, as the text
only says it may, rides through without one when the move is declared ``as through`` (no OVR MP either).
D15.6: riders' fire is mounted.py's (none from a cycle; a sidecar's halved, its LMG or thrown DC with two
SMC: demolition.py, +1 from a cycle not stopped, A23.6, the riders attacked in the thrower's Location).

Not built (said in the report): manhandling (D15.4, C10.3 not among the texts), causeways (D15.46: no map
has one). Splitting and combining counters (D15.44) are cyclesplit.py's, recovery as a SW (D15.7)
motocapture.py's, bicycles (D15.8-D15.85) bicycle.py's.

Audit of D15-D17 against the text (this session's, short; the report has the sentence-by-sentence table):

=============  ==============================================================================================
D15.1-D15.2    here (sizes, sidecar PP); the chart's column a demo pack (chapter B)
D15.3          armour.step_mp (no MP for a cycle there); riders count for stacking: ``stacks``,
               ``overstack_mp`` (built now, with A5.11)
D15.4          here (no driver, the counter's unit); APh: only MPh moves/mounts; no vehicle carries a
               cycle (transport.py); manhandling (C10.3) not built
D15.41-D15.47  here, dspecial.py (D15.41 example); causeways (D15.46) not on the maps
D15.44         cyclesplit.py; riders deploying (A1.31) and recombining (A1.32) on their counters built now
D15.5-D15.56   fire.py's rider group, motoord.py, riders.py, mounted.py, aftermath (D15.52 ``shrink``)
D15.6, D15.7   mounted.py, demolition.py; motocapture.py
D15.8-D15.85   bicycle.py (B3.4's road bonus read from D15.81)
D16.1-D16.12   ddtank.py (on land); no rider boards a raised screen (built now); D16.1's HE/HEAT hit needs
               ammunition types (chapter C) and is not built
D16.2-D16.7    not built: every sentence is about units in a Water Obstacle (B21: no water terrain in the
               terrain table or maps); ddtank.py names each (D16.21-D16.6)
D16.8          arrival.py (held off the map until an MPh of its side)
D17.1-D17.5    aerosan.py, dspecial.py; D17.21's woods-road exit and D17.25's one hexspine outside the MPh
               (the D2.401 Motion turn) built now; trenches, railroads, ice, bridges, airfields, drifts,
               pillboxes and foxholes (D17.2, D17.22, D17.23) are chapter B/E terrain not on the maps;
               D17.4 (E3.712) and D17.27 (E1.53) are chapter E's
=============  ==============================================================================================
"""

from __future__ import annotations

import dataclasses
import json
import math
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import latedt
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, opposite
from hexmate.rules.text import T

MOTORCYCLE = "motorcycle"
FORMAT = "hexmate-asl-motorcycle/1"
PACK = Path(__file__).resolve().parent / "charts" / "motorcycle-demo.json"
SMC = ("leader", "hero")
MMC_FOR = {3: ("squad",), 2: ("hs", "crew"), 1: ()}  # D15.1, D15.4: the unit each counter size is made for
WRECK_TERRAIN = ("shellhole", "stream")  # D15.46: hexes whose entry calls for the dr
WRECK_SIDES = ("double-crest",)  # D15.46: a Double Crest line crossed (not by road; the text's 二重橋線)


def is_motorcycle(movement: str) -> bool:
    return movement == MOTORCYCLE


def portage(sidecar: bool, silhouettes: int) -> int:
    """D15.2: PP a sidecar counter carries (3 squad, 2 HS, 1 SMC size); a plain cycle none."""
    return silhouettes if sidecar else 0


class MotorcyclePackError(DataError):
    def __init__(self, source: str, message: str, key: str | None = None) -> None:
        super().__init__(f"{source}" + (f", key {key!r}" if key else "") + f": {message}")


def _cost(value: Any, source: str, key: str) -> Fraction | None:
    if value == "NA":
        return None
    try:
        cost = Fraction(str(value)) if isinstance(value, (int, str)) and not isinstance(value, bool) else None
    except (ValueError, ZeroDivisionError):
        cost = None
    if cost is None or cost <= 0:
        raise MotorcyclePackError(source, "a cost is MP > 0 (whole, or a fraction like 1/2) or NA", key)
    return cost


@lru_cache(maxsize=4)
def load_pack(path: str = str(PACK)) -> tuple[Fraction, dict[str, Fraction | None]]:
    """(road MP, terrain -> MP or None for NA) of the motorcycle column (D15.1)."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise MotorcyclePackError(str(p), f"cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise MotorcyclePackError(str(p), f"not JSON: line {e.lineno} column {e.colno}: {e.msg}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MotorcyclePackError(str(p), f"format must be {FORMAT!r}", "format")
    terrain = data.get("terrain")
    if not isinstance(terrain, dict):
        raise MotorcyclePackError(str(p), "terrain is an object of terrain -> MP", "terrain")
    road = _cost(data.get("road"), str(p), "road")
    if road is None:
        raise MotorcyclePackError(str(p), "road is the MP along a road hexside", "road")
    return road, {str(k): _cost(v, str(p), f"terrain.{k}") for k, v in terrain.items()}


def _vt(unit: UnitState) -> Any:
    from hexmate.rules.games.asl.armour import vtype

    return vtype(unit)


def is_moto_unit(unit: UnitState) -> bool:
    from hexmate.rules.games.asl.armour import is_vehicle

    return is_vehicle(unit) and is_motorcycle(_vt(unit).movement)


def _road(position: Position, a: Hex, b: Hex) -> bool:
    d = direction_between(a, b)
    return d in position.map.road_exits(a) and opposite(d) in position.map.road_exits(b)


def step_mp(position: Position, unit: UnitState, a: Hex, b: Hex) -> Fraction | None:
    """MP to enter b from a (D15.1: the chart's motorcycle column; D15.42: nothing for the wrecks and
    vehicles there; D15.43, D7.1: a sidecar overrunning enemy infantry pays a quarter of its MPA more), or
    None where the column says NA."""
    from hexmate.rules.games.asl import overrun as ovr
    from hexmate.rules.games.asl import vmove as vm

    overrun = ovr.is_overrun(position, unit.side, b) and overruns(unit)  # D15.43: a sidecar's OVR
    road_mp, costs = load_pack()
    road = _road(position, a, b)
    if road:
        cost: Fraction | None = road_mp
    else:
        cost = costs.get(position.map.terrain(b))
    if cost is None:
        return None
    wall = "wall" in position.map.hexside(a, b) and not road
    extra = ovr.extra_mp(_vt(unit).mp) if overrun else 0  # D7.1: a quarter of the MPA, with the entry
    return Fraction(vm.entry_mp(cost, wall=wall, higher=position.map.level(b) > position.map.level(a),
                                others=0, road_rate=road)) + extra + overstack_mp(position, unit, b)


def overstack_mp(position: Position, cycle: UnitState, b: Hex) -> int:
    """D15.3 with A5.11: its riders count for stacking, so a motorcycle entering a Location pays 1 MP per
    squad-equivalent its side's personnel there and its riders are over the limit (FRU), as personnel
    entering an overstack do, even when their own entry makes it."""
    from hexmate.rules.games.asl.armour import is_vehicle
    from hexmate.rules.games.asl.game import overstack_mf

    riders = riders_of(position.state, cycle)
    there = [u for u in position.units_at(b) if u.side == cycle.side and stacks(position.state, u)
             and not is_vehicle(u) and u.type != "sw" and u.level == 0 and u.carrier != cycle.id]
    return overstack_mf(there + riders)


THROUGH = "through"  # ``move CYCLE PATH as through``: sidecars ride through enemy Locations, no OVR (D15.43)


def split(mode: str) -> tuple[bool, str]:
    """(``through`` declared, the rest of a vehicle move's ``+``-joined mode words) (D15.43)."""
    words = [w for w in mode.split("+") if w] if mode else []
    return THROUGH in words, "+".join(w for w in words if w != THROUGH)


def check_through(unit: UnitState) -> UnitState:
    """D15.43, D7.1: a vehicle may pass through an enemy Location without an Overrun (the text's "may"); it
    is marked so for its move (its costs then have no OVR's quarter MPA). A wagon never overruns (D7.1)."""
    from hexmate.rules.games.asl.armour import is_vehicle

    if not is_vehicle(unit):
        raise IllegalAction(T("only a vehicle declares an entry without an Overrun (D7.1)"), "D7.1")
    return unit.mark(THROUGH)


def overruns(unit: UnitState) -> bool:
    """D15.43: a motorcycle with riders passes through an enemy Location; only sidecars overrun it, as an
    unarmored vehicle does (D7.1, base 1 FP, D7.11), adding a quarter of their riders' FP tripled by TPBF
    (mounted.ovr_share's riders' share), and only if they want to (the text's "may": ``as through`` rides
    on, for no OVR MP); a cycle without sidecars just rides on."""
    if not is_moto_unit(unit):
        return True
    return bool(_vt(unit).sidecar) and not unit.has(THROUGH)


def riders_of(state: State, cycle: UnitState) -> list[UnitState]:
    return sorted((u for u in state.units.values() if u.carrier == cycle.id and u.type != "sw"),
                  key=lambda u: u.id)


def stacks(state: State, unit: UnitState) -> bool:
    """D15.3: for stacking only a motorcycle's riders count (the cycle does not): a unit counts on the
    ground or riding a motorcycle, not as a vehicle's passenger or rider (A5.3)."""
    if unit.carrier is None:
        return True
    cycle = state.units.get(unit.carrier)
    return unit.type != "sw" and cycle is not None and is_moto_unit(cycle)


RIDER_IFT_DRM = -1  # D15.5: non-ordnance fire at motorcycle riders


def rider_groups(position: Position, targets: list[UnitState]) -> dict[str, list[UnitState]]:
    """D15.5: the targets riding each motorcycle, by its id: an Infantry Target without size DRM, attacked
    instead of the cycle (no collateral attack on it)."""
    out: dict[str, list[UnitState]] = {}
    pool = {u.id: u for u in getattr(position.state.game, "aside", ())}  # armour.infantry_view's vehicles
    pool.update(position.units)
    for unit in targets:
        cycle = pool.get(unit.carrier or "")
        if cycle is not None and is_moto_unit(cycle) and unit.type != "sw":
            out.setdefault(cycle.id, []).append(unit)
    return out


def after_kia(position: Position, state: State) -> State:
    """D15.51: a KIA on a motorcycle's riders removes the motorcycle as well (no wreck, burning or not): a
    cycle whose riders were all under a KIA result of this attack and are all gone now. (A cycle keeping a
    rider is D15.52's smaller counter, ``shrink``; riders lost otherwise leave it, as the D15.55 example's HS
    cycle stays.)"""
    results = state.resolution.results if state.resolution is not None else {}
    for cycle in [u for u in position.units.values() if is_moto_unit(u) and u.id in state.units]:
        before = riders_of(position.state, cycle)
        if (before and all(u.id not in state.units for u in before)
                and all(str(results.get(u.id, "")).endswith("KIA") for u in before)):
            state = state.without_unit(cycle.id)
    return state


def broken_rider(position: Position, uid: str) -> State | None:
    """D15.53: a motorcycle rider that breaks on a stopped cycle (not moving, not in Motion) dismounts at once
    with no further effect; on a moving one it bails out (None: riders.shaken_off's D6.24)."""
    state = position.state
    unit = state.units.get(uid)
    cycle = state.units.get(unit.carrier or "") if unit is not None else None
    if unit is None or cycle is None or not is_moto_unit(cycle) or not unit.has("broken"):
        return None
    if cycle.has("motion") or (state.moving is not None and cycle.id in state.moving.units):
        return None
    off = dataclasses.replace(unit, carrier=None, hex=cycle.hex)
    return state.with_unit(off.mark(latedt.CONVEYED))  # A4.5: rode and dismounted: no Double Time this PT


def why_not_move(position: Position, unit: UnitState) -> str | None:
    """D15.4: no driver of its own: a motorcycle moves only with riders aboard."""
    if not riders_of(position.state, unit):
        return T("{unit} has no riders: a motorcycle has no driver of its own (D15.4)", unit=unit.id)
    return None


def quarter(mpa: int) -> Fraction:
    """D15.41: a quarter of the MP allowance, kept in half MP (rounded up)."""
    return Fraction(math.ceil(Fraction(mpa, 2)), 2)


def size_of(cycle: UnitState) -> int:
    """D15.1, D15.52: the counter's top views now: its printed ones, or fewer once a casualty among its riders
    shrank it (a ``cycles<n>`` marker)."""
    n = int(_vt(cycle).silhouettes)
    for m in cycle.markers:
        if m.startswith("cycles") and m[6:].isdigit():
            n = min(n, int(m[6:]))
    return n


def with_size(cycle: UnitState, n: int) -> UnitState:
    old = tuple(m for m in cycle.markers if m.startswith("cycles"))
    return cycle.mark(*((f"cycles{n}",) if n < int(_vt(cycle).silhouettes) else ()), remove=old)


def need(riders: list[UnitState]) -> int:
    """D15.1, D15.4: the smallest counter that carries (and may be moved by) these riders."""
    kinds = {u.type for u in riders}
    return 3 if "squad" in kinds else 2 if kinds & {"hs", "crew"} else 1


def shrink(before: State, after: State) -> State:
    """D15.52: riders eliminated or Casualty Reduced: their counter is replaced by the smaller one their
    remaining riders need (the D15.55 example's squad counter becomes a HS counter)."""
    for cycle in [u for u in before.units.values() if is_moto_unit(u) and u.id in after.units]:
        was = riders_of(before, cycle)
        hurt = [u for u in was if u.id not in after.units or after.units[u.id].type != u.type]
        now = riders_of(after, after.units[cycle.id])
        if hurt and now and need(now) < size_of(after.units[cycle.id]):
            after = after.with_unit(with_size(after.units[cycle.id], need(now)))
    return after


def split_smc(before: State, after: State) -> State:
    """D15.53: the MMC of a MMC cycle broke and left it (bailing out or dismounting) while its SMC did not:
    the SMC go on on a one-cycle counter of their own (an added counter, ``<id>/1``); the MMC counter stays
    in the hex, unridden (the D15.55 example's HS cycle). Two SMC on one cycle of whom one broke both bail out
    (``both_off``)."""
    for cycle in [u for u in before.units.values() if is_moto_unit(u) and u.id in after.units]:
        was = riders_of(before, cycle)
        left = [u for u in was if u.type not in SMC and u.id in after.units
                and after.units[u.id].carrier != cycle.id]
        now = riders_of(after, after.units[cycle.id])
        if not left or not now or any(u.type not in SMC for u in now) or size_of(after.units[cycle.id]) == 1:
            continue
        base = after.units[cycle.id]
        one = with_size(dataclasses.replace(base, id=f"{cycle.id}/1"), 1)
        after = after.with_unit(one)
        for unit in now:
            after = after.with_unit(dataclasses.replace(unit, carrier=one.id))
    return after


def both_off(position: Position, before: State, after: State) -> State:
    """D15.53: a one-cycle carrying two SMC of whom one broke: the other bails out too (his own NMC)."""
    from hexmate.rules.games.asl import riders as asl_riders

    for cycle in [u for u in before.units.values() if is_moto_unit(u) and u.id in after.units]:
        if size_of(cycle) != 1:
            continue
        was = riders_of(before, cycle)
        broke = [u for u in was if u.id in after.units and after.units[u.id].has("broken")
                 and after.units[u.id].carrier != cycle.id]
        rest = riders_of(after, after.units[cycle.id])
        if broke and rest and len(was) >= 2:
            moving = cycle.has("motion") or (after.moving is not None and cycle.id in after.moving.units)
            if moving and cycle.hex is not None:
                after = asl_riders.bail_out(position.at(after), rest, cycle.hex, "D15.53")
            else:
                for unit in rest:  # A4.5: rode and dismounted: no Double Time this Player Turn
                    off = dataclasses.replace(unit, carrier=None, hex=cycle.hex)
                    after = after.with_unit(off.mark(latedt.CONVEYED))
    return after


def _fits(silhouettes: int, sidecar: bool, riders: list[UnitState]) -> bool:
    """D15.1 and D15.4: the riders a counter carries, and the unit it needs to move."""
    smc = [u for u in riders if u.type in SMC]
    mmc = [u for u in riders if u.type not in SMC]
    if silhouettes == 1:
        return not mmc and 1 <= len(smc) <= (3 if sidecar else 2)
    return len(mmc) == 1 and mmc[0].type in MMC_FOR[silhouettes] and len(smc) <= 4


def check_mount(position: Position, load: act.Load) -> act.Load:
    """D15.41: infantry in a stopped motorcycle's Location mount it, all together, before either moves."""
    from hexmate.rules.games.asl.armour import spent_of

    cycle = position.units[load.carrier]
    if cycle.side != position.phasing or position.phase.id != "MPh":
        raise IllegalAction(T("the ATTACKER mounts in his own MPh"), "D15.41")
    busy = cycle.has("motion") or cycle.id in position.state.moved or spent_of(cycle)
    if busy or riders_of(position.state, cycle):
        raise IllegalAction(T("{unit} must stand unridden and unmoved this MPh to be mounted", unit=cycle.id),
                            "D15.41")
    riders = []
    for uid in load.units:
        unit = position.units.get(uid)
        if unit is None or unit.side != cycle.side or unit.hex != cycle.hex or unit.type in ("vehicle", "sw"):
            raise IllegalAction(T("{unit} is not friendly infantry in the motorcycle's Location", unit=uid),
                                "D15.41")
        if unit.has("broken") or unit.has("pinned") or uid in position.state.moved or unit.carrier:
            raise IllegalAction(T("{unit} may not mount now: broken, pinned, moved or aboard", unit=uid),
                                "D15.41")
        riders.append(unit)
    vt = _vt(cycle)
    if not _fits(size_of(cycle), vt.sidecar, riders):
        raise IllegalAction(
            T("{unit} ({n} top views) carries {what}, and moves only with that unit aboard (D15.1, D15.4)",
              unit=cycle.id, n=size_of(cycle),
              what={3: T("a squad and up to four SMC"), 2: T("a HS or crew and up to four SMC"),
                    1: T("up to three SMC") if vt.sidecar else T("up to two SMC")}[size_of(cycle)]),
            "D15.1")
    return load


def apply_mount(position: Position, load: act.Load) -> State:
    """D15.41: the riders spend 1 MF and are done as infantry this MPh; the cycle a quarter of its MPA."""
    from hexmate.rules.games.asl.armour import with_spent

    state = position.state
    for uid in load.units:
        state = state.with_unit(dataclasses.replace(state.units[uid], carrier=load.carrier))
    cycle = state.units[load.carrier]
    state = state.with_unit(with_spent(cycle, quarter(_vt(cycle).mp)))
    state = latedt.conveyed(state, load.units)  # A4.5: a motorcycle is a conveyance: no Double Time this PT
    return state.replace(moved=state.moved + tuple(load.units))


def check_dismount(position: Position, unload: act.Unload) -> act.Unload:
    """D15.41, D15.43: a stopped motorcycle's riders dismount in its own MPh if they have 1 MF left (the
    cycle a quarter of its MPA left), not beside a known enemy unit."""
    from hexmate.rules.games.asl.armour import budget, spent_of

    cycle = position.units[unload.carrier]
    if cycle.side != position.phasing or position.phase.id != "MPh" or cycle.has("motion"):
        raise IllegalAction(T("riders dismount only from a stopped motorcycle in their own MPh"), "D15.41")
    if not riders_of(position.state, cycle):
        raise IllegalAction(T("{unit} carries nobody", unit=cycle.id), "D15.41")
    if spent_of(cycle) + quarter(_vt(cycle).mp) > budget(cycle):
        raise IllegalAction(T("the riders of {unit} have no MF left to dismount", unit=cycle.id), "D15.41")
    here = position.units_at(cycle.hex) if cycle.hex is not None else []
    known = [u for u in here if u.side != cycle.side and not u.concealed and u.type != "sw"]
    if known and not any(u.has("melee") for u in riders_of(position.state, cycle)):  # A11.71: Melee may
        raise IllegalAction(
            T("no dismounting in a Location with a known enemy unit ({unit})", unit=known[0].id), "D15.43")
    return unload


def apply_dismount(position: Position, unload: act.Unload) -> State:
    from hexmate.rules.games.asl.armour import spent_of, with_spent

    state = position.state
    cycle = state.units[unload.carrier]
    off = riders_of(state, cycle)
    for unit in off:
        state = state.with_unit(dataclasses.replace(unit, carrier=None, hex=cycle.hex))
    state = state.with_unit(with_spent(cycle, spent_of(cycle) + quarter(_vt(cycle).mp)))
    state = latedt.conveyed(state, [u.id for u in off])  # A4.5: rode and dismounted: no Double Time this PT
    return state.replace(moved=state.moved + tuple(u.id for u in off if u.id not in state.moved))


def needs_wreck_check(position: Position, cycle: UnitState, a: Hex, b: Hex) -> bool:
    """D15.46: riders aboard, and the cycle enters a shellhole or stream hex, or (not by a road hexside)
    crosses a Double Crest line or changes more than one level."""
    if not riders_of(position.state, cycle) or a == b:
        return False
    if position.map.terrain(b) in WRECK_TERRAIN:
        return True
    if _road(position, a, b):
        return False
    side = position.map.hexside(a, b)
    crossing = any(s in side for s in WRECK_SIDES)
    return crossing or abs(position.map.level(b) - position.map.level(a)) > 1


def wreck_check(position: Position, cycle: UnitState, a: Hex, b: Hex) -> Decision:
    where = b if position.map.level(b) < position.map.level(a) else a
    prompt = T("{unit} enters {hex}: roll the Wreck Check dr; on a 6 its riders break and dismount (D15.46)",
               unit=cycle.id, hex=position.label(b))
    return Decision("roll", cycle.side, prompt, "D15.46", "vmwreck", dice="dr", subject=(cycle.id,),
                    target=where)


def resume_wreck(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A 6: the riders are broken and set down with the cycle in the decision's hex, its move over (D15.46:
    no bailing out; the cycle stays usable)."""
    assert answer.dice is not None
    state = position.state
    if answer.dice[0] != 6 or decision.target is None:
        return state
    cycle = state.units[decision.subject[0]]
    where = decision.target
    for rider in riders_of(state, cycle):
        state = state.with_unit(dataclasses.replace(rider.mark("broken"), carrier=None, hex=where))
    state = state.with_unit(cycle.at(where))
    if state.moving is not None:
        stopped = T("its riders broke in a Wreck Check (D15.46)")
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=stopped))
    return state


__all__ = [
    "MOTORCYCLE",
    "RIDER_IFT_DRM",
    "after_kia",
    "apply_dismount",
    "apply_mount",
    "both_off",
    "broken_rider",
    "check_dismount",
    "check_mount",
    "is_moto_unit",
    "is_motorcycle",
    "load_pack",
    "need",
    "needs_wreck_check",
    "overruns",
    "overstack_mp",
    "portage",
    "quarter",
    "resume_wreck",
    "rider_groups",
    "riders_of",
    "shrink",
    "size_of",
    "split_smc",
    "stacks",
    "step_mp",
    "why_not_move",
    "with_size",
    "wreck_check",
]
