"""The vehicle moves no lift makes, offered (voffers.py): D7.14 one hex (or, of three or more, each proper
part) overrun of several named, D3.1.2 the turret turned with the MP entering the path's last hex, and before
it toward an enemy AFV or Gun, or toward infantry before an unarmored turret aspect (D5.311)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexmate.rules import actions as act
from hexmate.rules.games import Position
from hexmate.rules.games.asl import facing, vbypass, voffers
from hexmate.rules.games.asl.vehicles import tca_of
from hexmate.rules.hexes import direction_between

from .test_armour import COUNTERS
from .test_overrun import _through_windows, make
from .test_vcrewhit import catalogue

SQUADS = ({"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "E5"},
          {"id": "b-sq3", "counter": "4-4-7", "side": "b", "hex": "D4"})


def _moves(pos: Position) -> dict[str, act.Move]:
    return {pos.action_text(a): a for a in pos.legal_actions if isinstance(a, act.Move)}


def test_d7_14_each_hex_of_two_overrun_alone_is_offered(make_position: Any) -> None:
    """D7.14: squads in D4, D5 and E5 before the Panzer in C5 (VCA 0, 14 MP); every path into E5 enters two
    Overrun hexes. Beside the plain move (two OVRs: 1 + (1 + 4) + (1 + 4) = 11 MP, 14/4 = 3.5 FRU 4) and the
    one ``as through`` (none: 1 + 1 + 1 = 3), the rules offer each hex overrun alone: 1 + 5 + 1 = 7 MP."""
    pos = make(make_position, *SQUADS)
    moves = _moves(pos)
    path = next(t.split()[2] for t, m in moves.items() if m.mode == "" and pos.label(m.path[-1]) == "E5")
    entered = path.split("-")[1:]
    assert moves[f"move a-pz {path} cost 11"].cost == 11
    assert moves[f"move a-pz {path} cost 3 as through"].cost == 3
    for h in entered:
        assert moves[f"move a-pz {path} cost 7 as ovr:{h}"].cost == 7
    named = [t for t in moves if " as ovr:" in t]
    assert all(len(t.split(" as ")[1].split("+")) == 1 for t in named)  # one hex each, no combinations
    assert all(pos.game.listed_move(pos, moves[t]) for t in named)  # listed on the page (no lift makes it)
    pos.push_text(f"move a-pz {path} as ovr:{entered[0]}")  # and an offered one is played: one OVR there
    assert _through_windows(pos) == [(entered[0], entered[0])]


def test_d7_14_a_single_overrun_hex_gets_no_named_variant(make_position: Any) -> None:
    """The plain move already overruns the one enemy hex it enters, ``as through`` passes it: nothing more."""
    pos = make(make_position)
    assert not any(" as ovr:" in t for t in _moves(pos))


def test_d3_1_2_a_turret_turn_toward_the_enemy_at_the_path_end(make_position: Any) -> None:
    """D3.1.2: the TCA may change with any MP of the MPh, declared with it; offered: with the MP entering the
    path's last hex, toward each enemy unit in view not in the TCA now, at the plain move's cost; listed."""
    pos = make(make_position)
    moves = _moves(pos)
    turns = [t for t in moves if "@" in t]
    assert turns and all(pos.game.listed_move(pos, moves[t]) for t in turns)
    plain = {m.path: m for m in moves.values() if m.mode == ""}
    d5 = pos.map.parse_label("D5")
    for t in turns:
        move = moves[t]
        k = int(move.mode[3])
        end = move.path[-1]
        assert move.mode == f"tca{k}@{pos.label(end)}" and move.cost == plain[move.path].cost  # open ground
        assert facing.in_arc(end, d5, k) and not facing.in_arc(end, d5, 0)  # toward the squad, not yet
    toward = next(t for t in turns if t.startswith("move a-pz C5-D4 "))
    # from D4 the squad in D5 is due south, on the boundary of the arcs of hexspines 4 and 5 (D3.1): 5 is one
    # hexspine from the TCA 0, 4 two
    assert toward == "move a-pz C5-D4 cost 2 as tca5@D4"
    pos.push_text(toward)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    tank = pos.units["a-pz"]
    assert tca_of(tank.markers, tank.facing) == 5


def test_listed_reads_the_mode_words() -> None:
    assert voffers.listed(act.Move(("v",), (), None, "reverse+ovr:D5"))
    assert voffers.listed(act.Move(("v",), (), None, "tca3@E5"))
    assert not voffers.listed(act.Move(("v",), (), None, "tca3"))  # the first MP's turn: not offered here
    assert not voffers.listed(act.Move(("v",), (), None, "through"))


def test_d7_14_three_overrun_hexes_offer_each_pair_too(make_position: Any) -> None:
    """D7.14: the OVR is chosen hex by hex. The T (16 MP: a quarter, 4 MP, per OVR, D7.1) in C5 goes C5-D5-E5-
    F5 past squads in D5, E5 and F5. Stopped, it starts for 1 MP (D2.12), then three Open Ground entries:
    the plain move overruns all three, 1 + 3 + 3 x 4 = 16 MP, its whole allowance. Each proper part is
    offered: each hex alone (1 + 3 + 4 = 8 MP) and each pair (1 + 3 + 8 = 12 MP), in the path's order."""
    from hexmate.rules.games.asl import armour

    units = [{"id": "a-t", "counter": "t", "side": "a", "hex": "C5", "markers": ["vca0"]}] + [
        {"id": f"b-{h}", "counter": "4-4-7", "side": "b", "hex": h} for h in ("D5", "E5", "F5")]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    plain = armour.check_move(pos, pos.parse_action("move a-t C5-D5-E5-F5"))
    assert isinstance(plain, act.Move) and plain.cost == 16
    offered = {pos.action_text(m): m.cost for m in voffers.named_overruns(pos, pos.units["a-t"], [plain])}
    assert offered == {
        "move a-t C5-D5-E5-F5 cost 8 as ovr:D5": 8, "move a-t C5-D5-E5-F5 cost 8 as ovr:E5": 8,
        "move a-t C5-D5-E5-F5 cost 8 as ovr:F5": 8, "move a-t C5-D5-E5-F5 cost 12 as ovr:D5+ovr:E5": 12,
        "move a-t C5-D5-E5-F5 cost 12 as ovr:D5+ovr:F5": 12,
        "move a-t C5-D5-E5-F5 cost 12 as ovr:E5+ovr:F5": 12}


