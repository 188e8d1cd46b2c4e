"""An AFV's own inherent crew under infantry fire (vcrewhit.py): D.8's General Collateral attack on a CE crew
at +2 (D5.31), the unprotected crew of D5.311, stun and Recall (D5.34, D5.341, D5.342), A7.82's pinned crew,
and the "+1" a stun leaves at the end of the Player Turn. Demo counters and the demo IFT (4 FP column: Final
DR 3 K/1, 4 2MC, 5 1MC, 6 NMC, 7 PTC; 12 FP column: Final DR 4 K/1); the demo crew morale is 8 (vcrew.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import alhide, vcapture, vcrewhit, vdriver, vsmccrew
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.hexes import Hex, distance

from .test_armour import COUNTERS


def catalogue(tmp_path: Path, **changes: Any) -> str:
    """The demo PzKpfw with its armor changed (``rear_unarmored``) or its MA's mount (``mount``)."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    pz = data["vehicles"]["demo-pz-g"]
    if "rear_unarmored" in changes:
        pz["armor"]["rear_unarmored"] = changes["rear_unarmored"]
    if "mount" in changes:
        pz["ma"]["mount"] = changes["mount"]
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def make(make_position: Any, *markers: str, firers: int = 1, at: str = "F5", phase: str = "DFPh",
         counter: dict[str, Any] | None = None, squad: str = "4-4-7") -> Position:
    counters = {**COUNTERS, "pzx": counter or {"type": "vehicle", "vehicle": "demo-pz-g"},
                "8-3-8": {"type": "squad", "fp": 8, "range": 3, "morale": 8, "broken_morale": 8}}
    units = [{"id": "a-pz", "counter": "pzx", "side": "a", "hex": "C5", "markers": ["vca0", *markers]}]
    units += [{"id": f"b-{i}", "counter": squad, "side": "b", "hex": at} for i in range(firers)]
    pos: Position = make_position("asl", units, phase, counters=counters)
    return pos


def crew_lines(pos: Position) -> list[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(x.label), str(x.value), x.rule) for x in res.lines if "crew" in str(x.label)]


def test_d5_31_a_ce_crew_takes_plus_two_and_a_failed_mc_stuns_it(make_position: Any) -> None:
    """D5.31, D5.34: the CE crew of the PzKpfw in open ground: Original DR 3 +2 CE DRM = Final 5, 1MC on the
    4 column; the crew (morale 8) needs 7 or less and rolls 8: stunned, BU at once, no fire, no MP."""
    pos = make(make_position, "ce")
    pos.push_text("fire b-0 at C5 dice 1,2")
    lines = crew_lines(pos)
    assert ("a-pz's crew", "CE crew: +2 CE DRM (not added to a positive TEM)", "D5.31") in lines
    assert ("crew of a-pz", "result 1MC", "D5.34") in lines
    top = pos.decision
    assert top is not None and top.then == "vcrew_check" and top.arg("need") == "7"
    pos.push_text("answer dice 4,4")
    pz = pos.units["a-pz"]
    assert pz.has("stunned") and pz.has("bu") and not pz.has("ce")


def test_d5_34_a_passed_mc_leaves_the_crew_ce(make_position: Any) -> None:
    """D5.34: the same 1MC passed on a DR of 7: nothing happens, the crew stays CE."""
    pos = make(make_position, "ce")
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 3,4")
    pz = pos.units["a-pz"]
    assert pz.has("ce") and not pz.has("stunned")


def test_d_8_a_bu_crew_is_no_target_of_small_arms(make_position: Any) -> None:
    """D5.2, D.8, D1.2, D1.24, A7.307: a BU (CT) PzKpfw alone in its hex: infantry fire has nothing to attack
    there, and outside the MPh it leaves no Residual FP (A8.2)."""
    pos = make(make_position)
    with pytest.raises(IllegalAction) as err:
        pos.push_text("fire b-0 at C5 dice 1,2")
    assert err.value.rule == "A7.307"


