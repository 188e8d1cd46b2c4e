"""Foxholes and wrecks (16.2, 16.3), kept true after every change by ``settle``.

Digging (16.2, a move action of 3.13, played as ``activate UNIT for dig``): an activated good-order unit
(disrupted or not, never demoralised;
not cavalry or a transport; an APC may) spends its whole MA and takes a MOVED/FIRED marker; after its
first segment a DUG IN marker goes under it (``digging``), after a second one in a later turn on top
(``dug_in``, which the assault rules read). Between the two segments becoming disrupted, demoralisation, any
other action (fire, an assault as attacker, a move: any other MOVED/FIRED marker) starts it over; leaving
the hex loses either marker. A leader in a hex with friendly dug-in units counts as dug in. Digging draws
no opportunity fire (13.2).

Wrecks (16.3): an AFV that loses a step in a bridge, road or town hex leaves a wreck there; vehicles pay
the wreck cost of ``moves.wreck_cost`` to enter. Clearing one (``activate AFV for clear``): an AFV with
armour 2 or more, activated in good order in a hex with a wreck, spends its action there (MOVED/FIRED) in
two consecutive turns; the second takes one wreck away. Between the two, the AFV (or a tank leader with it)
becoming disrupted or demoralised, any other action of the AFV (a move, fire, an assault as attacker: any
other MOVED/FIRED marker), leaving the hex or a turn without clearing starts it over (16.3, citing 16.21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.common import passing
from hexmate.rules.games.pg import caves as pg_caves
from hexmate.rules.games.pg import units as pu
from hexmate.rules.games.pg.morale import MARK
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

DIGGING = "digging"  # 16.2: the DUG IN marker under the unit (one segment dug)
DUG_IN = "dug_in"  # 16.2: the DUG IN marker on top (in the foxhole)

# 16.2: the two markers as players read them (the pages' unit cards), and the board changes they ask for
PHRASES = {DIGGING: T("digging: DUG IN under it, one segment dug (16.2)"),
           DUG_IN: T("dug in: DUG IN on top, in its foxhole (16.2)")}


def board_text(what: str, marker: str, unit: str) -> T | None:
    """16.2: the DUG IN marker goes under the unit after one segment, on top after the second."""
    if marker == DIGGING:
        return (T("put a DUG IN marker under {unit} (16.2)", unit=unit) if what == "place" else
                T("take the DUG IN marker from under {unit} (16.2)", unit=unit))
    if marker == DUG_IN:
        return (T("put the DUG IN marker on top of {unit} (16.2)", unit=unit) if what == "place" else
                T("take the DUG IN marker off {unit} (16.2)", unit=unit))
    return None


def offers(game: PgGame, position: Position, units: list[UnitState]) -> list[str]:
    """The units of ``units`` that may dig now (16.2), for the page's list of actions."""
    return passing(units, lambda u: check_dig(game, position, (u.id,)))


def clear_offers(game: PgGame, position: Position, units: list[UnitState]) -> list[str]:
    """The AFVs of ``units`` that may clear a wreck now (16.3)."""
    afvs = [u for u in units if pu.is_afv(u) and u.hex is not None and wrecks_at(game, position, u.hex)]
    return passing(afvs, lambda u: check_clear(game, position, (u.id,)))


def check_dig(game: PgGame, position: Position, ids: tuple[str, ...]) -> None:
    """16.2: who may dig where; raises IllegalAction naming the rule."""
    if not ids:
        raise IllegalAction(T("name the units that dig"), "16.2")
    for uid in ids:
        if uid not in position.units:
            raise IllegalAction(T("no unit {unit} in this game", unit=repr(uid)))
        unit = position.units[uid]
        why = game.can_act(position, unit)
        if why:
            raise IllegalAction(why)
        if unit.hex is None:
            raise IllegalAction(T("{unit} is not on the board", unit=uid), "16.2")
        if unit.has("demoralized"):  # 16.2: non-demoralised (a disrupted unit may dig)
            raise IllegalAction(T("{unit} is demoralized: it cannot dig (16.2)", unit=uid), "16.2")
        if pu.branch(unit) == "CAV" or pu.is_transport(unit) or (pu.is_afv(unit) and not pu.is_apc(unit)):
            raise IllegalAction(T("{unit} cannot dig in: cavalry and transports never do, of the vehicles "
                                  "only APCs (16.2)", unit=uid), "16.2")
        if unit.has(DUG_IN):
            raise IllegalAction(T("{unit} is already dug in (16.2)", unit=uid), "16.2")
        terrain = game.terrain_table().table.canonical(position.map.terrain(unit.hex))
        barred = position.scenario.options.get("no_foxholes", [])
        if terrain in barred or pg_caves.is_cave(position, unit.hex):
            raise IllegalAction(T("no foxholes in {terrain} (16.2, 16.7)", terrain=terrain), "16.2")
        if unit.carrier is not None:
            raise IllegalAction(T("{unit} rides in {carrier}: it acts once unloaded (5.67)", unit=uid,
                                  carrier=unit.carrier), "5.67")


