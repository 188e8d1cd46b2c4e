"""A25.32 (American-made ordnance: red To Hit numbers before 1944, black from 1944, whoever uses it) and
A25.83 (Axis Minors: red, but the Romanian, Hungarian and Slovak (g)/(t) equipment black):
nations.red_to_hit as vfire.py plays it, and the load check of a scenario's date. The text gives no example
numbers: the rows are the demo pack's (vehicle target at range 7: red 6, black 7, demo values); the demo
tank is BU with a CT, so Case I +1 leaves red 5, black 6, and a DR of 6 hits from the black row only."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games import Position
from hexmate.rules.games.asl import nations
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import units as au

from .test_armour import COUNTERS, units

CATALOGUE = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
RED = "red To Hit number 6 at range 7"
BLACK = "To Hit number 7 at range 7"


def _catalogue(tmp_path: Path) -> str:
    """The demo catalogue with the demo tank made elsewhere: American (a, D2.5), Czech (t), and an
    American-made halftrack whose MA is an MG (demo values)."""
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    pz = data["vehicles"]["demo-pz-g"]
    data["vehicles"]["demo-pz-a"] = {**pz, "nationality": "american", "manufacturer": "a"}
    data["vehicles"]["demo-pz-t"] = {**pz, "nationality": "german", "manufacturer": "t"}
    ht = data["vehicles"]["demo-ht-g"]
    data["vehicles"]["demo-ht-a"] = {**ht, "nationality": "american", "manufacturer": "a"}
    path = tmp_path / "cat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _pos(make_position: Any, tmp_path: Path, user: str, vehicle: str = "demo-pz-g", date: str | None = None,
         ) -> Position:
    """test_armour's board: side a's tank (``vehicle``) in C5 at range 7 of side b's tank in J5."""
    counters = {**COUNTERS, "pz": {"type": "vehicle", "vehicle": vehicle, "catalogue": _catalogue(tmp_path)}}
    sides = [{"id": "a", "name": user.title(), "nationality": user},
             {"id": "b", "name": "Russian", "nationality": "russian"}]
    pos: Position = make_position("asl", units(), "PFPh", counters=counters, sides=sides,
                                  options={"date": date} if date else {})
    return pos


def _fire(pos: Position) -> tuple[list[str], bool]:
    """a's tank fires at J5 with a DR of 6: the labels of its To Hit and whether it hit."""
    pos.push_text("fire a-pz at J5")
    pos.push_text("answer dice 3,3")
    res = pos.last_resolution
    assert res is not None
    return [line.label for line in res.lines], res.results.get("b-t") == "hit"


# --- A25.32: American-made AFV / ordnance, red before 1944, black from 1944, whoever uses it ---


@pytest.mark.parametrize("user", ["american", "british"])
def test_a25_32_american_made_red_before_1944_whoever_uses_it(make_position: Any, tmp_path: Path,
                                                              user: str) -> None:
    """December 1943: the red row, 6 at range 7, with Case I 5: a DR of 6 misses; for British users too (the
    text: even in another nationality's hands)."""
    labels, hit = _fire(_pos(make_position, tmp_path, user, "demo-pz-a", "1943-12"))
    assert labels[:2] == [f"{RED} (American-made, before 1944, A25.32)", "Case I: +1"]
    assert "hits on a DR of 5 or less" in labels and not hit
    assert not any("Case H" in text for text in labels)  # not captured: no A21.12 +2


@pytest.mark.parametrize("user", ["american", "british"])
def test_a25_32_american_made_black_from_1944(make_position: Any, tmp_path: Path, user: str) -> None:
    """January 1944 (and a day-dated scenario): the black row, 7, with Case I 6: a DR of 6 hits."""
    for date in ("1944-01", "1944-06-06"):
        labels, hit = _fire(_pos(make_position, tmp_path, user, "demo-pz-a", date))
        assert labels[0] == BLACK and hit


def test_a25_32_not_for_atr_or_mg_nor_for_other_makers(make_position: Any, tmp_path: Path) -> None:
    pos = _pos(make_position, tmp_path, "american", "demo-pz-a", "1943-12")
    tank = pos.units["a-pz"]
    assert nations.red_to_hit(pos, tank, "gun") == ("A25.32", "American-made, before 1944")
    assert nations.red_to_hit(pos, tank, "MG") is None and nations.red_to_hit(pos, tank, "ATR") is None
    assert nations.red_to_hit(pos, pos.units["b-t"], "gun") is None  # Russian-made, Russian users
    german_made = _pos(make_position, tmp_path, "american", "demo-pz-g", "1943-12")
    assert nations.red_to_hit(german_made, german_made.units["a-pz"], "gun") is None


def test_a25_32_a_users_red_row_stays_from_1944(make_position: Any, tmp_path: Path) -> None:
    """From 1944 the American-made gun leaves A25.32's red row, but not its users' (partisans, A25.242;
    Romanians, A25.83: it is neither (g) nor (t))."""
    for user, rule in (("partisan", "A25.242"), ("romanian", "A25.83")):
        pos = _pos(make_position, tmp_path, user, "demo-pz-a", "1944-01")
        assert nations.red_to_hit(pos, pos.units["a-pz"], "gun") == (rule, "by its users' nationality")


