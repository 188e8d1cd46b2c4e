"""ASL A13 in play: cavalry, a Personnel counter riding a horse counter (A13.1), moving on the horse's MF.

A horse counter is a SW-format counter (``"type": "sw", "sw": "horse"``) with the number of horses drawn
on it (``horses``: 3 a squad's, 2 a HS's or crew's, 1 an SMC's, A13.32); it has no FP and no PP. Like a SW
it lies unpossessed in its Location until a unit takes it (A13.7: horses are captured as SW are recovered,
A4.44); its possessor either rides it (the ``mounted`` marker on the rider: cavalry, A13.1) or leads it on
foot (A13.7). The unit that holds it is of the counter's own size; SMC may ride along on a counter already
ridden (A13.32: any number on 3 horses, up to 4 on 2, 2 SMC on 1; their ``rides:HORSE`` marker). A unit
mounting an unridden counter too large for it splits it (A13.32: a HS or crew on a squad's makes two HS
counters; an SMC gets an SMC counter of its own, ``HORSE.2``), and an SMC riding along that moves apart from
the holder (or stays as it moves off) gets one too (``part``), with the shared counter's MPh state.

- A13.2: cavalry stacks as infantry (A5.5); riderless horses do not count (they are SW-format, no SE).
- A13.3: cavalry is no vehicle and has no VCA; it spends MF by the Terrain Chart's cavalry column. That
  column is chapter B's, not among the texts: the costs here are what the text gives (Open Ground 1 MF, the
  A13.6 example's entry at 1 MF; A4.133 doubles the cost of climbing a level for cavalry too); any other
  terrain or hexside feature is prohibited unless the scenario gives the chart's value in
  ``options.cavalry_mf`` (owner's data, like the counters). No leader MF bonus (A13.3, B3.4), but a cavalry
  leader moving from the start of the MPh with MMC on foot gives them A4.12's +2 MF (``with_infantry``: the
  stack moves as infantry, the horse entering only what cavalry may, on its own MF); Double Time
  as infantry (+2 MF, A4.5) puts CX on rider and horse; never pinned (A13.52).
- A13.31: mounting or dismounting costs 1 of the rider's basic 4 MF (A4.11), never in the APh; a horse
  that moved or was dismounted this MPh is not mounted again in it. Mounting: the horse loses 25% of its
  current allowance for each MF the rider spent in the MPh, the mounting's included (the example: 1 MF of
  Open Ground and 1 to mount leave 6 of 12). Dismounting: the rider loses 1 of his basic MF for each 25% of
  the horse's allowance (or part of it) the horse spent while he rode it, besides the dismount's 1 MF, and
  the horse loses 25% for that 1 MF, which it must have (both examples of A13.31: at most 4 MF ridden of a
  16 MF allowance by an SMC who walked and mounted first, at most 15 of a 20 MF gallop).
- A13.32: an SMC riding along mounts as A13.31 says, the horse losing 25% more per MF it spent (all its
  riders go on with what the horse has left); the riders of one counter move together; ``unload HORSE``
  dismounts them all. On a squad's counter's casualty each SMC on it rolls a dr for the HS counter it was
  on (1-3 the one kept, 4-6 the one lost: it bails out with the HS, A13.511); a counter removed unseats all.
  A13.51: a rider broken is off the horse; the counter goes unless Good Order riders are left, when it
  becomes the counter their size needs and passes to one of them (so does a holder's elimination).
- A13.32/A13.33: the rider's IPC is the infantry's (portage.py); an SMC rider lends none of it; cavalry
  recovers no SW (A4.44 refused here). The horse itself carries no SW (A13.7).
- A13.34: the horse's basic MF are 12.
- A13.35: no entry into a Location of Known enemy units unless all are unarmed (A20.54), disrupted (A19.12)
  or concealed (A12.15), or by a Charge; no Infantry Overrun (A4.15 is infantry's).
- A13.36: Gallop (``as gallop`` on a move) raises the allowance to 20 MF when declared at the start of the
  MPh, by 4 (to 16) once the unit has moved; CX goes on the horse. Not while either is CX, not from a hex
  of marsh, deep stream or water; while galloping no bypass, no woods except along a road, no marsh,
  rocky, graveyard, stream or water hex, no change of more than one level.
- A13.4: mounted FP is halved (mounted fire) except in CC; no SW fires from horseback but a MOL and a
  thrown DC (cavfire.py: the DC's +1 from horseback, no placement, no Assault or Spraying Fire).
- A13.5: -2 on the IFT DR against cavalry, in place of FFMO/FFNAM, without the shellhole's infantry TEM or
  a wall's or hedge's TEM (fire.py);
  no Assault Movement for cavalry or units that dismounted this Player Turn.
- A13.51/A13.52: a cavalry unit that breaks is off its horse at once, the horse gone (fled or killed); no
  PTC, pin, LLMC, LLTC or Heat of Battle for cavalry. A rider eliminated leaves his horse unpossessed (no
  A9.74 dr).
- A13.351: Infantry's TPBF at cavalry by the non-phasing side in the MPh is FPF, so Area Fire (cavfire.py).
- A13.511: every attack at a Location with horses reads them on the IFT's vehicle line, Random Selection
  naming the counters hit where it hits fewer than there are (horsehit.py).
- A13.6/A13.61: a Charge (``as charge`` on a move): its target a Location of Known enemy units, at least 3
  hexes away and in LOS where the move starts, entered at a gallop for 3 MF more; once the Defensive First
  Fire is over, the charging units still mounted there attack it at once by TPBF (not halved); they may
  then stay, dismount or go on; a Prep Fire counter at the end of the MPh. The attack may use a MOL where
  the side has them (A13.4, A22.611: the MOL check asked before the DR, mol.py). After its attack a further
  Charge in the MPh is declared only as the new target is entered (A13.6): no new 3-hex or LOS test
  (``charged_before``), the 3 MF more still paid.
- A13.7: a unit on foot leads the horses it possesses at no extra MF, but not into terrain cavalry may not
  enter (except by bypass); only an unbroken unit leads them, up to three times its own size in horses;
  they never move in the APh.

The Cavalry Wave (A13.62) is cavwave.py's, on hw.py's Human Wave.

A squad's counter split as its mounted squad deploys, counters recombined with their HS or combined while
led, and an SMC riding along dismounting alone are horsesplit.py's (A13.31, A13.32); the Charge offered on
the page is cavcharge.py's (A13.6).

Not built: anti-OVR fire by gun crews (A13.351, chapter C; see cavfire.py).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import mphsw
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.terrain_view import CostFn, table_for
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import Cost
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

HORSE = "horse"  # a SW-format counter's ``sw`` value (A13.1)
MOUNTED = "mounted"  # the rider's marker: cavalry (A13.1)
DISMOUNTED = "dismounted"  # dismounted this Player Turn: no Assault Movement (A13.5)
GALLOP = "gallop"  # the move mode (A13.36)
CHARGE = "charge"  # the move mode: a Charge, with a gallop (A13.6)
CHARGING = "cav_charge"  # the rider's marker: it declared a Charge this MPh (A13.6, A13.61)
CHARGE_MF = 3  # A13.6: paid with the entry into the target Location
GALLOPING = "hgallop"  # the horse's marker: galloping this MPh (A13.36)
GALLOP_MID = "gallop_mid"  # the horse's marker: the gallop was declared after the rider moved (A13.36)
USED = "horse_used"  # the horse moved or was dismounted this MPh: no mounting it again (A13.31)
LOST = "horse_lost"  # horse_lost<halves>: MF of its allowance lost to its rider's mounting (A13.31)
RODE = "rode_from"  # rode_from<halves>: the horse's MF left when its rider mounted this MPh (A13.31)
RIDES = "rides:"  # rides:<horse id>: an SMC riding along on a horse counter another unit holds (A13.32)
INF = "inf_spent"  # inf_spent<halves>: the rider's basic MF spent this MPh before riding, mount included

BASE_MF = 12  # A13.34
GALLOP_START_MF = 20  # A13.36: +8, declared at the start of the MPh
GALLOP_MID_MF = 16  # A13.36: +4, declared during it
RIDER_MF = 4  # A13.31: mounting and dismounting come out of the basic 4 MF of A4.11
MOUNT_MF = 1  # A13.31
IFT_DRM = -2  # A13.5
SIZE_FOR = {3: ("squad",), 2: ("hs", "crew"), 1: ("leader", "hero")}  # A13.32
SMC_ROOM = {3: None, 2: 4, 1: 2}  # A13.32: the SMC a counter carries (with its MMC): any, 4, 2
TEXT_MF: Mapping[str, int] = {"open": 1}  # A13.6 example: the charging HS enters K5 for 1 MF (Open Ground)
NO_GALLOP_FROM = ("marsh", "deep-stream", "water")  # A13.36
NO_GALLOP_INTO = ("woods", "marsh", "rocky", "graveyard", "stream", "deep-stream", "water")  # A13.36


# --- who is what ---


def is_horse(unit: UnitState | None) -> bool:
    return unit is not None and unit.type == au.SW and unit.values.get("sw") == HORSE


def horses(horse: UnitState) -> int:
    return int(horse.values.get("horses", 1) or 1)


def horse_of(state: State, unit: UnitState) -> UnitState | None:
    """The horse the unit rides (the first it possesses, by id; an SMC riding along on another's counter:
    its ``RIDES`` marker, A13.32), or None."""
    own = next((sw for sw in au.possessed(state, unit.id) if is_horse(sw)), None)
    if own is None and mounted(unit):
        along = next((m[len(RIDES):] for m in unit.markers if m.startswith(RIDES)), None)
        got = state.units.get(along) if along is not None else None
        return got if is_horse(got) else None
    return own


def counter_of(position: Position, size: int) -> CounterType | None:
    """The scenario's horse counter of ``size`` horses (A13.32), the first by name, or None."""
    return next((c for _, c in sorted(position.scenario.counters.items())
                 if c.values.get("sw") == HORSE and c.values.get("horses") == size), None)


