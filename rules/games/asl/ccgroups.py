"""ASL Close Combat attack groups (A11.12, A11.14): who attacks whom in a Location.

What the text says and this module does (paraphrased):

- A11.12: each side designates all its attacks before any is resolved, the phasing side first; then the
  phasing side resolves its attacks, then the other side (simultaneity: a unit eliminated, reduced or
  captured still attacks). A side may split its units into attacks as it likes and aim them at any enemy
  units, as long as no unit attacks more than once or is attacked more than once in the CCPh; not every
  unit need attack, nor every enemy be attacked (the example: three 4 FP squads a side may make one 12:12,
  one 12:4, three 4:4, 8:4 + 4:8, or 8:4 + 4:4).
- A11.14: an SMC has 1 FP of its own in attack and defence. It may attack alone, and then defends alone;
  sharing its Location with friendly units it says whether it is alone before the enemy designates its
  attacks. An SMC joining MMCs attacks with the MMC it is stacked on and defends with it; the players
  arrange their stacks before either side designates. An SMC is a target on its own only when it is alone
  (attacks without an MMC); otherwise the smallest target is one MMC with the SMCs on it.
- A11.3: a sequential CC (a vehicle in the Location, A11.31; an ambush, A11.32; prisoners, A11.33, escape.py)
  resolves its attacks in turn, so a unit eliminated before its own attack loses it; withdrawals are
  declared before any, for good (cc.withdrawals, A11.2). No attack is designated ahead: with a vehicle each
  is designated in its turn, after the results before it; after an ambush each of the ambusher's attacks is
  rolled as soon as it is designated, and its next one designated after that result (``_designate_more``).
- A11.32: after a successful ambush the CC is sequential: the ambusher designates and resolves all its
  attacks (one by one, A11.3), its results are applied, then the ambushed side designates and replies.

At the table: the side designating second, if it has an SMC and an MMC in the Location, first arranges its
stacks (``cc_stack``: ``answer units L,M`` puts the SMCs L on the MMC M, ``answer units L`` declares them
alone, ``done`` keeps what the prompt says: each SMC on its side's strongest MMC). Then each side designates
its attacks (``cc_group``): ``answer units A,B,X`` is one attack by the side's A and B on the enemy X (``?``
stands for the enemy units that kept their "?"), asked again until ``done``; the table's default,
``together``, is one attack by all against all. The first side's stacks follow from its designations (an SMC
attacking with MMCs is on the strongest of them, one attacking without is alone; ``answer units L`` naming
only its SMCs declares them alone without attacking). A side with one unit able to attack and one target is
not asked. Naming an MMC as a target takes the SMCs stacked on it too.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame, AslState

SMC = ("leader", "hero")
HIDDEN = "?"  # the enemy units under "?" in the Location, attacked as one (A11.19)
TOGETHER = "together"
DONE = "done"


def is_smc(unit: UnitState) -> bool:
    return unit.type in SMC


def _personnel(position: Position, h: Hex, side: str) -> list[UnitState]:
    from hexmate.rules.games.asl import cc

    gone = cc.infiltrating(position)
    return [u for u in cc.here(position, h) if u.side == side and cc._personnel(u) and u.id not in gone]


def default_stacks(position: Position, h: Hex) -> tuple[tuple[str, str], ...]:
    """Each SMC on the strongest MMC of its side in the Location (most CC FP, a Good Order one first, then by
    id); an SMC whose side has no MMC there is alone (A11.14)."""
    from hexmate.rules.games.asl import cc

    out = []
    for side in sorted({u.side for u in cc.here(position, h)}):
        units = _personnel(position, h, side)
        mmcs = [u for u in units if not is_smc(u)]
        if not mmcs:
            continue
        leaving = cc.withdrawing(position)
        for smc in (u for u in units if is_smc(u)):
            # A11.2: an SMC withdrawing without an MMC is a target of its own; A11.14: a Known SMC does not
            # defend with a concealed unit, nor a concealed one with a Known unit
            with_it = [u for u in mmcs
                       if (u.id in leaving) == (smc.id in leaving) and u.concealed == smc.concealed]
            if with_it:
                best = max(with_it, key=lambda u: (not u.has("broken"), cc.cc_fp(u), u.id))
                out.append((smc.id, best.id))
    return tuple(sorted(out))


def stacked_on(position: Position) -> dict[str, str]:
    """SMC id -> the MMC it is stacked on in the CC being fought (A11.14); an SMC not in it is alone."""
    gs = _gs(position)
    return {s: m for s, m in gs.cc_on if m in position.units and s in position.units}


def _gs(position: Position) -> AslState:
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    assert isinstance(gs, AslState)
    return gs


def blocks(position: Position, targets: list[UnitState]) -> list[tuple[str, ...]]:
    """The smallest targets among ``targets`` (A11.14): an MMC with the SMCs on it; an SMC alone on its own;
    every unit under "?" together (A11.19)."""
    on = stacked_on(position)
    ids = {u.id for u in targets}
    hidden = tuple(sorted(u.id for u in targets if u.concealed))
    out: list[tuple[str, ...]] = [hidden] if hidden else []
    for unit in sorted(targets, key=lambda u: u.id):
        if unit.concealed or (is_smc(unit) and on.get(unit.id) in ids):
            continue
        riders = sorted(s for s, m in on.items()
                        if m == unit.id and s in ids and not position.units[s].concealed)
        out.append((unit.id, *riders))
    return out


# --- stacking (A11.14) ---


def stack_asks(game: AslGame, position: Position, h: Hex, sides: tuple[str, ...]) -> list[Decision]:
    """The stacking question of each side with an SMC and an MMC able to fight in the Location."""
    asks = []
    for side in sides:
        units = _personnel(position, h, side)
        if any(is_smc(u) for u in units) and any(not is_smc(u) for u in units):
            asks.append(_stack_ask(position, h, side))
    return asks


def _stack_text(position: Position, side: str) -> str:
    on = stacked_on(position)
    h = _cc_hex(position)
    parts = []
    for unit in sorted(_personnel(position, h, side), key=lambda u: u.id):
        if is_smc(unit) and not unit.concealed:  # a prompt never names a unit under "?" (A12.1)
            parts.append(f"{unit.id}>{on[unit.id]}" if unit.id in on else T("{unit} alone", unit=unit.id))
    return ", ".join(parts)


def _cc_hex(position: Position) -> Hex:
    h = _gs(position).cc_hex
    assert h is not None
    return h


def _stack_ask(position: Position, h: Hex, side: str) -> Decision:
    units = _personnel(position, h, side)
    return Decision(
        "units",
        side,
        T("{side}: stack your leaders and heroes at {hex} before any attack is designated: name SMCs and the "
          "MMC they go on, or SMCs alone; done keeps {stacks}", side=side, hex=position.label(h),
          stacks=_stack_text(position, side)),
        "A11.14",
        "cc_stack",
        units=tuple(sorted(u.id for u in units)),
        choices=(DONE,),
        count=0,
        target=h,
    )


def check_stack(position: Position, decision: Decision, answer: act.Answer) -> None:
    if not answer.units:
        return
    units = [position.units[u] for u in answer.units]
    smcs = [u for u in units if is_smc(u)]
    mmcs = [u for u in units if not is_smc(u)]
    if not smcs or len(mmcs) > 1:
        raise IllegalAction(T("name one or more leaders or heroes, and at most one MMC they stack on"),
                            "A11.14")
    if mmcs and any(u.concealed != mmcs[0].concealed for u in smcs):
        raise IllegalAction(T("a Known unit does not defend with a concealed one"), "A11.14")


def resume_stack(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.14: the SMCs named go on the MMC named, or are alone; asked again until done."""
    state = position.state
    gs = game.gstate(state)
    if answer.choice == DONE:
        if any(d.then == "cc_stack" for d in state.decisions):
            return state
        return proceed(game, position)
    named = [position.units[u] for u in answer.units]
    smcs = {u.id for u in named if is_smc(u)}
    mmc = next((u.id for u in named if not is_smc(u)), "")
    on = tuple(sorted((s, m) for s, m in gs.cc_on if s not in smcs) + [(s, mmc) for s in smcs if mmc])
    alone = tuple(sorted({*(a for a in gs.cc_alone if a not in smcs), *(smcs if not mmc else ())}))
    state = state.replace(game=gs.replace(cc_on=on, cc_alone=alone))
    return state.push(_stack_ask(position.at(state), decision.target or _cc_hex(position), decision.side))


