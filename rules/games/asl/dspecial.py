"""ASL motorcycles (D15) and aerosan (D17): pure arithmetic from their rules, each citing its rule, tested on
chapter D's examples. Motorcycles in play are moto.py's (mounting, riding, fire at riders); aerosans move in
play through aerosan.py (whose ``turn_mp`` is this module's ``aerosan_turn_mp`` less the start), and the
wandering of D17.27 waits for E1.53 (chapter E, not among the texts). The ordnance TH arithmetic here is not
wired into play.

- D15.41: mounting or dismounting a motorcycle costs 1 of the rider's 4 MF and a quarter of the cycle's MP
  allowance; while riding, the rider loses 1 MF per quarter of the cycle's MPA (FRU) the cycle spends; a
  rider with no MF left may not dismount.
- D15.5: riders are an Infantry Target Type with no size DRM; ordnance fire at them takes -1 on its TH DR
  (so their TH# is one higher) and the vehicle TH DRMs (Case J for a moving cycle); other fire, -1 IFT DRM.
- D17.25, D17.27: an aerosan turns one hexspine per start (or per hex entered); a wandering aerosan that must
  turn repeats start, turn and stop as few times as it can; if its next hex calls for a wreck check
  (D17.22: wire always fails it) it stops and is TI at once, without turning.
"""

from __future__ import annotations

import math
from fractions import Fraction

from hexmate.rules.games.asl import vmove as vm

INFANTRY_MF = 4  # A4.11: an MMC's basic MF allowance, the rider's


def mount_cost(cycle_mpa: int) -> tuple[int, Fraction]:
    """D15.41: (MF of the rider, MP of the cycle) to mount or dismount."""
    return 1, Fraction(cycle_mpa, 4)


def ride_mf(ride_mp: Fraction | int, cycle_mpa: int) -> int:
    """D15.41: the MF a rider loses for the MP the cycle spends while he rides (1 per quarter MPA, FRU)."""
    return math.ceil(Fraction(ride_mp) / Fraction(cycle_mpa, 4))


def may_dismount(mf_spent: int) -> bool:
    """D15.41: dismounting takes 1 more MF of the rider's 4."""
    return mf_spent + 1 <= INFANTRY_MF


def rider_th(infantry_th: int, case_j: int, *, moving: bool) -> int:
    """D15.5: the TH# of ordnance at motorcycle riders: the Infantry Target TH#, less Case J if the cycle
    moves or is in Motion, plus 1 for the -1 TH DRM against riders."""
    return infantry_th - (case_j if moving else 0) + 1


RIDER_IFT_DRM = -1  # D15.5: other fire at motorcycle riders


def aerosan_turn_mp(hexspines: int) -> int:
    """D17.25, D17.27: a stopped aerosan turning in place: start and turn for the first hexspine, then stop,
    start and turn for each further one."""
    if hexspines <= 0:
        return 0
    return vm.START_MP + 1 + (hexspines - 1) * (vm.STOP_MP + vm.START_MP + 1)


def aerosan_wander(hexspines: int, *, wreck_check: bool) -> tuple[str, int]:
    """D17.27: a wandering aerosan's (what happens, MP paid to turn): ``ti`` with no turn when its next hex
    calls for a wreck check (D17.22), else ``turn`` for the start-turn-stop MP."""
    if wreck_check:
        return "ti", 0
    return "turn", aerosan_turn_mp(hexspines)


__all__ = [
    "INFANTRY_MF",
    "RIDER_IFT_DRM",
    "aerosan_turn_mp",
    "aerosan_wander",
    "may_dismount",
    "mount_cost",
    "ride_mf",
    "rider_th",
]
