"""ASL A9.8: dismantled (dm) SW: which may be dismantled, their halved PP, dismantling and assembling.

Which SW (A9.8): light mortars of 4 PP or more, 76-82mm mortars and the HMG/MMG of every nationality but the
Soviets' (the Soviet .50-cal MG excepted). Whether a counter may is the owner's catalogue data: a SW counter
gives ``dismantlable: 1`` (a mortar its ``calibre`` in mm); a counter without it is never dismantled.
Dismantled, its PP are halved, fractions rounded up (FRU); a 76-82mm mortar costs 5 PP dismantled and
infantry may carry it only dismantled (A9.8; a move or an advance with it assembled is refused; a rout
leaves what it may not carry by A10.5's own rule, not checked for this).

When and how (A9.8): in a PFPh or DFPh in which it has not fired, the unit possessing it (in Good Order, not
in Melee, on its side's turn to act) dismantles or assembles it: ``activate SW for dismantle`` / ``activate
SW for assemble``. That is a use of the SW with all its ROF (it takes the phase's fire marker, so it fires no
more in that phase), and it counts against the number of SW the unit may fire in the phase (A7.35), as the
fire check counts every SW bearing the marker.

A dismantled SW may not fire until assembled (A9.8), except a German dm HMG/MMG, which fires as a LMG: here
with the fire values (FP, range, ROF, B#, X#) of the scenario's German LMG counter (``LMG-german``, else
``LMG`` if it is German); a scenario without one cannot fire it and says so. It keeps its own R#: a dm SW is
repaired with its assembled R# (A9.8), and may be dismantled and carried while malfunctioned. A German dm MG
that malfunctions while firing as a LMG carries the MG Malfunction marker until repaired or removed; assembled
then, it stays malfunctioned (the back of its HMG/MMG counter, A9.8), which is the same ``malfunctioned``
marker here. A captor may dismantle and assemble a captured SW as its owner could (A9.8): the rules ask only
that the unit possess it.

A SW may start a scenario dismantled (A9.8): a SW the scenario sets up with the ``dismantled`` marker starts
with its dm values (``setup``). Whether an OB requires it is the scenario's to say. A unit that enters from
off the map starts there (A2.52: its SW may start dismantled), so in the off-board set-up of its entry turn
(the RPh's first actions, A2.51, offboard.set_up_window) its owner may dismantle a SW it possesses, aboard
a waiting vehicle too: ``activate SW for dismantle`` then is a set-up choice, not a use of the SW (no fire
marker, no PFPh). Not the other way: a SW the scenario sets up dismantled stays so until a PFPh or DFPh
(read as the OB's, A9.8's exception), and it is offered once the unit is due, whether or not it is set up
on the off-board board (the choice is A2.52's, not the board's).

The dm values are kept on the SW's counter: ``asm:<key>`` holds each assembled value, so assembling restores
the counter exactly, even one the scenario does not list (a scrounged MG, D10.52).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType, Value
from hexmate.rules.text import T

DISMANTLE = "dismantle"
ASSEMBLE = "assemble"
DISMANTLED = "dismantled"
PHASE_MARKERS = {"PFPh": "prep_fire", "DFPh": "final_fire"}
FIRE_KEYS = ("fp", "range", "rof", "breakdown", "x")
ASM = "asm:"


def dismantlable(sw: UnitState | CounterType) -> bool:
    """A9.8: the catalogue says it may be dismantled."""
    got = sw.values.get("dismantlable")
    return isinstance(got, int) and got == 1


def heavy_mortar(values: Mapping[str, Value]) -> bool:
    """A9.8: a 76-82mm mortar (infantry carry it only dismantled, at 5 PP)."""
    cal = values.get("calibre")
    return values.get("sw") == "mortar" and isinstance(cal, int) and 76 <= cal <= 82


def dm_pp(values: Mapping[str, Value]) -> int:
    """A9.8: the PP of a dismantled SW: half its PP, fractions rounded up; a 76-82mm mortar 5.

    >>> dm_pp({"sw": "mg", "pp": 5})
    3
    >>> dm_pp({"sw": "mortar", "calibre": 81, "pp": 8})
    5
    """
    if heavy_mortar(values):
        return 5
    pp = values.get("pp", 0)
    return -(-pp // 2) if isinstance(pp, int) else 0


def fires_as_lmg(values: Mapping[str, Value]) -> bool:
    """A9.8: a German dismantled HMG/MMG fires as a LMG (only MMG/HMG among MGs are dismantlable)."""
    return values.get("sw") == "mg" and str(values.get("nationality", "")).lower() == "german"


def _german_lmg(counters: Mapping[str, CounterType]) -> CounterType | None:
    for key in ("LMG-german", "LMG"):
        c = counters.get(key)
        if c is not None and c.type == au.SW and str(c.values.get("nationality", "")).lower() == "german":
            return c
    return None


def dm_counter(counter: CounterType, counters: Mapping[str, CounterType]) -> CounterType:
    """The counter of the SW dismantled (A9.8): halved PP; a German MG takes the German LMG's fire values;
    every assembled value kept under ``asm:``."""
    values: dict[str, Value] = dict(counter.values)  # its own values stay shown; it does not fire (A9.8)
    values.update({ASM + k: v for k, v in counter.values.items()})
    values[ASM + "name"] = counter.name
    values["pp"] = dm_pp(counter.values)
    if fires_as_lmg(counter.values):
        lmg = _german_lmg(counters)
        if lmg is not None:
            values.update({k: v for k, v in lmg.values.items() if k in FIRE_KEYS})
            values["as_lmg"] = lmg.name
    return CounterType(f"{counter.name} (dm)", au.SW, values)


def assembled_counter(counter: CounterType) -> CounterType:
    """The counter of a dm SW assembled again (A9.8): its values as they were."""
    values = {k[len(ASM):]: v for k, v in counter.values.items() if k.startswith(ASM) and k != ASM + "name"}
    return CounterType(str(counter.values.get(ASM + "name", counter.name)), au.SW, values)


def is_dismantled(sw: UnitState) -> bool:
    return sw.type == au.SW and sw.has(DISMANTLED)


def cannot_fire(sw: UnitState) -> tuple[T, str] | None:
    """A9.8: a dm SW fires only once assembled, but a German dm HMG/MMG fires as a LMG."""
    if not is_dismantled(sw):
        return None
    if fires_as_lmg(sw.values) and "as_lmg" not in sw.values:
        return T("{sw} is a dismantled German MG: it fires as a LMG, but the scenario has no German LMG "
                 "counter (LMG-german) to give its values (A9.8)", sw=sw.id), "A9.8"
    if not fires_as_lmg(sw.values):
        return T("{sw} is dismantled and fires only once assembled (A9.8)", sw=sw.id), "A9.8"
    return None


def must_be_dismantled(state: State, unit: UnitState) -> UnitState | None:
    """A9.8: an assembled 76-82mm mortar the infantry unit possesses (it may carry one only dismantled)."""
    for sw in au.possessed(state, unit.id):
        if heavy_mortar(sw.values) and not is_dismantled(sw):
            return sw
    return None


def check_carry(state: State, units: list[UnitState]) -> None:
    """A9.8: refuse moving infantry with an assembled 76-82mm mortar."""
    for unit in units:
        sw = must_be_dismantled(state, unit)
        if sw is not None:
            raise IllegalAction(T("{unit} may carry the 76-82mm mortar {sw} only dismantled (A9.8)",
                                  unit=unit.id, sw=sw.id), "A9.8")


# --- the action ---


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and action.mode in (DISMANTLE, ASSEMBLE)


def check(position: Position, action: act.Activate) -> act.Activate:
    if len(action.units) != 1 or action.units[0] not in position.units:
        raise IllegalAction(T("name one SW: activate SW for {mode}", mode=action.mode), "A9.8")
    sw = position.units[action.units[0]]
    if sw.type != au.SW:
        raise IllegalAction(T("{unit} is not a support weapon", unit=sw.id), "A9.8")
    dm = action.mode == DISMANTLE
    holder = position.units.get(sw.carrier or "")
    if holder is not None and holder.has("mounted"):
        raise IllegalAction(T("{unit} is mounted: cavalry neither dismantles nor assembles a SW (A13.33)",
                              unit=holder.id), "A13.33")
    if dm and is_dismantled(sw):
        raise IllegalAction(T("{sw} is already dismantled", sw=sw.id), "A9.8")
    if not dm and not is_dismantled(sw):
        raise IllegalAction(T("{sw} is not dismantled", sw=sw.id), "A9.8")
    if dm and not dismantlable(sw):
        raise IllegalAction(T("{sw} may not be dismantled: only light mortars of 4+ PP, 76-82mm mortars and "
                              "non-Soviet HMG/MMG may (A9.8)", sw=sw.id), "A9.8")
    if dm and off_board_choice(position, sw):
        return action  # A2.52: it starts dismantled, the owner's choice at set-up
    phase = position.phase.id
    marker = PHASE_MARKERS.get(phase)
    if marker is None:
        raise IllegalAction(T("a SW is dismantled or assembled in a Prep or Defensive Fire Phase (A9.8)"),
                            "A9.8")
    owner = position.units.get(sw.carrier or "")
    if owner is None or owner.hex is None:
        raise IllegalAction(T("{sw} has no possessor: only the unit possessing it may do that (A9.8)",
                              sw=sw.id), "A9.8")
    own_turn = owner.side == position.phasing
    if owner.side != position.to_act or own_turn != (phase == "PFPh"):
        raise IllegalAction(T("{unit} is not {side}'s to use in the {phase}", unit=owner.id,
                              side=position.to_act, phase=position.phase.name), "A9.8")
    if not au.good_order(owner) or owner.has("melee") or owner.has("berserk"):
        raise IllegalAction(T("{unit} is broken, berserk or in Melee and cannot use {sw} (A9.8)",
                              unit=owner.id, sw=sw.id), "A9.8")
    if sw.has(marker):
        raise IllegalAction(T("{sw} has fired or been used this phase: it may be dismantled or assembled "
                              "only in a phase in which it did not fire (A9.8)", sw=sw.id), "A9.8")
    used = sum(1 for w in au.possessed(position.state, owner.id) if w.has(marker))
    if used + 1 > au.sw_fire_limit(owner):
        raise IllegalAction(T("{unit} may use at most {n} SW in a fire phase (A9.8, A7.35)", unit=owner.id,
                              n=au.sw_fire_limit(owner)), "A9.8")
    return action


def off_board_choice(position: Position, sw: UnitState) -> bool:
    """A2.52 with A9.8: ``sw`` is possessed by a unit waiting off the map (or aboard a vehicle waiting there)
    due this Player Turn, in its side's off-board set-up window (A2.51)."""
    from hexmate.rules.games.asl import arrival, offboard
    owner = position.units.get(sw.carrier or "")
    if owner is None or owner.side != position.phasing or not offboard.set_up_window(position):
        return False
    waiting = owner
    if arrival.aboard_off_board(position, owner):
        waiting = position.units[owner.carrier or ""]
    elif not arrival.off_board(position, owner):
        return False
    return arrival.due_turn(position, waiting.id) <= position.turn


