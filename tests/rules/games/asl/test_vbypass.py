"""Vehicular Bypass Movement in play (vbypass.py, D2.3-D2.38), from chapter D's worked examples (T-MOV-01,
-02, -04, -05, -06 of the digest) on stand-in hexes of the small test board: columns shifted by an even number
keep the examples' geometry (FF5 -> F5, W4 -> E4, J10 -> J5, BB3 -> H3), and each test checks the example's
own covered arcs first."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vbypass, vfire
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import terrain as asl_terrain
from hexmate.rules.games.asl.vehicles import MainArmament
from hexmate.rules.hexes import direction_between

from .test_armour import COUNTERS


def far_enemy() -> dict[str, Any]:
    return {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}


def cost_of(pos: Position, text: str) -> Fraction:
    move = pos.game.check(pos, pos.parse_action(text))
    assert move.cost is not None
    return Fraction(move.cost)


def settle(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


# --- T-MOV-01, T-MOV-02: the BT-7 in FF5 (D2.21, D2.22) ---
def bt7(make_position: Any, *markers: str) -> Position:
    unit = {"id": "a-t", "counter": "t", "side": "a", "hex": "F5", "markers": ["vca1", *markers]}
    pos: Position = make_position("asl", [unit, far_enemy()], "MPh", counters=COUNTERS,
                                  hexes={"F6": {"terrain": "woods"}})
    assert sorted(pos.label(h) for h in fc.front_hexes(pos.units["a-t"].hex, 1)) == ["F4", "G5"]  # FF4-GG5
    return pos


def test_t_mov_01_d2_21_reverse_bypass_then_reverse(make_position: Any) -> None:
    """T-MOV-01 (D2.21 example): start 1 + (2 x 1 open) x 4 reverse = 9 MP to reverse-bypass FF6 along its
    hexside with EE6; 4 more to reverse into EE7: 13."""
    pos = bt7(make_position)
    assert cost_of(pos, "move a-t F5-F6 as reverse+bypass") == 9
    assert cost_of(pos, "move a-t F5-F6-E7 as reverse+bypass") == 13
    path = tuple(map(pos.map.parse_label, ("F5", "F6", "E7")))
    _, facings, across = vbypass.route(pos, pos.units["a-t"], path, bypass=True, reverse=True)
    assert facings == (1, 1) and [pos.label(h) if h else None for h in across] == ["E6", None]
    pos.push_text("move a-t F5-F6-E7 as reverse+bypass")
    settle(pos)
    assert pos.decision is not None and pos.decision.then == "vfacing"  # in E7, out of bypass: may turn
    pos.push_text("answer keep")
    tank = pos.units["a-t"]
    assert pos.label(tank.hex) == "E7" and tank.facing == 1 and vbypass.across_of(tank) is None
    assert armour.spent_of(tank) == 14  # 13 and the stop (D2.13)
    assert not any(d.then == "vbog" for d in pos.state.decisions)  # no bog check for a bypass (D2.3)


def test_t_mov_02_d2_22_reverse_bypass_only_between_the_rear_hexes(make_position: Any) -> None:
    """T-MOV-02 (D2.22 example): with VCA FF4-GG5, in reverse only the FF6-EE6 hexside (between the rear
    hexes) may be bypassed, not FF6-GG6: that one needs a hexspine turned first (rear hexes FF6-GG6), 1 MP
    more."""
    pos = bt7(make_position)
    assert cost_of(pos, "move a-t F5-F6 as reverse+bypass:E6") == 9
    assert cost_of(pos, "move a-t F5-F6 as reverse+bypass:G6") == 10
    path = (pos.map.parse_label("F5"), pos.map.parse_label("F6"))
    _, facings, _ = vbypass.route(pos, pos.units["a-t"], path, bypass=True, reverse=True,
                                  last_across=pos.map.parse_label("G6"))
    assert facings == (2,)


# --- T-MOV-04, T-MOV-05: J10 and I10 (D2.3, D2.31) ---
def test_t_mov_04_d2_3_bypass_uphill(make_position: Any) -> None:
    """T-MOV-04 (D2.3 example): bypassing I10 from J10, a level higher: (4 + 1 open) x 2 = 10 MP."""
    unit = {"id": "a-t", "counter": "t", "side": "a", "hex": "J5", "markers": ["vca2", "motion"]}
    pos: Position = make_position("asl", [unit, far_enemy()], "MPh", counters=COUNTERS,
                                  hexes={"I5": {"terrain": "wooden-building", "level": 1}})
    assert cost_of(pos, "move a-t J5-I5 as bypass") == 10  # in Motion: no start MP


def test_t_mov_05_d2_31_a_hexside_already_bypassed(make_position: Any) -> None:
    """T-MOV-05 (D2.31 example): with a vehicle bypassing the J10 woods along its hexside with I10, no other
    may bypass the I10 building along that hexside."""
    hexes = {"J5": {"terrain": "woods"}, "I5": {"terrain": "wooden-building"}}
    probe: Position = make_position("asl", [far_enemy()], "MPh", hexes=hexes, counters=COUNTERS)
    j5, i5 = probe.map.parse_label("J5"), probe.map.parse_label("I5")
    d = direction_between(j5, i5)
    heading = next(g for g in range(6) if vbypass.parallel(j5, i5, g))
    first = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "J5",
             "markers": [f"vca{heading}", f"byp{d}"]}
    second = {"id": "a-t", "counter": "t", "side": "a", "hex": "I6", "markers": ["vca2", "motion"]}
    pos: Position = make_position("asl", [first, second, far_enemy()], "MPh", hexes=hexes, counters=COUNTERS)
    assert sorted(pos.label(h) for h in fc.front_hexes(pos.map.parse_label("I6"), 2)) == ["H5", "I5"]
    assert vbypass.across_of(pos.units["a-pz"]) == i5
    with pytest.raises(IllegalAction, match=r"another vehicle or wreck is bypassing"):
        cost_of(pos, "move a-t I6-I5 as bypass:J5")
    assert cost_of(pos, "move a-t I6-I5 as bypass:H5") == 2  # the other hexside is free: 2 x 1 open


# --- T-MOV-06: the CE PzVI E in 53W4 (D2.33) ---
def pz_vi(make_position: Any, tmp_path: Path, unit: dict[str, Any]) -> Position:
    catalogue = tmp_path / "vehicles.json"
    catalogue.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "demo values", "vehicles": {
        "pz-vi-e": {"name": "12-MP heavy tank (demo values)", "movement": "tracked", "mp": 12,
                    "manufacturer": "g", "ground_pressure": "normal",
                    "armor": {"hull_front": 11, "hull_side": 8},
                    "ma": {"calibre": 88, "kind": "gun"}, "cs": 7, "demo": True}}}))
    counters = {**COUNTERS, "vi": {"type": "vehicle", "vehicle": "pz-vi-e", "catalogue": str(catalogue)}}
    hexes = {
        "E4": {"terrain": "open", "road": ["NW"]}, "D3": {"terrain": "open", "road": ["SE"]},
        "D4": {"terrain": "woods"}, "C4": {"terrain": "open"},
        "C5": {"terrain": "stone-building", "features": ["bypass-blocked:NE"]},  # U5's art near U5-V4 (D2.3)
    }
    pos: Position = make_position("asl", [unit, far_enemy()], "MPh", counters=counters, hexes=hexes)
    return pos


def test_t_mov_06_d2_33_bypass_options(make_position: Any, tmp_path: Path) -> None:
    """T-MOV-06 (D2.33 example): V3 by road 1/2, turn to U4-V4 1, bypass V4 along U4-V4 2: 3 1/2 MP, CAFP
    U4-U5-V4 (F = U5). Then red (turn, bypass V4 along U5-V4) and blue (turn, bypass U5 along U4-U5) make
    6 1/2; stop, start in reverse and back into V3 make 9 1/2. U5 may not be bypassed along U5-V4 (its art),
    nor U4 at all (not woods or a building)."""
    pos = pz_vi(make_position, tmp_path, {"id": "a-vi", "counter": "vi", "side": "a", "hex": "E4",
                                          "markers": ["vca3", "ce", "motion"]})
    label = pos.label
    assert sorted(label(h) for h in fc.front_hexes(pos.map.parse_label("E4"), 3)) == ["D3", "D4"]  # V3-V4
    assert cost_of(pos, "move a-vi E4-D3-D4 as bypass:C4") == Fraction(7, 2)
    d4, c4 = pos.map.parse_label("D4"), pos.map.parse_label("C4")
    assert label(vbypass.ends(d4, c4, 4)[0]) == "C5"  # F = U5
    assert cost_of(pos, "move a-vi E4-D3-D4-D4 as bypass:C5") == Fraction(13, 2)  # red
    assert cost_of(pos, "move a-vi E4-D3-D4-C5 as bypass:C4") == Fraction(13, 2)  # blue
    assert cost_of(pos, "move a-vi E4-D3-D4-D3 as bypass") == Fraction(19, 2)  # reverse into V3
    with pytest.raises(IllegalAction, match=r"D2\.3"):
        cost_of(pos, "move a-vi E4-D3-D4-C5 as bypass:D4")  # too close to the U5 building
    with pytest.raises(IllegalAction, match=r"D2\.31"):
        cost_of(pos, "move a-vi E4-D3-C4 as bypass:D4")  # U4 is not a woods or building hex


def test_d2_34_stationary_bypass_then_into_the_building(make_position: Any, tmp_path: Path) -> None:
    """D2.34: the move ends astride the hexside (stop 1 MP, no facing question: done, or the stop MP's turret
    turn to a TCA point, D2.321); next MPh, BU, the tank goes
    from the CAFP into the U5 building for 1/2 its MP allowance with a bog check at +5 (T-MOV-06's yellow)."""
    pos = pz_vi(make_position, tmp_path, {"id": "a-vi", "counter": "vi", "side": "a", "hex": "E4",
                                          "markers": ["vca3", "ce", "motion"]})
    pos.push_text("move a-vi E4-D3-D4 as bypass:C4")
    seen = list(pos.changes)
    while pos.decision is not None and pos.decision.kind == "react":  # the CE crew draws the 4-4-7's windows
        pos.push_text("answer pass")  # (D5.31, A8.1): the table's changes come with the last one
        seen += list(pos.changes)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.hexes == (pos.map.parse_label("D4"),)
    pos.push_text("answer keep")
    tank = pos.units["a-vi"]
    assert pos.label(tank.hex) == "D4" and pos.label(vbypass.across_of(tank)) == "C4" and tank.facing == 4
    assert pos.decision is None and armour.spent_of(tank) == Fraction(9, 2)  # 3 1/2 and the stop
    [astride] = [ph for ph in seen if ph.rule == "D2.32"]
    assert "astride the NW hexside" in astride.text
    # the yellow route, the following Player Turn: stopped and BU in bypass (start 1 + 6)
    d = direction_between(pos.map.parse_label("D4"), pos.map.parse_label("C4"))
    pos = pz_vi(make_position, tmp_path, {"id": "a-vi", "counter": "vi", "side": "a", "hex": "D4",
                                          "markers": ["vca4", f"byp{d}"]})
    assert set(map(pos.label, pos.legal_actions.moves_for({"a-vi"}))) >= {"C5", "D3"}  # F, or B in reverse
    assert cost_of(pos, "move a-vi D4-C5") == 7
    with pytest.raises(IllegalAction):
        cost_of(pos, "move a-vi D4-C4")  # neither F nor B: no turn in bypass (D2.33)
    pos.push_text("move a-vi D4-C5")
    settle(pos)
    bog = pos.decision
    assert bog is not None and bog.then == "vbog" and bog.arg("drm") == "5"


# --- fire at and from a bypassing vehicle: T-GEO-02 (D2.32), D2.38, D2.35 ---
def psw(make_position: Any, *extra: dict[str, Any]) -> Position:
    probe: Position = make_position("asl", [far_enemy()], "PFPh", counters=COUNTERS)
    h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
    unit = {"id": "b-t", "counter": "t", "side": "b", "hex": "H3",
            "markers": ["vca4", f"byp{direction_between(h3, i4)}"]}
    pos: Position = make_position("asl", [unit, *extra], "PFPh", counters=COUNTERS,
                                  hexes={"H3": {"terrain": "woods"}})
    return pos


def test_t_geo_02_d2_32_the_firer_hex_decides_the_aspect(make_position: Any) -> None:
    """T-GEO-02 (D2.321 example): bypassing BB3 toward the BB3-BB4-CC4 vertex, the first six front hexes are
    BB4, AA5, BB5, Z5, AA6, BB6 and the first six rear CC3, CC2, DD2, CC1, DD1, EE2; AA4 and BB2 are side."""
    pos = psw(make_position)
    tank = pos.units["b-t"]
    assert pos.label(vbypass.ends(tank.hex, vbypass.across_of(tank), 4)[0]) == "H4"  # F = BB4
    front = ["H4", "G5", "H5", "F5", "G6", "H6"]
    rear = ["I3", "I2", "J2", "I1", "J1", "K2"]
    for name, want in [*((n, "front") for n in front), *((n, "rear") for n in rear), ("G4", "side"),
                       ("H2", "side")]:
        assert vbypass.aspect(tank, pos.map.parse_label(name)) == want, name
    assert vbypass.aspect(tank, tank.hex, coloured=6) == "side"  # a same-hex hull hit (D2.32)
    assert all(vbypass.in_vca(tank, pos.map.parse_label(n)) for n in front)
    assert not vbypass.in_vca(tank, pos.map.parse_label("G4"))


def test_d2_38_no_woods_tem_for_a_bypassing_target(make_position: Any) -> None:
    firer = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "H6", "markers": ["vca1"]}
    pos = psw(make_position, firer)
    bypassing = vfire.to_hit_of(pos, pos.units["a-pz"], pos.units["b-t"])[0]
    inside = pos.units["b-t"].mark(remove=tuple(m for m in pos.units["b-t"].markers if m.startswith("byp")))
    in_woods = vfire.to_hit_of(pos, pos.units["a-pz"], inside)[0]
    assert bypassing > in_woods  # the woods TEM counts only inside the obstacle (D2.38)


