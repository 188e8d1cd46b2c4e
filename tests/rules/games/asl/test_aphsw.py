"""ASL support weapons in the Advance Phase (A4.4, A4.42, A4.43, A4.431, A4.44, A4.52, A4.7, A4.72), from the
text's numbers: an MMC's IPC is 3 PP, an SMC's 1 and no SMC carries more than 2 PP (A4.42); a CX unit's IPC is
1 lower (A4.52) and stays so in the APh (A4.7); Difficult Terrain is an entry cost of at least the lesser of
4 MF and the unit's MF without Double Time, barred to a CX unit, and no MF left after portage bars any
advance (A4.72). Counters from the demo catalogue (demo values): a squad has 4 MF; LMG 1 PP, MMG 3, HMG 4,
Russian HMG 5."""

from __future__ import annotations

from typing import Any

import pytest
from hexmate.rules import actions as act
from hexmate.rules.errors import IllegalAction
from hexmate.rules.games.asl import units as au

COUNTERS: dict[str, Any] = {name: dict(v) for name, v in au.demo_catalogue().items()}
WOODS = {"C2": "woods", "E5": "woods"}  # 2 MF to enter (A4.72's "2-MF hex")


def _u(uid: str, hex_: str, counter: str, side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _pos(make_position: Any, units: list[dict[str, Any]]) -> Any:
    return make_position("asl", [*units, _u("b-1", "K8", "4-6-7", "b")], "APh", counters=COUNTERS,
                         hexes=WOODS)


def _offered(pos: Any) -> set[str]:
    return {a.text() for a in pos.legal_actions if isinstance(a, act.Transfer)}


def _allow(pos: Any, *ids: str) -> dict[str, int]:
    return pos.game.advance_mf(pos, [pos.units[u] for u in ids])


def test_a4_52_a_cx_unit_advances_on_its_lowered_ipc(make_position: Any) -> None:
    """A4.52 with A4.7: a squad carrying a HMG (4 PP) has 4 - (4 - 3) = 3 MF (A4.42's example); CX after its
    Double Time its IPC is 2, so 4 - (4 - 2) = 2 MF, and woods (2 MF, at least min(4, 2)) are Difficult
    Terrain to it: CX already, it may not advance there (A4.72), while the same squad not CX goes in (2 < 3)
    and is not made CX. With an 8-1 (+2 MF, +1 IPC, the A4.72 example) the CX squad has 4 + 2 - (4 - 3) =
    5."""
    pos = _pos(make_position, [_u("a-1", "C1", "4-6-7", markers=["cx"]),
                               _u("a-hmg", "C1", "HMG", carrier="a-1"),
                               _u("a-2", "B1", "4-6-7"), _u("a-hmg2", "B1", "HMG", carrier="a-2"),
                               _u("a-3", "E4", "4-6-7", markers=["cx"]),
                               _u("a-hmg3", "E4", "HMG", carrier="a-3"), _u("a-l", "E4", "8-1")])
    assert _allow(pos, "a-1") == {"a-1": 2} and _allow(pos, "a-2") == {"a-2": 3}
    with pytest.raises(IllegalAction, match=r"a-1 is CX and may not advance into Difficult Terrain") as e:
        pos.game.check(pos, pos.parse_action("advance a-1 C1-C2"))
    assert e.value.rule == "A4.72"
    assert _allow(pos, "a-3", "a-l")["a-3"] == 5
    pos.push_text("advance a-3,a-l E4-E5")  # 2 < min(4, 5): no Difficult Terrain, though CX
    pos.push_text("advance a-2 B1-C2")
    assert pos.label(pos.units["a-hmg2"].hex) == "C2" and not pos.units["a-2"].has("cx")


def test_a4_72_with_a4_52_no_mf_left_after_portage_no_advance(make_position: Any) -> None:
    """A4.72: two MMG (6 PP) leave a squad 4 - (6 - 3) = 1 MF, so even open ground (1 MF) is Difficult
    Terrain to it and it advances made CX; CX (IPC 2, A4.52) it has 4 - (6 - 2) = 0 MF and may not advance at
    all."""
    pos = _pos(make_position, [_u("a-1", "C4", "4-6-7"), _u("a-m1", "C4", "MMG", carrier="a-1"),
                               _u("a-m2", "C4", "MMG", carrier="a-1"),
                               _u("a-2", "C6", "4-6-7", markers=["cx"]),
                               _u("a-m3", "C6", "MMG", carrier="a-2"),
                               _u("a-m4", "C6", "MMG", carrier="a-2")])
    assert _allow(pos, "a-1") == {"a-1": 1} and _allow(pos, "a-2") == {"a-2": 0}
    with pytest.raises(IllegalAction, match=r"a-2 has no MF left after its portage") as e:
        pos.game.check(pos, pos.parse_action("advance a-2 C6-C7"))
    assert e.value.rule == "A4.72"
    assert not any(isinstance(a, act.Advance) and "a-2" in a.units for a in pos.legal_actions)
    pos.push_text("advance a-1 C4-C5")
    assert pos.units["a-1"].has("cx") and pos.label(pos.units["a-m2"].hex) == "C5"


def test_a4_42_an_smc_with_more_than_2_pp_does_not_advance(make_position: Any) -> None:
    """A4.42: an SMC carries no more than 2 PP: a leader possessing an MMG (3 PP) does not advance; once he
    drops it (A4.43: no MF, in the APh) he does, the MMG left where it was."""
    pos = _pos(make_position, [_u("a-l", "C4", "9-1"), _u("a-mmg", "C4", "MMG", carrier="a-l")])
    with pytest.raises(IllegalAction, match=r"an SMC carries no more than 2 PP") as e:
        pos.game.check(pos, pos.parse_action("advance a-l C4-C5"))
    assert e.value.rule == "A4.42"
    assert "drop a-mmg" in _offered(pos)
    pos.push_text("drop a-mmg")
    pos.push_text("advance a-l C4-C5")
    assert pos.label(pos.units["a-l"].hex) == "C5" and pos.label(pos.units["a-mmg"].hex) == "C4"


def test_a4_43_a_drop_before_advancing_frees_its_pp(make_position: Any) -> None:
    """A4.43 with the A4.72 example: a Russian squad carrying 5 PP has 2 MF and advances into a 2-MF hex made
    CX; one that drops its HMG at the start of the APh counts as never having carried it: 4 MF, not CX. The
    page offers the drop."""
    pos = _pos(make_position, [_u("r-1", "E4", "4-4-7r"), _u("r-hmg", "E4", "HMGr", carrier="r-1"),
                               _u("r-2", "B1", "4-4-7r"), _u("r-hmg2", "B1", "HMGr", carrier="r-2")])
    assert {"drop r-hmg", "drop r-hmg2"} <= _offered(pos)
    pos.push_text("drop r-hmg")
    assert pos.units["r-hmg"].carrier is None and _allow(pos, "r-1") == {"r-1": 4}
    pos.push_text("advance r-1 E4-E5")
    assert not pos.units["r-1"].has("cx") and pos.label(pos.units["r-hmg"].hex) == "E4"
    pos.push_text("advance r-2 B1-C2")
    assert pos.units["r-2"].has("cx")


def test_a4_43_a_drop_after_advancing_and_a4_44_no_recovery_in_the_aph(make_position: Any) -> None:
    """A4.43: a Good Order unit may drop its SW at any time of the APh: the squad advances with its LMG and
    drops it in the Location it entered. A4.44: recovery is an RPh or MPh act: the squad already there may not
    pick up a SW lying there, nor advance with it, and the page offers neither; the LMG a-1 carried is a-1's
carry of the phase (A4.4)."""
    pos = _pos(make_position, [_u("a-1", "C4", "4-6-7"), _u("a-lmg", "C4", "LMG", carrier="a-1"),
                               _u("a-2", "C5", "4-6-7"), _u("a-mmg", "C5", "MMG")])
    pos.push_text("advance a-1 C4-C5")
    assert "drop a-lmg" in _offered(pos)
    pos.push_text("drop a-lmg")
    assert pos.units["a-lmg"].carrier is None and pos.label(pos.units["a-lmg"].hex) == "C5"
    with pytest.raises(IllegalAction, match=r"recovered in the RPh \(or for 1 MF in the MPh\)") as e:
        pos.game.check(pos, pos.parse_action("transfer a-mmg to a-2"))
    assert e.value.rule == "A4.44"
    with pytest.raises(IllegalAction, match=r"carried by a-1 this phase") as e:  # and carried once (A4.4)
        pos.game.check(pos, pos.parse_action("transfer a-lmg to a-2"))
    assert e.value.rule == "A4.4"
    with pytest.raises(IllegalAction, match=r"a-mmg is possessed by no unit") as e:
        pos.game.check(pos, pos.parse_action("advance a-2,a-mmg C5-C6"))
    assert e.value.rule == "A4.44"
    assert _offered(pos) == set()


def test_a4_431_transfers_only_at_the_start_of_the_aph(make_position: Any) -> None:
    """A4.431: possession changes between Good Order, unpinned units of one Location at the start of the APh:
    offered and played before any advance (a-1's LMG to a-2), refused to a pinned unit, and refused and no
    longer offered once a unit has advanced."""
    pos = _pos(make_position, [_u("a-1", "C4", "4-6-7"), _u("a-lmg", "C4", "LMG", carrier="a-1"),
                               _u("a-2", "C4", "4-6-7"), _u("a-3", "C4", "4-6-7", markers=["pinned"]),
                               _u("a-4", "G4", "4-6-7"), _u("a-mmg", "G4", "MMG", carrier="a-4"),
                               _u("a-5", "G4", "4-6-7")])
    assert {"transfer a-lmg to a-2", "transfer a-mmg to a-5"} <= _offered(pos)
    assert "transfer a-lmg to a-3" not in _offered(pos)
    with pytest.raises(IllegalAction, match=r"a-3 must be Good Order and not pinned"):
        pos.game.check(pos, pos.parse_action("transfer a-lmg to a-3"))
    pos.push_text("transfer a-lmg to a-2")
    assert pos.units["a-lmg"].carrier == "a-2"
    pos.push_text("advance a-2 C4-C5")
    assert pos.label(pos.units["a-lmg"].hex) == "C5"
    with pytest.raises(IllegalAction, match=r"only in the RPh or at the start of the APh") as e:
        pos.game.check(pos, pos.parse_action("transfer a-mmg to a-5"))
    assert e.value.rule == "A4.431"
    assert _offered(pos) == {"drop a-lmg", "drop a-mmg"}


def test_a4_4_a_sw_advanced_with_is_carried_by_no_other_unit_that_aph(make_position: Any) -> None:
    """A4.4: a SW is carried only once a phase: a-1 advances with its LMG into a-2's Location; it is not given
    to a-2 in that APh (refused on A4.4, not offered), nor, once a-1 drops it there, does a-2 advance with it.
    The mark goes with the APh."""
    pos = _pos(make_position, [_u("a-1", "C4", "4-6-7"), _u("a-lmg", "C4", "LMG", carrier="a-1"),
                               _u("a-2", "C5", "4-6-7")])
    pos.push_text("advance a-1 C4-C5")
    once = r"a-lmg was carried by a-1 this phase: a SW is carried only once"
    with pytest.raises(IllegalAction, match=once) as e:
        pos.game.check(pos, pos.parse_action("transfer a-lmg to a-2"))
    assert e.value.rule == "A4.4"
    assert "transfer a-lmg to a-2" not in _offered(pos)
    pos.push_text("drop a-lmg")  # A4.43: a-1 may drop it there; a-2 still may not carry it on
    with pytest.raises(IllegalAction, match=r"carried by a-1 this phase") as e:
        pos.game.check(pos, pos.parse_action("advance a-2,a-lmg C5-C6"))
    assert e.value.rule == "A4.4"
    assert "transfer a-lmg to a-2" not in _offered(pos)
    pos.push_text("end")
    assert pos.phase.id != "APh" and not any(m.startswith("swcarried:") for m in pos.units["a-lmg"].markers)
