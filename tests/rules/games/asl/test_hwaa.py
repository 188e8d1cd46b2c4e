"""Armored Assault with a Human Wave (hwaa.py with hw.py: D14.33, D14.331, D14.332 with D9.31, A25.23).

On test_hw's board: the Russian chain O1-P1-Q2-R2 (two 4-4-7 a hex, the 8-0 in P1) and a Russian tank (demo
values: 16 MP) in Motion in P1 with its VCA towards P2 (``STOPPED``: stopped there); the German 4-6-7 target
in P9, so the wave's row is the hexrow P7-P10 and every hex here is Open Ground (P2 an orchard where said).
The rule's numbers: a stopped AFV pays 1 MP to start, an MP action of an impulse of its own (D2.12, D14.31);
1 MP an Open Ground hex, 2 an orchard (D2.1, the chart pack's vehicle costs); an infantry unit pays 1 MF an
Open Ground or orchard hex (A4.1); the wave's impulse costs its units the most MF any of them paid (A25.232)
and the AFV's MP are counted apart (D14.33)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, cast

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.asl import armour, hw, hwaa, hwplt
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl.game import AslGame
from hexmate.rules.scenario import Scenario

from tests.rules.games.conftest import ASL_COUNTERS, scenario_dict, small_map

from .test_hw import SIDES, russians
from .test_impulse import counters

COUNTERS = {**ASL_COUNTERS, "t": {"type": "vehicle", "vehicle": "demo-t-r"},
            "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
            "HMG": {"type": "sw", "sw": "mg", "nationality": "german", "fp": 6, "range": 12, "rof": 2,
                    "breakdown": 12, "repair": 2, "pp": 4}}
TANK = {"id": "a-t", "counter": "t", "side": "a", "hex": "P1", "markers": ["vca4", "motion"]}
STOPPED = {**TANK, "markers": ["vca4"]}
ORCHARD = {"P2": {"terrain": "orchard"}}  # D2.1: 2 MP for the tank, 1 MF for the squads
TARGET = {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "P9"}
P1 = "a-p10,a-p11"  # the two squads that begin the MPh beneath the tank


def wave(*more: dict[str, Any], row: str = "hexrow-p7-p8-p9-p10", tank: dict[str, Any] = TANK,
         hexes: dict[str, Any] | None = None) -> Position:
    """The wave declared and its row picked; its first impulse is to be made."""
    doc = scenario_dict("asl", [*russians(), TARGET, tank, *more], COUNTERS, "MPh", sides=SIDES)
    pos = get_game("asl").new_position(Scenario.from_dict(doc, source="test-scenario"),
                                       hex_map=small_map("asl", hexes, columns=20, rows=10))
    pos.push_text("activate a-l,a-o10,a-o11,a-p10,a-p11,a-q20,a-q21,a-r20,a-r21 for human-wave")
    pos.push_text(f"answer {row}")
    return pos


def passing(pos: Position, text: str) -> None:
    """The action, its windows passed; a wave's platoon's one DR at the impulse's end passed (D14.21)."""
    pos.push_text(text)
    while pos.decision is not None and (pos.decision.kind == "react" or pos.decision.then == "vimp_bog"):
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 2,3")


def the_rest(pos: Position, *stacks: str) -> None:
    """The other HW stacks' entries of the impulse, the last one closing it (its window passed)."""
    for text in stacks[:-1]:
        pos.push_text(text)
        assert pos.decision is None  # D14.32: no window mid-impulse
    passing(pos, stacks[-1])


def step_on(pos: Position) -> None:
    """One HW stack (of those still to move in the impulse) enters its first lit Location."""
    w = state_of(pos)
    todo = [u for u in w.units if u not in dict(w.acted) and hw.step_options(game(pos), pos, w, pos.units[u])]
    first = pos.units[todo[0]]
    assert first.hex is not None
    ids = ",".join(u for u in todo if pos.units[u].hex == first.hex)
    to = sorted(hw.step_options(game(pos), pos, w, first), key=lambda h: (h.q, h.r))[0]
    passing(pos, f"move {ids} {pos.label(first.hex)}-{pos.label(to)}")
    while pos.decision is not None:
        pos.push_text("answer " + pos.decision.choices[0])


def game(pos: Position) -> AslGame:
    return cast(AslGame, pos.game)


def state_of(pos: Position) -> hw.Wave:
    got = hw.wave_of(game(pos), pos.state)
    assert got is not None
    return got


FIRST = ("move a-o10,a-o11 O1-O2", "move a-l P1-O2", "move a-q20,a-q21 Q2-Q3", "move a-r20,a-r21 R2-R3")
SECOND = ("move a-o10,a-o11 O2-O3", "move a-l O2-O3", "move a-q20,a-q21 Q3-Q4", "move a-r20,a-r21 R3-R4")