def new_id(state: State, horse_id: str) -> str:
    """A new horse counter's id: ``HORSE.2`` (``HORSE.3``... if taken)."""
    n = 2
    while f"{horse_id}.{n}" in state.units:
        n += 1
    return f"{horse_id}.{n}"


def _own_size(unit: UnitState) -> int:
    return next((n for n, kinds in SIZE_FOR.items() if unit.type in kinds), 1)


def along(state: State, horse: UnitState) -> list[UnitState]:
    """A13.32: the SMC riding along on the horse counter besides the unit that holds it, by id."""
    mark = f"{RIDES}{horse.id}"
    return sorted((u for u in state.units.values() if u.has(mark) and mounted(u)), key=lambda u: u.id)


def riders_of(state: State, horse: UnitState) -> list[UnitState]:
    """Everyone on the horse counter: its holder, if mounted, then those riding along (A13.32)."""
    holder = state.units.get(horse.carrier or "")
    return ([holder] if holder is not None and mounted(holder) else []) + along(state, horse)


def room(state: State, horse: UnitState, unit: UnitState) -> bool:
    """A13.32: may the SMC ride along? 3 horses: a squad-equivalent and any number of SMC; 2: a HS-equivalent
    and up to 4 SMC; 1: one or two SMC."""
    if unit.type not in au.SMC:
        return False
    smc = sum(1 for u in riders_of(state, horse) if u.type in au.SMC) + 1
    most = SMC_ROOM.get(max(1, min(3, horses(horse))))
    return most is None or smc <= most


def mounted(unit: UnitState) -> bool:
    return unit.has(MOUNTED)


def group_mounted(units: Sequence[UnitState]) -> bool:
    return any(mounted(u) for u in units if u.type != au.SW)


