"""ASL line of sight between Locations (A6), on the shared engine (hexmate.rules.los) with what ASL adds:

* building levels (A2.8): an end at level N of a building sees from N levels above its hex's ground; a
  building with upper levels is an obstacle to its top level plus a half level (B23 is not in the text:
  demo, consistent with the A6.42 example's "1 1/2-level obstacle"), so the engine's A6.2 obstacle rule and
  A6.4-A6.43 blind hexes apply to it (A6.41: one more blind hex for each full 5 hexes from the firer to the
  obstacle, FRD; hexmate.rules.los._blind_count);
* Locations in one hex or in adjacent building hexes at different levels (A6.8 example, 12U5/V4): another
  building level lies between them; one hex's neighbouring levels see each other by its stairs (A9.x: a SW
  fires up or down through the stairs of its own hex);
* SMOKE (A24): its hindrance counts at any level up to the smoke's top, in the firer's and target's
  Locations too (A6.7 exceptions, A24.2, A24.4), with special.py's arithmetic; the total joins the terrain
  hindrance and +6 blocks (A24.4/A24.61 examples);
* aiming points other than the centre dot (A6.12): a vertex of a Bypassed hexside (A4.34) and the point
  where a road crosses the hexside entered (A4.132).

Everything a player reads cites its rule.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from hexmate.rules import los as engine
from hexmate.rules.games.asl.locations import BUILDINGS, Location, has_stairs, label, upper_levels
from hexmate.rules.games.asl.special import Smoke, smoke_los_drm
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex, center, distance, neighbors, pixel_to_hex
from hexmate.rules.los import LosResult, LosRules, LosStatus
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

SmokeMap = dict[Hex, tuple[Smoke, ...]]
_PREP: dict[int, tuple[HexMap, engine._Prepared]] = {}


def rules() -> LosRules:
    """ASL's LOS parameters from its terrain table, loaded once (the game's terrain view)."""
    return table_for("asl").table.los_rules()


def prepared(m: HexMap) -> engine._Prepared:
    """The engine's per-map tables with multi-level buildings raised to their top level + 1/2 (demo)."""
    hit = _PREP.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    r = rules()
    p = engine.prepare(m, r)
    top, height, why = dict(p.top), dict(p.height), dict(p.why)
    for h in m.hexes:
        n = upper_levels(m, h)
        if n:
            c = (h.q, h.r)
            height[c] = Fraction(2 * n + 1, 2)
            top[c] = p.ground[c] + height[c]
            why[c] = T("{terrain} with {n} upper level(s), a Level {level} obstacle (A6.2; height demo, B23)",
                       terrain=m.terrain(h), n=n, level=engine._lv(top[c]))
    p = dataclasses.replace(p, top=top, height=height, why=why)
    if len(_PREP) > 16:
        _PREP.clear()
    _PREP[id(m)] = (m, p)
    return p


def _building(m: HexMap, h: Hex) -> bool:
    return m.terrain(h) in BUILDINGS


def _between_levels(m: HexMap, a: Location, b: Location) -> LosResult | None:
    """A6.8 example: Locations in one hex, or in adjacent building hexes, at different levels."""
    if a.level == b.level:
        if a.hex == b.hex:
            return LosResult(LosStatus.CLEAR, T("same Location"), 0, None, "")
        return None
    if a.hex == b.hex:
        if abs(a.level - b.level) == 1 and has_stairs(m, a.hex):
            return LosResult(LosStatus.CLEAR, T("{a} and {b}: next levels joined by the stairs (A2.8)",
                                                a=label(m, a), b=label(m, b)), 0, None, "A2.8")
        return _level_between(m, a, b, a.hex)
    if distance(a.hex, b.hex) == 1 and _building(m, a.hex) and _building(m, b.hex):
        return _level_between(m, a, b, b.hex)
    return None


def _level_between(m: HexMap, a: Location, b: Location, at: Hex) -> LosResult:
    why = T("blocked: another building level lies between {a} and {b} (A6.8 example)", a=label(m, a),
            b=label(m, b))
    line = engine.trace_elements(a.hex, b.hex)  # drawn on the page and the LEDs like any other line
    return LosResult(LosStatus.BLOCKED, why, 0, at, "A6.8", line, (a.hex.q, a.hex.r))


def location_los(m: HexMap, a: Location, b: Location, smoke: SmokeMap | None = None) -> LosResult:
    """LOS from Location a to Location b (A6): the engine's verdict between their heights, the building-level
    rules above, and SMOKE's hindrance (A24)."""
    if a.hex not in m or b.hex not in m:
        raise ValueError(T("both ends must be on the map {map}", map=m.source))
    for loc in (a, b):
        if loc.level > 0 and loc.level > upper_levels(m, loc.hex):
            raise ValueError(T("{hex} has no level {level} (A2.8)", hex=m.label(loc.hex), level=loc.level))
    special = _between_levels(m, a, b)
    if special is not None and (special.blocked or a.hex == b.hex):
        return special
    r = rules()
    res = engine.evaluate(prepared(m), r, a.hex, b.hex, engine.trace_elements(a.hex, b.hex), a.level, b.level,
                          origin=a.hex)
    return with_smoke(m, res, a, b, smoke or {}, r)


