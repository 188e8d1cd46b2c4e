"""Every game's demo table: ``build_service(emulated=True, game=G)`` starts on the board that carries G's
demo map, with every unit of the demo scenario tagged and lying on its hex; the first snapshot shows them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import pytest
from hexmate.host.game import SessionError
from hexmate.host.protocol import ConnState
from hexmate.host.service.build import DEMO_BOARDS, build_service, demo_board, demo_scenario

GAMES = ["asl", "pg", "fireteam", "sw"]


async def until(cond: Callable[[], bool], what: str, timeout: float = 15.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if cond():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.parametrize("game", GAMES)
async def test_the_demo_table_starts_with_every_unit_on_its_hex(game: str) -> None:
    service, table = await build_service(emulated=True, game=game)
    assert table is not None and table.board == DEMO_BOARDS[game]
    expected = service.session.expected()
    assert expected  # the scenario has units on the map
    runner = asyncio.create_task(service.run())
    try:
        await until(lambda: service.conn.state is ConnState.LIVE and service.snapshots >= 1, "a snapshot")
        where = {uid: cell for cell, uids in service.occupants.items() for uid in uids}
        on_hex: dict[str, object] = {}
        for unit in expected:
            uid = service.registry.uid_of_unit(unit)
            assert uid is not None, f"{game}: unit {unit} has no demo tag"
            assert uid in where, f"{game}: unit {unit} ({uid}) is not on the board"
            on_hex[unit] = service.tracker.calibration.hex_of(where[uid])
        assert on_hex == dict(expected)
        assert len(where) == len(expected)  # nothing else lies on the board
    finally:
        service.stop()
        with contextlib.suppress(Exception):
            await runner
        await table.stop()


def test_each_game_has_its_demo_scenario_and_board() -> None:
    assert {g: demo_scenario(g).parent.parent.name for g in GAMES} == {g: g for g in GAMES}
    assert demo_board("sw") == "emu-sw-1408" and demo_board("pg") == "emu-346"
    with pytest.raises(SessionError, match=r"no demo for game 'chess' \(games: asl, pg, fireteam, sw\)"):
        demo_scenario("chess")


def test_the_sw_demo_board_covers_every_hex_of_the_sw_demo_map() -> None:
    from hexmate.hardware.boards import load_board
    from hexmate.host.table.calibration import Calibration
    from hexmate.rules.maps import load_map

    game_map = load_map(demo_scenario("sw").parents[3] / "maps" / "demo-sw.json")
    calibration = Calibration.default_for(load_board(demo_board("sw")), game_map)
    assert set(calibration.cell_to_hex.values()) == set(game_map.hexes)
