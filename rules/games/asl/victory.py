"""ASL victory (A26): Location, hex and building control, Casualty VP and Exit VP, computed as play goes on.

A scenario states its conditions in ``options.victory`` (checked when the game starts)::

    {"buildings": {"village-R5": ["DR5"], ...},   # building name -> its hexes (A26.14)
     "hexes": ["DR9", {"board": "4"}, ...],        # hexes whose control counts (A26.13), whole boards too
     "control": {"rus": ["village-R5", "DR9"]},    # what each side controls at the start (A26.11)
     "exit": {"side": "ger", "hexes": [edge hexes, {"board": "4"}], "vp": 6},  # a board: its map-edge hexes
     "areas": {"board-4": [{"board": "4"}], ...},   # named areas: hex labels and whole boards (A2.3)
     "win": {"side": "ger", "buildings": 3, "hexes": 1, "cvp": 10, "exit": true,
             "clear": "board-4", "occupy": "board-4"}}  # all named must hold

The audit of A26 against the original text, rule by rule (paraphrased; where and which test):

- A26.1 control VC; control, once gained, lasts until the enemy actively gains it: ``update`` keeps what it
  does not change (test_victory: mid-move, blocked, end scoring).
- A26.11 start: the scenario's ``control`` is the set-up areas' control; when only one side sets up on the map
  at the start it controls every listed building and hex the scenario does not give (``initial_control``;
  test_a26_13_only_ground_level_gains_the_hex); units the scenario brings on later (``options.entry``, A2.5,
  and those aboard them) are off the map then and do not count, a HIP unit does (it is set up on the map)
  (test_a26_11_a_side_whose_units_all_come_on_later_holds_nothing_at_the_start); nor does a DD tank its owner
  holds off the map before play (D16.8, ventry.resume_hold recomputes the start control;
  test_a26_11_a_dd_tank_held_off_the_map_holds_nothing_at_the_start). Gain: an armed Good Order Infantry
  MMC occupies it with no armed enemy ground unit there, even in the middle of a move, never while bypassing
  (``_gains``, ``_blocks``; a broken enemy is still armed and blocks, as the text's 22U3 example says:
  test_a26_11_a_broken_enemy_blocks). A vehicle or its crew never gains a building; a non-bypassing armed
  vehicle blocks its hex and building; one bypassing a building blocks the hex, not the building
  (test_a26_11_vehicles_block_but_never_gain_a_building). Built now. A successful Mop-Up (A12.153, search.py)
  gains the building and its listed hexes. Not built: underground units (sewers, B8) and row houses' separate
  Mop-Up (B23.71): chapter B.
- A26.12 a non-bypassing armed vehicle alone (no armed enemy there) controls a single-Location hex only while
  it stays: ``holder`` overlays it on the lasting control and the hex reverts when it leaves (built now,
  test_a26_12_a_vehicle_holds_a_hex_while_there). Its Location inside a multi-Location hex: not tracked
  (control is kept per building and hex here, not per Location).
- A26.13 hex control: only a Good Order Infantry MMC at ground level gains a hex (built now,
  test_a26_13_a_hex_is_gained_by_an_mmc_and_scored_at_the_end, test_a26_13_the_22u3_example).
  A26.131 bridges (B6), A26.132 pillboxes (B30.91): chapter B, not built (the terrain charts here have no
  bridge or pillbox).
- A26.14 buildings: any hex of it, no need to enter every hex or level (built; rooftops and sewers are chapter
  B's and not on these maps); row houses as one building: the scenario lists its hexes as one.
- A26.15 dummies neither gain nor block; a concealed real unit does both (built). A HIP unit gains and
  blocks too, but its owner need not declare that until the end: ``update`` keeps the real control apart
  (``AslState.hip_control``, the HIP units on their secret hexes) while the shared ``control`` and the Now
  panel read as if they were not there (A12.3). When the scenario ends (``at_end``) every HIP unit left is
  placed on its hex, Known (A12.31), and the real control becomes the control, so every end-of-game check
  (buildings, hexes, clear, occupy) reads the real units
  (test_a26_15_a_hip_squad_holds_its_victory_hex_at_the_end,
  test_a26_15_a_hip_squad_keeps_the_enemy_from_gaining_its_building). CVP and Exit VP need no reveal: a HIP
  unit is a unit of the game, not eliminated, and it cannot exit without moving (A12.32).
- A26.16, A26.161, A26.162 loss of control by deliberate or accidental fire (Kindling B25.11, Blazes B25):
  chapter B, not built; there is no fire on these maps.
- A26.2 VP; A26.21 a unit's VP follow its current values (a leader's changed leadership, a disabled MA):
  ``unit_vp`` reads the unit as it is (test_a26_212_the_texts_vehicles), and a unit eliminated scores the VP
  it had then, not its set-up value; a change of value is no casualty by itself (``vp_lost``;
  test_a26_21_a_9_2_replaced_by_a_9_1_then_eliminated_scores_2).
- A26.211 squad and crew 2, HS 1, leader (an Armor Leader too) 1 + the size of a negative leadership modifier,
  a wounded leader unchanged, hero 1 but no Exit VP (``vp``, ``exit_value``; test_cvp_values,
  test_a26_211_a_hero_or_a_broken_unit_scores_no_exit_vp). An LC crew (G12.114) is chapter G.
- A26.212 vehicle: 1 + 1 for a working MA + (AFV) 1 per 5 of its highest AF, fractions up, AF 0 counting 1 +
  its inherent crew's 2 and any Armor Leader's VP; motorcycles none; a non-vehicular Gun 2 (``vehicle_vp``;
  test_a26_212_the_texts_vehicles start from the text's KV-1E 7, unarmed truck 1, AA truck 4 and the abandoned
  KV-1E's 4). Aircraft, Goliaths, boats, gliders, desert values (F.3): chapters E-G.
- A26.213 inherent SMC/MMC are worth the same as counters (the crew term above; a crew counter that left its
  vehicle (D5.4) scores its 2 VP as a counter once eliminated); a carrier's inherent HS (D6.82) 2: inside
  its carrier it is the crew term; the HS counter that left it (crew.bail_out marks it ``inherent_hs``) scores
  2 as well. Combined into a squad it is that squad (2); the HS such a squad deploys into are ordinary HS
  (1 each: reading them as 2 would make a squad's Deployment worth more than the squad;
  test_a26_213_a_carrier_s_inherent_hs_scores_2).
- A26.22 CVP kept as play goes on and shown on the Now panel (``cvp``, ``status``): after every play the
  ledger ``vp_lost`` (AslState) records each unit that left play with its VP then, and each squad Casualty
  Reduced to its HS (the VP lost), not a Deployment, an underscored squad's split Replacement or a
  recombination (test_a26_22_the_ledger_counts_eliminations_and_reductions_only). Units created in play (a
  leader, A18.1; a second HS; a crew counter) score when eliminated like the scenario's own.
- A26.221 every enemy unit eliminated scores its VP; leaving the map (A2.6, any edge hex) counts as
  elimination except a Recall, guards with their prisoners, and exits the VC ask: every exit is in
  ``exited``, a casualty exit in ``vp_lost`` too (edgeexit.py; test_edgeexit); broken, wounded,
  malfunctioned, Immobilized units or a disabled MA score nothing (vehicles score only when destroyed or
  captured; test_a26_221_a_disabled_ma_is_no_casualty_a_wreck_is).
- A26.222 prisoners and captured vehicles score their normal VP during play and double once the scenario is
  over (built now: the doubling used to be applied during play; test_a26_222_captured_double_at_the_end); a
  captured vehicle destroyed later keeps its captor's normal VP; a guarded prisoner eliminated by its own
  side's attack gives the captor double at once (guards.after_play records it;
  test_a26_222_a_prisoner_killed_by_its_own_side). Not built: Chinese x4 (G18.44).
- A26.23 Exit VP: the VP the unit had when it left through the exit hexes; Recalled vehicles and broken
  personnel give none (game.py's move end); a captured enemy unit exited counts double at the end.
- A26.3 avoidance: a side with no VC wins by stopping the other's (``winner``: every condition ``win``
  names, buildings, hexes, CVP, Exit VP, must hold at the end; test_a26_3_exit_vp_decides_the_game).
- A2.3 a VC about occupying a board: ``areas`` names it (``{"board": id}`` items, boardarea.py: a half hex
  counts only where it does not join a half hex of a board outside the area); ``win.clear`` asks that no armed
  Good Order enemy MMC stands in it at the end, ``win.occupy`` that one of the side's own does (the common
  "no Good Order enemy MMC on board X" and "occupy board X" forms; test_boardarea). The Now panel shows each
  as it stands (``area_status``); the panel is shared by both sides, so a "?" (a concealed unit or a dummy,
  A12.1) is counted only as a "?", never as an MMC, and a HIP unit (off the shared state) not at all until
  the end, when it stands on its hex and counts (``at_end``;
  test_a2_3_a_hip_squad_on_the_board_keeps_it_from_being_clear_at_the_end).
  ``hexes`` and ``exit.hexes`` take whole boards too: every hex of the area (each a victory hex of its own,
  A26.13) and the area's map-edge hexes (as entry does, arrival.py).
- A26.4 Balance: chosen before play by the players' drs; nothing to compute in play, not built.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import boardarea, hip
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.maps import HexMap
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame
    from hexmate.rules.games.asl.vehicles import VehicleType

MMC = ("squad", "hs", "crew")
NO_VP_MOVEMENT = ("motorcycle",)  # A26.212: motorcycles (Goliaths, boats, gliders: not on these maps)
CONDITIONS = ("buildings", "hexes", "cvp", "exit", "clear", "occupy")  # "exit": true: the exit spec's vp
WIN_KEYS = ("side", *CONDITIONS)
BUILDING_TERRAIN = ("wooden-building", "stone-building", "building")  # several Locations (armour.py)
SHOWN = 12  # the Now panel names at most this many controlled victory hexes (a whole board has hundreds)


def vp(counter_type: str, values: Mapping[str, int | str]) -> int:
    """A26.211: squad and crew 2, HS 1, a leader 1 + the size of a negative leadership modifier, hero 1;
    A26.212: a non-vehicular Gun 2. A SW or a dummy is worth nothing (A26.2 names no value for them)."""
    if counter_type in ("squad", "crew", "gun"):
        return 2
    if counter_type in ("hs", "hero"):
        return 1
    if counter_type == "leader":
        lead = int(values.get("leadership", 0) or 0)
        return 1 + max(0, -lead)
    return 0


def vehicle_vp(vt: VehicleType, *, ma_working: bool, crew: bool, leadership: int | None = None) -> int:
    """A26.212: 1, +1 for an MA neither malfunctioned nor disabled, and for an AFV 1 per 5 of its highest AF
    (fractions rounded up; an AF of 0 counts 1); A26.211, A26.213: + 2 for the inherent crew inside and an
    Armor Leader's VP (``leadership``). Motorcycles are worth none."""
    if vt.movement in NO_VP_MOVEMENT:
        return 0
    total = 1 + (1 if vt.ma is not None and ma_working else 0)
    if vt.armored:
        af = max(x for x in (vt.hull_front, vt.hull_side, vt.turret_front, vt.turret_side) if x is not None)
        total += max(1, math.ceil(af / 5))
    if crew:
        total += 2
    if leadership is not None:
        total += 1 + max(0, -leadership)
    return total


