"""PG towing (5.62, 5.63, 5.67): a heavy weapon is hooked up (limbered) to a transport for all the MP of both
and the whole segment; unhooking costs 0 MP and leaves the transport free to move or hook another gun;
unlimbering takes the gun's whole segment; a towed mortar hooks and unhooks for all the MP of both; trucks
and APCs tow guns under 150 mm, jeeps only the light guns; a limbered gun does not fire."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "atgun": {"type": "gun", "ma": 0, "morale": 7, "at": 5, "at_range": 8, "df": 2, "df_range": 4,
              "steps": 1, "calibre": 75},
    "howitzer": {"type": "gun", "ma": 0, "morale": 7, "bombard": 20, "bombard_range": 40, "steps": 1,
                 "calibre": 150},
    "mortar": {"type": "gun", "ma": 0, "morale": 7, "bombard": 8, "bombard_range": 20, "steps": 1,
               "branch": "MTR", "calibre": 120},
    "pak36": {"type": "gun", "ma": 0, "morale": 7, "at": 3, "at_range": 5, "steps": 1, "calibre": 37,
              "jeep": 1, "manhandle": 1},
    "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
    "mover": {"type": "vehicle", "ma": 6, "morale": 6, "transport": 1, "steps": 1,
              "transport_kind": "prime_mover"},
    "jeep": {"type": "vehicle", "ma": 10, "morale": 6, "transport": 1, "steps": 1, "transport_kind": "jeep"},
}


def _pos(make_position: Any, pg: Any, *extra: dict[str, Any]) -> Any:
    units = [_u("g", "C3", "atgun"), _u("tr", "C3", "truck"), _u("b1", "L8", "inf", "b"), *extra]
    return pg(make_position, units, counters_extra=C)


def test_hooking_up_limbers_the_gun_and_takes_both_units_whole_segment(make_position: Any, pg: Any) -> None:
    """5.63: all the MP of both and the whole segment: neither moves after it."""
    pos = _pos(make_position, pg)
    pos.push_text("load g into tr")
    g, tr = pos.units["g"], pos.units["tr"]
    assert g.carrier == "tr" and g.has("limbered")
    assert g.has("moved_fired") and tr.has("moved_fired")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("move tr C3-C4")


def test_a_transport_that_moved_may_not_hook_up(make_position: Any, pg: Any) -> None:
    """5.63: the transport cannot move and hook up in the same segment."""
    pos = _pos(make_position, pg)
    pos.push_text("move tr C3-C4-C3")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("load g into tr")


def test_the_truck_tows_the_gun_next_turn_and_the_towed_gun_cannot_unlimber_after(
        make_position: Any, pg: Any) -> None:
    """5.6: towed, the gun moves with the truck (motorized costs); 5.63: unlimbering takes the gun's whole
    segment, so a gun towed this segment stays limbered."""
    units = [_u("g", "C3", "atgun", "a", "limbered"), _u("tr", "C3", "truck"), _u("b1", "L8", "inf", "b")]
    units[0]["carrier"] = "tr"
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("move tr C3-C4-C5")
    assert pos.label(pos.units["g"].hex) == "C5" and pos.units["g"].has("moved_fired")
    with pytest.raises(IllegalAction, match=r"3\.13"):
        pos.push_text("unload g")


def test_unhooking_is_free_the_gun_unlimbers_and_the_truck_drives_on(make_position: Any, pg: Any) -> None:
    """5.63: a gun that starts the segment hooked may unhook and unlimber in it; the freed transport may
    still move (unhooking costs neither unit MP)."""
    units = [_u("g", "C3", "atgun", "a", "limbered"), _u("tr", "C3", "truck"), _u("b1", "L8", "inf", "b")]
    units[0]["carrier"] = "tr"
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate tr,g")
    pos.push_text("unload tr")
    g = pos.units["g"]
    assert g.carrier is None and g.has("limbered") and not g.has("moved_fired")
    assert not pos.units["tr"].has("moved_fired")
    with pytest.raises(IllegalAction, match=r"5\.62"):
        pos.push_text("fire g at L8")
    pos.push_text("unload g")  # unlimber: its whole segment
    assert not pos.units["g"].has("limbered") and pos.units["g"].has("moved_fired")
    moves = pos.legal_actions.moves_for({"tr"})
    assert pos.map.parse_label("C5") in moves  # the whole MA 8 left


def test_unload_gun_unhooks_and_unlimbers_at_once(make_position: Any, pg: Any) -> None:
    """5.63: unhook and unlimber in the same segment, in one action."""
    units = [_u("g", "C3", "atgun", "a", "limbered"), _u("tr", "C3", "truck"), _u("b1", "L8", "inf", "b")]
    units[0]["carrier"] = "tr"
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("unload g")
    assert pos.units["g"].carrier is None and not pos.units["g"].has("limbered")
    with pytest.raises(IllegalAction, match=r"5\.62"):
        pos.push_text("unload g")  # no longer limbered (and marked)


def test_a_freed_truck_hooks_up_another_gun_in_the_same_segment(make_position: Any, pg: Any) -> None:
    """5.63: the freed transport may hook up another gun in the same hex in that segment."""
    units = [_u("g", "C3", "atgun", "a", "limbered"), _u("tr", "C3", "truck"), _u("g2", "C3", "pak36"),
             _u("b1", "L8", "inf", "b")]
    units[0]["carrier"] = "tr"
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("activate tr,g,g2")
    pos.push_text("answer none")  # 3.13: unhooking and hooking up are move actions
    pos.push_text("unload tr")
    pos.push_text("load g2 into tr")
    assert pos.units["g2"].carrier == "tr" and pos.units["g2"].has("limbered")


def test_a_towed_mortar_unhooks_for_all_the_mp_of_both(make_position: Any, pg: Any) -> None:
    """5.63: a mortar's hook-up and unhooking take all the MP of both units and the whole segment."""
    units = [_u("m", "C3", "mortar", "a", "limbered"), _u("tr", "C3", "truck"), _u("b1", "L8", "inf", "b")]
    units[0]["carrier"] = "tr"
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("unload tr")
    assert pos.units["m"].carrier is None and pos.units["m"].has("limbered")
    assert pos.units["m"].has("moved_fired") and pos.units["tr"].has("moved_fired")


