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
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import passing
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg.morale import MARK
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

CLEAR_TURNS = 3  # 16.6: three uninterrupted turns in the hex take one attack point off


def fields(position: Position, h: Hex) -> list[tuple[str, dict[str, Any]]]:
    """The minefields in ``h`` (16.6), the scenario's and those drawn at set-up, cleared or not, each with its
    key: one (keyed by the hex label) or several in one hex (keyed ``label/1``, ``label/2``...)."""
    label = position.label(h)
    raw = position.scenario.options.get("minefields", {}).get(label)
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(raw, dict):
        found = [(label, raw)]
    elif isinstance(raw, list):
        found = [(f"{label}/{i}", f) for i, f in enumerate(raw, 1) if isinstance(f, dict)]
    from hexmate.rules.games.pg import minecup

    laid = minecup.drawn(position.game, position, label)  # type: ignore[arg-type]  # 16.6: from the cup
    if laid is None:
        return found
    if len(found) == 1 and found[0][0] == label:  # one from the scenario and one drawn: two in the hex
        found = [(f"{label}/1", found[0][1])]
    return [*found, (f"{label}/{len(found) + 1}" if found else label, laid)]


def choice_word(key: str) -> str:
    """The owner's answer word for the minefield ``key`` of a hex of several: ``C5/2`` -> ``minefield-2``
    (the scenario's order of the hex's list)."""
    return "minefield-" + key.rsplit("/", 1)[-1]


def hex_of(key: str) -> str:
    """The hex label of a minefield key (``C5`` or ``C5/2``)."""
    return key.split("/", 1)[0]


def live(game: PgGame, position: Position, h: Hex) -> list[tuple[str, dict[str, Any]]]:
    """16.6: the minefield markers still on the board in ``h``."""
    gone = set(game.gstate(position.state).mines_gone)
    return [(k, f) for k, f in fields(position, h) if k not in gone]


def field_left(game: PgGame, position: Position, key: str, field: dict[str, Any]) -> int:
    """16.6: one minefield's attack points less those engineers have cleared (0: a DECOY, or all cleared)."""
    taken = dict(game.gstate(position.state).mines_cleared).get(key, 0)
    return max(0, int(field.get("points", 1)) - taken)


def laid(position: Position, h: Hex) -> dict[str, Any] | None:
    """The minefield in ``h`` (16.6), laid by the scenario or drawn from the cup at set-up, cleared or not:
    its owner and its attack points (the sum of all of them when several lie in the hex)."""
    found = fields(position, h)
    if not found:
        return None
    return {"side": found[0][1].get("side"), "points": sum(int(f.get("points", 1)) for _, f in found)}


def points_left(game: PgGame, position: Position, h: Hex) -> int:
    """16.6: the attack points of the minefields on the board in ``h`` (one die each for an entering unit)
    less those engineers have cleared (0: DECOYs, or all cleared)."""
    return sum(field_left(game, position, k, f) for k, f in live(game, position, h))


def present(game: PgGame, position: Position, h: Hex) -> bool:
    """16.6: a minefield marker lies in ``h`` (face down or not): laid, and not yet cleared away."""
    return bool(live(game, position, h))


def own_fields(game: PgGame, position: Position, side: str) -> frozenset[Hex]:
    """16.6: the hexes of ``side``'s own minefields still on the board (no attack on their own units, but
    +1 MP to enter)."""
    labels = set(position.scenario.options.get("minefields", {}))
    labels |= {label for label, _, _ in game.gstate(position.state).mines_laid}  # 16.6: drawn from the cup
    out = set()
    for label in sorted(labels):
        h = position.map.parse_label(label)
        if any(str(f.get("side")) == side for _, f in live(game, position, h)):
            out.add(h)
    return frozenset(out)


def shift(game: PgGame, position: Position, h: Hex, table: str) -> tuple[T, int, str] | None:
    """16.6: units fired on, or assaulted, in a minefield hex (either side's minefield, friendly ones too)
    take the minefield's modifier. The text gives the rule, not the number, which is on the Terrain Effects
    Chart: it is the chart pack's ``minefield`` chart (the demo pack's values are invented and labelled so).
    It reads only the marker's presence, never its face-down attack points: a DECOY not yet found out
    counts like any other marker. ``table``: "dft", "bombardment", "assault" or "at" (anti-tank fire is
    fire too, 16.6's "fired on": there the value is a die roll modifier on the AT table, 11.1)."""
    if not present(game, position, h):
        return None
    value = int(position.charts.chart("minefield").lookup(table=table))
    if not value:
        return None
    return T("minefield in {hex}", hex=position.label(h)), value, "16.6, TEC"


def is_engineer(unit: UnitState) -> bool:
    """16.6: an engineer unit; flamethrower engineers are not engineers for minefields (15.5)."""
    return pu.branch(unit) == "ENG" and not pu.is_flamethrower(unit) and not pu.is_leader(unit)


