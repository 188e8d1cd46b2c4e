"""Disrupted units (A19.12) beyond the ELR replacement that makes them (units.replacement, aftermath.py).

A19.12, paraphrased, and where each sentence is built:

- a squad, HS or 6+1 leader with nothing lower to be replaced by becomes broken and Disrupted
  (units.replacement); other leaders only by a Heat of Battle surrender (A15.5, aftermath.resume_hob); the
  nationalities and units that are never Disrupted only break (nations.never_disrupted);
- no self-rally (rally.check); a leader in its Location may still rally it;
- it surrenders to a Good Order Known enemy infantry unit ADJACENT at the start of the RtPh even with a safe
  rout open (prisoners.rout_surrenders, A20.21), unless No Quarter applies (A20.3). Its surrender when such
  an enemy enters its Location in another phase is not built, since entering is not (next point);
- it may not rout, save where the rout is forced on it: in the Open Ground of A10.531 or beside armed enemies
  that are all in Melee, berserk or vehicles (A20.21) (rout.must_rout then holds and the rout is owed). A
  Disrupted DM unit that need not rout may not choose to (``may_choose_rout``). It never Low Crawls
  (``may_low_crawl``), unless the enemy has refused quarter: then it routs at any risk (A20.3). Fire
  Locations (B25.4), water obstacles (B21.43) and Night (E1.54) are chapters not in the text.
- it does not stop an enemy entering or passing its hex (A4.14's exception): not built, the MPh cost
  function (game.py) still bars entry into its Location as for any Known enemy; it does block a rout toward
  it as any unit does (A10.51);
- in Melee it may not withdraw (cc.py) and, not captured, it is eliminated if still in Melee at the end of
  the CCPh (``end_of_ccph``).
"""

from __future__ import annotations

from hexmate.rules.games.base import Position, State, UnitState

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
    stay in the Location unpossessed (A4.43)."""
    from hexmate.rules.games.asl.aftermath import _drop_possessions

    for unit in [u for u in state.units.values() if u.has(DISRUPTED) and u.has("melee")]:
        state = _drop_possessions(state, unit).without_unit(unit.id)
    return state


__all__ = ["DISRUPTED", "end_of_ccph", "may_choose_rout", "may_low_crawl"]
