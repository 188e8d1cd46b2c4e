"""The optional drumfire (17.0, ``options.drumfire``): artillery bombarding the hex it bombarded the turn
before puts two SPOTTED markers there; every unit of either side entering it later this turn is bombarded
by that artillery (the movers only), routers may not enter it and it is no safe hex; a firer eliminated,
demoralized or assaulted ends it; the markers come off in the Marker Removal Phase. The numbers (two
markers, one more per extra firer) are the text's."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import drumfire, morale

from .conftest import unit as _u

MTR = {"mtr": {"type": "personnel", "bombard": 5, "bombard_range": 8, "ma": 1, "morale": 7, "branch": "MTR",
               "calibre": 81, "steps": 1}}
WOODS = {"E1": {"terrain": "woods"}}


def _answer_all(pos: Any) -> None:
    while pos.decision is not None:
        d = pos.decision
        if d.dice:
            pos.push_text("answer dice 1" if d.dice == "1d6" else "answer dice 1,1")
        elif d.kind == "react":
            pos.push_text("answer pass")
        else:
            pos.push_text(f"answer {d.choices[0]}")


def _drum(make_position: Any, pg: Any, shelled_before: bool = True) -> Any:
    units = [_u("m", "B1", "mtr"), _u("b1", "E1", "inf", "b"), _u("b2", "G1", "inf", "b")]
    pos = pg(make_position, units, counters_extra=MTR, hexes=WOODS, options={"drumfire": True})
    if shelled_before:  # the mortar bombarded E1 last turn (turn 0 here: the first turn's previous)
        gs = pos.game.gstate(pos.state)
        pos = pos.at(pos.state.replace(game=gs.replace(shelled=(("m", "E1", 0),))))
    before = pos.state
    pos.push_text("fire m at E1")
    pos.push_text("answer dice 1,1")  # a 2: the mildest result on any column
    _answer_all(pos)
    pos.before_drum = before  # type: ignore[attr-defined]
    return pos


def test_the_same_hex_again_puts_two_markers_there(make_position: Any, pg: Any) -> None:
    pos = _drum(make_position, pg)
    e1 = pos.map.parse_label("E1")
    assert drumfire.hexes(pos.game, pos) == {e1}
    assert [n for _, _, n, _, _ in pos.game.gstate(pos.state).drum] == [2]
    placed = [c for c in pos.game.physical_changes(pos.before_drum, pos.state) if c.to == "spotted"]
    assert placed and "2 SPOTTED" in str(placed[0].text)


def test_a_first_bombardment_is_no_drumfire(make_position: Any, pg: Any) -> None:
    pos = _drum(make_position, pg, shelled_before=False)
    assert not drumfire.hexes(pos.game, pos)
    assert ("m", "E1", 1) in pos.game.gstate(pos.state).shelled  # remembered for next turn


def test_a_unit_entering_is_bombarded_alone(make_position: Any, pg: Any) -> None:
    pos = _drum(make_position, pg)
    while pos.to_act != "b" or pos.state.flow.active != "b":
        pos.push_text("pass")
    pos.push_text("activate b2")
    pos.push_text("move b2 G1-F1-E1")  # 1 + 2 (woods, demo cost) = its MA 3
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    d = pos.decision
    assert d is not None and d.then == "bombard" and d.arg("drum") == "1" and d.side == "a"
    pos.push_text("answer dice 1,1")
    assert set(pos.last_resolution.results) == {"b2"}  # b1, already there, is not attacked again


def test_no_safe_hex_and_no_rout_into_it_and_it_ends_with_its_firer(make_position: Any, pg: Any) -> None:
    pos = _drum(make_position, pg)
    e1 = pos.map.parse_label("E1")
    assert not morale.is_safe(pos.game, pos, "b", e1)  # woods, yet under drumfire
    demoralized = pos.at(pos.state.with_unit(pos.units["m"].mark("demoralized")))
    assert not drumfire.hexes(demoralized.game, demoralized)


def test_the_marker_removal_phase_clears_it(make_position: Any, pg: Any) -> None:
    pos = _drum(make_position, pg)
    assert not drumfire.hexes(pos.game, pos.at(drumfire.clear(pos.game, pos.state)))