# --- designation (A11.12) ---


def _attacked(position: Position) -> set[str]:
    return {t for _, _, targets in _groups(position) for t in targets}


def _attacking(position: Position) -> set[str]:
    return {a for _, attackers, _ in _groups(position) for a in attackers}


def _groups(position: Position) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]:
    return _gs(position).cc_groups


def free_attackers(position: Position, h: Hex, side: str) -> list[UnitState]:
    from hexmate.rules.games.asl import cc

    used = _attacking(position)  # and A11.5: a unit that attacked a vehicle in this CCPh ("cc")
    own = [u for u in cc.attackers(position, h, side) if u.id not in used and not u.has("cc")]
    if sequential(position):  # A11.62: the side's vehicles attack infantry in their turns too
        own += [v for v in vehicles_here(position, h) if v.side == side and v.id not in used
                and not v.has("wreck")]
    return own


def free_targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    from hexmate.rules.games.asl import cc, ccpax

    used = _attacked(position)  # A11.611, A11.52: passengers only to capture, once the rest are gone
    return [u for u in cc._targets(position, h, side)
            if u.id not in used and ccpax.targetable(position, u, side)]


def _group_ask(position: Position, h: Hex, side: str, first: bool) -> Decision:
    own = free_attackers(position, h, side)
    theirs = free_targets(position, h, side)
    options = [u.id for u in own] + [u.id for u in theirs if not u.concealed]
    if any(u.concealed for u in theirs):
        options.append(HIDDEN)
    if sequential(position):  # A11.31, A11.5: an attack on an enemy vehicle is one of the side's attacks
        options += [v.id for v in _enemy_vehicles(position, h, side)]
    word = TOGETHER if first else DONE
    from hexmate.rules.games.asl import ccsn

    sn = (ccsn.WORD,) if ccsn.armed(position, h, side) is not None else ()  # A11.622
    return Decision(
        "units",
        side,
        T("{side}: designate a Close Combat attack at {hex}: name your attackers and their targets ({word}: "
          "{what})", side=side, hex=position.label(h), word=word,
          what=T("all against all") if first else T("no more attacks")),
        "A11.12",
        "cc_group",
        units=tuple(options),
        choices=(word, *sn),
        count=0,
        target=h,
    )


