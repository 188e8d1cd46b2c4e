"""ASL portage (A4.42): an SMC lends his IPC only to a Good Order unit that began the phase stacked with him
and moves with him; a broken unit carries no more than its own IPC. The A4.42 example's numbers: a squad
carrying 4 PP has 3 MF, 6 with a leader who lends his IPC, 5 when he carries 1 PP himself. SW from the demo
catalogue (HMG 4 PP, LMG 1 PP: demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import portage
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _u(uid: str, hex_: str, counter: str, side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _budget(pos: Any, ids: list[str]) -> int:
    return int(pos.game.group_budget([pos.units[u] for u in ids], "", pos.state))


UNITS = [_u("a-1", "C4", "4-6-7"), _u("a-hmg", "C4", "HMG", carrier="a-1"), _u("a-l", "B4", "8-1"),
         _u("a-2", "F4", "4-6-7"), _u("a-hmg2", "F4", "HMG", carrier="a-2"), _u("a-l2", "F4", "8-1"),
         _u("b-1", "K8", "4-6-7", "b")]


def _join(pos: Any) -> None:
    """The leader moves onto the squad in C4; the defender lets the entry pass (A8.1)."""
    pos.push_text("move a-l B4-C4")
    while pos.decision is not None:
        pos.push_text("answer pass")


def test_the_phase_start_locations_are_kept_for_the_mph_and_dropped_at_its_end(make_position: Any) -> None:
    pos = make_position("asl", UNITS, "MPh", counters=COUNTERS)
    _join(pos)
    assert portage.began_at(pos.state, pos.units["a-l"]) == (pos.map.parse_label("B4"), 0)
    assert portage.began_at(pos.state, pos.units["a-1"]) == (pos.map.parse_label("C4"), 0)
    pos.push_text("end")
    assert pos.game.gstate(pos.state).began == ()


def test_a4_42_a_leader_who_joined_in_the_mph_lends_no_ipc(make_position: Any) -> None:
    """The example's squad with 4 PP: 6 MF with a leader stacked with it as the MPh began (4 + 2 - 0); the
    leader who came into its Location in this MPh did not begin the phase with it: no IPC lent, nor A4.12's
    +2 MF (he did not move with it from the phase's start), so 4 - 1 = 3."""
    pos = make_position("asl", UNITS, "MPh", counters=COUNTERS)
    assert _budget(pos, ["a-2", "a-l2"]) == 6
    _join(pos)
    assert _budget(pos, ["a-1", "a-l"]) == 3


def test_a4_42_stacked_as_the_aph_began_the_leader_lends_his_ipc_in_the_advance(make_position: Any) -> None:
    """The leader joined the squad in the MPh; the APh begins with them stacked: his IPC is lent in the
    advance (A4.72: the MF it would have in the MPh, 4 + 2 - 0 = 6)."""
    pos = make_position("asl", UNITS, "MPh", counters=COUNTERS)
    _join(pos)
    while pos.phase.id != "APh":
        top = pos.decision
        pos.push_text(f"answer {top.choices[0]}" if top is not None else "end")  # no voluntary break (A10.41)
    units = [pos.units["a-1"], pos.units["a-l"]]
    assert pos.game.advance_mf(pos, units)["a-1"] == 6


def test_a4_42_a_broken_unit_carries_only_its_own_ipc_with_a_leader(make_position: Any) -> None:
    """A4.42, A10.4: no leader's IPC for a broken unit: 4 PP on a squad is 1 over its own 3."""
    units = [_u("a-1", "C4", "4-6-7", markers=["broken"]), _u("a-hmg", "C4", "HMG", carrier="a-1"),
             _u("a-l", "C4", "8-1"), _u("b-1", "K8", "4-6-7", "b")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    got = portage.allowances(pos.state, [pos.units["a-1"], pos.units["a-l"]], lambda u: 6, ())
    assert got["a-1"] == 5
