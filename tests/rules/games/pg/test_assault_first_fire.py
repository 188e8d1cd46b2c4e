"""First fire in a PG assault (12.43, 16.1, 16.2, 16.4): defenders in foxholes (a DUG IN marker) or
entrenchments, and strongpoints, roll first and their result falls on the attackers before these fire; only
attackers that survive it and are not demoralized fire. Where only some defenders are dug in, the defender
chooses: first fire by those alone, or everyone together with the attacker."""

from __future__ import annotations

from typing import Any

from .conftest import unit as _u

SP = {"sp": {"type": "personnel", "df": 4, "df_range": 2, "ma": 0, "morale": 9, "steps": 2,
             "strongpoint": 1}}


def _assault(make_position: Any, pg: Any, *defenders: dict[str, Any]) -> Any:
    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), *defenders, _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=SP)
    pos.push_text("move a1,al C3-C4")
    return pos


def _settle_losses(pos: Any) -> None:
    while pos.decision is not None and pos.decision.then != "assault":
        d = pos.decision
        pos.push_text("answer dice 1,1" if d.kind == "roll" and d.dice == "2d6" else "answer dice 1"
                      if d.kind == "roll" else f"answer units {d.units[0]}")


def test_12_43_a_dug_in_defender_fires_first_and_its_result_falls_before_the_attacker_rolls(
        make_position: Any, pg: Any) -> None:
    """12.43: b1 in foxholes (16.2) rolls first; the attackers' roll comes after its result is applied."""
    pos = _assault(make_position, pg, _u("b1", "C4", "inf", "b", "dug_in"))
    top = pos.decision
    assert (top.side, top.then, top.rule, top.arg("role")) == ("b", "assault", "12.43", "first")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert "first fire at C4 (12.43): defender" in res.text() and set(res.results) == {"a1", "al"}
    assert "attacker ACT" not in res.text()
    _settle_losses(pos)
    top = pos.decision
    assert (top.side, top.arg("role")) == ("a", "after")
    pos.push_text("answer dice 6,6")
    res = pos.last_resolution
    assert "after the first fire: attacker" in res.text() and set(res.results) == {"b1"}


def test_12_43_a_demoralized_attacker_does_not_fire_after_the_first_fire(make_position: Any, pg: Any) -> None:
    pos = _assault(make_position, pg, _u("b1", "C4", "inf", "b", "entrenched"))
    pos.push_text("answer dice 1,1")
    _settle_losses(pos)
    pos._states[-1] = pos.state.with_unit(pos.units["a1"].mark("demoralized"))  # as if the check failed
    pos.push_text("answer dice 6,6")
    assert "attacker ACT: 1 fires" not in pos.last_resolution.text()
    assert "a1 5" not in pos.last_resolution.text()  # a1 takes no part


def test_12_43_in_a_mixed_hex_the_defender_chooses(make_position: Any, pg: Any) -> None:
    """12.43: b1 dug in, b2 not: first fire by b1 alone (b2 does not fire), or all together."""
    pos = _assault(make_position, pg, _u("b1", "C4", "inf", "b", "dug_in"), _u("b2", "C4", "inf4", "b"))
    top = pos.decision
    assert (top.kind, top.side, top.then, top.choices) == ("confirm", "b", "assault_first", ("first",
                                                                                             "together"))
    pos.push_text("answer first")
    assert pos.decision.arg("role") == "first" and pos.decision.arg("firing") == "b1"
    pos.push_text("answer dice 4,4")
    text = pos.last_resolution.text()
    assert "b1 5" in text and "b2 4" not in text
    pos = _assault(make_position, pg, _u("b1", "C4", "inf", "b", "dug_in"), _u("b2", "C4", "inf4", "b"))
    pos.push_text("answer together")
    assert pos.decision.arg("role") == "attacker"  # 12.4: the ordinary simultaneous assault
    pos.push_text("answer dice 4,4")
    pos.push_text("answer dice 4,4")
    assert "b1 5" in pos.last_resolution.text() and "b2 4" in pos.last_resolution.text()


def test_16_1_a_strongpoint_fires_first(make_position: Any, pg: Any) -> None:
    pos = _assault(make_position, pg, _u("s1", "C4", "sp", "b"))
    assert pos.decision.arg("role") == "first" and pos.decision.side == "b"


def test_12_43_an_afv_assaulted_by_foot_units_in_the_open_fires_first(make_position: Any, pg: Any) -> None:
    """12.43: the tank and the infantry both began the turn in open terrain: the tank fires first, in the
    round the assault begins; in woods it does not."""
    from .test_activation import RANKED

    units = [_u("a1", "C3"), _u("al", "C3", "ldr"), _u("tb", "C4", "tank", "b"), _u("b9", "K8", "inf", "b")]
    pos = pg(make_position, units, counters_extra=RANKED)
    pos.push_text("move a1,al C3-C4")
    assert pos.decision.then == "assault_at" or pos.decision.arg("role") == "first"
    while pos.decision.then == "assault_at":
        pos.push_text("answer assault")
    assert pos.decision.arg("role") == "first" and pos.decision.side == "b"
    pos = pg(make_position, units, counters_extra=RANKED, hexes={"C4": {"terrain": "woods"}})
    pos.push_text("move a1,al C3-C4")
    while pos.decision.then == "assault_at":
        pos.push_text("answer assault")
    assert pos.decision.arg("role") == "attacker"  # simultaneous (12.4)
