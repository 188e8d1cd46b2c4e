"""Line of sight: one engine, parameterised per game by LosRules (built from the game's terrain table).

The centre-to-centre segment is traced exactly (:func:`hexmate.rules.hexes.line`): hexes whose interior it
crosses, hexsides it runs along (A6.1 "hexspine" lines) and corners it only touches. Then, in order along the
line, each element is judged:

* higher ground: a hex whose ground is above both ends blocks; ground between the ends' levels is a crest that
  may hide the lower end (ASL: the A6.43 crest variant, B10 itself is not in the text; PG 8.4 case 2: a slope
  at the higher unit's level blocks when closer to the lower unit; Fire Team 6.14/6.17 heuristic);
* obstacles (woods, buildings...) with a height above their hex: blocked when at least as tall as the higher
  end; when only the lower end is below it, the game's model decides (ASL blind hexes A6.4-A6.43, PG 8.4
  "closer to the lower unit", Fire Team's blind zone 6.18);
* along a hexside the obstacle must be on both sides (A6.1, PG 8.4 case 1.3), except inherent terrain (B.6);
* hexside obstacles (walls, hedges, crests) crossed or run along, unless they are a side of either end's hex
  (A6.2 / B9.2, Fire Team 6.12);
* hindrances at the ends' level, one per range from the observer (the larger of two equidistant hexes, A6.7),
  summed; the game's threshold turns a total into a block.

A corner touch never blocks or hinders (the artwork is not on both sides of the thread, A6.1); it is reported.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from hexmate.rules.hexes import Hex, StepKind, relative_trace
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

Cell = tuple[int, int]  # (q, r) of a hex, used as a cheap key in the per-map tables
# A crossing element: ("hex", (cell,), range) interior crossed; ("along", (c1, c2), range) runs along their
# hexside; ("side", (c1, c2), 0) hexside crossed between consecutive hexes; ("graze", (cell,), range) touch.
Element = tuple[str, tuple[Cell, ...], int]


class LosStatus(enum.Enum):
    CLEAR = "clear"
    HINDERED = "hindered"
    BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class LosResult:
    """The verdict, why (with the rule), the hindrance total, where it was blocked, and the traced line."""

    status: LosStatus
    reason: str
    hindrance: int = 0
    blocked_at: Hex | None = None
    rule: str = ""
    elements: tuple[Element, ...] = ()
    origin: Cell = (0, 0)

    @property
    def blocked(self) -> bool:
        return self.status is LosStatus.BLOCKED

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex the line crosses or runs alongside, in order (ends included)."""
        q0, r0 = self.origin
        return tuple(Hex(q0 + q, r0 + r) for kind, cells, _ in self.elements if kind in ("hex", "along")
                     for q, r in cells)

    @property
    def grazes(self) -> tuple[Hex, ...]:
        """Hexes the line only touches at a corner (never blocking; a borderline case for the players)."""
        q0, r0 = self.origin
        return tuple(Hex(q0 + q, r0 + r) for kind, cells, _ in self.elements if kind == "graze"
                     for q, r in cells)


@dataclass(frozen=True)
class LosRules:
    """What a game's LOS needs from its terrain table. Heights are in levels above the hex's ground."""

    game: str
    model: str  # "asl", "pg", "fireteam" or "none"
    obstacle: Mapping[str, tuple[Fraction, str]]  # terrain -> (height, citation)
    hindrance: Mapping[str, tuple[int, str]]  # terrain -> (DRM per hex, citation)
    inherent: frozenset[str] = frozenset()
    blind_zone: frozenset[str] = frozenset()
    depression: frozenset[str] = frozenset()  # terrains that are depressions (A.6): units may be IN, level -1
    hexside_obstacle: Mapping[str, tuple[Fraction, str]] = field(default_factory=dict)
    hexside_blocks_along: frozenset[str] = frozenset()
    hindrance_blocks_at: int | None = None
    hindrance_blocks_rule: str = ""
    hexside_adjacent_exempt: bool = False
    adjacent_exempt_rule: str = ""
    hindrance_same_level_only: bool = True
    higher_ground_blocks_at: int = 1  # ends at one level: how many higher (slope) hexes between them block
    higher_ground_rule: str = ""
    along_rule: str = ""
    model_rule: str = ""


# --- per-map tables (precomputed once per map and rules) ----------------------------------------------------


