"""Armored Assault (aa.py, D9.31): infantry beneath a friendly AFV at the start of their MPh move stacked with
it, declared ``as armored-assault``; played through apply, the Defensive First Fire at them shows the +1 TEM
the moving AFV gives them and no FFMO (FFNAM stays), as the D.8 example's second shot."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games import Position

from .test_armour import COUNTERS


def unit(uid: str, counter: str, side: str, where: str, *markers: str) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": where, "markers": list(markers)}


def board(make_position: Any, *extra: dict[str, Any], phase: str = "MPh") -> Position:
    units = [unit("a-pz", "pz", "a", "C5", "vca0"), unit("a-sq", "4-6-7", "a", "C5"),
             unit("b-sq", "4-6-7", "b", "H3"), *extra]
    pos: Position = make_position("asl", units, phase, counters=COUNTERS)
    return pos


def settle(pos: Position) -> None:
    """No Defensive First Fire; the AFV keeps its facing (D2.11)."""
    while pos.decision is not None:
        pos.push_text("answer pass" if pos.decision.kind == "react" else "answer keep")


def _lines(pos: Position, text: str) -> list[tuple[str, str, str]]:
    res = pos.resolve(pos.parse_action(text))
    return [(str(line.label), str(line.value), line.rule) for line in res.lines]


def test_d9_31_the_stack_moves_together_and_is_offered(make_position: Any) -> None:
    """D9.31: the squad beneath the PzKpfw moves with it; the move is offered for the pair and played through
    apply: both end in E5, both marked as moved, the squad as in Armored Assault with the AFV."""
    pos = board(make_position)
    offered = pos.legal_actions.moves_for({"a-pz", "a-sq"})
    E5 = pos.map.parse_label("E5")
    assert E5 in offered and offered[E5].mode == "armored-assault"
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    settle(pos)
    assert pos.label(pos.units["a-pz"].hex) == "E5" and pos.label(pos.units["a-sq"].hex) == "E5"
    assert pos.units["a-sq"].has("aa:a-pz")
    assert {"a-pz", "a-sq"} <= set(pos.state.moved)


def test_d9_31_ffnam_and_the_afv_tem_net_zero_in_open_ground(make_position: Any) -> None:
    """D.8 example (second shot, D9.31): infantry under Armored Assault fired on as they enter Open Ground get
    +1 from the AFV (a moving one: Case J does not take it away) and -1 FFNAM, no FFMO: net 0. There: DR 8,
    +1 hindrance, +1 Armored Assault, -1 FFNAM = 9; here with no hindrance on the line, DR 8 -> Final DR 8."""
    pos = board(make_position)
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    assert pos.decision is not None and pos.decision.kind == "react"
    lines = _lines(pos, "fire b-sq at D5 dice 5,3")
    assert ("Armored Assault with a-pz (D9.31)", "+1", "D9.3") in lines
    assert ("First Fire at a moving unit (FFNAM)", "-1", "A4.6") in lines
    assert not any(label.startswith("moving in Open Ground") for label, _, _ in lines)
    assert ("Final DR", "8 +0 = 8", "A7.3") in lines


def test_d9_31_without_armored_assault_ffmo_and_no_tem(make_position: Any) -> None:
    """The same squad moving alone in Open Ground: FFNAM and FFMO (A4.6), no TEM from the AFV it left."""
    pos = board(make_position)
    pos.push_text("move a-sq C5-D5")
    lines = _lines(pos, "fire b-sq at D5 dice 5,3")
    assert ("moving in Open Ground (FFMO)", "-1", "A4.6") in lines
    assert not any(rule == "D9.3" for _, _, rule in lines)


def test_d9_31_who_may(make_position: Any) -> None:
    """D9.31: only infantry that begin their MPh beneath a friendly AFV; the AFV goes no farther than the
    infantry could along the whole path (here the squad's 4 MF: five Open Ground hexes are too many, though
    the AFV alone has the MP)."""
    pos = board(make_position, unit("a-sq2", "4-6-7", "a", "B5"))
    with pytest.raises(IllegalAction, match="not beneath"):
        pos.push_text("move a-pz,a-sq2 C5-D5 as armored-assault")
    with pytest.raises(IllegalAction, match="5 MF, the stack has 4 MF"):
        pos.push_text("move a-pz,a-sq C5-D5-E5-F5-G5-H5 as armored-assault")
    far = pos.legal_actions.moves_for({"a-pz", "a-sq"})
    assert pos.map.parse_label("G5") in far and pos.map.parse_label("H5") not in far
    assert pos.map.parse_label("H5") in pos.legal_actions.moves_for({"a-pz"})
    pos.push_text("move a-sq2 B5-B4")  # another unit has moved: the squad has not, but the AFV must not have
    settle(pos)
    pos.push_text("move a-pz C5-D5")
    settle(pos)
    pos.push_text("move a-sq C5-D5")  # the squad follows alone: no Armored Assault now
    settle(pos)
    with pytest.raises(IllegalAction, match="already moved"):
        pos.push_text("move a-pz,a-sq D5-E5 as armored-assault")


def test_d9_31_in_the_dfph_only_beside_a_stopped_afv(make_position: Any) -> None:
    """D9.31: to keep the AFV's +1 TEM in the DFPh the AFV must be stopped; in Motion it gives none (Case J,
    D9.3). Infantry that did not move with it get nothing from an AFV that moved (D9.3). The marker goes at
    the DFPh's end."""
    def dfph(*marks: str, sq: str = "aa:a-pz") -> Position:
        units = [unit("a-pz", "pz", "a", "E5", "vca0", "entered", *marks),
                 unit("a-sq", "4-6-7", "a", "E5", sq), unit("b-sq", "4-6-7", "b", "H3")]
        pos: Position = make_position("asl", units, "DFPh", counters=COUNTERS)
        return pos

    stopped = dfph()
    assert ("Armored Assault with a-pz (D9.31)", "+1", "D9.3") in _lines(stopped, "fire b-sq at E5 dice 5,3")
    assert not any(rule == "D9.3" for _, _, rule in _lines(dfph("motion"), "fire b-sq at E5 dice 5,3"))
    assert not any(rule == "D9.3" for _, _, rule in _lines(dfph(sq="cx"), "fire b-sq at E5 dice 5,3"))
    stopped.push_text("end")
    assert stopped.phase.id != "DFPh"
    assert not stopped.units["a-sq"].has("aa:a-pz")


