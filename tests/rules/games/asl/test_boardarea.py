"""A2.3 whole-board areas: set-up, entry and victory "anywhere on board X", with the board's half hexes.

The text's cases on an analogue map of three 5 x 4 ASL boards: N, S joined below it (N's row-4 half hexes B4
and D4 are S's B0 and D0), and E joined end to end east of N (N's column E is E's column A, labelled from E,
the board listed first, A2.2). N's column A and its top half hexes B0 and D0 join nothing and lie on the map's
edge; S's column E joins nothing though E's bottom half hex EB4 lies beside SE1."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games import get_game
from hexmate.rules.games.asl import arrival, boardarea, hip, victory
from hexmate.rules.maps import HexMap, MapError
from hexmate.rules.scenario import Scenario

from tests.rules.games.asl.endgame import to_the_end
from tests.rules.games.conftest import ASL_COUNTERS, scenario_dict


def _board(board_id: str, at: list[int]) -> dict[str, Any]:
    return {"id": board_id, "grid": {"kind": "asl", "columns": 5, "rows": 4}, "at": at,
            "hexes": {"C2": "woods"} if board_id == "N" else {}}


def _map() -> HexMap:
    return HexMap.from_dict({"format": "hexmate-map/1", "name": "three", "game": "asl",
                             "boards": [_board("E", [4, -2]), _board("N", [0, 0]), _board("S", [0, 4])]},
                            source="three-map")


MAP = _map()


def _labels(hexes: Any) -> set[str]:
    return {MAP.label(h) for h in hexes}


def _u(uid: str, hex_: str, side: str = "a") -> dict[str, Any]:
    return {"id": uid, "counter": "4-6-7" if side == "a" else "4-4-7", "side": side, "hex": hex_}


def _pos(units: list[dict[str, Any]], options: dict[str, Any], phase: str = "MPh") -> Any:
    scen = Scenario.from_dict(scenario_dict("asl", units, ASL_COUNTERS, phase, options=options),
                              source="three.json")
    return get_game("asl").new_position(scen, hex_map=MAP)


def test_the_map_knows_its_half_hexes_and_where_boards_join() -> None:
    nb4 = MAP.parse_label("NB4")
    assert MAP.parse_label("SB0") == nb4 and [b.id for b in MAP.boards_at(nb4)] == ["N", "S"]
    assert all(b.half_hex(nb4) for b in MAP.boards_at(nb4))
    ne2 = MAP.parse_label("NE2")
    assert MAP.label(ne2) == "EA2" and [b.id for b in MAP.boards_at(ne2)] == ["E", "N"]
    n = MAP.board("n")
    assert n.half_hex(MAP.parse_label("NA3")) and n.half_hex(MAP.parse_label("ND0"))
    assert not n.half_hex(MAP.parse_label("NC4"))  # an odd column's row 4 is a whole hex
    assert not n.half_hex(MAP.parse_label("NC2"))
    with pytest.raises(MapError, match=r"three-map: no board 'Q' on this map \(boards: E, N, S\)"):
        MAP.board("Q")


def test_a2_3_a_half_hex_joining_a_board_not_named_is_out_one_joining_nothing_is_in() -> None:
    only_n = _labels(boardarea.area(MAP, ["N"]))
    # joins nothing, on the map's edge: in
    assert {"NA1", "NA2", "NA3", "NA4", "NB0", "ND0"} <= only_n
    # joined to S's or E's half hexes, boards where the unit may not set up: out
    assert not {"NB4", "ND4", "EA1", "EA2", "EA3", "EA4"} & only_n
    assert {"NC2", "NC4", "NB3"} <= only_n  # whole hexes
    assert len(only_n) == 5 * 4 + 2 * 1 - 6  # 22 hexes of N, less its 2 + 4 joined half hexes
    only_s = _labels(boardarea.area(MAP, ["S"]))
    # S's east column joins nothing, though E's bottom half hex EB4 lies beside SE1: in
    assert MAP.parse_label("EB4") in MAP.neighbors(MAP.parse_label("SE1"))
    assert {"SE1", "SE2", "SE3", "SE4", "SB4", "SD4"} <= only_s
    assert not {"NB4", "ND4"} & only_s


def test_a2_3_two_named_boards_side_by_side_share_their_joined_half_hexes() -> None:
    assert {"NB4", "ND4"} <= _labels(boardarea.area(MAP, ["N", "S"]))
    assert {"EA1", "EA4"} <= _labels(boardarea.area(MAP, ["N", "E"]))
    assert not {"EA1", "EA4"} & _labels(boardarea.area(MAP, ["N", "S"]))


def test_a2_3_set_up_area_by_board_checked_on_load() -> None:
    units = [_u("a-1", "NA2"), _u("a-2", "ND0"), _u("b-1", "SE1", "b")]
    _pos(units, {"setup": {"a": [{"board": "N"}], "b": [{"board": "S"}]}})  # half hexes joining nothing
    with pytest.raises(DataError, match=r"three\.json: units\[0\] \(a-1\): NB4 is outside side 'a'"):
        _pos([_u("a-1", "NB4"), *units[1:]], {"setup": {"a": [{"board": "N"}]}})
    _pos([_u("a-1", "SB0"), *units[1:]], {"setup": {"a": [{"board": "N"}, {"board": "S"}]}})
    _pos([_u("a-1", "NB4"), *units[1:]], {"setup": {"a": [{"board": "N"}, "NB4"]}})  # a label adds a hex


def test_a2_3_an_unknown_board_names_the_file_and_the_place() -> None:
    units = [_u("a-1", "NA2"), _u("b-1", "SE1", "b")]
    with pytest.raises(DataError, match=r"three\.json: options\.setup\.a\[1\]\.board: .*no board 'Q'"):
        _pos(units, {"setup": {"a": ["NA2", {"board": "Q"}]}})
    with pytest.raises(DataError, match=r"three\.json: options\.entry\.a-1\.hexes\[0\]\.board: .*board 'X'"):
        _pos(units, {"entry": {"a-1": {"turn": 1, "hexes": [{"board": "X"}]}}})
    win = {"side": "a", "clear": "north"}
    with pytest.raises(DataError, match=r"three\.json: options\.victory\.areas\.north\[0\]\.board: .*'Z'"):
        _pos(units, {"victory": {"areas": {"north": [{"board": "Z"}]}, "win": win}})
    with pytest.raises(DataError, match=r"options\.victory\.win\.clear: 'north' is not one of the areas"):
        _pos(units, {"victory": {"areas": {"south": [{"board": "S"}]}, "win": win}})
    with pytest.raises(DataError, match=r"options\.setup\.a\[0\]: a whole board is"):
        _pos(units, {"setup": {"a": [{"board": "N", "edge": "W"}]}})


def test_a2_3_entry_anywhere_on_a_board_uses_its_map_edge_hexes() -> None:
    units = [_u("a-1", "NA2"), _u("b-1", "SE1", "b")]
    pos = _pos(units, {"entry": {"a-1": {"turn": 1, "hexes": [{"board": "N"}]}}})
    hexes = _labels(arrival.PLAN.entry_hexes(pos.scenario, pos.map, "a-1"))
    # N's map-edge hexes: column A and the top row, its half hexes that join nothing included; EA1, the top
    # half hex N shares with E, is out (E is not named); NB4/ND4 are inside the map, not on its edge
    assert hexes == {"NA1", "NA2", "NA3", "NA4", "NB0", "NC1", "ND0"}
    pos = _pos(units, {"entry": {"a-1": {"turn": 1, "hexes": [{"board": "N"}, {"board": "E"}]}}})
    assert "EA1" in _labels(arrival.PLAN.entry_hexes(pos.scenario, pos.map, "a-1"))
    assert pos.units["a-1"].hex is None  # off the map until it enters (A2.5)


def test_a2_3_hip_area_by_board() -> None:
    units = [_u("a-1", "SE1"), _u("b-1", "NA2", "b"), _u("b-hip", "NA1", "b")]
    pos = _pos(units, {"hip": {"b": {"units": ["b-hip"], "area": [{"board": "N"}]}}})
    assert _labels(pos.decision.hexes) == {"NC2"}  # N's only concealment terrain (A12.3)
    assert _labels(hip.hexes_for(pos.scenario, MAP, "b", pos.state)) == {"NC2"}


def _clear(areas: list[Any], enemy_at: str, win: str = "clear") -> Any:
    units = [_u("a-1", "SE1"), _u("b-1", enemy_at, "b")]
    pos = _pos(units, {"victory": {"areas": {"north": areas}, "win": {"side": "a", win: "north"}}})
    return victory.winner(pos.game, pos)


def test_a2_3_victory_over_a_board_counts_a_joined_half_hex_only_when_both_boards_are_in_it() -> None:
    """"No Good Order enemy MMC on board N": an enemy squad in NB4, the half hex N shares with S."""
    won = _clear([{"board": "N"}], "NB4")
    assert won is not None and won[0] == "a"  # S is outside the condition: NB4 does not count for N
    won = _clear([{"board": "N"}, {"board": "S"}], "NB4")
    assert won is not None and won[0] == "b"  # both boards in it: NB4 counts, b prevents the win (A26.3)
    assert "b-1 still there" in str(won[1])
    won = _clear([{"board": "N"}], "NB0")  # a half hex on the map's edge joining nothing counts
    assert won is not None and won[0] == "b"


def test_a2_3_occupying_a_board_through_a_half_hex() -> None:
    """"Occupy board N" with the side's one squad in SE1 (S's half hex joining nothing), then in NB4."""
    units = [_u("a-1", "NB4"), _u("b-1", "SE1", "b")]
    spec = {"areas": {"north": [{"board": "N"}]}, "win": {"side": "a", "occupy": "north"}}
    pos = _pos(units, {"victory": spec})
    won = victory.winner(pos.game, pos)
    assert won is not None and won[0] == "b"  # NB4 joins S's half hex, S not in the condition
    assert victory.occupiers(pos, "north", "a") == []
    pos = _pos([_u("a-1", "NA4"), units[1]], {"victory": spec})
    assert victory.occupiers(pos, "north", "a") == ["a-1"]
    won = victory.winner(pos.game, pos)
    assert won is not None and won[0] == "a"


# --- the Now panel's A2.3 lines, whole boards as victory hexes and exits (issue 9) ---

DUMMY = {"?": {"type": "dummy"}}


def _status_pos(units: list[dict[str, Any]], options: dict[str, Any]) -> Any:
    scen = Scenario.from_dict(scenario_dict("asl", units, {**ASL_COUNTERS, **DUMMY}, "MPh", options=options),
                              source="three.json")
    return get_game("asl").new_position(scen, hex_map=MAP)


def _area_lines(pos: Any) -> list[str]:
    return [line for line in pos.game.status(pos) if "(A2.3)" in line]


def _move(pos: Any, text: str) -> None:
    """A move, b letting it go by at each hex entered (A8.1: b may fire; it passes)."""
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_a2_3_the_occupy_line_changes_as_a_squad_moves_into_the_board() -> None:
    """"Occupy board N": a's squad in SC2 (board S) walks SC1 then NC4, a whole hex of N."""
    units = [_u("a-1", "SC2"), _u("b-1", "SE3", "b")]
    pos = _status_pos(units, {"victory": {"areas": {"north": [{"board": "N"}]},
                                          "win": {"side": "a", "occupy": "north"}}})
    head = "a must occupy north with a Good Order MMC (A2.3): "
    assert _area_lines(pos) == [head + "not yet"]
    pos.push_text("move a-1 SC2-SC1-NC4")
    seen = []
    while pos.decision is not None and pos.decision.kind == "react":  # b may fire at each hex entered (A8.1)
        seen.append((pos.label(pos.units["a-1"].hex), _area_lines(pos)))
        pos.push_text("answer pass")
    assert seen == [("SC1", [head + "not yet"]), ("NC4", [head + "yes now, 1 of its MMC in it"])]
    assert _area_lines(pos) == [head + "yes now, 1 of its MMC in it"]