def check_counter(values: Mapping[str, object]) -> str | None:
    """A13.32: a horse counter shows 1, 2 or 3 horses."""
    if values.get("sw") == HORSE and values.get("horses") not in (1, 2, 3):
        return "a horse counter needs horses 1, 2 or 3 (A13.32)"
    return None


def _number(unit: UnitState, prefix: str) -> int | None:
    for m in unit.markers:
        if m.startswith(prefix) and m[len(prefix):].isdigit():
            return int(m[len(prefix):])
    return None


def _halves(unit: UnitState, prefix: str) -> Fraction:
    return Fraction(_number(unit, prefix) or 0, 2)


def _set(unit: UnitState, prefix: str, value: Cost) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith(prefix))
    return unit.mark(remove=old).mark(f"{prefix}{max(0, int(Fraction(value) * 2))}")


def allowance(horse: UnitState) -> int:
    """A13.34, A13.36: 12 MF; 20 galloping from the start of the MPh, 16 from a gallop declared in it."""
    if horse.has(GALLOPING):
        return GALLOP_MID_MF if horse.has(GALLOP_MID) else GALLOP_START_MF
    return BASE_MF


# --- mounting and dismounting (A13.31) ---


def _rider_of(position: Position, horse: UnitState) -> UnitState | None:
    return position.units.get(horse.carrier or "")


def _in_own_mph(position: Position, unit: UnitState) -> None:
    if unit.side != position.phasing or position.phase.id != "MPh":
        raise IllegalAction(T("horses are mounted and dismounted only in the rider's own MPh, never in the "
                              "APh (A13.31)"), "A13.31")


def _infantry_spent(game: AslGame, unit: UnitState) -> Fraction:
    """The basic MF the unit spent on foot this MPh before mounting (A13.31), out of its 4."""
    left = mphsw.mf_left(unit)
    if left is None:
        return Fraction(0)
    return max(Fraction(0), Fraction(game.mf(unit)) - left)


def check_mount(game: AslGame, position: Position, load: act.Load) -> act.Load:
    """A13.31, A13.32: a Good Order unit of the horse counter's size mounts it in its Location, in its MPh,
    for 1 of its basic 4 MF, if the horse has MF left after the loss that costs it."""
    horse = position.units[load.carrier]
    if len(load.units) != 1 or load.units[0] not in position.units:
        raise IllegalAction(T("one unit mounts one horse counter"), "A13.32")
    unit = position.units[load.units[0]]
    _in_own_mph(position, unit)
    ridden = bool(riders_of(position.state, horse)) and horse.carrier != unit.id
    if horse.side != unit.side or horse.hex != unit.hex \
            or (horse.carrier not in (None, unit.id) and not ridden):
        raise IllegalAction(T("{unit} may mount only a friendly horse counter in its own Location that no "
                              "other unit holds (A13.7)", unit=unit.id), "A13.7")
    if ridden and not room(position.state, horse, unit):
        raise IllegalAction(T("{horse} ({n} horses) has no room for {unit}: besides its unit it carries SMC "
                              "only, any number on 3 horses, 4 on 2, 2 on 1 (A13.32)", horse=horse.id,
                              n=horses(horse), unit=unit.id), "A13.32")
    if mounted(unit) or horse_of(position.state, unit) not in (None, horse):
        raise IllegalAction(T("{unit} already has a horse", unit=unit.id), "A13.1")
    if unit.has("broken") or unit.has("pinned") or unit.carrier or unit.type not in au.SMC | au.MMC:
        raise IllegalAction(T("{unit} may not mount now: broken, pinned or aboard", unit=unit.id), "A13.31")
    if horse.has(USED):
        raise IllegalAction(T("{horse} moved or was dismounted this MPh: no mounting it again in it",
                              horse=horse.id), "A13.31")
    if not ridden and _own_size(unit) > horses(horse):
        raise IllegalAction(T("{horse} ({n} horses) is too small for {unit} (A13.32)", horse=horse.id,
                              n=horses(horse), unit=unit.id), "A13.32")
    if not ridden and _own_size(unit) < horses(horse) and counter_of(position, _own_size(unit)) is None:
        raise IllegalAction(T("{horse} ({n} horses) is too large for {unit}: it splits off a counter of "
                              "{size} as it mounts, and this scenario has none (A13.32)", horse=horse.id,
                              n=horses(horse), unit=unit.id, size=_own_size(unit)), "A13.32")
    if unit.id in position.state.moved and not mphsw.may_go_on(unit) and mphsw.mf_left(unit) is None:
        raise IllegalAction(T("{unit} has finished its move this MPh", unit=unit.id), "A4.2")
    spent = _infantry_spent(game, unit) + MOUNT_MF
    if spent >= RIDER_MF:
        raise IllegalAction(T("{unit} has spent {mf} of its basic 4 MF: mounting now leaves its horse no MF "
                              "(A13.31)", unit=unit.id, mf=_fmt(spent - MOUNT_MF)), "A13.31")
    return load


def apply_mount(game: AslGame, position: Position, load: act.Load) -> State:
    """A13.31: the horse loses 25% of its allowance per MF the rider spent, the 1 MF to mount included; the
    rider goes on as cavalry with what is left (a move gone on with, mphsw.py's pause)."""
    state = position.state
    unit = state.units[load.units[0]]
    horse = state.units[load.carrier]
    others = [u for u in riders_of(state, horse) if u.id != unit.id]  # A13.32: riding along
    size = _own_size(unit)
    if not others and size < horses(horse):  # A13.32: a counter too large for it splits as it mounts
        state, horse = _split(position, state, horse, unit, size)
    spent = _infantry_spent(game, unit) + MOUNT_MF
    lost = _halves(horse, LOST) + Fraction(allowance(horse)) * spent / RIDER_MF
    horse = _set(horse, LOST, lost)
    horse = horse if others else dataclasses.replace(horse, carrier=unit.id)
    left = allowance(horse) - lost
    rider = _set(_set(unit.mark(MOUNTED, *((f"{RIDES}{horse.id}",) if others else ())), INF, spent),
                 RODE, left)
    rider = mphsw._with_left(rider, left).mark(mphsw.PAUSE)  # go on, on the horse
    state = state.with_unit(horse).with_unit(rider)
    for other in others:  # the horse has not moved (A13.31): its riders go on with what it has left
        other = mphsw._with_left(_set(other, RODE, left), left)
        state = state.with_unit(other.mark(mphsw.PAUSE))
    if unit.id not in state.moved:  # A4.2: mounting is part of its move
        state = state.replace(moved=(*state.moved, unit.id))
    return state


