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


def test_a10_711_the_leader_routing_with_the_squad_is_not_offered_its_hmg() -> None:
    """A10.711: the 9-1 routs with the broken squad (he may carry only SW he already has): the HMG it leaves
    is offered to the hero who stays, not to him."""
    pos = _rout(_u("r-h", "L2", "1-4-9"), _u("r-l", "L2", "9-1"))
    _skip_volbreak(pos)
    top = pos.decision
    assert top is not None and top.then == "rout_leader"
    pos.push_text("answer with")
    pos.push_text("answer units r-hmg")
    top = pos.decision
    assert top is not None and top.then == "recover_now" and top.units == ("r-h",)
    pos = _rout(_u("r-l", "L2", "9-1"))
    _skip_volbreak(pos)
    pos.push_text("answer with")
    pos.push_text("answer units r-hmg")
    assert pos.decision is not None and pos.decision.then == "rout"  # no one else there: no window


def _fire(make_position: Any, *targets: dict[str, Any]) -> Any:
    """A German 4-6-7 in C1 fires at C2 in the PFPh: 8 FP on the IFT (4 FP doubled at Point Blank Range),
    directed by the 9-1 with it (-1)."""
    firers = [_u("a-1", "C1", "4-6-7", "a"), _u("a-l", "C1", "9-1", "a")]
    return make_position("asl", [*firers, *targets], "PFPh", counters=COUNTERS)


def test_a4_44_after_a_kia_the_sw_rolls_first_then_the_smc_tries(make_position: Any) -> None:
    """A7.301: 8 FP, Original DR 3, final 2: 1KIA. Random Selection takes the squad with the LMG; the hero,
    who cannot break, is Casualty Reduced instead. A9.74: the LMG's dr of 6 on the 8 column is a 1MC, no harm:
    it lies in C2 and the hero may try at once (A4.44): dr 3 recovers it."""
    pos = _fire(make_position, _u("b-1", "C2", "4-4-7"), _u("b-lmg", "C2", "LMG", carrier="b-1"),
                _u("b-h", "C2", "1-4-9"))
    pos.push_text("fire a-1,a-l at C2 dice 1,2")
    pos.push_text("answer units b-1")
    top = pos.decision
    assert top is not None and top.then == "sw_kia"  # A9.74 before the window
    pos.push_text("answer dice 6")
    top = pos.decision
    assert top is not None and top.then == "recover_now"
    assert top.units == ("b-h",) and top.subject == ("b-lmg",)
    pos.push_text("answer units b-h")
    pos.push_text("answer dice 3")
    assert pos.units["b-lmg"].carrier == "b-h"


def test_a4_44_a_sw_the_kia_destroys_is_offered_to_no_one(make_position: Any) -> None:
    """A9.74: the LMG's dr of 1 on the 8 column is 3KIA: destroyed; nothing is left to recover."""
    pos = _fire(make_position, _u("b-1", "C2", "4-4-7"), _u("b-lmg", "C2", "LMG", carrier="b-1"),
                _u("b-h", "C2", "1-4-9"))
    pos.push_text("fire a-1,a-l at C2 dice 1,2")
    pos.push_text("answer units b-1")
    pos.push_text("answer dice 1")
    assert "b-lmg" not in pos.units
    assert not any(d.then == "recover_now" for d in pos.state.decisions)


def test_a4_44_a_hs_eliminated_by_a_k_result_leaves_its_lmg_to_the_leader_at_once(make_position: Any) -> None:
    """A7.302: 8 FP, Original DR 4, final 3: K/1. Random Selection takes the HS: Casualty Reduced, it is
    eliminated and its LMG takes no A9.74 roll (no KIA). The 8-1 may try at once, before his own 1MC: dr 5
    recovers it."""
    pos = _fire(make_position, _u("b-1", "C2", "2-4-7"), _u("b-lmg", "C2", "LMG", carrier="b-1"),
                _u("b-l", "C2", "8-1"))
    pos.push_text("fire a-1,a-l at C2 dice 1,3")
    pos.push_text("answer units b-1")
    assert "b-1" not in pos.units
    top = pos.decision
    assert top is not None and top.then == "recover_now" and top.units == ("b-l",)
    pos.push_text("answer units b-l")
    pos.push_text("answer dice 5")
    assert pos.units["b-lmg"].carrier == "b-l"
    top = pos.decision
    assert top is not None and top.then == "mc" and top.subject == ("b-l",)  # A7.302: then his MC


