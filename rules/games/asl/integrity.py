"""ASL Battlefield Integrity in play (A16, optional): the Casualty Tally, the Integrity Checks and the ELR
they cost or give back. The arithmetic is morale.py's (``integrity_*``); this module keeps the books as play
goes.

A scenario turns it on per side in ``options.integrity``: the side's starting MMC BPV as the Turn Record Chart
prints it in brackets (``{"rus": 400}``), or ``"oob"`` to add up the starting OB's MMC as a DYO scenario does
(A16.1; vehicle crews are not counters at the start, so they are not in it). Only the sides named use it: A16
may apply to one side alone. The side also needs its ELR (``options.elr``) and every MMC counter it fields a
whole-number ``bpv`` (checked on load: ``check``). A16's note that it is not for scenarios where both sides
start with 10 squad-equivalents or less is the players' choice: the rule is optional.

- A16.1: the Integrity Base is 10% (FRU) of that BPV (``morale.integrity_base``). The BPV of every MMC of the
  side eliminated or captured goes on its Casualty Tally (kept by the opponent; shown to both players on the
  Now panel, ``status``). When the tally reaches the base, the base is taken off it, one more Previous
  Integrity Loss counts and the side that suffered the losses makes its Integrity Check at once (``due``).
- A16.11 (``after_play``, comparing the units before and after each action): ignored: Replacement and
  Deployment (a squad that becomes HS while its second HS appears: ``ID.2``, or ``ID/2`` after an underscored
  squad's Replacement; a new unit of the side that is no squad's second HS makes the splits of that action
  unknown, and none of them counts), recombination (a HS gone while one of its side becomes a squad), refused
  or massacred prisoners (a prisoner that vanishes was counted when taken). A squad reduced to a HS adds the
  difference; a prisoner counts once, undoubled, at capture, and comes off again if it escapes (the prisoner
  marker going); a unit that left the map through the exits the game records is no casualty. Units that were
  not there at the start count too. A squad that fails a Casualty MC by more than its ELR becomes a
  lower-quality HS (A19.13): only the difference between the squad and its own HS (``reduces_to``) counts, the
  rest is the Replacement's (ignored).
- A16.12: MMC reinforcements raise the base by 10% (FRU) of their BPV as they enter the map (those of one
  Player Turn as one group, however many moves bring them); A16.3: the
  Player Turn they come, the side may try to regain ELR at once (-1 per 10%, FRU, the base rose by). The
  DRM is for the base's rise by the reinforcements, so the attempt waits until the last MMC due that Player
  Turn has come on (A2.5: each must come on that turn) and counts them all, not the first move's alone;
  when the last still due can no longer come on (its entry hexes barred by a Known enemy, A2.5), the wait
  ends with the action that barred it: the attempt is made then, counting those that came (``waited``).
  A16.3: armored reinforcements (an AFV of the scenario's reinforcements entering the map) give the same
  attempt, with no DRM of their own; one attempt a Player Turn, whatever brings it.
- A16.2: the check's DR with cases A (+1 a Previous Integrity Loss), B (+1 each for the enemy's Armor
  Superiority and air support), C (the best Good Order leader's modifier, an Armor Leader in an AFV on the map
  too, if revealed), D (-1 each for the side's own) and E (+1 with no Good Order leader); a final 12 or
  more lowers the side's ELR by one, never below 0. Cases B and D: superiority.py (Armor Superiority from the
  vehicle catalogue and the ordnance pack's To Kill rows; air support an SSR flag, ``options.air_support``).
  A16.21: at once, so the next MC reads the new ELR (aftermath.side_number subtracts ``elr_lost``).
- A16.3: a leader's Battle Hardening (A15.3: a better counter, or Fanatic) gives an attempt at once, when
  there is ELR or a loss to win back (``hardened``).
- A16.3: a check (or an attempt) whose DR with only its negative DRMs is 2 or less gives back one lost ELR
  level and wipes the case A losses, even with no ELR lost.

Not built: the regain attempts air support's arrival (chapter E) and an OBA Fire for Effect (chapter C) bring.

A fixed ELR is not the side's, so a loss here never lowers it (nations.elr): A25.12's 8-3-8 and the
other ``elr_fixed`` counters, a nationality's own (A25.24), and every underscored morale, always 5 (A1.23)
unless an SSR gives those units the side's ELR (A19.132: ``options.elr_ssr`` names the sides), which then
falls with the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, InvalidAction
from hexmate.rules.games.asl import armorldr, armour, prisoners, superiority
from hexmate.rules.games.asl import arrival as asl_arrival
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame
    from hexmate.rules.scenario import CounterType, Scenario

MMC = ("squad", "hs", "crew")
CHECK = "integrity_check"  # the continuation of the Integrity Check DR
REGAIN = "integrity_regain"  # the continuation of an ELR regain attempt (A16.3)
# one side's books: (side, Integrity Base, Casualty Tally, Previous Integrity Losses, ELR levels lost, the
# Player Turn of its last reinforcement regain attempt, the Player Turn of its last reinforcements and their
# BPV so far: A16.12 takes 10% FRU of all the MMC received together, not of each as it enters)
Books = tuple[str, int, int, int, int, str, str, int]


def _option(scenario: Scenario) -> Mapping[str, Any]:
    got = scenario.options.get("integrity", {})
    if not isinstance(got, Mapping):
        raise DataError(f"{scenario.name}: options.integrity must map each side to its starting MMC BPV "
                        "or \"oob\" (A16.1)")
    return got


def bpv(unit: UnitState) -> int:
    got = unit.values.get("bpv", 0)
    return got if isinstance(got, int) else 0


def check(scenario: Scenario) -> None:
    """On load: each side named is a side of the scenario with an ELR, its value a BPV or ``"oob"``, and every
    MMC counter it sets up has a whole-number ``bpv`` (A16.1); the air support flags and the To Kill rows
    Armor Superiority reads (A16.2, ``superiority.check``)."""
    superiority.check(scenario)
    table = _option(scenario)
    sides = {s.id for s in scenario.sides}
    elr = scenario.options.get("elr", {})
    for side, value in table.items():
        if side not in sides:
            raise DataError(f"{scenario.name}: options.integrity.{side} is not a side of the scenario")
        if not (value == "oob" or (isinstance(value, int) and value > 0)):
            raise DataError(f"{scenario.name}: options.integrity.{side} must be the bracketed MMC BPV (a "
                            "whole number above 0) or \"oob\" (A16.1)")
        if not isinstance(elr, Mapping) or not isinstance(elr.get(side), int):
            raise DataError(f"{scenario.name}: options.integrity.{side} needs options.elr.{side} (A16.2)")
        for setup in scenario.units:
            counter = scenario.counters[setup.counter]
            if setup.side == side and counter.type in MMC and not isinstance(counter.values.get("bpv"), int):
                raise DataError(f"{scenario.name}: counter {setup.counter!r} needs a whole-number bpv for "
                                f"Battlefield Integrity (A16.1)")


def initial(scenario: Scenario, off_map: frozenset[str] = frozenset()) -> tuple[Books, ...]:
    """A16.1: each side's Integrity Base at the start; ``off_map``: the reinforcements, not in a DYO sum."""
    out: list[Books] = []
    for side, value in sorted(_option(scenario).items()):
        total = value if isinstance(value, int) else sum(
            int(scenario.counters[s.counter].values.get("bpv", 0) or 0) for s in scenario.units
            if s.side == side and s.id not in off_map and scenario.counters[s.counter].type in MMC)
        out.append((side, am.integrity_base(total), 0, 0, 0, "", "", 0))
    return tuple(out)


