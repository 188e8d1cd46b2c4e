"""The game session: scenario, rules Position, phase and the prompt the players see.

It is the tracker's oracle (``expected`` and ``destinations``) over a pure rules Position, so the table
layer never calls the rules engine itself. Every accepted action is pushed onto the Position; the session
never reads a clock or a sensor (dice arrive as logged facts).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from hexmate.rules.errors import RulesError
from hexmate.rules.hexes import Hex

LOGGER = logging.getLogger(__name__)


class SessionError(Exception):
    """The scenario cannot be loaded or the game is unknown; the message names the file or game."""


class GameSession:
    """One game being played: ``GameSession.load("asl", path)``."""

    def __init__(self, game: Any, scenario: Any, position: Any, scenario_path: Path) -> None:
        self.game = game
        self.scenario = scenario
        self.position = position
        self.scenario_path = scenario_path
        self.history: list[str] = []
        self._moves: dict[tuple[frozenset[str], int], Mapping[Hex, Any]] = {}
        from hexmate.host.table.oracle import PositionOracle

        self._oracle = PositionOracle(position)

    @classmethod
    def load(cls, game_name: str, scenario_path: str | Path) -> GameSession:
        from hexmate.rules.errors import RulesError
        from hexmate.rules.games import get_game

        path = Path(scenario_path)
        try:
            game = get_game(game_name)
        except (KeyError, ValueError, RulesError) as e:
            raise SessionError(f"unknown game {game_name!r}: {e}") from None
        if not path.exists():
            raise SessionError(f"scenario file {path} not found")
        try:
            scenario = game.load_scenario(path)
            position = game.new_position(scenario)
        except (RulesError, ValueError, OSError) as e:
            raise SessionError(f"scenario {path}: {e}") from None
        return cls(game, scenario, position, path)

    # --- the tracker's oracle ----------------------------------------------------------------------------
    def expected(self) -> Mapping[str, Hex]:
        """Where the rules believe every unit on the map stands (unit id -> hex)."""
        out: dict[str, Hex] = {}
        for unit_id, unit in self.position.units.items():
            h = getattr(unit, "hex", None)
            if h is not None:
                out[unit_id] = h
        return out

    def destinations(self, unit_ids: Iterable[str], start: Hex) -> Mapping[Hex, Any]:
        """Every hex the group may legally move to now, with its Move (cheapest path and cost)."""
        ids = frozenset(unit_ids)
        if not ids:
            return {}
        key = (ids, len(self.position.log))
        cached = self._moves.get(key)
        if cached is not None:
            return cached
        try:
            moves: Mapping[Hex, Any] = self.position.legal_actions.moves_for(ids)
        except RulesError:
            moves = {}  # units that cannot move as a group now (not one hex, not this side's turn)
        except Exception as e:  # a rules bug must not stop the table; it is logged with the position
            LOGGER.exception("moves_for(%s) failed in %s: %s", sorted(ids), self.position, e)
            return {}
        if len(self._moves) > 512:
            self._moves.clear()
        self._moves[key] = moves
        return moves

    def likely_groups(self) -> list[frozenset[str]]:
        """Groups a player will probably lift next: each unit of the side to act, and each of its stacks.

        Their destinations are worked out ahead of time (PicoChess precomputes its legal positions), so a
        lift lights the LEDs without waiting for the movement search.
        """
        stacks: dict[Hex, set[str]] = {}
        for unit_id, h in self.expected().items():
            if str(getattr(self.position.units[unit_id], "side", "")) == self.to_act:
                stacks.setdefault(h, set()).add(unit_id)
        groups: list[frozenset[str]] = []
        for _h, units in sorted(stacks.items(), key=lambda kv: (kv[0].q, kv[0].r)):
            groups.extend(frozenset({u}) for u in sorted(units))
            if len(units) > 1:
                groups.append(frozenset(units))
        return groups

    def warm(self, group: frozenset[str]) -> bool:
        """Work out one group's destinations if not cached yet; True if it did any work."""
        if (group, len(self.position.log)) in self._moves:
            return False
        start = self.expected().get(next(iter(group)))
        if start is None:
            return False
        self.destinations(group, start)
        return True

    # --- playing -----------------------------------------------------------------------------------------
    def route(self, unit_ids: frozenset[str], waypoints: Sequence[Hex]) -> Any:
        """The move along the trail the player showed (the tracker's optional RouteOracle)."""
        return self._oracle.route(unit_ids, waypoints)

    def explain(self, unit_ids: frozenset[str], start: Hex, target: Hex) -> str:
        """Why ``target`` is not a legal destination, with the rule the rules engine cites."""
        return self._oracle.explain(unit_ids, start, target)

    def push_move(self, units: Iterable[str], path: Sequence[Hex]) -> str:
        """Check and play a move the table recognised; RulesError if the rules refuse it."""
        from hexmate.rules.actions import Move

        return self.push(Move(tuple(sorted(units)), tuple(path)))

    def push(self, action: Any) -> str:
        """Apply an accepted action; returns its text form for the record and the page."""
        done = self.position.push(action)
        text = str(self.position.action_text(done))
        self.history.append(text)
        return text

    @property
    def map(self) -> Any:
        return self.position.map

    @property
    def phase(self) -> str:
        phase = self.position.phase
        return str(getattr(phase, "name", phase))

    @property
    def to_act(self) -> str:
        return str(self.position.to_act)

    def label(self, h: Hex) -> str:
        return str(self.map.label(h))

    def prompt(self) -> str:
        """What the players should do now, read from the sequence-of-play data via the Position."""
        phase = self.position.phase
        rule = getattr(phase, "rule", "")
        hint = getattr(phase, "prompt", "") or "Lift a unit to see where it may move."
        return f"{self.phase}{f' ({rule})' if rule else ''}: {self.to_act} to act. {hint}"

    def unit_summary(self, unit_id: str, audience: str = "") -> dict[str, Any]:
        """How a page names a unit; a concealed unit is only a '?' to anyone but its owner."""
        unit = self.position.units.get(unit_id)
        if unit is None:
            return {"id": unit_id, "label": unit_id, "side": ""}
        side = str(getattr(unit, "side", ""))
        if getattr(unit, "concealed", False) and audience != side:
            return {"id": "", "label": "?", "side": side}
        label = getattr(unit, "name", None) or getattr(unit, "type", None) or unit_id
        return {"id": unit_id, "label": str(label), "side": side}
