"""ASL attacks seen across a fire phase: the Mandatory Fire Group (A7.55) and Encirclement (A7.7-A7.71).

A7.55: Good Order units and weapons in one Location that fire at the same target in a phase fire as one fire
group; apart from Fire Lanes, FTs and DCs, and a multiple-ROF weapon firing again. The attacks of a phase are
remembered (target Location by firer) and forgotten when it ends; in the MPh the reaction window of the hex
entered counts each firer's shots already (fire._count_shots), and that is what is checked there.

A7.7: successive attacks of one side on one target Location in the PFPh, DFPh or AFPh (not the MPh), each
from within its normal range and with FP that could give at least an NMC after Cowering, whose LOS enter the
target through opposite hexspines, opposite hexsides or three non-adjacent hexsides (firepower.encircles)
encircle it; an attack on another target in between starts again. The ENCIRCLED Location's enemy units
(neither berserk nor heroes) are marked: morale -1 from the attack that completed it (units.morale_of), +1
to their fire (fire.resolve_attack), the first Location they enter costs double (game.cost_fn). A unit that
enters it is encircled at once; the mark goes with a unit that leaves, and the Location's with its last
unit.

A7.72: a unit (neither berserk nor a hero) at an upper level of a building is ENCIRCLED too while it has no
path down to ground level that avoids every Location holding an unbroken, unconcealed, armed enemy unit and
every burning hex (``upper_trapped``). The path goes through the building as the stairs allow
(locations.py: a level changes only by a hex's stairway, a step to the next hex keeps the level). The
climbing the rule also counts as a path (B23.424) is chapter B, not among the texts: NOT built, so a unit
whose only way down is a climb is still encircled here. The mark is checked after every change
(game.settle, ``upper_sync``) and goes the moment a path opens. A fire in a hex (its ``blaze``/``fire``
feature) blocks each of its Locations: which level burns is chapter B's too (B25).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import iift
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslState

ENCIRCLE_PHASES = ("PFPh", "DFPh", "AFPh")  # A7.7: not the MPh


def _gs(state: State) -> AslState:
    return cast("AslState", state.game)


# --- A7.55 Mandatory Fire Group ---


def _exempt(unit: UnitState) -> bool:
    """A7.55: a FT or DC fires on its own (ordnance does too, in vfire.py)."""
    return unit.type == au.SW and unit.values.get("sw") in ("ft", "dc")


def joins_groups(vehicle: UnitState) -> bool:
    """D6.64: a CE carrier or armored halftrack (not a wreck): the only vehicles whose MGs join a multi-unit
    fire group (a carrier's crew is always CE, D6.84)."""
    from hexmate.rules.games.asl import mounted
    from hexmate.rules.games.asl.armour import vtype

    vt = vtype(vehicle)
    capable = vt.carrier or (vt.armored and vt.movement == "halftrack")
    return capable and mounted.exposed(vehicle) and not vehicle.has("wreck")


def _kind(position: Position, unit: UnitState) -> tuple[str, str] | None:
    """How a firer may group (D6.64): ("open", "") infantry on foot, a CE carrier or armored halftrack and
    the CE passengers of an armored halftrack; ("in", vehicle) other units aboard that vehicle;
    ("rides", carrier) a carrier's riders; None: a vehicle that joins no fire group."""
    from hexmate.rules.games.asl import mounted
    from hexmate.rules.games.asl.armour import is_vehicle, vtype

    if is_vehicle(unit):
        if joins_groups(unit):
            return ("open", "")
        return ("afv", unit.id) if vtype(unit).riders and vtype(unit).aamg else None
    vehicle = mounted.carrier_of(position, unit)
    if vehicle is None:
        return ("open", "")
    role = mounted.role(vehicle)
    if role == mounted.HT_PASSENGER and mounted.exposed(vehicle):
        return ("open", "")
    if role == mounted.RIDER and vtype(vehicle).carrier:
        return ("rides", vehicle.id)
    return ("in", vehicle.id)


def may_group(position: Position, a: UnitState, b: UnitState) -> bool:
    """D6.64: may these two firers of one Location be in one fire group at all? A7.55 forces only those:
    infantry, CE carriers and armored halftracks and CE halftrack passengers together; other units aboard a
    vehicle only with those aboard the same one; a carrier's riders with each other and with the carrier."""
    ka, kb = _kind(position, a), _kind(position, b)
    if ka is None or kb is None:
        return False
    if ka == kb:
        return ka[0] != "afv"
    for k, other in ((ka, kb), (kb, ka)):
        if k[0] == "afv" and other == ("in", k[1]):
            return True  # D6.64: an AFV's riders with its AAMG
    # D6.64: a carrier's riders with a group holding its MGs
    return any(k[0] == "rides" and other.id == k[1] for k, other in ((ka, b), (kb, a)))


def _forced(vehicle: UnitState, weapons: Sequence[str]) -> bool:
    """Do these MGs of the vehicle fall under A7.55 with other units? A CE carrier's or armored halftrack's
    all do; another AFV's AAMG fired alone does, with its riders (D6.64)."""
    return joins_groups(vehicle) or tuple(weapons) == ("aamg",)


def check_vehicle(position: Position, vehicle: UnitState, target: Hex, weapons: Sequence[str] = ()) -> None:
    """A7.55 (D3.5, D6.64): a CE carrier's or armored halftrack's MGs (another AFV's AAMG) may not fire alone
    at a target at which a Good Order unit or weapon of its Location that may group with them (its riders)
    has fired this phase: they fire together or not at all. Raises IllegalAction."""
    if not _forced(vehicle, weapons):
        return
    where = {u.id: u.hex for u in position.units.values() if u.side == vehicle.side and u.hex is not None}
    from hexmate.rules.games.asl.fire import where as fire_where

    where.update({u.id: h for u in position.units.values() if u.side == vehicle.side
                  and (h := fire_where(position, u)) is not None})
    why = check_mandatory(position, [vehicle], target, where)
    if why is not None:
        from hexmate.rules.errors import IllegalAction

        raise IllegalAction(*why)


def record_vehicle(position: Position, state: State, vehicle: UnitState, target: Hex,
                   weapons: Sequence[str] = ()) -> State:
    """A7.55: the MGs of a vehicle that may group fired at this target: remembered for the phase (in the MPh
    counted on the reaction window, as fire._count_shots counts infantry's shots)."""
    if not _forced(vehicle, weapons):
        return state
    top = state.decision
    if position.phase.id == "MPh":
        if top is None or top.kind != "react":
            return state
        key = f"shots:{vehicle.id}"
        more = {key: str(int(top.arg(key, "0")) + 1)}
        return state.replace(decisions=(*state.decisions[:-1], top.with_args(**more)))
    return record(position, state, act.Fire((vehicle.id,), target))


def check_mandatory(position: Position, shooters: Sequence[UnitState], target: Hex,
                    where: dict[str, Hex]) -> tuple[T, str] | None:
    """Why this attack breaks the Mandatory Fire Group rule, or None: another Good Order unit or weapon of
    the same Location, that may form a fire group with it (D6.64, ``may_group``), has already fired at this
    target this phase without it (A7.55)."""
    top = position.state.decision
    in_window = position.phase.id == "MPh" and top is not None and top.kind == "react"
    fired = dict(_gs(position.state).fired_at)
    from hexmate.rules.games.asl.residual import lanes

    laid = {lane.mg for lane in lanes(position)}  # A7.55: a Fire Lane is exempt (A9.22)
    for unit in shooters:
        if _exempt(unit) or unit.id in laid:
            continue
        mine = int(top.arg(f"shots:{unit.id}", "0")) if in_window and top is not None else 0
        if (in_window and mine) or (not in_window and fired.get(unit.id) == target):
            continue  # it fired at this target already: a multiple-ROF weapon, or the same group again
        aside: tuple[UnitState, ...] = getattr(position.state.game, "aside", ())  # armour.infantry_view
        for other in (*position.units.values(), *aside):
            if other.hex is not None and other.id not in where and other in aside:
                where = {**where, other.id: other.hex}  # a vehicle set aside by the infantry view (D3.5)
            if other.id == unit.id or other.side != unit.side or _exempt(other) or other.has("broken") or \
                    other.id in laid:
                continue
            if other.id not in where or where[other.id] != where[unit.id]:
                continue
            if _level(position, other) != _level(position, unit):
                continue  # A2.8: another level of the hex is another Location
            if not may_group(position, unit, other):
                continue  # D6.64: no fire group is possible between them, so none is forced
            done = (int(top.arg(f"shots:{other.id}", "0")) > 0 if in_window and top is not None
                    else fired.get(other.id) == target)
            if done:
                return (T("{unit} and {other} are in one Location and fire at the same target this phase: "
                          "they fire as one fire group", unit=unit.id, other=other.id), "A7.55")
    return None


def _level(position: Position, unit: UnitState) -> int:
    """The level of a unit's Location (a SW's, its possessor's)."""
    from hexmate.rules.games.asl import floc

    user = position.units.get(unit.carrier or "", unit) if unit.type == au.SW else unit
    return floc.level_of_unit(position, user)


def record(position: Position, state: State, fire: act.Fire) -> State:
    """The firers' target, remembered for the rest of the phase (A7.55)."""
    if position.phase.id == "MPh":
        return state
    gs = _gs(state)
    kept = tuple((u, h) for u, h in gs.fired_at if u not in fire.firers)
    return state.replace(game=gs.replace(fired_at=(*kept, *((u, fire.target) for u in fire.firers))))


# --- A7.7 Encirclement ---


def qualifying(position: Position, resolution: Resolution, shooters: Sequence[tuple[UnitState, Hex, int]],
               cowering: int) -> list[int]:
    """A7.7: the entry positions (firepower.entry_position) of this attack's LOS that count toward
    Encirclement: shooters within their normal range, if the attack's FP could give an NMC even after
    Cowering (its column moved ``cowering`` columns left stays on the chart)."""
    target = resolution.action.target if isinstance(resolution.action, act.Fire) else None
    if target is None:
        return []
    axis = position.charts.chart("ift").axis("fp")
    cols = []
    for line in resolution.lines:
        facts = getattr(line.value, "facts", {})
        if "column" in facts and str(facts["column"]) != "-":
            cols.append(iift.parse(str(facts["column"])))  # an IIFT column may be 2 1/2 (A7.372)
    if not cols:
        return []
    col = axis.locate(max(cols))
    if col is None or col - cowering < 0:
        return []
    out = [fpw.entry_position(target, h) for _, h, rng in shooters
           if h != target and distance(h, target) <= rng]
    return out + _vertical(position, resolution, [u for u, h, _ in shooters if h == target])


# A7.7: in a building hex, fire from the Location directly above and from the one directly below (entries of
# their own, beside the 12 positions round the hex)
ABOVE, BELOW = 100, 101


def _vertical(position: Position, resolution: Resolution, shooters: Sequence[UnitState]) -> list[int]:
    """The A7.7 vertical entries of shooters in the target's own hex: from the level right above the target
    Location, or right below it (a SW counts at its possessor's level)."""
    from hexmate.rules.games.asl import floc

    targets = [position.units[u] for u in resolution.results if u in position.units]
    if not targets or not shooters:
        return []
    level = floc.level_of_unit(position, targets[0])
    out = []
    for unit in shooters:
        user = position.units.get(unit.carrier or "", unit) if unit.type == au.SW else unit
        diff = floc.level_of_unit(position, user) - level
        out += [ABOVE] if diff == 1 else [BELOW] if diff == -1 else []
    return out


def _encircles(entries: Sequence[int]) -> bool:
    """A7.7: opposite sides round the hex (firepower.encircles), or from directly above and below."""
    return {ABOVE, BELOW} <= set(entries) or fpw.encircles(e for e in entries if e < ABOVE)


def after_attack(position: Position, state: State, target: Hex, side: str, entries: Sequence[int]
                 ) -> tuple[State, list[Line]]:
    """A7.7: this attack's entries join the side's run of successive attacks on the target (an attack on
    another target starts a new run); if they encircle it, its enemy units are marked ENCIRCLED."""
    if position.phase.id not in ENCIRCLE_PHASES:
        return state, []
    gs = _gs(state)
    run = gs.encircle_run
    before: tuple[int, ...] = ()
    if run is not None and run[0] == target and run[1] == side:
        before = run[2]
    run_entries = tuple(sorted(set(before) | set(entries)))
    state = state.replace(game=gs.replace(encircle_run=(target, side, run_entries)))
    if not entries or not _encircles(run_entries):
        return state, []
    if any(h == target for h, _ in _gs(state).encircled):
        return state, []
    enemy = next((u.side for u in state.units.values() if u.hex == target and u.side != side), None)
    if enemy is None:
        return state, []
    gs = _gs(state)
    state = state.replace(game=gs.replace(encircled=(*gs.encircled, (target, enemy))))
    state = sync(state)
    line = Line(T("Encirclement"), T("the attacks' LOS enter {hex} from opposite sides: its units are "
                                     "ENCIRCLED (morale -1, +1 to their fire)", hex=position.label(target)),
                "A7.7")
    return state, [line]


def _affected(unit: UnitState) -> bool:
    return unit.type not in (au.SW, "dummy") and not unit.has("berserk") and not au.is_hero(unit)


UPPER = "encircled_upper"  # A7.72: this unit's ENCIRCLED mark comes from having no way down


def _blocks(unit: UnitState, side: str) -> bool:
    """A7.72: an enemy unit that bars a Location of the way down: unbroken, unconcealed and armed."""
    return (unit.side != side and unit.type not in (au.SW, "dummy") and not unit.concealed
            and not unit.has("broken") and not au.is_unarmed(unit))


def upper_trapped(position: Position, state: State, unit: UnitState) -> bool:
    """A7.72: ``unit`` stands at an upper level of a building and no path of Locations (stairs, then the
    building's hexes at one level; B23.424 climbing not built) reaches ground level free of unbroken,
    unconcealed armed enemy units and of fire."""
    from hexmate.rules.games.asl import floc
    from hexmate.rules.games.asl import locations as loc
    from hexmate.rules.games.asl.vwreck import BLAZE

    m = position.map
    h = unit.hex
    if h is None or h not in m.hexes or not _affected(unit) or unit.carrier is not None:
        return False
    view = position.at(state)
    start = (h, floc.level_of_unit(view, unit))
    if start[1] <= 0 or loc.upper_levels(m, h) < start[1]:
        return False
    barred = {(u.hex, floc.level_of_unit(view, u)) for u in state.units.values()
              if u.hex is not None and _blocks(u, unit.side)}

    def free(at: tuple[Hex, int]) -> bool:
        return at not in barred and not (m.features(at[0]) & BLAZE)

    seen = {start}
    todo = [start]
    while todo:
        here, level = todo.pop()
        steps = [(n, level) for n in m.neighbors(here)
                 if n in m.hexes and loc.upper_levels(m, n) >= level]
        if loc.has_stairs(m, here):
            steps += [(here, lv) for lv in (level - 1, level + 1) if lv in loc.levels(m, here)]
        for step in steps:
            if step in seen or not free(step):
                continue
            if step[1] == 0:
                return False
            seen.add(step)
            todo.append(step)
    return True


def upper_sync(position: Position, state: State) -> State:
    """A7.72: mark ENCIRCLED each upper-level unit with no way down, and take the mark off as soon as one
    opens (unless the unit is in an A7.7 ENCIRCLED Location)."""
    circled = set(_gs(state).encircled)
    for unit in list(state.units.values()):
        trapped = upper_trapped(position, state, unit)
        if trapped and not (unit.has(UPPER) and unit.has("encircled")):
            state = state.with_unit(unit.mark("encircled", UPPER))
        elif not trapped and unit.has(UPPER):
            inside = unit.hex is not None and (unit.hex, unit.side) in circled and _affected(unit)
            state = state.with_unit(unit.mark(remove=(UPPER,) if inside else (UPPER, "encircled")))
    return state


def sync(state: State) -> State:
    """A7.7: the enemy units in an ENCIRCLED Location are marked (one that entered it too); a unit that has
    left loses the mark; a Location none of whose units is left loses its counter."""
    gs = _gs(state)
    if not gs.encircled:
        return state
    kept = tuple((h, s) for h, s in gs.encircled
                 if any(u.hex == h and u.side == s and _affected(u) for u in state.units.values()))
    where = set(kept)
    for unit in list(state.units.values()):
        inside = unit.hex is not None and (unit.hex, unit.side) in where and _affected(unit)
        if inside and not unit.has("encircled"):
            state = state.with_unit(unit.mark("encircled"))
        elif not inside and unit.has("encircled") and not unit.has(UPPER):  # A7.72's mark: upper_sync
            state = state.with_unit(unit.mark(remove=("encircled",)))
    return state.replace(game=_gs(state).replace(encircled=kept))


def phase_over(state: State) -> State:
    """The phase's attacks are forgotten (A7.55, A7.7); marks follow the units (``sync``)."""
    return sync(state.replace(game=_gs(state).replace(fired_at=(), encircle_run=None)))


def status(position: Position) -> list[str]:
    return [T("{hex} is ENCIRCLED: {side}'s units there check morale at -1 and fire at +1 (A7.7)",
              hex=position.label(h), side=s) for h, s in _gs(position.state).encircled]
