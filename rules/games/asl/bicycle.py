"""ASL D15.8-D15.85 in play: bicycles, a cycle counter that is a SW, not a vehicle (D15.8).

A bicycle is a SW counter (``"type": "sw", "sw": "bicycle"``) with the cycle's size in top views
(``silhouettes``: 3 a squad's, 2 a HS's or crew's, 1 an SMC's, D15.1 as D15.8 keeps it) and 1 PP (D15.82).
Its possessor rides it (the ``bicycle`` marker on the rider) or carries it.

- D15.8/D15.4: only the unit the counter is made for rides it (a squad a squad counter, a HS or crew a HS
  counter, an SMC an SMC counter); no mounting, dismounting or moving it in the APh (D15.4, D15.82).
- D15.81: mounting and dismounting cost nothing, in the rider's own MPh, before, between or after his MF
  (a unit that mounts or dismounts after moving goes on with the MF it has left, mphsw.py's pause).
- D15.81: riders use infantry movement with their own MF (A4.11-A4.12: 4 an MMC, 6 an SMC, +2 with a leader),
  not vehicle movement, and no Assault Movement. They ride only across road hexsides, at half the MF the
  entry costs, except into a shellhole hex (entrenchments are chapter B's: no map has them), when gaining
  elevation, and on unpaved roads in mud or unplowed roads in snow. A road's state is roadstate.py's (the
  maps' roads paved unless ``options.unpaved_roads: true``, plowed only with ``options.plowed_roads: true``);
  snow is aerosan.py's (``options.ground_snow`` or the weather's ``heavy snow``), mud the weather's.
- D15.81 (B3.4, chapter B, not among the texts): riders who start the MPh mounted (or mount before moving) on
  a road hex have +1 MF while they stay on the road; they lose it if they dismount and walk on.
- D15.82: the bicycle carries no SW (the rider's own IPC still does, A4.42); carried, it costs 1 PP; ridden,
  it is what carries the rider, not portage.
- D15.83: no Overrun, no entering a Location with a Known enemy unit; D15.43 (kept by D15.8): no voluntary
  dismounting with a Known enemy unit in the Location, except in Melee.
- D15.84 with D15.46: entering a stream hex mounted calls for a Wreck Check dr (no shellhole check; the
  others, off a road hexside, cannot happen to a rider who rides only across road hexsides): a 6 breaks
  the rider and sets him down dismounted, before Defensive First Fire; no bailing out; the bicycle stays.
- D15.85, D15.5: riders are infantry targets in all respects (PTC, FFMO, FFNAM), with -1 on the IFT DR.
- D15.6 (kept by D15.8: a bicycle is a cycle, not a sidecar): riders may not fire on the IFT or attack in CC.
- D15.53, D15.85: a rider that breaks dismounts at once (no bail out); the bicycle is not eliminated.
- D15.51: a KIA on a rider removes its bicycle too (no wreck); D15.52: a riding squad reduced to a HS has
  its counter flipped to the HS side (cyclesplit.py); D15.56: a wounded rider goes on at 4 MF (game.mf).
- D15.7, D15.8: an unpossessed bicycle is recovered like any SW (A4.44, rphase.py), by either side.

Readings where hexmate is stricter than the text (said in docs/PLAYING.md): riders and walkers move as
separate stacks; an SMC riding with an MMC takes his own SMC counter (D15.44's split, ``split`` below), so a
counter never holds two units; the second SMC of D15.1's single cycle is not modelled.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import road_between
from hexmate.rules.text import T

BICYCLE = "bicycle"  # a SW counter's ``sw`` value (D15.8)
RIDING = "bicycle"  # the rider's marker: on his bicycle (D15.81)
BONUS = "bcy_road"  # the rider's marker: +1 MF, on the road since the MPh began (D15.81, B3.4)
WRECK = "bwreck"  # the Wreck Check dr's decision kind (D15.84, D15.46)
IFT_DRM = -1  # D15.85, D15.5: fire at bicycle riders
ROAD_BONUS = 1  # D15.81 (B3.4)
SIZE_FOR = {3: ("squad",), 2: ("hs", "crew"), 1: ("leader", "hero")}  # D15.1, D15.4: who rides each size
WRECK_TERRAIN = ("stream",)  # D15.46 less D15.84's shellhole
FULL_TERRAIN = ("shellhole",)  # D15.81: no half rate into these hexes


def is_bicycle(unit: UnitState | None) -> bool:
    return unit is not None and unit.type == au.SW and unit.values.get("sw") == BICYCLE


def bicycle_of(state: State, unit: UnitState) -> UnitState | None:
    """The bicycle the unit possesses (the first, by id), or None."""
    return next((sw for sw in au.possessed(state, unit.id) if is_bicycle(sw)), None)


def riding(unit: UnitState) -> bool:
    return unit.has(RIDING) and not unit.has("broken")


def size(bicycle: UnitState) -> int:
    return int(bicycle.values.get("silhouettes", 1) or 1)


def _fits(bicycle: UnitState, unit: UnitState) -> bool:
    return unit.type in SIZE_FOR.get(size(bicycle), ())


def _known_enemy(position: Position, unit: UnitState) -> UnitState | None:
    here = position.units_at(unit.hex) if unit.hex is not None else []
    return next((u for u in here if u.side != unit.side and not u.concealed and u.type != au.SW), None)


# --- mounting and dismounting (D15.81, D15.4, D15.43) ---


def _mover(position: Position, bicycle: UnitState) -> UnitState:
    owner = position.units.get(bicycle.carrier or "")
    if owner is None:
        raise IllegalAction(T("{unit} has no possessor: recover it first (A4.44, D15.7)", unit=bicycle.id),
                            "D15.8")
    if owner.side != position.phasing or position.phase.id != "MPh":
        raise IllegalAction(T("bicycles are mounted and dismounted only in their riders' own MPh, never in "
                              "the APh (D15.4, D15.81)"), "D15.4")
    return owner


def check_mount(position: Position, load: act.Load) -> act.Load:
    """D15.81: the bicycle's possessor gets on it, for no MF, if it is the unit the counter is made for."""
    bicycle = position.units[load.carrier]
    owner = _mover(position, bicycle)
    if tuple(load.units) != (owner.id,):
        raise IllegalAction(T("only {unit}, who possesses {sw}, rides it", unit=owner.id, sw=bicycle.id),
                            "D15.8")
    if owner.has(RIDING):
        raise IllegalAction(T("{unit} is already on a bicycle", unit=owner.id), "D15.81")
    if owner.has("broken") or owner.has("pinned") or owner.carrier:
        raise IllegalAction(T("{unit} may not mount now: broken, pinned or aboard", unit=owner.id), "D15.81")
    from hexmate.rules.games.asl import mphsw

    if owner.id in position.state.moved and not mphsw.may_go_on(owner) and mphsw.mf_left(owner) is None:
        raise IllegalAction(T("{unit} has finished its move this MPh", unit=owner.id), "A4.2")
    if not _fits(bicycle, owner):
        what = {3: T("a squad"), 2: T("a HS or crew"), 1: T("an SMC")}[max(1, min(3, size(bicycle)))]
        raise IllegalAction(T("{sw} ({n} top views) is ridden only by {what} (D15.1, D15.4)", sw=bicycle.id,
                              n=size(bicycle), what=what), "D15.4")
    return load


