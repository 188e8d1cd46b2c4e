"""Vehicles coming onto the map from off it (A2.5-A2.52 with D2.1, D2.11, D2.12, D14.212, D16.8).

The scenario lists a vehicle in ``options.entry`` as it lists infantry (arrival.py). At the table: ``move
VEHICLE ENTRY[-HEX...] as enter`` in its side's MPh (``as enter_ce`` / ``as enter_bu``: its crew CE or BU as
it comes on, A2.52), offered in legal_actions; its passengers and riders come on aboard it (A2.52: loaded
off the map within its normal capacity).

Audit (paraphrased, with where each part is kept):

- A2.5 due on a turn, it comes on that turn: built. A vehicle never moves in the APh (D2.1), so it may not
  wait for the APh: its MPh may not end while it could still come on (``check_end``). Blocked entry hexes and
  the four-hex spread a turn later are arrival.py's (shared).
- A2.51 entering costs what entering the entry hex costs from an off-board Open Ground hex, or by road where
  the entry hex's road crosses the map edge (the off-board half hex joined to an edge half hex is that hex's
  terrain, so its road runs on): ``entry_mp``, from the vehicle terrain costs of the chart pack (D2.1), road
  rate 1/2 MP or 1 MP for a BU AFV (D2.16), +1 per vehicle or wreck in the hex (D2.14), A5.11's personnel
  overstack. Then the move goes on from the entry hex as any vehicle move (armour.py).
- D2.12 (citing A2.52): it enters as if set up in Motion: no start MP, hence no mechanical reliability DR at
  the edge (D2.51 is rolled on a start MP). D2.11: it enters the entry hex forward, from an off-board hex
  beside it, with a VCA holding the entry hex (its VCA off the map is the owner's choice at set-up,
  A2.52/D2.11); the rules pick the VCA that makes the rest of the move cheapest. At its move's end the usual
  facing question: stop for 1 MP (D2.13) or stay in Motion (D2.4).
- A8.1, D3.3: the entry hex is the first hex entered: Defensive First Fire may be taken there, the vehicle a
  moving target (it is in Motion, D2.1). Its entry into that hex also meets Residual FP and concealment loss
  as any entry (game.enter), and concealed enemy units there reveal or take one PAATC (A12.41, vconceal.py;
  not when it bypasses the entry hex). D7.1 with A12.41: coming on forward into concealed enemies there
  (a known one bars the entry hex, A2.5) is an Overrun of them (``overruns_entry``): a quarter of its
  printed MP (FRU) with the entry, its IFT DR after A12.41's answer, the entry's rolls and the First Fire
  window (its CC Reaction Fire after the OVR, ccreact.py), none and no MP when the answer leaves no one
  (overrun.unspent); ``+through`` enters without it, ``+ovr:HEX`` names the hexes overrun (the entry hex
  among them or not, D7.14), the move on from the entry hex declared to match (armour.py's ``as through``
  / ``as ovr:HEX``). None backing (D7.13), by bypass or by Minimum Move (D2.15).
  A2.51 puts no LOS between the map and the off-board board, so it
  began its move out of every LOS: an enemy vehicle that sees the entry hex may attempt Motion there
  (D2.401: the marker ``came_on<half MP>`` gives vmotion the entry hex's MP); CC Reaction Fire and Street
  Fighting are offered there as at any entry (D7.21, A11.8).
- A2.52: off the map a unit does nothing but come on: any other action naming it is refused
  (``bar_off_board``); the Deployment an off-board squad stacked with a leader may try in the RPh is
  deployment.py's.
- D14.212: a platoon may bring part of itself on at an impulse's end (impentry.py); a radioless AFV off the
  map must use platoon movement if it can: one with a platoon mate (off the map or on it) comes on only by
  impulses (refused here, citing D14.212); a radioless AFV alone enters as above (D14.23's NTC is for an AFV
  on the map). D14.3: while a platoon moves by impulses no other vehicle comes on.
- D16.8: a DD tank (``screen`` or ``dd`` marker) or an unarmored amphibious vehicle (``amphibious`` marker:
  the catalogue has no such key) may stay off the map past its turn until the MPh its owner chooses; it
  then comes on at its named hexes. One the OB sets up on the map may be held off it too: the scenario
  names it in ``options.dd_off_map`` with the edge hexes it would come on at (D16.8 names none), and its
  owner answers ``hold`` or ``keep`` before play (``hold_setup``); held, it is off the map (arrival.HELD),
  due from turn 1 and never owed.
- A2.51's off-board board (offboard.py): a vehicle set up on it in the RPh (``move V E as offK``) first
  crosses it at Open Ground MP a hex (D2.1; a wagon's MF, D12.1; a motorcycle's column, D15.1), at road
  rate along its road hexrows (offboard.road_lines, D2.16), to the
  off-board hex beside the entry hex it comes on from (``approaches``), then pays the entry as above. It
  moves there normally (A2.51): its VCA as set up is its owner's, but each hexspine turned crossing the
  board costs 1 MP (D2.11, offboard.vehicle_approaches), and it may back across it (D2.2-D2.23) before
  backing in. One set up farther out than that hex spends MP before the entry hex, so it may not come on
  by Minimum Move (D2.15). A vehicle not set up comes on as if set up on the off-board hex beside its
  entry hex. D2.3 with A2.51: ``as enter+bypass`` (``+bypass:N`` naming the hex across the hexside) comes
  on by bypass along a hexside of a woods or building entry hex shared with a map hex (not astride the map
  edge), from an off-board hex beside it (vbypass.py's route, the off-board board Open Ground at ground
  level). The path may go on: the move is then declared as bypass from the entry hex (every woods or
  building hex of it bypassed, ``:N`` naming the last one's hexside; vbypass.route leaves a bypass as D2.33
  allows), backing throughout with ``+reverse``; an entry hex with no obstacle is entered as usual and the
  bypass starts beyond it. ``+minimum`` (D2.15, D2.24): the entry hex alone by bypass where bypassing it
  costs more than the allowance, for all of it (D2.15 bars only NA terrain and a VCA change: the heading
  along the hexside between its two VCA, or rear, hexes is its own facing), no bog DR (D2.3), in Motion. A
  move ending in bypass ends as any bypass move does. Offered in legal_actions for the entry hex alone along
  each hexside it shares with a map hex (``:N`` named), forward and in reverse, by Minimum Move where it
  applies, and for an AFV with its crew's other status too (``enter_ce`` / ``enter_bu``, A2.52); beyond
  the entry hex forward and backing, bounded to one path a hex, the last hexside named where either may be
  taken (ventrybyp.py).
- D12, D15, D17 coming on (A2.51 from Open Ground): a wagon pays the infantry MF of the entry hex as
  infantry coming on do (D12.1; arrival.py's cost, no start MF); a motorcycle the chart pack's motorcycle
  column, road rate at a road edge, no wreck/vehicle MP (D15.1, D15.42), only with riders aboard (D15.4),
  its Wreck Check dr for a shellhole or stream entry hex or one more than a level up (D15.46); an aerosan
  its own chart (D17.2, ``aerosan.edge_cot``) on snow only, never bogging (D17.24), with its Accident dr
  for an orchard or a woods/orchard/plowed road at the edge (D17.22; wire fails it).
- D2.15: ``as enter+minimum``: an entry hex costing more than the allowance (from off-board Open Ground, no
  start MP) is entered by Minimum Move for the whole allowance, one hex only, with the bog DR normal entry
  would call for but without the half-MPA DRM (D8.21), ending in Motion. Offered where it applies.
- D2.2-D2.22: ``as enter+reverse``: it backs into the entry hex, one of its two rear hexes, at the reverse
  multiplier (D2.21), its VCA toward the off-board hex it left; not towing, not with rev 0 (motorcycle,
  aerosan, wagon). ``move V A4-B4 as enter+reverse`` goes on backing from the entry hex (offered, one path a
  hex, ventrybyp.py; D2.2: it is in Motion in reverse, armour.BACKED_ON, so no stop and start to switch,
  D2.23). Ending its move backing and
  left in Motion, it is in Reverse Motion (D2.24's counter, armour.REV_MOTION) and goes on in reverse in
  its next MPh.
  ``+minimum+reverse`` is D2.24's reverse Minimum Move.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import (
    aerosan,
    armour,
    arrival,
    ddtank,
    moto,
    offboard,
    overrun,
    platoon,
    radioless,
    roadstate,
    vconceal,
    vminimum,
    vmotion,
    vmud,
    vmudoff,
    wagon,
)
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import DIRECTIONS, Hex, direction_between, opposite
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODES = {arrival.MODE: "", "enter_ce": "ce", "enter_bu": "bu"}  # A2.52: an AFV may come on CE or BU
REVERSE = "reverse"  # D2.2, D2.24: ``as enter+reverse``, into the entry hex from behind
DD = ("dd", ddtank.SCREEN)  # D16.8
AMPHIBIOUS = "amphibious"  # D16.8: set by the scenario


def split(mode: str) -> tuple[str, bool, bool]:
    """A vehicle entry's mode: ``enter``/``enter_ce``/``enter_bu``, then ``+minimum`` (D2.15) and/or
    ``+reverse`` (D2.2): (the base mode, Minimum Move, reverse)."""
    base, _, rest = mode.partition("+")
    words = [w for w in rest.split("+") if w]
    return base, vminimum.WORD in words, REVERSE in words


def claims(position: Position, action: act.Action) -> bool:
    if not isinstance(action, act.Move) or split(action.mode)[0] not in MODES:
        return False
    units = [position.units.get(u) for u in action.units]
    return any(u is not None and armour.is_vehicle(u) for u in units)


def may_wait(unit: UnitState) -> bool:
    """D16.8: a DD tank or an unarmored amphibious vehicle may stay off the map past its turn."""
    return any(unit.has(m) for m in DD) or (unit.has(AMPHIBIOUS) and not armour.vtype(unit).armored)


def aboard(position: Position, unit: UnitState) -> list[UnitState]:
    """Its passengers and riders, off the map with it (A2.52)."""
    return sorted((u for u in position.units.values() if u.carrier == unit.id and u.hex is None),
                  key=lambda u: u.id)


def entry_hexes(position: Position, unit: UnitState) -> tuple[Hex, ...]:
    """arrival.py's open entry hexes; a D16.8 vehicle that waited, or one that bogged off the map (A2.51: a
    unit named to enter at a hex does so unless it is blocked, vmudoff.py), keeps its named ones while one is
    open."""
    if (may_wait(unit) or unit.has(vmudoff.MARK)) and position.turn > arrival.due_turn(position, unit.id):
        named = arrival.named_hexes(position, unit)
        open_ = tuple(h for h in named if not arrival.blocked(position, unit.side, h))
        if open_:
            return open_
    return arrival.entry_hexes(position, unit)


def platoon_bound(position: Position, unit: UnitState) -> bool:
    """D14.212: a radioless AFV off the map with a platoon mate (off the map too, or on it) must come on by
    platoon movement (impentry.py), not by itself."""
    name = platoon.name_of(unit)
    if name is None or not radioless.radioless(unit):
        return False
    return any(u.id != unit.id and u.side == unit.side and platoon.name_of(u) == name
               and (arrival.off_board(position, u) or u in platoon.roster(position.state, name, u.side))
               for u in position.units.values())


def _platoon_moving(position: Position) -> bool:
    from hexmate.rules.games.asl import impulse  # impulse -> impentry -> here

    return impulse.under_way(position)


def waiting(position: Position) -> list[UnitState]:
    """The phasing side's vehicles off the map due now (or waiting by D16.8) with an entry hex open."""
    return [u for u in sorted(position.units.values(), key=lambda u: u.id)
            if u.side == position.phasing and armour.is_vehicle(u) and arrival.off_board(position, u)
            and arrival.due_turn(position, u.id) <= position.turn and entry_hexes(position, u)]


