"""Fire Team game module (digest section 9, MVP-1 infantry): impulses alternate between the sides (the
command-point chit cup of [4.1] is not modelled), infantry movement with the leader bonus [5.11] and stacking
[5.5], and AP fire on the IFT through the chart pack: multipliers, DRMs, d10 clamped to 1..14 [6.3], with
Fear, step losses and elimination applied at once [6.33]-[6.37].
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.dice import FT_D10
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Game, Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import check_dice, group_of, lose_step, stack_groups, units_by_hex
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType

MARK = "activated"


def fear(unit: UnitState) -> int:
    for m in unit.markers:
        if m.startswith("fear"):
            return int(m[4:])
    return 0


def with_fear(unit: UnitState, level: int) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith("fear"))
    level = min(4, level)  # [6.33] Fear never passes 4
    return unit.mark(*((f"fear{level}",) if level else ()), remove=old)


class FireTeamGame(Game):
    name: ClassVar[str] = "fireteam"
    title: ClassVar[str] = "Fire Team"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"ift": ("fp", "final_dr")}

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type not in ("squad", "team", "leader"):
            return f"type {counter.type!r}: this subset plays squads, teams and leaders [2.3]"
        if not isinstance(counter.values.get("ma"), int):
            return "needs a whole-number 'ma' [2.32]"
        if counter.type != "leader" and not (
            isinstance(counter.values.get("fp"), int) and isinstance(counter.values.get("range"), int)
        ):
            return "needs whole-number 'fp' and 'range' [2.32]"
        return None

    def terrain_table(self) -> Any:
        from hexmate.rules.games.terrain_view import table_for

        return table_for(self.name, self.data_dir)

    def phasing_side(self, position: Position) -> str:
        return str(position.state.extra.get("active", position.scenario.first_side))

    def can_act(self, position: Position, unit: UnitState) -> str | None:
        if position.phase.id != "action":
            return "units act in the Action Phase [3.0]"
        if unit.side != position.to_act:
            return f"{unit.id} is not the active side's [4.1]"
        if unit.has(MARK):
            return f"{unit.id} has already been activated this turn [4.2]"
        return None

    # --- movement ---
    def cost_fn(self, position: Position, units: list[UnitState]) -> CostFn:
        base = self.terrain_table().cost_fn("infantry")
        side = units[0].side
        moving = {u.id for u in units}
        squads = sum(1 for u in units if u.type == "squad")
        infantry = sum(1 for u in units if u.type != "leader")

        by_hex = units_by_hex(position)

        def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            here = by_hex.get(b, [])
            enemies = [u for u in here if u.side != side]
            if any(u.type != "leader" for u in enemies) or (enemies and not infantry):
                return None  # [5.5] no entry to enemy non-leader hexes; leaders alone never enter enemy hexes
            friends = [u for u in here if u.side == side and u.id not in moving]
            if (
                sum(1 for u in friends if u.type != "leader") + infantry > 6
                or sum(1 for u in friends if u.type == "squad") + squads > 3
            ):
                return None  # [5.5] 6 non-leader infantry, at most 3 squads, even passing through
            step: int | Fraction | None = base(m, a, b)
            return step

        return cost

    def budget(self, units: list[UnitState]) -> int:
        leader = any(u.type == "leader" for u in units)
        return min(int(u.values["ma"]) + (2 if leader and u.type != "leader" else 0) for u in units)  # [5.11]

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "5.12")
        if position.state.over or any(self.can_act(position, u) for u in units):
            return {}
        ids = tuple(u.id for u in units)
        reach = reachable(position.map, start, self.budget(units), self.cost_fn(position, units))
        return {h: act.Move(ids, r.path, r.cost) for h, r in reach.items() if h != start}

    # --- fire ---
    def check_fire(self, position: Position, fire: act.Fire, need_dice: bool) -> act.Fire:
        firers, start = group_of(position, frozenset(fire.firers), "6.24")
        for unit in firers:
            why = self.can_act(position, unit)
            if why:
                raise IllegalAction(why)
        shooters = [u for u in firers if u.type != "leader"]
        if not shooters:
            raise IllegalAction("a leader has no firepower of his own", "2.34")
        if fire.target not in position.map.hexes or not [
            u for u in position.units_at(fire.target) if u.side != firers[0].side
        ]:
            raise IllegalAction("no enemy unit in the target hex", "6.3")
        d = distance(start, fire.target)
        for unit in shooters:
            if d > 2 * int(unit.values["range"]):
                raise IllegalAction(
                    f"{unit.id} may fire at most twice its range ({unit.values['range']})", "6.22"
                )
        sight = self.terrain_table().line_of_sight(position.map, start, fire.target)
        if sight.blocked:
            raise IllegalAction(f"no line of sight to {position.label(fire.target)}: {sight.reason}", "6.1")
        check_dice(FT_D10, fire.dice, need_dice, "AP fire needs its d10: add 'dice N'")
        return fire

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        assert fire.dice is not None
        roll = FT_D10.from_values(fire.dice).total
        firers = [position.units[u] for u in fire.firers]
        shooters = [u for u in firers if u.type != "leader"]
        start = firers[0].hex
        assert start is not None
        d = distance(start, fire.target)
        lines = []
        total = Fraction(0)
        for unit in shooters:
            fp = Fraction(int(unit.values["fp"]))
            note = f"{unit.id} {fp}"
            if d == 1:
                fp *= 2
                note += " x2 adjacent"
            if d > int(unit.values["range"]):
                fp /= 2
                note += " x1/2 long range"
            total += fp
            lines.append(Line("FP", f"{note} = {fp}", "6.22"))
        total_up = math.ceil(total)  # rounding is up unless a rule says otherwise [4.8 of the digest]
        chart = position.charts.chart("ift")
        drms: list[tuple[str, int, str]] = []
        leaders = [u for u in firers if u.type == "leader"]
        if leaders:
            best = max(int(ldr.values.get("modifier", 0)) for ldr in leaders)
            drms.append((f"leader ({', '.join(ldr.id for ldr in leaders)})", -best, "6.31"))
        worst_fear = max(fear(u) for u in shooters)
        if worst_fear:
            drms.append(("firer Fear", worst_fear, "6.35"))
        tem = int(self.terrain_table().tem(position.map, fire.target))
        if tem:
            drms.append((f"target terrain ({position.map.terrain(fire.target)})", tem, "17.2"))
        drm = sum(v for _, v, _ in drms)
        for label, value, rule in drms:
            lines.append(Line(label, f"{value:+d}", rule))
        final = max(1, min(14, roll + drm))  # [6.3] clamp the final DR to 1..14
        lines.append(Line("final DR", f"{roll} {drm:+d} -> {final}", "6.3"))
        axis = chart.axis("fp")
        col = axis.locate(total_up)
        result = "-" if col is None else str(chart.lookup(fp=axis.key_at(col), final_dr=final))
        lines.append(
            Line(
                "IFT",
                f"{total_up} FP -> column {axis.key_at(col) if col is not None else '-'}: {result}",
                "6.3",
            )
        )
        targets = [u for u in position.units_at(fire.target) if u.side != firers[0].side]
        return Resolution(
            fire,
            "ift",
            position.charts.label,
            position.charts.demo,
            tuple(lines),
            {u.id: result for u in targets},
            f"{position.action_text(fire)}: {result}",
        )

    # --- hooks ---
    def check(self, position: Position, action: act.Action, need_dice: bool = True) -> act.Action:
        if position.state.over:
            raise IllegalAction("the scenario is over", "11.15")
        phase = position.phase.id
        if phase in ("prep", "end"):
            if isinstance(action, act.EndPhase):
                return action
            raise IllegalAction(f"the {position.phase.name} has nothing to play; end it", "3.0")
        if isinstance(action, act.Pass):
            return action
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            return self.check_fire(position, action, need_dice)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            units, start = group_of(position, frozenset(action.units), "5.12")
            for unit in units:
                why = self.can_act(position, unit)
                if why:
                    raise IllegalAction(why)
            cost = self.cost_fn(position, units)
            total: int | Fraction = 0
            if action.path[0] != start or len(action.path) < 2:
                raise IllegalAction("a move starts at the units' hex", "5.0")
            for a, b in zip(action.path, action.path[1:], strict=False):
                step = cost(position.map, a, b) if distance(a, b) == 1 and b in position.map.hexes else None
                if step is None:
                    raise IllegalAction(f"step {position.label(a)}-{position.label(b)} is not allowed", "5.1")
                total += step
            if total > self.budget(units):
                raise IllegalAction(f"the path costs {total} MP, the units have {self.budget(units)}", "5.1")
            return act.Move(action.units, action.path, total)
        raise IllegalAction(
            f"{action.kind} is not an action of the {position.phase.name}", position.phase.rule
        )

    def apply(self, position: Position, action: act.Action) -> State:
        state = position.state
        extra = dict(state.extra)
        if isinstance(action, act.EndPhase):
            if position.phase.id == "end":
                # [8.2] automatic recovery is outside this subset; activation markers go for the next turn
                units = {uid: u.mark(remove=(MARK,)) for uid, u in state.units.items()}
                state = state.replace(units=units)
            return self.end_phase(position, state)
        if isinstance(action, act.Pass):
            if extra.get("passed"):
                extra.update(passed=False, active=position.scenario.first_side)
                return state.replace(
                    step=state.step + 1, extra=extra
                )  # both sides stop: end of the Action Phase
            extra.update(passed=True, active=position.enemy_of(position.to_act))
            return state.replace(extra=extra)
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
        extra = dict(state.extra)
        extra.update(passed=False, active=position.enemy_of(position.to_act))
        return state.replace(extra=extra)

    def _apply_fire(self, position: Position, fire: act.Fire) -> State:
        res = self.resolve(position, fire)
        state = position.state
        for uid in fire.firers:
            state = state.with_unit(state.units[uid].mark(MARK))
        for uid, result in res.results.items():
            unit = state.units[uid]
            if result == "E":
                state = state.without_unit(uid)  # [6.33] all eliminated
            elif result == "1":
                if unit.type == "leader":
                    continue  # [6.38] leaders make a casualty roll instead (outside this subset)
                state = lose_step(state, with_fear(unit, fear(unit) + 1))
            elif result in ("+1", "+2") and unit.type != "leader":
                state = state.with_unit(with_fear(unit, fear(unit) + int(result[1])))
        return state

    def generate(self, position: Position) -> Iterator[act.Action]:
        if position.state.over:
            return
        if position.phase.id != "action":
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
