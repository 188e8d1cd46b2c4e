"""``hexmate rules``: games, moves and resolve through the real CLI entry point."""

from __future__ import annotations

import json

import pytest
from hexmate.host.cli import main


def test_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "games", "--json"]) == 0
    names = [g["name"] for g in json.loads(capsys.readouterr().out)]
    assert names == ["asl", "pg", "fireteam", "sw"]


def test_moves_lists_destinations_with_cost_and_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "moves", "--game", "asl", "ger-sq5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["phase"] == "MPh"
    by_hex = {m["to"]: m for m in data["moves"]}
    assert by_hex["DI5"] == {"to": "DI5", "cost": "1", "path": ["DI4", "DI5"]}
    assert all(m["path"][0] == "DI4" for m in data["moves"])
    assert main(["rules", "moves", "--game", "asl", "ger-9-1", "ger-sq1", "ger-sq2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("asl T1 Movement Phase (A3.3):") and "via DJ3-" in text


def test_resolve_shows_modifiers_rules_and_the_demo_label(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["rules", "resolve", "--game", "asl", "--play", "end", "fire rus-sq2 at DK4", "--dice", "3,4"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "[demo values]" in out and "(A7.6)" in out and "x1/2 long range A7.22" in out
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["demo"] is True and data["chart"] == "ift" and data["results"]


def test_resolve_sw_attack(capsys: pytest.CaptureFixture[str]) -> None:
    play = ["--play", "move g-I 2811-2711-2611-2511", "--play", "end"]
    assert main(["rules", "resolve", "--game", "sw", *play, "attack g-I at 2411", "--dice", "3"]) == 0
    out = capsys.readouterr().out
    assert "odds: 4:3 -> 1:1 (11.8)" in out and "attackers all elan: 1R (11.16)" in out
    assert "CRT: 2:1 column, die 3" in out and "[demo values]" in out


@pytest.mark.parametrize(
    "args,message",
    [
        (["rules", "moves", "--game", "asl", "nobody"], "no unit 'nobody'"),
        (
            ["rules", "resolve", "--game", "asl", "fire ger-sq1 at DR5", "--dice", "3,9"],
            "no fire in the Movement Phase",
        ),
        (
            ["rules", "resolve", "--game", "asl", "--play", "end", "fire rus-sq2 at DK4", "--dice", "3,9"],
            "shows 9",
        ),
        (["rules", "moves", "--game", "asl", "--scenario", "/nonexistent.json", "ger-sq1"], "cannot read"),
        (
            ["rules", "resolve", "--game", "sw", "--play", "end", "attack g-I at 2511", "--dice", "3"],
            "not adjacent to the defending hex (11.0)",
        ),
    ],
)
def test_bad_input_is_one_clear_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