def test_d14_33_the_wave_and_one_afv_move_by_impulses_priced_apart() -> None:
    """D14.33: the joint entry is offered (with every HW unit beneath the tank); in impulse 1 the tank, in
    Motion, pays 1 MP (Open Ground) and the squads with it 1 MF: the wave's impulse costs 1 MF (A25.232),
    the tank's MP counted apart. In impulse 2 the tank pays 1 MP and the squads 1 MF again: 2 MP and 2 MF
    in all."""
    pos = wave()
    legal = [a.text(pos.label) for a in pos.legal_actions]
    assert f"move a-t,a-l,{P1} P1-P2 cost 1 as armored-assault" in legal
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    assert pos.decision is None  # no start window, no stop: its First Fire waits for the impulse's end
    assert all(pos.units[u].has("aa:a-t") and pos.label(pos.units[u].hex) == "P2" for u in P1.split(","))
    the_rest(pos, *FIRST)
    w = state_of(pos)
    assert (w.impulse, w.spent, w.afv) == (2, 1, "a-t")
    assert armour.spent_of(pos.units["a-t"]) == 1
    offered = pos.legal_actions.moves_for({"a-t", "a-p10", "a-p11"})
    assert offered[pos.map.parse_label("P3")].cost == 1  # D2.12: no start MP while non-stopped
    pos.push_text(f"move a-t,{P1} P2-P3 as armored-assault")
    the_rest(pos, *SECOND)
    assert (state_of(pos).impulse, state_of(pos).spent, armour.spent_of(pos.units["a-t"])) == (3, 2, 2)


def test_d14_31_a_stopped_afv_starts_as_its_own_impulse_its_hw_units_waiting_beneath_it() -> None:
    """D14.31 (a start is an MP action, the D14.21 example's first impulse) with D2.12 and D14.33: the
    stopped tank may not enter P2 with its squads before it starts; it starts as its MP action of impulse 1
    (1 MP), the 8-0 and squads beneath it making none (D14.33: the infantry or vehicle impulse may cost
    nothing) while the other stacks enter O2, Q3, R3 (1 MF); the window at the impulse's end takes the
    tank in P1. In impulse 2 it enters P2 with them for 1 MP (no start MP again), they for 1 MF: 2 MP in
    all, and 2 MF for the wave."""
    pos = wave({"id": "b-pz", "counter": "pz", "side": "b", "hex": "P10", "markers": ["vca3"]}, tank=STOPPED)
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move a-t P1 cost 1 as afv-start" in offered and not any("armored-assault" in a for a in offered)
    with pytest.raises(IllegalAction, match=r"a-t is stopped: it spends its start MP as its one MP action "
                                            r"of an impulse first \(move a-t P1 as afv-start; D14\.31"):
        pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    pos.push_text("move a-t P1 as afv-start")
    w = state_of(pos)
    assert (w.afv, dict(w.acted), dict(w.vacts)) == ("a-t", {"a-l": 0, "a-p10": 0, "a-p11": 0}, {"a-t": 1})
    assert armour.spent_of(pos.units["a-t"]) == 1 and not pos.units["a-t"].has("motion")
    with pytest.raises(IllegalAction, match=r"a-t is not stopped: it has no start MP to spend \(D2\.12\)"):
        pos.push_text("move a-t P1 as afv-start")
    with pytest.raises(IllegalAction):
        pos.push_text("move a-p10 P1-P2")  # it waits beneath the tank in this impulse
    for text in ("move a-o10,a-o11 O1-O2", "move a-q20,a-q21 Q2-Q3"):
        pos.push_text(text)
    pos.push_text("move a-r20,a-r21 R2-R3")
    assert pos.decision is not None and pos.decision.kind == "react"
    assert "fire b-pz at P1" in [a.text(pos.label) for a in pos.legal_actions]  # D14.33: the tank's 1 MP
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    w = state_of(pos)
    assert (w.impulse, w.spent, w.vspent) == (2, 1, 1)
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert f"move a-t,a-l,{P1} P1-P2 cost 1 as armored-assault" in offered  # D2.12: started already
    pos.push_text(f"move a-t,a-l,{P1} P1-P2 as armored-assault")
    the_rest(pos, "move a-o10,a-o11 O2-O3", "move a-q20,a-q21 Q3-Q4", "move a-r20,a-r21 R3-R4")
    w = state_of(pos)
    assert (w.impulse, w.spent) == (3, 2) and armour.spent_of(pos.units["a-t"]) == 2
    assert pos.units["a-t"].has("motion") and all(pos.units[u].has("aa:a-t") for u in P1.split(","))


