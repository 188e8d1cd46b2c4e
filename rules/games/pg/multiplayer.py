"""PG's optional multiplayer game (17.0 "Multiplayer games", ``options.multiplayer``): who commands what, and
who answers which decision.

17.0 gives two ways to play a side with several players, and a commanding officer (CO) for each side:

- **Sector command** (``"command": "sector"``): the board is divided into sectors (``"sectors": {name: [hex
  labels]}``), and each side names a player per sector (``"commanders": {side: {sector: player}}``). A
  sector commander commands every friendly unit in his sector, including those that come into it from
  another. Units may not fire at a target outside their own sector, except by assaulting (or joining an
  assault as reinforcements): ``check`` refuses such fire naming 17.0.
- **Formation command** (``"command": "formation"``): each side's units and leaders are divided among its
  players (``"players": {side: {player: [unit ids]}}``, every unit of the side exactly once). A player
  commands only his own, wherever they go, and may not activate another player's units: ``check`` refuses
  an activation, move or fire naming units of two players, or joining another player's open activation.

The CO (``"co": {side: player}``; the text rolls a die for it before play, the scenario or the players record
the result here) gives orders. In a sector game he is no counter on the board and assigns the air units and
off-board artillery to sector commanders each turn (``"assigned": {side: {unit: player}}``, kept as data);
in a formation game he commands the side's highest-ranking leader, himself directs the off-board artillery
and air units, and decides which player activates units in each friendly action segment. When the highest
leader of a formation game is killed, the CO is the player of the next highest surviving leader; with
several of that rank, the one whose player commands the most steps of surviving combat units; still tied,
the players roll a die (``co`` returns the tied players then). ``answerer`` says which player answers a
decision: the one commanding the units it names, otherwise (a segment to start, an initiative roll, off-board
artillery or air) the CO.

At the table each named player (``seats``) pairs a page of his own and sees his side's view; the host asks
``check_player`` before taking a player's action (his own units only, the decision only if ``answerer`` names
him, passing the open activation's player's or else the CO's) and refuses others naming 17.0.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.base import Position, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.scenario import Scenario
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.activation import Activation
    from hexmate.rules.games.pg.game import PgGame

RULE = "17.0"
MODES = ("sector", "formation")


def spec(scenario: Scenario) -> dict[str, Any]:
    """``options.multiplayer`` checked ({} when not used); DataError naming the file and place."""
    raw: Any = scenario.options.get("multiplayer")
    if raw is None:
        return {}
    where = f"{scenario.source}: options.multiplayer"
    if not isinstance(raw, dict) or raw.get("command") not in MODES:
        raise DataError(f"{where}.command: must be 'sector' or 'formation' (17.0)")
    sides = (scenario.first_side, scenario.second_side)
    extra = sorted(set(raw) - {"command", "sectors", "commanders", "players", "co", "assigned"})
    if extra:
        raise DataError(f"{where}: unknown key(s) {extra}")
    co = raw.get("co", {})
    if not isinstance(co, dict) or set(co) - set(sides):
        raise DataError(f"{where}.co: side -> the player who is its commanding officer")
    side_of = {u.id: u.side for u in scenario.units}
    players: dict[str, set[str]] = {s: set() for s in sides}
    if raw["command"] == "formation":
        table = raw.get("players")
        if not isinstance(table, dict) or set(table) != set(sides):
            raise DataError(f"{where}.players: each side -> {{player: [unit ids]}} (17.0, formation command)")
        for side, split in table.items():
            if not isinstance(split, dict) or not split:
                raise DataError(f"{where}.players.{side}: player -> [unit ids]")
            seen: list[str] = [u for ids in split.values() for u in ids]
            mine = sorted(u for u, s in side_of.items() if s == side)
            if sorted(seen) != mine:
                raise DataError(f"{where}.players.{side}: every unit and leader of {side} goes to exactly "
                                f"one player (17.0); given {sorted(seen)}, the side has {mine}")
            players[side] = set(split)
    else:
        sectors, commanders = raw.get("sectors"), raw.get("commanders")
        if not isinstance(sectors, dict) or not sectors or not all(
                isinstance(v, list) and all(isinstance(h, str) for h in v) for v in sectors.values()):
            raise DataError(f"{where}.sectors: sector -> [hex labels] (17.0, sector command)")
        owner: dict[str, str] = {}
        for name, hexes in sectors.items():
            for h in hexes:
                if h in owner:
                    raise DataError(f"{where}.sectors.{name}: {h} is in sector {owner[h]} already")
                owner[h] = name
        if not isinstance(commanders, dict) or set(commanders) != set(sides):
            raise DataError(f"{where}.commanders: each side -> {{sector: player}} (17.0, sector command)")
        for side, by in commanders.items():
            if not isinstance(by, dict) or set(by) != set(sectors):
                raise DataError(f"{where}.commanders.{side}: a player for each sector {sorted(sectors)}")
            players[side] = set(by.values())
    for side, player in co.items():
        if player not in players[side]:
            known = sorted(players[side])
            raise DataError(f"{where}.co.{side}: {player!r} is not one of {side}'s players {known}")
    return dict(raw)


def enabled(position: Position) -> bool:
    return bool(spec(position.scenario))


def sector_of(position: Position, unit: UnitState) -> str | None:
    """Sector command: the sector the unit stands in (None: off the board or in none)."""
    if unit.hex is None:
        return None
    label = position.label(unit.hex)
    for name, hexes in spec(position.scenario).get("sectors", {}).items():
        if label in hexes:
            return str(name)
    return None


def player_of(position: Position, unit: UnitState) -> str | None:
    """17.0: the player who commands ``unit`` now (formation: his own, wherever it goes; sector: the
    commander of the sector it stands in, so one coming in from another sector changes hands)."""
    data = spec(position.scenario)
    if data.get("command") == "formation":
        for player, ids in data["players"][unit.side].items():
            if unit.id in ids:
                return str(player)
        return None
    sector = sector_of(position, unit)
    return None if sector is None else str(data["commanders"][unit.side][sector])


def co(position: Position, side: str) -> tuple[str, ...]:
    """17.0: the side's commanding officer: as recorded; in a formation game he commands the side's
    highest-ranking leader (the senior of several of that rank: the first his player holds), and once that
    leader is killed, the CO is the player of the next highest surviving leader (ties: the one whose player
    commands the most steps of surviving combat units; still tied, all of them: the players roll)."""
    data = spec(position.scenario)
    named = data.get("co", {}).get(side)
    if data.get("command") != "formation":
        return (named,) if named else ()
    if named and co_leader(position, side) in position.units:
        return (named,)
    alive = [u for u in position.units.values() if u.side == side and pu.is_leader(u)]
    top = max((pu.rank(u) for u in alive), default=-2)
    best = [u for u in alive if pu.rank(u) == top]
    steps = {p: _steps(position, side, p) for p in {player_of(position, u) for u in best} if p}
    most = max(steps.values(), default=0)
    return tuple(sorted(p for p, n in steps.items() if n == most))


def co_leader(position: Position, side: str) -> str | None:
    """Formation command: the leader the CO commands, the highest-ranking of his player's leaders at the
    start (the text has the players name the senior of several of the top rank: the first listed)."""
    data = spec(position.scenario)
    named = data.get("co", {}).get(side)
    if data.get("command") != "formation" or not named:
        return None
    counters = position.scenario.counters
    by_id = {u.id: u for u in position.scenario.units}
    leaders = [by_id[u] for u in data["players"][side][named] if counters[by_id[u].counter].type == "leader"]
    if not leaders:
        return None
    order = {r: i for i, r in enumerate(pu.RANKS)}

    def rank(uid: str) -> int:
        return order.get(str(counters[by_id[uid].counter].values.get("rank", "SGT")).upper(), 1)

    return max((u.id for u in leaders), key=lambda uid: (rank(uid), -[x.id for x in leaders].index(uid)))


def _steps(position: Position, side: str, player: str) -> int:
    """The steps of surviving combat units ``player`` commands (a full unit of 2 steps counts 2)."""
    out = 0
    for u in position.units.values():
        if u.side == side and pu.is_combat(u) and player_of(position, u) == player:
            full = pu.value(u, "steps", 1)
            out += full - 1 if u.has("reduced") and full > 1 else full
    return out


def answerer(position: Position, decision: Decision) -> str | None:
    """17.0: the player who answers ``decision``: the one commanding the units it names (the first of
    ``subject``, else of ``units``), else the side's CO (a segment to start, an initiative roll, off-board
    artillery and air); None when multiplayer is not used or the CO is a tie still to roll."""
    if not enabled(position):
        return None
    for uid in (*decision.subject, *decision.units):
        unit = position.units.get(uid)
        if unit is not None and unit.side == decision.side and unit.type != "aircraft":
            got = player_of(position, unit)
            if got is not None:
                return got
    chief = co(position, decision.side)
    return chief[0] if len(chief) == 1 else None


def own_only(position: Position, leader: UnitState, activation: Activation) -> Activation:
    """17.0 formation command: a leader's activation takes in only his own player's units and leaders (a
    player activates no one else's, even in his leaders' hex or reach)."""
    if spec(position.scenario).get("command") != "formation":
        return activation
    mine = player_of(position, leader)
    keep = frozenset(u for u in activation.units if player_of(position, position.units[u]) == mine)
    return dataclasses.replace(activation, units=keep, combat=activation.combat & keep,
                               leaders=activation.leaders & keep)


def check(game: PgGame, position: Position, action: act.Action) -> None:
    """17.0: formation command: one player's units in an activation, a move or a fire, and none joining
    another player's open activation; sector command: no fire at a target outside the firer's sector (an
    assault is not fire at a target: it may cross)."""
    if not enabled(position):
        return
    data = spec(position.scenario)
    if isinstance(action, act.Fire) and not isinstance(action, act.Attack) and data["command"] == "sector":
        for uid in action.firers:
            unit = position.units.get(uid)
            if unit is None or unit.hex is None or pu.is_leader(unit):
                continue
            here = sector_of(position, unit)
            there = sector_of(position, unit.at(action.target))
            if here is not None and there != here:
                raise IllegalAction(T("{unit} may not fire outside its sector {sector}: only an assault "
                                      "crosses (17.0)", unit=uid, sector=here), RULE)
        return
    if data["command"] != "formation":
        return
    named: tuple[str, ...] = ()
    if isinstance(action, act.Fire):
        named = action.firers
    elif isinstance(action, act.Move | act.Activate):
        named = action.units
    named = (*named, *game.gstate(position.state).active)
    owners = {p for u in named if u in position.units and (p := player_of(position, position.units[u]))}
    if len(owners) > 1:
        raise IllegalAction(T("one player's units only: {players} each activate their own (17.0)",
                              players=", ".join(sorted(owners))), RULE)


def seats(scenario: Scenario) -> dict[str, tuple[str, ...]]:
    """The named players of each side, in the scenario's order: each pairs a page of his own (17.0)."""
    data = spec(scenario)
    if not data:
        return {}
    if data["command"] == "formation":
        return {side: tuple(str(p) for p in split) for side, split in data["players"].items()}
    return {side: tuple(dict.fromkeys(str(p) for p in by.values()))
            for side, by in data["commanders"].items()}