def books(state: State, side: str) -> Books | None:
    for entry in getattr(state.game, "integrity", ()):
        if entry[0] == side:
            return entry  # type: ignore[no-any-return]
    return None


def elr_lost(state: State, side: str) -> int:
    """A16.21: the ELR levels the side has lost to Integrity Checks (and not regained)."""
    got = books(state, side)
    return got[4] if got is not None else 0


def _put(game: AslGame, state: State, entry: Books) -> State:
    gs = game.gstate(state)
    rest = tuple(b for b in gs.integrity if b[0] != entry[0])
    return state.replace(game=gs.replace(integrity=tuple(sorted((*rest, entry)))))


def _mmc(unit: UnitState) -> bool:
    return unit.type in MMC


def _own_hs(old: UnitState, new: UnitState, counters: Mapping[str, CounterType] | None) -> int:
    """A16.11, A19.13: the BPV of the HS a squad is reduced to: its own (``reduces_to``), so that a
    Casualty MC failed by more than the ELR (a lower-quality HS) counts only the casualty, not the
    Replacement."""
    half = old.values.get("reduces_to")
    if counters is not None and isinstance(half, str) and half in counters and half != new.counter.name:
        got = counters[half].values.get("bpv")
        if isinstance(got, int):
            return got
    return bpv(new)


