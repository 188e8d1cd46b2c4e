"""ASL Rally Phase SW actions through the game: repair (A9.72), transfer (A4.431) and recovery (A4.44), each
the unit's one RPh attempt where the text says so (A3.1). Counters from the demo catalogue (demo values)."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import DataError, IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}


def rph(make_position: Any, units: list[dict[str, Any]], phase: str = "RPh") -> Any:
    return make_position("asl", units, phase, counters=COUNTERS)


def squad_and(sw: str = "LMG", *markers: str, who: str = "4-6-7") -> list[dict[str, Any]]:
    return [
        {"id": "a-1", "counter": who, "side": "a", "hex": "C3"},
        {"id": "a-mg", "counter": sw, "side": "a", "hex": "C3", "carrier": "a-1", "markers": list(markers)},
        {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"},
    ]


@pytest.mark.parametrize(("dr", "repaired", "gone"), [(1, True, False), (2, False, False), (6, False, True)])
def test_repair_dr_against_the_lmgs_repair_number(make_position: Any, dr: int, repaired: bool,
                                                  gone: bool) -> None:
    """A9.72: the LMG's R# is 1: a dr of 1 repairs it, 2-5 leave it malfunctioned, a 6 eliminates it."""
    pos = rph(make_position, squad_and("LMG", "malfunctioned"))
    assert "repair a-mg" in {a.text() for a in pos.legal_actions}
    pos.push_text(f"repair a-mg dice {dr}")
    assert ("a-mg" not in pos.units) is gone
    if not gone:
        assert pos.units["a-mg"].has("malfunctioned") is not repaired
    assert f"repair dr {dr}, repair number 1" in pos.state.resolution.summary


def test_the_repair_opens_a_dr_for_its_owner_and_is_the_units_one_rph_action(make_position: Any) -> None:
    units = [*squad_and("MMG", "malfunctioned"), {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C5",
                                                   "markers": ["broken"]}]
    pos = rph(make_position, units)
    pos.push_text("repair a-mg")
    assert pos.decision is not None and pos.decision.then == "repair" and pos.decision.dice == "dr"
    pos.push_text("answer dice 3")  # MMG R2: 3 leaves it malfunctioned
    assert pos.units["a-mg"].has("malfunctioned")
    with pytest.raises(IllegalAction, match=r"repair dr this Rally Phase.*A9\.72"):
        pos.push_text("repair a-mg dice 1")
    pos.push_text("end")
    pos.push_text("end")  # both sides done: the RPh ends, and with it the attempts' markers (A3.1)
    assert pos.phase.id == "PFPh"
    assert not pos.units["a-1"].has("rally_tried") and not pos.units["a-mg"].has("repair_tried")


def test_a_squad_repairs_two_sw_a_hs_one(make_position: Any) -> None:
    """A9.72: as many malfunctioned SW as the unit may fire in a phase: two for a squad (A7.35)."""
    units = [*squad_and("LMG", "malfunctioned"),
             {"id": "a-mg2", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1",
              "markers": ["malfunctioned"]},
             {"id": "a-mg3", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1",
              "markers": ["malfunctioned"]}]
    pos = rph(make_position, units)
    pos.push_text("repair a-mg dice 2")
    pos.push_text("repair a-mg2 dice 1")
    assert not pos.units["a-mg2"].has("malfunctioned")
    with pytest.raises(IllegalAction, match=r"only as many SW as it may fire in one phase \(2\)"):
        pos.push_text("repair a-mg3 dice 1")


def test_no_repair_by_a_broken_owner_after_a_rally_or_outside_the_rph(make_position: Any) -> None:
    units = squad_and("LMG", "malfunctioned")
    units[0]["markers"] = ["broken"]
    pos = rph(make_position, units)
    with pytest.raises(IllegalAction, match=r"only a Good Order unit repairs a SW.*A9\.72"):
        pos.push_text("repair a-mg dice 1")
    pos = rph(make_position, squad_and("LMG", "malfunctioned"), "PFPh")
    with pytest.raises(IllegalAction, match="repair is not an action of the Prep Fire Phase"):
        pos.push_text("repair a-mg dice 1")


def test_a_captured_sw_is_not_repaired(make_position: Any) -> None:
    units = squad_and("LMG", "malfunctioned", who="4-4-7r")  # a Russian squad with a German LMG (A21.1)
    pos = rph(make_position, units)
    with pytest.raises(IllegalAction, match=r"captured.*A9\.72"):
        pos.push_text("repair a-mg dice 1")