def unit_vp(unit: UnitState) -> int:
    """A26.21: the VP of the unit as it is now (a vehicle's crew, MA and Armor Leader as they stand)."""
    if unit.type == "hs" and unit.has("inherent_hs"):
        return 2  # A26.213: a carrier's inherent HS (D6.82, carriers.INHERENT_HS)
    if unit.type != "vehicle":
        return vp(unit.type, unit.values)
    from hexmate.rules.games.asl import armorldr, vcrew
    from hexmate.rules.games.asl.armour import vtype

    vt = vtype(unit)
    if unit.has("wreck"):  # A26.221: destroyed; its crew went with it unless it survived as a counter
        crew = _armed_vehicle(vt) and not unit.has("crew_survived") and not unit.has("abandoned")
        led = None
    else:
        crew = vcrew.has_crew(unit)
        led = armorldr.leader(unit) if not unit.values.get("inexperienced_crew") else None
    return vehicle_vp(vt, ma_working=not (unit.has("ma_malf") or unit.has("disabled")), crew=crew,
                      leadership=led[1] if led else None)


def _armed_vehicle(vt: VehicleType) -> bool:
    """D5.1 (as vcrew.has_crew): a vehicle with an MA or a MG has an inherent crew, an unarmed one none."""
    return vt.ma is not None or bool(vt.bmg or vt.cmg or vt.aamg)


