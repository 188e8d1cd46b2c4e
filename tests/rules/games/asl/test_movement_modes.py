"""ASL ways of moving declared with a move: Double Time (A4.5) and its CX life cycle (A4.51), Assault
Movement (A4.61) with the TEM examples of its text, Difficult Terrain in the APh (A4.72), CX in CC (A4.51)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cc

CONSCRIPT = {
    "4-3-6": {"type": "squad", "fp": 4, "range": 3, "morale": 6, "broken_morale": 6, "class": "conscript"}
}


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _counters() -> dict[str, Any]:
    from tests.rules.games.conftest import ASL_COUNTERS

    return {**ASL_COUNTERS, **CONSCRIPT}


def test_double_time_adds_2_mf_up_to_8_and_7_for_conscripts(make_position: Any) -> None:
    units = [_u("a-1", "B4"), _u("a-91", "B4", "9-1"), _u("a-2", "B6"), _u("a-3", "D6", "4-3-6")]
    pos = make_position("asl", units, "MPh", counters=_counters())
    g, u = pos.game, pos.units
    assert g.group_budget([u["a-2"]], "cx") == 6  # 4 + 2 (A4.5)
    assert g.group_budget([u["a-1"], u["a-91"]], "cx") == 8  # 4 + 2 leader + 2, the maximum (A4.5)
    assert g.group_budget([u["a-91"]], "cx") == 8  # an SMC's 6 + 2
    # conscripts: 3 MF by their class (A19.31, even without a leader's exemption, A19.3), +2 CX = 5; with the
    # leader 3 + 2 + 2 = 7, their maximum (A4.5)
    assert g.group_budget([u["a-3"]], "cx") == 5 and g.group_budget([u["a-3"], u["a-91"]], "cx") == 7
    with pytest.raises(IllegalAction, match="costs 6 MF"):
        pos.push_text("move a-2 B6-C6-D6-E6-F6-G6-H6")  # 6 MF without Double Time: no
    pos.push_text("move a-2 B6-C6-D6-E6-F6-G6-H6 as cx")
    assert pos.label(pos.units["a-2"].hex) == "H6" and pos.units["a-2"].has("cx")  # a CX counter (A4.5)
    assert pos.log[-1].text(pos.label).endswith("cost 6 as cx")


def test_a_unit_cx_at_the_start_of_its_mph_may_not_double_time(make_position: Any) -> None:
    units = [_u("a-1", "B4", markers=["cx"]), _u("b-1", "K8", "4-4-7", "b")]
    pos = make_position("asl", units, "PFPh")
    assert pos.units["a-1"].has("cx")  # still CX in its PFPh: its Prep Fire would have +1 (A4.51)
    pos.push_text("end")
    assert pos.phase.id == "MPh" and not pos.units["a-1"].has("cx")  # gone by the time it may move (A4.51)
    with pytest.raises(IllegalAction, match=r"A4\.5"):
        pos.push_text("move a-1 B4-C4 as cx")
    pos.push_text("move a-1 B4-C4")  # moving normally is fine
    assert pos.label(pos.units["a-1"].hex) == "C4"


def _assault_position(make_position: Any, mover: list[dict[str, Any]], to: str, hexes: dict[str, Any]) -> Any:
    return make_position("asl", [*mover, _u("b-1", "E8", "4-4-7", "b")], "MPh", hexes=hexes)


def _dff_drm_lines(pos: Any, target: str) -> str:
    fire = pos.parse_action(f"fire b-1 at {target} dice 3,3")
    return str(pos.resolve(fire).text())


def test_a4_61_example_4_squad_into_woods_a_level_up(make_position: Any) -> None:
    hexes = {"E5": {"terrain": "woods", "level": 1}}
    # alone, the squad spends all 4 MF entering: no Assault Movement, so woods +1 and FFNAM -1 = 0
    pos = _assault_position(make_position, [_u("a-1", "E4")], "E5", hexes)
    with pytest.raises(IllegalAction, match=r"may not spend all 4 MF"):
        pos.push_text("move a-1 E4-E5 as assault")
    pos.push_text("move a-1 E4-E5")
    text = _dff_drm_lines(pos, "E5")
    assert "(FFNAM): -1" in text and "target terrain (woods): +1" in text and "FFMO" not in text
    # with a leader it has 6 MF and may Assault Move in: only the woods' +1 (A4.61 example 4)
    pos = _assault_position(make_position, [_u("a-1", "E4"), _u("a-91", "E4", "9-1")], "E5", hexes)
    pos.push_text("move a-1,a-91 E4-E5 as assault")
    text = _dff_drm_lines(pos, "E5")
    assert "FFNAM" not in text and "target terrain (woods): +1" in text


def test_a4_61_example_2_smc_assault_moves_into_open_ground(make_position: Any) -> None:
    pos = _assault_position(make_position, [_u("a-91", "E4", "9-1")], "E5", {})
    pos.push_text("move a-91 E4-E5 as assault")
    text = _dff_drm_lines(pos, "E5")
    assert "(FFMO): -1" in text and "FFNAM" not in text  # only FFMO: -1 (A4.61 example 2)


def test_assault_movement_is_one_location(make_position: Any) -> None:
    pos = _assault_position(make_position, [_u("a-91", "E4", "9-1")], "E6", {})
    with pytest.raises(IllegalAction, match=r"one Location"):
        pos.push_text("move a-91 E4-E5-E6 as assault")
    with pytest.raises(IllegalAction, match="not a way of moving"):
        pos.push_text("move a-91 E4-E5 as crawl")
    assert act.parse_text("move a-1 E4-E5 cost 1 as assault", pos.map.parse_label) == act.Move(
        ("a-1",), (pos.map.parse_label("E4"), pos.map.parse_label("E5")), 1, "assault"
    )


def test_a4_72_difficult_terrain_in_the_aph(make_position: Any) -> None:
    hexes = {"E5": {"terrain": "woods", "level": 1}, "G5": "woods"}
    units = [_u("a-1", "E4"), _u("a-2", "E6", markers=["cx"]), _u("a-3", "G4"), _u("b-1", "K8", "4-4-7", "b")]
    pos = make_position("asl", units, "APh", hexes=hexes)
    pos.push_text("advance a-1 E4-E5")  # 4 MF, not less than min(4, its 4 MF): it becomes CX
    assert pos.units["a-1"].has("cx")
    with pytest.raises(IllegalAction, match=r"Difficult Terrain"):
        pos.push_text("advance a-2 E6-E5")  # already CX: may not
    pos.push_text("advance a-3 G4-G5")  # woods at 2 MF is not Difficult Terrain
    assert not pos.units["a-3"].has("cx")


def test_cx_in_close_combat(make_position: Any) -> None:
    units = [_u("a-1", "E4", markers=["cx"]), _u("b-1", "E4", "4-4-7", "b", markers=["cx"])]
    pos = make_position("asl", units, "APh")
    e4 = pos.units["a-1"].hex
    res, _ = cc.work(pos, e4, "a", (3, 3))
    values = {(line.value, line.rule) for line in res.lines}
    assert ("+1", "A4.51") in values and ("-1", "A4.51") in values  # CX attacker +1, against a CX unit -1


def test_a5_11_example_an_advance_into_an_overstack_is_difficult_terrain(make_position: Any) -> None:
    # A5.11's example: a building holding 2 squads and a crew; a squad entering pays 3 MF (2 + 1 over);
    # another squad advancing in then faces 2 + 2 = 4 MF: Difficult Terrain, so it becomes CX (A4.72)
    units = [
        _u("a-1", "F5"),
        _u("a-2", "F5"),
        _u("a-c", "F5", "2-2-8"),
        _u("a-3", "E5"),
        _u("a-4", "G5"),
        _u("b-1", "K8", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "APh", hexes={"F5": "stone-building"})
    g, u = pos.game, pos.units
    f5 = u["a-1"].hex
    assert g.advance_cost(pos, [u["a-3"]], u["a-3"].hex, f5) == 3
    pos.push_text("advance a-3 E5-F5")
    assert not pos.units["a-3"].has("cx")  # 3 MF: not Difficult Terrain
    assert g.advance_cost(pos, [pos.units["a-4"]], pos.units["a-4"].hex, f5) == 4
    pos.push_text("advance a-4 G5-F5")
    assert pos.units["a-4"].has("cx")


def test_a5_12_overstack_drms_in_close_combat(make_position: Any) -> None:
    # four squads of a (1 over) attack a squad of b: +1 from an overstack (A5.12); b on them: -1 (A5.131)
    units = [*(_u(f"a-{i}", "E4") for i in range(4)), _u("b-1", "E4", "4-4-7", "b")]
    pos = make_position("asl", units, "APh")
    e4 = pos.units["a-0"].hex
    mine, _ = cc.work(pos, e4, "a", (3, 3))
    theirs, _ = cc.work(pos, e4, "b", (3, 3))
    assert ("+1", "A5.12") in {(line.value, line.rule) for line in mine.lines}
    assert ("-1", "A5.131") in {(line.value, line.rule) for line in theirs.lines}


def test_a5_11_example_the_overstack_penalty_counts_every_squad_equivalent_over(make_position: Any) -> None:
    # the building holds 2 squads, a crew and a third squad (3.5 squad-equivalents); a squad moving in pays
    # 2 + 2 (4.5: 1 1/2 over, FRU), and a HS after it 2 + 2 (5.0: exactly 2 over) (A5.11's example)
    units = [
        _u("a-1", "F5"),
        _u("a-2", "F5"),
        _u("a-c", "F5", "2-2-8"),
        _u("a-3", "F5"),
        _u("a-4", "F4"),
        _u("a-h", "F6", "2-4-7"),
        _u("b-1", "K8", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "MPh", hexes={"F5": "stone-building"})
    assert pos.legal_actions.moves_for({"a-4"})[pos.map.parse_label("F5")].cost == 4
    pos.push_text("move a-4 F4-F5")
    while pos.decision is not None:
        pos.push_text("answer pass")  # the defender lets it in
    assert pos.legal_actions.moves_for({"a-h"})[pos.map.parse_label("F5")].cost == 4


def test_a4_61_example_1_a_crew_moving_two_hexes_into_woods(make_position: Any) -> None:
    # more than one Location: no Assault Movement; woods +1 and FFNAM -1: 0 in all (A4.61 example 1)
    units = [_u("a-c", "E3", "2-2-8"), _u("b-1", "E8", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh", hexes={"E5": "woods"})
    with pytest.raises(IllegalAction, match=r"one Location"):
        pos.push_text("move a-c E3-E4-E5 as assault")
    pos.push_text("move a-c E3-E4-E5")
    while pos.label(pos.decision.target) != "E5":
        pos.push_text("answer pass")  # the hexes before
    text = _dff_drm_lines(pos, "E5")
    assert "(FFNAM): -1" in text and "target terrain (woods): +1" in text and "FFMO" not in text


def test_a17_2_a_wounded_smc_has_3_mf_even_berserk(make_position: Any) -> None:
    """A17.2: a wounded SMC moves with 3 MF (berserk or not), not an SMC's 6 (A4.11); played as moves on open
    ground at 1 MF a hex."""
    units = [_u("a-91", "B4", "9-1", markers=["wounded"]),
             _u("a-92", "B6", "9-1", markers=["wounded", "berserk"]), _u("b-1", "K8", "4-4-7", "b")]
    pos = make_position("asl", units, "MPh")
    assert pos.game.group_budget([pos.units["a-91"]]) == 3 and pos.game.group_budget([pos.units["a-92"]]) == 3
    with pytest.raises(IllegalAction, match="costs 4 MF"):
        pos.push_text("move a-91 B4-C4-D4-E4-F4")
    pos.push_text("move a-91 B4-C4-D4-E4")  # 3 MF: accepted (it goes hex by hex through First Fire windows)
    assert pos.label(pos.units["a-91"].hex) != "B4"


def test_a4_7_a4_8_a_ti_unit_does_not_advance(make_position: Any) -> None:
    """A4.7, A4.8: a TI unit may not advance in the APh."""
    pos = make_position("asl", [_u("a-1", "E5", markers=["ti"]), _u("b-1", "K8", "4-4-7", "b")], "APh")
    with pytest.raises(IllegalAction, match=r"A4\.8"):
        pos.game.check(pos, pos.parse_action("advance a-1 E5-F5"))


def test_a4_8_ti_in_close_combat(make_position: Any) -> None:
    """A4.8's example: two TI squads attack: +1 (once, however many are TI); two TI squads and one not TI
    attacked: -1 on the DR against the TI ones only."""
    units = [_u("a-1", "E4", markers=["ti"]), _u("a-2", "E4", markers=["ti"]), _u("a-3", "E4"),
             _u("b-1", "E4", "4-4-7", "b")]
    pos = make_position("asl", units, "APh")
    e4 = pos.units["a-1"].hex
    u = pos.units
    mine, _ = cc.work(pos, e4, "a", (3, 3), group=([u["a-1"], u["a-2"]], [u["b-1"]]))
    said = [(str(x.label), str(x.value), x.rule) for x in mine.lines]
    assert said.count(("TI attacker", "+1", "A4.8")) == 1
    theirs, _ = cc.work(pos, e4, "b", (3, 3))
    said = [(str(x.label), str(x.value), x.rule) for x in theirs.lines]
    assert ("a-1 is TI", "-1", "A4.8") in said and ("a-2 is TI", "-1", "A4.8") in said
    assert not any(label.startswith("a-3") for label, _, _ in said)
    assert ("TI attacker", "+1", "A4.8") not in said


def test_a4_72_no_mf_left_after_portage_no_advance(make_position: Any) -> None:
    """A4.72: a unit left with no MF by its portage never advances: a squad (4 MF, IPC 3) carrying 9 PP (an
    HMG of 5 PP and one of 4, demo values) has none; with only the 4 PP HMG it has 3 and advances."""
    heavy = [_u("a-1", "E5"), {"id": "a-h1", "counter": "HMGr", "side": "a", "hex": "E5", "carrier": "a-1"},
             {"id": "a-h2", "counter": "HMG", "side": "a", "hex": "E5", "carrier": "a-1"},
             _u("b-1", "K8", "4-4-7", "b")]
    from hexmate.rules.games.asl import units as au

    counters = {**_counters(), **{n: dict(v) for n, v in au.demo_catalogue().items() if n.startswith("HMG")}}
    pos = make_position("asl", heavy, "APh", counters=counters)
    with pytest.raises(IllegalAction, match=r"A4\.72"):
        pos.game.check(pos, pos.parse_action("advance a-1 E5-F5"))
    light = make_position("asl", [h for h in heavy if h["id"] != "a-h1"], "APh", counters=counters)
    light.push_text("advance a-1 E5-F5")
    assert light.label(light.units["a-1"].hex) == "F5"


def test_a5_1_each_level_of_a_building_has_its_own_limit(make_position: Any) -> None:
    """A5.1: in a hex of several Locations each level has its own stacking limit: three squads on level 1 of
    F5 do not make its ground level overstacked for a squad moving in (2 MF, A5.11's building cost), whereas
    three on its ground level do (2 + 1)."""
    upper = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}
    above = [_u(f"a-{i}", "F5", level=1) for i in range(3)]
    pos = make_position("asl", [*above, _u("a-4", "F4"), _u("b-1", "K8", "4-4-7", "b")], "MPh",
                        hexes={"F5": upper})
    assert pos.legal_actions.moves_for({"a-4"})[pos.map.parse_label("F5")].cost == 2
    below = [_u(f"a-{i}", "F5") for i in range(3)]
    pos = make_position("asl", [*below, _u("a-4", "F4"), _u("b-1", "K8", "4-4-7", "b")], "MPh",
                        hexes={"F5": upper})
    assert pos.legal_actions.moves_for({"a-4"})[pos.map.parse_label("F5")].cost == 3


def test_a2_6_a_unit_leaves_the_map_in_the_aph_too(make_position: Any) -> None:
    """A2.6: units leave the map by normal movement in the MPh or the APh: in the APh a squad on the exit hex
    L4 advances into the mirror image of L4 (Open Ground) and is gone, with its LMG, scoring its Exit VP
    (A26.23); a squad on K4, inside the map, may not."""
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "L4", "carrier": "a-1"}
    units = [_u("a-1", "L4"), lmg, _u("a-2", "K4"), _u("b-1", "A1", "4-4-7", "b", markers=["broken"])]
    from hexmate.rules.games.asl import units as au

    counters = {**{n: dict(v) for n, v in au.demo_catalogue().items()}}
    exits = {"victory": {"exit": {"side": "a", "hexes": ["L4", "L5"], "vp": 4}}}
    pos = make_position("asl", units, "APh", options=exits, counters=counters)
    with pytest.raises(IllegalAction, match=r"not on the map.s edge"):
        pos.push_text("move a-2 K4 as exit")
    assert any(a.kind == "advance" and getattr(a, "mode", "") == "exit" and "a-1" in a.units
               for a in pos.legal_actions)
    pos.push_text("move a-1 L4 as exit")
    assert "a-1" not in pos.units and "a-lmg" not in pos.units
    assert "a: 2 Exit VP of 4 (A26.23)" in pos.game.status(pos)
