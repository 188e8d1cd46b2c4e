"""Ordnance at motorcycle riders in play (motoord.py; D15.5, D15.52, D15.55), played through the game's apply.

Numbers from the D15.55 example (T-CBT-14): a 75mm gun fires at an open hex 6 hexes away holding a moving
squad-size cycle (a squad and an 8-0 leader aboard) and a 2-2-8 crew; modified TH# 8 on the Infantry Target
Type; the crew is hit on 8 or less, the riders (Case J +2, riders -1) on 7 or less; IFT DR 3 on the 12 FP
column: K/3, Random Selection among the three; the squad picked is reduced and the cycle counter shrinks;
then the crew and the leader pass their 3MC and the HS fails its own, breaks and bails out (NMC). The gun here
is a CE tank's 75mm MA (the example's gun is not named as an AFV's: a CE open firer takes no Case I), turned
at its target so that Case A does not apply."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games import Position
from hexmate.rules.games.asl import alhide, armorldr, moto, motoord
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import units as au
from hexmate.rules.hexes import distance


def counters() -> dict[str, Any]:
    out = {name: dict(v) for name, v in au.demo_catalogue().items()}
    out["mc"] = {"type": "vehicle", "vehicle": "demo-moto-g"}
    out["pz"] = {"type": "vehicle", "vehicle": "demo-pz-g"}
    return out


def example(make_position: Any, *extra: str, motion: bool = True, phase: str = "PFPh") -> Position:
    """The D15.55 example's Location at range 6 from a German tank's 75mm gun facing it."""
    probe: Position = make_position("asl", [{"id": "x", "counter": "8-0", "side": "a", "hex": "C2"}], phase,
                                    counters=counters())
    a = probe.map.parse_label("C2")
    b = next(h for h in sorted(probe.map.hexes, key=lambda h: (h.q, h.r)) if distance(a, h) == 6)
    vca = next(k for k in range(6) if fc.hexspines_to(a, b, k) == 0)
    there = probe.label(b)
    units = [{"id": "g-pz", "counter": "pz", "side": "a", "hex": "C2", "markers": [f"vca{vca}", "ce"]},
             {"id": "r-mc", "counter": "mc", "side": "b", "hex": there,
              "markers": ["vca0"] + (["motion"] if motion else [])},
             {"id": "r-sq", "counter": "4-4-7r", "side": "b", "hex": there, "carrier": "r-mc"},
             {"id": "r-80", "counter": "8-0", "side": "b", "hex": there, "carrier": "r-mc"},
             {"id": "r-cr", "counter": "2-2-8", "side": "b", "hex": there},
             *({"id": uid, "counter": "8-0", "side": "b", "hex": there} for uid in extra)]
    pos: Position = make_position("asl", units, phase, counters=counters())
    return pos


def test_t_cbt_14_to_hit_numbers_d15_55(make_position: Any) -> None:
    """T-CBT-14 (D15.55 example, D15.5): the crew on 8, the riders of the Motion cycle on 7 (J +2, -1)."""
    pos = example(make_position)
    target = pos.units["r-mc"].hex
    assert target is not None
    assert od.load_pack().base_th("infantry", 6) == 8  # the example's modified TH# 8 (no other DRM)
    _, each, _ = motoord.to_hit(pos, pos.units["g-pz"], target)
    assert each == {"r-cr": 8, "r-sq": 7, "r-80": 7}
    still = example(make_position, motion=False)
    _, each, _ = motoord.to_hit(still, still.units["g-pz"], target)
    assert each == {"r-cr": 8, "r-sq": 9, "r-80": 9}  # a stopped cycle: only the riders' -1 (D15.5)


def test_t_cbt_14_played_through_k3_random_selection_and_the_cycle_shrinks(make_position: Any) -> None:
    """T-CBT-14 (D15.55 example; D15.5, D15.52, D15.53): TH DR 7 hits all three; IFT DR 3 on the 12 FP
    column is K/3 for all; Random Selection picks the squad: it becomes a HS and the squad cycle counter a HS
    one; the leader and crew pass their 3MC; the HS fails its own, breaks and bails out (a NMC)."""
    pos = example(make_position)
    there = pos.units["r-mc"].hex
    assert there is not None
    fire = f"fire g-pz at {pos.label(there)}"
    assert fire in [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    pos.push_text(fire)
    assert pos.decision is not None and pos.decision.then == motoord.TH
    pos.push_text("answer dice 3,4")  # 7: the riders' TH# 7 and the crew's 8 are both reached
    res = pos.last_resolution
    assert res is not None and res.results == {"r-80": "hit", "r-cr": "hit", "r-sq": "hit"}
    top = pos.decision
    assert top is not None and top.then == motoord.IFT and top.arg("fp") == "12"  # 75mm HE: 12 FP (C8.31)
    pos.push_text("answer dice 1,2")  # IFT DR 3, open ground: K/3
    res = pos.last_resolution
    assert res is not None and set(res.results.values()) == {"K/3"} and len(res.results) == 3
    assert "rus-mc" not in res.results and "r-mc" not in res.results  # never the cycle itself (D15.5)
    top = pos.decision
    assert top is not None and top.then == "casualty" and set(top.units) == {"r-sq", "r-80", "r-cr"}
    pos.push_text("answer units r-sq")  # Random Selection: the squad is reduced
    sq = pos.units["r-sq"]
    assert sq.type == "hs" and sq.carrier == "r-mc"
    assert moto.size_of(pos.units["r-mc"]) == 2  # D15.52: the squad counter becomes a HS counter
    checks = []
    while pos.decision is not None and pos.decision.then == "mc" and len(checks) < 3:
        uid = pos.decision.subject[0]
        checks.append((uid, pos.decision.arg("drm")))
        pos.push_text("answer dice 1,2" if uid != "r-sq" else "answer dice 5,6")
    assert sorted(checks) == [("r-80", "3"), ("r-cr", "3"), ("r-sq", "3")]
    hs = pos.units["r-sq"]
    assert hs.has("broken") and hs.carrier is None and hs.has("bailed")  # D15.53: the cycle in Motion
    top = pos.decision
    assert top is not None and top.then == "mc" and top.subject == ("r-sq",) and top.arg("drm") == "0"  # NMC
    # D15.53: the leader goes on in Motion on a one-cycle counter of his own; the HS counter stays, unridden
    ldr = pos.units["r-80"]
    assert ldr.carrier == "r-mc/1" and not ldr.has("broken")
    assert moto.size_of(pos.units["r-mc/1"]) == 1 and pos.units["r-mc/1"].has("motion")
    assert moto.size_of(pos.units["r-mc"]) == 2 and not moto.riders_of(pos.state, pos.units["r-mc"])
    pos.push_text("answer dice 6,6")  # the bail-out NMC fails: the broken HS is eliminated
    assert "r-sq" not in pos.units and "r-mc" in pos.units  # the HS cycle counter stays in the hex


def test_d15_5_a_gun_never_fires_at_the_cycle_itself(make_position: Any) -> None:
    """D15.5: no To Hit at the motorcycle as a vehicle: the fire is the riders' (moth, not vth)."""
    pos = example(make_position)
    there = pos.units["r-mc"].hex
    assert there is not None
    pos.push_text(f"fire g-pz at {pos.label(there)}")
    assert pos.decision is not None and pos.decision.then == "moth"
    pos.push_text("answer dice 6,5")  # 11: misses everyone
    res = pos.last_resolution
    assert res is not None and set(res.results.values()) == {"miss"}
    assert pos.decision is None or pos.decision.then != motoord.IFT


