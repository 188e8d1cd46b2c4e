"""Rules the D15.4x-D15.5x audit found built without a test of their own, checked through the game: D15.56
(a wounded rider rides on, unchanged). The demo catalogue's sidecar (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["sc"] = {"type": "vehicle", "vehicle": "demo-moto-sc-g"}


def sidecar(make_position: Any, *markers: str) -> Position:
    units = [{"id": "a-sc", "counter": "sc", "side": "a", "hex": "F8", "markers": ["vca0"]},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "F8", "carrier": "a-sc",
              "markers": list(markers)},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def test_d15_56_a_wounded_motorcycle_rider_rides_on(make_position: Any) -> None:
    """D15.56: a wounded rider suffers nothing more: he stays aboard (no bail out, no dismount) and his cycle
    reaches the same hexes as with an unwounded rider."""
    hurt = sidecar(make_position, "wounded")
    assert hurt.game.settle(hurt).units["a-l"].carrier == "a-sc"
    well = sidecar(make_position)
    reach = armour.moves_for(hurt, hurt.units["a-sc"]).keys()
    assert reach and reach == armour.moves_for(well, well.units["a-sc"]).keys()


def test_d15_41_dismounting_riders_take_ffnam_and_ffmo(make_position: Any) -> None:
    """D15.41: riders dismounting (1 MF in the Location) may be fired on with FFMO, and FFNAM always applies
    (A4.6): the DFF window after the dismount, in open ground, takes both -1."""
    units = [{"id": "a-sc", "counter": "sc", "side": "a", "hex": "F8", "markers": ["vca0"]},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "F8", "carrier": "a-sc"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "F6"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("unload a-sc")
    while pos.decision is not None and pos.decision.kind != "react":
        pos.push_text("answer keep")
    assert pos.decision is not None and pos.decision.kind == "react" and pos.units["a-l"].carrier is None
    pos.push_text("fire b-sq at F8 dice 3,4")
    res = pos.last_resolution
    assert res is not None
    text = res.text()
    assert "First Fire at a moving unit (FFNAM)" in text and "moving in Open Ground (FFMO)" in text


def test_d15_45_terrain_limits_entry_only(make_position: Any) -> None:
    """D15.45: a motorcycle standing in woods (where it may not ride in: the chart pack's NA, demo values)
    is mounted there and ridden out; only entering woods is barred."""
    units = [{"id": "a-sc", "counter": "sc", "side": "a", "hex": "F8", "markers": ["vca0"]},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "F8"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS,
                                  hexes={"F8": {"terrain": "woods"}, "E8": {"terrain": "woods"}})
    pos.push_text("load a-l into a-sc")
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")
    reach = armour.moves_for(pos, pos.units["a-sc"])
    labels = {pos.label(h) for h in reach}
    assert "F7" in labels and "E8" not in labels


def test_d15_53_two_smc_on_one_cycle_both_bail_out(make_position: Any) -> None:
    """D15.53: two SMC ride one single motorcycle in Motion; fire breaks one of them: both bail out (each a
    NMC, D6.24), the unbroken one too. Original DR 6 on 4 FP: the riders' final 5 (-1, D15.5), the pack's
    1MC; the first leader's MC DR 11 fails his morale 9 + 1."""
    counters = {**COUNTERS, "mc1": {"type": "vehicle", "vehicle": "demo-moto-1-g"}}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-mc", "counter": "mc1", "side": "b", "hex": "C4", "markers": ["vca0", "motion"]},
             {"id": "rus-l1", "counter": "9-1", "side": "b", "hex": "C4", "carrier": "rus-mc"},
             {"id": "rus-l2", "counter": "9-1", "side": "b", "hex": "C4", "carrier": "rus-mc"}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    assert str(pos.charts.chart("ift").lookup(fp=4, final_dr=5)) == "1MC"
    pos.push_text("fire ger-1 at C4 dice 2,4")
    top = pos.decision
    assert top is not None and top.then == "mc"
    first = top.subject[0]
    other = "rus-l2" if first == "rus-l1" else "rus-l1"
    pos.push_text("answer dice 5,6")
    assert pos.units[first].has("broken")
    for uid in (first, other):
        assert pos.units[uid].carrier is None and pos.units[uid].has("bailed")
    assert [d for d in pos.state.decisions if d.subject == (other,) and d.rule == "D15.53"]  # his NMC


def test_d15_53_a4_5_smc_off_a_stopped_cycle_rode_this_player_turn(make_position: Any) -> None:
    """D15.53 with A4.5: the same two SMC on a stopped single motorcycle: the broken one dismounts at once,
    and so does the other (no bail-out: the cycle is not moving); both rode and dismounted this Player Turn,
    so neither may Double Time in it. Original DR 6 on 4 FP: final 5 (-1, D15.5), the pack's 1MC; MC DR 11
    fails morale 9 + 1."""
    from hexmate.rules.games.asl import latedt

    counters = {**COUNTERS, "mc1": {"type": "vehicle", "vehicle": "demo-moto-1-g"}}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "rus-mc", "counter": "mc1", "side": "b", "hex": "C4", "markers": ["vca0"]},
             {"id": "rus-l1", "counter": "9-1", "side": "b", "hex": "C4", "carrier": "rus-mc"},
             {"id": "rus-l2", "counter": "9-1", "side": "b", "hex": "C4", "carrier": "rus-mc"}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("fire ger-1 at C4 dice 2,4")
    top = pos.decision
    assert top is not None and top.then == "mc"
    first = top.subject[0]
    other = "rus-l2" if first == "rus-l1" else "rus-l1"
    pos.push_text("answer dice 5,6")
    assert pos.units[first].has("broken")
    for uid in (first, other):
        unit = pos.units[uid]
        assert unit.carrier is None and not unit.has("bailed") and unit.has(latedt.CONVEYED)
