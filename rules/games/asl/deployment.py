"""ASL A1.31 Deployment of a squad into two HS in its Rally Phase, and the leader rules that A1.32's
Recombination shares with it (carriers.py combines the HS; its leader test is here).

At the table: ``activate SQUAD for deploy`` (the best Good Order leader of its Location directs it) or
``activate SQUAD,LEADER for deploy`` (that leader), by the phasing side in its RPh; then the NTC's DR; on a
pass the squad's counter becomes two HS of its ``reduces_to`` counter (the first keeps its id, the second is
``ID.2``), and its owner names the SW the second HS takes (``answer units ...`` or ``none``).

- A1.31: a Good Order squad with a Good Order leader in its Location; the attempt is an NTC with the leader's
  modifier. A leader directs one attempt a RPh, a squad makes one; whatever the DR, both have had their RPh
  action (rphase.TRIED, A3.1: a squad that rallied does not deploy in that RPh either).
- A1.31 exceptions needing no leader: Finns (A25.71: without a leader a 1TC instead of the NTC), guards
  (A20.5: guards.py, at any time and with no roll), a squad formed from a carrier's HS (D6.82: carriers.py
  in its MPh to board; in its RPh as here, leaderless), Unarmed units (A20.5) and the US Marines' 7-6-8
  (counter ``marine``, or an American 7-6-8).
- A1.31: what the squad held is shared freely between the two HS (no portage test: A1.31 says freely).
- A25.2: Russian squads never deploy here (guards, A20.5, do; A21.22 is vcapture's); A25.61 and A25.931:
  only Elite Italian and Ethiopian squads deploy.
- A12.141: deploying or combining in the LOS of a Good Order enemy ground unit costs the "?".
- A1.32 (carriers.check_combine): the leader's combination is one RPh action, but he combines every pair of
  like HS in his Location (``COMBINER``); Finns, guards, Unarmed units and a carrier's HS need none; a
  Fanatic HS with another makes a squad that is not Fanatic.

- A2.52: a squad waiting off the map may try to deploy in its RPh only stacked with a leader: both set up on
  the same off-board hex (offboard.py) first; no leaderless exception off the map (A2.52 names the leader).
  Its second HS stays on that hex and comes on as the squad was due (``arrival.AS``).

- A2.9's free deployment of 10% (FRU) of the squads before set-up: setuplimits.py (``deploy`` here, with
  no NTC).

Not built: A1.3's choice between two squad types reducing to one HS (the scenario's first is taken).

Audit of A1-A5 against the text (this session's, short; the report has the rule-by-rule table):

=============  ==============================================================================================
A1.1-A1.25     counter data (units.py: type, class, US#, broken side, underscored morale A1.23 -> A19.13)
A1.123         crews self-rally: nations.self_rallies (now for every crew)
A1.31, A1.32   here and carriers.check_combine (built now); guards.py (A20.5); A1.5: SSR/DYO (chapter H)
A2.2-A2.4      map data (rules/terrain.py, hexside costs and TEM summed by the terrain table)
A2.3           half hexes play as whole hexes; joined Open Ground and other terrain halves are the other
               terrain (rules/maps). Its set-up, entry and victory clauses for "anywhere on board X" have
               nothing to act on: scenarios name hexes, not boards
A2.5-A2.52     arrival.py, offboard.py, ventry.py (``options.entry``); A2.52's Deployment off the map here
A2.6, A2.8     built: ``move ... as exit`` in the MPh (game.py; in the APh: built now), Locations and
               levels (stairs.py, floc.py)
A2.7x          not built: overlays are chapter B / SSR map data. A2.71 (cutting them out) and A2.72 (their
               "1"/"2" marks, gluing) are artwork; A2.73 (SSR placement, the "o" label) and A2.74 (only the
               top overlay's hexsides count, stray bits Open Ground) are for a map file to apply; A2.75
               names overlays of boards 25 and 34-37, not among the texts' maps
A2.9           setuplimits.py: no overstack, no unenterable hex, checked when a scenario file is loaded
               (tests' mid-game positions are built without a file); the 10% free deployment (built)
A3.1-A3.9      sequence.json and the phase hooks of game.py
A4.1-A4.63     built (game.py movement, bypass.py, portage.py, dash.py, oppfire.py ...)
A4.7, A4.71    built (game.check_advance, advpaatc.py); a TI unit may not advance: built now
A4.72          built; no advance at all with no MF left after portage: built now
A4.8           TI: no move, fire (game.py), no advance and the CC DRMs +1 / -1 (cc.py): built now
A5.1-A5.12     built (game.overstack_mf, fire.py, cc.py, vmgfire.py); built now: A5.11's +1 MP a vehicle
               pays per squad-equivalent over (armour.py), A5.12's +1 on a gun's To Hit DR (vfire.py)
A5.13, A5.131  built; in the MPh no -1 at units that are not moving (vmgfire.py) and PRC counting for no
               Location's stacking (fire.py, A5.3): built now
A5.132         built now: vstackhit.py
A5.5           built (game.squad_equivalents) but for a crew manning a Gun (Guns are chapter C)
A5.6           not built: pillboxes, foxholes, tunnels are chapter B terrain
=============  ==============================================================================================
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import arrival, concealment, nations, offboard, prisoners
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.carriers import CARRIER_HS, CARRIER_SQUAD
from hexmate.rules.games.asl.guards import second_id
from hexmate.rules.games.asl.rphase import TRIED
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

MODE = "deploy"  # ``activate SQUAD[,LEADER] for deploy`` (guards.py and carriers.py share the word)
COMBINER = "combiner"  # A1.32: a leader whose RPh action is combining HS: he combines every pair there
COMBINED = "combined"  # A1.32: a squad just combined (its RPh action, made at the start of the RPh)
PHASE_END = (COMBINER, COMBINED)
NO_DEPLOY = frozenset({"russian"})  # A25.2 (A20.5's guards and A21.22 excepted, elsewhere)
ELITE_ONLY = frozenset({"italian", "ethiopian"})  # A25.61, A25.931: only their Elite squads deploy
LEADERLESS = frozenset({"finnish"})  # A1.31, A1.32, A25.71


def claims(position: Position, action: object) -> bool:
    """``activate SQUAD... for deploy`` in the RPh by a squad that is neither a prisoner nor a guard (guards
    deploy at any time, guards.py)."""
    if not isinstance(action, act.Activate) or action.mode != MODE or not action.units:
        return False
    if position.phase.id != "RPh":
        return False
    unit = position.units.get(action.units[0])
    return unit is not None and unit.type == "squad" and not prisoners.is_prisoner(unit) \
        and not prisoners.prisoners_of(position, unit.id)


def nationality(position: Position, unit: UnitState) -> str:
    return nations.of(position, unit).name


def _marine(position: Position, unit: UnitState) -> bool:
    """A1.31: the US Marines' 7-6-8 deploys without a leader."""
    v = unit.values
    return bool(v.get("marine")) or (nationality(position, unit) == "american"
                                     and (v.get("fp"), v.get("range"), v.get("morale")) == (7, 6, 8))


