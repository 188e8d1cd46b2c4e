"""ASL game module: hooks of hexmate.rules.games.base.Game for the minimum viable subset (see __init__)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Physical
from hexmate.rules.dice import ASL_DR, ASL_DR_SINGLE, ASL_SUBSIDIARY, DiceSpec
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import aa as asl_aa
from hexmate.rules.games.asl import advance_levels as asl_advance_levels
from hexmate.rules.games.asl import advpaatc as asl_advpaatc
from hexmate.rules.games.asl import (
    aerosan,
    afvresid,
    alhide,
    alsecret,
    aphsw,
    armorldr,
    armour,
    bicycle,
    boardarea,
    caend,
    carriers,
    cavalry,
    cavcharge,
    cavwave,
    ccreact,
    commissar,
    crew,
    cyclesplit,
    ddtank,
    deployment,
    edgeexit,
    fire_groups,
    floc,
    ftdc,
    horsehit,
    horsesplit,
    hulldown,
    hwaa,
    hwovr,
    hwplt,
    iift,
    impentry,
    impovr,
    impulse,
    integrity,
    latedt,
    mgafv,
    moto,
    motocapture,
    motoord,
    mounted,
    nations,
    ncreact,
    offboard,
    oppfire,
    overrun,
    passrout,
    platoon,
    prcfire,
    prisoners,
    radioless,
    reaction,
    recnow,
    riders,
    rphase,
    setdc,
    street,
    streetrfp,
    swrandom,
    swremove,
    tankflip,
    transport,
    vbypass,
    vcapcc,
    vcapture,
    vce,
    vconceal,
    vcrew,
    vcrewhit,
    vdelay,
    vdriver,
    ventry,
    vfg,
    vfire,
    vft,
    vimmobile,
    vinplace,
    vmgfire,
    vmgveh,
    vmotion,
    vmud,
    vmudoff,
    voffers,
    volbreak,
    vrecall,
    vreentry,
    vrepair,
    vresid,
    vsmccrew,
    vsmoke,
    vstackhit,
    vtow,
    vunbog,
    vwreck,
    wagon,
    woundcarry,
    wpveh,
)
from hexmate.rules.games.asl import ambushwd as asl_ambushwd
from hexmate.rules.games.asl import ammo as asl_ammo
from hexmate.rules.games.asl import arrival as asl_arrival
from hexmate.rules.games.asl import berserk as asl_berserk
from hexmate.rules.games.asl import bump as asl_bump
from hexmate.rules.games.asl import bypass as asl_bypass
from hexmate.rules.games.asl import capture as asl_capture
from hexmate.rules.games.asl import carry as asl_carry
from hexmate.rules.games.asl import cc as asl_cc
from hexmate.rules.games.asl import ccgroups as asl_ccgroups
from hexmate.rules.games.asl import ccleader as asl_ccleader
from hexmate.rules.games.asl import ccsn as asl_ccsn
from hexmate.rules.games.asl import ccstreet as asl_ccstreet
from hexmate.rules.games.asl import climb as asl_climb
from hexmate.rules.games.asl import conceal58 as asl_conceal58
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import dash as asl_dash
from hexmate.rules.games.asl import demolition as asl_demolition
from hexmate.rules.games.asl import dismantle as asl_dismantle
from hexmate.rules.games.asl import disrupt as asl_disrupt
from hexmate.rules.games.asl import dugin as asl_dugin
from hexmate.rules.games.asl import escape as asl_escape
from hexmate.rules.games.asl import escapewd as asl_escapewd
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl import guards as asl_guards
from hexmate.rules.games.asl import guardwd as asl_guardwd
from hexmate.rules.games.asl import hip as asl_hip
from hexmate.rules.games.asl import hobsurr as asl_hobsurr
from hexmate.rules.games.asl import hth as asl_hth
from hexmate.rules.games.asl import hw as asl_hw
from hexmate.rules.games.asl import inplace as asl_inplace
from hexmate.rules.games.asl import leaders as asl_leaders
from hexmate.rules.games.asl import mandtpbf as asl_mandtpbf
from hexmate.rules.games.asl import markers as asl_markers
from hexmate.rules.games.asl import mgca as asl_mgca
from hexmate.rules.games.asl import mol as asl_mol
from hexmate.rules.games.asl import mphsw as asl_mphsw
from hexmate.rules.games.asl import ovr as asl_ovr
from hexmate.rules.games.asl import placedc as asl_placedc
from hexmate.rules.games.asl import portage as asl_portage
from hexmate.rules.games.asl import pwexit as asl_pwexit
from hexmate.rules.games.asl import rally as asl_rally
from hexmate.rules.games.asl import rearm as asl_rearm
from hexmate.rules.games.asl import recover as asl_recover
from hexmate.rules.games.asl import residual as asl_residual
from hexmate.rules.games.asl import rout as asl_rout
from hexmate.rules.games.asl import rtreveal as asl_rtreveal
from hexmate.rules.games.asl import scrounge as asl_scrounge
from hexmate.rules.games.asl import search as asl_search
from hexmate.rules.games.asl import setuplimits as asl_setuplimits
from hexmate.rules.games.asl import smoke as asl_smoke
from hexmate.rules.games.asl import snap as asl_snap
from hexmate.rules.games.asl import sniper as asl_sniper
from hexmate.rules.games.asl import split as asl_split
from hexmate.rules.games.asl import spray as asl_spray
from hexmate.rules.games.asl import stairs as asl_stairs
from hexmate.rules.games.asl import swdestroy as asl_swdestroy
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import unarmed as asl_unarmed
from hexmate.rules.games.asl import unarmored as asl_unarmored
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import victory as asl_victory
from hexmate.rules.games.asl import wind as asl_wind
from hexmate.rules.games.asl.special import Smoke
from hexmate.rules.games.asl.vehicles import is_mobile
from hexmate.rules.games.base import Game, GameState, Outcome, Position, Resolution, State, UnitState
from hexmate.rules.games.common import group_of, stack_groups, units_by_hex
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.los import LosResult
from hexmate.rules.maps import HexMap, load_map
from hexmate.rules.movement import reachable
from hexmate.rules.scenario import CounterType, Scenario
from hexmate.rules.text import T

MMC = ("squad", "hs", "crew")
SMC = ("leader", "hero")  # A1.11: both kinds of SMC (stacking A5.5, MF A4.11)
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
    if not units:
        return 0  # the move searches ask at every empty hex
    smc = sum(1 for u in units if u.type in SMC)
    over = max(Fraction(0), squad_equivalents(units) - 3) + (Fraction(1, 2) if smc > 4 and smc % 5 else 0)
    return math.ceil(over)


@dataclass(frozen=True)
class AslState(GameState):
    """What ASL tracks besides units and decisions: the sides that have self-rallied an MMC this Player Turn
    (A10.63); who controls each victory building (A26.1); the Close Combat under way (A11): the Locations
    entered by an advance this APh, those fought this CCPh, the one being fought, its ambusher, the results
    rolled and not yet applied (simultaneous CC), and whether the ambushed side's reply is still to come."""

    self_rallied: tuple[str, ...] = ()
    control: tuple[tuple[str, str], ...] = ()  # building name -> side (A26.14)
    cc_entered: tuple[Hex, ...] = ()
    cc_advanced: tuple[str, ...] = ()  # the units that advanced into an enemy's Location this APh (A11.15)
    cc_from: tuple[tuple[str, Hex], ...] = ()  # those units -> the ground-level hex they came from (A11.8)
    cc_done: tuple[Hex, ...] = ()
    cc_hex: Hex | None = None
    cc_level: int = 0  # the level of the Location being fought in cc_hex (A2.8)
    cc_levels_done: tuple[int, ...] = ()  # the levels of cc_hex already fought this CCPh (A2.8)
    cc_ambusher: str = ""
    cc_pending: tuple[tuple[str, str], ...] = ()  # unit id -> KIA / CAP, or CR / CAP1 tagged ":attack"
    cc_next: int = 0
    exited: tuple[tuple[str, int], ...] = ()  # unit id -> its VP when it left the map (A26.23)
    # the VP each play took out of play: (unit id, its side, VP, "eliminated" / "reduced") (A26.21, A26.22)
    vp_lost: tuple[tuple[str, str, int, str], ...] = ()
    cc_withdraw: tuple[str, ...] = ()  # units withdrawing from the Melee being fought (A11.2)
    cc_declined: tuple[str, ...] = ()  # concealed units keeping their "?" rather than attack (A11.19)
    conceal_done: bool = False  # the end-of-turn concealment is worked out (A12.122)
    # broken at the end of the last RPh: any other broken unit is new (A10.62)
    broken_old: tuple[str, ...] = ()
    no_quarter: tuple[str, ...] = ()  # sides that refused a surrender or massacred (A20.3, A20.4)
    massacred: tuple[str, ...] = ()  # sides that massacred prisoners: the enemy's ELR is 1 higher (A20.4)
    attack_side: str = ""  # the side of the last attack declared (A20.53: who eliminated an abandoned unit)
    set_dcs: tuple[tuple[str, str, int, str], ...] = ()  # Set DC, its setter, the Player Turn set (A23.7)
    snipers_lost: tuple[str, ...] = ()  # a side per sniper of it eliminated: its SAN one lower each (A14.4)
    snipers_pinned: tuple[str, ...] = ()  # sides whose sniper is pinned for the Player Turn (A14.31, A14.4)
    # units that moved in this Player Turn's MPh, or fired in its MPh or DFPh (their markers gone): no Sniper
    # Check for them (A14.4)
    turn_acted: tuple[str, ...] = ()
    pw_own_fire: tuple[str, ...] = ()  # prisoners eliminated by their own side's attack: double CVP (A26.222)
    sniper_at: tuple[tuple[str, Hex], ...] = ()  # where each side's sniper counter was last moved to (A14.2)
    # units bypassing this MPh: (unit id, bypassed hex, its route's chain of neighbours) (A4.3, bypass.py)
    bypass: tuple[tuple[str, Hex, tuple[Hex, ...]], ...] = ()
    # units still set up hidden (HIP, A12.3): unit id -> its secret hex (None until set up); see hip.py
    hip: tuple[tuple[str, Hex | None], ...] = ()
    # control as it really stands while HIP units are unseen (A26.15: they gain and block, but the shared
    # ``control`` may not show it); None: the same as ``control``. It becomes ``control`` at the end
    # (victory.at_end)
    hip_control: tuple[tuple[str, str], ...] | None = None
    # an Infantry Overrun's CC fought in the MPh (A4.152, ovr.py): its Location, and the CC bookkeeping to
    # put back afterwards (cc_done, conceal_done)
    ovr_cc: Hex | None = None
    ovr_saved: tuple[tuple[Hex, ...], bool] = ((), False)
    cc_hth: bool = False  # the Close Combat being fought is Hand-to-Hand (A25.43)
    cc_hth_asked: bool = False  # its side has been asked whether to make it so
    # killed by a CC DR with a coloured 1: unit id -> the attack's black Kill Number (A11.13)
    cc_sw_risk: tuple[tuple[str, int], ...] = ()
    # units eliminated in the Location being fought, with their SW (recnow.code): A4.44 when its CC is over
    cc_lost: tuple[str, ...] = ()
    cc_infiltrate: tuple[str, ...] = ()  # units leaving the CC after an Original DR of 2 or 12 (A11.22)
    # the Original CC DRs rolled in the Location being fought: (attack index, "d1,d2", a capture attempt);
    # A18.12 re-resolves the simultaneous attacks with them when a leader is created (ccleader.py)
    cc_rolls: tuple[tuple[int, str, bool], ...] = ()
    # the attacks designated in the Location being fought: (side, attackers, targets) (A11.12, ccgroups.py);
    # the sides done designating, the attacks rolled, SMC -> the MMC it is stacked on, SMCs alone (A11.14)
    cc_groups: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()
    cc_designated: tuple[str, ...] = ()
    cc_rolled: int = 0
    cc_on: tuple[tuple[str, str], ...] = ()
    cc_alone: tuple[str, ...] = ()
    cc_ambush_asked: bool = False  # the ambusher was offered its withdrawal after the attacks (A11.41)
    # SMOKE counters on the map (A24): placed by smoke.py, seen by LOS (asl/los.py)
    smoke: tuple[tuple[Hex, Smoke], ...] = ()
    wind: asl_wind.Wind = asl_wind.CALM  # the weather now (options.weather; A24.1, A24.6, B25.65)
    # D8.23: vehicle, the entry it bogs in (0: none, -1: being rolled), its entries so far this MPh
    mud: tuple[tuple[str, int, int], ...] = ()
    # D2.401: the path each vehicle moved along this MPh, for Motion attempts in the windows after it
    vpath: tuple[tuple[str, tuple[Hex, ...]], ...] = ()
    # D2.401 with D14.31: each platoon AFV's MPh start hex (None: off the map) and the hex and MP of each
    # impulse it paid for, for Motion attempts in the windows of later impulses (impulse.log_mp)
    imp_mp: tuple[tuple[str, Hex | None, tuple[tuple[Hex, Fraction], ...]], ...] = ()
    # D14.212: platoon AFVs gone off the map in an impulse this MPh: id, platoon, the off-map hex, status
    imp_away: tuple[tuple[str, str, Hex, str], ...] = ()
    move_levels: tuple[int, ...] = ()  # the level of each Location of the move under way (A2.8, stairs.py)
    # the vehicles armour.infantry_view sets aside while an infantry fire is worked out (vcover.py, D9.3);
    # always empty at rest
    aside: tuple[UnitState, ...] = ()
    # A8.2, A9.22: this MPh's Residual FP counters, Fire Lanes, and who a Residual attacked (A8.22)
    residual: tuple[asl_residual.Residual, ...] = ()
    lanes: tuple[asl_residual.Lane, ...] = ()
    hw: asl_hw.Wave | None = None  # the Human Wave under way (A25.23, hw.py)
    residual_hit: tuple[tuple[str, str], ...] = ()  # "unit@q,r" -> the Residual FP it was attacked by
    # A7.55: this phase's attacks (firer -> target); A7.7: the run of successive attacks on one target
    # (target, side, LOS entry positions) and the ENCIRCLED Locations (hex, the encircled side)
    fired_at: tuple[tuple[str, Hex], ...] = ()
    encircle_run: tuple[Hex, str, tuple[int, ...]] | None = None
    encircled: tuple[tuple[Hex, str], ...] = ()
    # A12.152: the stack that moved last and its MF left (a search costs 1 of them); A12.153: the Player Turn
    # ("turn:side") whose side has mopped up (once per Player Turn); see search.py
    last_move: tuple[str, ...] = ()
    last_move_left: str = ""
    mopped: str = ""
    # D2.3-D2.33: the vehicle moving now as it began its move, and the move's mode (vbypass.py)
    vmove_start: UnitState | None = None
    vmove_mode: str = ""
    # D7.2: the OVR whose Reaction Fire is due (vehicle, hex); D7.21: "unit>vehicle" PAATCs passed this MPh
    ovr_react: tuple[str, Hex] | None = None
    paatc: tuple[str, ...] = ()
    # A16 Battlefield Integrity, each side using it: (side, base, tally, losses, ELR lost, regain turn,
    # reinforcement turn, its BPV so far); see integrity.Books
    integrity: tuple[tuple[str, int, int, int, int, str, str, int], ...] = ()
    # A4.42: each unit's Location as this MPh or APh began (an SMC lends his IPC only to a unit stacked with
    # him then): portage.record, portage.began_together
    began: tuple[tuple[str, Hex | None, int], ...] = ()

    def replace(self, **changes: Any) -> AslState:
        return dataclasses.replace(self, **changes)


BERSERK_MF = 8  # A15.431
WOUNDED_MF = 3  # A17.2

