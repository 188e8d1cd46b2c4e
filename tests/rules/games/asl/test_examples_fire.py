"""Worked examples of ASL fire (A7-A9, A22) from the rulebook's numbers (digest asl-a1 §7.A, asl-a2 §5.1,
asl-a3 §5; checked against the text): the FP of each shot, the IFT column, Cowering. The resolution through
the game (DRMs, results, decisions) is in test_fire.py and fire_cases.json."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexmate.rules.charts import load_pack
from hexmate.rules.games.asl import firepower as fpw
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl.fire import cowering_shift
from hexmate.rules.text import T

IFT = load_pack("rules/games/asl/charts/demo.json", "asl").chart("ift")
AXIS = IFT.axis("fp")
AREA = (T("concealed target"), "A7.23")
SPRAY = (T("spraying fire"), "A9.5")


def fp(shot: fpw.Shot, d: int, phase: str = "PFPh", **kw: object) -> Fraction:
    got, steps = fpw.shot_fp(shot, d, phase=phase, **kw)  # type: ignore[arg-type]
    assert steps[-1][0] == f"= {fpw.fmt(got)} FP"
    return got


def col(total: Fraction, shift: int = 0) -> int | None:
    c = fpw.column(AXIS, total, shift)
    return None if c is None else int(AXIS.key_at(c))


def test_t7_306_fire_group_at_long_range_with_an_mmg_on_the_8_column() -> None:
    squad = fpw.Shot("4-6-7", 4, 6)
    mmg = fpw.Shot("MMG", 5, 12, kind="mg")
    total = fp(squad, 7) + fp(squad, 7) + fp(mmg, 7)
    assert total == 9 and col(total) == 8


def test_t7_34_squad_spraying_fire() -> None:
    sq = fpw.Shot("6-2-8", 6, 2, spray=True)
    assert fpw.spraying_ok([sq], [2, 3], True) is None
    c5, c4 = fp(sq, 2, area=[SPRAY]), fp(sq, 3, area=[SPRAY])
    assert (c5, col(c5)) == (3, 2)
    assert (c4, col(c4)) == (Fraction(3, 2), 1)
    assert str(IFT.lookup(fp=2, final_dr=3)) == "1MC"  # Original DR 3 at C5 (oracle cell)
    assert str(IFT.lookup(fp=1, final_dr=4)) == "NMC"  # 3 + woods 1 at C4 (oracle cell)
    assert fpw.spraying_ok([sq], [3, 4], True) is not None
    assert fpw.spraying_ok([fpw.Shot("4-6-7", 4, 6)], [1, 2], True) is not None


def test_t9_5_squad_and_lmg_spray_two_hexes() -> None:
    shots = [fpw.Shot("5-4-8", 5, 4), fpw.Shot("LMG", 3, 8, kind="mg")]
    assert fpw.spraying_ok(shots, [1, 2], True) is None
    h3 = sum(fp(s, 1, area=[SPRAY]) for s in shots)
    i4 = sum(fp(s, 2, area=[SPRAY]) for s in shots)
    assert (h3, i4) == (8, 4)


def test_t7_36_assault_fire() -> None:
    assert fp(fpw.Shot("6-6-6", 6, 6, assault_fire=True), 4, "AFPh") == 4
    two = [fpw.Shot("5-4-8", 5, 4, assault_fire=True)] * 2
    assert sum(fp(s, 1, "AFPh", area=[AREA]) for s in two) == 8
    assert fp(fpw.Shot("6-6-6", 6, 6, assault_fire=True), 8, "AFPh") == Fraction(3, 2)  # not at Long Range


def test_t9_4_hmg_at_long_range_against_a_concealed_squad() -> None:
    hmg = fpw.Shot("HMG", 6, 12, kind="mg")
    assert fp(hmg, 18, area=[AREA]) == Fraction(3, 2)
    assert fp(hmg, 18) == 3


def test_t8_41_long_fpf_example_fp() -> None:
    squad, lmg = fpw.Shot("4-6-7", 4, 6), fpw.Shot("LMG", 3, 8, kind="mg")
    first = fp(squad, 1, "MPh") + fp(lmg, 1, "MPh")
    assert (first, col(first)) == (14, 12)  # step 1: 7 x 2 PBF
    sff = [(T("Subsequent First Fire"), "A8.3")]
    second = fp(squad, 0, "MPh", area=sff) + fp(lmg, 0, "MPh", area=sff)
    assert (second, col(second)) == (Fraction(21, 2), 8)  # step 2: 7 x 3 / 2
    afph = fp(squad, 0, "AFPh") + fp(lmg, 0, "AFPh")
    assert afph == Fraction(21, 2)  # step 5
    variant_a = fp(squad, 1, "MPh") + fp(lmg, 1, "MPh", sustained=True)
    assert variant_a == 11  # step 6: {4 + 1 1/2} x 2
    crew = fpw.Shot("2-2-8", 2, 2)
    assert fp(crew, 0, "MPh", area=sff) == 3 and fp(lmg, 0, "MPh", area=sff) == Fraction(9, 2)  # variant C


def test_t8_15_snap_shot_fp() -> None:
    snap = [(T("Snap Shot"), "A8.15")]
    assert fp(fpw.Shot("5-2-7", 5, 2), 1, "MPh", area=snap) == 5  # 5 x 2 PBF / 2 = the 2 1/2 x 2
    assert fp(fpw.Shot("4-4-7", 4, 4), 7, "MPh", area=snap) == 1


def test_t27_flamethrower_fp() -> None:
    ft = fpw.Shot("FT", 24, 1, kind="ft")
    assert fp(ft, 1) == 24 and fp(ft, 2) == 12
    assert fpw.max_range(ft) == 2
    assert fp(ft, 1, level_diff=2) == 12
    assert fp(ft, 1, area=[AREA]) == 12
    assert fp(ft, 1, "AFPh") == 24  # not halved in the AFPh


def test_t7_371_cowering_moves_columns_left() -> None:
    assert col(Fraction(4), 1) == 2 and col(Fraction(4), 2) == 1
    assert col(Fraction(5), 1) == 2
    assert col(Fraction(1), 1) is None  # the lowest column cowers to no effect (A7.9)


def test_a7_9_cowering_shift_depends_on_the_firers() -> None:
    from hexmate.rules.games.asl import units as au
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.hexes import Hex
    from hexmate.rules.scenario import CounterType

    cat = au.demo_catalogue()

    def u(name: str, *markers: str) -> UnitState:
        return UnitState(name, "a", CounterType(name, str(cat[name]["type"]), cat[name]), Hex(0, 0),
                         markers=frozenset(markers))

    assert cowering_shift([u("4-6-7")], None) == 1
    assert cowering_shift([u("4-6-7"), u("4-3-6")], None) == 2  # Inexperienced, even in a FG
    assert cowering_shift([u("4-4-7b")], None) == 0  # British 1st Line
    assert cowering_shift([u("4-6-7", "fanatic")], None) == 0
    assert cowering_shift([u("1-4-9")], None) == 0  # SMC


# --- special weapons (A22-A24), asl-a3 digest examples T14-T18, T26-T29 ---



def test_t27_ft_runs_out_of_fuel_and_fires_two_levels_at_most() -> None:
    assert sp.ft_out_of_fuel(10, elite=True) and not sp.ft_out_of_fuel(9, elite=True)
    assert sp.ft_out_of_fuel(8, elite=False) and not sp.ft_out_of_fuel(7, elite=False)
    assert sp.ft_level_ok(2) and not sp.ft_level_ok(3)


def test_t15a_partisan_mol_at_point_blank() -> None:
    assert sp.mol_check(2, "squad") and not sp.mol_check(3, "squad")  # +1 against a non-AFV target
    total = sp.mol_fp(fp(fpw.Shot("3-3-7", 3, 3), 1))
    assert (total, col(total)) == (10, 8)
    assert str(IFT.lookup(fp=8, final_dr=8)) == "NMC"  # Original 7 + woods 1 (the example's NMC)
    assert sp.mol_effects(6, 1) == ("target", True)  # coloured 1: Flame in W9
    assert sp.mol_effects(1, 6) == ("user", True)  # (b) coloured 6: the user breaks, Flame in X8


def test_t15d_mol_with_tpbf() -> None:
    total = sp.mol_fp(fp(fpw.Shot("3-3-7", 3, 3), 0, "MPh"))
    assert (total, col(total)) == (13, 12)


def test_t14_no_flame_in_wet_weather() -> None:
    assert sp.mol_effects(2, 1, flame_drm=-2) == ("target", False)


def test_t16_placed_dc() -> None:
    dc = sp.dc_placed(tem=3)
    assert (dc.fp, dc.drm) == (30, 3)
    assert sp.dc_placed(tem=3, cx=True).drm == 4
    concealed = sp.dc_placed(tem=3, concealed=True)
    assert (concealed.fp, col(concealed.fp)) == (15, 12)
    assert sp.dc_placed(tem=4).drm == 4  # fortified: +1 TEM more


def test_t26_thrown_and_set_dc() -> None:
    """A23.6, A23.62: a DC thrown in the AFPh attacks at +2 +1 and the thrower's Location at +3 +1; thrown by
    a unit marked for Opportunity Fire the AFPh's +1 does not apply."""
    target, thrower = sp.dc_thrown(tem=0, phase="AFPh")
    assert (target.drm, thrower.drm) == (3, 4)
    target, thrower = sp.dc_thrown(tem=0, phase="AFPh", opportunity=True)
    assert (target.drm, thrower.drm) == (2, 3)
    assert sp.dc_malfunctions(10, set_enemy_infantry=2)
    assert not sp.dc_malfunctions(10)
    s = sp.dc_set()
    assert (s.fp, col(s.fp), s.drm) == (36, 36, -3)
    assert col(sp.dc_set(concealed=True).fp) == 16
    assert sp.dc_malfunctions(10, captured=True) and not sp.dc_malfunctions(12, second_thrown=True)


