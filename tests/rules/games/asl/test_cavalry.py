"""Cavalry in play (cavalry.py; A13.1-A13.52, A13.7), through the game's apply and its offers. Numbers from
the text: A13.34's 12 MF, A13.36's 20 and 16, A13.31's two worked examples (6 MF left to a horse mounted after
1 MF of Open Ground; at most 4 MF ridden before dismounting; at most 15 of a 20 MF gallop), A13.5's -2 DRM,
A4.133's doubled climb; the 1 MF of Open Ground is the A13.6 example's entry into K5. Any other cavalry
terrain cost is the scenario's (``options.cavalry_mf``, demo values here, labelled)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import cavalry, horsehit, morale, mphsw
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
DEMO_CAVALRY_MF = {"woods": 4, "road": 1}  # demo values: the Terrain Chart's cavalry column is chapter B's


def at(make_position: Any, *extra: dict[str, Any], phase: str = "MPh", rider: str = "4-4-7",
       horse: str = "HORSE3", where: str = "F8", mounted: bool = True, hexes: dict[str, Any] | None = None,
       options: dict[str, Any] | None = None, markers: tuple[str, ...] = ()) -> Position:
    marks = [cavalry.MOUNTED, *markers] if mounted else list(markers)
    units = [{"id": "a-cav", "counter": rider, "side": "a", "hex": where, "markers": marks},
             {"id": "a-horse", "counter": horse, "side": "a", "hex": where,
              **({"carrier": "a-cav"} if mounted else {})},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, hexes=hexes, options=options)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def pass_all(pos: Position) -> None:
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def cost(pos: Position, text: str) -> Any:
    return pos.game.check(pos, pos.parse_action(text)).cost


# --- A13.1, A13.2, A13.32, A13.34: the counters and their MF ---


def test_a13_34_twelve_mf_no_leader_bonus(make_position: Any) -> None:
    """A13.34: a horse's basic MF are 12; A13.3: cavalry gets no leader MF bonus (a mounted 8-0 with it)."""
    pos = at(make_position, {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8",
                             "markers": [cavalry.MOUNTED]},
             {"id": "a-h1", "counter": "HORSE1", "side": "a", "hex": "F8", "carrier": "a-ldr"})
    units = [pos.units["a-cav"], pos.units["a-ldr"]]
    assert pos.game.group_budget(units, "", pos.state) == 12
    move = pos.legal_actions.moves_for({"a-cav", "a-ldr", "a-horse", "a-h1"})
    assert max(m.cost or 0 for m in move.values()) > 6  # beyond an infantry stack's 6
    assert cost(pos, "move a-cav,a-ldr F8-F7-F6-F5") == 3
    assert pos.game.check(pos, pos.parse_action("move a-cav F8-F7")).units == ("a-cav", "a-horse")