def exit_value(unit: UnitState) -> int:
    """A26.23: the Exit VP of a unit leaving through the exit hexes: its VP then, none for a broken one;
    A26.211: a hero scores none (only in a seaborne evacuation, G14.42, not on these maps)."""
    if unit.has("broken") or unit.type == "hero":
        return 0
    return unit_vp(unit)


def check(options: Mapping[str, Any], hexes: Mapping[str, Hex], source: str) -> None:
    """A clear error naming the scenario and key for a malformed ``options.victory``."""
    raw = options.get("victory")
    if raw is None:
        return
    where = f"{source}: options.victory"
    if not isinstance(raw, dict):
        raise DataError(f"{where} must be an object")
    unknown = set(raw) - {"buildings", "hexes", "control", "win", "exit", "areas"}
    if unknown:
        raise DataError(f"{where}: unknown key(s) {sorted(unknown)}")
    buildings = raw.get("buildings", {})
    for name, cells in buildings.items():
        for label in cells:
            if label not in hexes:
                raise DataError(f"{where}.buildings.{name}: {label!r} is not a hex of the map")
    listed = raw.get("hexes", [])
    _labels_and_boards(listed, f"{where}.hexes")
    for label in listed:
        if isinstance(label, dict):
            continue  # a whole board: checked against the map by ``check_areas``
        if label not in hexes:
            raise DataError(f"{where}.hexes: {label!r} is not a hex of the map")
        if label in buildings:
            raise DataError(f"{where}.hexes: {label!r} is also a building's name")
    exit_spec = raw.get("exit", {})
    if not isinstance(exit_spec, dict) or set(exit_spec) - {"side", "hexes", "vp"}:
        raise DataError(f"{where}.exit: an object with side, hexes and vp")
    _labels_and_boards(exit_spec.get("hexes", []), f"{where}.exit.hexes")
    for label in exit_spec.get("hexes", []):
        if isinstance(label, str) and label not in hexes:
            raise DataError(f"{where}.exit.hexes: {label!r} is not a hex of the map")
    boards = any(isinstance(x, dict) for x in listed)  # its hexes' names are known with the map (check_areas)
    for side, names in raw.get("control", {}).items():
        for name in names:
            if name not in buildings and name not in listed and not (boards and name in hexes):
                raise DataError(f"{where}.control.{side}: {name!r} is not one of the buildings or hexes")
    win = raw.get("win", {})
    if not isinstance(win, dict) or set(win) - set(WIN_KEYS):
        raise DataError(f"{where}.win: an object with side and any of buildings, hexes, cvp, exit, clear, "
                        f"occupy")
    areas = raw.get("areas", {})
    if not isinstance(areas, dict):
        raise DataError(f"{where}.areas: area name -> a list of hex labels and {{\"board\": id}} (A2.3)")
    for key in ("clear", "occupy"):
        if key in win and win[key] not in areas:
            raise DataError(f"{where}.win.{key}: {win[key]!r} is not one of the areas {sorted(areas)}")


