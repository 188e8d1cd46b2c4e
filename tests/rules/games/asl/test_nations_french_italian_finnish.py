"""Nationality traits of A25 for the French, Italians and Finns (nations.py, units.is_captured,
data/nationalities.json): Finnish 1st Line using FT and DC as Elite (A25.74 with A22.3, A23.2), French-made
equipment captured in any hands but French ones (A25.56, with A25.54-A25.55 for the Free French), the Vichy
French taking the French traits (A25.5, A25.58), and the Italian Bersaglieri's ELR and Battle Hardening chain
(A25.62, counter data), and Finns, Russians and Germans using each other's MGs and PSK without the captured
penalties (A25.75, A25.77). SW values from the demo catalogue (demo values), squads made up here; the counter
names, classes and breakdown numbers are the rulebook's but where a test says a name is made up."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.games.asl import morale as am
from hexmate.rules.games.asl import nations
from hexmate.rules.games.asl import units as au
from hexmate.rules.games.base import UnitState

DEMO: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def _sides(a: str, b: str) -> list[dict[str, Any]]:
    return [{"id": side, "name": nat.title(), "nationality": nat} for side, nat in (("a", a), ("b", b))]


def _u(uid: str, hex_: str, counter: str, side: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


# --- A25.74: Finnish 1st Line use FT and DC as Elite ---

FINNS: dict[str, Any] = {
    "6-4-8": {"type": "squad", "class": "elite", "fp": 6, "range": 4, "morale": 8, "broken_morale": 8},
    "5-4-8": {"type": "squad", "class": "1st", "fp": 5, "range": 4, "morale": 8, "broken_morale": 8},
    "4-4-7": {"type": "squad", "class": "2nd", "fp": 4, "range": 4, "morale": 7, "broken_morale": 7},
    "FT": {**DEMO["FT"], "nationality": "finnish"},
    "DC": {**DEMO["DC"], "nationality": "finnish"},
}
FINNS = {k: {**v, "nationality": "finnish"} for k, v in FINNS.items()}
FINNS["4-4-7r"] = DEMO["4-4-7r"]
FINNS["5-2-7"] = DEMO["5-2-7"]


def _finns(make_position: Any, squad: str, sw: str, phase: str = "PFPh", target_hex: str = "C4") -> Any:
    units = [_u("a-1", "C3", squad, "a"), _u(f"a-{sw.lower()}", "C3", sw, "a", carrier="a-1"),
             _u("b-1", target_hex, "4-4-7r", "b")]
    return make_position("asl", units, phase, counters=FINNS, sides=_sides("finnish", "russian"))


@pytest.mark.parametrize(("squad", "dice", "removed"), [
    ("5-4-8", "4,4", False),  # 1st Line as Elite: out of fuel only from 10 (A22.5, A25.74)
    ("5-4-8", "5,5", True),
    ("6-4-8", "4,4", False),
    ("4-4-7", "4,4", True),  # 2nd Line: the captured X# penalty, out of fuel from 8 (A22.3)
])
def test_a25_74_a_finnish_1st_line_squad_fires_a_ft_as_elite(make_position: Any, squad: str, dice: str,
                                                             removed: bool) -> None:
    pos = _finns(make_position, squad, "FT")
    text = pos.resolve(pos.parse_action(f"fire a-ft at C4 dice {dice}")).text()
    total = sum(int(d) for d in dice.split(","))
    assert (f"a-ft: Original DR {total}: removed (X#) (A9.7)" in text) is removed


@pytest.mark.parametrize(("squad", "malfunctions"), [("5-4-8", False), ("4-4-7", True)])
def test_a25_74_a_finnish_1st_line_squad_throws_a_dc_as_elite(make_position: Any, squad: str,
                                                              malfunctions: bool) -> None:
    """A23.2 with A23.4: a non-Elite thrower's DC malfunctions from an Original 10 (12 - 2); a Finnish 1st
    Line thrower's only on 12 (A25.74). Original DR 10 here."""
    pos = _finns(make_position, squad, "DC", target_hex="C2")
    pos.push_text("fire a-dc at C2 dice 5,5")
    assert ("a-dc" not in pos.units and pos.decision is None) is malfunctions
    assert (pos.decision is not None and pos.decision.then == "mc") is not malfunctions


