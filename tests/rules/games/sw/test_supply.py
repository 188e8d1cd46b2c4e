"""Supply traced as graph searches (supply.py, 8.0-8.9): the German chain unit -> HQ -> depot -> rail to the
east edge (8.6) and its alternatives, enemy zones of control on a line (7.2, 7.5, 8.2), the British port
(8.4) and HF supply (8.4, 8.9), and the Administrative Phase marking (8.1, 8.8)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.base import Position

COUNTERS = {
    "ger4": {"type": "corps", "cf": 4, "ma": 4, "reduced_cf": 2, "nation": "GER"},
    "gerhq": {"type": "hq", "cf": 2, "ma": 4, "nation": "GER"},
    "gerdep": {"type": "depot", "cf": 0, "ma": 6, "nation": "GER"},
    "fra1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "FRA"},
    "frahq": {"type": "hq", "cf": 2, "ma": 4, "nation": "FRA"},
    "bri1": {"type": "corps", "cf": 1, "ma": 4, "reduced_cf": 1, "nation": "BRI"},
    "brihq": {"type": "hq", "cf": 1, "ma": 4, "nation": "BRI"},
}
GERMANY = [f"{c}{n}" for c in "FGHIJKL" for n in range(1, 9)]
THEATRE = {"countries": {"GER": GERMANY}, "rail": [["F4", "G4", "H4", "I4", "J4", "K4", "L4"]],
           "edges": {"west": [f"A{n}" for n in range(1, 9)], "east": [f"L{n}" for n in range(1, 9)]}}


def _u(uid: str, hex_: str, counter: str, *markers: str) -> dict[str, Any]:
    side = "a" if counter.startswith("ger") else "b"
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, "markers": list(markers)}


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str = "move", **kw: Any) -> Position:
    kw.setdefault("options", {"theatre": THEATRE})
    position: Position = make_position("sw", units, phase, counters=COUNTERS, default="clear", **kw)
    return position


def _status(pos: Position, uid: str) -> str:
    return pos.game.supply_status(pos, pos.units[uid])


def test_the_german_chain_unit_hq_depot_rail_to_the_east_edge(make_position: Any) -> None:
    units = [_u("g", "C4", "ger4"), _u("q", "E4", "gerhq"), _u("d", "G4", "gerdep"), _u("x", "A8", "fra1")]
    pos = _pos(make_position, units)
    # E4 to the depot: F4 is German-controlled (3.3), so the HQ-depot leg holds (8.6)
    assert _status(pos, "g") == "in" and _status(pos, "q") == "in" and _status(pos, "d") == "in"
    far = _pos(make_position, [*units[:1], _u("q", "B4", "gerhq"), *units[2:]])
    assert _status(far, "g") == "oos"  # the HQ is 5 hexes from the depot


def test_an_enemy_zone_on_the_depots_rail_cuts_it_even_where_friends_stand(make_position: Any) -> None:
    units = [_u("g", "C4", "ger4"), _u("q", "E4", "gerhq"), _u("d", "G4", "gerdep"), _u("f", "J5", "fra1"),
             _u("g2", "J4", "ger4")]
    pos = _pos(make_position, units)
    # J5's zone covers J4 on the rail, where g2 stands: the depot's line avoids enemy zones outright (8.6,
    # A-21), and the HQ's own way to the rail (8.6 a) runs the same line
    assert pos.map.parse_label("J4") in pos.game.ezoc(pos, "a")
    assert _status(pos, "d") == "oos" and _status(pos, "g") == "oos"
    loose = _pos(make_position, units, options={"theatre": THEATRE, "settings": {"strict_depot_ezoc": False}})
    assert loose.game.supply_status(loose, loose.units["d"]) == "in"  # friends cancel it (7.5), if so set


def test_a_german_city_on_rail_supplies_units_within_two_hexes(make_position: Any) -> None:
    units = [_u("g", "H6", "ger4"), _u("x", "A8", "fra1")]
    pos = _pos(make_position, units)
    assert _status(pos, "g") == "oos"  # no HQ, no city
    city = make_position("sw", units, "move", counters=COUNTERS, default="clear", hexes={"H4": "city"},
                         options={"theatre": THEATRE})
    assert city.game.supply_status(city, city.units["g"]) == "in"  # 8.6: within 2 of a German city on rail


def test_a_line_enters_an_enemy_zone_but_passes_through_it_only_where_friends_stand(
    make_position: Any,
) -> None:
    rail = {"rail": [["A4", "B4", "C4", "D4", "E4"]]}
    units = [_u("fq", "E4", "frahq"), _u("f", "E6", "fra1"), _u("g", "G5", "ger4")]
    # the French HQ's rail to the west edge; the unit two hexes off: E5 is in the German zone (G5 -> F5..)
    pos = make_position("sw", units, "move", counters=COUNTERS, default="clear", first_side="a",
                        options={"theatre": {**THEATRE, **rail}})
    zoc = pos.game.ezoc(pos, "b")
    line = pos.game.supply_lines(pos, "b")
    e5 = pos.map.parse_label("E5")
    assert line.through(e5) == (e5 not in zoc)  # 7.2: through an enemy zone only with friends there
    assert _status(pos, "fq") == "in"


def test_the_bef_traces_to_its_hq_in_a_port_without_rail(make_position: Any) -> None:
    units = [_u("bq", "B4", "brihq"), _u("b", "C5", "bri1"), _u("g", "K8", "ger4")]
    pos = make_position("sw", units, "move", counters=COUNTERS, default="clear",
                        options={"theatre": {**THEATRE, "ports": ["B4"]}})
    assert _status(pos, "b") == "in"  # 8.4: through the BEF HQ, a friendly port will do
    noport = _pos(make_position, units)
    assert noport.game.supply_status(noport, noport.units["b"]) == "oos"


def test_british_hf_supply_only_in_liege_or_maubeuge(make_position: Any) -> None:
    fort = {"terrain": "city", "features": ["heavy-fortress"]}
    units = [_u("b", "C4", "bri1"), _u("f", "C6", "fra1"), _u("g", "K8", "ger4")]
    pos = make_position("sw", units, "move", counters=COUNTERS, default="clear",
                        hexes={"C4": fort, "C6": fort},
                        options={"theatre": {**THEATRE, "names": {"C4": "Maubeuge"}}})
    assert _status(pos, "b") == "hf" and _status(pos, "f") == "hf"  # 8.4; 8.3: a French fortress
    other = make_position("sw", units, "move", counters=COUNTERS, default="clear", hexes={"C4": fort},
                          options={"theatre": {**THEATRE, "names": {"C4": "Verdun"}}})
    assert other.game.supply_status(other, other.units["b"]) == "oos"


def test_the_admin_phase_marks_and_unmarks_and_flips_depots_without_attrition(make_position: Any) -> None:
    units = [_u("g", "C4", "ger4", "oos"), _u("q", "E4", "gerhq"), _u("d", "B2", "gerdep"),
             _u("d2", "G4", "gerdep"), _u("x", "A8", "fra1")]
    pos = _pos(make_position, units, "combat")
    pos.push_text("end")
    assert pos.phase.id == "admin"
    assert not pos.units["g"].has("oos")  # found in supply again: the marker goes (8.1)
    assert pos.units["d"].has("oos") and not pos.units["d2"].has("oos")  # 8.8: depots flip, no roll
    assert pos.decision is None
    assert pos.changes and any(c.what == "take" and c.unit == "g" for c in pos.changes)
