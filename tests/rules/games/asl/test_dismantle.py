"""Dismantled SW through the game (dismantle.py; A9.8, with D10.52 for scrounged MGs).

Numbers from the text (A9.8): PP halved, fractions rounded up; a 76-82mm mortar 5 PP dismantled; dismantling
and assembling in a PFPh/DFPh in which the SW did not fire, as a use of it with all its ROF; a German dm
HMG/MMG fires as a LMG and is repaired with its own R#. Counters are the demo catalogue's (demo values):
German LMG 3 FP, R# 1, 1 PP; German MMG 3 PP, HMG 4 PP, R# 2; the American HMG and the 81mm mortar below are
test counters (demo values)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import dismantle, portage
from hexmate.rules.games.asl import units as au

from .test_vwreck import _catalogue, scrounging

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["HMG-us"] = {"type": "sw", "sw": "mg", "nationality": "american", "fp": 6, "range": 12, "rof": 2,
                      "breakdown": 12, "repair": 3, "pp": 5, "dismantlable": 1}
COUNTERS["MTR81"] = {"type": "sw", "sw": "mortar", "nationality": "german", "calibre": 81, "fp": 8,
                     "range": 20, "rof": 3, "breakdown": 12, "repair": 2, "pp": 8, "dismantlable": 1}


def _pos(make_position: Any, sw: str, *markers: str, phase: str = "PFPh", who: str = "4-6-7") -> Position:
    units = [{"id": "a-1", "counter": who, "side": "a", "hex": "C1"},
             {"id": "a-sw", "counter": sw, "side": "a", "hex": "C1", "carrier": "a-1",
              "markers": list(markers)},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def test_a9_8_dismantling_halves_the_pp_and_is_offered_in_the_pfph(make_position: Any) -> None:
    """A9.8: the German HMG (4 PP) dismantled is 2 PP; the squad carrying it is then within its 3 PP IPC
    (A4.42), so it loses no MF."""
    pos = _pos(make_position, "HMG")
    squad = pos.units["a-1"]
    assert portage.carried(pos.state, squad) == 4 and au.excess_pp(pos.state, squad) == 1
    assert "activate a-sw for dismantle" in texts(pos)
    pos.push_text("activate a-sw for dismantle")
    sw = pos.units["a-sw"]
    assert sw.has("dismantled") and sw.values["pp"] == 2 and sw.name == "HMG (dm)"
    assert portage.carried(pos.state, squad) == 2 and au.excess_pp(pos.state, squad) == 0
    assert "activate a-sw for assemble" not in texts(pos)  # used this phase already


def test_a9_8_pp_halved_fractions_rounded_up(make_position: Any) -> None:
    """A9.8 (FRU): the 5 PP American HMG dismantled is 3 PP."""
    pos = _pos(make_position, "HMG-us")
    pos.push_text("activate a-sw for dismantle")
    assert pos.units["a-sw"].values["pp"] == 3


def test_a9_8_dismantling_is_a_use_of_the_sw_with_all_its_rof(make_position: Any) -> None:
    """A9.8: dismantled this PFPh, the German HMG (now fit to fire as a LMG) fires no more in the phase."""
    pos = _pos(make_position, "HMG")
    pos.push_text("activate a-sw for dismantle")
    assert pos.units["a-sw"].has("prep_fire")
    with pytest.raises(IllegalAction, match="already fired"):
        pos.push_text("fire a-sw at C4 dice 4,1")


def test_a9_8_a_sw_that_fired_this_phase_may_not_be_dismantled(make_position: Any) -> None:
    """A9.8: only in a PFPh/DFPh in which it did not fire."""
    pos = _pos(make_position, "HMG")
    pos.push_text("fire a-1,a-sw at C4 dice 4,6")  # coloured 6 > ROF 3: it has fired for the phase
    assert pos.decision is None or pos.decision.kind != "react"
    with pytest.raises(IllegalAction, match="did not fire"):
        pos.game.check(pos, pos.parse_action("activate a-sw for dismantle"))


def test_a9_8_a_hs_uses_only_one_sw_in_the_phase(make_position: Any) -> None:
    """A9.8 with A7.35: a unit dismantles only as many SW as it could fire: a HS one."""
    units = [{"id": "a-1", "counter": "2-3-7", "side": "a", "hex": "C1"},
             {"id": "a-sw", "counter": "MMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "a-sw2", "counter": "HMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("activate a-sw for dismantle")
    with pytest.raises(IllegalAction, match="at most 1 SW"):
        pos.game.check(pos, pos.parse_action("activate a-sw2 for dismantle"))


@pytest.mark.parametrize(("sw", "phase", "markers", "match"), [
    ("LMG", "PFPh", (), "may not be dismantled"),  # A9.8: a LMG is not among those listed
    ("HMGr", "PFPh", (), "may not be dismantled"),  # A9.8: a Soviet HMG is not
    ("HMG", "MPh", (), "Prep or Defensive Fire"),  # A9.8: only in a PFPh/DFPh
    ("HMG", "AFPh", (), "Prep or Defensive Fire"),
])
def test_a9_8_what_may_not_be_dismantled_and_when(make_position: Any, sw: str, phase: str,
                                                   markers: tuple[str, ...], match: str) -> None:
    pos = _pos(make_position, sw, *markers, phase=phase)
    assert "activate a-sw for dismantle" not in texts(pos)
    with pytest.raises(IllegalAction, match=match):
        pos.game.check(pos, pos.parse_action("activate a-sw for dismantle"))


def test_a9_8_a_broken_possessor_may_not_dismantle(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1", "markers": ["broken"]},
             {"id": "a-sw", "counter": "HMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match="broken"):
        pos.game.check(pos, pos.parse_action("activate a-sw for dismantle"))


def test_a9_8_the_defender_dismantles_in_its_dfph(make_position: Any) -> None:
    """A9.8: the DFPh is the non-phasing side's; side a (phasing) may not use it there."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-sw", "counter": "HMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "C4"},
             {"id": "b-sw", "counter": "MMG", "side": "b", "hex": "C4", "carrier": "b-1"}]
    pos = make_position("asl", units, "DFPh", counters=COUNTERS)
    assert "activate b-sw for dismantle" in texts(pos)
    assert "activate a-sw for dismantle" not in texts(pos)
    pos.push_text("activate b-sw for dismantle")
    assert pos.units["b-sw"].has("final_fire") and pos.units["b-sw"].values["pp"] == 2  # 3 PP halved, FRU


