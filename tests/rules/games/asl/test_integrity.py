"""ASL Battlefield Integrity in play (rules/games/asl/integrity.py; A16-A16.3). The numbers are the text's:
the A16.12 example's Russian OB of 400 BPV (base 40, a tally of 43 leaving 3, 37 more for the next check, 41
BPV of reinforcements raising the base to 45 with -2 to regain ELR) and A16.21's first check with a 9-1 (case
A +1, case C -1: only an Original 12 costs ELR). A squad is given the BPV that makes those sums."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import integrity
from hexmate.rules.games.asl.aftermath import side_number

from tests.rules.games.conftest import ASL_COUNTERS

from .test_armour import COUNTERS as ARMOUR

# the side b squad's BPV: losing one puts the tally at the A16.12 example's 43
COUNTERS = {**ASL_COUNTERS, "4-4-7": {**ASL_COUNTERS["4-4-7"], "bpv": 43},
            "2-2-7": {**ASL_COUNTERS["2-2-7"], "bpv": 6}, "6-2-8": {**ASL_COUNTERS["6-2-8"], "bpv": 41},
            "3-2-8": {**ASL_COUNTERS["3-2-8"], "bpv": 12}, "pz": ARMOUR["pz"]}
OPTIONS = {"integrity": {"b": 400}, "elr": {"a": 3, "b": 3}}


def fire_kia(make_position: Any, *extra: dict[str, Any], options: dict[str, Any] | None = None) -> Any:
    """a-1 and a 9-2 fire at the two 4-4-7 in C3: 3 - 2 = 1 on the 4 column is 1KIA (test_fire's case)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-92", "counter": "9-2", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C3"}, *extra]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, options=options or OPTIONS)
    pos.push_text("fire a-1,a-92 at C3 dice 1,2")
    pos.push_text("answer units b-1")
    return pos


def leader_b(hx: str = "H7", counter: str = "9-1") -> dict[str, Any]:
    return {"id": "b-91", "counter": counter, "side": "b", "hex": hx}


def test_a16_1_the_base_is_a_tenth_of_the_bracketed_bpv(make_position: Any) -> None:
    """A16.1: [400] gives an Integrity Base of 40; a side not named keeps no books."""
    pos = make_position("asl", [{"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"}], "PFPh",
                        counters=COUNTERS, options=OPTIONS)
    assert integrity.books(pos.state, "b") == ("b", 40, 0, 0, 0, "", "", 0)
    assert integrity.books(pos.state, "a") is None
    assert "b Battlefield Integrity: Casualty Tally 0 of base 40, 0 Integrity loss(es), ELR 3 (A16)" \
        in pos.game.status(pos)


def test_a16_1_dyo_adds_up_the_starting_mmc(make_position: Any) -> None:
    """A16.1 (DYO): two 4-4-7 of 43 BPV each and a leader: 86, a base of 9 (FRU)."""
    units = [{"id": f"b-{i}", "counter": "4-4-7", "side": "b", "hex": "C3"} for i in (1, 2)] + [leader_b()]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS,
                        options={"integrity": {"b": "oob"}, "elr": {"b": 3}})
    assert integrity.books(pos.state, "b")[1] == 9


@pytest.mark.parametrize(("options", "match"), [
    ({"integrity": {"b": 400}}, "needs options.elr.b"),
    ({"integrity": {"c": 400}, "elr": {"c": 3}}, "not a side"),
    ({"integrity": {"b": -4}, "elr": {"b": 3}}, "bracketed MMC BPV"),
])
def test_a16_1_a_bad_option_is_refused_on_load(make_position: Any, options: dict[str, Any],
                                               match: str) -> None:
    with pytest.raises(DataError, match=match):
        make_position("asl", [{"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"}], "PFPh",
                      counters=COUNTERS, options=options)


def test_a16_1_every_mmc_needs_a_bpv(make_position: Any) -> None:
    with pytest.raises(DataError, match="counter '4-4-7' needs a whole-number bpv"):
        make_position("asl", [{"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"}], "PFPh",
                      options=OPTIONS)


