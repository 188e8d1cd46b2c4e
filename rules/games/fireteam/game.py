"""Fire Team game module (digest section 9, MVP-1 infantry) on the core's decisions and flow.

The turn is Preparation, Action and End [3.0] (``sequence.json``). In the Action Phase the sides take
impulses in turn [4.1]; the command-point chit cup that orders them and ends the phase [4.13]-[4.15] is not
modelled: impulses alternate, each unit activates at most once per Action Phase (the stand-in for the CP
budget, [4.22]) and the phase ends when both sides pass in turn. A move is carried out hex by hex so the other
side may use opportunity fire at each hex entered [7.0]; a mover hit by it ends its move there [7.33].
AP fire on the IFT [6.3] rolls as decisions (``fire.py``); leaders rally feared infantry [8.1] and the End
Phase recovers Fear automatically [8.2] (``recovery.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import FT_D10, DiceSpec
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Game, GameState, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups, units_by_hex
from hexmate.rules.games.fireteam import fire as ft_fire
from hexmate.rules.games.fireteam import recovery
from hexmate.rules.games.fireteam.fire import ACTIVATED, LEADER, OPP_FIRE
from hexmate.rules.games.terrain_view import CostFn, GeoTable
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType, Scenario

LEADER_BONUS = 2  # [5.11] infantry moving with a leader from start to end of the move: +2 MA


@dataclass(frozen=True)
class FireTeamState(GameState):
    """What Fire Team tracks besides units and decisions: the units that took AP fire this turn (no automatic
    recovery for them, 8.2) and the movers hit by opportunity fire, who end their move where they are
    (7.33)."""

    fired_at: frozenset[str] = frozenset()
    halted: tuple[str, ...] = ()

    def replace(self, **changes: Any) -> FireTeamState:
        return dataclasses.replace(self, **changes)


class FireTeamGame(Game):
    name: ClassVar[str] = "fireteam"
    title: ClassVar[str] = "Fire Team"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"ift": ("fp", "final_dr")}
    dice: ClassVar[Mapping[str, DiceSpec]] = {"d10": FT_D10}  # [2.5] every roll is one d10
    flip_markers: ClassVar[frozenset[str]] = frozenset({"reduced"})  # [6.37] the reduced side of the counter
    marker_counters: ClassVar[frozenset[str]] = frozenset({"fear1", "fear2", "fear3", "fear4", OPP_FIRE})

    def initial_game_state(self, scenario: Scenario) -> FireTeamState:
        return FireTeamState()

    @staticmethod
    def gstate(state: State) -> FireTeamState:
        assert isinstance(state.game, FireTeamState)
        return state.game

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type not in ("squad", "team", "leader"):
            return f"type {counter.type!r}: this subset plays squads, teams and leaders [2.3]"
        if not isinstance(counter.values.get("ma"), int):
            return "needs a whole-number 'ma' [2.32]"
        if counter.type == "leader" and not (
            isinstance(counter.values.get("recovery"), int)
            and isinstance(counter.values.get("modifier"), int)
        ):
            return "a leader needs whole-number 'recovery' and 'modifier' [2.34]"
        if counter.type != "leader" and not (
            isinstance(counter.values.get("fp"), int) and isinstance(counter.values.get("range"), int)
        ):
            return "needs whole-number 'fp' and 'range' [2.32]"
        return None

    def terrain_table(self) -> GeoTable:
        from hexmate.rules.games.terrain_view import table_for

        return table_for(self.name, self.data_dir)

    def can_act(self, position: Position, unit: UnitState) -> str | None:
        """Why this unit may not be activated now (None if it may)."""
        if position.phase.id != "action":
            return "units act in the Action Phase [3.0]"
        if unit.side != position.to_act:
            return f"{unit.id} is not the active side's [3.0]"
        if unit.has(ACTIVATED):
            return f"{unit.id} has already been activated this Action Phase [4.22]"
        return None

    # --- movement ---
    def cost_fn(self, position: Position, units: list[UnitState]) -> CostFn:
        base = self.terrain_table().cost_fn("infantry")
        side = units[0].side
        moving = {u.id for u in units}
        squads = sum(1 for u in units if u.type == "squad")
        infantry = sum(1 for u in units if u.type != LEADER)
        by_hex = units_by_hex(position)

        def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            here = by_hex.get(b, [])
            enemies = [u for u in here if u.side != side]
            if any(u.type != LEADER for u in enemies) or (enemies and not infantry):
                return None  # [5.5] no entry to enemy non-leader hexes; leaders alone never enter enemy hexes
            friends = [u for u in here if u.side == side and u.id not in moving]
            if (
                sum(1 for u in friends if u.type != LEADER) + infantry > 6
                or sum(1 for u in friends if u.type == "squad") + squads > 3
            ):
                return None  # [5.5] 6 non-leader infantry, at most 3 squads, even passing through
            step: int | Fraction | None = base(m, a, b)
            return step

        return cost

    def budget(self, units: list[UnitState]) -> int:
        """[5.11] Infantry moving with a leader the whole way get +2 MA; the leader goes along free with
        the unit he moves with [4.42], so his own MA does not hold the stack back. A stack moves at its
        slowest member."""
        infantry = [u for u in units if u.type != LEADER]
        if not infantry:
            return min(int(u.values["ma"]) for u in units)
        bonus = LEADER_BONUS if len(infantry) < len(units) else 0
        return min(int(u.values["ma"]) + bonus for u in infantry)

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "5.12")
        if position.state.over or any(self.can_act(position, u) for u in units):
            return {}
        ids = tuple(u.id for u in units)
        reach = reachable(position.map, start, self.budget(units), self.cost_fn(position, units))
        return {h: act.Move(ids, r.path, r.cost) for h, r in reach.items() if h != start}

    def check_move(self, position: Position, move: act.Move) -> act.Move:
        units, start = group_of(position, frozenset(move.units), "5.12")
        for unit in units:
            why = self.can_act(position, unit)
            if why:
                raise IllegalAction(why)
        if move.path[0] != start or len(move.path) < 2:
            raise IllegalAction("a move starts at the units' hex", "5.1")
        cost = self.cost_fn(position, units)
        total: int | Fraction = 0
        for a, b in zip(move.path, move.path[1:], strict=False):
            step = cost(position.map, a, b) if distance(a, b) == 1 and b in position.map.hexes else None
            if step is None:
                raise IllegalAction(f"step {position.label(a)}-{position.label(b)} is not allowed", "5.1")
            total += step
        if total > self.budget(units):
            raise IllegalAction(f"the path costs {total} MP, the units have {self.budget(units)}", "5.1")
        return act.Move(tuple(u.id for u in units), move.path, total)

    def start_impulse(self, state: State) -> State:
        """A new impulse of the active side: last impulse's Opportunity Fire markers come off [7.23]."""
        units = {uid: u.mark(remove=(OPP_FIRE,)) if u.has(OPP_FIRE) else u for uid, u in state.units.items()}
        return state.replace(units=units, game=self.gstate(state).replace(halted=()))

    def begin_move(self, position: Position, move: act.Move) -> State:
        return super().begin_move(position.at(self.start_impulse(position.state)), move)

    # --- moves hex by hex: opportunity fire at each hex entered [7.0] ---
    def enter(self, position: Position) -> State:
        """[5.5] Infantry entering a hex that holds only enemy leaders eliminates them at once."""
        state = super().enter(position)
        moving = state.moving
        assert moving is not None
        movers = [state.units[u] for u in moving.units if u in state.units]
        if movers and any(u.type != LEADER for u in movers):
            for enemy in list(state.units.values()):
                if enemy.hex == moving.here and enemy.side != movers[0].side and enemy.type == LEADER:
                    state = state.without_unit(enemy.id)
        return state

    def can_react(self, position: Position, side: str) -> bool:
        moving = position.state.moving
        assert moving is not None
        probe = position.at(position.state.push(Decision("react", side, "", "7.1", "move_on")))
        return ft_fire.can_fire_at(self, probe, side, moving.here)

    def can_continue(self, position: Position) -> bool:
        """[7.33] A mover that took any result from opportunity fire ends its move in that hex."""
        moving = position.state.moving
        assert moving is not None
        alive = [u for u in moving.units if u in position.units]
        return bool(alive) and not set(alive) & set(self.gstate(position.state).halted)

    def end_move(self, position: Position) -> State:
        """The movers have used their activation [4.22]; stopped short [7.33], their counters go back from
        the destination to the hex where they stopped (a placement the mover's owner makes)."""
        state = position.state
        moving = state.moving
        assert moving is not None
        alive = tuple(u for u in moving.units if u in state.units)
        for uid in alive:
            state = state.with_unit(state.units[uid].mark(ACTIVATED))
        state = super().end_move(position.at(state))
        state = state.replace(game=self.gstate(state).replace(halted=()))
        if alive and moving.stopped and not moving.finished:
            side = state.units[alive[0]].side
            state = state.push(
                Decision(
                    "hexes", side,
                    f"{', '.join(alive)} stopped by opportunity fire at {position.label(moving.here)}: "
                    f"put the counters there", "7.33", "stopped", hexes=(moving.here,), subject=alive,
                    target=moving.here,
                )
            )
        return state

    def resume_stopped(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return position.state  # the rules already hold the units where they stopped; the board now agrees

    # --- fire and recovery ---
    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        return ft_fire.resolve(self, position, fire)

    def resume_ift(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ft_fire.resume_ift(self, position, decision, answer)

    def resume_casualty(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ft_fire.resume_casualty(self, position, decision, answer)

    def resume_panic(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ft_fire.resume_panic(self, position, decision, answer)

    def resume_rally(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return recovery.resume(self, position, decision, answer)

    # --- hooks ---
    def check(self, position: Position, action: act.Action) -> act.Action:
        if isinstance(action, act.Rally):
            return recovery.check(self, position, action)
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            return ft_fire.check(self, position, action)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            return self.check_move(position, action)
        phase = position.phase
        raise IllegalAction(f"{action.kind} is not an action of the {phase.name}", phase.rule)

    def apply(self, position: Position, action: act.Action) -> State:
        if position.state.decision is None:  # the active side's own action opens a new impulse
            position = position.at(self.start_impulse(position.state))
        if isinstance(action, act.Rally):
            return recovery.declare(self, position, action)
        if isinstance(action, act.Fire):
            return ft_fire.declare(self, position, action)
        if isinstance(action, act.Move):  # a move outside a reaction window's phase (not in this sequence)
            state = position.state
            for uid in action.units:
                state = state.with_unit(state.units[uid].at(action.path[-1]).mark(ACTIVATED))
            return state
        raise IllegalAction(f"cannot apply {action.kind}")

    def generate(self, position: Position) -> Iterator[act.Action]:
        if position.state.over or position.phase.id != "action":
            return
        if ft_fire.reacting(position):
            yield from ft_fire.generate(self, position)
            return
        for group in stack_groups(position, lambda u: self.can_act(position, u) is None):
            yield from self.moves_for(position, group).values()
        yield from ft_fire.generate(self, position)
        for unit in sorted(position.units.values(), key=lambda u: u.id):
            if unit.type == LEADER and act.Rally(unit.id) in position.legal_actions:
                yield act.Rally(unit.id)

    def on_phase_start(self, position: Position) -> State:
        """[3.0] End Phase housekeeping: automatic recovery [8.2]; the turn's activations and markers go."""
        state = position.state
        if position.phase.id != "end":
            return state
        state = recovery.automatic(position, self.gstate(state).fired_at)
        units = {
            uid: u.mark(remove=(ACTIVATED, OPP_FIRE, recovery.RALLIED)) for uid, u in state.units.items()
        }
        return state.replace(units=units, game=FireTeamState())

    def phase_over(self, position: Position) -> bool:
        """The Action Phase also ends once every unit of both sides has been activated (nothing is left to
        do but rally: hexmate's stand-in, with 4.15's command points not modelled)."""
        return position.phase.id == "action" and all(u.has(ACTIVATED) for u in position.units.values())

    def outcome(self, position: Position) -> Outcome | None:
        sides = {u.side for u in position.units.values() if u.type != LEADER}
        if len(sides) == 1:
            (winner,) = sides
            return Outcome(winner, "the enemy has no infantry left")
        return super().outcome(position)
