"""ASL Cavalry Wave (cavwave.py; A13.62 on A25.23-A25.234, hw.py) on the Human Wave tests' board (a 20-column
board, hexes O1-R8). The text gives no worked example: each case is built from its sentences, with the demo
catalogue's counters (demo values): a Russian mounted 4-4-7 squad on each horse counter of three horses, an
8-0 on a one-horse counter."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position, get_game
from hexmate.rules.games.asl import cavalry, hw
from hexmate.rules.games.asl import units as au
from hexmate.rules.scenario import Scenario

from tests.rules.games.conftest import ASL_COUNTERS, scenario_dict, small_map

COUNTERS = {**ASL_COUNTERS, **{k: dict(v) for k, v in au.demo_catalogue().items()}}
SIDES = [{"id": "a", "name": "Germans", "nationality": "german"},  # A13.62: any nationality
         {"id": "b", "name": "Russians", "nationality": "russian"}]
CHAIN = ("O1", "P1", "Q2")


def position(units: list[dict[str, Any]], hexes: dict[str, Any] | None = None) -> Position:
    doc = scenario_dict("asl", units, COUNTERS, "MPh", sides=SIDES)
    return get_game("asl").new_position(Scenario.from_dict(doc, source="test-scenario"),
                                        hex_map=small_map("asl", hexes, columns=20, rows=10))


def rider(uid: str, counter: str, h: str, horse: str = "HORSE3") -> list[dict[str, Any]]:
    return [{"id": uid, "counter": counter, "side": "a", "hex": h, "markers": [cavalry.MOUNTED]},
            {"id": f"{uid}-h", "counter": horse, "side": "a", "hex": h, "carrier": uid}]


def cavalry_chain(chain: tuple[str, ...] = CHAIN) -> list[dict[str, Any]]:
    out = [u for h in chain for u in rider(f"a-{h.lower()}", "4-4-7", h)]
    return out + rider("a-l", "8-0", chain[1], "HORSE1")


def ids(chain: tuple[str, ...] = CHAIN) -> str:
    return ",".join([*(f"a-{h.lower()}" for h in chain), "a-l"])


def enemy(h: str) -> list[dict[str, Any]]:
    return [{"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": h}]


def test_a13_62_declaration_galloping_without_the_morale_bonus() -> None:
    """A13.62: a German Cavalry Wave (any nationality): a squad-equivalent of cavalry in each of three chain
    hexes, a leader, nobody within 3 hexes of the enemy, the target within 16 MF in LOS; all gallop at once
    (CX on the horses, A13.36) and none gets the HW's morale +1."""
    pos = position(cavalry_chain() + enemy("O7"))
    pos.push_text(f"activate {ids()} for cavalry-wave")
    top = pos.decision
    assert top is not None and top.then == "hw_row" and top.choices
    for uid in ("a-o1", "a-p1", "a-q2", "a-l"):
        unit = pos.units[uid]
        assert unit.has(hw.MARKER) and not unit.has(hw.TURN)
        horse = cavalry.horse_of(pos.state, unit)
        assert horse is not None and horse.has(cavalry.GALLOPING) and horse.has("cx")
    pos.push_text(f"answer {top.choices[0]}")
    wave = pos.game.gstate(pos.state).hw
    assert wave is not None and hw._allowance(pos.units["a-o1"]) == cavalry.GALLOP_START_MF


WOODS_ROW = {f"{c}5": "woods" for c in "ABCDEFGHIJKLMNOPQRST"}  # no cavalry MF given: a barrier (A13.3)


@pytest.mark.parametrize(("units", "hexes", "match"), [
    (cavalry_chain() + enemy("O4"), None, "within 3 hexes"),
    ([u for u in cavalry_chain() if u["id"] != "a-l" and u["id"] != "a-l-h"] + enemy("O7"), None, "leader"),
    ([*cavalry_chain(), {"id": "a-x", "counter": "4-4-7", "side": "a", "hex": "R2"}, *enemy("O7")], None,
     "not cavalry"),
    (cavalry_chain() + enemy("O7"), WOODS_ROW, "16 MF"),
])
def test_a13_62_prerequisites(units: list[dict[str, Any]], hexes: Any, match: str) -> None:
    """A13.62: nobody within 3 hexes of an enemy unit; a leader; cavalry only; a target within 16 MF in LOS
    (behind a row of woods that cavalry may not enter here, none)."""
    pos = position(units, hexes)
    names = ids() + (",a-x" if any(u["id"] == "a-x" for u in units) else "")
    if not any(u["id"] == "a-l" for u in units):
        names = ",".join(n for n in names.split(",") if n != "a-l")
    with pytest.raises(IllegalAction, match=match):
        pos.game.check(pos, pos.parse_action(f"activate {names} for cavalry-wave"))