def test_a16_21_the_first_check_with_a_9_1_needs_an_original_12(make_position: Any) -> None:
    """A16.1, A16.12: the tally reaches 43 against a base of 40: 3 is left, one loss, and b checks at once.
    A16.21: +1 (case A) and -1 (the 9-1, case C): an 11 changes nothing."""
    pos = fire_kia(make_position, leader_b())
    top = pos.decision
    assert top.then == integrity.CHECK and top.side == "b" and top.rule == "A16.2"
    assert integrity.books(pos.state, "b") == ("b", 40, 3, 1, 0, "", "", 0)
    pos.push_text("answer dice 6,5")
    assert pos.state.resolution.summary == "b Integrity Check: b's ELR stays 3"
    assert [line.value for line in pos.state.resolution.lines[2:4]] == ["+1", "-1"]
    assert side_number(pos, "elr", "b") == 3


def test_a16_2_an_original_12_lowers_the_elr_at_once(make_position: Any) -> None:
    """A16.2, A16.21: 6+6 with a net 0 DRM is 12: b's ELR 3 becomes 2, which the next MC reads."""
    pos = fire_kia(make_position, leader_b())
    pos.push_text("answer dice 6,6")
    assert pos.state.resolution.summary == "b Integrity Check: b's ELR falls to 2"
    assert side_number(pos, "elr", "b") == 2 and integrity.elr_lost(pos.state, "b") == 1


def test_a16_2_no_good_order_leader_is_plus_one(make_position: Any) -> None:
    """A16.2 case E: with no Good Order leader (b's 9-1 broken), +1 (case A) +1 (case E): a 10 makes 12."""
    broken = {**leader_b(), "markers": ["broken"]}
    pos = fire_kia(make_position, broken)
    pos.push_text("answer dice 5,5")
    assert side_number(pos, "elr", "b") == 2


def test_a16_3_a_low_dr_wipes_the_losses(make_position: Any) -> None:
    """A16.3: counting only the negative DRMs (the 9-1's -1), 2+1 = 3 - 1 = 2: no ELR was lost, so none is
    regained, but the case A losses are wiped out (the ELR stays 3)."""
    pos = fire_kia(make_position, leader_b())
    pos.push_text("answer dice 2,1")
    assert integrity.books(pos.state, "b")[3] == 0
    assert "wiped out" in pos.state.resolution.summary


