"""The theatre (theatre.py): countries, rail links, names, ports, Paris and edges read from data, every error
naming the file and key; the demo theatre fits the demo map."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import DataError
from hexmate.rules.games import get_game
from hexmate.rules.games.sw.theatre import Theatre, load_theatre
from hexmate.rules.maps import load_map

MAPS = Path(get_game("sw").data_dir).parents[1] / "maps"


@pytest.fixture
def demo_map() -> Any:
    return load_map(MAPS / "demo-sw.json")


def test_the_demo_theatre_fits_the_demo_map(demo_map: Any) -> None:
    t = load_theatre({"theatre": "demo-sw.theatre.json"}, "demo.json", demo_map, MAPS)
    h = demo_map.parse_label
    assert t.nation(h("2811")) == "GER" and t.nation(h("2411")) == "FRA" and t.nation(h("2004")) == "BEL"
    assert t.names[h("0812")] == "Paris" and t.paris == {h("0812")} and len(t.paris_zone) > 20
    assert t.rail_link(h("2912"), h("2812")) and not t.rail_link(h("2911"), h("2811"))
    assert {demo_map.terrain(p) for p in t.ports} == {"city"}  # Dunkirk, Calais, Boulogne
    assert h("4412") in t.edge("east") and h("0112") in t.edge("west")
    assert t.belgian_area(h("2004"), 2) and not t.belgian_area(h("0812"), 2)


@pytest.mark.parametrize("doc,message", [
    ({"countries": {"XX": ["0101"]}}, r"countries.XX: not one of"),
    ({"countries": {"GER": ["9999"]}}, r"countries.GER: '9999'"),
    ({"rail": [["0101", "0103"]]}, r"rail\[0\]: 0101 and 0103 are not adjacent"),
    ({"edges": {"up": []}}, r"edges.up: not one of"),
    ({"colour": 1}, r"unknown key\(s\) \['colour'\]"),
])
def test_bad_theatres_name_the_key(demo_map: Any, doc: dict[str, Any], message: str) -> None:
    with pytest.raises(DataError, match=message):
        Theatre.from_dict(doc, "t.json", demo_map)


def test_a_theatre_file_must_say_its_format(demo_map: Any, tmp_path: Path) -> None:
    (tmp_path / "t.json").write_text(json.dumps({"countries": {}}))
    with pytest.raises(DataError, match=r"t.json: format: must be 'hexmate-sw-theatre/1'"):
        load_theatre({"theatre": "t.json"}, "s.json", demo_map, tmp_path)
    with pytest.raises(DataError, match=r"s.json: options.theatre: cannot read"):
        load_theatre({"theatre": "missing.json"}, "s.json", demo_map, tmp_path)