@dataclass
class _Prepared:
    m: HexMap
    rules: LosRules
    ground: dict[Cell, int]
    top: dict[Cell, Fraction]  # obstacle top (ground + height) where the hex holds an obstacle
    height: dict[Cell, Fraction]
    why: dict[Cell, str]  # "woods, Level 1 obstacle (A6.2)"
    hindrance: dict[Cell, int]
    inherent: set[Cell]
    blind_zone: set[Cell]
    depression: set[Cell]
    joined: set[tuple[Cell, Cell]]  # hexsides the depression artwork crosses (both orders)
    side: dict[tuple[Cell, Cell], tuple[Fraction, Fraction, str, bool]]  # top, height, text, blocks along
    label: dict[Cell, str]


_PREPARED: dict[tuple[int, int], _Prepared] = {}


def prepare(m: HexMap, rules: LosRules) -> _Prepared:
    key = (id(m), id(rules))
    p = _PREPARED.get(key)
    if p is not None and p.m is m and p.rules is rules:
        return p
    ground: dict[Cell, int] = {}
    top: dict[Cell, Fraction] = {}
    height: dict[Cell, Fraction] = {}
    why: dict[Cell, str] = {}
    hind: dict[Cell, int] = {}
    inherent: set[Cell] = set()
    bz: set[Cell] = set()
    dep: set[Cell] = set()
    label: dict[Cell, str] = {}
    for h in m.hexes:
        c = (h.q, h.r)
        t = m.terrain(h)
        g = m.level(h)
        ground[c] = g
        label[c] = m.label(h)
        if t in rules.obstacle:
            hgt, rule = rules.obstacle[t]
            top[c] = g + hgt
            height[c] = hgt
            why[c] = T("{terrain}, Level {level} obstacle ({rule})",
                       terrain=str(t), level=_lv(g + hgt), rule=rule)
        if t in rules.hindrance:
            hind[c] = rules.hindrance[t][0]
        if t in rules.inherent:
            inherent.add(c)
        if t in rules.blind_zone:
            bz.add(c)
        if t in rules.depression:
            dep.add(c)
    side: dict[tuple[Cell, Cell], tuple[Fraction, Fraction, str, bool]] = {}
    joined: set[tuple[Cell, Cell]] = set()
    for (a, b), feats in m.hexsides().items():
        if "depression" in feats:
            joined.add(((a.q, a.r), (b.q, b.r)))
            joined.add(((b.q, b.r), (a.q, a.r)))
        for f in sorted(feats):
            if f in rules.hexside_obstacle:
                hgt, rule = rules.hexside_obstacle[f]
                ca, cb = (a.q, a.r), (b.q, b.r)
                along = f in rules.hexside_blocks_along
                entry = (max(ground[ca], ground[cb]) + hgt, hgt, f"{f} ({rule})", along)
                side[(ca, cb)] = entry
                side[(cb, ca)] = entry
    p = _Prepared(m, rules, ground, top, height, why, hind, inherent, bz, dep, joined, side, label)
    if len(_PREPARED) > 32:
        _PREPARED.clear()
    _PREPARED[key] = p
    return p


def _lv(x: Fraction | int) -> str:
    f = Fraction(x)
    if f.denominator == 1:
        return str(f.numerator)
    whole, rest = divmod(f.numerator, f.denominator)
    return f"{whole} {rest}/{f.denominator}" if whole else f"{rest}/{f.denominator}"


# --- the crossing elements ----------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def _relative_elements(dq: int, dr: int) -> tuple[Element, ...]:
    out: list[Element] = []
    prev: tuple[int, int] | None = None
    for kind, cells in relative_trace(dq, dr):
        if kind is StepKind.HEX:
            c = cells[0]
            if prev is not None:
                out.append(("side", (prev, c), 0))
            out.append(("hex", (c,), _range(c)))
            prev = c
        elif kind is StepKind.HEXSIDE:
            out.append(("along", cells, _range(cells[0])))
            prev = None
        else:
            out.append(("graze", cells, _range(cells[0])))
            prev = None
    return tuple(out)


def _range(c: Cell) -> int:
    q, r = c
    return max(abs(q), abs(r), abs(q + r))


def trace_elements(a: Hex, b: Hex) -> tuple[Element, ...]:
    """The crossing elements of the exact trace from a to b, relative to a (cells are offsets from a)."""
    return _relative_elements(b.q - a.q, b.r - a.r)


def check_los(
    m: HexMap, a: Hex, b: Hex, rules: LosRules, *, a_height: Fraction | int = 0, b_height: Fraction | int = 0
) -> LosResult:
    """LOS from a to b. ``a_height``/``b_height`` raise an end above its hex's ground (e.g. a building's upper
    level, ASL h1; PG 8.34 town spotting +1 level)."""
    if a not in m or b not in m:
        raise ValueError(T("both ends must be on the map {map}", map=m.source))
    return evaluate(prepare(m, rules), rules, a, b, trace_elements(a, b), a_height, b_height, origin=a)


