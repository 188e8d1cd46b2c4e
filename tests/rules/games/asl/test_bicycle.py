"""Bicycles in play (bicycle.py; D15.8-D15.85), played through the game's apply and its offers. Numbers
from the text: D15.81's 4 MP (A4.11-A4.12) spent at half rate across road hexsides, the +1 road bonus, free
mounting and dismounting; D15.82's 1 PP; D15.85's -1 DRM (D15.5); D15.46's dr of 6. The road's own cost is
A4.132's (open ground, 1 MF); the IFT cells are the chart pack's."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import bicycle, mphsw
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["ht"] = {"type": "vehicle", "vehicle": "demo-ht-g"}
ROAD = {f"F{i}": {"road": ["N", "S"] if 1 < i < 8 else (["S"] if i == 1 else ["N"])} for i in range(1, 9)}


def at(make_position: Any, *extra: dict[str, Any], phase: str = "MPh", bcy: str = "BCY3", where: str = "F8",
       rider: str = "4-6-7", markers: tuple[str, ...] = (), hexes: dict[str, Any] | None = None,
       options: dict[str, Any] | None = None) -> Position:
    units = [{"id": "a-sq", "counter": rider, "side": "a", "hex": where, "markers": list(markers)},
             {"id": "a-bcy", "counter": bcy, "side": "a", "hex": where, "carrier": "a-sq"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, hexes={**ROAD, **(hexes or {})},
                                  options=options)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def path(pos: Position, *labels: str) -> tuple[Any, ...]:
    return tuple(pos.map.parse_label(x) for x in labels)


def pass_all(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_d15_81_mount_free_offered_and_half_rate_on_the_road(make_position: Any) -> None:
    """D15.81: mounting costs nothing and is offered on the page; riders spend half the road's 1 MF
    (A4.132) a hex: F8 to F1 is 7 hexes, 3 1/2 MF."""
    pos = at(make_position)
    assert "load a-sq into a-bcy" in texts(pos)
    pos.push_text("load a-sq into a-bcy")
    assert pos.units["a-sq"].has(bicycle.RIDING) and pos.decision is None  # no MF spent: no First Fire
    assert "a-sq" not in pos.state.moved and pos.game.can_move(pos, pos.units["a-sq"]) is None
    move = pos.game.check(pos, pos.parse_action("move a-sq F8-F7-F6-F5-F4-F3-F2-F1"))
    assert move.cost == Fraction(7, 2) and move.units == ("a-sq", "a-bcy")
    walking = at(make_position)
    assert walking.game.check(walking, walking.parse_action("move a-sq F8-F7-F6-F5")).cost == 3
    pos.push_text("move a-sq F8-F7-F6-F5-F4-F3-F2-F1")
    pass_all(pos)
    assert pos.units["a-sq"].hex == pos.units["a-bcy"].hex == pos.map.parse_label("F1")


def test_d15_81_road_hexsides_only_no_assault_move(make_position: Any) -> None:
    """D15.81: riders enter only across road hexsides, and never by Assault Movement; hexmate moves riders
    and walkers as separate stacks."""
    pos = at(make_position, {"id": "a-hs", "counter": "2-3-7", "side": "a", "hex": "F8"},
             markers=(bicycle.RIDING,))
    with pytest.raises(IllegalAction) as off:
        pos.game.check(pos, pos.parse_action("move a-sq F8-E8"))
    assert off.value.rule == "A4.14"
    offered = pos.legal_actions.moves_for({"a-sq", "a-bcy"})
    assert offered and all(pos.label(h).startswith("F") for h in offered)  # only along the road
    with pytest.raises(IllegalAction, match="Assault Movement"):
        pos.game.check(pos, pos.parse_action("move a-sq F8-F7 as assault"))
    with pytest.raises(IllegalAction, match="may not use bypass"):
        pos.game.check(pos, pos.parse_action("move a-sq F8-F7 as bypass"))
    with pytest.raises(IllegalAction, match="separate stacks"):
        pos.game.check(pos, pos.parse_action("move a-sq,a-hs F8-F7"))
    assert pos.legal_actions.moves_for({"a-sq", "a-hs", "a-bcy"}) == {}


@pytest.mark.parametrize("case", ["shellhole", "uphill"])
def test_d15_81_no_half_rate(make_position: Any, case: str) -> None:
    """D15.81's exceptions: into a shellhole hex, gaining elevation."""
    f7: dict[str, Any] = dict(ROAD["F7"])
    if case == "shellhole":
        f7["terrain"] = "shellhole"
    else:
        f7["level"] = 1
    pos = at(make_position, markers=(bicycle.RIDING,), hexes={"F7": f7})
    walk = at(make_position, hexes={"F7": f7})
    full = walk.game.check(walk, walk.parse_action("move a-sq F8-F7")).cost
    assert pos.game.check(pos, pos.parse_action("move a-sq F8-F7")).cost == full


