"""Platoon movement by impulses played through the game (impulse.py: D14.2, D14.21, D14.22, D14.3-D14.32).

The three D14 examples (T-MOV-12, T-MOV-13 in the digest) on the analogue of board 3 (maps/board3.json): three
radioless Russian tanks, A a T-26S M37 (11 MP) in Y5, B and C T-26 M33s (12 MP) in Z5 and AA6, red MP (the
example's first impulse rolls the mechanical reliability DR, D2.51). Only MP and red MP are the example's;
armour, gun and crew are demo values. Board 3's artwork is not among the texts: the analogue puts CC4, DD3,
EE3, EE2, CC3, CC2, DD1, EE1 at level 1 and DD2 at level 2, so that the entries the examples price at 5 MP
(CC4 from BB4, DD2 from DD3) cost open ground 1 + 4 for the higher elevation (D2.24 example), and every other
entry 1 MP. The examples' facings follow their moves: every tank's VCA holds the hexes it enters. The hidden
AT Gun of the second and third examples is a German tank in GG4 here, and its kept ROF a second one in GG2
(chapter C's Guns and ROF are not among the texts)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.asl import armour, impulse, platoon, vbypass
from hexmate.rules.maps import HexMap
from hexmate.rules.scenario import Scenario

from ..conftest import scenario_dict
from .test_armour import COUNTERS, pass_reactions

MAPS = Path(__file__).parent / "maps"
LEVELS = {"CC4": 1, "DD3": 1, "EE3": 1, "EE2": 1, "CC3": 1, "CC2": 1, "DD1": 1, "EE1": 1, "DD2": 2}


def board(woods: tuple[str, ...] = ()) -> HexMap:
    data = json.loads((MAPS / "board3.json").read_text(encoding="utf-8"))
    hexes = data["boards"][0]["hexes"]
    for h, lv in LEVELS.items():
        hexes[h] = {"terrain": "open", "level": lv}
    for h in woods:
        hexes[h] = "woods"
    return HexMap.from_dict(data, source="board3-d14")


def counters(tmp_path: Path) -> dict[str, Any]:
    cat = tmp_path / "t26.json"
    common = {"nationality": "russian", "manufacturer": "r", "movement": "tracked", "red_mp": True,
              "riders": True,
              "radioless": True, "armor": {"hull_front": 2, "hull_side": 2}, "size": 1,
              "ma": {"calibre": 45, "kind": "gun", "mount": "ST"}, "cs": 6, "demo": True,
              "notes": "MP and red MP from the D14 example; the rest (riders too) demo values"}
    cat.write_text(json.dumps({"format": "hexmate-asl-vehicles/1", "vehicles": {
        "t26s": {"name": "T-26S M37 (D14 example)", "mp": 11, **common},
        "t26": {"name": "T-26 M33 (D14 example)", "mp": 12, **common}}}), encoding="utf-8")
    return {**COUNTERS,
            "t26s": {"type": "vehicle", "vehicle": "t26s", "catalogue": str(cat), "crew_morale": 7},
            "t26": {"type": "vehicle", "vehicle": "t26", "catalogue": str(cat), "crew_morale": 7},
            "dummy": {"type": "dummy"}}


def table(tmp_path: Path, where: dict[str, str], *extra: str, enemy: bool = False,
          woods: tuple[str, ...] = (), options: dict[str, Any] | None = None,
          more: tuple[dict[str, Any], ...] = ()) -> Position:
    """A, B, C of platoon P at ``where`` (all VCA 1 here: ``vca1``), with ``extra`` markers."""
    kinds = {"A": "t26s", "B": "t26", "C": "t26"}
    units = [{"id": k, "counter": kinds[k], "side": "a", "hex": "3" + h, "markers": ["platoon:P", *extra]}
             for k, h in where.items()]
    if enemy:  # the analogue of the hidden AT Gun in FF3 (a gun is chapter C's); gun2 stands for its kept ROF
        units.append({"id": "gun", "counter": "pz", "side": "b", "hex": "3GG4", "markers": ["vca3"]})
        units.append({"id": "gun2", "counter": "pz", "side": "b", "hex": "3GG2", "markers": ["vca3"]})
    units += more
    scen = Scenario.from_dict(scenario_dict("asl", units, counters(tmp_path), "MPh", options=options),
                              source="d14")
    return get_game("asl").new_position(scen, hex_map=board(woods))


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def at(pos: Position, uid: str) -> str:
    return pos.label(pos.units[uid].hex)[1:]


def spent(pos: Position, uid: str) -> Fraction:
    return armour.spent_of(pos.units[uid])


def end(pos: Position, *, quiet: bool = False) -> None:
    """Declare the impulse's end; ``quiet``: the defender then passes in each window (D14.32)."""
    ids = ",".join(u.id for u in impulse.crew(pos))
    pos.push_text(f"move {ids} 3{at(pos, ids.split(',')[0])} as impulse_end")
    while quiet and pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")


START = {"A": "Y5", "B": "Z5", "C": "AA6"}


