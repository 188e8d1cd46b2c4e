"""D15.7 in play (motocapture.py): a motorcycle has no crew of its own, so it is not captured as a vehicle
is (A21.2's capture of an Abandoned AFV passes it by); it is recovered as a SW (A4.44: in the MPh for 1 MF,
in the RPh; a final dr below 6 succeeds) and used with no captured penalty. The demo catalogue's motorcycle
(demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import mphsw, vcapture
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
COUNTERS["mc"] = {"type": "vehicle", "vehicle": "demo-moto-g"}


def cycle(make_position: Any, *extra: dict[str, Any], phase: str = "MPh") -> Position:
    units = [{"id": "b-mc", "counter": "mc", "side": "b", "hex": "F8", "markers": ["vca0"]},
             {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "F8"},
             {"id": "b-sq", "counter": "4-4-7r", "side": "b", "hex": "L1"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def texts(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions]


@pytest.mark.parametrize(("dr", "taken"), [(5, True), (6, False)])
def test_d15_7_recovered_as_a_sw_in_the_mph(make_position: Any, dr: int, taken: bool) -> None:
    """D15.7, A4.44: the German squad spends 1 MF and rolls the recovery dr: below 6 the Russian motorcycle
    is German, with no captured marker (no restriction on its use), and the squad may mount it."""
    pos = cycle(make_position)
    assert "transfer b-mc to a-sq" in texts(pos)  # offered on the page
    pos.push_text("transfer b-mc to a-sq")
    assert pos.decision is not None and pos.decision.then == "recover_sw"
    assert mphsw.spent_before(pos.units["a-sq"]) == 1
    pos.push_text(f"answer dice {dr}")
    mc = pos.units["b-mc"]
    assert (mc.side == "a") is taken and not mc.has("captured")
    res = pos.last_resolution
    assert res is not None and res.results["b-mc"] == ("recovered" if taken else "-")
    if taken:
        pos.game.check(pos, pos.parse_action("load a-sq into b-mc"))


def test_d15_7_recovered_in_the_rph(make_position: Any) -> None:
    """D15.7, A4.44: in the RPh the recovery is the unit's one action."""
    pos = cycle(make_position, phase="RPh")
    assert "transfer b-mc to a-sq" in texts(pos)
    pos.push_text("transfer b-mc to a-sq")
    pos.push_text("answer dice 1")
    assert pos.units["b-mc"].side == "a"


def test_d15_7_only_a_riderless_enemy_motorcycle(make_position: Any) -> None:
    """D15.7: a ridden motorcycle is not recovered; a friendly one needs none (its riders mount it)."""
    ridden = cycle(make_position, {"id": "b-r", "counter": "4-4-7r", "side": "b", "hex": "F8",
                                   "carrier": "b-mc"})
    with pytest.raises(IllegalAction, match="has riders"):
        ridden.game.check(ridden, ridden.parse_action("transfer b-mc to a-sq"))
    own = cycle(make_position, {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "F8"}, phase="RPh")
    with pytest.raises(IllegalAction, match="already b's"):
        own.game.check(own, own.parse_action("transfer b-mc to b-2"))


def test_d15_7_not_captured_as_a_vehicle(make_position: Any) -> None:
    """D15.7: A21.2's end-of-CCPh capture of an Abandoned AFV does not take a motorcycle, even one marked
    abandoned, with only enemy infantry in its Location."""
    pos = cycle(make_position)
    state = pos.state.with_unit(pos.units["b-mc"].mark("abandoned"))
    assert vcapture.end_of_ccph(state).units["b-mc"].side == "b"
