"""Which hindrances a Fire Lane's attack takes as DRMs (A9.222) and the SMOKE of a Residual's own Location
(A8.2), in play on the test board: a MMG in C6 lays its lane along the C row to C1, and a squad entering C1
is attacked by it with grain, an orchard or nothing in C3 between them. Counters from the demo catalogue, the
IFT from the demo pack (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import residual as rfp
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _lane_to_c1(make_position: Any, c3: str) -> Any:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C7"},
             {"id": "b-2", "counter": "4-6-7", "side": "b", "hex": "C6"},
             {"id": "b-mmg", "counter": "MMG", "side": "b", "hex": "C6", "carrier": "b-2"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"C3": c3} if c3 != "open" else {})
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-mmg at C2")
    pos.push_text("answer lane")
    pos.push_text("answer none")
    pos.push_text("answer dice 6,5")  # no effect whatever lies in C3
    while pos.decision.then != "lane_place":
        pos.push_text("answer pass")
    pos.push_text("answer hex C1")
    assert [pos.label(h) for h in rfp.lanes(pos)[0].hexes] == ["C5", "C4", "C3", "C2", "C1"]
    while pos.decision is not None:
        pos.push_text("answer pass")
    return pos


@pytest.mark.parametrize(("c3", "drm", "said"), [
    ("grain", "-1", "SMOKE, grain or brush on the lane: no DRM, but no FFMO: +0 (A9.222)"),
    ("orchard", "+0", "LOS hindrance from the MG: +1 (A9.222)"),
    ("open", "-2", "moving in Open Ground (FFMO): -1 (A4.6)"),
])
def test_a9_222_grain_on_the_lane_is_no_drm_but_cancels_ffmo(make_position: Any, c3: str, drm: str,
                                                             said: str) -> None:
    """A9.222: the lane's attack on a-2 entering C1 (Open Ground): grain in C3 is no DRM but cancels FFMO
    (FFNAM -1 alone); an orchard's hindrance (demo +1) is a DRM and cancels FFMO too (A4.6); with nothing
    between, FFNAM and FFMO -2."""
    pos = _lane_to_c1(make_position, c3)
    pos.push_text("move a-2 B1-C1")
    top = pos.decision
    assert (top.then, top.arg("kind"), top.arg("fp")) == ("residual", "lane", "2")
    pos.push_text("answer dice 4,3")
    text = pos.last_resolution.text()
    assert said in text and f"Final DR: 7 {drm} = {7 + int(drm)}" in text
    assert ("FFMO" in text.replace("but no FFMO", "")) is (c3 == "open")
    assert ("LOS hindrance from the MG" in text) is (c3 == "orchard")


def test_a8_2_the_smoke_of_the_residuals_own_location_is_a_drm(make_position: Any) -> None:
    """A8.2: a Residual attack takes the SMOKE hindrance of its Location as a DRM (grenade SMOKE +2, A24.5),
    which also cancels FFMO (A4.6): a-2 entering C2 after a-3's grenade there: 2 FP, Original 5, +2 -1 FFNAM:
    Final 6, PTC on the 2 column."""
    counters = {**COUNTERS, "4-6-7s": {**COUNTERS["4-6-7"], "smoke": 2}}
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "B1"},
             {"id": "a-3", "counter": "4-6-7s", "side": "a", "hex": "B2"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=counters)
    pos.push_text("move a-1 C1-C2")
    pos.push_text("fire b-1 at C2 dice 6,5")  # leaves Residual 2 in C2
    pos.push_text("answer pass")
    pos.push_text("smoke a-3 at C2")  # adjacent, 2 MF
    pos.push_text("answer dice 1")
    while pos.decision is not None:
        pos.push_text("answer pass")
    pos.push_text("move a-2 B1-C2")
    assert pos.decision.then == "residual"
    pos.push_text("answer dice 3,2")
    text = pos.last_resolution.text()
    assert "SMOKE: +2 (A8.2)" in text and "FFMO" not in text
    assert "2 FP -> 2 column, final DR 6 -> PTC" in text
