"""A rout leaving the board (16.5, 14.31): where the scenario lets the side leave, off the board is out of
every enemy's reach, so a demoralized unit failing recovery may rout off by an exit hex (with MA left for the
hex off the board); it is then out of play, not destroyed unless the scenario says so, and counted by an
``exit`` victory condition. Where the scenario allows no exit it stays on the board (16.5)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import exits, victory

from .conftest import unit as _u

EXIT = {"exit": {"a": {"hexes": ["A4"]}}}


def _rally_fails(pos: Any) -> Any:
    pos.push_text("rally a1 dice 6,6")  # 12: no recovery, it routs (14.31)
    return pos.decision


def test_16_5_a_rout_leaves_the_board_by_an_allowed_exit(make_position: Any, pg: Any) -> None:
    """b1 next door threatens a1 everywhere it can reach on the board; off the board by A4 (1 MP to A4, 1
    for the clear hex off it, MA 3) is the one safe place: its owner places it on A4 and it leaves."""
    win = {"victory": [{"side": "a", "exit": 2}, {"side": "b", "else": True}]}
    pos = pg(make_position, [_u("a1", "B4", "inf", "a", "demoralized"), _u("b1", "C4", "inf", "b")],
             options={**EXIT, **win})
    top = _rally_fails(pos)
    assert top.kind == "hexes" and top.then == "rout" and top.rule == "14.31, 16.5"
    assert [pos.label(h) for h in top.hexes] == ["A4"]
    assert "placed on A4, it leaves the board there (16.5)" in str(top.prompt)
    pos.push_text("answer hex A4")
    while pos.decision is not None:  # 13.1: the rout may be fired at as it goes; b passes
        pos.push_text("answer pass")
    assert "a1" not in pos.units
    assert pos.game.gstate(pos.state).exited == ("a1",)
    assert victory.steps_lost(pos, "a") == 0  # 16.5: not destroyed
    assert exits.steps_exited(pos, "a", pos.game.gstate(pos.state).exited) == 2


def test_16_5_no_exit_in_the_scenario_keeps_the_rout_on_the_board(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("a1", "B4", "inf", "a", "demoralized"), _u("b1", "C4", "inf", "b")])
    top = _rally_fails(pos)
    assert top is None or top.rule == "14.31"
    while pos.decision is not None:
        pos.push_text(f"answer hex {pos.label(pos.decision.hexes[0])}" if pos.decision.kind == "hexes"
                      else "answer pass")
    assert "a1" in pos.units and pos.units["a1"].hex is not None
    assert pos.game.gstate(pos.state).exited == ()


def test_16_5_a_nearer_safe_hex_on_the_board_comes_first_an_equal_one_is_the_owner_s_choice(
        make_position: Any, pg: Any) -> None:
    """14.31: the nearest safe place. A town next door (safe, 1.2; 1 MP, a demo value) beats leaving by A4
    (1 MP to it and 1 off the board); woods next door (2 MP, a demo value) are as near: both are offered."""
    def rout(terrain: str) -> Any:
        pos = pg(make_position, [_u("a1", "B4", "inf", "a", "demoralized"), _u("b1", "D4", "inf", "b")],
                 options=EXIT, hexes={"A5": terrain})
        return pos, _rally_fails(pos)

    pos, top = rout("town")
    assert top.rule == "14.31" and [pos.label(h) for h in top.hexes] == ["A5"]
    pos, top = rout("woods")
    assert top.rule == "14.31, 16.5" and sorted(pos.label(h) for h in top.hexes) == ["A4", "A5"]
    pos.push_text("answer hex A5")  # the owner's choice: into the woods, on the board
    while pos.decision is not None:
        pos.push_text("answer pass")
    assert pos.label(pos.units["a1"].hex) == "A5" and pos.game.gstate(pos.state).exited == ()
