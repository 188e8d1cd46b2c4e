"""ASL D15.5 in play: ordnance at a Location holding motorcycle riders (the D15.55 example, T-CBT-14).

Fire at a ridden motorcycle goes at its riders, never at the cycle (D15.5): a vehicle's gun fired at such a
Location uses the Infantry Target Type (the pack's ``to_hit.infantry`` row; chapter C's table, demo values but
the cells the examples fix). One To Hit DR is rolled and compared with each target's own TH#:

- the riders: no target size DRM, but -1 on the TH DR (their TH# one higher) and the vehicle TH DRMs (D15.5):
  Case J when their cycle is moving or in Motion (the D15.55 example: +2 for the Motion cycle, -1 for the
  riders: the squad and leader aboard hit on 7 where the crew beside them is hit on 8);
- the other enemy infantry of the Location (the example's 2-2-8 crew): the same TH# without those;
- the firer's own Cases as at a vehicle (Case A for the turn, I, B/C/C4, +1), and hindrances.

A hit is resolved on the IFT (not the vehicle line, D15.5), with the gun's HE equivalent FP (C8.31, chapter C:
the pack ``charts/he-equivalent-demo.json``, demo values but the D15.55 example's 75mm = 12 FP) and the
Location's TEM as its DRM; the riders take no FFMO/FFNAM (D15.5) and no -1 IFT DRM (that is for non-ordnance
fire). Every unit the DR hit is one target of one result: Random Selection among them all for a K or KIA (the
example's K/3 among the squad, the leader and the crew), then the checks (aftermath.py). Riders keep D15.51
(a KIA removes the cycle), D15.52 (moto.shrink: the counter follows its riders' casualties), D15.53 (bailing
out), D15.54 (no PTC), D15.55 (no LLMC/LLTC taken or caused by riders: mounted.lose_leader_to).

The firer's Armor Leader modifies the To Hit DR (D3.44); one still hidden is left out and asked about in
the private question of D3.41 (alhide.ask_rerun) once the DR is rolled.

Not built here: ordnance at a Location of infantry without riders (chapter C's Infantry Target Type), the
acquisition of a Location (C6.5), Area Target Type and mortars (chapter C).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.decisions import Decision
from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import dugin, iift, moto, nations, vdelay, vfire
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.aftermath import decisions_for
from hexmate.rules.games.asl.armour import WORDS, facing_of, is_vehicle, vtype
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.games.base import Line, Position, Resolution, State, UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.text import T

HE_FORMAT = "hexmate-asl-he/1"
HE_PACK = Path(__file__).resolve().parent / "charts" / "he-equivalent-demo.json"
TH, IFT = "moth", "moift"  # the decisions' continuations (game.resume_moth, resume_moift)


class HePackError(DataError):
    def __init__(self, source: str, message: str, key: str | None = None) -> None:
        super().__init__(f"{source}" + (f", key {key!r}" if key else "") + f": {message}")


@lru_cache(maxsize=4)
def load_he(path: str = str(HE_PACK)) -> tuple[str, tuple[tuple[int, int], ...]]:
    """(label, rows of (largest calibre, IFT FP)) of an HE equivalent pack (C8.31)."""
    p = Path(path)
    try:
        data: Any = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise HePackError(str(p), f"cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise HePackError(str(p), f"not JSON: line {e.lineno} column {e.colno}: {e.msg}") from None
    if not isinstance(data, dict) or data.get("format") != HE_FORMAT:
        raise HePackError(str(p), f"format must be {HE_FORMAT!r}", "format")
    rows = data.get("rows")
    ok = isinstance(rows, list) and rows and all(
        isinstance(r, list) and len(r) == 2 and all(isinstance(x, int) and not isinstance(x, bool) and x > 0
                                                    for x in r) for r in rows)
    if not ok:
        raise HePackError(str(p), "rows is a list of [largest calibre in mm, IFT FP], whole numbers > 0",
                          "rows")
    assert isinstance(rows, list)
    got = tuple((int(r[0]), int(r[1])) for r in rows)
    if [r[0] for r in got] != sorted({r[0] for r in got}):
        raise HePackError(str(p), "rows go by rising calibre, each once", "rows")
    return str(data.get("label", "")), got


def he_fp(calibre: int, path: str = str(HE_PACK)) -> int:
    """C8.31 (pack): the IFT FP of an HE hit by a gun of this calibre."""
    _, rows = load_he(path)
    for top, fp in rows:
        if calibre <= top:
            return fp
    raise HePackError(path, f"no row for a {calibre}mm gun", "rows")


def ridden_cycles(position: Position, h: Hex, side: str) -> list[UnitState]:
    """The enemy motorcycles in h with riders aboard (D15.5: fire there goes at the riders)."""
    return [u for u in position.units_at(h) if u.side != side and moto.is_moto_unit(u)
            and moto.riders_of(position.state, u)]


def targets(position: Position, h: Hex, side: str) -> list[UnitState]:
    """Everyone the shot may hit: the riders of each ridden cycle and the other enemy infantry of the
    Location at ground level (not aboard a vehicle; no SW, dummy or vehicle)."""
    out: list[UnitState] = []
    for cycle in ridden_cycles(position, h, side):
        out += moto.riders_of(position.state, cycle)
    out += [u for u in position.units_at(h) if u.side != side and u.carrier is None and u.level == 0
            and u.type not in (au.SW, "dummy", "vehicle")]
    return sorted(out, key=lambda u: u.id)


def claims(position: Position, fire: act.Fire) -> bool:
    """A vehicle's gun fired at a Location of motorcycle riders and no other enemy vehicle (D15.5)."""
    if len(fire.firers) != 1 or fire.firers[0] not in position.units:
        return False
    firer = position.units[fire.firers[0]]
    if not is_vehicle(firer) or not ridden_cycles(position, fire.target, firer.side):
        return False
    return not any(u.side != firer.side and is_vehicle(u) and not moto.is_moto_unit(u) and not u.has("wreck")
                   for u in position.units_at(fire.target))


