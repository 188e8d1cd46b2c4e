"""ASL berserk charge (A15.43-A15.46), played through the MPh on a small open board (analogue maps: the
text has no worked example of a charge, so each case is built from the rule's own sentences). Counters
from the test catalogue; woods and stone buildings block LOS and cost 2 MF (terrain.json)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cc as asl_cc
from hexmate.rules.games.asl import mandtpbf

from tests.rules.games.conftest import ASL_COUNTERS

CLIFF_ROUND = [{"hex": "H4", "side": s, "features": ["cliff"]} for s in ("N", "NE", "SE", "S", "SW", "NW")]


def unit(uid: str, counter: str, side: str, hx: str, *markers: str, **kw: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hx, "markers": list(markers), **kw}


def lit(pos: Any, *ids: str) -> dict[str, str]:
    return {pos.label(h): m.text(pos.label) for h, m in pos.legal_actions.moves_for(frozenset(ids)).items()}


def roll_out(pos: Any, attacker: str = "3,3") -> None:
    """Answer the open rolls: the ATTACKER's CC DR ``attacker``, every other DR 5,4 and dr 6."""
    while pos.decision is not None and pos.decision.kind == "roll":
        top = pos.decision
        if top.dice == "dr":
            pos.push_text("answer dice 6")
        else:
            mine = top.then == "cc" and top.side == "a"
            pos.push_text(f"answer dice {attacker}" if mine else "answer dice 5,4")


def owed_fire(pos: Any) -> bool:
    """A8.312: the units of the Location the charge entered attack it (6,5: no harm), their checks passed."""
    due = mandtpbf.owed(pos.game, pos, pos.decision)
    if not due:
        return False
    pos.push_text(f"fire {','.join(u.id for u in due)} at {pos.label(pos.decision.target)} dice 6,5")
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 6" if pos.decision.dice == "dr" else "answer dice 1,2")
    return True


def play_out(pos: Any) -> None:
    """Pass every Defensive First Fire window of the move, but the attack A8.312 makes a duty."""
    while pos.decision is not None and pos.decision.kind == "react":
        if not owed_fire(pos):
            pos.push_text("answer pass")


def test_the_nearest_known_enemy_in_los_counted_in_hexes_is_the_target(make_position: Any) -> None:
    """A15.43: nearest in hexes (F4 at 3, not C8 at 4), Known (the "?" at D5 at 2 is no target), in LOS
    (the squad at C2 behind the woods at C3 is not seen); the route is the cheapest in MF (A15.431): round the
    grain at D4 (1.5 MF), not through it."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C4", "berserk"),
                                unit("b-1", "4-6-7", "b", "F4"), unit("b-2", "4-6-7", "b", "C8"),
                                unit("b-3", "4-6-7", "b", "D5", concealed=True),
                                unit("b-4", "4-6-7", "b", "C2")],
                        "MPh", hexes={"D4": "grain", "C3": "woods"})
    assert lit(pos, "a-1") == {"F4": "move a-1 C4-D3-E4-F4 cost 3"}
    with pytest.raises(IllegalAction, match=r"D4 is not on a shortest route in MF of the charge at F4"):
        pos.push_text("move a-1 C4-D4-E4-F4")
    with pytest.raises(IllegalAction, match=r"C5 is not on a shortest route"):
        pos.push_text("move a-1 C4-C5")  # any other way is no charge
    with pytest.raises(IllegalAction, match=r"must enter the enemy's Location if its MF allow \(A15.43\)"):
        pos.push_text("move a-1 C4-D3-E4")  # stopping short with MF to spare
    assert "a-1 is berserk: it must charge the nearest Known enemy at F4 (A15.43)" in pos.game.status(pos)


def test_the_charge_is_owed_before_the_mph_ends_and_enters_the_enemy_location(make_position: Any) -> None:
    """A15.43: the charge must be made in this MPh and enters the enemy's Location (A4.14's exception); the
    defender may fire at each hex entered; a berserk unit there still sees its enemy and stays berserk; the
    Location is fought in the CCPh. In its own Location the defender must attack it (A8.312)."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C4", "berserk"),
                                unit("b-1", "4-6-7", "b", "F4")], "MPh")
    assert "end" not in [a.text(pos.label) for a in pos.legal_actions]
    with pytest.raises(IllegalAction, match=r"a-1 is berserk and must charge first \(A15.43\)"):
        pos.push_text("end")
    pos.push_text("move a-1 C4-D3-E4-F4")
    targets = []
    while pos.decision is not None and pos.decision.kind == "react":
        targets.append(pos.label(pos.decision.target))
        if targets[-1] == "F4" and not pos.units["b-1"].has("first_fire"):  # A8.312: b-1 must attack first
            with pytest.raises(IllegalAction, match=r"A8\.312"):
                pos.push_text("answer pass")
            assert owed_fire(pos)
            continue
        pos.push_text("answer pass")
    assert targets == ["D3", "E4", "F4", "F4"]  # First Fire open at every hex; F4 again after b-1's attack
    assert pos.label(pos.units["a-1"].hex) == "F4"
    pos.push_text("end")
    assert pos.phase.id == "DFPh" and pos.units["a-1"].has("berserk")
    assert [pos.label(h) for h in asl_cc.locations(pos)] == ["F4"]  # CC in the CCPh


