"""ASL D3.7 with A21.11-A21.13: a vehicle's MGs breaking down, captured or not.

D3.7: a vehicle's MG has no printed B#: its B# is 12, so it malfunctions on an Original IFT (or CC) DR of 12
(each MG that fired in that attack: the same rule cc.py applies in CC). A21.11: a captured vehicle's weapons
have their B# two lower, and A.11 makes the original B# (12) their X#; A21.12: a captured non-ordnance weapon
loses only B# and ROF (vehicle MGs have no multiple ROF, D3.5, so nothing is lost there), so its MGs
malfunction on an Original DR of 10 or 11 and are disabled for good on 12. A21.13 with A21.22: under a HS
temporary crew the penalties are doubled (B# 8: 8-11 malfunctions, 12 disables). ``vcapture.penalty`` gives
the multiple (0, 1, 2).

A malfunctioned MG is marked ``<mg>_malf`` (vmg.mg_attack then refuses it); a disabled one ``<mg>_malf`` and
``<mg>_disabled``. A MG scrounged off another army's vehicle (D10.5, D10.52) is marked ``captured`` as it is
taken (``scrounged_captured``), so an infantry SW's A21.11-A21.12 penalties apply to it. D3.7's repair dr
in the RPh is vrepair.py's (``repair VEHICLE.bmg``): it reads the same ``<mg>_malf``; a ``<mg>_disabled`` MG
is never repaired.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import vcapture
from hexmate.rules.games.base import Line, Position, UnitState
from hexmate.rules.text import T

NAMES = {"bmg": "BMG", "cmg": "CMG", "aamg": "AAMG", "rmg": "RMG", "trmg": "TRMG"}


def scrounged_captured(position: Position, unit: UnitState, vehicle: UnitState) -> bool:
    """A21.1 with D10.52: a weapon scrounged off another army's wreck or abandoned vehicle is captured
    equipment in its scrounger's hands (the B#/ROF penalties of A21.11-A21.12, through units.is_captured);
    the nationalities are the vehicle's and the scrounger's counter's, else its side's."""
    from hexmate.rules.games.asl import units as au
    from hexmate.rules.games.asl.armour import vtype

    theirs = vtype(vehicle).nationality or None
    mine = unit.values.get("nationality")
    if not isinstance(mine, str):
        mine = next((s.nationality or None for s in position.scenario.sides if s.id == unit.side), None)
    if not theirs or not isinstance(mine, str) or theirs == mine:
        return False
    return not any(theirs in f and mine in f for f in au._FAMILIES)


def fate(original: int, cut: int, b: int = 12) -> str:
    """``malfunction``, ``disabled`` or ``""`` after an Original DR; ``cut``: the captured multiple; ``b``:
    the weapon's B# (12 but for an MA printed lower, D3.7)."""
    if cut:
        return od.captured_breakdown(original, b, cut=2 * cut)  # A21.11, A.11
    return "malfunction" if original >= b else ""  # D3.7


def apply(vehicle: UnitState, weapons: Iterable[str], original: int) -> tuple[UnitState, list[Line]]:
    """Each MG that fired in the attack, broken down or not by its Original DR (D3.7, A21.11)."""
    from hexmate.rules.games.asl.armour import vtype

    cut = vcapture.penalty(vehicle)
    ma = vtype(vehicle).ma
    rule = "A21.11" if cut else "D3.7"
    lines: list[Line] = []
    for w in weapons:
        b = ma.b if w == "ma" and ma is not None else 12  # D3.7: a B# below 12 is the MA's (an MG MA's too)
        what = fate(original, cut, b)
        if not what:
            continue
        marks = (f"{w}_malf", f"{w}_disabled") if what == "disabled" else (f"{w}_malf",)
        vehicle = vehicle.mark(*marks)
        said = T("disabled for good") if what == "disabled" else T("malfunctions")
        lines.append(Line(T("its {weapon}: B# {b}, Original DR {dr}", weapon=NAMES.get(w, w.upper()),
                            b=b - 2 * cut, dr=original), said, rule))
    return vehicle, lines


__all__ = ["apply", "fate", "scrounged_captured"]
