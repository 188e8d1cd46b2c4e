"""D6.61 (with D5.31, D6.62): fire from a height advantage greater than the range at an armored halftrack's
passengers (vheight.py): BU passengers reached at the +2 CE DRM less one per full level beyond the range
(never below 0), CE passengers' DRM reduced the same way, BU passengers firing back only at such a firer,
and BU passengers making no CC attack. The text gives no worked example: the numbers are built from its
sentence (a 4-4-7 three hexes from the halftrack; levels as named in each test) on the demo IFT."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import mounted, vheight

from .test_mounted import MORE


def make(make_position: Any, phase: str, level: int, *, markers: tuple[str, ...] = ("bu",),
         side: str = "a", extra: tuple[dict[str, Any], ...] = ()) -> Position:
    """a's demo halftrack with a 4-6-7 aboard in C5 (level 0); b's 4-4-7 in F5 (range 3) at ``level``."""
    units = [
        {"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"},
        *extra,
    ]
    pos: Position = make_position("asl", units, phase, counters=MORE, first_side=side,
                                  hexes={"F5": {"level": level}} if level else None)
    return pos


def _labels(pos: Position) -> list[str]:
    res = pos.last_resolution
    assert res is not None
    return [str(line.label) for line in res.lines] + [str(line.value) for line in res.lines]


def test_d6_61_excess_and_ce_drm_from_the_sentence(make_position: Any) -> None:
    """D6.61: range 3; advantage 3 is not greater than the range; 4 is one level beyond (+1), 5 two (0), 6
    three (still 0: the minimum)."""
    for level, over, drm in ((3, 0, 2), (4, 1, 1), (5, 2, 0), (6, 3, 0)):
        pos = make(make_position, "PFPh", level, side="b")
        firer, vehicle = pos.units["b-sq"], pos.units["a-v"]
        assert firer.hex is not None
        assert vheight.excess_of(pos, firer, firer.hex, vehicle) == over
        assert vheight.ce_drm(over) == drm


def test_d6_61_bu_passengers_are_no_target_without_the_advantage(make_position: Any) -> None:
    """D6.61: from level 3 at range 3 the BU halftrack's passengers are reached only through the vehicle."""
    pos = make(make_position, "PFPh", 3, side="b")
    pos.push_text("fire b-sq at C5 dice 1,1")
    res = pos.last_resolution
    assert res is not None and res.results == {} and "D6.61" not in " ".join(_labels(pos))


def test_d6_61_bu_passengers_reached_from_a_height_advantage_beyond_the_range(make_position: Any) -> None:
    """D6.61: b's 4-4-7 at level 4, range 3 (one level beyond): the BU passengers are attacked at CE DRM +1;
    DR 1,2 = 3 +1 = 4 on the 4 FP column (demo IFT)."""
    pos = make(make_position, "PFPh", 4, side="b")
    pos.push_text("fire b-sq at C5 dice 1,2")
    said = " ".join(_labels(pos))
    assert "BU passengers of a-v, reached from a height advantage beyond the range (CE DRM 1, D6.61)" in said
    res = pos.last_resolution
    assert res is not None and "a-sq" in res.results
    assert any(str(line.value).startswith("3 +1 = 4") for line in res.lines if line.rule == "A7.3")


def test_d5_31_ce_passengers_drm_reduced_by_height(make_position: Any) -> None:
    """D5.31, D6.61: CE passengers and the crew of the open-topped halftrack, fired at from level 5 at range 3
    (two levels beyond): CE DRM 0 in place of +2; from level 3 (not beyond), +2."""
    pos = make(make_position, "PFPh", 5, markers=(), side="b")
    pos.push_text("fire b-sq at C5 dice 1,2")
    said = _labels(pos)
    assert any("CE DRM 0: 2 level(s) of height advantage beyond the range, D6.61" in s for s in said)
    assert any("crew exposed from a height advantage beyond the range: CE DRM 0" in s for s in said)
    pos = make(make_position, "PFPh", 3, markers=(), side="b")  # not beyond the range: +2 as ever
    pos.push_text("fire b-sq at C5 dice 1,2")
    said = _labels(pos)
    assert "FP vs CE units aboard a-v (+2 CE DRM)" in said
    assert any("CE crew: +2 CE DRM" in s for s in said)


