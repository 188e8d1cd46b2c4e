"""PG's optional ruins (17.0 "Ruins", ``options.ruins``: true, or a list of town hexes already ruined).

A single direct fire or bombardment of 30 or more at a town hex is followed by one die from the firing side:
a 6 ruins the town (a hex is ruined once a game at most), and a wreck marker goes there to show it; that
marker never comes off. A ruined town is a town for every purpose (LOS, spotting, fire) but movement: foot
units pay 2 MP to enter it, tracked (mechanized) units 4, wheeled (motorized) units may not enter; only one
vehicle unit may be in it, and once another wreck marker lies there (16.3) no vehicle may enter for the rest
of the game unless that wreck is cleared.

Off-board artillery, whose values are chosen after the call, and air strikes (15.1, an air attack rather than
a unit's direct fire) do not roll here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
STRENGTH = 30  # a single fire of 30 or more
COSTS: dict[str, int | None] = {"foot": 2, "mechanized": 4, "motorized": None}  # 17.0: the text's MP


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("ruins"))


def ruined(game: PgGame, position: Position, h: Hex) -> bool:
    if not enabled(position):
        return False
    label = position.label(h)
    start = position.scenario.options.get("ruins")
    return label in game.gstate(position.state).ruins or (isinstance(start, list) and label in start)


def is_town(game: PgGame, position: Position, h: Hex) -> bool:
    return str(game.terrain_table().table.canonical(position.map.terrain(h))) == "town"


def decisions(game: PgGame, position: Position, fire: act.Fire) -> list[Decision]:
    """The die after a direct fire or on-board bombardment of 30 or more at a town not yet ruined."""
    from hexmate.rules.games.pg import fire as pg_fire

    h = fire.target
    if not enabled(position) or not is_town(game, position, h) or ruined(game, position, h):
        return []
    firers = [position.units[u] for u in fire.firers if u in position.units]
    shooters = [u for u in firers if not pu.is_leader(u)]
    if not shooters or shooters[0].hex is None or shooters[0].type == "aircraft":
        return []
    key = pg_fire.fire_mode(shooters)
    if key not in ("df", "bombard"):
        return []
    total, _ = pg_fire.fire_strength(firers, key, pg_fire.split_part(game, position))
    if total < STRENGTH:
        return []
    return [Decision("roll", shooters[0].side,
                     T("{total} fire at the town {hex}: roll one die, 6 and the town is ruined (17.0)",
                       total=total, hex=position.label(h)), RULE, "ruins", dice="1d6", target=h)]


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    state = position.state
    die = PG_1D6.from_values(answer.dice or ()).total
    label = position.label(decision.target)
    gs = game.gstate(state)
    if die == 6 and label not in gs.ruins:
        state = state.replace(game=gs.replace(ruins=(*gs.ruins, label), ruin_hexes=(*gs.ruin_hexes,
                                                                                      decision.target)))
        text = T("{die}: the town {hex} is ruined (a wreck marker shows it)", die=die, hex=label)
    else:
        text = T("{die}: the town {hex} stands", die=die, hex=label)
    line = Line(T("ruins"), text, RULE)
    return state.replace(resolution=Resolution(act.Answer(dice=tuple(answer.dice or ())), "ruins", T("ruins"),
                                               False, (line,), {}, text))


def cost(game: PgGame, position: Position, h: Hex, move_class: str, vehicles: bool,
         step: int | Fraction | None, moving: set[str]) -> int | Fraction | None:
    """The cost of entering ``h`` (``step``: what it would cost were it not ruined)."""
    if not ruined(game, position, h):
        return step
    if not vehicles:
        return COSTS["foot"]
    here: list[UnitState] = [u for u in position.units_at(h) if u.id not in moving]
    if any(pu.is_vehicle(u) for u in here):
        return None  # only one vehicle unit in a ruined town
    if dict(game.gstate(position.state).wrecks).get(position.label(h), 0):
        return None  # another wreck there: no vehicle enters until it is cleared (16.3)
    return COSTS.get(move_class)


__all__ = ["COSTS", "STRENGTH", "cost", "decisions", "enabled", "resume", "ruined"]
