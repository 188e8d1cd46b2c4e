"""Reaction Fire against an Overrun in play (reaction.py, D7.2-D7.213), from the D7.2 example's second part
(the digest's T-CBT-11): a 14-MP tank with 11 MG FP overruns a 6-2-8 in woods with 20 FP at +1; the 6-2-8,
already marked First Fire, passes its PAATC and reacts in CC at CCV 5 - 1 with +2 against the moving tank, so
only an original 2 can hurt it; it ends with Final Fire and CC counters. Variants: a Final-Fire-marked 6-2-8
must react (FPF): pinned on an original 8, broken on 9 or more; after a failed PAATC at CCV 3."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import overrun, reaction, vfire

from .test_armour import COUNTERS

TANK = {"movement": "tracked", "mp": 14, "armor": {"hull_front": 8, "hull_side": 4},
        "ma": {"calibre": 85, "kind": "gun", "length": "L", "mount": "T"}, "mg": {"bmg": 5, "cmg": 6},
        "cs": 6, "riders": True}


def make(make_position: Any, tmp_path: Path, *markers: str, extra: tuple[dict[str, Any], ...] = (),
         vehicle: dict[str, Any] | None = None) -> Position:
    cat = tmp_path / ("d72.json" if vehicle is None else "other.json")  # catalogues are cached by path
    cat.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "vehicles": {"t": vehicle or TANK}}),
                   encoding="utf-8")
    counters = dict(COUNTERS, t72={"type": "vehicle", "vehicle": "t", "catalogue": str(cat)},
                    LMG={"type": "sw", "sw": "mg", "fp": 2, "range": 6, "b": 12},
                    **{"6-2-8": {"type": "squad", "fp": 6, "range": 2, "morale": 8, "broken_morale": 8}})
    units = [
        {"id": "g-t", "counter": "t72", "side": "a", "hex": "C5", "markers": ["vca0"]},
        {"id": "r-628", "counter": "6-2-8", "side": "b", "hex": "D5", "markers": list(markers)},
        *extra,
    ]
    pos: Position = make_position("asl", units, "MPh", counters=counters, hexes={"D5": "woods"})
    return pos


def overrun_it(pos: Position, path: str = "C5-D5-E5", ovr_dice: str = "6,5") -> None:
    """Move in, no bog (D8.21), no Defensive First Fire, and the OVR's IFT DR."""
    pos.push_text(f"move g-t {path}")
    while pos.decision is not None and pos.decision.then != overrun.OVR:
        pos.push_text("answer dice 1,1" if pos.decision.kind == "roll" else "answer pass")
    top = pos.decision
    assert top is not None and top.arg("fp") == "41/2"  # 11 x3 = 33, halved 16 1/2, + 4 = 20 1/2 (D7.11)
    pos.push_text(f"answer dice {ovr_dice}")
    res = pos.last_resolution
    assert res is not None and any(line.rule == "D7.15" and line.value == "+1" for line in res.lines)
    assert any("-> 20 column" in str(line.value) for line in res.lines)  # the 20 column
    if res.results.get("r-628") not in ("-", None):
        while pos.decision is not None and pos.decision.then in ("mc", "ptc"):
            pos.push_text("answer dice 1,1")  # whatever check the demo IFT gives: passed


def test_t_cbt_11_sequential_cc_reaction_only_an_original_2(make_position: Any, tmp_path: Path) -> None:
    """T-CBT-11 (D7.2 example, part 2): D7.21, D7.213, A11.51, A11.6."""
    lmg = {"id": "r-lmg", "counter": "LMG", "side": "b", "hex": "D5", "carrier": "r-628",
           "markers": ["first_fire"]}
    pos = make(make_position, tmp_path, "first_fire", extra=(lmg,))
    overrun_it(pos)
    top = pos.decision
    assert top is not None and top.then == reaction.OFFER and top.side == "b" and top.rule == "D7.21"
    assert top.kind == "units" and top.units == ("r-628",) and top.choices == ("pass",)  # done: pass
    assert pos.game.done_action(pos) == act.Answer(choice="pass")  # at the table: tap the unit, or done
    pos.push_text("answer units r-628")
    top = pos.decision
    assert top is not None and top.then == reaction.PAATC and top.subject == ("r-628",)
    pos.push_text("answer dice 4,4")  # 8 <= morale 8: passed (A11.6)
    top = pos.decision
    assert top is not None and top.then == reaction.CC
    assert (top.arg("ccv"), top.arg("drm")) == ("4", "2")  # CCV 5 - 1 (First Fire, D7.213); +2 not stopped
    pos.push_text("answer dice 1,2")  # 3 + 2 = 5 > 4: nothing
    res = pos.last_resolution
    assert res is not None and res.results == {"g-t": "none"}
    rules = {line.rule for line in res.lines}
    assert {"D7.213", "A11.51", "A11.5"} <= rules
    sq = pos.units["r-628"]
    assert sq.has("final_fire") and sq.has(reaction.REACTED) and not sq.has("first_fire")  # D7.21
    lmg = pos.units["r-lmg"]
    assert lmg.has("final_fire") and lmg.has(reaction.REACTED)  # and its SW (D7.21)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["g-t"].hex) == "E5"  # the tank spends its last MP and goes on


