"""Schlieffen's War combat on the decision stack (combat.py): odds and shifts (11.8-11.16), the rolls as
decisions (11.15, 11.17), losses chosen by their owners with the first-step, fort and spreading rules (11.20),
retreats placed on lit hexes (11.21), morale after combat (11.20) and advances (11.22). The rulebook's and the
digest's worked examples (digest section 8) are the expected values."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.sw.combat import column_index

COUNTERS = {
    "corps4": {"type": "corps", "cf": 4, "ma": 4, "reduced_cf": 2, "nation": "GER"},
    "corps9": {"type": "corps", "cf": 9, "ma": 4, "reduced_cf": 4, "nation": "GER"},
    "corps3": {"type": "corps", "cf": 3, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
    "corps1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
    "corps1g": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "GER"},
    "bef": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "BRI"},
    "fort": {"type": "fort", "cf": 2, "ma": 0, "nation": "FRA"},
    "hq": {"type": "hq", "cf": 2, "ma": 4, "nation": "GER"},
}


def _u(uid: str, hex_: str, counter: str = "corps4", side: str = "a", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


# 8.3-8.6: the Germans' (a) sources on the east edge, the Entente's (b) here on the west edge only; supply
# status stays as the markers set it (the tracing itself is tested in test_supply.py)
EDGES = {"west": [f"A{n}" for n in range(1, 9)], "east": [f"L{n}" for n in range(1, 9)]}
OPTIONS = {"theatre": {"edges": EDGES},
           "supply": "markers"}


def _pos(make_position: Any, units: list[dict[str, Any]], **kw: Any) -> Any:
    kw.setdefault("options", OPTIONS)
    return make_position("sw", units, "combat", counters=COUNTERS, default="clear", **kw)


def _at(pos: Any, label: str) -> Any:
    return pos.map.parse_label(label)


@pytest.mark.parametrize("attack,defense,index", [(27, 7, 3), (17, 2, 8), (3, 7, -1), (4, 7, 0), (7, 7, 1)])
def test_odds_columns(attack: int, defense: int, index: int) -> None:
    # 11.8: 27:7 drops its fraction to 3:1 (the text's example); 11.9: above 7:1 and below 1:2 are automatic
    assert column_index(attack, defense) == index


def test_shifts_city_heavy_fortress_river_elan(make_position: Any) -> None:
    # digest test 20: raw 3:1; city + heavy fortress + every attacker across a river; all elan -> 1:1
    hexes = {"D4": {"terrain": "city", "features": ["heavy-fortress"]}}
    sides = [{"hex": "D3", "side": "S", "features": ["river"]}]
    pos = _pos(make_position, [_u("g", "D3", "corps9", "a", "elan"), _u("f", "D4", "corps3", "b")],
               hexes=hexes, hexsides=sides)
    res = pos.resolve(act.Attack(("g",), _at(pos, "D4"), (3,)))
    assert "9:3 -> 3:1" in res.text() and "CRT: 1:1 column" in res.text()


def test_river_shift_needs_every_attacker_across(make_position: Any) -> None:
    # digest test 21, and the rulebook's 11.17 example: 3:1 with a die of 3 gives 1/2
    sides = [{"hex": "D3", "side": "S", "features": ["river"]}]
    att = [_u("g", "D3", "corps4"), _u("h", "C4", "corps4"), _u("i", "C4", "corps1g"), _u("q", "C3", "hq")]
    pos = _pos(make_position, [*att, _u("f", "D4", "corps3", "b")], hexsides=sides)
    res = pos.resolve(act.Attack(("g", "h", "i"), _at(pos, "D4"), (3,)))
    assert "river" not in res.text() and "CRT: 3:1 column, die 3 -> 1/2" in res.text()


def test_the_crt_roll_is_a_decision_of_the_attacker_about_the_attack(make_position: Any) -> None:
    pos = _pos(make_position, [_u("g", "D3", "corps9"), _u("f", "D4", "corps3", "b")])
    pos.push_text("attack g at D4")
    top = pos.decision
    assert top is not None and (top.kind, top.side, top.then, top.dice) == ("roll", "a", "crt", "d6")
    assert top.subject == ("g",) and pos.label(top.target) == "D4" and top.rule == "11.17"
    assert pos.legal_actions.count() == 6  # the six faces of one die
    pos.push_text("answer dice 3")  # 9:3 = 3:1, die 3: 1/2 (11.17); the lone units take their steps
    res = pos.last_resolution
    assert res is not None and res.results == {"attacker": "1", "defender": "2"}


def test_automatic_results_need_no_roll(make_position: Any) -> None:
    # digest tests 16 and 17 (11.9): 18:1 is above 7:1, automatic 0/3; 1:3 is below 1:2, automatic 2/0
    units = [_u("g", "D3", "corps9"), _u("h", "D3", "corps9"), _u("f", "D4", "corps1", "b")]
    pos = _pos(make_position, units)
    with pytest.raises(IllegalAction, match="opens no roll"):
        pos.push_text("attack g,h at D4 die 1")
    pos.push_text("attack g,h at D4")
    res = pos.last_resolution
    assert res.results == {"attacker": "0", "defender": "3"} and "automatic 0/3" in res.text()
    assert pos.units["f"].has("reduced") and pos.decision.choices == ("retreat",)
    pos.push_text("answer units f")
    assert "f" not in pos.units and pos.decision.then == "advance"  # the third step is ignored (11.18)
    pos2 = _pos(make_position, [_u("g", "D3", "corps1"), _u("f", "D4", "corps3", "b")])
    res2 = pos2.resolve(act.Attack(("g",), _at(pos2, "D4"), (6,)))
    assert res2.results == {"attacker": "2", "defender": "0"}


def test_units_in_different_hexes_attack_together_only_in_command(make_position: Any) -> None:
    units = [_u("g", "D3"), _u("h", "C4"), _u("f", "D4", "corps3", "b")]
    pos = _pos(make_position, units)
    with pytest.raises(IllegalAction, match=r"out of command.*\(11.4\)"):
        pos.push_text("attack g,h at D4")
    pos2 = _pos(make_position, [*units, _u("q", "B3", "hq")])  # the HQ's range is its CF, 2 hexes (6.7)
    pos2.push_text("attack g,h at D4")
    assert pos2.decision is not None and pos2.decision.kind == "roll"


def test_attack_eligibility(make_position: Any) -> None:
    units = [_u("g", "D3"), _u("q", "D3", "hq"), _u("far", "H3")]
    pos = _pos(make_position, [*units, _u("f", "D4", "corps3", "b")])
    with pytest.raises(IllegalAction, match=r"HQ attacks only together"):
        pos.push_text("attack q at D4 die 3")
    with pytest.raises(IllegalAction, match=r"not adjacent"):
        pos.push_text("attack far at D4 die 3")


def test_failed_attack_costs_morale_and_a_fatigued_corps_a_step(make_position: Any) -> None:
    # digest test 42 (11.20): 8:9 is 1:2, one left for the fatigued attacker: automatic 2/0 (11.9)
    att = [_u("g", "D3", "corps4", "a", "fatigue"), _u("h", "C4", "corps4"), _u("q", "C3", "hq"),
           _u("k", "C5", "corps4")]
    pos = _pos(make_position, [*att, _u("f", "D4", "corps9", "b")])
    pos.push_text("attack g,h at D4")
    top = pos.decision  # the attacker names who takes the first step, among its attacking units
    assert top is not None and (top.kind, top.side, top.units) == ("units", "a", ("g", "h"))
    pos.push_text("answer units g")
    # the second step must go to h: no unit takes a second while another has none (11.20); then the
    # defender held, so h becomes fatigued and the already fatigued g loses a step instead: eliminated
    assert pos.decision is None and "g" not in pos.units
    assert pos.units["h"].has("reduced") and pos.units["h"].has("fatigue")
    with pytest.raises(IllegalAction, match=r"already attacked"):
        pos.push_text("attack h at D4")
    with pytest.raises(IllegalAction, match=r"already been attacked"):
        pos.push_text("attack k at D4")


def _three_defenders(make_position: Any) -> Any:
    """The rulebook's 11.20 example: three full-strength corps defend and the result takes 3 steps."""
    att = [_u("g", "E4", "corps9"), _u("h", "E4", "corps9")]
    dfn = [_u("f1", "D4", "corps1", "b"), _u("f2", "D4", "corps1", "b"), _u("f3", "D4", "corps1", "b")]
    pos = _pos(make_position, att + dfn)
    pos.push_text("attack g,h at D4")
    top = pos.decision  # 11.2: the owner names the two corps that take part
    assert top is not None and (top.kind, top.side, top.count, top.then) == ("units", "b", 2, "participants")
    pos.push_text("answer units f1,f2")  # 18:2 is above 7:1: automatic 0/3 (11.9)
    assert pos.last_resolution.results == {"attacker": "0", "defender": "3"}
    assert "f1 1 + f2 1 = 2" in pos.last_resolution.text()
    top = pos.decision  # the first step from a participant: f3 may not take it (11.20)
    assert top.kind == "units" and top.units == ("f1", "f2") and top.choices == ()
    return pos


