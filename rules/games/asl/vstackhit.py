"""ASL A5.132: a To Hit DR that misses a vehicle in a Location over its side's vehicle stacking limit (A5.2:
one vehicle a side, wrecks apart) may hit another vehicle there instead.

- A miss by less than the number of vehicles in the target hex (the firer, wrecks and those out of the
  firer's LOS not counted) asks a dr (``vstack_dr``); a dr below that number hits another of them, even one
  of the firer's side. With one other, it is hit; with more, Random Selection (A.9: the highest dr, the size
  modifiers' signs reversed) names it, and the firer's owner names the one the dice picked (``vstack_pick``).
- The hit is then worked out as any hit with the same To Hit DR (vfire.hit_on: location, aspect, TK).
- A miss caused only by Hull Down (D4.2: a hull hit on a HD target) is no excess: nothing more.

Not built here: an attack on the IFT's vehicle row (A5.132 exempts it anyway); a vehicle out of the firer's
LOS in a hex of several Locations (every vehicle in the hex counts: hexmate keeps vehicles at ground level).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.games.asl.armour import is_vehicle
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

ROLL = "vstack_dr"
PICK = "vstack_pick"


def _vehicles(position: Position, firer: UnitState, target: UnitState) -> list[UnitState]:
    """A5.132: the vehicles of the target hex that count: not the firer, not a wreck."""
    assert target.hex is not None
    return sorted((u for u in position.units_at(target.hex)
                   if is_vehicle(u) and u.carrier is None and not u.has("wreck") and u.id != firer.id),
                  key=lambda u: u.id)


def overstacked(position: Position, target: UnitState) -> bool:
    """A5.2: more than one vehicle of the target's side in its Location (wrecks apart)."""
    assert target.hex is not None
    return sum(1 for u in position.units_at(target.hex) if is_vehicle(u) and u.side == target.side
               and u.carrier is None and not u.has("wreck")) > 1


def after_miss(position: Position, firer: UnitState, target: UnitState, dr: tuple[int, int], th: int,
               state: State) -> State:
    """A5.132: after a miss, the dr asked when the excess is below the number of vehicles there."""
    over = sum(dr) - th
    here = _vehicles(position, firer, target)
    if over <= 0 or not overstacked(position, target) or over >= len(here):
        return state
    prompt = T("{unit} missed {target} by {over} in an overstack of {n} vehicles: roll a dr, below {n} hits "
               "another vehicle there (A5.132)", unit=firer.id, target=target.id, over=over, n=len(here))
    return state.push(Decision("roll", firer.side, prompt, "A5.132", ROLL, dice="dr", subject=(firer.id,),
                               target=target.hex, args=(("target", target.id), ("n", str(len(here))),
                                                        ("dr", f"{dr[0]},{dr[1]}"))))


def _hit(position: Position, decision: Decision, victim: UnitState, line: Line) -> State:
    from hexmate.rules.games.asl import vfire

    state = position.state
    firer = state.units[decision.subject[0]]
    white, coloured = (int(x) for x in decision.arg("dr").split(","))
    prev = state.resolution
    lines = [*(prev.lines if prev is not None else ()), line]
    assert decision.target is not None
    return vfire.hit_on(position, state, firer, victim, (white, coloured), lines, decision.target,
                        (white, coloured))


def resume_roll(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A5.132: a dr below the count hits another vehicle: the only other one, or the one Random Selection
    names."""
    d = (answer.dice or (6,))[0]
    n = int(decision.arg("n"))
    firer = position.units[decision.subject[0]]
    target = position.units[decision.arg("target")]
    if d >= n:
        return position.state
    others = [u for u in _vehicles(position, firer, target) if u.id != target.id]
    line = Line(T("another vehicle of the overstack hit instead (dr {d} below {n})", d=d, n=n), str(d),
                "A5.132")
    if len(others) == 1:
        return _hit(position, decision, others[0], line)
    return position.state.push(Decision(
        "units", firer.side,
        T("name the vehicle Random Selection picks among {units} (A.9: highest dr, size modifiers reversed)",
          units=", ".join(u.id for u in others)),
        "A5.132", PICK, units=tuple(u.id for u in others), subject=decision.subject, target=decision.target,
        args=(*decision.args, ("d", str(d)))))


def resume_pick(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    victim = position.units[answer.units[0]]
    d, n = decision.arg("d"), decision.arg("n")
    line = Line(T("another vehicle of the overstack hit instead (dr {d} below {n})", d=d, n=n), d, "A5.132")
    return _hit(position, decision, victim, line)


__all__ = ["PICK", "ROLL", "after_miss", "overstacked", "resume_pick", "resume_roll"]
