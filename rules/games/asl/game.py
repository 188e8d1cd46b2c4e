"""ASL game module: hooks of hexmate.rules.games.base.Game for the minimum viable subset (see __init__)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR, ASL_DR_SINGLE, ASL_SUBSIDIARY, DiceSpec
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import armour, transport, vfire
from hexmate.rules.games.asl import demolition as asl_demolition
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl import rally as asl_rally
from hexmate.rules.games.asl import rout as asl_rout
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Game, GameState, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups, units_by_hex
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

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


@dataclass(frozen=True)
class AslState(GameState):
    """What ASL tracks besides units and decisions: the sides that have self-rallied an MMC this Player Turn
    (A10.63)."""

    self_rallied: tuple[str, ...] = ()

    def replace(self, **changes: Any) -> AslState:
        return dataclasses.replace(self, **changes)


class AslGame(Game):
    name: ClassVar[str] = "asl"
    title: ClassVar[str] = "Advanced Squad Leader"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"ift": ("fp", "final_dr")}
    dice: ClassVar[Mapping[str, DiceSpec]] = {"DR": ASL_DR, "dr": ASL_DR_SINGLE, "subsidiary": ASL_SUBSIDIARY}
    # A1.4: a broken unit shows its other side; A9.7: so does a malfunctioned SW; D10.1: a destroyed vehicle
    # is flipped to its wreck side
    flip_markers: ClassVar[frozenset[str]] = frozenset({"broken", "malfunctioned", "wreck"})
    marker_counters: ClassVar[frozenset[str]] = frozenset(
        {"pinned", "cx", "dm", "prep_fire", "first_fire", "final_fire", "advancing_fire",
         "berserk", "heroic", "wounded", "disrupted", "encircled"}  # A15.4, A15.21, A17.1, A19.12, A7.7
        | {"motion", "shocked", "stunned", "immobilized", "burning"}  # D2.4, D5.34, D8.1, D10.1
    )

    def initial_game_state(self, scenario: Any) -> AslState:
        return AslState()

    @staticmethod
    def gstate(state: State) -> AslState:
        assert isinstance(state.game, AslState)
        return state.game

    # --- counters ---
    def initial_state(self, scenario: Any, hex_map: HexMap) -> State:
        return armour.setup(super().initial_state(scenario, hex_map))  # vehicles' VCA (D2.11)

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type == armour.VEHICLE:
            return armour.check_counter(counter.values)  # D1: the catalogue entry it names
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
        if position.phase.id != "MPh":
            return {}
        if any(armour.is_vehicle(u) for u in units):  # D2: vehicles move alone, with facing
            return armour.moves_for(position, units[0]) if len(units) == 1 else {}
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
    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        return asl_fire.resolve(self, position, fire)

    # --- the hooks ---
    def check(self, position: Position, action: act.Action) -> act.Action:
        if isinstance(action, act.Rally):
            return asl_rally.check(self, position, action)
        if isinstance(action, act.Advance):
            return self.check_advance(position, action)
        if isinstance(action, act.Load):
            return transport.check_load(position, action)  # D6.4
        if isinstance(action, act.Unload):
            return transport.check_unload(position, action)  # D6.5
        if isinstance(action, act.Move):
            if any(u in position.units and position.units[u].carrier for u in action.units):
                raise IllegalAction(T("passengers move with their vehicle until they unload"), "D6.5")
            if any(u in position.units and armour.is_vehicle(position.units[u]) for u in action.units):
                return armour.check_move(position, action)  # D2
            return self.check_move(position, action)
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            if any(u in position.units and armour.is_vehicle(position.units[u]) for u in action.firers):
                return vfire.check_fire(position, action)  # D3: ordnance at vehicles
            target = vfire.cc_target(position, action)
            if target is not None:
                return vfire.check_cc(position, action, target)  # A11.5: CC against a vehicle
            side = asl_fire.firing_side(position)
            enemies = [u for u in position.units_at(action.target) if u.side != side]
            if enemies and all(armour.is_vehicle(u) for u in enemies):
                raise IllegalAction(T("small arms do not attack an AFV in this subset"), "D.8")
            return asl_fire.check(self, armour.infantry_view(position), action)
        phase = position.phase
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
        if isinstance(action, act.Rally):
            return asl_rally.declare(self, position, action)
        if isinstance(action, act.Load):
            return transport.apply_load(position, action)
        if isinstance(action, act.Unload):
            return transport.apply_unload(position, action)
        if isinstance(action, act.Advance):
            for uid in action.units:
                state = state.with_unit(state.units[uid].at(action.path[-1]))
            return state.replace(moved=state.moved + tuple(action.units))
        if isinstance(action, act.Fire):
            if armour.is_vehicle(state.units[action.firers[0]]):
                return vfire.declare_fire(position, action)
            target = vfire.cc_target(position, action)
            if target is not None:
                return vfire.declare_cc(position, action, target)
            return asl_fire.declare(self, position, action)
        raise IllegalAction(f"cannot apply {action.kind}")

    # --- continuations (named by the decisions' ``then``) ---
    def resume_ift(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return self._infantry(asl_fire.resume_ift, position, decision, answer)

    def resume_mc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return self._infantry(asl_fire.resume_mc, position, decision, answer)

    def resume_ptc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return self._infantry(asl_fire.resume_ptc, position, decision, answer)

    def resume_casualty(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return self._infantry(asl_fire.resume_casualty, position, decision, answer)

    def _infantry(self, resume: Any, position: Position, decision: Decision, answer: act.Answer) -> State:
        """An infantry fire's continuation works on the position without its vehicles (armour.py)."""
        after: State = resume(self, armour.infantry_view(position), decision, answer)
        return armour.restore(position, after)

    # chapter D: a vehicle's facing question, its To Hit, To Kill and crew survival DRs (armour.py)
    def resume_vfacing(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return armour.resume_facing(position, decision, answer)

    def resume_vth(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_th(position, decision, answer)

    def resume_vtk(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_tk(position, decision, answer)

    def resume_vcs(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_cs(position, decision, answer)

    def resume_vbog(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return armour.resume_bog(position, decision, answer)

    def resume_vesb(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return armour.resume_esb(position, decision, answer)

    def begin_move(self, position: Position, move: act.Move) -> State:
        state = super().begin_move(position, move)
        if move.units[0] in position.units and armour.is_vehicle(position.units[move.units[0]]):
            return armour.begin_move(position, state)  # D2.5: ESB asked before the first hex
        return state

    def resume_vcc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_cc(position, decision, answer)

    def resume_vcc2(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_cc2(position, decision, answer)

    def check_reply(self, position: Position, decision: Decision, answer: act.Answer) -> None:
        if decision.then == "vfacing":
            armour.check_facing(position, decision, answer)

    def resume_lltc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_lltc(self, position, decision, answer)

    def resume_wound(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_wound(self, position, decision, answer)

    def resume_hob(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_hob(self, position, decision, answer)

    def resume_malfunction(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_malfunction(self, position, decision, answer)

    def resume_sw_kia(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_sw_kia(self, position, decision, answer)

    def resume_dc_thrower(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_demolition.resume_thrower(self, position, decision, answer)

    def resume_sniper(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_sniper(self, position, decision, answer)

    def resume_sniper_target(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_sniper_target(self, position, decision, answer)

    def resume_rally(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rally.resume(self, position, decision, answer)

    def resume_rout(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rout.resume(self, position, decision, answer)

    # --- moves hex by hex: Defensive First Fire at each hex entered (A8.1) ---
    def enter(self, position: Position) -> State:
        """Enter the next hex: a concealed enemy there is revealed and the movers stay where they were
        (A12.15); a concealed mover seen entering it loses its "?" (A12.14)."""
        state = position.state
        moving = state.moving
        assert moving is not None
        if armour.is_vehicle(state.units[moving.units[0]]):
            return armour.enter(position, super().enter(position))  # D2.11: its VCA on entering
        side = state.units[moving.units[0]].side
        hidden = [u for u in position.units_at(moving.here) if u.side != side and u.concealed]
        if hidden:
            for enemy in hidden:
                state = state.with_unit(enemy.revealed())
            why = "bumped into a concealed enemy (A12.15)"
            back = dataclasses.replace(moving, at=moving.at - 1, stopped=why)
            return state.replace(moving=back)
        state = super().enter(position)
        if self.seen_entering(position.at(state), moving.units, moving.here):
            for uid in moving.units:
                state = state.with_unit(state.units[uid].revealed())
        return state

    def can_react(self, position: Position, side: str) -> bool:
        moving = position.state.moving
        assert moving is not None
        probe = position.at(position.state.push(Decision("react", side, "", "A8.1", "move_on")))
        if armour.is_vehicle(position.units[moving.units[0]]):
            return vfire.can_react(probe)  # D3.3: vehicles fire at the vehicle that entered
        return asl_fire.can_fire_at(self, armour.infantry_view(probe), moving.here)

    def can_continue(self, position: Position) -> bool:
        """A8.1: a unit broken, pinned or eliminated by First Fire ends its move in the hex it entered."""
        moving = position.state.moving
        assert moving is not None
        units = [position.units[u] for u in moving.units if u in position.units]
        return bool(units) and not any(u.has("broken") or u.has("pinned") or u.has("wreck") for u in units)

    def end_move(self, position: Position) -> State:
        state = position.state
        moving = state.moving
        assert moving is not None
        if moving.units[0] in state.units and armour.is_vehicle(state.units[moving.units[0]]):
            return armour.end_move(position.at(super().end_move(position)))  # D2.11 facing, D2.13 stop
        budget = self.group_budget([state.units[u] for u in moving.units if u in state.units] or [])
        if moving.finished and isinstance(moving.cost, int | Fraction) and moving.cost > budget:
            for uid in moving.units:  # A4.134: after a Minimum Move, once all First Fire at it is over, a
                unit = state.units.get(uid)  # survivor that is not broken becomes pinned and CX
                if unit is not None and not unit.has("broken"):
                    state = state.with_unit(unit.mark("pinned", "cx"))
        return super().end_move(position.at(state))

    def seen_entering(self, position: Position, units: tuple[str, ...], h: Hex) -> bool:
        """A12.14: a concealed unit that spends MF (without Assault Movement, not in this subset) in the LOS
        of a Good Order enemy ground unit within 16 hexes loses its "?"."""
        movers = [position.units[u] for u in units if u in position.units]
        if not any(u.concealed for u in movers):
            return False
        side = movers[0].side
        for enemy in position.units.values():
            if enemy.side == side or enemy.hex is None or enemy.has("broken"):
                continue
            if distance(enemy.hex, h) <= 16 and not asl_terrain.line_of_sight(position, enemy.hex, h).blocked:
                return True
        return False

    def generate(self, position: Position) -> Iterator[act.Action]:
        state = position.state
        phase = position.phase.id
        if state.decision is not None:  # a reaction window: Defensive First Fire at the mover (A8.1)
            if phase == "MPh" and state.moving is not None and state.moving.units[0] in position.units:
                if armour.is_vehicle(position.units[state.moving.units[0]]):
                    yield from vfire.generate(position)
                else:
                    yield from asl_fire.generate(self, armour.infantry_view(position))
            return
        if phase == "MPh":
            movable = lambda u: (  # noqa: E731
                not armour.is_vehicle(u) and u.carrier is None and self.can_move(position, u) is None
            )
            for group in stack_groups(position, movable):
                yield from self.moves_for(position, group).values()
            for unit in sorted(position.units.values(), key=lambda u: u.id):
                if armour.is_vehicle(unit) and unit.side == position.phasing:
                    yield from armour.moves_for(position, unit).values()
            yield from transport.load_generate(position)  # D6.4, D6.5
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
            yield from asl_fire.generate(self, armour.infantry_view(position))
            yield from vfire.generate(position)
        elif phase == "CCPh":
            yield from vfire.cc_generate(position)  # A11.5: CC against vehicles
        elif phase == "RPh":
            for unit in sorted(position.units.values(), key=lambda u: u.id):
                rally = act.Rally(unit.id)
                if unit.has("broken") and rally in position.legal_actions:
                    yield rally

    def on_phase_end(self, position: Position) -> State:
        state = position.state
        phase = position.phase.id
        remove: tuple[str, ...] = ()
        if phase == "DFPh":
            remove = ("first_fire", "final_fire")  # A3.4: First and Final Fire counters go at its end
        elif phase == "AFPh":
            remove = ("prep_fire", "advancing_fire", "entered")  # A3.5; D2.1: no longer a moving target
        elif phase == "CCPh":
            # A3.8: PIN counters go at the end of the Player Turn; A7.35: so does a SW user's lost inherent FP
            remove = ("pinned", "cc", "no_fire")
        elif phase == "RPh":
            remove = ("rally_tried",)  # A3.1: one rally-phase action per unit, per Rally Phase
            state = state.replace(game=self.gstate(state).replace(self_rallied=()))
        if not remove:
            return state
        units = {uid: u.mark(remove=remove) for uid, u in state.units.items()}
        return state.replace(units=units)

    def on_phase_start(self, position: Position) -> State:
        state = position.state
        phase = position.phase.id
        if phase == "PFPh":
            # A4.51: CX goes when the unit next acts in its own Player Turn; here, at its PFPh.
            phasing = position.phasing
            units = {
                uid: u.mark(remove=("cx",)) if u.side == phasing else u for uid, u in state.units.items()
            }
            return state.replace(units=units)
        if phase == "RtPh":
            routs = []
            for decision in asl_rout.decisions(position):
                if decision.hexes:
                    routs.append(decision)
                else:  # A10.5: nowhere legal to rout to: eliminated for failure to rout
                    state = asl_rout.failure(position.at(state), decision)
            return state.push(*routs)
        return state

    def phase_over(self, position: Position) -> bool:
        """The Rout Phase ends once every rout is done; the CCPh when no Location holds both sides (A3.8)."""
        phase = position.phase.id
        if phase == "RtPh":
            return True
        if phase == "CCPh":
            sides_at: dict[Hex, set[str]] = {}
            for u in position.units.values():
                if u.hex is not None:
                    sides_at.setdefault(u.hex, set()).add(u.side)
            return all(len(s) < 2 for s in sides_at.values())
        return False

    def show(self, position: Position, words: list[str]) -> tuple[dict[Hex, str], str]:
        return armour.show_arc(position, words)  # D3.1: a vehicle's covered arcs on the LEDs

    def outcome(self, position: Position) -> Outcome | None:
        sides = {u.side for u in position.units.values()}
        if len(sides) == 1:
            (winner,) = sides
            return Outcome(winner, "the enemy has no units left")
        return super().outcome(position)
