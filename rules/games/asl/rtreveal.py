"""Revealing at the start of the RtPh to take a broken unit prisoner (A10.533 with A20.21), or to interdict
its rout and bar its way (A10.533).

A20.21 lets a broken unit surrender only to an ADJACENT, Known, Good Order, armed enemy infantry unit that it
cannot rout away from (or only through Interdiction or by Low Crawl); "routing to the enemy as a prisoner"
(the Disrupted, the encircled, a HoB surrender) is a rout to that ADJACENT enemy, never to a farther one. A
broken unit beside a concealed enemy is beside no Known one (A10.533: the "?" is ignored in its rout), so it
does not surrender to it; A10.533's example gives the concealed side the choice: lose the "?" voluntarily
before the rout and the broken unit, now beside a Known enemy, routs to it as a prisoner (A20.21); keep it,
and if the rout enters that Location the entry is refused and the unit, left beside a now-Known enemy, is
eliminated for failure to rout. No Quarter (A20.3) follows such an end only if the "?" was lost voluntarily:
here, the captor that revealed and then refuses the surrender refuses quarter as usual (prisoners.py).

At the start of the RtPh, before any rout or surrender is worked out, each side with a "?" stack ADJACENT to
a broken enemy unit that may surrender (and is not surrendering already) names the concealed units it
reveals, or ``keep``. Every concealed unit there is offered, dummies too, so the question tells the opponent
nothing a "?" does not already show; a dummy "revealed" is removed (A12.1). The surrenders and routs are
then worked out as usual (``routs``): the units lit for the captor's answer are the captors' Locations.

A10.533 also lets a "?" in the LOS of a routing unit reveal itself in the RtPh to interdict it or force its
route: the same question is put for every concealed stack in the LOS of a broken enemy unit that must or
may rout; revealed, its units are Known for the routs that follow (their routes and Interdiction). Here the
reveal may come before the routs start, or as the router goes (``mid_rout``): at each Open Ground hex it
enters that no Known enemy interdicts (rout.walk), the side with "?" units within 16 hexes (A10.532's most)
and in clear LOS of that hex is asked, privately, which it reveals to interdict the router there, or
``keep``. Every such "?" is offered, dummies too (range is not checked: it would tell what the "?" hides);
the router stays where the table placed it meanwhile. Revealed units that may interdict it there
(rout.interdicted) make it take its NMC there (A10.53); otherwise it goes on along the route already placed,
unless that route brings it closer to, or beside, an armed unit just revealed in its LOS (A10.51 then bars
it): the reveal forces its route (A10.533, ``reroute``): its owner places it again, the lit hexes those it
reaches from there with the MF it has left, never closer to the enemies revealed nor to those it sees
(``rout_forced``); with none, it is eliminated for failure to rout (A10.5). When the NMC those revealed
units bring on leaves it free to go on (passed, or a HS left), the rest of its route is checked against them
the same way (rout.resume_nmc).

A10.533's example (the Russian at H3, the German "?" at G4) gives a last window: the rout over, the "?"
beside the router's end may lose their concealment before the next unit begins its rout (or the RtPh ends),
and an armed one so revealed makes it rout on with the MF it has left, or be eliminated for failure to rout
(``at_end``, ``resume_end``). The owner of the "?" in its end's ADJACENT Locations (dummies too) is asked,
privately, wherever the rout ended: woods, a building, by Low Crawl (all its MF spent, A10.52), after its
NMC; at an Open Ground end the mid-rout question there offers them too and is that window. Revealed later,
they change nothing for it (its rout is over: rout.ROUTED).
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.asl import rout as asl_rout
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.locations import Location
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

KEEP = "keep"


def _broken_near(game: AslGame, position: Position, unit: UnitState, surrendering: set[str]) -> bool:
    assert unit.hex is not None
    return any(
        b.side != unit.side and b.hex is not None and b.has("broken") and distance(b.hex, unit.hex) == 1
        and b.level == unit.level and b.id not in surrendering and not b.has("melee")
        and prisoners.may_surrender(game, position, b)
        for b in position.units.values())


def _broken_in_sight(position: Position, unit: UnitState) -> bool:
    """A10.533: a broken enemy unit that must or may rout (not in Melee) in this concealed unit's LOS."""
    from hexmate.rules.games.asl import terrain as asl_terrain

    assert unit.hex is not None
    for b in position.units.values():
        if b.side == unit.side or b.hex is None or not b.has("broken") or b.has("melee"):
            continue
        if not (asl_rout.must_rout(position, b) or b.has("dm")):
            continue
        if not asl_terrain.line_of_sight(position, unit.hex, b.hex, unit.level, b.level).blocked:
            return True
    return False


