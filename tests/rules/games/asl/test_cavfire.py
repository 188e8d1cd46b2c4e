"""A13.351 and A13.4 in play (cavfire.py): which fire at cavalry is FPF, and what cavalry may use from
horseback. Numbers from the text: A23.6's +2/+3 for a thrown DC, +3/+4 thrown from cavalry; A13.5's -2 on the
IFT against cavalry; A7.21's TPBF (own Location) against PBF (another level of the hex); A23.3's placement and
A23.7's Set DC, which A13.4 leaves out of what cavalry may do. The IFT is the demo pack's (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import cavalry, fire, unarmored
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["truck"] = {"type": "vehicle", "vehicle": "demo-truck-r"}
COUNTERS["6-6-6"] = {**COUNTERS["4-6-7"], "fp": 6, "range": 6, "assault_fire": 1, "spray": 1}
UPPER = {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}


def _cav(rider: str = "4-4-7", where: str = "F8", *, mounted: bool = True, side: str = "a",
         uid: str = "a-cav") -> list[dict[str, Any]]:
    return [{"id": uid, "counter": rider, "side": side, "hex": where,
             "markers": [cavalry.MOUNTED] if mounted else []},
            {"id": f"{uid}-h", "counter": "HORSE3", "side": side, "hex": where,
             **({"carrier": uid} if mounted else {})}]


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str, **kw: Any) -> Position:
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, **kw)
    return pos


# --- A13.351: Infantry's TPBF at cavalry is FPF ---


def test_a13_351_only_infantry_in_the_cavalrys_own_location_fires_fpf(make_position: Any) -> None:
    """A13.351 with A7.21: TPBF is fire into the firer's own Location. The 4-4-7 at ground level of the
    cavalry's building hex fires FPF (so does its LMG); the one on level 1 is ADJACENT (PBF, A7.21), so it
    fires Defensive First Fire; a truck in the hex is no Infantry: no FPF for it either."""
    units = [*_cav(),
             {"id": "b-0", "counter": "4-4-7r", "side": "b", "hex": "F8"},
             {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "F8", "carrier": "b-0"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F8", "level": 1},
             {"id": "b-t", "counter": "truck", "side": "b", "hex": "F8"}]
    pos = _pos(make_position, units, "MPh", hexes={"F8": UPPER})
    here = pos.map.parse_label("F8")
    modes = fire.fire_modes(pos, [pos.units[u] for u in ("b-0", "b-lmg", "b-1", "b-t")], here)
    assert modes == {"b-0": "fpf", "b-lmg": "fpf", "b-1": "first", "b-t": "first"}


def test_a13_351_only_in_the_mph(make_position: Any) -> None:
    """A13.351 read with A8.31 (FPF is fire at units moving in the MPh): in the DFPh the 4-4-7 sharing its
    Location with cavalry left there after a Charge (A13.61) fires Final Fire as ever."""
    units = [*_cav(), {"id": "b-0", "counter": "4-4-7r", "side": "b", "hex": "F8"}]
    pos = _pos(make_position, units, "DFPh")
    assert fire.fire_modes(pos, [pos.units["b-0"]], pos.map.parse_label("F8")) == {"b-0": "final"}


# --- A13.4: what cavalry may use from horseback ---


def _dc_thrower(make_position: Any, phase: str = "PFPh", *, mounted: bool = True) -> Position:
    units = [*_cav(mounted=mounted),
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "F8", "carrier": "a-cav"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F7"},
             *_cav("2-2-7r", "F7", side="b", uid="b-cav")]
    return _pos(make_position, units, phase)


def test_a13_4_a_dc_thrown_from_horseback_at_3_and_4(make_position: Any) -> None:
    """A13.4 lets cavalry throw a DC (A23.6): from horseback the target Location is attacked at +3 (not +2)
    and the thrower's own at +4 (not +3); the cavalry in either reads the IFT at A13.5's -2. Original DR 6 at
    the Open Ground F7: Final DR 9 for the 4-4-7 there, 7 for the enemy cavalry, 9 for its horses on the
    vehicle line (A13.511: no -2 for them); the thrower's own DR 8: Final DR 12, 10 for the mounted thrower,
    12 for his horses."""
    pos = _dc_thrower(make_position)
    ift = pos.charts.chart("ift")
    kill = unarmored.kill_number(pos.charts.chart("ift_vehicle"), 30)
    pos.push_text("fire a-dc at F7 dice 3,3")
    res = pos.last_resolution
    assert res is not None
    assert "thrown DC: +3 (A23.6)" in res.text() and "final DR 9" in res.text()
    assert f"horses: Final DR 9, Kill number {kill}" in res.text()
    assert res.results["b-1"] == str(ift.lookup(fp=30, final_dr=9))
    assert res.results["b-cav"] == str(ift.lookup(fp=30, final_dr=7)) and "A13.5" in res.text()
    while pos.decision is not None and pos.decision.then != "dc_thrower":
        top = pos.decision
        pos.push_text("answer dice 1,1" if top.dice else f"answer units {top.units[0]}" if top.kind == "units"
                      else "answer pass")
    pos.push_text("answer dice 4,4")
    res = pos.last_resolution
    assert res is not None and "thrower's own Location: +4 (A23.6)" in res.text()
    assert res.results == {"a-cav": str(ift.lookup(fp=30, final_dr=10))}
    assert f"horses: Final DR 12, Kill number {kill}" in res.text()


def test_a13_4_the_same_dc_thrown_on_foot_is_at_2_and_3(make_position: Any) -> None:
    """A23.6: dismounted, the same throw is at +2 and +3 (the horse counter led, A13.7)."""
    pos = _dc_thrower(make_position, mounted=False)
    pos.push_text("fire a-dc at F7 dice 3,3")
    res = pos.last_resolution
    assert res is not None and "thrown DC: +2 (A23.6)" in res.text() and "final DR 8" in res.text()


def test_a13_4_no_dc_placed_or_set_from_horseback(make_position: Any) -> None:
    """A13.4 excepts only the thrown DC: a mounted 4-4-7 may not place its DC in the adjacent F7 (A23.3) nor
    set it in its own hex (A23.7); on foot it may place it."""
    pos = _dc_thrower(make_position, "MPh")
    with pytest.raises(IllegalAction, match=r"never place or set one \(A13\.4\)"):
        pos.game.check(pos, pos.parse_action("fire a-dc at F7"))
    with pytest.raises(IllegalAction, match=r"A13\.4"):
        pos.game.check(pos, pos.parse_action("fire a-dc at F8"))
    foot = _dc_thrower(make_position, "MPh", mounted=False)
    foot.game.check(foot, foot.parse_action("fire a-dc at F7"))


def test_a13_4_no_assault_fire_from_horseback(make_position: Any) -> None:
    """A13.4: no Assault Fire (A7.36) for cavalry: a mounted 6-6-6 in the AFPh at the adjacent F7: 6 x2 (PBF)
    x1/2 (mounted fire) x1/2 (Advancing Fire) = 3 FP, with no +1; on foot 6 x2 x1/2 = 6, +1 = 7 FP."""
    units = [*_cav("6-6-6"), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F7"}]
    pos = _pos(make_position, units, "AFPh")
    res = pos.resolve(pos.parse_action("fire a-cav at F7 dice 3,4"))
    assert "Assault Fire" not in res.text() and "= 3 FP" in res.text()
    foot = _pos(make_position, [*_cav("6-6-6", mounted=False), units[-1]], "AFPh")
    res = foot.resolve(foot.parse_action("fire a-cav at F7 dice 3,4"))
    assert "+1 Assault Fire" in res.text() and "= 7 FP" in res.text()


def test_a13_4_no_spraying_fire_from_horseback(make_position: Any) -> None:
    """A13.4: no Spraying Fire (A7.34) for cavalry: the 6-6-6 (underlined range) on foot is asked whether it
    sprays F7 and the adjacent F6 as well; mounted it is not."""
    enemies = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F7"},
               {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F6"}]
    foot = _pos(make_position, [*_cav("6-6-6", mounted=False), *enemies], "PFPh")
    foot.push_text("fire a-cav at F7")
    assert foot.decision is not None and foot.decision.then == "spray"
    pos = _pos(make_position, [*_cav("6-6-6"), *enemies], "PFPh")
    pos.push_text("fire a-cav at F7")
    assert pos.decision is not None and pos.decision.then != "spray"
