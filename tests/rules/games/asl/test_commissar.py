"""ASL Russian Commissars (rules/games/asl/commissar.py; A25.22-A25.223), played through the RPh and the
fire's Morale Checks on the small open board. The text has no worked example of a commissar; each case is
built from its sentences, with the demo catalogue's Russian counters (demo values): 9-0C commissar (morale 9,
broken 8), 4-4-7r (7/7, lower 4-2-6), 4-2-6 (6/6, none lower, HS 2-2-6), 2-2-7r HS (7/6, lower 2-2-6)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, **{k: dict(v) for k, v in au.demo_catalogue().items()}}


# A25.22: no side may start with more commissars than other leaders: an 8-0 each, far away
OTHERS = [{"id": "a-z", "counter": "8-0", "side": "a", "hex": "H1", "markers": []},
          {"id": "b-z", "counter": "8-0", "side": "b", "hex": "H7", "markers": []}]


def unit(uid: str, counter: str, side: str, hx: str, *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hx, "markers": list(markers)}


def rph(make_position: Any, *units: dict[str, Any]) -> Any:
    return make_position("asl", [unit("b-x", "4-6-7", "b", "H8"), *OTHERS, *units], "RPh", counters=COUNTERS)


def test_a25_222_a_commissars_rally_ignores_dm_and_counts_morale_plus_one(make_position: Any) -> None:
    """A25.222: a broken DM 4-4-7r (broken morale 7) with the 9-0C rolls 4+4 = 8: DM's +4 is ignored and its
    morale counts as 8: it rallies (alone it would need a leader; with an ordinary 9-0 it would be 12)."""
    pos = rph(make_position, unit("a-s", "4-4-7r", "a", "C3", "broken", "dm"), unit("a-c", "9-0C", "a", "C3"))
    pos.push_text("rally a-s dice 4,4")
    assert not pos.units["a-s"].has("broken") and not pos.units["a-s"].has("dm")


def test_a25_221_an_ordinary_leaders_drm_is_barred_beside_a_commissar(make_position: Any) -> None:
    """A25.221/A25.222: with the commissar and a 9-1, the 9-1's -1 is not applied: 5+4 = 9 against 7+1 = 8
    fails (with the -1 it would have been 8 and rallied); and failing under the commissar costs the 4-4-7r a
    step of quality: it is now a broken 4-2-6."""
    pos = rph(make_position, unit("a-s", "4-4-7r", "a", "C3", "broken"), unit("a-c", "9-0C", "a", "C3"),
              unit("a-l", "9-1", "a", "C3"))
    pos.push_text("rally a-s dice 5,4")
    got = pos.units["a-s"]
    assert got.counter.name == "4-2-6" and got.has("broken")


@pytest.mark.parametrize(("counter", "becomes"), [
    ("4-2-6", "2-2-6"),  # A25.222: a squad already of the lowest quality is Casualty Reduced
    ("2-2-7r", "2-2-6"),  # a HS with a lower-quality HS is replaced by it
    ("2-2-6", None),  # a HS that cannot be replaced is eliminated
    ("8-0", None),  # a broken SMC is eliminated
    ("2-2-8", None),  # a broken crew is eliminated
])
def test_a25_222_a_failed_rally_under_a_commissar(make_position: Any, counter: str,
                                                  becomes: str | None) -> None:
    """A25.222: rolls 6+5 = 11 fail for each (broken morale at most 8, +1): replaced, reduced or gone."""
    pos = rph(make_position, unit("a-s", counter, "a", "C3", "broken"), unit("a-c", "9-0C", "a", "C3"))
    pos.push_text("rally a-s dice 6,5")
    if becomes is None:
        assert "a-s" not in pos.units
    else:
        assert pos.units["a-s"].counter.name == becomes and pos.units["a-s"].has("broken")


def test_a25_222_the_commissar_must_try_every_rally_of_his_location(make_position: Any) -> None:
    """A25.222: the RPh cannot end while a broken unit with the commissar has not tried; a broken unit
    elsewhere is not owed. Once tried, it ends."""
    pos = rph(make_position, unit("a-s", "4-4-7r", "a", "C3", "broken"), unit("a-c", "9-0C", "a", "C3"),
              unit("a-t", "4-4-7r", "a", "E5", "broken"))
    assert pos.game.status(pos)[-1:] == ["a-s must try to rally this RPh under its commissar (A25.222)"]
    assert act.EndPhase() not in pos.legal_actions  # the page offers no "done" yet
    with pytest.raises(IllegalAction, match="a-s must try to rally"):
        pos.push_text("end")
    pos.push_text("rally a-s dice 2,3")
    assert not any("commissar" in line for line in pos.game.status(pos))
    pos.push_text("end")
    assert pos.to_act == "b"


def test_a25_221_a_broken_commissar_must_self_rally_without_the_other_leader(make_position: Any) -> None:
    """A25.221: a broken 9-0C (broken morale 8) with a 9-1 must try to self-rally and the 9-1 cannot help:
    4+4 +1 self-rally = 9 > 8, still broken (the 9-1's -1 instead of +1 would have rallied him)."""
    pos = rph(make_position, unit("a-c", "9-0C", "a", "C3", "broken"), unit("a-l", "9-1", "a", "C3"))
    with pytest.raises(IllegalAction, match="a-c must try to rally"):
        pos.push_text("end")
    pos.push_text("rally a-c dice 4,4")
    assert pos.units["a-c"].has("broken")
    pos.push_text("end")
    assert pos.to_act == "b"


def fire_at_c2(make_position: Any, *units: dict[str, Any], dice: dict[str, str]) -> tuple[Any, list[Any]]:
    """a-1's 8 FP at 1 hex with DR 7 (a 1MC on each, A7.304); the open rolls answered from ``dice`` (by unit
    id, then by decision kind), else 2,2."""
    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C1"), *OTHERS, *units], "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1 at C2 dice 3,4")
    seen = []
    while pos.decision is not None:
        top = pos.decision
        seen.append((top.then, top.subject, top.arg("drm")))
        got = dice.get(f"{top.then}:{top.subject[0]}" if top.subject else top.then, dice.get(top.then, "2,2"))
        pos.push_text(f"answer dice {got}")
    return pos, seen


def test_a25_221_the_commissar_checks_first_and_bars_other_leaders(make_position: Any) -> None:
    """A25.221: the commissar resolves his MC first in the Location, before the 9-1; the 4-4-7r's morale is
    8 with him, and the 9-1's -1 is barred: 4+4 +1 = 9 > 8 breaks it (with the -1 it would be 8: pinned)."""
    pos, seen = fire_at_c2(make_position, unit("b-s", "4-4-7r", "b", "C2"), unit("b-l", "9-1", "b", "C2"),
                           unit("b-c", "9-0C", "b", "C2"), dice={"mc:b-s": "4,4"})
    mcs = [s[0] for t, s, _ in seen if t == "mc"]
    assert mcs[0] == "b-c" and set(mcs) == {"b-c", "b-l", "b-s"}
    assert pos.units["b-s"].has("broken")


def test_a25_221_the_plus_one_turns_a_break_into_a_pin(make_position: Any) -> None:
    """A25.221: 4+3 +1 = 8 on the 4-4-7r: against morale 7 it would break; with the commissar its morale is
    8: passed on exactly its morale, pinned (A7.8)."""
    pos, _ = fire_at_c2(make_position, unit("b-s", "4-4-7r", "b", "C2"), unit("b-c", "9-0C", "b", "C2"),
                        dice={"mc:b-s": "4,3"})
    assert pos.units["b-s"].has("pinned") and not pos.units["b-s"].has("broken")


def test_a25_221_no_plus_one_from_a_pinned_commissar(make_position: Any) -> None:
    """A25.221: only an unpinned commissar raises morale: pinned, 4+3 +1 = 8 > 7 breaks the 4-4-7r."""
    pos, _ = fire_at_c2(make_position, unit("b-s", "4-4-7r", "b", "C2"),
                        unit("b-c", "9-0C", "b", "C2", "pinned"), dice={"mc:b-s": "4,3"})
    assert pos.units["b-s"].has("broken")


def test_a25_223_a_berserk_commissar_takes_his_location_with_him_at_once(make_position: Any) -> None:
    """A25.223: the commissar rolls an Original 2 on his MC and goes berserk on the HoB DR; the 4-4-7r with
    him is berserk at once, with no NTC (A15.41's check is not rolled); the crew, which never takes HoB
    (A15.1), is not."""
    pos, seen = fire_at_c2(make_position, unit("b-s", "4-4-7r", "b", "C2"), unit("b-c", "9-0C", "b", "C2"),
                           unit("b-k", "2-2-8", "b", "C2"), dice={"mc:b-c": "1,1", "hob": "3,4"})
    assert pos.units["b-c"].has("berserk")
    assert pos.units["b-s"].has("berserk") and not pos.units["b-k"].has("berserk")
    assert not any(t == "berserk_tc" for t, _, _ in seen)


def test_a25_221_llmc_a_commissar_takes_none_and_causes_one_in_a_better_leader(make_position: Any) -> None:
    """A25.221: when the 9-0C breaks, the 10-2 (morale above his 9) takes a LLMC; when the 10-2 breaks, the
    commissar takes none though his morale is lower. A commissar is never Replaced (A19)."""
    pos = make_position("asl", [unit("b-c", "9-0C", "b", "C2"), unit("b-l", "10-2", "b", "C2"),
                                unit("b-s", "4-4-7r", "b", "C2")], "PFPh", counters=COUNTERS)
    c, ldr = pos.units["b-c"], pos.units["b-l"]
    others = list(pos.units.values())
    assert dict(am.llmc(c, others)) == {"b-l": 0, "b-s": 0}
    assert "b-c" not in dict(am.llmc(ldr, others)) and "b-s" in dict(am.llmc(ldr, others))
    assert au.replacement(c, pos.scenario.counters) is None


def test_a15_1_a_commissar_goes_berserk_instead_of_surrendering(make_position: Any) -> None:
    """A15.1 (table note) and A25.22: the commissar's HoB DR 5+5 +2 (Russian) = 12 would be a surrender;
    a commissar goes berserk instead, and the 4-4-7r with him too (A25.223)."""
    pos, _ = fire_at_c2(make_position, unit("b-s", "4-4-7r", "b", "C2"), unit("b-c", "9-0C", "b", "C2"),
                        dice={"mc:b-c": "1,1", "hob": "5,5"})
    assert pos.units["b-c"].has("berserk") and not pos.units["b-c"].has("broken")
    assert pos.units["b-s"].has("berserk")


def test_a20_21_a_broken_commissar_never_surrenders_in_the_rtph(make_position: Any) -> None:
    """A20.21 (and A25.22): a commissar is among the units that do not surrender by the RtPh procedure; an
    ordinary broken 8-0 there may."""
    from hexmate.rules.games.asl import prisoners

    units = [unit("b-c", "9-0C", "b", "C2", "broken"), unit("b-l", "8-0", "b", "C2", "broken"),
             unit("a-1", "4-6-7", "a", "C1")]
    pos = make_position("asl", units, "RtPh", counters=COUNTERS)
    assert not prisoners.may_surrender(pos.game, pos, pos.units["b-c"])
    assert prisoners.may_surrender(pos.game, pos, pos.units["b-l"])


@pytest.mark.parametrize(("with_commissar", "pinned"), [(True, False), (False, True)])
def test_a25_221_the_plus_one_counts_in_a_ptc_too(make_position: Any, with_commissar: bool,
                                                  pinned: bool) -> None:
    """A25.221 (morale raised, TCs included): 4 FP at 2 hexes with DR 7 is a PTC (A7.305, demo IFT); the
    4-4-7r rolls 4+4 = 8: against 7 it is pinned, against 8 with the 9-0C it passes."""
    units = [unit("a-1", "4-6-7", "a", "C1"), unit("b-s", "4-4-7r", "b", "C3"), *OTHERS]
    if with_commissar:
        units.append(unit("b-c", "9-0C", "b", "C3"))
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1 at C3 dice 3,4")
    kinds = []
    while pos.decision is not None:
        kinds.append(pos.decision.then)
        pos.push_text(f"answer dice {'4,4' if pos.decision.subject == ('b-s',) else '2,2'}")
    assert "ptc" in kinds
    assert pos.units["b-s"].has("pinned") is pinned


def test_a25_22_never_more_commissars_than_other_leaders(make_position: Any) -> None:
    """A25.22: a side may not start with more commissars than its other leaders: two 9-0C and one 8-0 are
    refused, naming the scenario; one of each is accepted."""
    two = [unit("b-c", "9-0C", "b", "C2"), unit("b-d", "10-0C", "b", "C3"), unit("b-l", "8-0", "b", "C4"),
           unit("a-1", "4-6-7", "a", "C1")]
    with pytest.raises(DataError, match="test-scenario: side 'b' starts with 2 commissar"):
        make_position("asl", two, "PFPh", counters=COUNTERS)
    make_position("asl", two[:1] + two[2:], "PFPh", counters=COUNTERS)


def test_a25_22_a_commissar_is_a_9_0_or_10_0_leader(make_position: Any) -> None:
    """A25.22: the catalogue check a scenario file's counters pass (Game.load_scenario) refuses a counter
    marked commissar with an 8-1's values, and takes the demo 9-0C and 10-0C."""
    from hexmate.rules.scenario import CounterType

    pos = make_position("asl", [unit("a-1", "4-6-7", "a", "C1")], "PFPh", counters=COUNTERS)
    bad = CounterType("8-1C", "leader", {"leader_kind": "commissar", "morale": 8, "broken_morale": 7,
                                         "leadership": -1})
    assert "9-0 or 10-0" in (pos.game.check_counter(bad) or "")
    for name in ("9-0C", "10-0C"):
        assert pos.game.check_counter(pos.scenario.counters[name]) is None


RUSSIANS = [{"id": "a", "name": "Russians", "nationality": "russian"}, {"id": "b", "name": "Germans",
                                                                         "nationality": "german"}]
OB = [unit("a-0", "8-0", "a", "C2"), unit("a-1", "8-1", "a", "C3"), unit("a-2", "8-0", "a", "C4"),
      unit("a-3", "9-1", "a", "C5"), unit("b-1", "4-6-7", "b", "H8")]


def test_a25_22_the_swap_for_commissars_up_to_october_1942(make_position: Any) -> None:
    """A25.22: in a scenario of October 1942 the Russian player swaps one 8-0 for a 9-0 commissar, one
    8-1 for a 10-0 (no SSR needed); the other 8-0 stays; two commissars and two other leaders is allowed."""
    pos = make_position("asl", OB, "PFPh", counters=COUNTERS, sides=RUSSIANS,
                        options={"date": "1942-10", "commissar_swap": ["a-0", "a-1"]})
    assert [pos.units[u].counter.name for u in ("a-0", "a-1", "a-2")] == ["9-0C", "10-0C", "8-0"]


@pytest.mark.parametrize(("options", "why"), [
    ({"date": "1942-11", "commissar_swap": ["a-0"]}, "October 1942 or earlier"),  # too late
    ({"commissar_swap": ["a-0"]}, "October 1942 or earlier"),  # no date to tell
    ({"date": "1941-07", "commissar_swap": ["a-0", "a-2"]}, "only one 8-0"),  # one 8-0 a side
    ({"date": "1941-07", "commissar_swap": ["a-3"]}, "not a Russian 8-0 or 8-1"),  # a 9-1 is not swapped
    ({"date": "1941-07", "commissar_swap": ["b-1"]}, "not a Russian 8-0 or 8-1"),
])
def test_a25_22_swaps_the_rule_does_not_allow(make_position: Any, options: dict[str, Any], why: str) -> None:
    """A25.22: refused with an error naming the scenario option."""
    with pytest.raises(DataError, match=f"options.commissar_swap: .*{why}"):
        make_position("asl", OB, "PFPh", counters=COUNTERS, sides=RUSSIANS, options=options)


@pytest.mark.parametrize(("with_commissar", "passed"), [(True, True), (False, False)])
def test_a25_221_the_plus_one_in_a_paatc(make_position: Any, with_commissar: bool, passed: bool) -> None:
    """A25.221 with A11.6: the 4-6-7 advancing into the tank's Location rolls 4+4 = 8 on its PAATC: against
    morale 7 it fails and is pinned; with the 9-0C advancing with it, morale 8: passed."""
    from .test_advpaatc import COUNTERS as PAATC_COUNTERS

    extra = [unit("a-c", "9-0C", "a", "E4")] if with_commissar else []
    units = [{"id": "b-t", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3"]},
             unit("a-1", "4-6-7", "a", "E4"), unit("a-z", "8-0", "a", "H1"), *extra]
    pos = make_position("asl", units, "APh", counters={**PAATC_COUNTERS, **COUNTERS})
    pos.push_text("advance " + ",".join(["a-1", *(u["id"] for u in extra)]) + " E4-E5")
    assert pos.decision is not None and pos.decision.then == "adv_paatc"
    pos.push_text("answer dice 4,4")
    assert pos.units["a-1"].has("pinned") is not passed
    assert f"against morale {8 if with_commissar else 7}" in pos.last_resolution.text()


def test_a25_223_a_commissar_following_a_berserk_leader_takes_his_location_too(make_position: Any) -> None:
    """A15.41 with A25.221/A25.223: the 9-1 goes berserk (Original 2, HoB 10); the NTCs to follow him have
    no leadership DRM (0, not the 9-1's -1: none for the commissar, and none beside him); the commissar's
    4+4 = 8 against 9 passes, and at once every friendly infantry unit of the Location is berserk too,
    whatever its own NTC then rolls (6+6)."""
    dice = {"mc:b-l": "1,1", "hob": "5,5", "berserk_tc:b-c": "4,4", "berserk_tc:b-s": "6,6"}
    pos, seen = fire_at_c2(make_position, unit("b-s", "4-4-7r", "b", "C2"), unit("b-l", "9-1", "b", "C2"),
                           unit("b-c", "9-0C", "b", "C2"), dice=dice)
    tcs = {s[0]: d for t, s, d in seen if t == "berserk_tc"}
    assert tcs == {"b-c": "0", "b-s": "0"}
    assert all(pos.units[u].has("berserk") for u in ("b-l", "b-c", "b-s"))


def test_a25_221_a_squad_beside_a_commissar_follows_a_berserk_leader_on_morale_plus_one(
        make_position: Any) -> None:
    """A15.41 with A25.221: the commissar fails his NTC (6+5 = 11 > 9); the 4-4-7r's 4+4 = 8, no DRM,
    against morale 7 +1 = 8 passes: it goes berserk, the commissar does not."""
    dice = {"mc:b-l": "1,1", "hob": "5,5", "berserk_tc:b-c": "6,5", "berserk_tc:b-s": "4,4"}
    pos, _ = fire_at_c2(make_position, unit("b-s", "4-4-7r", "b", "C2"), unit("b-l", "9-1", "b", "C2"),
                        unit("b-c", "9-0C", "b", "C2"), dice=dice)
    assert pos.units["b-s"].has("berserk") and not pos.units["b-c"].has("berserk")


@pytest.mark.parametrize(("with_commissar", "enters"), [(True, True), (False, False)])
def test_a25_221_the_plus_one_in_an_infantry_overrun_ntc(make_position: Any, with_commissar: bool,
                                                         enters: bool) -> None:
    """A25.221 with A4.15: the 4-6-7 leaving the commissar's Location to overrun the 7-0 in the stone building
    rolls 3+2 +3 TEM = 8 on its NTC: against 7 it stops; with the 9-0C (not moving) in its Location, 8: it
    goes on and the SMC answers."""
    units = [unit("a-1", "4-6-7", "a", "F5"), unit("b-l", "7-0", "b", "F4"), unit("a-z", "8-0", "a", "H1")]
    if with_commissar:
        units.append(unit("a-c", "9-0C", "a", "F5"))
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"F4": "stone-building"})
    pos.push_text("move a-1 F5-F4")
    assert pos.decision is not None and pos.decision.then == "ovr_ntc"
    pos.push_text("answer dice 3,2")
    assert (pos.decision is not None and pos.decision.then == "ovr_response") is enters


