"""A wall or hedge on the target's hexside in ordinary fire (A4.61 example 3, A8.15's wall +2; walls.py): its
TEM when the fire crosses that hexside into the target hex, instead of the hex's lower TEM, and no FFMO with
it (A4.6). Counters from the demo catalogue, the IFT from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import walls

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
HEDGE_S = [{"hex": "C3", "side": "S", "features": ["hedge"]}]  # between C3 and C4


def _pos(make_position: Any, phase: str = "MPh", firer: str = "C6", hexsides: Any = None,
         start: str = "C2") -> Any:
    units = [{"id": "a-1", "counter": "2-4-7", "side": "a", "hex": start},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": firer}]
    return make_position("asl", units, phase, counters=COUNTERS,
                         hexsides=HEDGE_S if hexsides is None else hexsides)


def _drm_lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if "(A4.6" in ln or "hexside" in ln]


def test_a4_61_example_3_assault_moving_behind_a_hedge_is_plus_1(make_position: Any) -> None:
    """A4.61 example 3: a HS Assault Moving in Open Ground behind a hedge: +1 (the hedge), no FFNAM (Assault
    Movement), no FFMO (a TEM protects it, A4.6)."""
    pos = _pos(make_position)
    pos.push_text("move a-1 C2-C3 as assault")
    text = pos.resolve(pos.parse_action("fire b-1 at C3 dice 3,4")).text()
    assert "hedge on the hexside the fire crosses into C3: +1 (A4.61)" in text
    assert "FFNAM" not in text and "FFMO" not in text and "Final DR: 7 +1 = 8" in text


def test_a4_61_example_3_without_assault_movement_is_0(make_position: Any) -> None:
    """A4.61 example 3: moving without Assault Movement behind the hedge: 0 (+1 hedge, -1 FFNAM)."""
    pos = _pos(make_position)
    pos.push_text("move a-1 C2-C3")
    text = pos.resolve(pos.parse_action("fire b-1 at C3 dice 3,4")).text()
    assert "hedge on the hexside the fire crosses into C3: +1 (A4.61)" in text
    assert "(FFNAM): -1 (A4.6)" in text and "FFMO" not in text and "Final DR: 7 +0 = 7" in text


def test_fire_from_the_other_side_does_not_cross_the_hedge(make_position: Any) -> None:
    """The hedge is on C3's side toward C4: fire from C1, to the north, enters C3 by C2 and crosses no hedge:
    Open Ground, FFNAM and FFMO (A4.6)."""
    pos = _pos(make_position, firer="C1", start="B3")
    pos.push_text("move a-1 B3-C3")
    text = pos.resolve(pos.parse_action("fire b-1 at C3 dice 3,4")).text()
    assert "hedge" not in text and "(FFMO): -1 (A4.6)" in text and "Final DR: 7 -2 = 5" in text


def test_a_wall_is_plus_2_in_any_fire_phase(make_position: Any) -> None:
    """A8.15's wall: +2 TEM to a unit behind it in the Prep Fire Phase too (no movement DRMs)."""
    wall = [{"hex": "C3", "side": "S", "features": ["wall"]}]
    pos = _pos(make_position, phase="PFPh", firer="C3", start="C6", hexsides=wall)
    text = pos.resolve(pos.parse_action("fire a-1 at C3 dice 3,4")).text()
    assert "wall on the hexside the fire crosses into C3: +2 (A4.61)" in text and "Final DR: 7 +2 = 9" in text


def test_the_entry_hexsides_of_a_line() -> None:
    """Straight down a column the line enters by the hex before; along a hexspine, by both hexsides."""
    from ..conftest import small_map

    m = small_map("asl")
    c3, c4, c6, d2, d3 = (m.parse_label(x) for x in ("C3", "C4", "C6", "D2", "D3"))
    assert walls.entry_sides(c6, c3) == (c4,)
    assert walls.entry_sides(m.parse_label("E4"), c3) == (d3,)
    assert set(walls.entry_sides(m.parse_label("E3"), c3)) == {d2, d3}  # along the D2-D3 hexspine