def test_t28_smoke_grenades() -> None:
    assert sp.smoke_exponent_ok(3, 3) == (True, False)
    assert sp.smoke_exponent_ok(6, 3) == (False, True)
    assert sp.smoke_grenade_cost(adjacent=True) == 2
    assert sp.smoke_exponent_ok(2, 3, wp=True) == (True, False)
    assert sp.smoke_exponent_ok(3, 3, wp=True) == (False, False)
    assert sp.Smoke("grenade").drm == 2 and sp.Smoke("wp_grenade").drm == 1


def test_t29_ordnance_smoke_life_cycle() -> None:
    first = sp.ordnance_smoke(first_pfph_attack=True)
    assert first.drm == 3
    later = sp.smoke_at_placers_pfph(first)
    assert later is not None and later.drm == 2
    assert sp.smoke_at_placers_pfph(later) is None
    assert sp.ordnance_smoke(first_pfph_attack=False).drm == 2


def test_t17_smoke_heights_and_within() -> None:
    i4 = [sp.Smoke("ordnance", level=0)]
    assert sp.smoke_los_drm([i4], levels=[3]) == 0  # the LOS passes above the smoke (A24.4)
    assert sp.smoke_los_drm([i4], levels=[1]) == 3
    i5 = [sp.Smoke("ordnance", dispersed=True)]
    assert sp.smoke_los_drm([i5], firer_in_smoke=True) == 3  # dispersed +2, +1 from within (A24.8)
    assert sp.smoke_los_drm([i5, i4], firer_in_smoke=True) == 6
    assert sp.smoke_los_drm([i4, i5]) == 5
    assert sp.location_smoke_drm([sp.Smoke("ordnance"), sp.Smoke("grenade")]) == 3  # at most +3 (A24.2)


