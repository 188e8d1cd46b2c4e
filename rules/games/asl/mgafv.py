"""ASL A9.6-A9.611 in play: an infantry SW MG's AFV Kill attack.

``fire <mg>.kill.<afv> at <hex>`` declares, before the roll, an AFV Kill attack by one SW MG on one named
enemy AFV (A9.61). It is refused unless the MG fires alone (no fire group: a single firer token), the AFV is
within the MG's normal range, and no FP halving applies (Area Fire of any cause, SFF/FPF/Final Fire after
First Fire, Sustained Fire, a pinned possessor, a lone leader firing it, a concealed target, the AFPh, firing
from aboard a vehicle; A9.61, A7.23-A7.24, A7.81, A9.3, A9.12). The attack then:

1. **To Hit DR** (A9.6) on the pack's vehicle To Hit table: the black TH# of any nationality for an MG that
   is not captured (A9.6), the red one with Case H when it is (A21.12); Cases J (moving), P (size), Q
   (TEM), height, the LOS and AFV/wreck hindrances (D9.4), hull-down (D4.2). The coloured dr of that DR keeps
   or loses the multiple ROF (A9.2); the same Original DR is the breakdown DR (A9.7: "the TH DR for
   ordnance"), with every B#/X# lowering of ``units.breakdown`` (A9.3, A19.32, A19.131, A21.11, A.11).
2. A hit's location and aspect (C3.9 from the pack, D3.2). On an armored aspect: the **To Kill DR** against
   the Final TK# (the pack's basic TK# for the MG's class at that range, the pack's Case D, less the armor
   factor); a TK DR below it destroys the AFV, at most half of it burns it, equal to it stuns the crew even
   when BU (A9.61, D5.34). On an unarmored aspect: the same DR is read on the IFT's vehicle line (A9.61,
   A7.308) in the MG's FP column.
3. When the AFV survives, its exposed PRC take the **Specific Collateral attack** (A9.611, D.8A): the MG's
   printed IFT FP, the same Original TK DR plus only the CE DRM (+2 for the CE crew and CE passengers, 0 for
   riders); only the riders once the crew is (or becomes) stunned or shocked (D.8).

Chapter C's To Hit and AP To Kill tables and the TK Case D are not among the texts: the numbers come from the
ordnance pack (demo values; the D.8 example fixes the HMG's TH# 10, basic TK# 4 and Case D +1). As
Defensive First Fire, a MG that lost its ROF leaves Residual FP in the AFV's Location (A8.2, the D.8
example). Not built: the leadership DRM on a SW MG's To Hit DR (chapter C).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import IllegalAction, InvalidAction
from hexmate.rules.games.asl import ammo, iift, nations, riders, unarmored, vcrew, vcrewhit, vfire
from hexmate.rules.games.asl import collateral as asl_collateral
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.aftermath import _weapon_fate
from hexmate.rules.games.asl.armour import WORDS, facing_of, is_vehicle, vtype
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

if TYPE_CHECKING:
    from hexmate.rules.games.asl.game import AslGame

KILL = ".kill."
TH, TK = "mgafv_th", "mgafv_tk"
CE_DRM = asl_collateral.CE_DRM  # D5.31: the only DRM of a Specific Collateral attack (D.8A)


def parse(fire: act.Fire) -> tuple[str, str] | None:
    """(MG id, AFV id) of a ``<mg>.kill.<afv>`` firer token, else None."""
    if len(fire.firers) != 1 or KILL not in fire.firers[0]:
        return None
    mg, afv = fire.firers[0].split(KILL, 1)
    return mg, afv


def claims(fire: act.Fire) -> bool:
    return any(KILL in f for f in fire.firers)


def mg_class(pack: od.OrdnancePack, mg: UnitState) -> str:
    """The MG's row of the pack's To Kill table: its counter's ``tk_class``, else the longest row name its
    counter name starts with (HMG, MMG, LMG), else the pack's generic ``MG``."""
    given = mg.values.get("tk_class")
    if isinstance(given, str):
        return given
    names = sorted((k for k in pack.to_kill if mg.name.startswith(k)), key=len, reverse=True)
    return names[0] if names else "MG"


