"""Fire Team AP fire on the IFT [6.3] and its results [6.33]-[6.38] as decisions on the stack.

A fire (the active side's, or opportunity fire at a mover [7.0]) opens the firer's d10 roll; its answer is
worked out once into ``State.resolution`` (firepower, column, DRMs, final DR, result, each a named line) and
the results are applied from it: Fear, step losses, elimination, then the rolls the results call for (a
leader's casualty check [6.38] and each unit's panic check [6.36]), each rolled by the units' owner.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import FT_D10
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import lose_step, stack_groups
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.fireteam.game import FireTeamGame

LEADER = "leader"
VEHICLE = "vehicle"
OPP_FIRE = "opp_fire"  # the Opportunity Fire marker: once per impulse against ground units [7.21], [7.23]
CAUTIOUS = "cautious"  # the Cautious Movement marker [5.22]
DEFILADE_DRM = 2  # [6.32] a target behind a crest from every firer: +2 (the 18.3 table: "+1 instead of +2")
CAUTIOUS_DRM = 1  # [5.2] cautious targets get a favourable modifier; its value is on the chart (demo value)
VEHICLE_FEAR = "vfear"  # [6.34] the Vehicle Fear marker
PANIC_AT = 7  # [6.36] a modified d10 of 7 or more panics
LEADER_HIT = 2  # [6.38] a leader casualty check of 1 or 2 eliminates him
VEHICLE_COMBINE = 2  # [6.42] vehicles of a platoon combine AP fire within 2 hexes of one another


def _in_front(unit: UnitState, target: Hex) -> bool:
    from hexmate.rules.games.fireteam import vehicles

    return vehicles.in_front(unit, target)


def _defiladed(position: Position, firers: list[Hex], target: Hex) -> bool:
    """[6.32] Defilade only if every firer's line comes in across a crest hexside."""
    from hexmate.rules.games.fireteam import vehicles

    return bool(firers) and all(vehicles.defilade(position, h, target) for h in firers)


def _moving_fired(position: Position) -> frozenset[str]:
    from hexmate.rules.games.fireteam.game import FireTeamState

    game = position.state.game
    return game.command.moving_fired if isinstance(game, FireTeamState) else frozenset()


def _smoke(position: Position) -> frozenset[Hex]:
    from hexmate.rules.games.fireteam.game import FireTeamState

    game = position.state.game
    return game.smoke if isinstance(game, FireTeamState) else frozenset()


def fear(unit: UnitState) -> int:
    for m in unit.markers:
        if m.startswith("fear"):
            return int(m[4:])
    return 0


def with_fear(unit: UnitState, level: int) -> UnitState:
    """[6.33] Fear adds up to at most 4; leaders are never feared."""
    if unit.type == LEADER:
        return unit
    old = tuple(m for m in unit.markers if m.startswith("fear"))
    level = max(0, min(4, level))
    return unit.mark(*((f"fear{level}",) if level else ()), remove=old)


def panics_on(before: int, added: int) -> bool:
    """[6.36] A unit at Fear 2 taking a further +2, or at Fear 3 or 4 taking any further Fear, checks panic
    (a "1" result adds Fear +1, so it triggers at Fear 3 or 4 as the text reads)."""
    return (before == 2 and added >= 2) or (before >= 3 and added >= 1)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def reacting(position: Position) -> bool:
    """Is this opportunity fire [7.0]: a reaction window at a mover is open?"""
    top = position.state.decision
    return top is not None and top.kind == "react"


def firing_side(position: Position) -> str:
    return position.to_act  # the active side, or in a reaction window the side that may react


