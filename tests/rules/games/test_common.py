"""The helpers several games share (rules/games/common.py)."""

from __future__ import annotations

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import UnitState
from hexmate.rules.games.common import passing
from hexmate.rules.scenario import CounterType


def _unit(uid: str) -> UnitState:
    return UnitState(uid, "a", CounterType("inf", "personnel", {}), None)


def test_passing_keeps_the_units_whose_check_raises_no_illegal_action() -> None:
    def check(unit: UnitState) -> None:
        if unit.id == "b":
            raise IllegalAction("b may not", "1.0")

    assert passing([_unit("a"), _unit("b"), _unit("c")], check) == ["a", "c"]


def test_passing_lets_any_other_error_through() -> None:
    def broken(unit: UnitState) -> None:
        raise KeyError(unit.id)

    with pytest.raises(KeyError):
        passing([_unit("a")], broken)
