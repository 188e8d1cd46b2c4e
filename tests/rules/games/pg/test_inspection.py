"""The optional limited information (17.0, ``options.limited_information``): no looking under the top of an
enemy stack unless the whole stack is next to one of your good-order units or leaders, or carries a SPOTTED
marker. The units under the top are concealed from the other side's view."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u


def _pos(make_position: Any, pg: Any, *extra: dict[str, Any], on: bool = True) -> Any:
    units = [_u("a1", "A4"), _u("b1", "F4", "inf", "b"), _u("b2", "F4", "hmg7", "b"),
             _u("b3", "F4", "ldr", "b"), *extra]
    return pg(make_position, units, options={"limited_information": on})


def _seen(pos: Any, side: str) -> set[str]:
    return {v["id"] for v in pos.view(side)}


def test_far_off_only_the_top_is_seen(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    assert _seen(pos, "a") >= {"b1"} and not _seen(pos, "a") & {"b2", "b3"}
    assert _seen(pos, "b") >= {"b1", "b2", "b3"}  # the owner sees his own stack


def test_next_to_a_good_order_unit_the_stack_is_open(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, _u("a2", "E4"))
    assert _seen(pos, "a") >= {"b1", "b2", "b3"}
    shaken = _pos(make_position, pg, _u("a2", "E4", "inf", "a", "disrupted"))
    assert not _seen(shaken, "a") & {"b2", "b3"}  # a disrupted unit does not look


def test_a_spotted_stack_is_open(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg)
    state = pos.state.with_unit(pos.units["b2"].mark("spotted"))
    spotted = pos.at(pos.game.settle(pos.at(state)))
    assert _seen(spotted, "a") >= {"b1", "b2", "b3"}


def test_off_by_default(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, on=False)
    assert _seen(pos, "a") >= {"b1", "b2", "b3"}