def test_a2_3_the_clear_line_counts_down_as_enemy_squads_leave_the_board() -> None:
    """b must clear board N of a's Good Order MMC: a's two squads in NC3 and NC4 walk out to S's SC1."""
    units = [_u("a-1", "NC4"), _u("a-2", "NC3"), _u("b-1", "SE3", "b")]
    pos = _status_pos(units, {"victory": {"areas": {"north": [{"board": "N"}]},
                                          "win": {"side": "b", "clear": "north"}}})
    head = "b must clear north of Good Order enemy MMC (A2.3): "
    assert _area_lines(pos) == [head + "not yet, 2 enemy MMC in it"]
    _move(pos, "move a-1 NC4-SC1")
    assert _area_lines(pos) == [head + "not yet, 1 enemy MMC in it"]
    _move(pos, "move a-2 NC3-NC4-SC1")
    assert _area_lines(pos) == [head + "clear now"]


def test_a2_3_a_concealed_unit_in_the_area_is_a_question_mark_on_the_shared_line() -> None:
    """A12.1: b sees a '?' in NC2 (woods), not whether it is a 4-6-7 or a dummy; the Now panel is shared, so
    its lines read the same either way. a's own '?' does not tell b that a holds the board either."""
    clear = {"victory": {"areas": {"north": [{"board": "N"}]}, "win": {"side": "b", "clear": "north"}}}
    b_1 = _u("b-1", "SE3", "b")
    real = _status_pos([{**_u("a-1", "NC2"), "concealed": True}, b_1], clear)
    dummy = _status_pos([{"id": "a-d", "counter": "?", "side": "a", "hex": "NC2", "concealed": True}, b_1],
                        clear)
    assert _area_lines(real) == [
        "b must clear north of Good Order enemy MMC (A2.3): no enemy MMC seen in it, 1 enemy \"?\" there"]
    assert real.game.status(real) == dummy.game.status(dummy)  # nothing on the panel tells them apart
    seen = _status_pos([{**_u("a-1", "NC2"), "concealed": True}, _u("a-2", "NC3"), b_1], clear)
    assert _area_lines(seen) == [
        "b must clear north of Good Order enemy MMC (A2.3): not yet, 1 enemy MMC in it and 1 enemy \"?\""]
    won = victory.winner(real.game, real)  # at the end the truth counts (the game reveals it then)
    assert won is not None and won[0] == "a"
    occupy = {"victory": {"areas": {"north": [{"board": "N"}]}, "win": {"side": "a", "occupy": "north"}}}
    hidden = _status_pos([{**_u("a-1", "NC2"), "concealed": True}, b_1], occupy)
    assert _area_lines(hidden) == [
        "a must occupy north with a Good Order MMC (A2.3): none seen in it, 1 of its \"?\" there"]


