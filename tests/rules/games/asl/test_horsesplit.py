"""Horse counters split and combined with their riders, and a lone dismount (horsesplit.py; A13.32, A13.31).
Numbers from the text: a squad's counter shows 3 horses, a HS's 2, an SMC's 1 (A13.32); A13.34's 12 MF;
A13.31's costs (1 MF to get on or off, the horse losing 25% of its allowance per MF spent, the mount's
included: an SMC who mounts at the start leaves a 12 MF horse 9)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import cavalry, mphsw
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]
M = cavalry.MOUNTED


def _pos(make_position: Any, phase: str, *units: dict[str, Any]) -> Position:
    enemy = {"id": "b-far", "counter": "4-4-7r", "side": "b", "hex": "J1"}
    pos: Position = make_position("asl", [enemy, *units], phase, counters=COUNTERS, sides=SIDES)
    return pos


def test_a13_32_a_mounted_squad_deploys_on_two_hs_counters(make_position: Any) -> None:
    """A13.32, A1.31: the mounted 4-6-7 deploys (NTC 4+4 -1 = 7, passed): its squad's counter (3 horses)
    splits into two HS counters (2 horses), each HS riding one; the 8-0 riding along stays on the one kept;
    the horses are not among the weapons the two HS share."""
    pos = _pos(make_position, "RPh",
               {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": [M]},
               {"id": "a-h", "counter": "HORSE3", "side": "a", "hex": "C3", "carrier": "a-sq"},
               {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "C3"},
               {"id": "a-l0", "counter": "8-0", "side": "a", "hex": "C3",
                "markers": [M, f"{cavalry.RIDES}a-h"]})
    pos.push_text("activate a-sq,a-ldr for deploy")
    pos.push_text("answer dice 4,4")
    assert pos.decision is None  # no deploy_split: the horses are no weapon to share
    one, two = pos.units["a-sq"], pos.units["a-sq.2"]
    assert one.type == two.type == "hs" and one.has(M) and two.has(M)
    kept, new = pos.units["a-h"], pos.units["a-h.2"]
    assert cavalry.horses(kept) == cavalry.horses(new) == 2
    assert kept.carrier == "a-sq" and new.carrier == "a-sq.2"
    assert cavalry.horse_of(pos.state, two) == new
    assert cavalry.riders_of(pos.state, kept) == [one, pos.units["a-l0"]]


def test_a13_32_no_hs_counter_no_deployment_of_the_rider(make_position: Any) -> None:
    """A13.32: with no HS horse counter in the scenario the mounted squad's counter cannot split."""
    counters = {k: v for k, v in COUNTERS.items() if k != "HORSE2"}
    pos: Position = make_position("asl", [
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": [M]},
        {"id": "a-h", "counter": "HORSE3", "side": "a", "hex": "C3", "carrier": "a-sq"},
        {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "C3"}], "RPh", counters=counters, sides=SIDES)
    with pytest.raises(IllegalAction, match=r"A13\.32"):
        pos.game.check(pos, pos.parse_action("activate a-sq,a-ldr for deploy"))


def _two_hs(make_position: Any, phase: str, second_mounted: bool = True) -> Position:
    return _pos(make_position, phase,
                {"id": "a-1", "counter": "2-4-7", "side": "a", "hex": "C3", "markers": [M]},
                {"id": "a-h1", "counter": "HORSE2", "side": "a", "hex": "C3", "carrier": "a-1"},
                {"id": "a-2", "counter": "2-4-7", "side": "a", "hex": "C3",
                 "markers": [M] if second_mounted else []},
                {"id": "a-h2", "counter": "HORSE2", "side": "a", "hex": "C3", "carrier": "a-2"},
                {"id": "a-l0", "counter": "8-0", "side": "a", "hex": "C3",
                 "markers": [M, f"{cavalry.RIDES}a-h2"]},
                {"id": "a-ldr", "counter": "8-1", "side": "a", "hex": "C3"})