def test_d5_34_the_stun_flips_to_plus_one_at_the_end_of_the_player_turn(make_position: Any) -> None:
    """T-CBT-08, D5.34: the STUN counter turns to its "+1" side when the Player Turn ends; the next MC takes
    +1."""
    pos = make(make_position, "ce")
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 4,4")
    first = pos.phasing
    assert pos.units["a-pz"].has("stunned")
    for _ in range(20):
        if pos.phasing != first:
            break
        pos.push_text("end" if pos.decision is None else "answer pass")
    assert pos.phasing != first
    pz = pos.units["a-pz"]
    assert pz.has("plus1") and not pz.has("stunned")
    top = vcrewhit.check_decision(pos, pz.mark("ce"), "mc", 1, False)
    assert top.arg("need") == "6"  # 8 - 1MC - 1 ("+1", D5.34)


def test_d5_342_a_second_stun_is_a_recall(make_position: Any) -> None:
    """D5.342: a crew under the "+1" that fails again is Recalled, not stunned: its Armor Leader goes
    (D5.341). His 9-1 is hidden (D3.41): the crew's own 8 (demo) less the 1MC less the +1 = 6; DR 8 fails,
    and at his 9 (need 7) it would fail too: the private question offers only "keep" (alhide.py)."""
    counter = {"type": "vehicle", "vehicle": "demo-pz-g", "armor_leader": "9-1"}
    pos = make(make_position, "ce", "plus1", counter=counter)
    pos.push_text("fire b-0 at C5 dice 1,2")
    top = pos.decision
    assert top is not None and top.arg("need") == "6"
    pos.push_text("answer dice 4,4")
    top = pos.decision
    assert top is not None and top.then == alhide.MC_THEN and top.choices == (alhide.KEEP,)
    pos.push_text("answer keep")
    pz = pos.units["a-pz"]
    assert pz.has(vcrewhit.RECALLED) and pz.has("stunned") and pz.has("armor_leader_removed")


def test_d5_341_k_on_a_ce_crew_recalls_it(make_position: Any) -> None:
    """D5.341: two 8-3-8s (16 FP) roll Original 2, undirected doubles: Cowering, one column left (A7.9), +2
    CE = Final 4: K/1 on the 12 column: the CE crew is Recalled."""
    pos = make(make_position, "ce", firers=2, squad="8-3-8")
    pos.push_text("fire b-0,b-1 at C5 dice 1,1")
    assert ("crew of a-pz", "result K/1", "D5.34") in crew_lines(pos)
    pz = pos.units["a-pz"]
    assert pz.has(vcrewhit.RECALLED) and pz.has("bu") and not pz.has("abandoned")


def test_a7_82_a_pinned_ce_crew_of_a_ct_afv_buttons_up(make_position: Any) -> None:
    """A7.82: Original DR 5 +2 = Final 7, PTC on the 4 column; a failed PTC (12) pins the crew: the CT AFV is
    BU for the rest of the Player Turn, the PIN counter on the vehicle."""
    pos = make(make_position, "ce")
    pos.push_text("fire b-0 at C5 dice 2,3")
    assert ("crew of a-pz", "result PTC", "D5.34") in crew_lines(pos)
    pos.push_text("answer dice 6,6")
    pz = pos.units["a-pz"]
    assert pz.has("crew_pinned") and pz.has("bu") and not pz.has("ce")


def test_d5_311_a_bu_crew_fired_on_at_an_unarmored_aspect_is_unprotected(
        make_position: Any, tmp_path: Path) -> None:
    """D5.311: a BU PzKpfw whose hull rear is unarmored (D1.22), fired on from its rear: no CE DRM, Original
    DR 3 = Final 3, K/1 on the 4 column: the crew is eliminated and the vehicle Abandoned."""
    counter = {"type": "vehicle", "vehicle": "demo-pz-g",
               "catalogue": catalogue(tmp_path, rear_unarmored="hull")}
    pos = make(make_position, firers=1, counter=counter)
    here = pos.units["a-pz"].hex or Hex(0, 0)
    rear = next(h for h in sorted(pos.map.hexes, key=lambda x: (x.q, x.r))
                if 2 <= distance(h, here) <= 4 and fc.aspect(here, 0, h) == "rear")
    pos = make(make_position, firers=1, counter=counter, at=pos.map.label(rear))
    pos.push_text("fire b-0 at C5 dice 1,2")
    assert ("crew of a-pz", "result K/1", "D5.311") in crew_lines(pos)
    pz = pos.units["a-pz"]
    assert pz.has("abandoned") and "a-pz-crew" not in pos.units