def with_smoke(m: HexMap, res: LosResult, a: Location, b: Location, smoke: SmokeMap,
               r: LosRules) -> LosResult:
    """Add SMOKE's hindrance to a verdict (A24.2: every Location the thread passes, enters or leaves; A24.4:
    not where the thread passes above the smoke's top; A24.8: +1 more traced out of or within smoke)."""
    if res.blocked or not smoke:
        return res
    if a.hex == b.hex:
        cells = [a.hex]
    else:
        cells = list(dict.fromkeys([a.hex, *(h for h in res.hexes if h in m), b.hex]))
    ea = m.level(a.hex) + a.level
    eb = m.level(b.hex) + b.level
    total = max(1, distance(a.hex, b.hex))
    path = [smoke.get(h, ()) for h in cells]
    # the thread's height in each Location: at the centre dot between the ends; in an end's own hex, where it
    # leaves (enters) it, half a hex from its centre dot (a LOS fired down through smoke below the firer)
    levels = [ea + (eb - ea) * Fraction(2 * distance(a.hex, h), 2) / total for h in cells]
    if len(cells) > 1:
        levels[0] = ea + (eb - ea) * Fraction(1, 2) / total
        levels[-1] = eb + (ea - eb) * Fraction(1, 2) / total
    within = any(s.level == a.level for s in smoke.get(a.hex, ()))  # A24.8: fired from the smoke's Location
    drm = smoke_los_drm(path, firer_in_smoke=within, levels=[float(x) for x in levels])
    if not drm:
        return res
    hind = res.hindrance + drm
    where = ", ".join(m.label(h) for h, s in zip(cells, path, strict=True) if s)
    limit = r.hindrance_blocks_at
    if limit is not None and hind >= limit:
        return dataclasses.replace(res, status=LosStatus.BLOCKED, hindrance=hind, rule="A24.2",
                                   reason=T("blocked: hindrance +{n} with SMOKE in {hexes} reaches {limit} "
                                            "(A24.2, A24.4/A24.61 examples)", n=hind, hexes=where,
                                            limit=limit))
    text = T("hindered +{n}, SMOKE +{smoke} in {hexes} (A24.2)", n=hind, smoke=drm, hexes=where)
    if res.hindrance:
        text = T("{reason}; {more}", reason=res.reason, more=text)
    return dataclasses.replace(res, status=LosStatus.HINDERED, hindrance=hind, reason=text, rule="A24.2")


# --- aiming points other than the centre dot (A6.12) ------------------------------------------------------


@dataclass(frozen=True)
class AimedSight:
    """A LOS traced to an aiming point: the verdict, the point ("centre dot", "vertex D4-C4-C5", ...), the
    hexside features of the target hex it crosses or runs along (a wall's TEM applies, A4.34, B9.3), and
    whether it crosses the target hex's own terrain before the point (then no FFMO, A4.132, A4.34)."""

    result: LosResult
    aim: str
    crossed: tuple[str, ...] = ()
    through_target: bool = False

    @property
    def ffmo(self) -> bool:
        """FFMO is possible: clear (no hindrance, A6.7), no TEM-giving hexside, not through the hex's
        terrain."""
        return self.result.status is LosStatus.CLEAR and not self.crossed and not self.through_target


def _trace_points(a: Hex, pt: tuple[float, float], nudge: float) -> list[tuple[Hex, int]]:
    """Hexes a segment from a's centre to pt enters, in order, with the sample index where each starts; the
    whole segment shifted ``nudge`` pitches sideways (traced both ways, a run along a hexside shows)."""
    x0, y0 = center(a)
    dx, dy = pt[0] - x0, pt[1] - y0
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * nudge, dx / length * nudge
    steps = max(64, int(length * 512))
    out: list[tuple[Hex, int]] = []
    for i in range(steps):
        t = i / steps
        h = pixel_to_hex(x0 + dx * t + nx, y0 + dy * t + ny)
        if not out or out[-1][0] != h:
            out.append((h, i))
    # the last stretch up to the point itself (a hair short of it)
    t = 1 - 1e-7
    h = pixel_to_hex(x0 + dx * t + nx, y0 + dy * t + ny)
    if out[-1][0] != h:
        out.append((h, steps))
    return out


