"""Vehicle MGs on the IFT (D1.81-D1.83, D3.5, D3.52, D3.53, D3.3.1, D2.42) and exposed crews (D5.31, D5.311,
D6.23). Vehicle values below are demo values (the D3.5 example names a CE PzIVH; its MG FP are not in the
text), the DRMs are the text's."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import vmg
from hexmate.rules.games.asl.vehicles import MainArmament, VehicleType
from hexmate.rules.hexes import Hex

PACK = od.load_pack()
# demo values: a turreted closed-top AFV with BMG 2, CMG 2, AAMG 2
PZ = VehicleType("demo-pz", "demo tank", "german", "", "tracked", 12, False, "normal", 8, 5, 8, 5, "", False,
                 0, MainArmament(75, "gun", "L", "T", 1, 12), bmg=2, cmg=2, aamg=2, demo=True)
HERE = Hex(0, 0)


def _two_spines() -> Hex:
    """A target two hexspines off TCA 0 (the D3.5 example's 4-4-7 in Z5, relative to the TCA W6X6)."""
    for q in range(-4, 5):
        for r in range(-4, 5):
            h = Hex(q, r)
            if h != HERE and fc.hexspines_to(HERE, h, 0) == 2:
                return h
    raise AssertionError


def test_d35_example_cmg_two_hexspines_plus_two() -> None:
    """D3.5 example: the CE PzIVH's CMG at the 4-4-7 turns the TCA two hexspines: +2 on the IFT DR (C5.1)."""
    target = _two_spines()
    got = vmg.mg_attack(PACK, PZ, frozenset({"ce"}), HERE, 0, 0, target, ["cmg"], phase="PFPh",
                        bounding=False, moving=False)
    assert got.drm == 2 and got.fp == 2


def test_d35_example_aamg_outside_ca_no_drm() -> None:
    """D3.5 example, D1.83: the AAMG fires outside the CAs with no DRM (the 5-2-7), but needs the crew CE."""
    target = _two_spines()
    got = vmg.mg_attack(PACK, PZ, frozenset({"ce"}), HERE, 0, 0, target, ["aamg"], phase="PFPh",
                        bounding=False, moving=False)
    assert got.drm == 0 and got.fp == 2
    with pytest.raises(IllegalAction) as e:
        vmg.mg_attack(PACK, PZ, frozenset(), HERE, 0, 0, target, ["aamg"], phase="PFPh", bounding=False,
                      moving=False)
    assert e.value.rule == "D1.83"


def test_d352_bmg_out_of_vca_nt_rate_and_largest_drm() -> None:
    """D3.52: a BMG outside the VCA takes the NT Case A (one hexspine +3, the D3.51 example's NT rate);
    BMG and CMG together take the largest CA DRM (D3.5)."""
    target = next(h for h in (Hex(q, r) for q in range(-3, 4) for r in range(-3, 4))
                  if h != HERE and fc.hexspines_to(HERE, h, 0) == 1)
    got = vmg.mg_attack(PACK, PZ, frozenset(), HERE, 0, 0, target, ["bmg", "cmg"], phase="DFPh",
                        bounding=False, moving=False)
    assert got.fp == 4 and got.drm == 3


def test_moving_fire_halves_instead_of_case_a_and_afph_halves() -> None:
    """D3.52/D3.3.1: moving fire has no Case A, its FP is halved; D3.53: AFPh MG FP halved; D2.42: Motion
    halves again, cumulatively."""
    target = _two_spines()
    bff = vmg.mg_attack(PACK, PZ, frozenset(), HERE, 0, 0, target, ["cmg"], phase="MPh", bounding=True,
                        moving=False)
    assert bff.drm == 0 and bff.fp == 1
    afph = vmg.mg_attack(PACK, PZ, frozenset(), HERE, 0, 0, Hex(1, 0),
                         ["bmg", "cmg"], phase="AFPh", bounding=False, moving=True)
    assert afph.fp == Fraction(1)


def test_range_once_per_turn_and_stun() -> None:
    """D1.81: BMG normal range 8, so 16 at most (A7.22's Long Range: 9 hexes is allowed, halved); D3.5: once
    per player turn; D5.34: a stunned AFV does not fire."""
    far = Hex(17, 0)
    with pytest.raises(IllegalAction):
        vmg.mg_attack(PACK, PZ, frozenset(), HERE, 0, 0, far, ["bmg"], phase="PFPh", bounding=False,
                      moving=False)
    with pytest.raises(IllegalAction) as e:
        vmg.mg_attack(PACK, PZ, frozenset({vmg.fired_marker("cmg")}), HERE, 0, 0, Hex(1, 0), ["cmg"],
                      phase="PFPh", bounding=False, moving=False)
    assert e.value.rule == "D3.5"
    with pytest.raises(IllegalAction) as e:
        vmg.mg_attack(PACK, PZ, frozenset({"stunned"}), HERE, 0, 0, Hex(1, 0), ["cmg"], phase="PFPh",
                      bounding=False, moving=False)
    assert e.value.rule == "D5.34"


def test_exposed_crew_drms() -> None:
    """D5.31: a CE crew +2, not added to a positive TEM; D5.311: unarmored aspect none; D6.23: riders none;
    a BU crew is not exposed (D5.2)."""
    assert vmg.exposed_drm(PZ, frozenset({"ce"}), rider=False, unarmored_aspect=False, tem=1) == (2, "D5.31")
    assert vmg.exposed_drm(PZ, frozenset({"ce"}), rider=False, unarmored_aspect=True, tem=0) == (0, "D5.311")
    assert vmg.exposed_drm(PZ, frozenset(), rider=True, unarmored_aspect=False, tem=0) == (0, "D6.23")
    with pytest.raises(IllegalAction):
        vmg.exposed_drm(PZ, frozenset(), rider=False, unarmored_aspect=False, tem=0)


def test_a7_82_an_open_topped_afvs_pinned_crew_fires_its_mgs_at_half_fp() -> None:
    """A7.82: the pinned crew of an OT AFV stays CE but its MG FP is halved (BMG 2 + CMG 2 = 4 -> 2); a CT
    AFV's pinned crew is BU instead (its FP is not halved here)."""
    ot = dataclasses.replace(PZ, open_topped=True)
    target = next(h for h in (Hex(q, r) for q in range(-3, 4) for r in range(-3, 4))
                  if h != HERE and fc.hexspines_to(HERE, h, 0) == 0)
    got = vmg.mg_attack(PACK, ot, frozenset({"crew_pinned"}), HERE, 0, 0, target, ["bmg", "cmg"],
                        phase="DFPh", bounding=False, moving=False)
    assert got.fp == 2 and ("crew_pinned", "A7.82") in {(s.name, s.rule) for s in got.steps}
    ct = vmg.mg_attack(PACK, PZ, frozenset({"crew_pinned", "bu"}), HERE, 0, 0, target, ["bmg", "cmg"],
                       phase="DFPh", bounding=False, moving=False)
    assert ct.fp == 4


def _turret(mount: str) -> VehicleType:
    return dataclasses.replace(PZ, ma=MainArmament(45, "gun", "", mount, 0, 12))


@pytest.mark.parametrize("mount", ["RST", "1MT"])
def test_d1_321_d1_322_rst_and_one_man_turret_no_cmg_while_ce(mount: str) -> None:
    """D1.321 (RST: the text's BT-5) and D1.322 (1MT: the PzKpfw I B): treated as ST, but while CE neither
    the MA nor the CMG fires; BU, the CMG fires as usual, and CE the AAMG still may (D1.83)."""
    vt = _turret(mount)
    target = Hex(0, -3)
    with pytest.raises(IllegalAction, match=rf"CMG does not fire while the crew is CE.*{mount}"):
        vmg.mg_attack(PACK, vt, frozenset({"ce"}), HERE, 0, 0, target, ["cmg"], phase="PFPh",
                      bounding=False, moving=False)
    with pytest.raises(IllegalAction, match="MA does not fire while the crew is CE"):
        vmg.restricted_turret(vt, frozenset({"ce"}), "MA")
    assert vmg.mg_attack(PACK, vt, frozenset(), HERE, 0, 0, target, ["cmg"], phase="PFPh",
                         bounding=False, moving=False).fp == 2
    assert vmg.mg_attack(PACK, vt, frozenset({"ce"}), HERE, 0, 0, target, ["aamg"], phase="PFPh",
                         bounding=False, moving=False).fp == 2
    vmg.restricted_turret(vt, frozenset(), "MA")  # BU: no refusal


def test_d1_32_a_plain_st_turret_fires_its_cmg_while_ce() -> None:
    """D1.32: an ST turret has no such limit (only RST and 1MT, D1.321-D1.322)."""
    got = vmg.mg_attack(PACK, _turret("ST"), frozenset({"ce"}), HERE, 0, 0, Hex(0, -3), ["cmg"],
                        phase="PFPh", bounding=False, moving=False)
    assert got.fp == 2


def test_a7_22_long_range_each_mg_to_twice_its_normal_range_its_fp_halved() -> None:
    """A7.22 with D1.81/D1.82: the BMG (normal range 8) and CMG (12), 2 FP each (demo values), at 10 hexes:
    the BMG is at Long Range, its 2 FP halved to 1, the CMG's 2 whole: 3 FP. At 20 hexes only the CMG
    reaches (D1.82: A9.4's 16-hex limit does not hold it), 1 FP; at 17 the BMG does not; at 25 neither."""
    def fp(rng: int, weapons: list[str]) -> Fraction:
        return vmg.mg_attack(PACK, PZ, frozenset({"ce"}), HERE, 0, 0, Hex(0, -rng), weapons, phase="PFPh",
                             bounding=False, moving=False).fp

    assert fp(8, ["bmg"]) == 2
    assert fp(10, ["bmg", "cmg"]) == 3
    assert fp(16, ["bmg"]) == 1 and fp(16, ["aamg"]) == 1
    assert fp(20, ["cmg"]) == 1
    with pytest.raises(IllegalAction, match=r"A7\.22"):
        fp(17, ["bmg"])
    with pytest.raises(IllegalAction, match=r"A7\.22"):
        fp(25, ["cmg"])
    steps = vmg.mg_attack(PACK, PZ, frozenset(), HERE, 0, 0, Hex(0, -10), ["bmg"], phase="PFPh",
                          bounding=False, moving=False).steps
    assert any(s.name == "long_range:bmg" and s.rule == "A7.22" for s in steps)
