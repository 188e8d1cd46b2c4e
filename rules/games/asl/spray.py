"""ASL Spraying Fire (A9.5-A9.52, A7.34) in play.

A fire by a MG, or by squads with underlined range within three hexes, may spray a second Location that
shares a hexside with its target: declared before the DR (answering the question the fire opens with a hex,
or "none"), both Locations are then attacked with the same Original DR, each at half FP as Area Fire, each
with its own TEM and hindrance (A9.5). Every member must see both (A9.52). The firer's own Location is never
one of them (A7.212). A fire given with its dice at once ("fire ... dice N,N") sprays nothing.

In a building the two Locations may be "adjacent" vertically instead: two levels of the target hex at most
one level apart (A9.5). The question then also offers ``h<level>`` for each other level of the target hex
holding enemy units; once the target Location is named (floc.py) only those within one level of it stay
(``at_level``). Not offered in the MPh, where a Residual FP counter is kept by hex, not by level. Never
offered to cavalry (A13.4, cavfire.py).

A fire at a unit bypassing a hex (A4.34) or using road movement through non-open ground (A4.132) aims at its
vertex or road point, not the hex centre: the spray's attack on the movers' Location is worked out as any
fire at them there (fire.resolve_attack), so it keeps that aim (A9.5 allows it), with FFMO where the point
is in the open.

Offered only where the second Location holds enemy units; A9.52's spraying of an empty Location to leave
Residual FP there is not offered. In the MPh the second Location holds no mover, so no attack is worked out
there; it gets the Residual FP of its half of the spray, halved once more as fire at a Location without a
target (A9.52, A8.24: ``untargeted_residual``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import cavfire
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import locations as loc
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

CAUSE = (T("spraying fire"), "A9.5")
WEAPON_RULES = ("A9.2", "A9.7", "A9.71", "A14.1", "A22.5")  # said once, with the first Location


def candidates(position: Position, shooters: Sequence[UnitState], target: Hex) -> list[Hex]:
    """The Locations this group could spray along with ``target`` (A9.5, A9.52, A7.34, A7.212)."""
    from hexmate.rules.games.asl.fire import shot_of, where

    if not shooters:
        return []
    shots = [shot_of(u) for u in shooters]
    homes = [where(position, u) for u in shooters]
    if any(h is None for h in homes):
        return []
    side = shooters[0].side
    out = []
    for h in position.map.neighbors(target):
        if h not in position.map.hexes or h in homes:
            continue
        if not any(u.side != side and u.type != au.SW for u in position.units_at(h)):
            continue
        far = [max(distance(o, t) for o in homes if o is not None) for t in (target, h)]
        if fpw.spraying_ok(shots, far, True) is not None:
            continue
        if any(distance(o, h) > fpw.max_range(s) for o, s in zip(homes, shots, strict=True) if o is not None):
            continue
        if any(o is not None and asl_terrain.line_of_sight(position, o, h).blocked for o in homes):
            continue
        # A9.52: a unit with a First Fire counter sprays in Final Fire only two Locations adjacent to it
        if position.phase.id == "DFPh" and any(
                u.has("first_fire") and o is not None and max(distance(o, target), distance(o, h)) > 1
                for u, o in zip(shooters, homes, strict=True)):
            continue
        out.append(h)
    return out


def vertical(position: Position, shooters: Sequence[UnitState], target: Hex) -> tuple[int, ...]:
    """The levels of the target hex this group could spray as a second Location, vertically "adjacent" to
    the target Location in the same building (A9.5; which of them are within one level of it is known once
    that Location is named, ``at_level``): levels holding enemy units, each firer seeing them, never the
    firers' own Location (A7.212). Not in the MPh (a Residual counter is kept by hex)."""
    from hexmate.rules.games.asl import floc
    from hexmate.rules.games.asl.fire import blind, where

    if not shooters or position.phase.id == "MPh" or loc.upper_levels(position.map, target) == 0:
        return ()
    levels = floc.enemy_levels(position, shooters[0].side, target)
    if len(levels) < 2:
        return ()
    own: set[int] = set()
    for unit in shooters:
        user = position.units.get(unit.carrier or "", unit) if unit.type == au.SW else unit
        if where(position, unit) == target:
            own.add(floc.level_of_unit(position, user))
    return tuple(lv for lv in levels if lv not in own and not blind(position, shooters, target, lv))


def candidates_ok(position: Position, shooters: Sequence[UnitState], target: Hex) -> bool:
    """Can this group spray at all at ``target`` (A9.5, A7.34's range for squads)?"""
    from hexmate.rules.games.asl.fire import shot_of, where

    homes = [where(position, u) for u in shooters]
    far = [max(distance(o, target) for o in homes if o is not None)] * 2
    return fpw.spraying_ok([shot_of(u) for u in shooters], far, True) is None


def question(position: Position, shooters: Sequence[UnitState], target: Hex) -> Decision | None:
    if cavfire.no_spraying(shooters):
        return None  # A13.4: cavalry may not use Spraying Fire
    options = tuple(candidates(position, shooters, target))
    up = vertical(position, shooters, target) if candidates_ok(position, shooters, target) else ()
    if not options and not up:
        return None
    return Decision(
        "hexes", shooters[0].side,
        T("spray this fire at {hex} and one adjacent Location too (each at half FP), or none",
          hex=position.label(target)) if not up else
        T("spray this fire at {hex} and one adjacent Location too (each at half FP: a hex, or a level of the "
          "same building within one level of the target Location: {levels}), or none",
          hex=position.label(target), levels=", ".join(f"h{lv}" for lv in up)),
        "A9.5", "spray", hexes=options, choices=("none", *(f"h{lv}" for lv in up)),
        subject=tuple(u.id for u in shooters), target=target,
    )


