"""A DC placed in the MPh (A23.3), detonated in the AFPh (A23.4, A23.1).

Placing: in the MPh, the ATTACKER names the DC alone at an ADJACENT Location in its possessor's LOS (``fire
ger-dc at X5``). The possessor must be Good Order (or berserk) infantry, not pinned, and must not have fired
in the PFPh; it may still move, or go on with its move (mphsw.py's MF left). It spends, in its own hex, the MF
it would need to enter the target Location directly (no Bypass) and may go on afterwards with what is left.
If a Known enemy AFV is in the target Location it first passes a PAATC (A11.6; a failure pins it and nothing
is placed). The MF are spent in its own Location (A8.12), so the enemy's Residual FP there and his Defensive
First Fire come next (inplace.window); the placement is complete only if the possessor comes through neither
broken, pinned nor eliminated (going berserk does not stop it). Otherwise the DC stays with it (or where it
died) and does not attack. Once placed, the player is asked to put the DC's counter in its target hex (a
``hexes`` decision: the board then reads it there, as any counter placed on a lit hex).

Which Locations (A23.3, A.8, A4.7, A2.8): ADJACENT means a Location an infantry unit could advance into, so
one hex across at the possessor's own level (the next hex's ground level from the ground, the A23.3
example's "X5 ground level, not level 1"; an upper level only into a next hex whose building has it, for the
infantry cost of entering that hex), or one level up or down its own hex by the stairs (the stairs' cost,
locations.py). The DC lies in that Location and attacks only the units in it. A23.61: its own Location only
for a Japanese possessor (the nationality trait ``dc_own_location``) or at an enemy vehicle bypassing that
Location, always for 1 MF. A DC named at the possessor's own hex is a Set DC (setdc.py) unless such a
placement is possible there; then the possessor is asked which (``h0``, ``h1``... or ``set``).

Detonation: at the start of the AFPh every DC its side placed in that MPh rolls its IFT DR: 30 FP, the target
Location's TEM (no hexside TEM, no hindrance, no leadership, no PBF/TPBF or AFPh modification), +1 if the
placer was CX when placing, Area Fire (halved) only if every target was concealed when it was placed (A23.1,
A23.4). An Original DR of 12 (10 for a captured DC; a non-Elite user's penalty, A23.2) malfunctions it. The DC
is removed either way. An unarmored vehicle there takes the same DR on the vehicle line and those aboard it
a General Collateral attack (dcblast.py: A7.308, D.8B).

Not here, and why: a DC placed at an AFV as its primary target (A23.5: its DC Position DR and the C7.34 DC
column are chapter C, not among the texts), so a placed DC attacks only the unarmored units there, and an own-
Location placement at a bypassing AFV is refused; breaching a fortified building hexside (B23.9221, chapter
B); cliffs and other elevations than building levels (A23.3 names none; the thrown DC's drops of A23.6 are a
thrown DC's).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import advpaatc, armour, cavfire, commissar, mphsw, nations, vbypass
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import inplace as asl_inplace
from hexmate.rules.games.asl import locations as loc
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

PLACED = "placed_dc"  # the DC lies in its target Location until the AFPh (A23.3)
PLACED_CX = "placed_dc_cx"  # its placer was CX when placing: +1 (A23.4)
PLACED_HIDDEN = "placed_dc_hidden"  # every target was concealed when it was placed: Area Fire (A23.1)
PLACED_NE = "placed_dc_ne"  # placed by a non-Elite unit: the captured-SW X# penalty (A23.2)
WINDOW = "dcp_window"  # the A8.12 window at the placer (resume_dcp_window)
PAATC = "dcp_paatc"  # the PAATC before placing at an AFV's Location (resume_dcp_paatc)
BLAST = "dcp_blast"  # the AFPh's IFT DR (resume_dcp_blast)
LAY = "dcp_lay"  # its counter put in the target Location (resume_dcp_lay)
WHERE = "dcp_where"  # set it, or place it in a Location of the possessor's own hex (resume_dcp_where)
SET = "set"  # that answer's Set DC (A23.7)
OWN_MF = 1  # A23.61: placing into its own Location always costs 1 MF
INFANTRY = ("squad", "hs", "crew", "leader", "hero")


def _possessed(position: Position, fire: act.Fire) -> tuple[UnitState, UnitState] | None:
    """(DC, possessor) when the ATTACKER names a possessed DC alone in the MPh."""
    if position.phase.id != "MPh" or len(fire.firers) != 1 or fire.firers[0] not in position.units:
        return None
    dc = position.units[fire.firers[0]]
    owner = position.units.get(dc.carrier or "")
    if not is_dc(dc) or owner is None or owner.hex is None or owner.side != position.phasing:
        return None
    return dc, owner


def _placing(position: Position, fire: act.Fire) -> tuple[UnitState, UnitState] | None:
    """(DC, possessor) when the ATTACKER names a possessed DC alone at another hex in the MPh."""
    found = _possessed(position, fire)
    return found if found is not None and found[1].hex != fire.target else None


def claims(position: Position, fire: act.Fire) -> bool:
    return _placing(position, fire) is not None


def own_levels(game: AslGame, position: Position, fire: act.Fire) -> tuple[int, ...]:
    """The Locations of the possessor's own hex it may place the DC into now, by level: one level up or
    down by the stairs (ADJACENT, A.8, A4.7; A23.3), or its own Location (A23.61)."""
    found = _possessed(position, fire)
    if found is None or found[1].hex != fire.target:
        return ()
    owner = found[1]
    assert owner.hex is not None
    out = []
    for level in (owner.level - 1, owner.level, owner.level + 1):
        if level not in loc.levels(position.map, owner.hex):
            continue
        try:
            check(game, position, fire, level)
        except IllegalAction:
            continue
        out.append(level)
    return tuple(out)


def claims_own(game: AslGame, position: Position, fire: act.Fire) -> bool:
    """A DC named at its possessor's own hex that may be placed there (else it is a Set DC, setdc.py)."""
    return bool(own_levels(game, position, fire))