def test_he_pack_errors_name_the_file(tmp_path: Any) -> None:
    """C8.31 pack: the demo pack's cited cell, and a bad pack refused with its file and key."""
    assert motoord.he_fp(75) == 12  # D15.55 example
    bad = tmp_path / "he.json"
    bad.write_text('{"format": "hexmate-asl-he/1", "rows": [[75, "x"]]}', encoding="utf-8")
    with pytest.raises(DataError, match=r"he\.json, key 'rows'"):
        motoord.load_he(str(bad))


def test_d15_55_a_rider_leader_who_breaks_causes_no_lltc(make_position: Any) -> None:
    """D15.55: a motorcycle rider broken causes no LLTC (the 4-4-7 squad of morale 7 under the 8-0 would take
    one on foot, A10.2), and a LLMC/LLTC does nothing to riders. The IFT DR is picked where the pack's 12 FP
    column reads a MC with no casualty."""
    pos = example(make_position)
    there = pos.units["r-mc"].hex
    assert there is not None
    ift = pos.charts.chart("ift")
    final = next(d for d in range(2, 13) if str(ift.lookup(fp=12, final_dr=d)) in ("1MC", "2MC"))
    pos.push_text(f"fire g-pz at {pos.label(there)}")
    pos.push_text("answer dice 3,4")  # 7: all three hit
    white = max(1, final - 6)
    pos.push_text(f"answer dice {white},{final - white}")
    seen = []
    while pos.decision is not None and pos.decision.then in ("mc", "lltc"):
        top = pos.decision
        seen.append((top.then, top.subject[0]))
        first = seen.count(("mc", "r-80")) == 1 and top.subject[0] == "r-80"
        pos.push_text("answer dice 6,5" if first else "answer dice 1,2")  # he breaks, then passes his NMC
    assert ("mc", "r-80") in seen and pos.units["r-80"].has("broken")
    assert not [s for s in seen if s[0] == "lltc"]  # D15.55: neither the squad aboard nor the crew