def test_transfer_within_the_location_is_free_and_needs_good_order_unpinned_units(make_position: Any) -> None:
    units = [*squad_and("LMG"), {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-3", "counter": "4-6-7", "side": "a", "hex": "C4"},
             {"id": "a-4", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["pinned"]}]
    pos = rph(make_position, units)
    assert "transfer a-mg to a-2" in {a.text() for a in pos.legal_actions}
    with pytest.raises(IllegalAction, match=r"friendly unit in its possessor's Location.*A4\.431"):
        pos.push_text("transfer a-mg to a-3")
    with pytest.raises(IllegalAction, match=r"a-4 must be Good Order and not pinned.*A4\.431"):
        pos.push_text("transfer a-mg to a-4")
    pos.push_text("transfer a-mg to a-2")
    assert pos.units["a-mg"].carrier == "a-2" and pos.decision is None  # no attempt used (A3.1)
    assert not pos.units["a-1"].has("rally_tried") and not pos.units["a-2"].has("rally_tried")


@pytest.mark.parametrize(("dr", "cx", "ok"), [(5, False, True), (6, False, False), (5, True, False)])
def test_recovery_of_an_unpossessed_sw_succeeds_below_6(make_position: Any, dr: int, cx: bool,
                                                        ok: bool) -> None:
    """A4.44: a recovery dr, +1 if CX, below 6 recovers the SW; it is the unit's one RPh attempt."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["cx"] if cx else []},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = rph(make_position, units)
    pos.push_text(f"transfer a-mg to a-1 dice {dr}")
    assert (pos.units["a-mg"].carrier == "a-1") is ok
    assert pos.units["a-1"].has("rally_tried")
    assert ("recovered" if ok else "not recovered") in pos.state.resolution.summary


def test_a_recovered_sw_is_not_passed_on_in_the_same_phase(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = rph(make_position, units)
    pos.push_text("transfer a-mg to a-1 dice 2")
    with pytest.raises(IllegalAction, match=r"recovered this phase.*A4\.44"):
        pos.push_text("transfer a-mg to a-2")


def test_no_recovery_with_a_known_armed_enemy_in_the_location(make_position: Any) -> None:
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["melee"]}]
    pos = rph(make_position, units)
    with pytest.raises(IllegalAction, match=r"Known armed enemy.*A4\.44"):
        pos.push_text("transfer a-mg to a-1 dice 1")


def test_a_leader_takes_the_sw_of_a_broken_squad_with_a_recovery_dr(make_position: Any) -> None:
    """A4.44: only an SMC takes a SW from a broken friendly unit, with a recovery dr below 6."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             {"id": "a-l", "counter": "8-0", "side": "a", "hex": "C3"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = rph(make_position, units)
    with pytest.raises(IllegalAction, match=r"a-1 must be Good Order.*A4\.431"):
        pos.push_text("transfer a-mg to a-2")
    pos.push_text("transfer a-mg to a-l dice 4")
    assert pos.units["a-mg"].carrier == "a-l"


def test_recovery_comes_at_the_start_of_the_rph_before_rallies_and_repairs(make_position: Any) -> None:
    """A4.44: a recovery is tried at the start of the RPh: once the side has rallied, it is too late."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-2", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-3", "counter": "4-6-7", "side": "a", "hex": "E3", "markers": ["broken"]},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3"},
             {"id": "a-mg2", "counter": "LMG", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = rph(make_position, units)
    pos.push_text("transfer a-mg to a-1 dice 6")  # failed, but a recovery: others may still recover
    pos.push_text("rally a-3 dice 5,5")  # a self-rally attempt (fails: 10 + 1 > 8)
    with pytest.raises(IllegalAction, match=r"at the start of the RPh.*A4\.44"):
        pos.push_text("transfer a-mg2 to a-2 dice 1")


@pytest.mark.parametrize(("dr", "recovered"), [(4, True), (5, False)])
def test_a4_44_night_adds_1_to_the_recovery_dr(make_position: Any, dr: int, recovered: bool) -> None:
    """A4.44: +1 at night (the scenario's ``night`` option): a dr of 4 is a final 5 (< 6), a 5 a final 6."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "H3"}]
    pos = make_position("asl", units, "RPh", counters=COUNTERS, options={"night": True})
    pos.push_text(f"transfer a-mg to a-1 dice {dr}")
    assert (pos.units["a-mg"].carrier == "a-1") is recovered
    assert f"final dr {dr + 1}" in pos.state.resolution.summary
    assert ("night", "+1") in {(line.label, line.value) for line in pos.state.resolution.lines}


def test_a4_44_an_smc_takes_no_sw_from_a_broken_friend_with_a_known_armed_enemy_there(
        make_position: Any) -> None:
    """A4.44: taking a broken friend's SW is a recovery: a Known armed enemy in the Location bars it."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             {"id": "a-l", "counter": "8-0", "side": "a", "hex": "C3"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["melee"]}]
    pos = rph(make_position, units)
    with pytest.raises(IllegalAction, match=r"Known armed enemy.*A4\.44"):
        pos.push_text("transfer a-mg to a-l dice 1")


def test_a4_44_a_broken_enemy_is_armed_and_bars_the_recovery_too(make_position: Any) -> None:
    """A4.44 asks only that the enemy in the Location be armed and Known: a broken enemy squad is both (it is
    not Unarmed, A20.5), so the 8-0 may not take his broken friend's LMG beside it."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3", "markers": ["broken"]},
             {"id": "a-l", "counter": "8-0", "side": "a", "hex": "C3"},
             {"id": "a-mg", "counter": "LMG", "side": "a", "hex": "C3", "carrier": "a-1"},
             {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "C3", "markers": ["broken", "melee"]}]
    pos = rph(make_position, units)
    with pytest.raises(IllegalAction, match=r"Known armed enemy.*A4\.44"):
        pos.push_text("transfer a-mg to a-l dice 1")


def test_a4_44_the_night_option_is_true_or_false(make_position: Any) -> None:
    """``options.night`` (A4.44's +1) is checked on load: a value other than true or false is an error naming
    the scenario and the key."""
    units = [{"id": "a-1", "counter": "4-6-7", "side": "a", "hex": "C3"}]
    with pytest.raises(DataError, match=r"options\.night: true or false"):
        make_position("asl", units, "RPh", counters=COUNTERS, options={"night": "yes"})
