"""Facing, covered arcs and target aspect from chapter D's examples (D2.11, D2.22, D3.2, D3.51, D17.25)."""

from __future__ import annotations

import pytest
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.hexes import Hex, distance, neighbor
from hexmate.rules.labels import Grid

GRID = Grid.asl()  # the examples' hex ids, on one board (A2.2: even columns sit lower)


def hx(text: str) -> Hex:
    return GRID.to_hex(*GRID.parse(text))


def label(h: Hex) -> str:
    return GRID.format(*GRID.from_hex(h))


def names(hexes: tuple[Hex, ...]) -> set[str]:
    return {label(h) for h in hexes}


def test_d2_11_example_turns_and_forward_entry() -> None:
    # D2.11 example: a tank in Motion in M3 with VCA L2-M2 turns two hexspines to N2-N3, enters N3, turns one
    # hexspine to O4-N4 and enters N4.
    m3 = hx("M3")
    f = 2
    assert names(fc.front_hexes(m3, f)) == {"L2", "M2"}
    assert hx("M4") not in fc.front_hexes(m3, f)  # entering M4 needs a turn first
    g = fc.turn_toward(f, m3, hx("N3"))
    assert names(fc.front_hexes(m3, g)) == {"N2", "N3"} and fc.turns(f, g) == 2
    n3 = hx("N3")
    assert names(fc.front_hexes(n3, g)) == {"O3", "O4"}  # same facing after entry: O3 or O4 next
    h = fc.turn_toward(g, n3, hx("N4"))
    assert names(fc.front_hexes(n3, h)) == {"O4", "N4"} and fc.turns(g, h) == 1 and h == 5


def test_d2_22_rear_hexes() -> None:
    # D2.22 example (BT-7 in FF5, VCA FF4-GG5): the two rear hexes are FF6 and EE6.
    ff5 = hx("FF5")
    assert names(fc.front_hexes(ff5, 1)) == {"FF4", "GG5"}
    assert names(fc.rear_hexes(ff5, 1)) == {"FF6", "EE6"}


def test_d3_51_case_a_hexspines() -> None:
    # D3.51 example: PzIV H in X5, VCA X6-Y6, TCA W6-X6; a 4-4-7 in Z5.
    x5 = hx("X5")
    assert names(fc.front_hexes(x5, 5)) == {"X6", "Y6"}
    assert names(fc.front_hexes(x5, 4)) == {"W6", "X6"}
    z5 = hx("Z5")
    assert not fc.in_arc(x5, z5, 5)  # not inside t=300: the 60-degree arc
    assert fc.hexspines_to(x5, z5, 4) == 2  # TCA to Y6-Y5: two hexspines, +2 for a T turret
    assert names(fc.front_hexes(x5, fc.facing_to(x5, z5, 4))) == {"Y5", "Y6"}
    z3 = hx("Z3")
    assert fc.bearing(x5, z3) == pytest.approx(49.1, abs=0.05)
    assert fc.in_arc(x5, z3, 1) and not fc.in_arc(x5, z3, 0)  # inside VCA X4-Y5, outside TCA Y5-Y6
    assert names(fc.front_hexes(x5, 1)) == {"X4", "Y5"}
    assert fc.hexspines_to(x5, z3, 5) == 2  # the BMG needs the hull turned two hexspines


def test_d3_2_aspect_tie_breaks() -> None:
    # D3.2: a LOS along the hexspine parting Front and Side hits the Front; Side and Rear, the Side.
    t = hx("M5")
    f = 0
    for firer, expected in [("O5", "front"), ("M3", "side"), ("M7", "side"), ("K5", "rear"), ("O4", "front")]:
        assert fc.aspect(t, f, hx(firer)) == expected, firer
    # bearings of exactly 60 and 120 degrees from the faced vertex
    assert fc.aspect(t, 1, hx("O4")) == "front"  # O4 is at 30 deg: inside front (delta 30)
    assert fc.aspect(t, 0, hx("N3")) == "front"  # N3: 60 deg from the front vertex, along the hexspine
    assert fc.aspect(t, 0, hx("L3")) == "side"  # L3: 120 deg, along the hexspine parting Side and Rear


@pytest.mark.parametrize(
    ("die", "aspect"), [(1, "rear"), (2, "rear"), (3, "side"), (4, "side"), (5, "front"), (6, "front")]
)
def test_d3_2_same_hex_colored_die(die: int, aspect: str) -> None:
    assert fc.same_hex_aspect(die) == aspect
    assert fc.same_hex_aspect(die, placed=True) == "rear"  # FT, MOL, DC in the same hex
    assert fc.same_hex_aspect(die, bypass_hull=True) == "side"  # D2.32: a bypassing vehicle's hull
    assert fc.same_hex_aspect(die, placed=True, bypass_hull=True) == "rear"  # placed: Rear even in bypass


def test_d17_25_rear_arc_boundary() -> None:
    # D17.25 example: NKL-26 in Y8, VCA Z7-Z8; V6 is on the boundary of its rear VCA, and one hexspine
    # turn to Y7-Z7 moves V6 out of it.
    y8 = hx("Y8")
    assert names(fc.front_hexes(y8, 0)) == {"Z7", "Z8"}
    assert fc.bearing(y8, hx("V6")) == pytest.approx(150.0)
    assert fc.in_rear_arc(y8, hx("V6"), 0)
    assert names(fc.front_hexes(y8, 1)) == {"Y7", "Z7"}
    assert not fc.in_rear_arc(y8, hx("V6"), 1)


def test_d2_321_bypass_arcs_of_a_psw_in_bb3() -> None:
    # PSW 234/2 bypassing 23BB3 along the BB3/CC4 hexside toward the BB3/BB4/CC4 vertex (heading 240).
    bb3 = hx("BB3")
    side = fc.side_toward(330)  # the hexside toward CC4
    assert label(neighbor(bb3, side)) == "CC4"
    assert fc.bypass_heading(side, -1) == 240.0 and label(fc.bypass_focus(bb3, side, -1)) == "BB4"
    hexes = [GRID.to_hex(c, r) for c in range(20, 34) for r in range(0, 11) if GRID.contains(c, r)]

    def nearest(aspect: str) -> set[str]:
        found = [h for h in hexes if h != bb3 and fc.bypass_aspect(bb3, side, -1, h) == aspect]
        found.sort(key=lambda h: (distance(bb3, h), fc.bearing(bb3, h)))
        return {label(h) for h in found[:6]}

    assert nearest("front") == {"BB4", "AA5", "BB5", "Z5", "AA6", "BB6"}
    assert nearest("rear") == {"CC3", "CC2", "DD2", "CC1", "DD1", "EE2"}
    assert fc.bypass_aspect(bb3, side, -1, hx("AA4")) == fc.bypass_aspect(bb3, side, -1, hx("BB2")) == "side"
