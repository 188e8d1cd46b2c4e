"""D3.3 (vinplace.py): every MP a vehicle spends draws Defensive First Fire, the MP it spends without entering
a hex included: its start MP (D2.12), each hexspine turned in place (D2.11), its stop (D2.13), a hook-up or an
unhooking (C10.1's costs, demo values), unloading (D6.5). In place it is not a moving target (D2.11, D2.12:
no Case J) unless it entered a new hex earlier this MPh (D2.1). Counters: test_armour's demo vehicles; the
Russian tank b-t in C2 sees C5 and D5."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour

from .test_armour import COUNTERS, pass_reactions


def table(make_position: Any, *extra: dict[str, Any]) -> Position:
    units = [{"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def tank(*markers: str) -> dict[str, Any]:
    return {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *markers]}


def halftrack(*markers: str) -> dict[str, Any]:
    return {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *markers]}


def window_at(pos: Position, rule: str = "D3.3") -> str:
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and top.rule == rule, top
    assert top.target is not None
    return pos.label(top.target)


def shoot_and_miss(pos: Position, at: str) -> list[str]:
    """b-t fires at ``at`` and misses (12); the To Hit Cases it was given."""
    pos.push_text(f"fire b-t at {at}")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and res.results.get("a-pz", res.results.get("a-ht")) != "hit"
    return [str(line.label).split(":")[0] for line in res.lines if str(line.label).startswith("Case ")]


def test_d2_12_the_start_mp_draws_fire_in_the_start_hex_not_at_a_moving_target(make_position: Any) -> None:
    pos = table(make_position, tank())
    pos.push_text("move a-pz C5-D5")
    assert window_at(pos) == "C5"  # after the start MP, before it enters D5 (D2.12, D3.3)
    assert "fire b-t at C5" in [pos.action_text(a) for a in pos.legal_actions]
    cases = shoot_and_miss(pos, "C5")
    assert "Case J" not in cases  # D2.12: spent in the hex it occupies, not a moving target (C.8)
    pass_reactions(pos)
    assert pos.label(pos.units["a-pz"].hex) == "D5"  # the move went on


def test_d2_12_a_vehicle_in_motion_pays_no_start_mp_and_draws_no_window_for_it(make_position: Any) -> None:
    pos = table(make_position, tank("motion"))
    pos.push_text("move a-pz C5-D5")
    assert window_at(pos, "A8.1") == "D5"  # the first window is at the hex it enters


def test_d2_11_d2_13_each_hexspine_turned_and_the_stop_draw_fire(make_position: Any) -> None:
    pos = table(make_position, tank())
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)  # the start MP in C5, the entry into D5
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "12"
    pos.push_text("answer hex D6")  # one hexspine, 1 MP (D2.11)
    assert window_at(pos) == "D5" and pos.units["a-pz"].facing == 5  # fired at with the new VCA (D3.3)
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "11"  # the question again
    pos.push_text("answer keep")  # stop: 1 MP (D2.13)
    assert window_at(pos) == "D5"
    cases = shoot_and_miss(pos, "D5")
    assert "Case J" in cases  # it entered D5 this MPh: a moving target still (D2.1)
    pass_reactions(pos)
    unit = pos.units["a-pz"]
    assert pos.decision is None and not unit.has("motion") and armour.spent_of(unit) == 4


def test_no_mp_left_to_stop_no_window(make_position: Any) -> None:
    """D2.13, D2.4: with no MP left it cannot stop and ends in Motion: no MP spent, so no window."""
    pos = table(make_position, tank("spent24"))  # 12 of its 14 MP spent before it moves
    pos.push_text("move a-pz C5-D5")  # start 1 + open 1: the last two
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing" and top.arg("left") == "0"
    pos.push_text("answer keep")
    assert pos.decision is None and pos.units["a-pz"].has("motion")


def test_first_fire_that_shocks_the_turning_tank_ends_its_facing_question(make_position: Any) -> None:
    """D5.34, D.7: a shocked AFV's MPh is over: the facing question under the window is dropped."""
    pos = table(make_position, tank())
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    pos.push_text("answer hex D6")
    assert window_at(pos) == "D5"
    pos.push_text("fire b-t at D5")
    pos.push_text("answer dice 1,1")  # an original 2 hits whatever the TH#
    tk = pos.decision
    assert tk is not None and tk.then == "vtk"
    need = int(tk.arg("tk"))
    pos.push_text(f"answer dice {need - need // 2},{need // 2}")  # the TK DR equal to the TK#: shocked
    pass_reactions(pos)
    unit = pos.units["a-pz"]
    assert unit.has("shocked") and pos.decision is None and pos.state.moving is None