def test_a13_32_horse_counter_format_and_size(make_position: Any) -> None:
    """A13.32: 3 horses carry a squad, 2 a HS, 1 an SMC. An SMC mounting an unridden squad's counter gets an
    SMC counter of its own (the 3-horse one left where it is); a HS mounting it splits it into two HS
    counters; a squad does not mount a HS's counter."""
    assert pos_counter_error({"type": "sw", "sw": "horse", "fp": 0, "range": 0, "horses": 4})
    assert pos_counter_error({"type": "sw", "sw": "horse", "fp": 0, "range": 0, "horses": 3}) is None
    pos = at(make_position, {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8"}, mounted=False)
    assert "load a-cav into a-horse" in texts(pos) and "load a-ldr into a-horse" in texts(pos)
    pos.push_text("load a-ldr into a-horse")
    own = pos.units["a-horse.2"]
    assert own.values.get("horses") == 1 and own.carrier == "a-ldr"
    assert pos.units["a-ldr"].has(cavalry.MOUNTED)
    assert pos.units["a-horse"].values.get("horses") == 3 and pos.units["a-horse"].carrier is None
    hs = at(make_position, rider="2-3-7", mounted=False)
    hs.push_text("load a-cav into a-horse")
    assert hs.units["a-horse"].values.get("horses") == 2 and hs.units["a-horse"].carrier == "a-cav"
    assert hs.units["a-horse.2"].values.get("horses") == 2 and hs.units["a-horse.2"].carrier is None
    small = at(make_position, horse="HORSE2", mounted=False)
    with pytest.raises(IllegalAction, match="too small") as big:
        small.game.check(small, small.parse_action("load a-cav into a-horse"))
    assert big.value.rule == "A13.32"


def pos_counter_error(values: dict[str, Any]) -> str | None:
    from hexmate.rules.games import get_game
    from hexmate.rules.scenario import CounterType

    return get_game("asl").check_counter(CounterType("x", str(values["type"]), values))


# --- A13.31: mounting and dismounting ---


def test_a13_31_first_example_mount_after_open_ground_then_gallop(make_position: Any) -> None:
    """A13.31 example: an SMC enters Open Ground (1 MF) and mounts there (1 MF): 6 of the horse's 12 MF are
    left; a gallop declared then raises the allowance to 16, so 10 are left; to dismount in the MPh it may
    ride no more than 4 MF."""
    pos = make_position("asl", [
        {"id": "a-cav", "counter": "8-0", "side": "a", "hex": "F8"},
        {"id": "a-horse", "counter": "HORSE1", "side": "a", "hex": "F7"},
        {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}], "MPh", counters=COUNTERS)
    pos.push_text("move a-cav F8-F7")
    pass_all(pos)
    assert mphsw.mf_left(pos.units["a-cav"]) == 5
    pos.push_text("load a-cav into a-horse")
    cav = pos.units["a-cav"]
    assert cav.has(cavalry.MOUNTED) and pos.units["a-horse"].carrier == "a-cav"
    assert pos.game.group_budget([cav], "", pos.state) == 6
    assert pos.game.group_budget([cav], cavalry.GALLOP, pos.state) == 10
    pos.push_text("move a-cav F7-F6-F5-F4-F3 as gallop")  # 4 MF ridden
    pass_all(pos)
    assert pos.units["a-horse"].has(cavalry.GALLOPING) and pos.units["a-horse"].has("cx")
    assert mphsw.mf_left(pos.units["a-cav"]) == 6
    assert "unload a-horse" in texts(pos)
    five = make_position("asl", [
        {"id": "a-cav", "counter": "8-0", "side": "a", "hex": "F8"},
        {"id": "a-horse", "counter": "HORSE1", "side": "a", "hex": "F7"},
        {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}], "MPh", counters=COUNTERS)
    five.push_text("move a-cav F8-F7")
    pass_all(five)
    five.push_text("load a-cav into a-horse")
    five.push_text("move a-cav F7-F6-F5-F4-F3-F2 as gallop")  # 5 MF ridden
    pass_all(five)
    with pytest.raises(IllegalAction) as much:
        five.game.check(five, five.parse_action("unload a-horse"))
    assert much.value.rule == "A13.31"
    pos.push_text("unload a-horse")  # 1 walked + 1 mount + 1 dismount + 1 for 4 MF ridden: all 4 basic MF
    rider = pos.units["a-cav"]
    assert not rider.has(cavalry.MOUNTED) and rider.has(cavalry.DISMOUNTED)
    assert mphsw.mf_left(rider) == 0


def test_a13_31_second_example_gallop_from_the_start(make_position: Any) -> None:
    """A13.31 example: galloping from the start of the MPh (20 MF), cavalry that means to dismount rides no
    more than 15 MF: the dismount costs the horse 5 MF (25% of 20)."""
    pos = at(make_position)
    assert pos.game.group_budget([pos.units["a-cav"]], cavalry.GALLOP, pos.state) == 20
    horse = pos.units["a-horse"]
    rider = pos.units["a-cav"]
    fifteen = rider.mark(f"{mphsw.LEFT}10")  # 5 of 20 MF left: 15 ridden
    gallop = horse.mark(cavalry.GALLOPING)
    assert cavalry.dismount_cost(fifteen, gallop) == 1 + 3
    sixteen = rider.mark(f"{mphsw.LEFT}8")
    assert cavalry.dismount_cost(sixteen, gallop) == 1 + 4  # more than the basic 4 MF
    ok = pos.at(pos.state.with_unit(fifteen.mark(mphsw.PAUSE)).with_unit(gallop)
                .replace(moved=("a-cav",)))
    ok.game.check(ok, ok.parse_action("unload a-horse"))
    bad = pos.at(pos.state.with_unit(sixteen.mark(mphsw.PAUSE)).with_unit(gallop).replace(moved=("a-cav",)))
    with pytest.raises(IllegalAction, match=r"A13\.31"):
        bad.game.check(bad, bad.parse_action("unload a-horse"))


def test_a13_31_no_remount_no_aph(make_position: Any) -> None:
    """A13.31: not in the APh; a horse dismounted this MPh is not mounted again in it."""
    pos = at(make_position)
    pos.push_text("unload a-horse")
    assert mphsw.mf_left(pos.units["a-cav"]) == 3  # 4 basic MF less the dismount's 1
    with pytest.raises(IllegalAction) as again:
        pos.game.check(pos, pos.parse_action("load a-cav into a-horse"))
    assert again.value.rule == "A13.31"
    aph = at(make_position, phase="APh")
    with pytest.raises(IllegalAction, match="APh"):
        aph.game.check(aph, aph.parse_action("unload a-horse"))


# --- A13.3, A13.36, A13.7: terrain ---


def test_a13_3_terrain_costs_given_or_refused(make_position: Any) -> None:
    """A13.3: Open Ground 1 MF (A13.6 example), A4.133: doubled one level up; other terrain only with the
    chart's cavalry column from the scenario (demo values here)."""
    pos = at(make_position, hexes={"F7": {"terrain": "woods"}, "E8": {"level": 1}})
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-cav F8-F7"))
    assert cost(pos, "move a-cav F8-E8") == 2
    given = at(make_position, hexes={"F7": {"terrain": "woods"}}, options={"cavalry_mf": DEMO_CAVALRY_MF})
    assert cost(given, "move a-cav F8-F7") == 4


def test_a13_36_gallop_bars_woods_and_cx(make_position: Any) -> None:
    """A13.36: no gallop into woods (except along a road), nor when rider or horse is CX."""
    pos = at(make_position, hexes={"F7": {"terrain": "woods"}}, options={"cavalry_mf": DEMO_CAVALRY_MF})
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-cav F8-F7 as gallop"))
    road = at(make_position, hexes={"F7": {"terrain": "woods", "road": ["S"]}, "F8": {"road": ["N"]}},
              options={"cavalry_mf": DEMO_CAVALRY_MF})
    road.game.check(road, road.parse_action("move a-cav F8-F7 as gallop"))
    tired = at(make_position)  # CX on the horse in this MPh (a CX set up goes as the MPh starts, A4.51)
    tired = tired.at(tired.state.with_unit(tired.units["a-horse"].mark("cx")))
    with pytest.raises(IllegalAction, match="CX"):
        tired.game.check(tired, tired.parse_action("move a-cav F8-F7 as gallop"))


def test_a13_3_separate_stacks_no_assault(make_position: Any) -> None:
    """A13.5: no Assault Movement mounted; hexmate moves cavalry and units on foot as separate stacks."""
    pos = at(make_position, {"id": "a-hs", "counter": "2-3-7", "side": "a", "hex": "F8"})
    with pytest.raises(IllegalAction, match="separate stacks"):
        pos.game.check(pos, pos.parse_action("move a-cav,a-hs F8-F7"))
    with pytest.raises(IllegalAction) as assault:
        pos.game.check(pos, pos.parse_action("move a-cav F8-F7 as assault"))
    assert assault.value.rule == "A13.5"


def test_a13_7_led_horse_keeps_out_of_cavalry_terrain(make_position: Any) -> None:
    """A13.7: a unit on foot leads its horse at no extra MF, but not where cavalry may not go."""
    pos = at(make_position, mounted=False, hexes={"F7": {"terrain": "woods"}})
    pos = pos.at(pos.state.with_unit(_carried(pos.units["a-horse"], "a-cav")))
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-cav F8-F7"))
    assert cost(pos, "move a-cav F8-E8") == 1


def _carried(unit: Any, owner: str) -> Any:
    import dataclasses

    return dataclasses.replace(unit, carrier=owner)


# --- A13.35: enemy Locations ---


def test_a13_35_only_unarmed_disrupted_or_concealed(make_position: Any) -> None:
    """A13.35: cavalry enters enemy Locations only where every enemy unit is unarmed, disrupted or
    concealed; and makes no Infantry Overrun (A4.15)."""
    pos = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F7"})
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-cav F8-F7"))
    shaken = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F7",
                                "markers": ["disrupted"]})
    assert cost(shaken, "move a-cav F8-F7") == 1
    assert cavalry.may_overrun([pos.units["a-cav"]]) is False


