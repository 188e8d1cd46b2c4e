"""Every worked example and acceptance test of the Schlieffen's War digest (section 8, tests 1-44), one test
each, named after it (``test_exNN_rule_...``). The expected values are the rulebook's or the digest's; where
an example rests on an ambiguity the default setting (README.md) is named. The German Heavy Artillery Table of
tests 33 and 34 (11.23) is printed on the map, not in the text: its cells are demo values."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.charts import load_pack
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.games.base import Position
from hexmate.rules.games.sw.combat import column_index

COUNTERS = {
    "ger4": {"type": "corps", "cf": 4, "ma": 4, "reduced_cf": 2, "nation": "GER"},
    "ger5": {"type": "corps", "cf": 5, "ma": 4, "reduced_cf": 3, "nation": "GER"},
    "ger9": {"type": "corps", "cf": 9, "ma": 4, "reduced_cf": 4, "nation": "GER"},
    "ger1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "GER"},
    "gerhq": {"type": "hq", "cf": 2, "ma": 4, "nation": "GER"},
    "gerdep": {"type": "depot", "cf": 0, "ma": 6, "nation": "GER"},
    "fra3": {"type": "corps", "cf": 3, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
    "fra1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
    "frahq": {"type": "hq", "cf": 2, "ma": 4, "nation": "FRA"},
    "frafort": {"type": "fort", "cf": 2, "ma": 0, "nation": "FRA"},
    "verdun4": {"type": "fort", "cf": 4, "ma": 0, "reduced_cf": 3, "nation": "FRA", "replaced_by": "verdun2"},
    "verdun2": {"type": "fort", "cf": 2, "ma": 0, "reduced_cf": 1, "nation": "FRA"},
    "bri1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "BRI"},
    "brihq": {"type": "hq", "cf": 1, "ma": 4, "nation": "BRI"},
    "bel2": {"type": "corps", "cf": 2, "ma": 4, "reduced_cf": 1, "nation": "BEL"},
}
SIDES = {"ger": "a", "ent": "b"}
# the Germans' sources on the east edge (column L), the Entente's on the west edge (column A)
EDGES = {"west": [f"A{n}" for n in range(1, 9)], "east": [f"L{n}" for n in range(1, 9)]}


def _u(uid: str, hex_: str, counter: str, *markers: str) -> dict[str, Any]:
    side = "a" if counter.startswith("ger") else "b"
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str = "combat", *, supply: str = "markers",
         theatre: dict[str, Any] | None = None, **kw: Any) -> Position:
    options = {"theatre": {"edges": EDGES, **(theatre or {})}, "supply": supply, **kw.pop("options", {})}
    return make_position("sw", units, phase, counters=COUNTERS, default="clear", options=options, **kw)  # type: ignore[no-any-return]


def _h(pos: Position, label: str) -> Any:
    return pos.map.parse_label(label)


def _until(pos: Position, turn: int, phase: str, side: str) -> None:
    for _ in range(80):
        if (pos.turn, pos.phase.id, pos.phasing) == (turn, phase, side) or pos.state.over:
            return
        if pos.decision is not None and pos.decision.kind == "roll":
            pos.push_text("answer dice 6")  # attrition and the like: no effect on a 6
        elif pos.decision is not None:
            done = pos.game.done_action(pos)
            assert done is not None, pos.decision_text()
            pos.push(done)
        else:
            pos.push_text("end")
    raise AssertionError(f"never reached turn {turn} {phase} {side}: {pos}")


def test_ex01_11_8_27_against_7_is_the_3_to_1_column() -> None:
    assert column_index(27, 7) == 3  # 27/7 = 3.857 (the text's 3.71 is a slip): fractions dropped


def test_ex02_11_17_3_to_1_with_a_3_gives_1_2() -> None:
    game = get_game("sw")
    oracle = json.loads((Path(game.data_dir) / "charts" / "oracles.json").read_text())["oracles"]
    assert oracle == [{"chart": "crt", "at": {"odds": "3:1", "roll": 3}, "result": "1/2",
                       "source": oracle[0]["source"]}]
    assert str(game.load_charts().chart("crt").lookup(odds="3:1", roll=3)) == "1/2"


def test_ex03_11_18_a_2_3_result_is_two_and_three_steps_in_all_defender_first(
    make_position: Any, tmp_path: Path
) -> None:
    doc = json.loads((Path(get_game("sw").data_dir) / "charts" / "demo.json").read_text())
    doc["charts"]["crt"]["cells"][3][0] = "2/3"  # a pack with a 2/3 cell: 3:1, die 1
    (tmp_path / "pack.json").write_text(json.dumps(doc))
    att = [_u("g1", "E4", "ger9"), _u("g2", "E4", "ger4"), _u("q", "F4", "gerhq")]
    dfn = [_u("f1", "D4", "fra3"), _u("f2", "D4", "fra1"), _u("ft", "D4", "frafort")]
    base = _pos(make_position, att + dfn)
    pos = Position(base.game, base.scenario, base.map, load_pack(tmp_path / "pack.json", "sw"))
    pos.push_text("attack g1,g2 at D4")  # 13 against 3 + 1 (two corps take part, 11.2) = 3:1
    pos.push_text("answer units f1,f2")
    pos.push_text("answer dice 1")
    assert pos.last_resolution.results == {"attacker": "2", "defender": "3"}
    assert pos.decision.side == "b"  # the defender applies first
    pos.push_text("answer units f1")
    # the spreading rule puts the second on f2 at once (11.20); a fort hex never retreats: the third is a
    # step too, on a corps while one lives
    top = pos.decision
    assert top.side == "b" and top.units == ("f1", "f2") and top.choices == ()
    assert pos.units["f2"].has("reduced")
    pos.push_text("answer units f1")
    assert "f1" not in pos.units and not pos.units["ft"].has("reduced")
    # then the attacker, 2 steps in all (not per unit): g1 chosen, g2 the second by the spreading rule
    assert pos.decision.side == "a" and pos.decision.units == ("g1", "g2")
    pos.push_text("answer units g1")
    assert pos.units["g1"].has("reduced") and pos.units["g2"].has("reduced") and pos.decision is None


def test_ex04_11_19_germans_attacking_british_lose_one_more_step(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D3", "ger9"), _u("h", "D3", "ger9"), _u("b", "D4", "bri1")])
    res = pos.resolve(act.Attack(("g", "h"), _h(pos, "D4"), (1,)))  # 18:1 automatic 0/3 -> 1/3
    assert res.results == {"attacker": "1", "defender": "3"} and "(11.19)" in res.text()


def _plans(pos: Position) -> set[tuple[tuple[int, ...], int]]:
    """Every way the defender may take its losses: (steps lost by f1, f2, f3; hexes retreated)."""
    out = set()
    start = pos.units["f1"].hex

    def walk(p: Position) -> None:
        top = p.decision
        if top is None or top.side != "b":
            lost = tuple(0 if f not in p.units else (1 if p.units[f].has("reduced") else 0) for f in
                         ("f1", "f2", "f3"))
            lost = tuple(2 if f not in p.units else n for f, n in zip(("f1", "f2", "f3"), lost, strict=True))
            here = next((p.units[f].hex for f in ("f1", "f2", "f3") if f in p.units), start)
            out.add((lost, 0 if here == start else abs(here.q - start.q) + abs(here.r - start.r)))
            return
        for answer in list(p.legal_actions):
            q = p.replay()
            q.push(answer)
            walk(q)

    walk(pos)
    return out


def test_ex05_11_20_three_defenders_and_a_loss_of_3_have_exactly_three_plans(make_position: Any) -> None:
    att = [_u("g", "E4", "ger9"), _u("h", "E4", "ger9")]
    dfn = [_u("f1", "D4", "fra1"), _u("f2", "D4", "fra1"), _u("f3", "D4", "fra1")]
    pos = _pos(make_position, att + dfn)
    pos.push_text("attack g,h at D4")
    pos.push_text("answer units f1,f2")  # 18:2 automatic 0/3 (11.9)
    plans = _plans(pos)
    steps = {tuple(sorted(lost)) for lost, _ in plans}
    # (a) one step and a retreat of 2; (b) two steps and 1 hex; (c) one step on each, no retreat: never two
    # steps on one unit (the spreading rule)
    assert {(tuple(sorted(lost)), back > 0) for lost, back in plans} == {
        ((0, 0, 1), True), ((0, 1, 1), True), ((1, 1, 1), False)}
    assert steps == {(0, 0, 1), (0, 1, 1), (1, 1, 1)}


def test_ex06_10_5_a_river_into_forest_costs_3(make_position: Any) -> None:
    sides = [{"hex": "D4", "side": "S", "features": ["river"]}]
    pos = _pos(make_position, [_u("g", "D4", "ger4"), _u("x", "K8", "fra1")], "move",
               hexes={"D5": "forest"}, hexsides=sides)
    assert pos.legal_actions.moves_for({"g"})[_h(pos, "D5")].cost == 3


def test_ex07_10_5_no_river_cost_into_a_city(make_position: Any) -> None:
    sides = [{"hex": "D4", "side": "S", "features": ["river"]}]
    pos = _pos(make_position, [_u("g", "D4", "ger4"), _u("x", "K8", "fra1")], "move",
               hexes={"D5": "city"}, hexsides=sides)
    assert pos.legal_actions.moves_for({"g"})[_h(pos, "D5")].cost == 1  # the city's own cost (demo 1)


def test_ex08_2_7_verdun_4_flips_to_3_then_is_replaced_by_its_2_counter(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "E4", "ger9"), _u("h", "E4", "ger9"), _u("v", "D4", "verdun4")])
    pos.push_text("attack g,h at D4 die 1")  # 18:4 = 4:1, die 1: 1/1 (demo values)
    pos.push_text("answer units h")
    assert pos.units["v"].has("reduced")  # the "3" face
    from hexmate.rules.games.sw.combat import combat_cf
    assert combat_cf(pos.units["v"]) == 3
    pos.push_text("end")
    _until(pos, 2, "combat", "a")
    pos.push_text("attack g,h at D4 die 1")  # 13:3 = 4:1 again
    v = pos.units["v"]
    assert v.counter.name == "verdun2" and not v.has("reduced")  # the replacement "2" counter (2.7)


def test_ex09_6_2_a_hq_and_three_corps_defend_with_two_corps_and_the_hq(make_position: Any) -> None:
    dfn = [_u("q", "D4", "gerhq"), _u("g2", "D4", "ger4"), _u("g3", "D4", "ger4"), _u("g4", "D4", "ger1")]
    pos = _pos(make_position, [*dfn, _u("f", "E4", "fra3"), _u("f2", "E4", "fra3"), _u("fq", "F4", "frahq")],
               first_side="b")
    pos.push_text("attack f,f2 at D4")
    top = pos.decision
    assert (top.kind, top.side, top.count, top.units) == ("units", "a", 2, ("g2", "g3", "g4"))
    pos.push_text("answer units g2,g3")
    pos.push_text("answer dice 6")  # 6 against 4 + 4 + the HQ's 2 (6.2): 1:2 column, die 6: 1/1
    res = pos.last_resolution
    assert "g2 4 + g3 4 + q 2 = 10" in res.text()
    # the first step comes off a corps taking part; g4, not taking part, may not take it (11.20)
    assert set(pos.decision.units) == {"g2", "g3", "q"}


def test_ex10_8_1_a_stack_found_out_of_supply_stays_marked_until_its_next_admin_phase(
    make_position: Any,
) -> None:
    units = [_u("g1", "D4", "ger4"), _u("g2", "D4", "ger4"), _u("x", "A8", "fra1")]
    pos = _pos(make_position, units, "move", supply="traced", turns=3)
    _until(pos, 1, "admin", "a")  # no HQ, no depot, no German city: both out of supply (8.6)
    assert pos.units["g1"].has("oos") and pos.units["g2"].has("oos")
    assert [d.subject for d in reversed(pos.state.decisions)] == [("g1",), ("g2",)]  # attrition (8.8)
    pos.push_text("answer dice 6")
    pos.push_text("answer dice 6")
    _until(pos, 2, "move", "a")
    g1 = pos.units["g1"]
    assert g1.has("oos") and pos.game.ma(g1) == 2  # still marked: MA 4 halved (8.7)
    from hexmate.rules.games.sw.combat import combat_cf
    assert combat_cf(g1) == 2 and combat_cf(g1, True) == 2  # CF halved, rounded up (8.7)


def test_ex11_9_5_reorganisation_in_order_one_action_a_unit(make_position: Any) -> None:
    units = [_u("q", "D4", "gerhq"), _u("a1", "D4", "ger4", "fatigue"),
             _u("a2", "D5", "ger4", "fatigue", "reduced"), _u("a3", "C4", "ger4", "reduced"),
             _u("x", "K8", "fra1")]
    pos = _pos(make_position, units, "admin")  # from the end of turn 1: no Movement Phase to rally in
    _until(pos, 2, "reorg", "a")
    top = pos.decision
    assert top.then == "reorg" and top.arg("step") == "1" and top.units == ("a1", "a2")
    pos.push_text("answer units a1")
    pos.push_text("answer units a2")
    top = pos.decision  # action 2: a3 only: a2 has acted (one action a unit, A-31)
    assert top.arg("step") == "2" and top.units == ("a3",)
    pos.push_text("answer units a3")
    assert not pos.units["a3"].has("reduced") and pos.units["a3"].has("fatigue")
    assert not pos.units["a1"].has("fatigue") and pos.units["a2"].has("reduced")
    assert pos.decision is None  # no eliminated unit to return


def test_ex12_2_3_the_german_x_corps_is_cf_4_ma_4(make_position: Any) -> None:
    pos = _pos(make_position, [_u("x", "D4", "ger4"), _u("f", "E4", "fra1")])
    from hexmate.rules.games.sw.combat import combat_cf
    assert pos.game.ma(pos.units["x"]) == 4 and combat_cf(pos.units["x"], True) == 4
    assert "x 4 = 4" in pos.resolve(act.Attack(("x",), _h(pos, "E4"), (3,))).text()


@pytest.mark.parametrize("vp,winner", [(10, "b"), (11, None), (12, None), (13, "a")])
def test_ex13_4_7_victory_points_at_the_end_of_turn_10(
    make_position: Any, vp: int, winner: str | None
) -> None:
    cities = [f"{c}{n}" for c, n in itertools.product("BCDEFGH", (1, 2))][:13]
    pos = _pos(make_position, [_u("g", "K5", "ger4"), _u("f", "A8", "fra1")], "combat", turns=10,
               hexes={h: "city" for h in cities})
    game = pos.game
    state = pos.state
    for h in cities[:vp]:
        state = game.take_hexes(pos, state, "a", (_h(pos, h),))
    state = game.with_g(state, paris_endangered=True)
    pos = pos.at(state.replace(turn=10))
    pos = pos.at(game.end_of_turn(pos))
    out = pos.outcome()
    assert out is not None and out.winner == winner and f"{vp} German VP" in out.reason


def test_ex14_4_4_six_plan_xvii_attacks_by_the_end_of_turn_7_is_a_german_win(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "K5", "ger4"), _u("f", "A8", "fra1")], turns=10)
    pos = pos.at(pos.game.with_g(pos.state, plan17=6).replace(turn=7))
    out = pos.at(pos.game.end_of_turn(pos)).outcome()
    assert out is not None and out.winner == "a" and "(4.4)" in out.reason
    pos = pos.at(pos.game.with_g(pos.state, plan17=7))
    assert pos.at(pos.game.end_of_turn(pos)).outcome() is None


def test_ex15_4_4_mixed_attacks_probes_and_attacks_outside_germany_do_not_count(make_position: Any) -> None:
    theatre = {"countries": {"GER": ["D4", "D6", "E6"], "BEL": ["H4"]}}
    units = [_u("g", "D4", "ger1"), _u("g2", "D6", "ger1"), _u("g3", "H4", "ger1"),
             _u("f", "E4", "fra3"), _u("fb", "E4", "bri1"), _u("f2", "F6", "fra3"), _u("f3", "G4", "fra3"),
             _u("fq", "F5", "frahq")]
    pos = _pos(make_position, units, first_side="b", theatre=theatre,
               options={"settings": {}})
    pos.push_text("move f2 F6-E6")  # a probe into an empty German hex next to the enemy (11.1)
    pos.push_text("attack f,fb at D4 die 6")  # French and British together
    while pos.decision is not None:
        pos.push(next(iter(pos.legal_actions)))
    pos.push_text("attack f3 at H4 die 6")  # French only, but into Belgium
    while pos.decision is not None:
        pos.push(next(iter(pos.legal_actions)))
    assert pos.game.gstate(pos.state).plan17 == 0
    pos2 = _pos(make_position, units, first_side="b", theatre=theatre)
    pos2.push_text("attack f at D4 die 6")  # French only into Germany: counts
    assert pos2.game.gstate(pos2.state).plan17 == 1


def test_ex16_11_9_17_against_2_is_an_automatic_0_3(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D3", "ger9"), _u("h", "D3", "ger4"), _u("j", "D3", "ger4"),
                               _u("f", "D4", "fra1"), _u("f2", "D4", "fra1")])
    res = pos.resolve(act.Attack(("g", "h", "j"), _h(pos, "D4"), (1,)))
    assert "17:2 -> above 7:1" in res.text() and res.chart_label == "automatic"
    assert res.results == {"attacker": "0", "defender": "3"}


def test_ex17_11_9_3_against_7_is_an_automatic_2_0(make_position: Any) -> None:
    pos3 = _pos(make_position, [_u("g", "D3", "ger1"), _u("h", "D3", "ger1"), _u("j", "D3", "ger1"),
                                _u("f", "D4", "fra3"), _u("f2", "D4", "verdun4")])
    res3 = pos3.resolve(act.Attack(("g", "h", "j"), _h(pos3, "D4"), (1,)))
    assert "3:7 -> below 1:2" in res3.text() and res3.results == {"attacker": "2", "defender": "0"}


@pytest.mark.parametrize("die,shift", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_ex18_11_15_the_concentric_die_halved(make_position: Any, die: int, shift: int) -> None:
    # the HQ's command count to h passes C5, in f's zone: a friend there keeps it open (7.5, digest A-14)
    units = [_u("g", "D3", "ger1"), _u("h", "D5", "ger1"), _u("q", "C4", "gerhq"), _u("k", "C5", "ger1"),
             _u("f", "D4", "fra1"),
             _u("f2", "D4", "fra1")]
    pos = _pos(make_position, units)
    pos.push_text("attack g,h at D4")
    assert pos.decision.then == "concentric"
    pos.push_text(f"answer dice {die}")
    assert pos.game.combat(pos.state).concentric == shift


def test_ex19_11_13_no_concentric_roll_against_a_city(make_position: Any) -> None:
    units = [_u("g", "D3", "ger1"), _u("h", "D5", "ger1"), _u("q", "C4", "gerhq"), _u("k", "C5", "ger1"),
             _u("f", "D4", "fra1")]
    pos = _pos(make_position, units, hexes={"D4": "city"})
    pos.push_text("attack g,h at D4")
    assert pos.decision.then == "crt"


def test_ex20_shifts_add_up_city_fortress_river_and_elan(make_position: Any) -> None:
    hexes = {"D4": {"terrain": "city", "features": ["heavy-fortress"]}}
    sides = [{"hex": "D3", "side": "S", "features": ["river"]}]
    pos = _pos(make_position, [_u("g", "D3", "ger9", "elan"), _u("f", "D4", "fra3")], hexes=hexes,
               hexsides=sides)
    res = pos.resolve(act.Attack(("g",), _h(pos, "D4"), (3,)))
    assert "9:3 -> 3:1" in res.text() and "CRT: 1:1 column" in res.text()  # 3L + 1R


def test_ex21_11_12_no_river_shift_unless_every_attacker_crosses(make_position: Any) -> None:
    sides = [{"hex": "D3", "side": "S", "features": ["river"]}]
    units = [_u("g", "D3", "ger4"), _u("h", "C4", "ger5"), _u("q", "C3", "gerhq"), _u("f", "D4", "fra3")]
    pos = _pos(make_position, units, hexsides=sides)
    res = pos.resolve(act.Attack(("g", "h"), _h(pos, "D4"), (3,)))
    assert "river" not in res.text() and "CRT: 3:1 column" in res.text()


def test_ex22_11_24_the_allied_final_effort_on_turn_9(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D4", "ger4"), _u("f", "E4", "fra3"), _u("f2", "E4", "fra3"),
                               _u("f3", "E4", "fra3")], first_side="b", turns=10)
    pos = pos.at(pos.state.replace(turn=9))
    res = pos.resolve(act.Attack(("f", "f2", "f3"), _h(pos, "D4"), (3,)))
    assert "9:4 -> 2:1" in res.text() and "Allied Final Effort: 1R (11.24)" in res.text()
    assert "CRT: 3:1 column" in res.text()


def test_ex23_11_16_elan_needs_every_defender_fatigue_any(make_position: Any) -> None:
    att = [_u("g", "D3", "ger9")]
    pos = _pos(make_position, [*att, _u("f", "D4", "fra3", "elan"), _u("f2", "D4", "fra3")])
    res = pos.resolve(act.Attack(("g",), _h(pos, "D4"), (3,)))
    assert "elan" not in res.text()
    pos2 = _pos(make_position, [*att, _u("f", "D4", "fra3", "elan"), _u("f2", "D4", "fra3", "fatigue")])
    assert "a defender fatigued: 1R (11.16)" in pos2.resolve(act.Attack(("g",), _h(pos2, "D4"), (3,))).text()


def test_ex24_8_8_attrition_2_reduces_a_corps_3_spares_a_hq_1_eliminates_it(make_position: Any) -> None:
    units = [_u("g", "D3", "ger4", "oos"), _u("q", "H3", "gerhq", "oos"), _u("x", "A8", "fra1")]
    pos = _pos(make_position, units, "admin")
    pos.push_text("answer dice 2")
    pos.push_text("answer dice 3")
    assert pos.units["g"].has("reduced") and "q" in pos.units
    pos2 = _pos(make_position, units, "admin")
    pos2.push_text("answer dice 6")
    pos2.push_text("answer dice 1")
    g = pos2.game.gstate(pos2.state)
    assert "q" not in pos2.units and g.eliminated == ("q",)  # to the eliminated display (8.8)


def test_ex25_8_8_a_reduced_corps_eliminated_out_of_supply_is_gone_for_good(make_position: Any) -> None:
    units = [_u("g", "D3", "ger4", "oos", "reduced"), _u("x", "A8", "fra1")]
    pos = _pos(make_position, units, "admin")
    pos.push_text("answer dice 1")
    g = pos.game.gstate(pos.state)
    assert "g" not in pos.units and g.gone == ("g",) and g.eliminated == ()  # never reorganised


def test_ex26_8_9_hf_supply_halves_attack_and_ma_not_defence_no_attrition(make_position: Any) -> None:
    hexes = {"D4": {"terrain": "city", "features": ["heavy-fortress"]}}
    pos = _pos(make_position, [_u("g", "D4", "ger5"), _u("f", "E4", "fra1"), _u("f2", "C4", "fra1")],
               "move", supply="traced", hexes=hexes)
    _until(pos, 1, "admin", "a")
    g = pos.units["g"]
    assert g.has("hf") and not g.has("oos") and pos.decision is None  # no attrition roll (8.8, 8.9)
    from hexmate.rules.games.sw.combat import combat_cf
    assert combat_cf(g, True) == 3 and combat_cf(g) == 5 and pos.game.ma(g) == 2  # rounded up


def test_ex27_10_2_morale_after_moving_on_turn_3(make_position: Any) -> None:
    units = [_u("a", "B2", "ger4"), _u("b", "D2", "ger4"), _u("c", "F2", "ger4", "fatigue"),
             _u("x", "K8", "fra1")]
    pos = _pos(make_position, units, "move")
    pos = pos.at(pos.state.replace(turn=3))
    pos.push_text("move a B2-B3-B4")  # 2 MP of 4: half, rounded up -> a level down
    pos.push_text("move b D2-D3")  # 1 MP: no change
    pos.push_text("end")  # c did not move: up a level
    assert pos.units["a"].has("fatigue") and not pos.units["b"].markers & {"fatigue", "elan"}
    assert not pos.units["c"].has("fatigue") and not pos.units["c"].has("elan")


def test_ex28_10_2_3_1_a_german_elan_corps_spending_4_on_turn_1_stays_elan(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D2", "ger4", "elan"), _u("x", "K8", "fra1")], "move")
    pos.push_text("move g D2-D3-D4-D5-D6")
    assert pos.units["g"].has("elan")


def test_ex29_10_6_forced_march_refused_fatigued_oos_or_from_an_ezoc(make_position: Any) -> None:
    base = [_u("q", "D5", "gerhq"), _u("x", "K8", "fra1")]
    fresh = _pos(make_position, [*base, _u("g", "D4", "ger4")], "move")
    assert fresh.legal_actions.moves_for({"g"})[_h(fresh, "J6")].cost == 6  # 4 + 2 (10.6)
    for marker in ("fatigue", "oos"):
        pos = _pos(make_position, [*base, _u("g", "D4", "ger4", marker)], "move")
        with pytest.raises(IllegalAction, match=r"force march"):
            pos.push_text("move g D4-E4-F5-G4-H5")
    pos = _pos(make_position, [_u("q", "D5", "gerhq"), _u("g", "D4", "ger4"), _u("x", "C4", "fra1")], "move")
    with pytest.raises(IllegalAction, match=r"enemy zone of control may not force march"):
        pos.push_text("move g D4-E4-F5-G4-H5-I5")


def test_ex30_7_1_no_ezoc_to_ezoc_but_leave_and_enter_another(make_position: Any) -> None:
    units = [_u("g", "D4", "ger4"), _u("f", "C4", "fra1"), _u("f2", "F6", "fra1")]
    pos = _pos(make_position, units, "move")
    moves = pos.legal_actions.moves_for({"g"})
    assert moves[_h(pos, "D3")].path[1] == _h(pos, "E4")  # not straight: out of C4's zone first
    assert _h(pos, "E6") in moves  # via E4/E5 (out of every zone), then into F6's zone, and stop
    with pytest.raises(IllegalAction, match=r"not reachable|not allowed"):
        pos.push_text("move g D4-D3")  # straight from C4's zone into it again
    pos.push_text("move g D4-E4-D3")  # leaving to a free hex, then entering a zone (and stopping) is legal
    assert pos.label(pos.units["g"].hex) == "D3"


def test_ex31_11_1_a_fatigued_corps_may_not_probe(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D4", "ger4", "fatigue"), _u("f", "F5", "fra1")])
    with pytest.raises(IllegalAction, match=r"fatigued unit may not probe \(11.1\)"):
        pos.push_text("move g D4-E5")


def test_ex35_4_6_a_french_city_taken_and_retaken_is_plus_1_then_minus_1(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D2", "ger4"), _u("f", "D6", "fra3")], "move", hexes={"D4": "city"})
    assert pos.game.german_vp(pos) == 0
    pos.push_text("move g D2-D3-D4-E4")  # through the city: it changes hands as it is entered (3.3)
    assert pos.game.german_vp(pos) == 1 and pos.game.controller(pos, _h(pos, "D4")) == "a"
    _until(pos, 1, "move", "b")
    pos.push_text("move f D6-D5-D4")  # the Entente re-enters it
    assert pos.game.german_vp(pos) == 0 and pos.game.controller(pos, _h(pos, "D4")) == "b"


def test_ex36_4_1_paris_once_endangered_stays_endangered(make_position: Any) -> None:
    theatre = {"paris": ["B7"], "paris_zone": ["B5", "B6", "C6", "C7", "A6", "A7"]}
    pos = _pos(make_position, [_u("g", "C4", "ger4"), _u("x", "K8", "fra1")], "move", theatre=theatre)
    pos.push_text("move g C4-C5-C6")
    assert pos.game.gstate(pos.state).paris_endangered
    _until(pos, 2, "move", "a")
    pos.push_text("move g C6-C5-C4")
    assert pos.game.gstate(pos.state).paris_endangered
    assert "Paris endangered (4.1)" in pos.game.status(pos)


def test_ex37_4_5_only_one_corps_to_send_east_on_turn_7_is_an_entente_win(make_position: Any) -> None:
    units = [_u("g", "K4", "ger4"), _u("g2", "K5", "ger4", "reduced"), _u("g3", "K6", "ger5"),
             _u("x", "A8", "fra1")]
    pos = _pos(make_position, units, "admin", turns=10)
    pos = pos.at(pos.state.replace(turn=6))
    _until(pos, 7, "move", "a")
    out = pos.outcome()
    assert pos.state.over and out is not None and out.winner == "b" and "(9.4, 4.5)" in out.reason
    ok = _pos(make_position, [*units, _u("g4", "K7", "ger4")], "admin", turns=10)
    ok = ok.at(ok.state.replace(turn=6))
    _until(ok, 7, "reorg", "a")
    assert ok.decision.then == "east" and ok.decision.units == ("g", "g4") and ok.decision.count == 2
    ok.push_text("answer units g,g4")
    assert "g" not in ok.units and ok.outcome() is None


RAIL = {"rail": [["A2", "B2", "C2", "D2", "E2", "F2", "G2"]]}


def test_ex38_8_3_french_rail_hexes_count_half_toward_the_hq(make_position: Any) -> None:
    units = [_u("q", "B2", "frahq"), _u("f", "F2", "fra1"), _u("f2", "B5", "fra1"), _u("g", "K8", "ger4")]
    pos = _pos(make_position, units, first_side="b", supply="traced", theatre=RAIL)
    game = pos.game
    assert game.supply_status(pos, pos.units["f"]) == "in"  # 4 rail hexes x 1/2 = 2
    assert game.supply_status(pos, pos.units["f2"]) == "oos"  # 3 hexes off the rail


def test_ex39_8_5_belgians_are_in_supply_anywhere_in_belgium(make_position: Any) -> None:
    theatre = {"countries": {"BEL": ["E4", "E5"]}}
    pos = _pos(make_position, [_u("b", "E4", "bel2"), _u("g", "K8", "ger4")], first_side="b",
               supply="traced", theatre=theatre)
    assert pos.game.supply_status(pos, pos.units["b"]) == "in"


def test_ex40_11_20_defenders_in_a_heavy_fortress_take_both_steps(make_position: Any) -> None:
    hexes = {"D4": {"terrain": "city", "features": ["heavy-fortress"]}}
    pos2 = _pos(make_position, [_u("g", "E4", "ger9"), _u("h", "E4", "ger9"), _u("j", "E4", "ger9"),
                                _u("f", "D4", "fra1"), _u("f2", "D4", "fra1")], hexes=hexes)
    pos2.push_text("attack g,h,j at D4 die 2")  # 27:2 above 7:1, 2L: 6:1, die 2 -> 0/2 (demo)
    assert pos2.last_resolution.results["defender"] == "2"
    top = pos2.decision
    assert top.kind == "units" and top.choices == ()  # no retreat from a heavy fortress
    pos2.push_text("answer units f")
    # the second is a step too, on f2 by the spreading rule; nobody moved
    assert pos2.units["f2"].has("reduced") and pos2.units["f"].has("reduced") and pos2.decision is None
    assert {pos2.label(pos2.units[u].hex) for u in ("f", "f2")} == {"D4"}


def test_ex41_11_20_a_corps_with_a_fort_takes_both_steps_before_the_fort(make_position: Any) -> None:
    att = [_u("g", "E4", "ger9"), _u("h", "E4", "ger9")]
    pos = _pos(make_position, [*att, _u("f", "D4", "fra1"), _u("ft", "D4", "frafort")])
    pos.push_text("attack g,h at D4 die 2")  # 18:3 = 6:1, die 2: 0/2
    assert pos.last_resolution.results["defender"] == "2"
    assert "f" not in pos.units and not pos.units["ft"].has("reduced") and pos.decision is None


def test_ex42_11_20_a_failed_attack_costs_a_fatigued_corps_a_step(make_position: Any) -> None:
    att = [_u("g", "D3", "ger4", "fatigue"), _u("h", "D3", "ger4"), _u("e", "D3", "ger1", "elan")]
    pos = _pos(make_position, [*att, _u("f", "D4", "fra3"), _u("f2", "D4", "fra3")])
    pos.push_text("attack g,h,e at D4 die 5")  # 9:6 = 1:1, a fatigued attacker 1L: 1:2, die 5 -> 1/1
    while pos.decision is not None:
        top = pos.decision
        pos.push_text(f"answer units {top.units[-1]}")
    assert pos.units["g"].has("reduced")  # already fatigued: a step instead (11.20)
    assert pos.units["h"].has("fatigue")  # normal -> fatigued
    e = pos.units.get("e")
    assert e is None or not e.has("elan")  # elan -> normal (unless it took the attacker's step)


def test_ex43_9_2_the_bef_on_turn_3_may_not_move_or_attack_but_has_a_zoc(make_position: Any) -> None:
    reinf = [{"turn": 3, "side": "b", "where": "ports", "moves": False,
              "units": [{"id": "bef", "counter": "bri1"}, {"id": "bhq", "counter": "brihq"}]}]
    pos = _pos(make_position, [_u("g", "E4", "ger4"), _u("f", "H8", "fra1")], "admin", turns=5,
               theatre={"ports": ["B4"]}, options={"reinforcements": reinf})
    pos = pos.at(pos.state.replace(turn=2))
    _until(pos, 3, "reorg", "b")
    top = pos.decision
    assert top.then == "arrive" and top.subject == ("bef",) and [pos.label(h) for h in top.hexes] == ["B4"]
    pos.push_text("answer hex B4")
    pos.push_text("answer hex B4")
    _until(pos, 3, "move", "b")
    assert pos.legal_actions.moves_for({"bef"}) == {}
    with pytest.raises(IllegalAction, match=r"BEF may not move"):
        pos.push_text("move bef B4-B5")
    assert _h(pos, "C4") in pos.game.ezoc(pos, "a")  # its zone of control all the same
    _until(pos, 3, "combat", "b")
    with pytest.raises(IllegalAction, match=r"BEF may not attack"):
        pos.push_text("attack bef at C4")  # nobody there: the BEF is refused first anyway


def test_ex44_6_3_8_4_nations_do_not_stack_but_the_bef_may_join_a_fort(make_position: Any) -> None:
    game = get_game("sw")
    pos = _pos(make_position, [_u("f", "D4", "fra1"), _u("b", "D5", "bri1"), _u("ft", "F4", "frafort"),
                               _u("g", "K8", "ger4")], "move", first_side="b")
    assert _h(pos, "D5") not in pos.legal_actions.moves_for({"f"})  # French onto British: never (6.3)
    assert _h(pos, "F4") in pos.legal_actions.moves_for({"b"})  # British with a French fort (8.4)
    assert game.overstacked([pos.units["f"], pos.units["b"]])


def test_ex32_6_5_an_overstacked_hex_loses_morale_and_sheds_a_corps(make_position: Any) -> None:
    units = [_u("c1", "D4", "ger4", "elan"), _u("c2", "D4", "ger4", "elan"), _u("c3", "D4", "ger4"),
             _u("c4", "D5", "ger4", "fatigue"), _u("x", "A8", "fra1")]
    mover = _pos(make_position, units, "move")
    mover.push_text("move c4 D5-D4")  # 6.1: over the limit during the phase is allowed
    assert mover.label(mover.units["c4"].hex) == "D4" and mover.decision is None
    units = [{**u, "hex": "D4"} if u["id"] == "c4" else u for u in units]
    pos = _pos(make_position, units, "combat")  # the end of a phase with no morale change of its own
    pos.push_text("end")
    m = {u: pos.units[u].markers & {"elan", "fatigue"} for u in ("c1", "c2", "c3", "c4")}
    assert m == {"c1": set(), "c2": set(), "c3": {"fatigue"}, "c4": {"fatigue"}}  # one level down
    top = pos.decision
    assert (top.then, top.side, top.units) == ("overstack", "a", ("c1", "c2", "c3", "c4"))
    pos.push_text("answer units c1")
    top = pos.decision  # one hex nearer the east edge (column L), not into the French zone
    assert top.then == "displace" and top.choices == ("eliminate",)
    assert {pos.label(h) for h in top.hexes} == {"E4", "E5"}
    pos.push_text("answer hex E4")
    assert pos.label(pos.units["c1"].hex) == "E4" and pos.decision is None
    pos2 = _pos(make_position, units, "combat")
    pos2.push_text("end")
    pos2.push_text("answer units c2")
    pos2.push(pos2.game.done_action(pos2))  # done: eliminated instead
    assert "c2" not in pos2.units and pos2.game.gstate(pos2.state).eliminated == ("c2",)


def _bombard(make_position: Any, turn: int, fort: bool = True) -> Position:
    units = [_u("g", "E4", "ger9"), _u("h", "E4", "ger9"), _u("f", "D4", "fra3")]
    if fort:
        units.append(_u("ft", "D4", "frafort"))
    pos = _pos(make_position, units, hexes={"D4": "city"}, turns=10)
    return pos.at(pos.state.replace(turn=turn))


def test_ex33_11_23_a_hab_kept_on_a_1_lost_on_a_4_and_free_on_turn_1(make_position: Any) -> None:
    pos = _bombard(make_position, 3)
    pos.push_text("attack g,h at D4")
    top = pos.decision
    assert (top.kind, top.then, top.choices) == ("confirm", "artillery", ("none", "hab", "coup", "both"))
    pos.push_text("answer hab")
    pos.push_text("answer dice 6")  # the table: 2R (demo values)
    assert pos.decision.then == "keep_hab"
    pos.push_text("answer dice 1")  # kept: usable again on turn 4
    assert pos.game.gstate(pos.state).hab == (4, 1, 1)
    assert pos.decision.then == "crt"
    pos.push_text("answer dice 3")  # 18:5 = 3:1, city 1L, artillery 2R: the 4:1 column
    assert "heavy artillery / coup de main: 2R (11.23)" in pos.last_resolution.text()
    assert "CRT: 4:1 column" in pos.last_resolution.text()
    lost = _bombard(make_position, 3)
    lost.push_text("attack g,h at D4")
    lost.push_text("answer hab")
    lost.push_text("answer dice 1")
    lost.push_text("answer dice 4")  # removed from the game
    assert lost.game.gstate(lost.state).hab == (0, 1, 1)
    first = _bombard(make_position, 1)
    first.push_text("attack g,h at D4")
    first.push_text("answer both")
    first.push_text("answer dice 1")
    first.push_text("answer dice 1")
    g = first.game.gstate(first.state)
    assert first.decision.then == "crt" and g.hab == (2, 1, 1) and g.coup_used  # no keeping roll on turn 1


def test_ex34_11_23_no_bombardment_of_a_city_without_a_fort(make_position: Any) -> None:
    pos = _bombard(make_position, 3, fort=False)
    pos.push_text("attack g,h at D4")
    assert pos.decision.then == "crt"
    from hexmate.rules.games.sw.combat import artillery_options
    assert artillery_options(pos.game, pos, pos.game.combat(pos.state)) == ()


def test_11_7_belgians_attack_only_in_their_area_and_a_cf_in_parentheses_only_stacked(
    make_position: Any,
) -> None:
    counters = {**COUNTERS, "bel2": COUNTERS["bel2"], "ger4p": {**COUNTERS["ger4"], "cf_parens": 1}}
    units = [_u("b", "E4", "bel2"), _u("g", "F4", "ger4"), _u("g2", "E5", "ger4"), _u("x", "A8", "fra1")]
    pos = make_position("sw", units, "combat", counters=counters, default="clear", first_side="b",
                        options={"supply": "markers", "theatre": {"countries": {"BEL": ["E4"]}},
                                 "settings": {"belgian_reach": 0}})
    with pytest.raises(IllegalAction, match=r"Belgians attack only into their area \(10.8, 11.7\)"):
        pos.push_text("attack b at F4")
    units = [{**_u("p", "D3", "ger4"), "counter": "ger4p"}, _u("f", "D4", "fra1")]
    pos = make_position("sw", units, "combat", counters=counters, default="clear",
                        options={"supply": "markers"})
    with pytest.raises(IllegalAction, match=r"in parentheses"):
        pos.push_text("attack p at D4")
    pos = make_position("sw", [*units, _u("s", "D3", "ger4")], "combat", counters=counters, default="clear",
                        options={"supply": "markers"})
    pos.push_text("attack p at D4")
    assert pos.decision is not None