def check(game: FireTeamGame, position: Position, fire: act.Fire) -> act.Fire:
    """Who may fire at what [6.2], [6.22], [6.24], [7.0]-[7.21]; IllegalAction citing the rule otherwise."""
    if position.phase.id != "action":
        raise IllegalAction(T("units fire in the Action Phase"), "3.0")
    firers = fire_group(game, position, fire)
    side = firing_side(position)
    opportunity = reacting(position)
    for unit in firers:
        if unit.side != side:
            raise IllegalAction(T("{unit} is not {side}'s: only {side} may fire now",
                                  unit=unit.id, side=side), "3.0")
        if unit.type == LEADER:
            continue  # a leader lends his modifier [6.31]; he fires no firepower of his own [2.34]
        if opportunity and unit.has(OPP_FIRE):
            raise IllegalAction(T("{unit} has already used opportunity fire this impulse",
                                  unit=unit.id), "7.21")
        if unit.carrier is not None and unit.type != "sw":
            why = rider_why_not(position, unit, fire, fire.target)
            if why:
                raise IllegalAction(why, "6.41")
    from hexmate.rules.games.fireteam import sw

    why_sw = sw.why_not_fire(position, firers)
    if why_sw:
        raise why_sw.illegal()
    shooters = [u for u in firers if u.type != LEADER]
    if len({u.type == VEHICLE for u in shooters if u.carrier is None}) > 1:
        raise IllegalAction(T("dismounted infantry and vehicles never fire together"), "6.24")
    if not shooters:
        raise IllegalAction(T("a leader has no firepower of his own"), "2.34")
    target = fire.target
    if target not in position.map.hexes or not [u for u in position.units_at(target)
                                                   if u.side != side and u.type != "sw"]:
        raise IllegalAction(T("no enemy unit in the target hex"), "6.3")
    if opportunity:
        top = position.state.decision
        if top is None or top.target != target:
            raise IllegalAction(T("opportunity fire is at an enemy in the hex it has just entered"), "7.1")
    from hexmate.rules.games.fireteam import artillery

    indirect = artillery.indirect(game, position, shooters, target)
    if indirect:
        artillery.check(game, position, shooters, target, opportunity)
    for unit in shooters:
        start = unit.hex
        assert start is not None
        if not isinstance(unit.values.get("fp"), int) or not isinstance(unit.values.get("range"), int):
            raise IllegalAction(T("{unit} has no AP firepower: it fires only at vehicles", unit=unit.id),
                                "2.36")
        d = distance(start, target)
        if d == 0:
            raise IllegalAction(T("fire into one's own hex is close combat, outside the basic rules"), "14.1")
        if d > 2 * int(unit.values["range"]):
            raise IllegalAction(
                T("{unit} fires at most twice its range ({range}); the target is {d} away",
                  unit=unit.id, range=unit.values['range'], d=d),
                "6.22",
            )
        sight = game.los(position, start, target)
        if sight.blocked and not indirect:
            raise IllegalAction(T("no line of sight to {hex}: {reason}",
                                  hex=position.label(target), reason=sight.reason), "6.1")
    for unit in shooters:
        if unit.type == VEHICLE and unit.facing is not None:
            from hexmate.rules.games.fireteam import vehicles

            if not vehicles.in_front(unit, target) and opportunity:
                raise IllegalAction(T("{unit} fires opportunity AP fire only into its front arc",
                                      unit=unit.id), "7.16")
    if not [u for u in position.units_at(target) if u.side != side and u.carrier is None and u.type != "sw"]:
        raise IllegalAction(T("no enemy to fire on there (riders are hit only through their vehicle)"), "6.3")
    if all(u.concealed for u in position.units_at(target) if u.side != side):
        raise IllegalAction(T("no known enemy there: hidden units are not on the map for you yet"), "11.3")
    from hexmate.rules.games.fireteam import night

    if not indirect:
        night.beyond_sight(game, position, [u.hex for u in shooters if u.hex is not None],
                           [u for u in position.units_at(target) if u.side != side and not u.concealed])
    done = act.Fire(tuple(u.id for u in firers), target, fire.dice)
    if opportunity:
        game_cp = game.cp(position.state)
        cost, _ = opportunity_cost(position, done, game_cp.leaders_used)
        if cmd.pay_reaction(game_cp, side, cost, [u.id for u in shooters]) is None:
            raise IllegalAction(
                T("opportunity fire costs {cp} CP; {side} has {cp2} left",
                  cp=cmd.fmt(cost), side=side, cp2=cmd.fmt(game_cp.left(side))),
                "7.11",
            )
    return done