def test_a2_3_a_hip_unit_in_the_area_is_not_on_the_shared_line() -> None:
    """A12.3: a's HIP squad set up in NC2 from a's page stands nowhere in the shared state: b's line says the
    board is clear, as it would with no unit there."""
    options = {"victory": {"areas": {"north": [{"board": "N"}]}, "win": {"side": "b", "clear": "north"}},
               "hip": {"a": {"units": ["a-hip"], "area": [{"board": "N"}]}}}
    pos = _status_pos([_u("a-1", "SE1"), _u("a-hip", "NA1"), _u("b-1", "SE3", "b")], options)
    pos.push_text("answer hex NC2")
    assert pos.units["a-hip"].hex is None
    assert _area_lines(pos) == ["b must clear north of Good Order enemy MMC (A2.3): clear now"]


def test_a2_3_a_hip_squad_on_the_board_keeps_it_from_being_clear_at_the_end() -> None:
    """b must clear board N; a's HIP squad set up in NC2 (A12.3). All game long the shared line says "clear
    now", word for word as with no squad there, and the position's text names no hex for it. At the end the
    real units decide (A26.15: a HIP unit's part waits until then): the squad stands in NC2, Known, b has
    not cleared N and a wins by preventing it (A26.3)."""
    options = {"victory": {"areas": {"north": [{"board": "N"}]}, "win": {"side": "b", "clear": "north"}},
               "hip": {"a": {"units": ["a-hip"], "area": [{"board": "N"}]}}}
    units = [_u("a-1", "SE1"), _u("a-hip", "NA1"), _u("b-1", "SE3", "b")]
    scen = Scenario.from_dict(scenario_dict("asl", units, ASL_COUNTERS, "MPh", turns=1, options=options),
                              source="three.json")
    pos = get_game("asl").new_position(scen, hex_map=MAP)
    pos.push_text("answer hex NC2")
    without = _status_pos([units[0], units[2]], {"victory": options["victory"]})
    clear = ["b must clear north of Good Order enemy MMC (A2.3): clear now"]
    assert pos.game.status(pos) == without.game.status(without)
    phases = []

    def unseen(now: Any) -> None:  # every phase of both Player Turns, until the end
        assert _area_lines(now) == clear and "NC2" not in str(now)
        phases.append((now.phasing, now.phase.id))

    to_the_end(pos, unseen)
    assert ("a", "RPh") not in phases and ("b", "APh") in phases  # a's MPh to b's APh (no CC)
    assert pos.label(pos.units["a-hip"].hex) == "NC2" and not pos.units["a-hip"].concealed
    assert _area_lines(pos) == [
        "b must clear north of Good Order enemy MMC (A2.3): not yet, 1 enemy MMC in it"]
    out = pos.outcome()
    assert out is not None and out.winner == "a"
    assert out.reason == "b has not cleared north: a-hip still there (A2.3): a wins by preventing it (A26.3)"


