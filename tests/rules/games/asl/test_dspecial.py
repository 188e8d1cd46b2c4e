"""Motorcycles and aerosan (dspecial.py) from chapter D's examples: D15.41 (T-MOV-14), D15.55 (T-CBT-14),
D17.27 (T-MOV-16)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexmate.rules.games.asl import dspecial as ds
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.hexes import Hex
from hexmate.rules.labels import Grid

GRID = Grid.asl()


def hx(text: str) -> Hex:
    return GRID.to_hex(*GRID.parse(text))


def test_t_mov_14_a_leader_rides_and_cannot_dismount() -> None:
    # D15.41 example: the leader enters open ground (1 MF) and mounts the cycle (1 MF; the cycle pays 7 MP, a
    # quarter of its MPA: the translation's "1MF-7MP", so the cycle's MPA is 28), then rides 11 road hexes:
    # 11 x 1/2 + start 1 + stop 1 = 7 1/2 MP, charged as 2 MF.
    mpa = 28
    assert ds.mount_cost(mpa) == (1, 7)
    ride = 11 * Fraction(1, 2) + 1 + 1
    assert ride == Fraction(15, 2) and ds.ride_mf(ride, mpa) == 2
    spent = 1 + 1 + ds.ride_mf(ride, mpa)
    assert spent == 4 and not ds.may_dismount(spent)  # all four MF are gone: he may not dismount this MPh
    assert ds.may_dismount(3)


def test_t_cbt_14_motorcycle_riders_under_ordnance(make_position: Any) -> None:
    # D15.55 example: a 75mm gun Prep Fires at an open hex 6 hexes away; modified TH# 8 on the Infantry
    # Target Type. The 2-2-8 crew is hit on 8 or less; the riders of the moving cycle take Case J (+2) and the
    # riders' -1: 7 or less.
    case_j = od.load_pack().cases["J"]
    assert case_j == 2  # the example's +2 for the moving cycle
    assert ds.rider_th(8, case_j, moving=True) == 7
    assert ds.rider_th(8, case_j, moving=False) == 9
    assert ds.RIDER_IFT_DRM == -1
    # IFT DR 3 on the 12 FP column: K/3 (also the A8.41 oracle cell of the chart pack)
    pos = make_position("asl", [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"}], "PFPh")
    assert pos.charts.chart("ift").lookup(fp=12, final_dr=3) == "K/3"


def test_t_mov_16_aerosan_wandering() -> None:
    # D17.27 with D17.25's example position: NKL-26 in Y8 facing Z7-Z8 (f=0), made to wander toward X8.
    y8 = hx("Y8")
    assert {GRID.format(*GRID.from_hex(h)) for h in fc.front_hexes(y8, 0)} == {"Z7", "Z8"}
    assert {GRID.format(*GRID.from_hex(h)) for h in fc.front_hexes(y8, 5)} == {"Y9", "Z8"}
    assert {GRID.format(*GRID.from_hex(h)) for h in fc.front_hexes(y8, 4)} == {"Y9", "X8"}
    turns = fc.turns(0, 4)
    assert turns == 2
    assert ds.aerosan_wander(turns, wreck_check=False) == ("turn", 5)  # start, turn, stop, start, turn
    assert ds.aerosan_turn_mp(1) == 2 and ds.aerosan_turn_mp(0) == 0
    # toward X7 (wire: an automatic wreck check failure, D17.22): TI at once, no turn
    assert ds.aerosan_wander(turns, wreck_check=True) == ("ti", 0)
