"""Line of sight: the digests' LOS examples on purpose-made maps, each cited; properties on the demo board."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.hexes import Hex
from hexmate.rules.los import LosRules, LosStatus, _blind_count, check_los, visibility
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.terrain import load_game_terrain

ROOT = Path(__file__).resolve().parents[2] / "rules"
ASL = load_game_terrain("asl").los_rules()
PG = load_game_terrain("pg").los_rules()
FT = load_game_terrain("fireteam").los_rules()


def asl_map(hexes: dict[str, Any], sides: list[dict[str, Any]] | None = None, columns: int = 33) -> HexMap:
    return HexMap.from_dict({"format": "hexmate-map/1", "name": "t", "game": "asl", "boards": [
        {"id": "", "grid": {"kind": "asl", "columns": columns, "rows": 10}, "hexes": hexes,
         "hexsides": sides or []}]})


def los(m: HexMap, a: str, b: str, rules: LosRules = ASL, **kw: Any) -> Any:
    return check_los(m, m.parse_label(a), m.parse_label(b), rules, **kw)


# --- ASL A6 ------------------------------------------------------------------------------------------------


def test_a62_woods_block_a_ground_level_line_and_say_why() -> None:
    """A6.2 example: woods are a Level 1 obstacle; ground-level units cannot see through them."""
    m = asl_map({"C3": "woods"})
    r = los(m, "A3", "E3")
    assert r.status is LosStatus.BLOCKED
    assert r.reason == "blocked at C3: woods, Level 1 obstacle (A6.2 example)"
    assert r.blocked_at == m.parse_label("C3")
    # Into and out of the woods is fine (A6.2: not through and beyond).
    assert los(m, "A3", "C3").status is LosStatus.CLEAR


def test_a62_a_higher_observer_sees_over_woods_beyond_the_blind_hexes() -> None:
    """A6.2/A6.4: a level-2 observer sees over ground-level woods except the blind hex right behind them."""
    m = asl_map({"A3": {"level": 2}, "C3": "woods"})
    assert los(m, "A3", "D3").status is LosStatus.BLOCKED  # the first hex behind: blind (A6.4)
    assert "blind hex" in los(m, "A3", "D3").reason
    assert los(m, "A3", "F3").status is LosStatus.CLEAR


def test_a642_blind_hex_counts() -> None:
    """A6.42 example: a 1 1/2-level obstacle 12 hexes off: 3 blind hexes from level 2, 2 from 3, 1 from 4+."""
    # _blind_count(full height, range to obstacle, firer level - obstacle full-level top, drop behind)
    assert _blind_count(1, 12, 2 - 1, 0, crest=False) == 3
    assert _blind_count(1, 12, 3 - 1, 0, crest=False) == 2
    assert _blind_count(1, 12, 4 - 1, 0, crest=False) == 1
    assert _blind_count(1, 12, 6 - 1, 0, crest=False) == 1


def _a643_map(j4: int = 3, h1: int = 0) -> HexMap:
    # Levels the digest infers for the A6.43 example (board 2): woods in I3 on level-1 ground, H2 level 1.
    return asl_map({"J4": {"level": j4}, "J3": {"level": 2}, "I4": {"level": 2},
                    "I3": {"terrain": "woods", "level": 1},
                    "I2": {"level": 1}, "H2": {"level": 1}, "H1": {"level": h1}})


def test_a643_example() -> None:
    """A6.43 example: from level-3 J4, H2 (level 1) and H1 are blind behind the I3 woods; H1 at level 1, or
    J4 at level 4, would be seen (A6.42)."""
    assert los(_a643_map(), "J4", "H2").blocked
    assert los(_a643_map(), "J4", "H1").blocked
    assert not los(_a643_map(h1=1), "J4", "H1").blocked
    assert not los(_a643_map(j4=4), "J4", "H1").blocked


def test_a65_reciprocity_on_the_demo_board() -> None:
    """A6.5: if the higher unit sees the lower, the lower sees the higher (and blocked both ways alike)."""
    m = load_map(ROOT / "maps" / "demo-asl.json")
    hexes = sorted(m.hexes)
    rnd = random.Random(65)
    for _ in range(1500):
        a, b = rnd.choice(hexes), rnd.choice(hexes)
        ab, ba = check_los(m, a, b, ASL), check_los(m, b, a, ASL)
        assert ab.status == ba.status, (m.label(a), m.label(b), ab.reason, ba.reason)
        assert ab.hindrance == ba.hindrance


def test_a67_equidistant_hindrances_count_once() -> None:
    """A6.7 example (board 4): 4V3 -> W10 crosses 7 hindrance hexes but V6/W6 and V7/W7 are equidistant: +5.
    With a wreck in V7 (a +2 hindrance there) the total is +6."""
    hind = {x: "grain" for x in ("V5", "V6", "W6", "V7", "W7", "W8", "W9")}
    m = asl_map(hind)
    r = los(m, "V3", "W10")
    assert r.status is LosStatus.HINDERED and r.hindrance == 5
    assert {m.label(h) for h in r.hexes} >= set(hind)
    wreck = LosRules(**{**ASL.__dict__, "hindrance": {**ASL.hindrance, "wreck": (2, "D9.4")}})
    m2 = asl_map({**hind, "V7": "wreck"})
    r2 = los(m2, "V3", "W10", wreck)
    assert r2.hindrance == 6
    # A +6 total blocks (A24.4/A24.61 examples, B.10); A6.7 itself only states the DRM.
    assert r2.status is LosStatus.BLOCKED and "reaches 6" in r2.reason


def test_a67_grain_hinders_only_at_the_same_level() -> None:
    """A6.7 example (board 3): 3T1 -> V2 through U2 grain is hindered +1; from level 1 of a T1 building the
    grain no longer hinders."""
    m = asl_map({"U2": "grain", "T1": "stone-building"})
    assert los(m, "T1", "V2").hindrance == 1
    assert los(m, "T1", "V2").status is LosStatus.HINDERED
    assert los(m, "T1", "V2", a_height=1).status is LosStatus.CLEAR


def test_a67_own_hex_hindrance_does_not_count() -> None:
    """A6.7: a hindrance in the firer's or target's own hex does not count."""
    m = asl_map({"T1": "grain", "V2": "grain"})
    assert los(m, "T1", "V2").status is LosStatus.CLEAR


def test_a61_hexspine_needs_the_obstacle_on_both_sides() -> None:
    """A6.1: a thread exactly along a hexside is blocked only by artwork on both sides; the exact trace
    reports the pair (the line D2 -> F2 runs along the E2/E3 hexside)."""
    one = asl_map({"E2": "woods"})
    both = asl_map({"E2": "woods", "E3": "woods"})
    r = los(one, "D2", "F2")
    assert r.status is LosStatus.CLEAR
    assert {one.label(h) for h in r.hexes} == {"D2", "E2", "E3", "F2"}
    assert los(both, "D2", "F2").blocked
    assert "both sides" in los(both, "D2", "F2").reason


def test_b6_inherent_terrain_along_a_hexside_counts_from_one_side() -> None:
    """A6.1 exception (B.6): a thread along an inherent-terrain hex's hexside is affected by it."""
    rules = LosRules(**{**ASL.__dict__, "obstacle": {**ASL.obstacle, "grain": (Fraction(1), "demo")}})
    m = asl_map({"E2": "grain"})
    assert check_los(m, m.parse_label("D2"), m.parse_label("F2"), rules).blocked


