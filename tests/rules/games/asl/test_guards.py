"""Guards (A20.5, A20.51, A20.53): a guard squad deploying at any time, whatever its nationality, its
prisoners shared between the two HS; a prisoner squad split into two prisoner HS; prisoners going with their
guard; a broken guard still guarding; a guard gone, his prisoners taken over within what the others can hold.
Counters from the demo catalogue (demo values) on an open test map."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import prisoners
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},
         {"id": "b", "name": "Russians", "nationality": "russian"}]


def held(uid: str, counter: str, guard: str, hex_: str = "C2") -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": uid[0], "hex": hex_, "markers": ["prisoner"],
            "carrier": guard}


def test_a10_rout_example_g1_the_russian_guard_squad_deploys_at_once(make_position: Any) -> None:
    """The A10 rout example (German rout, G1; A20.5, A25.2): a broken German squad cornered beside a Russian
    squad surrenders to it after leaving its LMG; the Russian guard may deploy at once, although Russian
    squads do not deploy otherwise. It becomes two 2-2-7r HS; the captor names the new HS as the prisoner's
    guard."""
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1"}]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, sides=SIDES, first_side="b")
    pos.push_text("end")  # the RtPh: the German surrenders (A20.21)
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("surrender", "b")
    pos.push_text("answer units b-1")
    top = pos.decision
    assert top is not None and (top.then, top.side, top.rule) == ("guard_deploy", "b", "A20.5")
    assert top.choices == ("deploy", "keep")
    pos.push_text("answer deploy")
    assert pos.units["b-1"].name == "2-2-7r" and pos.units["b-1.2"].name == "2-2-7r"
    assert pos.units["b-1.2"].hex == pos.units["b-1"].hex
    top = pos.decision
    assert top is not None and (top.then, top.rule, top.units) == ("guard_split", "A20.5", ("a-1",))
    pos.push_text("answer units a-1")
    assert pos.units["a-1"].carrier == "b-1.2" and pos.units["a-1"].has("prisoner")
    assert pos.units["a-mg"].carrier is None  # A20.24: left behind


def test_a_guard_that_keeps_its_squad(make_position: Any) -> None:
    """A20.5: deploying is the guard's choice: ``keep`` leaves the squad whole, the prisoner with it."""
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]}]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, sides=SIDES, first_side="b")
    pos.push_text("end")
    pos.push_text("answer units b-1")
    pos.push_text("answer keep")
    assert pos.units["b-1"].name == "4-4-7r" and "b-1.2" not in pos.units
    assert pos.units["a-1"].carrier == "b-1"


def test_a11_comprehensive_g2_g3_the_captor_deploys_and_one_hs_guards(make_position: Any) -> None:
    """A11 comprehensive example, G2->G3, its end: having captured a Russian HS, the German 4-6-7 deploys
    into two 2-4-7 HS (A20.5), one of which takes the prisoner; the survivors are in Melee (A11.15). Played
    from the advance into the building (the same dice as test_examples_cc's case); the CCPh ends with its
    last CC, so the Germans deploy at their next chance to act, the Russian RPh (at any time, A20.5)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "E4"},
             {"id": "b-1", "counter": "4-2-6", "side": "b", "hex": "E5"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES, hexes={"E5": "stone-building"})
    pos.push_text("advance a-1 E4-E5")
    pos.push_text("end")
    for answer in ("answer dice 3", "answer dice 2", "answer capture", "answer dice 3,3", "answer dice 4,5"):
        pos.push_text(answer)
    assert pos.units["b-1.2"].carrier == "a-1" and pos.units["a-1"].has("melee")
    assert pos.phase.id == "RPh" and pos.decision is None
    pos.push_text("end")  # the Russians' part of their RPh; then the Germans' (A3.1)
    assert pos.to_act == "a"
    assert "activate a-1 for deploy" in {a.text() for a in pos.legal_actions}
    pos.push_text("activate a-1 for deploy")
    assert pos.units["a-1"].name == "2-4-7" and pos.units["a-1.2"].name == "2-4-7"
    assert pos.units["a-1.2"].has("melee")  # the HS is the squad: still in Melee
    pos.push_text("answer units b-1.2")
    assert pos.units["b-1.2"].carrier == "a-1.2"
    assert not prisoners.prisoners_of(pos, "a-1")


def test_who_may_deploy(make_position: Any) -> None:
    """A20.5: only a guard deploys at will, and not when broken; the side acting deploys its own."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2", "markers": ["broken"]},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "a-3", "counter": "4-6-7", "side": "a", "hex": "C5"},
             held("b-1", "4-4-7r", "a-1"), held("b-2", "4-4-7r", "a-2")]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match="broken guard does not deploy") as e:
        pos.push_text("activate a-1 for deploy")
    assert e.value.rule == "A20.5"
    with pytest.raises(IllegalAction, match="guards no prisoners"):
        pos.push_text("activate a-3 for deploy")
    legal = {a.text() for a in pos.legal_actions}
    assert "activate a-2 for deploy" in legal and "activate a-1 for deploy" not in legal
    pos.push_text("activate a-2 for deploy")
    pos.push_text("answer none")  # the prisoner stays with the HS that keeps the id
    assert pos.units["b-2"].carrier == "a-2" and pos.units["a-2.2"].name == "2-4-7"


