"""ASL Infantry Overrun (A4.15-A4.152): an MMC moving into the Location of a lone known enemy SMC.

What is here, paraphrasing the text:

- in the MPh a group holding an infantry MMC may enter a Location whose only occupant is one known enemy
  SMC not in a vehicle, for twice the usual MF (A4.15); the move ends there (A4.152 lets it go on only once
  the SMC is gone, which needs the Close Combat below);
- before entering it takes a NTC with the Location's TEM as DRM (A4.15; taken as the move starts, which the
  text allows: any time before entering). A Good Order leader moving with the MMC takes it for the whole
  stack; without one each MMC takes its own. A failure stops the stack where it stands for the rest of the
  phase (A4.15, A10.1; here a failing MMC stops the whole group that moves with it);
- as the movers enter, a Good Order SMC that is not pinned, in Melee or on a vehicle answers ``withdraw`` or
  ``stay`` (A4.151). Withdrawing, it goes before any Defensive First Fire to an adjacent Location free of
  enemies that the ATTACKER picks on the page, not into Open Ground when another is offered; staying, it may
  First Fire at the movers as any unit may (an SMC without a SW or hero status has no FP, A4.151).

- once the move's Defensive First Fire is over, an SMC still there is fought in Close Combat at once, in the
  MPh (A4.152), by cc.py's procedure for that one Location; both sides left there are in Melee and fight
  again in the CCPh (``start_cc``, ``end_of_phase``).

Not here: an overrunning unit that wins does not go on with its MF left (A4.152); concealed units in the
Location (A12.15 and the two-SMC refusal) and berserk movers (A15.432) are not modelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import commissar
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

SMC = ("leader", "hero")
MMC = ("squad", "hs", "crew")


def lone_smc(position: Position, side: str, h: Hex) -> UnitState | None:
    """The lone known enemy SMC in ``h`` that an Infantry OVR may enter on (A4.15), or None."""
    here = [u for u in position.units_at(h) if u.side != side]
    if len(here) != 1:
        return None
    smc = here[0]
    if smc.concealed or smc.type not in SMC or smc.carrier is not None:
        return None
    return smc


def may(units: Sequence[UnitState]) -> bool:
    """A4.15: only a group with an infantry MMC overruns; D15.83: never on bicycles; nor cavalry (A13.35)."""
    from hexmate.rules.games.asl import bicycle, cavalry

    return any(u.type in MMC for u in units) and bicycle.may_overrun(units) and cavalry.may_overrun(units)


def check(position: Position, units: Sequence[UnitState], path: Sequence[Hex]) -> Hex | None:
    """The hex this move overruns (its last), or None; IllegalAction if it would overrun and go on."""
    side = units[0].side
    for h in path[1:-1]:
        if lone_smc(position, side, h) is not None:
            raise IllegalAction(
                T("an Infantry Overrun ends the move in {hex}: the SMC there is fought first",
                  hex=position.label(h)), "A4.152")
    return path[-1] if len(path) > 1 and lone_smc(position, side, path[-1]) is not None else None


def ntc_decisions(position: Position, units: Sequence[UnitState], h: Hex) -> list[Decision]:
    """A4.15: the NTC before entering; a Good Order leader takes it for the stack, else each MMC its own."""
    drm = asl_terrain.tem(position, h)
    leaders = [u for u in units if u.type == "leader" and not u.has("broken") and not u.has("pinned")]
    testers = leaders[:1] or [u for u in units if u.type in MMC]
    return [
        Decision("roll", u.side,
                 T("{unit} takes a NTC to overrun the SMC at {hex} (+{drm} TEM)", unit=u.id,
                   hex=position.label(h), drm=drm),
                 "A4.15", "ovr_ntc", dice="DR", subject=(u.id,), target=h, args=(("drm", str(drm)),))
        for u in testers
    ]


def resume_ntc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A failed NTC stops the stack before it enters (A4.15, A10.1); the other checks of the move go."""
    assert answer.dice is not None
    state = position.state
    unit = state.units[decision.subject[0]]
    dice = (answer.dice[0], answer.dice[1])
    if am.task_check(unit, dice, drm=int(decision.arg("drm", "0")),
                     bonus=commissar.bonus(state.units.values(), unit)):  # A25.221: a commissar's +1
        return state
    left = tuple(d for d in state.decisions if d.then != "ovr_ntc")
    state = state.replace(decisions=left)
    if state.moving is not None:
        import dataclasses

        why = T("{unit} failed its NTC: no Infantry Overrun (A4.15)", unit=unit.id)
        state = state.replace(moving=dataclasses.replace(state.moving, stopped=why))
    return state