def test_tied_targets_and_equal_routes_are_the_phasing_players_choice(make_position: Any) -> None:
    """A15.43: enemies at the same range are the phasing player's pick: both charges are lit."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "E4", "berserk"),
                                unit("b-1", "4-6-7", "b", "E1"), unit("b-2", "4-6-7", "b", "E7")], "MPh")
    assert lit(pos, "a-1") == {"E1": "move a-1 E4-E3-E2-E1 cost 3", "E7": "move a-1 E4-E5-E6-E7 cost 3"}


def test_eight_mf_that_nothing_increases_and_as_far_as_they_go(make_position: Any) -> None:
    """A15.431: 8 MF, no leader bonus and no Double Time; with the target beyond them the charge goes as far
    along the route as the 8 MF pay, and stops nowhere sooner. No Assault Movement either."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "A4", "berserk"),
                                unit("a-l", "9-1", "a", "A4", "berserk"), unit("b-1", "4-6-7", "b", "K4")],
                        "MPh")
    moves = lit(pos, "a-1", "a-l")
    # 8 hexes of open ground, 8 MF, on any of the equally cheap routes towards K4 (10 hexes away)
    assert sorted(moves) == ["I3", "I4", "I5"] and all(m.endswith("cost 8") for m in moves.values())
    with pytest.raises(IllegalAction, match=r"charge as one stack: a-l too \(A15.43\)"):
        pos.push_text("move a-1 A4-B4-C4-D4-E4-F4-G4-H4-I4")
    with pytest.raises(IllegalAction, match=r"no cx \(A15.431\)"):
        pos.push_text("move a-1,a-l A4-B4 as cx")
    with pytest.raises(IllegalAction, match=r"no assault \(A15.431\)"):
        pos.push_text("move a-1,a-l A4-B4 as assault")
    with pytest.raises(IllegalAction, match=r"must enter the enemy's Location"):
        pos.push_text("move a-1,a-l A4-B4-C4-D4-E4-F4-G4-H4")
    pos.push_text("move a-1,a-l A4-B4-C4-D4-E4-F4-G4-H4-I4")
    play_out(pos)
    assert pos.label(pos.units["a-l"].hex) == "I4"


def test_a_closer_known_enemy_coming_into_los_becomes_the_target(make_position: Any) -> None:
    """A15.431: on the way to H4 (range 6), E7 comes into LOS at E5 closer (2 hexes) than H4 (3): the charge
    turns to E7 there. Both equal-MF routes to H4 (by E4 or E5) are the player's; by E4 H4 stays the target
    (E7 is no closer there)."""
    buildings = dict.fromkeys(("C5", "C6", "D5", "D6"), "stone-building")
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "B4", "berserk"), unit("b-1", "4-6-7", "b", "H4"),
                                unit("b-2", "4-6-7", "b", "E7")], "MPh", hexes=buildings)
    assert lit(pos, "a-1") == {"E7": "move a-1 B4-C4-D4-E5-E6-E7 cost 5",
                               "H4": "move a-1 B4-C4-D4-E4-F4-G5-H4 cost 6"}
    with pytest.raises(IllegalAction, match=r"F5 is not on a shortest route in MF of the charge at E7"):
        pos.push_text("move a-1 B4-C4-D4-E5-F5-G5-H4")
    pos.push_text("move a-1 B4-C4-D4-E5-E6-E7")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "E7"


