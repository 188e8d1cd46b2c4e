"""Motorcycles in play (moto.py; D15.1-D15.47), played through the game's apply. Numbers from D15 itself:
the D15.41 example (T-MOV-14: the cycle's MPA 28, a quarter 7 MP, road hexes 1/2 MP, 1 MF to mount, 1 MF per
quarter ridden, FRU), D15.1's counter sizes, D15.42 (no reverse, nothing for wrecks), D15.43 and D15.46's dr
of 6. Off-road costs are the chart pack's demo values (charts/motorcycle-demo.json), used only as such."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, facing, moto, vehicles

from .test_armour import COUNTERS, pass_reactions

MOTO = {**COUNTERS, "mc": {"type": "vehicle", "vehicle": "demo-moto-g"},
        "sc": {"type": "vehicle", "vehicle": "demo-moto-sc-g"},
        "sc3": {"type": "vehicle", "vehicle": "demo-moto-sc3-g"}, "2-3-7": {"type": "hs", "fp": 2, "range": 3,
                                                                          "morale": 7, "broken_morale": 7}}
ROAD = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}


def at(make_position: Any, *extra: dict[str, Any], counter: str = "mc", hex_: str = "F8",
       vca: int | None = None, hexes: dict[str, Any] | None = None) -> Position:
    if vca is None:
        probe: Position = make_position("asl", [squad("L1")], "MPh", counters=MOTO, hexes=ROAD)
        f8, f7 = probe.map.parse_label("F8"), probe.map.parse_label("F7")
        vca = next(k for k in range(6) if f7 in facing.front_hexes(f8, k))
    units = [{"id": "a-mc", "counter": counter, "side": "a", "hex": hex_, "markers": [f"vca{vca}"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=MOTO, hexes={**ROAD, **(hexes or {})})
    return pos


def squad(hex_: str = "F8", uid: str = "a-sq", counter: str = "4-6-7") -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": "a", "hex": hex_}


def settle(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind in ("react", "choose", "hexes"):
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")


def test_catalogue_type_d15_1() -> None:
    """D15.1, D15.2, D15.42, D15.51: a motorcycle entry: no reverse, no wreck, sidecar portage 3/2/1."""
    folder = vehicles.Path(vehicles.__file__).parent / "catalogues"
    cat = vehicles.load_catalogue(str(folder / "demo-vehicles.json"))
    mc = cat.vehicles["demo-moto-g"]
    assert (mc.movement, mc.rev, mc.wreck, mc.silhouettes, mc.sidecar) == ("motorcycle", 0, False, 3, False)
    assert moto.portage(False, 3) == 0 and [moto.portage(True, n) for n in (3, 2, 1)] == [3, 2, 1]
    base = {"movement": "motorcycle", "mp": 28, "silhouettes": 2}
    with pytest.raises(vehicles.CatalogueError, match=r"f\.json, vehicle 'x', key 'armor'.*D15\.5"):
        vehicles.parse_vehicle("f.json", "x", {**base, "armor": {"hull_front": 1, "hull_side": 1}})
    with pytest.raises(vehicles.CatalogueError, match="key 'silhouettes'"):
        vehicles.parse_vehicle("f.json", "x", {**base, "silhouettes": 4})
    with pytest.raises(vehicles.CatalogueError, match="key 'rev'"):
        vehicles.parse_vehicle("f.json", "x", {**base, "rev": 2})
    with pytest.raises(vehicles.CatalogueError, match="key 'sidecar'"):
        vehicles.parse_vehicle("f.json", "x", {"movement": "truck", "mp": 20, "sidecar": True})


def test_d15_4_no_driver_no_move(make_position: Any) -> None:
    """D15.4: a riderless motorcycle does not move."""
    pos = at(make_position)
    with pytest.raises(IllegalAction, match="no riders"):
        pos.game.check(pos, pos.parse_action("move a-mc F8-F7"))


def test_d15_1_counter_sizes_and_d15_4_riders(make_position: Any) -> None:
    """D15.1, D15.4: the squad counter takes a squad and up to four SMC; a HS cannot move it; the SMC sidecar
    takes up to three SMC and no MMC."""
    pos = at(make_position, squad(), squad(uid="a-hs", counter="2-3-7"),
             {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "F8"})
    pos.game.check(pos, pos.parse_action("load a-sq,a-ldr into a-mc"))
    with pytest.raises(IllegalAction, match="a squad and up to four SMC"):
        pos.game.check(pos, pos.parse_action("load a-hs into a-mc"))
    with pytest.raises(IllegalAction, match="a squad and up to four SMC"):
        pos.game.check(pos, pos.parse_action("load a-ldr into a-mc"))
    ldr = {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "F8"}
    side = at(make_position, squad(), ldr, counter="sc")
    side.game.check(side, side.parse_action("load a-ldr into a-mc"))
    with pytest.raises(IllegalAction, match="up to three SMC"):
        side.game.check(side, side.parse_action("load a-sq into a-mc"))


def test_t_mov_14_mount_ride_the_road_and_dismount(make_position: Any) -> None:
    """T-MOV-14 (D15.41): mounting costs a quarter of the MPA (28: 7 MP); road hexes 1/2 MP; 1 start + 6
    road hexes = 4 MP ridden, 1 MF (FRU of 4/7); the riders then have 1 + 1 MF spent and may dismount (7 MP
    more)."""
    pos = at(make_position, {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "F8"}, counter="sc")
    assert "load a-ldr into a-mc" in [pos.action_text(a) for a in pos.legal_actions]  # offered on the page
    pos.push_text("load a-ldr into a-mc")
    settle(pos)
    assert pos.units["a-ldr"].carrier == "a-mc" and armour.spent_of(pos.units["a-mc"]) == 7
    assert pos.game.check(pos, pos.parse_action("move a-mc F8-F7-F6-F5-F4-F3-F2")).cost == Fraction(4)
    pos.push_text("move a-mc F8-F7-F6-F5-F4-F3-F2")
    settle(pos)
    cycle = pos.units["a-mc"]
    assert cycle.hex == pos.map.parse_label("F2") and pos.units["a-ldr"].hex == cycle.hex
    if cycle.has("motion"):
        pytest.fail("the move ended in Motion; a stop was expected")
    spent = armour.spent_of(cycle)
    assert spent == 7 + 4 + 1  # mount, start + 6 x 1/2, stop (D2.13)
    assert "unload a-mc" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("unload a-mc")
    settle(pos)
    assert pos.units["a-ldr"].carrier is None and armour.spent_of(pos.units["a-mc"]) == spent + 7


def test_d15_41_four_mf_then_the_cycle_stops(make_position: Any) -> None:
    """D15.41: mounting (1 MF, 7 MP) leaves three quarters (21 MP) to ride; riding more than 14 leaves no MF
    to dismount: the example's 'all four MF gone'."""
    pos = at(make_position, squad())
    pos.push_text("load a-sq into a-mc")
    settle(pos)
    cycle = pos.units["a-mc"]
    assert armour.budget(cycle) - armour.spent_of(cycle) == 21
    with_fifteen = pos.state.with_unit(armour.with_spent(cycle, Fraction(7 + 15)))
    late = pos.at(with_fifteen)
    with pytest.raises(IllegalAction, match="no MF left to dismount"):
        late.game.check(late, late.parse_action("unload a-mc"))
    with_fourteen = pos.at(pos.state.with_unit(armour.with_spent(cycle, Fraction(7 + 14))))
    with_fourteen.game.check(with_fourteen, with_fourteen.parse_action("unload a-mc"))


