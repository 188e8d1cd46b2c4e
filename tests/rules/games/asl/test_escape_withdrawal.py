"""Prisoners escaping their guard's Melee by Withdrawal (A11.2, A11.21) or Infiltration (A11.22), as A20.55
allows; A20.55's example, its last part (the next CCPh, "item 4"), played through. Counters from the demo
catalogue; Kill Numbers from the demo CCT (1:2 -> 4 and 1:1 -> 5 fixed by the examples, the others demo
values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def _in_melee(make_position: Any, guard: str = "2-2-8", guard_markers: tuple[str, ...] = ("broken",),
              hs: bool = True, prisoners: int = 3) -> Any:
    """A20.55's example after its first CCPh: a German 2-4-7 and a broken crew (the guard) in Melee with three
    Russian prisoner squads; the German CCPh of the next Player Turn begins."""
    units = [{"id": "a-crew", "counter": guard, "side": "a", "hex": "C3",
              "markers": ["melee", *guard_markers]},
             *({"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C3",
                "markers": ["prisoner", "melee"], "carrier": "a-crew"} for i in range(1, prisoners + 1)),
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"}]
    if hs:
        units.insert(0, {"id": "a-hs", "counter": "2-4-7", "side": "a", "hex": "C3", "markers": ["melee"]})
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")  # the CCPh
    top = pos.decision
    if hs:  # A11.2: the Germans, the ATTACKER, declare their withdrawals first: in the example the HS stays
        assert top is not None and (top.then, top.side, top.units) == ("guard_withdraw", "a", ("a-hs",))
        pos.push_text("answer none")
        top = pos.decision
    assert top is not None and (top.then, top.side) == ("escape", "b")
    pos.push_text("answer escape")
    return pos


def _lines(pos: Any) -> set[tuple[str, str]]:
    return {(line.label, line.value) for line in pos.state.resolution.lines}


def test_a20_55_example_item_4_one_prisoner_withdraws_while_two_attack(make_position: Any) -> None:
    """A20.55's example, the next CCPh: no NTC in Melee; b-3 declares its withdrawal (A11.2) before any
    attack, so it makes none; b-1 and b-2 attack the HS and the broken guard together at 1:2 (2:4), -2
    against the guard only. Both miss (Original 8: guard 6, HS 8, Kill Number 4). The Germans attack all
    three prisoners at 1:2 (2:3): against the withdrawing b-3 the DRM is +2 (two friends staying) -2 = 0.
    Original 6: no effect. b-3, neither eliminated nor reduced, has withdrawn: it is placed beside, unarmed
    and free; b-1 and b-2 stay prisoners in Melee (as the German player foresaw)."""
    pos = _in_melee(make_position)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("escape_withdraw", "b", "A11.2")
    assert top.units == ("b-1", "b-2", "b-3")
    pos.push_text("answer units b-3")
    top = pos.decision  # no NTC in Melee (A20.55): the CC DR of b-1 and b-2 at once
    assert top is not None and top.then == "escape_cc" and top.subject == ("b-1", "b-2")
    pos.push_text("answer together")
    pos.push_text("answer dice 4,4")
    lines = _lines(pos)
    assert ("odds", "2:4") in lines
    assert ("Final DR against a-crew", "6: -") in lines and ("Final DR against a-hs", "8: -") in lines
    top = pos.decision  # the reply may take the withdrawing squad, the others, or all three
    assert top is not None and (top.then, top.side) == ("escape_targets", "a")
    assert top.units == ("b-1", "b-2", "b-3")
    pos.push_text("answer units b-1,b-2,b-3")
    top = pos.decision
    assert top is not None and top.then == "escape_reply" and "a-hs" in top.prompt
    pos.push_text("answer dice 3,3")
    lines = _lines(pos)
    assert ("odds", "2:3") in lines and ("Kill Number", "4") in lines
    assert ("b-3 withdrawing", "+0") in lines
    assert ("Final DR against b-3", "6: -") in lines and ("Final DR against b-1", "6: -") in lines
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("escape_leave_to", "b", "A11.21")
    c3 = pos.units["a-hs"].hex
    assert c3 not in top.hexes and top.hexes
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    b3 = pos.units["b-3"]
    assert b3.hex == top.hexes[0] and b3.carrier is None
    assert b3.has("unarmed") and not b3.has("prisoner") and not b3.has("melee")
    for uid in ("b-1", "b-2"):
        assert pos.units[uid].has("prisoner") and pos.units[uid].has("melee")
    assert pos.units["a-hs"].has("melee")


def test_a20_55_example_item_4_the_half_squad_attacks_the_withdrawing_squad_alone(make_position: Any) -> None:
    """The example's other choice: the HS attacks only the withdrawing squad, 2:1 (2 against its (1)) with no
    DRM (+2 -2). At the Kill Number (demo 7) the withdrawer is Casualty Reduced: its withdrawal fails; it
    stays a prisoner in the Melee."""
    pos = _in_melee(make_position)
    pos.push_text("answer units b-3")
    pos.push_text("answer dice 4,4")  # b-1, b-2 on the guard alone: 1:1 (2:2), 8 - 2 = 6 > 5: no effect
    pos.push_text("answer units b-3")
    pos.push_text("answer dice 3,4")
    lines = _lines(pos)
    assert ("odds", "2:1") in lines and ("b-3 withdrawing", "+0") in lines
    assert ("Final DR against b-3", "7: CR") in lines
    b3 = pos.units["b-3"]
    assert b3.name == "2-2-7r" and b3.has("prisoner") and b3.has("melee") and b3.hex == pos.units["a-hs"].hex
    assert pos.decision is None or pos.decision.then != "escape_leave_to"


def test_a11_2_a_lone_withdrawing_prisoner_is_attacked_at_minus_2(make_position: Any) -> None:
    """A11.2: a single prisoner withdrawing, no friend staying: -2. The HS's 2:1 reply (Kill Number 7, demo),
    Original 8: final 6 < 7, eliminated; no penalty for the guard's side (A20.55)."""
    pos = _in_melee(make_position, prisoners=1)
    pos.push_text("answer units b-1")
    top = pos.decision  # nobody attacks: straight to whom the reply attacks
    assert top is not None and top.then == "escape_targets"
    pos.push_text("answer units b-1")
    pos.push_text("answer dice 4,4")
    assert ("b-1 withdrawing", "-2") in _lines(pos)
    assert "b-1" not in pos.units