@pytest.mark.parametrize(("rain", "roads", "half"), [
    ("mud", {}, True),  # paved: half
    ("mud", {"unpaved_roads": True}, False),  # unpaved in mud
    ("mud", {"unpaved_roads": True, "plowed_roads": True}, False),  # plowing paves nothing
    ("heavy snow", {}, False),  # roadstate.py: the maps' roads are unplowed unless the scenario plows them
    ("heavy snow", {"plowed_roads": True}, True),
    ("heavy snow", {"unpaved_roads": True, "plowed_roads": True}, True),  # plowed, though unpaved
    ("heavy snow", {"unpaved_roads": True}, False),
])
def test_d15_81_unpaved_in_mud_unplowed_in_snow(make_position: Any, rain: str, roads: dict[str, Any],
                                                  half: bool) -> None:
    """D15.81: no half rate on an unpaved road in mud or an unplowed one in snow; the road's state is
    roadstate.py's, as D8.23 reads it (paved unless ``unpaved_roads``, plowed with ``plowed_roads``)."""
    options = {"weather": {"wind": "none", "precipitation": rain}, **roads}
    pos = at(make_position, markers=(bicycle.RIDING,), options=options)
    walk = at(make_position, options=options)
    full = Fraction(walk.game.check(walk, walk.parse_action("move a-sq F8-F7")).cost or 0)
    ride = pos.game.check(pos, pos.parse_action("move a-sq F8-F7")).cost
    assert ride == (full / 2 if half else full)


def test_d15_81_road_bonus_lost_on_dismounting(make_position: Any) -> None:
    """D15.81 (B3.4): mounted on the road from the MPh's start, 4 + 1 MF; 7 hexes (3 1/2 MF) leave 1 1/2.
    Dismounting is free and the rider goes on on foot, without the bonus: 1/2 MF."""
    pos = at(make_position)
    pos.push_text("load a-sq into a-bcy")
    assert pos.units["a-sq"].has(bicycle.BONUS)
    far = pos.legal_actions.moves_for({"a-sq", "a-bcy"})
    assert pos.map.parse_label("F1") in far  # 7 hexes for 3 1/2 of 5 MF
    pos.push_text("move a-sq F8-F7-F6-F5-F4-F3-F2-F1")
    pass_all(pos)
    assert mphsw.mf_left(pos.units["a-sq"]) == Fraction(3, 2)
    assert "unload a-bcy" in texts(pos)
    pos.push_text("unload a-bcy")
    rider = pos.units["a-sq"]
    assert not rider.has(bicycle.RIDING) and mphsw.mf_left(rider) == Fraction(1, 2)
    assert pos.game.can_move(pos, rider) is None  # D15.81: no MF to dismount; the move goes on


def test_d15_81_bonus_for_riders_on_the_road_at_the_mph_start(make_position: Any) -> None:
    """D15.81: a rider still mounted from an earlier turn has the bonus at his MPh's start on a road hex,
    not off it."""
    pos = at(make_position, markers=(bicycle.RIDING,), phase="PFPh")
    pos.push_text("end phase")
    assert pos.phase.id == "MPh" and pos.units["a-sq"].has(bicycle.BONUS)
    off = at(make_position, markers=(bicycle.RIDING,), phase="PFPh", where="G8")
    off.push_text("end phase")
    assert not off.units["a-sq"].has(bicycle.BONUS)