def rider_why_not(position: Position, unit: UnitState, fire: act.Fire, target: Hex) -> T | None:
    """[6.41] Riders fire only with their vehicle's AP fire: a squad in any direction, an MG team only from a
    BMP (``ifv_mg`` on the vehicle) into its front arc; no other team or SW fires from inside."""
    if unit.carrier not in fire.firers:
        return T("{unit} rides in {vehicle}: it fires only with its vehicle",
                 unit=unit.id, vehicle=unit.carrier)
    carrier = position.units[unit.carrier]
    if unit.type == "squad":
        return None
    if unit.type == "team" and unit.values.get("mg") and carrier.values.get("ifv_mg"):
        if _in_front(carrier, target):
            return None
        return T("{unit} fires from {vehicle} only into its front arc", unit=unit.id, vehicle=carrier.id)
    return T("{unit} cannot fire from inside {vehicle}", unit=unit.id, vehicle=carrier.id)


def fire_group(game: FireTeamGame, position: Position, fire: act.Fire) -> list[UnitState]:
    """The firers of one fire [6.24]: one hex's units, or units in several hexes that fire as a group: for
    opportunity fire a squad with up to two teams stacked with or adjacent to it [7.12]; for the active
    side's fire, a group that may activate together [4.3] (each firer's range and LOS from its own hex)."""
    if len(set(fire.firers)) != len(fire.firers):
        raise InvalidAction(T("a unit is named twice"))
    for uid in fire.firers:
        if uid not in position.units:
            raise InvalidAction(T("no unit {uid!r} in this game", uid=uid))
    units = [position.units[u] for u in sorted(fire.firers)]
    if not units:
        raise IllegalAction(T("name at least one firer"), "6.24")
    if len({u.hex for u in units}) == 1:
        return units
    from hexmate.rules.games.fireteam import activation

    shooters = [u for u in units if u.type != LEADER]
    for ldr in (u for u in units if u.type == LEADER):
        if not any(u.hex == ldr.hex for u in shooters):
            raise IllegalAction(T("{leader} lends his modifier only to a firer stacked with him",
                                  leader=ldr.id), "6.31")
    nat = game.nationality(position, units[0].side)
    if reacting(position):
        squads = [u for u in shooters if u.type == "squad"]
        teams = [u for u in shooters if u.type == "team"]
        why = (T("opportunity fire from several hexes is a squad with its teams") if len(squads) != 1
               or len(squads) + len(teams) != len(shooters) else activation.teams_with(squads[0], teams, nat))
        if why:
            raise IllegalAction(why if isinstance(why, T) else why.text, "7.12")
        return units
    activation.classify(units, nat, cmd.load(), game.sight(position), "fire")
    tanks = [u for u in shooters if u.type == VEHICLE]
    if len(tanks) > 1:  # [6.42] vehicles combine AP fire each within 2 hexes of, and in LOS of, another
        why = activation.linked(tanks, VEHICLE_COMBINE, game.sight(position))
        if why:
            raise IllegalAction(why.text, "6.42")
    return units


def opportunity_cost(position: Position, fire: act.Fire, used: frozenset[str]) -> tuple[Fraction, str]:
    """[7.11] 0 CP at 3 hexes or less, 1 at 4 or more, plus the firers' Fear surcharge (6.35); one leader
    stacked with them takes his modifier off, never below 1 unless it was 0. Returns (cost, leader used)."""
    firers = [position.units[u] for u in fire.firers]
    shooters = [u for u in firers if u.type != LEADER]
    start = shooters[0].hex
    assert start is not None
    far = max(distance(u.hex, fire.target) for u in shooters if u.hex is not None)
    base = Fraction(0 if far <= 3 else 1)
    worst = max((fear(u) for u in shooters if u.type != VEHICLE), default=0)
    base += cmd.fear_surcharge(worst)
    if any(u.type == VEHICLE and u.has(VEHICLE_FEAR) for u in shooters):
        base += 1
    leaders = [u for u in position.units.values() if u.type == LEADER and u.hex == start
               and u.side == shooters[0].side and u.id not in used and u.carrier is None]
    if not leaders or any(u.type == VEHICLE for u in shooters):
        return base, ""
    best = max(leaders, key=lambda ldr: (int(ldr.values.get("modifier", 0)), ldr.id))
    return cmd.with_leader(base, int(best.values.get("modifier", 0))), best.id


