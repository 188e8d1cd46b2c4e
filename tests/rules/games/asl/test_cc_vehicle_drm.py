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


def test_a18_12_a_leader_created_against_an_afv_joins_the_attack(make_position: Any) -> None:
    """A18.12, A18.2, A11.5: a German 4-6-7 attacks a Russian tank in Motion escorted by a 4-4-7 (CCV 5, DRM
    +2 Motion +2 escort = +4); Original 2: final 6, no kill; the further dr 4 adds nothing (A11.501). Leader
    Creation: dr 3, -1 German, -1 CC against an AFV: final 1, an 8-1, who joins: CCV 6, DRM +3: final 5 < 6:
    the tank is destroyed."""
    units = [{"id": "b-t", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca0", "motion"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E5"}]
    sides = [{"id": "a", "name": "Germans", "nationality": "german"},
             {"id": "b", "name": "Russians", "nationality": "russian"}]
    counters = {**COUNTERS, "8-1": {"type": "leader", "morale": 8, "broken_morale": 7, "leadership": -1}}
    pos: Position = make_position("asl", units, "CCPh", counters=counters, sides=sides)
    pos.push_text("answer units a-1,b-t")
    top = pos.decision
    assert top is not None and top.then == "vcc" and (top.arg("ccv"), top.arg("drm")) == ("5", "4")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 4")  # A11.501's further dr: nothing
    top = pos.decision
    assert top is not None and (top.then, top.rule) == ("vcc_leader", "A18.12")
    pos.push_text("answer dice 3")
    res = pos.last_resolution
    assert res is not None and res.results == {"b-t": "destroyed"}
    lines = {(str(line.label), str(line.value), line.rule) for line in res.lines}
    assert {("CC against an AFV", "-1", "A18.2"), ("final dr", "1", "A18.2")} <= lines
    assert pos.units["b-t"].has("wreck") and pos.units["a-created1"].name == "8-1"
