"""ASL Close Combat in a Location holding a vehicle (A11.31, A11.34, A11.4): sequential, the side not owning
the vehicle first with one attack, then one attack a side in turn, each applied before the reply; a
successful ambush there lets the ambusher make all its attacks first (T-11.34); the ambush drm of a side with
a vehicle (the A11 comprehensive example, H3)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, cc, ccgroups, vfire
from hexmate.rules.games.asl.vehicles import DATA_DIR as DATA

COUNTERS: dict[str, Any] = {
    "4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
    "5-4-8": {"type": "squad", "fp": 5, "range": 4, "morale": 8, "broken_morale": 8},
    "6-2-8": {"type": "squad", "fp": 6, "range": 2, "morale": 8, "broken_morale": 8},
    "hero": {"type": "hero", "fp": 1, "morale": 9, "broken_morale": 9},
    "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
}


def _u(uid: str, counter: str, side: str, hex_: str = "J5", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str = "CCPh", **kw: Any) -> Position:
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, **kw)
    return pos


def test_a11_31_the_side_not_owning_the_vehicle_attacks_first_and_results_apply_before_the_reply(
    make_position: Any,
) -> None:
    """A11.31, A11.3: Russian T-34 and 4-4-7 against two German 4-6-7 in J5: the Germans (not owning it) make
    one attack, 4:4 = 1:1 (A11.11, KN 5); its DR 3 eliminates the 4-4-7 before it may reply; then the
    Germans' second squad may attack the tank in its turn."""
    pos = _pos(make_position, [_u("b-t", "t", "b", markers=["vca3"]), _u("b-sq", "4-4-7", "b"),
                               _u("a-1", "4-6-7", "a"), _u("a-2", "4-6-7", "a")])
    assert cc.locations(pos) == [pos.units["b-t"].hex]
    assert ccgroups.seq_order(pos) == ("a", "b")
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "a" and "b-t" in top.units
    pos.push_text("answer units a-1,b-sq")  # one attack only: the turn passes after it
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "a"
    pos.push_text("answer dice 1,2")
    res = pos.state.resolution
    assert res is not None and res.results == {"b-sq": "KIA"}
    assert "b-sq" not in pos.units  # applied at once: no simultaneous reply (A11.3)
    top = pos.decision  # b's turn: its T-34 may attack a German squad (A11.62); it passes
    assert top is not None and top.then == "cc_group" and top.side == "b"
    assert top.units == ("b-t", "a-1", "a-2")
    pos.push_text("answer done")
    top = pos.decision  # a's second squad may take the tank
    assert top is not None and top.then == "cc_group" and top.side == "a" and top.units == ("a-2", "b-t")
    pos.push_text("answer units a-2,b-t")
    top = pos.decision
    assert top is not None and top.then == "vcc" and top.rule == "A11.5"
    pos.push_text("answer dice 5,6")  # no effect
    top = pos.decision  # the turn passes back: the T-34 may still attack; it passes again
    assert top is not None and top.then == "cc_group" and top.side == "b"
    pos.push_text("answer done")
    assert pos.decision is None or pos.decision.then != "cc_group"  # a has no attacker left: the CC ends
    # A11.15: the stopped, manned T-34 holds the German infantry in Melee; the vehicle itself is not held
    assert pos.units["a-1"].has("melee") and pos.units["a-2"].has("melee")
    assert not pos.units["b-t"].has("melee")


def test_a11_31_turns_alternate_one_attack_each(make_position: Any) -> None:
    """A11.31: with a German 4-6-7 and a Russian 4-4-7 beside a Russian tank, the Germans attack first; both
    miss (DR 9 at 1:1, KN 5); then the Russian replies with its one attack, then each side passes."""
    pos = _pos(make_position, [_u("b-t", "t", "b", markers=["vca3"]), _u("b-sq", "4-4-7", "b"),
                               _u("a-1", "4-6-7", "a")])
    sides = []
    for answer in ("answer units a-1,b-sq", "answer dice 4,5", "answer units b-sq,a-1", "answer dice 4,5"):
        top = pos.decision
        assert top is not None
        sides.append((top.then, top.side))
        pos.push_text(answer)
    assert sides == [("cc_group", "a"), ("cc", "a"), ("cc_group", "b"), ("cc", "b")]
    res = pos.state.resolution
    assert res is not None and res.results == {"a-1": "-"}
    assert pos.units["a-1"].has("melee") and pos.units["b-sq"].has("melee")  # A11.15


