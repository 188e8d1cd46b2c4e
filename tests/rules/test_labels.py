"""Printed labels: every adjacency and range the digests derive from the rulebook examples, cited per case."""

from __future__ import annotations

import pytest
from hexmate.rules.hexes import Hex, distance, line, neighbors
from hexmate.rules.labels import Grid, LabelError, asl_column_letters, asl_column_number
from hypothesis import given
from hypothesis import strategies as st

ASL = Grid.asl()
FIRE_TEAM = Grid.ccrr(1, 60, 1, 30, low="odd")  # Fire Team 2.2: odd columns sit lower (digest 2.1)
SCHLIEFFEN = Grid.ccrr(1, 60, 1, 40, low="even")  # Schlieffen's War 2.1 river pairs (digest 2.4)


def asl(label: str) -> Hex:
    return ASL.to_hex(*ASL.parse(label))


def ft(label: str) -> Hex:
    return FIRE_TEAM.to_hex(*FIRE_TEAM.parse(label))


def sw(label: str) -> Hex:
    return SCHLIEFFEN.to_hex(*SCHLIEFFEN.parse(label))


def test_asl_board_has_346_cells_in_column_major_order() -> None:
    cells = list(ASL.cells())
    assert len(cells) == 17 * 10 + 16 * 11 == 346
    assert [ASL.format(*c) for c in cells[:12]] == [f"A{n}" for n in range(1, 11)] + ["B0", "B1"]
    assert ASL.format(*cells[-1]) == "GG10"


def test_asl_column_letters() -> None:
    assert [asl_column_letters(c) for c in (1, 26, 27, 33)] == ["A", "Z", "AA", "GG"]
    assert asl_column_number("GG") == 33
    with pytest.raises(LabelError):
        asl_column_number("AB")


@pytest.mark.parametrize("bad", ["A0", "A11", "B11", "HH1", "1A", "", "A", "GG11"])
def test_asl_labels_off_the_board_are_refused(bad: str) -> None:
    with pytest.raises(LabelError):
        ASL.parse(bad)


def test_every_asl_label_round_trips() -> None:
    for column, row in ASL.cells():
        text = ASL.format(column, row)
        assert ASL.parse(text) == (column, row)
        assert ASL.from_hex(ASL.to_hex(column, row)) == (column, row)


# (hex, the hexes the example says touch it, the rule whose example fixes it) - digest A1 section 2.7.
ASL_ADJACENT = [
    ("I4", ["H3", "H4", "J3", "J4"], "A4.132 example"),
    ("W4", ["V3", "V4", "X3", "X4", "W3", "W5"], "A4.133 example"),
    ("D4", ["C4", "C5", "E4", "E5"], "A4.31 example"),
    ("T3", ["S4", "T4"], "A7.7 example"),
    ("X2", ["W2"], "A8.41 example"),
    ("GG7", ["FF7"], "A6.3 example"),
    ("FF7", ["EE8"], "A6.3 example"),
    ("BB4", ["AA5"], "A6.8 example"),
]


@pytest.mark.parametrize(("hex_label", "adjacent", "rule"), ASL_ADJACENT)
def test_asl_adjacency_from_the_examples(hex_label: str, adjacent: list[str], rule: str) -> None:
    around = set(neighbors(asl(hex_label)))
    for other in adjacent:
        assert asl(other) in around, f"{hex_label}-{other} ({rule})"


@pytest.mark.parametrize(
    ("vertex", "rule"),
    [
        (("D4", "C4", "D3"), "A4.34 example: vertex D4-C4-D3"),
        (("D4", "C4", "C5"), "A4.34 example: vertex D4-C4-C5"),
        (("D4", "E4", "E5"), "A4.34 example: vertex D4-E4-E5"),
        (("D4", "D5", "E5"), "A4.34 example: vertex D4-D5-E5"),
    ],
)
def test_asl_vertices_named_in_the_examples_are_three_mutually_adjacent_hexes(
    vertex: tuple[str, str, str], rule: str
) -> None:
    a, b, c = (asl(x) for x in vertex)
    assert distance(a, b) == distance(b, c) == distance(a, c) == 1, rule


ASL_RANGES = [
    ("D6", "C5", 2, "A7.34 example"),
    ("D6", "C4", 3, "A7.34 example"),
    ("V3", "W10", 7, "A6.7 example"),
    ("V3", "V6", 3, "A6.7 example"),
    ("V3", "W6", 3, "A6.7 example"),
    ("V3", "V7", 4, "A6.7 example: V7 and W7 are equidistant"),
    ("V3", "W7", 4, "A6.7 example"),
    ("H5", "I7", 2, "A8.15 example"),
    ("K2", "H7", 7, "A8.15 example (long range for a range-4 unit)"),
    ("FF6", "EE8", 2, "A6.3 example"),
    ("GG7", "EE8", 2, "A6.3 example"),
    ("R6", "T7", 2, "A8.26 example"),
    ("T9", "T7", 2, "A8.26 example"),
]