SCATTERED = ({"id": "b-sq1", "counter": "4-4-7", "side": "b", "hex": "H2"},
             {"id": "b-sq2", "counter": "4-4-7", "side": "b", "hex": "H7"},
             {"id": "b-sq3", "counter": "4-4-7", "side": "b", "hex": "K5"},
             {"id": "b-sq4", "counter": "4-4-7", "side": "b", "hex": "A1"})
ENEMY_TANK = {"id": "b-t", "counter": "t", "side": "b", "hex": "J2", "markers": ["vca3"]}


def _open(make_position: Any, *extra: dict[str, Any]) -> Position:
    """The Panzer in C5 in the open, VCA and TCA 0, no enemy beside it."""
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "C5", "markers": ["vca0"]}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


def _mid_path_turns(pos: Position) -> dict[str, act.Move]:
    return {t: m for t, m in _moves(pos).items()
            if "@" in m.mode and m.mode.split("@")[1] != pos.label(m.path[-1])}


def test_d3_1_2_a_turret_turn_before_the_last_hex_toward_an_enemy_afv(make_position: Any) -> None:
    """D3.1.2: the TCA may change with each MP spent, at no MP more in Open Ground; a turret hit's aspect is
    the TCA's. The Panzer in C5 (VCA and TCA 0), an enemy tank in J2: along C5-D5-E6-F6 (start 1 + three
    Open Ground hexes, 4 MP) J2 is in the TCA from D5 but not from E6, so the turn toward it is offered with
    the MP entering E6, at the plain move's 4 MP; not again at F6. Played, the turret turns at E6."""
    pos = _open(make_position, *SCATTERED, ENEMY_TANK)
    mid = _mid_path_turns(pos)
    j2, d5, e6 = (pos.map.parse_label(x) for x in ("J2", "D5", "E6"))
    assert facing.in_arc(d5, j2, 0) and not facing.in_arc(e6, j2, 0) and facing.in_arc(e6, j2, 1)
    text = "move a-pz C5-D5-E6-F6 cost 4 as tca1@E6"
    assert text in mid and pos.game.listed_move(pos, mid[text])
    assert not [t for t in mid if t.startswith("move a-pz C5-D5-E6-F6 ") and "@F6" in t]
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "F6" and tca_of(tank.markers, tank.facing) == 1


def test_d3_1_2_turret_turns_before_the_last_hex_counted(make_position: Any) -> None:
    """The listed actions, measured (a Panzer in the open, four enemy squads, then an enemy tank too; the
    counts are the measure the offers are bounded by): squads
    add no turn before the last hex (small arms hit no turret aspect); the tank adds at most one per path
    (here 47 over 101 paths, 237 listed before, 284 after)."""
    squads = _open(make_position, *SCATTERED)
    assert not _mid_path_turns(squads)
    assert sum(1 for m in _moves(squads).values() if voffers.listed(m)) == 229
    pos = _open(make_position, *SCATTERED, ENEMY_TANK)
    paths = {m.path for m in _moves(pos).values() if m.mode == ""}
    mid = _mid_path_turns(pos)
    assert 0 < len(mid) <= len(paths)
    assert len({m.path for m in mid.values()}) == len(mid)  # one enemy AFV: one turn a path
    assert sum(1 for m in _moves(pos).values() if voffers.listed(m)) == 237 + len(mid) == 284