# --- A13.4, A13.5, A13.51, A13.52: fire ---


def test_a13_4_mounted_fire_halved_and_no_sw(make_position: Any) -> None:
    """A13.4: a mounted unit's FP is halved; it fires no SW; a horse is no weapon."""
    assert cavalry.halvings(at(make_position).units["a-cav"])[0][1] == "A13.4"
    pos = at(make_position, {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "F8", "carrier": "a-cav"},
             phase="PFPh")
    assert cavalry.why_not_fire(pos, pos.units["a-lmg"]) is not None
    assert cavalry.why_not_fire(pos, pos.units["a-horse"]) is not None
    assert cavalry.why_not_fire(pos, pos.units["a-cav"]) is None


def test_a13_5_minus_two_and_a13_52_no_pin(make_position: Any) -> None:
    """A13.5: -2 on the IFT DR at cavalry (in place of FFMO/FFNAM); A13.52: never pinned, no LLMC."""
    pos = at(make_position)
    assert cavalry.IFT_DRM == -2 and cavalry.among([pos.units["a-cav"], pos.units["a-horse"]]) \
        == [pos.units["a-cav"]]
    assert not morale.pinnable(pos.units["a-cav"])
    leader = {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "F8"}
    led = at(make_position, leader)
    people = [u for u in led.units.values() if u.type != "sw"]
    assert morale.llmc(led.units["a-ldr"], people) == []


def _fire_at_cavalry(make_position: Any, white: int, coloured: int, mounted: bool = True,
                     firer: str = "ger-1") -> Position:
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "ger-c", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": [cavalry.MOUNTED]},
             {"id": "ger-h", "counter": "HORSE3", "side": "a", "hex": "C3", "carrier": "ger-c"},
             {"id": "ger-6", "counter": "6-2-8", "side": "a", "hex": "C3"},
             {"id": "rus-c", "counter": "4-4-7r", "side": "b", "hex": "C5",
              "markers": [cavalry.MOUNTED] if mounted else []},
             {"id": "rus-h", "counter": "HORSE3", "side": "b", "hex": "C5", "carrier": "rus-c"},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "C5"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text(f"fire {firer} at C5 dice {white},{coloured}")
    return pos


def test_a13_5_fire_at_cavalry_reads_minus_two(make_position: Any) -> None:
    """A13.5: fire at a Location with cavalry and infantry: the infantry at the Original DR 5 (2+3), the
    cavalry at 3 (-2); the cells are the chart pack's 4 FP column."""
    pos = _fire_at_cavalry(make_position, 2, 3)
    res = pos.last_resolution
    assert res is not None
    ift = pos.charts.chart("ift")
    assert res.results["rus-1"] == str(ift.lookup(fp=4, final_dr=5))
    assert res.results["rus-c"] == str(ift.lookup(fp=4, final_dr=3))
    assert "cavalry (-2 IFT DRM, no FFMO/FFNAM)" in res.text()
    foot = _fire_at_cavalry(make_position, 2, 3, mounted=False)
    assert foot.last_resolution is not None and foot.last_resolution.results["rus-c"] == \
        str(ift.lookup(fp=4, final_dr=5))


def test_a13_4_mounted_fire_is_halved_on_the_ift(make_position: Any) -> None:
    """A13.4: a mounted 4-6-7 fires 2 FP (halved as mounted fire), not 4."""
    pos = _fire_at_cavalry(make_position, 6, 6, firer="ger-c")
    res = pos.last_resolution
    assert res is not None and "cavalry: mounted fire" in res.text() and "A13.4" in res.text()
    assert "2 FP ->" in res.text()


def test_a13_52_no_ptc_on_cavalry(make_position: Any) -> None:
    """A13.52: a PTC means nothing to cavalry."""
    probe = _fire_at_cavalry(make_position, 6, 5, mounted=False)
    ift = probe.charts.chart("ift")
    final = next(d for d in range(2, 13) if str(ift.lookup(fp=4, final_dr=d)) == "PTC")
    white, coloured = next((w, final + 2 - w) for w in range(1, 7)
                           if 1 <= final + 2 - w <= 6 and w != final + 2 - w)
    pos = _fire_at_cavalry(make_position, white, coloured)
    assert pos.last_resolution is not None and pos.last_resolution.results["rus-c"] == "-"
    assert "PTC: no effect on cavalry" in pos.last_resolution.text()
    assert not [d for d in pos.state.decisions if d.subject == ("rus-c",)]


def test_a13_51_broken_cavalry_loses_its_horse(make_position: Any) -> None:
    """A13.51: cavalry that breaks is off its horse at once; the horse leaves play."""
    pos = at(make_position)
    state = pos.state.with_unit(pos.units["a-cav"].mark("broken"))
    state = cavalry.settle(state)
    assert "a-horse" not in state.units and not state.units["a-cav"].has(cavalry.MOUNTED)


