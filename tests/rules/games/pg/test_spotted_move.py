"""The SPOTTED marker as the unit moves (8.22): a spotted unit moving into other restrictive terrain farther
from the enemy than its TEC range (3, the default, 8.21) is no longer spotted there and then, so it draws no
opportunity fire unless spotted again on its way; in clear terrain in sight it stays spotted."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import spotting

from .conftest import unit as _u


def test_8_22_a_spotted_unit_entering_woods_out_of_range_loses_the_marker_at_once(make_position: Any,
                                                                                 pg: Any) -> None:
    """a1 (SPOTTED) moves C4-D4 into the woods, 5 hexes from the HMG at I4 (range 5): in D4 it is no longer
    spotted (5 > 3) as it enters, so the HMG's opportunity window offers no shot at it."""
    units = [_u("a1", "C4", "inf", "a", "spotted"), _u("h", "I4", "hmg7", "b")]
    pos = pg(make_position, units, hexes={"D4": "woods"})
    pos.push_text("move a1 C4-D4")
    assert pos.label(pos.units["a1"].hex) == "D4" and not pos.units["a1"].has(spotting.SPOTTED)
    while pos.decision is not None:
        assert pos.decision.side == "b"
        assert not any(a.kind == "fire" for a in pos.legal_actions)  # no opportunity fire at it
        pos.push_text("answer pass")
    assert not pos.units["a1"].has(spotting.SPOTTED)


def test_8_22_in_clear_terrain_in_sight_it_stays_spotted(make_position: Any, pg: Any) -> None:
    units = [_u("a1", "C4", "inf", "a", "spotted"), _u("h", "I4", "hmg7", "b")]
    pos = pg(make_position, units)
    pos.push_text("move a1 C4-D4")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.units["a1"].has(spotting.SPOTTED)
