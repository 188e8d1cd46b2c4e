"""ASL A13.511: attacks on horse counters, read on the IFT's vehicle line (A7.308), and which counters they
hit.

- Every IFT attack at a Location with horses, ridden or not, is read for them on the vehicle line with the
  attack's DR, without cavalry's -2 (A13.5), without FFMO/FFNAM and without a TEM for infantry only; a
  thrown DC's two attacks too (``read``, from demolition.py), the thrower's own horses in the second.
- Final DR below the column's Kill number: horse counters are removed, as many as the column's highest KIA
  number (A7.308: one DR never hits more). With no more counters than that in the Location all go; with more,
  Random Selection (A.9) names them.
- Final DR equal to the Kill number: one horse counter suffers a casualty (a squad's counter becomes a HS's,
  a smaller one is removed); the others are unharmed. With more than one counter, Random Selection names it,
  and a tie names more than one (A.9: every unit tied for the highest dr is affected).
- Random Selection (A.9) is a dr for each counter, rolled by the horses' owner one counter at a time
  (``horse_pick``: the answer's dice, never a random source here); the highest dr is hit, all tied for it
  alike. Where the Kill result may hit only some of them (the KIA cap), the counters are taken from the
  highest dr down; a tie that would take more than the cap is rolled again among the tied counters for the
  places left (A.9 gives no rule for it: hexmate's choice, so A7.308's cap holds). The selection is made as
  the attack's DR is answered, before its checks, so every counter in the Location is in it, those whose
  riders then fail their MC and flee (A13.51) included, as A13.511 allows.
- The riders of a removed counter bail out (D6.24: a NMC) after their own checks from the attack.
- A squad's counter with a casualty: for each SMC riding along and each SW of the squad a dr says which HS
  counter it was on (1-3 the one kept, 4-6 the one lost: ``cav_seat``); the squad deploys and the HS of the
  lost counter bails out with them (``cav_bail``). The two HS are alike as they deploy, so the dr of each SMC
  and SW is the random choice of the HS that bails out.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import iift
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.cavalry import (
    MOUNTED,
    RIDES,
    along,
    counter_of,
    horses,
    is_horse,
    mounted,
    riders_of,
)
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

FF_RULES = ("A4.6", "A4.34", "A4.132")  # the FFMO/FFNAM lines of an attack (fire.py)
KILL, CASUALTY = "kill", "cas"  # what a Random Selection among horse counters is for
SEAT_LOST = "cav_seat_lost"  # A13.511: the SMC or SW was on the HS counter lost with the squad's casualty
SEAT_KEPT = (1, 2, 3)  # A13.511's random assignment: dr 1-3 the counter kept, 4-6 the one lost


def _horse_drm(resolution: Resolution) -> int | None:
    """The attack's DRM less FFMO/FFNAM (A13.511: horses get neither, nor cavalry's -2)."""
    drm = None
    ff = 0
    for line in resolution.lines:
        if getattr(line.label, "msgid", "") == "Final DR":
            drm = int(str(line.value).split()[1])
        elif line.rule in FF_RULES and str(line.value) == "-1":
            ff += 1
    return None if drm is None else drm + ff


def _smaller(position: Position, horse: UnitState) -> UnitState | None:
    """A13.511: a squad's horse counter hit becomes a HS's (the scenario's 2-horse counter); others go."""
    if horses(horse) != 3:
        return None
    counter = counter_of(position, 2)
    return None if counter is None else horse.as_counter(counter)


def _depth(before: State, state: State) -> int:
    """How much of the stack lies below the attack's own checks (which are answered first, A13.511)."""
    kept = 0
    while kept < min(len(before.decisions), len(state.decisions)) \
            and before.decisions[kept] == state.decisions[kept]:
        kept += 1
    return kept


def horse_line(position: Position, decision: Decision, answer: act.Answer, state: State) -> State:
    """A13.511: the attack read on the vehicle line for the horses in its Location; below the Kill number
    the counters go (up to the column's highest KIA number), equal to it one suffers a casualty; Random
    Selection asked where the result hits fewer counters than there are (or one of several)."""
    from hexmate.rules.games.asl.aftermath import column_of
    from hexmate.rules.games.asl.terrain import infantry_only_tem

    resolution = state.resolution
    target = decision.target
    if target is None or answer.dice is None or resolution is None:
        return state
    firer = position.units.get(decision.subject[0]) if decision.subject else None
    side = firer.side if firer is not None else position.phasing
    column = column_of(resolution)
    drm = _horse_drm(resolution)
    if not column or drm is None:
        return state
    return read(position, state, target, side, iift.ift_column(position, column),  # A7.308: IFT columns
                sum(answer.dice) + drm - infantry_only_tem(position, target))


def read(position: Position, state: State, target: Hex, side: str, column: int, final: int) -> State:
    """A13.511: the horses of ``target`` not ``side``'s (all of them when ``side`` is "") read on the vehicle
    line of the IFT ``column`` at the ``final`` DR (no -2, no FFMO/FFNAM, no infantry-only TEM): a thrown
    DC's attacks call it directly (demolition.py)."""
    from hexmate.rules.games.asl import unarmored

    resolution = state.resolution
    herd = sorted((u for u in state.units.values() if is_horse(u) and u.hex == target and u.side != side),
                  key=lambda u: u.id)
    if not herd or resolution is None:
        return state
    kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), int(column))
    most = unarmored.most_vehicles(position.charts.chart("ift"), int(column))
    ids = [h.id for h in herd]
    if final < kill:
        count, mode = most, KILL
        said = T("horses: Final DR {final}, Kill number {kill}: {horses} removed", final=final, kill=kill,
                 horses=", ".join(ids)) if len(ids) <= most else \
            T("horses: Final DR {final}, Kill number {kill}: {n} of {horses} removed, by Random Selection",
              final=final, kill=kill, n=most, horses=", ".join(ids))
    elif final == kill:
        count, mode = most, CASUALTY  # one, more on a tie (A13.511), never past A7.308's cap
        said = T("horses: Final DR {final}, Kill number {kill}: {horse} suffers a casualty", final=final,
                 kill=kill, horse=ids[0]) if len(ids) == 1 else \
            T("horses: Final DR {final}, Kill number {kill}: one of {horses} suffers a casualty (more on a "
              "tie), by Random Selection", final=final, kill=kill, horses=", ".join(ids))
    else:
        said = T("horses: Final DR {final}, Kill number {kill}: no effect", final=final, kill=kill)
        count, mode = 0, ""
    line = Line(T("Vehicle line"), said, "A13.511")
    state = state.replace(resolution=dataclasses.replace(resolution, lines=(*resolution.lines, line)))
    if not count:
        return state
    depth = _depth(position.state, state)
    if len(ids) > (count if mode == KILL else 1):  # A13.511, A.9: a dr for each counter, the owner's
        return state.push(_pick_decision(herd[0].side, ids, {}, (), count, mode, depth, target))
    return strike(position, state, ids if mode == KILL else [], ids if mode == CASUALTY else [], target,
                  depth)


