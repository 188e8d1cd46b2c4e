"""ASL Human Wave (A25.23-A25.234) played through the MPh on an analogue of the A25.23 example's board (the
hexes O1-R4 of a 20-column board, the German target in O3). The example's numbers checked here: its five rows
through O3 at range 0 from the HW units, P2's forward and side hexes for two of them, the impulse that costs
2 MF because one entry cost 2 (the example's hedges; a woods hex here), O3 entered at once in the second
impulse with the units beside it released once one HW unit is there (A25.233), and the unit that went to N2
unable to enter O3 next (A25.2322). Counters from the test catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.asl import fire as asl_fire
from hexmate.rules.games.asl import hw
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import units as au
from hexmate.rules.scenario import Scenario

from tests.rules.games.conftest import ASL_COUNTERS, scenario_dict, small_map

SIDES = [{"id": "a", "name": "Russians", "nationality": "russian"},
         {"id": "b", "name": "Germans", "nationality": "german"}]
CHAIN = ("O1", "P1", "Q2", "R2")


def position(units: list[dict[str, Any]], sides: list[dict[str, Any]] | None = None,
             hexes: dict[str, Any] | None = None) -> Position:
    doc = scenario_dict("asl", units, ASL_COUNTERS, "MPh", sides=sides or SIDES)
    return get_game("asl").new_position(Scenario.from_dict(doc, source="test-scenario"),
                                        hex_map=small_map("asl", hexes, columns=20, rows=10))


def russians(chain: tuple[str, ...] = CHAIN, per_hex: int = 2, leader: bool = True) -> list[dict[str, Any]]:
    out = [{"id": f"a-{h.lower()}{i}", "counter": "4-4-7", "side": "a", "hex": h}
           for h in chain for i in range(per_hex)]
    return out + ([{"id": "a-l", "counter": "8-0", "side": "a", "hex": "P1"}] if leader else [])


GERMANS = [{"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "O3"}]


def stack(pos: Position, h: str) -> tuple[str, ...]:
    return tuple(sorted(u.id for u in pos.units_at(pos.map.parse_label(h)) if u.side == "a"))


def declare(pos: Position) -> str:
    offered = [a.text(pos.label) for a in pos.legal_actions if "human-wave" in a.text(pos.label)]
    assert len(offered) == 1  # offered on the page, the whole chain
    pos.push_text(offered[0])
    return offered[0]


def move(pos: Position, text: str) -> None:
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_the_example_rows_through_the_target_and_the_forward_hexes() -> None:
    """A25.231 example: the rows through O3 at range 0 are O1-O2-O3-O4, P1-O2-O3-N3, P1-P2-O3-O4,
    Q2-P2-O3-N3 and R2-Q3-P2-O3; with P1-P2-O3-O4 P2's forward hexes are O3 and P3, its side hexes O2 and Q3;
    with Q2-P2-O3-N3 they are O2, O3 and P3, with no side hexes (A25.2311)."""
    pos = position(russians() + GERMANS)
    declare(pos)
    top = pos.decision
    assert (top.then, top.rule, top.side) == ("hw_row", "A25.231", "a")
    assert set(top.choices) == {"hexrow-o1-o2-o3-o4-o5", "hexspine-p1-o2-o3-n3-n4", "hexspine-p1-p2-o3-o4-n4",
                                "hexrow-q2-p2-o3-n3-m4", "hexspine-q3-p2-o3-n2-m3"}
    assert all(pos.units[u].has("hw") and pos.units[u].has("hw_turn") for u in stack(pos, "P1"))
    units = [pos.units[u] for u in pos.units if u.startswith("a-")]
    waves = hw.choices(pos, units)
    p2 = pos.map.parse_label("P2")
    spine, row = waves["hexspine-p1-p2-o3-o4-n4"], waves["hexrow-q2-p2-o3-n3-m4"]
    assert sorted(pos.label(h) for h in spine.forward(p2)) == ["O3", "P3"]
    assert sorted(pos.label(h) for h in spine.sides(p2)) == ["O2", "Q3"]
    assert sorted(pos.label(h) for h in row.forward(p2)) == ["O2", "O3", "P3"] and row.sides(p2) == ()


@pytest.mark.parametrize(("units", "sides", "match"), [
    (russians() + GERMANS, [{"id": "a", "name": "G", "nationality": "german"}, SIDES[1]],
     r"only Russians, Chinese \(G18.5\) and Ethiopians"),
    (russians(chain=("O1", "P1")) + GERMANS, None, r"chain of at least 3 contiguous hexes"),
    (russians(per_hex=1) + GERMANS, None, r"on average 2 or more a hex: 4 MMC in 4 hexes"),
    (russians(leader=False) + GERMANS, None, r"needs a leader in its chain"),
    ([*russians(), {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "O2"}], None,
     r"beside or in the hex of an enemy unit"),
    ([*russians(), {"id": "b-1", "counter": "4-6-7", "side": "b", "hex": "O10"}], None,
     r"no HW unit sees a Known enemy within 8 hexes"),
])
def test_the_prerequisites_of_a_declaration(units: list[dict[str, Any]], sides: Any, match: str) -> None:
    """A25.23: nationality (A25 data), a chain of 3+ contiguous hexes, 2 MMC a hex on average, a leader, no
    unit beside an enemy, a Known enemy within 8 hexes in LOS of a HW unit."""
    pos = position(units, sides)
    ids = ",".join(sorted(u for u in pos.units if u.startswith("a-")))
    with pytest.raises(IllegalAction, match=match):
        pos.push_text(f"activate {ids} for human-wave")
    assert not [a for a in pos.legal_actions if "human-wave" in a.text(pos.label)]


def test_impulses_as_in_the_example() -> None:
    """A25.232-A25.234 as the example plays them: impulse 1 costs every HW unit 2 MF since one entry (into the
    woods at Q3) cost 2; in impulse 2 the units beside O3 must enter it until one of the wave is there
    (A25.233), then the others are free; in impulse 3 the unit that went from O2 to N2 may not enter O3,
    beside O2 (A25.2322), and the units that started it in O3 with the Germans are out of the wave."""
    pos = position(russians() + GERMANS, hexes={"Q3": "woods"})
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    with pytest.raises(IllegalAction, match=r"the Human Wave goes on: .*\(A25.232\)"):
        pos.push_text("end")
    with pytest.raises(IllegalAction, match=r"may enter only O2, N1 in this impulse|may enter only N1, O2"):
        move(pos, f"move {','.join(stack(pos, 'O1'))} O1-O3")
    move(pos, f"move {','.join(stack(pos, 'O1'))} O1-O2")
    move(pos, f"move {','.join(stack(pos, 'P1'))} P1-P2")
    with pytest.raises(IllegalAction, match=r"has moved in this impulse"):
        move(pos, "move a-o10 O2-O3")
    move(pos, f"move {','.join(stack(pos, 'Q2'))} Q2-Q3")  # woods: 2 MF
    move(pos, f"move {','.join(stack(pos, 'R2'))} R2-R3")
    wave = pos.game.gstate(pos.state).hw
    assert wave is not None and (wave.impulse, wave.spent) == (2, 2)
    # impulse 2: O3 holds a Known armed enemy: the HW units beside it must go in (A25.233)
    assert [pos.label(h) for h in pos.legal_actions.moves_for(frozenset(stack(pos, "O2")))] == ["O3"]
    move(pos, f"move {','.join(stack(pos, 'P2'))} P2-O3")
    freed = pos.legal_actions.moves_for(frozenset(stack(pos, "O2")))
    assert sorted(pos.label(h) for h in freed) == ["N2", "O3"]
    move(pos, f"move {','.join(stack(pos, 'O2'))} O2-N2")
    move(pos, f"move {','.join(stack(pos, 'Q3'))} Q3-P3")
    move(pos, f"move {','.join(stack(pos, 'R3'))} R3-Q4")
    wave = pos.game.gstate(pos.state).hw
    assert wave is not None and (wave.impulse, wave.spent) == (3, 3)
    assert all(not pos.units[u].has("hw") for u in stack(pos, "O3"))  # started impulse 3 with the enemy
    assert pos.units["a-l"].has("hw_turn")  # morale +1 and Lax for the Player Turn all the same
    n2 = sorted(pos.label(h) for h in pos.legal_actions.moves_for(frozenset(stack(pos, "N2"))))
    assert "O3" not in n2 and n2 == ["M3", "N3"]  # A25.2322: O3 is beside O2


def test_a_unit_farther_from_the_row_gets_a_range_marker() -> None:
    """A25.2321: from P1 (on the row) to O2 (one hex off it) the range grows: a Range marker; it may not
    grow again while marked."""
    pos = position(russians(chain=("P1", "Q2", "R2")) + GERMANS)
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    move(pos, f"move {','.join(stack(pos, 'P1'))} P1-O2")
    assert all(pos.units[u].has("hw_range") for u in stack(pos, "O2"))


def test_hw_units_morale_pins_and_heat_of_battle() -> None:
    """A25.23: morale +1 this Player Turn unless broken; no pin; no Heat of Battle on a 2 (A15.1)."""
    pos = position(russians() + GERMANS)
    declare(pos)
    sq = pos.units["a-p10"]
    assert au.unit_morale(sq) == 8 and au.unit_morale(sq.mark("broken")) == 7
    assert not am.pinnable(sq)
    plain = sq.mark(remove=("hw", "hw_turn"))
    assert am.morale_check(plain, (1, 1)).hob and am.pinnable(plain)  # the same squad outside the wave
    assert not am.morale_check(sq, (1, 1)).hob


def test_no_hw_unit_carries_more_than_its_ipc() -> None:
    """A25.232: no carrying beyond the IPC in a Human Wave: the squad with a 4-PP HMG (IPC 3) is not lit
    and may not move until it drops it."""
    hmg = {"id": "a-hmg", "counter": "HMG", "side": "a", "hex": "P1", "carrier": "a-p10"}
    counters = {**ASL_COUNTERS, "HMG": {"type": "sw", "sw": "mg", "fp": 7, "range": 16, "rof": 3,
                                        "breakdown": 12, "pp": 4}}
    doc = scenario_dict("asl", [*russians(), *GERMANS, hmg], counters, "MPh", sides=SIDES)
    pos = get_game("asl").new_position(Scenario.from_dict(doc, source="test-scenario"),
                                       hex_map=small_map("asl", None, columns=20, rows=10))
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    with pytest.raises(IllegalAction, match=r"a-p10 carries more than its IPC.*\(A25.232\)"):
        pos.push_text("move a-p10,a-hmg P1-P2")


def test_no_search_in_a_human_wave() -> None:
    """A25.232: HW units do not Search (A12.152)."""
    pos = position([*russians(), *GERMANS])
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    with pytest.raises(IllegalAction, match=r"a HW unit does not Search \(A25.232\)"):
        pos.push_text("activate a-p10 for search")


def test_a_wounded_smc_spends_its_last_mf_as_a_minimum_move() -> None:
    """A25.232: a wounded SMC has 3 MF and holds back no other HW unit; with MF left for its next action but
    not for the impulse's, it spends them all on it as a Minimum Move (A4.134): pinned and CX. Impulse 1 costs
    2 (the woods at Q3); in impulse 2 the wounded 8-0 goes into O3 (woods: 2 MF, 4 > 3) with its squads."""
    units = [*russians(), *GERMANS]
    for u in units:
        if u["id"] == "a-l":
            u["markers"] = ["wounded"]
    pos = position(units, hexes={"Q3": "woods", "O3": "woods"})
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    for text in ("move a-o10,a-o11 O1-O2", "move a-l,a-p10,a-p11 P1-P2", "move a-q20,a-q21 Q2-Q3",
                 "move a-r20,a-r21 R2-R3"):
        move(pos, text)
    assert pos.game.gstate(pos.state).hw.spent == 2
    move(pos, "move a-l,a-p10,a-p11 P2-O3")
    leader = pos.units["a-l"]
    assert leader.has("pinned") and leader.has("cx") and not leader.has("hw")
    assert pos.units["a-p10"].has("hw") and not pos.units["a-p10"].has("pinned")


def test_first_fire_at_the_wave_comes_at_each_impulse_end_at_any_hw_unit() -> None:
    """D14.32 (A25.232: the HW units use impulse movement): First Fire at HW units is declared only at the
    end of each impulse, the wave being one stack. As in the A25.23 example, the German 4-6-7 in O3 lets the
    first stacks of impulse 1 go by unfired (no window opens as O2 and P2 are entered), and once the last
    stack has moved fires at O2, a Location entered earlier in the impulse, with FFNAM and FFMO (the
    example's -2 DRM); each firer has as many shots as the impulse's MF."""
    pos = position(russians() + GERMANS, hexes={"Q3": "woods"})
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    for text in ("move a-o10,a-o11 O1-O2", "move a-l,a-p10,a-p11 P1-P2", "move a-q20,a-q21 Q2-Q3"):
        pos.push_text(text)
        assert pos.decision is None  # no window mid-impulse
    with pytest.raises(IllegalAction, match=r"Defensive First Fire is at a moving unit"):
        pos.push_text("fire b-1 at O2 dice 6,6")
    pos.push_text("move a-r20,a-r21 R2-R3")
    top = pos.decision
    assert (top.kind, top.rule, top.side) == ("react", "D14.32", "b")
    assert asl_fire.shots_allowed(pos) == 2  # A9.2 by the impulse's 2 MF (the example's MMG fires again)
    pos.push_text("fire b-1 at O2 dice 6,6")
    labels = [str(line.label) for line in pos.last_resolution.lines]
    assert any("FFNAM" in label for label in labels) and any("FFMO" in label for label in labels)
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer dice 6,6")
    wave = pos.game.gstate(pos.state).hw
    assert wave is not None and (wave.impulse, wave.spent) == (2, 2)


def test_a_disrupted_enemy_entered_surrenders_at_the_impulse_end() -> None:
    """A25.233, A19.12: a HW stack enters R4, where a Disrupted German squad is; at the end of that impulse
    (not as it enters) the German surrenders: the Russians name the guard, who leaves the wave (A25.234);
    the other squad there goes on, no armed Known enemy being in its Location as the next impulse starts."""
    disrupted = {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "R4",
                 "markers": ["broken", "disrupted"]}
    pos = position([*russians(), *GERMANS, disrupted], hexes={"Q3": "woods"})
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    for text in ("move a-o10,a-o11 O1-O2", "move a-l,a-p10,a-p11 P1-P2", "move a-q20,a-q21 Q2-Q3",
                 "move a-r20,a-r21 R2-R3", "move a-r20,a-r21 R3-R4"):
        move(pos, text)
        assert pos.decision is None or pos.decision.then != "surrender"  # not as it enters
    for text in ("move a-l,a-p10,a-p11 P2-O3", "move a-o10,a-o11 O2-N2", "move a-q20,a-q21 Q3-P3"):
        move(pos, text)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule, top.subject) == ("surrender", "a", "A19.12",
                                                                               ("b-2",))
    assert set(top.units) == {"a-r20", "a-r21"}
    pos.push_text("answer units a-r20")
    while pos.decision is not None:
        pos.push_text(f"answer {pos.decision.choices[-1]}" if pos.decision.choices else "answer pass")
    assert pos.units["b-2"].has("prisoner") and pos.units["b-2"].carrier == "a-r20"
    assert not pos.units["a-r20"].has("hw")  # the guard is out of the wave (A25.234)
    assert pos.units["a-r21"].has("hw")  # its Location holds no armed Known enemy any more: it goes on
    assert "a-r21" in pos.game.gstate(pos.state).hw.units


def test_a25_233_unarmed_enemies_entered_are_fought_at_the_impulse_end() -> None:
    """A25.233 with A20.54: a HW stack enters R4, where an unarmed German unit is; the CC against it (at once
    in the MPh outside a wave, A20.54) waits for the end of that impulse, then starts in R4."""
    unarmed = {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "R4", "markers": ["unarmed"]}
    pos = position([*russians(), *GERMANS, unarmed], hexes={"Q3": "woods"})
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    for text in ("move a-o10,a-o11 O1-O2", "move a-l,a-p10,a-p11 P1-P2", "move a-q20,a-q21 Q2-Q3",
                 "move a-r20,a-r21 R2-R3", "move a-r20,a-r21 R3-R4",
                 "move a-l,a-p10,a-p11 P2-O3", "move a-o10,a-o11 O2-N2"):
        move(pos, text)
        assert pos.decision is None  # not as it enters R4
    move(pos, "move a-q20,a-q21 Q3-P3")  # the impulse's last move: it ends
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.rule == "A11.12"
    assert "R4" in top.prompt  # the CC in R4, the unarmed unit's Location


def test_what_spends_no_mf_is_done_in_any_impulse_and_nothing_else_spends_mf() -> None:
    """D14.31 (A25.232 applies it): an action that spends no MF is done in each impulse as usual: the squad
    too laden to move (a 4-PP HMG over its IPC of 3) drops it in impulse 1 (A4.43) and then enters its
    Location; after its move it may drop its LMG too. Smoke grenades (A24.1) spend MF: no HW unit places
    them (A25.232: no MF for any other reason)."""
    hmg = {"id": "a-hmg", "counter": "HMG", "side": "a", "hex": "P1", "carrier": "a-p10"}
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "P1", "carrier": "a-p11"}
    counters = {**ASL_COUNTERS,
                "HMG": {"type": "sw", "sw": "mg", "fp": 7, "range": 16, "rof": 3, "breakdown": 12, "pp": 4},
                "LMG": {"type": "sw", "sw": "mg", "fp": 3, "range": 8, "rof": 1, "breakdown": 12, "pp": 1}}
    doc = scenario_dict("asl", [*russians(), *GERMANS, hmg, lmg], counters, "MPh", sides=SIDES)
    pos = get_game("asl").new_position(Scenario.from_dict(doc, source="test-scenario"),
                                       hex_map=small_map("asl", None, columns=20, rows=10))
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    move(pos, "move a-o10,a-o11 O1-O2")
    with pytest.raises(IllegalAction, match=r"Human Wave: it spends MF only .*\(A25.232\)"):
        pos.push_text("smoke a-o10 at O2")
    pos.push_text("drop a-hmg")
    assert pos.units["a-hmg"].carrier is None
    move(pos, "move a-l,a-p10,a-p11,a-lmg P1-P2")
    pos.push_text("drop a-lmg")
    assert pos.units["a-lmg"].carrier is None and pos.label(pos.units["a-lmg"].hex) == "P2"
    assert pos.label(pos.units["a-p10"].hex) == "P2" and pos.units["a-p10"].has("hw")


def test_a25_233_two_locations_of_unarmed_enemies_entered_in_one_impulse_are_each_fought() -> None:
    """A25.233 with A20.54: in impulse 2 the wave enters R4 and N2, each with an unarmed German unit; at the
    impulse's end both CC are fought in the MPh, one after the other, the Russian (ATTACKER) picking the
    order (A11.12): R4 first, then N2 (not left for the CCPh)."""
    unarmed = [{"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "R4", "markers": ["unarmed"]},
               {"id": "b-3", "counter": "4-6-7", "side": "b", "hex": "N2", "markers": ["unarmed"]}]
    pos = position([*russians(), *GERMANS, *unarmed], hexes={"Q3": "woods"})
    declare(pos)
    pos.push_text("answer hexspine-p1-p2-o3-o4-n4")
    for text in ("move a-o10,a-o11 O1-O2", "move a-l,a-p10,a-p11 P1-P2", "move a-q20,a-q21 Q2-Q3",
                 "move a-r20,a-r21 R2-R3", "move a-r20,a-r21 R3-R4",
                 "move a-l,a-p10,a-p11 P2-O3", "move a-o10,a-o11 O2-N2", "move a-q20,a-q21 Q3-P3"):
        move(pos, text)
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.side) == ("cc_location", "A11.12", "a")
    assert sorted(pos.label(h) for h in top.hexes) == ["N2", "R4"]
    pos.push_text("answer hex R4")
    for text in ("answer together", "answer together", "answer dice 1,1", "answer dice 6", "answer stay",
                 "answer dice 6,6", "answer stay"):  # the Russians' CC DR 2 eliminates it (dr 6: no Leader
        pos.push_text(text)  # Creation); its own (simultaneous, A11.1) 12 kills no one (A11.22: they stay)
    assert "b-2" not in pos.units
    top = pos.decision
    assert top is not None and top.then == "cc_group" and "N2" in top.prompt  # the second Location's CC
    assert pos.phase.id == "MPh"


@pytest.mark.parametrize("side", [{"id": "a", "name": "Ethiopians", "nationality": "ethiopian"},
                                  {"id": "a", "name": "Poles (as Russians)", "nationality": "russian"}])
def test_a25_933_ethiopians_and_a25_92_an_allied_minor_given_as_russians_make_a_human_wave(
        side: dict[str, str]) -> None:
    """A25.933: Ethiopians make a Human Wave as the Russians do; A25.92: an Allied Minor OB given as Russian
    takes the Russian rules, so the same chain is offered its Human Wave (and, as Germans above, refused)."""
    pos = position(russians() + GERMANS, [side, SIDES[1]])
    assert declare(pos).startswith("activate a-")
    assert all(u.has("hw") for u in pos.units.values() if u.side == "a")