def test_loss_plan_a_one_step_then_a_retreat_of_two_hexes(make_position: Any) -> None:
    pos = _three_defenders(make_position)
    pos.push_text("answer units f1")
    top = pos.decision  # no second step on f1 while f2 and f3 have none; or retreat the rest
    assert top.units == ("f2", "f3") and top.choices == ("retreat",)
    assert pos.game.done_action(pos) == act.Answer(choice="retreat")
    pos.push_text("answer retreat")
    top = pos.decision
    # 11.21: not into the attackers' zone (D3, E5), nearest the west edge, b's supply source: a tie
    assert top.kind == "hexes" and top.subject == ("f1", "f2", "f3")
    assert sorted(pos.label(h) for h in top.hexes) == ["C4", "C5"]
    pos.push_text("answer hex C4")
    assert pos.decision.kind == "hexes" and "1 to go" in pos.decision.prompt
    pos.push_text(f"answer hex {pos.label(pos.decision.hexes[0])}")
    stack = [pos.units[u] for u in ("f1", "f2", "f3")]
    assert len({u.hex for u in stack}) == 1 and pos.label(stack[0].hex).startswith("B")
    assert all(u.has("fatigue") for u in stack)  # every retreating unit drops a level at once (11.20)
    # the hex is empty: the attackers rise (11.20) and may advance (11.22), one by one
    top = pos.decision
    assert top.kind == "hexes" and top.then == "advance" and top.subject == ("g",) and top.side == "a"
    assert pos.units["g"].has("elan")
    pos.push_text("answer hex D4")
    pos.push(pos.game.done_action(pos))  # h stays
    assert pos.label(pos.units["g"].hex) == "D4" and pos.label(pos.units["h"].hex) == "E4"
    assert pos.decision is None and str(pos.replay()) == str(pos)


