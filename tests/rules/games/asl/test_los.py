"""ASL LOS between Locations (A6, A24 SMOKE, A4.34 Bypass, A4.132 road), every example starting from the
rulebook's numbers, on the analogue maps of tests/rules/games/asl/maps/ (each file's notes say which example
it stands for and which hexes play which part)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.games.asl.locations import Location
from hexmate.rules.games.asl.los import (
    bypass_sight,
    bypass_vertices,
    location_los,
    road_sight,
    smoke_map,
)
from hexmate.rules.games.asl.special import Smoke
from hexmate.rules.los import LosStatus
from hexmate.rules.maps import HexMap, load_map

MAPS = Path(__file__).parent / "maps"


def board(name: str, **patch: Any) -> HexMap:
    """An analogue map, with hexes changed for an example's "if it were ..." variants."""
    if not patch:
        return load_map(MAPS / name)
    doc = json.loads((MAPS / name).read_text())
    doc["boards"][0]["hexes"].update(patch)
    return HexMap.from_dict(doc, source=name)


def at(m: HexMap, label: str, level: int = 0) -> Location:
    return Location(m.parse_label(label), level)


# --- A6.41-A6.43: blind hexes ------------------------------------------------------------------------------


@pytest.mark.parametrize(("firer_level", "blind"), [(2, 3), (3, 2), (4, 1), (6, 1)])
def test_a642_example_blind_hexes_behind_a_one_and_a_half_level_obstacle_12_hexes_away(
        firer_level: int, blind: int) -> None:
    """A6.42 example: a 1 1/2-level obstacle 12 hexes away makes 3 blind hexes for a level-2 firer, 2 from
    level 3, 1 from level 4 or higher (the 1/2 level is ignored, +2 for range, -1 per level beyond the first).
    The obstacle is a building with one upper level (its height 1 1/2 is the B23 demo value)."""
    m = board("blind.json", A1={"level": firer_level})
    behind = [location_los(m, at(m, "xA1"), at(m, f"xA{13 + k}")) for k in range(1, 6)]
    assert [r.blocked for r in behind] == [True] * blind + [False] * (5 - blind)
    assert f"within its {blind} blind hex(es) (A6.4-A6.43)" in behind[0].reason


@pytest.mark.parametrize(("frd", "blind"), [(4, 1), (5, 2), (9, 2), (10, 3)])
def test_a641_one_more_blind_hex_per_five_hexes_to_the_obstacle(frd: int, blind: int) -> None:
    """A6.41: each 5 hexes (FRD) from the firer to a full-level obstacle add a blind hex behind it. The
    level-2 firer at A1 has no advantage over the 1 1/2-level building beyond the first level (A6.42), so
    the building's 1 blind hex (A6.4) grows to 2 at 5 hexes and 3 at 10, and stays 1 at 4, 2 at 9."""
    building = {"terrain": "stone-building", "features": ["building-level-1"]}
    m = board("blind.json", A13="open", **{f"A{1 + frd}": building})
    behind = [location_los(m, at(m, "xA1"), at(m, f"xA{1 + frd + k}")) for k in range(1, 5)]
    assert [r.blocked for r in behind] == [True] * blind + [False] * (4 - blind)


def test_a643_example_board2() -> None:
    """A6.43 example (board 2): from the level-3 hill J4 no LOS to the level-1 hill hex H2 (woods in I3),
    nor to H1 (the drop from I3's ground to H1 adds a blind hex); H1 at level 1, or J4 at level 4, would be
    seen."""
    m = board("board2.json")
    assert location_los(m, at(m, "2J4"), at(m, "2H2")).blocked
    assert location_los(m, at(m, "2J4"), at(m, "2H1")).blocked
    m1 = board("board2.json", H1={"level": 1})
    assert not location_los(m1, at(m1, "2J4"), at(m1, "2H1")).blocked
    m4 = board("board2.json", J4={"level": 4})
    assert not location_los(m4, at(m4, "2J4"), at(m4, "2H1")).blocked


def test_a62_an_upper_building_level_sees_over_a_lower_obstacle_and_cites_it() -> None:
    """A6.2: LOS cannot go through an obstacle and beyond unless an end is above it: the woods (Level 1)
    block between ground Locations; from level 2 of a building the firer sees past them, except the blind
    hex right behind (A6.4)."""
    m = board("blind.json", A1={"terrain": "stone-building", "features": ["building-level-1",
                                                                             "building-level-2"]},
              A3="woods", A13="open")
    ground = location_los(m, at(m, "xA1"), at(m, "xA6"))
    assert ground.blocked and ground.reason == "blocked at xA3: woods, Level 1 obstacle (A6.2 example)"
    assert location_los(m, at(m, "xA1", 2), at(m, "xA4")).blocked  # the blind hex (A6.4)
    assert location_los(m, at(m, "xA1", 2), at(m, "xA5")).status is LosStatus.CLEAR


