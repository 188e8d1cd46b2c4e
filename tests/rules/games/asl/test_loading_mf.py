"""A4.11 with D6.4: infantry that loads into a vehicle this Player Turn has 4 MF whatever it is (an
SMC's 6 cut to 4; a wounded SMC's or Inexperienced unit's 3 raised to 4), no leader bonus (D6.4), less each
PP over its IPC (A4.42); loading from the vehicle's Location costs 1 MF, and the vehicle may spend a
quarter of its MP allowance per MF the loader (the one with the fewest) has left.
The demo Panzer has 14 MP (demo values)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, transport

COUNTERS: dict[str, Any] = {
    "4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8},
    "4-4-7i": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7, "class": "green"},
    "9-1": {"type": "leader", "morale": 9, "broken_morale": 8, "leadership": -1},
    "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
    "HMG": {"type": "sw", "sw": "mg", "fp": 7, "range": 16, "rof": 3, "breakdown": 12, "pp": 4},
    "FT": {"type": "sw", "sw": "ft", "fp": 24, "range": 1, "breakdown": 12, "pp": 2},
}


def loaded_budget(make_position: Any, loaders: list[dict[str, Any]], names: str) -> Fraction:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}, *loaders]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    assert f"load {names} into a-pz" in {a.text(pos.label) for a in pos.legal_actions}  # offered on the page
    pos.push_text(f"load {names} into a-pz")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    return Fraction(armour.budget(pos.units["a-pz"]))


@pytest.mark.parametrize(("loader", "left"), [
    ({"id": "a-l", "counter": "9-1"}, 3),  # an SMC: 6 cut to 4 (A4.11), less 1: was 5 before the fix
    ({"id": "a-l", "counter": "9-1", "markers": ["wounded"]}, 3),  # a wounded SMC: 3 raised to 4 (A4.11)
    ({"id": "a-g", "counter": "4-4-7i"}, 3),  # Inexperienced: 3 raised to 4 (A4.11)
    ({"id": "a-1", "counter": "4-6-7"}, 3),  # a squad: 4, less 1
])
def test_every_loader_has_4_mf_and_keeps_3_after_loading(make_position: Any, loader: dict[str, Any],
                                                          left: int) -> None:
    """A4.11, D6.4: 4 - 1 = 3 MF left: the 14-MP Panzer may spend 3/4 of its allowance, 10 1/2 MP."""
    unit = {"side": "a", "hex": "C5", **loader}
    assert loaded_budget(make_position, [unit], unit["id"]) == Fraction(14 * left, 4)


def test_the_leader_gives_no_mf_bonus_to_loaders_but_lends_his_ipc(make_position: Any) -> None:
    """D6.4: no leader bonus (A4.12) to units that load, but his IPC still helps (A4.42): a squad with the HMG
    (4 PP, one over its IPC of 3) loading with a leader has 4 MF (4 - 1 + 1 lent), 3 after loading; alone
    it has 3, 2 after loading: 2/4 of 14 = 7 MP."""
    squad = {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C5"}
    hmg = {"id": "a-hmg", "counter": "HMG", "side": "a", "hex": "C5", "carrier": "a-1"}
    leader = {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C5"}
    assert loaded_budget(make_position, [squad, hmg], "a-1") == 7
    pos = make_position("asl", [squad, hmg, leader], "MPh", counters=COUNTERS)
    together = [pos.units["a-1"], pos.units["a-l"]]
    assert transport.loading_mf(pos.state, together) == {"a-1": 4, "a-l": 4}  # no +2 from the leader
    assert pos.game.group_budget(together, state=pos.state) == 6  # moving on foot he does give it (A4.12)


def test_an_smc_over_its_ipc_loses_the_mf(make_position: Any) -> None:
    """A4.42: an SMC's IPC is 1 PP: with the FT (2 PP) he has 4 - 1 = 3 MF to load with, 2 left: 7 MP."""
    leader = {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C5"}
    ft = {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C5", "carrier": "a-l"}
    assert loaded_budget(make_position, [leader, ft], "a-l") == 7
    pos = make_position("asl", [leader, ft], "MPh", counters=COUNTERS)
    assert transport.loading_mf(pos.state, [pos.units["a-l"]]) == {"a-l": 3}


def test_an_smc_never_carries_more_than_2_pp(make_position: Any) -> None:
    """A4.42: an SMC may not carry more than 2 PP: with the FT (2 PP) he moves with 6 - 1 (a PP over his
    IPC) = 5 MF; with the FT and the HMG (6 PP) he may not move until he drops one."""
    leader = {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C5"}
    ft = {"id": "a-ft", "counter": "FT", "side": "a", "hex": "C5", "carrier": "a-l"}
    hmg = {"id": "a-hmg", "counter": "HMG", "side": "a", "hex": "C5", "carrier": "a-l"}
    pos = make_position("asl", [leader, ft], "MPh", counters=COUNTERS)
    assert pos.game.group_budget([pos.units["a-l"]], state=pos.state) == 5
    assert pos.legal_actions.moves_for(frozenset({"a-l"}))
    pos = make_position("asl", [leader, ft, hmg], "MPh", counters=COUNTERS)
    assert not pos.legal_actions.moves_for(frozenset({"a-l"}))
    with pytest.raises(IllegalAction, match=r"a-l carries 6 PP: an SMC carries no more than 2 PP \(A4.42\)"):
        pos.push_text("move a-l C5-C4")