def test_t_11_34_an_ambush_in_a_location_with_a_vehicle_lets_the_ambusher_attack_first(
    make_position: Any,
) -> None:
    """T-11.34 (A11.34, A11.32 over A11.31): two German 4-6-7 advance into a woods hex holding a CE Russian
    T-34 and a concealed 4-4-7; the Russians ambush (German dr 6; Russian dr 1 - 2 concealed + 2 vehicle,
    A11.4), so they, the vehicle's owners, make all their attacks first, where A11.31 alone would have had
    the Germans attack first. The next CCPh, in Melee, is sequential again, the Germans first."""
    units = [_u("b-t", "t", "b", "E5", markers=["vca3", "ce"]),
             _u("b-sq", "4-4-7", "b", "E5", concealed=True),
             _u("a-1", "4-6-7", "a", "E4"), _u("a-2", "4-6-7", "a", "E4")]
    pos = _pos(make_position, units, "APh", hexes={"E5": "woods"})
    pos.push_text("advance a-1,a-2 E4-E5")
    for unit in ("a-1", "a-2"):  # A11.6: each squad passes its PAATC to advance into the T-34's Location
        top = pos.decision
        assert top is not None and (top.then, top.subject) == ("adv_paatc", (unit,))
        pos.push_text("answer dice 3,3")
    pos.push_text("end")
    e5 = pos.units["b-t"].hex
    assert cc.ambush_drm(pos, e5, "b")[0] == 0  # -2 concealed, +2 vehicle, no BU AFV (A11.4)
    pos.push_text("answer dice 6")  # German dr 6
    pos.push_text("answer dice 1")  # Russian final 1: 3 or more below: the Russians ambush
    assert pos.state.game.cc_ambusher == "b" and not ccgroups.sequential(pos)
    while pos.decision is not None and pos.decision.then == "cc_ambush_withdraw":
        pos.push_text("answer stay")
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "b"
    pos.push_text("answer units b-sq,a-1")
    top = pos.decision  # the ambusher's attack is rolled before the Germans designate anything (A11.32)
    assert top is not None and top.then == "cc" and top.side == "b"
    pos.push_text("answer dice 4,5")  # 4:4, KN 5, -1 ambush: 8, no effect
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "a"
    # the next CCPh: the same Location in Melee, no ambush: one attack each, the Germans first (A11.31)
    melee = [_u("b-t", "t", "b", "E5", markers=["vca3", "ce"]),
             _u("b-sq", "4-4-7", "b", "E5", markers=["melee"]),
             _u("a-1", "4-6-7", "a", "E5", markers=["melee"])]
    nxt = _pos(make_position, melee, hexes={"E5": "woods"})
    while nxt.decision is not None and nxt.decision.then == "cc_withdraw":
        nxt.push_text("answer stay")
    top = nxt.decision
    assert top is not None and top.then == "cc_group" and top.side == "a" and ccgroups.sequential(nxt)


def test_a11_comprehensive_example_h3_ambush_drm_of_the_german_side(make_position: Any) -> None:
    """A11 comprehensive example, H3: a BU PzV with a German 5-4-8 and a hero advancing into a wooden
    building held by a Russian 6-2-8 and 4-4-7: Russian drm 0; German +2 (vehicle +2, BU +1, stealthy hero
    -1, A11.4, A11.17)."""
    units = [_u("a-pz", "pz", "a", "H3", markers=["vca0"]), _u("a-sq", "5-4-8", "a", "H3"),
             _u("a-h", "hero", "a", "H3"), _u("b-1", "6-2-8", "b", "H3"), _u("b-2", "4-4-7", "b", "H3")]
    pos = _pos(make_position, units, hexes={"H3": "wooden-building"})
    h3 = pos.units["a-pz"].hex
    assert cc.ambush_drm(pos, h3, "a")[0] == 2
    assert cc.ambush_drm(pos, h3, "b")[0] == 0
    assert ccgroups.seq_order(pos) == ("b", "a")  # H3: the Russians, not owning the PzV, go first (A11.31)