def entry_mp(position: Position, unit: UnitState, off: Hex, entry: Hex) -> Fraction | None:
    """A2.51: the MP to enter ``entry`` from the off-board hex ``off`` beside it, Open Ground off the map
    (its road running on where the entry hex's road crosses that edge hexside); None where it may not."""
    hex_map = position.map
    vt = armour.vtype(unit)
    road = opposite(direction_between(off, entry)) in hex_map.road_exits(entry)
    terrain = hex_map.terrain(entry)
    if wagon.is_wagon(vt.movement):
        return wagon.step_mf(position, unit, entry, entry)  # D12.1: infantry MF, as infantry comes on (A2.51)
    if moto.is_motorcycle(vt.movement):  # D15.1: the chart's motorcycle column; D15.42: no wreck/vehicle MP
        road_mp, costs = moto.load_pack()
        moto_cost = road_mp if road else costs.get(terrain)
        if moto_cost is None:
            return None
        return vm.entry_mp(moto_cost, higher=hex_map.level(entry) > 0,
                           road_rate=road) + moto.overstack_mp(position, unit, entry)
    if aerosan.is_aerosan(vt.movement):  # D17.2: its own chart; D2.14: +1 a vehicle there
        c = aerosan.edge_cot(position, entry, road)
        if c is None:
            return None
        others = sum(1 for u in position.units_at(entry) if armour.is_vehicle(u) and not moto.is_moto_unit(u))
        return (Fraction(c + (aerosan.HIGHER if hex_map.level(entry) > 0 else 0) + others)
                + armour.tow_mp(unit) + armour.personnel_overstack(position, unit.side, entry))
    if vt.armored and unit.has("ce") and not road and terrain in ("wooden-building", "stone-building",
                                                                   "building"):
        return None  # D5.3: a CE AFV enters no building obstacle
    if road:
        cot: Fraction | int = vm.road_mp(buttoned=vt.armored and not unit.has("ce"))  # D2.16
    else:
        cost = armour.vehicle_cost(terrain)
        if cost == "NA":
            return None
        if cost == "all":
            return armour.budget(unit)  # D2.7: all its MP
        cot = vm.obstacle_mp(vt.mp) if cost == "half" else int(cost)
    if ddtank.raised(unit) and terrain in ddtank.BARRED and not (road and terrain in ddtank.ROAD_OK):
        return None  # D16.12
    here = position.units_at(entry)
    others = sum(1 for u in here if armour.is_vehicle(u) and not moto.is_moto_unit(u))  # D2.14
    return (Fraction(1 if ddtank.raised(unit) else 0) + vm.entry_mp(
        cot, wall=False, higher=hex_map.level(entry) > 0, others=others, road_rate=road)
        + armour.tow_mp(unit) + armour.personnel_overstack(position, unit.side, entry))


