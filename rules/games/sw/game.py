"""Schlieffen's War game module (digest section 10, minimum viable subset): movement with terrain, river and
EZOC limits [10.x, 7.1]; stacking 3 corps + 1 HQ [6.2]; morale after moving [10.2]; attacks on the decision
stack (``combat.py``: participants, concentric and CRT rolls, step losses chosen by their owner, retreats and
advances placed on lit hexes [11.x]); attrition rolls for units out of supply [8.8].
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import SW_D6, DiceSpec
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Game, GameState, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups
from hexmate.rules.games.sw import combat as sw_combat
from hexmate.rules.games.sw.combat import MORALE_DOWN, MORALE_UP, Combat, column_index, morale, with_morale
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType, Scenario

EDGES = ("east", "west", "north", "south")

__all__ = ["SwGame", "SwState", "column_index"]


@dataclass(frozen=True)
class SwState(GameState):
    """What Schlieffen's War tracks besides units and decisions: who has attacked and been attacked this
    Combat Phase (11.5), and the attack being worked out (11.6: one at a time)."""

    attacked: tuple[str, ...] = ()  # units that attacked or probed (11.1: a prober attacks no more)
    defended: tuple[str, ...] = ()
    combat: Combat | None = None
    declared: bool = False  # an attack has been declared: no more probing (11.1)


class SwGame(Game):
    name: ClassVar[str] = "sw"
    title: ClassVar[str] = "Schlieffen's War"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"crt": ("odds", "roll")}
    dice: ClassVar[Mapping[str, DiceSpec]] = {"d6": SW_D6}  # one die for every roll (8.8, 11.15, 11.17)
    flip_markers: ClassVar[frozenset[str]] = frozenset({"reduced"})  # 2.3: the back is the reduced side
    marker_counters: ClassVar[frozenset[str]] = frozenset({"elan", "fatigue", "oos"})  # 2.10

    def initial_game_state(self, scenario: Scenario) -> SwState:
        return SwState()

    @staticmethod
    def gstate(state: State) -> SwState:
        assert isinstance(state.game, SwState)
        return state.game

    def combat(self, state: State) -> Combat:
        combat = self.gstate(state).combat
        assert combat is not None, "no attack is being worked out"
        return combat

    def with_combat(self, state: State, combat: Combat) -> State:
        return state.replace(game=dataclasses.replace(self.gstate(state), combat=combat))

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type not in ("corps", "hq", "fort", "depot"):
            return f"type {counter.type!r} is not corps, hq, fort or depot [2.5]"
        if not isinstance(counter.values.get("cf"), int) or not isinstance(counter.values.get("ma"), int):
            return "needs whole-number 'cf' and 'ma' [2.3]"
        return None

    # --- zones of control and costs ---
    def ezoc(self, position: Position, side: str) -> frozenset[Hex]:
        """Hexes in an enemy zone of control: around enemy corps not in a heavy fortress or fort hex [7.0]."""
        out: set[Hex] = set()
        for unit in position.units.values():
            if unit.side == side or unit.type != "corps" or unit.hex is None:
                continue
            here = position.units_at(unit.hex)
            if "heavy-fortress" in position.map.features(unit.hex) or any(u.type == "fort" for u in here):
                continue
            out.update(position.map.neighbors(unit.hex))
        return frozenset(out)

    def ma(self, unit: UnitState) -> int:
        ma = int(unit.values["ma"])
        if unit.has("oos"):
            ma = math.ceil(ma / 2)  # [8.7]
        if unit.has("fatigue"):
            ma = math.ceil(ma / 2)  # [9.6a], rounding as for OOS (digest A-13)
        return ma

    def cost_fn(self, position: Position, units: list[UnitState], start: Hex | None = None) -> CostFn:
        """MP to step a->b for these units (the host's tracker also asks this to route a shown trail)."""
        if start is None:
            start = units[0].hex
        table = self.terrain_table()
        base = table.cost_fn("corps")
        side = units[0].side
        zoc = self.ezoc(position, side)
        corps = any(u.type == "corps" for u in units)

        def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            if any(u.side != side for u in position.units_at(b)):
                return None  # [10.3] never into an enemy-occupied hex
            if corps and a != start and a in zoc:
                return None  # [7.1] a corps stops on entering an EZOC hex
            if corps and a == start and a in zoc and b in zoc:
                return None  # [7.1] never straight from one EZOC hex to another
            step: int | Fraction | None = base(m, a, b)
            return step

        return cost

    def terrain_table(self) -> Any:
        from hexmate.rules.games.terrain_view import table_for

        return table_for(self.name, self.data_dir)

    def can_move(self, position: Position, unit: UnitState) -> str | None:
        if unit.side != position.phasing:
            return "only the phasing player moves [10.0]"
        if unit.type == "fort" or int(unit.values["ma"]) == 0:
            return f"{unit.id} never moves [2.5]"
        if unit.id in position.state.moved:
            return f"{unit.id} has already moved this phase [10.0]"
        return None

    def overstacked(self, units: list[UnitState]) -> bool:
        corps = sum(1 for u in units if u.type in ("corps", "fort"))
        hqs = sum(1 for u in units if u.type == "hq")
        return corps > 3 or hqs > 1  # [6.2]

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "10.0")
        if position.phase.id == "combat":
            return sw_combat.probes(self, position, units, start)
        if position.phase.id != "move" or any(self.can_move(position, u) for u in units):
            return {}
        budget = min(self.ma(u) for u in units)
        out: dict[Hex, act.Move] = {}
        ids = tuple(u.id for u in units)
        for h, reach in reachable(position.map, start, budget, self.cost_fn(position, units, start)).items():
            if h == start:
                continue
            friends = [u for u in position.units_at(h) if u.id not in ids]
            if self.overstacked(friends + units):
                continue  # [6.1]: this subset keeps every hex within the limit at all times
            out[h] = act.Move(ids, reach.path, reach.cost)
        return out

    # --- supply sources (for retreats, 11.21) ---
    def supply_sources(self, position: Position, side: str) -> frozenset[Hex]:
        """The side's supply-source hexes: its map edges (8.3-8.6: the Germans the east edge, the Entente
        the south and west edges). The map does not mark them yet: a scenario names each side's edges in
        ``options.supply_edges``; by default the first side draws on the east edge, the second on the west."""
        edges = position.scenario.options.get("supply_edges", {}).get(side)
        if edges is None:
            edges = ["east"] if side == position.scenario.first_side else ["west"]
        centres = {h: position.map.center(h) for h in position.map.hexes}
        xs = [c[0] for c in centres.values()]
        ys = [c[1] for c in centres.values()]
        out: set[Hex] = set()
        for edge in edges:
            if edge not in EDGES:
                raise IllegalAction(f"supply edge {edge!r} is not one of {EDGES}", "8.0")
            axis, far = {"east": (0, max(xs)), "west": (0, min(xs)), "south": (1, max(ys)),
                         "north": (1, min(ys))}[edge]
            out.update(h for h, c in centres.items() if abs(c[axis] - far) < 0.5)
        return frozenset(out)

    # --- hooks ---
    def check(self, position: Position, action: act.Action) -> act.Action:
        if isinstance(action, act.Attack):
            return sw_combat.check_attack(self, position, action)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            if position.phase.id == "combat":
                return sw_combat.check_probe(self, position, action)
            return self.check_move(position, action)
        phase = position.phase
        raise IllegalAction(f"{action.kind} is not an action of the {phase.name}", phase.rule)

    def check_move(self, position: Position, action: act.Move) -> act.Move:
        units, start = group_of(position, frozenset(action.units), "10.0")
        for unit in units:
            why = self.can_move(position, unit)
            if why:
                raise IllegalAction(why)
        options = self.moves_for(position, frozenset(action.units))
        dest = action.path[-1]
        if dest not in options:
            raise IllegalAction(
                f"{position.label(dest)} is not reachable: MA, terrain, river, enemy units, "
                "zones of control or stacking",
                "10.0",
            )
        best = options[dest]
        if len(action.path) > 2 or action.path != best.path:
            total: int | Fraction = 0
            cost = self.cost_fn(position, units, start)
            for a, b in zip(action.path, action.path[1:], strict=False):
                step = cost(position.map, a, b) if distance(a, b) == 1 else None
                if step is None:
                    where = f"{position.label(a)}-{position.label(b)}"
                    raise IllegalAction(f"step {where} is not allowed", "10.1")
                total += step
            if action.path[0] != start or total > min(self.ma(u) for u in units):
                raise IllegalAction("that path is not legal within the MA", "10.7")
            return act.Move(action.units, action.path, total)
        return best

    def apply(self, position: Position, action: act.Action) -> State:
        if isinstance(action, act.Attack):
            return sw_combat.declare(self, position, action)
        assert isinstance(action, act.Move)
        if position.phase.id == "combat":
            return sw_combat.probe(self, position, action)
        state = position.state
        for uid in action.units:
            unit = state.units[uid]
            moved = unit.at(action.path[-1])
            # 10.2: spending half the MA or more (rounded up) costs a level; German units are exempt on turn 1
            t1_german = position.turn == 1 and unit.values.get("nation") == "GER"
            half = math.ceil(int(unit.values["ma"]) / 2)
            if action.cost is not None and action.cost >= half and not t1_german:
                moved = with_morale(moved, MORALE_DOWN[morale(moved)])
            state = state.with_unit(moved)
        return state.replace(moved=state.moved + tuple(action.units))

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        assert isinstance(fire, act.Attack)
        return sw_combat.preview(self, position, fire)

    # --- continuations (combat.py) ---
    def resume_participants(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_participants(self, position, decision, answer)

    def resume_concentric(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_concentric(self, position, decision, answer)

    def resume_crt(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_crt(self, position, decision, answer)

    def resume_loss(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_loss(self, position, decision, answer)

    def resume_retreat(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_retreat(self, position, decision, answer)

    def resume_extra(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_extra(self, position, decision, answer)

    def resume_advance(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return sw_combat.resume_advance(self, position, decision, answer)

    def resume_attrition(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """8.8: on a 1 or 2 an out-of-supply corps loses a step and an HQ is eliminated."""
        state = position.state
        unit = state.units.get(decision.subject[0])
        if unit is None or SW_D6.from_values(answer.dice or ()).total > 2:
            return state
        return sw_combat.lose_step(state, unit)

    # --- legal actions ---
    def generate(self, position: Position) -> Iterator[act.Action]:
        phase = position.phase.id
        side = position.phasing
        if phase == "move":
            for group in stack_groups(position, lambda u: self.can_move(position, u) is None):
                yield from self.moves_for(position, group).values()
        elif phase == "combat":
            for group in stack_groups(position, lambda u: u.side == side):
                yield from self.moves_for(position, group).values()
            attacked = self.gstate(position.state).attacked
            targets = {u.hex for u in position.units.values() if u.side != side and u.hex is not None}
            for target in sorted(targets, key=lambda h: (h.q, h.r)):
                ready = [
                    u for u in position.units.values()
                    if u.side == side and u.hex is not None and distance(u.hex, target) == 1
                    and u.type in ("corps", "hq") and u.id not in attacked
                ]
                groups = {tuple(sorted(u.id for u in ready))}
                groups |= {tuple(sorted(u.id for u in ready if u.hex == h)) for h in {u.hex for u in ready}}
                for ids in sorted(g for g in groups if g):
                    attack = act.Attack(ids, target)
                    if attack in position.legal_actions:
                        yield attack

    # --- the flow's hooks ---
    def phase_over(self, position: Position) -> bool:
        """5.1: no Reorganization/Reinforcement Phase on turn 1, for either side."""
        return position.phase.id == "reorg" and position.turn == 1

    def on_phase_start(self, position: Position) -> State:
        """5.5, 8.8: in the Administrative Phase each out-of-supply corps and HQ of the phasing side rolls for
        attrition (supply is not traced yet: the OOS markers are the players')."""
        state = position.state
        if position.phase.id != "admin":
            return state
        rolls = [
            Decision("roll", u.side, f"{u.id} is out of supply: roll for attrition (1-2: a step lost)", "8.8",
                     "attrition", dice="d6", subject=(u.id,), target=u.hex)
            for u in sorted(position.units.values(), key=lambda u: u.id)
            if u.side == position.phasing and u.has("oos") and u.type in ("corps", "hq")
        ]
        return state.push(*rolls)

    def on_phase_end(self, position: Position) -> State:
        state = position.state
        phase = position.phase.id
        if phase == "move":
            # 10.2: a unit that did not move rises one level (5.3's "marked elan" is the short form)
            for unit in list(state.units.values()):
                if unit.side == position.phasing and unit.type == "corps" and unit.id not in state.moved:
                    state = state.with_unit(with_morale(unit, MORALE_UP[morale(unit)]))
        if phase == "combat":
            state = state.replace(game=SwState())  # 11.5: once per Combat Phase
        return state

    def outcome(self, position: Position) -> Outcome | None:
        return super().outcome(position)