def test_d14_31_the_afv_s_vca_change_is_an_impulse_of_its_own() -> None:
    """D14.31 names one hexspine of VCA change as one MP action, D2.11 prices it (1 MP in Open Ground): the
    tank in Motion, its VCA towards O2/P2, may not enter Q2 with its squads; it turns one hexspine
    counterclockwise as impulse 1's MP action (the squads waiting beneath it; the window at the impulse's
    end takes it in P1) and enters Q2 with them in impulse 2: 1 + 1 MP."""
    pos = wave({"id": "b-pz", "counter": "pz", "side": "b", "hex": "P10", "markers": ["vca3"]})
    with pytest.raises(IllegalAction, match=r"Q2 is not in a-t's VCA: change it one hexspine as its MP "
                                            r"action of an impulse first \(move a-t P1 as afv-cw / afv-ccw"):
        pos.push_text(f"move a-t,{P1} P1-Q2 as armored-assault")
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move a-t P1 cost 1 as afv-ccw" in offered and "move a-t P1 cost 1 as afv-start" not in offered
    pos.push_text("move a-t P1 as afv-ccw")
    assert pos.decision is None  # D14.32: no D2.51 DR, no window mid-impulse
    assert armour.facing_of(pos.units["a-t"]) == 5 and armour.spent_of(pos.units["a-t"]) == 1
    for text in ("move a-o10,a-o11 O1-O2", "move a-q20,a-q21 Q2-Q3"):
        pos.push_text(text)
    pos.push_text("move a-r20,a-r21 R2-R3")
    assert "fire b-pz at P1" in [a.text(pos.label) for a in pos.legal_actions]
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    pos.push_text(f"move a-t,a-l,{P1} P1-Q2 as armored-assault")
    assert armour.spent_of(pos.units["a-t"]) == 2 and pos.units["a-p10"].has("aa:a-t")


def test_d14_33_first_fire_at_the_impulse_end_may_take_the_afv_and_its_tem_covers_the_squads() -> None:
    """D14.32, D14.33: at impulse 1's end the German squad's fire at P2 shows the tank's +1 (D9.31: the squads
    went with it, Case J does not take it away); the German tank may fire at the Russian tank in P2, a hex
    the last stack did not enter. The squad has a shot at each MP/MF of the impulse: 2, for the tank's 2 MP
    into the orchard, though the squads spent 1 MF (D14.33 example: the 2nd shot is at the 2nd MP)."""
    pos = wave({"id": "b-pz", "counter": "pz", "side": "b", "hex": "P10", "markers": ["vca3"]},
               hexes=ORCHARD)
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    for text in FIRST[:-1]:
        pos.push_text(text)
    pos.push_text(FIRST[-1])
    top = pos.decision
    assert top is not None and (top.kind, top.rule) == ("react", "D14.32")
    legal = [a.text(pos.label) for a in pos.legal_actions]
    assert "fire b-pz at P2" in legal and "fire b-1 at P2" in legal
    assert asl_fire.shots_allowed(pos) == 2  # D14.33 example: the squads' 1 MF, the AFV's 2 MP
    res = pos.resolve(pos.parse_action("fire b-1 at P2 dice 4,4"))
    lines = [(str(x.label), str(x.value)) for x in res.lines]
    assert ("Armored Assault with a-t (D9.31)", "+1") in lines
    pos.push_text("fire b-pz at P2")
    top = pos.decision
    assert top is not None and (top.then, top.subject, pos.label(top.target)) == ("vth", ("b-pz",), "P2")


NEAR = {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "P8"}  # 6 hexes from P2: SFF in normal range
HMG = {"id": "b-mg", "counter": "HMG", "side": "b", "hex": "P8", "carrier": "b-2"}


def near_wave(hexes: dict[str, Any] | None = None) -> Position:
    """The wave with the German squad (and its HMG) in P8, the nearest target: the row is P6-P10."""
    return wave(NEAR, HMG, row="hexrow-p6-p7-p8-p9-p10", hexes=hexes)


def test_d14_33_example_the_2nd_shot_is_at_the_afvs_2nd_mp_and_attacks_it_alone() -> None:
    """D14.33 and its example: in impulse 1 the tank spent 2 MP (into the orchard), the squads with it
    1 MF. The German squad's 1st shot at P2 attacks the squads and the tank, the squads with the tank's +1
    (D9.31); its 2nd shot (Subsequent First Fire, A8.3) is at the 2nd MP: only the tank spent it, so it may
    go at P2 only (not at O2, where HW units spent 1 MF), and it does not attack the squads there: no +1
    for them, and a 1,1 (a KIA on the 2 FP column) leaves them standing."""
    pos = near_wave(ORCHARD)
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    for text in FIRST:
        pos.push_text(text)
    first = pos.resolve(pos.parse_action("fire b-2 at P2 dice 1,1"))
    assert {"a-p10", "a-p11", "a-t"} <= set(first.results)
    assert ("Armored Assault with a-t (D9.31)", "+1") in [(str(x.label), str(x.value)) for x in first.lines]
    pos.push_text("fire b-2 at P2")
    pos.push_text("answer dice 5,6")  # no effect
    assert pos.decision is not None and pos.decision.kind == "react"
    with pytest.raises(IllegalAction, match=r"shot 2 at the Human Wave is at its MP 2: only a-t spent so "
                                            r"many in this impulse, in P2 \(D14\.33\)"):
        pos.push_text("fire b-2 at O2")
    second = pos.resolve(pos.parse_action("fire b-2 at P2 dice 1,1"))
    assert not {"a-p10", "a-p11"} & set(second.results)
    assert "Armored Assault with a-t (D9.31)" not in [str(x.label) for x in second.lines]
    pos.push_text("fire b-2 at P2")
    pos.push_text("answer dice 1,1")
    assert all(u in pos.units and not pos.units[u].has("broken") for u in P1.split(","))
    with pytest.raises(IllegalAction, match=r"as many times as the MF they spent here \(2\)"):
        pos.push_text("fire b-2 at P2")  # A9.2: no 3rd MP, no 3rd shot