def test_d5_311_an_unprotected_crew_that_fails_its_mc_breaks_and_leaves(
        make_position: Any, tmp_path: Path) -> None:
    """D5.311: the same unprotected crew, Original DR 5 = Final 5, 1MC on the 4 column; it fails (DR 9 against
    morale 8 less 1): broken, it leaves the vehicle, which is Abandoned; the crew beneath it."""
    counter = {"type": "vehicle", "vehicle": "demo-pz-g",
               "catalogue": catalogue(tmp_path, rear_unarmored="hull")}
    pos = make(make_position, firers=1, counter=counter)
    here = pos.units["a-pz"].hex or Hex(0, 0)
    rear = next(h for h in sorted(pos.map.hexes, key=lambda x: (x.q, x.r))
                if 2 <= distance(h, here) <= 4 and fc.aspect(here, 0, h) == "rear")
    front = next(h for h in sorted(pos.map.hexes, key=lambda x: (x.q, x.r))
                 if 2 <= distance(h, here) <= 4 and fc.aspect(here, 0, h) == "front")
    with pytest.raises(IllegalAction):  # its front is armored: the BU crew is not exposed there (D5.2)
        make(make_position, counter=counter, at=pos.map.label(front)).push_text("fire b-0 at C5 dice 2,3")
    pos = make(make_position, firers=1, counter=counter, at=pos.map.label(rear))
    pos.push_text("fire b-0 at C5 dice 2,3")
    assert ("crew of a-pz", "result 1MC", "D5.311") in crew_lines(pos)
    pos.push_text("answer dice 4,5")
    assert pos.units["a-pz"].has("abandoned")
    assert pos.units["a-pz-crew"].has("broken") and pos.units["a-pz-crew"].hex == here


def test_d5_3_an_open_topped_afv_is_ce_without_a_counter(make_position: Any) -> None:
    """D5.3, D5.31, D1.23: the armored halftrack (open-topped) is CE unless marked BU: Original DR 4 +2 =
    Final 6, NMC on the 4 column for its crew."""
    pos = make(make_position, counter={"type": "vehicle", "vehicle": "demo-ht-g"})
    pos.push_text("fire b-0 at C5 dice 1,3")
    assert ("crew of a-pz", "result NMC", "D5.34") in crew_lines(pos)


