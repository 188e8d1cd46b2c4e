"""ASL smoke grenades at the table (A24.1, A24.11, A24.2): the ``smoke UNIT at HEX`` action of the MPh, the
placement dr, the SMOKE counter's life and its hindrance to fire. The numbers are special.py's.

A24.1: a Good Order squad with a smoke exponent that may still move this MPh declares the Location (its own
for 1 MF, an adjacent one for 2 MF; not water or marsh, none of which the ASL terrain here has) and rolls a
dr: at most its exponent places SMOKE there; a 6 ends its MPh where it is. One attempt per unit and MPh; it is
not SW use. The weather (wind.py) may forbid it: no grenades in heavy winds, rain, mud or heavy snow
(A24.11), none into the three hexes upwind in a mild breeze (A24.1). An adjacent Location one level higher
needs one more dr after the placement dr: 1-3 puts the smoke there, 4-6 in the squad's own Location
(``resume_climb``); none goes two or more levels up.
A24.11: grenade SMOKE goes at the end of its placer's MPh, after all First Fire and before the DFPh.
A24.2: every Location with SMOKE that a LOS leaves, crosses or enters adds its DRM (+2 for grenade smoke,
A24.5), at most +3 a Location, and +1 more when fired out of or within it (A24.8): ``fire_drm``.
A24.3: WP grenades (``smoke UNIT at HEX wp``), declared before the dr, placed on one less than the exponent,
+1 hindrance (A24.5); who has them: ``wp_refusal`` (A24.3, A25.34, A25.46, else by SSR).
A24.31: WP placed opens a NMC for every unit in its Location, either side's (``wp_checks``), after the First
Fire window of the MF: leadership, the TEM as a negative DRM (positive on a Critical Hit, a coloured 6); a
broken unit is DM (A10.62); a concealed unit seen by a Good Order enemy loses its "?".

Audit of A24 (the text against the code): A24.1 the attempt, MF, dr, one a MPh, water/marsh, wind: here
and wind.py, with the extra dr for a higher adjacent Location (a hill hex one level up: one crest line;
building stairs to an upper level and cliffs are not among the placements here).
A24.11 removal: ``end_of_mph``. A24.2, A24.8 hindrance: special.py, los.py, ``fire_drm``. A24.3, A24.31: here;
the NMC of a vehicle's PRC (any but a non-CE CT AFV) is wpveh.py's; not built: the exception for units not
yet moved when WP comes by Defensive Fire (ordnance WP: chapter C). A24.32 WP fire: chapter B
(Kindling), not built. A24.4 height, dispersal: special.py, los.py; A24.5 strengths: special.py. A24.6
weather, A24.61 drift, A24.62 gusts: wind.py. A24.7 +1 MF: terrain.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import aftermath, armour, nations, wpveh
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import wind as asl_wind
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance, line
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

TRIED = "smoke_tried"  # A24.1: one attempt per unit and MPh
OUTCOMES = {"pass": T("passed"), "pin": T("passed, pinned"), "break": T("broken, DM"),
            "reduce": T("broken: Casualty Reduction"), "casualty": T("Casualty Reduction, broken"),
            "eliminated": T("eliminated"), "wound": T("wounded")}
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
    if smoke.wp:
        why = wp_refusal(position, unit)
        if why is not None:
            raise IllegalAction(why, "A24.3")
    if unit.has(TRIED):
        raise IllegalAction(T("{unit} has already tried to place smoke this MPh", unit=unit.id), "A24.1")
    assert unit.hex is not None
    if smoke.hex not in position.map.hexes or distance(unit.hex, smoke.hex) > 1:
        raise IllegalAction(T("smoke grenades go in the squad's own Location or an adjacent one"), "A24.1")
    if position.map.terrain(smoke.hex) in NO_SMOKE_TERRAIN:
        raise IllegalAction(T("no smoke in {terrain}", terrain=position.map.terrain(smoke.hex)), "A24.1")
    if climb_of(position, unit, smoke.hex) >= 2:
        raise IllegalAction(T("smoke grenades never reach an adjacent Location two or more levels higher"),
                            "A24.1")
    asl_wind.check_smoke(position, game.gstate(position.state).wind, unit.hex, smoke.hex)  # A24.1, A24.11
    cost = sp.smoke_grenade_cost(smoke.hex != unit.hex)
    left = game.group_budget([unit], position=position)
    if cost > left:
        raise IllegalAction(T("{unit} has {left} MF left; the attempt costs {cost}", unit=unit.id, left=left,
                              cost=cost), "A24.1")
    return act.Smoke(unit.id, smoke.hex, smoke.wp)


def wp_refusal(position: Position, unit: UnitState) -> T | None:
    """A24.3: who may place WP grenades (None: this squad may). American squads (A25.34); British squads from
    1944 (A25.46; ANZAC and Gurkha are British, A25.4), Free French squads too (A25.53); Elite Japanese
    squads and Chinese 5-3-7 squads (A24.3); any other side's squads only by SSR: the scenario's
    ``options.wp_grenades`` lists the sides."""
    ssr = position.scenario.options.get("wp_grenades", ())
    if isinstance(ssr, (list, tuple)) and unit.side in ssr:
        return None
    nat = nations.of(position, unit).name
    if nat == "american":
        return None
    if nat in ("british", "anzac", "gurkha"):
        date = nations.scenario_date(position.scenario)
        if date is None:
            return T("British squads use WP grenades only from 1944: give the scenario's date "
                     "(options.date) (A25.46)")
        if date >= (1944, 1):
            return None
        return T("British squads use WP grenades only from 1944 (A25.46)")
    if nat == "free_french":  # A25.53: from 1944, as the British
        date = nations.scenario_date(position.scenario)
        if date is None:
            return T("Free French squads use WP grenades only from 1944: give the scenario's date "
                     "(options.date) (A25.53)")
        if date >= (1944, 1):
            return None
        return T("Free French squads use WP grenades only from 1944 (A25.53)")
    if nat == "japanese" and au.unit_class(unit.values) == "elite":
        return None
    if nat == "chinese" and unit.name == "5-3-7":
        return None
    return T("{unit} has no WP grenades: only American squads, British squads from 1944, Elite Japanese and "
             "Chinese 5-3-7 squads have them, others only by SSR (A24.3)", unit=unit.id)


def declare(game: AslGame, position: Position, smoke: act.Smoke) -> State:
    """The unit spends the MF (A24.1) and rolls the placement dr."""
    unit = position.units[smoke.unit]
    cost = sp.smoke_grenade_cost(smoke.hex != unit.hex)
    state = position.state.with_unit(unit.mark(TRIED, f"smoke_mf{cost}"))
    spot = unit.hex if unit.concealed else None
    if spot is not None and asl_concealment.seen_by_good_order(position, unit.side, spot):
        state = state.with_unit(state.units[unit.id].revealed())  # A12.141: smoke grenades are an action
    if smoke.wp:  # A24.3: WP declared before the dr, at one less than the smoke exponent
        prompt = T("{unit} tries to place WP in {hex} (smoke exponent {n}, -1 for WP): roll the dr",
                   unit=unit.id, hex=position.label(smoke.hex), n=exponent(unit))
    else:
        prompt = T("{unit} tries to place smoke in {hex} (smoke exponent {n}): roll the dr", unit=unit.id,
                   hex=position.label(smoke.hex), n=exponent(unit))
    return state.push(Decision(
        "roll", unit.side, prompt, "A24.3" if smoke.wp else "A24.1", "smoke_grenade", dice="dr",
        subject=(unit.id,), target=smoke.hex, args=(("wp", "1"),) if smoke.wp else ()))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units[decision.subject[0]]
    h = decision.target
    assert h is not None
    dr = (answer.dice or (0,))[0]
    wp = decision.arg("wp") == "1"
    placed, stop = sp.smoke_exponent_ok(dr, exponent(unit), wp=wp)
    level = unit.level if h == unit.hex else 0  # A24.1: an adjacent Location at the ground level
    climb = placed and climb_of(position, unit, h) == 1
    if placed and not climb:
        state = lay(game, state, h, level, wp)
    if stop and unit.id not in state.moved:
        state = state.replace(moved=(*state.moved, unit.id))  # A24.1: a 6 ends its MPh where it is
    if climb:
        said = T("the dr places it, but {hex} is a level higher: roll one more dr (1-3 there, else in the "
                 "squad's own Location) (A24.1)", hex=position.label(h))
    elif placed and wp:
        said = T("WP placed in {hex}: put a WP counter there; every unit in that Location takes a NMC "
                 "(A24.31)", hex=position.label(h))
    elif placed:
        said = T("SMOKE placed in {hex}: put a SMOKE counter there", hex=position.label(h))
    elif stop:
        said = T("no smoke, and {unit}'s MPh ends where it is", unit=unit.id)
    else:
        said = T("no smoke")
    lines = (Line(T("smoke dr"), str(dr), "A24.1"),
             Line(T("smoke exponent"), T("{n}, -1 for WP", n=exponent(unit)) if wp else str(exponent(unit)),
                  "A24.3" if wp else "A24.1"),
             Line(T("result"), said, "A24.31" if placed and wp else "A24.1"))
    summary = T("{unit} smoke attempt in {hex}: dr {dr}: {result}", unit=unit.id, hex=position.label(h),
                dr=dr, result=said)
    outcome = "climb" if climb else "placed" if placed else "-"
    state = state.replace(resolution=Resolution(act.Smoke(unit.id, h, wp), "smoke", "", False, lines,
                                                {unit.id: outcome}, summary))
    return state


def after_placement(position: Position, state: State, decision: Decision) -> State:
    """A24.31: once grenade WP is placed (``resume``), each unit in its Location takes a NMC; game.py calls
    this after the First Fire window of the MF spent (A8.12), so that the checks come first."""
    h = decision.target
    res = state.resolution
    outcome = res.results.get(decision.subject[0]) if res is not None else None
    if outcome == "climb" and h is not None:  # A24.1: the extra dr for a higher adjacent Location
        placer = position.units[decision.subject[0]]
        return state.push(Decision(
            "roll", placer.side,
            T("{unit}'s smoke for the higher Location {hex}: roll the dr (1-3 there, else in its own "
              "Location)", unit=placer.id, hex=position.label(h)),
            "A24.1", "smoke_climb", dice="dr", subject=decision.subject, target=h, args=decision.args))
    if decision.arg("wp") != "1" or h is None or outcome != "placed":
        return state
    placer = position.units[decision.subject[0]]
    return wp_checks(position.at(state), state, h, placer.level if h == placer.hex else 0)


def climb_of(position: Position, unit: UnitState, h: Hex) -> int:
    """A24.1: how many levels the adjacent Location h (its ground level) stands above the squad's own."""
    here = unit.hex
    assert here is not None
    if h == here:
        return 0
    return position.map.level(h) - position.map.level(here) - unit.level