def test_c10_1_hooking_up_and_unhooking_draw_fire_at_a_stopped_vehicle(make_position: Any) -> None:
    pos = table(make_position, halftrack())
    pos.push_text("move a-ht C5 as hook")
    assert window_at(pos) == "C5" and pos.units["a-ht"].has("towing")
    pass_reactions(pos)
    assert pos.decision is None and pos.state.moving is None and armour.spent_of(pos.units["a-ht"]) == 2
    pos.push_text("move a-ht C5 as unhook")
    assert window_at(pos) == "C5" and not pos.units["a-ht"].has("towing")
    cases = shoot_and_miss(pos, "C5")
    assert "Case J" not in cases  # stopped, in place (D2.17's pattern)
    pass_reactions(pos)
    assert armour.spent_of(pos.units["a-ht"]) == 4


def test_d8_32_unhooking_a_bogged_vehicle_costs_no_mp_and_opens_no_window(make_position: Any) -> None:
    pos = table(make_position, halftrack("towing", "bogged"))
    pos.push_text("move a-ht C5 as unhook")
    assert pos.decision is None and not pos.units["a-ht"].has("towing")


def test_d6_5_unloading_draws_fire_at_the_vehicle(make_position: Any) -> None:
    squad = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-ht"}
    pos = table(make_position, halftrack(), squad)
    pos.push_text("unload a-ht")
    assert window_at(pos) == "C5" and pos.units["a-sq"].carrier is None
    pass_reactions(pos)
    assert armour.spent_of(pos.units["a-ht"]) > 0 and pos.state.moving is None


def test_d6_4_loading_draws_fire_at_the_stopped_vehicle_not_at_a_moving_target(make_position: Any) -> None:
    squad = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}
    pos = table(make_position, halftrack(), squad)
    pos.push_text("load a-sq into a-ht")
    assert window_at(pos) == "C5" and pos.units["a-sq"].carrier == "a-ht"
    cases = shoot_and_miss(pos, "C5")
    assert "Case J" not in cases  # D6.4: its first action, not in Motion: no Case J
    pass_reactions(pos)
    assert pos.decision is None and pos.state.moving is None


def test_no_window_where_no_enemy_vehicle_can_fire(make_position: Any) -> None:
    units = [halftrack(), {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "L8"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-ht C5 as hook")
    assert pos.decision is None and pos.units["a-ht"].has("towing")


def test_d2_11_a_turn_before_the_next_hex_draws_fire_in_the_hex_it_is_in(make_position: Any) -> None:
    """D2.11, D3.3: C6 is outside the VCA from C5: the tank starts (a window), turns one hexspine in C5 (a
    window, the new VCA already set, not a moving target: it has entered no hex yet), then enters C6."""
    pos = table(make_position, tank())
    pos.push_text("move a-pz C5-C6")
    assert window_at(pos) == "C5" and pos.units["a-pz"].facing == 0  # the start MP (D2.12)
    pos.push_text("answer pass")
    assert window_at(pos) == "C5" and pos.units["a-pz"].facing != 0  # one hexspine turned in C5
    turned = pos.units["a-pz"].facing
    cases = shoot_and_miss(pos, "C5")
    assert "Case J" not in cases  # D2.11: turning in its hex alone is no moving target
    pass_reactions(pos)
    tank_ = pos.units["a-pz"]
    assert pos.label(tank_.hex) == "C6" and tank_.facing == turned  # it entered C6 with that VCA
