"""ASL smoke grenades at the table (A24.1, A24.11, A24.2): the ``smoke UNIT at HEX`` action of the MPh, the
placement dr, the SMOKE counter's life and its hindrance to fire. The numbers are special.py's.

A24.1: a Good Order squad with a smoke exponent that may still move this MPh declares the Location (its own
for 1 MF, an adjacent one for 2 MF; not water or marsh, none of which the ASL terrain here has) and rolls a
dr: at most its exponent places SMOKE there; a 6 ends its MPh where it is. One attempt per unit and MPh; it is
not SW use. The weather (wind.py) may forbid it: no grenades in heavy winds, rain, mud or heavy snow
(A24.11), none into the three hexes upwind in a mild breeze (A24.1). A placement to a higher level (the extra
dr of A24.1) is not here.
A24.11: grenade SMOKE goes at the end of its placer's MPh, after all First Fire and before the DFPh.
A24.2: every Location with SMOKE that a LOS leaves, crosses or enters adds its DRM (+2 for grenade smoke,
A24.5), at most +3 a Location, and +1 more when fired out of or within it (A24.8): ``fire_drm``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import wind as asl_wind
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance, line
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

TRIED = "smoke_tried"  # A24.1: one attempt per unit and MPh
NO_SMOKE_TERRAIN = frozenset({"water", "marsh", "swamp"})  # A24.1 (none on the ASL maps of this subset yet)


def exponent(unit: UnitState) -> int:
    """The smoke exponent printed beside the squad's FP (A24.1): the counter's ``smoke`` value."""
    value = unit.values.get("smoke", 0)
    return value if isinstance(value, int) else 0


def mf_spent(unit: UnitState) -> int:
    """MF the unit spent on a smoke attempt this MPh (A24.1), out of its move's MF."""
    return next((int(m[8:]) for m in unit.markers if m.startswith("smoke_mf") and m[8:].isdigit()), 0)


def smoke_hexes(game: AslGame, position: Position) -> frozenset[Hex]:
    return frozenset(h for h, _ in game.gstate(position.state).smoke)


def check(game: AslGame, position: Position, smoke: act.Smoke) -> act.Smoke:
    if position.phase.id != "MPh":
        raise IllegalAction(T("smoke grenades are placed in the MPh"), "A24.1")
    if smoke.unit not in position.units:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(smoke.unit)))
    unit = position.units[smoke.unit]
    if unit.has("mounted"):
        raise IllegalAction(T("{unit} is mounted: cavalry places no smoke (A13.4)", unit=unit.id), "A13.4")
    why = game.can_move(position, unit)
    if why:
        raise IllegalAction(T("{unit} may place smoke only while it may still move: {why}", unit=unit.id,
                              why=why), "A24.1")
    if unit.type != "squad" or exponent(unit) <= 0:
        raise IllegalAction(T("{unit} is not a squad with a smoke exponent", unit=unit.id), "A24.1")
    if unit.has(TRIED):
        raise IllegalAction(T("{unit} has already tried to place smoke this MPh", unit=unit.id), "A24.1")
    assert unit.hex is not None
    if smoke.hex not in position.map.hexes or distance(unit.hex, smoke.hex) > 1:
        raise IllegalAction(T("smoke grenades go in the squad's own Location or an adjacent one"), "A24.1")
    if position.map.terrain(smoke.hex) in NO_SMOKE_TERRAIN:
        raise IllegalAction(T("no smoke in {terrain}", terrain=position.map.terrain(smoke.hex)), "A24.1")
    asl_wind.check_smoke(position, game.gstate(position.state).wind, unit.hex, smoke.hex)  # A24.1, A24.11
    cost = sp.smoke_grenade_cost(smoke.hex != unit.hex)
    left = game.group_budget([unit])
    if cost > left:
        raise IllegalAction(T("{unit} has {left} MF left; the attempt costs {cost}", unit=unit.id, left=left,
                              cost=cost), "A24.1")
    return act.Smoke(unit.id, smoke.hex)


def declare(game: AslGame, position: Position, smoke: act.Smoke) -> State:
    """The unit spends the MF (A24.1) and rolls the placement dr."""
    unit = position.units[smoke.unit]
    cost = sp.smoke_grenade_cost(smoke.hex != unit.hex)
    state = position.state.with_unit(unit.mark(TRIED, f"smoke_mf{cost}"))
    spot = unit.hex if unit.concealed else None
    if spot is not None and asl_concealment.seen_by_good_order(position, unit.side, spot):
        state = state.with_unit(state.units[unit.id].revealed())  # A12.141: smoke grenades are an action
    return state.push(Decision(
        "roll", unit.side,
        T("{unit} tries to place smoke in {hex} (smoke exponent {n}): roll the dr", unit=unit.id,
          hex=position.label(smoke.hex), n=exponent(unit)),
        "A24.1", "smoke_grenade", dice="dr", subject=(unit.id,), target=smoke.hex))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units[decision.subject[0]]
    h = decision.target
    assert h is not None
    dr = (answer.dice or (0,))[0]
    placed, stop = sp.smoke_exponent_ok(dr, exponent(unit))
    gs = game.gstate(state)
    if placed and h not in {x for x, _ in gs.smoke}:
        state = state.replace(game=gs.replace(smoke=(*gs.smoke, (h, sp.Smoke("grenade")))))
    if stop and unit.id not in state.moved:
        state = state.replace(moved=(*state.moved, unit.id))  # A24.1: a 6 ends its MPh where it is
    if placed:
        said = T("SMOKE placed in {hex}: put a SMOKE counter there", hex=position.label(h))
    elif stop:
        said = T("no smoke, and {unit}'s MPh ends where it is", unit=unit.id)
    else:
        said = T("no smoke")
    lines = (Line(T("smoke dr"), str(dr), "A24.1"), Line(T("smoke exponent"), str(exponent(unit)), "A24.1"),
             Line(T("result"), said, "A24.1"))
    summary = T("{unit} smoke attempt in {hex}: dr {dr}: {result}", unit=unit.id, hex=position.label(h),
                dr=dr, result=said)
    return state.replace(resolution=Resolution(act.Smoke(unit.id, h), "smoke", "", False, lines,
                                               {unit.id: "placed" if placed else "-"}, summary))


def end_of_mph(game: AslGame, state: State) -> State:
    """A24.11: grenade SMOKE is removed at the end of its placer's MPh; the attempts are forgotten."""
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(smoke=tuple(s for s in gs.smoke if s[1].kind != "grenade")))
    for unit in list(state.units.values()):
        spent = tuple(m for m in unit.markers if m == TRIED or m.startswith("smoke_mf"))
        if spent:
            state = state.with_unit(unit.mark(remove=spent))
    return state


def fire_drm(game: AslGame, position: Position, firers: set[Hex | None], target: Hex) -> int:
    """A24.2, A24.8: the SMOKE hindrance of the attack: the worst of the firers' LOS (as for any hindrance,
    A7.52)."""
    smoky = dict(game.gstate(position.state).smoke)
    if not smoky:
        return 0
    worst = 0
    for h in firers:
        if h is None:
            continue
        path = [[smoky[x]] if x in smoky else [] for x in line(h, target).hexes]
        worst = max(worst, sp.smoke_los_drm(path, firer_in_smoke=h in smoky))
    return worst


def status(game: AslGame, position: Position) -> list[str]:
    hexes = sorted(position.label(h) for h, _ in game.gstate(position.state).smoke)
    return [T("SMOKE in {hexes} (A24.2)", hexes=", ".join(hexes))] if hexes else []
