"""ASL Hidden Initial Placement (A12.3-A12.32) in the rules core: the private set-up decision, the unit off
the shared state until revealed, and its revealing when it fires, moves or an enemy enters its Location.
Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import hip
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
HEXES = {"F3": "woods", "G3": "woods", "H3": "wooden-building"}


def game(make_position: Any, phase: str = "MPh", area: list[str] | None = None,
         hexes: dict[str, Any] | None = None, extra: list[dict[str, Any]] | None = None) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F6"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "B1"},
             {"id": "b-hip", "counter": "6-2-8", "side": "b", "hex": "B2"}, *(extra or [])]
    entry: dict[str, Any] = {"units": ["b-hip"], **({"area": area} if area else {})}
    return make_position("asl", units, phase, counters=COUNTERS, hexes={**HEXES, **(hexes or {})},
                         options={"hip": {"b": entry}})


def test_hip_set_up_through_a_private_decision_in_concealment_terrain(make_position: Any) -> None:
    pos = game(make_position, area=["F3", "G3", "F4", "H3", "B5"], hexes={"B5": "woods"},
               extra=[{"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B5"}])
    top = pos.decision
    assert (top.kind, top.side, top.private, top.then, top.rule) == ("hexes", "b", True, "hip_place", "A12.3")
    # F4 is Open Ground (A12.3); the woods of B5 hold an enemy unit
    assert sorted(pos.label(h) for h in top.hexes) == ["F3", "G3", "H3"]
    assert "b-hip" not in str(top.prompt)  # the prompt every page reads does not name it
    unit = pos.units["b-hip"]
    assert unit.hex is None and unit.concealed and unit.has("hip")  # on no hex of the shared state
    with pytest.raises(IllegalAction):
        pos.push_text("answer hex F4")
    pos.push_text("answer hex G3")
    assert pos.decision is None and pos.units["b-hip"].hex is None
    assert hip.where(pos, "b-hip") == pos.map.parse_label("G3")
    assert hip.hidden(pos) == {"b-hip": "b"}
    assert "b-hip" not in [u["id"] for u in pos.view("a")]


def test_a_hip_unit_that_fires_is_placed_known(make_position: Any) -> None:
    pos = game(make_position)
    pos.push_text("answer hex G3")
    pos.push_text("move a-1 F6-F5-F4")
    assert pos.decision.kind == "react"  # A12.32: a side with HIP units is always asked
    pos.push_text("answer pass")
    fire = pos.parse_action("fire b-hip at F4")
    assert fire in list(pos.legal_actions)  # listed: its owner may pick it...
    assert pos.game.secret_of(pos, fire) == "b"  # ...on the owner's page only (A12.3)
    pos.push_text("fire b-hip at F4 dice 6,6")
    unit = pos.units["b-hip"]
    assert pos.label(unit.hex) == "G3" and not unit.concealed and not unit.has("hip")  # A12.31
    assert hip.hidden(pos) == {}


def test_a_hip_unit_that_moves_is_placed_under_a_question_mark(make_position: Any) -> None:
    pos = game(make_position)
    pos.push_text("answer hex G3")
    pos.push_text("end")  # a's MPh over
    for _ in range(12):
        if pos.phase.id == "MPh" and pos.phasing == "b":
            break
        pos.push_text("end" if pos.decision is None else "answer pass")
    assert pos.phase.id == "MPh" and pos.phasing == "b"
    pos.push_text("move b-hip G3-G2")  # A12.32: on the board under a "?" first, then moving
    unit = pos.units["b-hip"]
    assert pos.label(unit.hex) == "G2" and not unit.has("hip")


def test_an_enemy_entering_the_hip_location_finds_it(make_position: Any) -> None:
    pos = game(make_position)
    pos.push_text("answer hex F3")
    pos.push_text("move a-1 F6-F5-F4-F3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    unit = pos.units["b-hip"]
    assert pos.label(unit.hex) == "F3" and not unit.has("hip")  # placed (A12.31)
    assert not unit.concealed  # A12.15: the one real unit there shows itself
    assert pos.label(pos.units["a-1"].hex) == "F4"  # and the mover stays where it was


def test_bad_hip_options_name_the_file_and_key(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F6"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "B1"}]
    with pytest.raises(DataError, match=r"test-scenario: options.hip.b: 'a-1' is not a unit of side 'b'"):
        make_position("asl", units, "MPh", counters=COUNTERS, options={"hip": {"b": {"units": ["a-1"]}}})


def test_a6_11_a_hip_units_blind_shot_is_not_listed_but_may_be_declared(make_position: Any) -> None:
    """A6.11: from G3 the HIP unit sees nothing through the woods of F4 at a mover in E5 beyond them; the
    table lists no such shot, but its owner may declare it: fired, no effect."""
    pos = game(make_position, hexes={"F4": "woods"})
    pos.push_text("answer hex G3")
    pos.push_text("move a-1 F6-E6-E5")
    while pos.decision is not None and pos.label(pos.decision.target) != "E5":
        pos.push_text("answer pass")
    from hexmate.rules.games.asl import terrain as asl_terrain

    g3, e5 = pos.map.parse_label("G3"), pos.map.parse_label("E5")
    assert asl_terrain.line_of_sight(pos, g3, e5).blocked  # the woods of F4 between them (A6.2)
    fire = pos.parse_action("fire b-hip at E5")
    assert fire not in list(pos.legal_actions)
    pos.push_text("fire b-hip at E5 dice 6,5")
    assert "no line of sight, no effect (A6.11)" in pos.last_resolution.text()
