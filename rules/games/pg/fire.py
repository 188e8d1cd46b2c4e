"""PG direct fire (7.3-7.6, 10.0) and opportunity fire (13.0-13.2) on the decision stack: a fire is declared,
the firer rolls 2d6 (a roll decision tied to the firers and the target hex), the attack is worked out once
into ``State.resolution`` (every column shift with its rule) and its result becomes decisions: the step
losses the owner allots (7.61) and the morale checks the owner rolls (14.1), leaders first.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.games.common import stack_groups
from hexmate.rules.games.pg import air as pg_air
from hexmate.rules.games.pg import antitank as pg_at
from hexmate.rules.games.pg import bombard as pg_bombard
from hexmate.rules.games.pg import caves as pg_caves
from hexmate.rules.games.pg import cover as pg_cover
from hexmate.rules.games.pg import elevation as pg_elevation
from hexmate.rules.games.pg import losses as pg_losses
from hexmate.rules.games.pg import mines as pg_mines
from hexmate.rules.games.pg import morale as pg_morale
from hexmate.rules.games.pg import offboard as pg_offboard
from hexmate.rules.games.pg import penal as pg_penal
from hexmate.rules.games.pg import riders as pg_riders
from hexmate.rules.games.pg import searching as pg_search
from hexmate.rules.games.pg import smoke as pg_smoke
from hexmate.rules.games.pg import spotting as pg_spot
from hexmate.rules.games.pg import strategic as pg_strategic
from hexmate.rules.games.pg import supply as pg_supply
from hexmate.rules.games.pg import trains as pg_trains
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg import vertex as pg_vertex
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MARK = pg_morale.MARK
OPP = "opp_fire"  # the second MOVED/FIRED marker a unit carries after its first opportunity fire (13.1)


def opportunity(position: Position) -> bool:
    """Is a fire now opportunity fire at a unit moving through a hex (13.0)?"""
    top = position.state.decision
    return position.state.moving is not None and top is not None and top.kind == "react"


def movers(position: Position) -> list[UnitState]:
    moving = position.state.moving
    if moving is None:
        return []
    return [position.units[u] for u in moving.units if u in position.units]


def may_opportunity_fire(game: PgGame, position: Position, unit: UnitState) -> str | None:
    """13.0, 13.1: a unit not yet activated this turn, or one with its first opportunity fire's second
    marker, may fire at a mover; a demoralized one may not (14.3); once per mover per hex (13.2)."""
    if unit.type == "leader":
        return T("leaders have no direct fire of their own (6.42)")
    if unit.has(MARK) and not unit.has(OPP):
        return T("{unit} has already acted this turn (13.0)", unit=unit.id)
    if unit.has("demoralized"):
        return T("{unit} is demoralized and may not fire (14.3)", unit=unit.id)
    if unit.id in game.gstate(position.state).fired_here:
        return T("{unit} has already fired at this mover in this hex (13.2)", unit=unit.id)
    return None


def fire_group(game: PgGame, position: Position, ids: tuple[str, ...], opp: bool) -> list[UnitState]:
    """7.33, 6.41: a stack always fires together; units in adjacent hexes only through an activated
    good-order leader with a combat modifier, who adds one adjacent hex per point of it."""
    if not ids:
        raise IllegalAction(T("name at least one firer"), "7.33")
    if len(set(ids)) != len(ids):
        raise InvalidAction(T("a unit is named twice"))
    firers = []
    for uid in ids:
        if uid not in position.units:
            raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        firers.append(position.units[uid])
    hexes = {u.hex for u in firers}
    if None in hexes:
        raise IllegalAction(T("every firer must be on the map"), "7.3")
    if len(hexes) > 1:
        leaders = [u for u in firers if pu.is_leader(u) and not u.has("disrupted")
                   and not u.has("demoralized") and pu.value(u, "combat") > 0]
        gs = game.gstate(position.state)
        if not opp:
            leaders = [u for u in leaders if u.id in gs.act_leaders]
        ok = False
        pair = [h for h in hexes if h is not None]
        if (gs.formation and not opp and len(pair) == 2 and distance(pair[0], pair[1]) == 1
                and all(u.id in gs.active for u in firers)):
            ok = True  # optional formation activation (17.0): two adjacent hexes without a leader
        for ldr in leaders:
            assert ldr.hex is not None
            others = {h for h in hexes if h != ldr.hex}
            if all(h is not None and distance(h, ldr.hex) == 1 for h in others) and len(others) <= pu.value(
                    ldr, "combat"):
                ok = True
        if not ok:
            raise IllegalAction(
                T("units in different hexes fire together only through an activated good-order leader with a "
                  "combat modifier, one adjacent hex per point (name him among the firers)"), "6.41, 7.33")
    return firers


def fire_mode(shooters: list[UnitState]) -> str:
    """7.31, 7.33: DF with DF, bombardment with bombardment; AT fire never combines."""
    if all(pu.value(u, "df") > 0 for u in shooters):
        return "df"
    if all(pu.value(u, "bombard") > 0 for u in shooters):
        return "bombard"
    if len(shooters) == 1 and pu.value(shooters[0], "at") > 0:
        return "at"
    raise IllegalAction(T("only DF with DF or bombardment with bombardment combine; AT fire never does"),
                        "7.33")


def through_friends(game: PgGame, position: Position, firers: list[UnitState], target: Hex) -> T | None:
    """7.24, 10.1: no DF through a hex holding friendly non-AFV units; an HMG, AFV or AA unit may fire past
    friendly units if some hex of the line without friends lies between the target and every friendly hex
    of the line. Returns why not, or None."""
    side = firers[0].side
    for firer in firers:
        if pu.is_leader(firer):
            continue
        assert firer.hex is not None
        line = [h for h in pg_vertex.line_hexes(game, position.state, firer.hex, target)
                if h not in (firer.hex, target)]  # 8.4: a hexside's side as chosen this turn
        friendly = [i for i, h in enumerate(line)
                    if any(u.side == side and (pu.is_hmg_like(firer) or not pu.is_afv(u))
                           for u in position.units_at(h))]
        if not friendly:
            continue
        if not pu.is_hmg_like(firer):
            return T("{unit} would fire through friendly units in {hex}", unit=firer.id,
                     hex=position.label(line[friendly[0]]))
        last = max(friendly)
        if not any(i > last for i in range(len(line))):
            return T("{unit} fires past friendly units in {hex} only with an empty hex between them and the "
                     "target", unit=firer.id, hex=position.label(line[last]))
    return None


def check(game: PgGame, position: Position, fire: act.Fire) -> act.Fire:
    opp = opportunity(position)
    if pg_air.is_strike(position, fire):  # aircraft from off the board (15.1)
        pg_air.check(game, position, fire, opp)
        plane = position.units[fire.firers[0]]
        if (hidden := pg_caves.fire_problem(position, [], fire.target, plane.side)) is not None:
            raise IllegalAction(hidden, "16.7")  # an air attack is direct fire (15.1)
        return act.Fire(tuple(sorted(fire.firers)), fire.target)
    if pg_offboard.is_call(position, fire):  # a leader calls off-board artillery (9.1, 9.2)
        pg_offboard.check(game, position, fire, opp)
        return fire
    firers = fire_group(game, position, tuple(fire.firers), opp)
    side = position.state.decision.side if opp and position.state.decision else position.to_act
    for unit in firers:
        assert unit.hex is not None
        if unit.side != side:
            raise IllegalAction(T("{unit} is not {side}'s: {side} fires now",
                                  unit=unit.id, side=side), "3.0 B")
        if any(u.side != side for u in position.units_at(unit.hex)) and fire.target != unit.hex:
            raise IllegalAction(T("units in an assault hex may not fire out of it"), "12.52")
        why = may_opportunity_fire(game, position, unit) if opp and unit.type != "leader" else (
            None if opp or kept_now(game, position, unit) else game.can_act(position, unit))
        if why:
            raise IllegalAction(why)
        if opp and unit.id in game.gstate(position.state).at_kept and not any(
                m.id in pg_at.at_targets(game, position, unit, fire.target) for m in movers(position)):
            raise IllegalAction(T("{unit} keeps only its second AT shot: AT fire at a mover it spots",
                                  unit=unit.id), "11.2")
        if not opp and kept_now(game, position, unit) and (
                len(firers) > 1 or not pg_at.at_targets(game, position, unit, fire.target)):
            raise IllegalAction(T("{unit} has fired: its second shot is AT fire alone at a vehicle it spots",
                                  unit=unit.id), "11.2")
        if unit.has("demoralized"):
            raise IllegalAction(T("{unit} is demoralized and may not fire", unit=unit.id), "14.3")
        if (rail := pg_trains.fire_problem(unit, opp)) is not None:
            raise IllegalAction(rail, "15.2")
    for unit in firers if not opp else []:
        if (penal := pg_penal.fire_problem(game, position, unit)) is not None:
            raise IllegalAction(penal, "15.4")
    if (cave := pg_caves.fire_problem(position, [u for u in firers if u.type != "leader"], fire.target,
                                      side)) is not None:
        raise IllegalAction(cave, "16.7")
    shooters = [u for u in firers if u.type != "leader"]
    if not shooters:
        raise IllegalAction(T("leaders have no direct fire of their own"), "6.42")
    if any(pu.value(u, "carried") or u.carrier is not None for u in shooters):
        raise IllegalAction(T("carried units may not fire"), "5.67")
    riding = pg_riders.fire_problem(position, shooters)  # optional tank riders (17.0)
    if riding:
        raise IllegalAction(riding, "17.0")
    for u in shooters:
        if (u.type == "gun" or pu.is_portee(u)) and u.has(pu.LIMBERED):  # 5.62, 5.63
            raise IllegalAction(T("{unit} is limbered: it unlimbers before it fires", unit=u.id), "5.62")
    if fire.target not in position.map.hexes:
        raise IllegalAction(T("the target hex is not on the map"), "7.3")
    if opp:
        moving = position.state.moving
        assert moving is not None
        if fire.target != moving.here:
            raise IllegalAction(
                T("opportunity fire is at the moving unit in the hex it has just entered ({hex})",
                  hex=position.label(moving.here)), "13.1")
    targets = [u for u in position.units_at(fire.target) if u.side != side]
    if not targets:
        raise IllegalAction(T("no enemy unit in the target hex"), "10.0")
    split = game.gstate(position.state).split
    if split is not None and split[0] in fire.firers and position.label(fire.target) in game.gstate(
            position.state).split_targets:
        raise IllegalAction(T("a split fire's parts go to different targets"), "7.23")
    mode = fire_mode(shooters)
    if mode == "at" or (len(shooters) == 1 and pg_at.at_targets(game, position, shooters[0], fire.target)):
        if fire.target != shooters[0].hex and any(u.side == side and pu.is_vehicle(u)
                                                  for u in position.units_at(fire.target)):
            raise IllegalAction(T("no AT fire into an assault hex holding a friendly vehicle"), "7.24, 12.53")
        if mode == "at":
            if not pg_at.at_targets(game, position, shooters[0], fire.target):
                raise IllegalAction(T("no enemy vehicle there that it spots within its AT range"),
                                    "11.0, 11.3")
            return fire
        if _df_problem(game, position, shooters, fire.target, opp) is not None:
            return fire  # only its AT fire can reach: the declaration asks which vehicle
    if mode == "bombard":
        pg_bombard.check(game, position, shooters, fire.target, opp)
        return fire
    problem = _df_problem(game, position, shooters, fire.target, opp)
    if problem is not None:
        raise IllegalAction(*problem)
    return fire


def _df_problem(game: PgGame, position: Position, shooters: list[UnitState], target: Hex, opp: bool
                ) -> tuple[T, str] | None:
    side = shooters[0].side
    if any(u.side == side for u in position.units_at(target)):
        return T("no direct fire into a hex holding friendly units (nor an assault hex)"), "7.24, 12.53"
    for unit in shooters:
        assert unit.hex is not None
        d = distance(unit.hex, target)
        if d > pu.value(unit, "df_range"):
            return T("{unit} has range {range}, the target is {distance} hexes away", unit=unit.id,
                     range=pu.value(unit, "df_range"), distance=d), "7.32"
    enemies = [u for u in position.units_at(target) if u.side != side]
    if opp:
        enemies = movers(position)  # 8.0: opportunity fire needs the mover itself spotted
    for unit in shooters:  # 8.0: the firers see a unit there themselves (8.34: from the ground)
        if not any(pg_spot.sees_unit(game, position, unit, e, fire=True) for e in enemies):
            assert unit.hex is not None
            sight = pg_vertex.sight(game, position, unit.hex, target)
            why = sight.reason if sight.blocked else T("it is in restrictive terrain beyond its range (8.21)")
            return T("{hex} is not spotted by {unit}: {why}",
                     hex=position.label(target), unit=unit.id, why=why), "8.0"
    blocked = through_friends(game, position, shooters, target)
    if blocked:
        return blocked, "7.24, 10.1"
    return None


def _shifts_for(game: PgGame, position: Position, firers: list[UnitState], target: Hex, opp: bool,
                targets: list[UnitState]) -> list[tuple[T, int, str]]:
    """The shifts every target of the hex shares (10.3, 7.33, 4.4, 7.5, 1.2 night)."""
    shifts: list[tuple[T, int, str]] = []
    hexes = {u.hex for u in firers if u.hex is not None}
    ranges = [distance(h, target) for h in hexes]
    # 7.33: firers at different ranges take the least favourable range shift
    per_range = [(2 if d == 1 else -1 if d >= 3 else 0) for d in ranges]
    worst = min(per_range) if per_range else 0
    if worst == 2:
        shifts.append((T("target adjacent"), 2, "10.3"))
    elif worst == -1:
        shifts.append((T("range 3 or more"), -1, "7.33"))
    if not opp and sum(1 for u in targets if pu.counts_for_stack(u)) >= 3:  # 13.1: never for opportunity fire
        shifts.append((T("three combat units in the hex"), 1, "4.4"))
    terrain_shift = int(game.terrain_table().fire_shift(position.map, target))
    if terrain_shift:
        shifts.append((T("target terrain ({terrain})",
                         terrain=position.map.terrain(target)), terrain_shift, "7.5"))
    mined = pg_mines.shift(game, position, target, "dft")  # 16.6: a target in a minefield hex
    if mined is not None:
        shifts.append(mined)
    higher = pg_elevation.shift(position, firers, target)  # 8.31: firing down from higher ground
    if higher is not None:
        shifts.append(higher)
    if game.night(position):
        shifts.append((T("night"), -1, "1.2"))
    if firers and game.supply_level(position, firers[0].side):
        shifts.append((T("supply shortage"), -1, "3.0 B"))  # optional fog of war: DF -1 column
    if opp and pg_strategic.ambush(game, position, firers):  # optional (17.0): hidden at a strategic mover
        shifts.append((T("hidden unit at a strategic move"), 2, "17.0"))
    if pg_smoke.in_smoke(game, position, target):  # optional smoke (17.0): at units in it, and from it
        shifts.append((T("target in smoke"), -1, "17.0"))
    if any(pg_smoke.in_smoke(game, position, u.hex) for u in firers if not pu.is_leader(u)):
        shifts.append((T("firing from smoke"), -1, "17.0"))
    return shifts


def resolve(game: PgGame, position: Position, fire: act.Fire,
            extra: tuple[tuple[T, int, str], ...] = ()) -> Resolution:
    """The Direct Fire Table (10.0): the firers' DF summed (halved when disrupted, rounded up per unit, 1.2,
    14.2; +1 leader combat modifier each, 6.42), the column shifts capped +3/-2 (10.3), one 2d6 roll read on
    each target's own column (7.52: +2 against artillery). ``extra``: shifts of an air attack (15.1)."""
    assert fire.dice is not None
    roll = PG_2D6.from_values(fire.dice).total
    opp = opportunity(position)
    firers = [position.units[u] for u in fire.firers]
    side = firers[0].side
    total, lines = fire_strength(firers, "df", split_part(game, position),
                                 {u.id for u in firers if pg_supply.halved(game, position, u)})
    chart = position.charts.chart("dft")
    axis = chart.axis("df")
    col = axis.locate(total)
    # 7.64: opportunity fire hits only the moving unit (and leaders moving with it)
    targets = movers(position) if opp else pg_caves.exposed(  # 16.7: not the units in a cave
        [u for u in position.units_at(fire.target) if u.side != side])
    shifts = [*extra, *_shifts_for(game, position, firers, fire.target, opp, targets)]
    for label, value, rule in shifts:
        lines.append(Line(label, f"{value:+d}", rule))
    results: dict[str, str] = {}
    for unit in targets:
        own = [(T("artillery target"), 2, "7.52")] if pu.is_artillery(unit) else []
        dug = pg_cover.shift(position, unit, "dft")  # 16.1, 16.2, 16.4: its own column (7.52)
        if dug is not None:
            own.append(dug)
            lines.append(Line(dug[0], f"{dug[1]:+d}", dug[2]))  # a TEC value: the pack's (its label)
        fuel = 1 if pu.is_flamethrower(unit) else 0  # 15.5: its fuel tanks, +1 against it (read as 7.52)
        if fuel:
            lines.append(Line(T("{unit}: flamethrower target", unit=unit.id), "+1", "15.5"))
        net = sum(v for _, v, _ in shifts + own) + fuel
        capped = max(-2, min(3, net))  # 10.3
        if col is None:
            results[unit.id] = "-"
            continue
        c = max(0, min(len(axis) - 1, col + capped))  # 7.51: never below the lowest column
        results[unit.id] = str(chart.lookup(df=axis.key_at(c), roll=roll))
        facts = {"total": total, "column": axis.key_at(c), "roll": roll, "result": results[unit.id],
                 "net": f"{net:+d}", "capped": f"{capped:+d}"}
        if dug is not None:
            note = T("{total} -> column {column} (its own column, 7.52: net {net}, capped {capped}, 10.3), "
                     "roll {roll} -> {result}", **facts)
        elif own and capped != net:
            note = T("{total} -> column {column} (+2 artillery, 7.52), net {net} capped {capped} (10.3), "
                     "roll {roll} -> {result}", **facts)
        elif own:
            note = T("{total} -> column {column} (+2 artillery, 7.52), roll {roll} -> {result}", **facts)
        elif capped != net:
            note = T("{total} -> column {column}, net {net} capped {capped} (10.3), roll {roll} -> {result}",
                     **facts)
        else:
            note = T("{total} -> column {column}, roll {roll} -> {result}", **facts)
        lines.append(Line(T("DFT {unit}", unit=unit.id), note, "10.0"))
    if col is None:
        lines.append(Line(T("DFT"), T("{total} is below the lowest column", total=total), "7.51"))
    worst = max(results.values(), key=_severity, default="-")
    kind = T("opportunity fire") if opp else T("direct fire")
    return Resolution(
        fire, "dft", position.charts.label, position.charts.demo, tuple(lines),
        results, T("{fire} ({kind}): {result}", fire=position.action_text(fire), kind=kind, result=worst),
    )