def test_d7_13_bypassing_a_hex_of_enemy_infantry_is_no_overrun(make_position: Any) -> None:
    """D7.13: units inside the woods obstacle are not overrun by a vehicle bypassing that hex: the move costs
    the bypass alone (2 x 1 open, in Motion: no start MP; no OVR quarter, D7.1) and no OVR is rolled."""
    unit = {"id": "a-t", "counter": "t", "side": "a", "hex": "J5", "markers": ["vca2", "motion"]}
    enemy = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "I5"}
    pos: Position = make_position("asl", [unit, enemy], "MPh", counters=COUNTERS,
                                  hexes={"I5": {"terrain": "woods"}})
    assert cost_of(pos, "move a-t J5-I5 as bypass") == 2
    pos.push_text("move a-t J5-I5 as bypass")
    settle(pos)
    assert all(d.then != "vovr" for d in pos.state.decisions)
    tank = pos.units["a-t"]
    assert pos.label(tank.hex) == "I5" and vbypass.across_of(tank) is not None  # Stationary Bypass (D2.34)
    assert not pos.units["b-sq"].has("broken") and not pos.units["b-sq"].has("pinned")


def test_d2_6_bypassing_through_an_enemy_afv_hex_but_never_stopping(make_position: Any) -> None:
    """D2.6: a vehicle may not stop in a hex of an enemy AFV; it may go through it (here in bypass). Its gun
    is out, so D2.6's TK-DR-of-5 exception does not let it stay (test_vstay.py)."""
    unit = {"id": "a-t", "counter": "t", "side": "a", "hex": "J5", "markers": ["vca2", "motion", "ma_malf"]}
    enemy = {"id": "b-pz", "counter": "pz", "side": "b", "hex": "I5", "markers": ["vca0"]}
    pos: Position = make_position("asl", [unit, enemy, far_enemy()], "MPh", counters=COUNTERS,
                                  hexes={"I5": {"terrain": "woods"}})
    with pytest.raises(IllegalAction, match=r"D2\.6"):
        pos.push_text("move a-t J5-I5 as bypass")
    path = tuple(map(pos.map.parse_label, ("J5", "I5")))
    assert vbypass.route(pos, pos.units["a-t"], path, bypass=True)[0] == 4  # in Motion: 2 x (1 open + 1 AFV)