def test_a25_74_a_finnish_1st_line_placer_places_its_dc_as_elite(make_position: Any) -> None:
    """A23.2 for a placed DC: the non-Elite mark (malfunction from 10) is not put on a Finnish 1st Line
    placer's DC; a Finnish 2nd Line placer's gets it."""
    for squad, marked in (("5-4-8", False), ("4-4-7", True)):
        units = [_u("a-1", "C2", squad, "a"), _u("a-dc", "C2", "DC", "a", carrier="a-1"),
                 _u("b-1", "C1", "5-2-7", "b")]
        pos = make_position("asl", units, "MPh", counters=FINNS, sides=_sides("finnish", "russian"),
                            hexes={"C1": "stone-building"})
        pos.push_text("fire a-dc at C1")
        while pos.decision is not None and pos.decision.kind == "react":
            pos.push_text("answer pass")
        if pos.decision is not None and pos.decision.then == "dcp_lay":
            pos.push_text(f"answer hex {pos.label(pos.decision.target)}")
        assert pos.units["a-dc"].has("placed_dc") and pos.units["a-dc"].has("placed_dc_ne") is marked


def test_a25_74_only_finnish_1st_line_not_others(make_position: Any) -> None:
    units = [_u("a-1", "C3", "4-6-7", "a"), _u("b-1", "C4", "5-4-8", "b"), _u("b-2", "C4", "4-4-7", "b")]
    counters = {**FINNS, "4-6-7": DEMO["4-6-7"]}
    pos = make_position("asl", units, "PFPh", counters=counters, sides=_sides("german", "finnish"))
    assert not nations.ftdc_elite(pos, pos.units["a-1"])  # a German 1st Line squad: non-Elite (A22.3)
    assert nations.ftdc_elite(pos, pos.units["b-1"]) and not nations.ftdc_elite(pos, pos.units["b-2"])
    assert nations.ftdc_elite(pos, None)  # no possessor (a Set DC, A23.7)


# --- A25.54-A25.56: French-made equipment ---

FRENCH: dict[str, Any] = {
    "4-5-7f": {"type": "squad", "class": "1st", "nationality": "french", "fp": 4, "range": 5, "morale": 7,
               "broken_morale": 7},
    "4-5-8ff": {"type": "squad", "class": "elite", "nationality": "free_french", "fp": 4, "range": 5,
                "morale": 8, "broken_morale": 8},
    "4-5-7v": {"type": "squad", "class": "1st", "nationality": "vichy_french", "fp": 4, "range": 5,
               "morale": 7, "broken_morale": 7},
    "4-4-7b": DEMO["4-4-7b"],
    "4-6-7": DEMO["4-6-7"],
    "LMG-fr": {**DEMO["LMG"], "nationality": "french"},  # French-coloured
    "LMG(f)": {**DEMO["LMG"], "nationality": "british"},  # French-made in British colours
    "LMG-br": {**DEMO["LMG"], "nationality": "british"},
    "LMG-us": {**DEMO["LMG"], "nationality": "american"},
}


@pytest.mark.parametrize(("squad", "sw", "captured"), [
    ("4-5-7f", "LMG-fr", False),
    ("4-5-8ff", "LMG-fr", False),  # A25.55, A25.56: the Free French use French-coloured SW freely
    ("4-5-7v", "LMG-fr", False),  # A25.56: so do the Vichy French
    ("4-4-7b", "LMG-fr", True),  # A25.56: anyone else is penalized
    ("4-6-7", "LMG-fr", True),
    ("4-4-7b", "LMG(f)", True),  # A25.56: an "(f)" SW even in British colours, in British hands
    ("4-5-8ff", "LMG(f)", False),
    ("4-5-7v", "LMG(f)", False),
    ("4-5-8ff", "LMG-br", False),  # A25.54: British SW, no captured penalty
    ("4-5-8ff", "LMG-us", False),  # A25.55: American too
    ("4-5-7f", "LMG-br", True),  # the 1940 French are no Free French: A21.1 as ever
])
def test_a25_56_french_made_sw_are_captured_in_all_but_french_hands(make_position: Any, squad: str, sw: str,
                                                                   captured: bool) -> None:
    units = [_u("a-1", "C1", squad, "a"), _u("a-lmg", "C1", sw, "a", carrier="a-1")]
    pos = make_position("asl", units, "PFPh", counters=FRENCH)
    assert au.is_captured(pos.units["a-lmg"], pos.units["a-1"]) is captured


