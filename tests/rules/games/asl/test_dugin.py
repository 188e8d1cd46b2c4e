"""Armored cupolas and dug-in AFVs in play (D9.5-D9.54, dugin.py through vfire, armour, vce, vcover, game).

The text has no worked example for D9.5x; each test starts from the rule's own numbers (Small +1, HD to all
direct fire, no hit location, no wreck). Counters: test_armour's demo tanks (demo values, printed size 0)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import dugin, vcover, vfire
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl.markers import phrase

from .test_armour import COUNTERS, pass_reactions


def b_t(*markers: str, hex: str = "J5") -> dict[str, Any]:
    return {"id": "b-t", "counter": "t", "side": "b", "hex": hex, "markers": ["vca3", *markers]}


def th_of(pos: Position) -> tuple[int, dict[str, int]]:
    th, steps, _, _ = vfire.to_hit_of(pos, pos.units["a-pz"], pos.units["b-t"])
    return th, {s.name: s.value for s in steps}


def mph(make_position: Any, mark: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", mark]}, b_t()]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def plain(make_position: Any, *markers: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}, b_t(*markers)]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    return pos


def test_d9_54_dug_in_is_hd_and_plus_one_size(make_position: Any) -> None:
    """D9.54: the dug-in tank (printed size 0) is a +1 target and HD to direct fire: a hull hit misses, a
    turret hit hits. Range 7, the firer BU (Case I +1): TH 7 - 1 - 1 = 5 (demo pack, base 7)."""
    pos = plain(make_position, "dug_in")
    pack = od.load_pack()
    th, steps = th_of(pos)
    assert steps["P"] == 1
    assert th == pack.base_th("vehicle", 7) - pack.cases["I"] - 1
    assert vfire.hull_down(pos, pos.units["a-pz"], pos.units["b-t"])[0]
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,4")  # 5 <= 5, but colored 4 not below white 1: the hull, HD: a miss (D4.2)
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "miss"}


def test_d9_54_dug_in_turret_hit_counts(make_position: Any) -> None:
    """D9.54 with D4.2: HD takes only hull hits; 3+2 (colored below white) is a turret hit at TH 5."""
    pos = plain(make_position, "dug_in")
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 3,2")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "hit"}


def test_d9_53_cupola_is_small_never_hd_and_has_no_hit_location(make_position: Any) -> None:
    """D9.53: a cupola is Small (+1) whatever its counter, never HD (even with an HD marker), and a hit has
    no location: the 1,4 a hull hit on a tank is a hit on the cupola, taken on its turret AF."""
    pos = plain(make_position, "cupola", "hd")
    _th, steps = th_of(pos)
    assert steps["P"] == 1
    assert not vfire.hull_down(pos, pos.units["a-pz"], pos.units["b-t"])[0]
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 1,4")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "hit"}
    assert any("turret" in line.label for line in res.lines)


def test_the_same_shot_at_a_plain_tank_is_size_zero(make_position: Any) -> None:
    """Control for the two above: the tank neither dug in nor a cupola has its printed size 0, no HD."""
    pos = plain(make_position)
    _th, steps = th_of(pos)
    assert steps.get("P", 0) == 0
    assert not vfire.hull_down(pos, pos.units["a-pz"], pos.units["b-t"])[0]


def test_d9_52_a_destroyed_cupola_leaves_no_wreck(make_position: Any) -> None:
    """D9.52: the TK DR destroys the cupola: it is removed, no wreck counter stays (a tank would flip).
    At range 2 (E5) the 75L's Final TK# against the turret is above 2, so DR 2 kills."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             b_t("cupola", hex="E5")]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-pz at E5")
    pos.push_text("answer dice 3,2")
    top = pos.decision
    assert top is not None and top.then == "vtk" and int(top.arg("tk")) > 2
    pos.push_text("answer dice 1,1")
    assert "b-t" not in pos.units
    assert pos.decision is None or pos.decision.then != "vcs"  # no wreck, no crew survival roll from it


@pytest.mark.parametrize("mark", ["dug_in", "cupola"])
def test_d9_52_neither_leaves_its_hex(make_position: Any, mark: str) -> None:
    """D9.52 (and D9.54, as a cupola): it may not leave its hex: no move is offered and one is refused."""
    pos = mph(make_position, mark)
    assert not pos.legal_actions.moves_for({"a-pz"})
    with pytest.raises(IllegalAction, match="immobile"):
        pos.push_text("move a-pz C5-D5")


def test_d9_51_cupola_never_ce_but_dug_in_may_be(make_position: Any) -> None:
    """D9.51: a cupola has no CE status; D9.54: a dug-in AFV's vehicle crew may go CE."""
    pos = mph(make_position, "cupola")
    with pytest.raises(IllegalAction, match="cupola"):
        pos.push_text("move a-pz C5 as ce")
    pos = mph(make_position, "dug_in")
    pos.push_text("move a-pz C5 as ce")
    pass_reactions(pos)
    assert pos.units["a-pz"].has("ce")


def test_d9_3_d9_54_dug_in_gives_no_tem_and_no_hindrance(make_position: Any) -> None:
    """D9.3: infantry with a friendly dug-in AFV get no +1; D9.54: it never hinders a LOS through its hex
    (E5 between C5 and H5); the same AFV not dug in does both."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "E5", "markers": ["vca0", *extra]}
             for extra in ([], ["dug_in"])]
    for unit, want in zip(units, (1, 0), strict=True):
        pos = make_position("asl", [unit, {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "E5"}],
                            "PFPh", counters=COUNTERS)
        e5, c5, h5 = (pos.map.parse_label(x) for x in ("E5", "C5", "H5"))
        assert vcover.tem(pos, e5, [h5], other_tem=0, side="a")[0] == want
        assert vcover.hindrance(pos, c5, h5)[0] == want


def test_d9_52_setup_terrain_concealment_and_crew(make_position: Any) -> None:
    """D9.52: emplaced only in brush, grain, woods, orchard, shellhole, debris or open; never concealed;
    D9.51: nobody set up inside a cupola. Each refusal names the scenario file and the unit."""
    ok = make_position("asl", [b_t("cupola", hex="J5")], "PFPh", counters=COUNTERS,
                       hexes={"J5": {"terrain": "woods"}})
    assert dugin.cupola(ok.units["b-t"])
    with pytest.raises(DataError, match=r"test-scenario: units\[0\] \(b-t\).*D9.52"):
        make_position("asl", [b_t("dug_in")], "PFPh", counters=COUNTERS,
                      hexes={"J5": {"terrain": "stone-building"}})
    hidden = {**b_t("cupola"), "concealed": True}
    with pytest.raises(DataError, match="concealed"):
        make_position("asl", [hidden], "PFPh", counters=COUNTERS)
    crew = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "J5", "carrier": "b-t"}
    with pytest.raises(DataError, match=r"D9\.51"):
        make_position("asl", [b_t("cupola"), crew], "PFPh", counters=COUNTERS)


def test_markers_have_phrases() -> None:
    assert "D9.5" in str(phrase("cupola")) and "D9.54" in str(phrase("dug_in"))
