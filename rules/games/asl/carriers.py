"""ASL D6.8-D6.84: carriers (catalogue ``"carrier": true``), halftracks in the rules but for these.

- D6.8: a carrier is treated as a halftrack: its passengers ride as an armored halftrack's do (mounted.py's
  ``role``: fire, D6.61-D6.65; +2 CE targets, D5.31).
- D6.81: it is a fully tracked, open-topped AFV (the catalogue refuses other entries). Unless its MA is a
  mortar or a FT, or it has a 6 FP AAMG, it has 4 PP of passenger capacity (the catalogue's default), for
  SMC and SW only: the SMC count nothing against it, their SW their portage (``load_pp``). Every carrier also
  carries up to 8 PP of riders (D6.2): its MMC ride outside (``outside``; D6.1's count: a HS or crew 5 PP, a
  squad 10, so no squad), with everything D6.2x gives riders: fire halved (D6.22), no SW, a fire group only
  with riders of the same AFV (D6.64), bailing out at D6.21's terrain (riders.carried_riders), attacked as
  riders (D6.23, mounted.role_of). Loading sorts each unit by its type: an SMC always boards as a passenger.
- D6.82: its inherent crew is a 2-4-7 HS (2-4-8 if elite): the crew that leaves it is that HS
  (``crew_counter``: the scenario's ``carrier-crew-<nationality>``, ``carrier-crew``, ``2-4-7`` counter, else
  a HS labelled demo values), but for a carrier with a FT or 76mm mortar MA or designated a Gun tower
  (catalogue ``tower``), whose crew is an ordinary vehicle crew.
- D6.84: never buttoned up: its crew and passengers are CE at all times, even shocked or stunned (vce.py
  refuses ``bu``; vmg.crew_exposed and mounted.exposed say CE).

Not built: an SMC choosing to ride outside rather than inside, the HS's Combination without NTC or leader
(D6.82, A1.32), and D6.83 (the crew taking its MG/ATR/mortar out, which needs D6.631's SW removal, not built;
its quicker D6.51 unloading).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl.vehicles import VehicleType
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

SMC = ("leader", "hero")
DEMO_HS = CounterType("2-4-7 carrier crew HS (demo values)", "hs",
                      {"fp": 2, "range": 4, "morale": 7, "broken_morale": 7, "source": "demo values"})


def hs_crew(vt: VehicleType) -> bool:
    """D6.82: is its inherent crew the 2-4-7 HS?"""
    if not vt.carrier or vt.tower:
        return False
    ma = vt.ma
    return not (ma is not None and (ma.kind == "FT" or (ma.kind == "MTR" and ma.calibre == 76)))


RIDER_PP = 8  # D6.81: every carrier carries up to 8 PP of riders (D6.2)


def outside(vt: VehicleType, unit: UnitState) -> bool:
    """D6.81: does this unit ride a carrier as a rider? Its MMC do (its passengers are SMC and SW only); on a
    carrier without passenger capacity everyone does."""
    return vt.carrier and (not vt.passengers or (unit.type not in SMC and unit.type != "sw"))


def check_load(vt: VehicleType, vehicle: UnitState, units: Sequence[UnitState], aboard: Sequence[UnitState],
               position: Position, rider_pp: Callable[[list[UnitState]], int]) -> None:
    """D6.81: a carrier's 4 PP of passengers take SMC and SW only (their SW count, the SMC nothing); its MMC
    ride outside, as riders, within 8 PP (D6.1's count, ``rider_pp``)."""
    if not vt.carrier:
        return
    riders = [u for u in aboard if outside(vt, u)]
    inside = [u for u in aboard if not outside(vt, u)]
    if riders and rider_pp(riders) > RIDER_PP:
        first = next(u for u in units if outside(vt, u)) if any(outside(vt, u) for u in units) else riders[0]
        raise IllegalAction(T("{unit} may not ride {vehicle}: a carrier carries {cap} PP of riders, not {pp}",
                              unit=first.id, vehicle=vehicle.id, cap=RIDER_PP, pp=rider_pp(riders)), "D6.81")
    if inside and load_pp(position, inside) > vt.passengers:
        raise IllegalAction(T("{unit} carries {cap} PP, not {pp}", unit=vehicle.id, cap=vt.passengers,
                              pp=load_pp(position, inside)), "D6.81")


def load_pp(position: Position, aboard: Sequence[UnitState]) -> int:
    """D6.81: the SMC and SW a carrier's 4 PP carry. The text names SMC among them, so D6.1's "up to four SMC
    are 10 PP" cannot be meant here: the SMC themselves count nothing and their SW their portage (A4.4)."""
    ids = {u.id for u in aboard}
    return sum(int(u.values.get("pp", 0) or 0) for u in position.units.values()
               if u.type == "sw" and u.carrier in ids)


def crew_counter(position: Position, vt: VehicleType, nationality: str) -> CounterType | None:
    """D6.82: the HS that is a carrier's crew; None when it has an ordinary crew."""
    if not hs_crew(vt):
        return None
    counters = position.scenario.counters
    for key in (f"carrier-crew-{nationality}", "carrier-crew", "2-4-7"):
        if key in counters:
            return counters[key]
    return DEMO_HS


__all__ = ["DEMO_HS", "RIDER_PP", "check_load", "crew_counter", "hs_crew", "load_pp", "outside"]