def test_d6_61_bu_passengers_fire_back_only_at_such_a_firer(make_position: Any) -> None:
    """D6.61, D6.62 (LOS reciprocity): the BU passengers fire at b's 4-4-7 at level 4 (range 3), and are
    offered that fire; at level 3 they may not."""
    pos = make(make_position, "PFPh", 4)
    assert pos.parse_action("fire a-sq at F5") in pos.legal_actions
    pos.push_text("fire a-sq at F5 dice 3,4")
    assert pos.last_resolution is not None
    pos = make(make_position, "PFPh", 3)
    with pytest.raises(IllegalAction, match="buttoned-up"):
        pos.push_text("fire a-sq at F5")
    assert not any(a.text(pos.label).startswith("fire a-sq") for a in pos.legal_actions)


def test_d6_61_bu_passengers_make_no_cc_attack(make_position: Any) -> None:
    """D6.61: an enemy 4-4-7 in the halftrack's hex in the CCPh: a CE passenger may attack, a BU one not."""
    enemy = ({"id": "b-cc", "counter": "4-4-7", "side": "b", "hex": "C5"},)
    for markers, offered in (((), True), (("bu",), False)):
        pos = make(make_position, "CCPh", 0, markers=markers, extra=enemy)
        assert mounted.bu_passenger(pos, pos.units["a-sq"]) is not offered
        pos.push_text("answer done")  # b designates first here (A11.31) and passes
        top = pos.decision
        assert top is not None and top.side == "a"
        units = top.units if top is not None else ()
        assert ("a-sq" in units) is offered


def test_d5_311_a_bu_ot_crew_is_exposed_from_a_height_advantage_beyond_the_range(make_position: Any) -> None:
    """D5.311, D6.61: the halftrack BU, fired at from level 4 at range 3 (one beyond): its crew is exposed
    all the same, at CE DRM +1, and takes the results as infantry (D5.311); from level 3 it is not reached."""
    pos = make(make_position, "PFPh", 4, side="b")
    pos.push_text("fire b-sq at C5 dice 1,2")
    res = pos.last_resolution
    assert res is not None
    crew = [line for line in res.lines if str(line.label) == "a-v's crew"]
    assert crew and crew[0].rule == "D5.311" and "CE DRM 1" in str(crew[0].value)
    pos = make(make_position, "PFPh", 3, side="b")
    pos.push_text("fire b-sq at C5 dice 1,2")
    assert not any(str(line.label) == "a-v's crew" for line in _res(pos).lines)


def _res(pos: Position) -> Any:
    res = pos.last_resolution
    assert res is not None
    return res


def test_d5_311_fire_at_a_lone_bu_halftrack_from_above(make_position: Any) -> None:
    """D.8, D5.311, D6.61: a BU halftrack with nobody aboard: small arms from level 3 at range 3 reach no
    crew and are refused (A7.307: nor is Residual FP left outside the MPh, A8.2); from level 4 its crew is
    reached at CE DRM +1 (D5.311)."""
    units = [{"id": "a-v", "counter": "ht", "side": "a", "hex": "C5", "markers": ["vca0", "bu"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"}]
    for level, allowed in ((3, False), (4, True)):
        pos: Position = make_position("asl", units, "PFPh", counters=MORE, first_side="b",
                                      hexes={"F5": {"level": level}})
        if not allowed:
            with pytest.raises(IllegalAction) as err:
                pos.push_text("fire b-sq at C5 dice 1,2")
            assert err.value.rule == "A7.307"
            assert pos.parse_action("fire b-sq at C5") not in pos.legal_actions
            continue
        assert pos.parse_action("fire b-sq at C5") in pos.legal_actions
        pos.push_text("fire b-sq at C5 dice 1,2")
        crew = [line for line in _res(pos).lines if str(line.label) == "a-v's crew"]
        assert crew and crew[0].rule == "D5.311" and "CE DRM 1" in str(crew[0].value)
