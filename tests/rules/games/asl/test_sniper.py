"""ASL snipers (A14): activation only in the four phases the text names and never by a pinned sniper (A14.1,
A14.31), the SAN ceiling of 7, the units a sniper may strike (A14.22), the sniper counter's placement hexes
(A14.2) and the secondary target (A14.21), a sniper aimed at the enemy sniper (A14.31), a dummy stack
(A14.3, A14.23) and an unarmored vehicle itself (A14.33); no sniper below a SAN of 2 (A14.01) and one in a
Melee (A14.32)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import sniper
from hexmate.rules.games.asl.aftermath import side_number

from ..conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "dummy": {"type": "dummy"}, "mmg": {"type": "sw", "fp": 4, "range": 10},
            "truck": {"type": "vehicle", "vehicle": "demo-truck-r"},
            "pz": {"type": "vehicle", "vehicle": "demo-pz-g"}}
TWO = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"},
       {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C2"}]


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _h(pos: Any, label: str) -> Any:
    return pos._parse_hex(label)


def _sniped(make_position: Any, units: list[dict[str, Any]], san: dict[str, int], dr: int) -> Any:
    """a-1 fires at C2 with an Original DR of 4 = b's SAN (A14.1); b's checks pass; b rolls the sniper dr."""
    pos = make_position("asl", units, "PFPh", options={"san": san}, counters=COUNTERS)
    pos.push_text("fire a-1 at C2 dice 1,3")
    for _ in range(5):
        if pos.decision is not None and pos.decision.then == "sniper":
            break
        pos.push_text("answer dice 2,3")
    pos.push_text(f"answer dice {dr}")
    return pos


@pytest.mark.parametrize(("phase", "attacks"), [("PFPh", True), ("DFPh", True), ("RtPh", False),
                                                 ("CCPh", False), ("RPh", False)])
def test_a14_1_only_the_four_fire_and_move_phases(make_position: Any, phase: str, attacks: bool) -> None:
    pos = make_position("asl", TWO, phase, options={"san": {"b": 4}})
    san, why = sniper.activation(pos, 4, "b")
    assert (san == 4) is attacks
    assert (why == f"no sniper attack in the {pos.phase.id} (A14.1)") is not attacks
    assert (why is None) is attacks
    assert sniper.activation(pos, 5, "b") == (None, None)  # an Original DR other than the SAN


def test_a14_31_a_pinned_sniper_makes_no_attack_this_player_turn(make_position: Any) -> None:
    pos = make_position("asl", TWO, "PFPh", options={"san": {"b": 4}})
    pinned = pos.at(pos.state.replace(game=pos.state.game.replace(snipers_pinned=("b",))))
    said = "b's sniper is pinned: no attack this Player Turn (A14.31)"
    assert sniper.activation(pinned, 4, "b") == (None, said)
    pinned.push_text("fire a-1 at C2 dice 1,3")
    res = pinned.last_resolution
    assert res is not None and any("pinned" in str(x.value) and x.rule == "A14.1" for x in res.lines)


def test_a14_1_a_san_is_at_most_7(make_position: Any) -> None:
    with pytest.raises(DataError, match=r"options\.san\.b: a SAN is at most 7 \(A14\.1\)"):
        make_position("asl", TWO, "PFPh", options={"san": {"b": 8}})


def test_a14_22_targets(make_position: Any) -> None:
    units = [*TWO, _u("b-p", "C4", "4-4-7", "b", markers=["prisoner"], carrier="a-1"),
             _u("b-mg", "C2", "mmg", "b", carrier="b-1"), _u("b-t", "F2", "truck", "b", markers=["vca0"]),
             _u("b-pz", "F4", "pz", "b", markers=["vca0"]),
             _u("b-ce", "F6", "pz", "b", markers=["vca0", "ce"])]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    got = sorted(u.id for u in pos.units.values() if sniper.targetable(u, "a"))
    assert got == ["b-1", "b-ce", "b-t"]  # no prisoner, SW, friend, nor a BU AFV's crew; a truck at will
    assert sorted(u.id for u in pos.units.values() if sniper.targetable(u, "b")) == ["a-1"]


def test_a14_2_placement_needs_six_enemy_hexes_within_six_or_fewer(make_position: Any) -> None:
    units = [_u("a-1", "A1"), _u("b-1", "L8", "4-4-7", "b"), _u("b-2", "L7", "4-4-7", "b")]
    pos = make_position("asl", units, "PFPh")
    hexes, need = sniper.placement_hexes(pos, "a")
    assert need == 2  # only two enemy-occupied hexes: six, five, four, three relaxed away (A14.2)
    l8 = _h(pos, "L8")
    assert l8 not in hexes and _h(pos, "A1") not in hexes and _h(pos, "K8") in hexes  # no occupied hex
    assert _h(pos, "A1") not in sniper.placement_hexes(pos, "b")[0]
    alone = make_position("asl", [_u("a-1", "A1"), _u("a-2", "A2")], "PFPh")
    every, need = sniper.placement_hexes(alone, "a")
    assert need == 0 and len(every) == len(alone.map.hexes)  # no enemy on the map: anywhere
    many = [_u("a-1", "A1")] + [_u(f"b-{i}", f"{c}4", "4-4-7", "b") for i, c in enumerate("CDEFGHI")]
    hexes, need = sniper.placement_hexes(make_position("asl", many, "PFPh"), "a")
    assert need == 6


def test_a14_21_the_nearest_target_hex(make_position: Any) -> None:
    units = [_u("a-1", "A1"), _u("b-1", "E4", "4-4-7", "b"), _u("b-2", "J4", "4-4-7", "b")]
    pos = make_position("asl", units, "PFPh")
    assert sniper.secondary_hexes(pos, _h(pos, "F4"), "a") == [_h(pos, "E4")]
    assert sniper.secondary_hexes(pos, _h(pos, "F4"), "b") == [_h(pos, "A1")]
    tied = sniper.secondary_hexes(pos, _h(pos, "F4"), "a", enemy_sniper=_h(pos, "G4"))
    assert tied == [_h(pos, "E4"), _h(pos, "G4")]  # as near, as low a TEM: the owner chooses
    wood = make_position("asl", units, "PFPh", hexes={"E4": {"terrain": "woods"}})
    low = sniper.secondary_hexes(wood, _h(wood, "F4"), "a", enemy_sniper=_h(wood, "G4"))
    assert low == [_h(wood, "G4")]  # the woods' +1 TEM loses the tie (A14.21)


def test_a14_31_a_sniper_aimed_at_the_enemy_sniper(make_position: Any) -> None:
    """Both sides have a sniper: b's dr of 1 aimed at a's sniper eliminates it (a's SAN 3 -> 2, A14.4); a 2
    pins it, and a pinned sniper is freed at the Player Turn's end."""
    units = [_u("a-1", "C4"), _u("b-1", "C2", "4-4-7", "b")]
    pos = _sniped(make_position, units, {"a": 3, "b": 4}, 1)
    top = pos.decision
    assert top is not None and top.then == "sniper_target" and "sniper" in top.choices
    pos.push_text("answer sniper")
    assert side_number(pos, "san", "a") == 2
    pos = _sniped(make_position, units, {"a": 3, "b": 4}, 2)
    pos.push_text("answer sniper")
    assert pos.game.gstate(pos.state).snipers_pinned == ("a",)
    assert sniper.activation(pos, 3, "a")[0] is None


def test_a14_3_a_dummy_stack_is_eliminated(make_position: Any) -> None:
    """A14.23, A14.3: a concealed stack struck by the sniper that proves a dummy stack is removed whole (both
    dummies of E4 go on naming one); the real squad in G4 stays."""
    units = [_u("a-1", "C4"), _u("a-d1", "E4", "dummy"), _u("a-d2", "E4", "dummy"), _u("a-2", "G4"),
             _u("b-1", "C2", "4-4-7", "b")]
    pos = _sniped(make_position, units, {"b": 4}, 2)
    pos.push_text("answer units a-d1")
    assert "a-d1" not in pos.units and "a-d2" not in pos.units and "a-2" in pos.units


def test_a14_33_an_unarmored_vehicle_itself_is_immobilized_on_a_1_only(make_position: Any) -> None:
    units = [_u("a-1", "C4"), _u("a-t", "G4", "truck", markers=["vca0"]), _u("b-1", "C2", "4-4-7", "b")]
    pos = _sniped(make_position, units, {"b": 4}, 2)
    pos.push_text("answer vehicle")
    pos.push_text("answer units a-t")
    assert not pos.units["a-t"].has("immobilized")
    pos = _sniped(make_position, units, {"b": 4}, 1)
    pos.push_text("answer vehicle")
    pos.push_text("answer units a-t")
    assert pos.units["a-t"].has("immobilized")


def test_a14_31_the_pin_lasts_until_the_player_turn_ends(make_position: Any) -> None:
    pos = make_position("asl", TWO, "DFPh", options={"san": {"b": 4}})
    pos = pos.at(pos.state.replace(game=pos.state.game.replace(snipers_pinned=("b",))))
    seen = []
    while pos.phase.id != "RPh":
        assert pos.game.gstate(pos.state).snipers_pinned == ("b",)  # all of this Player Turn
        seen.append(pos.phase.id)
        asked = pos.decision is not None and pos.decision.then == "volbreak"  # A10.41
        pos.push_text("answer none" if asked else "end")
    assert "DFPh" in seen and pos.game.gstate(pos.state).snipers_pinned == ()


def test_a14_2_relocate_instead_of_attacking(make_position: Any) -> None:
    """A14.2: b gives up its effective dr to move its counter: only an empty hex near the enemy is offered."""
    pos = _sniped(make_position, TWO, {"b": 4}, 2)
    pos.push_text("answer relocate")
    top = pos.decision
    assert top is not None and top.then == "sniper_relocate" and top.rule == "A14.2"
    assert _h(pos, "C4") not in top.hexes and _h(pos, "C2") not in top.hexes  # occupied
    assert _h(pos, "D4") in top.hexes
    pos.push_text("answer hex D4")
    assert sniper.sniper_hex(pos, "b") == _h(pos, "D4") and not pos.units["a-1"].has("broken")


def test_a14_01_a_san_below_2_gives_no_sniper(make_position: Any) -> None:
    """A14.01: only a SAN of 2 or more in the OB gives a side a sniper; with b's SAN at 1 b has none, so no
    Original DR can call it, while a SAN of 2 is a sniper that a DR of 2 activates (A14.1)."""
    one = make_position("asl", TWO, "PFPh", options={"san": {"b": 1}})
    assert side_number(one, "san", "b") is None
    assert sniper.activation(one, 1, "b")[0] is None
    two = make_position("asl", TWO, "PFPh", options={"san": {"b": 2}})
    assert sniper.activation(two, 2, "b")[0] == 2


def test_a14_32_a_sniper_in_a_melee_strikes_only_the_enemy_unit(make_position: Any) -> None:
    """A14.32: b's sniper (dr 1) strikes a-2 in the E4 Melee: a-2 breaks, b's own units locked in that Melee
    are neither attacked nor may be named, and only a's broken unit there becomes DM (A14.3)."""
    units = [_u("a-1", "C4"), _u("a-2", "E4", markers=["melee"]),
             _u("a-3", "E4", markers=["melee", "broken"]),
             _u("b-1", "C2", "4-4-7", "b"), _u("b-2", "E4", "4-4-7", "b", markers=["melee", "broken"])]
    pos = _sniped(make_position, units, {"b": 4}, 1)
    with pytest.raises(IllegalAction, match="not an answer"):
        pos.push_text("answer units b-2")
    pos.push_text("answer units a-2")
    assert pos.units["a-2"].has("broken") and pos.units["a-3"].has("dm")
    assert pos.units["b-2"].markers == frozenset({"melee", "broken"})