def at_level(state: State, level: int) -> State:
    """A9.5: the target Location named (floc.py), the spray's vertical choices keep the levels within one of
    it; a question left with nothing to choose is dropped."""
    for i in range(len(state.decisions) - 1, -1, -1):
        d = state.decisions[i]
        if d.then != "spray":
            continue
        keep = tuple(c for c in d.choices if not c.startswith("h") or abs(int(c[1:]) - level) == 1)
        rest = (*state.decisions[:i], *state.decisions[i + 1:])
        if keep == ("none",) and not d.hexes:
            return state.replace(decisions=rest)
        prompt = d.prompt
        if isinstance(prompt, T) and "levels" in prompt.facts:  # the levels left, said again
            prompt = prompt.with_facts(levels=", ".join(c for c in keep if c != "none") or "-")
        asked = dataclasses.replace(d, choices=keep, prompt=prompt)
        return state.replace(decisions=(*state.decisions[:i], asked, *state.decisions[i + 1:]))
    return state


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The second Location is remembered on the fire's roll, below: a hex, or a level of the target hex."""
    state = position.state
    choice = answer.choice or ""
    if choice.startswith("h") and choice in decision.choices and decision.target is not None:
        h, level = decision.target, choice[1:]
    elif answer.hexes:
        h, level = answer.hexes[0], ""
    else:
        return state
    at = max(i for i, d in enumerate(state.decisions) if d.then == "ift")
    marked = state.decisions[at].with_args(spray=f"{h.q},{h.r}", spray_level=level)
    return state.replace(decisions=(*state.decisions[:at], marked, *state.decisions[at + 1:]))


def second(args: Mapping[str, str]) -> Hex | None:
    got = args.get("spray", "")
    if not got:
        return None
    q, r = got.split(",")
    return Hex(int(q), int(r))


def second_level(args: Mapping[str, str]) -> int | None:
    """The level of the second Location when it is a level of the target hex (A9.5), else None."""
    got = args.get("spray_level", "")
    return int(got) if got else None


def _where(position: Position, h: Hex, level: int | None) -> str:
    return position.label(h) if level is None else loc.label(position.map, loc.Location(h, level))


def resolve(game: AslGame, position: Position, fire: act.Fire, other: Hex, modes: Mapping[str, str],
            level: int | None = None, other_level: int | None = None
            ) -> tuple[Resolution, Resolution, Resolution]:
    """Both Locations attacked with the same DR, each at half FP (A9.5): (the whole, each alone). ``level``
    and ``other_level``: the Locations' levels when named (a vertical spray: two levels of one hex)."""
    from hexmate.rules.games.asl.fire import resolve_attack

    first = resolve_attack(game, position, fire, area=[CAUSE], modes=modes, level=level)
    then = resolve_attack(game, position, act.Fire(fire.firers, other, fire.dice), area=[CAUSE], modes=modes,
                          level=other_level)
    a, b = _where(position, fire.target, level), _where(position, other, other_level)
    lines = (
        Line(T("Spraying Fire"), T("{hex}: the same Original DR, half FP as Area Fire", hex=a), "A9.5"),
        *first.lines,
        Line(T("Spraying Fire"), T("{hex}: the same Original DR, half FP as Area Fire", hex=b), "A9.5"),
        *(line for line in then.lines if line.rule not in WEAPON_RULES),
    )
    parts = [T("{hex} {results}", hex=a, results=first.summary.facts["results"])
             if isinstance(first.summary, T) else first.summary]
    if then.results:
        parts.append(T("{hex} {results}", hex=b, results=then.summary.facts["results"])
                     if isinstance(then.summary, T) else then.summary)
    whole = dataclasses.replace(
        first, lines=lines, results={**first.results, **then.results},
        summary=fpw.summary(position.action_text(fire), parts), hidden={**first.hidden, **then.hidden},
    )
    return whole, first, then


NO_TARGET = (T("no target in that Location"), "A9.52")


def untargeted_residual(game: AslGame, position: Position, state: State, fire: act.Fire, other: Hex,
                        sprayed: Resolution, modes: Mapping[str, str], keep: Sequence[str],
                        laying: Sequence[str], broke: bool) -> State:
    """A9.52, A8.24: Defensive First Fire spraying the movers' Location and another holding no mover (First
    Fire attacks only the units moving, A8.1): no attack is made there, but it gets the Residual FP of that
    half of the spray, its FP halved once more as Area Fire at a Location without a target; a MG keeping its
    ROF or laying a lane leaves none (A8.23, A9.22), nor does an attack that broke a weapon (A8.221). The
    outside DRMs come from that Location's own worked lines (A8.26)."""
    from hexmate.rules.games.asl import residual as rfp
    from hexmate.rules.games.asl.fire import LEADER, blind, shot_of, where

    if position.phase.id != "MPh" or broke:
        return state
    left_out = set(keep) | set(laying)
    named = [position.units[u] for u in fire.firers if u in position.units and u not in left_out]
    shooters = [u for u in named if u.type != LEADER and u not in blind(position, named, other)]
    total = Fraction(0)
    for unit in shooters:
        h = where(position, unit)
        if h is None:
            continue
        area = [CAUSE, NO_TARGET]
        owner = position.units.get(unit.carrier or "") if unit.type == au.SW else None
        fp, _ = fpw.shot_fp(shot_of(unit, owner), distance(h, other), phase=position.phase.id, area=area)
        total += fp
    axis = position.charts.chart("ift").axis("fp")
    col = fpw.column(axis, total, 0)
    if col is None:
        return state
    value = rfp.residual_value(axis, int(axis.key_at(col)), rfp.outside_plus(sprayed))
    return rfp.place(position, state, other, value, named[0].side if named else position.phasing)
