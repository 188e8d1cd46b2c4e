"""ASL Infantry Overrun (A4.14-A4.152): the T-4.14/4.15 cases of the digest from the text's rules. A squad
may enter the Location of a lone known enemy SMC in the MPh at twice the MF after a NTC whose DRM is that
Location's TEM; a leader takes it for his stack and his failure stops it; the SMC withdraws (the ATTACKER
placing it) or stays, and is then fought in CC at once, a Melee going on in the CCPh. Counters from the
demo catalogue (demo values); the stone building's TEM +3 is the A23.3 example's."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def board(make_position: Any, extra: list[dict[str, Any]] | None = None, **kw: Any) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "F5"},
             {"id": "b-l", "counter": "7-0", "side": "b", "hex": "F4"}, *(extra or [])]
    return make_position("asl", units, "MPh", counters=COUNTERS,
                         hexes={"F4": "stone-building", "E4": "woods", **kw.get("hexes", {})})


def test_overrun_costs_twice_after_a_ntc_at_the_locations_tem(make_position: Any) -> None:
    pos = board(make_position)
    assert pos.legal_actions.moves_for(frozenset({"a-1"}))[pos.map.parse_label("F4")].cost == 4  # 2 x 2 MF
    pos.push_text("move a-1 F5-F4")
    top = pos.decision
    assert (top.then, top.side, top.rule, top.arg("drm")) == ("ovr_ntc", "a", "A4.15", "3")  # building TEM
    pos.push_text("answer dice 2,2")  # 4 + 3 = 7: passes on the 4-6-7's morale 7
    top = pos.decision
    assert (top.then, top.side, tuple(top.choices)) == ("ovr_response", "b", ("withdraw", "stay"))
    pos.push_text("answer stay")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["a-1"].hex) == "F4" and pos.label(pos.units["b-l"].hex) == "F4"
    assert any(a.text(pos.label) == "move a-1 F5-F4 cost 4" for a in pos.log)
    # A4.152: the SMC is still there after Defensive First Fire: their CC at once, in the MPh
    top = pos.decision
    assert (pos.phase.id, top.then, top.side, top.rule) == ("MPh", "cc", "a", "A11.11")
    pos.push_text("answer dice 5,6")  # no effect
    assert (pos.decision.then, pos.decision.side) == ("cc", "b")
    pos.push_text("answer dice 5,6")  # no effect: both are in Melee, and fight again in the CCPh
    assert pos.decision is None and pos.phase.id == "MPh"
    assert pos.units["a-1"].has("melee") and pos.units["b-l"].has("melee")
    pos.push_text("end")  # the MPh ends: the CC bookkeeping is the CCPh's again
    gs = pos.game.gstate(pos.state)
    assert gs.cc_done == () and not gs.conceal_done and gs.ovr_cc is None


def test_a_failed_ntc_stops_the_stack_and_a_leader_tests_for_it(make_position: Any) -> None:
    extra = [{"id": "a-l", "counter": "8-1", "side": "a", "hex": "F5"}]
    pos = board(make_position, extra)
    pos.push_text("move a-1,a-l F5-F4")
    assert [d.subject for d in pos.state.decisions if d.then == "ovr_ntc"] == [("a-l",)]  # the leader only
    pos.push_text("answer dice 4,3")  # 7 + 3 = 10 against morale 8: fails
    assert pos.decision is None
    assert pos.label(pos.units["a-1"].hex) == "F5" and pos.label(pos.units["a-l"].hex) == "F5"
    with pytest.raises(IllegalAction, match=r"A4.2"):
        pos.push_text("move a-1 F5-F6")  # the stack may not move again this phase (A10.1)


def test_the_smc_withdraws_where_the_attacker_places_it_not_into_open_ground(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 F5-F4")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer withdraw")
    top = pos.decision
    assert (top.then, top.side) == ("ovr_withdraw", "a")  # the ATTACKER picks (A4.151)
    assert [pos.label(h) for h in top.hexes] == ["E4"]  # woods: Open Ground only if nothing else
    pos.push_text("answer hex E4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["b-l"].hex) == "E4" and pos.label(pos.units["a-1"].hex) == "F4"


def test_no_overrun_past_the_smc_nor_on_a_squad_nor_by_an_smc(make_position: Any) -> None:
    pos = board(make_position, hexes={"F3": "open"})
    with pytest.raises(IllegalAction, match=r"ends the move in F4.*\(A4\.152\)"):
        pos.push_text("move a-1 F5-F4-F3")
    pos = board(make_position, [{"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F4"}])
    with pytest.raises(IllegalAction, match=r"A4.14"):
        pos.push_text("move a-1 F5-F4")  # not a lone SMC: a known enemy Location (A4.14)
    pos = board(make_position, [{"id": "a-l", "counter": "8-1", "side": "a", "hex": "F6"}])
    with pytest.raises(IllegalAction, match=r"A4.14"):
        pos.push_text("move a-l F6-F5-F4")  # an SMC alone does not overrun (A4.15: an MMC)


def test_the_melee_of_an_overrun_is_fought_again_in_the_ccph(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 F5-F4")
    pos.push_text("answer dice 2,2")
    pos.push_text("answer stay")
    pos.push_text("answer dice 5,6")
    pos.push_text("answer dice 5,6")
    for _ in range(8):
        if pos.phase.id == "CCPh":
            break
        pos.push_text("end")
    assert pos.phase.id == "CCPh" and pos.decision is not None
    assert pos.label(pos.decision.target) == "F4"  # A4.152: the Melee goes on in the CCPh


def test_an_overrun_cc_that_kills_the_smc_leaves_no_melee(make_position: Any) -> None:
    pos = board(make_position)
    pos.push_text("move a-1 F5-F4")
    pos.push_text("answer dice 2,2")
    pos.push_text("answer stay")
    pos.push_text("answer dice 1,2")  # 4:1, Original 3: below the Kill Number
    while pos.decision is not None and pos.decision.then == "cc":
        pos.push_text("answer dice 5,6")
    assert "b-l" not in pos.units and not pos.units["a-1"].has("melee")
