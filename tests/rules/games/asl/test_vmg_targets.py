"""Infantry fire at the infantry aboard an AFV (D5.31, D6.61, D6.62, D6.23): an armored halftrack's CE
passengers take the +2 CE DRM, its BU passengers are not reached, riders take no CE DRM. Demo counters."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position

from .test_mounted import MORE


def make(make_position: Any, vehicle: str, *markers: str) -> Position:
    units = [
        {"id": "a-v", "counter": vehicle, "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"},
    ]
    pos: Position = make_position("asl", units, "DFPh", counters=MORE)
    return pos


def lines(pos: Position) -> list[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(x.label), str(x.value), x.rule) for x in res.lines]


def test_d5_31_ce_halftrack_passengers_take_plus_two(make_position: Any) -> None:
    """D6.6, D6.62/D5.31: an armored halftrack's passengers may be CE, and CE they are fired on: Original DR 7
    +2 CE DRM = Final DR 9 on the 4 column (the open hex has no TEM to compare)."""
    pos = make(make_position, "ht")
    pos.push_text("fire b-sq at C5 dice 3,4")
    got = [v for label, v, _ in lines(pos) if label.startswith("IFT vs CE units aboard a-v")]
    assert got and "final DR 9" in got[0], lines(pos)


def test_d6_61_bu_halftrack_passengers_are_not_reached(make_position: Any) -> None:
    """D6.6, D6.61: BU armored-halftrack passengers have the AFV's protection against small arms: they are
    attacked only through the halftrack, so the squad's fire at the hex has no result for them."""
    pos = make(make_position, "ht", "bu")
    pos.push_text("fire b-sq at C5 dice 1,1")
    res = pos.last_resolution
    assert res is not None and "a-sq" not in res.results


def test_d6_23_riders_take_no_ce_drm(make_position: Any) -> None:
    """D6.23: riders are always exposed and get nothing for CE: Original DR 7, no +2."""
    pos = make(make_position, "pz", "ce")
    pos.push_text("fire b-sq at C5 dice 3,4")
    assert not any("CE units aboard" in label for label, _, _ in lines(pos))
    res = pos.last_resolution
    assert res is not None and "a-sq" in res.results


def _carrier(tmp_path: Any, *, open_topped: bool) -> dict[str, Any]:
    """An armored tracked carrier that is no halftrack (the demo PzKpfw given passenger capacity)."""
    import json
    from pathlib import Path

    src = Path(__file__).parents[4] / "rules" / "games" / "asl" / "catalogues" / "demo-vehicles.json"
    data = json.loads(src.read_text(encoding="utf-8"))
    data["vehicles"]["demo-pz-g"].update(passengers=10, open_topped=open_topped)
    path = Path(tmp_path) / "carrier.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return {"type": "vehicle", "vehicle": "demo-pz-g", "catalogue": str(path)}


def _carried(make_position: Any, counter: dict[str, Any], *markers: str) -> Position:
    units = [
        {"id": "a-v", "counter": "cx", "side": "a", "hex": "C5", "markers": ["vca0", *markers]},
        {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5", "carrier": "a-v"},
        {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "F5"},
    ]
    pos: Position = make_position("asl", units, "DFPh", counters={**MORE, "cx": counter})
    return pos


def test_d9_1_ce_passengers_of_an_open_topped_carrier_take_plus_two(make_position: Any,
                                                                   tmp_path: Any) -> None:
    """D9.1, D5.31: the CE passengers of an OT AFV that is no halftrack are targets at +2: Original DR 7 +2 =
    Final 9 on the 4 column; BU, they are reached only through the vehicle (D9.1, D6.61)."""
    pos = _carried(make_position, _carrier(tmp_path, open_topped=True))
    pos.push_text("fire b-sq at C5 dice 3,4")
    got = [v for label, v, _ in lines(pos) if label.startswith("IFT vs CE units aboard a-v")]
    assert got and "final DR 9" in got[0], lines(pos)
    res = pos.last_resolution
    assert res is not None and "a-sq" in res.results
    pos = _carried(make_position, _carrier(tmp_path, open_topped=True), "bu")
    pos.push_text("fire b-sq at C5 dice 1,1")
    res = pos.last_resolution
    assert res is not None and "a-sq" not in res.results


def test_d9_1_passengers_of_a_closed_top_afv_are_not_exposed(make_position: Any, tmp_path: Any) -> None:
    """D9.1: only an OT AFV's passengers go CE; a CT AFV's (CE here: its crew is the target) are not
    reached."""
    pos = _carried(make_position, _carrier(tmp_path, open_topped=False), "ce")
    pos.push_text("fire b-sq at C5 dice 3,4")
    res = pos.last_resolution
    assert res is not None and "a-sq" not in res.results