def test_a_lone_smc_is_overrun_at_the_ordinary_mf_with_no_ntc_nor_withdrawal(make_position: Any) -> None:
    """A15.432: the lone Known SMC's Location is entered at once by Infantry OVR: no NTC, no doubled MF (open
    1 + woods 2 = 3), the SMC may not withdraw; the CC follows at once (A4.152). An enemy eliminated there
    leaves the berserk squad without a Known enemy in LOS: Good Order again at the MPh's end (A15.46)."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C4", "berserk"), unit("b-l", "8-0", "b", "E4")],
                        "MPh", hexes={"E4": "woods", "D3": "woods"})
    assert lit(pos, "a-1") == {"E4": "move a-1 C4-D4-E4 cost 3"}
    pos.push_text("move a-1 C4-D4-E4")
    kinds = []
    while pos.decision is not None and pos.decision.kind == "react":
        kinds.append(pos.decision.then)
        pos.push_text("answer pass")
    assert "ovr_ntc" not in kinds and "ovr_response" not in kinds
    top = pos.decision
    assert (top.then, top.side, top.rule) == ("cc", "a", "A11.11")  # the CC at once, in the MPh
    roll_out(pos)  # the squad's CC DR 6 at 4:1 (Kill Number 9) eliminates the SMC; its reply 9 fails
    assert "b-l" not in pos.units and pos.units["a-1"].has("berserk")
    pos.push_text("end")
    assert not pos.units["a-1"].has("berserk")  # A15.46


def test_no_prep_fire_and_no_advance(make_position: Any) -> None:
    """A15.432: a berserk unit never Prep Fires; A15.431: it does not advance in the APh."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C4", "berserk"), unit("b-1", "4-6-7", "b", "F4")],
                        "PFPh")
    with pytest.raises(IllegalAction, match=r"may not Prep Fire: it charges in the MPh \(A15.432\)"):
        pos.push_text("fire a-1 at F4")
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C4", "berserk"), unit("b-1", "4-6-7", "b", "F4")],
                        "APh")
    with pytest.raises(IllegalAction, match=r"a-1 is berserk and may not advance \(A15.431\)"):
        pos.push_text("advance a-1 C4-D4")


def test_unreachable_known_enemies_make_it_battle_hardened(make_position: Any) -> None:
    """A15.45: no charge across a cliff; with no Known enemy it can reach, A15.44 applies: Battle Hardening
    instead of berserk, at the start of the MPh (the 4-4-7 has no better unit here: Fanatic, A15.3)."""
    pos = make_position("asl", [unit("a-1", "4-4-7", "a", "E4", "berserk"), unit("b-1", "4-6-7", "b", "H4")],
                        "PFPh", hexsides=CLIFF_ROUND)
    pos.push_text("end")
    assert pos.phase.id == "MPh"
    assert not pos.units["a-1"].has("berserk") and pos.units["a-1"].has("fanatic")


def test_a_concealed_enemy_bumped_into_stops_the_charge_in_its_location(make_position: Any) -> None:
    """A15.431: charging F4 by E4, the berserk squad reveals the "?" at E4 and stays there (A12.15 would
    have sent an ordinary mover back)."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C4", "berserk"), unit("b-1", "4-6-7", "b", "F4"),
                                unit("b-2", "4-4-7", "b", "E4", concealed=True)], "MPh",
                        hexes={"D4": "grain"})
    pos.push_text("move a-1 C4-D3-E4-F4")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "E4" and not pos.units["b-2"].concealed


def test_berserk_is_lax_in_cc_for_the_ambush_dr(make_position: Any) -> None:
    """A15.432: always Lax in CC (A11.18), so the A11.4 ambush dr takes +1 for berserk and +1 for Lax."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "F4", "berserk"), unit("b-1", "4-6-7", "b", "F4")],
                        "CCPh", hexes={"F4": "woods"})
    drm, lines = asl_cc.ambush_drm(pos, pos.map.parse_label("F4"), "a")
    assert drm == 2 and [ln.value for ln in lines] == ["+1", "+1"]