def test_d9_31_no_more_than_one_positive_tem(make_position: Any) -> None:
    """D9.3 (which D9.31 excepts only from Case J): the AFV's +1 is used only without another positive TEM;
    in woods the squad has the woods' TEM alone."""
    units = [unit("a-pz", "pz", "a", "D5", "vca0", "entered"), unit("a-sq", "4-6-7", "a", "D5", "aa:a-pz"),
             unit("b-sq", "4-6-7", "b", "H3")]
    pos: Position = make_position("asl", units, "DFPh", counters=COUNTERS, hexes={"D5": "woods"})
    lines = _lines(pos, "fire b-sq at D5 dice 5,3")
    assert not any(rule == "D9.3" for _, _, rule in lines) and any(rule == "A7.6" for _, _, rule in lines)


def parting_board(make_position: Any, *extra: dict[str, Any]) -> Position:
    units = [unit("a-pz", "pz", "a", "B5", "vca0"), unit("a-sq", "4-6-7", "a", "B5"),
             unit("b-sq", "4-6-7", "b", "J1"), *extra]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS, hexes={"D4": "woods"})
    return pos


def test_t_cbt_12_the_afv_goes_on_alone_no_farther_than_the_infantry_could(make_position: Any) -> None:
    """T-CBT-12 (D9.31 example) on an analogue: the squad under the tank has spent 2 MF with it (B5-C5-D5) and
    parts there; with its 2 MF left it enters the woods (D4, 2 MF) alone, and the tank goes on alone two
    Open Ground hexes (E5, F5: 2 infantry MF) but not three."""
    pos = parting_board(make_position)
    with pytest.raises(IllegalAction, match="3 MF more, they had 2 MF left"):
        pos.push_text("move a-pz,a-sq B5-C5-D5-E5-F5-G5 as armored-assault:D5")
    pos.push_text("move a-pz,a-sq B5-C5-D5-E5-F5 as armored-assault:D5")
    settle(pos)
    assert pos.label(pos.units["a-pz"].hex) == "F5" and pos.label(pos.units["a-sq"].hex) == "D5"
    assert pos.units["a-sq"].has("aa:a-pz")
    with pytest.raises(IllegalAction, match="the stack has 2 MF"):
        pos.push_text("move a-sq D5-E5-F5-G5")  # three Open Ground hexes: more than it has left
    pos.push_text("move a-sq D5-D4")  # its 2 MF left: the woods (D9.31 example: CC5)
    settle(pos)
    assert pos.label(pos.units["a-sq"].hex) == "D4"