def test_d14_33_a_mg_afv_kill_attack_at_the_waves_afv_at_the_impulse_end() -> None:
    """D14.32, D14.33 with A9.61: the tank that spent MP in the impulse is a moving target of the window at
    its end, so the German HMG may make its AFV Kill attack at it, though the last stack to
    move was not it."""
    pos = near_wave()
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    for text in FIRST:
        pos.push_text(text)
    assert pos.parse_action("fire b-mg.kill.a-t at P2") in pos.legal_actions
    pos.push_text("fire b-mg.kill.a-t at P2")
    top = pos.decision
    assert top is not None and (top.rule, top.subject) == ("A9.6", ("b-mg",))


def test_d14_331_with_no_hw_unit_left_with_it_the_afv_waits_for_the_wave() -> None:
    """D14.331: in impulse 2 both squads leave the tank (they stop its Armored Assault); the tank alone may
    not move while the wave goes on, nor may they rejoin it; once the wave is over it finishes its own MPh
    with the MP it has left (16 - 1), non-stopped."""
    pos = wave()
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    the_rest(pos, *FIRST)
    pos.push_text(f"move {P1} P2-P3")
    assert not pos.units["a-p10"].has("aa:a-t")
    with pytest.raises(IllegalAction, match=r"waits until the wave has finished its impulses \(D14\.331\)"):
        pos.push_text("move a-t P2-P3")
    the_rest(pos, *SECOND)
    with pytest.raises(IllegalAction, match=r"not beneath a-t"):
        pos.push_text(f"move a-t,{P1} P2-P3 as armored-assault")
    while hw.wave_of(game(pos), pos.state) is not None:  # the wave's impulses to its end (A25.234)
        step_on(pos)
    assert pos.units["a-t"].has("motion") and armour.spent_of(pos.units["a-t"]) == 1
    passing(pos, "move a-t P2-P3-P4")
    assert pos.label(pos.units["a-t"].hex) == "P4"


def test_d14_331_the_other_order_the_afv_finishes_its_mph_first_while_the_wave_waits() -> None:
    """D14.331's other order: in impulse 2 both squads leave the tank; once that impulse is over the player
    declares that the tank finishes its MPh first (offered on the page). The wave waits: no HW unit moves
    until the tank has. The tank, non-stopped, pays 1 MP an Open Ground hex (D2.1): P2-P3-P4 takes its MP
    from 1 to 3 of 16. Then the wave goes on to its end, and the tank, done, is not freed again."""
    pos = wave()
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    the_rest(pos, *FIRST)
    pos.push_text(f"move {P1} P2-P3")
    assert "move a-t P2 as afv-first" not in [a.text(pos.label) for a in pos.legal_actions]
    the_rest(pos, *SECOND)
    assert "move a-t P2 as afv-first" in [a.text(pos.label) for a in pos.legal_actions]
    with pytest.raises(IllegalAction, match=r"declare that it finishes its MPh first while the wave waits "
                                            r"\(move a-t P2 as afv-first\)"):
        pos.push_text("move a-t P2-P3")
    pos.push_text("move a-t P2 as afv-first")
    assert state_of(pos).afv_first and pos.label(pos.units["a-t"].hex) == "P2"  # nothing moved
    with pytest.raises(IllegalAction, match=r"the Human Wave waits while a-t finishes its MPh \(D14\.331\)"):
        pos.push_text("move a-o10,a-o11 O3-O4")
    passing(pos, "move a-t P2-P3-P4")
    assert armour.spent_of(pos.units["a-t"]) == 3
    while pos.decision is not None:  # D2.11, D2.13: its facing kept, its move over
        pos.push_text("answer " + pos.decision.choices[0])
    assert pos.label(pos.units["a-t"].hex) == "P4" and "a-t" in pos.state.moved
    passing(pos, "move a-o10,a-o11 O3-O4")  # the wave goes on
    while hw.wave_of(game(pos), pos.state) is not None:
        step_on(pos)
    with pytest.raises(IllegalAction, match=r"already moved"):
        pos.push_text("move a-t P4-P5")


@pytest.mark.parametrize(("first", "match"), [
    # mid-impulse: the squads left it in impulse 2, whose other stacks have still to move
    ((f"move {P1} P2-P3",), r"an impulse of the Human Wave is being made: a-t goes first between impulses"),
])
def test_d14_331_when_the_afv_may_not_go_first(first: tuple[str, ...], match: str) -> None:
    pos = wave()
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    the_rest(pos, *FIRST)
    for text in first:
        passing(pos, text)
    with pytest.raises(IllegalAction, match=match):
        pos.push_text("move a-t P2 as afv-first")


