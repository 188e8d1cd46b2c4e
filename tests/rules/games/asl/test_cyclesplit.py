"""D15.44 in play (cyclesplit.py): an SMC splits a single cycle off an MMC cycle counter in the MPh; a squad
on a cycle counter replaced by two HS (A19.13) flips the counter to its HS side and gets a second HS counter;
unridden counters of one kind combine into a larger one. Motorcycles and bicycles (D15.8 keeps D15.44).
Counter sizes are D15.1's (3 top views a squad's, 2 a HS's, 1 up to two SMC); the motorcycle entries are the
demo catalogue's (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import aftermath, armour, bicycle
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS.update({"mc": {"type": "vehicle", "vehicle": "demo-moto-g"},
                 "mc2": {"type": "vehicle", "vehicle": "demo-moto-hs-g"},
                 "mc1": {"type": "vehicle", "vehicle": "demo-moto-1-g"},
                 "sc": {"type": "vehicle", "vehicle": "demo-moto-sc-g"}})


def moto(make_position: Any, *extra: dict[str, Any], phase: str = "MPh", aboard: bool = True) -> Position:
    carrier = {"carrier": "a-mc"} if aboard else {}
    units = [{"id": "a-mc", "counter": "mc", "side": "a", "hex": "F8", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F8", **carrier},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "F8", **carrier},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_d15_44_an_smc_splits_a_single_motorcycle_off_in_the_mph(make_position: Any) -> None:
    """D15.44: the leader aboard the squad counter takes one single cycle of the same kind (1 top view, no
    sidecar), from the same hex and facing, and rides it; the squad counter keeps its 3 top views."""
    pos = moto(make_position)
    assert "activate a-mc,a-l for split" in texts(pos)  # offered on the page
    pos.push_text("activate a-mc,a-l for split")
    single = pos.units["a-mc-a-l"]
    assert armour.vtype(single).silhouettes == 1 and not armour.vtype(single).sidecar
    assert single.hex == pos.units["a-mc"].hex and single.facing == pos.units["a-mc"].facing
    assert pos.units["a-l"].carrier == "a-mc-a-l" and pos.units["a-sq"].carrier == "a-mc"
    assert armour.vtype(pos.units["a-mc"]).silhouettes == 3
    pos.game.check(pos, pos.parse_action("move a-mc-a-l F8-F7"))  # D15.4: its SMC moves it alone


def test_d15_44_split_limits(make_position: Any) -> None:
    """D15.44: only an SMC aboard, only off an MMC counter, only in the MPh."""
    pos = moto(make_position, {"id": "a-l2", "counter": "9-1", "side": "a", "hex": "F8"})
    with pytest.raises(IllegalAction, match="not aboard"):
        pos.game.check(pos, pos.parse_action("activate a-mc,a-l2 for split"))
    with pytest.raises(IllegalAction, match="only an SMC"):
        pos.game.check(pos, pos.parse_action("activate a-mc,a-sq for split"))
    fire = moto(make_position, phase="PFPh")
    with pytest.raises(IllegalAction, match="own MPh") as e:
        fire.game.check(fire, fire.parse_action("activate a-mc,a-l for split"))
    assert e.value.rule == "D15.44"


def test_d15_44_a_squad_replaced_by_two_hs_flips_the_counter(make_position: Any) -> None:
    """D15.44 with A19.13: the squad aboard becomes two HS (the second '<id>/2'); the counter flips to its
    HS side (2 top views) and a second HS counter carries the other HS, from the same hex and facing."""
    pos = moto(make_position)
    replaced, _ = aftermath._replace(pos.scenario.counters, pos.state, pos.units["a-sq"],
                                     au.Replacement(("3-3-8", "3-3-8"), False, "A19.13"))
    state = pos.game.settle(pos.at(replaced))
    assert armour.vtype(state.units["a-mc"]).silhouettes == 2
    second = state.units["a-mc-2"]
    assert armour.vtype(second).silhouettes == 2 and second.facing == state.units["a-mc"].facing
    assert state.units["a-sq"].carrier == "a-mc" and state.units["a-sq/2"].carrier == "a-mc-2"
    assert state.units["a-l"].carrier == "a-mc"  # the SMC stays with the first HS


def test_d15_44_unridden_motorcycles_of_one_kind_combine(make_position: Any) -> None:
    """D15.44: an unridden HS counter and a single one of one kind (2 + 1 top views) make the squad's; two HS
    counters (4) make none; a sidecar is not of the same kind; a ridden one does not combine."""
    single = {"id": "a-m1", "counter": "mc1", "side": "a", "hex": "F8", "markers": ["vca0"]}
    two = {"id": "a-m2", "counter": "mc2", "side": "a", "hex": "F8", "markers": ["vca0"]}
    side = {"id": "a-sc", "counter": "sc", "side": "a", "hex": "F8", "markers": ["vca0"]}
    pos = moto(make_position, two, single, side, aboard=False)
    with pytest.raises(IllegalAction, match="same kind"):
        pos.game.check(pos, pos.parse_action("activate a-m1,a-sc for combine"))
    pos.push_text("activate a-m2,a-m1 for combine")
    assert armour.vtype(pos.units["a-m2"]).silhouettes == 3 and "a-m1" not in pos.units
    ridden = moto(make_position, two, single)
    with pytest.raises(IllegalAction, match="ridden"):
        ridden.game.check(ridden, ridden.parse_action("activate a-mc,a-m1 for combine"))
    both = moto(make_position, two, {**two, "id": "a-m3"}, aboard=False)
    with pytest.raises(IllegalAction, match="4 top views"):
        both.game.check(both, both.parse_action("activate a-m2,a-m3 for combine"))


def bikes(make_position: Any, *extra: dict[str, Any], riding: bool = False) -> Position:
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F8",
              "markers": [bicycle.RIDING] if riding else []},
             {"id": "a-bcy", "counter": "BCY3", "side": "a", "hex": "F8", "carrier": "a-sq"},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "F8"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def test_d15_44_d15_8_a_leader_takes_a_single_bicycle_and_rides(make_position: Any) -> None:
    """D15.44 (D15.8): the leader beside the squad with its squad counter takes a single bicycle (BCY1) and
    mounts it; the squad keeps its counter."""
    pos = bikes(make_position, riding=True)
    assert "activate a-bcy,a-l for split" in texts(pos)
    pos.push_text("activate a-bcy,a-l for split")
    new = pos.units["a-bcy-a-l"]
    assert bicycle.is_bicycle(new) and bicycle.size(new) == 1 and new.carrier == "a-l"
    assert bicycle.size(pos.units["a-bcy"]) == 3 and pos.units["a-bcy"].carrier == "a-sq"
    pos.push_text("load a-l into a-bcy-a-l")
    assert pos.units["a-l"].has(bicycle.RIDING)


def test_d15_44_d15_8_bicycles_flip_and_combine(make_position: Any) -> None:
    """D15.44 (D15.8) with A19.13: the riding squad replaced by two HS: BCY3 flips to BCY2 and the second HS
    gets a BCY2, both still riding. Two unridden bicycles, 2 + 1 top views, combine into a BCY3."""
    pos = bikes(make_position, riding=True)
    replaced, _ = aftermath._replace(pos.scenario.counters, pos.state, pos.units["a-sq"],
                                     au.Replacement(("3-3-8", "3-3-8"), False, "A19.13"))
    state = pos.game.settle(pos.at(replaced))
    assert state.units["a-bcy"].counter.name == "BCY2" and state.units["a-bcy-2"].counter.name == "BCY2"
    assert state.units["a-bcy-2"].carrier == "a-sq/2" and state.units["a-sq/2"].has(bicycle.RIDING)
    two = {"id": "a-b2", "counter": "BCY2", "side": "a", "hex": "F8", "carrier": "a-l"}
    one = {"id": "a-b1", "counter": "BCY1", "side": "a", "hex": "F8", "carrier": "a-l"}
    combine = bikes(make_position, two, one)
    combine.push_text("activate a-b2,a-b1 for combine")
    assert combine.units["a-b2"].counter.name == "BCY3" and "a-b1" not in combine.units


def test_d15_52_d15_8_a_reduced_rider_shrinks_his_bicycle(make_position: Any) -> None:
    """D15.52 (kept by D15.8): the riding squad Casualty Reduced to a HS (A7.302): its bicycle counter is
    the HS's (BCY2); a squad counter only carried by a HS stays as it is."""
    pos = bikes(make_position, riding=True)
    reduced = pos.state.with_unit(pos.units["a-sq"].as_counter(pos.scenario.counters["3-3-8"]))
    assert pos.game.settle(pos.at(reduced)).units["a-bcy"].counter.name == "BCY2"
    walking = bikes(make_position)
    carried = walking.state.with_unit(walking.units["a-sq"].as_counter(walking.scenario.counters["3-3-8"]))
    assert walking.game.settle(walking.at(carried)).units["a-bcy"].counter.name == "BCY3"


