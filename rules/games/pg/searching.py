"""PG's optional pre-planned and searching fire (17.0 "Pre-planned fire", "Searching fire").

Pre-planned fire (``options.preplanned``: unit -> hex label): each on-board artillery unit that began the
scenario unlimbered may have one hex recorded before set-up; it may bombard that hex (within its range)
whatever the spotting and visibility, and the friendly-fire roll against that bombardment is +1 (9.52).
Off-board values are planned as ``"<side>:b<N>": HEX`` (the scenario's Nth value, 9.2): a leader may call
them on that hex without spotting it (``offboard.py``), and only the values planned for it fire then.

Searching fire (``options.searching_fire``): on-board artillery may bombard a hex whose enemy units nobody
spots, provided the hex itself is in sight as 8.0 has it (a firer or a friendly normal, non-demoralized
leader has a clear LOS to it within the light's range; its terrain does not hide the hex, only the units).
Once the firers are chosen the side rolls one die: 1-2 no effect (the firers are still marked), 3-5 the hex
is bombarded at half strength (rounded up, 1.2), 6 at full strength.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import smoke as pg_smoke
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg import vertex as pg_vertex
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"


def planned(position: Position, shooters: list[UnitState], h: Hex) -> bool:
    """Every firer has ``h`` as its pre-planned hex and began the scenario unlimbered."""
    plan = position.scenario.options.get("preplanned") or {}
    if not shooters or not plan:
        return False
    setups = {s.id: s for s in position.scenario.units}
    for unit in shooters:
        setup = setups.get(unit.id)
        if setup is None or pu.LIMBERED in setup.markers or str(plan.get(unit.id, "")) != position.label(h):
            return False
    return True


def planned_values(position: Position, side: str, h: Hex) -> list[int]:
    """The side's off-board values (numbered from 1) planned on ``h``."""
    plan = position.scenario.options.get("preplanned") or {}
    out = []
    for key, label in plan.items():
        owner, _, number = str(key).partition(":")
        if (owner == side and number.startswith("b") and number[1:].isdigit()
                and str(label) == position.label(h)):
            out.append(int(number[1:]))
    return sorted(out)


def _sees_hex(game: PgGame, position: Position, viewer: UnitState, h: Hex) -> bool:
    assert viewer.hex is not None
    d = distance(viewer.hex, h)
    if d <= 1:
        return True
    base = pg_spot.light_range(game.light(position), game.night_spotting(position))
    reach = base + pg_spot.height_bonus(pg_spot.spotting_level(game, position, viewer.hex),
                                        position.map.level(h), base)
    if d > reach or pg_smoke.blocks(game, position, viewer.hex, h):
        return False
    lift = pg_spot.spotting_level(game, position, viewer.hex) - position.map.level(viewer.hex)
    return not pg_vertex.sight(game, position, viewer.hex, h, lift).blocked  # 8.4: a side fixed this turn


def searching(game: PgGame, position: Position, shooters: list[UnitState], h: Hex) -> bool:
    """Searching fire is on and the hex itself is in sight of a firer or a friendly normal leader."""
    if not position.scenario.options.get("searching_fire") or not shooters:
        return False
    if any(u.hex is None or pu.value(u, "bombard") <= 0 for u in shooters):
        return False
    side = shooters[0].side
    leaders = [u for u in position.units.values() if u.side == side and pu.is_leader(u)
               and pu.leader_kind(u) == "normal" and not u.has("demoralized") and u.hex is not None]
    viewers = [*shooters, *leaders]
    return any(_sees_hex(game, position, v, h) for v in viewers)


def decision(side: str, firers: tuple[str, ...], h: Hex, position: Position) -> Decision:
    prompt = T("searching fire at {hex}: roll one die (1-2 no effect, 3-5 half strength, 6 full strength)",
               hex=position.label(h))
    return Decision("roll", side, prompt, RULE, "search", dice="1d6", subject=firers, target=h)


def resume(game: PgGame, position: Position, decision_: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.pg import bombard as pg_bombard

    assert decision_.target is not None
    die = PG_1D6.from_values(answer.dice or ()).total
    state = position.state
    if die <= 2:
        text = T("{die}: the searching fire has no effect", die=die)
    elif die <= 5:
        text = T("{die}: the hex is bombarded at half strength", die=die)
    else:
        text = T("{die}: the hex is bombarded at full strength", die=die)
    line = Line(T("searching fire"), text, RULE)
    state = state.replace(resolution=Resolution(act.Answer(dice=tuple(answer.dice or ())), "search",
                                                T("searching fire"), False, (line,), {}, text))
    if die <= 2:
        return state
    return state.push(pg_bombard.roll(decision_.side, decision_.subject, decision_.target, position,
                                      half="1" if die <= 5 else ""))


__all__ = ["decision", "planned", "planned_values", "resume", "searching"]
