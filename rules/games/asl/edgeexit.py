"""ASL leaving the map by any map-edge hex (A2.6) and what such an exit scores (A26.221, A26.23, A20.53).

A2.6: a unit may leave the map from any map-edge hex or half hex by normal movement in the MPh or the APh,
as if a mirror stood on the edge: it enters the imaginary hex beyond, the mirror image of the edge hex, and
pays that hex's cost (``move ... as exit``, its path ending on the edge hex; game.py adds the mirror's cost
for Infantry, ``vehicle_check`` here for a vehicle: the edge hex's own terrain, forward through a hexside of
its VCA, as vrecall.exit_mp). Never in the RtPh: a routing unit stays on the map (A10.5's routes go to
Locations on the map; moves and advances are MPh and APh actions only). A unit that has left never comes
back (it is off the state; the exceptions, gliders and paratroops, are chapter E's).

A26.221: a unit that leaves the map counts as eliminated for CVP, except a Recalled vehicle (D5.341, its
own end of move), a guard leaving with his prisoners by his friendly edge (A20.53, pwexit.py), and an exit
the Victory Conditions ask for: the exit side's units leaving through its exit hexes (A26.23, which scores
their Exit VP; a broken unit or a hero scores none, as ``victory.exit_value``, and is no casualty either).
``kind`` sorts each leaving unit; ``record`` writes the exit into the game state: every exit in ``exited``
(so the A16 tally and the CVP ledger do not count it again), and a casualty exit also in ``vp_lost`` as an
elimination at its VP then (A26.21).

A2.6's bypass exit: a unit bypassing an edge building or woods hex leaves from the vertex of it on the
map's edge, for the Bypass cost and 1 MF/MP more (``as exit+bypass``; infantry: bypass.py and game.py, a
vehicle's VBM forward to a CAFP on the edge: ``vehicle_bypass_check``). D2.5: a tracked vehicle may leave
with ESB MP (a Recalled AFV may not, D5.341). Not built: a vehicle leaving by bypass in reverse (its rear
vertex on the edge, D2.21's multiplier on the 1 MP unclear); no such exit is offered (they are typed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, bypass, prisoners, pwexit, vbypass, victory, vrecall
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.maps import HexMap

VC, GUARD, CASUALTY = "vc", "guard", "casualty"


def on_edge(hex_map: HexMap, h: Hex) -> bool:
    """A2.6: a map-edge hex or half hex, one with a side that borders no hex of the map."""
    return h in hex_map.hexes and len(hex_map.neighbors(h)) < 6


def check(position: Position, last: Hex) -> None:
    """A2.6: ``as exit`` ends on a map-edge hex."""
    if not on_edge(position.map, last):
        raise IllegalAction(T("{hex} is not on the map's edge: a unit leaves the map only from an edge hex "
                              "or half hex (A2.6)", hex=position.label(last)), "A2.6")


def kind(position: Position, unit: UnitState) -> str:
    """A26.221: how ``unit``, on the edge hex it leaves from, goes: through its side's exit hexes (VC, the
    Exit VP), a guard with prisoners by his friendly edge (GUARD), or otherwise as a casualty."""
    if unit.hex is not None and unit.hex in victory.exit_hexes(position, unit.side):
        return VC
    if unit.hex is not None and unit.hex in pwexit.edge(position, unit.side) \
            and prisoners.prisoners_of(position, unit.id):
        return GUARD
    return CASUALTY


def record(gs: Any, scored: list[tuple[str, int]], lost: list[UnitState]) -> Any:
    """The game state ``gs`` with these exits: ``scored`` (unit id, its Exit VP or 0) no casualty, ``lost``
    eliminated for CVP at their VP now (A26.221, A26.21)."""
    gone = tuple((u.id, 0) for u in lost)
    casualties = tuple((u.id, u.side, v, victory.ELIMINATED) for u in lost if (v := victory.unit_vp(u)))
    return gs.replace(exited=(*gs.exited, *scored, *gone), vp_lost=(*gs.vp_lost, *casualties))


def vehicle_check(position: Position, move: act.Move) -> act.Move:
    """A2.6 for a vehicle in its MPh: the path forward by the chart pack's costs and D2.11's turns, then the
    edge hex's mirror image entered through a hexside of its VCA, all within its MP; a fully tracked vehicle
    may go up to a quarter over them by ESB, asked as the move starts as for any move (D2.5 lets its extra MP
    be spent in any hex; only a Recalled AFV may not ask, D5.341, vrecall.py)."""
    unit = position.units[move.units[0]]
    armour.check_move(position, act.Move(move.units, move.path, None, ""))  # D2: the path itself
    last = move.path[-1]
    check(position, last)
    ends = vrecall.forward_mp(position, unit, move.path)
    leave = [c + x for g, c in ends.items() if (x := vrecall.exit_mp(position, unit, last, g)) is not None]
    if not leave:
        raise IllegalAction(T("{unit} cannot leave the map from {hex}: no hexside of its VCA there faces off "
                              "the map (A2.6, D2.11)", unit=unit.id, hex=position.label(last)), "A2.6")
    cost = min(leave)
    mp = armour.budget(unit) - armour.spent_of(unit)
    vt = armour.vtype(unit)
    if cost > mp + (vm.esb_limit(vt) if vt.tracked else 0):  # D2.5
        raise IllegalAction(T("the path costs {cost} MP, {unit} has {mp} MP", cost=cost, unit=unit.id, mp=mp),
                            "D2.1")
    return act.Move(move.units, move.path, cost, "exit")


def vehicle_bypass_check(position: Position, move: act.Move) -> act.Move:
    """A2.6 with D2.3 for a vehicle: ``exit+bypass`` (``exit+bypass:N``) bypasses the woods or building hexes
    of the path, the last, on the map's edge, forward along its hexside (with N) to a CAFP on the edge, and
    leaves from there for the VBM's cost and 1 MP more (ESB as ``vehicle_check``)."""
    unit = position.units[move.units[0]]
    inner = vehicle_mode(move.mode)
    armour.check_move(position, act.Move(move.units, move.path, None, inner))  # D2, D2.3: the path itself
    check(position, move.path[-1])
    _, across, _ = vbypass.declared(position, inner)
    cost = vbypass.route(position, unit, move.path, bypass=True, last_across=across, edge=True)[0]
    cost += bypass.EXIT_MF
    mp = armour.budget(unit) - armour.spent_of(unit)
    vt = armour.vtype(unit)
    if cost > mp + (vm.esb_limit(vt) if vt.tracked else 0):  # D2.5
        raise IllegalAction(T("the path costs {cost} MP, {unit} has {mp} MP", cost=cost, unit=unit.id, mp=mp),
                            "D2.1")
    return act.Move(move.units, move.path, cost, move.mode)


def vehicle_mode(mode: str) -> str:
    """The bypass a vehicle's ``exit+bypass:N`` makes as it goes (``bypass:N``, D2.3), for its entries."""
    return mode.removeprefix("exit+")


def candidates(position: Position, moves: Mapping[Hex, act.Move]) -> list[act.Move]:
    """The page's exit offers to check: for each map-edge hex a plain move reaches (its cheapest path), the
    same path ``as exit`` (the caller's check adds the mirror image's cost and drops what it cannot pay)."""
    return [act.Move(m.units, m.path, None, "exit") for h, m in sorted(moves.items())
            if not m.mode and len(m.path) > 1 and on_edge(position.map, h)]


__all__ = ["CASUALTY", "GUARD", "VC", "candidates", "check", "kind", "on_edge", "record",
           "vehicle_bypass_check", "vehicle_check", "vehicle_mode"]
