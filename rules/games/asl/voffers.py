"""ASL D7.1, D7.14 and D3.1.2: the vehicle moves no lift and placement makes, offered among the legal actions.

A move typed ``as ovr:HEX`` (D7.14: the Overrun chosen hex by hex, overrun.py) or ``as tcaK@HEX`` (D3.1.2: the
turret turned with the MP that enters HEX, armour.py) is checked when typed; this module offers them, so the
page lists them (``listed``: a lift and a placement make only the plain move, and the table lights only that).
To keep the count of legal actions small, the variants are few per path the rules already offer
(armour.moves_for):

- D7.14: a path that enters two or more hexes it would overrun is offered once more for each proper part
  of them (each hex alone, and with three or more each pair and so on, in the path's order: ``as
  ovr:D5+ovr:F5``), the move overrunning those and passing the others without an OVR (``as through``,
  overrun.py's ``through_offers``, passes them all; the plain move overruns them all).
- D3.1.2: the turret turned with the MP that enters the path's last hex, toward each enemy unit in view
  there (the hexspine reached by the fewest turns whose arc holds it, facing.py), where it is not already in
  the TCA. Before the last hex a turn matters for the fire the vehicle meets there, a turret hit's aspect
  being the TCA's (D3.1.2): the turret turned with the MP entering the first hex of the path from which a
  Known enemy AFV or Gun is in LOS outside the TCA, toward it (one move per such enemy and path). Toward
  Known enemy infantry only where the turret has an unarmored aspect (D1.22): from the first hex of the
  path where they see that aspect and the turn would show them an armored one, since fire at an unarmored
  aspect exposes even a BU crew (D5.311). Before a turret armored all round a turn toward infantry is left
  typed: of their fire only an anti-tank SW's hit would take its aspect, and those are not built. Every
  other turn (at a later hex, two turns in one move, ``tcaK`` with the first MP) stays typed: offering
  each hex of each path toward every Known enemy in LOS would more than double the list.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, facing, overrun, radioless
from hexmate.rules.games.asl import los as asl_los
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.vehicles import VehicleType, tca_of
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex


def listed(move: act.Move) -> bool:
    """A move naming the hexes it overruns (D7.14) or a turret turn at a hex of its path (D3.1.2): listed on
    the page, since the lift and placement of the vehicle make only the plain move."""
    words = move.mode.split("+") if move.mode else []
    return any(w.startswith(f"{overrun.WORD}:") or (w.startswith("tca") and "@" in w) for w in words)


def _movers(position: Position) -> Iterator[UnitState]:
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if armour.is_vehicle(unit) and unit.side == position.phasing and unit.hex is not None \
                and not radioless.barred(position, unit):  # D14.23: not before its NTC
            yield unit


def _checked(position: Position, move: act.Move, word: str) -> act.Move | None:
    """The offered move with one more declaration word, or None where the rules refuse it."""
    mode = f"{move.mode}+{word}" if move.mode else word
    try:
        return armour.check_move(position, act.Move(move.units, move.path, None, mode))
    except IllegalAction:
        return None


def named_overruns(position: Position, unit: UnitState, moves: list[act.Move]) -> Iterator[act.Move]:
    """D7.14: each path entering two or more hexes it would overrun, once per such hex: ``as ovr:HEX``."""
    ovr_hexes = {u.hex for u in position.units.values() if u.side != unit.side and u.hex is not None
                 and overrun.overruns(position, unit, u.hex)}
    if len(ovr_hexes) < 2:
        return
    for move in moves:
        entered = [h for h in dict.fromkeys(move.path[1:]) if h in ovr_hexes]
        if len(entered) < 2:
            continue  # one such hex: the plain move overruns it, ``as through`` passes it
        for k in range(1, len(entered)):  # D7.14: each proper part of them, in the path's order
            for some in itertools.combinations(entered, k):
                words = "+".join(f"{overrun.WORD}:{position.label(h)}" for h in some)
                checked = _checked(position, move, words)
                if checked is not None:
                    yield checked


def _enemy_hexes(position: Position, side: str) -> list[Hex]:
    return sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None
                   and not u.concealed and u.type != "sw"}, key=lambda h: (h.q, h.r))


def _gun_hexes(position: Position, side: str) -> list[Hex]:
    """The hexes of Known enemy units that may hit the turret, whose aspect the TCA decides (D3.1.2): a
    vehicle with a main armament, or a Gun."""
    return sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None
                   and not u.concealed and (u.type == "gun" or (armour.is_vehicle(u) and armour.vtype(u).ma
                                                                is not None))}, key=lambda h: (h.q, h.r))


INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def _infantry_hexes(position: Position, side: str, vt: VehicleType) -> list[Hex]:
    """The hexes of Known enemy infantry, where the turret has an unarmored aspect (D1.22): small arms fired
    at it expose even a BU crew (D5.311), the turret's aspect being the TCA's (D3.1.2); none for a turret
    armored all round (a turn toward infantry is then left typed)."""
    if vt.af("turret", "rear") is not None:
        return []
    return sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None
                   and not u.concealed and u.type in INFANTRY}, key=lambda h: (h.q, h.r))


def _sees(position: Position, a: Hex, b: Hex) -> bool:
    """LOS between two hexes at their ground Locations (A6), SMOKE ignored: the offer's filter only."""
    if a == b:
        return True
    la, lb = (asl_terrain.level_at(position, h) for h in (a, b))
    return not asl_los.location_los(position.map, asl_los.Location(a, la), asl_los.Location(b, lb)).blocked


