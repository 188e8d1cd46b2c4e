"""ASL vehicle crews as counters (D5.1, D5.6, D5.8): a crew that survives its vehicle's destruction leaves it
and is a unit on the table from then on, an infantry crew (type ``crew``) the infantry modules move, fire
and rally like any other.

- Its counter: the scenario's counter ``vehicle-crew-<nationality>`` or ``vehicle-crew`` if it defines one
  (a Free French crew's ``vehicle-crew-british`` before those from December 1943: A25.55 gives it the
  British D5.1 morale),
  else a built-in one labelled demo values: 1 FP as D5.1 says; its range and morale are not in the texts
  (chapter A's crew counters are printed values the owner's counters give).
- Its id is ``<vehicle>-crew``; it is placed beneath the wreck (D5.6), having used all its MF (``moved``).
  D5.8: a crew whose vehicle fired or moved this Player Turn may not use its own FP for the rest of it: it
  gets the Prep Fire counter (the phasing side's) or the Final Fire counter (the other side's).
- At the table it is a new counter: ``changes`` asks the owner to put a crew counter beneath the wreck and
  enrol its tag as that unit (the host offers every unit without a tag for an unknown tag,
  ``host/service/enrol.py``); until then the table shows the unit missing there.

Voluntary abandonment (D5.41) and the Immobilization TC (D5.5) are vcrew.py's; both end in ``bail_out``.
A crew forced out by a failed Immobilization TC (D5.5) or surviving its vehicle's destruction (D5.6) suffers
Hazardous Movement for the rest of that phase: ``hazardous``, -2 on every attack on it while unpinned, no
FFNAM/FFMO (A4.62; fire.py); a voluntary abandonment (D5.41) does not. Not built: Recall (D5.341).
"""

from __future__ import annotations

from hexmate.rules.decisions import Physical
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

DEMO_CREW = CounterType(
    "vehicle crew (demo values)", "crew", {"fp": 1, "range": 2, "morale": 7, "broken_morale": 7}
)
FIRED = ("prep_fire", "first_fire", "final_fire", "advancing_fire", "entered", "motion")


def crew_id(vehicle: UnitState) -> str:
    return f"{vehicle.id}-crew"


def counter_for(position: Position, vehicle: UnitState) -> CounterType:
    """The scenario's vehicle crew counter for the vehicle's nationality, else the demo one (D5.1). A
    nationality whose ``crew_as`` names another from the scenario's date (the Free French: British from
    December 1943, A25.55; nations.crew_nationality) takes that one's first."""
    from hexmate.rules.games.asl import carriers, nations
    from hexmate.rules.games.asl.vehicles import vehicle_of

    counters = position.scenario.counters
    side = next((s for s in position.scenario.sides if s.id == vehicle.side), None)
    nationality = str(getattr(side, "nationality", "") or "")
    hs = carriers.crew_counter(position, vehicle_of(vehicle.values), nationality)  # D6.82: a carrier's HS
    if hs is not None:
        return hs
    # A25.55: from December 1943 the Free French crew takes its morale as British (D5.1): the British
    # vehicle crew counter
    crew_as, rule = nations.crew_nationality(position.scenario, vehicle.side)
    keys = [f"vehicle-crew-{crew_as}"] if rule is not None else []
    for key in (*keys, f"vehicle-crew-{nationality}", "vehicle-crew"):
        if key in counters:
            return counters[key]
    return DEMO_CREW


def bail_out(position: Position, vehicle: UnitState, *, hazardous: bool = False) -> State:
    """The crew survived (D5.6): a crew unit beneath the vehicle, its MF spent, its own FP barred for the
    Player Turn if the vehicle fired or moved (D5.8); ``hazardous`` when it was forced out (D5.5, D5.6):
    Hazardous Movement for the rest of the phase (A4.62)."""
    state = position.state
    uid = crew_id(vehicle)
    if vehicle.hex is None or uid in state.units:
        return state
    markers = {"bailed", "hazardous"} if hazardous else {"bailed"}
    now = state.units.get(vehicle.id, vehicle)
    if vehicle.has("plus1") or now.has("plus1"):  # D5.34: the "+1" goes onto the crew counter, in case it
        markers.add("plus1")  # crews another vehicle; it has no effect outside one
        state = state.with_unit(now.mark(remove=("plus1",)))
    if any(vehicle.has(m) for m in FIRED):
        markers.add("prep_fire" if vehicle.side == position.phasing else "final_fire")
    counter = counter_for(position, vehicle)
    from hexmate.rules.games.asl import carriers
    from hexmate.rules.games.asl.vehicles import vehicle_of

    if carriers.hs_crew(vehicle_of(vehicle.values)):
        markers.add(carriers.CARRIER_HS)  # D6.82: a carrier's HS (it combines without a leader, A1.32)
        markers.add(carriers.INHERENT_HS)  # A26.213: worth 2 VP, as the crew it was
    unit = UnitState(uid, vehicle.side, counter, vehicle.hex, markers=frozenset(markers), level=vehicle.level)
    state = state.replace(units={**state.units, uid: unit})
    return state.replace(moved=(*state.moved, uid))


def changes(before: State, after: State) -> list[Physical]:
    """A crew that has just left its vehicle is a counter the owner puts on the table and enrols (D5.6)."""
    out: list[Physical] = []
    for uid, unit in sorted(after.units.items()):
        if uid in before.units or not unit.has("bailed") or unit.hex is None:
            continue
        vehicle = uid.removesuffix("-crew")
        text = T(
            "put a vehicle crew counter beneath {vehicle} and enrol its tag as {unit} (D5.6)",
            vehicle=vehicle,
            unit=uid,
        )
        out.append(Physical("add", uid, text, "D5.6", unit.hex, unit.counter.name))
    return out


__all__ = ["DEMO_CREW", "bail_out", "changes", "counter_for", "crew_id"]
