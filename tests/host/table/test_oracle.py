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
    # DP5 costs 5 MF: lit only for Double Time (A4.5: +2 MF, the MMG's PP over the CX IPC of 2 taking 1 back,
    # A4.52: 5 MF); DQ5 at 6 MF is beyond both
    assert dests[p("DP5")].mode == "cx" and dests[p("DP5")].cost == 5 and p("DQ5") not in dests
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


def test_a_placement_on_a_hex_lit_for_double_time_plays_it_so(oracle: PositionOracle) -> None:
    """The tracker's MoveRecognised carries the lit move's way of moving: DP5 (5 MF) only Double Time reaches
    (A4.5), so the squad and its MMG arrive CX there; the plain move would be refused for its 5 MF (A4.11)."""
    from hexmate.host.table.events import MoveRecognised

    p = oracle.position.map.parse_label
    lit = oracle.destinations(frozenset({"ger-sq3"}), p("DK3"))[p("DP5")]
    oracle.push(MoveRecognised(frozenset(lit.units), lit.path, lit.cost, (), lit.mode))
    assert oracle.expected()["ger-sq3"] == p("DP5") and oracle.position.units["ger-sq3"].has("cx")
