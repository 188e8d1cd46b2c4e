"""A concealed unit revealing at the start of the RtPh so that a broken enemy beside it surrenders (A10.533's
example with A20.21). A20.21 asks for an ADJACENT Known, Good Order, armed enemy: a "?" is not Known, so
the broken unit beside it does not surrender unless the "?" is given up first. Counters: conftest's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import rout
from hexmate.rules.hexes import distance

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "dummy": {"type": "dummy"}}


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _rtph(make_position: Any, *units: dict[str, Any]) -> Any:
    """A broken Russian 4-4-7 in Open Ground at E4 (no woods or building anywhere: nowhere to rout to but a
    Low Crawl), in the German AFPh; the RtPh starts with the German "end"."""
    pos = make_position("asl", [_u("b-1", "E4", "4-4-7", "b", markers=["broken"]), *units], "AFPh",
                        counters=COUNTERS)
    pos.push_text("end")
    assert pos.phase.id == "RtPh"
    return pos


def test_a20_21_no_surrender_to_a_concealed_unit_beside_it(make_position: Any) -> None:
    """A20.21, A10.533: the German 4-6-7 beside the broken squad keeps its "?": it is not Known, so the
    squad neither must rout nor surrenders."""
    pos = _rtph(make_position, _u("a-1", "E3", concealed=True))
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("rtph_reveal", "a", "A10.533")
    assert top.units == ("a-1",) and top.private
    pos.push_text("answer keep")
    assert pos.units["a-1"].concealed and not pos.units["b-1"].has("prisoner")
    assert pos.decision is None or pos.decision.then != "surrender"


def test_a10_533_revealing_makes_the_broken_unit_surrender(make_position: Any) -> None:
    """A10.533's example: the German gives up its "?" to take the Russian prisoner. Beside a Known armed
    enemy, in Open Ground in its LOS and normal range (6), the squad must rout (DM, A10.62), and every way
    off is interdicted or a Low Crawl: it surrenders (A20.21). The Germans' offer lights the captor; named,
    the squad is its prisoner."""
    pos = _rtph(make_position, _u("a-1", "E3", concealed=True))
    pos.push_text("answer units a-1")
    assert not pos.units["a-1"].concealed
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("surrender", "a", "A20.21")
    assert top.units == ("a-1",) and top.subject == ("b-1",)
    pos.push_text("answer units a-1")
    b1 = pos.units["b-1"]
    assert b1.has("prisoner") and b1.carrier == "a-1"


def test_a12_1_a_dummy_is_offered_too_and_removed_when_revealed(make_position: Any) -> None:
    """The question tells nothing a "?" does not: a dummy beside the broken squad is offered like a real
    unit; "revealed" it is removed (A12.1) and nobody surrenders."""
    pos = _rtph(make_position, _u("a-d", "E3", "dummy", concealed=True))
    top = pos.decision
    assert top is not None and top.then == "rtph_reveal" and top.units == ("a-d",)
    pos.push_text("answer units a-d")
    assert "a-d" not in pos.units
    assert pos.decision is None or pos.decision.then != "surrender"


def test_a20_3_no_question_when_the_broken_unit_may_not_surrender(make_position: Any) -> None:
    """A20.21's exception: a pinned broken unit never surrenders: the "?" beside it is asked nothing."""
    pos = make_position("asl", [_u("b-1", "E4", "4-4-7", "b", markers=["broken", "pinned"]),
                                _u("a-1", "E3", concealed=True)], "AFPh", counters=COUNTERS)
    pos.push_text("end")
    assert pos.decision is None or pos.decision.then != "rtph_reveal"



