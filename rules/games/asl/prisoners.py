"""ASL prisoners (A20): surrender in the Rout Phase and No Quarter, guards, prisoners going with their guard,
passing them between guards, massacre, and their doubled victory value.

A prisoner stays a unit of its own side, on the map in its guard's Location, marked ``prisoner`` with its
guard as ``carrier`` (as a SW names its possessor, A4.43). It is unarmed (A20.5): it never fires, moves,
routs or rallies on its own, gains or holds no building (A26.1) and makes no Close Combat Location with its
guard (A11.1). What the text says and this module does:

- A20.21: in the RtPh a broken infantry unit beside a Known, Good Order, armed enemy infantry unit that has
  nowhere to rout, or only by Low Crawl or through Interdiction, surrenders, after leaving its SW (A20.24);
  a stack in one Location surrenders, and is accepted or refused, as one. A Disrupted or encircled one
  surrenders even with a safe rout open ("routs to the enemy as a prisoner": to that ADJACENT enemy; the
  text has no surrender to a farther one; a "?" beside it may reveal first so that it surrenders, A10.533:
  ``rtreveal.py``). Pinned, berserk (A20.2) and Fanatic
  units, Partisans, Gurkhas, Japanese and SS against Russians, and every enemy of a side that has refused
  quarter (A20.3), rout or die instead. The captor's owner names the guard, or refuses: No Quarter, the stack
  is eliminated (A20.3). Beyond what the guard may hold (A20.51) the rest is released Unarmed (A20.21).
- A20.3 and A20.4: a side that refuses quarter or massacres is remembered; from then on the enemy never
  surrenders. A massacre (a fire by an SS, Russian, Partisan, Japanese or berserk unit at its own Location
  whose only enemies are unarmed) eliminates them and raises the enemy's ELR by one, once, to at most 6. A
  berserk unit sharing a Location with prisoners massacres them at the start of its fire phase and is
  berserk no more (``berserk_massacre``).
- A20.5, A20.51: one guard holds prisoners up to five times its US#; prisoners pass between guards of one
  Location like a SW (A4.431), in the RPh or at the start of the APh. A guard gone hands them to another
  armed unit of its side in the Location with room for them, else they are prisoners no more (unarmed,
  A20.5). A guard squad deploying (A20.5) and a prisoner squad split in two (A20.51) are guards.py's.
- A20.51: the captor may swap two prisoner HS (or crews) of one guard for one unarmed squad (``transfer
  HS to HS``); the reverse, a squad into two HS, is guards.py's.
- A20.52: a guard of more prisoners' US# than his own fires at nothing else and uses no SW.
- A20.53: prisoners move, advance and rout with their guard (``follow``).
- A20.1: a prisoner still guarded counts twice its VP as CVP (victory.cvp).

- A20.54: a fire at a Location holding prisoners attacks them with their guard (``fired_on``); an MC they
  fail reduces them instead of breaking them, a prisoner is pinned only with its guard, and neither they nor
  an unarmed unit take a Leader Loss check; K/# and #KIA pick among guard and prisoners by Random Selection
  (one result for the Location's Known units). A CC attack on the guard leaves them alone (cc.py).

Capture in Close Combat (A20.22) is capture.py's, escape (A20.55) escape.py's, recapture of unarmed units in
the MPh (A20.54) unarmed.py's. Not here: scrounging
(A20.552). The excess of a surrender beyond the guard's
capacity is released Unarmed, the largest units kept (the text lets the captor choose).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import rout as asl_rout
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

PRISONER = "prisoner"
UNARMED = "unarmed"
INFANTRY = ("squad", "hs", "crew", "leader", "hero")
NEVER_SURRENDER = frozenset({"partisan", "gurkha", "japanese"})  # A20.21 (A25.24, A25.43)
MASSACRE = frozenset({"ss", "japanese", "partisan", "russian"})  # A20.4


def is_prisoner(unit: UnitState) -> bool:
    return unit.has(PRISONER)


def armed(unit: UnitState) -> bool:
    """A20.5: a prisoner or an unarmed unit is not armed."""
    return not au.is_unarmed(unit)


def prisoners_of(position: Position, guard: str) -> list[UnitState]:
    return sorted((u for u in position.units.values() if is_prisoner(u) and u.carrier == guard),
                  key=lambda u: u.id)


def capacity(guard: UnitState) -> int:
    """A20.51: a guard holds prisoners of up to five times its US#."""
    return 5 * au.us_number(guard)


