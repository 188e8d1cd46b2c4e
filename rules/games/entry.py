"""Units a scenario brings onto the board during play: the part the games share.

A scenario lists them in one of its options, ``unit -> {"turn": N, <hexes key>: [label, ...]}``: the
first turn the unit may come on and the board-edge hexes it may come on at (its set-up hex when none are
named). Such a unit is off the board (``hex`` None) until it enters. Panzer Grenadier (16.5,
``options.entry``, key ``hexes``) and Fire Team (11.2, ``options.reinforcements``, key ``enter``) read them
through an :class:`EntryPlan`; each game keeps its own costs and decisions.

Every problem is a :class:`DataError` naming the scenario file and the place (``options.entry.r1.turn``),
found when the scenario loads (:meth:`EntryPlan.validate`): a unit that is not in the scenario, a turn
outside the scenario's turns, a hex that is not on the board or not on its edge.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario


@dataclass(frozen=True)
class EntryPlan:
    """Where a game keeps its scenario's arrivals: the option, the key of the hex list, the rule to cite."""

    option: str  # "entry" (PG) / "reinforcements" (Fire Team)
    hexes_key: str  # "hexes" (PG) / "enter" (Fire Team)
    rule: str  # "16.5" / "11.2"
    # A game whose scenarios may name whole boards among the hexes (``{"board": id}``: ASL A2.3) resolves them
    # to hexes (map, board ids, where -> hexes, a DataError naming ``where`` for an unknown board); those
    # boards' map-edge hexes are entry hexes. None: labels only.
    boards: Callable[[HexMap, list[str], str], frozenset[Hex]] | None = None

    def raw(self, scenario: Scenario) -> Mapping[str, Any]:
        raw = scenario.options.get(self.option, {})
        if not isinstance(raw, dict):
            raise DataError(f"{scenario.source}: options.{self.option}: unit -> "
                            f"{{turn, {self.hexes_key}}} ({self.rule})")
        return raw

    def arrivals(self, scenario: Scenario) -> dict[str, int]:
        """unit -> the first turn it may come on, checked against the scenario's units and turns."""
        out: dict[str, int] = {}
        ids = {u.id for u in scenario.units}
        for uid, entry in self.raw(scenario).items():
            where = f"{scenario.source}: options.{self.option}.{uid}"
            if uid not in ids:
                raise DataError(f"{where}: no unit {uid!r} in the scenario ({self.rule})")
            turn = entry.get("turn") if isinstance(entry, dict) else None
            if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= scenario.turns:
                raise DataError(f"{where}.turn: a whole number from 1 to {scenario.turns}, the scenario's "
                                f"turns ({self.rule})")
            out[uid] = turn
        return out

    def entry_hexes(self, scenario: Scenario, hex_map: HexMap, uid: str) -> tuple[Hex, ...]:
        """The board-edge hexes the unit may come on at, checked: on the map and on its edge."""
        entry = self.raw(scenario).get(uid, {})
        labels = entry.get(self.hexes_key) or [next(u.hex for u in scenario.units if u.id == uid)]
        if not isinstance(labels, list):
            raise DataError(f"{scenario.source}: options.{self.option}.{uid}.{self.hexes_key}: a list of hex "
                            f"labels ({self.rule})")
        out: list[Hex] = []
        boards: list[str] = []
        for i, label in enumerate(labels):
            where = f"{scenario.source}: options.{self.option}.{uid}.{self.hexes_key}[{i}]"
            if isinstance(label, dict) and self.boards is not None:
                if set(label) != {"board"} or not isinstance(label["board"], str):
                    raise DataError(f"{where}: a whole board is {{\"board\": id}} ({self.rule})")
                self.boards(hex_map, [label["board"]], f"{where}.board")  # an unknown board named here
                boards.append(label["board"])
                continue
            try:
                h = hex_map.parse_label(str(label))
            except Exception as error:  # the map's own error names the label
                raise DataError(f"{where}: {error}") from None
            if h not in hex_map.hexes:
                raise DataError(f"{where}: {label} is not on the board")
            if len(hex_map.neighbors(h)) >= 6:
                raise DataError(f"{where}: {label} is not a board-edge hex ({self.rule})")
            out.append(h)
        if boards and self.boards is not None:  # the boards named make one area (ASL A2.3's half hexes)
            whole = self.boards(hex_map, boards, f"{scenario.source}: options.{self.option}.{uid}")
            edge = sorted((h for h in whole if len(hex_map.neighbors(h)) < 6), key=lambda h: (h.q, h.r))
            out.extend(h for h in edge if h not in out)
        return tuple(out)

    def validate(self, scenario: Scenario, hex_map: HexMap) -> dict[str, int]:
        """Every arrival checked when the scenario loads; unit -> its first turn."""
        due = self.arrivals(scenario)
        for uid in due:
            self.entry_hexes(scenario, hex_map, uid)
        return due

    def off_board(self, position: Position, uid: str) -> bool:
        """Is the unit waiting off the board to come on?"""
        unit = position.units.get(uid)
        return unit is not None and unit.hex is None and uid in self.arrivals(position.scenario)

    def common_hexes(self, position: Position, ids: tuple[str, ...]) -> tuple[Hex, ...]:
        """The entry hexes every one of the units may use (a group comes on through one hex)."""
        hexes = self.entry_hexes(position.scenario, position.map, ids[0])
        for uid in ids[1:]:
            mine = self.entry_hexes(position.scenario, position.map, uid)
            hexes = tuple(h for h in hexes if h in mine)
        return hexes


__all__ = ["EntryPlan"]
