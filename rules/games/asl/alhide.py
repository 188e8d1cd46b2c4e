"""D3.41: an Armor Leader kept out of play until his owner wants his morale or leadership.

The owner records secretly which AFV his Armor Leader commands and need not bring him into play until he
wants to use his morale/leadership to change or avoid a result; once in play he may apply to the result just
rolled as well (D3.41). While he is hidden every roll he could modify is worked without him (``withhold`` in
armorldr.leadership and vcrew.crew_morale), and the prompts state the values without him. When the result
could have been changed by the best counter (D3.4: a 10-2, leadership -2, morale 10), the roll's owner is
asked, in a private decision, whether to bring his Armor Leader in: "use" shows him (armorldr.SHOWN) and works
the same dice again with him; "keep" keeps the result. The question is asked the same way, with the same
prompt, for every AFV of a side whose order of battle holds a secret Armor Leader, whether or not that AFV
carries him (an AFV without one, or whose leader could not change the result, is offered only "keep"), so
the opponent learns nothing from it: a private decision's options and answer stay on its owner's page
(SEQUENCE.md). An Inexperienced crew's 6+1 (D3.45) and a leader already shown are public and always apply.

Where: the MA's To Hit DR (vfire.py, ``ask_th``); the crew's checks at his morale (D3.42, ``ask_mc``): the
Immobilization TC (vcrew.py), the crew's MC/PTC (vcrewhit.py), a CE crew's collateral MC (vmgveh.py), the
radioless NTC (radioless.py); and, by working the roll three ways (``ask_rerun``): the OVR DR (overrun.py),
the AFV's CC DR (cc.py), Bog Removal (vunbog.py; the bogged vehicle's leader or the assisting AFV's, asked
about both AFVs in one question), the HD Maneuver dr (hulldown.py) and the IFT DR of a halftrack's or
carrier's fire group (vfg.py, D6.65; about all the group's carriers and halftracks in one question), the
To Hit DR of ordnance at motorcycle riders (motoord.py, D15.5) and the IFT DR of a FT that is the MA (vft.py,
D3.44). Which AFV he commands is either a counter value in the scenario file (public to its readers) or
named at set-up in a private decision the record seals (``options.armor_leaders``, alsecret.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import armorldr
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.text import T

USE, KEEP = "use", "keep"
THEN = "alth"  # the continuation of the To Hit question (game.resume_alth)
ARG = "al"  # on the TH decision: the owner's answer ("use"/"keep"), so it is asked once
BEST = 2  # D3.4: the best Armor Leader counter is a 10-2
BEST_MORALE = 10  # D3.4: ... whose morale is 10
MC_THEN = "almc"  # the continuation of the crew check's question (game.resume_almc)


def side_has_leaders(position: Position, side: str) -> bool:
    """Does the side's order of battle hold a secret Armor Leader (not an SSR's public 6+1, D3.45)? Read from
    the scenario's set-up (a counter's value, or the leaders it gives the side to assign in secret,
    alsecret.py) as well as the units now, so the questions go on after his AFV has left play."""
    def secret(values: Mapping[str, object]) -> bool:
        return bool(values.get("armor_leader")) and not values.get("inexperienced_crew")

    from hexmate.rules.games.asl import alsecret

    counters = position.scenario.counters
    return (alsecret.has_secret(position.scenario, side)
            or any(u.side == side and u.counter in counters and secret(counters[u.counter].values)
                for u in position.scenario.units)
            or any(u.side == side and secret(u.values) for u in position.units.values()))


def withheld(vehicle: UnitState) -> bool:
    """Is the vehicle's Armor Leader hidden, so his leadership counts only when his owner brings him in?"""
    return bool(armorldr._hidden(vehicle))


def ask_th(position: Position, decision: Decision, answer: act.Answer) -> State | None:
    """Before vfire.resume_th works the MA's To Hit DR: the private question of D3.41, or None to go on."""
    from hexmate.rules.games.asl import ncrord, vfire
    from hexmate.rules.games.asl import ordnance as od

    if decision.arg(ARG) or answer.dice is None or decision.target is None:
        return None
    firer = position.units[decision.subject[0]]
    if not side_has_leaders(position, firer.side) or firer.has(armorldr.SHOWN):
        return None  # a shown leader's -N is public and always applied
    if firer.values.get("inexperienced_crew"):
        return None  # D3.45: the public 6+1 always applies
    target = vfire._target(position, decision, firer.side)
    th, _, _, _ = vfire.to_hit_of(position, firer, target, ncrord.reacting(decision), withhold=True)
    dr = (answer.dice[0], answer.dice[1])
    pack = od.load_pack()
    hd = vfire.hull_down(position, firer, target)[0]
    if od.hits(dr, th, hd=hd, pack=pack) or not od.hits(dr, th + BEST, hd=hd, pack=pack):
        return None  # no Armor Leader could change this result
    led = armorldr.leadership(firer, "ma") if withheld(firer) else 0
    could = led < 0 and od.hits(dr, th - led, hd=hd, pack=pack)
    prompt = T("{unit}'s To Hit DR {dr} misses: bring an Armor Leader into play to apply his leadership to "
               "it, or keep the result (D3.41)", unit=firer.id, dr=sum(dr))
    args = (*decision.args, ("dice", f"{dr[0]},{dr[1]}"), ("then", decision.then), ("rule", decision.rule))
    return position.state.push(Decision("confirm", firer.side, prompt, "D3.41", THEN,
                                        choices=(USE, KEEP) if could else (KEEP,), subject=decision.subject,
                                        target=decision.target, args=args, private=True))