def test_a13_31_fractions_keep(make_position: Any) -> None:
    """A13.31: a quarter of 12 is 3, of 20 is 5, of 16 is 4 (the loss per MF spent)."""
    pos = at(make_position)
    horse = pos.units["a-horse"]
    assert Fraction(cavalry.allowance(horse), 4) == 3
    assert Fraction(cavalry.allowance(horse.mark(cavalry.GALLOPING)), 4) == 5
    assert Fraction(cavalry.allowance(horse.mark(cavalry.GALLOPING, "gallop_mid")), 4) == 4


def test_a13_7_horses_do_not_advance_and_a_ridden_horse_is_not_dropped(make_position: Any) -> None:
    """A13.7: horses never move in the APh, ridden or led; A13.31: a ridden horse leaves its rider only by a
    dismount; A13.7: a broken unit leads no horse (it stays where it is)."""
    aph = at(make_position, phase="APh")
    with pytest.raises(IllegalAction) as advance:
        aph.game.check(aph, aph.parse_action("advance a-cav F8-F7"))
    assert advance.value.rule == "A13.7"
    pos = at(make_position)
    with pytest.raises(IllegalAction, match="dismount first"):
        pos.game.check(pos, pos.parse_action("drop a-horse"))
    led = at(make_position, mounted=False)
    led = led.at(led.state.with_unit(_carried(led.units["a-horse"], "a-cav")))
    broken = cavalry.settle(led.state.with_unit(led.units["a-cav"].mark("broken")))
    assert broken.units["a-horse"].carrier is None and "a-horse" in broken.units


def test_a13_7_a_unit_leading_a_horse_walks_on_its_own_mf(make_position: Any) -> None:
    """A13.7: leading costs no MF: a 4-4-7 on foot with its horse has its infantry 4 MF (A4.11), not 12."""
    led = at(make_position, mounted=False)
    led = led.at(led.state.with_unit(_carried(led.units["a-horse"], "a-cav")))
    assert led.game.group_budget([led.units["a-cav"]], "", led.state) == 4


# --- A13.511: attacks on horses, on the vehicle line; the A13.6 example's numbers ---


def test_a13_511_example_dr_7_leaves_the_horses_and_checks_the_cavalry_at_5(make_position: Any) -> None:
    """A13.6 example: 4 FP at cavalry, Original DR 7: no harm to the horses (the 4 FP column's Kill number
    is 5 on the pack's vehicle line, demo values matching the example), the cavalry at 7 - 2 = 5."""
    pos = _fire_at_cavalry(make_position, 3, 4)
    res = pos.last_resolution
    assert res is not None and "rus-h" in pos.units
    assert "horses: Final DR 7, Kill number 5: no effect" in res.text()
    assert res.results["rus-c"] == str(pos.charts.chart("ift").lookup(fp=4, final_dr=5))


def test_a13_511_example_dr_5_a_squad_horse_casualty(make_position: Any) -> None:
    """A13.6 example: Original DR 5 on the 4 FP column equals its Kill number: the squad's horse counter
    becomes a HS's (the squad's own check, at 5 - 2 = 3, is read on the pack's demo IFT)."""
    pos = _fire_at_cavalry(make_position, 2, 3)
    res = pos.last_resolution
    assert res is not None and "horses: Final DR 5, Kill number 5: rus-h suffers a casualty" in res.text()
    assert pos.units["rus-h"].values.get("horses") == 2 and pos.units["rus-h"].carrier == "rus-c"
    assert res.results["rus-c"] == str(pos.charts.chart("ift").lookup(fp=4, final_dr=3))
    assert pos.state.decisions[0].then == "cav_bail"  # answered after the attack's checks


def test_a13_511_the_squad_deploys_and_one_hs_bails_out(make_position: Any) -> None:
    """A13.511: 6 FP, Original DR 6 (the 6 FP column's Kill number): a squad horse casualty; the squad takes
    its 2MC at 6 - 2 = 4 (the pack's cell) and passes, then deploys, one HS bailing out with a NMC."""
    pos = _fire_at_cavalry(make_position, 2, 4, firer="ger-6")
    res = pos.last_resolution
    assert res is not None and res.results["rus-c"] == str(pos.charts.chart("ift").lookup(fp=6, final_dr=4))
    while pos.decision is not None and pos.decision.then != "cav_bail":
        d = pos.decision
        pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")  # all pass
    assert pos.units["rus-c"].type == "squad"
    pos.push_text("answer dice 2,3")  # the bailing HS's NMC: passed
    assert pos.units["rus-c"].type == "hs" and pos.units["rus-c"].has(cavalry.MOUNTED)
    second = pos.units["rus-c.2"]
    assert second.type == "hs" and not second.has(cavalry.MOUNTED) and second.has("bailed")
    assert not second.has("broken") and pos.units["rus-h"].values.get("horses") == 2


def test_a13_511_below_the_kill_number_removes_the_horse_and_its_rider_bails_out(make_position: Any) -> None:
    """A13.511: a Final DR below the Kill number removes horse counters (up to the column's highest KIA
    number); their riders bail out (D6.24)."""
    pos = _fire_at_cavalry(make_position, 1, 3)  # 4 < 5
    res = pos.last_resolution
    assert res is not None and "rus-h" not in pos.units
    assert "horses: Final DR 4, Kill number 5: rus-h removed" in res.text()
    assert not pos.units["rus-c"].has(cavalry.MOUNTED) and pos.units["rus-c"].has("bailed")


