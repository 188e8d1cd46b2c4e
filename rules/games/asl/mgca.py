"""ASL A9.21: the Covered Arc a SW MMG/HMG fixes when it fires from woods, rubble or a building.

A SW has no facing and fires all round (A9.21). But a SW MMG or HMG firing from a woods, rubble or building
hex that may fire again in the phase (a kept multiple ROF, SFF, FPF) fires on only within the CA of its
first shot there, its own Location always allowed (the hexside a target crossed to enter that Location does
not matter). The same holds for a SW INF, RCL or 20L ATR (counter value ``ca_restricted``; the demo catalogue
has none). The CA counter comes off at the phase's end, except that when the MG's CA is fixed and its user
is pinned in the PFPh or MPh, it stays until the end of the DFPh.

The CA is the 60-degree wedge of ``facing.in_arc`` (the arc of a vehicle's or Gun's CA). A first target on
the boundary row between two arcs lies in both; the MG keeps both until a later target picks one (the
counter's placement is the player's choice, A9.21, and any placement holding every target was open to him).

The marker ``mgca:<turn>:<phasing side>:<phase>:<arcs>`` on the SW records it; a marker of another phase is
ignored (the pinned exception apart), so nothing needs removing at the phase's end.

A SW that fires up or down the stairwell of its own hex, at another level of it (a Location of its own,
A2.8, named as floc.py does), fixes its CA vertically: the marker's arcs are then ``v<level>``, and for the
rest of the phase it fires only at that Location (or its own, A9.21). The text says the later fire is
limited to the same upper or lower floor as the first; the reading here is that floor, the Location the
first vertical fire hit. A CA fixed horizontally holds no other level of its own hex (the stairwell is not
in any hex's arc), and a vertical one no other hex.
"""

from __future__ import annotations

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

PREFIX = "mgca:"
VERTICAL = "v"  # the arcs of a CA fixed up or down the stairwell: ``v<level>`` (A9.21)
TERRAIN = ("woods", "rubble", "building")  # the text's three; a building of any kind


def restricted(position: Position, sw: UnitState) -> bool:
    """A9.21: a SW MMG/HMG (or INF, RCL, 20L ATR: ``ca_restricted``) whose possessor is in woods, rubble or a
    building."""
    owner = position.units.get(sw.carrier or "")
    if sw.type != "sw" or owner is None or owner.hex is None:
        return False
    kind = sw.values.get("sw") == "mg" and sw.name.startswith(("MMG", "HMG"))
    if not (kind or sw.values.get("ca_restricted")):
        return False
    terrain = position.map.terrain(owner.hex)
    return any(t in terrain for t in TERRAIN)


def _key(position: Position, phase: str) -> str:
    return f"{PREFIX}{position.turn}:{position.phasing}:{phase}:"


def _fixed(position: Position, sw: UnitState) -> str | None:
    """The arcs part of the CA marker in force this phase (None: not fixed). In the DFPh a CA fixed in the
    PFPh or MPh still holds while its user is pinned (A9.21's exception)."""
    phases = [position.phase.id]
    owner = position.units.get(sw.carrier or "")
    if position.phase.id == "DFPh" and owner is not None and owner.has("pinned"):
        phases += ["PFPh", "MPh"]
    for phase in phases:
        key = _key(position, phase)
        for m in sw.markers:
            if m.startswith(key):
                return m[len(key):]
    return None


def arcs_now(position: Position, sw: UnitState) -> frozenset[int] | None:
    """The arcs this SW's CA may still be (None: not fixed this phase, or fixed vertically)."""
    fixed = _fixed(position, sw)
    if fixed is None or fixed.startswith(VERTICAL):
        return None
    return frozenset(int(c) for c in fixed)


def vertical_now(position: Position, sw: UnitState) -> int | None:
    """The level of its own hex this SW's CA is fixed on, up or down the stairwell (None: not so fixed)."""
    fixed = _fixed(position, sw)
    if fixed is None or not fixed.startswith(VERTICAL):
        return None
    return int(fixed[len(VERTICAL):])