def declare(game: FireTeamGame, position: Position, fire: act.Fire) -> State:
    """The fire is declared: opportunity firers take the Opportunity Fire marker [7.23], active firers use
    their activation [4.22]; the firer's d10 is asked for."""
    state = position.state
    opportunity = reacting(position)
    if opportunity:
        command = game.cp(state)
        cost, leader = opportunity_cost(position, fire, command.leaders_used)
        side = state.units[fire.firers[0]].side
        savers = [u for u in fire.firers if state.units[u].type != LEADER]
        paid = cmd.pay_reaction(command, side, cost, savers)
        assert paid is not None
        if leader:
            paid = paid.replace(leaders_used=paid.leaders_used | {leader})
        state = game.with_cp(state, paid)
        for uid in fire.firers:
            unit = state.units[uid]
            if unit.type != LEADER:
                state = state.with_unit(unit.mark(OPP_FIRE))
    for uid in fire.firers:  # [11.31] firing gives a hidden unit away
        if state.units[uid].concealed:
            state = state.with_unit(state.units[uid].revealed())
    from hexmate.rules.games.fireteam import artillery, night

    state = night.flash(game, position, state, fire.firers)
    shooters = [position.units[u] for u in fire.firers if position.units[u].type != LEADER]
    if artillery.indirect(game, position, shooters, fire.target):
        state = artillery.fired(game, state, [u.id for u in shooters], fire.target)  # [9.31], [9.1]
    kind = T("opportunity fire") if opportunity else T("fire")
    return state.push(
        Decision(
            "roll", state.units[fire.firers[0]].side,
            T("{firers} {kind} at {hex}: roll the d10 on the IFT",
              firers=', '.join(fire.firers), kind=kind, hex=position.label(fire.target)),
            "7.1" if opportunity else "6.3", "ift", dice="d10", subject=tuple(fire.firers),
            target=fire.target, args=(("opportunity", "yes" if opportunity else ""),),
        )
    )


def firepower(position: Position, firers: list[UnitState], target: Hex) -> tuple[Fraction, list[Line]]:
    """[6.3] step 1: each firer's AP firepower against the target hex, the multipliers cumulative: x2
    adjacent, x1/2 beyond its printed range (to twice it) [6.22]."""
    lines: list[Line] = []
    total = Fraction(0)
    moving = _moving_fired(position)
    smoked = _smoke(position)
    for unit in firers:
        if unit.type == LEADER:
            continue
        start = unit.hex
        assert start is not None
        d = distance(start, target)
        fp = Fraction(int(unit.values["fp"]))
        note = T("{unit} {fp}", unit=unit.id, fp=_fmt(fp))
        mods: list[T] = []
        if d == 1:
            fp *= 2
            mods.append(T("x2 adjacent"))
        if d > int(unit.values["range"]):
            fp /= 2
            mods.append(T("x1/2 beyond its range"))
        if unit.has(CAUTIOUS):
            fp /= 2
            mods.append(T("x1/2 cautious firer (6.23)"))
        if unit.id in moving:
            fp = fp * 2 / 3
            mods.append(T("x2/3 Moving Fire (6.61)"))
        if unit.carrier is not None and unit.type != "sw":
            fp /= 3
            mods.append(T("x1/3 from inside its vehicle (6.41)"))
        for where in (start, target):
            if where in smoked:
                fp /= 2
                mods.append(T("x1/2 smoke (10.32)"))
        for mod in mods:  # each multiplier a sentence of its own, kept translatable (6.3: they multiply)
            note = T("{note} {mod}", note=note, mod=mod)
        total += fp
        lines.append(Line(T("firepower"), T("{note} = {fp}", note=note, fp=_fmt(fp)), "6.22"))
    return total, lines