def _edge_road(position: Position, off: Hex, entry: Hex) -> bool:
    """A2.51: the entry hex's road crosses the map edge toward ``off`` (the off-board half hex carries it)."""
    return opposite(direction_between(off, entry)) in position.map.road_exits(entry)


def approaches(position: Position, unit: UnitState, entry: Hex,
               reverse: bool = False) -> dict[int, tuple[Fraction, Hex]]:
    """D2.11, A2.51: the VCA it may enter with (the entry hex in its VCA, seen from an off-board hex beside
    it), with the entry's MP (crossing the off-board board to that hex included) and that off-board hex, the
    cheapest per VCA. ``reverse``: it backs in, the entry hex one of its two rear hexes (D2.22), at the
    reverse multiplier (D2.21), having backed across the off-board board (or switched, D2.23) to get there."""
    out: dict[int, tuple[Fraction, Hex]] = {}
    rev = armour.vtype(unit).rev
    for d in DIRECTIONS:
        off = entry + d
        if off in position.map:
            continue
        mp = entry_mp(position, unit, off, entry)
        before = offboard.vehicle_approaches(position, unit, off)  # A2.51: crossing the off-board board
        if mp is None or before is None:
            continue
        if reverse:
            mp = vm.reverse_mp(mp, rev)
            facings: tuple[int, ...] = tuple(g for g in range(6) if entry in fc.rear_hexes(off, g))
        else:
            facings = fc.facings_entering(off, entry)
        way = offboard.REVERSE if reverse else offboard.FORWARD
        for g in facings:
            if (g, way) not in before:
                continue
            total = mp + before[(g, way)] + armour.spent_of(unit)  # D8.3: a Bog Removal's start MP off it
            if g not in out or total < out[g][0]:
                out[g] = (total, off)
    return out


def _status(unit: UnitState, mode: str) -> UnitState:
    status = MODES[split(mode)[0]]
    if status == "ce":
        return unit.mark("ce", remove=("bu",))
    if status == "bu":
        return unit.mark("bu", remove=("ce",))
    return unit


def placed(unit: UnitState, entry: Hex, g: int, mp: Fraction, mode: str) -> UnitState:
    """The vehicle in the entry hex as it comes on: in Motion (D2.12), VCA g, the entry's MP spent."""
    unit = armour.with_facing(vmudoff.cleared(_status(unit, mode)).at(entry).mark(remove=(arrival.HELD,)), g)
    if split(mode)[2]:  # D2.2, D2.24: backed on, in Motion in reverse: it may go on backing (armour.py)
        unit = unit.mark(armour.BACKED_ON)
    return armour.with_spent(unit.mark("motion"), mp)


def _cannot_move(position: Position, unit: UnitState) -> str | None:
    """D15.4: a motorcycle has no driver: it comes on with riders aboard; D17.2: an aerosan only on snow."""
    vt = armour.vtype(unit)
    if moto.is_motorcycle(vt.movement):
        return moto.why_not_move(position, unit)
    if aerosan.is_aerosan(vt.movement):
        return aerosan.why_not(position, unit)
    return None


def _vehicle(position: Position, move: act.Move) -> UnitState:
    if len(move.units) != 1:
        raise IllegalAction(T("a vehicle comes on alone; its passengers and riders come aboard it (D2.1, "
                              "A2.52)"))
    unit = position.units[move.units[0]]
    if not arrival.off_board(position, unit):
        raise IllegalAction(T("{unit} is not waiting off the map to enter (A2.5)", unit=unit.id))
    if unit.side != position.phasing:
        raise IllegalAction(T("only the phasing side's units enter the map (A2.5)"))
    turn = arrival.due_turn(position, unit.id)
    if position.turn < turn:
        raise IllegalAction(T("{unit} enters on turn {turn} (A2.5)", unit=unit.id, turn=turn))
    if position.phase.id != "MPh":
        raise IllegalAction(T("a vehicle never moves in the APh: it comes on in its MPh (D2.1, A2.5)"))
    vt = armour.vtype(unit)
    why = _cannot_move(position, unit)
    if why:
        raise IllegalAction(why)
    if _platoon_moving(position):
        raise IllegalAction(T("a platoon is moving by impulses: nothing else of its side moves until its MPh "
                              "is over (D14.3)"))
    if platoon_bound(position, unit):
        raise IllegalAction(T("{unit} is radioless: off the map it comes on with its platoon by impulses: "
                              "move {unit} ENTRY as impulse_in (D14.212)", unit=unit.id))
    base, _, rest = move.mode.partition("+")
    plain, named = (vminimum.WORD, REVERSE, moto.THROUGH), (BYPASS, overrun.WORD)
    if any(w not in plain and w.partition(":")[0] not in named for w in rest.split("+") if rest):
        raise IllegalAction(T("{mode}: a vehicle comes on as enter, enter_ce or enter_bu, with +minimum "
                              "(D2.15), +reverse (D2.2), +bypass (D2.3), +through or +ovr:HEX (D7.1)",
                              mode=move.mode), "A2.5")
    if MODES[base] and not vt.armored:
        raise IllegalAction(T("{unit} has no AFV crew to go CE or button up", unit=unit.id), "A2.52")
    if unit.has("bogged") or unit.has("mired"):
        raise IllegalAction(T("{unit} is bogged off the map: it tries Bog Removal first (move {unit} ENTRY "
                              "as unbog) and comes on from there (D8.3, A2.51)", unit=unit.id), "D8.3")
    return unit