def candidates(game: AslGame, position: Position, side: str, surrendering: set[str]) -> tuple[str, ...]:
    """The concealed units of ``side`` (dummies too) beside a broken enemy unit that may surrender, or in the
    LOS of a broken enemy unit that routs or may (A10.533: revealed, they interdict it and bar its way)."""
    return tuple(sorted(
        u.id for u in position.units.values()
        if u.side == side and u.concealed and u.hex is not None and u.carrier is None
        and (u.type == "dummy" or u.type in prisoners.INFANTRY)
        and (_broken_near(game, position, u, surrendering) or _broken_in_sight(position, u))))


def start(game: AslGame, position: Position) -> State:
    """The RtPh's start (after DM, A10.62): the reveal questions first, else the routs and surrenders."""
    _, offers = prisoners.rout_surrenders(game, position, asl_rout.decisions(position))
    surrendering = {uid for d in offers for uid in d.subject}
    asks = []
    sides = sorted(position.sides, key=lambda s: s != position.phasing)  # the ATTACKER first
    for side in sides:
        units = candidates(game, position, side, surrendering)
        if units:
            asks.append(Decision(
                "units", side,
                T("{side}: reveal concealed units in the LOS of broken enemy units, to interdict their rout "
                  "and bar its way, or beside them so that they surrender to them (A10.533, A20.21), or keep",
                  side=side),
                "A10.533", "rtph_reveal", units=units, choices=(KEEP,), count=0, private=True))
    if not asks:
        return routs(game, position)
    asks[-1] = dataclasses.replace(asks[-1], args=(("last", "1"),))
    return position.state.push(*asks)


def _reveal(state: State, decision: Decision, answer: act.Answer) -> State:
    """The units named among those offered lose their "?"; a dummy "revealed" is removed (A12.1)."""
    for uid in answer.units:
        if uid not in decision.units or uid not in state.units:
            continue
        unit = state.units[uid]
        state = state.without_unit(uid) if unit.type == "dummy" else state.with_unit(unit.revealed())
    return state


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The named units lose their "?" (a dummy is removed); after the last side's answer, the routs."""
    state = _reveal(position.state, decision, answer)
    if decision.arg("last") != "1":
        return state
    view = position.at(state)
    for unit in list(state.units.values()):  # A10.62: a unit now beside a Known enemy must rout: DM
        if asl_rout.must_rout(view, unit) and not unit.has("dm"):
            state = state.with_unit(unit.mark("dm"))
    return routs(game, position.at(state))


def routs(game: AslGame, position: Position) -> State:
    """A20.21: a broken unit beside a Known armed enemy that cannot rout safely surrenders; the others rout,
    or are eliminated for failure to rout (A10.5)."""
    state = position.state
    decided, surrenders = prisoners.rout_surrenders(game, position, asl_rout.decisions(position))
    kept = []
    for decision in decided:
        if decision.hexes or decision.kind != "hexes":
            kept.append(decision)
        else:  # A10.5: nowhere legal to rout to: eliminated for failure to rout
            state = asl_rout.failure(position.at(state), decision)
    return state.push(*surrenders, *kept)


def mid_rout(position: Position, router: UnitState, leader: str, h: Hex, rest: tuple[Hex, ...],
             level: int, spent: asl_rout.Cost = 0, seen: tuple[Hex, ...] = ()) -> Decision | None:
    """A10.533: the question to the owner of the "?" units that could reveal to interdict ``router`` in the
    Open Ground hex ``h`` it enters; ``rest``: the hexes it would go on to, the last at ``level``; ``seen``:
    the armed Known enemies in whose LOS it has been so far (A10.51's memory, kept if its route is forced)."""
    from hexmate.rules.games.asl import terrain as asl_terrain

    if position.map.terrain(h) != "open":
        return None
    units = []
    beside = set() if rest else set(_beside(position, router, Location(h, level)))
    for u in sorted(position.units.values(), key=lambda u: u.id):
        if u.id in beside:  # at its end: the "?" beside it too (``at_end``: its window is this question)
            units.append(u.id)
            continue
        if (u.side == router.side or not u.concealed or u.hex is None or u.carrier is not None
                or not (u.type == "dummy" or u.type in prisoners.INFANTRY) or distance(u.hex, h) > 16):
            continue
        sight = asl_terrain.line_of_sight(position, u.hex, h, u.level, 0)
        if not sight.blocked and not sight.hindrance:
            units.append(u.id)
    if not units:
        return None
    side = position.units[units[0]].side
    args = (("router", router.id), ("leader", leader), ("level", str(level)), ("spent", str(spent)),
            ("seen", ",".join(position.label(x) for x in seen)))
    return Decision(
        "units", side,
        T("{side}: {unit} routs into {hex}: reveal concealed units in its LOS to interdict it there, or keep "
          "(A10.533)", side=side, unit=router.id, hex=position.label(h)),
        "A10.533", "rout_reveal", units=tuple(units), choices=(KEEP,), count=0, private=True, target=h,
        hexes=rest, args=args)