def test_d2_33_reverse_bypass_from_a_bypass_position(make_position: Any) -> None:
    """D2.33, D2.21: the BT-7 of T-MOV-01 in Stationary Bypass of FF6 along its hexside with EE6 backs on
    round its rear vertex along FF6's next hexside: start 1 + turn 1 + (2 x 1 open) x 4 = 10 MP; that vertex
    becomes its CAFP, with EE6 the hex beyond it."""
    probe = bt7(make_position)
    f6, e6 = probe.map.parse_label("F6"), probe.map.parse_label("E6")
    unit = {"id": "a-t", "counter": "t", "side": "a", "hex": "F6",
            "markers": ["vca1", f"byp{direction_between(f6, e6)}"]}
    pos: Position = make_position("asl", [unit, far_enemy()], "MPh", counters=COUNTERS,
                                  hexes={"F6": {"terrain": "woods"}})
    _, bh = vbypass.ends(f6, e6, 1)
    assert cost_of(pos, "move a-t F6-F6 as reverse+bypass") == 10
    pos.push_text("move a-t F6-F6 as reverse+bypass")
    settle(pos)
    tank = pos.units["a-t"]
    assert tank.hex == f6 and vbypass.across_of(tank) == bh
    assert vbypass.ends(f6, bh, tank.facing or 0)[0] == e6  # backed away from the old rear vertex
    with pytest.raises(IllegalAction):
        cost_of(pos, "move a-t F6-F6 as bypass")  # forward it may only go round the CAFP, not back


