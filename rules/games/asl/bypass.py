"""ASL Bypass (A4.3-A4.34): moving round the edge of a building or woods hex without entering its obstacle.

A move declared ``as bypass`` bypasses every building or woods hex strictly inside its path (the last hex is
entered normally: a unit may not end its move while bypassing, A4.32). Round a bypassed hex O the unit goes
from the hex it came from, along O's hexsides, to the hex it leaves by; the route is stored as a chain of O's
neighbours ``(came from, hexsides gone along..., leaves to)``. Each consecutive pair of the chain names a
vertex of O the unit passed (A4.34: one hexside gives two vertices, two hexsides three). The route taken is
the shortest one whose hexsides are not blocked; one or two hexsides cost the hex's other terrain (Open
Ground: 1 MF, 2 MF if O is a level higher than the hex the unit came from, A4.133), three or four cost
twice that (A4.31).

Not modelled: the cost of a wall or hedge on the hexside between the hex the unit comes from and O (the
unit goes from that hexside's end along O's sides, so none is charged); a building-in-woods hex, whose other
terrain is woods (A4.31's 2I9); SMOKE and mines in O; Bypass across a crest line (A4.34); a unit entering O's
obstacle after bypassing it in the same move.

Leaving the map by bypass (A2.6): a move ``as exit+bypass`` (``exit+bypass:N`` to name the side, as above)
bypasses the obstacles inside its path as ``bypass`` does, and its last hex, a map-edge building or woods hex,
too: round it from the hex before along on-map hexsides to the first vertex on the map's edge (one whose
third hex is off the map), the chain ending on that off-map hex (``edge_route``); the unit leaves from there,
paying the Bypass cost and 1 MF more (``EXIT_MF``; A2.6's example: X1 round X0 to the vertex X0-W1-W0 for
1 MF, then 1 MF off the map).

Data: the map marks a hexside that O's obstacle artwork (or a wall or hedge touching it) touches with the
hexside feature ``bypass-blocked`` (A4.31: where it is unclear, the hexside is blocked); a hexside between two
woods hexes is blocked too (the woods artwork runs across it). Water obstacles and cliffs block as well.

The LOS to a bypassing unit (A4.34) is ``sight``: from the firer's hex centre to each vertex passed, a plain
geometric trace (hexes whose interior it crosses, hexsides it crosses). It is the swappable part: the A6 model
of rules/games/asl/los.py may replace it without touching the callers (``sight`` returns a ``BypassSight``).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import DIRECTIONS, Hex, center, pixel_to_hex
from hexmate.rules.maps import HexMap
from hexmate.rules.terrain import TerrainTable
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

OBSTACLES = frozenset({"woods", "wooden-building", "stone-building"})  # A4.3: only buildings and woods
BLOCKED_SIDES = frozenset({"bypass-blocked", "river", "stream", "cliff"})  # A4.3, A4.31
BARRED_FEATURES = frozenset({"fire", "burning", "rubble", "wire"})  # A4.3
MARKER = "bypass"
EXIT_MODE = "exit+bypass"  # A2.6: off the map by bypassing the path's last hex, an edge hex
EXIT_MF = 1  # A2.6: the MF/MP a bypassing unit pays beyond the Bypass cost to leave the map


@dataclass(frozen=True)
class Route:
    """How a unit goes round the obstacle of ``hex``: ``chain`` = (came from, sides gone along, leaves to)."""

    hex: Hex
    chain: tuple[Hex, ...]

    @property
    def sides(self) -> tuple[Hex, ...]:
        return self.chain[1:-1]

    @property
    def multiplier(self) -> int:
        return 1 if len(self.sides) <= 2 else 2  # A4.31: two more hexsides double the Bypass cost

    def vertices(self) -> tuple[tuple[Hex, Hex], ...]:
        """The vertices of ``hex`` on the hexsides gone along, each named by its two other hexes (A4.34)."""
        return tuple(zip(self.chain[:-1], self.chain[1:], strict=True))

    def text(self, m: HexMap) -> str:
        o = m.label(self.hex)
        return ", ".join(f"{o}-{_label(m, s)}" for s in self.sides)


def _label(m: HexMap, h: Hex) -> str:
    return m.label(h) if h in m.hexes else str(h)


def ring(o: Hex) -> tuple[Hex, ...]:
    """O's six neighbours in order round it (on the map or not: vertices exist at the edge)."""
    return tuple(o + d for d in DIRECTIONS)


