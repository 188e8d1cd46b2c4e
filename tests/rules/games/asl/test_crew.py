"""A vehicle's crew as a counter (crew.py, D5.1, D5.6, D5.8): the crew that survives its vehicle's
destruction is a crew unit beneath the wreck, asked for on the board as a new counter to enrol, and from
then on an infantry unit the other side may fire at."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import crew

from .test_armour import COUNTERS, make


def destroy_b_t(pos: Position, cs_dice: str) -> None:
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,5")  # a hit (test_armour: TH 6)
    pos.push_text("answer dice 1,2")  # TK 5: destroyed, not burning
    assert pos.units["b-t"].has("wreck") and pos.decision is not None and pos.decision.then == "vcs"
    pos.push_text(f"answer dice {cs_dice}")


def test_a_surviving_crew_is_a_crew_counter_beneath_the_wreck(make_position: Any) -> None:
    pos = make(make_position, "PFPh")
    assert not any(a.text(pos.label) == "fire a-sq at J5" for a in pos.legal_actions)  # only an AFV there
    destroy_b_t(pos, "3,3")  # 6: no more than the demo tank's CS 6 (D5.6)
    unit = pos.units["b-t-crew"]
    assert (unit.side, unit.type, unit.hex) == ("b", "crew", pos.map.parse_label("J5"))
    assert unit.counter == crew.DEMO_CREW and unit.counter.number("fp") == 1  # D5.1: a 1-FP vehicle crew
    assert "demo values" in unit.name
    [add] = [ph for ph in pos.changes if ph.what == "add"]
    assert add.unit == "b-t-crew" and add.rule == "D5.6" and "enrol its tag as b-t-crew" in add.text
    # an infantry unit now: the squad may fire at the hex (A7; no longer a hex of only vehicles)
    assert any(a.text(pos.label) == "fire a-sq at J5" for a in pos.legal_actions)


def test_a_lost_crew_leaves_no_counter(make_position: Any) -> None:
    pos = make(make_position, "PFPh")
    destroy_b_t(pos, "6,6")
    assert "b-t-crew" not in pos.units and not any(ph.what == "add" for ph in pos.changes)


def test_the_scenario_gives_the_crew_counter_and_d5_8_bars_its_fp(make_position: Any) -> None:
    counters = {**COUNTERS, "vehicle-crew": {"type": "crew", "fp": 1, "range": 3, "morale": 6,
                                             "broken_morale": 6}}
    fired = {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3", "final_fire"]}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}, fired]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    destroy_b_t(pos, "2,2")
    unit = pos.units["b-t-crew"]
    assert unit.counter.number("range") == 3  # the scenario's own counter
    assert unit.has("final_fire")  # its vehicle fired this Player Turn: no own FP for the rest of it (D5.8)


def _lines(pos: Position, text: str) -> list[tuple[str, str, str]]:
    return [(str(line.label), line.value, line.rule) for line in pos.resolve(pos.parse_action(text)).lines]


def test_d5_6_a_surviving_crew_is_under_hazardous_movement_for_the_phase(make_position: Any) -> None:
    """D5.6 (with A4.62, D9.3): the crew that survives its vehicle's destruction suffers Hazardous Movement
    for every further attack that phase: -2 on the IFT DR; the unburnt wreck it is beneath still gives its +1
    TEM (D9.3: its exception keeps units just out of an AFV covered, it never takes the cover away)."""
    pos = make(make_position, "PFPh")
    destroy_b_t(pos, "3,3")  # survives (6 <= CS 6)
    assert pos.units["b-t-crew"].has("hazardous")
    lines = _lines(pos, "fire a-sq at J5 dice 3,4")
    assert ("Hazardous Movement (forced out of its vehicle)", "-2", "A4.62") in lines
    assert any(rule == "D9.3" for _, _, rule in lines), lines  # D9.3: the unburnt wreck covers it
    assert ("Final DR", "7 -1 = 6", "A7.3") in lines  # -2 hazardous, +1 wreck; 4 FP halved: the 2 column
    pos.push_text("end")  # the phase is over: so is the Hazardous Movement (D5.6: "that phase")
    assert not pos.units["b-t-crew"].has("hazardous")


def test_a4_62_a_pinned_crew_loses_the_hazardous_movement_drm(make_position: Any) -> None:
    """A4.62: the -2 lasts until the unit is pinned."""
    pos = make(make_position, "PFPh")
    destroy_b_t(pos, "3,3")
    pos = pos.at(pos.state.with_unit(pos.units["b-t-crew"].mark("pinned")))
    assert not any(rule == "A4.62" for _, _, rule in _lines(pos, "fire a-sq at J5 dice 3,4"))


CREWS = {"vehicle-crew": {"type": "crew", "fp": 1, "range": 2, "morale": 6, "broken_morale": 6},
         "vehicle-crew-british": {"type": "crew", "fp": 1, "range": 2, "morale": 8, "broken_morale": 8},
         "vehicle-crew-american": {"type": "crew", "fp": 1, "range": 2, "morale": 7, "broken_morale": 7}}


def _crew_of(make_position: Any, nationality: str, crews: dict[str, Any], date: str = "1944-06") -> Any:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}]
    sides = [{"id": "a", "name": "German", "nationality": "german"},
             {"id": "b", "name": nationality, "nationality": nationality}]
    pos: Position = make_position("asl", units, "PFPh", counters={**COUNTERS, **crews}, sides=sides,
                                  options={"date": date})
    destroy_b_t(pos, "2,2")
    return pos.units["b-t-crew"].counter


def test_a25_55_a_free_french_crew_leaving_its_vehicle_is_a_british_vehicle_crew(make_position: Any) -> None:
    """A25.55: from December 1943 the Free French inherent crew takes its D5.1 morale as the British: out of
    its (American) vehicle it is the British vehicle crew counter (morale values made up here), not the
    generic one; an American crew keeps its own. Before that date (A25.54) no British counter for it."""
    assert _crew_of(make_position, "free_french", CREWS).name == "vehicle-crew-british"
    assert _crew_of(make_position, "free_french", CREWS, "1943-12").name == "vehicle-crew-british"
    assert _crew_of(make_position, "free_french", CREWS, "1943-11").name == "vehicle-crew"
    assert _crew_of(make_position, "american", CREWS).name == "vehicle-crew-american"
    generic = {"vehicle-crew": CREWS["vehicle-crew"]}
    assert _crew_of(make_position, "free_french", generic).name == "vehicle-crew"  # no British one: as ever
