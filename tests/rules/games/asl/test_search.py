"""ASL Search, Mopping Up and Search Casualties (A12.152-A12.154), and HIP or "?" given up at will (A12.14,
A12.32), played through the game (search.py): who may, when, the dr and its drm, the hexes searched, what is
revealed, the Casualty dr and its Casualty Reduction. T-12.153 (board 1's building G6: F5, F6, G6) is the
text's own hexes on the test board. Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import hip, search
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


# --- A12.14, A12.32: giving up HIP or a "?" -----------------------------------------------------------------


def _hip_game(make_position: Any, phase: str = "PFPh") -> Any:
    units = [_u("a-1", "B6"), _u("b-1", "H1", "4-4-7r", "b"), _u("b-hip", "H2", "6-2-8", "b")]
    pos = make_position("asl", units, phase, counters=COUNTERS, hexes={"G3": "woods"},
                        options={"hip": {"b": {"units": ["b-hip"]}}})
    pos.push_text("answer hex G3")
    return pos


def test_a_hip_unit_drops_to_a_concealed_unit_and_is_listed_to_its_owner_only(make_position: Any) -> None:
    """A12.32: at any time, even in the enemy's Player Turn, a HIP unit may be placed under a "?"."""
    pos = _hip_game(make_position)
    drop = pos.parse_action("activate b-hip for conceal")
    assert drop in list(pos.legal_actions) and pos.game.secret_of(pos, drop) == "b"
    pos.push(drop)
    unit = pos.units["b-hip"]
    assert pos.label(unit.hex) == "G3" and unit.concealed and not unit.has("hip") and hip.hidden(pos) == {}
    assert pos.game.sealed_units(pos) == {"b-hip": "b"}  # still only a "?" to the enemy (A12.11)
    with pytest.raises(IllegalAction, match=r"\(A12\.32\)"):  # HIP is never regained (A12.31)
        pos.push_text("activate b-hip for conceal")
    pos.push_text("activate b-hip for reveal")  # A12.14: a "?" given up at will
    assert not pos.units["b-hip"].concealed


def test_a_hip_unit_dropped_fully_known_and_a_dummy_giving_up_its_concealment_is_removed(
        make_position: Any) -> None:
    pos = _hip_game(make_position, "MPh")
    pos.push_text("activate b-hip for reveal")  # A12.32, A12.31: placed Known
    unit = pos.units["b-hip"]
    assert pos.label(unit.hex) == "G3" and not unit.concealed
    dummy = make_position("asl", [_u("a-1", "B6"), _u("b-d", "H2", "?", "b", concealed=True)], "DFPh",
                          counters={**COUNTERS, "?": {"type": "dummy"}})
    dummy.push_text("activate b-d for reveal")
    assert "b-d" not in dummy.units
    with pytest.raises(IllegalAction, match=r"neither HIP nor concealed \(A12\.14\)"):
        dummy.push_text("activate a-1 for reveal")


# --- A12.152: Search ---------------------------------------------------------------------------------------


def _search_game(make_position: Any, extra: list[dict[str, Any]] | None = None) -> Any:
    """a-1 (4-6-7) and a-81 (8-1) in C4; woods C5 holds a concealed 4-4-7; b-hip is set up in woods D4."""
    units = [_u("a-1", "C3"), _u("a-81", "C3", "8-1"), _u("b-c5", "C5", "4-4-7r", "b", concealed=True),
             _u("b-hip", "H1", "6-2-8", "b"), *(extra or [])]
    pos = make_position("asl", units, "MPh", counters=COUNTERS,
                        hexes={"C5": "woods", "D4": "woods", "B4": "woods", "D5": "woods"},
                        options={"hip": {"b": {"units": ["b-hip"]}}})
    pos.push_text("answer hex D4")
    return pos