def test_a16_11_a_casualty_reduction_adds_the_difference(make_position: Any) -> None:
    """A16.11: a squad (43) reduced to its HS (6) adds 37 (test_fire's K/2 case: 3 - 1 = 2 with a 9-1)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-91", "counter": "9-1", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, options=OPTIONS)
    pos.push_text("fire a-1,a-91 at C3 dice 1,2")
    pos.push_text("answer units b-2")
    assert pos.units["b-2"].name == "2-2-7"
    assert integrity.books(pos.state, "b")[2] == 37


def test_a16_11_the_losses_between_two_states(make_position: Any) -> None:
    """A16.11: capture counts once, an escape takes it off; Deployment (a new HS appears) is no loss."""
    pos = make_position("asl", [{"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"}], "PFPh",
                        counters=COUNTERS, options=OPTIONS)
    squad = pos.units["b-1"]
    taken = squad.mark("prisoner")
    assert integrity.losses({"b-1": squad}, {"b-1": taken}, "b", frozenset()) == (43, 0)
    assert integrity.losses({"b-1": taken}, {}, "b", frozenset()) == (0, 0)  # massacred: ignored
    assert integrity.losses({"b-1": taken}, {"b-1": squad}, "b", frozenset()) == (-43, 0)  # escaped
    assert integrity.losses({"b-1": squad}, {}, "b", frozenset({"b-1"})) == (0, 0)  # exited
    half = pos.state.units["b-1"]
    half = type(half)(half.id, half.side, pos.scenario.counters["2-2-7"], half.hex)
    other = type(half)("b-1.2", "b", pos.scenario.counters["2-2-7"], half.hex)
    assert integrity.losses({"b-1": squad}, {"b-1": half, "b-1.2": other}, "b", frozenset()) == (0, 0)
    assert integrity.losses({"b-1": squad}, {"b-1": half}, "b", frozenset()) == (37, 0)


def test_a16_12_reinforcements_raise_the_base_and_offer_a_regain(make_position: Any) -> None:
    """A16.12: with an ELR level lost, 41 BPV of MMC entering raise the base 40 to 45 and give -2 to the
    regain attempt (A16.3); 3+1 = 4 - 2 = 2 regains the level."""
    pos = fire_kia(make_position, leader_b("H7", "8-0"),
                   {"id": "b-r", "counter": "6-2-8", "side": "b", "hex": "A4"},
                   options={**OPTIONS, "entry": {"b-r": {"turn": 2, "hexes": ["A4"]}}})
    pos.push_text("answer dice 6,5")  # +1 case A, the 8-0's 0: 12
    assert side_number(pos, "elr", "b") == 2
    gone = pos.state.units["b-r"]
    assert gone.hex is None  # off the map until it enters (A2.5)
    arrived = dataclasses.replace(gone, hex=pos.state.units["b-2"].hex)
    assert integrity.losses({"b-r": gone}, {"b-r": arrived}, "b", frozenset(), frozenset({"b-r"})) == (0, 41)
    assert integrity.losses({"b-r": gone}, {"b-r": arrived}, "b", frozenset()) == (0, 0)  # HIP revealed
    after = integrity.after_play(pos.game, pos, pos.state.with_unit(arrived))
    assert integrity.books(after, "b")[1] == 45
    assert after.decision.then == integrity.REGAIN and after.decision.arg("drm") == "-2"
    pos = pos.at(after)
    pos.push_text("answer dice 3,1")
    assert side_number(pos, "elr", "b") == 3
    assert pos.state.resolution.summary.startswith("b ELR regain attempt: b's ELR rises again to 3")


def test_a16_12_an_entering_reinforcement_raises_the_base_in_play(make_position: Any) -> None:
    """A16.12: b's 6-2-8 (41 BPV) enters in its MPh: the base 40 becomes 45; with no ELR and no Integrity
    loss behind it, no regain attempt is asked (A16.3: nothing to regain or wipe)."""
    units = [{"id": "b-r", "counter": "6-2-8", "side": "b", "hex": "A4"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b",
                        options={**OPTIONS, "entry": {"b-r": {"turn": 1, "hexes": ["A4"]}}})
    assert integrity.books(pos.state, "b")[1] == 40  # the reinforcement is not in the bracketed 400
    pos.push_text("move b-r A4 as enter")
    assert integrity.books(pos.state, "b")[1] == 45
    assert pos.decision is None or pos.decision.then != integrity.REGAIN


def test_a16_3_a_leader_battle_hardening_offers_a_regain(make_position: Any) -> None:
    """A16.3: right after a b leader Battle Hardens (8-0 to 8-1, A15.3) with a level lost, the regain DR:
    the new 8-1's -1 only; 2+1 = 3 - 1 = 2 regains the level."""
    pos = fire_kia(make_position, leader_b("H7", "8-0"))
    pos.push_text("answer dice 6,5")
    old = pos.state.units["b-91"]
    new = dataclasses.replace(old, counter=pos.scenario.counters["9-1"])  # a better counter, as A15.3 gives
    assert integrity.hardened({"b-91": old}, {"b-91": new}, "b")
    after = integrity.after_play(pos.game, pos, pos.state.with_unit(new))
    assert after.decision.then == integrity.REGAIN
    pos = pos.at(after)
    pos.push_text("answer dice 2,1")
    assert side_number(pos, "elr", "b") == 3


def test_a16_12_one_player_turns_reinforcements_count_as_one(make_position: Any) -> None:
    """A16.12: two HS of 12 BPV entering one after the other: 10% (FRU) of 24 is 3 (base 43), not 2 + 2."""
    units = [{"id": f"b-r{i}", "counter": "3-2-8", "side": "b", "hex": f"A{i}"} for i in (4, 5)]
    plan = {f"b-r{i}": {"turn": 1, "hexes": [f"A{i}"]} for i in (4, 5)}
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b",
                        options={**OPTIONS, "entry": plan})
    pos.push_text("move b-r4 A4 as enter")
    assert integrity.books(pos.state, "b")[1] == 42
    pos.push_text("move b-r5 A5 as enter")
    assert integrity.books(pos.state, "b")[1] == 43


