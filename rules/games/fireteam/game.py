"""Fire Team game module on the core's decisions and flow: command points, the chit cup and impulses.

The turn is Preparation, Action and End [3.0] (``sequence.json``). In the Action Phase chits are drawn from
one cup with the dice [4.1] (``command.py``): the side of the chit takes an impulse of min(chit, CP remaining)
CP [4.13], spends it activating units [4.2]-[4.4] (``activation.py``) to move, fire or recover, may save some
on a unit [4.5], and passes to end its impulse; the consecutive limit sends a chit back [4.14] and the phase
ends as 4.15 says. A move is carried out hex by hex: the other side may use opportunity fire at each hex
entered, paying for it from its CP remaining [7.0]-[7.11], and residual fire there rolls against newcomers
[7.31]; a mover hit ends its move there [7.33]. AP fire on the IFT [6.3] and its results roll as decisions
(``fire.py``); G/M fire against vehicles on the G/M FT [6.5] (``vehicles.py``); leaders rally feared
infantry [8.1] and the End Phase recovers Fear automatically [8.2], [8.3] (``recovery.py``).
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
from hexmate.rules.dice import FT_D10, FT_D100, DiceSpec
from hexmate.rules.errors import DataError, IllegalAction, InvalidAction
from hexmate.rules.games.base import Game, GameState, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups, units_by_hex
from hexmate.rules.games.fireteam import (
    activation,
    artillery,
    night,
    recovery,
    reinforce,
    smoke,
    sw,
    transport,
    vehicles,
)
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.games.fireteam import fire as ft_fire
from hexmate.rules.games.fireteam.fire import CAUTIOUS, LEADER, OPP_FIRE, VEHICLE
from hexmate.rules.games.fireteam.why import Why
from hexmate.rules.games.terrain_view import CostFn, GeoTable, Sight
from hexmate.rules.hexes import Hex, distance, neighbor
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

BROWN = "cautious_brown"  # [5.24] a Cautious marker turned to its brown side in the Preparation Phase
LEADER_BONUS = 2  # [5.11] infantry moving with a leader from start to end of the move: +2 MA
UNIT_TYPES = ("squad", "team", "leader", "observer", VEHICLE, sw.SW)
# [11.31] sighting distance of a hidden infantry unit by the terrain it is in (vehicles: twice); the Sighting
# Chart is not in the text: demo values
SIGHTING = {"open": 6, "grain": 3, "cover": 3, "woods": 2, "building-wood": 2, "building-stone": 2,
            "wooden-building": 2, "stone-building": 2, "multi-story": 2}


@dataclass(frozen=True)
class Residual:
    """[7.31] Opportunity fire left in a hex for the rest of the impulse: its AP firepower, firers' side."""

    hex: Hex
    fp: Fraction
    side: str


@dataclass(frozen=True)
class FireTeamState(GameState):
    """What Fire Team tracks besides units and decisions: the command points [4] (``command.Command``), the
    units that took AP fire this turn (no automatic recovery, 8.2) and the vehicles fired at (8.3), the movers
    hit by opportunity or residual fire who end their move where they are (7.33), and this impulse's
    residual fire (7.31)."""

    command: cmd.Command = dataclasses.field(default_factory=cmd.Command)
    fired_at: frozenset[str] = frozenset()
    halted: tuple[str, ...] = ()
    residual: tuple[Residual, ...] = ()
    smoke: frozenset[Hex] = frozenset()  # hexes under a Smoke marker [10.3]
    smoke_by: Mapping[str, int] = dataclasses.field(default_factory=dict)  # smoke laid this impulse [10.1]
    control: Mapping[str, str] = dataclasses.field(default_factory=dict)  # victory hex -> side [11.16]
    exited: Mapping[str, int] = dataclasses.field(default_factory=dict)  # side -> exit VP [11.17]
    gone: frozenset[str] = frozenset()  # units that left the map (no CP loss, 4.12)
    through: Mapping[Hex, Mapping[str, int]] = dataclasses.field(default_factory=dict)  # come on [11.24]
    spotters: Mapping[str, Hex] = dataclasses.field(default_factory=dict)  # observers as the turn began [9.1]
    barrages: Mapping[str, int] = dataclasses.field(default_factory=dict)  # indirect fires this turn [9.31]
    arty_moved: frozenset[str] = frozenset()  # artillery that moved this turn [9.31]
    plots: Mapping[str, tuple[Hex, ...]] = dataclasses.field(default_factory=dict)  # secret plots left [9.1]
    turning: Mapping[str, int] = dataclasses.field(default_factory=dict)  # vehicle -> facing to come [5.31]
    # "side battery" -> each plotted fire's hexes, not fired yet [9.41], [9.42]
    battery_plots: Mapping[str, tuple[tuple[Hex, ...], ...]] = dataclasses.field(default_factory=dict)
    smoke_rounds: Mapping[str, int] = dataclasses.field(default_factory=dict)  # side -> left [10.24]
    note: str = ""  # what the last draw from the cup did, for people

    def replace(self, **changes: Any) -> FireTeamState:
        return dataclasses.replace(self, **changes)


