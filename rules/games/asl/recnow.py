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
recovers it) has one SMC try. "Eliminated" is every elimination: ``lost`` is called wherever a unit with
SW goes (a morale result, a KIA or K, a sniper, a wound, Close Combat, a rout failed), ``remove`` where a
unit is simply taken off. Where the SW take their own elimination rolls first (A9.74 after a KIA, A11.13
after a CC kill with a coloured 1) the rolls carry the loss (``tagged``) and the window opens once the last
is rolled (``rolled``), for the SW that survive them. After Close Combat the window opens when the
Location's CC is over (cc.finish_location): while an armed Known enemy is in the Location (Melee goes on) no
SMC may try (A11.13 leaves the SW there until recovered, by the A4.44 limits). A leader routing with the
broken unit (A10.711) is no candidate: he carries only the SW he already has. Also built where a rout
leaves SW (rout.resume_leave), where a surrender is accepted or refused (prisoners.resume_surrender, the
Mopping Up's too, A12.153), a rally's Fate (A10.64) or a commissar's failed rally (A25.222) eliminates
(rally.resume), a Search Casualty eliminates (A12.154), escaping prisoners eliminate their guard (A20.55,
before the reply: escape._lost) and a unit is captured in CC (A11.13 names its SW with the eliminated
one's; capture._captured, the window once the CC is over, as after a CC kill).
Moot by A4.44's limits (its SW are left unpossessed, A4.43, and no SMC may try): a Disrupted unit
eliminated at the end of the CCPh (A19.12, disrupt.py) and a broken unit that fails to withdraw from Melee
(A11.16, cc.py, guardwd.py): the Location is still in Melee; a withdrawer eliminated entering a concealed
enemy's Location (A11.21): one of them is Known at once. Prisoners and Unarmed units own no SW (A20.24),
so their elimination (A20.55's reply, a massacre, A20.4) leaves nothing to try for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
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


def offer(position: Position, gone: UnitState, sws: Sequence[str], *, but: Collection[str] = ()) -> State:
    """The window, put on top of the stack: the SW ``gone`` left in its Location (its hex and level as it
    left them), offered to the friendly SMC there who may try (``but``: a leader routing with it, A10.711);
    the state unchanged when none may."""
    if gone.hex is None:
        return position.state
    return _offer_at(position, gone.id, gone.side, gone.hex, gone.level, sws, but)


def _offer_at(position: Position, uid: str, side: str, h: Hex, level: int, sws: Sequence[str],
              but: Collection[str] = ()) -> State:
    state = position.state
    lying = _lying(position, sws, h, level)
    smcs = tuple(sorted(u.id for u in position.units.values()
                        if u.id != uid and u.id not in but and able(position, u, side, h, level)))
    if not lying or not smcs:
        return state
    return state.push(Decision(
        "units", side,
        T("{unit} left {sws}: an SMC of its Location may try at once to recover one (A4.44): name him, or "
          "decline", unit=uid, sws=", ".join(lying)),
        "A4.44", "recover_now", units=smcs, choices=(DECLINE,), subject=lying, target=h,
        args=(("level", str(level)),)))


def lost(position: Position, gone: UnitState, sws: Sequence[str]) -> State:
    """A4.44 after an elimination (the one call each elimination makes): ``gone`` is off the map, ``sws``
    the SW it possessed, left in its Location; a friendly SMC there may try at once."""
    return offer(position, gone, sws)


def remove(position: Position, state: State, unit: UnitState) -> State:
    """The unit eliminated: its SW left unpossessed in its Location (A4.43), then the window (A4.44)."""
    sws = [sw.id for sw in au.possessed(state, unit.id)]
    for sw in au.possessed(state, unit.id):
        state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=unit.hex, level=unit.level))
    return lost(position.at(state.without_unit(unit.id)), unit, sws)


GONE = "recnow"  # on a SW's own elimination roll: the unit gone, its Location and its SW (A4.44 after)


def code(gone: UnitState, sws: Sequence[str]) -> str:
    """A loss kept for a later window: the unit gone, its side, hex, level and SW ('' if off the map)."""
    if gone.hex is None:
        return ""
    return f"{gone.id}|{gone.side}|{gone.hex.q},{gone.hex.r}|{gone.level}|{','.join(sws)}"


def offer_code(position: Position, kept: str) -> State:
    """The window for a loss kept by ``code``."""
    if not kept:
        return position.state
    uid, side, at, level, sws = kept.split("|")
    q, r = (int(x) for x in at.split(","))
    return _offer_at(position, uid, side, Hex(q, r), int(level), [x for x in sws.split(",") if x])


def tagged(gone: UnitState, sws: Sequence[str], rolls: Sequence[Decision]) -> list[Decision]:
    """The SW's own elimination rolls (A9.74), each carrying the loss so that the last one opens the A4.44
    window for the SW that survive them (``rolled``)."""
    kept = code(gone, sws)
    if not kept or not sws:
        return list(rolls)
    return [r.with_args(**{GONE: kept}) for r in rolls]


def rolled(position: Position, decision: Decision) -> State:
    """After a SW's elimination roll: the last one of its unit's opens the window (A4.44)."""
    kept = decision.arg(GONE)
    if not kept or any(d.arg(GONE) == kept for d in position.state.decisions):
        return position.state
    return offer_code(position, kept)


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
