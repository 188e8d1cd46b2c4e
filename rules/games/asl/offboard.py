"""The off-board board (A2.51): entering units set up in the RPh on an unused board beside their entry edge.

The model (paraphrased from A2.51): the unused board lies against the side of the map the unit's entry hexes
are on, its hexes the map grid's own continued past the edge. A geomorphic board is 33 hexrows by 10 hexes
(A2.1), with half hexes along its edges, so the board's full hexes run

- 10 hex pitches out from a top or bottom edge (the board joined by its long side): the hexes whose centre
  lies 0.5 to 9.5 pitches beyond the edge line (9 or 10 of them straight out, by the column's offset);
- 31 hexrows out from a left or right edge (joined by its short side).

A set-up hex is named by the edge hex it lies behind and how many hexes out: ``move U E as off3`` in the
phasing side's RPh of the unit's entry turn, as the RPh's first action(s) (A2.51), within the stacking limit
of that off-board hex (A5.1: no overstack allowed there, ``game.overstack_mf``). Off-board all terrain is
Open Ground, so the unit pays 1 MF for each off-board hex it crosses before the entry hex (A2.51, A4.1), then
the entry hex's own cost; it may come on at any of its entry hexes, not only the one it was set up behind
(A2.51). A set-up hex from which the unit could not reach any of its open entry hexes in its MPh is refused
(A2.5: it must enter on its turn). An entry in the APh is one hex (A4.7), so only from the off-board hex
next to the entry hex. No fire or LOS crosses the map edge (A2.51): off-board units have no hex on the map
(``hex`` None), so nothing on the map can see or fire at them, nor they out.

A vehicle sets up the same way (its passengers and riders aboard it, A2.52), one vehicle of a side to an
off-board hex (A5.2, A2.9); it crosses the board as on the map (A2.51: units there move normally) and
comes on in its MPh as ventry.py says: ``vehicle_approaches`` searches the cheapest way from its set-up hex
to the off-board hex beside its entry hex arriving with each VCA, forward or backing: Open Ground MP a hex
(road rate along an off-board road), 1 MP a hexspine of VCA change (D2.11), the reverse multiplier backing
(D2.21, D2.22), a stop and a start to switch (D2.23). Its VCA and its way of moving as set up are its
owner's (A2.52: set up in Motion; Reverse Motion, D2.24, taken as allowed too), so none of them costs.
An aerosan (D17) sets up only while snow or deep snow is in effect (D17.2: it moves on snow only; the
off-board board's ground is the map's weather) and crosses it by its own chart: Open Ground 1 MP (D17.2),
one hexspine of VCA change a hex for 1 MP, each further one in the same hex a stop, a start and a turn
(D17.25: 3 MP more), never backing (D17.21). Off the map an
unplowed road is Open Ground (D17.2's ** note); a plowed one has its road hexside priced at the 4 MP that
spare the Accident dr (D17.22's dagger note), no dr being asked off the map, so the search goes round it.

The off-board roads' state (A2.51): that of most of the adjacent board's roads (``road_state``: the map
boards the unit enters by, roadstate.majority), for every vehicle. It prices an aerosan's road (plowed or
not, above); for other vehicles the texts price every road alike (D2.16's road rate: a dirt road's cost in
mud is chapter E's, not among the texts), and the state says whether a road hexside spares D8.23's mud and
deep-snow bog DR (paved or plowed, vmud.py). With no road on those boards, or two states tied for most, the
text names none: hexmate takes the state the scenario gives the map's roads (roadstate.of_map).

Lateral extent: the board is laid beside the board the unit enters by (A2.51), so only edge hexes of the
map boards holding the unit's named entry hexes have off-board hexes behind them (``entry_boards``).
Roads: the board is taken as laid flush against that map board the same way up, its grid continuing it;
where that is a geomorphic board (33 hexrows by 10 hexes) its off-board road hexes are hexrows Y, Q and I
behind a long side (the same three hexrows from either end, so the way up does not matter) and each
hexrow's hex 5 behind a short side (``road_lines``). Where a board is only partly in play, only the real
road hexes of its unused part are off-board road hexes (A2.51): hexmate's maps hold only the part in play,
so the scenario names them in ``options.offboard_roads`` (``{board id: [[label, ...], ...]}``, each list a
road's hexes in order, by the printed labels of the board's grid continued past the part in play, e.g.
``"Q5"`` beyond a board cut after hexrow P), and those replace hexrows Y, Q and I (or hex 5) behind it.
A vehicle crosses the off-board roads at road rate (D2.16: 1/2 MP, 1 MP an AFV BU; a motorcycle's road
MP, D15.1), joining and leaving them over Open Ground where cheaper.
Infantry pay Open Ground's 1 MF on a road too (A4.1).

A unit not set up is taken as on the full hex next to whichever entry hex it uses (the cheapest set-up the
text allows; earlier games and scripts play on unchanged).

Not built: the Road Bonus (A4.132) off the map; the
terrain of the off-board half hexes along the edge other than the one a vehicle enters from (A2.51 gives
them the map half hex's terrain; the search takes them as Open Ground);
weather increases to the cost (chapter E / B, not in the texts: only D17.2's snow for an aerosan is read
here). D8.23's bog DR in mud or deep snow counts the off-board hexes a vehicle crosses (A2.51: it moves
there as on the map) along the way the search finds (``route``), vmudoff.py, which may leave it bogged
off the map. A2.52's other choices are elsewhere: a SW starting dismantled is dismantle.py's
(``off_board_choice``), CE/BU is chosen as a vehicle comes on (ventry.py), Deployment in the RPh, stacked
with a leader on this board, is deployment.py's.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import armour, roadstate
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, center, distance
from hexmate.rules.labels import LabelError, asl_column_number
from hexmate.rules.maps import Board, HexMap
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = re.compile(r"off([1-9][0-9]?)")
MARK = "offboard@"  # the marker naming the off-board set-up hex: offboard@q,r
LONG_BAND = 10  # A2.1: a board is 10 hexes deep across its long side
SHORT_BAND = 32  # A2.1: and 33 hexrows (A..GG, the end ones half hexes) along it
OPEN_GROUND_MF = 1  # A2.51, A4.1: every off-board hex is Open Ground
SIDES = ("top", "bottom", "left", "right")
ROAD_HEXROWS = (9, 17, 25)  # A2.51: hexrows I, Q and Y (the same three counted from either end of 33)
ROAD_HEX = 5  # A2.51: joined by its short side, each hexrow's hex 5
CUT = "offboard_roads"  # A2.51: the real roads of the unused part of a board only partly in play
LABEL = re.compile(r"([A-Z]{1,2})(\d{1,2})")  # a printed ASL label without the board's id (A2.2)


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Move) and not isinstance(action, act.Advance) \
        and MODE.fullmatch(action.mode) is not None


def _sides(position: Position, h: Hex) -> tuple[str, ...]:
    """The map sides an edge hex lies on (a corner hex lies on two)."""
    m = position.map
    out = []
    if Hex(h.q, h.r - 1) not in m:
        out.append("top")
    if Hex(h.q, h.r + 1) not in m:
        out.append("bottom")
    if Hex(h.q - 1, h.r) not in m and Hex(h.q - 1, h.r + 1) not in m:
        out.append("left")
    if Hex(h.q + 1, h.r - 1) not in m and Hex(h.q + 1, h.r) not in m:
        out.append("right")
    return tuple(out)


def entry_sides(position: Position, unit: UnitState) -> tuple[str, ...]:
    """The map side(s) the unit enters by: those every one of its named entry hexes lies on."""
    from hexmate.rules.games.asl.arrival import named_hexes
    named = named_hexes(position, unit)
    common = set(SIDES)
    for h in named:
        common &= set(_sides(position, h))
    return tuple(s for s in SIDES if s in common)


def _band_ok(position: Position, side: str, x: Hex, k: int) -> bool:
    """A2.51: ``x`` is a full hex of a board laid against ``side``."""
    if side in ("left", "right"):
        return 1 <= k <= SHORT_BAND - 1
    ys = [center(h)[1] for h in position.map.hexes]
    y = center(x)[1]
    beyond = min(ys) - y if side == "top" else y - max(ys)
    return 0.5 <= beyond <= LONG_BAND - 0.5


def hex_behind(position: Position, e: Hex, k: int, side: str) -> Hex | None:
    """The off-board full hex ``k`` hexes out from edge hex ``e`` across ``side`` (None past the board)."""
    if k < 1:
        return None
    if side == "top":
        x = Hex(e.q, e.r - k)
    elif side == "bottom":
        x = Hex(e.q, e.r + k)
    elif side == "left":
        x = Hex(e.q - k, e.r + k // 2)
    else:
        x = Hex(e.q + k, e.r - (k + 1) // 2)
    return x if _band_ok(position, side, x, k) else None


def board_at(position: Position, h: Hex) -> Board | None:
    """The map board holding ``h`` (where two boards' half hexes meet, the first listed)."""
    return next((b for b in position.map.boards if b.from_map(h) is not None), None)


def _geomorphic(board: Board) -> bool:
    """A2.1: an ASL board of 33 hexrows by 10 hexes (the text places the off-board roads on such a one)."""
    g = board.grid
    return g.kind == "asl" and g.last_column - g.first_column + 1 == 33 and g.rows_high == (1, 10)


def road_hex(position: Position, side: str, e: Hex, x: Hex) -> bool:
    """A2.51: is off-board hex ``x``, behind edge hex ``e``, a road hex? (See ``road_lines``.)"""
    board = board_at(position, e)
    return board is not None and any(x in line for line in _board_roads(position, side, board))


def _cut_hex(board: Board, label: str) -> Hex:
    """A printed label of ``board``'s grid continued past its part in play (LabelError if malformed)."""
    m = LABEL.fullmatch(label.strip().upper()) if isinstance(label, str) else None
    if m is None or board.grid.kind != "asl":
        raise LabelError(T("{text} is not a hex label (letters then a row, e.g. B0 or GG10)",
                           text=repr(label)))
    return board.to_map(asl_column_number(m.group(1)), int(m.group(2)))


def _cut_roads(options: Mapping[str, Any], board: Board) -> list[list[Hex]] | None:
    """A2.51: the off-board roads of a board only partly in play, as the scenario names them; None when it
    names none for ``board``."""
    spec = options.get(CUT)
    if not isinstance(spec, dict) or board.id not in spec:
        return None
    return [[_cut_hex(board, label) for label in line] for line in spec[board.id]]


def check_roads(scenario: Scenario, hex_map: HexMap) -> None:
    """A clear error naming the scenario for a malformed ``options.offboard_roads`` (A2.51): a map board's
    id to lists of printed labels, each an off-board hex adjacent to the one before it."""
    spec = scenario.options.get(CUT)
    if spec is None:
        return
    where = f"scenario {scenario.name!r}: options.{CUT}"
    boards = {b.id: b for b in hex_map.boards}
    if not isinstance(spec, dict):
        raise DataError(f"{where} must map a board's id to its off-board roads (A2.51)")
    for bid, lines in spec.items():
        board = boards.get(bid)
        if board is None:
            raise DataError(f"{where}: {bid!r} is not a board of the map")
        if not isinstance(lines, list) or not all(isinstance(line, list) and line for line in lines):
            raise DataError(f"{where}: board {bid!r} needs a list of roads, each a list of hex labels")
        for line in lines:
            try:
                hexes = [_cut_hex(board, label) for label in line]
            except LabelError as exc:
                raise DataError(f"{where}: board {bid!r}: {exc}") from None
            for label, h in zip(line, hexes, strict=True):
                if h in hex_map:
                    raise DataError(f"{where}: board {bid!r}: {label} is in play, not off the map")
            for (la, a), (lb, b) in itertools.pairwise(zip(line, hexes, strict=True)):
                if distance(a, b) != 1:
                    raise DataError(f"{where}: board {bid!r}: {la} and {lb} are not adjacent")


def road_state(position: Position, unit: UnitState) -> roadstate.RoadState:
    """A2.51: the off-board roads are in the state most of the adjacent board's roads are in (the map boards
    ``unit`` enters by); where those have no road, or two states tie, the map's own (hexmate's choice)."""
    boards = entry_boards(position, unit)
    found = roadstate.majority(position, (h for h in position.map.hexes if board_at(position, h) in boards))
    return found if found is not None else roadstate.of_map(position)


def _board_roads(position: Position, side: str, board: Board) -> list[list[Hex]]:
    cut = _cut_roads(position.scenario.options, board)
    if cut is not None:  # A2.51: a board partly in play: only its unused part's real roads
        return cut
    if not _geomorphic(board):
        return []
    g = board.grid
    edge = [h for h in position.map.hexes if side in _sides(position, h) and board_at(position, h) == board]
    out = []
    if side in ("top", "bottom"):  # joined by its long side: hexrows I, Q, Y run straight out
        for e in sorted(edge):
            spot = board.from_map(e)
            if spot is None or spot[0] - g.first_column + 1 not in ROAD_HEXROWS:
                continue
            line = [x for k in range(1, LONG_BAND + 1) if (x := hex_behind(position, e, k, side)) is not None]
            if line:
                out.append(line)
        return out
    columns = {spot[0] for h in edge if (spot := board.from_map(h)) is not None}
    if len(columns) != 1:
        return []
    c0 = columns.pop()  # joined by its short side: hex 5 of each hexrow, the hexrows going out from c0
    step = -1 if c0 == g.first_column else 1
    line = []
    for k in range(1, SHORT_BAND):
        x = board.to_map(c0 + step * k, ROAD_HEX)
        if x in position.map:
            break
        line.append(x)
    return [line] if line else []


def road_lines(position: Position, side: str, boards: tuple[Board, ...]) -> list[list[Hex]]:
    """A2.51: the off-board roads behind ``side`` of ``boards``, each a line of adjacent hexes going out from
    the map, nearest first. The off-board board is taken as laid flush against a geomorphic map board (33
    hexrows by 10 hexes, A2.1) the same way up, its grid continuing that board's: joined by its long side
    (a top or bottom edge) its hexrows Y, Q and I are road (the same three from either end), by its short
    side each hexrow's hex 5. Against any other board the text places no road."""
    return [line for b in boards for line in _board_roads(position, side, b)]


def entry_boards(position: Position, unit: UnitState) -> tuple[Board, ...]:
    """A2.51: the off-board board is laid beside the board the unit enters by: the map boards holding its
    named entry hexes (the off-board board's lateral extent is theirs)."""
    from hexmate.rules.games.asl.arrival import named_hexes
    found = []
    for h in named_hexes(position, unit):
        b = board_at(position, h)
        if b is not None and b not in found:
            found.append(b)
    return tuple(found)


def set_up_at(unit: UnitState) -> Hex | None:
    for marker in unit.markers:
        if marker.startswith(MARK):
            q, r = marker[len(MARK):].split(",")
            return Hex(int(q), int(r))
    return None


def approach(unit: UnitState, entry: Hex) -> int:
    """A2.51: MF spent crossing the off-board board from the set-up hex to the hex next to ``entry``."""
    x = set_up_at(unit)
    return 0 if x is None else OPEN_GROUND_MF * max(0, distance(x, entry) - 1)


def hex_mp(unit: UnitState) -> Fraction | None:
    """A2.51: what one off-board Open Ground hex costs a vehicle: the chart pack's Open Ground MP (D2.1), a
    motorcycle's column (D15.1), a wagon's infantry MF (D12.1), an aerosan's chart (D17.2: 1 MP on snow; its
    set-up is refused without snow, ``check``)."""
    from hexmate.rules.games.asl import aerosan, moto, wagon
    movement = armour.vtype(unit).movement
    if wagon.is_wagon(movement):
        return Fraction(OPEN_GROUND_MF)
    if moto.is_motorcycle(movement):
        return moto.load_pack()[1].get("open")
    if aerosan.is_aerosan(movement):
        return Fraction(aerosan.CHART["open"])
    cost = armour.vehicle_cost("open")
    return Fraction(cost) if isinstance(cost, int) else None


def road_mp(unit: UnitState, *, plowed: bool = False) -> Fraction:
    """A2.51 with D2.16: a vehicle along an off-board road: road rate, 1/2 MP (1 MP an AFV BU); a motorcycle
    its column's road MP (D15.1); a wagon its infantry MF (D12.1: Open Ground's, A4.1); an aerosan Open
    Ground's, or 4 MP a ``plowed`` road hexside (D17.2, D17.22)."""
    from hexmate.rules.games.asl import aerosan, moto, vmove, wagon
    vt = armour.vtype(unit)
    if wagon.is_wagon(vt.movement):
        return Fraction(OPEN_GROUND_MF)
    if aerosan.is_aerosan(vt.movement):  # D17.2: unplowed, Open Ground; plowed, the 4 MP way (D17.22)
        return Fraction(aerosan.ROAD_SLOW if plowed else aerosan.CHART["open"])
    if moto.is_motorcycle(vt.movement):
        return moto.load_pack()[0]
    return vmove.road_mp(buttoned=vt.armored and not unit.has("ce"))


FORWARD, REVERSE = "F", "R"  # D2.2: the way it moves, as armour.py names it


def _turn_mp(unit: UnitState, hexspines: int) -> int:
    """D2.11: off the map every hex is Open Ground (no obstacle): 1 MP a hexspine; D12.1: a wagon 1 MF."""
    from hexmate.rules.games.asl import vmove, wagon
    if wagon.is_wagon(armour.vtype(unit).movement):
        return hexspines * wagon.TURN_MF
    return vmove.turn_mp(hexspines)


def _road_steps(position: Position, unit: UnitState) -> set[frozenset[Hex]]:
    """A2.51: the pairs of off-board road hexes joined by their road hexside (consecutive on a road line)."""
    out: set[frozenset[Hex]] = set()
    for side in entry_sides(position, unit):
        for line in road_lines(position, side, entry_boards(position, unit)):
            out.update(frozenset(pair) for pair in itertools.pairwise(line))
    return out


def vehicle_approaches(position: Position, unit: UnitState,
                       off: Hex) -> dict[tuple[int, str], Fraction] | None:
    """A2.51: off the map a unit moves normally, so a vehicle set up on the off-board board reaches ``off``
    (the off-board hex beside the entry hex it comes on from) as on the map: each hex entered forward into
    its VCA (D2.11) at Open Ground MP, or road rate along an off-board road (D2.16), each hexspine of VCA
    change 1 MP (D2.11: Open Ground is no obstacle), in reverse into a rear hex at the reverse multiplier
    (D2.21, D2.22), and a switch between forward and reverse a stop and a start (D2.23). Its VCA and way of
    moving at set-up are its owner's (A2.52: set up in Motion, D2.24 in Reverse Motion too), so the search
    starts from every facing at no cost. Returns the cheapest MP per (VCA, F or R) arriving at ``off``;
    every one at 0 when not set up (taken as set up on ``off``) or set up there; None when it cannot cross
    the board (no Open Ground cost, ``hex_mp``)."""
    from hexmate.rules.games.asl import aerosan
    x = set_up_at(unit)
    vt = armour.vtype(unit)
    sled = aerosan.is_aerosan(vt.movement)
    ways = (FORWARD,) if unit.has("towing") or vt.rev == 0 else (FORWARD, REVERSE)  # D2.2, D2.21
    if x is None or x == off:
        return {(g, w): Fraction(0) for g in range(6) for w in ways}
    mp = hex_mp(unit)
    if mp is None:
        return None
    road = road_mp(unit, plowed=sled and road_state(position, unit).plowed)  # A2.51, D17.2
    roads = frozenset(_road_steps(position, unit)) if road != mp else frozenset()
    if not roads:
        road = mp
    if min(mp, road) * distance(x, off) > Fraction(5 * vt.mp, 4):
        return {}  # past all it could spend in its MPh, ESB's quarter more included (D2.5)
    return _search(*_search_args(position, unit, x, off, mp, road, roads, vt, sled, ways))


def _search_args(position: Position, unit: UnitState, x: Hex, off: Hex, mp: Fraction, road: Fraction,
                 roads: frozenset[frozenset[Hex]], vt: Any, sled: bool,
                 ways: tuple[str, ...]) -> tuple[Any, ...]:
    """The search's arguments (``_search``, ``_core``): the off-board area it looks at and the prices."""
    from hexmate.rules.games.asl import aerosan, wagon
    reach = distance(x, off) + SLACK
    area = frozenset(h for dq in range(-reach, reach + 1) for dr in range(-reach, reach + 1)
                     if (h := Hex(x.q + dq, x.r + dr)) not in position.map
                     and distance(x, h) + distance(h, off) <= reach)
    area |= frozenset(h for pair in roads for h in pair)  # a road may be worth a detour
    switch = 0 if wagon.is_wagon(vt.movement) else armour.SWITCH_MP  # D2.23; D12.1: a wagon pays none
    # D17.25: an aerosan's further hexspines in one hex (0: no limit, every one at ``_turn_mp``)
    more = aerosan.turn_mp(2) - aerosan.turn_mp(1) if sled else 0
    return area, x, off, mp, road, roads, vt.rev, _turn_mp(unit, 1), switch, ways, more


SLACK = 2  # hexes of detour the search looks at beyond the straight line (turns are made in place)


Node = tuple[Hex, int, str, int]  # the search's state: hex, VCA, F or R, turned in this hex yet (D17.25)


@functools.lru_cache(maxsize=4096)
def _search(area: frozenset[Hex], x: Hex, off: Hex, mp: Fraction, road: Fraction,
            roads: frozenset[frozenset[Hex]], rev: int, turn_mp: int, switch: int,
            ways: tuple[str, ...], more_turn: int = 0) -> dict[tuple[int, str], Fraction]:
    """``vehicle_approaches``' answer from ``_core``: the cheapest MP per (VCA, F or R) at ``off``."""
    best, _, scale = _core(area, x, off, mp, road, roads, rev, turn_mp, switch, ways, more_turn)
    out: dict[tuple[int, str], Fraction] = {}
    for (h, g, w, _), c in best.items():
        if h == off and ((g, w) not in out or Fraction(c, scale) < out[(g, w)]):
            out[(g, w)] = Fraction(c, scale)
    return out


@functools.lru_cache(maxsize=1024)
def _core(area: frozenset[Hex], x: Hex, off: Hex, mp: Fraction, road: Fraction,
          roads: frozenset[frozenset[Hex]], rev: int, turn_mp: int, switch: int,
          ways: tuple[str, ...], more_turn: int = 0) -> tuple[dict[Node, int], dict[Node, Node], int]:
    """``vehicle_approaches``' search over (hex, VCA, F or R) in the off-board ``area`` (a pure function of
    its arguments, so kept: set-up offers ask it again and again). ``more_turn``: when not 0, each hexspine
    after the first in one hex costs that instead of ``turn_mp`` (D17.25), so the state also says whether
    the vehicle has turned in its hex yet. Returns each state's cost in 1/scale MP, the state each was
    reached from (``route`` walks it back) and the scale."""
    from hexmate.rules.games.asl import vmove
    # Exact integer arithmetic in units of 1/scale MP (Fractions are slow in the inner loop; the costs are
    # halves and quarters at most, so the scale is small and the answer is the same).
    costs = (mp, road, vmove.reverse_mp(mp, rev), vmove.reverse_mp(road, rev),
             Fraction(turn_mp), Fraction(switch), Fraction(more_turn))
    scale = math.lcm(*(c.denominator for c in costs))
    fwd_mp, fwd_road, rev_mp, rev_road, turn, swap, more = (int(c * scale) for c in costs)
    best: dict[Node, int] = {}
    prev: dict[Node, Node] = {}
    heap: list[tuple[int, int, int, int, str, int]] = []
    for g in range(6):
        for w in ways:
            best[(x, g, w, 0)] = 0
            heapq.heappush(heap, (0, x.q, x.r, g, w, 0))
    while heap:
        cost, q, r, g, w, turned = heapq.heappop(heap)
        h = Hex(q, r)
        if cost > best.get((h, g, w, turned), cost):
            continue
        spin = more if more and turned else turn
        steps: list[tuple[int, Hex, int, str, int]] = [
            (cost + spin, h, (g + t) % 6, w, 1 if more else 0) for t in (1, -1)]
        if len(ways) == 2:
            steps.append((cost + swap, h, g, REVERSE if w == FORWARD else FORWARD, turned))
        forward = w == FORWARD
        for n in (fc.front_hexes(h, g) if forward else fc.rear_hexes(h, g)):
            if n in area:
                on_road = frozenset((h, n)) in roads
                step = (fwd_road if on_road else fwd_mp) if forward else (rev_road if on_road else rev_mp)
                steps.append((cost + step, n, g, w, 0))
        for c, n, f, v, t2 in steps:
            if c < best.get((n, f, v, t2), c + 1):
                best[(n, f, v, t2)] = c
                prev[(n, f, v, t2)] = (h, g, w, turned)
                heapq.heappush(heap, (c, n.q, n.r, f, v, t2))
    return best, prev, scale


def route(position: Position, unit: UnitState, off: Hex, g: int | None = None,
          reverse: bool = False) -> list[tuple[Hex, bool]]:
    """A2.51: the off-board hexes the vehicle enters on the cheapest way from its set-up hex to ``off``
    arriving with VCA ``g`` (None: any), forward (or in reverse), in order, ``off`` last; each with whether
    it was entered along an off-board road hexside. Empty when it is not set up, or set up on ``off``. The
    way is the one ``vehicle_approaches`` prices (where two cost the same, the one the search met first)."""
    from hexmate.rules.games.asl import aerosan
    x = set_up_at(unit)
    mp = hex_mp(unit)
    if x is None or x == off or mp is None:
        return []
    vt = armour.vtype(unit)
    sled = aerosan.is_aerosan(vt.movement)
    ways = (FORWARD,) if unit.has("towing") or vt.rev == 0 else (FORWARD, REVERSE)
    road = road_mp(unit, plowed=sled and road_state(position, unit).plowed)
    roads = frozenset(_road_steps(position, unit)) if road != mp else frozenset()
    if not roads:
        road = mp
    best, prev, _ = _core(*_search_args(position, unit, x, off, mp, road, roads, vt, sled, ways))
    way = REVERSE if reverse else FORWARD
    ends = [(c, node) for node, c in best.items()
            if node[0] == off and node[2] == way and (g is None or node[1] == g)]
    if not ends:
        return []
    node = min(ends, key=lambda e: (e[0], e[1][1], e[1][3]))[1]
    hexes = [node[0]]
    while node in prev:
        node = prev[node]
        if node[0] != hexes[-1]:
            hexes.append(node[0])
    hexes.reverse()  # the set-up hex first
    steps = frozenset(_road_steps(position, unit))
    return [(b, frozenset((a, b)) in steps) for a, b in itertools.pairwise(hexes)]


def vehicle_approach(position: Position, unit: UnitState, off: Hex, g: int,
                     reverse: bool = False) -> Fraction | None:
    """A2.51: the MP spent crossing the off-board board to ``off`` arriving with VCA ``g``, moving forward
    (or in reverse); None when it cannot get there so (``vehicle_approaches``)."""
    found = vehicle_approaches(position, unit, off)
    return None if found is None else found.get((g, REVERSE if reverse else FORWARD))


def stack_approach(units: list[UnitState], entry: Hex) -> int:
    """The slowest member's approach (units set up apart meet at the entry; A4.2 moves them as one)."""
    return max((approach(u, entry) for u in units), default=0)


def set_up_window(position: Position) -> bool:
    """A2.51: the set-up is the RPh's first action: nothing else done yet since the phase began (but A2.9's
    free deployments before set-up, the answers sharing their SW, and SW dismantled to start so, A2.52)."""
    from hexmate.rules.games.asl import dismantle, setuplimits
    if position.phase.id != "RPh":
        return False
    for action in reversed(position.log):
        if isinstance(action, act.EndPhase):
            return True
        if not (claims(action) or setuplimits.claims(action) or isinstance(action, act.Answer)
                or dismantle.claims(action)):  # A2.52: a SW that starts dismantled
            return False
    return True


def _mark(unit: UnitState, x: Hex) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith(MARK))
    return unit.mark(f"{MARK}{x.q},{x.r}", remove=old)


