"""ASL support weapons recovered and dropped during the MPh (A4.4, A4.43, A4.44): one more MF and a recovery
dr below 6, once per unit and SW a MPh; a move split where a SW is picked up or dropped, the MF left carried
on and a dropped SW's portage cost not regained. Counters from the demo catalogue (demo values): a 4-6-7 has
4 MF and an IPC of 3 PP; LMG 1 PP, MMG 3 PP."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _pos(make_position: Any, units: list[dict[str, Any]]) -> Any:
    return make_position("asl", [*units, {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H8"}], "MPh",
                         counters=COUNTERS)


def _play(pos: Any, text: str) -> None:
    pos.push(pos.parse_action(text))
    while pos.decision is not None and pos.decision.kind == "react":  # no Defensive First Fire (A8.1)
        pos.push(pos.parse_action("answer pass"))


def _budget(pos: Any, *ids: str) -> Any:
    return pos.game.group_budget([pos.units[u] for u in ids], "", pos.state)


def test_a4_44_recovery_before_moving_costs_1_mf(make_position: Any) -> None:
    """A4.44: a squad in the LMG's Location spends 1 MF and rolls the recovery dr: 3 < 6, recovered. It then
    moves with 4 - 1 = 3 MF, carrying the LMG (1 PP within its IPC, A4.42)."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"}])
    _play(pos, "transfer a-lmg to a-1")
    top = pos.decision
    assert top is not None and top.then == "recover_sw" and top.rule == "A4.44" and "1 MF" in top.prompt
    _play(pos, "answer dice 3")
    assert pos.units["a-lmg"].carrier == "a-1" and _budget(pos, "a-1") == 3
    with pytest.raises(IllegalAction, match="costs 4 MF"):
        pos.game.check(pos, pos.parse_action("move a-1 C1-C2-C3-C4-C5"))
    _play(pos, "move a-1 C1-C2-C3-C4")
    assert pos.label(pos.units["a-lmg"].hex) == "C4"