def column_of(position: Position, total: Fraction) -> tuple[int | None, Line]:
    """[6.3] step 2: the highest IFT column not above the total (6 + 5 = 11 fires on the 10 column)."""
    axis = position.charts.chart("ift").axis("fp")
    col = axis.locate(total)
    column = axis.key_at(col) if col is not None else None
    return (int(column) if column is not None else None,
            Line(T("column"),
                 T("{total} FP -> {column}", total=_fmt(total), column=column) if column is not None
                 else T("{total} FP -> none", total=_fmt(total)), "6.3"))


def ift(position: Position, column: int | None, final: int) -> str:
    return "-" if column is None else str(position.charts.chart("ift").lookup(fp=column, final_dr=final))


def target_drms(
    game: FireTeamGame, position: Position, target: Hex, units: list[UnitState] | None = None,
    indirect: bool = False,
) -> list[tuple[str, int, str]]:
    """The target's DRMs: terrain [17.2] (woods against indirect fire -1, 9.21); a cautious target [5.2]
    (its value is not printed: demo value)."""
    terrain = position.map.terrain(target)
    if indirect and terrain == "woods":
        from hexmate.rules.games.fireteam.artillery import WOODS_DRM

        out: list[tuple[str, int, str]] = [(T("target in woods against indirect fire"), WOODS_DRM, "9.21")]
    else:
        tem = game.terrain_table().tem(position.map, target)
        out = [(T("target terrain {terrain}", terrain=terrain), tem, "17.2")] if tem else []
    here = units if units is not None else position.units_at(target)
    if here and all(u.has(CAUTIOUS) for u in here if u.type != LEADER):
        out.append((T("target cautious (demo value)"), CAUTIOUS_DRM, "5.2"))
    return out