def test_what_each_transport_may_tow(make_position: Any, pg: Any) -> None:
    """5.67: trucks and APCs tow guns under 150 mm; a heavy prime mover any heavy weapon but no personnel;
    a jeep only 37 mm AT guns, 2-pdrs and 20 mm AA guns."""
    pos = _pos(make_position, pg, _u("h", "D3", "howitzer"), _u("t2", "D3", "truck"))
    with pytest.raises(IllegalAction, match=r"150 mm.*5\.63, 5\.67"):
        pos.push_text("load h into t2")
    pos = _pos(make_position, pg, _u("h", "D3", "howitzer"), _u("pm", "D3", "mover"), _u("i1", "D3"))
    with pytest.raises(IllegalAction, match=r"no personnel \(5\.67\)"):
        pos.push_text("load i1 into pm")
    pos.push_text("load h into pm")
    assert pos.units["h"].carrier == "pm"
    pos = _pos(make_position, pg, _u("j", "C3", "jeep"), _u("p", "C3", "pak36"))
    with pytest.raises(IllegalAction, match=r"jeep tows only"):
        pos.push_text("load g into j")
    pos.push_text("load p into j")
    assert pos.units["p"].carrier == "j"


def test_no_hooking_up_in_an_enemy_hex_but_unhooking_is_allowed(make_position: Any, pg: Any) -> None:
    """5.67: in a hex with enemy units a transport may unload or unhook (a move action), not load."""
    units = [_u("g", "C3", "atgun"), _u("tr", "C3", "truck"), _u("b1", "C3", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    with pytest.raises(IllegalAction, match=r"5\.67"):
        pos.push_text("load g into tr")


@pytest.mark.parametrize(("counter", "message"), [
    ({**C["truck"], "transport_kind": "sledge"},
     r"transport_kind 'sledge': wagon, prime_mover, truck or jeep"),
    ({**C["atgun"], "calibre": "75mm"}, r"'calibre' must be a whole number of mm \(5\.67"),
])
def test_bad_towing_values_are_named(make_position: Any, pg: Any, counter: dict[str, Any],
                                     message: str) -> None:
    """5.67: a scenario's transport kinds and calibres are checked when it is loaded (``check_counter``)."""
    units = [_u("x", "C3", "bad"), _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra={"bad": counter})
    problem = pos.game.check_counter(pos.scenario.counters["bad"])
    assert problem is not None and re.search(message, problem)
    assert pos.game.check_counter(pos.scenario.counters["inf"]) is None


def test_hooking_up_and_unhooking_draw_opportunity_fire_at_those_units_only(
        make_position: Any, pg: Any) -> None:
    """13.3: hooking up and unhooking by choice (5.63) may be fired at like a move; opportunity fire hits the
    units doing it (7.64), not the platoon beside them."""
    units = [_u("g", "C3", "atgun"), _u("tr", "C3", "truck"), _u("i1", "C3"), _u("b1", "C5", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("load g into tr")
    top = pos.decision
    assert top.kind == "react" and top.side == "b" and top.rule == "13.3" and set(top.subject) == {"tr", "g"}
    pos.push_text("fire b1 at C3")
    while pos.decision is not None and pos.decision.kind == "roll" and pos.last_resolution is None:
        pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and "opportunity fire" in res.text()
    assert set(res.results) <= {"tr", "g"} and res.results



def test_unlimbering_draws_opportunity_fire_too(make_position: Any, pg: Any) -> None:
    """13.3: limbering and unlimbering (5.63) by choice are opportunity-fire targets; the gun alone here."""
    units = [_u("g", "C3", "atgun", "a", "limbered"), _u("i1", "C3"), _u("b1", "C5", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("unload g")
    top = pos.decision
    assert top.kind == "react" and top.rule == "13.3" and top.subject == ("g",)
    pos.push_text("answer pass")
    assert pos.decision is None and not pos.units["g"].has("limbered")


def test_the_page_is_offered_the_hook_up_and_then_the_unhook_and_the_unlimbering(
        make_position: Any, pg: Any) -> None:
    """5.63: the legal actions list the hook-up of a gun in the truck's hex; hooked, the unhook and the
    unhook-and-unlimber (the far howitzer, and the truck's own boarding by nobody, are not offered)."""
    units = [_u("g", "C3", "atgun"), _u("tr", "C3", "truck"), _u("h", "E5", "howitzer"),
             _u("b1", "L8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    texts = {a.text() for a in pos.legal_actions}
    assert "load g into tr" in texts and "load h into tr" not in texts and "unload tr" not in texts
    units[0] = {**_u("g", "C3", "atgun", "a", "limbered"), "carrier": "tr"}
    pos = pg(make_position, units, counters_extra=C)
    texts = {a.text() for a in pos.legal_actions}
    assert {"unload tr", "unload g"} <= texts and "load g into tr" not in texts
