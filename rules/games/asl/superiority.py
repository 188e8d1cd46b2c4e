"""ASL Battlefield Integrity's cases B and D (A16.2): Armor Superiority and air support.

A16.2: an Integrity Check DR is +1 when the enemy has Armor Superiority or air support (+2 with both, case B)
and -1 when the checking side has it (-2 with both, case D); A16.3's regain attempts take case D too (only the
negative DRMs count there).

Armor Superiority (A16.2, paraphrased): a side has it when one of its AFVs that is Known, mobile and
functioning would be killed only on a Final TK# of 4 or less by the opponent's best on-board AFV or Gun,
firing its normal AP or HE from 12 hexes at the same elevation at that AFV's weakest Target Facing AF, with no
Critical Hit. Both must really be on the map: nothing off board (``hex`` None, A2.51, and a HIP unit not yet
placed) and nothing Recalled (D5.341) counts.

- The To Kill numbers are chapter C's, not among the texts: they come from the ordnance chart pack the module
  already uses (``ordnance.load_pack``; hexmate's own is labelled demo values). A vehicle's gun is its MA's
  calibre and length (``75L``), as vfire.py reads it; HE counts when the pack has ``to_kill_he`` rows (the
  demo pack has none: AP alone). Only an MA of kind ``gun`` fires AP or HE; an MG, FT, MTR or ATR MA does not.
- Guns are chapter C's too and the vehicle catalogue holds none. A Gun counter (type ``gun``) of a scenario
  that uses Battlefield Integrity names its To Kill class in its ``to_kill`` value (a row of the pack),
  checked on load with every vehicle gun's row (``check``).
- Known: not concealed, not hidden (A12). Mobile: D.7 (``vehicles.is_mobile``: not bogged, mired,
  immobilized, abandoned, shocked, stunned, its crew not broken). Functioning: its MA neither malfunctioned
  nor disabled (D3.7). The weakest AF is the least of its hull's front, side and rear and, with a turret
  (any MA mount but NT), its turret's; an unarmored aspect (a partially armored AFV's rear, D1.22) is 0.
- The opposing weapons: the other side's on-board AFVs with a gun MA not disabled for good (D3.7) and its
  on-board Guns (a wreck is no AFV). With none of them on the map, nothing of theirs can kill the AFV with
  AP or HE at all: the AFV has Armor Superiority (the text names no exception for that case).

Air support is chapter E's (not among the texts): a scenario gives it to a side as an SSR flag,
``options.air_support``: ``{"ger": true}``, checked on load (``air_sides``). The A16.3 regain attempt that air
support's arrival brings is not built: the flag has no arrival.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl.vehicles import VehicleType, is_mobile, vehicle_of
from hexmate.rules.games.base import State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.scenario import Scenario

RANGE = 12  # A16.2: the opposing weapon fires from 12 hexes, at the same elevation
MOST = 4  # A16.2: a Final TK# of 4 or less
AIR = "air_support"  # the scenario option: the sides with air support (chapter E, by SSR)
GUN = "gun"  # a Gun counter's type (chapter C)


@dataclass(frozen=True)
class Superiority:
    """Why a side has Armor Superiority: its AFV, the opposing AFV or Gun that does best against it (None: no
    AFV or Gun opposes it on the map), that one's To Kill class and its Final TK# at 12 hexes against the
    AFV's weakest AF."""

    afv: str
    weapon: str | None
    gun: str
    tk: int


def air_sides(scenario: Scenario) -> frozenset[str]:
    """The sides the scenario gives air support (``options.air_support``, each a side id -> true/false); a
    DataError naming the scenario file and the key for anything else."""
    raw = scenario.options.get(AIR, {})
    if not isinstance(raw, Mapping):
        raise DataError(f"{scenario.source}: options.{AIR} must map side ids to true or false (A16.2: air "
                        f"support, chapter E, by SSR), got {raw!r}")
    ids = sorted(s.id for s in scenario.sides)
    for side, flag in raw.items():
        if side not in ids:
            raise DataError(f"{scenario.source}: options.{AIR}.{side}: not a side of the scenario {ids}")
        if not isinstance(flag, bool):
            raise DataError(f"{scenario.source}: options.{AIR}.{side} must be true or false (A16.2), got "
                            f"{flag!r}")
    return frozenset(side for side, flag in raw.items() if flag)


def gun_class(vt: VehicleType) -> str | None:
    """The To Kill class of a vehicle's gun MA (``75L``, as vfire.py reads it); None for any other MA."""
    if vt.ma is None or vt.ma.kind != "gun":
        return None
    return f"{vt.ma.calibre}{vt.ma.length}"