def designate(game: AslGame, position: Position, side: str) -> State:
    """The side's designation: asked when there is a choice, else its one attack (or none) is recorded."""
    state = position.state
    h = _cc_hex(position)
    own = free_attackers(position, h, side)
    theirs = free_targets(position, h, side)
    if not own or not theirs:  # a side whose concealed units all declined has none (A11.19)
        return _designated(game, position, side)
    if len(own) == 1 and len(blocks(position, theirs)) == 1:
        return _designated(game, _add(game, position, side, own, theirs), side)
    return state.push(_group_ask(position, h, side, True))


def _designate_more(game: AslGame, position: Position, side: str) -> State:
    """A11.3: after an attack of the ambusher's is rolled, its next one, while it has attackers and targets
    left; else its designation is over."""
    h = _cc_hex(position)
    if not free_attackers(position, h, side) or not free_targets(position, h, side):
        return _designated(game, position, side)
    return position.state.push(_group_ask(position, h, side, False))


def _designated(game: AslGame, position: Position, side: str) -> State:
    gs = game.gstate(position.state)
    state = position.state.replace(game=gs.replace(cc_designated=(*gs.cc_designated, side)))
    return proceed(game, position.at(state))


def _add(
    game: AslGame, position: Position, side: str, own: list[UnitState], theirs: list[UnitState]
) -> Position:
    gs = game.gstate(position.state)
    group = (side, tuple(sorted(u.id for u in own)), tuple(sorted(u.id for u in theirs)))
    return position.at(position.state.replace(game=gs.replace(cc_groups=(*gs.cc_groups, group))))


def _together(position: Position, h: Hex, side: str) -> tuple[list[UnitState], list[UnitState]]:
    """All against all: every free attacker but an SMC declared alone where MMCs attack (A11.14)."""
    gs = _gs(position)
    own = free_attackers(position, h, side)
    if any(not is_smc(u) for u in own):
        own = [u for u in own if u.id not in gs.cc_alone]
    return own, free_targets(position, h, side)