def test_a20_51_a_prisoner_squad_split_into_two_prisoner_hs(make_position: Any) -> None:
    """A20.51, the other way round from two HS into a squad: the captor splits an unarmed squad into two HS,
    both still his guard's prisoners; not the prisoners' side, and not in Melee."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"}, held("b-1", "4-4-7r", "a-1"),
             {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "H5"}]
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("activate b-1 for deploy")
    for uid in ("b-1", "b-1.2"):
        unit = pos.units[uid]
        assert unit.name == "2-2-7r" and unit.has("prisoner") and unit.carrier == "a-1", uid
    melee = [{**units[0], "markers": ["melee"]}, held("b-1", "4-4-7r", "a-1"), units[2]]
    pos = make_position("asl", melee, "APh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match="in Melee with its prisoners"):
        pos.push_text("activate b-1 for deploy")
    theirs = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES, first_side="b")
    with pytest.raises(IllegalAction, match="captor swaps"):
        theirs.push_text("activate b-1 for deploy")


def test_a20_53_prisoners_go_with_the_hs_that_guards_them(make_position: Any) -> None:
    """A20.53 after a deployment: each HS's prisoners move with it as one stack, and only with it."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"}, held("b-1", "4-4-7r", "a-1"),
             held("b-2", "4-4-7r", "a-1"), {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "H8"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, sides=SIDES)
    pos.push_text("activate a-1 for deploy")
    pos.push_text("answer units b-2")
    pos.push_text("move a-1.2 C2-D2")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert pos.label(pos.units["b-2"].hex) == "D2" and pos.label(pos.units["b-1"].hex) == "C2"


def test_a_broken_guard_still_guards_and_routs_with_them(make_position: Any) -> None:
    """A20.5: any armed unit guards, a broken one too; A20.53: the prisoners rout only with him."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2", "markers": ["broken"]},
             held("b-1", "4-4-7r", "a-1"), {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, sides=SIDES,
                        hexes={"C1": "woods", "B1": "woods", "D1": "woods"})
    pos.push_text("end")
    top = pos.decision
    assert top is not None and top.then in ("rout", "rout_leader") and top.subject == ("a-1",)
    assert pos.units["b-1"].carrier == "a-1"
    pos.push_text(f"answer hex {pos.label(top.hexes[0])}")
    assert pos.units["b-1"].hex == pos.units["a-1"].hex == top.hexes[0]


def test_a20_5_a_guard_gone_the_others_take_what_they_can_hold(make_position: Any) -> None:
    """A20.5, A20.51: the guard eliminated, another armed unit there takes his prisoners at once, within five
    times its US# (a HS: 10, so three squads of 3); the fourth squad, which no one can hold, is no longer
    guarded: unarmed, its owner's to move."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             {"id": "a-2", "counter": "2-4-7", "side": "a", "hex": "C2"},
             *(held(f"b-{i}", "4-4-7r", "a-1") for i in range(1, 5))]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)
    state = prisoners.follow(pos.state.without_unit("a-1"))
    taken = [u for u in state.units.values() if u.carrier == "a-2"]
    assert len(taken) == 3 and all(u.has("prisoner") for u in taken)
    (free,) = [u for u in state.units.values() if u.side == "b" and u.carrier is None]
    assert free.has("unarmed") and not free.has("prisoner")


def test_a20_51_prisoners_do_not_overstack_their_side_in_cc(make_position: Any) -> None:
    """A20.51: overstacking ignores prisoners: three Russian squads and four Russian prisoner squads held by a
    German squad in C2 are not an overstack of the Russians in its Close Combat (A5.12, A5.131)."""
    from hexmate.rules.games.asl import cc

    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
             *(held(f"b-p{i}", "4-4-7r", "a-1") for i in range(1, 5)),
             *({"id": f"b-{i}", "counter": "4-4-7r", "side": "b", "hex": "C2"} for i in range(1, 4))]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)
    c2 = pos.units["a-1"].hex
    assert cc._overstack(pos, c2, "b") == 0