def _bare_turret(make_position: Any, tmp_path: Path, *extra: dict[str, Any]) -> Position:
    """A Panzer whose turret rear is unarmored (D1.22) in C5 in the open, VCA and TCA 0."""
    counters = {**COUNTERS, "pzx": {"type": "vehicle", "vehicle": "demo-pz-g",
                                    "catalogue": catalogue(tmp_path, rear_unarmored="turret")}}
    units = [{"id": "a-pz", "counter": "pzx", "side": "a", "hex": "C5", "markers": ["vca0"]}, *extra]
    pos: Position = make_position("asl", units, "MPh", counters=counters)
    return pos


SQUAD_A6 = {"id": "b-sq", "counter": "4-4-7", "side": "b", "hex": "A6"}


def test_d3_1_2_d5_311_a_turret_turn_before_the_last_hex_toward_infantry(
        make_position: Any, tmp_path: Path) -> None:
    """D3.1.2 with D5.311: a turret hit's aspect is the TCA's, and small arms fired at an unarmored aspect
    expose even a BU crew. The Panzer's turret rear is unarmored; a Known 4-4-7 in A6 sees it from D5 (TCA
    0), and the turret turned to 3 shows it its front. Along C5-D5-E5 (start 1 + two Open Ground hexes, 3
    MP, D2.12) the turn is offered with the MP entering D5 at the plain move's 3 MP (no MP of its own in
    Open Ground); played, the turret ends at 3. One such turn a path: 93 over 101 paths here."""
    pos = _bare_turret(make_position, tmp_path, SQUAD_A6)
    d5, a6 = pos.map.parse_label("D5"), pos.map.parse_label("A6")
    assert facing.aspect(d5, 0, a6) == "rear" and facing.aspect(d5, 3, a6) == "front"
    mid = _mid_path_turns(pos)
    text = "move a-pz C5-D5-E5 cost 3 as tca3@D5"
    assert text in mid and pos.game.listed_move(pos, mid[text])
    assert "move a-pz C5-D5-E5 cost 3" in _moves(pos)  # the plain move, same MP
    assert len({m.path for m in mid.values()}) == len(mid) == 93  # one infantry hex: one turn a path
    pos.push_text(text)
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    tank = pos.units["a-pz"]
    assert pos.label(tank.hex) == "E5" and tca_of(tank.markers, tank.facing) == 3


def test_d3_1_2_no_turn_toward_infantry_that_would_change_nothing(make_position: Any, tmp_path: Path) -> None:
    """Not offered before the last hex: toward the same 4-4-7 concealed (not Known), nor toward it before
    the demo Panzer's turret, armored all round (D1.22: no aspect unarmored, D5.311 never applies)."""
    hidden = _bare_turret(make_position, tmp_path, {**SQUAD_A6, "concealed": True})
    assert not _mid_path_turns(hidden)
    assert not _mid_path_turns(_open(make_position, SQUAD_A6))


def test_d2_321_d3_1_2_a_turn_offered_on_the_path_out_of_a_bypass(make_position: Any) -> None:
    """D2.33: the Panzer bypassing the H3 woods (heading 4, along H3-I4, in Motion) leaves it forward into F,
    H4 (1 MP Open Ground); D3.1.2: with that MP its turret may turn, H4 being no bypass: offered toward the
    enemy tank in J1, not in the TCA 4 from H4, to hexspine 1; made as it enters H4."""
    probe: Position = make_position("asl", [{"id": "b-x", "counter": "4-4-7", "side": "b", "hex": "L8"}],
                                    "MPh", counters=COUNTERS)
    h3, i4 = probe.map.parse_label("H3"), probe.map.parse_label("I4")
    units = [{"id": "a-pz", "counter": "pz", "side": "a", "hex": "H3",
              "markers": ["vca4", "motion", f"byp{direction_between(h3, i4)}"]},
             {"id": "b-t", "counter": "t", "side": "b", "hex": "J1", "markers": ["vca0"]}]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"H3": {"terrain": "woods"}})
    h4, j1 = pos.map.parse_label("H4"), pos.map.parse_label("J1")
    assert vbypass.ends(h3, i4, 4)[0] == h4 and not facing.in_arc(h4, j1, 4) and facing.in_arc(h4, j1, 1)
    moves = _moves(pos)
    assert "move a-pz H3-H4 cost 1 as tca1@H4" in moves
    pos.push_text("move a-pz H3-H4 as tca1@H4")
    while pos.decision is not None and pos.decision.kind == "react":
        pos.push_text("answer pass")
    tank = pos.units["a-pz"]
    assert tank.hex == h4 and vbypass.across_of(tank) is None and tca_of(tank.markers, tank.facing) == 1