def test_search_after_a_move_reveals_the_searched_hexes_and_makes_searchers_ti(make_position: Any) -> None:
    """A12.152: the stack that has just moved spends 1 MF more; dr 3, -1 for the second HS-equivalent of the
    squad, -1 for the 8-1: Final 1, so one Accessible hex stays unsearched, named by the searcher."""
    pos = _search_game(make_position)
    pos.push_text("move a-1,a-81 C3-C4")
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.parse_action("activate a-1,a-81 for search") in list(pos.legal_actions)
    pos.push_text("activate a-1,a-81 for search")
    top = pos.decision
    assert (top.then, top.dice, top.rule, top.arg("drm")) == ("search", "dr", "A12.152", "-2")
    assert pos.units["a-1"].has("ti") and pos.units["a-81"].has("ti")  # TI for the Player Turn (A4.8)
    pos.push_text("answer dice 3")
    top = pos.decision
    assert top.then == "search_skip" and pos.map.parse_label("C4") not in top.hexes  # never its own hex
    assert len(top.hexes) == 6  # C4's six neighbours are all Accessible
    pos.push_text("answer hex B4")  # left unsearched
    # C5's "?" is lost; the HIP 6-2-8 of D4 is placed there under a "?" (A12.152)
    assert not pos.units["b-c5"].concealed
    hidden = pos.units["b-hip"]
    assert pos.label(hidden.hex) == "D4" and hidden.concealed and hip.hidden(pos) == {}
    top = pos.decision  # A12.154: armed Good Order units there: b may roll a Search Casualty dr
    assert (top.then, top.side, top.choices) == ("search_casualty", "b", ("decline",))
    # the concealed 4-4-7 and 6-2-8 at the search dr: 4 HS-equivalents, -1 for each beyond the first
    assert top.arg("drm") == "-3"
    pos.push_text("answer dice 4")  # 4 - 3 = 1: Casualty Reduction
    assert pos.decision is not None and pos.decision.then == "search_cr"
    pos.push_text("answer units a-1")  # Random Selection picks the squad: Casualty Reduction to its HS
    assert pos.units["a-1"].name == "2-4-7" and pos.units["a-1"].has("ti")
    top = pos.decision  # A8.12: the search's MF in C4, the Search Casualty over, is open to First Fire
    assert (top.kind, top.side, top.rule, top.subject) == ("react", "b", "A8.12", ("a-1", "a-81"))
    pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"TI"):  # A4.8: no more movement for it
        pos.push_text("move a-1,a-81 C4-C5")


def test_search_refused_for_assault_movers_pinned_units_and_without_a_mf_left(make_position: Any) -> None:
    pos = _search_game(make_position, extra=[_u("a-2", "F3"), _u("a-3", "G3"), _u("a-4", "E3")])
    pos.push_text("move a-2 F3-F4 as assault")
    while pos.decision is not None:
        pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"Assault Moving may not search \(A12\.152\)"):
        pos.push_text("activate a-2 for search")
    pos.push_text("move a-4 E3-E4")  # 1 MF: 3 left, but another stack moves after it
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("move a-3 G3-G4-G5-G6-G7")  # all 4 MF spent
    while pos.decision is not None:
        pos.push_text("answer pass")
    with pytest.raises(IllegalAction, match=r"no MF left for it \(A12\.152\)"):
        pos.push_text("activate a-3 for search")
    with pytest.raises(IllegalAction, match=r"no MF left for it"):  # a-4 moved, but not last (A4.2)
        pos.push_text("activate a-4 for search")
    with pytest.raises(IllegalAction, match=r"needs an MMC"):
        pos.push_text("activate a-81 for search")


def test_search_in_place_by_a_stack_that_has_not_moved(make_position: Any) -> None:
    """A12.152: a dr of 6 with no drm leaves every Accessible hex but its own unsearched: only C3 is searched;
    the searchers find nothing there and no Casualty dr follows."""
    pos = _search_game(make_position)
    pos.push_text("activate a-1 for search")
    pos.push_text("answer dice 6")  # -1 (the squad's second HS-equivalent): 5 of 6 neighbours skipped
    skipped = 0
    while pos.decision is not None and pos.decision.then == "search_skip":
        pos.push_text(f"answer hex {pos.label(pos.decision.hexes[0])}")
        skipped += 1
    assert skipped == 5
    assert (pos.decision.kind, pos.decision.rule) == ("react", "A8.12")  # the concealed 4-4-7 in C5 sees it
    pos.push_text("answer pass")
    assert pos.decision is None and pos.state.moving is None
    assert pos.units["b-c5"].concealed and hip.hidden(pos) == {"b-hip": "b"}


