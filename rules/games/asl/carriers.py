"""ASL D6.8-D6.84: carriers (catalogue ``"carrier": true``), halftracks in the rules but for these.

- D6.8: a carrier is treated as a halftrack: its passengers ride as an armored halftrack's do (mounted.py's
  ``role``: fire, D6.61-D6.65; +2 CE targets, D5.31).
- D6.81: it is a fully tracked, open-topped AFV (the catalogue refuses other entries). Unless its MA is a
  mortar or a FT, or it has a 6 FP AAMG, it has 4 PP of passenger capacity (the catalogue's default), for
  SMC and SW only: the SMC count nothing against it, their SW their portage (``load_pp``). Every carrier also
  carries up to 8 PP of riders (D6.2): its MMC ride outside (``outside``; D6.1's count: a HS or crew 5 PP, a
  squad 10, so no squad), with everything D6.2x gives riders: fire halved (D6.22), no SW, a fire group only
  with riders of the same AFV (D6.64), bailing out at D6.21's terrain (riders.carried_riders), attacked as
  riders (D6.23, mounted.role_of). Loading sorts each unit by its type: an SMC always boards as a passenger.
- D6.82: its inherent crew is a 2-4-7 HS (2-4-8 if elite): the crew that leaves it is that HS
  (``crew_counter``: the scenario's ``carrier-crew-<nationality>``, ``carrier-crew``, ``2-4-7`` counter, else
  a HS labelled demo values), but for a carrier with a FT or 76mm mortar MA or designated a Gun tower
  (catalogue ``tower``), whose crew is an ordinary vehicle crew.
- D6.84: never buttoned up: its crew and passengers are CE at all times, even shocked or stunned (vce.py
  refuses ``bu``; vmg.crew_exposed and mounted.exposed say CE).

- D6.82 with A1.32: two HS combine into a squad at the start of their RPh (``activate HS,HS for combine``); a
  carrier's HS (``carrier_hs``, set when it leaves its carrier) needs no leader to do it.
- D6.83: its HS or crew takes its MG, ATR or mortar out when it abandons it, and puts them back when it
  re-enters (D6.631, swremove.py).

  The squad so formed (``carrier_squad``) deploys back into two carrier HS in its own MPh in a friendly
  carrier's Location, without NTC or leader, to board it (``activate SQUAD for deploy``; then re-entry,
  D5.42, and loading as riders).

Not built: an SMC choosing to ride outside rather than inside (A1.31's Deployment of other squads is
deployment.py's);
D6.83's quicker unloading (D6.51 is not in the texts, so its bar on removal and self-destruction has nothing
to bar).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl.vehicles import VehicleType
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.scenario import CounterType
from hexmate.rules.text import T

SMC = ("leader", "hero")
DEMO_HS = CounterType("2-4-7 carrier crew HS (demo values)", "hs",
                      {"fp": 2, "range": 4, "morale": 7, "broken_morale": 7, "source": "demo values"})


def hs_crew(vt: VehicleType) -> bool:
    """D6.82: is its inherent crew the 2-4-7 HS?"""
    if not vt.carrier or vt.tower:
        return False
    ma = vt.ma
    return not (ma is not None and (ma.kind == "FT" or (ma.kind == "MTR" and ma.calibre == 76)))


RIDER_PP = 8  # D6.81: every carrier carries up to 8 PP of riders (D6.2)


def outside(vt: VehicleType, unit: UnitState) -> bool:
    """D6.81: does this unit ride a carrier as a rider? Its MMC do (its passengers are SMC and SW only); on a
    carrier without passenger capacity everyone does."""
    return vt.carrier and (not vt.passengers or (unit.type not in SMC and unit.type != "sw"))


def check_load(vt: VehicleType, vehicle: UnitState, units: Sequence[UnitState], aboard: Sequence[UnitState],
               position: Position, rider_pp: Callable[[list[UnitState]], int]) -> None:
    """D6.81: a carrier's 4 PP of passengers take SMC and SW only (their SW count, the SMC nothing); its MMC
    ride outside, as riders, within 8 PP (D6.1's count, ``rider_pp``)."""
    if not vt.carrier:
        return
    riders = [u for u in aboard if outside(vt, u)]
    inside = [u for u in aboard if not outside(vt, u)]
    if riders and rider_pp(riders) > RIDER_PP:
        first = next(u for u in units if outside(vt, u)) if any(outside(vt, u) for u in units) else riders[0]
        raise IllegalAction(T("{unit} may not ride {vehicle}: a carrier carries {cap} PP of riders, not {pp}",
                              unit=first.id, vehicle=vehicle.id, cap=RIDER_PP, pp=rider_pp(riders)), "D6.81")
    if inside and load_pp(position, inside) > vt.passengers:
        raise IllegalAction(T("{unit} carries {cap} PP, not {pp}", unit=vehicle.id, cap=vt.passengers,
                              pp=load_pp(position, inside)), "D6.81")


def load_pp(position: Position, aboard: Sequence[UnitState]) -> int:
    """D6.81: the SMC and SW a carrier's 4 PP carry. The text names SMC among them, so D6.1's "up to four SMC
    are 10 PP" cannot be meant here: the SMC themselves count nothing and their SW their portage (A4.4)."""
    ids = {u.id for u in aboard}
    return sum(int(u.values.get("pp", 0) or 0) for u in position.units.values()
               if u.type == "sw" and u.carrier in ids)


def crew_counter(position: Position, vt: VehicleType, nationality: str) -> CounterType | None:
    """D6.82: the HS that is a carrier's crew; None when it has an ordinary crew."""
    if not hs_crew(vt):
        return None
    counters = position.scenario.counters
    for key in (f"carrier-crew-{nationality}", "carrier-crew", "2-4-7"):
        if key in counters:
            return counters[key]
    return DEMO_HS


# --- D6.82 with A1.32: Combination of a carrier's HS ---
CARRIER_HS = "carrier_hs"  # the HS that was a carrier's crew (D6.82)
INHERENT_HS = "inherent_hs"  # A26.213: the very HS that left its carrier as its crew: 2 VP, not a HS's 1
COMBINE = "combine"  # the Activate mode: ``activate HS1,HS2 for combine``
CARRIER_SQUAD = "carrier_squad"  # a squad combined with a carrier's HS (D6.82): it deploys to board freely
DEPLOY = "deploy"  # the Activate mode: ``activate SQUAD for deploy``
SAME = ("fp", "range", "morale", "broken_morale")


def claims(action: object) -> bool:
    return isinstance(action, act.Activate) and action.mode == COMBINE


def _nat(position: Position, *units: UnitState) -> str | None:
    """The nationality of the HS: their counters', else their side's in the scenario (a carrier's HS counter
    may give none)."""
    for u in units:
        if u.values.get("nationality"):
            return str(u.values["nationality"])
    side = next((s for s in position.scenario.sides if units and s.id == units[0].side), None)
    return str(side.nationality) if side is not None and side.nationality else None


def squad_for(position: Position, hs: UnitState, other: UnitState | None = None) -> CounterType | None:
    """A1.32: the squad of the same class and type as the HS: the scenario's squad that reduces to a HS of
    these values (and nationality, when it is known)."""
    nat = _nat(position, hs, *((other,) if other is not None else ()))
    for name in sorted(position.scenario.counters):
        c = position.scenario.counters[name]
        half = position.scenario.counters.get(str(c.values.get("reduces_to", "")))
        if c.type != "squad" or half is None:
            continue
        if all(half.values.get(k) == hs.values.get(k) for k in SAME) and (
                nat is None or str(c.values.get("nationality") or nat) == nat):
            return c
    return None


def check_combine(position: Position, action: act.Activate) -> act.Activate:
    """A1.32: two Good Order HS of one nationality and the same values, in one Location, at the start of
    their RPh, with a Good Order friendly leader there (whose RPh action it is), become a squad of their class
    and type; D6.82: with a carrier's HS no leader is needed (and A1.32 asks no NTC)."""
    from hexmate.rules.games.asl.rphase import TRIED

    if len(action.units) != 2 or any(u not in position.units for u in action.units):
        raise IllegalAction(T("name the two HS: activate HS,HS for combine"), "A1.32")
    a, b = (position.units[u] for u in action.units)
    if position.phase.id != "RPh" or a.side != position.phasing or a.side != position.to_act:
        raise IllegalAction(T("HS combine at the start of their own RPh"), "A1.32")
    from hexmate.rules.games.asl.deployment import COMBINED, COMBINER
    from hexmate.rules.games.asl.rphase import RECOVERING

    if any(u.side == a.side and u.has(TRIED) and not any(u.has(m) for m in (COMBINED, COMBINER, RECOVERING))
           for u in position.units.values()):  # A1.32: at the start, before rallies, repairs, deployments
        raise IllegalAction(T("HS combine at the start of the RPh, before their side's other Rally Phase "
                              "actions"), "A1.32")
    from hexmate.rules.games.asl import cyclesplit

    riders = cyclesplit.check_combine_riders(position, a, b)  # D15.44: HS riding motorcycles combine aboard
    from hexmate.rules.games.asl import horsesplit

    horsesplit.check_combine(position, a, b)  # A13.32: mounted HS combine into a squad on a squad's counter
    for u in (a, b):
        if u.type != "hs" or u.side != a.side or (u.carrier is not None and not riders):
            raise IllegalAction(T("{unit} is not a friendly HS on the map", unit=u.id), "A1.32")
        if any(u.has(m) for m in ("broken", "pinned", "berserk", "melee", "prisoner", TRIED)):
            raise IllegalAction(T("{unit} is not in Good Order or has acted in this RPh", unit=u.id), "A1.32")
    if (a.hex, a.level) != (b.hex, b.level):
        raise IllegalAction(T("{a} and {b} are not in one Location", a=a.id, b=b.id), "A1.32")
    nats = {str(u.values["nationality"]) for u in (a, b) if u.values.get("nationality")}
    if any(a.values.get(k) != b.values.get(k) for k in SAME) or len(nats) > 1:
        raise IllegalAction(T("{a} and {b} are not HS of one nationality and the same values", a=a.id,
                              b=b.id), "A1.32")
    if squad_for(position, a, b) is None:
        raise IllegalAction(T("the scenario has no squad counter that {unit} is a HS of", unit=a.id), "A1.32")
    if not _leaderless(position, a, b) and _leader(position, a) is None:
        raise IllegalAction(T("a Good Order friendly leader in their Location combines them (a carrier's HS "
                              "needs none, D6.82)"), "A1.32")
    return action


def _leaderless(position: Position, a: UnitState, b: UnitState) -> bool:
    """A1.32: Finns, guards, Unarmed units and a carrier's HS (D6.82) combine without a leader."""
    from hexmate.rules.games.asl import deployment, prisoners

    return any(u.has(CARRIER_HS) or bool(prisoners.prisoners_of(position, u.id)) for u in (a, b)) \
        or all(deployment.leaderless(position, u) for u in (a, b))


def _leader(position: Position, hs: UnitState) -> UnitState | None:
    """A1.32: a Good Order friendly leader in the Location who has not had his RPh action, or whose action
    is combining HS there (he combines as many pairs as qualify)."""
    from hexmate.rules.games.asl import cyclesplit
    from hexmate.rules.games.asl.deployment import COMBINER
    from hexmate.rules.games.asl.rphase import TRIED

    return next((u for u in sorted(position.units.values(), key=lambda u: (not u.has(COMBINER), u.id))
                 if u.type == "leader" and u.side == hs.side and (u.hex, u.level) == (hs.hex, hs.level)
                 and (u.carrier is None or cyclesplit.ridden(position.state, u) is not None)  # D15.44
                 and not any(u.has(m) for m in ("broken", "pinned"))
                 and (not u.has(TRIED) or u.has(COMBINER))), None)


def combine(position: Position, action: act.Activate) -> State:
    """The first HS becomes the squad, with both HS's possessions; the second goes; the squad has made its RPh
    attempt (A1.32), and the leader his, unless a carrier's HS made it leaderless (D6.82)."""
    from hexmate.rules.games.asl import concealment
    from hexmate.rules.games.asl.deployment import COMBINED, COMBINER
    from hexmate.rules.games.asl.rphase import TRIED

    state = position.state
    a, b = (state.units[u] for u in action.units)
    squad = squad_for(position, a, b)
    assert squad is not None
    if not _leaderless(position, a, b):
        leader = _leader(position, a)
        if leader is not None:  # A1.32: his RPh action, but he may combine other pairs there
            state = state.with_unit(leader.mark(TRIED, COMBINER))
            state = concealment.acted(position, state, [leader.id])  # A12.141
    state = concealment.acted(position, state, [a.id, b.id])  # A12.141
    a, b = state.units[a.id], state.units[b.id]
    for sw in [u for u in state.units.values() if u.carrier == b.id]:
        state = state.with_unit(dataclasses.replace(sw, carrier=a.id))
    carrier = a.has(CARRIER_HS) or b.has(CARRIER_HS)  # D6.82: only then does the squad deploy to board
    fanatic = () if a.has("fanatic") and b.has("fanatic") else ("fanatic",)  # A1.32: Fanatic lost
    merged = a.as_counter(squad).mark(TRIED, COMBINED, *((CARRIER_SQUAD,) if carrier else ()),
                                      remove=(CARRIER_HS, INHERENT_HS, *fanatic))
    from hexmate.rules.games.asl import cyclesplit

    state = state.without_unit(b.id).with_unit(merged)
    from hexmate.rules.games.asl import horsesplit

    state = cyclesplit.combined(position, position.state, state, a.id, b.id)  # D15.44: their cycles too
    return horsesplit.combined(position, position.state, state, a.id, b.id)  # A13.32: their horses too


def claims_deploy(position: Position, action: object) -> bool:
    """``activate SQUAD for deploy`` by a squad combined with a carrier's HS (D6.82; guards.py has the
    guards' own, A20.5)."""
    if not isinstance(action, act.Activate) or action.mode != DEPLOY or len(action.units) != 1:
        return False
    unit = position.units.get(action.units[0])
    return unit is not None and unit.has(CARRIER_SQUAD)


def _carrier_here(position: Position, unit: UnitState) -> UnitState | None:
    from hexmate.rules.games.asl.vehicles import vehicle_of

    for v in sorted(position.units_at(unit.hex) if unit.hex is not None else [], key=lambda u: u.id):
        if v.type == "vehicle" and v.side == unit.side and not v.has("wreck") \
                and vehicle_of(v.values).carrier:
            return v
    return None


def check_deploy(position: Position, action: act.Activate) -> act.Activate:
    """D6.82: the squad a carrier's HS combined into deploys to board a carrier without NTC or leader: in its
    own MPh, unmoved, in Good Order, in a friendly carrier's Location, into the HS its counter reduces to."""
    unit = position.units[action.units[0]]
    if position.phase.id != "MPh" or unit.side != position.phasing:
        raise IllegalAction(T("it deploys to board a carrier in its own MPh"), "D6.82")
    if any(unit.has(m) for m in ("broken", "pinned", "berserk", "melee")) or unit.id in position.state.moved:
        raise IllegalAction(T("{unit} is not in Good Order or has moved this MPh", unit=unit.id), "D6.82")
    if unit.carrier is not None or _carrier_here(position, unit) is None:
        raise IllegalAction(T("{unit} deploys to board a friendly carrier in its Location", unit=unit.id),
                            "D6.82")
    half = position.scenario.counters.get(str(unit.values.get("reduces_to", "")))
    if half is None:
        raise IllegalAction(T("the scenario has no HS counter that {unit} deploys into", unit=unit.id),
                            "A1.31")
    return action


def deploy(position: Position, action: act.Activate) -> State:
    """Two carrier HS in its place (A1.31's ``<id>/2`` for the second), its possessions with the first."""
    state = position.state
    unit = state.units[action.units[0]]
    half = position.scenario.counters[str(unit.values["reduces_to"])]
    first = unit.as_counter(half).mark(CARRIER_HS, remove=(CARRIER_SQUAD,))
    second = dataclasses.replace(first, id=f"{unit.id}/2")
    return state.with_unit(first).with_unit(second)


def deploy_generate(position: Position) -> Iterator[act.Action]:
    """D6.82: the deployments to board a carrier open now."""
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        action = act.Activate((unit.id,), DEPLOY)
        if claims_deploy(position, action):
            try:
                yield check_deploy(position, action)
            except IllegalAction:
                continue


def combine_generate(position: Position) -> Iterator[act.Action]:
    """The Combinations open now (A1.32, D6.82), for the page's buttons."""
    if position.phase.id != "RPh":
        return
    hs = sorted((u for u in position.units.values() if u.type == "hs" and u.side == position.phasing),
                key=lambda u: u.id)
    for i, a in enumerate(hs):
        for b in hs[i + 1:]:
            action = act.Activate((a.id, b.id), COMBINE)
            try:
                yield check_combine(position, action)
            except IllegalAction:
                continue


__all__ = [
    "CARRIER_HS",
    "CARRIER_SQUAD",
    "COMBINE",
    "DEMO_HS",
    "DEPLOY",
    "INHERENT_HS",
    "RIDER_PP",
    "check_combine",
    "check_deploy",
    "check_load",
    "claims",
    "claims_deploy",
    "combine",
    "combine_generate",
    "crew_counter",
    "deploy",
    "deploy_generate",
    "hs_crew",
    "load_pp",
    "outside",
    "squad_for",
]