def check(scenario: Scenario, pack: od.OrdnancePack | None = None) -> None:
    """On load: ``options.air_support``; and, when a side uses Battlefield Integrity, a To Kill row in the
    pack for every vehicle gun and every Gun counter of the scenario (A16.2's Armor Superiority reads
    them)."""
    air_sides(scenario)
    if not scenario.options.get("integrity"):
        return
    pack = pack or od.load_pack()
    for name, counter in sorted(scenario.counters.items()):
        if counter.type == armour.VEHICLE:
            gun = gun_class(vehicle_of(counter.values))
        elif counter.type == GUN:
            got = counter.values.get("to_kill")
            if not isinstance(got, str) or not got:
                raise DataError(f"{scenario.source}: counter {name!r}: a Gun names its To Kill class in "
                                "'to_kill' (a row of the ordnance pack): Guns are chapter C's and the "
                                "vehicle catalogue has none; Armor Superiority needs it (A16.2)")
            gun = got
        else:
            continue
        if gun is not None and gun not in pack.to_kill:
            raise DataError(f"{scenario.source}: counter {name!r}: the ordnance pack {pack.source} has no To "
                            f"Kill row for {gun!r}; Armor Superiority needs it (A16.2)")


def weakest_af(vt: VehicleType) -> int:
    """A16.2: the AFV's weakest Target Facing AF, hull or turret/superstructure: D1.6 gives every AFV both
    (an NT one's upper AF are its superstructure's, D1.33, D1.63; D1.22's "T" star leaves the superstructure
    rear of an NT Marder III(t) H unarmored); an unarmored aspect is 0."""
    aspects = ("front", "side", "rear")
    return min(vt.af(where, aspect) or 0 for where in ("hull", "turret") for aspect in aspects)


def basic_tk(pack: od.OrdnancePack, gun: str) -> int:
    """A16.2: the better basic TK# of the gun's normal AP and HE at 12 hexes."""
    ap = pack.basic_tk(gun, RANGE)
    he = pack.basic_tk_he(gun, RANGE)
    return ap if he is None else max(ap, he)


def weapons(state: State, side: str) -> list[tuple[str, str]]:
    """A16.2: the on-board AFVs and Guns opposing ``side``, as (unit id, To Kill class): a gun MA not
    disabled for good (D3.7), no wreck; Guns with their ``to_kill`` class. (The text bars a Recalled AFV
    from giving Armor Superiority, not from opposing it.)"""
    out: list[tuple[str, str]] = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.side == side or u.hex is None:
            continue
        if u.type == GUN and isinstance(u.values.get("to_kill"), str):
            out.append((u.id, str(u.values["to_kill"])))
        elif armour.is_vehicle(u) and not u.has("wreck") and not u.has("disabled"):
            vt = vehicle_of(u.values)
            gun = gun_class(vt)
            if vt.armored and gun is not None:
                out.append((u.id, gun))
    return out


def candidate(unit: UnitState, side: str) -> bool:
    """A16.2: the side's Known, mobile, functioning AFV really on the map (not off board nor Recalled)."""
    return (unit.side == side and armour.is_vehicle(unit) and unit.hex is not None and not unit.concealed
            and not unit.has("hip") and not unit.has("recalled") and not unit.has("wreck")
            and is_mobile(unit.markers) and not unit.has("ma_malf") and vehicle_of(unit.values).armored)


def armour_superiority(state: State, side: str, pack: od.OrdnancePack | None = None) -> Superiority | None:
    """A16.2: the side's first AFV (by id) that has Armor Superiority, with the opposing weapon that does best
    against it and its Final TK#; None when it has none."""
    pack = pack or od.load_pack()
    against = [(uid, gun, basic_tk(pack, gun)) for uid, gun in weapons(state, side)]
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if not candidate(u, side):
            continue
        if not against:
            return Superiority(u.id, None, "", 0)
        af = weakest_af(vehicle_of(u.values))
        best, gun, tk = max(((uid, gun, od.final_tk(basic, af)) for uid, gun, basic in against),
                            key=lambda w: w[2])
        if tk <= MOST:
            return Superiority(u.id, best, gun, tk)
    return None


def cases(state: State, side: str, enemies: tuple[str, ...], air: frozenset[str],
          pack: od.OrdnancePack | None = None) -> tuple[list[tuple[T, int, str]], list[tuple[T, int, str]]]:
    """A16.2 cases B and D for ``side``'s check, as (why, DRM, rule) lines: case B +1 each for the enemy's
    Armor Superiority and air support, case D -1 each for its own."""
    theirs = next((got for e in enemies if (got := armour_superiority(state, e, pack)) is not None), None)
    their_air = any(e in air for e in enemies)
    ours = armour_superiority(state, side, pack)
    our_air = side in air
    case_b = [(T("enemy {what} (case B)", what=_what(theirs, their_air)),
               int(theirs is not None) + int(their_air), "A16.2")] if theirs is not None or their_air else []
    case_d = [(T("friendly {what} (case D)", what=_what(ours, our_air)),
               -int(ours is not None) - int(our_air), "A16.2")] if ours is not None or our_air else []
    return case_b, case_d


def _what(sup: Superiority | None, air: bool) -> T:
    if sup is None:
        return T("air support")
    if sup.weapon is None:
        why = T("no AFV or Gun opposes it on the map")
    else:
        why = T("the best opposing weapon, {weapon}'s {gun}, has a Final TK# of {tk} at 12 hexes",
                weapon=sup.weapon, gun=sup.gun, tk=sup.tk)
    if air:
        return T("Armor Superiority of {afv} ({why}) and air support", afv=sup.afv, why=why)
    return T("Armor Superiority of {afv} ({why})", afv=sup.afv, why=why)