def _move(pos: Position, text: str) -> None:
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")


def test_a13_62_impulses_end_in_a_charge_that_need_not_stop_the_unit() -> None:
    """A13.62: the wave's impulses cost Open Ground's 1 MF (A13.6 example); entering the enemy's O6 is a
    Charge (A13.6): 1 + 3 MF, then the TPBF attack at once, not halved (4 FP tripled, A7.21); the charging
    unit stays in the wave as the impulse closes (it need not stop in the enemy Location)."""
    pos = position(cavalry_chain() + enemy("O6"))
    pos.push_text(f"activate {ids()} for cavalry-wave")
    top = pos.decision
    assert top is not None
    pos.push_text(f"answer {top.choices[0]}")  # the hexrow through O6
    for o1, p1, q2 in (("O1-O2", "P1-O2", "Q2-P2"), ("O2-O3", "O2-O3", "P2-O3"), ("O3-O4", "O3-O4", "O3-O4"),
                       ("O4-O5", "O4-O5", "O4-O5")):  # an impulse each: every stack enters one Location
        _move(pos, f"move a-o1 {o1}")
        _move(pos, f"move a-p1,a-l {p1}")
        _move(pos, f"move a-q2 {q2}")
    wave = pos.game.gstate(pos.state).hw
    assert wave is not None and wave.spent == 4
    assert [pos.label(h) for h in pos.legal_actions.moves_for(frozenset({"a-o1", "a-o1-h"}))] == ["O6"]
    assert pos.game.check(pos, pos.parse_action("move a-o1 O5-O6")).cost == 1 + cavalry.CHARGE_MF
    _move(pos, "move a-o1 O5-O6")
    top = pos.decision
    assert top is not None and top.rule == "A13.6" and top.subject == ("a-o1",)
    pos.push_text("answer dice 6,5")
    res = pos.last_resolution
    assert res is not None and "12 FP ->" in res.text() and "mounted fire" not in res.text()
    while pos.decision is not None and pos.decision.kind != "react":
        d = pos.decision
        pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else "answer dice 1,2")
    for grp, at_ in ((("a-p1", "a-l"), "O5"), (("a-q2",), "O5")):
        options = pos.legal_actions.moves_for(frozenset((*grp, *(g + "-h" for g in grp))))
        if options:
            first = sorted(options, key=lambda h: (h.q, h.r))[0]
            _move(pos, f"move {','.join(grp)} {at_}-{pos.label(first)}")
            while pos.decision is not None and pos.decision.kind != "react":
                d = pos.decision  # their Charges miss (6,5), every check passes (1,2)
                pos.push_text(f"answer units {d.units[0]}" if d.kind == "units" else
                              "answer dice 6,5" if d.then == "ift" else "answer dice 1,2")
    wave = pos.game.gstate(pos.state).hw
    assert wave is not None and wave.impulse == 6 and pos.units["b-1"].hex == pos.map.parse_label("O6")
    assert pos.units["a-o1"].has(hw.MARKER)  # A13.62: not out of the wave for its enemy Location


def test_a13_62_no_cavalry_in_a_human_wave() -> None:
    """A13.62: cavalry and infantry never make a Human Wave together."""
    units = [*(dict(u, side="b") for u in cavalry_chain()[:2]),
             *({"id": f"b-{h.lower()}{i}", "counter": "4-4-7r", "side": "b", "hex": h}
               for h in ("O1", "P1", "Q2") for i in range(2)),
             {"id": "b-l", "counter": "8-0", "side": "b", "hex": "P1"},
             {"id": "a-g", "counter": "4-6-7", "side": "a", "hex": "O7"}]
    doc = scenario_dict("asl", units, COUNTERS, "MPh", sides=SIDES, first_side="b")
    pos = get_game("asl").new_position(Scenario.from_dict(doc, source="test-scenario"),
                                       hex_map=small_map("asl", None, columns=20, rows=10))
    names = "a-o1,b-o10,b-o11,b-p10,b-p11,b-q20,b-q21,b-l"
    with pytest.raises(IllegalAction, match="no cavalry in a Human Wave"):
        pos.game.check(pos, pos.parse_action(f"activate {names} for human-wave"))