def fire_strength(firers: list[UnitState], key: str, parts: dict[str, int] | None = None,
                  short: set[str] | None = None) -> tuple[int, list[Line]]:
    """Sum of the firers' ``key`` value: halved when disrupted (rounded up per unit, 1.2, 14.2) and again
    for the ``short`` ones (a serious supply shortage, ``supply.py``), plus one activated non-demoralized
    leader's combat modifier per unit (6.42)."""
    shooters = [u for u in firers if u.type != "leader"]
    leaders = [u for u in firers if u.type == "leader" and not u.has("demoralized")]
    lines = []
    total = 0
    for i, unit in enumerate(shooters):
        df = pu.value(unit, key)
        note = T("{unit} {df}", unit=unit.id, df=df)
        if parts and unit.id in parts and parts[unit.id] != df:
            df = parts[unit.id]
            note = T("{unit} {df} of its split DF (7.23)", unit=unit.id, df=df)
        if unit.has("disrupted"):
            df = math.ceil(df / 2)
            note = T("{note} halved (disrupted, rounded up) = {df}", note=note, df=df)
        if short and unit.id in short:
            df = math.ceil(df / 2)
            note = T("{note} halved (serious supply shortage, rounded up) = {df}", note=note, df=df)
        if i < len(leaders) and key == "df":
            bonus = int(leaders[i].values.get("combat", 0))
            df += bonus
            note = T("{note} + {bonus} ({leader}) = {df}",
                     note=note, bonus=bonus, leader=leaders[i].id, df=df)
        total += df
        label = T("DF") if key == "df" else T("BOMBARD")
        lines.append(Line(label, note, "6.42" if i < len(leaders) and key == "df" else "10.0"))
    return total, lines