def resolve(game: FireTeamGame, position: Position, fire: act.Fire) -> Resolution:
    """[6.3] steps 1-4: each firer's modified firepower (multipliers cumulative), the highest IFT column not
    above the total, the DRMs, the final DR clamped to 1..14, the result for every infantry unit in the hex;
    a vehicle there takes Vehicle Fear if the roll + 2 gives any result [6.34]."""
    assert fire.dice is not None
    roll = FT_D10.from_values(fire.dice).total
    firers = [position.units[u] for u in fire.firers]
    shooters = [u for u in firers if u.type != LEADER]
    side = firers[0].side
    total, lines = firepower(position, firers, fire.target)
    from hexmate.rules.games.fireteam import artillery

    indirect = artillery.indirect(game, position, shooters, fire.target)
    if indirect:
        lines.append(Line(T("indirect fire"), T("every unit in the hex; no defilade"), "9.2, 9.21"))
        if not artillery.observed_now(game, position, shooters[0], side, fire.target):
            total /= 2
            lines.append(Line(T("no observer sees the hex"), f"x1/2 = {_fmt(total)}", "9.21 A"))
    column, line = column_of(position, total)
    lines.append(line)
    drms: list[tuple[str, int, str]] = []
    holders = {u.carrier for u in shooters if u.type == "sw"}  # [6.31] not to his own SW's shot
    leaders = [u for u in firers if u.type == LEADER and u.id not in holders]
    if leaders and all(u.type != VEHICLE for u in shooters):  # [6.31] one leader lends his modifier
        best = max(leaders, key=lambda ldr: int(ldr.values.get("modifier", 0)))
        drms.append((T("leader {leader}", leader=best.id), -int(best.values.get("modifier", 0)), "6.31"))
    worst_fear = max((fear(u) for u in shooters if u.type != VEHICLE), default=0)
    if worst_fear:
        drms.append((T("firer Fear"), worst_fear, "6.35"))
    if any(u.type == VEHICLE and u.has(VEHICLE_FEAR) for u in shooters):
        drms.append((T("firer Vehicle Fear"), 1, "6.35"))
    if any(u.type == VEHICLE and u.facing is not None and not _in_front(u, fire.target) for u in shooters):
        drms.append((T("turning to fire"), 2, "6.43"))
    drms += target_drms(game, position, fire.target,
                        [u for u in position.units_at(fire.target)
                         if u.side != side and u.carrier is None and u.type != "sw"], indirect)
    hexes = [u.hex for u in shooters if u.hex is not None]
    if not indirect and _defiladed(position, hexes, fire.target):
        rise = min(position.map.level(h) for h in hexes) - position.map.level(fire.target)
        value = DEFILADE_DRM - (2 if rise >= 3 else 1 if rise == 2 else 0)  # [18.3] height advantage
        if value:
            drms.append((T("target in defilade"), value, "6.32, 18.3"))
    from hexmate.rules.games.fireteam import night

    if game.night(position):
        drms.append((T("night"), night.AP_DRM, "15.4"))
    if game.night(position) and not indirect:
        seen = [u for u in position.units_at(fire.target) if u.side != side and not u.concealed]
        if night.beyond_sight(game, position, hexes, seen):
            drms.append((T("at a Gun Flash beyond sighting range"), night.FLASH_DRM, "15.6"))
    for label, value, rule in drms:
        lines.append(Line(label, f"{value:+d}", rule))
    drm = sum(v for _, v, _ in drms)
    final = max(1, min(14, roll + drm))  # [6.3] step 4: below 1 counts as 1, above 14 as 14
    lines.append(Line(T("final DR"), f"{roll} {drm:+d} -> {final}", "6.3"))
    result = ift(position, column, final)
    lines.append(Line(T("result"), result, "6.33"))
    here = [u for u in position.units_at(fire.target)
            if u.side != side and u.carrier is None and u.type != "sw"]
    results = {u.id: result for u in here if u.type != VEHICLE}
    tanks = [u for u in here if u.type == VEHICLE]
    if tanks:
        shaken = ift(position, column, max(1, min(14, final + 2))) != "-"
        lines.append(Line(T("vehicles"), T("final DR + 2: Vehicle Fear") if shaken else
                          T("final DR + 2: no effect"), "6.34"))
        results.update({u.id: ("VF" if shaken else "-") for u in tanks})
    return Resolution(
        fire, "ift", position.charts.label, position.charts.demo, tuple(lines),
        results, T("{action}: {result}", action=position.action_text(fire), result=result),
        hidden={u.id: u.side for u in here if u.concealed},  # [11.3] never named to the firer
    )