def test_t_geo_03_d2_321_case_a_of_a_bypassing_st_turret(make_position: Any) -> None:
    """T-GEO-03 (D2.321 example), the PSW 234/2 (ST turret) bypassing BB3 with its TCA to the front: at the
    4-4-7 in AA4 it turns to the side TCA, +2 (ST) +1 (to a bypass side) = +3; at the 6-2-8 in BB2, the same
    side, still +2; at AA4 again, acquired, 0; turning front to rear for DD1, +3 for two ST points +1 for
    passing a side = +4. (The example's targets are infantry; enemy vehicles stand in for them here: the
    Case A does not depend on the target.)"""
    counters = {**COUNTERS, "st": {"type": "vehicle", "vehicle": "demo-pz-g"}}
    probe: Position = make_position("asl", [far_enemy()], "PFPh", counters=counters)
    h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
    targets = [{"id": f"b-{n}", "counter": "t", "side": "b", "hex": n, "markers": ["vca0"]}
               for n in ("G4", "H2", "J1")]
    firer = {"id": "a-psw", "counter": "st", "side": "a", "hex": "H3",
             "markers": ["vca4", f"byp{direction_between(h3, i4)}"]}
    pos: Position = make_position("asl", [firer, *targets], "PFPh", counters=counters)
    psw_unit = pos.units["a-psw"]
    st = dataclasses.replace(armour.vtype(psw_unit), ma=MainArmament(20, "gun", mount="ST"))
    sector = {n: vbypass.sector(psw_unit, pos.map.parse_label(n)) for n in ("G4", "H2", "J1")}
    assert sector["G4"] == sector["H2"] != "front" and sector["J1"] == "rear"  # AA4 and BB2 one side

    def case_a(tca: int, name: str, acquired: bool = False) -> int:
        k, side, _ = vbypass.turret_case_a(psw_unit, tca, pos.map.parse_label(name), acquired=acquired)
        assert st.ma is not None
        return od.case_a(od.load_pack(), st.ma.mount, turret_turns=k, bypass_side=side)

    assert case_a(4, "G4") == 3  # front -> side: +2 +1
    side_tca = vbypass.turret_case_a(psw_unit, 4, pos.map.parse_label("G4"), acquired=False)[2]
    assert case_a(side_tca, "H2") == 2  # the wider side arc: +2, no turn
    assert case_a(side_tca, "G4", acquired=True) == 0  # acquired, same arc
    assert case_a(4, "J1") == 4  # front -> rear through a side: +3 +1
    # in play: the demo tank's turret (T rate) at AA4 from the front TCA takes the bypass Case A too
    steps = vfire.to_hit_of(pos, psw_unit, pos.units["b-G4"])[1]
    [step_a] = [s for s in steps if s.name == "A"]
    assert step_a.value == 1 + 1  # T: 1 point turned, +1 to a side (demo pack T row)