# --- A6.3, A6.8: depressions --------------------------------------------------------------------------------


def test_a63_example_board5() -> None:
    """A6.3 example (board 5): FF6 cannot see the bottom of EE8 (1 level of advantage at range 2); GG7 can,
    through the adjacent FF7 whose depression runs on into EE8; a unit at Crest in EE8 is at ground level."""
    m = board("board5.json")
    assert location_los(m, at(m, "5FF6"), at(m, "5EE8", -1)).blocked
    assert not location_los(m, at(m, "5GG7"), at(m, "5EE8", -1)).blocked
    assert not location_los(m, at(m, "5EE8", -1), at(m, "5GG7")).blocked  # A6.5 reciprocity
    assert not location_los(m, at(m, "5FF6"), at(m, "5EE8")).blocked


def test_a68_example_gully_bottoms_board12() -> None:
    """A6.8 example (board 12): units at the bottoms of BB4 and AA5 are adjacent but do not see each other:
    no depression hexside joins the hexes."""
    m = board("board12.json")
    r = location_los(m, at(m, "12BB4", -1), at(m, "12AA5", -1))
    assert r.blocked and "A6.3" in r.rule


# --- A6.8: building levels ----------------------------------------------------------------------------------


def test_a68_example_another_building_level_between_board12() -> None:
    """A6.8 example (board 12): a ground-level unit in U5 cannot see units at level 2 of U5 or at level 1 of
    V4: another building level lies between them. (Next levels of one hex see each other by its stairs.)"""
    m = board("board12.json")
    r = location_los(m, at(m, "12U5"), at(m, "12U5", 2))
    assert r.blocked and r.reason == ("blocked: another building level lies between 12U5 and 12U5 level 2 "
                                      "(A6.8 example)")
    r = location_los(m, at(m, "12U5"), at(m, "12V4", 1))
    assert r.blocked and "12V4 level 1" in r.reason and r.rule == "A6.8"
    assert [m.label(h) for h in r.hexes] == ["12U5", "12V4"]  # the line the page and LEDs draw
    assert location_los(m, at(m, "12V4", 1), at(m, "12U5")).blocked  # A6.5 reciprocity
    assert not location_los(m, at(m, "12U5"), at(m, "12U5", 1)).blocked
    assert not location_los(m, at(m, "12U5", 1), at(m, "12V4", 1)).blocked


def test_a68_example_bypassing_unit_behind_its_obstacle_board12() -> None:
    """A6.8 example (board 12): a unit in P2 cannot see a unit in O3 Bypassing along the O3-N3 hexside: the
    thread to either vertex of that hexside crosses O3's woods, and to the centre dot it crosses no Bypassed
    hexside first (A4.34)."""
    m = board("board12.json")
    p = m.parse_label
    s = bypass_sight(m, at(m, "12P2"), p("12O3"), [p("12N3")])
    assert s.result.blocked and s.result.rule == "A4.34"
    assert "woods" in s.result.reason


# --- A6.7: hindrances ---------------------------------------------------------------------------------------


def test_a67_example_equidistant_hindrances_board4() -> None:
    """A6.7 example (board 4): 4V3 to W10 crosses 7 hindrance hexes for +5: V6/W6 and V7/W7 are equidistant
    pairs, each counted once. (The wreck variant, +6, is in tests/rules/test_los.py: the terrain table has no
    wreck.)"""
    m = board("board4.json")
    r = location_los(m, at(m, "4V3"), at(m, "4W10"))
    assert r.status is LosStatus.HINDERED and r.hindrance == 5
    assert r.reason.startswith("hindered +5 through") and r.rule == "A6.7"


def test_a67_example_grain_at_the_same_level_only_board3() -> None:
    """A6.7 example (board 3): 3T1 to V2 crosses the U2 grain: +1 hindrance (the +1 hedge and -1 FFNAM are the
    fire's); from level 1 of a T1 building the grain no longer hinders (DRM 0 with the hedge and FFNAM)."""
    m = board("board3.json")
    ground = location_los(m, at(m, "3T1"), at(m, "3V2"))
    assert ground.status is LosStatus.HINDERED and ground.hindrance == 1
    upper = location_los(m, at(m, "3T1", 1), at(m, "3V2"))
    assert upper.status is LosStatus.CLEAR and upper.hindrance == 0