def resume_ift(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The d10 is in: the fire is worked out once and its results applied from the resolution; opportunity
    fire leaves its firepower in the hex for the rest of the impulse (residual fire, 7.31) unless it was at a
    leader moving alone [7.32]."""
    assert decision.target is not None and answer.dice is not None
    resolution = resolve(game, position, act.Fire(decision.subject, decision.target, answer.dice))
    state = uncautious(position.state.replace(resolution=resolution), decision.subject)
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(fired_at=gs.fired_at | frozenset(resolution.results)))  # [8.2]
    if decision.arg("opportunity") and state.moving is not None:
        from hexmate.rules.games.fireteam.game import Residual

        movers = [state.units[u] for u in state.moving.units if u in state.units]
        if any(u.type not in (LEADER, VEHICLE) for u in movers):
            firers = [state.units[u] for u in decision.subject if u in state.units]
            total, _ = firepower(position, firers, decision.target)
            gs = game.gstate(state)
            state = state.replace(game=gs.replace(
                residual=(*gs.residual, Residual(decision.target, total, firers[0].side))))
        state = halt_hit(game, state, resolution.results)
    return apply_results(position.at(state), resolution)


def uncautious(state: State, firers: tuple[str, ...]) -> State:
    """[5.25] Firing takes the Cautious marker off, once its penalty has applied to the fire."""
    for uid in firers:
        if uid in state.units and state.units[uid].has(CAUTIOUS):
            state = state.with_unit(state.units[uid].mark(remove=(CAUTIOUS,)))
    return state


def halt_hit(game: FireTeamGame, state: State, results: Mapping[str, str]) -> State:
    """[7.33] A mover feared (or worse) ends its move in that hex; a leader is never feared [6.33], so a
    "+1" or "+2" does not stop him; a vehicle given Vehicle Fear stops too."""
    moving = state.moving
    if moving is None:  # fire at an unloading [7.14]: the riders hit end their move there [7.33]
        command = game.cp(state)
        stopped = {u for u, r in results.items() if r != "-" and u in state.units
                   and state.units[u].type != LEADER}
        return game.with_cp(state, command.replace(used=command.used | stopped))
    hit = [
        u for u, r in results.items()
        if u in moving.units and (r in ("1", "E", "VF", "K") or (r != "-" and state.units[u].type != LEADER))
    ]
    if not hit:
        return state
    gs = game.gstate(state)
    return state.replace(game=gs.replace(halted=gs.halted + tuple(hit)))


def resume_residual(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[7.31] Residual fire rolls against the units that entered the hex, with the hex's own modifiers;
    units already there are not touched by this roll."""
    assert decision.target is not None and answer.dice is not None
    roll = FT_D10.from_values(answer.dice).total
    total = Fraction(decision.arg("fp"))
    column, line = column_of(position, total)
    lines = [Line(T("residual fire"),
                  T("{total} FP left by opportunity fire this impulse", total=_fmt(total)), "7.31"), line]
    drms = target_drms(game, position, decision.target,
                       [position.units[u] for u in decision.subject if u in position.units])
    for label, value, rule in drms:
        lines.append(Line(label, f"{value:+d}", rule))
    drm = sum(v for _, v, _ in drms)
    final = max(1, min(14, roll + drm))
    lines.append(Line(T("final DR"), f"{roll} {drm:+d} -> {final}", "6.3"))
    result = ift(position, column, final)
    lines.append(Line(T("result"), result, "6.33"))
    targets = [u for u in decision.subject if u in position.units]
    fire = act.Fire(tuple(targets), decision.target, answer.dice)
    resolution = Resolution(
        fire, "ift", position.charts.label, position.charts.demo, tuple(lines), {u: result for u in targets},
        T("residual fire at {hex}: {result}", hex=position.label(decision.target), result=result),
    )
    state = position.state.replace(resolution=resolution)
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(fired_at=gs.fired_at | frozenset(targets)))
    state = halt_hit(game, state, resolution.results)
    return apply_results(position.at(state), resolution)


def apply_results(position: Position, resolution: Resolution) -> State:
    """[6.33] applied from the resolution: E eliminates all; 1 costs every infantry unit a step and Fear +1
    and every leader a casualty check; +1/+2 add Fear. Panic checks follow for the units they trigger."""
    state = position.state
    casualty_checks: list[Decision] = []
    panic_checks: list[Decision] = []
    for uid, result in sorted(resolution.results.items()):
        unit = state.units.get(uid)
        if unit is None or result == "-":
            continue
        if result == "VF":
            state = state.with_unit(unit.mark(VEHICLE_FEAR))  # [6.34] never more than one
        elif result in ("E", "K"):
            state = state.without_unit(uid)
            for rider in [u for u in state.units.values() if u.carrier == uid and u.type != "sw"]:
                state = state.without_unit(rider.id)  # [5.43] riders die with their carrier
        elif unit.type == LEADER:
            if result == "1":
                casualty_checks.append(_casualty_check(position, unit))
        elif result == "1":
            before = fear(unit)
            state = lose_step(state, unit)  # [6.37] full -> reduced -> eliminated
            if uid in state.units:
                state = state.with_unit(with_fear(state.units[uid], before + 1))
                if panics_on(before, 1):
                    panic_checks.append(_panic_check(position, unit, "1"))
        elif result in ("+1", "+2"):
            before, added = fear(unit), int(result[1])
            state = state.with_unit(with_fear(unit, before + added))
            if panics_on(before, added):
                panic_checks.append(_panic_check(position, unit, result))
        else:
            raise IllegalAction(T("unknown IFT result {result!r} in the chart pack", result=result), "6.33")
    return state.push(*casualty_checks, *panic_checks)


