"""ASL Armored Assault in platoon impulses (D14.33, D14.331, D14.333 with D9.31); impulse.py plays them.

What is built (paraphrasing the text, which is the truth):

- D14.33: Armored Assault combines with impulse movement only in a Human Wave (A25.23) or a platoon (D14.2);
  every unit involved then moves by impulses, the lone infantry stack covered by a platoon AFV too. Two
  impulses run side by side, the vehicles' and the infantry's: each is priced by D14.31 on its own (the most
  MP any AFV spent, the most MF any of the infantry spent), and either may cost nothing.
  ``move AFV,INF[,INF...] A-B as impulse``: the platoon AFV enters B as its one MP action of the impulse
  (impulse.py) and the infantry beneath it enter B with it as their one MF action (their own MF for the
  entry, A4.1; ``ISUM`` keeps what they spent this MPh, refused past their MF allowance, D14.31). The first
  such move makes them the platoon's Armored Assault infantry (aa.py's ``aa:`` marker, so the +1 TEM of D9.31
  stands for them in the AFV's Location: aa.covers): only infantry that began the MPh beneath that AFV and
  have not moved, the AFV having entered no hex yet this MPh (D9.31).
- D14.33 (and its example): at the impulse's end a firer's shots at the impulse's expenditures go against
  its 1st, 2nd... MP/MF (impulse.py: as many shots as the impulse's MP); each attacks only the units of
  either group that spent that many: a shot at the 2nd MP does not touch infantry that spent 1 MF
  (``targets``).
- D14.333: a platoon gives Armored Assault to one independent infantry stack only.
- D14.331: ``move INF[,INF...] HEX as impulse_part``: the infantry stop the Armored Assault (no MF); their
  MPh is suspended while the platoon finishes its own, then they go on alone with the MF they have left
  (mphsw's go-on markers). Infantry still with the platoon when its MPh ends end theirs too.
  ``move INF[,INF...] HEX as impulse_first``: the other order; they stop it and finish their MPh at once with
  the MF they have left (refused with none left), the whole platoon waiting (the exception: its AFVs keep
  moving together, so none goes on by itself); the platoon's next action ends their MPh. Either is declared
  between impulses. The AFV may leave them too: its entry without them stops the Armored Assault; until the
  next impulse's first action they may still choose to go first, else they wait for the platoon
  (``deserted``) and go on after it.

Not built (said in the report): HW units with a platoon AFV here (D14.332, D14.333: refused, naming the
rules; a wave with one AFV or a platoon is hwaa.py's), the Banzai Charge (G1.5, chapter G is not among the
texts), and infantry actions of an impulse other than entering with their AFV (they part first).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import aa, armour, carry, hw, mphsw
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

PART = "impulse_part"  # D14.331: the infantry stop the Armored Assault
FIRST = "impulse_first"  # D14.331: the infantry stop it and finish their MPh before the platoon
LEAD = "imp_aa_lead"  # parted, finishing their MPh while the platoon waits (D14.331)
WITH = "imp_aa"  # infantry in Armored Assault with a platoon moving by impulses (D14.33)
MF = "imp_mf"  # imp_mf<halves>: the MF they spent in the impulse now being made (D14.31, D14.33)
ISUM = "imp_mfsum"  # imp_mfsum<halves>: the MF their impulses have cost this MPh
OUT = "imp_aa_out"  # imp_aa_out<halves>: parted (D14.331), waiting with these MF left for the platoon
LAST = "imp_last"  # imp_last<halves>: what the impulse just ended cost the unit's group (D14.33's shots)


def _halves(unit: UnitState, prefix: str) -> Fraction | None:
    for m in unit.markers:
        if m.startswith(prefix) and m[len(prefix):].isdigit():
            return Fraction(int(m[len(prefix):]), 2)
    return None


def _marked(unit: UnitState, prefix: str, value: Fraction) -> UnitState:
    old = tuple(m for m in unit.markers if m.startswith(prefix) and m[len(prefix):].isdigit())
    return unit.mark(f"{prefix}{int(value * 2)}", remove=old)


def strip(unit: UnitState, *prefixes: str) -> UnitState:
    """The unit without its numbered markers of these kinds."""
    old = tuple(m for m in unit.markers if m.startswith(prefixes) and m[len(_kind(m, prefixes)):].isdigit())
    return unit.mark(remove=old)


def _kind(marker: str, prefixes: tuple[str, ...]) -> str:
    return max((p for p in prefixes if marker.startswith(p)), key=len)


def last(unit: UnitState) -> Fraction:
    """The MP (MF) the unit's group spent in the impulse just ended (D14.31, D14.33)."""
    return _halves(unit, LAST) or Fraction(0)