def test_a16_21_the_check_comes_before_the_next_mc_which_reads_the_new_elr(make_position: Any) -> None:
    """A16.21: the K/2 reduces b-2 (a 43 BPV squad to a 3 BPV HS: 40, the whole base): b's check comes
    before the two 2MC still to roll. An Original 12 (+1 case A, the 9-1's -1) takes b's ELR 1 to 0, so b-1
    failing its 2MC by one (4+2+2 = 8 against 7) fails by more than its ELR (A19.13): with no lower unit in
    this catalogue it is Disrupted (A19.12), not just broken as it would be with the ELR still 1."""
    counters = {**COUNTERS, "2-2-7": {**ASL_COUNTERS["2-2-7"], "bpv": 3}}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-91", "counter": "9-1", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C3"}, leader_b()]
    pos = make_position("asl", units, "PFPh", counters=counters,
                        options={"integrity": {"b": 400}, "elr": {"a": 3, "b": 1}})
    pos.push_text("fire a-1,a-91 at C3 dice 1,2")
    pos.push_text("answer units b-2")
    rolls = [d.then for d in reversed(pos.state.decisions) if d.kind == "roll"]
    assert rolls[0] == integrity.CHECK and rolls[1:] == ["mc", "mc"]
    pos.push_text("answer dice 6,6")
    assert side_number(pos, "elr", "b") == 0
    assert pos.decision.subject == ("b-1",)
    pos.push_text("answer dice 4,2")
    assert pos.units["b-1"].has("disrupted")


def _elr_zero(make_position: Any, options: dict[str, Any]) -> Any:
    """A16.21's test above with b-1 an underscored morale squad: b's ELR 1 falls to 0 before its 2MC."""
    counters = {**COUNTERS, "2-2-7": {**ASL_COUNTERS["2-2-7"], "bpv": 3},
                "4-4-7u": {**COUNTERS["4-4-7"], "underscored_morale": 1, "reduces_to": "2-2-7"}}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-91", "counter": "9-1", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7u", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C3"}, leader_b()]
    pos = make_position("asl", units, "PFPh", counters=counters, options=options)
    pos.push_text("fire a-1,a-91 at C3 dice 1,2")
    pos.push_text("answer units b-2")
    pos.push_text("answer dice 6,6")
    assert side_number(pos, "elr", "b") == 0
    assert pos.decision.subject == ("b-1",)
    pos.push_text("answer dice 4,2")  # 2MC: 8 against 7, failed by one
    return pos


def test_a1_23_an_underscored_morale_keeps_elr_5_when_a16_lowers_the_sides(make_position: Any) -> None:
    """A1.23: an underscored morale's ELR is always 5, so the Integrity Check's loss (A16.21) does not reach
    it: failing its 2MC by one, it only breaks, where the side's ELR 0 would Replace it."""
    pos = _elr_zero(make_position, {"integrity": {"b": 400}, "elr": {"a": 3, "b": 1}})
    b1 = pos.units["b-1"]
    assert b1.has("broken") and not b1.has("disrupted") and b1.name == "4-4-7u"


def test_a19_132_an_ssr_gives_underscored_units_the_sides_elr_and_a16_lowers_it(make_position: Any) -> None:
    """A19.132: with an SSR giving b's ELR to its underscored units too, the ELR 0 binds b-1: failing by one
    is more than 0 and it is Replaced as any unit (with none lower here, Disrupted, A19.12)."""
    pos = _elr_zero(make_position, {"integrity": {"b": 400}, "elr": {"a": 3, "b": 1}, "elr_ssr": ["b"]})
    assert pos.units["b-1"].has("disrupted")


