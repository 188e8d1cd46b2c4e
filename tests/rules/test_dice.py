"""Dice: reported pips are checked against the roll they claim to be; nothing is ever drawn."""

from __future__ import annotations

import pytest
from hexmate.rules import dice
from hexmate.rules.errors import DiceError, InvalidAction


def test_asl_dr_keeps_both_dice() -> None:
    roll = dice.ASL_DR.from_values((2, 5))
    assert roll.total == 7
    assert roll.white == 2 and roll.coloured == 5
    assert not roll.doubles
    assert dice.ASL_DR.from_values((3, 3)).doubles


@pytest.mark.parametrize("values", [(0, 3), (7, 1), (1,), (1, 2, 3)])
def test_asl_dr_rejects_bad_values(values: tuple[int, ...]) -> None:
    with pytest.raises(DiceError):
        dice.ASL_DR.from_values(values)


def test_d10_accepts_ten_and_rejects_eleven() -> None:
    assert dice.FT_D10.from_values((10,)).total == 10
    with pytest.raises(DiceError, match="d10"):
        dice.FT_D10.from_values((11,))


def test_single_die_has_no_doubles_and_no_white() -> None:
    roll = dice.SW_D6.from_values((6,))
    assert not roll.doubles
    with pytest.raises(DiceError):
        _ = roll.white


@pytest.mark.parametrize("text,expected", [("3,4", (3, 4)), ("3 4", (3, 4)), ("3+4", (3, 4)), ("6", (6,))])
def test_parse_values(text: str, expected: tuple[int, ...]) -> None:
    assert dice.parse_values(text) == expected


@pytest.mark.parametrize("text", ["", "a,3", "3,,x"])
def test_parse_values_rejects_garbage(text: str) -> None:
    with pytest.raises(InvalidAction):
        dice.parse_values(text)


def test_every_game_has_a_vocabulary() -> None:
    assert set(dice.VOCABULARY) == {"asl", "pg", "fireteam", "sw"}
    assert dice.VOCABULARY["asl"]["DR"].count == 2