def _owner(position: Position, mg: UnitState) -> UnitState:
    owner = position.units.get(mg.carrier or "")
    if owner is None or owner.hex is None:
        raise IllegalAction(T("{sw} has no possessor and cannot fire", sw=mg.id), "A7.35")
    return owner


def halvings(game: AslGame, position: Position, mg: UnitState, owner: UnitState,
             target: UnitState) -> list[T]:
    """Every FP halving this MG's fire at the AFV would take (A9.61 allows none)."""
    from hexmate.rules.games.asl import fire as asl_fire
    from hexmate.rules.games.asl import mounted

    assert owner.hex is not None and target.hex is not None
    area: list[tuple[T, str]] = []
    mode = asl_fire.fire_modes(position, [mg])[mg.id]
    if mode in asl_fire.MODE_AREA:
        area.append(asl_fire.MODE_AREA[mode])
    if target.concealed:
        area.append((T("concealed target"), "A7.23"))
    if asl_fire.lone_leader_mg(position, mg, [mg]):
        area.append((T("a leader alone firing a MG"), "A9.12"))
    _, steps = fpw.shot_fp(asl_fire.shot_of(mg, owner), distance(owner.hex, target.hex),
                           phase=position.phase.id, area=area, sustained=mode == "after_first",
                           aboard=mounted.halvings(position, mg))
    return [label for label, _ in steps if str(getattr(label, "msgid", label)).startswith("x1/2")]


def _wave_afv(game: AslGame, position: Position) -> tuple[str, ...]:
    """D14.33, D14.32: at a Human Wave's impulse's end its AFV (its platoon's AFVs) a moving target too, if
    it spent MP in it."""
    from hexmate.rules.games.asl import hw, hwaa

    afvs = hwaa.afv_targets(game, position)
    return tuple(a.id for a in afvs) if hw.in_impulse(game, position) else ()


def check(game: AslGame, position: Position, fire: act.Fire) -> act.Fire:
    """A9.61: one MG, alone, at one named AFV within its normal range, with no FP halving."""
    from hexmate.rules.games.asl import fire as asl_fire

    got = parse(fire)
    if got is None:
        raise IllegalAction(T("an AFV Kill attack is made by one MG alone, never as part of a fire group"),
                            "A9.61")
    mid, vid = got
    if mid not in position.units:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(mid)))
    if vid not in position.units:
        raise InvalidAction(T("no unit {unit} in this game", unit=repr(vid)))
    mg, afv = position.units[mid], position.units[vid]
    if mg.type != au.SW or asl_fire.shot_of(mg).kind != "mg":
        raise IllegalAction(T("{unit} is no MG: only a MG makes an AFV Kill attack", unit=mid), "A9.61")
    if not is_vehicle(afv) or afv.has("wreck") or not vtype(afv).armored:
        raise IllegalAction(T("{unit} is no AFV: an AFV Kill attack is made only at an armored vehicle",
                              unit=vid), "A9.61")
    if afv.side == mg.side or afv.hex != fire.target:
        raise IllegalAction(T("{unit} is not an enemy AFV at {hex}", unit=vid,
                              hex=position.label(fire.target)), "A9.61")
    owner = _owner(position, mg)
    asl_fire.check(game, position, act.Fire((mid,), fire.target))  # who may fire now, LOS, SW use (A7, A9)
    if position.phase.id == "MPh":
        moving = position.state.moving
        if (moving is None or vid not in moving.units) and vid not in _wave_afv(game, position):
            raise IllegalAction(T("Defensive First Fire is at a moving unit in the hex it has just entered"),
                                "A8.1")
    assert owner.hex is not None
    d = distance(owner.hex, fire.target)
    if d > asl_fire.shot_of(mg).range:
        raise IllegalAction(T("{unit} is {d} hexes from {afv}: an AFV Kill attack only within the MG's "
                              "normal range of {range}", unit=mid, d=d, afv=vid,
                              range=asl_fire.shot_of(mg).range), "A9.61")
    halved = halvings(game, position, mg, owner, afv)
    if halved:
        raise IllegalAction(T("{unit} would fire at {afv} with its FP halved ({why}): no AFV Kill attack",
                              unit=mid, afv=vid, why=", ".join(str(h) for h in halved)), "A9.61")
    return fire