def test_the_ccph_that_leaves_no_enemy_returns_it_to_good_order(make_position: Any) -> None:
    """A15.46: a berserk unit whose CC eliminates every Known enemy in its Location is berserk no more."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "F4", "berserk"), unit("b-1", "2-2-7", "b", "F4")],
                        "CCPh")
    seen = []
    while pos.decision is not None and pos.phase.id == "CCPh":
        seen.append(pos.decision.then)
        if pos.decision.kind == "roll":
            roll_out(pos)
        else:
            pos.push_text(f"answer {pos.decision.choices[0]}")
    if pos.phase.id == "CCPh":
        pos.push_text("end")
    assert "cc" in seen
    assert "b-1" not in pos.units and not pos.units["a-1"].has("berserk")


def test_a_berserk_leader_takes_his_location_with_him(make_position: Any) -> None:
    """A15.41: the 9-1 goes berserk (an Original 2 on his MC, HoB DR 10: Berserk, A15.1); the 4-4-7 with him
    takes a NTC with his -1: 4+4-1 = 7 on morale 7 passes and it is berserk too; the 9-1 then directs nothing
    (its own MC after is taken without his help, A15.42)."""
    units = [unit("a-1", "4-6-7", "a", "C1"), unit("b-s", "4-4-7", "b", "C2"), unit("b-l", "9-1", "b", "C2")]
    pos = make_position("asl", units, "PFPh")
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP at 1 hex, DR 7: a 1MC each
    seen = []
    while pos.decision is not None:
        top = pos.decision
        seen.append((top.then, top.subject, top.arg("drm")))
        if top.then == "hob":
            pos.push_text("answer dice 5,5")
        elif top.then == "mc" and top.subject == ("b-l",):
            pos.push_text("answer dice 1,1")
        elif top.then == "berserk_tc":
            pos.push_text("answer dice 4,4")
        else:
            pos.push_text("answer dice 2,2")
    assert ("berserk_tc", ("b-s",), "-1") in seen
    assert ("mc", ("b-s",), "1") in seen  # the berserk leader's -1 no longer helps (A15.41, A15.42)
    assert pos.units["b-l"].has("berserk") and pos.units["b-s"].has("berserk")


def test_a_failed_berserk_tc_leaves_the_unit_as_it_was(make_position: Any) -> None:
    """A15.41: a NTC failed (4+5-1 = 8 on morale 7): nothing happens."""
    units = [unit("a-1", "4-6-7", "a", "C1"), unit("b-s", "4-4-7", "b", "C2"), unit("b-l", "9-1", "b", "C2")]
    pos = make_position("asl", units, "PFPh")
    pos.push_text("fire a-1 at C2 dice 3,4")
    while pos.decision is not None:
        top = pos.decision
        dice = {"hob": "5,5", "berserk_tc": "4,5"}.get(top.then, "1,1" if top.subject == ("b-l",) else "2,2")
        pos.push_text(f"answer dice {dice}")
    assert pos.units["b-l"].has("berserk") and not pos.units["b-s"].has("berserk")


def test_no_leadership_for_fire_with_a_berserk_unit(make_position: Any) -> None:
    """A15.42: a berserk unit never benefits from a leader's direction, even if that denies it to the others
    firing with it: the 9-1's -1 is in the Good Order squad's fire, not in the fire it makes with a berserk
    squad."""
    units = [unit("a-1", "4-6-7", "a", "C4"), unit("a-2", "4-6-7", "a", "C4", "berserk"),
             unit("a-l", "9-1", "a", "C4"), unit("b-1", "4-6-7", "b", "F4")]
    pos = make_position("asl", units, "AFPh")
    pos.push_text("fire a-1,a-l at F4 dice 3,4")
    assert any("leadership" in str(line.label) for line in pos.last_resolution.lines)
    pos = make_position("asl", units, "AFPh")
    pos.push_text("fire a-1,a-2,a-l at F4 dice 3,4")
    assert not any("leadership" in str(line.label) for line in pos.last_resolution.lines)


def test_a_berserk_unit_only_throws_its_dc(make_position: Any) -> None:
    """A15.431: a berserk unit keeps its DC but may only throw it: no placement in the MPh (A23.3)."""
    units = [unit("a-1", "4-6-7", "a", "C2", "berserk"), {"id": "a-dc", "counter": "DC", "side": "a",
                                                             "hex": "C2", "carrier": "a-1"},
             unit("b-1", "4-6-7", "b", "C1")]
    counters = {**ASL_COUNTERS, "DC": {"type": "sw", "sw": "dc", "fp": 30, "range": 0, "pp": 1}}
    pos = make_position("asl", units, "MPh", counters=counters, hexes={"C1": "stone-building"})
    with pytest.raises(IllegalAction, match=r"a-1 is berserk: it may only throw its DC.*\(A15.431\)"):
        pos.push_text("fire a-dc at C1")


def test_at_the_start_of_its_mph_it_drops_what_it_may_not_charge_with(make_position: Any) -> None:
    """A15.431: the SW over 1 PP (the 2-PP FT) and the 1-PP ones beyond the IPC are dropped before the
    charge: the berserk 9-1 (IPC 1) keeps one LMG, drops the other and the FT; they stay in his hex."""
    units = [unit("a-l", "9-1", "a", "C4", "berserk"), unit("b-1", "4-6-7", "b", "F4"),
             {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C4", "carrier": "a-l"},
             {"id": "a-lmg1", "counter": "LMG", "side": "a", "hex": "C4", "carrier": "a-l"},
             {"id": "a-lmg2", "counter": "LMG", "side": "a", "hex": "C4", "carrier": "a-l"}]
    counters = {**ASL_COUNTERS, "FT": {"type": "sw", "sw": "ft", "fp": 24, "range": 1, "pp": 2},
                "LMG": {"type": "sw", "sw": "mg", "fp": 3, "range": 8, "rof": 1, "breakdown": 12, "pp": 1}}
    pos = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("end")
    assert pos.phase.id == "MPh"
    assert [u for u in ("a-ft", "a-lmg1", "a-lmg2") if pos.units[u].carrier == "a-l"] == ["a-lmg1"]
    assert all(pos.label(pos.units[u].hex) == "C4" for u in ("a-ft", "a-lmg2"))


def test_a_unit_gone_berserk_mid_move_charges_on_with_8_less_the_mf_spent(make_position: Any) -> None:
    """A15.431: First Fire at B4 (its 1st MF) gives the moving squad an MC whose Original 2 opens Heat of
    Battle, 10: berserk. Its move stops there and it charges on at once with 8 - 1 = 7 MF, to E4; no other
    unit moves before it does (A4.2)."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "A4"), unit("a-2", "4-6-7", "a", "A8"),
                                unit("b-1", "4-6-7", "b", "E4")], "MPh")
    pos.push_text("move a-1 A4-B4-C4")
    pos.push_text("fire b-1 at B4 dice 2,2")
    while pos.decision is not None:
        top = pos.decision
        pos.push_text("answer pass" if top.kind == "react" else
                      "answer dice 5,5" if top.then == "hob" else "answer dice 1,1")
    sq = pos.units["a-1"]
    assert pos.label(sq.hex) == "B4" and sq.has("berserk") and sq.has("chargego14")  # 7 MF, in halves
    assert pos.game.group_budget([sq], state=pos.state) == 7
    with pytest.raises(IllegalAction, match=r"a-1 went berserk during its move and charges on first"):
        pos.push_text("move a-2 A8-A7")
    assert set(lit(pos, "a-1")) == {"E4"}
    pos.push_text("move a-1 B4-C4-D4-E4")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "E4" and not pos.units["a-1"].has("chargego14")


