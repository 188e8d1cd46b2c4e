"""PositionOracle over the real ASL demo scenario: destinations, routes along trails, reasons, push."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.host.table.oracle import PositionOracle
from hexmate.rules.games import get_game


@pytest.fixture
def oracle() -> PositionOracle:
    game = get_game("asl")
    return PositionOracle(game.new_position(game.load_scenario(Path(game.demo_scenario_path))))


def labels(o: PositionOracle, hexes: Any) -> list[str]:
    return [o.position.map.label(h) for h in hexes]


def test_expected_and_destinations(oracle: PositionOracle) -> None:
    p = oracle.position.map.parse_label
    assert oracle.expected()["ger-sq3"] == p("DK3")
    dests = oracle.destinations(frozenset({"ger-sq3"}), p("DK3"))
    assert dests[p("DL3")].cost == 1 and dests[p("DK4")].cost == 2  # open ground 1 MF, woods 2 MF (A4.1)
    assert p("DP5") not in dests
    assert oracle.destinations(frozenset({"ger-sq3", "ger-sq5"}), p("DK3")) == {}  # not one stack (A4.2)


def test_route_fills_gaps_and_refuses_what_the_rules_refuse(oracle: PositionOracle) -> None:
    p = oracle.position.map.parse_label
    move = oracle.route(frozenset({"ger-sq3"}), [p("DK3"), p("DM4"), p("DN4")])
    assert move is not None and labels(oracle, move.path) == ["DK3", "DL3", "DM4", "DN4"] and move.cost == 3
    # Through the woods of DK4 and DJ4 and back out: 2 + 2 + 1 = 5 MF > 4 MF (A4.11).
    assert oracle.route(frozenset({"ger-sq3"}), [p("DK3"), p("DK4"), p("DJ4"), p("DJ5")]) is None


def test_explain_cites_the_rule_and_push_moves_the_unit(oracle: PositionOracle) -> None:
    p = oracle.position.map.parse_label
    assert oracle.explain(frozenset({"ger-sq3"}), p("DK3"), p("DP5")) == (
        "the path costs 5 MF, the stack has 4 MF (A4.11)"
    )

    class Recognised:
        units = frozenset({"ger-sq3"})
        path = (p("DK3"), p("DL3"))

    oracle.push(Recognised())
    assert oracle.expected()["ger-sq3"] == p("DL3")
