"""A7.307: small arms at an AFV alone do nothing to it but may leave Residual FP (A8.2, A8.26, A8.23), played
through the game (afvresid.py). The numbers are the text's: A8.26 turns a 6 Residual into 4 with one +1 DRM
from outside the target hex and into 2 with +2; the A8.23 example's 4-6-7 and MMG fire 9 FP and, keeping
the MMG's ROF, leave the squad's 2. Analogue: the firers at B4, a wreck at E5 (a +1 hindrance, the LOS
through it as in test_mgafv.py), the BU PzKpfw entering F4 from G4 in the German (b) MPh."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position
from hexmate.rules.games.asl import residual as rfp

COUNTERS: dict[str, Any] = {
    "7-4-7": {"type": "squad", "fp": 7, "range": 4, "morale": 7, "broken_morale": 7},
    "4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8},
    "HMG": {"type": "sw", "sw": "mg", "nationality": "american", "fp": 6, "range": 12, "rof": 2,
            "breakdown": 12, "repair": 2, "pp": 4},
    "MMG": {"type": "sw", "sw": "mg", "nationality": "american", "fp": 5, "range": 12, "rof": 2,
            "breakdown": 12, "repair": 2, "pp": 3},
    "FT": {"type": "sw", "sw": "ft", "fp": 24, "range": 1, "pp": 2},
    "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
}


def make(make_position: Any, *extra: dict[str, Any], wreck: bool = True, cx: bool = False,
         squad: str = "7-4-7", mg: str = "HMG") -> Position:
    units = [
        {"id": "a-sq", "counter": squad, "side": "a", "hex": "B4", "markers": ["cx"] if cx else []},
        {"id": "a-mg", "counter": mg, "side": "a", "hex": "B4", "carrier": "a-sq"},
        {"id": "b-pz", "counter": "pz", "side": "b", "hex": "G4", "markers": ["vca3"]},
        {"id": "b-sq", "counter": "4-6-7", "side": "b", "hex": "F3"},
        *([{"id": "b-w", "counter": "t", "side": "b", "hex": "E5", "markers": ["wreck"]}] if wreck else []),
        *extra,
    ]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, first_side="b")
    return pos


def lines(pos: Position) -> list[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(x.label), str(x.value), x.rule) for x in res.lines]


def left(pos: Position) -> dict[str, int]:
    return {pos.label(r.hex): r.fp for r in rfp.residuals(pos.state)}


@pytest.mark.parametrize(("wreck", "cx", "residual"), [(False, False, 6), (True, False, 4), (True, True, 2)])
def test_a8_26_the_12_column_at_a_bu_tank_leaves_6_4_or_2(make_position: Any, wreck: bool, cx: bool,
                                                         residual: int) -> None:
    """A7.307, A8.2, A8.26: the 7-4-7 and its HMG (7 + 6 = 13 FP, the 12 column) First Fire at the BU
    PzKpfw that has just entered F4: no effect on it, but half the 12 column, 6, is left as Residual FP;
    one column lower (4) for the wreck's +1 hindrance, two (2) with the CX firer's +1 too. Coloured dr 3
    is above the HMG's ROF 2, so the whole attack leaves it (A8.23)."""
    pos = make(make_position, wreck=wreck, cx=cx)
    pos.push_text("move b-pz G4-F4")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "a"
    assert pos.parse_action("fire a-sq at F4") in pos.legal_actions
    pos.push_text("fire a-sq,a-mg at F4 dice 4,3")
    said = "13 FP -> 12 column: no effect on b-pz, an armored target; it may leave Residual FP"
    assert ("IFT vs armored vehicles", said, "A7.307") in lines(pos)
    assert left(pos) == {"F4": residual}
    assert not any(pos.units["b-pz"].has(m) for m in ("stunned", "shocked", "immobilized", "wreck"))


def test_a8_23_example_keeping_the_mmg_rof_leaves_the_squads_2(make_position: Any) -> None:
    """A8.23 example with A7.307: a 4-6-7 and its MMG fire 9 FP (the 8 column) at the tank; coloured dr 2
    keeps the MMG's ROF, so the squad's 4 FP alone leave 2 Residual FP; its owner is asked whether to give
    the ROF up for the whole attack's 4 (half the 8 column)."""
    pos = make(make_position, wreck=False, squad="4-6-7", mg="MMG")
    pos.push_text("move b-pz G4-F4")
    pos.push_text("fire a-sq,a-mg at F4 dice 4,2")
    assert ("IFT vs armored vehicles", "9 FP -> 8 column: no effect on b-pz, an armored target; it may leave "
            "Residual FP", "A7.307") in lines(pos)
    assert left(pos) == {"F4": 2}
    top = pos.decision
    assert top is not None and top.then == "rof_residual" and top.arg("whole") == "4"
    pos.push_text("answer residual")
    assert left(pos) == {"F4": 4}