def resume_th(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The owner's answer: "use" shows the Armor Leader and works the DR with him; "keep" without him."""
    from hexmate.rules.games.asl import vfire

    dice = tuple(int(d) for d in decision.arg("dice").split(","))
    state = position.state
    if answer.choice == USE:
        firer = state.units[decision.subject[0]]
        state = state.with_unit(firer.mark(armorldr.SHOWN))
    kept = tuple((k, v) for k, v in decision.args if k not in ("dice", "then", "rule"))
    rule = decision.arg("rule") or "D3"
    roll = Decision("roll", decision.side, decision.prompt, rule, decision.arg("then"), dice="DR",
                    subject=decision.subject, target=decision.target,
                    args=(*kept, (ARG, answer.choice)))
    after = vfire.resume_th(position.at(state), roll, act.Answer(dice=dice))
    if answer.choice != USE or after.resolution is None:
        return after
    uid = decision.subject[0]
    named = str(state.units[uid].values.get("armor_leader", ""))
    said = Line(T("Armor Leader"), T("{vehicle}'s Armor Leader {leader} enters play and applies to this To "
                                     "Hit DR", vehicle=uid, leader=named), "D3.41")
    return after.replace(resolution=dataclasses.replace(after.resolution,
                                                        lines=(*after.resolution.lines, said)))


def ask_mc(position: Position, decision: Decision, answer: act.Answer) -> State | None:
    """Before a crew check's DR (``need`` or less passes) is worked: the private question of D3.41 when the
    crew fails but a morale of 10 would have passed, or None to go on (D3.42)."""
    from hexmate.rules.games.asl import vcrew

    if decision.arg(ARG) or answer.dice is None or not decision.subject:
        return None
    vehicle = position.units.get(decision.subject[0])
    if vehicle is None or not side_has_leaders(position, vehicle.side) or vehicle.has(armorldr.SHOWN):
        return None
    if vehicle.values.get("inexperienced_crew"):
        return None  # D3.45: the public 6+1 always applies
    dr, need = sum(answer.dice), int(decision.arg("need", "0"))
    if decision.then == "vcrew_check" and decision.arg("kind", "mc") == "mc" and dr == 12:
        return None  # A10.31: an Original 12 is a Casualty MC whatever the morale
    base, _ = vcrew.crew_morale(position, vehicle, withhold=True)
    if dr <= need or dr > need + BEST_MORALE - base:
        return None  # passed, or no Armor Leader could have passed it
    led = armorldr.morale(vehicle) if withheld(vehicle) else None
    could = led is not None and dr <= need + led - base
    prompt = T("{unit}'s crew fails its check with DR {dr}: bring an Armor Leader into play to check at his "
               "morale, or keep the result (D3.41)", unit=vehicle.id, dr=dr)
    args = (*decision.args, ("dice", ",".join(str(d) for d in answer.dice)), ("then", decision.then),
            ("rule", decision.rule), ("base", str(base)))
    return position.state.push(Decision("confirm", vehicle.side, prompt, "D3.41", MC_THEN,
                                        choices=(USE, KEEP) if could else (KEEP,), subject=decision.subject,
                                        target=decision.target, args=args, private=True))


def resume_mc(position: Position, decision: Decision,
              answer: act.Answer) -> tuple[State, Decision, act.Answer]:
    """The owner's answer to a crew check's question: the state (the leader shown on "use"), the check's
    decision again with its ``need`` at his morale on "use", and its dice, for the check's continuation."""
    state = position.state
    need = int(decision.arg("need", "0"))
    if answer.choice == USE:
        vehicle = state.units[decision.subject[0]]
        led = armorldr.morale(vehicle)
        assert led is not None
        need += led - int(decision.arg("base"))  # D3.42: the crew checks at his morale
        state = state.with_unit(vehicle.mark(armorldr.SHOWN))
    kept = tuple((k, v) for k, v in decision.args if k not in ("dice", "then", "rule", "base", "need"))
    roll = Decision("roll", decision.side, decision.prompt, decision.arg("rule"), decision.arg("then"),
                    dice="DR", subject=decision.subject, target=decision.target,
                    args=(*kept, ("need", str(need)), (ARG, answer.choice)))
    return state, roll, act.Answer(dice=tuple(int(d) for d in decision.arg("dice").split(",")))


Resolver = Callable[[Position, Decision, act.Answer], State]
RERUN_THEN = "alre"  # the continuation of a re-worked roll's question (game.resume_alre)


def _results(before: State, after: State, uids: tuple[str, ...]) -> object:
    """What a roll did: its resolution's results, and the markers of the units it was about (Bog Removal has
    no resolution), the Armor Leader's own marker aside."""
    res = after.resolution
    done = None if res is None or res is before.resolution else res.results
    marks = tuple(sorted(after.units[u].markers - {armorldr.SHOWN}) for u in uids if u in after.units)
    top = after.decision  # a question the roll opened (the HD Maneuver's pick of hexsides, D4.221)
    asked = None if top is None or top is before.decision else (top.then, top.args, top.hexes)
    return done, marks, asked


def ask_rerun(position: Position, decision: Decision, answer: act.Answer, resolver: Resolver,
              unit: str | None = None, units: tuple[str, ...] = ()) -> State | None:
    """Before ``resolver`` works a roll an Armor Leader's leadership modifies (the OVR DR, D3.44): the private
    question of D3.41 when a 10-2 (D3.4) would have given another result than the roll without a hidden
    leader, or None to go on. The resolver reads the leadership with ``withhold`` (a hidden one left out) and
    is pure, so the roll is worked three ways: without him, with a 10-2, with this vehicle's own leader.
    ``unit``: the AFV whose leader it is, when it is not the decision's subject (a CC attack, cc.py);
    ``units``: the AFVs whose leaders may each apply (an assisted Bog Removal, a halftrack FG): the 10-2 is
    tried aboard all of them, and "use" shows one leader whose leadership alone gives the result of them
    all, else every hidden one of them. The set asked about is public, so the question shows nothing."""
    uids = units or ((unit or (decision.subject[0] if decision.subject else "")),)
    present = [position.units[u] for u in dict.fromkeys(uids) if u in position.units]
    if decision.arg(ARG) or answer.dice is None or not present:
        return None
    if not side_has_leaders(position, present[0].side):
        return None
    # a shown leader's DRM is public and applied already; D3.45: the public 6+1 always applies
    open_ = [v for v in present if not v.has(armorldr.SHOWN) and not v.values.get("inexperienced_crew")]
    if not open_:
        return None
    vehicle = open_[0]
    kept = decision.with_args(**{ARG: KEEP})
    about = tuple(dict.fromkeys((*(v.id for v in present), *decision.subject)))

    def worked(*changed: UnitState) -> object:
        state = position.state
        for one in changed:
            state = state.with_unit(one)
        return _results(state, resolver(position.at(state), kept, answer), about)

    def best(one: UnitState) -> UnitState:
        values = {**one.counter.values, "armor_leader": "10-2"}  # D3.4: the best counter
        return dataclasses.replace(one, counter=dataclasses.replace(one.counter, values=values))

    plain = worked()
    if worked(*(best(v).mark(armorldr.SHOWN) for v in open_)) == plain:
        return None  # no Armor Leader could change this result
    hidden = [v for v in open_ if withheld(v)]
    full = worked(*(v.mark(armorldr.SHOWN) for v in hidden)) if hidden else plain
    could = full != plain
    show = next(((v.id,) for v in hidden if len(hidden) > 1 and worked(v.mark(armorldr.SHOWN)) == full),
                tuple(v.id for v in hidden)) if could else ()
    prompt = T("{unit}'s DR {dr}: bring an Armor Leader into play to apply his leadership to it, or keep the "
               "result (D3.41)", unit=vehicle.id, dr=sum(answer.dice))
    args = (*decision.args, ("dice", ",".join(str(d) for d in answer.dice)), ("then", decision.then),
            ("rule", decision.rule), ("kind", decision.kind), ("roll", decision.dice),
            ("al_unit", ",".join(show)))
    return position.state.push(Decision("confirm", vehicle.side, prompt, "D3.41", RERUN_THEN,
                                        choices=(USE, KEEP) if could else (KEEP,), subject=decision.subject,
                                        target=decision.target, args=args, private=True))


def resume_rerun(position: Position, decision: Decision,
                 answer: act.Answer) -> tuple[State, Decision, act.Answer]:
    """The owner's answer to ask_rerun's question: the state (the leader or leaders shown on "use"), the
    roll's decision again, answered, and its dice, for the roll's own continuation."""
    state = position.state
    if answer.choice == USE:
        for uid in filter(None, decision.arg("al_unit").split(",")):
            state = state.with_unit(state.units[uid].mark(armorldr.SHOWN))
    gone = ("dice", "then", "rule", "kind", "roll", "al_unit")
    kept = tuple((k, v) for k, v in decision.args if k not in gone)
    roll = Decision(decision.arg("kind") or "roll", decision.side, decision.prompt, decision.arg("rule"),
                    decision.arg("then"), dice=decision.arg("roll"), subject=decision.subject,
                    target=decision.target, args=(*kept, (ARG, answer.choice)))
    return state, roll, act.Answer(dice=tuple(int(d) for d in decision.arg("dice").split(",")))


__all__ = [
    "ARG",
    "BEST",
    "BEST_MORALE",
    "KEEP",
    "MC_THEN",
    "RERUN_THEN",
    "THEN",
    "USE",
    "ask_mc",
    "ask_rerun",
    "ask_th",
    "resume_mc",
    "resume_rerun",
    "resume_th",
    "side_has_leaders",
    "withheld",
]
