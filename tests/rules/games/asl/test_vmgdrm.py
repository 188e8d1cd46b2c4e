"""The DRMs of any IFT attack in a vehicle's MG fire (D3.5 with A5.12, A5.131, A7.23, D9.3, D9.4), shown as
cited lines of the resolution, played through the game's actions. Counters: test_armour's demo tanks (BMG 2,
CMG 2: demo values); the DRMs are the text's."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position

from .test_armour import COUNTERS


def make(make_position: Any, phase: str, *extra: dict[str, Any], **kw: Any) -> Position:
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]},
             {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "E5"}, *extra]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, **kw)
    return pos


def resolved(pos: Position) -> list[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return [(str(line.label), str(line.value), line.rule) for line in res.lines]


def ift(pos: Position) -> list[str]:
    return [v for k, v, _ in resolved(pos) if k == "IFT"]


def test_d93_wreck_in_the_target_hex_plus_one(make_position: Any) -> None:
    """D9.3: infantry in the Location of a wreck, with no other positive TEM, take +1 TEM against the MGs:
    4 FP, DR 4+3 = 7 + 1 = Final DR 8 on the 4 column."""
    pos = make(make_position, "PFPh", {"id": "b-w", "counter": "t", "side": "b", "hex": "E5",
                                       "markers": ["vca3", "wreck"]})
    pos.push_text("fire a-pz at E5")
    pos.push_text("answer dice 4,3")
    assert ("wreck in the target's hex (D9.3, D10.3)", "+1", "D9.3") in resolved(pos)
    assert ift(pos)[0].startswith("4 FP -> 4 column, final DR 8")


def test_d93_friendly_afv_cover_only_without_other_positive_tem(make_position: Any) -> None:
    """D9.3: a friendly stopped AFV in the squad's hex gives +1 in the open; in woods (+1 TEM) it gives none
    (the AFV TEM counts only without another positive TEM). The named MGs fire at the infantry (D3.5)."""
    tank = {"id": "b-t", "counter": "t", "side": "b", "hex": "E5", "markers": ["vca3"]}
    pos = make(make_position, "PFPh", tank)
    pos.push_text("fire a-pz.bmg,a-pz.cmg at E5")
    pos.push_text("answer dice 4,3")
    assert ("b-t in the target's hex (D9.3)", "+1", "D9.3") in resolved(pos)
    woods = make(make_position, "PFPh", tank, hexes={"E5": {"terrain": "woods"}})
    woods.push_text("fire a-pz.bmg,a-pz.cmg at E5")
    woods.push_text("answer dice 4,3")
    assert not any(rule == "D9.3" for _, _, rule in resolved(woods))


def test_target_overstacked_minus_one(make_position: Any) -> None:
    """A5.131: four squads in the target Location are one squad-equivalent over the limit of three: -1 on the
    IFT DR: DR 4+4 = 8 - 1 = 7."""
    more = [{"id": f"b-sq{i}", "counter": "4-4-7", "side": "b", "hex": "E5"} for i in range(3)]
    pos = make(make_position, "PFPh", *more)
    pos.push_text("fire a-pz at E5")
    pos.push_text("answer dice 4,4")
    assert ("target overstacked by 1 squad-equivalent(s)", "-1", "A5.131") in resolved(pos)
    assert ift(pos)[0].startswith("4 FP -> 4 column, final DR 7")


def test_firer_overstacked_plus_one(make_position: Any) -> None:
    """A5.12, A5.2: two friendly vehicles in the firing Location are one over the vehicle limit of one: +1."""
    pos = make(make_position, "PFPh", {"id": "a-pz2", "counter": "pz", "side": "a", "hex": "C5",
                                       "markers": ["vca0"]})
    pos.push_text("fire a-pz at E5")
    pos.push_text("answer dice 4,4")
    said = "firing Location over the stacking limit by 1 (vehicles, squad-equivalents)"
    assert (said, "+1", "A5.12") in resolved(pos)


def test_concealed_targets_take_area_fire(make_position: Any) -> None:
    """A7.23: against concealed units the FP is halved (Area Fire): a known and a concealed squad in E5 take
    the same DR on the 4 and the 2 columns."""
    pos = make(make_position, "PFPh", {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "E5",
                                       "concealed": True})
    pos.push_text("fire a-pz at E5")
    pos.push_text("answer dice 6,5")
    lines = ift(pos)
    assert lines[0].startswith("4 FP -> 4 column, final DR 11")
    assert lines[1].startswith("2 FP -> 2 column, final DR 11")
    assert any(rule == "A7.23" for _, _, rule in resolved(pos))


def test_a5_13_bounding_fire_at_units_not_moving_has_no_overstack_drm(make_position: Any) -> None:
    """A5.13: in the MPh the defensive overstack penalty is the moving units' only: the tank's Bounding First
    Fire at four squads that are not moving has no -1 (A5.131 gives it in the PFPh, above)."""
    more = [{"id": f"b-sq{i}", "counter": "4-4-7", "side": "b", "hex": "E5"} for i in range(3)]
    pos = make(make_position, "MPh", *more)
    pos.push_text("fire a-pz at E5")
    pos.push_text("answer dice 4,4")
    assert not any(rule == "A5.131" for _, _, rule in resolved(pos))


def test_a5_3_passengers_count_for_no_overstack(make_position: Any) -> None:
    """A5.3, A5.131: three squads on the ground and a fourth aboard a halftrack in E5: the Location is not
    overstacked (PRC count for nothing), so infantry fire at it has no -1."""
    ground = [{"id": f"b-sq{i}", "counter": "4-4-7", "side": "b", "hex": "E5"} for i in range(2)]
    ht = {"id": "b-ht", "counter": "ht", "side": "b", "hex": "E5", "markers": ["vca0"]}
    aboard = {"id": "b-p", "counter": "4-4-7", "side": "b", "hex": "E5", "carrier": "b-ht"}
    firer = {"id": "a-sq", "counter": "4-6-7", "side": "a", "hex": "C5"}
    pos = make(make_position, "PFPh", *ground, ht, aboard, firer)
    pos.push_text("fire a-sq at E5")
    while pos.decision is not None and pos.decision.kind == "roll":
        pos.push_text("answer dice 4,4")
        break
    assert not any(rule == "A5.131" for _, _, rule in resolved(pos))
