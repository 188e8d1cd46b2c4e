"""ASL Armored Assault (D9.31): infantry moving stacked with a friendly AFV, and the +1 TEM it gives them.

Declared as one move of the AFV and the infantry beneath it: ``move TANK,SQ PATH as armored-assault`` (the
AFV first or not: it leads the move). What is built:

- Who may (D9.31): infantry (squads, HS, crews, SMC, with the SW they carry) that begin their MPh beneath a
  friendly armored AFV; here, neither the infantry nor the AFV has moved yet this MPh and they share the
  Location. No vehicle but that one AFV, no passenger, no unit that may not move (A4.1).
- The move: the infantry pay their MF along the path as any infantry move would (the AFV may go no farther
  than it could with the infantry along the whole way, D9.31: along a joint path, exactly the infantry's MF
  allowance), and the AFV pays its MP (D2); both checks must pass. The AFV leads (its VCA, ESB, bog, facing
  as in D2) and the infantry enter each hex with it (one Defensive First Fire target stack, A8.1).
- The TEM (D9.31, D9.3's exception): fire at those infantry in the AFV's Location gets +1 though the AFV is
  moving (Case J), in the MPh and, if the AFV is then stopped (not in Motion), in the DFPh. As any positive
  TEM it takes away FFMO in Open Ground, so with FFNAM the net is 0.
  The other D9.3 limits stand (no other positive TEM, not from the same Location).
- Double Time (D9.31 example: 6 MF): ``as armored-assault+cx`` (or ``armored-assault:CC5+cx``), declared
  with the move at the start of the infantry's MPh (A4.5: +2 MF, CX); ``armored-assault:CC5+cx1``: declared
  as they part, after spending MF (A4.5's exception: +1 MF, CX then; the example's last case).
- Parting (D9.31 example): ``as armored-assault:CC5`` has the infantry stop going with the AFV in CC5 of the
  path; the AFV goes on alone in the same move, no farther than the infantry could have gone with it all
  the way (the rest of its path in infantry MF within the MF they had left), and the infantry may then go
  on alone with those MF (mphsw's go-on markers).
- D7.1's "may" (``armored-assault:CC5+through``): the infantry never enter a Known enemy's Location with
  the AFV (A4.14), so it meets enemy infantry only after they part; beyond the parting its entries are made
  without the OVR (the hex's MP only; CC Reaction Fire at it, D7.21), as a vehicle's own ``as through``
  (``check_through``; offered beside the overrunning parting).
- Residual FP and Fire Lanes (A8.2, A9.22) attack the infantry on each hex they enter with the AFV, as any
  infantry (``infantry_with``; residual.entered), the AFV's +1 standing for them there (vcover.tem).
- In the legal actions (``generate``): each joint move and, along each of the AFV's paths, each hex where
  the infantry may part.
- Assault Movement (A4.61, D9.31's exception): ``as armored-assault+assault``: one Location only (so the AFV
  goes no farther), not all their MF; the fire at them has the AFV's +1 and neither FFMO nor FFNAM: net +1.
- The Early War Russian Doctrine (A25.212, by SSR only, ``options.early_war_russian_doctrine``; nations.py)
  refuses it to Russians.

- D6.65 with A4.12: a CE infantry leader aboard the armored halftrack (a passenger, not BU: D6.62) gives the
  MMC moving with it the leader's +2 MF, when they go with it the whole MPh (``LED``; not when they part
  from it: they would not have moved with him all the MPh), as a leader in their stack would (A4.12).

- With a platoon moving by impulses (D14.33, D14.331, D14.333): impaa.py; a plain ``armored-assault`` move
  with a radioless platoon AFV is refused, naming it.

On the pages: lifting the group lights the joint move to each hex; the partings, which no placement makes,
are listed with the other actions (game.listed_move, host/game/session.py's legal_texts).

HIP units where the infantry enter with the AFV are placed under a "?" (``hip_met``, A12.31), also by a
woods-road where the AFV alone would not make them show (A12.41).

A12.15's bump (``bumped``): a concealed real enemy in the hex the infantry enter with the AFV shows itself
(Random Selection among several) and bars them: they stay in the Location they left, lose their "?", and
their MPh ends there; the AFV goes on along the path declared (A12.4: a "?" does not stop a vehicle; D9.31:
the infantry's MF already bound that path), meeting what is there as vconceal has it (A12.41). Not when it
bypasses the hex (A12.151).

The Residual FP and Fire Lanes where they stay attack them there again, first (A12.15 with A8.22: even if
they attacked them there this phase; residual.again, as bump.py has it for infantry moving alone).

The bumped infantry may draw Defensive First Fire where they stay (A12.15: the MF spent trying to enter count
as spent there; A8.1): marked ``BUMPED``, they are moving targets (fire.moving_targets, ``bumped_targets``)
in the reaction windows of the AFV's move, as riders bailing out are (D6.24), with FFNAM and, in Open
Ground, FFMO, and without the AFV's +1 (it has left them); until the next move begins or the MPh ends.

- With a Human Wave (D14.33, D14.331, D14.332): hwaa.py, one impulse at a time; ``bar_wave`` refuses the
  Cavalry Wave's for good (A13.62).

Not built: A12.15's trench or shellhole TEM that bumped infantry do not have against that First Fire (no
Armored Assault starts in one here: the AFV would not be in it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import (
    armour,
    carry,
    hw,
    moto,
    mphsw,
    nations,
    platoon,
    radioless,
    residual,
    vmove,
    vrecall,
)
from hexmate.rules.games.asl import overrun as ovr
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = "armored-assault"
PREFIX = "aa:"  # on each infantry unit for the Player Turn: "aa:<AFV id>" (D9.31)
BUMPED = "aa_bump_ff"  # A12.15: bumped back, a First Fire target where they stay until the next move begins


PART = "aapart"  # aapart<k>: on the AFV while its infantry are with it; they part on its hex k+1 (D9.31)


DT = "+cx"  # ``armored-assault+cx``: the infantry Double Time from the start of their MPh (A4.5: +2 MF, CX)


LATE = "+cx1"  # ``armored-assault:CC5+cx1``: Double Time declared as they part, after spending MF (A4.5: +1)


THROUGH = "+through"  # ``armored-assault+through``: the AFV's entry without its OVR (D7.1; a Human Wave's
# joint entry, hwovr.py; elsewhere its entries after the infantry part, ``check_through``)


AM = "+assault"  # ``armored-assault+assault``: the infantry declare Assault Movement (A4.61, D9.31)
LED = "aa_led"  # D6.65, A4.12: moving all the MPh with a halftrack whose CE passenger leader gives them +2 MF


def _base_mode(mode: str) -> str:
    for suffix in (LATE, DT, AM, THROUGH):
        if mode.endswith(suffix):
            return mode[: -len(suffix)]
    return mode


def bar_wave(units: list[UnitState]) -> None:
    """D14.33: a Cavalry Wave (A13.62) never has Armored Assault (a Human Wave has it as D14.332 says:
    hwaa.py)."""
    from hexmate.rules.games.asl import cavalry

    for u in units:
        if u.has(hw.MARKER) and cavalry.mounted(u):
            raise IllegalAction(T("{unit} is in a Cavalry Wave: no Armored Assault for it (D14.33, A13.62)",
                                  unit=u.id), "A13.62")


def late(move: act.Move) -> bool:
    """Double Time declared by the infantry when they part, having spent MF: +1 MF, CX then (A4.5)."""
    return move.mode.endswith(LATE)


def claims(move: act.Move) -> bool:
    mode = _base_mode(move.mode)
    return mode == MODE or mode.startswith(MODE + ":")


def through(move: act.Move) -> bool:
    """D7.1's "may": the AFV enters enemy infantry without its OVR: in a Human Wave the joint entry
    (hwovr.py); elsewhere the hexes it enters after its infantry part (``check_through``)."""
    return move.mode.endswith(THROUGH)


def foot_mode(move: act.Move) -> str:
    """The infantry's own way of moving within the Armored Assault: Double Time (A4.5), Assault Movement
    (A4.61), or none."""
    if move.mode.endswith(AM):
        return "assault"
    return "cx" if move.mode.endswith(DT) else ""


def parting_hex(move: act.Move) -> str | None:
    """The label of the hex where a declared parting leaves the infantry (``armored-assault:CC5``), None for
    a joint move to the end."""
    mode = _base_mode(move.mode)
    return mode[len(MODE) + 1:] if mode.startswith(MODE + ":") else None


def parting(position: Position, move: act.Move) -> int:
    """The index in the path of the hex where the infantry stop going with the AFV: ``armored-assault:CC5``
    parts there (the AFV goes on alone, D9.31 example), plain ``armored-assault`` at the path's end."""
    mode = _base_mode(move.mode)
    if mode == MODE:
        return len(move.path) - 1
    label = mode[len(MODE) + 1:]
    try:
        where = position.map.parse_label(label)
    except Exception:
        where = None
    if where is None or where not in move.path[1:-1]:
        raise IllegalAction(T("the infantry part from the AFV in a hex of its path before its end, not {hex} "
                              "(D9.31)", hex=label), "D9.31")
    return move.path.index(where)


