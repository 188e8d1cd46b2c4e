"""ASL Close Combat Phase (A11): each Location holding both sides fights its close combat, one Location at a
time in the order the ATTACKER picks (A11.12), through the CC Table of the chart pack (A11.11).

What is worked out (paraphrasing the rules):

- odds: the attackers' FP against the attacked units' FP, rounded down to a column of the pack's CCT (A11.11);
  an SMC has 1 FP of its own in attack and defence (A11.14); a broken unit may not attack but defends with its
  full FP (A11.16); a pinned attacker's FP is halved (A7.8); FP attacking a concealed unit is halved (A11.19);
- one DR per attack: below the Kill Number every attacked unit is eliminated, equal to it one unit (Random
  Selection) is Casualty Reduced, above it no effect (A11.11); DRMs: the best Good Order leader attacking with
  others (A11.141), -2 against a broken unit (A11.16), +1 for a CX attacker and -1 against a CX unit (A4.51),
  the ambush -1/+1 (A11.4);
- simultaneity: both sides' attacks are rolled before any result is applied, so an eliminated unit still
  attacks (A11.1, A11.12), unless an ambush made it sequential, the ambusher first (A11.32);
- ambush: when infantry advanced into the Location this APh (not into a Melee), in woods or a building or with
  a concealed unit, each side rolls a dr with its drm; 3 or more below the other ambushes (A11.4);
- a side with concealed units says whether it attacks (they show what they are) or keeps its "?" (A11.15,
  A11.19); dummies are removed first (A11.19); overstacks add +1 to their attacks, -1 to attacks on them
  (A5.12, A5.131);
- Melee: infantry of both sides still there afterwards is in Melee (A11.15) and may not move, advance or rout;
  in a later CCPh each side may withdraw (a broken unit must): no attack, -2 (+1 per friend staying) against
  it, the survivors placed on an adjacent Location with no Known enemy, a broken one with none eliminated
  (A11.2, A11.21, A11.16);
- at the end of the Player Turn the ATTACKER's units may gain concealment (``concealment.py``, A12.122);
- Infiltration (A11.22): after an Original CC DR of 2 the attacking infantry, after one of 12 the attacked
  infantry not eliminated, may leave at once, unattacked, and is placed like a withdrawal (A11.21);
- SW loss (A11.13): a unit's SW is left unpossessed in the Location when the unit is eliminated; if the CC DR
  that eliminated it had a coloured 1, the attacker rolls a dr for each, at most the attack's black Kill
  Number eliminating it: a HS or crew eliminated by the Casualty Reduction of such a DR included (it too is
  eliminated by the CC), and a SMC the wound severity dr that follows kills (A17.11).

Who attacks whom is designated per side (A11.12, A11.14: ``ccgroups.py``), and each designated attack is
rolled and worked out on its own (``roll_attack``, ``resume``); ambush withdrawal (A11.41) is
``ambushwd.py``, capture (A20.22, A20.221) ``capture.py``. Hand-to-Hand, where a nationality allows it
(A25.43), is ``hth.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.dice import ASL_DR
from hexmate.rules.games.asl import (
    ambushwd,
    ccgroups,
    ccleader,
    ccpax,
    ccstreet,
    mounted,
    nations,
    recnow,
    vmgbreak,
)
from hexmate.rules.games.asl import capture as asl_capture
from hexmate.rules.games.asl import concealment as asl_concealment
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl import hth as asl_hth
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import prisoners as asl_prisoners
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

SMC = ("leader", "hero")
CMG_MALF = "cmg_malf"
AAMG_MALF = "aamg_malf"  # D3.7: an AAMG that fired in the attack with an Original 12 malfunctions too
AMBUSH_TERRAIN = frozenset({"woods", "wooden-building", "stone-building"})  # A11.4: woods or building hex


def _vehicle(unit: UnitState) -> bool:
    from hexmate.rules.games.asl import armour

    return armour.is_vehicle(unit)


def _personnel(unit: UnitState) -> bool:
    """Units that fight in CC: not vehicles (A11.5 has them), not SW or Guns (A11.13), not dummies."""
    return not _vehicle(unit) and not au.is_sw(unit) and not unit.has("prisoner")  # A20.54: CC spares them


def _fights(unit: UnitState) -> bool:
    """A unit that makes a CC happen in its Location: personnel not aboard a vehicle (those share its fate,
    A11.5, D6), or a vehicle able to attack or be attacked (A11.31, A11.5, A11.62)."""
    if _vehicle(unit):
        return unit.carrier is None and not any(unit.has(m) for m in ("wreck", "abandoned"))
    return _personnel(unit) and unit.carrier is None


def fights(position: Position) -> dict[Hex, list[int]]:
    """The Locations holding personnel of both sides: hex -> its levels that do (A11.1, A2.8: a CC is fought
    per Location, so units on different levels of one building hex are not in the same CC)."""
    sides: dict[tuple[Hex, int], set[str]] = {}
    for unit in position.units.values():
        if unit.hex is not None and _fights(unit):
            sides.setdefault((unit.hex, unit.level), set()).add(unit.side)
    out: dict[Hex, list[int]] = {}
    for (h, level), s in sorted(sides.items(), key=lambda kv: kv[0][1]):
        if len(s) > 1:
            out.setdefault(h, []).append(level)
    return out


def locations(position: Position) -> list[Hex]:
    """The hexes with a Location holding personnel of both sides (A11.1), by label; where a vehicle is there
    too the CC is sequential (A11.31, ``ccgroups.sequential``). An attack on a vehicle is declared as a fire
    in the CCPh (A11.5, ``vfire.py``)."""
    return sorted(fights(position), key=position.label)


def here(position: Position, h: Hex) -> list[UnitState]:
    """The units in the Location whose CC is being fought at ``h``: those on its level (A2.8); at any other
    hex, every unit there."""
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    units = position.units_at(h)
    if not isinstance(gs, AslState) or gs.cc_hex != h:
        return units
    return [u for u in units if u.level == gs.cc_level]


def vehicle_locations(position: Position) -> list[Hex]:
    """Locations where a vehicle is with an enemy: the players declare each CC attack there (A11.5)."""
    out = []
    for h in {u.hex for u in position.units.values() if u.hex is not None and _vehicle(u)}:
        units = position.units_at(h)
        if any(_vehicle(v) and any(u.side != v.side for u in units) for v in units):
            out.append(h)
    return sorted(out, key=position.label)


def _overstack(position: Position, h: Hex, side: str) -> int:
    """Squad-equivalents of ``side`` over the stacking limit in the Location, rounded up (A5.1, A5.5)."""
    from hexmate.rules.games.asl.game import overstack_mf

    # A20.51: prisoners count for no one's overstacking
    return overstack_mf([u for u in here(position, h) if u.side == side and not u.has("prisoner")])


def _name(unit: UnitState) -> str:
    """A unit as a sentence may name it: a concealed one is only '?' (A12.1: its identity is hidden)."""
    return "?" if unit.concealed else unit.id


def cc_fp(unit: UnitState) -> int:
    """A unit's own CC FP: an SMC's inherent 1 (A11.14), an unarmed unit's (1) (A20.5), else its printed FP
    (a broken unit's too, A11.16)."""
    if unit.type in SMC or au.is_unarmed(unit):
        return 1
    return int(unit.values.get("fp", 0) or 0)


def attackers(position: Position, h: Hex, side: str) -> list[UnitState]:
    """Who of ``side`` may attack in this Location: not broken (A11.16), not withdrawing (A11.2), not on a
    bicycle (D15.6); a SW is not used in CC (A11.13)."""
    away = (*withdrawing(position), *infiltrating(position), *declined(position))
    return [
        u
        for u in here(position, h)
        if u.side == side and not u.has("broken") and u.id not in away and _personnel(u)
        and not u.has("bicycle")  # D15.6 (D15.8): a bicycle rider never attacks in CC (bicycle.py)
        and not mounted.bu_passenger(position, u)  # D6.61: a BU halftrack passenger makes no CC attack
    ]


def withdrawing(position: Position) -> tuple[str, ...]:
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    return gs.cc_withdraw if isinstance(gs, AslState) else ()


def declined(position: Position) -> tuple[str, ...]:
    """The concealed units that keep their "?" rather than attack in the CC being fought (A11.19, A11.15)."""
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    return gs.cc_declined if isinstance(gs, AslState) else ()


def infiltrating(position: Position) -> tuple[str, ...]:
    """Units leaving the CC after an Original CC DR of 2 or 12 (A11.22): they make no further attack and are
    not attacked."""
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    return gs.cc_infiltrate if isinstance(gs, AslState) else ()


def odds(attack: Fraction, defence: Fraction) -> Fraction:
    return attack / defence if defence else Fraction(99)


def odds_column(keys: Sequence[object], ratio: Fraction) -> str:
    """A11.11: the printed column at or just below the odds (7:4 -> 3:2, 11:2 -> 4:1, 4:15 -> 1:4); "" if the
    odds are below every column of the pack (no kill possible)."""
    best: tuple[Fraction, str] | None = None
    for key in keys:
        a, d = str(key).split(":")
        value = Fraction(int(a), int(d))
        if value <= ratio and (best is None or value > best[0]):
            best = (value, str(key))
    return best[1] if best else ""


def _odds_text(attack: Fraction, defence: Fraction) -> str:
    def num(x: Fraction) -> str:
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"

    return f"{num(attack)}:{num(defence)}"


def leader_drm(units: Sequence[UnitState], position: Position | None = None, *,
               forced: bool = False) -> tuple[int, str] | None:
    """A11.141: the best Good Order, unpinned leader attacking with others directs it (not when alone, nor
    with a berserk unit among them); one aboard a halftrack as D6.65 allows (``position`` given)."""
    leaders = [u for u in units if u.type == "leader" and not u.has("pinned")
               and (position is None or mounted.may_direct_cc(position, u, units))]
    if not leaders or len(leaders) == len(units) or any(u.has("berserk") for u in units):
        return None
    others = [u for u in units if u.type != "leader"]  # A25.24: never across partisans and the others
    leaders = [u for u in leaders if all(nations.leads(u, o) for o in others)]
    if not leaders:
        return None
    best = min(leaders, key=lambda u: (au.leadership_of(u), u.id))  # A17.2: a wound worsens it
    if au.leadership_of(best) > 0 and not forced:
        return None  # A10.72: an attacker need not use a leader's +1 (the ambush dr must: ``forced``)
    return au.leadership_of(best), best.id


def _targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The enemy units a CC attack at ``h`` attacks: not its vehicles (A11.1), nor its SW (A11.13)."""
    gone = infiltrating(position)
    return [u for u in here(position, h) if u.side != side and _personnel(u) and u.id not in gone]


def defence_ccv(unit: UnitState, stack: Iterable[UnitState] = ()) -> int:
    """A11.62: what a unit attacked by a vehicle defends with: its CCV (A11.5: squad 5, crew 4, HS 3, SMC 2;
    -1 under the Inexperienced restrictions among ``stack``, A19.34, A19.3; -1 pinned), never below 1."""
    from hexmate.rules.games.asl import ordnance as od

    kind = unit.type if unit.type in od.CCV else "leader" if unit.type in SMC else "squad"
    value = od.ccv(kind, inexperienced=au.restricted(unit, stack),
                   halvings=1 if unit.has("pinned") else 0)
    return max(1, value)


def _aamg(vehicle: UnitState) -> int:
    from hexmate.rules.games.asl.armour import vtype

    return vtype(vehicle).aamg


def _vehicle_strengths(vehicle: UnitState, targets: list[UnitState]) -> tuple[Fraction, Fraction, list[Line]]:
    """A11.62: an AFV attacks infantry with its CMG and, if CE, its AAMG, against the targets' CCV; halved
    in Motion, halved against a concealed unit; its FP never increases."""
    from hexmate.rules.games.asl.armour import vtype

    vt = vtype(vehicle)
    working = not any(vehicle.has(m) for m in ("shocked", "stunned", "mg_malf"))
    cmg = 0 if vehicle.has(CMG_MALF) else vt.cmg  # A9.7: a malfunctioned CMG adds nothing
    aamg = vt.aamg if vehicle.has("ce") and not vehicle.has(AAMG_MALF) else 0  # D3.7: none once malfunctioned
    lone_ce = vehicle.has("tc_smc") and vehicle.has("ce")  # A21.22: a lone CE SMC crew attacks by AAMG only
    fp = Fraction((aamg if lone_ce else cmg + aamg) if working else 0)
    lines = [Line(T("{unit}: CMG and AAMG if CE", unit=vehicle.id), T("{fp} FP", fp=str(fp)), "A11.62")]
    if lone_ce:
        lines.append(Line(T("a lone SMC crew, CE: its AAMG only"), str(fp), "A21.22"))
    if vehicle.has("motion"):
        fp /= 2
        lines.append(Line(T("{unit} in Motion", unit=vehicle.id), T("{fp} FP, halved", fp=str(fp)), "A11.62"))
    if any(u.concealed for u in targets):
        fp /= 2
        lines.append(Line(T("attacking a concealed unit"), T("FP halved"), "A11.19"))
    defence = Fraction(sum(defence_ccv(u, targets) for u in targets))  # A19.3: their Location
    lines.append(Line(T("the targets' CCV"), str(defence), "A11.62"))
    return fp, defence, lines


def strengths(
    position: Position, h: Hex, side: str, group: tuple[list[UnitState], list[UnitState]] | None = None
) -> tuple[Fraction, Fraction, list[Line]]:
    """The attack FP of ``group`` (its attackers, its targets; by default the side's all against all) and the
    FP it attacks at ``h``, with the lines saying why (A11.11, A7.8, A11.19, A20.52); a vehicle's attack is
    A11.62's."""
    attacking, targets = group or (attackers(position, h, side), _targets(position, h, side))
    if attacking and _vehicle(attacking[0]):
        return _vehicle_strengths(attacking[0], targets)
    lines: list[Line] = []
    attack = Fraction(0)
    for unit in attacking:
        fp = Fraction(cc_fp(unit))
        if unit.has("pinned"):
            fp /= 2
            lines.append(Line(T("{unit} pinned", unit=_name(unit)), T("{fp} FP, halved", fp=str(fp)), "A7.8"))
        if asl_prisoners.overloaded(position, unit):  # A20.52: a guard of more US# than his own
            fp /= 2
            lines.append(Line(T("{unit} guards more prisoners than its own size", unit=_name(unit)),
                              T("{fp} FP, halved", fp=str(fp)), "A20.52"))
        attack += fp
    if any(u.concealed for u in targets):
        attack /= 2
        lines.append(Line(T("attacking a concealed unit"), T("FP halved"), "A11.19"))
    return attack, Fraction(sum(cc_fp(u) for u in targets)), lines


def black_kill_number(
    position: Position, h: Hex, side: str, group: tuple[list[UnitState], list[UnitState]] | None = None
) -> int:
    """The black Kill Number of the side's attack at ``h`` (the CCT's ordinary numbers, A11.11, A11.13)."""
    attack, defence, _ = strengths(position, h, side, group)
    chart = position.charts.chart("cct")
    column = odds_column(chart.axis("odds").keys, odds(attack, defence))
    return int(chart.lookup(odds=column)) if column else 0


def work(
    position: Position, h: Hex, side: str, dice: tuple[int, ...], ambusher: str = "", hth: bool = False,
    capture: bool = False, group: tuple[list[UnitState], list[UnitState]] | None = None,
) -> tuple[Resolution, dict[str, str]]:
    """One attack worked out: (resolution, unit id -> result). ``group``: its attackers and targets (A11.12;
    by default all the side's able units against every enemy unit in the Location); ``hth``: the Close
    Combat is Hand-to-Hand (A25.43)."""
    roll = ASL_DR.from_values(dice)
    attacking, targets = group or (attackers(position, h, side), _targets(position, h, side))
    attack, defence, lines = strengths(position, h, side, (attacking, targets))
    ratio = odds(attack, defence)
    chart = position.charts.chart(asl_hth.CHART if hth else "cct")
    column = odds_column(chart.axis("odds").keys, ratio)
    kill = int(chart.lookup(odds=column)) if column else 0
    lines.append(
        Line(
            T("odds"),
            T(
                "{ratio}, rounded down to {col}",
                ratio=_odds_text(attack, defence),
                col=column or T("below every column"),
            ),
            "A11.11",
        )
    )
    lines.append(Line(T("Kill Number"), str(kill), "A11.11"))
    common = 0
    if hth:
        drm, hth_lines = asl_hth.kill_number_lines(position, attacking, side)
        common += drm
        lines.extend(hth_lines)
    led = leader_drm(attacking, position)  # D6.65: a leader aboard directs as the text allows
    heroic = [u for u in attacking if u.type == "leader" and au.is_hero(u)]
    if led is not None and led[0] >= 0 and any(u.id == led[1] for u in heroic):
        led = None  # A15.21: a heroic leader gives his hero -1 or his leadership, never both: the better one
    if led is not None:
        common += led[0]
        lines.append(Line(T("leadership ({leader})", leader=led[1]), f"{led[0]:+d}", "A11.141"))
    if attacking and _vehicle(attacking[0]):  # an AFV's own CC DR (A11.62)
        from hexmate.rules.games.asl import armorldr

        # D3.44: its Armor Leader (D3.45: a 6+1's +1); D3.41: not while hidden (alhide.py)
        lead = armorldr.leadership(attacking[0], "cc", withhold=True)
        if lead:
            common += lead
            lines.append(Line(T("Armor Leader"), f"{lead:+d}", "D3.44"))
        if attacking[0].has("plus1"):  # D5.34: the "+1" of an earlier stun or Recall
            common += 1
            lines.append(Line(T("recalled or stunned before"), "+1", "D5.34"))
    for hero in (u for u in attacking if au.is_hero(u) and (led is None or u.id != led[1])):  # A15.24, A15.21
        common -= 1
        lines.append(Line(T("hero ({unit})", unit=_name(hero)), "-1", "A15.24"))
    over = _overstack(position, h, side)
    if over:  # A5.12: attacking from a friendly overstack
        common += over
        lines.append(Line(T("attacking from an overstack"), f"+{over}", "A5.12"))
    under = _overstack(position, h, position.enemy_of(side))
    if under:  # A5.131: attacked in a friendly overstack
        common -= under
        lines.append(Line(T("attacking an overstack"), f"-{under}", "A5.131"))
    if any(u.has("cx") for u in attacking):
        common += 1
        lines.append(Line(T("CX attacker"), "+1", "A4.51"))
    if any(u.has("ti") for u in attacking):  # A4.8: +1 once, however many TI attackers
        common += 1
        lines.append(Line(T("TI attacker"), "+1", "A4.8"))
    if any(ccpax.passenger(position, u) for u in attacking):  # A11.52: passengers attacking
        common += 2
        lines.append(Line(T("passengers attacking"), "+2", "A11.52"))
    if ambusher:
        amb = -1 if ambusher == side else 1
        common += amb
        lines.append(Line(T("ambush"), f"{amb:+d}", "A11.4"))
    lines.append(Line(T("Original DR"), str(roll.total), "A.1"))
    results: dict[str, str] = {}
    for unit in targets:
        drm = common - (2 if unit.has("broken") else 0) - (1 if unit.has("cx") else 0)
        if unit.id in withdrawing(position):  # A11.2: -2, +1 per friendly unit in the Melee not withdrawing
            stay = sum(
                1 for u in here(position, h)
                if u.side == unit.side and _personnel(u) and u.id not in withdrawing(position)
            )
            drm += stay - 2
            lines.append(Line(T("{unit} withdrawing", unit=_name(unit)), f"{stay - 2:+d}", "A11.2"))
        if unit.has("broken"):
            lines.append(Line(T("{unit} is broken", unit=_name(unit)), "-2", "A11.16"))
        if unit.has("cx"):
            lines.append(Line(T("{unit} is CX", unit=_name(unit)), "-1", "A4.51"))
        if unit.has("ti"):  # A4.8: -1 on the attack against a TI unit only
            drm -= 1
            lines.append(Line(T("{unit} is TI", unit=_name(unit)), "-1", "A4.8"))
        if ccpax.passenger(position, unit):  # A11.52: a capture attempt on passengers
            drm -= 2
            lines.append(Line(T("{unit} is a passenger", unit=_name(unit)), "-2", "A11.52"))
        if ccstreet.reply_drm(position, attacking, unit):  # A11.8: an AFV's attack on a street fighter
            drm += 1
            lines.append(Line(T("Street Fighting ambush"), "+1", "A11.8"))
        cap = 0
        if capture:  # A20.22: +1 to capture, -1 against Inexperienced units (A19.35, A19.3), 0 (A25.63)
            cap = am.capture_drm(unit, restricted=au.restricted_in(position, unit),
                                 nationality=asl_prisoners._nationality(position, unit))
            drm += cap
            lines.append(Line(T("capture attempt on {unit}", unit=_name(unit)), f"{cap:+d}",
                              "A25.63" if cap == 0 else "A19.35" if cap < 0 else "A20.22"))
        early = nations.early_war_cc_drm(position, unit)
        if early and cap >= 0:  # A25.212 (SSR): -1 against a 4-2-6/2-2-6, not added to the capture -1
            drm += early
            lines.append(Line(T("{unit}: Early War Russian Doctrine", unit=_name(unit)), f"{early:+d}",
                              "A25.212"))
        final = roll.total + drm
        results[unit.id] = "KIA" if final < kill else "CR" if final == kill else "-"
        if capture and results[unit.id] != "-":  # A20.22: captured instead; at the Kill Number, one unit
            results[unit.id] = "CAP" if results[unit.id] == "KIA" else "CAP1"
        lines.append(
            Line(
                T("Final DR against {unit}", unit=_name(unit)),
                T("{final}: {result}", final=str(final), result=results[unit.id]),
                "A11.11",
            )
        )
    summary = T(
        "close combat by {side} at {hex}: {odds}",
        side=side,
        hex=position.label(h),
        odds=_odds_text(attack, defence),
    )
    hidden = {u.id: u.side for u in targets if u.concealed}
    action = act.Fire(tuple(u.id for u in attacking), h, dice)
    res = Resolution(
        action, "cct", position.charts.label, position.charts.demo, tuple(lines), results, summary, hidden
    )
    return res, results


def ambush_drm(position: Position, h: Hex, side: str) -> tuple[int, list[Line]]:
    """A11.4: the side's ambush drm. Each condition applies once when any unit of the side meets it (the
    text: a drm applies though only some units qualify; "each" in the CX/Lax/broken/pinned/berserk row is
    each of those conditions), except the BU or stunned AFV row, which counts every such AFV."""
    units = [u for u in here(position, h) if u.side == side]
    drm = 0
    lines: list[Line] = []
    for marker in ("cx", "pinned", "broken", "berserk", "lax"):
        n = sum(1 for u in units if u.has(marker)
                or (marker == "lax" and (nations.lax(position, u)  # A19.36, A19.3, A25.64: Lax
                                         or u.has("berserk")  # A15.432: berserk is always Lax in CC
                                         or u.has("hw_turn")  # A25.23: so is a HW unit
                                         or u.has("cw_turn"))))  # A13.62: and a Cavalry Wave's
        if n:  # once for the condition, however many units meet it
            drm += 1
            lines.append(Line(T("{state} (any of the side's units)", state=marker), "+1", "A11.4"))
    vehicles = [u for u in units if _vehicle(u)]
    if vehicles:  # A11.4: a side with a vehicle in the Location
        drm += 2
        lines.append(Line(T("a vehicle"), "+2", "A11.4"))
    from hexmate.rules.games.asl.armour import vtype

    bu = sum(1 for v in vehicles if vtype(v).armored and not v.has("ce") and not v.has("wreck"))
    if bu:  # A11.4: +1 for each BU AFV
        drm += bu
        lines.append(Line(T("{n} BU AFV(s)", n=str(bu)), f"+{bu}", "A11.4"))
    # A11.17: heroes are stealthy unless Lax; never a Green or Conscript unit (A19.2)
    if any(au.stealthy(u, units, nations.of(position, u)) for u in units):
        drm -= 1
        lines.append(Line(T("stealthy"), "-1", "A11.17"))
    if any(u.concealed for u in units):
        drm -= 2
        lines.append(Line(T("a concealed unit"), "-2", "A11.4"))
    led = leader_drm([u for u in units if not u.has("broken")], forced=True)  # A10.72: even a +1
    if led is not None and led[0]:
        drm += led[0]
        lines.append(Line(T("leadership ({leader})", leader=led[1]), f"{led[0]:+d}", "A11.4"))
    return drm, lines


def ambush_possible(game: AslGame, position: Position, h: Hex) -> bool:
    """A11.4: infantry advanced into CC this APh (not into a Melee), in a woods or building hex, or with a
    concealed unit on either side."""
    gs = game.gstate(position.state)
    if h not in gs.cc_entered or any(u.has("melee") for u in here(position, h)):
        return False
    return position.map.terrain(h) in AMBUSH_TERRAIN or any(u.concealed for u in here(position, h))


# --- the flow: decisions and continuations ---
def next_location(game: AslGame, position: Position) -> State:
    """The next Location to fight: the ATTACKER picks when there are several (A11.12)."""
    gs = game.gstate(position.state)
    left = [h for h in locations(position) if h not in gs.cc_done]
    if not left:
        if gs.conceal_done or vehicle_locations(position):
            return position.state  # with a vehicle to fight, the players end the phase (A11.5)
        # A12.122: the Player Turn ends: the ATTACKER's units may gain concealment
        state = position.state.replace(game=gs.replace(conceal_done=True))
        return asl_concealment.end_of_turn(game, position.at(state))
    if len(left) == 1:
        return start_location(game, position, left[0])
    return position.state.push(
        Decision(
            "hexes",
            position.phasing,
            T("pick the Location whose Close Combat is fought next"),
            "A11.12",
            "cc_location",
            hexes=tuple(left),
        )
    )


def start_location(game: AslGame, position: Position, h: Hex) -> State:
    """The CC of the hex ``h``: each of its Locations holding both sides in turn, lowest level first
    (A2.8)."""
    state = position.state
    gs = game.gstate(state)
    levels = [lv for lv in fights(position).get(h, [0]) if lv not in gs.cc_levels_done] or [0]
    state = state.replace(game=gs.replace(cc_hex=h, cc_level=levels[0]))
    position = position.at(state)
    for unit in here(position, h):  # A11.19: dummies are removed before any CC declaration
        if unit.type == "dummy":
            state = state.without_unit(unit.id)
    if len({u.side for u in here(position.at(state), h) if _fights(u)}) < 2:
        return _location_done(game, position.at(state), h)
    position = position.at(state)
    gs = game.gstate(state)
    state = state.replace(
        game=gs.replace(cc_hex=h, cc_ambusher="", cc_pending=(), cc_declined=(), cc_withdraw=(), cc_hth=False,
                        cc_rolls=(), cc_hth_asked=False, cc_infiltrate=(), cc_ambush_asked=False)
    )
    if any(u.has("melee") for u in here(position, h)):
        return withdrawals(game, position.at(state))
    if ambush_possible(game, position.at(state), h):
        return state.push(_ambush_roll(position, h, position.phasing, ""))
    return declarations(game, position.at(state))


def _may_withdraw(unit: UnitState) -> bool:
    """A11.2: unpinned infantry in Melee; a berserk or disrupted unit never withdraws."""
    return unit.has("melee") and not any(unit.has(m) for m in ("pinned", "berserk", "disrupted"))


def withdrawals(game: AslGame, position: Position) -> State:
    """A11.2: before any attack is declared, the units in a Melee may try to withdraw, the ATTACKER's side
    first; a broken unit in Melee must (A11.16). A side answers for all its Good Order units there."""
    state = position.state
    gs = game.gstate(state)
    h = gs.cc_hex
    assert h is not None
    # A11.16: a broken unit must try, unless it guards prisoners (or is disrupted: _may_withdraw)
    must = tuple(u.id for u in here(position, h) if u.has("broken") and _may_withdraw(u)
                 and not asl_prisoners.prisoners_of(position, u.id))
    state = state.replace(game=gs.replace(cc_withdraw=must))
    asks = [
        Decision(  # A11.2: "withdraw" takes all the side may withdraw; "answer units X" names those that do
            "units",
            side,
            T(
                "{side}: withdraw your units from the Melee at {hex}, or stay",
                side=side,
                hex=position.label(h),
            ),
            "A11.2",
            "cc_withdraw",
            units=tuple(u.id for u in here(position, h) if u.side == side and not u.has("broken")
                        and _may_withdraw(u)),
            choices=("withdraw", "stay"),
            count=0,
            target=h,
        )
        for side in (position.phasing, position.enemy_of(position.phasing))
        if any(u.side == side and not u.has("broken") and _may_withdraw(u) for u in here(position, h))
    ]
    if asks:
        return state.push(*asks)
    return declarations(game, position.at(state))


def resume_withdraw(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    gs = game.gstate(state)
    h = gs.cc_hex
    assert h is not None
    if answer.choice == "withdraw" or answer.units:
        ids = [u.id for u in here(position, h) if u.side == decision.side and _may_withdraw(u)
               and (answer.choice == "withdraw" or u.id in answer.units)]
        state = state.replace(game=gs.replace(cc_withdraw=tuple(sorted({*gs.cc_withdraw, *ids}))))
    if any(d.then == "cc_withdraw" for d in state.decisions):
        return state
    return declarations(game, position.at(state))


def withdraw_to(position: Position, units: list[UnitState]) -> tuple[Hex, ...]:
    """A11.21: a Location the units could advance into, with no Known enemy unit in it."""
    from hexmate.rules.games.asl import terrain as asl_terrain

    start = units[0].hex
    assert start is not None
    cost = asl_terrain.infantry_cost_fn(position)
    return tuple(
        n
        for n in position.map.neighbors(start)
        if cost(position.map, start, n) is not None
        and not any(u.side != units[0].side and not u.concealed for u in position.units_at(n))
    )


def resume_withdraw_to(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The withdrawing survivors leave; into a concealed real enemy they are eliminated and one of those
    enemies loses its "?" (A11.21)."""
    state = position.state
    to = answer.hexes[0]
    hidden = [
        u for u in position.units_at(to) if u.side != decision.side and u.concealed and u.type != "dummy"
    ]
    if hidden:  # A4.44 after it: one of them Known at once bars a recovery there
        state = state.with_unit(hidden[0].revealed())
    for uid in decision.subject:
        if uid not in state.units:
            continue
        if hidden:  # with what it carried (A11.21): its SW left there (A4.43)
            state = recnow.remove(position, state, state.units[uid].at(to))
        else:
            state = state.with_unit(state.units[uid].at(to).mark(remove=("melee",)))
    if any(d.then == "cc_withdraw_to" for d in state.decisions):
        return state
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(cc_withdraw=(), cc_infiltrate=()))
    return finish_location(game, position.at(state))


def _ambush_roll(position: Position, h: Hex, side: str, first: str) -> Decision:
    return Decision(
        "roll",
        side,
        T("{side} rolls the ambush dr at {hex}", side=side, hex=position.label(h)),
        "A11.4",
        "cc_ambush",
        dice="dr",
        target=h,
        args=(("first", first),),
    )


def resume_ambush(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    h = decision.target
    assert h is not None and answer.dice is not None
    final = answer.dice[-1] + ambush_drm(position, h, decision.side)[0]
    if not decision.arg("first"):
        other = position.enemy_of(decision.side)
        return position.state.push(_ambush_roll(position, h, other, str(final)))
    first = int(decision.arg("first"))
    phasing = position.phasing
    ambusher = phasing if first <= final - 3 else decision.side if final <= first - 3 else ""
    state = position.state
    lines = [
        Line(T("ambush dr ({side})", side=phasing), str(first), "A11.4"),
        Line(T("ambush dr ({side})", side=decision.side), str(final), "A11.4"),
        Line(T("ambush"), ambusher or T("none"), "A11.4"),
    ]
    state = state.replace(
        resolution=Resolution(
            act.Fire((), h, ()),
            "ambush",
            "",
            False,
            tuple(lines),
            {},
            T("ambush at {hex}: {who}", hex=position.label(h), who=ambusher or T("none")),
        )
    )
    if ambusher:  # A11.4: every ambushed unit loses "?"
        for unit in here(position, h):
            if unit.side != ambusher:
                state = state.with_unit(unit.revealed())
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(cc_ambusher=ambusher))
    leave = ambushwd.ask(game, position.at(state), after=False)  # A11.41: withdraw before the attacks?
    if leave is not None:
        return state.push(leave)
    return declarations(game, position.at(state))


def declarations(game: AslGame, position: Position) -> State:
    """A11.19: before either side designates an attack, each side names which of its concealed units able to
    attack do so (they show what they are); the others keep their "?" and make no attack (A11.15). The
    choice is per unit: "attack" takes them all, "decline" none. An ambusher attacks. Before that, a side
    whose nationality fights Hand-to-Hand may choose it (A25.43)."""
    offered = asl_hth.offer(game, position)
    if offered is not None:
        return offered
    state = position.state
    gs = game.gstate(state)
    h = gs.cc_hex
    assert h is not None
    asks = []
    for side in order(game, position):
        hidden = [u.id for u in attackers(position, h, side) if u.concealed]
        if side == gs.cc_ambusher or not hidden:
            continue
        asks.append(
            Decision(
                "units",
                side,
                T(
                    "{side}: name your concealed units that attack in CC at {hex} (they show what they are); "
                    "the others keep their concealment and make no attack (attack: all, decline: none)",
                    side=side,
                    hex=position.label(h),
                ),
                "A11.19",
                "cc_declare",
                units=tuple(sorted(hidden)),
                choices=("attack", "decline"),
                count=0,
                target=h,
            )
        )
    if asks:
        return state.push(*asks)
    return ccgroups.begin(game, position)


def resume_declare(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.19: the units named (all for "attack", none for "decline") show what they are; the other concealed
    units of the side keep their "?" and do not attack in this CC."""
    state = position.state
    gs = game.gstate(state)
    h = decision.target
    assert h is not None
    hidden = [uid for uid in decision.units if uid in state.units]
    attacking = set(hidden) if answer.choice == "attack" else set() if answer.choice == "decline" else set(
        answer.units)
    for uid in hidden:
        if uid in attacking:
            state = state.with_unit(state.units[uid].revealed())
    keep = tuple(uid for uid in hidden if uid not in attacking)
    state = state.replace(game=gs.replace(cc_declined=(*gs.cc_declined, *keep)))
    if any(d.then == "cc_declare" for d in state.decisions):
        return state
    return ccgroups.begin(game, position.at(state))


def order(game: AslGame, position: Position) -> tuple[str, str]:
    """The phasing side attacks first (A11.12); an ambusher makes all its attacks first (A11.32)."""
    amb = game.gstate(position.state).cc_ambusher
    first = amb or position.phasing
    return first, position.enemy_of(first)


def group_units(position: Position, index: int) -> tuple[str, list[UnitState], list[UnitState]]:
    """The designated attack ``index`` (A11.12): its side, and its attackers and targets still in the CC
    (infiltrating units neither attack nor are attacked any more, A11.22)."""
    from hexmate.rules.games.asl.game import AslState

    gs = position.state.game
    assert isinstance(gs, AslState)
    side, own, theirs = gs.cc_groups[index]
    gone = set(infiltrating(position))
    units = position.units
    return (side, [units[u] for u in own if u in units and u not in gone],
            [units[u] for u in theirs if u in units and u not in gone])


def roll_attack(game: AslGame, position: Position, index: int) -> State:
    """The CC DR of the designated attack ``index`` (A11.11)."""
    state = position.state
    gs = game.gstate(state)
    h = gs.cc_hex
    assert h is not None
    side, group, targets = group_units(position, index)
    if not group or not targets:  # its units have left the CC (A11.22): nothing to roll
        state = state.replace(game=gs.replace(cc_rolled=index + 1))
        return ccgroups.proceed(game, position.at(state))
    if side != gs.cc_ambusher:  # A11.19: a concealed unit that attacks in CC reveals itself
        for unit in group:
            state = state.with_unit(unit.revealed())
        position = position.at(state)
        group = [position.units[u.id] for u in group]
    if ccpax.forced(position, targets):  # A11.52: passengers are attacked only to capture them
        return state.push(Decision(
            "roll", side,
            T("{side} tries to capture the passengers {targets} at {hex} with {units}: roll the CC DR "
              "(A11.52)", side=side, targets=", ".join(_name(u) for u in targets),
              units=", ".join(_name(u) for u in group), hex=position.label(h)),
            "A11.52", "cc", dice="DR", subject=tuple(u.id for u in group if not u.concealed), target=h,
            args=(("index", str(index)), ("capture", "1"))))
    return state.push(
        Decision(
            "roll",
            side,
            T(
                "{side} attacks {targets} in Close Combat at {hex} with {units}: roll the CC DR",
                side=side,
                targets=", ".join(_name(u) for u in targets),
                units=", ".join(_name(u) for u in group),
                hex=position.label(h),
            ),
            "A11.11",
            "cc",
            dice="DR",
            subject=tuple(u.id for u in group if not u.concealed),
            target=h,
            args=(("index", str(index)),),
            choices=asl_capture.choices(position, h, side, targets, group),  # A20.22: answer capture to try
        )
    )


def afv_attacker(position: Position, decision: Decision) -> str | None:
    """The AFV making this CC attack (A11.62), whose Armor Leader may modify its DR (D3.44), or None."""
    _, group, _ = group_units(position, int(decision.arg("index", "0")))
    return group[0].id if group and _vehicle(group[0]) else None


def resume(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    h = decision.target
    assert h is not None and answer.dice is not None
    state = position.state
    gs = game.gstate(state)
    index = int(decision.arg("index", "0"))
    side, group, targets = group_units(position, index)
    res, results = work(position, h, side, answer.dice, gs.cc_ambusher, gs.cc_hth,
                        capture=decision.arg("capture") == "1", group=(group, targets))
    state = ccpax.marked(position, state.replace(resolution=res), targets)  # A11.52
    # A11.19: attackers lose "?" (an ambusher that eliminates or captures all its targets keeps it, A11.4)
    keep = side == gs.cc_ambusher and all(r in ("KIA", "CAP") for r in results.values())
    if not keep:
        for unit in group:
            state = state.with_unit(unit.revealed())
    # a Casualty Reduction or a capture at the Kill Number is one unit of this attack's targets: tagged with
    # the attack, so each attack's Random Selection (A11.11) or defender's choice (A20.22) is its own
    pending = (*gs.cc_pending, *((uid, f"{r}:{index}" if r in ("CR", "CAP1") else r)
                                 for uid, r in sorted(results.items()) if r != "-"))
    risk = gs.cc_sw_risk
    if ASL_DR.from_values(answer.dice).coloured == 1:  # A11.13: the SW of units it kills may go with them
        kill = black_kill_number(position, h, side, (group, targets))
        risk = (*risk, *((uid, kill) for uid, r in sorted(results.items()) if r in SW_RISK))
    rolls = (*gs.cc_rolls, (index, ",".join(str(d) for d in answer.dice), decision.arg("capture") == "1"))
    state = state.replace(game=gs.replace(cc_pending=pending, cc_sw_risk=risk, cc_rolled=index + 1,
                                          cc_rolls=rolls))  # A18.12: kept for a re-resolution
    for target in targets:  # A10.62: a broken unit attacked in CC is DM
        now = state.units.get(target.id)
        if now is not None and now.has("broken") and not now.has("dm"):
            state = state.with_unit(now.mark("dm"))
    if group and _vehicle(group[0]):
        # A9.7 through A11.62: an Original 12 malfunctions the CMG it attacked with (the A11 example, H3)
        afv = state.units[group[0].id]
        # D3.7: each vehicle MG firing in it malfunctions on that Original 12: the AAMG too if it fired (CE);
        # A21.11: a captured AFV's at 10 (X# 12), vmgbreak.py
        aamg = afv.has("ce") and not afv.has(AAMG_MALF) and _aamg(afv) > 0
        original = ASL_DR.from_values(answer.dice).total
        afv, _ = vmgbreak.apply(afv, ("cmg", *(("aamg",) if aamg else ())), original)
        state = state.with_unit(afv)
    if ccleader.due(position, group, answer.dice):  # A18.12: a leader may be created first
        return state.push(ccleader.ask(position, side, index, answer.dice, decision.arg("capture") == "1"))
    ask = _infiltration(game, position.at(state), side, answer.dice, results, index, (group, targets))
    if ask is not None:
        return state.push(ask)
    return ccgroups.proceed(game, position.at(state))


def after_leader(game: AslGame, position: Position, side: str, index: int, dice: tuple[int, ...],
                 created: str = "") -> State:
    """After the Leader Creation dr of an Original 2 (A18.12): the attackers may infiltrate out (A11.22); a
    leader ``created`` re-resolves the simultaneous attacks unless someone infiltrates (ccleader.py)."""
    _, group, targets = group_units(position, index)
    results = {uid: r.split(":")[0] for uid, r in game.gstate(position.state).cc_pending}
    ask = _infiltration(game, position, side, dice, results, index, (group, targets))
    if ask is not None:
        if created:
            ask = dataclasses.replace(ask, args=(*ask.args, ("created", created)))
        return position.state.push(ask)
    if created:
        position = position.at(ccleader.reresolve(game, position, index, created))
    return ccgroups.proceed(game, position)


def _infiltration(
    game: AslGame, position: Position, side: str, dice: tuple[int, ...], results: dict[str, str], index: int,
    group: tuple[list[UnitState], list[UnitState]],
) -> Decision | None:
    """A11.22: after an Original CC DR of 2 the attacking infantry, or after one of 12 the attacked infantry
    it did not eliminate, may leave the CC at once (not if eliminated, captured or pinned)."""
    total = ASL_DR.from_values(dice).total
    gs = game.gstate(position.state)
    h = gs.cc_hex
    if total not in (2, 12) or h is None:
        return None
    killed = {uid for uid, r in gs.cc_pending if r == "KIA"}
    if total == 2:
        who = [u for u in group[0] if u.id not in killed and not u.has("pinned")]
    else:
        leaving = withdrawing(position)  # already leaving the Melee (A11.2): nothing to offer
        who = [position.units[u.id] for u in group[1] if u.id in position.units]
        who = [u for u in who
               if results.get(u.id) != "KIA" and u.id not in killed and not u.has("pinned")
               and u.id not in leaving]
    if not who:
        return None
    owner = who[0].side
    ids = tuple(u.id for u in who)
    return Decision(
        "confirm",
        owner,
        T("{side}: Original CC DR {dr}: {units} may leave the Close Combat at {hex} now, unattacked; "
          "infiltrate or stay", side=owner, dr=total, units=", ".join(ids), hex=position.label(h)),
        "A11.22",
        "cc_infiltrate",
        choices=("infiltrate", "stay"),
        subject=ids,
        target=h,
        args=(("index", str(index)),),
    )


def resume_infiltrate(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.22: the infiltrating units are placed with the withdrawing ones when the Location's CC ends."""
    state = position.state
    gs = game.gstate(state)
    if answer.choice == "infiltrate":
        leaving = tuple(sorted({*gs.cc_infiltrate, *decision.subject}))
        state = state.replace(game=gs.replace(cc_infiltrate=leaving))
    elif decision.arg("created"):  # A18.12: no one leaving, the simultaneous attacks are re-resolved
        index = int(decision.arg("index"))
        state = ccleader.reresolve(game, position.at(state), index, decision.arg("created"))
    return ccgroups.proceed(game, position.at(state))


def apply_pending(game: AslGame, position: Position) -> State:
    """Eliminations at once; a Casualty Reduction among several units goes to Random Selection (A11.11)."""
    state = asl_capture.void(game, position)  # A20.221: a side wiped out captures nobody
    state = asl_capture.take(game, position.at(state))  # A20.22: the captured go to their guards first
    gs = game.gstate(state)
    killed = [uid for uid, r in gs.cc_pending if r == "KIA"]
    reduce = [(uid, r) for uid, r in gs.cc_pending if r.startswith("CR") and uid not in killed]
    risk = dict(gs.cc_sw_risk)
    sw_asks = []
    for uid in killed:
        if uid in state.units:
            unit = state.units[uid]
            held = [sw.id for sw in au.possessed(state, uid)]
            for sw in au.possessed(state, uid):  # A11.13: left unpossessed in the Location (A4.44) ...
                state = state.with_unit(dataclasses.replace(sw, carrier=None, hex=unit.hex, level=unit.level))
                if uid in risk:  # ... unless the attacker's dr for it is at most the black Kill Number
                    sw_asks.append(sw_loss_roll(position, sw, unit, risk[uid]))
            state = lost(game, state.without_unit(uid), unit, held)
    state = state.replace(game=game.gstate(state).replace(cc_pending=(), cc_sw_risk=()))
    by_attack: dict[str, list[str]] = {}  # one Casualty Reduction per attack (A11.11)
    for uid, tag in reduce:
        if uid in state.units:
            by_attack.setdefault(tag, []).append(uid)
    asks: list[Decision] = []
    for group in by_attack.values():
        kill = risk.get(group[0])  # A11.13: the same attack, the same coloured die and Kill Number
        if len(group) == 1:
            state, wound = _cc_reduce(position, state, state.units[group[0]], kill)
            asks.extend(wound)
        else:
            first = state.units[group[0]]
            asks.append(
                Decision(
                    "units",
                    first.side,
                    T(
                        "Random Selection: name the unit of {units} that is Casualty Reduced",
                        units=", ".join(group),
                    ),
                    "A11.11",
                    "cc_reduce",
                    units=tuple(group),
                    subject=tuple(group),
                    target=first.hex,
                    args=(("kill", str(kill)),) if kill is not None else (),
                )
            )
    asks.extend(sw_asks)
    return state.push(*asks) if asks else state


def lost(game: AslGame, state: State, unit: UnitState, held: Sequence[str]) -> State:
    """A unit eliminated in this CC with the SW ``held``: kept for A4.44's window, opened once the
    Location's CC is over (``finish_location``), after the A11.13 rolls, when no armed Known enemy is left
    with the SMC who would try (A4.44; A11.13: the SW lie there until recovered)."""
    kept = recnow.code(unit, held) if held else ""
    gs = game.gstate(state)
    if not kept or gs.cc_hex is None:  # no Location being fought: none kept (the window is asked there)
        return state
    return state.replace(game=gs.replace(cc_lost=(*gs.cc_lost, kept)))


def sw_loss_roll(position: Position, sw: UnitState, owner: UnitState, kill: int) -> Decision:
    attacker = position.enemy_of(owner.side)
    return Decision(
        "roll",
        attacker,
        T("{side} rolls a dr for {sw}, held by {unit} when it was eliminated with a coloured 1: at most "
          "{kill} eliminates it", side=attacker, sw=sw.id, unit=owner.id, kill=kill),
        "A11.13",
        "cc_sw_loss",
        dice="dr",
        subject=(sw.id,),
        target=owner.hex,
        args=(("kill", str(kill)),),
    )


def resume_sw_loss(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """A11.13: a dr at most the attack's black Kill Number eliminates the SW; else it stays unpossessed."""
    assert answer.dice is not None and decision.target is not None
    sw_id, kill, dr = decision.subject[0], int(decision.arg("kill")), answer.dice[-1]
    state = position.state
    gone = dr <= kill and sw_id in state.units
    if gone:
        state = state.without_unit(sw_id)
    kept = T("left unpossessed in the Location (A4.44)")
    lines = (Line(T("dr for {sw}", sw=sw_id), str(dr), "A11.13"),
             Line(T("black Kill Number"), str(kill), "A11.13"),
             Line(sw_id, T("eliminated") if gone else kept, "A11.13"))
    summary = T("{sw} {result}", sw=sw_id, result=T("eliminated") if gone else T("kept"))
    res = Resolution(act.Fire((), decision.target, answer.dice), "cc_sw_loss", "", False, lines,
                     {sw_id: "eliminated" if gone else "-"}, summary)
    return after_asks(game, position.at(state.replace(resolution=res)))


def apply_results(game: AslGame, position: Position) -> State:
    state = apply_pending(game, position)
    if state.decision is not None and state.decision.then in ASKS:
        return state
    return finish_location(game, position.at(state))


def _cc_reduce(position: Position, state: State, unit: UnitState,
               kill: int | None = None) -> tuple[State, list[Decision]]:
    """A CC Casualty Reduction (A11.11): an SMC is wounded and rolls its severity dr (A17.11); no Leader
    Loss check follows in CC (A11.141). A HS or crew it eliminates leaves its SW unpossessed (A4.44); when
    the CC DR had a coloured 1 (``kill``: that attack's black Kill Number) the attacker rolls for each, as
    for a unit the DR killed outright (A11.13: any unit eliminated by the CC)."""
    from hexmate.rules.games.asl.aftermath import _wound_decision

    was_wounded = unit.has("wounded")
    held = [sw.id for sw in au.possessed(state, unit.id)]
    state, reduced = asl_fire._reduce(position.scenario.counters, state, unit)
    if reduced is None:
        state = lost(cast("AslGame", position.game), state, unit, held)  # A4.44 once the CC is over
        if kill is None:
            return state, []
        left = [state.units[sw] for sw in held if sw in state.units]
        return state, [sw_loss_roll(position, sw, unit, kill) for sw in left]
    if reduced.type not in SMC:
        return state, []
    wound = _wound_decision(reduced, "A17.11", was_wounded)
    risk = (("kill", str(kill)),) if kill is not None else ()  # A11.13: a kill by the severity dr, too
    return state, [dataclasses.replace(wound, args=(*wound.args, ("cc", "1"), *risk))]


def resume_reduce(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    state = position.state
    unit = state.units[answer.units[0]]
    kill = decision.arg("kill")  # A11.13: the coloured 1's black Kill Number, if the DR had one
    state, wound = _cc_reduce(position, state, unit, int(kill) if kill else None)
    if wound:
        return state.push(*wound)
    return after_asks(game, position.at(state))


SW_RISK = ("KIA", "CR")  # A11.13: results that may eliminate a unit (a HS or crew Casualty Reduced is gone)


# questions an attack's results leave open (A11.11, A11.13, A17.11, A20.22)
ASKS = ("cc_reduce", "cc_sw_loss", "wound", "cc_capture_pick")


def after_asks(game: AslGame, position: Position) -> State:
    """Once the last of the questions an attack's results raised is answered, the CC goes on."""
    state = position.state
    if any(d.then in ASKS for d in state.decisions):
        return state
    return ccgroups.proceed(game, position)  # the next attack, the ambushed side's reply, or the end


def finish_location(game: AslGame, position: Position) -> State:
    """A11.15: infantry of both sides left in the Location (not concealed) is in Melee; then the next one."""
    state = position.state
    gs = game.gstate(state)
    h = gs.cc_hex
    assert h is not None
    facing = any(u.side != gs.cc_ambusher and _personnel(u) for u in here(position, h))
    if gs.cc_ambusher and not gs.cc_ambush_asked and facing:  # A11.41: or withdraw once the CC is over
        state = state.replace(game=gs.replace(cc_ambush_asked=True))
        leave = ambushwd.ask(game, position.at(state), after=True)
        if leave is not None:
            return state.push(leave)
        position = position.at(state)
        gs = game.gstate(state)
    away = [u for u in here(position, h) if u.id in gs.cc_withdraw or u.id in gs.cc_infiltrate]
    if away:  # A11.2, A11.22: the survivors have withdrawn: each side places them on a lit Location
        asks = []
        for side in sorted({u.side for u in away}, key=lambda s: s != position.phasing):
            group = [u for u in away if u.side == side]
            ends = withdraw_to(position, group)
            if ends:
                asks.append(
                    Decision(
                        "hexes",
                        side,
                        T(
                            "withdraw {units} from the Melee: place them on a lit Location",
                            units=", ".join(u.id for u in group),
                        ),
                        "A11.21",
                        "cc_withdraw_to",
                        hexes=ends,
                        subject=tuple(u.id for u in group),
                        target=h,
                    )
                )
            else:  # A11.16: a broken unit that cannot withdraw is eliminated for failure to rout; its SW lie
                for unit in group:  # there (A4.43); A4.44 moot: the Location is still in Melee (recnow.able)
                    if unit.has("broken"):
                        state = recnow.remove(position, state, unit)
        state = state.replace(game=gs.replace(cc_withdraw=(), cc_infiltrate=()) if not asks else gs)
        if asks:
            return state.push(*asks)
        position = position.at(state)
    state = ccpax.after(position.at(state), state, h)  # A11.52: all its passengers captured, the vehicle
    back = ccstreet.ask_return(game, position.at(state), h)  # A11.8: back to their building, or stay
    if back is not None:
        return state.push(back)
    position = position.at(state)
    known = {u.side for u in here(position, h) if not u.concealed and _personnel(u)}
    # A11.15: a stopped, manned, Known enemy vehicle holds infantry in Melee too (the vehicle is not held)
    known |= {v.side for v in here(position, h) if _vehicle(v) and not v.concealed
              and not any(v.has(m) for m in ("motion", "abandoned", "wreck"))}
    for unit in [u for u in here(position, h) if _personnel(u)]:
        melee = bool(known - {unit.side})
        unit = unit.mark("melee") if melee and not unit.concealed else unit.mark(remove=("melee",))
        state = state.with_unit(unit)
    kept = game.gstate(state).cc_lost  # A4.44, A11.13: the SW of the units eliminated here, now it is over
    state = state.replace(game=game.gstate(state).replace(cc_lost=()))
    state = _location_done(game, position.at(state), h)
    for loss in reversed(kept):
        state = recnow.offer_code(position.at(state), loss)
    return state


def _location_done(game: AslGame, position: Position, h: Hex) -> State:
    """One Location of ``h`` fought; the next level of the hex with both sides, else the next hex (A2.8)."""
    state = position.state
    gs = game.gstate(state)
    done = (*gs.cc_levels_done, gs.cc_level)
    state = state.replace(game=gs.replace(cc_hex=None, cc_ambusher="", cc_level=0, cc_levels_done=done))
    if [lv for lv in fights(position.at(state)).get(h, []) if lv not in done]:
        return start_location(game, position.at(state), h)
    gs = game.gstate(state)
    state = state.replace(game=gs.replace(cc_done=(*gs.cc_done, h), cc_levels_done=()))
    return next_location(game, position.at(state))