def test_d15_42_no_reverse_and_no_mp_for_wrecks(make_position: Any) -> None:
    """D15.42: a motorcycle pays nothing for a wreck in the hex it enters (a tank pays +2 by road, D2.14);
    D15.3: nor does a tank pay for a motorcycle; and it never reverses (only its VCA hexes are open)."""
    wreck = {"id": "b-x", "counter": "pz", "side": "b", "hex": "F7", "markers": ["vca0", "wreck"]}
    pos = at(make_position, squad(), wreck)
    pos.push_text("load a-sq into a-mc")
    settle(pos)
    assert pos.game.check(pos, pos.parse_action("move a-mc F8-F7")).cost == Fraction(3, 2)
    with pytest.raises(IllegalAction, match="no reverse rate"):
        pos.game.check(pos, pos.parse_action("move a-mc F8-F7 as reverse"))
    vca = pos.units["a-mc"].markers
    tank = at(make_position, {"id": "a-pz", "counter": "pz", "side": "a", "hex": "F8",
                              "markers": [m for m in vca if m.startswith("vca")]},
              {"id": "a-m2", "counter": "mc", "side": "a", "hex": "F7", "markers": ["vca0"]})
    alone = at(make_position, {"id": "a-pz", "counter": "pz", "side": "a", "hex": "F8",
                               "markers": [m for m in vca if m.startswith("vca")]})
    assert (tank.game.check(tank, tank.parse_action("move a-pz F8-F7")).cost
            == alone.game.check(alone, alone.parse_action("move a-pz F8-F7")).cost)


