"""Units entering the map during play (A2.5-A2.52), in play.

The text: a unit due on a turn must enter that turn (A2.5), and may wait for the APh if it can move then; an
entry hex barred by an enemy unit (A4.14) moves the entry one turn later to an unbarred hex within 4 hexes
(A2.5); off-board ground is Open Ground, so entering costs the entry hex's own cost (A2.51: Open Ground 1
MF, woods 2 MF, A4.1's chart), then the unit goes on with its MF. Analogue board: the conftest's 12x8 open
map (A1..L8); a 4-6-7 has 4 MF (A4.1)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import arrival

from tests.rules.games.conftest import ASL_COUNTERS

ENTRY = {"entry": {"r-1": {"turn": 1, "hexes": ["A4"]}}}


def _u(uid: str, hex_: str, side: str = "a", counter: str = "4-6-7") -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_}


def _pos(make_position: Any, *units: dict[str, Any], options: Any = None, hexes: Any = None,
         phase: str = "MPh") -> Any:
    return make_position("asl", [_u("r-1", "A4"), *units], phase, options=options or ENTRY, hexes=hexes)


def _moves(pos: Any) -> list[act.Move]:
    return [a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode == "enter"]


def _texts(pos: Any) -> set[str]:
    return {a.text(pos.label) for a in pos.legal_actions if isinstance(a, act.Move)}


def test_a2_5_the_plan_is_checked_on_load(make_position: Any) -> None:
    with pytest.raises(DataError, match=r"test-scenario: options\.entry\.x"):
        _pos(make_position, options={"entry": {"x": {"turn": 1}}})
    with pytest.raises(DataError, match=r"options\.entry\.r-1\.hexes\[0\].*edge"):
        _pos(make_position, options={"entry": {"r-1": {"turn": 1, "hexes": ["D4"]}}})
    with pytest.raises(DataError, match=r"options\.entry\.r-1\.turn"):
        _pos(make_position, options={"entry": {"r-1": {"turn": 9, "hexes": ["A4"]}}})


def test_a2_51_entry_costs_the_hex_as_from_open_ground_then_the_move_goes_on(make_position: Any) -> None:
    """Off the map until it enters; A4 (Open Ground, 1 MF) then B4, C4: 3 of its 4 MF."""
    pos = _pos(make_position)
    assert pos.units["r-1"].hex is None
    texts = _texts(pos)
    assert "move r-1 A4 cost 1 as enter" in texts
    assert "move r-1 A4-A3 cost 2 as enter" in texts
    assert {m.cost for m in _moves(pos) if pos.label(m.path[-1]) == "C4"} == {3}
    pos.push_text("move r-1 A4-B4-C4 as enter")
    assert pos.label(pos.units["r-1"].hex) == "C4"
    assert "r-1" in pos.state.moved


def test_a2_51_a_woods_entry_hex_costs_two(make_position: Any) -> None:
    """A4 woods (2 MF, A4.1) then B4, C4: 4 MF, all it has; one more hex is too far."""
    pos = _pos(make_position, hexes={"A4": "woods"})
    assert "move r-1 A4 cost 2 as enter" in _texts(pos)
    assert {m.cost for m in _moves(pos) if pos.label(m.path[-1]) == "C4"} == {4}
    assert not [m for m in _moves(pos) if pos.label(m.path[-1]) == "D4"]
    with pytest.raises(IllegalAction, match=r"A2\.51"):
        pos.push_text("move r-1 A4-B4-C4-D4 as enter")


def test_a2_5_not_before_its_turn_nor_at_another_hex(make_position: Any) -> None:
    pos = _pos(make_position, options={"entry": {"r-1": {"turn": 2, "hexes": ["A4"]}}})
    assert not any("as enter" in t for t in _texts(pos))
    with pytest.raises(IllegalAction, match="turn 2"):
        pos.push_text("move r-1 A4 as enter")
    pos = _pos(make_position)
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move r-1 A5 as enter")


def test_a8_1_defensive_first_fire_at_the_entry_hex(make_position: Any) -> None:
    """The entry hex is the first hex entered: the DEFENDER in D4 may fire at A4 before the move goes on."""
    pos = _pos(make_position, _u("b-1", "E4", "b"))
    pos.push_text("move r-1 A4-B4 as enter")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b"
    assert pos.label(top.target) == "A4"


def test_a2_5_a_blocked_entry_hex_moves_one_turn_and_four_hexes(make_position: Any) -> None:
    """A known enemy squad in A4 bars it (A4.14): no entry on turn 1; on turn 2 any unbarred edge hex within
    4 hexes of A4 (A8 yes; D1, five hexes off, and L4 no)."""
    pos = _pos(make_position, _u("b-1", "A4", "b"))
    assert not any("as enter" in t for t in _texts(pos))
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move r-1 A4 as enter")
    later = pos.at(pos.state.replace(turn=2))
    labels = {later.label(h) for h in arrival.entry_hexes(later, later.units["r-1"])}
    assert "A8" in labels and "A4" not in labels and "L4" not in labels and "D1" not in labels


def test_a2_5_the_entry_may_wait_for_the_aph_but_not_past_it(make_position: Any) -> None:
    pos = _pos(make_position)
    pos.push_text("end")  # A2.5: the MPh may end; the unit can still come on in the APh
    while pos.phase.id != "APh":
        assert pos.decision is None
        pos.push_text("end")
    assert "advance r-1 A4 as enter" in {a.text(pos.label) for a in pos.legal_actions}
    with pytest.raises(IllegalAction, match="must enter the map this turn"):
        pos.push_text("end")
    pos.push_text("advance r-1 A4 as enter")
    assert pos.label(pos.units["r-1"].hex) == "A4"
    pos.push_text("end")
    assert pos.phase.id != "APh"


def test_a2_52_an_off_board_unit_does_nothing_else(make_position: Any) -> None:
    """Every action offered in its MPh naming r-1 is an entry."""
    pos = _pos(make_position, _u("a-2", "F4"))
    for action in pos.legal_actions:
        if "r-1" in getattr(action, "units", ()):
            assert isinstance(action, act.Move) and action.mode == "enter"


def test_a2_52_off_board_units_crash_no_phase(make_position: Any) -> None:
    """A unit due on turn 3 waits off the map through two whole turns: every phase lists its actions."""
    pos = make_position("asl", [_u("r-1", "A4"), _u("a-2", "B7"), _u("b-1", "L1", "b")], "RPh",
                        options={"entry": {"r-1": {"turn": 3, "hexes": ["A4"]}}})
    seen = set()
    for _ in range(40):
        if pos.turn >= 3 or pos.decision is not None:
            break
        seen.add(pos.phase.id)
        assert not any("r-1" in getattr(a, "units", ()) for a in pos.legal_actions)
        pos.push_text("end")
    assert pos.units["r-1"].hex is None
    assert {"RPh", "PFPh", "MPh", "DFPh", "AFPh", "APh"} <= seen and pos.turn == 3


def test_a2_5_a_unit_still_off_the_map_at_the_end_crashes_nothing(make_position: Any) -> None:
    """b's unit due on the last turn finds its only entry hex held by a's squad (A4.14): it never comes on,
    and the scenario still ends."""
    pos = make_position("asl", [_u("r-1", "A4", "b"), _u("a-1", "A4"), _u("b-2", "L8", "b")], "RPh",
                        options={"entry": {"r-1": {"turn": 1, "hexes": ["A4"]}}}, turns=1)
    for _ in range(60):
        if pos.state.over or pos.decision is not None:
            break
        list(pos.legal_actions)
        pos.push_text("end")
    assert pos.state.over and pos.units["r-1"].hex is None


def test_a2_5_a_vehicle_comes_on_by_ventry_never_with_infantry(make_position: Any) -> None:
    """Vehicles' entry (their VCA and MP, chapter D) is ventry.py's (test_ventry.py): offered in the MPh;
    a vehicle and infantry named together are refused (a vehicle comes on alone, its passengers aboard)."""
    counters = {**ASL_COUNTERS, "pz": {"type": "vehicle", "vehicle": "demo-pz-g"}}
    pz = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "A4", "markers": ["vca0"]}
    pos = make_position("asl", [pz, _u("r-1", "A4"), _u("b-1", "L8", "b")], "MPh", counters=counters,
                        options={"entry": {"a-pz": {"turn": 1, "hexes": ["A4"]},
                                           "r-1": {"turn": 1, "hexes": ["A4"]}}})
    assert "move a-pz A4 cost 1 as enter" in _texts(pos)
    with pytest.raises(IllegalAction, match="alone"):
        pos.push_text("move a-pz,r-1 A4 as enter")


def test_a2_5_barred_all_through_its_mph_it_comes_on_a_turn_later_not_in_the_aph(make_position: Any) -> None:
    """b-1 in A4 bars the entry through a's MPh; gone by the APh (say, to Advancing Fire), the hex is free,
    but the text moves the entry a turn later: no APh entry, and the APh may end."""
    pos = _pos(make_position, _u("b-1", "A4", "b"))
    pos.push_text("end")
    assert pos.units["r-1"].has(arrival.BARRED)
    while pos.phase.id != "APh":
        assert pos.decision is None
        pos.push_text("end")
    pos = pos.at(pos.state.without_unit("b-1"))
    assert not arrival.waiting(pos)
    assert not [a for a in pos.legal_actions if getattr(a, "mode", "") == "enter"]
    pos.game.check_end(pos)  # no refusal


def _no_nationality_group(make_position: Any, options: Any) -> Any:
    """A British side: a 4-6-7 naming no nationality (so British, A4.12) and an American 9-1."""
    from hexmate.rules.games.asl import units as au
    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["4-6-7x"] = {k: v for k, v in counters["4-6-7"].items() if k != "nationality"}
    counters["9-1american"] = {**counters["9-1"], "nationality": "american"}
    sides = [{"id": "a", "name": "A", "nationality": "british"}, {"id": "b", "name": "B"}]
    units = [_u("r-1", "A4", counter="4-6-7x"), _u("r-l", "A4", counter="9-1american")]
    return make_position("asl", units, "MPh", counters=counters, options=options, sides=sides)


def test_a4_12_an_entering_squad_naming_no_nationality_is_its_sides(make_position: Any) -> None:
    """A4.12 on entry (A2.51): the squad is British, its side's, so the American leader entering with it
    gives no +2 MF: A4 and on through B4, C4, D4 is its 4 MF; a fifth hex, E4, is beyond it."""
    pos = _no_nationality_group(make_position, {"entry": {"r-1": {"turn": 1, "hexes": ["A4"]},
                                                          "r-l": {"turn": 1, "hexes": ["A4"]}}})
    pos.game.check(pos, pos.parse_action("move r-1,r-l A4-B4-C4-D4 as enter"))
    with pytest.raises(IllegalAction, match=r"costs 5 MF, the stack has 4 MF"):
        pos.game.check(pos, pos.parse_action("move r-1,r-l A4-B4-C4-D4-E4 as enter"))