def _split(position: Position, state: State, horse: UnitState, unit: UnitState, size: int
           ) -> tuple[State, UnitState]:
    """A13.32: a HS or crew mounting a squad's counter splits it into two HS counters (the other left in the
    Location); an SMC mounting an unridden larger counter has an SMC counter of its own made from it (the
    larger one left where it is, unpossessed). Returns the state and the counter the unit mounts."""
    counter = counter_of(position, size)
    assert counter is not None  # check_mount
    if size == 1:
        own = dataclasses.replace(horse.as_counter(counter), id=new_id(state, horse.id), carrier=unit.id)
        return state.with_unit(dataclasses.replace(horse, carrier=None)).with_unit(own), own
    mine = horse.as_counter(counter)
    other = dataclasses.replace(mine, id=new_id(state, horse.id), carrier=None)
    return state.with_unit(mine).with_unit(other), mine


def part(position: Position, state: State, units: Sequence[UnitState]) -> State:
    """A13.32: a cavalry SMC riding along may make an SMC counter of its own at any time in the MPh to move
    apart: an SMC riding along that moves without the counter's holder, or stays as the holder moves off,
    gets one (the shared counter's MPh state copied: its MF, gallop and CX go with it)."""
    movers = {u.id for u in units}
    counter = counter_of(position, 1)
    for horse in {h.id: h for u in units if (h := horse_of(state, u)) is not None and mounted(u)}.values():
        holder_moves = horse.carrier in movers
        for smc in along(state, horse):
            if (smc.id in movers) == holder_moves or counter is None:
                continue
            own = dataclasses.replace(horse.as_counter(counter), id=new_id(state, horse.id), carrier=smc.id)
            state = state.with_unit(own).with_unit(smc.mark(remove=(f"{RIDES}{horse.id}",)))
    return state


def _ridden(unit: UnitState, horse: UnitState) -> Fraction:
    """The horse's MF spent while this rider rode it this MPh (A13.31)."""
    start = _halves(unit, RODE) if _number(unit, RODE) is not None else Fraction(allowance(horse))
    left = mphsw.mf_left(unit)
    return max(Fraction(0), start - (left if left is not None else start))


def _horse_left(unit: UnitState, horse: UnitState) -> Fraction:
    left = mphsw.mf_left(unit)
    if left is not None:
        return left
    return Fraction(allowance(horse)) - _halves(horse, LOST)


def dismount_cost(unit: UnitState, horse: UnitState) -> Fraction:
    """A13.31: the rider's basic MF used by the dismount: what he spent on foot and mounting this MPh, the
    dismount's 1 MF, and 1 per 25% of the horse's allowance (or part of it) spent while he rode."""
    quarter = Fraction(allowance(horse), 4)
    return _halves(unit, INF) + MOUNT_MF + math.ceil(_ridden(unit, horse) / quarter)


def check_dismount(position: Position, unload: act.Unload) -> act.Unload:
    """A13.31: ``unload HORSE`` dismounts everyone on the counter (A13.32), each paying his own MF."""
    horse = position.units[unload.carrier]
    everyone = riders_of(position.state, horse)
    if not everyone:
        raise IllegalAction(T("nobody rides {horse}", horse=horse.id), "A13.1")
    for unit in everyone:
        _in_own_mph(position, unit)
        if unit.id in position.state.moved and mphsw.mf_left(unit) is None:
            raise IllegalAction(T("{unit} has finished its move this MPh", unit=unit.id), "A4.2")
        used = dismount_cost(unit, horse)
        if used > RIDER_MF:
            raise IllegalAction(T("dismounting would take {mf} of {unit}'s basic 4 MF (A13.31)",
                                  mf=_fmt(used), unit=unit.id), "A13.31")
        if _horse_left(unit, horse) < Fraction(allowance(horse), 4):
            raise IllegalAction(T("{horse} has not the 25% of its allowance that dismounting costs it "
                                  "(A13.31)", horse=horse.id), "A13.31")
    return unload


def apply_dismount(position: Position, unload: act.Unload) -> State:
    """A13.1: infantry at once, beside its horse, which its holder now leads (A13.7); each rider goes on with
    the basic MF he has left (A13.31)."""
    state = position.state
    horse = state.units[unload.carrier]
    for unit in riders_of(state, horse):
        left = RIDER_MF - dismount_cost(unit, horse)
        old = tuple(m for m in unit.markers if m.startswith((INF, RODE, RIDES)))
        rider = unit.mark(remove=(MOUNTED, *old)).mark(DISMOUNTED)
        state = state.with_unit(mphsw._with_left(rider, left).mark(mphsw.PAUSE))
        if unit.id not in state.moved:
            state = state.replace(moved=(*state.moved, unit.id))
    return state.with_unit(state.units[horse.id].mark(USED))


def generate(game: AslGame, position: Position) -> Iterator[act.Action]:
    """Mounting and dismounting open now (A13.31), for the page's buttons."""
    if position.phase.id != "MPh":
        return
    for horse in sorted(position.units.values(), key=lambda u: u.id):
        if not is_horse(horse) or horse.side != position.phasing:
            continue
        rider = _rider_of(position, horse)
        if rider is not None and mounted(rider):
            candidates: list[act.Action] = [act.Unload(horse.id)]
            here = [u for u in position.units.values() if u.hex == horse.hex and u.side == horse.side
                    and u.type in au.SMC and not mounted(u)]  # A13.32: riding along
            candidates += [act.Load((u.id,), horse.id) for u in sorted(here, key=lambda u: u.id)]
        else:
            here = [u for u in position.units.values() if u.hex == horse.hex and u.side == horse.side
                    and u.type in au.SMC | au.MMC and _own_size(u) <= horses(horse)]  # A13.32: or split
            candidates = [act.Load((u.id,), horse.id) for u in sorted(here, key=lambda u: u.id)]
        for action in candidates:
            try:
                if isinstance(action, act.Load):
                    check_mount(game, position, action)
                else:
                    assert isinstance(action, act.Unload)
                    check_dismount(position, action)
            except IllegalAction:
                continue
            yield action


