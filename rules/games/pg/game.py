"""Panzer Grenadier game module (digest section 9, minimum viable subset): initiative rolls as dice facts
(3.0 A), alternating action segments with passes (3.0 B), stack activation to move (5.0) or to direct fire on
the DFT with shifts capped +3/-2 (10.x), step losses and morale checks (7.61, 14.1), marker removal (3.0 C).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.dice import PG_1D6, PG_2D6
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Game, Line, Pending, Position, Resolution, State, UnitState
from hexmate.rules.games.common import check_dice, group_of, lose_step, stack_groups, units_by_hex
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType

MARK = "moved_fired"


class PgGame(Game):
    name: ClassVar[str] = "pg"
    title: ClassVar[str] = "Panzer Grenadier (4th edition)"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"dft": ("df", "roll")}

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type not in ("personnel", "leader"):
            return f"type {counter.type!r}: this subset plays personnel units and leaders (2.2)"
        if not isinstance(counter.values.get("ma"), int) or not isinstance(counter.values.get("morale"), int):
            return "needs whole-number 'ma' and 'morale' (1.2, 14.0)"
        if counter.type == "personnel" and not (
            isinstance(counter.values.get("df"), int) and isinstance(counter.values.get("df_range"), int)
        ):
            return "a personnel unit needs 'df' and 'df_range' (1.1)"
        return None

    def terrain_table(self) -> Any:
        from hexmate.rules.games.terrain_view import table_for

        return table_for(self.name, self.data_dir)

    # --- who may act ---
    def phasing_side(self, position: Position) -> str:
        return str(position.state.extra.get("active", position.scenario.first_side))

    def can_act(self, position: Position, unit: UnitState) -> str | None:
        if unit.side != position.to_act:
            return f"{unit.id} is not the active side's (3.0 B)"
        if unit.has(MARK):
            return f"{unit.id} has a moved/fired marker (3.13)"
        return None

    # --- movement ---
    def cost_fn(self, position: Position, units: list[UnitState]) -> CostFn:
        base = self.terrain_table().cost_fn("foot")
        side = units[0].side
        moving = {u.id for u in units}
        combat = sum(1 for u in units if u.type != "leader")

        by_hex = units_by_hex(position)

        def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            here = by_hex.get(b, [])
            if any(u.side != side and u.type != "leader" for u in here):
                return None  # 5.3: no entry into an enemy combat unit's hex (assault is outside this subset)
            friends = sum(1 for u in here if u.side == side and u.type != "leader" and u.id not in moving)
            if combat and friends + combat > 3:
                return None  # 4.1, 4.5: 3 combat units per side per hex at all times
            step: int | Fraction | None = base(m, a, b)
            return step

        return cost

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "3.11")
        if (
            position.phase.id != "action"
            or position.state.pending
            or any(self.can_act(position, u) for u in units)
        ):
            return {}
        ids = tuple(u.id for u in units)
        cost = self.cost_fn(position, units)
        out: dict[Hex, act.Move] = {}
        if not any(u.has("disrupted") for u in units):  # 14.2: a disrupted unit moves one hex only
            budget = min(int(u.values["ma"]) for u in units)
            for h, reach in reachable(position.map, start, budget, cost).items():
                if h != start:
                    out[h] = act.Move(ids, reach.path, reach.cost)
        for n in position.map.neighbors(start):  # 5.0: MA 1 or more may always move one hex
            if n not in out and (step := cost(position.map, start, n)) is not None:
                out[n] = act.Move(ids, (start, n), step)
        return out

    # --- fire ---
    def check_fire(self, position: Position, fire: act.Fire, need_dice: bool) -> act.Fire:
        firers, start = group_of(position, frozenset(fire.firers), "7.33")
        for unit in firers:
            why = self.can_act(position, unit)
            if why:
                raise IllegalAction(why)
            if unit.has("demoralized"):
                raise IllegalAction(f"{unit.id} is demoralized and may not fire", "14.3")
        shooters = [u for u in firers if u.type != "leader"]
        if not shooters:
            raise IllegalAction("leaders have no direct fire of their own", "6.42")
        if fire.target not in position.map.hexes or not [
            u for u in position.units_at(fire.target) if u.side != firers[0].side
        ]:
            raise IllegalAction("no enemy unit in the target hex", "10.0")
        if any(u.side == firers[0].side for u in position.units_at(fire.target)):
            raise IllegalAction("no direct fire into a hex holding friendly units", "7.24")
        d = distance(start, fire.target)
        for unit in shooters:
            if d > int(unit.values["df_range"]):
                raise IllegalAction(
                    f"{unit.id} has range {unit.values['df_range']}, the target is {d} hexes away", "7.32"
                )
        sight = self.terrain_table().line_of_sight(position.map, start, fire.target)
        if sight.blocked:
            raise IllegalAction(f"no line of sight to {position.label(fire.target)}: {sight.reason}", "8.4")
        check_dice(PG_2D6, fire.dice, need_dice, "direct fire needs its 2d6 roll: add 'dice N,N'")
        return fire

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        assert fire.dice is not None
        roll = PG_2D6.from_values(fire.dice).total
        firers = [position.units[u] for u in fire.firers]
        shooters = [u for u in firers if u.type != "leader"]
        leaders = [u for u in firers if u.type == "leader" and not u.has("demoralized")]
        lines = []
        total = 0
        for i, unit in enumerate(shooters):
            df = int(unit.values["df"])
            note = f"{unit.id} {df}"
            if unit.has("disrupted"):
                df = math.ceil(df / 2)
                note += f" halved (disrupted, rounded up) = {df}"
            if i < len(leaders):
                bonus = int(leaders[i].values.get("combat", 0))
                df += bonus
                note += f" + {bonus} ({leaders[i].id}) = {df}"
            total += df
            lines.append(Line("DF", note, "6.42" if i < len(leaders) else "10.0"))
        chart = position.charts.chart("dft")
        axis = chart.axis("df")
        col = axis.locate(total)
        start = firers[0].hex
        assert start is not None
        d = distance(start, fire.target)
        shifts = []
        if d == 1:
            shifts.append(("target adjacent", 2, "10.3"))
        if d >= 3:
            shifts.append(("range 3 or more", -1, "7.33"))
        targets = [u for u in position.units_at(fire.target) if u.side != firers[0].side]
        if sum(1 for u in targets if u.type != "leader") >= 3:
            shifts.append(("three combat units in the hex", 1, "4.4"))
        terrain_shift = int(self.terrain_table().fire_shift(position.map, fire.target))
        if terrain_shift:
            shifts.append((f"target terrain ({position.map.terrain(fire.target)})", terrain_shift, "7.5"))
        net = sum(v for _, v, _ in shifts)
        capped = max(-2, min(3, net))  # 10.3
        for label, value, rule in shifts:
            lines.append(Line(label, f"{value:+d}", rule))
        if capped != net:
            lines.append(Line("net shift capped", f"{net:+d} -> {capped:+d}", "10.3"))
        if col is None:
            result = "-"
            lines.append(Line("DFT", f"{total} is below the lowest column", "7.51"))
        else:
            col = max(0, min(len(axis) - 1, col + capped))  # 7.51: never below the lowest column
            result = str(chart.lookup(df=axis.key_at(col), roll=roll))
            lines.append(
                Line("DFT", f"{total} -> column {axis.key_at(col)}, roll {roll} -> {result}", "10.0")
            )
        return Resolution(
            fire,
            "dft",
            position.charts.label,
            position.charts.demo,
            tuple(lines),
            {u.id: result for u in targets},
            f"{position.action_text(fire)}: {result}",
        )

    # --- the hooks ---
    def check(self, position: Position, action: act.Action, need_dice: bool = True) -> act.Action:
        state = position.state
        if state.over:
            raise IllegalAction("the scenario is over", "3.0")
        phase = position.phase.id
        if state.pending:
            return self._check_pending(position, action, need_dice)
        if phase == "initiative":
            if isinstance(action, act.RollDice) and action.purpose == "initiative":
                if len(action.values) != 2 and need_dice:
                    raise InvalidAction("initiative is one die per side: 'roll initiative FIRST,SECOND'")
                for v in action.values:
                    PG_1D6.from_values((v,))
                return action
            raise IllegalAction("each side first rolls one die for initiative", "3.0 A")
        if phase == "markers":
            if isinstance(action, act.EndPhase):
                return action
            raise IllegalAction("remove the moved/fired markers to end the turn", "3.0 C")
        if isinstance(action, act.Pass):
            return action
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            return self.check_fire(position, action, need_dice)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            options = self.moves_for(position, frozenset(action.units))
            units, start = group_of(position, frozenset(action.units), "3.11")
            for unit in units:
                why = self.can_act(position, unit)
                if why:
                    raise IllegalAction(why)
            dest = action.path[-1]
            if dest not in options or action.path[0] != start:
                raise IllegalAction(f"{position.label(dest)} is not reachable this segment", "5.0")
            if action.path == options[dest].path:
                return options[dest]
            if len(action.path) == 2:  # 5.0: the one-hex move is always allowed
                step = self.cost_fn(position, units)(position.map, start, dest)
                if step is None:
                    raise IllegalAction(f"{position.label(dest)} may not be entered", "5.3")
                return act.Move(action.units, action.path, step)
            return act.Move(action.units, action.path, self._path_cost(position, units, action.path))
        raise IllegalAction(
            f"{action.kind} is not an action of the {position.phase.name}", position.phase.rule
        )

    def _path_cost(self, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> int | Fraction:
        cost = self.cost_fn(position, units)
        total: int | Fraction = 0
        for a, b in itertools.pairwise(path):
            step = cost(position.map, a, b) if distance(a, b) == 1 else None
            if step is None:
                raise IllegalAction(f"step {position.label(a)}-{position.label(b)} is not allowed", "5.0")
            total += step
        if total > min(int(u.values["ma"]) for u in units):
            raise IllegalAction("that path costs more than the movement allowance", "5.0")
        return total

    def _check_pending(self, position: Position, action: act.Action, need_dice: bool) -> act.Action:
        p = position.state.pending[0]
        if p.effect == "step":
            if isinstance(action, act.Casualty) and action.unit in p.group and action.unit in position.units:
                return action
            raise IllegalAction(
                f"the owner first picks the unit that loses a step among {', '.join(p.group)}", "7.61"
            )
        if isinstance(action, act.Check) and action.unit == p.unit:
            if action.dice:
                PG_2D6.from_values(action.dice)
            elif need_dice:
                raise InvalidAction("a morale check needs its 2d6: 'check UNIT dice N,N'")
            return action
        raise IllegalAction(
            f"first {p.unit} checks morale (M{p.modifier or ''}): 'check {p.unit} dice N,N'", "14.1"
        )

    def apply(self, position: Position, action: act.Action) -> State:
        state = position.state
        extra = dict(state.extra)
        if state.pending:
            return self._apply_pending(position, action)
        if isinstance(action, act.RollDice):
            first, second = position.scenario.first_side, position.scenario.second_side
            init = position.scenario.options.get("initiative", {})
            a = action.values[0] + int(init.get(first, 0))
            b = action.values[1] + int(init.get(second, 0))
            if a == b:
                return state  # 3.0 A: a tie is rolled again
            winner = first if a > b else second
            extra.update(active=winner, segments=max(1, math.ceil(abs(a - b) / 2)), passed=False)
            return state.replace(step=state.step + 1, extra=extra)
        if isinstance(action, act.EndPhase):  # marker removal (3.0 C), then the next turn's initiative
            units = {uid: u.mark(remove=(MARK,)) for uid, u in state.units.items()}
            turn = state.turn + 1
            return state.replace(
                units=units,
                step=0,
                turn=turn,
                over=turn > position.scenario.turns,
                extra={"counters": extra["counters"]},
            )
        if isinstance(action, act.Pass):
            if extra.get("passed"):
                return state.replace(
                    step=state.step + 1
                )  # 3.0 B: pass answered by pass ends the action phase
            return self._next_segment(position, state.replace(extra={**extra, "passed": True}))
        if isinstance(action, act.Fire):
            state = self._apply_fire(position, action)
        elif isinstance(action, act.Move):
            for uid in action.units:
                unit = state.units[uid]
                state = state.with_unit(
                    UnitState(
                        unit.id,
                        unit.side,
                        unit.counter,
                        action.path[-1],
                        unit.concealed,
                        unit.markers | {MARK},
                    )
                )
        return self._next_segment(position, state.replace(extra={**state.extra, "passed": False}))

    def _next_segment(self, position: Position, state: State) -> State:
        extra = dict(state.extra)
        left = int(extra.get("segments", 1)) - 1
        if left <= 0:
            extra["active"] = position.enemy_of(str(extra.get("active", position.scenario.first_side)))
            left = 1
        extra["segments"] = left
        return state.replace(extra=extra)

    def _apply_fire(self, position: Position, fire: act.Fire) -> State:
        res = self.resolve(position, fire)
        state = position.state
        for uid in fire.firers:
            state = state.with_unit(state.units[uid].mark(MARK))
        results = set(res.results.values())
        result = results.pop() if results else "-"
        targets = sorted(res.results)
        side = position.units[targets[0]].side if targets else ""
        pending: list[Pending] = []
        if result.endswith("X"):
            steps = int(result[:-1] or 1)
            pending += [Pending("", "step", "7.61", side, 0, tuple(targets))] * steps
            pending += [Pending(u, "M", "7.61", side, 2) for u in targets]
        elif result.startswith("M"):
            pending += [Pending(u, "M", "7.4", side, int(result[1:] or 0)) for u in targets]
        return state.replace(pending=tuple(pending))

    def _apply_pending(self, position: Position, action: act.Action) -> State:
        state = position.state
        p, rest = state.pending[0], state.pending[1:]
        if isinstance(action, act.Casualty):
            state = lose_step(state, state.units[action.unit])
            return state.replace(
                pending=tuple(q for q in rest if q.effect == "step" or q.unit in state.units)
            )
        assert isinstance(action, act.Check)
        unit = state.units[p.unit]
        morale = int(
            unit.values[
                "reduced_morale" if unit.has("reduced") and "reduced_morale" in unit.values else "morale"
            ]
        )
        if unit.has("demoralized"):
            morale -= 1  # 14.3
        helpers = [
            int(ldr.values.get("morale_mod", 0))
            for ldr in state.units.values()
            if ldr.type == "leader"
            and ldr.side == unit.side
            and ldr.id != unit.id
            and ldr.hex is not None
            and unit.hex is not None
            and distance(ldr.hex, unit.hex) <= 1
            and not ldr.has("demoralized")
        ]
        morale = min(10, morale + (max(helpers) if helpers else 0))  # 6.51 one leader; 14.5 never above 10
        total = PG_2D6.from_values(action.dice).total + p.modifier
        over = total - morale
        if over >= 3 or (over >= 1 and unit.has("disrupted")):
            unit = unit.mark("demoralized", remove=("disrupted",))  # 14.1
        elif over >= 1:
            unit = unit.mark("disrupted")
        return state.with_unit(unit).replace(pending=rest)

    def generate(self, position: Position) -> Iterator[act.Action]:
        state = position.state
        if state.over:
            return
        if state.pending:
            p = state.pending[0]
            if p.effect == "step":
                yield from (act.Casualty(u) for u in p.group if u in state.units)
            else:
                yield act.Check(p.unit, ())
            return
        phase = position.phase.id
        if phase == "initiative":
            yield act.RollDice("initiative", ())
            return
        if phase == "markers":
            yield act.EndPhase()
            return
        yield act.Pass()
        for group in stack_groups(position, lambda u: self.can_act(position, u) is None):
            yield from self.moves_for(position, group).values()
            targets = {
                u.hex for u in position.units.values() if u.side != position.to_act and u.hex is not None
            }
            for target in sorted(targets, key=lambda h: (h.q, h.r)):
                fire = act.Fire(tuple(sorted(group)), target)
                if fire in position.legal_actions:
                    yield fire
