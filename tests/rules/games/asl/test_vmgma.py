"""An MG main armament fires on the IFT (D3.5: its FP is the MA's, printed as the MA), halved in the AFPh
(D3.53) and as Bounding First Fire (D3.3.1), with its Armor Leader's leadership on its IFT DR (D3.44) but
on no other MG's; a turret MG MA turns the turret as the CMG does (D3.51, D3.52). Counter: demo-mgma-g
(catalogues/demo-mg-vehicles.json: MG MA 4 FP in the turret, BMG 2; demo values)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import overrun, vmg
from hexmate.rules.games.asl.vehicles import tca_of

CAT = "catalogues/demo-mg-vehicles.json"
COUNTERS: dict[str, Any] = {
    "ac": {"type": "vehicle", "vehicle": "demo-mgma-g", "catalogue": CAT},
    "ac-al": {"type": "vehicle", "vehicle": "demo-mgma-g", "catalogue": CAT, "armor_leader": "9-1"},
    "ac-in": {"type": "vehicle", "vehicle": "demo-mgma-g", "catalogue": CAT, "inexperienced_crew": 1},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
}


def make(make_position: Any, phase: str, counter: str = "ac", *markers: str, target: str = "E5") -> Position:
    units = [{"id": "a-ac", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": target}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def settle(pos: Position) -> None:
    """The target's checks: passed (DR 1,1); any reaction window: passed."""
    while pos.decision is not None:
        pos.push_text("answer dice 1,1" if pos.decision.kind == "roll" else "answer pass")


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_d3_5_the_mg_ma_is_offered_and_fires_with_its_own_fp(make_position: Any) -> None:
    """D3.5: the MA's 4 FP fire at the 4-4-7 in its TCA: offered alone, and with the BMG (2) as one attack."""
    pos = make(make_position, "PFPh")
    offered = texts(pos)
    assert "fire a-ac.ma at E5" in offered and "fire a-ac.bmg,a-ac.ma at E5" in offered
    pos.push_text("fire a-ac at E5")  # the plain form: every MG that may fire there
    top = pos.decision
    assert top is not None and top.arg("weapons") == "bmg,ma" and top.arg("fp") == "6"
    pos.push_text("answer dice 5,6")
    assert pos.units["a-ac"].has("mg_fired:ma")
    with pytest.raises(IllegalAction, match="fired this player turn"):
        pos.push_text("fire a-ac.ma at E5")  # D3.5: once a player turn (no ROF built for it)


def test_d3_53_afph_and_d3_3_1_moving_fire_halve_it(make_position: Any) -> None:
    """D3.53: in the AFPh MG FP is halved, the MA's too (4 -> 2); D3.3.1: Bounding First Fire halves it."""
    for phase in ("AFPh", "MPh"):
        pos = make(make_position, phase)
        pos.push_text("fire a-ac.ma at E5")
        top = pos.decision
        assert top is not None and top.arg("fp") == "2", phase


def test_d3_44_armor_leader_modifies_the_mg_ma_alone(make_position: Any) -> None:
    """D3.44: the Armor Leader's DRM modifies the MA's IFT DR, an MG MA's too, but no other MG's: a shown 9-1
    gives the MA's shot -1; the BMG's shot none; the Inexperienced crew's 6+1 (D3.45) +1."""
    pos = make(make_position, "PFPh", "ac-al", "armor_leader_shown")
    pos.push_text("fire a-ac.ma at E5")
    top = pos.decision
    assert top is not None and top.arg("drm") == "-1" and "armor_leader_ma:-1" in top.arg("mods")
    pos = make(make_position, "PFPh", "ac-al", "armor_leader_shown")
    pos.push_text("fire a-ac.bmg at E5")
    top = pos.decision
    assert top is not None and top.arg("drm") == "0"
    pos = make(make_position, "PFPh", "ac-in")
    pos.push_text("fire a-ac.ma at E5")
    top = pos.decision
    assert top is not None and top.arg("drm") == "1"


def test_d3_52_a_turret_mg_ma_outside_the_tca_pays_case_a_and_turns_the_turret(make_position: Any) -> None:
    """D3.52: outside the TCA the MG MA takes its turret's Case A DRM on the IFT DR (T: +1 a hexspine, the
    pack's rate) and the turret turns to the target (D3.12, D3.51)."""
    pos = make(make_position, "PFPh", target="C3")
    pos.push_text("fire a-ac.ma at C3")
    top = pos.decision
    assert top is not None and int(top.arg("drm")) > 0 and "case_a" in top.arg("mods")
    assert tca_of(pos.units["a-ac"].markers, 0) != 0


def test_an_mg_ma_without_fp_in_its_catalogue_entry_does_not_fire(make_position: Any) -> None:
    """The demo halftrack lists an MG MA without its FP: nothing to fire it with (the BMG fires)."""
    units = [{"id": "a-ht", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}]
    counters = {**COUNTERS, "ht": {"type": "vehicle", "vehicle": "demo-ht-g"}}
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    with pytest.raises(IllegalAction, match="no working MG MA"):
        pos.push_text("fire a-ht.ma at E5")


