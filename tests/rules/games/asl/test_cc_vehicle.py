"""ASL Close Combat in a Location holding a vehicle (A11.31, A11.34, A11.4): sequential, the side not owning
the vehicle first with one attack, then one attack a side in turn, each applied before the reply; a
successful ambush there lets the ambusher make all its attacks first (T-11.34); the ambush drm of a side with
a vehicle (the A11 comprehensive example, H3)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import cc, ccgroups

COUNTERS: dict[str, Any] = {
    "4-6-7": {"type": "squad", "fp": 4, "range": 6, "morale": 7, "broken_morale": 8},
    "4-4-7": {"type": "squad", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
    "5-4-8": {"type": "squad", "fp": 5, "range": 4, "morale": 8, "broken_morale": 8},
    "6-2-8": {"type": "squad", "fp": 6, "range": 2, "morale": 8, "broken_morale": 8},
    "hero": {"type": "hero", "fp": 1, "morale": 9, "broken_morale": 9},
    "pz": {"type": "vehicle", "vehicle": "demo-pz-g"},
    "t": {"type": "vehicle", "vehicle": "demo-t-r"},
}


def _u(uid: str, counter: str, side: str, hex_: str = "J5", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _pos(make_position: Any, units: list[dict[str, Any]], phase: str = "CCPh", **kw: Any) -> Position:
    pos: Position = make_position("asl", units, phase, counters=COUNTERS, **kw)
    return pos


def test_a11_31_the_side_not_owning_the_vehicle_attacks_first_and_results_apply_before_the_reply(
    make_position: Any,
) -> None:
    """A11.31, A11.3: Russian T-34 and 4-4-7 against two German 4-6-7 in J5: the Germans (not owning it) make
    one attack, 4:4 = 1:1 (A11.11, KN 5); its DR 3 eliminates the 4-4-7 before it may reply; then the
    Germans' second squad may attack the tank in its turn."""
    pos = _pos(make_position, [_u("b-t", "t", "b", markers=["vca3"]), _u("b-sq", "4-4-7", "b"),
                               _u("a-1", "4-6-7", "a"), _u("a-2", "4-6-7", "a")])
    assert cc.locations(pos) == [pos.units["b-t"].hex]
    assert ccgroups.seq_order(pos) == ("a", "b")
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "a" and "b-t" in top.units
    pos.push_text("answer units a-1,b-sq")  # one attack only: the turn passes after it
    top = pos.decision
    assert top is not None and top.then == "cc" and top.side == "a"
    pos.push_text("answer dice 1,2")
    res = pos.state.resolution
    assert res is not None and res.results == {"b-sq": "KIA"}
    assert "b-sq" not in pos.units  # applied at once: no simultaneous reply (A11.3)
    top = pos.decision  # b has no unit left to attack: its turn passes; a's second squad may take the tank
    assert top is not None and top.then == "cc_group" and top.side == "a" and top.units == ("a-2", "b-t")
    pos.push_text("answer units a-2,b-t")
    top = pos.decision
    assert top is not None and top.then == "vcc" and top.rule == "A11.5"
    pos.push_text("answer dice 6,6")  # no effect
    assert pos.decision is None or pos.decision.then != "cc_group"


def test_a11_31_turns_alternate_one_attack_each(make_position: Any) -> None:
    """A11.31: with a German 4-6-7 and a Russian 4-4-7 beside a Russian tank, the Germans attack first; both
    miss (DR 9 at 1:1, KN 5); then the Russian replies with its one attack, then each side passes."""
    pos = _pos(make_position, [_u("b-t", "t", "b", markers=["vca3"]), _u("b-sq", "4-4-7", "b"),
                               _u("a-1", "4-6-7", "a")])
    sides = []
    for answer in ("answer units a-1,b-sq", "answer dice 4,5", "answer units b-sq,a-1", "answer dice 4,5"):
        top = pos.decision
        assert top is not None
        sides.append((top.then, top.side))
        pos.push_text(answer)
    assert sides == [("cc_group", "a"), ("cc", "a"), ("cc_group", "b"), ("cc", "b")]
    res = pos.state.resolution
    assert res is not None and res.results == {"a-1": "-"}
    assert pos.units["a-1"].has("melee") and pos.units["b-sq"].has("melee")  # A11.15