def test_t_mov_12_first_mph_five_impulses(tmp_path: Path) -> None:
    """T-MOV-12, D14.21, D14.31 (D14 example 1): start (1 MP, one mechanical reliability DR for the three);
    A to Z4, B to AA5, C does nothing and pays 1 MP; B to BB4, C to AA5, A turns; B to CC4 for 5 MP, C to BB4,
    A to AA5 (8 MP); a further 5-MP impulse would pass A's 11 MP, so A turns (9 MP); they stay in Motion."""
    pos = table(tmp_path, START, "vca1")
    assert "move A 3Y5 cost 1 as impulse_start" in texts(pos)
    for uid in "ABC":
        pos.push_text(f"move {uid} 3{START[uid]} as impulse_start")
    end(pos)
    top = pos.decision  # D14.21: one mechanical reliability DR for all the red-MP tanks that started
    assert top is not None and top.then == "vimp_bog" and top.rule == "D2.51"
    assert top.subject == ("A", "B", "C")
    pos.push_text("answer dice 3,4")
    assert pos.decision is None and all(spent(pos, u) == 1 for u in "ABC")
    # impulse 2: C into AA5 would cost 2 MP (a vehicle there, the example's overstacking): it does nothing
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    assert "move C 3AA6-3AA5 cost 2 as impulse" in texts(pos)
    end(pos)
    assert all(spent(pos, u) == 2 for u in "ABC")
    assert not pos.units["C"].has("entered") and pos.units["A"].has("entered")  # C: no moving target yet
    # impulse 3: B to BB4, C to AA5, A changes its VCA to AA4-AA5 (one hexspine clockwise)
    pos.push_text("move B 3AA5-3BB4 as impulse")
    pos.push_text("move C 3AA6-3AA5 as impulse")
    pos.push_text("move A 3Z4 as impulse_cw")
    end(pos)
    assert spent(pos, "A") == 3
    # impulse 4: B into CC4 for 5 MP: the platoon pays 5 (8 in all)
    pos.push_text("move B 3BB4-3CC4 as impulse")
    pos.push_text("move C 3AA5-3BB4 as impulse")
    pos.push_text("move A 3Z4-3AA5 as impulse")
    end(pos)
    assert [spent(pos, u) for u in "ABC"] == [8, 8, 8]
    # on to DD3 / CC4 / BB4 would cost 5 more: 13 of A's 11 MP (D14.31)
    with pytest.raises(IllegalAction, match="would go past"):
        pos.push_text("move C 3BB4-3CC4 as impulse")
    pos.push_text("move A 3AA5 as impulse_ccw")  # impulse 5: A's VCA to AA4-BB4
    end(pos)
    assert spent(pos, "A") == 9 and pos.units["A"].facing == 1
    assert "move A 3AA5 cost 1 as impulse_stop" in texts(pos)  # a 10th MP could stop them
    pos.push_text("move A,B,C 3AA5 as impulse_done")  # they stay in Motion
    assert all(pos.units[u].has("motion") and u in pos.state.moved for u in "ABC")
    assert [at(pos, u) for u in "ABC"] == ["AA5", "CC4", "BB4"]
    assert impulse.crew(pos) == []


def test_t_mov_12_second_mph_ends_at_eleven_mp(tmp_path: Path) -> None:
    """T-MOV-12 (D14 example 1, its next MPh): in Motion, B/C/A to DD3/CC4/BB4 (5 MP), to EE3/DD3/CC4 (5 MP),
    then all stop (1 MP): 11 MP, A's allowance: the platoon's MPh is over (D14.31)."""
    pos = table(tmp_path, {"A": "AA5", "B": "CC4", "C": "BB4"}, "vca1", "motion")
    assert not any("impulse_start" in t for t in texts(pos))  # in Motion: no start MP
    for move in ("B 3CC4-3DD3", "C 3BB4-3CC4", "A 3AA5-3BB4"):
        pos.push_text(f"move {move} as impulse")
    end(pos)
    for move in ("B 3DD3-3EE3", "C 3CC4-3DD3", "A 3BB4-3CC4"):
        pos.push_text(f"move {move} as impulse")
    end(pos)
    assert [spent(pos, u) for u in "ABC"] == [10, 10, 10]
    for uid in "BCA":
        pos.push_text(f"move {uid} 3{at(pos, uid)} as impulse_stop")
    end(pos)
    assert all(u in pos.state.moved and not pos.units[u].has("motion") for u in "ABC")
    assert [spent(pos, u) for u in "ABC"] == [11, 12, 12] and impulse.crew(pos) == []  # all MP spent


