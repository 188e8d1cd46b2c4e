"""Double Time declared late without a carry (A4.5's exception, A4.52): ``as cx1``. The text's numbers: Double
Time gives +2 MF and CX, 8 MF at most; declared after MF are spent, only +1, the usual limits standing (A4.5);
CX takes 1 from the IPC and each PP over that lowered IPC takes 1 MF off (A4.52: a squad with 4 PP has 3 MF,
Double Timing 4 + 2 - 2 = 4). A4.4: a SW carried for one MF keeps its portage cost for the MPh. Demo
catalogue counters: a 4-6-7 has 4 MF and an IPC of 3; LMG 1 PP, MMG 3 PP; C1, D1, ... are Open Ground
(1 MF)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import latedt, mphsw
from hexmate.rules.games.asl import units as au
from hexmate.rules.hexes import distance

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SQUAD = {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"}


def _sw(uid: str, counter: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": "a", "hex": "C1", "carrier": "a-1"}


def _pos(make_position: Any, *units: dict[str, Any]) -> Any:
    return make_position("asl", [dict(SQUAD), *units], "MPh", counters=COUNTERS)


def _left(pos: Any, uid: str = "a-1") -> Any:
    return mphsw.mf_left(pos.units[uid])


def test_a4_5_declared_after_a_drop_adds_1_mf(make_position: Any) -> None:
    """The squad carries an LMG (1 PP, within its IPC: 4 MF), walks C1-E1 (2 MF) and drops it: 2 MF left.
    Declared now, Double Time gives 4 + 1 = 5 MF, the LMG's 1 PP within the CX IPC of 2: +1, 3 MF left."""
    pos = _pos(make_position, _sw("a-lmg", "LMG"))
    pos.push_text("move a-1,a-lmg C1-D1-E1")
    pos.push_text("drop a-lmg")
    assert _left(pos) == 2
    assert pos.game.group_budget([pos.units["a-1"]], latedt.MODE, pos.state) == 3
    with pytest.raises(IllegalAction, match="costs 4 MF"):
        pos.push_text("move a-1 E1-F1-G1-H1-I1 as cx1")
    pos.push_text("move a-1 E1-F1-G1-H1 as cx1")
    squad = pos.units["a-1"]
    assert pos.label(squad.hex) == "H1" and squad.has("cx") and not squad.has("pinned")  # within: no A4.134
    assert _left(pos) == 0 and not squad.has(latedt.MARKER)


def test_a4_52_the_dropped_mgs_pp_still_eat_the_gain(make_position: Any) -> None:
    """A4.52's example: with an LMG and an MMG (4 PP, one over the IPC) the squad has 3 MF, Double Timing
    from the start 4 + 2 - 2 = 4. It walks C1-D1 (1 MF) and drops the MMG: 2 MF left. Late, its 3 PP still
    count (A4.4): 4 + 1 - (4 - 2) = 3 = 4 - (4 - 3): nothing gained, 2 MF left (the LMG alone: +1)."""
    pos = _pos(make_position, _sw("a-lmg", "LMG"), _sw("a-mmg", "MMG"))
    squad = [pos.units["a-1"]]
    assert pos.game.group_budget(squad, "", pos.state) == 3
    assert pos.game.group_budget(squad, "cx", pos.state) == 4
    pos.push_text("move a-1,a-lmg,a-mmg C1-D1")
    pos.push_text("drop a-mmg")
    assert _left(pos) == 2
    assert pos.game.group_budget([pos.units["a-1"]], latedt.MODE, pos.state) == 2
    with pytest.raises(IllegalAction, match="costs 3 MF"):
        pos.push_text("move a-1,a-lmg D1-E1-F1-G1 as cx1")


def test_a4_5_the_gain_is_counted_once_when_the_move_goes_on_again(make_position: Any) -> None:
    """Two LMG (2 PP: 4 MF). C1-D1 (1 MF), one dropped: 3 left; late Double Time, 5 - 0 against 4: +1, so
    4 left; D1-E1 (1 MF): 3 left; the other LMG dropped, the move goes on with those 3, no more."""
    pos = _pos(make_position, _sw("a-lmg", "LMG"), _sw("a-lmg2", "LMG"))
    pos.push_text("move a-1,a-lmg,a-lmg2 C1-D1")
    pos.push_text("drop a-lmg2")
    assert _left(pos) == 3
    pos.push_text("move a-1,a-lmg D1-E1 as cx1")
    assert _left(pos) == 3 and pos.units["a-1"].has("cx")
    pos.push_text("drop a-lmg")
    with pytest.raises(IllegalAction, match="costs 4 MF"):
        pos.push_text("move a-1 E1-F1-G1-H1-I1")
    pos.push_text("move a-1 E1-F1-G1-H1")
    assert not pos.units["a-1"].has("pinned") and _left(pos) == 0