def _open_rout(make_position: Any, hidden: dict[str, Any]) -> Any:
    """A broken German 4-6-7 in Open Ground at E4 must rout from the Russian 4-4-7 at C4 (Known, in LOS and
    normal range 4, but pinned: it interdicts no one, A10.532) to the woods at I4, its route F3-G3-H3-I4.
    The Russians keep their "?" at the RtPh's start."""
    units = [_u("a-1", "E4", markers=["broken"]), _u("b-1", "C4", "4-4-7", "b", markers=["pinned"]), hidden]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, hexes={"I4": "woods"}, first_side="a")
    pos.push_text("end")
    top = pos.decision
    if hidden.get("concealed"):
        assert top is not None and top.then == "rtph_reveal" and top.side == "b"
        pos.push_text("answer keep")
    assert pos.decision is not None and pos.decision.then == "rout"
    pos.push_text("answer hex I4")
    return pos


def _asked(pos: Any, h: str, unit: str) -> None:
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.side) == ("rout_reveal", "A10.533", "b")
    assert top.units == (unit,) and top.private and pos.label(top.target) == h
    assert pos.label(pos.units["a-1"].hex) == "I4"  # where the table placed it, while the Russians answer


def test_a10_533_a_concealed_unit_reveals_to_interdict_as_the_router_enters_a_hex(make_position: Any) -> None:
    """A10.533: a Russian 4-6-7 (normal range 6) under its "?" at H7 sees the route. As the router enters
    F3 and G3 (5 hexes away) its owner keeps the "?"; at H3 (4 hexes) he reveals it: the router, in Open
    Ground in the LOS and normal range of a Good Order enemy, takes its Interdiction NMC there (A10.53)."""
    pos = _open_rout(make_position, _u("b-2", "H7", "4-6-7", "b", concealed=True))
    for h in ("F3", "G3"):
        _asked(pos, h, "b-2")
        pos.push_text("answer keep")
    _asked(pos, "H3", "b-2")
    pos.push_text("answer units b-2")
    assert not pos.units["b-2"].concealed
    top = pos.decision
    assert top is not None and (top.then, top.rule) == ("rout_nmc", "A10.53")
    assert pos.label(top.target) == "H3"
    pos.push_text("answer dice 2,3")  # passed: it routs on into the woods
    assert pos.label(pos.units["a-1"].hex) == "I4"


def test_a10_533_revealed_out_of_range_it_forces_the_route(make_position: Any) -> None:
    """A Russian 4-4-7 (normal range 4) at H7 revealed as the router enters F3, 5 hexes away: it does not
    interdict there, but it is an armed Known enemy in the router's LOS now, and the route placed (G3-H3-I4)
    would bring the router closer to it (H3 is 4 hexes away), which A10.51 bars: the reveal forces the route
    (A10.533). The router goes on from F3 with 5 MF (6 less the 1 of F3's Open Ground), never closer to H7
    nor to C4, to a hex its owner places it on; the woods of I4 are no longer lit."""
    pos = _open_rout(make_position, _u("b-2", "H7", "4-4-7", "b", concealed=True))
    _asked(pos, "F3", "b-2")
    pos.push_text("answer units b-2")
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.side) == ("rout_forced", "A10.533", "a")
    assert pos.label(top.target) == "F3" and pos.label(pos.units["a-1"].hex) == "F3"
    assert top.arg("mf") == "5"
    assert set(top.arg("watch").split(",")) == {"H7", "C4"}  # A10.51: C4, seen from the start, still binds
    lit = {pos.label(h) for h in top.hexes}
    assert "I4" not in lit and "H3" not in lit and lit
    h7, c4, f3 = pos.units["b-2"].hex, pos.units["b-1"].hex, top.target
    assert all(distance(h, h7) >= distance(f3, h7) and distance(h, c4) >= distance(f3, c4) for h in top.hexes)
    with pytest.raises(IllegalAction):
        pos.push_text("answer hex I4")
    end = pos.label(top.hexes[0])
    pos.push_text(f"answer hex {end}")
    assert pos.label(pos.units["a-1"].hex) == end


def test_a10_533_a_reveal_behind_the_router_leaves_its_route(make_position: Any) -> None:
    """The same rout, the "?" revealed at F3 being a 4-4-7 at A3, behind it (5 hexes: out of its normal
    range 4): every step of G3-H3-I4 goes away from it, so the route placed stands (A10.51) and the router
    reaches the woods."""
    pos = _open_rout(make_position, _u("b-2", "A3", "4-4-7", "b", concealed=True))
    _asked(pos, "F3", "b-2")
    pos.push_text("answer units b-2")
    assert pos.decision is None or pos.decision.then != "rout_forced"
    assert pos.label(pos.units["a-1"].hex) == "I4"


