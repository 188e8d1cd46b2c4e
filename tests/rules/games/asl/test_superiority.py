"""ASL Battlefield Integrity's cases B and D (rules/games/asl/superiority.py; A16.2). The numbers are the
text's: a Final TK# of 4 or less from 12 hexes at the weakest Target Facing AF gives Armor Superiority; case B
is +1 for the enemy's Armor Superiority or air support and +2 for both, case D -1 and -2 for the side's own;
A16.21's first check with a 9-1 (case A +1, case C -1). The To Kill rows are the demo pack's (75L: 13 and 76L:
12 at 12 hexes), so the tanks are given the AF that put those numbers on either side of 4."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games.asl import integrity, superiority
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl.aftermath import side_number

from .test_integrity import COUNTERS as INTEGRITY
from .test_integrity import OPTIONS, leader_b

TANKS = {
    # AF 8 all round: the demo 76L (basic TK# 12 at 12 hexes) needs 4, the demo 75L (13) needs 5
    "kt": {"hull_front": 8, "hull_side": 8},
    # its circled turret side is 6: the weakest aspect, so the 76L needs 6
    "ct": {"hull_front": 8, "hull_side": 8, "turret_side": "circled"},
    # a 26 AF hull with no rear armor (partially armored, D1.22): the rear is 0
    "pa": {"hull_front": 26, "hull_side": 26, "rear_unarmored": "hull"},
}


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Test vehicles (their MA a 76L), in a catalogue file of their own."""
    path = tmp_path_factory.mktemp("superiority") / "tanks.json"
    vehicles = {vid: {"nationality": "german", "movement": "tracked", "mp": 12, "armor": armor,
                      "ma": {"calibre": 76, "kind": "gun", "length": "L", "mount": "T"}, "cs": 7}
                for vid, armor in TANKS.items()}
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test", "vehicles": vehicles}))
    return str(path)


def counters(catalogue: str) -> dict[str, Any]:
    ours = {vid: {"type": "vehicle", "vehicle": vid, "catalogue": catalogue} for vid in TANKS}
    return {**INTEGRITY, **ours, "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
            "t": {"type": "vehicle", "vehicle": "demo-t-r"}, "pak": {"type": "gun", "to_kill": "76L"}}


def tank(uid: str, counter: str, side: str, hx: str = "H2", *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hx, "markers": ["vca0", *markers]}


def position(make_position: Any, catalogue: str, *units: dict[str, Any], options: dict[str, Any] | None = None
             ) -> Any:
    return make_position("asl", list(units), "PFPh", counters=counters(catalogue), options=options or OPTIONS)