def test_loss_plan_b_two_steps_then_one_hex(make_position: Any) -> None:
    pos = _three_defenders(make_position)
    pos.push_text("answer units f2")
    pos.push_text("answer units f3")  # the non-participant may take the second step (11.20)
    assert pos.decision.units == ("f1",) and pos.decision.choices == ("retreat",)
    pos.push_text("answer retreat")
    pos.push_text("answer hex C5")
    assert [pos.label(pos.units[u].hex) for u in ("f1", "f2", "f3")] == ["C5"] * 3
    assert [pos.units[u].has("reduced") for u in ("f1", "f2", "f3")] == [False, True, True]


def test_loss_plan_c_a_step_on_each_corps_and_no_retreat(make_position: Any) -> None:
    pos = _three_defenders(make_position)
    for uid in ("f1", "f2", "f3"):
        pos.push_text(f"answer units {uid}")
    stack = [pos.units[u] for u in ("f1", "f2", "f3")]
    assert all(u.has("reduced") and pos.label(u.hex) == "D4" for u in stack)
    # the defenders held: each attacking corps drops a level (11.20)
    assert pos.decision is None and pos.units["g"].has("fatigue") and pos.units["h"].has("fatigue")


def test_a_fort_hex_never_retreats_and_its_fort_loses_last(make_position: Any) -> None:
    # digest tests 40 and 41 (11.20, 11.21): 18:3 is 6:1; die 4 gives 0/3 in the demo pack
    att = [_u("g", "E4", "corps9"), _u("h", "E4", "corps9")]
    pos = _pos(make_position, [*att, _u("f", "D4", "corps1", "b"), _u("ft", "D4", "fort", "b")])
    pos.push_text("attack g,h at D4 die 4")
    assert pos.last_resolution.results == {"defender": "3", "attacker": "0"}
    # no question: the corps takes both its steps before the fort may take one, and no retreat is offered
    assert "f" not in pos.units and pos.units["ft"].has("reduced")
    assert pos.decision is None


