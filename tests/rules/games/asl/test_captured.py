"""Captured equipment through the game (A21.1, A21.11, A21.12): a SW taken by the enemy's recovery, radios
never captured, the captured penalties. Counters from the demo catalogue (demo values); the demo MMG of the
scenario below has no nationality, so only the ``captured`` marker the recovery sets makes it captured."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["MG-x"] = {"type": "sw", "sw": "mg", "fp": 4, "range": 10, "rof": 2, "breakdown": 12, "repair": 3,
                    "pp": 2}
COUNTERS["RADIO"] = {"type": "sw", "sw": "radio", "fp": 0, "range": 0, "pp": 1}


def _rph(make_position: Any, sw: str = "MG-x", *markers: str, owner: str = "b") -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "x-sw", "counter": sw, "side": owner, "hex": "C3", "markers": list(markers)},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    return make_position("asl", units, "RPh", counters=COUNTERS)


def test_a21_1_an_enemy_sw_recovered_is_captured(make_position: Any) -> None:
    """A21.1 (captured only by recovery, A4.44): side a recovers b's malfunctioned MG on a dr of 5 (below 6):
    it is a's now, and captured (so not repaired by a, A9.72: tests/rules/games/asl/test_rphase.py)."""
    pos = _rph(make_position, "MG-x", "malfunctioned")
    assert "transfer x-sw to a-1" in {a.text() for a in pos.legal_actions}
    pos.push_text("transfer x-sw to a-1 dice 5")
    sw = pos.units["x-sw"]
    assert sw.carrier == "a-1" and sw.side == "a" and sw.has("captured")
    assert au.is_captured(sw, pos.units["a-1"])


def test_a21_1_its_own_side_recovering_it_recaptures_it(make_position: Any) -> None:
    """A21.1, A9.72: a MG b had captured (it was a's), lying free, recovered by a: a's own again, no longer
    captured (so a may repair it again)."""
    pos = _rph(make_position, "MG-x", "captured", owner="b")  # b holds it as captured (it was a's)
    pos.push_text("transfer x-sw to a-1 dice 1")
    sw = pos.units["x-sw"]
    assert sw.side == "a" and not sw.has("captured")


def test_a21_1_a_radio_is_never_captured(make_position: Any) -> None:
    pos = _rph(make_position, "RADIO")
    with pytest.raises(IllegalAction, match=r"radio.*A21\.1"):
        pos.push_text("transfer x-sw to a-1 dice 1")


def test_a21_11_12_a_captured_mg_fires_with_b_10_and_rof_1(make_position: Any) -> None:
    """A21.11: B# 12 - 2 = 10 (the original B# its X#, A.11); A21.12: ROF 2 - 1 = 1. The no-nationality MG
    is captured only by its marker."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-mg", "counter": "MG-x", "side": "a", "hex": "C1", "carrier": "a-1",
              "markers": ["captured"]},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-mg at C4 dice 5,5")).text()
    assert "a-mg: Original DR 10: malfunctions (B#) (A9.7)" in text
    text = pos.resolve(pos.parse_action("fire a-mg at C4 dice 2,2")).text()
    assert "keeps its multiple ROF" not in text
    text = pos.resolve(pos.parse_action("fire a-mg at C4 dice 2,1")).text()
    assert "keeps its multiple ROF" in text


def test_a21_11_no_ammunition_shortage_penalty_on_a_captured_sw() -> None:
    """A21.11: Ammunition Shortage (A19.131, -1) does not apply to a captured SW: only the captured -2."""
    both = au.breakdown({"breakdown": 12}, captured=True, ammo_short=True)
    assert both == au.Breakdown(10, 12, "A21.11, A.11")
    assert au.breakdown({"breakdown": 12}, ammo_short=True) == au.Breakdown(11, 12, "A19.131, A.11")


def _held(squad_nat: str, sw_nat: str, sw: str = "LMG", name: str | None = None) -> bool:
    """Is a SW of ``sw_nat``'s colour captured in the hands of a ``squad_nat`` squad? (demo values)"""
    from hexmate.rules.games.base import UnitState
    from hexmate.rules.scenario import CounterType

    squad = CounterType("4-4-7", "squad", {**COUNTERS["4-4-7"], "nationality": squad_nat})
    weapon = CounterType(name or sw, "sw", {**COUNTERS[sw], "nationality": sw_nat})
    owner = UnitState("a-1", "a", squad, None)
    return au.is_captured(UnitState("a-sw", "a", weapon, None, carrier="a-1"), owner)


@pytest.mark.parametrize("squad_nat", ["anzac", "gurkha", "british"])
def test_a25_4_anzac_and_gurkhas_are_british_and_use_british_sw_uncaptured(squad_nat: str) -> None:
    """A25.4: the British include the ANZAC and Gurkhas (their entries' ``army``): a British LMG or FT in
    their hands is no captured weapon (A21.1)."""
    assert not _held(squad_nat, "british") and not _held(squad_nat, "british", "FT")
    assert _held(squad_nat, "german")


@pytest.mark.parametrize(("squad_nat", "sw_nat", "sw", "name", "captured"), [
    ("british", "american", "LMG", None, False),  # A25.35: a British unit with an American MG
    ("anzac", "american", "MMG", None, False),  # the British as A25.4 defines them
    ("american", "british", "LMG", None, False),  # an American with a British LMG (the scrounged kind)
    ("american", "british", "FT", "FT(a)", False),  # a British-coloured "(a)" SW
    ("british", "american", "FT", None, True),  # any other American SW: captured as ever (A21.1)
    ("american", "british", "DC", None, True),
    ("free_french", "american", "FT", None, False),  # the Free French: A25.55, not A25.35
])
def test_a25_35_british_and_americans_use_each_others_mgs_and_a_sw_only(
        squad_nat: str, sw_nat: str, sw: str, name: str | None, captured: bool) -> None:
    """A25.35: capture penalties do not apply to a British unit (A25.4) using an American MG, nor to American
    or British units using a British- or French-coloured "(a)" SW, nor to the British LMG counter a MG
    scrounged from an American or British vehicle becomes, in American or British hands; nothing waives them
    for the other SW of each other's colour. (The US mortar and bazooka exception is chapter C's ordnance.)"""
    assert _held(squad_nat, sw_nat, sw, name) is captured