@pytest.mark.parametrize(("squad", "malfunctions"), [("4-4-7b", True), ("4-5-8ff", False)])
def test_a25_56_a_british_squad_firing_an_f_lmg_breaks_it_on_10(make_position: Any, squad: str,
                                                                malfunctions: bool) -> None:
    """A21.11: a captured SW's B# is 2 lower: the LMG's 12 is 10 in British hands (an "(f)" SW, A25.56), not
    in Free French ones. Original DR 10."""
    units = [_u("a-1", "C1", squad, "a"), _u("a-lmg", "C1", "LMG(f)", "a", carrier="a-1"),
             _u("b-1", "C4", "4-6-7", "b")]
    pos = make_position("asl", units, "PFPh", counters=FRENCH)
    text = pos.resolve(pos.parse_action("fire a-1,a-lmg at C4 dice 5,5")).text()
    assert ("a-lmg: Original DR 10: malfunctions (B#) (A9.7)" in text) is malfunctions


# --- A25.5, A25.58: the Vichy French take the French traits ---


def test_a25_58_vichy_french_heat_of_battle_drm_is_the_frenchs_plus_1(make_position: Any) -> None:
    """A25.5: the French rules apply to the Vichy French after June 1940; A15.1: French +1 to the HoB DR."""
    units = [_u("a-1", "C1", "4-5-7v", "a"), _u("a-2", "C1", "4-5-7f", "a")]
    pos = make_position("asl", units, "PFPh", counters=FRENCH)
    assert [(v, r) for _, v, r in am.hob_drm(pos.units["a-1"])] == [(1, "A15.1")]
    assert [(v, r) for _, v, r in am.hob_drm(pos.units["a-2"])] == [(1, "A15.1")]


# --- A25.61-A25.62: the Italian chain, as counter data ---

_SQUAD = {"type": "squad", "nationality": "italian", "range": 4, "broken_morale": 7}
ITALIANS: dict[str, Any] = {
    "4-4-7": {**_SQUAD, "class": "elite", "fp": 4, "morale": 7, "replaced_by": "3-4-6"},  # A25.61
    "3-4-7": {**_SQUAD, "class": "1st", "fp": 3, "morale": 7, "replaced_by": "conscript-i"},  # A25.62
    "3-4-6": {**_SQUAD, "class": "1st", "fp": 3, "morale": 6},
    # A25.62 names no value for the Italian Conscript squad: "conscript-i" is made up
    "conscript-i": {**_SQUAD, "class": "conscript", "fp": 2, "morale": 6, "hardens_to": "3-4-6"},
}


def _unit(make_position: Any, counter: str) -> tuple[Any, UnitState]:
    pos = make_position("asl", [_u("a-1", "C1", counter, "a")], "PFPh", counters=ITALIANS,
                        sides=_sides("italian", "british"))
    return pos, pos.units["a-1"]


def test_a25_62_a_bersaglieri_3_4_7_failing_its_elr_becomes_a_conscript_squad_not_a_3_4_6(
        make_position: Any) -> None:
    pos, unit = _unit(make_position, "3-4-7")
    assert au.replacement(unit, pos.scenario.counters) == au.Replacement(("conscript-i",), False, "A19.13")
    pos, unit = _unit(make_position, "4-4-7")  # A25.61: the Elite 4-4-7 drops to the lower 1st Line
    assert au.replacement(unit, pos.scenario.counters) == au.Replacement(("3-4-6",), False, "A19.13")


def test_a25_62_that_conscript_squad_battle_hardens_to_a_3_4_6(make_position: Any) -> None:
    pos, unit = _unit(make_position, "conscript-i")
    assert nations.battle_hardening(pos, unit, pos.scenario.counters) == ("3-4-6", False, "A15.3")


# --- A25.75, A25.77: Finns and Russian MGs, Russians and Finnish "(r)" MGs, PSK ---

CAPTURED_USE: dict[str, Any] = {
    **FINNS,
    "LMG-r": {**DEMO["LMG"], "nationality": "russian"},  # Russian-coloured
    "MMG-r": {**DEMO["MMG"], "nationality": "russian"},
    "HMGr": DEMO["HMGr"],
    ".50-cal HMG-r": {**DEMO["HMG"], "nationality": "russian"},  # made-up name with the .50-cal mark
    "LMG-fi": {**DEMO["LMG"], "nationality": "finnish"},  # Finnish-coloured, not Russian-made
    "LMG(r)": {**DEMO["LMG"], "nationality": "finnish"},  # Russian-made in Finnish colours
    "MMG(r)": {**DEMO["MMG"], "nationality": "finnish"},
    "LMG-de": {**DEMO["LMG"], "nationality": "german"},
    "PSK": {"type": "sw", "nationality": "german", "pp": 2},  # made-up values: a counter named PSK
    "PSK-fi": {"type": "sw", "nationality": "finnish", "pp": 2},
    "4-6-7": DEMO["4-6-7"],
    "4-3-6fi": {"type": "squad", "class": "green", "nationality": "finnish", "fp": 4, "range": 3, "morale": 6,
                "broken_morale": 6},
}


