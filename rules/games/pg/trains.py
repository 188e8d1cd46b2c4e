"""Armoured trains and river flotillas (15.2, 6.92).

- Counters: a ``vehicle`` with ``train: 1`` or ``flotilla: 1`` and a printed armour value: in combat they are
  AFVs (AT fire destroys them, DF and bombardment touch them only as AFVs, 7.25).
- Built-in leader (15.2, 6.92): for activation and movement each has its own leader, so it may move closer to
  the enemy and assault without another leader (5.4); activating one activates every unit of its kind of its
  side anywhere on the board. That leader activates nothing else and never spots for bombardment (no leader
  counter stands for it, so ``bombard.spotter`` never finds one).
- Movement: a train only along the scenario's railroad hexes (``options.railroad``, hex labels: 15.2 says the
  scenario instructions give them), MA 6; a flotilla only in all-water major-river hexes (the map's
  ``major-river`` hexes), MA 5 unless the counter prints one. The text gives no MP per hex for either: one
  MP a hex is ``movement.json``'s demo value.
- Move, then fire, in one segment (15.2): after its move the unit carries ``MOVED`` (not MOVED/FIRED) and may
  still fire in that activation; it takes MOVED/FIRED when it fires or when the activation closes.
- Opportunity fire, then move (15.2): after an opportunity fire it carries three MOVED/FIRED markers (the two
  of 13.1 and ``WAIT``); it may still move in a later friendly segment (it may not fire then), and after that
  move two come off, leaving one.
- Assault: enemy units assault a train as usual; only flotillas assault a flotilla, and no enemy ground unit
  (engineers included) enters a major-river hex holding one (15.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg.activation import Activation
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MARK = "moved_fired"
OPP = "opp_fire"
WAIT = "opp_move"  # 15.2: the third MOVED/FIRED marker after an opportunity fire: it may still move
MOVED = "moved"  # 15.2: it has moved this activation and may still fire (not a MOVED/FIRED marker yet)
TRAIN_MA = 6  # 15.2
FLOTILLA_MA = 5  # 15.2: unless printed


def kind(unit: UnitState) -> str:
    """"train", "flotilla" or ""."""
    if pu.value(unit, "train") == 1:
        return "train"
    if pu.value(unit, "flotilla") == 1:
        return "flotilla"
    return ""


def is_special(unit: UnitState) -> bool:
    return bool(kind(unit))


def ma(unit: UnitState) -> int:
    """15.2: a train's MA is 6; a flotilla's 5 unless its counter prints one."""
    if kind(unit) == "train":
        return TRAIN_MA
    if kind(unit) == "flotilla":
        return pu.value(unit, "ma") or FLOTILLA_MA
    return pu.value(unit, "ma")


def check_counter(values: dict[str, object]) -> str | None:
    """2.1, 15.2: a train or flotilla is a vehicle with an armour value (an AFV in combat)."""
    if values.get("train") == 1 and values.get("flotilla") == 1:
        return "a counter is a train or a flotilla, not both (15.2)"
    if (values.get("train") == 1 or values.get("flotilla") == 1) and not isinstance(values.get("armor"), int):
        return "an armoured train or river flotilla needs its 'armor' (15.2: an AFV in combat)"
    return None


def railroad(position: Position) -> frozenset[Hex]:
    """15.2: the railroad hexes the scenario instructions name (``options.railroad``)."""
    labels = position.scenario.options.get("railroad", [])
    return frozenset(position.map.parse_label(str(x)) for x in labels)


def all_water(game: PgGame, position: Position, h: Hex) -> bool:
    """15.2: an all-water major-river hex (the map's major-river terrain)."""
    from hexmate.rules.games.pg import moves as pg_moves

    return pg_moves.river(game, position.map, h) == "major"


def hex_problem(game: PgGame, position: Position, units: list[UnitState], h: Hex) -> T | None:
    """May these movers enter ``h`` (a move or an assault entry)? None if so."""
    troops = [u for u in units if not pu.is_leader(u)]
    kinds = {kind(u) for u in troops}
    if "train" in kinds and h not in railroad(position):
        return T("an armoured train moves only along the scenario's railroad hexes (15.2)")
    if "flotilla" in kinds and not all_water(game, position, h):
        return T("a river flotilla moves only in all-water major-river hexes (15.2)")
    side = troops[0].side if troops else (units[0].side if units else "")
    flotilla_there = any(u.side != side and kind(u) == "flotilla" for u in position.units_at(h))
    if flotilla_there and kinds != {"flotilla"}:
        return T("only river flotillas assault a flotilla, and no enemy ground unit enters its major-river "
                 "hex (15.2)")
    return None


def hex_filter(game: PgGame, position: Position, units: list[UnitState]) -> Callable[[Hex], bool] | None:
    """``hex_problem`` as a test of the hexes these movers may enter, made once per move; None when 15.2
    cannot bind them (no train or flotilla among them, no enemy flotilla on the board)."""
    side = units[0].side if units else ""
    if not any(is_special(u) for u in units) and not any(
            u.side != side and kind(u) == "flotilla" for u in position.units.values()):
        return None
    return lambda h: hex_problem(game, position, units, h) is None


def declare(position: Position, ids: tuple[str, ...]) -> Activation | None:
    """6.92: naming a train (or a flotilla) activates every unit of its kind of that side on the board,
    each with its own leader (so they may close on the enemy and assault); None if none is named."""
    named = [position.units[u] for u in ids if u in position.units]
    kinds = {kind(u) for u in named}
    if not named or kinds == {""}:
        return None
    if len(kinds) > 1:
        raise IllegalAction(T("activate trains or flotillas on their own: one kind at a time (6.92)"), "6.92")
    side = position.to_act
    for unit in named:
        if unit.side != side:
            raise IllegalAction(T("{unit} is not {side}'s", unit=unit.id, side=side), "3.0 B")
        if unit.has(MARK) and not unit.has(WAIT):
            raise IllegalAction(
                T("{unit} has a MOVED/FIRED marker: activated once a turn", unit=unit.id), "3.13, 6.2")
    which = kinds.pop()
    units = frozenset(u.id for u in position.units.values() if u.side == side and kind(u) == which
                      and u.hex is not None and (not u.has(MARK) or u.has(WAIT)))
    return Activation(units, units, frozenset())


def activations(mine: list[UnitState]) -> list[act.Activate]:
    """6.92: one activation offered per kind (trains, flotillas) with a unit that may still act."""
    out: dict[str, act.Activate] = {}
    for unit in mine:
        k = kind(unit)
        if k and k not in out and unit.hex is not None and (not unit.has(MARK) or unit.has(WAIT)):
            out[k] = act.Activate((unit.id,))
    return list(out.values())


def after_move(position: Position, ids: tuple[str, ...]) -> State:
    """15.2: a train or flotilla that moved: after an opportunity fire two of its three markers come off
    (one MOVED/FIRED stays); else it is marked as moved and may still fire this activation (not when its
    move was into an assault, itself a fire action, 3.13)."""
    state = position.state
    for uid in ids:
        unit = state.units.get(uid)
        if unit is None or not is_special(unit) or unit.hex is None:
            continue
        if unit.has(WAIT):
            state = state.with_unit(unit.mark(MARK, remove=(WAIT, OPP)))
        elif not any(o.side != unit.side for o in position.units_at(unit.hex)):
            state = state.with_unit(unit.mark(MOVED, remove=(MARK,)))
    return state


def close(state: State, ids: tuple[str, ...]) -> State:
    """3.13: the activation is over: a train or flotilla that moved and did not fire is MOVED/FIRED now."""
    for uid in ids:
        unit = state.units.get(uid)
        if unit is not None and unit.has(MOVED) and not unit.has(MARK):
            state = state.with_unit(unit.mark(MARK))
    return state


def opp_fired(unit: UnitState) -> UnitState:
    """15.2: after its (first) opportunity fire a train or flotilla carries a third marker: it may move."""
    if is_special(unit) and not unit.has(WAIT) and unit.has(OPP):
        return unit.mark(WAIT)
    return unit


def fire_problem(unit: UnitState, opp: bool) -> T | None:
    """15.2: after its opportunity fire it may still move, not fire in its own segment; after its own move
    it fires in the same activation (move first, then fire)."""
    if not opp and unit.has(WAIT):
        return T("{unit} fired at a mover this turn: it may still move, not fire (15.2)", unit=unit.id)
    return None


def move_problem(unit: UnitState) -> T | None:
    if unit.has(MOVED):
        return T("{unit} has moved this activation: it may still fire, not move again (15.2)", unit=unit.id)
    return None


__all__ = ["FLOTILLA_MA", "MOVED", "TRAIN_MA", "WAIT", "after_move", "check_counter", "close", "declare",
           "fire_problem", "hex_problem", "is_special", "kind", "ma", "move_problem", "opp_fired",
           "railroad"]