# --- moving (A13.3-A13.36, A13.7) ---


def budget(state: State, units: Sequence[UnitState], mode: str) -> Cost:
    """A13.34, A13.36: the horses' allowance less what mounting lost them, portage over the IPC (A13.33,
    A4.42), no leader bonus (A13.3); Double Time +2 (A13.3, A4.5); a gallop +8 at the start, +4 once moved;
    a move gone on with has the MF left of the last one (mphsw.py)."""
    people = [u for u in units if u.type != au.SW]
    out: list[Cost] = []
    for unit in people:
        horse = horse_of(state, unit) if mounted(unit) else None
        if horse is None:
            out.append(0)
            continue
        left = mphsw.mf_left(unit) if unit.has(mphsw.PAUSE) else None
        if left is not None:
            extra = GALLOP_MID_MF - BASE_MF if mode in (GALLOP, CHARGE) and not horse.has(GALLOPING) else 0
            out.append(left + extra)
            continue
        mf = GALLOP_START_MF if mode in (GALLOP, CHARGE) and not horse.has(GALLOPING) else allowance(horse)
        mf += 2 if mode == "cx" else 0
        out.append(mf - _halves(horse, LOST) - au.excess_pp(state, unit))
    total = min(out) if out else 0
    return int(total) if Fraction(total).denominator == 1 else Fraction(total)


def with_infantry(units: Sequence[UnitState]) -> bool:
    """A13.3: a stack of cavalry leaders and MMC on foot: the leaders give the infantry the leader's MF bonus
    of A4.12 (the stack moves as infantry, the game's group_budget and cost_fn)."""
    people = [u for u in units if u.type != au.SW]
    riders = [u for u in people if mounted(u)]
    return bool(riders) and len(riders) < len(people) and all(u.type == "leader" for u in riders) \
        and any(u.type in au.MMC for u in people if not mounted(u))


def check_with_infantry(position: Position, units: Sequence[UnitState], path: Sequence[Hex]) -> None:
    """A13.3 with A4.12: the cavalry leader moves with the infantry from the start of the MPh (none of the
    stack has moved in it) as one stack on the infantry's MF; his horse enters only what cavalry may enter
    (the game's cost_fn: leading_cost_fn) and spends its own MF by the cavalry column, within its
    allowance."""
    if not with_infantry(units):
        return
    state = position.state
    if any(u.id in state.moved for u in units if u.type != au.SW):
        raise IllegalAction(T("a cavalry leader gives the infantry his MF bonus only moving with it from the "
                              "start of the MPh (A13.3, A4.12)"), "A13.3")
    ride = cost_fn(position, False)
    spent: Cost = 0
    for a, b in itertools.pairwise(path):
        step = ride(position.map, a, b)
        if step is None:
            raise IllegalAction(T("cavalry may not enter {hex} (A13.3)", hex=position.label(b)), "A13.3")
        spent = spent + step
    for leader in (u for u in units if mounted(u)):
        have = budget(state, [leader], "")
        if spent > have:
            raise IllegalAction(T("{unit}'s horse has {mf} MF: the path costs it {cost} (A13.3, A13.34)",
                                  unit=leader.id, mf=_fmt(have), cost=_fmt(spent)), "A13.3")


def check_mode(position: Position, units: Sequence[UnitState], mode: str) -> None:
    """A13.3, A13.5, A13.36: how cavalry may move; riders and units on foot move as separate stacks, but for
    cavalry leaders moving with infantry as its leaders (A13.3, A4.12: ``with_infantry``)."""
    people = [u for u in units if u.type != au.SW]
    riders = [u for u in people if mounted(u)]
    if mode in (GALLOP, CHARGE) and not riders:
        raise IllegalAction(T("only cavalry gallops or charges (A13.36, A13.6)"), "A13.36")
    if with_infantry(units):
        if mode not in ("", "cx"):
            raise IllegalAction(T("a cavalry leader moving with infantry moves as it does: no {mode} (A13.3, "
                                  "A13.5)", mode=mode), "A13.3")
        return
    if not riders:
        for unit in people:  # A13.7: horse counters up to three times the leader's own size
            led = sum(horses(h) for h in au.possessed(position.state, unit.id) if is_horse(h))
            size = {"squad": 3, "hs": 2, "crew": 2}.get(unit.type, 1)
            if led > 3 * size:
                raise IllegalAction(T("{unit} leads {n} horses' worth of counters: at most {most} (A13.7)",
                                      unit=unit.id, n=led, most=3 * size), "A13.7")
        if mode == "assault" and any(u.has(DISMOUNTED) for u in people):
            raise IllegalAction(T("units that dismounted this Player Turn may not use Assault Movement "
                                  "(A13.5)"), "A13.5")
        return
    if len(riders) != len(people):
        raise IllegalAction(T("cavalry and units on foot move as separate stacks ({unit} is mounted)",
                              unit=riders[0].id), "A13.3")
    names = {u.id for u in people}
    for unit in riders:  # A13.32: one horse counter, one move
        horse = horse_of(position.state, unit)
        missing = [u for u in riders_of(position.state, horse) if u.id not in names] if horse else []
        if missing and counter_of(position, 1) is None:  # those riding along (SMC) part on their own (part)
            raise IllegalAction(T("{units} ride {horse} too: its riders move together, unless SMC riding "
                                  "along part with an SMC counter of their own, which this scenario lacks "
                                  "(A13.32)", units=", ".join(u.id for u in missing),
                                  horse=horse.id if horse is not None else ""), "A13.32")
    if mode == "assault":
        raise IllegalAction(T("cavalry may not use Assault Movement (A13.5)"), "A13.5")
    if mode in ("dash", "exit") or mode.startswith(("recover", "scrounge", "exit+")):
        raise IllegalAction(T("cavalry may not use {mode} here (A13.33: no SW recovery; hexmate: no Dash "
                              "mounted)", mode=mode), "A13.33")
    if mode in (GALLOP, CHARGE) or mode.partition(":")[0] == "bypass":
        for unit in riders:
            horse = horse_of(position.state, unit)
            if mode not in (GALLOP, CHARGE):
                if horse is not None and horse.has(GALLOPING):
                    raise IllegalAction(T("galloping cavalry may not bypass (A13.36)"), "A13.36")
                continue
            if horse is None or horse.has(GALLOPING):
                continue  # already galloping: goes on
            if horse.has("cx") or unit.has("cx"):
                raise IllegalAction(T("{unit} or its horse is CX: no gallop (A13.36)", unit=unit.id),
                                    "A13.36")
            if unit.hex is not None and position.map.terrain(unit.hex) in NO_GALLOP_FROM:
                raise IllegalAction(T("no gallop from {hex} (A13.36)", hex=position.label(unit.hex)),
                                    "A13.36")