def lay(game: AslGame, state: State, h: Hex, level: int, wp: bool) -> State:
    """Put grenade SMOKE (or WP) in the Location at ``level`` of h (A24.1, A24.3), once a kind."""
    gs = game.gstate(state)
    kind = "wp_grenade" if wp else "grenade"
    if any(x == h and s.kind == kind for x, s in gs.smoke):
        return state
    return state.replace(game=gs.replace(smoke=(*gs.smoke, (h, sp.Smoke(kind, level=level)))))


def resume_climb(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A24.1: the higher adjacent Location gets the smoke on a dr of 1-3; on 4-6 the squad's own Location
    does. WP placed either way makes its Location's units check (A24.31)."""
    unit = position.units[decision.subject[0]]
    h = decision.target
    assert h is not None and unit.hex is not None
    dr = (answer.dice or (0,))[0]
    wp = decision.arg("wp") == "1"
    there, level = (h, 0) if dr <= 3 else (unit.hex, unit.level)
    state = lay(game, position.state, there, level, wp)
    said = T("{what} placed in {hex}", what="WP" if wp else "SMOKE", hex=position.label(there))
    lines = (Line(T("higher Location dr"), str(dr), "A24.1"), Line(T("result"), said, "A24.1"))
    summary = T("{unit} smoke for {hex}: dr {dr}: {result}", unit=unit.id, hex=position.label(h), dr=dr,
                result=said)
    state = state.replace(resolution=Resolution(act.Smoke(unit.id, h, wp), "smoke", "", False, lines,
                                                {unit.id: "placed"}, summary))
    return wp_checks(position.at(state), state, there, level) if wp else state


def wp_victims(position: Position, h: Hex, level: int) -> list[UnitState]:
    """A24.31: the units of every side in the WP's Location that take its NMC: the personnel there (a SW
    goes with its possessor), those aboard a vehicle unless inside a CT AFV that is not CE (wpveh.py); the
    vehicle crews are ``wpveh.crews``."""
    return [u for u in position.units_at(h) if u.type != au.SW and not armour.is_vehicle(u)
            and u.level == level and wpveh.exposed(position, u)]


def wp_checks(position: Position, state: State, h: Hex, level: int) -> State:
    """A24.31: WP placed opens a NMC for each unit in its Location, in A7.303's order, the first on top."""
    victims = am.check_order(wp_victims(position, h, level))
    if level == 0:  # A24.31: a CE AFV crew too (vehicles stand at ground level)
        state = state.push(*(wpveh.crew_decision(v, h) for v in reversed(wpveh.crews(position, h))))
    for unit in reversed(victims):
        state = state.push(Decision(
            "roll", unit.side, T("{unit} is in the WP's Location: it takes a NMC (A24.31)", unit=unit.id),
            "A24.31", "wp_nmc", dice="DR", subject=(unit.id,), target=h))
    return state


def wp_nmc_drm(tem: int, leadership: int, coloured: int, ce: int = 0) -> list[tuple[T, int, str]]:
    """A24.31: the WP NMC's DRMs: leadership, and the Location's TEM as a negative DRM (grenade WP counts as
    a Direct Fire attack for the TEM); on a Critical Hit (a coloured dr of 6 for WP grenades) the TEM is a
    positive DRM instead. ``ce``: a passenger inside a CE AFV's CE DRM, negative too, and in place of a
    smaller TEM (D5.31; wpveh.py)."""
    drms: list[tuple[T, int, str]] = []
    if leadership:
        drms.append((T("leadership"), leadership, "A24.31"))
    if ce:
        return [*drms, *wpveh.crew_drms(tem, coloured)]
    if tem > 0 and coloured == 6:
        drms.append((T("TEM, as a Critical Hit (coloured dr 6)"), tem, "A24.31"))
    elif tem > 0:
        drms.append((T("TEM, as a negative DRM"), -tem, "A24.31"))
    return drms


def resume_wp_nmc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A24.31: one unit's WP NMC: passed, pinned, broken; the unit loses its concealment when a Good Order
    enemy ground unit sees its Location; a broken unit is DM (A10.62: attacked by WP)."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    dice = answer.dice or ()
    if len(dice) != 2:
        raise InvalidAction(T("a DR is two dice of 1 to 6, got {dice}", dice=",".join(map(str, dice))))
    if unit.type == "dummy":
        return state.without_unit(unit.id)  # A12.14: a dummy that must check morale is removed
    here = unit.hex
    assert here is not None
    if unit.concealed and asl_concealment.seen_by_good_order(position, unit.side, here, None):
        state = state.with_unit(unit.revealed())
        unit = state.units[unit.id]
    leaders = [u for u in state.units.values() if u.type == "leader" and u.level == unit.level]
    lead = am.leader_drm_for(unit, leaders, position)
    drms = wp_nmc_drm(asl_terrain.tem(position, here), lead, dice[1], wpveh.ce_of(position, unit))
    res = am.morale_check(unit, (dice[0], dice[1]), n=0, drm=sum(d for _, d, _ in drms), ift=False,
                          counters=position.scenario.counters)
    state = aftermath.apply_morale(position, state, unit, res)
    after = state.units.get(unit.id)
    if after is not None and after.has("broken") and not after.has("dm"):
        state = state.with_unit(after.mark("dm"))  # A10.62: a broken unit attacked by WP is DM
    state = wpveh.after_rider_check(position, state, unit.id)  # D6.23: a rider pinned or broken bails out
    working = ", ".join(f"{d:+d}" for _, d, _ in drms) or "0"
    outcome = OUTCOMES.get(res.outcome, T("{result}", result=res.outcome))
    lines = (Line(T("WP NMC DR"), T("{white} white + {coloured} coloured, DRM {drm}", white=dice[0],
                                    coloured=dice[1], drm=working), "A24.31"),
             *(Line(why, f"{d:+d}", rule) for why, d, rule in drms),
             Line(T("result"), outcome, "A24.31"))
    summary = T("{unit} WP NMC: {result}", unit=unit.id, result=outcome)
    return state.replace(resolution=Resolution(act.Answer(dice=tuple(dice)), "wp_nmc", "", False, lines,
                                                {unit.id: str(res.outcome)}, summary))


def end_of_mph(game: AslGame, state: State) -> State:
    """A24.11: grenade SMOKE is removed at the end of its placer's MPh; the attempts are forgotten."""
    gs = game.gstate(state)
    grenades = ("grenade", "wp_grenade")
    state = state.replace(game=gs.replace(smoke=tuple(s for s in gs.smoke if s[1].kind not in grenades)))
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
