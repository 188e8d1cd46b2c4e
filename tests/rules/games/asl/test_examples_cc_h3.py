"""The A11 comprehensive Close Combat example (p. A33), case H3, played through in the CCPh on an analogue
board: H3 a wooden building hex; the German PzV bypasses it (VBM), and the Russian 6-2-8 and 4-4-7 inside the
building fought it by CC Reaction Fire in the German MPh (D7.21), so the Location already holds both sides,
not yet in Melee. The German 5-4-8 and a hero advance in from H2. Vehicles from the analogue catalogue of
test_cc_vehicle (PzV: CMG 5), infantry from the demo catalogue; Kill Numbers from the demo CCT (1:1 -> 5,
fixed by the examples)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games import Position
from hexmate.rules.games.asl import units as au

from .test_cc_vehicle import _catalogue

SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def _h3(make_position: Any, tmp_path: Any) -> Position:
    counters: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
    # the PzV's sN (A11.622): its usage number a demo value (the example needs 7 or more)
    counters["pz5"] = {"type": "vehicle", "vehicle": "pz5", "catalogue": _catalogue(tmp_path), "sn": 8}
    counters["hero"] = {"type": "hero", "nationality": "german", "fp": 1, "morale": 9, "broken_morale": 9}
    units = [{"id": "a-pz", "counter": "pz5", "side": "a", "hex": "H3", "markers": ["vca0", "byp0"]},
             {"id": "b-1", "counter": "6-2-8", "side": "b", "hex": "H3"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "H3"},
             {"id": "a-sq", "counter": "5-4-8", "side": "a", "hex": "H2"},
             {"id": "a-h", "counter": "hero", "side": "a", "hex": "H2"}]
    pos: Position = make_position("asl", units, "APh", counters=counters, sides=SIDES,
                                  hexes={"H3": "wooden-building"})
    pos.push_text("advance a-sq,a-h H2-H3")
    pos.push_text("end")
    return pos


def _lines(pos: Position) -> set[tuple[str, str, str]]:
    res = pos.last_resolution
    assert res is not None
    return {(str(line.label), str(line.value), line.rule) for line in res.lines}


def test_a11_comprehensive_h3_played_through(make_position: Any, tmp_path: Any) -> None:
    """A11 comprehensive example, H3. Ambush drs 3 and 3: German final 5 (vehicle +2, BU +1, stealthy hero
    -1), Russian 3: no ambush (A11.4). Sequential (a vehicle, A11.31): the Russians, not owning it, first: the
    6-2-8 attacks the 5-4-8 and the hero with him at 1:1 (6:6), Original 8: no effect. The 5-4-8 and the hero
    reply on the 6-2-8 at 1:1 with -1 (hero, A15.24); Original 2 eliminates it and brings Leader Creation
    (A18.12): dr 4, -1 German, -1 morale 8: final 2, an 8-0, who joins the attack (7:6, still 1:1, same
    result); the Germans infiltrate out (A11.22). The 4-4-7 then attacks the PzV: CCV 5, -1 Street Fighting
    ambush (the PzV bypasses the building it is in, A11.8); Original 6: final 5 = CCV: immobilized, and no
    Immobilization TC. The PzV's sN (A11.622): Original DR 7, not above its usage number, 16 FP with no DRM:
    a 2MC on the 4-4-7, which passes (DR 4). Then the PzV's
    CMG, 5 FP, attacks the 4-4-7's CCV 5 at 1:1 with +1 (Street Fighting); Original 12: the CMG malfunctions
    (A9.7) and the 4-4-7 may infiltrate out too. The Germans go to H2, the 4-4-7 to H4; the immobile PzV is in
    no Melee."""
    pos = _h3(make_position, tmp_path)
    pos.push_text("answer dice 3")
    pos.push_text("answer dice 3")
    lines = _lines(pos)
    assert {("ambush dr (a)", "5", "A11.4"), ("ambush dr (b)", "3", "A11.4"),
            ("ambush", "none", "A11.4")} <= lines
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "b")
    pos.push_text("answer units b-1,a-sq,a-h")
    pos.push_text("answer dice 4,4")
    lines = _lines(pos)
    assert ("odds", "6:6, rounded down to 1:1", "A11.11") in lines
    assert ("Final DR against a-sq", "8: -", "A11.11") in lines
    top = pos.decision  # its infantry attacked, the BU PzV may fire its sN already (A11.622)
    assert top is not None and (top.then, top.side) == ("cc_group", "a") and top.choices == ("done", "sn")
    pos.push_text("answer units a-sq,a-h,b-1")
    top = pos.decision
    assert top is not None and top.choices == ("capture",)
    pos.push_text("answer dice 1,1")
    assert ("hero (a-h)", "-1", "A15.24") in _lines(pos)
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("cc_leader", "a", "A18.12")
    pos.push_text("answer dice 4")
    lines = _lines(pos)
    assert {("nationality (german)", "-1", "A18.2"), ("morale 8 or more", "-1", "A18.2"),
            ("final dr", "2", "A18.2"), ("odds", "7:6, rounded down to 1:1", "A11.11"),
            ("Final DR against b-1", "1: KIA", "A11.11")} <= lines
    created = pos.units["a-created1"]
    assert created.name == "8-0" and created.hex == pos.units["a-pz"].hex
    top = pos.decision
    assert top is not None and top.then == "cc_infiltrate"
    assert set(top.subject) == {"a-sq", "a-h", "a-created1"}
    pos.push_text("answer infiltrate")
    assert "b-1" not in pos.units
    top = pos.decision  # the 4-4-7's turn: the German infantry has left, so it can only take the PzV
    assert top is not None and (top.then, top.side, top.units) == ("cc_group", "b", ("b-2", "a-pz"))
    pos.push_text("answer units b-2,a-pz")
    top = pos.decision
    assert top is not None and top.then == "vcc" and (top.arg("ccv"), top.arg("drm")) == ("5", "-1")
    pos.push_text("answer dice 3,3")
    assert pos.units["a-pz"].has("immobilized")
    top = pos.decision  # no Immobilization TC: straight to the PzV's turn
    assert top is not None and (top.then, top.side) == ("cc_group", "a") and "sn" in top.choices
    pos.push_text("answer sn")
    top = pos.decision
    assert top is not None and (top.then, top.rule) == ("cc_sn", "A11.622")
    pos.push_text("answer dice 3,4")
    lines = _lines(pos)
    assert ("sN attack", "16 FP -> 16 column, final DR 7 -> 2MC", "A11.622") in lines
    top = pos.decision
    assert top is not None and (top.then, top.subject, top.arg("drm")) == ("mc", ("b-2",), "2")
    pos.push_text("answer dice 1,3")  # 4 + 2 = 6, below morale 7: passed (7 would have pinned it, A7.8)
    assert not pos.units["b-2"].has("broken") and not pos.units["b-2"].has("pinned")
    top = pos.decision
    assert top is not None and (top.then, top.choices) == ("cc_sn_done", ("done",))
    pos.push_text("answer done")
    top = pos.decision  # the PzV's side designates again; its sN is spent
    assert top is not None and (top.then, top.side, top.choices) == ("cc_group", "a", ("done",))
    pos.push_text("answer units a-pz,b-2")
    top = pos.decision
    assert top is not None and top.choices == ()  # a vehicle never tries to capture (A20.22)
    pos.push_text("answer dice 6,6")
    lines = _lines(pos)
    assert {("odds", "5:5, rounded down to 1:1", "A11.11"), ("Street Fighting ambush", "+1", "A11.8"),
            ("Final DR against b-2", "13: -", "A11.11")} <= lines
    assert pos.units["a-pz"].has("cmg_malf")
    top = pos.decision
    assert top is not None and (top.then, top.side, top.subject) == ("cc_infiltrate", "b", ("b-2",))
    pos.push_text("answer infiltrate")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_withdraw_to", "a")
    pos.push_text("answer hex H2")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_withdraw_to", "b")
    pos.push_text("answer hex H4")
    for uid in ("a-sq", "a-h", "a-created1"):
        assert pos.label(pos.units[uid].hex) == "H2" and not pos.units[uid].has("melee"), uid
    assert pos.label(pos.units["b-2"].hex) == "H4"
    pz = pos.units["a-pz"]
    assert not pz.has("melee") and pz.has("immobilized")
    # with its CMG out, the PzV's next CC attack has no CC FP from it (its AAMG needs CE): 0 FP
    from hexmate.rules.games.asl import cc

    attack, _, _ = cc.strengths(pos, pz.hex, "a", ([pz], [pos.units["b-2"]]))
    assert attack == 0


def test_a11_622_no_sn_before_its_side_is_attacked(make_position: Any, tmp_path: Any) -> None:
    """A11.622: the sN fires only after the AFV or the infantry with it has been attacked in this CCPh (or
    after an ambush by its side): the Russians passing their turn, the German turn offers no sN."""
    pos = _h3(make_position, tmp_path)
    pos.push_text("answer dice 3")
    pos.push_text("answer dice 3")
    pos.push_text("answer done")  # the Russians make no attack in their turn
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("cc_group", "a") and top.choices == ("done",)
