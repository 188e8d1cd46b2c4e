"""D3.41: an Armor Leader's AFV named in secret at set-up (alsecret.py, ``options.armor_leaders``).

The board is test_armour's (a-pz, a German demo PzKpfw, BU, in C5, fires at b-t in J5: To Hit number 6, 7
with a 9-1's -1: test_alhide's numbers); a second German AFV, a-pz2, stands in C7."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import alhide, alsecret, armorldr

from .test_armour import COUNTERS, units

SECOND = {"id": "a-pz2", "counter": "pz", "side": "a", "hex": "C7", "markers": ["vca0"]}


def make(make_position: Any, options: dict[str, Any] | None = None) -> Position:
    opts = {"armor_leaders": {"a": {"leaders": ["9-1"]}}} if options is None else options
    pos: Position = make_position("asl", units(SECOND), "PFPh", counters=COUNTERS, options=opts)
    return pos


def test_d3_41_the_owner_names_the_afv_in_private(make_position: Any) -> None:
    """D3.41: at set-up the side is asked, in a private decision, which of its AFVs the 9-1 commands; the
    answer gives that AFV his 9-1 (armorldr reads it), hidden, and asks the board for nothing."""
    pos = make(make_position)
    top = pos.decision
    assert top is not None and top.then == alsecret.THEN and top.private and top.side == "a"
    assert top.units == ("a-pz", "a-pz2") and top.rule == "D3.41"
    pos.push_text("answer units a-pz")
    assert pos.decision is None or pos.decision.then != alsecret.THEN
    tank = pos.units["a-pz"]
    assert armorldr.leader(tank) == (9, -1) and alhide.withheld(tank)
    assert armorldr.leader(pos.units["a-pz2"]) is None
    assert tank.counter.name == "pz" and pos.changes == ()


def test_d3_41_the_assigned_leader_is_hidden_and_asked_about(make_position: Any) -> None:
    """D3.41, D3.44: his AFV's To Hit DR 3+4 = 7 misses TH# 6 without him: the private question of
    alhide.py; brought in, TH# 7 hits and he is shown."""
    pos = make(make_position)
    pos.push_text("answer units a-pz")
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 3,4")
    top = pos.decision
    assert top is not None and top.then == alhide.THEN and top.private
    assert top.choices == (alhide.USE, alhide.KEEP)
    pos.push_text("answer use")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "hit"}
    assert pos.units["a-pz"].has(armorldr.SHOWN)


def test_d3_41_the_other_afv_is_asked_alike(make_position: Any) -> None:
    """D3.41: the AFV without him is asked the same private question ("keep" alone): the side's order of
    battle holds a secret Armor Leader, whichever AFV carries him."""
    pos = make(make_position)
    pos.push_text("answer units a-pz2")
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 3,4")
    top = pos.decision
    assert top is not None and top.then == alhide.THEN and top.private and top.choices == (alhide.KEEP,)


def test_d3_41_only_the_afvs_offered(make_position: Any) -> None:
    """The option's ``units`` limits the AFVs; an answer outside them is refused."""
    pos = make(make_position, {"armor_leaders": {"a": {"leaders": ["10-2"], "units": ["a-pz2"]}}})
    top = pos.decision
    assert top is not None and top.units == ("a-pz2",)
    with pytest.raises(IllegalAction):
        pos.push_text("answer units a-pz")
    pos.push_text("answer units a-pz2")
    assert armorldr.leader(pos.units["a-pz2"]) == (10, -2)


def test_the_option_is_checked(make_position: Any) -> None:
    """A DataError names the file and the key: a leader not written like "9-1" (D3.4), a unit not the
    side's."""
    with pytest.raises(DataError, match=r"test-scenario: options.armor_leaders.a.leaders"):
        make(make_position, {"armor_leaders": {"a": {"leaders": ["nine"]}}})
    with pytest.raises(DataError, match=r"options.armor_leaders.a.units: 'b-t' is not a unit of side 'a'"):
        make(make_position, {"armor_leaders": {"a": {"leaders": ["9-1"], "units": ["b-t"]}}})


def test_sealed_words_only_with_the_option(make_position: Any) -> None:
    pos = make(make_position)
    assert pos.game.sealed_words(pos) == frozenset({"armor_leader"})
    plain = make(make_position, {})
    assert plain.game.sealed_words(plain) == frozenset()