def test_afph_tpbf_at_its_own_location_and_good_order_once_it_is_cleared(make_position: Any) -> None:
    """A15.432: in the AFPh a berserk unit attacks its own Location by TPBF, its FP halved then tripled
    (4 x 3 x 1/2 = 6 on the 6 column); A15.46: having eliminated every Known enemy there (DR 2: KIA on the
    demo pack) it is Good Order again."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "F4", "berserk"), unit("b-1", "2-2-7", "b", "F4")],
                        "MPh")
    pos.push_text("end")  # no charge owed: it is in its enemy's Location already
    assert pos.phase.id == "DFPh"
    pos.push_text("end")
    assert pos.phase.id == "AFPh"
    pos.push_text("fire a-1 at F4 dice 1,1")
    lines = [line.value for line in pos.last_resolution.lines]
    assert any("= 6 FP" in v and "Triple Point Blank Fire" in v for v in lines)
    while pos.decision is not None:
        pos.push_text("answer dice 6" if pos.decision.dice == "dr" else "answer dice 6,6")
    assert "b-1" not in pos.units
    pos.push_text("end")
    assert not pos.units["a-1"].has("berserk")


def test_a_route_round_an_obstacle_is_part_of_the_cheapest_route(make_position: Any) -> None:
    """A15.431: the cheapest route in MF counts Bypass (A4.3). From D4 to F4 (cliff on D4-E5): into the
    woods at E4 and on costs 2 + 1 = 3 MF; round E4 along its E5 hexside 1 + 1 = 2 (A4.31): the charge is a
    move as bypass; a plain move through the woods is not the charge."""
    cliff = [{"hex": "D4", "side": "SE", "features": ["cliff"]}]
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "D4", "berserk"), unit("b-1", "4-6-7", "b", "F4")],
                        "MPh", hexes={"E4": "woods"}, hexsides=cliff)
    assert lit(pos, "a-1") == {"F4": "move a-1 D4-E4-F4 cost 2 as bypass"}
    with pytest.raises(IllegalAction, match=r"goes round an obstacle: move as bypass \(A4.3\) \(A15.431\)"):
        pos.push_text("move a-1 D4-E4-F4")
    pos.push_text("move a-1 D4-E4-F4 as bypass")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "F4"
    # with E4's hexside to E5 a cliff too, no way round: into the woods it goes (2 + 1)
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "D4", "berserk"), unit("b-1", "4-6-7", "b", "F4")],
                        "MPh", hexes={"E4": "woods"},
                        hexsides=[*cliff, {"hex": "E4", "side": "S", "features": ["cliff"]}])
    assert lit(pos, "a-1") == {"F4": "move a-1 D4-E4-F4 cost 3"}


H4_WALLED = [{"hex": "H4", "side": s, "features": ["cliff"]} for s in ("N", "NE", "SE", "SW", "NW")]


@pytest.mark.parametrize(("other", "target"), [("C8", "H4"), ("E8", "E8")])
def test_the_nearest_across_a_cliff_unless_the_way_round_is_still_shorter(
        make_position: Any, other: str, target: str) -> None:
    """A15.45: H4 (3 hexes from E4) is walled by cliffs but for its S hexside: the way round is 4 hexes.
    With the next nearest Known enemy at C8 (5 hexes) the way round to H4 is still shorter: H4 stays the
    target; with it at E8 (4 hexes) it is not: E8 is charged instead."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "E4", "berserk"), unit("b-1", "4-6-7", "b", "H4"),
                                unit("b-2", "4-6-7", "b", other)], "MPh", hexsides=H4_WALLED)
    assert set(lit(pos, "a-1")) == {target}
    assert f"must charge the nearest Known enemy at {target} (A15.43)" in " ".join(pos.game.status(pos))