def _severity(result: str) -> tuple[int, int]:
    if result.endswith("X"):
        return (2, int(result[:-1] or 1))
    if result.startswith("M"):
        return (1, int(result[1:] or 0))
    return (0, 0)


def declare(game: PgGame, position: Position, fire: act.Fire) -> State:
    """The firers are marked (7.46; an opportunity fire's first shot takes two markers, its second leaves
    one, 13.1), a firer seen while it fires in restrictive terrain is SPOTTED (8.22), and the firing side
    rolls 2d6."""
    if pg_air.is_strike(position, fire):
        return pg_air.declare(game, position, fire)
    if pg_offboard.is_call(position, fire):
        return pg_offboard.declare(game, position, fire)
    state = position.state
    opp = opportunity(position)
    for uid in fire.firers:
        unit = state.units[uid]
        if opp and unit.type != "leader":
            unit = unit.mark(remove=(OPP,)) if unit.has(OPP) else pg_trains.opp_fired(unit.mark(MARK, OPP))
            gs = game.gstate(state)
            state = state.replace(game=gs.replace(fired_here=(*gs.fired_here, uid),
                                                  at_kept=tuple(u for u in gs.at_kept if u != uid)))
        elif kept_now(game, position, unit):  # 11.2: its second AT shot, in its own activation
            unit = unit.mark(MARK, remove=(OPP,))
            gs = game.gstate(state)
            state = state.replace(game=gs.replace(at_kept=tuple(u for u in gs.at_kept if u != uid)))
        else:
            unit = unit.mark(MARK)
        if unit.type != "leader" and pg_spot.reveals(game, position, unit):
            unit = unit.mark(pg_spot.SPOTTED)
        state = state.with_unit(unit)
    names = ", ".join(fire.firers)
    rule = "13.1" if opp else "10.0"
    shooters = [state.units[u] for u in fire.firers if state.units[u].type != "leader"]
    mode = fire_mode(shooters)
    if len(shooters) == 1 and pu.value(shooters[0], "at") > 0:
        vehicles = pg_at.at_targets(game, position, position.units[shooters[0].id], fire.target)
        if opp:
            vehicles = tuple(v for v in vehicles if v in {m.id for m in movers(position)})
        if vehicles:
            df_too = mode == "df" and _df_problem(game, position, [position.units[shooters[0].id]],
                                                  fire.target, opp) is None
            if shooters[0].id in game.gstate(position.state).at_kept:
                df_too = False  # 11.2: the kept shot is AT fire
            if opp and not pg_at.superior(position, shooters[0]) and shooters[0].has(OPP):
                state = state.with_unit(state.units[shooters[0].id].mark(remove=(OPP,)))  # 7.46: one shot
            return state.push(pg_at.ask_target(position, shooters[0], fire.target, vehicles, df_too))
    if mode == "bombard":
        plain = [position.units[u.id] for u in shooters]
        if not opp and pg_bombard.spotter(game, position, plain, fire.target) is None and not (
                pg_search.planned(position, plain, fire.target)):  # optional searching fire (17.0)
            return state.push(pg_search.decision(shooters[0].side, tuple(fire.firers), fire.target, position))
        return state.push(pg_bombard.roll(shooters[0].side, tuple(fire.firers), fire.target, position))
    roll = Decision(
        "roll", state.units[fire.firers[0]].side,
        T("{units} fire at {hex}: roll 2d6 on the Direct Fire Table", units=names,
          hex=position.label(fire.target)),
        rule, "dft", dice="2d6", subject=tuple(fire.firers), target=fire.target,
    )
    hmg = next((u for u in shooters if pu.branch(u) == "HMG"), None)
    if opp or hmg is None:
        return state.push(roll)
    # 7.23: an HMG may split its DF between targets in one segment, each part 3 or more
    gs = game.gstate(state)
    going = gs.split is not None and gs.split[0] == hmg.id
    avail = gs.split[2] if gs.split is not None and going else pu.value(hmg, "df")
    state = state.replace(game=gs.replace(split=(hmg.id, avail, 0) if going else None,
                                          split_targets=(*gs.split_targets, position.label(fire.target))))
    if avail >= 6 and _other_targets(game, position, hmg, fire.target):
        parts = tuple(f"p{k}" for k in range(3, avail - 2))
        ask = Decision("confirm", hmg.side,
                       T("{unit} may split its DF {df}: answer all, or the part to fire at {hex} now "
                         "(p3 to p{most}); the rest fires at other targets this segment",
                         unit=hmg.id, df=avail, hex=position.label(fire.target), most=avail - 3),
                       "7.23", "split", choices=("all", *parts), subject=(hmg.id,), target=fire.target,
                       args=(("df", str(avail)),))
        return state.push(ask, roll)
    return state.push(roll)


