"""The core's interaction model on a toy game: decisions and their answers, flow from the sequence data
(both_done, both_pass with segments, auto), moves carried out hex by hex with reaction windows, the done
button, physical changes, and state = fold(log) through all of it."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any, ClassVar

import pytest
from hexmate.rules import actions as act
from hexmate.rules.decisions import BOTH, Decision
from hexmate.rules.dice import ASL_DR, DiceSpec
from hexmate.rules.errors import IllegalAction, InvalidAction, RulesError
from hexmate.rules.games.base import Game, Position, State
from hexmate.rules.hexes import distance
from hexmate.rules.scenario import Scenario
from hexmate.rules.sequence import SequenceOfPlay

from .conftest import ASL_COUNTERS, scenario_dict, small_map

PHASES: list[dict[str, Any]] = [
    {"id": "rally", "name": "Rally", "rule": "T1", "acts": "both", "actions": ["end_phase"],
     "ends": "both done", "prompt": "rally"},
    {"id": "move", "name": "Move", "rule": "T2", "acts": "phasing", "actions": ["move", "fire", "end_phase"],
     "ends": "done", "prompt": "move",
     "reactions": [{"on": "enter", "actions": ["fire"], "rule": "T2.5"}]},
    {"id": "act", "name": "Act", "rule": "T3", "acts": "alternating", "segments": "initiative",
     "actions": ["fire", "pass"], "ends": "two passes", "prompt": "act"},
    {"id": "admin", "name": "Admin", "rule": "T4", "acts": "engine", "actions": [], "ends": "auto",
     "prompt": "nothing"},
]


class Toy(Game):
    """A game made only of the core's mechanisms: fire opens a roll, the roll a secret or a choice."""

    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    dice: ClassVar[dict[str, DiceSpec]] = {"DR": ASL_DR}
    flip_markers: ClassVar[frozenset[str]] = frozenset({"broken"})
    marker_counters: ClassVar[frozenset[str]] = frozenset({"pinned"})

    @cached_property
    def sequence(self) -> SequenceOfPlay:
        return SequenceOfPlay.from_dict({"game": "toy", "rule": "T", "parts": [
            {"side": "first", "phases": PHASES[:2]}, {"side": "second", "phases": PHASES[:2]},
            {"side": "none", "phases": PHASES[2:]}]})

    def on_phase_start(self, position: Position) -> State:
        state = position.state
        if position.phase.id == "act":  # two segments for the first actor, as an initiative roll would give
            return state.replace(flow=type(state.flow)(active=position.scenario.first_side, segments=2))
        return state

    def check(self, position: Position, action: act.Action) -> act.Action:
        if isinstance(action, act.Move):
            return action
        if isinstance(action, act.Fire):
            if position.units[action.firers[0]].side != position.to_act:
                raise IllegalAction("not yours", "T9")
            return action
        raise IllegalAction("no", "T0")

    def apply(self, position: Position, action: act.Action) -> State:
        assert isinstance(action, act.Fire)
        side = position.units[action.firers[0]].side
        return position.state.push(Decision("roll", side, "roll for the fire", "T5", "fire", dice="DR",
                                            subject=action.firers, target=action.target))

    def generate(self, position: Position) -> Iterator[act.Action]:
        yield from ()

    def resume_fire(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        state = position.state
        assert answer.dice is not None and decision.target is not None
        side = state.units[decision.subject[0]].side
        targets = [u for u in position.units_at(decision.target) if u.side != side]
        if sum(answer.dice) <= 4:  # a hit: the owner picks who breaks, then both sides declare in secret
            return state.push(
                Decision("units", targets[0].side, "who breaks", "T6", "breaks",
                         units=tuple(u.id for u in targets)),
                Decision("secret", BOTH, "declare", "T7", "declared", choices=("hold", "run")),
            )
        if sum(answer.dice) >= 11:
            return state.push(Decision("hexes", targets[0].side, "retreat", "T8", "retreat",
                                       hexes=tuple(position.map.neighbors(decision.target))[:2],
                                       subject=(targets[0].id,), choices=("stay",)))
        return state

    def resume_breaks(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        return position.state.with_unit(position.units[answer.units[0]].mark("broken", "pinned"))

    def resume_declared(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        self.secrets = dict(decision.answers)
        return position.state

    def resume_retreat(self, position: Position, decision: Decision, answer: act.Answer) -> State:
        if answer.choice == "stay":
            return position.state.with_unit(position.units[decision.subject[0]].mark("pinned"))
        return position.state.without_unit(decision.subject[0])

    def can_react(self, position: Position, side: str) -> bool:
        moving = position.state.moving
        assert moving is not None
        return any(u.side == side and u.hex is not None and distance(u.hex, moving.here) <= 2
                   for u in position.units.values())

    def can_continue(self, position: Position) -> bool:
        moving = position.state.moving
        assert moving is not None
        return not any(position.units[u].has("broken") for u in moving.units if u in position.units)


def _toy(first_phase: str = "rally", turns: int = 3) -> Position:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C6"},
             {"id": "b-2", "counter": "4-4-7", "side": "b", "hex": "C6"}]
    scen = Scenario.from_dict(scenario_dict("toy", units, ASL_COUNTERS, first_phase, "a", turns), "toy")
    return Toy().new_position(scen, charts=_charts(), hex_map=small_map("asl"))


def _charts() -> Any:
    from hexmate.rules.games import get_game

    return get_game("asl").load_charts()


def test_both_done_hands_the_phase_to_the_other_side_then_ends_it() -> None:
    pos = _toy()
    assert (pos.phase.id, pos.to_act) == ("rally", "a")
    assert pos.game.done_action(pos) == act.EndPhase()
    pos.push(act.EndPhase())
    assert (pos.phase.id, pos.to_act) == ("rally", "b")
    pos.push(act.EndPhase())
    assert (pos.phase.id, pos.to_act) == ("move", "a")


def test_alternating_segments_and_two_passes_end_the_phase_then_auto_phases_run() -> None:
    pos = _toy("act")
    assert pos.to_act == "a" and pos.state.flow.segments == 2
    pos.push_text("fire a-1 at C6 dice 3,4")  # a miss: the segment is used once nothing is open
    assert pos.to_act == "a" and pos.state.flow.segments == 1
    pos.push_text("fire a-2 at C6 dice 3,4")
    assert pos.to_act == "b"
    assert pos.game.done_action(pos) == act.Pass()
    pos.push(act.Pass())
    assert pos.to_act == "a"
    pos.push_text("fire a-1 at C6 dice 3,5")  # an action in between: the passes start again
    pos.push(act.Pass())
    assert pos.phase.id == "act" and pos.to_act == "a"
    pos.push(act.Pass())
    # the admin phase is 'auto': it ends at once and turn 2 begins with the first side's rally
    assert (pos.turn, pos.phase.id, pos.to_act) == (2, "rally", "a")
    with pytest.raises(IllegalAction, match="no passing"):
        pos.push(act.Pass())


class ToyWithDuty(Toy):
    """A game that bars passing while a broken unit of the side to act is on the board (as PG 3.0 B bars it
    while a demoralized unit has not tried to recover)."""

    def check_pass(self, position: Position) -> None:
        if any(u.side == position.to_act and u.has("broken") for u in position.units.values()):
            raise IllegalAction("a broken unit must act first", "T3.1")


def test_a_game_may_bar_passing_through_check_pass() -> None:
    pos = _toy("act")
    duty = ToyWithDuty().new_position(pos.scenario, charts=pos.charts, hex_map=pos.map)
    duty._states[-1] = duty.state.with_unit(duty.units["a-1"].mark("broken"))
    assert act.Pass() in list(pos.legal_actions) and act.Pass() not in duty.legal_actions
    assert act.Pass() not in list(duty.legal_actions)
    with pytest.raises(IllegalAction, match=r"T3.1"):
        duty.push(act.Pass())
    pos.push(act.Pass())  # the plain game lets it pass
    assert pos.to_act == "b"


def test_decisions_nest_and_take_only_their_answers() -> None:
    pos = _toy("act")
    pos.push_text("fire a-1 at C6")
    assert pos.decision is not None and pos.decision.kind == "roll"
    assert act.Answer(dice=(1, 1)) in pos.legal_actions and act.Answer(dice=(7, 1)) not in pos.legal_actions
    with pytest.raises(IllegalAction, match="first answer the open decision: roll for the fire"):
        pos.push(act.Pass())
    with pytest.raises(InvalidAction):
        pos.push_text("answer dice 7,1")
    pos.push_text("answer dice 1,2")  # a hit: b chooses who breaks, then both declare in secret
    assert pos.decision.kind == "units" and pos.to_act == "b"
    assert {a.text() for a in pos.legal_actions} == {"answer units b-1", "answer units b-2"}
    with pytest.raises(IllegalAction, match="not an answer to: who breaks"):
        pos.push_text("answer units a-1")
    pos.push_text("answer units b-2")
    assert pos.units["b-2"].has("broken")
    assert [(c.what, c.unit) for c in pos.changes] == [("flip", "b-2"), ("place", "b-2")]
    assert pos.decision.kind == "secret" and pos.to_act == "a"
    with pytest.raises(IllegalAction, match="answered once by each side"):
        pos.push_text("answer hold")
    pos.push_text("answer run by a")
    assert pos.decision.answers == (("a", "run"),) and pos.to_act == "b"
    with pytest.raises(IllegalAction, match="still to answer: b"):
        pos.push_text("answer hold by a")
    pos.push_text("answer hold by b")
    assert pos.decision is None and pos.game.secrets == {"a": "run", "b": "hold"}  # type: ignore[attr-defined]
    assert pos.to_act == "a" and pos.state.flow.segments == 1  # the whole fire was one segment
    assert str(pos.replay()) == str(pos)


def test_a_hexes_decision_takes_one_of_its_hexes() -> None:
    pos = _toy("act")
    pos.push_text("fire a-1 at C6 dice 6,6")
    top = pos.decision
    assert top is not None and top.kind == "hexes" and len(top.hexes) == 2
    far = pos.map.parse_label("H8")
    with pytest.raises(IllegalAction, match="retreat"):
        pos.push(act.Answer(hexes=(far,)))
    pos.push(act.Answer(hexes=(top.hexes[1],)))
    assert "b-1" not in pos.units and [c.what for c in pos.changes] == ["remove"]


def test_a_hexes_decision_may_offer_a_word_instead_and_done_gives_it() -> None:
    pos = _toy("act")
    pos.push_text("fire a-1 at C6 dice 6,6")
    top = pos.decision
    assert top is not None and top.choices == ("stay",)
    answers = {pos.action_text(a) for a in pos.legal_actions}
    assert "answer stay" in answers and len(answers) == 3  # two hexes and the word
    with pytest.raises(IllegalAction, match="not an answer to: retreat"):
        pos.push_text("answer go")
    assert pos.game.done_action(pos) == act.Answer(choice="stay")  # done takes the one word offered
    pos.push(act.Answer(choice="stay"))
    assert pos.units["b-1"].has("pinned") and pos.decision is None
    assert str(pos.replay()) == str(pos)


def test_a_units_decision_without_words_takes_no_word() -> None:
    pos = _toy("act")
    pos.push_text("fire a-1 at C6 dice 1,2")
    assert pos.decision is not None and pos.decision.kind == "units"
    assert pos.game.done_action(pos) is None
    with pytest.raises(IllegalAction, match="not an answer to: who breaks"):
        pos.push_text("answer retreat")


def test_a_move_is_carried_out_hex_by_hex_with_a_window_at_each_entry() -> None:
    pos = _toy("move")
    path = tuple(pos.map.parse_label(h) for h in ("C1", "C2", "C3", "C4"))
    pos.push(act.Move(("a-1",), path, 3))
    # C2 and C3 are more than 2 hexes from C6: no window there; C4 is within 2
    assert pos.decision is not None and pos.decision.kind == "react" and pos.to_act == "b"
    assert pos.label(pos.units["a-1"].hex) == "C4" and pos.state.moving is not None
    assert pos.game.done_action(pos) == act.Answer(choice="pass")
    with pytest.raises(IllegalAction, match="first answer"):
        pos.push(act.EndPhase())
    pos.push(act.Answer(choice="pass"))
    assert pos.decision is None and pos.state.moving is None and pos.state.moved == ("a-1",)
    assert pos.to_act == "a"


def test_a_reaction_that_breaks_the_mover_stops_it_where_it_stands() -> None:
    pos = _toy("move")
    path = tuple(pos.map.parse_label(h) for h in ("C2", "C3", "C4", "C5"))
    pos.push(act.Move(("a-2",), path, 3))
    assert pos.label(pos.decision.target) == "C4"
    assert pos.label(pos.physical_hex("a-2")) == "C5"  # the counter already stands on its destination
    pos.push_text("fire b-1 at C4 dice 1,1")  # a hit: a chooses who breaks among its movers
    pos.push_text("answer units a-2")
    pos.push_text("answer hold by a")
    pos.push_text("answer hold by b")
    assert pos.decision is not None and pos.decision.kind == "react"  # back to the window
    pos.push(act.Answer(choice="pass"))
    assert pos.state.moving is None and pos.label(pos.units["a-2"].hex) == "C4"
    assert pos.label(pos.physical_hex("a-2")) == "C4"  # the table must put it back on C4
    assert str(pos.replay()) == str(pos)


def test_an_all_auto_sequence_is_refused() -> None:
    toy = Toy()
    toy.__dict__["sequence"] = SequenceOfPlay.from_dict(
        {"game": "toy", "parts": [{"side": "none", "phases": [PHASES[3]]}]})
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"}]
    scen = Scenario.from_dict(scenario_dict("toy", units, ASL_COUNTERS, "admin", "a", 99), "toy")
    with pytest.raises(RulesError, match="does not come to rest"):
        toy.new_position(scen, charts=_charts(), hex_map=small_map("asl"))


def test_unknown_continuations_and_rolls_are_data_errors() -> None:
    pos = _toy("act")
    with pytest.raises(RulesError, match="no continuation 'nowhere'"):
        pos.game.continuation("nowhere")
    with pytest.raises(RulesError, match="no roll named 'd20'"):
        pos.game.dice_spec("d20")