# --- A12.153, A12.154: Mopping Up ---------------------------------------------------------------------------


def _g6(make_position: Any, with_hip: bool = True) -> Any:
    """T-12.153: building G6 of board 1 as F5, F6 and G6 of the test board (a stone building, F6 with a level
    1); German squads at ground level in F5 and F6, a broken Soviet squad at level 1 of F6; a Soviet 9-1 and a
    squad HIP in G6."""
    units = [_u("ger-f5", "F5"), _u("ger-f6", "F6"),
             _u("rus-brk", "F6", "4-4-7r", "b", level=1, markers=["broken"]),
             _u("rus-91", "A1", "9-1", "b"), _u("rus-sq", "A2", "4-4-7r", "b")]
    hexes = {"F5": "stone-building", "G6": "stone-building",
             "F6": {"terrain": "stone-building", "features": ["building-level-1", "stairway"]}}
    hips = {"hip": {"b": {"units": ["rus-91", "rus-sq"]}}} if with_hip else {}
    if not with_hip:
        units = units[:3]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes=hexes, options=hips)
    while pos.decision is not None:
        pos.push_text("answer hex G6")
    return pos


def test_t12_153_mopping_up_brings_the_hip_units_out_under_concealment_and_no_surrender(
        make_position: Any) -> None:
    """T-12.153 (A12.153, A12.154): F5 declares Mopping Up: the HIP 9-1 and squad appear under "?" in G6, so
    the broken Soviet unit need not surrender; the Soviet Search Casualty dr has -2 (-1 leader, -1 the extra
    HS): an Original dr of 3 or less makes the TI German squad a HS."""
    pos = _g6(make_position)
    act = pos.parse_action("activate ger-f5 for mop-up")
    assert act in list(pos.legal_actions)
    pos.push(act)
    assert pos.units["ger-f5"].has("ti")
    for uid in ("rus-91", "rus-sq"):
        unit = pos.units[uid]
        assert pos.label(unit.hex) == "G6" and unit.concealed
    assert pos.units["rus-brk"].has("broken") and not pos.units["rus-brk"].has("prisoner")
    top = pos.decision
    assert (top.then, top.side, top.arg("drm")) == ("search_casualty", "b", "-2")
    pos.push_text("answer dice 3")  # 3 - 2 = 1
    pos.push_text("answer units ger-f5")
    assert pos.units["ger-f5"].name == "2-4-7"
    with pytest.raises(IllegalAction, match=r"once per Player Turn \(A12\.153\)"):
        pos.push_text("activate ger-f6 for mop-up")


def test_t12_153_with_no_hip_units_the_broken_unit_surrenders(make_position: Any) -> None:
    """T-12.153: "had there been no HIP units, the broken Soviet squad would surrender": the building is
    secured and the German player names the guard (A20.23 sends capture by Mopping Up to A12.153)."""
    pos = _g6(make_position, with_hip=False)
    pos.push_text("activate ger-f5 for mop-up")
    top = pos.decision
    assert (top.then, top.rule, top.subject, top.units) == ("surrender", "A12.153", ("rus-brk",),
                                                            ("ger-f5", "ger-f6"))
    pos.push_text("answer units ger-f6")
    assert pos.units["rus-brk"].has("prisoner") and pos.units["rus-brk"].carrier == "ger-f6"


def test_mopping_up_refused_out_of_reach_or_with_a_known_enemy(make_position: Any) -> None:
    units = [_u("a-1", "B2"), _u("b-1", "C7", "4-4-7r", "b")]
    row = {f"{c}2": "stone-building" for c in "BCDEF"}
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, hexes=row)
    with pytest.raises(IllegalAction, match=r"more than 2 hexes from every mopping unit"):
        pos.push_text("activate a-1 for mop-up")
    known = make_position("asl", [_u("a-1", "B2"), _u("b-1", "C2", "4-4-7r", "b")], "PFPh",
                          counters=COUNTERS, hexes={"B2": "stone-building", "C2": "stone-building"})
    with pytest.raises(IllegalAction, match=r"known unbroken enemy"):
        known.push_text("activate a-1 for mop-up")
    single = make_position("asl", units, "PFPh", counters=COUNTERS, hexes={"B2": "stone-building"})
    with pytest.raises(IllegalAction, match=r"more than one hex or level"):
        single.push_text("activate a-1 for mop-up")
    assert search.building_of(pos, pos.map.parse_label("D2")) == frozenset(
        pos.map.parse_label(f"{c}2") for c in "BCDEF")


