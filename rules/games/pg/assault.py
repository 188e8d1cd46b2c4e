"""PG assault in its simplest correct form (12.0-12.4, 7.63): good-order units led by a leader moving with
them enter an adjacent hex held only by the enemy (12.11, 12.13); the assault is then compulsory (12.2).
Each side totals its DF in the hex and rolls 2d6 (two roll decisions, attacker first); once both dice are in,
both results are worked out once into ``State.resolution`` and applied together (12.4): the first step of
each side to a unit in the best morale state (7.63), then the owner's choices, then M2 for the survivors.

Units that may AT-fire at an enemy vehicle in the hex first choose AT instead of their DF (11.0, 11.5,
``assault_at.py``); their results fall with the assault's.

Units already in an assault hex may assault again in a later activation (12.3: ``attack UNITS at HEX``);
only those named take part on their side. The free shot on leaving (12.12) and the HMG halving (12.44) are
here too.

Dug-in defenders and strongpoints, and an AFV foot units assault in the open, fire first (12.43, 16.1):
their roll falls before the attacker's.

Units entering an assault hex to reinforce it choose whether to assault (12.3). Flamethrowers cancel first
fire; a flame tank assaults at +3 and then rolls for its fuel (15.5).

The Assault table's own shifts (12.41: the attacker's terrain, foxholes and entrenchments, combined arms)
are in ``assault_shifts.py``; dug-in defenders among others are read on their own column (7.52).

Not here yet (issue 11): a flame tank's refuelling off the board (15.5).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_1D6, PG_2D6
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.pg import assault_at as pg_assault_at
from hexmate.rules.games.pg import assault_shifts as pg_shifts
from hexmate.rules.games.pg import caves as pg_caves
from hexmate.rules.games.pg import fire as pg_fire
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

FLAME_OUT = "flame_out"  # 15.5: a flame tank out of fuel (no +3 until it refuels off the board)


def enemy_combat_units(position: Position, h: Hex, side: str) -> list[UnitState]:
    return [u for u in position.units_at(h) if u.side != side and u.type != "leader"]


def may_assault(units: list[UnitState], led: bool) -> T | None:
    """12.11, 12.13: only good-order units a leader of their type activated (``led``) enter an enemy hex."""
    if not led or all(u.type == "leader" for u in units):
        return T("only units a leader of their type activated may enter an enemy hex to assault "
                 "(12.11, 5.41)")
    bad = [u.id for u in units if u.has("disrupted") or u.has("demoralized")]
    if bad:
        return T("{units} may not enter an enemy hex: only good-order units assault (12.13, 14.2)",
                 units=", ".join(bad))
    return None


def check_optional(game: PgGame, position: Position, attack: act.Attack) -> act.Attack:
    """12.3: active units already in an assault hex may assault the enemy there (a fire action, 3.13); not
    a demoralized unit (14.3, 12.13: a disrupted one may); the enemy defends all together."""
    h = attack.target
    side = position.to_act
    if not attack.firers:
        raise IllegalAction(T("name the units that assault"), "12.3")
    units = []
    for uid in attack.firers:
        unit = position.units.get(uid)
        if unit is None:
            raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        if unit.side != side or unit.hex != h:
            raise IllegalAction(T("{unit} is not {side}'s unit in {hex}: an assault hex is assaulted by the "
                                  "units in it (12.3)", unit=uid, side=side, hex=position.label(h)), "12.3")
        why = game.can_act(position, unit)
        if why:
            raise IllegalAction(why)
        if unit.has("demoralized"):
            raise IllegalAction(T("{unit} is demoralized and may not assault (14.3)", unit=uid), "14.3")
        units.append(unit)
    if all(pu.is_leader(u) for u in units):
        raise IllegalAction(T("leaders have no assault strength of their own (12.42)"), "12.42")
    if not enemy_combat_units(position, h, side):
        raise IllegalAction(T("{hex} holds no enemy combat unit to assault", hex=position.label(h)), "12.3")
    return act.Attack(tuple(sorted(attack.firers)), h)


def declare_optional(game: PgGame, position: Position, attack: act.Attack) -> State:
    """12.3: the assaulters are marked (3.13: an assault is a fire action) and both sides roll; only they
    take part on their side (7.63: an active unit that does not cannot take its steps)."""
    state = position.state
    for uid in attack.firers:
        state = state.with_unit(state.units[uid].mark(pg_fire.MARK))
    return begin(game, position.at(state), tuple(attack.firers), attack.target, optional=True)


def optional_attacks(game: PgGame, position: Position, side: str) -> list[act.Attack]:
    """Every assault hex where ``side``'s units may assault now (12.3), with all of them that may."""
    out = []
    hexes = {u.hex for u in position.units.values() if u.side == side and u.hex is not None}
    for h in sorted(hexes, key=lambda x: (x.q, x.r)):
        if not enemy_combat_units(position, h, side):
            continue
        ids = tuple(sorted(u.id for u in position.units_at(h) if u.side == side and u.carrier is None
                           and not u.has("demoralized") and game.can_act(position, u) is None))
        if any(not pu.is_leader(position.units[u]) for u in ids):
            out.append(act.Attack(ids, h))
    return out


