"""The game plug-in interface: a Game (one per ruleset, registered by name) and a Position shaped like
python-chess's Board: units, phase, to_act, a lazy legal_actions view, push/pop, parse_action, outcome().

State = fold(log): a Position keeps the log of pushed actions and the state after each; ``pop`` drops the
last entry, which is exactly what re-folding the shorter log gives (tests check both ways). Games override the
hooks of ``Game`` (python-chess's variants): ``check`` (is this action legal now? returns it completed, e.g.
with the move's cost), ``apply`` (the next state), ``generate`` (every legal action), ``moves_for`` and
``resolve``. Nothing here reads a clock, a sensor or a random source: dice arrive inside actions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.charts import ChartPack, check_compatible, load_pack
from hexmate.rules.errors import AmbiguousAction, DataError, IllegalAction, InvalidAction, RulesError
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.scenario import CounterType, Scenario, load_scenario
from hexmate.rules.sequence import Phase, SequenceOfPlay, Step, load_sequence

Number = int | Fraction


@dataclass(frozen=True)
class UnitState:
    """One unit now: where it is, whose it is, its printed values, hidden or not, and its markers."""

    id: str
    side: str
    counter: CounterType
    hex: Hex | None
    concealed: bool = False
    markers: frozenset[str] = frozenset()

    @property
    def type(self) -> str:
        return self.counter.type

    @property
    def name(self) -> str:
        return self.counter.name

    @property
    def values(self) -> Mapping[str, int | str]:
        return self.counter.values

    def has(self, marker: str) -> bool:
        return marker in self.markers

    def mark(self, *add: str, remove: tuple[str, ...] = ()) -> UnitState:
        return dataclasses.replace(self, markers=(self.markers - set(remove)) | set(add))


@dataclass(frozen=True)
class Pending:
    """A result waiting for a roll or a choice: a morale check, a pin check, a casualty to name."""

    unit: str  # for a casualty: the hex label group key; for a check: the unit id
    effect: str  # "NMC", "1MC", "PTC", "casualty", ...
    rule: str
    side: str
    modifier: int = 0
    group: tuple[str, ...] = ()  # units the casualty may fall on


@dataclass(frozen=True)
class State:
    turn: int
    step: int
    units: Mapping[str, UnitState]
    moved: tuple[str, ...] = ()
    pending: tuple[Pending, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    over: bool = False

    def replace(self, **changes: Any) -> State:
        return dataclasses.replace(self, **changes)

    def with_unit(self, unit: UnitState) -> State:
        units = dict(self.units)
        units[unit.id] = unit
        return self.replace(units=units)

    def without_unit(self, unit_id: str) -> State:
        units = dict(self.units)
        del units[unit_id]
        return self.replace(units=units)


@dataclass(frozen=True)
class Line:
    """One step of a resolution's working: what, its value, and the rule it comes from."""

    label: str
    value: str
    rule: str = ""

    def text(self) -> str:
        return f"{self.label}: {self.value}" + (f" ({self.rule})" if self.rule else "")


@dataclass(frozen=True)
class Resolution:
    """The worked result of a fire attack or combat: every modifier with its rule, and the chart's label."""

    action: act.Action
    chart: str
    chart_label: str
    demo: bool
    lines: tuple[Line, ...]
    results: Mapping[str, str]  # unit id -> result code (or "hex" -> result for whole-hex results)
    summary: str
    hidden: Mapping[str, str] = field(default_factory=dict)  # concealed target id -> its owner

    def text(self) -> str:
        head = f"{self.summary}" + (" [demo values]" if self.demo else f" [{self.chart_label}]")
        return "\n".join([head, *("  " + line.text() for line in self.lines)])

    def to_dict(self, viewer: str | None = None) -> dict[str, Any]:
        """As JSON. With a ``viewer`` side, concealed enemy targets appear only as '?1', '?2', ...: a result
        must not name a unit its enemy may not see (hidden information)."""
        results: dict[str, str] = {}
        hidden = 0
        for uid, result in sorted(self.results.items()):
            if viewer is not None and uid in self.hidden and self.hidden[uid] != viewer:
                hidden += 1
                results[f"?{hidden}"] = result
            else:
                results[uid] = result
        return {
            "summary": self.summary,
            "chart": self.chart,
            "chart_label": self.chart_label,
            "demo": self.demo,
            "lines": [dataclasses.asdict(line) for line in self.lines],
            "results": results,
        }