def test_d5_341_a_1mt_afv_stunned_is_recalled(make_position: Any, tmp_path: Path) -> None:
    """D1.322, D5.341: an AFV with a One-Man Turret whose crew fails its MC is Recalled, not stunned."""
    counter = {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": catalogue(tmp_path, mount="1MT")}
    pos = make(make_position, "ce", counter=counter)
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 4,4")
    assert pos.units["a-pz"].has(vcrewhit.RECALLED)


def test_d5_34_a_stunned_crew_may_not_go_ce_again_this_player_turn(make_position: Any) -> None:
    """D5.34: stunned in the enemy's DFPh, the crew may not place a CE counter before its own next Player
    Turn allows it (D5.33); here its own APh of the same Player Turn is refused."""
    pos = make(make_position, "stunned", "bu", phase="APh")
    with pytest.raises(IllegalAction) as err:
        pos.push_text("move a-pz C5 as ce")
    assert err.value.rule == "D5.34"


def test_a8_1_d5_34_first_fire_at_a_moving_afvs_ce_crew_stuns_it_and_ends_its_move(
        make_position: Any) -> None:
    """A8.1, D.6, D5.31: the CE PzKpfw moves C5-D5-E5; the 4-4-7 in F5 fires at it as it enters D5: no
    FFNAM or FFMO for a vehicle's crew (D.6): Original DR 3 +2 CE = Final 5, 1MC; failed (8): stunned, its
    move ends in D5 (D5.34)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "ce"]},
             {"id": "b-0", "counter": "4-4-7", "side": "b", "hex": "F5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-pz C5-D5-E5")
    for _ in range(6):
        top = pos.decision
        assert top is not None and top.kind == "react"
        if pos.state.moving is not None and pos.label(pos.state.moving.here) == "D5":
            break
        pos.push_text("answer pass")
    pos.push_text("fire b-0 at D5 dice 1,2")
    lines = crew_lines(pos)
    assert ("crew of a-pz", "result 1MC", "D5.34") in lines
    res = pos.last_resolution
    assert res is not None and not any("FFNAM" in str(x.label) or "FFMO" in str(x.label) for x in res.lines)
    pos.push_text("answer dice 4,4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    pz = pos.units["a-pz"]
    assert pz.has("stunned") and pos.label(pz.hex) == "D5"


def test_a8_1_first_fire_at_a_moving_bu_afv_only_for_residual(make_position: Any) -> None:
    """D5.2, A7.307: the BU PzKpfw draws a Defensive First Fire window from infantry all the same: their fire
    does nothing to it but may leave Residual FP (A8.2); passed each time, it moves on to E5."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-0", "counter": "4-4-7", "side": "b", "hex": "F5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-pz C5-D5-E5")
    windows = []
    while pos.decision is not None and pos.decision.kind == "react":
        here = pos.label(pos.decision.target or Hex(0, 0))
        windows.append(here)
        assert pos.parse_action(f"fire b-0 at {here}") in pos.legal_actions
        pos.push_text("answer pass")
    assert "D5" in windows and pos.label(pos.units["a-pz"].hex) in ("E5",)


def smc_crewed(make_position: Any, *smcs: tuple[str, str, tuple[str, ...]], firers: int = 1,
               squad: str = "4-4-7", counter: dict[str, Any] | None = None) -> Position:
    """a's captured PzKpfw (b's before) crewed by a's SMC ``smcs`` (id, counter, markers), off the map inside
    as vreentry.py puts them (A21.22), CE, under b's fire from F5."""
    counters = {**COUNTERS, "pzx": counter or {"type": "vehicle", "vehicle": "demo-pz-g"},
                "8-3-8": {"type": "squad", "fp": 8, "range": 3, "morale": 8, "broken_morale": 8},
                "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1},
                "hero": {"type": "hero", "fp": 1, "morale": 9, "broken_morale": 9}}
    kind = vsmccrew.TC_SMC if len(smcs) == 1 else vcapture.TC_HS
    units = [{"id": "a-pz", "counter": "pzx", "side": "a", "hex": "C5",
              "markers": ["vca0", "ce", "captured", kind, *(f"{vdriver.SMC_DRIVER}{u}" for u, _, _ in smcs)]},
             *({"id": u, "counter": c, "side": "a", "hex": "C5", "markers": [vdriver.DRIVING, *m]}
               for u, c, m in smcs)]
    units += [{"id": f"b-{i}", "counter": squad, "side": "b", "hex": "F5"} for i in range(firers)]
    pos: Position = make_position("asl", units, "DFPh", counters=counters)
    for uid, _, _ in smcs:  # a scenario places no unit off the map
        pos = pos.at(pos.state.with_unit(dataclasses.replace(pos.units[uid], hex=None)))
    return pos