def sight_to_point(m: HexMap, a: Location, target: Hex, pt: tuple[float, float], aim: str,
                   smoke: SmokeMap | None = None, also: Hex | None = None) -> AimedSight:
    """LOS from Location a to a point on the edge of ``target`` (ground level): the crossed hexes judged by
    the engine's rules; the target hex's own obstacle blocks only if the thread crosses its interior before
    the point (A4.34: the D4 building blocks the vertex D4-E3-E4 from C7). ``also``: the hex across a target
    hexside (A8.15), whose hexsides count as the target's own (their TEM, never a block); SMOKE in either
    of the two hexes counts only when the thread crosses that hex's interior (or starts in it) before the
    point (A8.15), SMOKE elsewhere on the way as in any LOS (A24.2)."""
    left, right = _trace_points(a.hex, pt, 1e-6), _trace_points(a.hex, pt, -1e-6)
    in_left = {h for h, _ in left}
    in_right = {h for h, _ in right}
    first: dict[Hex, int] = {}
    for h, i in [*left, *right]:
        first[h] = min(first.get(h, i), i)
    p = prepared(m)
    org = (0, 0)
    els: list[engine.Element] = []
    only_l = [h for h, _ in left if h not in in_right]
    only_r = [h for h, _ in right if h not in in_left]
    pairs = list(zip(only_l, only_r, strict=False))
    paired = {x for pr in pairs for x in pr}
    order = sorted(first, key=lambda h: first[h])
    done: set[Hex] = set()
    for h in order:
        if h in done or h not in m:
            continue
        c = (h.q, h.r)
        if h in in_left and h in in_right:
            els.append(("hex", (c,), distance(a.hex, h)))
            done.add(h)
        elif h in paired:
            other = next(y if x == h else x for x, y in pairs if h in (x, y))
            done |= {h, other}
            if other in m:
                els.append(("along", (c, (other.q, other.r)), distance(a.hex, h)))
    for seq in (left, right):
        for (h1, _), (h2, _) in itertools.pairwise(seq):
            if h1 in m and h2 in m:
                els.append(("side", ((h1.q, h1.r), (h2.q, h2.r)), 0))
    own = {(target.q, target.r)} | ({(also.q, also.r)} if also is not None else set())
    judged = [e for e in els if also is None or e[0] == "hex" or not own & set(e[1])]
    r = rules()
    res = engine.evaluate(p, r, a.hex, target, judged, a.level, 0)
    through = target in in_left and target in in_right and target != a.hex
    tc = (target.q, target.r)
    low = min(p.ground[tc], m.level(a.hex) + a.level)
    if not res.blocked and through and tc in p.top and p.top[tc] > low:
        res = LosResult(LosStatus.BLOCKED, T("blocked: the thread crosses {why} in {hex} before the {aim} "
                                             "(A4.34)", why=p.why[tc], hex=m.label(target), aim=aim),
                        0, target, "A4.34", tuple(els), org)
    crossed: list[str] = []
    sides = m.hexsides()
    for kind, cells, _ in els:
        if kind in ("side", "along") and own & set(cells):
            h1, h2 = Hex(*cells[0]), Hex(*cells[1])
            crossed += sorted(f for f in sides.get((h1, h2), sides.get((h2, h1), frozenset()))
                              if f in r.hexside_obstacle)
    if also is not None and smoke:  # A8.15: SMOKE in the hex entered or left only where the thread crosses it
        inside = {h for h in (target, also) if h == a.hex or (h in in_left and h in in_right)}
        smoke = {h: s for h, s in smoke.items() if h not in (target, also) or h in inside}
    res = with_smoke(m, res, a, Location(target), smoke or {}, r)
    return AimedSight(res, aim, tuple(dict.fromkeys(crossed)), through and m.terrain(target) != "open")


def hexside_sight(m: HexMap, firer: Location, h1: Hex, h2: Hex, smoke: SmokeMap | None = None,
                  samples: int = 9) -> AimedSight:
    """A8.15 Snap Shot: LOS to the whole hexside between h1 and h2 (even where neither centre dot is seen, and
    even in a blind hex), tested at ``samples`` points from vertex to vertex; blocked if any is. The TEM of a
    wall or hedge of either hex the thread crosses applies, and SMOKE in either hex only where the thread
    crosses that hex (A8.15, ``sight_to_point``); the worst sample's hindrance counts."""
    ends = [x for x in neighbors(h1) if distance(x, h2) == 1]
    if distance(h1, h2) != 1 or len(ends) != 2:
        raise ValueError(T("{a} and {b} share no hexside", a=m.label(h1), b=m.label(h2)))
    v1, v2 = vertex(h1, h2, ends[0]), vertex(h1, h2, ends[1])
    aim = T("whole hexside {a}-{b}", a=m.label(h1), b=m.label(h2))
    seen: list[AimedSight] = []
    for k in range(samples):
        t = k / (samples - 1)
        pt = (v1[0] + (v2[0] - v1[0]) * t, v1[1] + (v2[1] - v1[1]) * t)
        s = sight_to_point(m, firer, h1, pt, aim, smoke, also=h2)
        if s.result.blocked:
            return s
        seen.append(s)
    worst = max(seen, key=lambda s: s.result.hindrance)
    crossed = tuple(dict.fromkeys(f for s in seen for f in s.crossed))
    return AimedSight(worst.result, aim, crossed, False)


