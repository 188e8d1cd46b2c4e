"""ASL Residual FP (A8.2-A8.26) and MG Fire Lanes (A9.22-A9.223).

Defensive First Fire, Subsequent First Fire and FPF leave Residual FP in the target Location: half the highest
IFT column the attack used (FRD, at most 12), one column lower for each +1 DRM that came only from outside the
target hex (A8.26). A later mover that enters the Location in that MPh is attacked by it, once (A8.22), before
any other First Fire there, with the Location's TEM and a wreck's or friendly AFV's +1 (D9.3; an Armored
Assault's AFV for the infantry it leads, D9.31). A MG that First Fires along a hex row may lay a Fire Lane
instead of keeping its rate of fire (A9.22): every Location of the row from the MG to the lane counter,
within its normal range and LOS, then holds lane residual one IFT column left of the MG's own (doubled for PBF
next to it), which does not shrink for outside DRMs but meets the hindrances as DRMs when it attacks (A9.222).
Everything goes at the end of the MPh (A8.2, A9.223); a lane also goes when its MG malfunctions or its user
breaks, is pinned or dies.

A MG that keeps its rate of fire leaves none of its own; its owner is then asked whether to give the ROF up
to leave the whole attack's Residual (A8.23; asked after the attack's checks).

A lane may also run along an alternate hex grain, its owner declaring the LEFT or RIGHT hex of each pair
(A9.221, ``alternate_grain``); a mover crossing a hexside its LOF runs along, into or out of one of its
Locations, may be Snap Shot there instead (A9.221, A8.15's DRMs: ``snap_shot``). Units that spend MF in a
Location without entering it are attacked through inplace.py (A8.12); which hindrances are DRMs of these
attacks is lanelos.py's (A8.2, A9.222). Where lanes cross, their owner chooses the order of their attacks
after any other Residual there; a lane attack that can have no effect need not be made, so its owner is asked
(A9.222, ``lane_attacks``). Units bumped back by a concealed enemy are attacked again where they stay (A12.15:
``again``, used by bump.py and, for an Armored Assault's infantry, aa.py), without a shellhole's TEM. Not
built here: the crest/bridge and pillbox cases.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from hexmate.rules import actions as act
from hexmate.rules.charts import Axis
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import iift, lanelos
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.concealment import seen_by_good_order
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import DIRECTIONS, Hex, center, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame, AslState

# A8.26: the +DRMs that come only from circumstances outside the target hex (a fire's resolution lines, by
# rule): the LOS hindrance, a CX firer, a positive leadership DRM, an encircled or overstacked firer
OUTSIDE = ("A6.7", "A4.51", "A7.53", "A7.7", "A5.12")
IFT_LINE = "{fp} FP -> {column} column, final DR {final} -> {result}"
COLUMN_LINES = (IFT_LINE, "{fp} FP -> {column} column, final DR {final}: read on the vehicle line",  # A7.308
                "{vehicle} is destroyed by the same DR on the {column} column: no collateral attack",  # D.8
                "{fp} FP -> {column} column: no effect on {vehicles}, an armored target; it may leave "
                "Residual FP")  # A7.307: fire.resolve_attack, an AFV alone (afvresid.py)


@dataclass(frozen=True)
class Residual:
    """A Residual FP counter (A8.2): its Location, FP and the side whose fire left it."""

    hex: Hex
    fp: int
    side: str


@dataclass(frozen=True)
class Lane:
    """A MG's Fire Lane (A9.22): the Locations it covers, nearest the MG first, and its lane FP there."""

    mg: str
    side: str
    origin: Hex  # the MG's Location
    end: Hex  # where its lane counter lies
    hexes: tuple[Hex, ...]
    fp: int  # one column left of the MG's own (A9.22); x2 in the Location next to the MG
    # A9.221: along an alternate hex grain, the hexsides its LOF runs along (each as the two hexes across it)
    sides: tuple[frozenset[Hex], ...] = ()

    def fp_at(self, h: Hex) -> int:
        return self.fp * 2 if distance(self.origin, h) == 1 else self.fp


# --- the arithmetic (pure) ---


def residual_value(axis: Axis, column: Fraction | int, outside: int) -> int:
    """A8.2: half the highest IFT column FP used, FRD, at most 12, placed as the highest Residual counter (an
    IFT column) not above it (A7.372: the 6 column leaves 2); A8.26: each +1 DRM from outside the target hex
    lowers it one IFT column (off the chart: none). 0 when nothing is left.

    >>> from hexmate.rules.charts import Axis
    >>> ift = Axis("fp", (1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36), "floor")
    >>> residual_value(ift, 12, 0), residual_value(ift, 12, 1), residual_value(ift, 12, 2)
    (6, 4, 2)
    """
    value = min(12, math.floor(Fraction(column) / 2))
    col = axis.locate(Fraction(value)) if value > 0 else None
    if col is None:
        return 0
    if outside <= 0:  # A7.372: the highest Residual FP counter not above that half (the 6 column leaves 2)
        return int(axis.key_at(col))
    if col - outside < 0:
        return 0
    return int(axis.key_at(col - outside))