def test_d5_343_a_smc_crew_is_wounded_by_a_stun(make_position: Any) -> None:
    """D5.343, A21.22, A17.11: a's 8-1 crews the captured PzKpfw; b's 4 FP, Original DR 3 +2 CE DRM = 5: 1MC;
    the crew rolls 8 (> 7): stunned, and the 8-1 inside is wounded at once and rolls his severity dr at once:
    a 4 is a light wound (1-4): the vehicle is still crewed by him."""
    pos = smc_crewed(make_position, ("a-ldr", "8-1", ()))
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 4,4")
    assert pos.decision is not None and pos.decision.then == vcrewhit.WOUND
    assert pos.decision.subject == ("a-ldr",) and pos.decision.side == "a" and pos.decision.rule == "A17.11"
    pos.push_text("answer dice 4")
    pz = pos.units["a-pz"]
    assert pz.has("stunned") and not pz.has("abandoned") and vdriver.smc_driver(pz) == "a-ldr"
    assert pos.units["a-ldr"].has("wounded") and pos.units["a-ldr"].hex is None and pos.decision is None


def test_a17_11_a_smc_crews_severity_dr_of_5_kills_him_and_abandons_the_vehicle(make_position: Any) -> None:
    """D5.343, A17.11: the same stun; the 8-1's severity dr is 5 (5-6: KIA): eliminated; no crew is left, the
    PzKpfw is Abandoned and nobody comes back beneath it."""
    pos = smc_crewed(make_position, ("a-ldr", "8-1", ()))
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 5")
    pz = pos.units["a-pz"]
    assert "a-ldr" not in pos.units and pz.has("abandoned") and vdriver.smc_driver(pz) is None
    assert not pz.has(vsmccrew.TC_SMC)


@pytest.mark.parametrize(("dr", "killed"), [("3", False), ("4", True)])
def test_a17_11_a_wounded_smc_crew_wounded_again_rolls_plus_one(make_position: Any, dr: str,
                                                               killed: bool) -> None:
    """D5.343, A17.11: the 8-1 already wounded is wounded again by the stun; his severity dr takes +1: a 3 is
    4 (light, he crews on), a 4 is 5 (KIA: the PzKpfw Abandoned). Wounded twice is no more than that."""
    pos = smc_crewed(make_position, ("a-ldr", "8-1", ("wounded",)))
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 4,4")
    assert pos.decision is not None and pos.decision.arg("worse") == "1"
    pos.push_text(f"answer dice {dr}")
    pz = pos.units["a-pz"]
    assert ("a-ldr" not in pos.units) is killed and pz.has("abandoned") is killed
    assert (vdriver.smc_driver(pz) == "a-ldr") is not killed


def test_d5_343_two_smc_crew_each_roll_and_the_one_left_crews_alone(make_position: Any) -> None:
    """D5.343, A17.11, A21.22: the 8-1 and a hero crew it as a HS; the stun wounds both, each rolls: the hero
    a 2 (light), the 8-1 a 6 (KIA): the hero crews it alone (tc_smc)."""
    pos = smc_crewed(make_position, ("a-ldr", "8-1", ()), ("a-h", "hero", ()))
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 4,4")
    assert pos.decision is not None and pos.decision.subject == ("a-h",)
    pos.push_text("answer dice 2")
    assert pos.decision is not None and pos.decision.subject == ("a-ldr",)
    pos.push_text("answer dice 6")
    pz = pos.units["a-pz"]
    assert "a-ldr" not in pos.units and pos.units["a-h"].has("wounded")
    assert pz.has(vsmccrew.TC_SMC) and not pz.has(vcapture.TC_HS) and vsmccrew.crew_ids(pz) == ("a-h",)
    assert not pz.has("abandoned")


def test_d5_343_a_recall_eliminates_the_smc_crew(make_position: Any) -> None:
    """D5.343, D5.341: two 8-3-8 (16 FP; demo 12 column), Original DR 2 +2 = Final 4: K/1, a Recall for a
    crew with the normal CE DRM: the 8-1 and the hero crewing it as a HS are both eliminated, the PzKpfw
    Abandoned, not Recalled."""
    pos = smc_crewed(make_position, ("a-ldr", "8-1", ()), ("a-h", "hero", ()), firers=2, squad="8-3-8")
    pos.push_text("fire b-0,b-1 at C5 dice 1,1")
    pz = pos.units["a-pz"]
    assert "a-ldr" not in pos.units and "a-h" not in pos.units and pos.decision is None  # no severity dr
    assert pz.has("abandoned") and not pz.has(vcrewhit.RECALLED) and not pz.has(vcapture.TC_HS)


