"""Molotov cocktails at the table (A22.6, A22.61, A22.611): a MOL check before a PBF/TPBF attack is resolved.

A22.6: MOL exist only where the scenario gives them (an SSR or DYO purchase): ``options.mol`` lists the sides
that have them. A22.611: after declaring a PBF or TPBF attack on a non-armoured target and before resolving
it, a Good Order (or berserk), unpinned personnel unit of the attack may make a MOL check dr: 1-3 after its
drm (+1 a HS or crew, +2 an SMC, +1 CX, +1 the target not an AFV) uses a MOL: the attack gets 4 FP more,
added after every other FP modifier (special.py). No MOL check in Subsequent First Fire, FPF or Final Fire
after First Fire. The MOL is no counter: it is used up in the attack. Here the attack's IFT DR waits on a
question to the firer (which unit, if any, tries a MOL), then the check dr. A HS or crew failing it has used
a SW (A7.352): it adds no FP to the attack, whose FG still attacks, and has no other attack this Player Turn
(``no_fire``; A7.353's halved FP in SFF/FPF/adjacent Final Fire still applies). One that passes fires the
MOL as its SW: the attack gets the MOL's 4 FP but not the HS's, crew's or SMC's own (A7.352; the text asks a
squad making the check to add its inherent FP, and only a squad); it too loses its inherent FP for the rest of
the Player Turn.
A22.6111: on the attack's coloured dr of 6 the MOL user breaks and its FP and the MOL's leave the attack (the
rest of its FG fires on); the Flame of a coloured 6 or 1 is only named in the result (B25, chapter B).
A22.611's hexside limit: no MOL across a hexside between two woods or two orchard hexes (``leafy_hexside``),
unless along a road at a unit on it: such a firer is not offered the check.
Not here: the Flame itself (B25) and MOL against AFV or terrain (A22.612: C7.34; A22.613: B25.11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import road as asl_road
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import road_between
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MOL = "mol"  # the unit uses a MOL in the attack being resolved
FAILED = "mol_failed"  # A22.611: a HS or crew that failed its MOL check: no FP of its own in this attack
PHASES = ("PFPh", "MPh", "DFPh", "AFPh")


def sides(position: Position) -> tuple[str, ...]:
    got = position.scenario.options.get("mol", ())
    return tuple(str(s) for s in got) if isinstance(got, list | tuple) else ()


def _user(unit: UnitState, target_hex: Hex, position: Position) -> bool:
    if unit.type not in (*au.MMC, *au.SMC) or unit.hex is None or unit.has("pinned"):
        return False
    if unit.has("broken") and not unit.has("berserk"):
        return False
    if unit.has("final_fire") or (position.phase.id == "DFPh" and unit.has("first_fire")):
        return False  # A22.611: not in SFF/FPF, nor in Final Fire after First Fire
    if leafy_hexside(position, unit.hex, target_hex):
        return False  # A22.611: not through a woods or orchard hexside
    return distance(unit.hex, target_hex) <= 1  # A22.611: PBF or TPBF only


def leafy_hexside(position: Position, a: Hex, b: Hex) -> bool:
    """A22.611: no MOL through a woods or orchard hexside, that between two woods (or two orchard) hexes,
    unless it crosses a road hexside at a unit on the road (one that came along the road into its obstacle
    hex, A4.132: road.py)."""
    if a == b:
        return False
    kinds = {position.map.terrain(a), position.map.terrain(b)}
    if kinds not in ({"woods"}, {"orchard"}):
        return False
    return not (road_between(position.map, a, b) and asl_road.entered_by_road(position, b) is not None)


def offer(game: AslGame, position: Position, fire: act.Fire, state: State) -> State:
    """After the fire's declaration (its IFT roll open): which unit, if any, tries a MOL (A22.611)."""
    if position.phase.id not in PHASES or not fire.firers:
        return state
    side = position.units[fire.firers[0]].side
    if side not in sides(position):
        return state
    before = position.units
    with_sw = {before[w].carrier for w in fire.firers if w in before and before[w].type == au.SW}
    users = tuple(sorted(u for u in fire.firers if u in before and _user(before[u], fire.target, position)
                         and u not in with_sw))  # A22.611: a MOL user fires no other SW in the attack
    if not users:
        return state
    return state.push(Decision(
        "units", side, T("a MOL check before the attack? name the unit that tries one, or none"), "A22.611",
        "mol_user", units=users, choices=("none",), subject=users, target=fire.target))


def resume_user(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    if answer.choice == "none" or not answer.units:
        return position.state
    unit = position.units[answer.units[0]]
    drm = len(sp.mol_check_drm(unit.type, cx=unit.has("cx")))
    return position.state.push(Decision(
        "roll", unit.side,
        T("{unit} makes the MOL check: roll the dr (1-3 after +{drm})", unit=unit.id, drm=drm),
        "A22.611", "mol_check", dice="dr", subject=(unit.id,), target=decision.target))


def resume_check(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    unit = position.units[decision.subject[0]]
    dr = (answer.dice or (0,))[0]
    if sp.mol_check(dr, unit.type, cx=unit.has("cx")):
        if not au.keeps_inherent_fp(unit, 1):  # A7.352: a HS, crew or SMC using a SW loses its inherent FP
            return position.state.with_unit(unit.mark(MOL, "no_fire"))  # till the Player Turn ends
        return position.state.with_unit(unit.mark(MOL))
    if unit.type in ("hs", "crew"):  # A22.611: the check was a SW use, its one attack this Player Turn
        return position.state.with_unit(unit.mark(FAILED, "no_fire"))  # (A7.352); the FG still attacks
    return position.state


def after_attack(state: State, position: Position | None = None,
                 dice: tuple[int, ...] | None = None) -> State:
    """The MOL is used up with the attack. A22.6111: on a coloured dr of 6 (the attack's Original DR, given
    with ``position`` before the attack) its user breaks, whether or not its FG's attack went on."""
    from hexmate.rules.games.asl import aftermath
    from hexmate.rules.games.asl import morale as am

    for unit in list(state.units.values()):
        if unit.has(FAILED):
            state = state.with_unit(unit.mark(remove=(FAILED,)))
        if unit.has(MOL):
            state = state.with_unit(unit.mark(remove=(MOL,)))
            if position is not None and dice is not None and len(dice) == 2 and dice[1] == 6 \
                    and not state.units[unit.id].has("broken"):
                res = am.MoraleResult(unit.id, "break", 0, 0)
                state = aftermath.apply_morale(position, state, state.units[unit.id], res)
    return state
