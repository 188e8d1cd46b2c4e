"""Vehicular movement arithmetic from chapter D's worked examples (D2, D4.22, D6.4-D6.5, D7.1, D8)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import vmove as vm
from hexmate.rules.games.asl.vehicles import parse_vehicle
from hexmate.rules.hexes import distance
from hexmate.rules.labels import Grid

TANK = parse_vehicle(
    "test",
    "tank",
    {"movement": "tracked", "mp": 12, "manufacturer": "g", "armor": {"hull_front": 8, "hull_side": 3}},
)


def test_d2_11_example_six_mp() -> None:
    # two hexspines, N3 (open), one hexspine, N4 across a wall: 2 + 1 + 1 + (1 + 1) = 6 MP, no start MP.
    total = vm.turn_mp(2) + vm.entry_mp(1) + vm.turn_mp(1) + vm.entry_mp(1, wall=True)
    assert total == 6


def test_d2_21_reverse_bypass_then_reverse() -> None:
    # BT-7 in FF5: start, reverse-bypass FF6 (open): 1 + (2 x 1) x 4 = 9; reverse into EE7: 4; 13 in all.
    first = vm.START_MP + vm.reverse_mp(vm.bypass_mp(1), 4)
    assert first == 9
    assert first + vm.reverse_mp(vm.entry_mp(1), 4) == 13


def test_d2_24_stop_restart_reverse_uphill() -> None:
    # in Motion in FF5: stop + start in reverse (2), reverse into EE6 uphill: 4 x (1 + 4) = 20, 22 in all.
    total = vm.STOP_MP + vm.START_MP + vm.reverse_mp(vm.entry_mp(1, higher=True), 4)
    assert total == 22
    assert total + vm.STOP_MP == 23


def test_d2_3_bypass_uphill() -> None:
    assert vm.bypass_mp(1, 4) == 10  # VBM from J10 into higher I10: (4 + 1) x 2


def test_d2_33_bypass_options_of_a_pz_vi() -> None:
    # PzVI E (12 MP) CE: V3 by road 1/2, turn 1, bypass V4 along U4/V4 2: 3 1/2 so far.
    so_far = vm.road_mp(buttoned=False) + vm.turn_mp(1) + vm.bypass_mp(1)
    assert so_far == Fraction(7, 2)
    assert so_far + vm.turn_mp(1) + vm.bypass_mp(1) == Fraction(13, 2)  # red and blue routes
    assert so_far + vm.obstacle_mp(12) == Fraction(19, 2)  # yellow: into the U5 building for 1/2 MPA
    assert vm.bog_drm(TANK, vm.BogCase(entering="stone")) == 5  # ... with a bog check at +5
    assert so_far + vm.STOP_MP + vm.START_MP + vm.reverse_mp(1, 4) == Fraction(19, 2)  # reverse into V3


def test_d2_5_esb() -> None:
    assert vm.esb_drm(TANK, 3) == 5  # +3 for the MP, +2 German
    assert vm.esb_ok(6, 5) and not vm.esb_ok(7, 5)
    red = replace(TANK, red_mp=True)
    assert vm.esb_drm(red, Fraction(5, 2)) == 5  # FRU: +3, +2 German
    assert vm.esb_drm(TANK, Fraction(5, 2)) == 4  # FRD: +2
    with pytest.raises(IllegalAction, match=r"D2\.5"):
        vm.esb_drm(TANK, 4)  # more than 1/4 of 12


def test_d2_16_road_rate() -> None:
    assert vm.road_mp(buttoned=False) == Fraction(1, 2)
    assert vm.road_mp(buttoned=True) == 1
    # a road hex holding one wreck, entered along the road at road rate: +2 (D2.14)
    assert vm.entry_mp(vm.road_mp(buttoned=False), others=1, road_rate=True) == Fraction(5, 2)


def test_d6_4_loading() -> None:
    assert vm.loading_mp_left(12, 2) == 6  # a HS with 2 MF left: 1/2 of the MPA
    assert vm.loading_mp_left(12, 0) == 0
    assert vm.loading_mp_left(12, 1) == 3  # with an SMC's help: 1/4


def test_d6_5_unloading() -> None:
    assert vm.unloading(12, 7) == (4, 3)  # 7 MP -> 3 quarters (FRU) + 1 MF; the vehicle pays 3 MP
    with pytest.raises(IllegalAction, match=r"D6\.5"):
        vm.unloading(12, 10)


def test_d8_2_two_bog_checks() -> None:
    pz2 = replace(TANK, ground_pressure="low")
    assert vm.bog_drm(pz2, vm.BogCase()) == 0  # the stream hex
    assert vm.bog_drm(pz2, vm.BogCase(higher_woods=True, entering="woods")) == 4
    assert vm.bog_drm(pz2, vm.BogCase(higher_woods=True, entering="woods", minimum_move=True)) == 1
    normal = vm.bog_drm(TANK, vm.BogCase(entering="woods"))  # +1 normal pressure +3 woods
    assert normal == 4 and vm.bogged(8, normal) and not vm.bogged(7, normal)


def test_d8_3_bog_removal() -> None:
    assert vm.bog_removal(2, 5, TANK) == ("freed", 10)
    truck = parse_vehicle("test", "truck", {"movement": "truck", "mp": 20, "armor": None})
    assert vm.bog_removal(2, 5, truck) == ("freed", 20)
    assert vm.bog_removal(5, 1, TANK)[0] == "mired"
    assert vm.bog_removal(6, 1, TANK)[0] == "immobilized"
    assert vm.bog_removal(5, 3, TANK, assist=True) == ("freed", 15)


def test_d4_22_hd_maneuver() -> None:
    drm = vm.hd_drm(soviet_ct=True, buttoned=True, setup=True)
    assert drm == 2
    assert vm.hd_hexsides(1, drm) == 1 and vm.hd_hexsides(2, drm) == 0


def test_d7_2_overrun_mp_and_fp() -> None:
    # a 14-MP tank enters woods (7) and declares an OVR (1/4 of 14 = 3 1/2, FRU 4): 11 MP, 13 in all.
    assert vm.obstacle_mp(14) + vm.ovr_mp(14) == 11
    tank = parse_vehicle(
        "test",
        "t34",
        {
            "movement": "tracked",
            "mp": 14,
            "armor": {"hull_front": 8, "hull_side": 4},
            "ma": {"calibre": 85},
            "mg": {"bmg": 5, "cmg": 6},
        },
    )
    assert tank.ovr_fp() == Fraction(41, 2)  # 11 MG FP x 3 = 33, halved 16 1/2, + 4 = 20 1/2: the 20 column


def test_d13_smoke_dispensers_and_grenades() -> None:
    # T-CBT-15: an sD7 on a BU AFV fires on a DR of 6 or less (7 - 1); grenades: CE AFV dr <= 2, BU OT dr 1
    assert vm.smoke_dispenser(6, 7, buttoned=True) and not vm.smoke_dispenser(7, 7, buttoned=True)
    assert vm.smoke_dispenser(4, 7, moving_sm=True, case_a=1) and not vm.smoke_dispenser(
        5, 7, moving_sm=True, case_a=1
    )
    assert vm.smoke_grenades(2, ce_afv=True) and not vm.smoke_grenades(3, ce_afv=True)
    assert vm.smoke_grenades(1, ce_afv=False) and not vm.smoke_grenades(2, ce_afv=False)


@pytest.mark.parametrize(
    ("action", "shaken", "ok"),
    [
        ("enter", True, False),
        ("load", True, False),
        ("enter", False, True),
        ("load", False, True),
        ("abandon", True, True),
        ("unload", True, True),
        ("unhook", True, False),
        ("unhook", False, True),
    ],
)
def test_d5_43_getting_on_and_off_under_fire(action: str, shaken: bool, ok: bool) -> None:
    # T-CBT-18: pinned, broken or eliminated (or the vehicle destroyed) = shaken
    assert vm.boarding(action, shaken=shaken) == ok


def test_d17_25_aerosan_overrun_fp() -> None:
    # T-MOV-15: NKL-26: an AFV whose MA is an MG: base 2 + its 4-FP AAMG x3 / 2 = 8 (D7.11); its movement
    # and MP here are placeholders (aerosans are not built), only the armament counts
    nkl = parse_vehicle(
        "test",
        "nkl",
        {
            "movement": "tracked",
            "mp": 30,
            "armor": {"hull_front": 1, "hull_side": 1},
            "ma": {"kind": "MG", "calibre": 0},
            "mg": {"aamg": 4},
        },
    )
    assert nkl.ovr_fp() == 8
    # the example's path in deep snow (COT 1 a hex for the aerosan): start 1, turn 1, Y7 1, a declared turn 1,
    # X6 + turn 2, W6 + turn 2, V6: COT 1 + OVR 8 + turn 1 = 18 (D17.25); OVR 8 = a quarter of an MPA of
    # 29 to 32 (D7.1; the NKL-26's MPA is in its Vehicle Note, not the texts)
    assert {mpa for mpa in range(20, 40) if vm.ovr_mp(mpa) == 8} == {29, 30, 31, 32}
    turn = vm.turn_mp(1)
    steps = [vm.START_MP, turn, vm.entry_mp(1), turn, vm.entry_mp(1) + turn, vm.entry_mp(1) + turn,
             vm.entry_mp(1) + vm.ovr_mp(nkl.mp) + turn]
    assert [sum(steps[: i + 1]) for i in range(len(steps))] == [1, 2, 3, 4, 6, 8, 18]


def test_t_mov_05_d2_31_occupied_bypass_hexside() -> None:
    # D2.31 example: a vehicle bypasses the J10 woods along the J10-I10 hexside; a second vehicle may not
    # bypass the I10 building along that same hexside.
    side = frozenset({"J10", "I10"})
    bypassed = {side}
    assert vm.bypass_allowed("woods", side, set()) is None  # the first vehicle
    why = vm.bypass_allowed("stone-building", side, bypassed)
    assert why is not None and "bypassing along that hexside" in why
    assert vm.bypass_allowed("stone-building", frozenset({"I10", "I11"}), bypassed) is None
    assert vm.bypass_allowed("open", side, set()) is not None  # only woods or buildings (D2.33: not U4)
    assert vm.bypass_allowed("rubble", side, set()) is not None
    assert vm.bypass_allowed("woods", side, set(), burning=True) is not None


def test_t_cbt_12_d9_31_armored_assault_reach() -> None:
    # D9.31 example: a squad under a PzVI E in BB5 has spent 2 of its 4 MF; it goes into the CC5 woods and the
    # tank may go on alone only as far as the squad's 2 MF would take it (CC6, DD5: 1 MF each in the open).
    grid = Grid.asl()
    bb5 = grid.to_hex(*grid.parse("BB5"))

    def far(label: str) -> int:
        return distance(bb5, grid.to_hex(*grid.parse(label)))

    left = vm.armored_assault_left(4, 2)
    assert left == 2 and far("CC6") == 1 and far("DD5") == 2 and far("EE5") > left
    # with 6 MF (Double Time declared at the start, or a leader along): 4 left, EE5 (3) or FF4 (4)
    left = vm.armored_assault_left(4 + vm.double_time_mf(after_moving=False), 2)
    assert left == 4 and far("EE5") <= left and far("FF4") <= left and far("GG4") > left
    # Double Time declared in the woods, after moving: +1 MF only (A4.5), so EE5 and no farther
    left = vm.armored_assault_left(4 + vm.double_time_mf(after_moving=True), 2)
    assert left == 3 and far("EE5") <= left and far("FF4") > left


def test_d1_11_to_d1_15_d17_1_the_movement_type_sets_reverse_and_esb() -> None:
    """D1.12, D1.13, D1.15 read with D2.21 (reverse costs 4x tracked, 3x truck, 2x most armored cars) and D2.5
    (only tracked vehicles attempt ESB); D1.14: a half-tracked vehicle is a type of its own, not fully
    tracked, so it attempts no ESB either; D1.11 the motorcycle and D17.1 the aerosan (the sixth type, read
    from the skis behind its MP) are types of their own too: no ESB, and no reverse (D15.42, D17.21)."""
    tracked, truck, car, half, sled = (parse_vehicle("test", m, {"movement": m, "mp": 12})
                                       for m in ("tracked", "truck", "armored_car", "halftrack", "aerosan"))
    cycle = parse_vehicle("test", "m", {"movement": "motorcycle", "mp": 12, "silhouettes": 3})
    assert (tracked.rev, truck.rev, car.rev) == (4, 3, 2)
    assert (cycle.movement, cycle.rev, sled.movement, sled.rev) == ("motorcycle", 0, "aerosan", 0)
    assert tracked.tracked and not any(v.tracked for v in (half, cycle, sled))
    assert vm.esb_drm(tracked, 1) == 4  # +1 for the MP, +3 for an "other" manufacturer (D2.5's table)
    for other in (truck, car, half, cycle, sled):
        with pytest.raises(IllegalAction, match=r"\(D2\.5\)"):
            vm.esb_drm(other, 1)


def test_d1_15_d1_41_to_d1_43_the_ba20_bogs_as_a_high_pressure_truck() -> None:
    """D8.21 in the open: the text's own examples, a StuG III B (D1.42 normal pressure, fully tracked) +1, a
    PzKpfw I B (D1.41 low) 0, the BA-20 (an armored car moving as a truck, D1.15, with its ID circled, D1.43
    high): +2 pressure +1 truck-type MP = +3. Armor values here are invented (fully armored)."""
    stug = parse_vehicle("test", "stug", {"movement": "tracked", "mp": 12,
                                          "armor": {"hull_front": 8, "hull_side": 3}})
    pz1 = parse_vehicle("test", "pz1", {"movement": "tracked", "mp": 12, "ground_pressure": "low",
                                        "armor": {"hull_front": 1, "hull_side": 1}})
    ba20 = parse_vehicle("test", "ba20", {"movement": "truck", "mp": 12, "ground_pressure": "high",
                                          "armor": {"hull_front": 1, "hull_side": 0}})
    assert stug.ground_pressure == "normal"  # D1.42: no box, no circle: the catalogue's default
    assert [vm.bog_drm(v, vm.BogCase()) for v in (stug, pz1, ba20)] == [1, 0, 3]