@pytest.mark.parametrize(("a", "b", "expected", "rule"), ASL_RANGES)
def test_asl_ranges_from_the_examples(a: str, b: str, expected: int, rule: str) -> None:
    assert distance(asl(a), asl(b)) == expected, rule


def test_asl_range_formula_of_the_digest() -> None:
    """Digest A1 2.7: x = c-1, z = n - floor((c-1)/2), range = max |delta| of cube coordinates."""
    cells = list(ASL.cells())
    for c1, n1 in cells[::7]:
        for c2, n2 in cells[::5]:
            x1, z1 = c1 - 1, n1 - (c1 - 1) // 2
            x2, z2 = c2 - 1, n2 - (c2 - 1) // 2
            dx, dz = x1 - x2, z1 - z2
            assert distance(ASL.to_hex(c1, n1), ASL.to_hex(c2, n2)) == max(abs(dx), abs(dz), abs(dx + dz))


# --- Fire Team (odd columns lower), digest section 7.H, each pair cited ----------------------------------

FIRE_TEAM_RANGES = [
    ("1426", "1325", 1, "7.1 example"),
    ("2823", "2723", 1, "5.14 example"),
    ("5417", "5316", 1, "7.24 fig. G"),
    ("5417", "5516", 1, "7.24 fig. G"),
    ("5516", "5515", 1, "7.24 fig. G"),
    ("5515", "5415", 1, "7.24 fig. G"),
    ("2005", "2104", 1, "6.12 example"),
    ("4009", "4109", 1, "9.41 example"),
    ("4109", "4010", 1, "9.41 example"),
    ("4009", "4010", 1, "9.41 example"),
    ("2105", "2004", 2, "6.12 example"),
    ("1707", "1806", 2, "6.12 example"),
    ("2003", "1703", 3, "6.12 example"),
    ("2003", "1803", 2, "6.12 example"),
    ("2704", "2502", 3, "6.42 example"),
    ("2706", "2704", 2, "6.42 example"),
    ("2704", "2603", 2, "6.42 example"),
    ("2706", "2603", 4, "6.42 example"),
    ("4121", "4020", 2, "4.33 example"),
    ("4020", "3918", 2, "4.33 example"),
    ("4121", "4122", 1, "4.33 example"),
    ("3918", "3917", 1, "4.33 example"),
    ("3918", "3916", 2, "4.33 example"),
    ("1511", "1513", 2, "9.3 example"),
    ("4923", "4922", 1, "20.42 example"),
    ("4923", "5318", 7, "20.42 example"),
    ("4923", "5320", 5, "20.42 example"),
]


@pytest.mark.parametrize(("a", "b", "expected", "rule"), FIRE_TEAM_RANGES)
def test_fire_team_ranges(a: str, b: str, expected: int, rule: str) -> None:
    assert distance(ft(a), ft(b)) == expected, f"Fire Team {rule}"


def test_fire_team_612_line_runs_along_the_crest_hexside() -> None:
    """6.12: B2105 -> B2004 runs exactly along the hexside between 2005 and 2104."""
    assert {frozenset(p) for p in line(ft("2105"), ft("2004")).along_hexsides} == {
        frozenset({ft("2005"), ft("2104")})
    }


def test_fire_team_612_line_only_touches_the_end_of_the_crest() -> None:
    """6.12: B1707 -> B1806 touches the 1807|1806 crest only at its end; common neighbours 1706, 1807."""
    trace = line(ft("1707"), ft("1806"))
    assert {frozenset(p) for p in trace.along_hexsides} == {frozenset({ft("1706"), ft("1807")})}
    assert frozenset({ft("1807"), ft("1806")}) not in {frozenset(p) for p in trace.crossed_hexsides}


# --- Schlieffen's War (even columns lower) ---------------------------------------------------------------

@pytest.mark.parametrize("pair", [("1413", "1513"), ("1212", "1313"), ("1010", "1111"), ("1810", "1910")])
def test_schlieffen_river_hexsides_join_adjacent_hexes(pair: tuple[str, str]) -> None:
    """2.1 errata names these river hexsides, so the two hexes of each pair must be adjacent."""
    assert distance(sw(pair[0]), sw(pair[1])) == 1


def test_schlieffen_parity_is_not_fire_teams() -> None:
    """The same pair is not adjacent with odd columns lower: the offset convention matters (digest 2.4)."""
    assert distance(ft("1212"), ft("1313")) != 1


def test_ccrr_format() -> None:
    assert SCHLIEFFEN.format(8, 12) == "0812"  # 2.1: Antwerp is 0812
    with pytest.raises(LabelError):
        SCHLIEFFEN.parse("812")


@given(st.integers(1, 60), st.integers(1, 30), st.sampled_from(["odd", "even"]))
def test_ccrr_round_trip(column: int, row: int, low: str) -> None:
    grid = Grid.ccrr(1, 60, 1, 30, low=low)
    assert grid.parse(grid.format(column, row)) == (column, row)
    assert grid.from_hex(grid.to_hex(column, row)) == (column, row)