class AslGame(Game):
    name: ClassVar[str] = "asl"
    title: ClassVar[str] = "Advanced Squad Leader"
    chart_axes: ClassVar[Mapping[str, tuple[str, ...]]] = {"ift": ("fp", "final_dr"), "cct": ("odds",)}
    dice: ClassVar[Mapping[str, DiceSpec]] = {"DR": ASL_DR, "dr": ASL_DR_SINGLE, "subsidiary": ASL_SUBSIDIARY}
    # A1.4: a broken unit shows its other side; A9.7: so does a malfunctioned SW; D10.1: a destroyed vehicle
    # is flipped to its wreck side
    flip_markers: ClassVar[frozenset[str]] = frozenset({"broken", "malfunctioned", "wreck"})
    marker_counters: ClassVar[frozenset[str]] = frozenset(
        {
            "pinned",
            "cx",
            "dm",
            "prep_fire",
            "first_fire",
            "bounding_fire",  # D3.3
            "final_fire",
            "advancing_fire",
            "berserk",
            "heroic",
            "wounded",
            "disrupted",
            "encircled",
        }  # A15.4, A15.21, A17.1, A19.12, A7.7
        | {"melee"}  # A11.15
        | {"motion", "shocked", "stunned", "immobilized", "burning"}  # D2.4, D5.34, D8.1, D10.1
        | {"abandoned"}  # D5.41
    )

    def initial_game_state(self, scenario: Any) -> AslState:
        old = tuple(sorted(u.id for u in scenario.units if "broken" in u.markers))
        wind = asl_wind.from_options(scenario.options, f"scenario {scenario.name!r}")  # A24, B25.6
        books = integrity.initial(scenario, frozenset(asl_arrival.PLAN.arrivals(scenario)))  # A16.1
        return AslState(control=asl_victory.initial_control(scenario), broken_old=old, wind=wind,
                        integrity=books,
                        no_quarter=nations.quarter_refused(scenario))  # A25.938, A25.8: from the start

    @staticmethod
    def gstate(state: State) -> AslState:
        assert isinstance(state.game, AslState)
        return state.game

    # --- counters ---
    def initial_state(self, scenario: Scenario, hex_map: HexMap) -> State:
        labels = {hex_map.label(h): h for h in hex_map.hexes}
        asl_victory.check(scenario.options, labels, f"scenario {scenario.name!r}")  # A26: its VC data
        asl_victory.check_areas(scenario, hex_map)  # A2.3: its victory areas' boards are the map's
        boardarea.check_setup(scenario, hex_map)  # A2.3: each side's units in its set-up area, if given
        asl_sniper.check(dict(scenario.options), f"scenario {scenario.name!r}")  # A14.1: SAN at most 7
        iift.check(scenario.options, f"scenario {scenario.name!r}")  # A7.37: the optional IIFT, true or false
        rphase.check_night(scenario.options, f"scenario {scenario.name!r}")  # A4.44: a night scenario's +1
        asl_pwexit.check(scenario, hex_map)  # A20.53: each side's friendly board edge, if given
        aerosan.check(scenario)  # D17.2: snow or deep snow on the ground, if given
        offboard.check_roads(scenario, hex_map)  # A2.51: a board partly in play's off-board roads, if given
        integrity.check(scenario)  # A16.1: the sides using Battlefield Integrity, their BPV
        asl_stairs.check_setup(scenario, hex_map)  # A2.8: a unit's level is one of its hex's Locations
        asl_dugin.check_setup(scenario, hex_map)  # D9.52: where a cupola or dug-in AFV may be emplaced
        hulldown.check_setup(scenario, hex_map)  # D4.221: the set-up HD attempts named
        state = armour.setup(super().initial_state(scenario, hex_map))  # vehicles' VCA (D2.11)
        state = asl_victory.setup(self, scenario, hex_map, state)  # A26.11: a whole board's victory hexes
        nations.check(scenario)  # A25: the scenario's date, when given, is one
        state = commissar.setup(scenario, state)  # A25.22: the swap for commissars; never more of them
        state = nations.setup(scenario, state)  # A25.8: Hungarian and Romanian MMC's broken morale +1
        platoon.check_setup(state, f"scenario {scenario.name!r}")  # D14.2: platoons of 2 or 3 AFVs
        state = asl_dismantle.setup(scenario.counters, state, f"scenario {scenario.name!r}")  # A9.8
        state = hulldown.setup(scenario, state)  # D4.221: set-up HD attempts, rolled before play
        state = asl_hip.setup(self, scenario, hex_map, state)  # A12.3: HIP units set up in secret
        state = asl_arrival.setup(scenario, hex_map, state)  # A2.5: reinforcements start off the map
        state = ventry.hold_setup(scenario, hex_map, state)  # D16.8: a DD tank may be held off the map
        return alsecret.setup(scenario, state)  # D3.41: each Armor Leader's AFV named in secret

    def load_scenario(self, path: str | Path) -> Scenario:
        scenario = super().load_scenario(path)
        hex_map = load_map(scenario.map_path)
        asl_setuplimits.check(scenario, hex_map, str(path))  # A2.9: no overstacking, no unenterable hex
        return scenario

    def check_counter(self, counter: CounterType) -> str | None:
        if counter.type == armour.VEHICLE:
            return armour.check_counter(counter.values)  # D1: the catalogue entry it names
        need = {
            "squad": ("fp", "range", "morale", "broken_morale"),
            "hs": ("fp", "range", "morale", "broken_morale"),
            "crew": ("fp", "range", "morale", "broken_morale"),
            "leader": ("morale", "broken_morale", "leadership"),
            "dummy": (),  # A12.1: a "?" with no unit under it
            "sw": ("fp", "range"),  # A7.35: a support weapon (a MG also has rof and breakdown, A9.2, A9.7)
        }
        if counter.type not in need:
            return f"type {counter.type!r} is not one of {sorted(need)} (A1.1)"
        if (bad := commissar.check_counter(counter)) is not None:
            return bad
        if (bad := cavalry.check_counter(counter.values)) is not None:  # A13.32
            return bad
        missing = [k for k in need[counter.type] if not isinstance(counter.values.get(k), int)]
        return f"{counter.type} needs whole-number {', '.join(missing)} (A1.2)" if missing else None

    # --- who may do what ---
    def mf(self, unit: UnitState) -> int:
        """A4.11: a Good Order MMC has 4 MF, Inexperienced 3 (by its class: Green, Conscript; or Unarmed,
        A19.3, A19.31); an SMC 6. A Green one moving with a leader is exempt (group_budget). A15.431: a
        berserk unit has 8, an Inexperienced one too (A19.31). A17.2: a wounded SMC has 3, berserk or not
        (its IPC 0 is portage.py's; no Double Time, check_mode)."""
        if unit.type in SMC and unit.has("wounded"):
            return 4 if bicycle.riding(unit) else WOUNDED_MF  # D15.56 (D15.8): a wounded rider goes on at 4
        if unit.has("berserk"):
            return BERSERK_MF
        if unit.type in SMC:
            return 6
        if au.inexperienced(unit):  # A19.31
            return 3
        return 4  # a dummy moves as a unit would (A12.1)

    def can_move(self, position: Position, unit: UnitState) -> str | None:
        """Why this unit may not move in the MPh (A4.1), or None."""
        if prisoners.is_prisoner(unit):
            return T("{unit} is a prisoner: it moves only with its guard (A20.53)", unit=unit.id)
        if unit.has("ti"):
            return T("{unit} is TI and may not move this Player Turn (A4.8)", unit=unit.id)
        if unit.side != position.phasing:
            return T("only the ATTACKER moves in the MPh (A4.1)")
        if unit.has("broken"):
            return T("{unit} is broken and may not move (A4.1)", unit=unit.id)
        if unit.has("pinned"):
            return T("{unit} is pinned and may not move (A7.8)", unit=unit.id)
        if unit.has("prep_fire"):
            return T("{unit} prep fired and may not move (A4.1)", unit=unit.id)
        if oppfire.cannot_move(unit) is not None:
            return oppfire.cannot_move(unit)  # A7.25
        if unit.has("melee"):
            return T("{unit} is in Melee and may not leave its Location (A11.15)", unit=unit.id)
        if unit.type in SMC and asl_portage.carried(position.state, unit) > asl_portage.SMC_MAX_PP:
            return T("{unit} carries {pp} PP: an SMC carries no more than 2 PP (A4.42); drop one first",
                     unit=unit.id, pp=asl_portage.carried(position.state, unit))
        if unit.id in position.state.moved and asl_hw.wave_of(self, position.state) is not None \
                and unit.has(asl_hw.MARKER) and not asl_hw.may_go_on(self, position, unit):
            return T("{unit} has moved in this impulse", unit=unit.id)  # A25.232
        if unit.id in position.state.moved and not asl_mphsw.may_go_on(unit) \
                and not asl_hw.may_go_on(self, position, unit) \
                and asl_berserk.go_left(unit) is None:  # A4.43, A4.44: after a SW; A25.232; A15.431
            return T(
                "{unit} has already moved this phase; a unit may not move again once another has (A4.2)",
                unit=unit.id,
            )
        return None

    def group_budget(self, units: list[UnitState], mode: str = "", state: State | None = None, *,
                     position: Position | None = None) -> int:
        """A4.12: MMC moving with a leader of their nationality in their stack since the MPh or APh began
        (with the ``state``: AslState.began) get +2 MF (or, D6.65, with a halftrack whose CE passenger
        leader gives it: aa.LED); the group moves at its slowest member. With the
        ``position``, a counter naming no nationality is its side's (nations.same_army), else it matches.
        A4.5: Double Time adds 2 MF, up to 8 (a Conscript's 7). With the ``state``, less the PP carried over
        each unit's IPC (A4.42, A4.52: portage.py). Cavalry moves on its horses' MF (A13.34, cavalry.py)."""
        if state is not None and cavalry.group_mounted(units) and not cavalry.with_infantry(units):
            return cavalry.budget(state, units, mode)  # type: ignore[return-value]  # A13.3, A13.34, A13.36
        leaders = [u for u in units if u.type in SMC]

        led = any(u.type == "leader" for u in units)

        late_modes = (woundcarry.LATE_MODE, latedt.MODE)  # A4.5's exception: declared after MF are spent
        dt_mf = 2 if mode in ("cx", woundcarry.DT_MODE) else 1 if mode in late_modes else 0  # A4.5

        def one(u: UnitState, dt_mf: int = dt_mf) -> int:
            base = self.mf(u)
            if u.has("berserk"):  # A15.431: 8 MF, which nothing else increases (no leader, no Double Time)
                left = asl_berserk.go_left(u)  # A15.431: berserk mid-move, 8 less the MF it had spent
                if left is not None:  # a half MF may be left (grain: 1.5 MF, A4.13), as with mphsw.budget
                    return left  # type: ignore[return-value]
                return base - asl_smoke.mf_spent(u) - asl_mphsw.spent_before(u)
            if led and base == 3 and u.type in MMC and not au.restricted(u, units):
                base = 4  # A19.3, A19.31: a Green MMC with a Good Order leader is exempt: 6 MF with him
            # A4.12: a leader of their own nationality (au.same_army) in their stack since the phase began
            # (a leader who joined it in the phase gives none); D6.65: a CE leader aboard the halftrack
            same = au.same_army if position is None else functools.partial(nations.same_army, position)
            led_here = any(same(ldr, u) and (state is None or asl_portage.began_together(state, ldr, u))
                           for ldr in leaders) or u.has(asl_aa.LED)
            mf = base + (2 if led_here and u.type in MMC else 0)
            if dt_mf:  # A4.5 (A17.2: carrying a wounded SMC too; +1 declared late)
                mf = min(mf + dt_mf, 7 if u.values.get("class") == "conscript" else 8)
            return mf - asl_smoke.mf_spent(u) - asl_mphsw.spent_before(u)  # A24.1; A4.44: a recovery's MF

        if state is not None:
            dt = [u.id for u in units] if mode == "cx" else []
            if woundcarry.is_carry(mode):  # A17.2: the wounded SMC ride as 5 PP on their carriers
                walkers, pp = woundcarry.walkers(units), woundcarry.loads(units)
                dt = [u.id for u in walkers] if woundcarry.is_dt(mode) else []  # A4.5: the carriers'
                computed = min(asl_portage.allowances(state, walkers, one, dt, pp).values())
                if mode == woundcarry.LATE_MODE:  # A4.5's exception, A4.52: on the MF left of the move
                    plain = functools.partial(one, dt_mf=0)
                    before = min(asl_portage.allowances(state, walkers, plain, [], pp).values())
                    return woundcarry.late_budget(units, computed, before)  # type: ignore[return-value]
                return asl_mphsw.budget(units, computed)  # type: ignore[return-value]
            if mode == latedt.MODE:  # A4.5's exception, A4.52: +1 MF, the IPC 1 less, a dropped SW's PP kept
                kept = {u.id: asl_mphsw.kept_pp(u) for u in units}
                late = asl_portage.allowances(state, units, one, [u.id for u in units], kept)
                bare = asl_portage.allowances(state, units, functools.partial(one, dt_mf=0), [], kept)
                return latedt.budget(units, late, bare, min(late.values()))  # type: ignore[return-value]
            computed = min(asl_portage.allowances(state, units, one, dt).values())
            return asl_mphsw.budget(units, computed)  # type: ignore[return-value]  # A4.4: a move gone on with
        return min(one(u) for u in units)

    def check_mode(self, position: Position, units: list[UnitState], move: act.Move) -> None:
        """A way of moving declared with the move: Double Time (A4.5) or Assault Movement (A4.61)."""
        known = move.mode in ("", "cx", "assault", "exit", "dash", asl_recover.MODE, asl_scrounge.MODE,
                              cavalry.GALLOP, cavalry.CHARGE, woundcarry.MODE, woundcarry.DT_MODE,
                              woundcarry.LATE_MODE, latedt.MODE)
        if not known and asl_bypass.declared(position, move.mode) is None:
            raise IllegalAction(
                T(
                    "{mode} is not a way of moving here: cx (Double Time), assault (Assault Movement), "
                    "dash (A4.63) or bypass (A4.3)",
                    mode=move.mode,
                ),
                "A4.5",
            )
        if move.mode == "exit" or asl_bypass.exits(move.mode):  # A2.6: from any map-edge hex (edgeexit.kind)
            edgeexit.check(position, move.path[-1])
        if move.mode in ("cx", latedt.MODE):  # A4.5: who may; +2 at the start, +1 once MF are spent
            latedt.check(units, move.mode)
        if woundcarry.is_dt(move.mode):  # A4.5; A17.2: the carried wounded do not walk
            for unit in woundcarry.walkers(units):
                bar = latedt.unit_bar(unit)
                if bar is not None:
                    raise IllegalAction(bar, "A4.5")
        if move.mode == "dash":
            asl_dash.check(position, units, move.path)  # A4.63
        if woundcarry.is_carry(move.mode):
            woundcarry.check(position.state, units)  # A17.2: a Good Order MMC carries a wounded SMC
            woundcarry.check_late(units, move.mode)  # A4.5: +2 MF at the start, +1 once MF are spent
        if move.mode == asl_recover.MODE:
            asl_recover.check(position, units, move)  # A4.44: the hex named twice, a SW there
        bicycle.check_mode(units, move.mode)  # D15.81: no Assault Movement on bicycles
        cavalry.check_mode(position, units, move.mode)  # A13.3, A13.5, A13.36
        if move.mode == "assault" and len(move.path) != 2:
            raise IllegalAction(T("Assault Movement is a move of one Location only"), "A4.61")

    def cost_fn(
        self, position: Position, units: list[UnitState], overrun: bool = False, gallop: bool = False,
        charge_at: Hex | None = None,
    ) -> asl_terrain.CostFn:
        """MF to step from a to b for this group, or None if it may not enter b (A4.13, A4.14, A5.11). With
        ``overrun``, the Location of a lone known enemy SMC costs twice as much (A4.15, ovr.py)."""
        moving = {u.id for u in units}
        side = units[0].side
        base = asl_terrain.infantry_cost_fn(position)
        # A13.3: the cavalry column; A13.7: horses led on foot; A13.3: a cavalry leader with infantry
        horsed = cavalry.group_mounted(units) and not cavalry.with_infantry(units)
        if horsed:
            galloping = cavalry.galloping(position.state, units, cavalry.GALLOP if gallop else "")
            base = cavalry.cost_fn(position, galloping)
        elif cavalry.leads(position.state, units) or cavalry.with_infantry(units):
            base = cavalry.leading_cost_fn(position, base)

        by_hex = units_by_hex(position)
        start = units[0].hex
        encircled = any(u.has("encircled") for u in units)  # A7.7: the first Location entered costs double
        riders = bicycle.group_riding(units)  # D15.81

        def cost(hex_map: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
            here = by_hex.get(b, [])
            # A4.14: no entry into a Location holding a known (non-concealed) enemy unit in the MPh. A
            # concealed enemy does not bar the legal-move display: the mover finds out by trying (A12.15).
            twice = overrun and asl_ovr.may(units) and asl_ovr.lone_smc(position, side, b) is not None
            # a SW is no unit
            if (any(u.side != side and not u.concealed and u.type != "sw" for u in here) and not twice
                    and not asl_unarmed.only_unarmed(here, side)  # A20.54: unarmed units bar no move
                    and not asl_disrupt.no_bar(here, side)  # A19.12: nor Disrupted ones
                    and not (horsed and cavalry.may_enter(here, side))  # A13.35
                    and b != charge_at):  # A13.6: a Charge enters its target
                return None
            step = base(hex_map, a, b)
            if step is not None and b == charge_at:
                step = step + cavalry.CHARGE_MF  # A13.6: 3 MF more, paid with the entry
            if step is not None and riders:
                step = bicycle.ride_step(position, a, b, step)  # D15.81: road hexsides only, half the MF
            if step is None:
                return None
            # A5.1: the ground-level Location's own limit (the others' levels apart); A5.3: not PRC
            friends = [u for u in here if u.side == side and u.id not in moving
                       and moto.stacks(position.state, u) and u.level == 0]  # D15.3: riders count
            total = step + overstack_mf(friends + units)  # A5.11: every SE over after the entry, FRU
            total = total * 2 if twice else total  # A4.15: an Infantry Overrun pays twice the MF
            return total * 2 if encircled and a == start else total  # A7.7: after all other changes

        return cost

    # --- movement ---
    def listed_move(self, position: Position, move: act.Move) -> bool:
        """The moves no lift and placement makes, listed on the pages: a vehicle's delay MP in place (with a
        TCA change or not, D2.17, D3.1.2), a vehicle's move naming the hexes it overruns (D7.14) or turning
        its turret at a hex of the path (D3.1.2), an Armored Assault whose infantry part on the way (D9.31)
        and a cavalry Charge (A13.6)."""
        if vdelay.is_delay(position, move) or cavcharge.listed(move):  # A13.6: a Charge
            return True
        # D7.14 the hexes overrun named (in an impulse, or coming on in one: an entry without its OVR, D7.1);
        # D3.1.2 a turret turn along the path
        if voffers.listed(move) or move.mode in (impulse.THROUGH, impentry.IN_THROUGH):
            return True
        return asl_aa.claims(move) and asl_aa.parting_hex(move) is not None

    def moves_for(self, position: Position, unit_ids: frozenset[str]) -> Mapping[Hex, act.Move]:
        units, start = group_of(position, unit_ids, "A4.2", place="Location")
        if position.phase.id == "APh" and position.state.decision is None:
            # A4.7: at the table an advance is one lift and one placement on an adjacent lit Location
            ids = tuple(sorted(u.id for u in units))
            advances: dict[Hex, act.Move] = {}
            for n in (*position.map.neighbors(start), start):  # A4.7: or a level up/down in its own hex
                try:
                    advances[n] = self.check_advance(position, act.Advance(ids, (start, n)))
                except IllegalAction:
                    if not woundcarry.may(position.state, units):
                        continue
                    with contextlib.suppress(IllegalAction):  # A17.2: carried, the wounded SMC goes too
                        advances[n] = self.check_advance(
                            position, act.Advance(ids, (start, n), None, woundcarry.MODE))
            return advances
        if position.phase.id != "MPh":
            return {}
        afvs = [u for u in units if armour.is_vehicle(u)]
        if len(afvs) == 1 and len(units) > 1:  # D9.31: infantry beneath an AFV move with it
            afv, rest = afvs[0], [u for u in units if u is not afvs[0]]
            people = [u for u in rest if u.type != "sw"]
            return asl_aa.moves(self, position, afv, asl_carry.with_carried(position.state, people)) \
                if not impulse.under_way(position) else {}
        if any(armour.is_vehicle(u) for u in units):  # D2: vehicles move alone, with facing
            steps = impulse.moves(position, units[0]) if len(units) == 1 else {}
            if steps or impulse.under_way(position):  # D14.31: a platoon AFV's hex entry in an impulse
                free = {} if impulse.under_way(position) or radioless.barred(position, units[0]) else \
                    armour.moves_for(position, units[0])  # D14.24: a radio AFV may leave by moving
                return {**free, **steps}
            if len(units) == 1 and vrecall.forced(units[0]) and asl_pwexit.edge(position, units[0].side):
                return vrecall.moves(position, units[0])  # D5.341: only on its way off the friendly edge
            return armour.moves_for(position, units[0]) if len(units) == 1 else {}
        units, _ = asl_carry.split(units)  # A4.4: a SW is carried by its possessor, never moves alone
        if not units or any(self.can_move(position, u) for u in units) or bicycle.mixed(units) \
                or asl_mphsw.joined(units, position.state.moved) \
                or asl_mphsw.carried_again(position.state, units):  # A4.2; A4.4: a SW carried once
            return {}  # D15.81: riders and walkers move apart
        if asl_hw.in_wave(units):  # A25.232: one Location an impulse
            return asl_hw.moves(self, position, units, asl_carry.with_carried(position.state, units))
        if asl_berserk.charging(units):  # A15.43: a berserk stack's only moves are its charge
            return asl_berserk.moves(self, position, units, asl_carry.with_carried(position.state, units))
        budget = self.group_budget(units, state=position.state, position=position)  # A4.12
        budget += bicycle.bonus(position, units)  # D15.81
        cost = self.cost_fn(position, units)
        ids = asl_carry.with_carried(position.state, units)  # A4.43: lifted with their possessors
        out: dict[Hex, act.Move] = {}
        for h, reach in reachable(position.map, start, budget, cost).items():
            if h != start:
                out[h] = act.Move(ids, tuple(reach.path), reach.cost)
        if woundcarry.may(position.state, units):  # A17.2: farther, a Good Order MMC carrying the wounded
            carry = self.group_budget(units, woundcarry.MODE, position.state, position=position)
            carry += bicycle.bonus(position, units)  # D15.81
            for h, reach in reachable(position.map, start, carry, cost).items():
                if h != start and h not in out:
                    out[h] = act.Move(ids, tuple(reach.path), reach.cost, woundcarry.MODE)
            if woundcarry.may_double_time(units):  # A4.5: farther still, the carriers Double Timing
                going_on = all(asl_mphsw.may_go_on(u) for u in units)
                dt_mode = woundcarry.LATE_MODE if going_on else woundcarry.DT_MODE
                dt_budget = self.group_budget(units, dt_mode, position.state, position=position)
                dt_budget += bicycle.bonus(position, units)
                for h, reach in reachable(position.map, start, dt_budget, cost).items():
                    if h != start and h not in out:
                        out[h] = act.Move(ids, tuple(reach.path), reach.cost, dt_mode)
        elif (offer := self._dt_offer(position, units)) is not None:
            # A4.5: Double Time reaches farther: ``cx`` on a fresh move, ``cx1`` (+1 MF) once MF are spent
            late = self.group_budget(units, offer, position.state, position=position)
            late += bicycle.bonus(position, units)  # D15.81
            minimum = budget >= 1 and offer == "cx"  # A4.134: neighbours are its
            for h, reach in reachable(position.map, start, late, cost).items():
                if h != start and h not in out and not (minimum and distance(h, start) == 1):
                    out[h] = act.Move(ids, tuple(reach.path), reach.cost, offer)
        for charge in cavcharge.for_group(self, position, units):  # A13.6: the Charge's target lit too
            out.setdefault(charge.path[-1], charge)
        if any(u.level for u in units):  # A2.8: down the stairs first, unless walking on along the level
            out = asl_stairs.repriced(position.map, units, out, cost, budget)
        # A4.15: the Location of a lone known enemy SMC, overrun at twice the MF, ends the move
        twice = self.cost_fn(position, units, overrun=True)
        for o in sorted(position.map.hexes) if asl_ovr.may(units) else ():
            if asl_ovr.lone_smc(position, units[0].side, o) is None:
                continue
            best: act.Move | None = None
            for n in position.map.neighbors(o):
                if n != start and n not in out:
                    continue
                before = (start,) if n == start else out[n].path
                spent = Fraction(0) if n == start else Fraction(out[n].cost or 0)
                step = twice(position.map, n, o)
                if step is None or spent + step > budget:
                    continue
                total = spent + step
                if best is not None and total >= (best.cost or 0):
                    continue
                best = act.Move(ids, (*before, o), int(total) if total.denominator == 1 else total)
            if best is not None:
                out[o] = best
        # A4.134 Minimum Move: with 1 MF or more after portage, one hex may be entered whatever it costs
        for n in position.map.neighbors(start) if budget >= 1 else ():
            if n not in out:
                step = cost(position.map, start, n)
                if step is not None:
                    out[n] = act.Move(ids, (start, n), step)
        return out

    def _dt_offer(self, position: Position, units: list[UnitState]) -> str | None:
        """A4.5: the Double Time the page offers this stack (``cx`` before any MF is spent, ``cx1`` after),
        or None when a unit may not (latedt.why_not; cavalry.check_mode: mounted cavalry's own rules)."""
        mode = latedt.MODE if latedt.spent(units) else "cx"
        if latedt.why_not(units, mode) is not None:
            return None
        try:
            cavalry.check_mode(position, units, mode)
        except IllegalAction:
            return None
        return mode

    def check_move(self, position: Position, move: act.Move) -> act.Move:
        if position.phase.id != "MPh":
            raise IllegalAction(
                T("units move only in the Movement Phase, not the {phase}", phase=position.phase.name), "A3.3"
            )
        units, start = group_of(position, frozenset(move.units), "A4.2", place="Location")
        if len(set(move.units)) != len(move.units):
            raise InvalidAction("a unit is named twice")
        units, _ = asl_carry.split(units)  # A4.4, A4.43: a SW named goes with its possessor, never alone
        asl_dismantle.check_carry(position.state, units)  # A9.8: a 76-82mm mortar only dismantled
        asl_berserk.check_pending(position, units)  # A15.431: a unit gone berserk mid-move charges on first
        for unit in units:
            why = self.can_move(position, unit)
            if why:
                raise IllegalAction(why)
        if asl_mphsw.joined(units, position.state.moved):
            raise IllegalAction(T("a stack going on with its move takes in no unit that has not moved: it "
                                  "finishes its move before another starts (A4.2)"), "A4.2")
        asl_mphsw.check_once(position.state, units)  # A4.4: a SW another unit carried this phase
        if len(move.path) < 2 or move.path[0] != start:
            raise IllegalAction(
                T("the path must start at the stack's hex {hex}", hex=position.label(start)), "A4.2"
            )
        if asl_berserk.charging(units) or asl_hw.in_wave(units):  # A15.43-A15.432; A25.232
            done = asl_hw.check_move(self, position, units, move) if asl_hw.in_wave(units) \
                else asl_berserk.check(self, position, units, move)
            hwaa.check_formation(self, position, move)  # D14.21: a wave's AFV platoon at the impulse's end
            by_id = {u.id: u for u in units}
            movers = [by_id[uid] for uid in move.units if uid in by_id]
            return dataclasses.replace(done, units=asl_carry.with_carried(position.state, movers))
        full_mode, (mode, _) = move.mode, asl_stairs.split_mode(move.mode)  # "cx+h1": A2.8 levels
        move = dataclasses.replace(move, mode=mode)
        self.check_mode(position, units, move)
        if move.mode == asl_recover.MODE:  # A4.44: the move, then 1 MF more in its last hex
            before = self.check_move(position, dataclasses.replace(move, path=move.path[:-1], mode="")).cost \
                if len(move.path) > 2 else 0
            spent = (before or 0) + 1
            if spent > self.group_budget(units, "", position.state, position=position):
                raise IllegalAction(T("the recovery's 1 MF is more than the unit has left"), "A4.44")
            return act.Move(move.units, move.path, spent, asl_recover.MODE)
        if asl_ovr.may(units):
            asl_ovr.check(position, units, move.path)  # A4.152: an Overrun ends the move
        cavalry.check_with_infantry(position, units, move.path)  # A13.3, A4.12: a cavalry leader's bonus
        charge_at = move.path[-1] if move.mode == cavalry.CHARGE else None
        if charge_at is not None:
            cavalry.check_charge(position, units, move.path)  # A13.6
        cost_fn = self.cost_fn(position, units, overrun=True,
                               gallop=move.mode in (cavalry.GALLOP, cavalry.CHARGE), charge_at=charge_at)
        budget = self.group_budget(units, move.mode, position.state, position=position)  # A4.12
        budget += bicycle.bonus(position, units)  # D15.81: the road bonus
        levelled = asl_stairs.levelled(units, dataclasses.replace(move, mode=full_mode))
        total: int | Fraction = 0
        if levelled:  # building levels and stairs (A2.8, A10.5 example: 1 MF a level)
            total = asl_stairs.path_total(position.map, units, dataclasses.replace(move, mode=full_mode),
                                          cost_fn)
        for a, b in [] if levelled else zip(move.path, move.path[1:], strict=False):
            if b not in position.map.hexes:
                raise IllegalAction(T("{hex} is not on the map", hex=str(b)), "A2.6")
            if distance(a, b) != 1:
                raise IllegalAction(
                    T("{a} and {b} are not adjacent", a=position.label(a), b=position.label(b)), "A4.2"
                )
        routes = {}
        along = asl_bypass.declared(position, move.mode)
        off = asl_bypass.exits(move.mode)  # A2.6: the last hex bypassed too, off the map's edge
        if along is not None:  # A4.3-A4.31: the way round each building or woods hex inside the path
            routes = {r.hex: r for r in asl_bypass.plan(position, units, move.path, along, exit=off)}
        for i, (a, b) in enumerate([] if levelled else zip(move.path, move.path[1:], strict=False)):
            bypassed = routes.get(b) if i + 2 < len(move.path) or off else None
            step = asl_bypass.cost(position, a, bypassed) if bypassed else cost_fn(position.map, a, b)
            if step is None:
                raise IllegalAction(
                    T("may not enter {hex}: known enemy unit or prohibited terrain", hex=position.label(b)),
                    "A4.14",
                )
            total += step
        asl_unarmed.check_path(position, units[0].side, move.path)  # A20.54: it ends with unarmed units
        if move.mode == "exit":  # A2.6: off the edge into the mirror image of the edge hex
            edge = move.path[-1]
            total += asl_terrain.infantry_cost_fn(position)(position.map, edge, edge) or 0
        if off:  # A2.6: 1 MF more than the Bypass cost to leave from the edge vertex
            total += asl_bypass.EXIT_MF
        if move.mode == asl_scrounge.MODE:  # A20.552: all its MF, into a hex fit to scrounge in
            asl_scrounge.check(position, units, move.path, total, budget)
        if total > budget and (len(move.path) > 2 or move.mode == "exit" or off or budget < 1):  # A4.134
            raise IllegalAction(
                T("the path costs {cost} MF, the stack has {budget} MF", cost=str(total), budget=str(budget)),
                "A4.11",
            )
        if move.mode == "assault" and total >= budget:
            raise IllegalAction(
                T(
                    "Assault Movement may not spend all {budget} MF: this entry costs {cost}",
                    budget=str(budget),
                    cost=str(total),
                ),
                "A4.61",
            )
        by_id = {u.id: u for u in units}  # the movers in the order given, then every SW they carry (A4.43)
        movers = [by_id[uid] for uid in move.units if uid in by_id]
        return act.Move(asl_carry.with_carried(position.state, movers), move.path, total, full_mode)

    # --- fire ---
    def resolve(self, position: Position, fire: act.Fire) -> Resolution:
        return asl_fire.resolve(self, position, fire)

    # --- the hooks ---
    def check(self, position: Position, action: act.Action) -> act.Action:
        if asl_setuplimits.claims(action):
            assert isinstance(action, act.Activate)
            return asl_setuplimits.check_free(position, action)  # A2.9: free deployment before set-up
        if offboard.claims(action):
            assert isinstance(action, act.Move)
            return offboard.check(self, position, action)  # A2.51: set up on the off-board board in the RPh
        if isinstance(action, act.Move) and position.phase.id == "RPh":
            raise IllegalAction(T("in the RPh a move is only an off-board set-up (A3.1, A2.51)"))
        if ventry.claims(position, action):
            assert isinstance(action, act.Move)
            return ventry.check(position, action)  # A2.5, A2.51, D2.12: a vehicle coming on
        if asl_arrival.claims(action):
            assert isinstance(action, act.Move)
            return asl_arrival.check(self, position, action)  # A2.5, A2.51: coming on from off the map
        if not (isinstance(action, act.Move) and impulse.is_impulse(action)):
            ventry.bar_off_board(position, action)  # A2.52: off the map a unit only comes on
        hidden = asl_hip.in_action(position, action)
        if hidden:  # A12.31, A12.32: checked as it will be, the HIP units on their hexes
            shown = asl_hip.reveal(self, position.state, hidden, keep_concealed=isinstance(action, act.Move))
            return self._check(position.at(shown), action)
        return self._check(position, action)

    def _check(self, position: Position, action: act.Action) -> act.Action:
        top = position.state.decision
        if top is not None and top.kind == "react" and isinstance(action, act.Activate) \
                and not asl_guards.in_window(position, action):
            raise IllegalAction(T("first answer the open decision: {prompt}", prompt=top.prompt), top.rule)
        if isinstance(action, act.Activate) and asl_hw.claims(action):
            return asl_hw.check(self, position, action)  # A25.23
        if oppfire.claims(action):
            assert isinstance(action, act.Activate)
            return oppfire.check(position, action)  # A7.25
        if isinstance(action, act.Activate) and cavwave.claims(action):
            return cavwave.check(self, position, action)  # A13.62
        if isinstance(action, act.Activate) and asl_search.claims(action):
            if action.mode == "search" and asl_hw.in_wave(position.units[u] for u in action.units
                                                           if u in position.units):
                raise IllegalAction(T("a HW unit does not Search"), "A25.232")
            return asl_search.check(self, position, action)  # A12.14, A12.152, A12.153, A12.32
        if isinstance(action, act.Activate) and vwreck.claims(action):
            return vwreck.check(position, action)  # D10.5: scrounging
        if isinstance(action, act.Activate) and caend.claims(action):
            return caend.check(position, action)  # D3.1.2: an arc for the fire phase's end
        if isinstance(action, act.Activate) and horsesplit.claims(position, action):
            return horsesplit.check(position, action)  # A13.31, A13.32
        if isinstance(action, act.Activate) and cyclesplit.claims(position, action):
            return cyclesplit.check(position, action)  # D15.44
        if isinstance(action, act.Activate) and carriers.claims(action):
            return carriers.check_combine(position, action)  # A1.32, D6.82
        if isinstance(action, act.Activate) and deployment.claims(position, action):
            return deployment.check(position, action)  # A1.31: Deployment in the RPh
        if isinstance(action, act.Activate) and carriers.claims_deploy(position, action):
            return carriers.check_deploy(position, action)  # D6.82: deploying to board a carrier
        if isinstance(action, act.Activate) and asl_dismantle.claims(action):
            return asl_dismantle.check(position, action)  # A9.8
        if isinstance(action, act.Activate) and asl_swdestroy.claims(action):
            return asl_swdestroy.check(position, action)  # A9.73
        if wagon.claims_couple(action):
            assert isinstance(action, act.Activate)
            return wagon.check_couple(position, action)  # D12.2
        if isinstance(action, act.Activate) and asl_guards.claims(action):
            return asl_guards.check(self, position, action)  # A20.5, A20.51
        if isinstance(action, act.Rally):
            return asl_rally.check(self, position, action)
        if isinstance(action, act.Smoke) and action.wp and vsmoke.claims(position, action):
            raise IllegalAction(
                T("WP from a vehicle is not offered here: only a squad's WP grenades (A24.3)"), "A24.3")
        if isinstance(action, act.Smoke) and vsmoke.claims(position, action):
            vsmoke.options(self, position, action)  # D13.2, D13.35: a vehicle's dispenser or grenades
            return action
        if isinstance(action, act.Smoke):
            asl_hw.check_other_mf(self, position, (action.unit,))  # A25.232: no MF but the impulse's
            return asl_smoke.check(self, position, action)  # A24.1
        if vrepair.claims(position, action):
            assert isinstance(action, act.Repair)
            return vrepair.check(position, action)  # D3.7: a vehicle's weapon
        if isinstance(action, act.Repair):
            return rphase.check_repair(self, position, action)  # A9.72
        if asl_guards.claims_drop(position, action):
            assert isinstance(action, act.Transfer)
            return asl_guards.check_drop(position, action)  # A20.5: a guard abandons prisoners
        if isinstance(action, act.Transfer) and motocapture.claims(position, action):
            return motocapture.check(self, position, action)  # D15.7: a motorcycle recovered as a SW
        if isinstance(action, act.Transfer):
            cavalry.check_transfer(position, action)  # A13.31: a ridden horse is dismounted, not dropped
        if isinstance(action, act.Transfer) and action.to == asl_carry.DROP:
            return asl_carry.check_drop(position, action)  # A4.43
        if isinstance(action, act.Transfer):
            aphsw.check_once(position, action)  # A4.4: not to another unit than the one that advanced with it
            return rphase.check_transfer(self, position, action)  # A4.431, A4.44, A20.5
        if isinstance(action, act.Advance):
            return self.check_advance(position, action)
        if isinstance(action, act.Load | act.Unload):
            impulse.bar_other(position, action)  # D14.31: not in platoon impulses
        if isinstance(action, act.Load) and vreentry.is_reentry(position, action):
            return vreentry.check(position, action)  # D5.42: re-entering an abandoned vehicle
        if isinstance(action, act.Load) and vreentry.may_crew(position, action):
            return action  # A21.21: asked as it boards: the SMC-driven vehicle's new crew, or a passenger
        if isinstance(action, act.Load) and cavalry.is_horse(position.units.get(action.carrier)):
            return cavalry.check_mount(self, position, action)  # A13.31
        if isinstance(action, act.Unload) and cavalry.is_horse(position.units.get(action.carrier)):
            return cavalry.check_dismount(position, action)  # A13.31
        if isinstance(action, act.Load):
            return transport.check_load(position, action)  # D6.4
        if isinstance(action, act.Unload) and vrecall.stops_to_unload(position, action):
            return vrecall.check_unload(position, action)  # D5.341: a Recalled AFV in Motion stops first
        if isinstance(action, act.Unload):
            return transport.check_unload(position, action)  # D6.5
        if isinstance(action, act.Move) and vce.is_change(position, action):
            return vce.check(position, action)  # D5.33: CE or BU, in its MPh or APh
        if isinstance(action, act.Move) and ddtank.is_lower(position, action):
            return ddtank.check_lower(position, action)  # D16.11: the DD screen lowered
        hwaa.bar_impulse(self, position, action)  # D14.33: a wave's platoon moves in the wave's impulses
        if isinstance(action, act.Move) and impulse.is_impulse(action):
            return impulse.check(position, action)  # D14.21, D14.31: platoon movement by impulses
        impulse.bar_other(position, action)  # D14.3: nothing else moves while a platoon does
        if hwaa.is_declared(action):
            assert isinstance(action, act.Move)
            return hwaa.check_first(self, position, action)  # D14.331: a wave's AFV goes first, or parts
        if hwplt.is_alone(action):
            assert isinstance(action, act.Move)
            return hwplt.check_alone(self, position, action)  # D14.331: a wave's platoon AFV without HW units
        hwaa.bar_alone(self, position, action)  # D14.331: a wave's AFV alone waits for the wave's end
        if isinstance(action, act.Move) and position.phase.id == "APh":
            # at the table a lift and a placement is a move: in the APh it is an advance (A4.7)
            return self.check_advance(position, act.Advance(action.units, action.path, None, action.mode))
        if isinstance(action, act.Move) and asl_aa.claims(action):
            return asl_aa.check(self, position, action)  # D9.31: infantry moving with an AFV
        if isinstance(action, act.Move):
            carried = [position.units[u] for u in action.units if u in position.units]
            # (a SW's carrier is its possessor, A4.43: it moves with it)
            if any(u.carrier and not prisoners.is_prisoner(u) and u.type != "sw" for u in carried):
                raise IllegalAction(T("passengers move with their vehicle until they unload"), "D6.5")
            if vcrew.is_abandon(position, action):
                return vcrew.check_abandon(position, action)  # D5.41
            if vtow.is_tow(position, action):
                return vtow.check(position, action)  # D1.5, D8.32
            if vunbog.is_unbog(position, action):
                return vunbog.check(position, action)  # D8.3: Bog Removal
            if vwreck.is_push(position, action):
                return vwreck.check_push(position, action)  # D10.42: pushing a wreck aside
            if wagon.is_gallop(position, action):
                return wagon.check_gallop(position, action)  # D12.4
            if platoon.is_form(position, action):
                return platoon.check_form(position, action)  # D14.2: a platoon formed
            if radioless.is_ntc(position, action):
                return radioless.check(position, action)  # D14.23: a radioless AFV's NTC to move
            if vdelay.is_delay(position, action):
                radioless.bar(position, position.units[action.units[0]])  # D14.23
                return vdelay.check(position, action)  # D2.17: a delay MP
            if any(u in position.units and armour.is_vehicle(position.units[u]) for u in action.units):
                radioless.bar(position, position.units[action.units[0]])  # D14.23
                if len(action.units) == 1 and vrecall.forced(position.units[action.units[0]]):
                    return vrecall.check(position, action)  # D5.341: off by the friendly edge
                if action.mode == "exit":
                    return edgeexit.vehicle_check(position, action)  # A2.6: off any map edge
                if asl_bypass.exits(action.mode):
                    return edgeexit.vehicle_bypass_check(position, action)  # A2.6, D2.3: by VBM
                return armour.check_move(position, action)  # D2
            return self.check_move(position, action)
        if isinstance(action, act.Fire) and not isinstance(action, act.Attack):
            impulse.check_fire(position, action)  # D14.32
            ddtank.check_fire(position, action.firers)  # D16.12: no fire with the DD screen raised
            ftdc.check(position, action)  # A22.3: a FT or DC once a Player Turn
            if mgafv.claims(action):
                return mgafv.check(self, position, action)  # A9.61: a MG's AFV Kill attack
            if vft.claims(position, action):
                return vft.check(position, action)  # D3.6: a vehicle's FT
            if prcfire.claims(position, action):
                return prcfire.check(self, position, action)  # D3.3: passengers' Bounding First Fire
            prcfire.afph_bar(position, action)  # D3.3, D3.5
            if asl_placedc.claims_own(self, position, action):
                return action.declared()  # A23.61, A23.3: placed in its own hex or set there (asked)
            if setdc.claims(position, action):
                return setdc.check(self, position, action)  # A23.7: a Set DC set or detonated
            if asl_placedc.claims(position, action):
                asl_hw.check_other_mf(self, position, action.firers)  # A25.232: no MF but the impulse's
                return asl_placedc.check(self, position, action)  # A23.3: a DC placed in the MPh
            if prisoners.is_massacre(position, action):
                return prisoners.check_massacre(self, position, action)  # A20.4
            prisoners.check_guard_fire(position, action)  # A20.52
            if any(u in position.units and position.units[u].has("ti") for u in action.firers):
                raise IllegalAction(T("a TI unit may not fire this Player Turn"), "A4.8")
            if any(u in position.units and not prisoners.armed(position.units[u]) for u in action.firers):
                raise IllegalAction(T("an unarmed unit or a prisoner never fires: its (1) FP is for CC only"),
                                    "A20.5")
            asl_berserk.check_fire(position, action.firers)  # A15.432: no Prep Fire
            if asl_demolition.thrown_home(position, action):
                return asl_fire.check(self, position, action)  # A23.61: a vehicle there may be its target
            if vfg.claims(position, action):
                return vfg.check(self, position, action)  # D6.64, A7.5: a halftrack's MGs with infantry
            if vmgfire.claims(position, action):
                return vmgfire.check(position, action)  # D3.5: a vehicle's MGs at infantry
            if any(u in position.units and armour.is_vehicle(position.units[u]) for u in action.firers):
                return vfire.check_fire(position, action)  # D3: ordnance at vehicles
            target = vfire.cc_target(position, action)
            if target is not None:
                if action.target in self.gstate(position.state).cc_done:
                    raise IllegalAction(T("the Close Combat of this Location is over this phase"), "A11.31")
                if tankflip.claims(position, action, target):
                    return tankflip.check(position, action, target)  # A25.935: several MMC, a Tank Flip
                return vfire.check_cc(position, action, target)  # A11.5: CC against a vehicle
            side = asl_fire.firing_side(position)
            hexes = [position.units[u].hex for u in action.firers if u in position.units]
            # A7.307, D1.2: no effect on an AFV whose PRC the fire cannot reach (D.8, D5.31, D5.311), only
            # Residual FP (A8.2): Defensive First Fire at it as it enters, else refused
            if afvresid.armored_only(position, action.target, side, action.firers, hexes):
                afvresid.check(position, action.target, side, action.firers)
            mounted.check(position, [position.units[u] for u in action.firers if u in position.units],
                          action.target)  # D6
            return asl_fire.check(self, armour.infantry_view(position), action, blind_ok=True)  # A6.11
        phase = position.phase
        raise IllegalAction(
            T("{kind} is not an action of the {phase}", kind=action.kind, phase=phase.name), phase.rule
        )

    def advance_cost(
        self, position: Position, units: list[UnitState], a: Hex, b: Hex
    ) -> int | Fraction | None:
        """What entering b would cost these units, overstacking included (A5.11): what A4.72 measures."""
        step = asl_terrain.infantry_cost_fn(position)(position.map, a, b)
        if step is None:
            return None
        moving = {u.id for u in units}
        friends = [u for u in position.units_at(b) if u.side == units[0].side and u.id not in moving
                   and moto.stacks(position.state, u) and u.level == 0]  # A5.1, A5.3; D15.3: riders count
        total = step + overstack_mf(friends + units)  # A5.11: every SE over after the entry, FRU
        return total * 2 if any(u.has("encircled") for u in units) else total  # A7.7

    def advance_mf(self, position: Position, units: list[UnitState], mode: str = "") -> dict[str, int]:
        """A4.72: each advancing unit's MF as it would be in the MPh without Double Time, leader bonus and
        portage in (A4.42), a CX unit's IPC one lower (A4.52, A4.7: aphsw.py).
        A17.2 (``mode`` a carry): the wounded SMC ride as 5 PP on their carriers and have no MF of their own
        here (woundcarry.in_advance: they are not measured, nor made CX, by A4.72)."""
        leader = any(u.type in SMC for u in units)
        if asl_stairs.split_mode(mode)[0] == woundcarry.MODE:
            walkers = woundcarry.walkers(units)
            return asl_portage.allowances(
                position.state, walkers, lambda u: self.mf(u) + (2 if leader and u.type in MMC else 0),
                aphsw.lowered(walkers), woundcarry.loads(units))
        return asl_portage.allowances(position.state, units,
                                      lambda u: self.mf(u) + (2 if leader and u.type in MMC else 0),
                                      aphsw.lowered(units))

    def _exit_offers(self, position: Position, moves: Mapping[Hex, act.Move]) -> Iterator[act.Action]:
        """A2.6: one ``as exit`` offer a map-edge hex a stack or vehicle reaches, by the cheapest path found,
        when it can also pay the mirror image beyond (the page's exits; others may be typed)."""
        for move in edgeexit.candidates(position, moves):
            with contextlib.suppress(IllegalAction):
                yield self.check(position, move)

    def _check_exit_advance(self, position: Position, units: list[UnitState], start: Hex,
                            adv: act.Advance) -> act.Advance:
        """A2.6: in the APh a unit on a map-edge hex leaves the map by advancing into the mirror image of its
        hex (its cost, A4.72: CX or not at all as for any advance); edgeexit.kind says what it scores."""
        if any(h != start for h in adv.path):
            raise IllegalAction(T("name the edge hex the units stand in: move UNITS HEX as exit"), "A2.6")
        self.check_mode(position, units, act.Move(tuple(u.id for u in units), (start,), None, "exit"))
        units, _ = asl_carry.split(units)  # A4.43: a SW goes with its possessor
        aphsw.check_load(position.state, units)  # A4.42: no SMC with more than 2 PP
        cost = asl_terrain.infantry_cost_fn(position)(position.map, start, start)
        if cost is None:
            raise IllegalAction(T("{hex} may not be left that way", hex=position.label(start)), "A2.6")
        allow = self.advance_mf(position, units)
        for unit in units:
            if allow[unit.id] <= 0:  # A4.72: no MF left after portage: no advance at all
                raise IllegalAction(T("{unit} has no MF left after its portage and may not advance",
                                      unit=unit.id), "A4.72")
            if cost >= min(4, allow[unit.id]) and unit.has("cx"):
                raise IllegalAction(T("{unit} is CX and may not advance into Difficult Terrain ({cost} MF)",
                                      unit=unit.id, cost=str(cost)), "A4.72")
        return act.Advance(asl_carry.with_carried(position.state, units), (start, start), 0, "exit")

    def _leave_map(self, position: Position, state: State, exiting: list[UnitState]) -> State:
        """A2.6: the units leave the map (MPh or APh), never to return; their prisoners with them (A20.53);
        the Exit VP through the scenario's exit hexes (A26.23: none for a broken unit), none by a friendly
        edge; any other exit an elimination for CVP (A26.221). The MPh's exits (end_move) go through here."""
        kinds = {u.id: edgeexit.kind(position, u) for u in exiting}  # before the prisoners go (A20.53)
        state = asl_guards.exit_with(state, [u.id for u in exiting])  # A20.53: their prisoners go too
        scored: list[tuple[str, int]] = []
        lost: list[UnitState] = []
        for unit in exiting:
            if kinds[unit.id] == edgeexit.VC:  # A26.23, A26.211: none for a broken unit or a hero
                scored.append((unit.id, asl_victory.exit_value(unit)))
            elif kinds[unit.id] == edgeexit.GUARD:  # A20.53: no casualty, no Exit VP
                scored.append((unit.id, 0))
            else:  # A26.221: any other exit counts as an elimination
                lost.append(unit)
            state = state.without_unit(unit.id)
        return state.replace(game=edgeexit.record(self.gstate(state), scored, lost))

    def check_advance(self, position: Position, adv: act.Advance) -> act.Advance:
        if position.phase.id != "APh":
            raise IllegalAction(T("units advance only in the Advance Phase"), "A3.7")
        units, start = group_of(position, frozenset(adv.units), "A4.2", place="Location")
        asl_dismantle.check_carry(position.state, units)  # A9.8: a 76-82mm mortar only dismantled
        for unit in units:
            if unit.side != position.phasing:
                raise IllegalAction(T("only the ATTACKER advances"), "A4.7")
            if unit.has("broken") or unit.has("pinned"):
                raise IllegalAction(T("{unit} is broken or pinned and may not advance", unit=unit.id), "A4.7")
            if unit.has("ti"):  # A4.7, A4.8: nor a TI unit
                raise IllegalAction(T("{unit} is TI and may not advance this Player Turn", unit=unit.id),
                                    "A4.8")
            if asl_berserk.is_berserk(unit):  # A15.431: its MPh's 8 MF were all the time it had
                raise IllegalAction(T("{unit} is berserk and may not advance", unit=unit.id),
                                    "A15.431")
            aphsw.check_again(unit)  # A4.4: a SW advanced with is carried once a phase
            if unit.id in position.state.moved:
                raise IllegalAction(T("{unit} has already advanced this phase", unit=unit.id), "A4.7")
            if unit.has("melee"):
                raise IllegalAction(
                    T("{unit} is in Melee and may not leave its Location", unit=unit.id), "A11.15"
                )
        if adv.mode == "exit":
            return self._check_exit_advance(position, units, start, adv)  # A2.6: off the map in the APh
        if (
            len(adv.path) != 2
            or adv.path[0] != start
            or distance(*adv.path) > 1
            or adv.path[1] not in position.map.hexes
        ):
            raise IllegalAction(T("an advance is one hex into an adjacent Location"), "A4.7")
        units, _ = asl_carry.split(units)  # A4.43: a SW advances with its possessor
        aphsw.check_load(position.state, units)  # A4.42: no SMC with more than 2 PP
        bicycle.check_advance(position, units)  # D15.4, D15.82: no bicycle moves in the APh
        cavalry.check_advance(position.state, units)  # A13.7: no horse moves in the APh
        level = asl_advance_levels.target(position, units, adv)  # A4.7: one hex across or one level
        across = adv.path[0] != adv.path[1]
        mode = "" if level is None or (level == units[0].level and across) else f"h{level}"
        carry = woundcarry.in_advance(position.state, units, adv.mode)  # A17.2: "as carry"
        mode = "+".join(w for w in (woundcarry.MODE if carry else "", mode) if w)
        if adv.path[0] == adv.path[1]:  # up or down the stairs: 1 MF a level (A10.5 example), never CX
            return act.Advance(asl_carry.with_carried(position.state, units), adv.path, 0, mode)
        cost = self.advance_cost(position, units, adv.path[0], adv.path[1])
        if cost is None:
            raise IllegalAction(T("{hex} may not be entered", hex=position.label(adv.path[1])), "A4.7")
        allow = self.advance_mf(position, units, mode)
        for unit in units:
            if unit.id not in allow:
                continue  # A17.2: a wounded SMC carried spends no MF of its own
            if allow[unit.id] <= 0:  # A4.72: no MF left after portage: no advance at all
                raise IllegalAction(T("{unit} has no MF left after its portage and may not advance",
                                      unit=unit.id), "A4.72")
            if cost >= min(4, allow[unit.id]) and unit.has("cx"):
                raise IllegalAction(
                    T(
                        "{unit} is CX and may not advance into Difficult Terrain ({cost} MF)",
                        unit=unit.id,
                        cost=str(cost),
                    ),
                    "A4.72",
                )
        return act.Advance(asl_carry.with_carried(position.state, units), adv.path, 0, mode)

    def apply(self, position: Position, action: act.Action) -> State:
        hidden = asl_hip.in_action(position, action)
        if hidden:  # A12.31: a HIP unit that fires is placed, Known; A12.32: one that moves, under a "?"
            shown = asl_hip.reveal(self, position.state, hidden, keep_concealed=isinstance(action, act.Move))
            position = position.at(shown)
        state = position.state
        if isinstance(action, act.Activate) and asl_setuplimits.claims(action):
            return asl_setuplimits.apply_free(position, action)  # A2.9: no NTC, no RPh action spent
        if isinstance(action, act.Move) and offboard.claims(action):
            return offboard.apply(position, action)  # A2.51: the off-board set-up hex
        if isinstance(action, act.Move) and asl_arrival.claims(action) and position.phase.id == "APh":
            return asl_arrival.place(position, action)  # A2.5: the entry waited for the APh
        if isinstance(action, act.Move) and vce.is_change(position, action):
            return vce.apply(position, action)  # D5.33, in the APh
        if isinstance(action, act.Activate) and asl_hw.claims(action):
            return asl_hw.apply(self, position, action)  # A25.23: the row asked next (A25.231)
        if oppfire.claims(action):
            assert isinstance(action, act.Activate)
            return oppfire.apply(position, action)  # A7.25: the Bounding Fire counter
        if isinstance(action, act.Activate) and cavwave.claims(action):
            return cavwave.apply(self, position, action)  # A13.62: the row asked next (A25.231)
        if isinstance(action, act.Activate) and asl_search.claims(action):
            return asl_search.apply(self, position, action)  # A12.14, A12.152, A12.153, A12.32
        if isinstance(action, act.Activate) and vwreck.claims(action):
            return vwreck.declare(position, action)  # D10.5: the scrounging dr
        if isinstance(action, act.Activate) and caend.claims(action):
            return caend.declare(position, action)  # D3.1.2: made at the phase's end
        if isinstance(action, act.Activate) and horsesplit.claims(position, action):
            return horsesplit.apply(position, action)  # A13.31, A13.32
        if isinstance(action, act.Activate) and cyclesplit.claims(position, action):
            return cyclesplit.apply(position, action)  # D15.44
        if isinstance(action, act.Activate) and carriers.claims(action):
            return carriers.combine(position, action)  # A1.32, D6.82
        if isinstance(action, act.Activate) and deployment.claims(position, action):
            return deployment.declare(position, action)  # A1.31: the NTC asked
        if isinstance(action, act.Activate) and carriers.claims_deploy(position, action):
            return carriers.deploy(position, action)  # D6.82
        if isinstance(action, act.Activate) and asl_dismantle.claims(action):
            return asl_dismantle.apply(position, action)  # A9.8: dismantled or assembled
        if isinstance(action, act.Activate) and asl_swdestroy.claims(action):
            return asl_swdestroy.apply(position, action)  # A9.73: destroyed or malfunctioned on purpose
        if wagon.claims_couple(action):
            assert isinstance(action, act.Activate)
            return wagon.couple(position, action)  # D12.2: one wagon of two, T2, a Large target
        if isinstance(action, act.Activate) and asl_guards.claims(action):
            return asl_guards.apply(self, position, action)  # A20.5, A20.51
        if isinstance(action, act.Rally):
            return asl_rally.declare(self, position, action)
        if isinstance(action, act.Smoke) and vsmoke.claims(position, action):
            return vsmoke.declare(self, position, action)  # D13
        if isinstance(action, act.Smoke):
            return asl_smoke.declare(self, position, action)
        if vrepair.claims(position, action):
            assert isinstance(action, act.Repair)
            return vrepair.declare(position, action)  # D3.7
        if isinstance(action, act.Repair):
            return rphase.declare_repair(self, position, action)
        if asl_guards.claims_drop(position, action):
            assert isinstance(action, act.Transfer)
            return asl_guards.drop(position, action)  # A20.5, A20.53
        if isinstance(action, act.Transfer) and motocapture.claims(position, action):
            return motocapture.declare(self, position, action)  # D15.7
        if isinstance(action, act.Transfer) and action.to == asl_carry.DROP:
            return asl_carry.drop(position, action)  # A4.43
        if isinstance(action, act.Transfer):
            return rphase.declare_transfer(self, position, action)
        if isinstance(action, act.Load) and vreentry.is_reentry(position, action):
            return vreentry.apply(position, action, self.can_react)  # D5.42; D5.43: a DFF window
        if isinstance(action, act.Load) and vreentry.may_crew(position, action):
            return position.state.push(vreentry.crew_question(position, action))  # A21.21
        if isinstance(action, act.Load) and bicycle.is_bicycle(position.units.get(action.carrier)):
            return transport.apply_load(position, action)  # D15.81: no MF, so no First Fire window
        if isinstance(action, act.Unload) and bicycle.is_bicycle(position.units.get(action.carrier)):
            return transport.apply_unload(position, action)  # D15.81
        if isinstance(action, act.Load) and cavalry.is_horse(position.units.get(action.carrier)):
            return cavalry.apply_mount(self, position, action)  # A13.31
        if isinstance(action, act.Unload) and cavalry.is_horse(position.units.get(action.carrier)):
            return cavalry.apply_dismount(position, action)  # A13.31
        if isinstance(action, act.Load):  # A8.12, D5.43: the loaders fired at before they are aboard; else
            state = asl_inplace.load(self, position, action)  # D3.3: its MP, by enemy vehicles
            return vinplace.open_window(position, state, action.carrier, T("loading"), "D6.4")
        if isinstance(action, act.Unload):  # A8.12: the unloaded units' MF, spent in place, may be fired at
            position = vrecall.stop_to_unload(position, action)  # D5.341, D2.13: in Motion, it stops first
            off = tuple(u.id for u in position.units.values() if u.carrier == action.carrier)
            after = transport.apply_unload(position, action)
            platoon_afv = impulse.under_way(position)  # D14.31: its one MP action of the impulse
            after = impulse.unloaded(position, after, action.carrier) if platoon_afv else after
            here = position.units[action.carrier].hex
            after = asl_inplace.window(self, position, after, off, here) if here is not None else after
            if platoon_afv:  # D14.32: the fire at the AFV's MP waits for the impulse's end
                return swremove.ask_unload(position, after, action.carrier, off)  # D6.631
            after = vinplace.open_window(position, after, action.carrier, T("unloading"), "D6.5")  # D3.3
            return swremove.ask_unload(position, after, action.carrier, off)  # D6.631: part of the unloading
        if isinstance(action, act.Advance) and action.mode == "exit":  # A2.6: off the map in the APh
            movers = [state.units[u] for u in action.units]
            cost = asl_terrain.infantry_cost_fn(position)(position.map, action.path[0], action.path[0]) or 0
            allow = self.advance_mf(position, movers)
            for unit in movers:  # A4.72: the mirror image's cost may be Difficult Terrain: CX as it leaves
                if cost >= min(4, allow.get(unit.id, 4)) and unit.type != "sw":
                    state = state.with_unit(unit.mark("cx"))
            state = state.replace(moved=state.moved + tuple(action.units))
            gone = [state.units[u] for u in action.units if state.units[u].type != "sw"]
            carried = [state.units[u] for u in action.units if state.units[u].type == "sw"]
            state = self._leave_map(position, state, gone)
            for sw in carried:  # A4.43: the SW go with their possessors
                if sw.id in state.units:
                    state = state.without_unit(sw.id)
            return asl_victory.update(self, position.at(state))
        if isinstance(action, act.Advance):
            owed = asl_advpaatc.due(self, position, action)
            if owed is not None:  # A11.6: a PAATC before advancing into an AFV's Location
                return state.push(asl_advpaatc.decision(position, action, *owed))
            to = action.path[-1]
            side = state.units[action.units[0]].side
            # A12.31, A11.19: HIP units in the Location advanced into are placed there under a "?"
            state = asl_hip.reveal(self, state, asl_hip.at(self, position, to, side), keep_concealed=True)
            position = position.at(state)
            movers = [state.units[u] for u in action.units]
            cost = self.advance_cost(position, movers, action.path[0], to) or 0
            allow = self.advance_mf(position, movers, action.mode)
            vertical = action.path[0] == to
            for uid in action.units:
                unit = state.units[uid]
                if uid not in allow and asl_stairs.split_mode(action.mode)[0] == woundcarry.MODE:
                    pass  # A17.2: carried as 5 PP, it spends no MF and is not made CX by A4.72
                elif cost >= min(4, allow.get(uid, 4)) and not vertical and unit.type != "sw":
                    unit = unit.mark("cx")  # A4.72: Difficult Terrain makes the advancing unit CX
                state = state.with_unit(unit.at(to))
            state = fire_groups.sync(state.replace(moved=state.moved + tuple(action.units)))  # A7.7
            state = aphsw.carried(state, action.units)  # A4.4: carried once a phase
            level = asl_stairs.split_mode(action.mode)[1]
            if level is not None:  # A4.7, A2.8: the Location's level (up or down the stairs, or along)
                state = asl_stairs.set_level(state, action.units, level)
            elif vertical:  # at the table: up or down, asked on the page
                ids = [u for u in action.units if state.units[u].type != "sw"]
                ups = asl_advance_levels.choices(position, to, state.units[ids[0]].level)
                state = state.push(asl_advance_levels.ask(position.at(state), ids, to, ups))
            state = asl_rout.dm_beside(position, state, action.units)  # A10.62: a broken enemy beside it
            # A12.14: advancing into Open Ground in view of a Good Order enemy within 16 hexes costs the "?"
            if position.map.terrain(to) == "open" and self.seen_entering(
                position.at(state), action.units, to
            ):
                for uid in action.units:
                    state = state.with_unit(state.units[uid].revealed())
            state = asl_disrupt.surrender_on_entry(self, position, state, action.units, (to,))  # A19.12
            lv = state.units[action.units[0]].level  # A2.8: CC is with the enemy in the Location entered
            asked = state.decision is not None  # the level still to answer: any level of the hex counts
            if any(u.side != side and (u.level == lv or asked) for u in position.units_at(to)):
                # A11.4: advanced into CC
                gs = self.gstate(state)
                came = tuple((u, action.path[0]) for u in action.units if position.units[u].level == 0)
                state = state.replace(game=gs.replace(cc_entered=(*gs.cc_entered, to),
                                                      cc_advanced=(*gs.cc_advanced, *action.units),
                                                      cc_from=(*gs.cc_from, *came)))  # A11.8
            return asl_victory.update(self, position.at(state))
        if isinstance(action, act.Fire):
            position = position.at(impulse.note_fire(position, action))  # D14.32: once an impulse
            if mgafv.claims(action):
                return mgafv.declare(self, position, action)  # A9.61
            if vft.claims(position, action):  # D3.6: its FT, or its MGs at the owner's word (A22.31)
                if vft.mg_too(position, action):
                    return vft.ask(position, action)
                return vft.declare(position, action)
            if prcfire.claims(position, action):
                return prcfire.declare(self, position, action)  # D3.3
            if asl_placedc.claims_own(self, position, action):
                return asl_placedc.declare_own(self, position, action)  # A23.61, A23.3
            if setdc.claims(position, action):
                return asl_inplace.set_dc(self, position, setdc.declare(self, position, action))  # A23.7
            if asl_placedc.claims(position, action):
                return asl_placedc.declare(self, position, action)  # A23.3
            if prisoners.is_massacre(position, action):
                return prisoners.massacre(self, position, action)  # A20.4
            if vfg.claims(position, action):
                return vfg.declare(position, action)  # D6.64, A7.5
            if vmgfire.claims(position, action):
                return vmgfire.declare(position, action)  # D3.5
            if motoord.claims(position, action):
                return motoord.declare(position, action)  # D15.5: a gun at motorcycle riders
            if armour.is_vehicle(state.units[action.firers[0]]):
                return vfire.declare_fire(position, action)
            target = vfire.cc_target(position, action)
            if target is not None and tankflip.claims(position, action, target):
                return tankflip.declare(self, position, action, target)  # A25.935
            if target is not None:
                return vfire.declare_cc(position, action, target)
            levels = floc.choices(position, action)
            if levels:
                return floc.ask(position, action, levels)  # A7.4, A23.6: the target Location named first
            return self._declare_fire(position, action)
        raise IllegalAction(T("{kind} is not an action of ASL here", kind=action.kind))

    def play(self, position: Position, action: act.Action) -> tuple[act.Action, State]:
        done, state = self._play(position, action)
        if isinstance(done, act.Fire):
            state = ftdc.mark(position, done, state)  # A22.3: its FT or DC used this Player Turn
        state = armorldr.reveal(position.state, state)  # D3.41: an Armor Leader enters play when used
        state = vimmobile.left_behind(state)  # D8.1: an immobilized unarmed unarmored vehicle, emptied
        state = vwreck.no_wreck_side(state)  # D1.9: a destroyed vehicle with no wreck side goes
        state = asl_guards.after_play(self, position, done, state)  # A20.53: abandoned prisoners
        state = asl_bump.turned(self, position, state)  # A12.15, A15.431: bumped back, then gone berserk
        state = integrity.after_play(self, position, state)  # A16.1: the Casualty Tally, its checks
        return done, asl_victory.after_play(self, position, state)  # A26.21, A26.22: the VP lost, as it was

    def _play(self, position: Position, action: act.Action) -> tuple[act.Action, State]:
        """A fire given with its dice at once ("fire ... dice N,N") declares no Fire Lane (A9.22) and sprays
        nothing (A9.5): those are declared by answering the questions between the fire and its DR."""
        declared, answer = self.split(action)
        if answer is None or not isinstance(declared, act.Fire):
            return super().play(position, action)
        done, state = super().play(position, declared)
        floc.refuse_dice_at_once(position, state)  # A7.4: the Location is named before the DR
        while state.decision is not None and state.decision.then in ("lane_declare", "spray"):
            no = "no-lane" if state.decision.then == "lane_declare" else "none"  # A9.22, A9.5: neither
            state = self._apply_one(position.at(state), act.Answer(choice=no))
        top = state.decision
        if top is None or top.kind != "roll":
            raise IllegalAction(T("{kind} opens no roll, so it takes no dice", kind=declared.kind))
        view = position.at(state)
        self.check_answer(view, answer)
        return act.with_dice(done, answer.dice), self._apply_one(view, answer)

    # --- continuations (named by the decisions' ``then``) ---
    def _declare_fire(self, position: Position, fire: act.Fire) -> State:
        declared = asl_concealment.sweep(position, asl_fire.declare(self, position, fire))  # A12.2
        return asl_mol.offer(self, position, fire, declared)  # A22.611

    def resume_fire_level(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """A7.4, A23.6: the firer named the target Location; the fire is declared as any, its roll keeping it.
        A Location none of the firers sees is fired at all the same, to no effect (A6.11, blindshot.py)."""
        assert decision.target is not None
        level = (answer.choice or "h")[1:]
        if answer.choice in decision.choices and not asl_demolition.thrown(
                position, act.Fire(decision.subject, decision.target)):
            shooters = [position.units[u] for u in decision.subject if u in position.units]
            weapons = [u for u in shooters if u.type == "sw"]
            for sw in weapons:  # A9.21: a CA fixed this phase, up or down the stairwell or round the hex
                asl_mgca.check(position, sw, decision.target, int(level))
            state = floc.resume(position, decision, answer, self._declare_fire)
            state = asl_spray.at_level(state, int(level))  # A9.5: a vertical spray within one level of it
            return asl_mgca.record(position, state, weapons, decision.target, int(level))  # A9.21
        return floc.resume(position, decision, answer, self._declare_fire)

    def resume_ift(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if prcfire.is_bff(decision):  # D3.3: worked out as the PFPh's fire
            return prcfire.resume(self, position, decision, answer)
        # A12.14: a dummy attacked is worked out as a morale-7 unit; whatever check or loss it would then take
        # removes it (resume_mc, resume_ptc, resume_casualty)
        thrown = answer.dice is not None and decision.target is not None and asl_demolition.thrown(
            position, act.Fire(decision.subject, decision.target, answer.dice))
        dummies = {u.id: u for u in position.units.values() if u.type == "dummy" and u.hex == decision.target}
        if not dummies and not thrown:  # A22.611: a MOL is used up in the attack; A7.308: unarmored vehicles
            after = asl_mol.after_attack(self._infantry(asl_fire.resume_ift, position, decision, answer),
                                         position, answer.dice)  # A22.6111: a coloured 6 breaks the user
            if floc.chosen(decision):  # A7.4: an upper level's Location holds no vehicle
                return after
            after = vcrewhit.after_ift(position, after)  # D5.34, D5.311: an AFV's exposed crew
            after = asl_unarmored.after_ift(self, position, decision, answer, after)
            return horsehit.horse_line(position, decision, answer, after)  # A13.511: horses, ridden or not
        state = position.state
        for unit in dummies.values():
            seven = CounterType(unit.counter.name, unit.type, {"morale": 7, "broken_morale": 7})
            state = state.with_unit(unit.as_counter(seven))
        if thrown:  # A23.6: worked out with the vehicles in view (the vehicle line, A7.308; D15.51)
            assert answer.dice is not None and decision.target is not None
            fire = act.Fire(decision.subject, decision.target, answer.dice)
            view = position.at(state)
            state = moto.after_kia(view, asl_demolition.resume(view, fire, decision.arg("level")))
        else:
            state = self._infantry(asl_fire.resume_ift, position.at(state), decision, answer)
        for uid, unit in dummies.items():
            if uid in state.units:
                state = state.with_unit(dataclasses.replace(state.units[uid], counter=unit.counter))
        return state

    @staticmethod
    def _dummy_hit(position: Position, uid: str) -> State | None:
        """A12.14: a dummy that an attack would make check morale, pin or lose a step loses its "?": it is
        removed (it has no morale to check)."""
        unit = position.units.get(uid)
        if unit is not None and unit.type == "dummy":
            return position.state.without_unit(uid)
        return None

    def resume_cav_bail(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return horsehit.resume_bail(self, position, decision, answer)  # A13.511, D6.24

    def resume_cav_seat(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return horsehit.resume_seat(position, decision, answer)  # A13.511: an SMC's or SW's HS counter

    def resume_horse_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return horsehit.resume_pick(position, decision, answer)  # A.9, A13.511: Random Selection of horses

    def resume_mc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        gone = self._dummy_hit(position, decision.subject[0])
        if gone is not None:
            return gone
        after = self._infantry(asl_fire.resume_mc, position, decision, answer)
        if decision.rule == "A10.2":  # A12.141: an LLMC is an action
            after = asl_concealment.acted(position, after, decision.subject)
        stopped = moto.broken_rider(position.at(after), decision.subject[0])  # D15.53: a stopped cycle
        if stopped is None:
            stopped = riders.shaken_off(position.at(after), decision.subject[0])  # D6.23: it bails out
        stopped = moto.both_off(position, position.state, stopped)  # D15.53: two SMC on one cycle
        return moto.split_smc(position.state, stopped)  # D15.53: the SMC on a cycle of their own

    def resume_ptc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        gone = self._dummy_hit(position, decision.subject[0])
        if gone is not None:
            return gone
        after = self._infantry(asl_fire.resume_ptc, position, decision, answer)
        return riders.shaken_off(position.at(after), decision.subject[0])  # D6.23: a pinned rider bails out

    def resume_casualty(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        gone = self._dummy_hit(position, answer.units[0]) if answer.units else None
        if gone is not None:
            return gone
        return self._infantry(asl_fire.resume_casualty, position, decision, answer)

    def _infantry(self, resume: Any, position: Position, decision: Decision, answer: act.Answer) -> State:
        """An infantry fire's continuation works on the position without its vehicles (armour.py)."""
        after: State = resume(self, armour.infantry_view(position), decision, answer)
        after = bicycle.after_kia(position.state, after)  # D15.51, D15.8: a bicycle goes with its KIA rider
        after = cavalry.after_kia(position.state, after)  # A13.7: a horse is left, unpossessed
        after = moto.shrink(position.state, armour.restore(position, after))  # D15.52
        return moto.after_kia(position, after)  # D15.51

    # chapter D: a vehicle's facing question, its To Hit, To Kill and crew survival DRs (armour.py)
    def resume_vfacing(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = armour.resume_facing(position, decision, answer)
        if answer.choice == hulldown.CHOICE:
            return state  # D4.22: the dr first; the window follows it (resume_vhd)
        uid = decision.subject[0]
        before, after = position.units[uid], state.units[uid]
        if armour.spent_of(after) == armour.spent_of(before):
            return state  # no MP spent: ends in Motion (D2.13), or kept its facing for nothing
        turned = armour.facing_of(after) != armour.facing_of(before)
        what, rule = (T("a VCA change"), "D2.11") if turned else (T("stopping"), "D2.13")
        return vinplace.open_window(position, state, uid, what, rule)  # D3.3: fire after each MP

    def resume_vgallop(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return wagon.resume_check(position, decision, answer)  # D12.4

    def resume_bwreck(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return bicycle.resume_wreck(position, decision, answer)  # D15.84, D15.46

    def resume_vmwreck(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return moto.resume_wreck(position, decision, answer)  # D15.46

    def resume_vscrounge(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vwreck.resume(position, decision, answer)  # D10.5

    def resume_vscrounge_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vwreck.resume_pick(position, decision, answer)  # D10.5: Random Selection
    def resume_vdd_hold(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ventry.resume_hold(position, decision, answer)  # D16.8

    def resume_vhd(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        asked = alhide.ask_rerun(position, decision, answer, hulldown.resume)  # D3.41: a hidden Armor Leader?
        if asked is not None:
            return asked
        state = hulldown.resume(position, decision, answer)  # D4.22
        top = state.decision
        if (top is not None and top.then == hulldown.PICK) or decision.arg("setup") == "1":
            return state  # D4.221: a set-up attempt spends no MP: no fire window
        what = T("an HD Maneuver Attempt")
        return vinplace.open_window(position, state, decision.subject[0], what, "D4.22")  # D3.3, after the dr

    def resume_vhd_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = hulldown.resume_pick(position, decision, answer)  # D4.221
        if decision.arg("setup") == "1":
            return state
        what = T("an HD Maneuver Attempt")
        return vinplace.open_window(position, state, decision.subject[0], what, "D4.22")  # D3.3, after the dr

    def resume_vntc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        asked = alhide.ask_mc(position, decision, answer)  # D3.41, D3.42: a hidden Armor Leader's morale?
        if asked is not None:
            return asked
        return radioless.resume(position, decision, answer)  # D14.23

    def resume_vmud(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vmud.resume_dr(position, decision, answer)  # D8.23

    def resume_vmud_dr(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vmud.resume_dr1(position, decision, answer)  # D8.23

    def resume_vmud_off(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = vmud.resume_dr(position, decision, answer)  # D8.23 with A2.51: asked before it comes on
        return vmudoff.come_on(self, position.at(state), decision)

    def resume_vmud_off_dr(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = vmud.resume_dr1(position, decision, answer)  # D8.23: the dr, then the move on (or bogged)
        return vmudoff.come_on(self, position.at(state), decision)

    def resume_vsmoke(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = vsmoke.resume(self, position, decision, answer)  # D13.3, D13.35
        uid = decision.subject[0]
        if armour.spent_of(state.units[uid]) == armour.spent_of(position.units[uid]):
            return state  # not fired, or in the enemy MPh: no MP of its own (D13.2)
        return vinplace.open_window(position, state, uid, T("firing its smoke"), "D13.2")  # D3.3

    def resume_vsmoke_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        assert decision.target is not None
        unit = position.units[decision.subject[0]]
        return vsmoke.attempt(self, position, unit, decision.target, answer.choice)  # D13.35

    def resume_vft(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        asked = alhide.ask_rerun(position, decision, answer, vft.resume)  # D3.41: an MA FT's hidden leader?
        if asked is not None:
            return asked
        return vft.resume(position, decision, answer)  # D3.6

    def resume_vft_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        assert decision.target is not None
        fire = act.Fire(decision.subject, decision.target)
        if answer.choice == "ft":  # A22.31: one or the other
            return vft.declare(position, fire)
        return vmgfire.declare(position, fire)

    def resume_vunbog(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        asked = alhide.ask_rerun(position, decision, answer, vunbog.resume,
                                 units=decision.subject)  # D3.41: a hidden Armor Leader, either AFV's?
        if asked is not None:
            return asked
        state = vunbog.resume(position, decision, answer)  # D8.3, D8.31
        if state.units[decision.subject[0]].hex is None:
            return state  # A2.51: off the map no fire reaches it
        what = T("a Bog Removal attempt")
        return vinplace.open_window(position, state, decision.subject[0], what, "D8.4")  # no Case J

    def resume_vimpulse(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if answer.choice.startswith(vmotion.CHOICE):  # D2.401, D14.32: a Motion attempt at the impulse's end
            return impulse.resume_window(position.at(vmotion.attempt(position, answer)), decision, answer)
        if answer.choice == ccreact.CHOICE:  # D7.21, D14.32: CC Reaction Fire; the window opens again after
            view = position.at(position.state.push(decision))
            vehicles = [v for v in ccreact.targets(view, decision.side)
                        if any(True for _ in ccreact.candidates(view, v, decision.side))]
            if len(vehicles) > 1:  # D14.32: the platoon's AFVs there spent MP together; the defender picks
                return ccreact.pick(position, decision.side, vehicles, decision)
            vehicle = vehicles[0]
            return ccreact.offer(position, decision.side, vehicle.id, stopped=self._imp_still(vehicle),
                                 window=decision)
        return impulse.resume_window(position, decision, answer)  # D14.32

    @staticmethod
    def _imp_still(vehicle: UnitState) -> bool:
        """A11.51: a platoon AFV is stopped for a CC attack unless started (D2.13, D2.17)."""
        return not (vehicle.has(impulse.GO) or vehicle.has("motion"))

    def resume_ccr_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if answer.choice == "pass":  # D7.21: the window beneath opens again
            return position.state
        vehicle = position.units[answer.units[0]]
        return ccreact.offer(position, decision.side, vehicle.id, stopped=self._imp_still(vehicle),
                             beneath=True)  # D7.21, D14.32: the AFV picked

    def resume_vimp_bog(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return impulse.resume_check(position, decision, answer)  # D14.21

    def resume_vimp_break(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return impulse.resume_pick(position, decision, answer)  # D14.21

    def resume_vimp_mud(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return impulse.resume_mud(position, decision, answer)  # D8.23, D14.21: the platoon's secret DR

    def resume_vimp_mud_dr(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return impulse.resume_mud_dr(position, decision, answer)  # D8.23: the secret dr

    def resume_vinplace(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if answer.choice.startswith(vmotion.CHOICE):  # D2.401: a Motion attempt after an MP spent in place
            return vinplace.resume(position.at(vmotion.attempt(position, answer)), decision, answer)
        if answer.choice == ccreact.CHOICE:  # D7.21: CC Reaction Fire after an MP spent in place
            state = vinplace.resume(position, decision, answer)
            still = ccreact.stopped_window(decision)  # D2.13: after its stop MP
            return ccreact.offer(position.at(state), decision.side, decision.subject[0], stopped=still)
        return vinplace.resume(position, decision, answer)  # D3.3

    def resume_vmg(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        asked = vfg.ask(position, decision, answer)  # D3.41: a fire group's hidden Armor Leader?
        if asked is not None:
            return asked
        decision = vfg.directed(position, decision)  # D3.41, D3.44: the group's leadership at this DR
        state = vmgfire.resume(position, decision, answer)  # D3.5
        return vfg.after(position, decision, answer, state)  # A9.2, A9.7: a fire group's SW

    def resume_vcrew_mc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        assert answer.dice is not None
        asked = alhide.ask_mc(position, decision, answer)  # D3.41, D3.42: a hidden Armor Leader's morale?
        if asked is not None:
            return asked
        return vmgveh.resume_crew_mc(position, decision, answer.dice)  # D5.34: a CE crew's MC

    def resume_ammo_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ammo.resume_pick(position, decision, answer)  # A19.131

    def resume_mgafv_th(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return mgafv.resume_th(self, position, decision, answer)  # A9.6

    def resume_mgafv_tk(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return mgafv.resume_tk(self, position, decision, answer)  # A9.61, A9.611

    def resume_vth(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_th(position, decision, answer)

    def resume_alth(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return alhide.resume_th(position, decision, answer)  # D3.41: a hidden Armor Leader brought in or not

    def resume_almc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state, roll, dice = alhide.resume_mc(position, decision, answer)  # D3.41, D3.42: at his morale or not
        return self.continuation(roll.then)(position.at(state), roll, dice)

    def resume_moth(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        asked = alhide.ask_rerun(position, decision, answer, motoord.resume_th)  # D3.41: a hidden leader?
        if asked is not None:
            return asked
        return motoord.resume_th(position, decision, answer)  # D15.5

    def resume_moift(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return motoord.resume_ift(position, decision, answer)  # D15.5

    def resume_vtk(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_tk(position, decision, answer)

    def resume_vstack_dr(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vstackhit.resume_roll(self, position, decision, answer)  # A5.132

    def resume_vstack_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vstackhit.resume_pick(self, position, decision, answer)  # A5.132: Random Selection's pick

    def resume_vcs(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vfire.resume_cs(position, decision, answer)

    def resume_vbog(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return armour.resume_bog(position, decision, answer)

    def resume_vesb(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return armour.resume_esb(position, decision, answer)

    def resume_vtcstart(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vcapture.resume_start(position, decision, answer)  # A21.22

    def resume_vreentry(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vreentry.resume(position, decision, answer)  # D5.43

    def resume_vnewcrew(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        """A21.21: the MMC enters the SMC-driven vehicle as its new crew (D5.42, D5.43's window), or rides."""
        load = act.Load(decision.subject, decision.arg("vehicle"))
        if answer.choice == "crew":
            return vreentry.apply(position, load, self.can_react)
        transport.check_load(position, load)  # D6.4
        state = asl_inplace.load(self, position, load)
        return vinplace.open_window(position, state, load.carrier, T("loading"), "D6.4")

    def resume_vprc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return riders.resume_survival(position, decision, answer)  # D6.9

    def resume_alre(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state, roll, dice = alhide.resume_rerun(position, decision, answer)  # D3.41: with him or without
        return self.continuation(roll.then)(position.at(state), roll, dice)

    def resume_vovr_ft(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return overrun.resume_ft(position, decision, answer)  # D7.15: the FT's part, then the OVR's DR

    def resume_vovr(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        asked = alhide.ask_rerun(position, decision, answer, overrun.resolve)  # D3.41: a hidden Armor Leader?
        if asked is not None:
            return asked
        state = overrun.resolve(position, decision, answer)  # D7.1
        return vcrew.after_overrun(position, state)  # D5.5: immobilized by its own OVR (D7.17)

    def resume_vaerosan(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return aerosan.resume(position, decision, answer)  # D17.22: the Aerosan Accident dr

    def resume_vaerosan_seat(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return aerosan.resume_seat(position, decision, answer)  # D17.3: inside or riding

    def resume_ovr_malf(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        from hexmate.rules.games.asl import ovrbreak

        return ovrbreak.resume(position, decision, answer)  # D7.17, A9.71

    def resume_rider_sw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return riders.resume_sw(position, decision, answer)  # D6.24: a bailing rider's SW

    def resume_vaerosan_sw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return aerosan.resume_sw(position, decision, answer)  # D17.22, D6.24: a passenger's SW

    def resume_vresidual(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vresid.resume(position, decision, answer)  # D5.31, D5.311: Residual or a lane at its crew

    def resume_vcrew_check(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vcrewhit.resume(position, decision, answer)  # D5.34, D5.311, A7.82

    def resume_vitc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vcrew.resume_tc(position, decision, answer)  # D5.5
    def resume_ovr_react(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return reaction.resume_offer(position, decision, answer)  # D7.21

    def resume_ovr_leader(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return reaction.resume_leader(position, decision, answer)  # A11.5

    def resume_adv_paatc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_advpaatc.resume(self, position, decision, answer)  # A11.6

    def resume_ovr_paatc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return reaction.resume_paatc(position, decision, answer)  # A11.6, D7.21

    def resume_ovr_cc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if streetrfp.fell(position, decision):  # D7.211, D7.213: the Residual FP on the way stopped them
            return streetrfp.called_off(position, decision)
        return reaction.resume_cc(position, decision, answer)  # D7.21, A11.5

    def resume_ncr_tpbf(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ncreact.resume(self, position, decision, answer)  # D7.22, A7.308

    def resume_sf_residual(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return streetrfp.resume(self, position, decision, answer)  # D7.211, A8.2

    def resume_ovr_cc2(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return reaction.resume_cc2(position, decision, answer)  # A11.501

    def resume_sw_unload(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return swremove.resume_unload(position, decision, answer)  # D6.631: passengers take out a weapon

    def resume_ccr_offer(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ccreact.resume_offer(position, decision, answer)  # D7.21

    def resume_ccr_leader(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return ccreact.resume_leader(position, decision, answer)  # A11.5, D7.21

    def resume_sf_offer(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return street.resume_offer(position, decision, answer)  # D7.211

    def resume_sf_leader(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return street.resume_leader(position, decision, answer)  # A11.5, D7.211

    def resume_vmotion(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vmotion.resume_motion(position, decision, answer)  # D2.401

    def resume_vmotion_mr(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vmotion.resume_reliability(position, decision, answer)  # D2.51

    def resume_vmotion_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vmotion.resume_pick(position, decision, answer)  # D14.21

    def resume_vmotion_face(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vmotion.resume_face(position, decision, answer)  # D2.401

    def resume_vcc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if answer.choice == vcapcc.WORD:  # A21.2, A20.22: the attack on the Abandoned AFV tries to capture
            return vcapcc.declare(position, decision)
        state = vfire.resume_cc(position, decision, answer)  # A11.31: then the other side's CC turn
        assert answer.dice is not None
        state = asl_ccgroups.crew_small_arms(position.at(state), decision, answer.dice)  # A11.621
        return asl_ccgroups.after_vehicle_attack(self, position.at(state), decision)

    def resume_tankflip_veh(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return tankflip.resume_vehicle(self, position, decision, answer)  # A25.935: the vehicle first

    def resume_tankflip_reduce(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return tankflip.resume_reduce(self, position, decision, answer)  # A11.11 in A25.935

    def resume_tankflip(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return tankflip.resume(self, position, decision, answer)  # A25.9351

    def resume_vcc2(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = vfire.resume_cc2(position, decision, answer)
        if answer.dice and asl_ccleader.afv_due(position, decision, 2):  # A18.12 against an AFV too
            state = state.push(asl_ccleader.ask_afv(decision, answer.dice[0]))
        return asl_ccgroups.after_vehicle_attack(self, position.at(state), decision)

    def resume_vcc_leader(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ccleader.resume_afv(self, position, decision, answer)  # A18.12, A11.5

    def check_answer(self, position: Position, answer: act.Answer) -> None:
        top = position.state.decision
        if top is not None and top.kind == "react" and top.then == "move_on" \
                and answer.choice == asl_snap.CHOICE and asl_snap.CHOICE not in top.choices:
            raise IllegalAction(asl_snap.refusal(self, position, top.side), "A8.15")  # why it was not offered
        super().check_answer(position, answer)

    def check_reply(self, position: Position, decision: Decision, answer: act.Answer) -> None:
        if decision.then == "vfacing":
            armour.check_facing(position, decision, answer)
        elif decision.then == "cc_group":
            asl_ccgroups.check_group(position, decision, answer)  # A11.12, A11.14
        elif decision.then == "cc_stack":
            asl_ccgroups.check_stack(position, decision, answer)  # A11.14
        elif decision.kind == "react":
            asl_mandtpbf.check_pass(self, position, decision, answer)  # A8.312: TPBF owed first

    def resume_cc_group(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ccgroups.resume_group(self, position, decision, answer)

    def resume_cc_ambush_withdraw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ambushwd.resume(self, position, decision, answer)  # A11.41

    def resume_cc_capture_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_capture.resume_pick(self, position, decision, answer)  # A20.22: the defender's choice

    def resume_cc_stack(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ccgroups.resume_stack(self, position, decision, answer)

    def resume_lltc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        after = asl_fire.resume_lltc(self, position, decision, answer)
        return asl_concealment.acted(position, after, decision.subject)  # A12.141: an LLTC is an action

    def resume_wound(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_fire.resume_wound(self, position, decision, answer)
        if decision.arg("cc") == "1":  # a wound from a CC: the Close Combat goes on (A11.11, A17.11)
            return asl_cc.after_asks(self, position.at(state))
        return state

    def resume_smc_crew_wound(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vcrewhit.resume_wound(self, position, decision, answer)  # D5.343, A17.11

    def resume_hob(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_fire.resume_hob(self, position, decision, answer)
        state = asl_hobsurr.after_hob(self, position, decision, state)  # A15.5: surrender to one beside it
        from hexmate.rules.games.asl import aftermath

        return aftermath.ask_bh(position, decision, state)  # A15.3: Battle Hardening may be refused

    def resume_hob_bh(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        from hexmate.rules.games.asl import aftermath

        return aftermath.resume_hob_bh(self, position, decision, answer)  # A15.3: accepted or refused

    def resume_malfunction(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_malfunction(self, position, decision, answer)

    def resume_sw_kia(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_sw_kia(self, position, decision, answer)

    def resume_dc_thrower(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_demolition.resume_thrower(self, position, decision, answer)

    def resume_sniper(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_fire.resume_sniper(self, position, decision, answer)

    def resume_sniper_target(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        dr = int(decision.arg("dr", "0"))
        if answer.choice == asl_sniper.AIM_SNIPER:  # A14.31: at the enemy sniper counter
            return asl_sniper.hit_sniper(self, position.state, position.enemy_of(decision.side), dr)
        if answer.choice == asl_sniper.RELOCATE:  # A14.2: the attack given up to move the counter
            return asl_sniper.relocate(position, decision.side)
        if answer.choice == asl_sniper.AIM_VEHICLE:  # A14.33: then name the unarmored vehicle
            cars = tuple(u for u in decision.units if asl_sniper.bare_vehicle(position.units[u]))
            return position.state.push(Decision(
                "units", decision.side, T("name the vehicle the sniper attacks itself (A14.33)"), "A14.33",
                "sniper_vehicle", units=cars, args=decision.args))
        struck = position.units[answer.units[0]]
        if armour.is_vehicle(struck):  # A14.3, D5.34, D5.341: its exposed crew (A14.33: never both)
            return asl_sniper.vehicle_hit(position, struck, dr, itself=False)
        state = asl_fire.resume_sniper_target(self, position, decision, answer)
        hit = state.units.get(struck.id)  # A12.14: sniped in a Good Order enemy's LOS, at any range: no "?"
        seen = struck.hex is not None and asl_concealment.seen_by_good_order(position.at(state), struck.side,
                                                                             struck.hex, None)
        if hit is not None and hit.concealed and seen:
            state = state.with_unit(hit.revealed())
        return asl_sniper.offer(position, state, struck.hex, struck.side, decision.side)  # A14.4

    def resume_sniper_relocate(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_sniper.resume_relocate(self, position, decision, answer)  # A14.2

    def resume_sniper_vehicle(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        struck = position.units[answer.units[0]]  # A14.33: the vehicle itself, Immobilized on a 1 only
        return asl_sniper.vehicle_hit(position, struck, int(decision.arg("dr", "0")), itself=True)

    def resume_sniper_check_ask(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_sniper.resume_ask(self, position, decision, answer)

    def resume_sniper_check(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        after = asl_sniper.resume_check(self, position, decision, answer)
        return asl_concealment.acted(position, after, decision.subject)  # A12.141: the Sniper Check

    def resume_residual(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return self._infantry(asl_residual.resume_attack, position, decision, answer)  # A8.2, A9.22

    def resume_lane_declare(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_residual.resume_declare(self, position, decision, answer)  # A9.22

    def resume_rof_residual(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_residual.resume_rof(self, position, decision, answer)  # A8.23

    def resume_spray(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_spray.resume(self, position, decision, answer)  # A9.5

    def resume_snap_offer(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_snap.resume_offer(self, position, decision, answer)  # A8.15

    def resume_lane_snap(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_residual.resume_snap(self, position, decision, answer)  # A9.221

    def resume_lane_order(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_residual.resume_order(self, position, decision, answer)  # A9.222

    def resume_lane_skip(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_residual.resume_skip(self, position, decision, answer)  # A9.222

    def resume_lane_place(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_residual.resume_place(self, position, decision, answer)  # A9.22

    def resume_rally(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_rally.resume(self, position, decision, answer)
        return asl_rally.heat_of_battle(position, decision, answer, state)  # A15.1: an Original 2, led

    def resume_deploy_ntc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return deployment.resume_ntc(self, position, decision, answer)  # A1.31

    def resume_deploy_split(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return deployment.resume_split(self, position, decision, answer)  # A1.31: its SW shared

    def resume_escape(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escape.resume(self, position, decision, answer)

    def resume_escape_ntc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escape.resume_ntc(self, position, decision, answer)

    def resume_escape_cc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escape.resume_cc(self, position, decision, answer)

    def resume_escape_reply(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escape.resume_reply(self, position, decision, answer)  # A20.55: the enemy strikes back

    def resume_escape_pick(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escape.resume_pick(self, position, decision, answer)  # A11.11 among the escape's targets

    def resume_escape_reduce(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escape.resume_reduce(self, position, decision, answer)

    def resume_escape_targets(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escape.resume_targets(self, position, decision, answer)  # A20.55: whom the reply attacks

    def resume_escape_withdraw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escapewd.resume_withdraw(self, position, decision, answer)  # A11.2, A20.55

    def resume_escape_infiltrate(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escapewd.resume_infiltrate(self, position, decision, answer)  # A11.22

    def resume_escape_leave_to(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_escapewd.resume_leave_to(self, position, decision, answer)  # A11.21, A20.55

    def resume_scrounge(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_scrounge.resume(self, position, decision, answer)  # A20.552

    def resume_volbreak(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state, last = volbreak.resume(self, position, decision, answer)  # A10.41
        return self.rtph_start(position.at(state)) if last else state

    def resume_rtph_reveal(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rtreveal.resume(self, position, decision, answer)  # A10.533, A20.21

    def resume_rout_reveal(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_rtreveal.resume_mid(self, position, decision, answer)  # A10.533: mid-rout
        # A10.5: the routs still owed know the units shown (rout.refresh), as after a bump (A12.15)
        return asl_rout.refresh(position.at(state)) if answer.units else state

    def resume_rout_end_reveal(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_rtreveal.resume_end(self, position, decision, answer)  # A10.533: at the rout's end
        return asl_rout.refresh(position.at(state)) if answer.units else state

    def resume_rout_forced(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rtreveal.resume_forced(self, position, decision, answer)  # A10.533, A10.51

    def resume_guard_withdraw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_guardwd.resume(self, position, decision, answer)  # A11.2 with A20.53

    def resume_guard_leave_to(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_guardwd.resume_leave_to(self, position, decision, answer)  # A11.21

    def resume_mol_user(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_mol.resume_user(self, position, decision, answer)

    def resume_mol_check(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_mol.resume_check(self, position, decision, answer)

    def resume_dc_set(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        after = setdc.resume_set(self, position, decision, answer)
        setter = position.units.get(decision.subject[1])
        lead = setdc.leader_of(position, setter) if setter is not None else None
        who = [*decision.subject[1:], *([lead.id] if lead is not None else [])]
        return asl_concealment.acted(position, after, who)  # A12.141: setting a DC, and directing it

    def resume_dc_detonate(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return setdc.resume_detonate(self, position, decision, answer)

    def resume_dc_blast(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return setdc.resume_blast(self, position, decision, answer)

    def resume_smoke_grenade(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_smoke.resume(self, position, decision, answer)  # A24.1
        here = position.units[decision.subject[0]].hex
        if here is None:
            return state
        state = asl_inplace.window(self, position, state, decision.subject, here)  # A8.12: MF spent in place
        return asl_smoke.after_placement(position, state, decision)  # A24.31: WP's NMCs first

    def resume_smoke_climb(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_smoke.resume_climb(self, position, decision, answer)  # A24.1: a higher Location

    def resume_integrity_check(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return integrity.resume(self, position, decision, answer)  # A16.2

    def resume_integrity_regain(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return integrity.resume(self, position, decision, answer)  # A16.3

    def resume_wp_nmc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_smoke.resume_wp_nmc(self, position, decision, answer)  # A24.31

    def resume_wp_crew_nmc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return wpveh.resume_crew(position, decision, answer)  # A24.31: a CE AFV crew's WP NMC

    def resume_inplace(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_inplace.resume(self, position, decision, answer)  # A8.12

    def resume_inplace_dc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_inplace.resume_dc(self, position, decision, answer)  # A23.7

    def resume_dcp_paatc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_placedc.resume_paatc(self, position, decision, answer)  # A23.3, A11.6

    def resume_dcp_window(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_placedc.resume_window(self, position, decision, answer)  # A23.3, A8.12

    def resume_dcp_lay(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_placedc.resume_lay(self, position, decision, answer)  # A23.3

    def resume_dcp_where(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_placedc.resume_where(self, position, decision, answer)  # A23.61, A23.3, A23.7

    def resume_dcp_blast(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_placedc.resume_blast(self, position, decision, answer)  # A23.4

    def resume_inplace_load(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_inplace.resume_load(self, position, decision, answer)  # D5.43

    def resume_wind_change(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_wind.resume(self, position, decision, answer)  # B25.65, A24.6, A24.62

    def resume_leader_creation(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_leaders.resume(self, position, decision, answer)  # A18.11

    def resume_repair(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return rphase.resume_repair(self, position, decision, answer)

    def resume_vrepair(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vrepair.resume(position, decision, answer)  # D3.7

    def resume_recover(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if motocapture.is_cycle_decision(position, decision):
            return motocapture.resume(position, decision, answer, None)  # D15.7
        return rphase.resume_recover(self, position, decision, answer)

    def resume_unlikely_kill(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_unarmored.resume_unlikely(self, position, decision, answer)  # A7.309

    def resume_recover_mph(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_recover.resume(self, position, decision, answer)  # A4.44 in the MPh

    def resume_recover_sw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if motocapture.is_cycle_decision(position, decision):
            return motocapture.resume(position, decision, answer, decision.arg("mf", "1"))  # D15.7
        return asl_mphsw.resume(self, position, decision, answer)  # A4.44 in the MPh, by a transfer

    def resume_surrender(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = prisoners.resume_surrender(self, position, decision, answer)
        if answer.units:  # A20.551: the Unarmed units there rearm
            state = asl_rearm.after_surrender(position, position.state, state, decision)
        if answer.units:  # A25.234: a HW unit made guard leaves the wave
            state = asl_hw.guard_leaves(self, state, answer.units[0])
        if answer.units:  # A20.5: the guard squad may deploy at once
            state = asl_guards.after_surrender(position, state, answer.units[0])
        return state

    def resume_cc_sn(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ccsn.resume(self, position, decision, answer)  # A11.622

    def resume_cc_sn_done(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ccsn.resume_done(self, position, decision, answer)  # A11.622

    def resume_cc_leader(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ccleader.resume(self, position, decision, answer)  # A18.12

    def resume_cc_street_return(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ccstreet.resume_return(self, position, decision, answer)  # A11.8

    def resume_berserk_tc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_berserk.resume_tc(self, position, decision, answer)  # A15.41

    def resume_hw_row(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_hw.resume_row(self, position, decision, answer)  # A25.231

    def resume_guard_deploy(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_guards.resume_deploy(self, position, decision, answer)  # A20.5

    def resume_guard_split(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_guards.resume_split(self, position, decision, answer)  # A20.5, A20.51

    def settle(self, position: Position) -> State:
        state = super().settle(position)
        if state.moving is not None:
            return state
        if not state.decisions:  # D7.2, D14.32: the Reaction Fire at a platoon's OVR at an impulse's end
            state = impovr.react(position.at(state))
        state = bicycle.settle(cyclesplit.settle(position, state))  # D15.44 (A19.13); D15.53, D15.85
        state = cavalry.settle(state, position)  # A13.51: broken cavalry is off its horse, the horse gone
        state = fire_groups.upper_sync(position, state)  # A7.72: an upper level with no way down
        return asl_carry.follow(prisoners.follow(state))  # A20.53, A20.5; A4.43: a SW goes with its possessor

    def resume_rout(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rout.resume(self, position, decision, answer)

    def resume_ovr_ntc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ovr.resume_ntc(self, position, decision, answer)

    def resume_ovr_response(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ovr.resume_response(self, position, decision, answer)

    def resume_ovr_withdraw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_ovr.resume_withdraw(self, position, decision, answer)

    def resume_al_assign(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return alsecret.resume(position, decision, answer)  # D3.41: the AFV an Armor Leader commands

    def resume_hip_place(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_hip.resume_place(self, position, decision, answer)

    def resume_search(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_search.resume_search(self, position, decision, answer)  # A12.152
        return self._searched(position, decision, state)

    def resume_search_skip(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = asl_search.resume_search_skip(self, position, decision, answer)  # A12.152
        return self._searched(position, decision, state)

    def _searched(self, position: Position, decision: Decision, state: State) -> State:
        """A8.12, A8.22: once the Search (and its Search Casualties) is over, its MF in place is open to the
        Residual there and to Defensive First Fire."""
        top = state.decision
        if decision.target is None or (top is not None and top.then == "search_skip"):
            return state
        return asl_inplace.window(self, position, state, decision.subject, decision.target,
                                  under=len(position.state.decisions))

    def resume_search_casualty(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_search.resume_search_casualty(self, position, decision, answer)  # A12.154

    def resume_search_cr(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_search.resume_search_cr(self, position, decision, answer)  # A12.154

    def resume_vconceal(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vconceal.resume(self, position, decision, answer)  # A12.41: reveal, or one PAATC

    def resume_vconceal_paatc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return vconceal.resume_paatc(self, position, decision, answer)  # A12.41

    def resume_bump_reveal(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return position.state.with_unit(position.units[answer.units[0]].revealed())

    def resume_bump_ff(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_bump.resume(self, position, decision, answer)  # A12.15: their MPh over where they stay

    def resume_rout_bump(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rout.resume_bump(self, position, decision, answer)  # A12.15, A10.533: a router bumped back

    def resume_rout_beneath(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return passrout.resume(position, decision, answer)  # D6.1: a broken passenger beneath its vehicle

    def resume_rout_leader(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rout.resume_leader(self, position, decision, answer)

    def resume_advance_level(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_advance_levels.resume(position, decision, answer)  # A4.7: up or down, asked on the page

    def resume_recover_now(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return recnow.resume(self, position, decision, answer)  # A4.44: an SMC's recovery at once

    def resume_recover_now_sw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return recnow.resume_sw(self, position, decision, answer)  # A4.44: the one SW he tries for

    def resume_rout_leave(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rout.resume_leave(self, position, decision, answer)  # A4.42, A4.431

    def resume_rout_level(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rout.resume_level(self, position, decision, answer)  # A2.8, A10.51: the level routed to

    def resume_rout_nmc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_rout.resume_nmc(self, position, decision, answer)

    def resume_cc_location(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.start_location(self, position, answer.hexes[0])

    def resume_cc_ambush(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.resume_ambush(self, position, decision, answer)

    def resume_cc(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if answer.choice == asl_capture.WORD:  # A20.22: the attack is declared a capture attempt
            return asl_capture.declare(position, decision)
        afv = asl_cc.afv_attacker(position, decision) if answer.dice is not None else None
        if afv is not None:  # D3.41, D3.44: a hidden Armor Leader brought in or not

            def worked(p: Position, d: Decision, a: act.Answer) -> State:
                return asl_cc.resume(self, p, d, a)

            asked = alhide.ask_rerun(position, decision, answer, worked, unit=afv)
            if asked is not None:
                return asked
        return asl_cc.resume(self, position, decision, answer)

    def resume_conceal(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_concealment.resume(self, position, decision, answer)

    def resume_level(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_climb.resume_level(self, position, decision, answer)  # A2.8, A8.1: a Location a level

    def resume_cc_declare(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.resume_declare(self, position, decision, answer)

    def resume_cc_withdraw(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.resume_withdraw(self, position, decision, answer)

    def resume_cc_withdraw_to(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.resume_withdraw_to(self, position, decision, answer)

    def resume_cc_reduce(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.resume_reduce(self, position, decision, answer)

    def resume_cc_sw_loss(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.resume_sw_loss(self, position, decision, answer)

    def resume_cc_infiltrate(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.resume_infiltrate(self, position, decision, answer)

    def resume_cc_hth(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return asl_cc.declarations(self, position.at(asl_hth.resume(self, position, decision, answer)))

    # --- moves hex by hex: Defensive First Fire at each hex entered (A8.1) ---
    def enter(self, position: Position) -> State:
        """Enter the next hex: a concealed enemy there is revealed and the movers stay where they were
        (A12.15); a concealed mover seen entering it loses its "?" (A12.14)."""
        state = position.state
        moving = state.moving
        assert moving is not None
        if self.gstate(state).move_levels:  # A2.8: the level of the Location entered
            state = asl_stairs.set_level(state, moving.units, self.gstate(state).move_levels[moving.at])
            position = position.at(state)
        if armour.is_vehicle(state.units[moving.units[0]]):
            state = asl_aa.part(state)  # D9.31: Armored Assault infantry left behind where they part
            state = asl_aa.bumped(self, position.at(state))  # A12.15: a "?" bars the infantry, not the AFV
            position = position.at(state)
            moving = state.moving
            assert moving is not None
            seen = (moving.path[max(0, moving.at - 1)], moving.here)  # A12.2: Cases B, D, seen moving
            if vdelay.delaying(state):  # D2.17: a delay MP, in place
                return asl_conceal58.moved(position, super().enter(position), moving.units, seen)
            entered = armour.enter(position, super().enter(position))  # D2.11: its VCA on entering
            entered = vdriver.left_melee(entered, moving.units, seen[0], moving.here)  # A11.7, A11.71
            entered = vresid.entered(position, entered)  # D5.31, D5.311: Residual and lanes at its crew
            with_it = asl_aa.infantry_with(state, moving.units)
            if with_it:  # D9.31: the Armored Assault infantry with it meet them as infantry
                entered = asl_residual.entered(position, entered, with_it)
                entered = asl_aa.hip_met(self, position.at(entered), moving.units[0])  # A12.31 for them
            entered = asl_conceal58.moved(position, entered, moving.units, seen)
            entered = asl_rout.dm_beside(position, entered, moving.units[:1])  # A10.62: beside a broken unit
            return vconceal.entered(self, position.at(entered), moving.units[0], seen[0])  # A12.4, A12.41
        if asl_recover.in_place(moving):  # A4.44: 1 MF spent in place to recover a SW (recover.py)
            return asl_residual.entered(position, asl_recover.step(self, position))
        side = state.units[moving.units[0]].side
        # A12.151: a unit bypassing a hex finds no concealed unit in it (bypass.end_of_phase: if it stops)
        round_ = asl_bypass.going_round(position, moving.units, moving.here)
        # A12.31, A12.15: HIP units where the mover enters are placed there under a "?", then bumped into
        here = [] if round_ else asl_hip.at(self, position, moving.here, side)
        state = asl_hip.reveal(self, state, here, keep_concealed=True)
        position = position.at(state)
        hidden = [u for u in position.units_at(moving.here) if u.side != side and u.concealed and not round_]
        real = [u for u in hidden if u.type != "dummy"]
        movers = [state.units[u] for u in moving.units if u in state.units]
        if real and all(u.type == "dummy" for u in movers):  # A12.15: no proof of a real unit: removed
            for unit in movers:
                state = state.without_unit(unit.id)
            return state.replace(
                moving=dataclasses.replace(moving, stopped=T("a dummy stack removed (A12.15)"))
            )
        if real and asl_berserk.charging(movers):  # A15.431: a berserk charge stays where it revealed them
            for unit in real:
                state = state.with_unit(unit.revealed())
            moving = dataclasses.replace(moving, path=moving.path[:moving.at + 1])
            state = state.replace(moving=moving)
            position = position.at(state)
            hidden, real = [u for u in hidden if u.type == "dummy"], []
        if real:  # A12.15: the defender shows one real unit there (Random Selection among several)
            why = T("bumped into a concealed enemy (A12.15)")
            back = dataclasses.replace(moving, at=moving.at - 1, stopped=why)
            spent = asl_berserk.spent_so_far(self, position, moving)  # A12.15: the try to enter counted
            state = asl_bump.mark(state.replace(moving=back), moving.units, spent)  # "?" goes; First Fire
            if len(real) == 1:
                return state.with_unit(real[0].revealed())
            ids = tuple(sorted(u.id for u in real))
            return state.push(
                Decision(
                    "units",
                    real[0].side,
                    T(
                        "Random Selection: name the concealed unit at {hex} that shows itself",
                        hex=position.label(moving.here),
                    ),
                    "A12.15",
                    "bump_reveal",
                    units=ids,
                    subject=ids,
                    target=moving.here,
                )
            )
        for dummy in hidden:  # A12.15: only dummies there: every "?" goes and the move goes on
            state = state.without_unit(dummy.id)
        answer = asl_ovr.response(position.at(state), moving.units, moving.here)
        if answer is not None:  # A4.151: the overrun SMC withdraws or stays, before any First Fire
            state = state.push(answer)
        position = position.at(state)
        state = asl_victory.update(self, position.at(super().enter(position)))  # A26.1: even mid-move
        if self.seen_entering(position.at(state), moving.units, moving.here):
            for uid in moving.units:
                unit = state.units[uid]  # A12.14: a dummy that loses its "?" is removed
                state = state.without_unit(uid) if unit.type == "dummy" else state.with_unit(unit.revealed())
        state = fire_groups.sync(state)  # A7.7: entering an ENCIRCLED Location, or leaving one
        state = asl_concealment.sweep(position, state)  # A12.2: Case H, a vehicle and its PRC seen
        left = moving.path[max(0, moving.at - 1)]  # A12.2: Cases B and D, a vehicle seen moving
        state = asl_conceal58.moved(position, state, moving.units, (left, moving.here))
        state = asl_rout.dm_beside(position, state, moving.units)  # A10.62: a broken enemy now beside it
        state = asl_berserk.entered(self, position, state)  # A15.431: the charge's targets, hex by hex
        state = asl_residual.entered(position, state)  # A8.2, A9.22: Residual and lanes attack the movers
        if bicycle.needs_wreck_check(position, movers, left, moving.here):  # D15.84, D15.46: before any DFF
            state = state.push(bicycle.wreck_check(position, movers, left, moving.here))
        return state

    def can_react(self, position: Position, side: str) -> bool:
        moving = position.state.moving
        assert moving is not None
        probe = position.at(position.state.push(Decision("react", side, "", "A8.1", "move_on")))
        if moving.units[0] not in position.units:
            return False  # a dummy gone as it moved (A12.14)
        if hwplt.alone(self, position):
            return False  # D14.32: a wave's platoon AFV entering alone is fired at at the impulse's end
        if asl_hw.in_impulse(self, position):  # D14.32: First Fire at a Human Wave at each impulse's end only
            if not asl_hw.closing(self, position):
                return False
            view = armour.infantry_view(probe)
            if hwaa.afv_targets(self, probe) and vfire.can_react(probe):
                return True  # D14.33: the AFV moving with the wave is a target too
            if ccreact.choices(probe, side):
                return True  # D7.21: CC Reaction Fire at a platoon AFV that entered without its OVR (hwplt)
            return any(asl_fire.can_fire_at(self, view, h) for h in
                       sorted({u.hex for u in asl_hw.first_fire_targets(self, probe) if u.hex is not None},
                              key=lambda h: (h.q, h.r)))
        bailed = {u.hex for u in riders.bailing(position) if u.hex is not None}
        if any(asl_fire.can_fire_at(self, armour.infantry_view(probe), h) for h in bailed):
            return True  # D6.24: First Fire at riders that bailed out (all MF spent, FFNAM)
        bumped = {u.hex for u in asl_aa.bumped_targets(position) if u.hex is not None}
        if any(asl_fire.can_fire_at(self, armour.infantry_view(probe), h) for h in bumped):
            return True  # A12.15: First Fire at Armored Assault infantry bumped back where they stay
        if vmotion.candidates(position, side):
            return True  # D2.401: a vehicle may attempt Motion
        if street.choices(position, side):
            return True  # A11.8, D7.211: Street Fighting from the buildings beside the street
        if not self._overruns_here(position) and ccreact.choices(probe, side):
            return True  # D7.2, D7.21: CC Reaction Fire at a vehicle spending MP in the defender's Location
        if any(True for _ in vsmoke.generate(self, probe)):
            return True  # D13.2: a vehicle's smoke after an enemy expenditure in its LOS
        if armour.is_vehicle(position.units[moving.units[0]]):
            if vfire.can_react(probe) or any(True for _ in vmgfire.generate(probe)) or any(
                    True for _ in mgafv.generate(self, probe)):  # A9.61
                return True  # D3.3: vehicles fire at the vehicle that entered (A8.1, D3.5: MGs too)
            crews = vcrewhit.exposed(probe, moving.here, side, [])  # D5.31, D5.311: small arms at its crew
            walking = any(u in position.units and not armour.is_vehicle(position.units[u])
                          for u in moving.units[1:])  # D9.31: the infantry of an Armored Assault with it
            # A7.308, D6.7: a moving unarmored vehicle is a target of small arms on the vehicle line, its
            # passengers (always exposed) of the General Collateral attack (D.8B)
            truck = asl_unarmored.target_of_small_arms(position.units[moving.units[0]])
            # A7.307: an AFV alone too, at which small arms do nothing but leave Residual FP (A8.2)
            alone = bool(afvresid.moving_afvs(probe, moving.here, side)) and afvresid.armored_only(
                probe, moving.here, side, (), ())
            return (bool(crews) or walking or truck or alone) and asl_fire.can_fire_at(
                self, armour.infantry_view(probe), moving.here)
        if asl_hip.set_up(self, position, side):
            return True  # A12.32: a HIP unit may fire at any time; the window opens whatever it sees
        if any(True for _ in vmgfire.generate(probe)):
            return True  # A8.1, D3.5: a vehicle's MGs at the infantry that entered
        return asl_fire.can_fire_at(self, armour.infantry_view(probe), moving.here) or bool(
            asl_snap.choices(self, probe, side))  # A8.15: a Snap Shot at the hexside crossed

    def _overruns_here(self, position: Position) -> bool:
        """D7.1: the vehicle now entering a hex overruns the enemy infantry there."""
        moving = position.state.moving
        if moving is None or not moving.at or moving.units[0] not in position.units:
            return False
        if vdelay.delaying(position.state):
            return False  # D7.1, D2.17: an OVR is paid with the entry of the hex; a delay MP enters nothing
        if hwplt.alone(self, position) or hwaa.joint(self, position):
            return False  # D7.1 with D14.32: a wave's AFV's OVR comes at the impulse's end (hwplt, hwovr)
        mover = position.units[moving.units[0]]
        bypassing = vbypass.across_of(mover) is not None  # D7.13: no OVR of units in the obstacle
        ovr_here = overrun.overruns(position, mover, moving.here)  # D7.13: no Bounding Fire; D7.14: named
        return armour.is_vehicle(mover) and not bypassing and ovr_here and moto.overruns(mover)  # D15.43

    def advance_move(self, position: Position) -> State:
        """The core's reaction window, with a ``motion-<vehicle>`` choice for each vehicle that may attempt
        Motion there (D2.401, vmotion.py); a vehicle entering a hex of enemy infantry overruns it once the
        entry's own rolls and the window are over (D7.1, overrun.py)."""
        state = reaction.offer(position)  # D7.2: Reaction Fire right after an OVR, before the next MP
        if state.decisions:
            return state
        turned = vinplace.turn_before_entry(position.at(state))  # D2.11, D3.3: a turn in place first
        if turned is not None:
            return turned
        position = position.at(asl_split.split(self, position.at(state)))  # A8.1, A9.2: the pinned stay
        n = len(position.state.decisions)
        state = hwplt.entry_checks(self, position, super().advance_move(position))  # D14.21: a wave's platoon
        moving = state.moving
        if moving is not None and moving.at and moving.units[0] in state.units:
            mover = state.units[moving.units[0]]
            if self._overruns_here(position.at(state)):
                if swrandom.empty(position.at(state), mover, moving.here):  # A9.74: no personnel, no DR
                    state = swrandom.crush(position, state, mover, moving.here)
                else:
                    attack = overrun.declare(position.at(state), mover, moving.here)
                    state = state.replace(decisions=(*state.decisions[:n], attack, *state.decisions[n:]))
        for i, d in enumerate(state.decisions):
            if d.kind == "react" and d.then == "move_on":
                if asl_hw.in_impulse(self, position.at(state)):  # D14.32: one window, at the impulse's end
                    d = dataclasses.replace(d, rule="D14.32", prompt=T(
                        "the Human Wave's impulse is over: First Fire at any HW unit now, or pass (D14.32)"))
                else:
                    d = asl_climb.window_prompt(position.at(state), d)  # A2.2: the Location with its level
                state = state.replace(decisions=(*state.decisions[:i], d, *state.decisions[i + 1:]))
                here = position.at(state.replace(decisions=state.decisions[:i + 1]))  # the window on top
                extra = (*vmotion.choices(here, d.side), *street.choices(here, d.side),  # D2.401, D7.211
                         *ccreact.choices(here, d.side),  # D7.21: CC Reaction Fire in its Location
                         *asl_snap.choices(self, here, d.side))  # A8.15: a Snap Shot at the hexside crossed
                if extra:
                    react = dataclasses.replace(d, choices=(*d.choices, *extra))
                    state = state.replace(decisions=(*state.decisions[:i], react, *state.decisions[i + 1:]))
        return state

    def move_on(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if answer.choice.startswith(vmotion.CHOICE):
            return vmotion.attempt(position, answer)  # D2.401
        if answer.choice == street.CHOICE:
            return street.offer(position, decision.side)  # A11.8, D7.211
        if answer.choice == asl_snap.CHOICE:
            return asl_snap.offer(self, position, decision)  # A8.15: the window stays open under it
        if answer.choice == ccreact.CHOICE and decision.side != position.phasing:
            moving = position.state.moving
            assert moving is not None
            view = position.at(position.state.push(decision))
            vehicles = [v for v in ccreact.targets(view, decision.side)
                        if any(True for _ in ccreact.candidates(view, v, decision.side))]
            if len(vehicles) > 1:  # D14.32: the mover and a wave's platoon AFV that entered without its OVR
                return ccreact.pick(position, decision.side, vehicles, decision)
            vehicle = vehicles[0] if vehicles else position.units[moving.units[0]]
            still = vdelay.delaying(position.state) if vehicle.id == moving.units[0] \
                else self._imp_still(vehicle)  # D2.17: delay MP are spent stopped
            return ccreact.offer(position, decision.side, vehicle.id, stopped=still,  # D7.2, D7.21
                                 window=decision)
        return super().move_on(position, decision, answer)

    def can_continue(self, position: Position) -> bool:
        """A8.1: a unit broken, pinned or eliminated by First Fire ends its move in the hex it entered; so
        does a vehicle First Fire immobilizes, shocks or stuns, or whose crew leaves it (D.7, D5.34, D5.5)."""
        moving = position.state.moving
        assert moving is not None
        units = [position.units[u] for u in moving.units if u in position.units]
        stuck = any(armour.is_vehicle(u) and not is_mobile(u.markers) for u in units)
        return bool(units) and not stuck and not any(
            u.has("broken") or u.has("pinned") or u.has("wreck") for u in units) \
            and not asl_berserk.turned(units) \
            and not asl_berserk.off_course(self, position)  # A15.431: it charges from here (berserk now, or
        # a charge whose next hex the facts known now no longer make its way)

    def begin_move(self, position: Position, move: act.Move) -> State:
        """A4.5: Double Time puts a CX counter on the movers; Assault Movement is remembered on them for the
        Defensive First Fire at them (A4.61: no FFNAM). A HIP unit is first placed under a "?" (A12.32)."""
        position = position.at(riders.moved_on(position.state))  # D6.24: bailed riders no longer moving
        position = position.at(asl_aa.moved_on(position.state))  # A12.15: nor bumped AA infantry
        position = position.at(asl_bump.clear(position.state))  # A12.15, A8.1: nor bumped infantry
        if ventry.claims(position, move):
            return ventry.begin(self, position, move)  # A2.51, D2.12: in Motion, its VCA, the entry hex
        if asl_arrival.claims(move):
            return asl_arrival.begin(position, move)  # A2.51: the entry hex is the first hex entered
        if vcrew.is_abandon(position, move):
            return vcrew.abandon(position, move)  # D5.41: the crew leaves; nothing moves
        if vunbog.is_unbog(position, move):
            return vunbog.declare(position, move)  # D8.3: the Bog Removal DR; nothing moves yet
        if vwreck.is_push(position, move):
            return vwreck.push(position, move)  # D10.42: half its MP spent in place; nothing moves
        if wagon.is_gallop(position, move):
            return wagon.gallop(position, move)  # D12.4: CX, x1.5 MF; nothing moves
        if platoon.is_form(position, move):
            return platoon.form(position, move)  # D14.2: nothing moves
        if impulse.is_impulse(move) and move.mode in impentry.MODES:  # D14.212: on from off the map
            state = impulse.apply(position, move)
            came = impentry.came_from(position, position.units[move.units[0]], move.path[0],
                                      move.mode == impentry.IN_REV)
            return vconceal.entered(self, position.at(state), move.units[0], came)  # A12.41, not bypassing
        if impulse.is_impulse(move):
            state = impulse.apply(position, move)  # D14.31: one AFV's action, or the impulse's end
            if move.mode in impulse.ENTRIES:  # A12.41: an AFV's hex entry meets concealed units as any does
                return vconceal.entered(self, position.at(state), move.units[0], move.path[0])
            return state
        if hwaa.is_declared(move):
            return hwaa.go_first(self, position, move)  # D14.331: the AFV parts or goes first; nothing moves
        if radioless.is_ntc(position, move):
            return radioless.declare(position, move)  # D14.23: the NTC; nothing moves yet
        if vce.is_change(position, move):
            return vce.apply(position, move)  # D5.33: CE or BU; nothing moves
        if ddtank.is_lower(position, move):
            return ddtank.lower(position, move)  # D16.11: nothing moves
        if vtow.is_tow(position, move):  # D1.5, D8.32: a hook-up or unhooking; nothing moves
            state = vtow.apply(position, move)
            if vtow.cost(position.units[move.units[0]], move.mode) == 0:
                return state  # D8.32: unhooked from a stuck vehicle for no MP
            what = T("hooking up") if move.mode == "hook" else T("unhooking")
            return vinplace.open_window(position, state, move.units[0], what, "C10.1")  # D3.3
        hidden = asl_hip.in_action(position, move)
        if hidden:
            position = position.at(asl_hip.reveal(self, position.state, hidden, keep_concealed=True))
        from hexmate.rules.games.asl import overrun as vovr

        if hwplt.is_alone(move):  # D14.331: a wave's platoon AFV enters alone in the wave's impulse
            position = position.at(hwplt.begin_alone(position, move))
            move = dataclasses.replace(move, mode=hwplt.driven_mode(position, move))  # D14.31, D2.3: a bypass
        if asl_aa.claims(move):  # D9.31: the AFV leads the move, the infantry marked as with it
            position = position.at(hwaa.bind(self, position, position.state, move))  # D14.332: a HW's AFV
            if asl_hw.wave_of(self, position.state) is not None:  # D7.1, A25.233: its OVR at impulse's end
                position = position.at(hwovr.begin(position, move))
            position = position.at(asl_aa.begin(self, position, move))
            move = dataclasses.replace(move, mode="")
        through, rest = moto.split(move.mode)
        named, rest = vovr.split(position, rest)
        if named and move.units[0] in position.units:  # D7.1, D7.14: the hexes it overruns, named
            marked = vovr.check_named(position, position.units[move.units[0]], move.path, named, through)
            position = position.at(position.state.with_unit(marked))
            move = dataclasses.replace(move, mode=rest)  # never with ``through`` (check_named)
        if through and move.units[0] in position.units:  # D15.43, D7.1: riding through, no OVR
            cycle = moto.check_through(position.units[move.units[0]])
            position = position.at(position.state.with_unit(cycle))
            move = dataclasses.replace(move, mode=rest)
        if move.units[0] in position.units and armour.is_vehicle(position.units[move.units[0]]):
            marked, rest = armour.mark_stops(position, position.units[move.units[0]], move.mode)  # D3.1.2
            position = position.at(position.state.with_unit(marked))
            move = dataclasses.replace(move, mode=rest)
        turret, rest = armour.turret_word(move.mode)  # D3.1.2: a TCA change with the move's first MP
        if turret is not None:
            move = dataclasses.replace(move, mode=rest)
        state = super().begin_move(position, move)
        if move.units[0] in position.units and armour.is_vehicle(position.units[move.units[0]]):
            exiting = move.mode == "exit" or asl_bypass.exits(move.mode)  # D5.341: a Recalled AFV too
            if exiting:
                state = state.with_unit(state.units[move.units[0]].mark("exiting"))
            vmode = edgeexit.vehicle_mode(move.mode) if asl_bypass.exits(move.mode) else move.mode  # A2.6
            gs = self.gstate(state).replace(vmove_start=position.units[move.units[0]],
                                            vmove_mode="" if move.mode == "exit" else vmode)
            if not radioless.radioless(state.units[move.units[0]]):  # D14.24: a radio AFV leaves its platoon
                state = platoon.leave(state, state.units[move.units[0]])
            if vdelay.is_delay(position, move):  # D2.17: spent in place, no start, ESB or breakdown
                return vdelay.turn(position, state.replace(game=gs), move)  # D3.1.2: a TCA with it
            n = len(state.decisions)
            state = armour.begin_move(position, state.replace(game=gs))  # D2.5: ESB before the first hex
            state = armour.turn_at_start(position, state, move.units[0], turret)  # D3.1.2
            if hwaa.joint(self, position.at(state)):  # D14.32: fire at a wave's AFV at the impulse's end
                return state
            return vinplace.start_window(position, state, move.units[0], n)  # D2.12, D3.3: fire at the start
        units = [position.units[u] for u in move.units if u in position.units]
        units = [u for u in units if u.type != "sw"]  # the SW they carry go where they go (A4.43)
        # A2.8: the level of each Location the move enters (a recovery's hex named twice is no level change)
        if move.mode != asl_recover.MODE and asl_stairs.levelled(units, move):
            levels = asl_stairs.levels_of(position.map, units, move)
            path, levels = asl_climb.expand(position.map, move.path, levels)  # one Location a level (A8.1)
            assert state.moving is not None
            state = state.replace(game=self.gstate(state).replace(move_levels=levels),
                                  moving=dataclasses.replace(state.moving, path=path))
        mode = asl_stairs.split_mode(move.mode)[0]
        marker = {"cx": "cx", "assault": "assault", "exit": "exiting", "dash": asl_dash.MARKER,
                  asl_scrounge.MODE: asl_scrounge.MARKER,  # A20.552
                  latedt.MODE: "cx",  # A4.5: Double Time declared late (its allowance: latedt.MARKER)
                  woundcarry.MODE: woundcarry.MARKER}.get(mode)  # A17.2
        if asl_bypass.exits(mode):  # A2.6: leaving by bypass
            marker = "exiting"
        if woundcarry.is_dt(mode):  # A4.5 with A17.2: the carriers Double Time; the carried are carried
            late = (latedt.MARKER,) if mode == woundcarry.LATE_MODE else ()  # A4.5: this move's, +1 MF
            for unit in units:
                marks = ("cx", *late) if unit in woundcarry.walkers(units) else (woundcarry.MARKER,)
                state = state.with_unit(state.units[unit.id].mark(*marks))
        if marker:
            late = (latedt.MARKER,) if mode == latedt.MODE else ()  # A4.5: this move's allowance, +1 MF
            for unit in units:  # not on the SW they carry (A4.43)
                state = state.with_unit(state.units[unit.id].mark(marker, *late))
        movers = units
        if cavwave.charges(position, units, move.path):  # A13.62: a Cavalry Wave enters as a Charge
            mode = cavalry.CHARGE
        state = cavalry.part(position, state, units)  # A13.32: SMC riding along part on counters of their own
        state = cavalry.begin_move(state, units, mode)  # A13.31, A13.36: the horse moved; gallop, CX
        # A15.431: berserk as it starts: a charge, its targets kept to be gone by hex by hex
        state = asl_berserk.begin(self, position, state, [u.id for u in units], move.mode)
        overrun = asl_ovr.check(position, movers, move.path) if asl_ovr.may(movers) else None
        # A4.15: the NTC before entering, taken as the move starts; A15.432: a berserk OVR takes none
        if overrun is not None and not asl_berserk.charging(movers) and not asl_hw.in_wave(movers):
            state = state.push(*reversed(asl_ovr.ntc_decisions(position, movers, overrun)))
        along = asl_bypass.declared(position, move.mode)
        if along is not None:  # A4.3: the route round each bypassed hex, for the fire at it (A4.34)
            routes = asl_bypass.plan(position, movers, move.path, along, exit=asl_bypass.exits(move.mode))
            state, entries = asl_bypass.begin(state, tuple(u.id for u in units), routes)
            gs = self.gstate(state)
            state = state.replace(game=gs.replace(bypass=(*gs.bypass, *entries)))
        return state

    def end_move(self, position: Position) -> State:
        state = position.state
        moving = state.moving
        assert moving is not None
        if moving.units[0] in state.units and armour.is_vehicle(state.units[moving.units[0]]):
            if vdelay.delaying(state):  # D2.17: still stopped, free to act again
                state = vdelay.end(position.at(super().end_move(position)))
            elif (moving.finished and not moving.stopped and moving.units[0] in state.units
                  and state.units[moving.units[0]].has("exiting")):  # A2.6, D5.341: off the map
                state = super().end_move(position)
                vehicle = state.units[moving.units[0]]
                aboard = [u for u in state.units.values() if u.carrier == moving.units[0]]  # they go with it
                recalled = vrecall.forced(vehicle)  # D5.341: no Exit VP (A26.23), no casualty (A26.221)
                how = edgeexit.kind(position, vehicle.at(moving.path[-1]))
                scored = [(u.id, 0 if recalled or how != edgeexit.VC else asl_victory.exit_value(u))
                          for u in (vehicle, *aboard)] if recalled or how != edgeexit.CASUALTY else []
                lost = [] if scored else [vehicle, *aboard]
                for uid in (vehicle.id, *(u.id for u in aboard)):
                    state = state.without_unit(uid)
                state = state.replace(game=edgeexit.record(self.gstate(state), scored, lost))
            elif hwaa.joint(self, position):  # D14.33: it goes on with the wave, non-stopped, no facing asked
                position = position.at(hwplt.unspent_ovr(position))  # A12.41, D7.1: no one left, no OVR MP
                state = hwaa.end_entry(position.at(super().end_move(position)))
            elif vrecall.forced(state.units[moving.units[0]]):  # D5.341: it ends in Motion, no facing asked
                state = armour.end_move(position.at(super().end_move(position)))
                state = vrecall.end_move(position, state, moving.units[0])
            else:
                state = armour.end_move(position.at(super().end_move(position)))  # D2.11 facing, D2.13 stop
                gs = self.gstate(state)
                done = (moving.units[0], moving.path[: moving.at + 1])  # D2.401: where it went this MPh
                paths = (*(p for p in gs.vpath if p[0] != done[0]), done)
                state = state.replace(game=gs.replace(vpath=paths))
            state = hwaa.entered(self, position, state)  # D14.33: the HW units' MF, the AFV's MP, apart
            state = asl_mphsw.vehicle_acts(state, moving.units[0])  # D6.5: no other vehicle's unloaded go on
            return state.replace(game=self.gstate(state).replace(vmove_start=None, vmove_mode=""))
        movers = [state.units[u] for u in moving.units if u in state.units and state.units[u].type != "sw"]
        cx = "cx" if any(u.has("cx") for u in movers) else ""
        if any(u.has(latedt.MARKER) for u in movers):  # A4.5: Double Time declared late for this move
            cx = latedt.MODE
        if woundcarry.declared(movers):  # A17.2: the carry's allowance (A4.5: Double Timed, the carriers CX)
            dt = any(u.has("cx") for u in woundcarry.walkers(movers))
            cx = woundcarry.DT_MODE if dt else woundcarry.MODE
            if any(u.has(latedt.MARKER) for u in woundcarry.walkers(movers)):
                cx = woundcarry.LATE_MODE  # A4.5: Double Time declared as the move went on
        budget = self.group_budget(movers, cx, state, position=position) if movers else 0  # A4.12
        budget += bicycle.bonus(position, movers) if movers else 0  # D15.81
        if moving.finished and isinstance(moving.cost, int | Fraction) and moving.cost > budget:
            for uid in moving.units:  # A4.134: after a Minimum Move, once all First Fire at it is over, a
                unit = state.units.get(uid)  # survivor that is not broken becomes pinned and CX
                if unit is not None and not unit.has("broken"):
                    state = state.with_unit(unit.mark("pinned", "cx"))
        if isinstance(moving.cost, int | Fraction):  # A12.152: a search costs 1 of the MF left
            state = asl_search.moved(self, state, moving, budget - moving.cost)
        state = asl_bypass.end(position.at(state))  # A4.32, A4.33: only a unit stopped there stays bypassing
        exiting = [state.units[u] for u in moving.units if u in state.units and state.units[u].has("exiting")]
        if moving.finished and not moving.stopped and exiting:  # A2.6: they leave the map, never to return
            state = self._leave_map(position, state, exiting)
        named = bool(self.gstate(state).move_levels)
        state = state.replace(game=self.gstate(state).replace(move_levels=()))
        ask = None if named or not movers or not moving.finished or moving.stopped else asl_stairs.ask_level(
            position, [u.id for u in movers if u.id in state.units], moving.destination,
            budget - moving.cost if isinstance(moving.cost, int | Fraction) else 0)
        state = super().end_move(position.at(state))
        spent = moving.cost if isinstance(moving.cost, int | Fraction) else None
        left = budget - spent if spent is not None and moving.finished and not moving.stopped else None
        state = asl_mphsw.after_move(state, [u.id for u in movers], left)  # A4.4: MF left, to go on with
        if position.phase.id == "MPh":  # A4.4: a SW carried once a phase
            state = asl_mphsw.carry_done(state, [u.id for u in movers])
        for unit in movers:  # A4.5: the late Double Time's gain is in those MF left now, counted once
            if unit.id in state.units and state.units[unit.id].has(latedt.MARKER):
                state = state.with_unit(state.units[unit.id].mark(remove=(latedt.MARKER,)))
        if moving.finished and not moving.stopped and movers:  # A13.6: the Charge's attack, at once
            state = cavalry.after_charge(self, position, state, [u.id for u in movers],
                                           moving.destination)
        if moving.finished and asl_ovr.may(movers):  # A4.152: the overrun SMC still there: CC at once
            state = asl_ovr.start_cc(self, position.at(state), moving.units, moving.destination)
        if moving.finished and not moving.stopped and movers \
                and not asl_hw.in_impulse(self, position):  # A20.54 (A25.233: a HW's at the impulse's end)
            state = asl_unarmed.start_cc(self, position.at(state), moving.units, moving.destination)
        state = asl_disrupt.surrender_on_entry(self, position, state, moving.units,
                                               moving.path[1:moving.at + 1])  # A19.12: they surrender
        state = asl_scrounge.after_move(position, state, moving.units, moving.finished, moving.stopped)
        state = asl_hw.after_move(self, position, state, [u.id for u in movers])  # A25.232: the impulse
        went = asl_berserk.spent_so_far(self, position, moving)  # A15.431: gone berserk mid-move
        state = asl_berserk.after_move(self, position, state, [u.id for u in movers], went)
        return state.push(ask) if ask is not None else state  # A2.8: the level, asked on the page

    def finish_move(self, position: Position) -> State:
        """The move is over; infantry bumped back by a concealed enemy may then be First Fired where they stay
        (A12.15: the MF spent trying to enter count as spent there; bump.py)."""
        state = super().finish_move(position)
        return asl_bump.window(self, position.at(state)) if asl_bump.bumped(position.at(state)) else state

    def physical_changes(self, before: State, after: State) -> tuple[Physical, ...]:
        """Besides the core's changes: a unit that gained concealment gets a "?" counter (A12.122)."""
        out = list(alsecret.physical(super().physical_changes(before, after), before, after))  # D3.41
        for uid, new in sorted(after.units.items()):
            old = before.units.get(uid)
            if old is not None and new.concealed and not old.concealed:
                text = T("put a ? counter on {unit} (A12.122)", unit=uid)
                out.append(Physical("place", uid, text, "A12.122", new.hex, "concealment"))
        out.extend(armour.facing_changes(before, after))  # D2.11, D3.12: the table cannot see a facing
        out.extend(crew.changes(before, after))  # D5.6: a surviving crew is a new counter to enrol
        out.extend(vbypass.changes(before, after))  # D2.32: astride a hexside
        out.extend(vtow.changes(before, after))  # D1.5, D8.32: the towed Gun's counter
        out.extend(vwreck.changes(before, after))  # D10.5: scrounged SW
        return tuple(out)

    def seen_entering(self, position: Position, units: tuple[str, ...], h: Hex) -> bool:
        """A12.14: a concealed unit that spends MF without Assault Movement, or enters Open Ground (A10.531)
        in any way, in the LOS of a Good Order enemy ground unit within 16 hexes loses its "?"."""
        movers = [position.units[u] for u in units if u in position.units]
        if not any(u.concealed for u in movers):
            return False
        if all(u.has("assault") for u in movers) and position.map.terrain(h) != "open":
            return False
        return asl_concealment.seen_by_good_order(position, movers[0].side, h)  # Good Order: no dummy

    def _fire_from_ground(self, position: Position) -> Iterator[act.Action]:
        """Infantry fire, units aboard a vehicle in the groups they may form (D6.64, mounted.py)."""
        for action in asl_fire.generate(self, armour.infantry_view(position)):
            if isinstance(action, act.Fire) and any(position.units[u].carrier for u in action.firers
                                                    if u in position.units):
                try:
                    mounted.check(position, [position.units[u] for u in action.firers if u in position.units],
                                  action.target)
                    prcfire.afph_bar(position, action)  # D3.3, D3.5
                except IllegalAction:
                    continue
            yield action

    def secret_of(self, position: Position, action: act.Action) -> str:
        """A12.3: an action naming a HIP unit is listed on its owner's page only (A12.11: so is one that gives
        up a unit's "?", search.py)."""
        return (asl_hip.owner_of(self, position, action) or asl_search.owner_of(position, action)
                or asl_guards.owner_of(position, action))  # A20.5: a guard deploys at any time

    def generate(self, position: Position) -> Iterator[act.Action]:
        on_map = asl_arrival.on_map(position)
        if on_map is not None:  # A2.52: units waiting off the map do nothing but enter
            yield from self.generate(on_map)
            yield from offboard.setups(self, position)  # A2.51: the RPh's first action
            if position.phase.id == "RPh":
                yield from asl_dismantle.generate(position)  # A2.52, A9.8: a SW to start dismantled
            yield from asl_setuplimits.generate(position, off_map=True)  # A2.9: before the set-up
            yield from deployment.generate(position, off_map=True)  # A2.52: with a leader off the map
            yield from asl_arrival.moves(self, position)  # A2.5: in the MPh, or waited for the APh
            yield from ventry.offered(position)  # A2.5, D2.1: vehicles in the MPh only
            yield from vunbog.generate(position, off_map=True)  # D8.3 with A2.51: bogged off the map
            yield from impentry.options(position)  # D14.212: a platoon's AFVs by impulses
            return
        yield from asl_setuplimits.generate(position)  # A2.9: free deployment before play
        state = position.state
        phase = position.phase.id
        if state.decision is not None:  # a reaction window: Defensive First Fire at the mover (A8.1)
            if phase == "MPh" and state.moving is not None and state.moving.units[0] in position.units:
                if hwaa.afv_targets(self, position) and asl_hw.in_impulse(self, position):
                    yield from vfire.generate(position)  # D14.33: the AFV with the wave, a target too
                    yield from mgafv.generate(self, position)  # A9.61 at it, its later MP too (D14.33)
                lead = position.units[state.moving.units[0]]
                if armour.is_vehicle(lead) and not hwaa.joint(self, position):
                    yield from vfire.generate(position)
                    yield from mgafv.generate(self, position)  # A9.61: a MG's AFV Kill attack
                    yield from vmgfire.generate(position)  # A8.1, D3.5: MGs named at the moving vehicle
                    ground = {u.hex for u in (*riders.bailing(position), *asl_aa.bumped_targets(position))}
                    if asl_unarmored.target_of_small_arms(lead):  # A7.308, D6.7: small arms at a truck
                        ground.add(state.moving.here)  # and, collaterally, its passengers (D.8B)
                    if afvresid.moving_afvs(position, state.moving.here, state.decision.side) and \
                            afvresid.armored_only(position, state.moving.here, state.decision.side, (), ()):
                        ground.add(state.moving.here)  # A7.307: an AFV, for the Residual FP (A8.2)
                    if ground:  # First Fire from the ground at riders that bailed out (D6.24), AA infantry
                        # bumped (A12.15), a moving truck and an AFV
                        yield from (a for a in self._fire_from_ground(position)
                                    if isinstance(a, act.Fire) and a.target in ground)
                else:
                    yield from self._fire_from_ground(position)
                    yield from asl_hip.fire_options(self, position)  # A12.31: a HIP unit may fire
                    yield from vmgfire.generate(position)  # A8.1, D3.5: a vehicle's MGs too
                    yield from vft.generate(position)  # A8.1, D3.6: and its FT
                yield from vsmoke.generate(self, position)  # D13.2: smoke after an enemy expenditure
                yield from (a for a in asl_guards.generate(position)  # A20.5: a guard deploys at any time
                            if asl_guards.in_window(position, a))
            return
        yield from asl_search.generate(self, position)  # A12.32 HIP given up; A12.152 Search; A12.153
        yield from asl_guards.generate(position)  # A20.5: a guard squad deploys at any time
        if phase == "MPh" and impulse.under_way(position):  # D14.3: the platoon's MPh first
            yield from impulse.generate(position)
            if not impulse.in_impulse(position):
                yield from vfire.generate(position)  # D14.32: Bounding First Fire at an impulse's end
            parted = impulse.leading(position)
            if parted:  # D14.331: Armored Assault infantry that parted finish their MPh first
                with contextlib.suppress(IllegalAction):
                    yield from self.moves_for(position, parted).values()
            yield from vce.generate(position)  # D14.31: CE/BU costs no MP
            return
        if phase == "MPh":
            yield from hwaa.without_wave_platoon(self, position, impulse.generate(position))  # D14.21, D14.33
            movable = lambda u: (  # noqa: E731
                not armour.is_vehicle(u) and u.carrier is None and u.type != "sw"  # A4.4: no SW moves alone
                and self.can_move(position, u) is None
            )
            for group in stack_groups(position, movable):
                found = self.moves_for(position, group)
                yield from found.values()
                yield from self._exit_offers(position, found)  # A2.6: off the map by an edge hex reached
            for unit in sorted(position.units.values(), key=lambda u: u.id):
                if armour.is_vehicle(unit) and unit.side == position.phasing \
                        and not radioless.barred(position, unit):  # D14.23: not before its NTC
                    found = armour.moves_for(position, unit)
                    yield from found.values()
                    yield from self._exit_offers(position, found)  # A2.6
            yield from overrun.through_offers(position)  # D7.1: the same entries without an Overrun
            yield from asl_aa.generate(self, position)  # D9.31: with an AFV, and where the infantry part
            yield from transport.load_generate(position)  # D6.4, D6.5
            yield from vrecall.unload_offers(position)  # D5.341: a Recalled AFV in Motion stops to unload
            yield from carriers.deploy_generate(position)  # D6.82
            yield from bicycle.generate(position)  # D15.81
            yield from cavalry.generate(self, position)  # A13.31
            yield from horsesplit.generate(position)  # A13.31: one rider off alone; A13.32: led counters
            yield from cyclesplit.generate(position)  # D15.44
            yield from motocapture.generate(self, position)  # D15.7
            yield from vfire.generate(position)  # D3.3: Bounding First Fire between moves
            yield from vmgfire.generate(position)  # D3.3.1: with its MGs too
            yield from vft.generate(position)  # D3.6, D3.3.1: its FT
            yield from vsmoke.generate(self, position)  # D13.2, D13.35
            yield from prcfire.generate(self, position)  # D3.3: and by the units aboard
            yield from vcrew.generate(position)  # D5.41
            yield from vtow.generate(position)  # D1.5, D8.32
            yield from vunbog.generate(position)  # D8.3
            yield from vwreck.push_generate(position)  # D10.42
            yield from wagon.generate(position)  # D12.4: a gallop to declare
            yield from radioless.generate(position)  # D14.23
            yield from platoon.generate(position)  # D14.2
            yield from (a for a in vdelay.generate(position)  # D2.17; D14.23: not before its NTC
                        if not (isinstance(a, act.Move)
                                and radioless.barred(position, position.units[a.units[0]])))
            # D7.14 one hex overrun of several, D3.1.2 a turret turn along the path: after the delay MP, as
            # the page lists them in this order and its list is capped (session.py)
            yield from voffers.offers(position)
            yield from vce.generate(position)  # D5.33
            yield from ddtank.generate(position)  # D16.11
            yield from asl_placedc.generate(self, position)  # A23.3, A23.61: a DC placed
            yield from asl_hw.generate(self, position)  # A25.23: a Human Wave to declare
            yield from cavwave.generate(self, position)  # A13.62: a Cavalry Wave to declare
        elif phase == "APh":
            yield from vce.generate(position)  # D5.33
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
                for n in (*position.map.neighbors(start), start):  # A4.7: a hex across, or a level
                    adv = act.Advance(tuple(sorted(group)), (start, n))
                    if adv in position.legal_actions:
                        yield self.check_advance(position, adv)
                    carried = act.Advance(tuple(sorted(group)), (start, n), None, woundcarry.MODE)
                    if woundcarry.may(state, [position.units[u] for u in group]) \
                            and carried in position.legal_actions:  # A17.2: carrying the wounded SMC
                        yield self.check_advance(position, carried)
                if edgeexit.on_edge(position.map, start):  # A2.6: off the map from any edge hex
                    with contextlib.suppress(IllegalAction):
                        yield self.check_advance(position, act.Advance(tuple(sorted(group)), (start,), None,
                                                                       "exit"))
            yield from aphsw.generate(position)  # A4.43 drops; A4.431 transfers at the APh's start
        elif phase in FIRE_MARKERS:
            yield from self._fire_from_ground(position)
            yield from asl_hip.fire_options(self, position)  # A12.31: a HIP unit may fire
            yield from vfire.generate(position)
            yield from vmgfire.generate(position)  # D3.5
            yield from vfg.generate(self, position)  # D6.64: a halftrack's MGs with infantry
            yield from mgafv.generate(self, position)  # A9.61: a MG's AFV Kill attack
            yield from vft.generate(position)  # D3.6
            yield from asl_dismantle.generate(position)  # A9.8
            yield from asl_swdestroy.generate(position)  # A9.73
            yield from oppfire.generate(position)  # A7.25: in the PFPh
            yield from caend.generate(position)  # D3.1.2: the TCA/VCA at the phase's end
        elif phase == "CCPh":
            done = self.gstate(position.state).cc_done  # A11.31: a Location's sequential CC is over
            yield from (a for a in vfire.cc_generate(position)
                        if not (isinstance(a, act.Fire) and a.target in done))  # A11.5
            yield from (a for a in tankflip.generate(position) if a.target not in done)  # A25.935
        elif phase == "RPh":
            yield from carriers.combine_generate(position)  # A1.32, D6.82
            yield from deployment.generate(position)  # A1.31
            for unit in sorted(position.units.values(), key=lambda u: u.id):
                rally = act.Rally(unit.id)
                if unit.has("broken") and rally in position.legal_actions:
                    yield rally
            yield from rphase.generate(position)  # A9.72 repair, A4.431 transfer, A4.44 recovery
            yield from vrepair.generate(position)  # D3.7: a vehicle's malfunctioned weapons
            yield from motocapture.generate(self, position)  # D15.7
            yield from vwreck.generate(position)  # D10.5: scrounging

    def end_phase(self, position: Position) -> State:
        state = super().end_phase(position)
        if state.over:  # A26.15: HIP units declare the control they hold now, and count where they stand
            state = asl_victory.at_end(self, position.at(state))
        return state

    def on_phase_end(self, position: Position) -> State:
        position = position.at(impulse.end_of_mph(position))  # D14.31: a platoon still moving stops here
        state = fire_groups.phase_over(platoon.broken_up(position))  # A7.55, A7.7; D14.22
        state = asl_mgca.phase_over(position, state)  # A9.21: the MMG/HMG CA counters
        state = caend.phase_over(position, state)  # D3.1.2: the arcs declared for a fire phase's end
        phase = position.phase.id
        remove: tuple[str, ...] = ()
        if phase == "DFPh":
            remove = ("first_fire", "final_fire")  # A3.4: First and Final Fire counters go at its end
            state = asl_aa.end_of_turn(state)  # D9.31: the Armored Assault TEM lasts to the DFPh's end
            fired = tuple(u.id for u in state.units.values() if u.has("first_fire") or u.has("final_fire"))
            gs = self.gstate(state)
            state = state.replace(game=gs.replace(turn_acted=(*gs.turn_acted, *fired)))  # A14.4
        elif phase == "AFPh":
            # A3.5; D2.1: no longer a moving target; D3.3: the Bounding Fire counter goes with the others
            remove = ("prep_fire", "advancing_fire", "entered", "bounding_fire", *vmgfire.MARKERS,  # D3.5
                      oppfire.MARKER, oppfire.MOVED)  # A7.25, A4.41
            state = vmgfire.turn_over(state)  # D3.5: the hexes its MGs fired at
            state = asl_berserk.end_of_afph(position, state)  # A15.46: its Location cleared by its TPBF
        elif phase == "MPh":
            gs = self.gstate(state)
            state = state.replace(game=gs.replace(turn_acted=(*gs.turn_acted, *state.moved)))  # A14.4
            # D2.401: a Motion attempt once per enemy MPh; A4.33, A4.63: bypass and Dash end with it; D7.2
            remove = ("no_dt", "assault", "exiting", vmotion.TRIED, asl_dash.MARKER, asl_bypass.MARKER,
                      asl_scrounge.MARKER,  # A20.552: one Scrounge DR per hex per MPh
                      woundcarry.MARKER,  # A17.2: the carry is that move's
                      latedt.MARKER,  # A4.5: a late Double Time's allowance is its move's
                      *reaction.PHASE_END, vce.PLACED, vce.REMOVED,  # D5.33: one phase's CE changes
                      radioless.PASSED, radioless.FAILED,  # D14.23: one MPh's NTC
                      bicycle.BONUS, moto.THROUGH,  # D15.81: one MPh's road bonus; D15.43: no OVR
                      riders.BAILING, asl_aa.BUMPED,  # D6.24, A12.15: First Fire at them is over
                      asl_bump.BUMPED)
            state = asl_berserk.end_of_mph(position, state)  # A15.46: no Known enemy in LOS after the charge
            state = asl_berserk.end_of_mph_markers(asl_bump.clear(state))  # A15.431; A12.15's MF spent
            state = asl_bypass.end_of_phase(self, position.at(state))  # A12.151
            state = vconceal.end_of_mph(position.at(state))  # A12.42: a vehicle stopped in bypass
            state = asl_ovr.end_of_phase(self, state)  # A4.152: the CCPh fights what an Overrun left
            state = state.replace(game=self.gstate(state).replace(bypass=()))
            state = asl_smoke.end_of_mph(self, state)  # A24.11
            state = asl_mphsw.end_of_mph(state)  # A4.44: the MPh's recovery attempts and MF left
            state = oppfire.end_of_mph(state)  # A4.41: the heavy weapons moved in this MPh
            state = asl_residual.cleared(state)  # A8.2, A9.223
            state = vwreck.end_of_mph(state)  # D10.42: pushed wrecks go after the MPh
            state = armour.end_of_mph(state)  # D2.1, D6.4: MP spent and loading limits are this MPh's
            state = vmud.end_of_mph(state)  # D8.23: one secret bog DR a vehicle and MPh
            state = cavalry.mph_over(state)  # A13.31, A13.36: one MPh's horse marks
            state = vsmccrew.end_of_mph(state)  # A21.22: a lone SMC crew's "moved" for the Player Turn
            gs = self.gstate(state)
            state = state.replace(game=gs.replace(vpath=(), imp_mp=(), began=()))  # D2.401; A4.42
            state = reaction.phase_over(state)  # D7.21
            state = asl_arrival.end_of_mph(position.at(state))  # A2.5: entries barred in this MPh
        elif phase == "APh":
            remove = (vce.PLACED, vce.REMOVED)  # D5.33: one phase's CE changes
            state = aphsw.end_of_aph(state)  # A4.4: the APh's carriers
            state = state.replace(game=self.gstate(state).replace(began=()))  # A4.42: the APh's stacks
        elif phase == "CCPh":
            # A3.8: PIN counters go at the end of the Player Turn; A7.35: so does a SW user's lost inherent FP
            remove = ("pinned", "cc", "no_fire", "ti", vreentry.LEFT, "sn_fired",  # A4.8; D5.42; A11.622
                      vsmoke.TRIED, cavalry.DISMOUNTED,  # D13.2: once per player turn; A13.5
                      latedt.CONVEYED,  # A4.5: no Double Time in the Player Turn it boarded, rode, unloaded
                      cavwave.TURN,  # A13.62, A25.23: a Cavalry Wave's Lax lasts the Player Turn
                      ftdc.USED)  # A22.3: a FT or DC once a Player Turn
            state = vcrewhit.end_player_turn(state)  # D5.34, D5.341: STUN to "+1", Recall to "Recall; +1"
            state = vcapture.end_of_ccph(state)  # A21.2: abandoned AFVs taken by the infantry there
            state = vcapcc.end_of_ccph(state)  # A21.2: the CC's order-keeping marker goes
            state = vsmccrew.end_of_turn(state)  # A21.22
            state = asl_berserk.end_of_ccph(position, state, self.gstate(state).cc_done)  # A15.46
            state = asl_disrupt.end_of_ccph(state)  # A19.12: a Disrupted unit still in Melee is eliminated
            state = asl_hw.end_of_player_turn(state)  # A25.23: morale +1 and Lax for the Player Turn
            gs = self.gstate(state)
            state = state.replace(game=gs.replace(cc_entered=(), cc_advanced=(), cc_done=(), cc_hex=None,
                                                  conceal_done=False, paatc=(), cc_from=(),  # A11.6, A11.8
                                                  snipers_pinned=(), turn_acted=()))  # A14.31, A14.4
        elif phase == "RPh":
            remove = ("rally_tried", *rphase.PHASE_END_MARKERS,  # A3.1: one RPh action per unit, per RPh
                      *vrepair.TRIED,  # D3.7: one repair dr per vehicle weapon per RPh
                      *deployment.PHASE_END)  # A1.32: the combining leader's
            # A10.62: DM counters go at the end of the RPh, but a unit outside woods or a building keeps its
            # own so that it may rout again in the coming RtPh
            for unit in list(state.units.values()):
                if unit.has("dm") and (
                    unit.hex is None or position.map.terrain(unit.hex) in asl_rally.RALLY_TERRAIN
                ) and not (unit.hex is not None and vmgfire.overstacked(position, unit.hex, unit.side)):
                    state = state.with_unit(unit.mark(remove=("dm",)))  # A10.62: overstacked ones keep it
            broken = tuple(sorted(u.id for u in state.units.values() if u.has("broken")))
            state = state.replace(game=self.gstate(state).replace(self_rallied=(), broken_old=broken))
        state = vwreck.blazes(position, state)  # D10.41
        state = asl_victory.update(self, position.at(state))
        if phase != "RPh":  # A10.62: a unit newly broken this Player Turn is DM
            old = self.gstate(state).broken_old
            for uid, unit in state.units.items():
                if unit.has("broken") and uid not in old and not unit.has("dm"):
                    state = state.with_unit(unit.mark("dm"))
        remove = (*remove, "bailed", "unloaded", "hazardous", "setting_dc")  # D5.6, D6.24, D9.3, A4.62, A23.7
        remove = (*remove, passrout.BENEATH)  # D6.1: a passenger's rout beneath its vehicle is that RtPh's
        remove = (*remove, asl_rout.ROUTED)  # A10.5: a unit's one rout is that RtPh's
        remove = (*remove, rphase.RECOVERED)  # A4.44: passed on again after the phase it was recovered in
        remove = (*remove, vmgfire.MG_ONLY, "rof_kept")  # D3.5: a gun's leave to fire again is that phase's
        units = {uid: u.mark(remove=remove) for uid, u in state.units.items()}
        return state.replace(units=units)

    def on_phase_start(self, position: Position) -> State:
        state = position.state
        phase = position.phase.id
        if phase in ("MPh", "APh"):  # A4.42: where each unit began the phase
            state = state.replace(game=self.gstate(state).replace(began=asl_portage.record(state)))
            position = position.at(state)
        if phase == "PFPh":  # A24.4: the phasing side's dispersed white SMOKE (D13) goes now
            state = vsmoke.expire(self, state, position.phasing)
            position = position.at(state)
        if phase in ("PFPh", "DFPh", "AFPh"):  # A20.4: a berserk unit with prisoners massacres them first
            state = prisoners.berserk_massacre(self, position)
            position = position.at(state)
        if phase == "MPh":
            state = asl_berserk.start_of_mph(self, position)  # A15.45: nothing to reach: Battle Hardening
            position = position.at(state)
            # A4.51: a CX counter goes during the unit's next own Player Turn, after its Prep Fire and at the
            # latest as it starts moving; one gone by the start of the MPh forbids Double Time in it.
            phasing = position.phasing
            units = {
                uid: u.mark("no_dt", remove=("cx",)) if u.side == phasing and u.has("cx") else u
                for uid, u in state.units.items()
            }
            return bicycle.mph_start(position, state.replace(units=units))  # D15.81: the road bonus
        if phase == "RtPh":
            asked = volbreak.start(self, position.at(state))  # A10.41: voluntary breaks come first
            return asked if asked is not None else self.rtph_start(position.at(state))
        if phase == "CCPh":  # A11.12: every Location holding both sides, the ATTACKER choosing the order
            position = position.at(vdriver.start_of_ccph(state))  # A11.52, A21.21: unarmed vehicles taken
            return asl_escape.offer(self, position, asl_cc.next_location(self, position))  # A20.55 first
        if phase == "RPh":  # B25.65: the Wind Change DR; A24.62: gusts at the start of the RPh
            return asl_wind.start_rph(self, position)
        if phase == "AFPh":  # A24.62: and again at the start of the following AFPh; A23.4: placed DCs
            state = asl_berserk.start_of_afph(position)  # A15.46: who is berserk with an enemy there
            return asl_placedc.at_afph(position.at(asl_wind.gust(self, state)))
        return state

    def rtph_start(self, position: Position) -> State:
        """The RtPh after any voluntary break (A10.41): DM, the reveals, the surrenders and the routs."""
        state = passrout.rout_beneath(position)  # D6.1: broken passengers of a crewless vehicle, beneath it
        # A10.62: a broken unit that must rout (beside a Known armed enemy, or in its LOS and normal range
        # in Open Ground) is DM
        for unit in list(state.units.values()):
            if asl_rout.must_rout(position.at(state), unit) and not unit.has("dm"):
                state = state.with_unit(unit.mark("dm"))
        # A10.533: a "?" beside a broken enemy may reveal first; A20.21: surrenders, then routs
        return asl_rtreveal.start(self, position.at(state))

    def check_end(self, position: Position) -> None:
        asl_arrival.check_end(position)  # A2.5: the units due come on this turn
        ventry.check_end(position)  # A2.5, D2.1: a vehicle due comes on in its MPh (D16.8 excepted)
        asl_berserk.check_end(self, position)  # A15.43: a berserk unit's charge is owed
        asl_hw.check_end(self, position)  # A25.232: a Human Wave goes on
        vrecall.check_end(position)  # D5.341: a Recalled AFV moves off before the MPh ends
        commissar.check_end(position)  # A25.222: the rallies a commissar owes are tried

    def phase_over(self, position: Position) -> bool:
        """The Rout Phase ends once every rout is done; the CCPh when no Location holds both sides (A3.8)."""
        phase = position.phase.id
        if phase == "RtPh":
            return True
        if phase == "CCPh":
            gs = self.gstate(position.state)
            if asl_cc.vehicle_locations(position):
                return False  # A11.5: CC against a vehicle is declared; the players end the phase
            return gs.conceal_done and all(h in gs.cc_done for h in asl_cc.locations(position))
        return False

    def marker_text(self, position: Position, marker: str) -> str | None:
        return asl_markers.phrase(marker, position.label)  # every marker a cited phrase (markers.py)

    def status(self, position: Position) -> list[str]:
        lines = asl_victory.status(self, position) + prisoners.status(self, position)
        lines += asl_bypass.status(position) + asl_wind.status(self, position)  # A4.3; A24
        lines += asl_residual.status(position) + fire_groups.status(position)  # A8.2, A9.22; A7.7
        lines += asl_berserk.status(self, position)  # A15.43: the charges owed
        lines += commissar.status(position)  # A25.222: the rallies a commissar owes
        lines += integrity.status(position)  # A16: the Casualty Tally and ELR, shown to both
        lines += vmudoff.status(position)  # D8.23, A2.51: vehicles bogged off the map
        return lines + asl_smoke.status(self, position)

    def location_los(self, position: Position, a: Hex, b: Hex) -> LosResult | None:
        """A6 between the Locations of the units at a and b (their level, A2.8) with SMOKE (A24); for the
        pages, so a concealed unit's level is not used (it would tell where it is, A12)."""
        la, lb = (asl_terrain.level_at(position, h, seen_only=True) for h in (a, b))
        return asl_terrain.location_los(position, a, b, la, lb)

    def los_check_refused(self, position: Position) -> T | None:
        """A6.11: during play no player checks LOS for an attack before declaring it (the table checks it
        when the fire is declared, and a blind shot counts as fired, blindshot.py). A teaching scenario may
        allow checks at any time with ``options.free_los_checks`` (the demo does, as an SSR in its notes)."""
        if position.scenario.options.get("free_los_checks") is True:
            return None
        return T("LOS is checked only for a declared attack (A6.11): declare the fire and the table checks "
                 "it. A teaching scenario may allow free checks (options.free_los_checks)")

    def marks(self, position: Position) -> dict[Hex, str]:
        return asl_residual.marks(position)  # A8.2, A9.22: lit while they last

    def show(self, position: Position, words: list[str]) -> tuple[dict[Hex, str], str]:
        return armour.show_arc(position, words)  # D3.1: a vehicle's covered arcs on the LEDs

    def sealed_words(self, position: Position) -> frozenset[str]:
        return alsecret.sealed_words(position)  # D3.41: which AFV an Armor Leader commands

    def sealed_units(self, position: Position) -> Mapping[str, str]:
        """A12.11, A12.12: the enemy may not look under a "?" (a concealed unit or a dummy) and the set-up is
        made out of its sight: who each is stays sealed in the record until the game ends. A12.1: the enemy
        does see which hex a "?" is on."""
        return {u.id: u.side for u in position.units.values() if u.concealed}

    def outcome(self, position: Position) -> Outcome | None:
        sides = {u.side for u in position.units.values() if not prisoners.is_prisoner(u)}
        if len(sides) == 1:
            (winner,) = sides
            return Outcome(winner, "the enemy has no units left")
        if position.state.over:
            won = asl_victory.winner(self, position)
            if won is not None:
                return Outcome(*won)
        return super().outcome(position)