def test_an_enemy_known_mid_charge_turns_it_from_where_it_stands(make_position: Any) -> None:
    """A15.431, hex by hex: charging H4 along row 4, the squad is fired on at C4 by the "?" at C6, which
    loses its concealment (A12.14): now a Known enemy 2 hexes away, closer than H4 (5). The declared D4 is no
    step towards it: the move stops at C4 and the charge goes on from there with 8 - 1 = 7 MF, at C6."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "B4", "berserk"), unit("b-1", "4-6-7", "b", "H4"),
                                unit("b-2", "4-6-7", "b", "C6", concealed=True)], "MPh")
    assert set(lit(pos, "a-1")) == {"H4"}
    pos.push_text("move a-1 B4-C4-D4-E4-F4-G4-H4")
    assert pos.label(pos.decision.target) == "C4"
    pos.push_text("fire b-2 at C4 dice 6,6")
    play_out(pos)
    sq = pos.units["a-1"]
    assert not pos.units["b-2"].concealed
    assert pos.label(sq.hex) == "C4" and sq.has("chargego14")
    assert set(lit(pos, "a-1")) == {"C6"}
    with pytest.raises(IllegalAction, match=r"D4 is not on a shortest route in MF of the charge at C6"):
        pos.push_text("move a-1 C4-D4-E4-F4-G4-H4")
    pos.push_text("move a-1 C4-C5-C6")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "C6"


def test_an_enemy_known_mid_charge_but_no_closer_changes_nothing(make_position: Any) -> None:
    """A15.431: the "?" at F8 fires at C4 and is Known, but 6 hexes away it is no closer than H4: the
    charge goes on as declared."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "B4", "berserk"), unit("b-1", "4-6-7", "b", "H4"),
                                unit("b-2", "4-6-7", "b", "F8", concealed=True)], "MPh")
    pos.push_text("move a-1 B4-C4-D4-E4-F4-G4-H4")
    pos.push_text("fire b-2 at C4 dice 6,6")
    play_out(pos)
    assert not pos.units["b-2"].concealed
    assert pos.label(pos.units["a-1"].hex) == "H4"