def losses(before: Mapping[str, UnitState], after: Mapping[str, UnitState], side: str,
           exited: frozenset[str], arrivals: frozenset[str] = frozenset(),
           counters: Mapping[str, CounterType] | None = None) -> tuple[int, int]:
    """A16.11, A16.12: the BPV of the side's MMC lost (eliminated, captured, reduced; less an escape) and the
    BPV of its MMC reinforcements that entered the map, between two states. ``arrivals``: the scenario's
    reinforcements (a unit with no hex otherwise is a hidden one, A12.3, not one off the map); ``counters``:
    the scenario's, to find a squad's own HS (A19.13's Replacement is no loss)."""
    lost = 0
    came = 0
    new_ids = [uid for uid, u in after.items() if uid not in before and u.side == side]
    halved = [uid for uid, b in before.items() if b.side == side and b.type == "squad"
              and uid in after and after[uid].type == "hs"]

    def split(uid: str) -> bool:
        """Deployed (its second HS ``ID.2``, guards.second_id) or Replaced by two HS (``ID/2``, A19.13)."""
        return any(n.startswith((f"{uid}.", f"{uid}/")) for n in new_ids)

    # a unit appearing that is no squad's second HS: which squad split is unknown, so none counts
    unknown = any(not any(n.startswith((f"{h}.", f"{h}/")) for h in halved) for n in new_ids)
    merged = any(uid in after and b.side == side and b.type == "hs" and after[uid].type == "squad"
                 for uid, b in before.items())
    for uid, old in before.items():
        if old.side != side or not _mmc(old):
            continue
        new = after.get(uid)
        if new is None:
            if (old.hex is None and uid in arrivals) or uid in exited or prisoners.is_prisoner(old):
                continue  # off the map, gone by an exit, or a prisoner counted when taken (A16.11)
            if old.type == "hs" and merged:
                continue  # A1.32: combined into a squad, no loss
            lost += bpv(old)
            continue
        if old.hex is None and new.hex is not None:
            if uid in arrivals:
                came += bpv(new)  # A16.12: a reinforcement enters (a HIP unit revealed is none)
            continue
        if not prisoners.is_prisoner(old) and prisoners.is_prisoner(new):
            lost += bpv(old)  # A16.11: once, undoubled, when captured
        elif prisoners.is_prisoner(old) and not prisoners.is_prisoner(new):
            lost -= bpv(new)  # A16.11: an escape takes it off again
        elif old.type == "squad" and new.type == "hs" and not split(uid) and not unknown:
            lost += bpv(old) - _own_hs(old, new, counters)  # A16.11: reduced (not Deployed nor Replaced)
    return lost, came


def armour_came(before: Mapping[str, UnitState], after: Mapping[str, UnitState], side: str,
                arrivals: frozenset[str]) -> bool:
    """A16.3: an AFV of the side's reinforcements has entered the map (armored reinforcements)."""
    for uid, old in before.items():
        new = after.get(uid)
        if old.side == side and uid in arrivals and old.hex is None and new is not None \
                and new.hex is not None and armour.is_vehicle(new) and vehicle_of(new.values).armored:
            return True
    return False


def best_leader(position: Position, state: State, side: str) -> int | None:
    """A16.2 case C: the best Good Order leader's modifier on the map (an Armor Leader too); None if none."""
    mods = [au.leadership_of(u) for u in state.units.values()
            if u.side == side and u.type == "leader" and u.hex is not None and au.good_order(u)
            and not prisoners.is_prisoner(u)]
    for v in state.units.values():
        if v.side == side and v.hex is not None and armour.is_vehicle(v) and not v.has("wreck") \
                and not armorldr._hidden(v):  # D3.41: a hidden one stays secret
            led = armorldr.leader(v)
            if led is not None:
                mods.append(led[1])
    return min(mods) if mods else None


