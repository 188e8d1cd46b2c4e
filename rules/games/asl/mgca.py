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

Not built: the vertical CA of a SW firing up or down a stairwell in its own hex (A9.21's second sentence):
fire at another level of one's own building hex is not a target hexmate separates from the hex.
"""

from __future__ import annotations

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

PREFIX = "mgca:"
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


def arcs_now(position: Position, sw: UnitState) -> frozenset[int] | None:
    """The arcs this SW's CA may still be (None: not fixed this phase). In the DFPh a CA fixed in the PFPh or
    MPh still holds while its user is pinned (A9.21's exception)."""
    phases = [position.phase.id]
    owner = position.units.get(sw.carrier or "")
    if position.phase.id == "DFPh" and owner is not None and owner.has("pinned"):
        phases += ["PFPh", "MPh"]
    for phase in phases:
        key = _key(position, phase)
        for m in sw.markers:
            if m.startswith(key):
                return frozenset(int(c) for c in m[len(key):])
    return None


def check(position: Position, sw: UnitState, target: Hex) -> None:
    """A9.21: refuse a fire outside the CA the SW fixed this phase (its own Location always allowed)."""
    arcs = arcs_now(position, sw)
    owner = position.units.get(sw.carrier or "")
    if arcs is None or owner is None or owner.hex is None or owner.hex == target:
        return
    if not any(fc.in_arc(owner.hex, target, f) for f in arcs):
        raise IllegalAction(T("{sw} fired from {terrain} this phase and now fires only within the CA of that "
                              "fire", sw=sw.id, terrain=position.map.terrain(owner.hex)), "A9.21")


def record(position: Position, state: State, weapons: list[UnitState], target: Hex) -> State:
    """After a fire: each restricted SW's CA narrowed to the arcs holding this target (its own Location leaves
    it as it was)."""
    for sw in weapons:
        owner = position.units.get(sw.carrier or "")
        if sw.id not in state.units or owner is None or owner.hex is None or owner.hex == target:
            continue
        if not restricted(position, sw):
            continue
        before = arcs_now(position, sw) or frozenset(range(6))
        arcs = frozenset(f for f in before if fc.in_arc(owner.hex, target, f))
        now = state.units[sw.id]
        old = tuple(m for m in now.markers if m.startswith(PREFIX) and m.startswith(_key(position,
                                                                                          position.phase.id)))
        marker = _key(position, position.phase.id) + "".join(str(f) for f in sorted(arcs))
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