def _check_special(position: Position, unit: UnitState, path: tuple[Hex, ...], minimum: bool,
                   reverse: bool) -> None:
    """The refusals of a Minimum Move (D2.15) or a reverse entry (D2.2-D2.22) onto the map."""
    vt = armour.vtype(unit)
    if reverse:
        if unit.has("towing"):
            raise IllegalAction(T("{unit} is towing and may not move in reverse (D2.2)", unit=unit.id),
                                "D2.2")
        if vt.rev == 0:  # D2.2, D15.42: a motorcycle; D17.21: an aerosan; D2.21: a wagon without REV
            raise IllegalAction(T("{unit} has no reverse rate: it does not move in reverse", unit=unit.id),
                                "D2.21")
    if minimum and len(path) != 1:
        raise IllegalAction(T("{unit} may enter only one hex by Minimum Move (D2.15)", unit=unit.id), "D2.15")


def overruns_entry(position: Position, unit: UnitState, entry: Hex, mode: str) -> bool:
    """D7.1 with A2.51: does coming on into ``entry`` overrun it? Only concealed enemies may be there (a known
    one bars the entry hex, A2.5), so it is an Overrun of them when the vehicle enters forward (D7.13: none in
    reverse), not by bypass (D7.13) nor by Minimum Move (D2.15: no Minimum Move into enemies), may overrun
    (D7.1, D7.13: no Bounding Fire counter; D15.43: a motorcycle only with sidecars; a wagon never), and its
    mover did not decline it (D7.1's "may": ``+through``, or ``+ovr:HEX`` words naming other hexes only)."""
    through, named = _ovr_words(position, mode)
    _, minimum, reverse = split(mode)
    if through or minimum or reverse or _bypassing(mode) or (named and entry not in named):
        return False
    if wagon.is_wagon(armour.vtype(unit).movement) or not moto.overruns(unit):
        return False
    return overrun.is_overrun(position, unit.side, entry) and overrun.may_overrun(position, unit)


def _ovr_words(position: Position, mode: str) -> tuple[bool, tuple[Hex, ...]]:
    """D7.1, D7.14: ``+through`` declared, and the hexes named ``+ovr:HEX`` (overrun.split)."""
    through, rest = moto.split(mode)
    named, _ = overrun.split(position, rest)
    return through, named


def _rest_ovr(position: Position, unit: UnitState, path: tuple[Hex, ...], mode: str) -> list[str]:
    """The Overrun words of the move on from the entry hex (armour.py's ``as through`` / ``as ovr:HEX``): a
    move naming only the entry hex passes the enemies beyond it without an OVR (D7.14: hex by hex). Refused:
    both words at once, or the entry hex named where it would not be overrun (D7.1)."""
    through, named = _ovr_words(position, mode)
    if through and named:
        raise IllegalAction(T("a move ``as through`` overruns nothing: name the hexes it overruns or declare "
                              "it through, not both (D7.1)"), "D7.1")
    entry = path[0]
    if entry in named and not overruns_entry(position, unit, entry, mode):
        raise IllegalAction(T("{unit} may not overrun {hex} coming on: no enemy there to overrun, or it "
                              "backs, bypasses or makes a Minimum Move (D7.1, D7.13, D2.15)", unit=unit.id,
                              hex=position.label(entry)), "D7.1")
    if through:
        return [moto.THROUGH]
    beyond = [h for h in named if h != entry]
    if named and not beyond:
        return [moto.THROUGH]
    return [f"{overrun.WORD}:{position.label(h)}" for h in beyond]


def _ovr_mp(position: Position, unit: UnitState, entry: Hex, mode: str) -> int:
    """D7.1: a quarter of the printed MP allowance (FRU), an Overrun of the entry hex's, paid with it."""
    return overrun.extra_mp(armour.vtype(unit).mp) if overruns_entry(position, unit, entry, mode) else 0


