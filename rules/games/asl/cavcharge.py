"""ASL A13.6: the Charge offered among the legal actions, so the page lists it (a placement on an enemy
Location makes no move: the Charge is a move the host lists, game.listed_move).

For each stack of the phasing side's cavalry free to move (every unit of it mounted; not a Cavalry Wave's,
whose entries are Charges already, A13.62), each Location of Known enemy units it may Charge now: the
cheapest gallop path to it (cavalry.cost_fn, the 3 MF more with the entry, A13.6) within the gallop's
allowance, as ``move UNITS PATH as charge``, kept only if the game's own check allows it (the 3-hex and LOS
tests where the Charge is declared, or none for a further Charge in the MPh, cavalry.check_charge).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, cavalry
from hexmate.rules.games.asl import carry as asl_carry
from hexmate.rules.games.asl import hw as asl_hw
from hexmate.rules.games.base import Position
from hexmate.rules.games.common import stack_groups
from hexmate.rules.hexes import Hex
from hexmate.rules.movement import reachable

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def targets(position: Position, side: str) -> list[Hex]:
    """A13.6: the hexes holding Known enemy units (no SW alone, no concealed unit)."""
    return sorted({u.hex for u in position.units.values() if u.hex is not None and u.side != side
                   and u.type != "sw" and not u.concealed})


def generate(game: AslGame, position: Position) -> Iterator[act.Action]:
    """The Charges open now, one a stack and target, by the cheapest path (A13.6)."""
    if position.phase.id != "MPh" or position.state.decision is not None:
        return
    movable = lambda u: (  # noqa: E731
        u.side == position.phasing and not armour.is_vehicle(u) and u.carrier is None and u.type != "sw"
        and game.can_move(position, u) is None)
    for group in stack_groups(position, movable):
        units = [position.units[u] for u in sorted(group)]
        if not units or not all(cavalry.mounted(u) for u in units) or asl_hw.in_wave(units):
            continue
        start = units[0].hex
        assert start is not None
        budget = game.group_budget(units, cavalry.CHARGE, position.state)
        ids = asl_carry.with_carried(position.state, units)
        for target in targets(position, units[0].side):
            cost = game.cost_fn(position, units, gallop=True, charge_at=target)
            reach = reachable(position.map, start, budget, cost).get(target)
            if reach is None or target == start:
                continue
            move = act.Move(ids, tuple(reach.path), reach.cost, cavalry.CHARGE)
            try:
                yield game.check(position, move)
            except IllegalAction:
                continue


def listed(move: act.Move) -> bool:
    """A Charge is listed on the page: no lift and placement makes it."""
    return move.mode == cavalry.CHARGE


__all__ = ["generate", "listed", "targets"]
