"""Schlieffen's War's Reorganization/Reinforcement Phase (5.2, 9.x) on the decision stack: the German transfer
east on turn 7 (9.4, 4.5), reinforcements placed on lit hexes (9.2 the BEF in the ports, 9.3 the French 6th
Army on the west edge), then the three reorganisation actions in their order (9.5): remove fatigue, restore a
reduced unit (then fatigued), return an eliminated unit (full strength, fatigued). Each unit takes one action
(digest A-31); "next" (the done button) closes an action type.

Reinforcements are listed in the scenario's ``options.reinforcements``: ``[{"turn": 3, "side": "ent",
"where": "ports", "moves": false, "units": [{"id": "b-I", "counter": "bri-inf"}]}]`` (``where``: ``ports`` or
``west``)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.sw.combat import in_command, with_morale
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.sw.game import SwGame


def _entries(position: Position) -> list[dict[str, Any]]:
    raw = position.scenario.options.get("reinforcements", [])
    src = position.scenario.source
    if not isinstance(raw, list):
        raise DataError(f"{src}: options.reinforcements: must be a list")
    for i, e in enumerate(raw):
        bad = not isinstance(e, dict) or not isinstance(e.get("turn"), int)
        if not bad and set(e) - {"turn", "side", "where", "moves", "rule", "units"}:
            raise DataError(f"{src}: options.reinforcements[{i}]: unknown key(s) "
                            f"{sorted(set(e) - {'turn', 'side', 'where', 'moves', 'rule', 'units'})}")
        if bad or e.get("where") not in ("ports", "west"):
            raise DataError(f"{src}: options.reinforcements[{i}]: needs 'turn' (int), 'side', 'where' "
                            "(ports or west) and 'units'")
        for u in e.get("units", []):
            if u.get("counter") not in position.scenario.counters:
                raise DataError(f"{src}: options.reinforcements[{i}]: unit {u.get('id')!r}: unknown counter "
                                f"{u.get('counter')!r}")
    return raw


def arrival_turn(position: Position, unit_id: str) -> int | None:
    """The turn a reinforcement arrives, if it may not move or attack then (9.2: the BEF on turn 3)."""
    for e in _entries(position):
        if e.get("moves", True) is False and any(u["id"] == unit_id for u in e.get("units", [])):
            return int(e["turn"])
    return None


def start(game: SwGame, position: Position) -> State:
    """The phase opens: the East transfer (German, turn 7), then reinforcements, then reorganisation."""
    ctx = game.ctx(position)
    state = position.state
    state = game.with_g(state, reorg=(), reorg_step=1)
    view = position.at(state)
    if position.phasing == ctx.german and position.turn == ctx.calendar.east_turn:
        return _east(game, view)
    return _next(game, view)


def _east(game: SwGame, position: Position) -> State:
    """9.4, 4.5: two German corps, in supply, at full strength and CF 4, leave for good; if there are not
    two, or the German refuses, the Entente wins at once."""
    ctx = game.ctx(position)
    ready = tuple(sorted(
        u.id for u in position.units.values()
        if u.side == ctx.german and u.type == "corps" and not u.has("oos") and not u.has("hf")
        and not u.has("reduced") and int(u.values["cf"]) == ctx.calendar.east_cf
    ))
    if len(ready) < ctx.calendar.east_corps:
        g = game.gstate(position.state)
        return position.state.replace(over=True, game=dataclasses.replace(
            g, winner=ctx.entente,
            why=T("only {n} German corps in supply, at full strength with CF 4 to send east on turn 7 (9.4, "
                  "4.5): the Entente wins", n=len(ready))))
    return position.state.push(Decision(
        "units", ctx.german, T("send two corps east for good: in supply, full strength, CF 4 (9.4); refusing "
                               "gives the Entente the game (4.5)"), "9.4", "east", units=ready,
        count=ctx.calendar.east_corps,
        choices=("refuse",),
        subject=ready))


def resume_east(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    ctx = game.ctx(position)
    state = position.state
    g = game.gstate(state)
    if answer.choice == "refuse":
        return state.replace(over=True, game=dataclasses.replace(
            g, winner=ctx.entente, why=T("the Germans refused to send two corps east on turn 7 (4.5)")))
    for uid in answer.units:
        state = state.without_unit(uid)
    state = state.replace(game=dataclasses.replace(game.gstate(state), gone=g.gone + tuple(answer.units)))
    return _next(game, position.at(state))


def _arrivals(game: SwGame, position: Position) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    g = game.gstate(position.state)
    out: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for e in _entries(position):
        if e["turn"] == position.turn and e.get("side") == position.phasing:
            out.extend((e, u) for u in e.get("units", []) if u["id"] not in g.arrived)
    return out


def _arrival_hexes(
    game: SwGame, position: Position, entry: dict[str, Any], unit: UnitState
) -> tuple[Hex, ...]:
    """9.2: friendly-controlled ports (stacking applies); 9.3: friendly-controlled west-edge hexes not in an
    enemy zone of control."""
    t = game.ctx(position).theatre
    side = position.phasing
    zoc = game.ezoc(position, side)
    pool = t.ports if entry["where"] == "ports" else t.edge("west")
    out = []
    for h in pool:
        here = position.units_at(h)
        if game.controller(position, h) != side or any(u.side != side for u in here):
            continue
        if entry["where"] == "west" and h in zoc:
            continue
        if game.overstacked([*here, unit]):
            continue
        out.append(h)
    return tuple(sorted(out, key=lambda h: (h.q, h.r)))


def _next(game: SwGame, position: Position) -> State:
    """Ask the next question of the phase, or none when everything is done."""
    state = position.state
    arrivals = _arrivals(game, position)
    if arrivals:
        entry, u = arrivals[0]
        unit = UnitState(u["id"], position.phasing, position.scenario.counters[u["counter"]], None)
        hexes = _arrival_hexes(game, position, entry, unit)
        if not hexes:  # nowhere to land: it waits for a later turn's phase? The text is silent; it is lost
            g = game.gstate(state)
            g = dataclasses.replace(g, arrived=(*g.arrived, u["id"]), gone=(*g.gone, u["id"]))
            state = state.replace(game=g)
            return _next(game, position.at(state))
        rule = "9.2" if entry["where"] == "ports" else "9.3"
        return state.push(Decision(
            "hexes", position.phasing, T("reinforcement {unit} arrives: place it on a lit hex",
                                         unit=u["id"]), rule,
            "arrive",
            hexes=hexes, subject=(u["id"],), args=(("counter", u["counter"]),)))
    g = game.gstate(state)
    step = g.reorg_step
    while 1 <= step <= 3:
        cands = _candidates(game, position.at(state), step)
        if cands:
            what = {1: T("remove its fatigue"), 2: T("restore it to full strength (it becomes fatigued)"),
                    3: T("return it from the eliminated display (full strength, fatigued)")}[step]
            return state.push(Decision(
                "units", position.phasing,
                T("reorganisation action {step}: tap a unit to {what}, or press done for the next action",
                  step=step, what=what), "9.5", "reorg", units=cands, choices=("next",), subject=cands,
                args=(("step", str(step)),)))
        step += 1
        state = game.with_g(state, reorg_step=step)
    return state


def _eligible(game: SwGame, position: Position, unit: UnitState) -> bool:
    """9.5: not in an enemy zone of control, in supply, in command (digest A-15: HF supply does not do)."""
    if unit.hex is None or unit.hex in game.ezoc(position, unit.side):
        return False
    if unit.has("oos") or (unit.has("hf") and not game.ctx(position).settings.hf_counts_as_supply):
        return False
    return in_command(position, unit)


def _candidates(game: SwGame, position: Position, step: int) -> tuple[str, ...]:
    g = game.gstate(position.state)
    side = position.phasing
    if step == 3:
        return tuple(u for u in g.eliminated
                     if _unit_side(position, u) == side and _return_hexes(game, position, u))
    out = []
    for u in position.units.values():
        if u.side != side or u.id in g.reorg or u.type != "corps" or not _eligible(game, position, u):
            continue
        if step == 1 and u.has("fatigue"):
            out.append(u.id)
        if step == 2 and u.has("reduced") and not u.has("fatigue"):  # 9.6e: never while fatigued
            out.append(u.id)
    return tuple(sorted(out))


def _unit_side(position: Position, unit_id: str) -> str:
    return next((u.side for u in position.scenario.units if u.id == unit_id), "")


def _setup(position: Position, unit_id: str) -> UnitState:
    s = next(u for u in position.scenario.units if u.id == unit_id)
    return UnitState(s.id, s.side, position.scenario.counters[s.counter], None)


def _return_hexes(game: SwGame, position: Position, unit_id: str) -> tuple[Hex, ...]:
    """9.5 action 3: German units to a friendly German city linked to the east edge by rail clear of enemy
    units and zones; French to a friendly French city so linked to the west or south edge or a port not in an
    enemy zone; British to a port (digest A-22); Belgians never."""
    ctx = game.ctx(position)
    t = ctx.theatre
    unit = _setup(position, unit_id)
    nation = str(unit.values.get("nation", ""))
    side = unit.side
    zoc = game.ezoc(position, side)
    lines = game.supply_lines(position, side)
    french_ends = t.edge("west") | t.edge("south") | {p for p in t.ports if p not in zoc}
    out = []
    for h in position.map.hexes:
        here = position.units_at(h)
        if h in zoc or game.controller(position, h) != side or any(u.side != side for u in here):
            continue
        if game.overstacked([*here, unit]):
            continue
        city = position.map.terrain(h) == "city"
        if nation == "GER":
            ok = city and t.nation(h) == "GER" and lines.rail(
                h, lambda x: x in t.edge("east") and t.nation(x) == "GER", strict=True)
        elif nation == "FRA":
            ok = city and t.nation(h) == "FRA" and lines.rail(h, french_ends.__contains__, strict=True)
        elif nation == "BRI":
            ok = h in t.ports and (ctx.settings.british_hq_any_port or any(
                u.type == "hq" and u.values.get("nation") == "BRI" for u in here))
        else:
            ok = False
        if ok:
            out.append(h)
    return tuple(sorted(out, key=lambda h: (h.q, h.r)))


def resume_reorg(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    step = int(decision.arg("step", "1"))
    if answer.choice == "next":
        return _next(game, position.at(game.with_g(state, reorg_step=step + 1)))
    uid = answer.units[0]
    g = game.gstate(state)
    if step == 3:
        unit = _setup(position, uid)
        hexes = _return_hexes(game, position, uid)
        return state.push(Decision(
            "hexes", position.phasing,
            T("{unit} returns at full strength, fatigued: place it on a lit city (9.5)", unit=uid),
            "9.5", "return", hexes=hexes, subject=(unit.id,)))
    unit = state.units[uid]
    unit = with_morale(unit, None) if step == 1 else with_morale(unit.mark(remove=("reduced",)), "fatigue")
    state = state.with_unit(unit).replace(game=dataclasses.replace(g, reorg=(*g.reorg, uid)))
    return _next(game, position.at(state))


def resume_return(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    uid = decision.subject[0]
    unit = with_morale(_setup(position, uid).at(answer.hexes[0]), "fatigue")
    state = position.state.with_unit(unit)
    g = game.gstate(state)
    state = state.replace(game=dataclasses.replace(
        g, eliminated=tuple(u for u in g.eliminated if u != uid), reorg=(*g.reorg, uid)))
    return _next(game, position.at(state))


def resume_arrive(game: SwGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    uid = decision.subject[0]
    counter = position.scenario.counters[decision.arg("counter")]
    state = position.state.with_unit(UnitState(uid, position.phasing, counter, answer.hexes[0]))
    g = game.gstate(state)
    state = state.replace(game=dataclasses.replace(g, arrived=(*g.arrived, uid)))
    return _next(game, position.at(state))
