"""Panzer Grenadier game module (digest section 9, a subset) on the core's decision stack and flow: the
initiative die each side rolls (3.0 A), alternating action segments set by it (3.0 B), one unit (with any
leaders moving along) moving hex by hex under opportunity fire (1.2, 13.0), a stack's direct fire (10.0),
step losses the owner allots and morale checks the owner rolls (7.61, 14.1), recovery and rout (14.4,
14.31), and the marker removal that ends the turn (3.0 C).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving, Physical
from hexmate.rules.dice import PG_1D6, PG_2D6, DiceSpec, Die
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Game, GameState, Line, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, lose_step, units_by_hex
from hexmate.rules.games.pg import activation as pg_act
from hexmate.rules.games.pg import air as pg_air
from hexmate.rules.games.pg import antitank as pg_at
from hexmate.rules.games.pg import assault as pg_assault
from hexmate.rules.games.pg import assault_at as pg_assault_at
from hexmate.rules.games.pg import assault_entry as pg_assault_entry
from hexmate.rules.games.pg import bombard as pg_bombard
from hexmate.rules.games.pg import caves as pg_caves
from hexmate.rules.games.pg import commissar as pg_commissar
from hexmate.rules.games.pg import consolidate as pg_consolidate
from hexmate.rules.games.pg import declare as pg_declare
from hexmate.rules.games.pg import direction as pg_direction
from hexmate.rules.games.pg import drumfire as pg_drum
from hexmate.rules.games.pg import entrench as pg_entrench
from hexmate.rules.games.pg import entry as pg_entry
from hexmate.rules.games.pg import excess as pg_excess
from hexmate.rules.games.pg import exits as pg_exits
from hexmate.rules.games.pg import extended as pg_extended
from hexmate.rules.games.pg import fire as pg_fire
from hexmate.rules.games.pg import formation as pg_formation
from hexmate.rules.games.pg import hidden as pg_hidden
from hexmate.rules.games.pg import hidden_solo as pg_hidden_solo
from hexmate.rules.games.pg import hidden_third as pg_hidden_third
from hexmate.rules.games.pg import inspection as pg_inspect
from hexmate.rules.games.pg import leader_draw as pg_leader_draw
from hexmate.rules.games.pg import leader_ride as pg_leader_ride
from hexmate.rules.games.pg import lone_leaders as pg_lone
from hexmate.rules.games.pg import losses as pg_losses
from hexmate.rules.games.pg import minecup as pg_minecup
from hexmate.rules.games.pg import mines as pg_mines
from hexmate.rules.games.pg import mire as pg_mire
from hexmate.rules.games.pg import morale as pg_morale
from hexmate.rules.games.pg import moves as pg_moves
from hexmate.rules.games.pg import movingfire as pg_movingfire
from hexmate.rules.games.pg import multiplayer as pg_multi
from hexmate.rules.games.pg import naval as pg_naval
from hexmate.rules.games.pg import offboard as pg_offboard
from hexmate.rules.games.pg import overrun as pg_overrun
from hexmate.rules.games.pg import overstack as pg_overstack
from hexmate.rules.games.pg import penal as pg_penal
from hexmate.rules.games.pg import recce as pg_recce
from hexmate.rules.games.pg import riders as pg_riders
from hexmate.rules.games.pg import rout_along as pg_along
from hexmate.rules.games.pg import ruins as pg_ruins
from hexmate.rules.games.pg import searching as pg_search
from hexmate.rules.games.pg import smoke as pg_smoke
from hexmate.rules.games.pg import special as special_rules
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import strategic as pg_strategic
from hexmate.rules.games.pg import strongpoints as pg_strongpoints
from hexmate.rules.games.pg import supply as pg_supply
from hexmate.rules.games.pg import trains as pg_trains
from hexmate.rules.games.pg import transport as pg_transport
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg import vertex as pg_vertex
from hexmate.rules.games.pg import victory as pg_victory
from hexmate.rules.games.pg import works as pg_works
from hexmate.rules.games.terrain_view import CostFn
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

PG_3D6 = DiceSpec("3d6", (Die("first"), Die("second"), Die("third")), "fog of war")  # optional fog of war
MARK = pg_morale.MARK  # the MOVED/FIRED marker (3.13, 7.46)
OPP = pg_fire.OPP


@dataclass(frozen=True)
class PgState(GameState):
    """What PG tracks besides units, decisions and flow: this turn's initiative dice (side, die) and its
    winner with the segments he takes first (3.0 A); the units that fired at the mover in the hex it stands
    in (13.2); movers halted by a failed morale check (13.1); an assault's first roll (12.4)."""

    rolls: tuple[tuple[str, int], ...] = ()
    winner: str = ""
    segments: int = 1
    fired_here: tuple[str, ...] = ()
    halted: tuple[str, ...] = ()
    assault_dice: tuple[int, ...] = ()  # the attacker's assault roll, waiting for the defender's (12.4)
    assault_at: tuple[str, ...] = ()  # 11.0: units of the assault being fought that fire AT instead of DF
    assault_hits: tuple[tuple[str, str, str], ...] = ()  # 12.4: (firer, vehicle, result) AT results waiting
    at_fired: tuple[tuple[str, int, int], ...] = ()  # 11.1: vehicle AT-fired at this turn, first firer's hex
    senior_lost: tuple[str, ...] = ()  # 6.72: sides that lost their senior leader (once a game)
    senior_check: tuple[str, ...] = ()  # 6.72: sides whose new senior leader checks at the next turn's start
    initiative_loss: tuple[tuple[str, int], ...] = ()  # 6.72: permanent initiative penalties
    event_dice: tuple[int, ...] = ()  # optional random events: the first side's die, waiting for the second
    events: tuple[str, ...] = ()  # the random events drawn this turn (the players carry them out)
    surrender_checked: tuple[str, ...] = ()  # 14.6: units that rolled for surrender this turn
    rally_helpers: tuple[str, ...] = ()  # 14.4: leaders who supported a recovery this turn
    undrawn: tuple[str, ...] = ()  # 16.1, 6.1: strongpoints, leaders left in the set-up cup (not losses)
    control: tuple[tuple[str, str], ...] = ()  # 1.2: hex label -> the side that last held it alone
    night_range: int = 0  # 8.12: the night spotting range rolled at the start (0: not rolled)
    active: tuple[str, ...] = ()  # the open activation's units (3.1), empty between segments
    combat: tuple[str, ...] = ()  # of those, the ones a leader of their type activated (5.4)
    act_leaders: tuple[str, ...] = ()  # its leaders, marked MOVED/FIRED when it closes (3.13, 6.2)
    declared: tuple[str, ...] = ()  # 3.13: the units whose action was declared this segment
    to_fire: tuple[str, ...] = ()  # 3.13: of those, the ones declared to fire (the rest move)
    offboard_used: tuple[tuple[str, int], ...] = ()  # 9.2: (side, value number) fired this turn
    mine_dice: tuple[int, ...] = ()  # 16.6: the minefield dice rolled so far against the mover
    activations: tuple[tuple[str, int], ...] = ()  # optional fog of war: segments each side completed
    fog_end: bool = False  # optional fog of war: the turn ends after this segment
    fog_last: bool = False  # optional excess initiative: a kept segment taken after the fog ended the turn
    formation: bool = False  # optional formation activation (17.0): the open activation is a formation's
    moving_fire: tuple[str, ...] = ()  # optional moving fire (17.0): (AFV, "moved" or "", "fired" or "")
    banked: str = ""  # optional excess initiative (17.0): the side keeping a segment back this turn
    split: tuple[str, int, int] | None = None  # 7.23: (the HMG, the part firing now, the DF left after it)
    split_targets: tuple[str, ...] = ()  # 7.23: the hexes its parts have fired at this segment
    charge: tuple[str, ...] = ()  # 15.31: the cavalry charging now (their assault is at +1)
    boarded: tuple[str, ...] = ()  # 5.61: transports boarded this turn (1 MP of their MA spent on it)
    entered: tuple[tuple[str, int], ...] = ()  # 16.5: entry hex label -> stacks come on through it
    entry_spent: tuple[tuple[str, int | Fraction], ...] = ()  # 16.5: MP spent coming on this turn
    air_used: tuple[str, ...] = ()  # 15.1: aircraft that struck (or lost their target) this turn
    overrun: tuple[str, ...] = ()  # optional overrun: (target, exit, MP spent, the overrunners...)
    overrun_exit: tuple[str, ...] = ()  # optional overrun: the step to the exit hex ("on"/"stop", MP spent)
    air_drawn: tuple[str, ...] = ()  # 15.1: aircraft drawn from the cup this turn (scenarios with a cup)
    supply: tuple[tuple[str, int, int], ...] = ()  # optional fog of war: (side, 1 short / 2 serious, turn)
    supply_out: tuple[str, ...] = ()  # serious supply shortage: units removed out of fuel or ammunition
    river_from: tuple[tuple[str, str], ...] = ()  # 5.72: unit -> the land hex it entered a major river from
    assault_wait: tuple[str, ...] = ()  # 12.2: (hex, origin, the units in) an assault waiting for more units
    standing: bool = False  # 13.3: the opportunity-fire window at a load, unload, hook or unhook is open
    digs: tuple[tuple[str, tuple[str, int, int]], ...] = ()  # 16.2: unit -> (hex, turn, disrupted) at its dig
    wrecks: tuple[tuple[str, int], ...] = ()  # 16.3: hex label -> wreck markers there
    afvs: tuple[tuple[str, str, int], ...] = ()  # 16.3: (AFV, hex label, reduced) after the last change
    cave_fights: tuple[tuple[str, int, tuple[tuple[str, int], ...]], ...] = ()  # 16.7: (hex, depth, steps)
    entrenched_hexes: tuple[str, ...] | None = None  # 16.4: the entrenchment hexes (None: not read yet)
    lost_spent: str = ""  # 5.8: MP spent by the move losing its way ("" when 5.8 is not in play for it)
    lost_ok: int = -1  # 5.8: the path index whose next step was rolled for and is taken
    lost_ask: bool = False  # 5.8: led astray, the mover names its next hex once in it
    clearing: tuple[tuple[str, str, int, str], ...] = ()  # 16.3: (AFV, hex, turn, its tank leaders) begun
    move_mode: tuple[str, ...] = ()  # 5.63: (unhook/limber/unlimber, the unit) of the move under way
    ruins: tuple[str, ...] = ()  # optional ruins (17.0): town hexes ruined in play
    ruin_hexes: tuple[Hex, ...] = ()  # the same hexes, for the wreck marker the players put there
    bogs: tuple[tuple[str, int], ...] = ()  # optional mire (17.0): bogged unit -> its markers left
    smoke: tuple[Hex, ...] = ()  # optional smoke (17.0): smoke markers until the Marker Removal Phase
    illumination: tuple[Hex, ...] = ()  # optional illumination (17.0): likewise
    smoke_used: tuple[tuple[str, int], ...] = ()  # optional smoke (17.0): side -> missions fired
    shelled: tuple[tuple[str, str, int], ...] = ()  # optional drumfire (17.0): (firer, hex label, turn)
    hidden: tuple[tuple[str, Hex | None], ...] = ()  # optional hidden units (17.0): unit -> its secret hex
    ambush: tuple[str, ...] = ()  # hidden units placed as they fire now (the +2 at a strategic mover)
    drum: tuple[tuple[str, tuple[str, ...], int, str, Hex], ...] = ()  # drumfire: hex, firers, markers, side
    mines_cleared: tuple[tuple[str, int], ...] = ()  # 16.6: hex label -> attack points engineers cleared
    mines_gone: tuple[str, ...] = ()  # 16.6: hexes whose minefield marker is off the board (no point left)
    mine_clearing: tuple[tuple[str, str, int], ...] = ()  # 16.6: (engineer, hex, first of its three turns)
    mines_decoys: tuple[str, ...] = ()  # 16.6: hexes whose minefield was found out to be a DECOY
    mines_laid: tuple[tuple[str, str, int], ...] = ()  # 16.6: drawn, laid face down (hex, side, points)
    mines_at: tuple[Hex, ...] = ()  # 16.6: the same markers' hexes, seen by both (the table places them)
    exited: tuple[str, ...] = ()  # 16.5: units that left the board for good
    recce_spots: tuple[str, ...] = ()  # 8.23: recce units that put their SPOTTED marker this turn
    superior_at: tuple[str, ...] = ()  # 11.2: one entry per AT shot a superior AFV fired this turn
    at_kept: tuple[str, ...] = ()  # 11.2: superior AFVs keeping their second AT shot for opportunity fire
    exiting: bool = False  # 16.5: the move under way was declared ``as exit``
    refuel: tuple[tuple[str, int], ...] = ()  # 15.5: flame tank (leaders with it) -> turn it may be back
    solo_places: tuple[tuple[str, Hex], ...] = ()  # 17.0 solitaire: possible hidden places not searched
    solo_cup: tuple[tuple[str, str], ...] = ()  # 17.0 solitaire: (side, hidden unit or "-" MOVED/FIRED)
    vertex: tuple[tuple[str, Hex], ...] = ()  # 8.4: line -> the hex taken beside its hexside, this turn

    def replace(self, **changes: Any) -> PgState:
        return dataclasses.replace(self, **changes)


