"""Deployment (deployment.py; A1.31) and the leader rules of Recombination (A1.32, carriers.check_combine).
Counters from the demo catalogue (demo values) on an open test map; the Finnish pair is a test counter of the
same values. The checks are the text's: an NTC modified by the leader (A1.31), a 1TC for leaderless Finns
(A25.71), one attempt a squad and a leader (A1.31, A3.1's example)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import carriers
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {
    **{name: dict(v) for name, v in au.demo_catalogue().items()},
    "6-4-8f": {"type": "squad", "nationality": "finnish", "class": "1st", "fp": 6, "range": 4, "morale": 8,
               "broken_morale": 8, "reduces_to": "3-4-8f"},
    "3-4-8f": {"type": "hs", "nationality": "finnish", "class": "1st", "fp": 3, "range": 4, "morale": 8,
               "broken_morale": 8},
    "3-4-6i": {"type": "squad", "nationality": "italian", "class": "1st", "fp": 3, "range": 4, "morale": 6,
               "broken_morale": 6, "reduces_to": "2-4-7"},
}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def rph(make_position: Any, *units: dict[str, Any], side: str = "a") -> Position:
    enemy = {"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J1"}
    pos: Position = make_position("asl", [enemy, *units], "RPh", counters=COUNTERS, sides=SIDES,
                                  first_side=side)
    return pos


SQ = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"}
LDR = {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "C3"}
LMG = {"id": "a-lmg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-sq"}


def offered(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions if a.kind == "activate"]


def test_a1_31_a_leader_s_ntc_passes_and_the_squad_becomes_two_hs(make_position: Any) -> None:
    """A1.31: a Good Order 4-6-7 (morale 7) with a Good Order 8-1 in its RPh: NTC DR 8, -1: 7, passed. It
    becomes two 2-4-7 HS (A1.3: its own HS); the owner gives the LMG to the second."""
    pos = rph(make_position, SQ, LDR, LMG)
    assert "activate a-sq,a-ldr for deploy" in offered(pos)
    pos.push_text("activate a-sq for deploy")
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.side) == ("deploy_ntc", "A1.31", "a")
    pos.push_text("answer dice 4,4")
    one, two = pos.units["a-sq"], pos.units["a-sq.2"]
    assert one.name == two.name == "2-4-7" and one.type == two.type == "hs"
    top = pos.decision
    assert top is not None and top.then == "deploy_split" and top.units == ("a-lmg",)
    pos.push_text("answer units a-lmg")
    assert pos.units["a-lmg"].carrier == "a-sq.2"
    assert all(pos.units[u].has("rally_tried") for u in ("a-sq", "a-sq.2", "a-ldr"))  # A1.31: no more acts


def test_a1_31_failed_the_squad_and_leader_have_still_had_their_action(make_position: Any) -> None:
    """A1.31: DR 9, -1: 8 against 7, failed: the squad stays whole; neither it nor its leader acts again in
    this RPh; one leader directs one squad's attempt a RPh."""
    other = {"id": "a-sq2", "counter": "4-6-7", "side": "a", "hex": "C3"}
    pos = rph(make_position, SQ, LDR, other)
    pos.push_text("activate a-sq for deploy")
    pos.push_text("answer dice 5,4")
    assert pos.units["a-sq"].name == "4-6-7" and "a-sq.2" not in pos.units
    with pytest.raises(IllegalAction, match=r"A3\.1"):
        pos.game.check(pos, pos.parse_action("activate a-sq for deploy"))
    with pytest.raises(IllegalAction, match=r"leader"):
        pos.game.check(pos, pos.parse_action("activate a-sq2 for deploy"))
    assert "activate a-sq2 for deploy" not in offered(pos)


def test_a1_31_no_good_order_leader_no_deployment(make_position: Any) -> None:
    """A1.31: a squad alone, or with a broken leader, does not deploy; nor a broken squad; nor in the enemy's
    RPh; A3.1's example: a squad that rallied in this RPh does not."""
    alone = rph(make_position, SQ)
    with pytest.raises(IllegalAction, match=r"A1\.31"):
        alone.game.check(alone, alone.parse_action("activate a-sq for deploy"))
    broken_ldr = rph(make_position, SQ, {**LDR, "markers": ["broken"]})
    with pytest.raises(IllegalAction, match=r"leader"):
        broken_ldr.game.check(broken_ldr, broken_ldr.parse_action("activate a-sq for deploy"))
    broken = rph(make_position, {**SQ, "markers": ["broken"]}, LDR)
    with pytest.raises(IllegalAction, match=r"Good Order"):
        broken.game.check(broken, broken.parse_action("activate a-sq for deploy"))
    rallied = rph(make_position, {**SQ, "markers": ["rally_tried"]}, LDR)
    with pytest.raises(IllegalAction, match=r"A3\.1"):
        rallied.game.check(rallied, rallied.parse_action("activate a-sq for deploy"))
    theirs = rph(make_position, SQ, LDR, side="b")
    with pytest.raises(IllegalAction, match=r"own side"):
        theirs.game.check(theirs, theirs.parse_action("activate a-sq for deploy"))


def test_a1_31_a_named_leader_must_qualify(make_position: Any) -> None:
    """A1.31: the leader named must be a Good Order friendly leader in the Location; his modifier applies."""
    far = {"id": "a-ldr2", "counter": "9-2", "side": "a", "hex": "D3"}
    pos = rph(make_position, SQ, LDR, far)
    with pytest.raises(IllegalAction, match=r"a-ldr2"):
        pos.game.check(pos, pos.parse_action("activate a-sq,a-ldr2 for deploy"))
    pos.push_text("activate a-sq,a-ldr for deploy")
    pos.push_text("answer dice 6,2")  # 8 - 1 = 7: passed
    assert pos.units["a-sq"].type == "hs"


