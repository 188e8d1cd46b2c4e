"""Minefields (16.6) as they change in play: what is left of each, and engineers clearing them.

A scenario lays its minefields in ``options.minefields`` (hex -> owner and attack points; the entering
dice are ``game.minefield_rolls``). Clearing (``activate ENG for clear``): an engineer unit (not a
flamethrower engineer, 15.5) activated in good order in a minefield hex starts clearing there, which is its
action for the segment (MOVED/FIRED, as the digging 16.6 refers to, 16.21). If it stays three turns without
interruption, the end of the third turn (the Marker Removal Phase, 3.0 C) takes one attack point off the
minefield; two engineers clearing take two per three turns, and a clearing goes on for the next three turns
while the engineer stays, so engineers staying long enough clear every point. What interrupts it is 16.21's
list: the engineer becoming disrupted or demoralised, firing at the enemy, assaulting as attacker, moving
(any MOVED/FIRED marker in a later turn than the start), or leaving the hex; then it starts over with a
whole new three turns.

Hidden information: the markers are laid face down (16.6), so where a minefield lies is seen by both sides
but not its attack points, nor whether it is a DECOY. Clearing is offered, and checked, from the marker's
presence alone; only the end of the third turn says what it took off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg.morale import MARK
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

CLEAR_TURNS = 3  # 16.6: three uninterrupted turns in the hex take one attack point off


def laid(position: Position, h: Hex) -> dict[str, Any] | None:
    """The scenario's minefield in ``h`` (16.6), cleared or not: laid by the scenario, or drawn from the cup
    and laid face down at set-up (``minecup.py``)."""
    field = position.scenario.options.get("minefields", {}).get(position.label(h))
    if isinstance(field, dict):
        return field
    from hexmate.rules.games.pg import minecup

    return minecup.drawn(position.game, position, position.label(h))  # type: ignore[arg-type]


def points_left(game: PgGame, position: Position, h: Hex) -> int:
    """16.6: the minefield's attack points less those engineers have cleared (0: a DECOY, or all cleared)."""
    field = laid(position, h)
    if field is None:
        return 0
    taken = dict(game.gstate(position.state).mines_cleared).get(position.label(h), 0)
    return max(0, int(field.get("points", 1)) - taken)


def present(game: PgGame, position: Position, h: Hex) -> bool:
    """16.6: a minefield marker lies in ``h`` (face down or not): laid, and not yet cleared away."""
    return laid(position, h) is not None and position.label(h) not in game.gstate(position.state).mines_gone


def own_fields(game: PgGame, position: Position, side: str) -> frozenset[Hex]:
    """16.6: the hexes of ``side``'s own minefields still on the board (no attack on their own units, but
    +1 MP to enter)."""
    fields = dict(position.scenario.options.get("minefields", {}))
    for label, owner, points in game.gstate(position.state).mines_laid:  # 16.6: drawn from the cup
        fields.setdefault(label, {"side": owner, "points": points})
    out = set()
    for label, field in fields.items():
        if isinstance(field, dict) and str(field.get("side")) == side:
            h = position.map.parse_label(label)
            if present(game, position, h):
                out.add(h)
    return frozenset(out)


def is_engineer(unit: UnitState) -> bool:
    """16.6: an engineer unit; flamethrower engineers are not engineers for minefields (15.5)."""
    return pu.branch(unit) == "ENG" and not pu.is_flamethrower(unit) and not pu.is_leader(unit)


def clear_offers(game: PgGame, position: Position, units: list[UnitState]) -> list[str]:
    """The engineers of ``units`` that may start clearing a minefield now (16.6)."""
    out = []
    for unit in units:
        if not is_engineer(unit) or unit.hex is None or not present(game, position, unit.hex):
            continue
        try:
            check_clear(game, position, (unit.id,))
        except IllegalAction:
            continue
        out.append(unit.id)
    return out


def check_clear(game: PgGame, position: Position, ids: tuple[str, ...]) -> None:
    """16.6: who may start clearing a minefield; raises IllegalAction naming the rule. It reads only the
    marker's presence, never its face-down attack points."""
    if len(ids) != 1:
        raise IllegalAction(T("one engineer starts clearing a minefield at a time (16.6)"), "16.6")
    uid = ids[0]
    unit = position.units.get(uid)
    if unit is None:
        raise IllegalAction(T("no unit {unit} in this game", unit=repr(uid)))
    why = game.can_act(position, unit)
    if why:
        raise IllegalAction(why)
    if not is_engineer(unit):
        raise IllegalAction(T("{unit} cannot clear a minefield: engineer units do, not flamethrower "
                              "engineers (16.6, 15.5)", unit=uid), "16.6")
    if unit.has("disrupted") or unit.has("demoralized"):
        raise IllegalAction(T("{unit} is not in good order: it cannot clear a minefield (16.6, 16.21)",
                              unit=uid), "16.6")
    if unit.hex is None or not present(game, position, unit.hex):
        raise IllegalAction(T("there is no minefield in {unit}'s hex to clear (16.6)", unit=uid), "16.6")
    if any(u == uid for u, *_ in game.gstate(position.state).mine_clearing):
        raise IllegalAction(T("{unit} is clearing this minefield already: it stays three turns (16.6)",
                              unit=uid), "16.6")