@dataclass(frozen=True)
class Outcome:
    winner: str | None
    reason: str


class LegalActions:
    """A lazy view of the legal actions: ``in`` checks one action against the rules, listing nothing."""

    def __init__(self, position: Position) -> None:
        self._position = position

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, act.Action):
            return False
        try:
            self._position.game.check(self._position, action, need_dice=False)
        except RulesError:
            return False
        return True

    def __iter__(self) -> Iterator[act.Action]:
        return self._position.game.generate(self._position)

    def count(self) -> int:
        return sum(1 for _ in self)

    def moves_for(self, unit_ids: frozenset[str] | set[str] | tuple[str, ...]) -> Mapping[Hex, act.Move]:
        """Every legal destination of this group (moving together) with its cheapest path and cost."""
        return self._position.game.moves_for(self._position, frozenset(unit_ids))


class Position:
    """A game in progress: scenario + map + chart pack + the log of actions, and the state they fold to."""

    def __init__(self, game: Game, scenario: Scenario, hex_map: HexMap, charts: ChartPack) -> None:
        self.game = game
        self.scenario = scenario
        self.map = hex_map
        self.charts = charts
        self._log: list[act.Action] = []
        self._states: list[State] = [game.initial_state(scenario, hex_map)]
        self._resolutions: list[Resolution | None] = []

    # --- state ---
    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def units(self) -> Mapping[str, UnitState]:
        return self.state.units

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def step(self) -> Step:
        return self.game.sequence.steps[self.state.step]

    @property
    def phase(self) -> Phase:
        return self.step.phase

    @property
    def phasing(self) -> str:
        return self.game.phasing_side(self)

    @property
    def to_act(self) -> str:
        return self.game.side_to_act(self)

    @property
    def log(self) -> tuple[act.Action, ...]:
        return tuple(self._log)

    @property
    def last_resolution(self) -> Resolution | None:
        """The worked result of the last action if it was a fire attack (with its demo-values label)."""
        return self._resolutions[-1] if self._resolutions else None

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def enemy_of(self, side: str) -> str:
        return next(s.id for s in self.scenario.sides if s.id != side)

    def units_at(self, h: Hex) -> list[UnitState]:
        return [u for u in self.units.values() if u.hex == h]

    # --- changes ---
    def push(self, action: act.Action) -> act.Action:
        """Check and play an action; returns it completed (a move with its cost). Raises IllegalAction."""
        done = self.game.check(self, action)
        resolution = self.game.resolve(self, done) if isinstance(done, act.Fire) else None
        self._states.append(self.game.apply(self, done))
        self._log.append(done)
        self._resolutions.append(resolution)
        return done

    def push_text(self, text: str) -> act.Action:
        return self.push(self.parse_action(text))

    def pop(self) -> act.Action:
        if not self._log:
            raise IllegalAction("nothing to take back", "")
        self._states.pop()
        self._resolutions.pop()
        return self._log.pop()

    def replay(self) -> Position:
        """A new position built by folding this one's log from the scenario (state = fold(log))."""
        other = Position(self.game, self.scenario, self.map, self.charts)
        for action in self._log:
            other.push(action)
        return other

    def resolve(self, fire: act.Fire) -> Resolution:
        """Work out a fire attack or combat without playing it (what `hexmate rules resolve` shows)."""
        done = self.game.check(self, fire)
        assert isinstance(done, act.Fire)
        return self.game.resolve(self, done)

    # --- text ---
    def label(self, h: Hex | None) -> str:
        return "off" if h is None else self.map.label(h)

    def action_text(self, action: act.Action) -> str:
        return action.text(self.map.label)

    def log_texts(self) -> list[str]:
        """The game record as text lines (map labels); ``Position.from_log`` plays them back."""
        return [self.action_text(a) for a in self._log]

    @classmethod
    def from_log(
        cls, game: Game, scenario: Scenario, hex_map: HexMap, charts: ChartPack, texts: list[str]
    ) -> Position:
        """Replay a recorded game: state = fold(log)."""
        position = cls(game, scenario, hex_map, charts)
        for text in texts:
            position.push_text(text)
        return position

    def parse_action(self, text: str) -> act.Action:
        """Parse text against this position: map labels, unit ids or unique prefixes. No legality check."""
        action = act.parse_text(text, self._parse_hex)
        fields: dict[str, object] = {}
        for name in ("units", "firers"):
            if hasattr(action, name):
                fields[name] = tuple(self.unit_ref(u) for u in getattr(action, name))
        if isinstance(action, act.Check | act.Casualty | act.Rally):
            fields["unit"] = self.unit_ref(action.unit)
        return dataclasses.replace(action, **fields) if fields else action

    def _parse_hex(self, text: str) -> Hex:
        if text.startswith("@"):
            return act.parse_hex_default(text)
        try:
            return self.map.parse_label(text)
        except RulesError as err:
            raise InvalidAction(f"{text!r} is not a hex of this map: {err}") from None
        except (KeyError, ValueError) as err:
            raise InvalidAction(f"{text!r} is not a hex of this map: {err}") from None

    def unit_ref(self, ref: str) -> str:
        """A unit id from its id or a unique prefix; InvalidAction / AmbiguousAction otherwise."""
        if ref in self.units:
            return ref
        matches = sorted(u for u in self.units if u.startswith(ref))
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise AmbiguousAction(f"unit {ref!r} could be {', '.join(matches)}")
        raise InvalidAction(f"no unit {ref!r} in this game")

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self)

    def view(self, side: str) -> list[dict[str, Any]]:
        """What one side may see: own units in full; enemy concealed units only as '?' on their hex."""
        out = []
        hidden = 0
        for unit in sorted(self.units.values(), key=lambda u: (u.side, u.id)):
            if unit.side != side and unit.concealed:
                hidden += 1
                out.append(
                    {"id": f"?{hidden}", "side": unit.side, "hex": self.label(unit.hex), "concealed": True}
                )
            else:
                out.append(
                    {
                        "id": unit.id,
                        "side": unit.side,
                        "hex": self.label(unit.hex),
                        "counter": unit.name,
                        "type": unit.type,
                        "concealed": unit.concealed,
                        "markers": sorted(unit.markers),
                    }
                )
        return out

    def __str__(self) -> str:
        units = " ".join(
            f"{u.id}@{self.label(u.hex)}"
            + ("?" if u.concealed else "")
            + "".join(f"+{m}" for m in sorted(u.markers))
            for u in sorted(self.units.values(), key=lambda u: u.id)
        )
        pend = f" pending={len(self.state.pending)}" if self.state.pending else ""
        end = " over" if self.state.over else ""
        return (
            f"{self.game.name} T{self.turn} {self.phase.id} phasing={self.phasing} to_act={self.to_act}"
            f"{pend}{end} "
            f"| {units}"
        )

    def __repr__(self) -> str:
        return f"<Position {self}>"


