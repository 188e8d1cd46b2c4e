"""Fire at a Location holding prisoners (A20.54): the guard and his prisoners are both attacked, as in a
Melee; a prisoner failing its MC is Casualty Reduced instead of breaking, is pinned only with its guard, and
takes no Leader Loss check; a K result picks among guard and prisoners by Random Selection. The IFT cells
read are the demo pack's (demo values): 4 FP, final DR 5 -> 1MC; final DR 3 -> K/1."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def _guarded(make_position: Any, *extra: dict[str, Any]) -> Any:
    """A German 4-6-7 in C2 guards a Russian 4-4-7 taken prisoner; a Russian 4-4-7 in C4 has its Prep
    Fire."""
    units = [
        {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
        {"id": "b-p", "counter": "4-4-7r", "side": "b", "hex": "C2", "markers": ["prisoner"],
         "carrier": "a-1"},
        {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C4"},
        *extra,
    ]
    return make_position("asl", units, "PFPh", counters=COUNTERS, sides=SIDES, first_side="b")


def _roll_mc(pos: Any, uid: str, dice: str) -> None:
    top = pos.decision
    assert top is not None and top.then == "mc" and top.subject == (uid,), top
    pos.push_text(f"answer dice {dice}")


def test_a20_54_the_prisoners_are_attacked_with_their_guard_and_are_reduced_not_broken(
    make_position: Any,
) -> None:
    pos = _guarded(make_position)
    pos.push_text("fire b-2 at C2")
    pos.push_text("answer dice 2,3")  # 4 FP, final DR 5: 1MC on every unit in C2 (demo values)
    res = pos.state.resolution
    assert res is not None and res.results == {"a-1": "1MC", "b-p": "1MC"}
    order = [d.subject[0] for d in reversed(pos.state.decisions) if d.then == "mc"]
    assert sorted(order) == ["a-1", "b-p"]
    for uid in order:
        _roll_mc(pos, uid, "6,6" if uid == "b-p" else "3,3")  # the prisoner fails; the guard passes (7)
    prisoner = pos.units["b-p"]
    assert prisoner.name == "2-2-7r" and not prisoner.has("broken")  # A20.54: reduced instead
    assert prisoner.has("prisoner") and prisoner.carrier == "a-1"
    assert not pos.units["a-1"].has("broken")


def test_a20_54_a_pinned_guard_pins_his_prisoners(make_position: Any) -> None:
    pos = _guarded(make_position)
    pos.push_text("fire b-2 at C2")
    pos.push_text("answer dice 2,3")
    order = [d.subject[0] for d in reversed(pos.state.decisions) if d.then == "mc"]
    for uid in order:
        # the guard's final DR 6 + 1 = 7 equals its morale: pinned (A7.8); the prisoner passes outright
        _roll_mc(pos, uid, "3,3" if uid == "a-1" else "1,1")
    assert pos.units["a-1"].has("pinned")
    assert pos.units["b-p"].has("pinned")  # A20.54: through its guard


def test_a20_54_a_k_result_picks_among_guard_and_prisoners(make_position: Any) -> None:
    pos = _guarded(make_position)
    pos.push_text("fire b-2 at C2")
    pos.push_text("answer dice 1,2")  # final DR 3: K/1 (demo values)
    top = pos.decision
    assert top is not None and top.then == "casualty" and set(top.units) == {"a-1", "b-p"}


def test_a20_54_a_prisoner_takes_no_leader_loss_check(make_position: Any) -> None:
    """A Russian 8-1 held prisoner with the 4-4-7 is killed by the Russians' own fire: the 4-4-7, of lower
    morale, would take a LLMC (A10.2), but a prisoner takes none (A20.54). 8 FP, final DR 2: 1KIA (demo
    values)."""
    units = [{"id": "b-81", "counter": "8-1", "side": "b", "hex": "C2", "markers": ["prisoner"],
              "carrier": "a-1"},
             {"id": "b-3", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = _guarded(make_position, *units)
    pos.push_text("fire b-2,b-3 at C2")
    pos.push_text("answer dice 1,1")
    top = pos.decision
    assert top is not None and top.then == "casualty" and set(top.units) == {"a-1", "b-p", "b-81"}
    pos.push_text("answer units b-81")  # Random Selection picks the 8-1: wounded (A17.11) ...
    top = pos.decision
    assert top is not None and top.then == "wound"
    pos.push_text("answer dice 6")  # ... and the severity dr 6 kills him
    assert "b-81" not in pos.units
    assert not [d for d in pos.state.decisions if d.rule == "A10.2"]