def test_d14_21_the_impulse_ends_only_in_formation(tmp_path: Path) -> None:
    """D14.21: at an impulse's end all in the same stopped/non-stopped status, each in or next to a mate."""
    pos = table(tmp_path, START, "vca1")
    pos.push_text("move A 3Y5 as impulse_start")
    with pytest.raises(IllegalAction, match="out of formation"):
        end(pos)  # A started, B and C still stopped
    with pytest.raises(IllegalAction, match="moving by impulses"):
        pos.push_text("move B 3Z5-3AA5")  # D14.3: one stack: no other move while the platoon moves
    pos.push_text("move B 3Z5 as impulse_start")
    pos.push_text("move C 3AA6 as impulse_start")
    with pytest.raises(IllegalAction, match="one MP action in this impulse"):
        pos.push_text("move C 3AA6 as impulse_delay")
    end(pos)
    pos.push_text("answer dice 3,4")
    for move in ("A 3Y5-3Z4", "B 3Z5-3AA5"):
        pos.push_text(f"move {move} as impulse")
    end(pos)
    pos.push_text("move B 3AA5-3BB4 as impulse")
    pos.push_text("move C 3AA6-3BB5 as impulse")  # A stays in Y5: two hexes from both
    with pytest.raises(IllegalAction, match=r"A would end the impulse out of formation"):
        end(pos)


def test_t_mov_13_fire_at_impulse_ends_losses_and_reconforming(tmp_path: Path) -> None:
    """T-MOV-13 (D14 example 2), D14.32, D14.22: after the start impulse the gun fires at B and misses; it may
    not fire at the others in that impulse (their MP were spent together). After C, B and A enter DD2, EE2,
    CC3 (5 MP) it destroys C; A and B, apart, re-conform: B turns (A could not meet B then), then B to DD1 and
    A to CC2 (together again), B turns, B to EE1 and A to DD1: 10 MP. Impulse 7 (D14.212): B leaves the map
    from EE1 and A enters EE1, the 11th MP: A's MPh ends, in Motion."""
    pos = table(tmp_path, {"A": "CC4", "B": "EE3", "C": "DD3"}, "vca1", enemy=True)
    for uid in "ABC":
        pos.push_text(f"move {uid} 3{at(pos, uid)} as impulse_start")
    end(pos)
    pos.push_text("answer dice 2,3")  # the mechanical reliability DR
    top = pos.decision  # D14.32: the windows at each hex the platoon holds, A's first
    assert top is not None and top.then == "vimpulse" and top.subject == ("A",)
    pos.push_text("answer pass")
    top = pos.decision
    assert top is not None and top.subject == ("B",) and "fire gun at 3EE3" in texts(pos)
    pos.push_text("fire gun at 3EE3")
    pos.push_text("answer dice 6,5")  # a miss (11, past the TH#)
    res = pos.last_resolution
    assert res is not None and res.results.get("B") != "hit"
    top = pos.decision  # B's window again: the gun may not fire at the platoon again in this impulse
    assert top is not None and top.subject == ("B",) and "fire gun at 3EE3" not in texts(pos)
    with pytest.raises(IllegalAction, match=r"fired at the platoon in this impulse"):
        pos.push_text("fire gun at 3EE3")
    pos.push_text("answer pass")
    top = pos.decision  # C's window: gun2 may fire there, the gun not (D14.32)
    assert top is not None and top.subject == ("C",) and "fire gun2 at 3DD3" in texts(pos)
    assert "fire gun at 3DD3" not in texts(pos)
    pos.push_text("answer pass")
    assert pos.decision is None
    for move in ("C 3DD3-3DD2", "B 3EE3-3EE2", "A 3CC4-3CC3"):
        pos.push_text(f"move {move} as impulse")
    end(pos)
    assert [spent(pos, u) for u in "ABC"] == [6, 6, 6]
    while pos.decision is not None and pos.decision.subject != ("C",):  # A's and B's windows: pass
        assert pos.decision.then == "vimpulse"
        pos.push_text("answer pass")
    top = pos.decision
    assert top is not None and top.subject == ("C",)
    pos.push_text("fire gun2 at 3DD2")  # the gun's kept ROF in the example
    pos.push_text("answer dice 1,1")  # an original 2 hits
    pos.push_text("answer dice 1,1")  # and kills
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 6,6")
    while pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")
    assert pos.units["C"].has("wreck")
    assert [u.id for u in impulse.crew(pos)] == ["A", "B"]
    assert all(pos.units[u].has("imp_reform") for u in "AB")  # D14.22: apart, they re-conform
    # impulse 3: B turns; nothing one entry each could do would have brought them together (D14.22)
    pos.push_text("move B 3EE2 as impulse_ccw")
    end(pos, quiet=True)
    # impulse 4: B delays only: refused at the end, B to DD1 and A to CC2 would have met (D14.22)
    pos.push_text("move B 3EE2 as impulse_delay")
    with pytest.raises(IllegalAction, match="earliest impulse end"):
        pos.push_text("move A,B 3CC3 as impulse_end")
    pos.pop()
    pos.push_text("move B 3EE2-3DD1 as impulse")
    pos.push_text("move A 3CC3-3CC2 as impulse")
    end(pos, quiet=True)
    assert not pos.units["A"].has("imp_reform")  # together again
    pos.push_text("move B 3DD1 as impulse_cw")  # impulse 5: B's VCA to DD0-EE1
    end(pos, quiet=True)
    assert spent(pos, "A") == 9
    pos.push_text("move B 3DD1-3EE1 as impulse")
    pos.push_text("move A 3CC2-3DD1 as impulse")
    end(pos, quiet=True)
    assert spent(pos, "A") == 10 and [at(pos, u) for u in "AB"] == ["DD1", "EE1"]
    # impulse 7: B off the map (its VCA DD0-EE1 reaches past the edge; EE1's open ground, 1 MP, A2.6)
    assert "move B 3EE1 cost 1 as impulse_exit" in texts(pos)
    assert not any(t.startswith("move A 3DD1 ") and t.endswith("impulse_exit") for t in texts(pos))
    pos.push_text("move B 3EE1 as impulse_exit")
    pos.push_text("move A 3DD1-3EE1 as impulse")
    end(pos, quiet=True)
    assert "B" not in pos.units and ("B", 0) in pos.state.game.exited  # no exit hexes here: no Exit VP
    assert at(pos, "A") == "EE1" and spent(pos, "A") == 11
    assert "A" in pos.state.moved and pos.units["A"].has("motion")  # 11 MP: its MPh ends, in Motion
    assert impulse.crew(pos) == [] and [a[0] for a in pos.state.game.imp_away] == ["B"]
    assert platoon.in_platoon(pos, pos.units["A"])  # D14.212: with B off the map, in formation (EE1)
    assert platoon.name_of(pos.at(platoon.broken_up(pos)).units["A"]) == "P"  # not broken up (D14.22)