def test_a10_533_a_dummy_revealed_interdicts_no_one(make_position: Any) -> None:
    pos = _open_rout(make_position, _u("b-d", "H7", "dummy", "b", concealed=True))
    _asked(pos, "F3", "b-d")  # a dummy is asked as a real "?" is: the question tells nothing
    pos.push_text("answer units b-d")  # a dummy "revealed" is removed (A12.1); no NMC
    assert "b-d" not in pos.units
    assert pos.decision is None or pos.decision.then != "rout_nmc"
    assert pos.label(pos.units["a-1"].hex) == "I4"



def test_a10_5_the_routs_still_owed_know_the_unit_revealed_mid_rout(make_position: Any) -> None:
    """A10.5: units rout one at a time, each on the facts known as it routs. a-2, broken in E4 with a-1, had
    I4's woods lit at the RtPh's start (the "?" at H7 ignored, A10.533); once b-2 is revealed as a-1 enters
    F3 (A10.533), a-2's rout is worked out again with b-2 Known, and I4, closer to it (A10.51), is no longer
    lit."""
    units = [_u("a-1", "E4", markers=["broken"]), _u("a-2", "E4", markers=["broken"]),
             _u("b-1", "C4", "4-4-7", "b", markers=["pinned"]), _u("b-2", "H7", "4-4-7", "b", concealed=True)]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, hexes={"I4": "woods"}, first_side="a")
    pos.push_text("end")
    pos.push_text("answer keep")
    (owed,) = [d for d in pos.state.decisions if d.then == "rout" and d.subject == ("a-2",)]
    assert pos.map.parse_label("I4") in owed.hexes
    pos.push_text("answer hex I4")  # a-1 routs first
    _asked(pos, "F3", "b-2")
    pos.push_text("answer units b-2")
    (owed,) = [d for d in pos.state.decisions if d.then == "rout" and d.subject == ("a-2",)]
    assert pos.map.parse_label("I4") not in owed.hexes
    assert owed.hexes == rout.destinations(pos, pos.units["a-2"])


def test_a10_533_a_reveal_beside_the_routers_end_before_the_next_rout_makes_it_rout_on(
    make_position: Any,
) -> None:
    """A10.533's example: the German in G4 losing its concealment once the Russian has routed to H3, but
    before the next unit's rout begins, makes the Russian rout on (to H2) or be eliminated for failure to
    rout (A10.5: no unit may end the RtPh beside a Known, unbroken, armed enemy). a-1, broken in the open at
    E4 in view of the pinned b-1 (C4), routs by F3 to G4 (no woods or building anywhere: any end will do);
    as it enters G4, its end, the Russians reveal the 8-0 leader at H4 beside it (a leader alone has no range
    and interdicts no one, A10.532). The rout goes on from G4 with 6 - 2 = 4 MF, never closer to H4 nor
    C4 and never beside H4 (A10.51)."""
    units = [_u("a-1", "E4", markers=["broken"]), _u("b-1", "C4", "4-4-7", "b", markers=["pinned"]),
             _u("b-2", "H4", "8-0", "b", concealed=True)]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, first_side="a")
    pos.push_text("end")
    pos.push_text("answer keep")
    top = pos.decision
    assert top is not None and top.then == "rout" and pos.map.parse_label("G4") in top.hexes
    pos.push_text("answer hex G4")
    top = pos.decision
    assert top is not None and top.then == "rout_reveal" and pos.label(top.target) == "F3"
    pos.push_text("answer keep")
    top = pos.decision
    assert top is not None and top.then == "rout_reveal" and pos.label(top.target) == "G4" and not top.hexes
    pos.push_text("answer units b-2")
    top = pos.decision
    assert top is not None and (top.then, top.rule) == ("rout_forced", "A10.533")
    assert pos.label(top.target) == "G4" and top.arg("mf") == "4"
    h4, c4, g4 = pos.units["b-2"].hex, pos.units["b-1"].hex, top.target
    assert top.hexes and all(distance(h, h4) >= 2 and distance(h, h4) >= distance(g4, h4)
                             and distance(h, c4) >= distance(g4, c4) for h in top.hexes)
    end = pos.label(top.hexes[0])
    pos.push_text(f"answer hex {end}")
    assert pos.label(pos.units["a-1"].hex) == end


