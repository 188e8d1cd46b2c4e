"""PG's optional extended assault, the tank charge (17.0 "Extended assault", ``options.extended_assault``).

Like the cavalry charge (15.31), AFVs a tank leader activated (an APC carrying troops too, never a tank
carrying riders), in good order, may assault from two or three hexes away: the target must be in their line
of sight from the start, and they go straight along it (every hex of the path on a shortest way to the target
and seeing it, none holding the enemy), with the MP for it. The enemy may opportunity-fire at them in every
hex they enter before the assault hex (13.0); the units being assaulted may not when the attacker's units
are already in that hex (units in an assault hex never fire out of it, 12.52). In the hex the assault is
fought as usual (12.2, 12.3). A loaded APC does not unload by choice in the same activation (it is marked
once it assaults).

When the optional overrun is also in play, a path that is a legal overrun (an exit hex beyond, 17.0
"Overrun") is read as the overrun; any other is the extended assault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.pg import activation as pg_act
from hexmate.rules.games.pg import assault as pg_assault
from hexmate.rules.games.pg import overrun as pg_overrun
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("extended_assault"))


def eligible(game: PgGame, position: Position, units: list[UnitState]) -> T | None:
    troops = [u for u in units if not pu.is_leader(u)]
    if not troops or not all(pu.is_afv(u) for u in troops):
        return T("only AFVs make an extended assault (17.0)")
    gs = game.gstate(position.state)
    leaders = [position.units[u] for u in gs.act_leaders if u in position.units]
    if not any(pu.leader_kind(ldr) == "tank" and all(pg_act.commands(ldr, u) for u in troops)
               for ldr in leaders) or not all(u.id in gs.combat for u in troops):
        return T("an extended assault needs a tank leader's activation (17.0)")
    riders = [u.id for u in troops
              if not pu.is_apc(u) and any(o.carrier == u.id for o in position.units.values())]
    if riders:
        return T("{units} carries riders and may not make an extended assault (17.0)",
                 units=", ".join(riders))
    return pg_assault.may_assault(units, True)


def problem(game: PgGame, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> T | None:
    """Is ``path`` (start ... target) an extended assault these units may make? None if it is."""
    if not enabled(position):
        return T("the extended assault is an optional rule this scenario does not use (17.0)")
    why = eligible(game, position, units)
    if why:
        return why
    start, target = path[0], path[-1]
    side = units[0].side
    if not pg_assault.enemy_combat_units(position, target, side):
        return T("no enemy combat unit in {hex}", hex=position.label(target))
    if distance(start, target) not in (2, 3) or len(path) - 1 != distance(start, target):
        return T("an extended assault starts two or three hexes from its target and goes straight at it "
                 "(17.0)")
    los = game.terrain_table().line_of_sight
    for i, h in enumerate(path[:-1]):
        if i and (distance(path[i - 1], h) != 1 or distance(h, target) != distance(path[i - 1], target) - 1):
            return T("an extended assault goes straight at its target (17.0)")
        if i and any(u.side != side for u in position.units_at(h)):
            return T("an extended assault passes through hexes free of the enemy (17.0)")
        if los(position.map, h, target).blocked:
            return T("an extended assault follows its line of sight to the target: {hex} does not see it "
                     "(17.0)", hex=position.label(h))
    cost = pg_overrun.path_cost(game, position, units, path)
    if cost is None or cost > game.budget(units, position):
        return T("that path costs more than the movement allowance")
    there = sum(1 for u in position.units_at(target) if u.side == side and pu.counts_for_stack(u))
    if there + sum(1 for u in units if pu.counts_for_stack(u)) > 3:
        return T("3 combat units per side in an assault hex (4.1)")
    return None


def offers(game: PgGame, position: Position, units: list[UnitState], start: Hex
           ) -> dict[Hex, tuple[Hex, ...]]:
    side = units[0].side
    out: dict[Hex, tuple[Hex, ...]] = {}
    for target in {u.hex for u in position.units.values() if u.side != side and u.hex is not None}:
        if distance(start, target) not in (2, 3):
            continue
        for path in pg_overrun._straight(position, start, target):
            if problem(game, position, units, path) is None:
                out[target] = path
                break
    return out


__all__ = ["eligible", "enabled", "offers", "problem"]