def _casualty_check(position: Position, leader: UnitState) -> Decision:
    return Decision(
        "roll", leader.side, T("{leader}: leader casualty check, 1-2 eliminates him",
                               leader=leader.id), "6.38", "casualty",
        dice="d10", subject=(leader.id,), target=leader.hex,
    )


def _panic_check(position: Position, unit: UnitState, trigger: str) -> Decision:
    return Decision(
        "roll", unit.side, T("{unit}: panic check, 7 or more loses a step", unit=unit.id), "6.36", "panic",
        dice="d10", subject=(unit.id,), target=unit.hex, args=(("trigger", trigger),),
    )


def leader_modifier(state: State, unit: UnitState) -> tuple[int, str]:
    """The best modifier among the friendly leaders in the unit's hex (one leader applies), and his id."""
    leaders = [
        u for u in state.units.values() if u.type == LEADER and u.side == unit.side and u.hex == unit.hex
    ]
    if not leaders:
        return 0, ""
    best = max(leaders, key=lambda ldr: (int(ldr.values.get("modifier", 0)), ldr.id))
    return int(best.values.get("modifier", 0)), best.id


def resume_casualty(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[6.38] A leader rolling 1 or 2 is eliminated; every infantry unit in his hex gains Fear +1 for him."""
    state = position.state
    leader = state.units.get(decision.subject[0])
    roll = FT_D10.from_values(answer.dice or ()).total
    if leader is None or roll > LEADER_HIT:
        return state
    state = state.without_unit(leader.id)
    checks = []
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.hex == leader.hex and unit.type != LEADER:
            before = fear(unit)
            state = state.with_unit(with_fear(unit, before + 1))
            if panics_on(before, 1):
                checks.append(_panic_check(position, unit, "1"))
    return state.push(*checks)


def resume_panic(game: FireTeamGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """[6.36] d10 - one leader's modifier in the hex (+1 when a "+2" set it off): 7 or more loses a step."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    roll = FT_D10.from_values(answer.dice or ()).total
    modifier, _ = leader_modifier(state, unit)
    final = roll - modifier + (1 if decision.arg("trigger") == "+2" else 0)
    if final >= PANIC_AT:
        state = lose_step(state, unit)
    return state


def can_fire_at(game: FireTeamGame, position: Position, side: str, target: Hex) -> bool:
    """Could any one unit of ``side`` fire at ``target`` now? (opens an opportunity fire window, 7.1)"""
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or unit.hex is None or unit.type == LEADER or unit.has(OPP_FIRE):
            continue
        reach = unit.values.get("range")
        far = isinstance(reach, int) and distance(unit.hex, target) > 2 * reach
        if far and "gm_bands" not in unit.values:  # a G/M weapon's reach is its bands
            continue
        try:
            game.check_fire(position, act.Fire((unit.id,), target))
        except (IllegalAction, InvalidAction):
            continue
        return True
    return False


def generate(game: FireTeamGame, position: Position) -> Iterator[act.Action]:
    side = firing_side(position)
    moving = position.state.moving
    if reacting(position):
        targets = [moving.here] if moving is not None else []
    else:
        targets = sorted(
            {u.hex for u in position.units.values() if u.side != side and u.hex is not None},
            key=lambda h: (h.q, h.r),
        )

    def eligible(u: UnitState) -> bool:
        return u.side == side

    for group in stack_groups(position, eligible):
        if all(position.units[u].type == LEADER for u in group):
            continue
        for target in targets:
            fire = act.Fire(tuple(sorted(group)), target)
            try:
                yield game.check_fire(position, fire)
            except (IllegalAction, InvalidAction):
                continue


__all__ = [
    "OPP_FIRE", "VEHICLE", "apply_results", "can_fire_at", "check", "declare", "fear", "generate",
    "leader_modifier", "panics_on", "resolve", "resume_casualty", "resume_ift", "resume_panic",
    "with_fear",
]