# --- Encirclement (A7.7), the text's examples on board 3 hexes ---


def _board() -> Any:
    from hexmate.rules.maps import HexMap

    return HexMap.from_dict({"format": "hexmate-map/1", "name": "b3", "game": "asl", "boards": [
        {"id": "", "grid": {"kind": "asl", "columns": 30, "rows": 10},
         "default": {"terrain": "open", "level": 0}, "hexes": {}, "hexsides": []}]}, source="test-map")


def test_a7_7_u2_then_s5_encircle_t3_through_opposite_hexspines() -> None:
    b = _board()
    t3 = b.parse_label("T3")
    u2, s5 = fpw.entry_position(t3, b.parse_label("U2")), fpw.entry_position(t3, b.parse_label("S5"))
    assert u2 % 2 == 0 and s5 % 2 == 0  # both along hexspines (vertices)
    assert fpw.encircles([u2, s5])
    # or through both the S4-T3 and T4-T3 hexsides
    assert fpw.encircles([u2, fpw.entry_position(t3, b.parse_label("S4")),
                          fpw.entry_position(t3, b.parse_label("T4"))])
    assert not fpw.encircles([u2])


def test_a7_71_one_fire_group_round_t4_encircles_it() -> None:
    b = _board()
    t4 = b.parse_label("T4")
    entries = [fpw.entry_position(t4, b.parse_label(h)) for h in ("T3", "U4", "U5", "T5")]
    assert fpw.encircles(entries)  # T3 and T5 enter through opposite hexsides


def test_a7_7_two_non_opposite_hexsides_do_not_encircle() -> None:
    assert not fpw.encircles([1, 5]) and fpw.encircles([1, 5, 9]) and fpw.encircles([1, 7])
    assert not fpw.encircles([0, 7]) and fpw.encircles([0, 6])
