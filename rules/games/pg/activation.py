"""PG activation (3.1-3.3, 5.4-5.45, 6.2, 6.8): who a leader activates and who may combat-move.

An action segment activates one unit, one stack, or leaders: a good-order leader reaches his own and the six
adjacent hexes, a disrupted one his own hex only, a demoralized one none (3.12, 5.44); a normal leader takes
the non-AFV units, APCs and SP guns there and lower-ranked normal leaders, who reach on from their own hexes
in the same segment (3.2); a tank leader takes the AFVs there (APCs too) and no leader (3.3, 6.82). In the
leader's own hex every unit of the stack may be activated with him (3.11), but only the units his type
commands may move closer to a threatening enemy or assault (5.4, 5.45): a stack holding both a normal and a
tank leader activated together commands both kinds (5.45, 6.84). A leader with a MOVED/FIRED marker
activates nobody (6.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.pg import multiplayer as pg_multi
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import distance
from hexmate.rules.text import T

MARK = "moved_fired"


@dataclass(frozen=True)
class Activation:
    """Who one segment activated: ``units`` (leaders included) and the ``combat`` ones, which may approach a
    threatening enemy and assault (5.4, 12.11); ``leaders`` activated (marked when the segment ends)."""

    units: frozenset[str]
    combat: frozenset[str]
    leaders: frozenset[str]


def reach(leader: UnitState) -> int | None:
    """3.12, 5.44: own hex and adjacent when in good order, own hex when disrupted, none when demoralized."""
    if leader.has("demoralized"):
        return None
    return 0 if leader.has("disrupted") else 1


def same_nation(leader: UnitState, unit: UnitState) -> bool:
    """3.12: a leader commands other formations of his own nation, never another nation's units, allies
    or not (a counter's ``nation``; counters without one are of their side's one nation)."""
    a, b = pu.text(leader, "nation"), pu.text(unit, "nation")
    return not a or not b or a == b


def commands(leader: UnitState, unit: UnitState) -> bool:
    """Does this leader's type command the unit (3.3, 3.33, 5.43, 6.83, 6.85), of his nation (3.12)?"""
    if not same_nation(leader, unit):
        return False
    kind = pu.leader_kind(leader)
    if kind == "commissar":
        return False
    if kind == "tank":
        return pu.is_afv(unit)
    if kind == "recce":
        return pu.is_recce(unit)
    if pu.is_leader(unit):
        return False
    if pu.is_afv(unit):  # normal leaders: APCs and SP guns, not tanks or armoured cars (3.33)
        return pu.is_apc(unit) or pu.value(unit, "sp") == 1
    return True


def leader_activation(position: Position, leaders: list[UnitState]) -> Activation:
    """The BFS of 3.2 from the named leaders (all in one hex): each activated normal leader reaches out
    with his own radius to lower-ranked normal leaders."""
    side = leaders[0].side
    free = [u for u in position.units.values() if u.side == side and u.hex is not None and not u.has(MARK)]
    start = leaders[0].hex
    assert start is not None
    activated: set[str] = set()
    combat: set[str] = set()
    done: set[str] = set()
    queue = list(leaders)
    while queue:
        ldr = queue.pop(0)
        if ldr.id in done:
            continue
        done.add(ldr.id)
        activated.add(ldr.id)
        combat.add(ldr.id)
        radius = reach(ldr)
        if radius is None:
            continue
        if pu.leader_kind(ldr) == "commissar":  # 6.6, 6.62: alone, with the demoralized units in his hex
            for unit in free:
                if unit.hex == ldr.hex and unit.has("demoralized") and not pu.is_leader(unit):
                    activated.add(unit.id)
            continue
        assert ldr.hex is not None
        for unit in free:
            assert unit.hex is not None
            d = distance(unit.hex, ldr.hex)
            if unit.id == ldr.id or d > radius:
                continue
            if pu.is_leader(unit):
                lower = (
                    pu.leader_kind(ldr) == "normal"
                    and pu.leader_kind(unit) == "normal"
                    and (pu.rank(unit) < pu.rank(ldr))
                    and same_nation(ldr, unit)
                )
                if lower and unit.id not in done:
                    queue.append(unit)  # 3.2: he activates from his own hex in the same segment
                continue
            if commands(ldr, unit):
                activated.add(unit.id)
                combat.add(unit.id)
            elif unit.hex == start and ldr in leaders:
                activated.add(unit.id)  # 3.11, 5.45: the rest of the stack, without combat movement
    return Activation(frozenset(activated), frozenset(combat), frozenset(u for u in done))


def declare(position: Position, ids: tuple[str, ...]) -> Activation:
    """``activate`` names leaders (one hex; with them, their whole reach) or a stack's units (3.1)."""
    if not ids:
        raise InvalidAction(T("name the leaders or the stack to activate"))
    named = []
    for uid in ids:
        if uid not in position.units:
            raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        named.append(position.units[uid])
    side = position.to_act
    for unit in named:
        if unit.side != side:
            raise IllegalAction(T("{unit} is not {side}'s", unit=unit.id, side=side), "3.0 B")
        if unit.has(MARK):
            raise IllegalAction(
                T("{unit} has a MOVED/FIRED marker: activated once a turn", unit=unit.id), "3.13, 6.2"
            )
    if len({u.hex for u in named}) != 1:
        raise IllegalAction(T("the units or leaders activated together start in one hex"), "3.11")
    leaders = [u for u in named if pu.is_leader(u)]
    tanks = [ldr for ldr in leaders if pu.leader_kind(ldr) == "tank"]
    if len(tanks) > 1 and len(tanks) != len(leaders):
        raise IllegalAction(T("one tank leader per segment, unless stacked tank leaders go together"), "5.42")
    if leaders:
        bad = [ldr.id for ldr in leaders if reach(ldr) is None]
        if bad:
            raise IllegalAction(
                T(
                    "{leaders} is demoralized: he activates nobody, only tries to recover",
                    leaders=", ".join(bad),
                ),
                "3.12, 14.3",
            )
        act = pg_multi.own_only(position, leaders[0], leader_activation(position, leaders))  # 17.0
        extra = {u.id for u in named} - act.units
        if extra:
            raise IllegalAction(
                T("{units} is not in the leaders' reach", units=", ".join(sorted(extra))), "3.1"
            )
        return act
    return Activation(frozenset(u.id for u in named), frozenset(), frozenset())


__all__ = ["Activation", "commands", "declare", "leader_activation", "reach", "same_nation"]