def infantry(position: Position | State, crew: list[str]) -> list[UnitState]:
    """The infantry (with their SW) in Armored Assault with the platoon of ``crew`` now (D14.33): one
    platoon moves at a time (D14.3), so those of its side."""
    units = position.units
    sides = {units[u].side for u in crew if u in units}
    return sorted((u for u in units.values() if (u.has(WITH) and u.side in sides)
                   or (u.type == "sw" and u.carrier is not None and u.carrier in units
                       and units[u.carrier].has(WITH) and units[u.carrier].side in sides)),
                  key=lambda u: u.id)


def people(units: list[UnitState]) -> list[UnitState]:
    return [u for u in units if u.type != "sw"]


def budget(position: Position, units: list[UnitState]) -> int:
    game = cast("AslGame", position.game)
    return int(game.group_budget(people(units), "", position.state, position=position))


def check_enter(position: Position, move: act.Move, afv: UnitState, crew: list[str]) -> Fraction:
    """D14.33, D14.333, D9.31: the infantry named after the platoon AFV enter its hex with it, as their one MF
    action of the impulse; their MF for it, checked."""
    units = [position.units[u] for u in move.units[1:] if u in position.units]
    if len(units) != len(move.units) - 1:
        raise IllegalAction(T("a unit of the Armored Assault is not on the map"), "D9.31")
    if any(armour.is_vehicle(u) for u in units):
        raise IllegalAction(T("one AFV acts at a time in an impulse: move AFV HEX as {mode}", mode=move.mode),
                            "D14.31")
    men = people(units)
    if not men:
        raise IllegalAction(T("Armored Assault needs infantry moving with {afv} (D9.31)", afv=afv.id),
                            "D9.31")
    aa.bar_wave(men)  # A13.62
    if hw.in_wave(men):  # D14.332: HW units with a platoon move in the wave's impulses (hwaa.py)
        raise IllegalAction(T("{units} are in a Human Wave: they move with the platoon AFV in the wave's "
                              "impulses, as HW units (D14.332, D14.333)",
                              units=", ".join(u.id for u in men)), "D14.332")
    engaged = infantry(position, crew)
    mine = {u.id for u in people(engaged)}
    for u in men:
        if u.side != afv.side or u.carrier is not None or u.hex != afv.hex or u.level != afv.level:
            raise IllegalAction(T("{unit} is not beneath {afv}: Armored Assault begins in the AFV's "
                                  "Location (D9.31)", unit=u.id, afv=afv.id), "D9.31")
        if u.id in mine:
            if aa.partner(u) != afv.id:
                raise IllegalAction(T("{unit} is in Armored Assault with {afv}, not this AFV (D9.31)",
                                      unit=u.id, afv=aa.partner(u) or "-"), "D9.31")
            if _halves(u, MF) is not None:
                raise IllegalAction(T("{unit} has made its one MF action in this impulse (D14.31): declare "
                                      "the impulse's end", unit=u.id), "D14.31")
            continue
        if mine:  # D14.333: one independent infantry stack for the whole platoon
            raise IllegalAction(T("the platoon gives Armored Assault to one infantry stack only: {units} "
                                  "(D14.333)", units=", ".join(sorted(mine))), "D14.333")
        if u.id in position.state.moved or _halves(u, OUT) is not None or afv.has("entered"):
            raise IllegalAction(T("{unit} has already moved this MPh: Armored Assault is by infantry that "
                                  "begin their MPh beneath the AFV (D9.31)", unit=u.id), "D9.31")
        game = cast("AslGame", position.game)
        why = game.can_move(position, u)
        if why is not None:
            raise IllegalAction(why, "A4.1")
    if mine and mine != {u.id for u in men}:
        raise IllegalAction(T("the platoon's Armored Assault infantry move as one stack: {units} (D14.333)",
                              units=", ".join(sorted(mine))), "D14.333")
    assert afv.hex is not None
    if any(e.side != afv.side and e.type != "sw" for e in position.units_at(move.path[1])):
        raise IllegalAction(T("infantry do not enter an enemy Location in their MPh: the AFV overruns {hex} "
                              "alone (A4.14)", hex=position.label(move.path[1])), "A4.14")
    step = asl_terrain.infantry_cost_fn(position)(position.map, afv.hex, move.path[1])
    if step is None:
        raise IllegalAction(T("{afv} may go no farther than its infantry could: they may not enter {hex} "
                              "(D9.31)", afv=afv.id, hex=position.label(move.path[1])), "D9.31")
    cost = Fraction(step)
    done = max((_halves(u, ISUM) or Fraction(0) for u in men), default=Fraction(0))
    now = max([cost, *(_halves(u, MF) or Fraction(0) for u in people(engaged))])
    mf = budget(position, units)
    if done + now > mf:
        raise IllegalAction(T("the infantry have {left} MF left: not enough for {cost} MF in this impulse "
                              "(D14.31, D14.33)", left=str(mf - done), cost=str(now)), "D14.33")
    return cost