def test_d15_4_sizes_and_d15_8_possession(make_position: Any) -> None:
    """D15.4 (kept by D15.8): only the unit a counter is made for rides it: a HS counter not a squad, an SMC
    counter an SMC; the possessor only."""
    pos = at(make_position, {"id": "a-l", "counter": "9-1", "side": "a", "hex": "F8"}, bcy="BCY2")
    with pytest.raises(IllegalAction, match="ridden only by a HS or crew"):
        pos.game.check(pos, pos.parse_action("load a-sq into a-bcy"))
    with pytest.raises(IllegalAction, match="only a-sq, who possesses a-bcy"):
        pos.game.check(pos, pos.parse_action("load a-l into a-bcy"))
    smc = at(make_position, bcy="BCY1", rider="9-1")
    smc.game.check(smc, smc.parse_action("load a-sq into a-bcy"))


def test_d15_4_d15_82_nothing_in_the_aph(make_position: Any) -> None:
    """D15.4, D15.82: no mounting, riding or carrying a bicycle in the APh."""
    riding = at(make_position, phase="APh", markers=(bicycle.RIDING,))
    with pytest.raises(IllegalAction, match="bicycles do not move in the APh"):
        riding.game.check(riding, act.Advance(("a-sq", "a-bcy"), path(riding, "F8", "F7")))
    carrying = at(make_position, phase="APh")
    with pytest.raises(IllegalAction, match="not carried in the APh") as e:
        carrying.game.check(carrying, act.Advance(("a-sq", "a-bcy"), path(carrying, "F8", "F7")))
    assert e.value.rule == "D15.82"
    with pytest.raises(IllegalAction, match="never in the APh"):
        carrying.game.check(carrying, carrying.parse_action("load a-sq into a-bcy"))


def test_d15_82_portage_carried_not_ridden(make_position: Any) -> None:
    """D15.82: carried, the bicycle is 1 PP (with a 3 PP MMG, 4 PP: one over the IPC of 3, 3 MF, A4.42);
    ridden it is no portage and the MMG is within the rider's IPC."""
    mmg = {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "F8", "carrier": "a-sq"}
    walk = at(make_position, mmg)
    assert walk.game.group_budget([walk.units["a-sq"]], state=walk.state) == 3
    ride = at(make_position, mmg, markers=(bicycle.RIDING,))
    assert ride.game.group_budget([ride.units["a-sq"]], state=ride.state) == 4


def test_d15_83_no_known_enemy_location_no_overrun(make_position: Any) -> None:
    """D15.83: riders never enter a Known enemy's Location, and make no Infantry Overrun (A4.15) of a lone
    SMC there."""
    enemy = {"id": "b-l", "counter": "8-0", "side": "b", "hex": "F5"}
    pos = at(make_position, enemy, markers=(bicycle.RIDING,))
    offered = pos.legal_actions.moves_for({"a-sq", "a-bcy"})
    assert pos.map.parse_label("F6") in offered and pos.map.parse_label("F5") not in offered
    walking = at(make_position, {"id": "b-l", "counter": "8-0", "side": "b", "hex": "F5"})
    assert pos.map.parse_label("F5") in walking.legal_actions.moves_for({"a-sq", "a-bcy"})  # A4.15


def test_d15_43_no_dismount_beside_a_known_enemy(make_position: Any) -> None:
    """D15.43 (kept by D15.8): no voluntary dismounting with a Known enemy unit in the Location, except in
    Melee."""
    enemy = {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F8"}
    pos = at(make_position, enemy, markers=(bicycle.RIDING,))
    with pytest.raises(IllegalAction, match="known enemy unit"):
        pos.game.check(pos, pos.parse_action("unload a-bcy"))
    melee = at(make_position, enemy, markers=(bicycle.RIDING, "melee"))
    melee.game.check(melee, melee.parse_action("unload a-bcy"))


def test_d15_4_no_vehicle_carries_a_bicycle(make_position: Any) -> None:
    """D15.4 (kept by D15.8): vehicles neither load nor tow cycles: a squad with its bicycle does not
    board a halftrack."""
    pos = at(make_position, {"id": "a-ht", "counter": "ht", "side": "a", "hex": "F8", "markers": ["vca0"]})
    with pytest.raises(IllegalAction, match="vehicles carry no cycles"):
        pos.game.check(pos, pos.parse_action("load a-sq into a-ht"))


def test_d15_6_riders_do_not_fire_and_a_bicycle_is_no_weapon(make_position: Any) -> None:
    """D15.6 (kept by D15.8): riders fire neither their own FP nor a SW; a bicycle is no weapon."""
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "F8", "carrier": "a-sq"}
    pos = at(make_position, lmg, phase="PFPh", markers=(bicycle.RIDING,))
    for firer in ("a-sq", "a-lmg"):
        with pytest.raises(IllegalAction) as e:
            pos.game.check(pos, pos.parse_action(f"fire {firer} at L1"))
        assert e.value.rule == "D15.6"
    foot = at(make_position, lmg, phase="PFPh")
    with pytest.raises(IllegalAction, match="a bicycle, not a weapon"):
        foot.game.check(foot, foot.parse_action("fire a-bcy at L1"))