class FireTeamGame(Game):
    name: ClassVar[str] = "fireteam"
    sealed_hexes: ClassVar[bool] = True  # [11.3] a hidden set-up is written down, hex and all, not placed
    title: ClassVar[str] = "Fire Team"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "ift": ("fp", "final_dr"), "gm_kill": ("differential", "column")}
    # [2.5] every roll is one d10; a chit is drawn with two (01-100, command.draw_index)
    dice: ClassVar[Mapping[str, DiceSpec]] = {"d10": FT_D10, "chit": FT_D100}
    flip_markers: ClassVar[frozenset[str]] = frozenset({"reduced"})  # [6.37] the reduced side of the counter
    marker_counters: ClassVar[frozenset[str]] = frozenset(
        {"fear1", "fear2", "fear3", "fear4", OPP_FIRE, vehicles.VEHICLE_FEAR, CAUTIOUS}
    )

    def initial_game_state(self, scenario: Scenario) -> FireTeamState:
        """[11.14] Each side's CP allowance as its chits, from the scenario's ``options.cp``."""
        chits: dict[str, tuple[int, ...]] = {}
        raw = scenario.options.get("cp", {})
        for side in scenario.sides:
            own = raw.get(side.id, {}).get("chits") if isinstance(raw.get(side.id), dict) else None
            if not isinstance(own, list) or not all(isinstance(c, int) and 1 <= c <= 5 for c in own):
                raise DataError(
                    f"{scenario.source}: options.cp.{side.id}.chits: "
                    "a list of CP chits of 1-5 is needed (11.14)"
                )
            chits[side.id] = tuple(sorted(own, reverse=True))
        rounds = scenario.options.get("smoke_rounds", {})
        if not isinstance(rounds, dict) or not all(isinstance(v, int) and v >= 0 for v in rounds.values()):
            raise DataError(f"{scenario.source}: options.smoke_rounds: side -> a whole number (10.24)")
        return FireTeamState(command=cmd.Command(chits=chits), control=self.initial_control(scenario),
                             smoke_rounds=dict(rounds))

    def initial_state(self, scenario: Scenario, hex_map: HexMap) -> State:
        """The set-up, with each vehicle's facing [5.3] (``options.facing``: unit -> N, NNE, NE, E, ...) and
        the reinforcements off the map until they enter [11.2] (``options.reinforcements``)."""
        state = super().initial_state(scenario, hex_map)
        raw = scenario.options.get("facing", {})
        if not isinstance(raw, dict):
            raise DataError(f"{scenario.source}: options.facing: unit -> facing (5.3)")
        for uid, name in raw.items():
            if uid not in state.units or not isinstance(name, str):
                raise DataError(f"{scenario.source}: options.facing.{uid}: no such unit, or no facing name")
            try:
                facing = vehicles.facing_index(name)
            except ValueError as error:
                raise DataError(f"{scenario.source}: options.facing.{uid}: {error}") from None
            state = state.with_unit(dataclasses.replace(state.units[uid], facing=facing))
        carry = scenario.options.get("carry", {})
        if not isinstance(carry, dict):
            raise DataError(f"{scenario.source}: options.carry: SW -> the unit carrying it (5.15)")
        for weapon, owner in carry.items():
            w, o = state.units.get(weapon), state.units.get(str(owner))
            if w is None or o is None or w.type != sw.SW or o.type not in sw.CARRY or w.hex != o.hex:
                raise DataError(f"{scenario.source}: options.carry.{weapon}: a SW and a squad, team or "
                                "leader set up in its hex (5.15)")
            state = state.with_unit(dataclasses.replace(w, carrier=o.id))
            if len(sw.carried_by(state, o.id)) > sw.CARRY[o.type]:
                raise DataError(f"{scenario.source}: options.carry: {o.id} carries at most "
                                f"{sw.CARRY[o.type]} SW (5.15)")
        for uid in reinforce.validate(scenario, hex_map):  # [11.2] checked at load (rules/games/entry.py)
            state = state.with_unit(dataclasses.replace(state.units[uid], hex=None))
        if scenario.options.get("night"):  # [15.8] at night every unit set up on the map starts hidden
            for unit in list(state.units.values()):
                if unit.hex is not None and not unit.concealed and not unit.has(night.GUN_FLASH):
                    state = state.with_unit(dataclasses.replace(unit, concealed=True))
        return state

    def initial_control(self, scenario: Scenario) -> dict[str, str]:
        """[11.16] The scenario's victory hexes (``options.victory.control``: hex -> the side holding it at
        the start); a non-leader unit set up on one holds it for its side."""
        raw = scenario.options.get("victory", {}).get("control", {})
        sides = {s.id for s in scenario.sides}
        if not isinstance(raw, dict) or not all(isinstance(v, str) and v in sides for v in raw.values()):
            raise DataError(f"{scenario.source}: options.victory.control: hex -> one of {sorted(sides)}")
        control = dict(raw)
        for setup in scenario.units:
            if setup.hex in control and scenario.counters[setup.counter].type != LEADER:
                control[setup.hex] = setup.side
        return control

    @staticmethod
    def gstate(state: State) -> FireTeamState:
        assert isinstance(state.game, FireTeamState)
        return state.game

    def cp(self, state: State) -> cmd.Command:
        return self.gstate(state).command

    def with_cp(self, state: State, command: cmd.Command) -> State:
        return state.replace(game=self.gstate(state).replace(command=command))

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type not in UNIT_TYPES:
            return f"type {counter.type!r}: Fire Team plays {', '.join(UNIT_TYPES)} [2.3]"
        if counter.type == VEHICLE:
            return vehicles.check_counter(counter)
        if counter.type == sw.SW:
            if vehicles.has_gm(counter) or (
                isinstance(counter.values.get("fp"), int) and isinstance(counter.values.get("range"), int)
            ):
                return None
            return "a SW needs whole-number 'fp' and 'range', or G/M 'gm' and 'gm_bands' [2.36]"
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

    def sight(self, position: Position) -> activation.SightFn:
        return lambda a, b: a == b or not self.los(position, a, b).blocked

    def los(self, position: Position, a: Hex, b: Hex) -> Sight:
        """[6.1] The map's LOS, and smoke between the two hexes [10.32]."""
        sight = self.terrain_table().line_of_sight(position.map, a, b)
        if not sight.blocked and smoke.blocks(self.gstate(position.state).smoke, a, b, position.map.level):
            return Sight(True, sight.hindrance, "smoke between (10.32)")
        return sight

    def nationality(self, position: Position, side: str) -> str:
        nat = position.scenario.side(side).nationality.lower()
        return "soviet" if nat in ("soviet", "sov", "ussr") else "us"

    # --- the chit cup and impulses [4.1]-[4.15] ---
    def impulse_side(self, position: Position) -> str:
        return self.cp(position.state).active or position.scenario.first_side

    def draw_decision(self, position: Position, side: str, note: str = "") -> Decision:
        command = self.cp(position.state)
        rem = ", ".join(f"{s} {cmd.fmt(v)}" for s, v in sorted(command.remaining.items()))
        prompt = (T("{note}: draw a CP chit from the cup ({cup} chits; CP remaining {rem})", note=note,
                    cup=len(command.cup), rem=rem) if note else
                  T("draw a CP chit from the cup ({cup} chits; CP remaining {rem})", cup=len(command.cup),
                    rem=rem))
        return Decision("roll", side, prompt, "4.1", "draw", dice="chit")

    def resume_draw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = position.state
        command, drawn = cmd.draw(self.cp(state), answer.dice or ())
        state = self.with_cp(state, command)
        if drawn.what == "impulse":
            assert drawn.chit is not None
            side, value = drawn.chit
            note = T("{side} {value}-chit: an impulse of {cp} CP, {left} left (4.13)", side=side, value=value,
                     cp=cmd.fmt(drawn.received), left=cmd.fmt(command.left(side)))
            units = {u: s.mark(remove=(OPP_FIRE,)) for u, s in state.units.items()}  # [7.23] a new impulse
            gs = self.gstate(state)
            return state.replace(units=units, game=gs.replace(note=note, residual=(), halted=(), smoke_by={},
                                                              through={}))
        if drawn.what == "barrage":
            assert drawn.chit is not None
            side, battery = drawn.chit[0], -drawn.chit[1]
            note = T("{side} battery {battery} fires (9.42)", side=side, battery=battery)
            state = state.replace(game=self.gstate(state).replace(note=note))
            state, rolls = artillery.barrage(self, position.at(state), side, battery)
            return state.push(*rolls, self.draw_decision(position.at(state), decision.side))
        if drawn.what == "again":
            note = T("the dice fell beyond the cup")
        elif drawn.what == "back":
            assert drawn.chit is not None
            note = T("{side} {value}-chit over the consecutive limit goes back (4.14)", side=drawn.chit[0],
                     value=drawn.chit[1])
        else:
            assert drawn.chit is not None
            note = T("{side} {value}-chit ignored: {side} has no CP left (4.15)", side=drawn.chit[0],
                     value=drawn.chit[1])
        state = state.replace(game=self.gstate(state).replace(note=note))
        over, why = cmd.phase_over(command)
        if over:
            return self.with_cp(state, command.replace(over=True)).replace(
                game=self.gstate(state).replace(command=command.replace(over=True), note=why))
        return state.push(self.draw_decision(position.at(state), decision.side, note))

    def end_impulse(self, position: Position) -> State:
        """The active side passes: unspent CP of the impulse is lost [4.5]; the next chit is drawn unless
        the Action Phase is over [4.15]."""
        state = position.state
        command = self.cp(state)
        side = command.active
        command = command.replace(active="", cp=cmd.ZERO, activated={}, used=frozenset(),
                                  leaders_used=frozenset(), rallied=frozenset(), mover=(), spent={},
                                  moving_fired=frozenset())
        state = self.with_cp(state, command)
        over, why = cmd.phase_over(command)
        if over:
            done = command.replace(over=True)
            return state.replace(game=self.gstate(state).replace(command=done, note=why))
        return state.push(self.draw_decision(position.at(state), side or position.scenario.first_side))

    def settle(self, position: Position) -> State:
        """[6.25] A SW whose carrier is gone lies abandoned in its hex."""
        return super().settle(position.at(sw.abandon_orphans(position.state)))

    def phase_over(self, position: Position) -> bool:
        return position.phase.id == "action" and self.cp(position.state).over

    def check_pass(self, position: Position) -> None:
        if position.phase.id == "action" and not self.cp(position.state).active:
            raise IllegalAction(T("draw a chit first"), "4.1")

    # --- activation [4.2]-[4.4] ---
    def can_act(self, position: Position, unit: UnitState) -> Why | None:
        """Why this unit may not act now on its own side's impulse (None if it may)."""
        if position.phase.id != "action":
            return Why(T("units act in the Action Phase"), "3.0")
        command = self.cp(position.state)
        if unit.side != command.active:
            return Why(T("{unit} is not the active side's", unit=unit.id), "4.1")
        if unit.id in command.used:
            return Why(T("{unit} has already acted on its activation this impulse", unit=unit.id), "4.22")
        if unit.type == sw.SW:
            return Why(T("{unit} is a SW: it fires with the unit carrying it", unit=unit.id), "6.21")
        if unit.carrier is not None:
            return Why(T("{unit} rides in {vehicle}: it acts with its vehicle",
                         unit=unit.id, vehicle=unit.carrier),
                       "5.43")
        if unit.hex is None:
            if reinforce.off_map(position, unit):
                return reinforce.why_not(position, unit)
            return Why(T("{unit} is not on the map", unit=unit.id), "11.2")
        return None

    def activation_cost(self, position: Position, units: list[UnitState], mode: str) -> activation.Cost:
        side = units[0].side
        command = self.cp(position.state)
        leaders = [u for u in position.units.values() if u.side == side and u.type == LEADER
                   and u.id not in command.leaders_used]
        others = [u for u in position.units.values() if u.side == side]
        units = reinforce.as_if_entering(position, units)  # [4.39] reinforcements as on their entry hex
        return activation.cost(
            units, self.nationality(position, side), cmd.load(), self.sight(position), mode, leaders, others
        )

    def activation_due(self, position: Position, ids: tuple[str, ...], mode: str) -> tuple[
            activation.Cost | None, cmd.Command]:
        """What acting now costs these units: nothing if all are activated for it this impulse, else their
        activation as one group, paid from the impulse's CP and their saved CP; IllegalAction otherwise."""
        command = self.cp(position.state)
        units = [position.units[u] for u in ids]
        for unit in units:
            why = self.can_act(position, unit)
            if why:
                raise why.illegal()
        done = [u for u in ids if u in command.activated]
        if done and len(done) == len(ids):
            for u in ids:
                allowed = {mode, "any"} | ({CAUTIOUS} if mode == "move" else set())
                if command.activated[u] not in allowed and units[0].type != LEADER:
                    raise IllegalAction(T("{unit} was activated to {how}, not to {mode}",
                                          unit=u, how=command.activated[u], mode=mode), "4.35")
            return None, command
        if done:
            raise IllegalAction(
                T("{done} already activated and {others} not: activate a group together first",
                  done=", ".join(done), others=", ".join(u for u in ids if u not in done)), "4.22",
            )
        cost = self.activation_cost(position, units, mode)
        paid = cmd.pay(command, cost.cp, [u.id for u in units if u.type != LEADER])
        if paid is None:
            pool = command.cp + sum((command.saved_on(u.id) for u in units), cmd.ZERO)
            raise IllegalAction(
                T("the activation costs {text}; only {cp} CP to spend",
                  text=cost.text(), cp=cmd.fmt(pool)), "4.21"
            )
        paid = paid.replace(
            activated={**paid.activated, **{u.id: mode for u in units}},
            leaders_used=paid.leaders_used | ({cost.leader} if cost.leader else set()),
        )
        return cost, paid

    def check_activate(self, position: Position, action: act.Activate) -> act.Activate:
        if position.state.decision is not None:
            raise IllegalAction(T("activation is the active side's, in its own impulse"), "4.2")
        if not action.mode:
            raise InvalidAction(T("say what it is for: 'activate UNIT for move|fire|any|cautious' (4.2)"))
        for uid in action.units:
            if uid not in position.units:
                raise InvalidAction(T("no unit {uid!r} in this game", uid=uid))
        ids = tuple(sorted(set(action.units)))
        if len(ids) != len(action.units):
            raise InvalidAction(T("a unit is named twice"))
        if any(u in self.cp(position.state).activated for u in ids):
            raise IllegalAction(T("a unit activates once per impulse"), "4.22")
        if action.mode == "any" and self.nationality(position, position.units[ids[0]].side) == "soviet":
            raise IllegalAction(T("a Soviet group either moves or fires as a whole"), "4.35")
        self.activation_due(position, ids, action.mode)
        return act.Activate(ids, action.mode)

    def check_save(self, position: Position, save: act.Save) -> act.Save:
        command = self.cp(position.state)
        unit = position.units.get(save.unit)
        if unit is None:
            raise InvalidAction(T("no unit {unit!r} in this game", unit=save.unit))
        if unit.side != command.active or position.state.decision is not None:
            raise IllegalAction(T("only the active side saves CP, in its impulse"), "4.5")
        if unit.type == LEADER:
            raise IllegalAction(T("saved CP never goes on a leader"), "4.51")
        amount = Fraction(save.cp)
        if amount <= 0 or (amount * 2).denominator != 1:
            raise IllegalAction(T("CP are saved in steps of 0.5"), "4.5")
        if amount > command.cp:
            raise IllegalAction(T("only {cp} CP of this impulse is left to save",
                                  cp=cmd.fmt(command.cp)), "4.5")
        return save

    # --- movement ---
    def cost_fn(self, position: Position, units: list[UnitState]) -> CostFn:
        if any(u.type == VEHICLE for u in units):
            base = vehicles.cost_fn(position, units)
        else:
            base = self.terrain_table().cost_fn("infantry")
        side = units[0].side
        moving = {u.id for u in units}
        command = self.cp(position.state)
        cautious = all(command.activated.get(u.id) == CAUTIOUS for u in units)  # [5.21] +1 MP a hex
        smoked = self.gstate(position.state).smoke
        squads = sum(1 for u in units if u.type == "squad")
        infantry = sum(1 for u in units if u.type not in (LEADER, VEHICLE))
        tanks = sum(1 for u in units if u.type == VEHICLE)
        by_hex = units_by_hex(position)

        def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            here = by_hex.get(b, [])
            enemies = [u for u in here if u.side != side and u.type != sw.SW]  # [6.25] a SW alone: no bar
            if any(u.type != LEADER for u in enemies) or (enemies and not (infantry or tanks)):
                return None  # [5.5] no entry to enemy non-leader hexes; leaders alone never enter enemy hexes
            friends = [u for u in here if u.side == side and u.id not in moving and u.carrier is None
                       and u.type != sw.SW]
            if (
                sum(1 for u in friends if u.type not in (LEADER, VEHICLE)) + infantry > 6
                or sum(1 for u in friends if u.type == "squad") + squads > 3
                or sum(1 for u in friends if u.type == VEHICLE) + tanks > 4
            ):
                return None  # [5.5] 6 non-leader infantry (3 squads) and 4 vehicles, even passing through
            step: int | Fraction | None = base(m, a, b)
            if step is not None and cautious:
                step += 1
            if step is not None and b in smoked:
                step += smoke.ENTER_COST  # [10.32]
            return step

        return cost

    def budget(self, units: list[UnitState], night: bool = False) -> int | Fraction:
        """[5.11] Infantry moving with a leader the whole way get +2 MA; the leader goes along free with
        the unit he moves with [4.42], so his own MA does not hold the stack back. A stack moves at its
        slowest member; a feared vehicle at half its MA [6.35]; at night every MA is halved, rounded up
        [15.1], [2.7]."""
        if any(u.type == VEHICLE for u in units):
            ma: int | Fraction = min(vehicles.movement_allowance(u) for u in units if u.type == VEHICLE)
        elif not (infantry := [u for u in units if u.type != LEADER]):
            ma = min(int(u.values["ma"]) for u in units)
        else:
            bonus = LEADER_BONUS if len(infantry) < len(units) else 0
            ma = min(int(u.values["ma"]) + bonus for u in infantry)
        return math.ceil(Fraction(ma, 2)) if night else ma

    def mp_left(self, position: Position, units: list[UnitState]) -> int | Fraction:
        """What the units have left of their MA this activation (a move in legs, or Moving Fire, 6.6)."""
        spent = self.cp(position.state).spent
        used = max((spent.get(u.id, cmd.ZERO) for u in units), default=cmd.ZERO)
        return self.budget(units, self.night(position)) - used

    def moving_fire_cost(self, units: list[UnitState]) -> int:
        """[6.6] Moving Fire costs +3 MP for a vehicle, +2 for dismounted infantry."""
        return 3 if any(u.type == VEHICLE for u in units) else 2

    def is_moving_fire(self, position: Position, ids: tuple[str, ...]) -> bool:
        """Fire by units activated to move (or, US 'any', that have moved) is Moving Fire [6.6], [4.35]."""
        command = self.cp(position.state)
        shooters = [u for u in ids if position.units[u].type != LEADER]
        if not shooters:
            return False  # a leader firing his SW on his own activation [4.42]
        modes = {command.activated.get(u) for u in shooters}
        if modes <= {"move", CAUTIOUS} and None not in modes:
            return True
        return modes == {"any"} and any(command.spent.get(u, 0) for u in shooters)

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "5.12")
        if position.state.over or any(self.can_act(position, u) for u in units):
            return {}
        ids = tuple(u.id for u in units)
        try:
            self.activation_due(position, ids, "move")
        except IllegalAction:
            return {}
        reach = reachable(position.map, start, self.mp_left(position, units), self.cost_fn(position, units))
        out = {h: act.Move(ids, r.path, r.cost) for h, r in reach.items() if h != start}
        if any(u.type == VEHICLE for u in units):
            out = {h: m for h, m in out.items() if vehicles.path_ok(units, m.path) is None
                   and not vehicles.reversing(units[0], m.path)}
            for h, m in self.reverse_moves(position, units, start).items():
                out.setdefault(h, m)
        return out

    def reverse_moves(self, position: Position, units: list[UnitState], start: Hex) -> dict[Hex, act.Move]:
        """[5.33] Where a vehicle can back up to: rear hexes only, facing unchanged, 3x each hex's cost."""
        tank = next(u for u in units if u.type == VEHICLE)
        if tank.facing is None or len(units) != 1:
            return {}
        cost = self.cost_fn(position, units)
        budget = self.mp_left(position, units)
        ids = tuple(u.id for u in units)
        out: dict[Hex, act.Move] = {}
        frontier: list[tuple[tuple[Hex, ...], int | Fraction]] = [((start,), 0)]
        while frontier:
            path, spent = frontier.pop()
            for d in vehicles.rear_dirs(tank.facing):
                nxt = neighbor(path[-1], d)
                step = cost(position.map, path[-1], nxt) if nxt in position.map.hexes else None
                if step is None or spent + vehicles.REVERSE_TIMES * step > budget:
                    continue
                total = spent + vehicles.REVERSE_TIMES * step
                if nxt not in out or (out[nxt].cost or 0) > total:
                    out[nxt] = act.Move(ids, (*path, nxt), total)
                    frontier.append(((*path, nxt), total))
        return out

    def check_move(self, position: Position, move: act.Move) -> act.Move:
        units, start = group_of(position, frozenset(move.units), "5.12")
        if position.state.decision is not None:
            raise IllegalAction(T("only the active side moves, in its impulse"), "4.2")
        self.activation_due(position, tuple(u.id for u in units), "move")
        if move.path[0] != start or len(move.path) < 2:
            raise IllegalAction(T("a move starts at the units' hex"), "5.1")
        for a, b in zip(move.path, move.path[1:], strict=False):
            if distance(a, b) != 1:
                raise IllegalAction(T("a move goes hex by hex: {b} is not next to {a}",
                                      a=position.map.label(a), b=position.map.label(b)), "5.1")
        if any(u.type == VEHICLE for u in units):
            why = vehicles.path_ok(units, move.path)
            if why:
                raise IllegalAction(why, "5.31")
        cost = self.cost_fn(position, units)
        backing = any(vehicles.reversing(u, move.path) for u in units)
        if backing and self.cp(position.state).activated.get(units[0].id) == CAUTIOUS:
            raise IllegalAction(T("no cautious movement while backing up"), "5.33")
        total: int | Fraction = 0
        for a, b in zip(move.path, move.path[1:], strict=False):
            step = cost(position.map, a, b) if distance(a, b) == 1 and b in position.map.hexes else None
            if step is None:
                raise IllegalAction(T("step {hex}-{hex2} is not allowed",
                                      hex=position.label(a), hex2=position.label(b)), "5.1")
            total += vehicles.REVERSE_TIMES * step if backing else step  # [5.33] three times backing up
        if total > self.mp_left(position, units):
            raise IllegalAction(T("the path costs {total} MP, the units have {mp}",
                                  total=total, mp=self.mp_left(position, units)),
                                "5.1")
        return act.Move(tuple(u.id for u in units), move.path, total)

    def begin_move(self, position: Position, move: act.Move) -> State:
        ids = tuple(sorted(move.units))
        position = position.at(self.with_cp(position.state, self.cp(position.state).switch_mover(ids)))
        _, command = self.activation_due(position, ids, "move")
        cost = Fraction(move.cost or 0)
        spent = {**command.spent, **{u: command.spent.get(u, cmd.ZERO) + cost for u in ids}}
        command = command.replace(mover=ids, spent=spent)
        state = position.state
        for uid in ids:  # [11.31] moving gives a hidden unit away
            if state.units[uid].concealed:
                state = state.with_unit(state.units[uid].revealed())
        position = position.at(state)
        return super().begin_move(position.at(self.with_cp(position.state, command)), move)

    # --- moves hex by hex: opportunity fire at each hex entered [7.0], residual fire [7.31] ---
    def enter(self, position: Position) -> State:
        """[5.5] Infantry entering a hex that holds only enemy leaders eliminates them at once; [5.31] a
        vehicle enters facing as it was and turns to face the way it entered after the opportunity fire
        there (``move_on``); [7.31] each residual fire in the hex rolls against the newcomers."""
        state = super().enter(position.at(self.turn_now(position.state)))
        moving = state.moving
        assert moving is not None
        movers = [state.units[u] for u in moving.units if u in state.units]
        if not movers:
            return state
        side = movers[0].side
        cautious = all(self.cp(state).activated.get(u.id) == CAUTIOUS for u in movers)
        for unit in movers:
            # [5.25] a move to a new hex takes the Cautious marker off; [5.21], [5.22] a hex entered
            # cautiously puts a fresh (yellow) one on, kept if it is the last
            unit = unit.mark(CAUTIOUS, remove=(BROWN,)) if cautious else unit.mark(remove=(CAUTIOUS, BROWN))
            unit = unit.mark(remove=(night.GUN_FLASH,))  # [15.5] a flash stays until the unit moves on
            if artillery.is_artillery(unit):  # [9.31] artillery that moves fires no more indirectly (its
                gs = self.gstate(state)  # plot is cancelled)
                plots = {u: hs for u, hs in gs.plots.items() if u != unit.id}
                state = state.replace(game=gs.replace(arty_moved=gs.arty_moved | {unit.id}, plots=plots))
            state = state.with_unit(unit)
            if unit.type == VEHICLE and not vehicles.reversing(unit, moving.path):  # [5.33] backing keeps it
                facing = vehicles.face_along(unit, moving.path[moving.at - 1], moving.here).facing
                if facing != unit.facing:
                    gs = self.gstate(state)
                    state = state.replace(game=gs.replace(turning={**gs.turning, unit.id: facing}))
            for rider in [u for u in state.units.values() if u.carrier == unit.id]:
                state = state.with_unit(rider.at(moving.here))
                for weapon in sw.carried_by(state, rider.id):  # a rider's SWs ride too
                    state = state.with_unit(weapon.at(moving.here))
        state = sw.pick_up(state, [state.units[u.id] for u in movers], moving.here)  # [6.25]
        here = position.label(moving.here)
        gs = self.gstate(state)
        if here in gs.control and any(u.type != LEADER for u in movers):  # [11.16] passing through holds it
            state = state.replace(game=gs.replace(control={**gs.control, here: side}))
        if any(u.type not in (LEADER,) for u in movers):
            for enemy in list(state.units.values()):
                if enemy.hex == moving.here and enemy.side != side and enemy.type == LEADER:
                    state = state.without_unit(enemy.id)
        # [11.32] a vehicle sights with the facing it takes in the hex (5.31)
        seen = self.sight_hidden(position.at(self.turn_now(state)), movers).units
        state = state.replace(units={u: seen[u] if s.concealed and u in seen and not seen[u].concealed else s
                                     for u, s in state.units.items()})
        targets = tuple(u.id for u in movers if u.type != VEHICLE)
        checks = [
            Decision(
                "roll", side, T("{units} entered residual fire of {fp} FP at {hex}: roll the d10 on the IFT",
                                units=", ".join(targets), fp=cmd.fmt(r.fp), hex=position.label(r.hex)),
                "7.31", "residual", dice="d10",
                subject=targets, target=r.hex, args=(("fp", str(r.fp)),),
            )
            for r in self.gstate(state).residual if r.hex == moving.here and r.side != side and targets
        ]
        return state.push(*checks)

    def sight_hidden(self, position: Position, movers: list[UnitState]) -> State:
        """[11.31] b: hidden enemy units within sighting distance of a mover, in its LOS (a vehicle sees only
        into its front arc, 11.32), are revealed. The Sighting Chart is not printed: ``SIGHTING`` holds demo
        distances."""
        state = position.state
        for hidden in sorted(state.units.values(), key=lambda u: u.id):
            if not hidden.concealed or hidden.hex is None or hidden.side == movers[0].side:
                continue
            reach = SIGHTING.get(position.map.terrain(hidden.hex), SIGHTING["open"])
            if hidden.type == VEHICLE:
                reach *= 2
            if self.night(position):  # [15.3] at night the Sighting Chart's night ranges
                reach = min(reach, night.sighting_range(hidden))
            for mover in movers:
                spot = state.units.get(mover.id)
                if spot is None or spot.hex is None or distance(spot.hex, hidden.hex) > reach:
                    continue
                if spot.type == VEHICLE and not vehicles.in_front(spot, hidden.hex):
                    continue
                if not self.los(position.at(state), spot.hex, hidden.hex).blocked:
                    state = state.with_unit(hidden.revealed())
                    for rider in [u for u in state.units.values() if u.carrier == hidden.id]:
                        state = state.with_unit(rider.revealed())  # [11.33] riders show with their vehicle
                    break
        return state

    def resume_residual(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ft_fire.resume_residual(self, position, decision, answer)

    def can_react(self, position: Position, side: str) -> bool:
        moving = position.state.moving
        assert moving is not None
        probe = position.at(position.state.push(
            Decision("react", side, "", "7.1", "move_on", target=moving.here)))
        return ft_fire.can_fire_at(self, probe, side, moving.here)

    def can_continue(self, position: Position) -> bool:
        """[7.33] A mover that took any result from opportunity (or residual) fire ends its move there."""
        moving = position.state.moving
        assert moving is not None
        alive = [u for u in moving.units if u in position.units]
        return bool(alive) and not set(alive) & set(self.gstate(position.state).halted)

    def turn_now(self, state: State) -> State:
        """[5.31] The vehicles that entered a hex turn now (after the opportunity fire at their entry)."""
        gs = self.gstate(state)
        for uid, facing in gs.turning.items():
            if uid in state.units:
                state = state.with_unit(dataclasses.replace(state.units[uid], facing=facing))
        return state.replace(game=self.gstate(state).replace(turning={}))

    def move_on(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """[5.31] After the opportunity fire at a hex entered, a vehicle turns; the other side may fire again
        at it (a second window) before the move goes on. A vehicle the fire stopped (7.33) does not turn: the
        turn is part of its move (5.3), which ends there."""
        state = position.state
        turning = self.gstate(state).turning
        moving = state.moving
        if not turning or moving is None:
            return state
        if not self.can_continue(position):
            return state.replace(game=self.gstate(state).replace(turning={}))
        state = self.turn_now(state)
        view = position.at(state)
        if not self.can_react(view, decision.side):
            return state
        return state.push(Decision(
            "react", decision.side, T("{units} turned in {hex}: fire at it now or pass",
                                      units=", ".join(sorted(turning)), hex=position.label(moving.here)),
            "5.31", "move_on", subject=moving.units, target=moving.here))

    def end_move(self, position: Position) -> State:
        """Stopped short [7.33], the counters go back from the destination to the hex where they stopped
        (a placement the mover's owner makes)."""
        state = self.turn_now(position.state)
        position = position.at(state)
        moving = state.moving
        assert moving is not None
        alive = tuple(u for u in moving.units if u in state.units)
        state = super().end_move(position.at(state))
        state = state.replace(game=self.gstate(state).replace(halted=()))
        if alive and (moving.finished or not moving.stopped):
            leave = reinforce.exit_decision(self, position.at(state), alive)  # [11.17]
            if leave is not None:
                state = state.push(leave)
        if alive and moving.stopped and not moving.finished:
            side = state.units[alive[0]].side
            state = state.push(
                Decision(
                    "hexes", side,
                    T("{units} stopped by fire at {hex}: put the counters there", units=", ".join(alive),
                      hex=position.label(moving.here)), "7.33", "stopped", hexes=(moving.here,),
                    subject=alive,
                    target=moving.here,
                )
            )
        return state

    def resume_stopped(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return position.state  # the rules already hold the units where they stopped; the board now agrees

    def resume_plotbattery(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return artillery.resume_plotbattery(self, position, decision, answer)

    def resume_barrage_roll(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return artillery.resume_barrage_roll(self, position, decision, answer)

    def resume_artysmoke(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return artillery.resume_smoke(self, position, decision, answer)

    def resume_enter_map(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """[11.21], [11.24] Reinforcements put on an entry hex pay its cost from their MA and move on."""
        state = position.state
        where = answer.hexes[0] if answer.hexes else decision.hexes[0]
        if where not in decision.hexes:
            raise IllegalAction(T("{hex} is not an entry hex of theirs", hex=position.label(where)), "11.21")
        units = [state.units[u] for u in decision.subject]
        gs = self.gstate(state)
        cost = reinforce.enter_cost(self, position, units, where, dict(gs.through.get(where, {})))
        if cost < 0:
            raise IllegalAction(T("they cannot enter {hex}", hex=position.label(where)), "5.1")
        for unit in units:
            state = state.with_unit(unit.at(where))
            for rider in [u for u in state.units.values() if u.carrier == unit.id]:
                state = state.with_unit(rider.at(where))
        command = self.cp(state)
        spent = {**command.spent, **{u.id: command.spent.get(u.id, cmd.ZERO) + cost for u in units}}
        gs = self.gstate(state)
        had = gs.through.get(where, {})
        through = {**gs.through, where: {k: had.get(k, 0) + n for k, n in reinforce.counts(units).items()}}
        state = state.replace(game=gs.replace(through=through))
        return self.with_cp(state, command.replace(spent=spent, mover=tuple(u.id for u in units)))

    def resume_exit(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return reinforce.resume_exit(self, position, decision, answer.choice)

    # --- fire and recovery ---
    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        if vehicles.is_gm(position, fire):
            return vehicles.resolve(self, position, fire)
        return ft_fire.resolve(self, position, fire)

    def resume_ift(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ft_fire.resume_ift(self, position, decision, answer)

    def resume_gm(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vehicles.resume_gm(self, position, decision, answer)

    def resume_gmtarget(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vehicles.resume_target(position, decision, answer)

    def resume_ammo(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vehicles.resume_ammo(position, decision, answer)

    def night(self, position: Position) -> bool:
        """[15] A night scenario (``options.night``)."""
        return bool(position.scenario.options.get("night"))

    def resume_casualty(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ft_fire.resume_casualty(self, position, decision, answer)

    def resume_panic(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ft_fire.resume_panic(self, position, decision, answer)

    def resume_rally(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return recovery.resume(self, position, decision, answer)

    def resume_smokeroll(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return smoke.resume_roll(self, position, decision, answer)

    def resume_disperse(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return smoke.resume_disperse(self, position, decision, answer)

    def resume_vrally(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return recovery.resume_vehicle(self, position, decision, answer)

    def resume_plot(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return artillery.resume_plot(self, position, decision, answer)

    def resume_keep(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """[4.54] Saved CP left on the map: kept (CP remaining less their total, rounded up) or taken off."""
        state = position.state
        command = self.cp(state)
        if answer.choice == "keep":
            return self.with_cp(state, command.replace(keep_saved=command.keep_saved | {decision.side}))
        saved = {u: v for u, v in command.saved.items() if state.units[u].side != decision.side}
        return self.with_cp(state, command.replace(saved=saved))

    def check_fire(self, position: Position, action: act.Fire) -> act.Fire:
        """AP fire [6.3], or G/M fire at a hex of enemy vehicles by firers that all have a gun or missile
        [6.5]; the active side's fire activates the firers [4.2], opportunity fire pays its own CP [7.11]."""
        if vehicles.is_gm(position, action):
            fire = vehicles.check(self, position, action)
        else:
            fire = ft_fire.check(self, position, action)
        if not ft_fire.reacting(position):
            if position.state.decision is not None:
                raise IllegalAction(T("only the active side fires, in its impulse"), "4.2")
            acting = self.acting(position, fire.firers)  # [6.41] riders fire on their vehicle's activation
            if self.is_moving_fire(position, acting):
                self.check_moving_fire(position, act.Fire(acting, fire.target))
            else:
                self.activation_due(position, acting, "fire")
        return fire

    def acting(self, position: Position, firers: tuple[str, ...]) -> tuple[str, ...]:
        """The firers that activate: not riders, who fire with their vehicle [6.41]."""
        return tuple(u for u in sw.acting(position, firers) if position.units[u].carrier is None)

    def secret_of(self, position: Position, action: act.Action) -> str:
        """[9.1] An indirect fire is legal only at a plotted hex: listing it would show the plot."""
        if not isinstance(action, act.Fire) or not action.firers:
            return ""
        shooters = [position.units[u] for u in action.firers if u in position.units]
        if shooters and artillery.indirect(self, position, shooters, action.target):
            return shooters[0].side
        return ""

    def sealed_units(self, position: Position) -> Mapping[str, str]:
        """[11.3], [15.8] A hidden unit (at night every unit set up on the map starts hidden) is not on the
        map for the enemy: who and what it is stays sealed in the record until the game ends."""
        return {u.id: u.side for u in position.units.values() if u.concealed}

    def check_moving_fire(self, position: Position, fire: act.Fire) -> None:
        """[6.6] Once per impulse, paying +2 MP (+3 for a vehicle) from what is left, never with a missile."""
        command = self.cp(position.state)
        units = [position.units[u] for u in fire.firers]
        for unit in units:
            if unit.id in command.used:
                raise IllegalAction(T("{unit} has finished its move this impulse", unit=unit.id), "5.12")
            if unit.id in command.moving_fired:
                raise IllegalAction(T("{unit} has made its Moving Fire this impulse", unit=unit.id), "6.6")
            if vehicles.is_gm(position, fire) and unit.values.get("missile"):
                raise IllegalAction(T("{unit}'s missile cannot fire on the move", unit=unit.id), "6.6")
        need = self.moving_fire_cost(units)
        if self.mp_left(position, [u for u in units if u.type != LEADER]) < need:
            raise IllegalAction(T("Moving Fire costs {need} MP more than the units have left",
                                  need=need), "6.6")

    # --- hooks ---
    def check(self, position: Position, action: act.Action) -> act.Action:
        if isinstance(action, act.Rally):
            return recovery.check(self, position, action)
        if isinstance(action, act.Activate):
            return self.check_activate(position, action)
        if isinstance(action, act.Save):
            return self.check_save(position, action)
        if isinstance(action, act.Smoke):
            return smoke.check(self, position, action)
        if isinstance(action, act.Load):
            return transport.check_load(self, position, action)
        if isinstance(action, act.Unload):
            return transport.check_unload(self, position, action)
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            return self.check_fire(position, action)
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            return self.check_move(position, action)
        phase = position.phase
        raise IllegalAction(T("{kind} is not an action of the {name}",
                              kind=action.kind, name=phase.name), phase.rule)

    def apply(self, position: Position, action: act.Action) -> State:
        state = position.state
        if isinstance(action, act.Activate):
            _, command = self.activation_due(position, action.units, action.mode)
            state = self.with_cp(state, command)
            if any(state.units[u].hex is None for u in action.units):  # [11.21] they come on now
                return state.push(reinforce.entry_decision(position.at(state), action.units))
            return state
        if isinstance(action, act.Save):
            command = self.cp(state)
            amount = Fraction(action.cp)
            command = command.replace(cp=command.cp - amount)
            total = command.saved_on(action.unit) + amount
            return self.with_cp(state, command.with_saved(action.unit, total))
        if isinstance(action, act.Rally):
            return recovery.declare(self, position, action)
        if isinstance(action, act.Smoke):
            return smoke.declare(self, position, action)
        if isinstance(action, act.Load):
            return transport.apply_load(self, position, action)
        if isinstance(action, act.Unload):
            return transport.apply_unload(self, position, action)
        if isinstance(action, act.Fire):
            if not ft_fire.reacting(position):
                ids = tuple(sorted(self.acting(position, action.firers)))
                command = self.cp(state).switch_mover(ids)
                position = position.at(self.with_cp(state, command))
                if self.is_moving_fire(position, ids):
                    units = [position.units[u] for u in ids]
                    cost = self.moving_fire_cost(units)
                    spent = {**command.spent, **{u: command.spent.get(u, cmd.ZERO) + cost for u in ids}}
                    fired = command.moving_fired | set(ids)
                    command = command.replace(mover=ids, spent=spent, moving_fired=fired)
                else:
                    _, command = self.activation_due(position, ids, "fire")
                    command = command.replace(used=command.used | set(ids))
                position = position.at(self.with_cp(state, command))
            if vehicles.is_gm(position, action):
                return vehicles.declare(self, position, action)
            return ft_fire.declare(self, position, action)
        raise IllegalAction(T("cannot apply {kind}", kind=action.kind))

    def generate(self, position: Position) -> Iterator[act.Action]:
        if position.state.over or position.phase.id != "action":
            return
        if ft_fire.reacting(position):
            yield from ft_fire.generate(self, position)
            return
        if not self.cp(position.state).active:
            return
        for group in stack_groups(position, lambda u: self.can_act(position, u) is None):
            yield from self.moves_for(position, group).values()
        yield from ft_fire.generate(self, position)
        for unit in sorted(position.units.values(), key=lambda u: u.id):
            if unit.type in (LEADER, VEHICLE) and act.Rally(unit.id) in position.legal_actions:
                yield act.Rally(unit.id)

    def on_phase_start(self, position: Position) -> State:
        """[3.0] Preparation: keep or remove saved CP [4.54]. Action: the cup is filled (losses of last turn
        taken off the chits, 4.12) and the first chit drawn. End: automatic recovery [8.2], [8.3]."""
        state = position.state
        phase = position.phase.id
        if phase == "prep":
            # [5.24] Cautious markers from last turn turn to their brown side
            units = {uid: u.mark(BROWN) if u.has(CAUTIOUS) else u for uid, u in state.units.items()}
            state = state.replace(units=units)
            command = self.cp(state)
            sides = sorted({state.units[u].side for u in command.saved if u in state.units})
            return state.push(*(
                Decision("confirm", side, T("{side}: keep the saved CP on the map (CP remaining less their "
                                            "total, rounded up) or remove them?", side=side), "4.54", "keep",
                         choices=("keep", "remove"))
                for side in sides
            ), *artillery.plot_decisions(self, position.at(state)),
                *artillery.battery_plot_decisions(self, position.at(state)))
        if phase == "action":
            command = self.cp(state)
            losses: dict[str, int] = {}
            for uid in command.present - set(state.units) - self.gstate(state).gone:
                side, loss = self.loss_of(position, uid)
                losses[side] = losses.get(side, 0) + loss
            side_of = {u.id: u.side for u in state.units.values()}
            command = command.replace(chits=self.with_reinforcements(position, command.chits))
            command = cmd.start_turn(command, losses, side_of, cmd.load())
            command = command.replace(present=frozenset(state.units), barrages={},
                                      cup=tuple(sorted((*command.cup, *artillery.battery_chits(position)))))
            state = self.with_cp(state, command)
            gs = self.gstate(state)  # [9.1] who can observe what is fixed as the turn's fire is planned
            state = state.replace(game=gs.replace(spotters=artillery.spotters(position.at(state))))
            return state.push(self.draw_decision(position.at(state), position.scenario.first_side))
        if phase == "end":
            gs = self.gstate(state)
            state = recovery.automatic(position, gs.fired_at)
            # [5.24] brown Cautious markers come off at the end of the turn
            units = {
                uid: u.mark(remove=(OPP_FIRE, CAUTIOUS, BROWN) if u.has(BROWN) else (OPP_FIRE,))
                for uid, u in state.units.items()
            }
            command = gs.command.replace(active="", cp=cmd.ZERO, over=False)
            state = state.replace(units=units, game=FireTeamState(command=command, smoke=gs.smoke,
                                                                  control=gs.control, exited=gs.exited,
                                                                  gone=gs.gone, smoke_rounds=gs.smoke_rounds))
            if gs.smoke:  # [10.31] the smoke dispersal roll comes first in the End Phase
                return state.push(smoke.dispersal_decision(position, position.scenario.first_side))
            return state
        return state

    def with_reinforcements(
        self, position: Position, chits: Mapping[str, tuple[int, ...]]
    ) -> dict[str, tuple[int, ...]]:
        """[11.2], [11.23] A side's reinforcement turn adds its CP chits to the allowance
        (``options.cp.<side>.reinforcements``: turn -> chits)."""
        out = dict(chits)
        raw = position.scenario.options.get("cp", {})
        for side in position.sides:
            extra = (raw.get(side, {}).get("reinforcements") or {}).get(str(position.turn), [])
            if not isinstance(extra, list) or not all(isinstance(c, int) and 1 <= c <= 5 for c in extra):
                raise DataError(f"{position.scenario.source}: options.cp.{side}.reinforcements: "
                                "turn -> a list of CP chits of 1-5 (11.23)")
            out[side] = tuple(sorted((*out.get(side, ()), *extra), reverse=True))
        return out

    def loss_of(self, position: Position, unit_id: str) -> tuple[str, int]:
        """[4.12] The side and the CP loss printed on an eliminated unit (``cp_loss``; none if unprinted)."""
        for setup in position.scenario.units:
            if setup.id == unit_id:
                counter = position.scenario.counters[setup.counter]
                value = counter.values.get("cp_loss", 0)
                return setup.side, value if isinstance(value, int) else 0
        return "", 0

    def outcome(self, position: Position) -> Outcome | None:
        sides = {u.side for u in position.units.values() if u.type not in (LEADER, sw.SW)}
        if len(sides) == 1:
            (winner,) = sides
            return Outcome(winner, T("the enemy has no combat units left"))
        gs = self.gstate(position.state)
        control = gs.control
        if position.state.over and (control or gs.exited):
            held = {s: sorted(h for h, who in control.items() if who == s) for s in position.sides}
            vp = {s: len(h) + gs.exited.get(s, 0) for s, h in held.items()}
            score = ", ".join(T("{side} {vp} VP ({hexes}; {exits} for exits)", side=s, vp=vp[s],
                                hexes=" ".join(h) or "no hexes", exits=gs.exited.get(s, 0))
                              for s, h in held.items())
            best = max(vp.values())
            leaders = [s for s, v in vp.items() if v == best]
            won: str | None = leaders[0] if len(leaders) == 1 else None
            return Outcome(won, T("victory hexes held (11.16) and units exited (11.17) at the end: {score}",
                                  score=score))
        return super().outcome(position)