def test_a25_32_a_scenario_with_american_made_ordnance_needs_its_date(make_position: Any,
                                                                      tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"options\.date: needed: the vehicle 'pz' is american-made.*A25\.32"):
        _pos(make_position, tmp_path, "american", "demo-pz-a")
    # an MG MA takes no colour by its maker (A25.32 excepts it): no date needed; nor for a German-made gun
    ht = {"type": "vehicle", "vehicle": "demo-ht-a", "catalogue": _catalogue(tmp_path)}
    extra = {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C7", "markers": ["vca0"]}
    make_position("asl", units(extra), "PFPh", counters={**COUNTERS, "ht": ht})
    _pos(make_position, tmp_path, "american")


# --- A25.83: Axis Minor ordnance red, but the Romanian / Hungarian / Slovak (g) and (t) equipment ---


def test_a25_83_an_axis_minor_fires_with_the_red_row(make_position: Any, tmp_path: Path) -> None:
    """A Bulgarian (Axis Minor) German-made tank: red, 6 at range 7 (Case I: 5): a DR of 6 misses; the (g)
    exception is for the Romanians, Hungarians and Slovaks only."""
    labels, hit = _fire(_pos(make_position, tmp_path, "axis_minor"))
    assert labels[:2] == [f"{RED} (by its users' nationality, A25.83)", "Case I: +1"] and not hit


@pytest.mark.parametrize("user", ["romanian", "hungarian", "slovakian"])
@pytest.mark.parametrize("vehicle", ["demo-pz-g", "demo-pz-t"])
def test_a25_83_romanian_hungarian_slovak_g_and_t_equipment_black(make_position: Any, tmp_path: Path,
                                                                  user: str, vehicle: str) -> None:
    labels, hit = _fire(_pos(make_position, tmp_path, user, vehicle))
    assert labels[0] == BLACK and hit


@pytest.mark.parametrize("user", ["romanian", "hungarian", "slovakian"])
def test_a25_83_their_other_equipment_red(make_position: Any, tmp_path: Path, user: str) -> None:
    """A Russian-made (r) tank in Romanian, Hungarian or Slovak hands (not captured here): red, every kind
    (the text excepts no ATR or MG)."""
    pos = _pos(make_position, tmp_path, user)
    assert nations.red_to_hit(pos, pos.units["a-pz"], "gun") is None  # the (g) tank: black
    russian_made = dataclasses.replace(pos.units["b-t"], side="a")
    for kind in ("gun", "MG", "ATR"):
        assert nations.red_to_hit(pos, russian_made, kind) == ("A25.83", "by its users' nationality")


def test_a25_83_the_slovaks_carry_every_axis_minor_trait() -> None:
    """A25.8: the Slovaks are an Axis Minor (the ``slovakian`` entry, added for A25.83's exception)."""
    minor = au.nationality("axis_minor").traits
    own = au.nationality("slovakian").traits
    assert {k: own.get(k) for k in minor if k != "rule"} == {k: v for k, v in minor.items() if k != "rule"}


def test_captured_takes_a21_12_over_a_makers_or_users_red_row() -> None:
    """A21.12 first: captured, the red row with Case H (+2), whatever else says red."""
    th, steps = od.to_hit(od.load_pack(), target_type="vehicle", rng=7, captured=True,
                          red=("A25.32", "American-made, before 1944"))
    assert [s.rule for s in steps[:2]] == ["A21.12", "A21.12"] and th == 6 - 2


# --- A25.52, A25.6, A25.79: the French, Italians and Finns fire their ordnance with the red row ---


@pytest.mark.parametrize(("user", "rule"), [("french", "A25.52"), ("vichy_french", "A25.52"),
                                            ("italian", "A25.6"), ("finnish", "A25.79")])
def test_french_italian_finnish_ordnance_red(make_position: Any, tmp_path: Path, user: str,
                                              rule: str) -> None:
    """Their tank's gun: red, 6 at range 7 (Case I: 5): a DR of 6 misses where a German crew hits."""
    labels, hit = _fire(_pos(make_position, tmp_path, user))
    assert labels[:2] == [f"{RED} (by its users' nationality, {rule})", "Case I: +1"] and not hit
    labels, hit = _fire(_pos(make_position, tmp_path, "german"))
    assert labels[0] == BLACK and hit


@pytest.mark.parametrize(("user", "black"), [("french", ("MG",)), ("vichy_french", ("MG",)),
                                             ("italian", ("MG", "ATR")), ("finnish", ("MG", "ATR")),
                                             ("free_french", ("gun", "MG", "ATR"))])
def test_their_exceptions_fire_black(make_position: Any, tmp_path: Path, user: str,
                                     black: tuple[str, ...]) -> None:
    """A25.52 excepts an MA MG; A25.6 and A25.79 ATR and MG; the Free French take British rules (A25.53)
    (their scenario gives its date: A25.55's crew morale turns on it)."""
    pos = _pos(make_position, tmp_path, user, date="1942-06" if user == "free_french" else None)
    for kind in black:
        assert nations.red_to_hit(pos, pos.units["a-pz"], kind) is None