CORRIDOR = ([{"hex": "D4", "side": s, "features": ["cliff"]} for s in ("N", "SE", "S", "SW", "NW")]
            + [{"hex": "E4", "side": s, "features": ["cliff"]} for s in ("N", "NE", "S", "NW")]
            + [{"hex": "F4", "side": "SE", "features": ["cliff"]}])


def test_a_charge_into_one_obstacle_and_round_another(make_position: Any) -> None:
    """A15.431 (Bypass counted, A4.3): from D4 to H4 (4 hexes, in LOS along the E4/E5 and G4/G5 hexsides)
    the only way off D4 is into the woods at E4 (cliffs all round it, none round E4: 2 MF), then F4 (1); from
    F4 round the woods at G4 along its G5 hexside (1, A4.31; the cliff on F4-G5 bars the step into G5) into
    H4 (1): 5 MF. Entering every hex costs 6 (G4: 2 + 1), and a move as bypass cannot get past E4: the charge
    is the 5-MF route, made as a plain move to F4 and a move as bypass from there, with the 5 MF left."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "D4", "berserk"), unit("b-1", "4-6-7", "b", "H4")],
                        "MPh", hexes={"E4": "woods", "G4": "woods"}, hexsides=CORRIDOR)
    assert lit(pos, "a-1") == {"F4": "move a-1 D4-E4-F4 cost 3"}
    with pytest.raises(IllegalAction, match=r"G4 is not on a shortest route in MF of the charge at H4"):
        pos.push_text("move a-1 D4-E4-F4-G4-H4")  # into G4 too: 6 MF, not the charge
    pos.push_text("move a-1 D4-E4-F4")
    play_out(pos)
    sq = pos.units["a-1"]
    assert pos.label(sq.hex) == "F4" and sq.has("chargego10")  # 8 - 3 = 5 MF, in half MF
    with pytest.raises(IllegalAction, match=r"A15.43"):
        pos.push_text("end")  # the charge is still owed
    assert lit(pos, "a-1") == {"H4": "move a-1 F4-G4-H4 cost 2 as bypass"}
    pos.push_text("move a-1 F4-G4-H4 as bypass")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "H4"


def test_a_charge_round_one_obstacle_and_into_another(make_position: Any) -> None:
    """The same corridor the other way, H4 to D4: round G4 (1) into F4 (1), into the woods at E4 (2), into D4
    (1): 5 MF, against 6 entering every hex. The first move is as bypass and ends in E4, the obstacle it
    enters (A4.3: a move as bypass goes round every obstacle inside its path); then on into D4, 1 MF of 3."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "H4", "berserk"), unit("b-1", "4-6-7", "b", "D4")],
                        "MPh", hexes={"E4": "woods", "G4": "woods"}, hexsides=CORRIDOR)
    assert lit(pos, "a-1") == {"E4": "move a-1 H4-G4-F4-E4 cost 4 as bypass"}
    with pytest.raises(IllegalAction, match=r"A15.431"):
        pos.push_text("move a-1 H4-G4-F4-E4")  # into G4: not the charge's route
    pos.push_text("move a-1 H4-G4-F4-E4 as bypass")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "E4" and pos.units["a-1"].has("chargego8")
    assert lit(pos, "a-1") == {"D4": "move a-1 E4-D4 cost 1"}
    pos.push_text("move a-1 E4-D4")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "D4"


def test_a_closer_enemy_seen_half_way_round_an_obstacle_becomes_the_target(make_position: Any) -> None:
    """A15.431 with A4.34: the 4-6-7 at D4 charges the nearest Known enemy it sees, I5 (5 hexes; H2, 4 hexes
    off, is behind the woods of E4). The cheapest route goes round E4 (a cliff on D4-E5: the bypass costs
    1 + 1 into F4). Half way round, at E4's vertex with E5 and F4, H2 comes into LOS, 3 hexes from E4 where
    the unit is, against I5's 4: H2 becomes the target, though neither D4 nor F4 sees it (the woods of G4).
    Lit: the charge to H2 only. Played as declared to I5, the move stops in F4, the hex it leaves E4 by, and
    the charge goes on to H2 with 8 - 2 = 6 MF."""
    cliff = [{"hex": "D4", "side": "SE", "features": ["cliff"]}]
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "D4", "berserk"), unit("b-1", "4-6-7", "b", "I5"),
                                unit("b-2", "4-6-7", "b", "H2")], "MPh", hexes={"E4": "woods", "G4": "woods"},
                        hexsides=cliff)
    assert set(lit(pos, "a-1")) == {"H2"}
    pos.push_text("move a-1 D4-E4-F4-G5-H5-I5 as bypass")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "F4" and pos.state.moving is None
    assert set(lit(pos, "a-1")) == {"H2"}
    pos.push_text(lit(pos, "a-1")["H2"])
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "H2"


