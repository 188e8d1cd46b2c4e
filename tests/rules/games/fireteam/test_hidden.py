"""Fire Team hidden set-up [11.3]: hidden units are not targets, never named to the enemy, and are revealed
when they move, fire or lay smoke, or when sighted (the Sighting Chart is not printed: demo distances)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit


def hidden(uid: str, hex_: str, counter: str = "squad5", side: str = "b") -> dict[str, Any]:
    return {**unit(uid, hex_, counter, side), "concealed": True}


def test_ex_11_3_a_hidden_unit_is_no_target_and_is_not_named(ft: Any) -> None:
    pos = ft([unit("s", "D1"), hidden("h", "D5"), unit("x", "J8", "squad", "b")])
    with pytest.raises(IllegalAction, match=r"11\.3"):
        pos.push_text("fire s at D5")
    assert [u["id"] for u in pos.view("a") if u["hex"] == "D5"] == ["?1"]


def test_ex_11_31_moving_or_firing_reveals_a_hidden_unit(ft: Any) -> None:
    pos = ft([unit("s", "D1"), hidden("h", "H5"), hidden("g", "H6"), unit("x", "J8", "squad", "b")],
             impulse="b")
    pos.push_text("move h H5-H4")
    assert not pos.units["h"].concealed
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("fire g at D1 dice 10")
    assert not pos.units["g"].concealed


def test_ex_11_31_a_mover_sights_hidden_units_near_it_in_los(ft: Any) -> None:
    pos = ft([unit("s", "D1"), hidden("near", "D6"), hidden("woods", "F6"), unit("x", "J8", "squad", "b")],
             hexes={"F6": "woods"})
    pos.push_text("move s D1-D2-D3")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert not pos.units["near"].concealed  # 3 hexes off in the open: sighted (demo distance 6)
    assert pos.units["woods"].concealed  # in woods: seen only within 2 (demo)


def test_ex_11_32_a_vehicle_sees_only_to_its_front(ft: Any) -> None:
    pos = ft([unit("v", "D4", "m2"), hidden("behind", "D1"), unit("x", "J8", "squad", "b")])
    pos.push_text("move v D4-D5")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.units["behind"].concealed  # behind the vehicle, out of its front arc [11.32]


def test_ex_11_33_a_vehicle_is_sighted_while_infantry_in_its_hex_stay_hidden(ft: Any) -> None:
    # [11.33] a vehicle (seen twice as far, demo) is revealed in a hex whose dismounted infantry stay hidden;
    # infantry riding in it are revealed with it
    units = [unit("s", "A1"), hidden("v", "J2", "t80"), hidden("foot", "J2"), hidden("rider", "J2"),
             unit("x", "J8", "squad", "b")]
    pos = ft(units)
    gs = pos.state.units
    state = pos.state.with_unit(dataclasses.replace(gs["rider"], carrier="v"))
    pos = type(pos)(pos.game, pos.scenario, pos.map, pos.charts, state)
    pos.push_text("move s A1-A2")  # 9 hexes from J2: a vehicle in the open is seen (12), infantry not (6)
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert not pos.units["v"].concealed and not pos.units["rider"].concealed
    assert pos.units["foot"].concealed


def test_ex_15_8_at_night_every_unit_sets_up_hidden(ft: Any) -> None:
    pos = ft([unit("s", "D4"), unit("x", "H4", "squad5", "b")], options={"night": True})
    assert pos.units["s"].concealed and pos.units["x"].concealed
    day = ft([unit("s", "D4"), unit("x", "H4", "squad5", "b")])
    assert not day.units["s"].concealed and not day.units["x"].concealed


def test_15_8_the_hidden_night_set_up_is_what_the_record_seals(ft: Any) -> None:
    """[15.8] At night every unit starts hidden: the record seals who each is until the game ends; by day
    nothing is sealed at the start."""
    night = ft([unit("s", "D4"), unit("x", "H4", "squad5", "b")], options={"night": True})
    assert night.game.sealed_units(night) == {"s": "a", "x": "b"}
    day = ft([unit("s", "D4"), unit("x", "H4", "squad5", "b")])
    assert day.game.sealed_units(day) == {}