def test_a9_8_a_dm_sw_fires_only_once_assembled(make_position: Any) -> None:
    """A9.8: a (non-German) dm SW may not fire; assembled, it has its 5 PP and 6 FP again, and assembling
    was its use for the phase. It starts the scenario dismantled (A9.8: the owner's choice)."""
    pos = _pos(make_position, "HMG-us", "dismantled")
    assert pos.units["a-sw"].values["pp"] == 3  # set up dismantled: dm values
    with pytest.raises(IllegalAction, match="fires only once assembled"):
        pos.game.check(pos, pos.parse_action("fire a-sw at C4 dice 4,1"))
    assert "activate a-sw for assemble" in texts(pos)
    pos.push_text("activate a-sw for assemble")
    sw = pos.units["a-sw"]
    assert not sw.has("dismantled") and sw.name == "HMG-us" and sw.values["pp"] == 5 and sw.values["fp"] == 6
    assert sw.has("prep_fire")


def test_a9_8_a_german_dm_hmg_fires_as_a_lmg(make_position: Any) -> None:
    """A9.8: the German dm HMG fires with the German LMG's 3 FP (not its own 7)."""
    pos = _pos(make_position, "HMG", "dismantled")
    fire = pos.parse_action("fire a-sw at C4 dice 4,1")
    text = pos.resolve(fire).text()
    assert "a-sw (HMG (dm)): 3 FP" in text


