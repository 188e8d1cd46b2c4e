"""Actions: frozen values whose one-line text form parses back to the same value."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import InvalidAction
from hexmate.rules.hexes import Hex

CASES = [
    act.Move(("ger-sq1",), (Hex(0, 0), Hex(1, -1), Hex(2, -1)), 3),
    act.Move(("a", "b"), (Hex(-3, 2), Hex(-2, 2)), Fraction(3, 2)),
    act.Move(("a",), (Hex(-1, -1), Hex(-1, 0))),
    act.Advance(("a",), (Hex(0, 0), Hex(0, 1))),
    act.Fire(("ger-sq1", "ger-ldr1"), Hex(4, -2), (3, 3)),
    act.Fire(("x",), Hex(4, -2)),
    act.Attack(("c1", "c2"), Hex(10, 5), (4,)),
    act.Rally("rus-sq2"),
    act.Move(("rus-sq2/2",), (Hex(0, 0), Hex(1, -1))),  # a HS made in play (ASL A19.13) is named like any
    act.Rally("rus-sq2", (6, 5)),
    act.Answer(dice=(6, 5)),
    act.Answer(units=("rus-sq2", "rus-sq3")),
    act.Answer(hexes=(Hex(1, 2),)),
    act.Answer(hexes=(Hex(1, 2), Hex(1, 3))),
    act.Answer(choice="pass"),
    act.Answer(choice="yes", side="ger"),
    act.EndPhase(),
    act.Pass(),
]


@pytest.mark.parametrize("action", CASES, ids=lambda a: a.text())
def test_text_round_trip(action: act.Action) -> None:
    assert act.parse_text(action.text()) == action


def test_text_uses_map_labels_when_given() -> None:
    move = act.Move(("a",), (Hex(0, 0), Hex(0, 1)), 2)
    labels = {Hex(0, 0): "DA1", Hex(0, 1): "DA2"}
    text = move.text(labels.__getitem__)
    assert text == "move a DA1-DA2 cost 2"
    back = {v: k for k, v in labels.items()}
    assert act.parse_text(text, back.__getitem__) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump a @0,0",
        "move a",
        "move a @0,0-@1,0 costs 3",
        "fire a DA1",
        "fire a at @0,0 dice x",
        "check a 3,4",
        "move a,, @0,0",
        "move a @0,0-@1,0x",
        "roll initiative",
        "answer",
        "answer dice",
        "answer units a,,b",
        "answer Yes!",
        "answer hex",
        "rally a dice",
    ],
)
def test_malformed_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidAction):
        act.parse_text(text)


def test_actions_are_frozen_and_hashable() -> None:
    move = CASES[0]
    assert hash(move) == hash(act.parse_text(move.text()))
    with pytest.raises(AttributeError):
        move.cost = 4  # type: ignore[misc]


def test_repair_and_transfer_round_trip_with_and_without_their_dr() -> None:
    for text in ("repair a-mg", "repair a-mg dice 3", "transfer a-mg to a-2", "transfer a-mg to a-2 dice 5"):
        assert act.parse_text(text).text() == text
    assert act.dice_of(act.parse_text("transfer a-mg to a-2 dice 5")) == (5,)
    with pytest.raises(InvalidAction, match="transfer SW to UNIT"):
        act.parse_text("transfer a-mg a-2")