def apply(position: Position, action: act.Activate) -> State:
    """Dismantle or assemble (A9.8): the counter changes and the SW is used for the phase (not when chosen at
    the off-board set-up, A2.52)."""
    sw = position.units[action.units[0]]
    marker = PHASE_MARKERS.get(position.phase.id)
    if action.mode == DISMANTLE and marker is None:
        return position.state.with_unit(sw.as_counter(dm_counter(sw.counter, position.scenario.counters))
                                        .mark(DISMANTLED))
    assert marker is not None
    if action.mode == DISMANTLE:
        new = sw.as_counter(dm_counter(sw.counter, position.scenario.counters)).mark(DISMANTLED, marker)
    else:
        new = sw.as_counter(assembled_counter(sw.counter)).mark(marker, remove=(DISMANTLED,))
    return position.state.with_unit(new)


def generate(position: Position) -> Iterator[act.Action]:
    """Dismantling and assembling open now, for the page's buttons (dismantling only at an off-board
    set-up, A2.52)."""
    if position.state.decision is not None:
        return
    if position.phase.id not in PHASE_MARKERS:
        if position.phase.id == "RPh":
            for sw in sorted(position.units.values(), key=lambda u: u.id):
                if sw.type == au.SW and sw.carrier is not None and not is_dismantled(sw) \
                        and dismantlable(sw) and off_board_choice(position, sw):
                    yield act.Activate((sw.id,), DISMANTLE)
        return
    for sw in sorted(position.units.values(), key=lambda u: u.id):
        if sw.type != au.SW or sw.carrier is None:
            continue
        action = act.Activate((sw.id,), ASSEMBLE if is_dismantled(sw) else DISMANTLE)
        try:
            yield check(position, action)
        except IllegalAction:
            continue


def setup(position_counters: Mapping[str, CounterType], state: State, where: str = "scenario") -> State:
    """A9.8: a SW set up with the ``dismantled`` marker starts with its dm values."""
    for sw in list(state.units.values()):
        if sw.type == au.SW and sw.has(DISMANTLED) and ASM + "name" not in sw.values:
            if not dismantlable(sw):
                raise DataError(f"{where}: unit {sw.id} ({sw.name}) is set up dismantled, but its counter is "
                                "not dismantlable (A9.8)")
            state = state.with_unit(sw.as_counter(dm_counter(sw.counter, position_counters)))
    return state


__all__ = ["ASSEMBLE", "DISMANTLE", "DISMANTLED", "apply", "assembled_counter", "cannot_fire", "check",
           "check_carry", "claims", "dismantlable", "dm_counter", "dm_pp",
           "fires_as_lmg", "generate", "heavy_mortar", "is_dismantled", "setup"]
