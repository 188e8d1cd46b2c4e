"""The tracker's oracle over a rules Position: where units stand, where a group may go, what a trail costs.

The game session (hexmate.host.game) answers ``expected`` and ``destinations`` itself; this class adds the
two optional answers the tracker uses when present: ``route`` (the move along the trail the player showed,
checked by the rules) and ``explain`` (why a hex is not a legal destination, with the rule number the rules
give). Replays and the tracking bench use it directly.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.errors import RulesError
from hexmate.rules.hexes import Hex
from hexmate.rules.movement import cheapest_path
from hexmate.rules.text import T


class PositionOracle:
    """Wraps a ``hexmate.rules.games.base.Position`` (shaped like python-chess's Board)."""

    def __init__(self, position: Any) -> None:
        self.position = position

    def expected(self) -> Mapping[str, Hex]:
        """Where each counter physically stands (a move worked out hex by hex stands on its destination)."""
        out: dict[str, Hex] = {}
        for uid, u in self.position.units.items():
            h = self.position.physical_hex(uid) if u.hex is not None else None
            if h is not None:
                out[uid] = h
        return out

    def destinations(self, unit_ids: frozenset[str], start: Hex) -> Mapping[Hex, act.Move]:
        try:
            moves: Mapping[Hex, act.Move] = self.position.legal_actions.moves_for(unit_ids)
        except RulesError:
            return {}  # units that cannot move as a group (not in one hex, not this side's turn)
        return moves

    def _cost_fn(self, unit_ids: frozenset[str]) -> Any:
        make = getattr(self.position.game, "cost_fn", None)
        if make is None:
            return None
        return make(self.position, [self.position.units[u] for u in sorted(unit_ids)])

    def route(self, unit_ids: frozenset[str], waypoints: Sequence[Hex]) -> act.Move | None:
        """The move through these waypoints, gaps filled by the cheapest legs; None if the rules refuse it."""
        cost_fn = self._cost_fn(unit_ids)
        path: list[Hex] = [waypoints[0]]
        for a, b in itertools.pairwise(waypoints):
            if b in self.position.map.neighbors(a):
                path.append(b)
                continue
            leg = cheapest_path(self.position.map, a, b, cost_fn) if cost_fn is not None else None
            if leg is None:
                return None
            path.extend(leg.path[1:])
        units = tuple(sorted(unit_ids))
        try:
            done = self.position.game.validate(self.position, act.Move(units, tuple(path)))
        except RulesError:
            return None
        return done if isinstance(done, act.Move) else None

    def explain(self, unit_ids: frozenset[str], start: Hex, target: Hex) -> str:
        """Why the group may not end on ``target``: the rules' own reason with its rule number."""
        cost_fn = self._cost_fn(unit_ids)
        leg = cheapest_path(self.position.map, start, target, cost_fn) if cost_fn is not None else None
        if leg is None:
            return T("{hex} cannot be entered from here (A4.14)", hex=self.position.map.label(target))
        try:
            self.position.game.validate(
                self.position, act.Move(tuple(sorted(unit_ids)), tuple(leg.path))
            )
        except RulesError as exc:
            return exc.said  # the rules' sentence (a T): each page says it in its language
        return T("{hex} is not a legal destination now", hex=self.position.map.label(target))

    def push(self, move: Any) -> None:
        """Accept a recognised move as the session would (MoveRecognised or a rules Move)."""
        mode = getattr(move, "mode", "")  # the lit destination's way of moving (ASL Double Time, a carry)
        self.position.push(act.Move(tuple(sorted(move.units)), tuple(move.path), None, mode))