def _moving(position: Position, cycle: UnitState) -> bool:
    """Case J's moving target (D2.1, D2.41): in Motion, moving now past its first MP, or having entered a hex
    this MPh (seen in the DFPh too), as vfire.to_hit_of reads a vehicle target."""
    moving = position.state.moving
    return (cycle.has("motion")
            or (moving is not None and cycle.id in moving.units and moving.at > 0
                and not vdelay.delaying(position.state))
            or (position.phase.id in ("MPh", "DFPh") and cycle.has("entered")))


def to_hit(position: Position, firer: UnitState, h: Hex) -> tuple[list[od.Step], dict[str, int], int]:
    """The shot's common steps (base TH# and the firer's Cases), each target's TH#, and the TCA after it."""
    from hexmate.rules.games.asl import armorldr, vfire

    pack = od.load_pack()
    assert firer.hex is not None
    vt = vtype(firer)
    assert vt.ma is not None
    tca = tca_of(firer.markers, facing_of(firer))
    k = fc.hexspines_to(firer.hex, h, tca)
    new_tca = fc.facing_to(firer.hex, h, tca)
    bow = vt.ma.mount == "NT"
    drm_a = od.case_a(pack, vt.ma.mount, turret_turns=0 if bow else k, hull_turns=k if bow else 0, bow=bow)
    cases: list[str] = []
    if (vt.armored and not vt.open_topped and not firer.has("ce")) or dugin.cupola(firer):
        cases.append("I")  # D5.2, D9.51
    if firer.has("motion") and vfire.bounding(position, firer) and vfire.stabilized(position, firer):
        cases.extend(("C", "gyro"))  # D11.11: a stabilized gun not stopped: Case C and +1 as its Case C4
    elif firer.has("motion"):
        cases.append("C4")  # D2.42
    elif vfire.bounding(position, firer) and vfire.stabilized(position, firer):
        cases.extend(("B", "gyro"))  # D11.11
    elif vfire.bounding(position, firer):
        cases.append("C")  # D3.3
    elif position.phase.id == "AFPh" and firer.has("entered"):
        cases.append("B")  # D3.32
    if firer.has("plus1"):
        cases.append("plus1")  # D5.34
    hindrance, _ = vfire.afv_hindrance(position, firer.hex, h)
    sight = asl_terrain.line_of_sight(position, firer.hex, h)
    th, steps = od.to_hit(pack, target_type="infantry", rng=distance(firer.hex, h), cases=tuple(cases),
                          case_a_drm=drm_a, hindrance=hindrance + sight.hindrance,
                          leadership=armorldr.leadership(firer, "ma", withhold=True),  # D3.41: asked
                          captured=firer.has("captured"),
                          red=nations.red_to_hit(position, firer, vt.ma.kind))  # A25.242, A25.32, A25.83
    each: dict[str, int] = {}
    j, conceal = pack.cases["J"], pack.cases["K"]
    for unit in targets(position, h, firer.side):
        cycle = position.units.get(unit.carrier or "")
        own = th - (conceal if unit.concealed else 0)  # A12.13: Case K at a concealed unit
        if cycle is not None:
            own += 1  # D15.5: -1 on the TH DR against riders
            if _moving(position, cycle):
                own -= j  # D15.5: the vehicle TH DRMs apply: Case J for a moving cycle
        each[unit.id] = own
    return steps[:-1], each, new_tca


