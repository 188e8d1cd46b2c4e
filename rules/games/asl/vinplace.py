"""ASL D3.3 (with D2.11, D2.12, D2.13, D6.5): the Defensive First Fire window after an MP a vehicle spends in
place.

D3.3: the defender may attempt Defensive First Fire after each MP expenditure a vehicle declares, delay MP
included, before the next MP or its Bounding First Fire; he may not set the vehicle back to the hex or CA it
held before. An MP spent without entering a hex is such an expenditure, and the text names several:

- D2.11: each hexspine of a VCA change in the hex it occupies is declared one at a time and may be fired at
  then; turning in place alone does not make it a moving target (C.8);
- D2.12: the start MP is spent in the hex it occupies: fire may follow it there, and it is not a moving
  target for it (C.8);
- D2.13: the 1 MP of a stop;
- D2.17: delay MP (``vdelay.py``: its own window, as a move into its own hex);
- D6.5: the MP allowance's quarter spent unloading passengers or riders;
- C10.1 through D1.5 (demo values: chapter C is not among the texts): hooking up and unhooking (``vtow.py``).

How the window opens here: the vehicle is the one "moving" in its own hex (``moving`` with its hex alone, as
``vreentry.py`` does for infantry), so vehicle fire's Defensive First Fire finds it where it is (``vfire``),
and a react decision is offered to the other side only when one of its vehicles could fire at it. It is not
a moving target for that fire (no Case J: ``vfire`` gives Case J only once a new hex is entered, or for a
vehicle in Motion or that entered a hex earlier this MPh, D2.1). When the window closes (``resume``) the
vehicle goes on: a facing question under it is asked again, or dropped if the fire shocked, stunned,
immobilized or destroyed it (D.7, D5.34).

D7.2, D7.21: each window also offers ``ccreact`` when enemy infantry in the vehicle's Location may attack it
by CC Reaction Fire (``ccreact.py``), and opens for it alone.

D2.401: each window also offers the defender's Motion attempts (``motion-<vehicle>``, ``vmotion.py``) where
the vehicle qualifies: it counts the MP the mover spent in its LOS this MPh after beginning its MPh out of
it, in the hexes it entered and in place after its move.
"""

from __future__ import annotations

import dataclasses

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import aerosan, armour, ccreact, vbypass, vfire, vmotion, vsmoke
from hexmate.rules.games.asl.vehicles import is_mobile
from hexmate.rules.games.base import Position, State
from hexmate.rules.text import T

WINDOW = "vinplace"  # the continuation of the window (game.resume_vinplace)
STUCK = ("wreck", "shocked", "stunned", "abandoned")  # D.7, D5.34, D5.41: its MPh is over


def open_window(position: Position, state: State, uid: str, what: T, rule: str) -> State:
    """After the vehicle ``uid`` spent MP in place (``what``, under ``rule``): a Defensive First Fire window
    at it when an enemy vehicle could fire at it now (D3.3); otherwise ``state`` unchanged."""
    unit = state.units.get(uid)
    if unit is None or unit.hex is None or state.moving is not None:
        return state
    reactor = position.enemy_of(unit.side)
    prompt = T("{unit} spent MP in {hex} ({what}, {rule}): fire at it now or pass (D3.3)", unit=uid,
               hex=position.label(unit.hex), what=what, rule=rule)
    react = Decision("react", reactor, prompt, "D3.3", WINDOW, subject=(uid,), target=unit.hex)
    probe = state.replace(moving=Moving((uid,), (unit.hex,), 0)).push(react)
    motion = vmotion.choices(position.at(probe), reactor)  # D2.401: the other side's Motion attempts
    motion = (*motion, *ccreact.choices(position.at(probe), reactor))  # D7.21: CC Reaction Fire there
    if motion:
        return state.replace(moving=Moving((uid,), (unit.hex,), 0)).push(
            dataclasses.replace(react, choices=(*react.choices, *motion)))
    if any(True for _ in vsmoke.generate(None, position.at(probe))):
        return probe  # D13.2: a vehicle's smoke after this MP, as Defensive First Fire
    return probe if vfire.can_react(position.at(probe)) else state


