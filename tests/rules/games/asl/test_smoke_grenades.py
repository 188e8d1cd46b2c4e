"""ASL smoke grenades through the game (A24.1, A24.11, A24.2): a squad with a smoke exponent places SMOKE in
the MPh, paying MF; the SMOKE hinders fire through it and goes at the end of the MPh. Counters: the test
catalogue's 4-6-7 given a smoke exponent of 2 (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "4-6-7s": {**ASL_COUNTERS["4-6-7"], "smoke": 2}}


def mph(make_position: Any, *extra: dict[str, Any]) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "G3"}, *extra]
    return make_position("asl", units, "MPh", counters=COUNTERS)


@pytest.mark.parametrize(("dr", "placed"), [(2, True), (3, False)])
def test_smoke_is_placed_on_a_dr_at_most_the_exponent(make_position: Any, dr: int, placed: bool) -> None:
    pos = mph(make_position)
    pos.push_text("smoke a-1 at D3")
    assert pos.decision is not None and pos.decision.then == "smoke_grenade" and pos.decision.dice == "dr"
    pos.push_text(f"answer dice {dr}")
    assert any(pos.label(h) == "D3" for h, _ in pos.game.gstate(pos.state).smoke) is placed
    # an adjacent Location costs 2 MF of its 4 (A24.1): two open hexes more, not three
    assert pos.game.group_budget([pos.units["a-1"]]) == 2


def test_a_6_ends_the_units_mph_and_one_attempt_per_mph(make_position: Any) -> None:
    pos = mph(make_position)
    pos.push_text("smoke a-1 at C3")
    pos.push_text("answer dice 6")
    assert pos.game.gstate(pos.state).smoke == ()
    assert (pos.decision.kind, pos.decision.rule) == ("react", "A8.12")  # its MF in C3: First Fire may follow
    pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"may still move.*A24\.1"):
        pos.push_text("smoke a-1 at C3")
    with pytest.raises(IllegalAction, match="already moved"):
        pos.push_text("move a-1 C3-D3")


def test_only_a_squad_with_an_exponent_in_its_own_or_an_adjacent_location(make_position: Any) -> None:
    pos = mph(make_position, {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C5"})
    with pytest.raises(IllegalAction, match=r"not a squad with a smoke exponent.*A24\.1"):
        pos.push_text("smoke a-2 at C5")
    with pytest.raises(IllegalAction, match=r"own Location or an adjacent one.*A24\.1"):
        pos.push_text("smoke a-1 at E3")


def test_smoke_hinders_defensive_first_fire_and_goes_at_the_end_of_the_mph(make_position: Any) -> None:
    """SMOKE in C5 between the mover entering C4 and the Russian in C7, down one column (A24.2: +2, and no
    FFMO through a hindrance, A4.6)."""
    pos = make_position("asl", [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C5"},
                                {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"},
                                {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C7"}],
                        "MPh", counters=COUNTERS)
    pos.push_text("smoke a-1 at C5")
    pos.push_text("answer dice 1")
    assert pos.game.status(pos)[-1] == "SMOKE in C5 (A24.2)"
    pos.push_text("answer pass")  # the First Fire window at a-1's MF spent in C5 (A8.12)
    pos.push_text("move a-2 C3-C4")
    assert pos.decision is not None and pos.decision.kind == "react"
    text = pos.resolve(pos.parse_action("fire b-1 at C4 dice 3,3")).text()
    assert "SMOKE: +2 (A24.2)" in text and "FFMO" not in text
    pos.push_text("answer pass")
    pos.push_text("end")
    assert pos.phase.id == "DFPh" and pos.game.gstate(pos.state).smoke == ()  # A24.11
    text = pos.resolve(pos.parse_action("fire b-1 at C4 dice 3,3")).text()
    assert "SMOKE" not in text


@pytest.mark.parametrize(("dr", "where"), [(3, "D3"), (4, "C3")])
def test_a24_1_a_location_one_level_up_needs_one_more_dr(make_position: Any, dr: int, where: str) -> None:
    """A24.1: into an adjacent Location one level higher the smoke goes only on a further dr of 1-3; on 4-6 it
    lands in the squad's own Location instead. D3: a hill hex of level 1; C3 level 0."""
    pos = make_position("asl", [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3"},
                                {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "G3"}],
                        "MPh", counters=COUNTERS, hexes={"D3": {"level": 1}})
    pos.push_text("smoke a-1 at D3")
    pos.push_text("answer dice 1")
    assert pos.decision.then == "smoke_climb" and pos.decision.rule == "A24.1"
    assert pos.game.gstate(pos.state).smoke == ()
    pos.push_text(f"answer dice {dr}")
    assert [pos.label(h) for h, _ in pos.game.gstate(pos.state).smoke] == [where]


def test_a24_1_never_two_levels_up(make_position: Any) -> None:
    pos = make_position("asl", [{"id": "a-1", "counter": "4-6-7s", "side": "a", "hex": "C3"},
                                {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "G3"}],
                        "MPh", counters=COUNTERS, hexes={"D3": {"level": 2}})
    with pytest.raises(IllegalAction, match=r"two or more levels higher.*A24\.1"):
        pos.push_text("smoke a-1 at D3")