def test_retreating_when_every_participant_was_fatigued_costs_one_more_step(make_position: Any) -> None:
    att = [_u("g", "E4", "corps9"), _u("h", "E4", "corps9")]
    dfn = [_u("f1", "D4", "corps1", "b", "fatigue"), _u("f2", "D4", "corps1", "b", "fatigue")]
    pos = _pos(make_position, att + dfn)
    pos.push_text("attack g,h at D4")  # 18:2, a fatigued defender 1R: automatic 0/3
    pos.push_text("answer units f1")
    pos.push_text("answer retreat")
    pos.push_text("answer hex C4")
    pos.push_text("answer hex B4")
    top = pos.decision  # 11.20: one retreating unit loses another step; f1 has one already, so f2
    assert pos.units["f2"].has("reduced") and top.then == "advance"


def test_british_defenders_cost_the_germans_a_step(make_position: Any) -> None:
    # digest test 4 (11.19): a German loss of 0 becomes 1
    pos = _pos(make_position, [_u("g", "D3", "corps9"), _u("h", "D3", "corps9"), _u("b", "D4", "bef", "b")])
    res = pos.resolve(act.Attack(("g", "h"), _at(pos, "D4"), (1,)))
    assert res.results == {"attacker": "1", "defender": "3"} and "+1 German step loss (11.19)" in res.text()


def test_concentric_attack_rolls_first_and_shifts_by_half_the_die(make_position: Any) -> None:
    # 11.15 (a): from two opposite hexsides (D3 and D5); a 5 halves to 2 right shifts (digest test 18)
    # the HQ's count to h runs through C5, in f's zone: a friend there keeps it open (7.5, digest A-14)
    units = [_u("g", "D3"), _u("h", "D5"), _u("q", "C4", "hq"), _u("k", "C5", "corps1g"),
             _u("f", "D4", "corps4", "b")]
    pos = _pos(make_position, units)
    pos.push_text("attack g,h at D4")
    top = pos.decision
    assert (top.kind, top.then, top.rule, top.side) == ("roll", "concentric", "11.15", "a")
    pos.push_text("answer dice 5")
    assert pos.decision.then == "crt"
    pos.push_text("answer dice 1")  # 8:4 = 2:1, 2R: the 4:1 column, die 1: 1/1 in the demo pack
    text = pos.last_resolution.text()
    assert "concentric attack: 2R (11.15)" in text and "CRT: 4:1 column, die 1" in text


def test_no_concentric_roll_against_a_city(make_position: Any) -> None:
    # digest test 19 (11.13): opposite hexsides against a city give no roll
    # the HQ's count to h runs through C5, in f's zone: a friend there keeps it open (7.5, digest A-14)
    units = [_u("g", "D3"), _u("h", "D5"), _u("q", "C4", "hq"), _u("k", "C5", "corps1g"),
             _u("f", "D4", "corps4", "b")]
    pos = _pos(make_position, units, hexes={"D4": "city"})
    pos.push_text("attack g,h at D4")
    assert pos.decision.then == "crt"