def test_d14_22_the_last_afv_left_moves_freely(tmp_path: Path) -> None:
    """D14.22: a platoon of two losing one: the other moves on alone this MPh, no NTC, no impulses."""
    pos = table(tmp_path, {"A": "CC4", "B": "DD3"}, "vca1", enemy=True)
    pos.push_text("move A 3CC4 as impulse_start")
    pos.push_text("move B 3DD3 as impulse_start")
    end(pos)
    pos.push_text("answer dice 2,3")
    pos.push_text("answer pass")  # A's window
    pos.push_text("fire gun at 3DD3")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 1,1")
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 6,6")
    while pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")
    assert pos.units["B"].has("wreck") and impulse.crew(pos) == []
    assert any(t.startswith("move A 3CC4-") and "impulse" not in t for t in texts(pos))
    pos.push_text("move A 3CC4-3DD4")
    pass_reactions(pos)
    assert at(pos, "A") == "DD4" and platoon.name_of(pos.units["A"]) == "P"


def test_d14_32_no_bounding_fire_inside_an_impulse(tmp_path: Path) -> None:
    """D14.32: the platoon's Bounding First Fire is declared at an impulse's end, not during it."""
    pos = table(tmp_path, {"A": "CC4", "B": "DD3"}, "vca1", enemy=True)
    pos.push_text("move A 3CC4 as impulse_start")
    with pytest.raises(IllegalAction, match="waits for the impulse's end"):
        pos.push_text("fire B at 3GG4")
    pos.push_text("move B 3DD3 as impulse_start")
    end(pos)
    pos.push_text("answer dice 2,3")  # the mechanical reliability DR
    while pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")
    assert "fire B at 3GG4" in texts(pos)  # between impulses


def test_d14_22_ending_the_mph_apart_breaks_the_platoon_up(tmp_path: Path) -> None:
    """D14.22 (the third example's other way): the two survivors spend their MP left where they are; apart at
    the MPh's end, they stop platoon movement (their platoon marker goes)."""
    # where the third example stands after C's loss: 6 MP spent, A and B two hexes apart, re-conforming
    pos = table(tmp_path, {"A": "CC3", "B": "EE2"}, "vca1", "imp_go", "imp_on", "imp_reform", "spent12")
    pos.push_text("move A,B 3CC3 as impulse_done")
    assert all(u in pos.state.moved for u in "AB")
    pos.push_text("end")
    assert platoon.name_of(pos.units["A"]) is None and platoon.name_of(pos.units["B"]) is None


