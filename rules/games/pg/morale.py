"""PG morale (14.0-14.5): morale checks and recovery rolled by the owner as roll decisions, and the rout of a
demoralized unit that fails to recover (14.31, 14.32) as a ``hexes`` decision its owner answers by placing it.
Who threatens a unit (spots it, has it in range, could damage it) is shared with the approach rule (5.4).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision, Moving
from hexmate.rules.dice import PG_2D6
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.common import lose_step
from hexmate.rules.games.pg import rout_along as pg_along
from hexmate.rules.games.pg import units as pu
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.movement import reachable
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

MARK = "moved_fired"
SAFE = frozenset({"town", "woods"})  # 1.2 "safe hex": towns and woods (besides hexes no threat can fire on)
MORALE_CAP = 10  # 14.5


def terrain_of(game: PgGame, position: Position, h: Hex) -> str:
    """The hex's terrain under this game's name for it (the demo board's stone building is a town)."""
    return str(game.terrain_table().table.canonical(position.map.terrain(h)))


def spots(game: PgGame, position: Position, spotter: UnitState, h: Hex) -> bool:
    """8.0-8.4 (``spotting.sees``): the spotter sees hex ``h`` (a unit there without a SPOTTED marker)."""
    from hexmate.rules.games.pg import spotting

    return spotting.sees(game, position, spotter, h)


def can_damage(unit: UnitState, afv: bool = False) -> bool:
    """5.41: a unit that could hurt the mover by direct fire (personnel) or AT fire (an AFV) now; a
    demoralized unit fires only in an assault (14.3); bombardment alone never threatens."""
    if unit.type == "leader" or unit.has("demoralized"):
        return False
    return pu.value(unit, "at" if afv else "df") > 0


def threats(game: PgGame, position: Position, side: str, h: Hex, afv: bool = False
            ) -> list[UnitState]:
    """Enemy units that spot hex ``h``, have it in range and could damage a unit of ``side`` there (5.4,
    5.41, 14.31): DF against personnel, AT against AFVs."""
    out = []
    for enemy in position.units.values():
        if enemy.side == side or enemy.hex is None or not can_damage(enemy, afv):
            continue
        reach = pu.value(enemy, "at_range" if afv else "df_range")
        if distance(enemy.hex, h) <= reach and spots(game, position, enemy, h):
            out.append(enemy)
    return out


def supports(leader: UnitState, unit: UnitState, mover: bool = False) -> bool:
    """6.5, 6.54, 6.55, 6.8, 13.1: may this leader lend his morale modifier to the unit's check? A good-order
    leader reaches his own and the adjacent hexes, a disrupted one his own hex (not a mover's), a demoralized
    one nobody; a leader helps only lower-ranked leaders, never himself; normal leaders do not support AFVs
    and tank leaders give no modifiers (6.8)."""
    if leader.id == unit.id or leader.side != unit.side or leader.hex is None or unit.hex is None:
        return False
    if leader.has("demoralized") or pu.leader_kind(leader) != "normal" or pu.is_afv(unit):
        return False
    d = distance(leader.hex, unit.hex)
    if d > (0 if leader.has("disrupted") else 1) or (mover and leader.has("disrupted")):
        return False
    return not pu.is_leader(unit) or pu.rank(unit) < pu.rank(leader)


def morale_of(state: State, unit: UnitState, with_leader: bool = True,
              helpers: list[UnitState] | None = None) -> tuple[int, list[T]]:
    """The unit's morale for a check: reduced side's value when reduced, -1 demoralized (14.3), + the best
    morale modifier of one leader who supports it (6.51, ``supports``; ``helpers`` narrows who may: the
    activated leaders for a recovery, 6.52); never above 10 (14.5)."""
    moving = state.moving
    mover = moving is not None and unit.id in moving.units
    key = "reduced_morale" if unit.has("reduced") and "reduced_morale" in unit.values else "morale"
    morale = int(unit.values[key])
    notes = [T("morale {morale}", morale=morale)]
    if unit.has("demoralized"):
        morale -= 1
        notes.append(T("-1 demoralized (14.3)"))
    if with_leader:
        pool = helpers if helpers is not None else [u for u in state.units.values() if u.type == "leader"]
        best = [(int(ldr.values.get("morale_mod", 0)), ldr.id) for ldr in pool if supports(ldr, unit, mover)]
        if best:
            bonus, who = max(best)
            morale += bonus
            notes.append(T("+{bonus} {leader} (6.51)", bonus=bonus, leader=who))
    if morale > MORALE_CAP:
        notes.append(T("capped at 10 (14.5)"))
    return min(MORALE_CAP, morale), notes


def check_order(state: State, ids: list[str]) -> list[str]:
    """14.1: leaders check before units, the highest rank first (a leader's failure counts at once)."""

    def key(uid: str) -> tuple[int, int, str]:
        unit = state.units[uid]
        return (0, -pu.rank(unit), uid) if unit.type == "leader" else (1, 0, uid)

    return sorted((u for u in ids if u in state.units), key=key)


def mc(position: Position, uid: str, modifier: int, rule: str) -> Decision:
    """A morale check the unit's owner rolls (14.1), with the result's modifier (M1, M2: 7.4)."""
    unit = position.units[uid]
    what = f"M{modifier}" if modifier else "M"
    return Decision(
        "roll", unit.side, T("{unit} checks morale ({result}): 2d6 + {modifier} against its morale", unit=uid,
                             result=what, modifier=modifier), rule, "mc",
        dice="2d6", subject=(uid,), target=unit.hex, args=(("mod", str(modifier)),),
    )


def resume_mc(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """14.1: not above morale passes; 1-2 above disrupts, 3 or more (or a natural 12) demoralizes; a failed
    check on a disrupted unit demoralizes it, and a demoralized unit demoralized again loses a step (a leader
    is eliminated). A mover that fails stops where it is (13.1)."""
    state = position.state
    unit = state.units.get(decision.subject[0])
    if unit is None:
        return state
    roll = PG_2D6.from_values(answer.dice or ())
    morale, _ = morale_of(state, unit)
    over = roll.total + int(decision.arg("mod", "0")) - morale
    if roll.total == 12:
        over = max(over, 3)  # 14.1: a natural 12 always demoralizes
    if over <= 0:
        return state
    if unit.has("demoralized"):
        if over >= 3:  # 14.1 cumulative failures
            if unit.type == "leader":  # 14.11, 6.7: a demoralized leader demoralized again is lost
                return game.leader_lost(position.at(state), unit.id)
            state = lose_step(state, unit)
    elif over >= 3 or unit.has("disrupted"):
        state = state.with_unit(unit.mark("demoralized", remove=("disrupted",)))
        state = engineer_cascade(game, position.at(state), unit)
    else:
        state = state.with_unit(unit.mark("disrupted"))
        state = engineer_cascade(game, position.at(state), unit)
    return game.halt_mover(position.at(state), unit.id)


def engineer_cascade(game: PgGame, position: Position, unit: UnitState) -> State:
    """5.75: an engineer supporting a crossing (in a river hex) disrupted or demoralized disrupts every
    friendly unit in good order with it."""
    from hexmate.rules.games.pg import moves as pg_moves

    state = position.state
    if pu.branch(unit) != "ENG" or unit.hex is None or not pg_moves.river(game, position.map, unit.hex):
        return state
    for other in position.units_at(unit.hex):
        if other.side == unit.side and other.id != unit.id and not (
                other.has("disrupted") or other.has("demoralized")):
            state = state.with_unit(other.mark("disrupted"))
    return state


# --- recovery (14.4) and rout (14.31) ---
def check_recovery(game: PgGame, position: Position, rally: act.Rally) -> act.Rally:
    if rally.unit not in position.units:
        raise IllegalAction(T("no unit {unit} in this game", unit=repr(rally.unit)))
    unit = position.units[rally.unit]
    why = game.can_act(position, unit)
    if why:
        raise IllegalAction(why)
    if not (unit.has("disrupted") or unit.has("demoralized")):
        raise IllegalAction(T("{unit} is in good order: there is nothing to recover", unit=unit.id), "14.4")
    return rally


def helper_of(game: PgGame, position: Position, unit: UnitState) -> str | None:
    """14.4, 6.52, 6.62: the activated leader (or commissar) whose support a recovery takes, if any."""
    commissar = commissar_for(game, position, unit)
    if commissar is not None:
        return commissar.id
    gs = game.gstate(position.state)
    pool = [position.units[u] for u in gs.act_leaders if u in position.units and u != unit.id
            and pu.leader_kind(position.units[u]) == "normal"]
    best = [(int(ldr.values.get("morale_mod", 0)), ldr.id) for ldr in pool if supports(ldr, unit, False)]
    return max(best)[1] if best else None


def declare_recovery(game: PgGame, position: Position, rally: act.Rally) -> State:
    """14.4: the unit is activated to recover (marked MOVED/FIRED whatever happens) and its owner rolls. The
    leader supporting it takes no other action this turn, and leaves the hex this segment only going along
    with a failed unit's rout (6.53): he is noted in ``rally_helpers``."""
    state = position.state
    unit = state.units[rally.unit]
    helper = helper_of(game, position, unit)
    if helper is not None:
        gs = game.gstate(state)
        state = state.replace(game=gs.replace(rally_helpers=tuple(sorted({*gs.rally_helpers, helper}))))
    state = state.with_unit(unit.mark(MARK))
    morale, notes = recovery_morale(game, position, unit)
    return state.push(
        Decision(
            "roll", unit.side,
            T("{unit} tries to recover: 2d6 below {morale} ({notes})", unit=unit.id, morale=morale,
              notes=joined(notes)),
            "14.4", "recover", dice="2d6", subject=(unit.id,), target=unit.hex,
        )
    )


def joined(notes: list[T]) -> T:
    """Notes said one after the other, each still translatable."""
    out = notes[0]
    for note in notes[1:]:
        out = T("{notes}, {note}", notes=out, note=note)
    return out


def recovery_morale(game: PgGame, position: Position, unit: UnitState) -> tuple[int, list[T]]:
    """14.4, 6.52: the unit's morale plus one activated supporting leader's modifier, +1 in a town or an
    entrenchment (14.45), never above 10 (14.5)."""
    gs = game.gstate(position.state)
    helpers = [position.units[u] for u in gs.act_leaders if u in position.units and u != unit.id]
    commissar = commissar_for(game, position, unit)
    if commissar is not None:  # 6.62: the commissar's morale replaces the unit's; no other leader adds
        morale, notes = int(commissar.values["morale"]), [T("commissar {leader}'s morale (6.62)",
                                                            leader=commissar.id)]
        helpers = []
    else:
        helpers = [u for u in helpers if pu.leader_kind(u) == "normal"]
        morale, notes = morale_of(position.state, unit, with_leader=bool(helpers), helpers=helpers)
    assert unit.hex is not None
    if terrain_of(game, position, unit.hex) == "town" or (
            unit.has("entrenched") and unit.type != "vehicle"):
        morale = min(MORALE_CAP, morale + 1)
        notes.append(T("+1 town or entrenchment (14.45)"))
    return morale, notes


def commissar_for(game: PgGame, position: Position, unit: UnitState) -> UnitState | None:
    """6.6-6.64: an activated commissar, not demoralized, stacked with a demoralized unit (not a leader)
    supports its recovery."""
    if not unit.has("demoralized") or pu.is_leader(unit):
        return None
    gs = game.gstate(position.state)
    for uid in gs.act_leaders:
        c = position.units.get(uid)
        if c is not None and pu.leader_kind(c) == "commissar" and c.hex == unit.hex and not c.has(
                "demoralized"):
            return c
    return None


def resume_recover(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """14.4: a total below the morale recovers one level (demoralized -> disrupted -> good order); a natural
    2 brings a demoralized unit straight back to good order; a demoralized leader rolling a natural 12
    deserts. A demoralized unit that fails routs (14.3, 14.31)."""
    state = position.state
    unit = state.units[decision.subject[0]]
    roll = PG_2D6.from_values(answer.dice or ())
    morale, _ = recovery_morale(game, position, unit)
    demoralized = unit.has("demoralized")
    if commissar_for(game, position, unit) is not None:  # 6.63: straight to good order, or a step lost
        if roll.total < morale:
            return state.with_unit(unit.mark(remove=("demoralized", "disrupted")))
        state = lose_step(state, unit)  # 6.63: a step lost, still demoralized, and it routs (14.31), the
        if unit.id not in state.units:  # commissar going along
            return state
        return rout(game, position.at(state), unit.id)
    if demoralized and roll.total == 2:
        return state.with_unit(unit.mark(remove=("demoralized", "disrupted")))
    if demoralized and unit.type == "leader" and roll.total == 12:
        return game.leader_lost(position, unit.id)  # 14.44: he deserts; 6.72 applies
    if roll.total < morale:
        if demoralized:
            return state.with_unit(unit.mark("disrupted", remove=("demoralized",)))
        return state.with_unit(unit.mark(remove=("disrupted",)))
    if not demoralized:
        return state
    if pu.value(unit, "strongpoint") == 1:  # 16.1: a demoralized strongpoint that fails to recover is removed
        return state.without_unit(unit.id)
    if unit.has("entrenched") and rout(game, position.at(state), unit.id) != state:
        return state.push(Decision(  # 14.31: in an entrenchment it need not rout; its owner may choose to
            "confirm", unit.side, T("{unit} failed to recover in an entrenchment: it need not rout (14.31): "
                                    "stay, or rout", unit=unit.id),
            "14.31", "entrenched_rout", choices=("stay", "rout"), subject=(unit.id,)))
    return rout(game, position.at(state), unit.id)


def resume_entrenched_rout(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """14.31: the owner of a demoralized unit in an entrenchment chose: it stays, or routs as usual."""
    uid = decision.subject[0]
    if answer.choice != "rout" or uid not in position.units:
        return position.state
    return rout(game, position, uid)


def rout(game: PgGame, position: Position, uid: str, along: tuple[str, ...] | None = None) -> State:
    """14.31: away from every enemy that threatens it, with its whole MA, to the nearest safe hex (the owner
    chooses among equally near ones); one already safe stays (14.32), as does one with nowhere to go. 5.75: an
    engineer routing from a river hex takes the friendly units with it along, back toward their own bank."""
    state = position.state
    unit = state.units[uid]
    assert unit.hex is not None
    if in_assault(position, unit):  # 12.1: it leaves the assault hex, one hex, or is eliminated if it cannot
        exits = assault_exits(game, position, unit)
        if not exits:
            return state.without_unit(uid)
        prompt = T("{unit} failed to recover in the assault hex and must leave it, one hex (12.1): place it",
                   unit=uid)
        leave = Decision("hexes", unit.side, prompt, "12.1, 14.31", "rout",
                         hexes=tuple(sorted(exits, key=lambda h: (h.q, h.r))), subject=(uid,),
                         target=unit.hex)
        if along is None:  # 6.53, 6.63: leaders and the commissar may (must) go along here too
            return pg_along.offer(game, position, leave)
        return state.push(leave.with_args(along=",".join(along)))
    here = threats(game, position, unit.side, unit.hex, pu.is_afv(unit))
    if not here or is_safe(game, position, unit.side, unit.hex, pu.is_afv(unit)):
        return state
    if unit.type == "gun" and pu.value(unit, "ma") == 0 and unit.carrier is None:
        return state.without_unit(uid)  # 14.32: a heavy weapon of MA 0 that must rout is abandoned
    group = river_group(game, position, unit)
    paths, off_board = rout_options(game, position, unit, group)
    if not paths:
        return state
    if off_board:
        prompt = T("{unit} failed to recover and routs from {enemies}: place it on the nearest safe hex it "
                   "can reach; placed on {exits}, it leaves the board there (16.5)", unit=uid,
                   enemies=", ".join(u.id for u in here),
                   exits=", ".join(position.label(h) for h in sorted(off_board, key=lambda h: (h.q, h.r))))
    elif group:
        prompt = T("{unit} failed to recover and routs from {enemies}, and {others} with it, back toward the "
                   "bank they came from (5.75): place them on the nearest safe hex they can reach", unit=uid,
                   enemies=", ".join(u.id for u in here), others=", ".join(group))
    else:
        prompt = T("{unit} failed to recover and routs from {enemies}: place it on the nearest safe hex it "
                   "can reach", unit=uid, enemies=", ".join(u.id for u in here))
    placed = Decision(
        "hexes", unit.side, prompt,
        "14.31, 5.75" if group else "14.31, 16.5" if off_board else "14.31", "rout",
        hexes=tuple(sorted(paths, key=lambda h: (h.q, h.r))),
        subject=(uid, *group), target=unit.hex,
    )
    if along is None:  # 6.53, 6.63: leaders and the commissar going along are settled first
        return pg_along.offer(game, position, placed)
    return state.push(placed.with_args(along=",".join(along)))


def in_assault(position: Position, unit: UnitState) -> bool:
    """1.2: the unit shares its hex with enemy combat units (an assault hex)."""
    return unit.hex is not None and any(u.side != unit.side and pu.is_combat(u)
                                        for u in position.units_at(unit.hex))


def assault_exits(game: PgGame, position: Position, unit: UnitState) -> list[Hex]:
    """12.1: the adjacent hexes a demoralized unit failing recovery may leave an assault hex to: any not
    holding enemy units (empty unarmed transports and leaders do not count), and, as no unit may enter a
    hex over the stacking limit (4.1), only those where its side's stack stays within it."""
    from hexmate.rules.games.pg import overstack as pg_overstack

    assert unit.hex is not None
    return [n for n in position.map.neighbors(unit.hex) if n in position.map.hexes
            and pg_overstack.fits(game, position, unit, n)
            and not any(u.side != unit.side and (pu.is_combat(u) or any(
                r.carrier == u.id for r in position.units.values())) for u in position.units_at(n))]


def river_group(game: PgGame, position: Position, unit: UnitState) -> tuple[str, ...]:
    """5.75: the other friendly units (leaders aside: they may go along, 6.53) in the river hex of a routing
    engineer: they rout with it."""
    from hexmate.rules.games.pg import moves as pg_moves

    if pu.branch(unit) != "ENG" or unit.hex is None or not pg_moves.river(game, position.map, unit.hex):
        return ()
    return tuple(sorted(o.id for o in position.units_at(unit.hex)
                        if o.side == unit.side and o.id != unit.id and not pu.is_leader(o)))


def is_safe(game: PgGame, position: Position, side: str, h: Hex, afv: bool = False) -> bool:
    """1.2, 14.31: a town or woods hex, or one no enemy could fire on to damage the unit."""
    from hexmate.rules.games.pg import drumfire as pg_drum

    if h in pg_drum.hexes(game, position):
        return False  # optional drumfire (17.0): never a safe hex
    return terrain_of(game, position, h) in SAFE or not threats(game, position, side, h, afv)


def rout_paths(game: PgGame, position: Position, unit: UnitState, group: tuple[str, ...] = ()
               ) -> dict[Hex, tuple[Hex, ...]]:
    """Where the rout may end, with its path: every step keeps its distance from each threat or opens it
    (14.32), and the end is the nearest reachable safe hex (the cheapest); with none in reach, the hexes
    closest to a safe hex (the rout goes on next time, 14.31). ``group``: the units routing with a river
    engineer (5.75): they move together, and never onto the far bank of the river they came into."""
    return rout_options(game, position, unit, group)[0]


def rout_options(game: PgGame, position: Position, unit: UnitState, group: tuple[str, ...] = ()
                 ) -> tuple[dict[Hex, tuple[Hex, ...]], frozenset[Hex]]:
    """``rout_paths``, and of its ends the exit hexes by which the rout leaves the board (16.5: where the
    scenario allows its side to leave, off the board is a safe place, ``exits.rout_exits``)."""
    from hexmate.rules.games.pg import exits as pg_exits
    from hexmate.rules.games.pg import moves as pg_moves

    assert unit.hex is not None
    start = unit.hex
    if in_assault(position, unit):  # 12.1: one hex out of the assault hex, whatever its MA
        return {n: (start, n) for n in assault_exits(game, position, unit)}, frozenset()
    foes = threats(game, position, unit.side, start, pu.is_afv(unit))
    base = game.cost_fn(position, [unit, *(position.units[u] for u in group)], approach=False)
    came = dict(game.gstate(position.state).river_from).get(unit.id) if group else None
    far = pg_moves.far_bank(game, position.map, position.map.parse_label(came)) if came else frozenset()
    from hexmate.rules.games.pg import drumfire as pg_drum

    drums = pg_drum.hexes(game, position)  # optional drumfire (17.0): routers never enter one

    def cost(m: HexMap, a: Hex, b: Hex) -> int | Fraction | None:
        if any(f.hex is not None and distance(f.hex, b) < distance(f.hex, a) for f in foes):
            return None
        if b in far or b in drums:  # 5.75: back toward the bank they came from
            return None
        return base(m, a, b)

    reach = reachable(position.map, start, int(unit.values["ma"]), cost)
    off = {} if group else pg_exits.rout_exits(game, position, unit, reach, foes)  # 16.5: off the board
    reach.pop(start, None)
    safe = {h: (r.cost, r.path) for h, r in reach.items()
            if is_safe(game, position, unit.side, h, pu.is_afv(unit))}
    ends = {**{h: o for h, o in off.items() if h not in safe}, **safe}
    if ends:  # 14.31: the nearest; the owner chooses among equally near ones
        best = min(c for c, _ in ends.values())
        return ({h: p for h, (c, p) in ends.items() if c == best},
                frozenset(h for h, (c, _) in ends.items() if c == best and h not in safe))
    if not reach:
        return {}, frozenset()
    havens = [h for h in position.map.hexes if terrain_of(game, position, h) in SAFE]
    if not havens:
        return {}, frozenset()

    def gap(h: Hex) -> int:
        return min(distance(h, s) for s in havens)

    closest = min(gap(h) for h in reach)
    return {h: r.path for h, r in reach.items() if gap(h) == closest}, frozenset()


def resume_rout(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The owner placed the routing unit: it moves there hex by hex, so the enemy may fire at it as it
    goes (13.1: opportunity fire includes routs)."""
    state = position.state
    unit = state.units[decision.subject[0]]
    group = tuple(u for u in decision.subject[1:] if u in state.units)
    paths, off_board = rout_options(game, position, unit, group)
    path = paths.get(answer.hexes[0])
    if path is None:
        raise IllegalAction(T("{hex} is not a rout destination now",
                              hex=position.label(answer.hexes[0])), "14.31")
    movers = (unit.id, *group, *pg_along.movers(position, decision))
    if answer.hexes[0] in off_board:  # 16.5: the rout goes off the board by this exit hex
        from hexmate.rules.games.pg import exits as pg_exits

        if len(path) == 1:
            return pg_exits.leave(game, position, movers)
        state = state.replace(game=game.gstate(state).replace(exiting=True))
    return state.replace(moving=Moving(movers, path, 0))


def surrender_checks(game: PgGame, position: Position, activated: list[UnitState]) -> list[Decision]:
    """14.6: a non-demoralized unit with DF that begins its activation in or next to a hex of demoralized
    units the scenario lets surrender makes the other player roll 2d6 for that hex, once per unit and turn.
    14.6 has the scenario name "certain units": ``options.surrender`` lists sides (all their units), counter
    names or unit ids."""
    eligible = {str(x) for x in position.scenario.options.get("surrender", [])}
    if not eligible:
        return []
    done = set(game.gstate(position.state).surrender_checked)
    hexes: dict[Hex, list[str]] = {}
    for unit in activated:
        if unit.hex is None or unit.has("demoralized") or pu.value(unit, "df") <= 0:
            continue
        for other in position.units.values():
            named = other.side in eligible or other.id in eligible or other.counter.name in eligible
            if (other.side != unit.side and named and other.hex is not None
                    and other.has("demoralized") and other.id not in done
                    and distance(other.hex, unit.hex) <= 1):
                hexes.setdefault(other.hex, []).append(other.id)
    out = []
    for h, ids in sorted(hexes.items(), key=lambda kv: (kv[0].q, kv[0].r)):
        side = position.units[ids[0]].side
        prompt = T("surrender? {hex} rolls 2d6: above the best morale there, every unit and leader in it "
                   "surrenders", hex=position.label(h))
        out.append(Decision("roll", side, prompt, "14.6",
                            "surrender", dice="2d6",
                            subject=tuple(sorted(ids)), target=h))
    return out


def best_morale(position: Position, h: Hex) -> int:
    """14.6: the highest current morale in the hex; leaders in the hex may raise it, adjacent ones not."""
    here = position.units_at(h)
    leaders = [u for u in here if pu.is_leader(u)]
    return max((morale_of(position.state, u, helpers=leaders)[0] for u in here), default=0)


__all__ = ["check_order", "helper_of", "mc", "morale_of", "resume_mc", "rout", "spots", "threats"]
