"""To Hit, To Kill, results and CC against vehicles from chapter D's examples (D.8, D3.3, D3.51, D2.321,
D5.6, D6.71, D7.2) and A11.5; the demo ordnance pack against the cells those examples fix."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl.vehicles import parse_vehicle

PACK = od.load_pack()
HT = parse_vehicle(
    "t",
    "sdkfz",
    {
        "movement": "halftrack",
        "mp": 12,
        "armor": {"hull_front": 1, "hull_side": 0},
        "size": 1,
        "open_topped": True,
        "cs": 8,
    },
)
TANK = parse_vehicle(
    "t",
    "tank",
    {
        "movement": "tracked",
        "mp": 14,
        "armor": {"hull_front": 8, "hull_side": 4},
        "ma": {"calibre": 75, "mount": "T"},
        "cs": 7,
    },
)
TRUCK = parse_vehicle("t", "truck", {"movement": "truck", "mp": 24, "armor": None, "cs": 9})


def dig(data: Any, path: str) -> Any:
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list | tuple) else data[part]
    return data


def test_demo_pack_is_labelled_and_agrees_with_every_oracle() -> None:
    assert PACK.label.startswith("demo values")
    assert len(PACK.oracles) >= 20
    raw = {
        "cases": PACK.cases,
        "to_hit": PACK.to_hit,
        "case_a": PACK.case_a,
        "weapon_to_hit": PACK.weapon_to_hit,
        "to_kill": PACK.to_kill,
        "vehicle_terrain": PACK.vehicle_terrain,
    }
    for oracle in PACK.oracles:
        assert dig(raw, oracle["path"]) == oracle["value"], oracle["rule"]


def test_d_8_example_hmg_against_a_halftrack() -> None:
    # The 7-4-7's HMG fires as ordnance at a moving SPW 251/1 past a wreck: modified TH# 10 - 4 = 6.
    th, steps = od.to_hit(PACK, target_type="vehicle", rng=4, weapon="HMG", cases=("J", "hindrance"), size=1)
    assert th == 6 and [s.name for s in steps] == ["base", "J", "hindrance", "P", "final"]
    assert od.hits((3, 3), th) and not od.hits((3, 4), th)
    # TK: basic 4, Case D +1, the halftrack's front armor 1: Final TK# 4; a TK DR of 5 fails.
    tk = od.final_tk(PACK.basic_tk("HMG", 4), HT.af("hull", "front"), case_d=PACK.cases["D"])
    assert tk == 4
    assert od.tk_result(PACK, 5, tk, HT, mg=True) == "none"
    # the specific collateral attack on the CE crew: the same 5, +2 CE DRM only: 7 on the 6 FP column
    assert od.collateral_dr(5) == 7


def test_d3_3_example_t34_turns_its_turret_in_the_dfph() -> None:
    # T34/85 in I6 fires at a 4-6-7 in J5 after one hexspine of turret turn: +1 (T) +1 (BU) +3 (TEM).
    drm_a = od.case_a(PACK, "T", turret_turns=1)
    th, _ = od.to_hit(PACK, target_type="infantry", rng=1, cases=("I",), case_a_drm=drm_a, tem=3)
    assert drm_a == 1 and PACK.base_th("infantry", 1) - th == 5
    assert PACK.cases["J1"] == 3 and PACK.cases["C"] == 4 and PACK.cases["C1"] == 5


@pytest.mark.parametrize(
    ("kwargs", "drm"),
    [
        ({"turret_turns": 2}, 2),  # b) CMG/MA at Z5: TCA two hexspines
        ({"turret_turns": 1}, 1),  # d) on to the 6-2-8
        ({"acquired_again": True, "turret_turns": 1}, 0),  # d) again at the acquired 6-2-8
        ({"hull_turns": 2, "bow": True}, 4),  # VCA two hexspines: BMG at Z3
        ({"hull_turns": 2, "turret_turns": 1}, 5),  # ... turret weapons at Z3
        ({"hull_turns": 1, "bow": True}, 3),  # VCA one hexspine: BMG
        ({"hull_turns": 1, "turret_turns": 2}, 5),  # turret two hexspines relative to the new hull
        ({"hull_turns": 1, "turret_turns": 1}, 4),  # turret held: one hexspine relative to the hull
    ],
)
def test_d3_51_case_a_stacking(kwargs: dict[str, Any], drm: int) -> None:
    assert od.case_a(PACK, "T", **kwargs) == drm


def test_d2_321_bypass_case_a_for_an_st_turret() -> None:
    assert od.case_a(PACK, "ST", turret_turns=1, bypass_side=True) == 3  # to the side TCA: +2 +1
    assert od.case_a(PACK, "ST", turret_turns=1) == 2  # a new target in the side TCA
    assert od.case_a(PACK, "ST", acquired_again=True) == 0
    assert od.case_a(PACK, "ST", turret_turns=2, bypass_side=True) == 4  # front to rear, through the side


def test_hull_down_hull_hits_miss_and_no_tem() -> None:
    th, steps = od.to_hit(PACK, target_type="vehicle", rng=4, tem=1, cases=("height",), hd=True)
    assert th == PACK.base_th("vehicle", 4) and not any(
        s.name in ("Q", "height") for s in steps
    )  # D4.2, D4.22
    assert od.location(PACK, (4, 2)) == "turret" and od.location(PACK, (2, 4)) == "hull"
    assert od.hits((4, 2), th, hd=True, pack=PACK) and not od.hits((2, 4), th, hd=True, pack=PACK)


def test_results_chapter_d_fixes() -> None:
    assert od.tk_result(PACK, 4, 4, HT, mg=True) == "stunned"  # D5.34: an MG TK DR equal to the TK#
    assert od.tk_result(PACK, 6, 6, TRUCK) == "immobilized"  # D6.71
    assert od.tk_result(PACK, 7, 6, TRUCK) == "none"  # D6.71: one more is no effect
    assert od.tk_result(PACK, 6, 6, TANK) == "shocked"
    assert od.tk_result(PACK, 5, 6, TANK) == "destroyed"
    red = parse_vehicle(
        "t",
        "red",
        {
            "movement": "tracked",
            "mp": 14,
            "armor": {"hull_front": 8, "hull_side": 4},
            "cs": 7,
            "cs_red": True,
        },
    )
    assert od.tk_result(PACK, 7, 11, TANK) == "burns" and od.tk_result(PACK, 8, 11, TANK) == "destroyed"
    assert od.tk_result(PACK, 8, 11, red) == "burns"  # D5.7: a red CS# takes 1 off the burn check only
    assert od.malfunction((6, 6)) and not od.malfunction((5, 6)) and od.malfunction((5, 6), b=11)  # D3.7


def test_d5_6_crew_survival() -> None:
    assert od.crew_survives(7, TANK) and not od.crew_survives(8, TANK)
    assert not od.crew_survives(7, TANK, shaken=True)  # +1 broken, shocked or stunned
    assert not od.crew_survives(2, TANK, burned=True) and not od.crew_survives(2, TANK, in_cc=True)


def test_d7_2_street_fighting_cc_against_a_moving_tank() -> None:
    # a 4-4-7 with a leader: CCV 6; +2 moving vehicle, -2 ambush and leadership.
    value = od.ccv("squad", with_smc=True)
    drm = od.cc_drm(moving=True, ambush=-1, leadership=-1)
    assert (value, drm) == (6, 0)
    assert od.cc_result(6, drm, value) == "immobilized"
    assert od.cc_result(5, drm, value) == "destroyed" and od.cc_result(4, drm, value) == "destroyed"
    assert od.cc_result(3, drm, value) == "burns" and od.cc_result(7, drm, value) == "none"


def test_d7_2_cc_reaction_only_an_original_2() -> None:
    # the 6-2-8 reacting as sequential First Fire: CCV 5 - 1, +2 vs a non-stopped tank: only an original 2.
    value = od.ccv("squad", halvings=1)
    drm = od.cc_drm(moving=True)
    assert all(od.cc_result(dr, drm, value) == "none" for dr in range(3, 13))
    assert od.cc_result(2, drm, value, extra_dr=3) == "immobilized"  # A11.501
    assert od.cc_result(2, drm, value, extra_dr=2) == "destroyed"
    assert od.cc_result(2, drm, value, extra_dr=5) == "immobilized"  # final 4 = CCV 4
    # the FPF variant after a failed PAATC: CCV 5 -1 (pinned) -1 (Final Fire) = 3: only the extra dr can hurt
    pinned = od.ccv("squad", halvings=2)
    assert pinned == 3 and od.cc_result(2, drm, pinned, extra_dr=5) == "none"
    assert od.cc_result(2, drm, pinned, extra_dr=1) == "burns"


def test_bad_pack_names_file_and_key() -> None:
    with pytest.raises(od.PackError, match=r"mine\.json, key 'case_a'"):
        od.parse_pack(
            "mine.json",
            {
                "format": "hexmate-asl-ordnance/1",
                "to_hit": {"vehicle": [[6, 8]]},
                "to_kill": {"75L": [[6, 13]]},
                "case_a": {"T": [0, 1]},
            },
        )
    with pytest.raises(od.PackError, match=r"mine\.json, key 'to_hit\.vehicle'"):
        od.parse_pack(
            "mine.json",
            {
                "format": "hexmate-asl-ordnance/1",
                "to_hit": {"vehicle": [[6]]},
                "case_a": {"T": [0, 1], "ST": [0, 2], "NT": [0, 3]},
            },
        )


def test_d3_71_low_ammo_of_a_circled_b11() -> None:
    # IS-3, circled B11: 12 malfunctions, 11 is Low Ammo; afterwards 11-12 disable the MA, 10 malfunctions.
    assert od.breakdown(12, 11, low_ammo=True) == "malfunction"
    assert od.breakdown(11, 11, low_ammo=True) == "low_ammo"
    assert od.breakdown(10, 11, low_ammo=True) == ""
    assert od.breakdown(11, 11, low_ammo=True, low_ammo_marker=True) == "disabled"
    assert od.breakdown(12, 11, low_ammo=True, low_ammo_marker=True) == "disabled"
    assert od.breakdown(10, 11, low_ammo=True, low_ammo_marker=True) == "malfunction"
    assert od.breakdown(11) == "" and od.breakdown(11, 11) == "malfunction"  # a printed B11 (D3.7)


def test_d3_7_repair() -> None:
    assert [od.repair(d) for d in range(1, 7)] == ["repaired", "", "", "", "", "disabled"]


def test_d_8_general_collateral_of_the_continued_example() -> None:
    # T-CBT-02: the crew's general collateral attack: original 8, +2 CE, +1 hindrance = 11
    assert od.collateral_dr(8) + 1 == 11
