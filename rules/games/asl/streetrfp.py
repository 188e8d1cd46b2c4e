"""ASL D7.211: what attacks the street fighters on their way into the street and back.

D7.211 says the minefields, FFE and Residual FP in the vehicle's Location or in the street fighters' own
Location attack them as usual, as if they used Assault Movement to enter either Location, with the SMOKE and
TEM that apply. Of the three, only Residual FP is in the game (residual.py, A8.2); A8.2 has it attack *every*
unit that enters its Location in that MPh, so here it is whoever's fire left it (usually the street fighters'
own side's Defensive First Fire at the units moving with the vehicle).

The order, after the A11 comprehensive example (the PAATC is known before the units go, A11.8): the PAATC (if
any), then the Residual FP in the vehicle's Location as they enter it, then the CC Reaction Fire, then the
Residual FP in their own Location as they go back. Each is an IFT DR with the target Location's TEM, no
FFNAM (Assault Movement, A4.61), FFMO in Open Ground (residual.resume_attack). Units that the entry's Residual
left broken, pinned or gone do not attack (D7.213: a pinned unit makes no CC Reaction Fire).

Not in the game, so not here: minefields (chapter B, B28) and FFE (Off-Board Artillery, chapter C/C1), neither
among the texts; and wire (B26.4, which would hold the units in the street).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.base import Position, State
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ATTACK = "sf_residual"


def _key(h: Hex) -> str:
    return f"{h.q},{h.r}"


def _residual_fp(state: State, ids: tuple[str, ...], where: Hex) -> int:
    """The Residual FP at ``where`` that attacks the units entering it (A8.2, D7.211); 0 when none does
    (A8.22: a unit is attacked by one Location's Residual once)."""
    hit = dict(rfp._gs(state).residual_hit)
    for r in rfp.residuals(state):
        if r.hex == where and any(int(hit.get(f"{u}@{_key(where)}", "0")) < r.fp for u in ids):
            return r.fp
    return 0


def around(position: Position, state: State, cc: Decision) -> State:
    """Push the CC Reaction Fire of Street Fighting ``cc`` between the Residual FP of the street on the way in
    and that of the attackers' own Location on the way back (D7.211)."""
    ids = cc.subject
    home = state.units[ids[0]].hex
    street = cc.target
    if home is None or street is None:
        return state.push(cc)
    names = ", ".join(ids)
    going: list[Decision] = []
    back: list[Decision] = []
    args = (("home", _key(home)), ("kind", "residual"))
    fp = _residual_fp(state, ids, street)
    if fp:
        prompt = T("{units} enter the street at {hex} through Residual FP {fp}: roll its IFT DR "
                   "(A8.2, D7.211)", units=names, hex=position.label(street), fp=fp)
        going.append(Decision("roll", position.phasing, prompt, "D7.211", ATTACK, dice="DR", subject=ids,
                              target=street, args=(("fp", str(fp)), *args)))
    fp = _residual_fp(state, ids, home)
    if fp:
        prompt = T("{units} go back to {hex} through Residual FP {fp}: roll its IFT DR (A8.2, D7.211)",
                   units=names, hex=position.label(home), fp=fp)
        back.append(Decision("roll", position.phasing, prompt, "D7.211", ATTACK, dice="DR", subject=ids,
                             target=home, args=(("fp", str(fp)), *args)))
    return state.push(*going, cc, *back)  # the first pushed is answered first


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The Residual FP's IFT DR against the street fighters, as if they stood in its Location using Assault
    Movement (D7.211: no FFNAM, A4.61); then they are back where the rule has them (their building)."""
    assert decision.target is not None
    q, r = (int(x) for x in decision.arg("home").split(","))
    home = Hex(q, r)
    where = decision.target
    state = position.state
    before = {u.id for u in position.units_at(where)} - set(decision.subject)
    had_assault = {u: state.units[u].has("assault") for u in decision.subject if u in state.units}
    for uid in had_assault:
        state = state.with_unit(state.units[uid].at(where).mark("assault"))
    after = game.resume_residual(position.at(state), decision, answer)
    for uid, unit in list(after.units.items()):
        if unit.hex != where or uid in before:
            continue
        keep = had_assault.get(uid, False)
        after = after.with_unit(unit.at(home) if keep else unit.at(home).mark(remove=("assault",)))
    return after


def fell(position: Position, decision: Decision) -> bool:
    """D7.211, D7.213: a Street Fighting attacker broken, pinned or gone (by the Residual FP on its way in)
    makes no attack; a leader alone beside such an MMC neither."""
    if not decision.arg("street", ""):
        return False
    fpf = set(decision.arg("fpf", "").split(","))  # D7.212: FPF CC even when pinned
    for uid in decision.subject:
        unit = position.units.get(uid)
        if unit is None or unit.has("broken") or (unit.has("pinned") and uid not in fpf):
            return True
    return False


def called_off(position: Position, decision: Decision) -> State:
    from hexmate.rules.games.base import Line, Resolution

    summary = T("no CC Reaction Fire: the Residual FP on the way into the street broke, pinned or eliminated "
                "its attackers (D7.211, D7.213)")
    action = act.Fire(decision.subject, decision.target or Hex(0, 0), None)
    res = Resolution(action, "cc-vehicle", "D7.211", False,
                     (Line(T("Street Fighting"), summary, "D7.213"),), {}, summary)
    return position.state.replace(resolution=res)


__all__ = ["ATTACK", "around", "called_off", "fell", "resume"]
