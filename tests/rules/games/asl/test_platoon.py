"""Radioless platoon movement by impulses (platoon.py) from the two D14 examples (T-MOV-12, T-MOV-13):
tanks A (T-26S M37, 11 MP) in Y5, B and C (T-26 M33, 12 MP) in Z5 and AA6, heading off the map by EE1."""

from __future__ import annotations

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import platoon as pl
from hexmate.rules.hexes import Hex
from hexmate.rules.labels import Grid

GRID = Grid.asl()  # the examples' hex ids on one board


def hx(text: str) -> Hex:
    return GRID.to_hex(*GRID.parse(text))


def test_t_mov_12_first_mph_impulses() -> None:
    mpa = pl.allowance([11, 12, 12])
    assert mpa == 11  # the slowest tank's
    move = pl.PlatoonMove(mpa)
    move = move.impulse({"A": 1, "B": 1, "C": 1})  # 1: start, after the mechanical reliability DR
    move = move.impulse({"A": 1, "B": 1, "C": 0})  # 2: A to Z4, B to AA5; C stays but pays the 1 MP too
    move = move.impulse({"A": 1, "B": 1, "C": 1})  # 3: B to BB4, C to AA5, A turns
    move = move.impulse({"A": 1, "B": 5, "C": 1})  # 4: B into CC4 for 5 MP: the platoon pays 5
    assert move.spent == 8
    with pytest.raises(IllegalAction, match="would go past"):
        move.impulse({"A": 5, "B": 5, "C": 5})  # on to DD3/CC4/BB4 would make 13 of 11
    move = move.impulse({"A": 1, "B": 0, "C": 0})  # 5: A turns to AA4-BB4
    assert move.spent == 9 and move.impulses == (1, 1, 1, 5, 1) and not move.over
    # next MPh, in Motion: 5, 5, then all stop (1) to fire back at the AT gun: 11 = A's MPA, the MPh ends
    nxt = pl.PlatoonMove(mpa).impulse({"B": 5, "C": 5, "A": 5}).impulse({"B": 5, "C": 5, "A": 5})
    nxt = nxt.impulse({"B": 1, "C": 1, "A": 1})
    assert nxt.spent == 11 and nxt.over


def test_t_mov_13_losses_and_reconforming() -> None:
    move = pl.PlatoonMove(11)
    for spent in ({"A": 1, "B": 1, "C": 1}, {"C": 5, "B": 5, "A": 5}):  # start; C to DD2, B to EE2, A to CC3
        move = move.impulse(spent)
    assert move.spent == 6  # the gun destroys C in DD2 here
    for spent in ({"B": 1}, {"B": 1, "A": 1}, {"B": 1}, {"B": 1, "A": 1}, {"B": 1, "A": 1}):
        move = move.impulse(spent)  # B turns, B to DD1 and A to CC2, B turns, to EE1/DD1, B exits + A to EE1
    assert [int(c) for c in move.impulses] == [1, 5, 1, 1, 1, 1, 1] and move.spent == 11 and move.over


def test_d14_21_conforming_at_an_impulse_end() -> None:
    def sees(a: Hex, b: Hex) -> bool:
        return True

    # after the second impulse of the first example: A in Z4, B in AA5, C in AA6 (each next to a mate)
    where = {"A": hx("Z4"), "B": hx("AA5"), "C": hx("AA6")}
    assert pl.conforms(where, {"A": "moving", "B": "moving", "C": "moving"}, sees) == []
    apart = {"B": hx("EE2"), "A": hx("CC3")}  # C destroyed: B and A two hexes apart must re-conform
    assert pl.conforms(apart, {"A": "moving", "B": "moving"}, sees) == ["A", "B"]
    assert pl.conforms(where, {"A": "stopped", "B": "moving", "C": "moving"}, sees) == ["A", "B", "C"]


def test_d14_211_and_d14_23_motion_drm() -> None:
    assert pl.motion_drm(3) == 3 and pl.motion_drm(2) == 2
    assert pl.motion_drm(1, radioless_alone=True) == 1 and pl.motion_drm(1) == 0