def _catalogue(tmp_path: Any) -> str:
    """An analogue catalogue: the demo tank's values with the CMG FP the A11 comprehensive example states
    (PzV and PzIVH 5, T-34/85 4); not Vehicle Note values."""
    data = json.loads((DATA / "catalogues" / "demo-vehicles.json").read_text(encoding="utf-8"))
    base = data["vehicles"]["demo-pz-g"]
    data["vehicles"] = {
        "pz5": {**base, "mg": {"bmg": 2, "cmg": 5}},
        "t34": {**base, "nationality": "russian", "mg": {"bmg": 2, "cmg": 4}},
    }
    path = tmp_path / "a11-analogue.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _with_catalogue(tmp_path: Any) -> dict[str, Any]:
    cat = _catalogue(tmp_path)
    return {**COUNTERS, "pz5": {"type": "vehicle", "vehicle": "pz5", "catalogue": cat},
            "t34": {"type": "vehicle", "vehicle": "t34", "catalogue": cat},
            "2-3-8": {"type": "hs", "fp": 2, "range": 3, "morale": 8, "broken_morale": 8}}


def test_a11_comprehensive_example_h3_the_pzv_attacks_the_4_4_7_at_1_1(
    make_position: Any, tmp_path: Any,
) -> None:
    """A11 comprehensive example, H3 (A11.62): after the 4-4-7's attack, the PzV's CMG 5 FP against the
    4-4-7's CCV 5 is 1:1."""
    units = [_u("a-pz", "pz5", "a", "H3", markers=["vca0"]), _u("b-2", "4-4-7", "b", "H3")]
    pos: Position = make_position("asl", units, "CCPh", counters=_with_catalogue(tmp_path),
                                  hexes={"H3": "wooden-building"})
    h3 = pos.units["a-pz"].hex
    attack, defence, lines = cc.strengths(pos, h3, "a", ([pos.units["a-pz"]], [pos.units["b-2"]]))
    assert (attack, defence) == (5, 5) and "A11.62" in {line.rule for line in lines}


def test_a11_comprehensive_example_j4_the_t34_attacks_the_pinned_hs_at_2_1(
    make_position: Any, tmp_path: Any,
) -> None:
    """A11 comprehensive example, J4->I5 (A11.62, A11.5): the T-34/85's CMG 4 FP against the pinned HS's CCV
    2 (3, -1 pinned) is 2:1."""
    units = [_u("b-t", "t34", "b", "I5", markers=["vca0", "ce"]),
             _u("a-hs", "2-3-8", "a", "I5", markers=["pinned"])]
    pos: Position = make_position("asl", units, "CCPh", counters=_with_catalogue(tmp_path))
    i5 = pos.units["b-t"].hex
    attack, defence, _ = cc.strengths(pos, i5, "b", ([pos.units["b-t"]], [pos.units["a-hs"]]))
    keys = pos.charts.chart("cct").axis("odds").keys
    assert (attack, defence) == (4, 2) and cc.odds_column(keys, cc.odds(attack, defence)) == "2:1"


