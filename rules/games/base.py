"""The game plug-in interface: a Game (one per ruleset, registered by name) and a Position shaped like
python-chess's Board: units, phase, to_act, a lazy legal_actions view, push/pop, parse_action, outcome().

State = fold(log): a Position keeps the log of pushed actions and the state after each; ``pop`` drops the
last entry, which is exactly what re-folding the shorter log gives (tests check both ways).

The core (this module) owns the interaction model, so every game gets it the same way:

- **Decisions** (``rules/decisions.py``): a stack in the state. While one is open only its answers (one
  generic ``Answer`` action) are legal, plus, in a reaction window, the reacting side's actions. The core
  checks an answer against the decision's options and hands it to the game's named continuation
  (``resume_<then>``), which may push further decisions.
- **Flow** from the sequence data: who acts, when a phase ends (``done``, ``both_done``, ``both_pass``,
  ``auto``), action segments, and reaction windows. Games never advance steps by hand; ``EndPhase`` and
  ``Pass`` are the core's.
- **Moves hex by hex**: in a phase with an ``enter`` reaction window a move is carried out one hex entry at a
  time (``Moving``); at each entry where the game says the other side could react, a ``react`` decision opens.
- **Resolutions** computed once by the continuation that rolls, stored in the state it produced
  (``State.resolution``) and never worked out again by ``apply``.
- **Physical changes** (flip, remove, replace, marker) found by comparing states, for the table to show.

Games override the hooks of ``Game`` (python-chess's variants): ``check`` (is this action legal now? returns
it completed, e.g. with the move's cost), ``apply`` (the next state), ``generate`` (the game's own legal
actions), ``moves_for``, ``resolve``, ``enter``/``can_react``/``can_continue`` for moves, the continuations,
and ``on_phase_start``/``on_phase_end``. Nothing here reads a clock, a sensor or a random source: dice arrive
inside actions.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.charts import ChartPack, check_compatible, load_pack
from hexmate.rules.decisions import BOTH, Decision, Flow, Moving, Physical
from hexmate.rules.dice import DiceSpec
from hexmate.rules.errors import AmbiguousAction, DataError, IllegalAction, InvalidAction, RulesError
from hexmate.rules.hexes import Hex
from hexmate.rules.los import LosResult
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.scenario import CounterType, Scenario, load_scenario
from hexmate.rules.sequence import Phase, SequenceOfPlay, Step, load_sequence
from hexmate.rules.text import T

Number = int | Fraction
OFFERS_CHOICES = ("units", "hexes", "path")  # decisions that may also be answered by a word of ``choices``


@dataclass(frozen=True)
class UnitState:
    """One unit now: where it is, whose it is, its printed values, hidden or not, and its markers."""

    id: str
    side: str
    counter: CounterType
    hex: Hex | None
    concealed: bool = False
    markers: frozenset[str] = frozenset()
    level: int = 0  # the level of its Location in a multi-level hex (ASL building levels, A4.13)
    facing: int | None = None  # hexspine 0..5 its front faces, for games and units that use facing
    carrier: str | None = None  # the unit carrying it (a support weapon's owner, a passenger's vehicle)

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

    def at(self, h: Hex | None) -> UnitState:
        return dataclasses.replace(self, hex=h)

    def revealed(self) -> UnitState:
        return dataclasses.replace(self, concealed=False)

    def as_counter(self, counter: CounterType) -> UnitState:
        return dataclasses.replace(self, counter=counter)


@dataclass(frozen=True)
class GameState:
    """A game's own typed state (each game subclasses it as a frozen dataclass): what its rules track besides
    the units, the decisions and the flow (ASL: who self-rallied; PG: the initiative winner)."""


@dataclass(frozen=True)
class State:
    turn: int
    step: int
    units: Mapping[str, UnitState]
    moved: tuple[str, ...] = ()
    decisions: tuple[Decision, ...] = ()  # a stack: the last is the one open now
    flow: Flow = field(default_factory=Flow)
    moving: Moving | None = None
    game: GameState = field(default_factory=GameState)
    over: bool = False
    resolution: Resolution | None = None  # the worked fire or combat of the step that led here

    def replace(self, **changes: Any) -> State:
        return dataclasses.replace(self, **changes)

    @property
    def decision(self) -> Decision | None:
        return self.decisions[-1] if self.decisions else None

    def push(self, *decisions: Decision) -> State:
        """Open decisions; the first given is answered first (it ends on top of the stack)."""
        return self.replace(decisions=self.decisions + tuple(reversed(decisions)))

    def pop(self) -> State:
        return self.replace(decisions=self.decisions[:-1])

    @cached_property
    def by_hex(self) -> Mapping[Hex | None, tuple[UnitState, ...]]:
        """The units of each hex, in ``units`` order, indexed once per state (a state is never changed: each
        change makes a new one), for the move and fire searches that ask at every hex they try."""
        out: dict[Hex | None, list[UnitState]] = {}
        for u in self.units.values():
            out.setdefault(u.hex, []).append(u)
        return {h: tuple(us) for h, us in out.items()}

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
            self._position.game.validate(self._position, action)
        except RulesError:
            return False
        return True

    def __iter__(self) -> Iterator[act.Action]:
        return self._position.game.legal(self._position)

    def count(self) -> int:
        return sum(1 for _ in self)

    def moves_for(self, unit_ids: frozenset[str] | set[str] | tuple[str, ...]) -> Mapping[Hex, act.Move]:
        """Every legal destination of this group (moving together) with its cheapest path and cost."""
        if self._position.state.decisions or self._position.state.moving is not None:
            return {}
        return self._position.game.moves_for(self._position, frozenset(unit_ids))


class Position:
    """A game in progress: scenario + map + chart pack + the log of actions, and the state they fold to."""

    def __init__(
        self, game: Game, scenario: Scenario, hex_map: HexMap, charts: ChartPack, state: State | None = None
    ) -> None:
        self.game = game
        self.scenario = scenario
        self.map = hex_map
        self.charts = charts
        # the actions played; a str is the text of one played before the checkpoint this position was
        # resumed from (``resumed``), parsed only when asked for
        self._log: list[act.Action | str] = []
        self._states: list[State] = [state if state is not None else game.initial(self)]

    @classmethod
    def resumed(cls, game: Game, scenario: Scenario, hex_map: HexMap, charts: ChartPack, state: State,
                played: Sequence[str]) -> Position:
        """A game continued from a checkpoint: ``state`` is what the actions ``played`` (their texts) fold
        to. Taking back one of those folds them again from the scenario (state = fold(log) stays true)."""
        position = cls(game, scenario, hex_map, charts, state)
        position._log = list(played)
        return position

    @property
    def played(self) -> int:
        """How many actions the log holds (``len(log)`` without reading a checkpoint's texts)."""
        return len(self._log)

    def _actions(self) -> list[act.Action]:
        """The log as actions: the texts before a checkpoint are played again from the scenario (each
        parsed against the position it was played in), which gives back the states before it too."""
        earlier = sum(1 for a in self._log if isinstance(a, str))
        if earlier:
            other = Position(self.game, self.scenario, self.map, self.charts)
            for a in self._log[:earlier]:
                other.push_text(a) if isinstance(a, str) else other.push(a)
            self._log = [*other._log, *self._log[earlier:]]
            self._states = [*other._states[:-1], *self._states]
        return self._log  # type: ignore[return-value]

    def at(self, state: State) -> Position:
        """A view of this game at another state (no log): what the hooks see while a step is worked out."""
        return Position(self.game, self.scenario, self.map, self.charts, state)

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
    def decision(self) -> Decision | None:
        """The open decision (top of the stack), if any."""
        return self.state.decision

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.scenario.sides)

    @property
    def log(self) -> tuple[act.Action, ...]:
        return tuple(self._actions())

    @property
    def last_resolution(self) -> Resolution | None:
        """The worked result of the last action if it resolved a fire or combat (with its demo label)."""
        return self.state.resolution

    @property
    def changes(self) -> tuple[Physical, ...]:
        """What the last action asks the players to change on the board (flip, remove, replace, markers)."""
        if len(self._states) < 2:
            return ()
        return self.game.physical_changes(self._states[-2], self._states[-1])

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def enemy_of(self, side: str) -> str:
        return next(s.id for s in self.scenario.sides if s.id != side)

    def units_at(self, h: Hex) -> list[UnitState]:
        return list(self.state.by_hex.get(h, ()))

    def physical_hex(self, unit_id: str) -> Hex | None:
        """Where the counter stands on the board: a move being carried out hex by hex is already on its
        destination (one lift, one placement) unless it stopped short."""
        moving = self.state.moving
        if moving is not None and not moving.stopped and unit_id in moving.units and unit_id in self.units:
            return moving.destination
        return self.units[unit_id].hex

    # --- changes ---
    def push(self, action: act.Action) -> act.Action:
        """Check and play an action; returns it completed (a move with its cost). Raises a RulesError."""
        done, state = self.game.play(self, action)
        self._states.append(state)
        self._log.append(done)
        return done

    def push_text(self, text: str) -> act.Action:
        return self.push(self.parse_action(text))

    def pop(self) -> act.Action:
        if not self._log:
            raise IllegalAction(T("nothing to take back"), "")
        if len(self._states) == 1:  # resumed from a checkpoint: the states before it are folded again
            self._actions()
        self._states.pop()
        action = self._log.pop()
        assert not isinstance(action, str)
        return action

    def replay(self) -> Position:
        """A new position built by folding this one's log from the scenario (state = fold(log))."""
        other = Position(self.game, self.scenario, self.map, self.charts)
        for action in self._actions():
            other.push(action)
        return other

    def resolve(self, fire: act.Fire) -> Resolution:
        """Work out a fire attack or combat (with its dice) without playing it (`hexmate rules resolve`)."""
        if fire.dice is None:
            raise InvalidAction(T("a resolution needs the dice: add 'dice N,N'"))
        declared = self.game.check(self, fire.declared())
        assert isinstance(declared, act.Fire)
        return self.game.resolve(self, dataclasses.replace(declared, dice=fire.dice))

    # --- text ---
    def label(self, h: Hex | None) -> str:
        return "off" if h is None else self.map.label(h)

    def action_text(self, action: act.Action) -> str:
        return action.text(self.map.label)

    def decision_text(self, decision: Decision | None = None) -> str:
        """The open decision as one line with map labels and its options (for logs, tests, prompts)."""
        d = decision if decision is not None else self.decision
        if d is None:
            return ""
        options: list[str] = []
        if d.units:
            options.append("units " + ",".join(d.units) + (f" (choose {d.count})" if d.count != 1 else ""))
        if d.hexes:
            options.append("hexes " + ",".join(self.label(h) for h in d.hexes))
        if d.choices:
            options.append("choices " + ",".join(d.choices))
        if d.dice:
            options.append(f"dice {d.dice}")
        at = f" at {self.label(d.target)}" if d.target is not None else ""
        listed = f" [{'; '.join(options)}]" if options else ""
        return f"{d.kind} {d.side}{at}: {d.prompt} ({d.rule}){listed}"

    def log_texts(self) -> list[str]:
        """The game record as text lines (map labels); ``Position.from_log`` plays them back."""
        return [a if isinstance(a, str) else self.action_text(a) for a in self._log]

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
        if isinstance(action, act.Rally | act.Save | act.Smoke):
            fields["unit"] = self.unit_ref(action.unit)
        if isinstance(action, act.Load | act.Unload):
            fields["carrier"] = self.unit_ref(action.carrier)
        if isinstance(action, act.Repair):
            fields["sw"] = self.unit_ref(action.sw)
        if isinstance(action, act.Transfer):
            fields["item"], fields["to"] = self.unit_ref(action.item), action.to and self.unit_ref(action.to)
        return dataclasses.replace(action, **fields) if fields else action

    def _parse_hex(self, text: str) -> Hex:
        if text.startswith("@"):
            return act.parse_hex_default(text)
        try:
            return self.map.parse_label(text)
        except (RulesError, KeyError, ValueError):  # the map's own message names its file: not for players
            raise InvalidAction(T("{text} is not a hex of this map", text=repr(text))) from None

    def unit_ref(self, ref: str) -> str:
        """A unit id from its id or a unique prefix; InvalidAction / AmbiguousAction otherwise. The open
        decision's own units count too (off the map: an eliminated unit returning, a reinforcement)."""
        top = self.decision
        if ref in self.units or (top is not None and ref in top.units + top.subject):
            return ref
        matches = sorted(u for u in self.units if u.startswith(ref))
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise AmbiguousAction(T("unit {ref} could be {units}", ref=repr(ref), units=", ".join(matches)))
        if "." in ref:  # a unit's weapon (ASL D3.5: ``tank.bmg``): the unit resolved, the game checks it
            head, part = ref.rsplit(".", 1)
            try:
                return f"{self.unit_ref(head)}.{part}"
            except InvalidAction:
                pass
        raise InvalidAction(T("no unit {ref} in this game", ref=repr(ref)))

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
            + (f"h{u.level}" if u.level else "")  # its Location's level (ASL notation, A2.2)
            + ("?" if u.concealed else "")
            + "".join(f"+{m}" for m in sorted(u.markers))
            for u in sorted(self.units.values(), key=lambda u: u.id)
        )
        top = self.decision
        pend = f" decide={top.kind}:{top.then}/{len(self.state.decisions)}" if top is not None else ""
        if self.state.moving is not None:
            pend += f" moving={','.join(self.state.moving.units)}@{self.label(self.state.moving.here)}"
        end = " over" if self.state.over else ""
        return (
            f"{self.game.name} T{self.turn} {self.phase.id} phasing={self.phasing} to_act={self.to_act}"
            f"{pend}{end} "
            f"| {units}"
        )

    def __repr__(self) -> str:
        return f"<Position {self}>"