def _th_lines(position: Position, steps: list[od.Step], each: dict[str, int], h: Hex,
              side: str) -> list[Line]:
    pack = od.load_pack()
    lines = [Line(s.text, str(s.value), s.rule) for s in steps]
    base = steps[0].value - sum(s.value for s in steps[1:])
    lines.append(Line(T("Infantry Target Type: To Hit number"), str(base), "D15.5"))
    for cycle in ridden_cycles(position, h, side):
        names = ", ".join(u.id for u in moto.riders_of(position.state, cycle))
        lines.append(Line(T("riders of {vehicle} ({units})", vehicle=cycle.id, units=names),
                          T("-1 To Hit DRM against motorcycle riders, no target size"), "D15.5"))
        if _moving(position, cycle):
            lines.append(Line(T("riders of {vehicle} ({units})", vehicle=cycle.id, units=names),
                              T("Case J, moving or in Motion: {d:+d}", d=pack.cases["J"]), "D15.5"))
    for uid, th in sorted(each.items()):
        lines.append(Line(T("{unit} is hit on a DR of", unit=uid), str(th), "D15.5"))
    return lines


def declare(position: Position, fire: act.Fire) -> State:
    """The firer's fire counters as vfire.declare_fire sets them, then its To Hit DR."""
    from hexmate.rules.games.asl import vfire

    state = position.state
    unit = state.units[fire.firers[0]]
    assert unit.hex is not None
    state = state.with_unit(unit.mark(vfire.fire_marker(position, unit), f"ma_fired:{position.phase.id}",
                                      f"vfrom:{position.phase.id}@{unit.hex.q},{unit.hex.r}",
                                      remove=("mg_only", "rof_kept")))
    prompt = T("{unit} fires its gun at the motorcycle riders in {hex} (Infantry Target Type): roll the To "
               "Hit DR (D15.5)", unit=unit.id, hex=position.label(fire.target))
    return state.push(Decision("roll", unit.side, prompt, "D15.5", TH, dice="DR", subject=(unit.id,),
                               target=fire.target))


