"""PG leaders and commissars going along with a routing unit (5.0, 6.53, 6.56, 14.31, 6.63).

- 6.53, 14.31: a demoralized unit that fails to recover and routs toward a safe hex may take with it the
  activated leaders of its hex that are in good order (they stay so); a disrupted leader goes along only by
  demoralizing himself (his DISRUPTED marker becomes DEMORALIZED, 6.35 / 1.2). A demoralized leader does
  not go: he activates and moves no one. The owner names them before the rout is placed.
- 6.63: a commissar whose help failed must move with the routing unit (his own morale is untouched).
- 6.56, 14.4: a leader who helped a recovery may leave the hex only this way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.games.pg import units as pu
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.pg.game import PgGame

NONE = "none"


def candidates(game: PgGame, position: Position, unit: UnitState) -> list[UnitState]:
    """6.53: the activated leaders (commissars aside) in the router's hex, in good order or disrupted."""
    active = set(game.gstate(position.state).active)
    if unit.hex is None:
        return []
    return [u for u in position.units_at(unit.hex) if u.side == unit.side
            and pu.is_leader(u) and u.id in active and pu.leader_kind(u) != "commissar"
            and not u.has("demoralized") and u.carrier is None]


def required(game: PgGame, position: Position, unit: UnitState) -> list[UnitState]:
    """6.63: the commissar who helped the failed recovery goes along, whatever his own state."""
    from hexmate.rules.games.pg import morale as pg_morale

    c = pg_morale.commissar_for(game, position, unit)
    return [c] if c is not None else []


def offer(game: PgGame, position: Position, rout: Decision) -> State:
    """Open the rout placement with the commissar bound to it (6.63), first asking which leaders go along
    (6.53) when there are any to ask about."""
    unit = position.units[rout.subject[0]]
    must = [u.id for u in required(game, position, unit)]
    placed = rout.with_args(along=",".join(must))
    may = [u.id for u in candidates(game, position, unit)]
    if not may:
        return position.state.push(placed)
    prompt = T("{unit} routs: name the leaders of its hex who go along (6.53: a disrupted leader must "
               "demoralize himself to go), or none", unit=unit.id)
    return position.state.push(Decision(
        "units", unit.side, prompt, "6.53, 14.31", "rout_along", units=tuple(sorted(may)), count=0,
        choices=(NONE,), subject=rout.subject, target=rout.target, args=(("along", ",".join(must)),)))


def resume(game: PgGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The owner named the leaders going along: a disrupted one is demoralized now (6.53); then the rout
    is placed as usual, the leaders moving with it."""
    from hexmate.rules.games.pg import morale as pg_morale

    chosen = () if answer.choice == NONE else tuple(answer.units)
    bad = [u for u in chosen if u not in decision.units]
    if bad:
        raise IllegalAction(T("{units} may not go along with the rout", units=", ".join(bad)), "6.53")
    state = position.state
    for uid in chosen:
        ldr = state.units[uid]
        if ldr.has("disrupted"):  # 6.53, 6.35: he demoralizes himself to go along
            state = state.with_unit(ldr.mark("demoralized", remove=("disrupted",)))
    along = (*(u for u in decision.arg("along").split(",") if u), *chosen)
    return pg_morale.rout(game, position.at(state), decision.subject[0], along=along)


def movers(position: Position, decision: Decision) -> tuple[str, ...]:
    """The leaders and commissar placed with the rout (still on the map, in the router's hex)."""
    start = decision.target
    return tuple(u for u in decision.arg("along").split(",")
                 if u and u in position.units and position.units[u].hex == start)


__all__ = ["candidates", "movers", "offer", "required", "resume"]