def galloping(state: State, units: Sequence[UnitState], mode: str = "") -> bool:
    if mode in (GALLOP, CHARGE):  # A13.6: a Charge gallops
        return True
    return any((h := horse_of(state, u)) is not None and h.has(GALLOPING) for u in units if mounted(u))


def cost_fn(position: Position, gallop: bool) -> CostFn:
    """A13.3: MF for cavalry to enter b from a, None where it may not. The text's costs (TEXT_MF), else the
    scenario's ``options.cavalry_mf`` (the Terrain Chart's cavalry column, chapter B); A4.133: one level up
    doubles the cost; A13.36: a gallop's prohibitions."""
    table = table_for("asl", None).table
    given: Mapping[str, object] = position.scenario.options.get("cavalry_mf") or {}
    priced_sides = {n for n, e in table.hexside.items() if e.move is not None}

    def _given(name: str) -> Cost | None:
        raw = given.get(name, TEXT_MF.get(name))
        if raw is None:
            return None
        return Fraction(str(raw)) if isinstance(raw, str) else int(str(raw))

    def cost(m: HexMap, a: Hex, b: Hex) -> Cost | None:
        if a == b:
            return 0
        terrain = table.canonical(m.terrain(b))
        sides = m.hexside(a, b)
        if gallop:
            woods_road = terrain == "woods" and "road" in sides
            if (terrain in NO_GALLOP_INTO and not woods_road) or abs(m.level(b) - m.level(a)) > 1:
                return None  # A13.36
        step = _given(terrain)
        if step is None and "road" in sides and terrain != "open":
            step = _given("road")
        if step is None:
            return None
        if m.level(b) > m.level(a):
            step = step * 2  # A4.133: cavalry too
        for feature in sides:
            if feature == "road":
                continue
            extra = _given(feature)
            if extra is None and feature in priced_sides:
                return None  # a hexside cost of the chart's cavalry column, not given
            step = step + (extra or 0)
        return step

    return cost


def leading_cost_fn(position: Position, base: CostFn) -> CostFn:
    """A13.7: leading horses costs no MF more, but not into terrain cavalry may not enter."""
    cavalry = cost_fn(position, False)

    def cost(m: HexMap, a: Hex, b: Hex) -> Cost | None:
        if cavalry(m, a, b) is None:
            return None
        return base(m, a, b)

    return cost


def leads(state: State, units: Sequence[UnitState]) -> bool:
    return any(horse_of(state, u) is not None and not mounted(u) for u in units if u.type != au.SW)


def begin_move(state: State, units: Sequence[UnitState], mode: str) -> State:
    """A13.31: the horse, ridden or led, has moved this MPh; A13.36: a gallop marks it CX (and galloping);
    A13.3: Double Time marks rider and horse CX."""
    for unit in units:
        for led in au.possessed(state, unit.id) if not mounted(unit) else ():
            if is_horse(led):  # A13.31: a horse led has moved too
                state = state.with_unit(led.mark(USED))
        horse = horse_of(state, unit) if mounted(unit) else None
        if horse is None:
            continue
        marks = [USED]
        if mode == CHARGE:  # A13.6: declared with the move; A13.61: marked for the rest of the MPh
            state = state.with_unit(state.units[unit.id].mark(CHARGING))
            unit = state.units[unit.id]
        if mode in (GALLOP, CHARGE) and not horse.has(GALLOPING):
            marks += [GALLOPING, "cx"] + ([GALLOP_MID] if unit.has(mphsw.PAUSE) else [])
            if unit.has(mphsw.PAUSE):  # A13.36: +4 on the MF left of its move
                left = mphsw.mf_left(unit) or Fraction(0)
                rider = mphsw._with_left(unit, left + 4)
                if _number(rider, RODE) is not None:  # the MF ridden are counted from the new allowance
                    rider = _set(rider, RODE, _halves(rider, RODE) + 4)
                state = state.with_unit(rider)
        if mode == "cx":
            marks.append("cx")
        state = state.with_unit(state.units[horse.id].mark(*marks))
    return state


# --- the Charge (A13.6, A13.61) ---


def charging(units: Sequence[UnitState]) -> bool:
    people = [u for u in units if u.type != au.SW]
    return bool(people) and all(mounted(u) and u.has(CHARGING) for u in people)