def hardened(before: Mapping[str, UnitState], after: Mapping[str, UnitState], side: str) -> bool:
    """A16.3: a leader of the side has just Battle Hardened (A15.3): a better counter, or Fanatic."""
    for uid, old in before.items():
        new = after.get(uid)
        if new is None or old.side != side or old.type != "leader" or new.type != "leader":
            continue
        if new.has("fanatic") and not old.has("fanatic"):
            return True
        if new.counter.name != old.counter.name and (
                au.leadership_of(new) < au.leadership_of(old)
                or au.morale_of(new.values, new.markers) > au.morale_of(old.values, old.markers)):
            return True
    return False


def _still_to_come(position: Position, side: str) -> bool:
    """A16.3 with A16.12, A2.5: an MMC of the side due this Player Turn may still come on (a unit held off the
    map at will, D16.8, is not waited for): the regain attempt waits for the last of them, so that its DRM
    counts the whole Player Turn's reinforcements, not the first move's."""
    return any(u.side == side and _mmc(u) and not u.has(asl_arrival.HELD)
               for u in asl_arrival.waiting(position))


def _turn(position: Position) -> str:
    return f"{position.turn}:{position.phasing}"


def after_play(game: AslGame, position: Position, state: State) -> State:
    """A16.1, A16.12: the books after one action: the BPV lost goes on the tally, a check for every base it
    reaches; reinforcements raise the base, with a regain attempt their Player Turn (A16.3)."""
    gs = game.gstate(state)
    if not gs.integrity:
        return state
    exited = frozenset(uid for uid, _ in gs.exited)
    arrivals = frozenset(asl_arrival.PLAN.arrivals(position.scenario))
    asks: list[Decision] = []
    for entry in gs.integrity:
        side, base, tally, lost_so_far, elr_lost_, tried, came_turn, came_bpv = entry
        lost, came = losses(position.state.units, state.units, side, exited, arrivals,
                            position.scenario.counters)
        tanks = armour_came(position.state.units, state.units, side, arrivals)
        if hardened(position.state.units, state.units, side) and (elr_lost_ or lost_so_far):
            asks.append(Decision(
                "roll", side, T("a {side} leader has Battle Hardened: roll the DR to regain ELR; 2 or less "
                                "with the negative DRMs regains one level (A16.3)", side=side),
                "A16.3", REGAIN, dice="DR", args=(("side", side), ("drm", "0"))))
        # A16.3: the attempt is the Player Turn's that received MMC; it waited for the last MMC due (for the
        # DRM) and is made as soon as none due can still come on, though that one never came (entry barred)
        waited = not came and not tanks and came_turn == _turn(position) and tried != _turn(position) \
            and bool(elr_lost_ or lost_so_far) and not _still_to_come(position.at(state), side)
        if not lost and not came and not tanks and not waited:
            continue
        drm = 0
        if came:  # A16.12: the Player Turn's reinforcements as one, 10% FRU of all their BPV
            so_far = came_bpv if came_turn == _turn(position) else 0
            base, drm = am.reinforced_base(base - am.integrity_base(so_far), so_far + came)
            came_turn, came_bpv = _turn(position), so_far + came
        tally, lost_so_far, checks = am.integrity_tally(max(0, tally + lost), base, lost_so_far)
        for n in range(checks):
            case_a = lost_so_far - checks + n + 1  # A16.2 case A: this loss counted with those before it
            asks.append(Decision(
                "roll", side, T("{side}'s Casualty Tally has reached its Integrity Base: roll the Integrity "
                                "Check DR; 12 or more lowers its ELR (A16.2)", side=side),
                "A16.2", CHECK, dice="DR", args=(("side", side), ("losses", str(case_a)))))
        if not came and came_turn == _turn(position):  # A16.3: the DRM is the whole Player Turn's group's
            drm = am.reinforced_base(base - am.integrity_base(came_bpv), came_bpv)[1]
        if (came or tanks or waited) and (elr_lost_ or lost_so_far) and tried != _turn(position) \
                and not checks and not _still_to_come(position.at(state), side):
            tried = _turn(position)  # A16.3: one attempt a Player Turn, by MMC or armored reinforcements
            asks.append(Decision(
                "roll", side, T("{side} received reinforcements: roll the DR to regain ELR; 2 or less with "
                                "the negative DRMs regains one level (A16.3)", side=side),
                "A16.3", REGAIN, dice="DR", args=(("side", side), ("drm", str(drm)))))
        state = _put(game, state, (side, base, tally, lost_so_far, elr_lost_, tried, came_turn, came_bpv))
    return state.push(*reversed(asks)) if asks else state


