"""The owner-filled vehicle catalogue: printed values (D1) and errors that name the file, vehicle and key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hexmate.rules.games.asl.vehicles import (
    CatalogueError,
    is_mobile,
    load_catalogue,
    parse_catalogue,
    rank_shift,
    tca_of,
    with_tca,
)

DEMO = Path(__file__).resolve().parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"


def test_demo_catalogue_is_labelled_and_loads() -> None:
    cat = load_catalogue(str(DEMO))
    assert cat.label.startswith("demo values")
    assert all(v.demo for v in cat.vehicles.values())
    t = cat["demo-t-r"]
    assert (t.hull_front, t.turret_front, t.turret_side) == (8, 11, 4)  # boxed: one rank up (D1.63)
    assert t.af("turret", "front") == 11 and t.af("hull", "rear") == 4


def test_af_ladder_ranks() -> None:
    # D1.6's eleven values; boxed one rank higher (D1.63), circled one lower (D1.64)
    assert rank_shift(8, 1) == 11 and rank_shift(4, -1) == 3 and rank_shift(26, 1) == 26


def test_partial_armor_has_no_rear() -> None:
    cat = parse_catalogue(
        "x.json",
        {
            "format": "hexmate-asl-vehicles/1",
            "vehicles": {
                "ht": {
                    "movement": "halftrack",
                    "mp": 12,
                    "armor": {"hull_front": 1, "hull_side": 0, "rear_unarmored": "hull"},
                }
            },
        },
    )
    assert cat["ht"].af("hull", "rear") is None and cat["ht"].af("hull", "side") == 0  # D1.22


@pytest.mark.parametrize(
    ("entry", "where"),
    [
        ({"movement": "hover", "mp": 12}, "key 'movement'"),
        (
            {"movement": "tracked", "mp": 12, "armor": {"hull_front": 5, "hull_side": 3}},
            "key 'armor.hull_front'",
        ),
        ({"movement": "tracked", "mp": 12, "speed": 3}, "key 'speed'"),
        ({"movement": "tracked", "mp": 12, "ma": {"calibre": 75, "mount": "X"}}, "key 'ma.mount'"),
        ({"movement": "tracked"}, "key 'mp'"),
        ({"movement": "tracked", "mp": 12, "size": 3}, "key 'size'"),
        ({"movement": "tracked", "mp": 12, "ma": {"calibre": 75, "kind": "howitzer"}}, "key 'ma.kind'"),
        ({"movement": "tracked", "mp": 12, "ground_pressure": "medium"}, "key 'ground_pressure'"),
        ({"movement": "truck", "mp": 12, "armor": 0}, "key 'armor'"),
    ],
)
def test_bad_entries_name_file_vehicle_and_key(entry: dict[str, object], where: str) -> None:
    """What the catalogue reads from a counter, refused when it is none of the text's values: D1.1's movement
    types and printed MP, D1.6's AF ladder, D1.3's MA types, D1.31-D1.33's turret marks (T, ST, RST, 1MT or
    none: NT), D1.7's five target sizes (Case P -2..+2), D1.4's three ground pressures, D1.21's unarmored
    vehicle (no armor at all, null: not a number)."""
    with pytest.raises(CatalogueError) as info:
        parse_catalogue("owner.json", {"format": "hexmate-asl-vehicles/1", "vehicles": {"v1": entry}})
    assert "owner.json" in str(info.value) and "vehicle 'v1'" in str(info.value) and where in str(info.value)


def test_unreadable_file_names_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"bad\.json.*line 1"):
        load_catalogue(str(bad))
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "x", "vehicles": {}}), encoding="utf-8")
    with pytest.raises(CatalogueError, match="format"):
        load_catalogue(str(other))


def test_state_markers() -> None:
    assert is_mobile(frozenset({"motion"})) and not is_mobile(frozenset({"bogged"}))  # D.7
    assert not is_mobile(frozenset({"shocked"})) and not is_mobile(frozenset({"stunned"}))
    m = with_tca(frozenset({"bu"}), 5, 4)
    assert tca_of(m, 5) == 4 and tca_of(with_tca(m, 5, 5), 5) == 5 and with_tca(m, 5, 5) == frozenset({"bu"})


def test_d1_63_d1_64_turret_armor_from_the_hull() -> None:
    # StuPzIV: hull 11/3, superstructure boxed 14/4; T-50: hull 6/4, turret circled 4/3
    cat = parse_catalogue(
        "x.json",
        {
            "format": "hexmate-asl-vehicles/1",
            "vehicles": {
                "stupz": {
                    "movement": "tracked",
                    "mp": 10,
                    "ma": {"calibre": 150, "mount": "NT"},
                    "armor": {
                        "hull_front": 11,
                        "hull_side": 3,
                        "turret_front": "boxed",
                        "turret_side": "boxed",
                    },
                },
                "t50": {
                    "movement": "tracked",
                    "mp": 16,
                    "armor": {
                        "hull_front": 6,
                        "hull_side": 4,
                        "turret_front": "circled",
                        "turret_side": "circled",
                    },
                },
            },
        },
    )
    assert (cat["stupz"].af("turret", "front"), cat["stupz"].af("turret", "side")) == (14, 4)
    assert (cat["t50"].af("turret", "front"), cat["t50"].af("turret", "rear")) == (4, 3)


def test_d1_61_d1_62_unmarked_afs_serve_hull_and_turret() -> None:
    """D1.61, D1.62: the upper AF is the hull front, the lower the hull side/rear, and neither boxed nor
    circled they are the turret's too. The StuPzIV's hull numbers of the D1.63 example (11 over 3),
    unboxed."""
    cat = parse_catalogue(
        "x.json",
        {
            "format": "hexmate-asl-vehicles/1",
            "vehicles": {
                "plain": {"movement": "tracked", "mp": 10, "armor": {"hull_front": 11, "hull_side": 3}},
            },
        },
    )
    v = cat["plain"]
    assert (v.af("hull", "front"), v.af("turret", "front")) == (11, 11)  # D1.61
    assert (v.af("hull", "side"), v.af("hull", "rear"), v.af("turret", "side"), v.af("turret", "rear")) == (
        3, 3, 3, 3)  # D1.62
    assert v.armored  # D1.2: any AF makes it an AFV


def test_d1_21_no_af_printed_is_an_unarmored_vehicle() -> None:
    """D1.21: a vehicle with no AF (the two stars instead) is unarmored: no AF on any aspect, not an AFV; a
    truck and a halftrack, as the text's Opel and SdKfz 7 (demo values)."""
    for movement in ("truck", "halftrack"):
        for entry in ({"movement": movement, "mp": 20}, {"movement": movement, "mp": 20, "armor": None}):
            v = parse_catalogue("x.json", {"format": "hexmate-asl-vehicles/1", "vehicles": {"v": entry}})["v"]
            assert not v.armored
            assert {v.af(w, a) for w in ("hull", "turret") for a in ("front", "side", "rear")} == {None}
