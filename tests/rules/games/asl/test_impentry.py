"""A platoon coming onto the map by impulses (impentry.py: D14.212 with A2.5, A2.51, D2.12, D14.21, D14.31,
D14.32).

The text: a platoon meeting D14.21 (LOS traced to and from mates even off the map) may bring part of itself
on at an impulse's end, and may end its MPh then unless A2.5 forbids it (D14.212); a radioless AFV off the
map uses platoon movement if it can. Each impulse costs every AFV the most MP any spent in it (D14.31);
coming on is an entry of the entry hex from off-board Open Ground (A2.51: 1 MP) in Motion, no start MP
(D2.12). Counters: the demo radioless light tank demo-lt-r (12 MP, test_radioless); the conftest's 12x8 open
map, A4 and A5 on its west edge."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, impaa, impulse, offboard
from hexmate.rules.hexes import distance

from .test_armour import pass_reactions
from .test_ventry import LT


def table(make_position: Any, y_entry: str = "A5", *extra: dict[str, Any]) -> Position:
    units = [{"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0", "platoon:P1"]},
             {"id": "y-lt", "counter": "lt", "side": "a", "hex": y_entry, "markers": ["vca0", "platoon:P1"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}, *extra]
    plan = {"entry": {"x-lt": {"turn": 1, "hexes": ["A4"]}, "y-lt": {"turn": 1, "hexes": [y_entry]}}}
    pos: Position = make_position("asl", units, "MPh", counters=LT, options=plan)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


def mf_spent(pos: Position, uid: str) -> int:
    """The MF the unit's impulses have cost it this MPh (D14.33: impaa's halves marker)."""
    marks = pos.units[uid].markers
    return next((int(m[len(impaa.ISUM):]) // 2 for m in marks if m.startswith(impaa.ISUM)), 0)


def test_d14_212_both_come_on_in_one_impulse_for_one_mp(make_position: Any) -> None:
    """Each comes on as its one action of impulse 1 (1 MP: Open Ground, no start MP, D2.12); the impulse
    costs the platoon 1 MP (D14.31); both are non-stopped (in Motion) and move on in impulse 2."""
    pos = table(make_position)
    assert {"move x-lt A4 cost 1 as impulse_in", "move y-lt A5 cost 1 as impulse_in"} <= set(texts(pos))
    pos.push_text("move x-lt A4 as impulse_in")
    assert pos.label(pos.units["x-lt"].hex) == "A4" and impulse.moving(pos.units["x-lt"])
    with pytest.raises(IllegalAction, match=r"D14\.3"):
        pos.push_text("move y-lt A5 as enter")  # not by itself while its platoon moves
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    pass_reactions(pos)
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {1}
    pos.push_text("move x-lt A4-B4 as impulse")  # in Motion: no start MP first (D2.12)
    pos.push_text("move y-lt A5-B5 as impulse")
    pos.push_text("move x-lt,y-lt B4 as impulse_end")
    pass_reactions(pos)
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {2}


def test_d14_212_part_of_the_platoon_comes_on_its_mate_beside_the_edge(make_position: Any) -> None:
    """x-lt comes on at A4 alone; y-lt, off the map beside A5, is next to A4 with LOS traced (D14.212): the
    impulse may end. The platoon's MPh may not end while y-lt is due (A2.5); y-lt comes on in impulse 2,
    having spent the platoon's 1 MP with it off the map, and the impulse costs both 1 MP more."""
    pos = table(make_position)
    pos.push_text("move x-lt A4 as impulse_in")
    pos.push_text("move x-lt A4 as impulse_end")
    pass_reactions(pos)
    assert pos.units["y-lt"].hex is None
    with pytest.raises(IllegalAction, match=r"D14\.212"):
        pos.push_text("move x-lt A4 as impulse_done")
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt A4-B4 as impulse")
    pos.push_text("move x-lt,y-lt B4 as impulse_end")
    pass_reactions(pos)
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {2}
    pos.push_text("move x-lt,y-lt B4 as impulse_done")  # all on: the platoon's MPh may end
    assert not impulse.under_way(pos)


