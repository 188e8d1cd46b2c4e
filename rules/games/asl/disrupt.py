"""Disrupted units (A19.12) beyond the ELR replacement that makes them (units.replacement, aftermath.py).

A19.12, paraphrased, and where each sentence is built:

- a squad, HS or 6+1 leader with nothing lower to be replaced by becomes broken and Disrupted
  (units.replacement); other leaders only by a Heat of Battle surrender (A15.5, aftermath.resume_hob); the
  nationalities and units that are never Disrupted only break (nations.never_disrupted);
- no self-rally (rally.check); a leader in its Location may still rally it;
- it surrenders to a Good Order Known enemy infantry unit ADJACENT at the start of the RtPh even with a safe
  rout open (prisoners.rout_surrenders, A20.21), unless No Quarter applies (A20.3); and to such a unit that
  enters its Location by a move or an advance (``surrender_on_entry``): the entering side names the guard
  among the units that entered, or refuses (A20.3). Prisoners go to their guard's Location (A20.53), so a
  move that went on through their hex takes them along to where it ended;
- it may not rout, save where the rout is forced on it: in the Open Ground of A10.531 or beside armed enemies
  that are all in Melee, berserk or vehicles (A20.21) (rout.must_rout then holds and the rout is owed). A
  Disrupted DM unit that need not rout may not choose to (``may_choose_rout``). It never Low Crawls
  (``may_low_crawl``), unless the enemy has refused quarter: then it routs at any risk (A20.3). Fire
  Locations (B25.4), water obstacles (B21.43) and Night (E1.54) are chapters not in the text.
- it does not stop an enemy entering or passing its hex (A4.14's exception: ``no_bar``, in game.py's MPh
  cost); it does block a rout toward it as any unit does (A10.51);
- in Melee it may not withdraw (cc.py) and, not captured, it is eliminated if still in Melee at the end of
  the CCPh (``end_of_ccph``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

DISRUPTED = "disrupted"


def _no_quarter_against(position: Position, unit: UnitState) -> bool:
    """A20.3: the unit's enemy has refused quarter (or massacred), so it avoids surrender at any risk."""
    return position.enemy_of(unit.side) in getattr(position.state.game, "no_quarter", ())


def may_choose_rout(unit: UnitState) -> bool:
    """A19.12: a Disrupted unit routs only when it must; a DM one that need not rout stays (A10.5)."""
    return not unit.has(DISRUPTED)


def may_low_crawl(position: Position, unit: UnitState) -> bool:
    """A19.12: no Low Crawl rout for a Disrupted unit, unless No Quarter makes it take any rout (A20.3)."""
    return not unit.has(DISRUPTED) or _no_quarter_against(position, unit)


def end_of_ccph(state: State) -> State:
    """A19.12: a Disrupted unit still in Melee at the end of the CCPh (not captured) is eliminated; its SW
    stay in the Location unpossessed (A4.43). No A4.44 window: the Melee means a Known armed enemy there and
    its side's SMC there are in Melee (recnow.able), so none may try."""
    from hexmate.rules.games.asl.aftermath import _drop_possessions

    for unit in [u for u in state.units.values() if u.has(DISRUPTED) and u.has("melee")]:
        state = _drop_possessions(state, unit).without_unit(unit.id)
    return state


def no_bar(here: Sequence[UnitState], side: str) -> bool:
    """A19.12 (A4.14's exception): the Known enemy units of this Location are all Disrupted (not in Melee) or
    unarmed, and at least one is Disrupted: they bar no move into or through it."""
    enemies = [u for u in here if u.side != side and u.type != "sw" and not u.concealed]
    return any(u.has(DISRUPTED) for u in enemies) and all(
        (u.has(DISRUPTED) and not u.has("melee")) or (au.is_unarmed(u) and not u.has("prisoner"))
        for u in enemies)


def surrender_on_entry(game: AslGame, position: Position, state: State, movers: Sequence[str],
                       entered: Sequence[Hex]) -> State:
    """A19.12: the Disrupted units of each Location the movers entered surrender to them, if a Good Order
    Known armed infantry unit among the movers is there to take them (A20.21's captor) and they may surrender
    (prisoners.may_surrender: not under No Quarter, A20.3). One offer per Location, answered by the movers'
    side: the guard, or refuse."""
    from hexmate.rules.games.asl import prisoners

    view = position.at(state)
    takers = [view.units[u] for u in movers if u in view.units]
    if any(u.has("hw") for u in takers):
        return state  # A25.233: a Human Wave takes their surrender at its impulse's end (hw.surrenders)
    captors = sorted({u.id for u in takers if u.type in prisoners.INFANTRY and au.good_order(u)
                      and not u.concealed and prisoners.armed(u) and not u.has("berserk")})
    if not captors:
        return state
    side = takers[0].side
    offers = []
    for h in dict.fromkeys(entered):
        ids = tuple(sorted(u.id for u in view.units_at(h) if u.side != side and u.has(DISRUPTED)
                           and not u.has("melee") and prisoners.may_surrender(game, view, u)))
        if ids:
            offers.append(Decision(
                "units", side, T("{units} are Disrupted and surrender to the units entering their Location: "
                                 "name the guard, or refuse (No Quarter) (A19.12)", units=", ".join(ids)),
                "A19.12", "surrender", units=tuple(captors), choices=("refuse",), subject=ids, target=h))
    return state.push(*offers) if offers else state


__all__ = ["DISRUPTED", "end_of_ccph", "may_choose_rout", "may_low_crawl", "no_bar", "surrender_on_entry"]