def test_d14_331_the_afv_leaves_the_squads_still_with_it_and_goes_first() -> None:
    """D14.331: the AFV too may stop the Armored Assault. After impulse 1 (tank and squads in P2) the player
    has the tank leave the squads still with it and finish its MPh first: the squads stop the Armored
    Assault (no aa marker, no +1 TEM, no rejoining), the wave waits; the tank, non-stopped, pays 1 MP an
    Open Ground hex (D2.1): P2-P3-P4 takes its MP from 1 to 3 of 16. Then the wave goes on."""
    pos = wave()
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    the_rest(pos, *FIRST)
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move a-t P2 as afv-first" in offered and "move a-t P2 as afv-part" in offered
    pos.push_text("move a-t P2 as afv-first")
    assert not pos.units["a-p10"].has("aa:a-t") and not pos.units["a-p11"].has("aa:a-t")
    assert state_of(pos).afv_first and pos.label(pos.units["a-t"].hex) == "P2"  # nothing moved
    with pytest.raises(IllegalAction, match=r"the Human Wave waits while a-t finishes its MPh \(D14\.331\)"):
        pos.push_text(f"move {P1} P2-P3")
    passing(pos, "move a-t P2-P3-P4")
    assert armour.spent_of(pos.units["a-t"]) == 3
    while pos.decision is not None:
        pos.push_text("answer " + pos.decision.choices[0])
    passing(pos, f"move {P1} P2-P3")  # the wave goes on, the squads on their own
    assert not pos.units["a-p10"].has("aa:a-t")


def test_d14_331_the_afv_leaves_the_squads_and_waits_for_the_waves_end() -> None:
    """D14.331, the wave's end first: after impulse 1 the tank leaves the squads still with it (afv-part) and
    pauses. The squads have stopped the Armored Assault for good (D14.332: no joint entry again); the tank
    may not move while the wave goes on; once the wave is over it finishes its MPh with the MP it has left
    (16 - 1 = 15), non-stopped: P2-P3-P4 for 1 MP a hex."""
    pos = wave()
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    the_rest(pos, *FIRST)
    pos.push_text("move a-t P2 as afv-part")
    assert not pos.units["a-p10"].has("aa:a-t") and not state_of(pos).afv_first
    assert "move a-t P2 as afv-part" not in [a.text(pos.label) for a in pos.legal_actions]
    with pytest.raises(IllegalAction, match=r"not beneath a-t|stopped moving with a-t"):
        pos.push_text(f"move a-t,{P1} P2-P3 as armored-assault")
    with pytest.raises(IllegalAction, match=r"no HW unit goes with a-t any more: it has no Armored Assault "
                                            r"to stop \(D14\.331\)"):
        pos.push_text("move a-t P2 as afv-part")
    with pytest.raises(IllegalAction, match=r"\(D14\.331\)"):
        pos.push_text("move a-t P2-P3")
    while hw.wave_of(game(pos), pos.state) is not None:  # the wave's impulses to its end (A25.234)
        step_on(pos)
    assert pos.units["a-t"].has("motion") and armour.spent_of(pos.units["a-t"]) == 1
    passing(pos, "move a-t P2-P3-P4")
    assert pos.label(pos.units["a-t"].hex) == "P4" and armour.spent_of(pos.units["a-t"]) == 3


@pytest.mark.parametrize(("first", "then", "match"), [
    # D14.332: one AFV only; the second tank in Q2 is refused once the first moves with the wave
    ((f"move a-t,{P1} P1-P2 as armored-assault",), "move a-t2,a-q20,a-q21 Q2-Q3 as armored-assault",
     r"moves with a-t already: HW units have Armored Assault with one AFV or one AFV platoon only "
     r"\(D14\.332\)"),
    # D14.332: the squads from O1 meet the tank in O2, but did not begin their MPh beneath it
    ((f"move a-t,{P1} P1-O2 as armored-assault", *FIRST), "move a-t,a-o10,a-o11 O2-O3 as armored-assault",
     r"a-o10 did not begin its MPh beneath a-t: no Armored Assault for it \(D14\.332\)"),
    # D14.331, D14.332: a squad that entered P2 on its own has stopped the Armored Assault for good
    (("move a-t,a-p10 P1-P2 as armored-assault", "move a-p11 P1-P2", *FIRST),
     "move a-t,a-p10,a-p11 P2-P3 as armored-assault",
     r"a-p11 has stopped moving with a-t: it has Armored Assault no more \(D14\.331, D14\.332\)"),
])
def test_d14_332_what_the_text_refuses(first: tuple[str, ...], then: str, match: str) -> None:
    pos = wave({"id": "a-t2", "counter": "t", "side": "a", "hex": "Q2", "markers": ["vca4", "motion"]})
    for text in first:
        passing(pos, text)
    with pytest.raises(IllegalAction, match=match):
        pos.push_text(then)


def test_a25_233_the_hw_units_enter_an_enemy_location_with_or_without_the_afv() -> None:
    """A25.233 lets HW units enter an enemy Location: into P3, where a German HS is, both the joint entry
    (the AFV's Overrun, D7.1: hwovr.py, test_hwovr) and the squads' own entry are offered."""
    pos = wave({"id": "b-2", "counter": "2-4-7", "side": "b", "hex": "P3"}, row="hexrow-p1-p2-p3-p4-p5")
    pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")
    while state_of(pos).impulse == 1:
        step_on(pos)
    assert pos.parse_action(f"move a-t,{P1} P2-P3 as armored-assault") in pos.legal_actions
    assert pos.map.parse_label("P3") in hw.step_options(game(pos), pos, state_of(pos), pos.units["a-p10"])


