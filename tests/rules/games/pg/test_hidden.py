"""The optional hidden units (17.0, ``options.hidden_units``): written down, not placed; the enemy spots one
only from a quarter of its spotting range, rounded down, at least 1 (the text's examples: 3 hexes in the open
by day, only adjacent in a town); placed when spotted, when it fires or when it moves; opportunity-firing at
a unit on a strategic move it gets +2 columns."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u

HIDE = {"hidden_units": {"b": {"units": ["b1"]}}}


def _pos(make_position: Any, pg: Any, units: list[dict[str, Any]], hexes: dict[str, Any] | None = None,
         where: str = "E4", a: int = 6, b: int = 1, **options: Any) -> Any:
    pos = pg(make_position, units, a=a, b=b, hexes=hexes or {}, options={**HIDE, **options})
    d = pos.decision
    assert d is not None and d.then == "hidden_place" and d.private and d.side == "b"
    assert pos.units["b1"].hex is None and pos.units["b1"].concealed
    pos.push_text(f"answer hex {where}")
    return pos


def test_it_is_written_down_not_placed(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a1", "A4"), _u("b1", "K8", "inf", "b")])
    assert pos.units["b1"].hex is None  # nowhere in the shared state
    assert [(u, pos.label(h)) for u, h in pos.game.gstate(pos.state).hidden] == [("b1", "E4")]
    assert all(v["id"] != "b1" for v in pos.view("a"))


def test_in_the_open_by_day_it_is_spotted_from_3_hexes(make_position: Any, pg: Any) -> None:
    """12 // 4 = 3: a1 four hexes off does not see it; stepping to three hexes places it."""
    pos = _pos(make_position, pg, [_u("a1", "A4"), _u("b1", "K8", "inf", "b")])
    assert pos.units["b1"].hex is None
    pos.push_text("move a1 A4-B4")
    assert pos.label(pos.units["b1"].hex) == "E4" and not pos.units["b1"].concealed


def test_in_a_town_only_from_next_to_it(make_position: Any, pg: Any) -> None:
    """3 // 4 = 0, at least 1: two hexes off is not enough."""
    pos = _pos(make_position, pg, [_u("a1", "A4"), _u("b1", "K8", "inf", "b")],
               hexes={"E4": {"terrain": "town"}})
    pos.push_text("move a1 A4-B4-C4")
    assert pos.units["b1"].hex is None
    moved = pos.at(pos.state.with_unit(pos.units["a1"].at(pos.map.parse_label("D4"))))  # next to it
    state = moved.game.settle(moved)
    assert state.units["b1"].hex == pos.map.parse_label("E4")


def test_it_is_placed_when_it_fires(make_position: Any, pg: Any) -> None:
    pos = _pos(make_position, pg, [_u("a1", "A4"), _u("b1", "K8", "inf", "b")], where="D4", a=1, b=6,
               hexes={"D4": {"terrain": "woods"}})  # 3 hexes: not spotted in woods (seen from next to it)
    assert pos.state.flow.active == "b"
    fires = {pos.action_text(a) for a in pos.legal_actions}
    assert "fire b1 at A4" in fires
    fire = next(a for a in pos.legal_actions if pos.action_text(a) == "fire b1 at A4")
    assert pos.game.secret_of(pos, fire) == "b"  # listed on b's page only
    pos.push_text("fire b1 at A4")
    assert pos.label(pos.units["b1"].hex) == "D4"


def test_a_hidden_unit_at_a_strategic_mover_fires_at_plus_2(make_position: Any, pg: Any) -> None:
    """The woods wall hides a1 from b2; b1, hidden in the woods at C3 (seen from next to it only), fires at
    a1 as it passes A3 on its strategic move (6 MP of MA 3)."""
    hexes = {**{f"F{r}": {"terrain": "woods"} for r in range(1, 9)}, "C3": {"terrain": "woods"}}
    units = [_u("a1", "A1"), _u("b1", "K8", "inf", "b"), _u("b2", "K4", "inf", "b")]
    pos = _pos(make_position, pg, units, hexes=hexes, where="C3", strategic_movement=True)
    pos.push_text("activate a1")
    pos.push_text("move a1 A1-A2-A3-A4-A5-A6-A7")
    while (pos.decision is not None and pos.decision.kind == "react"
           and pos.label(pos.decision.target) != "A3"):
        pos.push_text("answer pass")
    assert pos.label(pos.decision.target) == "A3"
    pos.push_text("fire b1 at A3")
    pos.push_text("answer dice 1,1")
    assert "hidden unit at a strategic move: +2" in pos.last_resolution.text()
    assert pos.label(pos.units["b1"].hex) == "C3"