def _load(position: Position, guard: UnitState) -> int:
    return sum(au.us_number(p) for p in prisoners_of(position, guard.id))


def _nationality(position: Position, unit: UnitState) -> str:
    nat = unit.values.get("nationality")
    if isinstance(nat, str):
        return nat
    for side in position.scenario.sides:
        if side.id == unit.side:
            return side.nationality or ""
    return ""


# --- surrender in the Rout Phase (A20.21) and No Quarter (A20.3) ---


def captors(position: Position, unit: UnitState) -> list[UnitState]:
    """Known, Good Order, armed enemy infantry beside the broken unit (A20.21)."""
    assert unit.hex is not None
    return sorted(
        (e for e in position.units.values()
         if e.side != unit.side and e.hex is not None and distance(e.hex, unit.hex) == 1 and not e.concealed
         and e.type in INFANTRY and au.good_order(e) and armed(e) and not e.has("berserk")
         and not e.has("melee")),
        key=lambda e: e.id)


def may_surrender(game: AslGame, position: Position, unit: UnitState) -> bool:
    """A20.21, A20.2, A20.3: who never surrenders."""
    if unit.type not in INFANTRY or unit.has("pinned") or unit.has("berserk") or unit.has("fanatic"):
        return False
    if unit.values.get("leader_kind") == "commissar":
        return False  # A20.21, A25.22: nor a commissar
    nat = _nationality(position, unit)
    enemy = position.enemy_of(unit.side)
    if nat in NEVER_SURRENDER or (nat == "ss" and _side_nationality(position, enemy) == "russian"):
        return False
    return enemy not in game.gstate(position.state).no_quarter


def _side_nationality(position: Position, side: str) -> str:
    return next((s.nationality or "" for s in position.scenario.sides if s.id == side), "")


def _no_safe_rout(position: Position, unit: UnitState, ends: tuple[Hex, ...]) -> bool:
    """A20.21: nowhere to rout, or only by Low Crawl or through an Interdiction."""
    assert unit.hex is not None
    if not ends:
        return True
    for end in ends:  # a rout of one hex could also be a Low Crawl (A10.52): is it safe as a rout?
        path = [unit.hex, end] if distance(end, unit.hex) == 1 else asl_rout.path_to(position, unit, end)
        if not any(asl_rout.interdicted(position, unit, h) for h in path[1:]):
            return False
    return True


def rout_surrenders(game: AslGame, position: Position, routs: list[Decision]) -> tuple[list[Decision],
                                                                                       list[Decision]]:
    """Split the RtPh's rout decisions: (those that stand, one surrender offer per Location whose broken units
    surrender instead, A20.21). A stack surrenders as one: if one of its routers may not, none does."""
    by_hex: dict[Hex, list[UnitState]] = {}
    for d in routs:
        if d.then != "rout" or d.choices:  # a DM unit that need not rout does not surrender
            continue
        unit = position.units[d.subject[0]]
        # A20.21: a Disrupted or encircled unit surrenders even with a safe rout open
        forced = unit.has("disrupted") or unit.has("encircled")
        if (unit.hex is not None and captors(position, unit) and may_surrender(game, position, unit)
                and (forced or _no_safe_rout(position, unit, d.hexes))):
            by_hex.setdefault(unit.hex, []).append(unit)
    offers: list[Decision] = []
    taken: set[str] = set()
    for h, units in sorted(by_hex.items(), key=lambda kv: position.label(kv[0])):
        broken = [u for u in position.units_at(h) if u.side == units[0].side and u.has("broken")]
        if len(broken) != len(units):
            continue  # one of the stack routs safely or may not surrender: none surrenders (A20.21)
        guards = sorted({c.id for u in units for c in captors(position, u)})
        ids = tuple(sorted(u.id for u in units))
        taken |= set(ids)
        offers.append(Decision(
            "units", position.enemy_of(units[0].side),
            T("{units} surrender: name the guard, or refuse (No Quarter)", units=", ".join(ids)),
            "A20.21", "surrender", units=tuple(guards), choices=("refuse",), subject=ids, target=h))
    kept = [d for d in routs if not set(d.subject) & taken]
    return kept, offers


