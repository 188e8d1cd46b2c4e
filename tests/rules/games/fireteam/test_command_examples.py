"""The digest's worked examples for command points and activation (digest 7.A, 7.B, 7.F, 7.H), each a test
named after it, starting from the rulebook's numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.base import UnitState
from hexmate.rules.games.fireteam import activation
from hexmate.rules.games.fireteam import command as cmd
from hexmate.rules.hexes import distance, offset_to_axial
from hexmate.rules.scenario import CounterType

from .conftest import COUNTERS, draw, unit

DATA = cmd.load()


def dice_for(command: cmd.Command, side: str, value: int) -> tuple[int, int]:
    i = command.cup.index((side, value))
    return (i + 1) // 10 or 10, (i + 1) % 10 or 10


def cup(us: list[int], sov: list[int], rem_us: int | None = None, rem_sov: int | None = None) -> cmd.Command:
    command = cmd.start_turn(cmd.Command(chits={"us": tuple(us), "sov": tuple(sov)}), {}, {}, DATA)
    remaining = {"us": Fraction(rem_us if rem_us is not None else sum(us)),
                 "sov": Fraction(rem_sov if rem_sov is not None else sum(sov))}
    return command.replace(remaining=remaining)


def test_ex_4_13_soviet_3_chit_then_us_2_chit() -> None:
    # [4.13] Soviets 25 and US 30 remaining: a Soviet 3-chit -> 22 left, 3 received; then a US 2-chit -> 28, 2
    command = cup([5, 5, 5, 5, 4, 4, 2], [5, 5, 5, 4, 3, 3], 30, 25)
    command, d = cmd.draw(command, dice_for(command, "sov", 3))
    assert (d.what, d.received, command.left("sov")) == ("impulse", 3, 22)
    command, d = cmd.draw(command, dice_for(command, "us", 2))
    assert (d.what, d.received, command.left("us"), command.active) == ("impulse", 2, 28, "us")


def test_ex_4_13_two_remaining_and_a_4_chit_gives_2() -> None:
    command = cup([4, 3], [3], 2, 3)
    command, d = cmd.draw(command, dice_for(command, "us", 4))
    assert d.received == 2 and command.left("us") == 0 and command.cp == 2


@pytest.mark.parametrize("chits,left", [
    ((5, 3, 2), (3, 2, 2)),  # a 5 goes, a 2 comes back
    ((4, 3, 2), (3, 2, 1)),  # no 5: a 4 goes, a 1 comes back
    ((3, 3, 2), (3, 2)),  # no 4: a 3 goes
    ((2, 2, 2), (2, 1)),  # only 2s: two go, a 1 comes back
])
def test_ex_4_12_loss_of_3_takes_the_largest_chit_and_gives_change(
        chits: tuple[int, ...], left: tuple[int, ...]) -> None:
    assert cmd.reduce_chits(chits, 3) == left


def test_ex_4_14_allowance_25_limit_3_the_4th_chit_goes_back() -> None:
    assert DATA.limit(25)[0] == 3
    command = cup([5, 5, 5, 5, 4, 4, 2], [5, 5, 4, 4, 3, 2, 2])  # 30 and 25
    assert command.limit["sov"] == 3
    for value in (5, 4, 3):
        command, d = cmd.draw(command, dice_for(command, "sov", value))
        assert d.what == "impulse"
    before = command.cup
    command, d = cmd.draw(command, dice_for(command, "sov", 2))
    assert d.what == "back" and d.rule == "4.14" and command.cup == before and command.run == ("sov", 3)
    command, d = cmd.draw(command, dice_for(command, "us", 5))
    assert d.what == "impulse" and command.run == ("us", 1)
    command, d = cmd.draw(command, dice_for(command, "sov", 2))  # after one US impulse: again up to 3
    assert d.what == "impulse" and command.run == ("sov", 1)


def test_ex_4_15_a_side_with_no_cp_left_has_its_chits_ignored_and_the_phase_ends() -> None:
    command = cup([2], [3, 1, 1, 1], 2, 6)
    command, _ = cmd.draw(command, dice_for(command, "us", 2))
    assert cmd.phase_over(command) == (False, "")
    # opportunity fire spent the Soviets' last CP
    command = command.replace(remaining={**command.remaining, "sov": Fraction(0)})
    command, d = cmd.draw(command, dice_for(command, "sov", 3))
    assert d.what == "ignored" and d.rule == "4.15"
    assert cmd.phase_over(command)[0]


def test_ex_4_54_turn_2_soviet_loss_us_saved_cp_and_the_first_impulses() -> None:
    # Soviets 25 lose a unit of CP loss 2: their largest chit, a 4, gives way to a 2: 23 in the cup
    sov = (4, 4, 4, 3, 3, 3, 2, 2)
    assert sum(sov) == 25
    us = (4, 4, 3, 3, 2, 2, 1, 1)
    assert sum(us) == 20
    command = cmd.Command(chits={"us": us, "sov": sov}, saved={"us-sq": Fraction(2)},
                          keep_saved=frozenset({"us"}))
    command = cmd.start_turn(command, {"sov": 2}, {"us-sq": "us", "sov-sq": "sov"}, DATA)
    assert command.allowance["sov"] == 23 and command.left("sov") == 23
    assert sorted(command.chits["sov"], reverse=True) == [4, 4, 3, 3, 3, 2, 2, 2]
    assert sum(v for s, v in command.cup if s == "sov") == 23
    # the US keeps 2 saved CP on the map: remaining 20 - 2 = 18, and its chits in the cup sum to 18
    assert command.allowance["us"] == 20 and command.left("us") == 18
    assert sum(v for s, v in command.cup if s == "us") == 18
    # a US 1-chit: the squad with 1 saved CP move-activates for 1.5 = 1 from the chit + 0.5 saved
    command = command.with_saved("us-sq", Fraction(1))
    command, d = cmd.draw(command, dice_for(command, "us", 1))
    assert d.received == 1 and command.left("us") == 17
    paid = cmd.pay(command, DATA.cost("us", "squad_move").cp, ["us-sq"])
    assert paid is not None and paid.cp == 0 and paid.saved_on("us-sq") == Fraction(1, 2)
    # a Soviet 3-chit: an infantry platoon activation costs 3
    paid, d = cmd.draw(paid, dice_for(paid, "sov", 3))
    assert d.received == 3 and DATA.cost("soviet", "platoon").cp == 3


def test_ex_4_54_saved_1_5_carried_over_costs_2() -> None:
    command = cmd.Command(chits={"us": (5, 5), "sov": (5,)}, saved={"u": Fraction(3, 2)},
                          keep_saved=frozenset({"us"}))
    command = cmd.start_turn(command, {}, {"u": "us"}, DATA)
    assert command.left("us") == 8 and command.saved_on("u") == Fraction(3, 2)
    dropped = cmd.start_turn(cmd.Command(chits={"us": (5, 5)}, saved={"u": Fraction(3, 2)}), {}, {"u": "us"},
                             DATA)
    assert dropped.left("us") == 10 and not dropped.saved  # removed instead: no cost [4.54]


def test_ex_11_14_scenario_1_soviet_cp_24() -> None:
    command = cmd.start_turn(cmd.Command(chits={"sov": (2, 3, 3, 3, 4, 4, 5)}), {}, {}, DATA)
    assert command.allowance["sov"] == 24 and len(command.cup) == 7


# --- activation [4.2]-[4.4] ---

def u(uid: str, counter: str, col: int = 1, row: int = 1, side: str = "us", *markers: str) -> UnitState:
    c = COUNTERS[counter]
    return UnitState(uid, side, CounterType(counter, str(c["type"]), c), offset_to_axial(col, row, "odd"),
                     markers=frozenset(markers))


def see(a: Any, b: Any) -> bool:
    return True


def test_ex_4_4_us_squad_with_a_minus_1_leader_pays_1() -> None:
    cost = activation.cost([u("s", "squad")], "us", DATA, see, "move", [u("l", "ldr")])
    assert cost.cp == 1 and cost.leader == "l"  # 1.5 - 1 = 0.5, but never below 1


def test_ex_4_31_us_stack_leader_one_squad_and_two_teams_for_1_cp() -> None:
    stack = [u("s1", "squad"), u("s2", "squad"), u("m1", "mg"), u("m2", "mg"), u("d", "dragon"),
             u("l", "ldr")]
    group = [stack[0], stack[2], stack[4], stack[5]]
    assert activation.cost(group, "us", DATA, see, "move", [stack[5]]).cp == 1
    with pytest.raises(IllegalAction, match="two light teams"):
        activation.cost([stack[0], stack[2], stack[3], stack[4]], "us", DATA, see, "move", [])
    with pytest.raises(IllegalAction, match="heavy team"):
        activation.cost([stack[0], u("h", "heavy")], "us", DATA, see, "move", [])


def test_ex_4_31_soviet_squad_brings_one_mg_and_one_other_team() -> None:
    s, m1, m2, d = u("s", "squad", side="sov"), u("m1", "mg", side="sov"), u("m2", "mg", side="sov"), \
        u("d", "dragon", side="sov")
    assert activation.classify([s, m1, d], "soviet", DATA, see, "move")[0] == "squad and teams"
    with pytest.raises(IllegalAction, match="one MG team"):
        activation.classify([s, m1, m2], "soviet", DATA, see, "move")


def test_ex_4_23_team_next_to_its_own_squad_costs_2_else_3() -> None:
    team = u("m", "mg", 10, 10)
    own = u("s", "squad", 10, 11)  # adjacent, platoon 1 like the MG team
    other = u("x", "dragon", 10, 11)  # a team of platoon 2: no help
    assert activation.cost([team], "us", DATA, see, "move", [], [team, own]).cp == 2
    assert activation.cost([team], "us", DATA, see, "move", [], [team, other]).cp == 3
    assert activation.cost([team], "us", DATA, see, "move", [], [team]).cp == 3


def test_ex_4_33_platoon_of_three_squads_and_six_teams_for_4_cp() -> None:
    squads = [u("s1", "squad", 41, 21), u("s2", "squad", 40, 20), u("s3", "squad", 39, 18)]
    teams = [u("t1", "mg", 41, 22), u("t2", "mg", 41, 22), u("t3", "mg", 40, 20), u("t4", "dragon", 40, 20),
             u("t5", "mg", 39, 17), u("t6", "dragon", 39, 17)]
    assert distance(squads[0].hex, squads[1].hex) == 2 and distance(squads[1].hex, squads[2].hex) == 2  # type: ignore[arg-type]
    cost = activation.cost(squads + teams, "us", DATA, see, "move", [])
    assert cost.kind == "platoon" and cost.cp == 4
    moved = [*teams[:4], u("t5", "mg", 39, 16), u("t6", "dragon", 39, 16)]  # C3916: 2 from C3918
    with pytest.raises(IllegalAction, match=r"4\.33"):
        activation.cost(squads + moved, "us", DATA, see, "move", [])


def test_ex_4_32_platoon_members_need_los_to_another() -> None:
    squads = [u("s1", "squad", 41, 21), u("s2", "squad", 40, 20)]
    with pytest.raises(IllegalAction, match=r"4\.32"):
        activation.cost(squads, "us", DATA, lambda a, b: False, "move", [])


def test_ex_4_37_group_fears_3_2_1_add_2() -> None:
    group = [u("s", "squad", 1, 1, "us", "fear3"), u("m1", "mg", 1, 1, "us", "fear2"),
             u("m2", "mg", 1, 1, "us", "fear1")]
    cost = activation.cost(group, "us", DATA, see, "move", [])
    assert cost.cp == Fraction(3, 2) + 2


def test_ex_6_35_platoon_fears_4_and_2_add_2_and_a_fear_3_squad_pays_4() -> None:
    plt = [u("s1", "squad", 1, 1, "sov", "fear4"), u("s2", "squad", 2, 1, "sov", "fear2")]
    assert activation.cost(plt, "soviet", DATA, see, "move", []).cp == 3 + 2
    squad = [u("s", "squad", 1, 1, "sov", "fear3")]
    assert activation.cost(squad, "soviet", DATA, see, "move", []).cp == 4  # 2 (demo cell) + 2


def test_ex_5_44_squad_and_m2_activate_separately_for_2_5() -> None:
    squad = activation.cost([u("s", "squad")], "us", DATA, see, "move", [])
    m2 = activation.cost([u("v", "m2")], "us", DATA, see, "move", [])
    assert squad.cp + m2.cp == Fraction(5, 2)
    with pytest.raises(IllegalAction, match=r"4\.36"):
        activation.cost([u("s", "squad"), u("v", "m2")], "us", DATA, see, "move", [])


def test_ex_4_35_soviet_tank_platoon_fire_activation_cannot_move(ft: Any) -> None:
    sides = [{"id": "a", "name": "Soviet", "nationality": "soviet"}, {"id": "b", "name": "US"}]
    units = [unit("t1", "B2", "t80"), unit("t2", "C2", "t80"), unit("x", "B5", "m2", "b"),
             unit("y", "J8", "squad", "b")]
    pos = ft(units, sides=sides)
    with pytest.raises(IllegalAction, match=r"4\.35"):
        pos.push_text("activate t1,t2 for any")  # a Soviet group moves or fires as a whole
    pos.push_text("activate t1,t2 for fire")
    assert pos.game.cp(pos.state).cp == 5 - 3  # the Soviet tank platoon: 3 CP [4.35]
    with pytest.raises(IllegalAction, match=r"4\.35"):
        pos.push_text("move t2 C2-C3")


def test_ex_8_1_three_feared_units_one_leader_one_cp_three_rolls(ft: Any) -> None:
    units = [unit("s", "D4", "squad", "a", "fear3"), unit("m", "D4", "mg", "a", "fear1"),
             unit("m2", "D4", "mg", "a", "fear2"), unit("l", "D4", "ldr"), unit("t", "J8", "squad5", "b")]
    pos = ft(units)
    pos.push_text("rally l")
    assert pos.game.cp(pos.state).cp == 4  # 1 CP, not lowered by the leader's modifier
    rolls = 0
    while pos.decision is not None and pos.decision.then == "rally":
        pos.push_text("answer dice 10")
        rolls += 1
    assert rolls == 3


def test_ex_4_5_saving_cp_on_a_unit_and_spending_it_later(ft: Any) -> None:
    pos = ft([unit("s", "A1"), unit("t", "A8", "squad5", "b")])
    pos.push_text("save 1.5 on s")
    with pytest.raises(IllegalAction, match=r"4\.51"):
        ft([unit("l", "A1", "ldr"), unit("t", "A8", "squad5", "b")]).push_text("save 1 on l")
    with pytest.raises(IllegalAction, match=r"0\.5"):
        pos.push_text("save 0.3 on s")
    command = pos.game.cp(pos.state)
    assert command.saved_on("s") == Fraction(3, 2) and command.cp == Fraction(7, 2)
    pos.push_text("pass")  # the 3.5 CP left are lost [4.5]
    draw(pos, "b")
    pos.push_text("pass")
    draw(pos, "a", 1)
    pos.push_text("move s A1-A2")  # 1.5: 1 from the chit, 0.5 saved
    assert pos.game.cp(pos.state).saved_on("s") == 1


def test_ex_4_12_eliminated_units_cost_their_cp_loss_next_turn(ft: Any) -> None:
    units = [unit("s", "D4"), unit("t", "D5", "squad", "b", "reduced"), unit("x", "J8", "squad5", "b")]
    pos = ft(units, turns=2, cp={"a": {"chits": [3]}, "b": {"chits": [5, 1]}}, impulse=None)
    draw(pos, "a")
    pos.push_text("fire s at D5 dice 7")  # "1": the reduced squad (CP loss 2) is eliminated
    assert "t" not in pos.units
    pos.push_text("pass")
    while pos.phase.id == "action":
        draw(pos, "b")
        pos.push_text("pass")
    pos.push_text("end")
    pos.push_text("end")
    command = pos.game.cp(pos.state)
    assert command.chits["b"] == (3, 1) and command.left("b") == 4  # the 5 goes, a 3 comes back [4.12]


@pytest.mark.parametrize("a,b,d", [
    ((14, 26), (13, 25), 1), ((28, 23), (27, 23), 1), ((54, 17), (53, 16), 1), ((54, 17), (55, 16), 1),
    ((55, 15), (54, 15), 1), ((20, 5), (21, 4), 1), ((40, 9), (41, 9), 1), ((41, 9), (40, 10), 1),
    ((21, 5), (20, 4), 2), ((17, 7), (18, 6), 2), ((20, 3), (17, 3), 3), ((20, 3), (18, 3), 2),
    ((27, 4), (25, 2), 3), ((27, 6), (26, 3), 4), ((41, 21), (40, 20), 2), ((39, 18), (39, 16), 2),
])
def test_ex_hex_geometry_odd_q(a: tuple[int, int], b: tuple[int, int], d: int) -> None:
    # digest 7.H: the text's adjacencies and distances on Fire Team's odd-q grid [2.2]
    assert distance(offset_to_axial(*a, "odd"), offset_to_axial(*b, "odd")) == d


def test_ex_11_23_reinforcements_add_their_cp_chits_on_their_turn(ft: Any) -> None:
    cp = {"a": {"chits": [1], "reinforcements": {"2": [3, 2]}}, "b": {"chits": [1]}}
    pos = ft([unit("s", "D1"), unit("x", "J8", "squad", "b")], cp=cp, impulse=None, turns=2)
    assert pos.game.cp(pos.state).allowance["a"] == 1
    draw(pos, "a")
    pos.push_text("pass")
    draw(pos, "b")
    pos.push_text("pass")
    pos.push_text("end")
    pos.push_text("end")
    command = pos.game.cp(pos.state)
    assert command.allowance["a"] == 6 and command.chits["a"] == (3, 2, 1)  # [11.23] 1 + 3 + 2
