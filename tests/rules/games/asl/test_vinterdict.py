"""A vehicle interdicting a rout (A10.532 with D1.81-D1.83, D2.42, D5.34): its MGs reach the rout hex within
their normal range only without a VCA/TCA change, a stun's +1 or a halving. Counters: demo-mg4-g
(catalogues/demo-mg-vehicles.json: BMG 2, CMG 3, AAMG 1), normal ranges BMG 8, CMG 12, AAMG 8 (D1.81-D1.83).
The broken 4-6-7 in E4 routs through Open Ground F4, 3 hexes from the tank in C4."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing as fc
from hexmate.rules.games.asl import rout, vinterdict
from hexmate.rules.hexes import distance

CAT = "catalogues/demo-mg-vehicles.json"
COUNTERS: dict[str, Any] = {
    "mg4": {"type": "vehicle", "vehicle": "demo-mg4-g", "catalogue": CAT},
    "4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8},
}


def make(make_position: Any, spines: int, *markers: str, tank_hex: str = "C4", rout_hex: str = "F4"
         ) -> tuple[Position, Any]:
    """The tank with its VCA and TCA ``spines`` hexspines away from the rout hex (F4)."""
    squad = {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"}
    probe: Position = make_position("asl", [squad], "AFPh", counters=COUNTERS)
    here, f4 = probe.map.parse_label(tank_hex), probe.map.parse_label(rout_hex)
    vca = next(f for f in range(6) if fc.hexspines_to(here, f4, f) == spines)
    tank = {"id": "b-t", "counter": "mg4", "side": "b", "hex": tank_hex, "markers": [f"vca{vca}", *markers]}
    units = [{**squad, "markers": ["broken"]}, tank]
    pos: Position = make_position("asl", units, "AFPh", hexes={"I4": "woods"}, counters=COUNTERS)
    return pos, f4


def test_a10_532_a_tank_facing_the_rout_hex_interdicts_with_its_bmg_and_cmg(make_position: Any) -> None:
    pos, f4 = make(make_position, 0)  # BU (no CE counter): the AAMG stays silent (D1.83)
    assert vinterdict.weapons(pos.units["b-t"], f4) == ("bmg", "cmg")
    assert rout.interdicted(pos, pos.units["a-1"], f4)


def test_a10_532_a_tank_that_must_turn_its_vca_and_tca_does_not_interdict(make_position: Any) -> None:
    pos, f4 = make(make_position, 3)  # the rout hex behind it: Case A for the BMG and the CMG (D3.52)
    assert vinterdict.weapons(pos.units["b-t"], f4) == ()
    assert not rout.interdicted(pos, pos.units["a-1"], f4)


def test_a10_532_a_ce_crew_s_aamg_interdicts_behind_the_tank(make_position: Any) -> None:
    """D1.83: the AAMG fires all round without Case A, with a CE crew only."""
    pos, f4 = make(make_position, 3, "ce")
    assert vinterdict.weapons(pos.units["b-t"], f4) == ("aamg",)
    assert rout.interdicted(pos, pos.units["a-1"], f4)


def test_a10_532_motion_a_stun_s_plus_1_or_a_stun_bars_interdiction(make_position: Any) -> None:
    """D2.42: in Motion its MG FP is halved; D5.34: a stunned AFV fires nothing, and after a stun the +1."""
    for marker in ("motion", "plus1", "stunned"):
        pos, f4 = make(make_position, 0, marker)
        assert not rout.interdicted(pos, pos.units["a-1"], f4), marker


def test_a10_532_an_mg_that_fired_this_turn_still_interdicts(make_position: Any) -> None:
    pos, f4 = make(make_position, 0, "mg_fired:bmg", "mg_fired:cmg")
    assert vinterdict.weapons(pos.units["b-t"], f4) == ("bmg", "cmg")


def test_a10_532_beyond_the_bmg_s_normal_range_only_the_cmg_interdicts(make_position: Any) -> None:
    """A tank in L4 and a rout hex A4, 11 hexes away: beyond the BMG's normal range 8, within the CMG's 12."""
    pos, a4 = make(make_position, 0, tank_hex="L4", rout_hex="A4")
    assert distance(pos.units["b-t"].hex, a4) == 11
    assert vinterdict.weapons(pos.units["b-t"], a4) == ("cmg",)


def test_a10_532_an_abandoned_tank_interdicts_nothing(make_position: Any) -> None:
    pos, f4 = make(make_position, 0, "abandoned")
    assert not rout.interdicted(pos, pos.units["a-1"], f4)


def test_a10_532_a_turret_already_facing_the_rout_hex_interdicts_with_its_cmg(make_position: Any) -> None:
    """The hull turned away (the BMG would need a VCA change), the TCA on the rout hex: the CMG only."""
    pos, f4 = make(make_position, 3)
    tank = pos.units["b-t"]
    tca = next(f for f in range(6) if fc.hexspines_to(tank.hex, f4, f) == 0)
    turned = pos.at(pos.state.with_unit(tank.mark(f"tca{tca}")))
    assert vinterdict.weapons(turned.units["b-t"], f4) == ("cmg",)
    assert rout.interdicted(turned, turned.units["a-1"], f4)