def group_of(position: Position, decision: Decision, answer: act.Answer) -> tuple[list[UnitState],
                                                                                    list[UnitState]]:
    """The attackers and targets an answer names, checked (A11.12, A11.14); IllegalAction if not legal."""
    from hexmate.rules.games.asl import cc

    h = decision.target
    assert h is not None
    side = decision.side
    if answer.choice == TOGETHER:
        return _together(position, h, side)
    own_free = {u.id: u for u in free_attackers(position, h, side)}
    their_free = {u.id: u for u in free_targets(position, h, side)}
    once = IllegalAction(T("no unit attacks or is attacked more than once in a Close Combat Phase"), "A11.12")
    own: list[UnitState] = []
    theirs: dict[str, UnitState] = {}
    for uid in answer.units:
        if uid == HIDDEN:
            theirs.update({u.id: u for u in their_free.values() if u.concealed})
        elif uid in own_free:
            own.append(own_free[uid])
        elif uid in their_free and not their_free[uid].concealed:
            theirs[uid] = their_free[uid]
        else:
            raise once
    first = side == _first(position)
    if first and own and not theirs and all(is_smc(u) for u in own):
        return own, []  # the first side's SMCs declared alone, making no attack (A11.14)
    if not own or not theirs:
        raise IllegalAction(T("an attack names at least one of your units and one enemy unit"), "A11.12")
    if len(own) > 1 and any(cc._vehicle(u) for u in own):
        raise IllegalAction(T("a vehicle attacks in Close Combat on its own"), "A11.62")
    on = stacked_on(position)
    alone = _gs(position).cc_alone
    own_ids = {u.id for u in own}
    mmcs = [u for u in own if not is_smc(u)]
    for unit in own:
        if not is_smc(unit) or first:  # the first side stacks its SMCs as it designates (A11.14)
            continue
        if unit.id in on and on[unit.id] not in own_ids and on[unit.id] in own_free:
            raise IllegalAction(T("{unit} is stacked on {mmc}: it attacks with it or not at all",
                                  unit=unit.id, mmc=on[unit.id]), "A11.14")
        if unit.id in alone and mmcs:
            raise IllegalAction(T("{unit} is declared alone: it attacks without MMCs", unit=unit.id),
                                "A11.14")
    for uid in list(theirs):
        unit = theirs[uid]
        if is_smc(unit) and on.get(uid) in their_free and on[uid] not in theirs:
            raise IllegalAction(T("{unit} is stacked on {mmc}: it is attacked only together with it",
                                  unit=uid, mmc=on[uid]), "A11.14")
        for smc, mmc in on.items():  # the SMCs on a targeted MMC are attacked with it
            if mmc == uid and smc in their_free and not their_free[smc].concealed:
                theirs[smc] = their_free[smc]
    return own, sorted(theirs.values(), key=lambda u: u.id)


def _first(position: Position) -> str:
    """The side designating first (A11.12, A11.32): the ambusher, else the phasing side."""
    amb = _gs(position).cc_ambusher
    return str(amb or position.phasing)


def _restack(position: Position, side: str, own: list[UnitState]) -> Position:
    """A11.14: the first side's SMCs attacking with MMCs are stacked on the strongest of them; attacking (or
    declared) without one, they are alone."""
    from hexmate.rules.games.asl import cc

    gs = _gs(position)
    smcs = {u.id for u in own if is_smc(u)}
    mmcs = [u for u in own if not is_smc(u)]
    on = [(s, m) for s, m in gs.cc_on if s not in smcs]
    alone = [a for a in gs.cc_alone if a not in smcs]
    if mmcs:
        best = max(mmcs, key=lambda u: (cc.cc_fp(u), u.id))
        on.extend((s, best.id) for s in smcs)
    else:
        alone.extend(smcs)
    return position.at(position.state.replace(game=gs.replace(
        cc_on=tuple(sorted(on)), cc_alone=tuple(sorted(alone)))))


def must_attack(position: Position, h: Hex, side: str) -> list[UnitState]:
    """A11.15: the side's units that advanced into a Melee this APh take part in its CC (a concealed one may
    keep its "?" instead, A11.19: it is then no attacker at all): those not yet in an attack while a target
    is left."""
    from hexmate.rules.games.asl import cc

    gs = _gs(position)
    if not free_targets(position, h, side):
        return []
    return [u for u in free_attackers(position, h, side) if u.id in gs.cc_advanced and not u.has("melee")
            and any(t.has("melee") for t in cc.here(position, h) if t.side != side)]


