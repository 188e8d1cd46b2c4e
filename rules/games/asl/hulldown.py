"""ASL D4.22, D4.221, D4.223: the HD Maneuver Attempt in play, the HD counter's hexsides, and firing from HD.

D4.22: after entering a crest hex in its MPh, or after changing its VCA in one, a vehicle may declare an HD
Maneuver Attempt for 2 more MP: a dr (+2 a Soviet CT AFV, +1 BU, + its Armor Leader's leadership; -1 at
setup, ``vmove.hd_drm``) gives up to 3, 2 or 1 contiguous crest hexsides (final dr <= 1, 2, 3), none from 4
(``vmove.hd_hexsides``), never more than its hex's contiguous lower crest hexsides. Success or not, the
vehicle then spends its stop MP and ends its MPh (if it can still move). Defensive First Fire at that MP
comes after the dr, so a success counts for it.
D4.221: the owner chooses the hexsides; direct fire from at least one level lower through them is at an HD
target. The counter stays put (the TCA may turn) and goes as soon as the VCA changes, a start MP is spent
or the vehicle enters Motion.
D4.223: a vehicle HD to its target's position fires no forward-mounted weapon but its MA there (its BMG, a
bow FT).

At the table: at the end of a vehicle's move the facing question offers ``hd`` when its hex is a crest hex
(a neighbour one level lower) and 2 MP are left; then the dr on the board's dice; a choice of the hexsides
only when the table allows several placements (touch the lower neighbour at their centre). The counter is
the markers ``hds<k>`` (k: the direction of each HD hexside from the vehicle's hex). A crest hex here is a
hex with a neighbour one ground level lower (B10's hills are not among the texts; the maps' levels stand
for them). D4.222: a hexside across a cliff, or down two or more levels at once (double crest line,
multi-level change), gives no HD by the height alone: it is no crest hexside.

Set-up (D4.22, D4.221): a vehicle set up in a crest hex starts the game HD only by an attempt rolled before
play: the scenario names the vehicles whose owners make it in ``options.hd_setup`` (a list of unit ids,
checked when the scenario loads: a vehicle of the scenario, on the map, in a crest hex). Each is a dr with
the -1 for set-up, asked before the first phase; its hexsides are placed (or picked) as in play, with no MP
and no stop. The set-up is then fixed (D4.221: no setting up again), as every scenario set-up here is.

Bypass (D4.22's last paragraph): a bypassing vehicle may be HD only behind the hexside it straddles and the
two hexsides of its hex joined to it (``sides_for``); at the end of a bypass move in a crest hex the table
offers the attempt (``bypass_decision``) in place of the facing question it does not ask (D2.33).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, RulesError
from hexmate.rules.games.asl import armorldr
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import DIRECTIONS, Hex, direction_between, line
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.maps import HexMap
    from hexmate.rules.scenario import Scenario

CHOICE = "hd"
HD_MP = Fraction(2)  # D4.22
ROLL = "vhd"
PICK = "vhd_pick"
PREFIX = "hds"


def side_marker(d: int) -> str:
    """The HD counter's marker for the hexside in direction d (D4.221)."""
    return PREFIX + str(d)


def hd_sides(unit: UnitState) -> frozenset[int]:
    """The HD counter's hexsides (directions from the vehicle's hex)."""
    return frozenset(int(m[3:]) for m in unit.markers if m.startswith(PREFIX) and m[3:].isdigit())


def without_hd(unit: UnitState) -> UnitState:
    """D4.221: the HD counter removed (VCA change, start MP, Motion)."""
    old = tuple(m for m in unit.markers if m.startswith(PREFIX) and m[3:].isdigit())
    return unit.mark(remove=(*old, "hd")) if old or unit.has("hd") else unit