def declare(game: AslGame, position: Position, fire: act.Fire) -> State:
    """The MG and its possessor are marked as for any fire (fire.declare: the fire counter, concealment,
    A7.35's inherent FP), then the To Hit DR is asked (A9.6)."""
    from hexmate.rules.games.asl import fire as asl_fire

    got = parse(fire)
    assert got is not None
    mid, vid = got
    marked = asl_fire.declare(game, position, act.Fire((mid,), fire.target))
    state = marked.replace(decisions=position.state.decisions)  # no Fire Lane nor spray (A9.61: one AFV)
    if position.phase.id == "MPh":  # A9.2, A8.14: this shot counts against the MF spent in the hex
        state = asl_fire._count_shots(position, state, act.Fire((mid,), fire.target))
    return state.push(Decision(
        "roll", position.units[mid].side,
        T("{mg} makes an AFV Kill attack on {afv}: roll the To Hit DR", mg=mid, afv=vid), "A9.6", TH,
        dice="DR", subject=(mid,), target=fire.target, args=(("afv", vid),),
    ))


def _moving(position: Position, target: UnitState) -> bool:
    moving = position.state.moving
    return (target.has("motion") or (moving is not None and target.id in moving.units and moving.at > 0)
            or (position.phase.id in ("MPh", "DFPh") and target.has("entered")))


def to_hit(position: Position, mg: UnitState, owner: UnitState, afv: UnitState) -> tuple[int, list[od.Step]]:
    """The modified TH# of the MG at the AFV (A9.6; the pack's vehicle To Hit table, chapter C)."""
    pack = od.load_pack()
    assert owner.hex is not None and afv.hex is not None
    cases: list[str] = []
    if _moving(position, afv):
        cases.append("J")  # D2.1, D2.41: a moving or Motion target
    if position.map.level(afv.hex) > position.map.level(owner.hex):
        cases.append("height")  # D4.22
    hindrance, _ = vfire.afv_hindrance(position, owner.hex, afv.hex)  # D9.4
    sight = asl_terrain.line_of_sight(position, owner.hex, afv.hex)
    hd, _ = vfire.hull_down(position, owner, afv)
    tem = 0 if afv.has("motion") else asl_terrain.tem(position, afv.hex)
    weapon = mg.name if mg.name in pack.weapon_to_hit else ""
    return od.to_hit(pack, target_type="vehicle", rng=distance(owner.hex, afv.hex), weapon=weapon,
                     cases=tuple(cases), size=vtype(afv).size, tem=tem, hindrance=hindrance + sight.hindrance,
                     hd=hd, captured=nations.is_captured(position, mg, owner))


def _weapon(position: Position, state: State, mg: UnitState, owner: UnitState, dr: tuple[int, int],
            lines: list[Line]) -> tuple[State, bool]:
    """A9.2 and A9.7 on the To Hit DR: the ROF kept on the coloured dr, the breakdown on the Original DR.
    Returns the state and whether the MG still fires (not broken down)."""
    from hexmate.rules.games.asl import fire as asl_fire
    captured = nations.is_captured(position, mg, owner)
    bd = au.breakdown(mg.values, captured=captured, inexperienced=au.restricted_in(position, owner),
                      ammo_short=ammo.short(position, mg.side))
    fate = au.malfunctions(sum(dr), {mg.id: bd}).get(mg.id)
    if fate is not None:
        what = T("removed (X#)") if fate == "x" else T("malfunctions (B#)")
        lines.append(Line(T("Breakdown"), T("{sw}: Original DR {dr}: {what}", sw=mg.id, dr=sum(dr),
                                            what=what), "A9.7"))
        return _weapon_fate(state, mg.id, fate), False
    rof = au.rate_of_fire(mg.values, captured=captured)
    if not owner.has("pinned") and au.keeps_rof(dr[1], rof):
        marker = asl_fire.FIRE_MARKERS[position.phase.id]
        state = state.with_unit(state.units[mg.id].mark(remove=(marker,)))
        lines.append(Line(T("Rate of fire"), T("{sw} keeps its multiple ROF (coloured dr {dr}) and may fire "
                                               "again", sw=mg.id, dr=dr[1]), "A9.2"))
    return state, True