def _best(position: Position, unit: UnitState, path: tuple[Hex, ...],
          mode: str) -> tuple[Fraction, int, Fraction, Hex]:
    """The cheapest way on along ``path``: (total MP, VCA entering, the entry's MP, the off-board hex it
    comes from); the last refusal raised when there is none."""
    entry = path[0]
    if entry not in entry_hexes(position, unit):
        raise IllegalAction(T("{hex} is not an open entry hex of {unit} this turn (A2.5)",
                              hex=position.label(entry), unit=unit.id))
    best: tuple[Fraction, int, Fraction, Hex] | None = None
    why = IllegalAction(T("{unit} may not enter {hex}", unit=unit.id, hex=position.label(entry)), "A2.51")
    esb = vm.esb_limit(armour.vtype(unit)) if armour.vtype(unit).tracked else 0  # D2.5
    crew = _status(unit, mode)  # A2.52: CE or BU as it comes on (D2.16: a BU AFV's road rate)
    _, minimum, reverse = split(mode)
    _check_special(position, unit, path, minimum, reverse)
    if _bypassing(mode):
        total, g, mp, off, _, _ = _bypass_best(position, unit, path, mode)
        return total, g, mp, off
    ways = approaches(position, crew, entry, reverse)
    if minimum and not ways:
        raise vminimum.na(position, unit, entry)  # D2.15: never into NA terrain
    if minimum:  # D2.15: only where entering costs more than its allowance; then it spends all of it
        ways = {g: w for g, w in ways.items()
                if not offboard.vehicle_approach(position, unit, w[1], g, reverse)}
        if not ways:
            raise IllegalAction(T("{unit} would spend MP crossing the off-board board: a Minimum Move is a "
                                  "vehicle's only move of its MPh (D2.15, A2.51)", unit=unit.id), "D2.15")
        g, (mp, off) = min(ways.items(), key=lambda kv: (kv[1][0], kv[0]))
        allowance = armour.budget(placed(unit, entry, g, mp, mode))
        if mp <= allowance:
            raise IllegalAction(T("{unit} can enter {hex} for {cost} MP: no Minimum Move is needed (D2.15)",
                                  unit=unit.id, hex=position.label(entry), cost=mp), "D2.15")
        return allowance, g, allowance, off
    words = [*([REVERSE] if reverse else []), *_rest_ovr(position, unit, path, mode)]  # D2.2: backing on
    ovr_mp = _ovr_mp(position, unit, entry, mode)  # D7.1: with the entry, counted in the move on from it
    for g, (mp, off) in sorted(ways.items()):
        on = placed(unit, entry, g, mp, mode)
        total = mp + ovr_mp
        if len(path) > 1:
            try:
                rest = armour.check_move(position.at(position.state.with_unit(on)),
                                         act.Move((unit.id,), path, None, "+".join(words)))
            except IllegalAction as e:
                why = e
                continue
            total += Fraction(rest.cost if isinstance(rest.cost, int | Fraction) else 0)
        if total > armour.budget(on) + esb:
            why = IllegalAction(T("the path costs {cost} MP, {unit} has {mp} MP", cost=total, unit=unit.id,
                                  mp=armour.budget(on)), "A2.51")
            continue
        if best is None or total < best[0]:
            best = (total, g, mp, off)
    if best is None:
        raise why
    return best


BYPASS = "bypass"  # D2.3 with A2.51: ``as enter+bypass`` or ``enter+bypass:N``, into the entry hex by bypass


def _bypassing(mode: str) -> bool:
    return any(w.partition(":")[0] == BYPASS for w in mode.split("+")[1:])


def _bypass_words(mode: str) -> list[str]:
    return [w for w in mode.split("+")[1:] if w.partition(":")[0] == BYPASS]


def _bypass_entries(position: Position, unit: UnitState, entry: Hex, mode: str,
                    across: Hex | None) -> list[tuple[Fraction, int, Hex, Hex, Fraction]]:
    """D2.3 with A2.51: the ways it comes on by bypass: from an off-board hex beside the entry hex (crossing
    the off-board board first, moving normally) along a hexside of the entry hex (``across``: the one named,
    or None: any), vbypass.py's route from there (twice the Open Ground cost, D2.3; in reverse along its rear
    hexside at the reverse multiplier, D2.21, D2.22). Each: (total MP, heading, the hex across the hexside
    bypassed, the off-board hex it came from, the MP spent before the entry hex); IllegalAction when none."""
    from hexmate.rules.games.asl import vbypass

    _, _, reverse = split(mode)
    out: list[tuple[Fraction, int, Hex, Hex, Fraction]] = []
    why: IllegalAction | None = None
    way = offboard.REVERSE if reverse else offboard.FORWARD
    for d in DIRECTIONS:
        off = entry + d
        if off in position.map:
            continue
        before = offboard.vehicle_approaches(position, unit, off) or {}
        for (g, w), mp in sorted(before.items()):
            if w != way:
                continue
            backed = (armour.BACKED_ON,) if reverse else ()  # D2.24: backing in Reverse Motion
            there = armour.with_facing(unit.at(off), g).mark("motion", *backed)
            try:
                cost, heads, acrosses = vbypass.route(position, there, (off, entry), bypass=True,
                                                      last_across=across, reverse=reverse)
            except IllegalAction as e:
                why = e
                continue
            n = acrosses[-1]
            if n is not None and n in position.map.hexes:  # not astride the map edge: its CAFP on the map
                spent = armour.spent_of(unit)  # D8.3: a Bog Removal's start MP off the map
                out.append((mp + cost + spent, heads[-1], n, off, mp + spent))
    if not out:
        raise why or IllegalAction(T("{unit} may not come on into {hex} by bypass (D2.3)", unit=unit.id,
                                     hex=position.label(entry)), "D2.3")
    return out


Way = tuple[Fraction, int, Fraction, Hex, Hex | None, Fraction]


def _bypass_best(position: Position, unit: UnitState, path: tuple[Hex, ...], mode: str) -> Way:
    """D2.3 with A2.51, ``as enter+bypass[:N]``: the cheapest way on along ``path`` with bypass declared: a
    woods or building entry hex is bypassed (``:N`` names its hexside when it is the path's last hex), any
    other entered as usual (A2.51); then on from there as a move declared ``as bypass[:N]`` (every woods or
    building hex after the entry hex bypassed, the last one along ``:N``: vbypass.route, which leaves a bypass
    as D2.33 allows), backing throughout with ``+reverse`` (D2.2). ``+minimum``: D2.15's Minimum Move, the
    entry hex alone by bypass where bypassing it costs more than the allowance (D2.15 forbids only NA terrain
    and a VCA change: the heading along the hexside between its two VCA (rear) hexes is its own facing).
    (total MP, heading, the MP to the entry hex, the off-board hex, the hex across the entry hex's hexside or
    None, the MP spent before the entry hex)."""
    from hexmate.rules.games.asl import vbypass

    entry = path[0]
    _, minimum, reverse = split(mode)
    crew = _status(unit, mode)  # A2.52: CE or BU as it comes on
    words = _bypass_words(mode)
    _, across, _ = vbypass.declared(position, "+".join(words))
    esb = vm.esb_limit(armour.vtype(unit)) if armour.vtype(unit).tracked else 0  # D2.5
    if minimum:
        return _bypass_minimum(position, unit, entry, mode, across)
    starts: list[tuple[Fraction, int, Hex, Hex | None, Fraction]] = []
    if vbypass.is_obstacle(position, entry) or len(path) == 1:
        for total, g, across_entry, off, before in _bypass_entries(position, crew, entry, mode,
                                                                   across if len(path) == 1 else None):
            starts.append((total, g, off, across_entry, before))
    else:  # D2.3: the entry hex has no obstacle to bypass: entered as usual, bypass beyond it
        for g, (mp, off) in approaches(position, crew, entry, reverse).items():
            starts.append((mp, g, off, None,
                           offboard.vehicle_approach(position, unit, off, g, reverse) or Fraction(0)))
    rest_mode = "+".join([*([REVERSE] if reverse else []), *words, *_rest_ovr(position, unit, path, mode)])
    best: Way | None = None
    over: IllegalAction | None = None
    why = IllegalAction(T("{unit} may not enter {hex}", unit=unit.id, hex=position.label(entry)), "A2.51")
    for mp, g, off, n, before in sorted(starts, key=lambda s: (s[0], s[1])):
        on = vbypass.with_across(placed(unit, entry, g, mp, mode), n)
        total = mp
        if len(path) > 1:
            try:
                rest = armour.check_move(position.at(position.state.with_unit(on)),
                                         act.Move((unit.id,), path, None, rest_mode))
            except IllegalAction as e:
                why = e
                continue
            total = mp + Fraction(rest.cost if isinstance(rest.cost, int | Fraction) else 0)
        elif total > armour.budget(on) + esb:
            over = over or IllegalAction(T("the path costs {cost} MP, {unit} has {mp} MP", cost=total,
                                           unit=unit.id, mp=armour.budget(on)), "A2.51")  # the cheapest
            continue
        if best is None or total < best[0]:
            best = (total, g, mp, off, n, before)
    if best is None:
        raise over or why
    return best


