"""ASL Vehicular Bypass Movement in play (D2.3-D2.38): a vehicle going round the obstacle of a woods or
building hex along its hexsides instead of entering it.

Where a bypassing vehicle is: in the bypassed hex P (``UnitState.hex``, D2.36: it is in P, at its CAFP),
straddling the hexside between P and its neighbour N (the marker ``byp<d>``, d the direction from P to N),
heading along that hexside (``UnitState.facing``: the vehicle's facing is the heading). The CAFP is the end
of the hexside it heads to; F, the third hex at the CAFP, is the hex its VCA is based on; B is the third hex
at the other end (D2.32).

Declared, then placed: a move ``as bypass`` bypasses every woods or building hex of its path after the first,
the last one included, where it then stands in Stationary Bypass (D2.34); ``as bypass:N`` names the hex
across the hexside the last hex is bypassed along (else the cheapest hexside is taken). The table is told to
set the counter astride that hexside, front toward the CAFP (``changes``). The cost of each bypassed hexside
is twice the hex's non-obstacle cost (the chart pack's open-ground vehicle cost) plus twice its other costs:
+4 for higher ground, +1 per vehicle or wreck already there (D2.3, D2.14). No bog check (D2.3).

How a vehicle gets into and out of bypass (D2.33, D2.22): forward along the hexside between its two VCA
hexes, or in reverse along the hexside between its two rear hexes; from bypass, forward into F, in reverse
into B, or on along another hexside of the CAFP after a 1-MP turn (it may bypass P again or the next hex),
never a turn in place: the move must go on from the point of change (a path may repeat the bypassed hex,
``V4-V4``, to go on round it). A move that starts in bypass and declares no bypass leaves by F or B.

Restrictions (D2.31, D2.3): only a woods or building hex, never rubble or a hex burning at ground level,
never along a hexside another vehicle or wreck is bypassing, nor one the obstacle artwork comes too close
to. The gap test of D2.3 is map data: a hex feature ``bypass-blocked:<side>`` (N, NE, SE, S, SW, NW) says
the hex's own artwork blocks bypass of it along that side; the hexside feature ``bypass-blocked`` (the one
infantry bypass uses) blocks both hexes along it; a hexside between two woods hexes is blocked (the woods
run across it). The hexside joined to a roadblock (D2.31) is the hexside feature ``roadblock`` on a hexside
of the same CAFP.

Fire (D2.32, D2.35, D2.38, D9.4): a bypassing AFV or wreck hinders only a LOS that touches its hexside
(``touches``); the aspect a shot hits is decided by the firer's hex (front: F and the wedge beyond it; rear:
B's; the rest side; a same-hex hull hit is Side); the bypassed obstacle gives no TEM; a bow (NT) main armament
fires only inside the bypass VCA; its turret has four TCA points, the sides being wider arcs, and pays Case A
by the points turned, +1 to or through a side, and even without a turn through a side arc at a target not
acquired (D2.321, ``turret_case_a``); LOS to and from it is traced to its CAFP, the hex's own obstacle
blocking a thread that crosses the hex's interior first (D2.37, ``sight``: the maps carry no artwork outline,
so the interior stands for it; range stays hex to hex). From a bypass position a vehicle may also go on in
reverse round its rear vertex along another hexside of it (1 MP for the turn, the bypass cost times its
reverse multiplier, D2.33, D2.21), which leaves that vertex as its new CAFP.

A hex of enemy units may be bypassed: infantry inside the woods or building obstacle are not overrun by a
vehicle bypassing there (D7.13), and no Overrun MP are paid; a hex of an enemy AFV may be bypassed through but
not stopped in (D2.6, checked by armour.py; its exceptions, among them two AFVs bypassing opposite sides, are
vstay.py's). Units getting on or off a bypassing vehicle do so in its hex, the bypassed hex (D2.36;
transport.py; D6.5: those unloaded go on from there with their MF left): fire at them would be traced to the
CAFP, but no Defensive Fire is offered at boarding units in this subset (D5.43), so nothing more is needed.
Not built: the D2.3 declaration made before the gap is checked
(the map data decides beforehand).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from hexmate.rules.decisions import Physical
from hexmate.rules.errors import IllegalAction, RulesError
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.terrain_view import Sight
from hexmate.rules.hexes import DIRECTION_NAMES, Hex, center, direction_between, distance, neighbor, neighbors
from hexmate.rules.text import T

MARK = "byp"  # byp<d>: straddling the hexside toward direction d of its hex
OBSTACLES = ("woods", "wooden-building", "stone-building", "building")


def across_of(unit: UnitState) -> Hex | None:
    """N: the hex across the hexside a bypassing vehicle straddles, or None when it is not bypassing."""
    if unit.hex is None:
        return None
    for m in unit.markers:
        if m.startswith(MARK) and m[3:].isdigit():
            return neighbor(unit.hex, int(m[3:]))
    return None


def with_across(unit: UnitState, n: Hex | None) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith(MARK) and m[3:].isdigit())
    if n is None or unit.hex is None:
        return unit.mark(remove=old)
    return unit.mark(f"byp{direction_between(unit.hex, n)}", remove=old)  # MARK


def _bearing(x: tuple[float, float], y: tuple[float, float]) -> float:
    return math.degrees(math.atan2(-(y[1] - x[1]), y[0] - x[0])) % 360.0


def parallel(p: Hex, n: Hex, f: int) -> bool:
    """Does the hexside between p and n run along facing f (a bypass heading, D2.32)?"""
    return abs(abs(fc.wrap(fc.bearing(p, n) - 60.0 * f)) - 90.0) < 1.0


def ends(p: Hex, n: Hex, f: int) -> tuple[Hex, Hex]:
    """(F, B): the third hex at the CAFP (the end of the p-n hexside heading f points to) and at the other
    end (D2.32)."""
    a, b = (h for h in neighbors(p) if distance(h, n) == 1)
    (px, py), (nx, ny) = center(p), center(n)
    mid = ((px + nx) / 2, (py + ny) / 2)
    ahead = abs(fc.wrap(_bearing(mid, center(a)) - 60.0 * f)) < 90.0
    return (a, b) if ahead else (b, a)


def is_obstacle(position: Position, h: Hex) -> bool:
    return h in position.map.hexes and position.map.terrain(h) in OBSTACLES


def why_not(position: Position, unit: UnitState, p: Hex, n: Hex, f: int) -> T | None:
    """Why this vehicle may not bypass p along its hexside with n heading f (D2.3, D2.31), or None."""
    m = position.map
    features = m.features(p) if p in m.hexes else frozenset()
    burning = bool(features & {"fire", "burning", "blaze"})
    fh, bh = ends(p, n, f)
    roadblock = any("roadblock" in m.hexside(p, x) for x in (fh, bh) if x in m.hexes)
    taken: set[frozenset[object]] = {
        frozenset((u.hex, x))
        for u in position.units.values()
        if u.id != unit.id and u.type == "vehicle" and (x := across_of(u)) is not None
    }
    terrain = m.terrain(p) if p in m.hexes else ""
    why = vm.bypass_allowed(terrain, frozenset((p, n)), taken, burning=burning, roadblock=roadblock)
    if why is not None:
        return why
    side = DIRECTION_NAMES[direction_between(p, n)]
    woods_both = n in m.hexes and terrain == "woods" and m.terrain(n) == "woods"
    if f"bypass-blocked:{side}" in features or "bypass-blocked" in m.hexside(p, n) or woods_both:
        return T("the obstacle in {hex} comes too close to its hexside with {other} for a vehicle (D2.3)",
                 hex=m.label(p), other=m.label(n) if n in m.hexes else str(n))
    return None


def cost(position: Position, unit: UnitState, src: Hex, p: Hex) -> Fraction:
    """D2.3: twice the hex's non-obstacle cost (the chart pack's open ground) and twice its other costs:
    +4 to a higher level (the D2.3 example), +1 per vehicle or wreck already there (D2.14)."""
    from hexmate.rules.games.asl import wagon
    from hexmate.rules.games.asl.armour import vehicle_cost  # armour imports this module

    others = sum(1 for u in position.units_at(p) if u.type == "vehicle" and u.id != unit.id)
    if wagon.is_wagon_unit(unit):  # D12.1, D2.3: a wagon pays twice the MF of the hex's open ground
        return wagon.bypass_mf(position, src, p, others)
    open_cost = vehicle_cost("open")
    base = int(open_cost) if open_cost not in ("NA", "half") else 1
    before = position.map.level(src) if src in position.map else 0  # A2.51: the off-board board's ground
    higher = 4 if position.map.level(p) > before else 0
    return vm.bypass_mp(base, higher + others)


def _turn(unit: UnitState, hexspines: int, obstacle: bool) -> int:
    """A turn on the way into or along a bypass: a vehicle's (D2.11), a wagon's 1 MF a hexspine (D12.1)."""
    from hexmate.rules.games.asl import wagon

    if wagon.is_wagon_unit(unit):
        return hexspines * wagon.TURN_MF
    return vm.turn_mp(hexspines, obstacle=obstacle)


def _switch(unit: UnitState) -> int:
    """Forward to reverse or back: a stop and a start (D2.23), nothing for a wagon (D12.1)."""
    from hexmate.rules.games.asl import armour, wagon

    return 0 if wagon.is_wagon_unit(unit) else armour.SWITCH_MP


Key = tuple[int, str, Hex | None]  # (facing, F/R, the hex across a bypassed hexside or None)
Best = dict[Key, tuple[Fraction, tuple[int, ...], tuple[Hex | None, ...]]]


def route(
    position: Position, unit: UnitState, path: tuple[Hex, ...], *, bypass: bool = False,
    last_across: Hex | None = None, reverse: bool = False, edge: bool = False,
) -> tuple[Fraction, tuple[int, ...], tuple[Hex | None, ...]]:
    """The fewest MP along ``path``, the facing (heading) on entering each hex after the first and, for each,
    the hex across the hexside it is bypassed along (None: entered normally): a DP over (facing, forward or
    reverse, bypass hexside). ``bypass``: the move was declared as bypass (every woods or building hex after
    the first is bypassed, D2.3); ``reverse``: its start MP was declared in reverse (D2.23) and it moves in
    reverse throughout. A vehicle that starts in bypass leaves it as D2.33 allows. ``edge`` (A2.6): only the
    ways that end bypassing the last hex forward along an on-map hexside to a CAFP on the map's edge (its F
    off the map), where the vehicle leaves."""
    from hexmate.rules.games.asl import armour, overrun  # armour imports this module

    vt = armour.vtype(unit)
    if reverse and unit.has("towing"):
        raise IllegalAction(T("{unit} is towing: no reverse movement", unit=unit.id), "D2.2")
    start = across_of(unit)
    states = armour._start_states(unit)
    if reverse and any(m == "R" for _, m in states):
        states = {k: c for k, c in states.items() if k[1] == "R"}
    best: Best = {(f, m, start): (c, (), ()) for (f, m), c in states.items()}
    steps: dict[tuple[Hex, Hex], Fraction | None] = {}

    def step_mp(a: Hex, b: Hex) -> Fraction | None:
        """Entering b from a as usual: the same for every heading and way tried, so worked out once."""
        if (a, b) not in steps:
            steps[(a, b)] = armour.step_mp(position, unit, vt, a, b)
        return steps[(a, b)]

    for i, (a, b) in enumerate(itertools.pairwise(path)):
        last = i == len(path) - 2
        if b not in position.map.hexes or distance(a, b) > 1:
            raise IllegalAction(
                T("{a} and {b} are not adjacent", a=position.label(a), b=position.label(b)), "D2.1"
            )
        wanted = bypass and is_obstacle(position, b)
        if last and last_across is not None and not wanted:
            terrain = position.map.terrain(b)
            raise IllegalAction(vm.bypass_allowed(terrain, frozenset((b, last_across)), set())
                                or T("bypass is only around a woods or building obstacle (D2.31)"), "D2.31")
        nxt: Best = {}
        why: T | None = None
        backing_in = False

        def offer(key: Key, c: Fraction, fs: tuple[int, ...], xs: tuple[Hex | None, ...],
                  nxt: Best = nxt) -> None:
            if key not in nxt or c < nxt[key][0]:
                nxt[key] = (c, (*fs, key[0]), (*xs, key[2]))

        def fits(n: Hex, last: bool = last) -> bool:
            return last_across is None or not last or n == last_across

        for (f, m, here), (c, fs, xs) in best.items():
            switch = {mode: (_switch(unit) if mode != m else 0) for mode in ("F", "R")}
            if here is None and a != b:  # from a centre: turns, then forward or reverse entry (D2.11, D2.22)
                no_rev = unit.has("towing") or not vt.rev  # D2.2; D2.21: no REV, no reverse (a wagon's)
                for mode in ("R",) if reverse else ("F",) if no_rev else ("F", "R"):
                    mult = 1 if mode == "F" else vt.rev
                    for g in range(6):
                        pair = armour._entries(a, g, mode)
                        if b not in pair:
                            continue
                        turn = _turn(unit, fc.turns(f, g), armour._obstacle(position, a))
                        base = c + turn + switch[mode]
                        if wanted:  # along the hexside between the two VCA (or rear) hexes (D2.3, D2.22)
                            n = pair[1] if pair[0] == b else pair[0]
                            reason = why_not(position, unit, b, n, g) if fits(n) else None
                            if fits(n) and reason is None:
                                offer((g, mode, n), base + cost(position, unit, a, b) * mult, fs, xs)
                            why = why or reason
                        else:
                            step = step_mp(a, b)
                            if step is not None and mode == "R" and overrun.overruns(position, unit, b):
                                backing_in = True  # D7.13: no Overrun in reverse
                            elif step is not None:
                                offer((g, mode, None), base + step * mult, fs, xs)
            elif here is not None:  # from bypass: on into F, back into B, or round the CAFP (D2.33)
                fh, bh = ends(a, here, f)
                if not wanted:
                    step = step_mp(a, b) if a != b else None
                    if step is not None and b == fh and not reverse:
                        offer((f, "F", None), c + switch["F"] + step, fs, xs)
                    if step is not None and b == bh and not unit.has("towing") and vt.rev:  # D2.2, D2.21
                        offer((f, "R", None), c + switch["R"] + step * vt.rev, fs, xs)
                    continue
                for side in ((a, fh), (here, fh)):
                    if b not in side or reverse:
                        continue
                    n = side[1] if side[0] == b else side[0]
                    behind = ({a, here, fh} - set(side)).pop()
                    for g in ((f + 1) % 6, (f - 1) % 6):
                        if not fits(n) or not parallel(b, n, g) or ends(b, n, g)[1] != behind:
                            continue
                        reason = why_not(position, unit, b, n, g)
                        if reason is None:
                            total = c + switch["F"] + _turn(unit, 1, False) + cost(position, unit, a, b)
                            offer((g, "F", n), total, fs, xs)
                        why = why or reason
                if unit.has("towing") or not vt.rev:
                    continue  # D2.2: no reverse while towing; D2.21: none without a REV
                for side in ((a, bh), (here, bh)):  # D2.33, D2.21: in reverse round the rear vertex
                    if b not in side:
                        continue
                    n = side[1] if side[0] == b else side[0]
                    behind = ({a, here, bh} - set(side)).pop()  # backing away from it: the new CAFP's F
                    for g in ((f + 1) % 6, (f - 1) % 6):
                        if not fits(n) or not parallel(b, n, g) or ends(b, n, g)[0] != behind:
                            continue
                        reason = why_not(position, unit, b, n, g)
                        if reason is None:
                            total = (c + switch["R"] + _turn(unit, 1, False)
                                     + cost(position, unit, a, b) * vt.rev)
                            offer((g, "R", n), total, fs, xs)
                        why = why or reason
        if not nxt:
            if backing_in:
                raise IllegalAction(T("{unit} may not overrun {hex} in reverse: enter it forward, or declare "
                                      "the move as through to enter without an Overrun (D7.13, D7.1)",
                                      unit=unit.id, hex=position.label(b)), "D7.13")
            if why is not None:
                raise IllegalAction(why, "D2.31")
            raise IllegalAction(T("{unit} may not enter {hex}", unit=unit.id, hex=position.label(b)), "D2.1")
        best = nxt
    if edge:  # A2.6: forward to the edge vertex of the last hex
        on_map = position.map.hexes
        best = {k: v for k, v in best.items() if k[1] == "F" and k[2] is not None and k[2] in on_map
                and ends(path[-1], k[2], k[0])[0] not in on_map}
        if not best:
            raise IllegalAction(T("{unit} cannot bypass {hex} forward to the map's edge (A2.6, D2.3)",
                                  unit=unit.id, hex=position.label(path[-1])), "A2.6")
    cost_, facings, acrosses = min(best.values(), key=lambda v: v[0])
    return cost_, facings, acrosses


def first_steps(position: Position, unit: UnitState) -> list[tuple[Fraction, Hex, int, str]]:
    """The moves out of bypass without declaring one (D2.33): forward into F, in reverse into B, with the
    start MP (or none in Motion) and the stop and start that change direction (D2.23)."""
    from hexmate.rules.games.asl import armour

    n = across_of(unit)
    assert unit.hex is not None and n is not None
    f = armour.facing_of(unit)
    fh, bh = ends(unit.hex, n, f)
    vt = armour.vtype(unit)
    out: list[tuple[Fraction, Hex, int, str]] = []
    for (g, m), c in armour._start_states(unit).items():
        for target, mode in ((fh, "F"), (bh, "R")):
            if mode == "R" and (unit.has("towing") or not vt.rev):
                continue  # D2.2, D2.21
            step = armour.step_mp(position, unit, vt, unit.hex, target)
            if step is None:
                continue
            switch = _switch(unit) if mode != m else 0
            out.append((c + switch + (step if mode == "F" else step * vt.rev), target, g, mode))
    return out


def declared(position: Position, mode: str) -> tuple[bool, Hex | None, bool]:
    """A vehicle move's mode: words joined by ``+``: ``bypass`` or ``bypass:N`` (D2.3, D2.32), ``reverse``
    (the start MP declared in reverse, D2.23). (bypass declared, N or None, reverse declared)."""
    bypass, across, reverse = False, None, False
    for word in mode.split("+") if mode else ():
        name, _, arg = word.partition(":")
        if name == "reverse" and not arg:
            reverse = True
        elif name == "bypass":
            bypass = True
            if arg:
                try:
                    across = position.map.parse_label(arg)
                except (KeyError, ValueError, RulesError):
                    raise IllegalAction(T("{mode}: name the hex across the hexside, as in bypass:C4",
                                          mode=mode), "D2.32") from None
        else:
            raise IllegalAction(T("{mode} is not a way for a vehicle to move here: bypass, bypass:HEX or "
                                  "reverse", mode=mode), "D2.3")
    return bypass, across, reverse


def aspect(target: UnitState, firer: Hex, *, coloured: int | None = None, hull: bool = True) -> str:
    """The aspect a shot at a bypassing vehicle hits (D2.32): the firer's hex decides; from its own hex a
    hull hit is Side (else the colored die, D3.2)."""
    n = across_of(target)
    assert target.hex is not None and n is not None
    if firer == target.hex:
        return fc.same_hex_aspect(coloured or 1, bypass_hull=hull)
    side = direction_between(target.hex, n)
    f = target.facing or 0
    toward = 1 if abs(fc.wrap(fc.bypass_heading(side, 1) - 60.0 * f)) < 1.0 else -1
    return fc.bypass_aspect(target.hex, side, toward, firer)


def in_vca(unit: UnitState, target: Hex) -> bool:
    """The bypass VCA: F and the 60-degree wedge beyond it about the heading (D2.32, D2.35)."""
    n = across_of(unit)
    assert unit.hex is not None and n is not None
    f = unit.facing or 0
    fh, _ = ends(unit.hex, n, f)
    return target == fh or abs(fc.wrap(fc.bearing(fh, target) - 60.0 * f)) <= 30.0 + fc.EPS


def _vertex(*hexes: Hex) -> tuple[float, float]:
    """The corner three mutually adjacent hexes share: the centroid of their centres."""
    points = [center(h) for h in hexes]
    return (sum(x for x, _ in points) / 3, sum(y for _, y in points) / 3)


def touches(unit: UnitState, a: Hex, b: Hex) -> bool:
    """Does the LOS from a's centre to b's centre touch the hexside a bypassing vehicle straddles (D9.4)?"""
    n = across_of(unit)
    assert unit.hex is not None and n is not None
    fh, bh = ends(unit.hex, n, unit.facing or 0)
    p1, p2 = _vertex(unit.hex, n, fh), _vertex(unit.hex, n, bh)
    q1, q2 = center(a), center(b)

    def cross(o: tuple[float, float], x: tuple[float, float], y: tuple[float, float]) -> float:
        return (x[0] - o[0]) * (y[1] - o[1]) - (x[1] - o[1]) * (y[0] - o[0])

    eps = 1e-9
    d1, d2 = cross(q1, q2, p1), cross(q1, q2, p2)
    d3, d4 = cross(p1, p2, q1), cross(p1, p2, q2)
    return d1 * d2 <= eps and d3 * d4 <= eps


RING = ("front", "left", "rear", "right")  # the four TCA points of a bypassing vehicle, in turning order


def sector(unit: UnitState, x: Hex) -> str:
    """Where hex x lies for a bypassing vehicle: its front or rear wedge (D2.32), else its left or right
    side, the sides being the wider arcs between them (D2.321)."""
    assert unit.hex is not None
    seen = aspect(unit, x) if x != unit.hex else "side"
    if seen != "side":
        return seen
    n = across_of(unit)
    assert n is not None
    (px, py), (nx, ny) = center(unit.hex), center(n)
    turn = fc.wrap(_bearing(((px + nx) / 2, (py + ny) / 2), center(x)) - 60.0 * (unit.facing or 0))
    return "left" if turn > 0 else "right"


POINT_SPINES = {"front": 0, "left": 1, "rear": 3, "right": 5}  # each TCA point's hexspine from the heading


def tca_point(unit: UnitState, tca: int) -> str:
    """D2.321: which of its turret's four TCA points a bypassing vehicle's TCA hexspine stands for."""
    d = (tca - (unit.facing or 0)) % 6
    return "front" if d == 0 else "rear" if d == 3 else "left" if d in (1, 2) else "right"


def tca_points(unit: UnitState) -> dict[str, int]:
    """D2.321: a bypassing vehicle's turret has four TCA points, its CAFP (front), the opposite (rear) and
    the two straddled hexes (sides): each as the TCA hexspine that stands for it."""
    f = unit.facing or 0
    return {p: (f + d) % 6 for p, d in POINT_SPINES.items()}


def why_not_tca(unit: UnitState, k: int, now: int) -> T | None:
    """D2.321: why a bypassing vehicle may not turn its TCA to hexspine ``k`` (from ``now``), or None."""
    points = tca_points(unit)
    if k not in points.values():
        return T("{unit} is bypassing: its turret has four TCA points, hexspines {points} (CAFP, left, rear, "
                 "right; D2.321)", unit=unit.id, points=", ".join(str(v) for v in points.values()))
    if tca_point(unit, k) == tca_point(unit, now):
        return T("{unit}'s TCA already points at that TCA point (D2.321)", unit=unit.id)
    return None


def turret_case_a(unit: UnitState, tca: int, target: Hex, *, acquired: bool) -> tuple[int, bool, int]:
    """D2.321 for a bypassing vehicle's turret: (the TCA points turned, whether it turned to or through a
    side TCA: +1 more, the new TCA as a hexspine). Firing through the wider side arc costs Case A even
    without a turn, unless at a target the weapon has acquired."""
    f = unit.facing or 0
    now = tca_point(unit, tca)
    want = sector(unit, target)
    i, j = RING.index(now), RING.index(want)
    turned = min(abs(i - j), 4 - abs(i - j))
    side = (want in ("left", "right") and turned > 0) or (turned == 2 and now in ("front", "rear"))
    if not turned and want in ("left", "right") and not acquired:
        turned = 1  # the wider side arc (D2.321: the 6-2-8 in BB2)
    return turned, side, (f + POINT_SPINES[want]) % 6


def changes(before: State, after: State) -> list[Physical]:
    """A vehicle that now stands in bypass, or along another hexside: set it astride that hexside, its front
    toward the CAFP (D2.32, D2.34). The table cannot see a straddling counter: a reminder to confirm."""
    from hexmate.rules.games.asl.armour import WAYS  # armour imports this module

    out: list[Physical] = []
    for uid, new in sorted(after.units.items()):
        old = before.units.get(uid)
        n = across_of(new)
        if n is None or new.hex is None or new.has("wreck"):
            continue
        if old is not None and old.hex == new.hex and across_of(old) == n and old.facing == new.facing:
            continue
        d = direction_between(new.hex, n)
        text = T("set {unit} astride the {side} hexside of its hex, its front pointing {way}, its tag still "
                 "over its own hex (D2.32)",
                 unit=uid, side=DIRECTION_NAMES[d], way=WAYS[(new.facing or 0) % 6])
        out.append(Physical("turn", uid, text, "D2.32", new.hex, f"{MARK}{d}"))
    return out


__all__ = [
    "MARK",
    "RING",
    "across_of",
    "aspect",
    "changes",
    "cost",
    "declared",
    "ends",
    "first_steps",
    "in_vca",
    "is_obstacle",
    "parallel",
    "route",
    "sector",
    "tca_point",
    "tca_points",
    "touches",
    "turret_case_a",
    "why_not",
    "why_not_tca",
    "with_across",
]


def cafp(unit: UnitState) -> tuple[float, float] | None:
    """The point a bypassing vehicle is at (D2.36, C.5B): the end of its hexside that its heading points to,
    the corner of its hex P, the hex N across and F; None when it is not bypassing."""
    n = across_of(unit)
    if n is None or unit.hex is None:
        return None
    f, _ = ends(unit.hex, n, unit.facing or 0)
    return _vertex(unit.hex, n, f)


def sight(position: Position, other: Hex, unit: UnitState) -> Sight | None:
    """D2.37: the LOS between a bypassing vehicle and a Location at ``other`` outside its hex, traced to its
    CAFP instead of the hex centre: the obstacle of its own hex blocks it when the thread crosses the hex's
    interior before the CAFP (the maps carry no artwork outline: the whole interior stands for it, as for
    infantry Bypass, A4.34, ``los.sight_to_point``). None when the vehicle is not bypassing."""
    from hexmate.rules.games.asl import los as asl_los
    from hexmate.rules.games.asl import terrain as asl_terrain

    point = cafp(unit)
    if point is None or unit.hex is None or other == unit.hex:
        return None
    level = asl_terrain.level_at(position, other)
    aimed = asl_los.sight_to_point(position.map, asl_los.Location(other, level), unit.hex, point,
                                   T("CAFP"), asl_terrain.smoke_at(position))
    r = aimed.result
    reason = T("to the CAFP of the bypassing {unit}: {reason}", unit=unit.id, reason=r.reason)
    return Sight(bool(r.blocked), int(r.hindrance), T("{reason} (D2.37)", reason=reason))
