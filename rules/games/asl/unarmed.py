"""ASL unarmed units recaptured in the MPh (A20.54).

A20.54: unarmed units are no obstacle to movement; infantry may enter the Location of unarmed enemy units in
the MPh and fight them in CC at once, to eliminate or recapture them; if it does neither, the Location is in
Melee and the units move no more. So a move may end (never go on) in a Location whose only Known enemies are
unarmed (not prisoners), and the CC is fought there as the move ends, by cc.py's procedure, as an Infantry
Overrun's is (ovr.py keeps the CCPh's bookkeeping and puts it back at the end of the MPh); ``capture`` before
the CC DR tries to recapture them (A20.22, capture.py).
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


__all__ = ["check_path", "only_unarmed", "start_cc"]