def _bared(vt: VehicleType, h: Hex, e: Hex, tca: int) -> bool:
    """D5.311, D3.1.2: fire from ``e`` at a turret in ``h`` with TCA ``tca`` meets an unarmored aspect that
    the turret turned toward ``e`` would not."""
    return (vt.af("turret", facing.aspect(h, tca, e)) is None
            and vt.af("turret", facing.aspect(h, facing.facing_to(h, e, tca), e)) is not None)


def turret_turns(position: Position, unit: UnitState, moves: list[act.Move]) -> Iterator[act.Move]:
    """D3.1.2: the TCA turned with the MP entering the path's last hex, toward each enemy unit in view from
    there not in the TCA now (one move per hexspine); and with the MP entering the first hex before the last
    from which a Known enemy AFV or Gun is in LOS outside the TCA now, or Known enemy infantry in LOS of an
    unarmored turret aspect (D5.311), toward it (one move per such enemy and turn)."""
    vt = armour.vtype(unit)
    if vt.ma is None or vt.ma.mount == "NT":
        return  # no turret to turn
    # D2.321, D2.33: a vehicle in bypass leaves it by its path's first hex; the turns along the path are made
    # out of it (a path that bypasses is not among the paths offered here: typed, armour._check_stops checks
    # its turns against the bypass's four TCA points)
    enemies = _enemy_hexes(position, unit.side)
    guns = _gun_hexes(position, unit.side)
    infantry = _infantry_hexes(position, unit.side, vt)
    now = tca_of(unit.markers, armour.facing_of(unit))
    seen: dict[tuple[Hex, Hex], bool] = {}

    def sees(a: Hex, b: Hex) -> bool:
        if (a, b) not in seen:
            seen[(a, b)] = _sees(position, a, b)
        return seen[(a, b)]

    for move in moves:
        end = move.path[-1]
        spines = sorted({facing.facing_to(end, e, now) for e in enemies
                         if e != end and not facing.in_arc(end, e, now)})
        for k in spines:
            checked = _checked(position, move, f"tca{k}@{position.label(end)}")
            if checked is not None:
                yield checked
        turns: dict[tuple[Hex, int], None] = {}
        for e in guns:  # each one at the first hex before the last where it matters
            h = next((h for h in move.path[1:-1]
                      if h != e and sees(h, e) and not facing.in_arc(h, e, now)), None)
            if h is not None:
                turns[(h, facing.facing_to(h, e, now))] = None
        for e in infantry:  # D5.311: at the first hex where it sees an unarmored turret aspect a turn covers
            h = next((h for h in move.path[1:-1] if h != e and _bared(vt, h, e, now) and sees(h, e)), None)
            if h is not None:
                turns[(h, facing.facing_to(h, e, now))] = None
        for h, k in turns:
            checked = _checked(position, move, f"tca{k}@{position.label(h)}")
            if checked is not None:
                yield checked


def offers(position: Position) -> Iterator[act.Move]:
    """The listed variants of every phasing vehicle's offered paths (module docstring): the named Overruns
    of every vehicle first, the fewer and the dearer choice, then the turret turns."""
    paths = [(unit, list(armour.moves_for(position, unit).values())) for unit in _movers(position)]
    for unit, moves in paths:
        yield from named_overruns(position, unit, moves)
    for unit, moves in paths:
        yield from turret_turns(position, unit, moves)


__all__ = ["listed", "named_overruns", "offers", "turret_turns"]
