"""What an IFT result does through the game (A7.301-A7.305, A10.2, A10.62, A14.1, A15, A17, A19): the
decisions it opens in order and what each answer changes. Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def make(make_position: Any, targets: list[tuple[str, str]], *, markers: dict[str, list[str]] | None = None,
         options: dict[str, Any] | None = None, fp_counter: str = "4-6-7") -> Any:
    units = [{"id": "a-1", "counter": fp_counter, "side": "a", "hex": "C1"}]
    for uid, counter in targets:
        units.append({"id": uid, "counter": counter, "side": "b", "hex": "C2",
                      "markers": (markers or {}).get(uid, [])})
    return make_position("asl", units, "PFPh", counters=COUNTERS, options=options)


def open_checks(pos: Any) -> list[tuple[str, str]]:
    return [(d.then, d.subject[0]) for d in reversed(pos.state.decisions) if d.subject]


def test_t_a9_k1_picks_the_leader_who_is_wounded_and_rolls_severity_first(make_position: Any) -> None:
    pos = make(make_position, [("b-l", "8-1"), ("b-c", "2-2-8"), ("b-h", "2-4-7"), ("b-s", "4-6-7")])
    pos.push_text("fire a-1 at C2 dice 1,2")  # 8 FP point blank, final 3 on the 8 column: K/1
    assert pos.decision.then == "casualty"
    pos.push_text("answer units b-l")  # Random Selection picked the leader (A.9): an SMC is wounded (A7.302)
    assert pos.units["b-l"].has("wounded")
    assert open_checks(pos) == [("wound", "b-l"), ("mc", "b-c"), ("mc", "b-h"), ("mc", "b-s")]
    pos.push_text("answer dice 3")  # A17.11: a light wound
    assert pos.units["b-l"].has("wounded") and pos.decision.arg("drm") == "1"


def test_t10_2_kia_on_the_leader_through_the_game(make_position: Any) -> None:
    # a 24 FP attack: three 4-6-7 at point blank range
    units = [{"id": f"a-{i}", "counter": "4-6-7", "side": "a", "hex": "C2"} for i in (1, 2, 3)]
    units += [{"id": "a-l", "counter": "9-2", "side": "a", "hex": "C2"}]
    units += [{"id": "b-l", "counter": "9-1", "side": "b", "hex": "C3"},
              {"id": "b-ss", "counter": "6-5-8", "side": "b", "hex": "C3"},
              {"id": "b-s", "counter": "4-6-7", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1,a-2,a-3,a-l at C3 dice 3,3")  # 24 FP, 6 - 2 = final 4: 1KIA
    assert pos.last_resolution.results["b-l"] == "1KIA"
    pos.push_text("answer units b-l")  # Random Selection picked the 9-1
    assert "b-l" not in pos.units
    assert pos.units["b-ss"].has("broken") and pos.units["b-s"].has("broken")  # A7.301
    # A10.2: the broken 4-6-7 (morale 8) is below the 9-1's 9 and takes a 1MC; the SS (9) takes none
    assert open_checks(pos) == [("mc", "b-s")] and pos.decision.arg("drm") == "1"
    pos.push_text("answer dice 4,4")  # 8 + 1 > 8: a broken unit failing is Casualty Reduced (A10.3)
    assert pos.units["b-s"].name == "2-4-7" and pos.units["b-s"].has("broken")


def test_a15_1_an_original_2_on_an_mc_opens_heat_of_battle(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")])
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP, final 7 on the 8 column: 1MC
    pos.push_text("answer dice 1,1")  # passes; Original 2: HoB
    assert pos.decision.then == "hob" and pos.decision.subject == ("b-s",)
    pos.push_text("answer dice 3,4")  # 7, no DRM for a German 2nd Line: Battle Hardening (A15.3)
    assert pos.decision.then == "hob_bh" and pos.decision.choices == ("accept", "refuse")
    pos.push_text("answer accept")  # A15.3: it may be refused; accepted
    assert pos.units["b-s"].name == "4-6-7"


def test_a15_3_battle_hardening_may_be_refused(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")])
    pos.push_text("fire a-1 at C2 dice 3,4")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 3,4")  # 7: Battle Hardening (A15.3)
    pos.push_text("answer refuse")
    assert pos.units["b-s"].name == "4-4-7" and pos.decision is None


def test_a15_3_a_broken_unit_refusing_stays_broken(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")], markers={"b-s": ["broken"]})
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC
    pos.push_text("answer dice 1,1")  # passes; Original 2
    pos.push_text("answer dice 2,4")  # 6 + 1 (broken) = 7: Battle Hardening
    assert pos.decision.then == "hob_bh"
    pos.push_text("answer refuse")
    assert pos.units["b-s"].has("broken") and pos.units["b-s"].name == "4-4-7"


def _leader_moving(make_position: Any, path: str, *markers: str) -> Any:
    units = [{"id": "a-l", "counter": "8-1", "side": "a", "hex": "C1", "markers": list(markers)},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C6"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS)
    pos.push_text(f"move a-l {path}")
    return pos


def _wound_at(pos: Any, hex_: str) -> None:
    # A7.21 Point Blank 8 FP, FFNAM and FFMO -2 (A4.6): Original 5 is final 3 on the 8 column, K/1
    pos.push_text(f"fire b-1 at {hex_} dice 2,3")
    while pos.decision is not None and pos.decision.then != "wound":
        top = pos.decision
        pos.push_text(f"answer units {top.units[0]}" if top.kind == "units" else "answer pass")
    assert pos.units["a-l"].has("wounded")
    pos.push_text("answer dice 1")  # A17.11: a light wound


def test_a17_2_an_smc_wounded_after_4_mf_is_pinned(make_position: Any) -> None:
    pos = _leader_moving(make_position, "C1-C2-C3-C4-C5")  # open ground: 4 MF spent on reaching C5
    while pos.label(pos.decision.target) != "C5":
        pos.push_text("answer pass")
    _wound_at(pos, "C5")
    assert pos.units["a-l"].has("pinned")


def test_a15_22_a_hero_wounded_after_4_mf_is_pinned_as_a17_2_says(make_position: Any) -> None:
    """A15.22: a hero is pinned only as A17.2 says: a heroic 8-1 wounded on reaching C5 with 4 MF spent is
    pinned, though a hero is otherwise never pinned (A15.2)."""
    pos = _leader_moving(make_position, "C1-C2-C3-C4-C5", "heroic")
    while pos.label(pos.decision.target) != "C5":
        pos.push_text("answer pass")
    _wound_at(pos, "C5")
    assert pos.units["a-l"].has("pinned") and pos.units["a-l"].has("heroic")


def test_a17_2_an_smc_wounded_after_3_mf_is_not_pinned(make_position: Any) -> None:
    pos = _leader_moving(make_position, "C1-C2-C3-C4")
    while pos.label(pos.decision.target) != "C4":
        pos.push_text("answer pass")
    _wound_at(pos, "C4")
    assert not pos.units["a-l"].has("pinned")


def test_a15_4_berserk_only_with_a_known_enemy_in_los(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")])
    pos.push_text("fire a-1 at C2 dice 3,4")
    pos.push_text("answer dice 1,1")
    pos.push_text("answer dice 5,5")  # 10: Berserk (A15.4), a-1 is a known enemy in LOS
    assert pos.units["b-s"].has("berserk")


def test_a19_13_elr_replacement_from_the_scenario(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")], options={"elr": {"b": 0}})
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC
    pos.push_text("answer dice 4,4")  # 8 + 1 = 9 against 7: fails by 2 > ELR 0
    assert pos.units["b-s"].name == "4-3-6" and pos.units["b-s"].has("broken")


def test_a19_13_within_elr_only_breaks(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")], options={"elr": {"b": 3}})
    pos.push_text("fire a-1 at C2 dice 3,4")
    pos.push_text("answer dice 4,4")
    assert pos.units["b-s"].name == "4-4-7" and pos.units["b-s"].has("broken")


def test_a17_11_a_leader_killed_by_his_wound_gives_an_llmc(make_position: Any) -> None:
    pos = make(make_position, [("b-l", "8-1"), ("b-s", "4-4-7")])
    pos.push_text("fire a-1 at C2 dice 1,2")  # K/1
    pos.push_text("answer units b-l")
    pos.push_text("answer dice 5")  # severity 5: KIA (A17.11)
    assert "b-l" not in pos.units
    # the MC of the K/1 comes first, then the LLMC (after the attack's results, A10.2)
    assert open_checks(pos) == [("mc", "b-s"), ("mc", "b-s")]


def test_a10_62_a_broken_unit_under_fire_becomes_dm(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")], markers={"b-s": ["broken"]})
    pos.push_text("fire a-1 at C2 dice 6,5")  # 8 FP, final 11: no effect, but it could have given an NMC
    assert pos.units["b-s"].has("dm")


def test_a14_1_an_ift_dr_equal_to_the_enemy_san_activates_his_sniper(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")], options={"san": {"b": 3}})
    res = pos.resolve(pos.parse_action("fire a-1 at C2 dice 1,2"))
    assert "Original DR 3 equals b's SAN: b's sniper attacks after this attack (A14.1)" in res.text()
    res = pos.resolve(pos.parse_action("fire a-1 at C2 dice 2,2"))
    assert "sniper" not in res.text()


def test_a14_3_the_activated_sniper_attacks_after_the_attacks_results(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")], options={"san": {"b": 3}})
    pos.push_text("fire a-1 at C2 dice 1,2")  # K/1 on the 8 column; Original 3 = b's SAN
    assert open_checks(pos)[0] == ("mc", "b-s")  # the reduced HS's MC first
    assert pos.state.decisions[0].then == "sniper" and pos.state.decisions[0].side == "b"
    pos.push_text("answer dice 2,3")  # the HS passes
    pos.push_text("answer dice 1")  # sniper dr 1 (A14.3)
    assert pos.decision.then == "sniper_target" and pos.decision.units == ("a-1",)
    pos.push_text("answer units a-1")
    assert pos.units["a-1"].has("broken") and pos.units["a-1"].has("dm")  # an MMC is broken by a dr 1


def test_a14_3_a_sniper_dr_of_3_or_more_does_nothing(make_position: Any) -> None:
    pos = make(make_position, [("b-s", "4-4-7")], options={"san": {"b": 3}})
    pos.push_text("fire a-1 at C2 dice 1,2")
    pos.push_text("answer dice 2,3")
    pos.push_text("answer dice 4")
    assert pos.decision is None and not pos.units["a-1"].has("broken")


def test_a9_74_the_sw_of_a_unit_killed_by_a_kia_may_be_destroyed(make_position: Any) -> None:
    units = [{"id": f"a-{i}", "counter": "4-6-7", "side": "a", "hex": "C2"} for i in (1, 2, 3)]
    units += [{"id": "a-l", "counter": "9-2", "side": "a", "hex": "C2"},
              {"id": "b-s", "counter": "4-6-7", "side": "b", "hex": "C3"},
              {"id": "b-t", "counter": "4-6-7", "side": "b", "hex": "C3"},
              {"id": "b-lmg", "counter": "LMG", "side": "b", "hex": "C3", "carrier": "b-s"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1,a-2,a-3,a-l at C3 dice 3,3")  # 24 FP, final 4: 1KIA
    pos.push_text("answer units b-s")
    assert pos.decision.then == "sw_kia" and pos.decision.arg("column") == "24"
    pos.push_text("answer dice 4")  # dr 4 on the 24 column: 1KIA: the LMG is destroyed (A9.74)
    assert "b-lmg" not in pos.units and pos.units["b-t"].has("broken")


def test_a10_2_each_leader_lost_to_a_2kia_has_its_llmc_after_the_survivors_break(make_position: Any) -> None:
    units = [{"id": f"a-{i}", "counter": "4-6-7", "side": "a", "hex": "C1"} for i in (1, 2, 3)]
    units += [{"id": "a-l", "counter": "9-2", "side": "a", "hex": "C1"},
              {"id": "b-l", "counter": "9-1", "side": "b", "hex": "C3"},
              {"id": "b-m", "counter": "8-1", "side": "b", "hex": "C3"},
              {"id": "b-ss", "counter": "6-5-8", "side": "b", "hex": "C3"},
              {"id": "b-s", "counter": "4-6-7", "side": "b", "hex": "C3"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1,a-2,a-3,a-l at C3 dice 2,2")  # 12 FP, 4 - 2 = final 2: 2KIA
    assert pos.last_resolution.results["b-l"] == "2KIA"
    pos.push_text("answer units b-l")
    pos.push_text("answer units b-m")
    assert pos.units["b-ss"].has("broken") and pos.units["b-s"].has("broken")  # A7.301
    # the 9-1's LLMC (a 1MC) for the broken 4-6-7 (8 < 9) only; the 8-1's for nobody (8 is not < 8)
    assert open_checks(pos) == [("mc", "b-s")] and pos.decision.arg("drm") == "1"


def test_a15_21_a_leader_with_a_hero_result_becomes_heroic_and_rallies(make_position: Any) -> None:
    pos = make(make_position, [("b-l", "9-1")])
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC
    pos.push_text("answer dice 1,1")  # the leader passes on an Original 2: HoB
    pos.push_text("answer dice 1,2")  # 3: Hero (A15.21)
    assert pos.units["b-l"].has("heroic") and not [u for u in pos.units if "hero" in u and u != "b-l"]


def test_a15_24_a_hero_firing_within_normal_range_adds_minus_one(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "a-h", "counter": "1-4-9", "side": "a", "hex": "C1"},
             {"id": "b-1", "counter": "4-4-7", "side": "b", "hex": "C4"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    text = pos.resolve(pos.parse_action("fire a-1,a-h at C4 dice 3,4")).text()
    assert "hero (a-h): -1 (A15.24)" in text and "Cowering" not in text


def test_a10_21_no_other_leaders_modifier_in_a_llmc(make_position: Any) -> None:
    """A10.21: a LLMC takes the lost leader's reversed modifier only: the 9-2 beside the 4-6-7 helps its
    K/1 MC but not its LLMC for the dead 8-1 (wounded first, so his -1 is 0, A17.2: a NMC; DR 8 breaks it,
    where the 9-2's -2 would have made it 6)."""
    pos = make(make_position, [("b-l", "8-1"), ("b-k", "9-2"), ("b-s", "4-6-7")])
    pos.push_text("fire a-1 at C2 dice 1,2")  # K/1
    pos.push_text("answer units b-l")
    pos.push_text("answer dice 5")  # severity 5: KIA (A17.11)
    assert "b-l" not in pos.units
    seen = []
    while pos.decision is not None and pos.decision.kind == "roll":
        seen.append(pos.decision.rule)
        pos.push_text("answer dice 4,4" if pos.decision.rule == "A10.2" else "answer dice 2,3")
    assert "A10.2" in seen and pos.units["b-s"].has("broken")


def test_a10_2_no_llmc_at_another_level(make_position: Any) -> None:
    """A10.2, A2.8: the 4-6-7 upstairs takes no LLTC for the 8-1 broken below (1MC failed on DR 11)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-l", "counter": "8-1", "side": "b", "hex": "C2"},
             {"id": "b-s", "counter": "4-6-7", "side": "b", "hex": "C2", "level": 1}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS,
                        hexes={"C2": {"terrain": "stone-building", "features": ["building-level-1"]}})
    pos.push_text("fire a-1 at C2")
    pos.push_text("answer h0")  # A7.4: the ground level, the leader alone
    pos.push_text("answer dice 1,1")
    assert "b-s" not in pos.last_resolution.results
    while pos.decision is not None:
        d = pos.decision
        if d.kind == "units":
            pos.push_text(f"answer units {d.units[0]}")
        elif d.kind == "roll":
            assert d.subject[0] != "b-s", d.text()
            pos.push_text("answer dice 6" if d.dice == "dr" else "answer dice 6,5")
        else:
            break
    assert pos.units["b-l"].has("broken")


def test_a19_13_a_casualty_mc_beyond_the_elr_leaves_a_lower_quality_broken_hs(make_position: Any) -> None:
    """A19.13 (with A10.31): a 4-4-7 (morale 7, ELR 0) under a 2MC rolls an Original 12: final 14 fails by
    7, more than its ELR: replaced by the lower-quality HS (the 4-3-6's 2-3-6), broken, not eliminated."""
    pos = make(make_position, [("b-s", "4-4-7")], options={"elr": {"b": 0}})
    pos.push_text("fire a-1 at C2 dice 2,2")  # 8 FP, DR 4: 2MC
    pos.push_text("answer dice 6,6")
    left = [(u.id, u.name, u.has("broken")) for u in pos.units.values() if u.side == "b"]
    assert left == [("b-s", "2-3-6", True)]


def test_a10_31_an_underscored_squad_beyond_its_elr_keeps_its_casualty(make_position: Any) -> None:
    """A10.31 with A19.13: a 6-5-8 (underscored: ELR 5, A1.23) under a 2MC rolls an Original 12: final 14
    fails by 6, more than 5: replaced by two broken 3-4-8 first, then Casualty Reduced: one broken 3-4-8."""
    pos = make(make_position, [("b-s", "6-5-8")], options={"elr": {"b": 0}})
    pos.push_text("fire a-1 at C2 dice 2,2")
    pos.push_text("answer dice 6,6")
    left = [(u.id, u.name, u.has("broken")) for u in pos.units.values() if u.side == "b"]
    assert left == [("b-s", "3-4-8", True)]


# --- A15.2, A10.31, A7.301: a hero who fails an MC, or must break, is wounded (severity dr) or eliminated ---


def _kia_on_c3(make_position: Any, targets: list[dict[str, Any]]) -> Any:
    """24 FP (three 4-6-7 and a 9-2 at point blank) on C3: dice 3,3 - 2 = final 4 on the 24 column, 1KIA."""
    units = [{"id": f"a-{i}", "counter": "4-6-7", "side": "a", "hex": "C2"} for i in (1, 2, 3)]
    units += [{"id": "a-l", "counter": "9-2", "side": "a", "hex": "C2"}, *targets]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1,a-2,a-3,a-l at C3 dice 3,3")
    assert pos.last_resolution.results[targets[0]["id"]] == "1KIA"
    return pos


def test_a15_2_a_1_4_9_hero_failing_a_1mc_is_wounded_1_3_8_and_rolls_severity(make_position: Any) -> None:
    pos = make(make_position, [("b-h", "1-4-9")])
    pos.push_text("fire a-1 at C2 dice 3,4")  # 8 FP point blank, final 7: 1MC
    pos.push_text("answer dice 5,4")  # 9 + 1 = 10 > 9: failed
    hero = pos.units["b-h"]
    assert hero.name == "1-3-8" and hero.has("wounded") and not hero.has("broken")  # A15.2, A17.1
    assert pos.decision.then == "wound" and pos.decision.subject == ("b-h",)  # A17.11: at once
    assert pos.decision.arg("worse") == "0"  # his first wound
    pos.push_text("answer dice 4")  # 1-4: a light wound
    assert pos.units["b-h"].name == "1-3-8"


def test_a17_11_a_severity_dr_of_6_kills_the_newly_wounded_hero(make_position: Any) -> None:
    pos = make(make_position, [("b-h", "1-4-9")])
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC
    pos.push_text("answer dice 5,4")  # failed: wounded
    pos.push_text("answer dice 6")  # 5-6: KIA
    assert "b-h" not in pos.units


def test_a15_2_a_wounded_hero_failing_an_mc_is_eliminated_without_a_severity_dr(make_position: Any) -> None:
    """The 1-3-8 (morale 8) fails a 1MC with 4 + 4 + 1 = 9: eliminated (A15.2); his LMG stays (A4.43)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-h", "counter": "1-3-8", "side": "b", "hex": "C2", "markers": ["wounded"]},
             {"id": "b-mg", "counter": "LMG", "side": "b", "hex": "C2", "carrier": "b-h"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1 at C2 dice 3,4")  # the LMG is not a target: 1MC for the hero only
    pos.push_text("answer dice 4,4")
    assert "b-h" not in pos.units and pos.units["b-mg"].carrier is None
    assert not [d for d in pos.state.decisions if d.then == "wound"]


def test_a15_21_a_wounded_heroic_leader_failing_an_mc_is_eliminated_and_causes_a_llmc(
        make_position: Any) -> None:
    """A15.21: a heroic 9-1, wounded (morale 8, A17.3), fails his 1MC: eliminated, and his loss still makes
    the 4-4-7 (morale 7 < 8) take a LLMC (A10.2) after its own 1MC."""
    pos = make(make_position, [("b-l", "9-1"), ("b-s", "4-4-7")],
               markers={"b-l": ["heroic", "wounded"]})
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC for both, the leader first (A10.2)
    assert pos.decision.subject == ("b-l",)
    pos.push_text("answer dice 5,4")  # 9 + 1 = 10 > 8
    assert "b-l" not in pos.units
    assert [d for d in open_checks(pos) if d[1] == "b-s"] == [("mc", "b-s"), ("mc", "b-s")]
    assert [d.rule for d in pos.state.decisions if d.subject == ("b-s",)] == ["A10.2", "A7.304"]


def test_a10_31_a_heros_casualty_mc_wounds_him_as_if_already_wounded(make_position: Any) -> None:
    pos = make(make_position, [("b-h", "1-4-9")])
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC
    pos.push_text("answer dice 6,6")  # Original 12: Casualty MC
    assert pos.units["b-h"].name == "1-3-8" and not pos.units["b-h"].has("broken")
    assert pos.decision.then == "wound" and pos.decision.arg("worse") == "1"
    pos.push_text("answer dice 4")  # 4 + 1 = 5: KIA (A17.11)
    assert "b-h" not in pos.units


def test_a10_31_a_wounded_heros_casualty_mc_eliminates_him(make_position: Any) -> None:
    """A15.2: a wounded hero failing an MC is eliminated; a Casualty MC is one he fails."""
    pos = make(make_position, [("b-h", "1-3-8")], markers={"b-h": ["wounded"]})
    pos.push_text("fire a-1 at C2 dice 3,4")
    pos.push_text("answer dice 6,6")
    assert "b-h" not in pos.units and not [d for d in pos.state.decisions if d.then == "wound"]


def test_a7_301_a_hero_surviving_a_kia_is_wounded_and_rolls_severity(make_position: Any) -> None:
    pos = _kia_on_c3(make_position, [{"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C3"},
                                     {"id": "b-h", "counter": "1-4-9", "side": "b", "hex": "C3"}])
    pos.push_text("answer units b-s")  # Random Selection picked the squad: the hero survives
    assert "b-s" not in pos.units
    hero = pos.units["b-h"]
    assert hero.name == "1-3-8" and hero.has("wounded") and not hero.has("broken")  # Casualty Reduced
    assert pos.decision.then == "wound" and pos.decision.rule == "A7.301"
    assert pos.decision.arg("worse") == "0"
    pos.push_text("answer dice 2")
    assert pos.units["b-h"].name == "1-3-8"


def test_a7_301_a_wounded_hero_surviving_a_kia_is_wounded_again_with_plus_1(make_position: Any) -> None:
    """A7.301 gives a survivor that cannot break a Casualty Reduction, not a failed MC: the 1-3-8 is wounded
    again and rolls severity with +1 (A7.302, A17.11): dr 4 + 1 = 5 kills him, dr 3 + 1 = 4 would not."""
    targets = [{"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C3"},
               {"id": "b-h", "counter": "1-3-8", "side": "b", "hex": "C3", "markers": ["wounded"]}]
    pos = _kia_on_c3(make_position, targets)
    pos.push_text("answer units b-s")
    assert pos.decision.then == "wound" and pos.decision.arg("worse") == "1"
    pos.push_text("answer dice 3")
    assert "b-h" in pos.units
    pos = _kia_on_c3(make_position, targets)
    pos.push_text("answer units b-s")
    pos.push_text("answer dice 4")
    assert "b-h" not in pos.units


def test_a7_301_a_broken_leader_surviving_a_kia_is_wounded_and_rolls_severity(make_position: Any) -> None:
    """A7.301: a broken leader cannot break again: Casualty Reduced, and an SMC reduced is wounded, the
    severity dr at once (A7.302, A17.11)."""
    pos = _kia_on_c3(make_position, [{"id": "b-s", "counter": "4-4-7", "side": "b", "hex": "C3"},
                                     {"id": "b-l", "counter": "8-1", "side": "b", "hex": "C3",
                                      "markers": ["broken"]}])
    pos.push_text("answer units b-s")
    assert pos.units["b-l"].has("wounded") and pos.decision.then == "wound"
    pos.push_text("answer dice 5")  # 5: KIA
    assert "b-l" not in pos.units


def test_a22_6111_a_hero_made_to_break_by_his_mol_is_wounded_instead(make_position: Any) -> None:
    """A22.6111: a MOL's user breaks on a coloured 6; a hero cannot (A15.2): Casualty Reduced, i.e. wounded
    with the severity dr (A7.302, A17.11)."""
    from hexmate.rules.games.asl import aftermath
    from hexmate.rules.games.asl import morale as am

    pos = make(make_position, [("b-h", "1-4-9")])
    state = aftermath.apply_morale(pos, pos.state, pos.units["b-h"], am.MoraleResult("b-h", "break", 0, 0))
    assert state.units["b-h"].name == "1-3-8" and not state.units["b-h"].has("broken")
    assert state.decisions[-1].then == "wound" and state.decisions[-1].subject == ("b-h",)


def test_a10_31_a_berserk_squads_casualty_mc_eliminates_it_and_its_lmg_may_be_recovered(
        make_position: Any) -> None:
    """A10.31: a berserk 4-6-7 rolling an Original 12 is reduced to its HS, which cannot break and is
    eliminated; the 8-1 with it may at once try to recover the LMG it leaves (A4.44)."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C1"},
             {"id": "b-l", "counter": "8-1", "side": "b", "hex": "C2"},
             {"id": "b-s", "counter": "4-6-7", "side": "b", "hex": "C2", "markers": ["berserk"]},
             {"id": "b-mg", "counter": "LMG", "side": "b", "hex": "C2", "carrier": "b-s"}]
    pos = make_position("asl", units, "PFPh", counters=COUNTERS)
    pos.push_text("fire a-1 at C2 dice 3,4")  # 1MC for both, the leader first
    pos.push_text("answer dice 2,2")  # 4 + 1 <= 8: the 8-1 passes
    assert pos.decision.subject == ("b-s",)
    pos.push_text("answer dice 6,6")
    assert "b-s" not in pos.units and pos.units["b-mg"].carrier is None
    assert pos.decision.rule == "A4.44" and pos.decision.side == "b"