def resume_mid(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The named units lose their "?" (a dummy is removed); the router takes its Interdiction NMC where it
    stands if one of them may interdict it there (A10.53), else goes on along its route (rout.walk)."""
    state = _reveal(position.state, decision, answer)
    router = state.units.get(decision.arg("router"))
    here = decision.target
    if router is None or here is None:
        return state
    view = position.at(state)
    leader, level = decision.arg("leader"), int(decision.arg("level") or 0)
    at = Location(here)  # an Open Ground hex (the router stood on its rout's end while asked)
    watch = _watching(view, router, here, [uid for uid in answer.units if uid in state.units])
    seen = tuple(view.map.parse_label(x) for x in decision.arg("seen").split(",") if x)
    spent = Fraction(decision.arg("spent") or "0")  # A10.5: the 6 MF, those spent so far counted on
    used = int(spent) if spent.denominator == 1 else spent
    if asl_rout.interdicted(view, router, here):  # the rest of its route checked after the NMC (A10.51)
        return asl_rout.interdiction(view, router, leader, at, decision.hexes, level, used, seen, watch)
    if watch and not keeps_away(here, decision.hexes, watch):
        memory = tuple(dict.fromkeys((*watch, *seen)))  # A10.51: those it saw before the reveal too
        return reroute(view, router, leader, here, spent, memory)
    if not decision.hexes:  # asked at its end: that was its end's window too (at_end)
        return asl_rout.walk(view, state, router, leader, [at, Location(here, level)], spent=used,
                             end_asked=True)
    path = [at, *(Location(h) for h in decision.hexes[:-1]), Location(decision.hexes[-1], level)]
    return asl_rout.walk(view, state, router, leader, path, spent=used)


def _beside(position: Position, router: UnitState, end: Location) -> tuple[str, ...]:
    """The enemy "?" units (dummies too) in ``end``'s ADJACENT Locations (A.8)."""
    return tuple(sorted(
        u.id for u in position.units.values()
        if u.side != router.side and u.concealed and u.hex is not None and u.carrier is None
        and (u.type == "dummy" or u.type in prisoners.INFANTRY) and distance(u.hex, end.hex) == 1
        and asl_rout.adjacent(position.map, end, asl_rout.where(u))))


def at_end(position: Position, router: UnitState, leader: str, spent: asl_rout.Cost,
           seen: tuple[Hex, ...]) -> Decision | None:
    """A10.533's example (the Russian at H3, the German "?" at G4): the router's rout over, the "?" beside
    its end may still lose their concealment before the next unit begins its rout (or the RtPh ends); so
    revealed, an armed one makes it rout on with the MF it has left, or be eliminated for failure to rout
    (``resume_end``). The question goes to the owner of the "?" units in its end's ADJACENT Locations (all
    of them, dummies too: it tells nothing a "?" does not), privately. ``spent``: the MF used; ``seen``: the
    armed Known enemies in whose LOS it has been (A10.51's memory, kept if it routs on)."""
    end = asl_rout.where(router)
    units = _beside(position, router, end)
    if not units:
        return None
    side = position.units[units[0]].side
    args = (("router", router.id), ("leader", leader), ("level", str(end.level)), ("spent", str(spent)),
            ("seen", ",".join(position.label(x) for x in seen)))
    return Decision(
        "units", side,
        T("{side}: {unit} has ended its rout at {hex}: reveal concealed units beside it, which makes it rout "
          "on, before the next rout begins, or keep (A10.533)", side=side, unit=router.id,
          hex=position.label(end.hex)),
        "A10.533", "rout_end_reveal", units=units, choices=(KEEP,), count=0, private=True, target=end.hex,
        args=args)


def resume_end(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The named units lose their "?" (a dummy is removed); an armed one now beside the router (A10.5: no
    rout may end there) makes it rout on from its end with the MF it has left, never closer to it nor to the
    enemies seen before (A10.51), or be eliminated for failure to rout (``reroute``)."""
    state = _reveal(position.state, decision, answer)
    router = state.units.get(decision.arg("router"))
    if router is None or router.hex is None:
        return state
    view = position.at(state)
    end = Location(router.hex, router.level)
    watch = tuple(
        u.hex for uid in answer.units if uid in state.units
        for u in (state.units[uid],)
        if u.hex is not None and u.type != "dummy" and not u.has("broken") and not au.is_unarmed(u)
        and asl_rout.near(view.map, asl_rout.where(u), end))
    if not watch:
        return state
    seen = tuple(view.map.parse_label(x) for x in decision.arg("seen").split(",") if x)
    memory = tuple(dict.fromkeys((*watch, *seen)))
    return reroute(view, router, decision.arg("leader"), router.hex, Fraction(decision.arg("spent") or "0"),
                   memory, router.level)


def _watching(position: Position, router: UnitState, here: Hex, revealed: list[str]) -> tuple[Hex, ...]:
    """The hexes of the units just revealed that are armed Known enemies with the router, at ``here``, in
    their LOS (A10.51 then binds its rout to them)."""
    from hexmate.rules.games.asl import terrain as asl_terrain

    out = []
    for uid in revealed:
        u = position.units[uid]
        if u.hex is None or u.type == "dummy" or u.has("broken") or au.is_unarmed(u):
            continue
        if not asl_terrain.line_of_sight(position, u.hex, here, u.level, 0).blocked:
            out.append(u.hex)
    return tuple(out)


def keeps_away(here: Hex, rest: tuple[Hex, ...], watch: tuple[Hex, ...]) -> bool:
    """A10.51: the route placed goes on never closer to, nor beside, any of ``watch``; A10.5 with the A10.533
    example: nor does it end beside one, were it already at its end when they showed themselves (its rout
    then goes on with the MF left: H3 to H2 there, or it is eliminated for failure to rout)."""
    hexes = (here, *rest)
    if any(distance(hexes[-1], w) <= 1 for w in watch):
        return False
    for a, b in itertools.pairwise(hexes):
        if any(distance(b, w) < distance(a, w) or distance(b, w) <= 1 for w in watch):
            return False
    return True


def reroute(position: Position, router: UnitState, leader: str, here: Hex, spent: Fraction,
            watch: tuple[Hex, ...], level: int = 0) -> State:
    """A10.533: the "?" revealed in the router's LOS forces its route: the route placed brings it closer to
    (or beside) an armed Known enemy it now sees, which A10.51 bars; from ``here`` it routs on with the MF it
    has left (6, or a wounded SMC's 3, less those spent) to an end its owner places it on, remembering those
    enemies and those it saw before (``watch``) for the rest of the phase (A10.51), or, with none, is
    eliminated for failure to rout (A10.5)."""
    state = position.state.with_unit(dataclasses.replace(router, hex=here, level=level))
    if leader and leader in state.units:
        state = state.with_unit(dataclasses.replace(state.units[leader], hex=here, level=level))
    view = position.at(state)
    left = asl_rout.rout_mf(router) - spent
    ends = asl_rout.destinations_left(view, view.units[router.id], left, watch)
    if not ends:  # A4.44: its SW to an SMC there at once
        from hexmate.rules.games.asl import recnow

        state = recnow.remove(position, state, view.units[router.id])
        return state.replace(resolution=None)
    args = (("leader", leader), ("mf", str(left)), ("watch", ",".join(view.label(w) for w in watch)))
    return state.push(Decision(
        "hexes", router.side,
        T("{unit} must change its route: an enemy revealed in its LOS, which it may not get closer to, bars "
          "the rest (A10.533, A10.51): place it on one of the lit hexes", unit=router.id),
        "A10.533", "rout_forced", hexes=ends, subject=(router.id,), target=here, args=args))


def resume_forced(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The router goes on from where the reveal stopped it to the hex placed on (A10.51's limits kept)."""
    router = position.state.units.get(decision.subject[0])
    if router is None or router.hex is None or not answer.hexes:
        return position.state
    left = Fraction(decision.arg("mf") or "0")
    watch = tuple(position.map.parse_label(w) for w in decision.arg("watch").split(",") if w)
    path = asl_rout.path_left(position, router, answer.hexes[0], left, watch)
    if not path:
        raise IllegalAction(T("{hex} is not a lit hex of this rout", hex=position.label(answer.hexes[0])),
                            "A10.51")
    spent = asl_rout.rout_mf(router) - left
    return asl_rout.walk(position, position.state, router, decision.arg("leader"), path,
                         spent=spent if spent.denominator != 1 else int(spent))


__all__ = ["KEEP", "at_end", "candidates", "keeps_away", "mid_rout", "reroute", "resume", "resume_end",
           "resume_forced", "resume_mid", "routs", "start"]