@pytest.mark.parametrize(("dr", "result"),
                         [(3, "immobilized"), (2, "destroyed"), (1, "burns"), (5, "immobilized")])
def test_t_cbt_11_an_original_2(make_position: Any, tmp_path: Path, dr: int, result: str) -> None:
    """T-CBT-11: an original 2 is 2 + 2 = 4, the CCV: immobilized; the further dr may do worse (A11.501)."""
    pos = make(make_position, tmp_path, "first_fire")
    overrun_it(pos)
    pos.push_text("answer units r-628")
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 1,1")
    assert pos.decision is not None and pos.decision.then == reaction.CC2
    pos.push_text(f"answer dice {dr}")
    assert pos.last_resolution is not None and pos.last_resolution.results == {"g-t": result}
    tank = pos.units["g-t"]
    assert tank.has("wreck" if result in ("destroyed", "burns") else "immobilized")
    sq = pos.units["r-628"]  # D7.21: Final Fire always; the CC counter only while the vehicle survives
    assert sq.has("final_fire") and sq.has(reaction.REACTED) == (result == "immobilized")
    while pos.decision is not None and pos.decision.kind in ("react", "confirm"):
        pos.push_text("answer pass")
    assert pos.label(pos.units["g-t"].hex) == "D5"  # stopped where it was hit (D7.21)


def test_t_cbt_11_every_other_dr_fails(make_position: Any, tmp_path: Path) -> None:
    """T-CBT-11: at CCV 4 and +2 only an original 2 can affect the tank (A11.5)."""
    for dice in ("1,2", "2,2", "6,6"):
        pos = make(make_position, tmp_path, "first_fire")
        overrun_it(pos)
        pos.push_text("answer units r-628")
        pos.push_text("answer dice 4,4")
        pos.push_text(f"answer dice {dice}")
        assert pos.last_resolution is not None and pos.last_resolution.results == {"g-t": "none"}


@pytest.mark.parametrize(("cc", "after"), [("4,4", "pinned"), ("5,4", "broken"), ("3,4", "")])
def test_t_cbt_11_fpf_cc_reaction_is_also_its_nmc(make_position: Any, tmp_path: Path, cc: str,
                                                  after: str) -> None:
    """T-CBT-11 variant (D7.212, A8.31): a Final-Fire-marked 6-2-8 must react; PAATC passed, its CC DR is its
    NMC: pinned on an original 8, broken on 9 or more."""
    pos = make(make_position, tmp_path, "final_fire")
    overrun_it(pos)
    top = pos.decision
    assert top is not None and top.units == ("r-628",) and top.choices == ()  # FPF: no pass
    with pytest.raises(IllegalAction):
        pos.push_text("answer pass")
    pos.push_text("answer units r-628")
    pos.push_text("answer dice 4,4")  # PAATC passed
    assert pos.decision is not None and pos.decision.arg("ccv") == "4"  # 5 - 1 Final Fire
    pos.push_text(f"answer dice {cc}")
    sq = pos.units["r-628"]
    assert sq.has(after) if after else not (sq.has("pinned") or sq.has("broken"))