def crest_sides(position: Position, h: Hex) -> frozenset[int]:
    """The directions from h to a neighbour one ground level lower: its crest hexsides. D4.222: a height
    advantage across a cliff, or a drop of two or more levels at once (the maps' double crest lines and
    multi-level changes), does not make a vehicle HD: such a hexside is no crest hexside here."""
    here = position.map.level(h)
    return frozenset(d for d in range(6) if (n := h + DIRECTIONS[d]) in position.map
                     and here - position.map.level(n) == 1 and "cliff" not in position.map.hexside(h, n))


def runs(sides: frozenset[int]) -> list[tuple[int, ...]]:
    """The contiguous runs of hexsides (clockwise order); all six make one run."""
    if len(sides) == 6:
        return [tuple(range(6))]
    out: list[tuple[int, ...]] = []
    for d in sorted(sides):
        if (d - 1) % 6 in sides:
            continue
        run = [d]
        while (run[-1] + 1) % 6 in sides:
            run.append((run[-1] + 1) % 6)
        out.append(tuple(run))
    return out


def placements(sides: frozenset[int], n: int) -> list[tuple[int, ...]]:
    """Every choice of min(n, run) contiguous crest hexsides the owner may make (D4.22, D4.221: at most 3,
    never more than the run of lower crest hexsides)."""
    out: list[tuple[int, ...]] = []
    for run in runs(sides):
        k = min(n, len(run), 3)
        if k <= 0:
            continue
        ring = len(run) == 6
        for i in range(len(run) if ring else len(run) - k + 1):
            out.append(tuple(run[(i + j) % len(run)] for j in range(k)))
    return out


def sides_for(position: Position, unit: UnitState) -> frozenset[int]:
    """The crest hexsides the vehicle may be HD behind: all its hex's, or for a bypassing vehicle the hexside
    it straddles and the two of its hex joined to it (D4.22)."""
    from hexmate.rules.games.asl import vbypass

    assert unit.hex is not None
    sides = crest_sides(position, unit.hex)
    n = vbypass.across_of(unit)
    if n is None:
        return sides
    d = direction_between(unit.hex, n)
    return sides & {(d - 1) % 6, d, (d + 1) % 6}


def can_try(position: Position, unit: UnitState, left: Fraction) -> bool:
    """D4.22: in a crest hex (bypassing: behind its hexside or the two beside it) with the 2 MP for it."""
    return unit.hex is not None and left >= HD_MP and bool(sides_for(position, unit))


def bypass_decision(unit: UnitState, left: Fraction) -> Decision:
    """D4.22 with D2.34: a vehicle ending its move in bypass of a crest hex: the attempt, or done (stop)."""
    assert unit.hex is not None
    prompt = T("{unit} ends its move in bypass with {left} MP left: press hd for an HD Maneuver Attempt "
               "(2 MP; behind the hexside it straddles or the two beside it), or done to stop (D4.22, D2.34)",
               unit=unit.id, left=left)
    return Decision("hexes", unit.side, prompt, "D4.22", "vfacing", hexes=(unit.hex,),
                    choices=("keep", CHOICE), subject=(unit.id,), target=unit.hex,
                    args=(("left", str(left)),))


def _crossing(firer: Hex, target: Hex) -> int | None:
    """The direction, from ``target``, of the hexside a LOS from ``firer`` enters it across (None: adjacent
    along a hexspine or the same hex)."""
    hexes = [h for h in line(firer, target).hexes if h != target]
    if not hexes:
        return None
    try:
        return direction_between(target, hexes[-1])
    except ValueError:
        return None


def _level(position: Position, unit: UnitState | None, h: Hex) -> int:
    return position.map.level(h) + (unit.level if unit is not None else 0)


def target_hd(position: Position, firer: Hex, target: UnitState, firer_unit: UnitState | None = None) -> bool:
    """D4.221: direct fire from at least one level lower through an HD hexside finds the target HD."""
    sides = hd_sides(target)
    if not sides or target.hex is None or firer == target.hex:
        return False
    if _level(position, firer_unit, firer) > _level(position, target, target.hex) - 1:
        return False
    return _crossing(firer, target.hex) in sides


