"""Hex geometry: Red Blob's published vectors, the exact line trace, and property tests."""

from __future__ import annotations

import itertools

import pytest
from hexmate.rules.hexes import (
    DIRECTIONS,
    Hex,
    StepKind,
    center,
    cube_round,
    direction_between,
    distance,
    line,
    line_sampled,
    neighbors,
    offset_to_axial,
    pixel_to_hex,
    ring,
    rotate,
    spiral,
)
from hypothesis import given
from hypothesis import strategies as st

# --- Red Blob Games' published test vectors (redblobgames.com/grids/hexagons/implementation.html) --------
# Red Blob writes Hex(q, r, s); ours is Hex(q, r) with s derived.


def test_red_blob_arithmetic() -> None:
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(4, -10).s == 6


def test_red_blob_distance() -> None:
    assert distance(Hex(3, -7), Hex(0, 0)) == 7


def test_red_blob_neighbor() -> None:
    # Red Blob's hex_neighbor(Hex(1, -2, 1), 2) == Hex(1, -3, 2): direction 2 there is (0, -1, +1) = our N.
    assert Hex(1, -2) + Hex(0, -1) == Hex(1, -3)
    assert Hex(1, -3) in neighbors(Hex(1, -2))


def test_red_blob_rotation() -> None:
    # hex_rotate_right(Hex(1, -3, 2)) == Hex(3, -2, -1); hex_rotate_left(Hex(1, -3, 2)) == Hex(-2, -1, 3)
    assert rotate(Hex(1, -3), 1) == Hex(3, -2)
    assert rotate(Hex(1, -3), -1) == Hex(-2, -1)


def test_red_blob_round() -> None:
    # hex_round(hex_lerp(Hex(0,0,0), Hex(10,-20,10), 0.5)) == Hex(5,-10,5); a/b at 0.499 and 0.501.
    assert cube_round(5.0, -10.0, 5.0) == Hex(5, -10)
    assert cube_round(0.499, -0.499, 0.0) == Hex(0, 0)
    assert cube_round(0.501, -0.501, 0.0) == Hex(1, -1)
    # a*0.4 + b*0.3 + c*0.3 rounds to a; a*0.3 + b*0.3 + c*0.4 rounds to c (c = Hex(0, -1, 1))
    assert cube_round(0.3, -0.6, 0.3) == Hex(0, 0)
    assert cube_round(0.3, -0.7, 0.4) == Hex(0, -1)


def test_red_blob_linedraw() -> None:
    # hex_linedraw(Hex(0,0,0), Hex(1,-5,4)) == [(0,0,0), (0,-1,1), (0,-2,2), (1,-3,2), (1,-4,3), (1,-5,4)]
    expected = (Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(1, -3), Hex(1, -4), Hex(1, -5))
    assert line_sampled(Hex(0, 0), Hex(1, -5)).hexes == expected
    assert line(Hex(0, 0), Hex(1, -5)).hexes == expected


def test_red_blob_offset_coordinates() -> None:
    # qoffset_from_cube(EVEN, Hex(1,2,-3)) == (1, 3); qoffset_from_cube(ODD, Hex(1,2,-3)) == (1, 2).
    # Red Blob's EVEN/ODD count columns from 0 and name the columns pushed down; with 0-based columns
    # EVEN pushes down odd-numbered columns relative to ours, hence the crossed names below.
    assert offset_to_axial(1, 2, "odd") == Hex(1, 2)
    assert offset_to_axial(1, 3, "even") == Hex(1, 2)


# --- rings, spirals, centres -------------------------------------------------------------------------------


def test_ring_and_spiral_sizes() -> None:
    assert ring(Hex(2, 3), 0) == [Hex(2, 3)]
    for radius in range(1, 6):
        hexes = ring(Hex(2, 3), radius)
        assert len(hexes) == len(set(hexes)) == 6 * radius
        assert all(distance(Hex(2, 3), h) == radius for h in hexes)
    assert len(spiral(Hex(0, 0), 3)) == 1 + 6 + 12 + 18
    with pytest.raises(ValueError):
        ring(Hex(0, 0), -1)


def test_centres_are_one_pitch_apart_and_invert() -> None:
    for d in DIRECTIONS:
        x, y = center(d)
        assert abs((x * x + y * y) ** 0.5 - 1.0) < 1e-12
    for h in spiral(Hex(0, 0), 4):
        assert pixel_to_hex(*center(h)) == h