def test_a4_44_one_attempt_per_sw_a_mph_and_cx_adds_1(make_position: Any) -> None:
    """A4.44: a final dr of 6 fails; the same unit may not try that SW again this MPh. CX adds +1: a unit
    that came by Double Time (CX, A4.5) rolls dr 5, a final 6, not recovered."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"}])
    _play(pos, "transfer a-lmg to a-1")
    _play(pos, "answer dice 6")
    assert pos.units["a-lmg"].carrier is None and _budget(pos, "a-1") == 3  # the MF is spent all the same
    with pytest.raises(IllegalAction, match="already tried to recover a-lmg") as e:
        pos.game.check(pos, pos.parse_action("transfer a-lmg to a-1"))
    assert e.value.rule == "A4.44"
    _play(pos, "move a-2 C2-C1 as cx")
    assert pos.units["a-2"].has("cx")
    _play(pos, "transfer a-lmg to a-2")
    _play(pos, "answer dice 5")
    assert pos.units["a-lmg"].carrier is None
    assert pos.state.resolution is not None and "final dr 6" in pos.state.resolution.summary


def test_a4_44_not_with_a_known_armed_enemy_in_the_location(make_position: Any) -> None:
    """A4.44: no recovery in a Location holding a Known armed enemy unit; nor by a pinned unit."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"},
                               {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C1"}])
    with pytest.raises(IllegalAction, match="Known armed enemy"):
        pos.game.check(pos, pos.parse_action("transfer a-lmg to a-1"))
    pinned = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1",
                                   "markers": ["pinned"]},
                                  {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"}])
    with pytest.raises(IllegalAction, match="not pinned"):
        pinned.game.check(pinned, pinned.parse_action("transfer a-lmg to a-1"))


def test_a4_44_recovered_in_the_middle_of_a_move(make_position: Any) -> None:
    """A4.4, A4.44: a squad moves 2 hexes (2 MF) to the LMG, recovers it (1 MF, dr 2), and goes on with the
    1 MF left: one more hex, not two."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C3"}])
    _play(pos, "move a-1 C1-C2-C3")
    with pytest.raises(IllegalAction, match=r"A4\.2"):  # its move is over unless it picks up or drops a SW
        pos.game.check(pos, pos.parse_action("move a-1 C3-C4"))
    _play(pos, "transfer a-lmg to a-1")
    _play(pos, "answer dice 2")
    assert pos.units["a-lmg"].carrier == "a-1" and _budget(pos, "a-1") == 1
    with pytest.raises(IllegalAction, match="costs 2 MF"):
        pos.game.check(pos, pos.parse_action("move a-1 C3-C4-C5"))
    _play(pos, "move a-1 C3-C4")
    assert pos.label(pos.units["a-1"].hex) == "C4" and pos.label(pos.units["a-lmg"].hex) == "C4"


def test_a4_4_a_sw_dropped_in_the_middle_of_a_move_keeps_its_portage_cost(make_position: Any) -> None:
    """A4.4, A4.43: a squad with an MMG (3 PP) and an LMG (1 PP) carries 1 PP over its IPC: 3 MF. It moves
    one hex (2 MF left), drops the MMG there at no MF, and goes on with 2 MF: the MMG's cost is not regained
    for the rest of the MPh. The MMG stays where it was dropped."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "C1", "carrier": "a-1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"}])
    assert _budget(pos, "a-1") == 3
    _play(pos, "move a-1 C1-C2")
    _play(pos, "drop a-mmg")
    assert pos.units["a-mmg"].carrier is None and _budget(pos, "a-1") == 2
    with pytest.raises(IllegalAction, match="costs 3 MF"):
        pos.game.check(pos, pos.parse_action("move a-1 C2-C3-C4-C5"))
    _play(pos, "move a-1 C2-C3-C4")
    assert pos.label(pos.units["a-mmg"].hex) == "C2" and pos.label(pos.units["a-lmg"].hex) == "C4"


def test_a4_2_once_another_unit_moved_the_first_may_not_go_on(make_position: Any) -> None:
    """A4.2: a unit finishes its move before another starts: after a-2 moves, a-1 (moved before) may drop its
    LMG but not move on, nor recover a SW with MF of a move that is over."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
                               {"id": "a-mmg", "counter": "MMG", "side": "a", "hex": "C2"},
                               {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "E1"}])
    _play(pos, "move a-1 C1-C2")
    _play(pos, "move a-2 E1-E2")
    with pytest.raises(IllegalAction, match="another unit has moved"):
        pos.game.check(pos, pos.parse_action("transfer a-mmg to a-1"))
    _play(pos, "drop a-lmg")
    with pytest.raises(IllegalAction, match=r"A4\.2"):
        pos.game.check(pos, pos.parse_action("move a-1 C2-C3"))


def test_a4_44_an_smc_takes_a_sw_from_a_broken_friend_for_no_mf(make_position: Any) -> None:
    """A4.44: in the MPh an SMC may take a SW from a broken friendly unit of its Location with a recovery dr
    below 6 and no MF: the 9-1 (6 MF) takes the broken squad's LMG (1 PP, his IPC) on a dr 4 and still has
    6 MF. A squad may not take it so: it is the broken unit's, not unpossessed."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1",
                                "markers": ["broken"]},
                               {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"}])
    full = _budget(pos, "a-l")
    with pytest.raises(IllegalAction):
        pos.game.check(pos, pos.parse_action("transfer a-lmg to a-2"))
    _play(pos, "transfer a-lmg to a-l")
    top = pos.decision
    assert top is not None and top.then == "recover_sw" and "no MF" in top.prompt
    _play(pos, "answer dice 4")
    assert pos.units["a-lmg"].carrier == "a-l" and _budget(pos, "a-l") == full == 6


def test_a4_4_a_stack_goes_on_together_after_one_of_it_dropped_a_sw(make_position: Any) -> None:
    """A4.4: equipment is dropped at any time during the move, no end of it. A 4-6-7 with an 8-0 (A4.12:
    4 + 2 = 6 MF; the LMG's 1 PP within its IPC) moves two Open Ground hexes (2 MF), the squad drops the LMG:
    the stack goes on together with the 4 MF left, not 5. A squad of the Location that did not move stays."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-m", "counter": "8-0", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
                               {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"}])
    assert _budget(pos, "a-1", "a-m") == 6
    _play(pos, "move a-1,a-m,a-lmg C1-C2-C3")
    _play(pos, "drop a-lmg")
    assert _budget(pos, "a-1", "a-m") == 4
    with pytest.raises(IllegalAction, match="costs 5 MF"):
        pos.game.check(pos, pos.parse_action("move a-1,a-m C3-C4-C5-C6-C7-C8"))
    with pytest.raises(IllegalAction, match=r"A4\.2"):  # a-2 was there, but did not move with them
        pos.game.check(pos, pos.parse_action("move a-1,a-m,a-2 C3-C4"))
    _play(pos, "move a-1,a-m C3-C4-C5-C6-C7")
    assert pos.label(pos.units["a-m"].hex) == "C7" and pos.label(pos.units["a-1"].hex) == "C7"
    assert not pos.units["a-1"].has("pinned")  # within its MF: no Minimum Move (A4.134)
    assert pos.label(pos.units["a-lmg"].hex) == "C3"


def test_a4_44_the_stack_waits_for_a_recovery_and_goes_on_at_its_slowest(make_position: Any) -> None:
    """A4.44 with A4.4: the 4-6-7 and 8-0 (6 MF) walk two hexes to an LMG (2 MF), the squad spends 1 MF to
    recover it (dr 1): the leader has 4 MF left, the squad 3: together they go on with 3."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-m", "counter": "8-0", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C3"}])
    _play(pos, "move a-1,a-m C1-C2-C3")
    _play(pos, "transfer a-lmg to a-1")
    _play(pos, "answer dice 1")
    assert pos.units["a-lmg"].carrier == "a-1"
    assert _budget(pos, "a-m") == 4 and _budget(pos, "a-1", "a-m") == 3
    with pytest.raises(IllegalAction, match="costs 4 MF"):
        pos.game.check(pos, pos.parse_action("move a-1,a-m,a-lmg C3-C4-C5-C6-C7"))
    _play(pos, "move a-1,a-m,a-lmg C3-C4-C5-C6")
    assert pos.label(pos.units["a-m"].hex) == "C6" and not pos.units["a-1"].has("pinned")


def test_a4_4_a_sw_is_carried_once_a_phase(make_position: Any) -> None:
    """A4.4: a-1 carries the LMG C1-C2 and drops it there; a-2, not yet moved, recovers it (dr 3) but may not
    carry it on this MPh (nor does the page offer it a move); dropped again, a-2 moves alone. a-1 itself may
    take it back and go on with it: that is still its one carry."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1", "carrier": "a-1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"}]
    pos = _pos(make_position, units)
    _play(pos, "move a-1 C1-C2")
    _play(pos, "drop a-lmg")
    _play(pos, "transfer a-lmg to a-2")
    _play(pos, "answer dice 3")
    assert pos.units["a-lmg"].carrier == "a-2"
    with pytest.raises(IllegalAction, match=r"carried only once a phase \(A4\.4\)"):
        pos.game.check(pos, pos.parse_action("move a-2 C2-C3"))
    assert pos.legal_actions.moves_for({"a-2"}) == {}
    _play(pos, "drop a-lmg")
    _play(pos, "move a-2 C2-C3")
    assert pos.label(pos.units["a-2"].hex) == "C3" and pos.label(pos.units["a-lmg"].hex) == "C2"
    same = _pos(make_position, units[:2])
    _play(same, "move a-1 C1-C2")
    _play(same, "drop a-lmg")
    _play(same, "transfer a-lmg to a-1")
    _play(same, "answer dice 3")
    _play(same, "move a-1 C2-C3")
    assert same.label(same.units["a-lmg"].hex) == "C3"


def test_a4_44_a_sw_recovered_in_the_mph_is_passed_on_at_the_start_of_the_aph(make_position: Any) -> None:
    """A4.44 bars passing on a recovered SW in the phase it was recovered in, no later: recovered in the MPh
    (dr 3 < 6), it may change hands at the start of the APh (A4.431)."""
    pos = _pos(make_position, [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C1"},
                               {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"}])
    _play(pos, "transfer a-lmg to a-1")
    _play(pos, "answer dice 3")
    assert pos.units["a-lmg"].carrier == "a-1" and pos.units["a-lmg"].has("recovered")
    while pos.phase.id != "APh":
        _play(pos, "end")
    _play(pos, "transfer a-lmg to a-2")
    assert pos.units["a-lmg"].carrier == "a-2"