def lane_value(axis: Axis, mg_fp: Fraction | int) -> int:
    """A9.22: a lane's residual is the MG's own IFT column shifted one column left (0 if none is left)."""
    col = axis.locate(Fraction(mg_fp))
    if col is None or col == 0:
        return 0
    return int(axis.key_at(col - 1))


def outside_plus(resolution: Resolution) -> int:
    """A8.26: the sum of the attack's positive DRMs that came only from outside the target hex."""
    total = 0
    for line in resolution.lines:
        if line.rule in OUTSIDE and str(line.value).startswith("+"):
            total += int(str(line.value))
    return total


def highest_column(resolution: Resolution) -> Fraction:
    """A8.2: the highest IFT FP column any group of targets was attacked on (0: none), a Kill DR at an
    unarmored vehicle on the vehicle line included (A7.308), also when it destroyed the vehicle and so made
    no collateral attack on its passengers (D.8); a collateral attack is on that same column and adds none of
    its own (D.8)."""
    cols = [iift.parse(str(line.value.facts["column"])) for line in resolution.lines
            if isinstance(line.value, T) and line.value.msgid in COLUMN_LINES
            and str(line.value.facts["column"]) != "-"]  # A7.371: an IIFT attack shifted off the chart
    return max(cols, default=Fraction(0))  # A7.372: an IIFT column may be 2 1/2