def resume_surrender(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A20.21: the stack leaves its SW (A20.24) and goes to its guard as prisoners; refused, it is eliminated
    and its captor's side has refused quarter (A20.3). Either way a friendly SMC left in the Location may at
    once try to recover one of each unit's SW (A4.44, recnow.py)."""
    from hexmate.rules.games.asl import recnow

    state = position.state
    units = [state.units[u] for u in decision.subject if u in state.units]
    left = {unit.id: [sw.id for sw in au.possessed(state, unit.id)] for unit in units}
    for unit in units:
        for sw in au.possessed(state, unit.id):  # A20.24: left in the Location, unpossessed
            state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=unit.hex, level=unit.level))
    state = _surrendered(game, position, decision, answer, state, units)
    for unit in units:
        state = recnow.offer(position.at(state), unit, left[unit.id])
    return state


def _surrendered(game: AslGame, position: Position, decision: Decision, answer: act.Answer, state: State,
                 units: list[UnitState]) -> State:
    """The surrender accepted (the units the guard's prisoners, the excess Unarmed) or refused (A20.21)."""
    if answer.choice == "refuse":
        for unit in units:
            state = state.without_unit(unit.id)
        return _no_quarter(game, state, decision.side)
    guard = state.units[answer.units[0]]
    room = capacity(guard) - _load(position, guard)
    for unit in sorted(units, key=lambda u: (-au.us_number(u), u.id)):
        if au.us_number(unit) <= room:  # A20.51: as many as the guard may hold, the largest first
            room -= au.us_number(unit)
            state = state.with_unit(dataclasses.replace(_captive(unit), carrier=guard.id, hex=guard.hex))
        else:  # A20.21: the excess is released Unarmed where it stands
            state = state.with_unit(unit.revealed().mark(UNARMED, remove=("broken", "dm", "pinned", "cx")))
    return state


def _captive(unit: UnitState) -> UnitState:
    return unit.revealed().mark(PRISONER, remove=("broken", "dm", "pinned", "cx", "disrupted", "melee",
                                                  "rally_tried"))


def _no_quarter(game: AslGame, state: State, side: str) -> State:
    gs = game.gstate(state)
    if side in gs.no_quarter:
        return state
    return state.replace(game=gs.replace(no_quarter=(*gs.no_quarter, side)))


# --- guards: passing prisoners on (A20.5) and going with them (A20.53) ---


def check_transfer(game: AslGame, position: Position, transfer: act.Transfer) -> act.Transfer:
    prisoner = position.units[transfer.item]
    if not is_prisoner(prisoner):
        raise IllegalAction(T("{unit} is neither a support weapon nor a prisoner", unit=prisoner.id), "A20.5")
    guard = position.units.get(prisoner.carrier or "")
    to = position.units.get(transfer.to)
    if to is not None and is_prisoner(to):
        return _check_combine(position, prisoner, to)  # A20.51: two prisoner HS make one unarmed squad
    if guard is None or to is None:
        raise IllegalAction(T("{unit} has no guard to pass it on", unit=prisoner.id), "A20.5")
    if position.phase.id not in ("RPh", "APh") or to.side != position.to_act:
        raise IllegalAction(T("prisoners pass between guards in their side's RPh or APh"), "A20.5")
    if to.side != guard.side or to.hex != guard.hex or to.id == guard.id:
        raise IllegalAction(T("{unit} may pass only to another unit of its guard's Location",
                              unit=prisoner.id), "A20.5")
    if not armed(to) or to.type not in INFANTRY or guard.has("melee") or to.has("melee"):
        raise IllegalAction(T("{unit} is not an armed unit out of Melee: it may not guard", unit=to.id),
                            "A20.5")
    if _load(position, to) + au.us_number(prisoner) > capacity(to):
        raise IllegalAction(T("{unit} may guard prisoners of at most five times its US# ({n})", unit=to.id,
                              n=capacity(to)), "A20.51")
    return act.Transfer(prisoner.id, to.id)


def declare_transfer(game: AslGame, position: Position, transfer: act.Transfer) -> State:
    to = position.units[transfer.to]
    if is_prisoner(to):
        return _combine(position, position.units[transfer.item], to)
    return position.state.with_unit(dataclasses.replace(position.units[transfer.item], carrier=transfer.to))


def _squad_for(position: Position, half: UnitState) -> str | None:
    """The squad counter two prisoner HS (or crews) become (A20.51): their former abilities and class are
    lost, so any squad of the HS's nationality that reduces to it, else any squad of that nationality."""
    counters = position.scenario.counters
    nat = _nationality(position, half)
    squads = sorted(name for name, c in counters.items() if c.type == "squad"
                    and (c.values.get("nationality") or nat) == nat)
    exact = [name for name in squads if counters[name].values.get("reduces_to") == half.name]
    found = exact or squads
    return found[0] if found else None