def fire_kia(make_position: Any, catalogue: str, *extra: dict[str, Any], options: dict[str, Any]) -> Any:
    """test_integrity's fire: a-1 and a 9-2 kill a 4-4-7 (43 BPV) of b's: a tally of 43 on a base of 40, and
    b checks at once with one loss (case A +1)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-92", "counter": "9-2", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C3"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C3"}, *extra]
    pos = position(make_position, catalogue, *units, options=options)
    pos.push_text("fire a-1,a-92 at C3 dice 1,2")
    pos.push_text("answer units b-1")
    assert pos.decision.then == integrity.CHECK
    return pos


def test_a16_2_a_final_tk_of_4_at_12_hexes_is_armor_superiority(make_position: Any, catalogue: str) -> None:
    """A16.2: against the 76L (12 at 12 hexes) the AF 8 tank needs a Final TK# of 4: Armor Superiority;
    against the 75L (13) it needs 5: none. The 12-hex row is the one read (the 76L's 6-hex row, 14, would
    need 6)."""
    pack = od.load_pack()
    assert pack.basic_tk("76L", 12) == 12 and pack.basic_tk("75L", 12) == 13 and pack.basic_tk("76L", 6) == 14
    pos = position(make_position, catalogue, tank("a-kt", "kt", "a"), tank("b-t", "t", "b", "A4"))
    got = superiority.armour_superiority(pos.state, "a")
    assert got == superiority.Superiority("a-kt", "b-t", "76L", 4)
    pos = position(make_position, catalogue, tank("a-kt", "kt", "a"), tank("b-pz", "pz", "b", "A4"))
    assert superiority.armour_superiority(pos.state, "a") is None


def test_a16_2_the_best_opposing_weapon_counts(make_position: Any, catalogue: str) -> None:
    """A16.2: the opponent's best on-board AFV/Gun: beside the 76L, b's 75L (5) takes Armor Superiority away;
    b's demo Gun, a 76L, is as good as the tank's and no better."""
    pos = position(make_position, catalogue, tank("a-kt", "kt", "a"), tank("b-t", "t", "b", "A4"),
                   tank("b-pz", "pz", "b", "A5"))
    assert superiority.armour_superiority(pos.state, "a") is None
    pos = position(make_position, catalogue, tank("a-kt", "kt", "a"),
                   {"id": "b-g", "counter": "pak", "side": "b", "hex": "A4"})
    assert superiority.armour_superiority(pos.state, "a") == superiority.Superiority("a-kt", "b-g", "76L", 4)


def test_a16_2_the_weakest_target_facing_af(catalogue: str) -> None:
    """A16.2: the weakest Target Facing AF: a circled turret side (D1.64: one rank lower, 6), an unarmored
    rear (D1.22: 0)."""
    from hexmate.rules.games.asl.vehicles import load_catalogue

    cat = load_catalogue(catalogue)
    assert [superiority.weakest_af(cat[v]) for v in ("kt", "ct", "pa")] == [8, 6, 0]


def test_a16_2_normal_he_counts_when_the_pack_has_it() -> None:
    """A16.2: normal AP and HE: the better basic TK# at 12 hexes (an HE row of 14 beats the AP 12)."""
    data = json.loads(Path(od.DEMO_PACK).read_text(encoding="utf-8"))
    assert superiority.basic_tk(od.parse_pack("demo", data), "76L") == 12  # the demo pack: AP alone
    data["to_kill_he"] = {"76L": [[24, 14]]}
    assert superiority.basic_tk(od.parse_pack("he", data), "76L") == 14


@pytest.mark.parametrize(("markers", "known"), [
    ((), True), (("immobilized",), False), (("bogged",), False), (("shocked",), False), (("ma_malf",), False),
    (("recalled",), False), (("wreck",), False),
])
def test_a16_2_only_a_known_mobile_functioning_afv_on_the_map(make_position: Any, catalogue: str,
                                                              markers: tuple[str, ...], known: bool) -> None:
    """A16.2: Known, mobile, functioning, really on the map and not Recalled."""
    pos = position(make_position, catalogue, tank("a-kt", "kt", "a", "H2", *markers),
                   tank("b-t", "t", "b", "A4"))
    assert (superiority.armour_superiority(pos.state, "a") is not None) is known


def test_a16_2_a_concealed_or_off_board_afv_gives_none(make_position: Any, catalogue: str) -> None:
    pos = position(make_position, catalogue, tank("a-kt", "kt", "a"), tank("b-t", "t", "b", "A4"))
    afv = pos.state.units["a-kt"]
    hidden = pos.state.with_unit(dataclasses.replace(afv, concealed=True))
    assert superiority.armour_superiority(hidden, "a") is None
    assert superiority.armour_superiority(pos.state.with_unit(afv.at(None)), "a") is None  # off board (A2.51)


def test_a16_2_with_no_opposing_afv_or_gun_any_afv_has_it(make_position: Any, catalogue: str) -> None:
    """A16.2 read: with no AFV or Gun of b's on the map, nothing can kill a's AFV with AP or HE: even the demo
    Panzer (weakest AF 3) has Armor Superiority; an off-board one of b's does not oppose it."""
    pos = position(make_position, catalogue, tank("a-pz", "pz", "a"), tank("b-t", "t", "b", "A4"))
    assert superiority.armour_superiority(pos.state, "a") is None  # 76L: 12 - 3 = 9
    state = pos.state.with_unit(pos.state.units["b-t"].at(None))
    assert superiority.armour_superiority(state, "a") == superiority.Superiority("a-pz", None, "", 0)