def vertex(a: Hex, b: Hex, c: Hex) -> tuple[float, float]:
    """The corner three mutually adjacent hexes share: the centroid of their centre dots."""
    pts = [center(h) for h in (a, b, c)]
    return (sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3)


def bypass_vertices(bypassed: Hex, sides: Sequence[Hex]) -> tuple[tuple[Hex, Hex, Hex], ...]:
    """The vertices of the Bypassed hexsides (each named by the neighbour across it): 2 for one hexside, 3 for
    two (A4.34)."""
    out: list[tuple[Hex, Hex, Hex]] = []
    for n in sides:
        for x in neighbors(bypassed):
            if distance(x, n) == 1:
                key = tuple(sorted((bypassed, n, x)))
                if key not in [tuple(sorted(v)) for v in out]:
                    out.append((bypassed, n, x))
    return tuple(out)


def bypass_sight(m: HexMap, firer: Location, bypassed: Hex, sides: Sequence[Hex],
                 smoke: SmokeMap | None = None) -> AimedSight:
    """A4.34: LOS to a unit Bypassing ``bypassed`` along the hexsides it shares with each hex of ``sides``
    (A2.2 notation F3-E3: the Bypassed hex first). The firer may aim at any vertex of those hexsides, or at
    the centre dot if the thread crosses a Bypassed hexside before reaching it; the best sight is returned
    (clear before hindered, fewest hindrance, then no TEM-giving hexside)."""
    label_of = m.label
    options: list[AimedSight] = []
    for v in bypass_vertices(bypassed, sides):
        name = T("vertex {v}", v="-".join(label_of(h) for h in v))
        options.append(sight_to_point(m, firer, bypassed, vertex(*v), name, smoke))
    res = location_los(m, firer, Location(bypassed), smoke)
    els = res.elements
    q0, r0 = firer.hex.q, firer.hex.r
    enters = [(q0 + cs[0][0], r0 + cs[0][1]) for kind, cs, _ in els if kind == "side"
              and (q0 + cs[1][0], r0 + cs[1][1]) == (bypassed.q, bypassed.r)]
    if enters and all(Hex(*c) in sides for c in enters):
        options.append(AimedSight(res, T("centre dot"), (), m.terrain(bypassed) != "open"))
    if not options:
        raise ValueError(T("no aiming point for a Bypass of {hex} (A4.34)", hex=label_of(bypassed)))

    def rank(s: AimedSight) -> tuple[int, int, int]:
        order = {LosStatus.CLEAR: 0, LosStatus.HINDERED: 1, LosStatus.BLOCKED: 2}
        return (order[s.result.status], s.result.hindrance, len(s.crossed) + s.through_target)

    return min(options, key=rank)


def road_sight(m: HexMap, firer: Location, target: Hex, entered_from: Hex,
               smoke: SmokeMap | None = None) -> AimedSight:
    """A4.132: against a unit that paid only the road cost, the firer aims at the centre dot or at the point
    where the road crosses the hexside it entered by (taken as the hexside's middle); FFMO applies if either
    is seen unobstructed, with no hindrance and without crossing the hex's own terrain."""
    cx, cy = center(target)
    fx, fy = center(entered_from)
    point = sight_to_point(m, firer, target, ((cx + fx) / 2, (cy + fy) / 2),
                           T("road at the {a}-{b} hexside", a=m.label(entered_from), b=m.label(target)),
                           smoke)
    res = location_los(m, firer, Location(target), smoke)
    dot = AimedSight(res, T("centre dot"), (), m.terrain(target) != "open")
    best = [s for s in (dot, point) if s.ffmo]
    if best:
        return best[0]
    return min((dot, point), key=lambda s: (s.result.blocked, s.result.hindrance))


def smoke_map(entries: Iterable[tuple[Hex, Smoke]]) -> SmokeMap:
    out: dict[Hex, tuple[Smoke, ...]] = {}
    for h, s in entries:
        out[h] = (*out.get(h, ()), s)
    return out


__all__ = ["AimedSight", "Location", "SmokeMap", "bypass_sight", "bypass_vertices", "hexside_sight",
           "location_los", "prepared", "road_sight", "sight_to_point", "smoke_map", "vertex", "with_smoke"]
