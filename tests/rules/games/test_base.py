"""The Position API: push/pop and state = fold(log), parsing against the position, the text forms,
hidden information, the sequence of play and the outcome at the turn limit."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import AmbiguousAction, IllegalAction, InvalidAction, RulesError
from hexmate.rules.games import get_game, list_games

PLAY = [
    "move ger-sq3 DK3-DL3",
    "answer pass",  # the Russians let it enter DL3 without Defensive First Fire (A8.1)
    "move ger-sq5 DI4-DI5",
    "end",  # -> DFPh
    "end",  # -> AFPh
    "end",  # -> RtPh
    "answer none",  # the Russians break nobody voluntarily (A10.41); nobody routs (A10.5) -> APh
]


@pytest.fixture
def asl_demo() -> Any:
    game = get_game("asl")
    return game.new_position(game.load_scenario(game.demo_scenario_path))


def test_registry_lists_and_builds_every_game() -> None:
    assert set(list_games()) == {"asl", "pg", "fireteam", "sw"}
    for name in list_games():
        game = get_game(name)
        assert game.name == name and game.title
        assert get_game(name.upper()) is game
    with pytest.raises(RulesError, match="unknown game 'chess'"):
        get_game("chess")


@pytest.mark.parametrize("name", ["asl", "pg", "fireteam", "sw"])
def test_every_game_loads_its_demo_and_has_legal_moves(name: str) -> None:
    game = get_game(name)
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    assert pos.charts.demo
    assert pos.legal_actions.count() >= 1
    # drive each game into its movement phase and find a legal move
    if name == "pg":  # 3.0 A: each side rolls its initiative die (6 + 3 against 1 + 2)
        pos.push_text("answer dice 6")
        pos.push_text("answer dice 1")
    for _ in range(4):
        if any(isinstance(a, act.Move) for a in pos.legal_actions):
            break
        pos.push(next(iter(pos.legal_actions)))
    moves = [a for a in pos.legal_actions if isinstance(a, act.Move)]
    assert moves, str(pos)
    pos.push(moves[0])
    assert pos.units[moves[0].units[0]].hex == moves[0].path[-1]


def test_push_pop_and_replay_fold_the_log(asl_demo: Any) -> None:
    pos = asl_demo
    snapshots = [str(pos)]
    for text in PLAY:
        pos.push_text(text)
        snapshots.append(str(pos))
    assert pos.phase.id == "APh"
    assert str(pos.replay()) == str(pos)  # state = fold(log)
    for expected in reversed(snapshots[:-1]):
        pos.pop()
        assert str(pos) == expected
    with pytest.raises(IllegalAction):
        pos.pop()


def test_log_text_round_trips_through_the_game_parser(asl_demo: Any) -> None:
    pos = asl_demo
    for text in PLAY[:3]:
        pos.push_text(text)
    texts = [pos.action_text(a) for a in pos.log]
    assert texts[:2] == ["move ger-sq3,ger-mmg DK3-DL3 cost 1", "answer pass"]  # its MMG goes with it (A4.43)
    assert [get_game("asl").parse_action(t, pos.map) for t in texts] == list(pos.log)


def test_parse_action_resolves_prefixes_and_reports_ambiguity(asl_demo: Any) -> None:
    pos = asl_demo
    assert pos.parse_action("move ger-sq3 DK3-DL3").units == ("ger-sq3",)  # type: ignore[attr-defined]
    assert pos.parse_action("move ger-9 DJ3-DJ2").units == ("ger-9-1",)  # type: ignore[attr-defined]
    with pytest.raises(AmbiguousAction, match="ger-sq1, ger-sq2"):
        pos.parse_action("move ger-sq DJ3-DJ2")
    with pytest.raises(InvalidAction, match="no unit"):
        pos.parse_action("move nobody DJ3-DJ2")
    with pytest.raises(InvalidAction, match="not a hex of this map"):
        pos.parse_action("move ger-sq3 DK3-ZZ99")


def test_one_line_text_form(asl_demo: Any) -> None:
    text = str(asl_demo)
    assert text.startswith("asl T1 MPh phasing=ger to_act=ger | ")
    assert "rus-sq1@DR5?" in text and "\n" not in text


def test_hidden_units_stay_hidden_from_the_enemy(asl_demo: Any) -> None:
    german_view = asl_demo.view("ger")
    hidden = [u for u in german_view if u["side"] == "rus" and u.get("concealed")]
    assert hidden and all(set(u) == {"id", "side", "hex", "concealed"} for u in hidden)
    assert not any(u["id"].startswith("rus-sq1") for u in german_view)
    russian_view = asl_demo.view("rus")
    assert any(u["id"] == "rus-sq1" and u["counter"] == "4-4-7" for u in russian_view)


def test_sequence_of_play_prompts_cite_rules() -> None:
    for name in list_games():
        for step in get_game(name).sequence.steps:
            assert step.phase.rule and step.phase.rule in step.phase.prompt_text()


def test_turn_limit_ends_the_game(make_position: Any) -> None:
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
        {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "H8"},
    ]
    pos = make_position("asl", units, "CCPh", turns=1, first_side="b")
    assert pos.phasing == "a" or pos.phasing == "b"
    while pos.outcome() is None:
        pos.push_text("end")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is None and "turn limit (1)" in outcome.reason
    with pytest.raises(IllegalAction, match="over"):
        pos.push_text("end")
    assert pos.legal_actions.count() == 0


@pytest.mark.parametrize("name", ["asl", "pg", "fireteam", "sw"])
def test_every_legal_action_text_round_trips(name: str) -> None:
    game = get_game(name)
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    if name == "pg":
        pos.push_text("answer dice 6")
        pos.push_text("answer dice 1")
    actions = list(pos.legal_actions)
    assert len(actions) > 5
    for action in actions:
        text = pos.action_text(action)
        assert game.parse_action(text, pos.map) == action, text
        assert pos.parse_action(text) == action


def test_the_record_replays(asl_demo: Any) -> None:
    from hexmate.rules.games import Position

    for text in PLAY:
        asl_demo.push_text(text)
    texts = asl_demo.log_texts()
    again = Position.from_log(asl_demo.game, asl_demo.scenario, asl_demo.map, asl_demo.charts, texts)
    assert str(again) == str(asl_demo) and again.log == asl_demo.log


def test_the_last_fire_keeps_its_worked_result(asl_demo: Any) -> None:
    asl_demo.push_text("end")  # Russian DFPh
    asl_demo.push_text("fire rus-sq2 at DK4 dice 3,4")
    res = asl_demo.last_resolution
    assert res is not None and res.demo and res.to_dict()["demo"] is True
    asl_demo.pop()
    assert asl_demo.last_resolution is None


def test_fireteam_done_button_and_sequence_follow_the_flow() -> None:
    game = get_game("fireteam")
    seq = game.sequence
    action = seq.phase("action")
    assert action.acts == "impulse" and action.end == "game"  # the chit drawn names the side [4.1]
    reaction = action.reaction("enter")
    assert reaction is not None and reaction.actions == frozenset({"fire"}) and reaction.rule == "7.0"
    assert seq.phase("end").end == "auto" and seq.phase("prep").end == "both_done"
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    assert pos.decision is not None and pos.decision.then == "draw"
    assert game.done_action(pos) is None  # a chit is drawn with the dice
    pos.push_text("answer dice 10,8")  # the US 3-chit
    assert game.done_action(pos) == act.Pass()  # end the impulse
    pos.push_text("move us-sq2 DK4-DL4")
    assert game.done_action(pos) == act.Answer(choice="pass")  # let the mover go on (no opportunity fire)
    pos.push_text("fire sov-mg at DL4")
    assert game.done_action(pos) is None  # a roll waits for the dice
    pos.push_text("answer dice 10")
    pos.push_text("answer pass")
    pos.push_text("pass")
    assert pos.decision is not None and pos.decision.then == "draw"


def test_sw_attack_keeps_its_worked_result_and_pop_takes_it_back() -> None:
    game = get_game("sw")
    pos = game.new_position(game.load_scenario(game.demo_scenario_path))
    for text in ("move g-I 2811-2711-2611-2511", "move g-II 2812-2712-2612-2512",
                 "move g-2A 2911-2811-2711-2611", "end"):
        pos.push_text(text)
    pos.push_text("attack g-I,g-II at 2411 dice 4")  # the declaration and its CRT roll in one log entry
    res = pos.last_resolution  # 8:3 = 2:1, the city 1L, all elan 1R: the 2:1 column, a 4: 1/2 (demo values)
    assert res is not None and res.demo and res.results == {"attacker": "1", "defender": "2"}
    assert pos.decision is not None and pos.decision.then == "loss" and pos.to_act == "ent"
    assert pos.log_texts()[-1] == "attack g-I,g-II at 2411 dice 4"
    pos.pop()
    assert pos.last_resolution is None and pos.decision is None and pos.phase.id == "combat"