def clear(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    """16.6: the engineer starts clearing: this turn is the first of three (its action: MOVED/FIRED)."""
    state = position.state
    gs = game.gstate(state)
    unit = state.units[ids[0]]
    assert unit.hex is not None
    going = (*gs.mine_clearing, (unit.id, position.label(unit.hex), position.turn))
    state = state.with_unit(unit.mark(MARK))
    return state.replace(game=gs.replace(mine_clearing=tuple(sorted(going))))


def keep_clearing(game: PgGame, position: Position) -> State:
    """16.6 (16.21): a clearing stops when the engineer is disrupted or demoralised, leaves the hex, takes a
    MOVED/FIRED marker in a later turn than its start (a move, fire, an assault as attacker), or the
    minefield is gone."""
    state = position.state
    gs = game.gstate(state)
    kept = []
    for uid, where, turn in gs.mine_clearing:
        unit = state.units.get(uid)
        here = position.label(unit.hex) if unit is not None and unit.hex is not None else ""
        lost = (unit is None or here != where or unit.has("disrupted") or unit.has("demoralized")
                or (unit.has(MARK) and position.turn != turn) or where in gs.mines_gone)
        if not lost:
            kept.append((uid, where, turn))
    if tuple(kept) == gs.mine_clearing:
        return state
    return state.replace(game=gs.replace(mine_clearing=tuple(kept)))


def owners_choice(position: Position, unit: UnitState) -> bool:
    """16.6: leaders and unarmed transports (carrying nobody) are set upon only if the owner chooses."""
    return pu.is_leader(unit) or (pu.is_transport(unit) and not any(
        u.carrier == unit.id for u in position.units.values()))


def reveal(game: PgGame, position: Position, soft: bool = False) -> State:
    """16.6: enemy units entering a minefield flip its marker (leaders and unarmed transports only when the
    owner sets it off against them, ``soft``); a DECOY (no attack point) is then taken off the board."""
    state = position.state
    moving = state.moving
    assert moving is not None
    field = laid(position, moving.here)
    entering = [position.units[u] for u in moving.units if u in position.units]
    if (field is None or not present(game, position, moving.here) or int(field.get("points", 1)) > 0
            or not any((soft or not owners_choice(position, u)) and u.side != str(field.get("side"))
                       for u in entering)):
        return state
    gs = game.gstate(state)
    where = position.label(moving.here)
    return state.replace(game=gs.replace(mines_gone=tuple(sorted({*gs.mines_gone, where})),
                                         mines_decoys=tuple(sorted({*gs.mines_decoys, where}))))


def end_of_turn(game: PgGame, position: Position) -> State:
    """16.6: at the end of a clearing's third turn each engineer takes one attack point off its minefield
    (two engineers, two) and goes on clearing for three more turns; a minefield with no point left (a DECOY
    has none) is taken off the board."""
    state = position.state
    gs = game.gstate(state)
    due = [(uid, where) for uid, where, turn in gs.mine_clearing if position.turn - turn + 1 >= CLEAR_TURNS]
    if not due:
        return state
    taken = dict(gs.mines_cleared)
    gone = set(gs.mines_gone)
    lines = []
    for uid, where in due:
        if where in gone:
            continue
        h = position.map.parse_label(where)
        left = points_left(game, position.at(state.replace(game=gs.replace(
            mines_cleared=tuple(sorted(taken.items()))))), h)
        if left > 0:
            taken[where] = taken.get(where, 0) + 1
            left -= 1
        if left == 0:
            gone.add(where)
        lines.append(Line(T("minefield cleared"), T("{unit} clears one attack point of the minefield in "
                                                     "{hex}: {left} left (16.6)", unit=uid, hex=where,
                                                     left=left), "16.6"))
    going = [(uid, where, position.turn + 1) for uid, where, _ in gs.mine_clearing
             if (uid, where) in due and where not in gone]  # 16.6: three more turns while it stays
    going += [x for x in gs.mine_clearing if (x[0], x[1]) not in due]
    state = state.replace(game=gs.replace(mines_cleared=tuple(sorted(taken.items())),
                                          mines_gone=tuple(sorted(gone)), mine_clearing=tuple(sorted(going))))
    cause = act.Activate(tuple(sorted({uid for uid, _ in due})), "clear")
    return state.replace(resolution=Resolution(cause, "minefield", T("minefield clearing (16.6)"), False,
                                               tuple(lines), {uid: "1" for uid, _ in due},
                                               T("engineers clearing minefields (16.6)")))


__all__ = ["CLEAR_TURNS", "check_clear", "clear", "clear_offers", "end_of_turn", "is_engineer",
           "keep_clearing", "laid", "own_fields", "owners_choice", "points_left",
           "present", "reveal"]