def apply_mount(position: Position, load: act.Load) -> State:
    """On the bicycle, for no MF (D15.81); +1 MF on a road hex before it has moved (D15.81, B3.4); a unit
    that already moved goes on riding with the MF it has left."""
    from hexmate.rules.games.asl import mphsw

    state = position.state
    owner = state.units[load.units[0]]
    marks = [RIDING]
    if owner.id not in state.moved and owner.hex is not None and position.map.road_exits(owner.hex):
        marks.append(BONUS)
    state = state.with_unit(owner.mark(*marks))
    return mphsw.dropped(state, owner.id)  # mounting costs nothing: the move goes on (A4.4's pause)


def check_dismount(position: Position, unload: act.Unload) -> act.Unload:
    """D15.81, D15.43: off the bicycle for no MF, not beside a Known enemy unit unless in Melee."""
    bicycle = position.units[unload.carrier]
    owner = _mover(position, bicycle)
    if not owner.has(RIDING):
        raise IllegalAction(T("nobody rides {sw}", sw=bicycle.id), "D15.81")
    known = _known_enemy(position, owner)
    if known is not None and not owner.has("melee"):
        raise IllegalAction(T("no dismounting in a Location with a known enemy unit ({unit})", unit=known.id),
                            "D15.43")
    return unload