def _to_woods(make_position: Any, start: str, hidden: dict[str, Any]) -> Any:
    """A10.533's example on a small board: a-1, broken in the open at ``start`` in view of the pinned b-1
    (C4, Known, normal range 4: it must rout, but b-1 interdicts no one, A10.532), routs to the woods of G3;
    woods at H2 and G1 too. The Russians keep their "?" at the RtPh's start and as it crosses the open."""
    units = [_u("a-1", start, markers=["broken"]), _u("b-1", "C4", "4-4-7", "b", markers=["pinned"]), hidden]
    woods = dict.fromkeys(("G3", "H2", "G1"), "woods")
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, hexes=woods, first_side="a")
    pos.push_text("end")
    pos.push_text("answer keep")
    top = pos.decision
    assert top is not None and top.then == "rout" and pos.map.parse_label("G3") in top.hexes
    pos.push_text("answer hex G3")
    while pos.decision is not None and pos.decision.then == "rout_reveal":
        pos.push_text("answer keep")
    assert pos.label(pos.units["a-1"].hex) == "G3"
    return pos


def _end_asked(pos: Any, unit: str, spent: str) -> None:
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.side) == ("rout_end_reveal", "A10.533", "b")
    assert top.units == (unit,) and top.private and pos.label(top.target) == "G3"
    assert top.arg("spent") == spent


def test_a10_533_a_reveal_beside_a_woods_end_before_the_next_rout_makes_it_rout_on(
    make_position: Any,
) -> None:
    """A10.533's example: the Russian routs to H3 and stops there, the German "?" in G4 beside it; should
    the German lose its "?" before the next unit begins its rout, the Russian must rout on (to H2) or be
    eliminated for failure to rout. Here a-1 routs E4-F3 (1 MF) into the woods of G3 (2 MF), beside the
    "?" at H3: the woods are no Open Ground, so no question came as it entered them (A10.53), but its
    end's window is asked before any other rout. Revealed, the 4-6-7 at H3 makes it rout on with 6 - 3 = 3
    MF, never closer to H3 nor C4 and never beside H3 (A10.51): H2 (beside H3) is not lit, G1 is."""
    pos = _to_woods(make_position, "E4", _u("b-2", "H3", "4-6-7", "b", concealed=True))
    _end_asked(pos, "b-2", "3")
    pos.push_text("answer units b-2")
    assert not pos.units["b-2"].concealed
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.side) == ("rout_forced", "A10.533", "a")
    assert pos.label(top.target) == "G3" and top.arg("mf") == "3"
    assert set(top.arg("watch").split(",")) == {"H3", "C4"}
    h3, c4, g3 = pos.units["b-2"].hex, pos.units["b-1"].hex, top.target
    assert "H2" not in {pos.label(h) for h in top.hexes} and "G1" in {pos.label(h) for h in top.hexes}
    assert all(distance(h, h3) >= 2 and distance(h, h3) >= distance(g3, h3)
               and distance(h, c4) >= distance(g3, c4) for h in top.hexes)
    pos.push_text("answer hex G1")
    assert pos.label(pos.units["a-1"].hex) == "G1"


def test_a10_533_kept_at_the_end_the_rout_stays_in_the_woods(make_position: Any) -> None:
    """The same, the "?" kept: a-1's rout ends in G3 beside it (A10.533: a "?" is not Known) and nothing
    more is asked of either side."""
    pos = _to_woods(make_position, "E4", _u("b-2", "H3", "4-6-7", "b", concealed=True))
    _end_asked(pos, "b-2", "3")
    pos.push_text("answer keep")
    assert pos.decision is None and pos.units["b-2"].concealed
    assert pos.label(pos.units["a-1"].hex) == "G3"