def asl_fire_marker(position: Position) -> str:
    from hexmate.rules.games.asl import fire as asl_fire

    return asl_fire.FIRE_MARKERS[position.phase.id]


def residual(position: Position, state: State, mg: UnitState, owner: UnitState, afv: UnitState,
             lines: list[Line]) -> State:
    """A8.2 (the D.8 example): Defensive First Fire by a MG that lost its ROF leaves Residual FP in the AFV's
    Location: half its IFT column (the MG's FP, doubled PBF or tripled TPBF), one column lower for each +1
    from outside the hex (the LOS and AFV/wreck hindrances, a CX user; A8.26); none after a breakdown
    (A8.221). The Specific Collateral attack leaves none (D.8)."""
    from hexmate.rules.games.asl import fire as asl_fire
    from hexmate.rules.games.asl import residual as rfp

    if position.phase.id != "MPh" or owner.hex is None or afv.hex is None:
        return state
    fp, _ = fpw.shot_fp(asl_fire.shot_of(mg, owner), distance(owner.hex, afv.hex), phase=position.phase.id)
    axis = position.charts.chart("ift").axis("fp")
    col = fpw.column(axis, fp, 0)
    if col is None:
        return state
    outside = vfire.afv_hindrance(position, owner.hex, afv.hex)[0]
    outside += asl_terrain.line_of_sight(position, owner.hex, afv.hex).hindrance
    outside += 1 if owner.has("cx") else 0  # A4.51
    value = rfp.residual_value(axis, int(axis.key_at(col)), outside)
    if value:
        lines.append(Line(T("Residual FP"), T("{fp} FP left at {hex}", fp=value, hex=position.label(afv.hex)),
                          "A8.2"))
    return rfp.place(position, state, afv.hex, value, mg.side)