def marker(afv: str) -> str:
    return f"{PREFIX}{afv}"


def partner(unit: UnitState) -> str | None:
    """The AFV this unit is in Armored Assault with (D9.31), or None."""
    for m in unit.markers:
        if m.startswith(PREFIX):
            return m[len(PREFIX):]
    return None


def _armored(unit: UnitState) -> bool:
    try:
        return vehicle_of(unit.values).armored
    except Exception:  # a counter the catalogue refuses is reported where it is set up (armour.check_counter)
        return False


def split(position: Position, move: act.Move) -> tuple[UnitState, list[UnitState]]:
    """(the AFV, the infantry and the SW they carry) of an Armored Assault move, checked (D9.31)."""
    units = [position.units[u] for u in move.units if u in position.units]
    if len(units) != len(move.units):
        raise IllegalAction(T("a unit of the Armored Assault is not on the map"), "D9.31")
    afvs = [u for u in units if armour.is_vehicle(u)]
    if len(afvs) != 1:
        raise IllegalAction(T("Armored Assault is infantry moving with one AFV (D9.31)"), "D9.31")
    afv, infantry = afvs[0], [u for u in units if not armour.is_vehicle(u)]
    people = [u for u in infantry if u.type != "sw"]
    if not people:
        raise IllegalAction(T("Armored Assault needs infantry moving with {afv} (D9.31)", afv=afv.id),
                            "D9.31")
    if not _armored(afv) or afv.has("wreck") or afv.has("abandoned"):
        raise IllegalAction(T("{afv} is no AFV: only an AFV covers an Armored Assault (D9.31)", afv=afv.id),
                            "D9.31")
    for u in people:
        if u.side != afv.side:
            raise IllegalAction(T("{unit} may only move with a friendly AFV (D9.31)", unit=u.id), "D9.31")
        if u.carrier is not None:
            raise IllegalAction(T("passengers move with their vehicle until they unload"), "D6.5")
        if u.hex != afv.hex or u.level != afv.level:
            raise IllegalAction(T("{unit} is not beneath {afv}: Armored Assault begins in the AFV's "
                                  "Location (D9.31)", unit=u.id, afv=afv.id), "D9.31")
    moved = set(position.state.moved)
    for u in (afv, *people):
        started = u.id in moved or u.has("entered") or (armour.is_vehicle(u) and armour.spent_of(u) > 0)
        if started:
            raise IllegalAction(T("{unit} has already moved this MPh: Armored Assault is by infantry that "
                                  "begin their MPh beneath the AFV (D9.31)", unit=u.id), "D9.31")
    return afv, infantry