def side_blocked(m: HexMap, o: Hex, n: Hex) -> bool:
    """May a unit not go along the hexside O-n? (A4.3, A4.31)"""
    if n in m.hexes and m.hexside(o, n) & BLOCKED_SIDES:
        return True
    return n in m.hexes and m.terrain(n) == "woods" and m.terrain(o) == "woods"


def route(m: HexMap, came: Hex, o: Hex, leaves: Hex, along: frozenset[Hex] = frozenset()) -> Route | None:
    """The shortest unblocked way round O from ``came`` to ``leaves`` (both next to O), or None. ``along``:
    hexes across hexsides of O the player declared the route follows (A4.34: which side of the obstacle)."""
    around = ring(o)
    i, j = around.index(came), around.index(leaves)
    best: Route | None = None
    for step in (1, -1):
        k = (j - i) * step % 6
        sides = tuple(around[(i + step * t) % 6] for t in range(1, k))
        if not sides or len(sides) > 4 or any(side_blocked(m, o, s) for s in sides):
            continue
        if not (along & set(around)) <= set(sides):
            continue
        if best is None or len(sides) < len(best.sides):
            best = Route(o, (came, *sides, leaves))
    return best


def why_not(position: Position, units: list[UnitState], o: Hex) -> T | None:
    """Why these units may not bypass O at all (A4.3), or None."""
    m = position.map
    if m.features(o) & BARRED_FEATURES:
        return T("{hex} holds fire, rubble or Wire and may not be bypassed (A4.3)", hex=m.label(o))
    side = units[0].side
    if any(u.side != side and not u.concealed and u.type != "dummy" for u in position.units_at(o)):
        return T("{hex} holds a known armed enemy unit and may not be bypassed (A4.3)", hex=m.label(o))
    for unit in units:
        if unit.has("broken"):
            return T("{unit} is broken and may not bypass (A4.3)", unit=unit.id)
    return None


def declared(position: Position, mode: str) -> frozenset[Hex] | None:
    """The hexes named by a mode ``bypass`` or ``bypass:C4,C5`` (the hexsides the route goes along, A4.34;
    ``exit+bypass`` likewise, A2.6), or None when the mode is not a bypass."""
    word, _, names = mode.partition(":")
    if word not in ("bypass", EXIT_MODE):
        return None
    try:
        return frozenset(position.map.parse_label(n) for n in names.split(",") if n)
    except ValueError:
        raise IllegalAction(T("{mode}: name hexes next to the bypassed hex, as in bypass:C4", mode=mode),
                            "A4.34") from None


def exits(mode: str) -> bool:
    """Is ``mode`` a bypass off the map edge (``exit+bypass``, A2.6)?"""
    return mode.partition(":")[0] == EXIT_MODE


def edge_route(m: HexMap, came: Hex, o: Hex, along: frozenset[Hex] = frozenset()) -> Route | None:
    """A2.6: the shortest unblocked way round the edge hex O from ``came`` along its on-map hexsides to a
    vertex on the map's edge, the chain ending on the off-map hex at that vertex; None if there is none."""
    best: Route | None = None
    for off in ring(o):
        if off in m.hexes:
            continue
        found = route(m, came, o, off, along)
        if found is None or any(s not in m.hexes for s in found.sides):
            continue
        if best is None or len(found.sides) < len(best.sides):
            best = found
    return best


