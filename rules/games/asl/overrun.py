"""ASL Overrun in play (D7.1-D7.17): a vehicle moving into a hex of enemy infantry may overrun it.

At the table the move is the same lift and placement: a path into a hex holding enemy infantry, or an enemy
AFV whose crew is exposed (D7.12: an exposed PRC is a target; D2.6 still bars stopping there), is an Overrun
of that hex. It costs the hex's entry plus a
quarter of the printed MP allowance (FRU), paid with the entry (D7.1); never in reverse (D7.13). After the
entry's own rolls (a bog DR) and the defender's reaction window (Defensive First Fire, D7.1), the mover's
owner rolls the OVR's IFT DR:

- FP: the vehicle's OVR FP (D7.11: base 1, 2 or 4, its working MGs tripled then halved) plus the share of the
  infantry aboard (D7.11: a quarter of their printed FP, half for CE armored-halftrack passengers, tripled;
  mounted.py), halved if the vehicle was immobilized or destroyed before the attack (D7.11); units that add
  FP may not unload this phase (D6.5);
- DRM: the target hex's TEM (D7.15), or FFMO -1 in open ground without TEM (D7.15); the exposed PRC of each
  enemy vehicle take the OVR as a General Collateral attack of their own (D.8B), as if its only target: the
  TEM but one for infantry only (A7.308), the CE DRM in its place when larger (D5.31), no FFMO (D.6), +2 in
  Motion (D7.12); BU halftrack passengers are no target (D6.61), nor the passengers of an AFV whose crew is
  shocked or stunned (D.8: only its riders); the vehicles are worked out first, and the PRC of one this DR
  destroys or burns take no collateral attack (D.8, D5.6: the Survival DR only, D6.9);
- the result on the IFT applies to every enemy infantry unit there as any fire's does (aftermath.py);
- an enemy AFV there is no target, but its own CE crew is (D7.12: an exposed PRC; a hex holding only such
  an AFV is overrun for its crew alone, ``crew_targets``; a carrier's crew even shocked or stunned, D6.84):
  a General Collateral attack as if its only target (D.8B), the +2 CE DRM in place of a lower TEM (D5.31),
  +2 in Motion (D7.12); a K or KIA recalls it, an MC is the crew's (vmgveh.crew_collateral, D5.34, D5.341);
- an original DR at or above the breakdown number of the MA or a MG in it malfunctions that weapon
  (several: Random Selection, A9.71); a 12 that breaks no weapon immobilizes the vehicle instead (D7.17,
  ovrbreak.py);
- then the defender's Reaction Fire is due (D7.2, reaction.py).

Non-CC Reaction Fire by TPBF at an unarmored vehicle is ncreact.py's (D7.22); street fighting street.py's
(D7.211). An exposed infantry leader aboard directs an OVR to which other units aboard add FP (D6.65, D7.16:
the better of his and the Armor Leader's modifier, one of them; an Inexperienced crew's 6+1 stands, D3.45).
A vehicle that (or whose PRC) has a Bounding Fire counter makes no OVR and pays no OVR MP (D7.1, D7.13,
``may_overrun``); an OVR puts no such counter on it, so it may overrun again (D7.14: each entry of a hex).
The OVR is the mover's choice (D7.1's "may"): a move declared ``as through`` (moto.THROUGH, first built for
D15.43's sidecars) enters and passes such hexes without it and its MP, in reverse too (D7.13 bars only the
OVR in reverse); ``through_offers`` puts those moves beside the overrunning ones. D7.14: the choice is made
hex by hex: a move ``as ovr:D5+ovr:F5`` overruns the hexes it names (each at its entry, its quarter MPA paid
with that entry: a vehicle may overrun as many as its MP pay for) and passes the other enemy hexes of its
path without an OVR (``split``, ``check_named``). A hex it enters twice, having left it between, is overrun
at each entry if named (D7.14); one entry is never split into several OVRs, and each OVR is its own attack.
D7.12: an enemy unarmored vehicle (not a wreck, nor a motorcycle, whose riders are the target) is a target
too: a hex holding one is an Overrun hex; the OVR's DR is read on the IFT's vehicle line for it as A7.308
reads any IFT attack (``vehicle_targets``, unarmored.py's Kill number and results): the hex's TEM but for a
TEM for infantry only, no FFMO (D7.15 gives it against infantry and cavalry), +2 in Motion (D7.12), the
Unlikely Kill dr after an Original 2 (A7.309). A burning result eliminates its PRC before their checks.
D7.11, D7.15: a vehicle whose FT may be used (not disabled, not used this player turn, A22.3) is asked how it
takes part first (``FT_PICK``): added as it is (no TPBF, no halving), alone (its FP only; no TEM for the
target, no leadership but a FT MA's, A22.2, D3.44), or left out. Used, it counts as the turn's FT use; its X#
reached by the Original DR disables it as a weapon of the OVR (D7.17, A.11, ovrbreak.py).
A12.41 with D7.1: into a Location of concealed units only, the OVR's MP wait for their PAATC or reveal; an
answer leaving no one there (dummies removed) takes back the pending attack and the quarter MPA from the move
(``unspent``, called by vconceal.py).
Not built: the rest of Non-CC Reaction Fire (D7.22: ordnance, FT, DC, MOL are chapter C's), a choice to keep
the infantry aboard out of it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.errors import IllegalAction, RulesError
from hexmate.rules.games.asl import armorldr, iift, mounted, swrandom, vmg
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.asl.vehicles import is_mobile, vehicle_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

OVR = "vovr"
OVR_FIRED = "ovr_fp"  # D6.5: added its FP to an OVR: no unloading this phase


def _vehicle(u: UnitState) -> bool:
    return u.type == "vehicle"


def targets(position: Position, side: str, h: Hex) -> list[UnitState]:
    """The enemy infantry an Overrun of h attacks (D7.12: not an AFV, but its exposed PRC; not the BU
    passengers of an armored halftrack, D6.61, nor any passenger of an AFV whose crew is shocked or stunned,
    only its riders, D.8: vmg.afv_aboard; their SW go with their owners)."""
    out = []
    here = position.units_at(h)
    unreached, _ = vmg.afv_aboard(position, [u for u in here if u.side != side])
    for u in here:
        if u.side == side or _vehicle(u) or u.type == "sw" or u.id in unreached:
            continue
        carrier = position.units.get(u.carrier or "")
        if carrier is not None and _vehicle(carrier) and mounted.role(carrier) == mounted.HT_PASSENGER and (
                not mounted.exposed(carrier) or u.has("broken")):
            continue  # D6.61: attacked only through the halftrack itself
        out.append(u)
    return out


def _in_motion_prc(position: Position, unit: UnitState) -> bool:
    """D7.12: the exposed PRC of a vehicle in Motion (the OVR against them is at +2)."""
    carrier = position.units.get(unit.carrier or "")
    return carrier is not None and _vehicle(carrier) and carrier.has("motion")


def aboard(position: Position, vehicle: UnitState) -> list[UnitState]:
    """Its passengers or riders (D6.1, D6.2)."""
    return sorted((u for u in position.units.values() if u.carrier == vehicle.id), key=lambda u: u.id)


def _aboard_leader(position: Position, vehicle: UnitState, riding: list[UnitState]) -> tuple[str, int] | None:
    """D6.65, D7.16: an exposed infantry leader aboard (a CE halftrack passenger, a rider, any passenger the
    OVR's infantry FP comes from) directs an OVR to which other units aboard add FP: his id and modifier."""
    from hexmate.rules.games.asl import units as au

    if mounted.role(vehicle) == mounted.HT_PASSENGER and not mounted.exposed(vehicle):
        return None
    leaders = [u for u in riding if au.can_direct(u)]
    best = min(leaders, key=lambda u: (au.leadership_of(u), u.id), default=None)
    return (best.id, au.leadership_of(best)) if best is not None else None


def closed(position: Position, side: str, h: Hex) -> bool:
    """A hex a vehicle of ``side`` may pass through but not stop in, nor end its MPh in Motion in: one holding
    an enemy AFV that is not a wreck (D2.6), unless one of D2.6's exceptions lets it stay (vstay.py)."""
    return any(u.side != side and _vehicle(u) and not u.has("wreck") and vehicle_of(u.values).armored
               for u in position.units_at(h))


def vehicle_targets(position: Position, side: str, h: Hex) -> list[UnitState]:
    """D7.12: the enemy unarmored vehicles an Overrun of h attacks (an AFV is none; a motorcycle's OVR is at
    its riders, D15.5), read on the IFT's vehicle line as any IFT attack at them (A7.308)."""
    from hexmate.rules.games.asl import unarmored

    return sorted((u for u in position.units_at(h) if u.side != side and unarmored.target_of_small_arms(u)),
                  key=lambda u: u.id)


def crew_targets(position: Position, side: str, h: Hex) -> list[UnitState]:
    """D7.12: the enemy AFVs in h whose own crew an Overrun of h attacks (an exposed PRC, vmgveh.crew_target);
    with one there and no infantry, h is an Overrun hex all the same, the crew its only target."""
    from hexmate.rules.games.asl import vmgveh

    return sorted((u for u in position.units_at(h) if u.side != side and _vehicle(u) and not u.has("wreck")
                   and vehicle_of(u.values).armored and vmgveh.crew_target(u)), key=lambda u: u.id)


def is_overrun(position: Position, side: str, h: Hex) -> bool:
    if not position.state.by_hex.get(h):
        return False  # no unit there to attack (the move searches ask at every hex)
    return bool(targets(position, side, h) or vehicle_targets(position, side, h)
                or crew_targets(position, side, h))


BOUNDING = "bounding_fire"  # D3.3's Bounding Fire counter (vfire.BOUNDING)


NAMED = "ovr_at:"  # ovr_at:q,r: a hex the move declared it overruns (``as ovr:HEX``, D7.1, D7.14)
WORD = "ovr"


def split(position: Position, mode: str) -> tuple[tuple[Hex, ...], str]:
    """D7.1, D7.14: the ``ovr:HEX`` words of a vehicle move (``as ovr:D5+ovr:F5``): the hexes it overruns,
    decided hex by hex; the rest of the mode."""
    words = [w for w in mode.split("+") if w] if mode else []
    named: list[Hex] = []
    for w in words:
        name, _, arg = w.partition(":")
        if name != WORD:
            continue
        try:
            named.append(position.map.parse_label(arg))
        except (KeyError, ValueError, RulesError):
            raise IllegalAction(T("{word}: name the hex it overruns, as in ovr:D5", word=w), "D7.1") from None
    return tuple(named), "+".join(w for w in words if w.partition(":")[0] != WORD)


def check_named(position: Position, vehicle: UnitState, path: tuple[Hex, ...], named: tuple[Hex, ...],
                through: bool) -> UnitState:
    """D7.1, D7.14: a move that names the hexes it overruns overruns those (at each entry of one, D7.14: it
    has left it in between) and enters every other hex of enemies on its path without an OVR (the text's
    "may"). Each named hex must be one the path enters holding enemies it may overrun; ``as through`` names
    none (D7.1), a vehicle with a Bounding Fire counter none (D7.1, D7.13). Returns the vehicle marked with
    them for its costs and its move."""
    from hexmate.rules.games.asl.moto import overruns as moto_overruns

    if through:
        raise IllegalAction(T("a move ``as through`` overruns nothing: name the hexes it overruns or declare "
                              "it through, not both (D7.1)"), "D7.1")
    if not may_overrun(position, vehicle) or not moto_overruns(vehicle):
        raise IllegalAction(T("{unit} may not overrun: a Bounding Fire counter, or no vehicle that overruns "
                              "(D7.1, D7.13, D15.43)", unit=vehicle.id), "D7.13")
    for h in named:
        if h not in path[1:]:
            raise IllegalAction(T("{hex} is not a hex this move enters: a vehicle overruns a hex as it "
                                  "enters it (D7.1; to overrun its own hex again it leaves it first, D7.13, "
                                  "D7.14)", hex=position.label(h)), "D7.14")
        if not is_overrun(position, vehicle.side, h) and not swrandom.empty(position, vehicle, h):
            raise IllegalAction(T("no enemy in {hex} to overrun (D7.1, D7.12), nor, for a fully tracked AFV, "
                                  "a SW lying there with no personnel (A9.74)", hex=position.label(h)),
                                "D7.1")
    if len(set(named)) != len(named):
        raise IllegalAction(T("{hex} is named twice: each entry of a named hex is one OVR (D7.14)",
                              hex=position.label(next(h for h in named if named.count(h) > 1))), "D7.14")
    return vehicle.mark(*(f"{NAMED}{h.q},{h.r}" for h in named))


def named_of(vehicle: UnitState) -> frozenset[Hex] | None:
    """The hexes its move named as overrun (None: it named none, every enemy hex entered is overrun)."""
    out = set()
    for m in vehicle.markers:
        if m.startswith(NAMED):
            q, r = m[len(NAMED):].split(",")
            out.add(Hex(int(q), int(r)))
    return frozenset(out) if out else None


def may_overrun(position: Position, vehicle: UnitState) -> bool:
    """D7.1, D7.13: no OVR by a vehicle that (or whose PRC) already has a Bounding Fire counter; an earlier
    OVR puts none on it here, so multiple OVRs stay open (D7.14). Without the OVR it may still enter the
    hex, paying no OVR MP."""
    from hexmate.rules.games.asl.moto import THROUGH

    if vehicle.has(THROUGH):
        return False  # D7.1: the mover's choice, ``as through``: it enters without an OVR
    return not vehicle.has(BOUNDING) and not any(
        u.carrier == vehicle.id and u.has(BOUNDING) for u in position.units.values())


def overruns(position: Position, vehicle: UnitState, h: Hex) -> bool:
    """Does the vehicle's entry of h overrun (D7.1): enemy targets there and it may, nor chose not to (``as
    through``, or a move naming other hexes, D7.14)."""
    named = named_of(vehicle)
    if named is not None and h not in named:
        return False
    if named is not None and swrandom.empty(position, vehicle, h):
        return may_overrun(position, vehicle)  # A9.74: a fully tracked AFV's OVR of the weapons lying there
    return is_overrun(position, vehicle.side, h) and may_overrun(position, vehicle)


def through_offers(position: Position) -> Iterator[act.Move]:
    """D7.1's "may": beside each move a vehicle of the phasing side has into or through a hex it would
    overrun, the same path ``as through``: entering without the OVR (nor its quarter MPA)."""
    from hexmate.rules.games.asl import armour, radioless
    from hexmate.rules.games.asl.moto import THROUGH

    for unit in sorted(position.units.values(), key=lambda u: u.id):
        if not armour.is_vehicle(unit) or unit.side != position.phasing or unit.hex is None \
                or radioless.barred(position, unit):  # D14.23: not before its NTC
            continue
        ovr_hexes = {u.hex for u in position.units.values() if u.side != unit.side and u.hex is not None
                     and overruns(position, unit, u.hex)}
        if not ovr_hexes:
            continue
        for move in armour.moves_for(position, unit).values():
            if not ovr_hexes.intersection(move.path[1:]):
                continue
            try:
                yield armour.check_move(position, act.Move(move.units, move.path, None, THROUGH))
            except IllegalAction:
                continue


def extra_mp(mpa: int) -> int:
    """D7.1: a quarter of the printed MP allowance (FRU), paid with the entry."""
    return vm.ovr_mp(mpa)


def unspent(position: Position, vid: str, h: Hex) -> State:
    """A12.41 with D7.1: into a Location of concealed units only, the OVR's MP are spent once their PAATC (or
    their reveal) is resolved. When the answer leaves no one there to overrun (a dummy stack revealed and
    removed, A12.14), the vehicle ``vid`` makes no OVR: its pending attack on ``h`` goes, and so do its MP
    from the move under way (they were counted with the hex's entry; impulse._unspent_ovr is the platoon's
    case). An OVR still due (real units left, "?" or not) stays as it was."""
    state = position.state
    vehicle = state.units.get(vid)
    pending = [d for d in state.decisions if d.then in (OVR, FT_PICK) and d.subject[:1] == (vid,)
               and d.target == h]
    if vehicle is None or not pending or overruns(position, vehicle, h):
        return state
    state = state.replace(decisions=tuple(d for d in state.decisions if d not in pending))
    moving = state.moving
    if moving is not None and moving.units[:1] == (vid,) and isinstance(moving.cost, int | Fraction):
        cost = max(Fraction(0), Fraction(moving.cost) - extra_mp(vehicle_of(vehicle.values).mp))
        state = state.replace(moving=dataclasses.replace(moving, cost=cost))
    return state


FT_PICK = "vovr_ft"  # D7.15: how the vehicle's FT takes part in the OVR
WITH_FT, FT_ONLY, NO_FT = "with_ft", "ft_only", "no_ft"


def usable_ft(vehicle: UnitState) -> int | None:
    """The FP of the vehicle's FT if it may take part in an OVR now (not disabled, A.11; not used this player
    turn, A22.3: vft's markers), else None."""
    vt = vehicle_of(vehicle.values)
    if vt.ft is None or vehicle.has("ft_disabled") or vehicle.has("ft_fired"):
        return None
    return vt.ft.fp


def declare(position: Position, vehicle: UnitState, h: Hex, ft: str | None = None) -> Decision:
    """The OVR's IFT DR, asked of the mover's owner (D7.1), with its FP: the vehicle's and the share of the
    infantry aboard (D7.11, mounted.ovr_share); their combat results after this do not change it (D7.11).
    A vehicle with a usable FT is first asked how it takes part (D7.15: ``FT_PICK``): added as it is, no
    TPBF nor halving (D7.11), or alone (then the target has no TEM, D7.15), or not at all."""
    if ft is None and usable_ft(vehicle) is not None:
        prompt = T("{unit} overruns {hex}: add its FT ({fp} FP, as it is), attack with the FT only (no TEM "
                   "for the target), or leave it out (D7.11, D7.15)", unit=vehicle.id, hex=position.label(h),
                   fp=usable_ft(vehicle))
        return Decision("confirm", vehicle.side, prompt, "D7.15", FT_PICK, choices=(WITH_FT, FT_ONLY, NO_FT),
                        subject=(vehicle.id,), target=h)
    vt = vehicle_of(vehicle.values)
    base = vt.ovr_fp(ma_working=not vehicle.has("ma_malf"), mg_working=False)
    working = sum(vmg.fp_of(vt, w) for w in ("bmg", "cmg", "aamg", "ma")  # D7.11: the working MGs, an MG MA
                  if not vehicle.has(f"{w}_malf") and not vehicle.has(f"{w}_removed"))
    base += Fraction(working * 3, 2)
    share, _ = mounted.ovr_share(vehicle, aboard(position, vehicle))
    if ft == WITH_FT:
        base += usable_ft(vehicle) or 0  # D7.11: the FT's FP as it is
    elif ft == FT_ONLY:
        base, share = Fraction(usable_ft(vehicle) or 0), Fraction(0)  # D7.15: the FT alone
    fp = base + share
    prompt = T(
        "{unit} overruns {hex} with {fp} FP: roll the IFT DR (D7.1)", unit=vehicle.id, hex=position.label(h),
        fp=fp,
    )
    part = ft if ft in (WITH_FT, FT_ONLY) else ""
    return Decision("roll", vehicle.side, prompt, "D7.1", OVR, dice="DR", subject=(vehicle.id,), target=h,
                    args=(("base", str(base)), ("fp", str(fp)), ("ft", part)))


def resume_ft(position: Position, decision: Decision, answer: act.Answer) -> State:
    """D7.15: the FT's part chosen: the OVR's IFT DR follows."""
    if answer.choice not in decision.choices:
        raise IllegalAction(T("answer one of {choices} (D7.15)", choices=", ".join(decision.choices)),
                            "D7.15")
    vehicle = position.state.units[decision.subject[0]]
    assert decision.target is not None
    return position.state.push(declare(position, vehicle, decision.target, answer.choice))


def resolve(position: Position, decision: Decision, answer: act.Answer) -> State:
    """Work out the OVR on the IFT and turn its result into the targets' checks (D7.11, D7.12, D7.15,
    D7.17); then the defender's Reaction Fire is due (D7.2, reaction.py)."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    h = decision.target
    vehicle = state.units[decision.subject[0]]
    roll = ASL_DR.from_values(answer.dice)
    fp = Fraction(decision.arg("fp", "0"))
    base = Fraction(decision.arg("base", str(fp)))
    lines: list[Line] = [Line(T("OVR FP"), str(base), "D7.11")]
    riding = aboard(position, vehicle)
    _, steps = mounted.ovr_share(vehicle, riding)
    if fp != base:
        lines += [Line(T("infantry aboard add"), said, rule) for said, rule in steps]
        lines.append(Line(T("OVR FP with the infantry aboard"), str(fp), "D7.11"))
        for unit in riding:  # D6.5: a unit that added FP to an OVR may not unload this phase
            if unit.type != "sw" and not unit.has("broken"):
                state = state.with_unit(state.units[unit.id].mark(OVR_FIRED))
    if vehicle.has("wreck") or not is_mobile(vehicle.markers):  # bogged too: immobile (D.7)
        fp /= 2
        lines.append(Line(T("immobilized or destroyed before the OVR: FP halved"), str(fp), "D7.11"))
    ft = decision.arg("ft", "")
    if ft:
        state = state.with_unit(state.units[vehicle.id].mark("ft_fired"))  # A22.3: its one use this turn
        said = T("the FT only: the target has no TEM") if ft == FT_ONLY else T("FT added as it is")
        lines.append(Line(said, str(usable_ft(vehicle) or 0), "D7.15" if ft == FT_ONLY else "D7.11"))
    tem = 0 if ft == FT_ONLY else asl_terrain.tem(position, h)  # D7.15: no TEM against the FT alone
    drm = tem
    if tem:
        said = T("target terrain ({terrain})", terrain=position.map.terrain(h))
        lines.append(Line(said, f"{tem:+d}", "D7.15"))
    elif position.map.terrain(h) == "open" and any(  # D7.15: at infantry; D.6: never at PRC aboard
            not _vehicle(position.units.get(u.carrier or "", u)) for u in targets(position, vehicle.side, h)):
        drm -= 1
        lines.append(Line(T("FFMO: an Overrun in open ground"), "-1", "D7.15"))
    lead = armorldr.leadership(vehicle, "ovr", withhold=True)  # D3.44 (D3.41: not while hidden, alhide.py)
    ma = vehicle_of(vehicle.values).ma
    if ft == FT_ONLY and (ma is None or ma.kind != "FT"):
        lead = 0  # A22.2: no leadership for a FT, but D3.44's for a FT that is the MA (vft.py)
    aboard_lead = _aboard_leader(position, vehicle, riding) if fp != base else None
    if aboard_lead is not None and (not lead or aboard_lead[1] < lead) and not vehicle.values.get(
            "inexperienced_crew"):  # D7.16: one of the two; D3.45: the 6+1 must be used
        lead = aboard_lead[1]
        lines.append(Line(T("leadership of {unit}, aboard", unit=aboard_lead[0]), f"{lead:+d}", "D7.16"))
    elif lead:
        lines.append(Line(T("Armor Leader"), f"{lead:+d}", "D3.44"))
    drm += lead
    on = iift.at(position, fp)  # A7.3, A7.37: the column on the table in use
    hit = targets(position, vehicle.side, h)
    column = "" if on is None else fpw.fmt(on)
    results: dict[str, str] = {}
    lines.append(Line(T("Original DR"), str(roll.total), "A.1"))
    # D.8: the vehicles first; the PRC of one this DR destroys or burns take no collateral attack
    state, asks = _at_vehicles(position, state, vehicle, h, roll.total, fp, tem + lead, lines, results)
    doomed = {tid for tid, got in results.items() if got in ("destroyed", "burning")}
    prc = _prc_groups(position, hit)
    aboard_ids = {u.id for units in prc.values() for u in units}
    ground = [u for u in hit if u.id not in aboard_ids and not u.concealed]
    hidden = [u for u in hit if u.id not in aboard_ids and u.concealed]  # A12.41, A7.23: Area Fire at a "?"
    groups: list[tuple[list[UnitState], int, list[Line], Fraction]] = [
        (ground, drm, [], fp), (hidden, drm, [], fp / 2)]
    for (vid, ce), units in sorted(prc.items()):
        if vid in doomed:
            lines.append(Line(T("IFT vs {group}", group=T("units aboard {vehicle}", vehicle=vid)),
                              T("{vehicle} is destroyed by the same DR on the {column} column: no collateral "
                                "attack", vehicle=vid, column=column or "-"), "D.8"))
            continue
        groups.append(_prc_group(position, h, state.units[vid], units, ce, tem, lead, roll.total, fp))
    outcomes: list[tuple[str, list[str]]] = []
    for group, group_drm, extra, group_fp in groups:
        if not group:
            continue
        final = roll.total + group_drm
        if group_fp != fp and not extra:
            lines.append(Line(T("concealed targets: Area Fire, FP halved"), str(group_fp), "A12.41"))
        got = iift.read(position, group_fp, final)  # A7.3, A7.37: the IFT, or the IIFT with the option
        result = got.result
        lines += extra
        lines.append(Line(got.label(), got.said(), got.rule))
        results.update({u.id: result for u in group})
        outcomes.append((result, [u.id for u in group]))
    state, crew_asks = _crews(position, state, vehicle, h, roll.total, fp, tem, lead, lines)
    if not hit and not asks and not crew_asks and not any(line.rule in ("A7.308", "D.8B") for line in lines):
        lines.append(Line(T("IFT"), T("nobody left to attack: no effect"), "D7.12"))
    from hexmate.rules.games.asl import ovrbreak  # D7.17, A9.71: the MA and MGs in it, or immobilized

    state, broke, pick = ovrbreak.after_ovr(state, state.units[vehicle.id], roll.total, ft)
    lines += broke
    result = outcomes[0][0] if outcomes else "-"
    summary = T("{unit} overruns {hex}: {result}", unit=vehicle.id, hex=position.label(h), result=result)
    res = Resolution(act.Fire((vehicle.id,), h, answer.dice), "ift", position.charts.label,
                     position.charts.demo, tuple(lines), results, summary)
    state = state.replace(resolution=res)
    game: Any = state.game  # AslState: the Reaction Fire now due (D7.2: right after the OVR)
    if hasattr(game, "ovr_react"):
        state = state.replace(game=game.replace(ovr_react=(vehicle.id, h)))
    decisions: list[Decision] = []
    for outcome, ids in outcomes:
        alive = [u for u in ids if u in state.units]  # A7.308: a burning vehicle's PRC are gone
        if alive:
            decisions += decisions_for(position.at(state), outcome, alive, column)
    from hexmate.rules.games.asl import swrandom  # A9.74: the weapons lying there, a tracked AFV's -1

    decisions, sw_lines = swrandom.after_ovr(position.at(state), vehicle, h, outcomes, column, decisions)
    if sw_lines:
        state = state.replace(resolution=dataclasses.replace(res, lines=res.lines + tuple(sw_lines)))
    # D.8: an Unlikely Kill dr (A7.309) is the vehicle's attack: it comes before the PRC's checks, which it
    # withdraws if it destroys the vehicle after all (unarmored.drop_pending)
    unlikely = [d for d in asks if d.then == "unlikely_kill"]
    return state.push(*unlikely, *decisions, *crew_asks, *(d for d in asks if d not in unlikely), *pick)


def _crews(position: Position, state: State, vehicle: UnitState, h: Hex, original: int, fp: Fraction,
           tem: int, lead: int, lines: list[Line]) -> tuple[State, list[Decision]]:
    """D7.12, D.8B: an enemy AFV in the overrun hex is no target, but its own CE crew is an exposed PRC: it
    takes the OVR as a General Collateral attack, as if its only target: the TEM but one for infantry only
    (A7.308), the +2 CE DRM in its place when larger (D5.31), +2 when the AFV is in Motion (D7.12), the OVR's
    leadership; a K or KIA recalls it, an MC is the crew's (vmgveh.crew_collateral: none when the crew is
    shocked or stunned, D.8)."""
    from hexmate.rules.games.asl import vmgveh

    on = iift.at(position, fp)  # A7.37: the IIFT's column with the option
    if on is None:
        return state, []
    asks: list[Decision] = []
    own = tem - (asl_terrain.infantry_only_tem(position, h) if tem else 0)
    for afv in crew_targets(position, vehicle.side, h):
        drm = max(own, vmg.CE_DRM) + (2 if afv.has("motion") else 0) + lead
        state, more, crew = vmgveh.crew_collateral(position, state, state.units[afv.id], on,
                                                    original, original + drm)
        if more and afv.has("motion"):
            lines.append(Line(T("the exposed PRC of a vehicle in Motion"), "+2", "D7.12"))
        lines += more
        asks += crew
    return state, asks


def _prc_groups(position: Position, hit: list[UnitState]) -> dict[tuple[str, int], list[UnitState]]:
    """D.8B: the targets aboard each vehicle, a General Collateral attack of their own, by vehicle and CE DRM:
    +2 for an armored halftrack's CE passengers (D5.31, D6.62), none for riders (D6.23) nor for a truck's
    passengers (always exposed, D6.7)."""
    out: dict[tuple[str, int], list[UnitState]] = {}
    for unit in hit:
        carrier = position.units.get(unit.carrier or "")
        if carrier is None or not _vehicle(carrier):
            continue
        ce = vmg.CE_DRM if mounted.role_of(position, unit, carrier) == mounted.HT_PASSENGER else 0
        out.setdefault((carrier.id, ce), []).append(unit)
    return out


def _prc_group(position: Position, h: Hex, carrier: UnitState, units: list[UnitState], ce: int, tem: int,
               lead: int, original: int, fp: Fraction) -> tuple[list[UnitState], int, list[Line], Fraction]:
    """D.8B: the OVR at the PRC of one vehicle as if they were its only target: the Location's TEM but a TEM
    for infantry only (A7.308), or the CE DRM in its place when larger (D5.31); no FFMO (D.6); +2 in Motion
    (D7.12); the OVR's leadership. Area Fire at PRC all concealed (A12.41)."""
    own = tem - (asl_terrain.infantry_only_tem(position, h) if tem else 0)
    said: list[Line] = []
    if ce:
        said.append(Line(T("CE units aboard {vehicle} (+2 CE DRM)", vehicle=carrier.id), f"{ce:+d}", "D5.31"))
        own = max(own, ce)
    if carrier.has("motion"):
        said.append(Line(T("the exposed PRC of a vehicle in Motion"), "+2", "D7.12"))
        own += 2
    drm = own + lead
    hidden = all(u.concealed for u in units)
    if hidden:
        fp = fp / 2
        said.append(Line(T("concealed targets: Area Fire, FP halved"), str(fp), "A12.41"))
    said.append(Line(T("units aboard {vehicle}", vehicle=carrier.id), T(
        "General Collateral attack on {units}: Final DR {final}, without a TEM for infantry only, FFNAM or "
        "FFMO", units=", ".join(u.id for u in units), final=original + drm), "D.8B"))
    return units, drm, said, fp