class Game:
    """One ruleset. Subclasses set ``name``/``title``/``chart_axes`` and override the hooks below."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    @property
    def data_dir(self) -> Path:
        return Path(__file__).resolve().parent / self.name

    @cached_property
    def sequence(self) -> SequenceOfPlay:
        return load_sequence(self.data_dir / "sequence.json")

    @property
    def demo_scenario_path(self) -> Path:
        return self.data_dir / "scenarios" / "demo.json"

    @property
    def demo_charts_path(self) -> Path:
        return self.data_dir / "charts" / "demo.json"

    # --- loading ---
    def load_scenario(self, path: str | Path) -> Scenario:
        scenario = load_scenario(path)
        if scenario.game != self.name:
            raise DataError(f"{path}: game: this scenario is for {scenario.game!r}, not {self.name!r}")
        try:
            self.sequence.phase(scenario.first_phase)
        except KeyError:
            ids = sorted({s.phase.id for s in self.sequence.steps})
            raise DataError(
                f"{path}: first_phase: {scenario.first_phase!r} is not a phase of {self.name} "
                f"({', '.join(ids)})"
            ) from None
        for name, counter in scenario.counters.items():
            problem = self.check_counter(counter)
            if problem:
                raise DataError(f"{path}: counters[{name!r}]: {problem}")
        return scenario

    def load_charts(self, path: str | Path | None = None) -> ChartPack:
        pack = load_pack(path or self.demo_charts_path, self.name)
        check_compatible(pack, self.chart_axes)
        return pack

    def new_position(
        self, scenario: Scenario, charts: ChartPack | None = None, hex_map: HexMap | None = None
    ) -> Position:
        hex_map = hex_map if hex_map is not None else load_map(scenario.map_path)
        return Position(self, scenario, hex_map, charts if charts is not None else self.load_charts())

    def parse_action(self, text: str, hex_map: HexMap | None = None) -> act.Action:
        """Text form -> action (the inverse of ``action.text(map.label)``); no legality check."""
        return act.parse_text(text, hex_map.parse_label if hex_map is not None else None)

    # --- sequence of play ---
    def initial_step(self, scenario: Scenario) -> int:
        return self.sequence.step_of(scenario.first_phase, "first" if self._has_sides() else None).index

    def _has_sides(self) -> bool:
        return any(p.side != "none" for p in self.sequence.parts)

    def phasing_side(self, position: Position) -> str:
        slot = position.step.part.side
        if slot == "second":
            return position.scenario.second_side
        if slot == "first":
            return position.scenario.first_side
        return str(position.state.extra.get("active", position.scenario.first_side))

    def side_to_act(self, position: Position) -> str:
        if position.state.pending:
            return position.state.pending[0].side
        phase = position.phase
        if phase.acts == "non_phasing":
            return position.enemy_of(position.phasing)
        return position.phasing

    def end_phase(self, position: Position, state: State) -> State:
        """Leave the current phase: the game's cleanup hook, then the next step (and turn, and game end)."""
        state = self.on_phase_end(position, state)
        nxt = state.step + 1
        turn = state.turn
        if nxt >= len(self.sequence.steps):
            nxt, turn = 0, turn + 1
        state = state.replace(step=nxt, turn=turn, moved=(), over=turn > position.scenario.turns)
        return self.on_phase_start(position, state)

    # --- hooks ---
    def check_counter(self, counter: CounterType) -> str | None:
        """A problem with a counter type's printed values for this game (None if fine)."""
        return None

    def initial_state(self, scenario: Scenario, hex_map: HexMap) -> State:
        placed = scenario.place(hex_map)
        units = {
            u.id: UnitState(
                u.id, u.side, scenario.counters[u.counter], placed[u.id], u.concealed, frozenset(u.markers)
            )
            for u in scenario.units
        }
        return State(
            turn=1, step=self.initial_step(scenario), units=units, extra={"counters": dict(scenario.counters)}
        )

    def on_phase_end(self, position: Position, state: State) -> State:
        return state

    def on_phase_start(self, position: Position, state: State) -> State:
        return state

    def check(self, position: Position, action: act.Action, need_dice: bool = True) -> act.Action:
        """The action completed (e.g. a move's cost) if legal now, else IllegalAction citing the rule.

        With ``need_dice=False`` a declaration without its dice is accepted (membership in legal_actions).
        """
        raise NotImplementedError

    def apply(self, position: Position, action: act.Action) -> State:
        raise NotImplementedError

    def generate(self, position: Position) -> Iterator[act.Action]:
        raise NotImplementedError

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        raise NotImplementedError

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        raise IllegalAction(f"{self.title} has no fire resolution here", "")

    def outcome(self, position: Position) -> Outcome | None:
        if position.state.over:
            return Outcome(
                None,
                f"turn limit ({position.scenario.turns}) reached: score the scenario's victory conditions",
            )
        return None
