"""ASL prisoners through the game (A20): surrender in the RtPh (A20.21) and No Quarter (A20.3), guards and
their limit (A20.5, A20.51), prisoners going with their guard (A20.53), massacre (A20.4) and the doubled VP of
a guarded prisoner (A20.1). Counters from the demo catalogue (demo values) on an open test map."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.asl import victory

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def to_rout(make_position: Any, units: list[dict[str, Any]], **kw: Any) -> Any:
    """From the AFPh into the RtPh, whose start works out routs and surrenders (A10.5, A20.21)."""
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, sides=SIDES, **kw)
    pos.push_text("end")
    assert pos.phase.id == "RtPh"
    return pos


def held(uid: str, counter: str, guard: str) -> dict[str, Any]:
    """A prisoner at the start, on its guard's hex C2 (A20.5)."""
    return {"id": uid, "counter": counter, "side": uid[0], "hex": "C2", "markers": ["prisoner"],
            "carrier": guard}


def cornered(*markers: str) -> list[dict[str, Any]]:
    """A broken Russian squad in the open beside a German squad: any rout away crosses Open Ground in the
    German's LOS and normal range (A10.53), so it surrenders (A20.21)."""
    return [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
        {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["broken", *markers]},
        {"id": "b-mg", "counter": "LMG", "side": "b", "hex": "C3", "carrier": "b-1"},
    ]


def test_a_cornered_broken_unit_surrenders_and_goes_to_its_guard(make_position: Any) -> None:
    pos = to_rout(make_position, cornered())
    top = pos.decision
    assert top is not None and top.then == "surrender" and top.side == "a" and top.rule == "A20.21"
    assert top.units == ("a-1",) and top.choices == ("refuse",)
    pos.push_text("answer units a-1")
    b1 = pos.units["b-1"]
    assert b1.has("prisoner") and not b1.has("broken") and b1.carrier == "a-1"
    assert b1.hex == pos.units["a-1"].hex
    lmg = pos.units["b-mg"]  # A20.24: its SW stays behind, unpossessed
    assert lmg.carrier is None and pos.label(lmg.hex) == "C3"
    assert victory.cvp(pos, "a") == 2  # A26.222: its normal 2 VP during play
    assert victory.cvp(pos.at(pos.state.replace(over=True)), "a") == 4  # A20.1: twice if guarded at the end
    assert any("twice their VP" in line for line in pos.game.status(pos))


def test_no_quarter_eliminates_the_stack_and_the_enemy_never_surrenders_again(make_position: Any) -> None:
    pos = to_rout(make_position, cornered())
    pos.push_text("answer refuse")
    assert "b-1" not in pos.units and pos.units["b-mg"].carrier is None
    assert pos.game.gstate(pos.state).no_quarter == ("a",)
    assert any("refused quarter" in line for line in pos.game.status(pos))
    from hexmate.rules.games.asl import prisoners

    again = to_rout(make_position, cornered())
    assert prisoners.may_surrender(again.game, again, again.units["b-1"])
    refused = again.at(again.state.replace(game=again.game.gstate(again.state).replace(no_quarter=("a",))))
    assert not prisoners.may_surrender(refused.game, refused, refused.units["b-1"])  # A20.3


def test_a_pinned_broken_unit_does_not_surrender(make_position: Any) -> None:
    pos = to_rout(make_position, cornered("pinned"))
    assert pos.decision is None or pos.decision.then != "surrender"


def test_a_unit_with_a_safe_rout_routs_instead(make_position: Any) -> None:
    """Woods one hex away, out of the German's reach by LOS: a rout to shelter, no surrender."""
    pos = to_rout(make_position, cornered(), hexes={"C4": "woods", "B3": "woods", "D3": "woods"})
    assert pos.decision is not None and pos.decision.then in ("rout", "rout_leader")


def test_prisoners_move_with_their_guard_and_make_no_close_combat(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
        held("b-1", "4-4-7r", "a-1"),
        {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H5"},
    ]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match=r"prisoner: it moves only with its guard.*A20\.53"):
        pos.push_text("move b-1 C2-C3")
    pos.push_text("move a-1 C2-D2")
    if pos.decision is not None:
        pos.push_text("answer pass")  # the Russian squad does not fire at the move (A8.1)
    assert pos.label(pos.units["b-1"].hex) == "D2" and pos.units["b-1"].carrier == "a-1"
    from hexmate.rules.games.asl import cc

    assert cc.locations(pos) == []  # A20.55: the prisoner attacks its guard only to escape


def test_prisoners_pass_between_guards_within_five_times_the_us_number(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
        {"id": "a-l", "counter": "8-0", "side": "a", "hex": "C2"},
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
        *({"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C2", "markers": ["prisoner"],
           "carrier": "a-1"} for i in (1, 2)),
    ]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)
    assert {"transfer b-1 to a-l", "transfer b-1 to a-2"} <= {a.text() for a in pos.legal_actions}
    pos.push_text("transfer b-1 to a-l")  # a leader's US# is 1: he holds 5, a squad prisoner is 3 (A1.6)
    with pytest.raises(IllegalAction, match=r"at most five times its US# \(5\).*A20\.51"):
        pos.push_text("transfer b-2 to a-l")
    pos.push_text("transfer b-2 to a-2")
    assert pos.units["b-1"].carrier == "a-l" and pos.units["b-2"].carrier == "a-2"


def test_a_guard_gone_hands_his_prisoners_on_or_they_are_unarmed_and_free(make_position: Any) -> None:
    from hexmate.rules.games.asl import prisoners

    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
        held("b-1", "4-4-7r", "a-1"),
    ]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)
    state = prisoners.follow(pos.state.without_unit("a-1"))
    assert state.units["b-1"].carrier == "a-2"  # A20.5: another unit there becomes the guard
    state = prisoners.follow(state.without_unit("a-2"))
    freed = state.units["b-1"]
    assert not freed.has("prisoner") and freed.has("unarmed") and freed.carrier is None