def test_d3_5_multiple_rof_kept_by_the_colored_die(make_position: Any) -> None:
    """D3.5: an MG MA with multiple ROF (the demo's ROF 1) may fire again when the colored dr is at most its
    ROF: DR 3,1 keeps it, DR 3,2 does not."""
    pos = make(make_position, "PFPh")
    pos.push_text("fire a-ac.ma at E5")
    pos.push_text("answer dice 3,1")
    settle(pos)
    assert not pos.units["a-ac"].has("mg_fired:ma")
    pos.push_text("fire a-ac.ma at E5")  # the same target again
    pos.push_text("answer dice 3,2")
    settle(pos)
    assert pos.units["a-ac"].has("mg_fired:ma")
    with pytest.raises(IllegalAction, match="fired this player turn"):
        pos.push_text("fire a-ac.ma at E5")


def test_d3_3_2_mg_ma_keeping_rof_in_the_mph_fires_once_more_in_the_afph(make_position: Any) -> None:
    """D3.3: the only weapon that fired kept its ROF: no Bounding Fire counter; D3.3.2: that MG MA alone
    fires once more in the AFPh at half FP (4 -> 2), and no more; the BMG does not."""
    pos = make(make_position, "MPh")
    pos.push_text("fire a-ac.ma at E5")
    pos.push_text("answer dice 4,1")
    settle(pos)
    assert not pos.units["a-ac"].has("bounding_fire")
    while pos.phase.id != "AFPh":
        pos.push_text("end")
        settle(pos)
    assert "fire a-ac.ma at E5" in texts(pos)
    with pytest.raises(IllegalAction, match=r"D3\.3\.2"):
        pos.push_text("fire a-ac.bmg at E5")
    pos.push_text("fire a-ac.ma at E5")
    top = pos.decision
    assert top is not None and top.arg("fp") == "2"
    pos.push_text("answer dice 4,1")
    settle(pos)
    with pytest.raises(IllegalAction, match="fired this player turn"):
        pos.push_text("fire a-ac.ma at E5")


def test_d3_3_mg_ma_losing_rof_in_the_mph_is_barred_from_the_afph(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    pos.push_text("fire a-ac.ma at E5")
    pos.push_text("answer dice 4,3")
    assert pos.units["a-ac"].has("bounding_fire")


def test_d3_7_an_mg_ma_breaks_down_at_its_own_printed_b(tmp_path: Path, make_position: Any) -> None:
    """D3.7: a B# below 12 on the counter is the MA's: an MG MA with B# 10 malfunctions on an Original IFT DR
    of 10 (5,5), where the BMG (B# 12) fired with it does not."""
    demo = json.loads((Path(vmg.__file__).parent / CAT).read_text())
    entry = demo["vehicles"]["demo-mgma-g"]
    path = tmp_path / "b10.json"
    path.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "label": "test", "vehicles": {
        "demo-mgma-g": {**entry, "ma": {**entry["ma"], "b": 10}}}}))
    counters = {**COUNTERS, "ac": {"type": "vehicle", "vehicle": "demo-mgma-g", "catalogue": str(path)}}
    units = [{"id": "a-ac", "counter": "ac", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}]
    pos: Position = make_position("asl", units, "PFPh", counters=counters)
    pos.push_text("fire a-ac at E5")
    pos.push_text("answer dice 5,5")
    settle(pos)
    assert pos.units["a-ac"].has("ma_malf") and not pos.units["a-ac"].has("bmg_malf")


def test_d7_11_an_mg_ma_adds_its_fp_to_an_overrun(make_position: Any) -> None:
    """D7.11: an AFV whose MA is an MG has base 2 FP, and every working MG, the MG MA too, adds its FP x3
    halved: 2 + (2 + 4) x 3 / 2 = 11."""
    units = [{"id": "a-ac", "counter": "ac", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "D5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-ac C5-D5")
    top = pos.decision
    assert top is not None and top.then == overrun.OVR and top.arg("fp") == "11"


def test_d1_33_a_bow_mg_ma_fires_at_the_nt_rate(tmp_path: Path, make_position: Any) -> None:
    """D1.33: an MA with no turret mark is NT, a bow weapon: outside its arc the same 4 FP MG MA pays the NT
    row of Case A on its IFT DR (D3.52: +3 a hexspine in the demo pack, against a T turret's +1, D1.31), and
    no turret turns."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / CAT
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-mgma-g"]["ma"]["mount"] = "NT"
    path = tmp_path / "nt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    drms = {}
    for counter in ({"catalogue": CAT}, {"catalogue": str(path)}):
        units = [{"id": "a-ac", "counter": "ac", "side": "a", "hex": "C5", "markers": ["vca0"]},
                 {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C3"}]
        counters = {**COUNTERS, "ac": {"type": "vehicle", "vehicle": "demo-mgma-g", **counter}}
        pos: Position = make_position("asl", units, "PFPh", counters=counters)
        pos.push_text("fire a-ac.ma at C3")
        top = pos.decision
        assert top is not None and "case_a" in top.arg("mods")
        drms[counter["catalogue"] == CAT] = (int(top.arg("drm")), tca_of(pos.units["a-ac"].markers, 0))
    (turret_drm, turret_tca), (bow_drm, bow_tca) = drms[True], drms[False]
    assert (turret_drm, bow_drm) == (1, 3)  # C3 is one hexspine off the VCA: T row +1, NT row +3
    assert turret_tca != 0 and bow_tca == 0