Continuation = Callable[["Position", Decision, act.Answer], State]


class Game:
    """One ruleset. Subclasses set ``name``/``title``/``chart_axes`` and override the hooks below.

    Continuations are methods named ``resume_<then>(position, decision, answer) -> State``; ``position.state``
    is the state with the answered decision already taken off the stack.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    dice: ClassVar[Mapping[str, DiceSpec]] = {}  # the game's rolls by the name a roll decision uses
    flip_markers: ClassVar[frozenset[str]] = frozenset()  # states shown by flipping the counter (broken)
    marker_counters: ClassVar[frozenset[str]] = frozenset()  # states shown by a marker counter (pin, DM)
    sealed_hexes: ClassVar[bool] = False  # are the hexes of ``sealed_units`` secret too (see there)?

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

    def dice_spec(self, name: str) -> DiceSpec:
        try:
            return self.dice[name]
        except KeyError:
            raise DataError(f"{self.name} has no roll named {name!r} ({', '.join(self.dice)})") from None

    # --- sequence of play ---
    def initial_step(self, scenario: Scenario) -> int:
        """The scenario's first phase, in the first side's part when that part has it."""
        try:
            return self.sequence.step_of(scenario.first_phase, "first").index
        except KeyError:
            return self.sequence.step_of(scenario.first_phase).index

    def phasing_side(self, position: Position) -> str:
        if position.phase.acts == "impulse":
            return self.impulse_side(position)
        slot = position.step.part.side
        if slot == "second":
            return position.scenario.second_side
        if slot == "first":
            return position.scenario.first_side
        return position.state.flow.active or position.scenario.first_side

    def side_to_act(self, position: Position) -> str:
        top = position.state.decision
        if top is not None:
            if top.side == BOTH:
                answered = dict(top.answers)
                return next((s for s in position.sides if s not in answered), position.sides[0])
            return top.side
        phase = position.phase
        if phase.acts == "impulse":
            return self.impulse_side(position)
        if phase.acts == "non_phasing":
            return position.enemy_of(position.phasing)
        if phase.acts in ("both", "alternating") and position.state.flow.active:
            return position.state.flow.active
        return position.phasing

    def first_actor(self, position: Position) -> str:
        """Who acts first in the phase starting now (games override: PG's initiative winner)."""
        if position.phase.acts == "non_phasing":
            return position.enemy_of(position.phasing)
        return position.phasing

    def start_phase(self, position: Position) -> State:
        """The core's entry into the current step: flow reset, then the game's ``on_phase_start``."""
        view = position.at(position.state.replace(flow=Flow()))
        view = view.at(view.state.replace(flow=Flow(active=self.first_actor(view), segments=1)))
        return self.on_phase_start(view)

    def end_phase(self, position: Position) -> State:
        """Leave the current phase: the game's cleanup hook, then the next step (and turn, and game end)."""
        state = self.on_phase_end(position)
        nxt = state.step + 1
        turn = state.turn
        if nxt >= len(self.sequence.steps):
            nxt, turn = 0, turn + 1
        state = state.replace(step=nxt, turn=turn, moved=(), over=turn > position.scenario.turns, flow=Flow())
        if state.over:
            return state
        return self.start_phase(position.at(state))

    # --- the core: play one action --------------------------------------------------------------------------
    def initial(self, position: Position) -> State:
        """The scenario's set-up, entered into its first phase (the phase's start hooks run)."""
        state = self.initial_state(position.scenario, position.map)
        return self.settle(position.at(self.start_phase(position.at(state))))

    def split(self, action: act.Action) -> tuple[act.Action, act.Answer | None]:
        """An action given with its dice (``fire ... dice 3,4``, ``rally U dice 2,3``) is its declaration and
        the answer to the roll the declaration opens, in one log entry (scripts and replays)."""
        dice = act.dice_of(action)
        if dice is None:
            return action, None
        return act.with_dice(action, None), act.Answer(dice=tuple(dice))

    def validate(self, position: Position, action: act.Action) -> act.Action:
        """The action completed if it is legal now (no change), else a RulesError citing the rule."""
        declared, answer = self.split(action)
        done = self._check_one(position, declared)
        if answer is not None:
            nxt = self._apply_one(position, done)
            top = nxt.decision
            if top is None or top.kind != "roll":
                raise IllegalAction(T("{kind} opens no roll, so it takes no dice", kind=declared.kind))
            self.check_answer(position.at(nxt), answer)
            done = act.with_dice(done, answer.dice)
        return done

    def play(self, position: Position, action: act.Action) -> tuple[act.Action, State]:
        """Check and apply one action: (the action completed, the state it leads to)."""
        declared, answer = self.split(action)
        done = self._check_one(position, declared)
        state = self._apply_one(position, done)
        if answer is not None:
            top = state.decision
            if top is None or top.kind != "roll":
                raise IllegalAction(T("{kind} opens no roll, so it takes no dice", kind=declared.kind))
            view = position.at(state)
            self.check_answer(view, answer)
            state = self._apply_one(view, answer)
            done = act.with_dice(done, answer.dice)
        return done, state

    def _check_one(self, position: Position, action: act.Action) -> act.Action:
        state = position.state
        if state.over:
            raise IllegalAction(T("the scenario is over"), self.sequence.rule)
        top = state.decision
        if isinstance(action, act.Answer):
            if top is None:
                raise IllegalAction(T("no decision is open to answer"), self.sequence.rule)
            self.check_answer(position, action)
            return action
        phase = position.phase
        if top is not None:
            window = phase.reaction("enter") if top.kind == "react" else None
            if window is None or action.kind not in window.actions:
                raise IllegalAction(T("first answer the open decision: {prompt}",
                                      prompt=top.prompt), top.rule)
            return self.check(position, action)
        if state.moving is not None:
            raise IllegalAction(T("a move is still being carried out"), phase.rule)
        if isinstance(action, act.EndPhase):
            if not phase.allows("end_phase"):
                why = T("both sides pass in turn to end it") if phase.end == "both_pass" else phase.ends
                raise IllegalAction(T("the {phase} does not end that way: {why}",
                                      phase=phase.name, why=why), phase.rule)
            self.check_end(position)
            return action
        if isinstance(action, act.Pass):
            if not phase.allows("pass"):
                raise IllegalAction(T("no passing in the {phase}: press done to end it",
                                      phase=phase.name), phase.rule)
            self.check_pass(position)
            return action
        if not phase.allows(action.kind):
            raise IllegalAction(T("{kind} is not an action of the {phase}",
                                  kind=action.kind, phase=phase.name),
                                phase.rule)
        return self.check(position, action)

    def _apply_one(self, position: Position, action: act.Action) -> State:
        view = position.at(position.state.replace(resolution=None))
        state = view.state
        if isinstance(action, act.Answer):
            state = self._answer(view, action)
            return self.settle(position.at(state))
        if isinstance(action, act.EndPhase):
            return self._end(view)
        if isinstance(action, act.Pass):
            return self._pass(view)
        if state.decision is None and position.phase.acts == "alternating":
            state = state.replace(flow=dataclasses.replace(state.flow, passes=0, busy=True))
            view = position.at(state)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance) and self._interruptible(view):
            state = self.begin_move(view, action)
        else:
            state = self.apply(view, action)
        return self.settle(position.at(state))

    def _interruptible(self, position: Position) -> bool:
        return position.phase.reaction("enter") is not None

    # --- answers ---
    def check_answer(self, position: Position, answer: act.Answer) -> None:
        """Is ``answer`` one of the open decision's options? (the game's ``check_reply`` may add more)."""
        top = position.state.decision
        if top is None:
            raise IllegalAction(T("no decision is open to answer"), self.sequence.rule)
        bad = IllegalAction(T("not an answer to: {prompt}", prompt=top.prompt), top.rule)
        kind = top.kind
        if kind in OFFERS_CHOICES and answer.choice:
            # a units/hexes/path decision may offer words besides its options (retreat instead of a step,
            # decline an advance): the answer is then one of those words
            if answer.choice not in top.choices:
                raise bad
        elif kind == "roll" and answer.choice and answer.choice in top.choices:
            pass  # a word the roll also offers before its dice (ASL: a CC attack made a capture attempt)
        elif kind == "roll":
            if answer.dice is None:
                raise InvalidAction(T("a roll is answered with its dice ('answer dice N,N'): {prompt}",
                                      prompt=top.prompt))
            self.dice_spec(top.dice).from_values(answer.dice)
        elif kind == "units":  # count 0: any number of the options, at least one (a CC attack group)
            if (len(answer.units) != top.count if top.count else not answer.units) or not set(
                    answer.units) <= set(top.units):
                raise bad
            if len(set(answer.units)) != len(answer.units):
                raise InvalidAction(T("a unit is named twice"))
        elif kind == "hexes":
            if len(answer.hexes) != 1 or answer.hexes[0] not in top.hexes:
                raise bad
        elif kind == "path":
            if len(answer.hexes) < 1 or answer.hexes[-1] not in top.hexes:
                raise bad
        elif kind in ("confirm", "react"):
            options = top.choices if kind == "confirm" else ("pass", *top.choices)
            if answer.choice not in options:
                raise bad
        elif kind == "secret":
            answered = dict(top.answers)
            if answer.side not in position.sides or answer.side in answered:
                raise IllegalAction(T(
                    "a secret declaration is answered once by each side ('answer WORD by SIDE'); still to "
                    "answer: {sides}", sides=", ".join(s for s in position.sides if s not in answered)),
                    top.rule)
            if answer.choice not in top.choices:
                raise bad
        self.check_reply(position, top, answer)

    def check_reply(self, position: Position, decision: Decision, answer: act.Answer) -> None:
        """A game's further check of an answer (a path's legality, a choice's conditions)."""

    def _answer(self, position: Position, answer: act.Answer) -> State:
        state = position.state
        top = state.decision
        assert top is not None
        if top.kind == "secret":
            answers = (*top.answers, (answer.side, answer.choice))
            if len(answers) < len(position.sides):
                return state.pop().push(dataclasses.replace(top, answers=tuple(sorted(answers))))
            top = dataclasses.replace(top, answers=tuple(sorted(answers)))
        view = position.at(state.pop())
        if top.then == "move_on":
            return self.move_on(view, top, answer)
        return self.continuation(top.then)(view, top, answer)

    def continuation(self, name: str) -> Continuation:
        method = getattr(self, f"resume_{name}", None)
        if method is None:
            raise DataError(f"{self.name} has no continuation {name!r} (resume_{name})")
        return method  # type: ignore[no-any-return]

    # --- flow (the core's; games never advance steps by hand) ---
    def settle(self, position: Position) -> State:
        """After a change: carry a move on, use up an action segment, end ``auto`` phases."""
        state = position.state
        for _ in range(4 * len(self.sequence.steps) + 4):
            if state.over or state.decisions:
                return state
            view = position.at(state)
            if state.moving is not None:
                state = self.advance_move(view)
                continue
            phase = view.phase
            flow = state.flow
            if flow.busy:  # the active side's action is fully worked out: its segment is used
                if self.segment_open(view):  # an activation with units still to act (PG 3.1)
                    return state
                state = self.close_segment(view)
                left = flow.segments - 1
                if left > 0:
                    state = state.replace(flow=dataclasses.replace(flow, segments=left, busy=False))
                else:
                    other = view.enemy_of(flow.active or view.phasing)
                    flow = dataclasses.replace(flow, active=other, segments=1, busy=False)
                    state = state.replace(flow=flow)
                continue
            if phase.end == "auto" or self.phase_over(view):
                state = self.end_phase(view)
                continue
            return state
        raise RulesError(f"{self.name}: the sequence of play does not come to rest (every phase 'auto'?)")

    def segment_open(self, position: Position) -> bool:
        """Does the active side's segment go on after this action (PG 3.1: a leader's activation, whose
        units act one by one)? Done (``Pass``) closes it."""
        return False

    def close_segment(self, position: Position) -> State:
        """The segment's activation is over (the game marks its leaders, forgets who was activated)."""
        return position.state

    def check_end(self, position: Position) -> None:
        """A game's own bar on ending the phase now (ASL: a Recalled AFV has not yet moved off, D5.341; a
        berserk unit owes its charge, A15.43); raises IllegalAction citing the rule. The done button is not
        offered while it bars the end."""

    def check_pass(self, position: Position) -> None:
        """A game's own bar on passing now (PG 3.0 B: not while a demoralized unit has not tried to recover);
        raises IllegalAction citing the rule."""

    def phase_over(self, position: Position) -> bool:
        """A game's own end of a phase with nothing left to do (e.g. no broken unit left to rout)."""
        return False

    def _end(self, position: Position) -> State:
        phase = position.phase
        if phase.end == "both_done":
            state = position.state
            actor = self.side_to_act(position)
            done = state.flow.done | {actor}
            if set(position.sides) - done:
                other = next(s for s in position.sides if s not in done)
                state = state.replace(flow=dataclasses.replace(state.flow, done=done, active=other))
                return self.settle(position.at(state))
        return self.settle(position.at(self.end_phase(position)))

    def impulse_side(self, position: Position) -> str:
        """In an ``impulse`` phase: the side whose impulse it is (Fire Team: the side of the chit drawn,
        4.1). Games with impulse phases override it; the core never picks the side itself."""
        raise RulesError(f"{self.name} has an impulse phase but no impulse_side hook")

    def end_impulse(self, position: Position) -> State:
        """In an ``impulse`` phase, the active side's pass ends its impulse: the game says what comes next
        (Fire Team: the next chit is drawn, or the Action Phase is over, 4.15)."""
        raise RulesError(f"{self.name} has an impulse phase but no end_impulse hook")

    def _pass(self, position: Position) -> State:
        state = position.state
        if position.phase.acts == "impulse":
            return self.settle(position.at(self.end_impulse(position)))
        if self.segment_open(position):  # done ends the activation, not the turn: no pass counted
            state = self.close_segment(position)
            return self.settle(position.at(state.replace(flow=dataclasses.replace(state.flow, busy=True))))
        flow = state.flow
        if flow.passes + 1 >= 2 or position.phase.end != "both_pass":
            return self.settle(position.at(self.end_phase(position)))
        other = position.enemy_of(self.side_to_act(position))
        return self.settle(
            position.at(state.replace(flow=dataclasses.replace(flow, active=other, passes=1, segments=1)))
        )

    # --- moves carried out hex by hex ---
    def begin_move(self, position: Position, move: act.Move) -> State:
        """Start a move in a phase where the other side may react at each hex entered."""
        cost = move.cost if move.cost is not None else 0
        return position.state.replace(moving=Moving(tuple(move.units), tuple(move.path), cost))

    def advance_move(self, position: Position) -> State:
        """Enter the next hex; open a reaction window there if the other side could react."""
        state = position.state
        moving = state.moving
        assert moving is not None
        if moving.finished or moving.stopped or not self.can_continue(position):
            return self.finish_move(position)
        moving = dataclasses.replace(moving, at=moving.at + 1)
        before = len(state.decisions)
        state = self.enter(position.at(state.replace(moving=moving)))
        view = position.at(state)
        if state.moving is None or state.moving.stopped:
            return state
        window = view.phase.reaction("enter")
        reactor = view.enemy_of(self.mover_side(view))
        if window is not None and self.can_react(view, reactor):
            left = len(moving.path) - 1 - moving.at
            # the units still moving after the entry (some may have stayed behind as it was made)
            units, here = ", ".join(state.moving.units), view.label(moving.here)
            react = Decision(
                "react", reactor,
                T("{units} entered {hex}: fire at it now or pass; {left} more hex(es) to go", units=units,
                  hex=here, left=left) if left else
                T("{units} entered {hex}: fire at it now or pass", units=units, hex=here),
                window.rule, "move_on", subject=moving.units, target=moving.here,
            )
            # what entering opened itself (Fire Team's residual fire, 7.31) is answered before the window
            entered = state.decisions[before:]
            return state.replace(decisions=(*state.decisions[:before], react, *entered))
        return state

    def move_on(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """The reaction window closed: the move goes on if its units still may (``advance_move``)."""
        return position.state

    def mover_side(self, position: Position) -> str:
        moving = position.state.moving
        assert moving is not None
        alive = [position.units[u] for u in moving.units if u in position.units]
        return alive[0].side if alive else position.phasing

    def finish_move(self, position: Position) -> State:
        """The move is over (all hexes entered, or stopped short): the game's ``end_move`` hook runs."""
        state = position.state
        moving = state.moving
        assert moving is not None
        if not moving.finished and not moving.stopped:
            moving = dataclasses.replace(moving, stopped="could not go on")
        state = self.end_move(position.at(state.replace(moving=moving)))
        return state.replace(moving=None)

    def enter(self, position: Position) -> State:
        """The moving units enter ``moving.here`` (games add concealment loss, costs spent...)."""
        state = position.state
        moving = state.moving
        assert moving is not None
        for uid in moving.units:
            if uid in state.units:
                state = state.with_unit(state.units[uid].at(moving.here))
        return state

    def can_react(self, position: Position, side: str) -> bool:
        """Could ``side`` react to the mover entering ``moving.here``? (False: no window opens.)"""
        return False

    def can_continue(self, position: Position) -> bool:
        """May the moving units go on after what happened in the hex they entered?"""
        moving = position.state.moving
        return moving is not None and any(u in position.units for u in moving.units)

    def end_move(self, position: Position) -> State:
        """After the last hex (or a stop): mark the units as moved."""
        state = position.state
        moving = state.moving
        assert moving is not None
        alive = tuple(u for u in moving.units if u in state.units)
        return state.replace(moved=state.moved + alive)

    # --- legal actions ---
    def legal(self, position: Position) -> Iterator[act.Action]:
        """Every legal action now: the answers to the open decision (and a reaction window's actions), else
        the phase's flow actions and the game's own (``generate``)."""
        state = position.state
        if state.over:
            return
        top = state.decision
        if top is not None:
            yield from self.answers(position, top)
            if top.kind == "react":
                yield from self.generate(position)
            return
        if state.moving is not None:
            return
        phase = position.phase
        if phase.allows("end_phase"):
            try:
                self.check_end(position)
                yield act.EndPhase()
            except RulesError:
                pass
        if phase.allows("pass"):
            try:
                self.check_pass(position)
            except RulesError:
                pass
            else:
                yield act.Pass()
        yield from self.generate(position)

    def answers(self, position: Position, top: Decision) -> Iterator[act.Answer]:
        candidates: Iterator[act.Answer]
        if top.kind == "roll":
            spec = self.dice_spec(top.dice)
            faces = [range(1, d.sides + 1) for d in spec.dice]
            candidates = (act.Answer(dice=tuple(v)) for v in itertools.product(*faces))
        elif top.kind == "units":
            # count 0 (any number): too many subsets to list; typed on the page, its words listed below
            subsets = itertools.combinations(top.units, top.count) if top.count else iter(())
            candidates = (act.Answer(units=tuple(c)) for c in subsets)
        elif top.kind in ("hexes", "path"):
            candidates = (act.Answer(hexes=(h,)) for h in top.hexes)
        elif top.kind == "react":
            candidates = (act.Answer(choice=c) for c in ("pass", *top.choices))
        elif top.kind == "secret":
            answered = dict(top.answers)
            candidates = (
                act.Answer(choice=c, side=s) for s in position.sides if s not in answered for c in top.choices
            )
        else:
            candidates = (act.Answer(choice=c) for c in top.choices)
        if top.kind in OFFERS_CHOICES or top.kind == "roll":
            candidates = itertools.chain(candidates, (act.Answer(choice=c) for c in top.choices))
        for answer in candidates:
            try:
                self.check_reply(position, top, answer)
            except RulesError:
                continue
            yield answer

    def done_action(self, position: Position) -> act.Action | None:
        """What the table's "done" button means now: pass a reaction, confirm, pass a segment, end a phase."""
        top = position.state.decision
        if top is not None:
            if top.kind == "react":
                return act.Answer(choice="pass")
            if top.kind in ("confirm", *OFFERS_CHOICES) and len(top.choices) == 1:
                return act.Answer(choice=top.choices[0])  # done: confirm, or take the one alternative offered
            return None
        if position.state.moving is not None:
            return None
        phase = position.phase
        if phase.allows("pass"):
            return act.Pass()
        if phase.allows("end_phase"):
            return act.EndPhase()
        return None

    # --- what changes on the board ---
    def physical_changes(self, before: State, after: State) -> tuple[Physical, ...]:
        """Compare two states: units removed, counters replaced, sides flipped, markers placed or taken."""
        out: list[Physical] = []
        for uid, old in sorted(before.units.items()):
            new = after.units.get(uid)
            if new is None:
                if old.hex is not None:
                    out.append(Physical("remove", uid, T("take {unit} off the map", unit=uid), hex=old.hex))
                continue
            if new.counter != old.counter:
                out.append(
                    Physical("replace", uid, T("replace {unit} by a {counter}", unit=uid,
                                               counter=new.counter.name), hex=new.hex, to=new.counter.name)
                )
            for m in sorted((new.markers ^ old.markers) & self.flip_markers):
                side = m if m in new.markers else T("Good Order")
                out.append(Physical("flip", uid, T("flip {unit} to its {side} side", unit=uid, side=side),
                                    hex=new.hex, to=m))
            for m in sorted((new.markers - old.markers) & self.marker_counters):
                out.append(Physical("place", uid, T("put a {marker} marker on {unit}", marker=m, unit=uid),
                                        hex=new.hex, to=m))
            for m in sorted((old.markers - new.markers) & self.marker_counters):
                out.append(Physical("take", uid, T("take the {marker} marker off {unit}", marker=m, unit=uid),
                                        hex=new.hex, to=m))
        return tuple(out)

    # --- hooks ---
    def check_counter(self, counter: CounterType) -> str | None:
        """A problem with a counter type's printed values for this game (None if fine)."""
        return None

    def initial_game_state(self, scenario: Scenario) -> GameState:
        return GameState()

    def initial_state(self, scenario: Scenario, hex_map: HexMap) -> State:
        placed = scenario.place(hex_map)
        units = {
            u.id: UnitState(
                u.id, u.side, scenario.counters[u.counter], placed[u.id], u.concealed, frozenset(u.markers),
                carrier=u.carrier, level=u.level,
            )
            for u in scenario.units
        }
        state = State(turn=1, step=self.initial_step(scenario), units=units,
                      game=self.initial_game_state(scenario))
        return state

    def on_phase_end(self, position: Position) -> State:
        return position.state

    def on_phase_start(self, position: Position) -> State:
        return position.state

    def check(self, position: Position, action: act.Action) -> act.Action:
        """The game's check of one of its own actions (a declaration: no dice), completed (a move's cost),
        else IllegalAction citing the rule. The core has checked the phase allows the action's kind."""
        raise IllegalAction(T("{kind} is not an action of {game}", kind=action.kind, game=self.title))

    def apply(self, position: Position, action: act.Action) -> State:
        raise IllegalAction(T("cannot apply {kind}", kind=action.kind))

    def listed_move(self, position: Position, move: act.Move) -> bool:
        """Is this legal move one no lift and placement makes, so that the pages list it with the other
        actions (ASL: a vehicle's MP spent in place, D2.17; infantry parting from an AFV, D9.31)? Default: no
        move is (moves are lifts and placements)."""
        return False

    def secret_of(self, position: Position, action: act.Action) -> str:
        """The side whose private answer this legal action would betray if others saw it listed (Fire Team:
        an indirect fire is legal only at a hex plotted in secret, 9.1); "" if none. Hosts list it to that
        side's page only."""
        return ""

    def seats(self, scenario: Scenario) -> Mapping[str, tuple[str, ...]]:
        """Several players to a side (PG 17.0 multiplayer): side -> its named players, each of whom pairs a
        page of his own; a side not listed is played by one page. Default: none."""
        return {}

    def check_player(self, position: Position, action: act.Action | None, player: str) -> None:
        """Raise IllegalAction (citing the rule) when ``player`` of the side to act may not take ``action``
        (None: the done button) in a game of several players to a side (``seats``). Default: anyone may."""

    def answerer(self, position: Position) -> str | None:
        """The player who answers the open decision when a side has several (``seats``); None: any."""
        return None

    def sealed_words(self, position: Position) -> frozenset[str]:
        """Words besides ``sealed_units`` that no record entry may hold unsealed now (a secret the rules keep
        in the state, such as ASL's Armor Leader assignment, D3.41: a checkpoint holding it is sealed until
        the game ends). Default: none."""
        return frozenset()

    def sealed_units(self, position: Position) -> Mapping[str, str]:
        """The units only their owner may know now, as unit id -> owner: what the record seals (a salted
        commitment in the record, the text in its owner-only sidecar) in the set-up and in every entry that
        names them, until the game ends (rules/SEQUENCE.md, "Hidden set-up"). Default: none. With
        ``sealed_hexes`` their hexes are secret too (the public set-up leaves them out), else each shows as
        a '?' on its hex."""
        return {}

    def generate(self, position: Position) -> Iterator[act.Action]:
        """The game's own legal actions now (the core adds answers, end and pass)."""
        return iter(())

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        return {}

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        raise IllegalAction(T("{game} has no fire resolution here", game=self.title), "")

    def location_los(self, position: Position, a: Hex, b: Hex) -> LosResult | None:
        """A game's own LOS check between the Locations the units at a and b stand in (ASL: building levels
        and SMOKE, A6); None: the generic check of the map's terrain (hexmate.rules.los)."""
        return None

    def los_check_refused(self, position: Position) -> T | None:
        """Why the pages may not check a line of sight now (ASL A6.11: only for a declared attack), or None:
        the game lets players check LOS at any time."""
        return None

    def unit_colour(self, unit: UnitState) -> str:
        """A CSS colour name for the pages' counter chips (a game's national colours), or ""."""
        return ""

    def status(self, position: Position) -> list[str]:
        """Lines for the pages' Now panel besides turn and phase (a game's score, victory checks)."""
        return []

    def marker_text(self, position: Position, marker: str) -> str | None:
        """A unit state or marker as players read it, with its rule (None: the host's own word for it)."""
        return None
    def marks(self, position: Position) -> dict[Hex, str]:
        """Hexes the LEDs keep lit while they last (ASL's Residual FP and Fire Lanes): hex -> what it is."""
        return {}

    def show(self, position: Position, words: list[str]) -> tuple[dict[Hex, str], str]:
        """A picture drawn on request (``show WHAT ...``): hex -> what it shows, and a line for people."""
        raise IllegalAction(T("{game} has nothing to show as {what}",
                              game=self.title, what=repr(" ".join(words))))

    def outcome(self, position: Position) -> Outcome | None:
        if position.state.over:
            return Outcome(
                None,
                T("turn limit ({turns}) reached: score the scenario's victory conditions",
                  turns=position.scenario.turns),
            )
        return None