def charged_before(position: Position, units: Sequence[UnitState]) -> bool:
    """A13.6: every mounted unit of the stack has already made a Charge this MPh (its ``CHARGING`` marker,
    its move over, so its attack resolved): a further Charge in the MPh need not be declared until the new
    target is entered, so the declaration's tests (3 hexes away, LOS) are not made again; the gallop and the
    3 MF more still are."""
    people = [u for u in units if u.type != au.SW]
    return bool(people) and all(mounted(u) and u.has(CHARGING) and u.id in position.state.moved
                                and position.state.moving is None for u in people)


def check_charge(position: Position, units: Sequence[UnitState], path: Sequence[Hex]) -> None:
    """A13.6: the target (the path's last hex) is a Location of Known enemy units, in LOS of the cavalry and
    at least 3 hexes from it as it declares (where its move starts), entered at a gallop (cavalry.cost_fn)
    for 3 MF more."""
    from hexmate.rules.games.asl import terrain as asl_terrain

    start, target = path[0], path[-1]
    side = units[0].side
    if not any(u.side != side and u.type != au.SW and not u.concealed for u in position.units_at(target)):
        raise IllegalAction(T("a Charge is at a Location of Known enemy units: {hex} holds none",
                              hex=position.label(target)), "A13.6")
    if charged_before(position, units):
        return  # A13.6: a further Charge in the MPh is declared only as it enters its new target
    if distance(start, target) < 3:
        raise IllegalAction(T("a Charge is declared 3 or more hexes from its target ({n} here)",
                              n=distance(start, target)), "A13.6")
    if asl_terrain.line_of_sight(position, start, target).blocked:
        raise IllegalAction(T("no LOS to {hex}: no Charge at it (A13.6)", hex=position.label(target)),
                            "A13.6")


def after_charge(game: AslGame, position: Position, state: State, movers: Sequence[str],
                 target: Hex) -> State:
    """A13.6: once every Defensive First Fire at it is over, the charging cavalry still mounted and Good
    Order in the target attacks it at once by TPBF (its FP not halved, A13.4), all that charged together in
    one attack, with a MOL where the side has them (A13.6, A13.4, A22.611: the MOL check asked before the
    attack's DR, mol.offer); A13.61: it may then stay, dismount, or move on with the MF it has left."""
    from hexmate.rules.games.asl import mol

    riders = [state.units[u] for u in movers if u in state.units and state.units[u].hex == target
              and mounted(state.units[u]) and state.units[u].has(CHARGING)
              and not state.units[u].has("broken") and not state.units[u].has("pinned")]
    if not riders:
        return state
    for unit in riders:  # A13.61: it may go on with its MF left
        if mphsw.mf_left(unit) is not None:
            state = state.with_unit(unit.mark(mphsw.PAUSE))
    if not any(u.side != riders[0].side and u.type != au.SW and not u.concealed
               for u in position.at(state).units_at(target)):
        return state
    ids = tuple(u.id for u in riders)
    prompt = T("{units} charged into {hex}: roll the IFT DR of their TPBF attack (A13.6)",
               units=", ".join(ids), hex=position.label(target))
    state = state.push(Decision("roll", riders[0].side, prompt, "A13.6", "ift", dice="DR", subject=ids,
                                target=target))
    return mol.offer(game, position.at(state), act.Fire(ids, target), state)  # A13.6: TPBF/MOL


def may_enter(here: Sequence[UnitState], side: str) -> bool:
    """A13.35: cavalry enters a Location of enemy units only if all of them are unarmed (A20.5), disrupted
    (A19.12) or concealed (A12.15); a Charge enters its target (game.cost_fn)."""
    enemies = [u for u in here if u.side != side and u.type != au.SW]
    return all(u.concealed or u.has("disrupted") or au.is_unarmed(u) for u in enemies)


def check_advance(state: State, units: Sequence[UnitState]) -> None:
    """A13.7: horses never move in the APh, ridden or led (nor does cavalry mount or dismount, A13.31)."""
    for unit in units:
        horse = horse_of(state, unit)
        if horse is not None:
            raise IllegalAction(T("{unit} has {horse}: horses do not move in the APh (drop it first, A13.7)",
                                  unit=unit.id, horse=horse.id) if not mounted(unit) else
                                T("{unit} is mounted: horses do not move in the APh (A13.7)", unit=unit.id),
                                "A13.7")


def check_transfer(position: Position, transfer: act.Transfer) -> None:
    """A13.31: a ridden horse leaves its rider only by a dismount (``unload HORSE``), never dropped or passed
    on; A13.7: a horse carries no SW."""
    horse = position.units.get(transfer.item)
    rider = position.units.get(horse.carrier or "") if horse is not None and is_horse(horse) else None
    if rider is not None and mounted(rider):
        raise IllegalAction(T("{unit} rides {horse}: dismount first (unload {horse}, A13.31)", unit=rider.id,
                              horse=horse.id if horse is not None else ""), "A13.31")
    if is_horse(position.units.get(transfer.to)):
        raise IllegalAction(T("a horse carries no SW (A13.7)"), "A13.7")


def may_overrun(units: Sequence[UnitState]) -> bool:
    """A4.15 is an infantry Overrun; cavalry enters enemy Locations only as A13.35 says."""
    return not group_mounted(units)


def mph_over(state: State) -> State:
    """A13.31, A13.36: a horse's MPh marks go with the MPh (its CX stays, A4.51)."""
    for unit in list(state.units.values()):
        if is_horse(unit):
            old = tuple(m for m in unit.markers if m.startswith(LOST))
            state = state.with_unit(unit.mark(remove=(USED, GALLOPING, GALLOP_MID, *old)))
            continue
        if unit.has(CHARGING):  # A13.61: no attack nor action in the AFPh: a Prep Fire counter
            unit = unit.mark("prep_fire", remove=(CHARGING,))
            state = state.with_unit(unit)
        if any(m.startswith((INF, RODE)) for m in unit.markers):
            old = tuple(m for m in unit.markers if m.startswith((INF, RODE)))
            state = state.with_unit(unit.mark(remove=old))
    return state


# --- fire and its effects (A13.4, A13.5, A13.51, A13.52) ---