def test_a13_351_tpbf_at_cavalry_is_fpf(make_position: Any) -> None:
    """A13.351: in the MPh, non-phasing infantry firing TPBF at cavalry in its own Location fires FPF (so
    Area Fire, A8.31); at infantry there, or from next door, it is still Defensive First Fire."""
    from hexmate.rules.games.asl import fire

    pos = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F8"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "F7"})
    here = pos.map.parse_label("F8")
    assert fire.fire_modes(pos, [pos.units["b-2"]], here) == {"b-2": "fpf"}
    assert fire.fire_modes(pos, [pos.units["b-3"]], here) == {"b-3": "first"}
    foot = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F8"}, mounted=False)
    assert fire.fire_modes(foot, [foot.units["b-2"]], here) == {"b-2": "first"}


# --- A13.6, A13.61: the Charge ---


def _charge(make_position: Any, enemy_at: str = "F4", **kw: Any) -> Position:
    return at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": enemy_at}, **kw)


def test_a13_6_charge_declaration_limits(make_position: Any) -> None:
    """A13.6: the target holds Known enemy units, 3 or more hexes from the declaring cavalry, in its LOS; it
    gallops there and pays 3 MF more with the target's entry (4 hexes of Open Ground: 4 + 3 = 7 MF)."""
    pos = _charge(make_position)
    assert cost(pos, "move a-cav F8-F7-F6-F5-F4 as charge") == 7
    with pytest.raises(IllegalAction):  # A13.35: no entry without a Charge
        pos.game.check(pos, pos.parse_action("move a-cav F8-F7-F6-F5-F4"))
    near = _charge(make_position, "F6")
    with pytest.raises(IllegalAction, match="3 or more hexes"):
        near.game.check(near, near.parse_action("move a-cav F8-F7-F6 as charge"))
    empty = at(make_position)
    with pytest.raises(IllegalAction, match="Known enemy"):
        empty.game.check(empty, empty.parse_action("move a-cav F8-F7-F6-F5-F4 as charge"))
    blind = _charge(make_position, hexes={"F6": {"terrain": "wooden-building"}},
                    options={"cavalry_mf": {"wooden-building": 2}})
    with pytest.raises(IllegalAction, match="LOS"):
        blind.game.check(blind, blind.parse_action("move a-cav F8-E8-D7-E6-E5-F4 as charge"))


def test_a13_6_charge_attacks_by_tpbf_unhalved_and_a13_61_prep_fire(make_position: Any) -> None:
    """A13.6: after the Defensive First Fire, the charging 4-4-7 attacks its target at once by TPBF: 4 FP
    tripled (A7.21), not halved as mounted fire; A13.61: its MPh over, it has a Prep Fire counter."""
    pos = _charge(make_position)
    pos.push_text("move a-cav F8-F7-F6-F5-F4 as charge")
    here, fired = pos.map.parse_label("F4"), False
    while pos.decision is not None and pos.decision.kind == "react":
        moving = pos.state.moving
        if moving is not None and moving.here == here and not fired:  # A8.312, A13.351: its forced FPF
            fired = True
            pos.push_text("fire b-2 at F4 dice 6,6")
            while pos.decision is not None and pos.decision.kind != "react" and pos.decision.then != "ift":
                d = pos.decision
                pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")
        else:
            pos.push_text("answer pass")
    assert pos.units["a-cav"].hex == pos.map.parse_label("F4")
    top = pos.decision
    assert top is not None and top.rule == "A13.6" and top.then == "ift" and top.subject == ("a-cav",)
    assert pos.units["a-horse"].has(cavalry.GALLOPING)
    pos.push_text("answer dice 6,5")
    res = pos.last_resolution
    assert res is not None and "mounted fire" not in res.text() and "12 FP ->" in res.text()
    while pos.decision is not None:
        d = pos.decision
        pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")
    assert pos.units["a-cav"].has(cavalry.CHARGING), pos.units["a-cav"].markers
    pos.push_text("done")  # the MPh ends (A13.61)
    assert pos.phase.id != "MPh" and pos.units["a-cav"].has("prep_fire")
    assert not pos.units["a-cav"].has(cavalry.CHARGING)


def test_a13_6_example_fpf_at_the_charge_and_the_hs_attacks_at_6_fp(make_position: Any) -> None:
    """A13.6 example: as the charging 2-3-7 enters K5, the 4-6-7 there fires FPF (A13.351): 4 FP tripled
    (TPBF) and halved as Area Fire, 6 FP; its Original DR of 10 is also its own NMC (A8.31), which breaks it.
    The 2-3-7 then attacks at once with 6 FP (2 FP tripled by TPBF, not halved: A13.4 exempts the Charge)."""
    pos = at(make_position, {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "F4"}, rider="2-3-7",
             horse="HORSE2")
    pos.push_text("move a-cav F8-F7-F6-F5-F4 as charge")
    here = pos.map.parse_label("F4")
    fired = False
    while pos.decision is not None and pos.decision.kind == "react":
        moving = pos.state.moving
        if moving is not None and moving.here == here and not fired:
            fired = True
            pos.push_text("fire b-2 at F4 dice 6,4")
            fpf = pos.last_resolution
            assert fpf is not None and "Final Protective Fire" in fpf.text() and "6 FP ->" in fpf.text()
            while pos.decision is not None and pos.decision.kind != "react" and pos.decision.then != "ift":
                d = pos.decision
                pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")
        else:
            pos.push_text("answer pass")
    assert fired and pos.units["b-2"].has("broken")
    top = pos.decision
    assert top is not None and top.rule == "A13.6" and top.subject == ("a-cav",)
    pos.push_text("answer dice 6,5")
    assert pos.last_resolution is not None and "6 FP ->" in pos.last_resolution.text()


