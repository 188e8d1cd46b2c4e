"""Voluntary Break (A10.41), in play: at the start of the RtPh, before any DM or rout.

The text: a unit (even pinned) in the LOS and normal range of a Known, unbroken, armed enemy ground unit,
or ADJACENT to an unbroken enemy ground unit, may break voluntarily at the start of the RtPh in order to
rout, unless breaking would reduce or eliminate it at once. No worked example; the numbers are the
counters' printed ranges (a 4-4-7's normal range 4, a 4-6-7's 6). Analogue board: the conftest's open map."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from tests.rules.games.conftest import ASL_COUNTERS

COUNTERS = {**ASL_COUNTERS, "dummy": {"type": "dummy"}}


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **kw: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **kw}


def _rtph(make_position: Any, *units: dict[str, Any]) -> Any:
    pos = make_position("asl", list(units), "AFPh", first_side="a", counters=COUNTERS)
    pos.push_text("end")
    return pos


def test_a10_41_a_unit_in_view_and_range_breaks_then_routs(make_position: Any) -> None:
    """a-1 in C2 is three hexes from the 4-4-7 in C5 (normal range 4), in its LOS: asked first (the
    ATTACKER), it breaks, is DM (A10.62) and must rout (A10.5); the 4-4-7, in the 4-6-7's range 6, is asked
    too."""
    pos = _rtph(make_position, _u("a-1", "C2"), _u("b-1", "C5", "4-4-7", "b"))
    top = pos.decision
    assert (top.then, top.side, top.rule, top.units) == ("volbreak", "a", "A10.41", ("a-1",)) and top.private
    pos.push_text("answer units a-1")
    assert pos.units["a-1"].has("broken") and pos.units["a-1"].has("dm")
    top = pos.decision
    assert (top.then, top.side, top.units) == ("volbreak", "b", ("b-1",))
    pos.push_text("answer none")
    assert not pos.units["b-1"].has("broken")
    top = pos.decision
    assert top.then in ("rout", "rout_level", "confirm") and top.side == "a"


def test_a10_41_out_of_normal_range_and_not_adjacent_is_not_asked(make_position: Any) -> None:
    """The 4-4-7 six hexes off (normal range 4) does not threaten a-1: a is not asked; b is (the 4-6-7's
    range is 6)."""
    pos = _rtph(make_position, _u("a-1", "C1"), _u("b-1", "C7", "4-4-7", "b"))
    top = pos.decision
    assert (top.then, top.side) == ("volbreak", "b")
    pos.push_text("answer none")
    assert pos.decision is None and pos.phase.id == "APh"


def test_a10_41_even_pinned_and_beside_a_concealed_enemy(make_position: Any) -> None:
    """A pinned 4-4-7 beside a concealed Russian squad (not Known, but ADJACENT and unbroken) may break."""
    pos = _rtph(make_position, _u("b-1", "C3", "4-4-7", "b", concealed=True),
                _u("a-1", "C4", "4-4-7", markers=["pinned"]))
    top = pos.decision
    assert top.then == "volbreak" and top.side == "a" and top.units == ("a-1",)
    pos.push_text("answer units a-1")
    assert pos.units["a-1"].has("broken") and not pos.units["a-1"].has("pinned")


def test_a10_41_no_voluntary_break_that_would_reduce_the_unit(make_position: Any) -> None:
    """A hero or a berserk unit that broke would be reduced (A15.2, A15.42): neither is offered, and naming
    one is refused with the rule."""
    pos = _rtph(make_position, _u("a-1", "C2", markers=["berserk"]), _u("a-2", "C2"),
                _u("b-1", "C4", "4-4-7", "b"))
    top = pos.decision
    assert top.side == "a" and top.units == ("a-2",)
    with pytest.raises(IllegalAction):
        pos.push_text("answer units a-1")
    assert not pos.units["a-1"].has("broken")


def test_a10_41_a_concealed_side_is_asked_even_with_a_dummy_only(make_position: Any) -> None:
    """A "?" in the enemy's view gets the question whether it is a dummy or not, so being asked says
    nothing (A12.1); the dummy is not offered on its owner's page, and the question is private."""
    pos = _rtph(make_position, _u("a-1", "C2"), _u("b-d", "C4", "dummy", "b", concealed=True))
    sides = []
    while pos.decision is not None and pos.decision.then == "volbreak":
        top = pos.decision
        sides.append((top.side, top.units, top.private))
        pos.push_text("answer none")
    assert ("b", (), True) in sides
