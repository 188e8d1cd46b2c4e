"""ASL Rout Phase beyond where to go: Desperation Morale (A10.62) and the voluntary rout it allows (A10.5),
Low Crawl (A10.52) and Interdiction (A10.53) on the routes the table's placements choose."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import rally, rout


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _routing(make_position: Any) -> Any:
    # a broken 4-6-7 in Open Ground at E4, in the LOS and normal range (4) of a 4-4-7 at C4: it must rout, to
    # the nearest woods in reach (I4: 3 open hexes and the woods, 5 MF)
    units = [_u("a-1", "E4", markers=["broken"]), _u("b-1", "C4", "4-4-7", "b")]
    return make_position("asl", units, "AFPh", hexes={"I4": "woods"}, first_side="a")


def test_a_unit_that_must_rout_is_dm_and_may_low_crawl(make_position: Any) -> None:
    pos = _routing(make_position)
    pos.push_text("end")
    top = pos.decision
    assert pos.phase.id == "RtPh" and top is not None and top.then == "rout"
    assert pos.units["a-1"].has("dm")  # A10.62: it begins the RtPh in Open Ground in view and range
    lit = {pos.label(h) for h in top.hexes}
    assert "I4" in lit  # the nearest woods (A10.51)
    crawl = lit - {"I4"}
    assert crawl and all(pos.map.parse_label(h) in pos.map.neighbors(pos.units["a-1"].hex) for h in crawl)
    pos.push_text(f"answer hex {sorted(crawl)[0]}")  # a Low Crawl: never interdicted (A10.52)
    assert pos.label(pos.units["a-1"].hex) == sorted(crawl)[0] and pos.decision is None


def test_interdiction_nmc_failed_reduces_and_the_hs_routs_on(make_position: Any) -> None:
    pos = _routing(make_position)
    pos.push_text("end")
    pos.push_text("answer hex I4")
    top = pos.decision
    assert top is not None and top.then == "rout_nmc" and top.rule == "A10.53"
    assert pos.label(pos.units["a-1"].hex) == pos.label(top.target)  # stopped where it was interdicted
    pos.push_text("answer dice 5,4")  # 9 > broken morale 8: Casualty Reduction; the HS goes on
    assert pos.units["a-1"].name == "2-4-7" and pos.label(pos.units["a-1"].hex) == "I4"


def test_interdiction_nmc_passed_on_the_nose_pins_and_ends_the_rout(make_position: Any) -> None:
    pos = _routing(make_position)
    pos.push_text("end")
    pos.push_text("answer hex I4")
    where = pos.label(pos.decision.target)
    pos.push_text("answer dice 4,4")  # 8 = broken morale: pinned, its rout ends there (A10.53)
    assert pos.label(pos.units["a-1"].hex) == where != "I4" and pos.units["a-1"].name == "4-6-7"
    pos = _routing(make_position)
    pos.push_text("end")
    pos.push_text("answer hex I4")
    pos.push_text("answer dice 2,3")  # passed
    assert pos.label(pos.units["a-1"].hex) == "I4"


def test_who_interdicts(make_position: Any) -> None:
    pos = _routing(make_position)
    unit = pos.units["a-1"]
    f4 = pos.map.parse_label("F4")
    assert rout.interdicted(pos, unit, f4)  # 3 hexes from the 4-4-7, Open Ground, clear LOS
    assert not rout.interdicted(pos, unit, pos.map.parse_label("I4"))  # woods is not Open Ground
    assert not rout.interdicted(pos, unit, pos.map.parse_label("H4"))  # 5 hexes: beyond its normal range
    for marker in ("pinned", "cx", "broken"):  # A10.532: who may not interdict
        held = pos.at(pos.state.with_unit(pos.units["b-1"].mark(marker)))
        assert not rout.interdicted(held, unit, f4), marker


def test_a_dm_unit_may_rout_or_stay(make_position: Any) -> None:
    units = [_u("a-1", "E4", markers=["broken", "dm"]), _u("b-1", "K8", "4-4-7", "b")]
    pos = make_position("asl", units, "AFPh", hexes={"E4": "woods", "B2": "woods"})
    pos.push_text("end")
    top = pos.decision
    assert top is not None and top.choices == ("stay",) and top.rule == "A10.5"
    pos.push_text("answer stay")
    assert pos.label(pos.units["a-1"].hex) == "E4" and pos.phase.id == "APh"


def test_dm_adds_4_to_a_rally_and_goes_at_the_end_of_the_rph_unless_in_the_open(make_position: Any) -> None:
    units = [
        _u("a-1", "C3", markers=["broken", "dm"]),
        _u("a-91", "C3", "9-1"),
        _u("a-2", "E5", markers=["broken", "dm"]),
        _u("b-1", "J8", "4-4-7", "b"),
    ]
    pos = make_position("asl", units, "RPh", hexes={"C3": "woods"})
    final, lines = rally.working(pos, pos.units["a-1"], (3, 4))
    assert final == 9 and ("+4", "A10.62") in {(line.value, line.rule) for line in lines}
    pos.push_text("rally a-1 dice 3,4")  # 7 - 1 leader - 1 woods + 4 DM = 9 > 8: still broken (A10.62)
    assert pos.units["a-1"].has("broken")
    pos.push_text("end")
    pos.push_text("end")
    assert pos.phase.id == "PFPh"
    assert not pos.units["a-1"].has("dm")  # in woods: its DM goes at the end of the RPh (A10.62)
    assert pos.units["a-2"].has("dm")  # in Open Ground it keeps it, to rout again


def _with_leader(make_position: Any) -> Any:
    units = [_u("a-1", "E4", markers=["broken"]), _u("a-91", "E4", "9-1"), _u("b-1", "C4", "4-4-7", "b")]
    pos = make_position("asl", units, "AFPh", hexes={"I4": "woods"}, first_side="a")
    pos.push_text("end")
    while pos.decision is not None and pos.decision.then == "volbreak":
        pos.push_text("answer none")  # A10.41: the 9-1 in b-1's view does not break voluntarily
    top = pos.decision
    assert (
        top is not None and top.kind == "confirm" and top.rule == "A10.711" and top.subject == ("a-91", "a-1")
    )
    assert "a-91" in pos.units  # a leader who may rout with a unit is no failure to rout
    return pos


def test_a10_711_a_leader_routs_with_the_unit_and_helps_its_interdiction_nmc(make_position: Any) -> None:
    pos = _with_leader(make_position)
    pos.push_text("answer with")
    pos.push_text("answer hex I4")
    assert pos.decision is not None and pos.decision.then == "rout_nmc"
    assert pos.units["a-91"].hex == pos.units["a-1"].hex  # he stays with it
    pos.push_text("answer dice 5,4")  # 9 - 1 (9-1) = 8, not above broken morale 8: passed on the nose: pinned
    assert pos.label(pos.units["a-91"].hex) == pos.label(pos.units["a-1"].hex) != "I4"


def test_a10_711_the_leader_is_eliminated_if_the_unit_fails_its_nmc(make_position: Any) -> None:
    pos = _with_leader(make_position)
    pos.push_text("answer with")
    pos.push_text("answer hex I4")
    pos.push_text("answer dice 6,4")  # 10 - 1 = 9 > 8: failed
    assert "a-91" not in pos.units and pos.units["a-1"].name == "2-4-7"


def test_a10_711_a_leader_may_stay(make_position: Any) -> None:
    pos = _with_leader(make_position)
    pos.push_text("answer stay")
    pos.push_text("answer hex I4")
    pos.push_text("answer dice 1,1")
    assert pos.label(pos.units["a-91"].hex) == "E4" and pos.label(pos.units["a-1"].hex) == "I4"


def test_a10_533_a_concealed_enemy_on_the_route_is_revealed_and_the_router_eliminated(
    make_position: Any,
) -> None:
    # the woods at I4 are the nearest shelter; a concealed Russian squad sits in them: the router, ignoring
    # it (it is not Known), routs there, reveals it and, ending beside it, is eliminated (A10.533)
    units = [
        _u("a-1", "E4", markers=["broken"]),
        _u("b-1", "C4", "4-4-7", "b"),
        _u("b-2", "I4", "4-4-7", "b", concealed=True),
    ]
    pos = make_position("asl", units, "AFPh", hexes={"I4": "woods"}, first_side="a")
    pos.push_text("end")
    assert pos.decision.then == "rtph_reveal" and pos.decision.units == ("b-2",)  # A10.533: it may reveal
    pos.push_text("answer keep")
    assert pos.map.parse_label("I4") in pos.decision.hexes  # concealed units are ignored (A10.533)
    pos.push_text("answer hex I4")
    if pos.decision is not None:  # interdicted on the way first: passed
        pos.push_text("answer dice 1,1")
    assert "a-1" not in pos.units or pos.label(pos.units["a-1"].hex) != "I4"
    assert not pos.units["b-2"].concealed


def test_dummies_on_the_route_are_removed(make_position: Any) -> None:
    from tests.rules.games.conftest import ASL_COUNTERS

    units = [
        _u("a-1", "E4", markers=["broken"]),
        _u("b-1", "D4", "4-4-7", "b"),
        _u("b-d", "F4", "dummy", "b", concealed=True),
    ]
    counters = {**ASL_COUNTERS, "dummy": {"type": "dummy"}}
    pos = make_position("asl", units, "AFPh", hexes={"F4": "woods"}, first_side="a", counters=counters)
    pos.push_text("end")
    assert pos.decision is not None and pos.decision.then == "rtph_reveal"  # A10.533: a "?" beside it
    pos.push_text("answer keep")
    pos.push_text("answer hex F4")  # a Low Crawl into the dummy's woods
    assert "b-d" not in pos.units and pos.label(pos.units["a-1"].hex) == "F4"


def test_an_enemy_in_melee_does_not_make_a_unit_in_open_ground_rout(make_position: Any) -> None:
    # A10.5: Open Ground in the LOS and normal range of a Known enemy *not in Melee*; adjacency still counts
    units = [
        _u("a-1", "E4", markers=["broken"]),
        _u("b-1", "H4", "4-4-7", "b", markers=["melee"]),
        _u("a-2", "H4", markers=["melee"]),
    ]
    pos = make_position("asl", units, "AFPh")
    assert not rout.must_rout(pos, pos.units["a-1"])
    held = pos.at(pos.state.with_unit(pos.units["b-1"].mark(remove=("melee",))))
    assert rout.must_rout(held, held.units["a-1"])


def test_a10_532_encircled_units_leaders_alone_and_lone_sw_do_not_interdict(make_position: Any) -> None:
    """A10.532: an Encircled unit may not interdict; a leader has no range of his own, but interdicts with a
    possessed LMG (range 6 here); a SW nobody possesses never does, nor a malfunctioned one."""
    lmg = {"type": "sw", "sw": "mg", "fp": 2, "range": 6, "pp": 1}
    from tests.rules.games.conftest import ASL_COUNTERS

    counters = {**ASL_COUNTERS, "LMG": lmg}
    pos = _routing(make_position)
    unit, f4 = pos.units["a-1"], pos.map.parse_label("F4")
    held = pos.at(pos.state.with_unit(pos.units["b-1"].mark("encircled")))
    assert not rout.interdicted(held, unit, f4)
    units = [_u("a-1", "E4", markers=["broken"]), _u("b-l", "C4", "9-1", "b")]
    alone = make_position("asl", units, "AFPh", hexes={"I4": "woods"}, counters=counters)
    assert not rout.interdicted(alone, alone.units["a-1"], f4)
    armed = make_position("asl", [*units, _u("b-mg", "C4", "LMG", "b", carrier="b-l")], "AFPh",
                          hexes={"I4": "woods"}, counters=counters)
    assert rout.interdicted(armed, armed.units["a-1"], f4)
    broken_mg = armed.at(armed.state.with_unit(armed.units["b-mg"].mark("malfunctioned")))
    assert not rout.interdicted(broken_mg, armed.units["a-1"], f4)
    loose = make_position("asl", [units[0], _u("b-mg", "C4", "LMG", "b"), _u("b-2", "K8", "4-4-7", "b")],
                          "AFPh", hexes={"I4": "woods"}, counters=counters)
    assert not rout.interdicted(loose, loose.units["a-1"], f4)


def test_a10_62_an_enemy_passing_beside_a_broken_unit_makes_it_dm(make_position: Any) -> None:
    """A10.62: the 4-6-7 moves C5-D5-D6, ADJACENT to the broken 4-4-7 in E5 at D5 only: DM all the same."""
    units = [_u("a-1", "C5"), _u("b-1", "E5", "4-4-7", "b", markers=["broken"])]
    pos = make_position("asl", units, "MPh")
    pos.push_text("move a-1 C5-D5-D6")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["a-1"].hex) == "D6" and pos.units["b-1"].has("dm")
    away = make_position("asl", units, "MPh")
    away.push_text("move a-1 C5-C6")
    assert not away.units["b-1"].has("dm")
    hidden = make_position("asl", [{**units[0], "concealed": True}, units[1]], "MPh")
    hidden.push_text("move a-1 C5-D5")  # A10.62: a Known enemy only (no Good Order enemy sees the "?" go)
    assert hidden.units["a-1"].concealed and not hidden.units["b-1"].has("dm")


def test_a10_711_only_a_leader_in_the_routers_location_may_rout_with_it(make_position: Any) -> None:
    hexes = {"E4": {"terrain": "stone-building", "features": ["building-level-1"]}}
    units = [_u("a-1", "E4", markers=["broken"]), _u("a-l", "E4", "9-1", level=1),
             _u("a-m", "E4", "8-0"), _u("b-1", "D4", "4-4-7", "b")]
    pos = make_position("asl", units, "AFPh", hexes=hexes)
    assert [d.subject[0] for d in rout._leader_choices(pos, pos.units["a-1"])] == ["a-m"]


def test_a10_533_a_concealed_unit_in_view_reveals_to_bar_the_route_and_interdict(make_position: Any) -> None:
    """A10.533: the same concealed squad in the I4 woods reveals itself as the RtPh starts: now Known, it bars
    the woods to the router, and its LOS interdicts the Open Ground on the way."""
    units = [
        _u("a-1", "E4", markers=["broken"]),
        _u("b-1", "C4", "4-4-7", "b"),
        _u("b-2", "I4", "4-4-7", "b", concealed=True),
    ]
    pos = make_position("asl", units, "AFPh", hexes={"I4": "woods"}, first_side="a")
    pos.push_text("end")
    h4 = pos.map.parse_label("H4")  # 5 hexes from b-1's normal range 4; beside I4
    assert not rout.interdicted(pos, pos.units["a-1"], h4)
    pos.push_text("answer units b-2")
    assert not pos.units["b-2"].concealed
    assert pos.decision is None or pos.map.parse_label("I4") not in pos.decision.hexes
    assert rout.interdicted(pos, pos.units["a-1"], h4)


def test_a10_62_an_overstacked_unit_in_woods_keeps_its_dm(make_position: Any) -> None:
    """A10.62: four squads in the C3 woods (one over A5.1's three): the broken one keeps its DM."""
    units = [_u("a-1", "C3", markers=["broken", "dm"]), *(_u(f"a-{i}", "C3") for i in (2, 3, 4)),
             _u("b-1", "J8", "4-4-7", "b")]
    pos = make_position("asl", units, "RPh", hexes={"C3": "woods"})
    pos.push_text("end")
    pos.push_text("end")
    assert pos.phase.id == "PFPh" and pos.units["a-1"].has("dm")


# --- A10.533 with A12.15: a router bumped back by a concealed enemy ---


def _bumped_board(make_position: Any, *extra: dict[str, Any],
                  sides: list[dict[str, Any]] | None = None, woods: tuple[str, ...] = ()) -> Any:
    """The broken German 4-6-7 in E4, in the open in view of the Russian 4-4-7 at C4, must rout to the nearest
    woods, I4, where a concealed Russian 4-4-7 (b-2) waits unknown (A10.533: routes ignore it). The "?" keeps
    its cover at the start of the RtPh."""
    units = [_u("a-1", "E4", markers=["broken"]), _u("b-1", "C4", "4-4-7", "b"),
             _u("b-2", "I4", "4-4-7", "b", concealed=True), *extra]
    pos = make_position("asl", units, "AFPh", hexes=dict.fromkeys(("I4", *woods), "woods"), first_side="a",
                        sides=sides)
    pos.push_text("end")
    while pos.decision is not None and pos.decision.then == "rtph_reveal":
        pos.push_text("answer keep")
    pos.push_text("answer hex I4")
    top = pos.decision
    assert top is not None and top.then == "rout_nmc"  # interdicted on the way by b-1
    pos.push_text("answer dice 1,1")  # passed: it routs on to I4
    return pos


def test_a12_15_a_router_bumped_back_ends_beside_the_revealed_squad_and_surrenders(
    make_position: Any,
) -> None:
    """A10.533, A12.15: entering I4 it meets b-2, which shows itself and sends it back to the hex it came from
    (H3 on this board), where its rout
    ends beside a Known enemy: failure to rout, it is captured (A20.21, b-2 is Good Order, armed infantry):
    the Russians name b-2 the guard."""
    pos = _bumped_board(make_position)
    assert not pos.units["b-2"].concealed
    assert pos.units["a-1"].hex in pos.map.neighbors(pos.map.parse_label("I4"))  # the hex it came from
    top = pos.decision
    assert top is not None and top.then == "surrender" and top.subject == ("a-1",) and top.units == ("b-2",)
    pos.push_text("answer units b-2")
    assert pos.units["a-1"].has("prisoner") and pos.units["a-1"].carrier == "b-2"


def test_a12_15_a_bumped_router_that_may_not_surrender_is_eliminated(make_position: Any) -> None:
    """A20.21: Japanese never surrender; bumped back beside b-2, the router is eliminated (A10.533)."""
    sides = [{"id": "a", "name": "Japanese", "nationality": "japanese"},
             {"id": "b", "name": "Americans", "nationality": "american"}]
    pos = _bumped_board(make_position, sides=sides)
    assert "a-1" not in pos.units and not pos.units["b-2"].concealed
    assert pos.decision is None or pos.decision.then != "surrender"


def test_a12_15_one_of_several_concealed_units_shows_itself_by_random_selection(make_position: Any) -> None:
    """A12.15: several concealed real units in I4: only one loses its "?", named by Random Selection; the
    other keeps it. The router then surrenders to the one revealed."""
    pos = _bumped_board(make_position, _u("b-3", "I4", "4-4-7", "b", concealed=True))
    top = pos.decision
    assert top is not None and top.then == rout.BUMP and top.units == ("b-2", "b-3") and top.side == "b"
    assert pos.units["b-2"].concealed and pos.units["b-3"].concealed
    pos.push_text("answer units b-3")
    assert not pos.units["b-3"].concealed and pos.units["b-2"].concealed
    top = pos.decision
    assert top is not None and top.then == "surrender" and top.units == ("b-3",)


def test_a10_5_a_broken_unit_stacked_with_the_bumped_router_routs_on_its_own_knowing_the_squad_shown(
    make_position: Any,
) -> None:
    """A10.5: broken units rout one at a time, so a-2, broken in E4 with a-1, does not share a-1's fate when
    b-2 bumps a-1 back (A12.15): it routs in its turn, with b-2 now Known, and may no longer rout to I4 (b-2's
    Location) nor end beside it (A10.51), where its ends were lit at the start of the RtPh ignoring the "?"
    (A10.533)."""
    pos = _bumped_board(make_position, _u("a-2", "E4", markers=["broken"]))
    while pos.decision is not None and pos.decision.then in ("surrender", "guard_deploy"):
        pos.push_text("answer units b-2" if pos.decision.then == "surrender" else "answer keep")
    assert pos.units["a-1"].has("prisoner")
    top = pos.decision
    assert top is not None and top.then == "rout" and top.subject == ("a-2",)
    assert pos.label(pos.units["a-2"].hex) == "E4" and pos.units["a-2"].has("broken")
    i4 = pos.map.parse_label("I4")
    assert top.hexes and i4 not in top.hexes
    assert not set(top.hexes) & set(pos.map.neighbors(i4))
    with pytest.raises(IllegalAction):
        pos.push_text("answer hex I4")


# --- A10.5: who must rout once a reveal has changed the facts in the RtPh (rout.refresh) ---


def _to_i4(make_position: Any, *units: dict[str, Any], woods: tuple[str, ...] = ()) -> Any:
    """The RtPh of _bumped_board's units and ``units`` (the "?" kept at its start), before any rout."""
    pos = make_position("asl", [*units, _u("b-1", "C4", "4-4-7", "b"),
                                _u("b-2", "I4", "4-4-7", "b", concealed=True)],
                        "AFPh", hexes=dict.fromkeys(("I4", *woods), "woods"), first_side="a")
    pos.push_text("end")
    while pos.decision is not None and pos.decision.then == "rtph_reveal":
        pos.push_text("answer keep")
    return pos


def test_a10_5_a_broken_unit_beside_the_enemy_a_bump_shows_must_rout_now(make_position: Any) -> None:
    """A10.5: a broken unit may not end the RtPh in the same or an ADJACENT Location as a Known, unbroken,
    armed enemy, and one in that situation must rout that RtPh. a-3, broken in J4 (7 hexes from b-1, out of
    its normal range 4; beside the "?" at I4, which is not Known, A10.533), owes no rout at the RtPh's start.
    When a-1's rout is bumped at I4 and b-2 shows itself (A12.15), a-3 is beside a Known enemy and has not
    routed yet: it is DM (A10.62) and must rout, to the woods of K4 (the nearest, farther from b-2, A10.51),
    never into I4 nor beside it."""
    pos = _to_i4(make_position, _u("a-1", "E4", markers=["broken"]), _u("a-3", "J4", markers=["broken"]),
                 woods=("K4",))
    assert [d.subject for d in pos.state.decisions if d.then == "rout"] == [("a-1",)]
    assert not pos.units["a-3"].has("dm")
    pos.push_text("answer hex I4")
    pos.push_text("answer dice 1,1")  # interdicted by b-1 on the way, passed; bumped at I4 by b-2
    assert not pos.units["b-2"].concealed
    pos.push_text("answer units b-2")  # a-1, bumped back beside b-2, surrenders to it (A20.21)
    while pos.decision is not None and pos.decision.then == "guard_deploy":
        pos.push_text("answer keep")
    assert pos.units["a-1"].has("prisoner")
    assert pos.units["a-3"].has("dm")
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.subject) == ("rout", "A10.5", ("a-3",))
    assert not top.choices  # it must: no "stay"
    i4 = pos.map.parse_label("I4")
    assert top.hexes and i4 not in top.hexes and not set(top.hexes) & set(pos.map.neighbors(i4))
    assert pos.label(top.hexes[0]) == "K4"
    pos.push_text("answer hex K4")
    assert pos.label(pos.units["a-3"].hex) == "K4"


