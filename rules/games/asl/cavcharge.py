"""ASL A13.6: the Charge offered among the legal actions and lit on the table (``for_group``, from
game.moves_for): lifting a mounted stack lights each Location of Known enemy units it may Charge now, the
placement there being that Charge; the page lists it too (game.listed_move), the placement on an enemy
Location being no ordinary move.

For each stack of the phasing side's cavalry free to move (every unit of it mounted; not a Cavalry Wave's,
whose entries are Charges already, A13.62): the cheapest gallop path to each target (cavalry.cost_fn, the
3 MF more with the entry, A13.6) within the gallop's allowance, as ``move UNITS PATH as charge``, kept only
if the game's own check allows it (the 3-hex and LOS tests where the Charge is declared, or none for a
further Charge in the MPh, cavalry.check_charge). A stack of several cavalry units charges as one and
attacks together (A13.6, cavalry.after_charge); a further Charge after an attack goes on with the MF left
(A13.61).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import carry as asl_carry
from hexmate.rules.games.asl import cavalry
from hexmate.rules.games.asl import hw as asl_hw
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.movement import reachable

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame


def targets(position: Position, side: str) -> list[Hex]:
    """A13.6: the hexes holding Known enemy units (no SW alone, no concealed unit)."""
    return sorted({u.hex for u in position.units.values() if u.hex is not None and u.side != side
                   and u.type != "sw" and not u.concealed})


def for_group(game: AslGame, position: Position, units: list[UnitState]) -> Iterator[act.Move]:
    """The Charges these units may make now, as one stack (A13.6: cavalry stacked together charge together
    and attack together), one a target, by the cheapest path: also a further Charge after an attack in the
    MPh (A13.6, A13.61: going on with the MF left, declared as the new target is entered, so neither 3 hexes
    nor LOS are asked, cavalry.charged_before). Every unit mounted; no Cavalry Wave's (A13.62)."""
    people = [u for u in units if u.type != "sw"]
    if not people or not all(cavalry.mounted(u) for u in people) or asl_hw.in_wave(people):
        return
    start = people[0].hex
    assert start is not None
    budget = game.group_budget(people, cavalry.CHARGE, position.state)
    ids = asl_carry.with_carried(position.state, people)
    for target in targets(position, people[0].side):
        cost = game.cost_fn(position, people, gallop=True, charge_at=target)
        reach = reachable(position.map, start, budget, cost).get(target)
        if reach is None or target == start:
            continue
        move = act.Move(ids, tuple(reach.path), reach.cost, cavalry.CHARGE)
        try:
            checked = game.check(position, move)
        except IllegalAction:
            continue
        if isinstance(checked, act.Move):
            yield checked


def listed(move: act.Move) -> bool:
    """A Charge is listed on the page: no lift and placement makes it."""
    return move.mode == cavalry.CHARGE


__all__ = ["for_group", "listed", "targets"]