def _other_targets(game: PgGame, position: Position, hmg: UnitState, target: Hex) -> bool:
    """7.23: a split needs another hex the HMG could fire at now."""
    assert hmg.hex is not None
    for h in position.map.hexes:
        if h == target or distance(h, hmg.hex) > pu.value(hmg, "df_range"):
            continue
        if any(u.side != hmg.side for u in position.units_at(h)) and _df_problem(
                game, position, [hmg], h, False) is None:
            return True
    return False


def resume_split(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """7.23: the part fired now, the rest kept for other targets this segment."""
    state = position.state
    gs = game.gstate(state)
    avail = int(decision.arg("df"))
    part = avail if answer.choice == "all" else int(answer.choice[1:])
    return state.replace(game=gs.replace(split=(decision.subject[0], part, avail - part)))


def split_part(game: PgGame, position: Position) -> dict[str, int]:
    """The DF an HMG fires with in this part of its split fire (7.23)."""
    split = game.gstate(position.state).split
    return {} if split is None else {split[0]: split[1]}


def resume_dft(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The roll is in: the attack is worked out once (State.resolution) and its result becomes decisions:
    the steps the owner allots (7.61), then the checks (7.6, 14.1); an M alone is a check for every target
    but the AFVs (7.41)."""
    assert decision.target is not None and answer.dice is not None
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    resolution = resolve(game, position, fire)
    state = position.state.replace(resolution=resolution)
    return apply_results(game, position.at(state), dict(resolution.results), "df")


def in_apc(state: State, unit: UnitState) -> bool:
    """7.25: a unit carried by an APC, which its armour protects like the APC itself."""
    carrier = state.units.get(unit.carrier) if unit.carrier is not None else None
    return carrier is not None and pu.is_apc(carrier)


def kept_now(game: PgGame, position: Position, unit: UnitState) -> bool:
    """11.2: a superior AFV that fired AT once in a segment of its side may take its second AT shot in a
    later segment of its side (AT fire alone, its own activation), or keep it for opportunity fire."""
    gs = game.gstate(position.state)
    return (unit.id in gs.at_kept and (not gs.active or unit.id in gs.active) and unit.side == position.to_act
            and unit.carrier is None and position.state.moving is None)


def in_transport(state: State, unit: UnitState) -> bool:
    """5.65: a unit carried or towed by an unarmed transport: when the transport must check morale only the
    transport rolls, and its cargo shares the result (5.66, ``transport.share_fate``)."""
    carrier = state.units.get(unit.carrier) if unit.carrier is not None else None
    return carrier is not None and pu.is_transport(carrier)


def apply_results(game: PgGame, position: Position, results: dict[str, str], mode: str) -> State:
    """One hex's DFT or Bombardment results, one per target (7.52): the harshest X sets the steps of each
    category, falling on the units whose own column gave an X (category 1) and on the transports (category
    2), then M2 for every survivor; without an X, each M result is its unit's check."""
    state = position.state
    ids = tuple(sorted(u for u in results if u in state.units))
    xs = [u for u in ids if results[u].endswith("X")]
    if xs:
        steps = max(int(results[u][:-1] or 1) for u in xs)
        return pg_losses.allocate(game, position, ids, steps, mode, eligible=tuple(xs))
    checks = [u for u in ids if results[u].startswith("M") and not pu.is_afv(state.units[u])  # 7.41
              and not in_apc(state, state.units[u])  # 7.25: an APC's armour covers its cargo too
              and not in_transport(state, state.units[u])]  # 5.65: the transport alone checks
    for uid in ids:
        if results[uid] not in ("-",) and not results[uid].startswith("M") and not results[uid].endswith("X"):
            raise IllegalAction(T("unknown fire result {result} in the chart pack",
                                  result=repr(results[uid])))
    order = pg_morale.check_order(state, checks)
    return state.push(*(pg_morale.mc(position, u, int(results[u][1:] or 0), "7.4") for u in order))


def step_loss(game: PgGame, position: Position, targets: tuple[str, ...], left: int, of: int,
              best_first: bool = False) -> State:
    """An assault's steps (7.63): see ``losses.allocate``."""
    return pg_losses.allocate(game, position, targets, left, "assault" if best_first else "df")


def can_react(game: PgGame, position: Position, side: str) -> bool:
    """Could any one unit of ``side`` fire at the mover in the hex it has just entered (13.0)? Never at
    units entering an assault hex (13.2)."""
    moving = position.state.moving
    if moving is not None and any(u.side == side and not pu.is_leader(u)
                                  for u in position.units_at(moving.here)):
        return False  # an assault hex holds both sides' combat units (1.2): leaders alone do not make one
    return any(True for _ in generate(game, position, side, singles_only=True))


def generate(game: PgGame, position: Position, side: str, singles_only: bool = False) -> Iterator[act.Fire]:
    """Fires ``side`` could declare now: at the mover's hex in a reaction window, else at any enemy hex."""
    moving = position.state.moving
    opp = moving is not None
    if opp:
        assert moving is not None
        targets = [moving.here]
    else:
        targets = sorted({u.hex for u in position.units.values() if u.side != side and u.hex is not None},
                         key=lambda h: (h.q, h.r))
    probe = position
    if opp and (position.state.decision is None or position.state.decision.kind != "react"):
        probe = position.at(position.state.push(Decision("react", side, "", "13.0", "move_on")))

    def eligible(u: UnitState) -> bool:
        if u.side != side or u.has("demoralized"):
            return False
        if opp:
            return u.type == "leader" or may_opportunity_fire(game, probe, u) is None
        return game.can_act(probe, u) is None or kept_now(game, probe, u)  # 11.2: a second AT shot

    for group in stack_groups(probe, eligible):
        if singles_only and len(group) > 1:
            continue
        for target in targets:
            if not _near(probe, group, target):
                continue
            fire = act.Fire(tuple(sorted(group)), target)
            try:
                check(game, probe, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire


def _near(position: Position, group: frozenset[str], target: Hex) -> bool:
    units = [position.units[u] for u in group]
    reach = max((max(pu.value(u, "df_range"), math.ceil(pu.value(u, "at_range") * 3 / 2),
                     pu.value(u, "bombard_range")) for u in units if u.type != "leader"), default=0)
    here = units[0].hex
    return here is not None and distance(here, target) <= reach


def resume_at_target(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The firer chose its vehicle (AT fire, 11.0) or direct fire at the hex."""
    assert decision.target is not None
    firer = position.units[decision.subject[0]]
    if answer.choice == "df":
        return position.state.push(Decision(
            "roll", firer.side, T("{unit} fires at {hex}: roll 2d6 on the DFT",
                                  unit=firer.id, hex=position.label(decision.target)),
            "10.0", "dft", dice="2d6", subject=decision.subject, target=decision.target))
    state = position.state
    if pg_at.superior(position, firer):  # 11.2: two AT shots a turn, in segments or as opportunity fire
        gs = game.gstate(state)
        kept = gs.at_kept
        moving_fire = bool(gs.moving_fire) and gs.moving_fire[0] == firer.id  # 17.0: instead of two shots
        if firer.id not in gs.superior_at and not firer.has(OPP) and firer.has(MARK) and not opportunity(
                position) and not moving_fire:  # fired in its own segment: the second shot is kept
            state = state.with_unit(firer.mark(OPP))
            kept = (*kept, firer.id)
        state = state.replace(game=gs.replace(superior_at=(*gs.superior_at, firer.id), at_kept=kept))
    return state.push(pg_at.roll(firer, answer.units[0], decision.target))