def hex_row(origin: Hex, target: Hex, reach: int) -> list[Hex]:
    """A9.22: the hexes of the hex row from ``origin`` through ``target``, out to ``reach`` hexes from the
    origin ([] if the target is not on one of the origin's six hex rows)."""
    d = target - origin
    n = distance(origin, target)
    if n == 0:
        return []
    step = Hex(d.q // n, d.r // n) if d.q % n == 0 and d.r % n == 0 else None
    if step not in DIRECTIONS:
        return []
    assert step is not None
    return [Hex(origin.q + step.q * k, origin.r + step.r * k) for k in range(1, reach + 1)]


# --- state ---


def _gs(state: State) -> AslState:
    return cast("AslState", state.game)


def residuals(state: State) -> tuple[Residual, ...]:
    return _gs(state).residual


def lanes(position: Position) -> tuple[Lane, ...]:
    """The Fire Lanes still in force: a lane goes when its MG malfunctions or is gone, or its user is broken,
    pinned or gone (A9.223)."""
    out = []
    for lane in _gs(position.state).lanes:
        mg = position.units.get(lane.mg)
        user = position.units.get(mg.carrier or "") if mg is not None else None
        if mg is None or mg.has("malfunctioned") or user is None or user.has("broken") or user.has("pinned"):
            continue
        out.append(lane)
    return tuple(out)


def place(position: Position, state: State, target: Hex, value: int, side: str) -> State:
    """A8.21: one Residual counter per Location; a larger one replaces a smaller."""
    if value <= 0:
        return state
    gs = _gs(state)
    old = [r for r in gs.residual if r.hex == target]
    if old and old[0].fp >= value:
        return state
    kept = tuple(r for r in gs.residual if r.hex != target)
    return state.replace(game=gs.replace(residual=(*kept, Residual(target, value, side))))


def left_by(game: AslGame, position: Position, state: State, fire: act.Fire, resolution: Resolution,
            modes: Mapping[str, str], keep: Sequence[str], laying: Sequence[str], broke: bool,
            area: Sequence[tuple[T, str]] = ()) -> State:
    """After a First Fire, SFF or FPF in the MPh (A8.2): the Residual it leaves. None if a weapon of the
    attack malfunctioned (A8.221); a MG that keeps its rate of fire leaves none yet, the rest of its group
    does (A8.23); a MG laying a Fire Lane leaves its lane instead (A9.22)."""
    from hexmate.rules.games.asl import fire as asl_fire

    if position.phase.id != "MPh" or broke:
        return state
    left_out = set(keep) | set(laying)
    if left_out:
        rest = tuple(u for u in fire.firers if u not in left_out)
        shooters = [u for u in rest if position.units[u].type != asl_fire.LEADER]
        if not shooters:
            return state
        resolution = asl_fire.resolve_attack(game, position, act.Fire(rest, fire.target, fire.dice),
                                             area=area, modes=modes)
    axis = position.charts.chart("ift").axis("fp")
    value = residual_value(axis, highest_column(resolution), outside_plus(resolution))
    side = position.units[fire.firers[0]].side
    return place(position, state, fire.target, value, side)


def rof_question(game: AslGame, position: Position, fire: act.Fire, resolution: Resolution,
                 modes: Mapping[str, str], keep: Sequence[str], laying: Sequence[str]) -> list[Decision]:
    """A8.23: a MG of a First Fire that kept its rate of fire left no Residual of its own; its owner may give
    the ROF up, at once, to leave the Residual of the whole attack instead (when that is more)."""
    if position.phase.id != "MPh":
        return []
    axis = position.charts.chart("ift").axis("fp")
    whole = residual_value(axis, highest_column(resolution), outside_plus(resolution))
    side = position.units[fire.firers[0]].side
    left = left_by(game, position, position.state, fire, resolution, modes, keep, laying, False)
    now = next((r.fp for r in _gs(left).residual if r.hex == fire.target and r.side == side), 0)
    if whole <= now:
        return []
    return [Decision(
        "confirm", side,
        T("{mgs} kept the rate of fire, so leave Residual FP {now} at {hex}: keep-rof, or give it up to "
          "leave {whole} (residual)", mgs=", ".join(keep), now=now, hex=position.label(fire.target),
          whole=whole),
        "A8.23", "rof_residual", choices=("keep-rof", "residual"), subject=tuple(keep), target=fire.target,
        args=(("whole", str(whole)),),
    )]


def resume_rof(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A8.23: the ROF given up: the MGs take their First Fire counters and the whole Residual is left."""
    state = position.state
    if answer.choice != "residual" or decision.target is None:
        return state
    for mg in decision.subject:
        if mg in state.units:
            state = state.with_unit(state.units[mg].mark("first_fire"))
    return place(position, state, decision.target, int(decision.arg("whole")), decision.side)


# --- a Fire Lane declared and laid (A9.22) ---


LANE_GRAINS = ("yes", "left", "right")  # a lane along a hex row; along an alternate grain, its side (A9.221)


def lane_row(position: Position, mg: UnitState, target: Hex, grain: str = "yes") -> list[Hex]:
    """The Locations a lane of ``mg`` at ``target`` could cover, nearest first: its hex row through the
    target (A9.22), or with ``grain`` "left"/"right" the alternate hex grain through it on that side
    (A9.221); on the map, within the MG's normal range."""
    owner = position.units.get(mg.carrier or "")
    if owner is None or owner.hex is None:
        return []
    reach = int(mg.values.get("range", 0) or 0)
    row = alternate_grain(owner.hex, target, reach, grain) if grain in ("left", "right") else \
        hex_row(owner.hex, target, reach)
    return [h for h in row if h in position.map.hexes]


def lof_sides(origin: Hex, target: Hex, reach: int) -> tuple[frozenset[Hex], ...]:
    """A9.221: the hexsides an alternate hex grain LOF from ``origin`` through ``target`` runs along, out to
    ``reach`` hexes: the LEFT and the RIGHT hex of each pair, together."""
    left = alternate_grain(origin, target, reach, "left")
    right = alternate_grain(origin, target, reach, "right")
    return tuple(frozenset((a, b)) for a, b in zip(left[0::2], right[0::2], strict=False))


def grain_of(position: Position, mg: UnitState, target: Hex) -> str:
    """"yes" when ``target`` is on one of the MG's hex rows, "alternate" when it is on an alternate hex grain
    line (A9.221: two hexes a step along a hexspine), "" otherwise."""
    if target in lane_row(position, mg, target):
        return "yes"
    return "alternate" if target in lane_row(position, mg, target, "left") else ""


def may_lay(position: Position, mg: UnitState, target: Hex, mode: str) -> bool:
    """A9.22: a Good Order, unpinned infantry user's MG with no First or Final Fire counter yet, in Defensive
    First Fire (not SFF or FPF) within normal range but not TPBF, at a target on the same level and on one of
    its hex rows or alternate hex grain lines (A9.221), may lay a lane."""
    owner = position.units.get(mg.carrier or "")
    if mg.type != au.SW or mg.values.get("sw") != "mg" or owner is None or owner.hex is None:
        return False
    if mode != "first" or owner.has("broken") or owner.has("pinned"):
        return False
    if mg.has("first_fire") or mg.has("final_fire"):
        return False
    from hexmate.rules.games.asl import ammo

    if ammo.no_lane(position, mg):  # A19.131: no Fire Lane under Ammunition Shortage
        return False
    if owner.hex == target or position.map.level(owner.hex) != position.map.level(target):
        return False
    return grain_of(position, mg, target) != ""


def lane_question(position: Position, mg: UnitState, target: Hex) -> Decision:
    if grain_of(position, mg, target) == "alternate":  # A9.221: the side of each hexside pair declared
        return Decision(
            "confirm", mg.side,
            T("{mg} may lay a Fire Lane along the alternate hex grain through {hex} (it then loses its rate "
              "of fire), on its left or right side: lane-left, lane-right or no-lane", mg=mg.id,
              hex=position.label(target)),
            "A9.221", "lane_declare", choices=("lane-left", "lane-right", "no-lane"), subject=(mg.id,),
            target=target,
        )
    return Decision(
        "confirm", mg.side,
        T("{mg} may lay a Fire Lane along the hex row through {hex} (it then loses its rate of fire): lane "
          "or no-lane", mg=mg.id, hex=position.label(target)),
        "A9.22", "lane_declare", choices=("lane", "no-lane"), subject=(mg.id,), target=target,
    )


def resume_declare(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The lane is declared (or not) before the IFT DR: the fire's roll remembers it (A9.22)."""
    state = position.state
    grain = {"lane": "yes", "lane-left": "left", "lane-right": "right"}.get(answer.choice)
    if grain is None:
        return state
    at = max(i for i, d in enumerate(state.decisions) if d.then == "ift")  # the fire's roll, below
    marked = state.decisions[at].with_args(**{f"lane:{decision.subject[0]}": grain})
    return state.replace(decisions=(*state.decisions[:at], marked, *state.decisions[at + 1:]))


def counter_question(position: Position, mg: UnitState, target: Hex, grain: str = "yes") -> Decision:
    options = tuple(h for h in lane_row(position, mg, target, grain)
                    if distance(h, target) == 0 or _beyond(position, mg, target, h))
    return Decision(
        "hexes", mg.side,
        T("place {mg}'s Fire Lane counter on {hex} or farther along its hex row, within normal range",
          mg=mg.id, hex=position.label(target)),
        "A9.22", "lane_place", hexes=options, subject=(mg.id,), target=target, args=(("grain", grain),),
    )


def _beyond(position: Position, mg: UnitState, target: Hex, h: Hex) -> bool:
    owner = position.units[mg.carrier or ""]
    assert owner.hex is not None
    return distance(owner.hex, h) > distance(owner.hex, target)


def resume_place(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.22: the lane covers each Location of the row from the MG to its counter that the user sees, at one
    IFT column left of the MG's FP."""
    state = position.state
    mg = position.units.get(decision.subject[0])
    if mg is None:
        return state
    owner = position.units[mg.carrier or ""]
    assert owner.hex is not None
    end = answer.hexes[0]
    grain = decision.arg("grain") or "yes"
    row = lane_row(position, mg, end, grain)  # A9.221: the declared side
    covered = tuple(h for h in row[: distance(owner.hex, end)]
                    if not asl_terrain.line_of_sight(position, owner.hex, h).blocked)
    sides = lof_sides(owner.hex, end, distance(owner.hex, end)) if grain in ("left", "right") else ()
    axis = position.charts.chart("ift").axis("fp")
    mg_fp = int(mg.values.get("fp", 0) or 0)
    fp = iift.lane_fp(position, mg_fp) if iift.enabled(position) else lane_value(axis, mg_fp)  # A7.371
    lane = Lane(mg.id, mg.side, owner.hex, end, covered, fp, sides)
    gs = _gs(state)
    return state.replace(game=gs.replace(lanes=(*(x for x in gs.lanes if x.mg != mg.id), lane)))


# --- movers attacked (A8.2, A8.22, A9.22) ---


def entered(position: Position, state: State, only: Sequence[str] | None = None) -> State:
    """The movers entered ``moving.here``: the enemy's Residual there attacks them first, then each lane
    through it (A8.22, A9.222); a unit is attacked by one Location's Residual once (A8.22). ``only``: the
    movers attacked, when not all of them are infantry (an Armored Assault's, D9.31: the AFV leading them
    is vresid.py's)."""
    moving = state.moving
    if moving is None or moving.stopped:
        return state
    view = position.at(state)
    movers = [view.units[u] for u in (moving.units if only is None else only) if u in view.units]
    if not movers:
        return state
    side = movers[0].side
    here = moving.here
    gs = _gs(state)
    hit = dict(gs.residual_hit)
    checks: list[Decision] = []
    targets = tuple(u.id for u in movers)
    names = ", ".join(targets)
    for r in gs.residual:
        key = f"{r.hex.q},{r.hex.r}"
        if r.hex != here or r.side == side:
            continue
        roll = Decision(
            "roll", r.side,
            T("{units} entered Residual FP {fp} at {hex}: roll the IFT DR", units=names, fp=r.fp,
              hex=view.label(here)),
            "A8.2", "residual", dice="DR", subject=targets, target=here,
            args=(("fp", str(r.fp)), ("kind", "residual")),
        )
        drm = sum(v for _, v, _ in attack_drms(view, roll, movers))
        if any(_again(hit, f"{u}@{key}", r.fp, drm) for u in targets):
            checks.append(roll)
    came = moving.path[moving.at - 1] if moving.at >= 1 else None
    entering: list[Lane] = []
    for lane in lanes(view):
        if lane.side == side:
            continue
        snap = snap_shot(view, lane, moving, came, here, targets)
        if snap is not None:  # A9.221: a Snap Shot at the hexside, or the lane's attack as it enters
            checks.append(snap)
            continue
        if here in lane.hexes:
            entering.append(lane)
    return state.push(*checks, *lane_attacks(view, entering, targets, here))


def lane_roll(view: Position, lane: Lane, targets: tuple[str, ...], here: Hex) -> Decision:
    """The IFT DR of a lane's attack on the movers that entered one of its Locations (A9.22)."""
    return Decision(
        "roll", lane.side,
        T("{units} entered {mg}'s Fire Lane ({fp} FP) at {hex}: roll the IFT DR", units=", ".join(targets),
          mg=lane.mg, fp=lane.fp_at(here), hex=view.label(here)),
        "A9.22", "residual", dice="DR", subject=targets, target=here,
        args=(("fp", str(lane.fp_at(here))), ("kind", "lane"), ("mg", lane.mg)),
    )


def lane_attacks(view: Position, entering: Sequence[Lane], targets: tuple[str, ...],
                 here: Hex) -> list[Decision]:
    """A9.222: the lanes the movers entered attack one by one, after any other Residual there (``entered``
    pushes that first). Where two or more cross, their owner chooses which attacks first (``lane_order``); a
    lane attack that can have no effect need not be made, so its owner is asked whether to roll it
    (``lane_skip``: the roll risks the MG's breakdown, A9.223, and can do nothing else)."""
    present = tuple(u for u in targets if u in view.units and view.units[u].hex == here)
    if not present or not entering:
        return []  # A9.222: every target gone after an earlier attack: the rest are not made
    if len(entering) > 1:
        mgs = tuple(lane.mg for lane in entering)
        return [Decision(
            "confirm", entering[0].side,
            T("{units} entered the crossing Fire Lanes of {mgs} at {hex}: which lane attacks first? (A9.222)",
              units=", ".join(present), mgs=", ".join(mgs), hex=view.label(here)),
            "A9.222", "lane_order", choices=mgs, subject=present, target=here,
        )]
    lane = entering[0]
    roll = lane_roll(view, lane, present, here)
    if not futile(view, roll):
        return [roll]
    return [Decision(
        "confirm", lane.side,
        T("{mg}'s Fire Lane ({fp} FP) at {hex} can have no effect on {units} even at the lowest DR: roll "
          "it all the same (roll, at the risk of its breakdown), or skip it (A9.222)", mg=lane.mg,
          fp=lane.fp_at(here), hex=view.label(here), units=", ".join(present)),
        "A9.222", "lane_skip", choices=("roll", "skip"), subject=present, target=here, args=roll.args,
    )]


def resume_order(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.222: the chosen lane attacks first; the others follow, in their owner's order again when more
    than one is left (asked once the first attack and its checks are over). A later attack finds no one
    when the first left no target there, and then does nothing (``resume_attack``)."""
    if answer.choice not in decision.choices or decision.target is None:
        raise IllegalAction(T("answer one of {choices}", choices=", ".join(decision.choices)), "A9.222")
    live = {lane.mg: lane for lane in lanes(position)}
    first = [live[answer.choice]] if answer.choice in live else []
    rest = [live[m] for m in decision.choices if m != answer.choice and m in live]
    here = decision.target
    return position.state.push(*lane_attacks(position, first, decision.subject, here),
                               *lane_attacks(position, rest, decision.subject, here))


def resume_skip(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.222: a lane attack that can have no effect is rolled only if its owner wants it."""
    if answer.choice not in decision.choices or decision.target is None:
        raise IllegalAction(T("answer one of {choices}", choices=", ".join(decision.choices)), "A9.222")
    lane = next((x for x in lanes(position) if x.mg == decision.arg("mg")), None)
    if answer.choice == "skip" or lane is None:
        return position.state
    return position.state.push(lane_roll(position, lane, decision.subject, decision.target))


def futile(position: Position, roll: Decision) -> bool:
    """A9.222: can this lane attack have no effect? True when even the lowest Original DR (one pip a die:
    2) with its DRMs finds no result on the IFT (or the FP has no column)."""
    assert roll.target is not None
    targets = [position.units[u] for u in roll.subject if u in position.units]
    fp = int(roll.arg("fp"))
    drm = sum(v for _, v, _ in attack_drms(position, roll, targets))
    return iift.read(position, fp, ASL_DR.count + drm).result == "-"  # A7.37: the table in use


def snap_shot(view: Position, lane: Lane, moving: Any, came: Hex | None, here: Hex,
              targets: tuple[str, ...]) -> Decision | None:
    """A9.221: movers crossing a hexside the alternate grain lane's LOF runs along, into or out of one of its
    Locations, may be Snap Shot there by the lane (A8.15); not when the lane already attacked them in the
    Location they leave (they entered it in this move)."""
    if came is None or frozenset((came, here)) not in lane.sides:
        return None
    if came not in lane.hexes and here not in lane.hexes:
        return None
    if came in lane.hexes and moving.at >= 2:  # entered this move: the lane attacked them there
        return None
    return Decision(
        "confirm", lane.side,
        T("{units} cross the {a}-{b} hexside along {mg}'s Fire Lane: Snap Shot at {fp} FP (snap), or pass",
          units=", ".join(targets), a=view.label(came), b=view.label(here), mg=lane.mg, fp=lane.fp),
        "A9.221", "lane_snap", choices=("snap", "pass"), subject=targets, target=here,
        args=(("fp", str(lane.fp)), ("mg", lane.mg), ("enters", "yes" if here in lane.hexes else "")),
    )


def resume_snap(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.221: the Snap Shot rolled (A8.15's DRMs: no FFNAM/FFMO, no TEM of the hex), after which the lane
    does not attack them again in the Location entered; passed, the lane attacks as they enter (A9.22)."""
    assert decision.target is not None
    here = decision.target
    lane = next((x for x in lanes(position) if x.mg == decision.arg("mg")), None)
    if lane is None:
        return position.state
    names = ", ".join(decision.subject)
    if answer.choice == "snap":
        return position.state.push(Decision(
            "roll", lane.side,
            T("Snap Shot by {mg}'s Fire Lane ({fp} FP) at {units}: roll the IFT DR", mg=lane.mg, fp=lane.fp,
              units=names),
            "A9.221", "residual", dice="DR", subject=decision.subject, target=here,
            args=(("fp", str(lane.fp)), ("kind", "lane"), ("mg", lane.mg), ("snap", "yes"))))
    if not decision.arg("enters"):
        return position.state
    return position.state.push(Decision(
        "roll", lane.side,
        T("{units} entered {mg}'s Fire Lane ({fp} FP) at {hex}: roll the IFT DR", units=names,
          mg=lane.mg, fp=lane.fp_at(here), hex=position.label(here)),
        "A9.22", "residual", dice="DR", subject=decision.subject, target=here,
        args=(("fp", str(lane.fp_at(here))), ("kind", "lane"), ("mg", lane.mg))))


def forget(state: State, units: Sequence[str], here: Hex) -> State:
    """A12.15: units bumped back by a concealed enemy are attacked again by the Residual FP of the Location
    they stay in, even if it attacked them there this phase (A8.22's once per Location does not hold there):
    their record of that Location's attack goes."""
    gs = _gs(state)
    keys = {f"{u}@{here.q},{here.r}" for u in units}
    hit = tuple((k, v) for k, v in gs.residual_hit if k.split("#")[0] not in keys)
    return state if hit == gs.residual_hit else state.replace(game=gs.replace(residual_hit=hit))


def again(position: Position, state: State, units: Sequence[str], here: Hex) -> tuple[State, list[Decision]]:
    """A12.15 with A8.22: units bumped back into ``here`` by a concealed enemy are attacked there again by
    its Residual FP, then by each lane through it, as if they entered it now (``forget``: even if it attacked
    them there this phase). The state with their record forgotten, and the attacks, first answered first."""
    from hexmate.rules.decisions import Moving

    base = forget(state, units, here)
    probe = base.replace(moving=Moving(tuple(units), (here, here), 0, at=1))  # "in place", as inplace.py
    below = len(probe.decisions)
    return base, list(reversed(entered(position, probe).decisions[below:]))


def _again(hit: Mapping[str, str], key: str, fp: int, drm: int) -> bool:
    """A8.22: a unit is attacked by a Location's Residual once, unless, spending more MF there, it meets a
    larger Residual or a lower DRM than when it was (``key``'s record: the FP, and the DRM under "#drm")."""
    if key not in hit:
        return True
    return int(hit[key]) < fp or (f"{key}#drm" in hit and drm < int(hit[f"{key}#drm"]))


def attack_drms(position: Position, decision: Decision,
                targets: Sequence[UnitState]) -> list[tuple[T, int, str]]:
    """The DRMs of a Residual or lane attack (``decision``: its roll): the hex's TEM, FFNAM/FFMO as they
    apply, a lane's hindrance from its MG; no leadership or CX (A9.222)."""
    assert decision.target is not None
    here = decision.target
    lane = decision.arg("kind") == "lane"
    snap = decision.arg("snap") == "yes"  # A9.221, A8.15: no TEM of the hex, no FFNAM/FFMO
    drms: list[tuple[T, int, str]] = []
    tem = 0 if snap else asl_terrain.tem(position, here)
    from hexmate.rules.games.asl import bump

    # A12.15: units bumped back into a shellhole claim none of its TEM against this First Fire either (A8.22:
    # the Residual's attack is one of the Defensive First Fire at them); the hex is then Open Ground for FFMO
    denied = 0 if snap else bump.denied_tem(position, list(targets), here)
    if denied:
        tem -= denied
        drms.append((T("no shellhole TEM: bumped back into it by a concealed enemy"), 0, "A12.15"))
    if tem:
        drms.append((T("target terrain ({terrain})", terrain=position.map.terrain(here)), tem, "A8.2"))
    from hexmate.rules.games.asl import vcover

    # D9.3, D9.31: a wreck or friendly AFV there, or the AFV an Armored Assault moves with (+1, so no FFMO)
    cover, why = (0, None) if snap else vcover.tem(position, here, (), other_tem=tem, side=targets[0].side,
                                                   units=targets)
    if cover and why is not None:
        drms.append((why, cover, "D9.3"))
        tem += cover
    hindrance = cancels = 0  # A9.222: SMOKE, grain, brush and marsh on the lane cancel FFMO, no DRM
    mg = position.units.get(decision.arg("mg")) if lane else None
    if mg is not None and mg.carrier in position.units:
        origin = position.units[mg.carrier or ""].hex
        if origin is not None:
            hindrance, cancels = lanelos.lane(position, origin, here)
    if hindrance:
        drms.append((T("LOS hindrance from the MG"), hindrance, "A9.222"))
    if cancels:
        drms.append((T("SMOKE, grain or brush on the lane: no DRM, but no FFMO"), 0, "A9.222"))
    smoke = 0 if lane or snap else lanelos.location_smoke(position, here)
    if smoke:  # A8.2: the SMOKE of the Residual's own Location
        drms.append((T("SMOKE"), smoke, "A8.2"))
    hazardous = all((u.has("hazardous") or u.has("setting_dc")) and not u.has("pinned") for u in targets)
    if hazardous:  # A4.62, A23.7: Hazardous Movement, -2 and then no FFNAM or FFMO
        drms.append((T("Hazardous Movement"), -2, "A4.62"))
    elif not snap and not any(u.has("pinned") for u in targets):  # A7.83
        if not all(u.has("assault") for u in targets):
            drms.append((T("First Fire at a moving unit (FFNAM)"), -1, "A4.6"))
        clear = not tem and not hindrance and not cancels and not smoke
        if (position.map.terrain(here) == "open" or denied) and clear:
            drms.append((T("moving in Open Ground (FFMO)"), -1, "A4.6"))
    return drms


def resume_attack(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A Residual or lane attack on the movers: the hex's TEM, FFNAM/FFMO as they apply, a lane's hindrance
    from its MG; no Cowering (A8.224), no leadership or CX (A9.222). A lane's Original DR at or above its
    MG's B# malfunctions it and ends the lane (A9.223)."""
    from hexmate.rules.games.asl.aftermath import column_of, decisions_for, resume_casualty

    assert decision.target is not None and answer.dice is not None
    roll = ASL_DR.from_values(answer.dice)
    here = decision.target
    fp = int(decision.arg("fp"))
    lane = decision.arg("kind") == "lane"
    targets = [position.units[u] for u in decision.subject if u in position.units and
               position.units[u].hex == here]
    state = position.state
    if not targets:
        return state
    snap = decision.arg("snap") == "yes"  # A9.221, A8.15: no TEM of the hex, no FFNAM/FFMO
    mg = position.units.get(decision.arg("mg")) if lane else None
    drms = attack_drms(position, decision, targets)
    drm = sum(v for _, v, _ in drms)
    final = roll.total + drm
    label = T("Fire Lane") if lane else T("Residual FP")
    lines = [Line(label, T("{fp} FP left in {hex} this MPh", fp=fp, hex=position.label(here)),
                  "A9.22" if lane else "A8.2")]
    if snap:
        lines.append(Line(T("Snap Shot"), T("at the hexside crossed: no TEM of the hex, no FFNAM or FFMO"),
                          "A8.15"))
    lines += [Line(name, f"{value:+d}", rule) for name, value, rule in drms]
    lines.append(Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                          coloured=roll.coloured, total=roll.total), "A.1"))
    lines.append(Line(T("Final DR"), f"{roll.total} {drm:+d} = {final}", "A7.3"))
    # A7.37: on the table in use; a Residual or lane FP is a standard column there (A7.371, A7.372)
    got = iift.read(position, fp, final)
    result = got.result
    if got.column is None:
        lines.append(Line(got.label(), T("{fp} FP: no column left, no effect", fp=fp), "A7.9"))
    else:
        lines.append(Line(got.label(), got.said(), got.rule))
    if mg is not None and roll.total >= au.breakdown(mg.values).b:
        lines.append(Line(T("Breakdown"), T("{sw}: Original DR {dr}: the MG malfunctions and its Fire Lane "
                                            "ends", sw=mg.id, dr=roll.total), "A9.223"))
        state = state.with_unit(mg.mark("malfunctioned"))
    ids = [u.id for u in targets]
    if result != "-":  # A12.14, A12.141: a PTC or worse in a Good Order enemy's LOS, a Snap Shot's too
        for unit in targets:
            seen = seen_by_good_order(position, unit.side, here, None)
            if unit.concealed and unit.type != "dummy" and seen:
                state = state.with_unit(state.units[unit.id].revealed())
    fire = act.Fire(tuple(ids), here, answer.dice)
    summary = (T("Fire Lane at {hex}: {result}", hex=position.label(here), result=result) if lane
               else T("Residual FP at {hex}: {result}", hex=position.label(here), result=result))
    resolution = Resolution(fire, "ift", position.charts.label, position.charts.demo, tuple(lines),
                            {u: result for u in ids}, summary, {u.id: u.side for u in targets if u.concealed})
    gs = _gs(state)
    if not lane:
        key = f"{here.q},{here.r}"
        hit = dict(gs.residual_hit)
        hit.update({f"{u}@{key}": str(fp) for u in ids})
        hit.update({f"{u}@{key}#drm": str(drm) for u in ids})  # A8.22: a lower DRM attacks again
        state = state.replace(game=gs.replace(residual_hit=tuple(sorted(hit.items()))))
    state = state.replace(resolution=resolution)
    decisions = decisions_for(position.at(state), result, ids, column_of(resolution))
    if decisions and decisions[0].then == "casualty" and len(decisions[0].units) == 1:
        # Random Selection among one unit picks it (A.9): no question to ask
        return resume_casualty(game, position.at(state.push(*decisions[1:])), decisions[0],
                               act.Answer(units=decisions[0].units))
    return state.push(*decisions)


def cleared(state: State) -> State:
    """A8.2, A9.223: Residual counters and Fire Lanes go at the end of the MPh."""
    return state.replace(game=_gs(state).replace(residual=(), lanes=(), residual_hit=()))


def lane_bars(position: Position, unit: UnitState, target: Hex) -> bool:
    """A9.22: a MG keeping a Fire Lane fires no more before the DFPh, but at units entering its own
    Location (A9.223)."""
    mine = [lane for lane in lanes(position) if lane.mg == unit.id]
    return bool(mine) and target != mine[0].origin


def status(position: Position) -> list[str]:
    """The page's lines: each Residual and Fire Lane in force, with its rule."""
    out: list[str] = []
    for r in residuals(position.state):
        out.append(T("Residual FP {fp} at {hex} ({side}'s fire) until the end of the MPh (A8.2)", fp=r.fp,
                     hex=position.label(r.hex), side=r.side))
    for lane in lanes(position):
        along = ", ".join(position.label(h) for h in lane.hexes)
        out.append(T("{mg}'s Fire Lane: {fp} FP along {hexes} ({near} FP next to it) until the end of the "
                     "MPh (A9.22)", mg=lane.mg, fp=lane.fp, hexes=along, near=lane.fp * 2))
    return out


def marks(position: Position) -> dict[Hex, str]:
    """What the LEDs show of them: the Residual Locations and the lanes' Locations."""
    out: dict[Hex, str] = {}
    for lane in lanes(position):
        for h in lane.hexes:
            out[h] = "lane"
    for r in residuals(position.state):
        out[r.hex] = "residual"
    return out


def alternate_grain(origin: Hex, target: Hex, reach: int, side: str) -> list[Hex]:
    """A9.221: the hexes of an alternate hex grain lane from ``origin`` through ``target`` (a target along one
    of the six hexspine lines, two hexes a step), out to ``reach`` hexes: each hex whose centre the LOF
    crosses, and of each pair of hexes whose common hexside it runs along, the one on the ``side`` ("left" or
    "right") the firer declares, as seen facing along the lane ([] if the target is on no such line)."""
    d = target - origin
    n = distance(origin, target)
    k = n // 2
    pairs = [(a, b) for a in DIRECTIONS for b in DIRECTIONS if a != b and distance(a, b) == 1]
    step = next(((a, b) for a, b in pairs
                 if n and n % 2 == 0 and Hex(k * (a.q + b.q), k * (a.r + b.r)) == d), None)
    if step is None or side not in ("left", "right"):
        return []
    a, b = step
    ox, oy = center(origin)
    tx, ty = center(Hex(origin.q + a.q + b.q, origin.r + a.r + b.r))
    fx, fy = tx - ox, ty - oy  # facing along the LOF; the left hand points (fy, -fx) with y down the page

    def on_left(h: Hex) -> bool:
        hx, hy = center(h)
        return (hx - ox) * fy - (hy - oy) * fx > 0

    out: list[Hex] = []
    here = origin
    while True:
        sides = [Hex(here.q + a.q, here.r + a.r), Hex(here.q + b.q, here.r + b.r)]
        pick = next(h for h in sides if on_left(h) == (side == "left"))
        nxt = Hex(here.q + a.q + b.q, here.r + a.r + b.r)
        for h in (pick, nxt):
            if distance(origin, h) > reach:
                return out
            out.append(h)
        here = nxt


def cancel_on_fire(position: Position, state: State, weapons: Sequence[UnitState], target: Hex) -> State:
    """A9.223: a MG that keeps a Fire Lane fires again in the MPh only at units entering its own Location
    (TPBF, A8.312), and cancels its lane when it does. Not built: D7.21's CC Reaction Fire, and the exception
    for a vehicle without (exposed) PRC that does not end its MPh there."""
    ids = {w.id for w in weapons}
    gs = _gs(state)
    kept = tuple(lane for lane in gs.lanes if not (lane.mg in ids and lane.origin == target))
    return state if kept == gs.lanes else state.replace(game=gs.replace(lanes=kept))
