"""PG's optional smoke and illumination rounds (17.0 "Smoke and illumination", ``options.smoke``).

Any unit that can bombard (mortars, on-board artillery) may fire smoke or, at night, illumination instead of
high explosive: ``smoke UNIT at HEX`` names a hex within its bombardment range, and at night the side then
answers ``smoke`` or ``illumination``. Each side has missions for 10 % of the game's turns, rounded up (12
turns: 2; 36 turns: 4). The side rolls 2d6: 5 or more puts the marker there; -1 for a 60 mm (or smaller)
mortar, +1 when the firing unit itself spots the target hex. A unit that fired smoke or illumination neither
bombards nor fires directly that turn (its MOVED/FIRED marker). Every smoke and illumination marker comes off
in the Marker Removal Phase.

Smoke blocks LOS at every elevation; its hex is restrictive terrain (8.2: its units are seen from 3 hexes,
8.21's default); direct fire at units in it is one column down, AT fire at them -1, and units firing from it
take the same (``fire.py``, ``antitank.py``). Illumination (night only): units within 2 hexes of the marker
are spotted by day rules up to 8 hexes, and those in the secondary area up to 4 (``spotting.json``: the
text's figure of that area is missing, so its radius is a setting).

Off-board artillery (9.2) fires smoke through a leader of its side: ``smoke LEADER at HEX`` (unlimited range,
no open activation: the whole segment, 3.14), then the side names the one unused value that fires it, which is
spent for the turn; an off-board battery never spots the hex itself (no +1).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State
from hexmate.rules.games.pg import offboard as pg_offboard
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
NEED = 5  # 2d6 of 5 or more places the marker
SMALL_MORTAR_MM = 60
SMOKE = "smoke"
ILLUMINATION = "illumination"


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("smoke"))


def missions(position: Position) -> int:
    """10 % of the game's turns, rounded up, per side."""
    return math.ceil(position.scenario.turns / 10)


def used(game: PgGame, position: Position, side: str) -> int:
    return dict(game.gstate(position.state).smoke_used).get(side, 0)


def smoke_hexes(game: PgGame, position: Position) -> frozenset[Hex]:
    return frozenset(game.gstate(position.state).smoke)


def in_smoke(game: PgGame, position: Position, h: Hex | None) -> bool:
    return h is not None and h in game.gstate(position.state).smoke


def blocks(game: PgGame, position: Position, a: Hex, b: Hex) -> bool:
    """Smoke in a hex between a and b blocks the LOS at every elevation."""
    smoke = game.gstate(position.state).smoke
    if not smoke:
        return False
    from hexmate.rules.games.pg import vertex as pg_vertex

    return pg_vertex.smoke_on_line(game, position, a, b)  # 8.4: a hexside's side as chosen this turn


def illumination_range(game: PgGame, position: Position, h: Hex) -> int | None:
    """The largest spotting range illumination gives a unit in ``h`` at night (None: not lit)."""
    from hexmate.rules.games.pg import spotting as pg_spot

    lit = game.gstate(position.state).illumination
    if not lit:
        return None
    cfg = pg_spot.table()["illumination"]
    near = min(distance(h, x) for x in lit)
    if near <= int(cfg["primary_radius"]):
        return int(cfg["primary_range"])
    if near <= int(cfg["secondary_radius"]):
        return int(cfg["secondary_range"])
    return None


def check(game: PgGame, position: Position, action: act.Smoke) -> act.Smoke:
    if not enabled(position):
        raise IllegalAction(T("smoke and illumination rounds are an optional rule this scenario does not use "
                              "(17.0)"), RULE)
    unit = position.units.get(action.unit)
    if unit is None or unit.hex is None:
        raise IllegalAction(T("no unit {unit} on the board", unit=repr(action.unit)), RULE)
    if pu.is_leader(unit) and pg_offboard.values(position, unit.side):  # off-board artillery (9.2, 3.14)
        if unit.side != position.to_act or game.gstate(position.state).active:
            raise IllegalAction(T("off-board fire takes a whole segment: no activation may be open"), "3.14")
        if not pg_offboard.unused(game, position, unit.side):
            raise IllegalAction(T("every off-board value of {side} has fired this turn", side=unit.side),
                                "9.2")
        if used(game, position, unit.side) >= missions(position):
            raise IllegalAction(T("{side} has fired all its {n} smoke and illumination missions (17.0)",
                                  side=unit.side, n=missions(position)), RULE)
        return act.Smoke(unit.id, action.hex)
    why = game.can_act(position, unit)
    if why:
        raise IllegalAction(why)
    if pu.value(unit, "bombard") <= 0 or unit.has("demoralized"):
        raise IllegalAction(T("{unit} cannot fire smoke or illumination: only units that can bombard (17.0)",
                              unit=unit.id), RULE)
    if unit.has(pu.LIMBERED):
        raise IllegalAction(T("{unit} is limbered: it unlimbers before it fires", unit=unit.id), "5.62")
    d = distance(unit.hex, action.hex)
    if d > pu.value(unit, "bombard_range"):
        raise IllegalAction(T("{unit} has range {range}, the target is {distance} away", unit=unit.id,
                              range=pu.value(unit, "bombard_range"), distance=d), "7.32")
    if used(game, position, unit.side) >= missions(position):
        raise IllegalAction(T("{side} has fired all its {n} smoke and illumination missions (17.0)",
                              side=unit.side, n=missions(position)), RULE)
    return act.Smoke(unit.id, action.hex)