def test_a11_comprehensive_example_l5_the_squad_and_the_pzivh_attack_in_turn(
    make_position: Any, tmp_path: Any,
) -> None:
    """A11 comprehensive example, L5 (A11.5, A11.62): the 4-4-7 attacks the PzIVH: CCV 5, DRM 0; original 7:
    no effect. The PzIVH's attack on it is 1:1 (CMG 5 against CCV 5); had the squad kept its "?", 2.5:5,
    1:2 (A11.19)."""
    units = [_u("a-pz", "pz5", "a", "L5", markers=["vca0"]), _u("b-sq", "4-4-7", "b", "L5")]
    pos: Position = make_position("asl", units, "CCPh", counters=_with_catalogue(tmp_path), first_side="b")
    top = pos.decision  # the Russians, not owning the PzIVH, attack first (A11.31)
    assert top is not None and top.then == "cc_group" and top.side == "b"
    pos.push_text("answer units b-sq,a-pz")
    top = pos.decision
    assert top is not None and top.then == "vcc" and (top.arg("ccv"), top.arg("drm")) == ("5", "0")
    pos.push_text("answer dice 3,4")
    res = pos.last_resolution
    assert res is not None and res.results == {"a-pz": "none"}
    top = pos.decision  # the PzIVH's turn: 1:1 (5:5), original 7: no effect
    assert top is not None and top.then == "cc_group" and top.side == "a"
    pos.push_text("answer units a-pz,b-sq")
    pos.push_text("answer dice 3,4")
    res = pos.state.resolution
    assert res is not None and any("5:5, rounded down to 1:1" in line.value for line in res.lines)
    assert res.results == {"b-sq": "-"}
    # a Melee counter for the squad, held by the stopped PzIVH; the vehicle is not held (A11.15)
    assert pos.units["b-sq"].has("melee") and not pos.units["a-pz"].has("melee")
    l5 = pos.units["a-pz"].hex
    keys = pos.charts.chart("cct").axis("odds").keys
    for concealed, column in ((False, "1:1"), (True, "1:2")):
        squad = dataclasses.replace(pos.units["b-sq"], concealed=concealed)
        attack, defence, _ = cc.strengths(pos, l5, "a", ([pos.units["a-pz"]], [squad]))
        assert cc.odds_column(keys, cc.odds(attack, defence)) == column


def test_a11_621_an_original_12_against_a_manned_vehicle_reduces_the_attacker(make_position: Any) -> None:
    """A11.621 (the A11 comprehensive example, J4->I5: an original 12 against the T-34/85, and the crew's
    small arms reduce the squad to a HS): here a 4-6-7 attacking a manned tank rolls 12 and is a 2-4-7."""
    from tests.rules.games.conftest import ASL_COUNTERS

    counters = {**ASL_COUNTERS, "t": COUNTERS["t"]}
    units = [_u("b-t", "t", "b", "I5", markers=["vca0", "ce"]), _u("a-sq", "4-6-7", "a", "I5")]
    pos: Position = make_position("asl", units, "CCPh", counters=counters)
    pos.push_text("answer units a-sq,b-t")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "none"}
    assert pos.units["a-sq"].name == "2-4-7"


def test_a11_612_an_afvs_armor_factors_count_for_nothing_in_cc(make_position: Any, tmp_path: Any) -> None:
    """A11.612: an AFV's AF are not considered in CC: two 4-6-7 attacking the demo Panzer (AF 8 front, 3 side)
    get the same CCV and DRM as against the same tank with 26 all round (a test catalogue)."""
    doc = json.loads((DATA / "catalogues" / "demo-vehicles.json").read_text(encoding="utf-8"))
    armor = {"hull_front": 26, "hull_side": 26, "turret_front": "same", "turret_side": "same"}
    thick = dict(doc["vehicles"]["demo-pz-g"], armor=armor)
    doc["vehicles"] = {"demo-thick": thick}
    cat = tmp_path / "thick.json"
    cat.write_text(json.dumps(doc), encoding="utf-8")
    counters = {**COUNTERS, "thick": {"type": "vehicle", "vehicle": "demo-thick", "catalogue": str(cat)}}
    got = []
    for tank in ("pz", "thick"):
        pos = make_position("asl", [_u("b-t", tank, "b", markers=["vca3"]), _u("a-1", "4-6-7", "a"),
                                    _u("a-2", "4-6-7", "a")], "CCPh", counters=counters)
        ccv, drm, lines = vfire.cc_vehicle(pos, pos.units["b-t"], ("a-1", "a-2"), moving=False)
        got.append((ccv, drm, [(str(line.label), line.value) for line in lines]))
        assert armour.vtype(pos.units["b-t"]).hull_front == (8 if tank == "pz" else 26)
    assert got[0] == got[1]