def test_d14_21_a_mate_off_the_map_far_away_breaks_the_formation(make_position: Any) -> None:
    """y-lt is due at A8, four hexes down the edge: off the map beside A8 it is not next to x-lt in A4, so
    the impulse may not end with x-lt alone on the map (D14.21); with both on it may not either."""
    pos = table(make_position, "A8")
    pos.push_text("move x-lt A4 as impulse_in")
    with pytest.raises(IllegalAction, match=r"D14\.21"):
        pos.push_text("move x-lt A4 as impulse_end")


def test_d14_32_the_entry_hex_draws_defensive_first_fire_at_the_impulse_end(make_position: Any) -> None:
    """The enemy tank in E4 may fire at the AFV that came on at A4 once the impulse is over (D14.32)."""
    bt = {"id": "b-t", "counter": "t", "side": "b", "hex": "E4", "markers": ["vca3"]}
    pos = table(make_position, "A5", bt)
    pos.push_text("move x-lt A4 as impulse_in")
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b" and top.rule == "D14.32"
    assert "fire b-t at A4" in texts(pos)


def test_d8_21_d14_21_a_woods_entry_hex_calls_for_the_platoons_bog_dr(make_position: Any) -> None:
    """A4 woods: coming on costs half the light tank's 12 MP allowance, 6 MP (D8.21: the chart pack's "half"),
    and at the impulse's end the platoon's one bog DR names x-lt, its DRM +3 woods +1 normal ground
    pressure (D8.21)."""
    pos = make_position("asl", [
        {"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0", "platoon:P1"]},
        {"id": "y-lt", "counter": "lt", "side": "a", "hex": "A5", "markers": ["vca0", "platoon:P1"]},
        {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}], "MPh", counters=LT,
        options={"entry": {"x-lt": {"turn": 1, "hexes": ["A4"]}, "y-lt": {"turn": 1, "hexes": ["A5"]}}},
        hexes={"A4": "woods"})
    assert "move x-lt A4 cost 6 as impulse_in" in texts(pos)
    pos.push_text("move x-lt A4 as impulse_in")
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    top = pos.decision
    assert top is not None and top.rule == "D8.21" and top.subject == ("x-lt",)
    assert top.arg("drm:x-lt") == "4"


def test_d2_401_d14_212_an_enemy_vehicle_may_attempt_motion_at_the_entry_hex(make_position: Any) -> None:
    """D2.401 with D14.212: the platoon AFV began its MPh off the map, out of every LOS (A2.51); the stopped
    enemy tank in E4 sees A4, where it spent 1 MP (Open Ground, no start MP, D2.12): at the impulse's end the
    window offers its Motion attempt, a dr of 1 or less (D2.401)."""
    bt = {"id": "b-t", "counter": "t", "side": "b", "hex": "E4", "markers": ["vca3"]}
    pos = table(make_position, "A5", bt)
    pos.push_text("move x-lt A4 as impulse_in")
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    top = pos.decision
    assert top is not None and top.rule == "D14.32" and "motion-b-t" in top.choices
    pos.push_text("answer motion-b-t")
    top = pos.decision
    assert top is not None and top.then == "vmotion" and top.arg("need") == "1"
    pos.push_text("answer dice 1")
    assert pos.units["b-t"].has("motion")


