"""PG transport that lasts (5.6, 5.61, 5.65, 5.67): a personnel unit boards a good-order transport or APC in
its hex (``load i1 into spw``) and rides in it across segments and turns; the transport carries it as it
moves; the passenger cannot fire (5.67); unloading is the transport's move action (``unload spw``: both
are then marked, so neither may assault that turn, the 5.67 example, T11), allowed in a hex with enemy
units while loading there is not (5.67). A loaded APC that assaults brings only its own DF (5.67); its
passenger defends with it. The one-segment ride (board, ride, alight) is ``PgGame.ride``.

Towing (5.62, 5.63, 5.67): ``load GUN into TRUCK`` limbers a heavy weapon and hooks it up: all the MP of
both, the whole segment (both are marked). ``unload TRUCK`` unhooks it for 0 MP: the gun stays limbered and
the transport may still move or hook another gun this segment (a towed mortar: all the MP of both and the
segment). ``unload GUN`` unlimbers it (unhooking it first if still hooked): the gun's whole segment. A gun
towed along this segment is marked with its transport, so it cannot unlimber after the move. What a
transport may tow (5.67): wagons anything; heavy prime movers (``transport_kind: prime_mover``) any heavy
weapon and no personnel; APCs and trucks (the default) guns under 150 mm (``calibre``); jeeps
(``transport_kind: jeep``) the guns the scenario marks ``jeep: 1`` (37 mm AT, 2-pdr, 20 mm AA).

In one segment (5.63): ``move TRUCK PATH as unhook`` moves and then unhooks the gun where the move ends (no
MP; towed this segment, the gun stays limbered). A BM-13 or portee (``portee: 1``) moves on its limbered
(travel) face only; ``as unlimber`` flips it to its MA 0 face after the move, ``as limber`` before it, for
2 MP of its MA; ``unload BM`` flips it in place. The flip is its action, so it fires no more that turn.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MARK = "moved_fired"


def riders_of(position: Position, cid: str) -> list[UnitState]:
    return sorted((u for u in position.units.values() if u.carrier == cid), key=lambda u: u.id)


def _carrier(game: PgGame, position: Position, cid: str) -> UnitState:
    carrier = position.units.get(cid)
    if carrier is None:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(cid)))
    if not (pu.is_transport(carrier) or pu.is_apc(carrier)):
        raise IllegalAction(T("{unit} is no transport", unit=cid), "5.6")
    why = game.can_act(position, carrier)
    if why:
        raise IllegalAction(why)
    if carrier.has("disrupted") or carrier.has("demoralized"):
        raise IllegalAction(T("{unit} is not in good order: it carries nobody", unit=cid), "5.6")
    return carrier


def check_load(game: PgGame, position: Position, load: act.Load) -> act.Load:
    carrier = _carrier(game, position, load.carrier)
    assert carrier.hex is not None
    if any(u.side != carrier.side for u in position.units_at(carrier.hex)):
        raise IllegalAction(T("no loading in a hex holding enemy units"), "5.67")
    aboard = riders_of(position, carrier.id)
    for uid in load.units:
        unit = position.units.get(uid)
        if unit is None:
            raise InvalidAction(T("no unit {unit} in this game", unit=repr(uid)))
        if unit.hex != carrier.hex or unit.side != carrier.side or unit.carrier is not None:
            raise IllegalAction(T("{unit} must stand in {carrier}'s hex to board it", unit=uid,
                                  carrier=carrier.id), "5.6")
        if unit.type in ("gun", "vehicle") and "armor" in unit.values:  # 5.64: self-propelled
            raise IllegalAction(T("{unit} has an armour value: it is self-propelled and no transport carries "
                                  "or tows it", unit=uid), "5.64")
        if unit.type == "gun":
            towing = tow_problem(game, position, carrier, unit)
            if towing is not None:
                raise IllegalAction(towing, "5.63, 5.67")
        elif unit.type not in ("personnel", "leader") or pu.branch(unit) in ("CAV", "MTC"):
            raise IllegalAction(T("{unit} cannot ride a transport", unit=uid), "5.6, 15.3")
        elif unit.type == "personnel" and kind(carrier) == "prime_mover":
            raise IllegalAction(T("a heavy prime mover carries no personnel"), "5.67")
        if unit.has("disrupted") or unit.has("demoralized"):
            raise IllegalAction(T("{unit} is not in good order: it cannot board", unit=uid), "5.6")
        why = game.can_act(position, unit)
        if why:
            raise IllegalAction(why)
    riders = aboard + [position.units[u] for u in load.units]
    if sum(1 for u in riders if u.type != "leader") > 1 or sum(1 for u in riders if u.type == "leader") > 3:
        raise IllegalAction(T("a transport carries one personnel unit and up to three leaders"), "5.6")
    return act.Load(tuple(sorted(load.units)), carrier.id)


def kind(carrier: UnitState) -> str:
    """5.67: wagon, prime_mover, truck (the default for an unarmed transport), jeep; every APC is apc."""
    return "apc" if pu.is_apc(carrier) else pu.text(carrier, "transport_kind", "truck")


def tow_problem(game: PgGame, position: Position, carrier: UnitState, gun: UnitState) -> T | None:
    """5.63: hooking up takes all the MP of both units and the whole segment; 5.67: what each transport may
    tow; 5.6: one heavy weapon a transport, both in good order (checked with the passengers)."""
    k = kind(carrier)
    calibre = pu.value(gun, "calibre")
    if k in ("apc", "truck") and calibre >= 150:
        return T("{carrier} tows heavy weapons under 150 mm, and {gun} is {calibre} mm",
                 carrier=carrier.id, gun=gun.id, calibre=calibre)
    if k == "jeep" and pu.value(gun, "jeep") != 1:
        return T("a jeep tows only 37 mm AT guns, 2-pdrs and 20 mm AA guns, not {gun}", gun=gun.id)
    if carrier.id in game.gstate(position.state).boarded:
        return T("hooking up takes all the MP of both units: {carrier} has spent some this segment",
                 carrier=carrier.id)
    return None


def apply_load(game: PgGame, position: Position, load: act.Load) -> State:
    """5.61: boarding is the passenger's move action (marked) and costs the transport 1 MP; it may still move
    with the rest this turn. 5.63: hooking up a gun limbers it and takes all the MP of both and the whole
    segment: the transport is marked too."""
    state = position.state
    if any(state.units[u].type == "gun" for u in load.units):
        for uid in load.units:
            unit = state.units[uid]
            unit = unit.mark(pu.LIMBERED) if unit.type == "gun" else unit
            state = state.with_unit(dataclasses.replace(unit, carrier=load.carrier).mark(MARK))
        return state.with_unit(state.units[load.carrier].mark(MARK))
    for uid in load.units:
        state = state.with_unit(dataclasses.replace(state.units[uid], carrier=load.carrier).mark(MARK))
    gs = game.gstate(state)
    return state.replace(game=gs.replace(boarded=(*gs.boarded, load.carrier)))


def check_unload(game: PgGame, position: Position, unload: act.Unload) -> act.Unload:
    gun = position.units.get(unload.carrier)
    if gun is not None and (gun.type == "gun" or pu.is_portee(gun)):  # 5.63: ``unload GUN`` unlimbers it
        # (a BM-13 or portee flips to its MA 0 face in place, 2 MP of its MA: its action)
        if not gun.has(pu.LIMBERED):
            raise IllegalAction(T("{unit} is not limbered", unit=gun.id), "5.62")
        why = game.can_act(position, dataclasses.replace(gun, carrier=None))  # 5.63: hooked, it unhooks too
        if why:
            raise IllegalAction(why)
        if gun.has("disrupted") or gun.has("demoralized"):
            raise IllegalAction(T("{unit} is not in good order: it cannot unlimber", unit=gun.id), "5.63")
        return unload
    _carrier(game, position, unload.carrier)
    if not riders_of(position, unload.carrier):
        raise IllegalAction(T("{unit} carries no one", unit=unload.carrier), "5.6")
    return unload


def apply_unload(game: PgGame, position: Position, unload: act.Unload) -> State:
    """5.67: unloading is the transport's move action; the passengers alight in its hex, and neither they
    nor it act again this turn (so neither assaults)."""
    state = position.state
    carrier = state.units[unload.carrier]
    if carrier.type == "gun" or pu.is_portee(carrier):  # 5.63: unhooked if need be, then unlimbered
        return state.with_unit(dataclasses.replace(carrier, carrier=None).mark(MARK, remove=(pu.LIMBERED,)))
    riders = riders_of(position, carrier.id)
    towed = [u for u in riders if u.type == "gun"]
    for rider in riders:
        if rider.type == "gun":  # 5.63: unhooked, still limbered, for 0 MP (a mortar: the whole segment)
            freed = dataclasses.replace(rider, carrier=None, hex=carrier.hex)
            state = state.with_unit(freed.mark(MARK) if pu.branch(rider) == "MTR" else freed)
        else:
            state = state.with_unit(dataclasses.replace(rider, carrier=None, hex=carrier.hex).mark(MARK))
    if towed and not any(pu.branch(u) == "MTR" for u in towed):
        return state  # 5.63: the freed transport may still move, or hook up another gun in the hex
    return state.with_unit(state.units[carrier.id].mark(MARK))


def share_fate(state: State) -> State:
    """5.65: passengers share their transport's fate: eliminated with it; 5.66: disrupted or demoralized
    with it, and then they must unload at once."""
    for rider in [u for u in state.units.values() if u.carrier is not None]:
        carrier = state.units.get(str(rider.carrier))
        if carrier is None:
            state = state.without_unit(rider.id)
            continue
        worst = ("demoralized" if carrier.has("demoralized")
                 else "disrupted" if carrier.has("disrupted") else "")
        if worst:
            shaken = rider if rider.has("demoralized") else rider.mark(worst)
            state = state.with_unit(dataclasses.replace(shaken, carrier=None, hex=carrier.hex))
    return state


def carry(position: Position, state: State, movers: tuple[str, ...], here: object) -> State:
    """The passengers go where their transport goes (5.6)."""
    for rider in [u for u in state.units.values() if u.carrier in movers]:
        moved = dataclasses.replace(rider, hex=state.units[str(rider.carrier)].hex)
        state = state.with_unit(moved.mark(MARK) if rider.type == "gun" else moved)  # 3.13: towed, it moved
    return state




# --- a move that ends in an unhook or a flip (5.63) ---
MODES = ("unhook", "limber", "unlimber")


def check_mode(game: PgGame, position: Position, units: list[UnitState], move: act.Move) -> None:
    """5.63: ``move TRUCK PATH as unhook``: a transport towing a gun unhooks it where the move ends (0 MP;
    a towed mortar takes all the MP of both, so never after a move). ``move BM PATH as unlimber`` / ``as
    limber``: a BM-13 or portee moves then flips to its MA 0 face, or flips to its travel face then
    moves: 2 MP of its MA either way."""
    if move.mode not in MODES:
        raise InvalidAction(T("a PG move is 'move UNIT PATH', or ends 'as unhook', 'as limber' or 'as "
                              "unlimber' (5.63)"))
    troops = [u for u in units if not pu.is_leader(u)]
    if len(troops) != 1:
        raise IllegalAction(T("one transport unhooks, or one BM-13 or portee flips, at a time"), "5.63")
    unit = troops[0]
    if move.mode == "unhook":
        guns = [r for r in riders_of(position, unit.id) if r.type == "gun"]
        if not guns:
            raise IllegalAction(T("{unit} tows no gun to unhook", unit=unit.id), "5.63")
        if any(pu.branch(g) == "MTR" for g in guns):
            raise IllegalAction(T("unhooking a mortar takes all the MP of both units and the whole segment: "
                                  "not after a move"), "5.63")
        return
    if not pu.is_portee(unit):
        raise IllegalAction(T("only a BM-13 or portee flips to limber or unlimber as it moves"), "5.63")
    if (move.mode == "limber") == unit.has(pu.LIMBERED):
        raise IllegalAction(T("{unit} is already on that face", unit=unit.id), "5.63")


def flip_cost(move: act.Move) -> int:
    """5.63: the BM-13/portee flip's 2 MP, paid out of the move's MA."""
    return 2 if move.mode in ("limber", "unlimber") else 0


def begin(position: Position, state: State, move: act.Move) -> State:
    """5.63: ``as limber`` flips the BM-13 to its travel face before it moves."""
    if move.mode != "limber":
        return state
    uid = next(u for u in move.units if pu.is_portee(state.units[u]))
    return state.with_unit(state.units[uid].mark(pu.LIMBERED))


def after_move(game: PgGame, position: Position, mode: str, uid: str) -> tuple[State, tuple[str, ...], T]:
    """5.63: where the move ended, the transport unhooks its gun (it stays limbered, and having been towed
    this segment it cannot unlimber in it), or the BM-13 flips to its MA 0 face (marked, it fires no more
    this turn). Returns the state, the units that did it and what they did (for 13.3's window)."""
    state = position.state
    unit = state.units.get(uid)
    if unit is None or unit.hex is None or unit.has("disrupted") or unit.has("demoralized"):
        return state, (), T("unhook")  # 5.66: a shaken transport's cargo has already come off
    if mode == "unlimber":
        return state.with_unit(unit.mark(remove=(pu.LIMBERED,))), (uid,), T("unlimber")
    guns = [r for r in riders_of(position, uid) if r.type == "gun"]
    for gun in guns:
        state = state.with_unit(dataclasses.replace(gun, carrier=None, hex=unit.hex).mark(MARK))
    return state, (uid, *(g.id for g in guns)), T("unhook")


__all__ = ["MODES", "after_move", "apply_load", "apply_unload", "begin", "carry", "check_load", "check_mode",
           "check_unload", "flip_cost", "riders_of", "share_fate",
           "tow_problem"]