def test_t_cbt_12_with_6_mf_the_afv_reaches_two_hexes_farther(make_position: Any) -> None:
    """T-CBT-12 (D9.31 example): with a leader (6 MF, A4.12) the infantry have 4 MF left at the parting, so
    the tank may go on four Open Ground hexes (to H5), not five."""
    pos = parting_board(make_position, unit("a-ldr", "9-1", "a", "B5"))
    with pytest.raises(IllegalAction, match="5 MF more, they had 4 MF left"):
        pos.push_text("move a-pz,a-sq,a-ldr B5-C5-D5-E5-F5-G5-H5-I5 as armored-assault:D5")
    pos.push_text("move a-pz,a-sq,a-ldr B5-C5-D5-E5-F5-G5-H5 as armored-assault:D5")
    settle(pos)
    assert pos.label(pos.units["a-pz"].hex) == "H5" and pos.label(pos.units["a-ldr"].hex) == "D5"


def test_d9_31_parting_hex_must_be_on_the_path(make_position: Any) -> None:
    pos = parting_board(make_position)
    with pytest.raises(IllegalAction, match="before its end"):
        pos.push_text("move a-pz,a-sq B5-C5-D5 as armored-assault:J5")


def test_d14_33_no_cavalry_wave_with_an_afv(make_position: Any) -> None:
    """D14.33, A13.62: a Cavalry Wave is not among the impulse movements Armored Assault combines with."""
    pos = board(make_position)
    pos = pos.at(pos.state.with_unit(pos.units["a-sq"].mark("hw", "mounted")))
    with pytest.raises(IllegalAction, match=r"Cavalry Wave.*A13\.62"):
        pos.push_text("move a-pz,a-sq C5-D5 as armored-assault")


def test_t_cbt_12_double_time_gives_the_same_reach_as_a_leader(make_position: Any) -> None:
    """T-CBT-12 (D9.31 example): Double Time declared at the start (A4.5: 6 MF, CX) lets the tank go on as far
    as with a leader: four Open Ground hexes after the 2 MF spent together, not five."""
    pos = parting_board(make_position)
    with pytest.raises(IllegalAction, match="5 MF more, they had 4 MF left"):
        pos.push_text("move a-pz,a-sq B5-C5-D5-E5-F5-G5-H5-I5 as armored-assault:D5+cx")
    pos.push_text("move a-pz,a-sq B5-C5-D5-E5-F5-G5-H5 as armored-assault:D5+cx")
    settle(pos)
    assert pos.label(pos.units["a-pz"].hex) == "H5" and pos.units["a-sq"].has("cx")


def test_t_cbt_12_double_time_declared_as_they_part_gives_one_more_mf(make_position: Any) -> None:
    """T-CBT-12 (D9.31 example, last case; A4.5): Double Time declared after spending MF adds only 1 MF, so
    after 2 MF together the tank goes on three Open Ground hexes, not four; the squad is CX from then on and
    has 3 MF to go on with."""
    pos = parting_board(make_position)
    with pytest.raises(IllegalAction, match="4 MF more, they had 3 MF left"):
        pos.push_text("move a-pz,a-sq B5-C5-D5-E5-F5-G5-H5 as armored-assault:D5+cx1")
    with pytest.raises(IllegalAction, match="needs the hex where they part"):
        pos.push_text("move a-pz,a-sq B5-C5-D5 as armored-assault+cx1")
    pos.push_text("move a-pz,a-sq B5-C5-D5-E5-F5-G5 as armored-assault:D5+cx1")
    settle(pos)
    assert pos.label(pos.units["a-pz"].hex) == "G5" and pos.units["a-sq"].has("cx")
    with pytest.raises(IllegalAction, match="the stack has 3 MF"):
        pos.push_text("move a-sq D5-C5-B5-A5-A4")
    pos.push_text("move a-sq D5-C5-B5-A5")
    settle(pos)
    assert pos.label(pos.units["a-sq"].hex) == "A5"


