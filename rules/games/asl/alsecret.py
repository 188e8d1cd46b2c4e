"""D3.41: the Armor Leaders a side assigns to its AFVs in secret at set-up (``options.armor_leaders``).

D3.41: each player may put an Armor Leader aboard any of his AFVs, recording on a slip of paper which one; he
need not bring him into play until he wants his morale or leadership. A counter type's ``armor_leader`` in the
scenario file (armorldr.py) names the AFV for anyone who reads the file or the record; this option keeps the
choice its owner's:

``"options": {"armor_leaders": {"<side>": {"leaders": ["9-1", ...], "units": [AFV ids]}}}`` gives the side
the Armor Leader counters of its order of battle (D3.4: 8-1 to 10-2; public, as the order of battle is) and,
optionally, the AFVs he may choose among (else every AFV of the side). At set-up the owner names the AFV of
each leader in a private decision (``Decision.private``, as a HIP unit's hex, hip.py): answered on his own
page only, its options and answer kept from every other audience, its record entry sealed until the game
ends (host/sealed.py). The answer gives that AFV's counter the ``armor_leader`` value armorldr reads, its
counter name unchanged: the board is asked for nothing (``physical``), and no page shows a counter's values.
While the option is in play, every record entry holding such a value (a checkpoint of the rules state) is
sealed too (``sealed_words``). The leader is then hidden as D3.41 says (alhide.py), his side asked alike for
every AFV (alhide.side_has_leaders reads the option).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Physical
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import armorldr
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

KEY = "armor_leaders"
THEN = "al_assign"  # the set-up question's continuation (game.resume_al_assign)
WORD = "armor_leader"  # the counter value every entry holding the secret contains (sealed_words)


def spec(scenario: Scenario) -> dict[str, dict[str, list[str]]]:
    """``options.armor_leaders`` checked: ``{side: {"leaders": [...], "units": [...]}}``; a DataError names
    the file and the key (a leader not written like "9-1", D3.4; a unit that is not the side's)."""
    raw: Any = scenario.options.get(KEY, {})
    where = f"{scenario.source}: options.{KEY}"
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be an object of sides")
    sides = {u.id: u.side for u in scenario.units}
    known = {s.id for s in scenario.sides}
    out: dict[str, dict[str, list[str]]] = {}
    for side, entry in raw.items():
        if side not in known:
            raise DataError(f"{where}: {side!r} is no side of the scenario")
        if not isinstance(entry, dict) or not isinstance(entry.get("leaders"), list) or not entry["leaders"]:
            raise DataError(f"{where}.{side}: needs 'leaders', a list of Armor Leader counters like '9-1'")
        extra = sorted(set(entry) - {"leaders", "units"})
        if extra:
            raise DataError(f"{where}.{side}: unknown key(s) {extra}")
        for text in entry["leaders"]:
            try:
                armorldr.parse(str(text))
            except ValueError as e:
                raise DataError(f"{where}.{side}.leaders: {e}") from None
        units = entry.get("units", [])
        if not isinstance(units, list):
            raise DataError(f"{where}.{side}.units: must be a list of unit ids")
        for uid in units:
            if sides.get(uid) != side:
                raise DataError(f"{where}.{side}.units: {uid!r} is not a unit of side {side!r}")
        out[side] = {"leaders": [str(x) for x in entry["leaders"]], "units": list(units)}
    return out


def _afvs(state: State, side: str, named: Iterable[str]) -> tuple[str, ...]:
    """The side's AFVs (armored vehicles, D3.41) a leader may be put aboard: those named, else all."""
    from hexmate.rules.games.asl.armour import is_vehicle, vtype

    wanted = set(named)
    return tuple(sorted(u.id for u in state.units.values()
                        if u.side == side and is_vehicle(u) and vtype(u).armored
                        and (not wanted or u.id in wanted) and not u.values.get(WORD)
                        and not u.values.get("inexperienced_crew")))


def setup(scenario: Scenario, state: State) -> State:
    """Each leader's private question to its side: name the AFV he commands (D3.41)."""
    asks = []
    for side, entry in spec(scenario).items():
        options = _afvs(state, side, entry["units"])
        for leader in entry["leaders"]:
            if not options:
                raise DataError(f"{scenario.source}: options.{KEY}.{side}: no AFV of the side to put the "
                                f"{leader} Armor Leader aboard (D3.41)")
            asks.append(Decision(
                "units", side,
                T("{side}: name, on your own page, the AFV your {leader} Armor Leader commands; it stays "
                  "secret until he is used (D3.41)", side=side, leader=leader),
                "D3.41", THEN, units=options, count=1, args=(("leader", leader),), private=True))
    return state.push(*reversed(asks)) if asks else state  # the first leader's question on top


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The owner's AFV: its counter carries the leader from now on (armorldr reads ``armor_leader``)."""
    uid = answer.units[0]
    vehicle = position.units[uid]
    if uid not in decision.units or vehicle.values.get(WORD):
        raise IllegalAction(T("{unit} is not an AFV of yours without an Armor Leader", unit=uid), "D3.41")
    return position.state.with_unit(aboard(vehicle, decision.arg("leader")))


def aboard(vehicle: UnitState, leader: str) -> UnitState:
    """The vehicle with the leader aboard: its counter's values gain ``armor_leader``, its name unchanged."""
    values = {**vehicle.counter.values, WORD: leader}
    return dataclasses.replace(vehicle, counter=dataclasses.replace(vehicle.counter, values=values))


def physical(changes: Iterable[Physical], before: State, after: State) -> tuple[Physical, ...]:
    """The board's changes without the counter "replacement" an assignment makes (the same counter, a
    secret value added): the table must not be told which AFV it was."""
    def assigned(change: Physical) -> bool:
        old, new = before.units.get(change.unit), after.units.get(change.unit)
        return (change.what == "replace" and old is not None and new is not None
                and old.counter.name == new.counter.name
                and {k: v for k, v in new.counter.values.items() if k != WORD}
                == {k: v for k, v in old.counter.values.items() if k != WORD})
    return tuple(c for c in changes if not assigned(c))


def sealed_words(position: Position) -> frozenset[str]:
    """What no record entry may hold unsealed while the option is in play: the value that names the AFV."""
    return frozenset({WORD}) if spec(position.scenario) else frozenset()


def has_secret(scenario: Scenario, side: str) -> bool:
    """Does the scenario give the side Armor Leaders it assigns in secret? (public: the order of battle)"""
    return side in spec(scenario)


__all__ = ["KEY", "THEN", "WORD", "aboard", "has_secret", "physical", "resume", "sealed_words", "setup",
           "spec"]