def _fire_at_riders(make_position: Any, white: int, coloured: int, riding: bool = True) -> Position:
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-r", "counter": "4-4-7r", "side": "b", "hex": "C4",
              "markers": [bicycle.RIDING] if riding else []},
             {"id": "rus-b", "counter": "BCY3", "side": "b", "hex": "C4", "carrier": "rus-r"},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text(f"fire ger-1 at C4 dice {white},{coloured}")
    return pos


def test_d15_85_riders_are_infantry_with_minus_1(make_position: Any) -> None:
    """D15.85 (D15.5): fire at the riders' Location: the squad on foot at the Original DR 3 (1+2), the
    riders at 2 (-1), both Infantry targets (the cells are the pack's 4 FP column)."""
    pos = _fire_at_riders(make_position, 1, 2)
    res = pos.last_resolution
    assert res is not None
    ift = pos.charts.chart("ift")
    assert res.results["rus-1"] == str(ift.lookup(fp=4, final_dr=3))
    assert res.results["rus-r"] == str(ift.lookup(fp=4, final_dr=2))
    assert "riders on bicycles (-1 IFT DRM)" in res.text()


def test_d15_85_a_ptc_applies_to_bicycle_riders(make_position: Any) -> None:
    """D15.85: unlike motorcycle riders (D15.54), bicycle riders take a PTC like any infantry."""
    probe = _fire_at_riders(make_position, 6, 5, riding=False)
    ift = probe.charts.chart("ift")
    final = next(d for d in range(2, 12) if str(ift.lookup(fp=4, final_dr=d)) == "PTC")
    white, coloured = next((w, final + 1 - w) for w in range(1, 7)
                           if 1 <= final + 1 - w <= 6 and w != final + 1 - w)
    pos = _fire_at_riders(make_position, white, coloured)
    assert pos.last_resolution is not None and pos.last_resolution.results["rus-r"] == "PTC"
    assert [d for d in pos.state.decisions if d.subject == ("rus-r",)]


def test_d15_53_d15_51_a_broken_rider_is_off_a_kia_takes_the_bicycle(make_position: Any) -> None:
    """D15.53 with D15.85: a rider that breaks is off his bicycle at once (no bail out), and the bicycle
    stays; D15.51: a KIA removes the rider and his bicycle (no wreck)."""
    pos = at(make_position, markers=(bicycle.RIDING,))
    broken = pos.state.with_unit(pos.units["a-sq"].mark("broken"))
    settled = pos.game.settle(pos.at(broken))
    assert not settled.units["a-sq"].has(bicycle.RIDING) and "a-bcy" in settled.units
    probe = _fire_at_riders(make_position, 6, 5, riding=False)
    ift = probe.charts.chart("ift")
    final = next(d for d in range(1, 12) if str(ift.lookup(fp=4, final_dr=d)).endswith("KIA"))
    white, coloured = next((w, final + 1 - w) for w in range(1, 7) if 1 <= final + 1 - w <= 6)
    kia = _fire_at_riders(make_position, white, coloured)
    while kia.decision is not None:  # the squad's MC, the Random Selection of the KIA (one unit)
        d = kia.decision
        kia.push_text(f"answer units {d.subject[0]}" if d.kind == "units" else "answer dice 6,6")
        assert d.then != "sw_kia"  # D15.51: no A9.74 dr for the bicycle: it is gone
    assert "rus-r" not in kia.units and "rus-b" not in kia.units