def test_a13_62_the_cavalry_wave_is_offered_on_the_page() -> None:
    """A13.62: the declaration is lit for a chain that meets the rule, not for one within 3 hexes of the
    enemy."""
    offered = position(cavalry_chain() + enemy("O7"))
    texts = [offered.action_text(a) for a in offered.legal_actions]
    assert "activate a-l,a-o1,a-p1,a-q2 for cavalry-wave" in texts
    near = position(cavalry_chain() + enemy("O4"))
    assert not any("cavalry-wave" in near.action_text(a) for a in near.legal_actions)


def test_a13_62_lax_without_the_morale_bonus() -> None:
    """A13.62 on A25.23: a Cavalry Wave's units get no morale +1, but are Lax (A11.18) for the Player Turn:
    the ambush drm counts them (A11.4)."""
    from hexmate.rules.games.asl import cavwave, cc

    pos = position(cavalry_chain() + enemy("O7"))
    before = au.morale_of(pos.units["a-o1"].values, pos.units["a-o1"].markers)
    pos.push_text(f"activate {ids()} for cavalry-wave")
    unit = pos.units["a-o1"]
    assert unit.has(cavwave.TURN) and au.morale_of(unit.values, unit.markers) == before
    assert unit.hex is not None
    _, lines = cc.ambush_drm(pos, unit.hex, "a")
    assert any("lax" in str(line.label) for line in lines), [str(line.label) for line in lines]


def _last_chance(spent: int) -> Position:
    """One wave unit at P4 on a hexspine row heading down the board (forward: P5 and the hex down-left; side:
    Q5 and the hex left), the enemy in the side Location Q5, the wave's impulses having cost ``spent`` of its
    20 MF (A13.36)."""
    from hexmate.rules.games.asl import cavwave
    from hexmate.rules.hexes import DIRECTIONS

    units = [*rider("a-c", "4-4-7", "P4"), {"id": "b-1", "counter": "4-4-7r", "side": "b", "hex": "Q5"}]
    pos = position(units)
    here = pos.map.parse_label("P4")
    assert pos.label(here + DIRECTIONS[2]) == "Q5"
    state = pos.state.with_unit(pos.units["a-c"].mark(hw.MARKER, cavwave.TURN))
    state = state.with_unit(pos.units["a-c-h"].mark(cavalry.GALLOPING, "cx", cavalry.USED))
    wave = hw.Wave("a", True, 3, (here,), ("a-c",), spent=spent, starts=(("a-c", here, None),))
    return pos.at(state.replace(game=pos.game.gstate(state).replace(hw=wave)))


def test_a13_62_one_unit_must_charge_at_the_last_chance() -> None:
    """A13.62: one unit at least must Charge in the MPh. With 16 of the gallop's 20 MF spent, an impulse into
    Open Ground (1 MF) leaves 3, short of the cheapest Charge (1 + 3 MF, A13.6): the lone unit that could
    charge the side Location Q5 now must; with 15 spent, 4 are left and the choice is still the player's."""
    pos = _last_chance(16)
    forward = pos.label(pos.map.parse_label("P4") + hw.DIRECTIONS[3])
    with pytest.raises(IllegalAction, match="must charge now"):
        pos.game.check(pos, pos.parse_action(f"move a-c P4-{forward}"))
    assert pos.game.check(pos, pos.parse_action("move a-c P4-Q5")).cost == 1 + cavalry.CHARGE_MF
    lit = pos.legal_actions.moves_for(frozenset({"a-c", "a-c-h"}))
    assert [pos.label(h) for h in lit] == ["Q5"]
    free = _last_chance(15)
    assert free.game.check(free, free.parse_action(f"move a-c P4-{forward}")).cost == 1