def _left(game: AslGame, position: Position, owner: UnitState) -> Fraction | int:
    """The MF the possessor still has: those left of its move if it has moved (A4.4), else its whole MF."""
    if owner.id in position.state.moved:
        return mphsw.mf_left(owner) or 0
    return game.group_budget([owner], position=position)


def _level(owner: UnitState, level: int | None) -> int:
    return owner.level if level is None else level


def cost(game: AslGame, position: Position, owner: UnitState, fire: act.Fire,
         level: int | None = None) -> Fraction | int | None:
    """A23.3: the MF to enter the target Location directly (no Bypass): the infantry cost of the step into
    the next hex at the same level, the stairs' cost to the level above or below (locations.py); A23.61: 1
    MF into its own Location."""
    assert owner.hex is not None
    lv = _level(owner, level)
    if fire.target == owner.hex:
        return OWN_MF if lv == owner.level else loc.stairs_cost(position.map, owner.hex, owner.level, lv)
    return asl_terrain.infantry_cost_fn(position)(position.map, owner.hex, fire.target)


def _own_location(position: Position, owner: UnitState) -> None:
    """A23.61: a DC goes into its possessor's own Location only for a Japanese possessor, or at an enemy
    vehicle bypassing that Location; an AFV there would be its primary target (A23.5: chapter C)."""
    assert owner.hex is not None
    if au.nationality_of(owner).flag("dc_own_location"):
        return
    bypassing = [u for u in position.units_at(owner.hex) if u.side != owner.side and armour.is_vehicle(u)
                 and vbypass.across_of(u) is not None and not u.has("wreck")] if owner.level == 0 else []
    if not bypassing:
        raise IllegalAction(T("{unit} may not place a DC in its own Location: only a Japanese unit may, or "
                              "at an enemy vehicle bypassing it", unit=owner.id), "A23.61")
    if all(armour.vtype(u).armored for u in bypassing):
        raise IllegalAction(T("a DC placed at {vehicle} would attack it only as its primary target, with the "
                              "DC Position DR of chapter C (not among the texts)", vehicle=bypassing[0].id),
                            "A23.5")


