"""Fire Team advanced rules' numbers [13]-[20] that hexmate plays only in part, each as a pure function the
worked examples pin down.

In play: the detailed range modifiers [18.2], [18.22] (a scenario with ``options.advanced``, in
``vehicles.resolve``) and the height advantage over defilade [18.3] (always). The rest are the rules' numbers
for the parts of the advanced game hexmate does not play yet (special artillery ammunition [18.4], ATGMs
against buildings [19.2], helicopters and air defence [20], the Game Variants [13.1]): a scenario cannot use
them, and these functions are where that work will start.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules.errors import IllegalAction
from hexmate.rules.text import T

ENTRENCHMENT_MAX = 6  # [19.22] ATGMs and rockets reach an entrenchment at 6 hexes at most
PRESIGHT_RANGE = 15  # [20.42] a target seen first from within 15 hexes
TEAMS_PER_SQUAD = 4  # [20.71] one squad takes the room of four teams
HELI_CAPACITY = {"UH-60": (2, 1), "Mi-8": (3, 0), "Mi-24": (1, 2), "Mi-6": (6, 0)}  # [20.71] squads, teams


def missile_range_shift(max_range: int, d: int) -> int:
    """[18.2] A missile firing past half its maximum range takes 1 R. The rule says "beyond half"; its TOW
    example (max 40) says 20 hexes and more: hexmate follows the example."""
    return 1 if 2 * d >= max_range else 0


def hv_range_shift(d: int) -> int:
    """[18.22] HV at long range: 11-17 hexes 1 R, 16-23 2 R, 24 and more 3 R. The printed bands overlap at
    16-17; hexmate reads the first band that holds the range (1 R)."""
    if d >= 24:
        return 3
    if 11 <= d <= 17:
        return 1
    if 16 <= d <= 23:
        return 2
    return 0


def icm_firepower(fp: int, vehicle_armour: Sequence[int] | None = None) -> int:
    """[18.44] ICM: infantry x3; a vehicle with an armour value 0 x2, another vehicle x1 (an E kills it)."""
    if vehicle_armour is None:
        return 3 * fp
    return 2 * fp if 0 in vehicle_armour else fp


def atgm_vs_building(gm: int) -> int:
    """[19.21] An ATGM or rocket against a building or entrenchment fires 2/3 of its G/M firepower as AP fire
    (no building or entrenchment DRM). The text says rounded up, but its examples give Spandrel 13 -> 8 and
    Sagger 11 -> 7, which is rounded down: hexmate follows the examples."""
    return (2 * gm) // 3


def atgm_reaches_entrenchment(d: int, min_range: int = 0) -> bool:
    """[19.22] An ATGM reaches an entrenchment at most 6 hexes off, and never under its own minimum."""
    return min_range <= d <= ENTRENCHMENT_MAX


def may_presight(distance_to_target: int) -> bool:
    """[20.42] A popped-up helicopter fires at a target seen beforehand from within 15 hexes."""
    return distance_to_target <= PRESIGHT_RANGE


def hover_aa_drm(hovering: bool) -> int:
    """[20.43] AA fire at a hovering helicopter: -2."""
    return -2 if hovering else 0


def popup_shift(missile: bool, hovering: bool) -> int:
    """[20.51] A popped-up helicopter's G/M fire: hovering, a missile 2 R and another weapon 1 R; moving, a
    weapon other than a missile 3 R (a missile may not fire)."""
    if hovering:
        return 2 if missile else 1
    if missile:
        raise IllegalAction(T("a popped-up helicopter fires a missile only in Hover"), "20.51")
    return 3


def aa_mg_firepower(d: int) -> int | None:
    """[20.61] A vehicle's AA machine gun: 6 AA firepower to 7 hexes, 3 from 8 to 14, none beyond."""
    if d <= 7:
        return 6
    if d <= 14:
        return 3
    return None


def team_places(squads: int, teams: int) -> int:
    """[20.71] Room a load takes, in teams (a squad is four)."""
    return TEAMS_PER_SQUAD * squads + teams


def laminate_armour(second_roll: int) -> int:
    """[13.1] Game Variant 4: on a second roll of 1-3 the M1's (US) or T-80's (Soviet) HT armour is +2,
    on 4-10 it is -2."""
    if not 1 <= second_roll <= 10:
        raise IllegalAction(T("a d10 shows 1-10"), "2.5")
    return 2 if second_roll <= 3 else -2


__all__ = [
    "aa_mg_firepower", "atgm_reaches_entrenchment", "atgm_vs_building", "hover_aa_drm", "hv_range_shift",
    "icm_firepower", "laminate_armour", "may_presight", "missile_range_shift", "popup_shift", "team_places",
]
