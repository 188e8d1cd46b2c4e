"""A leader created in Close Combat (A18.12, A18.2).

A18.12: when an MMC's CC attack has an Original DR of 2, its owner at once rolls a dr on the Leader Creation
Table (A18.2); the drm is the nationality's, -1 per odds column below 1:1, and the creating unit's morale (of
several MMCs attacking, the best: here the one of highest FP, standing in for BPV). A leader created joins
that attack: his FP counts in the odds and his leadership is added to the Original 2, and the attack is
worked out again with the same dice. He is placed with the attackers; if they infiltrate out (A11.22, which
the same 2 allows) he goes with them. Against an AFV (``vcc``, A11.5) the drm has -1 for CC against an AFV,
and the leader joins the attack as an SMC beside the MMC: +1 CCV (if no SMC was with it) and his leadership
as a DRM (A11.51); the result is read again with the same DR and A11.501's further dr.

A18.12 goes on: unless one side or both leave by Infiltration (A11.22), both sides' attacks are worked out
again as though the new leader had been there from the start, each with the Original DR it rolled. He is an
SMC stacked on the MMC that created him (A11.14: he attacks with it, which the creating attack has done, and
he defends with it), so what changes is every enemy attack on that MMC: he is one more target, his 1 FP adds
to the defence and may change the odds column, and the result may take him. ``reresolve`` re-works the enemy
attacks already rolled, after the creators have chosen to stay (if they infiltrate, nothing is re-resolved);
the enemy attacks still to roll simply have him among their targets (``_join_targets``). Where the CC is
sequential (an ambush, A11.32, or a vehicle in it, A11.31) the other side's results already rolled have been
applied before the reply: there is nothing simultaneous to re-resolve, and later attacks see him as usual.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import leaders
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame, AslState

MMC = ("squad", "hs", "crew")


def due(position: Position, group: list[UnitState], dice: tuple[int, ...]) -> bool:
    return ASL_DR.from_values(dice).total == 2 and any(u.type in MMC for u in group)


def ask(position: Position, side: str, index: int, dice: tuple[int, ...], capture: bool = False) -> Decision:
    return Decision(
        "roll", side, T("{side}: Original CC DR 2: roll the Leader Creation dr", side=side), "A18.12",
        "cc_leader", dice="dr", args=(("capture", "1" if capture else "0"),
                                      ("dice", ",".join(str(d) for d in dice)), ("index", str(index))))


def _columns_below(position: Position, column: str) -> int:
    """A18.2: odds columns of the CCT below 1:1 (the example counts 1:4 as two)."""
    keys = [str(k) for k in position.charts.chart("cct").axis("odds").keys]
    if column not in keys or "1:1" not in keys:
        return 0
    return max(0, keys.index("1:1") - keys.index(column))


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The leader created (if any) joins the attack, worked out again with the same dice (A18.12)."""
    from hexmate.rules.games.asl import cc

    state = position.state
    gs = game.gstate(state)
    index = int(decision.arg("index"))
    dice = tuple(int(d) for d in decision.arg("dice").split(","))
    side, group, targets = cc.group_units(position, index)
    h = gs.cc_hex
    assert h is not None
    attack, defence, _ = cc.strengths(position, h, side, (group, targets))
    column = cc.odds_column(position.charts.chart("cct").axis("odds").keys, cc.odds(attack, defence))
    creator = max((u for u in group if u.type in MMC), key=lambda u: (int(u.values.get("fp", 0) or 0), u.id))
    nat = leaders._nationality(position, side)
    dr = (answer.dice or (0,))[0]
    below = _columns_below(position, column)
    got, final = am.created_leader(creator, dr, odds_columns_below_1_1=below, default_nationality=nat)
    lines = [Line(T("Leader Creation dr"), str(dr), "A18.12")]
    lines += [Line(label, f"{value:+d}", rule) for label, value, rule in
              am.leader_creation_drm(creator, odds_columns_below_1_1=below, default_nationality=nat)]
    lines.append(Line(T("final dr"), str(final), "A18.2"))
    counter = leaders._counter(position, got) if got else None
    if counter is None:
        res = state.resolution
        if res is not None:
            state = state.replace(resolution=dataclasses.replace(res, lines=(*res.lines, *lines)))
        return cc.after_leader(game, position.at(state), side, index, dice)
    n = sum(1 for u in state.units if u.startswith(f"{side}-created"))
    leader = leaders.inherit(creator, UnitState(f"{side}-created{n + 1}", side, counter, h,
                                                 level=creator.level))  # A10.8
    state = state.with_unit(leader)
    own = (*gs.cc_groups[index][1], leader.id)
    groups = list(gs.cc_groups)
    groups[index] = (side, own, gs.cc_groups[index][2])
    target_ids = {u.id for u in targets}
    pending = tuple((uid, r) for uid, r in gs.cc_pending if uid not in target_ids)
    state = state.replace(game=gs.replace(cc_groups=tuple(groups), cc_pending=pending))
    view = position.at(state)
    res, results = cc.work(view, h, side, dice, gs.cc_ambusher, gs.cc_hth,
                           capture=decision.arg("capture") == "1",  # A20.22: still a capture attempt
                           group=([*group, view.units[leader.id]], targets))
    res = dataclasses.replace(res, lines=(*lines, *res.lines))
    gs = game.gstate(state)
    pending = (*gs.cc_pending, *((uid, f"{r}:{index}" if r in ("CR", "CAP1") else r)
                                 for uid, r in sorted(results.items()) if r != "-"))
    state = state.replace(resolution=res, game=gs.replace(cc_pending=pending))
    state = _join_targets(game, position.at(state), index, leader.id)
    return cc.after_leader(game, position.at(state), side, index, dice, created=leader.id)