def apply_dismount(position: Position, unload: act.Unload) -> State:
    """Off for no MF (D15.81): a rider who moved goes on on foot with his MF left, less the road bonus."""
    from hexmate.rules.games.asl import mphsw

    state = position.state
    owner = state.units[position.units[unload.carrier].carrier or ""]
    left = mphsw.mf_left(owner)
    owner = owner.mark(remove=(RIDING, BONUS))
    if left is not None and state.units[owner.id].has(BONUS):  # D15.81: no longer on the road all MPh
        old = tuple(m for m in owner.markers if m.startswith(mphsw.LEFT))
        owner = owner.mark(remove=old).mark(f"{mphsw.LEFT}{max(0, int((left - ROAD_BONUS) * 2))}")
    return mphsw.dropped(state.with_unit(owner), owner.id)


def generate(position: Position) -> Iterator[act.Action]:
    """Mounting and dismounting open now (D15.81), for the page's buttons."""
    if position.phase.id != "MPh":
        return
    for sw in sorted(position.units.values(), key=lambda u: u.id):
        owner = position.units.get(sw.carrier or "") if is_bicycle(sw) else None
        if owner is None or owner.side != position.phasing:
            continue
        action: act.Action = act.Unload(sw.id) if owner.has(RIDING) else act.Load((owner.id,), sw.id)
        try:
            if isinstance(action, act.Load):
                check_mount(position, action)
            else:
                assert isinstance(action, act.Unload)
                check_dismount(position, action)
        except IllegalAction:
            continue
        yield action


# --- riding (D15.81, D15.83) ---


def group_riding(units: Sequence[UnitState]) -> bool:
    return any(riding(u) for u in units)


def mixed(units: Sequence[UnitState]) -> bool:
    """Riders and units on foot in one group (hexmate moves them as separate stacks)."""
    people = [u for u in units if u.type != au.SW]
    return group_riding(people) and not all(riding(u) for u in people)


def check_mode(units: Sequence[UnitState], mode: str) -> None:
    """D15.81: no Assault Movement (nor a bypass, which crosses no road hexside) on bicycles; riders and
    walkers move as separate stacks."""
    if mixed(units):
        rider = next(u for u in units if riding(u))
        raise IllegalAction(T("riders on bicycles and units on foot move as separate stacks ({unit} rides)",
                              unit=rider.id), "D15.81")
    if group_riding(units) and (mode == "assault" or mode.partition(":")[0] == "bypass"):
        raise IllegalAction(T("riders on bicycles may not use {mode} (D15.81: no Assault Movement, road "
                              "hexsides only)", mode=mode), "D15.81")


def _full_rate(position: Position, a: Hex, b: Hex) -> bool:
    """D15.81: the exceptions to the half rate."""
    m = position.map
    if m.terrain(b) in FULL_TERRAIN or m.level(b) > m.level(a):
        return True
    from hexmate.rules.games.asl import aerosan, roadstate
    road = roadstate.of_hex(position, b)
    if road is None:
        return False
    wind = getattr(position.state.game, "wind", None)
    if getattr(wind, "precipitation", "none") == "mud" and not road.paved:
        return True  # an unpaved road in mud
    return aerosan.snow(position) and not road.plowed  # an unplowed road in snow, paved or not


def ride_step(position: Position, a: Hex, b: Hex, step: int | Fraction) -> int | Fraction | None:
    """D15.81: riders enter only across a road hexside, at half the MF (except _full_rate); D15.83: never a
    Location of a Known enemy unit (the caller's A4.14 bars it; no Infantry Overrun, ``may_overrun``)."""
    if not road_between(position.map, a, b):
        return None
    return step if _full_rate(position, a, b) else Fraction(step) / 2


def bonus(position: Position, units: Sequence[UnitState]) -> int:
    """D15.81 (B3.4): +1 MF for riders on the road since the MPh began."""
    from hexmate.rules.games.asl import mphsw

    people = [u for u in units if u.type != au.SW]
    if people and all(riding(u) and u.has(BONUS) and not mphsw.may_go_on(u) for u in people):
        return ROAD_BONUS
    return 0


def mph_start(position: Position, state: State) -> State:
    """D15.81 (B3.4): the phasing riders standing on a road hex as their MPh begins have the road bonus."""
    for unit in list(state.units.values()):
        if unit.side == position.phasing and riding(unit) and unit.hex is not None \
                and position.map.road_exits(unit.hex):
            state = state.with_unit(unit.mark(BONUS))
    return state


def may_overrun(units: Sequence[UnitState]) -> bool:
    """D15.83: riders on bicycles make no Overrun."""
    return not any(riding(u) for u in units)


# --- APh, fire, loss (D15.4, D15.82, D15.6, D15.85, D15.53, D15.51) ---