def _labels_and_boards(items: Any, where: str) -> None:
    """A list of hex labels and whole boards, ``{"board": id}`` (A2.3); DataError naming ``where``."""
    if not isinstance(items, list):
        raise DataError(f"{where}: a list of hex labels and {{\"board\": id}} (A2.3)")
    for i, item in enumerate(items):
        if isinstance(item, dict) and (set(item) != {boardarea.KEY}
                                       or not isinstance(item[boardarea.KEY], str)):
            raise DataError(f"{where}[{i}]: a whole board is {{\"board\": id}} (A2.3)")
        if not isinstance(item, (str, dict)):
            raise DataError(f"{where}[{i}]: a hex label or {{\"board\": id}} (A2.3)")


def check_areas(scenario: Any, hex_map: HexMap) -> None:
    """The whole boards of ``options.victory`` against the map (``areas``, ``hexes``, ``exit.hexes``): an
    unknown board names the file and the key; a control name among a board's hexes is checked here."""
    for name, items in _areas_raw(scenario.options).items():
        boardarea.resolve(hex_map, items, f"{scenario.source}: options.victory.areas.{name}")
    raw = scenario.options.get("victory")
    if not isinstance(raw, dict):
        return
    where = f"{scenario.source}: options.victory"
    listed = _victory_hexes(hex_map, raw.get("hexes", []), f"{where}.hexes")
    exit_spec = raw.get("exit", {})
    _exit_hexes(hex_map, exit_spec.get("hexes", []) if isinstance(exit_spec, dict) else [],
                f"{where}.exit.hexes")
    buildings = raw.get("buildings", {})
    if any(isinstance(x, dict) for x in raw.get("hexes", [])):
        for label in listed:
            if label in buildings:
                raise DataError(f"{where}.hexes: {label!r} is also a building's name")
        for side, names in raw.get("control", {}).items():
            for name in names:
                if name not in buildings and name not in listed:
                    raise DataError(f"{where}.control.{side}: {name!r} is not one of the buildings or hexes")


def _victory_hexes(hex_map: HexMap, items: list[Any], where: str) -> Mapping[str, Hex]:
    """A26.13's victory hexes by label: the labels listed, then every hex of the boards listed (one area,
    A2.3's half hexes as boardarea.py counts them), each a victory hex of its own."""
    def make() -> dict[str, Hex]:
        boardarea.resolve(hex_map, items, where)  # an unknown board or label, named by its place
        out = {label: hex_map.parse_label(label) for label in items if isinstance(label, str)}
        boards = [x for x in items if isinstance(x, dict)]
        if boards:
            for h in sorted(boardarea.resolve(hex_map, boards, where), key=lambda h: (h.q, h.r)):
                out.setdefault(hex_map.label(h), h)
        return out

    return boardarea.memo(hex_map, f"victory-hexes:{items!r}", make)


def _exit_hexes(hex_map: HexMap, items: list[Any], where: str) -> frozenset[Hex]:
    """A26.23's exit hexes: the labels listed and the map-edge hexes of the boards listed (as entry's,
    arrival.py: one area, A2.3's half hexes as boardarea.py counts them)."""
    def make() -> frozenset[Hex]:
        boardarea.resolve(hex_map, items, where)  # an unknown board or label, named by its place
        out = {hex_map.parse_label(label) for label in items if isinstance(label, str)}
        boards = [x for x in items if isinstance(x, dict)]
        if boards:
            out |= {h for h in boardarea.resolve(hex_map, boards, where) if len(hex_map.neighbors(h)) < 6}
        return frozenset(out)

    return boardarea.memo(hex_map, f"exit-hexes:{items!r}", make)


def _areas_raw(options: Mapping[str, Any]) -> Mapping[str, Any]:
    raw = options.get("victory", {})
    areas = raw.get("areas", {}) if isinstance(raw, dict) else {}
    return areas if isinstance(areas, dict) else {}


def area(position: Position, name: str) -> frozenset[Hex]:
    """A named victory area's hexes, whole boards with A2.3's half hexes (boardarea.py)."""
    where = f"{position.scenario.source}: options.victory.areas.{name}"
    return boardarea.resolve(position.map, _areas_raw(position.scenario.options).get(name), where)


def _occupies(unit: UnitState, side: str, cells: frozenset[Hex]) -> bool:
    """A2.3's VC: an armed Good Order MMC of the side in the area (a half hex as the area counts it)."""
    return (unit.side == side and unit.hex in cells and unit.type in MMC and au.good_order(unit)
            and not au.is_unarmed(unit) and not unit.has("prisoner"))


def occupiers(position: Position, name: str, side: str) -> list[str]:
    """The side's armed Good Order MMC in the area (A2.3: a half hex as the area counts it)."""
    cells = area(position, name)
    return sorted(u.id for u in position.units.values() if _occupies(u, side, cells))