def _at_vehicles(position: Position, state: State, vehicle: UnitState, h: Hex, original: int, fp: Fraction,
                 drm: int, lines: list[Line], results: dict[str, str]) -> tuple[State, list[Decision]]:
    """D7.12: the OVR's DR read on the vehicle line for each enemy unarmored vehicle there (A7.308: no TEM
    that is for infantry only, no FFMO, which D7.15 gives against infantry and cavalry; +2 in Motion; no
    more of them than the column's largest KIA number); an Original 2 asks the Unlikely Kill dr (A7.309)."""
    from hexmate.rules.games.asl import unarmored

    trucks = vehicle_targets(position, vehicle.side, h)
    if not trucks:
        return state, []
    column = iift.vehicle_column(position, iift.at(position, fp))  # A7.308: a standard column's line
    if column is None:
        return state, []
    kill = unarmored.kill_number(position.charts.chart("ift_vehicle"), column)
    asks: list[Decision] = []
    for truck in trucks[:unarmored.most_vehicles(position.charts.chart("ift"), column)]:
        motion = 2 if truck.has("motion") else 0
        final = original + drm - asl_terrain.infantry_only_tem(position, h) + motion
        got = unarmored.result(final, kill)
        if motion:
            lines.append(Line(T("{vehicle} in Motion", vehicle=truck.id), "+2", "D7.12"))
        said = T("{vehicle}: Final DR {final}, Kill number {kill}: {result}", vehicle=truck.id, final=final,
                 kill=kill, result=unarmored.SAID[got])
        lines.append(Line(T("Vehicle line"), said, "A7.308"))
        results[truck.id] = got
        state, more = unarmored._apply(state, state.units[truck.id], got)
        asks += more
        if unarmored.needs_dr(original, got):
            asks.append(Decision("roll", vehicle.side, T(
                "{vehicle}: Original DR 2 on the vehicle line: roll the Unlikely Kill dr", vehicle=truck.id),
                "A7.309", "unlikely_kill", dice="dr", subject=(truck.id,), target=h, args=(("first", got),)))
    return state, asks


__all__ = [
    "BOUNDING",
    "FT_ONLY",
    "FT_PICK",
    "NAMED",
    "NO_FT",
    "OVR",
    "OVR_FIRED",
    "WITH_FT",
    "aboard",
    "check_named",
    "closed",
    "crew_targets",
    "declare",
    "extra_mp",
    "is_overrun",
    "may_overrun",
    "named_of",
    "overruns",
    "resolve",
    "resume_ft",
    "split",
    "targets",
    "through_offers",
    "unspent",
    "usable_ft",
    "vehicle_targets",
]