def test_d14_33_armored_assault_infantry_come_on_with_the_platoon_afv(make_position: Any) -> None:
    """D14.33 with A2.51, D9.31: the squad (4 MF) comes on with x-lt at A4, its one MF action of impulse 1:
    Open Ground from off the map, 1 MF (the AFVs' impulse 1 MP, each group priced apart, D14.31). It is then
    x-lt's Armored Assault stack (+1 TEM, D9.31) and goes on with it into B4 in impulse 2: 2 MF of its 4."""
    sq = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "A4"}
    units = [{"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0", "platoon:P1"]},
             {"id": "y-lt", "counter": "lt", "side": "a", "hex": "A5", "markers": ["vca0", "platoon:P1"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}, sq]
    plan = {"entry": {"x-lt": {"turn": 1, "hexes": ["A4"]}, "y-lt": {"turn": 1, "hexes": ["A5"]},
                      "a-sq": {"turn": 1, "hexes": ["A4"]}}}
    pos = make_position("asl", units, "MPh", counters=LT, options=plan)
    assert "move x-lt,a-sq A4 cost 1 as impulse_in" in texts(pos)  # offered, beside the AFV's own entry
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        pos.push_text("move x-lt,a-sq A5 as impulse_in")  # A5 is not the squad's entry hex
    pos.push_text("move x-lt,a-sq A4 as impulse_in")
    sq_now = pos.units["a-sq"]
    assert pos.label(sq_now.hex) == "A4" and sq_now.has("aa:x-lt") and sq_now.has(impaa.WITH)
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    pass_reactions(pos)
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {1}
    assert mf_spent(pos, "a-sq") == 1
    pos.push_text("move x-lt,a-sq A4-B4 as impulse")  # with its AFV, one entry an impulse (D14.33)
    pos.push_text("move y-lt A5-B5 as impulse")
    pos.push_text("move x-lt,y-lt B4 as impulse_end")
    pass_reactions(pos)
    assert pos.label(pos.units["a-sq"].hex) == "B4" and mf_spent(pos, "a-sq") == 2