def seen_in(position: Position, name: str, side: str) -> tuple[int, int]:
    """What both sides may know of the side's units in the area: its armed Good Order MMC in sight, and its
    "?" there (A12.1: a concealed unit or a dummy shows only its side and hex; which it is stays secret). A
    HIP unit stands nowhere in the shared state (hip.py) and is not counted until the end (``at_end``)."""
    cells = area(position, name)
    here = [u for u in position.units.values() if u.side == side and u.hex in cells]
    return (sum(1 for u in here if not u.concealed and _occupies(u, side, cells)),
            sum(1 for u in here if u.concealed))


def area_status(position: Position, win: Mapping[str, Any]) -> list[str]:
    """The Now panel's line for each A2.3 area condition of ``win``, as it stands now and as both sides
    may know it (``seen_in``): ``clear`` (no Good Order enemy MMC there), ``occupy`` (one of its own)."""
    side = str(win.get("side", ""))
    lines: list[str] = []
    if "clear" in win:
        name = str(win["clear"])
        n, q = seen_in(position, name, position.enemy_of(side))
        if n and q:
            now = T("not yet, {n} enemy MMC in it and {q} enemy \"?\"", n=str(n), q=str(q))
        elif n:
            now = T("not yet, {n} enemy MMC in it", n=str(n))
        elif q:
            now = T("no enemy MMC seen in it, {q} enemy \"?\" there", q=str(q))
        else:
            now = T("clear now")
        lines.append(T("{side} must clear {area} of Good Order enemy MMC (A2.3): {now}", side=side, area=name,
                       now=now))
    if "occupy" in win:
        name = str(win["occupy"])
        n, q = seen_in(position, name, side)
        if n:
            now = T("yes now, {n} of its MMC in it", n=str(n))
        elif q:
            now = T("none seen in it, {q} of its \"?\" there", q=str(q))
        else:
            now = T("not yet")
        lines.append(T("{side} must occupy {area} with a Good Order MMC (A2.3): {now}", side=side, area=name,
                       now=now))
    return lines


def exit_hexes(position: Position, side: str) -> frozenset[Hex]:
    """A26.23: the hexes this side exits by (a whole board: its map-edge hexes)."""
    spec = _spec(position).get("exit", {})
    if not isinstance(spec, dict) or spec.get("side") != side:
        return frozenset()
    where = f"{position.scenario.source}: options.victory.exit.hexes"
    return _exit_hexes(position.map, spec.get("hexes", []), where)


def exit_vp(game: AslGame, position: Position, side: str) -> int:
    """A26.23: the VP this side's units had when they left the map through the exit hexes; a captured enemy
    unit exited counts double once the scenario is over (A26.222)."""
    if _spec(position).get("exit", {}).get("side") != side:
        return 0
    owners = {u.id: u.side for u in position.scenario.units}
    double = position.state.over
    return sum(vp * (2 if double and owners.get(uid, side) != side else 1)
               for uid, vp in game.gstate(position.state).exited)


def _spec(position: Position) -> Mapping[str, Any]:
    spec = position.scenario.options.get("victory", {})
    return spec if isinstance(spec, dict) else {}


def buildings(position: Position) -> dict[str, tuple[Hex, ...]]:
    labels = {position.label(h): h for h in position.map.hexes}
    return {
        name: tuple(labels[c] for c in cells) for name, cells in _spec(position).get("buildings", {}).items()
    }


def hexes(position: Position) -> Mapping[str, Hex]:
    """A26.13: the hexes whose control the scenario counts, by label (a whole board's: each of its hexes)."""
    where = f"{position.scenario.source}: options.victory.hexes"
    return _victory_hexes(position.map, _spec(position).get("hexes", []), where)


def initial_control(scenario: Any, hex_map: HexMap | None = None, *,
                    held: Iterable[str] = ()) -> tuple[tuple[str, str], ...]:
    """A26.11: what each side controls at the start, as the scenario says; when only one side sets up on the
    map at the start, it controls everything else listed too (a whole board's hexes only with the map:
    ``setup``). A unit the scenario brings on later (``options.entry``, A2.5) or one aboard it (A2.52) is
    off the map at the start and does not count, nor does a DD tank its owner holds off the map before play
    (``held``, D16.8: ventry.resume_hold asks again) or one aboard it; a HIP unit is set up on the map (A12.3)
    and does."""
    from hexmate.rules.games.asl.arrival import PLAN

    spec = scenario.options.get("victory", {})
    given = {name: side for side, names in spec.get("control", {}).items() for name in names}
    later = set(PLAN.arrivals(scenario)) | set(held)
    on_map = {u.side for u in scenario.units if u.hex and u.id not in later and u.carrier not in later}
    if len(on_map) == 1:
        (only,) = on_map
        listed = spec.get("hexes", [])
        if hex_map is not None:
            listed = list(_victory_hexes(hex_map, listed, f"{scenario.source}: options.victory.hexes"))
        for name in (*spec.get("buildings", {}), *listed):
            if isinstance(name, str):
                given.setdefault(name, only)
    return tuple(sorted(given.items()))


def setup(game: AslGame, scenario: Any, hex_map: HexMap, state: State) -> State:
    """A26.11 with the map: a lone side's start control of a whole board's victory hexes."""
    control = initial_control(scenario, hex_map)
    gs = game.gstate(state)
    return state if control == gs.control else state.replace(game=gs.replace(control=control))