def test_a13_32_mounted_hs_recombine_on_a_squads_counter(make_position: Any) -> None:
    """A13.32, A1.32: two mounted 2-4-7 combine into a 4-6-7 riding a squad's counter (3 horses, the first
    HS's); the second counter leaves, the 8-0 riding along on it now rides the squad's."""
    pos = _two_hs(make_position, "RPh")
    pos.push_text("activate a-1,a-2 for combine")
    squad = pos.units["a-1"]
    assert squad.name == "4-6-7" and squad.has(M) and "a-2" not in pos.units and "a-h2" not in pos.units
    assert cavalry.horses(pos.units["a-h1"]) == 3 and pos.units["a-h1"].carrier == "a-1"
    assert cavalry.along(pos.state, pos.units["a-h1"]) == [pos.units["a-l0"]]


def test_a13_32_one_mounted_one_on_foot_do_not_combine(make_position: Any) -> None:
    pos = _two_hs(make_position, "RPh", second_mounted=False)
    with pytest.raises(IllegalAction, match=r"A13\.32"):
        pos.game.check(pos, pos.parse_action("activate a-1,a-2 for combine"))


def test_a13_32_led_counters_combine_at_any_time(make_position: Any) -> None:
    """A13.32: two HS counters (2 horses each) led on foot by a 4-6-7 in its Location become a squad's counter
    (3 horses), offered on the page; ridden ones do not combine so."""
    pos = _pos(make_position, "MPh",
               {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C3"},
               {"id": "a-h1", "counter": "HORSE2", "side": "a", "hex": "C3", "carrier": "a-sq"},
               {"id": "a-h2", "counter": "HORSE2", "side": "a", "hex": "C3", "carrier": "a-sq"})
    text = "activate a-h1,a-h2 for combine"
    assert text in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text(text)
    assert cavalry.horses(pos.units["a-h1"]) == 3 and pos.units["a-h1"].carrier == "a-sq"
    assert "a-h2" not in pos.units
    ridden = _two_hs(make_position, "MPh")
    with pytest.raises(IllegalAction, match="led on foot"):
        ridden.game.check(ridden, ridden.parse_action("activate a-h1,a-h2 for combine"))


def test_a13_31_an_smc_riding_along_dismounts_alone(make_position: Any) -> None:
    """A13.31: the 8-0 mounts the 4-4-7's counter at the start of the MPh (1 MF: the 12 MF horse keeps 9);
    he gets off alone: 1 MF more, none ridden, so 2 of his basic 4 MF are left; the horse loses 25% of its
    12 MF (3) for it, the 4-4-7 going on with 6; the counter, having unloaded him, is not mounted again."""
    pos = _pos(make_position, "MPh",
               {"id": "a-cav", "counter": "4-4-7", "side": "a", "hex": "F8", "markers": [M]},
               {"id": "a-h", "counter": "HORSE3", "side": "a", "hex": "F8", "carrier": "a-cav"},
               {"id": "a-ldr", "counter": "8-0", "side": "a", "hex": "F8"})
    pos.push_text("load a-ldr into a-h")
    assert mphsw.mf_left(pos.units["a-cav"]) == 9
    text = "activate a-h,a-ldr for dismount"
    assert text in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text(text)
    ldr = pos.units["a-ldr"]
    assert not ldr.has(M) and ldr.has(cavalry.DISMOUNTED) and mphsw.mf_left(ldr) == 2
    assert pos.units["a-cav"].has(M) and mphsw.mf_left(pos.units["a-cav"]) == Fraction(6)
    assert cavalry.riders_of(pos.state, pos.units["a-h"]) == [pos.units["a-cav"]]
    with pytest.raises(IllegalAction, match=r"A13\.31"):
        pos.game.check(pos, pos.parse_action("load a-ldr into a-h"))
    with pytest.raises(IllegalAction, match="ride along"):
        pos.game.check(pos, pos.parse_action("activate a-h,a-cav for dismount"))