def leaderless(position: Position, unit: UnitState) -> bool:
    """A1.31, A1.32: Finns, Unarmed units, a carrier's HS (or the squad they formed) and the Marines' 7-6-8
    need no leader (guards neither: guards.py)."""
    return nationality(position, unit) in LEADERLESS or unit.has(prisoners.UNARMED) \
        or unit.has(CARRIER_HS) or unit.has(CARRIER_SQUAD) or _marine(position, unit)


def leaders(position: Position, unit: UnitState) -> list[UnitState]:
    """The Good Order friendly leaders in the unit's Location who have not had their RPh action, best
    modifier first (on the ground, or riding a motorcycle there, D15.44)."""
    from hexmate.rules.games.asl import cyclesplit

    if unit.hex is None:  # A2.52: off the map, stacked on the same off-board set-up hex
        spot = offboard.set_up_at(unit)
        found = [u for u in position.units.values()
                 if u.type == "leader" and u.side == unit.side and u.hex is None and u.carrier is None
                 and spot is not None and offboard.set_up_at(u) == spot and au.can_direct(u)
                 and not u.has(TRIED)]
        return sorted(found, key=lambda u: (au.leadership_of(u), u.id))
    found = [u for u in position.units.values()
             if u.type == "leader" and u.side == unit.side
             and (u.carrier is None or cyclesplit.ridden(position.state, u) is not None)
             and (u.hex, u.level) == (unit.hex, unit.level) and au.can_direct(u) and not u.has(TRIED)]
    return sorted(found, key=lambda u: (au.leadership_of(u), u.id))