def _bypassing(game: AslGame, position: Position) -> set[str]:
    """A26.11: units bypassing (A4.3 infantry this MPh; D2.3 vehicles by their marker) gain nothing."""
    from hexmate.rules.games.asl import vbypass

    out = {uid for uid, *_ in game.gstate(position.state).bypass}
    vehicles = (u for u in position.units.values() if u.type == "vehicle")
    return out | {u.id for u in vehicles if vbypass.across_of(u) is not None}


def _gains(unit: UnitState, bypassing: set[str]) -> bool:
    """A26.11: an armed, Good Order Infantry MMC that is not bypassing (a dummy has no printed FP: never)."""
    return (unit.type in MMC and au.good_order(unit) and not au.is_unarmed(unit) and not unit.has("melee")
            and unit.id not in bypassing)


def _blocks(unit: UnitState, bypassing: set[str], building: bool) -> bool:
    """A26.11, A26.15: an armed enemy ground unit there, broken or not (the A26.16 box's broken 4-4-7 still
    blocks), concealed or not; never a dummy, a prisoner or an Unarmed unit, nor a SW. A vehicle blocks
    while crewed (armed, not abandoned); one bypassing a building does not block the building."""
    if unit.type in ("dummy", au.SW) or au.is_unarmed(unit) or unit.hex is None:
        return False
    if unit.type == "vehicle":
        from hexmate.rules.games.asl import vcrew

        return vcrew.has_crew(unit) and not (building and unit.id in bypassing)
    return True


def update(game: AslGame, position: Position) -> State:
    """Control after a change: a building or hex is gained by a side whose armed GO MMC stands in it (a hex:
    at ground level) with no armed enemy there (A26.11, A26.13, A26.14); otherwise it stays as it was.
    A26.15: a HIP unit gains and blocks like any concealed real unit, but the shared ``control`` may not
    show that (A12.3): while HIP units stand unseen the real control is kept apart (``hip_control``)."""
    state = position.state
    gs = game.gstate(state)
    bypassing = _bypassing(game, position)
    control = _fold(position, state.units.values(), gs.control, bypassing)
    real = gs.hip_control
    unseen = _unseen(game, position)
    if unseen or real is not None:
        units = {**state.units, **unseen}
        real = _fold(position, units.values(), gs.control if real is None else real, bypassing)
        if not unseen and real == control:
            real = None  # every HIP unit revealed and the two agree again
    if control == gs.control and real == gs.hip_control:
        return state
    return state.replace(game=gs.replace(control=control, hip_control=real))


def _fold(position: Position, units: Iterable[UnitState], before: tuple[tuple[str, str], ...],
          bypassing: set[str]) -> tuple[tuple[str, str], ...]:
    """``update``'s gain with these units standing where they are (A26.11, A26.13, A26.14)."""
    held = dict(before)
    areas = [(name, cells, True) for name, cells in buildings(position).items()]
    areas += [(label, (h,), False) for label, h in hexes(position).items()]
    by_hex: dict[Hex | None, list[UnitState]] = {}
    for u in units:
        by_hex.setdefault(u.hex, []).append(u)
    for name, cells, building in areas:
        here = [u for h in cells for u in by_hex.get(h, ())]  # a whole board's hexes: hundreds of areas
        for side in position.sides:
            if any(u.side == side and _gains(u, bypassing) and (building or u.level == 0) for u in here) \
                    and not any(u.side != side and _blocks(u, bypassing, building) for u in here):
                held[name] = side
    return tuple(sorted(held.items()))


def _unseen(game: AslGame, position: Position) -> dict[str, UnitState]:
    """The HIP units set up, each on its secret hex (hip.py): only for the real control, never shown."""
    return {uid: position.units[uid].at(h) for uid, h in game.gstate(position.state).hip
            if h is not None and uid in position.units}


def at_end(game: AslGame, position: Position) -> State:
    """The scenario is over: A26.15 lets a HIP unit's control wait until the end, so now every HIP unit left
    is placed on its hex, Known (A12.31), and the control as it really stands is the control; clear,
    occupy, CVP and the Now panel then read the real units (A2.3, A26.1-A26.3)."""
    gs = game.gstate(position.state)
    left = [uid for uid, h in gs.hip if h is not None]
    state = hip.reveal(game, position.state, left, keep_concealed=False)
    gs = game.gstate(state)
    if gs.hip_control is not None:
        state = state.replace(game=gs.replace(control=gs.hip_control, hip_control=None))
    return state


def gain(game: AslGame, state: State, names: Iterable[str], side: str) -> State:
    """The side gains ``names`` outright (A12.153: a building secured by Mop-Up), in the real control too."""
    gs = game.gstate(state)
    control = dict(gs.control) | dict.fromkeys(names, side)
    real = None if gs.hip_control is None else tuple(sorted((dict(gs.hip_control)
                                                             | dict.fromkeys(names, side)).items()))
    return state.replace(game=gs.replace(control=tuple(sorted(control.items())), hip_control=real))