def plan(position: Position, units: list[UnitState], path: tuple[Hex, ...],
         along: frozenset[Hex] = frozenset(), exit: bool = False) -> tuple[Route, ...]:
    """The route round every hex bypassed by a move ``as bypass`` along ``path``; IllegalAction if one is not
    allowed (A4.3, A4.31). ``along``: the hexsides declared (``declared``). With ``exit`` (A2.6) the last
    hex, on the map's edge, is bypassed too, to the edge (``edge_route``)."""
    m = position.map
    routes = []
    if exit:
        routes.append(_to_edge(position, units, path, along))
    for a, o, b in zip(path, path[1:], path[2:], strict=False):
        if m.terrain(o) not in OBSTACLES:
            continue
        why = why_not(position, units, o)
        if why is not None:
            raise IllegalAction(why, "A4.3")
        if a == b or o in (a, b):
            raise IllegalAction(T("a bypass goes round {hex} from one neighbour to another", hex=m.label(o)),
                                "A4.31")
        found = route(m, a, o, b, along)
        if found is None:
            raise IllegalAction(
                T("no way round {hex} from {a} to {b} along at most four unblocked hexsides", hex=m.label(o),
                  a=m.label(a), b=m.label(b)), "A4.31")
        routes.append(found)
    if exit:
        routes.append(routes.pop(0))  # the edge hex's route last, in path order
    if not routes:
        raise IllegalAction(T("a bypass names a building or woods hex inside the path, not at its end"),
                            "A4.32")
    return tuple(routes)


def _to_edge(position: Position, units: list[UnitState], path: tuple[Hex, ...],
             along: frozenset[Hex]) -> Route:
    """A2.6: the way round the path's last hex, an edge building or woods hex, off the map."""
    m = position.map
    o = path[-1]
    if len(path) < 2 or m.terrain(o) not in OBSTACLES:
        raise IllegalAction(T("a bypass off the map ends on a building or woods hex on the map's edge, "
                              "entered from the hex before it (A2.6, A4.3)"), "A2.6")
    why = why_not(position, units, o)
    if why is not None:
        raise IllegalAction(why, "A4.3")
    found = edge_route(m, path[-2], o, along)
    if found is None:
        raise IllegalAction(T("no way round {hex} from {a} to the map's edge along at most four unblocked "
                              "hexsides", hex=m.label(o), a=m.label(path[-2])), "A2.6")
    return found


def cost(position: Position, came: Hex, r: Route) -> int | Fraction:
    """MF to bypass O (A4.31): its other terrain (Open Ground), x2 a level up (A4.133), x2 past 2 sides."""
    table = table_for("asl", None).table
    move = table.entry("open").move
    base = Fraction(str(move.value)) if move is not None else Fraction(1)
    if position.map.level(r.hex) > position.map.level(came):
        base *= 2
    out = base * r.multiplier
    return int(out) if out.denominator == 1 else out


# --- state: who is bypassing what (AslState.bypass holds (unit, hex, chain)) ---

def current(position: Position, unit: UnitState) -> Route | None:
    """The route of a unit bypassing the hex it stands in now (moving, or stopped there: A4.32, A4.33)."""
    from hexmate.rules.games.asl.game import AslGame

    if not unit.has(MARKER) or unit.hex is None:
        return None
    for uid, o, chain in AslGame.gstate(position.state).bypass:
        if uid == unit.id and o == unit.hex:
            return Route(o, chain)
    return None


def at(position: Position, target: Hex) -> Route | None:
    """The route of the units now bypassing ``target``, if any unit there is."""
    for unit in position.units_at(target):
        r = current(position, unit)
        if r is not None:
            return r
    return None


def going_round(position: Position, units: tuple[str, ...], h: Hex) -> bool:
    """Are these movers bypassing ``h`` on the move under way (A12.151: no concealed unit found there)?"""
    from hexmate.rules.games.asl.game import AslGame

    return any(uid in units and o == h for uid, o, _ in AslGame.gstate(position.state).bypass)