def test_a621_wall_blocks_same_level_ground_lines_only() -> None:
    """A6.21: a half-level obstacle (wall) blocks a same-level line through it, not a line from a higher
    level; A6.2 (B9.2): not when it is a side of the firer's or target's hex."""
    m = asl_map({}, [{"hex": "C3", "side": "N", "features": ["wall"]}])
    r = los(m, "C5", "C1")
    assert r.blocked and "wall" in r.reason
    assert not los(m, "C3", "C1").blocked  # the wall is the firer's own hexside
    m2 = asl_map({"C5": {"level": 1}}, [{"hex": "C3", "side": "N", "features": ["wall"]}])
    assert not los(m2, "C5", "C1").blocked  # firer one level up


def test_a6_wall_along_the_line_counts() -> None:
    """A4.34 example (B9.3): a wall the line runs exactly along still counts."""
    m = asl_map({}, [{"hex": "E2", "side": "S", "features": ["wall"]}])
    assert los(m, "D2", "F2").blocked


def test_same_hex_and_visibility() -> None:
    m = load_map(ROOT / "maps" / "demo-asl.json")
    a = m.parse_label("DA1")
    seen = visibility(m, a, ASL)
    assert set(seen) == set(m.hexes)
    assert seen[a].status is LosStatus.CLEAR
    for h in list(m.hexes)[::17]:
        assert seen[h] == check_los(m, a, h, ASL)
    assert {r.status for r in seen.values()} >= {LosStatus.CLEAR, LosStatus.BLOCKED}