def test_d14_21_one_bog_dr_for_the_platoon_and_random_selection(tmp_path: Path) -> None:
    """D14.21, D8.21: A and B enter woods (Z4, AA5) in one impulse: one bog DR for both, each with its DRM
    (+1 normal ground pressure, +3 woods: the demo values' +4); 4+4 = 8, 12 for both: Random Selection (a dr
    of 5) bogs the second, B. B stays in the platoon (D14.22 names destroyed, Recalled and immobilized AFVs
    only) but its MP are over (D8.21), so no impulse is left for the platoon (D14.31): A's MPh ends too."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", woods=("Z4", "AA5"))
    pos.push_text("move A 3Y5 as impulse_start")
    pos.push_text("move B 3Z5 as impulse_start")
    end(pos)
    pos.push_text("answer dice 3,4")  # the breakdown DR
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [7, 7]  # 1 + B's half of 12 (A's is 5.5)
    top = pos.decision
    assert top is not None and top.then == "vimp_bog" and top.subject == ("A", "B")
    assert top.arg("drm:A") == top.arg("drm:B") == "4"
    pos.push_text("answer dice 4,4")
    top = pos.decision
    assert top is not None and top.then == "vimp_break" and top.subject == ("A", "B")
    pos.push_text("answer dice 5")
    assert pos.units["B"].has("bogged") and not pos.units["A"].has("bogged")
    assert [platoon.name_of(pos.units[u]) for u in "AB"] == ["P", "P"]  # D14.22: B is still a member
    assert impulse.crew(pos) == [] and all(u in pos.state.moved for u in "AB")  # D14.31, D8.21
    assert pos.units["A"].has("motion") and not pos.units["B"].has("motion")
    assert not any(t.startswith("move A 3Z4-") for t in texts(pos))


def test_d14_21_reverse_is_its_own_status_in_impulses(tmp_path: Path) -> None:
    """D14.21, D2.2-D2.23: forward and reverse are different statuses: A started in reverse and B forward do
    not end an impulse; both in reverse, each backs into a rear hex at 4x its 1 MP (the demo REV of 4)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1")
    pos.push_text("move A 3Y5 as impulse_start_rev")
    pos.push_text("move B 3Z5 as impulse_start")
    with pytest.raises(IllegalAction, match="out of formation"):
        end(pos)
    pos.pop()
    pos.push_text("move B 3Z5 as impulse_start_rev")
    end(pos)
    pos.push_text("answer dice 3,4")
    with pytest.raises(IllegalAction, match="switching takes a stop and a start"):
        pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move A 3Y5-3Y6 as impulse_rev")
    pos.push_text("move B 3Z5-3Z6 as impulse_rev")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [5, 5] and [at(pos, u) for u in "AB"] == ["Y6", "Z6"]
    assert pos.units["A"].facing == 1  # reverse keeps the VCA (D2.22)


def test_d14_2_d14_24_a_platoon_formed_at_the_mph_start_moves_by_impulses(tmp_path: Path) -> None:
    """D14.2, D14.24: two radio-equipped tanks (the test Panzer, demo values) side by side form a platoon at
    the start of their MPh and then move by impulses with all its restrictions."""
    units = [{"id": "p1", "counter": "pz", "side": "a", "hex": "3Y5", "markers": ["vca1"]},
             {"id": "p2", "counter": "pz", "side": "a", "hex": "3Z5", "markers": ["vca1"]}]
    scen = Scenario.from_dict(scenario_dict("asl", units, counters(tmp_path), "MPh"), source="d14")
    pos = get_game("asl").new_position(scen, hex_map=board())
    assert not any("impulse" in t for t in texts(pos))  # no platoon yet
    pos.push_text("move p1,p2 3Y5 as platoon")
    assert "move p1 3Y5 cost 1 as impulse_start" in texts(pos)
    pos.push_text("move p1 3Y5 as impulse_start")
    pos.push_text("move p2 3Z5 as impulse_start")
    end(pos)
    assert [u.id for u in impulse.crew(pos)] == ["p1", "p2"] and spent(pos, "p1") == 1
    with pytest.raises(IllegalAction, match="moving by impulses"):
        pos.push_text("move p1 3Y5-3Z4")  # D14.3: not while its platoon moves


def test_d14_32_a_motion_attempt_at_an_impulse_end(tmp_path: Path) -> None:
    """D14.32, D2.401: the defender's Motion attempt, like his fire, comes at an impulse's end: a German tank
    in Y3 (woods in Y4 hide Y5 and Z5 from it) sees A enter Z4 for 1 MP; it may try for Motion, need 1."""
    kinds = {"A": "t26s", "B": "t26"}
    units = [{"id": k, "counter": kinds[k], "side": "a", "hex": "3" + h,
              "markers": ["platoon:P", "vca1", "motion"]} for k, h in {"A": "Y5", "B": "Z5"}.items()]
    units.append({"id": "gun", "counter": "pz", "side": "b", "hex": "3Y3", "markers": ["vca3"]})
    scen = Scenario.from_dict(scenario_dict("asl", units, counters(tmp_path), "MPh"), source="d14")
    pos = get_game("asl").new_position(scen, hex_map=board(("Y4",)))
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and top.subject == ("A",)
    assert "motion-gun" in top.choices
    pos.push_text("answer motion-gun")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "1"



def test_d2_401_d14_31_a_start_mp_spent_out_of_los_is_not_counted(tmp_path: Path) -> None:
    """D2.401 with D14.31: the platoon, stopped in Y5 and Z5 (hidden from the German tank in Y3 by the woods
    in Y4), starts in impulse 1 (1 MP each, out of its LOS; one mechanical reliability DR, D2.51), then A
    enters Z4 (1 MP) in impulse 2: A has spent 2 MP, but only the 1 MP of Z4 in the tank's LOS: need 1."""
    kinds = {"A": "t26s", "B": "t26"}
    units = [{"id": k, "counter": kinds[k], "side": "a", "hex": "3" + h,
              "markers": ["platoon:P", "vca1"]} for k, h in {"A": "Y5", "B": "Z5"}.items()]
    units.append({"id": "gun", "counter": "pz", "side": "b", "hex": "3Y3", "markers": ["vca3"]})
    scen = Scenario.from_dict(scenario_dict("asl", units, counters(tmp_path), "MPh"), source="d14")
    pos = get_game("asl").new_position(scen, hex_map=board(("Y4",)))
    pos.push_text("move A 3Y5 as impulse_start")
    pos.push_text("move B 3Z5 as impulse_start")
    end(pos)
    pos.push_text("answer dice 3,4")  # D2.51: no 12
    assert pos.decision is None
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    top = pos.decision
    assert top is not None and top.then == "vimpulse" and top.subject == ("A",)
    assert spent(pos, "A") == 2
    pos.push_text("answer motion-gun")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "1"

