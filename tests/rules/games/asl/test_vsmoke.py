"""Vehicular smoke dispensers and smoke grenades in play (D13.1-D13.35, A24.4, A24.6):
``smoke VEHICLE at HEX``.
Counters: the demo catalogue's demo-sm-b (sM8, CT turret), demo-flame-g (sD7, CT) and the test tanks (demo
values). D13 has no worked example: the numbers here are the usage numbers and DRMs the text gives."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import armour, vsmoke
from hexmate.rules.games.asl import special as sp
from hexmate.rules.games.asl.vehicles import parse_vehicle

from .test_armour import pass_reactions
from .test_vft import FLAME

COUNTERS = {**FLAME, "sm": {"type": "vehicle", "vehicle": "demo-sm-b"}}


def make(make_position: Any, *extra: dict[str, Any], phase: str = "MPh", markers: tuple[str, ...] = (),
         who: str = "sm", **kw: Any) -> Position:
    units = [{"id": "a-v", "counter": who, "side": "a", "hex": "C5", "markers": ["vca0", *markers]}, *extra]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, **kw)
    return pos


def smoke_at(pos: Position) -> dict[str, sp.Smoke]:
    return {pos.label(h): s for h, s in pos.game.gstate(pos.state).smoke}


@pytest.mark.parametrize(("dice", "placed"), [("3,4", True), ("4,4", False)])
def test_sm_fires_on_its_usage_number_bu_plus_one(make_position: Any, dice: str, placed: bool) -> None:
    """D13.3, D13.32: sM8 from a BU CT AFV at a hex two away in its TCA: DR +1; 7+1 = 8 fires it, 8+1 does
    not. D13.2: the 1 MP is spent only when it fires; one try per player turn."""
    pos = make(make_position)
    assert "smoke a-v at E5" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("smoke a-v at E5")
    top = pos.decision
    assert top is not None and top.then == "vsmoke" and top.dice == "DR" and top.arg("drm") == "1"
    pos.push_text(f"answer dice {dice}")
    pass_reactions(pos)
    here = smoke_at(pos)
    assert ("E5" in here) is placed
    if placed:
        assert here["E5"] == sp.Smoke("ordnance", dispersed=True, side="a") and here["E5"].drm == 2  # A24.5
    assert armour.spent_of(pos.units["a-v"]) == (Fraction(1) if placed else 0)
    with pytest.raises(IllegalAction, match="tried its smoke this player turn"):
        pos.push_text("smoke a-v at E5")


def test_sm_limits(make_position: Any) -> None:
    """D13.32: range 1-3 only; D13.2: not after the AFV fired this player turn."""
    pos = make(make_position)
    with pytest.raises(IllegalAction, match="1 to 3 hexes"):
        pos.push_text("smoke a-v at G5")
    pos = make(make_position, markers=("mg_fired:bmg",))
    with pytest.raises(IllegalAction, match="fired this player turn"):
        pos.push_text("smoke a-v at E5")


def test_sm_moving_and_case_a() -> None:
    """D13.32: +2 moving or not stopped, the Case A of the CA change, the hindrance; D13.3 +1 BU."""
    vt = parse_vehicle("x.json", "v", {"movement": "tracked", "mp": 10, "armor": {"hull_front": 6,
                                       "hull_side": 4}, "smoke": {"kind": "sM", "usage": 8}})
    assert vsmoke.dispenser_drm(vt, frozenset(), moving=True, case_a=1, hindrance=1) == 5
    assert vsmoke.dispenser_drm(vt, frozenset({"ce"}), moving=False) == 0


def test_sd_own_hex_and_grenades_choice(make_position: Any) -> None:
    """D13.31: an sD places its SMOKE in its own hex; D13.35: with its crew CE the AFV may throw grenades
    instead (dr 2 or less) and the owner chooses; a grenade counter is +2 (A24.5)."""
    pos = make(make_position, who="fl", markers=("ce",))
    with pytest.raises(IllegalAction, match="own hex"):
        pos.push_text("smoke a-v at D5")
    pos.push_text("smoke a-v at C5")
    top = pos.decision
    assert top is not None and top.then == "vsmoke_pick" and set(top.choices) == {"dispenser", "grenades"}
    pos.push_text("answer grenades")
    top = pos.decision
    assert top is not None and top.dice == "dr" and top.arg("need") == "2"
    pos.push_text("answer dice 2")
    pass_reactions(pos)
    assert smoke_at(pos)["C5"].kind == "grenade"


def test_grenades_need_ce_in_a_ct_afv() -> None:
    """D13.35: a CT AFV's crew must be CE; an armed unarmored vehicle needs a 1; a BU OT AFV a 1."""
    armor = {"hull_front": 6, "hull_side": 4}
    ct = parse_vehicle("x.json", "v", {"movement": "tracked", "mp": 10, "armor": armor,
                                       "ma": {"calibre": 37}})
    with pytest.raises(IllegalAction, match="CE"):
        vsmoke.grenade_need(ct, frozenset())
    assert vsmoke.grenade_need(ct, frozenset({"ce"})) == 2
    ot = parse_vehicle("x.json", "v", {"movement": "halftrack", "mp": 10, "open_topped": True,
                                       "armor": {"hull_front": 1, "hull_side": 0}, "ma": {"calibre": 20}})
    assert vsmoke.grenade_need(ot, frozenset({"bu"})) == 1
    truck = parse_vehicle("x.json", "v", {"movement": "truck", "mp": 20, "ma": {"calibre": 20}})
    assert vsmoke.grenade_need(truck, frozenset()) == 1