def moved_to(unit: UnitState, x: Hex) -> UnitState:
    """The unit's off-board hex is now ``x`` (a vehicle bogged on its way across, vmudoff.py)."""
    return _mark(unit, x)


def _vehicle_reaches(position: Position, unit: UnitState, x: Hex) -> bool:
    """A2.5: from ``x`` the vehicle can still come on in this MPh (D2.1: never in the APh)."""
    from hexmate.rules.games.asl import ventry
    placed = _mark(unit, x)
    view = position.at(position.state.with_unit(placed))
    for e in ventry.entry_hexes(view, placed):
        for g, (mp, _) in ventry.approaches(view, placed, e).items():
            if mp <= armour.budget(ventry.placed(placed, e, g, mp, "enter")):
                return True
    return False


def _reaches(game: AslGame, position: Position, unit: UnitState, x: Hex) -> bool:
    """A2.5: from ``x`` the unit can still come on this turn at one of its open entry hexes."""
    from hexmate.rules.games.asl.arrival import entry_hexes
    if armour.is_vehicle(unit):
        return _vehicle_reaches(position, unit, x)
    placed = _mark(unit, x)
    for e in entry_hexes(position, unit):
        before = approach(placed, e)
        if before == 0:
            return True
        here = position.at(position.state.with_unit(placed.at(e)))
        step = game.cost_fn(here, [here.units[unit.id]])(position.map, e, e)
        if step is not None and before + step <= game.group_budget([placed.at(e)], "", position.state,
                                                                  position=position):
            return True
    return False


