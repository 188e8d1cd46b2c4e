"""ASL game module: hooks of hexmate.rules.games.base.Game for the minimum viable subset (see __init__)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import ClassVar

from hexmate.rules import actions as act
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl import rally as asl_rally
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Game, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups, units_by_hex
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType

MMC = ("squad", "hs", "crew")
SMC = ("leader",)
FIRE_MARKERS = {"PFPh": "prep_fire", "MPh": "first_fire", "DFPh": "final_fire", "AFPh": "advancing_fire"}


def squad_equivalents(units: list[UnitState]) -> Fraction:
    """A5.5: a squad is 1, a HS or crew 1/2; up to 4 SMC count 0, a 5th SMC makes 1/2 (per 5)."""
    se = Fraction(0)
    smc = 0
    for unit in units:
        if unit.type == "squad":
            se += 1
        elif unit.type in ("hs", "crew"):
            se += Fraction(1, 2)
        elif unit.type in SMC:
            smc += 1
    return se + Fraction(smc // 5, 2)


def overstack_mf(units: list[UnitState]) -> int:
    """A5.11: +1 MF per squad-equivalent over 3 squads (FRU); 4 SMC are allowed on top (A5.1)."""
    smc = sum(1 for u in units if u.type in SMC)
    over = max(Fraction(0), squad_equivalents(units) - 3) + (Fraction(1, 2) if smc > 4 and smc % 5 else 0)
    return math.ceil(over)


class AslGame(Game):
    name: ClassVar[str] = "asl"
    title: ClassVar[str] = "Advanced Squad Leader"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"ift": ("fp", "final_dr")}

    # --- counters ---
    def check_counter(self, counter: CounterType) -> str | None:
        need = {
            "squad": ("fp", "range", "morale", "broken_morale"),
            "hs": ("fp", "range", "morale", "broken_morale"),
            "crew": ("fp", "range", "morale", "broken_morale"),
            "leader": ("morale", "broken_morale", "leadership"),
        }
        if counter.type not in need:
            return f"type {counter.type!r} is not one of {sorted(need)} (A1.1)"
        missing = [k for k in need[counter.type] if not isinstance(counter.values.get(k), int)]
        return f"{counter.type} needs whole-number {', '.join(missing)} (A1.2)" if missing else None

    # --- who may do what ---
    def mf(self, unit: UnitState) -> int:
        """A4.11: a Good Order MMC has 4 MF, Inexperienced 3; an SMC 6."""
        if unit.type in SMC:
            return 6
        return 3 if unit.values.get("inexperienced") else 4

    def can_move(self, position: Position, unit: UnitState) -> str | None:
        """Why this unit may not move in the MPh (A4.1), or None."""
        if unit.side != position.phasing:
            return "only the ATTACKER moves in the MPh (A4.1)"
        if unit.has("broken"):
            return f"{unit.id} is broken and may not move (A4.1)"
        if unit.has("pinned"):
            return f"{unit.id} is pinned and may not move (A7.8)"
        if unit.has("prep_fire"):
            return f"{unit.id} prep fired and may not move (A4.1)"
        if unit.id in position.state.moved:
            return (
                f"{unit.id} has already moved this phase; a unit may not move again once another has (A4.2)"
            )
        return None

    def group_budget(self, units: list[UnitState]) -> int:
        """A4.12: MMC moving with a leader of their stack get +2 MF; the group moves at its slowest member."""
        leader = any(u.type in SMC for u in units)
        return min(self.mf(u) + (2 if leader and u.type in MMC else 0) for u in units)

    def cost_fn(self, position: Position, units: list[UnitState]) -> asl_terrain.CostFn:
        """MF to step from a to b for this group, or None if it may not enter b (A4.13, A4.14, A5.11)."""
        moving = {u.id for u in units}
        side = units[0].side
        base = asl_terrain.infantry_cost_fn(position)

        by_hex = units_by_hex(position)

        def cost(hex_map: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            here = by_hex.get(b, [])
            # A4.14: no entry into a Location holding a known (non-concealed) enemy unit in the MPh. A
            # concealed enemy does not bar the legal-move display: the mover finds out by trying (A12.15).
            if any(u.side != side and not u.concealed for u in here):
                return None
            step = base(hex_map, a, b)
            if step is None:
                return None
            friends = [u for u in here if u.side == side and u.id not in moving]
            return step + overstack_mf(friends + units) - overstack_mf(friends)

        return cost

    # --- movement ---
    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "A4.2", place="Location")
        if position.phase.id != "MPh" or position.state.pending:
            return {}
        if any(self.can_move(position, u) for u in units):
            return {}
        budget = self.group_budget(units)
        cost = self.cost_fn(position, units)
        ids = tuple(u.id for u in units)
        out: dict[Hex, act.Move] = {}
        for h, reach in reachable(position.map, start, budget, cost).items():
            if h != start:
                out[h] = act.Move(ids, tuple(reach.path), reach.cost)
        # A4.134 Minimum Move: with at least 1 MF, one hex may always be entered, whatever it costs.
        for n in position.map.neighbors(start):
            if n not in out:
                step = cost(position.map, start, n)
                if step is not None:
                    out[n] = act.Move(ids, (start, n), step)
        return out

    def check_move(self, position: Position, move: act.Move) -> act.Move:
        if position.phase.id != "MPh":
            raise IllegalAction(
                f"units move only in the Movement Phase, not the {position.phase.name}", "A3.3"
            )
        units, start = group_of(position, frozenset(move.units), "A4.2", place="Location")
        if len(set(move.units)) != len(move.units):
            raise InvalidAction("a unit is named twice")
        for unit in units:
            why = self.can_move(position, unit)
            if why:
                raise IllegalAction(why)
        if len(move.path) < 2 or move.path[0] != start:
            raise IllegalAction(f"the path must start at the stack's hex {position.label(start)}", "A4.2")
        cost_fn = self.cost_fn(position, units)
        budget = self.group_budget(units)
        total: int | Fraction = 0
        for a, b in zip(move.path, move.path[1:], strict=False):
            if b not in position.map.hexes:
                raise IllegalAction(f"{b} is not on the map", "A2.6")
            if distance(a, b) != 1:
                raise IllegalAction(f"{position.label(a)} and {position.label(b)} are not adjacent", "A4.2")
            step = cost_fn(position.map, a, b)
            if step is None:
                raise IllegalAction(
                    f"may not enter {position.label(b)}: known enemy unit or prohibited terrain", "A4.14"
                )
            total += step
        if total > budget and len(move.path) > 2:
            raise IllegalAction(f"the path costs {total} MF, the stack has {budget} MF", "A4.11")
        return act.Move(move.units, move.path, total)

    # --- fire ---
    def check_fire(self, position: Position, fire: act.Fire, need_dice: bool) -> act.Fire:
        return asl_fire.check(self, position, fire, need_dice)

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        return asl_fire.resolve(self, position, fire)

    # --- the hooks ---
    def check(self, position: Position, action: act.Action, need_dice: bool = True) -> act.Action:
        if position.state.over:
            raise IllegalAction("the scenario is over", "A3.9")
        pending = position.state.pending
        if pending:
            return asl_fire.check_pending(self, position, action, need_dice)
        phase = position.phase
        if isinstance(action, act.EndPhase):
            return action
        if isinstance(action, act.Rally):
            return asl_rally.check(self, position, action, need_dice)
        if isinstance(action, act.Advance):
            return self.check_advance(position, action)
        if isinstance(action, act.Move):
            return self.check_move(position, action)
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            if not phase.allows("fire"):
                raise IllegalAction(f"no fire in the {phase.name}", phase.rule)
            return self.check_fire(position, action, need_dice)
        raise IllegalAction(f"{action.kind} is not an action of the {phase.name}", phase.rule)

    def check_advance(self, position: Position, adv: act.Advance) -> act.Advance:
        if position.phase.id != "APh":
            raise IllegalAction("units advance only in the Advance Phase", "A3.7")
        units, start = group_of(position, frozenset(adv.units), "A4.2", place="Location")
        for unit in units:
            if unit.side != position.phasing:
                raise IllegalAction("only the ATTACKER advances", "A4.7")
            if unit.has("broken") or unit.has("pinned"):
                raise IllegalAction(f"{unit.id} is broken or pinned and may not advance", "A4.7")
            if unit.id in position.state.moved:
                raise IllegalAction(f"{unit.id} has already advanced this phase", "A4.7")
        if (
            len(adv.path) != 2
            or adv.path[0] != start
            or distance(*adv.path) != 1
            or adv.path[1] not in position.map.hexes
        ):
            raise IllegalAction("an advance is one hex into an adjacent Location", "A4.7")
        if asl_terrain.infantry_cost_fn(position)(position.map, adv.path[0], adv.path[1]) is None:
            raise IllegalAction(f"{position.label(adv.path[1])} may not be entered", "A4.7")
        return act.Advance(adv.units, adv.path, 0)

    def apply(self, position: Position, action: act.Action) -> State:
        state = position.state
        if state.pending:
            return asl_fire.apply_pending(self, position, action)
        if isinstance(action, act.EndPhase):
            return self.end_phase(position, state)
        if isinstance(action, act.Rally):
            return asl_rally.apply(self, position, action)
        if isinstance(action, act.Move):  # also Advance
            dest = action.path[-1]
            if not isinstance(action, act.Advance):
                # A12.15: trying to enter a Location held by concealed enemy units reveals them, and the mover
                # stays in the Location it came from (the legal-move display could not know they were there).
                side = position.units[action.units[0]].side
                for before, h in itertools.pairwise(action.path):
                    hidden = [u for u in position.units_at(h) if u.side != side and u.concealed]
                    if hidden:
                        dest = before
                        for enemy in hidden:
                            state = state.with_unit(
                                UnitState(
                                    enemy.id, enemy.side, enemy.counter, enemy.hex, False, enemy.markers
                                )
                            )
                        break
            budget = self.group_budget([position.units[u] for u in action.units])
            for uid in action.units:
                unit = position.units[uid]
                moved = UnitState(unit.id, unit.side, unit.counter, dest, unit.concealed, unit.markers)
                if not isinstance(action, act.Advance) and action.cost is not None and action.cost > budget:
                    moved = moved.mark(
                        "pinned", "cx"
                    )  # A4.134: after a Minimum Move the unit is pinned and CX
                state = state.with_unit(moved)
            if not isinstance(action, act.Advance) and self.seen_moving(position, action):
                for uid in action.units:  # A12.14: moving in view of a Good Order enemy within 16 hexes
                    unit = state.units[uid]
                    state = state.with_unit(
                        UnitState(unit.id, unit.side, unit.counter, unit.hex, False, unit.markers)
                    )
            state = state.replace(extra={**state.extra, "last_moved": tuple(action.units)})
            return state.replace(moved=state.moved + tuple(action.units))
        if isinstance(action, act.Fire):
            return asl_fire.apply(self, position, action)
        raise IllegalAction(f"cannot apply {action.kind}")

    def seen_moving(self, position: Position, move: act.Move) -> bool:
        """A12.14: a concealed unit that spends MF (without Assault Movement, not in this subset) in the LOS
        of a Good Order enemy ground unit within 16 hexes loses its "?"."""
        if not any(position.units[u].concealed for u in move.units):
            return False
        side = position.units[move.units[0]].side
        watchers = [
            u for u in position.units.values() if u.side != side and u.hex is not None and not u.has("broken")
        ]
        for h in move.path[1:]:
            for enemy in watchers:
                assert enemy.hex is not None
                if (
                    distance(enemy.hex, h) <= 16
                    and not asl_terrain.line_of_sight(position, enemy.hex, h).blocked
                ):
                    return True
        return False

    def generate(self, position: Position) -> Iterator[act.Action]:
        state = position.state
        if state.over:
            return
        if state.pending:
            yield from asl_fire.generate_pending(position)
            return
        phase = position.phase.id
        yield act.EndPhase()
        if phase == "MPh":
            for group in stack_groups(position, lambda u: self.can_move(position, u) is None):
                yield from self.moves_for(position, group).values()
            if position.state.extra.get("last_moved"):
                yield from asl_fire.generate(self, position)
        elif phase == "APh":
            for group in stack_groups(
                position,
                lambda u: (
                    u.side == position.phasing
                    and u.id not in state.moved
                    and not u.has("broken")
                    and not u.has("pinned")
                ),
            ):
                start = position.units[min(group)].hex
                assert start is not None
                for n in position.map.neighbors(start):
                    adv = act.Advance(tuple(sorted(group)), (start, n))
                    if adv in position.legal_actions:
                        yield self.check_advance(position, adv)
        elif phase in FIRE_MARKERS:
            yield from asl_fire.generate(self, position)
        elif phase == "RPh":
            for unit in sorted(position.units.values(), key=lambda u: u.id):
                rally = act.Rally(unit.id, ())
                if unit.has("broken") and rally in position.legal_actions:
                    yield rally

    def on_phase_end(self, position: Position, state: State) -> State:
        phase = position.phase.id
        remove: tuple[str, ...] = ()
        if phase == "DFPh":
            remove = ("first_fire", "final_fire")  # A3.4: First and Final Fire counters go at its end
        elif phase == "AFPh":
            remove = ("prep_fire", "advancing_fire")  # A3.5
        elif phase == "CCPh":
            remove = ("pinned",)  # A3.8: PIN counters go at the end of the Player Turn
        elif phase == "RPh":
            remove = ("rally_tried",)  # A3.1: one rally-phase action per unit, per Rally Phase
            state = state.replace(extra={**state.extra, "self_rallied": ()})
        if phase == "MPh":
            state = state.replace(extra={k: v for k, v in state.extra.items() if k != "last_moved"})
        if not remove:
            return state
        units = {uid: u.mark(remove=remove) for uid, u in state.units.items()}
        return state.replace(units=units)

    def on_phase_start(self, position: Position, state: State) -> State:
        if self.sequence.steps[state.step].phase.id == "PFPh":
            # A4.51: CX goes when the unit next acts in its own Player Turn; in this subset, at its PFPh.
            phasing = (
                position.scenario.first_side
                if self.sequence.steps[state.step].part.side == "first"
                else position.scenario.second_side
            )
            units = {
                uid: (u.mark(remove=("cx",)) if u.side == phasing else u) for uid, u in state.units.items()
            }
            return state.replace(units=units)
        return state

    def outcome(self, position: Position) -> Outcome | None:
        sides = {u.side for u in position.units.values()}
        if len(sides) == 1:
            (winner,) = sides
            return Outcome(winner, "the enemy has no units left")
        return super().outcome(position)

    def dice_spec(self) -> object:
        return ASL_DR