def target_level(position: Position, side: str, target: Hex, level: int | None = None) -> int | None:
    """The level of the Location a fire at ``target`` attacks: the one named (floc.py), the movers' in the
    MPh, else the only level holding enemy units there (None: not known yet, the firer names it)."""
    from hexmate.rules.games.asl import floc

    if level is not None:
        return level
    moving = position.state.moving
    if position.phase.id == "MPh" and moving is not None and moving.here == target:
        movers = [position.units[u] for u in moving.units if u in position.units]
        if movers:
            return floc.level_of_unit(position, movers[0])
    levels = floc.enemy_levels(position, side, target)
    return levels[0] if len(levels) == 1 else None


def check(position: Position, sw: UnitState, target: Hex, level: int | None = None) -> None:
    """A9.21: refuse a fire outside the CA the SW fixed this phase (its own Location always allowed): a
    horizontal CA holds no other level of its own hex, a vertical one only the level it fired at."""
    owner = position.units.get(sw.carrier or "")
    fixed = _fixed(position, sw)
    if fixed is None or owner is None or owner.hex is None:
        return
    at = target_level(position, sw.side, target, level) if target == owner.hex else None
    if target == owner.hex and at in (None, owner.level):
        return  # its own Location (or a level still to be named: checked again once it is)
    up = vertical_now(position, sw)
    if up is not None:
        if target != owner.hex or at != up:
            raise IllegalAction(T("{sw} fired up or down its stairwell to level {level} this phase and now "
                                  "fires only there or at its own Location", sw=sw.id, level=up), "A9.21")
        return
    arcs = arcs_now(position, sw) or frozenset()
    if target == owner.hex or not any(fc.in_arc(owner.hex, target, f) for f in arcs):
        raise IllegalAction(T("{sw} fired from {terrain} this phase and now fires only within the CA of that "
                              "fire", sw=sw.id, terrain=position.map.terrain(owner.hex)), "A9.21")


def record(position: Position, state: State, weapons: list[UnitState], target: Hex,
           level: int | None = None) -> State:
    """After a fire: each restricted SW's CA narrowed to the arcs holding this target; a fire at another
    level of its own hex fixes it vertically on that level (its own Location leaves it as it was)."""
    for sw in weapons:
        owner = position.units.get(sw.carrier or "")
        if sw.id not in state.units or owner is None or owner.hex is None:
            continue
        if not restricted(position, sw):
            continue
        now = state.units[sw.id]
        key = _key(position, position.phase.id)
        old = tuple(m for m in now.markers if m.startswith(key))
        if owner.hex == target:
            at = target_level(position, sw.side, target, level)
            if at is None or at == owner.level:
                continue
            up = f"{key}{VERTICAL}{at}"
            state = state.with_unit(now.mark(up, remove=old))
            continue
        before = arcs_now(position, sw) or frozenset(range(6))
        arcs = frozenset(f for f in before if fc.in_arc(owner.hex, target, f))
        marker = key + "".join(str(f) for f in sorted(arcs))
        state = state.with_unit(now.mark(marker, remove=old))
    return state


def phase_over(position: Position, state: State) -> State:
    """A9.21: the CA counters come off at the end of the phase that placed them, but one placed in the PFPh or
    MPh while its user is pinned stays until the end of the DFPh."""
    phase = position.phase.id
    for sw in [u for u in state.units.values() if any(m.startswith(PREFIX) for m in u.markers)]:
        owner = state.units.get(sw.carrier or "")
        pinned = owner is not None and owner.has("pinned")
        gone = []
        for m in (m for m in sw.markers if m.startswith(PREFIX)):
            placed = m[len(PREFIX):].split(":")[2]
            if phase == "DFPh" or (placed == phase and not (pinned and phase in ("PFPh", "MPh"))):
                gone.append(m)
        if gone:
            state = state.with_unit(sw.mark(remove=tuple(gone)))
    return state