@pytest.mark.parametrize(("with_commissar", "blows"), [(True, True), (False, False)])
def test_a25_221_the_plus_one_in_the_dc_setters_ntc(make_position: Any, with_commissar: bool,
                                                    blows: bool) -> None:
    """A25.221 with A23.71: the 4-6-7 that set the DC rolls 4+4 = 8 on its NTC to detonate it: against 7
    nothing happens; with the 9-0C in its Location, 8: the blast DR follows (test_set_dc.py's play)."""
    from .test_set_dc import until

    units = [unit("a-1", "4-6-7", "a", "C3"), unit("b-1", "4-4-7r", "b", "C6"), unit("a-z", "8-0", "a", "H1"),
             {"id": "a-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "a-1"}]
    if with_commissar:
        units.append(unit("a-c", "9-0C", "a", "C3"))
    movers = "a-1,a-c" if with_commissar else "a-1"
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C3": "stone-building"})
    pos.push_text("fire a-dc at C3")
    pos.push_text("answer pass")
    pos.push_text("answer dice 1")
    until(pos, "a", "APh")
    pos.push_text(f"advance {movers} C3-D3")
    until(pos, "b", "MPh")
    pos.push_text("move b-1 C6-C5-C4-C3")
    until(pos, "a", "MPh")
    pos.push_text(f"move {movers} D3-E3")
    until(pos, "a", "AFPh")
    pos.push_text("fire a-dc at C3")
    assert pos.decision is not None and pos.decision.then == "dc_detonate"
    pos.push_text("answer dice 4,4")
    assert (pos.decision is not None and pos.decision.then == "dc_blast") is blows


def test_a25_221_a_broken_commissar_gives_a_better_leader_a_llmc_in_play(make_position: Any) -> None:
    """A25.221 with A10.2: the 9-0C checks first and breaks (6+5 +1 = 12 > 9); the 10-2 with him, morale
    above his, takes a LLMC (an NMC: the commissar's 0 reversed), besides its own 1MC."""
    units = [unit("a-1", "4-6-7", "a", "C1"), unit("b-c", "9-0C", "b", "C2"), unit("b-l", "10-2", "b", "C2"),
             *OTHERS]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1 at C2 dice 3,4")
    rules = []
    while pos.decision is not None:
        top = pos.decision
        rules.append((top.subject, top.rule))
        pos.push_text(f"answer dice {'6,5' if top.subject == ('b-c',) else '2,2'}")
    assert rules[0] == (("b-c",), "A7.304") and (("b-l",), "A10.2") in rules
    assert pos.units["b-c"].has("broken")


def test_a25_221_a_commissar_raises_cavalry_too(make_position: Any) -> None:
    """A25.221 names infantry and cavalry: a mounted 4-4-7r (morale 7) beside an active commissar checks at
    8; the horse counter gets nothing (it has no morale, A13.51)."""
    pos = rph(make_position, unit("a-c", "9-0C", "a", "C3"), unit("a-cav", "4-4-7r", "a", "C3", "mounted"),
              {"id": "a-horse", "counter": "HORSE3", "side": "a", "hex": "C3", "carrier": "a-cav"})
    from hexmate.rules.games.asl import commissar

    assert commissar.bonus(pos.units.values(), pos.units["a-cav"]) == 1
    assert commissar.bonus(pos.units.values(), pos.units["a-horse"]) == 0
