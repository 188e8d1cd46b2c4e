"""The game session over the real ASL demo position: the tracker's oracle, cached destinations, prompts,
hidden units and clear errors for a bad scenario or game."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hexmate.host.game import GameSession, SessionError
from hexmate.host.service.build import demo_scenario
from hexmate.rules.errors import RulesError
from hexmate.rules.hexes import distance


@pytest.fixture
def session() -> GameSession:
    return GameSession.load("asl", demo_scenario())


def test_oracle_answers_from_the_position(session) -> None:
    expected = session.expected()
    assert expected and all(session.position.units[u].hex == h for u, h in expected.items())
    unit = next(u for u in sorted(expected) if session.unit_summary(u)["side"] == session.to_act)
    moves = session.destinations([unit], expected[unit])
    assert moves and all(m.path[0] == expected[unit] for m in moves.values())
    assert moves == session.position.legal_actions.moves_for(frozenset({unit}))


def test_destinations_are_cached_until_the_position_changes(session) -> None:
    expected = session.expected()
    unit = next(u for u in sorted(expected) if session.unit_summary(u)["side"] == session.to_act)
    first = session.destinations([unit], expected[unit])
    assert session.destinations([unit], expected[unit]) is first
    near = min(first, key=lambda h: (distance(h, expected[unit]), session.label(h)))
    played = session.push_move([unit], first[near].path)
    assert unit in played.text and session.expected()[unit] == near and session.history == [played.text]
    again = session.destinations([unit], near)
    assert again is not first and near not in again


def test_a4_5_a_hex_lit_only_for_double_time_is_a_double_time_move_at_the_table(session) -> None:
    """The demo's 8-0 has 6 MF, 8 with Double Time (A4.5: +2 MF for a leader's stack, CX): DE1, 8 MF away,
    is lit for ``as cx`` alone; placing the leader there with the lit way of moving (the tracker's
    ``MoveRecognised.mode``) plays the Double Time move, CX; without it the plain move is refused for its
    8 MF."""
    start = session.expected()["ger-8-0"]
    lit = session.destinations(["ger-8-0"], start)
    de1 = session.map.parse_label("DE1")
    assert lit[de1].mode == "cx" and lit[de1].cost == 8
    plain = next(h for h, m in lit.items() if not m.mode)
    assert not lit[plain].mode  # a hex the plain move reaches stays a plain move
    with pytest.raises(RulesError):
        session.push_move(["ger-8-0"], lit[de1].path)  # a plain move: 8 MF of the leader's 6 (A4.11)
    played = session.push_move(["ger-8-0"], lit[de1].path, lit[de1].mode)
    assert played.text.endswith("as cx") and session.expected()["ger-8-0"] == de1
    assert session.position.units["ger-8-0"].has("cx")


def test_likely_groups_are_the_side_to_acts_units_and_stacks(session) -> None:
    groups = session.likely_groups()
    sides = {session.unit_summary(u)["side"] for g in groups for u in g}
    assert sides == {session.to_act}
    stacks = [g for g in groups if len(g) > 1]
    assert stacks and all(len({session.expected()[u] for u in g}) == 1 for g in stacks)
    assert session.warm(groups[0]) and not session.warm(groups[0])  # the second time it is cached


def test_prompt_names_phase_rule_and_side(session) -> None:
    prompt = session.prompt()
    side = next(s.name for s in session.scenario.sides if s.id == session.to_act)  # as players name it
    assert prompt.startswith(f"{session.phase} (") and f"{side} to act" in prompt
    assert re.search(r"\(A\d+(\.\d+)*\)", prompt)


def test_illegal_move_is_a_rules_error_and_changes_nothing(session) -> None:
    expected = session.expected()
    unit = next(u for u in sorted(expected) if session.unit_summary(u)["side"] == session.to_act)
    far = max(session.map.hexes, key=lambda h: distance(h, expected[unit]))
    with pytest.raises(RulesError):
        session.push_move([unit], (expected[unit], far))
    assert session.expected() == expected and session.history == []


def test_concealed_units_are_a_question_mark_to_others(session) -> None:
    unit_id, unit = next(iter(session.position.units.items()))
    state = session.position.state
    session.position._states[-1] = state.with_unit(dataclasses.replace(unit, concealed=True))
    assert session.unit_summary(unit_id, audience="shared") == {"id": "", "label": "?", "side": unit.side}
    assert session.unit_summary(unit_id, audience=unit.side)["id"] == unit_id


def test_bad_scenario_and_game_name_the_culprit(tmp_path) -> None:
    with pytest.raises(SessionError, match=r"scenario file .*nope\.json not found"):
        GameSession.load("asl", tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "hexmate-scenario/1", "game": "asl"}))
    with pytest.raises(SessionError, match=r"bad\.json"):
        GameSession.load("asl", bad)
    with pytest.raises(SessionError, match=r"unknown game 'chess'"):
        GameSession.load("chess", demo_scenario())


def test_an_asl_los_check_uses_the_locations_and_smoke(session) -> None:
    """`show los A B` on an ASL game goes through the game's LOS by Location (A6): a SMOKE counter on the line
    adds its hindrance with its rule (A24.2), and the unit's level is the end's height (A2.8)."""
    from hexmate.rules.games.asl.special import Smoke

    m = session.map
    a, mid, b = (m.parse_label(x) for x in ("DB2", "DC2", "DD2"))  # open ground on the demo board
    assert session.los(a, b).hindrance == 0
    gs = session.position.state.game
    smoked = session.position.state.replace(game=dataclasses.replace(gs, smoke=((mid, Smoke("grenade")),)))
    session.position = session.position.at(smoked)
    r = session.los(a, b)
    assert r.hindrance == 2 and r.rule == "A24.2" and "SMOKE +2 in DC2" in r.reason


def test_a_vehicles_one_hex_declarations_are_listed_but_not_its_moves() -> None:
    """The page lists ASL's in-place vehicle declarations (abandon, D5.41), which no lift and placement can
    make, but never a move (those are lifts and placements)."""
    s = GameSession.load("asl", demo_scenario().parent / "demo-armour.json")
    s.position.push_text("end")  # the German PFPh: on to the MPh
    assert s.position.phase.id == "MPh"
    texts = s.legal_texts(s.position.phasing)
    assert any(t.startswith("move ") and t.endswith(" as abandon") for t in texts)
    lifted = [t for t in texts if t.startswith("move ") and "-" in t.split()[2]]
    # D2.17, D3.12: a delay MP, spent in place (with a turret turn or not), is made by no placement: listed;
    # so is a turret turn with the MP entering a hex of the path (D3.1.2, voffers.py)
    assert lifted and all(" as delay" in t or re.search(r" as tca\d@\w+$", t) for t in lifted)
    assert "move ger-pz1 DL9-DL9 cost 1 as delay:tca2" in texts


def test_d3_1_2_turret_turns_along_a_path_are_listed() -> None:
    """D3.1.2: the German tank's moves turning the turret toward the enemy as it enters its last hex are
    listed (no lift makes them) and each is a legal action (D7.14's named Overruns: test_voffers.py)."""
    s = GameSession.load("asl", demo_scenario().parent / "demo-armour.json")
    s.position.push_text("end")
    texts = s.legal_texts(s.position.phasing)
    turns = [t for t in texts if re.search(r"^move ger-pz1 \S+ cost \S+ as tca\d@\w+$", t)]
    assert turns
    s.position.push_text(turns[0])  # a listed text is a legal action
    assert s.position.state.moving is not None or s.position.state.moved


def test_d9_31_armored_assault_partings_are_listed_after_the_other_actions() -> None:
    """D9.31: infantry beneath the AFV parting from it on the way is no single placement (the group is lifted
    and put down whole), so the page lists those moves; the joint moves stay lifts and placements."""
    s = GameSession.load("asl", demo_scenario().parent / "demo-armour.json")
    s.position.push_text("end")
    tank = s.position.units["ger-pz1"]
    squad = dataclasses.replace(s.position.units["ger-sq1"], hex=tank.hex)
    s.position = s.position.at(s.position.state.with_unit(squad))
    texts = s.legal_texts(s.position.phasing)
    parts = [t for t in texts if " as armored-assault:" in t]
    assert parts and not any(t.endswith(" as armored-assault") for t in texts)
    first = texts.index(parts[0])
    assert all(" as armored-assault:" in t or " as delay" in t or re.search(r" as tca\d@\w+$", t)
               for t in texts[first:])  # D3.1.2: and the turret turns along a path (voffers.py)
    s.position.push_text(parts[0])  # and the listed text is a legal action
    assert s.position.state.moving is not None or s.position.state.moved