def test_a13_5_no_wall_tem_for_cavalry(make_position: Any) -> None:
    """A13.5: cavalry gets no wall or hedge TEM: behind a wall (+2, A8.15) the infantry beside it reads the
    IFT at 7 + 2 = 9, the cavalry at 7 - 2 = 5 (Open Ground, no TEM)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C6"},
             {"id": "b-c", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": [cavalry.MOUNTED]},
             {"id": "b-h", "counter": "HORSE3", "side": "b", "hex": "C3", "carrier": "b-c"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS,
                        hexsides=[{"hex": "C3", "side": "S", "features": ["wall"]}])
    res = pos.resolve(pos.parse_action("fire a-1 at C3 dice 3,4"))
    ift = pos.charts.chart("ift")
    assert res.results["b-1"] == str(ift.lookup(fp=4, final_dr=9))
    assert res.results["b-c"] == str(ift.lookup(fp=4, final_dr=5))


def test_a13_7_lead_limit_and_a13_4_no_smoke(make_position: Any) -> None:
    """A13.7: an SMC leads at most 3 horses' worth of counters (a squad's counter alone is 3); A13.4: cavalry
    places no smoke."""
    ldr = {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8"}
    pos = at(make_position, ldr, {"id": "a-h1", "counter": "HORSE1", "side": "a", "hex": "F8",
                                  "carrier": "a-ldr"}, mounted=False)
    pos = pos.at(pos.state.with_unit(_carried(pos.units["a-horse"], "a-ldr")))
    with pytest.raises(IllegalAction) as many:
        pos.game.check(pos, pos.parse_action("move a-ldr F8-F7"))
    assert many.value.rule == "A13.7"
    rider = at(make_position)
    with pytest.raises(IllegalAction, match="smoke"):
        rider.game.check(rider, rider.parse_action("smoke a-cav at F8"))


def test_a13_33_cavalry_does_not_dismantle(make_position: Any) -> None:
    """A13.33: cavalry does not dismantle a SW (a German HMG, demo values), nor recover one (A4.44)."""
    pos = at(make_position, {"id": "a-sw", "counter": "HMG", "side": "a", "hex": "F8", "carrier": "a-cav"},
             phase="PFPh")
    with pytest.raises(IllegalAction) as dm:
        pos.game.check(pos, pos.parse_action("activate a-sw for dismantle"))
    assert dm.value.rule == "A13.33"
    lying = at(make_position, {"id": "a-sw", "counter": "LMG", "side": "a", "hex": "F8"})
    with pytest.raises(IllegalAction) as rec:
        lying.game.check(lying, lying.parse_action("transfer a-sw to a-cav"))
    assert rec.value.rule == "A13.33"


def test_a13_31_a_led_horse_that_moved_is_not_mounted_in_the_mph(make_position: Any) -> None:
    """A13.31: no mounting a horse that moved this MPh, led as it was (A13.7)."""
    led = at(make_position, mounted=False)
    led = led.at(led.state.with_unit(_carried(led.units["a-horse"], "a-cav")))
    led.push_text("move a-cav F8-F7")
    pass_all(led)
    assert led.units["a-horse"].hex == led.map.parse_label("F7")
    with pytest.raises(IllegalAction) as moved:
        led.game.check(led, led.parse_action("load a-cav into a-horse"))
    assert moved.value.rule == "A13.31"


def test_a13_52_no_heat_of_battle_for_cavalry(make_position: Any) -> None:
    """A13.52: an Original MC DR of 2 brings cavalry no Heat of Battle DR (A15.1), as it does on foot."""
    pos = at(make_position)
    assert not morale.morale_check(pos.units["a-cav"], (1, 1)).hob
    foot = at(make_position, mounted=False)
    assert morale.morale_check(foot.units["a-cav"], (1, 1)).hob


def _charge_through(pos: Position, text: str, target: str, fpf: str = "6,6") -> None:
    """Moves the charge, the target's units firing their forced FPF (A13.351) as it enters, everyone else
    passing, then answers what follows up to the Charge's own IFT roll."""
    pos.push_text(text)
    here, fired = pos.map.parse_label(target), False
    while pos.decision is not None and pos.decision.kind == "react":
        moving = pos.state.moving
        firer = next((u.id for u in pos.units.values() if u.hex == here and u.side == "b"), None)
        if moving is not None and moving.here == here and not fired and firer is not None:
            fired = True
            pos.push_text(f"fire {firer} at {target} dice {fpf}")
            while pos.decision is not None and pos.decision.kind != "react" and pos.decision.then != "ift":
                d = pos.decision
                pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")
        else:
            pos.push_text("answer pass")


def test_a13_6_a_further_charge_in_the_mph_is_declared_on_entry(make_position: Any) -> None:
    """A13.6: after its attack, a further Charge in the same MPh is declared only as the new target is
    entered: the 4-4-7 that charged F4 (4 hexes of Open Ground + 3 = 7 of its 20 MF) charges the 4-4-7 in
    F2, 2 hexes on, with no 3-hex or LOS test: 2 MF + 3 = 5 MF. A unit that has made no Charge yet is held
    to the 3 hexes."""
    pos = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "F2"})
    _charge_through(pos, "move a-cav F8-F7-F6-F5-F4 as charge", "F4")
    top = pos.decision
    assert top is not None and top.rule == "A13.6" and top.then == "ift"
    pos.push_text("answer dice 6,6")
    while pos.decision is not None and pos.decision.kind != "react":
        d = pos.decision
        pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")
    assert pos.state.moving is None and pos.units["a-cav"].has(cavalry.CHARGING)
    assert cost(pos, "move a-cav F4-F3-F2 as charge") == 5
    fresh = at(make_position, {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "F2"}, where="F4")
    with pytest.raises(IllegalAction, match="3 or more hexes"):
        fresh.game.check(fresh, fresh.parse_action("move a-cav F4-F3-F2 as charge"))