def test_d14_33_no_cavalry_wave_with_the_afv() -> None:
    """D14.33: a Cavalry Wave (A13.62) is not among the impulse movements Armored Assault combines with."""
    pos = wave()
    pos = pos.at(pos.state.with_unit(pos.units["a-p10"].mark("mounted")))
    with pytest.raises(IllegalAction, match=r"Cavalry Wave.*A13\.62"):
        pos.push_text(f"move a-t,{P1} P1-P2 as armored-assault")


def platoon_wave(tmp_path: Path, hexes: dict[str, Any] | None = None, *more: dict[str, Any]) -> Position:
    """The wave with an AFV platoon instead of the lone tank: radioless A (a T-26S M37, 11 MP) stopped in P1
    and B (a T-26 M33, 12 MP) stopped in Q2, both VCA towards P2/Q3 (test_impulse's D14 example values),
    each with the two squads that begin the MPh beneath it; ``more`` units besides."""
    tanks = [{"id": "A", "counter": "t26s", "side": "a", "hex": "P1", "markers": ["vca4", "platoon:P"]},
             {"id": "B", "counter": "t26", "side": "a", "hex": "Q2", "markers": ["vca4", "platoon:P"]}]
    doc = scenario_dict("asl", [*russians(), TARGET, *tanks, *more], {**counters(tmp_path), **COUNTERS},
                        "MPh", sides=SIDES)
    pos = get_game("asl").new_position(Scenario.from_dict(doc, source="test-scenario"),
                                       hex_map=small_map("asl", hexes, columns=20, rows=10))
    pos.push_text("activate a-l,a-o10,a-o11,a-p10,a-p11,a-q20,a-q21,a-r20,a-r21 for human-wave")
    pos.push_text("answer hexrow-p7-p8-p9-p10")
    return pos


Q2 = "a-q20,a-q21"


def started(pos: Position, text: str) -> None:
    """A start of a stopped red-MP T-26: its mechanical reliability DR passed (D2.51; the platoon's one DR at
    the impulse's end if the start ends it, D14.21)."""
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 2,3")
REST = ("move a-o10,a-o11 O1-O2", "move a-r20,a-r21 R2-R3")  # the leader waits beneath A in P1


def platoon_started(pos: Position) -> None:
    """Impulse 1: A and B start (D2.12, D14.31, their D2.51 DRs passed), their squads waiting beneath them;
    the other stacks enter O2 and R3."""
    started(pos, "move A P1 as afv-start")
    started(pos, "move B Q2 as afv-start")
    the_rest(pos, *REST)


def platoon_going(pos: Position) -> None:
    """Impulses 1 and 2: the starts, then each AFV's joint entry with its squads (1 MP, 1 MF)."""
    platoon_started(pos)
    pos.push_text(f"move A,a-l,{P1} P1-P2 as armored-assault")
    pos.push_text(f"move B,{Q2} Q2-Q3 as armored-assault")
    the_rest(pos, "move a-o10,a-o11 O2-O3", "move a-r20,a-r21 R3-R4")


def test_d14_332_a_wave_with_an_afv_platoon_each_afv_with_the_hw_units_beneath_it(tmp_path: Path) -> None:
    """D14.332: HW units have Armored Assault moving with one AFV platoon too, each AFV with the HW units
    that began the MPh beneath it. Impulse 1: A and B, stopped, each start as their MP action (1 MP, D2.12,
    D14.31, the D14.21 example's first impulse), their squads waiting beneath them (no MF); the vehicles'
    impulse costs 1 MP, the HW units' 1 MF (the other stacks'; D14.33, apart). Impulse 2: each enters an
    Open Ground hex (1 MP, D2.1) with its squads (1 MF): 2 MP each. Impulse 3: only A moves (1 MP) with its
    squads; B's squads go on without it and stop its Armored Assault; B, non-stopped, does nothing yet pays
    the impulse's 1 MP (D14.31): 3 MP each."""
    pos = platoon_wave(tmp_path)
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move A P1 cost 1 as afv-start" in offered and "move B Q2 cost 1 as afv-start" in offered
    assert not any("armored-assault" in a for a in offered)  # D2.12: no entry before the start
    pos.push_text("move A P1 as afv-start")
    assert pos.decision is None and pos.units["A"].has(hwplt.MR_DUE)  # D14.21: one DR at the impulse's end
    w = state_of(pos)
    assert w.platoon == ("A", "B") and [u.id for u in hwaa.afv_targets(game(pos), pos)] == ["A"]
    assert {u: c for u, c in w.acted} == {"a-l": 0, "a-p10": 0, "a-p11": 0}
    started(pos, "move B Q2 as afv-start")
    assert [u.id for u in hwaa.afv_targets(game(pos), pos)] == ["A", "B"]
    the_rest(pos, *REST)
    w = state_of(pos)
    assert (w.impulse, w.spent, w.vspent) == (2, 1, 1)
    assert [armour.spent_of(pos.units[t]) for t in "AB"] == [1, 1]
    assert pos.label(pos.units["a-p10"].hex) == "P1" and not pos.units["a-p10"].has("aa:A")
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert f"move A,a-l,{P1} P1-P2 cost 1 as armored-assault" in offered  # no start MP now (D2.12)
    pos.push_text(f"move A,a-l,{P1} P1-P2 as armored-assault")
    pos.push_text(f"move B,{Q2} Q2-Q3 as armored-assault")
    assert pos.units["a-q20"].has("aa:B") and pos.units["a-p10"].has("aa:A")
    the_rest(pos, "move a-o10,a-o11 O2-O3", "move a-r20,a-r21 R3-R4")
    w = state_of(pos)
    assert (w.impulse, w.spent, w.vspent) == (3, 2, 2)
    assert [armour.spent_of(pos.units[t]) for t in "AB"] == [2, 2]
    pos.push_text(f"move A,a-l,{P1} P2-P3 as armored-assault")
    assert [u.id for u in hwaa.afv_targets(game(pos), pos)] == ["A", "B"]  # B too spent the impulse's MP
    pos.push_text(f"move {Q2} Q3-Q4")
    assert not pos.units["a-q20"].has("aa:B")
    the_rest(pos, "move a-o10,a-o11 O3-O4", "move a-r20,a-r21 R4-R5")
    assert state_of(pos).vspent == 3 and [armour.spent_of(pos.units[t]) for t in "AB"] == [3, 3]


