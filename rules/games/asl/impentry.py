"""ASL platoon AFVs coming onto the map by impulses (D14.212 with A2.5-A2.52, D2.12; impulse.py plays them).

``move AFV ENTRY as impulse_in``: an AFV of a platoon waiting off the map (ventry.py's entry plan) comes on
at one of its open entry hexes as its one MP action of an impulse (D14.31), for the entry hex's MP as from
off-board Open Ground (A2.51, ventry.entry_mp), in Motion (D2.12: no start MP), forward, with the VCA that
holds the entry hex and points most into the map (the cheapest; a turn is a later impulse's action, D2.11).

D14.212: only part of a platoon may come on at an impulse's end; for D14.21 the mates still off the map are
in the off-board hex beside their first open entry hex, with LOS to and from them (impedge.sees). They are
kept in the game state's ``imp_away`` as the mates impedge.py keeps when they leave the map, so the impulse's
end checks the formation with them; one taken off that list as it comes on. The impulse costs it what it
costs the platoon (D14.31), counted from the MP the platoon spent before it came on (it was with it off the
map). The impulse's end opens the Defensive First Fire windows at the entry hex (D14.32). The platoon's MPh
may end only when no AFV due this turn could still come on (D14.212 with A2.5, ``check_done``): a vehicle
never moves in the APh (D2.1).

A woods or building entry hex calls for the platoon's one bog DR at the impulse's end (D8.21, D14.21: the
AFV's impulse began in the off-board hex it came from). Mud and deep snow (D8.23 with A2.51): its off-board
hexes crossed and the entry hex count for the platoon's one secret DR as a lone vehicle's do (``mud_hexes``,
impmud.came_on); bogged in an off-board hex, it stays off the map and comes on no more this MPh.
D2.401: it began its MPh off the map, out of every
LOS (A2.51), so it carries vmotion's ``came_on`` marker with its entry MP, and an enemy vehicle seeing the
entry hex may attempt Motion in the impulse's window there (D14.32); in a later impulse's window all the MP
it spent in that vehicle's LOS count, each impulse's cost where it spent it (impulse.log_mp, D14.31).

D14.33 with A2.5, A2.51 and D9.31: ``move AFV,INF[,INF...] ENTRY as impulse_in``: infantry waiting off the
map, due now, with ENTRY among their open entry hexes, come on with the AFV as their one MF action,
paying the entry hex's MF as from off-board Open Ground (A2.51) out of their own MF; from then on they are the
platoon's Armored Assault stack (impaa.py), the +1 TEM of D9.31 theirs in the AFV's Location; the SW they
possess come on with them (A4.43), named in the move as any infantry move names them. Off the map they
count as beneath the AFV (they began their MPh with it, D9.31) when both come on from the off-board hex beside
the entry hex, or when they were set up in its off-board hex deeper on the off-board board (A2.51): then they
cross it with the AFV in this same first impulse, 1 MF an Open Ground hex to the off-board hex it comes on
from (``_crossing``), the AFV its own MP (ventry.approaches); set up apart from it, they are refused (D9.31).
One stack only (D14.333), never a Human Wave (D14.332).

``move AFV ENTRY as impulse_in_rev`` backs it on (D2.2): the entry hex one of its rear hexes (D2.22), at its
reverse rate (D2.21), not towing nor without a REV; it is then in reverse for D14.21's status, as are its
mates still off the map, so a mate coming on the other way in the platoon's MPh is refused (D14.21).

Enemy units in the entry hex (D7.1, D7.13, A12.41, D2.6): a known one bars the hex (A2.5 with A4.14,
arrival.py: the shared reading, for vehicles too). An enemy AFV, concealed, is where no impulse may end
(D2.6): refused. Concealed enemy infantry: the AFV enters; backing on it makes no Overrun (D7.13: none in
reverse; D7.1: the OVR is the mover's choice, so the entry itself is allowed), and, OVR or not, entering
their Location (not by bypass, nor by a woods-road carried on from the off-board half hex) puts A12.41's
question to their owner: reveal them all or one PAATC (vconceal.py, asked by game.begin_move as it comes
on); they may attack it in the impulse's window as after any MP spent in their Location (D7.21, A12.41's
last sentence).
D7.1 with A12.41: coming on forward into the Location of concealed enemy infantry is an Overrun of it (a
quarter of its printed MP, FRU, added to the impulse's entry MP; impovr.py's attack at the impulse's end,
after A12.41's question and the windows), or ``as impulse_in_through`` an entry without it nor its MP.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import aa, armour, arrival, carry, hw, impaa, offboard, platoon, ventry, vmotion
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import DIRECTIONS, Hex, direction_between, distance, opposite
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

IN = "impulse_in"
IN_REV = "impulse_in_rev"  # D2.2, D2.22: backing on, the entry hex one of its rear hexes
IN_THROUGH = "impulse_in_through"  # D7.1: forward into concealed infantry's entry hex without the OVR
MODES = (IN, IN_REV, IN_THROUGH)


def waiting(position: Position, name: str, side: str) -> list[UnitState]:
    """The AFVs of platoon ``name`` off the map and due now."""
    return sorted((u for u in position.units.values() if u.side == side and platoon.name_of(u) == name
                   and armour.is_vehicle(u) and arrival.off_board(position, u) and not _stuck(u)
                   and arrival.due_turn(position, u.id) <= position.turn), key=lambda u: u.id)


def _stuck(unit: UnitState) -> bool:
    """D8.23 with A2.51: bogged (or mired) on its way across the off-board board (impmud.bog_off): it comes
    on no more this MPh (D8.21)."""
    return unit.has("bogged") or unit.has("mired")


def _approach(position: Position, unit: UnitState, entry: Hex,
              back: bool = False) -> tuple[Fraction, int, Hex] | None:
    """The cheapest entry, and of those the VCA with the most of its two hexes (backing, of its two rear
    hexes, D2.22) on the map (D2.11): its MP, that VCA, the off-board hex it comes from."""
    ways = ventry.approaches(position, unit, entry, back)
    if not ways:
        return None
    ahead = fc.rear_hexes if back else fc.front_hexes
    g = min(ways, key=lambda k: (ways[k][0], -sum(h in position.map for h in ahead(entry, k)), k))
    return ways[g][0], g, ways[g][1]


def came_from(position: Position, unit: UnitState, entry: Hex, back: bool = False) -> Hex:
    """The off-board hex the AFV came on from (the impulse's start, for its bog DR: D8.21, D14.21)."""
    way = _approach(position, unit, entry, back)
    assert way is not None
    return way[2]


def mud_hexes(position: Position, unit: UnitState, entry: Hex, back: bool) -> tuple[tuple[Hex, ...], bool]:
    """D8.23 with A2.51, as for a lone vehicle (vmudoff.py): the off-board hexes its way on crosses that count
    for the platoon's mud or deep-snow bog DR (none along a paved or plowed off-board road), and whether the
    entry hex counts (not where its road, crossing the map edge, is paved or plowed: the off-board half hex
    is the map half hex's terrain)."""
    from hexmate.rules.games.asl import roadstate, vmudoff

    way = _approach(position, unit, entry, back)
    assert way is not None
    _, g, off = way
    crossed = tuple(vmudoff.hexes(position, unit, off, g, back))
    edge = roadstate.of_hex(position, entry)
    road = opposite(direction_between(off, entry)) in position.map.road_exits(entry)
    return crossed, not (road and edge is not None and edge.spares_bog)


def _backing(position: Position, unit: UnitState, entry: Hex, back: bool, crew: list[UnitState]) -> None:
    """D2.2-D2.23 with D14.21: the refusals of coming on in reverse, or forward beside mates backing; and an
    enemy AFV in the entry hex, where the impulse would end (D2.6)."""
    from hexmate.rules.games.asl import impedge, impulse, overrun

    vt = armour.vtype(unit)
    if back and unit.has("towing"):
        raise IllegalAction(T("{unit} is towing and may not move in reverse (D2.2)", unit=unit.id), "D2.2")
    if back and vt.rev == 0:
        raise IllegalAction(T("{unit} has no reverse rate: it does not move in reverse", unit=unit.id),
                            "D2.21")
    want = "reverse" if back else "moving"
    name = platoon.name_of(unit)
    mates = crew or (platoon.roster(position.state, name, unit.side) if name is not None else [])
    others = [impulse.status(u) for u in mates if u.hex is not None and u.id != unit.id]
    others += [st for _, _, st in impedge.away(position, crew)] if crew else []
    if any(st != want for st in others if st != "stopped"):
        raise IllegalAction(T("{unit} would come on {way} while its platoon moves the other way: all its "
                              "AFVs end the impulse in one status, forward or reverse (D14.21)", unit=unit.id,
                              way=T("in reverse") if back else T("forward")), "D14.21")
    if overrun.closed(position, unit.side, entry):
        raise IllegalAction(T("{unit} may not end an impulse in {hex}: an enemy AFV is there", unit=unit.id,
                              hex=position.label(entry)), "D2.6")


def off_hex(position: Position, unit: UnitState, near: Hex) -> Hex | None:
    """D14.212: where a mate still off the map stands for D14.21: the off-board hex beside one of its open
    entry hexes nearest to ``near`` (the hex its mate came on at)."""
    offs = [e + d for e in ventry.entry_hexes(position, unit) for d in DIRECTIONS
            if e + d not in position.map]
    return min(offs, key=lambda h: (distance(h, near), h.q, h.r)) if offs else None


def check(position: Position, move: act.Move, crew: list[UnitState], allowance: int,
          spent: Fraction, now: dict[str, Fraction]) -> act.Move:
    """``crew``: the platoon moving now (empty before its first action), its allowance and MP spent so far,
    and what each spent in the impulse now being made (impulse.py's accounting)."""
    infantry = len(move.units) > 1 and all(u in position.units and not armour.is_vehicle(position.units[u])
                                           for u in move.units[1:])
    if (len(move.units) != 1 and not infantry) or len(move.path) != 1:
        raise IllegalAction(T("one AFV comes on at a time: move AFV ENTRY as impulse_in"), "D14.212")
    unit = position.units[move.units[0]]
    name = platoon.name_of(unit)
    if not armour.is_vehicle(unit) or name is None or not arrival.off_board(position, unit):
        raise IllegalAction(T("{unit} is not an AFV of a platoon waiting off the map", unit=unit.id),
                            "D14.212")
    if unit.side != position.phasing:
        raise IllegalAction(T("only the phasing side's units enter the map (A2.5)"))
    if _stuck(unit):
        raise IllegalAction(T("{unit} is bogged off the map: it comes on no more this MPh (D8.21, D8.23, "
                              "A2.51)", unit=unit.id), "D8.23")
    turn = arrival.due_turn(position, unit.id)
    if position.turn < turn:
        raise IllegalAction(T("{unit} enters on turn {turn} (A2.5)", unit=unit.id, turn=turn))
    if crew and platoon.name_of(crew[0]) != name:
        raise IllegalAction(T("the platoon of {units} is moving: its MPh is over first",
                              units=", ".join(u.id for u in crew)), "D14.3")
    moved = [u.id for u in platoon.roster(position.state, name, unit.side) if u.id in position.state.moved]
    if moved and not crew:
        raise IllegalAction(T("a platoon moves together: {units} has moved this MPh", units=", ".join(moved)),
                            "D14.21")
    entry = move.path[0]
    if entry not in ventry.entry_hexes(position, unit):
        raise IllegalAction(T("{hex} is not an open entry hex of {unit} this turn (A2.5)",
                              hex=position.label(entry), unit=unit.id))
    back = move.mode == IN_REV
    _backing(position, unit, entry, back, crew)
    way = _approach(position, unit, entry, back)
    if way is None:
        raise IllegalAction(T("{unit} may not enter {hex}", unit=unit.id, hex=position.label(entry)), "A2.51")
    cost = way[0] + _ovr_mp(position, unit, entry, move.mode)
    go = platoon.PlatoonMove(min(allowance, int(armour.budget(unit))), spent)
    go.impulse({**now, unit.id: cost})  # D14.31: past the slowest AFV's MP, refused
    if infantry:
        ids, _ = _check_infantry(position, move, unit, way[2], way[1], [u.id for u in crew])
        return act.Move((unit.id, *ids), move.path, cost, move.mode)
    return act.Move(move.units, move.path, cost, move.mode)


def _ovr_mp(position: Position, unit: UnitState, entry: Hex, mode: str) -> int:
    """D7.1 with A12.41: coming on forward into an entry hex of concealed enemy infantry (a known one bars
    it, A2.5) is an Overrun of it, a quarter of its printed MP (FRU) spent there, unless the mover enters
    ``as impulse_in_through`` (D7.1's "may"); backing on, none (D7.13)."""
    from hexmate.rules.games.asl import overrun

    if mode == IN_THROUGH:
        if not overrun.is_overrun(position, unit.side, entry) or not overrun.may_overrun(position, unit):
            raise IllegalAction(T("{unit} would not overrun {hex}: come on as impulse_in", unit=unit.id,
                                  hex=position.label(entry)), "D7.1")
        return 0
    if mode == IN and overrun.overruns(position, unit, entry):
        return overrun.extra_mp(armour.vtype(unit).mp)
    return 0


def _check_infantry(position: Position, move: act.Move, afv: UnitState, off: Hex, vca: int,
                    crew: list[str]) -> tuple[tuple[str, ...], Fraction]:
    """D14.33 with A2.5, A2.51, D9.31: the infantry named after the AFV come on with it in Armored Assault;
    the ids the move names (the infantry, then the SW they possess, A4.43: named or not, they go along) and
    their MF for the entry hex, checked."""
    named = [position.units[u] for u in move.units[1:]]
    people = tuple(u.id for u in named if u.type != "sw")
    men = arrival._units(position, people)  # A2.5: off the map, due, the phasing side's
    ids = carry.with_carried(position.state, men)
    stray = [u.id for u in named if u.type == "sw" and u.id not in ids]
    if stray:
        raise IllegalAction(T("{sw}: a SW comes on with the unit possessing it (A4.43)", sw=", ".join(stray)),
                            "A4.43")
    entry = move.path[0]
    aa.bar_wave(men)  # A13.62
    if hw.in_wave(men):
        raise IllegalAction(T("{units} are in a Human Wave: they move with the platoon AFV in the wave's "
                              "impulses, as HW units (D14.332, D14.333)",
                              units=", ".join(u.id for u in men)), "D14.332")
    engaged = impaa.people(impaa.infantry(position, crew))
    if engaged:  # D14.333: one independent infantry stack for the whole platoon
        raise IllegalAction(T("the platoon gives Armored Assault to one infantry stack only: {units} "
                              "(D14.333)", units=", ".join(sorted(u.id for u in engaged))), "D14.333")
    for u in men:
        if u.side != afv.side or entry not in arrival.entry_hexes(position, u):
            raise IllegalAction(T("{hex} is not an open entry hex of {unit} this turn (A2.5)",
                                  hex=position.label(entry), unit=u.id))
    crossing = _crossing(position, men, afv, off, vca, move.mode == IN_REV, entry)
    state = position.state
    for u in men:
        state = state.with_unit(u.at(entry))
    here = position.at(state)
    placed = [here.units[u.id] for u in men]
    game = cast("AslGame", position.game)
    why = next((w for u in placed if (w := game.can_move(here, u)) is not None), None)
    if why is not None:
        raise IllegalAction(why, "A4.1")
    step = game.cost_fn(here, placed)(position.map, entry, entry)  # A2.51: as from off-board Open Ground
    if step is None:
        raise IllegalAction(T("{hex} may not be entered (A2.51)", hex=position.label(entry)))
    mf = game.group_budget(placed, "", state, position=here)
    if crossing + step > mf:
        raise IllegalAction(T("the infantry have {left} MF left: not enough for {cost} MF in this impulse "
                              "(D14.31, D14.33)", left=str(mf), cost=str(crossing + step)), "D14.33")
    return ids, Fraction(crossing + step)


def _crossing(position: Position, men: list[UnitState], afv: UnitState, off: Hex, vca: int, back: bool,
              entry: Hex) -> int:
    """A2.51 with D9.31: the MF the infantry spend crossing the off-board board with the AFV. Set up beside
    the entry hex, with it there too: none. Else they began their MPh beneath it (D9.31), so they were set
    up in its off-board hex, and cross with it to ``off`` (the hex it comes on from), 1 MF an Open Ground
    hex entered (A2.51): the fewest hexes there; the turns it makes on the way cost them nothing."""
    x = offboard.set_up_at(afv)
    if not offboard.stack_approach(men, entry) and not offboard.vehicle_approach(position, afv, off, vca,
                                                                                 back):
        return 0
    apart = [u.id for u in men if offboard.set_up_at(u) != x]
    if x is None or apart:
        raise IllegalAction(T("{units} did not begin the MPh beneath {afv}: Armored Assault across the "
                              "off-board board only for infantry set up in the AFV's own off-board hex "
                              "(D9.31, A2.51)", units=", ".join(apart or [u.id for u in men]), afv=afv.id),
                            "D9.31")
    return distance(x, off) * offboard.OPEN_GROUND_MF


def apply(position: Position, move: act.Move, crew: list[UnitState], spent: Fraction,
          marks: tuple[str, ...]) -> State:
    """It comes on: in the entry hex in Motion with its VCA, the platoon's MP so far spent, ``marks`` (the
    impulse's own: in platoon movement, non-stopped, this impulse's MP); its passengers aboard. Before the
    platoon's first action the mates still off the map go on the away list, the ones on the map join in."""
    state = position.state
    unit = state.units[move.units[0]]
    name = platoon.name_of(unit) or ""
    back = move.mode == IN_REV
    way = _approach(position, unit, move.path[0], back)
    assert way is not None
    before = offboard.vehicle_approach(position, unit, way[2], way[1], back)  # A2.51
    entry_mp = Fraction(move.cost or 0) - (before or 0)
    came = f"{vmotion.CAME}{int(2 * entry_mp)}"  # D2.401: it began out of every LOS
    on = ventry.placed(unit, move.path[0], way[1], spent, arrival.MODE).mark("entered", came, *marks)
    state = state.with_unit(on)
    for rider in ventry.aboard(position, unit):
        state = state.with_unit(rider.at(move.path[0]))
    if len(move.units) > 1:  # D14.33: its Armored Assault infantry come on with it, their one MF action
        assert way is not None
        _, cost = _check_infantry(position, move, unit, way[2], way[1], [u.id for u in crew])
        state = impaa.entered(position, state, act.Move(move.units, (move.path[0], move.path[0]), None, IN),
                              cost)
    gs = state.game
    away = [a for a in getattr(gs, "imp_away", ()) if a[0] != unit.id]
    if not crew:
        on_map = {a[0] for a in away}
        for mate in waiting(position, name, unit.side):
            h = off_hex(position, mate, move.path[0])
            if mate.id != unit.id and mate.id not in on_map and h is not None:
                away.append((mate.id, name, h, "reverse" if back else "moving"))  # D14.21: as it moves
    off: dict[str, Any] = {"imp_away": tuple(away)}
    return state.replace(game=dataclasses.replace(gs, **off))


def check_done(position: Position, crew: list[UnitState]) -> None:
    """D14.212 with A2.5: the platoon's MPh ends only once its AFVs due this turn are on the map (D16.8's
    may wait)."""
    name = platoon.name_of(crew[0]) if crew else None
    if name is None:
        return
    left = [u.id for u in waiting(position, name, crew[0].side)
            if not ventry.may_wait(u) and ventry.entry_hexes(position, u)]
    if left:
        raise IllegalAction(T("{units} must come on this turn: the platoon's MPh does not end before (A2.5, "
                              "D14.212)", units=", ".join(left)), "D14.212")


def options(position: Position) -> Iterator[act.Move]:
    """The impulse_in actions open now (checked by impulse.check)."""
    from hexmate.rules.games.asl import impulse

    if position.phase.id != "MPh" or position.state.decision is not None or position.state.moving is not None:
        return
    for unit in ventry.waiting(position):
        if platoon.name_of(unit) is None:
            continue
        for entry in ventry.entry_hexes(position, unit):
            men = tuple(sorted(u.id for u in arrival.waiting(position) if u.type != "sw"
                               and not armour.is_vehicle(u) and u.side == unit.side
                               and entry in arrival.entry_hexes(position, u)))
            for mode in MODES:
                for ids in ((unit.id,), (unit.id, *men)) if men else ((unit.id,),):  # D14.33: with infantry
                    try:
                        yield impulse.check(position, act.Move(ids, (entry,), None, mode))
                    except IllegalAction:
                        continue


__all__ = ["IN", "IN_REV", "IN_THROUGH", "MODES", "apply", "came_from", "check", "check_done", "mud_hexes",
           "off_hex", "options", "waiting"]