def check(game: AslGame, position: Position, fire: act.Fire, level: int | None = None) -> act.Fire:
    """A23.3 (A23.61 for its own Location): may the possessor place the DC into Location (fire.target,
    ``level``, by default its own level) now?"""
    found = _possessed(position, fire)
    assert found is not None
    _, owner = found
    assert owner.hex is not None
    if owner.type not in INFANTRY or not (au.good_order(owner) or owner.has("berserk")):
        raise IllegalAction(T("{unit} must be Good Order infantry to place a DC", unit=owner.id), "A23.3")
    cavfire.check_placing(owner)  # A13.4: from horseback a DC is only thrown
    if owner.carrier is not None and armour.is_vehicle(position.units.get(owner.carrier) or owner):
        raise IllegalAction(T("{unit} is aboard a vehicle: from there a DC is only thrown, never placed",
                              unit=owner.id), "D6.1")  # D6.1: a passenger's DC is thrown; D6.22: riders none
    if owner.has("berserk"):
        raise IllegalAction(T("{unit} is berserk: it may only throw its DC, never place or set it",
                              unit=owner.id), "A15.431")
    if owner.has("pinned"):
        raise IllegalAction(T("{unit} is pinned and may not place a DC", unit=owner.id), "A23.3")
    if owner.has("prep_fire"):
        raise IllegalAction(T("{unit} fired in the PFPh and may not place a DC", unit=owner.id), "A23.3")
    if owner.id in position.state.moved and mphsw.mf_left(owner) is None:
        raise IllegalAction(T("{unit} has finished its move and may not place a DC now", unit=owner.id),
                            "A23.3")
    why = None if owner.id in position.state.moved else game.can_move(position, owner)
    if why:
        raise IllegalAction(T("{unit} places a DC only while it may still move: {why}", unit=owner.id,
                              why=why), "A23.3")
    lv = _level(owner, level)
    m = position.map
    if fire.target == owner.hex:
        if lv == owner.level:
            _own_location(position, owner)  # A23.61
        elif abs(lv - owner.level) != 1 or not loc.has_stairs(m, owner.hex) \
                or lv not in loc.levels(m, owner.hex):
            raise IllegalAction(T("a DC is placed into an ADJACENT Location: in its own hex, one level up or "
                                  "down by the stairs"), "A23.3")
    else:
        if fire.target not in m.hexes or distance(owner.hex, fire.target) != 1:
            raise IllegalAction(T("a DC is placed into an ADJACENT Location"), "A23.3")
        if lv not in loc.levels(m, fire.target):  # A.8, A4.7: across at its own level only
            raise IllegalAction(T("{hex} has no level {level}: a DC is placed into the ADJACENT Location, at "
                                  "the placer's own level in the next hex", hex=position.label(fire.target),
                                  level=lv), "A23.3")
        if asl_terrain.line_of_sight(position, owner.hex, fire.target, a_level=owner.level,
                                     b_level=lv).blocked:
            raise IllegalAction(T("{unit} has no line of sight to {hex}: no DC placed there", unit=owner.id,
                                  hex=position.label(fire.target)), "A23.3")
    need = cost(game, position, owner, fire, lv)
    where = loc.label(m, loc.Location(fire.target, lv))
    if need is None:
        raise IllegalAction(T("{unit} could not enter {hex}, so it cannot place a DC there", unit=owner.id,
                              hex=where), "A23.3")
    left = _left(game, position, owner)
    if need > left:
        raise IllegalAction(T("{unit} has {left} MF left; placing a DC in {hex} costs {cost}", unit=owner.id,
                              left=str(left), hex=where, cost=str(need)), "A23.3")
    return act.Fire(fire.firers, fire.target)