def test_weather_forbids(make_position: Any) -> None:
    """A24.6: rain removes SMOKE at once: no dispenser smoke then."""
    pos = make(make_position, options={"weather": {"precipitation": "rain"}})
    with pytest.raises(IllegalAction, match=r"A24\.6|rain"):
        pos.push_text("smoke a-v at E5")


def test_in_the_enemy_mph_after_an_expenditure_in_its_los(make_position: Any) -> None:
    """D13.2: in the enemy MPh, after an enemy unit spends MF in its LOS, as Defensive First Fire; no MP."""
    units = [{"id": "b-v", "counter": "sm", "side": "b", "hex": "C5", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "F5"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    with pytest.raises(IllegalAction):
        pos.push_text("smoke b-v at E5")
    pos.push_text("move a-sq F5-E5")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b"
    assert "smoke b-v at D5" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("smoke b-v at D5")
    pos.push_text("answer dice 1,2")
    assert "D5" in smoke_at(pos) and armour.spent_of(pos.units["b-v"]) == 0


def test_dispersed_white_smoke_goes_at_its_placers_next_pfph(make_position: Any) -> None:
    """A24.4: the placer's dispersed white SMOKE goes at the start of his next PFPh; the other side's
    stays."""
    pos = make(make_position)
    gs = pos.game.gstate(pos.state)
    mine, theirs = pos.map.parse_label("E5"), pos.map.parse_label("E6")
    state = pos.state.replace(game=gs.replace(smoke=((mine, sp.Smoke("ordnance", True, side="a")),
                                                     (theirs, sp.Smoke("ordnance", True, side="b")))))
    left = pos.game.gstate(vsmoke.expire(pos.game, state, "a")).smoke
    assert [h for h, _ in left] == [theirs]


def test_sn_usage_by_date() -> None:
    """D13.34: an sN's "#4/#5": the left number July-December 1944, the right one from 1945."""
    armor = {"hull_front": 6, "hull_side": 4}
    vt = parse_vehicle("x.json", "v", {"movement": "tracked", "mp": 10, "armor": armor,
                                       "smoke": {"kind": "sN", "usage": 4, "usage_1945": 5}})
    assert vsmoke.usage(vt, "1944-08") == 4 and vsmoke.usage(vt, "1945-03") == 5


def test_the_window_opens_for_smoke_alone(make_position: Any) -> None:
    """D13.2: an enemy expenditure in the AFV's LOS that none of its weapons may fire at (its BMG
    malfunctioned: at 11 hexes it would reach at Long Range, A7.22; the FT reaches 3): the window still
    opens, for its sD."""
    units = [{"id": "b-fl", "counter": "fl", "side": "b", "hex": "A1", "markers": ["vca2", "bmg_malf"]},
             {"id": "a-sq", "counter": "4-4-7", "side": "a", "hex": "K8"}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-sq K8-L8")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b"
    offered = [pos.action_text(a) for a in pos.legal_actions]
    assert "smoke b-fl at A1" in offered and not any(t.startswith("fire b-fl") for t in offered)


def test_smoke_offered_after_an_mp_spent_in_place(make_position: Any) -> None:
    """D13.2 with D3.3: the stop MP of an enemy tank in its LOS opens the window, and the sD may be tried."""
    units = [{"id": "b-fl", "counter": "fl", "side": "b", "hex": "A1", "markers": ["vca2"]},
             {"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-pz C5-D5")
    pass_reactions(pos)
    top = pos.decision
    assert top is not None and top.then == "vfacing"
    pos.push_text("answer keep")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.then == "vinplace"
    assert "smoke b-fl at A1" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("smoke b-fl at A1")
    pos.push_text("answer dice 1,1")
    assert "A1" in smoke_at(pos)


# --- D13.32: the sM's CA change carried to later fire in the phase ---


def th_lines(pos: Position) -> list[tuple[str, str]]:
    res = pos.state.resolution
    assert res is not None
    return [(str(x.label), x.rule) for x in res.lines]


def sm_then_gun(make_position: Any, sm_side: str, *, preset: bool = False) -> Position:
    """The sM tank in E5 (TCA toward D5/D4, three hexspines from C5 and A5); the other side's tank in A5. The
    sM fires at C5 (its turret turns three hexspines: the demo pack's Case A +3 on its usage DR), then the gun
    fires at A5, now inside the TCA. ``preset``: no sM; the turret already faces A5 (``tca3``)."""
    other = "a" if sm_side == "b" else "b"
    units = [{"id": f"{sm_side}-v", "counter": "sm", "side": sm_side, "hex": "E5",
              "markers": ["vca0", *(["tca3"] if preset else [])]},
             {"id": f"{other}-pz", "counter": "pz", "side": other, "hex": "A5", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    v = f"{sm_side}-v"
    if sm_side == "b":
        pos.push_text("move a-pz A5-B5")  # an MP spent in its LOS: the Defensive First Fire window
        assert pos.decision is not None and pos.decision.kind == "react"
    if not preset:
        pos.push_text(f"smoke {v} at C5")
        top = pos.decision
        assert top is not None and top.arg("drm") == "4"  # BU +1, Case A +3 (D13.3, D13.32)
        pos.push_text("answer dice 1,1")
        assert "C5" in smoke_at(pos)
        if sm_side == "a":
            pass_reactions(pos)  # the enemy's window after the 1 MP (D13.2, D3.3)
    pos.push_text(f"fire {v} at A5")
    pos.push_text("answer dice 6,5")
    return pos


def test_d13_32_the_sm_case_a_carries_to_defensive_first_fire_in_the_enemy_mph(make_position: Any) -> None:
    """D13.32 with D3.51: in the enemy MPh the sM's CA change (+3) is charged to the gun's Defensive First
    Fire that follows inside the new CA; the same shot with the turret already there pays none."""
    pos = sm_then_gun(make_position, "b")
    assert ("Case A, covered arc change: +3", "D3.51") in th_lines(pos)
    plain = sm_then_gun(make_position, "b", preset=True)
    assert not any(rule == "D3.51" for _, rule in th_lines(plain))


def test_d13_32_not_carried_to_bounding_fire_in_its_own_mph(make_position: Any) -> None:
    """D13.32 (C5.13): in its own MPh the gun's Bounding First Fire inside the CA the sM turned to pays no
    Case A."""
    pos = sm_then_gun(make_position, "a")
    assert not any(rule == "D3.51" for _, rule in th_lines(pos))
    assert any(m.startswith("capen:MPh:sm:3") for m in pos.units["a-v"].markers)


def test_d13_32_a_failed_sm_turns_nothing_and_carries_nothing(make_position: Any) -> None:
    """D13.32: an sM that does not fire changes no CA: no TCA turned, no Case A to carry."""
    units = [{"id": "b-v", "counter": "sm", "side": "b", "hex": "E5", "markers": ["vca0"]},
             {"id": "a-pz", "counter": "pz", "side": "a", "hex": "A5", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text("move a-pz A5-B5")
    pos.push_text("smoke b-v at C5")
    pos.push_text("answer dice 6,6")
    v = pos.units["b-v"]
    assert "C5" not in smoke_at(pos) and not any(m.startswith(("tca", "capen")) for m in v.markers)


def test_d13_33_an_sp_needs_its_crew_ce_and_smokes_its_own_hex(make_position: Any, tmp_path: Path) -> None:
    """D13.33: to try an sP the AFV's inherent crew must be CE; fired, it places dispersed white SMOKE in its
    own hex. The demo smoke tank with its dispenser made an sP8 (demo values): BU it is refused naming the
    rule; CE, its DR of 7 (no BU +1) is within 8 and the SMOKE is in C5."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-sm-b"]["smoke"] = {"kind": "sP", "usage": 8}
    cat = tmp_path / "sp.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = {**COUNTERS, "sp": {"type": "vehicle", "vehicle": "demo-sm-b", "catalogue": str(cat)}}

    def sp_tank(*markers: str) -> Position:
        units = [{"id": "a-v", "counter": "sp", "side": "a", "hex": "C5", "markers": ["vca0", *markers]}]
        pos: Position = make_position("asl", units, "MPh", counters=counters)
        return pos

    bu = sp_tank()
    with pytest.raises(IllegalAction, match=r"CE.*D13[.]33"):
        bu.push_text("smoke a-v at C5")
    ce = sp_tank("ce")
    with pytest.raises(IllegalAction, match=r"own hex.*D13[.]33"):
        ce.push_text("smoke a-v at E5")
    ce.push_text("smoke a-v at C5")
    top = ce.decision  # a CE crew may throw grenades instead (D13.35): the owner picks the dispenser
    assert top is not None and top.then == "vsmoke_pick" and set(top.choices) == {"dispenser", "grenades"}
    ce.push_text("answer dispenser")
    top = ce.decision
    assert top is not None and top.then == "vsmoke" and top.arg("drm") == "0"
    ce.push_text("answer dice 3,4")
    pass_reactions(ce)
    assert smoke_at(ce)["C5"] == sp.Smoke("ordnance", dispersed=True, side="a")


def nt_tank(make_position: Any, tmp_path: Path, *markers: str) -> Position:
    """The demo smoke tank (sM8, 15 MP) made turretless (its MA NT; demo values), in C5 with VCA 0."""
    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-sm-b"]["ma"]["mount"] = "NT"
    cat = tmp_path / "nt.json"
    cat.write_text(json.dumps(data), encoding="utf-8")
    counters = {**COUNTERS, "nt": {"type": "vehicle", "vehicle": "demo-sm-b", "catalogue": str(cat)}}
    units = [{"id": "a-v", "counter": "nt", "side": "a", "hex": "C5", "markers": ["vca0", *markers]}]
    pos: Position = make_position("asl", units, "MPh", counters=counters)
    return pos


@pytest.mark.parametrize(("dice", "placed"), [("1,3", True), ("2,3", False)])
def test_d13_32_a_turretless_sm_turns_the_hull_with_its_case_a_and_mp(
        make_position: Any, tmp_path: Path, dice: str, placed: bool) -> None:
    """D13.32 with D.4 and D2.11: the turretless sM8 tank at C3, one hexspine outside its VCA 0: the CA
    change's Case A (NT, one hexspine: +3 on the demo chart) and BU +1 make DRM +4, so a DR of 4 fires it and
    5 does not. Fired, the hull turns to hexspine 1 and, in its own MPh, the turn's 1 MP (Open Ground, D2.11)
    is spent with the sM's 1 MP: 2 MP; not fired, the VCA never changed and nothing is spent."""
    pos = nt_tank(make_position, tmp_path)
    assert "smoke a-v at C3" in [pos.action_text(a) for a in pos.legal_actions]
    pos.push_text("smoke a-v at C3")
    top = pos.decision
    assert top is not None and top.then == "vsmoke" and top.arg("drm") == "4"
    pos.push_text(f"answer dice {dice}")
    pass_reactions(pos)
    tank = pos.units["a-v"]
    assert ("C3" in smoke_at(pos)) is placed
    assert tank.facing == (1 if placed else 0)
    assert armour.spent_of(tank) == (Fraction(2) if placed else 0)


def test_d13_32_an_immobile_turretless_tank_fires_its_sm_inside_its_vca_only(
        make_position: Any, tmp_path: Path) -> None:
    """D13.32 with D.7, D8.5: a bogged turretless tank cannot turn its hull: C3 is refused, E5 (in its VCA)
    still offered."""
    pos = nt_tank(make_position, tmp_path, "bogged")
    offered = [pos.action_text(a) for a in pos.legal_actions]
    assert "smoke a-v at E5" in offered and "smoke a-v at C3" not in offered
    with pytest.raises(IllegalAction, match=r"immobile"):
        pos.push_text("smoke a-v at C3")
