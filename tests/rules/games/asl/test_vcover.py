"""Vehicles and wrecks as terrain (vcover.py): the +1 TEM they give infantry in their hex (D9.3, D10.3), the
+1 hindrance of an AFV or wreck on the LOS with the D9.4 example's test of both ends seeing its centre, and a
wall hexside making a vehicle hull-down (D4.21); each shown with its rule in the resolution."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import ordnance as od
from hexmate.rules.games.asl import vcover, vfire

from .test_armour import COUNTERS


def pos_with(make_position: Any, *units: dict[str, Any], phase: str = "PFPh", **kw: Any) -> Position:
    counters = {**COUNTERS, "truck": {"type": "vehicle", "vehicle": "demo-truck-r"}}
    p: Position = make_position("asl", list(units), phase, counters=counters, **kw)
    return p


def unit(uid: str, counter: str, side: str, where: str, *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": where, "markers": list(markers)}


def test_t_cbt_13_no_hindrance_from_a_wreck_whose_centre_the_firer_cannot_see(make_position: Any) -> None:
    # D9.4 example on an analogue of board 1: German tank BB5, wreck EE5, Soviet tank FF5. Here the LOS
    # B4-F4 runs through E5 (the wreck) like BB5-FF5 through EE5, and a stone building in C5 hides E5's centre
    # from B4 while leaving the B4-F4 LOS clear.
    a, w, b = unit("a-pz", "pz", "a", "B4", "vca0"), unit("b-w", "t", "b", "E5", "wreck"), unit(
        "b-t", "t", "b", "F4", "vca3"
    )
    open_map = pos_with(make_position, a, w, b)
    B4, E5, F4 = (open_map.map.parse_label(x) for x in ("B4", "E5", "F4"))
    assert vcover.hindrance(open_map, B4, F4) == (1, [E5])  # without the building: the usual +1 (D9.4)
    hidden = pos_with(make_position, a, w, b, hexes={"C5": "stone-building"})
    assert not vcover.asl_terrain.line_of_sight(hidden, B4, F4).blocked
    assert vcover.asl_terrain.line_of_sight(hidden, B4, E5).blocked
    assert vcover.hindrance(hidden, B4, F4) == (0, [])  # the firer cannot see the wreck's centre
    assert vcover.hindrance(hidden, F4, B4) == (0, [])  # nor can the target, firing back
    th_open, _, _, _ = vfire.to_hit_of(open_map, open_map.units["a-pz"], open_map.units["b-t"])
    th_hidden, steps, _, _ = vfire.to_hit_of(hidden, hidden.units["a-pz"], hidden.units["b-t"])
    assert th_hidden == th_open + 1 and not any(s.name == "afv_hindrance" for s in steps)


def test_d9_4_only_a_stopped_afv_or_unburnt_wreck_hinders(make_position: Any) -> None:
    a, b = unit("a-pz", "pz", "a", "B4", "vca0"), unit("b-t", "t", "b", "F4", "vca3")
    cases = {
        ("t", "b"): 1,  # a stopped enemy AFV
        ("pz", "a"): 1,  # a friendly one too
        ("truck", "b"): 0,  # D9.4 names AFVs: an unarmored vehicle does not hinder until it is a wreck
        ("truck", "b", "wreck"): 1,
        ("t", "b", "wreck", "burning"): 0,  # D10.3
        ("t", "b", "motion"): 0,  # Case J would apply (D9.4)
        ("t", "b", "entered"): 0,  # moved this Player Turn: not before its AFPh is over
    }
    for (counter, side, *marks), drm in cases.items():
        pos = pos_with(make_position, a, b, unit("x", counter, side, "E5", *marks))
        got = vcover.hindrance(pos, pos.map.parse_label("B4"), pos.map.parse_label("F4"))[0]
        assert got == drm, (counter, marks)


def infantry_fire(pos: Position, text: str) -> list[tuple[str, str, str]]:
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind != "roll":
        pos.push_text("answer pass")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None
    return [(str(line.label), str(line.value), line.rule) for line in res.lines]


def test_d9_3_infantry_beside_a_friendly_afv_get_plus_1(make_position: Any) -> None:
    sq, fire = unit("a-sq", "4-6-7", "a", "C5"), unit("b-sq", "4-6-7", "b", "F5")
    pos = pos_with(make_position, sq, fire, unit("a-pz", "pz", "a", "C5", "vca0"), first_side="b")
    lines = infantry_fire(pos, "fire b-sq at C5")
    assert ("a-pz in the target's hex (D9.3)", "+1", "D9.3") in lines
    assert not any(label.startswith("moving in Open") for label, _, _ in lines)
    # a wreck of either side, even an unarmored one
    pos = pos_with(make_position, sq, fire, unit("b-w", "truck", "b", "C5", "wreck"), first_side="b")
    assert ("wreck in the target's hex (D9.3, D10.3)", "+1", "D9.3") in infantry_fire(pos, "fire b-sq at C5")


def test_d9_3_exceptions(make_position: Any) -> None:
    sq, fire = unit("a-sq", "4-6-7", "a", "C5"), unit("b-sq", "4-6-7", "b", "F5")
    for other, why in (
        (unit("b-t", "t", "b", "C5", "vca3"), "an enemy AFV (not abandoned)"),
        (unit("a-tr", "truck", "a", "C5"), "an unarmored vehicle"),
        (unit("b-w", "t", "b", "C5", "wreck", "burning"), "a burning wreck (D10.3)"),
        (unit("a-pz", "pz", "a", "C5", "vca0", "entered"), "an AFV that moved this Player Turn (Case J)"),
    ):
        pos = pos_with(make_position, sq, fire, other, first_side="b")
        assert not any(rule == "D9.3" for _, _, rule in infantry_fire(pos, "fire b-sq at C5")), why
    # another positive TEM: the woods' own +1 and no more (D9.3)
    pos = pos_with(make_position, sq, fire, unit("a-pz", "pz", "a", "C5", "vca0"), hexes={"C5": "woods"},
                   first_side="b")
    lines = infantry_fire(pos, "fire b-sq at C5")
    assert not any(rule == "D9.3" for _, _, rule in lines) and any(rule == "A7.6" for _, _, rule in lines)
    # fire from the same Location: no TEM (the rule of the function; CC and melee are not fire here)
    pos = pos_with(make_position, sq, unit("a-pz", "pz", "a", "C5", "vca0"))
    C5 = pos.map.parse_label("C5")
    assert vcover.tem(pos, C5, [C5], other_tem=0, side="a") == (0, None)
    assert vcover.tem(pos, C5, [pos.map.parse_label("F5")], other_tem=0, side="a")[0] == 1


def test_d4_21_a_wall_hexside_makes_the_target_hull_down(make_position: Any) -> None:
    a, b = unit("a-pz", "pz", "a", "C5", "vca0"), unit("b-t", "t", "b", "J5", "vca3")
    plain = pos_with(make_position, a, b)
    assert vfire.hull_down(plain, plain.units["a-pz"], plain.units["b-t"]) == (False, None)
    walled = pos_with(make_position, a, b, hexsides=[{"hex": "J5", "side": "NW", "features": ["wall"]},
                                                     {"hex": "J5", "side": "SW", "features": ["wall"]}])
    assert vfire.hull_down(walled, walled.units["a-pz"], walled.units["b-t"]) == (True, "wall")
    # fire from behind it (the east) does not cross the wall
    assert vfire.hull_down(walled, walled.units["b-t"], walled.units["a-pz"]) == (False, None)
    th, steps, _, _ = vfire.to_hit_of(walled, walled.units["a-pz"], walled.units["b-t"])
    assert [s.rule for s in steps if s.name == "hd"] == ["D4.21"]
    pack = od.load_pack()
    hull = next(dr for dr in ((w, c) for w in range(1, 7) for c in range(1, 7))
                if sum(dr) <= th and od.location(pack, dr) == "hull")
    walled.push_text("fire a-pz at J5")
    walled.push_text(f"answer dice {hull[0]},{hull[1]}")
    res = walled.last_resolution
    assert res is not None and res.results == {"b-t": "miss"}  # a hull hit misses a HD target (D4.2)
    assert any(line.rule == "D4.21" for line in res.lines)


def test_d9_3_units_just_out_of_a_vehicle_keep_its_tem_despite_case_j(make_position: Any) -> None:
    # D9.3's exception (beside Armored Assault) to the Case J denial: units abandoning, surviving, unloading
    # or bailing out of the AFV. A squad that bailed out (D6.24) beneath the friendly tank that moved this
    # turn ("entered": Case J) keeps its +1; an ordinary squad there gets none.
    fire = unit("b-sq", "4-6-7", "b", "F5")
    moved = unit("a-pz", "pz", "a", "C5", "vca0", "entered")
    out = pos_with(make_position, unit("a-sq", "4-6-7", "a", "C5", "bailed"), fire, moved, first_side="b")
    assert any(rule == "D9.3" and value == "+1" for _, value, rule in infantry_fire(out, "fire b-sq at C5"))
    plain = pos_with(make_position, unit("a-sq", "4-6-7", "a", "C5"), fire, moved, first_side="b")
    assert not any(rule == "D9.3" for _, _, rule in infantry_fire(plain, "fire b-sq at C5"))
    # a crew that survived its vehicle (D5.6) is beneath the wreck, "bailed" for the phase: covered by it
    crew = unit("a-pz-crew", "4-6-7", "a", "C5", "bailed")
    pos = pos_with(make_position, crew, fire, unit("a-pz", "pz", "a", "C5", "wreck"), first_side="b")
    assert any(rule == "D9.3" for _, _, rule in infantry_fire(pos, "fire b-sq at C5"))
    pos = pos_with(make_position, crew, fire, unit("a-pz", "pz", "a", "C5", "wreck"), first_side="b")
    pos.push_text("end")  # the PFPh is over: the marker goes (game.on_phase_end)
    assert not pos.units["a-pz-crew"].has("bailed")


def test_d9_3_units_that_unloaded_keep_the_tem_of_the_afv_that_moved(make_position: Any) -> None:
    # D9.3's exception names units unloading from the AFV (D6.5) beside those bailing out: a squad that
    # unloaded this phase ("unloaded") beneath the friendly tank that moved ("entered": Case J) keeps its +1.
    fire = unit("b-sq", "4-6-7", "b", "F5")
    moved = unit("a-pz", "pz", "a", "C5", "vca0", "entered")
    out = pos_with(make_position, unit("a-sq", "4-6-7", "a", "C5", "unloaded"), fire, moved, first_side="b")
    assert any(rule == "D9.3" and value == "+1" for _, value, rule in infantry_fire(out, "fire b-sq at C5"))
    gone = pos_with(make_position, unit("a-sq", "4-6-7", "a", "C5", "unloaded"), fire, moved, first_side="b")
    gone.push_text("end")  # the phase is over: the marker goes with it (game.on_phase_end)
    assert not gone.units["a-sq"].has("unloaded")