def test_d5_343_a_1mt_stun_wounds_the_smc_but_spares_him(make_position: Any, tmp_path: Path) -> None:
    """D5.343, D1.322, D5.341: in a 1MT AFV the stun is a Recall; the 8-1 is wounded by the stun but the
    Recall that comes from it does not eliminate him: the AFV is Recalled with him inside."""
    counter = {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": catalogue(tmp_path, mount="1MT")}
    pos = smc_crewed(make_position, ("a-ldr", "8-1", ()), counter=counter)
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 4,4")
    pz = pos.units["a-pz"]
    assert pz.has(vcrewhit.RECALLED) and not pz.has("abandoned") and vdriver.smc_driver(pz) == "a-ldr"
    assert pos.units["a-ldr"].has("wounded")
    pos.push_text("answer dice 1")  # A17.11: his severity dr, a light wound
    assert vdriver.smc_driver(pos.units["a-pz"]) == "a-ldr" and pos.decision is None
def test_d5_341_a_casualty_mc_recalls_a_ce_crew(make_position: Any) -> None:
    """D5.341, A10.31: the CE crew's 1MC (Final 5) rolled as an Original 12 is a Casualty MC: Recall."""
    pos = make(make_position, "ce")
    pos.push_text("fire b-0 at C5 dice 1,2")
    pos.push_text("answer dice 6,6")
    assert pos.units["a-pz"].has(vcrewhit.RECALLED)


@pytest.mark.parametrize(("dr", "marker"), [("2", "stunned"), ("1", vcrewhit.RECALLED)])
def test_d5_34_d5_341_a_sniper_stuns_or_recalls_a_ce_crew(make_position: Any, dr: str, marker: str) -> None:
    """D5.34, D5.341: a-1 fires with an Original DR equal to b's SAN (4); b's sniper dr 2 striking the CE
    PzKpfw (fully armored) stuns its crew, a 1 Recalls it."""
    counters = {**COUNTERS, "pzx": {"type": "vehicle", "vehicle": "demo-pz-g"}}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F2"},
             {"id": "a-pz", "counter": "pzx", "side": "a", "hex": "C4", "markers": ["vca0", "ce"]},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C2"}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters, options={"san": {"b": 4}})
    pos.push_text("fire a-1 at C2 dice 1,3")  # Original 4: b's SAN (A14.1)
    for _ in range(5):
        if pos.decision is not None and pos.decision.then == "sniper":
            break
        pos.push_text("answer dice 2,3")
    pos.push_text(f"answer dice {dr}")
    pos.push_text("answer units a-pz")
    assert pos.units["a-pz"].has(marker) and pos.units["a-pz"].has("bu")


def test_d7_2_the_overrun_locations_units_do_not_first_fire_at_the_crew(make_position: Any) -> None:
    """D7.2: the CE PzKpfw enters D5, where b-in stands (an OVR): b-in attacks it only by Reaction Fire after
    the OVR, so it may not First Fire at the crew; b-out in F5 may (A8.1, D5.31)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", "ce"]},
             {"id": "b-in", "counter": "4-4-7", "side": "b", "hex": "D5"},
             {"id": "b-out", "counter": "4-4-7", "side": "b", "hex": "F5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-pz C5-D5")
    for _ in range(6):
        top = pos.decision
        assert top is not None and top.kind == "react"
        if pos.state.moving is not None and pos.label(pos.state.moving.here) == "D5":
            break
        pos.push_text("answer pass")
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("fire b-in at D5"))
    pos.game.check(pos, pos.parse_action("fire b-out at D5"))
    pos.push_text("fire b-out at D5 dice 3,4")
    assert ("crew of a-pz", "result -", "D5.34") in crew_lines(pos)