# --- Panzer Grenadier 8.3-8.4 -------------------------------------------------------------------------------


def pg_map(hexes: dict[str, Any]) -> HexMap:
    return HexMap.from_dict({"format": "hexmate-map/1", "name": "pg", "game": "pg", "boards": [
        {"id": "", "grid": {"kind": "ccrr", "columns": [1, 20], "rows": [1, 15], "low": "even"},
         "default": {"terrain": "clear"}, "hexes": hexes}]})


def test_pg_832_obstacle_heights() -> None:
    """8.32: woods on a 20 m hill obstruct at 40 m (level 2); woods at 0 m at 20 m (level 1)."""
    m = pg_map({"0903": {"terrain": "woods", "level": 1}, "1205": "woods"})
    from hexmate.rules.los import prepare

    p = prepare(m, PG)
    w = m.parse_label("0903")
    assert p.top[(w.q, w.r)] == 2
    h = m.parse_label("1205")
    assert p.top[(h.q, h.r)] == 1


def test_pg_84_same_level_blocking_and_light_terrain() -> None:
    """8.4 case 1: town or woods between same-level units block; one orchard does not, two do."""
    assert los(pg_map({"0503": "woods"}), "0303", "0703", PG).blocked
    assert not los(pg_map({"0503": "orchard"}), "0303", "0703", PG).blocked
    r = los(pg_map({"0403": "orchard", "0503": "orchard"}), "0303", "0703", PG)
    assert r.blocked and "reaches 2" in r.reason


def test_pg_84_different_levels_closer_to_the_lower_unit() -> None:
    """8.4 case 2: woods whose top equals the higher unit's height block only when closer to the lower unit
    (equidistant is not closer)."""
    near_high = pg_map({"0301": {"level": 1}, "0302": "woods"})
    near_low = pg_map({"0301": {"level": 1}, "0304": "woods"})
    middle = pg_map({"0301": {"level": 1}, "0303": "woods"})
    assert not los(near_high, "0301", "0305", PG).blocked
    assert los(near_low, "0301", "0305", PG).blocked
    assert not los(middle, "0301", "0305", PG).blocked


def test_pg_84_along_a_hexside_needs_both_sides() -> None:
    """8.4 case 1.3: a line along a hexside is blocked only by blocking terrain on both sides."""
    m1 = pg_map({"0402": "woods"})
    m2 = pg_map({"0402": "woods", "0403": "woods"})
    line_ends = ("0303", "0503")
    r1 = los(m1, *line_ends, PG)
    assert {m1.label(h) for h in r1.hexes} >= {"0402", "0403"}
    assert not r1.blocked
    assert los(m2, *line_ends, PG).blocked


# --- Fire Team 6.12-6.16 ------------------------------------------------------------------------------------


def ft_map(sides: list[dict[str, Any]], hexes: dict[str, Any] | None = None) -> HexMap:
    return HexMap.from_dict({"format": "hexmate-map/1", "name": "ft", "game": "fireteam", "boards": [
        {"id": "B", "grid": {"kind": "ccrr", "columns": [14, 28], "rows": [1, 10], "low": "odd"},
         "default": {"terrain": "open", "level": 1}, "hexes": hexes or {}, "hexsides": sides}]})


def test_fire_team_612_crest_examples() -> None:
    """6.12 (map B): B2003 -> B1703 blocked by a crest between; B2003 -> B1803 clear (the crest is the
    target's own hexside); a line along the crest hexside (B2105 -> B2004) or touching only its end
    (B1707 -> B1806) is clear."""
    m = ft_map([{"hex": "1803", "side": _side_towards("1803", "1903"), "features": ["crest"]},
                {"hex": "2005", "side": _side_towards("2005", "2104"), "features": ["crest"]},
                {"hex": "1807", "side": _side_towards("1807", "1806"), "features": ["crest"]}])
    assert los(m, "B2003", "B1703", FT).blocked
    assert not los(m, "B2003", "B1803", FT).blocked
    assert not los(m, "B2105", "B2004", FT).blocked
    assert not los(m, "B1707", "B1806", FT).blocked