@pytest.mark.parametrize(("across", "drm"), [("F4", 0), ("G5", 1)])
def test_d9_4_a_bypassing_wreck_hinders_only_a_los_touching_its_hexside(make_position: Any, across: str,
                                                                        drm: int) -> None:
    """D9.4: an AFV or wreck in bypass hinders only a LOS that touches the hexside it bypasses along. The LOS
    C5-J5 runs through F5 across its NW and NE hexsides, never its N one (compare test_armour's wreck in F5,
    which hinders that LOS by +1)."""
    probe: Position = make_position("asl", [far_enemy()], "PFPh", counters=COUNTERS)
    f5, n = probe.map.parse_label("F5"), probe.map.parse_label(across)
    heading = next(g for g in range(6) if vbypass.parallel(f5, n, g))
    wreck = {"id": "b-w", "counter": "t", "side": "b", "hex": "F5",
             "markers": [f"vca{heading}", f"byp{direction_between(f5, n)}", "wreck"]}
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J5", "markers": ["vca3"]}, wreck]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    got = vfire.afv_hindrance(pos, pos.map.parse_label("C5"), pos.map.parse_label("J5"))[0]
    assert got == drm


def test_d2_37_los_to_a_bypassing_vehicle_runs_to_its_cafp(make_position: Any) -> None:
    """D2.37: the tank bypassing woods H3 along its hexside with I4, heading SW, is at its CAFP, the H3-I4-H4
    corner. From H6 (in front) the thread reaches that corner without crossing H3; from H1, beyond the hex, it
    crosses the woods of H3 first: blocked, though the centre dot of H3 is in sight across open H2."""
    pos = psw(make_position)
    tank = pos.units["b-t"]
    h1, h6 = pos.map.parse_label("H1"), pos.map.parse_label("H6")
    front = vbypass.sight(pos, h6, tank)
    behind = vbypass.sight(pos, h1, tank)
    assert front is not None and not front.blocked
    assert behind is not None and behind.blocked and "D2.37" in behind.reason
    assert not asl_terrain.line_of_sight(pos, h1, tank.hex).blocked  # hex centre to hex centre: seen
    stopped = tank.mark(remove=tuple(m for m in tank.markers if m.startswith("byp")))
    assert vbypass.sight(pos, h1, stopped) is None  # not bypassing: the ordinary LOS