def entered(position: Position, state: State, move: act.Move, cost: Fraction) -> State:
    """D14.33: the infantry (and the SW they carry) go with the AFV into its new hex, their MF noted."""
    afv = move.units[0]
    to = move.path[1]
    ids = list(move.units[1:])
    carried = carry.with_carried(state, sorted((state.units[u] for u in ids if state.units[u].type != "sw"),
                                               key=lambda u: u.id))
    for uid in carried:
        unit = state.units[uid]
        if unit.type == "sw":
            state = state.with_unit(unit.at(to))
            continue
        unit = unit.at(to).mark(WITH, aa.marker(afv), "entered")
        state = state.with_unit(_marked(unit, MF, cost))
    return state


def end_impulse(state: State, crew: list[str]) -> State:
    """D14.31, D14.33: the infantry's impulse costs each of them the most MF any spent in it (maybe none)."""
    men = people(infantry(state, crew))
    cost = max((_halves(u, MF) or Fraction(0) for u in men), default=Fraction(0))
    for u in men:
        unit = strip(u, MF)
        unit = _marked(_marked(unit, ISUM, (_halves(u, ISUM) or Fraction(0)) + cost), LAST, cost)
        state = state.with_unit(unit)
    return state


def targets(state: State, subject: tuple[str, ...], shot: int) -> tuple[str, ...]:
    """D14.33 (example): the ``shot``-th shot of a firer in the impulse is at its ``shot``-th MP/MF: it
    attacks only the units of the window whose group spent that many."""
    return tuple(u for u in subject if u in state.units and last(state.units[u]) >= shot)


def check_part(position: Position, move: act.Move, crew: list[str]) -> act.Move:
    """D14.331: the Armored Assault infantry stop it, between their MF actions."""
    engaged = {u.id for u in people(infantry(position, crew))}
    named = set(move.units)
    if not engaged or not named <= engaged or named != engaged:
        raise IllegalAction(T("name the platoon's Armored Assault infantry: {units}",
                              units=", ".join(sorted(engaged)) or "-"), "D14.331")
    if any(_halves(position.units[u], MF) is not None for u in named):
        raise IllegalAction(T("an impulse is being made: declare its end first"), "D14.31")
    if move.mode == FIRST and _left(position, infantry(position, crew)) <= 0:
        raise IllegalAction(T("{units} have no MF left: there is no MPh of theirs to finish before the "
                              "platoon's; they part (impulse_part) or stay with their AFV (D14.331, A4.1)",
                              units=", ".join(sorted(named))), "D14.331")
    return act.Move(move.units, move.path, None, move.mode)


def _left(position: Position, units: list[UnitState]) -> Fraction:
    """The MF the Armored Assault infantry have left this MPh: their allowance less what their impulses have
    cost them (D14.31, D14.33)."""
    return budget(position, units) - max((_halves(u, ISUM) or Fraction(0) for u in people(units)),
                                         default=Fraction(0))


def go_first(position: Position, move: act.Move, crew: list[str]) -> State:
    """D14.331, the other order: they finish their MPh now, with the MF they have left (some: none left,
    ``check_part`` refuses it), the whole platoon waiting (its AFVs go on together after, the exception); its
    next action ends their MPh (``resume``)."""
    units = infantry(position, crew)
    left = _left(position, units)
    state = position.state
    for u in people(units):
        bare = strip(u, MF, ISUM, LAST, OUT)  # (the numbered markers)
        state = state.with_unit(bare.mark(LEAD, remove=(WITH,)))
    ids = [u.id for u in units]
    state = state.replace(moved=(*state.moved, *(x for x in ids if x not in state.moved)))
    state = mphsw.after_move(state, [u.id for u in people(units)], max(left, Fraction(0)))
    for u in people(units):
        state = state.with_unit(state.units[u.id].mark(mphsw.PAUSE))
    return state