def evaluate(
    p: _Prepared,
    rules: LosRules,
    a: Hex,
    b: Hex,
    elements: Sequence[Element],
    a_height: Fraction | int = 0,
    b_height: Fraction | int = 0,
    *,
    origin: Hex | None = None,
) -> LosResult:
    """Judge a traced line under the game's rules. ``elements`` come from :func:`trace_elements` (cells
    relative to ``origin``) or from any other tracer, e.g. the pixel reference (absolute cells, no origin)."""
    q0, r0 = (origin.q, origin.r) if origin is not None else (0, 0)
    org = (q0, r0)
    els = tuple(elements)
    if rules.model == "none":
        return LosResult(LosStatus.CLEAR, T("no line of sight in {game} ({rule})",
                                            game=rules.game, rule=rules.model_rule), 0, None,
                         rules.model_rule, els, org)
    ca, cb = (a.q, a.r), (b.q, b.r)
    if ca == cb:
        return LosResult(LosStatus.CLEAR, T("same hex"), 0, None, "", els, org)
    in_a = a_height < 0 and ca in p.depression
    in_b = b_height < 0 and cb in p.depression
    if in_a or in_b:
        why_dep = _depression_blocks(p, els, q0, r0, ca, cb, a_height, b_height, in_a, in_b)
        if why_dep:
            return LosResult(LosStatus.BLOCKED, T("blocked: {why}", why=why_dep), 0, None, "A6.3", els, org)
        # A6.3 settled the depression; the rest of the line is judged with the IN end at the ground.
        a_height = 0 if in_a else a_height
        b_height = 0 if in_b else b_height
    ground = p.ground
    ea = ground[ca] + a_height
    eb = ground[cb] + b_height
    lo, hi = (ea, eb) if ea <= eb else (eb, ea)
    low_end, high_end = (ca, cb) if ea <= eb else (cb, ca)
    total = _dist(ca, cb)
    same_level = ea == eb
    model = rules.model
    per_range: dict[int, int] = {}
    hind_cells: list[Cell] = []
    higher: set[Cell] = set()
    top_of = p.top
    sides = p.side

    def blocks(c: Cell, rng: int) -> str | None:
        """Why hex c (at range rng from a) blocks, or None. Off-map hexes (a line may clip the edge of a
        board between two edge hexes) hold nothing."""
        g = ground.get(c)
        if g is None:
            return None
        if same_level and g > hi and rules.higher_ground_blocks_at > 1:
            # PG 8.4 case 1 as translated: two or more higher slope hexes between ends at one level block
            higher.add(c)
            if len(higher) < rules.higher_ground_blocks_at:
                return None
            return (f"{len(higher)} higher slope hexes between ends at one level, level {g} "
                    f"({rules.higher_ground_rule or rules.model_rule})")
        if g > lo:
            why = _ground_blocks(p, rules, c, g, lo, hi, low_end, high_end, total)
            if why:
                return why
        t = top_of.get(c)
        if t is None or t <= lo:
            return None
        if t > hi or (t == hi and model != "pg"):
            return p.why[c]
        if model == "pg":
            if t == hi and _dist(c, low_end) < _dist(c, high_end):
                return T("{why}; closer to the lower unit (8.4)", why=p.why[c])
            return None
        if model == "fireteam":
            if c in p.blind_zone:
                if _dist(c, low_end) == 1:
                    return T("{why}; the lower end is in its blind zone (6.18)", why=p.why[c])
                return None
            if 2 * _dist(c, high_end) >= total:
                return T("{why}; nearer the lower end (6.17, digest heuristic)", why=p.why[c])
            return None
        # ASL A6.4-A6.43: the lower end may lie in the obstacle's blind hexes.
        h_full = int(p.height[c])
        if h_full == 0:
            return None  # A6.21: half-level obstacles make no blind hexes
        count = _blind_count(h_full, _dist(c, high_end), int(hi) - int(t), g - ground[low_end], crest=False)
        if _dist(c, low_end) <= count:
            return T("{why}; {hex} is within its {count} blind hex(es) (A6.4-A6.43)",
                     why=p.why[c], hex=p.label[low_end], count=count)
        return None

    for kind, rel, rng in els:
        if kind == "graze":
            continue
        cells = tuple((q0 + q, r0 + r) for q, r in rel)
        if kind == "side":
            c1, c2 = cells
            s = sides.get((c1, c2))
            if s is not None:
                why = _side_blocks(s, c1, c2, ca, cb, ea, eb, hi, rules, along=False)
                if why:
                    return _blocked(p, f"{p.label[c1]}-{p.label[c2]}", why, Hex(*c2), els, org)
            continue
        if kind == "along":
            c1, c2 = cells
            s = sides.get((c1, c2))
            if s is not None:
                why = _side_blocks(s, c1, c2, ca, cb, ea, eb, hi, rules, along=True)
                if why:
                    return _blocked(p, f"{p.label[c1]}-{p.label[c2]}", why, Hex(*c1), els, org)
            r1, r2 = blocks(c1, rng), blocks(c2, rng)
            if (r1 and c1 in p.inherent) or (r2 and c2 in p.inherent):
                why = T("{why}; inherent terrain along the hexside (B.6)",
                        why=r1 if r1 and c1 in p.inherent else r2)
                return _blocked(p, f"{p.label[c1]}/{p.label[c2]}", why, Hex(*c1), els, org)
            if r1 and r2:
                why = T("{why}; on both sides of the hexside ({rule})", why=r1, rule=rules.along_rule)
                return _blocked(p, f"{p.label[c1]}/{p.label[c2]}", why, Hex(*c1), els, org)
            inner: tuple[Cell, ...] = cells
        else:
            c = cells[0]
            if c in (ca, cb):
                continue
            why1 = blocks(c, rng)
            if why1:
                return _blocked(p, p.label[c], why1, Hex(*c), els, org)
            inner = cells
        # A6.7: hindrances count at the ends' level only; equidistant hexes count once (the larger).
        if rules.hindrance_same_level_only and not same_level:
            continue
        for c in inner:
            v = p.hindrance.get(c)
            if v and ground[c] == ea:
                if v > per_range.get(rng, 0):
                    per_range[rng] = v
                hind_cells.append(c)
    hindrance = sum(per_range.values())
    if hindrance:
        names = ", ".join(dict.fromkeys(p.label[c] for c in hind_cells))
        limit = rules.hindrance_blocks_at
        if limit is not None and hindrance >= limit:
            text = T("blocked: hindrance +{n} through {hexes} reaches {limit} ({rule})",
                     n=hindrance, hexes=names,
                     limit=limit, rule=rules.hindrance_blocks_rule)
            return LosResult(LosStatus.BLOCKED, text, hindrance, None, rules.hindrance_blocks_rule, els, org)
        rule = "A6.7" if rules.game == "asl" else ""
        text = (T("hindered +{n} through {hexes} ({rule})", n=hindrance, hexes=names, rule=rule) if rule
                else T("hindered +{n} through {hexes}", n=hindrance, hexes=names))
        return LosResult(LosStatus.HINDERED, text, hindrance, None, rule, els, org)
    return LosResult(LosStatus.CLEAR, "clear", 0, None, "", els, org)