def _barred(position: Position, unit: UnitState) -> T | None:
    """D17.2: an aerosan moves on snow only, off the map as on it (A2.51: the board's ground is the map's)."""
    from hexmate.rules.games.asl import aerosan
    if not armour.is_vehicle(unit) or not aerosan.is_aerosan(armour.vtype(unit).movement):
        return None
    return aerosan.why_not(position, unit)


def _vehicles_over(units: list[UnitState]) -> bool:
    """A5.2: a side sets up one vehicle in a Location without overstacking it (A2.9: none overstacked)."""
    return sum(1 for u in units if armour.is_vehicle(u)) > 1


def check(game: AslGame, position: Position, move: act.Move) -> act.Move:
    """``move U E as offK``: set up ``k`` hexes off the map behind edge hex ``E`` (A2.51)."""
    from hexmate.rules.games.asl.arrival import aboard_off_board, due_turn, off_board
    from hexmate.rules.games.asl.game import overstack_mf
    match = MODE.fullmatch(move.mode)
    assert match is not None
    k = int(match.group(1))
    if not move.units:
        raise IllegalAction(T("name at least one unit"), "A2.51")
    if len(move.path) != 1:
        raise IllegalAction(T("name one edge hex to set up behind (A2.51)"))
    if not set_up_window(position):
        raise IllegalAction(T("off-board set-up is the first action of the RPh (A2.51)"))
    e = move.path[0]
    units = []
    for uid in move.units:
        unit = position.units.get(uid)
        if unit is None or not off_board(position, unit) or aboard_off_board(position, unit):
            raise IllegalAction(T("{unit} is not waiting off the map to enter (A2.51)", unit=uid))
        if unit.side != position.phasing or due_turn(position, uid) > position.turn:
            raise IllegalAction(T("{unit} is not due to enter this Player Turn (A2.51)", unit=uid))
        why = _barred(position, unit)
        if why is not None:
            raise IllegalAction(why, "D17.2")
        units.append(unit)
    sides = [s for s in entry_sides(position, units[0]) if s in _sides(position, e)] if e in position.map \
        else []
    if not sides or any(set(entry_sides(position, u)).isdisjoint(_sides(position, e)) for u in units):
        raise IllegalAction(T("{hex} is not on the map edge {unit} enters by (A2.51)",
                              hex=position.label(e) if e in position.map else str(e), unit=units[0].id))
    x = hex_behind(position, e, k, sides[0])
    if x is None or any(board_at(position, e) not in entry_boards(position, u) for u in units):
        raise IllegalAction(T("{k} hexes out from {hex} is past the off-board board's full hexes (A2.51)",
                              k=str(k), hex=position.label(e)))
    ids = set(move.units)
    there = [u for u in position.units.values()
             if u.side == position.phasing and u.id not in ids and set_up_at(u) == x]
    if overstack_mf(there + units):
        raise IllegalAction(T("that off-board hex would be over the stacking limit (A2.51, A5.1)"))
    if _vehicles_over([*there, *units]):
        raise IllegalAction(T("that off-board hex would hold two vehicles of a side: one is the limit set up "
                              "(A2.9, A5.2)"), "A5.2")
    for unit in units:
        if not _reaches(game, position, unit, x):
            raise IllegalAction(T("from there {unit} could not reach an entry hex this turn (A2.5, A2.51)",
                                  unit=unit.id))
    return act.Move(tuple(move.units), move.path, None, move.mode)


