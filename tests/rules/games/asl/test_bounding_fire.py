"""Bounding First Fire (D3.3): a vehicle of the phasing side fires its gun in its own MPh, between moves,
with Case C on its To Hit DR (Case C4 in Motion, D2.42; the ordnance pack's demo values), under a Bounding
Fire counter that bars it from the AFPh; it may still move after firing. Counters: test_armour's demo
tanks."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS


def mph(make_position: Any, *markers: str) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def cases(pos: Position) -> list[str]:
    res = pos.last_resolution
    assert res is not None
    return [str(line.label) for line in res.lines if str(line.label).startswith("Case ")]


def test_a_tank_fires_in_its_own_mph_with_case_c(make_position: Any) -> None:
    pos = mph(make_position)
    assert "fire a-pz at C2" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("fire a-pz at C2")
    top = pos.decision
    assert top is not None and top.then == "vth" and top.side == "a"
    pos.push_text("answer dice 3,4")
    assert any(c.startswith("Case C:") for c in cases(pos))
    assert pos.units["a-pz"].has("bounding_fire") and not pos.units["a-pz"].has("first_fire")


def test_in_motion_it_is_case_c4_not_c(make_position: Any) -> None:
    pos = mph(make_position, "motion")
    pos.push_text("fire a-pz at C2")
    pos.push_text("answer dice 3,4")
    got = cases(pos)
    assert any(c.startswith("Case C4") for c in got) and not any(c.startswith("Case C:") for c in got)


def test_it_may_move_after_firing_but_not_fire_in_the_afph(make_position: Any) -> None:
    pos = mph(make_position)
    pos.push_text("fire a-pz at C2")
    pos.push_text("answer dice 3,4")  # a miss
    while pos.decision is not None:
        pos.push_text("answer pass")
    moves = pos.legal_actions.moves_for(frozenset({"a-pz"}))
    assert moves, "D3.3: it may move after its Bounding First Fire"
    with pytest.raises(IllegalAction, match=r"already fired"):
        pos.push_text("fire a-pz at C2")  # once: the Bounding Fire counter is on it
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")
    with pytest.raises(IllegalAction, match=r"Bounding First Fire.*D3\.3"):
        pos.push_text("fire a-pz at C2")


def test_the_defender_does_not_bound(make_position: Any) -> None:
    """Outside a move the non-phasing side's tank has no fire in the MPh: its fire is Defensive First Fire
    at a vehicle that just entered a hex (A8.1)."""
    pos = mph(make_position)
    with pytest.raises(IllegalAction):
        pos.push_text("fire b-t at C5")


def keep_rof_then_afph(make_position: Any, *markers: str) -> Position:
    """The demo tank (75L gun, ROF 1, demo values) fires in its MPh and its colored die 1 keeps the ROF: no
    Bounding Fire counter (D3.3's exception); on to the AFPh. b's squad in E5 for its MGs."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "C2", "markers": ["vca3"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("fire a-pz at C2")
    pos.push_text("answer dice 6,1")  # DR 7: a miss; colored die 1 <= ROF 1
    assert not pos.units["a-pz"].has("bounding_fire")
    while pos.phase.id != "AFPh":
        pos.push_text("end" if pos.decision is None else "answer pass")
    return pos


def test_d3_3_2_the_gun_that_kept_rof_fires_once_more_in_the_afph_with_case_c(make_position: Any) -> None:
    """D3.3.2: no final Bounding First Fire, but a vehicle that kept its multiple ROF in the MPh and fired
    nothing else may fire that gun once more in the AFPh, with Case C (not in Motion), not Case B."""
    pos = keep_rof_then_afph(make_position)
    assert "fire a-pz at C2" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("fire a-pz at C2")
    pos.push_text("answer dice 6,1")  # a miss, and the ROF kept again
    got = cases(pos)
    assert any(c.startswith("Case C:") for c in got) and not any(c.startswith("Case B") for c in got)
    with pytest.raises(IllegalAction, match=r"once.*D3\.3\.2"):
        pos.push_text("fire a-pz at C2")  # once, whatever its ROF


def test_d3_3_2_only_that_gun_not_its_mgs(make_position: Any) -> None:
    """D3.3.2: "only" the multiple-ROF weapon fires again in the AFPh: its MGs do not."""
    pos = keep_rof_then_afph(make_position)
    assert not any(t.startswith("fire a-pz.") or t == "fire a-pz at E5"
                   for t in (pos.action_text(a) for a in pos.legal_actions))
    with pytest.raises(IllegalAction, match=r"D3\.3\.2"):
        pos.push_text("fire a-pz.bmg at E5")


def test_d3_3_2_in_motion_it_is_case_c4(make_position: Any) -> None:
    """D3.3.2: in Motion the AFPh shot takes Case C4 instead of Case C."""
    pos = keep_rof_then_afph(make_position, "motion")
    pos.push_text("fire a-pz at C2")
    pos.push_text("answer dice 6,2")
    got = cases(pos)
    assert any(c.startswith("Case C4") for c in got) and not any(c.startswith("Case C:") for c in got)
