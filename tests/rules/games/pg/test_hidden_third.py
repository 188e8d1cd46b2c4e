"""The optional hidden units when the scenario names none (17.0, ``options.hidden_third``): a side the
scenario lets start in foxholes may hide a third of its units and leaders, rounded up. The owner names them on
a private decision; each then has its hex written down as a listed hidden unit does (test_hidden)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.pg import hidden_third

from .conftest import unit as _u

UNITS = [_u("a1", "A4"), _u("b1", "K8", "inf", "b", "dug_in"), _u("b2", "K7", "inf", "b"),
         _u("b3", "K6", "inf", "b"), _u("b4", "K5", "inf", "b"), _u("bl", "K8", "ldr", "b")]
THIRD = {"hidden_third": {"b": {}}}


def test_a_third_rounded_up_as_the_texts_example() -> None:
    """17.0's example: 12 units, a third is 4 (and the solitaire places, twice that, 8)."""
    assert hidden_third.limit(12) == 4 and hidden_third.limit(5) == 2 and hidden_third.limit(1) == 1


def test_the_owner_names_up_to_a_third_then_writes_down_their_hexes(make_position: Any, pg: Any) -> None:
    """b has 5 units and leaders: ceil(5 / 3) = 2 may hide. Three are refused; b1 and bl are taken off the
    board, concealed, and each gets its private set-up decision."""
    pos = pg(make_position, UNITS, options=THIRD)
    d = pos.decision
    assert (d.kind, d.side, d.then, d.private, d.count) == ("units", "b", "hidden_third", True, 0)
    assert set(d.units) == {"b1", "b2", "b3", "b4", "bl"} and "up to 2 of your 5" in d.prompt
    with pytest.raises(IllegalAction, match="at most 2"):
        pos.push_text("answer units b1,b2,b3")
    pos.push_text("answer units b1,bl")
    assert pos.units["b1"].hex is None and pos.units["b1"].concealed and pos.units["bl"].hex is None
    d = pos.decision
    assert (d.then, d.private, d.subject) == ("hidden_place", True, ("b1",))
    pos.push_text("answer hex E4")
    pos.push_text("answer hex H5")
    hidden = {u: pos.label(h) for u, h in pos.game.gstate(pos.state).hidden}
    assert hidden == {"b1": "E4", "bl": "H5"}
    assert all(v["id"] not in ("b1", "bl") for v in pos.view("a"))
    assert pos.units["b1"].hex is None  # four hexes off
    pos.push_text("move a1 A4-B4")  # in the open by day, spotted from 12 // 4 = 3 hexes
    assert pos.label(pos.units["b1"].hex) == "E4" and pos.units["bl"].hex is None


def test_none_hides_nobody(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, UNITS, options=THIRD)
    pos.push_text("answer none")
    assert pos.label(pos.units["b1"].hex) == "K8" and not pos.game.gstate(pos.state).hidden


@pytest.mark.parametrize("options,match", [
    ({"hidden_third": {"a": {}}}, "does not let a start in foxholes"),
    ({"hidden_third": {"b": {}}, "hidden_units": {"b": {"units": ["b2"]}}}, "names its hidden units"),
    ({"hidden_third": {"z": {}}}, "not a side"),
    ({"hidden_third": {"b": {"area": ["ZZ99"]}}}, "area"),
])
def test_who_may_use_it_names_the_place(make_position: Any, pg: Any, options: Any, match: str) -> None:
    with pytest.raises(DataError, match=f"hidden_third.*{match}"):
        pg(make_position, UNITS, options=options)