def _depression_blocks(
    p: _Prepared,
    els: tuple[Element, ...],
    q0: int,
    r0: int,
    ca: Cell,
    cb: Cell,
    a_height: Fraction | int,
    b_height: Fraction | int,
    in_a: bool,
    in_b: bool,
) -> str | None:
    """A6.3 / A.6: seeing a unit IN a depression (level -1) needs a level of height advantage per hex of
    range; depression hexes reached from it through contiguous depression hexsides (not vertices) are free.
    Two units IN depressions see each other only along contiguous depression (A6.8 example)."""
    cells: list[tuple[str, tuple[Cell, ...]]] = [
        (kind, tuple((q0 + q, r0 + r) for q, r in rel)) for kind, rel, _ in els
    ]
    total = _dist(ca, cb)

    def contiguous(seq: list[tuple[str, tuple[Cell, ...]]]) -> int:
        """Depression hexes joined hexside by hexside to the line's first hex (a vertex breaks the chain)."""
        count, expect_side = 0, True
        for kind, cs in seq[1:]:
            if expect_side:
                if kind != "side" or (cs[0], cs[1]) not in p.joined:
                    break
            elif kind != "hex" or cs[0] not in p.depression:
                break
            else:
                count += 1
            expect_side = not expect_side
        return count

    forward = cells
    backward = list(reversed(cells))
    if in_a and in_b:
        if contiguous(forward) >= total:  # the chain reaches b: the whole line runs in joined depression
            return None
        return T("{a} and {b} are both IN depressions with no depression hexside joining them along the line "
                 "(A6.3, A6.8 example)", a=p.label[ca], b=p.label[cb])
    low, high = (ca, cb) if in_a else (cb, ca)
    high_level = p.ground[high] + (b_height if in_a else a_height)
    joined = contiguous(forward) if in_a else contiguous(backward)
    needed = total - min(joined, total - 1)
    if high_level + 1 >= needed:
        return None
    return T("{low} is IN a depression: seeing it needs {needed} level(s) of height advantage over level -1 "
             "at "
             "this range, {high} has {has} (A6.3)", low=p.label[low], needed=needed, high=p.label[high],
             has=high_level + 1)


