"""A fire action naming a unit's weapon (ASL ``tank.bmg``, D3.5) names its unit for the pages' hiding of
actions: a hidden vehicle's MG fire is never listed to the side it is hidden from."""

from __future__ import annotations

from hexmate.host.game.session import _units_named
from hexmate.rules import actions as act
from hexmate.rules.hexes import Hex


def test_a_weapon_token_names_its_unit() -> None:
    named = _units_named(act.Fire(("g-pz.bmg", "g-pz.cmg"), Hex(0, 0)))
    assert "g-pz" in named and "g-pz.bmg" in named


def test_plain_firers_are_unchanged() -> None:
    assert _units_named(act.Fire(("a-sq", "a-ldr"), Hex(1, 0))) == ("a-sq", "a-ldr")