def test_a4_44_a_leader_killed_by_a_sniper_leaves_his_lmg_to_the_hero(make_position: Any) -> None:
    """A14.1: the German fire's Original DR 3 equals the Russian SAN: the Russian sniper attacks after the
    attack's results; A14.3: its dr 1 eliminates the 8-1 it picks. His LMG lies in C1, and the German hero
    there may try at once (A4.44), once the Sniper Check his side may make is declined (A14.4): dr 4 recovers
    it."""
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("a-l", "C1", "8-1", "a"),
             _u("a-lmg", "C1", "LMG", "a", carrier="a-l"), _u("a-h", "C1", "1-4-9", "a"),
             _u("b-s", "C2", "4-4-7")]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, options={"san": {"b": 3}})
    pos.push_text("fire a-1 at C2 dice 1,2")  # K/1: the squad becomes a HS, which checks first
    pos.push_text("answer dice 2,3")  # the HS passes
    pos.push_text("answer dice 1")  # the sniper's dr 1
    top = pos.decision
    assert top is not None and top.then == "sniper_target" and "a-l" in top.units
    pos.push_text("answer units a-l")
    assert "a-l" not in pos.units
    pos.push_text("answer none")  # no Sniper Check (A14.4)
    top = pos.decision
    assert top is not None and top.then == "recover_now"
    assert top.units == ("a-h",) and top.side == "a"
    pos.push_text("answer units a-h")
    pos.push_text("answer dice 4")
    assert pos.units["a-lmg"].carrier == "a-h"


def test_a4_44_a_leader_killed_by_his_wound_leaves_his_lmg_to_the_hero(make_position: Any) -> None:
    """A14.3: the sniper's dr 2 wounds the 8-1; A17.11: his severity dr of 6 kills him: the hero may try at
    once for his LMG (A4.44)."""
    units = [_u("a-1", "C1", "4-6-7", "a"), _u("a-l", "C1", "8-1", "a"),
             _u("a-lmg", "C1", "LMG", "a", carrier="a-l"), _u("a-h", "C1", "1-4-9", "a"),
             _u("b-s", "C2", "4-4-7")]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, options={"san": {"b": 3}})
    pos.push_text("fire a-1 at C2 dice 1,2")
    pos.push_text("answer dice 2,3")
    pos.push_text("answer dice 2")  # the sniper's dr 2: an SMC is wounded
    pos.push_text("answer units a-l")
    pos.push_text("answer none")  # no Sniper Check (A14.4)
    top = pos.decision
    assert top is not None and top.then == "wound"
    pos.push_text("answer dice 6")
    assert "a-l" not in pos.units
    top = pos.decision
    assert top is not None and top.then == "recover_now" and top.units == ("a-h",)


def _cc(make_position: Any) -> Any:
    """A German 4-6-7 and a Russian 4-4-7 with an LMG fight in E4 (4 FP against 4: 1:1, Kill Number 5, the
    A11 comprehensive example's); the Russian hero in E4 attacks no one and is not attacked."""
    units = [_u("a-1", "E4", "4-6-7", "a"), _u("b-1", "E4", "4-4-7r"), _u("b-h", "E4", "1-4-9"),
             _u("b-lmg", "E4", "LMG", carrier="b-1")]
    pos = make_position("asl", units, "CCPh", counters=COUNTERS)
    pos.push_text("answer units b-h")  # the hero stays apart (A11.12)
    pos.push_text("answer done")
    pos.push_text("answer units a-1,b-1")
    pos.push_text("answer units b-1,a-1")
    return pos


def test_a4_44_after_close_combat_with_no_enemy_left_the_hero_tries_for_the_lmg(make_position: Any) -> None:
    """A11.13: Original DR 4 < 5 both ways: both squads are eliminated (coloured die 3: no roll for the LMG),
    which lies in E4 unpossessed; the CC over and no German left, the hero may try at once (A4.44)."""
    pos = _cc(make_position)
    pos.push_text("answer dice 1,3")
    pos.push_text("answer dice 1,3")
    assert "a-1" not in pos.units and "b-1" not in pos.units
    top = pos.decision
    assert top is not None and top.then == "recover_now"
    assert top.units == ("b-h",) and top.subject == ("b-lmg",)
    pos.push_text("answer units b-h")
    pos.push_text("answer dice 2")
    assert pos.units["b-lmg"].carrier == "b-h"


def test_a4_44_in_melee_with_an_armed_enemy_no_smc_may_try(make_position: Any) -> None:
    """The Russian reply 11 does nothing: the German squad stays, in Melee with the hero; no recovery while a
    Known armed enemy is in the Location (A4.44)."""
    pos = _cc(make_position)
    pos.push_text("answer dice 1,3")
    pos.push_text("answer dice 6,5")
    assert pos.units["b-h"].has("melee") and pos.units["b-lmg"].carrier is None
    assert not any(d.then == "recover_now" for d in pos.state.decisions)
