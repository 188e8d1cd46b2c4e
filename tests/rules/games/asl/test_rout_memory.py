"""A10.51's memory along a rout nothing interrupts: once in the LOS of an armed Known enemy (broken or not),
the router may not get closer to it for the rest of the RtPh, though it saw it only from a Location it passed
through (rules/games/asl/rout.py). A17.2 with A10.5: a wounded SMC routs on 3 MF. Counters: conftest's."""

from __future__ import annotations

import itertools
from typing import Any

from hexmate.rules.games.asl import rout
from hexmate.rules.games.asl.locations import Location
from hexmate.rules.hexes import distance

from tests.rules.games.conftest import ASL_COUNTERS


def _u(uid: str, hex_: str, counter: str = "4-6-7", side: str = "a", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "counter": counter, "side": side, "hex": hex_, **extra}


def _pos(make_position: Any, hidden: tuple[str, ...] = ("pinned",), router: str = "4-6-7",
         markers: tuple[str, ...] = ("broken",)) -> Any:
    """A broken German at E4 (Open Ground) must rout from the Russian 4-4-7 at C4 (Known, in LOS, 2 hexes:
    pinned, so it interdicts no one, A10.532). A second Russian 4-4-7 at H2 is hidden from E4 by the stone
    building at F3, but seen from F4 (3 hexes from it) and from every hex of the open ground to the east."""
    units = [_u("a-1", "E4", router, markers=list(markers)),
             _u("b-1", "C4", "4-4-7", "b", markers=["pinned"]),
             _u("b-3", "H2", "4-4-7", "b", markers=list(hidden))]
    return make_position("asl", units, "AFPh", counters=ASL_COUNTERS, hexes={"F3": "stone-building"},
                         first_side="a")


def _sees(pos: Any, label: str) -> bool:
    return bool(rout._in_sight(pos, Location(pos.map.parse_label(label)), [pos.units["b-3"]]))


def test_a10_51_an_enemy_seen_on_the_way_may_not_be_approached_after(make_position: Any) -> None:
    """From E4 the router does not see H2 (3 hexes); from F4 it does (3 hexes). J2 (2 hexes from H2) was
    reached by E4-F4-G4-..., G4 being 2 hexes from H2: a step closer to an enemy already seen, which A10.51
    bars even once the router is out of its LOS; every other way to J2, I1 or K3 goes closer to H2 after
    seeing it, so none of them is lit."""
    pos = _pos(make_position)
    assert not _sees(pos, "E4") and _sees(pos, "F4")
    lit = {pos.label(h) for h in rout.destinations(pos, pos.units["a-1"])}
    assert lit and not lit & {"J2", "I1", "K3"}
    assert "J3" in lit  # 2 hexes from H2 too, but reached without closing on it once seen


def test_a10_51_every_route_keeps_its_distance_from_the_enemies_seen(make_position: Any) -> None:
    """The route the table takes to each lit hex: after the first Location from which H2 is in its LOS, no
    step of it brings the router closer to H2 (A10.51)."""
    pos = _pos(make_position)
    unit, h2 = pos.units["a-1"], pos.units["b-3"].hex
    for end in rout.destinations(pos, unit):
        path = rout.path_to(pos, unit, end)
        seen = False
        for a, b in itertools.pairwise(path):
            seen = seen or _sees(pos, pos.label(a))
            assert not seen or distance(b, h2) >= distance(a, h2), [pos.label(h) for h in path]


def test_a10_51_a_broken_enemy_counts_too(make_position: Any) -> None:
    """A10.51: "even if that enemy unit is broken": a broken 4-4-7 at H2 binds the route as a Good Order one
    does (it does not make the router rout, nor bar its end beside it: A10.5's are unbroken enemies)."""
    pos = _pos(make_position, hidden=("broken",))
    lit = {pos.label(h) for h in rout.destinations(pos, pos.units["a-1"])}
    assert lit and not lit & {"J2", "I1", "K3"}


def test_a10_51_the_walk_follows_a_legal_route(make_position: Any) -> None:
    """Placed on J3, the router may not take the cheapest way E4-F4-G4-H4-I4-J3 (5 MF): F4 sees H2 at 3
    hexes, G4 is 2. It goes through the building instead, E4-F3-G4-H4-I4-J3 (2 + 4 = 6 MF: F3 is 2 hexes
    from H2, G4 too), and ends in J3 (no "?" anywhere, no Interdiction: both Russians are pinned)."""
    pos = _pos(make_position)
    route = [pos.label(h) for h in rout.path_to(pos, pos.units["a-1"], pos.map.parse_label("J3"))]
    assert route == ["E4", "F3", "G4", "H4", "I4", "J3"]
    pos.push_text("end")
    assert pos.decision is not None and pos.decision.then == "rout"
    pos.push_text("answer hex J3")
    assert pos.label(pos.units["a-1"].hex) == "J3" and pos.decision is None


def test_a17_2_a_wounded_smc_routs_on_3_mf(make_position: Any) -> None:
    """A10.5, A17.2: every broken unit routs on 6 MF but a wounded SMC, which has 3, in the RtPh too: a
    broken wounded 8-0 at E4 reaches 3 Open Ground hexes at most, a broken 4-6-7 there 6."""
    wounded = _pos(make_position, router="8-0", markers=("broken", "wounded"))
    squad = _pos(make_position)
    e4 = wounded.map.parse_label("E4")
    far_w = max(distance(h, e4) for h in rout.destinations(wounded, wounded.units["a-1"]))
    far_s = max(distance(h, e4) for h in rout.destinations(squad, squad.units["a-1"]))
    assert (rout.rout_mf(wounded.units["a-1"]), far_w) == (3, 3)
    assert (rout.rout_mf(squad.units["a-1"]), far_s) == (6, 6)