def test_a8_2_the_infantry_entering_after_the_tank_meet_its_residual(make_position: Any) -> None:
    """A8.2, A8.22: the Residual 4 left at the tank's hex attacks the German squad that enters F4 after it
    in the same MPh (A8.222: it never touches the tank itself)."""
    pos = make(make_position)
    pos.push_text("move b-pz G4-F4")
    pos.push_text("fire a-sq,a-mg at F4 dice 4,3")
    while pos.decision is not None:
        kind = pos.decision.kind
        pos.push_text({"hexes": "answer keep"}.get(kind, "answer pass"))
    assert left(pos) == {"F4": 4}
    pos.push_text("move b-sq F3-F4")
    top = pos.decision
    assert top is not None and top.then == "residual" and top.arg("fp") == "4"
    assert top.subject == ("b-sq",)


def test_a8_221_a_broken_down_mg_leaves_no_residual(make_position: Any) -> None:
    """A8.221: the HMG's B12 on an Original DR of 12: no Residual FP from the attack."""
    pos = make(make_position)
    pos.push_text("move b-pz G4-F4")
    pos.push_text("fire a-sq,a-mg at F4 dice 6,6")
    assert pos.units["a-mg"].has("malfunctioned")
    assert left(pos) == {}


def test_a7_307_a8_2_refused_where_no_residual_can_be_left(make_position: Any) -> None:
    """A7.307, A8.2: the same fire at the tank sitting in F4 in the Prep Fire Phase does nothing and leaves
    nothing: refused; in the MPh, at the tank that is not moving, A8.1 has no target either."""
    prep = make_position("asl", [
        {"id": "a-sq", "counter": "7-4-7", "side": "a", "hex": "B4"},
        {"id": "b-pz", "counter": "pz", "side": "b", "hex": "F4", "markers": ["vca3"]},
    ], "PFPh", counters=COUNTERS, first_side="a")
    with pytest.raises(IllegalAction) as err:
        prep.push_text("fire a-sq at F4 dice 4,3")
    assert err.value.rule == "A7.307"
    assert prep.parse_action("fire a-sq at F4") not in prep.legal_actions
    pos = make(make_position, {"id": "b-pz2", "counter": "pz", "side": "b", "hex": "C6", "markers": ["vca3"]})
    pos.push_text("move b-pz G4-F4")
    with pytest.raises(IllegalAction) as err:
        pos.push_text("fire a-sq at C6 dice 4,3")
    assert err.value.rule == "A7.307"


def test_d7_2_the_overrun_locations_infantry_wait_for_reaction_fire(make_position: Any) -> None:
    """D7.2: the tank overruns the 4-6-7 in F4; that squad attacks it only by Reaction Fire after the OVR,
    so it may not First Fire there even for Residual FP."""
    pos = make(make_position, {"id": "a-in", "counter": "4-6-7", "side": "a", "hex": "F4"}, wreck=False)
    pos.push_text("move b-pz G4-F4")
    top = pos.decision
    assert top is not None and top.kind == "react"
    with pytest.raises(IllegalAction) as err:
        pos.push_text("fire a-in at F4 dice 4,3")
    assert err.value.rule == "D7.2"


def test_a7_307_a_ft_at_an_afv_is_the_texts_exception(make_position: Any) -> None:
    """A7.307, A22.34: a FT attacks an AFV on chapter C's To Kill table (not built), not for Residual FP."""
    pos = make(make_position, {"id": "a-ft", "counter": "FT", "side": "a", "hex": "E4", "carrier": "a-ft-sq"},
               {"id": "a-ft-sq", "counter": "4-6-7", "side": "a", "hex": "E4"}, wreck=False)
    pos.push_text("move b-pz G4-F4")
    with pytest.raises(IllegalAction, match="own rules") as err:
        pos.push_text("fire a-ft-sq,a-ft at F4 dice 4,3")
    assert err.value.rule == "A7.307"
