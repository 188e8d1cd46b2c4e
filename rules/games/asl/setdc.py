"""A Set DC at the table (A23.7, A23.71): set in the MPh, detonated in a later friendly fire phase.

Setting: in the MPh, a Good Order, unpinned possessor that may still move declares the Set DC in its own
Location (``fire ger-dc at DK4``, the DC's own Location, by the ATTACKER in the MPh). It spends all its MF
(its MPh is over) and rolls a dr: at most its US# (an assisting Good Order leader in the Location adds his
leadership) sets the DC; it then lies in the Location, unpossessed, remembered with its setter. A failure
leaves the DC with its possessor. The setting is Hazardous Movement: the enemy's Residual there and his
First Fire come first (-2 on those attacks), and a setter they break or pin sets nothing (inplace.set_dc).

Detonation: in a fire phase of a later Player Turn, the DC named as the firer at its own Location (``fire
ger-dc at DK5``): its setter (or a HS of it), Good Order, 2 to 6 hexes away with a LOS to it, takes a NTC; if
passed the DC attacks the Location on the 36+ column (18 FP, the 16 column, if every target is concealed) at
-3 with no TEM (A23.71). An IFT DR of 12, +1 per enemy infantry unit there, malfunctions it instead (A23.7).
The DC is gone either way.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cavfire, commissar
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.demolition import is_dc
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

SET = "set_dc"
FIRE_PHASES = ("PFPh", "DFPh", "AFPh")
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def _setting(position: Position, fire: act.Fire) -> UnitState | None:
    """The DC named alone at its possessor's own Location by the ATTACKER in the MPh: a setting."""
    if position.phase.id != "MPh" or len(fire.firers) != 1 or fire.firers[0] not in position.units:
        return None
    dc = position.units[fire.firers[0]]
    owner = position.units.get(dc.carrier or "")
    if not is_dc(dc) or owner is None or owner.hex != fire.target or owner.side != position.phasing:
        return None
    return owner


def _detonation(position: Position, fire: act.Fire) -> UnitState | None:
    """A set DC named alone at its own Location: a detonation; returns the DC."""
    if len(fire.firers) != 1 or fire.firers[0] not in position.units:
        return None
    dc = position.units[fire.firers[0]]
    return dc if dc.has(SET) and dc.hex == fire.target else None


def claims(position: Position, fire: act.Fire) -> bool:
    return _setting(position, fire) is not None or _detonation(position, fire) is not None


def leader_of(position: Position, unit: UnitState) -> UnitState | None:
    """A23.7: the leader who assists the setting (the best of the Location's), if any."""
    return _leader(position, unit)


def _leader(position: Position, unit: UnitState) -> UnitState | None:
    helpers = [u for u in position.units_at(unit.hex) if u.id != unit.id and au.can_direct(u)
               and u.side == unit.side] if unit.hex is not None else []
    return min(helpers, key=au.leadership_of, default=None)


def setter_of(game: AslGame, position: Position, dc_id: str) -> tuple[str, tuple[int, str]] | None:
    for dc, setter, turn, side in game.gstate(position.state).set_dcs:
        if dc == dc_id:
            return setter, (turn, side)
    return None


def check(game: AslGame, position: Position, fire: act.Fire) -> act.Fire:
    owner = _setting(position, fire)
    if owner is not None:
        why = game.can_move(position, owner)
        if why:
            raise IllegalAction(T("{unit} sets a DC only while it may still move: {why}", unit=owner.id,
                                  why=why), "A23.7")
        if owner.type not in INFANTRY or not au.good_order(owner) or owner.has("pinned"):
            raise IllegalAction(T("{unit} must be Good Order infantry, not pinned, to set a DC",
                                  unit=owner.id), "A23.7")
        cavfire.check_placing(owner, "A23.7")  # A13.4: from horseback a DC is only thrown
        if owner.has("berserk"):
            raise IllegalAction(T("{unit} is berserk: it may only throw its DC, never place or set it",
                                  unit=owner.id), "A15.431")
        return act.Fire(fire.firers, fire.target)
    dc = _detonation(position, fire)
    assert dc is not None
    if position.phase.id not in FIRE_PHASES:
        raise IllegalAction(T("a Set DC is detonated in a friendly fire phase"), "A23.7")
    known = setter_of(game, position, dc.id)
    if known is None or dc.side != position.to_act:
        raise IllegalAction(T("{sw} is not a Set DC of the side acting now", sw=dc.id), "A23.7")
    setter_id, when = known
    if when == (position.turn, position.phasing):
        raise IllegalAction(T("a Set DC detonates from the next Player Turn on"), "A23.7")
    setter = _setter(position, setter_id)
    if setter is None:
        raise IllegalAction(T("{sw} can be detonated only by the unit that set it, and it is gone", sw=dc.id),
                            "A23.7")
    assert setter.hex is not None and dc.hex is not None
    d = distance(setter.hex, dc.hex)
    if not au.good_order(setter) or not 2 <= d <= 6:
        raise IllegalAction(T("{unit} must be Good Order and 2 to 6 hexes from {sw} to detonate it",
                              unit=setter.id, sw=dc.id), "A23.7")
    if asl_terrain.line_of_sight(position, setter.hex, dc.hex).blocked:
        raise IllegalAction(T("{unit} has no line of sight to {sw}", unit=setter.id, sw=dc.id), "A23.7")
    return act.Fire(fire.firers, fire.target)


