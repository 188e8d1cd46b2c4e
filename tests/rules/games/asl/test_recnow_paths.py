"""A4.44's recovery at once (rules/games/asl/recnow.py) on the paths of play that take a unit with SW away
besides fire and rout: a rally's Fate (A10.64) and a commissar's failed rally (A25.222) in the RPh, a
Search Casualty (A12.154), an escape's CC killing the guard (A20.55), an ambusher's capture keeping its "?"
(A11.13, A11.4); and the rout paths already wired: failure to rout (A10.5), Interdiction (A10.53), the
leader routing with the unit (A10.711), a reveal leaving no rout destination, no captor to surrender to.
Each starts from the text's numbers; the counters are the demo catalogue's (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS: dict[str, Any] = {**ASL_COUNTERS, **{k: dict(v) for k, v in au.demo_catalogue().items()}}
# A25.22: no side may start with more commissars than other leaders: an 8-0 each, far away
OTHERS = [{"id": "a-z", "counter": "8-0", "side": "a", "hex": "H1"},
          {"id": "b-z", "counter": "8-0", "side": "b", "hex": "H7"}]


def _u(uid: str, hex_: str, counter: str, side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _window(pos: Any, smcs: tuple[str, ...], sws: tuple[str, ...]) -> None:
    top = pos.decision
    assert top is not None and top.then == "recover_now" and top.rule == "A4.44", top
    assert top.units == smcs and top.subject == sws


def _rph(make_position: Any, *units: dict[str, Any]) -> Any:
    return make_position("asl", [_u("b-x", "H8", "4-6-7", "b"), *OTHERS, *units], "RPh", counters=COUNTERS)


def test_a10_64_fate_eliminates_a_broken_hs_and_its_leader_tries_for_the_lmg(make_position: Any) -> None:
    """A10.64: the broken 2-4-7 HS rolls an Original 12 trying to rally under the 8-1: no rally, Casualty
    Reduction, so eliminated (A7.302); its LMG lies in C3 and the 8-1 may try at once: dr 5 < 6."""
    pos = _rph(make_position, _u("a-h", "C3", "2-4-7", markers=["broken"]),
               _u("a-lmg", "C3", "LMG", carrier="a-h"), _u("a-l", "C3", "8-1"))
    pos.push_text("rally a-h dice 6,6")
    assert "a-h" not in pos.units
    _window(pos, ("a-l",), ("a-lmg",))
    pos.push_text("answer units a-l")
    pos.push_text("answer dice 5")
    assert pos.units["a-lmg"].carrier == "a-l"


def test_a25_222_a_hs_failing_its_commissars_rally_leaves_its_lmg_to_him(make_position: Any) -> None:
    """A25.222: the broken 2-2-6 HS (none lower) fails its rally under the 9-0C, 6+5 = 11: eliminated; its
    LMG lies in C3, and the commissar, a Good Order SMC there, may try at once (A4.44): dr 6 fails."""
    pos = _rph(make_position, _u("a-s", "C3", "2-2-6", markers=["broken"]),
               _u("a-lmg", "C3", "LMG", carrier="a-s"), _u("a-c", "C3", "9-0C"))
    pos.push_text("rally a-s dice 6,5")
    assert "a-s" not in pos.units
    _window(pos, ("a-c",), ("a-lmg",))
    pos.push_text("answer units a-c")
    pos.push_text("answer dice 6")
    assert pos.units["a-lmg"].carrier is None


def test_a12_154_a_search_casualty_eliminates_a_hs_and_its_searching_leader_tries(make_position: Any) -> None:
    """A12.152, A12.154: a 2-4-7 HS with an LMG and an 8-1 move C3-C4 and search; C5's concealed 4-4-7 and the
    HIP 6-2-8 in D4 are found: the Soviet Casualty dr has -3 (4 HS-equivalents): 4 - 3 = 1, Casualty
    Reduction; Random Selection picks the HS: eliminated (A7.302). Its LMG lies in C4 and the 8-1 may try at
    once (A4.44): dr 2 recovers it."""
    units = [_u("a-h", "C3", "2-4-7"), _u("a-lmg", "C3", "LMG", carrier="a-h"), _u("a-l", "C3", "8-1"),
             _u("b-c5", "C5", "4-4-7r", "b", concealed=True), _u("b-hip", "H1", "6-2-8", "b")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS,
                        hexes={"C5": "woods", "D4": "woods", "B4": "woods", "D5": "woods"},
                        options={"hip": {"b": {"units": ["b-hip"]}}})
    pos.push_text("answer hex D4")
    pos.push_text("move a-h,a-l,a-lmg C3-C4")
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("activate a-h,a-l for search")
    pos.push_text("answer dice 1")  # every Accessible hex searched
    top = pos.decision
    assert top is not None and top.then == "search_casualty" and top.arg("drm") == "-3"
    pos.push_text("answer dice 4")
    pos.push_text("answer units a-h")
    assert "a-h" not in pos.units
    _window(pos, ("a-l",), ("a-lmg",))
    pos.push_text("answer units a-l")
    pos.push_text("answer dice 2")
    assert pos.units["a-lmg"].carrier == "a-l"


def test_a20_55_the_escapers_kill_the_guard_and_his_leader_tries_for_his_lmg(
        make_position: Any) -> None:
    """A20.55: the Russian prisoner passes its NTC (2+3 = 5 <= 7) and attacks its broken guard, the 4-6-7
    with an LMG, at 1:4 (Kill Number 3, demo values), -2 against a broken unit (A11.16): 1+2-2 = 1 < 3, the
    guard is eliminated. Its LMG lies in C3 (A11.13) and the German 8-1 there, whom the Unarmed prisoner
    does not bar, may try at once (A4.44), before his reply: dr 4 recovers it."""
    units = [_u("a-1", "C3", "4-6-7", markers=["broken"]), _u("a-lmg", "C3", "LMG", carrier="a-1"),
             _u("a-l", "C3", "8-1"), _u("b-1", "C3", "4-4-7r", "b", markers=["prisoner"], carrier="a-1"),
             _u("a-2", "H5", "4-6-7")]
    sides = [{"id": "a", "name": "Germans", "nationality": "german"},
             {"id": "b", "name": "Russians", "nationality": "russian"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=sides)
    pos.push_text("end")  # the CCPh
    pos.push_text("answer escape")
    pos.push_text("answer dice 2,3")
    top = pos.decision
    assert top is not None and top.then == "escape_cc"
    pos.push_text("answer dice 1,2")
    assert "a-1" not in pos.units and pos.units["a-lmg"].carrier is None
    _window(pos, ("a-l",), ("a-lmg",))
    pos.push_text("answer units a-l")
    pos.push_text("answer dice 4")
    assert pos.units["a-lmg"].carrier == "a-l"
    top = pos.decision
    assert top is not None and top.then == "escape_reply" and top.side == "a"  # then the 8-1 strikes back


def test_a11_13_a_squad_captured_by_a_hidden_ambusher_leaves_its_lmg_to_the_leader(
        make_position: Any) -> None:
    """A11.4, A20.22: the German 4-6-7 with an LMG and the 8-1 (apart) advance into the concealed 4-4-7 in
    woods E5; the Russian ambushes (6 against 1 - 2). Its capture attempt on the squad, 4:4 = 1:1, Kill Number
    5: 3 + 1 - 1 = 3 captures it, and the ambusher that captured all its targets keeps its "?". The 8-1's
    1:4 attack (11) does nothing. A11.13: the captured squad's LMG lies in E5; with no Known enemy there,
    the 8-1 may try at once (A4.44) once the CC is over: dr 1 recovers it."""
    units = [_u("a-1", "E4", "4-6-7"), _u("a-lmg", "E4", "LMG", carrier="a-1"), _u("a-l", "E4", "8-1"),
             _u("b-1", "E5", "4-4-7r", "b", concealed=True)]
    sides = [{"id": "a", "name": "Germans", "nationality": "german"},
             {"id": "b", "name": "Russians", "nationality": "russian"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=sides, hexes={"E5": "woods"})
    pos.push_text("advance a-1,a-l,a-lmg E4-E5")
    pos.push_text("end")
    for step in ("dice 6", "dice 1", "stay", "units a-l", "done", "units b-1,a-1", "capture", "dice 1,2"):
        pos.push_text(f"answer {step}")
    assert pos.units["a-1"].carrier == "b-1" and pos.units["b-1"].concealed
    assert not any(d.then == "recover_now" for d in pos.state.decisions)  # not while the CC goes on
    pos.push_text("answer dice 5,6")  # the 8-1's attack
    pos.push_text("answer stay")  # no ambush withdrawal after the attacks (A11.41)
    _window(pos, ("a-l",), ("a-lmg",))
    pos.push_text("answer units a-l")
    pos.push_text("answer dice 1")
    assert pos.units["a-lmg"].carrier == "a-l"


# --- the rout paths (A10.5, A10.53, A10.711, A10.533) --------------------------------------------------


def _routing(make_position: Any, router: str, *extra: dict[str, Any]) -> Any:
    """test_rout's case: a broken unit in Open Ground at E4, in the LOS and normal range (4) of the Russian
    4-4-7 at C4, routs to the woods at I4; entering the open F3 it is interdicted (A10.53). A German hero
    already stands in F3."""
    units = [_u("a-1", "E4", router, markers=["broken"]), _u("a-lmg", "E4", "LMG", carrier="a-1"),
             _u("b-1", "C4", "4-4-7", "b"), _u("a-h", "F3", "1-4-9"), *extra]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, hexes={"I4": "woods"}, first_side="a")
    pos.push_text("end")
    _no_volbreak(pos)
    return pos


def _no_volbreak(pos: Any) -> None:
    """No voluntary break (A10.41) for either side."""
    while pos.decision is not None and pos.decision.then == "volbreak":
        pos.push_text("answer none")


def test_a10_53_a_hs_failing_its_interdiction_nmc_leaves_its_lmg_to_the_hero_there(
        make_position: Any) -> None:
    """A10.53: the broken 2-4-7 HS (broken morale 7) fails its Interdiction NMC in F3, 4 + 4 = 8 > 7: Casualty
    Reduced, so eliminated (A7.302). Its LMG lies in F3 and the hero there may try at once: dr 3 recovers
    it."""
    pos = _routing(make_position, "2-4-7")
    pos.push_text("answer hex I4")
    top = pos.decision
    assert top is not None and top.then == "rout_nmc" and pos.label(top.target) == "F3"
    pos.push_text("answer dice 4,4")
    assert "a-1" not in pos.units
    _window(pos, ("a-h",), ("a-lmg",))
    pos.push_text("answer units a-h")
    pos.push_text("answer dice 3")
    assert pos.units["a-lmg"].carrier == "a-h"


def test_a10_711_the_leader_routing_with_a_unit_that_fails_leaves_his_lmg_to_the_hero(
        make_position: Any) -> None:
    """A10.711: the 9-1 with an LMG routs with the broken 4-6-7; its Interdiction NMC in F3, 6 + 4 - 1 = 9 >
    8, fails: the squad is Casualty Reduced and the 9-1 eliminated. His LMG (the squad's stays with its HS)
    lies in F3, and the hero there may try at once (A4.44)."""
    pos = _routing(make_position, "4-6-7", _u("a-91", "E4", "9-1"), _u("a-lmg2", "E4", "LMG", carrier="a-91"))
    top = pos.decision
    assert top is not None and top.rule == "A10.711"
    pos.push_text("answer with")
    pos.push_text("answer hex I4")
    pos.push_text("answer dice 6,4")
    assert "a-91" not in pos.units and pos.units["a-1"].name == "2-4-7"
    _window(pos, ("a-h",), ("a-lmg2",))
    pos.push_text("answer units a-h")
    pos.push_text("answer dice 5")
    assert pos.units["a-lmg2"].carrier == "a-h"


def test_a10_533_a_reveal_leaving_no_rout_on_leaves_the_lmg_to_the_hero_in_the_woods(
        make_position: Any) -> None:
    """test_rtreveal's Low Crawl case (A10.52, A10.533): the broken 4-6-7 with an LMG crawls F3-G3, into the
    woods where the German hero stands; the Russian 4-6-7 at H3 then reveals beside it, and with no MF left
    to rout on it is eliminated for failure to rout. The LMG lies in G3: the hero may try at once, the
    revealed Russian being in another Location (A4.44)."""
    units = [_u("a-1", "F3", "4-6-7", markers=["broken"]), _u("a-lmg", "F3", "LMG", carrier="a-1"),
             _u("a-h", "G3", "1-4-9"), _u("b-1", "C4", "4-4-7", "b", markers=["pinned"]),
             _u("b-2", "H3", "4-6-7", "b", concealed=True)]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, first_side="a",
                        hexes=dict.fromkeys(("G3", "H2", "G1"), "woods"))
    pos.push_text("end")
    _no_volbreak(pos)
    pos.push_text("answer keep")
    _no_volbreak(pos)
    pos.push_text("answer hex G3")
    top = pos.decision
    assert top is not None and top.then == "rout_end_reveal" and top.arg("spent") == "6"
    pos.push_text("answer units b-2")
    assert "a-1" not in pos.units
    _window(pos, ("a-h",), ("a-lmg",))
    pos.push_text("answer units a-h")
    pos.push_text("answer dice 2")
    assert pos.units["a-lmg"].carrier == "a-h"


def test_a20_21_bumped_beside_an_unarmed_enemy_no_captor_the_hero_tries_for_the_lmg(
        make_position: Any) -> None:
    """A10.533, A12.15: the broken 4-6-7 with an LMG routs E4-F3-G3-H3 for the woods at I4 (the Russian at C4
    pinned: no Interdiction, A10.532), where an Unarmed Russian squad sits under a "?": bumped back to H3, it
    ends beside it and cannot rout. A20.21 gives it a captor only in a Good Order, armed enemy: none, so it is
    eliminated; its LMG lies in H3, where the German hero may try at once (A4.44): dr 5 recovers it."""
    units = [_u("a-1", "E4", "4-6-7", markers=["broken"]), _u("a-lmg", "E4", "LMG", carrier="a-1"),
             _u("a-h", "H3", "1-4-9"), _u("b-1", "C4", "4-4-7", "b", markers=["pinned"]),
             _u("b-2", "I4", "4-4-7", "b", concealed=True, markers=["unarmed"])]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, hexes={"I4": "woods"}, first_side="a")
    pos.push_text("end")
    _no_volbreak(pos)
    pos.push_text("answer keep")
    pos.push_text("answer hex I4")
    while pos.decision is not None and pos.decision.then == "rout_reveal":
        pos.push_text("answer keep")
    assert "a-1" not in pos.units and not pos.units["b-2"].concealed
    _window(pos, ("a-h",), ("a-lmg",))
    pos.push_text("answer units a-h")
    pos.push_text("answer dice 5")
    assert pos.units["a-lmg"].carrier == "a-h"


def test_a10_5_a_pinned_squad_with_nowhere_to_rout_fails_and_leaves_its_hmg_to_the_hero() -> None:
    """T-10.5 (A10.5) with the Germans in M2, K2 and L3: the broken 4-4-7 in L2 has no legal end; pinned, it
    may not surrender (A20.21's exception): eliminated for failure to rout. Its HMG lies in L2 and the hero
    there may try at once (A4.44): the A10.5 example's dr of 5 recovers it."""
    from hexmate.rules.games import get_game
    from hexmate.rules.scenario import Scenario

    from tests.rules.games.asl.test_recnow import SCREEN
    from tests.rules.games.conftest import scenario_dict, small_map

    units = [_u(f"g-{i}", h, "4-6-7", markers=["pinned"]) for i, h in enumerate(("M2", "K2", "L3"))]
    units += [_u("r-1", "L2", "4-4-7", "b", markers=["broken", "pinned"]),
              _u("r-hmg", "L2", "HMGr", "b", carrier="r-1"), _u("r-h", "L2", "1-4-9", "b")]
    scen = Scenario.from_dict(scenario_dict("asl", units, COUNTERS, "RtPh", "a", 3, None, None),
                              source="test-scenario")
    pos = get_game("asl").new_position(scen, hex_map=small_map("asl", SCREEN, columns=16, rows=8))
    _no_volbreak(pos)
    assert "r-1" not in pos.units
    _window(pos, ("r-h",), ("r-hmg",))
    pos.push_text("answer units r-h")
    pos.push_text("answer dice 5")
    assert pos.units["r-hmg"].carrier == "r-h"