def test_direction_between() -> None:
    assert direction_between(Hex(0, 0), Hex(0, -1)) == 0
    with pytest.raises(ValueError):
        direction_between(Hex(0, 0), Hex(2, 0))


# --- the exact trace ---------------------------------------------------------------------------------------


def test_diagonal_line_runs_along_the_hexside() -> None:
    """A line to a hex 2 away between two common neighbours runs along their shared hexside (A6.1)."""
    trace = line(Hex(0, 0), Hex(2, -1))
    assert [s.kind for s in trace.steps] == [StepKind.HEX, StepKind.HEXSIDE, StepKind.HEX]
    assert set(trace.steps[1].hexes) == {Hex(1, -1), Hex(1, 0)}
    assert trace.along_hexsides and trace.crossed_hexsides == ()
    # Red Blob's nudged samples find the same pair.
    assert set(line_sampled(Hex(0, 0), Hex(2, -1)).steps[1].hexes) == {Hex(1, -1), Hex(1, 0)}


def test_exact_trace_finds_a_corner_clip_the_samples_miss() -> None:
    """N+1 samples skip hexes whose corner the segment clips; the exact walk keeps them."""
    exact = set(line(Hex(0, 0), Hex(-7, 1)).hexes)
    sampled = set(line_sampled(Hex(0, 0), Hex(-7, 1)).hexes)
    assert sampled < exact
    assert exact - sampled  # corner clips


def test_vertex_graze_is_flagged() -> None:
    """Delta (5, -1, -4) has all cube components equal mod 3: the segment passes exactly through vertices."""
    trace = line(Hex(0, 0), Hex(5, -1))
    vertex_steps = [s for s in trace.steps if s.kind is StepKind.VERTEX]
    assert vertex_steps
    for s in vertex_steps:
        assert s.hexes[0] not in trace.hexes


def _dense_hexes(b: Hex, samples: int = 3000) -> set[Hex]:
    """Hexes containing a sample point strictly inside (margin > 1e-9), by brute force."""
    out: set[Hex] = set()
    for j in range(samples + 1):
        t = j / samples
        p = (b.q * t, b.r * t, -(b.q + b.r) * t)
        h = cube_round(*p)
        hc = (h.q, h.r, h.s)
        margin = min(1 - sum((p[i] - hc[i]) * d[i] for i in range(3)) for d in
                     ((d.q, d.r, d.s) for d in DIRECTIONS))
        if margin > 1e-9:
            out.add(h)
    return out


@pytest.mark.parametrize("b", [Hex(-7, 1), Hex(-8, -3), Hex(5, -1), Hex(9, -4), Hex(3, 5), Hex(-11, 7)])
def test_exact_trace_matches_brute_force_sampling(b: Hex) -> None:
    trace = line(Hex(0, 0), b)
    interior = {h for s in trace.steps if s.kind is StepKind.HEX for h in s.hexes}
    assert interior == _dense_hexes(b)


# --- properties --------------------------------------------------------------------------------------------

coords = st.integers(min_value=-40, max_value=40)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, hexes)
def test_sampled_line_endpoints_and_length(a: Hex, b: Hex) -> None:
    trace = line_sampled(a, b)
    assert len(trace.steps) == distance(a, b) + 1
    assert trace.steps[0].hexes == (a,) and trace.steps[-1].hexes == (b,)


@given(hexes, hexes)
def test_exact_line_is_connected_and_contains_the_samples(a: Hex, b: Hex) -> None:
    trace = line(a, b)
    assert trace.steps[0].hexes == (a,) and trace.steps[-1].hexes == (b,)
    centres = [s.hexes[0] for s in trace.steps if s.kind is StepKind.HEX]
    for x, y in itertools.pairwise(centres):
        assert distance(x, y) in (1, 2)  # 2 only across a hexside run or a vertex
    assert set(line_sampled(a, b).hexes) <= set(trace.hexes)


@given(hexes, hexes)
def test_exact_line_is_reversible(a: Hex, b: Hex) -> None:
    """LOS is reciprocal (A6.5): the trace back crosses the same hexes."""
    assert set(line(a, b).hexes) == set(line(b, a).hexes)


def test_docstring_examples_run() -> None:
    import doctest

    from hexmate.rules import hexes, labels, maps, movement, terrain

    for module in (hexes, labels, maps, movement, terrain):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