def dig(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    """16.2: each unit spends its segment digging: a first segment puts DUG IN under it, a second (it had
    one under already) puts it on top. Either way it is marked MOVED/FIRED (3.13)."""
    state = position.state
    gs = game.gstate(state)
    digs = dict(gs.digs)
    for uid in ids:
        unit = state.units[uid]
        here = position.label(unit.hex) if unit.hex is not None else ""
        if unit.has(DIGGING) and digs.get(uid, ("", 0, 0))[0] == here:
            unit = unit.mark(MARK, DUG_IN, remove=(DIGGING,))
        else:
            unit = unit.mark(MARK, DIGGING)
        digs[uid] = (here, position.turn, int(unit.has("disrupted")))
        state = state.with_unit(unit)
    return state.replace(game=game.gstate(state).replace(digs=tuple(sorted(digs.items()))))


def in_foxhole(position: Position, unit: UnitState) -> bool:
    """16.2: a unit with DUG IN on top; a leader also when a friendly unit in his hex is dug in."""
    if unit.has(DUG_IN):
        return True
    return pu.is_leader(unit) and unit.hex is not None and any(
        u.side == unit.side and u.has(DUG_IN) and not pu.is_leader(u) for u in position.units_at(unit.hex))


def keep(game: PgGame, position: Position) -> State:
    """16.2: drop DUG IN markers that no longer hold: left the hex (either marker); between the segments
    disrupted, demoralised, or marked MOVED/FIRED in a later turn by another action."""
    state = position.state
    gs = game.gstate(state)
    digs = dict(gs.digs)
    changed = False
    for u in state.units.values():  # set up dug in by the scenario: in the hex it starts in
        if u.id not in digs and u.hex is not None and (u.has(DIGGING) or u.has(DUG_IN)):
            digs[u.id] = (position.label(u.hex), 0, int(u.has("disrupted")))
            changed = True
    for uid, (where, turn, was_disrupted) in list(digs.items()):
        unit = state.units.get(uid)
        if unit is None or not (unit.has(DIGGING) or unit.has(DUG_IN)):
            digs.pop(uid)
            changed = True
            continue
        here = position.label(unit.hex) if unit.hex is not None else ""
        lost = here != where
        if unit.has(DIGGING) and not lost:
            lost = ((unit.has("disrupted") and not was_disrupted) or unit.has("demoralized")
                    or (unit.has(MARK) and position.turn != turn))
        if lost:
            state = state.with_unit(unit.mark(remove=(DIGGING, DUG_IN)))
            digs.pop(uid)
            changed = True
    if not changed:
        return state
    return state.replace(game=game.gstate(state).replace(digs=tuple(sorted(digs.items()))))


# --- wrecks (16.3) ---
def check_clear(game: PgGame, position: Position, ids: tuple[str, ...]) -> None:
    """16.3: who may clear a wreck; raises IllegalAction naming the rule."""
    if len(ids) != 1:
        raise IllegalAction(T("one AFV clears a wreck"), "16.3")
    uid = ids[0]
    unit = position.units.get(uid)
    if unit is None:
        raise IllegalAction(T("no unit {unit} in this game", unit=repr(uid)))
    why = game.can_act(position, unit)
    if why:
        raise IllegalAction(why)
    if not pu.is_afv(unit) or pu.armor(unit) < 2:
        raise IllegalAction(T("{unit} cannot clear a wreck: an AFV with an armour value of 2 or more does "
                              "(16.3)", unit=uid), "16.3")
    if unit.has("disrupted") or unit.has("demoralized"):
        raise IllegalAction(T("{unit} is not in good order: it cannot clear a wreck (16.3)", unit=uid),
                            "16.3")
    if unit.hex is None or wrecks_at(game, position, unit.hex) <= 0:
        raise IllegalAction(T("there is no wreck in {unit}'s hex to clear (16.3)", unit=uid), "16.3")


def clear(game: PgGame, position: Position, ids: tuple[str, ...]) -> State:
    """16.3: the AFV spends its action clearing (MOVED/FIRED); the second turn of two running takes a wreck
    off its hex."""
    state = position.state
    gs = game.gstate(state)
    uid = ids[0]
    unit = state.units[uid]
    assert unit.hex is not None
    here = position.label(unit.hex)
    going = {u: (h, t, tl) for u, h, t, tl in gs.clearing}
    started = going.pop(uid, None)
    wrecks = dict(gs.wrecks)
    if started is not None and started[:2] == (here, position.turn - 1):
        wrecks[here] -= 1
        if not wrecks[here]:
            del wrecks[here]
    else:  # 16.3: its tank leaders there in good order are watched too
        leaders = sorted(u.id for u in position.units_at(unit.hex) if u.side == unit.side and pu.leader_kind(
            u) == "tank" and not u.has("disrupted") and not u.has("demoralized"))
        going[uid] = (here, position.turn, ",".join(leaders))
    state = state.with_unit(unit.mark(MARK))
    return state.replace(game=gs.replace(clearing=tuple(sorted((u, *v) for u, v in going.items())),
                                         wrecks=tuple(sorted(wrecks.items()))))


def keep_clearing(game: PgGame, position: Position) -> State:
    """16.3 (16.21): a clearing begun last turn stops when the AFV, or a tank leader that was with it in good
    order, is disrupted or demoralised; when the AFV leaves the hex, takes another MOVED/FIRED marker this
    turn or lets a turn go by; or when the wreck is gone."""
    state = position.state
    gs = game.gstate(state)
    kept = []
    for uid, where, turn, leaders in gs.clearing:
        unit = state.units.get(uid)
        here = position.label(unit.hex) if unit is not None and unit.hex is not None else ""
        shaken = [u for u in (state.units.get(t) for t in leaders.split(",") if t) if u is not None
                  and (u.has("disrupted") or u.has("demoralized"))]
        lost = (unit is None or here != where or unit.has("disrupted") or unit.has("demoralized")
                or bool(shaken) or position.turn > turn + 1 or (unit.has(MARK) and position.turn != turn)
                or not dict(gs.wrecks).get(where))
        if not lost:
            kept.append((uid, where, turn, leaders))
    if tuple(kept) == gs.clearing:
        return state
    return state.replace(game=gs.replace(clearing=tuple(kept)))


def wreck_hex(game: PgGame, position: Position, h: Hex) -> bool:
    """16.3: a bridge, road or town hex (a road on any of its hexsides; a bridge is a road into a river)."""
    terrain = game.terrain_table().table.canonical(position.map.terrain(h))
    return terrain == "town" or any("road" in position.map.hexside(h, n) for n in position.map.neighbors(h))


def wrecks_at(game: PgGame, position: Position, h: Hex) -> int:
    return dict(game.gstate(position.state).wrecks).get(position.label(h), 0)


def track_wrecks(game: PgGame, position: Position) -> State:
    """16.3: compare each AFV with how it was after the last change: a flip to reduced, or gone from the
    game, is a step lost in the hex it stood in; in a bridge, road or town hex a wreck is left there."""
    state = position.state
    gs = game.gstate(state)
    seen = {uid: (where, reduced) for uid, where, reduced in gs.afvs}
    wrecks = dict(gs.wrecks)
    now: dict[str, tuple[str, int]] = {}
    for unit in state.units.values():
        if pu.is_afv(unit) and unit.hex is not None:
            now[unit.id] = (position.label(unit.hex), int(unit.has("reduced")))
    for uid, (where, reduced) in seen.items():
        lost = uid not in state.units or (uid in now and now[uid][1] > reduced)
        if lost and where and wreck_hex(game, position, position.map.parse_label(where)):
            wrecks[where] = wrecks.get(where, 0) + 1
    afvs = tuple(sorted((uid, w, r) for uid, (w, r) in now.items()))
    if afvs == gs.afvs and wrecks == dict(gs.wrecks):
        return state
    return state.replace(game=gs.replace(afvs=afvs, wrecks=tuple(sorted(wrecks.items()))))


__all__ = ["DIGGING", "DUG_IN", "PHRASES", "board_text", "check_clear", "check_dig", "clear", "clear_offers",
           "dig", "in_foxhole", "keep", "keep_clearing", "offers", "track_wrecks", "wreck_hex", "wrecks_at"]