def _bypass_minimum(position: Position, unit: UnitState, entry: Hex, mode: str, across: Hex | None) -> Way:
    """D2.15 (D2.24 backing) with D2.3: the entry hex by bypass as a Minimum Move: no MP spent before it (the
    off-board hex beside it), no turn, bypassing it costing more than the allowance; it spends all of it."""
    crew = _status(unit, mode)
    ways = [w for w in _bypass_entries(position, crew, entry, mode, across) if not w[4]]
    if not ways:
        raise IllegalAction(T("{unit} would spend MP crossing the off-board board: a Minimum Move is a "
                              "vehicle's only move of its MPh (D2.15, A2.51)", unit=unit.id), "D2.15")
    cost, g, n, off, _ = min(ways, key=lambda w: (w[0], w[1]))
    allowance = armour.budget(placed(unit, entry, g, cost, mode))
    if cost <= allowance:
        raise IllegalAction(T("{unit} can enter {hex} for {cost} MP: no Minimum Move is needed (D2.15)",
                              unit=unit.id, hex=position.label(entry), cost=cost), "D2.15")
    return allowance, g, allowance, off, n, Fraction(0)


def check(position: Position, move: act.Move) -> act.Move:
    unit = _vehicle(position, move)
    if not move.path:
        raise IllegalAction(T("name the entry hex first (A2.5)"))
    crew = _status(unit, move.mode)  # D16.12: a raised DD screen comes on CE only
    ddtank.check_move(position.at(position.state.with_unit(crew)), act.Move((unit.id,), move.path, None, ""),
                      False)
    _rest_ovr(position, unit, tuple(move.path), move.mode)  # D7.1: the Overrun words make sense
    total, _, _, _ = _best(position, unit, tuple(move.path), move.mode)
    return act.Move((unit.id,), move.path, total, move.mode)


def moves(position: Position) -> Iterator[act.Move]:
    """Each waiting vehicle's entries: onto each open entry hex, and on from there (armour.moves_for)."""
    from hexmate.rules.games.asl import ventrybyp  # ventrybyp -> here
    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        return
    if _platoon_moving(position):
        return  # D14.3
    for unit in waiting(position):
        if platoon_bound(position, unit):
            continue
        if _cannot_move(position, unit) or unit.has("bogged") or unit.has("mired") or unit.has("immobilized"):
            continue  # D8.3: bogged off the map (vmudoff.py)
        mode = "enter_ce" if ddtank.raised(unit) and not unit.has("ce") else arrival.MODE  # D16.12
        crew = _status(unit, mode)
        for entry in entry_hexes(position, unit):
            ovr_mp = _ovr_mp(position, unit, entry, mode)  # D7.1: an Overrun of the entry hex
            ways = [(mp + ovr_mp, on) for g, (mp, _) in approaches(position, crew, entry).items()
                    if mp + ovr_mp <= armour.budget(on := placed(unit, entry, g, mp, mode))]
            found: dict[tuple[Hex, ...], Fraction] = {}
            if ways:  # the entry hex alone first: check_end asks no more of a unit owed on the map
                found[(entry,)] = min(c for c, _ in ways)
                yield act.Move((unit.id,), (entry,), found[(entry,)], mode)
            for c0, on in ways:
                for m in armour.moves_for(position.at(position.state.with_unit(on)), on).values():
                    cost = c0 + Fraction(m.cost if isinstance(m.cost, int | Fraction) else 0)
                    if cost <= armour.budget(on) and cost < found.get(m.path, cost + 1):
                        found[m.path] = cost
            for path, cost in sorted(found.items(), key=lambda kv: (len(kv[0]), kv[0])):
                if len(path) > 1:
                    yield act.Move((unit.id,), path, cost, mode)
            yield from _special_moves(position, unit, entry, mode)
            yield from ventrybyp.forward(position, unit, entry, mode, found)  # D2.3 beyond the entry hex
            yield from ventrybyp.backing(position, unit, entry, mode)
            yield from ventrybyp.reverse(position, unit, entry, mode)  # D2.2 backing on beyond it


def _special_moves(position: Position, unit: UnitState, entry: Hex, mode: str) -> Iterator[act.Move]:
    """The entry hex by Minimum Move where entering costs more than the allowance (D2.15), in reverse
    (D2.2-D2.22), and by bypass of a woods or building entry hex along each hexside with a map hex, forward
    and in reverse, by Minimum Move where bypassing costs more than the allowance (D2.3 with A2.51, D2.15,
    D2.24), an AFV's bypass also with its crew's other status (A2.52: CE or BU as it comes on); each checked
    as played."""
    from hexmate.rules.games.asl import vbypass

    extras = [(mode, f"+{vminimum.WORD}"), (mode, f"+{REVERSE}"),
              (mode, f"+{vminimum.WORD}+{REVERSE}")]  # D2.24: both
    if overruns_entry(position, unit, entry, mode):
        extras.append((mode, f"+{moto.THROUGH}"))  # D7.1's "may": on into the entry hex without the OVR
    if vbypass.is_obstacle(position, entry):
        modes = [mode]
        if armour.vtype(unit).armored:  # A2.52: it may come on CE or BU
            modes.append("enter_bu" if _status(unit, mode).has("ce") else "enter_ce")
        for base in modes:
            for n in sorted(position.map.neighbors(entry)):
                for pre in ("", f"+{REVERSE}", f"+{vminimum.WORD}", f"+{vminimum.WORD}+{REVERSE}"):
                    extras.append((base, f"{pre}+{BYPASS}:{position.label(n)}"))
    for base, extra in extras:
        try:
            yield check(position, act.Move((unit.id,), (entry,), None, base + extra))
        except IllegalAction:
            continue