def test_d15_43_no_dismount_beside_a_known_enemy(make_position: Any) -> None:
    """D15.43: no voluntary dismounting in a Location with a known enemy unit."""
    pos = at(make_position, squad(), {"id": "b-hs", "counter": "2-3-7", "side": "b", "hex": "F8"})
    pos.push_text("load a-sq into a-mc")
    settle(pos)
    with pytest.raises(IllegalAction, match="known enemy unit"):
        pos.game.check(pos, pos.parse_action("unload a-mc"))


def test_d15_46_a_wreck_check_6_breaks_the_riders_in_the_hex_left(make_position: Any) -> None:
    """D15.46: entering a shellhole hex calls for the dr; a 6 breaks the riders and sets them down (with the
    cycle) in the hex they were leaving; a 5 passes."""
    for dr, broken in ((6, True), (5, False)):
        pos = at(make_position, squad(), hexes={"F7": {"terrain": "shellhole", "road": ["N", "S"]}})
        pos.push_text("load a-sq into a-mc")
        settle(pos)
        pos.push_text("move a-mc F8-F7")
        pass_reactions(pos)
        top = pos.decision
        assert top is not None and top.then == "vmwreck" and top.dice == "dr" and top.rule == "D15.46"
        pos.push_text(f"answer dice {dr}")
        settle(pos)
        rider = pos.units["a-sq"]
        assert rider.has("broken") is broken
        if broken:
            f8 = pos.map.parse_label("F8")
            assert rider.carrier is None and rider.hex == f8 and pos.units["a-mc"].hex == f8
        else:
            assert rider.carrier == "a-mc" and pos.units["a-mc"].hex == pos.map.parse_label("F7")


def test_d15_47_no_bog_in_mud(make_position: Any) -> None:
    """D15.47: a motorcycle never bogs: in mud (D8.23) its off-road move asks no secret bog DR, where the
    demo Panzer's does; and no bog DR by D8.21 either."""
    units = [{"id": "a-mc", "counter": "mc", "side": "a", "hex": "C5", "markers": ["vca1"]}, squad("C5"),
             {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C6", "markers": ["vca1"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"}]
    seen: dict[str, list[str]] = {}
    for uid in ("a-mc", "a-pz"):
        pos: Position = make_position("asl", units, "MPh", counters=MOTO,
                                      options={"weather": {"precipitation": "mud"}})
        if uid == "a-mc":
            pos.push_text("load a-sq into a-mc")
            settle(pos)
        start = pos.units[uid].hex
        assert start is not None
        nxt = next(iter(facing.front_hexes(start, 1)))
        pos.push_text(f"move {uid} {pos.label(start)}-{pos.label(nxt)}")
        pass_reactions(pos)
        top = pos.decision
        seen[uid] = [top.then] if top is not None else []
        assert armour.bog_check(pos, pos.units[uid], start, nxt) is None or uid == "a-pz"
    assert seen["a-pz"] == ["vmud"] and "vmud" not in seen["a-mc"]


def test_d15_5_fire_at_riders_takes_minus_1_and_spares_the_cycle(make_position: Any) -> None:
    """D15.5: infantry fire at a Location with a ridden motorcycle attacks its riders, not the cycle (no
    vehicle line, no collateral attack): an Infantry Target with -1 on the IFT DR, no FFMO/FFNAM. Original
    DR 3 on 4 FP: the squad on the ground final 3, the riders final 2 (the IFT cells are the pack's)."""
    from hexmate.rules.games.asl import units as au

    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["mc"] = {"type": "vehicle", "vehicle": "demo-moto-g"}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-mc", "counter": "mc", "side": "b", "hex": "C4", "markers": ["vca0"]},
             {"id": "rus-r", "counter": "4-4-7r", "side": "b", "hex": "C4", "carrier": "rus-mc"},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("fire ger-1 at C4 dice 1,2")
    res = pos.last_resolution
    ift = pos.charts.chart("ift")
    assert res.results["rus-1"] == str(ift.lookup(fp=4, final_dr=3))
    assert res.results["rus-r"] == str(ift.lookup(fp=4, final_dr=2))
    assert "riders of rus-mc (-1 IFT DRM, no FFMO/FFNAM)" in res.text()
    assert "Vehicle line" not in res.text() and "rus-mc" not in res.results
    assert not pos.units["rus-mc"].has("immobilized") and not pos.units["rus-mc"].has("wreck")