def test_d15_84_d15_46_wreck_check_in_a_stream_not_a_shellhole(make_position: Any) -> None:
    """D15.84: no Wreck Check for a shellhole; D15.46: entering a stream hex mounted asks the dr, and a 6
    breaks the rider and sets him down, dismounted, in the hex he left (F7 is no lower). No terrain of
    hexmate's chart is a stream (B20, chapter B): the check is asked here on a map that names one, and
    answered through the game."""
    shell = at(make_position, markers=(bicycle.RIDING,), hexes={"F7": {**ROAD["F7"], "terrain": "shellhole"}})
    shell.push_text("move a-sq F8-F7")
    assert shell.decision is None or shell.decision.kind == "react"
    pos = at(make_position, markers=(bicycle.RIDING,), hexes={"F7": {**ROAD["F7"], "terrain": "stream"}})
    f8, f7 = path(pos, "F8", "F7")
    movers = [pos.units["a-sq"], pos.units["a-bcy"]]
    assert bicycle.needs_wreck_check(pos, movers, f8, f7)
    assert not bicycle.needs_wreck_check(pos, [pos.units["a-sq"].mark(remove=(bicycle.RIDING,))], f8, f7)
    ask = bicycle.wreck_check(pos, movers, f8, f7)
    assert ask.then == bicycle.WRECK and ask.rule == "D15.46" and ask.target == f8
    moved = pos.state.with_unit(pos.units["a-sq"].at(f7)).with_unit(pos.units["a-bcy"].at(f7))
    pos = pos.at(moved.push(ask))
    pos.push_text("answer dice 6")
    rider = pos.units["a-sq"]
    assert rider.has("broken") and not rider.has(bicycle.RIDING) and rider.hex == f8
    assert pos.units["a-bcy"].hex == f8 and pos.units["a-bcy"].carrier == "a-sq"  # the bicycle stays


def test_d15_6_a_rider_never_attacks_in_cc(make_position: Any) -> None:
    """D15.6 (D15.8): a bicycle rider caught in CC (an enemy advanced in) defends but does not attack; the
    same squad on foot would."""
    from hexmate.rules.games.asl import cc

    enemy = {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F8"}
    riding = at(make_position, enemy, phase="CCPh", markers=(bicycle.RIDING,))
    f8 = riding.map.parse_label("F8")
    assert [u.id for u in cc.attackers(riding, f8, "a")] == []
    foot = at(make_position, enemy, phase="CCPh")
    assert [u.id for u in cc.attackers(foot, f8, "a")] == ["a-sq"]


def test_d15_56_a_wounded_rider_goes_on_at_4(make_position: Any) -> None:
    """D15.56 (kept by D15.8): a wounded rider goes on at the usual 4, not A17.2's 3 MF on foot; he neither
    bails out nor dismounts."""
    riding = at(make_position, bcy="BCY1", rider="9-1", markers=(bicycle.RIDING, "wounded"))
    assert riding.game.mf(riding.units["a-sq"]) == 4 and riding.units["a-sq"].has(bicycle.RIDING)
    settled = riding.game.settle(riding)
    assert settled.units["a-sq"].has(bicycle.RIDING)
    foot = at(make_position, bcy="BCY1", rider="9-1", markers=("wounded",))
    assert foot.game.mf(foot.units["a-sq"]) == 3


def test_d15_85_a_vehicle_fires_its_mgs_not_its_gun_at_bicycle_riders(make_position: Any) -> None:
    """D15.85: bicycle riders are an infantry target. Ordnance at them would need chapter C's Infantry Target
    Type To Hit (not among the texts), so a vehicle's fire at them is its MGs' on the IFT (D3.5), never a
    To Hit DR."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C2", "markers": ["vca0"]},
             {"id": "b-r", "counter": "4-4-7r", "side": "b", "hex": "C4", "markers": [bicycle.RIDING]},
             {"id": "b-bcy", "counter": "BCY3", "side": "b", "hex": "C4", "carrier": "b-r"}]
    pos: Position = make_position("asl", units, "PFPh", counters={**COUNTERS, "pz": {"type": "vehicle",
                                                                                    "vehicle": "demo-pz-g"}})
    res = pos.resolve(pos.parse_action("fire a-pz at C4 dice 3,4"))
    assert "A7.3" in {line.rule for line in res.lines}  # the IFT
    assert not any(str(line.label).startswith("To Hit") for line in res.lines)
    assert "riders on bicycles (-1 IFT DRM)" in res.text()  # D15.85 (D15.5)
