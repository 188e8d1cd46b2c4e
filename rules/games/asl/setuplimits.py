"""ASL A2.9 set-up limits, checked when a scenario file is loaded (AslGame.load_scenario).

What the text gives (A2.9, with A5.1-A5.5):

- No unit or weapon is set up overstacked: per side and Location (a hex's level, A5.1), personnel up to 3
  squad-equivalents plus 4 SMC (A5.5: a HS or crew 1/2, a 5th SMC 1/2; units aboard a vehicle count for no
  Location, A5.3); one vehicle (A5.2; a wreck is ignored). SW and Guns have no limit (A5.4).
- No unit is set up in a hex it could not enter in play: infantry where the terrain prohibits every entry
  (the terrain table's infantry cost from each neighbour), a vehicle where the chart pack gives no vehicle
  cost ("NA"). A hex where a vehicle could bog is allowed (it does not bog there: nothing is rolled).
- HD set-up is D4.221's (hulldown.py); Infantry may always set up at Crest (B20.9, chapter B: not built);
  the enemy's stacks are not examined before play (the table shows only what the scenario makes public,
  concealment and HIP: concealment.py, hip.py).

The table's set-up is the scenario's: each counter is placed where the file puts it (host/service set-up
progress), so what the file is refused for is refused before any counter is placed. The one set-up a player
chooses at the table, a HIP unit's hex named on its owner's page (hip.py), is refused where it would overstack
its side's units (``check_placed``; the hexes offered are concealment terrain, all enterable). Tests that
start mid-game (overstacked on purpose, A5.12) build their positions without a file: not checked.

Not built: A2.9's free deployment of up to 10% (FRU) of the squads before set-up (a scenario names the
counters it sets up: its HS are already deployed, and the share of the OB they came from is not in the file).
"""

from __future__ import annotations

from collections.abc import Iterable

from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import armour
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap, MapError
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

MMC = ("squad", "hs", "crew")
SMC = ("leader", "hero")


def enterable(m: HexMap, h: Hex, counter: CounterType) -> bool:
    """Could this unit enter ``h`` in play? Infantry: from some neighbour the terrain allows it (A4.14); a
    vehicle: the chart pack gives the terrain a vehicle cost (bog hexes included, A2.9)."""
    if counter.type == armour.VEHICLE:
        return armour.vehicle_cost(m.terrain(h)) != "NA"
    step = table_for("asl", None).cost_fn("infantry")
    return any(step(m, n, h) is not None for n in m.neighbors(h) if n in m.hexes) or not any(
        n in m.hexes for n in m.neighbors(h))


def check(scenario: Scenario, m: HexMap, source: str) -> None:
    """A2.9: refuse a scenario (``source``: its file) that sets a unit up overstacked or where it could not
    enter, naming the unit."""
    from hexmate.rules.games.asl.game import overstack_mf  # A5.11's count of squad-equivalents over

    people: dict[tuple[str, Hex, int], list[UnitState]] = {}
    vehicles: dict[tuple[str, Hex, int], list[tuple[int, str]]] = {}
    for n, unit in enumerate(scenario.units):
        counter = scenario.counters.get(unit.counter)
        if counter is None or not unit.hex or unit.carrier:
            continue  # aboard a vehicle or possessed: no Location's stacking (A5.3), no hex of its own
        try:
            h = m.parse_label(unit.hex)
        except MapError:
            continue  # no such hex: the position's own set-up check names the file and the unit
        if h not in m.hexes:
            continue
        if counter.type in (*MMC, *SMC, armour.VEHICLE) and not enterable(m, h, counter):
            raise DataError(f"{source}: units[{n}] ({unit.id}): " + str(T(
                "{unit} may not be set up in {hex} ({terrain}): it could not enter it in play (A2.9)",
                unit=unit.id, hex=unit.hex, terrain=m.terrain(h))))
        key = (unit.side, h, unit.level)
        if counter.type == armour.VEHICLE and "wreck" not in unit.markers:
            vehicles.setdefault(key, []).append((n, unit.id))
        elif counter.type in (*MMC, *SMC):
            people.setdefault(key, []).append(UnitState(unit.id, unit.side, counter, h))
            over = overstack_mf(people[key])
            if over:
                raise DataError(f"{source}: units[{n}] ({unit.id}): " + str(T(
                    "{unit} may not be set up in {hex}: {side}'s units there would be overstacked by {n} "
                    "squad-equivalent(s) (A2.9, A5.1)", unit=unit.id, hex=unit.hex, side=unit.side, n=over)))
        if len(vehicles.get(key, ())) > 1:
            raise DataError(f"{source}: units[{n}] ({unit.id}): " + str(T(
                "{unit} may not be set up in {hex}: a second vehicle of {side} there is overstacked (A2.9, "
                "A5.2)", unit=unit.id, hex=unit.hex, side=unit.side)))


def check_placed(position: Position, uid: str, h: Hex, also: Iterable[str] = ()) -> None:
    """A2.9 at the table: a unit set up in ``h`` (a HIP unit named on its owner's page, hip.py) may not
    overstack its side's units there (``also``: those of its side set up there out of sight)."""
    from hexmate.rules.games.asl.game import overstack_mf

    unit = position.units[uid]
    there = [u for u in position.units.values() if u.side == unit.side and u.hex == h and u.carrier is None
             and u.level == 0 and u.id != uid]
    there += [position.units[x] for x in also if x in position.units and x != uid]
    over = overstack_mf([*there, unit])
    if over:
        said = T("{unit} may not be set up in {hex}: {side}'s units there would be overstacked by {n} "
                 "squad-equivalent(s) (A2.9, A5.1)", unit=uid, hex=position.label(h), side=unit.side, n=over)
        raise IllegalAction(said, "A2.9")


__all__ = ["check", "check_placed", "enterable"]