def holder(game: AslGame, position: Position, name: str) -> str | None:
    """Who controls ``name`` now: A26.12's temporary control of a hex by a non-bypassing crewed vehicle with
    no armed enemy there (a hex of one Location: no building), else the lasting control."""
    cell = hexes(position).get(name)
    if cell is not None and position.map.terrain(cell) not in BUILDING_TERRAIN:
        from hexmate.rules.games.asl import vcrew

        bypassing = _bypassing(game, position)
        here = [u for u in position.units.values() if u.hex == cell]
        for v in here:
            if v.type == "vehicle" and vcrew.has_crew(v) and v.id not in bypassing and not any(
                    u.side != v.side and _blocks(u, bypassing, False) for u in here):
                return v.side
    return dict(game.gstate(position.state).control).get(name)


ELIMINATED, REDUCED = "eliminated", "reduced"


def vp_lost(before: Mapping[str, UnitState], after: Mapping[str, UnitState],
            exited: frozenset[str]) -> tuple[tuple[str, str, int, str], ...]:
    """A26.21, A26.22: the VP one play took out of play, each as its unit stood just before (unit id, its
    side, VP, ELIMINATED or REDUCED). A unit gone scores its VP then, not its set-up value: a 9-2 Replaced by
    a 9-1 (A19.13) is worth 2, a leader created in play (A18.1) or a crew that left its vehicle (A26.213) as
    much as any other. Not losses: an exit (``exited``: A26.221's exceptions and A26.23's Exit VP), a HS
    combining into a squad (A1.32: the squad holds its VP). A squad becoming its HS has lost the difference
    (Casualty Reduction, A7.302) unless it split into two HS in that play (Deployment A1.31, an underscored
    squad's Replacement A19.13: the second HS is ``ID.2`` or ``ID/2``, as integrity.losses reads it); any
    other change of value (a leader's Replacement, a disabled MA) is no loss by itself (A26.21, A26.221)."""
    out: list[tuple[str, str, int, str]] = []
    new_ids = [uid for uid in after if uid not in before]
    merged = {b.side for uid, b in before.items()
              if b.type == "hs" and uid in after and after[uid].type == "squad"}
    for uid, old in before.items():
        new = after.get(uid)
        if new is None:
            if uid in exited or (old.type == "hs" and old.side in merged):
                continue
            value = unit_vp(old)
            if value:
                out.append((uid, old.side, value, ELIMINATED))
        elif old.type == "squad" and new.type == "hs" \
                and not any(n.startswith((f"{uid}.", f"{uid}/")) for n in new_ids):
            value = vp(old.type, old.values) - vp(new.type, new.values)
            if value > 0:
                out.append((uid, old.side, value, REDUCED))
    return tuple(out)


def after_play(game: AslGame, position: Position, state: State) -> State:
    """A26.22: the CVP ledger kept as play goes on: what this play took out of play (``vp_lost``)."""
    gs = game.gstate(state)
    got = vp_lost(position.state.units, state.units, frozenset(uid for uid, _ in gs.exited))
    return state.replace(game=gs.replace(vp_lost=(*gs.vp_lost, *got))) if got else state


def cvp(position: Position, side: str) -> int:
    """A26.22, A26.221: the VP of every enemy unit eliminated so far, as it stood then (A26.21; a squad
    reduced to its HS has lost 1; a vehicle scores only when destroyed or captured); A26.222: prisoners and
    captured vehicles at their normal VP during play, double once the scenario is over; a prisoner its own
    side killed, twice at once."""
    from hexmate.rules.games.asl.game import AslState

    total = 0
    gs = position.state.game
    gs = gs if isinstance(gs, AslState) else AslState()
    gone = {uid for uid, _ in gs.exited}
    own_fire = set(gs.pw_own_fire)
    twice = 2 if position.state.over else 1
    scored: set[str] = set()
    for uid, owner, value, kind in gs.vp_lost:
        if kind == ELIMINATED:
            scored.add(uid)
        if owner != side:
            total += value * (2 if kind == ELIMINATED and uid in own_fire else 1)
    for setup in position.scenario.units:
        now = position.units.get(setup.id)
        if now is not None and now.type == "vehicle" and now.side != setup.side:  # A26.222: captured
            if now.side == side:
                total += unit_vp(now) * (1 if now.has("wreck") else twice)
            continue
        if setup.side == side:
            continue
        if now is None:  # gone with no play recording it (a position set up so): its set-up VP
            if setup.id not in scored and setup.id not in gone:  # A26.221: an exit the VC ask is none
                total += _start_vp(position, setup) * (2 if setup.id in own_fire else 1)
        elif now.type == "vehicle":
            total += unit_vp(now) if now.has("wreck") else 0  # A26.221: Immobilized, disabled MA: none
    for now in position.units.values():
        if now.side != side and now.type != "vehicle" and now.has("prisoner"):  # A26.222: captured
            total += twice * vp(now.type, now.values)
    return total


def _start_vp(position: Position, setup: Any) -> int:
    counter = position.scenario.counters[setup.counter]
    return unit_vp(UnitState(setup.id, setup.side, counter, None, markers=frozenset(setup.markers)))


def _count(game: AslGame, position: Position, names: Any, side: str) -> list[str]:
    return sorted(n for n in names if holder(game, position, n) == side)


