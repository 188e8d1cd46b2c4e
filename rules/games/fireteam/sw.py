"""Fire Team supplemental weapons (SW) [2.36], [5.15], [6.21], [6.25].

A SW counter (type ``sw``) has AP ``fp`` and ``range``, or G/M ``gm`` with its bands (an AT weapon), and may
have ``ammo`` numbers [6.56]. It is carried by a squad (up to 4), a team (2) or a leader (1) [5.15]: its
``UnitState.carrier`` is the holder, set at set-up by ``options.carry`` (SW -> holder), and it goes where
the holder goes, at no cost. It fires only with its holder's activation [6.21]: a squad fires its own
firepower and up to two SWs, or three SWs without its own; a team its own weapon or one SW; a leader one SW,
and then his modifier does not help that shot [6.21], [6.31]; riders never fire their SWs [6.41].
When its holder is eliminated the SW stays in the hex, abandoned [6.25]: a friendly dismounted unit picks it
up by entering the hex (if it has room), and an enemy unit entering the hex destroys it [6.25]. A moving
dismounted holder drops all its SWs with ``unload HOLDER`` [5.15] (one of several cannot be chosen).
"""

from __future__ import annotations

from collections.abc import Sequence

from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.fireteam.why import T, Why
from hexmate.rules.hexes import Hex

SW = "sw"
CARRY = {"squad": 4, "team": 2, "leader": 1}  # [5.15]
WITH_OWN_FIRE = 2  # [6.21] a squad fires its own firepower and two SWs
WITHOUT_OWN_FIRE = {"squad": 3, "team": 1, "leader": 1}  # [6.21]


def is_sw(unit: UnitState) -> bool:
    return unit.type == SW


def holder(position: Position | State, sw: UnitState) -> UnitState | None:
    """Who carries the SW (None: it lies abandoned in its hex, 6.25)."""
    units = position.units
    return units.get(sw.carrier) if sw.carrier is not None else None


def carried_by(state: State, uid: str) -> list[UnitState]:
    return sorted((u for u in state.units.values() if is_sw(u) and u.carrier == uid), key=lambda u: u.id)


def why_not_fire(position: Position, firers: Sequence[UnitState]) -> Why | None:
    """[6.21] Why these SWs may not fire with these holders (None if they may)."""
    ids = {u.id for u in firers}
    weapons = [u for u in firers if is_sw(u)]
    by_holder: dict[str, list[UnitState]] = {}
    for weapon in weapons:
        owner = holder(position, weapon)
        if owner is None:
            return Why(T("{weapon} lies abandoned: someone must pick it up first", weapon=weapon.id), "6.25")
        if owner.carrier is not None:
            return Why(T("{unit} rides in {vehicle}: no SW fires from inside", unit=owner.id,
                         vehicle=owner.carrier), "6.41")
        by_holder.setdefault(owner.id, []).append(weapon)
    for owner_id, mine in by_holder.items():
        owner = position.units[owner_id]
        if owner_id in ids:
            if owner.type != "squad" or len(mine) > WITH_OWN_FIRE:
                return Why(T("{unit} fires its own weapon and at most two SWs (a squad), or its SWs "
                             "without its own", unit=owner_id), "6.21")
        elif len(mine) > WITHOUT_OWN_FIRE.get(owner.type, 0):
            return Why(T("{unit} fires at most {count} SW(s) at once", unit=owner_id,
                         count=WITHOUT_OWN_FIRE.get(owner.type, 0)), "6.21")
    return None


def acting(position: Position, firers: Sequence[str]) -> tuple[str, ...]:
    """The units whose activation a fire uses: a SW's holder for the SW [6.21]."""
    out: list[str] = []
    for uid in firers:
        unit = position.units[uid]
        if is_sw(unit):
            owner = holder(position, unit)
            if owner is not None and owner.id not in out:
                out.append(owner.id)
        elif uid not in out:
            out.append(uid)
    holders = {position.units[u].carrier for u in firers if is_sw(position.units[u])}
    if any(h in position.units and position.units[h].type == "leader" for h in holders if h):
        # another leader in the hex only lends his modifier to a leader's SW shot [6.31]
        out = [u for u in out if position.units[u].type != "leader" or u in holders]
    return tuple(out)


def pick_up(state: State, movers: Sequence[UnitState], here: Hex) -> State:
    """[6.25] Entering a hex: a friendly abandoned SW is picked up by the first mover with room (dismounted
    infantry); an enemy SW lying there alone is destroyed."""
    side = movers[0].side
    takers = [u for u in movers if u.type in CARRY and u.carrier is None]
    for weapon in sorted((u for u in state.units.values() if is_sw(u) and u.hex == here), key=lambda u: u.id):
        if weapon.carrier is not None and weapon.carrier in state.units:
            continue
        if weapon.side != side:
            if takers or any(u.type != "leader" for u in movers):
                state = state.without_unit(weapon.id)
            continue
        for taker in takers:
            if len(carried_by(state, taker.id)) < CARRY[taker.type]:
                state = state.with_unit(_carried(weapon, taker.id))
                break
    return state


def _carried(weapon: UnitState, owner: str) -> UnitState:
    import dataclasses

    return dataclasses.replace(weapon, carrier=owner)


def abandon_orphans(state: State) -> State:
    """[6.25] SWs whose holder is gone lie in their hex, unattended."""
    import dataclasses

    for weapon in [u for u in state.units.values() if is_sw(u) and u.carrier is not None]:
        if weapon.carrier not in state.units:
            state = state.with_unit(dataclasses.replace(weapon, carrier=None))
    return state


__all__ = ["CARRY", "SW", "abandon_orphans", "acting", "carried_by", "holder", "is_sw", "pick_up",
           "why_not_fire"]