def test_a25_2_russians_and_a25_61_non_elite_italians_do_not_deploy(make_position: Any) -> None:
    ru = rph(make_position, {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "C3"},
             {"id": "b-ldr", "counter": "9-1", "side": "b", "hex": "C3"}, side="b")
    with pytest.raises(IllegalAction, match=r"A25\.2"):
        ru.game.check(ru, ru.parse_action("activate b-sq for deploy"))
    it = rph(make_position, {**SQ, "counter": "3-4-6i"}, LDR)
    with pytest.raises(IllegalAction, match=r"A25\.61"):
        it.game.check(it, it.parse_action("activate a-sq for deploy"))


def test_a25_71_finns_deploy_without_a_leader_on_a_1tc(make_position: Any) -> None:
    """A25.71 with A1.31: a Finnish squad (morale 8) alone takes a 1TC instead of the NTC: DR 7 +1 = 8
    passes, DR 8 +1 = 9 fails."""
    fin = {"id": "a-fin", "counter": "6-4-8f", "side": "a", "hex": "C3"}
    pos = rph(make_position, fin)
    assert "activate a-fin for deploy" in offered(pos)
    pos.push_text("activate a-fin for deploy")
    pos.push_text("answer dice 4,3")
    assert pos.units["a-fin"].name == pos.units["a-fin.2"].name == "3-4-8f"
    failed = rph(make_position, fin)
    failed.push_text("activate a-fin for deploy")
    failed.push_text("answer dice 4,4")
    assert failed.units["a-fin"].name == "6-4-8f"


def test_a1_32_one_leader_combines_every_pair_in_his_location(make_position: Any) -> None:
    """A1.32: combining is the leader's one RPh action, but he combines any number of like HS pairs in his
    Location; a Fanatic HS with a non-Fanatic one makes a squad that is not Fanatic; the squad so formed is no
    carrier's squad (D6.82 is for a carrier's HS only)."""
    hs = [{"id": f"a-h{i}", "counter": "2-4-7", "side": "a", "hex": "C3"} for i in range(4)]
    hs[0]["markers"] = ["fanatic"]
    pos = rph(make_position, *hs, LDR)
    pos.push_text("activate a-h0,a-h1 for combine")
    pos.push_text("activate a-h2,a-h3 for combine")
    for uid in ("a-h0", "a-h2"):
        assert pos.units[uid].name == "4-6-7" and not pos.units[uid].has(carriers.CARRIER_SQUAD)
    assert not pos.units["a-h0"].has("fanatic")
    assert pos.units["a-ldr"].has("rally_tried")
    with pytest.raises(IllegalAction, match=r"A3\.1"):  # and he does nothing else
        pos.game.check(pos, pos.parse_action("activate a-h0 for deploy"))


def test_a1_32_finnish_hs_combine_without_a_leader(make_position: Any) -> None:
    """A1.32, A25.71: Finnish HS need no leader to combine; German ones do."""
    fins = [{"id": f"a-f{i}", "counter": "3-4-8f", "side": "a", "hex": "C3"} for i in range(2)]
    pos = rph(make_position, *fins)
    pos.push_text("activate a-f0,a-f1 for combine")
    assert pos.units["a-f0"].name == "6-4-8f"
    ger = rph(make_position, *[{"id": f"a-g{i}", "counter": "2-4-7", "side": "a", "hex": "C3"}
                               for i in range(2)])
    with pytest.raises(IllegalAction, match=r"leader"):
        ger.game.check(ger, ger.parse_action("activate a-g0,a-g1 for combine"))


def test_a12_141_deploying_in_a_good_order_enemy_s_los_costs_the_concealment(make_position: Any) -> None:
    """A12.141: Deployment is among the actions that cost a "?" in the LOS of a Good Order enemy ground unit
    (b-far in J1, open ground); with that enemy broken the "?" stays, on both HS."""
    seen = rph(make_position, {**SQ, "concealed": True}, LDR)
    seen.push_text("activate a-sq for deploy")
    assert not seen.units["a-sq"].concealed
    seen.push_text("answer dice 4,4")
    assert not seen.units["a-sq.2"].concealed
    units = [{"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J1", "markers": ["broken"]},
             {**SQ, "concealed": True}, LDR]
    unseen: Position = make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)
    unseen.push_text("activate a-sq for deploy")
    unseen.push_text("answer dice 4,4")
    assert unseen.units["a-sq"].concealed and unseen.units["a-sq.2"].concealed


def test_a1_32_combination_comes_at_the_start_of_the_rph(make_position: Any) -> None:
    """A1.32: HS combine at the start of the RPh: after a rally attempt of their side this RPh, no more; a
    leader combining two pairs (his one action, the squads' too) does not stop the second."""
    hs = [{"id": f"a-h{i}", "counter": "2-4-7", "side": "a", "hex": "C3"} for i in range(2)]
    broken = {"id": "a-b", "counter": "4-6-7", "side": "a", "hex": "E3", "markers": ["broken"]}
    pos = rph(make_position, *hs, LDR, broken)
    pos.push_text("rally a-b dice 6,5")
    with pytest.raises(IllegalAction, match=r"start of the RPh"):
        pos.game.check(pos, pos.parse_action("activate a-h0,a-h1 for combine"))