def test_d15_54_a_ptc_does_nothing_to_riders(make_position: Any) -> None:
    """D15.54: a PTC result has no effect on motorcycle riders (no check is asked); the squad on the ground
    takes its PTC. The Original DR is chosen where the pack's 4 FP column reads PTC for the riders' final."""
    from hexmate.rules.games.asl import units as au

    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["mc"] = {"type": "vehicle", "vehicle": "demo-moto-g"}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-mc", "counter": "mc", "side": "b", "hex": "C4", "markers": ["vca0"]},
             {"id": "rus-r", "counter": "4-4-7r", "side": "b", "hex": "C4", "carrier": "rus-mc"}]
    pos = make_position("asl", units, "PFPh", counters=counters)
    ift = pos.charts.chart("ift")
    final = next(d for d in range(2, 12) if str(ift.lookup(fp=4, final_dr=d)) == "PTC")
    white, coloured = next((w, final + 1 - w) for w in range(1, 7)
                           if 1 <= final + 1 - w <= 6 and w != final + 1 - w)
    pos.push_text(f"fire ger-1 at C4 dice {white},{coloured}")
    res = pos.last_resolution
    assert res.results["rus-r"] == "-" and "PTC: no effect on motorcycle riders" in res.text()
    assert not [d for d in pos.state.decisions if d.subject == ("rus-r",)]


def test_d15_51_a_kia_removes_rider_and_motorcycle(make_position: Any) -> None:
    """D15.51: a KIA on a motorcycle's rider removes him and the motorcycle (no wreck). The Original DR is
    chosen where the pack's 4 FP column reads a KIA for the riders' final (Original - 1; the pack's 2 FP
    column, where Cowering on doubles would shift it, reads a KIA there too)."""
    from hexmate.rules.games.asl import units as au

    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["mc"] = {"type": "vehicle", "vehicle": "demo-moto-g"}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-mc", "counter": "mc", "side": "b", "hex": "C4", "markers": ["vca0"]},
             {"id": "rus-r", "counter": "4-4-7r", "side": "b", "hex": "C4", "carrier": "rus-mc"}]
    pos = make_position("asl", units, "PFPh", counters=counters)
    ift = pos.charts.chart("ift")
    final = next(d for d in range(1, 12) if str(ift.lookup(fp=4, final_dr=d)).endswith("KIA"))
    white, coloured = next((w, final + 1 - w) for w in range(1, 7) if 1 <= final + 1 - w <= 6)
    pos.push_text(f"fire ger-1 at C4 dice {white},{coloured}")
    while pos.decision is not None and pos.decision.then == "sw_kia":
        pos.push_text("answer dice 6")
    assert "rus-r" not in pos.units and "rus-mc" not in pos.units


@pytest.mark.parametrize("motion", [False, True])
def test_d15_53_a_broken_rider_dismounts_or_bails_out(make_position: Any, motion: bool) -> None:
    """D15.53: riders take the MC, not the cycle; one that breaks on a stopped cycle dismounts at once with no
    further effect; on a cycle in Motion he bails out (D6.24: a NMC follows). Original DR 6 on 4 FP: the
    riders' final 5 (-1, D15.5), read on the pack's column; MC DR 11 fails the 4-4-7's morale 7."""
    from hexmate.rules.games.asl import units as au

    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["mc"] = {"type": "vehicle", "vehicle": "demo-moto-g"}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-mc", "counter": "mc", "side": "b", "hex": "C4",
              "markers": ["vca0"] + (["motion"] if motion else [])},
             {"id": "rus-r", "counter": "4-4-7r", "side": "b", "hex": "C4", "carrier": "rus-mc"}]
    pos = make_position("asl", units, "PFPh", counters=counters)
    got = str(pos.charts.chart("ift").lookup(fp=4, final_dr=5))
    assert got.endswith("MC") and got != "NMC"
    pos.push_text("fire ger-1 at C4 dice 2,4")
    top = pos.decision
    assert top is not None and top.then == "mc" and top.subject == ("rus-r",)
    pos.push_text("answer dice 5,6")
    rider = pos.units["rus-r"]
    assert rider.has("broken") and rider.carrier is None and rider.hex == pos.units["rus-mc"].hex
    assert rider.has("bailed") is motion
    more = [d for d in pos.state.decisions if d.subject == ("rus-r",)]
    assert bool(more) is motion  # the bail-out's NMC only when the cycle was in Motion


