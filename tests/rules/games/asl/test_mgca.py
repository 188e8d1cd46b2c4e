"""A9.21 in play (mgca.py): a SW HMG firing from woods keeps firing (its kept ROF) only within the CA of its
first fire in the phase; in open ground, or once the phase is over, it fires all round; a pinned user's CA
fixed in the PFPh stays into the DFPh. Demo counters (HMG ROF 3) and the demo IFT."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import markers, mgca
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def board(make_position: Any, terrain: str = "woods", pinned: bool = False, mg: str = "HMG") -> Position:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4",
              "markers": ["pinned"] if pinned else []},
             {"id": "a-mg", "counter": mg, "side": "a", "hex": "C4", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C7"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C1"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "C8"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C4": terrain})
    return pos


def test_a9_21_the_hmg_in_woods_fires_again_only_within_its_first_ca(make_position: Any) -> None:
    """A9.21: after firing at C7 and keeping its ROF, the HMG in woods may fire at C8 (the same CA) but not at
    C1 behind it."""
    pos = board(make_position)
    pos.push_text("fire a-mg at C7 dice 5,1")  # coloured 1: the ROF is kept (A9.2)
    while pos.decision is not None:
        pos.push_text("answer dice 6,6")
    assert not pos.units["a-mg"].has("prep_fire")
    assert pos.parse_action("fire a-mg at C1") not in pos.legal_actions
    with pytest.raises(IllegalAction, match="CA") as err:
        pos.push_text("fire a-mg at C1 dice 6,5")
    assert err.value.rule == "A9.21"
    pos.push_text("fire a-mg at C8 dice 6,5")  # inside the CA: allowed
    assert pos.units["a-mg"].has("prep_fire")


def test_a9_21_in_open_ground_the_hmg_fires_all_round(make_position: Any) -> None:
    pos = board(make_position, terrain="open")
    pos.push_text("fire a-mg at C7 dice 5,1")
    while pos.decision is not None:
        pos.push_text("answer dice 6,6")
    pos.push_text("fire a-mg at C1 dice 6,5")
    assert pos.units["a-mg"].has("prep_fire")


def test_a9_21_the_ca_comes_off_at_the_phase_end_and_reads_as_a_phrase(make_position: Any) -> None:
    """A9.21: the CA counter is removed at the end of the phase (the marker reads with its rule)."""
    pos = board(make_position)
    pos.push_text("fire a-mg at C7 dice 5,1")
    while pos.decision is not None:
        pos.push_text("answer dice 6,6")
    mark = next(m for m in pos.units["a-mg"].markers if m.startswith(mgca.PREFIX))
    assert "(A9.21)" in str(markers.phrase(mark))
    after = mgca.phase_over(pos, pos.state)
    assert not any(m.startswith(mgca.PREFIX) for m in after.units["a-mg"].markers)


@pytest.mark.parametrize("pinned", [True, False])
def test_a9_21_a_pinned_users_ca_stays_into_the_dfph(make_position: Any, pinned: bool) -> None:
    """A9.21's exception: b's HMG in woods fixed its CA at C7 in a's MPh and its user was pinned: in the DFPh
    it may not fire at C1 outside that CA; unpinned, the MPh's CA is gone and it fires all round."""
    from hexmate.rules.games.asl import facing as fc

    probe = board(make_position)
    c4, c7 = probe.map.parse_label("C4"), probe.map.parse_label("C7")
    arcs = "".join(str(f) for f in range(6) if fc.in_arc(c4, c7, f))
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4",
              "markers": ["pinned"] if pinned else []},
             {"id": "b-mg", "counter": "HMGr", "side": "b", "hex": "C4", "carrier": "b-1",
              "markers": [f"mgca:1:a:MPh:{arcs}"]},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C7"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C1"}]
    pos = make_position("asl", units, "DFPh", counters=COUNTERS, hexes={"C4": "woods"})
    if pinned:
        with pytest.raises(IllegalAction, match="CA"):
            pos.push_text("fire b-mg at C1 dice 6,5")
    else:
        pos.push_text("fire b-mg at C1 dice 6,5")
        assert pos.units["b-mg"].has("final_fire")


UPPER = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}


def stairwell(make_position: Any) -> Position:
    """a's 4-6-7 and HMG on the ground level of C4, a stone building with a level 1 and the stairs; b's
    squads on C4's level 1 and in C7."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "a-mg", "counter": "HMG", "side": "a", "hex": "C4", "carrier": "a-1"},
             {"id": "b-up", "counter": "4-4-7r", "side": "b", "hex": "C4", "level": 1},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C7"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "C8"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C4": UPPER})
    return pos


def settle(pos: Position) -> None:
    while pos.decision is not None:
        pos.push_text("answer dice 6,6")


def test_a9_21_fired_up_the_stairwell_the_hmg_fires_on_only_up_there(make_position: Any) -> None:
    """A9.21: the HMG fires up the stairwell at C4's level 1 and keeps its ROF: its CA is fixed vertically,
    so it may fire there again but not at C7 (its first fire's floor only)."""
    pos = stairwell(make_position)
    pos.push_text("fire a-mg at C4 dice 5,1")  # coloured 1: the ROF is kept (A9.2)
    settle(pos)
    assert mgca.vertical_now(pos, pos.units["a-mg"]) == 1
    with pytest.raises(IllegalAction, match=r"stairwell to level 1") as err:
        pos.push_text("fire a-mg at C7 dice 6,5")
    assert err.value.rule == "A9.21"
    pos.push_text("fire a-mg at C4 dice 6,5")  # the same Location up the stairs: allowed
    assert pos.units["a-mg"].has("prep_fire")


def test_a9_21_a_ca_fixed_round_the_hex_holds_no_level_up_the_stairwell(make_position: Any) -> None:
    """A9.21: fired first at C7 (a horizontal CA), the HMG may not then fire up the stairwell."""
    pos = stairwell(make_position)
    pos.push_text("fire a-mg at C7 dice 5,1")
    settle(pos)
    with pytest.raises(IllegalAction, match=r"within the CA"):
        pos.push_text("fire a-mg at C4 dice 6,5")
    pos.push_text("fire a-mg at C8 dice 6,5")
    assert pos.units["a-mg"].has("prep_fire")
