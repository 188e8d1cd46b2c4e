"""Attacks on horse counters (horsehit.py; A13.511, A7.308, A.9). Numbers from the text: the 4 FP column's
Kill number 5 (the A13.6 example: an Original DR 5 hits a squad's counter), A7.308's cap (a 2 or 4 FP attack
hits 2 vehicle/horse counters at most, 6 FP or more 3), A.9's Random Selection (a dr a counter, the highest
hit, all tied alike), A13.511's 1-3/4-6 seat of what rode a squad's counter."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games import Position
from hexmate.rules.games.asl import cavalry, horsehit
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _herd(make_position: Any, white: int, coloured: int, *extra: dict[str, Any], firer: str = "ger-1",
          third: bool = False) -> Position:
    """4 FP (a 4-6-7 three hexes off) or 6 FP (a 6-2-8) at C5: a 4-4-7 on a squad's counter, a 2-2-7 HS on
    a HS counter, and (``third``) an unridden HS counter."""
    units = [{"id": "ger-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "ger-6", "counter": "6-2-8", "side": "a", "hex": "C3"},
             {"id": "rus-c", "counter": "4-4-7r", "side": "b", "hex": "C5", "markers": [cavalry.MOUNTED]},
             {"id": "rus-h", "counter": "HORSE3", "side": "b", "hex": "C5", "carrier": "rus-c"},
             {"id": "rus-d", "counter": "2-2-7r", "side": "b", "hex": "C5", "markers": [cavalry.MOUNTED]},
             {"id": "rus-h2", "counter": "HORSE2", "side": "b", "hex": "C5", "carrier": "rus-d"},
             *([{"id": "rus-h3", "counter": "HORSE2", "side": "b", "hex": "C5"}] if third else []), *extra]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text(f"fire {firer} at C5 dice {white},{coloured}")
    return pos


def _roll(pos: Position, drs: dict[str, int]) -> None:
    """Answer the Random Selection drs, one a counter, as the page asks them."""
    while pos.decision is not None and pos.decision.then == "horse_pick":
        pos.push_text(f"answer dice {drs[pos.decision.subject[0]]}")


def test_a7_308_the_caps_of_the_text(make_position: Any) -> None:
    """A7.308: a 2 or 4 FP attack affects at most 2 counters, 6, 8 or 12 FP at most 3, 1 FP only 1."""
    from hexmate.rules.games.asl import unarmored

    ift = _herd(make_position, 6, 6).charts.chart("ift")
    assert [unarmored.most_vehicles(ift, fp) for fp in (1, 2, 4, 6, 8, 12)] == [1, 2, 2, 3, 3, 3]


def test_a_9_selection_highest_and_ties() -> None:
    """A.9: the highest dr is hit, every counter tied for it too; a cap (A7.308) leaves a tie apart."""
    assert horsehit.selection({"a": 2, "b": 6, "c": 4}, 2, top_only=True) == (["b"], [])
    assert horsehit.selection({"a": 6, "b": 6, "c": 4}, 2, top_only=True) == (["a", "b"], [])
    assert horsehit.selection({"a": 6, "b": 6, "c": 6}, 2, top_only=True) == ([], ["a", "b", "c"])
    assert horsehit.selection({"a": 6, "b": 5, "c": 1}, 2) == (["a", "b"], [])
    assert horsehit.selection({"a": 6, "b": 3, "c": 3}, 2) == (["a"], ["b", "c"])
    assert horsehit.selection({"a": 4, "b": 4, "c": 4}, 2) == ([], ["a", "b", "c"])


def test_a13_511_equal_to_the_kill_number_random_selection_picks_one(make_position: Any) -> None:
    """4 FP, Original DR 5 (2+3) = the Kill number 5: one of the two counters suffers a casualty, named by a
    dr each (A.9): rus-h 2, rus-h2 5: the HS counter is removed, its HS bails out; the squad's is unharmed."""
    pos = _herd(make_position, 2, 3)
    top = pos.decision
    assert top is not None and top.then == "horse_pick" and top.dice == "dr" and top.side == "b"
    res = pos.last_resolution
    said = "one of rus-h, rus-h2 suffers a casualty (more on a tie), by Random Selection"
    assert res is not None and said in res.text()
    _roll(pos, {"rus-h": 2, "rus-h2": 5})
    assert "rus-h2" not in pos.units and pos.units["rus-h"].values.get("horses") == 3
    assert pos.units["rus-d"].has("bailed") and not pos.units["rus-d"].has(cavalry.MOUNTED)
    assert pos.units["rus-c"].has(cavalry.MOUNTED) and not pos.units["rus-c"].has("bailed")