def test_a4_5_with_a_leader_plus_1_not_plus_2(make_position: Any) -> None:
    """A4.5: a leader Double Timing with his squad has 8 MF (4 + 2 + 2) from the start. The squad first tries
    to recover the LMG (A4.44: 1 MF; dr 6, failed); declared now, 4 + 2 + 1 - 1 = 6 MF for the stack."""
    leader = {"id": "a-m", "counter": "8-0", "side": "a", "hex": "C1"}
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"}
    pos = make_position("asl", [dict(SQUAD), leader, lmg], "MPh", counters=COUNTERS)
    both = [pos.units["a-1"], pos.units["a-m"]]
    assert pos.game.group_budget(both, "cx", pos.state) == 8
    pos.push_text("transfer a-lmg to a-1")
    pos.push_text("answer dice 6")
    both = [pos.units["a-1"], pos.units["a-m"]]
    assert pos.game.group_budget(both, "", pos.state) == 5
    assert pos.game.group_budget(both, latedt.MODE, pos.state) == 6
    with pytest.raises(IllegalAction, match="costs 7 MF"):
        pos.push_text("move a-1,a-m C1-D1-E1-F1-G1-H1-I1-J1 as cx1")
    pos.push_text("move a-1,a-m C1-D1-E1-F1-G1-H1-I1 as cx1")
    assert pos.units["a-m"].has("cx") and not pos.units["a-1"].has("pinned")