# --- A24: SMOKE ---------------------------------------------------------------------------------------------


def _smoke() -> tuple[HexMap, Any]:
    m = board("smoke.json")
    p = m.parse_label
    return m, smoke_map([(p("yI4"), Smoke("ordnance")), (p("yI5"), Smoke("ordnance", dispersed=True))])


def test_a244_example_smoke_within_and_through() -> None:
    """A24.4 example: the 7-4-7 in I5 (dispersed SMOKE +2, +1 fired from within) at the 4-6-7 in G7: +3; at
    the 5-4-8 in H3, through I4's +3 SMOKE too: +6, no LOS (the +6 SMOKE block the A24.61 example shows too,
    citing B.10); the 5-4-8, not in smoke, sees the 7-4-7 at +5."""
    m, smoke = _smoke()
    assert location_los(m, at(m, "yI5"), at(m, "yG7"), smoke).hindrance == 3
    r = location_los(m, at(m, "yI5"), at(m, "yH3"), smoke)
    assert r.blocked and r.hindrance == 6 and r.rule == "A24.2"
    back = location_los(m, at(m, "yH3"), at(m, "yI5"), smoke)
    assert back.status is LosStatus.HINDERED and back.hindrance == 5
    assert "SMOKE +5 in yI4, yI5 (A24.2)" in back.reason


def test_a244_example_fire_down_through_smoke_below_the_firer() -> None:
    """A24.4 example: the 6-6-6 in an upper Location of I4 fires down through the ground-level SMOKE in I4
    (not from within it) at the 5-4-8 in H3: +3. SMOKE is not within reach of a thread that stays above its
    top (two levels over its base, A24.4): from level 3 of I4 to a level-3 hill in G7 the thread runs above
    both SMOKE counters; at level 2 it is not above them."""
    m, smoke = _smoke()
    assert location_los(m, at(m, "yI4", 2), at(m, "yH3"), smoke).hindrance == 3
    tall = {"terrain": "stone-building", "features": [f"building-level-{n}" for n in (1, 2, 3)]}
    far = board("smoke.json", I4=tall, G7={"level": 3})
    assert location_los(far, at(far, "yI4", 3), at(far, "yG7"), smoke).status is LosStatus.CLEAR
    low = board("smoke.json", G7={"level": 2})
    assert location_los(low, at(low, "yI4", 2), at(low, "yG7"), smoke).hindrance == 5


# --- A4.34 Bypass, A4.132 road: other aiming points (A6.12) -------------------------------------------------


def test_a434_example_bypass_vertices_board2() -> None:
    """A4.34 example (board 2): a squad Bypassing D4, fired at from C7. Along D4-C4 and D4-C5 the vertices are
    in LOS: FFNAM and FFMO (-2). Along D4-E4 and D4-E5 the vertex D4-D3-E4 (the text prints D4-E3-E4) is
    behind the D4 building; the others cross the D4-D5 wall: its TEM, no FFMO."""
    m = board("board2.json")
    p = m.parse_label
    west = bypass_sight(m, at(m, "2C7"), p("2D4"), [p("2C4"), p("2C5")])
    assert west.result.status is LosStatus.CLEAR and west.ffmo and west.aim.startswith("vertex")
    east_sides = [p("2E4"), p("2E5")]
    assert len(bypass_vertices(p("2D4"), east_sides)) == 3
    assert len(bypass_vertices(p("2D4"), [p("2E4")])) == 2
    east = bypass_sight(m, at(m, "2C7"), p("2D4"), east_sides)
    assert not east.result.blocked and east.crossed == ("wall",) and not east.ffmo


def test_a434_example_wall_along_its_hexspine_board2() -> None:
    """A4.34 example: fire from C5 exactly along the D4-D5 wall's hexspine to the vertex D4-D5-E5 still gets
    the wall's TEM (B9.3)."""
    from hexmate.rules.games.asl.los import sight_to_point, vertex

    m = board("board2.json")
    p = m.parse_label
    s = sight_to_point(m, at(m, "2C5"), p("2D4"), vertex(p("2D4"), p("2D5"), p("2E5")), "vertex")
    assert not s.result.blocked and s.crossed == ("wall",)


