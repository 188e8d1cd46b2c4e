"""ASL Overrun in platoon impulses (D7.1, D7.13, D7.2 with D14.31-D14.32); impulse.py plays the impulses.

An AFV's entry into a hex of enemy infantry in an impulse (no enemy AFV there, D2.6; never in reverse, D7.13)
is an Overrun: it costs the entry plus a quarter of its printed MP allowance (FRU, armour.step_mp), and is
marked with the hex. The OVR is the mover's choice (D7.1's "may", made hex by hex, D7.14): ``move AFV A-B as
impulse_through`` (impulse.THROUGH) enters the hex without it, its quarter MPA, and its attack; the infantry
there may then attack it by CC Reaction Fire in the impulse's window at that hex (D7.21, ccreact.py), as after
any MP spent in their Location; after an OVR entry they may not (D7.1: its Reaction Fire follows the OVR).
D7.1 resolves an OVR right after its MP, but for the Defensive First Fire at that MP and
the bog DRs, which come first; in impulses these come at the impulse's end (D14.21, D14.32), so the OVR's IFT
DR does too (overrun.declare: its owner rolls; ``attacks``), if the AFV is still there with enemy infantry to
attack. The defender's Reaction Fire (D7.2, reaction.py) follows once the questions the attack raised are
answered: a move under way offers it in the normal flow, and with none here the game's settle does
(``react``), again after each reaction, until none is left.
"""

from __future__ import annotations

from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import overrun, reaction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex

OVR = "imp_ovr:"  # imp_ovr:q,r: it overran that hex in this impulse; the attack after the windows
REACT = "imp_react"  # its OVR's Reaction Fire is offered once the questions after the attack are over
HW_THROUGH = "hw_through"  # a wave's platoon AFV entered enemy infantry without the OVR in this wave impulse


def mark(position: Position, unit: UnitState, to: Hex) -> UnitState:
    """An AFV that entered ``to`` (forward, not bypassing): an OVR when enemy infantry are there."""
    if not overrun.is_overrun(position, unit.side, to) or not overrun.may_overrun(position, unit):  # D7.13
        return unit
    marks = (f"{OVR}{to.q},{to.r}",)
    return unit.mark(*marks)


def attacks(position: Position, ids: str) -> tuple[State, list[Decision]]:
    """The OVR attacks due after the impulse's windows, one an AFV that can still make it."""
    state = position.state
    out: list[Decision] = []
    for uid in ids.split(","):
        unit = state.units.get(uid)
        marks = tuple(m for m in unit.markers if m.startswith(OVR)) if unit is not None else ()
        if unit is None or not marks:
            continue
        state = state.with_unit(unit.mark(remove=marks))
        q, r = marks[0][len(OVR):].split(",")
        h = Hex(int(q), int(r))
        if unit.hex == h and not unit.has("wreck") and overrun.is_overrun(position.at(state), unit.side, h):
            state = state.with_unit(state.units[uid].mark(REACT))
            out.append(overrun.declare(position.at(state), state.units[uid], h))
    return state, out


def react(position: Position) -> State:
    """The defender's Reaction Fire at an OVR made in an impulse (D7.2), offered with no move under way and no
    question open; when none is left, the AFV's mark goes."""
    state = position.state
    if state.moving is not None or state.decisions:
        return state
    marked = [u for u in state.units.values() if u.has(REACT)]
    if not marked:
        return state
    if reaction.due(position) is not None:
        state = reaction.offer(position)
        if state.decisions:
            return state
    for u in marked:
        if u.id in state.units:
            state = state.with_unit(state.units[u.id].mark(remove=(REACT,)))
    return state


__all__ = ["HW_THROUGH", "OVR", "REACT", "attacks", "mark", "react"]