def test_a13_511_a_tie_hits_both(make_position: Any) -> None:
    """A13.511 'or more, as Random Selection gives', A.9: drs 4 and 4: both counters suffer a casualty: the
    squad's becomes a HS's (cav_bail asked after the attack's checks), the HS's is removed."""
    pos = _herd(make_position, 2, 3)
    _roll(pos, {"rus-h": 4, "rus-h2": 4})
    assert "rus-h2" not in pos.units and pos.units["rus-h"].values.get("horses") == 2
    assert pos.units["rus-d"].has("bailed")
    assert any(d.then == "cav_bail" and d.subject == ("rus-c",) for d in pos.state.decisions)


def test_a13_511_no_selection_when_every_counter_is_hit(make_position: Any) -> None:
    """4 FP, Final DR 4 (1+3) < 5 with two counters: the cap is 2, so both go at once, no dr asked."""
    pos = _herd(make_position, 1, 3)
    assert pos.decision is None or pos.decision.then != "horse_pick"
    assert "rus-h" not in pos.units and "rus-h2" not in pos.units
    assert pos.units["rus-c"].has("bailed") and pos.units["rus-d"].has("bailed")


@pytest.mark.parametrize(("drs", "kept"), [
    ({"rus-h": 6, "rus-h2": 5, "rus-h3": 2}, "rus-h3"),
    ({"rus-h": 1, "rus-h2": 3, "rus-h3": 6}, "rus-h"),
])
def test_a13_511_below_the_kill_number_three_counters_two_go(make_position: Any, drs: dict[str, int],
                                                               kept: str) -> None:
    """4 FP, Final DR 4 < 5, three counters: A7.308 caps the 4 FP attack at 2: the two highest drs go."""
    pos = _herd(make_position, 1, 3, third=True)
    res = pos.last_resolution
    assert res is not None and "2 of rus-h, rus-h2, rus-h3 removed, by Random Selection" in res.text()
    _roll(pos, drs)
    assert [h for h in ("rus-h", "rus-h2", "rus-h3") if h in pos.units] == [kept]


def test_a13_511_a_tie_past_the_cap_is_rolled_again(make_position: Any) -> None:
    """drs 6, 4, 4 for a cap of 2: rus-h goes; rus-h2 and rus-h3 tie for the one place left and roll again
    (2 and 5): rus-h3 goes (hexmate's way to keep A7.308's cap, A.9 being silent)."""
    pos = _herd(make_position, 1, 3, third=True)
    for dr in (6, 4, 4):  # rus-h, rus-h2, rus-h3
        pos.push_text(f"answer dice {dr}")
    assert "rus-h" in pos.units and "rus-h2" in pos.units  # nothing removed yet: the tie is rolled again
    top = pos.decision
    assert top is not None and top.then == "horse_pick" and top.subject == ("rus-h2",)
    _roll(pos, {"rus-h2": 2, "rus-h3": 5})
    assert "rus-h" not in pos.units and "rus-h3" not in pos.units and "rus-h2" in pos.units


@pytest.mark.parametrize(("dr", "lost"), [(3, False), (4, True)])
def test_a13_511_the_squads_sw_has_a_seat_too(make_position: Any, dr: int, lost: bool) -> None:
    """A13.511: for each SW riding on the squad's counter a dr names the HS counter it was on: 6 FP at the
    lone 4-4-7 on its squad's counter, Original DR 6 (the 6 FP column's Kill number): the LMG's dr 4-6 puts
    it with the HS that bails out (then its own D6.24 dr), 1-3 with the HS kept."""
    units = [{"id": "ger-6", "counter": "6-2-8", "side": "a", "hex": "C3"},
             {"id": "rus-c", "counter": "4-4-7r", "side": "b", "hex": "C5", "markers": [cavalry.MOUNTED]},
             {"id": "rus-h", "counter": "HORSE3", "side": "b", "hex": "C5", "carrier": "rus-c"},
             {"id": "rus-mg", "counter": "LMG", "side": "b", "hex": "C5", "carrier": "rus-c"}]
    pos: Position = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire ger-6 at C5 dice 2,4")
    while pos.decision is not None and pos.decision.then != "cav_seat":
        d = pos.decision
        pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")  # all pass
    top = pos.decision
    assert top is not None and top.subject == ("rus-mg", "rus-c")
    pos.push_text(f"answer dice {dr}")
    assert pos.decision is not None and pos.decision.then == "cav_bail"
    pos.push_text("answer dice 2,3")  # the bailing HS's NMC: passed
    if lost:
        assert pos.decision is not None and pos.decision.then == "rider_sw"
        pos.push_text("answer dice 1")  # D6.24: kept
    assert pos.units["rus-mg"].carrier == ("rus-c.2" if lost else "rus-c")
    assert not pos.units["rus-mg"].has(horsehit.SEAT_LOST)