def _setter(position: Position, setter_id: str) -> UnitState | None:
    """The setter, or a HS of it (A23.7: a squad that deployed or was reduced: the same id here)."""
    return position.units.get(setter_id)


def declare(game: AslGame, position: Position, fire: act.Fire) -> State:
    owner = _setting(position, fire)
    state = position.state
    if owner is not None:  # A23.7: all its MF: its MPh is over
        state = state.replace(moved=(*state.moved, owner.id))
        lead = _leader(position, owner)
        return state.push(Decision(
            "roll", owner.side,
            T("{unit} sets {sw}: roll the dr (at most its US# {n} succeeds)", unit=owner.id,
              sw=fire.firers[0], n=au.us_number(owner)),
            "A23.7", "dc_set", dice="dr", subject=(fire.firers[0], owner.id), target=owner.hex,
            args=(("lead", str(au.leadership_of(lead)) if lead is not None else "0"),)))
    dc = position.units[fire.firers[0]]
    known = setter_of(game, position, dc.id)
    assert known is not None
    return state.push(Decision(
        "roll", dc.side, T("{unit} detonates {sw}: roll its NTC", unit=known[0], sw=dc.id), "A23.7",
        "dc_detonate", dice="DR", subject=(dc.id, known[0]), target=dc.hex))


def resume_set(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    dc, owner = state.units[decision.subject[0]], state.units[decision.subject[1]]
    dr = (answer.dice or (0,))[0]
    lead = int(decision.arg("lead", "0"))
    ok = sp.dc_set_succeeds(dr, au.us_number(owner), lead)
    if ok:
        gs = game.gstate(state)
        state = state.with_unit(dataclasses.replace(dc.mark(SET), carrier=None, hex=owner.hex,
                                                    level=owner.level))
        state = state.replace(game=gs.replace(set_dcs=(*gs.set_dcs, (dc.id, owner.id, position.turn,
                                                                       position.phasing))))
    said = T("set") if ok else T("not set")
    lines = [Line(T("Set DC dr"), str(dr), "A23.7")]
    if lead:
        lines.append(Line(T("leader's leadership"), f"{lead:+d}", "A23.7"))
    lines.append(Line(T("setter's US#"), str(au.us_number(owner)), "A23.7"))
    summary = T("{unit} sets {sw}: dr {final}: {result}", unit=owner.id, sw=dc.id, final=dr + lead,
                result=said)
    assert decision.target is not None
    fire = act.Fire((dc.id,), decision.target, (dr,))
    return state.replace(resolution=Resolution(fire, "dc_set", "", False, tuple(lines),
                                               {dc.id: "set" if ok else "-"}, summary))


def resume_detonate(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The setter's NTC: passed, the IFT DR of the detonation follows; failed, nothing happens (the DC
    stays set)."""
    state = position.state
    setter = state.units.get(decision.subject[1])
    dice = answer.dice or (0, 0)
    if setter is None or not am.task_check(setter, (dice[0], dice[1]),
                                           bonus=commissar.bonus(state.units.values(), setter)):  # A25.221
        return state
    dc = state.units[decision.subject[0]]
    return state.push(Decision("roll", dc.side, T("{sw} detonates: roll the IFT DR", sw=dc.id), "A23.71",
                               "dc_blast", dice="DR", subject=(dc.id,), target=dc.hex))


def resume_blast(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A23.71: the 36+ column at -3, no TEM (the 16 column against concealed units); A23.7: a 12, +1 per
    enemy infantry unit in the Location, malfunctions it. Its results open the usual checks (dcblast.py, the
    tail it shares with a placed DC: an unarmored vehicle there and those aboard it too)."""
    from hexmate.rules.games.asl import dcblast

    state = position.state
    dc = state.units[decision.subject[0]]
    h = decision.target
    assert h is not None and answer.dice is not None
    targets = [u for u in position.units_at(h) if u.type not in (au.SW, "dummy") and u.side != dc.side
               and u.level == dc.level]
    concealed = bool(targets) and all(u.concealed for u in targets)
    attack = sp.dc_set(concealed=concealed)
    roll = ASL_DR.from_values(answer.dice)
    enemy_infantry = sum(1 for u in targets if u.type in INFANTRY)
    lines = [Line(label, f"{v:+d}", rule) for label, v, rule in attack.drms]
    lines.append(Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                          coloured=roll.coloured, total=roll.total), "A.1"))
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(set_dcs=tuple(s for s in gs.set_dcs if s[0] != dc.id)))
    broken = sp.dc_malfunctions(roll.total, set_enemy_infantry=enemy_infantry)
    return dcblast.detonate(position.at(state), dc, h, dc.level, attack, roll, lines, malfunction=broken,
                            rule="A23.7" if broken else "A23.71", label=T("Set DC attack"))


def _sniper(position: Position, side: str, original: int) -> list[Decision]:
    """A14.1: the detonation is an IFT attack: an Original DR equal to the enemy's SAN activates his sniper,
    after the attack's results."""
    from hexmate.rules.games.asl.aftermath import sniper_decision
    from hexmate.rules.games.asl.sniper import activation

    enemy = position.enemy_of(side)
    san, _ = activation(position, original, enemy)  # A14.1: its phases; A14.31: not while pinned
    if san is not None:
        return [sniper_decision(position, enemy, san)]
    return []
