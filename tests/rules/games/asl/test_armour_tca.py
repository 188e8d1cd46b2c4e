"""D3.12 (the text's 3.1.2): a turreted vehicle turns its TCA with an MP it spends in its MPh, without that
MP costing more: with the stop MP, at the facing question (``answer turretK``), or with a delay MP (``move V
H-H as delay:tcaK``); twice the MP in woods (C5.11). A turret that turns
throws its riders off (D6.21). Counters: test_armour's demo tanks (demo values)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import armour, vbypass
from hexmate.rules.games.asl.vehicles import tca_of

from .test_armour import COUNTERS, make, pass_reactions


def test_d3_12_the_turret_turns_with_the_stop_mp(make_position: Any) -> None:
    """The tank moves C5-D5 (2 MP: start and entry), then at the facing question turns its turret to
    hexspine 2 with its stop MP: TCA 2, VCA unchanged, 3 MP spent, stopped, not in Motion."""
    pos = make(make_position, "MPh")
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing"
    assert "turret2" in top.choices and "turret0" not in top.choices  # its TCA is at 0 now
    pos.push_text("answer turret2")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert tca_of(tank.markers, tank.facing) == 2 and tank.facing == 0
    assert armour.spent_of(tank) == 3 and not tank.has("motion") and pos.decision is None


def test_d3_12_riders_bail_out_when_the_turret_turns(make_position: Any) -> None:
    """D6.21: riders on the tank bail out as its turret turns (a NMC beneath it)."""
    rider = {"id": "a-r", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-pz"}
    pos = make(make_position, "MPh", rider)
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    pos.push_text("answer turret3")
    rider_now = pos.units["a-r"]
    assert rider_now.carrier is None and rider_now.has("bailed") and pos.label(rider_now.hex) == "D5"


def test_d3_12_the_turret_turn_takes_two_mp_in_woods(make_position: Any) -> None:
    """In woods the TCA change takes twice the MP (C5.11): with the stop MP it spends 2 MP, not 1."""
    pos = make(make_position, "MPh", hexes={"D5": {"terrain": "woods"}})
    pos.push_text("move a-pz C5-D5")
    while pos.decision is not None and pos.decision.then != "vfacing":
        pos.push_text("answer dice 1,1" if pos.decision.dice else "answer pass")
    top = pos.decision
    assert top is not None and "turret2" in top.choices
    left = Fraction(top.arg("left"))
    pos.push_text("answer turret2")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert tca_of(tank.markers, tank.facing) == 2
    assert armour.spent_of(tank) == armour.budget(tank) - left + 2


def test_d3_12_the_turret_turns_with_a_delay_mp(make_position: Any) -> None:
    """D3.12 with D2.17: a stopped tank spends one delay MP and turns its TCA to hexspine 4 with it: 1 MP
    spent, TCA 4 as the MP is declared (before the defender's reaction), VCA unchanged, still stopped."""
    pos = make(make_position, "MPh")
    offered = [pos.action_text(a) for a in pos.legal_actions]
    assert "move a-pz C5-C5 cost 1 as delay:tca4" in offered
    assert not any(o.endswith("delay:tca0") for o in offered)  # its TCA is at 0 now
    pos.push_text("move a-pz C5-C5 as delay:tca4")
    tank = pos.units["a-pz"]
    assert tca_of(tank.markers, tank.facing) == 4 and tank.facing == 0
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert armour.spent_of(tank) == 1 and not tank.has("motion")


def test_d3_12_a_delay_mp_turning_the_turret_in_woods_is_two(make_position: Any) -> None:
    pos = make(make_position, "MPh", hexes={"C5": {"terrain": "woods"}})
    pos.push_text("move a-pz C5-C5 as delay:tca4")
    pass_reactions(pos)
    assert armour.spent_of(pos.units["a-pz"]) == 2
    with pytest.raises(IllegalAction, match="no turret"):
        make(make_position, "MPh", {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C7",
                                    "markers": ["vca0"]}).push_text("move a-ht C7-C7 as delay:tca4")


def test_d3_12_the_turret_turns_with_the_start_mp(make_position: Any) -> None:
    """``as tca3``: the TCA turns with the start MP, before the defender's window after it, at no MP more:
    C5-D5 costs 2 MP (start and entry) as without it; the VCA is the path's."""
    pos = make(make_position, "MPh")
    plain = pos.parse_action("move a-pz C5-D5")
    turned = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5 as tca3"))
    assert isinstance(turned, act.Move) and turned.cost == pos.game.validate(pos, plain).cost == 2
    pos.push_text("move a-pz C5-D5 as tca3")
    tank = pos.units["a-pz"]
    assert tca_of(tank.markers, tank.facing) == 3
    pass_reactions(pos)
    pos.push_text("answer keep")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert tank.facing == 0 and tca_of(tank.markers, 0) == 3 and armour.spent_of(tank) == 3
    with pytest.raises(IllegalAction, match=r"already at hexspine 0"):
        make(make_position, "MPh").push_text("move a-pz C5-D5 as tca0")


def test_d3_12_the_start_mp_turret_turn_in_woods_is_one_more(make_position: Any) -> None:
    pos = make(make_position, "MPh", hexes={"C5": {"terrain": "woods"}})
    plain = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5"))
    turned = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5 as tca3"))
    assert isinstance(plain, act.Move) and isinstance(turned, act.Move)
    assert plain.cost is not None and turned.cost == plain.cost + 1


def test_d3_1_2_the_turret_turns_with_the_mp_entering_a_hex_along_the_path(make_position: Any) -> None:
    """D3.1.2: the TCA may change with any MP the tank spends in its MPh, declared with it, at no MP more:
    ``as tca3@E5`` turns it with the MP that enters E5. C5-D5-E5 costs what it costs without the word; in
    the window after D5's entry the turret still points at 0, in the one after E5's at 3 (D3.3 sees it)."""
    pos = make(make_position, "MPh")
    plain = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5-E5"))
    turned = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5-E5 as tca3@E5"))
    assert isinstance(plain, act.Move) and isinstance(turned, act.Move) and turned.cost == plain.cost == 3
    pos.push_text("move a-pz C5-D5-E5 as tca3@E5")
    tcas = []
    while pos.decision is not None and pos.decision.kind == "react":
        tank = pos.units["a-pz"]
        tcas.append((pos.label(tank.hex), tca_of(tank.markers, tank.facing)))
        pos.push_text("answer pass")
    assert ("D5", 0) in tcas and ("E5", 3) in tcas and ("D5", 3) not in tcas
    pos.push_text("answer keep")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert tca_of(tank.markers, tank.facing) == 3 and armour.spent_of(tank) == 4  # and the stop MP


def test_d3_1_2_c5_11_a_turret_turn_entering_woods_is_one_mp_more(make_position: Any) -> None:
    """C5.11 (named by D3.1.2): the TCA change with the MP entering a woods hex takes twice the MP: one more
    than the move without it; entering open ground on the way, none."""
    pos = make(make_position, "MPh", hexes={"E5": {"terrain": "woods"}})
    plain = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5-E5"))
    in_woods = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5-E5 as tca3@E5"))
    in_open = pos.game.validate(pos, pos.parse_action("move a-pz C5-D5-E5 as tca3@D5"))
    assert isinstance(plain, act.Move) and isinstance(in_woods, act.Move) and isinstance(in_open, act.Move)
    assert plain.cost is not None and in_woods.cost == plain.cost + 1 and in_open.cost == plain.cost


def test_d3_1_2_a_turret_turn_at_a_hex_the_path_does_not_enter_is_refused(make_position: Any) -> None:
    pos = make(make_position, "MPh")
    with pytest.raises(IllegalAction, match=r"D3\.1\.2"):
        pos.push_text("move a-pz C5-D5 as tca3@E5")
    with pytest.raises(IllegalAction, match=r"D3\.1\.2"):
        pos.push_text("move a-pz C5-D5 as tca3@C5")  # the first MP's change is plain tca3
    with pytest.raises(IllegalAction, match="no turret"):
        make(make_position, "MPh", {"id": "a-ht", "counter": "ht", "side": "a", "hex": "C7",
                                    "markers": ["vca0"]}).push_text("move a-ht C7-D7 as tca3@D7")


def _into_bypass(make_position: Any) -> Any:
    """The D2.321 example's geometry (test_caend's ``bypassing``): the Panzer in I3, VCA and TCA 4, moves
    forward along the H3-I4 hexside into bypass of the H3 woods (``as bypass:I4``), heading 4 toward its CAFP:
    its F is H4 (the example's BB4), its B I3. The enemy tank sits in J1, in the rear arc there (DD1)."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "I3", "markers": ["vca4"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J1", "markers": ["vca0"]}]
    return make_position("asl", units, "MPh", counters=COUNTERS, hexes={"H3": {"terrain": "woods"}})


def test_d2_321_a_turret_turn_entering_bypass_goes_to_one_of_four_tca_points(make_position: Any) -> None:
    """D3.1.2 with D2.321: the TCA turned with the MP that enters H3 in bypass. There the turret's four TCA
    points are hexspines 4 (CAFP), 5 and 3 (the straddled hexes) and 1 (the opposite): tca1@H3 turns it to the
    rear, toward J1, for no MP more (the vehicle goes round the woods, not into them: no C5.11 doubling);
    tca0 and tca2 are no TCA points there, tca4 is where it already points."""
    pos = _into_bypass(make_position)
    plain = pos.game.validate(pos, pos.parse_action("move a-pz I3-H3 as bypass:I4"))
    turned = pos.game.validate(pos, pos.parse_action("move a-pz I3-H3 as bypass:I4+tca1@H3"))
    assert isinstance(plain, act.Move) and isinstance(turned, act.Move) and turned.cost == plain.cost
    for k, why in ((0, r"four TCA points, hexspines 4, 5, 1, 3"), (2, r"four TCA points"),
                   (4, r"already points at that TCA point")):
        with pytest.raises(IllegalAction, match=why):
            _into_bypass(make_position).push_text(f"move a-pz I3-H3 as bypass:I4+tca{k}@H3")
    pos.push_text("move a-pz I3-H3 as bypass:I4+tca1@H3")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "H3" and tank.facing == 4 and tca_of(tank.markers, 4) == 1


def test_d2_321_the_turret_turns_with_the_stop_mp_in_bypass(make_position: Any) -> None:
    """D2.34 with D2.321: ending its move in bypass of H3, the Panzer spends its stop MP (done) or turns its
    turret with it to one of the three TCA points it is not at: hexspines 5, 1, 3, never 0 or 2. Turned to the
    rear (1), it has spent one MP for the stop and is not in Motion."""
    pos = _into_bypass(make_position)
    pos.push_text("move a-pz I3-H3 as bypass:I4")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing"
    assert sorted(c for c in top.choices if c.startswith("turret")) == ["turret1", "turret3", "turret5"]
    spent = armour.spent_of(pos.units["a-pz"])
    with pytest.raises(IllegalAction):
        pos.push_text("answer turret0")
    pos.push_text("answer turret1")
    pass_reactions(pos)
    tank = pos.units["a-pz"]
    assert tank.facing == 4 and tca_of(tank.markers, 4) == 1 and vbypass.across_of(tank) is not None
    assert armour.spent_of(tank) == spent + 1 and not tank.has("motion") and pos.decision is None