def _elr(position: Position, side: str) -> int:
    table = position.scenario.options.get("elr", {})
    return int(table.get(side, 0)) if isinstance(table, Mapping) else 0


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A16.2-A16.3: the Integrity Check (or a regain attempt, A16.3: only its negative DRMs) is rolled."""
    dice = answer.dice or ()
    if len(dice) != 2:
        raise InvalidAction(T("a DR is two dice of 1 to 6, got {dice}", dice=",".join(map(str, dice))))
    state = position.state
    side = decision.arg("side")
    entry = books(state, side)
    assert entry is not None
    _, base, tally, lost_so_far, lost_elr, tried, came_turn, came_bpv = entry
    regain = decision.then == REGAIN
    n = int(decision.arg("losses", "0")) if not regain else 0
    enemies = tuple(s.id for s in position.scenario.sides if s.id != side)
    case_b, case_d = superiority.cases(state, side, enemies, superiority.air_sides(position.scenario))
    drms = am.integrity_drm(n, best_leader=best_leader(position, state, side), case_b=case_b, case_d=case_d)
    if regain:
        drms = [d for d in drms if d[1] < 0]
        if int(decision.arg("drm", "0")):
            drms.append((T("MMC reinforcements, per 10% of the base"), int(decision.arg("drm")), "A16.3"))
    printed = _elr(position, side)
    now = max(0, printed - lost_elr)
    if regain:  # A16.3: only the negative DRMs, so no ELR is ever lost by it
        wiped = dice[0] + dice[1] + sum(d for _, d, _ in drms) <= 2
        new, left = (now + 1, lost_elr - 1) if wiped and lost_elr else (now, lost_elr)
    else:
        new, left, wiped = am.integrity_check(dice[0] + dice[1], drms, now, lost_elr)
    if wiped:
        lost_so_far = 0
    state = _put(game, state, (side, base, tally, lost_so_far, left, tried, came_turn, came_bpv))
    if new < now:
        said = T("{side}'s ELR falls to {elr}", side=side, elr=new)
    elif new > now:
        said = T("{side}'s ELR rises again to {elr}", side=side, elr=new)
    else:
        said = T("{side}'s ELR stays {elr}", side=side, elr=new)
    if wiped:
        said = T("{result}; the Integrity losses are wiped out", result=said)
    rule = "A16.3" if regain else "A16.2"
    working = ", ".join(f"{d:+d}" for _, d, _ in drms) or "0"
    lines = (Line(T("Casualty Tally / Integrity Base"), f"{tally} / {base}", "A16.1"),
             Line(T("ELR regain DR") if regain else T("Integrity Check DR"),
                  T("{white} white + {coloured} coloured, DRM {drm}", white=dice[0], coloured=dice[1],
                    drm=working), rule),
             *(Line(why, f"{d:+d}", r) for why, d, r in drms),
             Line(T("result"), said, "A16.21" if new < now else rule))
    summary = T("{side} Integrity Check: {result}", side=side, result=said) if not regain \
        else T("{side} ELR regain attempt: {result}", side=side, result=said)
    return state.replace(resolution=Resolution(act.Answer(dice=tuple(dice)), "integrity", "", False, lines,
                                               {}, summary))


def status(position: Position) -> list[str]:
    """The books for the Now panel, both sides' (A16.1: the tally is kept in the open)."""
    out: list[str] = []
    for side, base, tally, lost_so_far, lost_elr, *_ in getattr(position.state.game, "integrity", ()):
        now = max(0, _elr(position, side) - lost_elr)
        out.append(T("{side} Battlefield Integrity: Casualty Tally {tally} of base {base}, {n} Integrity "
                     "loss(es), ELR {elr} (A16)", side=side, tally=str(tally), base=str(base),
                     n=str(lost_so_far), elr=str(now)))
    return out
