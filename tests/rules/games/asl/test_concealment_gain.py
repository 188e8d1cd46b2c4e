"""ASL concealment gained at the end of a Player Turn (A12.121, A12.122): the cases the text fixes (J: gained
in concealment terrain out of every enemy's LOS; NA: in the LOS of an unbroken enemy within 16 hexes; K and I:
a dr of 5 or less with its drm), who may not gain it, the "?" counter to place, and nothing named to the
enemy once it is gained."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import concealment


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


# G5..G7 woods wall off the east: E-column hexes west of it are out of the LOS of an enemy at K5
WALL = {
    "G4": "woods",
    "G5": "woods",
    "G6": "woods",
    "G3": "woods",
    "G7": "woods",
    "F3": "woods",
    "F7": "woods",
}


def _end_of_turn(make_position: Any, units: list[dict[str, Any]], hexes: dict[str, Any]) -> Any:
    pos = make_position("asl", units, "APh", hexes=hexes)
    pos.push_text("end")  # the APh ends; the CCPh has no CC and ends the Player Turn
    return pos


def test_cases_j_na_and_k(make_position: Any) -> None:
    units = [
        _u("a-j", "E5"),  # woods, out of LOS: J, gained at once
        _u("a-k", "E4"),  # Open Ground, enemy within 16 hexes but out of LOS: K, a dr
        _u("a-na", "H8"),  # in the enemy's LOS 3 hexes away: NA
        _u("a-brk", "E6", markers=["broken"]),  # broken units never gain "?" (A12.12)
        _u("b-1", "K5", "4-4-7", "b"),
    ]
    hexes = {**WALL, "E5": "woods", "E6": "woods"}
    pos = make_position("asl", units, "APh", hexes=hexes)
    u = pos.units
    assert [concealment.case(pos, u[x]) for x in ("a-j", "a-k", "a-na")] == ["J", "K", ""]
    pos.push_text("end")
    assert pos.units["a-j"].concealed and not pos.units["a-na"].concealed and not pos.units["a-brk"].concealed
    top = pos.decision
    assert top is not None and top.then == "conceal" and top.subject == ("a-k",) and top.dice == "dr"
    pos.push_text("answer dice 6")  # 6 > 5: no "?"
    assert not pos.units["a-k"].concealed and pos.phase.id == "RPh"


def test_case_k_dr_with_leader_and_terrain(make_position: Any) -> None:
    units = [_u("a-k", "E4"), _u("a-91", "E4", "9-1"), _u("b-1", "K5", "4-4-7", "b")]
    pos = _end_of_turn(make_position, units, WALL)
    assert pos.decision is not None and pos.decision.subject == ("a-91",)  # the leader rolls first (by id)
    pos.push_text("answer dice 6")  # the leader has no leader to help him: 6 > 5
    assert pos.decision is not None and pos.decision.subject == ("a-k",)
    pos.push_text("answer dice 6")  # 6 - 1 (9-1) = 5: gained (A12.122)
    assert pos.units["a-k"].concealed and not pos.units["a-91"].concealed


def test_a_gained_concealment_hides_the_unit_from_the_enemy(make_position: Any) -> None:
    units = [_u("a-j", "E5"), _u("b-1", "K5", "4-4-7", "b")]
    pos = _end_of_turn(make_position, units, {**WALL, "E5": "woods"})
    assert pos.units["a-j"].concealed
    place = [c for c in pos.changes if c.unit == "a-j"]
    assert place and place[0].what == "place" and place[0].to == "concealment" and place[0].rule == "A12.122"
    seen = pos.view("b")
    assert all(v.get("id") != "a-j" for v in seen) and any(v.get("concealed") for v in seen)


def test_concealment_kept_by_assault_movement_but_not_into_open_ground(make_position: Any) -> None:
    # A12.14: in view of a Good Order enemy within 16 hexes a concealed unit keeps its "?" while it Assault
    # Moves into cover, and loses it moving normally or entering Open Ground, in the MPh or the APh
    hexes = {"E5": "woods", "E6": "woods"}
    units = [
        _u("a-1", "E4", concealed=True),
        _u("a-91", "E4", "9-1", concealed=True),
        _u("b-1", "K5", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "MPh", hexes=hexes)
    pos.push_text("move a-1,a-91 E4-E5 as assault")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.units["a-1"].concealed and pos.units["a-91"].concealed
    pos = make_position("asl", units, "MPh", hexes=hexes)
    pos.push_text("move a-1,a-91 E4-E5")
    assert not pos.units["a-1"].concealed
    units = [_u("a-1", "E5", concealed=True), _u("a-2", "E6", concealed=True), _u("b-1", "K5", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", hexes={**hexes, "F6": "woods"})
    pos.push_text("advance a-1 E5-F5")  # into Open Ground in view: revealed
    pos.push_text("advance a-2 E6-F6")  # into woods: kept
    assert not pos.units["a-1"].concealed and pos.units["a-2"].concealed
