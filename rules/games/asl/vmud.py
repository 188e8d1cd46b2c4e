"""ASL D8.23 (with D8.21): bog in mud and deep snow, from the scenario's ``options.weather``.

D8.23: when the scenario's weather is mud or deep snow (``precipitation``: ``mud`` or ``heavy snow``: the
Japanese rulebook calls deep snow 大雪, the word wind.py's ``heavy snow`` stands for in A24.6/A24.11), a
vehicle entering hexes or bypassed hexsides without the benefit of a paved road (plowed road, runway) hexside
takes one bog DR for all its MP, rolled in secret by the opponent (D.5) together with a secret dr. If the DR
bogs it, it bogs in the dr-th such hex (or bypassed hexside) entered along its path in that MPh, whatever
the MP; one that enters fewer does not bog. It still takes the usual bog DRs of bog hexes (D8.21, E3.752).
The DR's DRMs are D8.21's own (``vmove.bog_drm``): the vehicle's ground pressure, towing, not fully armored,
truck; +1 soft ground, mud or snow; +1 more for deep snow. D8.21's footnotes: the mud and snow +1 do not
apply on a paved road, and not inside a building.

At the table: at the vehicle's first such entry in its MPh the opponent is asked, privately, for the DR and
then the dr (``private`` decisions: the host keeps them off the shared pages); the game keeps the hex count
in the game state and marks the vehicle bogged (its MPh over, D8.23) when it enters that hex. A road
hexside spares the DR when its road is paved or plowed (roadstate.py: the maps' roads are paved unless the
scenario's ``options.unpaved_roads``, plowed with ``options.plowed_roads``); motorcycles never bog (D15.47).
A vehicle coming on from off the map counts its entry hex too (A2.51, ventry.py: ``spared`` is the state of
the entry hex's road where it crosses the map edge), after the off-board hexes it crossed (vmudoff.py). Not
built: the secret dr for a bog in a bypassed hexside is counted as an entry
like any other.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import roadstate
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, direction_between, opposite
from hexmate.rules.text import T

ROLL_DR = "vmud"
ROLL_DR1 = "vmud_dr"


def ground(game_state: Any) -> tuple[bool, bool]:
    """(mud or snow, deep snow) from the weather now (D8.21's +1 and +1, D8.23)."""
    wind = getattr(game_state, "wind", None)
    rain = getattr(wind, "precipitation", "none")
    return rain in ("mud", "heavy snow"), rain == "heavy snow"


def paved(position: Position, a: Hex, b: Hex) -> bool:
    """D8.23: entered along a road hexside whose road is paved or plowed (roadstate.py)."""
    if a == b:
        return False
    d = direction_between(a, b)
    if d not in position.map.road_exits(a) or opposite(d) not in position.map.road_exits(b):
        return False
    state = roadstate.of_hex(position, b)
    return state is not None and state.spares_bog


def drm(unit: UnitState, *, deep: bool) -> int:
    """D8.21's DRMs for the D8.23 DR: the vehicle's own, +1 mud or snow, +1 more deep snow."""
    case = vm.BogCase(towing=unit.has("towing"), soft=True, deep_snow=deep)
    return vm.bog_drm(vehicle_of(unit.values), case)


def entry_of(gs: Any, uid: str) -> tuple[int, int] | None:
    """The vehicle's (dr, entries counted) this MPh; dr -1 while the rolls are asked, 0 for no bog."""
    for vid, at, count in getattr(gs, "mud", ()):
        if vid == uid:
            return at, count
    return None


def with_entry(gs: Any, uid: str, at: int, count: int) -> Any:
    rest = tuple(e for e in gs.mud if e[0] != uid)
    return dataclasses.replace(gs, mud=(*rest, (uid, at, count)))


def bog_now(state: State, uid: str) -> State:
    unit = state.units[uid]
    state = state.with_unit(unit.mark("bogged"))
    if state.moving is not None and uid in state.moving.units:
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=T("bogged (D8.23)")))
    return state


def entered(position: Position, state: State, uid: str, a: Hex, b: Hex, *,
            spared: bool | None = None) -> State:
    """After a vehicle entered b from a: count the entry; the secret DR at the first one (D8.23).
    ``spared``: whether the way in was a paved or plowed road hexside, where ``a`` is off the map (else
    ``paved`` reads the map)."""
    mud, deep = ground(state.game)
    unit = state.units.get(uid)
    if spared is None:
        spared = paved(position, a, b) if mud else False
    if not mud or unit is None or spared or unit.has("bogged") or unit.has("immobilized"):
        return state
    if vehicle_of(unit.values).movement == "motorcycle":
        return state  # D15.47: a motorcycle never bogs
    gs = state.game
    have = entry_of(gs, uid)
    if have is None:
        state = state.replace(game=with_entry(gs, uid, -1, 1))  # -1: the DR is being rolled
        d = drm(unit, deep=deep)
        prompt = T("the ground is {ground}: roll {unit}'s bog DR for its whole MPh in secret ({drm:+d}, 12 "
                   "or more bogs it), then a secret dr (D8.23)", ground=T("deep snow") if deep else T("mud"),
                   unit=uid, drm=d)
        return state.push(Decision("roll", position.enemy_of(unit.side), prompt, "D8.23", ROLL_DR, dice="DR",
                                   subject=(uid,), target=b, args=(("drm", str(d)),), private=True))
    at, count = have
    count += 1
    state = state.replace(game=with_entry(gs, uid, at, count))
    return bog_now(state, uid) if at == count else state


def resume_dr(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The secret DR: no bog (0), else the secret dr that says in which entry (D8.23)."""
    assert answer.dice is not None
    state = position.state
    uid = decision.subject[0]
    at_count = entry_of(state.game, uid)
    count = at_count[1] if at_count else 1
    if not vm.bogged(sum(answer.dice), int(decision.arg("drm", "0"))):
        return state.replace(game=with_entry(state.game, uid, 0, count))
    prompt = T("now the secret dr: the entry in which {unit} bogs (D8.23)", unit=uid)
    return state.push(Decision("roll", decision.side, prompt, "D8.23", f"{decision.then}_dr", dice="dr",
                               subject=(uid,), target=decision.target, private=True,
                               args=tuple(kv for kv in decision.args if kv[0] != "drm")))  # vmudoff's move


def resume_dr1(position: Position, decision: Decision, answer: act.Answer) -> State:
    assert answer.dice is not None
    state = position.state
    uid = decision.subject[0]
    at_count = entry_of(state.game, uid)
    count = at_count[1] if at_count else 1
    at = answer.dice[0]
    state = state.replace(game=with_entry(state.game, uid, at, count))
    return bog_now(state, uid) if at <= count and uid in state.units else state


def end_of_mph(state: State) -> State:
    """D8.23: one DR for a vehicle's MP of one MPh."""
    gs: Any = state.game
    return state if not getattr(gs, "mud", ()) else state.replace(game=dataclasses.replace(gs, mud=()))


__all__ = ["ROLL_DR", "ROLL_DR1", "bog_now", "drm", "end_of_mph", "entered", "entry_of", "ground", "paved",
           "resume_dr", "resume_dr1", "with_entry"]