def test_an_advance_keeps_to_the_stacking_limit(make_position: Any) -> None:
    # 11.22 and 6.2: three corps already in the hex leave no room for a fourth
    att = [_u("g", "E4", "corps9"), _u("h", "E4", "corps9"), _u("i", "E4", "corps9"), _u("q", "E4", "hq")]
    pos = _pos(make_position, [*att, _u("f", "D4", "corps1", "b")])
    pos.push_text("attack g,h,i,q at D4")  # automatic 0/3
    pos.push_text("answer units f")  # its second step rather than a retreat: f is gone
    for uid in ("g", "h", "i"):
        assert pos.decision.subject == (uid,)
        pos.push_text("answer hex D4")
    assert pos.decision.subject == ("q",)  # an HQ fits beside three corps
    pos.push_text("answer decline")
    assert pos.decision is None and len(pos.units_at(_at(pos, "D4"))) == 3


def test_out_of_supply_units_roll_attrition_in_the_administrative_phase(make_position: Any) -> None:
    # digest test 24 (8.8): an OOS corps rolling 2 is reduced; an OOS HQ rolling 3 is unaffected
    units = [_u("g", "D3", "corps4", "a", "oos"), _u("q", "H3", "hq", "a", "oos"),
             _u("x", "K8", "corps3", "b")]
    pos = _pos(make_position, units)
    pos.push_text("end")
    assert pos.phase.id == "admin" and pos.decision.then == "attrition" and pos.decision.subject == ("g",)
    pos.push_text("answer dice 2")
    assert pos.decision.subject == ("q",)
    pos.push_text("answer dice 3")
    assert pos.units["g"].has("reduced") and "q" in pos.units and pos.decision is None
    assert [c.what for c in pos.changes] == []


def test_legal_actions_list_attacks_and_the_answers_a_decision_offers(make_position: Any) -> None:
    units = [_u("g", "D3"), _u("h", "C4"), _u("q", "C3", "hq"), _u("f", "D4", "corps1", "b"),
             _u("far", "H3")]
    pos = _pos(make_position, units)
    texts = {pos.action_text(a) for a in pos.legal_actions}
    # each hex's adjacent units, and all of them together (in command, 11.4); an HQ alone never (11.7)
    assert {t for t in texts if not t.startswith("move")} == {"end", "attack g,h at D4", "attack g at D4",
                                                               "attack h at D4"}
    # and, before any attack, probes one hex into hexes next to the enemy (11.1): never from far
    assert {"move g D3-E4 cost 0", "move h C4-C5 cost 0"} <= texts and not any("far" in t for t in texts)
    pos.push_text("attack g,h at D4")  # 8:1 is above 7:1: automatic 0/3 (11.9); the first step is f's
    assert {pos.action_text(a) for a in pos.legal_actions} == {"answer units f", "answer retreat"}
    pos.push_text("answer retreat")
    # 11.21: C4 and D3 hold a's corps, E4 and C5 are in their zones; of D5 and E5, D5 is nearer b's west edge
    assert {pos.action_text(a) for a in pos.legal_actions} == {"answer hex D5"}


def test_probes_come_first_move_one_hex_and_take_the_prober_out_of_the_attacks(make_position: Any) -> None:
    # 11.1: into a hex free of enemy units next to an enemy-occupied one, even from one enemy zone to another
    units = [_u("g", "D3"), _u("t", "E4", "corps4", "a", "fatigue"), _u("k", "C4"), _u("m", "C5"),
             _u("f", "D4", "corps1", "b")]
    pos = _pos(make_position, units)
    with pytest.raises(IllegalAction, match=r"fatigued unit may not probe \(11.1\)"):
        pos.push_text("move t E4-E5")  # digest test 31
    with pytest.raises(IllegalAction, match=r"\(11.1\)"):
        pos.push_text("move g D3-D2")  # D2 is next to no enemy
    pos.push_text("move g D3-E4")  # both in f's zone; E4 is next to f: a probe, no roll
    assert pos.label(pos.units["g"].hex) == "E4" and pos.decision is None
    with pytest.raises(IllegalAction, match=r"already attacked"):
        pos.push_text("attack g at D4")
    pos.push_text("attack k at D4 dice 1")  # 4:1, a 1: 1/1 in the demo pack; no step is a choice
    assert pos.decision is None and pos.units["f"].has("reduced") and pos.units["k"].has("reduced")
    with pytest.raises(IllegalAction, match=r"before any attack is declared \(11.1\)"):
        pos.push_text("move m C5-D5")