def _creators(gs: AslState, index: int, leader: str) -> set[str]:
    return {u for u in gs.cc_groups[index][1] if u != leader}


def _join_targets(game: AslGame, position: Position, index: int, leader: str) -> State:
    """A18.12, A11.14: the enemy attacks designated on the MMC that created him, not yet rolled, have him
    among their targets too."""
    state = position.state
    gs = game.gstate(state)
    side = gs.cc_groups[index][0]
    own = _creators(gs, index, leader)
    groups = list(gs.cc_groups)
    for j in range(gs.cc_rolled, len(groups)):
        g_side, attackers, targets = groups[j]
        if g_side != side and own & set(targets) and leader not in targets:
            groups[j] = (g_side, attackers, (*targets, leader))
    return state.replace(game=gs.replace(cc_groups=tuple(groups)))


def reresolve(game: AslGame, position: Position, index: int, leader: str) -> State:
    """A18.12: the enemy attacks already rolled on the creating MMC worked out again with the same Original
    DR, the new leader among their targets, unless a unit has left by Infiltration (A11.22) or the CC is
    sequential (A11.31, A11.32). Their old results give way to the new ones."""
    from hexmate.rules.games.asl import cc, ccgroups

    state = position.state
    gs = game.gstate(state)
    h = gs.cc_hex
    if h is None or leader not in state.units or gs.cc_infiltrate or gs.cc_ambusher \
            or ccgroups.sequential(position):
        return state
    side = gs.cc_groups[index][0]
    own = _creators(gs, index, leader)
    notes: list[Line] = []
    last = None
    for j, dice_text, capture in gs.cc_rolls:
        g_side, attackers, targets = gs.cc_groups[j]
        if j == index or g_side == side or not own & set(targets) or leader in targets:
            continue
        gs = game.gstate(state)
        groups = list(gs.cc_groups)
        groups[j] = (g_side, attackers, (*targets, leader))
        old = set(targets)
        pending = tuple((uid, r) for uid, r in gs.cc_pending if uid not in old)
        risk = tuple((uid, k) for uid, k in gs.cc_sw_risk if uid not in old)
        state = state.replace(game=gs.replace(cc_groups=tuple(groups), cc_pending=pending, cc_sw_risk=risk))
        view = position.at(state)
        _, group, aimed = cc.group_units(view, j)
        dice = tuple(int(d) for d in dice_text.split(","))
        res, results = cc.work(view, h, g_side, dice, gs.cc_ambusher, gs.cc_hth, capture=capture,
                               group=(group, aimed))
        gs = game.gstate(state)
        pending = (*gs.cc_pending, *((uid, f"{r}:{j}" if r in ("CR", "CAP1") else r)
                                     for uid, r in sorted(results.items()) if r != "-"))
        if ASL_DR.from_values(dice).coloured == 1:  # A11.13, as the first working had it
            kill = cc.black_kill_number(view, h, g_side, (group, aimed))
            risk = (*gs.cc_sw_risk, *((uid, kill) for uid, r in sorted(results.items()) if r in cc.SW_RISK))
        else:
            risk = gs.cc_sw_risk
        state = state.replace(game=gs.replace(cc_pending=pending, cc_sw_risk=risk))
        notes.append(Line(T("re-resolved with {leader} there from the start: the attack by {units}",
                            leader=leader, units=", ".join(attackers)), res.summary, "A18.12"))
        notes.extend(res.lines)
        last = res
    if last is None:
        return state
    shown = state.resolution  # the page shows the re-resolution after what this answer already shows
    lines = (*(shown.lines if shown is not None else ()), *notes)
    summary = T("attacks re-resolved with {leader} there from the start (A18.12)", leader=leader)
    return state.replace(resolution=dataclasses.replace(last, lines=lines, summary=summary))


