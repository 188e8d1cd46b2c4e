"""Schlieffen's War game module (digest section 10, minimum viable subset): movement with terrain, river and
EZOC limits [10.x, 7.1]; stacking 3 corps + 1 HQ [6.2]; morale after moving [10.2]; attacks resolved by odds,
column shifts and the CRT from the chart pack [11.x], with step losses spread over the defenders [11.20].
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.dice import SW_D6
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Game, Line, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import check_dice, group_of, stack_groups
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType

ODDS = ("1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1")
MORALE_UP = {"fatigue": None, None: "elan", "elan": "elan"}
MORALE_DOWN = {"elan": None, None: "fatigue", "fatigue": "fatigue"}


def morale(unit: UnitState) -> str | None:
    return "elan" if unit.has("elan") else ("fatigue" if unit.has("fatigue") else None)


def with_morale(unit: UnitState, level: str | None) -> UnitState:
    return unit.mark(*(() if level is None else (level,)), remove=("elan", "fatigue"))


def _lose_step(state: State, unit: UnitState) -> State:
    """[2.7] a corps has two steps (full, reduced); [2.8] an HQ or depot is gone at its first step loss."""
    if unit.type == "corps" and not unit.has("reduced"):
        return state.with_unit(unit.mark("reduced"))
    return state.without_unit(unit.id)


def column_index(attack: int, defense: int) -> int:
    """[11.8] fractions dropped; index 0 = 1:2, 1 = 1:1, n = n:1; -1 below 1:2; 8 above 7:1 (11.9)."""
    if defense <= 0:
        return 8
    if attack >= defense:
        return min(8, attack // defense)
    return 0 if 2 * attack >= defense else -1


class SwGame(Game):
    name: ClassVar[str] = "sw"
    title: ClassVar[str] = "Schlieffen's War"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"crt": ("odds", "roll")}

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

    # --- hooks ---
    def check(self, position: Position, action: act.Action, need_dice: bool = True) -> act.Action:
        if position.state.over:
            raise IllegalAction("the game is over", "4.7")
        phase = position.phase
        if isinstance(action, act.EndPhase):
            return action
        if isinstance(action, act.Attack):
            if phase.id != "combat":
                raise IllegalAction("attacks are made in the Combat Phase", "5.4")
            return self.check_attack(position, action, need_dice)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            if phase.id != "move":
                raise IllegalAction("units move in the Movement Phase", "5.3")
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
                        raise IllegalAction(
                            f"step {position.label(a)}-{position.label(b)} is not allowed", "10.1"
                        )
                    total += step
                if action.path[0] != start or total > min(self.ma(u) for u in units):
                    raise IllegalAction("that path is not legal within the MA", "10.7")
                return act.Move(action.units, action.path, total)
            return best
        raise IllegalAction(f"{action.kind} is not an action of the {phase.name}", phase.rule)

    def check_attack(self, position: Position, attack: act.Attack, need_dice: bool) -> act.Attack:
        side = position.phasing
        if len(set(attack.firers)) != len(attack.firers) or not attack.firers:
            raise InvalidAction("name each attacking unit once")
        attackers = []
        for uid in attack.firers:
            if uid not in position.units:
                raise InvalidAction(f"no unit {uid!r} in this game")
            unit = position.units[uid]
            if unit.side != side:
                raise IllegalAction(f"{uid} is not the phasing player's", "11.0")
            if unit.type in ("fort", "depot"):
                raise IllegalAction(f"{uid} may never attack", "11.7")
            if unit.has("attacked"):
                raise IllegalAction(f"{uid} has already attacked this phase", "11.5")
            if unit.hex is None or distance(unit.hex, attack.target) != 1:
                raise IllegalAction(f"{uid} is not adjacent to the defending hex", "11.0")
            attackers.append(unit)
        if all(u.type == "hq" for u in attackers):
            raise IllegalAction("an HQ attacks only together with other attackers", "11.7")
        for h in {u.hex for u in attackers}:
            here = [u for u in attackers if u.hex == h]
            if sum(1 for u in here if u.type == "corps") > 3 or sum(1 for u in here if u.type == "hq") > 1:
                raise IllegalAction("at most 3 corps and 1 HQ attack from one hex", "11.3")
        defenders = [u for u in position.units_at(attack.target) if u.side != side]
        if not defenders:
            raise IllegalAction(f"no enemy unit at {position.label(attack.target)}", "11.0")
        if any(u.has("defended") for u in defenders):
            raise IllegalAction("that hex has already been attacked this phase", "11.5")
        check_dice(SW_D6, attack.dice, need_dice, "an attack needs its die roll: add 'die N'")
        return attack

    def _cf(self, unit: UnitState, attacking: bool) -> int:
        cf = int(
            unit.values["reduced_cf"]
            if unit.has("reduced") and "reduced_cf" in unit.values
            else unit.values["cf"]
        )
        if unit.has("oos"):
            cf = math.ceil(cf / 2)  # [8.7]
        return cf

    def participants(self, position: Position, target: Hex, side: str) -> list[UnitState]:
        """[11.2] two corps-equivalents and one HQ defend, plus any fort; the strongest two by default."""
        units = [u for u in position.units_at(target) if u.side != side]
        corps = sorted((u for u in units if u.type == "corps"), key=lambda u: (-self._cf(u, False), u.id))[:2]
        return corps + [u for u in units if u.type == "hq"][:1] + [u for u in units if u.type == "fort"]

    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        assert fire.dice is not None
        die = SW_D6.from_values(fire.dice).total
        side = position.phasing
        attackers = [position.units[u] for u in fire.firers]
        defenders = self.participants(position, fire.target, side)
        attack = sum(self._cf(u, True) for u in attackers)
        defense = sum(self._cf(u, False) for u in defenders)
        lines = [
            Line("attack", f"{' + '.join(str(self._cf(u, True)) for u in attackers)} = {attack}", "11.8"),
            Line(
                "defense",
                f"{' + '.join(f'{u.id} {self._cf(u, False)}' for u in defenders)} = {defense}",
                "11.2",
            ),
        ]
        raw = column_index(attack, defense)
        lines.append(
            Line(
                "odds",
                f"{attack}:{defense} -> "
                + (ODDS[raw] if 0 <= raw < 8 else ("above 7:1" if raw >= 8 else "below 1:2")),
                "11.8",
            )
        )
        shifts: list[tuple[str, int, str]] = []
        m = position.map
        terrain = m.terrain(fire.target)
        if terrain == "rough":
            shifts.append(("defender in rough", -1, "11.11"))
        if terrain == "city":
            shifts.append(("defender in a city", -1, "11.13"))
        if "heavy-fortress" in m.features(fire.target):
            shifts.append(("heavy fortress", -1, "11.14"))
        if all("river" in m.hexside(u.hex, fire.target) for u in attackers if u.hex is not None):
            shifts.append(("every attacker across a river", -1, "11.12"))
        corps_def = [u for u in defenders if u.type == "corps"]
        if corps_def and all(u.has("elan") for u in corps_def):
            shifts.append(("defenders all elan", -1, "11.16"))
        if any(u.has("fatigue") for u in corps_def):
            shifts.append(("a defender fatigued", 1, "11.16"))
        corps_att = [u for u in attackers if u.type == "corps"]
        if corps_att and all(u.has("elan") for u in corps_att):
            shifts.append(("attackers all elan", 1, "11.16"))
        if any(u.has("fatigue") for u in corps_att):
            shifts.append(("an attacker fatigued", -1, "11.16"))
        if side == position.scenario.second_side and position.turn in (9, 10):
            shifts.append(("Allied Final Effort", 1, "11.24"))
        for label, value, rule in shifts:
            lines.append(Line(label, f"{abs(value)}{'R' if value > 0 else 'L'}", rule))
        final = raw + sum(v for _, v, _ in shifts)  # [11.9] automatic results are read after the shifts
        if final >= 8:
            result = "0/3"
            lines.append(Line("result", "above 7:1: automatic 0/3, no roll", "11.9"))
        elif final <= -1:
            result = "2/0"
            lines.append(Line("result", "below 1:2: automatic 2/0, no roll", "11.9"))
        else:
            result = str(position.charts.chart("crt").lookup(odds=ODDS[final], roll=die))
            lines.append(Line("CRT", f"{ODDS[final]} column, die {die} -> {result}", "11.17"))
        if side == "ger" and any(u.values.get("nation") == "BRI" for u in defenders):
            a, d = result.split("/")
            result = f"{int(a) + 1}/{d}"
            lines.append(Line("British defenders", "+1 German step loss", "11.19"))
        return Resolution(
            fire,
            "crt",
            position.charts.label,
            position.charts.demo,
            tuple(lines),
            {"attacker": result.split("/")[0], "defender": result.split("/")[1]},
            f"{position.action_text(fire)}: {result}",
        )

    def apply(self, position: Position, action: act.Action) -> State:
        state = position.state
        if isinstance(action, act.EndPhase):
            return self.end_phase(position, state)
        if isinstance(action, act.Attack):
            return self._apply_attack(position, action)
        assert isinstance(action, act.Move)
        for uid in action.units:
            unit = state.units[uid]
            moved = UnitState(unit.id, unit.side, unit.counter, action.path[-1], unit.concealed, unit.markers)
            t1_german = position.turn == 1 and unit.side == position.scenario.first_side
            if (
                action.cost is not None
                and action.cost >= math.ceil(int(unit.values["ma"]) / 2)
                and not t1_german
            ):
                moved = with_morale(moved, MORALE_DOWN[morale(moved)])  # [10.2]
            state = state.with_unit(moved)
        return state.replace(moved=state.moved + tuple(action.units))

    def _apply_attack(self, position: Position, attack: act.Attack) -> State:
        res = self.resolve(position, attack)
        a_loss, d_loss = int(res.results["attacker"]), int(res.results["defender"])
        state = position.state
        defenders = [u.id for u in self.participants(position, attack.target, position.phasing)]
        others = [
            u.id
            for u in position.units_at(attack.target)
            if u.side != position.phasing and u.id not in defenders
        ]
        state = self._spread_losses(
            state, defenders, others, d_loss
        )  # [11.20] (this subset takes no retreats)
        state = self._spread_losses(state, list(attack.firers), [], a_loss)
        cleared = not any(u.hex == attack.target and u.side != position.phasing for u in state.units.values())
        for uid in attack.firers:
            if uid not in state.units:
                continue
            unit = state.units[uid].mark("attacked")
            if unit.type == "corps":
                # [11.20] the attackers rise a level if the defenders are gone, else each drops one
                if cleared:
                    unit = with_morale(unit, MORALE_UP[morale(unit)])
                elif unit.has("fatigue"):
                    state = _lose_step(state, unit)
                    continue
                else:
                    unit = with_morale(unit, MORALE_DOWN[morale(unit)])
            state = state.with_unit(unit)
        for uid in defenders + others:
            if uid in state.units:
                state = state.with_unit(state.units[uid].mark("defended"))
        return state

    def _spread_losses(self, state: State, first: list[str], also: list[str], steps: int) -> State:
        """[11.20] the first step from a participant; no unit takes a second until all have taken one."""
        order = [u for u in first if u in state.units] + [u for u in also if u in state.units]
        for _ in range(steps):
            alive = [u for u in order if u in state.units]
            if not alive:
                break
            fresh = [u for u in alive if not state.units[u].has("reduced") and state.units[u].type != "fort"]
            pick = fresh[0] if fresh else next((u for u in alive if state.units[u].type != "fort"), alive[0])
            state = _lose_step(state, state.units[pick])
        return state

    def generate(self, position: Position) -> Iterator[act.Action]:
        if position.state.over:
            return
        yield act.EndPhase()
        phase = position.phase.id
        side = position.phasing
        if phase == "move":
            for group in stack_groups(position, lambda u: self.can_move(position, u) is None):
                yield from self.moves_for(position, group).values()
        elif phase == "combat":
            targets = {u.hex for u in position.units.values() if u.side != side and u.hex is not None}
            for target in sorted(targets, key=lambda h: (h.q, h.r)):
                ready = [
                    u
                    for u in position.units.values()
                    if u.side == side
                    and u.hex is not None
                    and distance(u.hex, target) == 1
                    and u.type in ("corps", "hq")
                    and not u.has("attacked")
                ]
                if ready:
                    attack = act.Attack(tuple(sorted(u.id for u in ready)), target)
                    if attack in position.legal_actions:
                        yield attack

    def on_phase_end(self, position: Position, state: State) -> State:
        phase = position.phase.id
        if phase == "move":
            # [10.2] a unit that did not move rises one morale level
            for unit in list(state.units.values()):
                if unit.side == position.phasing and unit.type == "corps" and unit.id not in state.moved:
                    state = state.with_unit(with_morale(unit, MORALE_UP[morale(unit)]))
        if phase == "combat":
            units = {uid: u.mark(remove=("attacked", "defended")) for uid, u in state.units.items()}
            state = state.replace(units=units)
        return state

    def outcome(self, position: Position) -> Outcome | None:
        return super().outcome(position)