def start_window(position: Position, state: State, uid: str, under: int) -> State:
    """D2.12: a stopped vehicle's start MP is spent in the hex it occupies, and fire may follow it there
    (not at a moving target, C.8): a window at ``moving``'s first hex, answered after the rolls its start
    asks (``under``: where they begin on the stack, D2.51 and D2.5), before it enters the next hex."""
    unit = state.units.get(uid)
    moving = state.moving
    if unit is None or unit.hex is None or moving is None or moving.at != 0:
        return state
    if unit.has("motion") or unit.has("spent_start"):  # no start MP now (D2.12; D8.3: paid by Bog Removal)
        return state
    reactor = position.enemy_of(unit.side)
    prompt = T("{unit} spent its start MP in {hex} (D2.12): fire at it now or pass (D3.3)", unit=uid,
               hex=position.label(unit.hex))
    react = Decision("react", reactor, prompt, "D3.3", "move_on", subject=(uid,), target=unit.hex)
    motion = vmotion.choices(position.at(state.push(react)), reactor)  # D2.401
    motion = (*motion, *ccreact.choices(position.at(state.push(react)), reactor))  # D7.21
    react = dataclasses.replace(react, choices=(*react.choices, *motion))
    if not motion and not vfire.can_react(position.at(state.push(react))):
        return state
    return state.replace(decisions=(*state.decisions[:under], react, *state.decisions[under:]))


def turn_before_entry(position: Position) -> State | None:
    """D2.11, D3.3: a vehicle whose next hex lies outside its VCA turns in the hex it occupies first, one
    hexspine at a time, and the defender may fire after each; the state with the vehicle turned one
    hexspine (and the window, when an enemy vehicle could fire), or None when no turn comes before the next
    entry. The VCA it enters with is the one its planned route gives (armour.enter, from the move's start);
    bypass, declared reverse, Minimum Move and delay follow their own routes and are not stepped here."""
    state = position.state
    moving = state.moving
    if moving is None or moving.stopped or moving.finished or state.decisions:
        return None
    uid = moving.units[0]
    unit = state.units.get(uid)
    start, mode = getattr(state.game, "vmove_start", None), getattr(state.game, "vmove_mode", "")
    mode = aerosan.split(mode)[1]  # D17.22's ``slow`` changes no route
    if unit is None or not armour.is_vehicle(unit) or start is None or start.id != uid or mode:
        return None
    if vbypass.across_of(start) is not None or vbypass.across_of(unit) is not None:
        return None
    try:
        _, facings = armour.route(position, start, moving.path[: moving.at + 2])
    except IllegalAction:
        return None  # the entry's own check reports it
    f, g = armour.facing_of(unit), facings[-1]
    if f == g:
        return None
    turned = armour.with_facing(unit, (f + (1 if (g - f) % 6 <= 3 else -1)) % 6)
    state = state.with_unit(turned)
    assert unit.hex is not None
    prompt = T("{unit} turned one hexspine in {hex} before its next hex (D2.11): fire at it now or pass "
               "(D3.3)", unit=uid, hex=position.label(unit.hex))
    react = Decision("react", position.enemy_of(unit.side), prompt, "D3.3", "move_on", subject=(uid,),
                     target=moving.here)
    motion = vmotion.choices(position.at(state.push(react)), react.side)  # D2.401
    motion = (*motion, *ccreact.choices(position.at(state.push(react)), react.side))  # D7.21
    probe = state.push(dataclasses.replace(react, choices=(*react.choices, *motion)))
    return probe if motion or vfire.can_react(position.at(probe)) else state


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The window closed: the vehicle is no longer the one moving; a facing question still open under the
    window is dropped when the fire ended its MPh (D.7, D5.34)."""
    state = position.state.replace(moving=None)
    uid = decision.subject[0]
    unit = state.units.get(uid)
    top = state.decision
    done = unit is None or unit.hex is None or not is_mobile(unit.markers) or any(unit.has(m) for m in STUCK)
    if done and top is not None and top.then == "vfacing" and top.subject == (uid,):
        state = state.pop()
    return state


__all__ = ["STUCK", "WINDOW", "open_window", "resume", "start_window", "turn_before_entry"]