def test_d14_21_the_impulse_ends_with_the_wave_s_platoon_in_formation(tmp_path: Path) -> None:
    """D14.21 at each impulse's end (the wave's): A starts, its squads waiting, but B's squads leave B
    behind, stopped: the entry that would end impulse 1 with A started (non-stopped) and B stopped is
    refused; B's own start instead ends it."""
    pos = platoon_wave(tmp_path)
    started(pos, "move A P1 as afv-start")
    for text in REST:
        passing(pos, text)
    with pytest.raises(IllegalAction, match=r"out of formation.*all stopped or all not \(D14\.21\)"):
        pos.push_text(f"move {Q2} Q2-Q3")
    started(pos, "move B Q2 as afv-start")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert state_of(pos).impulse == 2


def test_d14_31_no_vehicles_impulse_past_the_platoon_s_slowest_afv(tmp_path: Path) -> None:
    """D14.31 with the D14 example: the platoon's MP are its slowest AFV's, the T-26S M37's 11. With 10 MP of
    the vehicles' impulses spent, A's 1 MP entry (11) is allowed; with 11 spent it is refused (12)."""
    pos = platoon_wave(tmp_path)
    platoon_started(pos)
    for spent, ok in ((10, True), (11, False)):
        w = dataclasses.replace(state_of(pos), vspent=spent)
        probe = pos.at(pos.state.replace(game=game(pos).gstate(pos.state).replace(hw=w)))
        if ok:
            probe.push_text(f"move A,{P1} P1-P2 as armored-assault")
        else:
            with pytest.raises(IllegalAction, match=r"would cost 12 MP, past its 11 .*D14\.31"):
                probe.push_text(f"move A,{P1} P1-P2 as armored-assault")


def test_d14_331_the_wave_s_platoon_parts_from_its_hw_units_and_waits(tmp_path: Path) -> None:
    """D14.33: the wave's platoon makes its MP actions in the wave's impulses, not in impulses of its own;
    D14.331: between impulses it may leave the HW units still with it (the whole platoon stops the Armored
    Assault, so the platoon exception's simultaneous movement is over) and wait for the wave's end. Then it
    resumes its MPh, still a platoon (D14.2: it leaves platoon movement only by D14.22, D14.23), so by
    platoon movement (D14.21, impulse.py) with the 2 MP it spent in the wave's impulses (D14.31)."""
    pos = platoon_wave(tmp_path)
    platoon_going(pos)
    with pytest.raises(IllegalAction, match=r"B moves in the Human Wave's impulses.*\(D14\.33, D14\.332\)"):
        pos.push_text("move B Q3 as impulse_cw")
    assert not any("impulse" in a.text(pos.label) for a in pos.legal_actions)
    pos.push_text("move A P2 as afv-part")
    assert not any(pos.units[u].has("aa:A") or pos.units[u].has("aa:B") for u in ("a-p10", "a-q20"))
    with pytest.raises(IllegalAction, match=r"\(D14\.331\)"):
        pos.push_text("move B Q3-Q4")
    while hw.wave_of(game(pos), pos.state) is not None:
        step_on(pos)
    assert [armour.spent_of(pos.units[t]) for t in "AB"] == [2, 2]
    with pytest.raises(IllegalAction, match=r"B is in a platoon: it moves with it by impulses"):
        pos.push_text("move B Q3-Q4")
    assert "move B Q3-Q4 cost 1 as impulse" in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("move A P2-P3 as impulse")  # non-stopped: no start MP (D2.12)
    pos.push_text("move B Q3-Q4 as impulse")
    passing(pos, "move A,B P3 as impulse_end")
    while pos.decision is not None:
        pos.push_text("answer " + pos.decision.choices[0])
    assert [armour.spent_of(pos.units[t]) for t in "AB"] == [3, 3]