def leaders(position: Position | State) -> list[str]:
    """The parted infantry finishing their MPh while the platoon waits (D14.331)."""
    return sorted(u.id for u in position.units.values() if u.has(LEAD))


def resume(state: State) -> State:
    """D14.331: the platoon moves again, so the infantry that went first have finished their MPh."""
    for uid in leaders(state):
        unit = state.units[uid]
        old = tuple(m for m in unit.markers if m.startswith(mphsw.LEFT))
        state = state.with_unit(unit.mark(remove=(LEAD, mphsw.PAUSE, *old)))
    return state


def deserted(position: Position, crew: list[str]) -> State:
    """D14.331: their AFV has entered a Location without them, so it has stopped the Armored Assault: between
    impulses they might still have chosen to go first (``impulse_first``); at the platoon's next action they
    wait, their MPh suspended, as if they had parted."""
    men = people(infantry(position, crew))
    units = position.units
    away = [u for u in men if (afv := units.get(aa.partner(u) or "")) is not None
            and (afv.hex, afv.level) != (u.hex, u.level)]
    if men and len(away) == len(men):
        return part(position, act.Move(tuple(u.id for u in men), (), None, PART), crew)
    return position.state


def orphans(position: Position, crew: list[str]) -> State:
    """D14.331: infantry whose AFV has left the platoon (destroyed, D14.22) stop the Armored Assault with it
    and wait, as if parted, until the platoon is done."""
    men = people(infantry(position, crew))
    if men and all(aa.partner(u) not in crew for u in men):
        return part(position, act.Move(tuple(u.id for u in men), (), None, PART), crew)
    return position.state


def part(position: Position, move: act.Move, crew: list[str]) -> State:
    """D14.331: they wait, their MPh suspended, with the MF they have left, until the platoon is done."""
    state = position.state
    units = infantry(position, crew)
    left = budget(position, units) - max((_halves(u, ISUM) or Fraction(0) for u in people(units)),
                                         default=Fraction(0))
    for u in people(units):
        unit = strip(u, ISUM, LAST)
        unit = unit.mark(remove=(WITH,))
        state = state.with_unit(_marked(unit, OUT, max(left, Fraction(0))))
    return state


def release(position: Position, crew: list[str]) -> State:
    """D14.22 with D14.331: the last AFV left moves on freely, no more by impulses: its infantry stop the
    Armored Assault and go on alone with the MF they have left."""
    men = people(infantry(position, crew))
    state = position.state
    if men:
        state = part(position, act.Move(tuple(u.id for u in men), (), None, PART), crew)
    return finish(state, crew)


def finish(state: State, crew: list[str]) -> State:
    """The platoon's MPh is over: infantry still with it end theirs; parted ones go on alone (D14.331)."""
    men = people(infantry(state, crew))
    for u in men:
        unit = strip(u, MF, ISUM, LAST)
        unit = unit.mark(remove=(WITH,))
        state = state.with_unit(unit)
    state = state.replace(moved=(*state.moved, *(u.id for u in men if u.id not in state.moved)))
    state = resume(state)
    sides = {state.units[u].side for u in crew if u in state.units}
    waiting = sorted((u for u in state.units.values() if _halves(u, OUT) is not None and u.side in sides),
                     key=lambda u: u.id)
    left = min((_halves(u, OUT) or Fraction(0) for u in waiting), default=Fraction(0))
    for u in waiting:
        state = state.with_unit(strip(u, OUT))
        ids = [u.id, *(s.id for s in state.units.values() if s.type == "sw" and s.carrier == u.id)]
        state = state.replace(moved=(*state.moved, *(x for x in ids if x not in state.moved)))
    if waiting and left > 0:  # A4.2: the stack goes on as one, with the MF it has left
        state = mphsw.after_move(state, [u.id for u in waiting], left)
        for u in waiting:
            state = state.with_unit(state.units[u.id].mark(mphsw.PAUSE))
    return state


__all__ = [
    "FIRST",
    "LAST",
    "LEAD",
    "PART",
    "check_enter",
    "check_part",
    "deserted",
    "end_impulse",
    "entered",
    "finish",
    "go_first",
    "infantry",
    "last",
    "leaders",
    "orphans",
    "part",
    "release",
    "resume",
    "strip",
    "targets",
]