def resume_th(position: Position, decision: Decision, answer: act.Answer) -> State:
    """One TH DR against every target's own TH# (D15.5); the gun's breakdown (D3.7); the hits' IFT DR next."""

    assert answer.dice is not None and decision.target is not None
    pack = od.load_pack()
    state = position.state
    h = decision.target
    firer = state.units[decision.subject[0]]
    vt = vtype(firer)
    assert vt.ma is not None and firer.hex is not None
    steps, each, new_tca = to_hit(position, firer, h)
    lines = _th_lines(position, steps, each, h, firer.side)
    state, firer = vfire.turn_ma(position, state, firer, new_tca)
    dr = (answer.dice[0], answer.dice[1])
    lines.append(Line(T("To Hit DR"), f"{dr[0]}+{dr[1]}={sum(dr)}", "D3"))
    broke = od.breakdown(sum(dr), vt.ma.b, low_ammo=vt.ma.low_ammo, low_ammo_marker=firer.has("low_ammo"))
    if broke:
        # D3.7: a disabled MA is marked ``disabled`` too (vrepair.disable_ma recalls the vehicle below)
        firer = firer.mark({"malfunction": "ma_malf", "low_ammo": "low_ammo", "disabled": "ma_malf"}[broke],
                           *(("disabled",) if broke == "disabled" else ()))
        lines.append(Line(T("the gun: {what}", what=WORDS[broke]), str(sum(dr)), "D3.7"))
    state = state.with_unit(firer)
    if broke == "disabled":  # D3.7: no MA (nor SA) left: Recalled at once, unless it carries or tows
        from hexmate.rules.games.asl import vrepair

        state = vrepair.disable_ma(position.at(state), firer)
        if state.units[firer.id].has("recalled"):
            lines.append(Line(T("no MA left: the vehicle is Recalled (D5.341)"), "", "D3.7"))
    hit = sorted(uid for uid, th in each.items() if sum(dr) <= th)
    fire = act.Fire((firer.id,), h, answer.dice)
    if not hit:
        summary = T("{unit} misses the motorcycle riders in {hex}", unit=firer.id, hex=position.label(h))
        res = Resolution(fire, "ordnance", pack.label, True, tuple(lines), {u: "miss" for u in each}, summary)
        return state.replace(resolution=res)
    for uid in hit:  # A12.2: hit on the To Hit Table: the "?" goes
        if state.units[uid].concealed:
            state = state.with_unit(state.units[uid].revealed())
    fp = he_fp(vt.ma.calibre)
    lines.append(Line(T("HE equivalent of a {calibre}mm gun", calibre=vt.ma.calibre), str(fp), "C8.31"))
    summary = T("{unit} hits {units}: roll the IFT DR with {fp} FP (D15.5)", unit=firer.id,
                units=", ".join(hit), fp=fp)
    results = {u: ("hit" if u in hit else "miss") for u in each}
    state = state.replace(resolution=Resolution(fire, "ordnance", pack.label, True, tuple(lines), results,
                                                summary))
    return state.push(Decision("roll", firer.side, summary, "D15.5", IFT, dice="DR", subject=(firer.id,),
                               target=h, args=(("hit", ",".join(hit)), ("fp", str(fp)))))


def resume_ift(position: Position, decision: Decision, answer: act.Answer) -> State:
    """The hit on the IFT (D15.5): the Location's TEM, no FFMO/FFNAM for riders; one result for all the
    units hit, a K or KIA picked among them all by Random Selection (D15.55 example)."""
    assert answer.dice is not None and decision.target is not None
    state = position.state
    h = decision.target
    firer = state.units.get(decision.subject[0])
    side = firer.side if firer is not None else position.phasing
    hit = [u for u in decision.arg("hit").split(",") if u in state.units]
    fp = int(decision.arg("fp", "0"))
    tem = asl_terrain.tem(position, h)
    original = sum(answer.dice)
    lines = [Line(T("Original DR"), str(original), "A.1")]
    if tem:
        lines.append(Line(T("target terrain ({terrain})", terrain=position.map.terrain(h)), f"{tem:+d}", "B"))
    final = original + tem
    got = iift.read(position, fp, final)  # A7.37: the table in use
    result, column = got.result, "" if got.column is None else got.shown
    lines.append(Line(got.label(), got.said(), got.cite("D15.5")))
    results = {u: result for u in hit}
    checks = hit
    if result == "PTC":  # D15.54: a pin means nothing to motorcycle riders
        riding = [u for u in hit if (c := state.units.get(state.units[u].carrier or "")) is not None
                  and moto.is_moto_unit(c)]
        if riding:
            lines.append(Line(T("riders"), T("PTC: no effect on motorcycle riders"), "D15.54"))
            results.update({u: "-" for u in riding})
            checks = [u for u in hit if u not in riding]
    summary = T("{unit}'s hit on {hex}: {result}", unit=side if firer is None else firer.id,
                hex=position.label(h), result=result)
    res = Resolution(act.Fire((decision.subject[0],), h, answer.dice), "ift", position.charts.label,
                     position.charts.demo, tuple(lines), results, summary)
    state = state.replace(resolution=res)
    if not checks or result == "-":
        return state
    return state.push(*decisions_for(position.at(state), result, checks, column))


__all__ = ["HE_FORMAT", "HE_PACK", "IFT", "TH", "claims", "declare", "he_fp", "load_he", "resume_ift",
           "resume_th", "ridden_cycles", "targets", "to_hit"]