def _side_towards(a: str, b: str) -> str:
    from hexmate.rules.hexes import DIRECTION_NAMES, direction_between
    from hexmate.rules.labels import Grid

    g = Grid.ccrr(14, 28, 1, 10, low="odd")
    return DIRECTION_NAMES[direction_between(g.to_hex(*g.parse(a)), g.to_hex(*g.parse(b)))]


def test_fire_team_616_different_levels_ignore_crests_and_see_over_low_woods() -> None:
    """6.16: crests have no LOS effect between different levels; woods on level 0 (obstruct at 0.5) do not
    block a line between level-1 units (6.15: obstacles lower than both units do not block)."""
    m = ft_map([{"hex": "1803", "side": _side_towards("1803", "1903"), "features": ["crest"]}],
               {"2003": {"level": 2}})
    assert not los(m, "B2003", "B1703", FT).blocked
    low_woods = ft_map([], {"1803": {"terrain": "woods", "level": 0}})
    assert not los(low_woods, "B2003", "B1603", FT).blocked


def test_unknown_hex_is_refused() -> None:
    m = asl_map({})
    with pytest.raises(ValueError):
        check_los(m, Hex(99, 99), m.parse_label("A1"), ASL)


def test_fire_team_642_hill_between_vehicles() -> None:
    """6.42 example: B2705 and B2703 cannot combine fire because the hill (B2704, higher) blocks their LOS;
    B2706 - B2704 - B2603 see each other in a chain."""
    m = ft_map([], {"2704": {"level": 2}})
    assert los(m, "B2705", "B2703", FT).blocked
    assert "higher ground, level 2" in los(m, "B2705", "B2703", FT).reason
    flat = ft_map([])
    assert not los(flat, "B2706", "B2704", FT).blocked and not los(flat, "B2704", "B2603", FT).blocked


# --- ASL depressions (A.6, A6.3, A6.8) ----------------------------------------------------------------------


def _gully(joined: list[tuple[str, str]]) -> HexMap:
    """A gully through FF7 and EE8 (board 5's A6.3 example) and BB4/AA5 (board 12's A6.8 example)."""
    from hexmate.rules.hexes import DIRECTION_NAMES, direction_between
    from hexmate.rules.labels import Grid

    g = Grid.asl()
    sides = []
    for a, b in joined:
        d = direction_between(g.to_hex(*g.parse(a)), g.to_hex(*g.parse(b)))
        sides.append({"hex": a, "side": DIRECTION_NAMES[d], "features": ["depression"]})
    return asl_map({x: "gully" for x in ("FF7", "EE8", "BB4", "AA5")}, sides)


def test_a63_seeing_into_a_depression() -> None:
    """A6.3 example (board 5): FF6 cannot see the bottom of EE8 (1 level of advantage at range 2, and the line
    runs along the FF7/EE7 hexside rather than through FF7's bottom); GG7 can, through the adjacent FF7,
    whose depression continues into EE8."""
    m = _gully([("FF7", "EE8")])
    assert los(m, "FF6", "EE8", b_height=-1).blocked
    assert "A6.3" in los(m, "FF6", "EE8", b_height=-1).reason
    assert not los(m, "GG7", "EE8", b_height=-1).blocked
    assert not los(m, "EE8", "GG7", a_height=-1).blocked  # A6.5 reciprocity
    assert not los(m, "FF6", "EE8").blocked  # a unit at Crest in EE8 is at ground level


def test_a63_height_per_hex_of_range() -> None:
    """A6.3: a ground-level unit always sees into an adjacent depression; at 2 hexes it needs level 1."""
    m = asl_map({"E5": "gully", "E3": {"level": 1}})
    assert not los(m, "E4", "E5", b_height=-1).blocked
    assert los(m, "E7", "E5", b_height=-1).blocked
    assert not los(m, "E3", "E5", b_height=-1).blocked


def test_a68_adjacent_gully_bottoms_need_a_joining_hexside() -> None:
    """A6.8 example (board 12): units at the bottoms of BB4 and AA5 are adjacent but cannot see each other,
    because no depression hexside joins the two hexes."""
    assert los(_gully([]), "BB4", "AA5", a_height=-1, b_height=-1).blocked
    assert not los(_gully([("BB4", "AA5")]), "BB4", "AA5", a_height=-1, b_height=-1).blocked