def test_a13_6_a_charge_attacks_with_a_mol_a22_611(make_position: Any) -> None:
    """A13.6 (A13.4, A22.611): the Charge's attack is TPBF or MOL: a side with MOL is asked before the
    attack's DR; the 4-4-7's check dr of 1 (+1 at a non-AFV: 2, within 1-3) uses one, and its 4 FP tripled
    by TPBF (12, not halved) get the MOL's 4 more: 16 FP."""
    pos = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"},
             options={"mol": ["a"]})
    _charge_through(pos, "move a-cav F8-F7-F6-F5-F4 as charge", "F4")
    top = pos.decision
    assert top is not None and top.then == "mol_user" and top.units == ("a-cav",)
    pos.push_text("answer units a-cav")
    assert pos.decision is not None and pos.decision.then == "mol_check"
    pos.push_text("answer dice 1")
    top = pos.decision
    assert top is not None and top.rule == "A13.6" and top.then == "ift"
    pos.push_text("answer dice 5,5")
    res = pos.last_resolution
    assert res is not None and "+4 FP" in res.text() and "16 FP ->" in res.text(), res.text()
    assert not pos.units["a-cav"].has("mol")  # used up in the attack


def test_a13_6_no_mol_question_without_the_scenarios_mol(make_position: Any) -> None:
    pos = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"})
    _charge_through(pos, "move a-cav F8-F7-F6-F5-F4 as charge", "F4")
    assert pos.decision is not None and pos.decision.then == "ift"


def test_a13_3_a_cavalry_leader_gives_infantry_the_leader_bonus(make_position: Any) -> None:
    """A13.3 with A4.12: a mounted 8-0 moving with a 4-4-7 on foot from the start of the MPh gives it the
    leader's +2 MF: 4 (A4.11) + 2 = 6 hexes of Open Ground (1 MF each), not 7; the 4-4-7 alone has 4."""
    pos = at(make_position, {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "F8"}, rider="8-0",
             horse="HORSE1")
    assert cost(pos, "move a-cav,a-sq F8-F7-F6-F5-F4-F3-F2") == 6
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-cav,a-sq F8-F7-F6-F5-F4-F3-F2-F1"))
    assert cost(pos, "move a-sq F8-F7-F6-F5-F4") == 4
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move a-sq F8-F7-F6-F5-F4-F3"))
    with pytest.raises(IllegalAction, match="no gallop"):
        pos.game.check(pos, pos.parse_action("move a-cav,a-sq F8-F7 as gallop"))
    pos.push_text("move a-cav,a-sq F8-F7-F6-F5-F4-F3-F2")
    pass_all(pos)
    assert pos.units["a-sq"].hex == pos.map.parse_label("F2") == pos.units["a-horse"].hex
    assert pos.units["a-horse"].has(cavalry.USED)


def test_a13_3_the_bonus_needs_a_cavalry_leader_and_cavalry_terrain(make_position: Any) -> None:
    """A13.3: only a cavalry leader gives it (a mounted squad and infantry still move apart), and the stack
    enters no terrain cavalry may not (woods with no cavalry cost given)."""
    squad = at(make_position, {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "F8"})
    with pytest.raises(IllegalAction, match="separate stacks"):
        squad.game.check(squad, squad.parse_action("move a-cav,a-sq F8-F7"))
    woods = at(make_position, {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "F8"}, rider="8-0",
               horse="HORSE1", hexes={"F7": {"terrain": "woods"}})
    with pytest.raises(IllegalAction):
        woods.game.check(woods, woods.parse_action("move a-cav,a-sq F8-F7"))


# --- A13.32: several riders on one horse counter ---


