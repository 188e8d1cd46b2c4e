"""Fire Team at night [15] (a scenario with ``options.night``): every MA halved [15.1] (``game.budget``),
recovery +1 [15.2] (``recovery.resume``), AP fire +2 DRM and G/M fire 2 R [15.4], and sighting [15.3]: a unit
fires only at an enemy within the Sighting Chart's night range of it, through its own LOS, unless the enemy
carries a Gun Flash [15.5]: a unit that fires at night gets one, and keeps it until it moves to a new hex;
a flash is seen at any range, and fire at it beyond the sighting range takes +2 DRM (AP) or 3 R more (G/M)
[15.6]. The Sighting Chart is not in the text: the night range of a vehicle is the [15.6] example's 12 (a
tank in Cover), used for every terrain, and of infantry a demo value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

GUN_FLASH = "gun_flash"  # [15.5] the Gun Flash marker
AP_DRM = 2  # [15.4]
GM_SHIFT = 2  # [15.4]
FLASH_DRM = 2  # [15.6] AP fire at a flash beyond sighting range
FLASH_SHIFT = 3  # [15.6] G/M fire at a flash beyond sighting range
VEHICLE_RANGE = 12  # [15.6] example: a tank in Cover is sighted at 12 hexes at night
INFANTRY_RANGE = 3  # demo value: the Sighting Chart is not printed


def sighting_range(unit: UnitState) -> int:
    return VEHICLE_RANGE if unit.type == "vehicle" else INFANTRY_RANGE


def beyond_sight(game: FireTeamGame, position: Position, firers: Sequence[Hex], targets: Sequence[UnitState],
                 rule_side: str = "") -> bool:
    """[15.3], [15.6] At night: are the targets beyond every firer's sighting range (so only a Gun Flash makes
    them a target, with its penalty)? IllegalAction if they are and none carries a flash."""
    if not game.night(position) or not targets:
        return False
    near = any(distance(h, t.hex) <= sighting_range(t) for h in firers for t in targets if t.hex is not None)
    if near:
        return False
    if not any(t.has(GUN_FLASH) for t in targets):
        raise IllegalAction(T("at night a unit fires only at enemies within its sighting range, or at a Gun "
                              "Flash"), "15.3")
    return True


def flash(game: FireTeamGame, position: Position, state: State, firers: Sequence[str]) -> State:
    """[15.5] At night the units that fire get a Gun Flash marker."""
    if not game.night(position):
        return state
    for uid in firers:
        unit = state.units.get(uid)
        if unit is not None and unit.type != "leader" and unit.carrier is None:
            state = state.with_unit(unit.mark(GUN_FLASH))
    return state


__all__ = ["AP_DRM", "FLASH_DRM", "FLASH_SHIFT", "GM_SHIFT", "GUN_FLASH", "beyond_sight", "flash",
           "sighting_range"]