def test_a9_8_a_german_dm_mg_malfunctions_and_is_repaired_with_its_own_r_number(make_position: Any) -> None:
    """A9.8: firing as a LMG it malfunctions (B# 12 of the LMG), carries the MG Malfunction marker, may still
    be assembled (then malfunctioned on its own counter's back) and is repaired with the HMG's R# 2, not the
    LMG's R# 1."""
    pos = _pos(make_position, "HMG", "dismantled")
    pos.push_text("fire a-sw at C4 dice 6,6")
    assert pos.units["a-sw"].has("malfunctioned") and pos.units["a-sw"].values["repair"] == 2
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-sw", "counter": "HMG", "side": "a", "hex": "C1", "carrier": "a-1",
              "markers": ["dismantled", "malfunctioned"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    rph = make_position("asl", units, "RPh", counters=COUNTERS)
    rph.push_text("repair a-sw dice 2")
    assert not rph.units["a-sw"].has("malfunctioned")  # dr 2 <= R# 2
    pfph = make_position("asl", units, "PFPh", counters=COUNTERS)
    pfph.push_text("activate a-sw for assemble")
    assert pfph.units["a-sw"].has("malfunctioned") and pfph.units["a-sw"].name == "HMG"


def test_a9_8_a_76_82mm_mortar_is_carried_only_dismantled_at_5_pp(make_position: Any) -> None:
    """A9.8: the 8 PP 81mm mortar: infantry may not move with it assembled; dismantled it is 5 PP."""
    pos = _pos(make_position, "MTR81", phase="MPh")
    with pytest.raises(IllegalAction, match="only dismantled"):
        pos.game.check(pos, pos.parse_action("move a-1 C1-C2"))
    dm = _pos(make_position, "MTR81", "dismantled", phase="MPh")
    assert dm.units["a-sw"].values["pp"] == 5
    dm.game.check(dm, dm.parse_action("move a-1 C1-C2"))
    aph = _pos(make_position, "MTR81", phase="APh")
    with pytest.raises(IllegalAction, match="only dismantled"):
        aph.game.check(aph, aph.parse_action("advance a-1 C2"))


def test_a9_8_a_sw_set_up_dismantled_must_be_dismantlable(make_position: Any) -> None:
    with pytest.raises(DataError, match=r"scenario .*unit a-sw \(LMG\).*not dismantlable"):
        _pos(make_position, "LMG", "dismantled")


def test_dm_values_round_trip() -> None:
    """A9.8: assembling gives back exactly the counter dismantled."""
    hmg = au.demo_catalogue()["HMG"]
    from hexmate.rules.scenario import CounterType

    counter = CounterType("HMG", "sw", {k: v for k, v in hmg.items() if k != "type"})
    back = dismantle.assembled_counter(dismantle.dm_counter(counter, {}))
    assert back == counter


def test_d10_52_a_scrounged_mmg_comes_off_dismantled(tmp_path: Path, make_position: Any) -> None:
    """D10.52, A9.8: the German MMG a Vehicle Note lists comes off dismantled (3 PP halved: 2); the BMG
    becomes a LMG, never dismantled."""
    cat = _catalogue(tmp_path, {"v": {"movement": "halftrack", "mp": 12, "armor": {"hull_front": 1,
                                                                                   "hull_side": 0},
                                      "mg": {"bmg": 3}, "sw": ["MMG"], "nationality": "german"}})
    counters = {**COUNTERS, "hv": {"type": "vehicle", "vehicle": "v", "catalogue": cat}}
    pos = scrounging(make_position, vehicle="hv", counters=counters)
    pos.push_text("activate a-sq,b-ht for scrounge")
    pos.push_text("answer dice 1")  # up to 2: both
    mmg = pos.units["b-ht-sw0"]
    assert mmg.has("dismantled") and mmg.values["pp"] == 2 and mmg.carrier == "a-sq"
    assert not pos.units["b-ht-bmg"].has("dismantled")


def _waiting(make_position: Any, turn: int = 1) -> Position:
    """A 4-6-7 (4 MF, IPC 3: A4.1, A4.42) due at A4 with the German HMG (4 PP), waiting off the map."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "A4"},
             {"id": "a-sw", "counter": "HMG", "side": "a", "hex": "A4", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "L8"}]
    options = {"entry": {"a-1": {"turn": turn, "hexes": ["A4"]}}}
    pos: Position = make_position("asl", units, "RPh", counters=COUNTERS, options=options)
    return pos


def test_a2_52_a_sw_starts_dismantled_off_the_map(make_position: Any) -> None:
    """A2.52 with A9.8: the squad waiting off the map may start with its HMG dismantled, chosen in the
    off-board set-up (A2.51). Assembled, 4 PP is 1 over its IPC: 3 MF (A4.42), too few to set up 4 hexes out
    (3 off-board hexes + A4 = 4 MF, A2.5); dismantled, 2 PP (halved), it keeps its 4 MF and may. No fire
    marker: the choice is no use of the SW."""
    pos = _waiting(make_position)
    assert "activate a-sw for dismantle" in texts(pos)
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move a-1 A4 as off4")
    pos.push_text("activate a-sw for dismantle")
    sw = pos.units["a-sw"]
    assert dismantle.is_dismantled(sw) and sw.values["pp"] == 2 and not sw.has("prep_fire")
    pos.push_text("move a-1 A4 as off4")  # still the RPh's first actions: the set-up
    assert pos.units["a-1"].hex is None


def test_a2_52_not_for_a_unit_due_later_nor_once_on_the_map(make_position: Any) -> None:
    """A2.51: the off-board set-up is the entry turn's; a unit due on turn 2 does nothing off the map now
    (A2.52). Once the unit has come on, a SW is dismantled in a PFPh or DFPh only (A9.8)."""
    pos = _waiting(make_position, turn=2)
    assert "activate a-sw for dismantle" not in texts(pos)
    with pytest.raises(IllegalAction):
        pos.push_text("activate a-sw for dismantle")
    pos = _pos(make_position, "HMG", phase="RPh")
    with pytest.raises(IllegalAction, match=r"A9\.8"):
        pos.push_text("activate a-sw for dismantle")
