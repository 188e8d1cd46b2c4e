"""CC DRMs against a vehicle that A11.51 takes from other rules: a hero's -1 (A15.24; he attacks beside an MMC
as an SMC, A11.5), and a real ambush's -1 for the ambusher (A11.4). The demo tank of the armour tests."""

from __future__ import annotations

from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games import Position
from hexmate.rules.games.asl import vfire

from .test_armour import COUNTERS

HERO = {"type": "hero", "fp": 1, "morale": 9, "broken_morale": 9}


def test_a15_24_a_hero_beside_a_squad_against_a_tank(make_position: Any) -> None:
    """A11.5, A11.51, A15.24: a 4-4-7 with a hero attacks a stopped BU tank: CCV 6 (5, +1 with an SMC), DRM
    -1 for the hero."""
    units = [{"id": "b-t", "counter": "pz", "side": "b", "hex": "E5", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "E5"},
             {"id": "a-h", "counter": "hero", "side": "a", "hex": "E5"}]
    pos: Position = make_position("asl", units, "CCPh", counters={**COUNTERS, "hero": HERO})
    e5 = pos.units["b-t"].hex
    fire = act.Fire(("a-sq", "a-h"), e5)
    vfire.check_cc(pos, fire, pos.units["b-t"])
    ccv, drm, lines = vfire.cc_values(pos, fire, pos.units["b-t"])
    assert (ccv, drm) == (6, -1)
    assert ("hero (a-h)", "-1", "A15.24") in {(str(line.label), str(line.value), line.rule) for line in lines}


def test_a11_51_the_ambusher_attacks_a_vehicle_at_minus_1(make_position: Any) -> None:
    """A11.51: the ambush DRM applies to CC against vehicles: the Russians having ambushed in E5, their 4-4-7
    attacks the German tank there at one less than without the ambush (A11.4)."""
    units = [{"id": "a-t", "counter": "pz", "side": "a", "hex": "E5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"},
             {"id": "a-1", "counter": "4-4-7", "side": "a", "hex": "E5"}]
    pos: Position = make_position("asl", units, "CCPh", counters=COUNTERS)
    gs = pos.game.gstate(pos.state)
    e5 = pos.units["a-t"].hex
    ambushed = pos.at(pos.state.replace(game=gs.replace(cc_hex=e5, cc_ambusher="b")))
    _, drm, lines = vfire.cc_values(ambushed, act.Fire(("b-sq",), e5), ambushed.units["a-t"])
    _, plain, _ = vfire.cc_values(pos, act.Fire(("b-sq",), e5), pos.units["a-t"])
    assert drm == plain - 1
    assert ("ambush", "-1", "A11.4") in {(str(line.label), str(line.value), line.rule) for line in lines}
