"""A vehicle's MGs in Close Combat (A11.62, D3.7): a CE AFV attacks with its CMG and its AAMG together; an
Original CC DR of 12 malfunctions each vehicle MG that fired in the attack (D3.7: B# 12 for a vehicle MG,
read on the Original IFT/CC DR), the AAMG as well as the CMG (the A11 example's H3 has only the CMG, its PzV
buttoned up). Vehicle values: the analogue catalogue of test_cc_vehicle with an AAMG of 2 added (not a
Vehicle Note value)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.games.asl import alhide, armorldr, cc
from hexmate.rules.games.asl import units as au

from .test_cc_vehicle import _catalogue

SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def test_d3_7_an_original_12_malfunctions_the_cmg_and_the_aamg_that_fired(
        make_position: Any, tmp_path: Any) -> None:
    """The CE PzV attacks the 4-4-7 in CC with CMG 5 + AAMG 2 = 7 FP (A11.62) and rolls an Original 12: both
    its CMG and its AAMG malfunction (D3.7); its next CC attack has neither."""
    path = _catalogue(tmp_path)
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    data["vehicles"]["pz5"]["mg"] = {"bmg": 2, "cmg": 5, "aamg": 2}
    Path(path).write_text(json.dumps(data), encoding="utf-8")
    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["pz5"] = {"type": "vehicle", "vehicle": "pz5", "catalogue": path}
    units = [{"id": "a-pz", "counter": "pz5", "side": "a", "hex": "H3", "markers": ["ce"]},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = make_position("asl", units, "CCPh", counters=counters, sides=SIDES)
    for _ in range(12):
        top = pos.decision
        assert top is not None
        if top.then == "cc_group" and top.side == "a":
            break
        if top.kind == "roll":
            pos.push_text("answer dice 6" if top.dice == "dr" else "answer dice 3,4")
        elif top.then == "cc_group":
            pos.push_text("answer done")
        else:
            pos.push_text(f"answer {(top.choices or ('done',))[0]}")
    pos.push_text("answer units a-pz,b-2")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None
    said = {(str(line.label), str(line.value), line.rule) for line in res.lines}
    assert ("a-pz: CMG and AAMG if CE", "7 FP", "A11.62") in said
    assert pos.units["a-pz"].has("cmg_malf") and pos.units["a-pz"].has("aamg_malf")
    fp, _, _ = cc._vehicle_strengths(pos.units["a-pz"], [pos.units["b-2"]])
    assert fp == 0


@pytest.mark.parametrize(("extra", "marks", "want"), [
    ({"armor_leader": "9-1"}, [], ("Armor Leader", "-1", "D3.44")),
    ({}, ["plus1"], ("recalled or stunned before", "+1", "D5.34")),
])
def test_d3_44_the_armor_leader_and_d5_34_the_plus_one_modify_the_afvs_cc_dr(
        make_position: Any, tmp_path: Any, extra: dict[str, Any], marks: list[str],
        want: tuple[str, str, str]) -> None:
    """D3.44: a 9-1 Armor Leader's -1 on his AFV's CC DR (brought in by his owner, D3.41); D5.34: a crew
    under the "+1" adds 1 to it."""
    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    counters["pz5"] = {"type": "vehicle", "vehicle": "pz5", "catalogue": _catalogue(tmp_path), **extra}
    units = [{"id": "a-pz", "counter": "pz5", "side": "a", "hex": "H3", "markers": ["ce", *marks]},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = make_position("asl", units, "CCPh", counters=counters, sides=SIDES)
    for _ in range(12):
        top = pos.decision
        assert top is not None
        if top.then == "cc_group" and top.side == "a":
            break
        if top.kind == "roll":
            pos.push_text("answer dice 6" if top.dice == "dr" else "answer dice 3,4")
        elif top.then == "cc_group":
            pos.push_text("answer done")
        else:
            pos.push_text(f"answer {(top.choices or ('done',))[0]}")
    pos.push_text("answer units a-pz,b-2")
    pos.push_text("answer dice 3,3" if extra else "answer dice 3,4")
    if extra:  # D3.41: the hidden 9-1's -1 changes DR 6's result: his owner is asked privately, brings him in
        top = pos.decision
        assert top is not None and top.then == alhide.RERUN_THEN and top.choices == (alhide.USE, alhide.KEEP)
        pos.push_text("answer use")
        assert pos.units["a-pz"].has(armorldr.SHOWN)
    res = pos.last_resolution
    assert res is not None
    assert want in {(str(line.label), str(line.value), line.rule) for line in res.lines}
