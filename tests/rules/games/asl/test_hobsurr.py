"""A Heat of Battle surrender given at once to an enemy beside the unit (A15.5, A20.21, A20.3). Counters from
the demo catalogue (demo values); the IFT and the HoB table are the demo chart pack's / morale data's: a final
HoB DR of 12 is Surrender (A15.1's table)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _hob(make_position: Any, target_hex: str, dice: str = "3,4") -> Any:
    """The German 4-6-7 at C1 fires at the Russian 4-4-7 (beside it: 8 FP, dice 3,4: 1MC, as in
    test_aftermath; two hexes off: 4 FP, dice 1,2: K/1, an MC for the HS left); the MC's Original 2 passes it
    and opens HoB (A15.1); the HoB DR 6,6 makes 12: Surrender (A15.5)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-s", "counter": "4-4-7", "side": "b", "hex": target_hex}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text(f"fire a-1 at {target_hex} dice {dice}")
    pos.push_text("answer dice 1,1")
    assert pos.decision is not None and pos.decision.then == "hob"
    pos.push_text("answer dice 6,6")
    return pos


def test_a15_5_surrenders_at_once_to_the_enemy_beside_it(make_position: Any) -> None:
    """A15.5: beside the German (C2 next to C1) the squad surrenders at once, not in the RtPh: the Germans
    name the guard and it is his prisoner, in his Location."""
    pos = _hob(make_position, "C2")
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("surrender", "a", "A15.5")
    assert top.units == ("a-1",) and top.subject == ("b-s",)
    pos.push_text("answer units a-1")
    b = pos.units["b-s"]
    assert b.has("prisoner") and b.carrier == "a-1" and b.hex == pos.units["a-1"].hex


def test_a20_3_the_hob_surrender_may_be_refused(make_position: Any) -> None:
    """A20.3: a Disrupted unit's surrender may be refused: it is eliminated and the Germans have refused
    quarter."""
    pos = _hob(make_position, "C2")
    pos.push_text("answer refuse")
    assert "b-s" not in pos.units and "a" in pos.game.gstate(pos.state).no_quarter


def test_a15_5_with_no_enemy_beside_it_only_disrupted(make_position: Any) -> None:
    """A15.5: two hexes from the German there is no one to surrender to: it is broken and Disrupted only."""
    pos = _hob(make_position, "C3", dice="1,2")
    assert pos.decision is None or pos.decision.then != "surrender"
    b = pos.units["b-s"]
    assert b.has("broken") and b.has("disrupted") and not b.has("prisoner")


def test_a15_5_under_no_quarter_a_hob_surrender_goes_berserk(make_position: Any) -> None:
    """A15.1's table note and A15.5: a unit whose enemy has refused quarter (A20.3) goes berserk on a final
    HoB DR of 12 instead of surrendering (a-1 is a Known enemy in its LOS, A15.44)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    gs = pos.state.game
    pos = pos.at(pos.state.replace(game=gs.replace(no_quarter=("a",))))  # the Germans refused quarter
    pos.push_text("fire a-1 at C2 dice 3,4")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 6,6")
    b = pos.units["b-s"]
    assert b.has("berserk") and not b.has("disrupted") and not b.has("broken")
    assert pos.decision is None or pos.decision.then != "surrender"
