"""PG activation (3.1-3.3, 5.4-5.45): leaders reach their own and adjacent hexes and lower-ranked leaders,
tank leaders their AFVs; the segment lasts until its units have acted or the side says done."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.pg import activation

from .conftest import COUNTERS
from .conftest import unit as _u

RANKED = {
    "maj": {"type": "leader", "ma": 4, "morale": 9, "combat": 1, "morale_mod": 1, "rank": "MAJ"},
    "lt": {"type": "leader", "ma": 4, "morale": 8, "combat": 1, "morale_mod": 1, "rank": "LT"},
    "sgt": {"type": "leader", "ma": 4, "morale": 8, "combat": 0, "morale_mod": 1, "rank": "SGT"},
    "cpl": {"type": "leader", "ma": 4, "morale": 7, "combat": 0, "morale_mod": 0, "rank": "CPL"},
    "tankldr": {"type": "leader", "ma": 4, "morale": 8, "combat": 0, "morale_mod": 0, "leader_kind": "tank"},
    "tank": {
        "type": "vehicle",
        "ma": 6,
        "morale": 8,
        "armor": 4,
        "at": 5,
        "at_range": 6,
        "df": 3,
        "df_range": 3,
        "steps": 2,
    },
    "apc": {
        "type": "vehicle",
        "ma": 6,
        "morale": 7,
        "armor": 0,
        "transport": 1,
        "df": 1,
        "df_range": 2,
        "steps": 1,
    },
}


def _names(a: activation.Activation) -> tuple[set[str], set[str]]:
    return set(a.units), set(a.combat)


def test_t9_a_major_activates_an_adjacent_lt_who_activates_a_sgt_next_to_him(
    make_position: Any, pg: Any
) -> None:
    # T9 (3.2): MAJ in C3, LT adjacent in D3, SGT adjacent to the LT in E4 (two from the major): one segment
    units = [
        _u("maj", "C3", "maj"),
        _u("i1", "C3"),
        _u("lt", "D3", "lt"),
        _u("i2", "D3"),
        _u("sgt", "E4", "sgt"),
        _u("i3", "F4"),
        _u("far", "H1"),
        _u("b1", "K8", "inf", "b"),
    ]
    pos = pg(make_position, units, counters_extra=RANKED)
    got, combat = _names(activation.declare(pos, ("maj",)))
    assert got == {"maj", "i1", "lt", "i2", "sgt", "i3"} and combat == got
    # a lower leader never activates a higher one (3.2)
    got_lt, _ = _names(activation.declare(pos, ("lt",)))
    assert "maj" not in got_lt and "sgt" in got_lt


def test_t10_a_tank_leader_activates_no_leader(make_position: Any, pg: Any) -> None:
    # T10 (3.2, 6.82): tank leaders have no rank: AFVs only, no chain
    units = [
        _u("tl", "C3", "tankldr"),
        _u("t1", "C4", "tank"),
        _u("cpl", "C4", "cpl"),
        _u("i1", "D3"),
        _u("b1", "K8", "inf", "b"),
    ]
    pos = pg(make_position, units, counters_extra=RANKED)
    got, combat = _names(activation.declare(pos, ("tl",)))
    assert got == {"tl", "t1"} and combat == got


def test_t7_sgt_and_tank_leader_stacked_activate_both_kinds(make_position: Any, pg: Any) -> None:
    # T7 (5.45): SGT + tank leader + INF + AFV self-activate: all may combat-move; adjacent AFVs, the CPL,
    # non-AFVs and APCs are activatable too
    units = [
        _u("sgt", "C3", "sgt"),
        _u("tl", "C3", "tankldr"),
        _u("i1", "C3"),
        _u("t1", "C3", "tank"),
        _u("t2", "C4", "tank"),
        _u("cpl", "D3", "cpl"),
        _u("i2", "B3"),
        _u("apc", "D3", "apc"),
        _u("b1", "K8", "inf", "b"),
    ]
    pos = pg(make_position, units, counters_extra=RANKED)
    got, combat = _names(activation.declare(pos, ("sgt", "tl")))
    assert {"i1", "t1", "t2", "cpl", "i2", "apc"} <= got
    assert {"i1", "t1", "t2", "i2", "apc"} <= combat


def test_t8_without_the_tank_leader_the_stacked_afv_goes_but_may_not_combat_move(
    make_position: Any, pg: Any
) -> None:
    # T8 (5.45): the AFV in the SGT's stack may be activated but not combat-move; adjacent AFVs are not
    units = [
        _u("sgt", "C3", "sgt"),
        _u("i1", "C3"),
        _u("t1", "C3", "tank"),
        _u("t2", "C4", "tank"),
        _u("apc", "D3", "apc"),
        _u("b1", "K8", "inf", "b"),
    ]
    pos = pg(make_position, units, counters_extra=RANKED)
    got, combat = _names(activation.declare(pos, ("sgt",)))
    assert "t1" in got and "t1" not in combat and "t2" not in got
    assert "apc" in combat  # 5.43: either leader type activates APCs


def test_a_disrupted_leader_reaches_his_own_hex_only_and_a_demoralized_one_nobody(
    make_position: Any, pg: Any
) -> None:
    units = [
        _u("sgt", "C3", "sgt", "a", "disrupted"),
        _u("i1", "C3"),
        _u("i2", "C4"),
        _u("lt", "H3", "lt", "a", "demoralized"),
        _u("b1", "K8", "inf", "b"),
    ]
    pos = pg(make_position, units, counters_extra=RANKED)
    assert _names(activation.declare(pos, ("sgt",)))[0] == {"sgt", "i1"}  # 3.12, 5.44
    with pytest.raises(IllegalAction, match=r"3\.12"):
        activation.declare(pos, ("lt",))


def test_a_leader_activation_is_one_segment_for_all_its_units(make_position: Any, pg: Any) -> None:
    # 3.1: the side with three segments activates its SGT; both infantry move in that one segment, then the
    # other side acts; the leader is marked (6.2), the units too (3.13)
    units = [_u("sgt", "C3", "sgt"), _u("i1", "C3"), _u("i2", "C4"), _u("b1", "K8", "inf", "b")]
    pos = pg(make_position, units, a=6, b=5, counters_extra=RANKED)  # 9 against 7: one segment
    assert pos.to_act == "a" and pos.state.flow.segments == 1
    assert act.Activate(("sgt",)) in pos.legal_actions and act.Activate(("sgt",)) in list(pos.legal_actions)
    pos.push_text("activate sgt")
    pos.push_text("answer none")  # 3.13: both declared to move
    pos.push_text("move i1 C3-D3")
    assert pos.to_act == "a"  # the activation is still open: i2 has not acted
    with pytest.raises(IllegalAction, match=r"3\.1"):
        pos.push_text("activate sgt")
    pos.push_text("move i2 C4-D4")
    assert pos.to_act == "b"  # every activated unit has acted: the segment is over
    assert all(pos.units[u].has("moved_fired") for u in ("sgt", "i1", "i2"))


def test_done_ends_an_activation_without_counting_as_a_pass(make_position: Any, pg: Any) -> None:
    units = [_u("sgt", "C3", "sgt"), _u("i1", "C3"), _u("i2", "C4"), _u("b1", "K8", "inf", "b")]
    pos = pg(make_position, units, a=6, b=5, counters_extra=RANKED)
    pos.push_text("activate sgt")
    pos.push_text("answer none")  # 3.13: both declared to move
    pos.push_text("move i1 C3-D3")
    assert pos.game.done_action(pos) == act.Pass()
    pos.push_text("pass")  # done: the activation ends
    assert pos.to_act == "b" and pos.phase.id == "action" and pos.state.flow.passes == 0
    assert not pos.units["i2"].has("moved_fired") and pos.units["sgt"].has("moved_fired")
    pos.push_text("pass")  # b passes; a's own pass now would end the phase
    assert pos.phase.id == "action" and pos.to_act == "a"
    assert str(pos.replay()) == str(pos)


def test_units_outside_the_activation_may_not_act_in_it(make_position: Any, pg: Any) -> None:
    units = [_u("sgt", "C3", "sgt"), _u("i1", "C3"), _u("far", "H1"), _u("b1", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED)
    pos.push_text("activate sgt")
    with pytest.raises(IllegalAction, match=r"3\.1"):
        pos.push_text("move far H1-H2")


def test_t6_leader_activated_units_may_close_on_a_threat_self_activated_ones_may_not(
    make_position: Any, pg: Any
) -> None:
    # 5.4: i1 is 3 hexes from the enemy HMG (range 5): self-activated it may not step closer; activated by
    # the adjacent SGT it may
    units = [_u("sgt", "B3", "sgt"), _u("i1", "C3"), _u("b1", "F3", "hmg7", "b")]
    pos = pg(make_position, units, counters_extra=RANKED)
    closer = pos.map.parse_label("D3")
    assert closer not in pos.legal_actions.moves_for({"i1"})
    pos.push_text("activate sgt")
    assert closer in pos.legal_actions.moves_for({"i1"})


def test_at_night_only_led_units_enter_hexes_their_side_does_not_control(make_position: Any, pg: Any) -> None:
    # 5.5: the infantry holds C3 only (the scenario gives the hexes around it to b, 1.2); self-activated it
    # may not step into a hex its side does not control by night
    units = [_u("sgt", "B3", "sgt"), _u("i1", "C3"), _u("b1", "K8", "inf", "b")]
    first = pg(make_position, units, counters_extra=RANKED)
    c3 = first.map.parse_label("C3")
    around = {first.label(h): "b" for h in first.map.neighbors(c3) if h in first.map.hexes}
    night = {"light": "night", "night_spotting": 1, "control": around}
    pos = pg(make_position, units, counters_extra=RANKED, options=night)
    assert pos.legal_actions.moves_for({"i1"}) == {}
    pos.push_text("activate sgt")
    assert pos.map.parse_label("C4") in pos.legal_actions.moves_for({"i1"})


def test_a_leader_commands_no_other_nation_s_units_or_leaders(make_position: Any, pg: Any) -> None:
    """3.12: a leader may activate other formations of his own nation, but never another nation's units,
    even an ally's: the German MAJ's chain of T9 stops at a Hungarian LT next to him, and the Hungarian unit
    there is not his; the Hungarian LT activates his own."""
    hun = {"hun-lt": {**RANKED["lt"], "nation": "HU"}, "hun-inf": {**COUNTERS["inf"], "nation": "HU"},
           "ger-maj": {**RANKED["maj"], "nation": "DE"}, "ger-inf": {**COUNTERS["inf"], "nation": "DE"}}
    units = [_u("maj", "C3", "ger-maj"), _u("i1", "C3", "ger-inf"), _u("lt", "D3", "hun-lt"),
             _u("h2", "D3", "hun-inf"), _u("b1", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra={**RANKED, **hun})
    got, _ = _names(activation.declare(pos, ("maj",)))
    assert got == {"maj", "i1"}
    got_lt, _ = _names(activation.declare(pos, ("lt",)))
    assert got_lt == {"lt", "h2"}
