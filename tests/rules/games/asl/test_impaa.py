"""Armored Assault in platoon impulses (impaa.py with impulse.py: D14.33, D14.331, D14.333, D9.31).

On test_impulse's analogue of board 3: a platoon of two radioless T-26 (A in Z5, B in AA5, VCA 1) and a squad
beneath B. The D14.33 example: the two AFVs spend 2 MP in an impulse (A bypasses the woods of Z4: twice open
ground, D2.3) while the squad, covered by B, follows for 1 MF (into AA4 with B); a firer kills the first AFV;
its next shot, at the second AFV, is against the 2nd MP and does not attack the squad, which spent 1 MF. The
example's Gun is a German tank here (chapter C's Guns are not among the texts) whose colored die keeps its
multiple ROF (D3.5), and its first victim is A, the AFV moving alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, impaa

from .test_impulse import end, table, texts

SQUAD = {"id": "SQ", "counter": "4-6-7", "side": "a", "hex": "3AA5", "markers": []}


def platoon(tmp_path: Path, *more: dict[str, Any], woods: tuple[str, ...] = ()) -> Position:
    """A and B started in a first impulse of 1 MP (their red MP's mechanical reliability DR passed); the squad
    did nothing in it."""
    pos = table(tmp_path, {"A": "Z5", "B": "AA5"}, "vca1", woods=woods, more=(SQUAD, *more))
    pos.push_text("move A 3Z5 as impulse_start")
    pos.push_text("move B 3AA5 as impulse_start")
    end(pos)
    while pos.decision is not None:
        pos.push_text("answer dice 2,3" if pos.decision.kind == "roll" else "answer pass")
    return pos


def mf_spent(pos: Position, uid: str) -> int:
    """The squad's MF spent by its impulses this MPh (halves in the marker)."""
    marks = pos.units[uid].markers
    return next((int(m[len(impaa.ISUM):]) // 2 for m in marks if m.startswith(impaa.ISUM)), 0)


def test_d14_33_example_the_second_shot_is_at_the_second_mp(tmp_path: Path) -> None:
    """D14.33 example: the AFVs' impulse costs 2 MP, the squad's 1 MF (two impulses, priced apart, D14.31).
    The gun kills A with its first shot and, keeping ROF, fires again at B: the 2nd MP, so the squad in B's
    Location is not attacked; another firer's first shot there (the 1st MP) attacks both."""
    enemy = ({"id": "gun", "counter": "pz", "side": "b", "hex": "3AA1", "markers": ["vca0"]},
             {"id": "gun2", "counter": "pz", "side": "b", "hex": "3Z1", "markers": ["vca0"]})
    pos = platoon(tmp_path, *enemy, woods=("Z4",))
    assert "move B,SQ 3AA5-3AA4 cost 1 as impulse" in texts(pos)  # D14.33: offered with the AFV's entry
    pos.push_text("move B,SQ 3AA5-3AA4 as impulse")  # B 1 MP, the squad 1 MF
    pos.push_text("move A 3Z5-3Z4 as impulse_bypass")  # 2 MP
    end(pos)
    assert [armour.spent_of(pos.units[u]) for u in "AB"] == [3, 3]  # 1 + 2: the AFVs' impulse, the most MP
    assert mf_spent(pos, "SQ") == 1  # the infantry's impulse, priced on its own (D14.33)
    top = pos.decision
    assert top is not None and top.subject == ("A",)
    pos.push_text("fire gun at 3Z4")
    pos.push_text("answer dice 1,1")  # hits; the colored 1 keeps its multiple ROF (D3.5)
    pos.push_text("answer dice 1,1")  # and kills
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 6,6")
    assert pos.units["A"].has("wreck") and pos.units["gun"].has("rof_kept")
    while pos.decision is not None and pos.decision.subject == ("A",):
        pos.push_text("answer pass")
    top = pos.decision
    assert top is not None and top.subject == ("B", "SQ")  # both groups, one stack (D14.32)
    assert "fire gun at 3AA4" in texts(pos)  # its 2nd shot of a 2 MP impulse (was refused: one per impulse)
    pos.push_text("fire gun at 3AA4")
    # the units the attack is at (A8.1: fire.moving_targets reads them): not the squad, 1 MF only
    assert pos.state.moving is not None and pos.state.moving.units == ("B",)
    pos.pop()
    pos.push_text("fire gun2 at 3AA4")  # gun2's first shot: the 1st MP and MF, both groups spent it
    assert pos.state.moving is not None and pos.state.moving.units == ("B", "SQ")


def test_d14_33_the_infantry_move_by_impulses_on_their_own_mf(tmp_path: Path) -> None:
    """D14.33: the squad (4 MF) moves with B one entry an impulse; an impulse where B only turns costs it no
    MF; a fifth entry is past its MF allowance (D14.31) and refused."""
    pos = platoon(tmp_path)
    steps = [("AA5-3AA4", "Z5-3Z4"), ("AA4-3AA3", "Z4-3Z3"), ("AA3-3AA2", "Z3-3Z2"), ("AA2-3AA1", "Z2-3Z1")]
    for n, (b, a) in enumerate(steps, start=1):
        pos.push_text(f"move B,SQ 3{b} as impulse")
        pos.push_text(f"move A 3{a} as impulse")
        end(pos)
        assert mf_spent(pos, "SQ") == n and pos.label(pos.units["SQ"].hex) == pos.label(pos.units["B"].hex)
        assert pos.units["SQ"].has("aa:B")  # the +1 TEM of D9.31 stands for it in B's Location
    pos.push_text("move B 3AA1 as impulse_cw")  # the infantry do nothing: their impulse costs 0 MF
    end(pos)
    assert mf_spent(pos, "SQ") == 4 and armour.spent_of(pos.units["B"]) == 6
    with pytest.raises(IllegalAction, match=r"D14\.31, D14\.33"):
        pos.push_text("move B,SQ 3AA1-3BB1 as impulse")
    assert "move B 3AA1-3BB1 cost 1 as impulse" in texts(pos)  # B alone may still go
    pos.push_text("move A,B 3Z1 as impulse_done")
    assert {"SQ", "A", "B"} <= set(pos.state.moved) and not pos.units["SQ"].has(impaa.WITH)


def test_a4_14_the_infantry_do_not_follow_an_overrun(tmp_path: Path) -> None:
    """A4.14: the AFV's entry into a hex of enemy infantry is its Overrun (impovr.py); its infantry stay."""
    pos = platoon(tmp_path, {"id": "E", "counter": "4-6-7", "side": "b", "hex": "3AA4", "markers": []})
    with pytest.raises(IllegalAction, match=r"overruns 3AA4 alone \(A4\.14\)"):
        pos.push_text("move B,SQ 3AA5-3AA4 as impulse")


def test_d14_333_one_infantry_stack_for_the_platoon(tmp_path: Path) -> None:
    """D14.333: with the squad in Armored Assault with B, another squad beneath A is refused."""
    other = {"id": "SQ2", "counter": "4-6-7", "side": "a", "hex": "3Z5", "markers": []}
    pos = platoon(tmp_path, other)
    pos.push_text("move B,SQ 3AA5-3AA4 as impulse")
    with pytest.raises(IllegalAction, match=r"one infantry stack only.*D14\.333"):
        pos.push_text("move A,SQ2 3Z5-3Z4 as impulse")


def test_d9_31_only_infantry_that_began_beneath_the_afv(tmp_path: Path) -> None:
    """D9.31 in impulses: once B has entered a new hex, the squad can no longer begin an Armored Assault with
    it; a Human Wave unit joins only in the wave's impulses (D14.332, hwaa.py)."""
    pos = platoon(tmp_path, dict(SQUAD, id="SQ2", hex="3AA4"))
    pos.push_text("move B 3AA5-3AA4 as impulse")
    pos.push_text("move A 3Z5-3Z4 as impulse")
    end(pos)
    with pytest.raises(IllegalAction, match="not beneath B"):
        pos.push_text("move B,SQ 3AA4-3AA3 as impulse")  # the squad stayed in AA5
    with pytest.raises(IllegalAction, match="begin their MPh beneath the AFV"):
        pos.push_text("move B,SQ2 3AA4-3AA3 as impulse")  # beneath B now, but B came to it
    wave = dict(SQUAD, markers=["hw"])
    pos = table(tmp_path, {"A": "Z5", "B": "AA5"}, "vca1", more=(wave,))
    pos.push_text("move B 3AA5 as impulse_start")
    pos.push_text("move A 3Z5 as impulse_start")
    end(pos)
    while pos.decision is not None:
        pos.push_text("answer dice 2,3")
    with pytest.raises(IllegalAction, match=r"in a Human Wave: .* as HW units \(D14\.332, D14\.333\)"):
        pos.push_text("move B,SQ 3AA5-3AA4 as impulse")


def test_d14_33_a_plain_armored_assault_with_a_platoon_afv_is_refused(tmp_path: Path) -> None:
    """D14.33: with a radioless platoon AFV the infantry go by impulses, not by a D9.31 joint move."""
    pos = table(tmp_path, {"A": "Z5", "B": "AA5"}, "vca1", more=(SQUAD,))
    with pytest.raises(IllegalAction, match=r"move B,INFANTRY A-B as impulse"):
        pos.push_text("move B,SQ 3AA5-3AA4 as armored-assault")


def test_d14_331_the_infantry_part_and_go_on_after_the_platoon(tmp_path: Path) -> None:
    """D14.331: after one entry with B (1 MF), the squad stops the Armored Assault: it waits while the
    platoon moves, then goes on alone with its 3 MF left."""
    pos = platoon(tmp_path)
    pos.push_text("move B,SQ 3AA5-3AA4 as impulse")
    pos.push_text("move A 3Z5-3Z4 as impulse")
    end(pos)
    assert "move SQ 3AA4 as impulse_part" in texts(pos)
    pos.push_text("move SQ 3AA4 as impulse_part")
    assert not pos.units["SQ"].has(impaa.WITH)
    with pytest.raises(IllegalAction, match="moving by impulses"):
        pos.push_text("move SQ 3AA4-3AA3")  # suspended while the platoon moves
    pos.push_text("move B 3AA4-3AA3 as impulse")
    pos.push_text("move A 3Z4-3Z3 as impulse")
    end(pos)
    pos.push_text("move A,B 3Z3 as impulse_done")
    assert pos.units["SQ"].has("mfleft6")  # 4 MF less the 1 it spent with B
    pos.push_text("move SQ 3AA4-3BB3")  # it goes on alone
    assert pos.label(pos.units["SQ"].hex) == "3BB3"


def test_d14_331_the_infantry_part_and_finish_their_mph_first(tmp_path: Path) -> None:
    """D14.331, the other order: after one entry with B (1 MF of its 4), the squad parts and finishes its MPh
    first with its 3 MF while the whole platoon waits (nothing else of its side moves); the platoon's next
    action ends the squad's MPh and its impulses go on."""
    other = {"id": "SQ2", "counter": "4-6-7", "side": "a", "hex": "3Z7", "markers": []}
    pos = platoon(tmp_path, other)
    pos.push_text("move B,SQ 3AA5-3AA4 as impulse")
    pos.push_text("move A 3Z5-3Z4 as impulse")
    end(pos)
    assert "move SQ 3AA4 as impulse_first" in texts(pos)
    pos.push_text("move SQ 3AA4 as impulse_first")
    assert not pos.units["SQ"].has(impaa.WITH) and pos.units["SQ"].has("mfleft6")  # 4 MF less 1
    assert any(t.startswith("move SQ 3AA4-") for t in texts(pos))  # its own move is offered now
    with pytest.raises(IllegalAction, match="moving by impulses"):
        pos.push_text("move SQ2 3Z7-3Z6")  # the platoon is still moving: only the parted squad goes
    pos.push_text("move SQ 3AA4-3BB3")  # it goes on alone, first
    assert pos.label(pos.units["SQ"].hex) == "3BB3"
    pos.push_text("move B 3AA4-3AA3 as impulse")  # the platoon goes on: the squad's MPh is over
    assert not any(t.startswith("move SQ ") for t in texts(pos))
    pos.push_text("move A 3Z4-3Z3 as impulse")
    end(pos)
    pos.push_text("move A,B 3Z3 as impulse_done")
    assert pos.label(pos.units["SQ"].hex) == "3BB3" and not pos.units["SQ"].has(impaa.LEAD)
    with pytest.raises(IllegalAction):
        pos.push_text("move SQ 3BB3-3BB2")  # its MPh ended when the platoon moved again


def test_d14_331_the_afv_leaves_its_infantry_who_go_on_after_the_platoon(tmp_path: Path) -> None:
    """D14.331: B enters AA3 without the squad, so it stops the Armored Assault itself; the squad (1 MF spent
    with B) waits while the platoon finishes, then goes on with its 3 MF left, not ending its MPh with the
    platoon's."""
    pos = platoon(tmp_path)
    pos.push_text("move B,SQ 3AA5-3AA4 as impulse")
    pos.push_text("move A 3Z5-3Z4 as impulse")
    end(pos)
    pos.push_text("move B 3AA4-3AA3 as impulse")  # alone: the squad stays in AA4
    pos.push_text("move A 3Z4-3Z3 as impulse")
    end(pos)
    assert "move SQ 3AA4 as impulse_first" in texts(pos)  # the order is still the player's choice
    pos.push_text("move B 3AA3-3AA2 as impulse")  # the platoon acts: the squad waits for it
    assert not pos.units["SQ"].has(impaa.WITH)
    assert not any(t.startswith("move SQ ") for t in texts(pos))
    pos.push_text("move A 3Z3-3Z2 as impulse")
    end(pos)
    pos.push_text("move A,B 3Z2 as impulse_done")
    assert pos.units["SQ"].has("mfleft6")  # 4 MF less the 1 it spent with B
    pos.push_text("move SQ 3AA4-3BB3")
    assert pos.label(pos.units["SQ"].hex) == "3BB3"