def test_d15_55_riders_take_no_llmc_from_a_leader_on_foot(make_position: Any) -> None:
    """D15.55 (with A10.2): a leader on foot who breaks makes the lower-morale units with him take a LLTC, but
    not the riders of a motorcycle there."""
    from hexmate.rules.games.asl import mounted

    pos = example(make_position, "r-91")  # another 8-0, on foot
    others = [u for u in pos.units.values() if u.hex == pos.units["r-91"].hex and u.id != "r-91"
              and u.type != "vehicle"]
    got = {u.id for u in mounted.lose_leader_to(pos, pos.units["r-91"], others)}
    assert got == {"r-cr"}  # the crew on foot; not r-sq nor r-80 aboard the cycle


def test_d15_53_two_smc_on_one_cycle_bail_out_together(make_position: Any) -> None:
    """D15.53: one motorcycle carrying two SMC under fire: one breaks, both bail out (the cycle in Motion);
    the unbroken one takes the bail-out NMC. Infantry fire, Original DR picked where the pack's 4 FP column
    reads a MC for the riders' final (Original - 1, D15.5)."""
    cs = counters()
    cs["sc"] = {"type": "vehicle", "vehicle": "demo-moto-sc-g"}
    units = [{"id": "g-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "r-sc", "counter": "sc", "side": "b", "hex": "C4", "markers": ["vca0", "motion"]},
             {"id": "r-l1", "counter": "8-0", "side": "b", "hex": "C4", "carrier": "r-sc"},
             {"id": "r-l2", "counter": "8-0", "side": "b", "hex": "C4", "carrier": "r-sc"}]
    pos = make_position("asl", units, "PFPh", counters=cs)
    ift = pos.charts.chart("ift")
    final = next(d for d in range(2, 12) if str(ift.lookup(fp=4, final_dr=d)) in ("1MC", "2MC"))
    white = max(1, final + 1 - 6)
    pos.push_text(f"fire g-1 at C4 dice {white},{final + 1 - white}")
    top = pos.decision
    assert top is not None and top.then == "mc"
    first = top.subject[0]
    other = "r-l2" if first == "r-l1" else "r-l1"
    pos.push_text("answer dice 6,5")  # 11: he breaks
    assert pos.units[first].has("broken") and pos.units[first].carrier is None
    mate = pos.units[other]
    assert mate.carrier is None and mate.has("bailed") and not mate.has("broken")  # D15.53: both bail out
    assert any(d.then == "mc" and d.subject == (other,) and d.arg("drm") == "0" for d in pos.state.decisions)


def test_d15_5_defensive_first_fire_at_a_moving_cycle_takes_case_j(make_position: Any) -> None:
    """D15.5 in the MPh: a gun's Defensive First Fire at a cycle that has just entered a hex is offered on the
    page and goes at its riders, with Case J for the moving cycle and the riders' -1 (TH# base - 2 + 1)."""
    from .test_moto import at, squad

    tank = {"id": "b-pz", "counter": "pz", "side": "b", "hex": "F2", "markers": ["vca0", "ce"]}
    pos = at(make_position, squad(), tank)
    pos.push_text("load a-sq into a-mc")
    while pos.decision is not None and pos.decision.kind in ("react", "choose", "hexes"):
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")
    pos.push_text("move a-mc F8-F7-F6")
    f7 = pos.map.parse_label("F7")
    while pos.decision is not None and pos.state.moving is not None and pos.state.moving.here != f7:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")
    assert pos.state.moving is not None and pos.state.moving.here == f7
    assert "fire b-pz at F7" in [a.text(pos.label) for a in pos.legal_actions if a.kind == "fire"]
    firer, target = pos.units["b-pz"], pos.units["a-sq"]
    assert firer.hex is not None and target.hex is not None
    _, each, _ = motoord.to_hit(pos, firer, f7)
    steps, _, _ = motoord.to_hit(pos, firer, f7)
    common = steps[0].value - sum(s.value for s in steps[1:])
    assert each == {"a-sq": common - od.load_pack().cases["J"] + 1}
    pos.push_text("fire b-pz at F7")
    assert pos.decision is not None and pos.decision.then == motoord.TH


def _led(make_position: Any) -> Position:
    """The D15.55 example's Location, fired at by the tank with a hidden 9-1 Armor Leader (D3.41): the
    public TH#s stay the example's (crew 8, riders 7)."""
    pos = example(make_position)
    tank = pos.units["g-pz"]
    values = {**tank.counter.values, "armor_leader": "9-1"}
    pos = pos.at(pos.state.with_unit(dataclasses.replace(tank, counter=dataclasses.replace(tank.counter,
                                                                                            values=values))))
    target = pos.units["r-mc"].hex
    assert target is not None
    _, each, _ = motoord.to_hit(pos, pos.units["g-pz"], target)
    assert each == {"r-cr": 8, "r-sq": 7, "r-80": 7}  # his -1 is withheld
    pos.push_text(f"fire g-pz at {pos.label(target)}")
    pos.push_text("answer dice 4,4")  # 8: the crew's TH# 8; the riders' 7 missed, 8 with his -1 (D3.44)
    top = pos.decision
    assert top is not None and top.then == alhide.RERUN_THEN and top.private and top.side == "a"
    assert top.choices == (alhide.USE, alhide.KEEP)
    return pos


def test_d3_41_the_hidden_armor_leader_brought_in_hits_the_riders(make_position: Any) -> None:
    """D3.41, D3.44: brought in, his -1 makes every TH# one higher: DR 8 hits the riders too; he is shown."""
    pos = _led(make_position)
    pos.push_text("answer use")
    res = pos.last_resolution
    assert res is not None and res.results == {"r-80": "hit", "r-cr": "hit", "r-sq": "hit"}
    assert pos.units["g-pz"].has(armorldr.SHOWN)


def test_d3_41_the_hidden_armor_leader_kept_out(make_position: Any) -> None:
    """D3.41: kept out, DR 8 hits the crew only, and he stays hidden."""
    pos = _led(make_position)
    pos.push_text("answer keep")
    res = pos.last_resolution
    assert res is not None and res.results == {"r-80": "miss", "r-cr": "hit", "r-sq": "miss"}
    assert not pos.units["g-pz"].has(armorldr.SHOWN)
    assert not any(line.rule == "D3.44" for line in res.lines)