def test_a2_3_a_whole_board_as_victory_hexes() -> None:
    """``hexes: [{"board": "N"}]``: each of N's 16 hexes (its 22 less the 6 half hexes joined to S and E) is a
    victory hex of its own (A26.13); a's squad walking into NC4 gains that one."""
    spec: dict[str, Any] = {"hexes": [{"board": "N"}], "win": {"side": "a", "hexes": 2}}
    pos = _status_pos([_u("a-1", "SC2"), _u("b-1", "SE3", "b")], {"victory": spec})
    assert set(victory.hexes(pos)) == _labels(boardarea.area(MAP, ["N"])) and len(victory.hexes(pos)) == 16
    assert "NB4" not in victory.hexes(pos)  # joined to S's half hex, S not named (A2.3)
    assert "a controls 0 hex(es): - (A26.13)" in pos.game.status(pos)
    _move(pos, "move a-1 SC2-SC1-NC4")
    assert "a controls 1 hex(es): NC4 (A26.13)" in pos.game.status(pos)
    won = victory.winner(pos.game, pos)
    assert won is not None and won[0] == "b" and "a holds only 1 hex(es) of 2" in str(won[1])
    # A26.11: b has no unit on the map at the start, so a controls every one of N's hexes from the start
    pos = _status_pos([_u("a-1", "SC2")], {"victory": spec})
    assert dict(pos.state.game.control) == {label: "a" for label in victory.hexes(pos)}
    line = pos.game.status(pos)[0]
    assert line.startswith("a controls 16 hex(es): ") and line.endswith(", ... (A26.13)")
    assert line.count(",") == victory.SHOWN  # the first 12 named, then "..."
    # a control given by the scenario may name one of the board's hexes, not a hex outside it
    units = [_u("a-1", "SC2"), _u("b-1", "SE3", "b")]
    _status_pos(units, {"victory": {**spec, "control": {"b": ["NC2"]}}})
    with pytest.raises(DataError, match=r"three\.json: options\.victory\.control\.b: 'SC2' is not one of"):
        _status_pos(units, {"victory": {**spec, "control": {"b": ["SC2"]}}})