def test_d2_37_no_fire_from_beyond_the_obstacle(make_position: Any) -> None:
    """The same tank, a Panzer in H1 facing it: its fire at H3 is refused for want of LOS to the CAFP."""
    firer = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "H1", "markers": ["vca3"]}
    pos = psw(make_position, firer)
    with pytest.raises(IllegalAction, match="line of sight"):
        pos.game.check(pos, pos.parse_action("fire a-pz at H3"))


def test_d2_36_getting_on_and_off_a_bypassing_vehicle_in_its_hex(make_position: Any) -> None:
    """D2.36: a bypassing vehicle is in the bypassed hex (at its CAFP), not in both hexes of its hexside:
    infantry get on and off it in that hex only. The BT-7 (riders) stands in Stationary Bypass of FF6 along
    its hexside with EE6 (T-MOV-01's position)."""
    probe = bt7(make_position)
    f6, e6 = probe.map.parse_label("F6"), probe.map.parse_label("E6")
    unit = {"id": "a-t", "counter": "t", "side": "a", "hex": "F6",
            "markers": ["vca1", f"byp{direction_between(f6, e6)}"]}
    in_p = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F6"}
    across = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "E6"}
    pos: Position = make_position("asl", [unit, in_p, across, far_enemy()], "MPh", counters=COUNTERS,
                                  hexes={"F6": {"terrain": "woods"}})
    with pytest.raises(IllegalAction, match=r"D6\.4"):
        pos.push_text("load a-sq2 into a-t")  # from EE6, across the hexside it straddles: no
    pos.push_text("load a-sq into a-t")
    assert (pos.decision.kind, pos.decision.rule) == ("react", "A8.12")  # b-sq may fire first (D5.43)
    pos.push_text("answer pass")
    assert pos.units["a-sq"].carrier == "a-t"
    pos.push_text("unload a-t")
    pos.push_text("answer pass")  # A8.12: and at the unloaded squad
    sq = pos.units["a-sq"]
    assert sq.carrier is None and sq.hex == f6  # off in the bypassed hex, beneath the vehicle