def generate(game: AslGame, position: Position) -> Iterator[act.Fire]:
    """The page's offers in the MPh (A23.3): each DC the phasing side possesses, at each ADJACENT hex that
    holds an enemy unit and into which its possessor may place it now (the own hex when A23.61 allows)."""
    if position.phase.id != "MPh":
        return
    for dc in sorted(position.units.values(), key=lambda u: u.id):
        owner = position.units.get(dc.carrier or "")
        if not is_dc(dc) or owner is None or owner.hex is None or owner.side != position.phasing:
            continue
        for h in (*position.map.neighbors(owner.hex), owner.hex):
            # any enemy counter the placer's side sees there: a "?" that may be a dummy is offered too, so
            # the list never tells a dummy from a real unit (A12)
            if not any(u.side != owner.side and u.type != au.SW for u in position.units_at(h)):
                continue
            fire = act.Fire((dc.id,), h)
            if h == owner.hex:
                if claims_own(game, position, fire):
                    yield fire
                continue
            try:
                check(game, position, fire)
            except IllegalAction:
                continue
            yield fire


def declare_own(game: AslGame, position: Position, fire: act.Fire) -> State:
    """A DC named at its possessor's own hex where a placement is possible: the possessor says which (a Set
    DC, A23.7, or a placement into a Location of its hex, A23.3, A23.61) when there is more than one."""
    from hexmate.rules.games.asl import setdc

    found = _possessed(position, fire)
    assert found is not None
    dc, owner = found
    levels = own_levels(game, position, fire)
    choices = [f"h{lv}" for lv in levels]
    try:
        setdc.check(game, position, fire)
        choices.insert(0, SET)
    except IllegalAction:
        pass
    if len(choices) == 1:
        return declare(game, position, fire, levels[0])
    return position.state.push(Decision(
        "confirm", owner.side,
        T("{unit} uses {sw} in its own hex: set it here (A23.7) or place it in a Location of the hex (A23.3, "
          "A23.61)? {choices}", unit=asl_inplace.names(position, (owner.id,)), sw=dc.id,
          choices=", ".join(choices)),
        "A23.61", WHERE, choices=tuple(choices), subject=(owner.id, dc.id), target=fire.target,
        private=owner.concealed))