def test_d14_333_one_stack_comes_on_with_the_platoon(make_position: Any) -> None:
    """D14.333: a second squad coming on with y-lt, the first already x-lt's Armored Assault stack, is
    refused; one that came on by itself (A2.5) is not beneath an AFV that had not entered a hex yet."""
    sqs = [{"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "A4"},
           {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "A5"}]
    units = [{"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0", "platoon:P1"]},
             {"id": "y-lt", "counter": "lt", "side": "a", "hex": "A5", "markers": ["vca0", "platoon:P1"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}, *sqs]
    plan = {"entry": {"x-lt": {"turn": 1, "hexes": ["A4"]}, "y-lt": {"turn": 1, "hexes": ["A5"]},
                      "a-sq": {"turn": 1, "hexes": ["A4"]}, "a-sq2": {"turn": 1, "hexes": ["A5"]}}}
    pos = make_position("asl", units, "MPh", counters=LT, options=plan)
    pos.push_text("move x-lt,a-sq A4 as impulse_in")
    with pytest.raises(IllegalAction, match=r"one infantry stack only.*D14\.333"):
        pos.push_text("move y-lt,a-sq2 A5 as impulse_in")
    pos.push_text("move y-lt A5 as impulse_in")
    assert pos.units["a-sq2"].hex is None

def test_d7_13_d14_212_backing_on_into_concealed_infantry_is_no_overrun(make_position: Any) -> None:
    """D2.2, D2.21 with D14.212: a platoon AFV may back on in an impulse (``impulse_in_rev``): A4's Open
    Ground 1 MP times a tracked vehicle's reverse 4 (D2.21) = 4 MP, the impulse's cost (D14.31). A concealed
    squad in A4 leaves it an open entry hex (A2.5 with A4.14: only a known enemy bars it). D7.13: no Overrun
    in reverse, and D7.1's OVR is the mover's choice, so it enters without one (no OVR mark). A12.41: a
    vehicle entering (not by bypass) a Location of concealed enemy units makes their owner reveal them or
    take one PAATC, OVR or not. D14.21: its mate off the map moves with it in reverse, so coming on forward in
    the same impulse is refused; backing on too, the impulse ends, each AFV 4 MP."""
    from hexmate.rules.games.asl import impovr

    hid = {"id": "b-hid", "counter": "4-6-7", "side": "b", "hex": "A4", "concealed": True}
    pos = table(make_position, "A5", hid)
    assert {"move x-lt A4 cost 4 as impulse_in_rev", "move x-lt A4 cost 4 as impulse_in",
            "move x-lt A4 cost 1 as impulse_in_through"} <= set(texts(pos))  # forward: OVR or not (D7.1)
    pos.push_text("move x-lt A4 as impulse_in_rev")
    x = pos.units["x-lt"]
    assert pos.label(x.hex) == "A4" and impulse.status(x) == "reverse"
    assert not any(m.startswith(impovr.OVR) for m in x.markers)  # D7.13
    ask = pos.decision
    assert ask is not None and ask.rule == "A12.41" and ask.side == "b"
    pos.push_text("answer reveal")
    assert not pos.units["b-hid"].concealed
    with pytest.raises(IllegalAction, match=r"D14\.21"):
        pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move y-lt A5 as impulse_in_rev")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    pass_reactions(pos)
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {4}
    assert all(impulse.status(pos.units[u]) == "reverse" for u in ("x-lt", "y-lt"))


def test_d7_1_a12_41_d14_212_coming_on_forward_overruns_concealed_infantry(make_position: Any) -> None:
    """D7.1: a vehicle entering in its MPh a Location of enemy units may overrun it, a quarter of its printed
    MP (FRU) spent there: coming on forward into A4 (A2.51: 1 MP as from off-board Open Ground) the 12 MP tank
    spends 1 + 3 = 4. A12.41: only concealed units there (a known one bars the entry hex, A2.5), so their
    owner first reveals them or takes one PAATC (DR 2: passed, the "?" stays), and the OVR comes after it:
    at the impulse's end (D14.32), its 4 MP the impulse's cost (D14.31), y-lt coming on at A5 for 1."""
    hid = {"id": "b-hid", "counter": "4-6-7", "side": "b", "hex": "A4", "concealed": True}
    pos = table(make_position, "A5", hid)
    pos.push_text("move x-lt A4 as impulse_in")
    ask = pos.decision
    assert ask is not None and ask.rule == "A12.41" and ask.side == "b"
    pos.push_text("answer paatc")
    pos.push_text("answer dice 1,1")
    assert pos.units["b-hid"].concealed and pos.decision is None
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    pass_reactions(pos)
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {4}
    top = pos.decision
    assert top is not None and top.then == "vovr" and top.side == "a" and pos.label(top.target) == "A4"


def test_d7_1_d14_212_coming_on_without_the_overrun(make_position: Any) -> None:
    """D7.1's "may": ``as impulse_in_through`` (listed on the page) comes on into the concealed squad's A4
    for its 1 MP alone, no OVR at the impulse's end; A12.41's question is put all the same. Where no enemy
    is, it is refused: a plain ``impulse_in``."""
    from hexmate.rules.games.asl import impovr

    hid = {"id": "b-hid", "counter": "4-6-7", "side": "b", "hex": "A4", "concealed": True}
    pos = table(make_position, "A5", hid)
    assert pos.game.listed_move(pos, pos.parse_action("move x-lt A4 as impulse_in_through"))
    with pytest.raises(IllegalAction, match=r"would not overrun A5.*D7\.1"):
        pos.push_text("move y-lt A5 as impulse_in_through")
    pos.push_text("move x-lt A4 as impulse_in_through")
    assert not any(m.startswith(impovr.OVR) for m in pos.units["x-lt"].markers)
    ask = pos.decision
    assert ask is not None and ask.rule == "A12.41"
    pos.push_text("answer reveal")
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    pass_reactions(pos)
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {1}
    assert pos.decision is None or pos.decision.then != "vovr"


def test_a2_5_d2_6_known_enemies_and_an_enemy_afv_bar_the_entry_hex(make_position: Any) -> None:
    """A2.5: an entry hex made inaccessible by a known enemy unit is no entry hex (forward or backing); D2.6:
    a vehicle may not end an impulse in a hex of an enemy AFV, concealed or not."""
    known = table(make_position, "A5", {"id": "b-sq2", "counter": "4-6-7", "side": "b", "hex": "A4"})
    assert not [t for t in texts(known) if "x-lt A4" in t]
    with pytest.raises(IllegalAction, match=r"A2\.5"):
        known.push_text("move x-lt A4 as impulse_in_rev")
    hidden_afv = {"id": "b-pz", "counter": "lt", "side": "b", "hex": "A4", "concealed": True,
                  "markers": ["vca0"]}
    afv = table(make_position, "A5", hidden_afv)
    with pytest.raises(IllegalAction, match=r"D2\.6"):
        afv.push_text("move x-lt A4 as impulse_in_rev")

LMG = {"type": "sw", "sw": "mg", "fp": 3, "range": 8, "rof": 1, "breakdown": 12, "pp": 1}


def _with_squad(make_position: Any, *extra: dict[str, Any], due: tuple[str, ...] = ("a-sq",)) -> Position:
    """The platoon of test_d14_33's, the 4-6-7 due at A4 too; ``extra`` (SW, more squads)."""
    units = [{"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0", "platoon:P1"]},
             {"id": "y-lt", "counter": "lt", "side": "a", "hex": "A5", "markers": ["vca0", "platoon:P1"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "A4"}, *extra]
    plan = {"entry": {"x-lt": {"turn": 1, "hexes": ["A4"]}, "y-lt": {"turn": 1, "hexes": ["A5"]},
                      **{u: {"turn": 1, "hexes": ["A4"]} for u in due}}}
    pos: Position = make_position("asl", units, "MPh", counters={**LT, "LMG": LMG}, options=plan)
    return pos


def test_d14_33_a4_43_the_sw_the_squad_carries_comes_on_with_it(make_position: Any) -> None:
    """A4.43: a SW goes where its possessor goes: the squad's LMG comes on with it and x-lt (D14.33), named in
    the move offered (as every move of infantry names the SW it carries); the squad still possesses it. A SW
    named whose possessor is not in the move is refused."""
    lmg = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "A4", "carrier": "a-sq"}
    pos = _with_squad(make_position, lmg)
    assert "move x-lt,a-sq,a-lmg A4 cost 1 as impulse_in" in texts(pos)
    assert "move x-lt,a-sq A4 cost 1 as impulse_in" not in texts(pos)
    pos.push_text("move x-lt,a-sq A4 as impulse_in")  # the SW need not be named: it goes along
    assert pos.label(pos.units["a-lmg"].hex) == "A4" and pos.units["a-lmg"].carrier == "a-sq"
    assert pos.units["a-sq"].has(impaa.WITH)
    lmg2 = {"id": "a-lmg2", "counter": "LMG", "side": "a", "hex": "A4", "carrier": "a-sq2"}
    sq2 = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "A4"}
    pos = _with_squad(make_position, sq2, lmg2, due=("a-sq", "a-sq2"))
    with pytest.raises(IllegalAction, match=r"a-lmg2.*A4\.43"):
        pos.push_text("move x-lt,a-sq,a-lmg2 A4 as impulse_in")