def firer_hd(position: Position, unit: UnitState, target: Hex) -> bool:
    """D4.223: is the firing vehicle HD to its target's position (the target one level or more lower, the LOS
    leaving across an HD hexside)? The scenario's plain ``hd`` marker is HD to every shot."""
    if unit.has("hd"):
        return True
    sides = hd_sides(unit)
    if not sides or unit.hex is None or target == unit.hex:
        return False
    if position.map.level(target) > _level(position, unit, unit.hex) - 1:
        return False
    return _crossing(target, unit.hex) in sides


def soviet_ct(unit: UnitState) -> bool:
    vt = vehicle_of(unit.values)
    return vt.nationality == "russian" and vt.armored and not vt.open_topped


def buttoned(unit: UnitState) -> bool:
    from hexmate.rules.games.asl.vmg import crew_exposed

    vt = vehicle_of(unit.values)
    return vt.armored and not crew_exposed(vt, unit.markers)


def _lead(unit: UnitState) -> int:
    """D3.44: the Armor Leader's DRM; D3.41: not while hidden (alhide.py asks him in at the dr)."""
    return armorldr.leadership(unit, "hd_maneuver", withhold=True)


def drm(unit: UnitState) -> int:
    return vm.hd_drm(soviet_ct=soviet_ct(unit), buttoned=buttoned(unit), leadership=_lead(unit))


def attempt(unit: UnitState, left: Fraction) -> Decision:
    """The dr of the attempt, its 2 MP already counted (D4.22)."""
    assert unit.hex is not None
    d = drm(unit)
    return _attempt(unit, d, (("drm", str(d)), ("left", str(left - HD_MP)), ("lead", str(_lead(unit)))))


def setup_attempt(unit: UnitState) -> Decision:
    """D4.22, D4.221: the attempt of a vehicle set up in a crest hex, before play: -1 for set-up, no MP."""
    assert unit.hex is not None
    d = vm.hd_drm(soviet_ct=soviet_ct(unit), buttoned=buttoned(unit), leadership=_lead(unit), setup=True)
    return _attempt(unit, d, (("drm", str(d)), ("setup", "1"), ("lead", str(_lead(unit)))))


def _attempt(unit: UnitState, d: int, args: tuple[tuple[str, str], ...]) -> Decision:
    assert unit.hex is not None
    prompt = T("{unit} tries an HD Maneuver: roll a dr {drm:+d}: 1 or less up to 3 crest hexsides, 2 two, "
               "3 one, 4 or more none; then it stops (D4.22)", unit=unit.id, drm=d)
    return Decision("roll", unit.side, prompt, "D4.22", ROLL, dice="dr", subject=(unit.id,), target=unit.hex,
                    args=args)