def afv_due(position: Position, decision: Decision, original: int) -> bool:
    """A18.12 against a vehicle: an MMC's CC attack on it, in the CC of a Location, with an Original 2."""
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    units = [position.units[u] for u in decision.subject if u in position.units]
    return (original == 2 and isinstance(gs, AslState) and gs.cc_hex is not None
            and decision.target == gs.cc_hex and any(u.type in MMC for u in units))


def ask_afv(decision: Decision, extra: int) -> Decision:
    side = decision.side
    return Decision(
        "roll", side, T("{side}: Original CC DR 2: roll the Leader Creation dr", side=side), "A18.12",
        "vcc_leader", dice="dr", subject=decision.subject, target=decision.target,
        args=(*decision.args, ("extra", str(extra))))


def resume_afv(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The leader created joins the attack on the vehicle; its result is read again (A18.12, A11.5)."""
    from hexmate.rules.games.asl import ccgroups, ordnance, vfire

    state = position.state
    units = [position.units[u] for u in decision.subject if u in position.units]
    creator = next(u for u in units if u.type in MMC)
    nat = leaders._nationality(position, creator.side)
    dr = (answer.dice or (0,))[0]
    got, final = am.created_leader(creator, dr, vs_afv=True, default_nationality=nat)
    lines = [Line(T("Leader Creation dr"), str(dr), "A18.12")]
    lines += [Line(label, f"{value:+d}", rule) for label, value, rule in
              am.leader_creation_drm(creator, vs_afv=True, default_nationality=nat)]
    lines.append(Line(T("final dr"), str(final), "A18.2"))
    counter = leaders._counter(position, got) if got else None
    res = state.resolution
    if counter is None or decision.target is None:
        if res is not None:
            state = state.replace(resolution=dataclasses.replace(res, lines=(*res.lines, *lines)))
        return ccgroups.proceed(game, position.at(state))
    n = sum(1 for u in state.units if u.startswith(f"{creator.side}-created"))
    leader = leaders.inherit(creator, UnitState(f"{creator.side}-created{n + 1}", creator.side, counter,
                                                 decision.target, level=creator.level).mark("cc"))  # A10.8
    state = state.with_unit(leader)
    had_smc = any(u.type in ("leader", "hero") for u in units)
    ccv = int(decision.arg("ccv")) + (0 if had_smc else 1)
    lead = int(counter.values.get("leadership", 0) or 0)
    drm = int(decision.arg("drm")) + lead
    lines += [Line(T("{unit} joins the attack: CCV", unit=leader.id), f"{0 if had_smc else 1:+d}", "A11.5"),
              Line(T("leadership ({unit})", unit=leader.id), f"{lead:+d}", "A11.51")]
    result = ordnance.cc_result(2, drm, ccv, extra_dr=int(decision.arg("extra")))
    again = dataclasses.replace(decision, subject=(*decision.subject, leader.id),
                                args=tuple((k, str(ccv) if k == "ccv" else str(drm) if k == "drm" else v)
                                           for k, v in decision.args))
    state = vfire._cc_apply(position.at(state), again, result, (1, 1, int(decision.arg("extra"))))
    res = state.resolution
    if res is not None:
        state = state.replace(resolution=dataclasses.replace(res, lines=(*lines, *res.lines)))
    return ccgroups.proceed(game, position.at(state))
