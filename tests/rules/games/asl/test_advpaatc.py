"""The PAATC before advancing into an AFV's Location (advpaatc.py, A11.6): the text's own example (A11.6's
CC example: Russian squads with an 8-1 pass their PAATCs, helped by the leader, and advance into the
PzIVJ's hex) read on the test board; a failure pins the squad and it stays; a leader and a fanatic squad take
none, nor an advance into a hex with only an abandoned or unarmored vehicle."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position

from .test_cc_vehicle import COUNTERS as CC_COUNTERS

COUNTERS = {**CC_COUNTERS, "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1}}


def aph(make_position: Any, *extra: dict[str, Any], tank: dict[str, Any] | None = None) -> Position:
    units = [{"id": "b-t", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3"], **(tank or {})},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"}, *extra]
    pos: Position = make_position("asl", units, "APh", counters=COUNTERS)
    return pos


def test_a_squad_passes_its_paatc_with_its_leader_and_advances(make_position: Any) -> None:
    """A4.71, A11.6: infantry advancing into an enemy AFV's Location first takes a PAATC, a NTC against morale
    7; the 8-1 beside it helps (-1): an original 8 is a final 7, passed."""
    pos = aph(make_position, {"id": "a-81", "counter": "8-1", "side": "a", "hex": "E4"})
    pos.push_text("advance a-1,a-81 E4-E5")
    top = pos.decision
    assert top is not None and top.then == "adv_paatc" and top.subject == ("a-1",) and top.rule == "A11.6"
    pos.push_text("answer dice 4,4")
    e5 = pos.map.parse_label("E5")
    assert pos.units["a-1"].hex == e5 and pos.units["a-81"].hex == e5  # the leader takes none (A11.6)
    assert "PAATC" in pos.last_resolution.text() and not pos.units["a-1"].has("pinned")


def test_a_failed_paatc_pins_the_squad_and_it_stays(make_position: Any) -> None:
    """A4.71: the advance into the AFV's Location needs the PAATC passed; failed, the squad is pinned
    (A11.6) and stays in E4."""
    pos = aph(make_position)
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("answer dice 5,4")  # 9 against morale 7: failed
    assert pos.units["a-1"].hex == pos.map.parse_label("E4") and pos.units["a-1"].has("pinned")


def test_no_paatc_for_a_fanatic_squad_or_an_abandoned_tank(make_position: Any) -> None:
    units_f = {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "E4", "markers": ["fanatic"]}
    pos = aph(make_position, units_f)
    pos.push_text("advance a-2 E4-E5")
    assert pos.decision is None or pos.decision.then != "adv_paatc"
    assert pos.units["a-2"].hex == pos.map.parse_label("E5")
    abandoned = aph(make_position, tank={"markers": ["vca3", "abandoned"]})
    abandoned.push_text("advance a-1 E4-E5")
    assert abandoned.units["a-1"].hex == abandoned.map.parse_label("E5")
