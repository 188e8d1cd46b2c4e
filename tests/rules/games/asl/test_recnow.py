"""ASL recovery at once by an SMC (A4.44): a unit routing with a SW it cannot carry, eliminated, or
surrendering leaves it in its Location, and a friendly Good Order SMC there may at once try to recover one
with the recovery dr (below 6). The worked example is the A10.5 example's: the broken squad routing out of
M2 cannot carry its 5-PP HMG on its IPC of 3 and leaves it; the hero (or the 9-1 leader) in that Location may
at once declare a recovery; the hero's dr of 5 recovers it. The map is test_rout_adjacent's analogue (the
example's level 2 left aside); the Russian HMG is the demo catalogue's 5 PP (demo value)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.games.asl import units as au
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict, small_map

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SCREEN = {"K3": "stone-building", "L3": "stone-building"}


def _u(uid: str, hex_: str, counter: str, side: str = "b", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _rout(*extra: dict[str, Any], options: dict[str, Any] | None = None,
          germans: tuple[str, ...] = ("M2", "K2")) -> Any:
    """The broken 4-4-7 in L2 must rout (beside the Known Germans in M2 and K2, pinned so that no
    Interdiction makes it surrender instead): its HMG (5 PP) is 2 PP over its IPC."""
    units = [_u(f"g-{i}", h, "4-6-7", "a", markers=["pinned"]) for i, h in enumerate(germans)]
    units += [_u("r-1", "L2", "4-4-7", markers=["broken"]), _u("r-hmg", "L2", "HMGr", carrier="r-1"), *extra]
    scen = Scenario.from_dict(scenario_dict("asl", units, COUNTERS, "RtPh", "a", 3, options, None),
                              source="test-scenario")
    return get_game("asl").new_position(scen, hex_map=small_map("asl", SCREEN, columns=16, rows=8))


def _skip_volbreak(pos: Any) -> None:
    while pos.decision is not None and pos.decision.then == "volbreak":
        pos.push_text("answer none")


def _to_leave(pos: Any) -> None:
    """No voluntary break (A10.41); the 9-1 stays with the HMG rather than rout with the squad (A10.711, as
    in the example)."""
    while pos.decision is not None and pos.decision.then in ("volbreak", "rout_leader"):
        pos.push_text("answer none" if pos.decision.then == "volbreak" else "answer stay")
    top = pos.decision
    assert top is not None and top.then == "rout_leave"
    pos.push_text("answer units r-hmg")


def test_a10_5_example_the_hero_recovers_the_hmg_the_routing_squad_leaves() -> None:
    pos = _rout(_u("r-h", "L2", "1-4-9"), _u("r-l", "L2", "9-1"))
    _to_leave(pos)
    top = pos.decision
    assert top is not None and top.then == "recover_now" and top.rule == "A4.44" and top.side == "b"
    assert set(top.units) == {"r-h", "r-l"} and top.subject == ("r-hmg",) and "decline" in top.choices
    pos.push_text("answer units r-h")
    top = pos.decision
    assert top is not None and top.then == "recover" and top.dice == "dr"
    pos.push_text("answer dice 5")  # the example's dr: 5 < 6
    assert pos.units["r-hmg"].carrier == "r-h" and pos.units["r-hmg"].has("recovered")
    assert pos.label(pos.units["r-hmg"].hex) == "L2"
    top = pos.decision
    assert top is not None and top.then == "rout" and top.subject == ("r-1",)  # the squad routs on


def test_a4_44_a_final_6_fails_and_the_hmg_lies_there() -> None:
    pos = _rout(_u("r-h", "L2", "1-4-9", markers=["cx"]))
    _to_leave(pos)
    pos.push_text("answer units r-h")
    pos.push_text("answer dice 5")  # CX: +1, a final 6
    assert pos.units["r-hmg"].carrier is None
    assert "final dr 6" in pos.state.resolution.summary


def test_a4_44_declined_or_no_able_smc_no_window() -> None:
    pos = _rout(_u("r-h", "L2", "1-4-9"))
    _to_leave(pos)
    pos.push_text("answer decline")
    assert pos.units["r-hmg"].carrier is None and pos.decision is not None and pos.decision.then == "rout"
    for smc in (_u("r-h", "L2", "1-4-9", markers=["pinned"]), _u("r-h", "L3", "1-4-9"),
                _u("r-h", "L2", "8-1", side="a")):  # pinned; another Location; an enemy leader
        pos = _rout(smc)
        _to_leave(pos)
        assert pos.decision is not None and pos.decision.then == "rout", smc


def test_a4_44_no_recovery_at_once_with_a_known_armed_enemy_in_the_location() -> None:
    pos = _rout(_u("r-h", "L2", "1-4-9"), _u("g-3", "L2", "4-6-7", "a", markers=["melee"]))
    _to_leave(pos)
    assert pos.units["r-hmg"].carrier is None and pos.decision is not None and pos.decision.then == "rout"
    with pytest.raises(IllegalAction):
        pos.push_text("answer units r-h")


def test_a4_44_a_surrender_refused_leaves_the_sw_to_the_smc_at_once() -> None:
    """A10.5, A20.21: with a German in L3 too the squad cannot rout: it surrenders; refused, it is eliminated
    (A20.3) and its HMG lies in L2, where the hero may try at once: dr 2 < 6 recovers it."""
    pos = _rout(_u("r-h", "L2", "1-4-9"), germans=("M2", "K2", "L3"))
    _skip_volbreak(pos)
    while pos.decision is not None and pos.decision.then != "surrender":
        pos.push_text("answer stay" if pos.decision.then == "rout_leader" else "answer none")
    pos.push_text("answer refuse")
    assert "r-1" not in pos.units
    top = pos.decision
    assert top is not None and top.then == "recover_now" and top.units == ("r-h",)
    pos.push_text("answer units r-h")
    pos.push_text("answer dice 2")
    assert pos.units["r-hmg"].carrier == "r-h"


def test_a4_44_a_broken_hs_eliminated_by_an_mc_leaves_its_lmg_to_the_leader(make_position: Any) -> None:
    """A10.31: a broken HS failing its MC is Casualty Reduced, so eliminated; its LMG lies in C2 and the
    Good Order 8-1 there (passed his own 1MC first) may try at once: with two SW he names one."""
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("b-h", "C2", "2-4-7", markers=["broken"]),
             _u("b-lmg", "C2", "LMG", carrier="b-h"), _u("b-lmg2", "C2", "LMG", carrier="b-h"),
             _u("b-l", "C2", "8-1")]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP, final 7: 1MC each
    pos.push_text("answer dice 2,3")  # the leader passes
    pos.push_text("answer dice 5,5")  # the broken HS fails: eliminated
    assert "b-h" not in pos.units
    top = pos.decision
    assert top is not None and top.then == "recover_now" and top.side == "b"
    assert top.subject == ("b-lmg", "b-lmg2")
    pos.push_text("answer units b-l")
    top = pos.decision
    assert top is not None and top.then == "recover_now_sw" and set(top.units) == {"b-lmg", "b-lmg2"}
    pos.push_text("answer units b-lmg2")
    pos.push_text("answer dice 1")
    assert pos.units["b-lmg2"].carrier == "b-l" and pos.units["b-lmg"].carrier is None