def test_t_cbt_11_fpf_after_a_failed_paatc(make_position: Any, tmp_path: Path) -> None:
    """T-CBT-11 variant (D7.212): PAATC failed: pinned, it still attacks at CCV 5 - 1 - 1 = 3; only the
    original 2's further dr can hurt the tank (A11.501)."""
    pos = make(make_position, tmp_path, "final_fire")
    overrun_it(pos)
    pos.push_text("answer units r-628")
    pos.push_text("answer dice 5,5")  # 10 > 8: failed, pinned (A11.6)
    assert pos.units["r-628"].has("pinned")
    top = pos.decision
    assert top is not None and top.then == reaction.CC and top.arg("ccv") == "3"
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 5")  # 2 + 2 = 4 > 3 and a dr of 5: nothing
    assert pos.last_resolution is not None and pos.last_resolution.results == {"g-t": "none"}


def test_d7_21_who_may_react(make_position: Any, tmp_path: Path) -> None:
    """D7.21: a failed PAATC ends a reaction; broken units, units aboard and a leader alone or beside an MMC;
    an unarmored vehicle needs no PAATC (A11.6)."""
    extra = ({"id": "r-ldr", "counter": "9-1", "side": "b", "hex": "D5"},
             {"id": "r-br", "counter": "4-4-7", "side": "b", "hex": "D5", "markers": ["broken"]})
    pos = make(make_position, tmp_path, extra=extra)
    overrun_it(pos, path="C5-D5")
    top = pos.decision
    assert top is not None and top.units == ("r-628", "r-ldr") and top.choices == ("pass",)  # not r-br
    pos.push_text("answer units r-628")
    top = pos.decision
    assert top is not None and top.then == reaction.LEADER and top.units == ("r-ldr",)
    assert pos.game.done_action(pos) == act.Answer(choice=reaction.ALONE)
    pos.push_text("answer alone")
    pos.push_text("answer dice 6,3")  # 9 - 1 leadership = 8: passed (A11.6)
    pos.push_text("answer dice 6,6")
    top = pos.decision
    assert top is not None and top.then == reaction.OFFER and top.units == ("r-ldr",)  # asked again
    pos.push_text("answer pass")
    assert reaction.due(pos) is None
    pos = make(make_position, tmp_path, extra=extra)
    overrun_it(pos, path="C5-D5")
    pos.push_text("answer units r-628")
    pos.push_text("answer units r-ldr")
    pos.push_text("answer dice 6,3")
    top = pos.decision
    assert top is not None and top.arg("ccv") == "6" and top.arg("drm") == "1"  # 5 + 1 SMC; +2 -1 leader
    pos.push_text("answer dice 6,6")
    assert pos.units["r-ldr"].has(reaction.REACTED) and reaction.due(pos) is None  # nobody left to react
    pos = make(make_position, tmp_path, "first_fire", vehicle={**TANK, "armor": None, "mg": {"bmg": 0}})
    pos.push_text("move g-t C5-D5")
    while pos.decision is not None and pos.decision.then != reaction.OFFER:
        top = pos.decision
        pos.push_text("answer pass" if top.kind != "roll" else "answer dice 1,1" if top.then == "vbog"
                      else "answer dice 6,5")  # no bog (D8.21); the OVR misses
    pos.push_text("answer units r-628")
    top = pos.decision
    assert top is not None and top.then == reaction.CC  # no PAATC against an unarmored vehicle
    assert top.arg("drm") == str(-3 - 1 + 2)  # A11.51: unarmored -3, no MG -1, not stopped +2


def test_a11_61_open_topped_ce_and_immobile_afvs_in_the_ccph(make_position: Any) -> None:
    """A11.61 (now in every CC against a vehicle, vfire.cc_vehicle): OT AFV -2, CE CT AFV -1, immobile -1; the
    BU passengers of a halftrack give no escort DRM (D6.61)."""
    def drm(vehicle: str, *markers: str, aboard: bool = False) -> int:
        units = [{"id": "a-v", "counter": vehicle, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
                 {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "C5"}]
        if aboard:
            units.append({"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"})
        pos: Position = make_position("asl", units, "CCPh", counters=COUNTERS)
        return vfire.cc_vehicle(pos, pos.units["a-v"], ("b-sq",), moving=False)[1]

    assert drm("pz") == 0 and drm("pz", "ce") == -1 and drm("pz", "immobilized") == -1
    assert drm("ht") == -2 and drm("ht", aboard=True) == 0 and drm("ht", "bu", aboard=True) == -2
