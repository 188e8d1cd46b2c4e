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

A2.9's free deployment before set-up: ``activate SQUAD for free-deploy``, no NTC and no RPh action spent
(A1.31's HS and SW sharing follow). The scenario's counters are the OB: of the squads it sets up on the map,
10% (FRU, counted per side) deploy before play (turn 1, nothing else done yet); of those due on a turn,
10% (FRU, per side and turn) deploy as their side's RPh of that turn opens, before their off-board set-up
(offboard.py, A2.51). Only nationalities whose squads deploy (A25.2, A25.61, A25.932, as deployment.py).
A HIP squad is not offered it (its HS would need a hidden second counter, hip.py): it counts in the share.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.terrain_view import table_for
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap, MapError
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

MMC = ("squad", "hs", "crew")
SMC = ("leader", "hero")
FREE = "free-deploy"  # ``activate SQUAD for free-deploy``: A2.9's deployment before set-up
SHARE = 10  # A2.9: up to 10% of a group's squads, fractions rounded up (FRU)


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


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode == FREE


def _group(position: Position, uid: str) -> int:
    """A2.9's two shares: the squads set up on the map (0) and those due on each turn (that turn); a squad
    aboard a vehicle is due with it."""
    from hexmate.rules.games.asl.arrival import PLAN
    due = PLAN.arrivals(position.scenario)
    if uid in due:
        return due[uid]
    carrier = next((u.carrier for u in position.scenario.units if u.id == uid), None)
    return due.get(carrier, 0) if carrier else 0


def allowance(position: Position, side: str, group: int) -> int:
    """A2.9: 10% (FRU) of the side's squads in the group, as the scenario sets them up."""
    squads = [u for u in position.scenario.units if u.side == side and _group(position, u.id) == group
              and (c := position.scenario.counters.get(u.counter)) is not None and c.type == "squad"]
    return math.ceil(len(squads) / SHARE)


def used(position: Position, side: str, group: int) -> int:
    """The free deployments the side has made in the group so far (each keeps the squad's id, A1.31)."""
    return sum(1 for a in position.log if claims(a) and isinstance(a, act.Activate)
               and (u := position.units.get(a.units[0])) is not None and u.side == side
               and _group(position, u.id) == group)


def _before_play(position: Position) -> bool:
    """Play has not begun: the first turn's RPh (A3.1, the first phase), nothing done in it yet but free
    deployments and their answers."""
    return position.turn == 1 and position.phase.id == "RPh" \
        and all(claims(a) or isinstance(a, act.Answer) for a in position.log)


def check_free(position: Position, action: act.Activate) -> act.Activate:
    """A2.9: a squad of a nationality that deploys, among the 10% (FRU) of its group: on the map before
    play, or due this turn as its side's RPh opens, before it is set up off the map (A2.51)."""
    from hexmate.rules.games.asl import deployment, offboard
    from hexmate.rules.games.asl.arrival import aboard_off_board, off_board
    if len(action.units) != 1 or action.units[0] not in position.units:
        raise IllegalAction(T("name one squad: activate SQUAD for free-deploy"), "A2.9")
    squad = position.units[action.units[0]]
    if squad.type != "squad":
        raise IllegalAction(T("{unit} is not a squad: only squads deploy (A2.9)", unit=squad.id), "A2.9")
    group = _group(position, squad.id)
    if group == 0:
        if not _before_play(position):
            raise IllegalAction(T("a squad set up on the map deploys freely only before play (A2.9)"), "A2.9")
        if squad.hex is None:  # hexmate's limit: its second HS would need a hidden counter (hip.py)
            raise IllegalAction(T("{unit} is hidden: hexmate does not deploy a HIP squad before play (A2.9, "
                                  "A12.3)", unit=squad.id), "A2.9")
    elif not (offboard.set_up_window(position) and position.turn >= group and squad.side == position.phasing
              and (off_board(position, squad) or aboard_off_board(position, squad))
              and offboard.set_up_at(squad) is None):
        raise IllegalAction(T("{unit} deploys freely off the map before it is set up there, as its side's "
                              "RPh of its entry turn opens (A2.9, A2.51)", unit=squad.id), "A2.9")
    nat = deployment.nationality(position, squad)
    elite = au.unit_class(squad.values) == "elite"
    if nat in deployment.NO_DEPLOY or (nat in deployment.ELITE_ONLY and not elite):  # A25.2, A25.61
        raise IllegalAction(T("{unit}: its nationality's squads do not deploy (A2.9, A25)", unit=squad.id),
                            "A2.9")
    half = squad.values.get("reduces_to")
    if not isinstance(half, str) or half not in position.scenario.counters:
        raise IllegalAction(T("the scenario has no HS counter that {unit} deploys into", unit=squad.id),
                            "A1.31")
    most = allowance(position, squad.side, group)
    if used(position, squad.side, group) >= most:
        raise IllegalAction(T("{side} has deployed its {n} squad(s) of this group already: 10% of them, "
                              "fractions rounded up (A2.9)", side=squad.side, n=most), "A2.9")
    return action


def apply_free(position: Position, action: act.Activate) -> State:
    """A2.9: no NTC and no RPh action spent: the squad is two HS now (the owner shares its SW, A1.31)."""
    from hexmate.rules.games.asl import deployment
    return deployment.deploy(position, position.units[action.units[0]])


def generate(position: Position, off_map: bool = False) -> Iterator[act.Activate]:
    """The free deployments open now (A2.9): of squads on the map, or ``off_map`` of those off it."""
    from hexmate.rules.games.asl import offboard
    if position.state.decision is not None or not (
            offboard.set_up_window(position) if off_map else _before_play(position)):
        return
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.type != "squad" or (unit.hex is None) != off_map:
            continue
        action = act.Activate((unit.id,), FREE)
        try:
            yield check_free(position, action)
        except IllegalAction:
            continue


__all__ = ["FREE", "allowance", "apply_free", "check", "check_free", "check_placed", "claims", "enterable",
           "generate", "used"]
