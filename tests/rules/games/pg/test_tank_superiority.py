"""PG tank superiority (11.2) from the text's list, not a flag on every counter: full-strength AFVs with an AT
value; every German AFV; Soviet Guards AFVs in scenarios of 1943 on; US, Commonwealth, Free French and Polish
AFVs in scenarios of 1944 on; and the units a game's special rule names."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games.pg import antitank as pg_at
from hexmate.rules.games.pg import assault_shifts

from .conftest import unit as _u

TANK = {"type": "vehicle", "armor": 4, "at": 5, "at_range": 8, "df": 4, "df_range": 3, "ma": 6,
        "morale": 8, "steps": 2}
C: dict[str, dict[str, Any]] = {
    "tank": TANK, "guards": {**TANK, "guards": 1}, "named": {**TANK, "superior": 1},
    "withheld": {**TANK, "superior": 0}, "apc": {**TANK, "at": 0}}


def _pos(make_position: Any, pg: Any, nation: str, year: int | None) -> Any:
    units = [_u("t", "C3", "tank"), _u("g", "C4", "guards"), _u("n", "C5", "named"),
             _u("w", "C6", "withheld"), _u("r", "C7", "tank", "a", "reduced"), _u("p", "C8", "apc"),
             _u("b1", "L8", "inf", "b")]
    sides = [{"id": "a", "name": "A", "nationality": nation},
             {"id": "b", "name": "B", "nationality": "italian"}]
    options = {} if year is None else {"year": year}
    return pg(make_position, units, counters_extra=C, options=options, sides=sides)


def _superior(pos: Any) -> set[str]:
    return {u for u in ("t", "g", "n", "w", "r", "p") if pg_at.superior(pos, pos.units[u])}


@pytest.mark.parametrize(("nation", "year", "expected"), [
    ("german", 1941, {"t", "g", "n"}),  # every full-strength German AFV with AT
    ("soviet", 1942, {"n"}),  # Guards only from 1943
    ("soviet", 1943, {"g", "n"}),
    ("american", 1943, {"n"}),  # Western Allies only from 1944
    ("american", 1944, {"t", "g", "n"}),
    ("polish", 1945, {"t", "g", "n"}),
    ("free-french", 1944, {"t", "g", "n"}),
    ("italian", 1944, {"n"}),  # not on the list: only by a special rule
    ("british", None, {"n"}),  # no year given: the dated entries do not apply
])
def test_11_2_the_list(make_position: Any, pg: Any, nation: str, year: int | None,
                       expected: set[str]) -> None:
    assert _superior(_pos(make_position, pg, nation, year)) == expected


def test_11_2_reaches_combined_arms_in_assault(make_position: Any, pg: Any) -> None:
    """12.41 reads 11.2: a German tank with AT and DF plus infantry get combined arms; a 1942 Soviet
    non-Guards tank does not."""
    for nation, ok in (("german", True), ("soviet", False)):
        pos = _pos(make_position, pg, nation, 1942)
        infantry = pos.units["b1"].__class__(**{**pos.units["b1"].__dict__, "side": "a"})
        assert assault_shifts.combined_arms(pos, [pos.units["t"], infantry]) is ok


def test_a_bad_year_is_a_data_error_naming_the_option(make_position: Any, pg: Any) -> None:
    pos = pg(make_position, [_u("t", "C3", "tank"), _u("b1", "L8", "inf", "b")], counters_extra=C,
             options={"year": "1943"})
    with pytest.raises(DataError, match=r"options\.year"):
        pg_at.superior(pos, pos.units["t"])