def check(position: Position, action: act.Activate) -> act.Activate:
    """A1.31: who may try to deploy, with which leader; the action comes back with the leader named (or
    none)."""
    if len(action.units) > 2 or any(u not in position.units for u in action.units):
        raise IllegalAction(T("name the squad, and the leader if you wish: activate SQUAD,LEADER for deploy"),
                            "A1.31")
    squad = position.units[action.units[0]]
    if squad.side != position.phasing or squad.side != position.to_act:
        raise IllegalAction(T("a squad deploys in its own side's Rally Phase"), "A1.31")
    from hexmate.rules.games.asl import cyclesplit

    riding = cyclesplit.ridden(position.state, squad)  # D15.44: a squad on a cycle counter deploys on it
    off = squad.carrier is None and arrival.off_board(position, squad)
    if off and offboard.set_up_at(squad) is None:
        raise IllegalAction(T("{unit} is off the map: it may try to deploy only stacked with a leader, both "
                              "set up on the same off-board hex first (A2.52)", unit=squad.id), "A2.52")
    if (squad.carrier is not None and riding is None) or (squad.hex is None and not off):  # hexmate's choice
        raise IllegalAction(T("{unit} is aboard a vehicle: hexmate deploys squads on the ground only",
                              unit=squad.id), "A1.31")
    if not au.good_order(squad):
        raise IllegalAction(T("{unit} is not in Good Order: only a Good Order squad deploys", unit=squad.id),
                            "A1.31")
    if squad.has(TRIED):
        raise IllegalAction(T("{unit} has already had its one Rally Phase action", unit=squad.id), "A3.1")
    nat = nationality(position, squad)
    if nat in NO_DEPLOY:
        raise IllegalAction(T("{unit}: Russian squads do not deploy (only a guard does)", unit=squad.id),
                            "A25.2")
    if nat in ELITE_ONLY and au.unit_class(squad.values) != "elite":
        raise IllegalAction(T("{unit}: only Elite squads of this nationality deploy", unit=squad.id),
                            "A25.931" if nat == "ethiopian" else "A25.61")
    half = squad.values.get("reduces_to")
    if not isinstance(half, str) or half not in position.scenario.counters:
        raise IllegalAction(T("the scenario has no HS counter that {unit} deploys into", unit=squad.id),
                            "A1.31")
    able = leaders(position, squad)
    cyclesplit.check_deploy(position, squad)  # D15.44: its counter has a HS side
    from hexmate.rules.games.asl import horsesplit

    horsesplit.check_deploy(position, squad)  # A13.32: its horse counter splits into two HS counters
    if len(action.units) == 2:
        named = position.units[action.units[1]]
        if named.id not in {u.id for u in able}:
            raise IllegalAction(T("{leader} is not a Good Order friendly leader in {unit}'s Location who has "
                                  "not yet had his Rally Phase action", leader=named.id, unit=squad.id),
                                "A1.31")
        return action
    if able:
        return act.Activate((squad.id, able[0].id), MODE)
    if off:
        raise IllegalAction(T("{unit} is off the map: it deploys only with a leader set up on its off-board "
                              "hex who has not yet had his Rally Phase action (A2.52)", unit=squad.id),
                            "A2.52")
    if leaderless(position, squad):
        return act.Activate((squad.id,), MODE)
    raise IllegalAction(T("{unit} deploys only with a Good Order leader in its Location who has not yet had "
                          "his Rally Phase action (one deployment a leader)", unit=squad.id), "A1.31")