def test_d14_331_no_impulse_first_with_no_mf_left(make_position: Any) -> None:
    """The 4-6-7 (4 MF) comes on with x-lt at A4 (1 MF, A2.51) and goes on with it into B4, C4 and D4 (1 MF
    each, open ground): 4 MF, none left. With 1 MF left (after C4) it may still stop the Armored Assault and
    finish its MPh first (D14.331); with none there is nothing of its MPh to finish: refused."""
    pos = _with_squad(make_position)
    pos.push_text("move x-lt,a-sq A4 as impulse_in")
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    pass_reactions(pos)
    for a, b, c, d in (("A4", "B4", "A5", "B5"), ("B4", "C4", "B5", "C5"), ("C4", "D4", "C5", "D5")):
        if b == "D4":
            assert mf_spent(pos, "a-sq") == 3
            pos.game.check(pos, pos.parse_action("move a-sq C4 as impulse_first"))  # 1 MF left: open
        pos.push_text(f"move x-lt,a-sq {a}-{b} as impulse")
        pos.push_text(f"move y-lt {c}-{d} as impulse")
        pos.push_text(f"move x-lt,y-lt {b} as impulse_end")
        pass_reactions(pos)
    assert mf_spent(pos, "a-sq") == 4 and pos.label(pos.units["a-sq"].hex) == "D4"
    with pytest.raises(IllegalAction, match=r"no MF left.*D14\.331"):
        pos.push_text("move a-sq D4 as impulse_first")
    pos.push_text("move a-sq D4 as impulse_part")  # parting stays open: it waits for the platoon