def test_the_searchers_questions_do_not_depend_on_where_hip_units_are(make_position: Any) -> None:
    """Leak discipline (A12.3): the Search dr's prompt and drm and the hexes offered to leave unsearched are
    the same whether a HIP unit is set up next to the searchers or far off."""
    asked = []
    for where in ("D4", "H1"):
        units = [_u("a-1", "C3"), _u("b-hip", "K1", "6-2-8", "b")]
        pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"D4": "woods", "H1": "woods"},
                            options={"hip": {"b": {"units": ["b-hip"]}}})
        pos.push_text(f"answer hex {where}")
        pos.push_text("move a-1 C3-C4")
        while pos.decision is not None:
            pos.push_text("answer pass")
        pos.push_text("activate a-1 for search")
        search_dr = (str(pos.decision.prompt), pos.decision.args)
        pos.push_text("answer dice 4")
        asked.append((search_dr, str(pos.decision.prompt), pos.decision.hexes))
        assert "b-hip" not in str(pos.decision.prompt)
    assert asked[0] == asked[1]


def test_the_search_and_casualty_drms_of_each_kind_of_unit() -> None:
    """A12.152: -1 stealthy, -1 per HS-equivalent beyond the first, the best leader, +1 Lax, +1 CX (each);
    A12.154: the same from the concealed defenders, but a leader alone gives nothing (A10.7) and CX does not
    count."""
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.scenario import CounterType

    def unit(uid: str, kind: str, *markers: str, **values: Any) -> UnitState:
        return UnitState(uid, "a", CounterType(uid, kind, values), None, markers=frozenset(markers))

    hs_stealthy = unit("hs", "hs", "stealthy")
    squad_lax_cx = unit("sq", "squad", "lax", "cx")
    leader = unit("ldr", "leader", leadership=-2)
    drm, parts = search.search_drm([hs_stealthy, squad_lax_cx, leader])
    assert drm == -1 - 2 - 2 + 1 + 1 and len(parts) == 5
    assert search.search_drm([unit("hs2", "hs")])[0] == 0
    assert search.casualty_drm([leader]) == 0  # a leader alone: no leadership (A10.7)
    assert search.casualty_drm([leader, hs_stealthy, squad_lax_cx]) == -2 - 1 - 2 + 1


def test_a_concealed_stack_searching_is_named_to_nobody_else(make_position: Any) -> None:
    """A12.11: a stack under a "?" may search (out of Good Order enemy sight it keeps the "?"): the action is
    its owner's secret, and neither the Search dr's prompt nor the Casualty dr's names the searchers."""
    units = [_u("a-1", "C3", concealed=True), _u("b-c4", "C4", "4-4-7r", "b", concealed=True)]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C4": "woods"})
    search_it = pos.parse_action("activate a-1 for search")
    assert pos.game.secret_of(pos, search_it) == "a"
    pos.push(search_it)
    assert "a-1" not in str(pos.decision.prompt)
    assert not pos.units["a-1"].concealed  # A12.141: an action in the sight of the Good Order b-c4
    hidden = make_position("asl", [_u("a-1", "C3", concealed=True), _u("b-1", "C6", "4-4-7r", "b")], "MPh",
                           counters=COUNTERS, hexes={"C4": "woods", "C5": "woods"})
    hidden.push_text("activate a-1 for search")
    assert hidden.units["a-1"].concealed  # out of b-1's sight it keeps its "?"
    pos.push_text("answer dice 1")  # -1: every Accessible hex searched
    assert not pos.units["b-c4"].concealed
    assert pos.decision.then == "search_casualty" and "a-1" not in str(pos.decision.prompt)