def test_a10_5_with_a20_21_a_unit_newly_owing_a_rout_with_no_safe_way_surrenders(make_position: Any) -> None:
    """The same, all open but I4: every way from J4 away from b-2 is Open Ground in its normal range (4), so
    interdicted (A10.53): a-3 surrenders to b-2 (A20.21) as a unit owing its rout at the start would."""
    pos = _bumped_board(make_position, _u("a-3", "J4", markers=["broken"]))
    offers = [d for d in pos.state.decisions if d.then == "surrender"]
    assert {d.subject for d in offers} == {("a-1",), ("a-3",)}
    assert all(d.units == ("b-2",) for d in offers)


def test_a10_533_a_unit_whose_rout_is_over_is_not_made_to_rout_again(make_position: Any) -> None:
    """A10.533's example (only the German in G4 concealed): once the Russian has routed to H3, the German
    showing itself after does not eliminate it, since it did not rout so as to be ADJACENT to a Known enemy;
    only one shown before the next unit's rout begins makes it rout on. a-1, broken in G4 in view of b-1 (4
    hexes), Low Crawls first (by id) to a hex beside the "?" at I4 (ignored, A10.533); a-2 then routs from E4
    to I4 and is bumped: b-2 shows itself (A12.15). a-1, beside it, owes no second rout and is not
    eliminated: it ends the RtPh there (DM, A10.62)."""
    pos = _to_i4(make_position, _u("a-1", "G4", markers=["broken"]), _u("a-2", "E4", markers=["broken"]))
    top = pos.decision
    assert top is not None and top.then == "rout" and top.subject == ("a-1",)
    i4 = pos.map.parse_label("I4")
    (crawl,) = [h for h in top.hexes if h in pos.map.neighbors(i4)]
    pos.push_text(f"answer hex {pos.label(crawl)}")
    assert pos.units["a-1"].hex == crawl
    top = pos.decision  # its end's window before a-2 routs (A10.533, rtreveal.at_end): the "?" keeps
    assert top is not None and top.then == "rout_end_reveal" and top.units == ("b-2",)
    pos.push_text("answer keep")
    top = pos.decision
    assert top is not None and top.then == "rout" and top.subject == ("a-2",)
    pos.push_text("answer hex I4")
    while pos.decision is not None and pos.decision.then == "rout_nmc":
        pos.push_text("answer dice 1,1")
    assert not pos.units["b-2"].concealed
    while pos.decision is not None and pos.decision.then in ("surrender", "guard_deploy"):
        pos.push_text("answer units b-2" if pos.decision.then == "surrender" else "answer keep")
    assert not any(d.subject[:1] == ("a-1",) for d in pos.state.decisions)
    assert pos.decision is None
    a1 = pos.units["a-1"]
    assert a1.hex == crawl and a1.has("broken") and a1.has("dm") and not a1.has("prisoner")
    pos.push_text("end")  # on to the APh: the RtPh's marker goes
    assert pos.phase.id != "RtPh" and not pos.units["a-1"].has(rout.ROUTED)
