"""A transport's morale check under fire (5.65): only the transport rolls; what it carries shares the
result (5.66: disrupted or demoralized with it, and set down)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import losses as pg_losses

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1}}


def test_5_65_an_m_result_on_a_loaded_truck_is_the_truck_s_check_alone(make_position: Any, pg: Any) -> None:
    """The INF boards the truck (5.61); then b's HMG 7 at range 2 rolls M1 for the hex: one check, the
    truck's; it fails (12 against 6), and the INF is shaken with it and set down (5.66)."""
    units = [_u("trk", "C5", "truck"), _u("p", "C5"), _u("h", "C3", "hmg7", "b")]
    pos = pg(make_position, units, counters_extra=C)
    pos.push_text("load p into trk")
    while pos.to_act != "b" or pos.decision is not None or pos.game.gstate(pos.state).active:
        if pos.decision is not None:
            pos.push_text("answer pass" if pos.decision.kind != "roll" else "answer dice 1,1")
        elif pos.game.gstate(pos.state).active:
            pos.push_text("done")
        else:
            pos.push_text("pass")
    assert pos.units["p"].carrier == "trk"
    pos.push_text("activate h")
    pos.push_text("fire h at C5")
    pos.push_text("answer dice 2,3")
    res = pos.last_resolution
    assert res is not None and res.results == {"trk": "M1", "p": "M1"}
    assert [d.subject for d in pos.state.decisions if d.then == "mc"] == [("trk",)]
    pos.push_text("answer dice 6,6")
    assert pos.units["trk"].has("disrupted") or pos.units["trk"].has("demoralized")
    assert pos.units["p"].carrier is None and (pos.units["p"].has("disrupted") or pos.units["p"].has(
        "demoralized"))



def test_5_65_the_m2_after_an_x_is_the_truck_s_alone(make_position: Any, pg: Any) -> None:
    """After an X's steps (7.61) every survivor checks M2, but of a loaded truck only the truck rolls; its
    cargo shares the result (5.65). The free INF beside it rolls its own."""
    units = [_u("trk", "C5", "truck"), {**_u("p", "C5"), "carrier": "trk"}, _u("f", "C5"),
             _u("h", "C3", "hmg7", "b")]
    pos = pg(make_position, units, counters_extra=C)
    state = pg_losses.checks(pos.game, pos, ("f", "p", "trk"), 0, "df")
    assert sorted(d.subject[0] for d in state.decisions if d.then == "mc") == ["f", "trk"]



def _x_at_c5(make_position: Any, pg: Any, units: list[dict[str, Any]]) -> Any:
    """b's HMG (DF 11) adjacent to C5 fires first (b won the initiative) and rolls 2,2: an X for the hex."""
    pos = pg(make_position, [*units, _u("h", "C4", "hmg11", "b")], counters_extra=C, a=1, b=6)
    pos.push_text("activate h")
    pos.push_text("fire h at C5")
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert res is not None and set(res.results.values()) == {"X"}
    return pos


def test_5_65_an_x_puts_category_1_on_a_free_unit_and_the_cargo_goes_with_its_truck(
        make_position: Any, pg: Any) -> None:
    """7.61's X: one step to a combat unit (category 1) and one to a wagon, truck or sled (category 2). The
    INF aboard the truck shares the truck's fate (5.65) and takes no step of its own: category 1 falls on the
    free INF f at once (the only one, no choice asked), category 2 on the truck (1 step: eliminated), and
    the cargo goes with it (7.6: a transport eliminated takes what it carries)."""
    pos = _x_at_c5(make_position, pg, [_u("trk", "C5", "truck"), {**_u("p", "C5"), "carrier": "trk"},
                                       _u("f", "C5")])
    assert not [d for d in pos.state.decisions if d.then == "loss"]
    assert "trk" not in pos.units and "p" not in pos.units
    assert pos.units["f"].has("reduced")


def test_5_65_a_loaded_truck_alone_loses_no_category_1_step(make_position: Any, pg: Any) -> None:
    """7.61: with no category 1 unit (the cargo is not one on its own) that step is ignored; the cargo goes
    only because its truck does."""
    pos = _x_at_c5(make_position, pg, [_u("trk", "C5", "truck"), {**_u("p", "C5"), "carrier": "trk"}])
    assert not [d for d in pos.state.decisions if d.then == "loss"]
    assert "trk" not in pos.units and "p" not in pos.units


def test_5_65_an_apc_s_cargo_is_no_category_1_choice_of_its_own(make_position: Any, pg: Any) -> None:
    """7.61's X on a hex with a loaded SPW and a free INF: the owner puts category 1 on the INF or the SPW
    (7.25, 7.41: the APC's cargo is covered by its armour and shares its fate, 5.65), never on the cargo."""
    apc = {"spw": {"type": "vehicle", "ma": 7, "morale": 8, "armor": 0, "transport": 1, "steps": 1, "df": 2,
                   "df_range": 2}}  # armed, a combat unit (1.2), as the text's SPW 251 taking steps in 7.61
    pos = pg(make_position, [_u("spw", "C5", "spw"), {**_u("p", "C5"), "carrier": "spw"}, _u("f", "C5"),
                             _u("h", "C4", "hmg11", "b")], counters_extra={**C, **apc}, a=1, b=6)
    pos.push_text("activate h")
    pos.push_text("fire h at C5")
    pos.push_text("answer dice 2,2")
    res = pos.last_resolution
    assert res is not None and res.results["f"] == "X", res.results
    d = pos.decision
    assert d is not None and d.then == "loss" and set(d.units) == {"f", "spw"}
    pos.push_text("answer units spw")
    assert "spw" not in pos.units and "p" not in pos.units and not pos.units["f"].has("reduced")