def why_not_fire(position: Position, unit: UnitState) -> tuple[T, str] | None:
    """A13.4: a horse is no weapon; a mounted unit uses no SW but a DC it throws (A23.6, cavfire.py)."""
    if is_horse(unit):
        return T("{sw} is a horse counter, not a weapon", sw=unit.id), "A13.7"
    holder = position.units.get(unit.carrier or "") if unit.type == au.SW else None
    if holder is not None and mounted(holder) and unit.values.get("sw") != "dc":  # A13.4: a DC is thrown
        return T("{unit} is mounted: cavalry uses no SW (A13.4)", unit=holder.id), "A13.4"
    return None


def halvings(unit: UnitState) -> list[tuple[T, str]]:
    """A13.4: cavalry's FP is halved as mounted fire, except in CC and in its Charge's attack (A13.6)."""
    if unit.type == au.SW or not mounted(unit) or unit.has(CHARGING):
        return []
    return [(T("cavalry: mounted fire"), "A13.4")]


def among(targets: Sequence[UnitState]) -> list[UnitState]:
    """A13.5: the cavalry among the targets: -2 on the IFT DR, no FFMO/FFNAM, no infantry-only TEM."""
    return [u for u in targets if u.type != au.SW and mounted(u)]


def _size_for(rest: Sequence[UnitState]) -> int:
    """A13.51, A13.32: the horses a counter needs for these riders: the MMC's own size, else 1 for one or
    two SMC, 2 for up to four, 3 beyond."""
    mmc = [u for u in rest if u.type in au.MMC]
    if mmc:
        return 3 if mmc[0].type == "squad" else 2
    return 1 if len(rest) <= 2 else 2 if len(rest) <= 4 else 3


def _resized(position: Position | None, horse: UnitState, size: int) -> UnitState:
    """The horse counter of ``size`` horses, the scenario's (A13.51); kept as it is if it has none."""
    counter = counter_of(position, size) if position is not None and size < horses(horse) else None
    return horse if counter is None else horse.as_counter(counter)


def _pass_on(state: State, horse: UnitState, rest: Sequence[UnitState]) -> State:
    """The counter passes to the first unit left on it (an MMC first), which now holds it (A13.32)."""
    holder = next((u for u in rest if u.type in au.MMC), rest[0])
    state = state.with_unit(state.units[holder.id].mark(remove=(f"{RIDES}{horse.id}",)))
    return state.with_unit(dataclasses.replace(state.units[horse.id], carrier=holder.id))


def settle(state: State, position: Position | None = None) -> State:
    """A13.51: a cavalry unit that broke is off its horse at once; the horse counter leaves play (fled or
    killed), unless Good Order riders are left on it: it then becomes the counter their size needs
    (``position``'s scenario counters) and passes to one of them. A13.7: only an unbroken unit leads
    horses: a broken one leaves those it led where they are."""
    for led in [u for u in state.units.values() if is_horse(u) and u.carrier]:
        holder = state.units.get(led.carrier or "")
        if holder is not None and holder.has("broken") and not mounted(holder):
            state = state.with_unit(dataclasses.replace(led, carrier=None))
    for uid in [u.id for u in state.units.values() if mounted(u)]:
        unit = state.units[uid]
        ridden = horse_of(state, unit)
        if unit.has("broken"):
            rest = [u for u in riders_of(state, ridden) if u.id != uid and not u.has("broken")] \
                if ridden is not None else []
            marks = tuple(m for m in unit.markers if m.startswith(RIDES))
            state = state.with_unit(unit.mark(remove=(MOUNTED, *marks)))
            if ridden is None:
                continue
            if not rest:
                state = state.without_unit(ridden.id)
                continue
            state = state.with_unit(_resized(position, state.units[ridden.id], _size_for(rest)))
            if ridden.carrier == uid:
                state = _pass_on(state, ridden, rest)
        elif ridden is None:  # its horse gone: on foot, riding along on nothing (A13.32)
            marks = tuple(m for m in unit.markers if m.startswith(RIDES))
            state = state.with_unit(unit.mark(remove=(MOUNTED, *marks)))
    return state


def after_kia(before: State, state: State) -> State:
    """A horse is no SW that breaks down with its possessor (A9.74): the horse of a rider eliminated is left
    unpossessed, no dr asked, or passes to a unit still riding it (A13.32)."""
    for uid, unit in before.units.items():
        horse = horse_of(before, unit) if uid not in state.units else None
        if horse is None or horse.id not in state.units or horse.carrier != uid:
            continue
        pending = [d for d in state.decisions if d.then == "sw_kia" and d.subject == (horse.id,)]
        state = state.replace(decisions=tuple(d for d in state.decisions if d not in pending))
        rest = along(state, state.units[horse.id])
        if rest:
            state = _pass_on(state, horse, rest)
            continue
        state = state.with_unit(dataclasses.replace(state.units[horse.id], carrier=None))
    return state


def _fmt(x: Cost) -> str:
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


__all__ = [
    "BASE_MF",
    "CHARGE",
    "CHARGE_MF",
    "CHARGING",
    "DISMOUNTED",
    "GALLOP",
    "GALLOPING",
    "HORSE",
    "IFT_DRM",
    "MOUNTED",
    "after_charge",
    "after_kia",
    "allowance",
    "along",
    "among",
    "apply_dismount",
    "apply_mount",
    "begin_move",
    "budget",
    "charged_before",
    "charging",
    "check_advance",
    "check_charge",
    "check_counter",
    "check_dismount",
    "check_mode",
    "check_mount",
    "check_transfer",
    "check_with_infantry",
    "cost_fn",
    "counter_of",
    "dismount_cost",
    "galloping",
    "generate",
    "group_mounted",
    "halvings",
    "horse_of",
    "horses",
    "is_horse",
    "leading_cost_fn",
    "leads",
    "may_enter",
    "may_overrun",
    "mounted",
    "mph_over",
    "new_id",
    "part",
    "riders_of",
    "room",
    "settle",
    "why_not_fire",
    "with_infantry",
]
