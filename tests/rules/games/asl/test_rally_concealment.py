"""ASL Rally Phase (A10.6) and concealment as hidden information that movement in view strips (A12.14)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def test_rally_with_a_leader_and_terrain(make_position: Any) -> None:
    units = [_u("a-1", "C3", markers=["broken"]), _u("a-91", "C3", "9-1"), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "RPh", hexes={"C3": "woods"})
    pos.push_text(
        "rally a-1 dice 5,5"
    )  # 10 - 1 leader - 1 woods = 8 <= broken morale 8 (A10.6, A10.61, A10.7)
    assert not pos.units["a-1"].has("broken")


def test_failed_rally_and_one_attempt_per_phase(make_position: Any) -> None:
    units = [_u("a-1", "C3", markers=["broken"]), _u("a-91", "C3", "9-1"), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "RPh")
    pos.push_text("rally a-1 dice 5,5")  # 10 - 1 = 9 > 8
    assert pos.units["a-1"].has("broken")
    with pytest.raises(IllegalAction, match="one Rally Phase action"):
        pos.push_text("rally a-1 dice 1,1")
    pos.push_text("end")  # the attacker is done; the defender rallies next (A3.1)
    assert pos.phase.id == "RPh" and pos.to_act == "b"
    pos.push_text("end")
    assert pos.phase.id == "PFPh" and not pos.units["a-1"].has("rally_tried")


def test_self_rally_once_per_player_turn_and_fate(make_position: Any) -> None:
    units = [
        _u("a-1", "C3", markers=["broken"]),
        _u("a-2", "E3", markers=["broken"]),
        _u("b-1", "J8", "4-4-7", "b", markers=["broken"]),
    ]
    pos = make_position("asl", units, "RPh")
    with pytest.raises(IllegalAction, match="needs a Good Order leader"):
        pos.push_text("rally b-1 dice 1,1")  # the non-phasing side cannot self-rally (A10.63)
    pos.push_text("rally a-1 dice 3,4")  # 7 + 1 self-rally = 8 <= 8
    assert not pos.units["a-1"].has("broken")
    with pytest.raises(IllegalAction, match="first MMC rally attempt"):
        pos.push_text("rally a-2 dice 1,1")


def test_fate_on_an_original_12(make_position: Any) -> None:
    units = [_u("a-1", "C3", markers=["broken"]), _u("a-91", "C3", "9-1"), _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "RPh")
    pos.push_text("rally a-1 dice 6,6")  # A10.64: Casualty Reduction, no rally
    assert pos.units["a-1"].name == "2-4-7" and pos.units["a-1"].has("broken")


def test_moving_in_view_strips_concealment(make_position: Any) -> None:
    units = [_u("a-1", "C2", concealed=True), _u("b-1", "H2", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh")
    pos.push_text("move a-1 C2-D2")
    assert not pos.units["a-1"].concealed  # A12.14: moved in the LOS of a Good Order enemy within 16 hexes


def test_moving_out_of_view_keeps_concealment(make_position: Any) -> None:
    hexes = {
        "E1": "woods",
        "E2": "woods",
        "E3": "woods",
        "E4": "woods",
        "F1": "woods",
        "F2": "woods",
        "F3": "woods",
        "F4": "woods",
    }
    units = [
        _u("a-1", "C2", concealed=True),
        _u("b-1", "H2", "4-4-7", "b"),
        _u("b-2", "H8", "4-4-7", "b", markers=["broken"]),
    ]
    pos = make_position("asl", units, "MPh", hexes=hexes)
    pos.push_text("move a-1 C2-C1")
    assert pos.units["a-1"].concealed
    assert pos.view("b")[0]["id"] == "?1"  # still hidden from the Russians


def test_bumping_into_a_concealed_enemy_reveals_it_and_stops_the_mover(make_position: Any) -> None:
    units = [_u("a-1", "C1"), _u("b-1", "C3", "4-4-7", "b", concealed=True)]
    pos = make_position("asl", units, "MPh", hexes={"C2": "woods", "C3": "woods"})
    move = pos.legal_actions.moves_for({"a-1"})[pos.map.parse_label("C3")]  # shown: the "?" hides the unit
    done = pos.push(move)
    assert pos.decision.kind == "react" and pos.label(pos.decision.target) == "C2"  # b-1 may fire (A8.1)
    pos.push_text("answer pass")
    assert pos.label(pos.units["a-1"].hex) == "C2"  # A12.15: stays in the Location it came from
    top = pos.decision  # A12.15: and may be First Fired there (bump.py)
    assert top is not None and top.then == "bump_ff" and pos.label(top.target) == "C2"
    pos.push_text("answer pass")
    assert pos.state.moving is None and pos.label(pos.physical_hex("a-1")) == "C2"
    assert not pos.units["b-1"].concealed
    assert pos.log[-3] == done and pos.label(done.path[-1]) == "C3"  # the attempt is what the record keeps
