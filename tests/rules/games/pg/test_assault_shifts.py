"""PG Assault table shifts (12.41): the assault hex's terrain for the current attacker only (the text's
example: a town, -2, and in a later activation the other side attacking takes it), foxholes only against
defenders in them and entrenchments only against defenders that held them (their own column, 7.52),
combined arms for a side with a good closed-top AFV holding tank superiority and infantry. Columns are those
of the demo Assault table (demo values); the town's -2 is the text's."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.pg import assault as pg_assault

from .conftest import unit as _u

C: dict[str, dict[str, Any]] = {
    "tank": {"type": "vehicle", "ma": 6, "morale": 8, "armor": 4, "at": 6, "at_range": 6, "df": 4,
             "df_range": 4, "steps": 1, "superior": 1},
    "spw": {"type": "vehicle", "ma": 7, "morale": 8, "armor": 0, "transport": 1, "df": 2, "df_range": 2,
            "steps": 1},
}
C["truck"] = {"type": "vehicle", "ma": 8, "morale": 6, "transport": 1, "steps": 1}
TOWN = {"C4": {"terrain": "town"}}


def test_the_town_costs_the_attacker_two_columns_and_not_the_defender(make_position: Any, pg: Any) -> None:
    """12.41 example: the Axis units assaulting in a town hex fire at -2; the Allied defenders' fire does not
    take it. Attacker a1 5 + leader 1 = 6: column 6, +1 leader, -2 town -> column 5; defender b1 5: column
    5."""
    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), _u("b1", "C4", "inf", "b"), _u("b3", "J8", "inf", "b")]
    pos = pg(make_position, units, hexes=TOWN)
    pos.push_text("move a1,al C3-C4")
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 4,4")
    text = pos.last_resolution.text()
    assert "attacker: assault hex terrain (town), attacker only: -2 (12.41)" in text
    assert "6 -> column 5, roll 8 -> 2" in text
    assert "defender: assault hex terrain" not in text and "5 -> column 5, roll 8 -> 2" in text


def test_in_a_later_activation_the_other_side_attacking_takes_the_town(make_position: Any, pg: Any) -> None:
    """12.41 example, its second half: the Allied units, now attacking in the same town hex, fire at -2.
    b1 5 -> column 5, -2 -> column 3; a1, now defending, 5 on column 5."""
    units = [_u("a1", "C4"), _u("b1", "C4", "inf", "b")]
    pos = pg(make_position, units, hexes=TOWN)
    h = pos.map.parse_label("C4")
    text = pg_assault.resolve(pos, ("b1",), ("a1",), h, (4, 4), (4, 4), first=False).text()
    assert "attacker: assault hex terrain (town), attacker only: -2 (12.41)" in text
    assert "5 -> column 3, roll 8 -> 1" in text and "5 -> column 5, roll 8 -> 2" in text


def test_foxholes_count_only_against_the_units_in_them(make_position: Any, pg: Any) -> None:
    """12.41, 16.2, 7.52: one roll, the dug-in defender on its own column. a1 5 + a2 5 = 10: b2 on column 10,
    roll 3 -> 1 step; b1 in foxholes (-1, demo value) on column 8 -> M."""
    units = [_u("a1", "C3"), _u("a2", "C3"), _u("b1", "C4", "inf", "b", "dug_in"), _u("b2", "C4", "inf", "b")]
    pos = pg(make_position, units)
    h = pos.map.parse_label("C4")
    res = pg_assault.resolve(pos, ("a1", "a2"), ("b1", "b2"), h, (1, 2), (1, 1), first=False)
    assert res.results["b2"] == "1" and res.results["b1"] == "M"
    text = res.text()
    assert "b1 in foxholes: -1 (12.41, 16.2, demo value)" in text
    assert "10 -> column 8, roll 3 -> M against b1 (12.41, 7.52)" in text, text


def test_an_entrenchment_counts_against_those_that_held_it_but_not_for_a_vehicle(
        make_position: Any, pg: Any) -> None:
    """12.41, 16.4: entrenchment shifts only against units in it; AFVs get no entrenchment benefit."""
    units = [_u("a1", "C3"), _u("b1", "C4", "inf", "b", "entrenched"),
             _u("bt", "C4", "tank", "b", "entrenched")]
    pos = pg(make_position, units, counters_extra=C)
    res = pg_assault.resolve(pos, ("a1",), ("b1", "bt"), pos.map.parse_label("C4"), (6, 6), (1, 1),
                             first=False)
    text = res.text()
    assert "b1 in an entrenchment it held: -2 (12.41, 16.4, demo value)" in text and "bt in an" not in text


def test_combined_arms_needs_a_superior_closed_top_afv_and_infantry(make_position: Any, pg: Any) -> None:
    """12.41: a good closed-top AFV with tank superiority and both AT and DF, and good infantry (no HMG)."""
    def shifted(*attackers: dict[str, Any]) -> bool:
        units = [*attackers, _u("b1", "C5", "inf", "b")]
        pos = pg(make_position, units, counters_extra={**C, "plain": {**C["tank"], "superior": 0}})
        ids = tuple(u["id"] for u in attackers)
        text = pg_assault.resolve(pos, ids, ("b1",), pos.map.parse_label("C5"), (4, 4), (4, 4),
                                  first=False).text()
        return "attacker: combined arms: +1 (12.41, demo value)" in text

    assert shifted(_u("t", "C5", "tank"), _u("i", "C5"))
    assert not shifted(_u("t", "C5", "plain"), _u("i", "C5"))  # no tank superiority (11.2)
    assert not shifted(_u("t", "C5", "tank", "a", "demoralized"), _u("i", "C5"))
    assert not shifted(_u("t", "C5", "tank"), _u("h", "C5", "hmg7"))  # an HMG is no infantry here
    assert not shifted(_u("t", "C5", "spw"), _u("i", "C5"))  # an open-top APC
    assert not shifted(_u("t", "C5", "tank"))


def test_the_all_demoralized_shift_counts_combat_units_only(make_position: Any, pg: Any) -> None:
    """12.41: morale-state shifts (+1 when every enemy is demoralized) look at combat units only, not at
    leaders or unarmed transports."""
    units = [_u("a1", "C4"), _u("b1", "C4", "inf", "b", "demoralized"), _u("bt", "C4", "truck", "b"),
             _u("bl", "C4", "ldr", "b")]
    pos = pg(make_position, units, counters_extra=C)
    text = pg_assault.resolve(pos, ("a1",), ("b1", "bt", "bl"), pos.map.parse_label("C4"), (4, 4), (4, 4),
                              first=False).text()
    assert "attacker: every enemy combat unit demoralized: +1 (12.41)" in text


def test_the_free_shot_keeps_combined_arms_and_drops_the_town(make_position: Any, pg: Any) -> None:
    """12.12: negative shifts are ignored in the free shot, positive ones apply: b's tank and infantry
    (combined arms, +1) fire at a1 leaving the town hex C4; b1 5 + bt 4 = 9 on column 8, +1 -> column 10:
    roll 3 -> 1 (on column 8 it would be M; demo table)."""
    units = [_u("a1", "C4"), _u("b1", "C4", "inf", "b"), _u("bt", "C4", "tank", "b"),
             _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=C, hexes=TOWN)
    pos.push_text("move a1 C4-C3")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    while pos.decision is not None and pos.decision.then != "free_shot":
        pos.push_text("answer assault")  # the tank's DF goes into the free shot (not AT: a1 is no vehicle)
    assert pos.decision.then == "free_shot"
    pos.push_text("answer dice 1,2")
    text = pos.last_resolution.text()
    assert "free shot: combined arms: +1 (12.41, demo value)" in text and "terrain" not in text
    assert "9 -> roll 3 -> 1" in text