def _commander(position: Position, unit: UnitState) -> str | None:
    """Who gives ``unit`` its orders: its player; an aircraft or a unit in no sector (off the board), the
    player the CO assigned it to (``assigned``), else the CO himself (17.0); None: a CO tie still to roll."""
    if unit.type != "aircraft":
        got = player_of(position, unit)
        if got is not None:
            return got
    given = spec(position.scenario).get("assigned", {}).get(unit.side, {}).get(unit.id)
    if given:
        return str(given)
    chief = co(position, unit.side)
    return chief[0] if len(chief) == 1 else None


def _named(action: act.Action | None) -> tuple[str, ...]:
    if action is None:
        return ()
    out: list[str] = []
    for name in ("firers", "units", "unit"):
        got = getattr(action, name, None)
        if isinstance(got, str):
            out.append(got)
        elif isinstance(got, tuple):
            out.extend(str(u) for u in got)
    return tuple(out)


def check_player(game: PgGame, position: Position, action: act.Action | None, player: str) -> None:
    """17.0 at the table: ``player`` (one of the side's players, from his own page) may take ``action`` (None:
    the done button) only if it is his: an open decision is answered by the player ``answerer`` names; an
    action names only units he commands (formation: his own; sector: those in his sector); an action naming
    none (passing, ending an activation) is the open activation's player's, else the CO's."""
    if not enabled(position):
        return
    top = position.decision
    if top is not None:
        who = answerer(position, top)
        if who is not None and who != player:
            raise IllegalAction(T("{player} may not answer this: it is for {answerer}, who commands the "
                                  "units it concerns or is the CO (17.0)", player=player, answerer=who), RULE)
        return
    side = position.to_act
    named = [u for u in _named(action) if u in position.units and position.units[u].side == side]
    if not named:
        named = [u for u in game.gstate(position.state).active if u in position.units]
    owners = {c for u in named if (c := _commander(position, position.units[u])) is not None}
    if not named:
        chief = co(position, side)
        owners = set(chief) if len(chief) == 1 else set()
    if owners and owners != {player}:
        raise IllegalAction(T("{player} may act only with his own units: {units} are commanded by {players} "
                              "(17.0)", player=player, units=", ".join(named) or "-",
                              players=", ".join(sorted(owners))), RULE)


def player_answerer(position: Position) -> str | None:
    """The player who answers the open decision (None: none open, or anyone of its side may)."""
    top = position.decision
    return None if top is None else answerer(position, top)


__all__ = ["MODES", "answerer", "check", "check_player", "co", "co_leader", "enabled", "own_only",
           "player_answerer", "player_of", "seats", "sector_of", "spec"]
