"""ASL movement (A4, A5): MF allowances, terrain costs, enemy Locations, stacking, and a perft-style count of
legal moves checked against an independent brute-force walk of every path."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.games.asl import edgeexit
from hexmate.rules.games.asl.game import overstack_mf, squad_equivalents
from hexmate.rules.games.base import UnitState
from hexmate.rules.hexes import Hex, distance
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import CounterType
from hexmate.rules.terrain import load_terrain

from tests.rules.games.conftest import ASL_COUNTERS

SQUAD = {"counter": "4-6-7", "side": "a"}


def _unit(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _moves(pos: Any, *ids: str) -> dict[str, Any]:
    """The moves of the plain allowance (the page also offers Double Time, ``cx``, beyond them: A4.5)."""
    moves = pos.legal_actions.moves_for(frozenset(ids))
    return {pos.map.label(h): m for h, m in moves.items() if m.mode != "cx"}


def test_open_ground_reach_is_a_hex_disc_of_radius_4(make_position: Any) -> None:
    pos = make_position("asl", [_unit("a-1", "F4")], "MPh")
    moves = _moves(pos, "a-1")
    start = pos.map.parse_label("F4")
    expected = {pos.map.label(h) for h in pos.map.hexes if 0 < distance(start, h) <= 4}
    assert set(moves) == expected  # A4.11: 4 MF, 1 MF per Open Ground hex (A4.4)
    assert all(m.cost == distance(start, m.path[-1]) for m in moves.values())


def test_leader_bonus_and_smc_allowance(make_position: Any) -> None:
    pos = make_position("asl", [_unit("a-1", "F4"), _unit("a-91", "F4", "9-1")], "MPh")
    assert max(m.cost for m in _moves(pos, "a-1").values()) == 4  # A4.11 MMC 4 MF
    assert max(m.cost for m in _moves(pos, "a-91").values()) == 6  # A4.11 SMC 6 MF
    assert max(m.cost for m in _moves(pos, "a-1", "a-91").values()) == 6  # A4.12 +2 MF with the leader


def _with_leaders() -> dict[str, Any]:
    from hexmate.rules.games.asl import units as au

    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    for nat in ("american", "german", "ss"):
        counters[f"9-1{nat}"] = {**counters["9-1"], "nationality": nat}
    return counters


@pytest.mark.parametrize(("squad", "leader", "mf"), [
    ("6-4-8", "9-1american", 4),  # a British squad, an American leader: not his nationality, no bonus
    ("4-6-7", "9-1german", 6),
    ("4-6-7", "9-1ss", 6),  # SS are German (A25.11): same nationality
    ("6-5-8", "9-1german", 6),
    ("4-6-7", "9-1", 6),  # a leader naming no nationality fights as his side's (the stack's)
])
def test_a4_12_the_leader_bonus_only_for_mmc_of_his_nationality(
        make_position: Any, squad: str, leader: str, mf: int) -> None:
    pos = make_position("asl", [_unit("a-1", "F4", squad), _unit("a-l", "F4", leader)], "MPh",
                        counters=_with_leaders())
    assert max(m.cost for m in _moves(pos, "a-1", "a-l").values()) == mf  # A4.11 4 MF, A4.12 +2 MF


def test_terrain_costs(make_position: Any) -> None:
    """A4.13: infantry moving hex to hex pays the MF of the terrain in the hex it enters (the Terrain Chart's
    infantry column: here the terrain table's)."""
    hexes = {"F3": "woods", "G4": {"terrain": "woods", "level": 1}, "E4": "stone-building"}
    sides = [{"hex": "F5", "side": "N", "features": ["wall"]}]
    pos = make_position("asl", [_unit("a-1", "F4")], "MPh", hexes=hexes, hexsides=sides)
    moves = _moves(pos, "a-1")
    assert moves["F3"].cost == 2  # woods 2 MF (A4.4)
    assert moves["E4"].cost == 2  # building 2 MF
    assert moves["G4"].cost == 4  # woods one level up: doubled (A4.133)
    assert moves["F5"].cost == 2  # Open Ground across a wall: 1 + 1 (A4.31 example)


def test_a2_4_example_building_in_woods_is_4_mf_and_plus_3() -> None:
    """A2.4: several terrains in one hex add up: the example's building in woods (2I9) costs infantry 4 MF
    and gives +3 to a small-arms fire DR; the table's woods and building entries sum to those numbers (the
    building's +2 is taken from this example)."""
    table = load_terrain(Path(__file__).parents[4] / "rules" / "games" / "asl" / "terrain.json")
    woods, building = table.entry("woods"), table.entry("wooden-building")
    assert woods.move.value + building.move.value == 4
    assert woods.tem.value + building.tem.value == 3


def test_a4_131_a_hexside_costs_its_mf_on_top_of_the_hex_entered(make_position: Any) -> None:
    """A4.131: crossing a wall (1 MF, the A4.31 example) into woods (2 MF) costs 3 MF; the same woods entered
    by another hexside cost their 2."""
    hexes = {"F5": "woods", "G5": "woods"}
    sides = [{"hex": "F5", "side": "N", "features": ["wall"]}]
    pos = make_position("asl", [_unit("a-1", "F4")], "MPh", hexes=hexes, hexsides=sides)
    moves = _moves(pos, "a-1")
    assert moves["F5"].cost == 3 and len(moves["F5"].path) == 2  # woods 2 + wall 1
    assert moves["G5"].cost == 2


def test_enemy_locations_known_and_concealed(make_position: Any) -> None:
    units = [
        _unit("a-1", "F4"),
        _unit("b-1", "F3", "4-4-7", "b"),
        _unit("b-2", "G4", "4-4-7", "b", concealed=True),
    ]
    pos = make_position("asl", units, "MPh")
    moves = _moves(pos, "a-1")
    assert "F3" not in moves  # A4.14: no entry into a known enemy Location in the MPh
    assert "G4" in moves  # a concealed enemy does not show on the move display (A12.15, hidden information)
    with pytest.raises(IllegalAction, match=r"A4.14"):
        pos.push(act.Move(("a-1",), (pos.map.parse_label("F4"), pos.map.parse_label("F3"))))


def test_overstack_costs_match_the_a5_11_example(make_position: Any) -> None:
    # A5.11: the building holds 2 squads and a crew; one more squad entering pays 2 + 1 MF.
    units = [_unit("a-s1", "F5"), _unit("a-s2", "F5"), _unit("a-c", "F5", "2-2-8"), _unit("a-x", "F4")]
    pos = make_position("asl", units, "MPh", hexes={"F5": "wooden-building"})
    assert _moves(pos, "a-x")["F5"].cost == 3
    here = [pos.units[u] for u in ("a-s1", "a-s2", "a-c", "a-x")]
    assert overstack_mf(here) == 1
    second = [*here, pos.units["a-x"]]  # a second squad on top: 1 1/2 over -> 2 (A5.11 example)
    assert overstack_mf(second) == 2


def test_minimum_move_and_its_pin(make_position: Any) -> None:
    hexes = {"F3": {"terrain": "woods", "level": 1}}
    sides = [{"hex": "F4", "side": "N", "features": ["wall"]}]
    pos = make_position("asl", [_unit("a-1", "F4")], "MPh", hexes=hexes, hexsides=sides)
    move = _moves(pos, "a-1")["F3"]
    assert move.cost == 5 and len(move.path) == 2  # 4 (woods up a level) + 1 (wall): only a Minimum Move
    pos.push(move)
    assert pos.units["a-1"].has("pinned") and pos.units["a-1"].has("cx")  # A4.134


def test_a_unit_may_not_move_again_after_another_moved(make_position: Any) -> None:
    pos = make_position("asl", [_unit("a-1", "F4"), _unit("a-2", "F6")], "MPh")
    pos.push_text("move a-1 F4-F3")
    pos.push_text("move a-2 F6-F7")
    with pytest.raises(IllegalAction, match=r"A4.2"):
        pos.push_text("move a-1 F3-F2")
    assert _moves(pos, "a-1") == {}


def test_broken_units_and_wrong_phase(make_position: Any) -> None:
    pos = make_position("asl", [_unit("a-1", "F4", markers=["broken"]), _unit("a-2", "F6")], "MPh")
    with pytest.raises(IllegalAction, match="broken"):
        pos.push_text("move a-1 F4-F3")
    pos.push_text("end")
    with pytest.raises(IllegalAction, match=r"move is not an action of the Defensive Fire Phase \(A3.4\)"):
        pos.push_text("move a-2 F6-F5")


def test_advance_phase_one_hex_even_into_the_enemy(make_position: Any) -> None:
    units = [_unit("a-1", "F4"), _unit("b-1", "F3", "4-4-7", "b")]
    pos = make_position("asl", units, "APh")
    advances = {a.text(pos.map.label) for a in pos.legal_actions if isinstance(a, act.Advance)}
    assert "advance a-1 F4-F3 cost 0" in advances and len(advances) == 6  # A4.7
    with pytest.raises(IllegalAction, match=r"A4.7"):
        pos.push_text("advance a-1 F4-F3-F2")


# --- perft: legal move counts against an independent brute force ---------------------------------------

# The numbers come straight from the terrain table's JSON (rules-geo's data), read here without its code.
_TABLE = json.loads((Path(get_game("asl").data_dir) / "terrain.json").read_text())
TERRAIN_MF = {name: Fraction(str(e["move"]["value"])) for name, e in _TABLE["terrain"].items()}
HEXSIDE_MF = {name: Fraction(str(e["move"]["value"])) for name, e in _TABLE["hexside"].items()
              if "move" in e and e["move"]["value"] is not None}
# A null move value bars the hexside (cliffs, A10.51).
HEXSIDE_BARRED = {name for name, e in _TABLE["hexside"].items() if "move" in e and e["move"]["value"] is None}


def _brute_force(
    m: HexMap, start: Hex, budget: int, blocked: set[Hex], extra: dict[Hex, int]
) -> dict[Hex, int]:
    """Every simple path by depth-first search, costs from the A4.4 digest table; cheapest per destination.

    Independent of the engine: no Dijkstra, no shared cost function. Overstack MF come in as a per-hex extra.
    """
    best: dict[Hex, Fraction] = {}

    def step_cost(a: Hex, b: Hex) -> Fraction:
        cost = TERRAIN_MF[m.terrain(b)]
        if m.level(b) > m.level(a):
            cost *= 2  # A4.133
        cost += sum(HEXSIDE_MF.get(f, 0) for f in m.hexside(a, b))
        return cost + extra.get(b, 0)

    def walk(h: Hex, spent: Fraction, seen: set[Hex]) -> None:
        for n in m.neighbors(h):
            if n in seen or n in blocked or m.hexside(h, n) & HEXSIDE_BARRED:
                continue
            c = spent + step_cost(h, n)
            if c <= budget:
                if c < best.get(n, Fraction(10**9)):
                    best[n] = c
                walk(n, c, seen | {n})

    walk(start, Fraction(0), {start})
    for n in m.neighbors(start):  # A4.134 Minimum Move
        if n not in best and n not in blocked and not m.hexside(start, n) & HEXSIDE_BARRED:
            best[n] = step_cost(start, n)
    return best


PERFT_HEXES = {
    "D3": "woods",
    "E3": {"terrain": "woods", "level": 1},
    "E4": {"level": 1},
    "F2": "stone-building",
    "G5": "grain",
    "D5": "orchard",
    "C4": {"terrain": "wooden-building", "level": 1},
}
PERFT_SIDES = [
    {"hex": "E5", "side": "N", "features": ["wall"]},
    {"hex": "F4", "side": "SE", "features": ["hedge"]},
]
PERFT_UNITS = [
    _unit("a-1", "E5"),
    _unit("a-2", "E5"),
    _unit("a-91", "E5", "9-1"),
    _unit("a-3", "G3"),
    _unit("b-1", "F4", "4-4-7", "b"),
    _unit("b-2", "D4", "4-4-7", "b", concealed=True),
]


def test_perft_move_count_matches_brute_force(make_position: Any) -> None:
    pos = make_position("asl", PERFT_UNITS, "MPh", hexes=PERFT_HEXES, hexsides=PERFT_SIDES)
    m = pos.map
    known_enemy = {pos.units["b-1"].hex}
    groups = [("a-1",), ("a-2",), ("a-91",), ("a-1", "a-2", "a-91"), ("a-3",)]
    expected_total = 0
    for ids in groups:
        units = [pos.units[u] for u in ids]
        start = units[0].hex
        assert start is not None
        leader = any(u.type == "leader" for u in units)
        budget = min((6 if u.type == "leader" else 4 + (2 if leader else 0)) for u in units)
        extra = {}
        for h in m.hexes:  # overstack MF for the moving group joining friends already there (A5.11)
            friends = [u for u in pos.units.values() if u.hex == h and u.side == "a" and u.id not in ids]
            extra[h] = overstack_mf(friends + units) - overstack_mf(friends)
        brute = _brute_force(m, start, budget, {h for h in known_enemy if h is not None}, extra)
        engine = pos.legal_actions.moves_for(frozenset(ids))
        assert {h: mv.cost for h, mv in engine.items() if mv.mode != "cx"} == brute, ids
        dt = min(budget + 2, 8)  # A4.5: Double Time, offered for the hexes only it reaches
        far = _brute_force(m, start, dt, {h for h in known_enemy if h is not None}, extra)
        assert {h: mv.cost for h, mv in engine.items() if mv.mode == "cx"} == \
            {h: c for h, c in far.items() if h not in brute}, ids
        expected_total += len(far)
        for exit_move in [a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode == "exit"
                          and set(a.units) == set(ids)]:
            last = exit_move.path[-1]  # A2.6: off an edge hex the plain move reaches, the mirror image paid
            assert edgeexit.on_edge(m, last) and exit_move.cost is not None
            assert brute[last] + 1 <= exit_move.cost <= budget, ids
    moves = [a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode != "exit"]
    exits = [a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode == "exit"]
    assert len(moves) == expected_total and exits
    assert pos.legal_actions.count() == expected_total + len(exits) + 1  # plus "end"
    assert all(mv in pos.legal_actions for mv in moves)


def test_demo_scenario_perft_is_stable_and_consistent() -> None:
    from hexmate.rules.games import get_game

    game = get_game("asl")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    moves = [a for a in pos.legal_actions if isinstance(a, act.Move) and a.mode != "exit"]  # A2.6's apart
    by_group: dict[tuple[str, ...], int] = {}
    for mv in moves:
        by_group[mv.units] = by_group.get(mv.units, 0) + 1
    for ids, n in by_group.items():
        assert len(pos.legal_actions.moves_for(frozenset(ids))) == n
    assert all(isinstance(m.cost, int | Fraction) for m in moves)
    # each German squad alone in open/woods country reaches at least its six neighbours
    # (a squad alone: with the SW it possesses, which moves with it, A4.43)
    alone = {ids[0]: n for ids, n in by_group.items() if all(pos.units[i].type == "sw" for i in ids[1:])}
    assert all(alone[u] >= 6 for u in ("ger-sq3", "ger-sq5", "ger-sq6"))


@pytest.mark.parametrize(("side", "leader", "mf"), [
    ("british", "9-1american", 4),  # the squad names none: it is its side's, British; an American leader
    ("american", "9-1american", 6),  # the squad names none, its side is American: his nationality
    ("german", "9-1ss", 6),  # SS are German (A25.11)
    ("", "9-1american", 6),  # neither the squad nor its side names one: taken to match him
])
def test_a4_12_a_counter_naming_no_nationality_is_its_sides(
        make_position: Any, side: str, leader: str, mf: int) -> None:
    sides = [{"id": "a", "name": "A", **({"nationality": side} if side else {})}, {"id": "b", "name": "B"}]
    counters = _with_leaders()
    counters["4-6-7x"] = {k: v for k, v in counters["4-6-7"].items() if k != "nationality"}  # names none
    pos = make_position("asl", [_unit("a-1", "F4", "4-6-7x"), _unit("a-l", "F4", leader)], "MPh",
                        counters=counters, sides=sides)
    assert max(m.cost for m in _moves(pos, "a-1", "a-l").values()) == mf  # A4.11 4 MF, A4.12 +2 MF
    if mf == 4:
        with pytest.raises(IllegalAction, match=r"A4\."):
            pos.push_text("move a-1,a-l F4-F3-F2-F1-G1-H1")  # 5 hexes of Open Ground: 5 MF


def _counted(*kinds: str) -> list[UnitState]:
    return [UnitState(f"u{i}", "a", CounterType(k, k, {}), None) for i, k in enumerate(kinds)]


def test_a5_5_squad_equivalents_count_a_hero_among_the_smc() -> None:
    """A5.5: two HS or crews make a squad; up to four SMC count nothing, five make a HS (1/2). A hero is an
    SMC (A1.11) as a leader is: four leaders and a hero are five SMC, 1/2, and with three squads they
    overstack by 1/2 (+1 MF, A5.11, FRU)."""
    assert squad_equivalents(_counted("squad", "hs", "hs", "crew")) == Fraction(5, 2)
    assert squad_equivalents(_counted(*["leader"] * 4)) == 0
    assert squad_equivalents(_counted(*["leader"] * 5)) == Fraction(1, 2)
    assert squad_equivalents(_counted(*["leader"] * 4, "hero")) == Fraction(1, 2)
    assert overstack_mf(_counted("squad", "squad", "squad", *["leader"] * 4, "hero")) == 1


def test_a4_11_a_hero_is_an_smc_with_6_mf(make_position: Any) -> None:
    """A4.11 with A1.11: a Good Order SMC has 6 MF, a hero as a leader; a squad 4."""
    units = [_unit("a-h", "C1", "1-4-9"), _unit("a-l", "D1", "8-0"), _unit("a-s", "E1")]
    counters = {**ASL_COUNTERS, "1-4-9": {"type": "hero", "fp": 1, "range": 4, "morale": 9,
                                             "broken_morale": 9}}
    pos = make_position("asl", units, "MPh", counters=counters)
    assert [pos.game.mf(pos.units[u]) for u in ("a-h", "a-l", "a-s")] == [6, 6, 4]


A4_12 = [_unit("a-1", "C4"), _unit("a-l", "B4", "9-1"), _unit("a-2", "F4"), _unit("a-l2", "F4", "9-1"),
         _unit("b-1", "K8", side="b")]


def _a4_12_budget(pos: Any, ids: list[str]) -> int:
    return int(pos.game.group_budget([pos.units[u] for u in ids], "", pos.state, position=pos))


def test_a4_12_the_leader_bonus_only_from_the_start_of_the_mph(make_position: Any) -> None:
    """A4.12: a Good Order squad has 4 MF alone, 6 moving with a leader of its nationality stacked with it as
    the MPh began; a leader who came into its Location during the MPh (B4 to C4) gives no bonus: 4."""
    pos = make_position("asl", A4_12, "MPh")
    assert _a4_12_budget(pos, ["a-1"]) == 4
    assert _a4_12_budget(pos, ["a-2", "a-l2"]) == 6
    pos.push_text("move a-l B4-C4")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert _a4_12_budget(pos, ["a-1", "a-l"]) == 4
    assert _a4_12_budget(pos, ["a-2", "a-l2"]) == 6


def test_a4_12_stacked_as_the_next_mph_begins_he_gives_it(make_position: Any) -> None:
    """The leader joined the squad in one MPh; at the next MPh's start they are one stack: 6 MF (A4.12)."""
    pos = make_position("asl", A4_12, "MPh")
    pos.push_text("move a-l B4-C4")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.game.gstate(pos.state).began  # the MPh's start Locations are kept (AslState.began)
    state = pos.state.replace(game=pos.game.gstate(pos.state).replace(began=()))  # a new phase: none kept
    pos2 = pos.at(state)
    assert _a4_12_budget(pos2, ["a-1", "a-l"]) == 6
