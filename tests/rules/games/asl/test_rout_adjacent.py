"""A.8 ADJACENT in the Rout Phase (A10.5, A10.51): the A10.5 example (T-10.5) on an analogue of board 5, and
a DM unit that chooses to rout leaving the SW it cannot carry (A4.431, A10.5)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import get_game
from hexmate.rules.games.asl import rout
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl.locations import Location
from hexmate.rules.scenario import Scenario

from ..conftest import ASL_COUNTERS, scenario_dict, small_map

# The analogue: K3 and L3 single-hex buildings, whose artwork on both sides of the K3/L3 hexside blocks the
# LOS from L2 to K4 along it (A6.1), so the unit in L2 cannot see K4 at the start of its rout; the rest Open
# Ground. (Board 5's own artwork is not modelled; the example needs only that L2 does not see K4.)
SCREEN = {"K3": "stone-building", "L3": "stone-building"}


def _pos(germans: tuple[str, ...], hexes: dict[str, Any] | None = None,
         extra: list[dict[str, Any]] | None = None,
         markers: tuple[str, ...] = ("broken",), counters: dict[str, Any] | None = None,
         german_markers: tuple[str, ...] = ()) -> Any:
    units = [{"id": f"g-{i}", "counter": "4-6-7", "side": "a", "hex": h, "markers": list(german_markers)}
             for i, h in enumerate(germans)]
    units.append({"id": "r-1", "counter": "4-4-7", "side": "b", "hex": "L2", "markers": list(markers)})
    units += extra or []
    scen = Scenario.from_dict(scenario_dict("asl", units, counters or ASL_COUNTERS, "RtPh"),
                              source="test-scenario")
    return get_game("asl").new_position(scen, hex_map=small_map("asl", SCREEN if hexes is None else hexes,
                                                                columns=16, rows=8))


def _ends(pos: Any) -> set[str]:
    return {pos.label(h) for h in rout.destinations(pos, pos.units["r-1"])}


def test_adjacent_needs_a_los_a_8() -> None:
    """A.8: adjacent hexes are ADJACENT only with a LOS between them (SMOKE aside). Two stone buildings'
    artwork along a hexspine blocks the LOS from L2 to K4 (2 hexes); L3 and K4 see each other."""
    from hexmate.rules.games.asl.los import location_los

    m = _pos(("M2", "K2", "K4")).map
    at = {name: Location(m.parse_label(name), 0) for name in ("L2", "L3", "K4", "M2", "K2", "M4")}
    assert location_los(m, at["L2"], at["K4"]).blocked  # the analogue's screen
    assert rout.adjacent(m, at["L3"], at["K4"]) and rout.adjacent(m, at["L2"], at["M2"])
    assert not rout.adjacent(m, at["M4"], at["K4"])  # two hexes apart


def test_adjacent_hexes_without_a_los_are_not_adjacent(monkeypatch: Any) -> None:
    """A.8: the LOS is part of ADJACENT. The terrain model has no hexside that blocks the LOS between two
    adjacent hexes yet (rowhouse walls, crests: chapter B), so the LOS is reported blocked here, at the LOS
    call the rout module makes: L3 and K4 are then adjacent hexes but not ADJACENT Locations."""
    from hexmate.rules.games.asl import los

    m = _pos(("M2", "K2", "K4")).map
    l3, k4 = Location(m.parse_label("L3"), 0), Location(m.parse_label("K4"), 0)
    assert rout.adjacent(m, l3, k4)
    blocked = los.location_los(m, Location(m.parse_label("L2"), 0), k4)
    assert blocked.blocked
    monkeypatch.setattr(rout, "location_los", lambda *_a, **_k: blocked)
    assert not rout.adjacent(m, l3, k4)


def test_t10_5_the_unit_routs_through_l3_to_m4() -> None:
    """T-10.5 (A10.5, A10.51): Germans in M2, K2 and K4; the broken Russian unit in L2 must rout, may not end
    ADJACENT to M2 or K2, routs to L3 and finds itself ADJACENT to K4, so it goes on to M4, where it may stop,
    or on to N3 or N4. L3 itself is no end (ADJACENT to K4), nor any hex ADJACENT to M2 or K2."""
    pos = _pos(("M2", "K2", "K4"))
    unit = pos.units["r-1"]
    assert rout.must_rout(pos, unit)
    ends = _ends(pos)
    assert {"M4", "N3", "N4"} <= ends
    assert not ends & {"L3", "L1", "K3", "M3", "K5", "L4", "J4", "J3"}
    path = [pos.label(h) for h in rout.path_to(pos, unit, pos.map.parse_label("M4"))]
    assert path == ["L2", "L3", "M4"]
    # At the table: the Germans pinned, so that no Interdiction makes the rout unsafe and the unit surrender
    # instead (A10.532, A20.21), which the example leaves aside; pinned, they stay armed and Known.
    pos = _pos(("M2", "K2", "K4"), german_markers=("pinned",))
    assert _ends(pos) == ends
    top = pos.decision
    assert top is not None and top.then == "rout" and {pos.label(h) for h in top.hexes} == ends
    pos.push_text("answer hex M4")
    assert pos.label(pos.units["r-1"].hex) == "M4"


def test_t10_5_with_the_germans_in_l3_or_l4_it_cannot_rout() -> None:
    """T-10.5 (A10.5): were the Germans in L3 or L4 instead of K4, the unit could not rout without coming
    ADJACENT to a Known enemy (A10.51): no legal end, "eliminated for failure to rout (or captured)": the
    Germans are offered its surrender (A20.21), and refused it is eliminated."""
    for third in ("L3", "L4"):
        pos = _pos(("M2", "K2", third))
        assert _ends(pos) == set(), third
        top = pos.decision
        assert top is not None and top.then == "surrender" and top.subject == ("r-1",), third
        pos.push_text("answer refuse")
        assert "r-1" not in pos.units, third


def test_a10_51_a_rout_may_not_step_adjacent_to_a_known_enemy_it_sees() -> None:
    """A10.51: with K4 in plain view (no screen) the step L2 to L3 comes ADJACENT to K4, one hex closer to
    it: barred, and every other first step is ADJACENT to M2 or K2 (the example's second case)."""
    pos = _pos(("M2", "K2", "K4"), hexes={})
    assert _ends(pos) == set()


def test_a10_5_a_dm_unit_that_chooses_to_rout_leaves_what_it_cannot_carry() -> None:
    """A10.5: a DM unit need not rout but may; A4.431: a SW it cannot carry as it routs (A4.42: a broken squad
    carries its IPC, 3 PP) stays in its Location, as a forced router's does. Its MMG (3 PP) and LMG (1 PP):
    4 PP, one over. Answering stay leaves both with it."""
    counters = {name: dict(v) for name, v in au.demo_catalogue().items()}
    sws = [{"id": "r-mmg", "counter": "MMG", "side": "b", "hex": "L2", "carrier": "r-1"},
           {"id": "r-lmg", "counter": "LMG", "side": "b", "hex": "L2", "carrier": "r-1"}]
    pos = _pos(("A8",), hexes={}, extra=sws, markers=("broken", "dm"), counters=counters)
    assert not rout.must_rout(pos, pos.units["r-1"])
    top = pos.decision
    assert top is not None and top.then == "rout" and top.choices == ("stay",)
    pos.push_text("answer hex N2")
    top = pos.decision
    assert top is not None and top.then == "rout_leave" and top.rule == "A4.431"
    assert "1 PP over its IPC" in top.prompt and set(top.units) == {"r-mmg", "r-lmg"}
    assert pos.label(pos.units["r-1"].hex) == "L2"  # not yet gone
    pos.push_text("answer units r-lmg")
    assert pos.label(pos.units["r-1"].hex) == "N2" and pos.label(pos.units["r-mmg"].hex) == "N2"
    assert pos.label(pos.units["r-lmg"].hex) == "L2" and pos.units["r-lmg"].carrier is None
    stay = _pos(("A8",), hexes={}, extra=sws, markers=("broken", "dm"), counters=counters)
    stay.push_text("answer stay")
    assert stay.units["r-lmg"].carrier == "r-1" and stay.units["r-mmg"].carrier == "r-1"
