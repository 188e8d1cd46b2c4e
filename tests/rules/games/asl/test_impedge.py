"""A platoon AFV leaving the map in an impulse (impedge.py: D14.212, A2.6, A26.23), on the D14 example's
board (test_impulse.py's analogue of board 3: EE1 is on the map's edge, its hexes past it off the map)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.asl import impulse, platoon, radioless
from hexmate.rules.hexes import Hex
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict
from .test_impulse import at, board, counters, end, spent, table, texts


def _at_the_edge(tmp_path: Path, a: str, options: dict[str, Any] | None = None, mp: int = 10) -> Position:
    """Where T-MOV-13 stands before its impulse 7: B in EE1 with its VCA DD0-EE1 (past the map's edge), A in
    ``a``, both in Motion in platoon movement, ``mp`` MP spent (10 in the example)."""
    units = [{"id": "A", "counter": "t26s", "side": "a", "hex": "3" + a,
              "markers": ["platoon:P", "vca1", "imp_go", "imp_on", f"spent{2 * mp}"]},
             {"id": "B", "counter": "t26", "side": "a", "hex": "3EE1",
              "markers": ["platoon:P", "vca1", "imp_go", "imp_on", f"spent{2 * mp}"]},
             {"id": "sq", "counter": "4-6-7", "side": "a", "hex": "3EE1", "carrier": "B"}]
    scen = Scenario.from_dict(scenario_dict("asl", units, counters(tmp_path), "MPh", options=options),
                              source="d14")
    return get_game("asl").new_position(scen, hex_map=board())


def test_d14_212_a_platoon_leaves_the_map_in_formation(tmp_path: Path) -> None:
    """D14.212, D14.21: at an impulse's end B, gone off the map from EE1, is in the off-map hex past it: A
    delaying in CC2 (two hexes from EE1, three from B) is out of formation with it (T-MOV-13's impulse 7:
    A entering EE1 next to B is not)."""
    pos = _at_the_edge(tmp_path, "CC2")
    assert spent(pos, "A") == 10
    pos.push_text("move B 3EE1 as impulse_exit")
    pos.push_text("move A 3CC2 as impulse_delay")
    with pytest.raises(IllegalAction, match="A, B would end the impulse out of formation"):
        end(pos)


def test_d14_212_a2_6_only_from_the_edge_past_the_vca(tmp_path: Path) -> None:
    """A2.6, D14.212: an AFV leaves the map from an edge hex, into an off-map hex of its VCA, in Motion: A in
    DD1 (its VCA EE1-DD0 on the map) may not; B, stopped, spends its start MP first (D2.12)."""
    pos = _at_the_edge(tmp_path, "DD1")
    with pytest.raises(IllegalAction, match="cannot leave the map from 3DD1"):
        pos.push_text("move A 3DD1 as impulse_exit")
    stopped = pos.at(pos.state.with_unit(pos.units["B"].mark(remove=("imp_go",))))
    with pytest.raises(IllegalAction, match="start MP"):
        stopped.push_text("move B 3EE1 as impulse_exit")


def test_d14_212_a26_23_exit_vp_for_a_platoon_afv(tmp_path: Path) -> None:
    """A26.23, A26.212: B leaving by the scenario's exit hex EE1 scores its VP: 1, +1 for its working gun, +1
    for its highest AF of 2 (one per 5, fractions up), +2 for its inherent crew inside (A26.211, as A26.212's
    KV-1E example counts it): 5; the squad riding on it goes with it, 2 (A26.211).
    A, with it in EE1, pays the impulse's 1 MP (10 of 11). Alone on the map with 1 MP left, it stays in the
    platoon of its mate off the map (D14.212): not set free as a lone survivor (D14.22), it moves on by
    impulses, in formation with B."""
    opts = {"victory": {"exit": {"side": "a", "hexes": ["3EE1"], "vp": 6}}}
    pos = _at_the_edge(tmp_path, "EE1", opts, mp=9)
    pos.push_text("move B 3EE1 as impulse_exit")
    end(pos, quiet=True)
    assert ("B", 5) in pos.state.game.exited and ("sq", 2) in pos.state.game.exited and "sq" not in pos.units
    assert spent(pos, "A") == 10
    assert [u.id for u in impulse.crew(pos)] == ["A"] and not pos.units["A"].has("ntc_passed")
    assert "A" not in pos.state.moved and "move A 3EE1 cost 1 as impulse_exit" in texts(pos)
    pos.push_text("move A 3EE1-3FF0 as impulse")  # FF0 is next to B's off-map hex: in formation
    end(pos, quiet=True)
    assert at(pos, "A") == "FF0" and "A" in pos.state.moved and pos.units["A"].has("motion")


def test_d14_212_the_next_mph_of_the_afv_left_on_the_map(tmp_path: Path) -> None:
    """D14.212 (the D14 example's tank A, next MPh): B went off the map from EE1; A, in Motion in EE1, is
    still in the platoon: it moves by impulses with no NTC (D14.23's NTC is for leaving it), leaves the map
    by EE1 (next to B's off-map hex), and may not end an impulse out of formation with B: FF1, entered with
    its VCA FF1-FF0, is two hexes from B's off-map hex."""
    pos = table(tmp_path, {"A": "EE1", "B": "DD1"}, "motion", "vca0")
    gone = (("B", "P", Hex(31, -16), "moving"),)  # where B went off the map in T-MOV-13's impulse 7
    pos = pos.at(pos.state.without_unit("B").replace(game=dataclasses.replace(pos.state.game, imp_away=gone)))
    assert platoon.in_platoon(pos, pos.units["A"]) and not radioless.lone(pos, pos.units["A"])
    assert "move A 3EE1 cost 1 as impulse_exit" not in texts(pos)  # its VCA (f 0) does not reach off the map
    pos.push_text("move A 3EE1-3FF1 as impulse")
    with pytest.raises(IllegalAction, match="A, B would end the impulse out of formation"):
        end(pos)
    pos.pop()
    pos.push_text("move A 3EE1 as impulse_ccw")  # its VCA to FF0 and past the edge
    end(pos)
    assert "move A 3EE1 cost 1 as impulse_exit" in texts(pos)
    pos.push_text("move A 3EE1 as impulse_exit")
    end(pos)
    assert "A" not in pos.units and impulse.crew(pos) == []


def test_d14_212_a26_221_a_platoon_afv_off_no_exit_hex_is_a_casualty(tmp_path: Path) -> None:
    """A26.221: with no exit hexes asked for, B leaving from EE1 counts as eliminated with the squad riding
    on it: its 5 VP and the squad's 2 (as the test above counts them) go to side b, no Exit VP."""
    pos = _at_the_edge(tmp_path, "EE1", mp=9)
    pos.push_text("move B 3EE1 as impulse_exit")
    end(pos, quiet=True)
    assert "B" not in pos.units and "sq" not in pos.units
    assert "b: 7 CVP (A26.22)" in pos.game.status(pos)