@pytest.mark.parametrize(("nationality", "ssr", "refused"), [
    ("russian", True, True), ("russian", False, False), ("german", True, False)])
def test_a25_212_the_early_war_russian_doctrine_ssr_bars_armored_assault(
        make_position: Any, nationality: str, ssr: bool, refused: bool) -> None:
    units = [unit("a-pz", "pz", "a", "C5", "vca0"), unit("a-sq", "4-6-7", "a", "C5"),
             unit("b-sq", "4-6-7", "b", "H3")]
    sides = [{"id": "a", "name": "A", "nationality": nationality}, {"id": "b", "name": "B"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, sides=sides,
                        options={"early_war_russian_doctrine": True} if ssr else {})
    move = "move a-pz,a-sq C5-D5-E5 as armored-assault"
    if refused:
        with pytest.raises(IllegalAction, match=r"Early War Russian Doctrine.*A25\.212"):
            pos.push_text(move)
    else:
        pos.push_text(move)
        assert pos.units["a-sq"].has("aa:a-pz")


def _aa_listed(pos: Position) -> list[str]:
    return [pos.action_text(a) for a in pos.legal_actions if "armored-assault" in getattr(a, "mode", "")]


def test_t_cbt_12_the_parting_variants_are_legal_actions(make_position: Any) -> None:
    """D9.31 example on the analogue: the legal actions list the joint moves and, along each path, where the
    squad may part; its 4 MF take the tank no farther than four Open Ground hexes in all, parted or not,
    though the tank alone goes much farther. A listed variant plays through apply: parted after 2 MF (D6),
    the tank goes on two hexes (E6, F5)."""
    pos = parting_board(make_position)
    listed = _aa_listed(pos)
    assert "move a-pz,a-sq B5-C6-D6-E6-F5 cost 5 as armored-assault:D6" in listed
    assert "move a-pz,a-sq B5-C6-D6-E6-F5 cost 5 as armored-assault" in listed
    assert "move a-pz,a-sq B5-C6-D6 cost 3 as armored-assault:C6" in listed
    assert max(len(t.split(" ")[2].split("-")) for t in listed) == 5  # B5 and four hexes entered
    alone = [a for a in pos.legal_actions if getattr(a, "units", ()) == ("a-pz",)]
    assert max(len(getattr(a, "path", ())) for a in alone) > 5
    pos.push_text("move a-pz,a-sq B5-C6-D6-E6-F5 as armored-assault:D6")
    settle(pos)
    assert pos.label(pos.units["a-pz"].hex) == "F5" and pos.label(pos.units["a-sq"].hex) == "D6"
    assert _aa_listed(pos) == []  # both have moved


def test_d9_31_assault_movement_keeps_the_afv_tem_without_ffnam(make_position: Any) -> None:
    """D9.31 (its exception) with A4.61: Assault Movement takes away FFNAM, and the AFV's +1 TEM takes away
    FFMO, so the net is +1, not 0: DR 8 -> Final DR 9. Assault Movement is one Location, so the AFV goes
    with them no farther (nor on alone after they part)."""
    pos = board(make_position)
    with pytest.raises(IllegalAction, match="one Location only"):
        pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault+assault")
    with pytest.raises(IllegalAction, match="one Location only"):
        pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault:D5+assault")
    pos.push_text("move a-pz,a-sq C5-D5 as armored-assault+assault")
    assert pos.decision is not None and pos.decision.kind == "react"
    lines = _lines(pos, "fire b-sq at D5 dice 5,3")
    assert ("Armored Assault with a-pz (D9.31)", "+1", "D9.3") in lines
    assert not any(rule in ("A4.6", "A4.34") for _, _, rule in lines)
    assert ("Final DR", "8 +1 = 9", "A7.3") in lines
    settle(pos)
    assert pos.units["a-sq"].has("assault") and pos.units["a-sq"].has("aa:a-pz")


def test_d9_31_residual_fp_attacks_the_infantry_with_the_afv_tem(make_position: Any) -> None:
    """A8.2 with D9.31: the squad entering D5 with its AFV meets the enemy's Residual FP there as infantry
    (the AFV's own crew is vresid.py's); the AFV's +1 stands for it as for any fire at them in its Location,
    so Open Ground gives no FFMO and FFNAM stays: DR 3 -> Final DR 3 (+1 -1), as D9.31's net 0."""
    from hexmate.rules.games.asl import residual as rfp

    pos = board(make_position)
    d5 = pos.map.parse_label("D5")
    pos = pos.at(rfp.place(pos, pos.state, d5, 4, "b"))
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault")
    top = pos.decision
    assert top is not None and top.then == "residual" and top.subject == ("a-sq",)
    pos.push_text("answer dice 2,1")
    res = pos.last_resolution
    assert res is not None
    lines = [(str(line.label), str(line.value), line.rule) for line in res.lines]
    assert ("Armored Assault with a-pz (D9.31)", "+1", "D9.3") in lines
    assert ("First Fire at a moving unit (FFNAM)", "-1", "A4.6") in lines
    assert not any(label.startswith("moving in Open Ground") for label, _, _ in lines)
    assert ("Final DR", "3 +0 = 3", "A7.3") in lines
    assert set(res.results) == {"a-sq"}


def _ht(make_position: Any, *ht_markers: str) -> Position:
    """The demo halftrack in C5 with a 9-1 aboard (its passenger) and a 4-6-7 on foot beneath it."""
    units = [unit("a-ht", "ht", "a", "C5", "vca0", *ht_markers), unit("a-sq", "4-6-7", "a", "C5"),
             {"id": "a-ldr", "counter": "9-1", "side": "a", "hex": "C5", "carrier": "a-ht"},
             unit("b-sq", "4-6-7", "b", "C8")]
    pos: Position = make_position("asl", units, "MPh", counters=COUNTERS)
    return pos


FIVE = "C5-D5-E5-F5-G5-H5"  # five Open Ground hexes: 5 MF, one more than a 4-6-7's 4 (A4.1)


def test_d6_65_a_ce_leader_aboard_gives_the_infantry_moving_with_it_his_mf_bonus(make_position: Any) -> None:
    """D6.65, A4.12: the CE 9-1 aboard the halftrack gives the 4-6-7 moving with it the whole MPh +2 MF: 6 MF,
    so five Open Ground hexes (5 MF) are within its reach; the squad is marked as so led."""
    pos = _ht(make_position)
    pos.push_text(f"move a-ht,a-sq {FIVE} as armored-assault")
    settle(pos)
    assert pos.label(pos.units["a-sq"].hex) == "H5" and pos.units["a-sq"].has("aa_led")


def test_d6_65_no_bonus_from_a_bu_leader_aboard(make_position: Any) -> None:
    """D6.65, D6.62: BU, the halftrack's passengers are not CE: no bonus, the squad's 4 MF do not reach H5."""
    pos = _ht(make_position, "bu")
    with pytest.raises(IllegalAction):
        pos.push_text(f"move a-ht,a-sq {FIVE} as armored-assault")


def test_d6_65_no_bonus_when_the_infantry_part_from_it(make_position: Any) -> None:
    """D6.65 (all the MPh with him): infantry that part from the halftrack on the way get no bonus: parting
    in G5 after 4 MF leaves the squad no MF, so the halftrack may not go on to H5 (D9.31)."""
    pos = _ht(make_position)
    with pytest.raises(IllegalAction):
        pos.push_text(f"move a-ht,a-sq {FIVE} as armored-assault:G5")


@pytest.mark.parametrize(("nationality", "ssr", "refused"), [
    ("russian", True, True), ("russian", False, False), ("german", True, False)])
def test_a25_212_under_the_doctrine_the_russian_afvs_move_before_the_infantry(
        make_position: Any, nationality: str, ssr: bool, refused: bool) -> None:
    """A25.212 (SSR): a Russian AFV that is to move in its MPh moves before every friendly infantry unit; once
    a squad has moved, the tank may not, and it is not offered."""
    units = [unit("a-pz", "pz", "a", "C5", "vca0"), unit("a-sq", "4-6-7", "a", "A1"),
             unit("b-sq", "4-6-7", "b", "H3")]
    sides = [{"id": "a", "name": "A", "nationality": nationality}, {"id": "b", "name": "B"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, sides=sides,
                        options={"early_war_russian_doctrine": True} if ssr else {})
    pos.push_text("move a-sq A1-B1")
    settle(pos)
    assert pos.label(pos.units["a-sq"].hex) == "B1"
    offered = pos.legal_actions.moves_for({"a-pz"})
    if refused:
        assert not offered
        with pytest.raises(IllegalAction, match=r"AFVs move before the infantry.*A25\.212"):
            pos.push_text("move a-pz C5-D5")
    else:
        assert offered
        pos.push_text("move a-pz C5-D5")
        settle(pos)
        assert pos.label(pos.units["a-pz"].hex) == "D5"


def test_a25_212_the_afv_first_then_the_infantry(make_position: Any) -> None:
    units = [unit("a-pz", "pz", "a", "C5", "vca0"), unit("a-sq", "4-6-7", "a", "A1"),
             unit("b-sq", "4-6-7", "b", "H3")]
    sides = [{"id": "a", "name": "A", "nationality": "russian"}, {"id": "b", "name": "B"}]
    pos = make_position("asl", units, "MPh", counters=COUNTERS, sides=sides,
                        options={"early_war_russian_doctrine": True})
    pos.push_text("move a-pz C5-D5")
    settle(pos)
    pos.push_text("move a-sq A1-B1")
    settle(pos)
    assert pos.label(pos.units["a-pz"].hex) == "D5" and pos.label(pos.units["a-sq"].hex) == "B1"


def test_d7_1_d9_31_the_afv_goes_on_alone_into_enemy_infantry_without_its_overrun(make_position: Any) -> None:
    """D7.1's "may" in a plain Armored Assault: the squad may not enter the enemy 4-6-7's E5 with the AFV
    (A4.14), so the joint move into it is refused with the way to write it: the infantry part in D5 and the
    Panzer goes on alone into E5 ``+through``, paying E5's 1 MP and not the OVR's quarter of its printed 14
    MP (FRU: 4): start 1 + D5 1 + E5 1 = 3 MP, where the overrunning variant costs 7. Offered beside it. No
    OVR roll: at E5's entry the enemy may answer by CC Reaction Fire (D7.21); the squad stays in D5 with MF
    left to go on alone."""
    pos = board(make_position, unit("b-e", "4-6-7", "b", "E5"))
    with pytest.raises(IllegalAction, match=r"armored-assault:HEX\+through"):
        pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault+through")
    with pytest.raises(IllegalAction, match=r"overruns nothing"):
        board(make_position).push_text("move a-pz,a-sq C5-D5-E5 as armored-assault:D5+through")
    texts = [pos.action_text(a) for a in pos.legal_actions]
    assert "move a-pz,a-sq C5-D5-E5 cost 7 as armored-assault:D5" in texts
    assert "move a-pz,a-sq C5-D5-E5 cost 3 as armored-assault:D5+through" in texts
    pos.push_text("move a-pz,a-sq C5-D5-E5 as armored-assault:D5+through")
    seen = []
    while pos.decision is not None:
        top = pos.decision
        seen.append((top.then, pos.label(pos.units["a-pz"].hex), top.choices))
        pos.push_text("answer pass" if top.kind == "react" else "answer keep")
    assert ("move_on", "E5", ("ccreact",)) in seen and not any(then == "vovr" for then, _, _ in seen)
    assert pos.label(pos.units["a-pz"].hex) == "E5" and pos.label(pos.units["a-sq"].hex) == "D5"
    assert "b-e" in pos.units and any(m.startswith("mfleft") for m in pos.units["a-sq"].markers)
