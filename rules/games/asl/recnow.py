"""ASL recovery at once by an SMC (A4.44): a unit surrendering, eliminated, or routing with SW it cannot carry
leaves them in its Location (A4.431), and a friendly infantry SMC there may at once, whatever the phase, try
to recover one of them.

The window is a decision put to the SMC's owner when the SW are left (``offer``): name the SMC who tries, or
``decline``; with several SW left he names the one; then the recovery dr, as any recovery's: below 6 after
its drm recovers it (+1 CX, +1 at night: rphase.resume_recover), and it is not passed on in that phase
(rphase.RECOVERED). The limits are a recovery's: the SMC Good Order, not pinned, not bypassing, not in Melee,
in the SW's Location with no Known armed enemy there (rphase.enemy_bars); a mounted SMC is cavalry, not
infantry (A13.33). One attempt per unit gone: the text gives "one of its SW", and its example (the A10.5
example: the hero or the 9-1 leader may try for the HMG the routing squad leaves; the hero's dr of 5
recovers it) has one SMC try. Built where a rout leaves SW (rout.resume_leave), where a morale result
eliminates a unit (aftermath.apply_morale) and where a surrender is accepted or refused
(prisoners.resume_surrender).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

DECLINE = "decline"


def able(position: Position, smc: UnitState, side: str, h: Hex, level: int) -> bool:
    """A4.44: a friendly infantry SMC in the Location, Good Order, not pinned, not bypassing, no Known armed
    enemy with him."""
    from hexmate.rules.games.asl import bypass, prisoners, rphase

    return (smc.type in au.SMC and smc.side == side and smc.hex == h and smc.level == level
            and smc.carrier is None and au.good_order(smc)
            and not any(smc.has(m) for m in ("pinned", "melee", "mounted", bypass.MARKER))
            and not prisoners.is_prisoner(smc) and not rphase.enemy_bars(position, smc))


def _lying(position: Position, ids: Sequence[str], h: Hex, level: int) -> tuple[str, ...]:
    """The SW named that still lie unpossessed in the Location (a Set DC is never recovered, A23.72)."""
    out = []
    for uid in ids:
        sw = position.units.get(uid)
        if sw is not None and sw.type == au.SW and sw.carrier is None and (sw.hex, sw.level) == (h, level) \
                and not sw.has("set_dc"):
            out.append(uid)
    return tuple(out)


def offer(position: Position, gone: UnitState, sws: Sequence[str]) -> State:
    """The window, put on top of the stack: the SW ``gone`` left in its Location (its hex and level as it
    left them), offered to the friendly SMC there who may try; the state unchanged when none may."""
    state = position.state
    if gone.hex is None:
        return state
    h, level = gone.hex, gone.level
    lying = _lying(position, sws, h, level)
    smcs = tuple(sorted(u.id for u in position.units.values()
                        if u.id != gone.id and able(position, u, gone.side, h, level)))
    if not lying or not smcs:
        return state
    return state.push(Decision(
        "units", gone.side,
        T("{unit} left {sws}: an SMC of its Location may try at once to recover one (A4.44): name him, or "
          "decline", unit=gone.id, sws=", ".join(lying)),
        "A4.44", "recover_now", units=smcs, choices=(DECLINE,), subject=lying, target=h,
        args=(("level", str(level)),)))


def _roll(sw: str, smc: UnitState) -> Decision:
    return Decision(
        "roll", smc.side,
        T("{unit} tries at once to recover {sw}: roll the recovery dr (below 6 succeeds)", unit=smc.id,
          sw=sw),
        "A4.44", "recover", dice="dr", subject=(sw, smc.id), target=smc.hex)


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The SMC named tries: the SW is asked when several lie there, else its recovery dr."""
    state = position.state
    if answer.choice == DECLINE or not answer.units:
        return state
    smc = state.units.get(answer.units[0])
    assert decision.target is not None
    level = int(decision.arg("level", "0"))
    if smc is None or not able(position, smc, decision.side, decision.target, level):
        return state
    lying = _lying(position, decision.subject, decision.target, level)
    if not lying:
        return state
    if len(lying) == 1:
        return state.push(_roll(lying[0], smc))
    return state.push(Decision(
        "units", smc.side, T("{unit} tries for one SW only: name it (A4.44)", unit=smc.id), "A4.44",
        "recover_now_sw", units=lying, subject=(smc.id,), target=decision.target))


def resume_sw(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The SW named: its recovery dr."""
    smc = position.units.get(decision.subject[0])
    if smc is None:
        return position.state
    return position.state.push(_roll(answer.units[0], smc))