def test_a16_2_case_b_enemy_armor_superiority_and_air_support_is_plus_2(make_position: Any,
                                                                        catalogue: str) -> None:
    """A16.21's first check with a 9-1 (A +1, C -1) and a's AF 8 tank against b's 76L (Final TK# 4) and a's
    air support: case B +2, so an original 10 makes 12 and b's ELR 3 falls to 2."""
    options = {**OPTIONS, "air_support": {"a": True}}
    pos = fire_kia(make_position, catalogue, leader_b(), tank("a-kt", "kt", "a", "H2"),
                   tank("b-t", "t", "b", "H8"), options=options)
    pos.push_text("answer dice 5,5")
    lines = pos.state.resolution.lines
    assert [(line.value, line.rule) for line in lines[2:5]] == [("+1", "A16.2"), ("+2", "A16.2"),
                                                                ("-1", "A16.2")]
    assert lines[3].label == ("enemy Armor Superiority of a-kt (the best opposing weapon, b-t's 76L, has a "
                              "Final TK# of 4 at 12 hexes) and air support (case B)")
    assert side_number(pos, "elr", "b") == 2


def test_a16_2_case_b_air_support_alone_is_plus_1(make_position: Any, catalogue: str) -> None:
    """A16.2: a's air support alone (a's AF 8 tank faces b's 75L: 5; b's Panzer, AF 3, a's 76L: 9): +1; an
    original 11 makes 12."""
    pos = fire_kia(make_position, catalogue, leader_b(), tank("a-kt", "kt", "a", "H2"),
                   tank("b-pz", "pz", "b", "H8"),
                   options={**OPTIONS, "air_support": {"a": True, "b": False}})
    pos.push_text("answer dice 6,5")
    assert pos.state.resolution.lines[3].value == "+1"
    assert pos.state.resolution.lines[3].label == "enemy air support (case B)"
    assert side_number(pos, "elr", "b") == 2


def test_a16_2_case_d_own_armor_superiority_and_air_support_is_minus_2(make_position: Any,
                                                                       catalogue: str) -> None:
    """A16.2 case D: b's AF 8 tank against a's 76L and b's air support: -2. A +1, C -1, D -2: an original 12
    makes 10, and b keeps its ELR. A16.3: the negative DRMs alone (-3) bring an original 5 to 2: the case A
    loss is wiped out."""
    options = {**OPTIONS, "air_support": {"b": True}}
    pos = fire_kia(make_position, catalogue, leader_b(), tank("b-kt", "kt", "b", "H8"),
                   tank("a-t", "t", "a", "H2"), options=options)
    pos.push_text("answer dice 6,6")
    lines = pos.state.resolution.lines
    assert [line.value for line in lines[2:5]] == ["+1", "-1", "-2"]
    assert lines[4].label.startswith("friendly Armor Superiority of b-kt") and lines[4].rule == "A16.2"
    assert side_number(pos, "elr", "b") == 3
    pos = fire_kia(make_position, catalogue, leader_b(), tank("b-kt", "kt", "b", "H8"),
                   tank("a-t", "t", "a", "H2"), options=options)
    pos.push_text("answer dice 3,2")
    assert integrity.books(pos.state, "b")[3] == 0 and "wiped out" in pos.state.resolution.summary