def end_of_phase(game: AslGame, position: Position) -> State:
    """A4.33, A12.151: where a unit stopped while bypassing ends its MPh, every concealed enemy unit in that
    Location loses its "?" (a dummy goes; a HIP unit is placed there, Known)."""
    from hexmate.rules.games.asl import hip as asl_hip

    state = position.state
    for uid, o, _ in game.gstate(state).bypass:
        unit = state.units.get(uid)
        if unit is None or unit.hex != o:
            continue
        state = asl_hip.reveal(game, state, asl_hip.at(game, position.at(state), o, unit.side), False)
        for enemy in [u for u in position.at(state).units_at(o) if u.side != unit.side and u.concealed]:
            gone = enemy.type == "dummy"
            state = state.without_unit(enemy.id) if gone else state.with_unit(enemy.revealed())
    return state


def status(position: Position) -> list[str]:
    """A line for each unit bypassing now, with the hexsides it went along (A4.3, A4.34); every page reads
    these lines, so a concealed unit is not named."""
    out: list[str] = []
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        r = current(position, unit)
        if r is not None and not unit.concealed:
            out.append(T("{unit} is bypassing {hex} along {sides} (A4.3)", unit=unit.id,
                         hex=position.label(r.hex), sides=r.text(position.map)))
    return out


Entry = tuple[str, Hex, tuple[Hex, ...]]


def begin(state: State, units: tuple[str, ...], routes: tuple[Route, ...]) -> tuple[State, tuple[Entry, ...]]:
    """Mark the movers as bypassing and return the new (unit, hex, chain) entries."""
    entries = tuple((uid, r.hex, r.chain) for uid in units for r in routes)
    for uid in units:
        state = state.with_unit(state.units[uid].mark(MARKER))
    return state, entries


def end(position: Position) -> State:
    """The move is over: a unit that stopped in a hex it was bypassing (pinned, broken: A4.32, A4.33) stays in
    its non-obstacle part until its MPh ends; every other mover is done bypassing."""
    from hexmate.rules.games.asl.game import AslGame

    state = position.state
    moving = state.moving
    assert moving is not None
    gs = AslGame.gstate(state)
    stopped_in = moving.here if moving.stopped else None
    keep = tuple(e for e in gs.bypass if e[0] not in moving.units or e[1] == stopped_in)
    for uid in moving.units:
        unit = state.units.get(uid)
        if unit is not None and unit.has(MARKER) and not any(e[0] == uid for e in keep):
            state = state.with_unit(unit.mark(remove=(MARKER,)))
    return state.replace(game=gs.replace(bypass=keep))


# --- LOS to a bypassing unit (A4.34) ---

@dataclass(frozen=True)
class BypassSight:
    """What a firer sees of a unit bypassing O: ``seen`` (some vertex passed, or the centre through a bypassed
    hexside); ``tem`` of a wall or hedge of O crossed on the way (its name in ``cover``); ``ffmo``: the sight
    is clear of any TEM or hindrance, so FFMO applies in Open Ground (A4.34, A4.6); ``reason`` when unseen."""

    seen: bool
    tem: int = 0
    cover: str = ""
    ffmo: bool = False
    reason: str = ""


def _vertex(o: Hex, a: Hex, b: Hex) -> tuple[float, float]:
    pts = [center(o), center(a), center(b)]
    return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)


def _trace(start: Hex, end: tuple[float, float], nudge: float) -> list[Hex]:
    """Hexes whose interior the segment from ``start``'s centre to the point ``end`` passes, in order (end
    itself excluded: a vertex belongs to no hex). ``nudge`` shifts the segment sideways by a hair, so that a
    line running exactly along a hexside (a hexspine) is read once on each side of it."""
    x0, y0 = center(start)
    dx, dy = end[0] - x0, end[1] - y0
    length = math.hypot(dx, dy)
    ox, oy = -dy / length * nudge, dx / length * nudge
    n = max(8, int(length * 64))
    out: list[Hex] = []
    for k in range(n):  # stop short of the vertex itself
        t = k / n
        h = pixel_to_hex(x0 + dx * t + ox, y0 + dy * t + oy)
        if not out or out[-1] != h:
            out.append(h)
    return out