def begin(game: AslGame, position: Position, move: act.Move) -> State:
    """The vehicle comes on: placed in the entry hex in Motion with its VCA and the entry's MP spent; then
    the rest as its own move from there (ESB asked before it, D2.5), the entry hex's entry effects, and the
    defender's window at the entry hex (A8.1, D3.3)."""
    unit = position.units[move.units[0]]
    total, g, mp, off = _best(position, unit, tuple(move.path), move.mode)
    overrunning = overruns_entry(position, unit, move.path[0], move.mode)  # D7.1 with A12.41
    came = mp - (offboard.vehicle_approach(position, unit, off, g, split(move.mode)[2]) or 0) \
        - armour.spent_of(unit)  # D2.401: the entry hex's own MP
    crossed = vmudoff.hexes(position, unit, off, None if _bypassing(move.mode) else g, split(move.mode)[2])
    if crossed:  # D8.23 with A2.51: its off-board hexes count first: the secret DR, or bogged off the map
        counted, stop = vmudoff.cross(position, move, crossed)
        if stop:
            return counted
        position = position.at(counted)
    on = placed(unit, move.path[0], g, mp, move.mode).mark("entered", f"{vmotion.CAME}{int(2 * came)}")
    bypass = _bypassing(move.mode)
    n: Hex | None = None
    if bypass:  # D2.3: a bypassed entry hex: it stands astride the hexside it bypasses along, heading g
        from hexmate.rules.games.asl import vbypass
        _, _, _, _, n, before = _bypass_best(position, unit, tuple(move.path), move.mode)
        came = mp - before
        on = vbypass.with_across(placed(unit, move.path[0], g, mp, move.mode), n).mark(
            "entered", f"{vmotion.CAME}{int(2 * came)}")
    state = position.state.with_unit(on)
    for rider in aboard(position, unit):
        state = state.with_unit(rider.at(move.path[0]))
    under = len(state.decisions)
    _, minimum, reverse = split(move.mode)  # D2.15: it ends in Motion (armour.end_move)
    rest = vminimum.WORD if minimum else (REVERSE if reverse and len(move.path) > 1 else "")  # D2.2: on back
    if bypass and not minimum and len(move.path) > 1:  # D2.3: on from the entry hex as a bypass move
        rest = "+".join([*([REVERSE] if reverse else []), *_bypass_words(move.mode)])
    if not minimum and len(move.path) > 1:  # D7.1, D7.14: the Overrun declared for the hexes beyond
        rest = "+".join(w for w in (rest, *_rest_ovr(position, unit, tuple(move.path), move.mode)) if w)
    state = game.begin_move(position.at(state), act.Move((unit.id,), move.path, total - mp, rest))
    state = game.enter(position.at(state))  # Residual FP, concealment loss in the entry hex
    # A12.41: concealed units there reveal or take a PAATC (game.enter takes the entry as a step in place)
    state = vconceal.entered(game, position.at(state), unit.id, off)
    vt = armour.vtype(unit)
    if aerosan.is_aerosan(vt.movement):  # D17.24: never bogs; D17.22: its Accident dr at the entry hex
        if aerosan.wired(position, move.path[0]):
            state = aerosan.fail(position.at(state), unit.id)
        elif aerosan.edge_accident(position, move.path[0], _edge_road(position, off, move.path[0])):
            state = state.push(aerosan.accident(position, on, move.path[0]))
    else:
        if n is None:  # D2.3: bypassing the entry hex risks no bog
            bog = armour.bog_check(position, on, off, move.path[0], minimum=minimum,
                                   off_board=True)  # D8.21: a woods entry hex (D2.15: its DR by Minimum Move)
            if bog is not None:
                state = state.push(bog)
        # D8.23 with A2.51: in mud or deep snow the entry hex is a hex entered like any other; its road, where
        # it crosses the map edge, is the map's (the off-board half hex's terrain is the map half hex's)
        edge = roadstate.of_hex(position, move.path[0])
        spared = n is None and _edge_road(position, off, move.path[0]) and edge is not None \
            and edge.spares_bog
        state = vmud.entered(position, state, unit.id, off, move.path[0], spared=spared)
    if moto.is_motorcycle(vt.movement) and moto.riders_of(state, on) and (
            position.map.terrain(move.path[0]) in moto.WRECK_TERRAIN or position.map.level(move.path[0]) > 1):
        state = state.push(moto.wreck_check(position, on, move.path[0], move.path[0]))  # D15.46
    if overrunning and unit.id in state.units:  # D7.1: its IFT DR after the entry's rolls and First Fire,
        # A12.41: and after the concealed units' answer (overrun.unspent takes it back if no one is left)
        attack = overrun.declare(position.at(state), state.units[unit.id], move.path[0])
        state = state.replace(decisions=(*state.decisions[:under], attack, *state.decisions[under:]))
        under += 1
    moving = state.moving
    if moving is None or moving.stopped:
        return state
    reactor = position.enemy_of(unit.side)
    if not game.can_react(position.at(state), reactor):
        return state
    from hexmate.rules.games.asl import ccreact, street

    here = position.label(move.path[0])
    react = Decision("react", reactor, T("{unit} came on from off the map into {hex}: fire at it now or pass "
                                         "(A2.5, A8.1)", unit=unit.id, hex=here),
                     "A8.1", "move_on", subject=(unit.id,), target=move.path[0])
    view = position.at(state.push(react))  # D2.401: Motion attempts (it began out of every LOS); D7.21, A11.8
    extra = (*vmotion.choices(view, reactor), *street.choices(view, reactor), *ccreact.choices(view, reactor))
    react = dataclasses.replace(react, choices=(*react.choices, *extra))
    return state.replace(decisions=(*state.decisions[:under], react, *state.decisions[under:]))