def check_advance(position: Position, units: Sequence[UnitState]) -> None:
    """D15.4, D15.82: no riding, and no carrying a bicycle, in the APh."""
    for unit in units:
        if riding(unit):
            raise IllegalAction(T("{unit} is on a bicycle: bicycles do not move in the APh", unit=unit.id),
                                "D15.4")
        bicycle = bicycle_of(position.state, unit)
        if bicycle is not None:
            raise IllegalAction(T("{unit} carries {sw}: a bicycle is not carried in the APh (drop it first)",
                                  unit=unit.id, sw=bicycle.id), "D15.82")


def why_not_fire(position: Position, unit: UnitState) -> tuple[T, str] | None:
    """D15.6 (D15.8): a rider fires neither inherent FP nor a SW; a bicycle is no weapon."""
    if is_bicycle(unit):
        return T("{sw} is a bicycle, not a weapon", sw=unit.id), "D15.8"
    holder = position.units.get(unit.carrier or "") if unit.type == au.SW else unit
    if holder is not None and riding(holder):
        why = T("{unit} is on a bicycle: riders do not fire on the IFT (D15.6, D15.8)", unit=holder.id)
        return why, "D15.6"
    return None


def riders_among(targets: Sequence[UnitState]) -> list[UnitState]:
    """D15.85: the targets riding bicycles: infantry, with -1 on the IFT DR."""
    return [u for u in targets if u.type != au.SW and riding(u)]


def settle(state: State) -> State:
    """D15.53, D15.85: a rider who broke is off his bicycle at once (no bail out, no NMC); the bicycle of a
    unit gone stays for recovery (D15.53); after a KIA it goes with him (D15.51, ``after_kia``)."""
    for unit in [u for u in state.units.values() if u.has(RIDING)]:
        if unit.has("broken") or bicycle_of(state, unit) is None:  # broken, or no bicycle to ride
            state = state.with_unit(unit.mark(remove=(RIDING, BONUS)))
    return state


def after_kia(before: State, state: State) -> State:
    """D15.51: a rider removed by a KIA takes his bicycle with him (no wreck): the bicycle of a rider gone
    whose A9.74 dr (asked only for a KIA'd possessor's SW) is pending goes, and the dr is not asked."""
    for uid, unit in before.units.items():
        bicycle = bicycle_of(before, unit) if uid not in state.units and unit.has(RIDING) else None
        if bicycle is None or bicycle.id not in state.units:
            continue
        pending = [d for d in state.decisions if d.then == "sw_kia" and d.subject == (bicycle.id,)]
        if pending:
            state = state.without_unit(bicycle.id)
            state = state.replace(decisions=tuple(d for d in state.decisions if d not in pending))
    return state


# --- the Wreck Check (D15.84, D15.46) ---


def needs_wreck_check(position: Position, units: Sequence[UnitState], a: Hex, b: Hex) -> bool:
    return a != b and position.map.terrain(b) in WRECK_TERRAIN and any(riding(u) for u in units)


def wreck_check(position: Position, units: Sequence[UnitState], a: Hex, b: Hex) -> Decision:
    where = b if position.map.level(b) < position.map.level(a) else a
    ids = tuple(u.id for u in units if riding(u))
    prompt = T("{unit} rides into {hex}: roll the Wreck Check dr; on a 6 the riders break and dismount "
               "(D15.46, D15.84)", unit=", ".join(ids), hex=position.label(b))
    return Decision("roll", units[0].side, prompt, "D15.46", WRECK, dice="dr", subject=ids, target=where)


def resume_wreck(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A 6: broken, off the bicycle, their move over where the dr put them (D15.46: no bail out)."""
    assert answer.dice is not None
    state = position.state
    if answer.dice[0] != 6 or decision.target is None:
        return state
    for uid in decision.subject:
        if uid in state.units:
            unit = state.units[uid].mark("broken", remove=(RIDING, BONUS))
            state = state.with_unit(dataclasses.replace(unit, hex=decision.target))
    if state.moving is not None:
        stopped = T("its riders broke in a Wreck Check (D15.46)")
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=stopped))
    return state


__all__ = [
    "BICYCLE",
    "BONUS",
    "IFT_DRM",
    "RIDING",
    "WRECK",
    "after_kia",
    "apply_dismount",
    "apply_mount",
    "bicycle_of",
    "bonus",
    "check_advance",
    "check_dismount",
    "check_mode",
    "check_mount",
    "generate",
    "group_riding",
    "is_bicycle",
    "may_overrun",
    "mixed",
    "mph_start",
    "needs_wreck_check",
    "resume_wreck",
    "ride_step",
    "riders_among",
    "riding",
    "settle",
    "size",
    "why_not_fire",
    "wreck_check",
]
