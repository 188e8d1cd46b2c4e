"""7.25: a unit with an armour value (even 0) ignores Direct Fire and Bombardment results other than X; an
APC's cargo is protected the same way (a truck's is not: it shares the truck's check, 5.65)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import fire as pg_fire

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "spw": {"type": "vehicle", "ma": 7, "morale": 8, "armor": 0, "transport": 1, "steps": 1},
    "truck": {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1},
}


def test_an_m_result_checks_the_truck_for_its_cargo_and_not_the_apc(make_position: Any, pg: Any) -> None:
    units = [_u("spw", "C4", "spw"), {**_u("i1", "C4"), "carrier": "spw"},
             _u("tr", "C4", "truck"), {**_u("i2", "C4"), "carrier": "tr"}, _u("b1", "J8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C)
    assert pos.units["i1"].carrier == "spw" and pos.units["i2"].carrier == "tr"
    results = {"spw": "M1", "i1": "M1", "tr": "M1", "i2": "M1"}
    state = pg_fire.apply_results(pos.game, pos, results, "df")
    checked = {s for d in state.decisions for s in d.subject}
    # the SPW (armour 0) and its cargo ignore the M (7.25, 7.41); the truck rolls for itself alone and its
    # cargo shares what befalls it (5.65, 5.66: test_transport_checks plays it through)
    assert checked == {"tr"}