def _pick_decision(side: str, pool: list[str], rolls: dict[str, int], picked: tuple[str, ...], count: int,
                   mode: str, depth: int, target: Hex) -> Decision:
    nxt = next(h for h in pool if h not in rolls)
    prompt = T("Random Selection among the horse counters {horses}: roll a dr for {horse} (A.9, A13.511)",
               horses=", ".join(pool), horse=nxt)
    args = {"pool": ",".join(pool), "rolls": ",".join(f"{h}:{n}" for h, n in rolls.items()),
            "picked": ",".join(picked), "count": str(count), "mode": mode, "depth": str(depth)}
    return Decision("roll", side, prompt, "A13.511", "horse_pick", dice="dr", subject=(nxt,), target=target,
                    args=tuple(sorted(args.items())))


def selection(rolls: dict[str, int], count: int, top_only: bool = False) -> tuple[list[str], list[str]]:
    """A.9: the counters hit by these drs, highest first, a tie hitting every counter tied; ``count`` is
    A7.308's cap (the column's highest KIA number), and a tie that would pass it is returned apart, to be
    rolled again for the places left. ``top_only``: only the highest dr hits (a casualty, A13.511: one
    counter, more on a tie). Returns (hit, tied to roll again).

    >>> selection({"h1": 3, "h2": 5, "h3": 5}, 2, top_only=True)
    (['h2', 'h3'], [])
    >>> selection({"h1": 6, "h2": 5, "h3": 5, "h4": 2}, 2)
    (['h1'], ['h2', 'h3'])
    """
    hit: list[str] = []
    for dr in sorted(set(rolls.values()), reverse=True):
        tied = sorted(h for h, n in rolls.items() if n == dr)
        if len(hit) + len(tied) > count:
            return hit, tied
        hit += tied
        if len(hit) == count or top_only:
            break
    return hit, []