def _set_up(pos: Position, k: int, *uids: str, behind: str = "A4") -> Position:
    """A2.51: the units set up ``k`` hexes out behind ``behind`` on the off-board board (its RPh's first
    action, offboard.py), as ``move U A4 as offK`` leaves them."""
    x = offboard.hex_behind(pos, pos.map.parse_label(behind), k, "left")
    assert x is not None
    state = pos.state
    for uid in uids:
        state = state.with_unit(offboard._mark(state.units[uid], x))
    return pos.at(state)



def test_a2_51_d9_31_armored_assault_infantry_cross_the_off_board_board_with_it(make_position: Any) -> None:
    """A2.51: off the map units move normally across the off-board board, all Open Ground; D9.31: infantry set
    up in x-lt's off-board hex, three hexes out behind A4, began their MPh beneath it. They come on with it in
    its first impulse: two off-board hexes to the one beside A4 (1 MP each for the light tank, 1 MF each for
    the squad) and A4 itself from off-board Open Ground (1): 3 MP, 3 MF of the squad's 4 (D14.31: each group
    priced apart). y-lt comes on at A5 for 1 MP; the impulse costs the platoon 3 MP (D14.31)."""
    pos = _set_up(_with_squad(make_position), 3, "x-lt", "a-sq")
    assert "move x-lt,a-sq A4 cost 3 as impulse_in" in texts(pos)
    pos.push_text("move x-lt,a-sq A4 as impulse_in")
    assert pos.label(pos.units["a-sq"].hex) == "A4" and pos.units["a-sq"].has("aa:x-lt")
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt,y-lt A4 as impulse_end")
    pass_reactions(pos)
    assert mf_spent(pos, "a-sq") == 3
    assert {armour.spent_of(pos.units[u]) for u in ("x-lt", "y-lt")} == {3}
    deep = _set_up(_with_squad(make_position), 4, "x-lt", "a-sq")  # 3 hexes + A4: all 4 MF
    assert "move x-lt,a-sq A4 cost 4 as impulse_in" in texts(deep)


def test_d9_31_infantry_set_up_apart_from_the_afv_do_not_cross_with_it(make_position: Any) -> None:
    """D9.31: only infantry that began their MPh beneath the AFV are in its Armored Assault: set up two hexes
    out while x-lt is three out, or beside A4 while it is deep, or deep while it is beside A4, they are
    refused (each may still come on by itself, A2.5)."""
    for afv_k, sq_k in ((3, 2), (3, 0), (0, 2)):
        pos = _with_squad(make_position)
        if afv_k:
            pos = _set_up(pos, afv_k, "x-lt")
        if sq_k:
            pos = _set_up(pos, sq_k, "a-sq")
        assert not any(t.startswith("move x-lt,a-sq") for t in texts(pos))
        with pytest.raises(IllegalAction, match=r"did not begin the MPh beneath x-lt.*D9\.31"):
            pos.push_text("move x-lt,a-sq A4 as impulse_in")


def _mud(make_position: Any) -> Position:
    """Mud (D8.23); x-lt set up 3 hexes out behind A4 on the off-board board (A2.51), y-lt beside A5."""
    units = [{"id": "x-lt", "counter": "lt", "side": "a", "hex": "A4", "markers": ["vca0", "platoon:P1"]},
             {"id": "y-lt", "counter": "lt", "side": "a", "hex": "A5", "markers": ["vca0", "platoon:P1"]},
             {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "L8"}]
    plan = {"entry": {"x-lt": {"turn": 1, "hexes": ["A4"]}, "y-lt": {"turn": 1, "hexes": ["A5"]}},
            "weather": {"precipitation": "mud"}}
    return _set_up(make_position("asl", units, "MPh", counters=LT, options=plan), 3, "x-lt")


def _secret(pos: Position, dr: str, die: str) -> None:
    """The opponent's secret DR for the platoon's MPh, then the secret dr (D8.23, D14.21)."""
    for then, dice in (("vimp_mud", dr), ("vimp_mud_dr", die)):
        top = pos.decision
        assert top is not None and top.then == then and top.private and top.side == "b"
        pos.push_text(f"answer dice {dice}")