def test_d14_31_at_the_table_a_lift_and_placement_is_the_afvs_hex_entry(tmp_path: Path) -> None:
    """D14.31 at the table: lifting a platoon AFV lights the hexes it may enter in this impulse (its VCA's),
    and putting it down there plays ``as impulse``; while the platoon moves, nothing else lights."""
    pos = table(tmp_path, START, "vca1", enemy=True)
    for uid in "ABC":
        pos.push_text(f"move {uid} 3{START[uid]} as impulse_start")
    end(pos)
    pos.push_text("answer dice 3,4")
    while pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")
    lit = pos.legal_actions.moves_for({"A"})
    assert sorted(pos.label(h) for h in lit) == ["3Y4", "3Z4"]
    assert all(m.mode == "impulse" for m in lit.values())
    pos.push(lit[pos.map.parse_label("3Z4")])
    assert at(pos, "A") == "Z4" and impulse.acted(pos.units["A"]) == 1
    assert pos.legal_actions.moves_for({"A"}) == {}  # its one action made
    assert pos.legal_actions.moves_for({"gun"}) == {}  # not the moving side's


@pytest.mark.parametrize("result", ["bogged", "mired", "shocked", "stunned"])
def test_d14_22_an_immobile_afv_stays_in_its_platoon(tmp_path: Path, result: str) -> None:
    """D14.22 names destroyed, Recalled and immobilized AFVs as leaving the platoon; a bogged (D8.21), mired
    (D8.31), shocked or stunned (D5.34) one is immobile (D.7) and stays: it still counts for the platoon's
    Motion dr (D14.211: +2 for two) and the platoon makes no impulse, as it can spend no MP (D14.31): A moves
    only by leaving the platoon with an NTC (D14.23)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1")
    b = pos.units["B"]
    pos = pos.at(pos.state.with_unit(b.mark(result)))
    assert [u.id for u in platoon.mates(pos, pos.units["A"])] == ["B"]
    assert platoon.motion_platoon_drm(pos, pos.units["A"]) == 2
    assert not any("impulse" in t for t in texts(pos))
    with pytest.raises(IllegalAction, match="makes no impulse"):
        pos.push_text("move A 3Y5 as impulse_start")
    assert "move A 3Y5 as ntc" in texts(pos)  # D14.23: A leaves the platoon only by an NTC, to move alone


@pytest.mark.parametrize("result", ["wreck", "immobilized", "recalled"])
def test_d14_22_destroyed_recalled_immobilized_afvs_leave(tmp_path: Path, result: str) -> None:
    """D14.22: a destroyed, Recalled or immobilized AFV is no longer part of its platoon."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1")
    pos = pos.at(pos.state.with_unit(pos.units["B"].mark(result)))
    assert platoon.mates(pos, pos.units["A"]) == []
    assert [u.id for u in platoon.roster(pos.state, "P", "a")] == ["A"]


def test_d14_22_a_stun_in_an_impulse_ends_the_platoons_mph(tmp_path: Path) -> None:
    """D5.34, D14.22, D14.31: B stunned at an impulse's end stays in the platoon, stops (no Motion), and can
    spend no MP: the platoon's MPh is over; A ends it in Motion."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion")
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    pos = pos.at(pos.state.with_unit(pos.units["B"].mark("stunned")))  # as a hit at the impulse end would
    end(pos)
    assert impulse.crew(pos) == [] and all(u in pos.state.moved for u in "AB")
    assert platoon.name_of(pos.units["B"]) == "P" and pos.units["A"].has("motion")


def test_d14_31_towing_in_impulses(tmp_path: Path) -> None:
    """D14.31 with towing (vtow.py): B towing pays the chart pack's +1 MP a hex (C10.1, its demo value) on
    its 1-MP entry, so the impulse costs the platoon 2; B has no reverse movement (D2.2)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1")
    pos = pos.at(pos.state.with_unit(pos.units["B"].mark("towing")))
    with pytest.raises(IllegalAction, match="no reverse movement"):
        pos.push_text("move B 3Z5 as impulse_start_rev")
    pos.push_text("move A 3Y5 as impulse_start")
    pos.push_text("move B 3Z5 as impulse_start")
    end(pos)
    pos.push_text("answer dice 3,4")
    assert "move B 3Z5-3AA5 cost 2 as impulse" in texts(pos)
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [3, 3]