def test_a_russian_guard_massacres_his_prisoners(make_position: Any) -> None:
    units = [
        {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"},
        held("a-1", "4-6-7", "b-1"),
        {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"},
    ]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, sides=SIDES, first_side="b",
                        options={"elr": {"a": 3, "b": 2}})
    pos.push_text("fire b-1 at C2")
    assert "a-1" not in pos.units
    gs = pos.game.gstate(pos.state)
    assert gs.massacred == ("b",) and gs.no_quarter == ("b",)  # A20.4, with A20.3's penalties


def test_a_german_may_not_massacre(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
        held("b-1", "4-4-7r", "a-1"),
        {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H5"},
    ]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match=r"only SS, Japanese, Partisan, Russian or berserk.*A20\.4"):
        pos.push_text("fire a-1 at C2")


def test_a_disrupted_unit_surrenders_even_with_a_safe_rout(make_position: Any) -> None:
    """A20.21: Disrupted (A19.12), it surrenders to the enemy beside it though the woods are open to it."""
    pos = to_rout(make_position, cornered("disrupted"), hexes={"C4": "woods", "B3": "woods", "D3": "woods"})
    assert pos.decision is not None and pos.decision.then == "surrender"


def test_a_guard_of_more_us_than_his_own_fires_at_nothing_else(make_position: Any) -> None:
    """A20.52: a HS (US# 2) guarding a squad (US# 3) may not fire at other units; a squad guarding one may."""
    units = [{"id": "a-h", "counter": "2-4-7", "side": "a", "hex": "C2"}, held("b-1", "4-4-7r", "a-h"),
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"}, held("b-2", "4-4-7r", "a-1"),
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "C5"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match=r"a-h guards prisoners of more US# than its own.*A20\.52"):
        pos.push_text("fire a-h at C5")
    pos.push_text("fire a-1 at C5")  # US# 3 guarding 3: free to fire
    assert pos.decision is not None and pos.decision.then == "ift"


def test_a_leader_guards_what_he_can_and_the_rest_is_released_unarmed(make_position: Any) -> None:
    """A20.51: an 8-0 (US# 1) holds 5 US#: of two broken squads (3 each) surrendering to him he keeps one; the
    other is released Unarmed (A20.21)."""
    units = [
        {"id": "a-l", "counter": "8-0", "side": "a", "hex": "C2"},
        {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["broken"]},
        {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["broken"]},
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C5"},
    ]
    pos = to_rout(make_position, units)
    assert pos.decision is not None and pos.decision.then == "surrender" and pos.decision.units == ("a-l",)
    pos.push_text("answer units a-l")
    assert pos.units["b-1"].has("prisoner") and pos.units["b-1"].carrier == "a-l"
    b2 = pos.units["b-2"]
    assert b2.has("unarmed") and not b2.has("prisoner") and not b2.has("broken") and b2.carrier is None
    unarmed = make_position("asl", [*units[:1], {**units[2], "markers": ["unarmed"]}, units[3]], "PFPh",
                                  counters=COUNTERS, sides=SIDES, first_side="b")
    with pytest.raises(IllegalAction, match=r"unarmed unit or a prisoner never fires.*A20\.5"):
        unarmed.push_text("fire b-2 at C2")


def test_a20_51_two_prisoner_hs_become_one_unarmed_squad(make_position: Any) -> None:
    """A20.51: the captor may swap two prisoner HS for one unarmed squad (its former abilities lost): two
    Russian 2-2-7r HS held by a 4-6-7 become one 4-4-7r squad (the squad that reduces to that HS), still his
    prisoner. A squad and a HS, or HS of two guards, may not be swapped."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
             held("b-1", "2-2-7r", "a-1"), held("b-2", "2-2-7r", "a-1"), held("b-3", "2-2-7r", "a-2"),
             held("b-4", "4-4-7r", "a-1")]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match="not prisoners of one guard") as e:
        pos.game.check(pos, pos.parse_action("transfer b-1 to b-3"))
    assert e.value.rule == "A20.51"
    with pytest.raises(IllegalAction, match="only two prisoner HS"):
        pos.game.check(pos, pos.parse_action("transfer b-1 to b-4"))
    pos.push(pos.parse_action("transfer b-1 to b-2"))
    assert "b-1" not in pos.units
    squad = pos.units["b-2"]
    assert squad.name == "4-4-7r" and squad.has("prisoner") and squad.carrier == "a-1"


def test_a20_4_a_berserk_unit_with_prisoners_massacres_them_at_its_fire_phase(make_position: Any) -> None:
    """A20.4: a berserk German squad in the Location of Russian prisoners (held by another German) eliminates
    them at the start of its PFPh and is berserk no more; the Germans have massacred (the Russian ELR +1) and
    refused quarter (A20.3). Another Location's prisoners are not touched."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2", "markers": ["berserk"]},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"}, held("b-1", "4-4-7r", "a-2"),
             {"id": "a-3", "counter": "4-6-7", "side": "a", "hex": "H5"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H5", "markers": ["prisoner"],
              "carrier": "a-3"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)
    while pos.phase.id == "RPh":
        pos.push_text("end")
    assert pos.phase.id == "PFPh"
    assert "b-1" not in pos.units and "b-2" in pos.units
    assert not pos.units["a-1"].has("berserk")
    gs = pos.game.gstate(pos.state)
    assert gs.massacred == ("a",) and gs.no_quarter == ("a",)