def join_decision(position: Position, entered: tuple[str, ...], h: Hex) -> Decision:
    """12.3: units that entered an assault hex to reinforce it assault only if their side chooses."""
    side = position.units[entered[0]].side
    return Decision("confirm", side, T("{units} reinforce the assault hex {hex}: assault now (with the units "
                                       "there not yet activated), or not", units=", ".join(entered),
                                       hex=position.label(h)),
                    "12.3", "assault_join", choices=("assault", "no"), subject=entered, target=h)


def resume_join(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """12.3: the entered units, and the side's units that began the turn there, not yet activated and not
    demoralized, assault together (each marked: a fire action, 3.13)."""
    state = position.state
    assert decision.target is not None
    if answer.choice != "assault":
        return state
    side = decision.side
    entered = [u for u in decision.subject if u in state.units]
    others = [u.id for u in position.units_at(decision.target) if u.side == side and u.id not in entered
              and u.carrier is None and not u.has(pg_fire.MARK) and not u.has("demoralized")]
    attackers = tuple(sorted({*entered, *others}))
    if not attackers or all(pu.is_leader(state.units[u]) for u in attackers):
        return state
    for uid in attackers:
        state = state.with_unit(state.units[uid].mark(pg_fire.MARK))
    return begin(game, position.at(state), attackers, decision.target, optional=True)


def flames(unit: UnitState, tank: bool = False) -> bool:
    """15.5: a flamethrower engineer or flame tank in shape to use it (not demoralized; a flame tank not out
    of fuel)."""
    return (pu.is_flamethrower(unit) and not unit.has("demoralized") and not unit.has(FLAME_OUT)
            and (pu.is_afv(unit) or not tank))


def fuel_rolls(position: Position, attackers: tuple[str, ...]) -> list[Decision]:
    """15.5: after an assault its +3 helped, each flame tank rolls one die: 5-6 it is out of fuel."""
    return [Decision("roll", position.units[u].side,
                     T("{unit} used its flames: one die, 5-6 it is out of fuel", unit=u), "15.5",
                     "flame_fuel", dice="1d6", subject=(u,))
            for u in attackers if u in position.units and flames(position.units[u], tank=True)]


def resume_fuel(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None or PG_1D6.from_values(answer.dice or ()).total < 5:
        return state
    return state.with_unit(unit.mark(FLAME_OUT))


def dug_in(unit: UnitState) -> bool:
    """12.43: units in foxholes (a DUG IN marker, 16.2) or entrenchments (16.4), and strongpoints (16.1),
    fire first when they defend."""
    return not pu.is_leader(unit) and (unit.has("dug_in") or unit.has("entrenched")
                                       or pu.value(unit, "strongpoint") == 1)


def open_ground(position: Position, h: Hex | None) -> bool:
    """12.43: open terrain (開豁地), read as clear terrain (``open`` is its alias in terrain.json)."""
    from hexmate.rules.games.terrain_view import table_for

    return h is not None and table_for("pg").table.canonical(position.map.terrain(h)) == "clear"


def first_firers(position: Position, attackers: tuple[str, ...], defenders: tuple[str, ...], h: Hex,
                 origin: Hex | None) -> tuple[str, ...]:
    """12.43: the defenders that fire first: dug-in units and strongpoints always; in the round the
    assault begins (``origin``: where the attackers moved in from), AFVs assaulted by foot units when both
    began the turn in open terrain (the AFV has not moved this turn)."""
    units = position.units
    by_foot = all(pu.move_class(units[u]) == "foot" and pu.branch(units[u]) != "CAV"
                  for u in attackers if not pu.is_leader(units[u]))
    afv_first = origin is not None and by_foot and open_ground(position, origin) and open_ground(position, h)
    return tuple(u for u in defenders if dug_in(units[u]) or (
        afv_first and pu.is_afv(units[u]) and u not in position.state.moved))


def begin(game: PgGame, position: Position, attackers: tuple[str, ...], h: Hex, optional: bool = False,
          origin: Hex | None = None) -> State:
    """12.2: the movers are in; each side rolls for the assault, the attacker first. ``optional``: an
    assault in a hex both sides already held (12.3): only the named attackers take part. Defenders with
    first fire roll first (12.43); in a hex where only some have it, the defender first chooses."""
    state = pg_caves.mark_assault(game, position, h, len(position.state.decisions))  # 16.7
    side = state.units[attackers[0]].side
    defender = position.enemy_of(side)
    for unit in position.units_at(h):  # 8.2: both sides in an assault hex are SPOTTED
        state = state.with_unit(unit.mark("spotted"))
    defenders = tuple(u.id for u in position.units_at(h) if u.side == defender)
    first = first_firers(position.at(state), attackers, defenders, h, None if optional else origin)
    if any(flames(state.units[u]) for u in attackers):
        first = ()  # 15.5: an active flamethrower cancels the enemy's first fire
    others = [u for u in defenders if u not in first and not pu.is_leader(state.units[u])]
    if first and others:
        return state.push(Decision(
            "confirm", defender,
            T("{side} in {hex}: first fire by {units} alone (the others do not fire), or every unit fires "
              "together with the attacker", side=defender, hex=position.label(h), units=", ".join(first)),
            "12.43", "assault_first", choices=("first", "together"), subject=defenders, target=h,
            args=(("attackers", ",".join(attackers)), ("optional", "1" if optional else ""),
                  ("first", ",".join(first)))))
    return _rolls(position.at(state), attackers, defenders, h, optional, defenders if first else None)


def resume_first_choice(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    assert decision.target is not None
    attackers = tuple(u for u in decision.arg("attackers").split(",") if u in position.units)
    first = tuple(u for u in decision.arg("first").split(",") if u in position.units)
    return _rolls(position, attackers, decision.subject, decision.target, bool(decision.arg("optional")),
                  first if answer.choice == "first" else None)


def _rolls(position: Position, attackers: tuple[str, ...], defenders: tuple[str, ...], h: Hex,
           optional: bool, first: tuple[str, ...] | None) -> State:
    """The AT choices (11.0), then the two rolls: the attacker's first and the results together (12.4), or
    with first fire (``first``: the defenders that fire, leaders with them) the defender's roll first,
    applied before the attacker's (12.43)."""
    state = position.state
    side = state.units[attackers[0]].side
    defender = position.enemy_of(side)
    firing = tuple(u for u in defenders if first is None or u in first or pu.is_leader(state.units[u]))
    at_choices = [*pg_assault_at.choices(position, attackers, h), *pg_assault_at.choices(position, firing, h)]
    named = (("attackers", ",".join(attackers)),) if optional or first is not None else ()
    opt = (("optional", "1"),) if optional else ()
    if first is None:
        return state.push(
            *at_choices,
            Decision("roll", side, T("{side} assaults {hex}: roll 2d6 on the Assault Combat Table", side=side,
                                     hex=position.label(h)), "12.4", "assault",
                     dice="2d6", subject=attackers, target=h, args=(("role", "attacker"),)),
            Decision("roll", defender, T("{side} defends {hex}: roll 2d6 on the Assault Combat Table",
                                         side=defender, hex=position.label(h)), "12.4", "assault",
                     dice="2d6", subject=defenders, target=h, args=(("role", "defender"), *named, *opt)),
        )
    return state.push(
        *at_choices,
        Decision("roll", defender, T("{side} fires first in {hex}: roll 2d6 on the Assault Combat Table",
                                     side=defender, hex=position.label(h)), "12.43", "assault",
                 dice="2d6", subject=defenders, target=h,
                 args=(("role", "first"), ("firing", ",".join(firing)), *named, *opt)),
        Decision("roll", side, T("{side} assaults {hex} after the first fire: roll 2d6 on the Assault Combat "
                                 "Table", side=side, hex=position.label(h)), "12.43", "assault",
                 dice="2d6", subject=attackers, target=h,
                 args=(("role", "after"), ("defenders", ",".join(defenders)), *opt)),
    )


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The attacker's die waits for the defender's (12.4: results are applied together)."""
    state = position.state
    gs = game.gstate(state)
    if decision.arg("role") == "attacker":
        return state.replace(game=gs.replace(assault_dice=tuple(answer.dice or ())))
    if decision.arg("role") in ("first", "after"):
        return _resume_first_fire(game, position, decision, answer)
    assert decision.target is not None
    attacker_dice = gs.assault_dice
    state = state.replace(game=gs.replace(assault_dice=()))
    side = position.enemy_of(decision.side)
    named = decision.arg("attackers")  # 12.3: an optional assault's own assaulters
    attackers = (tuple(u for u in named.split(",") if u in position.units) if named else
                 tuple(u.id for u in position.units_at(decision.target) if u.side == side))
    resolution = resolve(position.at(state), attackers, decision.subject, decision.target,
                         attacker_dice, tuple(answer.dice or ()), exclude=frozenset(gs.assault_at),
                         first=not decision.arg("optional"))
    at_lines = pg_assault_at.lines(game, position.at(state))
    if at_lines:
        resolution = dataclasses.replace(resolution, lines=(*resolution.lines, *at_lines))
    state = state.replace(resolution=resolution)
    state = pg_assault_at.apply(game, position.at(state))  # 12.4: the AT results fall with the assault's
    for group in (decision.subject, attackers):  # each side's result falls on the other
        state = _fall(game, position.at(state), group, resolution.results)
    return state.push(*fuel_rolls(position.at(state), attackers))


def _fall(game: PgGame, position: Position, group: tuple[str, ...], results: Mapping[str, str]) -> State:
    """Each result on the units read on its column (12.41, 7.52: dug-in defenders apart); one column for
    all is the usual case."""
    state = position.state
    by: dict[str, list[str]] = {}
    for u in group:
        by.setdefault(results.get(u, next((results[x] for x in group if x in results), "-")), []).append(u)
    for result, ids in by.items():
        alive = tuple(u for u in ids if u in state.units)
        if alive:
            state = _apply(game, position.at(state), alive, result)
    return state


def _resume_first_fire(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """12.43: the dug-in defenders' roll falls on the attackers first (with the defenders' AT fire); then
    only the attackers who survived it and are not demoralized fire (their AT fire too)."""
    assert decision.target is not None
    state = position.state
    gs = game.gstate(state)
    h = decision.target
    optional = bool(decision.arg("optional"))
    dice = tuple(answer.dice or ())
    if decision.arg("role") == "first":
        firing = tuple(u for u in decision.arg("firing").split(",") if u in state.units)
        targets = tuple(u for u in decision.arg("attackers").split(",") if u in state.units)
        resolution = resolve(position, targets, firing, h, (), dice, exclude=frozenset(gs.assault_at),
                             first=not optional, roles=("defender",))
        shooters = {u for u in firing}
    else:
        targets = tuple(u for u in decision.arg("defenders").split(",") if u in state.units)
        alive = tuple(u for u in decision.subject if u in state.units)
        firing = tuple(u for u in alive if not state.units[u].has("demoralized"))
        resolution = resolve(position, firing, targets, h, dice, (), exclude=frozenset(gs.assault_at),
                             first=not optional, roles=("attacker",))
        shooters = set(firing)
    view = position.at(state)
    at_lines = pg_assault_at.lines(game, view, shooters)
    resolution = dataclasses.replace(resolution, lines=(*resolution.lines, *at_lines))
    state = pg_assault_at.apply(game, position.at(state.replace(resolution=resolution)), shooters,
                                last=decision.arg("role") == "after")
    state = _fall(game, position.at(state), targets, resolution.results)
    if decision.arg("role") == "after":
        state = state.push(*fuel_rolls(position.at(state), firing))
    return state


def _strength(position: Position, units: list[UnitState], enemies: list[UnitState], attacking: bool,
              lines: list[Line], who: T, exclude: frozenset[str] = frozenset(), moved_in: bool = True) -> int:
    """12.4: DF halved when disrupted, a quarter when demoralized (defence only, 14.3), rounded up per
    unit; a non-demoralized leader adds his combat modifier to one unit (6.42). The ``exclude``d units fire
    AT instead (11.0): no DF of theirs, and no leader's bonus spent on them."""
    leaders = [u for u in units if u.type == "leader" and not u.has("demoralized")]
    everyone = [u for u in units if u.type != "leader"]
    for unit in everyone:
        if unit.id in exclude:
            lines.append(Line(T("{who} DF", who=who), T("{unit} fires AT instead (11.0)", unit=unit.id),
                              "11.0"))
    troops = [u for u in everyone if u.id not in exclude]
    # 12.44: HMG/WPN and AA units that moved in to start an assault fight at half, unless another infantry-
    # class unit takes part with them
    riflemen = any(u.type == "personnel" and pu.branch(u) not in ("HMG", "WPN", "AA") for u in everyone)
    total = 0
    for i, unit in enumerate(troops):
        df = int(unit.values.get("df", 0)) or (0 if pu.is_transport(unit) else 1)  # 12.42: a combat unit
        # without DF has 1 (unarmed transports are not combat units: none)
        note = T("{unit} {df}", unit=unit.id, df=df)
        if attacking and moved_in and not riflemen and pu.branch(unit) in ("HMG", "WPN", "AA"):
            df = math.ceil(df / 2)
            note = T("{note} halved (heavy weapon assaulting without infantry, 12.44) = {df}",
                     note=note, df=df)
        if unit.has("demoralized"):
            df = 0 if attacking else math.ceil(df / 4)
            note = T("{note} quartered (demoralized) = {df}", note=note, df=df)
        elif unit.has("disrupted"):
            df = math.ceil(df / 2)
            note = T("{note} halved (disrupted) = {df}", note=note, df=df)
        if i < len(leaders):
            bonus = int(leaders[i].values.get("combat", 0))
            df += bonus
            note = T("{note} + {bonus} ({leader}) = {df}",
                     note=note, bonus=bonus, leader=leaders[i].id, df=df)
        total += df
        lines.append(Line(T("{who} DF", who=who), note, "12.4"))
    return total


def _charging(position: Position) -> tuple[str, ...]:
    from hexmate.rules.games.pg.game import PgGame

    game = position.game
    assert isinstance(game, PgGame)
    return game.gstate(position.state).charge


def _overrun_at(position: Position, h: Hex) -> bool:
    from hexmate.rules.games.pg.game import PgGame

    game = position.game
    assert isinstance(game, PgGame)
    plan = game.gstate(position.state).overrun
    return bool(plan) and plan[0] == position.label(h)


def _unsupported_major_river(position: Position, h: Hex, units: list[UnitState]) -> bool:
    """5.75: an assault into a major river hex with no engineer of either side in it."""
    from hexmate.rules.games.pg import moves as pg_moves
    from hexmate.rules.games.pg.game import PgGame

    game = position.game
    assert isinstance(game, PgGame)
    return pg_moves.river(game, position.map, h) == "major" and not any(pu.branch(u) == "ENG" for u in units)


def _minefield(position: Position, h: Hex) -> tuple[T, int, str] | None:
    """16.6: the minefield's modifier for the attacker's fire on units assaulted in a minefield hex."""
    from hexmate.rules.games.pg import mines as pg_mines
    from hexmate.rules.games.pg.game import PgGame

    game = position.game
    assert isinstance(game, PgGame)
    return pg_mines.shift(game, position, h, "assault")


def resolve(position: Position, attackers: tuple[str, ...], defenders: tuple[str, ...], h: Hex,
            attacker_dice: tuple[int, ...], defender_dice: tuple[int, ...],
            exclude: frozenset[str] = frozenset(), first: bool = True,
            roles: tuple[str, ...] = ("attacker", "defender")) -> Resolution:
    """``first``: the round that began the assault (12.44's HMG halving, 5.75's river shift); later rounds
    are optional assaults (12.3). ``roles``: the sides that fire now (one alone with first fire, 12.43)."""
    chart = position.charts.chart("assault")
    axis = chart.axis("strength")
    lines: list[Line] = []
    results: dict[str, str] = {}
    sides = (("attacker", attackers, defenders, attacker_dice),
             ("defender", defenders, attackers, defender_dice))
    summary: dict[str, str] = {}
    for role, mine, theirs, dice in sides:
        if role not in roles:
            continue
        who = T("attacker") if role == "attacker" else T("defender")
        units = [position.units[u] for u in mine if u in position.units]
        enemies = [position.units[u] for u in theirs if u in position.units]
        total = _strength(position, units, enemies, role == "attacker", lines, who, exclude, first)
        shift = 0
        if any(u.type == "leader" and not u.has("demoralized") for u in units):
            shift += 1
            lines.append(Line(T("{who} leader present", who=who), "+1", "12.42, 6.43"))
        if _overrun_at(position, h):  # the optional overrun: both sides one column lower
            shift -= 1
            lines.append(Line(T("{who}: overrun", who=who), "-1", "overrun"))
        tanks = [u for u in units if flames(u, tank=True)]
        if role == "attacker" and tanks:  # 15.5: a flame tank's +3, on top of the rest
            shift += 3
            lines.append(Line(T("{who}: flame tank {unit}", who=who, unit=tanks[0].id), "+3", "15.5"))
        charge = _charging(position)
        if role == "attacker" and charge and set(charge) <= {u.id for u in units}:
            shift += 1
            lines.append(Line(T("{who}: cavalry charge", who=who), "+1", "15.31"))
        if role == "attacker" and first and _unsupported_major_river(position, h, units + enemies):
            shift -= 2  # 5.75: the first round only
            lines.append(Line(T("{who}: a major river hex, no engineer on either side", who=who), "-2",
                              "5.75"))
        combat = [u for u in enemies if pu.is_combat(u)]  # 12.41: leaders and unarmed transports apart
        if combat and all(u.has("demoralized") for u in combat):
            shift += 1
            lines.append(Line(T("{who}: every enemy combat unit demoralized", who=who), "+1", "12.41"))
        mined = _minefield(position, h) if role == "attacker" else None  # 16.6: assaulted in a minefield
        if mined is not None:
            shift += mined[1]
            lines.append(Line(T("{who}: {what}", who=who, what=mined[0]), f"{mined[1]:+d}", mined[2]))
        for line in pg_shifts.side_shifts(position, role == "attacker", units, h, who):  # 12.41
            shift += int(str(line.value))
            lines.append(line)
        roll = PG_2D6.from_values(dice).total
        col = axis.locate(total)
        extra: dict[str, int] = {}  # 12.41, 7.52: the attacker's own column against dug-in defenders
        if role == "attacker":
            for e in enemies:
                v, label, rule = pg_shifts.target_shift(e)
                if v:
                    extra[e.id] = v
                    lines.append(Line(label or "", f"{v:+d}", rule))
            if extra:  # 16.2: leaders with dug-in units are dug in with them
                for e in enemies:
                    if pu.is_leader(e):
                        extra[e.id] = min(extra.values())
        if col is None or total <= 0:
            result = "-"
            lines.append(Line(T("{who} ACT", who=who), T("{total} fires on no column", total=total), "12.4"))
            for u in theirs:
                results[u] = result
        else:
            for v in sorted({0, *extra.values()}, reverse=True):
                hit = [u for u in theirs if extra.get(u, 0) == v]
                if not hit and v:
                    continue
                c = max(0, min(len(axis) - 1, col + shift + v))  # 12.41: never below column 1, no cap
                result = str(chart.lookup(strength=axis.key_at(c), roll=roll))
                for u in hit:
                    results[u] = result
                if v == 0 and (hit or not extra):
                    lines.append(Line(T("{who} ACT", who=who),
                                      T("{total} -> column {column}, roll {roll} -> {result}", total=total,
                                        column=axis.key_at(c), roll=roll, result=result), "12.4"))
                elif v:
                    lines.append(Line(T("{who} ACT", who=who),
                                      T("{total} -> column {column}, roll {roll} -> {result} against {units}",
                                        total=total, column=axis.key_at(c), roll=roll, result=result,
                                        units=",".join(hit)), "12.41, 7.52"))
            result = results[next(u for u in theirs)] if theirs else "-"
            if any(results[u] != result for u in theirs):
                result = "/".join(dict.fromkeys(results[u] for u in theirs))
        summary[role] = result
    if len(summary) == 2:
        text = T("assault at {hex}: attacker {attacker}, defender {defender}", hex=position.label(h),
                 attacker=summary["attacker"], defender=summary["defender"])
    elif "defender" in summary:
        text = T("first fire at {hex} (12.43): defender {result}", hex=position.label(h),
                 result=summary["defender"])
    else:
        text = T("assault at {hex} after the first fire: attacker {result}", hex=position.label(h),
                 result=summary.get("attacker", "-"))
    return Resolution(
        act.Attack(attackers, h, attacker_dice or defender_dice or None), "assault", position.charts.label,
        position.charts.demo, tuple(lines), results, text,
    )


def _apply(game: PgGame, position: Position, group: tuple[str, ...], result: str) -> State:
    """7.63: "1"-"3" are steps (the first to the best morale state), then M2; "M" is a check for all."""
    state = position.state
    if result == "-":
        return state
    if result == "M":
        from hexmate.rules.games.pg import morale as pg_morale

        order = pg_morale.check_order(state, list(group))
        return state.push(*(pg_morale.mc(position, u, 0, "7.63") for u in order))
    steps = int(result)
    return pg_fire.step_loss(game, position, group, steps, steps, best_first=True)


def free_shot_decision(position: Position, leavers: tuple[str, ...], origin: Hex) -> Decision | None:
    """12.12: when the last friendly combat units leave an assault hex, the enemy there attacks all of them
    once, as one group, on the Assault table (they need not be active and may have a MOVED/FIRED marker)."""
    state = position.state
    movers = [state.units[u] for u in leavers if u in state.units]
    if not movers:
        return None
    side = movers[0].side
    here = position.units_at(origin)
    if any(u.side == side and u.type != "leader" for u in here):
        return None
    enemies = tuple(u.id for u in here if u.side != side and u.type != "leader")
    if not enemies:
        return None
    prompt = T("free shot at {units} leaving {hex}: roll 2d6 on the Assault Combat Table",
               units=", ".join(leavers), hex=position.label(origin))
    return Decision("roll", position.enemy_of(side), prompt, "12.12", "free_shot", dice="2d6",
                    subject=leavers, target=origin, args=(("firers", ",".join(enemies)),))


def free_shot_decisions(position: Position, leavers: tuple[str, ...], origin: Hex) -> list[Decision]:
    """12.12: the free shot, after each firer with an AT value has chosen whether to fire it at a leaving
    vehicle instead of adding its DF (``assault_at.py``)."""
    shot = free_shot_decision(position, leavers, origin)
    if shot is None:
        return []
    firers = tuple(shot.arg("firers").split(","))
    return [*pg_assault_at.choices(position, firers, origin, leavers=leavers), shot]


def resume_free_shot(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """12.12: the enemy's assault strength in the hex, positive shifts only, one roll; the leavers cannot
    answer; the result falls on them (7.63)."""
    assert decision.target is not None
    state = position.state
    firers = [state.units[u] for u in decision.arg("firers").split(",") if u in state.units]
    leavers = [state.units[u] for u in decision.subject if u in state.units]
    lines: list[Line] = []
    gs = game.gstate(state)
    total = _strength(position, firers + [u for u in position.units_at(decision.target)
                                          if u.type == "leader" and u.side == decision.side],
                      leavers, False, lines, T("free shot"), frozenset(gs.assault_at))
    shift = 0
    if any(u.type == "leader" and u.side == decision.side and not u.has("demoralized")
           for u in position.units_at(decision.target)):
        shift += 1
        lines.append(Line(T("leader present"), "+1", "12.42, 6.43"))
    for line in pg_shifts.side_shifts(position, False, firers, decision.target, T("free shot")):
        if int(str(line.value)) > 0:  # 12.12, 12.41: combined arms counts, being positive
            shift += int(str(line.value))
            lines.append(line)
    lines.append(Line(T("negative shifts"), T("ignored"), "12.12"))
    chart = position.charts.chart("assault")
    axis = chart.axis("strength")
    roll = PG_2D6.from_values(answer.dice or ()).total
    col = axis.locate(total)
    if col is None or total <= 0:
        result = "-"
    else:
        col = max(0, min(len(axis) - 1, col + shift))
        result = str(chart.lookup(strength=axis.key_at(col), roll=roll))
    lines.append(Line(T("ACT"), T("{total} -> roll {roll} -> {result}",
                                  total=total, roll=roll, result=result), "12.12"))
    attack = act.Attack(tuple(u.id for u in firers), decision.target, tuple(answer.dice or ()))
    lines.extend(pg_assault_at.lines(game, position))
    resolution = Resolution(attack, "assault", position.charts.label, position.charts.demo, tuple(lines),
                            {u.id: result for u in leavers},
                            T("free shot at {hex}: {result}",
                              hex=position.label(decision.target), result=result))
    state = state.replace(resolution=resolution)
    state = pg_assault_at.apply(game, position.at(state))  # 12.12: the AT fire falls with the free shot
    alive = tuple(u.id for u in leavers if u.id in state.units)
    return _apply(game, position.at(state), alive, result) if alive else state