def test_a13_32_an_smc_rides_along_on_the_squads_counter(make_position: Any) -> None:
    """A13.32: a 3-horse counter carries a squad-equivalent and any number of SMC. The 8-0 mounts the
    4-4-7's counter for 1 MF (A13.31): the horse loses 25% of its 12 MF, 9 are left to both riders, who
    move together; `unload` puts both on foot."""
    pos = at(make_position, {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8"})
    assert "load a-ldr into a-horse" in texts(pos)
    pos.push_text("load a-ldr into a-horse")
    ldr, cav = pos.units["a-ldr"], pos.units["a-cav"]
    assert ldr.has(cavalry.MOUNTED) and pos.units["a-horse"].carrier == "a-cav"
    assert cavalry.horse_of(pos.state, ldr) == pos.units["a-horse"]
    assert pos.game.group_budget([cav, ldr], "", pos.state) == 9
    assert cost(pos, "move a-cav,a-ldr F8-F7-F6") == 2
    pos.push_text("unload a-horse")
    assert not pos.units["a-ldr"].has(cavalry.MOUNTED) and not pos.units["a-cav"].has(cavalry.MOUNTED)
    assert cavalry.horse_of(pos.state, pos.units["a-ldr"]) is None


def test_a13_32_room_on_a_one_horse_counter(make_position: Any) -> None:
    """A13.32: one horse carries one or two SMC: a second leader rides along on the 8-0's counter, a third
    does not; no MMC rides along on another unit's counter."""
    pos = at(make_position, {"id": "a-l2", "counter": "8-0", "side": "a", "hex": "F8"},
             {"id": "a-l3", "counter": "8-0", "side": "a", "hex": "F8"},
             {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "F8"}, rider="8-0", horse="HORSE1")
    pos.push_text("load a-l2 into a-horse")
    assert [u.id for u in cavalry.riders_of(pos.state, pos.units["a-horse"])] == ["a-cav", "a-l2"]
    with pytest.raises(IllegalAction, match="no room"):
        pos.game.check(pos, pos.parse_action("load a-l3 into a-horse"))
    with pytest.raises(IllegalAction, match="no room"):
        pos.game.check(pos, pos.parse_action("load a-sq into a-horse"))


def _smc_along(make_position: Any, white: int, coloured: int) -> Position:
    units = [{"id": "ger-6", "counter": "6-2-8", "side": "a", "hex": "C3"},
             {"id": "rus-c", "counter": "4-4-7r", "side": "b", "hex": "C5", "markers": [cavalry.MOUNTED]},
             {"id": "rus-h", "counter": "HORSE3", "side": "b", "hex": "C5", "carrier": "rus-c"},
             {"id": "rus-l", "counter": "8-0", "side": "b", "hex": "C5",
              "markers": [cavalry.MOUNTED, f"{cavalry.RIDES}rus-h"]}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text(f"fire ger-6 at C5 dice {white},{coloured}")
    while pos.decision is not None and pos.decision.then != "cav_seat":
        d = pos.decision
        pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")  # all pass
    return pos


@pytest.mark.parametrize(("dr", "lost"), [(2, False), (5, True)])
def test_a13_511_an_smc_on_a_squad_counter_hit_by_a_casualty(make_position: Any, dr: int, lost: bool) -> None:
    """A13.511: 6 FP, Original DR 6 (the 6 FP column's Kill number): the squad's counter suffers a casualty;
    for the 8-0 riding with the squad a dr decides which HS counter it was on (1-3 the one kept, 4-6 the one
    lost); the squad deploys, one HS bailing out, and the 8-0 with it on a 4-6."""
    pos = _smc_along(make_position, 2, 4)
    top = pos.decision
    assert top is not None and top.then == "cav_seat" and top.dice == "dr"
    assert top.subject == ("rus-l", "rus-c")
    pos.push_text(f"answer dice {dr}")
    assert pos.decision is not None and pos.decision.then == "cav_bail"
    pos.push_text("answer dice 2,3")  # the bailing HS's NMC: passed
    while pos.decision is not None:
        pos.push_text("answer dice 1,2")  # the 8-0's own NMC, if it bailed out: passed
    ldr = pos.units["rus-l"]
    assert pos.units["rus-c"].type == "hs" and pos.units["rus-c.2"].has("bailed")
    assert ldr.has(cavalry.MOUNTED) is not lost and ldr.has("bailed") is lost
    assert not ldr.has(horsehit.SEAT_LOST)


def test_a13_51_the_counter_stays_for_the_good_order_riders_left(make_position: Any) -> None:
    """A13.51: the 4-4-7 breaks and is off its horse; the 8-0 riding with it is Good Order, so the counter
    stays, now the size that carries him (one horse, A13.32), and passes to him. A13.511: a Final DR below
    the Kill number removes the counter and everyone on it bails out."""
    pos = at(make_position, {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8",
                             "markers": [cavalry.MOUNTED, f"{cavalry.RIDES}a-horse"]})
    broken = pos.state.with_unit(pos.units["a-cav"].mark("broken"))
    after = cavalry.settle(broken, pos)
    horse = after.units["a-horse"]
    assert horse.values.get("horses") == 1 and horse.carrier == "a-ldr"
    assert not after.units["a-cav"].has(cavalry.MOUNTED)
    assert after.units["a-ldr"].has(cavalry.MOUNTED)
    assert cavalry.horse_of(after, after.units["a-ldr"]) == horse
    gone = cavalry.settle(broken.with_unit(broken.units["a-ldr"].mark("broken")), pos)
    assert "a-horse" not in gone.units
    assert not any(m.startswith(cavalry.RIDES) for m in gone.units["a-ldr"].markers)
    lone = cavalry.settle(pos.state.without_unit("a-horse"), pos)  # the counter gone another way: on foot
    assert not lone.units["a-ldr"].has(cavalry.MOUNTED)
    assert not any(m.startswith(cavalry.RIDES) for m in lone.units["a-ldr"].markers)
    fired = _smc_along(make_position, 1, 3)  # 4 < 5: the counter removed
    assert "rus-h" not in fired.units
    assert fired.units["rus-l"].has("bailed") and not fired.units["rus-l"].has(cavalry.MOUNTED)


def test_a13_4_mounted_pbf_may_use_a_mol(make_position: Any) -> None:
    """A13.4: cavalry uses no SW but a MOL (A22.6): a mounted 4-4-7's PBF at the adjacent enemy is asked for
    its MOL check as any unit's is (A22.611)."""
    pos = at(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F7"}, phase="PFPh",
             options={"mol": ["a"]})
    pos.push_text("fire a-cav at F7")
    top = pos.decision
    assert top is not None and top.then == "mol_user" and top.units == ("a-cav",)


def test_a13_32_an_smc_riding_along_parts_on_a_counter_of_its_own(make_position: Any) -> None:
    """A13.32: a cavalry SMC may make an SMC counter of its own at any time in the MPh to move apart from
    the MMC's counter: the 8-0 riding along on the 4-4-7's counter moves off alone on a new 1-horse counter
    with the 9 MF the shared horse had left (12 less 25% for his 1 MF of mounting, A13.31)."""
    pos = at(make_position, {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8"})
    pos.push_text("load a-ldr into a-horse")
    assert pos.game.group_budget([pos.units["a-ldr"]], "", pos.state) == 9
    pos.push_text("move a-ldr F8-F7")
    pass_all(pos)
    own = pos.units["a-horse.2"]
    assert own.values.get("horses") == 1 and own.carrier == "a-ldr" and own.hex == pos.map.parse_label("F7")
    assert pos.units["a-horse"].carrier == "a-cav" and pos.units["a-horse"].hex == pos.map.parse_label("F8")
    assert cavalry.riders_of(pos.state, pos.units["a-horse"]) == [pos.units["a-cav"]]
    assert mphsw.mf_left(pos.units["a-ldr"]) == 8
    no_smc_counter = {k: v for k, v in COUNTERS.items() if k != "HORSE1"}
    lacking: Position = make_position("asl", [
        {"id": "a-cav", "counter": "4-4-7", "side": "a", "hex": "F8", "markers": [cavalry.MOUNTED]},
        {"id": "a-horse", "counter": "HORSE3", "side": "a", "hex": "F8", "carrier": "a-cav"},
        {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8",
         "markers": [cavalry.MOUNTED, f"{cavalry.RIDES}a-horse"]}], "MPh", counters=no_smc_counter)
    with pytest.raises(IllegalAction, match="move together"):
        lacking.game.check(lacking, lacking.parse_action("move a-cav F8-F7"))
