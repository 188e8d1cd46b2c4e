"""A moving stack split by Defensive First Fire (A8.1): T-9.2a, the A9.2 example, on an analogue of board 1
(1H5 a stone building, 1H7-H6 Open Ground, the Soviet MG in J5). Counters from the demo catalogue, the IFT
from the demo pack (demo values): the dice are chosen to give the example's outcomes."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, **hexes: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "H7"},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "H7"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "J5"},
             {"id": "b-mg", "counter": "HMGr", "side": "b", "hex": "J5", "carrier": "b-1"}]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={"H5": "stone-building", **hexes})


def test_t9_2a_the_pinned_leader_stays_and_the_squad_goes_on(make_position: Any) -> None:
    """T-9.2a (A9.2 example, A8.1): the 4-6-7 and 9-1 enter 1H6 from H7 (1 MF); the MG in J5 fires with -2
    (FFNAM, FFMO), coloured dr 1 keeps its ROF; the leader is pinned and the squad goes on into H5, where
    the MG fires again at +2 (-1 FFNAM, +3 TEM of the stone building), breaks it, keeps its ROF, and fires a
    last time (2 MF spent there) at -1 FFNAM still (A8.14), losing its ROF; no third shot at H5 (A9.2)."""
    pos = _pos(make_position)
    pos.push_text("move a-1,a-l H7-H6-H5")
    h5, h6 = pos.map.parse_label("H5"), pos.map.parse_label("H6")
    first = pos.resolve(pos.parse_action("fire b-mg at H6 dice 6,1"))
    text = first.text()
    assert "(FFNAM): -1 (A4.6)" in text and "(FFMO): -1 (A4.6)" in text and "Final DR: 7 -2 = 5" in text
    assert "keeps its multiple ROF (coloured dr 1)" in text
    pos.push_text("fire b-mg at H6 dice 6,1")  # demo IFT: 6 FP, final DR 5 -> 1MC
    pos.push_text("answer dice 4,4")  # the leader: 8 + 1 = 9, his morale exactly: pinned (A7.8)
    pos.push_text("answer dice 1,2")  # the squad: 3 + 1 - 1 (the 9-1) passes
    assert pos.units["a-l"].has("pinned") and not pos.units["a-1"].has("pinned")
    assert not pos.units["b-mg"].has("first_fire")  # ROF kept: it may fire again
    pos.push_text("answer keep-rof")  # no Residual FP: the MG keeps its ROF (A8.23)
    with pytest.raises(IllegalAction, match=r"as many times as the MF they spent here \(1\)"):
        pos.game.check(pos, pos.parse_action("fire b-mg at H6"))  # the leader spent 1 MF in H6 (A9.2)
    pos.push_text("answer pass")  # the window at H6 closes: the squad goes on without the leader
    assert pos.state.moving is not None and pos.state.moving.units == ("a-1",)
    assert pos.units["a-1"].hex == h5 and pos.units["a-l"].hex == h6
    assert pos.physical_hex("a-l") == h6  # at the table the leader goes back to H6
    assert pos.decision is not None and pos.decision.then == "move_on" and pos.decision.target == h5
    with pytest.raises(IllegalAction):  # his move is over: no more First Fire at him (A8.1)
        pos.game.check(pos, pos.parse_action("fire b-mg at H6"))
    second = pos.resolve(pos.parse_action("fire b-mg at H5 dice 3,1")).text()
    assert "(FFNAM): -1 (A4.6)" in second and "FFMO" not in second
    assert "+3" in second and "Final DR: 4 +2 = 6" in second
    pos.push_text("fire b-mg at H5 dice 3,1")  # demo IFT: 1MC; coloured 1: the ROF kept again
    pos.push_text("answer dice 4,3")  # 7 + 1 > 7: the squad breaks
    pos.push_text("answer keep-rof")
    assert pos.units["a-1"].has("broken") and not pos.units["b-mg"].has("first_fire")
    # it spent 2 MF entering H5: one more shot, FFNAM still applying to the broken squad (A8.14); this time
    # the coloured 5 loses the ROF and the First Fire counter goes on (A9.2)
    third = pos.resolve(pos.parse_action("fire b-mg at H5 dice 2,5")).text()
    assert "(FFNAM): -1 (A4.6)" in third
    pos.push_text("fire b-mg at H5 dice 2,5")
    assert pos.units["b-mg"].has("first_fire")
    with pytest.raises(IllegalAction, match=r"as many times as the MF they spent here \(2\)"):
        pos.game.check(pos, pos.parse_action("fire b-mg at H5"))  # 2 MF, 2 shots: no more (A9.2)
    pos.push_text("answer pass")
    assert pos.state.moving is None and {"a-1", "a-l"} <= set(pos.state.moved)
    assert pos.units["a-l"].has("pinned") and pos.units["a-l"].hex == h6 and pos.units["a-1"].hex == h5


def test_without_the_leader_the_squad_has_only_its_own_mf(make_position: Any) -> None:
    """A4.12: the squad moving with the 9-1 has 6 MF; once he is pinned it has its own 4, so the path it set
    out on, 5 MF (H6 1, the H5 and G5 buildings 2 each), is beyond it: it stops in H6 too."""
    pos = _pos(make_position, G5="stone-building")
    pos.push_text("move a-1,a-l H7-H6-H5-G5")  # 1 + 2 + 2 = 5 MF, within the 6 the leader gives
    pos.push_text("fire b-mg at H6 dice 6,1")
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 1,2")
    pos.push_text("answer keep-rof")
    pos.push_text("answer pass")
    assert pos.state.moving is None
    assert pos.units["a-1"].hex == pos.map.parse_label("H6") and pos.units["a-l"].has("pinned")
    assert "a-1" in pos.state.moved


def test_a_leader_killed_takes_his_mf_bonus_with_him(make_position: Any) -> None:
    """A4.12 again: the 9-1 killed in H6 (K/1, Random Selection picks him, the wound dr 6 kills him, A17.11)
    leaves the squad its own 4 MF, short of the 5 MF path: it stops in H6 (after its 1MC and its NMC for the
    leader's loss, both passed)."""
    pos = _pos(make_position, G5="stone-building")
    pos.push_text("move a-1,a-l H7-H6-H5-G5")
    pos.push_text("fire b-mg at H6 dice 4,1")  # demo IFT: K/1
    pos.push_text("answer units a-l")
    pos.push_text("answer dice 6")
    assert "a-l" not in pos.units
    pos.push_text("answer dice 1,2")  # the 1MC
    pos.push_text("answer dice 1,2")  # the NMC for the leader's loss (A10.2)
    pos.push_text("answer keep-rof")
    pos.push_text("answer pass")
    assert pos.state.moving is None and pos.units["a-1"].hex == pos.map.parse_label("H6")


def test_a4_12_the_leader_left_with_it_is_not_of_its_nationality(make_position: Any) -> None:
    """A4.12: on a British side, a 4-6-7 naming no nationality (so British) sets out with a 9-1 naming none
    (British too) and an American 9-1: 6 MF, the British leader's bonus. He is pinned in H6; the American
    leader going on with it gives the squad no +2 MF, so its own 4 are short of the 5 MF path: it stops in
    H6, and he with it (the group moves at its slowest member)."""
    counters = {**COUNTERS, "4-6-7x": {k: v for k, v in COUNTERS["4-6-7"].items() if k != "nationality"},
                "9-1american": {**COUNTERS["9-1"], "nationality": "american"}}
    units = [{"id": "a-1", "counter": "4-6-7x", "side": "a", "hex": "H7"},
             {"id": "a-l", "counter": "9-1", "side": "a", "hex": "H7"},
             {"id": "a-m", "counter": "9-1american", "side": "a", "hex": "H7"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "J5"},
             {"id": "b-mg", "counter": "HMGr", "side": "b", "hex": "J5", "carrier": "b-1"}]
    sides = [{"id": "a", "name": "A", "nationality": "british"}, {"id": "b", "name": "B"}]
    pos = make_position("asl", units, "MPh", counters=counters, sides=sides,
                        hexes={"H5": "stone-building", "G5": "stone-building"})
    pos.push_text("move a-1,a-l,a-m H7-H6-H5-G5")  # 1 + 2 + 2 = 5 MF, within the British leader's 6
    pos.push_text("fire b-mg at H6 dice 6,1")  # demo IFT: 1MC on each
    pos.push_text("answer dice 4,4")  # the British 9-1: 8 + 1 = 9, his morale: pinned (A7.8)
    pos.push_text("answer dice 1,2")  # the American 9-1 passes
    pos.push_text("answer dice 1,2")  # the squad passes
    pos.push_text("answer keep-rof")
    pos.push_text("answer pass")
    h6 = pos.map.parse_label("H6")
    assert pos.state.moving is None and pos.units["a-l"].has("pinned")
    assert pos.units["a-1"].hex == h6 and pos.units["a-m"].hex == h6