def test_a20_5_a_guard_abandons_a_prisoner_like_a_sw(make_position: Any) -> None:
    """A20.5, A20.53: in his side's RPh or APh a guard not in Melee with them may drop his prisoners like a
    SW: the prisoner is Unarmed where it stands, no longer guarded; not in his MPh, nor in Melee."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"}, held("b-1", "4-4-7r", "a-1"),
             {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "H8"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match="RPh or APh") as e:
        pos.push_text("drop b-1")
    assert e.value.rule == "A20.5"
    melee = [{**units[0], "markers": ["melee"]}, *units[1:]]
    pos = make_position("asl", melee, "APh", counters=COUNTERS, sides=SIDES)
    with pytest.raises(IllegalAction, match="in Melee with its prisoners"):
        pos.push_text("drop b-1")
    pos = make_position("asl", units, "APh", counters=COUNTERS, sides=SIDES)
    pos.push_text("drop b-1")
    b1 = pos.units["b-1"]
    assert b1.has("unarmed") and not b1.has("prisoner") and b1.carrier is None and pos.label(b1.hex) == "C2"


def test_a20_5_at_any_time_the_guard_deploys_in_the_enemy_phase(make_position: Any) -> None:
    """A20.5 ("at any time", whatever the phase): the Russian guard squad holds a German prisoner in the
    German AFPh, where only the Germans act; the deployment is the Russians' own action (listed on their page
    only, taken out of turn): it becomes two 2-2-7r HS, the prisoner then shared (A20.51), and the AFPh goes
    on with the Germans. A broken guard squad is not offered it."""
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"},
             {"id": "b-2", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["broken"]},
             held("a-9", "4-6-7", "b-1"), held("a-8", "4-6-7", "b-2", "C3"),
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C5"}]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, sides=SIDES)
    assert pos.to_act == "a"
    legal = {a.text(): a for a in pos.legal_actions}
    assert "activate b-1 for deploy" in legal and "activate b-2 for deploy" not in legal
    assert pos.game.secret_of(pos, legal["activate b-1 for deploy"]) == "b"
    pos.push_text("activate b-1 for deploy")
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("guard_split", "b")
    pos.push_text("answer units a-9")
    assert pos.units["b-1"].name == "2-2-7r" and pos.units["b-1.2"].name == "2-2-7r"
    assert pos.units["a-9"].carrier == "b-1.2"
    assert pos.decision is None and pos.phase.id == "AFPh" and pos.to_act == "a"


def test_a20_5_a_guard_deploys_in_a_defensive_first_fire_window(make_position: Any) -> None:
    """A20.5 in the enemy's MPh: when the German squad enters a hex in view, the Russian guard may deploy in
    the Defensive First Fire window (A8.1) and the window stays open for its fire or pass; any other
    activation there is refused, and so is the moving side's deployment of its moving guard."""
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"},
             held("a-9", "4-6-7", "b-1"),
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C6"}, held("b-8", "4-4-7r", "a-1", "C6")]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, sides=SIDES)
    pos.push_text("move a-1 C6-C5")
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b"
    assert "activate b-1 for deploy" in {a.text() for a in pos.legal_actions}
    pos.push_text("activate b-1 for deploy")
    pos.push_text("answer none")
    assert pos.units["b-1"].name == "2-2-7r" and pos.units["b-1.2"].name == "2-2-7r"
    assert pos.units["a-9"].carrier == "b-1"
    top = pos.decision
    assert top is not None and top.kind == "react" and top.side == "b"
    for other in ("activate b-1 for search", "activate a-1 for deploy"):
        with pytest.raises(IllegalAction, match="first answer the open decision"):
            pos.push_text(other)
    assert {"fire b-1 at @3,3", "fire b-1.2 at @3,3"} & {a.text() for a in pos.legal_actions}



def test_a20_551_a_guard_surrendering_rearms_its_prisoners(make_position: Any) -> None:
    """A20.551, its last sentence: the broken German squad guarding a Russian squad surrenders in the RtPh
    to the Russian squad beside it (A20.21); the Russian prisoner in its Location is no longer guarded and
    rearms at once as a same-size Conscript squad of its nationality (4-2-6), where it stands. Its German
    guard is now the prisoner of the Russian squad."""
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             held("b-9", "4-4-7r", "a-1", "C3")]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, sides=SIDES, first_side="b")
    pos.push_text("end")  # the RtPh: the German surrenders (A20.21)
    top = pos.decision
    assert top is not None and (top.then, top.side) == ("surrender", "b")
    pos.push_text("answer units b-1")
    freed = pos.units["b-9"]
    assert freed.name == "4-2-6" and freed.carrier is None
    assert not freed.has("prisoner") and not freed.has("unarmed")
    assert pos.label(freed.hex) == "C3"
    assert pos.units["a-1"].carrier == "b-1" and pos.units["a-1"].has("prisoner")