def _captured(make_position: Any, squad: str, sw: str, date: str | None = "1942-06") -> bool:
    units = [_u("a-1", "C1", squad, "a"), _u("a-sw", "C1", sw, "a", carrier="a-1")]
    options = {"date": date} if date is not None else {}
    pos = make_position("asl", units, "PFPh", counters=CAPTURED_USE, options=options)
    return nations.is_captured(pos, pos.units["a-sw"], pos.units["a-1"])


@pytest.mark.parametrize(("squad", "sw", "date", "captured"), [
    ("5-4-8", "LMG-r", "1942-06", False),  # A25.75: Finns use Russian MGs freely
    ("5-4-8", "MMG-r", "1942-06", False),
    ("4-4-7", "HMGr", "1944-06", False),
    ("5-4-8", "LMG-r", "1939-12", True),  # A25.75: but not the LMG in 1939 (the Winter War's start)
    ("5-4-8", "MMG-r", "1939-12", False),  # only the LMG
    ("5-4-8", "LMG-r", "1940-02", False),  # the text names 1939 only
    ("5-4-8", ".50-cal HMG-r", "1942-06", True),  # A25.75: nor the .50-cal HMG
    ("5-4-8", "LMG-de", "1942-06", True),  # German MGs: A21.1 as ever
    ("4-4-7r", "LMG(r)", "1942-06", False),  # A25.75: Russians use Finnish "(r)" MGs freely
    ("4-4-7r", "MMG(r)", "1939-12", False),
    ("4-4-7r", "LMG-fi", "1942-06", True),  # a Finnish MG without "(r)" is captured for them
    ("4-6-7", "LMG(r)", "1942-06", True),  # and an "(r)" one for anyone else
    ("4-6-7", "LMG-r", "1942-06", True),  # the Germans get nothing from A25.75 for Russian MGs
])
def test_a25_75_finns_and_russians_use_each_others_mgs(make_position: Any, squad: str, sw: str, date: str,
                                                       captured: bool) -> None:
    assert _captured(make_position, squad, sw, date) is captured


def test_a25_75_without_a_date_a_finns_russian_lmg_is_not_taken_as_1939s(make_position: Any) -> None:
    assert _captured(make_position, "5-4-8", "LMG-r", None) is False


@pytest.mark.parametrize(("squad", "sw", "captured"), [
    ("4-6-7", "PSK-fi", False),  # A25.75: Germans use a PSK of any colour freely
    ("5-4-8", "PSK", False),  # A25.75: so do Finnish 1st Line
    ("6-4-8", "PSK", False),
    ("4-4-7", "PSK", True),  # A25.77: Finnish 2nd Line are penalized, whatever its colour
    ("4-4-7", "PSK-fi", True),
    ("4-3-6fi", "PSK-fi", True),  # and Green
    ("4-4-7r", "PSK", True),  # Russians: A21.1 as ever
])
def test_a25_75_a25_77_psk(make_position: Any, squad: str, sw: str, captured: bool) -> None:
    assert _captured(make_position, squad, sw) is captured


@pytest.mark.parametrize(("date", "malfunctions"), [("1942-06", False), ("1939-12", True)])
def test_a25_75_a_finnish_squad_firing_a_russian_lmg_breaks_it_on_10_only_in_1939(
        make_position: Any, date: str, malfunctions: bool) -> None:
    """A21.11: a captured SW's B# is 2 lower: the LMG's 12 is 10 in a 1939 scenario (A25.75), 12 later.
    Original DR 10."""
    units = [_u("a-1", "C3", "5-4-8", "a"), _u("a-lmg", "C3", "LMG-r", "a", carrier="a-1"),
             _u("b-1", "C4", "4-4-7r", "b")]
    pos = make_position("asl", units, "PFPh", counters=CAPTURED_USE, sides=_sides("finnish", "russian"),
                        options={"date": date})
    text = pos.resolve(pos.parse_action("fire a-1,a-lmg at C4 dice 5,5")).text()
    assert ("a-lmg: Original DR 10: malfunctions (B#) (A9.7)" in text) is malfunctions
