"""ASL Unarmed units under the Inexperienced restrictions (A19.3, A20.53): 3 MF (A19.31), -1 not +1 to capture
them (A19.35), Lax (A19.36), the Inexperienced HoB drm (A15.1). Counters from the demo catalogue (demo
values); the numbers are the rules' own (4 MF / 3 MF, +2 with a leader, the capture +1 / -1)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import cc as asl_cc
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _free(make_position: Any, *extra: dict[str, Any]) -> Any:
    """An Unarmed 4-4-7 no longer a prisoner (no enemy with it, A20.5), moved by its owner in its MPh."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "A1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F7", "markers": ["unarmed"]},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H7"}, *extra]
    return make_position("asl", units, "MPh", counters=COUNTERS, first_side="b")


def test_a19_31_an_unarmed_unit_has_3_mf_not_4(make_position: Any) -> None:
    """A19.3, A19.31: the Unarmed squad moves 3 open hexes (1 MF each), not 4; its armed twin moves 4."""
    pos = _free(make_position)
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move b-1 F7-F6-F5-F4-F3"))
    pos.game.check(pos, pos.parse_action("move b-2 H7-H6-H5-H4-H3"))  # A4.11: 4 MF armed
    pos.push_text("move b-1 F7-F6-F5-F4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.units["b-1"].hex == pos.map.parse_label("F4")


def test_a19_3_unarmed_with_a_leader_is_still_inexperienced(make_position: Any) -> None:
    """A19.3: unlike a Green MMC, an Unarmed one stays Inexperienced stacked with a leader: 3 + 2 = 5 MF
    (A19.31, A4.12), not the 6 of an armed squad with him."""
    pos = _free(make_position, {"id": "b-L", "counter": "8-0", "side": "b", "hex": "F7"})
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("move b-1,b-L F7-F6-F5-F4-F3-F2-F1"))
    pos.game.check(pos, pos.parse_action("move b-1,b-L F7-F6-F5-F4-F3-F2"))


def test_a19_35_recapturing_an_unarmed_unit_is_minus_1(make_position: Any) -> None:
    """A19.35 with A20.54: the 4-6-7 enters the Unarmed squad's Location and tries to recapture it at once:
    4 FP against its (1), 4:1, Kill Number 9 (demo CCT). Original DR 9 (4,5): -1 (not +1) makes 8, below 9:
    it is captured. With the +1 of an ordinary capture it would have been 10, no effect."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F6"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F4", "markers": ["unarmed"]}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-1 F6-F5-F4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    pos.push_text("answer capture")
    pos.push_text("answer dice 4,5")
    while pos.decision is not None and pos.decision.then == "cc":
        pos.push_text("answer dice 5,6")
    b1 = pos.units["b-1"]
    assert b1.has("prisoner") and b1.carrier == "a-1"


def test_a19_36_unarmed_units_are_lax_in_the_ambush_dr(make_position: Any) -> None:
    """A19.36, A11.4: a Lax unit adds +1 to its side's ambush dr; an Unarmed unit is Lax, an armed one not."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F6"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "F6", "markers": ["unarmed"]},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F6"}]
    pos = make_position("asl", units, "CCPh", counters=COUNTERS)
    drm, lines = asl_cc.ambush_drm(pos, pos.map.parse_label("F6"), "b")
    assert drm == 1 and any("lax" in str(line.label) for line in lines)
    assert asl_cc.ambush_drm(pos, pos.map.parse_label("F6"), "a")[0] == 0


def test_a15_1_unarmed_takes_the_inexperienced_hob_drm(make_position: Any) -> None:
    """A15.1 with A19.3: the HoB DR of an Unarmed unit is +1 for Inexperienced; its armed twin's is not."""
    pos = _free(make_position)
    assert ("Inexperienced", 1) in [(str(t), n) for t, n, _ in am.hob_drm(pos.units["b-1"])]
    assert "Inexperienced" not in [str(t) for t, _, _ in am.hob_drm(pos.units["b-2"])]


@pytest.mark.parametrize(("counter", "mf"), [("4-3-6", 6), ("4-2-6", 5)])
def test_a19_31_green_with_a_leader_has_6_mf_a_conscript_5(make_position: Any, counter: str, mf: int) -> None:
    """A19.3, A19.31: a Green MMC stacked with a Good Order leader is exempt from the Inexperienced
    restrictions: moving with him it has the ordinary 6 MF (not 3 + 2); a Conscript never is: 5."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "A1"},
             {"id": "b-1", "counter": counter, "side": "b", "hex": "F8"},
             {"id": "b-L", "counter": "8-0", "side": "b", "hex": "F8"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b")
    path = ["F8", "F7", "F6", "F5", "F4", "F3", "F2", "F1"]
    pos.game.check(pos, pos.parse_action(f"move b-1,b-L {'-'.join(path[:mf + 1])}"))
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action(f"move b-1,b-L {'-'.join(path[:mf + 2])}"))
    alone = pos.game.group_budget([pos.units["b-1"]])
    assert alone == 3  # A19.31: alone, Inexperienced
