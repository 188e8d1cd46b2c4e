"""ASL D7.17 with A9.71: the weapons an Overrun's Original IFT DR breaks down.

Every weapon whose FP went into the OVR may malfunction (D7.17): the MA (a gun's, the one that makes the
base 4 FP, D7.11) at or above its B#, each working BMG, CMG and AAMG (the MGs the OVR FP counts; rear MGs
add none) at its B# 12 (D3.7; a captured vehicle's lower, A21.11, vmgbreak.fate). One weapon reached: it
malfunctions. Several: Random Selection picks which (A9.71 names the OVR of several MGs of one AFV): its
owner rolls it at the table and names the weapon here. An Original 12 that breaks no weapon immobilizes the
vehicle instead.
Not built: A9.71's tie in the Random Selection breaking more than one weapon (one is named).
"""

from __future__ import annotations

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import vcapture, vmgbreak
from hexmate.rules.games.asl.vehicles import vehicle_of
from hexmate.rules.games.base import Line, Position, State, UnitState
from hexmate.rules.text import T

MGS = ("bmg", "cmg", "aamg")  # D7.11: the MGs an OVR's FP counts
THEN = "ovr_malf"


def candidates(vehicle: UnitState, original: int, ft: str = "") -> list[tuple[str, str]]:
    """The OVR's weapons the Original DR reaches, each with its fate (``malfunction``/``disabled``); ``ft``:
    the FT's part in it (overrun.WITH_FT: one weapon more, disabled at its X#, D7.17, A.11; overrun.FT_ONLY:
    the only weapon in it, D7.15)."""
    vt = vehicle_of(vehicle.values)
    out: list[tuple[str, str]] = []
    if ft and vt.ft is not None and original >= vt.ft.x:
        out.append(("ft", "disabled"))
    if ft == "ft_only":
        return out
    if vt.ma is not None and vt.ma.kind == "gun" and not vehicle.has("ma_malf") and original >= vt.ma.b:
        out.append(("ma", "malfunction"))
    ma = vt.ma
    if ma is not None and ma.kind == "MG" and ma.fp and not vehicle.has("ma_malf") \
            and not vehicle.has("ma_removed"):  # D7.17, D3.7: an MG MA at its own B#
        ma_fate = vmgbreak.fate(original, vcapture.penalty(vehicle), ma.b)
        if ma_fate:
            out.append(("ma", ma_fate))
    fate = vmgbreak.fate(original, vcapture.penalty(vehicle))
    if fate:
        out += [(w, fate) for w in MGS if getattr(vt, w) and not vehicle.has(f"{w}_malf")
                and not vehicle.has(f"{w}_removed")]
    return out


def _name(weapon: str) -> str:
    return "MA" if weapon == "ma" else vmgbreak.NAMES.get(weapon, weapon.upper())


def _break(vehicle: UnitState, weapon: str, fate: str) -> UnitState:
    if weapon == "ft":
        return vehicle.mark("ft_disabled")  # vft.DISABLED: A.11, D3.7: out for good
    marks = (f"{weapon}_malf", f"{weapon}_disabled") if fate == "disabled" else (f"{weapon}_malf",)
    return vehicle.mark(*marks)


def after_ovr(state: State, vehicle: UnitState, original: int,
              ft: str = "") -> tuple[State, list[Line], list[Decision]]:
    """D7.17: the breakdown of the OVR's weapons, or the vehicle immobilized by a 12 that breaks none."""
    found = candidates(vehicle, original, ft)
    if len(found) == 1:
        weapon, fate = found[0]
        state = state.with_unit(_break(vehicle, weapon, fate))
        said = T("{weapon} malfunctions", weapon=_name(weapon))
        return state, [Line(said, str(original), "D7.17")], []
    if found:
        names = ", ".join(f"{w} ({_name(w)})" for w, _ in found)
        prompt = T("the Overrun's Original DR {dr} breaks down one of {weapons}: name the one Random "
                   "Selection picks (A9.71, D7.17)", dr=original, weapons=names)
        ask = Decision("confirm", vehicle.side, prompt, "A9.71", THEN, choices=tuple(w for w, _ in found),
                       subject=(vehicle.id,), args=tuple(found))
        said = T("one of its weapons malfunctions (Random Selection)")
        return state, [Line(said, str(original), "A9.71")], [ask]
    if original == 12:
        state = state.with_unit(vehicle.mark("immobilized"))
        return state, [Line(T("an original 12: the vehicle is immobilized instead"), "12", "D7.17")], []
    return state, [], []


def resume(position: Position, decision: Decision, answer: act.Answer) -> State:
    """A9.71: the weapon Random Selection picked malfunctions."""
    fate = decision.arg(answer.choice)
    if not fate:
        raise IllegalAction(T("name one of {weapons}", weapons=", ".join(decision.choices)), "A9.71")
    weapon = answer.choice
    vehicle = position.state.units[decision.subject[0]]
    return position.state.with_unit(_break(vehicle, weapon, fate))


__all__ = ["MGS", "THEN", "after_ovr", "candidates", "resume"]