@pytest.mark.parametrize(("options", "match"), [
    ({"air_support": {"c": True}}, "test-scenario: options.air_support.c: not a side"),
    ({"air_support": {"a": "yes"}}, "test-scenario: options.air_support.a must be true or false"),
    ({"air_support": ["a"]}, "test-scenario: options.air_support must map side ids"),
])
def test_a16_2_a_bad_air_support_flag_is_refused_on_load(make_position: Any, catalogue: str,
                                                         options: dict[str, Any], match: str) -> None:
    with pytest.raises(DataError, match=match):
        position(make_position, catalogue, tank("a-kt", "kt", "a"), options={**OPTIONS, **options})


def test_a16_2_a_gun_without_a_to_kill_row_is_refused_on_load(make_position: Any, catalogue: str) -> None:
    """Guns are chapter C's (not in the catalogue): with Battlefield Integrity a Gun names its To Kill class,
    and every gun needs a row in the pack."""
    base = counters(catalogue)
    unit = [{"id": "b-g", "counter": "pak", "side": "b", "hex": "A4"}]
    for bad, match in (({"type": "gun"}, "counter 'pak': a Gun names its To Kill class"),
                       ({"type": "gun", "to_kill": "88LL"}, "no To Kill row for '88LL'")):
        with pytest.raises(DataError, match=match):
            make_position("asl", unit, "PFPh", counters={**base, "pak": bad}, options=OPTIONS)
    make_position("asl", unit, "PFPh", counters={**base, "pak": {"type": "gun"}},
                  options={"elr": {"a": 3, "b": 3}})  # no Battlefield Integrity: no To Kill needed


@pytest.mark.parametrize("catalogue_file", ["demo-vehicles.json", "demo-mg-vehicles.json"])
def test_every_gun_of_the_demo_catalogues_has_a_to_kill_row_in_the_demo_pack(catalogue_file: str) -> None:
    """A demo scenario using any demo vehicle with Battlefield Integrity loads: A16.2's Armor Superiority
    reads every gun's 12-hex To Kill row (the rows are demo values, labelled so in the pack)."""
    from hexmate.rules.games.asl.vehicles import DATA_DIR, load_catalogue

    pack = od.load_pack()
    cat = load_catalogue(str(DATA_DIR / "catalogues" / catalogue_file))
    guns = {vid: superiority.gun_class(vt) for vid, vt in cat.vehicles.items()}
    assert any(g is not None for g in guns.values())
    missing = {vid: g for vid, g in guns.items() if g is not None and g not in pack.to_kill}
    assert missing == {}
    assert "37L, 45, 47, 57L and 75 To Kill rows" in pack.label


def test_a16_2_d1_33_a_turretless_afv_s_superstructure_counts() -> None:
    """A16.2 with D1.33 and D1.6: an NT AFV has no turret, but every (fully armored) AFV has four AFs, the
    upper ones its superstructure's (the D1.64 circle works on it as on a turret): a circled superstructure
    side of 6 over a hull side of 8 is its weakest Target Facing AF, as for the turreted one. D1.22's own
    example, the Marder III(t) H, is an NT AFV whose superstructure rear alone is unarmored ("T" by the star):
    its weakest Target Facing AF is that 0."""
    from hexmate.rules.games.asl.vehicles import parse_vehicle

    armor = {"hull_front": 8, "hull_side": 8, "turret_side": "circled"}
    for mount in ("T", "NT"):
        vt = parse_vehicle("t", mount, {"movement": "tracked", "mp": 12, "armor": armor,
                                        "ma": {"calibre": 76, "length": "L", "mount": mount}})
        assert superiority.weakest_af(vt) == 6, mount
    marder = parse_vehicle("t", "marder", {
        "movement": "tracked", "mp": 12, "ma": {"calibre": 75, "mount": "NT"},
        "armor": {"hull_front": 2, "hull_side": 1, "rear_unarmored": "turret"}})
    assert marder.af("hull", "rear") == 1 and superiority.weakest_af(marder) == 0
    unarmed = parse_vehicle("t", "ht", {"movement": "halftrack", "mp": 12, "armor": armor})
    assert superiority.weakest_af(unarmed) == 6  # no MA at all: the superstructure still counts
