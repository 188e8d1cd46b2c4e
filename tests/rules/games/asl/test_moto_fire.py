"""Motorcycle riders' own fire (D15.6) and a motorcycle entering an enemy Location (D15.43), played through
the game's apply. Numbers from the text: a sidecar rider's FP halved for riding fire (a 4 FP squad fires 2),
one LMG for two SMC, none from a cycle without sidecars; an OVR by a sidecar as an unarmored vehicle's (base 1
FP, D7.11) plus a quarter of its riders' FP tripled (TPBF): a 4 FP squad adds 3."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import moto
from hexmate.rules.games.asl import units as au


def counters() -> dict[str, Any]:
    out = {name: dict(v) for name, v in au.demo_catalogue().items()}
    out["mc"] = {"type": "vehicle", "vehicle": "demo-moto-g"}
    out["sc"] = {"type": "vehicle", "vehicle": "demo-moto-sc-g"}
    out["sc3"] = {"type": "vehicle", "vehicle": "demo-moto-sc3-g"}
    out["pz"] = {"type": "vehicle", "vehicle": "demo-pz-g"}
    return out


def riding(make_position: Any, cycle: str, *aboard: tuple[str, str], phase: str = "PFPh",
           extra: tuple[dict[str, Any], ...] = ()) -> Position:
    units = [{"id": "g-mc", "counter": cycle, "side": "a", "hex": "C3", "markers": ["vca0"]},
             *({"id": uid, "counter": c, "side": "a", "hex": "C3", "carrier": "g-mc"} for uid, c in aboard),
             {"id": "r-1", "counter": "4-4-7r", "side": "b", "hex": "C5"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=counters())
    return pos


def test_d15_6_riders_of_a_cycle_without_sidecars_never_fire(make_position: Any) -> None:
    """D15.6: the riders of a cycle (no sidecars) fire neither on the IFT (nor in CC)."""
    pos = riding(make_position, "mc", ("g-sq", "4-6-7"))
    assert "fire g-sq at C5" not in [a.text(pos.label) for a in pos.legal_actions]
    with pytest.raises(IllegalAction, match=r"without sidecars"):
        pos.game.check(pos, pos.parse_action("fire g-sq at C5"))


def test_d15_6_sidecar_riders_fire_halved(make_position: Any) -> None:
    """D15.6: a squad on squad-size sidecars fires 4 FP halved for riding fire: the 2 FP column."""
    pos = riding(make_position, "sc3", ("g-sq", "4-6-7"))
    pos.push_text("fire g-sq at C5 dice 5,6")
    res = pos.last_resolution
    assert res is not None
    text = res.text()
    assert "4 FP x1/2 rider: mounted fire (D15.6) = 2 FP" in text
    assert "2 FP -> 2 column" in text


def test_d15_6_a_sidecar_lmg_needs_two_smc(make_position: Any) -> None:
    """D15.6: of SW a sidecar uses a LMG, and only with two SMC aboard it."""
    lmg = {"id": "g-lmg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "g-h1"}
    one = riding(make_position, "sc", ("g-h1", "1-4-9"), extra=(lmg,))
    with pytest.raises(IllegalAction, match=r"two SMC"):
        one.game.check(one, one.parse_action("fire g-lmg at C5"))
    two = riding(make_position, "sc", ("g-h1", "1-4-9"), ("g-h2", "1-4-9"), extra=(lmg,))
    two.game.check(two, two.parse_action("fire g-lmg at C5"))
    mmg = {"id": "g-mmg", "counter": "MMG", "side": "a", "hex": "C3", "carrier": "g-h1"}
    big = riding(make_position, "sc", ("g-h1", "1-4-9"), ("g-h2", "1-4-9"), extra=(mmg,))
    with pytest.raises(IllegalAction, match=r"only a LMG or a thrown DC"):
        big.game.check(big, big.parse_action("fire g-mmg at C5"))


def test_d15_43_a_cycle_passes_through_an_enemy_location(make_position: Any) -> None:
    """D15.43: a ridden cycle (no sidecars) may move through a hex of enemy infantry: no OVR, no extra MP
    (road 1/2 MP a hex, D15.41's example rate, plus the start)."""
    from .test_moto import at, settle, squad

    enemy = {"id": "b-hs", "counter": "2-3-7", "side": "b", "hex": "F7"}
    pos = at(make_position, squad(), enemy)
    pos.push_text("load a-sq into a-mc")
    settle(pos)
    assert pos.game.check(pos, pos.parse_action("move a-mc F8-F7-F6")).cost == 2  # start 1 + 2 x 1/2
    pos.push_text("move a-mc F8-F7-F6")
    seen = []
    while pos.decision is not None and pos.decision.kind in ("react", "choose", "hexes", "roll"):
        seen.append(pos.decision.then)
        assert pos.decision.then != "vovr"
        settle(pos)
        if pos.decision is not None and pos.decision.kind == "roll":
            break
    assert pos.units["a-mc"].hex == pos.map.parse_label("F6") and pos.units["b-hs"].hex is not None


def test_d15_43_a_sidecar_overruns_with_a_quarter_of_its_riders_fp(make_position: Any) -> None:
    """D15.43 with D7.1, D7.11: squad sidecars entering a hex of enemy infantry overrun it like an unarmored
    vehicle: the entry plus a quarter of the MPA (28: 7 MP); OVR FP 1 plus the 4-6-7's 4 FP x1/4 x3 = 3."""
    from .test_moto import at, settle, squad

    enemy = {"id": "b-hs", "counter": "2-3-7", "side": "b", "hex": "F7"}
    pos = at(make_position, squad(), enemy, counter="sc3")
    pos.push_text("load a-sq into a-mc")
    settle(pos)
    assert pos.game.check(pos, pos.parse_action("move a-mc F8-F7")).cost == 1 + Fraction(1, 2) + 7
    pos.push_text("move a-mc F8-F7")
    for _ in range(10):
        if pos.decision is None or pos.decision.then == "vovr":
            break
        settle(pos)
        if pos.decision is not None and pos.decision.kind == "roll" and pos.decision.then != "vovr":
            pytest.fail(f"unexpected roll {pos.decision.then}")
    top = pos.decision
    assert top is not None and top.then == "vovr" and top.arg("base") == "1" and top.arg("fp") == "4"
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert res is not None and "a-sq: 4 FP x1/4 (passenger or rider) x3 TPBF = 3" in res.text()


def test_d15_43_dismounting_beside_a_known_enemy_only_in_melee(make_position: Any) -> None:
    """D15.43 [EXC: Melee, A11.71]: riders in Melee may dismount where a known enemy is."""
    from .test_moto import at, settle, squad

    pos = at(make_position, squad(), {"id": "b-hs", "counter": "2-3-7", "side": "b", "hex": "F8"})
    pos.push_text("load a-sq into a-mc")
    settle(pos)
    with pytest.raises(IllegalAction, match="known enemy unit"):
        pos.game.check(pos, pos.parse_action("unload a-mc"))
    melee = pos.at(pos.state.with_unit(pos.units["a-sq"].mark("melee")))
    melee.game.check(melee, melee.parse_action("unload a-mc"))


def test_d15_43_a_sidecar_may_ride_through_without_an_overrun(make_position: Any) -> None:
    """D15.43's "may": the same squad sidecars declared ``as through`` pass the enemy hex with no OVR: its
    entry only (start 1 + road 1/2, no quarter of the MPA), no OVR attack, and on beyond. D7.1's own "may"
    lets any vehicle do the same (test_overrun.py); a unit that is no vehicle is refused."""
    from .test_moto import at, settle, squad

    enemy = {"id": "b-hs", "counter": "2-3-7", "side": "b", "hex": "F7"}
    pos = at(make_position, squad(), enemy, counter="sc3")
    pos.push_text("load a-sq into a-mc")
    settle(pos)
    move = pos.game.check(pos, pos.parse_action("move a-mc F8-F7-F6 as through"))
    assert move.cost == 1 + Fraction(1, 2) * 2
    pos.push_text("move a-mc F8-F7-F6 as through")
    for _ in range(20):
        if pos.decision is None:
            break
        assert pos.decision.then != "vovr"
        if pos.decision.kind == "roll":
            pytest.fail(f"unexpected roll {pos.decision.then}")
        settle(pos)
    assert pos.units["a-mc"].hex == pos.map.parse_label("F6") and pos.units["b-hs"].hex is not None
    tank = riding(make_position, "pz", phase="MPh")
    tank.game.check(tank, tank.parse_action("move g-mc C3-C4 as through"))  # D7.1
    with pytest.raises(IllegalAction, match=r"D7\.1"):
        moto.check_through(tank.units["r-1"])


def _dc(make_position: Any, *smc: str, motion: bool = False) -> Position:
    dc = {"id": "g-dc", "counter": "DC", "side": "a", "hex": "C3", "carrier": "g-h1"}
    enemy = {"id": "r-2", "counter": "4-4-7r", "side": "b", "hex": "C4"}
    pos = riding(make_position, "sc", *((uid, "1-4-9") for uid in smc), extra=(dc, enemy))
    if motion:
        pos = pos.at(pos.state.with_unit(pos.units["g-mc"].mark("motion")))
    return pos


def test_d15_6_a_sidecar_throws_a_dc_with_two_smc(make_position: Any) -> None:
    """D15.6: a sidecar's SW are a LMG or a thrown DC, and with two SMC aboard. A23.6's thrown DC: 30 FP at
    +2 on the adjacent Location (DR 6 -> Final DR 8), then the thrower's own at +3 with its own DR (DR 8 ->
    11), which there falls on the riders (D15.5: -1 on the IFT as non-ordnance fire: Final DR 10)."""
    one = _dc(make_position, "g-h1")
    with pytest.raises(IllegalAction, match=r"two SMC"):
        one.game.check(one, one.parse_action("fire g-dc at C4"))
    pos = _dc(make_position, "g-h1", "g-h2")
    pos.push_text("fire g-dc at C4 dice 3,3")
    res = pos.last_resolution
    assert res is not None
    text = res.text()
    assert "thrown DC: +2 (A23.6)" in text and "final DR 8" in text and set(res.results) == {"r-2"}
    while pos.decision is not None and pos.decision.then != "dc_thrower":
        pos.push_text("answer dice 1,1")  # r-2's MC: passed
    pos.push_text("answer dice 4,4")
    res = pos.last_resolution
    assert res is not None
    ift = pos.charts.chart("ift")
    assert "thrower's own Location: +3 (A23.6)" in res.text()
    ridden = str(ift.lookup(fp=30, final_dr=10))
    assert res.results == {"g-h1": ridden, "g-h2": ridden}
    assert "g-mc" not in res.results  # D15.5: never the cycle itself


def test_a23_6_a_dc_thrown_from_a_sidecar_in_motion(make_position: Any) -> None:
    """A23.6: thrown from a vehicle in Motion, +3 on the target Location (and +4 on the thrower's)."""
    pos = _dc(make_position, "g-h1", "g-h2", motion=True)
    pos.push_text("fire g-dc at C4 dice 3,3")
    res = pos.last_resolution
    assert res is not None and "thrown DC: +3 (A23.6)" in res.text() and "final DR 9" in res.text()