def apply(game: PgGame, position: Position, action: act.Smoke) -> State:
    """The firer is marked (no bombardment or direct fire this turn), a mission is used, and the side
    chooses the round at night, then rolls."""
    from hexmate.rules.games.pg.game import MARK

    state = position.state
    unit = state.units[action.unit]
    gs = game.gstate(state)
    spent = dict(gs.smoke_used)
    spent[unit.side] = spent.get(unit.side, 0) + 1
    state = state.replace(game=gs.replace(smoke_used=tuple(sorted(spent.items()))))
    if pu.is_leader(unit):  # off-board artillery: the side names the value that fires it
        idx = pg_offboard.unused(game, position, unit.side)
        return state.push(Decision(
            "confirm", unit.side, T("{leader} calls off-board smoke or illumination on {hex}: name the value "
                                    "that fires it", leader=unit.id, hex=position.label(action.hex)),
            RULE, "smoke_value", choices=tuple(f"b{i}" for i in idx), subject=(unit.id,), target=action.hex))
    return _kind_or_roll(game, position, state.with_unit(unit.mark(MARK)), unit.id, action.hex)


def _kind_or_roll(game: PgGame, position: Position, state: State, uid: str, h: Hex) -> State:
    if not game.night(position):
        return state.push(_roll(game, position, uid, h, SMOKE))
    side = position.units[uid].side
    ask = Decision("confirm", side, T("{unit} fires at {hex}: smoke or illumination?", unit=uid,
                                      hex=position.label(h)),
                   RULE, "smoke_kind", choices=(SMOKE, ILLUMINATION), subject=(uid,), target=h)
    return state.push(ask)


def resume_value(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The off-board value named is spent for the turn (9.2)."""
    assert decision.target is not None
    gs = game.gstate(position.state)
    state = position.state.replace(game=gs.replace(
        offboard_used=(*gs.offboard_used, (decision.side, int(answer.choice[1:])))))
    return _kind_or_roll(game, position, state, decision.subject[0], decision.target)


def _name(kind: str) -> T:
    return T("illumination") if kind == ILLUMINATION else T("smoke")


def _roll(game: PgGame, position: Position, uid: str, h: Hex, kind: str) -> Decision:
    return Decision("roll", position.units[uid].side,
                    T("{unit} fires {kind} at {hex}: roll 2d6, 5 or more places the marker (-1 for a mortar "
                      "of 60 mm or less, +1 when the firer spots the hex)", unit=uid, kind=_name(kind),
                      hex=position.label(h)),
                    RULE, "smoke", dice="2d6", subject=(uid,), target=h, args=(("kind", kind),))


def resume_kind(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    return position.state.push(_roll(game, position, decision.subject[0], decision.target, answer.choice))


def modifiers(game: PgGame, position: Position, uid: str, h: Hex) -> list[tuple[T, int]]:
    from hexmate.rules.games.pg import spotting as pg_spot

    unit = position.units[uid]
    out: list[tuple[T, int]] = []
    if pu.is_leader(unit):
        return out  # off-board artillery: no mortar, and it never spots the hex itself
    if pu.branch(unit) == "MTR" and 0 < pu.value(unit, "calibre") <= SMALL_MORTAR_MM:
        out.append((T("mortar of 60 mm or less"), -1))
    if pg_spot.sees(game, position, unit, h):
        out.append((T("the firer spots the hex"), 1))
    return out


def resume_roll(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    h = decision.target
    kind = decision.arg("kind") or SMOKE
    dice = tuple(answer.dice or ())
    roll = PG_2D6.from_values(dice).total
    lines = [Line(T("roll"), str(roll), RULE)]
    mods = modifiers(game, position, decision.subject[0], h) if decision.subject[0] in position.units else []
    for label, v in mods:
        lines.append(Line(label, f"{v:+d}", RULE))
    total = roll + sum(v for _, v in mods)
    state = position.state
    gs = game.gstate(state)
    placed = total >= NEED
    if placed and kind == ILLUMINATION:
        state = state.replace(game=gs.replace(illumination=(*gs.illumination, h)))
    elif placed:
        state = state.replace(game=gs.replace(smoke=(*gs.smoke, h)))
    name = _name(kind)
    text = (T("{total}: put a {kind} marker in {hex}", total=total, kind=name, hex=position.label(h))
            if placed else T("{total}: the {kind} round misses, no marker", total=total, kind=name))
    lines.append(Line(T("smoke and illumination"), text, RULE))
    return state.replace(resolution=Resolution(act.Answer(dice=dice), "smoke", T("smoke and illumination"),
                                               False, tuple(lines), {}, text))


def clear(game: PgGame, state: State) -> State:
    """Marker Removal Phase: every smoke and illumination marker comes off."""
    gs = game.gstate(state)
    if not gs.smoke and not gs.illumination:
        return state
    return state.replace(game=gs.replace(smoke=(), illumination=()))


__all__ = ["ILLUMINATION", "SMOKE", "apply", "blocks", "check", "clear", "illumination_range", "in_smoke",
           "missions", "modifiers", "resume_kind", "resume_roll", "resume_value", "smoke_hexes"]
