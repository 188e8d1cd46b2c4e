"""Coming on by bypass beyond the entry hex, offered (ventrybyp.py: D2.3 with A2.51, D2.2-D2.22, D2.33).

The text's numbers: bypass costs twice the hex's Open Ground cost, 1 MP, so 2 (D2.3); backing multiplies
the whole entry cost by 4 for a tracked vehicle (D2.21: the bypass doubling included); out of bypass in
reverse only into the rear hex at the other end of the hexside (D2.33). The demo Panzer has 14 MP; the
conftest's open map, A4 on its west edge."""

from __future__ import annotations

from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vbypass

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
    the hexside between its rear hexes (D2.22), 2 x 4 = 8: 12. The only path offered (also with either
    hexside named, both open to it: test_d2_32 below): a path bypassing nothing (A4-A3, 8) is a plain backing
    entry, and going on past B4 (16) is past its 14 MP."""
    pos = table(make_position, hexes={"B4": "woods"})
    assert {m.path for m in _backing(pos).values()} == {pos.parse_action("move a-pz A4-B4").path}
    assert "move a-pz A4-B4 cost 12 as enter+reverse+bypass" in _backing(pos)
    assert pos.game.check(pos, pos.parse_action("move a-pz A4-A3 as enter+reverse+bypass")).cost == 8
    pos.push_text("move a-pz A4-B4 as enter+reverse+bypass")
    pass_reactions(pos)
    assert pos.label(pos.units["a-pz"].hex) == "B4"


def test_d2_3_no_backing_bypass_offered_with_nothing_to_bypass(make_position: Any) -> None:
    """An open map: nothing to bypass (D2.31), no ``enter+reverse+bypass`` path offered."""
    assert not _backing(table(make_position))


def _reverse(pos: Position) -> dict[str, act.Move]:
    return {pos.action_text(m): m for m in pos.legal_actions
            if isinstance(m, act.Move) and m.mode == "enter+reverse" and len(m.path) > 1}


def test_d2_2_d2_21_backing_on_beyond_the_entry_hex_is_offered(make_position: Any) -> None:
    """D2.2, D2.22: backed into A4 (Open Ground 1 x 4 = 4 MP, D2.21), it backs on into a rear hex for 4 more
    (8), and one more (12); a fourth hex would be 16, past its 14 MP: not offered (the ESB's quarter, 3 MP,
    D2.5, lets it be typed). One path a hex, each played as typed, landing where the path ends."""
    pos = table(make_position)
    offers = _reverse(pos)
    assert {"move a-pz A4-B4 cost 8 as enter+reverse", "move a-pz A4-B3 cost 8 as enter+reverse",
            "move a-pz A4-B4-C5 cost 12 as enter+reverse", "move a-pz A4-B3-C3 cost 12 as enter+reverse",
            "move a-pz A4-B3-C4 cost 12 as enter+reverse"} <= set(offers)
    assert {m.cost for m in offers.values()} == {8, 12}
    ends = [m.path[-1] for m in offers.values()]
    assert len(ends) == len(set(ends))  # one path a hex
    assert pos.game.check(pos, pos.parse_action("move a-pz A4-B3-C3-D3 as enter+reverse")).cost == 16
    for move in offers.values():
        assert pos.game.check(pos, act.Move(move.units, move.path, None, move.mode)).cost == move.cost
    played = table(make_position)
    played.push_text("move a-pz A4-B4-C5 as enter+reverse")
    pass_reactions(played)
    assert played.label(played.units["a-pz"].hex) == "C5"


def test_d2_21_backing_on_into_woods_beyond_the_entry_hex_is_past_its_mp(make_position: Any) -> None:
    """Woods B4 entered costs the Panzer half its 14 MP, 7, times 4 backing (D2.21): 4 + 28 = 32, far past its
    MP: no plain ``enter+reverse`` path ends there, while bypassing it backing costs 4 + 2 x 4 = 12 (D2.3)."""
    pos = table(make_position, hexes={"B4": "woods"})
    assert not [t for t, m in _reverse(pos).items() if pos.label(m.path[-1]) == "B4"]
    assert "move a-pz A4-B4 cost 12 as enter+reverse+bypass" in _backing(pos)


def test_d2_32_a_bypass_path_ending_in_woods_offers_the_other_hexside(make_position: Any) -> None:
    """Woods C4: forward, A4 (1 MP) and B3 (1), then C4 bypassed, twice Open Ground, 2 (D2.3): 4 along the
    hexside between its VCA hexes, C4-C3; along C4-B4 instead a hexspine turn in B3 first (D2.11), 1 more:
    5, and another CAFP (D2.32): offered named. Backing past woods B4 (D2.22: along the hexside between its
    rear hexes) either side costs 4 + 2 x 4 = 12 (the vehicle may come on facing so that either pair of rear
    hexes holds B4): both named."""
    pos = table(make_position, hexes={"C4": "woods"})
    offers = {pos.action_text(m) for m in pos.legal_actions
              if isinstance(m, act.Move) and "+bypass" in m.mode}
    assert {"move a-pz A4-B3-C4 cost 4 as enter+bypass",
            "move a-pz A4-B3-C4 cost 5 as enter+bypass:B4"} <= offers
    assert "move a-pz A4-B3-C4 cost 4 as enter+bypass:C3" not in offers  # the plain offer's own side
    for text, across in (("move a-pz A4-B3-C4 as enter+bypass", "C3"),
                         ("move a-pz A4-B3-C4 as enter+bypass:B4", "B4")):
        played = table(make_position, hexes={"C4": "woods"})
        played.push_text(text)
        pass_reactions(played)
        tank = played.units["a-pz"]
        assert played.label(tank.hex) == "C4" and played.label(vbypass.across_of(tank)) == across
    pos = table(make_position, hexes={"B4": "woods"})
    assert {"move a-pz A4-B4 cost 12 as enter+reverse+bypass:A5",
            "move a-pz A4-B4 cost 12 as enter+reverse+bypass:B3"} <= set(_backing(pos))