def apply(position: Position, move: act.Move) -> State:
    match = MODE.fullmatch(move.mode)
    assert match is not None
    e = move.path[0]
    units = [position.units[u] for u in move.units]
    side = next(s for s in entry_sides(position, units[0]) if s in _sides(position, e))
    x = hex_behind(position, e, int(match.group(1)), side)
    assert x is not None
    state = position.state
    for unit in units:
        state = state.with_unit(_mark(unit, x))
    return state


def setups(game: AslGame, position: Position) -> list[act.Move]:
    """Each waiting unit's set-up hexes, one unit at a time (A2.51)."""
    from hexmate.rules.games.asl.arrival import aboard_off_board, due_turn, off_board
    from hexmate.rules.games.asl.game import overstack_mf
    if position.state.decision is not None or not set_up_window(position):
        return []
    out = []
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != position.phasing or not off_board(position, unit) \
                or aboard_off_board(position, unit) or due_turn(position, unit.id) > position.turn \
                or (armour.is_vehicle(unit) and (hex_mp(unit) is None or _barred(position, unit))):
            continue
        sides = entry_sides(position, unit)
        if not sides:
            continue
        boards = entry_boards(position, unit)
        edge = sorted(h for h in position.map.hexes if sides[0] in _sides(position, h)
                      and board_at(position, h) in boards)
        for e in edge:
            for k in range(1, SHORT_BAND):
                x = hex_behind(position, e, k, sides[0])
                if x is None:
                    break
                there = [u for u in position.units.values()
                         if u.side == unit.side and u.id != unit.id and set_up_at(u) == x]
                if overstack_mf([*there, unit]) or _vehicles_over([*there, unit]) \
                        or not _reaches(game, position, unit, x):
                    continue
                out.append(act.Move((unit.id,), (e,), None, f"off{k}"))
    return out


__all__ = ["CUT", "MARK", "MODE", "ROAD_HEX", "ROAD_HEXROWS", "apply", "approach", "board_at", "check",
           "check_roads", "claims", "entry_boards", "entry_sides", "hex_behind", "hex_mp", "moved_to",
           "road_hex", "road_lines", "road_mp", "road_state", "route", "set_up_at", "set_up_window", "setups",
           "stack_approach", "vehicle_approach", "vehicle_approaches"]