def resume_pick(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A.9, A13.511: one more counter's dr; once all are rolled, the counters hit are worked out."""
    state = position.state
    pool = decision.arg("pool").split(",")
    rolls = {h: int(n) for h, _, n in (p.partition(":") for p in decision.arg("rolls").split(",") if p)}
    rolls[decision.subject[0]] = (answer.dice or (1,))[0]
    picked = tuple(p for p in decision.arg("picked").split(",") if p)
    count, mode, depth = int(decision.arg("count")), decision.arg("mode"), int(decision.arg("depth"))
    target = decision.target
    assert target is not None
    if len(rolls) < len(pool):
        return state.push(_pick_decision(decision.side, pool, rolls, picked, count, mode, depth, target))
    hit, again = selection(rolls, count, top_only=mode == CASUALTY)
    picked += tuple(hit)
    if again:  # hexmate: the tie beyond A7.308's cap rolled again for the places left
        return state.push(_pick_decision(decision.side, again, {}, picked, count - len(hit), mode, depth,
                                         target))
    chosen = [h for h in picked if h in state.units]
    return strike(position, state, chosen if mode == KILL else [], chosen if mode == CASUALTY else [], target,
                  depth)


def strike(position: Position, state: State, gone: list[str], reduced: list[str], target: Hex,
           depth: int) -> State:
    """A13.511: the counters in ``gone`` are removed and those in ``reduced`` suffer a casualty (a squad's
    counter becomes a HS's: the seats of its SMC and SW and the squad's deployment asked; a smaller one is
    removed). Everyone on a removed counter bails out (D6.24), the NMC below the attack's own checks, which
    lie above ``depth`` in the stack."""
    from hexmate.rules.games.asl import riders

    bail: list[UnitState] = []
    later: list[Decision] = []  # after the attack's own checks (A13.511)
    for hid in reduced:
        horse = state.units[hid]
        smaller = _smaller(position, horse)
        if smaller is None:
            gone = [*gone, hid]
            continue
        rider = state.units.get(horse.carrier or "")
        state = state.with_unit(smaller)
        if rider is None or not mounted(rider) or rider.type != "squad":
            continue
        later.append(Decision(
            "roll", rider.side, T("{unit}'s horse counter is now a HS's: the squad deploys and one HS "
                                  "bails out: roll its NMC (A13.511, D6.24)", unit=rider.id),
            "A13.511", "cav_bail", dice="DR", subject=(rider.id,), target=target))
        seats: list[Decision] = []  # A13.511: each SMC's and SW's HS counter, before the deployment
        for smc in along(state, horse):
            seats.append(Decision(
                "roll", smc.side, T("{unit} rode {horse} with {squad}: roll a dr for the HS counter it was "
                                    "on: 1-3 the one kept, 4-6 the one lost, its rider bailing out with the "
                                    "HS (A13.511)", unit=smc.id, horse=horse.id, squad=rider.id),
                "A13.511", "cav_seat", dice="dr", subject=(smc.id, rider.id), target=target))
        for sw in sorted((u for u in au.possessed(state, rider.id) if not is_horse(u)), key=lambda u: u.id):
            seats.append(Decision(
                "roll", sw.side, T("{sw}, {squad}'s, rode {horse}: roll a dr for the HS counter it was on: "
                                   "1-3 the one kept, 4-6 the one lost, going with the HS that bails out "
                                   "(A13.511)", sw=sw.id, horse=horse.id, squad=rider.id),
                "A13.511", "cav_seat", dice="dr", subject=(sw.id, rider.id), target=target))
        later[len(later) - 1:len(later) - 1] = list(reversed(seats))  # rolled first: the top is the end
    for hid in gone:
        if hid in state.units:
            bail += riders_of(state, state.units[hid])  # A13.32: everyone on it
            state = state.without_unit(hid)
    bail = [state.units[u.id].mark(remove=(MOUNTED, *(m for m in u.markers if m.startswith(RIDES))))
            for u in bail if u.id in state.units]
    if not bail and not later:
        return state
    for unit in bail:
        state = state.with_unit(unit)
    own = state.decisions[depth:]
    out = state.replace(decisions=state.decisions[:depth]).push(*later)
    if bail:
        out = riders.bail_out(position.at(out), bail, target, "A13.511")
    return out.replace(decisions=out.decisions + own)


def resume_seat(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A13.511: the SMC's or SW's dr: on 4-6 it was on the HS counter lost, and goes with the deploying HS
    that bails out."""
    unit = position.units.get(decision.subject[0])
    dr = (answer.dice or (0,))[0]
    if unit is None or dr in SEAT_KEPT:
        return position.state
    return position.state.with_unit(unit.mark(SEAT_LOST))


def _seats_lost(position: Position, state: State, second: str, target: Hex) -> State:
    """A13.511: the SW whose dr put them on the lost HS counter go with the HS that bailed out (D6.24: gone
    if it broke, else the SW's own dr); the SMC bail out too, their NMC after the HS's."""
    from hexmate.rules.games.asl import riders

    lost = sorted((u for u in state.units.values() if u.has(SEAT_LOST)), key=lambda u: u.id)
    people: list[UnitState] = []
    checks: list[Decision] = []
    hs = state.units.get(second)
    for unit in lost:
        if unit.type == au.SW:
            if hs is None or hs.has("broken"):
                state = state.without_unit(unit.id)
            else:
                state = state.with_unit(dataclasses.replace(unit, carrier=second).mark(remove=(SEAT_LOST,)))
                checks.append(riders.sw_check(state.units[unit.id], target))
            continue
        marks = tuple(m for m in unit.markers if m.startswith(RIDES))
        state = state.with_unit(unit.mark(remove=(SEAT_LOST, MOUNTED, *marks)))
        people.append(state.units[unit.id])
    state = state.push(*checks)
    if not people:
        return state
    return riders.bail_out(position.at(state), people, target, "A13.511")


def resume_bail(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A13.511: the squad whose horse counter became a HS's deploys (A1.31: its ``reduces_to``); the second
    HS bails out (D6.24) and takes the NMC rolled now. A squad gone, reduced or broken meanwhile does not."""
    from hexmate.rules.games.asl import guards, riders

    state = position.state
    squad = state.units.get(decision.subject[0])
    if squad is None or squad.type != "squad" or squad.has("broken") or decision.target is None \
            or str(squad.values.get("reduces_to", "")) not in position.scenario.counters:
        for unit in [u for u in state.units.values() if u.has(SEAT_LOST)]:  # no HS lost: all stay on
            state = state.with_unit(unit.mark(remove=(SEAT_LOST,)))
        return state
    state = guards.deploy(position, squad)
    second = state.units[guards.second_id(position.state, squad.id)]
    state = state.with_unit(dataclasses.replace(second, carrier=None).mark(remove=(MOUNTED,)))
    after = riders.bail_out(position.at(state), [state.units[second.id]], decision.target, "A13.511")
    nmc = after.decision
    assert nmc is not None
    done = game.resume_mc(position.at(after.pop()), nmc, answer)
    return _seats_lost(position, done, second.id, decision.target)


__all__ = ["CASUALTY", "KILL", "SEAT_LOST", "horse_line", "resume_bail", "resume_pick", "resume_seat",
           "selection", "strike"]