def _stop(state: State, uid: str, left: Fraction, spent: Fraction) -> State:
    """D4.22: success or not, the vehicle spends its stop MP and its MPh is over; without one it stays in
    Motion, which takes any HD counter off (D4.221)."""
    from hexmate.rules.games.asl.armour import with_spent

    unit = state.units[uid]
    unit = without_hd(unit).mark("motion") if left < vm.STOP_MP else with_spent(unit, spent + vm.STOP_MP)
    state = state.with_unit(unit)
    return state.replace(moved=state.moved if uid in state.moved else (*state.moved, uid))


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The dr: the hexsides won (all of them when only one placement fits; else the owner's pick)."""
    from hexmate.rules.games.asl.armour import spent_of

    assert answer.dice is not None
    state = position.state
    uid = decision.subject[0]
    unit = state.units[uid]
    assert unit.hex is not None
    # D3.41: an Armor Leader brought in since the dr was asked adds his DRM (alhide.py)
    d = int(decision.arg("drm", "0")) - int(decision.arg("lead", "0")) + _lead(unit)
    n = vm.hd_hexsides(answer.dice[0], d)
    setup = decision.arg("setup") == "1"  # D4.221: before play: no MP, no stop
    left = Fraction(decision.arg("left", "0")) if not setup else Fraction(vm.STOP_MP)
    options = placements(sides_for(position, unit), n)
    spent = spent_of(unit)
    if len(options) > 1 and left >= vm.STOP_MP:
        centres = sorted({unit.hex + DIRECTIONS[o[len(o) // 2]] for o in options}, key=lambda h: (h.q, h.r))
        prompt = T("{unit} is hull down behind {n} crest hexside(s): touch the lower hex at their centre "
                   "(D4.221)", unit=uid, n=len(options[0]))
        return state.push(Decision("hexes", unit.side, prompt, "D4.221", PICK, hexes=tuple(centres),
                                   subject=(uid,), target=unit.hex,
                                   args=(("left", str(left)), ("n", str(len(options[0]))),
                                         ("setup", "1" if setup else ""))))
    if options and left >= vm.STOP_MP:
        state = state.with_unit(unit.mark(*map(side_marker, options[0])))
    return state if setup else _stop(state, uid, left, spent)


def resume_pick(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D4.221: the owner's hexsides: the placement centred on the hex touched."""
    from hexmate.rules.games.asl.armour import spent_of

    state = position.state
    uid = decision.subject[0]
    unit = state.units[uid]
    assert unit.hex is not None and answer.hexes
    centre = direction_between(unit.hex, answer.hexes[0])
    n = int(decision.arg("n", "1"))
    options = [o for o in placements(sides_for(position, unit), n) if o[len(o) // 2] == centre]
    state = state.with_unit(unit.mark(*map(side_marker, options[0])))
    if decision.arg("setup") == "1":
        return state  # D4.221: set up HD, before play
    return _stop(state, uid, Fraction(decision.arg("left", "0")), spent_of(unit))


SETUP_KEY = "hd_setup"


def check_setup(scenario: Scenario, hex_map: HexMap) -> None:
    """A clear error naming the scenario for a malformed ``options.hd_setup`` (D4.221)."""
    raw = scenario.options.get(SETUP_KEY)
    if raw is None:
        return
    where = f"{scenario.source}: options.{SETUP_KEY}"
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise DataError(f"{where} must be a list of vehicle unit ids (D4.221)")
    units = {u.id: u for u in scenario.units}
    for uid in raw:
        u = units.get(uid)
        try:
            h = hex_map.parse_label(u.hex) if u is not None and u.hex else None
        except (KeyError, ValueError, RulesError):
            h = None
        if u is None or scenario.counters[u.counter].type != "vehicle" or h is None or h not in hex_map:
            raise DataError(f"{where}: {uid!r} is no vehicle set up on the map (D4.221)")
        here = hex_map.level(h)
        if not any(n in hex_map and here - hex_map.level(n) == 1 and "cliff" not in hex_map.hexside(h, n)
                   for n in (h + DIRECTIONS[d] for d in range(6))):
            raise DataError(f"{where}: {uid!r} is not set up in a crest hex ({u.hex}): no neighbour one "
                            "level lower across a hexside that is not a cliff (D4.22, D4.222)")


def setup(scenario: Scenario, state: State) -> State:
    """D4.221: the set-up attempts, asked before play (the first named on top)."""
    ids = [uid for uid in scenario.options.get(SETUP_KEY, []) or [] if uid in state.units]
    return state.push(*reversed([setup_attempt(state.units[uid]) for uid in ids])) if ids else state


__all__ = ["CHOICE", "HD_MP", "PICK", "ROLL", "SETUP_KEY", "attempt", "bypass_decision", "can_try",
           "check_setup", "crest_sides", "firer_hd", "hd_sides", "placements", "resume", "resume_pick",
           "runs",
           "setup", "setup_attempt", "sides_for", "target_hd", "without_hd"]