def test_a16_11_a_casualty_mc_replacement_counts_only_the_casualty(make_position: Any) -> None:
    """A16.11, A19.13: a 6-2-8 (41 BPV) that fails a Casualty MC by more than its ELR becomes a lower-quality
    HS (here a 2-2-7, 6 BPV), not its own 3-2-8 (12 BPV): the tally takes 41 - 12 = 29, the casualty only; the
    6 BPV the Replacement costs besides are ignored. Without the catalogue the HS on the map is all it has."""
    pos = make_position("asl", [{"id": "b-1", "counter": "6-2-8", "side": "b", "hex": "C3"}], "PFPh",
                        counters=COUNTERS, options=OPTIONS)
    squad = pos.units["b-1"]
    lower = dataclasses.replace(squad, counter=pos.scenario.counters["2-2-7"])
    own = dataclasses.replace(squad, counter=pos.scenario.counters["3-2-8"])
    counters = pos.scenario.counters
    assert integrity.losses({"b-1": squad}, {"b-1": lower}, "b", frozenset(), counters=counters) == (29, 0)
    assert integrity.losses({"b-1": squad}, {"b-1": own}, "b", frozenset(), counters=counters) == (29, 0)
    assert integrity.losses({"b-1": squad}, {"b-1": lower}, "b", frozenset()) == (35, 0)


def test_a16_3_armored_reinforcements_offer_a_regain_once_a_player_turn(make_position: Any) -> None:
    """A16.3: b has lost an ELR level (the 12 of the A16.12 test); its tank enters as a reinforcement: a
    regain attempt at once, with no DRM for it (the 8-0 has none either); 1+1 = 2 regains the level. A
    second tank the same Player Turn gives no second attempt; a tank that is no reinforcement (a HIP one
    revealed) gives none."""
    tanks = [{"id": f"b-t{i}", "counter": "pz", "side": "b", "hex": "A4", "markers": ["vca0"]}
             for i in (1, 2)]
    plan = {f"b-t{i}": {"turn": 2, "hexes": ["A4"]} for i in (1, 2)}
    pos = fire_kia(make_position, leader_b("H7", "8-0"), *tanks, options={**OPTIONS, "entry": plan})
    pos.push_text("answer dice 6,5")
    assert side_number(pos, "elr", "b") == 2
    first = pos.state.units["b-t1"]
    assert first.hex is None and first.type == "vehicle"
    here = pos.state.units["b-2"].hex
    after = integrity.after_play(pos.game, pos, pos.state.with_unit(dataclasses.replace(first, hex=here)))
    assert integrity.books(after, "b")[1] == 40  # an AFV is no MMC: the base stays
    assert after.decision.then == integrity.REGAIN and after.decision.arg("drm") == "0"
    assert not integrity.armour_came({"b-t1": first}, {"b-t1": dataclasses.replace(first, hex=here)}, "b",
                                     frozenset())  # not a reinforcement: a HIP AFV revealed
    rolled = pos.at(after)
    rolled.push_text("answer dice 1,1")
    assert side_number(rolled, "elr", "b") == 3
    second = rolled.state.units["b-t2"]
    moved = rolled.state.with_unit(dataclasses.replace(second, hex=here))
    again = integrity.after_play(rolled.game, rolled, moved)
    assert again.decision is None or again.decision.then != integrity.REGAIN