def resume_th(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The To Hit DR is in: ROF and breakdown (A9.2, A9.7), hit or miss, the hit's aspect and the TK DR."""
    assert answer.dice is not None and decision.target is not None
    pack = od.load_pack()
    state = position.state
    mg = position.units[decision.subject[0]]
    owner = _owner(position, mg)
    afv = position.units[decision.arg("afv")]
    assert owner.hex is not None and afv.hex is not None
    dr = (answer.dice[0], answer.dice[1])
    th, steps = to_hit(position, mg, owner, afv)
    lines = [Line(s.text, str(s.value), s.rule) for s in steps]
    lines.append(Line(T("To Hit DR"), f"{dr[0]}+{dr[1]}={sum(dr)}", "A9.6"))
    state, works = _weapon(position, state, mg, owner, dr, lines)
    kept = not state.units[mg.id].has(asl_fire_marker(position)) if mg.id in state.units else False
    if works and not kept:
        state = residual(position, state, mg, owner, afv, lines)
    fire = act.Fire(decision.subject, decision.target, answer.dice)
    hd = vfire.hull_down(position, owner, afv)[0]
    if not od.hits(dr, th, hd=hd, pack=pack):
        summary = T("{mg} misses {afv}", mg=mg.id, afv=afv.id)
        return state.replace(resolution=Resolution(fire, "ordnance", pack.label, True, tuple(lines),
                                                   {afv.id: "miss"}, summary))
    where = od.location(pack, dr)
    f = facing_of(afv) if where == "hull" else tca_of(afv.markers, facing_of(afv))
    aspect = fc.aspect(afv.hex, f, owner.hex) if owner.hex != afv.hex else fc.same_hex_aspect(dr[1])
    af = vtype(afv).af(where, aspect)
    lines.append(Line(T("hit on the {where}, {aspect} aspect (C3.9, D3.2)", where=WORDS[where],
                        aspect=WORDS[aspect]), str(af if af is not None else "-"), "D3.2"))
    rng = distance(owner.hex, afv.hex)
    if af is None:  # A9.61: a hit on an unarmored aspect is attacked on the IFT's vehicle line
        tk = 0
        prompt = T("{mg} hits {afv} on an unarmored aspect: roll the DR on the IFT's vehicle line", mg=mg.id,
                   afv=afv.id)
        lines.append(Line(T("unarmored aspect"), T("the IFT's vehicle line, not the To Kill table"), "A9.61"))
    else:
        kind = mg_class(pack, mg)
        basic = pack.basic_tk(kind, rng)
        case_d = pack.cases.get("D", 0) if rng <= pack.case_d_range else 0
        tk = od.final_tk(basic, af, case_d=case_d)
        lines.append(Line(T("basic To Kill number of the {kind} at range {r}", kind=kind, r=rng), str(basic),
                          "C7"))
        if case_d:
            lines.append(Line(T("Case D"), f"{case_d:+d}", "C7"))
        lines.append(Line(T("Final TK# (basic less armor)"), str(tk), "A9.61"))
        prompt = T("{mg} hits {afv}: roll the To Kill DR; below {tk} destroys it, {tk} stuns its crew",
                   mg=mg.id, afv=afv.id, tk=tk)
    res = Resolution(fire, "ordnance", pack.label, True, tuple(lines), {afv.id: "hit"}, prompt)
    return state.replace(resolution=res).push(Decision(
        "roll", mg.side, prompt, "A9.61", TK, dice="DR", subject=(mg.id,), target=decision.target,
        args=(("afv", afv.id), ("tk", str(tk)), ("ift", "" if af is not None else "1")),
    ))


def tk_result(dr: int, tk: int) -> str:
    """A9.61: a TK DR below the Final TK# destroys the AFV, at most half of it burns it; equal stuns it (even
    BU, D5.34); more is no effect.

    >>> tk_result(5, 4), tk_result(4, 4), tk_result(3, 4), tk_result(2, 4), tk_result(1, 3)
    ('none', 'stunned', 'destroyed', 'burns', 'burns')
    """
    if dr < tk:
        return "burns" if 2 * dr <= tk else "destroyed"
    return "stunned" if dr == tk else "none"


IFT_RESULT = {"burning": "burns", "destroyed": "destroyed", "immobilized": "immobilized", "none": "none"}


def resume_tk(game: AslGame, position: Position, decision: Decision, answer: act.Answer) -> State:
    """The TK DR is in: the AFV's fate (A9.61), then the Specific Collateral attack on its exposed PRC
    (A9.611, D.8A) unless it was destroyed (D.8)."""
    from hexmate.rules.games.asl import fire as asl_fire

    assert answer.dice is not None
    pack = od.load_pack()
    state = position.state
    afv = state.units[decision.arg("afv")]
    mg = position.units.get(decision.subject[0])
    dr = sum(answer.dice)
    tk = int(decision.arg("tk"))
    printed = Fraction(int(mg.values.get("fp", 0) or 0)) if mg is not None else Fraction(0)
    lines = list(state.resolution.lines) if state.resolution is not None else []
    if decision.arg("ift"):  # A9.61, A7.308: the IFT's vehicle line in the MG's FP column
        owner = position.units.get(mg.carrier or "") if mg is not None else None
        fp = printed
        if mg is not None and owner is not None and owner.hex is not None and afv.hex is not None:
            fp, _ = fpw.shot_fp(asl_fire.shot_of(mg, owner), distance(owner.hex, afv.hex),
                                phase=position.phase.id)
        col = iift.vehicle_column(position, iift.at(position, fp))  # A7.308, A7.37: a standard column
        line = position.charts.chart("ift_vehicle")
        kill = unarmored.kill_number(line, col) if col is not None else 0
        result = IFT_RESULT[unarmored.result(dr, kill)] if kill else "none"
        lines.append(Line(T("IFT vehicle line"), T("{fp} FP, DR {dr}, Kill number {kill}", fp=fpw.fmt(fp),
                                                   dr=dr, kill=kill), "A7.308"))
    else:
        result = tk_result(dr, tk)
        lines.append(Line(T("To Kill DR"), str(dr), "A9.61"))
    lines.append(Line(T("result"), WORDS[result], "A9.61"))
    state, asks = _apply(position, state, afv, result)
    results = {afv.id: result}
    if result not in ("burns", "destroyed"):  # D.8: no collateral attack on a destroyed vehicle's PRC
        column = iift.at(position, printed)  # D.8A: the MG's column on the table in use (A7.37)
        if column is not None:
            state, more, got, checks = collateral(position, state, state.units[afv.id], column, dr)
            lines += more
            results.update(got)
            asks = checks + asks
    summary = T("{afv}: {result}", afv=afv.id, result=WORDS[result])
    fire = act.Fire(decision.subject, decision.target or Hex(0, 0), answer.dice)
    res = Resolution(fire, "ordnance", pack.label, True, tuple(lines), results, summary)
    return state.replace(resolution=res).push(*asks)


def collateral(position: Position, state: State, afv: UnitState, column: int | Fraction, dr: int
               ) -> tuple[State, list[Line], dict[str, str], list[Decision]]:
    """A9.611, D.8A: the Specific Collateral attack on the AFV's exposed PRC (collateral.specific): the MG's
    IFT FP column, the Original TK DR plus only the CE DRM."""
    return asl_collateral.specific(position, state, afv, column, dr)


def _apply(position: Position, state: State, afv: UnitState, result: str) -> tuple[State, list[Decision]]:
    """The AFV's result: a wreck (its crew's survival DR, D5.6; the units aboard roll theirs, D6.9), a burning
    wreck (none survive, D6.9), a stun (vcrewhit.stun, D5.34), immobilized, or nothing."""
    if result == "stunned":
        return vcrewhit.stun(position.at(state), afv), []
    if result == "immobilized":
        return state.with_unit(afv.mark("immobilized")), []
    if result == "burns":
        for rider in [u for u in state.units.values() if u.carrier == afv.id]:
            for sw in [u for u in state.units.values() if u.carrier == rider.id]:
                state = state.without_unit(sw.id)
            state = state.without_unit(rider.id)
        return state.with_unit(afv.mark("wreck", "burning", remove=("motion",))), []
    if result != "destroyed":
        return state, []
    checks = riders.survival_checks(state, afv, vtype(afv).cs)
    state = state.with_unit(afv.mark("wreck", remove=("motion",)))
    asks: list[Decision] = list(checks)
    if vcrew.needs_tc(afv, result, shock_on_5=False):
        asks.append(vcrew.tc_decision(position, state.units[afv.id]))
    if not vtype(afv).cs_lower:
        shaken = afv.has("shocked") or afv.has("stunned")
        asks.append(Decision(
            "roll", afv.side,
            T("{target} is destroyed: roll for its crew's survival, {cs} or less survives (D5.6)",
              target=afv.id, cs=vtype(afv).cs - (1 if shaken else 0)),
            "D5.6", "vcs", dice="DR", subject=(afv.id,), target=afv.hex,
            args=(("shaken", "1" if shaken else ""),)))
    return state, asks


def generate(game: AslGame, position: Position) -> Iterator[act.Action]:
    """Every AFV Kill attack one MG of the firing side may declare now (offered beside the IFT fires)."""
    from hexmate.rules.games.asl import fire as asl_fire

    if position.phase.id not in asl_fire.FIRE_MARKERS or position.phase.id == "AFPh":
        return
    side = asl_fire.firing_side(position)
    afvs = [u for u in position.units.values() if u.side != side and is_vehicle(u) and u.hex is not None
            and not u.has("wreck") and vtype(u).armored]
    if position.phase.id == "MPh":
        moving = position.state.moving
        wave = _wave_afv(game, position)  # D14.33
        afvs = [u for u in afvs if moving is not None and (u.id in moving.units or u.id in wave)]
    mgs = [u for u in position.units.values() if u.side == side and u.type == au.SW
           and u.values.get("sw") == "mg" and u.carrier in position.units]
    for mg in sorted(mgs, key=lambda u: u.id):
        for afv in sorted(afvs, key=lambda u: u.id):
            assert afv.hex is not None
            fire = act.Fire((f"{mg.id}{KILL}{afv.id}",), afv.hex)
            try:
                check(game, position, fire)
            except (IllegalAction, InvalidAction):
                continue
            yield fire
