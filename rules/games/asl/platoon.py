"""ASL platoons of AFVs (D14.2-D14.31): their arithmetic, and the platoons of a scenario in play.

In play (the functions after ``PLATOON``): a scenario puts AFVs in a platoon with the marker
``platoon:<name>`` (D14.2: formed at set-up), or the phasing player forms one at the start of the MPh
(``move AFV,AFV[,AFV] HEX as platoon``, D14.2; not on leaving a Column, E11.252, chapter E); the
game checks 2 or 3 AFVs of one side (D14.2). A member belongs while it is on the map, not destroyed,
immobilized, abandoned or recalled (D14.22: a bogged or stunned one stays), and while it meets D14.21 with a
mate (same or adjacent hex, LOS ignoring SMOKE, all mates in the same stopped/Motion status); a platoon that
fails D14.21 at a phase's end is broken up (D14.22: at the MPh's end, or at once in another phase). Its Motion
dr adds the number of its AFVs (D14.211, vmotion). Impulse movement itself (D14.21, D14.3-D14.31) is
impulse.py's; a member moves alone only by leaving its platoon, with D14.23's NTC (radioless.py), which takes
its marker off (D14.22: non-platoon movement chosen).

The arithmetic (impulse.py's accounting, tested on chapter D's D14
examples):

- The platoon's MP allowance is its slowest AFV's (the D14 example: 11 MP, the T-26S M37's).
- An impulse costs every AFV the most MP any of them spent in it, also an AFV that did nothing (D14.31).
- An impulse that would take the running total past the allowance cannot be made: the MPh ends (D14.31).
- At each impulse's end every AFV is in or next to a hex of another, with LOS, all in the same stopped /
  Motion / forward-reverse status (D14.21).
- A platoon's Motion attempt adds the number of its AFVs to the dr (D14.211); a lone radioless AFV adds 1
  (D14.23).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import los as asl_los
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.armour import REV_MOTION, is_vehicle, vtype
from hexmate.rules.games.asl.vehicles import is_mobile
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T


def allowance(mpas: Iterable[int]) -> int:
    """The platoon's MP allowance: its slowest AFV's (D14 example)."""
    return min(mpas)


def impulse_cost(spent: Mapping[str, Fraction | int]) -> Fraction:
    """D14.31: the impulse costs every AFV the most any one of them spent in it."""
    return max((Fraction(v) for v in spent.values()), default=Fraction(0))


@dataclass(frozen=True)
class PlatoonMove:
    """One MPh of a platoon: the allowance and the impulses made so far."""

    mpa: int
    spent: Fraction = Fraction(0)
    impulses: tuple[Fraction, ...] = ()

    def impulse(self, spent: Mapping[str, Fraction | int]) -> PlatoonMove:
        """Make one impulse (each AFV's MP in it); refused past the allowance (D14.31)."""
        cost = impulse_cost(spent)
        if self.spent + cost > self.mpa:
            raise IllegalAction(
                T(
                    "the platoon has spent {spent} of {mpa} MP: an impulse of {cost} MP would go past it",
                    spent=self.spent,
                    mpa=self.mpa,
                    cost=cost,
                ),
                "D14.31",
            )
        return PlatoonMove(self.mpa, self.spent + cost, (*self.impulses, cost))

    @property
    def over(self) -> bool:
        """No impulse of even 1 MP is left: the MPh ends (D14.31)."""
        return self.spent + 1 > self.mpa


def conforms(
    where: Mapping[str, Hex], status: Mapping[str, str], sees: Callable[[Hex, Hex], bool]
) -> list[str]:
    """D14.21 at an impulse's end: the AFVs that are not in or next to another's hex with LOS to it, or are
    not in the others' status (empty: the platoon conforms)."""
    out: list[str] = []
    statuses = set(status.values())
    for a, ha in sorted(where.items()):
        mate = any(b != a and distance(ha, hb) <= 1 and sees(ha, hb) for b, hb in where.items())
        if not mate or len(statuses) > 1:
            out.append(a)
    return out


def motion_drm(afvs: int, *, radioless_alone: bool = False) -> int:
    """D14.211: a platoon's one Motion dr adds the number of its AFVs; D14.23: a lone radioless AFV adds 1."""
    return afvs if afvs > 1 else (1 if radioless_alone else 0)


PLATOON = "platoon:"  # D14.2: ``platoon:<name>``, from the scenario
RECALLED = "recalled"  # D14.22 (vcrewhit.py sets it)


def name_of(unit: UnitState) -> str | None:
    """The platoon the scenario put this AFV in (D14.2), if it is still in one."""
    for m in unit.markers:
        if m.startswith(PLATOON) and len(m) > len(PLATOON):
            return m[len(PLATOON):]
    return None


GONE = ("wreck", "immobilized", "abandoned", RECALLED)  # D14.22 (abandoned: no crew left to move it, D5.41)


def _in_play(unit: UnitState) -> bool:
    """D14.22: a destroyed, Recalled or immobilized AFV is no longer part of its platoon. A bogged, mired,
    shocked or stunned one is immobile (D.7) but stays in it: D14.22 names only those three results (what its
    immobility does to the platoon's impulses is impulse.py's, D14.31)."""
    return unit.hex is not None and is_vehicle(unit) and not any(unit.has(m) for m in GONE)


def roster(state: State, name: str, side: str) -> list[UnitState]:
    return sorted((u for u in state.units.values() if u.side == side and name_of(u) == name and _in_play(u)),
                  key=lambda u: u.id)


def _sees(position: Position, a: Hex, b: Hex) -> bool:
    """D14.21: LOS between the two AFVs, SMOKE (and NVR) ignored."""
    if a == b:
        return True
    la, lb = (asl_terrain.level_at(position, h) for h in (a, b))
    return not asl_los.location_los(position.map, asl_los.Location(a, la), asl_los.Location(b, lb)).blocked


def _status(unit: UnitState) -> str:
    """D14.21's status: stopped or not (in Motion, or started in platoon movement: impulse.py's ``imp_go``; a
    non-stopped AFV ends its MPh in Motion, D2.14)."""
    if unit.has("imp_rev") or (unit.has("motion") and unit.has(REV_MOTION)):
        return "reverse"  # D14.21: forward and reverse are different statuses; D2.24: Reverse Motion
    return "motion" if unit.has("motion") or unit.has("imp_go") else "stopped"


def mates(position: Position, unit: UnitState) -> list[UnitState]:
    """The AFVs this one is in a platoon with, when the platoon meets D14.21 now (empty: it is alone)."""
    name = name_of(unit)
    if name is None or not _in_play(unit):
        return []
    crew = roster(position.state, name, unit.side)
    if len(crew) < 2 or unit not in crew:
        return []  # D14.22: the last AFV of a platoon is alone
    where = {u.id: u.hex for u in crew if u.hex is not None}
    if conforms(where, {u.id: _status(u) for u in crew}, lambda a, b: _sees(position, a, b)):
        return []
    return [u for u in crew if u.id != unit.id]


def away_of(position: Position, name: str) -> list[tuple[str, Hex, str]]:
    """D14.212: the AFVs of this platoon that left the map in its impulses (impulse.py keeps them in the game
    state's ``imp_away``): id, the off-map hex each went into, its D14.21 status then."""
    gone = getattr(position.state.game, "imp_away", ())
    return [(uid, h, {"moving": "motion"}.get(st, st)) for uid, n, h, st in gone if n == name]


def in_platoon(position: Position, unit: UnitState) -> bool:
    """Is this AFV in a platoon meeting D14.21 now: with mates on the map (``mates``), or, its last mates
    gone off the map, in formation with them there (D14.212: LOS traced to and from the off-map hexes; the D14
    example's tank A, which must leave by the hex its mate left by or one next to it, else take an NTC)?"""
    if mates(position, unit):
        return True
    name = name_of(unit)
    gone = away_of(position, name) if name is not None and _in_play(unit) else []
    if not gone or unit.hex is None:
        return False
    where = {unit.id: unit.hex, **{uid: h for uid, h, _ in gone}}
    status = {unit.id: _status(unit), **{uid: st for uid, _, st in gone}}

    def sees(a: Hex, b: Hex) -> bool:
        return a not in position.map or b not in position.map or _sees(position, a, b)
    return len(roster(position.state, name or "", unit.side)) == 1 and not conforms(where, status, sees)


def leave(state: State, unit: UnitState) -> State:
    """D14.22: an AFV that chose non-platoon movement (D14.23) is no longer part of its platoon."""
    marks = tuple(m for m in unit.markers if m.startswith(PLATOON))
    return state.with_unit(unit.mark(remove=marks)) if marks else state


def broken_up(position: Position) -> State:
    """D14.22: a platoon that does not meet D14.21 at the end of its MPh, or loses it in another phase,
    stops platoon movement: its AFVs leave it (checked at each phase's end)."""
    state = position.state
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if name_of(unit) is not None and not in_platoon(position, unit):
            state = leave(state, state.units[unit.id])
    return state


def motion_platoon_drm(position: Position, unit: UnitState) -> int:
    """D14.211: a platoon's Motion dr adds the number of its AFVs (0 for an AFV not in a platoon)."""
    crew = mates(position, unit)
    return motion_drm(len(crew) + 1) if crew else 0


FORM = "platoon"  # D14.2: ``move AFV,AFV[,AFV] HEX as platoon`` at the start of the MPh


def is_form(position: Position, move: act.Move) -> bool:
    return move.mode == FORM and bool(move.units) and all(u in position.units for u in move.units)


def check_form(position: Position, move: act.Move) -> act.Move:
    """D14.2: 2 or 3 AFVs of the phasing side, in no platoon, form one at the start of their MPh (before
    anything of that side has moved) if they meet D14.21."""
    crew = [position.units[u] for u in move.units]
    first = crew[0]
    if not 2 <= len(crew) <= 3 or len(set(move.units)) != len(crew):
        raise IllegalAction(T("a platoon is 2 or 3 AFVs: move AFV,AFV[,AFV] HEX as platoon"), "D14.2")
    if move.path != (first.hex,):
        raise IllegalAction(T("name the first AFV's hex: move AFV,AFV[,AFV] HEX as platoon"), "D14.2")
    state = position.state
    if position.phase.id != "MPh" or state.moved or state.moving is not None:
        raise IllegalAction(T("a platoon forms at the start of its own MPh, before anything moves"), "D14.2")
    for u in crew:
        if (u.side != position.phasing or not _in_play(u) or not is_mobile(u.markers)
                or not vtype(u).armored):
            raise IllegalAction(T("{unit} is not a mobile AFV of the moving side on the map", unit=u.id),
                                "D14.2")
        if name_of(u) is not None:
            raise IllegalAction(T("{unit} is already in a platoon", unit=u.id), "D14.2")
        if any(m.startswith("spent") or m.startswith("ntc_") for m in u.markers):
            raise IllegalAction(T("{unit} has already acted this MPh", unit=u.id), "D14.2")
    where = {u.id: u.hex for u in crew if u.hex is not None}
    if conforms(where, {u.id: _status(u) for u in crew}, lambda a, b: _sees(position, a, b)):
        raise IllegalAction(T("{units} do not meet D14.21: each in or next to a mate's hex with LOS, all "
                              "stopped or all in Motion", units=", ".join(move.units)), "D14.21")
    return act.Move(move.units, move.path, None, FORM)


def form(position: Position, move: act.Move) -> State:
    """D14.2: the platoon is named after its first AFV."""
    state = position.state
    for uid in move.units:
        state = state.with_unit(state.units[uid].mark(PLATOON + move.units[0]))
    return state


def generate(position: Position) -> Iterator[act.Move]:
    """The platoons the phasing side may form now (D14.2)."""
    state = position.state
    if position.phase.id != "MPh" or state.decision is not None or state.moving is not None or state.moved:
        return
    afvs = [u for u in sorted(position.units.values(), key=lambda u: u.id)
            if u.side == position.phasing and _in_play(u) and is_mobile(u.markers) and vtype(u).armored
            and name_of(u) is None]
    for n in (2, 3):
        for crew in itertools.combinations(afvs, n):
            assert crew[0].hex is not None
            try:
                yield check_form(position, act.Move(tuple(u.id for u in crew), (crew[0].hex,), None, FORM))
            except IllegalAction:
                continue


def check_setup(state: State, where: str) -> None:
    """D14.2: a platoon is 2 or 3 AFVs of one side (radio-equipped ones may join, D14.24)."""
    names: dict[str, list[UnitState]] = {}
    for unit in state.units.values():
        name = name_of(unit)
        if name is not None:
            names.setdefault(name, []).append(unit)
    for name, crew in sorted(names.items()):
        ids = ", ".join(sorted(u.id for u in crew))
        bad = [u.id for u in crew if not is_vehicle(u) or not vtype(u).armored]
        if bad:
            raise DataError(f"{where}: platoon {name!r}: {', '.join(sorted(bad))} is not an AFV (D14.2)")
        if len({u.side for u in crew}) > 1:
            raise DataError(f"{where}: platoon {name!r} ({ids}) mixes sides (D14.2)")
        if not 2 <= len(crew) <= 3:
            raise DataError(f"{where}: platoon {name!r} ({ids}) has {len(crew)} AFV: a platoon is 2 or 3 "
                            "(D14.2)")


__all__ = [
    "FORM",
    "PLATOON",
    "PlatoonMove",
    "allowance",
    "away_of",
    "broken_up",
    "check_form",
    "check_setup",
    "conforms",
    "form",
    "generate",
    "impulse_cost",
    "in_platoon",
    "is_form",
    "leave",
    "mates",
    "motion_drm",
    "motion_platoon_drm",
    "name_of",
    "roster",
]
