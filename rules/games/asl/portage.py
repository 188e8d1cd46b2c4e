"""ASL portage and the MF it costs (A4.42, A4.52): what each mover of a group has left to spend.

Every MMC has an IPC of 3 PP and every SMC 1 (A4.42; a wounded SMC 0, A17.2): the note to A4.42 is explicit
that a HS or crew carries as much as a squad. A unit loses 1 MF for each PP it carries over its IPC. One
SMC may add what its IPC leaves free to one Good Order unit moving with it (A4.42); here each SMC helps the
slowest MMC of the group. Double Time (A4.52) lowers a unit's IPC by 1, and each PP over that lowered IPC
comes off its Double Time bonus, so a squad with 4 PP has 3 MF and, Double Timing, 4 + 2 - 2 = 4; an SMC
that Double Times lends a lowered IPC too.

A4.42 lends the SMC's IPC only to a unit that began the phase (the MPh or APh) stacked with him and moves
with him: ``record`` keeps every unit's Location as those phases begin (AslState.began), ``began_together``
reads it (a unit that came into play since: where it stands now). A broken unit carries no more than its own
IPC, a leader with it or not (A4.42, A10.4: rout.py leaves the rest).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import State, UnitState
from hexmate.rules.hexes import Hex

SMC = ("leader", "hero")
SMC_MAX_PP = 2  # A4.42: an SMC never carries more than 2 PP


Began = tuple[tuple[str, Hex | None, int], ...]  # unit id, hex and level as the phase began


def record(state: State) -> Began:
    """A4.42: every unit's Location (hex, level) as the MPh or APh begins; kept in AslState.began."""
    return tuple((u.id, u.hex, u.level) for u in sorted(state.units.values(), key=lambda u: u.id)
                 if u.type != au.SW and u.hex is not None)


def began_at(state: State, unit: UnitState) -> tuple[Hex | None, int]:
    """Where the unit began the phase (A4.42); one not recorded (come into play since, or no MPh/APh under
    way): where it is now."""
    kept: Began = getattr(state.game, "began", ())
    return next(((h, lvl) for uid, h, lvl in kept if uid == unit.id), (unit.hex, unit.level))


def began_together(state: State, smc: UnitState, unit: UnitState) -> bool:
    """A4.42: did the SMC and the unit begin the phase as one stack (one Location)?"""
    return began_at(state, smc) == began_at(state, unit)


def carried(state: State, unit: UnitState) -> int:
    """PP of the SW the unit possesses (A4.4); a bicycle its rider rides is no portage (D15.82)."""
    ridden = unit.has("bicycle") and not unit.has("broken")
    return sum(int(sw.values.get("pp", 0) or 0) for sw in au.possessed(state, unit.id)
               if not (ridden and sw.values.get("sw") == "bicycle"))


def allowances(state: State, units: list[UnitState], base: Callable[[UnitState], int],
               double_time: Collection[str], extra: Mapping[str, int] | None = None) -> dict[str, int]:
    """MF of each mover after portage (A4.42, A4.52). ``base``: its MF with the leader bonus and Double Time
    already in (A4.11, A4.12, A4.5); ``double_time``: the ids of the movers Double Timing; ``extra``: PP a
    mover carries besides its SW (A17.2: a wounded SMC, woundcarry.py)."""
    spare = {}
    need = {}
    for unit in units:
        ipc = max(0, au.portage_capacity(unit) - (1 if unit.id in double_time else 0))
        load = carried(state, unit) + (extra or {}).get(unit.id, 0)
        if unit.type in SMC and not unit.has("mounted"):  # A13.33: a cavalry SMC lends no IPC
            spare[unit.id] = max(0, ipc - load)
        need[unit.id] = load - ipc  # > 0: PP over the IPC
    out = {u.id: base(u) - max(0, need[u.id]) for u in units}
    by_id = {u.id: u for u in units}
    for sid in sorted(spare):  # one SMC helps one unit: the slowest one still short (A4.42) ...
        short = [u for u in units if u.type not in SMC and need[u.id] > 0
                 and not u.has("broken")  # ... a Good Order one (A4.42, A10.4) ...
                 and began_together(state, by_id[sid], u)]  # ... stacked with him as the phase began
        if not short or not spare[sid]:
            continue
        slow = min(short, key=lambda u: (out[u.id], u.id))
        lent = min(spare[sid], need[slow.id])
        need[slow.id] -= lent
        out[slow.id] += lent
    return out
