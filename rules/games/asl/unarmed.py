"""ASL unarmed units recaptured in the MPh (A20.54).

A20.54: unarmed units are no obstacle to movement; infantry may enter the Location of unarmed enemy units in
the MPh and fight them in CC at once, to eliminate or recapture them; if it does neither, the Location is in
Melee and the units move no more. So a move may end (never go on) in a Location whose only Known enemies are
unarmed (not prisoners), and the CC is fought there as the move ends, by cc.py's procedure, as an Infantry
Overrun's is (ovr.py keeps the CCPh's bookkeeping and puts it back at the end of the MPh); ``capture`` before
the CC DR tries to recapture them (A20.22, capture.py).

A19.3 (and A20.53 for abandoned prisoners): an Unarmed unit is always under the Inexperienced restrictions,
even stacked with a leader (a Green one stacked with a Good Order leader is exempt; an Unarmed one never).
The tests are units.py's: ``is_unarmed`` (A20.5: a prisoner is an Unarmed counter too), ``inexperienced``
and ``restricted`` (A19.3): 3 MF, not 4 (A19.31; +2 with a leader as usual, so 5); -1 instead of +1 to
capture it in CC (A19.35); Lax (A19.36, A11.18: +1 to its side's ambush dr, to its concealment-gain and
Search drm); the Inexperienced +1 on its HoB DR (A15.1). Its (1) FP is used only in CC against personnel
(A20.5), so A19.32 (SW breakdown), A19.33 (cowering) and A19.34 (PAATC, CCV) never arise for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

UNARMED = "unarmed"  # prisoners.UNARMED


def is_unarmed(unit: UnitState) -> bool:
    """A20.5: a captured unit is an Unarmed counter, guarded (a prisoner) or not (units.is_unarmed)."""
    from hexmate.rules.games.asl import units as au

    return au.is_unarmed(unit)


def inexperienced(unit: UnitState) -> bool:
    """A19.2, A19.3: Inexperienced by its counter (Green, Conscript, or declared so) or by being Unarmed
    (units.inexperienced)."""
    from hexmate.rules.games.asl import units as au

    return au.inexperienced(unit)


def only_unarmed(here: Sequence[UnitState], side: str) -> bool:
    """Are the Known enemy units here all unarmed and none a prisoner (A20.54)?"""
    enemies = [u for u in here if u.side != side and u.type != "sw" and not u.concealed]
    return bool(enemies) and all(u.has(UNARMED) and not u.has("prisoner") for u in enemies)


def check_path(position: Position, side: str, path: Sequence[Hex]) -> None:
    """A20.54: a move into unarmed enemy units ends there."""
    for h in path[1:-1]:
        if only_unarmed(position.units_at(h), side):
            raise IllegalAction(T("a move into unarmed enemy units in {hex} ends there: CC at once",
                                  hex=position.label(h)), "A20.54")


def start_cc(game: AslGame, position: Position, movers: Sequence[str], h: Hex) -> State:
    """The CC at once in the MPh against the unarmed units the move ended with (A20.54)."""
    from hexmate.rules.games.asl import cc as asl_cc

    state = position.state
    here = [position.units[u] for u in movers if u in position.units and position.units[u].hex == h]
    if not here or not only_unarmed(position.units_at(h), here[0].side):
        return state
    gs = game.gstate(state)
    if gs.ovr_cc is None:  # what the CCPh will need, kept (ovr.end_of_phase puts it back)
        gs = gs.replace(ovr_cc=h, ovr_saved=(gs.cc_done, gs.conceal_done))
    others = tuple(x for x in asl_cc.locations(position) if x != h and x not in gs.cc_done)
    state = state.replace(game=gs.replace(cc_done=(*gs.cc_done, *others), conceal_done=True))
    return asl_cc.start_location(game, position.at(state), h)


__all__ = ["check_path", "inexperienced", "is_unarmed", "only_unarmed", "start_cc"]