def test_a16_11_a_split_squad_beside_a_reduced_one_in_one_action(make_position: Any) -> None:
    """A16.11: in one action b-1 Deploys (its second HS b-1.2 appears: no loss) and b-2 is reduced to its HS
    (43 - 6 = 37 counts): the Deployment does not hide the casualty. An underscored squad Replaced by two HS
    (b-1 and b-1/2, A19.13) is no loss either."""
    pos = make_position("asl", [{"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"},
                                {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C3"}], "PFPh",
                        counters=COUNTERS, options=OPTIONS)
    one, two = pos.units["b-1"], pos.units["b-2"]
    hs = pos.scenario.counters["2-2-7"]
    before = {"b-1": one, "b-2": two}
    half = dataclasses.replace(one, counter=hs)
    deployed = {"b-1": half, "b-1.2": dataclasses.replace(half, id="b-1.2"),
                "b-2": dataclasses.replace(two, counter=hs)}
    assert integrity.losses(before, deployed, "b", frozenset()) == (37, 0)
    replaced = {"b-1": half, "b-1/2": dataclasses.replace(half, id="b-1/2"), "b-2": two}
    assert integrity.losses(before, replaced, "b", frozenset()) == (0, 0)


def test_a16_3_the_regain_drm_counts_the_whole_player_turns_reinforcements(make_position: Any) -> None:
    """A16.3 with A16.12: b has lost an ELR level; its reinforcements of the turn, a 3-2-8 (12 BPV) and a
    6-2-8 (41 BPV), come on by two moves. The first alone would raise the base 40 to 42 (5%: -1); the
    attempt waits for the second, then counts the group: 10% (FRU) of 53 is 6, base 46, a 15% rise: -2
    (the A16.12 example's -2 for its 41 BPV). 2+2 = 4 - 2 = 2 regains the level."""
    units = [{"id": "b-r4", "counter": "3-2-8", "side": "b", "hex": "A4"},
             {"id": "b-r5", "counter": "6-2-8", "side": "b", "hex": "A5"}]
    plan = {f"b-r{i}": {"turn": 1, "hexes": [f"A{i}"]} for i in (4, 5)}
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b",
                        options={**OPTIONS, "entry": plan, "elr": {"a": 3, "b": 2}})
    pos = pos.at(integrity._put(pos.game, pos.state, ("b", 40, 0, 1, 1, "", "", 0)))
    pos.push_text("move b-r4 A4 as enter")
    assert integrity.books(pos.state, "b")[1] == 42
    assert pos.decision is None or pos.decision.then != integrity.REGAIN  # the 6-2-8 is still to come
    pos.push_text("move b-r5 A5 as enter")
    assert integrity.books(pos.state, "b")[1] == 46
    assert pos.decision is not None and pos.decision.then == integrity.REGAIN
    assert pos.decision.arg("drm") == "-2"
    pos.push_text("answer dice 2,2")
    assert integrity.elr_lost(pos.state, "b") == 0


def test_a16_3_the_attempt_is_made_when_the_last_one_due_can_no_longer_come_on(make_position: Any) -> None:
    """A16.3: the Player Turn b receives MMC it may try at once. Its 3-2-8 (12 BPV) comes on at A4 while the
    6-2-8 is still due at A5, so the attempt waits; then the "?" in A5 fires at A4 and loses its concealment
    (A12.14): a Known enemy bars A5 (A2.5), the 6-2-8 can no longer come on this turn, and the attempt is made
    then with the 3-2-8's rise alone: 10% (FRU) of 12 is 2, base 40 to 42, a 5% rise: -1 (FRU per 10%)."""
    units = [{"id": "b-r4", "counter": "3-2-8", "side": "b", "hex": "A4"},
             {"id": "b-r5", "counter": "6-2-8", "side": "b", "hex": "A5"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "A5", "concealed": True}]
    plan = {f"b-r{i}": {"turn": 1, "hexes": [f"A{i}"]} for i in (4, 5)}
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b",
                        options={**OPTIONS, "entry": plan, "elr": {"a": 3, "b": 2}})
    pos = pos.at(integrity._put(pos.game, pos.state, ("b", 40, 0, 1, 1, "", "", 0)))
    pos.push_text("move b-r4 A4 as enter")
    assert integrity.books(pos.state, "b")[1] == 42
    assert pos.decision is not None and pos.decision.kind == "react"  # the 6-2-8 is still to come: no attempt
    pos.push_text("fire a-1 at A4 dice 6,6")
    assert not pos.units["a-1"].concealed
    while pos.decision is not None and pos.decision.then != integrity.REGAIN:
        assert pos.decision.kind == "react"
        pos.push_text("answer pass")
    assert pos.decision is not None and pos.decision.arg("drm") == "-1"
    pos.push_text("answer dice 2,1")  # 3 - 1 = 2
    assert integrity.elr_lost(pos.state, "b") == 0