def test_d15_7_d15_8_an_enemy_bicycle_is_recovered_as_a_sw(make_position: Any) -> None:
    """D15.7, D15.8: a bicycle is a SW: an unpossessed enemy one is recovered in the RPh (A4.44)."""
    units = [{"id": "b-bcy", "counter": "BCY3", "side": "b", "hex": "F8"},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F8"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}]
    pos: Position = make_position("asl", units, "RPh", counters=COUNTERS)
    assert "transfer b-bcy to a-sq" in texts(pos)
    pos.push_text("transfer b-bcy to a-sq")
    pos.push_text("answer dice 2")
    assert pos.units["b-bcy"].carrier == "a-sq" and pos.units["b-bcy"].side == "a"


# --- D15.44 with A1.31 (Deployment) and A1.32 (Recombination): riders deploy and combine on their cycles ---

def rph(make_position: Any, *units: dict[str, Any]) -> Position:
    enemy = {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}
    pos: Position = make_position("asl", [enemy, *units], "RPh", counters=COUNTERS)
    return pos


def test_d15_44_a1_31_a_squad_aboard_a_motorcycle_deploys_on_two_hs_counters(make_position: Any) -> None:
    """D15.44 with A1.31: the 4-6-7 (morale 7) aboard a squad's motorcycle counter (3 top views, D15.1) with
    the 8-1 riding with it: NTC DR 8, -1: 7, passed. The counter flips to its HS side (2 top views) and a
    second HS counter carries the second HS; the leader stays on the first; the LMG is shared as A1.31 says,
    the counters are not."""
    pos = rph(make_position,
              {"id": "a-mc", "counter": "mc", "side": "a", "hex": "F8", "markers": ["vca0"]},
              {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F8", "carrier": "a-mc"},
              {"id": "a-l", "counter": "8-1", "side": "a", "hex": "F8", "carrier": "a-mc"},
              {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "F8", "carrier": "a-sq"})
    assert "activate a-sq,a-l for deploy" in texts(pos)
    pos.push_text("activate a-sq,a-l for deploy")
    pos.push_text("answer dice 4,4")
    assert pos.units["a-sq"].type == pos.units["a-sq.2"].type == "hs"
    assert armour.vtype(pos.units["a-mc"]).silhouettes == 2
    second = pos.units["a-mc-2"]
    assert armour.vtype(second).silhouettes == 2 and second.hex == pos.units["a-mc"].hex
    assert second.facing == pos.units["a-mc"].facing
    assert pos.units["a-sq"].carrier == "a-mc" and pos.units["a-sq.2"].carrier == "a-mc-2"
    assert pos.units["a-l"].carrier == "a-mc"
    top = pos.decision
    assert top is not None and top.then == "deploy_split" and top.units == ("a-lmg",)


def test_d15_44_a1_31_a_riding_bicycle_squad_deploys_on_two_hs_bicycles(make_position: Any) -> None:
    """D15.44 (D15.8) with A1.31: the riding 4-6-7 deploys (DR 8 with the 8-1: 7, passed): BCY3 flips to
    BCY2 and the second HS rides a BCY2 of his own; only the LMG is shared."""
    pos = rph(make_position,
              {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F8", "markers": [bicycle.RIDING]},
              {"id": "a-bcy", "counter": "BCY3", "side": "a", "hex": "F8", "carrier": "a-sq"},
              {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "F8", "carrier": "a-sq"},
              {"id": "a-l", "counter": "8-1", "side": "a", "hex": "F8"})
    pos.push_text("activate a-sq for deploy")
    pos.push_text("answer dice 4,4")
    assert pos.units["a-bcy"].counter.name == "BCY2" and pos.units["a-bcy"].carrier == "a-sq"
    assert pos.units["a-bcy-2"].counter.name == "BCY2" and pos.units["a-bcy-2"].carrier == "a-sq.2"
    assert pos.units["a-sq"].has(bicycle.RIDING) and pos.units["a-sq.2"].has(bicycle.RIDING)
    top = pos.decision
    assert top is not None and top.units == ("a-lmg",)


def test_d15_44_a1_32_hs_riding_motorcycles_combine_with_their_counters(make_position: Any) -> None:
    """D15.44 with A1.32: two 2-4-7 HS, each on a HS motorcycle counter of one kind, with the 8-1 in their
    Location: they become a 4-6-7 on a squad's counter (3 top views); the leader riding the second counter
    goes to it; the second counter leaves the map."""
    pos = rph(make_position,
              {"id": "a-m1", "counter": "mc2", "side": "a", "hex": "F8", "markers": ["vca0"]},
              {"id": "a-m2", "counter": "mc2", "side": "a", "hex": "F8", "markers": ["vca0"]},
              {"id": "a-h1", "counter": "2-4-7", "side": "a", "hex": "F8", "carrier": "a-m1"},
              {"id": "a-h2", "counter": "2-4-7", "side": "a", "hex": "F8", "carrier": "a-m2"},
              {"id": "a-l", "counter": "8-1", "side": "a", "hex": "F8", "carrier": "a-m2"})
    pos.push_text("activate a-h1,a-h2 for combine")
    assert pos.units["a-h1"].name == "4-6-7" and "a-h2" not in pos.units and "a-m2" not in pos.units
    assert armour.vtype(pos.units["a-m1"]).silhouettes == 3
    assert pos.units["a-h1"].carrier == "a-m1" and pos.units["a-l"].carrier == "a-m1"


def test_d15_44_a1_32_one_aboard_and_one_on_foot_do_not_combine(make_position: Any) -> None:
    """D15.44: only riders who both ride HS counters of one kind combine aboard; a HS on the ground with one
    aboard is refused, naming the rule."""
    pos = rph(make_position,
              {"id": "a-m1", "counter": "mc2", "side": "a", "hex": "F8", "markers": ["vca0"]},
              {"id": "a-h1", "counter": "2-4-7", "side": "a", "hex": "F8", "carrier": "a-m1"},
              {"id": "a-h2", "counter": "2-4-7", "side": "a", "hex": "F8"},
              {"id": "a-l", "counter": "8-1", "side": "a", "hex": "F8"})
    with pytest.raises(IllegalAction, match=r"D15\.44"):
        pos.game.check(pos, pos.parse_action("activate a-h1,a-h2 for combine"))


def test_d15_44_a1_32_d15_8_riding_hs_combine_their_bicycles(make_position: Any) -> None:
    """D15.44 (D15.8) with A1.32: two riding 2-4-7 HS with a BCY2 each combine into a 4-6-7 riding a BCY3;
    if one of them walked, the squad holds the BCY3 without riding it."""
    def two(second_rides: bool) -> Position:
        return rph(make_position,
                   {"id": "a-h1", "counter": "2-4-7", "side": "a", "hex": "F8", "markers": [bicycle.RIDING]},
                   {"id": "a-h2", "counter": "2-4-7", "side": "a", "hex": "F8",
                    "markers": [bicycle.RIDING] if second_rides else []},
                   {"id": "a-b1", "counter": "BCY2", "side": "a", "hex": "F8", "carrier": "a-h1"},
                   {"id": "a-b2", "counter": "BCY2", "side": "a", "hex": "F8", "carrier": "a-h2"},
                   {"id": "a-l", "counter": "8-1", "side": "a", "hex": "F8"})
    pos = two(True)
    pos.push_text("activate a-h1,a-h2 for combine")
    assert pos.units["a-h1"].name == "4-6-7" and pos.units["a-h1"].has(bicycle.RIDING)
    assert pos.units["a-b1"].counter.name == "BCY3" and pos.units["a-b1"].carrier == "a-h1"
    assert "a-b2" not in pos.units
    walked = two(False)
    walked.push_text("activate a-h1,a-h2 for combine")
    assert walked.units["a-b1"].counter.name == "BCY3" and not walked.units["a-h1"].has(bicycle.RIDING)


def test_d15_44_a20_5_a_guard_riding_a_bicycle_deploys_on_two_hs_bicycles(make_position: Any) -> None:
    """D15.44 (D15.8) with A20.5: a guard riding its BCY3 deploys at will (MPh): BCY3 flips to BCY2 and the
    second HS rides a BCY2 of his own, as in A1.31's deployment."""
    units = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F8", "markers": [bicycle.RIDING]},
             {"id": "a-bcy", "counter": "BCY3", "side": "a", "hex": "F8", "carrier": "a-sq"},
             {"id": "b-p", "counter": "4-4-7r", "side": "b", "hex": "F8", "markers": ["prisoner"],
              "carrier": "a-sq"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("activate a-sq for deploy")
    assert pos.units["a-bcy"].counter.name == "BCY2"
    assert pos.units["a-bcy-2"].counter.name == "BCY2" and pos.units["a-bcy-2"].carrier == "a-sq.2"
    assert pos.units["a-sq.2"].has(bicycle.RIDING)
