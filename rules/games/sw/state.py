"""What Schlieffen's War tracks besides units and decisions (digest 2.6): hex control, the Paris latch, the
Plan XVII count, the eliminated-units display, reinforcements still to come, the winner, and the Combat
Phase's bookkeeping. Frozen values: the state folds from the log."""

from __future__ import annotations

from dataclasses import dataclass

from hexmate.rules.games.base import GameState
from hexmate.rules.games.sw.combat import Combat
from hexmate.rules.hexes import Hex


@dataclass(frozen=True)
class SwState(GameState):
    attacked: tuple[str, ...] = ()  # units that attacked or probed this Combat Phase (11.1, 11.5)
    defended: tuple[str, ...] = ()
    combat: Combat | None = None
    declared: bool = False  # an attack has been declared: no more probing (11.1)
    control: tuple[tuple[Hex, str], ...] = ()  # hexes whose control differs from the start (3.3)
    paris_endangered: bool = False  # 4.1: a permanent latch
    plan17: int = 0  # 4.4: French-only attacks into Germany so far
    eliminated: tuple[str, ...] = ()  # on the eliminated-units display: may come back (2.8, 9.5)
    gone: tuple[str, ...] = ()  # removed for good (8.8 OOS, Belgians 9.5, forts 2.8, the East 9.4)
    arrived: tuple[str, ...] = ()  # reinforcements placed (9.2, 9.3)
    reorg: tuple[str, ...] = ()  # units that took their one reorganisation action this phase (9.5)
    reorg_step: int = 0  # 9.5: the action type being done now (1, 2, 3)
    forced: tuple[str, ...] = ()  # units that force-marched this Movement Phase (10.6)
    hab: tuple[int, ...] = (1, 1, 1)  # 11.23: the turn each Heavy Artillery marker is usable from (0: gone)
    coup_used: bool = False  # 11.23: the Coup de Main is used once
    checked: str = ""  # what the last End-of-Turn Phase found (5.6), for the pages
    winner: str = ""  # a side id, "draw", or "" while the game goes on
    why: str = ""

    def controller(self, h: Hex, start: str) -> str:
        for hx, side in self.control:
            if hx == h:
                return side
        return start

    def with_control(self, h: Hex, side: str, start: str) -> SwState:
        rest = tuple((hx, s) for hx, s in self.control if hx != h)
        if side != start:
            rest = tuple(sorted((*rest, (h, side)), key=lambda e: (e[0].q, e[0].r)))
        from dataclasses import replace

        return replace(self, control=rest)
