"""ASL D3.1.2 (D3.12 in the code elsewhere): the free TCA/VCA change at the end of a friendly fire phase.

The text: an AFV that could fire in a fire phase of its own side without Intensive Fire (C3.22, chapter C's:
not among the texts, so no Intensive Fire is in play and the test is only whether it could fire) may change
its TCA (a turret-mounted weapon could fire) and its VCA (a turret- or bow-mounted weapon could fire) at the
end of that phase. "A fire phase of its own side" is read here as a phase in which its side fires: the
PFPh and AFPh of the ATTACKER, the DFPh of the DEFENDER (``vfire.firing_side``).

At the table: ``activate VEHICLE for tcaK`` (or ``vcaK``) during that phase, K the new hexspine (0..5, as the
``tca<k>`` marker counts it, facing.py). The change is declared, not made: the vehicle still fires from its
present arcs for the rest of the phase, and the declared arcs take effect when the phase ends (``phase_over``,
called by game.py's ``on_phase_end``), the hull first (its turret turning with it, D3.51), then the turret; a
later declaration of the same arc replaces the earlier one. A turret that turns throws its riders off (D6.21).

Refused, with the rule: a vehicle that could not fire this phase (shocked or stunned, D5.34; abandoned or
crewless, D5.41; in the AFPh after Prep Fire or with a Bounding Fire counter, D3.3; in the PFPh in Motion,
D2.4), one without a working weapon of the kind the arc needs, a VCA change for a vehicle that cannot pivot
(bogged, immobilized, D.7, D8.5), and a VCA change while bypassing (D2.33: it changes its VCA only as it
leaves the hexside it straddles, never to fire).

D2.321: a bypassing vehicle's turret has four TCA points, its CAFP, the opposite and the two straddled hexes
(the sides, wider arcs): its TCA changes only to one of them, each named by the hexspine that stands for it
(vbypass.tca_points: the heading, one to its left, the opposite, one to its right).
"""

from __future__ import annotations

from collections.abc import Iterator

from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import vbypass, vfire
from hexmate.rules.games.asl.armour import facing_of, is_vehicle, vtype, with_facing
from hexmate.rules.games.asl.vehicles import is_mobile, tca_of
from hexmate.rules.games.base import Position, State, UnitState
from hexmate.rules.text import T

RULE = "D3.1.2"
PHASES = ("PFPh", "DFPh", "AFPh")
MARK = "caend:"  # ``caend:tca<k>`` / ``caend:vca<k>``: the arc declared for this phase's end


def parse(mode: str) -> tuple[str, int] | None:
    """``tca3`` -> ("tca", 3); None for any other mode."""
    if len(mode) == 4 and mode[:3] in ("tca", "vca") and mode[3] in "012345":
        return mode[:3], int(mode[3])
    return None


def claims(action: act.Action) -> bool:
    return isinstance(action, act.Activate) and parse(action.mode) is not None


def _working(unit: UnitState, weapon: str) -> bool:
    return not any(unit.has(f"{weapon}_{m}") for m in ("malf", "removed", "disabled"))


def _weapons(unit: UnitState, arc: str) -> bool:
    """A working weapon of the kind the arc needs: a turret weapon for the TCA, any turret or bow weapon
    for the VCA (D3.1.2)."""
    vt = vtype(unit)
    ma_ok = vt.ma is not None and _working(unit, "ma") and (vt.ma.kind != "MG" or vt.ma.fp > 0)
    turret_ma = ma_ok and vt.ma is not None and vt.ma.mount != "NT"
    turret = turret_ma or (vt.cmg > 0 and _working(unit, "cmg"))
    if arc == "tca":
        return turret
    bow = (ma_ok and vt.ma is not None and vt.ma.mount == "NT") or (vt.bmg > 0 and _working(unit, "bmg"))
    return turret or bow