def test_a20_551_refused_surrender_rearms_no_one(make_position: Any) -> None:
    """A20.551 asks for a surrender to an armed unit: refused (No Quarter, A20.3) the German is eliminated
    and his prisoner is not rearmed by this sentence (no surrender took place)."""
    units = [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C2"},
             {"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             held("b-9", "4-4-7r", "a-1", "C3")]
    pos = make_position("asl", units, "AFPh", counters=COUNTERS, sides=SIDES, first_side="b")
    pos.push_text("end")
    pos.push_text("answer refuse")
    assert "a-1" not in pos.units
    assert pos.units["b-9"].name == "4-4-7r"


def test_a20_53_prisoners_go_off_the_map_with_their_guard(make_position: Any) -> None:
    """A20.53: a guard may take his prisoners off the map (here through the scenario's exit hex, L4): the
    Russian prisoner leaves with the German 4-6-7 instead of being left behind Unarmed; the guard is no
    casualty (A26.221), the prisoner counts as a unit off the map, eliminated for the Germans' CVP (a
    4-4-7 squad: 2 VP, A26.211)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "K4"}, held("b-9", "4-4-7r", "a-1", "K4"),
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "A1"}]
    exit_ = {"victory": {"exit": {"side": "a", "hexes": ["L4", "L5"], "vp": 4}}}
    pos = make_position("asl", units, "MPh", options=exit_, counters=COUNTERS, sides=SIDES)
    pos.push_text("move a-1 K4-L4 as exit")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    assert "a-1" not in pos.units and "b-9" not in pos.units
    status = pos.game.status(pos)
    assert "a: 2 CVP (A26.22)" in status and "b: 0 CVP (A26.22)" in status


def test_a20_53_an_abandoned_prisoner_eliminated_by_the_abandoning_side_is_a_massacre(
        make_position: Any) -> None:
    """A20.53: the German guard abandons his Russian prisoner in the German RPh (``drop``, A20.5); the two
    German squads move two hexes away in the MPh and fire at it in the AFPh with an Original DR of 2, which
    eliminates it: that is a massacre at once (A20.4): the Germans have massacred (the Russians' ELR +1) and
    refused quarter (A20.3). An Unarmed unit never abandoned, eliminated by the same fire, is no massacre."""
    for abandoned in (True, False):
        units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C2"},
                 {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C2"},
                 {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "C2",
                  "markers": ["prisoner"], "carrier": "a-1"} if abandoned else
                 {"id": "b-9", "counter": "4-4-7r", "side": "b", "hex": "C2", "markers": ["unarmed"]},
                 {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H5"}]
        pos = make_position("asl", units, "RPh", counters=COUNTERS, sides=SIDES)
        if abandoned:
            pos.push_text("drop b-9")
            assert pos.units["b-9"].has("abandoned_pw") and pos.units["b-9"].has("unarmed")
            assert pos.units["b-9"].carrier is None
            while pos.phase.id == "RPh":
                pos.push_text("end")
            pos.push_text("end")  # the PFPh: the Germans step out first (the MPh), then fire in the AFPh
            pos.push_text("move a-1 C2-C3-C4")
            while pos.decision is not None:
                pos.push_text("answer pass")
            pos.push_text("move a-2 C2-C3-C4")
            while pos.decision is not None:
                pos.push_text("answer pass")
            pos.push_text("end")
            while pos.phase.id != "AFPh":
                pos.push_text("end")
        else:
            away = [{**u, "hex": "C4"} if u["id"] in ("a-1", "a-2") else u for u in units]
            pos = make_position("asl", away, "AFPh", counters=COUNTERS, sides=SIDES)
        gs = pos.game.gstate(pos.state)
        assert "a" not in gs.massacred
        pos.push_text("fire a-1,a-2 at C2 dice 1,1")
        for _ in range(10):
            top = pos.decision
            if top is None:
                break
            if top.kind == "roll":
                pos.push_text("answer dice 6,6" if top.dice == "DR" else "answer dice 6")
            elif top.units:
                pos.push_text(f"answer units {top.units[0]}")
            else:
                pos.push_text(f"answer {(top.choices or ('done',))[0]}")
        assert "b-9" not in pos.units
        gs = pos.game.gstate(pos.state)
        assert ("a" in gs.massacred) is abandoned and ("a" in gs.no_quarter) is abandoned