def start_cc(game: AslGame, position: Position, movers: Sequence[str], h: Hex) -> State:
    """A4.152: the overrun SMC still in the Location after Defensive First Fire: their CC at once, in the MPh,
    by cc.py's procedure. Only this Location is fought (the others are marked done, to wait for the CCPh) and
    no concealment is worked out; ``end_of_phase`` puts that bookkeeping back as the MPh ends."""
    from hexmate.rules.games.asl import cc as asl_cc

    state = position.state
    here = [position.units[u] for u in movers if u in position.units and position.units[u].hex == h]
    if not here or lone_smc(position, here[0].side, h) is None:
        return state
    gs = game.gstate(state)
    if gs.ovr_cc is None:  # the first Overrun CC of this MPh: what the CCPh will need, kept
        gs = gs.replace(ovr_cc=h, ovr_saved=(gs.cc_done, gs.conceal_done))
    others = tuple(x for x in asl_cc.locations(position) if x != h and x not in gs.cc_done)
    state = state.replace(game=gs.replace(cc_done=(*gs.cc_done, *others), conceal_done=True))
    return asl_cc.start_location(game, position.at(state), h)


def end_of_phase(game: AslGame, state: State) -> State:
    """As the MPh ends, the CC bookkeeping is as it was before any Overrun's CC: a Melee left by one is
    fought again in the CCPh (A4.152)."""
    gs = game.gstate(state)
    if gs.ovr_cc is None:
        return state
    done, conceal = gs.ovr_saved
    gs = gs.replace(ovr_cc=None, ovr_saved=((), False), cc_done=done, conceal_done=conceal)
    return state.replace(game=gs)


def can_withdraw(unit: UnitState) -> bool:
    return not any(unit.has(m) for m in ("broken", "pinned", "melee")) and unit.carrier is None


def withdraw_hexes(position: Position, smc: UnitState) -> tuple[Hex, ...]:
    """Adjacent Locations free of enemies it could advance into; Open Ground only if nothing else (A4.151)."""
    assert smc.hex is not None
    m = position.map
    cost = asl_terrain.infantry_cost_fn(position)
    free = [n for n in m.neighbors(smc.hex) if cost(m, smc.hex, n) is not None
            and not any(u.side != smc.side for u in position.units_at(n))]
    covered = [n for n in free if m.terrain(n) != "open"]
    return tuple(sorted(covered or free, key=lambda h: (h.q, h.r)))


def response(position: Position, movers: Sequence[str], h: Hex) -> Decision | None:
    """A4.151: the overrun SMC's choice, asked as the movers enter its Location."""
    side = position.units[movers[0]].side
    if any(position.units[u].has("berserk") or position.units[u].has("hw")
           for u in movers if u in position.units):
        return None  # A15.432, A25.233: overrun by a berserk or Human Wave MMC, the SMC may not withdraw
    smc = lone_smc(position, side, h)
    if smc is None or not can_withdraw(smc) or not withdraw_hexes(position, smc):
        return None
    return Decision("confirm", smc.side,
                    T("{unit} is overrun: withdraw before any First Fire, or stay", unit=smc.id),
                    "A4.151", "ovr_response", choices=("withdraw", "stay"), subject=(smc.id,), target=h)


def resume_response(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    if answer.choice != "withdraw":
        return position.state
    smc = position.units[decision.subject[0]]
    ends = withdraw_hexes(position, smc)
    return position.state.push(Decision(
        "hexes", position.phasing,
        T("{unit} withdraws from the Overrun: pick the adjacent Location it goes to", unit=smc.id),
        "A4.151", "ovr_withdraw", hexes=ends, subject=(smc.id,), target=decision.target))


def resume_withdraw(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    smc = position.units[decision.subject[0]]
    return position.state.with_unit(smc.at(answer.hexes[0]))
