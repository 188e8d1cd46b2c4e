"""The Sniper Check through the game (A14.4): after an effective sniper attack, the Good Order units of the
struck Location that have not fired may try to eliminate the sniper; the DRM of the A14.4 example (a squad
-2, a HS -1, leadership unless the leader is alone); an eliminated sniper lowers its side's SAN by one."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl.aftermath import side_number


def sniped(make_position: Any, san: int = 3) -> Any:
    """a-1 fires with an Original DR equal to b's SAN; b's sniper (dr 1) breaks a-1; a-2 and a-h beside it
    have not fired."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "a-h", "counter": "2-4-7", "side": "a", "hex": "C4"},
             {"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "PFPh", options={"san": {"b": san}})
    pos.push_text(f"fire a-1 at C2 dice 1,{san - 1}")  # the Original DR is b's SAN (A14.1)
    for _ in range(5):
        if pos.decision is not None and pos.decision.then == "sniper":
            break
        pos.push_text("answer dice 2,3")  # b's checks pass
    pos.push_text("answer dice 1")  # sniper dr 1 (A14.3)
    pos.push_text("answer units a-1")
    return pos


@pytest.mark.parametrize(("dice", "result"), [("2,3", "eliminated"), ("3,3", "pinned"), ("3,4", None)])
def test_the_check_of_a_squad_and_a_hs_is_minus_3(make_position: Any, dice: str, result: str | None) -> None:
    pos = sniped(make_position, san=4)
    top = pos.decision
    assert top is not None and top.then == "sniper_check_ask" and top.subject == ("a-2", "a-h")
    pos.push_text("answer check")
    pos.push_text(f"answer dice {dice}")  # -2 the squad, -1 the HS (A14.4)
    gs = pos.game.gstate(pos.state)
    assert (gs.snipers_lost == ("b",)) is (result == "eliminated")
    assert (gs.snipers_pinned == ("b",)) is (result == "pinned")
    assert side_number(pos, "san", "b") == (3 if result == "eliminated" else 4)
    assert pos.units["a-2"].has("ti") and pos.units["a-h"].has("ti")  # A14.4: TI (A4.8)


def test_a_san_of_2_eliminated_leaves_no_sniper(make_position: Any) -> None:
    pos = make_position("asl", [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"},
                                {"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C2"}],
                        "PFPh", options={"san": {"b": 2}})
    state = pos.state.replace(game=pos.game.gstate(pos.state).replace(snipers_lost=("b",)))
    assert side_number(pos.at(state), "san", "b") is None  # A14.4: at 1 the sniper counter is removed


def test_none_declines_the_check(make_position: Any) -> None:
    pos = sniped(make_position)
    pos.push_text("answer none")
    assert pos.decision is None and pos.game.gstate(pos.state).snipers_lost == ()


def test_a_ti_unit_neither_fires_nor_moves_until_the_ccph_ends(make_position: Any) -> None:
    pos = sniped(make_position)
    pos.push_text("answer check")
    pos.push_text("answer dice 5,6")
    with pytest.raises(IllegalAction, match=r"TI unit may not fire.*A4\.8"):
        pos.push_text("fire a-2 at C2 dice 3,3")
    pos.push_text("end")
    with pytest.raises(IllegalAction, match=r"a-2 is TI and may not move.*A4\.8"):
        pos.push_text("move a-2 C4-D4")


def test_a_unit_that_moved_this_player_turn_makes_no_check(make_position: Any) -> None:
    """A14.4: in the AFPh, a-2, which moved in the MPh of this Player Turn, may not join the Sniper Check."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C5"},
             {"id": "a-h", "counter": "2-4-7", "side": "a", "hex": "C4"},
             {"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C2"}]
    pos = make_position("asl", units, "MPh", options={"san": {"b": 4}})
    pos.push_text("move a-2 C5-C4")
    while pos.phase.id != "AFPh":
        pos.push_text("answer pass" if pos.decision is not None else "end")  # b lets it move (A8.1)
    pos.push_text("fire a-1 at C2 dice 1,3")  # the Original DR is b's SAN (A14.1)
    for _ in range(5):
        if pos.decision is not None and pos.decision.then == "sniper":
            break
        pos.push_text("answer dice 2,3")
    pos.push_text("answer dice 1")
    pos.push_text("answer units a-1")
    top = pos.decision
    assert top is not None and top.then == "sniper_check_ask" and top.subject == ("a-h",)