def clear_offers(game: PgGame, position: Position, units: list[UnitState]) -> list[str]:
    """The engineers of ``units`` that may start clearing a minefield now (16.6)."""
    sappers = [u for u in units if is_engineer(u) and u.hex is not None and present(game, position, u.hex)]
    return passing(sappers, lambda u: check_clear(game, position, (u.id,)))


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
                or (unit.has(MARK) and position.turn != turn)
                or not present(game, position, position.map.parse_label(where)))
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
    """16.6: enemy units entering a minefield hex flip its markers (leaders and unarmed transports only when
    the owner sets them off against them, ``soft``); each DECOY (no attack point) is then taken off the
    board, the other markers of the hex stay."""
    state = position.state
    moving = state.moving
    assert moving is not None
    here = live(game, position, moving.here)
    decoys = [k for k, f in here if int(f.get("points", 1)) == 0]
    owner = str(here[0][1].get("side")) if here else ""
    entering = [position.units[u] for u in moving.units if u in position.units]
    if not decoys or not any((soft or not owners_choice(position, u)) and u.side != owner for u in entering):
        return state
    gs = game.gstate(state)
    return state.replace(game=gs.replace(mines_gone=tuple(sorted({*gs.mines_gone, *decoys})),
                                         mines_decoys=tuple(sorted({*gs.mines_decoys, *decoys}))))


def end_of_turn(game: PgGame, position: Position) -> State:
    """16.6: at the end of a clearing's third turn each engineer takes one attack point off its hex's
    minefield (two engineers, two) and goes on clearing for three more turns; a minefield with no point left
    (a DECOY has none) is taken off the board. With several minefields in the hex still holding points the
    owner chooses which loses it (a decision, ``choose``)."""
    state = position.state
    gs = game.gstate(state)
    due = [(uid, where) for uid, where, turn in gs.mine_clearing if position.turn - turn + 1 >= CLEAR_TURNS]
    if not due:
        return state
    lines = []
    picks = []
    for uid, where in due:
        h = position.map.parse_label(where)
        here = live(game, position.at(state), h)
        holding = [k for k, f in here if field_left(game, position.at(state), k, f) > 0]
        if len(holding) > 1:  # 16.6: the owner chooses which minefield loses the point
            picks.append(Decision("confirm", str(here[0][1].get("side")), T(
                "{unit} clears one attack point in {hex}: choose which minefield loses it (16.6)",
                unit=uid, hex=where), "16.6", "mine_pick", choices=tuple(choice_word(k) for k in holding),
                subject=(uid,), target=h))
            continue
        state, line = take_point(game, position.at(state), uid, h, holding[0] if holding else None)
        lines.append(line)
    gs = game.gstate(state)
    gone = set(gs.mines_gone)
    going = [(uid, where, position.turn + 1) for uid, where, _ in gs.mine_clearing  # 16.6: three more turns
             if (uid, where) in due and present(game, position.at(state), position.map.parse_label(where))]
    going += [x for x in gs.mine_clearing if (x[0], x[1]) not in due]
    state = state.replace(game=gs.replace(mines_gone=tuple(sorted(gone)), mine_clearing=tuple(sorted(going))))
    if lines:
        cause = act.Activate(tuple(sorted({uid for uid, _ in due})), "clear")
        state = state.replace(resolution=Resolution(cause, "minefield", T("minefield clearing (16.6)"), False,
                                                    tuple(lines), {uid: "1" for uid, _ in due},
                                                    T("engineers clearing minefields (16.6)")))
    return state.push(*picks) if picks else state


def resume_pick(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """16.6: the owner's choice of the minefield that loses the engineer's point."""
    if answer.choice not in decision.choices:
        raise IllegalAction(T("choose one of the minefields {keys} (16.6)", keys=", ".join(decision.choices)),
                            "16.6")
    assert decision.target is not None
    key = f"{position.label(decision.target)}/{answer.choice.rsplit('-', 1)[1]}"
    state, line = take_point(game, position, decision.subject[0], decision.target, key)
    cause = act.Activate(decision.subject, "clear")
    return state.replace(resolution=Resolution(cause, "minefield", T("minefield clearing (16.6)"), False,
                                               (line,), {decision.subject[0]: "1"},
                                               T("engineers clearing minefields (16.6)")))


def take_point(game: PgGame, position: Position, uid: str, h: Hex, key: str | None) -> tuple[State, Line]:
    """16.6: ``uid`` takes one attack point off the minefield ``key`` in ``h`` (None: none holds a point);
    every marker of the hex with no point left then comes off the board."""
    state = position.state
    gs = game.gstate(state)
    taken = dict(gs.mines_cleared)
    if key is not None:
        taken[key] = taken.get(key, 0) + 1
    state = state.replace(game=gs.replace(mines_cleared=tuple(sorted(taken.items()))))
    after = position.at(state)
    empty = [k for k, f in live(game, after, h) if field_left(game, after, k, f) == 0]
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(mines_gone=tuple(sorted({*gs.mines_gone, *empty}))))
    left = points_left(game, position.at(state), h)
    where = position.label(h)
    return state, Line(T("minefield cleared"), T("{unit} clears one attack point of the minefield in "
                                                 "{hex}: {left} left (16.6)", unit=uid, hex=where,
                                                 left=left), "16.6")


__all__ = ["CLEAR_TURNS", "check_clear", "choice_word", "clear", "clear_offers", "end_of_turn", "field_left",
           "fields", "hex_of", "is_engineer", "keep_clearing", "laid", "live", "own_fields", "owners_choice",
           "points_left", "present", "resume_pick", "reveal", "shift", "take_point"]