def _check_combine(position: Position, one: UnitState, other: UnitState) -> act.Transfer:
    """A20.51: the captor may swap two prisoner HS or crews of one guard for one unarmed squad."""
    guard = position.units.get(one.carrier or "")
    if guard is None or other.carrier != guard.id or one.id == other.id:
        raise IllegalAction(T("{a} and {b} are not prisoners of one guard", a=one.id, b=other.id), "A20.51")
    if guard.side != position.to_act:
        raise IllegalAction(T("the captor swaps his prisoners' counters when he acts"), "A20.51")
    if one.type not in ("hs", "crew") or other.type not in ("hs", "crew"):
        raise IllegalAction(T("only two prisoner HS or crews make one unarmed squad"), "A20.51")
    if guard.has("melee"):
        raise IllegalAction(T("{unit} is in Melee with its prisoners", unit=guard.id), "A20.51")
    if _squad_for(position, other) is None:
        raise IllegalAction(T("no squad counter of {unit}'s nationality in this scenario", unit=other.id),
                            "A20.51")
    return act.Transfer(one.id, other.id)


def _combine(position: Position, one: UnitState, other: UnitState) -> State:
    """``other`` becomes the unarmed squad, still a prisoner of the same guard; ``one`` leaves the map."""
    name = _squad_for(position, other)
    assert name is not None
    squad = other.as_counter(position.scenario.counters[name])
    return position.state.without_unit(one.id).with_unit(squad)


def follow(state: State) -> State:
    """A20.53: prisoners go where their guard goes. A20.5: a guard gone hands them at once to another armed
    unit of his side in the Location able to take them (A20.51: within five times its US#); what no unit
    there can hold, or all of them with none there, is no longer guarded: unarmed, its owner's to move."""
    orphans: list[UnitState] = []
    for unit in list(state.units.values()):
        if not is_prisoner(unit):
            continue
        guard = state.units.get(unit.carrier or "")
        if guard is not None and armed(guard):
            if guard.hex != unit.hex:
                state = state.with_unit(unit.at(guard.hex) if guard.hex is not None else unit)
            continue
        orphans.append(unit)
    for unit in sorted(orphans, key=lambda u: (-au.us_number(u), u.id)):
        here = sorted((u for u in state.units.values() if u.hex == unit.hex and u.side != unit.side
                       and armed(u) and u.type in INFANTRY), key=lambda u: u.id)
        room = [u for u in here if sum(au.us_number(p) for p in state.units.values() if is_prisoner(p)
                                       and p.carrier == u.id) + au.us_number(unit) <= capacity(u)]
        if room:
            state = state.with_unit(dataclasses.replace(unit, carrier=room[0].id))
        else:
            freed = unit.mark(UNARMED, remove=(PRISONER,))
            state = state.with_unit(dataclasses.replace(freed, carrier=None))
    return state


def overloaded(position: Position, guard: UnitState) -> bool:
    """A20.52: a guard whose US# is lower than the total US# of his prisoners (his CC attacks on others are
    made at half FP)."""
    return _load(position, guard) > au.us_number(guard) if prisoners_of(position, guard.id) else False


# --- fire at a Location holding prisoners (A20.54) ---


def fired_on(position: Position, h: Hex, side: str) -> list[UnitState]:
    """A20.54: a fire at a Location holding prisoners affects them with their guard, as in a Melee: the
    prisoners there of the firing ``side`` (their own side's fire) are targets too."""
    return [u for u in position.units_at(h) if is_prisoner(u) and u.side == side]


def morale_outcome(unit: UnitState, outcome: str) -> str:
    """A20.54: a prisoner or unarmed unit failing an MC is Casualty Reduced instead of breaking; a prisoner
    is not pinned by it (only through its guard)."""
    if not is_prisoner(unit) and armed(unit):
        return outcome
    if outcome in ("break", "casualty"):
        return "reduce"
    if outcome == "pin" and is_prisoner(unit):
        return "pass"
    return outcome


def pin_with_guard(position: Position, state: State, guard: UnitState) -> State:
    """A20.54: prisoners are pinned when their guard is."""
    for unit in prisoners_of(position.at(state), guard.id):
        state = state.with_unit(unit.mark("pinned"))
    return state


