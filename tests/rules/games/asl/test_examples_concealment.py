"""Concealment examples of A12 from the rulebook's numbers (digest asl-a2 §5.5, checked against the text):
T-12.13a (a concealed firer and a concealed target both lose their "?", Cases B and A), T-12.13b (a gun's To
Hit against a concealed and a non-concealed unit of one hex: arithmetic only, for the base To Hit number, Case
K and the 75mm's IFT column are chapter C's, C3, C6 and C8.31, not among the texts), T-12.14a (a truck and
its HS stay Known out of concealment terrain at any range, Case H of A12.2; MG fire beyond 16 hexes, A9.4),
T-12.14b (board 1: a concealed squad keeps its "?" moving out of Good Order enemy sight, and firing at a
broken unit; firing at a Good Order one costs it, and Case J gives it back at the end of the turn). T-12.153
is in test_search.py. Analogue boards: the test board's hexes stand for the text's (each test's docstring says
which), counters from the demo catalogue, the IFT from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.charts import load_pack
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import concealment
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
IFT = load_pack("rules/games/asl/charts/demo.json", "asl").chart("ift")
PACK = od.load_pack()


def test_t12_13b_a_gun_needs_6_against_the_seen_squad_and_4_against_the_concealed_one() -> None:
    """T-12.13b (A12.13 example 2): a 75mm gun at 7 hexes fires at woods holding a concealed 4-4-7 and a
    6-2-8: base TH 7, woods -1: 6; the concealed unit, Case K -2 more: 4. An Original TH DR 5 hits the 6-2-8
    only."""
    seen, _ = od.to_hit(PACK, target_type="infantry", rng=7, tem=1)
    hidden, steps = od.to_hit(PACK, target_type="infantry", rng=7, tem=1, cases=("K",))
    assert (seen, hidden) == (6, 4)
    assert [s.name for s in steps] == ["base", "K", "Q", "final"]
    assert od.hits((2, 3), seen) and not od.hits((2, 3), hidden)


def _board_1(make_position: Any, phase: str, extra: list[dict[str, Any]] | None = None) -> Any:
    """Board 1's N2, O3, P3, M4 and N4 as F2, G3, H3, E4 and F4 of the test board: F2, G3 and H3 are woods (F3
    too, so that E4 sees F2 but neither G3 nor H3); E4 holds a Good Order German squad, F4 a broken one."""
    units = [{"id": "rus-n2", "counter": "4-4-7r", "side": "a", "hex": "F2", "concealed": True},
             {"id": "rus-p3", "counter": "4-4-7r", "side": "a", "hex": "H3", "concealed": True},
             {"id": "ger-m4", "counter": "4-6-7", "side": "b", "hex": "E4"},
             {"id": "ger-n4", "counter": "4-6-7", "side": "b", "hex": "F4", "markers": ["broken"]},
             *(extra or [])]
    woods = {h: "woods" for h in ("F2", "F3", "G3", "H3")}
    return make_position("asl", units, phase, counters=COUNTERS, hexes=woods)


def test_t12_14b_the_concealed_squad_moves_via_o3_to_p3_keeping_its_concealment(make_position: Any) -> None:
    """T-12.14b (A12.14 example 3): N2 is in M4's LOS, but the hexes where it spends MF (O3, P3) are not in
    the
    LOS of a Good Order enemy within 16 hexes: it keeps its "?"."""
    pos = _board_1(make_position, "MPh")
    assert concealment.seen_by_good_order(pos, "a", pos.map.parse_label("F2"))
    assert not any(concealment.seen_by_good_order(pos, "a", pos.map.parse_label(h)) for h in ("G3", "H3"))
    pos.push_text("move rus-n2 F2-G3-H3")
    while pos.decision is not None:
        pos.push_text("answer pass")
    unit = pos.units["rus-n2"]
    assert pos.label(unit.hex) == "H3" and unit.concealed
    # the same squad moving from N2 into the Open Ground next to M4 (E3) is seen there and loses it
    open_move = _board_1(make_position, "MPh")
    open_move.push_text("move rus-n2 F2-E3")
    assert not open_move.units["rus-n2"].concealed


def test_t12_14b_p3_fires_at_the_broken_n4_and_keeps_its_concealment(make_position: Any) -> None:
    """T-12.14b: no Good Order enemy ground unit within 16 hexes sees P3, so firing at the broken N4 only
    shows
    the squad for the shot: its "?" stays."""
    pos = _board_1(make_position, "PFPh")
    pos.push_text("fire rus-p3 at F4 dice 6,5")
    while pos.decision is not None:  # the broken unit's checks, if any
        top = pos.decision
        pos.push_text("answer dice 6,6" if top.dice == "DR" else "answer dice 6" if top.dice == "dr"
                      else f"answer units {top.units[0]}")
    assert pos.units["rus-p3"].concealed and pos.units["rus-p3"].has("prep_fire")


def test_t12_14b_n2_firing_at_the_good_order_m4_loses_its_concealment_even_if_m4_breaks(
        make_position: Any) -> None:
    """T-12.14b: N2 fires at M4, Good Order at the moment of the attack: the "?" goes (Case B) even though M4
    breaks; at the end of the Player Turn N2, Good Order in woods and out of the LOS of every unbroken enemy,
    gains it again (Case J)."""
    pos = _board_1(make_position, "PFPh")
    pos.push_text("fire rus-n2 at E4 dice 1,3")  # 4 FP at range 2, Final 4 on the 4 column: 2MC (demo)
    while pos.decision is not None:
        top = pos.decision
        pos.push_text(f"answer units {top.units[0]}" if top.kind == "units" else
                      "answer dice 6,6" if top.dice == "DR" else "answer dice 6")
    assert not pos.units["rus-n2"].concealed
    m4 = next(u for u in pos.units.values() if u.side == "b" and pos.label(u.hex) == "E4")
    assert m4.has("broken")
    assert concealment.case(pos, pos.units["rus-n2"]) == "J"


def test_t12_13a_the_concealed_firer_and_the_concealed_target_lose_concealment(make_position: Any) -> None:
    """T-12.13a (A12.13 example 1, A12.14): a concealed 4-6-7 fires 5 hexes at woods holding a concealed 4-4-7
    and a 6-2-8: it loses its "?" (Case B: the 6-2-8 is a Good Order enemy that sees it). Original 4 + woods 1
    = 5: the 6-2-8 takes a 1MC on the 4 column, the 4-4-7 a NMC on the 2 column (Area Fire), and loses its "?"
    whatever its MC DR (Case A: at least a PTC in the LOS of a Good Order enemy)."""
    units = [{"id": "ger-467", "counter": "4-6-7", "side": "a", "hex": "C1", "concealed": True},
             {"id": "rus-447", "counter": "4-4-7r", "side": "b", "hex": "C6", "concealed": True},
             {"id": "rus-628", "counter": "6-2-8", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"C6": "woods"})
    pos.push_text("fire ger-467 at C6 dice 1,3")
    text = pos.last_resolution.text()
    assert "4 FP -> 4 column, final DR 5 -> 1MC" in text and "2 FP -> 2 column, final DR 5 -> NMC" in text
    assert str(IFT.lookup(fp=4, final_dr=5)) == "1MC" and str(IFT.lookup(fp=2, final_dr=5)) == "NMC"
    assert not pos.units["ger-467"].concealed  # Case B
    assert not pos.units["rus-447"].concealed  # Case A, before its MC is even rolled
    while pos.decision is not None:
        pos.push_text("answer dice 2,1")  # every MC passed
    assert not pos.units["rus-447"].concealed and not pos.units["rus-447"].has("broken")


def _cemetery(broken_447: bool) -> Any:
    """T-12.14a's cemetery as S4 of a 24-column test board (Open Ground: the cemetery is chapter B's, not
    concealment terrain either way): the German 4-6-7 under "?" in T4, the truck and the HS aboard it under
    "?" in S4; the Soviet 4-4-7 12 hexes away in G4, the HMG with its squad and an 8-0 18 hexes away in A4."""
    from hexmate.rules.games import get_game
    from hexmate.rules.scenario import Scenario

    from tests.rules.games.conftest import scenario_dict, small_map

    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "T4", "concealed": True},
             {"id": "ger-tr", "counter": "truck", "side": "a", "hex": "S4", "concealed": True},
             {"id": "ger-hs", "counter": "2-3-7", "side": "a", "hex": "S4", "carrier": "ger-tr",
              "concealed": True},
             {"id": "rus-1", "counter": "4-4-7r", "side": "b", "hex": "G4",
              "markers": ["broken"] if broken_447 else []},
             {"id": "rus-2", "counter": "4-4-7r", "side": "b", "hex": "A4"},
             {"id": "rus-hmg", "counter": "HMGr", "side": "b", "hex": "A4", "carrier": "rus-2"},
             {"id": "rus-80", "counter": "8-0", "side": "b", "hex": "A4"}]
    scen = Scenario.from_dict(scenario_dict("asl", units, counters, "MPh"), source="test-scenario")
    return get_game("asl").new_position(scen, hex_map=small_map("asl", {}, columns=24))


@pytest.mark.parametrize("broken_447", [False, True])
def test_t12_14a_the_truck_and_its_hs_stay_known_and_the_hmg_fires_1_5_and_3_fp(broken_447: bool) -> None:
    """T-12.14a (A12.14 example 1, A12.2, A9.4): the concealed 4-6-7 moves (not Assault Movement) into the
    cemetery in the LOS of the Good Order 4-4-7 12 hexes away: it loses its "?" (Case A); the truck and the
    HS aboard are out of concealment terrain in a Good Order enemy's LOS: they lose theirs (Case H), at any
    range. The Soviet HMG (6 FP), directed by the 8-0, fires 18 hexes: 6 x1/2 Long Range x1/2 (infantry
    beyond 16 hexes count as concealed, A9.4) = 1 1/2 FP at the 4-6-7, 3 FP at the truck and the HS (A9.4 is
    for infantry only). Had the 4-4-7 been broken, the 4-6-7 keeps its "?" (the nearest Good Order enemy is
    18 hexes away, Case E), and the FP are the same; the truck and the HS still lose theirs (Case H)."""
    pos = _cemetery(broken_447)
    pos.push_text("move ger-1 T4-S4")
    assert pos.units["ger-1"].concealed is broken_447
    assert not pos.units["ger-tr"].concealed and not pos.units["ger-hs"].concealed  # Case H
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("end")
    assert pos.phase.id == "DFPh"
    with pytest.raises(IllegalAction, match=r"only under an infantry leader.s direction.*A9\.4"):
        pos.push_text("fire rus-hmg at S4 dice 6,5")
    pos.push_text("fire rus-hmg,rus-80 at S4 dice 6,4")  # Original 10: below the HMG's B# 11
    text = pos.last_resolution.text()
    halved = ("x1/2 Area Fire: concealed target (A7.23)" if broken_447 else
              "x1/2 Area Fire: MG beyond 16 hexes: infantry treated as concealed (A9.4)")
    assert f"6 FP x1/2 Long Range (A7.22) {halved} = 1 1/2 FP" in text
    assert "FP vs units aboard ger-tr: rus-hmg (HMGr): 6 FP x1/2 Long Range (A7.22) = 3 FP" in text
    # the truck on the vehicle line of the 2 column, its own 3 FP (the demo pack's Kill number 4, not the 1
    # column's 3)
    assert "ger-tr: Final DR 10, Kill number 4" in text and "1 1/2 FP -> 1 column" in text
    assert "IFT vs units aboard ger-tr: 3 FP -> 2 column, final DR 10" in text
