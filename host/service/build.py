"""Assemble a running service from its parts: board definition, scenario, calibration, registry, tracker,
link (serial port or emulated table) and record. Used by ``hexmate demo``/``run``, the e2e tests and bench."""

from __future__ import annotations

import importlib.resources
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hexmate.host.game import GameSession, SessionError
from hexmate.host.link.emulated import EmulatedTable
from hexmate.host.link.serial import SerialLink
from hexmate.host.record import Record, RecordError
from hexmate.host.service.core import Service
from hexmate.host.table.registry import Registry

LOGGER = logging.getLogger(__name__)

DEMO_BOARD = "emu-346"
DEMO_GAME = "asl"


def demo_scenario() -> Path:
    return Path(str(importlib.resources.files("hexmate.rules") / "games" / "asl" / "scenarios" / "demo.json"))


def load_registry(path: Path | None) -> Registry:
    """The registry file at ``path`` if it exists, else the demo registry (enrolments then go to ``path``)."""
    from hexmate.host.table.registry import load_demo

    if path is not None and path.exists():
        return Registry.load(path)
    return load_demo()


async def build_service(
    *,
    emulated: bool,
    record_path: Callable[[str], Path] | None = None,
    port: str | None = None,
    board: str = DEMO_BOARD,
    scenario: str | Path | None = None,
    game: str = DEMO_GAME,
    connection_options: Mapping[str, Any] | None = None,
    set_up: bool = True,
    setup_mode: bool = False,
    registry_path: Path | None = None,
) -> tuple[Service, EmulatedTable | None]:
    """Build (and for an emulated table, start) everything; the caller runs ``service.run()``.

    With ``set_up`` the emulated table starts with every scenario unit's counter on its hex, as the players
    would set up the board before play. ``setup_mode`` starts the tracker in set-up mode instead (the
    emulated table starts empty): the players put the scenario's setup position on the board.
    ``registry_path``: the tag registry file; read if it exists (else the demo registry is the start), and
    rewritten whole when a tag is enrolled on the page.
    """
    from hexmate.host.table.calibration import Calibration, CalibrationError
    from hexmate.host.table.registry import RegistryError
    from hexmate.host.table.tracker import Tracker

    scenario_path = Path(scenario) if scenario is not None else demo_scenario()
    session = GameSession.load(game, scenario_path)
    from hexmate.hardware.boards import BoardError, load_board

    try:
        board_def = load_board(board)
    except BoardError as e:
        raise SessionError(str(e)) from None
    try:
        calibration = Calibration.default_for(board_def, session.map)
        registry = load_registry(registry_path)
    except (CalibrationError, RegistryError) as e:
        raise SessionError(str(e)) from None
    tracker = Tracker(calibration, registry, session)
    table: EmulatedTable | None = None
    if emulated:
        table = EmulatedTable(board)
        if set_up and not setup_mode:
            for unit_id, h in session.expected().items():
                uid = registry.uid_of_unit(unit_id)
                cell = calibration.cell_of(h)
                if uid is not None and cell is not None:
                    table.cells.setdefault(cell, []).append(uid)
        await table.start()
        link = SerialLink(table.port_path)
    else:
        if port is None:
            raise SessionError("no serial port given (use --port /dev/ttyACM0)")
        link = SerialLink(port)
    record = None
    if record_path is not None:
        try:
            record = Record.create(record_path(scenario_path.stem), {
                "game": game, "scenario": str(scenario_path.name), "board": board_def.name,
                "scenario_path": str(scenario_path.resolve()),
                "position": str(session.position),
            })
        except RecordError:
            if table is not None:
                await table.stop()
            raise
    service = Service(link, board=board_def, session=session, tracker=tracker, registry=registry,
                      record=record, table=table, connection_options=connection_options,
                      registry_path=registry_path, setup=setup_mode)
    return service, table
