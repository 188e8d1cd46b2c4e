"""ASL A22.3 (and A23): a unit uses a FT or a DC only once a Player Turn.

Whatever the phase and the way (a FT fired, a DC placed in the MPh, A23.3, thrown, A23.6, or set, A23.7), the
infantry unit possessing the weapon takes the marker ``ftdc_used`` when the attack is declared; a second FT
or DC use by it in the same Player Turn (the DEFENDER's Final Fire after First Fire, A8.4; a DC thrown in the
AFPh after one placed in the MPh) is refused. The marker goes at the end of the Player Turn (game.py, with the
PIN counters). A vehicle's own FT keeps its own count (vft.py, D3.6); a Set DC detonated has no possessor,
so its detonation is no use by anyone (A23.7).
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

USED = "ftdc_used"


def _kind(sw: UnitState) -> str:
    return str(sw.values.get("sw", ""))


def users(position: Position, fire: act.Fire) -> list[UnitState]:
    """The infantry possessors of the FT and DC among the firers."""
    out: list[UnitState] = []
    for uid in fire.firers:
        sw = position.units.get(uid)
        if sw is None or sw.type != au.SW or _kind(sw) not in ("ft", "dc"):
            continue
        owner = position.units.get(sw.carrier or "")
        if owner is not None and not armour.is_vehicle(owner) and owner not in out:
            out.append(owner)
    return out


def check(position: Position, fire: act.Fire) -> None:
    for owner in users(position, fire):
        if owner.has(USED):
            raise IllegalAction(T("{unit} has already used a FT or DC this Player Turn (A22.3)",
                                  unit=owner.id), "A22.3")


def mark(before: Position, fire: act.Fire, state: State) -> State:
    """Mark the users of a FT or DC attack declared in ``before``."""
    for owner in users(before, fire):
        now = state.units.get(owner.id)
        if now is not None and not now.has(USED):
            state = state.with_unit(now.mark(USED))
    return state