def test_a10_533_a_dummy_revealed_at_the_end_is_removed_and_the_rout_stands(make_position: Any) -> None:
    pos = _to_woods(make_position, "E4", _u("b-d", "H3", "dummy", "b", concealed=True))
    _end_asked(pos, "b-d", "3")  # a dummy is asked as a real "?" is
    pos.push_text("answer units b-d")
    assert "b-d" not in pos.units and pos.decision is None
    assert pos.label(pos.units["a-1"].hex) == "G3"


def test_a10_533_after_a_low_crawl_a_reveal_at_the_end_eliminates_it(make_position: Any) -> None:
    """A10.52: a Low Crawl (F3 into the woods of G3, one Location) takes all of the router's MF; revealed
    beside it then, the 4-6-7 at H3 leaves it no MF to rout on with: it is eliminated for failure to rout
    (A10.533's example: rout on, or be eliminated)."""
    pos = _to_woods(make_position, "F3", _u("b-2", "H3", "4-6-7", "b", concealed=True))
    _end_asked(pos, "b-2", "6")
    pos.push_text("answer units b-2")
    assert "a-1" not in pos.units


def test_a10_533_the_route_after_a_passed_interdiction_nmc_is_checked_against_the_unit_revealed(
    make_position: Any,
) -> None:
    """A10.533 with A10.51: the Russian 4-6-7 at H7 (normal range 6) reveals as the router enters F3 (5
    hexes away: Open Ground in its range and clear LOS), which interdicts it there (A10.53). The NMC passed
    (2 + 3 against its broken morale), the rest of the route placed, G3-H3-I4, would bring it closer to H7
    (H3 is 4 hexes from it), which A10.51 bars: from F3 it routs on with 6 - 1 = 5 MF to a new end, never
    closer to H7 nor C4; I4 is no longer lit."""
    pos = _open_rout(make_position, _u("b-2", "H7", "4-6-7", "b", concealed=True))
    _asked(pos, "F3", "b-2")
    pos.push_text("answer units b-2")
    top = pos.decision
    assert top is not None and (top.then, top.rule) == ("rout_nmc", "A10.53")
    assert pos.label(top.target) == "F3"
    pos.push_text("answer dice 2,3")
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.side) == ("rout_forced", "A10.533", "a")
    assert pos.label(top.target) == "F3" and pos.label(pos.units["a-1"].hex) == "F3"
    assert top.arg("mf") == "5" and set(top.arg("watch").split(",")) == {"H7", "C4"}
    lit = {pos.label(h) for h in top.hexes}
    assert lit and "I4" not in lit and "H3" not in lit
    h7, c4, f3 = pos.units["b-2"].hex, pos.units["b-1"].hex, top.target
    assert all(distance(h, h7) >= distance(f3, h7) and distance(h, c4) >= distance(f3, c4) for h in top.hexes)
    end = pos.label(top.hexes[0])
    pos.push_text(f"answer hex {end}")
    assert pos.label(pos.units["a-1"].hex) == end


def test_a10_533_a_hs_left_by_a_failed_nmc_is_rechecked_too(make_position: Any) -> None:
    """The same NMC failed (6 + 5): the squad is Casualty Reduced (A10.53); the HS left routs on, its route
    forced from F3 as the squad's would be, with the same 5 MF."""
    pos = _open_rout(make_position, _u("b-2", "H7", "4-6-7", "b", concealed=True))
    _asked(pos, "F3", "b-2")
    pos.push_text("answer units b-2")
    pos.push_text("answer dice 6,5")
    top = pos.decision
    assert top is not None and top.then == "rout_forced" and top.arg("mf") == "5"
    assert top.subject == ("a-1",)  # the HS takes the squad's place (its id kept)
    hs = pos.units["a-1"]
    assert hs.type == "hs" and pos.label(hs.hex) == "F3"