def test_a2_3_exit_off_a_whole_board() -> None:
    """``exit.hexes: [{"board": "N"}]``: N's map-edge hexes, as entry by a board (EA1, shared with E, out);
    a's squad leaves from NA2 and scores its 2 Exit VP (A26.23); NB3, inside the map, is no exit."""
    spec = {"exit": {"side": "a", "hexes": [{"board": "N"}], "vp": 2}, "win": {"side": "a", "exit": True}}
    pos = _status_pos([_u("a-1", "NB2"), _u("b-1", "SE3", "b")], {"victory": spec})
    assert _labels(victory.exit_hexes(pos, "a")) == {"NA1", "NA2", "NA3", "NA4", "NB0", "NC1", "ND0"}
    assert "a: 0 Exit VP of 2 (A26.23)" in pos.game.status(pos)
    with pytest.raises(IllegalAction, match=r"NB3 is not on the map.s edge"):
        pos.push_text("move a-1 NB2-NB3 as exit")
    _move(pos, "move a-1 NB2-NA2 as exit")
    assert "a-1" not in pos.units and pos.state.game.exited == (("a-1", 2),)  # A26.211: a squad's 2 VP
    assert "a: 2 Exit VP of 2 (A26.23)" in pos.game.status(pos)


def test_a2_3_a_bad_board_in_victory_hexes_or_exits_names_the_file_and_the_place() -> None:
    units = [_u("a-1", "NA2"), _u("b-1", "SE1", "b")]
    with pytest.raises(DataError, match=r"three\.json: options\.victory\.hexes\[1\]\.board: .*no board 'Q'"):
        _pos(units, {"victory": {"hexes": ["NC2", {"board": "Q"}]}})
    with pytest.raises(DataError, match=r"three\.json: options\.victory\.exit\.hexes\[0\]\.board: .*'Z'"):
        _pos(units, {"victory": {"exit": {"side": "a", "hexes": [{"board": "Z"}], "vp": 1}}})
    with pytest.raises(DataError, match=r"options\.victory\.hexes\[0\]: a whole board is"):
        _pos(units, {"victory": {"hexes": [{"board": "N", "edge": "W"}]}})
    with pytest.raises(DataError, match=r"options\.victory\.exit\.hexes\[0\]: a hex label or"):
        _pos(units, {"victory": {"exit": {"side": "a", "hexes": [4], "vp": 1}}})
