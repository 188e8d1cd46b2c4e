"""PG's optional formation activation (17.0 "Formation activation", ``options.formation_activation``: true,
or ``{"elite": [sides]}`` naming the sides the scenario's nationality and year entitle to -1).

``activate UNITS for formation`` names the formation, chosen by its owner when he tries. It needs (the text):
morale 7 or more (read as every unit named; PG scenarios give a side's morale) and a current initiative of 2
or more (the scenario's, less 6.72's penalty and a supply shortage's); a non-demoralized leader of MAJ or
higher in it; every other leader in it not demoralized. The side rolls 2d6; at or under the senior leader's
morale it succeeds. DRMs: +1 per friendly leader eliminated, +1 per friendly unit eliminated (trucks, wagons
and heavy prime movers not counted, tanks once), +1 per step-reduced unit of the formation, -1 when none is
reduced, -1 for the elite nationalities the text lists.

On success its units move and fire as usual (or not at all) and every one, leaders too, is marked MOVED/FIRED
when the segment closes; they may also combine direct fire or bombardment from two adjacent hexes without a
leader (``fire.fire_group``). On failure the formation's leaders count as MOVED/FIRED, the units do not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
MODE = "formation"
LEAST_MORALE = 7
LEAST_INITIATIVE = 2
SENIOR_RANK = pu.RANKS.index("MAJ")
NOT_COUNTED = ("truck", "wagon", "prime_mover")  # losses the roll does not count


def enabled(position: Position) -> bool:
    return bool(position.scenario.options.get("formation_activation"))


def elite(position: Position, side: str) -> bool:
    spec = position.scenario.options.get("formation_activation")
    return isinstance(spec, dict) and side in spec.get("elite", [])


def initiative(game: PgGame, position: Position, side: str) -> int:
    """The side's current initiative (3.0: never below 0)."""
    gs = game.gstate(position.state)
    base = int(position.scenario.options.get("initiative", {}).get(side, 0))
    short = 1 if game.supply_level(position, side) else 0
    return max(0, base - dict(gs.initiative_loss).get(side, 0) - short)


def senior(units: list[UnitState]) -> UnitState | None:
    leaders = [u for u in units if pu.is_leader(u) and pu.rank(u) >= SENIOR_RANK and not u.has("demoralized")]
    return max(leaders, key=lambda u: (pu.rank(u), pu.value(u, "morale")), default=None)


def _named(position: Position, ids: tuple[str, ...]) -> list[UnitState]:
    out = []
    for uid in ids:
        if uid not in position.units:
            raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        out.append(position.units[uid])
    return out


def check(game: PgGame, position: Position, ids: tuple[str, ...]) -> None:
    if not enabled(position):
        raise IllegalAction(T("formation activation is an optional rule this scenario does not use (17.0)"),
                            RULE)
    if game.gstate(position.state).active:
        raise IllegalAction(T("an activation is open: its units act, or say done to end it"), "3.1")
    units = _named(position, ids)
    for unit in units:
        why = game.can_act(position, unit)
        if why:
            raise IllegalAction(why)
        if unit.hex is None:
            raise IllegalAction(T("every unit of the formation must be on the board (17.0)"), RULE)
    side = units[0].side
    if initiative(game, position, side) < LEAST_INITIATIVE:
        raise IllegalAction(T("{side}'s initiative is {n}: a formation needs 2 or more (17.0)", side=side,
                              n=initiative(game, position, side)), RULE)
    low = [u.id for u in units if not pu.is_leader(u) and pu.value(u, "morale") < LEAST_MORALE]
    if low:
        raise IllegalAction(T("a formation needs morale 7 or more: {units} (17.0)", units=", ".join(low)),
                            RULE)
    if senior(units) is None:
        raise IllegalAction(T("a formation needs a leader of MAJ or higher, not demoralized (17.0)"), RULE)
    down = [u.id for u in units if pu.is_leader(u) and u.has("demoralized")]
    if down:
        raise IllegalAction(T("every leader of a formation must not be demoralized: {units} (17.0)",
                              units=", ".join(down)), RULE)


def losses(position: Position, side: str) -> tuple[int, int]:
    """(leaders, units) of the side eliminated so far (trucks, wagons and heavy prime movers not counted)."""
    leaders = units = 0
    undrawn = set(getattr(position.state.game, "undrawn", ()))  # 16.1: never in play, never eliminated
    for setup in position.scenario.units:
        if setup.side != side or setup.id in position.units or setup.id in undrawn:
            continue
        counter = position.scenario.counters.get(setup.counter)
        if counter is None:
            continue
        if counter.type == "leader":
            leaders += 1
        elif not (counter.type == "vehicle" and "armor" not in counter.values and counter.values.get(
                "transport") == 1 and str(counter.values.get("transport_kind", "truck")) in NOT_COUNTED):
            units += 1
    return leaders, units


def modifiers(position: Position, units: list[UnitState]) -> list[tuple[T, int]]:
    side = units[0].side
    lost_leaders, lost_units = losses(position, side)
    reduced = sum(1 for u in units if not pu.is_leader(u) and u.has("reduced"))
    out: list[tuple[T, int]] = []
    if lost_leaders:
        out.append((T("friendly leaders eliminated"), lost_leaders))
    if lost_units:
        out.append((T("friendly units eliminated"), lost_units))
    out.append((T("step-reduced units in the formation"), reduced) if reduced
               else (T("no step-reduced unit in the formation"), -1))
    if elite(position, side):
        out.append((T("nationality"), -1))
    return out


def declare(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    units = _named(position, ids)
    lead = senior(units)
    assert lead is not None
    return position.state.push(Decision(
        "roll", units[0].side,
        T("formation activation under {leader}: roll 2d6, at or under his morale {morale} after the DRMs "
          "(17.0)", leader=lead.id, morale=pu.value(lead, "morale")),
        RULE, "formation", dice="2d6", subject=tuple(sorted(ids))))


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    from hexmate.rules.games.pg.game import MARK

    units = [position.units[u] for u in decision.subject if u in position.units]
    state = position.state
    dice = tuple(answer.dice or ())
    roll = PG_2D6.from_values(dice).total
    lead = senior(units)
    mods = modifiers(position, units)
    total = roll + sum(v for _, v in mods)
    lines = [Line(T("roll"), str(roll), RULE), *(Line(label, f"{v:+d}", RULE) for label, v in mods)]
    morale = pu.value(lead, "morale") if lead is not None else 0
    ok = lead is not None and total <= morale
    leaders = tuple(sorted(u.id for u in units if pu.is_leader(u)))
    gs = game.gstate(state)
    if ok:
        ids = tuple(sorted(u.id for u in units))
        state = state.replace(game=gs.replace(active=ids, combat=ids, act_leaders=leaders, formation=True))
        text = T("{total} against morale {morale}: the formation is activated", total=total, morale=morale)
    else:
        for uid in leaders:
            state = state.with_unit(state.units[uid].mark(MARK))
        text = T("{total} against morale {morale}: the formation is not activated; its leaders count as "
                 "moved/fired", total=total, morale=morale)
    lines.append(Line(T("formation activation"), text, RULE))
    return state.replace(resolution=Resolution(act.Answer(dice=dice), "formation", T("formation activation"),
                                               False, tuple(lines), {}, text))


__all__ = ["MODE", "check", "declare", "enabled", "initiative", "losses", "modifiers", "resume", "senior"]