def test_a4132_example_road_aiming_point_board5() -> None:
    """A4.132 example (board 5): a squad that entered the I4 woods across the H3-I4 hexside for the road's
    1 MF is open to FFMO from H4 or I3 (the road point is seen without crossing the woods), never from I5 or
    J4 (their thread crosses the woods); had it entered otherwise, H4 gets no FFMO. A unit entering the I9
    building by the I10 road for 1 MF: fire from I8 crosses the building before either point, no FFMO; from
    I10, H9 or J9 the road point is seen. (The example's G2/J3/K3/L2 and the FFMO from H8/J8 need the
    woods-road and building artwork inside the hexes, which a hex map does not hold.)"""
    m = board("board5.json")
    p = m.parse_label
    i4, h3 = p("5I4"), p("5H3")
    for firer in ("5H4", "5I3"):
        seen = road_sight(m, at(m, firer), i4, h3)
        assert seen.ffmo and seen.aim == "road at the 5H3-5I4 hexside", firer
    for firer in ("5I5", "5J4"):
        assert not road_sight(m, at(m, firer), i4, h3).ffmo, firer
    assert not road_sight(m, at(m, "5H4"), i4, p("5I3")).ffmo
    i9, i10 = p("5I9"), p("5I10")
    assert not road_sight(m, at(m, "5I8"), i9, i10).ffmo
    assert all(road_sight(m, at(m, f), i9, i10).ffmo for f in ("5I10", "5H9", "5J9"))


def test_a815_example_snap_shot_sees_the_whole_hexside_board1() -> None:
    """A8.15 example (board 1): the 5-2-7 in H5 sees H7 and I7; the 4-4-7 in K2 sees neither H7 (the J4
    building) nor G7 (the H5 building) but the whole H7-G7 hexside, so it may Snap Shoot there. With walls on
    H7-H6 and G7-H6 the Snap Shot from K2 crosses them: their +2 TEM."""
    from hexmate.rules.games.asl.los import hexside_sight

    m = board("board1.json")
    p = m.parse_label
    assert not location_los(m, at(m, "1H5"), at(m, "1H7")).blocked
    assert not location_los(m, at(m, "1H5"), at(m, "1I7")).blocked
    assert location_los(m, at(m, "1K2"), at(m, "1H7")).blocked
    assert location_los(m, at(m, "1K2"), at(m, "1G7")).blocked
    snap = hexside_sight(m, at(m, "1K2"), p("1H7"), p("1G7"))
    assert not snap.result.blocked and snap.crossed == () and snap.aim == "whole hexside 1H7-1G7"
    doc = json.loads((MAPS / "board1.json").read_text())
    doc["boards"][0]["hexsides"] = [{"hex": "H7", "side": "N", "features": ["wall"]},
                                    {"hex": "G7", "side": "NE", "features": ["wall"]}]
    walled = HexMap.from_dict(doc, source="board1.json")
    walls = {(walled.label(x), walled.label(y)) for x, y in walled.hexsides()}
    assert walls == {("1H6", "1H7"), ("1G7", "1H6")}
    snap = hexside_sight(walled, at(walled, "1K2"), p("1H7"), p("1G7"))
    assert not snap.result.blocked and snap.crossed == ("wall",)
    # from K3 the threads to the hexside cross a building: no Snap Shot, and the reason says which
    hidden = hexside_sight(m, at(m, "1K3"), p("1H7"), p("1G7"))
    assert hidden.result.blocked and "stone-building" in hidden.result.reason


def test_a65_reciprocity_between_locations() -> None:
    """A6.5: LOS is the same both ways, between Locations at any level of the analogues' buildings, hills and
    depressions (SMOKE apart: A24.8 makes fire out of smoke worse than fire into it)."""
    import random

    from hexmate.rules.games.asl.locations import levels

    rnd = random.Random(65)
    for name in ("board3.json", "board12.json", "board2.json"):
        m = board(name)
        hexes = sorted(m.hexes)
        for _ in range(300):
            a, b = rnd.choice(hexes), rnd.choice(hexes)
            la = Location(a, rnd.choice(levels(m, a)))
            lb = Location(b, rnd.choice(levels(m, b)))
            ab, ba = location_los(m, la, lb), location_los(m, lb, la)
            assert ab.status == ba.status, (name, la, lb, ab.reason, ba.reason)
            assert ab.hindrance == ba.hindrance


def test_a6_11_the_pages_check_los_only_where_the_scenario_allows_free_checks(make_position: Any) -> None:
    """A6.11: no LOS check for an attack before it is declared; ``options.free_los_checks`` (a teaching SSR)
    lifts it for the pages."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"}]
    strict = make_position("asl", units, "PFPh")
    why = strict.game.los_check_refused(strict)
    assert why is not None and "(A6.11)" in str(why)
    free = make_position("asl", units, "PFPh", options={"free_los_checks": True})
    assert free.game.los_check_refused(free) is None
