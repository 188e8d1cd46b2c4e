"""PG's optional mire, bogging down (17.0, ``options.mire``: ``{"terrain": [...], "hexes": [...]}``, the
terrain types and hexes the scenario or the TEC says may bog vehicles; the TEC is not in the text).

Each vehicle (or naval unit) entering such a hex rolls one die: wheeled (motorized) units bog on 1-3, tracked
(mechanized) and naval units on 1-2 (the text's numbers), an amphibian (``amphibious: 1``) in rice paddy,
salt marsh, swamp or water adds 1 to the roll. A bogged unit stops and may not move until it gets out. It
gets a BOGGED marker and three MOVED/FIRED markers (kept here as a count): each Marker Removal Phase takes
one off until one is left, and at the third one it rolls again as it did to bog: out, it moves normally next
turn; still stuck, three markers again.

While bogged: armour 1 less against AT fire; assaulting it is +1 column (``assault_shifts``); a transport may
let its passengers alight but may neither hook up nor unhook a gun; it may fire or try to recover, which
takes no marker off. Foot units never bog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
BOGGED = "bogged"
MARKERS = 3  # three MOVED/FIRED markers on a bogged unit
BOGS_ON = {"motorized": 3, "mechanized": 2, "naval": 2}  # the highest die that bogs
WET = frozenset({"rice-paddy", "salt-marsh", "swamp", "water"})  # where an amphibian adds 1


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("mire"))


def _kind(unit: UnitState) -> str | None:
    if pu.value(unit, "naval") == 1:
        return "naval"
    klass = pu.move_class(unit)
    return klass if unit.type == "vehicle" and klass in BOGS_ON else None


def _terrain(game: PgGame, position: Position, h: Hex) -> str:
    return str(game.terrain_table().table.canonical(position.map.terrain(h)))


def mire_hex(game: PgGame, position: Position, h: Hex) -> bool:
    spec = position.scenario.options.get("mire") or {}
    return (position.label(h) in {str(x) for x in spec.get("hexes", [])}
            or _terrain(game, position, h) in {str(x) for x in spec.get("terrain", [])})


def bonus(game: PgGame, position: Position, unit: UnitState, h: Hex) -> int:
    """+1 for an amphibian in rice paddy, salt marsh, swamp or water."""
    return 1 if pu.value(unit, "amphibious") == 1 and _terrain(game, position, h) in WET else 0


def bogs(kind: str, die: int, plus: int) -> bool:
    return die + plus <= BOGS_ON[kind]


def decisions(game: PgGame, position: Position, ids: tuple[str, ...], h: Hex) -> list[Decision]:
    """One die for each vehicle entering a mire hex (its passengers ride on its fate)."""
    if not enabled(position) or not mire_hex(game, position, h):
        return []
    out = []
    for uid in ids:
        unit = position.units.get(uid)
        kind = None if unit is None or unit.carrier is not None else _kind(unit)
        if unit is None or kind is None:
            continue
        out.append(Decision("roll", unit.side,
                            T("{unit} enters mire in {hex}: roll one die, {most} or less and it bogs down "
                              "(17.0)", unit=uid, hex=position.label(h), most=BOGS_ON[kind]),
                            RULE, "bog", dice="1d6", subject=(uid,), target=h))
    return out


def count(game: PgGame, position: Position, uid: str) -> int:
    return dict(game.gstate(position.state).bogs).get(uid, 0)


def _set(game: PgGame, state: State, uid: str, n: int) -> State:
    gs = game.gstate(state)
    bogs_ = {k: v for k, v in gs.bogs if k != uid}
    if n:
        bogs_[uid] = n
    return state.replace(game=gs.replace(bogs=tuple(sorted(bogs_.items()))))


def _roll(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> tuple[int, bool, str]:
    uid = decision.subject[0]
    unit = position.units[uid]
    die = PG_1D6.from_values(answer.dice or ()).total
    kind = _kind(unit) or "mechanized"
    h = decision.target if decision.target is not None else unit.hex
    assert h is not None
    plus = bonus(game, position, unit, h)
    return die, bogs(kind, die, plus), f"{die}+{plus}" if plus else str(die)


def resume_bog(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    uid = decision.subject[0]
    if uid not in position.units:
        return position.state
    _, stuck, shown = _roll(game, position, decision, answer)
    state = position.state
    if stuck:
        state = state.with_unit(state.units[uid].mark(BOGGED))
        state = _set(game, state, uid, MARKERS)
        state = game.halt_mover(position.at(state), uid)
        text = T("{roll}: {unit} bogs down: it stops, armour -1, three moved/fired markers", roll=shown,
                 unit=uid)
    else:
        text = T("{roll}: {unit} gets through", roll=shown, unit=uid)
    return _resolved(state, answer, text)


def _resolved(state: State, answer: act.Answer, text: T) -> State:
    line = Line(T("mire"), text, RULE)
    return state.replace(resolution=Resolution(act.Answer(dice=tuple(answer.dice or ())), "mire", T("mire"),
                                               False, (line,), {}, text))


def marker_removal(game: PgGame, position: Position) -> State:
    """Each Marker Removal Phase takes one of the three markers off; at the third the unit rolls to get
    out."""
    state = position.state
    rolls = []
    for uid, n in game.gstate(state).bogs:
        unit = state.units.get(uid)
        if unit is None:
            state = _set(game, state, uid, 0)
        elif n > 1:
            state = _set(game, state, uid, n - 1)
        else:
            kind = _kind(unit) or "mechanized"
            rolls.append(Decision("roll", unit.side,
                                  T("{unit} is bogged: roll one die to get out, {most} or less and it stays "
                                    "stuck (17.0)", unit=uid, most=BOGS_ON[kind]),
                                  RULE, "bog_out", dice="1d6", subject=(uid,), target=unit.hex))
    return state.push(*rolls) if rolls else state


def resume_out(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    uid = decision.subject[0]
    if uid not in position.units:
        return position.state
    _, stuck, shown = _roll(game, position, decision, answer)
    state = position.state
    if stuck:
        state = _set(game, state, uid, MARKERS)
        text = T("{roll}: {unit} is still stuck: three moved/fired markers again", roll=shown, unit=uid)
    else:
        state = _set(game, state.with_unit(state.units[uid].mark(remove=(BOGGED,))), uid, 0)
        text = T("{roll}: {unit} gets out and moves normally next turn", roll=shown, unit=uid)
    return _resolved(state, answer, text)


def check_move(units: list[UnitState]) -> None:
    stuck = [u.id for u in units if u.has(BOGGED)]
    if stuck:
        raise IllegalAction(T("{units} bogged down: no move until it gets out (17.0)",
                              units=", ".join(stuck)), RULE)


def check_tow(position: Position, action: act.Load | act.Unload) -> None:
    """A bogged transport lets its passengers alight but neither hooks up nor unhooks a gun."""
    units = position.units
    if isinstance(action, act.Load):
        carrier = units.get(action.carrier)
        guns = [units[u] for u in action.units if u in units and units[u].type == "gun"]
    else:
        unit = units.get(action.carrier)
        if unit is not None and unit.type == "gun":
            carrier = units.get(unit.carrier) if unit.carrier is not None else None
            guns = [unit] if carrier is not None else []
        else:
            carrier = unit
            guns = [u for u in units.values()
                    if unit is not None and u.carrier == unit.id and u.type == "gun"]
    if carrier is not None and carrier.has(BOGGED) and guns:
        raise IllegalAction(T("{unit} is bogged down: it may not hook up or unhook a gun until it gets out "
                              "(17.0)", unit=carrier.id), RULE)


def armour(unit: UnitState) -> int:
    """The armour lost while bogged (AT fire)."""
    return 1 if unit.has(BOGGED) else 0


__all__ = ["BOGGED", "armour", "check_move", "check_tow", "decisions", "enabled", "marker_removal",
           "resume_bog", "resume_out"]