class PgGame(Game):
    name: ClassVar[str] = "pg"
    title: ClassVar[str] = "Panzer Grenadier (4th edition)"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"dft": ("df", "roll"),
                                                           "works": ("position", "table"),  # 16.2, 16.4
                                                           "minefield": ("table",),  # 16.6
                                                           "higher_ground": ("table",)}  # 8.31
    dice: ClassVar[Mapping[str, DiceSpec]] = {"1d6": PG_1D6, "2d6": PG_2D6, "3d6": PG_3D6}
    flip_markers: ClassVar[frozenset[str]] = frozenset({"reduced"})  # 7.6: a step loss flips the counter
    marker_counters: ClassVar[frozenset[str]] = frozenset({MARK, OPP, "disrupted", "demoralized", "spotted",
                                                          pg_works.DIGGING, pg_works.DUG_IN,
                                                          pg_trains.WAIT})

    def initial_game_state(self, scenario: Scenario) -> PgState:
        return PgState()

    def initial_state(self, scenario: Scenario, hex_map: HexMap) -> State:
        """16.5: units the scenario brings on later (``options.entry``) wait off the board; so do aircraft,
        which strike from off it (15.1)."""
        state = super().initial_state(scenario, hex_map)
        for unit in list(state.units.values()):
            if pg_air.is_aircraft(unit):
                state = state.with_unit(dataclasses.replace(unit, hex=None))
        pg_exits.validate(scenario, hex_map)  # 16.5: the scenario's exit hexes
        pg_multi.spec(scenario)  # optional multiplayer (17.0): checked at load
        for uid in pg_entry.validate(scenario, hex_map):
            state = state.with_unit(dataclasses.replace(state.units[uid], hex=None))
        state = pg_minecup.setup(scenario, hex_map, state)  # 16.6: minefields drawn from the cup
        state = pg_strongpoints.setup(scenario, hex_map, state)  # 16.1: strongpoints drawn like minefields
        state = pg_hidden.setup(self, scenario, hex_map, state)  # optional hidden units (17.0)
        state = pg_hidden_solo.setup(self, scenario, hex_map, state)  # 17.0: the solitaire procedure
        return pg_hidden_third.setup(scenario, hex_map, state)  # 17.0: a third hidden, none named

    def initial(self, position: Position) -> State:
        """1.2: at the start each hex is the side's that set up nearer it (``victory.initial_control``)."""
        state = super().initial(position)
        state = pg_victory.initial_control(self, position.at(state))
        draws = pg_leader_draw.draws(position.at(state))  # 6.1: leaders drawn from the cup, at set-up
        return state.push(*draws) if draws else state

    def outcome(self, position: Position) -> Outcome | None:
        """1.2: after the last turn the scenario's conditions (``victory.py``) name the winner."""
        if not position.state.over:
            return None
        if not position.scenario.options.get("victory"):
            return super().outcome(position)
        side, why = pg_victory.winner(self, position)
        return Outcome(side, why)

    @staticmethod
    def gstate(state: State) -> PgState:
        assert isinstance(state.game, PgState)
        return state.game

    def check_counter(self, counter: CounterType) -> str | None:
        """2.1: a counter's printed values by type (``pg/units.py`` names them)."""
        v = counter.values
        if counter.type not in pu.TYPES:
            return f"type {counter.type!r}: PG counters are {', '.join(pu.TYPES)} (1.2, 2.1)"
        if counter.type != "aircraft" and not isinstance(v.get("ma"), int):
            return "needs a whole-number 'ma' (0 for a gun that must be towed, 1.2, 5.1)"
        if counter.type != "aircraft" and not isinstance(v.get("morale"), int):
            return "needs a whole-number 'morale' (14.0: leaders print it, scenarios give the units')"
        for fire in ("df", "bombard", "at"):  # 15.1: an aircraft's range is unlimited
            if fire in v and counter.type != "aircraft" and not isinstance(v.get(f"{fire}_range"), int):
                return f"'{fire}' needs a whole-number '{fire}_range' (1.1, 7.32)"
        if counter.type == "personnel" and not any(k in v for k in ("df", "bombard", "at")):
            return "a personnel unit needs a fire value: 'df', 'bombard' or 'at' with its range (1.1)"
        if counter.type == "leader":
            kind = v.get("leader_kind", "normal")
            if kind not in ("normal", "tank", "recce", "commissar"):
                return f"leader_kind {kind!r}: normal, tank, recce or commissar (6.6, 6.8, 6.85)"
            rank = str(v.get("rank", "SGT")).upper()
            if kind == "normal" and rank not in pu.RANKS:
                return f"rank {rank!r}: one of {', '.join(pu.RANKS)} (1.2)"
        if "armor" in v and not isinstance(v["armor"], int):
            return "'armor' must be a whole number (1.2: even 0 makes an AFV)"
        if (why := pg_trains.check_counter(dict(v))) is not None:
            return why
        if v.get("transport_kind", "truck") not in ("wagon", "prime_mover", "truck", "jeep"):
            return f"transport_kind {v['transport_kind']!r}: wagon, prime_mover, truck or jeep (5.67)"
        if v.get("portee") and (counter.type != "vehicle" or not v.get("ma")):
            return "a BM-13 or portee ('portee': 1) is a vehicle with an MA on its travel face (5.63)"
        if "calibre" in v and not isinstance(v["calibre"], int):
            return "'calibre' must be a whole number of mm (5.67: trucks and APCs tow under 150 mm)"
        return None

    def terrain_table(self) -> Any:
        from hexmate.rules.games.terrain_view import table_for

        return table_for(self.name, self.data_dir)

    # --- light (8.1, 8.11, 8.12) ---
    def light(self, position: Position) -> str:
        """The scenario's light: day, night, or dawn/dusk minus 60/45/30/15 minutes (8.11)."""
        return str(position.scenario.options.get("light", "day"))

    def night_spotting(self, position: Position) -> int:
        """8.12: the night range rolled at the start (a scenario may fix it)."""
        fixed = position.scenario.options.get("night_spotting")
        return int(fixed) if fixed else (self.gstate(position.state).night_range or 1)

    def night(self, position: Position) -> bool:
        """1.2: a night turn (-1 column on the DFT and the Bombardment Table, -1 on AT fire)."""
        return pg_spot.night_rules(self.light(position))

    # --- initiative (3.0 A) ---
    def initiative_roll(self, position: Position, side: str) -> Decision:
        bonus = int(position.scenario.options.get("initiative", {}).get(side, 0))
        return Decision(
            "roll", side, T("{side} rolls one die for initiative (+{bonus}, the scenario's initiative)",
                            side=side,
                            bonus=bonus),
            "3.0 A", "initiative", dice="1d6",
        )

    def resume_initiative(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """3.0 A: each side's die plus its initiative; the higher wins and takes half the difference
        (rounded up, at least 1) in segments before the other side's first; a tie is rolled again."""
        state = position.state
        gs = self.gstate(state)
        rolls = (*gs.rolls, (decision.side, PG_1D6.from_values(answer.dice or ()).total))
        if len(rolls) < len(position.sides):
            return state.replace(game=gs.replace(rolls=rolls))
        init = position.scenario.options.get("initiative", {})
        penalty = dict(gs.initiative_loss)  # 6.72: the permanent -1, never below 0
        short = {s for s, _, _ in gs.supply}  # optional supply shortage: initiative -1, never below 0
        totals = {side: die + max(0, int(init.get(side, 0)) - penalty.get(side, 0) - (side in short))
                  for side, die in rolls}
        first, second = position.scenario.first_side, position.scenario.second_side
        events = position.scenario.options.get("random_events")
        if events and len({die for _, die in rolls}) == 1:
            # optional random events (17.0): equal dice re-roll the initiative, and each side rolls one die
            # for the scenario's Random Events Table first
            state = state.replace(game=gs.replace(rolls=()))
            return state.push(
                Decision("roll", first, T("{side} rolls one die for a random event",
                                          side=first), "17.0", "event",
                         dice="1d6"),
                Decision("roll", second, T("{side} rolls one die for a random event",
                                           side=second), "17.0", "event",
                         dice="1d6"),
                self.initiative_roll(position, first), self.initiative_roll(position, second))
        if totals[first] == totals[second]:
            state = state.replace(game=gs.replace(rolls=()))
            return state.push(self.initiative_roll(position, first), self.initiative_roll(position, second))
        winner = first if totals[first] > totals[second] else second
        segments = max(1, math.ceil(abs(totals[first] - totals[second]) / 2))
        return state.replace(game=gs.replace(rolls=rolls, winner=winner, segments=segments))

    def resume_event(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """Optional random events: the two dice added, read on the scenario's table (``random_events``)."""
        state = position.state
        gs = self.gstate(state)
        dice = (*gs.event_dice, PG_1D6.from_values(answer.dice or ()).total)
        if len(dice) < 2:
            return state.replace(game=gs.replace(event_dice=dice))
        table = position.scenario.options.get("random_events", {})
        text = str(table[str(sum(dice))]) if str(sum(dice)) in table else T("no event")
        line = Line(T("random event"), T("{a} + {b} = {total}: {event}",
                                         a=dice[0], b=dice[1], total=sum(dice),
                                         event=text), "17.0")
        resolution = Resolution(act.Answer(dice=dice), "events", T("scenario Random Events Table"), False,
                                (line,), {}, T("random event {total}: {event}", total=sum(dice), event=text))
        return state.replace(resolution=resolution, game=gs.replace(event_dice=(), events=(*gs.events, text)))

    def first_actor(self, position: Position) -> str:
        if position.phase.id == "action":
            return self.gstate(position.state).winner or position.scenario.first_side
        return super().first_actor(position)

    def on_phase_start(self, position: Position) -> State:
        state = position.state
        phase = position.phase.id
        gs = self.gstate(state)
        if phase == "initiative":
            keep = {f: getattr(gs, f) for f in ("senior_lost", "initiative_loss", "night_range", "control",
                                                "supply", "river_from", "supply_out", "digs", "wrecks",
                                               "afvs", "clearing", "entrenched_hexes", "ruins", "ruin_hexes",
                                               "bogs", "smoke_used", "shelled", "hidden", "mines_cleared",
                                               "mines_gone", "mine_clearing", "mines_decoys", "exited",
                                               "mines_laid", "mines_at", "solo_places", "solo_cup", "undrawn",
                                               "refuel")}
            state = state.replace(game=PgState(**keep))
            first, second = position.scenario.first_side, position.scenario.second_side
            state = state.push(self.initiative_roll(position, first), self.initiative_roll(position, second))
            for side in gs.senior_check:  # 6.72: the new senior leader checks at the start of the turn
                new = self.senior(position.at(state), side)
                if new is not None:
                    d = pg_morale.mc(position.at(state), new.id, 0, "6.72")
                    state = state.push(dataclasses.replace(d, then="senior_mc").with_args(new_senior="1"))
            dark = pg_spot.light_range(self.light(position), 0) == 0
            every = bool(position.scenario.options.get("variable_night"))  # optional (17.0): each turn
            if dark and every and not position.scenario.options.get("night_spotting"):
                prompt = T("roll one die for this turn's night spotting range (17.0, 8.12)")
                state = state.push(Decision("roll", first, prompt, "17.0", "night_range", dice="1d6"))
            elif not gs.night_range and position.turn == 1 and dark and not position.scenario.options.get(
                    "night_spotting"):
                state = state.push(Decision("roll", first,
                                            T("roll one die for the night spotting range (8.12)"),
                                            "8.12", "night_range", dice="1d6"))
            return state
        if phase == "action":  # 3.0 B: the winner's opening segments; 15.1: this turn's aircraft drawn
            state = state.replace(flow=dataclasses.replace(state.flow, segments=gs.segments))
            draws = [*pg_air.cup_draws(position.at(state)), *pg_excess.offer(self, position.at(state))]
            return state.push(*draws) if draws else state
        if phase == "markers":  # 3.0 C: every MOVED/FIRED marker comes off
            state = pg_mines.end_of_turn(self, position.at(state))  # 16.6: the end of a clearing's third turn
            units = {uid: u.mark(remove=(MARK, OPP, pg_trains.WAIT, pg_trains.MOVED))
                     for uid, u in state.units.items()}
            state = pg_smoke.clear(self, state)  # optional smoke and illumination (17.0): their markers too
            state = pg_drum.clear(self, state)  # optional drumfire (17.0): its SPOTTED markers
            return pg_mire.marker_removal(self, position.at(state.replace(units=units)))  # optional mire
        return state

    # --- activation (3.1-3.3) ---
    def segment_open(self, position: Position) -> bool:
        """3.1: a leader's or a stack's activation lasts until its units have acted or the side says done."""
        gs = self.gstate(position.state)
        if gs.split is not None and gs.split[2] > 0 and gs.split[0] in position.units:
            return True  # 7.23: the HMG's split fire goes on at other targets (done ends it)
        if not gs.active:
            return False
        mf = gs.moving_fire  # optional moving fire (17.0): open until it has both moved and fired
        if mf and mf[0] in position.units and not (mf[1] and mf[2]):
            return True
        units = position.units
        troops = [u for u in gs.active if u in units and not pu.is_leader(units[u])]
        pool = troops or [u for u in gs.active if u in units]
        return any(not units[u].has(MARK) or units[u].has(pg_trains.WAIT) for u in pool)  # 15.2: may move

    def close_segment(self, position: Position) -> State:
        side = position.state.flow.active or position.to_act
        state = self._close_segment(position)
        fought = pg_assault_entry.fight(self, position.at(state))  # 12.2: a waiting assault is fought first
        if any(d.then == "fog" for d in fought.decisions):
            return fought  # the kept segment is offered once the fog roll is in
        return pg_supply.under(position.state, fought, pg_excess.ask_use(self, position.at(fought), side))

    def _close_segment(self, position: Position) -> State:
        state = position.state
        gs = self.gstate(state)
        spent = (*gs.act_leaders, *(gs.active if gs.formation else ()))  # a formation's units too (17.0)
        for uid in spent:  # 3.13, 6.2: the leaders' activation is spent
            if uid in state.units:
                state = state.with_unit(state.units[uid].mark(MARK))
        state = pg_trains.close(state, gs.active)  # 15.2: moved and did not fire
        counts = not self.segment_open(position)  # done on an open activation: the core closes it again
        state = state.replace(game=self.gstate(state).replace(active=(), combat=(), act_leaders=(),
                                                              declared=(), to_fire=(),
                                                              split=None, split_targets=(), charge=(),
                                                              formation=False, moving_fire=()))
        return self.fog_of_war(position.at(state)) if counts else state

    def settle(self, position: Position) -> State:
        """After every change the passengers share their transport's fate first (5.65, 5.66)."""
        state = self._works(position.at(pg_transport.share_fate(position.state)))
        state = pg_caves.settle(self, position.at(state))  # 16.7: forced out after an assault it lost
        state = pg_hidden.settle(self, position.at(state))  # optional hidden units (17.0): spotted, placed
        state = super().settle(position.at(state))
        state = pg_hidden.settle(self, position.at(state))  # and after a move is done
        state = pg_inspect.update(self, position.at(state))  # optional limited information (17.0)
        state = pg_overstack.settle(self, position.at(state))  # 4.1: overstacked at any moment
        return self._works(position.at(state))

    def physical_changes(self, before: State, after: State) -> tuple[Physical, ...]:
        """Besides the core's changes: a wreck marker for each wreck an AFV's step loss left, and off for
        each wreck cleared (16.3)."""
        out = [dataclasses.replace(p, text=said) if (said := pg_works.board_text(p.what, p.to, p.unit)) else p
               for p in super().physical_changes(before, after)]  # 16.2: the DUG IN marker under or on top
        old, new = dict(self.gstate(before).wrecks), dict(self.gstate(after).wrecks)
        for label, n in sorted(new.items()):
            h = next((before.units[u].hex for u, where, _ in self.gstate(before).afvs
                      if where == label and u in before.units), None)  # the AFV that stood there
            for _ in range(n - old.get(label, 0)):
                out.append(Physical("place", "", T("put a wreck marker in {hex} (16.3)", hex=label), "16.3",
                                    h, "wreck"))
        for label, n in sorted(old.items()):  # 16.3: a wreck cleared
            for _ in range(n - new.get(label, 0)):
                at = next((before.units[u].hex for u, where, *_ in self.gstate(before).clearing
                           if where == label and u in before.units), None)  # the AFV clearing it
                out.append(Physical("take", "", T("take a wreck marker off {hex} (16.3)", hex=label), "16.3",
                                    at, "wreck"))
        for kind, name in (("smoke", T("smoke")), ("illumination", T("illumination"))):  # optional (17.0)
            was, now = getattr(self.gstate(before), kind), getattr(self.gstate(after), kind)
            for h in now:
                if h not in was:
                    out.append(Physical("place", "", T("put a {kind} marker there (17.0)", kind=name), "17.0",
                                        h, kind))
            for h in was:
                if h not in now:
                    out.append(Physical("take", "", T("take the {kind} marker off (17.0)", kind=name), "17.0",
                                        h, kind))
        was_drum = {lbl: n for lbl, _, n, _, _ in self.gstate(before).drum}
        for lbl, _, n, _, h in self.gstate(after).drum:  # optional drumfire (17.0): its SPOTTED markers
            if n > was_drum.get(lbl, 0):
                text = T("put {n} SPOTTED marker(s) in {hex}: drumfire (17.0)", n=n - was_drum.get(lbl, 0),
                         hex=lbl)
                out.append(Physical("place", "", text, "17.0", h, "spotted"))
        new_ruins = zip(self.gstate(after).ruins, self.gstate(after).ruin_hexes, strict=True)
        for label, h in new_ruins:  # optional ruins (17.0): a wreck marker shows the ruined town
            if label not in self.gstate(before).ruins:
                out.append(Physical("place", "", T("put a wreck marker in {hex}: the town is ruined (17.0)",
                                                   hex=label), "17.0", h, "wreck"))
        for h in pg_hidden_solo.searched(self, before, after):  # 17.0 solitaire: a possible place searched
            said = T("take the SPOTTED marker off this possible hidden place (17.0)")
            out.append(Physical("take", "", said, "17.0", h, "spotted"))
        for uid in pg_strongpoints.placed(before, after):  # 16.1: drawn from the cup, put on the board
            h = after.units[uid].hex
            out.append(Physical("place", uid, T("put strongpoint {unit} on the board in the hex lit (16.1)",
                                                unit=uid), "16.1", h, ""))
        was, now = len(self.gstate(before).mines_laid), self.gstate(after)
        new_mines = zip(now.mines_laid[was:], now.mines_at[was:], strict=True)
        for (label, _, _), h in new_mines:  # 16.6: its place is seen by both sides, its face is not
            out.append(Physical("place", "", T("put a minefield marker face down in {hex} (16.6)", hex=label),
                                "16.6", h, "minefield"))
        for key in sorted(set(self.gstate(after).mines_gone) - set(self.gstate(before).mines_gone)):
            label = pg_mines.hex_of(key)  # 16.6: one of several minefields in a hex: C5/2
            at = next((before.units[u].hex for u, where, _ in self.gstate(before).mine_clearing
                       if where == label and u in before.units), None)  # an engineer clearing it
            if at is None and after.moving is not None:
                at = after.moving.here  # a DECOY the mover found out
            decoy = key in self.gstate(after).mines_decoys
            said = (T("take the minefield marker off {hex}: a DECOY (16.6)", hex=label) if decoy else
                    T("take the minefield marker off {hex}: cleared (16.6)", hex=label))
            out.append(Physical("take", "", said, "16.6", at, "minefield"))
        return tuple(out)

    def marker_text(self, position: Position, marker: str) -> str | None:
        """16.2: the DUG IN marker under or on top, as players read it; the host's own word for the rest."""
        return pg_works.PHRASES.get(marker)

    def _works(self, position: Position) -> State:
        """16.2: foxholes lost or dug over; 16.3: AFV steps lost leave wrecks; 16.4: who is entrenched."""
        state = pg_entrench.sync(self, position.at(pg_works.keep(self, position)))
        state = pg_caves.keep(position.at(state))  # 16.7: out of the cave hex, out of the cave
        state = pg_works.track_wrecks(self, position.at(state))
        state = pg_works.keep_clearing(self, position.at(state))
        return pg_mines.keep_clearing(self, position.at(state))  # 16.6 (16.21)

    def _mine_clearer(self, position: Position, action: act.Activate) -> bool:
        """``activate U for clear``: an AFV clears a wreck (16.3); any other unit is asking to clear the
        minefield of its hex (16.6: engineers only, as ``pg_mines.check_clear`` says)."""
        unit = position.units.get(action.units[0]) if len(action.units) == 1 else None
        return unit is not None and not pu.is_afv(unit) and (pg_mines.is_engineer(unit) or (
            unit.hex is not None and pg_mines.present(self, position, unit.hex)))

    # --- the optional fog of war (3.0 B, optional rules) ---
    def fog_of_war(self, position: Position) -> State:
        """Optional fog of war: once both sides have completed three activations, each later activation
        ends with its side rolling 3d6 (+1 at night); 16 or more ends the turn at once."""
        state = position.state
        if not position.scenario.options.get("fog_of_war") or position.phase.id != "action":
            return state

        gs = self.gstate(state)
        if gs.fog_last:  # optional excess initiative: the kept segment after the fog's end is the last
            return state.replace(game=gs.replace(fog_end=True, fog_last=False))
        done = dict(gs.activations)
        side = state.flow.active or position.to_act
        before = all(done.get(s, 0) >= 3 for s in position.sides)
        done[side] = done.get(side, 0) + 1
        state = state.replace(game=gs.replace(activations=tuple(sorted(done.items()))))
        if not before:
            return state
        prompt = T("fog of war: {side} rolls 3d6 (+1 at night): 16 or more ends the turn", side=side)
        return state.push(Decision("roll", side, prompt, "3.0 B", "fog", dice="3d6"))

    def resume_fog(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = position.state
        total = PG_3D6.from_values(answer.dice or ()).total
        ends = special_rules.fog_of_war_ends(total, self.night(position))
        result = T("the turn ends") if ends else T("play goes on")
        note = (T("{total} + 1 at night -> {result}", total=total, result=result) if self.night(position)
                else T("{total} by day -> {result}", total=total, result=result))
        line = Line(T("fog of war"), note, "3.0 B")
        state = state.replace(resolution=Resolution(act.Answer(dice=tuple(answer.dice or ())), "fog",
                                                    T("fog of war (optional rule)"), False, (line,), {},
                                                    T("fog of war: {total}", total=total)))
        state = self.supply_roll(position.at(state.replace(game=self.gstate(state).replace(fog_end=ends))),
                                 decision.side, total)
        keeper = self.gstate(state).banked  # optional excess initiative: the kept segment may still be taken
        if keeper and (ends or keeper == decision.side):
            state = state.push(*pg_excess.ask_use(self, position.at(state), keeper, fog=ends))
        return state

    def supply_level(self, position: Position, side: str) -> int:
        """Optional fog of war: 0 supplied, 1 supply shortage, 2 serious supply shortage."""
        return max((lvl for s, lvl, _ in self.gstate(position.state).supply if s == side), default=0)

    def supply_roll(self, position: Position, side: str, total: int) -> State:
        """Optional fog of war: a fog roll of 3 or 4 puts the side short of supply for the rest of the game;
        another 3 or 4 on a later turn makes the shortage serious."""
        state = position.state
        if total not in (3, 4):
            return state
        gs = self.gstate(state)
        had = next(((lvl, turn) for s, lvl, turn in gs.supply if s == side), None)
        if had is not None and (had[0] == 2 or had[1] == position.turn):
            return state
        level = 1 if had is None else 2
        supply = (*((s, lvl, t) for s, lvl, t in gs.supply if s != side), (side, level, position.turn))
        text = (T("{side} is short of supply for the rest of the game", side=side) if level == 1 else
                T("{side}'s supply shortage is serious for the rest of the game", side=side))
        res = state.resolution
        if res is not None:
            res = dataclasses.replace(res, lines=(*res.lines, Line(T("supply"), text, "3.0 B")))
        return state.replace(resolution=res, game=gs.replace(supply=tuple(sorted(supply))))

    def phase_over(self, position: Position) -> bool:
        """Optional fog of war: a roll of 16 or more ends the Action Phase, and so the turn."""
        return position.phase.id == "action" and self.gstate(position.state).fog_end

    def check_pass(self, position: Position) -> None:
        if self.segment_open(position):
            pg_commissar.check_done(self, position)  # 6.61: an activated commissar makes his move first
            return  # done ends the open activation (3.1)
        side = position.to_act
        pg_penal.check_pass(self, position, side)  # 15.4: penal units are activated every turn
        waiting = sorted(u.id for u in position.units.values()
                         if u.side == side and u.has("demoralized") and not u.has(MARK))
        for c in position.units.values():  # 6.65: a commissar stacked with a demoralized unit must act
            if c.side != side or pu.leader_kind(c) != "commissar" or c.has(MARK) or c.hex is None:
                continue
            if any(u.has("demoralized") and not u.has(MARK) and not pu.is_afv(u) and u.id != c.id
                   for u in position.units_at(c.hex)):
                raise IllegalAction(T("{leader} must first support the recovery of the demoralized unit with "
                                      "him", leader=c.id), "6.65")
        if waiting:
            raise IllegalAction(
                T("no passing while a demoralized unit has not tried to recover: {units}",
                  units=", ".join(waiting)),
                "3.0 B",
            )

    # --- who may act ---
    def can_act(self, position: Position, unit: UnitState) -> str | None:
        if unit.side != position.to_act:
            return T("{unit} is not the active side's (3.0 B)", unit=unit.id)
        if unit.carrier is not None:
            return T("{unit} rides in {carrier}: it acts once unloaded (5.67)", unit=unit.id,
                     carrier=unit.carrier)
        gs = self.gstate(position.state)
        splitting = gs.split is not None and gs.split[0] == unit.id and gs.split[2] > 0
        half_done = bool(gs.moving_fire) and gs.moving_fire[0] == unit.id and not all(gs.moving_fire[1:])
        # half_done: optional moving fire (17.0); 15.2: a train or flotilla may move after opportunity fire
        if unit.has(MARK) and not splitting and not half_done and not unit.has(pg_trains.WAIT):
            return T("{unit} has a moved/fired marker (3.13, 13.1)", unit=unit.id)
        if gs.active and unit.id not in gs.active:
            return T("{unit} is not in this segment's activation (3.1): say done to end it first",
                     unit=unit.id)
        return None

    def combat_moves(self, position: Position, units: list[UnitState]) -> bool:
        """5.4, 5.45: activated by a leader of their type (the open activation, or a good-order leader of the
        stack moving along with them, a stack activation), they may close on a threat and assault."""
        troops = [u for u in units if not pu.is_leader(u)]
        if not troops or all(pg_trains.is_special(u) for u in troops):
            return True  # a leader activates himself (3.1); trains and flotillas have their own (6.92)
        gs = self.gstate(position.state)
        if all(u.id in gs.combat for u in troops):
            return True
        leaders = [u for u in units if pu.is_leader(u) and pg_act.reach(u) is not None]
        return any(all(pg_act.commands(ldr, u) for u in troops) for ldr in leaders)

    # --- movement ---
    def cost_fn(self, position: Position, units: list[UnitState], approach: bool = True) -> CostFn:
        """Cost to step a->b, or None: no enemy combat unit's hex (5.3; enemy leaders alone are harmless,
        5.31), 3 combat units per side (4.1, 4.5), and a unit no leader activated may not come closer to an
        enemy that threatens it (5.4, 5.41; judged from the hex it leaves)."""
        carrier = self.ride(units)
        if self.manhandled(units) is not None:
            classes = {"foot"}  # 5.9: the crew carries it
        else:
            classes = ({pu.move_class(carrier)} if carrier is not None
                       else {pu.move_class(u) for u in units if u.type != "leader"} or {"foot"})
        if len(classes) > 1:
            return lambda m, a, b: None  # units of different classes never move as one (5.0)
        move_class = classes.pop()
        fn = pg_moves.cost_fn(self, move_class)
        if fn is None:
            return lambda m, a, b: None  # 5.1: a towed unit moves only when towed
        base = pg_naval.amphibious_fn(self, units, fn)  # 5.1: amphibians in water hexes move as naval
        side = units[0].side
        start = units[0].hex
        fords = {str(f) for f in position.scenario.options.get("fords", [])}
        moving = {u.id for u in units}
        troops = [u for u in units if u.type != "leader"]
        combat = sum(1 for u in troops if pu.counts_for_stack(u))
        carriers = sum(1 for u in troops if pu.is_apc(u) or pu.is_transport(u))
        armoured = any(pu.is_afv(u) for u in troops)
        by_hex = units_by_hex(position)
        night_bound = approach and self.night(position) and any(not pu.is_leader(u) for u in units)
        control = dict(self.gstate(position.state).control)
        foes: dict[Hex, list[UnitState]] = {}
        came_from = dict(self.gstate(position.state).river_from)
        bank = next((came_from[u.id] for u in troops if u.id in came_from), None)
        engineers = any(pu.branch(u) == "ENG" for u in troops) or pg_naval.floats(units)  # 5.1
        vehicles = carrier is not None or any(pu.is_vehicle(u) for u in troops)
        wrecks = {position.map.parse_label(k): n for k, n in self.gstate(position.state).wrecks}
        rail = pg_trains.hex_filter(self, position, units)  # 15.2
        own_mines = pg_mines.own_fields(self, position, side)

        def threats(h: Hex) -> list[UnitState]:
            if h not in foes:
                foes[h] = pg_morale.threats(self, position, side, h, afv=armoured)
            return foes[h]

        def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            here = by_hex.get(b, [])
            if any(u.side != side and pu.is_combat(u) for u in here):
                return None  # 5.3; leaders and unarmed transports alone are harmless (5.31)
            mine = [u for u in here if u.side == side and u.id not in moving]
            if combat and sum(1 for u in mine if pu.counts_for_stack(u)) + combat > 3:
                return None  # 4.1, 4.5: three combat units
            if carriers and sum(1 for u in mine if pu.is_apc(u) or pu.is_transport(u)) + carriers > 3:
                return None  # 4.1, 4.5: three transports (APCs included)
            if night_bound and control.get(position.label(b)) != side:
                return None  # 5.5: at night only a leader's units enter hexes their side does not control
            if approach and any(f.hex is not None and distance(f.hex, b) < distance(f.hex, a)
                                for f in threats(a)):
                return None
            if rail is not None and not rail(b):
                return None  # 15.2: railroad and river only; no ground unit into a flotilla's hex
            if (bank is not None and not engineers and pg_moves.river(self, m, a) == "major"
                    and not pg_moves.river(self, m, b) and not pg_moves.bridged(m, a, b)
                    and position.label(a) not in fords
                    and b in pg_moves.far_bank(self, m, position.map.parse_label(bank))
                    and not any(u.side == side and pu.branch(u) == "ENG" and u.id not in moving
                                and not u.has("disrupted") and not u.has("demoralized")
                                for u in by_hex.get(a, []))):
                return None  # 5.72: no crossing a major river but at a bridge or ford, or with engineers
            step: int | Fraction | None = base(m, a, b)
            if step is None and move_class != "foot" and pg_moves.river(self, m, b):
                # 5.71, 5.72: vehicles that may not enter a river hex still may at a ford, or (5.73) into a
                # good-order engineer's hex next to which they were activated (both at the demo ford cost)
                supported = a == start and any(
                    u.side == side and pu.branch(u) == "ENG" and u.id not in moving
                    and not u.has("disrupted") and not u.has("demoralized") for u in here)
                if position.label(b) in fords or supported:
                    step = pg_moves.ford_cost(move_class)
            if pg_ruins.enabled(position):  # optional ruins (17.0): foot 2, tracked 4, wheeled never
                step = pg_ruins.cost(self, position, b, move_class, vehicles, step, moving)
                if step is not None and pg_ruins.ruined(self, position, b):
                    return step
            if step is not None and vehicles and b in wrecks:  # 16.3: +1, +5, or no entry at three
                extra = pg_moves.wreck_cost(wrecks[b])
                step = None if extra is None else step + extra
            if step is not None and b in own_mines:  # 16.6: a friendly minefield is +1 MP to enter
                step += 1
            return step

        return cost

    def river_stop(self, position: Position, units: list[UnitState]) -> pg_moves.Stop:
        """5.7: a unit stops in the first hex after a river hex (not when it follows a road over a bridge);
        5.73: every unit entering a river hex where a friendly engineer supports the crossing stops there."""
        side = units[0].side
        moving = {u.id for u in units}
        m = position.map
        floats = pg_naval.floats(units)  # 5.1: an amphibian is a boat in the water, not a land unit crossing

        def stop(a: Hex, b: Hex) -> bool:
            if floats:
                return False
            river = pg_moves.river
            if river(self, m, a) and not river(self, m, b) and not pg_moves.bridged(m, a, b):
                return True
            return bool(pg_moves.river(self, m, b)) and any(
                u.side == side and pu.branch(u) == "ENG" and u.id not in moving and not u.has("disrupted")
                and not u.has("demoralized") for u in position.units_at(b))

        return stop

    def note_river_bank(self, position: Position, ids: tuple[str, ...], path: tuple[Hex, ...]) -> State:
        """5.72: remember the land hex a unit came into a major river from (its own bank), until it leaves."""
        m = position.map
        came = dict(self.gstate(position.state).river_from)
        for a, b in itertools.pairwise(path):
            major_a, major_b = pg_moves.river(self, m, a) == "major", pg_moves.river(self, m, b) == "major"
            for uid in ids:
                if major_b and not major_a:
                    came[uid] = position.label(a)
                elif major_a and not major_b:
                    came.pop(uid, None)
        gs = self.gstate(position.state)
        return position.state.replace(game=gs.replace(river_from=tuple(sorted(came.items()))))

    def _movers(self, position: Position, unit_ids: frozenset[str]) -> tuple[list[UnitState], Hex]:
        units, start = group_of(position, unit_ids, "3.11")
        if sum(1 for u in units if u.type != "leader") > 1 and self.ride(units) is None and (
                self.manhandled(units) is None):
            raise IllegalAction(T("units move one at a time; only leaders may go along, or one unit riding a "
                                  "transport"), "1.2, 5.0, 5.6")
        if self.ride(units) is not None and any(u.side != units[0].side for u in position.units_at(start)):
            raise IllegalAction(T("no loading in a hex holding enemy units"), "5.67")
        for unit in units:
            why = self.can_act(position, unit)
            if why:
                raise IllegalAction(why)
            if unit.has("demoralized"):
                raise IllegalAction(T("{unit} is demoralized: activated, it must try to recover",
                                      unit=unit.id), "14.3")
            if (why := pg_trains.move_problem(unit)) is not None:
                raise IllegalAction(why, "15.2")
            if pu.is_portee(unit) and not unit.has(pu.LIMBERED):
                raise IllegalAction(T("{unit} is on its MA 0 face: it moves 'as limber', flipping for 2 MP",
                                      unit=unit.id), "5.63")
        pg_mire.check_move(units)  # optional mire (17.0): bogged, it stays
        stuck = [u.id for u in units if pu.is_afv(u)]
        if stuck and (pg_moves.wreck_cost(pg_works.wrecks_at(self, position, start)) is None):
            raise IllegalAction(T("{units} may not move out of a hex of three wrecks until one is cleared "
                                  "(16.3; routing still may)", units=", ".join(stuck)), "16.3")
        return units, start

    def ride(self, units: list[UnitState]) -> UnitState | None:
        """5.6, 5.61: a good-order transport with one good-order personnel unit (not cavalry or motorcycles,
        15.3) and any leaders: the passenger boards (1 MP to both), rides and alights (1 MP to both) in
        this one move, so the move may cost the transport's MA less 2 (and the passenger goes no farther)."""
        troops = [u for u in units if u.type != "leader"]
        if len(troops) != 2:
            return None
        carrier = next((u for u in troops if pu.is_transport(u) or pu.is_apc(u)), None)
        rider = next((u for u in troops if u is not carrier), None)
        if carrier is None or rider is None or rider.type != "personnel":
            return None
        if pu.branch(rider) in ("CAV", "MTC"):
            return None
        if any(u.has("disrupted") or u.has("demoralized") for u in units):
            return None  # 5.6: good order only
        return carrier

    def manhandled(self, units: list[UnitState]) -> UnitState | None:
        """5.9: a good-order foot unit with MA 3 or more moves one light gun the scenario marks
        ``manhandle`` (25 mm, 37 mm, 2-pdr AT, 20 mm AA) one hex, limbered or not, with its whole MA."""
        troops = [u for u in units if u.type != "leader"]
        if len(troops) != 2:
            return None
        gun = next((u for u in troops if u.type == "gun" and pu.value(u, "manhandle") == 1), None)
        crew = next((u for u in troops if u is not gun), None)
        if gun is None or crew is None or crew.type != "personnel" or pu.move_class(crew) != "foot":
            return None
        if pu.value(crew, "ma") < 3 or any(u.has("disrupted") or u.has("demoralized") for u in troops):
            return None
        return gun

    def budget(self, units: list[UnitState], position: Position | None = None) -> int | Fraction:
        carrier = self.ride(units)
        if carrier is not None:
            return max(0, pu.value(carrier, "ma") - 2)  # 5.61: boarding and alighting, 1 MP each
        if position is not None:  # 5.61: a transport someone boarded this turn has paid 1 MP for it
            boarded = self.gstate(position.state).boarded
            if len(units) == 1 and units[0].id in boarded:
                return max(0, pg_trains.ma(units[0]) - 1)
        spent = dict(self.gstate(position.state).entry_spent) if position is not None else {}
        short = {u.id: 2 for u in units if position is not None and self.supply_level(position, u.side)
                 and pu.move_class(u) in ("mechanized", "motorized")}  # optional supply shortage: MA -2
        half = {u.id: h for u in units if position is not None  # optional moving fire (17.0): half the MA
                and (h := pg_movingfire.budget(self, position, u)) is not None}
        return min(min(max(0, pg_trains.ma(u) - spent.get(u.id, 0) - short.get(u.id, 0)),
                       half.get(u.id, pg_trains.ma(u)))
                   for u in pg_leader_ride.limiting(units))  # 16.5: entry paid; 6.3: a leader riding

    def entered_now(self, position: Position, units: list[UnitState]) -> bool:
        """16.5: units that came on this activation move on with what the entry left them (no 5.0 minimum)."""
        spent = dict(self.gstate(position.state).entry_spent)
        return any(u.id in spent for u in units)

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        out = self._moves_for(position, unit_ids)
        going = [position.units[u] for u in unit_ids if u in position.units]
        if out and any(pg_commissar.is_commissar(u) for u in going):  # 6.61: only his required move
            spend = self.budget(going, position)
            out = {h: m for h, m in out.items()
                   if pg_commissar.move_problem(self, position, going, m, spend) is None}
        penal = [u for u in (position.units.get(x) for x in unit_ids)
                 if u is not None and pg_penal.is_penal(u)]
        if not penal or not out:
            return out
        movers = [position.units[u] for u in unit_ids if u in position.units]
        budget = self.budget(movers, position)
        return {h: m for h, m in out.items()  # 15.4: only the approach it is bound to
                if all(pg_penal.move_problem(self, position, movers, u, m, budget) is None for u in penal)}

    def _moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        if position.phase.id != "action":
            return {}
        try:
            units, start = self._movers(position, unit_ids)
        except (IllegalAction, InvalidAction):
            return {}
        ids = tuple(u.id for u in units)
        cost = self.cost_fn(position, units, approach=not self.combat_moves(position, units))
        out: dict[Hex, act.Move] = {}
        side = units[0].side
        for n in position.map.neighbors(start):  # 12.11: into an adjacent hex held by the enemy alone
            enemy = pg_assault.enemy_combat_units(position, n, side)
            if enemy and self._assault_entry(position, units, n) is None:
                out[n] = act.Move(ids, (start, n), 0)
        for mid in position.map.neighbors(start):  # 15.31: a cavalry charge from two hexes away
            for target in position.map.neighbors(mid):
                if target not in out and distance(start, target) == 2 and pg_assault.enemy_combat_units(
                        position, target, side) and self.charge_problem(position, units,
                                                                        (start, mid, target)) is None:
                    out[target] = act.Move(ids, (start, mid, target), 0)
        if pg_overrun.enabled(position) and pg_overrun.eligible(self, position, units) is None:
            for target, path in pg_overrun.offers(self, position, units, start).items():  # optional overrun
                if target not in out:
                    out[target] = act.Move(ids, path, pg_overrun.path_cost(self, position, units, path))
        if pg_extended.enabled(position) and pg_extended.eligible(self, position, units) is None:
            for target, path in pg_extended.offers(self, position, units, start).items():  # optional (17.0)
                if target not in out:
                    out[target] = act.Move(ids, path, pg_overrun.path_cost(self, position, units, path))
        if pg_assault.enemy_combat_units(position, start, side):  # 5.32: out of an enemy hex, one hex only
            for n in position.map.neighbors(start):
                if n not in out and (step := cost(position.map, start, n)) is not None:
                    out[n] = act.Move(ids, (start, n), step)
            return out
        if not any(u.has("disrupted") for u in units):  # 14.2: a disrupted unit moves one hex only
            budget = self.budget(units, position)
            stop = self.river_stop(position, units)
            for h, reach in pg_moves.reachable(position.map, start, budget, cost, stop).items():
                if h != start:
                    out[h] = act.Move(ids, reach.path, reach.cost)
            if pg_strategic.eligible(self, position, units, start):  # optional strategic movement: 2x MA
                hidden = pg_strategic.cost_fn(self, position, units, cost)
                far = pg_moves.reachable(position.map, start, budget * pg_strategic.FACTOR, hidden, stop)
                for h, reach in far.items():
                    if h != start and h not in out:
                        out[h] = act.Move(ids, reach.path, reach.cost)
        if self.ride(units) is not None:
            return out
        if self.manhandled(units) is not None:  # 5.9: one hex, with the crew's whole MA
            crew = next(u for u in units if u.type == "personnel")
            return {n: act.Move(ids, (start, n), pu.value(crew, "ma")) for n in position.map.neighbors(start)
                    if cost(position.map, start, n) is not None}
        entered = self.entered_now(position, units)  # 16.5: no minimum move after the entry
        for n in position.map.neighbors(start):  # 5.0: MA 1 or more may always move one hex
            if not entered and n not in out and (step := cost(position.map, start, n)) is not None:
                out[n] = act.Move(ids, (start, n), step)
        return out

    def check_move(self, position: Position, move: act.Move) -> act.Move:
        units, start = self._movers(position, frozenset(move.units))
        if len(move.path) < 2 or move.path[0] != start:
            raise IllegalAction(T("the path must start at {hex}", hex=position.label(start)), "5.0")
        if any(u.has("disrupted") for u in units) and len(move.path) > 2:
            raise IllegalAction(T("a disrupted unit moves one hex only"), "14.2")
        last = move.path[-1]
        if self.is_overrun(position, units, tuple(move.path)):  # the optional overrun
            spent = pg_overrun.path_cost(self, position, units, tuple(move.path))
            return act.Move(tuple(sorted(move.units)), move.path, spent)
        if (pg_extended.enabled(position) and len(move.path) in (3, 4) and pg_overrun.kind(units) == "afv"
                and pg_assault.enemy_combat_units(position, last, units[0].side)):  # optional (17.0)
            bad = pg_extended.problem(self, position, units, tuple(move.path))
            if bad is not None:
                raise IllegalAction(bad, "17.0")
            spent = pg_overrun.path_cost(self, position, units, tuple(move.path))
            return act.Move(tuple(sorted(move.units)), move.path, spent or 0)
        if len(move.path) == 3 and pg_assault.enemy_combat_units(position, last, units[0].side):
            why = self.charge_problem(position, units, tuple(move.path))
            if why:
                raise IllegalAction(why)
            return act.Move(tuple(sorted(move.units)), move.path, 0)  # 15.31: the charge
        if len(move.path) == 2 and pg_assault.enemy_combat_units(position, last, units[0].side):
            why = self._assault_entry(position, units, last)
            if why:
                raise IllegalAction(why)
            return act.Move(tuple(sorted(move.units)), move.path, 0)  # 12.11: assault movement
        if pg_assault.enemy_combat_units(position, start, units[0].side) and len(move.path) > 2:
            raise IllegalAction(T("a unit leaving an enemy-occupied hex moves one hex only"), "5.32")
        cost = self.cost_fn(position, units, approach=not self.combat_moves(position, units))
        if self.manhandled(units) is not None:
            crew = next(u for u in units if u.type == "personnel")
            if len(move.path) != 2 or cost(position.map, move.path[0], move.path[1]) is None:
                raise IllegalAction(T("a manhandled gun moves one hex, not into an enemy or prohibited hex"),
                                    "5.9")
            return act.Move(tuple(sorted(move.units)), move.path, pu.value(crew, "ma"))
        total: int | Fraction = 0
        stop = self.river_stop(position, units)
        for i, (a, b) in enumerate(itertools.pairwise(move.path)):
            if i and stop(move.path[i - 1], a):
                raise IllegalAction(T("{unit} stops in {hex}: the first hex after a river hex, or an "
                                      "engineer's crossing hex", unit=units[0].id, hex=position.label(a)),
                                    "5.7, 5.73")
            step = cost(position.map, a, b) if b in position.map.hexes and distance(a, b) == 1 else None
            if step is None:
                raise IllegalAction(
                    T("step {a}-{b} is not allowed: enemy combat unit, stacking, prohibited terrain, or "
                      "closer to a threatening enemy without a leader",
                      a=position.label(a), b=position.label(b)),
                    "5.0, 5.3, 4.5, 5.41")
            total += step
        if total > self.budget(units, position) and (len(move.path) > 2 or self.ride(units) is not None
                                                     or self.entered_now(position, units)):
            problem = pg_strategic.path_problem(self, position, units, tuple(move.path))
            if problem == "off" or total > self.budget(units, position) * pg_strategic.FACTOR:
                raise IllegalAction(T("that path costs more than the movement allowance"), "5.0")
            if problem is not None:
                raise IllegalAction(T("a strategic move (twice the MA) must start and stay out of every "
                                      "enemy unit's line of sight (17.0)"), "17.0")
        budget = self.budget(units, position)
        for unit in units:  # 15.4: a penal unit's move is its approach on the enemy
            if (why := pg_penal.move_problem(self, position, units, unit, move, budget)) is not None:
                raise IllegalAction(why, "15.4")
        if (why := pg_commissar.move_problem(self, position, units, move, budget)) is not None:
            raise IllegalAction(why, "6.61")
        return act.Move(tuple(sorted(move.units)), move.path, total)

    def check_mode_move(self, position: Position, move: act.Move) -> act.Move:
        """5.63: a move ending in an unhook (0 MP), or a BM-13/portee's move with its 2-MP flip before
        (``as limber``) or after (``as unlimber``) it; never into an assault."""
        for uid in move.units:
            if uid not in position.units:
                raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        units = [position.units[u] for u in move.units]
        if move.mode == pg_riders.MODE:  # optional tank riders (17.0): the tank moves, then they get off
            plain = self.check_move(position, dataclasses.replace(move, mode=""))
            if any(pg_assault.enemy_combat_units(position, h, units[0].side) for h in plain.path[1:]):
                raise IllegalAction(T("a tank with riders may not assault (17.0)"), "17.0")
            cost = pg_riders.check_move(self, position, units, plain, plain.cost or 0)
            return dataclasses.replace(plain, cost=cost, mode=move.mode)
        pg_transport.check_mode(self, position, units, move)
        view = position
        if move.mode == "limber":  # it moves on its travel face
            view = position.at(pg_transport.begin(position, position.state, move))
        checked = self.check_move(view, dataclasses.replace(move, mode=""))
        side = units[0].side
        if any(pg_assault.enemy_combat_units(position, h, side) for h in checked.path[1:]):
            raise IllegalAction(T("no unhooking or flipping on a move into an enemy hex"), "5.63, 12.1")
        flip = pg_transport.flip_cost(move)
        if flip:
            movers = [view.units[u] for u in move.units]
            spent = checked.cost if checked.cost is not None else 0
            if spent + flip > self.budget(movers, view):
                raise IllegalAction(T("the flip takes 2 MP: the path costs {cost} of the {ma} MP", cost=spent,
                                      ma=self.budget(movers, view)), "5.63")
            return dataclasses.replace(checked, cost=spent + flip, mode=move.mode)
        return dataclasses.replace(checked, mode=move.mode)

    def finish_move(self, position: Position) -> State:
        """5.63: a move declared ``as unhook`` or ``as unlimber`` ends in it, under 13.3's opportunity
        fire."""
        state = super().finish_move(position)
        gs = self.gstate(state)
        if not gs.move_mode:
            return state
        mode, uid = gs.move_mode
        view = position.at(state.replace(game=gs.replace(move_mode=())))
        if mode == pg_riders.MODE:  # optional tank riders (17.0): they get off where the tank stopped
            moved = position.state.moving
            cost = moved.cost if moved is not None and moved.finished and not moved.stopped else None
            paid = cost if isinstance(cost, int | Fraction) else None  # the path and the half, as checked
            state, ids = pg_riders.after_move(self, view, uid, paid)
            return self.standing_window(view, state, ids, T("mount or dismount")) if ids else state
        state, ids, what = pg_transport.after_move(self, view, mode, uid)
        return self.standing_window(view, state, ids, what) if ids else state

    def _assault_entry(self, position: Position, units: list[UnitState], h: Hex) -> T | None:
        """12.11, 12.2, 12.3: good-order units with a leader enter an adjacent enemy hex: one the enemy holds
        alone (the assault is fought at once), or an assault hex to reinforce it (the assault is optional);
        three combat units a side (4.1)."""
        why = pg_assault.may_assault(units, self.combat_moves(position, units))
        why = why or pg_riders.assault_problem(position, units)  # optional tank riders (17.0)
        if why is None:
            why = pg_trains.hex_problem(self, position, units, h)  # 15.2
        if why is None:
            side = units[0].side
            moving = {u.id for u in units}
            there = sum(1 for u in position.units_at(h) if u.side == side and u.id not in moving
                        and pu.counts_for_stack(u))
            if there + sum(1 for u in units if pu.counts_for_stack(u)) > 3:
                why = T("3 combat units per side in an assault hex (4.1)")
        return why

    # --- moves hex by hex, under opportunity fire (13.0-13.2) ---
    def advance_move(self, position: Position) -> State:
        """5.8: a unit losing its way rolls before each hex it enters (``direction.py``)."""
        asked = pg_direction.before_step(self, position)
        return super().advance_move(position) if asked is None else asked

    def resume_lost_way(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_direction.resume(self, position, decision, answer)

    def resume_lost_next(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_direction.resume_next(self, position, decision, answer)

    def enter(self, position: Position) -> State:
        state = super().enter(position)
        gs = self.gstate(state)
        moving = state.moving
        assert moving is not None
        at_fired = tuple(x for x in gs.at_fired if x[0] not in moving.units)  # 11.1: it moved, no crossfire
        state = state.replace(game=gs.replace(fired_here=(), at_fired=at_fired))
        state = pg_transport.carry(position, state, moving.units, moving.here)  # 5.6: passengers ride along
        state = pg_spot.drop_unseen(self, position.at(state), moving.units)  # 8.22: out of sight, hex by hex
        state = pg_lone.harmless_transports(position.at(state), moving.units, moving.here)  # 5.31
        state = state.push(*pg_lone.rolls(position.at(state), moving.units, moving.here))  # 6.71
        state = pg_mines.reveal(self, position.at(state))  # 16.6: a DECOY found out comes off
        mire = pg_mire.decisions(self, position.at(state), moving.units, moving.here)  # optional mire (17.0)
        drum = pg_drum.entry(self, position.at(state), moving.units, moving.here)  # optional drumfire (17.0)
        state, solo = pg_hidden_solo.entered(self, position.at(state), moving.units)  # 17.0 solitaire
        return state.push(*solo, *self.minefield_rolls(position.at(state)), *mire, *drum)

    # --- minefields (16.6) ---
    def minefield_rolls(self, position: Position, soft: bool = False) -> list[Decision]:
        """16.6: a unit entering a hex of an enemy minefield (``options.minefields``: hex -> side and attack
        points) sets it off: its owner rolls one die per point for each entering unit, one fewer with an
        engineer entering or already there, two fewer when only engineers enter; at 0 nothing happens.
        Leaders and empty unarmed transports are attacked only if the owner so chooses (asked first, the
        same whatever the face-down marker holds; ``soft``: he chose to, their dice now)."""
        moving = position.state.moving
        assert moving is not None
        field = pg_mines.laid(position, moving.here) if pg_mines.present(self, position, moving.here) \
            else None
        movers = [position.units[u] for u in moving.units if u in position.units]
        if not field or not movers:
            return []
        side = movers[0].side
        routing = all(u.has("demoralized") for u in movers if not pu.is_leader(u))  # 16.6: any minefield
        if field.get("side") == side and not routing:
            return []
        gentle = [u for u in movers if pg_mines.owners_choice(position, u)]
        troops = gentle if soft else [u for u in movers if u not in gentle]
        engineers = [u for u in movers if pg_mines.is_engineer(u)]  # 15.5: not flamethrower engineers
        there = any(u.side == side and pg_mines.is_engineer(u) and u.id not in moving.units
                    for u in position.units_at(moving.here))
        hard = [u for u in movers if u not in gentle]
        n = special_rules.minefield_dice(pg_mines.points_left(self, position, moving.here),
                                         bool(engineers) or there, bool(hard) and len(engineers) == len(hard))
        out = [Decision("roll", str(field["side"]),
                        T("minefield in {hex} against {unit}: die {i} of {n} (6 a step, demoralized and "
                          "stopped; 5 demoralized and stopped; 3-4 stopped)",
                          hex=position.label(moving.here), unit=unit.id, i=i, n=n),
                        "16.6", "mine", dice="1d6", subject=(unit.id,), target=moving.here,
                        args=(("n", str(n)),))
               for unit in troops for i in range(1, n + 1)]
        if gentle and not soft and field.get("side") != side:
            out.append(Decision("confirm", str(field["side"]), T(
                "minefield in {hex}: set it off against {units} too (leaders and unarmed transports: the "
                "owner's choice; a leader dies on a 5 or 6)?", hex=position.label(moving.here),
                units=", ".join(u.id for u in gentle)), "16.6", "mine_soft", choices=("attack", "spare"),
                subject=tuple(u.id for u in gentle), target=moving.here))
        return out

    def resume_leader_draw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_leader_draw.resume_draw(self, position, decision, answer)  # 6.1

    def resume_leader_face(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_leader_draw.resume_face(self, position, decision, answer)  # 6.1

    def resume_mine_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_mines.resume_pick(self, position, decision, answer)  # 16.6: the owner picks the minefield

    def resume_mine_soft(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """16.6: the owner sets the minefield off against the leaders and unarmed transports (a DECOY is
        then found out), or spares them and it stays face down."""
        state = position.state
        if answer.choice != "attack":
            return state
        state = pg_mines.reveal(self, position, soft=True)
        return state.push(*self.minefield_rolls(position.at(state), soft=True))

    def resume_mine(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """16.6: the unit's dice read together once all are rolled (two 6s eliminate a full unit, each pair
        of 5s a step); a stopped unit ends its move in the minefield."""
        state = position.state
        gs = self.gstate(state)
        dice = (*gs.mine_dice, PG_1D6.from_values(answer.dice or ()).total)
        if len(dice) < int(decision.arg("n")):
            return state.replace(game=gs.replace(mine_dice=dice))
        state = state.replace(game=gs.replace(mine_dice=()))
        unit = state.units.get(decision.subject[0])
        if unit is None:
            return state
        steps = int(unit.values.get("steps", 1))
        result = special_rules.minefield(dice, 1 if unit.has("reduced") else steps, not unit.has("reduced"),
                                         unit.has("demoralized"))
        if pu.is_leader(unit):  # 16.6: a leader set upon is eliminated on a 5 or 6
            result = special_rules.MineResult(1 if any(d >= 5 for d in dice) else 0, False, result.stop)
            if result.steps:
                state = self.leader_lost(position.at(state), unit.id)
        for _ in range(result.steps):
            if unit.id in state.units:
                state = lose_step(state, state.units[unit.id])
        if result.demoralized and unit.id in state.units:
            state = state.with_unit(state.units[unit.id].mark("demoralized", remove=("disrupted",)))
        line = Line(T("minefield"), T("{unit}: dice {dice}: {steps} step(s) lost{what}", unit=unit.id,
                                      dice=", ".join(map(str, dice)), steps=result.steps,
                                      what=T(", demoralized and stopped") if result.demoralized
                                      else T(", stopped") if result.stop else T(", no effect")), "16.6")
        state = state.replace(resolution=Resolution(
            act.Answer(dice=dice), "minefield", T("minefield attack (16.6)"), False, (line,),
            {unit.id: str(result.steps)}, T("minefield in {hex}: {unit}", hex=position.label(decision.target)
                                            if decision.target is not None else "", unit=unit.id)))
        if result.stop or result.steps:
            state = self.halt_mover(position.at(state), unit.id)
        return state

    def can_react(self, position: Position, side: str) -> bool:
        return pg_fire.can_react(self, position, side) or any(  # optional hidden units (17.0) too
            True for _ in pg_hidden.fire_options(self, position, side))

    def seats(self, scenario: Scenario) -> Mapping[str, tuple[str, ...]]:
        return pg_multi.seats(scenario)  # 17.0: several players to a side, each with his own page

    def check_player(self, position: Position, action: act.Action | None, player: str) -> None:
        pg_multi.check_player(self, position, action, player)

    def answerer(self, position: Position) -> str | None:
        return pg_multi.player_answerer(position)

    def secret_of(self, position: Position, action: act.Action) -> str:
        """Optional hidden units (17.0): an action naming one is listed on its owner's page only."""
        return pg_hidden.owner_of(self, position, action)

    def can_continue(self, position: Position) -> bool:
        """13.1: a mover that fails a morale check stops where it is; one eliminated stops too."""
        return super().can_continue(position) and not self.gstate(position.state).halted

    def halt_mover(self, position: Position, uid: str) -> State:
        state = position.state
        moving = state.moving
        if moving is None or uid not in moving.units:
            return state
        gs = self.gstate(state)
        return state.replace(game=gs.replace(halted=(*gs.halted, uid)))

    def end_move(self, position: Position) -> State:
        """3.13: every unit that moved (or routed) is marked MOVED/FIRED; seriously short of supply, its
        mechanized and motorized units then roll for running out (``supply.py``)."""
        moving = position.state.moving
        assert moving is not None
        gs = self.gstate(position.state)
        if gs.standing:  # 13.3: the window at a load or unload closed; its own rules already applied
            state = position.state.replace(game=gs.replace(standing=False, fired_here=(), halted=()))
            return super().end_move(position.at(state))
        if gs.lost_spent:  # 5.8: the move that lost its way is over
            position = position.at(position.state.replace(game=gs.replace(lost_spent="", lost_ok=-1,
                                                                          lost_ask=False)))
        rolls = pg_supply.decisions(self, position, moving.units, fired=False)
        return pg_supply.under(position.state, self._end_move(position), rolls)

    def _end_move(self, position: Position) -> State:
        state = position.state
        moving = state.moving
        assert moving is not None
        for uid in moving.units:
            if uid in state.units:
                unit = state.units[uid].mark(MARK)
                if unit.has(pg_spot.SPOTTED) and not pg_spot.still_spotted(self, position.at(state), unit):
                    unit = unit.mark(remove=(pg_spot.SPOTTED,))  # 8.22: out of sight again
                state = state.with_unit(unit)
        state = pg_trains.after_move(position.at(state), moving.units)  # 15.2: it may fire after its move
        state = state.replace(game=self.gstate(state).replace(fired_here=(), halted=()))
        if moving.units:  # optional moving fire (17.0): its move is done
            state = pg_movingfire.after_move(self, position, state, moving.units[0])
        state = self.note_river_bank(position.at(state), moving.units, moving.path[:moving.at + 1])
        state = super().end_move(position.at(state))
        if self.gstate(state).exiting:  # 16.5, 15.5: a move as exit that got there leaves the board
            state = state.replace(game=self.gstate(state).replace(exiting=False))
            if moving.finished and not moving.stopped:
                state = pg_exits.leave(self, position.at(state), moving.units)
        state = pg_victory.update_control(self, position.at(state))
        alive = tuple(u for u in moving.units if u in state.units and state.units[u].hex is not None)
        here = state.units[alive[0]].hex if alive else None
        origin = moving.path[0]
        if self.gstate(state).overrun_exit:  # the overrun's step to its exit hex: no free shot (12.12)
            return pg_overrun.finish_exit(self, position.at(state), alive)
        if alive and here != origin:  # 12.12: the last ones out of an assault hex take the free shot
            state = state.push(*pg_assault.free_shot_decisions(position.at(state), alive, origin))
        plan = self.gstate(state).overrun
        if plan and (here is None or position.label(here) != plan[0]):  # stopped short: no overrun
            state = state.replace(game=self.gstate(state).replace(overrun=()))
        if here is not None and moving.finished and pg_assault.enemy_combat_units(
                position.at(state), here, state.units[alive[0]].side):
            side = state.units[alive[0]].side
            waited = pg_assault_entry.entered(self, position.at(state), alive, here,
                                              moving.path[-2] if len(moving.path) == 2 else None)
            if waited is not None:  # 12.2: it waits for more of the activation, or is fought with them
                return waited
            if any(u.side == side and u.id not in alive and not pu.is_leader(u) and u.carrier is None
                   for u in position.at(state).units_at(here)):  # 12.3: a reinforcement, the assault optional
                return state.push(pg_assault.join_decision(position.at(state), alive, here))
            begun = pg_assault.begin(self, position.at(state), alive, here,
                                     origin=moving.path[-2] if len(moving.path) == 2 else None)  # 12.2
            if plan and position.label(here) == plan[0]:  # the overrun goes on once the assault is fought
                return pg_supply.under(state, begun, [pg_overrun.after_decision(position.at(state), alive,
                                                                                here)])
            return begun
        if plan and here is not None and position.label(here) == plan[0]:  # the target emptied on the way
            return state.push(pg_overrun.after_decision(position.at(state), alive, here))
        return state

    # --- fire ---
    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        return pg_fire.resolve(self, position, fire)

    # --- the hooks ---
    def check(self, position: Position, action: act.Action) -> act.Action:
        hidden = pg_hidden.in_action(self, position, action)
        if hidden:  # optional hidden units (17.0): checked as it will be, placed on their hexes
            return self._check(position.at(pg_hidden.reveal(self, position.state, hidden)), action)
        return self._check(position, action)

    def _check(self, position: Position, action: act.Action) -> act.Action:
        pg_declare.check(self, position, action)  # 3.13: as declared
        pg_multi.check(self, position, action)  # optional multiplayer (17.0): whose units, which sector
        helped = set(self.gstate(position.state).rally_helpers)  # 14.4: no other action that turn
        named = action.firers if isinstance(action, act.Fire) else (
            action.units if isinstance(action, act.Move) else ())
        if helped & set(named):
            raise IllegalAction(T("{leaders} supported a recovery this turn: no other action, and he leaves "
                                  "the hex only going along with a rout (14.4, 6.53)",
                                  leaders=", ".join(sorted(helped & set(named)))), "14.4")
        if isinstance(action, act.Attack) and position.state.decision is None:  # 12.3: an optional assault
            return pg_assault.check_optional(self, position, action)
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            for uid in action.firers:  # optional moving fire (17.0): one AT shot
                mf = pg_movingfire.of(self, position, uid)
                if mf is not None and (mf[2] or not pg_at.at_targets(self, position, position.units[uid],
                                                                     action.target)):
                    raise IllegalAction(T("{unit} fires once on the move, AT fire at a vehicle it spots "
                                          "(17.0)", unit=uid), "17.0")
            return pg_fire.check(self, position, action)
        if isinstance(action, act.Rally):
            return pg_morale.check_recovery(self, position, action)
        if isinstance(action, act.Activate):
            if action.mode == "dig":  # 16.2, 3.13: digging is the unit's whole action
                pg_works.check_dig(self, position, tuple(action.units))
                return act.Activate(tuple(sorted(action.units)), "dig")
            if action.mode == "cave":  # 16.7: into or out of the cave, the unit's whole action
                pg_caves.check_toggle(self, position, tuple(action.units))
                return act.Activate(tuple(sorted(action.units)), "cave")
            if action.mode == "clear" and self._mine_clearer(position, action):  # 16.6: an engineer
                pg_mines.check_clear(self, position, tuple(action.units))
                return act.Activate(tuple(action.units), "clear")
            if action.mode == "clear":  # 16.3: clearing a wreck is the AFV's whole action
                pg_works.check_clear(self, position, tuple(action.units))
                return act.Activate(tuple(action.units), "clear")
            if action.mode == pg_consolidate.MODE:  # optional consolidation (17.0)
                pg_consolidate.check(self, position, tuple(action.units))
                return act.Activate(tuple(sorted(action.units)), pg_consolidate.MODE)
            if action.mode == pg_movingfire.MODE:  # optional moving fire of superior units (17.0)
                pg_movingfire.check(self, position, tuple(action.units))
                return act.Activate(tuple(action.units), pg_movingfire.MODE)
            if action.mode == pg_formation.MODE:  # optional formation activation (17.0)
                pg_formation.check(self, position, tuple(action.units))
                return act.Activate(tuple(sorted(action.units)), pg_formation.MODE)
            if action.mode == pg_recce.MODE:  # 8.23: a recce unit's SPOTTED marker
                pg_recce.check(self, position, tuple(action.units))
                return act.Activate(tuple(action.units), pg_recce.MODE)
            if action.mode:
                raise InvalidAction(T("a PG activation names its units only: 'activate UNIT' (3.1)"))
            if self.gstate(position.state).active:
                raise IllegalAction(T("an activation is open: its units act, or say done to end it"), "3.1")
            if any(pg_entry.off_board(position, u) for u in action.units):  # 16.5: they come on
                pg_entry.check(self, position, tuple(action.units))
                return act.Activate(tuple(sorted(action.units)))
            if pg_trains.declare(position, tuple(action.units)) is None:  # 6.92: trains, flotillas
                pg_act.declare(position, action.units)
            return act.Activate(tuple(sorted(action.units)))
        if isinstance(action, act.Move) and not isinstance(action, act.Advance):
            if action.mode == pg_exits.MODE:  # 16.5, 15.5: off the board
                return pg_exits.check(self, position, action)
            if action.mode:  # 5.63: a move ending in an unhook, or a BM-13's flip
                return self.check_mode_move(position, action)
            return self.check_move(position, action)
        if isinstance(action, act.Smoke):  # optional smoke and illumination rounds (17.0)
            return pg_smoke.check(self, position, action)
        if isinstance(action, act.Load | act.Unload):
            pg_mire.check_tow(position, action)  # optional mire (17.0): no hooking or unhooking while bogged
            if pg_riders.involved(position, action):  # optional tank riders (17.0)
                if isinstance(action, act.Load):
                    return pg_riders.check_mount(self, position, action)
                return pg_riders.check_dismount(self, position, action)
        if isinstance(action, act.Load):
            return pg_transport.check_load(self, position, action)
        if isinstance(action, act.Unload):
            return pg_transport.check_unload(self, position, action)
        phase = position.phase
        raise IllegalAction(T("{kind} is not an action of the {phase}",
                              kind=action.kind, phase=phase.name), phase.rule)

    def apply(self, position: Position, action: act.Action) -> State:
        hidden = pg_hidden.in_action(self, position, action)
        if hidden:  # optional hidden units (17.0): a hidden unit that fires or moves is placed for good
            shown = pg_hidden.reveal(self, position.state, hidden)
            position = position.at(shown.replace(game=self.gstate(shown).replace(ambush=tuple(hidden))))
        elif self.gstate(position.state).ambush:
            gs = self.gstate(position.state)
            position = position.at(position.state.replace(game=gs.replace(ambush=())))
        if isinstance(action, act.Attack):
            return pg_assault.declare_optional(self, position, action)
        if isinstance(action, act.Fire):  # seriously short of supply: firers roll once the fire is resolved
            position = position.at(self.note_vertex(position, action.firers, action.target))  # 8.4
            rolls = pg_supply.decisions(self, position, tuple(action.firers), fired=True)
            rolls += pg_ruins.decisions(self, position, action)  # optional ruins (17.0): after the fire
            done = pg_supply.under(position.state, pg_fire.declare(self, position, action), rolls)
            return pg_movingfire.after_fire(self, position, done, action.firers[0])  # optional (17.0)
        if isinstance(action, act.Rally):
            return pg_morale.declare_recovery(self, position, action)
        if isinstance(action, act.Activate):
            if action.mode == "dig":  # 16.2: no opportunity fire at digging (13.2)
                return pg_works.dig(self, position, tuple(action.units))
            if action.mode == "cave":  # 16.7
                return pg_caves.toggle(position, tuple(action.units))
            if action.mode == "clear" and self._mine_clearer(position, action):
                return pg_mines.clear(self, position, tuple(action.units))
            if action.mode == "clear":
                return pg_works.clear(self, position, tuple(action.units))
            if action.mode == pg_consolidate.MODE:
                return pg_consolidate.apply(self, position, tuple(action.units))
            if action.mode == pg_movingfire.MODE:
                return pg_movingfire.declare(self, position, action.units[0])
            if action.mode == pg_formation.MODE:
                return pg_formation.declare(self, position, tuple(action.units))
            if action.mode == pg_recce.MODE:
                return pg_recce.apply(self, position, tuple(action.units))
            if any(pg_entry.off_board(position, u) for u in action.units):  # 16.5: placed on an entry hex
                ids = tuple(action.units)
                hexes = pg_entry.check(self, position, ids)
                return position.state.push(pg_entry.decision(position, ids, hexes))
            a = pg_trains.declare(position, tuple(action.units)) or pg_act.declare(position, action.units)
            gs = self.gstate(position.state)
            checks = pg_morale.surrender_checks(self, position, [position.units[u] for u in sorted(a.units)])
            opened = position.state.push(*checks).replace(game=gs.replace(
                active=tuple(sorted(a.units)), combat=tuple(sorted(a.combat)),
                act_leaders=tuple(sorted(a.leaders))))
            return pg_declare.ask(position, opened, tuple(sorted(a.units)))  # 3.13: before any acts
        if isinstance(action, act.Smoke):
            return pg_smoke.apply(self, position, action)
        if isinstance(action, act.Load | act.Unload) and pg_riders.involved(position, action):
            tank = action.carrier  # optional tank riders (17.0): mounting and dismounting draw fire (13.3)
            if isinstance(action, act.Load):
                ids, done = (tank, *action.units), pg_riders.mount(self, position, action)
            else:
                ids = (tank, *(u.id for u in pg_riders.riders(position, tank)))
                done = pg_riders.dismount(self, position, action)
            return self.standing_window(position, done, ids, T("mount or dismount"))
        if isinstance(action, act.Load):
            done = pg_transport.apply_load(self, position, action)
            ids = (action.carrier, *action.units)
            return self.standing_window(position, done, ids, T("board or hook up"))
        if isinstance(action, act.Unload):
            done = pg_transport.apply_unload(self, position, action)
            unit = position.units[action.carrier]
            if (unit.type == "gun" or pu.is_portee(unit)) and unit.carrier is None:  # 13.3: unlimbering too
                return self.standing_window(position, done, (unit.id,), T("unlimber"))
            carrier = unit.carrier or unit.id
            riders = tuple(u.id for u in pg_transport.riders_of(position, carrier))
            return self.standing_window(position, done, (carrier, *riders), T("alight or unhook"))
        raise IllegalAction(T("cannot apply {kind}", kind=action.kind))

    def note_vertex(self, position: Position, ids: tuple[str, ...], target: Hex) -> State:
        """8.4: the sides taken where the spotting lines run along hexsides hold for the rest of the turn:
        each firer's line, and for a bombardment spotted by a leader (9.1) his line too."""
        state = position.state
        shooters = [u for u in (position.units.get(x) for x in ids) if u is not None and u.hex is not None]
        lookers = list(shooters)
        if shooters and any(pu.value(u, "bombard") > 0 for u in shooters):
            spotter = pg_bombard.spotter(self, position, shooters, target)
            if spotter is not None and spotter not in ids:
                lookers.append(position.units[spotter])
        for unit in lookers:
            assert unit.hex is not None
            lift = (pg_spot.spotting_level(self, position, unit.hex, pg_spot.town_lift(unit, True))
                    - position.map.level(unit.hex))
            state = pg_vertex.record(self, position, state, unit.hex, target, lift)
        return state

    def standing_window(self, position: Position, state: State, ids: tuple[str, ...], what: T) -> State:
        """13.3: boarding, alighting, hooking, unhooking and unlimbering by choice draw opportunity fire, as
        a move into a new hex does (13.2: a unit that fired at them in this hex may fire again); forced
        unloading (5.66) does not. The window is a one-hex move of the units that did it, ended without the
        move's own consequences (``end_move``)."""
        alive = tuple(u for u in ids if u in state.units and state.units[u].hex is not None)
        if not alive or position.phase.id != "action":
            return state
        here = state.units[alive[0]].hex
        assert here is not None
        gs = self.gstate(state)
        view = position.at(state.replace(moving=Moving(alive, (here,), 0),
                                         game=gs.replace(fired_here=(), standing=True)))
        window = view.phase.reaction("enter")
        reactor = view.enemy_of(state.units[alive[0]].side)
        if window is None or not self.can_react(view, reactor):
            return state
        return view.state.push(Decision(
            "react", reactor, T("{units} {what} in {hex}: fire at them now or pass", units=", ".join(alive),
                                what=what, hex=view.label(here)), "13.3", "move_on", subject=alive,
            target=here))

    # --- continuations (named by the decisions' ``then``) ---
    def resume_bog(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_mire.resume_bog(self, position, decision, answer)

    def resume_bog_out(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_mire.resume_out(self, position, decision, answer)

    def resume_smoke_kind(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_smoke.resume_kind(self, position, decision, answer)

    def resume_smoke_value(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_smoke.resume_value(self, position, decision, answer)

    def resume_smoke(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_smoke.resume_roll(self, position, decision, answer)

    def resume_bank(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_excess.resume_bank(self, position, decision, answer)

    def resume_use_bank(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_excess.resume_use(self, position, decision, answer)

    def resume_formation(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_formation.resume(self, position, decision, answer)

    def resume_search(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_search.resume(self, position, decision, answer)

    def resume_mine_draw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_minecup.resume_draw(self, position, decision, answer)  # 16.6

    def resume_mine_place(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_minecup.resume_place(self, position, decision, answer)  # 16.6

    def resume_strongpoint_draw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_strongpoints.resume_draw(self, position, decision, answer)  # 16.1

    def resume_strongpoint_place(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_strongpoints.resume_place(self, position, decision, answer)  # 16.1

    def resume_solo_draw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_hidden_solo.resume_draw(self, position, decision, answer)  # 17.0 solitaire

    def resume_hidden_third(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_hidden_third.resume(self, position, decision, answer)  # optional hidden units (17.0)

    def resume_hidden_place(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_hidden.resume_place(self, position, decision, answer)

    def resume_ruins(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_ruins.resume(self, position, decision, answer)

    def resume_supply_out(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_supply.resume(self, position, decision, answer)

    def resume_overrun_exit(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_overrun.resume_exit(self, position, decision, answer)

    def resume_overrun_after(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_overrun.resume_after(self, position, decision, answer)

    def resume_loss_air(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_losses.resume_loss_air(self, position, decision, answer)

    def resume_air_face(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_face(self, position, decision, answer)

    def resume_air_draw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_draw(self, position, decision, answer)

    def resume_air_mode(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_mode(self, position, decision, answer)  # 15.1: DF or AT (air_at_either)

    def resume_air_at(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_at(self, position, decision, answer)

    def resume_air_at_who(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_at_who(self, position, decision, answer)

    def resume_air_at_step(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_at_step(self, position, decision, answer)

    def resume_split(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_fire.resume_split(self, position, decision, answer)

    def resume_air_abort(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_abort(self, position, decision, answer)

    def resume_air_dft(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_air.resume_dft(self, position, decision, answer)

    def resume_enter_board(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_entry.resume(self, position, decision, answer)

    def resume_offboard(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_offboard.resume(self, position, decision, answer)

    def resume_dft(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_fire.resume_dft(self, position, decision, answer)

    def resume_entrenched_rout(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_morale.resume_entrenched_rout(self, position, decision, answer)

    def resume_cave_exit(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_caves.resume_exit(self, position, decision, answer)

    def resume_night_range(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = position.state
        die = PG_1D6.from_values(answer.dice or ()).total
        return state.replace(game=self.gstate(state).replace(night_range=pg_spot.night_range(die)))

    def resume_loss(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_losses.resume_loss(self, position, decision, answer)

    def resume_lone_leaders(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = pg_losses.resume_lone_leaders(self, position, decision, answer)
        for uid in answer.units:
            state = self.leader_lost(position.at(state.with_unit(position.units[uid])), uid)
        return state

    def resume_casualty(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_losses.resume_casualty(self, position, decision, answer)

    def resume_at_target(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_fire.resume_at_target(self, position, decision, answer)

    def resume_at(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_at.resume_roll(self, position, decision, answer)

    def resume_bombard(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_bombard.resume_roll(self, position, decision, answer)

    def resume_ff_check(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_bombard.resume_ff_check(self, position, decision, answer)

    # --- leaders lost (6.7, 6.72) ---
    def senior(self, position: Position, side: str) -> UnitState | None:
        """The side's senior leader: the highest-ranked normal leader on the map (6.72)."""
        leaders = [u for u in position.units.values() if u.side == side and pu.leader_kind(u) == "normal"
                   and u.hex is not None]
        return max(leaders, key=lambda u: (pu.rank(u), u.id), default=None)

    def leader_lost(self, position: Position, uid: str) -> State:
        """6.7, 6.72: the leader leaves the map; if he was his side's senior leader (the first time in the
        game), every leader of that side not yet activated checks morale at once, and the new senior
        checks at the start of the next turn."""
        state = position.state
        if uid not in state.units:
            return state
        unit = state.units[uid]
        was_senior = self.senior(position, unit.side)
        state = state.without_unit(uid)
        gs = self.gstate(state)
        shock = []
        major = pu.leader_kind(unit) == "normal" and pu.rank(unit) >= pu.RANKS.index("MAJ")
        if major and unit.hex is not None:
            # 6.73: a major or higher lost: every friendly unit stacked with him checks morale, less his
            # morale modifier (added to the roll here, which is the same test)
            loss = pu.value(unit, "morale_mod")
            view = position.at(state)
            shock = [pg_morale.mc(view, u.id, loss, "6.73") for u in view.units_at(unit.hex)
                     if u.side == unit.side]
        if was_senior is None or was_senior.id != uid or unit.side in gs.senior_lost:
            return state.push(*shock)
        state = state.replace(game=gs.replace(senior_lost=(*gs.senior_lost, unit.side),
                                              senior_check=(*gs.senior_check, unit.side)))
        view = position.at(state)
        others = [u.id for u in state.units.values() if u.side == unit.side and pu.is_leader(u)
                  and not u.has(MARK)]
        order = pg_morale.check_order(state, others)
        return state.push(*shock, *(dataclasses.replace(pg_morale.mc(view, u, 0, "6.72"), then="senior_mc")
                                    for u in order))

    def resume_senior_mc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """6.72: a leader failing this check is also marked MOVED/FIRED."""
        uid = decision.subject[0]
        before = position.units.get(uid)
        state = pg_morale.resume_mc(self, position, decision, answer)
        after = state.units.get(uid)
        failed = after is not None and before is not None and after.markers != before.markers
        if decision.arg("new_senior") == "1" and failed:
            side = decision.side
            gs = self.gstate(state)
            losses = dict(gs.initiative_loss)
            state = state.replace(game=gs.replace(initiative_loss=tuple(sorted({**losses, side: 1}.items()))))
            others = [u.id for u in state.units.values()
                      if u.side == side and pu.is_leader(u) and u.id != uid]
            view = position.at(state)
            state = state.push(*(dataclasses.replace(pg_morale.mc(view, u, 0, "6.72"), then="senior_mc")
                                 for u in pg_morale.check_order(state, others)))
        if failed and after is not None and uid in state.units:
            state = state.with_unit(state.units[uid].mark(MARK))
        return state

    def resume_mc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_morale.resume_mc(self, position, decision, answer)

    def resume_recover(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_morale.resume_recover(self, position, decision, answer)

    def resume_assault(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault.resume(self, position, decision, answer)

    def resume_lone_leader(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_lone.resume_roll(self, position, decision, answer)

    def resume_lone_leader_hex(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_lone.resume_hex(self, position, decision, answer)

    def resume_flame_fuel(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault.resume_fuel(self, position, decision, answer)

    def resume_assault_wait(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault_entry.resume(self, position, decision, answer)

    def resume_assault_join(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault.resume_join(self, position, decision, answer)

    def resume_assault_first(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault.resume_first_choice(self, position, decision, answer)

    def resume_assault_at(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault_at.resume_choice(self, position, decision, answer)

    def resume_assault_at_target(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault_at.resume_target(self, position, decision, answer)

    def resume_assault_at_gate(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault_at.resume_gate(self, position, decision, answer)

    def resume_assault_at_roll(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault_at.resume_roll(self, position, decision, answer)

    def is_overrun(self, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> bool:
        """The optional overrun: a path of two or three hexes into an enemy hex by units that may overrun (a
        two-hex cavalry move that is a legal charge stays a charge, 15.31). Raises when it is meant as one
        but breaks its rules."""
        if not pg_overrun.enabled(position) or len(path) not in (3, 4) or not units:
            return False
        if not pg_assault.enemy_combat_units(position, path[-1], units[0].side):
            return False
        if len(path) == 3 and self.charge_problem(position, units, path) is None:
            return False
        why = pg_overrun.problem(self, position, units, path)
        if why is None:
            return True
        meant = len(path) == 4 or pg_overrun.kind(units) == "afv"
        if meant or pg_overrun.eligible(self, position, units) is None:
            raise IllegalAction(why)
        return False

    def charge_problem(self, position: Position, units: list[UnitState], path: tuple[Hex, ...]) -> T | None:
        """15.3 (cavalry charge): good-order cavalry a cavalry leader (a leader with ``cavalry``, 6.91)
        activated charges an enemy two hexes away that it spots itself (8.0: range and LOS, not LOS alone),
        through an enemy-free hex from which the target is seen; never from an adjacent hex. None if legal."""
        troops = [u for u in units if not pu.is_leader(u)]
        gs = self.gstate(position.state)
        leaders = [position.units[u] for u in gs.act_leaders if u in position.units]
        if not troops or not all(pu.branch(u) == "CAV" for u in troops):
            return T("only cavalry charges (15.31)")
        if not any(pu.value(ldr, "cavalry") == 1 and all(pg_act.commands(ldr, u) for u in troops)
                   for ldr in leaders) or not all(u.id in gs.combat for u in troops):
            return T("a cavalry charge needs a cavalry leader's activation (15.31, 6.91)")
        why = pg_assault.may_assault(units, True)
        if why:
            return why
        start, mid, target = path
        side = troops[0].side
        if distance(start, mid) != 1 or distance(mid, target) != 1 or distance(start, target) != 2:
            return T("a cavalry charge goes two hexes, from a hex not next to the target (15.31)")
        if any(u.side != side for u in position.units_at(mid)):
            return T("a cavalry charge passes through a hex free of the enemy (15.31)")
        los = self.terrain_table().line_of_sight
        if los(position.map, start, target).blocked or los(position.map, mid, target).blocked:
            return T("a cavalry charge needs the target in sight along its way (15.31)")
        foes = [u for u in position.units_at(target) if u.side != side]
        if not any(pg_spot.sees(self, position, u.at(start), target, foe) for u in troops for foe in foes):
            return T("the charging cavalry must spot the target itself, from where it starts (15.3, 8.0)")
        return None

    def begin_move(self, position: Position, move: act.Move) -> State:
        """A unit's own activation begins with its move: surrender rolls first (14.6); a cavalry charge is
        noted for its assault (15.31)."""
        state = super().begin_move(position, move)
        path = tuple(move.path)
        movers = [position.units[u] for u in move.units if u in position.units]
        if len(path) == 3 and movers and pg_assault.enemy_combat_units(position, path[2], movers[0].side) \
                and self.charge_problem(position, movers, path) is None:
            state = state.replace(game=self.gstate(state).replace(
                charge=tuple(u.id for u in movers if not pu.is_leader(u))))
        crossing = self.crossing_roll(position, move)
        if crossing is not None:
            state = state.push(crossing)
        if move.mode == pg_exits.MODE:  # 16.5: the units leave the board once on its edge hex
            state = state.replace(game=self.gstate(state).replace(exiting=True))
        if move.mode and move.mode != pg_exits.MODE:  # 5.63: flipped before it moves, or unhooked at the end
            uid = next(u.id for u in movers if not pu.is_leader(u))
            state = pg_transport.begin(position, state, move)
            state = state.replace(game=self.gstate(state).replace(move_mode=(move.mode, uid)))
            if move.mode == "limber":  # 13.3: the flip in its own hex is fired at before it moves off
                view = position.at(state)
                reactor = view.enemy_of(movers[0].side)
                if view.phase.reaction("enter") is not None and self.can_react(view, reactor):
                    state = state.push(Decision(
                        "react", reactor, T("{units} {what} in {hex}: fire at them now or pass", units=uid,
                                            what=T("limber"), hex=view.label(path[0])), "13.3", "move_on",
                        subject=(uid,), target=path[0]))
        if movers and self.is_overrun(position, movers, path):  # the exit hex is named before moving
            state = state.push(pg_overrun.exit_decision(self, position, move))
        elif movers and not self.gstate(state).charge and pg_direction.in_play(position, movers[0].side):
            # 5.8: each step of the move is rolled for (``advance_move``)
            state = state.replace(game=self.gstate(state).replace(lost_spent="0", lost_ok=-1))
        if self.gstate(position.state).active:
            return state
        movers = [position.units[u] for u in move.units]
        return state.push(*pg_morale.surrender_checks(self, position, movers))

    def crossing_roll(self, position: Position, move: act.Move) -> Decision | None:
        """5.73: leaving a major river hex for the far bank (no bridge, no ford) with an engineer's support,
        or as the engineer itself, takes 2d6 at or under the scenario's crossing number for the unit's class
        (``options.crossing``: foot/motorized/mechanized; an engineer rolls as foot)."""
        path = tuple(move.path)
        troops = [position.units[u] for u in move.units if not pu.is_leader(position.units[u])]
        if len(path) < 2 or not troops:
            return None
        a, b = path[0], path[1]
        m = position.map
        if pg_moves.river(self, m, a) != "major" or pg_moves.river(self, m, b) or pg_moves.bridged(m, a, b):
            return None
        if position.label(a) in {str(f) for f in position.scenario.options.get("fords", [])}:
            return None
        bank = dict(self.gstate(position.state).river_from).get(troops[0].id)
        if bank is None or b not in pg_moves.far_bank(self, m, m.parse_label(bank)):
            return None
        klass = "foot" if pu.branch(troops[0]) == "ENG" else pu.move_class(troops[0])
        number = position.scenario.options.get("crossing", {}).get(klass)
        if not isinstance(number, int):
            raise IllegalAction(T("the scenario gives no crossing number for {klass} units", klass=klass),
                                "5.73")
        return Decision("roll", troops[0].side,
                        T("{unit} tries to cross the river: 2d6 at or under {number} crosses",
                          unit=troops[0].id, number=number), "5.73", "crossing", dice="2d6",
                        subject=tuple(move.units), args=(("number", str(number)),))

    def resume_crossing(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """5.73: over the crossing number the units stay in the river hex and move no more this turn."""
        total = PG_2D6.from_values(answer.dice or ()).total
        number = int(decision.arg("number"))
        crosses = total <= number
        line = Line(T("river crossing"), T("{total} against {number}: {result}", total=total, number=number,
                                           result=T("crosses") if crosses else T("stays in the river hex")),
                    "5.73")
        state = position.state.replace(resolution=Resolution(
            act.Answer(dice=tuple(answer.dice or ())), "crossing", T("river crossing"), False, (line,), {},
            T("river crossing: {total}", total=total)))
        if crosses:
            return state
        for uid in decision.subject:
            state = self.halt_mover(position.at(state), uid)
        return state

    def resume_surrender(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """14.6: above the hex's best morale, every unit and leader there surrenders (is eliminated)."""
        assert decision.target is not None
        state = position.state
        gs = self.gstate(state)
        state = state.replace(game=gs.replace(surrender_checked=(*gs.surrender_checked, *decision.subject)))
        if PG_2D6.from_values(answer.dice or ()).total <= pg_morale.best_morale(position, decision.target):
            return state
        for unit in position.units_at(decision.target):
            state = state.without_unit(unit.id)
        return state

    def resume_free_shot(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_assault.resume_free_shot(self, position, decision, answer)

    def resume_overstack_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_overstack.resume_pick(self, position, decision, answer)

    def resume_overstack_place(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_overstack.resume_place(self, position, decision, answer)

    def resume_overstack_kill(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_overstack.resume_kill(self, position, decision, answer)

    def resume_declare(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_declare.resume(self, position, decision, answer)

    def resume_rout_along(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_along.resume(self, position, decision, answer)

    def resume_rout(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return pg_morale.resume_rout(self, position, decision, answer)

    def _air_strikes(self, position: Position, side: str) -> Iterator[act.Action]:
        planes = sorted(u.id for u in position.units.values() if u.side == side and pg_air.is_aircraft(u))
        targets = sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None},
                         key=lambda h: (h.q, h.r))
        for plane in planes:
            for h in targets:
                strike = act.Fire((plane,), h)
                try:
                    pg_air.check(self, position, strike, False)
                except IllegalAction:
                    continue
                yield strike

    def generate(self, position: Position) -> Iterator[act.Action]:
        state = position.state
        top = state.decision
        if top is not None:  # a reaction window: opportunity fire at the mover (13.0)
            if top.kind == "react":
                yield from pg_fire.generate(self, position, top.side)
                yield from pg_hidden.fire_options(self, position, top.side)  # optional hidden units (17.0)
            return
        if position.phase.id != "action":
            return
        side = position.to_act
        mine = sorted((u for u in position.units.values() if u.side == side and u.hex is not None),
                      key=lambda u: u.id)
        if not self.gstate(state).active:  # 3.1: a leader (with his reach) opens a segment
            for unit in sorted(position.units.values(), key=lambda u: u.id):  # 16.5: units off the board
                if unit.side == side and pg_entry.off_board(position, unit.id):
                    try:
                        pg_entry.check(self, position, (unit.id,))
                    except IllegalAction:
                        continue
                    yield act.Activate((unit.id,))
            yield from self._air_strikes(position, side)  # 15.1: aircraft strike from off the board
            for unit in mine:
                if unit.type == "leader" and not unit.has(MARK) and pg_act.reach(unit) is not None:
                    yield act.Activate((unit.id,))
            yield from pg_trains.activations(mine)  # 6.92: one train (flotilla) activates them all
        for unit in mine:
            rally = act.Rally(unit.id)
            if (unit.has("disrupted") or unit.has("demoralized")) and self.can_act(position, unit) is None:
                yield rally
        for unit in mine:
            leaders = tuple(
                u.id for u in mine if u.type == "leader" and u.hex == unit.hex and u.id != unit.id
            )
            groups = [frozenset([unit.id])]
            if unit.type != "leader" and leaders:
                groups.append(frozenset([unit.id, *leaders]))
            if pu.is_transport(unit) or pu.is_apc(unit):  # 5.61: a rider boards, rides and alights
                groups += [frozenset([unit.id, r.id]) for r in mine
                           if r.hex == unit.hex and r.type == "personnel"
                           and self.ride([unit, r]) is not None]
            for group in groups:
                yield from self.moves_for(position, group).values()
        yield from self._transport_actions(position, mine)
        yield from pg_fire.generate(self, position, side)
        yield from pg_assault.optional_attacks(self, position, side)  # 12.3
        for uid in pg_works.offers(self, position, mine):  # 16.2: digging, a move action (3.13)
            yield act.Activate((uid,), "dig")
        for uid in pg_works.clear_offers(self, position, mine):  # 16.3: clearing a wreck
            yield act.Activate((uid,), "clear")
        for uid in pg_caves.offers(self, position, mine):  # 16.7: into or out of the cave
            yield act.Activate((uid,), "cave")
        yield from pg_hidden.fire_options(self, position, side)  # optional hidden units (17.0)
        for uid in pg_mines.clear_offers(self, position, mine):  # 16.6: engineers clearing a minefield
            yield act.Activate((uid,), "clear")
        yield from pg_exits.offers(self, position, mine)  # 16.5, 15.5: off the board from its edge
        yield from pg_recce.offers(self, position, mine)  # 8.23: a recce unit's SPOTTED marker

    def _transport_actions(self, position: Position, mine: list[UnitState]) -> Iterator[act.Action]:
        """5.61, 5.63, 5.67: the loads and hook-ups, unloads and unhooks, and unlimberings open now."""
        offers: list[act.Action] = []
        for carrier in mine:
            if pu.is_transport(carrier) or pu.is_apc(carrier):
                offers += [act.Load((u.id,), carrier.id) for u in mine
                           if u.hex == carrier.hex and u.type in ("personnel", "gun") and u.carrier is None]
                offers.append(act.Unload(carrier.id))
            elif (carrier.type == "gun" or pu.is_portee(carrier)) and carrier.has(pu.LIMBERED):
                offers.append(act.Unload(carrier.id))
        for offer in offers:
            try:
                yield self.check(position, offer)
            except (IllegalAction, InvalidAction):
                continue