def test_a_retarget_reached_cheaper_by_the_other_kind_of_move_ends_the_move_there(make_position: Any) -> None:
    """A15.431: charging D8 down column D (7 hexes, 7 MF), the squad sees F4 first at D4 (the woods of E3 and
    E4 hide it before): 2 hexes against D8's 4, F4 is the target from there. Its cheapest route from D4 goes
    round the woods of E4 (1 + 1 MF, the cliff on D4-E5 barring the open way), not into them (2 + 1): a plain
    move ends at D4 and the charge goes on as bypass with 8 - 3 = 5 MF; a move as bypass from D1 (as cheap as
    the plain one to D8) goes on round E4 into F4 in one move. A plain move on into the woods is no charge."""
    cliff = [{"hex": "D4", "side": "SE", "features": ["cliff"]}]
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "D1", "berserk"), unit("b-1", "4-6-7", "b", "D8"),
                                unit("b-2", "4-6-7", "b", "F4")], "MPh", hexes={"E3": "woods", "E4": "woods"},
                        hexsides=cliff)
    assert lit(pos, "a-1") == {"D4": "move a-1 D1-D2-D3-D4 cost 3",
                               "F4": "move a-1 D1-D2-D3-D4-E4-F4 cost 5 as bypass"}
    with pytest.raises(IllegalAction, match=r"the charge turns at D4 to F4, reached more cheaply by a move "
                                            r"of the other kind: this move ends there \(A15.431\)"):
        pos.push_text("move a-1 D1-D2-D3-D4-E4-F4")
    pos.push_text("move a-1 D1-D2-D3-D4")
    play_out(pos)
    sq = pos.units["a-1"]
    assert pos.label(sq.hex) == "D4" and sq.has("chargego10")  # 5 MF, in half MF
    assert lit(pos, "a-1") == {"F4": "move a-1 D4-E4-F4 cost 2 as bypass"}
    pos.push_text("move a-1 D4-E4-F4 as bypass")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "F4"


def test_an_enemy_known_mid_move_reached_cheaper_by_the_other_kind_stops_the_move(make_position: Any) -> None:
    """A15.431, hex by hex: charging D8 down column D in a plain move (7 MF; F4's squad under a "?", no
    target), the squad is fired on at D4 by the "?" at F4, which loses its concealment (A12.14): now a Known
    enemy 2 hexes away, closer than D8 (4), it is the target from D4. Its cheapest route from there goes round
    the woods of E4 (1 + 1 MF; the cliff on D4-E5 bars the open way), not into them (2 + 1): the plain move
    under way stops at D4 and the charge goes on as bypass with 8 - 3 = 5 MF."""
    cliff = [{"hex": "D4", "side": "SE", "features": ["cliff"]}]
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "D1", "berserk"), unit("b-1", "4-6-7", "b", "D8"),
                                unit("b-2", "4-6-7", "b", "F4", concealed=True)], "MPh",
                        hexes={"E3": "woods", "E4": "woods"}, hexsides=cliff)
    assert lit(pos, "a-1") == {"D8": "move a-1 D1-D2-D3-D4-D5-D6-D7-D8 cost 7"}
    pos.push_text("move a-1 D1-D2-D3-D4-D5-D6-D7-D8")
    while pos.label(pos.decision.target) != "D4":
        pos.push_text("answer pass")
    pos.push_text("fire b-2 at D4 dice 6,6")
    play_out(pos)
    sq = pos.units["a-1"]
    assert not pos.units["b-2"].concealed
    assert pos.label(sq.hex) == "D4" and sq.has("chargego10")  # 5 MF, in half MF
    assert lit(pos, "a-1") == {"F4": "move a-1 D4-E4-F4 cost 2 as bypass"}
    with pytest.raises(IllegalAction):
        pos.push_text("move a-1 D4-E4-F4")  # into the woods: dearer, no charge
    pos.push_text("move a-1 D4-E4-F4 as bypass")
    play_out(pos)
    assert pos.label(pos.units["a-1"].hex) == "F4"
