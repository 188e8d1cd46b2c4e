"""ASL A21.22: SMC as the temporary crew of a captured armed vehicle, and their limits.

What the text gives (paraphrased) and this module does:

- Who: the captors' SMC may crew the captured vehicle as the MMC do (vreentry.py: ``load L into V`` in
  their MPh, D5.42's conditions; several SMC entering together name them all). Unlike an MMC, which is
  removed as it becomes the crew, an SMC is kept off the map while inside (marked ``driving``, the vehicle
  ``smc_driver:<id>``) and comes back beneath the vehicle when it is abandoned (vdriver.release, D5.41).
- Two or more SMC crewing it count as an infantry HS (``tc_hs``: half MP, the start dr, the captured
  penalties doubled); two or more that are all heroes as an infantry crew (``tc_icrew``: half MP, the
  start dr, the plain captured penalties). vcapture.py works those out.
- One SMC (``tc_smc``): while CE the vehicle may not move and attacks only with its AAMG (in CC too, A11.62:
  cc.py drops the CMG's FP); not CE it may move and
  fire either its BMG or its CMG (one of them; nor its MA, save the CMG/MA of a one-man turret AFV,
  D1.322, which in turn fire only while not CE), but not both move and fire in one Player Turn. Its fire is
  not halved for being an SMC's; the captured penalties apply (vcapture.penalty: B# 2 lower, ROF 1 lower,
  red TH# and Case H for the MA). The text halves no MP and asks no start dr of a lone SMC.

D5.343 reads the SMC inside (``crew_ids``: the ``smc_driver:<id>`` markers of an armed vehicle; an unarmed
one's SMC is its driver, A21.21, no crew): a stun wounds them, a Recall eliminates them (vcrewhit.py).

"Moved this Player Turn" is an MP spent or a hex entered in its MPh (``SMC_MOVED`` keeps it after the MPh);
"fired" is any fire counter or MG/MA fired marker of its own Player Turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import vdriver
from hexmate.rules.games.asl.armour import spent_of, vtype
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

TC_SMC = "tc_smc"
SMC_MOVED = "smc_moved"  # a lone SMC's captured vehicle moved this Player Turn: no fire from it (A21.22)
SMC = ("leader", "hero")
FIRED = ("prep_fire", "first_fire", "final_fire", "advancing_fire", "bounding_fire", "mg_only", "rof_kept")


def crew_ids(vehicle: UnitState) -> tuple[str, ...]:
    """A21.22, D5.343: the SMC inside an armed vehicle as its temporary crew (an unarmed one's SMC only
    drives it, A21.21)."""
    if vdriver.unarmed(vehicle) or vehicle.has("abandoned"):
        return ()
    return tuple(m[len(vdriver.SMC_DRIVER):] for m in vehicle.markers if m.startswith(vdriver.SMC_DRIVER))


def kind(units: Iterable[UnitState]) -> str:
    """A21.22: one SMC ``tc_smc``; two or more all heroes an infantry crew; else an infantry HS."""
    from hexmate.rules.games.asl.vcapture import TC_HS, TC_ICREW

    crew = list(units)
    if len(crew) == 1:
        return TC_SMC
    return TC_ICREW if all(u.type == "hero" for u in crew) else TC_HS


def _moved(position: Position, vehicle: UnitState) -> bool:
    return (vehicle.has(SMC_MOVED) or vehicle.has("entered") or spent_of(vehicle) > 0
            or (position.phase.id == "MPh" and vehicle.id in position.state.moved))


def _fired(vehicle: UnitState) -> bool:
    return any(vehicle.has(m) for m in FIRED) or any(
        m.startswith(("mg_fired:", "ma_fired:")) for m in vehicle.markers)


def why_not_move(position: Position, vehicle: UnitState) -> T | None:
    """A21.22: a lone SMC's vehicle does not move while CE, nor after firing this Player Turn."""
    if not vehicle.has(TC_SMC):
        return None
    if vehicle.has("ce"):
        return T("{unit} is crewed by a lone SMC who is CE: it may not move (A21.22)", unit=vehicle.id)
    if vehicle.side == position.phasing and _fired(vehicle):
        return T("{unit} is crewed by a lone SMC and has fired this Player Turn: it may not also move "
                 "(A21.22)", unit=vehicle.id)
    return None


def _not_after_move(position: Position, vehicle: UnitState) -> None:
    if vehicle.side == position.phasing and _moved(position, vehicle):
        raise IllegalAction(T("{unit} is crewed by a lone SMC and has moved this Player Turn: it may not "
                              "also fire (A21.22)", unit=vehicle.id), "A21.22")


def check_ma(position: Position, vehicle: UnitState) -> None:
    """A21.22: a lone SMC fires no MA, save in a one-man turret AFV while not CE (D1.322)."""
    if not vehicle.has(TC_SMC):
        return
    ma = vtype(vehicle).ma
    if ma is None or ma.mount != "1MT" or vehicle.has("ce"):
        raise IllegalAction(T("{unit} is crewed by a lone SMC: its MA does not fire (only a one-man "
                              "turret's, not CE; A21.22, D1.322)", unit=vehicle.id), "A21.22")
    _not_after_move(position, vehicle)


def check_mg(position: Position, vehicle: UnitState, weapons: Iterable[str]) -> None:
    """A21.22: a lone SMC, CE, fires only the AAMG; not CE, the BMG or the CMG, one of them."""
    if not vehicle.has(TC_SMC):
        return
    used = set(weapons)
    if vehicle.has("ce"):
        if used != {"aamg"}:
            raise IllegalAction(T("{unit} is crewed by a lone SMC who is CE: only its AAMG fires (A21.22)",
                                  unit=vehicle.id), "A21.22")
    elif len(used) != 1 or not used <= {"bmg", "cmg"}:
        raise IllegalAction(T("{unit} is crewed by a lone SMC: it fires either its BMG or its CMG, one of "
                              "them; name it (A21.22)", unit=vehicle.id), "A21.22")
    _not_after_move(position, vehicle)


def end_of_mph(state: State) -> State:
    """A lone SMC's vehicle that spent MP or entered a hex keeps its "moved" for the Player Turn."""
    for unit in [u for u in state.units.values() if u.has(TC_SMC)]:
        if spent_of(unit) > 0 or unit.has("entered") or unit.id in state.moved:
            state = state.with_unit(unit.mark(SMC_MOVED))
    return state


def end_of_turn(state: State) -> State:
    for unit in [u for u in state.units.values() if u.has(SMC_MOVED)]:
        state = state.with_unit(unit.mark(remove=(SMC_MOVED,)))
    return state


__all__ = ["SMC_MOVED", "TC_SMC", "check_ma", "check_mg", "crew_ids", "end_of_mph", "end_of_turn", "kind",
           "why_not_move"]