def test_a4_5_declared_after_a_recovery_try_before_moving(make_position: Any) -> None:
    """A4.44: a recovery tried first spends 1 MF (dr 6: failed). Double Time is then the late one: 4 + 1 - 1
    = 4 MF, not 4 + 2 - 1 = 5; ``cx`` is refused, naming ``cx1``."""
    pos = make_position("asl", [dict(SQUAD), {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"}],
                        "MPh", counters=COUNTERS)
    pos.push_text("transfer a-lmg to a-1")
    pos.push_text("answer dice 6")
    assert pos.units["a-lmg"].carrier is None
    with pytest.raises(IllegalAction, match="as cx1") as e:
        pos.push_text("move a-1 C1-D1 as cx")
    assert e.value.rule == "A4.5"
    with pytest.raises(IllegalAction, match="costs 5 MF"):
        pos.push_text("move a-1 C1-D1-E1-F1-G1-H1 as cx1")
    pos.push_text("move a-1 C1-D1-E1-F1-G1 as cx1")
    assert pos.units["a-1"].has("cx") and not pos.units["a-1"].has("pinned") and _left(pos) == 0


def test_a4_5_refusals(make_position: Any) -> None:
    """cx1 before any MF is spent (cx is the start's); cx once spent; a unit CX already (Double Timed from the
    start), or wounded, or unloaded from a vehicle this phase."""
    pos = _pos(make_position)
    with pytest.raises(IllegalAction, match="as cx ") as e:
        pos.push_text("move a-1 C1-D1 as cx1")
    assert e.value.rule == "A4.5"
    pos = _pos(make_position, _sw("a-lmg", "LMG"))
    pos.push_text("move a-1,a-lmg C1-D1")
    pos.push_text("drop a-lmg")
    with pytest.raises(IllegalAction, match="as cx1"):
        pos.push_text("move a-1 D1-E1 as cx")
    pos = _pos(make_position, _sw("a-lmg", "LMG"))
    pos.push_text("move a-1,a-lmg C1-D1 as cx")
    pos.push_text("drop a-lmg")
    with pytest.raises(IllegalAction, match="a-1 may not Double Time"):
        pos.push_text("move a-1 D1-E1 as cx1")
    hurt = {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1", "markers": ["wounded"]}
    pos = _pos(make_position, {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C1"}, hurt)
    pos.push_text("transfer a-lmg to a-1")  # A4.44: 1 MF spent, dr 6: failed
    pos.push_text("answer dice 6")
    with pytest.raises(IllegalAction, match="a-l may not Double Time"):
        pos.push_text("move a-1,a-l C1-D1 as cx1")
    assert not latedt.may([pos.units["a-1"], pos.units["a-l"]])


def test_a4_5_the_page_offers_cx1_for_the_hexes_only_it_reaches(make_position: Any) -> None:
    """Going on with 2 MF left: the plain move reaches 2 hexes away; ``cx1`` the third (3 MF), no farther."""
    pos = _pos(make_position, _sw("a-lmg", "LMG"))
    pos.push_text("move a-1,a-lmg C1-D1-E1")
    pos.push_text("drop a-lmg")
    start = pos.units["a-1"].hex
    moves = [a for a in pos.legal_actions if isinstance(a, act.Move) and a.units == ("a-1",)]
    late = {distance(m.path[-1], start) for m in moves if m.mode == latedt.MODE}
    plain = {distance(m.path[-1], start) for m in moves if m.mode == ""}
    assert late == {3} and max(plain) == 2
    fresh = _pos(make_position)
    assert not [a for a in fresh.legal_actions if isinstance(a, act.Move) and a.mode == latedt.MODE]


def _offers(pos: Any, ids: tuple[str, ...]) -> list[act.Move]:
    """The moves offered these units, A2.6's exits off the map edge (``as exit``, test_edgeexit) apart."""
    return [a for a in pos.legal_actions if isinstance(a, act.Move) and a.units == ids and a.mode != "exit"]


def test_a4_5_the_page_offers_cx_for_the_hexes_only_double_time_reaches(make_position: Any) -> None:
    """A4.5: a 4-6-7 has 4 MF, Double Timing from the start 4 + 2 = 6: over Open Ground (1 MF a hex) the plain
    move reaches 4 hexes away, ``cx`` the 5th and 6th, one offer a hex; once moved the offer is cx1's, never
    cx; a unit CX at the start of the MPh (no_dt) is offered none."""
    pos = _pos(make_position)
    start = pos.units["a-1"].hex
    moves = _offers(pos, ("a-1",))
    dt = [m for m in moves if m.mode == "cx"]
    assert {distance(m.path[-1], start) for m in dt} == {5, 6}
    assert max(distance(m.path[-1], start) for m in moves if m.mode == "") == 4
    assert len({m.path[-1] for m in moves}) == len(moves)  # one offer a hex
    far = next(m for m in dt if distance(m.path[-1], start) == 6)
    pos.push(far)
    assert pos.units["a-1"].has("cx") and not pos.units["a-1"].has("pinned")
    tired = make_position("asl", [{**SQUAD, "markers": ["no_dt"]}], "MPh", counters=COUNTERS)
    assert not [m for m in _offers(tired, ("a-1",)) if m.mode]
    going_on = _pos(make_position, _sw("a-lmg", "LMG"))
    going_on.push_text("move a-1,a-lmg C1-D1")
    going_on.push_text("drop a-lmg")
    assert {m.mode for m in _offers(going_on, ("a-1",))} == {"", latedt.MODE}


def test_a4_5_no_double_time_in_a_player_turn_it_boarded_rode_or_unloaded(make_position: Any) -> None:
    """A4.5: a unit that boarded, rode or unloaded from a conveyance may not Double Time that Player Turn
    (``cx``, ``cx1``, or as a carrier, ``carry+cx``): the marker lasts until the CCPh ends, not one phase."""
    rode = make_position("asl", [{**SQUAD, "markers": [latedt.CONVEYED]}], "MPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match="boarded, rode or unloaded") as e:
        rode.push_text("move a-1 C1-D1 as cx")
    assert e.value.rule == "A4.5"
    assert not [m for m in _offers(rode, ("a-1",)) if m.mode]
    hurt = {"id": "a-l", "counter": "9-1", "side": "a", "hex": "C1", "markers": ["wounded"]}
    carrying = make_position("asl", [{**SQUAD, "markers": [latedt.CONVEYED]}, hurt], "MPh", counters=COUNTERS)
    with pytest.raises(IllegalAction, match="boarded, rode or unloaded") as e:
        carrying.push_text("move a-1,a-l C1-D1 as carry+cx")
    assert e.value.rule == "A4.5"
    for phase in ("MPh", "CCPh"):  # "unloaded" (D9.3) goes as the MPh ends; this stays to the CCPh's end
        pos = make_position("asl", [{**SQUAD, "markers": [latedt.CONVEYED, "unloaded"]}], phase,
                            counters=COUNTERS)
        pos.push_text("end")
        assert not pos.units["a-1"].has("unloaded")
        assert pos.units["a-1"].has(latedt.CONVEYED) is (phase == "MPh")


def test_a4_5_boarding_and_unloading_mark_the_units_for_the_player_turn(make_position: Any) -> None:
    """D6.4, D6.5 with A4.5: the squad boards the demo halftrack (the conveyance), and in another game
    unloads from it: it is marked both times, not before."""
    from .test_transport import ALL

    units = [{"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {**SQUAD, "hex": "C5"}]
    pos = make_position("asl", units, "MPh", counters=ALL)
    pos.push_text("load a-1 into a-v")
    assert pos.units["a-1"].carrier == "a-v" and pos.units["a-1"].has(latedt.CONVEYED)
    bad = latedt.why_not([pos.units["a-1"]], "cx")
    assert bad is not None and "A4.5" in str(bad.msgid)
    units[1] = {**SQUAD, "hex": "C5", "carrier": "a-v"}
    aboard = make_position("asl", units, "MPh", counters=ALL)
    assert not aboard.units["a-1"].has(latedt.CONVEYED)
    aboard.push_text("unload a-v")
    while aboard.state.decision is not None:  # D6.631's question, any fire window: passed
        aboard.push_text("answer pass")
    assert aboard.units["a-1"].carrier is None and aboard.units["a-1"].has(latedt.CONVEYED)


def _vehicle(counter: str) -> dict[str, Any]:
    return {"id": "a-v", "counter": counter, "side": "a", "hex": "C5", "markers": ["vca0"]}


def _settle(pos: Any) -> None:
    while pos.decision is not None:  # fire windows passed, the stop's facing kept (D2.11), D6.631's question
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")


def test_a4_5_a_rider_that_rode_the_move_and_unloads_goes_on_without_double_time(make_position: Any) -> None:
    """A4.5 with D6.5: the squad rides the demo tank (16 MP) C5-D5 and off (start 1, open ground 1, stop 1: 3
    MP, one quarter, FRU): it goes on with 4 - 1 - 1 = 2 MF, and Double Time is barred for the Player Turn,
    late (``cx1``) or not: none is offered."""
    from .test_transport import ALL

    units = [_vehicle("t"), {**SQUAD, "hex": "C5", "carrier": "a-v"}]
    pos = make_position("asl", units, "MPh", counters=ALL)
    pos.push_text("move a-v C5-D5")
    _settle(pos)
    pos.push_text("unload a-v")
    _settle(pos)
    assert _left(pos) == 2 and pos.units["a-1"].has(latedt.CONVEYED)
    for mode in ("cx1", "cx"):
        with pytest.raises(IllegalAction, match="boarded, rode or unloaded") as e:
            pos.push_text(f"move a-1 D5-E5 as {mode}")
        assert e.value.rule == "A4.5"
    offers = _offers(pos, ("a-1",))
    assert offers and not [m for m in offers if m.mode]


def test_a4_5_riders_aboard_since_the_enemy_turn_unload_at_once_no_double_time(make_position: Any) -> None:
    """A4.5: a squad that rode in through the enemy's Player Turn and unloads as its own MPh begins has
    unloaded in this Player Turn: it goes on with 4 - 1 = 3 MF (D6.5: no MP spent by the halftrack), but
    without Double Time; in the next Player Turn it may Double Time again (the marker goes as the CCPh
    ends)."""
    from .test_transport import ALL

    units = [_vehicle("ht"), {**SQUAD, "hex": "C5", "carrier": "a-v"}]
    pos = make_position("asl", units, "MPh", counters=ALL)
    pos.push_text("unload a-v")
    _settle(pos)
    assert _left(pos) == 3
    with pytest.raises(IllegalAction, match="boarded, rode or unloaded"):
        pos.push_text("move a-1 C5-D5 as cx1")
    later = make_position("asl", [{**SQUAD, "hex": "C5", "markers": [latedt.CONVEYED]}], "CCPh", counters=ALL)
    later.push_text("end")
    assert latedt.unit_bar(later.units["a-1"]) is None


def test_a4_5_riders_bailing_out_rode_this_player_turn(make_position: Any) -> None:
    """D6.21, D6.24 with A4.5: the tank carries its rider into the woods of D5: the rider bails out in C5
    (before the woods); it rode this Player Turn, so it is marked for no Double Time as well as barred from
    moving this phase."""
    from .test_transport import ALL

    units = [_vehicle("t"), {**SQUAD, "hex": "C5", "carrier": "a-v"}]
    pos = make_position("asl", units, "MPh", counters=ALL, hexes={"D5": {"terrain": "woods"}})
    pos.push_text("move a-v C5-D5")  # its bog DR (D8.21) waits: the rider is off already
    rider = pos.units["a-1"]
    assert rider.carrier is None and rider.has("bailed") and rider.has(latedt.CONVEYED)
    bad = latedt.unit_bar(rider)
    assert bad is not None and "A4.5" in str(bad.msgid)