def test_d14_31_d6_5_unloading_is_an_impulse_action(tmp_path: Path) -> None:
    """D14.31, D6.5: B, stopped, unloads its rider in an impulse, its one MP action: a quarter of its 12 MP,
    3 MP, so the impulse costs the platoon 3 while A delays (1); not in Motion (D6.5), and no loading once the
    platoon moves by impulses (D6.4, D14.3)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", more=(
        {"id": "sq", "counter": "4-6-7", "side": "a", "hex": "3Z5", "carrier": "B"},
        {"id": "sq2", "counter": "4-6-7", "side": "a", "hex": "3Y5"}))
    pos.push_text("move A 3Y5 as impulse_delay")
    with pytest.raises(IllegalAction, match="no loading while a platoon moves"):
        pos.push_text("load sq2 into A")
    pos.push_text("unload B")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.units["sq"].carrier is None and impulse.acted(pos.units["B"]) == 3
    with pytest.raises(IllegalAction, match="one MP action in this impulse"):
        pos.push_text("move B 3Z5 as impulse_start")
    end(pos)
    assert [spent(pos, u) for u in "AB"] == [3, 3]


def test_d6_5_no_unloading_in_motion_in_impulses(tmp_path: Path) -> None:
    """D6.5: a platoon AFV in Motion unloads nothing in an impulse (it would stop first, in an impulse of its
    own, D2.13); nor does a vehicle outside the moving platoon (D14.3)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion", more=(
        {"id": "sq", "counter": "4-6-7", "side": "a", "hex": "3Z5", "carrier": "B"},
        {"id": "ht", "counter": "t26", "side": "a", "hex": "3T5", "markers": ["vca1"]},
        {"id": "sq2", "counter": "4-6-7", "side": "a", "hex": "3T5", "carrier": "ht"}))
    pos.push_text("move A 3Y5-3Z4 as impulse")
    with pytest.raises(IllegalAction, match="only while stopped"):
        pos.push_text("unload B")
    with pytest.raises(IllegalAction, match="nothing else of its side unloads"):
        pos.push_text("unload ht")


def test_d14_31_d2_3_one_hexside_of_bypass_an_impulse(tmp_path: Path) -> None:
    """D14.31 (one hexside of VBM is one action), D2.3: A in Motion bypasses the woods of Z4 along its
    hexside with Y4 (the hexside between its two VCA hexes) for twice open ground's 1 MP: 2; B enters AA5 for
    1; the impulse costs 2 and no bog DR is rolled (D2.3). Bypassing, A changes no VCA in place and goes on
    only into F, Z3, or back into B, Y5 (D2.33)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion", woods=("Z4",))
    assert "move A 3Y5-3Z4 cost 2 as impulse_bypass" in texts(pos)
    with pytest.raises(IllegalAction, match="only around a woods or building"):
        pos.push_text("move A 3Y5-3Y4 as impulse_bypass")
    pos.push_text("move A 3Y5-3Z4 as impulse_bypass")
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos)
    assert pos.decision is None  # no bog DR for the bypass
    a = pos.units["A"]
    assert at(pos, "A") == "Z4" and vbypass.across_of(a) == pos.map.parse_label("3Y4")
    assert [spent(pos, u) for u in "AB"] == [2, 2]
    with pytest.raises(IllegalAction, match="its VCA changes only as it leaves"):
        pos.push_text("move A 3Z4 as impulse_cw")
    with pytest.raises(IllegalAction, match="forward into 3Z3 or back into 3Y5"):
        pos.push_text("move A 3Z4-3Y4 as impulse")
    assert [t for t in texts(pos) if t.startswith("move A 3Z4-")] == ["move A 3Z4-3Z3 cost 1 as impulse"]
    pos.push_text("move A 3Z4-3Z3 as impulse")
    assert vbypass.across_of(pos.units["A"]) is None


HID = {"id": "hid", "counter": "4-4-7", "side": "b", "concealed": True}


def test_a12_41_d14_31_an_impulse_entry_into_concealed_infantry_asks_their_owner(tmp_path: Path) -> None:
    """A12.41: a vehicle (not "broken", A12.1) entering a Location of concealed enemy units other than by
    bypass or woods-road makes their owner reveal them or take one PAATC for the stack. In an impulse
    (D14.31) the question comes right after the AFV's entry, before any other MP: A in Motion enters Z4 (open
    ground 1 MP + the OVR's quarter of its 11 MP, FRU: 3 = 4, D7.1); the owner takes the PAATC and passes (DR
    2); the "?" stays. The OVR waits for the impulse's end (D7.1 with D14.32)."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion", more=({**HID, "hex": "3Z4"},))
    pos.push_text("move A 3Y5-3Z4 as impulse")
    ask = pos.decision
    assert ask is not None and ask.rule == "A12.41" and ask.side == "b" and ask.subject == ("hid",)
    assert tuple(ask.choices) == ("reveal", "paatc")
    with pytest.raises(IllegalAction):
        pos.push_text("move B 3Z5-3AA5 as impulse")  # not before the question is answered
    pos.push_text("answer paatc")
    pos.push_text("answer dice 1,1")
    assert pos.units["hid"].concealed and pos.decision is None
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos, quiet=True)
    assert [spent(pos, u) for u in "AB"] == [4, 4]
    top = pos.decision
    assert top is not None and top.then == "vovr"