def test_d15_46_two_levels_call_for_the_dr_but_not_by_road(make_position: Any) -> None:
    """D15.46: a change of more than one level calls for the Wreck Check (one level does not); by a road
    hexside it does not; a riderless cycle never rolls."""
    two = at(make_position, squad(), hexes={"G8": {"terrain": "open", "level": 2},
                                           "E8": {"terrain": "open", "level": 1},
                                           "F7": {"terrain": "open", "level": 2, "road": ["N", "S"]}})
    two.push_text("load a-sq into a-mc")
    settle(two)
    cycle = two.units["a-mc"]
    f8 = two.map.parse_label("F8")
    assert moto.needs_wreck_check(two, cycle, f8, two.map.parse_label("G8"))
    assert not moto.needs_wreck_check(two, cycle, f8, two.map.parse_label("E8"))
    assert not moto.needs_wreck_check(two, cycle, f8, two.map.parse_label("F7"))
    bare = at(make_position, hexes={"G8": {"terrain": "open", "level": 2}})
    assert not moto.needs_wreck_check(bare, bare.units["a-mc"], f8, bare.map.parse_label("G8"))


def test_d15_3_riders_count_for_stacking_the_motorcycles_do_not(make_position: Any) -> None:
    """D15.3 with A5.11: three 4-6-7 riding three squad motorcycle counters in G7 make three squads there; a
    fourth 4-6-7 walking in from G8 (open ground, 1 MF) is one squad-equivalent over and pays 1 + 1 = 2 MF.
    With the three squads dismounted it is the same 2 MF; with three riderless cycles there, 1 MF (the
    cycles themselves count for nothing)."""
    def cost(mounted: bool, riders: bool = True) -> Any:
        units: list[dict[str, Any]] = [{"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"},
                                       squad("G8", "a-walk")]
        for i in range(3):
            units.append({"id": f"a-mc{i}", "counter": "mc", "side": "a", "hex": "G7", "markers": ["vca0"]})
            if riders:
                units.append({**squad("G7", f"a-s{i}"), **({"carrier": f"a-mc{i}"} if mounted else {})})
        pos: Position = make_position("asl", units, "MPh", counters=MOTO)
        return pos.game.check(pos, pos.parse_action("move a-walk G8-G7")).cost

    assert cost(mounted=True) == 2
    assert cost(mounted=False) == 2
    assert cost(mounted=False, riders=False) == 1
    # A5.11 for a vehicle entering: four riding squads are one squad-equivalent over, +1 MP
    units = [{"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"}]
    for i in range(4):
        units += [{"id": f"a-mc{i}", "counter": "mc", "side": "a", "hex": "G7", "markers": ["vca0"]},
                  {**squad("G7", f"a-s{i}"), "carrier": f"a-mc{i}"}]
    pos: Position = make_position("asl", units, "MPh", counters=MOTO)
    assert armour.personnel_overstack(pos, "a", pos.map.parse_label("G7")) == 1


def test_d15_3_a5_11_a_motorcycle_pays_for_the_overstack_its_riders_make(make_position: Any) -> None:
    """D15.3 with A5.11: a squad counter carrying a 4-6-7 into G7 where three friendly squads stand makes four
    squads there, one over: 1 MP more than into G7 with two (three squads, none over)."""
    def cost(squads: int) -> Any:
        units: list[dict[str, Any]] = [{"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L1"},
                                       {"id": "a-mc", "counter": "mc", "side": "a", "hex": "G8",
                                        "markers": ["vca0"]},
                                       {**squad("G8", "a-rider"), "carrier": "a-mc"}]
        units += [squad("G7", f"a-s{i}") for i in range(squads)]
        pos: Position = make_position("asl", units, "MPh", counters=MOTO)
        g8, g7 = pos.map.parse_label("G8"), pos.map.parse_label("G7")
        return moto.step_mp(pos, pos.units["a-mc"], g8, g7)

    assert cost(3) - cost(2) == 1
    assert cost(2) == cost(0)