def check(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """D9.31: the infantry's move along the path checked as infantry (A4.1: their MF), the AFV's as a
    vehicle's (D2: its MP); the move then goes with the AFV leading and costs what the AFV pays."""
    if position.phase.id != "MPh":
        raise IllegalAction(T("units move only in the Movement Phase, not the {phase}",
                              phase=position.phase.name), "A3.3")
    if hw.in_wave(position.units[u] for u in move.units if u in position.units):
        from hexmate.rules.games.asl import hwaa

        return hwaa.check(game, position, move)  # D14.33, D14.332: in the wave's impulses
    afv, infantry = split(position, move)
    bar_wave(infantry)
    if nations.early_war_doctrine(position, afv.side):  # A25.212 (by SSR): no Armored Assault for Russians
        raise IllegalAction(
            T("the Early War Russian Doctrine of this scenario bars Armored Assault (A25.212)"), "A25.212")
    if radioless.radioless(afv) and not afv.has(radioless.PASSED) and platoon.in_platoon(position, afv):
        raise IllegalAction(T("{afv} is in a platoon: the infantry beneath it move with it by impulses (move "
                              "{afv},INFANTRY A-B as impulse) (D14.33, D14.333)", afv=afv.id), "D14.33")
    radioless.bar(position, afv)  # D14.23, D14.33: a radioless platoon AFV moves with its platoon
    k = parting(position, move)
    if through(move):  # D7.1: the AFV's entries after the parting, without its OVR
        check_through(position, afv, move, k)
    if foot_mode(move) == "assault" and len(move.path) != 2:  # D9.31: no farther than they could go
        raise IllegalAction(T("under Assault Movement the infantry go one Location only, so the AFV with "
                              "them goes no farther (A4.61, D9.31)"), "A4.61")
    if k == len(move.path) - 1 and passenger_leader(position, afv) is not None:
        position = position.at(led(position.state, infantry))  # D6.65, A4.12: his +2 MF
    on_foot = game.check_move(position, act.Move(tuple(u.id for u in infantry), move.path[:k + 1], None,
                                                 foot_mode(move)))
    alone = act.Move((afv.id,), move.path, None, moto.THROUGH if through(move) else "")
    driven = vrecall.check(position, alone) if vrecall.forced(afv) else armour.check_move(position, alone)
    if late(move):  # A4.5: declared after spending MF; only as they part here (D9.31 example's last case)
        if k == len(move.path) - 1:
            raise IllegalAction(T("Double Time declared as the infantry part needs the hex where they part "
                                  "(armored-assault:HEX+cx1) (A4.5, D9.31)"), "A4.5")
        for unit in (u for u in infantry if u.type != "sw"):
            if unit.has("cx") or unit.has("no_dt") or unit.has("wounded"):
                raise IllegalAction(T("{unit} may not Double Time: CX now or at the start of this MPh, or "
                                      "wounded", unit=unit.id), "A4.5")
    if k < len(move.path) - 1:  # D9.31: no farther than the infantry could have gone with it all the way
        left = left_at_parting(game, position, move, [u for u in infantry if u.type != "sw"], on_foot)
        step = asl_terrain.infantry_cost_fn(position)
        further: int | Fraction = 0
        for a, b in zip(move.path[k:], move.path[k + 1:], strict=False):
            cost = step(position.map, a, b)
            if cost is None:
                raise IllegalAction(T("{afv} may go no farther than its infantry could: they may not enter "
                                      "{hex} (D9.31)", afv=afv.id, hex=position.label(b)), "D9.31")
            further += cost
        if further > left:
            raise IllegalAction(T("{afv} may go no farther than its infantry could with it all the way: "
                                  "{cost} MF more, they had {left} MF left (D9.31)", afv=afv.id,
                                  cost=str(further), left=str(left)), "D9.31")
    ids = (afv.id, *(u for u in on_foot.units if u != afv.id))
    return act.Move(ids, move.path, driven.cost, move.mode)


def check_through(position: Position, afv: UnitState, move: act.Move, k: int) -> None:
    """D7.1's "may" in a plain Armored Assault (``armored-assault:HEX+through``): the infantry may not enter
    a Location of Known enemy units with it (A4.14), so the AFV meets enemy infantry only on its own, after
    they part; there it enters without its OVR (the hex's MP only, no quarter MPA), and the enemy infantry
    may attack it by CC Reaction Fire (D7.21) as at any vehicle's entry ``as through``. Refused where the
    AFV's own part of the path would overrun nothing."""
    if k == len(move.path) - 1:
        raise IllegalAction(T("{afv}'s infantry may not enter an enemy Location with it (A4.14): name the "
                              "hex where they part, and the AFV enters without its Overrun beyond it "
                              "(armored-assault:HEX+through) (D7.1, D9.31)", afv=afv.id), "D7.1")
    if not any(ovr.overruns(position, afv, h) for h in move.path[k + 1:]):
        raise IllegalAction(T("{afv} overruns nothing beyond the hex where its infantry part: no +through "
                              "(D7.1)", afv=afv.id), "D7.1")


def left_at_parting(game: AslGame, position: Position, move: act.Move, people: list[UnitState],
                    walked: act.Move) -> Fraction:
    """D9.31: the MF the infantry have left where they part from the AFV (their allowance, with a leader
    or Double Time, less what they spent with it; +1 if they declare Double Time only then, A4.5): how far
    the AFV may still go, and what they may go on with alone."""
    mf = game.group_budget(people, foot_mode(move), position.state, position=position)
    if late(move):
        mf += vmove.double_time_mf(after_moving=True)
    return vmove.armored_assault_left(mf, walked.cost or 0)


def begin(game: AslGame, position: Position, move: act.Move) -> State:
    """The infantry are marked as in Armored Assault with the AFV for this Player Turn, the AFV with where
    they part and the MF they will have left then (``aapart<k>:<halves>``, D9.31)."""
    state = position.state
    afv = move.units[0]
    k = parting(position, move)
    if k < len(move.path) - 1:
        people = [state.units[u] for u in move.units[1:] if u in state.units and state.units[u].type != "sw"]
        walked = game.check_move(position, act.Move(move.units[1:], move.path[:k + 1], None, foot_mode(move)))
        left = left_at_parting(game, position, move, people, walked)
        tail = ":cx" if late(move) else ""  # A4.5: CX as they part
        state = state.with_unit(state.units[afv].mark(f"{PART}{k}:{int(left * 2)}{tail}"))
        if through(move):  # D7.1: beyond the parting it enters without its OVR (``check_through``)
            state = state.with_unit(moto.check_through(state.units[afv]))
    if k == len(move.path) - 1 and passenger_leader(position, state.units[afv]) is not None:
        state = led(state, [state.units[u] for u in move.units[1:] if u in state.units])  # D6.65, A4.12
    for uid in move.units[1:]:
        unit = state.units.get(uid)
        if unit is not None and unit.type != "sw":
            unit = unit.mark(marker(afv))
            way = {"cx": "cx", "assault": "assault"}.get(foot_mode(move))  # A4.5: Double Time: CX; A4.61
            state = state.with_unit(unit.mark(way) if way else unit)
    return state


def moves(game: AslGame, position: Position, afv: UnitState,
          infantry: tuple[str, ...]) -> dict[Hex, act.Move]:
    """The Armored Assault moves on offer: each hex the AFV reaches by its own path, if the infantry can
    walk that path with it (D9.31)."""
    if hw.in_wave(position.units[u] for u in infantry if u in position.units):
        from hexmate.rules.games.asl import hwaa

        return hwaa.moves(game, position, afv, infantry)  # D14.33: one Location in the wave's impulse
    out: dict[Hex, act.Move] = {}
    ids = (afv.id, *infantry)
    walk = game.moves_for(position, frozenset(infantry))  # A4.1: where the infantry may go at all
    for h, m in armour.moves_for(position, afv).items():
        if h not in walk:
            continue
        try:
            out[h] = check(game, position, act.Move(ids, m.path, None, MODE))
        except IllegalAction:
            continue
    return out


def generate(game: AslGame, position: Position) -> Iterator[act.Move]:
    """D9.31 in the legal actions: for each friendly AFV with infantry beneath it that may still move, the
    joint moves (``as armored-assault``) and, along each path, the variants where the infantry part in a hex
    of it (``as armored-assault:HEX``) and the AFV goes on alone."""
    if position.phase.id != "MPh" or position.state.moving is not None:
        return
    from hexmate.rules.games.asl import hwaa

    yield from hwaa.generate(game, position)  # D14.33: the wave's AFV in its later impulses
    moved = set(position.state.moved)
    for afv in sorted(position.units.values(), key=lambda u: u.id):
        if afv.side != position.phasing or not armour.is_vehicle(afv) or afv.hex is None \
                or afv.id in moved or radioless.barred(position, afv):
            continue
        people = [u for u in position.units.values() if u.hex == afv.hex and u.level == afv.level
                  and u.side == afv.side and u.carrier is None and u.type != "sw"
                  and not armour.is_vehicle(u) and game.can_move(position, u) is None]
        if not people:
            continue
        infantry = carry.with_carried(position.state, sorted(people, key=lambda u: u.id))
        ids = (afv.id, *infantry)
        for m in armour.moves_for(position, afv).values():
            for k in range(1, len(m.path)):
                mode = MODE if k == len(m.path) - 1 else f"{MODE}:{position.label(m.path[k])}"
                # D7.1's "may": the AFV's part beyond the parting hex entered without its OVR
                for way in (mode, mode + THROUGH) if k < len(m.path) - 1 else (mode,):
                    try:
                        yield check(game, position, act.Move(ids, m.path, None, way))
                    except IllegalAction:
                        continue


def _parting_mark(afv: UnitState) -> tuple[str, int, Fraction, bool] | None:
    for m in afv.markers:
        if m.startswith(PART) and ":" in m:
            k, halves, *rest = m[len(PART):].split(":")
            if k.isdigit() and halves.isdigit():
                return m, int(k), Fraction(int(halves), 2), rest == ["cx"]
    return None


def part(state: State) -> State:
    """D9.31: as the AFV enters the hex after the parting one, its infantry stay behind: they are no longer
    moving, have moved, and may go on alone with the MF they have left (mphsw's ``mfleft``/``sw_pause``)."""
    moving = state.moving
    if moving is None or moving.units[0] not in state.units:
        return state
    afv = state.units[moving.units[0]]
    mark = _parting_mark(afv)
    if mark is None or moving.at != mark[1] + 1:
        return state
    stay = tuple(u for u in moving.units[1:] if u in state.units)
    people = [u for u in stay if state.units[u].type != "sw"]
    state = state.with_unit(afv.mark(remove=(mark[0],)))
    state = state.replace(moving=dataclasses.replace(moving, units=(afv.id,)),
                          moved=(*state.moved, *(u for u in stay if u not in state.moved)))
    for uid in people if mark[3] else ():  # A4.5: their Double Time, declared now
        state = state.with_unit(state.units[uid].mark("cx"))
    if people and mark[2] > 0:
        state = mphsw.after_move(state, people, mark[2])
        for uid in people:
            state = state.with_unit(state.units[uid].mark(mphsw.PAUSE))
    return state


def bumped(game: AslGame, position: Position) -> State:
    """A12.15 with A12.4 and D9.31: the infantry entering a hex with the AFV enter it as infantry do, so a
    concealed real enemy unit there bars them: its owner reveals one (Random Selection among several:
    ``bump_reveal``), and they stay in the Location they left, lose their "?", and their MPh ends there
    (no going on alone: the parting the move may have named is void). A "?" does not stop the vehicle
    (A12.4): the AFV goes on, no farther than the path declared, which the infantry's MF bound along its
    whole length (D9.31); what it meets there is vconceal's (A12.41). Not when it bypasses the hex (A12.151:
    the infantry go round with it), nor where only dummies are (they go as the AFV's entry has them go).
    HIP units there are first placed under a "?" (A12.31, as ``hip_met``), and so bar the infantry too."""
    from hexmate.rules.decisions import Decision
    from hexmate.rules.games.asl import berserk, bump, hip, vbypass

    state = position.state
    moving = state.moving
    if moving is None or moving.units[0] not in state.units:
        return state
    afv = state.units[moving.units[0]]
    people = infantry_with(state, moving.units)
    if not people or vbypass.across_of(afv) is not None:
        return state
    state = hip.reveal(game, state, hip.at(game, position, moving.here, afv.side), keep_concealed=True)
    position = position.at(state)
    real = sorted((u for u in position.units_at(moving.here)
                   if u.side != afv.side and u.concealed and u.type != "dummy"), key=lambda u: u.id)
    if not real:
        return state
    mark = _parting_mark(afv)
    if mark is not None:
        state = state.with_unit(afv.mark(remove=(mark[0],)))
    state = state.replace(moving=dataclasses.replace(moving, units=(afv.id,)),
                          moved=(*state.moved, *(u for u in people if u not in state.moved)))
    # A12.15: the MF they spent trying to enter count as spent where they stay (kept for A15.431: bump.turned)
    spent = berserk.spent_so_far(game, position, dataclasses.replace(moving, units=people))
    for uid in people:
        unit = state.units[uid]
        if unit.concealed:  # A12.15: a unit bumped back loses its "?"
            unit = unit.revealed()
        unit = unit.mark(BUMPED)  # A12.15, A8.1: First Fire may meet them where they stay
        state = state.with_unit(unit.mark(bump.spent_marker(spent)) if unit.type != "sw" else unit)
    stay = state.units[people[0]].hex
    assert stay is not None
    # A12.15 with A8.22: the Residual FP and lanes where they stay attack them again, before other First Fire
    state, attacks = residual.again(position, state, people, stay)
    if len(real) == 1:
        return state.with_unit(real[0].revealed()).push(*attacks)
    ids = tuple(u.id for u in real)
    return state.push(Decision(
        "units", real[0].side,
        T("Random Selection: name the concealed unit at {hex} that shows itself",
          hex=position.label(moving.here)),
        "A12.15", "bump_reveal", units=ids, subject=ids, target=moving.here), *attacks)


def bumped_targets(position: Position) -> list[UnitState]:
    """A12.15, A8.1: the Armored Assault infantry bumped back during the move now under way, moving targets
    of Defensive First Fire where they stay (the MF spent trying to enter count as spent there)."""
    return sorted((u for u in position.units.values() if u.has(BUMPED) and u.side == position.phasing
                   and u.hex is not None), key=lambda u: u.id)


def moved_on(state: State) -> State:
    """A12.15: a new move begins (or the MPh ends): the bumped infantry are no longer moving targets."""
    for unit in [u for u in state.units.values() if u.has(BUMPED)]:
        state = state.with_unit(unit.mark(remove=(BUMPED,)))
    return state


def infantry_with(state: State, moving: tuple[str, ...]) -> tuple[str, ...]:
    """The infantry (and the SW they carry) moving with the AFV that leads ``moving`` in an Armored
    Assault (D9.31); none for any other vehicle move."""
    rest = [state.units[u] for u in moving[1:] if u in state.units]
    if not any(partner(u) == moving[0] for u in rest):
        return ()
    return tuple(u.id for u in rest if not armour.is_vehicle(u))


def passenger_leader(position: Position, afv: UnitState) -> UnitState | None:
    """D6.65: a CE infantry leader aboard the armored halftrack (a Good Order, unpinned passenger that is not
    BU, D6.62), whose A4.12 bonus the infantry moving with it the whole MPh get; else None."""
    from hexmate.rules.games.asl import mounted
    from hexmate.rules.games.asl import units as au

    if mounted.role(afv) != mounted.HT_PASSENGER:
        return None
    return next((u for u in sorted(position.units.values(), key=lambda u: u.id)
                 if u.carrier == afv.id and au.can_direct(u) and not mounted.bu_passenger(position, u)), None)


def led(state: State, units: list[UnitState]) -> State:
    """The MMC among ``units`` marked as moving with a halftrack's CE passenger leader (D6.65, A4.12)."""
    from hexmate.rules.games.asl import units as au

    for unit in units:
        if unit.type in au.MMC:
            state = state.with_unit(state.units[unit.id].mark(LED))
    return state


def covers(position: Position, vehicle: UnitState, units: list[UnitState]) -> bool:
    """D9.31: does this AFV give the Armored Assault +1 TEM to these infantry now? All of them moved with
    it, it shares their Location, and it is this MPh or, the AFV stopped (not in Motion), the DFPh."""
    people = [u for u in units if u.type != "sw"]
    if not people or any(partner(u) != vehicle.id for u in people):
        return False
    if vehicle.has("wreck") or vehicle.has("burning") or vehicle.has("dug_in") or not _armored(vehicle):
        return False
    phase = position.phase.id
    return phase == "MPh" or (phase == "DFPh" and not vehicle.has("motion"))


def hip_met(game: AslGame, position: Position, afv_id: str) -> State:
    """D9.31 with A12.31: the infantry going with the AFV enter each hex as infantry do, so HIP enemy units
    there are placed on it under a "?" (A12.15), whether or not the AFV itself would make them show (A12.41:
    not by a woods-road). Not when it bypasses the hex (A12.151: the infantry go round with it)."""
    from hexmate.rules.games.asl import hip, vbypass

    afv = position.units.get(afv_id)
    if afv is None or afv.hex is None or vbypass.across_of(afv) is not None:
        return position.state
    return hip.reveal(game, position.state, hip.at(game, position, afv.hex, afv.side), keep_concealed=True)


def end_of_turn(state: State) -> State:
    """The Armored Assault markers go when the DFPh is over (D9.31: its TEM lasts no longer)."""
    for unit in list(state.units.values()):
        mine = tuple(m for m in unit.markers if m.startswith(PREFIX) or m.startswith(PART) or m == LED)
        if mine:
            state = state.with_unit(unit.mark(remove=mine))
    return state


__all__ = ["BUMPED", "LED", "MODE", "bar_wave", "begin", "bumped_targets", "check", "claims", "covers",
           "end_of_turn", "generate", "infantry_with", "led", "left_at_parting", "moved_on", "moves",
           "partner", "passenger_leader", "split"]