def test_d14_331_a_platoon_afv_no_hw_unit_goes_with_starts_with_its_mates(tmp_path: Path) -> None:
    """D14.331's exception: a platoon AFV that no HW unit goes with moves on with its platoon's mates while
    any of them still gives HW units Armored Assault. B's squads leave Q2 on their own in impulse 1; A
    starts with its squads waiting beneath it, and B, with none, may start too (D2.12, D14.31: 1 MP), so
    impulse 1 ends with the platoon in formation (D14.21: both non-stopped, P1 next to Q2). A lone AFV
    with no HW unit may not (the first test's tank, once its squads are gone)."""
    pos = platoon_wave(tmp_path)
    pos.push_text(f"move {Q2} Q2-Q3")
    assert "move B Q2 cost 1 as afv-start" not in [a.text(pos.label) for a in pos.legal_actions]
    started(pos, "move A P1 as afv-start")
    assert "move B Q2 cost 1 as afv-start" in [a.text(pos.label) for a in pos.legal_actions]
    started(pos, "move B Q2 as afv-start")
    the_rest(pos, *REST)
    w = state_of(pos)
    assert (w.impulse, w.vspent) == (2, 1) and [armour.spent_of(pos.units[t]) for t in "AB"] == [1, 1]
    lone = wave(tank=STOPPED)
    for text in ("move a-l P1-O2", f"move {P1} P1-P2"):
        lone.push_text(text)
    with pytest.raises(IllegalAction, match=r"no HW unit that began its MPh beneath a-t is with it"):
        lone.push_text("move a-t P1 as afv-start")


def test_d14_331_the_wave_s_platoon_goes_first_as_a_platoon_while_the_wave_waits(tmp_path: Path) -> None:
    """D14.331, the other order: between impulses the platoon leaves the squads still with it (all of it
    stops the Armored Assault, so its exception's simultaneous movement is over) and finishes its MPh first
    while the wave waits; D14.21: as a platoon, by its own impulses (impulse.py), its 2 MP of the wave's
    impulses spent already (D14.31). Its impulse 3: A P2-P3 and B Q3-Q4 (1 MP each, Open Ground): 3 MP;
    then its MPh ends (its MP left count as spent, in Motion) and the wave goes on."""
    pos = platoon_wave(tmp_path)
    platoon_going(pos)
    assert "move A P2 as afv-first" in [a.text(pos.label) for a in pos.legal_actions]
    pos.push_text("move A P2 as afv-first")
    assert not any(pos.units[u].has("aa:A") or pos.units[u].has("aa:B") for u in ("a-p10", "a-q20"))
    with pytest.raises(IllegalAction, match=r"the Human Wave waits while A finishes its MPh \(D14\.331\)"):
        pos.push_text(f"move {P1} P2-P3")
    with pytest.raises(IllegalAction, match=r"in a platoon: it moves with it by impulses"):
        pos.push_text("move B Q3-Q4")  # D14.21: as a platoon only
    pos.push_text("move A P2-P3 as impulse")
    pos.push_text("move B Q3-Q4 as impulse")
    passing(pos, "move A,B P3 as impulse_end")
    while pos.decision is not None:
        pos.push_text("answer " + pos.decision.choices[0])
    assert [armour.spent_of(pos.units[t]) for t in "AB"] == [3, 3]
    assert [pos.label(pos.units[t].hex) for t in "AB"] == ["P3", "Q4"]
    pos.push_text("move A,B P3 as impulse_done")
    assert all(pos.units[t].has("motion") and t in pos.state.moved for t in "AB")
    pos.push_text(f"move {P1} P2-P3")  # the wave goes on, without Armored Assault
    assert pos.label(pos.units["a-p10"].hex) == "P3" and not pos.units["a-p10"].has("aa:A")
    with pytest.raises(IllegalAction):
        pos.push_text("move A P3-P4 as impulse")  # its MPh is over


def test_d14_331_a_platoon_started_in_the_wave_s_impulse_goes_first_non_stopped(tmp_path: Path) -> None:
    """D14.331 with D2.12: A and B started in the wave's impulse 1 (1 MP) and entered no hex; going first,
    the platoon is non-stopped (D14.21's status): its entries pay no start MP again, 1 MP each (Open
    Ground): 2 MP. A STOP there (D2.13, 1 MP) leaves it stopped."""
    pos = platoon_wave(tmp_path)
    platoon_started(pos)
    pos.push_text("move A P1 as afv-first")
    offered = [a.text(pos.label) for a in pos.legal_actions]
    assert "move A P1-P2 cost 1 as impulse" in offered and "move A P1 cost 1 as impulse_start" not in offered
    pos.push_text("move A P1-P2 as impulse")
    pos.push_text("move B Q2-Q3 as impulse")
    passing(pos, "move A,B P2 as impulse_end")
    while pos.decision is not None:
        pos.push_text("answer " + pos.decision.choices[0])
    assert [armour.spent_of(pos.units[t]) for t in "AB"] == [2, 2]
    pos.push_text("move A P2 as impulse_stop")
    assert not pos.units["A"].has(armour.HW_STARTED) and not pos.units["A"].has("motion")