def named(action: act.Action) -> tuple[str, ...]:
    """The units an action names as actors (not an answer's choices)."""
    if isinstance(action, act.Move | act.Activate | act.Load):
        ids = tuple(action.units)
    elif isinstance(action, act.Fire):
        ids = tuple(action.firers)
    elif isinstance(action, act.Rally | act.Save | act.Smoke):
        ids = (action.unit,)
    elif isinstance(action, act.Transfer):
        ids = (action.item, action.to)
    elif isinstance(action, act.Repair):
        ids = (action.sw,)
    elif isinstance(action, act.Unload):
        ids = (action.carrier,)
    else:
        ids = ()
    return ids


def bar_off_board(position: Position, action: act.Action) -> None:
    """A2.52: a unit waiting off the map does nothing but come on (its entry is claimed before this); its
    exceptions, a squad's Deployment in the RPh and a SW it starts dismantled, are deployment.py's and
    dismantle.py's to check."""
    from hexmate.rules.games.asl import deployment, dismantle, setuplimits, vunbog

    if isinstance(action, act.Activate) and (deployment.claims(position, action)
                                              or setuplimits.claims(action)):
        return
    if dismantle.claims(action) and position.phase.id == "RPh":
        return  # A2.52: a SW may start dismantled; dismantle.py checks the off-board set-up
    if isinstance(action, act.Move) and action.mode == vunbog.MODE:
        return  # D8.3 with A2.51: bogged on its way across the off-board board (vunbog.py checks it)
    for uid in named(action):
        unit = position.units.get(uid)
        if unit is not None and unit.hex is None and (arrival.off_board(position, unit)
                                                      or arrival.aboard_off_board(position, unit)):
            raise IllegalAction(T("{unit} waits off the map: it does nothing but come on (A2.52)", unit=uid))


HOLD_THEN = "vdd_hold"
HOLD, KEEP = "hold", "keep"


def hold_setup(scenario: Scenario, hex_map: HexMap, state: State) -> State:
    """D16.8: each DD tank or unarmored amphibian the OB sets up on the map and the scenario names in
    ``options.dd_off_map`` (unit -> {"hexes": [edge hexes]}: where it would come on, which D16.8 leaves to
    the scenario) is put to its owner before play: keep it on the map, or hold it off until an MPh of his."""
    plan = arrival.HOLD_PLAN
    due = arrival.PLAN.arrivals(scenario)
    asks = []
    for uid in plan.raw(scenario):
        where = f"{scenario.source}: options.{plan.option}.{uid}"
        unit = state.units.get(uid)
        if unit is None or unit.hex is None or uid in due:
            raise DataError(f"{where}: a unit the scenario sets up on the map (D16.8)")
        if not armour.is_vehicle(unit) or not may_wait(unit):
            raise DataError(f"{where}: a DD tank (screen or dd marker) or an unarmored amphibious vehicle "
                            "(D16.8)")
        plan.entry_hexes(scenario, hex_map, uid)  # checked: board-edge hexes
        prompt = T("{unit} is set up on the map: keep it there, or hold it off the map until the MPh you "
                   "choose to bring it on (D16.8)", unit=uid)
        asks.append(Decision("confirm", unit.side, prompt, "D16.8", HOLD_THEN, choices=(KEEP, HOLD),
                             subject=(uid,)))
    return state.push(*reversed(asks)) if asks else state


def resume_hold(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D16.8: held, it leaves the map before play (its passengers with it, A2.52) and waits off it."""
    if answer.choice != HOLD:
        return position.state
    state = position.state
    uid = decision.subject[0]
    state = state.with_unit(dataclasses.replace(state.units[uid], hex=None).mark(arrival.HELD))
    for rider in [u for u in state.units.values() if u.carrier == uid]:
        state = state.with_unit(dataclasses.replace(rider, hex=None))
    return _start_control(position, state)


def _start_control(position: Position, state: State) -> State:
    """A26.11: before play the start control is recomputed without the units held off the map (D16.8)."""
    from hexmate.rules.games.asl import victory
    from hexmate.rules.games.asl.game import AslState

    held = [u.id for u in state.units.values() if u.has(arrival.HELD)]
    gs = state.game
    control = victory.initial_control(position.scenario, position.map, held=held)
    if not isinstance(gs, AslState) or gs.control == control:
        return state
    return state.replace(game=gs.replace(control=control))


_OFFERED: list[tuple[tuple[object, ...], tuple[act.Move, ...]]] = []  # the last position asked: its entries


def offered(position: Position) -> tuple[act.Move, ...]:
    """``moves`` of this position, kept for the last one asked (by identity: a state is never changed, each
    change makes a new one): generate and the legal-action listing ask about the same state more than once.
    check_end needs only each unit's first way on, so it reads ``moves`` lazily."""
    key = (position.state, position.map, position.scenario, position.charts, position.game)
    for seen, out in _OFFERED:
        if len(seen) == len(key) and all(a is b for a, b in zip(seen, key, strict=True)):
            return out
    out = tuple(moves(position))
    _OFFERED[:] = [(key, out)]
    return out


def check_end(position: Position) -> None:
    """A2.5, D2.1: a vehicle due comes on in its MPh (it may not wait for the APh); D16.8 excepted."""
    if position.phase.id != "MPh":
        return
    from hexmate.rules.games.asl import impentry  # impentry -> here

    left = [u for u in waiting(position) if not may_wait(u)]
    if left:  # only those with a way on offered now (a platoon out of MP leaves its last ones off)
        stuck = {u.id for u in left}  # those with no way on found yet
        for m in itertools.chain(moves(position), impentry.options(position)):
            stuck.discard(m.units[0])  # a unit's first way on is enough: the rest go unbuilt
            if not stuck:
                break
        left = [u for u in left if u.id not in stuck]
    if left:
        raise IllegalAction(T("{units} must enter the map this MPh: a vehicle never moves in the APh (A2.5, "
                              "D2.1)", units=", ".join(u.id for u in left)))


__all__ = ["AMPHIBIOUS", "DD", "HOLD", "HOLD_THEN", "KEEP", "MODES", "REVERSE", "aboard", "approaches",
           "bar_off_board", "begin", "check", "check_end", "claims", "entry_hexes", "entry_mp", "hold_setup",
           "may_wait", "moves", "named", "offered", "placed", "platoon_bound", "resume_hold", "split",
           "waiting"]