def declare(position: Position, action: act.Activate) -> State:
    """The attempt is made: squad and leader have had their RPh action whatever comes (A1.31); the NTC's DR
    is asked."""
    state = position.state
    squad = state.units[action.units[0]]
    leader = state.units[action.units[1]] if len(action.units) == 2 else None
    state = state.with_unit(squad.mark(TRIED))
    if leader is not None:
        state = state.with_unit(leader.mark(TRIED))
    state = concealment.acted(position, state, list(action.units))  # A12.141
    n = 1 if leader is None and nationality(position, squad) in LEADERLESS else 0  # A25.71: 1TC
    drm = au.leadership_of(leader) if leader is not None else 0
    if n:
        prompt = T("{unit} takes a 1TC to deploy without a leader (A25.71)", unit=squad.id)
    elif leader is not None:
        prompt = T("{unit} takes an NTC to deploy, {leader}'s {drm:+d} applying (A1.31)", unit=squad.id,
                   leader=leader.id, drm=drm)
    else:
        prompt = T("{unit} takes an NTC to deploy (A1.31)", unit=squad.id)
    return state.push(Decision("roll", squad.side, prompt, "A1.31", "deploy_ntc", dice="DR",
                               subject=(squad.id,), args=(("n", str(n)), ("drm", str(drm)))))


def resume_ntc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A1.31: passed, the squad becomes two HS; its SW are then shared (the owner names the second HS's)."""
    state = position.state
    squad = state.units.get(decision.subject[0])
    dice = answer.dice or (0, 0)
    if squad is None or not am.task_check(squad, (dice[0], dice[1]), n=int(decision.arg("n") or 0),
                                          drm=int(decision.arg("drm") or 0)):
        return state
    return deploy(position, squad)


def deploy(position: Position, squad: UnitState) -> State:
    """The squad's counter becomes its HS, and a second HS joins it with the same state (A1.31)."""
    state = position.state
    half = position.scenario.counters[str(squad.values["reduces_to"])]
    one = squad.as_counter(half).mark(*((CARRIER_HS,) if squad.has(CARRIER_SQUAD) else ()),
                                      remove=(CARRIER_SQUAD,))
    two = dataclasses.replace(one, id=second_id(state, squad.id))
    if squad.hex is None and arrival.off_board(position, squad):  # A2.52, A2.9: it comes on as its squad
        two = two.mark(arrival.AS + arrival.plan_id(squad))
    state = state.with_unit(one).with_unit(two)
    from hexmate.rules.games.asl import cyclesplit

    state, cycle = cyclesplit.deployed(position, state, one.id, two.id)  # D15.44: each HS on its own counter
    from hexmate.rules.games.asl import horsesplit

    state, horse = horsesplit.deployed(position, state, one.id, two.id)  # A13.32: each HS on its own horses
    held = sorted(u.id for u in au.possessed(state, squad.id) if u.id not in (cycle, horse))
    if not held:
        return state
    return state.push(Decision(
        "units", squad.side,
        T("{unit} has deployed: name what {other} takes of its weapons, or none", unit=squad.id,
          other=two.id),
        "A1.31", "deploy_split", units=tuple(held), choices=("none",), count=0, subject=(one.id, two.id),
        target=squad.hex))


def resume_split(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A1.31: the named possessions go to the second HS, the rest stay with the first."""
    state = position.state
    two = decision.subject[1]
    for uid in answer.units:
        if uid in decision.units and uid in state.units:
            state = state.with_unit(dataclasses.replace(state.units[uid], carrier=two))
    return state


def generate(position: Position, off_map: bool = False) -> Iterator[act.Action]:
    """The deployments open now (A1.31), one a squad with its best leader, for the page's buttons;
    ``off_map``: those of the squads waiting off the map (A2.52) instead."""
    if position.phase.id != "RPh":
        return
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.type != "squad" or unit.side != position.phasing or (unit.hex is None) != off_map:
            continue
        action = act.Activate((unit.id,), MODE)
        if not claims(position, action):
            continue
        try:
            yield check(position, action)
        except IllegalAction:
            continue


__all__ = ["COMBINED", "COMBINER", "MODE", "PHASE_END", "check", "claims", "declare", "deploy", "generate",
           "leaderless", "leaders", "nationality", "resume_ntc", "resume_split"]
