"""Coming on by bypass beyond the entry hex, offered (ventrybyp.py: D2.3 with A2.51, D2.2-D2.22, D2.33).

The text's numbers: bypass costs twice the hex's Open Ground cost, 1 MP, so 2 (D2.3); backing multiplies
the whole entry cost by 4 for a tracked vehicle (D2.21: the bypass doubling included); out of bypass in
reverse only into the rear hex at the other end of the hexside (D2.33). The demo Panzer has 14 MP; the
conftest's open map, A4 on its west edge."""

from __future__ import annotations

from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games import Position

from .test_armour import pass_reactions
from .test_ventry import table


def _backing(pos: Position) -> dict[str, act.Move]:
    return {pos.action_text(m): m for m in pos.legal_actions
            if isinstance(m, act.Move) and "reverse+bypass" in m.mode and len(m.path) > 1}


def test_d2_2_d2_3_backing_on_past_a_bypassed_woods_entry_hex_is_offered(make_position: Any) -> None:
    """Woods A4 (and C4): backing on by bypass of A4 costs 2 x 4 = 8 MP (D2.3, D2.21), then backing into the
    rear hex at the hexside's other end, B3 or B4 (D2.33), Open Ground 1 x 4 = 4: 12 of its 14 MP. A third
    hex backing would be 16: past its allowance, not offered (though the ESB may take it typed, D2.5). One
    path a hex; each offer plays as typed and leaves it in B3 or B4."""
    pos = table(make_position, hexes={"A4": "woods", "C4": "woods"})
    offers = _backing(pos)
    assert sorted(offers) == ["move a-pz A4-B3 cost 12 as enter+reverse+bypass",
                              "move a-pz A4-B4 cost 12 as enter+reverse+bypass"]
    assert pos.game.check(pos, pos.parse_action("move a-pz A4-B4-C5 as enter+reverse+bypass")).cost == 16
    for text, move in offers.items():
        assert pos.game.check(pos, act.Move(move.units, move.path, None, move.mode)).cost == move.cost
        played = table(make_position, hexes={"A4": "woods", "C4": "woods"})
        played.push_text(text)
        pass_reactions(played)
        assert played.label(played.units["a-pz"].hex) == played.label(move.path[-1])


def test_d2_3_backing_on_then_bypassing_a_woods_hex_beyond_is_offered(make_position: Any) -> None:
    """Open Ground A4, woods B4: A4 backed into for 1 x 4 = 4 MP (D2.21), then B4 bypassed backing, along
    the hexside between its rear hexes (D2.22), 2 x 4 = 8: 12. Offered alone: a path bypassing nothing (A4-A3,
    8) is a plain backing entry, and going on past B4 (16) is past its 14 MP."""
    pos = table(make_position, hexes={"B4": "woods"})
    assert list(_backing(pos)) == ["move a-pz A4-B4 cost 12 as enter+reverse+bypass"]
    assert pos.game.check(pos, pos.parse_action("move a-pz A4-A3 as enter+reverse+bypass")).cost == 8
    pos.push_text("move a-pz A4-B4 as enter+reverse+bypass")
    pass_reactions(pos)
    assert pos.label(pos.units["a-pz"].hex) == "B4"


def test_d2_3_no_backing_bypass_offered_with_nothing_to_bypass(make_position: Any) -> None:
    """An open map: nothing to bypass (D2.31), no ``enter+reverse+bypass`` path offered."""
    assert not _backing(table(make_position))