def _blind_count(h_full: int, r_obs: int, advantage: int, drop: int, *, crest: bool) -> int:
    """A6.4-A6.43 as the digest formalises it: full height + 1 per 5 hexes of range to the obstacle, minus
    each level of advantage beyond the first, plus the drop behind (a crest adds only the drop above 1,
    B10.23, and may reach 0); at least 1 otherwise, applied after 6.43 (digest A1 section 5.5)."""
    if crest:
        return max(0, h_full + r_obs // 5 - max(0, advantage - 1) + max(0, drop - 1))
    return max(1, h_full + r_obs // 5 - max(0, advantage - 1) + drop)


_GROUND_RULE = {"asl": "A6.2; hills are B10, demo", "pg": "8.4", "fireteam": "6.15"}


def _ground_blocks(
    p: _Prepared, rules: LosRules, c: Cell, g: int, lo: Fraction | int, hi: Fraction | int, low_end: Cell,
    high_end: Cell, total: int,
) -> str | None:
    """Higher ground between the ends (lo < g)."""
    if g > hi:
        return T("higher ground, level {level} ({rule})",
                 level=g, rule=_GROUND_RULE.get(rules.model, rules.model_rule))
    if rules.model == "pg":
        # PG 8.4 case 2: a slope at the higher unit's height blocks only when closer to the lower unit.
        if g == hi and _dist(c, low_end) < _dist(c, high_end):
            return T("slope at level {level}, closer to the lower unit (8.4)", level=g)
        return None
    if g == hi:
        if rules.model == "fireteam":
            return None  # 6.14: a unit sees across its own hill's same-level hexes
        # ASL: the high end's own plateau; its edge is a crest line (A6.43 crest variant, B10.23 not in text).
        count = _blind_count(0, _dist(c, high_end), 0, g - p.ground[low_end], crest=True)
        if _dist(c, low_end) <= count:
            return T("crest at level {level}: {hex} is a blind hex behind it (A6.43; B10.23 demo)", level=g,
                     hex=p.label[low_end])
        return None
    if rules.model == "fireteam":
        if 2 * _dist(c, high_end) >= total:
            return T("hill at level {level}, nearer the lower end (6.17, digest heuristic)", level=g)
        return None
    count = _blind_count(0, _dist(c, high_end), int(hi) - g, g - p.ground[low_end], crest=True)
    if _dist(c, low_end) <= count:
        return T("crest at level {level}: {hex} is a blind hex behind it (A6.43; B10.23 demo)", level=g,
                 hex=p.label[low_end])
    return None


def _side_blocks(
    s: tuple[Fraction, Fraction, str, bool],
    c1: Cell,
    c2: Cell,
    ca: Cell,
    cb: Cell,
    ea: Fraction | int,
    eb: Fraction | int,
    hi: Fraction | int,
    rules: LosRules,
    *,
    along: bool,
) -> str | None:
    top, height, text, blocks_along = s
    if along and not blocks_along:
        return None
    if rules.hexside_adjacent_exempt and (c1 in (ca, cb) or c2 in (ca, cb)):
        return None  # A6.2 / B9.2, Fire Team 6.12: the hexside obstacle is one of an end's own sides
    if height == 0 and ea != eb:
        return None  # Fire Team 6.16: crests do not affect LOS between different levels
    if top >= hi:
        return T("{what}, along the hexside", what=text) if along else text
    return None


def _dist(c1: Cell, c2: Cell) -> int:
    dq = c1[0] - c2[0]
    dr = c1[1] - c2[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def _blocked(p: _Prepared, where: str, why: str, at: Hex, els: tuple[Element, ...], org: Cell) -> LosResult:
    rule = why[why.rfind("(") + 1: why.rfind(")")] if "(" in why else ""
    return LosResult(LosStatus.BLOCKED, T("blocked at {where}: {why}",
                                          where=where, why=why), 0, at, rule, els, org)


def visibility(
    m: HexMap, a: Hex, rules: LosRules, *, a_height: Fraction | int = 0
) -> dict[Hex, LosResult]:
    """LOS from a to every hex of the map (clear, hindered or blocked, each with its reason)."""
    p = prepare(m, rules)
    return {
        h: evaluate(p, rules, a, h, trace_elements(a, h), a_height, 0, origin=a) for h in m.hexes
    }