def status(game: AslGame, position: Position) -> list[str]:
    """The Now panel's victory lines, updated as play goes on."""
    spec = _spec(position)
    lines: list[str] = []
    if spec.get("buildings"):
        for side in position.sides:
            names = _count(game, position, spec["buildings"], side)
            lines.append(
                T(
                    "{side} controls {n} building(s): {names} (A26.14)",
                    side=side,
                    n=str(len(names)),
                    names=", ".join(names) or "-",
                )
            )
    if spec.get("hexes"):
        for side in position.sides:
            names = _count(game, position, hexes(position), side)
            shown = names if len(names) <= SHOWN else [*names[:SHOWN], "..."]  # a whole board's: many
            lines.append(T("{side} controls {n} hex(es): {names} (A26.13)", side=side, n=str(len(names)),
                           names=", ".join(shown) or "-"))
    for side in position.sides:
        lines.append(T("{side}: {cvp} CVP (A26.22)", side=side, cvp=str(cvp(position, side))))
    exit_spec = spec.get("exit")
    if isinstance(exit_spec, dict) and exit_spec.get("side"):
        side = str(exit_spec["side"])
        lines.append(
            T(
                "{side}: {vp} Exit VP of {need} (A26.23)",
                side=side,
                vp=str(exit_vp(game, position, side)),
                need=str(exit_spec.get("vp", 0)),
            )
        )
    win = spec.get("win")
    if isinstance(win, dict) and "buildings" in win:
        side = str(win.get("side", ""))
        lines.append(
            T(
                "{side} needs {need} building(s) at the end and holds {have} (A26.1)",
                side=side,
                need=str(int(win["buildings"])),
                have=str(len(_count(game, position, spec.get("buildings", {}), side))),
            )
        )
    if isinstance(win, dict):
        lines += area_status(position, win)  # A2.3: clear / occupy, as both sides may know it
    return lines


def _unmet(game: AslGame, position: Position, side: str, win: Mapping[str, Any]) -> list[str]:
    """The conditions of ``win`` this side fails now (A26.1, A26.13, A26.22)."""
    spec = _spec(position)
    out: list[str] = []
    if "buildings" in win:
        have = len(_count(game, position, spec.get("buildings", {}), side))
        if have < int(win["buildings"]):
            out.append(T("{side} holds only {have} building(s) of {need}", side=side, have=str(have),
                         need=str(int(win["buildings"]))))
    if "hexes" in win:
        have = len(_count(game, position, hexes(position), side))
        if have < int(win["hexes"]):
            out.append(T("{side} holds only {have} hex(es) of {need}", side=side, have=str(have),
                         need=str(int(win["hexes"]))))
    if "cvp" in win:
        have = cvp(position, side)
        if have < int(win["cvp"]):
            out.append(T("{side} has only {have} CVP of {need}", side=side, have=str(have),
                         need=str(int(win["cvp"]))))
    if "clear" in win:  # A2.3: no Good Order enemy MMC on the board (its half hexes as A2.3 counts them)
        there = occupiers(position, str(win["clear"]), position.enemy_of(side))
        if there:
            out.append(T("{side} has not cleared {area}: {units} still there (A2.3)", side=side,
                         area=str(win["clear"]), units=", ".join(there)))
    if "occupy" in win and not occupiers(position, str(win["occupy"]), side):
        out.append(T("{side} has no Good Order MMC in {area} (A2.3)", side=side, area=str(win["occupy"])))
    exit_spec = spec.get("exit", {})
    if win.get("exit") and isinstance(exit_spec, dict):  # A26.23: the Exit VP the exit area asks for
        have = exit_vp(game, position, side)
        if have < int(exit_spec.get("vp", 0)):
            out.append(T("{side} has only {have} Exit VP of {need}", side=side, have=str(have),
                         need=str(int(exit_spec.get("vp", 0)))))
    return out


def winner(game: AslGame, position: Position) -> tuple[str, str] | None:
    """At the end: the side named by ``win`` if it meets every condition named, else the other side by
    preventing it (A26.3)."""
    win = _spec(position).get("win")
    if not isinstance(win, dict) or not set(win) & set(CONDITIONS):
        return None
    side = str(win.get("side", ""))
    unmet = _unmet(game, position, side, win)
    if not unmet:
        if set(win) & {"hexes", "cvp", "exit", "clear", "occupy"}:
            return side, T("{side} meets its Victory Conditions (A26.1, A26.2)", side=side)
        have = len(_count(game, position, _spec(position).get("buildings", {}), side))
        return side, T(
            "{side} controls {have} of the buildings it needs ({need}) (A26.1)",
            side=side,
            have=str(have),
            need=str(int(win["buildings"])),
        )
    other = position.enemy_of(side)
    if set(win) == {"side", "buildings"}:
        have = len(_count(game, position, _spec(position).get("buildings", {}), side))
        return other, T(
            "{side} holds only {have} building(s) of {need}: {other} wins by preventing it (A26.3)",
            side=side,
            have=str(have),
            need=str(int(win["buildings"])),
            other=other,
        )
    return other, T("{why}: {other} wins by preventing it (A26.3)", why=unmet[0], other=other)