def test_a12_41_d7_1_no_ovr_mp_when_the_concealed_stack_was_dummies(tmp_path: Path) -> None:
    """A12.41, D7.1: into a Location of concealed units only, the OVR's MP are not spent before their PAATC
    (or reveal) is resolved. A enters Z4, a concealed dummy's hex, as an Overrun (offered at 1 + 3 MP); its
    owner reveals it and the dummy is gone (A12.14): no OVR, so the impulse costs the entry's 1 MP alone
    (B enters AA5 for 1), and no OVR attack comes at its end."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion",
                more=({"id": "dm", "counter": "dummy", "side": "b", "hex": "3Z4", "concealed": True},))
    assert "move A 3Y5-3Z4 cost 4 as impulse" in texts(pos)
    pos.push_text("move A 3Y5-3Z4 as impulse")
    pos.push_text("answer reveal")
    assert "dm" not in pos.units
    pos.push_text("move B 3Z5-3AA5 as impulse")
    end(pos, quiet=True)
    assert [spent(pos, u) for u in "AB"] == [1, 1]
    assert pos.decision is None or pos.decision.then != "vovr"


def test_a12_41_backing_in_asks_too_but_not_a_bypass(tmp_path: Path) -> None:
    """A12.41 asks for any entry but by bypass or woods-road, OVR or not: A backing into Y6 (D7.13: no OVR,
    4 x 1 MP, D2.21) meets the question; the owner reveals. D2.3, A12.41: A bypassing the woods of Z4 along
    its hexside with Y4 (2 MP) makes no one there reveal nor check."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", more=({**HID, "hex": "3Y6"},))
    pos.push_text("move A 3Y5 as impulse_start_rev")
    pos.push_text("move B 3Z5 as impulse_start_rev")
    end(pos)
    pos.push_text("answer dice 3,4")
    while pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")
    pos.push_text("move A 3Y5-3Y6 as impulse_rev")
    ask = pos.decision
    assert ask is not None and ask.rule == "A12.41" and ask.side == "b"
    pos.push_text("answer reveal")
    assert not pos.units["hid"].concealed
    round_ = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion", woods=("Z4",),
                   more=({**HID, "hex": "3Z4"},))
    round_.push_text("move A 3Y5-3Z4 as impulse_bypass")
    assert round_.decision is None and round_.units["hid"].concealed
    round_.push_text("move B 3Z5-3AA5 as impulse")


def test_d2_24_a_platoon_ending_its_mph_backing_keeps_reverse_motion(tmp_path: Path) -> None:
    """D2.24: a vehicle may end its MPh in Reverse Motion; in platoon movement as for a lone one (D14.21 keeps
    forward and reverse apart). A and B start in reverse (1 MP), back into Y6 and Z6 (4 x 1 MP, the demo REV
    of 4: 5 MP spent) and end the platoon's MPh there: both in Motion, Reverse Motion."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1")
    pos.push_text("move A 3Y5 as impulse_start_rev")
    pos.push_text("move B 3Z5 as impulse_start_rev")
    end(pos)
    pos.push_text("answer dice 3,4")
    while pos.decision is not None and pos.decision.then == "vimpulse":
        pos.push_text("answer pass")
    pos.push_text("move A 3Y5-3Y6 as impulse_rev")
    pos.push_text("move B 3Z5-3Z6 as impulse_rev")
    end(pos, quiet=True)
    pos.push_text("move A,B 3Y6 as impulse_done")
    for u in "AB":
        tank = pos.units[u]
        assert tank.has("motion") and tank.has(armour.REV_MOTION) and impulse.status(tank) == "reverse"


def test_d2_24_in_reverse_motion_the_platoon_goes_on_backing(tmp_path: Path) -> None:
    """D2.24 with D2.12, D2.23: the next MPh, A and B in Reverse Motion back on with no start MP (Y5-Y6: 4 x
    1 MP); going forward takes a stop and a start first (D2.23); one stopping loses its Reverse Motion, and a
    platoon whose AFVs are in Motion one forward and one in reverse does not meet D14.21."""
    pos = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion", armour.REV_MOTION)
    assert impulse.status(pos.units["A"]) == "reverse" and platoon.mates(pos, pos.units["A"])
    with pytest.raises(IllegalAction, match="switching takes a stop and a start"):
        pos.push_text("move A 3Y5-3Z4 as impulse")
    assert "move A 3Y5-3Y6 cost 4 as impulse_rev" in texts(pos)
    pos.push_text("move A 3Y5 as impulse_stop")
    assert not pos.units["A"].has(armour.REV_MOTION) and impulse.status(pos.units["A"]) == "stopped"
    mixed = table(tmp_path, {"A": "Y5", "B": "Z5"}, "vca1", "motion")
    rev = mixed.units["B"].mark(armour.REV_MOTION)
    mixed = mixed.at(mixed.state.with_unit(rev))
    assert not platoon.mates(mixed, mixed.units["A"])  # D14.21: forward and reverse Motion differ