def resume_where(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The possessor's answer: a Set DC (A23.7), or a placement into that level of its hex (A23.3, A23.61)."""
    from hexmate.rules.games.asl import setdc

    assert decision.target is not None
    fire = act.Fire((decision.subject[1],), decision.target)
    choice = answer.choice or ""
    if choice == SET:
        setdc.check(game, position, fire)
        return asl_inplace.set_dc(game, position, setdc.declare(game, position, fire))
    if choice not in decision.choices:
        raise IllegalAction(T("answer one of {choices}", choices=", ".join(decision.choices)), "A23.61")
    level = int(choice[1:])
    check(game, position, fire, level)
    return declare(game, position, fire, level)


def declare(game: AslGame, position: Position, fire: act.Fire, level: int | None = None) -> State:
    """A PAATC first if an enemy AFV is there (A11.6), then the MF spent and the window at the placer."""
    found = _possessed(position, fire)
    assert found is not None
    dc, owner = found
    lv = _level(owner, level)
    afv = advpaatc.afv_in(position, fire.target, owner.side) if lv == 0 else None
    if afv is not None and owner.type in advpaatc.MMC and not owner.has("fanatic") \
            and not owner.has("berserk") and f"{owner.id}>{afv.id}" not in game.gstate(position.state).paatc:
        n = nations.paatc_tc(position, owner)  # A19.34, A19.3, A25.65, A25.81, A25.91
        return position.state.push(Decision(
            "roll", owner.side,
            T("{unit} takes a PAATC ({n}TC) before placing {sw} in {hex}, where {vehicle} is (A11.6)",
              unit=owner.id, n=n or "N", sw=dc.id, hex=position.label(fire.target), vehicle=afv.id),
            "A23.3", PAATC, dice="DR", subject=(owner.id, dc.id), target=fire.target,
            args=(("vehicle", afv.id), ("level", str(lv)))))
    return spend(game, position, fire, lv)


def resume_paatc(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A23.3, A11.6: passed, the placement goes on; failed, the unit is pinned and places nothing."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    owner = state.units[decision.subject[0]]
    n = nations.paatc_tc(position, owner)  # A19.34, A19.3, A25.65, A25.81, A25.91
    drm = am.leader_drm_for(owner, position.units_at(owner.hex) if owner.hex is not None else [], position)
    plus = commissar.bonus(state.units.values(), owner)  # A25.221: a commissar's +1 morale
    ok = am.task_check(owner, (answer.dice[0], answer.dice[1]), n=n, drm=drm, bonus=plus)
    morale = min(10, au.unit_morale(owner) + plus)
    outcome = T("passed: it places the DC") if ok else T("failed: pinned, no DC placed")
    lines = (Line(T("PAATC"), T("DR {dr} {drm:+d} against morale {morale}: {outcome}", dr=sum(answer.dice),
                                drm=n + drm, morale=morale, outcome=outcome), "A11.6"),)
    fire = act.Fire((decision.subject[1],), decision.target)
    res = Resolution(act.Fire(decision.subject[:1], decision.target, answer.dice), "task-check", "A11.6",
                     False, lines, {owner.id: "pass" if ok else "pinned"},
                     T("{unit} PAATC: {outcome}", unit=owner.id, outcome=outcome))
    state = state.replace(resolution=res)
    if not ok:
        return state.with_unit(owner.mark("pinned"))
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(paatc=(*gs.paatc, f"{owner.id}>{decision.arg('vehicle')}")))
    return spend(game, position.at(state), fire, int(decision.arg("level", "0")))


def spend(game: AslGame, position: Position, fire: act.Fire, level: int | None = None) -> State:
    """A23.3, A8.12: the MF are spent in the placer's own hex (it may go on with the rest, A4.4); the
    enemy's Residual FP there and his First Fire come before the placement is complete."""
    found = _possessed(position, fire)
    assert found is not None
    dc, owner = found
    assert owner.hex is not None
    lv = _level(owner, level)
    need = cost(game, position, owner, fire, lv)
    assert need is not None
    left = Fraction(_left(game, position, owner)) - Fraction(need)
    old = tuple(m for m in owner.markers if m.startswith(mphsw.LEFT))
    marked = owner.mark(remove=old).mark(f"{mphsw.LEFT}{max(0, int(left * 2))}", mphsw.PAUSE)
    state = position.state.with_unit(marked)
    state = asl_concealment.acted(position, state, (owner.id,))  # A12.141: placing a DC is an action
    if owner.id not in state.moved:
        state = state.replace(moved=(*state.moved, owner.id))
    said = T("{unit} spends {cost} MF in {hex} to place a DC in {target}: fire at it now or pass; the DC is "
             "placed only if it is still neither broken nor pinned (A23.3)", unit=asl_inplace.names(
                 position, (owner.id,)), cost=str(need), hex=position.label(owner.hex),
             target=loc.label(position.map, loc.Location(fire.target, lv)))
    args = (("dc", dc.id), ("at", f"{fire.target.q},{fire.target.r}"), ("level", str(lv)))
    opened = asl_inplace.window(game, position, state, (owner.id,), owner.hex, then=WINDOW, args=args,
                                prompt=said)
    if opened.moving is not None or len(opened.decisions) > len(state.decisions):
        return opened
    return complete(position.at(opened), owner.id, dc.id, fire.target, lv)


def resume_window(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The window closed: the placement completes if the placer came through (A23.3)."""
    from hexmate.rules.hexes import Hex

    state = position.state.replace(moving=None)
    q, r = (int(x) for x in decision.arg("at").split(","))
    return complete(position.at(state), decision.subject[0], decision.arg("dc"), Hex(q, r),
                    int(decision.arg("level", "0")))


def complete(position: Position, owner_id: str, dc_id: str, target: object, level: int = 0) -> State:
    """A23.3: a placer neither broken, pinned nor eliminated (berserk is fine) has placed the DC: it lies in
    the target Location (hex and level) with what its attack needs to remember; otherwise it stays where it
    is."""
    from hexmate.rules.hexes import Hex

    assert isinstance(target, Hex)
    state = position.state
    owner, dc = state.units.get(owner_id), state.units.get(dc_id)
    if dc is None or owner is None or owner.has("broken") or owner.has("pinned") or dc.carrier != owner.id:
        return state
    enemies = [u for u in position.units_at(target)
               if u.side != owner.side and u.type != au.SW and u.level == level]  # a dummy too (A12.14)
    marks = [PLACED]
    if owner.has("cx"):
        marks.append(PLACED_CX)
    if enemies and all(u.concealed for u in enemies):
        marks.append(PLACED_HIDDEN)
    if not nations.ftdc_elite(position, owner):  # A23.2; A25.74: Finnish 1st Line place it as Elite
        marks.append(PLACED_NE)
    where = loc.label(position.map, loc.Location(target, level))
    said = T("{unit} has placed {sw} in {hex}: put its counter there (A23.3)",
             unit=asl_inplace.names(position, (owner.id,)), sw=dc.id, hex=where)
    return state.push(Decision(  # the counter goes on the map by hand: the board then reads it there
        "hexes", owner.side, said, "A23.3", LAY, hexes=(target,), subject=(dc.id,), target=target,
        args=(("level", str(level)), ("marks", ",".join(marks)))))


def resume_lay(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A23.3: the placed DC lies in its target Location, unpossessed, with what its attack must remember."""
    state = position.state
    dc = state.units.get(decision.subject[0])
    if dc is None or decision.target is None:
        return state
    marks = tuple(m for m in decision.arg("marks").split(",") if m)
    placed = dataclasses.replace(dc.mark(*marks), carrier=None, hex=decision.target,
                                 level=int(decision.arg("level", "0")))
    return state.with_unit(placed)


def at_afph(position: Position) -> State:
    """A23.4: at the start of the AFPh, each DC the phasing side placed rolls its attack."""
    state = position.state
    for dc in sorted(state.units.values(), key=lambda u: u.id, reverse=True):
        if dc.has(PLACED) and dc.side == position.phasing and dc.hex is not None:
            where = loc.label(position.map, loc.Location(dc.hex, dc.level))
            state = state.push(Decision("roll", dc.side, T("{sw} placed in {hex} detonates: roll the IFT DR",
                                                           sw=dc.id, hex=where),
                                        "A23.4", BLAST, dice="DR", subject=(dc.id,), target=dc.hex))
    return state


def resume_blast(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A23.1, A23.4: 30 FP (Area Fire if the targets were concealed when placed) with the Location's TEM and
    +1 CX; a malfunction on 12 (10 captured, less for a non-Elite placer). Its results open the usual
    checks; an unarmored vehicle there and the units aboard it take the same DR (dcblast.py: A7.308, D.8B);
    the DC is gone either way."""
    from hexmate.rules.games.asl import dcblast

    dc = position.state.units[decision.subject[0]]
    h = decision.target
    assert h is not None and answer.dice is not None
    attack = sp.dc_placed(tem=asl_terrain.tem(position, h), cx=dc.has(PLACED_CX),
                          concealed=dc.has(PLACED_HIDDEN))
    roll = ASL_DR.from_values(answer.dice)
    lines = [Line(T("placed DC"), T("{fp} FP", fp=str(attack.fp)), "A23.1")]
    lines += [Line(label, f"{v:+d}", rule) for label, v, rule in attack.drms]
    lines.append(Line(T("Original DR"), T("{white} white + {coloured} coloured = {total}", white=roll.white,
                                          coloured=roll.coloured, total=roll.total), "A.1"))
    broken = sp.dc_malfunctions(roll.total, elite=not dc.has(PLACED_NE), captured=dc.has("captured"))
    return dcblast.detonate(position, dc, h, dc.level, attack, roll, lines, malfunction=broken, rule="A23.4",
                            label=T("placed DC attack"),
                            infantry_only=asl_terrain.infantry_only_tem(position, h),
                            tem=asl_terrain.tem(position, h))