def _enemy_vehicles(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The vehicles ``side`` may attack here: the enemy's, and its own Abandoned AFVs that the enemy's
    personnel there make it capture back (A21.2, vcapcc.py)."""
    from hexmate.rules.games.asl import vcapcc

    return [v for v in vehicles_here(position, h) if (v.side != side and not v.has("wreck"))
            or (v.side == side and vcapcc.must(position, v, side))]


def _vehicle_attack(position: Position, decision: Decision, answer: act.Answer
                    ) -> tuple[act.Fire, UnitState] | None:
    """An answer naming an enemy vehicle: the CC attack on it (A11.5) by the side's units named."""
    h = decision.target
    assert h is not None
    vehicles = {v.id: v for v in _enemy_vehicles(position, h, decision.side)}
    named = [vehicles[u] for u in answer.units if u in vehicles]
    if not named:
        return None
    others = [u for u in answer.units if u not in vehicles]
    if len(named) > 1 or any(u not in position.units or position.units[u].side != decision.side
                             for u in others):
        raise IllegalAction(T("a CC attack on a vehicle names only that vehicle as its target"), "A11.5")
    return act.Fire(tuple(u for u in answer.units if u not in vehicles), h), named[0]


def check_group(position: Position, decision: Decision, answer: act.Answer) -> None:
    from hexmate.rules.games.asl import vfire

    on_vehicle = _vehicle_attack(position, decision, answer)
    if on_vehicle is not None:
        free = {u.id for u in free_attackers(position, on_vehicle[0].target, decision.side)}
        if any(u not in free for u in on_vehicle[0].firers):
            raise IllegalAction(T("no unit attacks or is attacked more than once in a Close Combat Phase"),
                                "A11.12")
        from hexmate.rules.games.asl import tankflip

        if tankflip.claims(position, *on_vehicle):  # A25.935: several MMC together, a Tank Flip
            tankflip.check(position, *on_vehicle)
            return
        vfire.check_cc(position, *on_vehicle)
        return
    if answer.choice == "sn":  # A11.622: not one of the side's CC attacks
        return
    if answer.choice == DONE:
        h = decision.target
        assert h is not None
        late = must_attack(position, h, decision.side)
        if late:
            raise IllegalAction(T("{units} advanced into a Melee and must take part in its Close Combat",
                                  units=", ".join(u.id for u in late)), "A11.15")
        return
    own, theirs = group_of(position, decision, answer)
    h = decision.target
    assert h is not None
    named = {u.id for u in (*own, *theirs)}
    late = [u for u in must_attack(position, h, decision.side) if u.id not in named]
    if late and not [u for u in free_targets(position, h, decision.side) if u.id not in named]:
        raise IllegalAction(T("{units} advanced into a Melee and must take part in its Close Combat",
                              units=", ".join(u.id for u in late)), "A11.15")


def resume_group(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """One attack designated; asked again while the side has units left to attack and targets left."""
    h = decision.target
    assert h is not None
    if answer.choice == "sn":  # A11.622: the AFV's sN attack, then the side designates as before
        from hexmate.rules.games.asl import ccsn

        vehicle = ccsn.armed(position, h, decision.side)
        assert vehicle is not None
        return position.state.push(ccsn.ask(position, vehicle))
    if answer.choice == DONE:
        if sequential(position):  # A11.31: the side passes this turn
            gs = _gs(position)
            return proceed(game, position.at(position.state.replace(
                game=gs.replace(cc_designated=(*gs.cc_designated, f"{decision.side}:{PASS}")))))
        return _designated(game, position, decision.side)
    on_vehicle = _vehicle_attack(position, decision, answer)
    if on_vehicle is not None:  # A11.5: rolled on the CCV; the turn passes once it is resolved
        from hexmate.rules.games.asl import tankflip, vfire

        if tankflip.claims(position, *on_vehicle):
            return tankflip.declare(game, position, *on_vehicle)  # A25.935
        return vfire.declare_cc(position, *on_vehicle)
    own, theirs = group_of(position, decision, answer)
    if sequential(position) and theirs:  # A11.31: one attack, rolled and applied before the other side's
        position = _add(game, position, decision.side, own, theirs)
        gs = _gs(position)
        return proceed(game, position.at(position.state.replace(
            game=gs.replace(cc_designated=(*gs.cc_designated, decision.side)))))
    if decision.side == _first(position):
        position = _restack(position, decision.side, own)
    if not theirs:  # SMCs declared alone, not attacking (A11.14)
        fresh = not any(g[0] == decision.side for g in _groups(position))
        return position.state.push(_group_ask(position, h, decision.side, fresh))
    position = _add(game, position, decision.side, own, theirs)
    if answer.choice == TOGETHER or not free_attackers(position, h, decision.side) or not free_targets(
            position, h, decision.side):
        return _designated(game, position, decision.side)
    if _gs(position).cc_ambusher == decision.side:  # A11.3: rolled now, the next designated after its result
        return proceed(game, position)
    return position.state.push(_group_ask(position, h, decision.side, False))


# --- the driver of a Location's CC once declarations are made ---


def begin(game: AslGame, position: Position) -> State:
    """After the ambush, withdrawals and concealment declarations: the stacks, then the designations."""
    from hexmate.rules.games.asl import cc

    state = position.state
    gs = game.gstate(state)
    h = _cc_hex(position)
    state = state.replace(game=gs.replace(cc_on=default_stacks(position, h), cc_alone=(), cc_groups=(),
                                          cc_designated=(), cc_rolled=0, cc_next=0))
    position = position.at(state)
    sides = cc.order(game, position)
    # A11.14: the second side's stacks are set before the first designates; the first side's follow from
    # its own designations
    # a side all of whose units there keep their "?" (A11.19) has no stacks to show
    hiding = all(u.id in gs.cc_declined for u in _personnel(position, h, sides[1]))
    asks = stack_asks(game, position, h, () if hiding else (sides[1],))
    if asks:
        return state.push(*asks)
    return proceed(game, position)


# --- sequential CC in a Location holding a vehicle (A11.31, A11.34) ---
PASS = "pass"


def vehicles_here(position: Position, h: Hex) -> list[UnitState]:
    """The vehicles (abandoned ones too) in the Location being fought (A11.31)."""
    from hexmate.rules.games.asl import cc

    return [u for u in cc.here(position, h) if cc._vehicle(u)]


def sequential(position: Position) -> bool:
    """A11.31: every CC in a Location holding a vehicle is sequential; a successful ambush there makes the
    ambusher attack first with all its attacks instead (A11.34: the highest rule number, A11.32, governs)."""
    gs = _gs(position)
    return gs.cc_hex is not None and not gs.cc_ambusher and bool(vehicles_here(position, gs.cc_hex))


def seq_order(position: Position) -> tuple[str, str]:
    """A11.31: the side not owning the vehicle attacks first (an abandoned one is its last owner's, its
    ``side``); with vehicles of both sides there, the phasing side."""
    from hexmate.rules.games.asl import vcapcc

    # A21.2: an AFV captured in this CC keeps its Location's order (its owner when the CC began)
    owners = {position.enemy_of(v.side) if v.has(vcapcc.CC_TAKEN) else v.side
              for v in vehicles_here(position, _cc_hex(position))}
    first = position.phasing if len(owners) != 1 else position.enemy_of(owners.pop())
    return first, position.enemy_of(first)


def _seq_turn(game: AslGame, position: Position) -> State:
    """A11.31: the sides take one attack each in turn, the results of each applied before the next (a unit
    eliminated before its turn makes no attack), until neither attacks any more (each passes in turn, or has
    no unit able to attack a unit not yet attacked)."""
    state = position.state
    gs = game.gstate(state)
    h = _cc_hex(position)
    turns = gs.cc_designated
    if len(turns) >= 2 and turns[-1].endswith(PASS) and turns[-2].endswith(PASS):
        return _seq_end(game, position)
    first, second = seq_order(position)
    side = first if len(turns) % 2 == 0 else second
    if not free_attackers(position, h, side) or not (free_targets(position, h, side)
                                                     or _enemy_vehicles(position, h, side)):
        state = state.replace(game=gs.replace(cc_designated=(*turns, f"{side}:{PASS}")))
        return _seq_turn(game, position.at(state))
    return state.push(_group_ask(position, h, side, False))


def _seq_end(game: AslGame, position: Position) -> State:
    from hexmate.rules.games.asl import cc

    return cc.finish_location(game, position)


def _seq_proceed(game: AslGame, position: Position) -> State:
    from hexmate.rules.games.asl import cc

    state = position.state
    gs = game.gstate(state)
    if gs.cc_rolled < len(gs.cc_groups):
        return cc.roll_attack(game, position, gs.cc_rolled)
    if gs.cc_pending:  # A11.31: each attack's results apply before the reply
        applied = cc.apply_pending(game, position)
        if applied.decisions != state.decisions:
            return applied
        position = position.at(applied)
    return _seq_turn(game, position)


def after_vehicle_attack(game: AslGame, position: Position, decision: Decision) -> State:
    """A11.31: once an attack on a vehicle in the CC being fought is resolved (a further dr of A11.501
    answered too), the other side's turn."""
    state = position.state
    gs = game.gstate(state)
    pending = state.decision
    if (pending is not None and pending.then == "vcc2") or gs.cc_hex is None or decision.target != gs.cc_hex:
        return state
    state = state.replace(game=gs.replace(cc_designated=(*gs.cc_designated, decision.side)))
    if pending is not None:  # a wound of the crew's small arms (A11.621): the CC goes on once it is rolled
        return state
    return proceed(game, position.at(state))


def crew_small_arms(position: Position, decision: Decision, dice: tuple[int, ...]) -> State:
    """A11.621: an Original CC DR of 12 against a manned vehicle, neither shocked nor stunned, Casualty
    Reduces the attacking unit (the MMC where an SMC attacks beside it)."""
    from hexmate.rules.games.asl import cc

    state = position.state
    vehicle = state.units.get(decision.arg("target"))
    if sum(dice) != 12 or vehicle is None or any(vehicle.has(m) for m in ("abandoned", "shocked", "stunned")):
        return state
    units = [state.units[u] for u in decision.subject if u in state.units]
    if not units:
        return state
    unit = next((u for u in units if not is_smc(u)), units[0])
    state, wound = cc._cc_reduce(position, state, unit)
    if _gs(position).cc_hex is None:  # an attack outside a Location's CC sequence: nothing to go on with
        wound = [dataclasses.replace(w, args=tuple(a for a in w.args if a[0] != "cc")) for w in wound]
    return state.push(*wound) if wound else state


def proceed(game: AslGame, position: Position) -> State:
    """The next step of the Location's CC: a designation, an attack to roll, the ambusher's results to apply
    before the reply (A11.32), the next attack of a CC with a vehicle (A11.31), or the end (results applied,
    Melee)."""
    from hexmate.rules.games.asl import cc

    state = position.state
    gs = game.gstate(state)
    if sequential(position):
        return _seq_proceed(game, position)
    first, second = cc.order(game, position)
    if first not in gs.cc_designated:
        if gs.cc_ambusher and gs.cc_rolled < len(gs.cc_groups):  # A11.3: each attack rolled as designated
            return cc.roll_attack(game, position, gs.cc_rolled)
        if gs.cc_ambusher and gs.cc_groups:  # A11.3: the ambusher's next attack, after the last one's result
            return _designate_more(game, position, first)
        return designate(game, position, first)
    if gs.cc_ambusher:  # A11.32: sequential
        if gs.cc_rolled < len(gs.cc_groups):
            return cc.roll_attack(game, position, gs.cc_rolled)
        if not gs.cc_next:  # the ambusher's results apply before the ambushed side designates
            state = state.replace(game=gs.replace(cc_next=1))
            applied = cc.apply_pending(game, position.at(state))
            if applied.decisions != state.decisions:
                return applied
            return proceed(game, position.at(applied))
    if second not in gs.cc_designated:
        return designate(game, position, second)
    if gs.cc_rolled < len(gs.cc_groups):
        return cc.roll_attack(game, position, gs.cc_rolled)
    return cc.apply_results(game, position)


__all__ = ["DONE", "HIDDEN", "TOGETHER", "begin", "blocks", "check_group", "check_stack", "default_stacks",
           "designate", "group_of", "proceed", "resume_group", "resume_stack", "stacked_on"]