def check_guard_fire(position: Position, fire: act.Fire) -> None:
    """A20.52: a guard whose US# is lower than his prisoners' total US# attacks nothing but them (except in
    CC), and uses no SW."""
    for uid in fire.firers:
        unit = position.units.get(uid)
        if unit is None:
            continue
        guard = position.units.get(unit.carrier or "") if unit.type == au.SW else unit
        if guard is None:
            continue
        held = _load(position, guard)
        if held > au.us_number(guard):
            raise IllegalAction(T("{unit} guards prisoners of more US# than its own: it fires at nothing but "
                                  "them, and uses no SW", unit=guard.id), "A20.52")


# --- massacre (A20.4) ---


def is_massacre(position: Position, fire: act.Fire) -> bool:
    """A fire at its own Location whose only enemies there are unarmed: a massacre (A20.4)."""
    firers = [position.units[u] for u in fire.firers if u in position.units]
    enemies = [u for u in position.units_at(fire.target) if firers and u.side != firers[0].side]
    return bool(firers and enemies) and all(f.hex == fire.target for f in firers) and all(
        not armed(e) for e in enemies)


def check_massacre(game: AslGame, position: Position, fire: act.Fire) -> act.Fire:
    if position.phase.id not in ("PFPh", "DFPh", "AFPh"):
        raise IllegalAction(T("a massacre is declared as a fire in a friendly fire phase"), "A20.4")
    for uid in fire.firers:
        unit = position.units[uid]
        if unit.side != position.to_act:
            raise IllegalAction(T("only the side acting now may fire"), "A20.4")
        nat = _nationality(position, unit)
        if not unit.has("berserk") and nat not in MASSACRE:
            raise IllegalAction(T("only SS, Japanese, Partisan, Russian or berserk units may massacre "
                                  "unarmed units"), "A20.4")
        if unit.has("melee") or not au.good_order(unit) or unit.type == au.SW:
            raise IllegalAction(T("{unit} may not massacre: it must be Good Order and out of Melee",
                                  unit=uid), "A20.4")
    return act.Fire(fire.firers, fire.target)


def massacre(game: AslGame, position: Position, fire: act.Fire) -> State:
    """A20.4: the unarmed units are eliminated; the enemy's ELR rises by one (once, at most 6); the massacring
    side has refused quarter (A20.3)."""
    state = position.state
    side = position.units[fire.firers[0]].side
    for unit in position.units_at(fire.target):
        if unit.side != side:
            state = state.without_unit(unit.id)
    gs = game.gstate(state)
    if side not in gs.massacred:
        state = state.replace(game=gs.replace(massacred=(*gs.massacred, side)))
    return _no_quarter(game, state, side)


def berserk_massacre(game: AslGame, position: Position) -> State:
    """A20.4: at the start of its fire phase a berserk unit in a Location with prisoners (guarded by it or
    not) eliminates them and is berserk no more; its side has massacred (the enemy's ELR +1, once) and refused
    quarter (A20.3)."""
    state = position.state
    side = position.phasing if position.phase.id in ("PFPh", "AFPh") else position.enemy_of(position.phasing)
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.side != side or not unit.has("berserk") or unit.hex is None or unit.id not in state.units:
            continue
        held = [p for p in state.units.values() if is_prisoner(p) and p.side != side and p.hex == unit.hex
                and p.level == unit.level]
        if not held:
            continue
        for p in held:
            state = state.without_unit(p.id)
        state = state.with_unit(state.units[unit.id].mark(remove=("berserk",)))
        gs = game.gstate(state)
        if side not in gs.massacred:
            state = state.replace(game=gs.replace(massacred=(*gs.massacred, side)))
        state = _no_quarter(game, state, side)
    return state


def status(game: AslGame, position: Position) -> list[str]:
    """The Now panel's prisoner lines (A20.1, A20.3, A20.4)."""
    out: list[str] = []
    gs = game.gstate(position.state)
    for side in position.sides:
        held = [u.id for u in position.units.values() if is_prisoner(u) and u.side != side]
        if held:
            out.append(T("{side} holds prisoners {units}: twice their VP if still guarded at the end (A20.1)",
                         side=side, units=", ".join(sorted(held))))
    for side in gs.no_quarter:
        out.append(T("{side} has refused quarter: its enemy no longer surrenders (A20.3)", side=side))
    for side in gs.massacred:
        out.append(T("{side} has massacred prisoners: its enemy's ELR is one higher (A20.4)", side=side))
    return out