def test_t_11_34_an_ambush_in_a_location_with_a_vehicle_lets_the_ambusher_attack_first(
    make_position: Any,
) -> None:
    """T-11.34 (A11.34, A11.32 over A11.31): two German 4-6-7 advance into a woods hex holding a CE Russian
    T-34 and a concealed 4-4-7; the Russians ambush (German dr 6; Russian dr 1 - 2 concealed + 2 vehicle,
    A11.4), so they, the vehicle's owners, make all their attacks first, where A11.31 alone would have had
    the Germans attack first. The next CCPh, in Melee, is sequential again, the Germans first."""
    units = [_u("b-t", "t", "b", "E5", markers=["vca3", "ce"]),
             _u("b-sq", "4-4-7", "b", "E5", concealed=True),
             _u("a-1", "4-6-7", "a", "E4"), _u("a-2", "4-6-7", "a", "E4")]
    pos = _pos(make_position, units, "APh", hexes={"E5": "woods"})
    pos.push_text("advance a-1,a-2 E4-E5")
    pos.push_text("end")
    e5 = pos.units["b-t"].hex
    assert cc.ambush_drm(pos, e5, "b")[0] == 0  # -2 concealed, +2 vehicle, no BU AFV (A11.4)
    pos.push_text("answer dice 6")  # German dr 6
    pos.push_text("answer dice 1")  # Russian final 1: 3 or more below: the Russians ambush
    assert pos.state.game.cc_ambusher == "b" and not ccgroups.sequential(pos)
    while pos.decision is not None and pos.decision.then == "cc_ambush_withdraw":
        pos.push_text("answer stay")
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "b"
    pos.push_text("answer units b-sq,a-1")
    top = pos.decision  # the ambusher's attack is rolled before the Germans designate anything (A11.32)
    assert top is not None and top.then == "cc" and top.side == "b"
    pos.push_text("answer dice 4,5")  # 4:4, KN 5, -1 ambush: 8, no effect
    top = pos.decision
    assert top is not None and top.then == "cc_group" and top.side == "a"
    # the next CCPh: the same Location in Melee, no ambush: one attack each, the Germans first (A11.31)
    melee = [_u("b-t", "t", "b", "E5", markers=["vca3", "ce"]),
             _u("b-sq", "4-4-7", "b", "E5", markers=["melee"]),
             _u("a-1", "4-6-7", "a", "E5", markers=["melee"])]
    nxt = _pos(make_position, melee, hexes={"E5": "woods"})
    while nxt.decision is not None and nxt.decision.then == "cc_withdraw":
        nxt.push_text("answer stay")
    top = nxt.decision
    assert top is not None and top.then == "cc_group" and top.side == "a" and ccgroups.sequential(nxt)


def test_a11_comprehensive_example_h3_ambush_drm_of_the_german_side(make_position: Any) -> None:
    """A11 comprehensive example, H3: a BU PzV with a German 5-4-8 and a hero advancing into a wooden
    building held by a Russian 6-2-8 and 4-4-7: Russian drm 0; German +2 (vehicle +2, BU +1, stealthy hero
    -1, A11.4, A11.17)."""
    units = [_u("a-pz", "pz", "a", "H3", markers=["vca0"]), _u("a-sq", "5-4-8", "a", "H3"),
             _u("a-h", "hero", "a", "H3"), _u("b-1", "6-2-8", "b", "H3"), _u("b-2", "4-4-7", "b", "H3")]
    pos = _pos(make_position, units, hexes={"H3": "wooden-building"})
    h3 = pos.units["a-pz"].hex
    assert cc.ambush_drm(pos, h3, "a")[0] == 2
    assert cc.ambush_drm(pos, h3, "b")[0] == 0
    assert ccgroups.seq_order(pos) == ("b", "a")  # H3: the Russians, not owning the PzV, go first (A11.31)