def test_d8_23_a2_51_d14_212_off_board_hexes_count_for_the_platoons_mud_dr(make_position: Any) -> None:
    """A2.51: off the map units move normally across the off-board board (Open Ground, 1 MP a hex); D8.23:
    in mud every hex a vehicle enters off a paved road counts along its path for its secret dr. x-lt, 3 out,
    enters 2 off-board hexes and then A4: 2 + 1 = 3 MP (offered), 3 entries counted, as for a lone vehicle
    (vmudoff.py). The impulse's end asks the platoon's one secret DR (D14.21): 12 bogs (D8.21); the dr of 2
    names its second entry, the off-board hex beside A4: it bogged there and never came on, its MPh over
    (D8.21); still off the map, bogged, it comes on no more this MPh."""
    from hexmate.rules.games.asl import vmud, vmudoff

    pos = _mud(make_position)
    assert "move x-lt A4 cost 3 as impulse_in" in texts(pos)
    pos.push_text("move x-lt A4 as impulse_in")
    assert vmud.entry_of(pos.state.game, "x-lt") == (-1, 3)
    pos.push_text("move x-lt A4 as impulse_end")
    _secret(pos, "6,6", "2")
    x = pos.units["x-lt"]
    where = offboard.set_up_at(x)
    assert x.hex is None and x.has("bogged") and x.has(vmudoff.MARK) and where is not None
    assert where not in pos.map and distance(where, pos.map.parse_label("A4")) == 1  # beside A4
    assert not impulse.under_way(pos) and "x-lt" in pos.state.moved
    assert not [t for t in texts(pos) if t.startswith("move x-lt")]
    with pytest.raises(IllegalAction, match=r"bogged off the map"):
        pos.push_text("move x-lt A4 as impulse_in")


def test_d8_23_d14_212_the_entry_hex_counts_after_the_off_board_hexes(make_position: Any) -> None:
    """The same with a dr of 3: the third entry, A4 itself (the first map hex): x-lt bogs in A4 (D8.21)."""
    pos = _mud(make_position)
    pos.push_text("move x-lt A4 as impulse_in")
    pos.push_text("move x-lt A4 as impulse_end")
    _secret(pos, "6,6", "3")
    x = pos.units["x-lt"]
    assert pos.label(x.hex) == "A4" and x.has("bogged")


def test_d14_21_d8_23_a_mate_coming_on_later_gets_its_own_mud_dr(make_position: Any) -> None:
    """D14.21: the impulse's one DR covers the AFVs subject to it then. x-lt comes on in impulse 1 (its 2
    off-board hexes and A4 counted): the secret DR is its alone, and 1+1 bogs nothing (12 or more, D8.21).
    y-lt, still off the map then, comes on in impulse 2: its entry hex counts (D8.23), so its own secret DR
    at that impulse's end: 6+6 bogs it, the dr of 1 names A5, its first entry."""
    from hexmate.rules.games.asl import vmud

    pos = _mud(make_position)
    pos.push_text("move x-lt A4 as impulse_in")
    pos.push_text("move x-lt A4 as impulse_end")
    top = pos.decision
    assert top is not None and top.then == "vimp_mud" and top.subject == ("x-lt",)
    pos.push_text("answer dice 1,1")
    pass_reactions(pos)
    assert vmud.entry_of(pos.state.game, "y-lt") is None and pos.units["y-lt"].hex is None
    pos.push_text("move y-lt A5 as impulse_in")
    pos.push_text("move x-lt A4-B4 as impulse")
    pos.push_text("move x-lt,y-lt B4 as impulse_end")
    top = pos.decision
    assert top is not None and top.then == "vimp_mud" and top.subject == ("y-lt",)
    _secret(pos, "6,6", "1")
    assert pos.label(pos.units["y-lt"].hex) == "A5" and pos.units["y-lt"].has("bogged")
    assert not pos.units["x-lt"].has("bogged")