def _side_tem(table: TerrainTable, m: HexMap, a: Hex, b: Hex) -> tuple[int, str] | None:
    """The TEM and name of a wall or hedge (a hexside obstacle with a TEM) between a and b, if any."""
    best: tuple[int, str] | None = None
    for f in sorted(m.hexside(a, b)) if a in m.hexes and b in m.hexes else ():
        e = table.hexside.get(f)
        if e is None or e.obstacle is None or e.tem is None:
            continue
        if best is None or int(e.tem.value) > best[0]:
            best = (int(e.tem.value), f)
    return best


def _one(position: Position, firer: Hex, r: Route, a: Hex, b: Hex, nudge: float) -> BypassSight:
    return point_view(position, firer, r.hex, _vertex(r.hex, a, b), (a, b), nudge)


def point_view(position: Position, firer: Hex, own: Hex, point: tuple[float, float], beside: tuple[Hex, ...],
               nudge: float = 1e-6) -> BypassSight:
    """The view from ``firer``'s centre to a ``point`` on the edge of the hex ``own`` (a vertex, or where a
    road crosses a hexside): blocked by any obstacle hex whose interior the line crosses (``own``'s too), by a
    wall or hedge on the way that is not a side of the firer's hex; a wall of ``own`` crossed, or between
    ``own`` and one of the hexes ``beside`` the point that the line arrives from, gives its TEM (A4.34)."""
    m = position.map
    table = table_for("asl", None).table
    hexes = _trace(firer, point, nudge)
    top = max(m.level(firer), m.level(own))
    hindered = False
    tem, cover = 0, ""
    for prev, h in itertools.pairwise(hexes):
        wall = _side_tem(table, m, prev, h)
        if wall is None:
            continue
        if own in (prev, h):  # A4.34: a wall or hedge of O crossed gives its TEM, not a block
            if wall[0] > tem:
                tem, cover = wall
        elif firer not in (prev, h):
            return BypassSight(False, reason=T("a {feature} on the way", feature=wall[1]))
    # A4.34: the unit is on O's side of a wall of O that reaches the vertex; a line arriving from the hex
    # across that wall crosses it
    last = hexes[-1]
    for n in beside:
        wall = _side_tem(table, m, own, n)
        if last == n and wall is not None and wall[0] > tem:
            tem, cover = wall
    for h in hexes[1:]:
        if h not in m.hexes:
            continue
        entry = table.entry(m.terrain(h))
        if entry.obstacle is not None and m.level(h) + 1 > min(m.level(firer), m.level(own)):
            return BypassSight(False, reason=T("{hex} ({terrain}) is in the way", hex=m.label(h),
                                                  terrain=m.terrain(h)))
        if m.level(h) > top:
            return BypassSight(False, reason=T("higher ground at {hex}", hex=m.label(h)))
        if entry.hindrance is not None:
            hindered = True
    return BypassSight(True, tem, cover, ffmo=not tem and not hindered)


def _better(one: BypassSight, best: BypassSight | None) -> bool:
    """Of two clear views the firer takes the one with less TEM, then the one that keeps FFMO."""
    return best is None or (one.tem, not one.ffmo) < (best.tem, not best.ffmo)


def sight(position: Position, firer: Hex, r: Route) -> BypassSight:
    """A4.34: the firer may trace to any vertex on the bypassed hexsides and takes the best view (least TEM,
    then FFMO). A line along a hexspine is read on both of its sides; a wall there gives its TEM (B9.3, as the
    A4.34 example applies it). ``reason`` names what blocks the last vertex tried when none is seen."""
    best: BypassSight | None = None
    last = BypassSight(False, reason=T("no vertex of the bypassed hexsides is in view"))
    for a, b in r.vertices():
        sides = [_one(position, firer, r, a, b, nudge) for nudge in (1e-6, -1e-6)]
        seen = [v for v in sides if v.seen]
        if not seen:
            last = sides[0]
            continue
        one = max(seen, key=lambda v: (v.tem, not v.ffmo))  # along a wall's hexspine: the wall counts
        if _better(one, best):
            best = one
    return best if best is not None else last