def test_d6_21_riders_stay_on_an_afv_that_bypasses_woods(make_position: Any) -> None:
    """D6.21: riders may not be carried through woods, but an AFV bypassing them is not moving through the
    woods: its riders stay on (they bail out only when it enters the obstacle)."""
    unit = {"id": "a-t", "counter": "t", "side": "a", "hex": "J5", "markers": ["vca2"]}
    rider = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "J5", "carrier": "a-t"}
    pos: Position = make_position("asl", [unit, rider, far_enemy()], "MPh", counters=COUNTERS,
                                  hexes={"I5": {"terrain": "woods"}})
    pos.push_text("move a-t J5-I5 as bypass")
    settle(pos)
    assert pos.units["a-sq"].carrier == "a-t" and pos.label(pos.units["a-sq"].hex) == "I5"


def test_d2_321_the_turret_turned_with_the_first_mp_out_of_a_bypass(make_position: Any) -> None:
    """D2.321, D3.1.2: the demo Panzer bypassing H3 (heading 4, along H3-I4, in Motion) turns its turret
    with its move's first MP while it still straddles the hexside: only to its four TCA points (4 front, 5
    and 3 the sides, 1 the rear); the turn costs nothing more (1 MP for H4, Open Ground)."""
    probe: Position = make_position("asl", [far_enemy()], "MPh", counters=COUNTERS)
    h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
    tank = {"id": "a-pz", "counter": "pz", "side": "a", "hex": "H3",
            "markers": ["vca4", "motion", f"byp{direction_between(h3, i4)}"]}
    pos: Position = make_position("asl", [tank, far_enemy()], "MPh", counters=COUNTERS,
                                  hexes={"H3": {"terrain": "woods"}})
    assert cost_of(pos, "move a-pz H3-H4 as tca1") == 1
    with pytest.raises(IllegalAction, match=r"four TCA points"):
        cost_of(pos, "move a-pz H3-H4 as tca0")
    with pytest.raises(IllegalAction, match=r"already points at that TCA point"):
        cost_of(pos, "move a-pz H3-H4 as tca4")