def check(position: Position, action: act.Activate) -> act.Activate:
    got = parse(action.mode)
    assert got is not None
    arc, k = got
    if len(action.units) != 1 or action.units[0] not in position.units:
        raise IllegalAction(T("name one vehicle: activate VEHICLE for tcaK or vcaK (K a hexspine 0-5)"), RULE)
    unit = position.units[action.units[0]]
    phase = position.phase.id
    if not is_vehicle(unit) or unit.hex is None:
        raise IllegalAction(T("{unit} is not a vehicle on the map", unit=unit.id), RULE)
    if phase not in PHASES or position.state.decision is not None or unit.side != vfire.firing_side(position):
        raise IllegalAction(T("a vehicle changes its arcs this way only at the end of a fire phase of its "
                              "own side (D3.1.2)"), RULE)
    vt = vtype(unit)
    if arc == "tca" and (vt.ma is None or vt.ma.mount == "NT"):
        raise IllegalAction(T("{unit} has no turret", unit=unit.id), RULE)
    bypassing = vbypass.across_of(unit) is not None
    if bypassing and arc == "vca":
        raise IllegalAction(T("{unit} is bypassing: its VCA is its bypass's and changes only as it leaves "
                              "the hexside it straddles, never to fire (D2.33)", unit=unit.id), "D2.33")
    if any(unit.has(m) for m in ("shocked", "stunned")):
        raise IllegalAction(T("{unit} is shocked or stunned: it could not fire this phase", unit=unit.id),
                            "D5.34")
    if any(unit.has(m) for m in ("abandoned", "wreck", "crew_survived", "crew_lost")):
        raise IllegalAction(T("{unit} has no crew to fire it", unit=unit.id), "D5.41")
    if phase == "AFPh" and (unit.has("prep_fire") or (unit.has(vfire.BOUNDING) and not vfire.refiring(unit))):
        said = T("{unit} could not fire in this AFPh (Prep Fire or Bounding Fire)", unit=unit.id)
        raise IllegalAction(said, "D3.3")
    if phase == "PFPh" and unit.has("motion"):
        raise IllegalAction(T("{unit} is in Motion: it could not Prep Fire", unit=unit.id), "D2.4")
    if not _weapons(unit, arc):
        what = T("a turret weapon") if arc == "tca" else T("a turret or bow weapon")
        said = T("{unit} has no working {what} that could fire (D3.1.2)", unit=unit.id, what=what)
        raise IllegalAction(said, RULE)
    if arc == "vca" and not is_mobile(unit.markers):
        raise IllegalAction(T("{unit} cannot change its VCA: it is immobile", unit=unit.id), "D8.5")
    now = tca_of(unit.markers, facing_of(unit)) if arc == "tca" else facing_of(unit)
    if bypassing:  # D2.321: its turret's four TCA points
        why = vbypass.why_not_tca(unit, k, now)
        if why is not None:
            raise IllegalAction(why, "D2.321")
    elif k == now:
        said = T("{unit}'s {arc} is already at hexspine {k}", unit=unit.id, arc=arc.upper(), k=k)
        raise IllegalAction(said, RULE)
    return action


def declare(position: Position, action: act.Activate) -> State:
    """The change declared for the phase's end (a new one replaces the same arc's earlier one)."""
    got = parse(action.mode)
    assert got is not None
    unit = position.units[action.units[0]]
    old = tuple(m for m in unit.markers if m.startswith(f"{MARK}{got[0]}"))
    return position.state.with_unit(unit.mark(f"{MARK}{action.mode}", remove=old))


def declared(unit: UnitState) -> dict[str, int]:
    out: dict[str, int] = {}
    for m in unit.markers:
        if m.startswith(MARK):
            got = parse(m[len(MARK):])
            if got is not None:
                out[got[0]] = got[1]
    return out


def phase_over(position: Position, state: State) -> State:
    """The end of a fire phase: each declared change made, the hull first, then the turret (D3.1.2)."""
    for uid in sorted(state.units):
        unit = state.units[uid]
        if not any(m.startswith(MARK) for m in unit.markers):
            continue
        want = declared(unit)
        unit = unit.mark(remove=tuple(m for m in unit.markers if m.startswith(MARK)))
        if unit.hex is None or any(unit.has(m) for m in ("wreck", "abandoned")):
            state = state.with_unit(unit)  # destroyed or left since it declared: nothing turns
            continue
        if "vca" in want:
            unit = with_facing(unit, want["vca"])  # the turret turns with the hull (D3.51)
        state = state.with_unit(unit)
        if "tca" in want:
            state, unit = vfire.turn_ma(position, state, unit, want["tca"])  # D6.21: riders thrown off
            state = state.with_unit(unit)
    return state


def generate(position: Position) -> Iterator[act.Action]:
    """The arcs a vehicle of the side firing now may declare for the phase's end."""
    if position.phase.id not in PHASES or position.state.decision is not None:
        return
    side = vfire.firing_side(position)
    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if unit.side != side or not is_vehicle(unit) or unit.hex is None:
            continue
        for arc in ("vca", "tca"):
            for k in range(6):
                action = act.Activate((unit.id,), f"{arc}{k}")
                try:
                    yield check(position, action)
                except IllegalAction:
                    continue


__all__ = ["MARK", "PHASES", "check", "claims", "declare", "declared", "generate", "parse", "phase_over"]