def test_a11_22_an_original_2_lets_the_attacking_prisoner_infiltrate_out(make_position: Any) -> None:
    """A11.22 through A20.55: a prisoner in Melee with a Good Order 8-3-8 guard (no other German there)
    attacks at 1:8, below every column of the CCT, so it cannot harm him (A11.11); but its Original 2 lets it
    leave at once, before the reply: it escapes, unarmed, to a Location beside."""
    units = [{"id": "a-g", "counter": "8-3-8", "side": "a", "hex": "C3", "markers": ["melee"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["prisoner", "melee"],
              "carrier": "a-g"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "H5"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("end")
    pos.push_text("answer escape")
    pos.push_text("answer none")  # nobody withdraws: b-1 attacks
    pos.push_text("answer dice 1,1")
    assert ("odds", "1:8") in _lines(pos) and ("Final DR against a-g", "2: -") in _lines(pos)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("escape_infiltrate", "b", "A11.22")
    pos.push_text("answer infiltrate")
    top = pos.decision  # no reply: the infiltrator left unattacked; it is placed
    assert top is not None and top.then == "escape_leave_to"
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    b1 = pos.units["b-1"]
    assert b1.has("unarmed") and not b1.has("prisoner") and b1.hex == top.hexes[0]
    assert not pos.units["a-g"].has("melee")  # no enemy left with it (A11.15)


def test_a11_22_an_original_12_on_the_reply_lets_the_prisoners_leave(make_position: Any) -> None:
    """A11.22 through A20.55: the guard side's reply rolls an Original 12: the prisoners it attacked and did
    not eliminate may leave at once: they escape."""
    pos = _in_melee(make_position, prisoners=2)
    pos.push_text("answer none")
    pos.push_text("answer dice 4,5")  # 2:2 on the guard: 9 - 2 = 7: no effect
    top = pos.decision
    assert top is not None and top.then == "escape_reply"
    pos.push_text("answer dice 6,6")
    top = pos.decision
    assert top is not None and top.then == "escape_infiltrate" and top.subject == ("b-1", "b-2")
    pos.push_text("answer infiltrate")
    top = pos.decision
    assert top is not None and top.then == "escape_leave_to" and top.subject == ("b-1", "b-2")
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    for uid in ("b-1", "b-2"):
        assert pos.units[uid].has("unarmed") and not pos.units[uid].has("prisoner")
    # the Germans are left alone: no Melee any more (A11.15)
    assert not pos.units["a-hs"].has("melee")
